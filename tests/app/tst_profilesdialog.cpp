// SPDX-License-Identifier: MIT
// The "Model providers" dialog (app/profilesdialog.h) under the offscreen
// platform: profiles are edited, saved without their keys and read back;
// "Test connection" against a scripted OpenAI-compatible server on loopback
// says the connection works, and against a closed port says in words what
// failed.

#include "app/profilesdialog.h"
#include "host/providers/connectiontest.h"
#include "scriptedserver.h"

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
    QCoro::Task<host::providers::KeyLookup> lookup(const host::providers::ProviderProfile &) override { co_return {}; }
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
            QCOMPARE(dialog.list()->count(), 1);  // a first profile to fill in
            dialog.nameEdit()->setText(QStringLiteral("hosted"));
            dialog.kindBox()->setCurrentIndex(1);  // Anthropic
            dialog.baseUrlEdit()->setText(QStringLiteral("https://api.anthropic.com"));
            dialog.modelEdit()->setText(QStringLiteral("claude-test"));
            dialog.keyEdit()->setText(QStringLiteral("sk-ant-secret-42"));
            dialog.addProfile();
            QCOMPARE(dialog.list()->count(), 2);
            dialog.modelEdit()->setText(QStringLiteral("llama3.1"));
            dialog.keyEnvEdit()->setText(QStringLiteral("LOCAL_KEY"));
            dialog.saveProfiles();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QCOMPARE(dialog.typedKeys().at(QStringLiteral("hosted")), QStringLiteral("sk-ant-secret-42"));
        }
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray text = raw.readAll();
        QVERIFY(!text.contains("sk-ant-secret-42"));  // the key never reaches the settings
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
        server.enqueue(tp::openai::toolCalls(
            nlohmann::json::array({tp::openai::toolCall("call_1", host::providers::kConnectionTestTool, "{\"ready\":true}")})));
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
        closed.close();  // nothing listens there now
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
        QVERIFY2(text.startsWith(QStringLiteral("The connection does not work:")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Nothing accepts connections at 127.0.0.1:%1").arg(port)), qPrintable(text));
    }
};

QTEST_MAIN(TestProfilesDialog)
#include "tst_profilesdialog.moc"
