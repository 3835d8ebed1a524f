// SPDX-License-Identifier: MIT
// The "Model providers" dialog (app/profilesdialog.h) under the offscreen
// platform: profiles are edited, saved without their keys and read back;
// "Test connection" against a scripted OpenAI-compatible server on loopback
// says the connection works, and against a closed port says in words what
// failed. CTest points the session bus nowhere (no keychain service, as on
// CI): a connection test that asks the keychain, then model seats whose keys
// the host thread looks up, must not crash the app.

#include "app/guihost.h"
#include "app/newmatchdialog.h"
#include "app/profilesdialog.h"
#include "host/providers/connectiontest.h"
#include "host/providers/keychain.h"
#include "scriptedserver.h"
#include "ui/hostlink.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::app;
namespace tp = townhall::test::providers;

namespace {
/// Keys from nowhere: the dialog's typed key is what counts.
class NoKeys final : public host::providers::KeySource
{
public:
    QCoro::Task<host::providers::KeyLookup>
    lookup(const host::providers::ProviderProfile &) override
    {
        co_return {};
    }
};
/// A keychain that is not there, saying so as the host's does.
class NoKeychain final : public host::providers::KeySource
{
public:
    QCoro::Task<host::providers::KeyLookup>
    lookup(const host::providers::ProviderProfile &p) override
    {
        host::providers::KeyLookup out;
        out.problem
            = p.apiKeyEnv.isEmpty()
                  ? QStringLiteral(
                      "no system keychain is available (x); put the key in an environment "
                      "variable and name it in the profile's apiKeyEnv")
                  : QStringLiteral("the environment variable %1 is not set").arg(p.apiKeyEnv);
        co_return out;
    }
};
} // namespace

class TestProfilesDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editSaveAndReadBackWithoutTheKey()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("settings.ini"));
        {
            QSettings settings(file, QSettings::IniFormat);
            ProfileStore store(settings);
            ProfilesDialog dialog(store, std::make_shared<NoKeys>());
            QCOMPARE(dialog.list()->count(), 1); // a first profile to fill in
            dialog.nameEdit()->setText(QStringLiteral("hosted"));
            dialog.kindBox()->setCurrentIndex(1); // Anthropic
            dialog.baseUrlEdit()->setText(QStringLiteral("https://api.anthropic.com"));
            dialog.modelEdit()->setText(QStringLiteral("claude-test"));
            dialog.keyEdit()->setText(QStringLiteral("sk-ant-secret-42"));
            dialog.addProfile();
            QCOMPARE(dialog.list()->count(), 2);
            dialog.modelEdit()->setText(QStringLiteral("llama3.1"));
            dialog.keyEnvEdit()->setText(QStringLiteral("LOCAL_KEY"));
            dialog.saveProfiles();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QCOMPARE(dialog.typedKeys().at(QStringLiteral("hosted")),
                     QStringLiteral("sk-ant-secret-42"));
        }
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray text = raw.readAll();
        QVERIFY(!text.contains("sk-ant-secret-42")); // the key never reaches the settings
        QSettings settings(file, QSettings::IniFormat);
        QStringList problems;
        const auto back = ProfileStore(settings).load(&problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(back.size(), std::size_t(2));
        QCOMPARE(back[0].name, QStringLiteral("hosted"));
        QCOMPARE(back[0].kind, host::providers::ProviderKind::Anthropic);
        QCOMPARE(back[0].model, QStringLiteral("claude-test"));
        QVERIFY(back[0].apiKey.isEmpty());
        QCOMPARE(back[1].model, QStringLiteral("llama3.1"));
        QCOMPARE(back[1].apiKeyEnv, QStringLiteral("LOCAL_KEY"));
    }

    void testConnectionSaysItWorks()
    {
        tp::ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.enqueue(tp::openai::toolCalls(nlohmann::json::array({tp::openai::toolCall(
            "call_1", host::providers::kConnectionTestTool, "{\"ready\":true}")})));
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ProfileStore store(settings);
        ProfilesDialog dialog(store, std::make_shared<NoKeys>());
        dialog.baseUrlEdit()->setText(server.baseUrl());
        dialog.modelEdit()->setText(QStringLiteral("test-model"));
        dialog.keyEdit()->setText(QStringLiteral("sk-typed"));
        QSignalSpy done(&dialog, &ProfilesDialog::connectionTested);
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QCOMPARE(done.at(0).at(0).toBool(), true);
        QVERIFY2(dialog.testResult()->text().startsWith(QStringLiteral("The connection works.")),
                 qPrintable(dialog.testResult()->text()));
        QCOMPARE(server.lastRequest().header("authorization"), QByteArray("Bearer sk-typed"));
    }

    void testConnectionSaysWhatFailed()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close(); // nothing listens there now
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ProfileStore store(settings);
        ProfilesDialog dialog(store, std::make_shared<NoKeys>());
        dialog.baseUrlEdit()->setText(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
        dialog.modelEdit()->setText(QStringLiteral("m"));
        QSignalSpy done(&dialog, &ProfilesDialog::connectionTested);
        QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
        QVERIFY(done.wait(10000));
        QCOMPARE(done.at(0).at(0).toBool(), false);
        const QString text = dialog.testResult()->text();
        QVERIFY2(text.startsWith(QStringLiteral("The connection does not work:")),
                 qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("Nothing accepts connections at 127.0.0.1:%1").arg(port)),
            qPrintable(text));
        // Only what was tried: no lines for the checks a refused connection skipped.
        for (const QString &line : text.split(QLatin1Char('\n')))
            QVERIFY2(!line.startsWith(QStringLiteral("–")), qPrintable(text));
    }

    void keyProblemsInTheDialogsWords_data()
    {
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<QString>("keyEnv");
        QTest::addColumn<bool>("problem");
        QTest::newRow("Ollama here")
            << QStringLiteral("http://127.0.0.1:11434/v1") << QString() << false;
        QTest::newRow("localhost")
            << QStringLiteral("http://localhost:8080/v1") << QString() << false;
        QTest::newRow("llama.cpp on the LAN")
            << QStringLiteral("http://192.168.1.20:8080/v1") << QString() << false;
        QTest::newRow("a hosted API")
            << QStringLiteral("https://api.openai.com/v1") << QString() << true;
        QTest::newRow("a key variable")
            << QStringLiteral("http://127.0.0.1:11434/v1") << QStringLiteral("K") << true;
    }

    /// Issue 29 #17: a keychain that cannot be read is said in the dialog's
    /// words ("API key", "Key variable"), and not at all for a local
    /// server that names no key.
    void keyProblemsInTheDialogsWords()
    {
        QFETCH(QString, baseUrl);
        QFETCH(QString, keyEnv);
        QFETCH(bool, problem);
        ProviderProfile p;
        p.name = QStringLiteral("mine");
        p.baseUrl = baseUrl;
        p.apiKeyEnv = keyEnv;
        AppKeySource keys(std::make_shared<NoKeychain>());
        const host::providers::KeyLookup found = QCoro::waitFor(keys.lookup(p));
        QCOMPARE(!found.problem.isEmpty(), problem);
        if (problem && keyEnv.isEmpty()) {
            QVERIFY2(found.problem.contains(QStringLiteral("\"Key variable\"")),
                     qPrintable(found.problem));
            QVERIFY2(found.problem.contains(QStringLiteral("\"API key\"")),
                     qPrintable(found.problem));
            QVERIFY2(!found.problem.contains(QStringLiteral("apiKeyEnv")),
                     qPrintable(found.problem));
        }
    }

    /// Issue 29 #1: Models → Model providers… → Test connection → Close, then
    /// New match with three model seats crashed the app in QtKeychain when no
    /// keychain service runs: the test's keychain job made QtKeychain's
    /// executor an object of the UI thread, the host thread's jobs then
    /// reported to it across threads, and it touched them after they were
    /// gone. Every job now runs in the main thread and outlives its report.
    void keychainJobsAcrossThreadsDoNotCrash()
    {
        tp::ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.enqueue(tp::openai::toolCalls(nlohmann::json::array({tp::openai::toolCall(
            "call_1", host::providers::kConnectionTestTool, "{\"ready\":true}")})));
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ProfileStore store(settings);
        {
            // No key typed, none named: the test asks the real keychain, as the app does.
            ProfilesDialog dialog(
                store,
                std::make_shared<AppKeySource>(
                    std::make_shared<host::providers::KeychainKeySource>(std::chrono::seconds(3))));
            dialog.nameEdit()->setText(QStringLiteral("local"));
            dialog.baseUrlEdit()->setText(server.baseUrl());
            dialog.modelEdit()->setText(QStringLiteral("test-model"));
            QSignalSpy done(&dialog, &ProfilesDialog::connectionTested);
            QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
            QVERIFY(done.wait(20'000));
            // A local server needs no key: no word about a keychain (issue 29 #17).
            const QString text = dialog.testResult()->text();
            QVERIFY2(text.startsWith(QStringLiteral("The connection works.")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("keychain"))
                         && !text.contains(QStringLiteral("apiKeyEnv")),
                     qPrintable(text));
            dialog.saveProfiles();
        } // Close

        app::GuiHostOptions o;
        o.host.dbPath = QStringLiteral(":memory:");
        o.host.rateLimits = false;
        o.port = 0;
        ui::HostLink link;
        GuiHost gui(o, &link);
        QSignalSpy started(&gui, &GuiHost::started);
        gui.start();
        QVERIFY(started.wait(20'000));
        NewMatchDialog newMatch(store, settings);
        for (int seat : {0, 2, 4}) {
            newMatch.setKind(seat, NewMatchDialog::SeatKind::Model);
            newMatch.profileBox(seat)->setCurrentIndex(
                newMatch.profileBox(seat)->findData(QStringLiteral("local")));
        }
        newMatch.setKind(7, NewMatchDialog::SeatKind::Open); // no match starts: the seats only wait
        QVERIFY2(newMatch.isValid(), qPrintable(newMatch.problems().join(QLatin1Char('\n'))));
        QSignalSpy notices(&link, &ui::HostLink::notice);
        gui.queuePlan(
            newMatch.plan(),
            std::make_shared<AppKeySource>(
                std::make_shared<host::providers::KeychainKeySource>(std::chrono::seconds(3))));
        QTRY_VERIFY_WITH_TIMEOUT(
            !notices.isEmpty()
                && notices.last().at(0).toString().contains(QStringLiteral("Queued 7")),
            30'000);
        // What the jobs still report arrives in this thread's event loop:
        // let it run, then ask the keychain from here once more.
        QCoreApplication::processEvents();
        host::providers::ProviderProfile p;
        p.name = QStringLiteral("local");
        const auto again
            = QCoro::waitFor(host::providers::KeychainKeySource(std::chrono::seconds(3)).lookup(p));
        QVERIFY(again.key.isEmpty());
        gui.stop();
    }
};

QTEST_MAIN(TestProfilesDialog)
#include "tst_profilesdialog.moc"
