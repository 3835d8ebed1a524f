// SPDX-License-Identifier: MIT
// Tournament → New tournament… (ui/tournamentdialog.h): the form writes the
// tournament file of tournament/spec.h, checks it with parseSpec on every
// change, and saves and loads it without losing anything.

#include "ui/tournamentdialog.h"

#include "tournament/spec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::ui;
using json = nlohmann::json;
using Kind = TournamentDialog::Kind;

namespace {

const json providers
    = {{"local",
        {{"kind", "openai"}, {"baseUrl", "http://localhost:11434/v1"}, {"model", "qwen3:8b"}}},
       {"other", {{"kind", "openai"}, {"baseUrl", "http://10.0.0.2/v1"}}}};

QStringList providerNames()
{
    return {QStringLiteral("local"), QStringLiteral("other")};
}

void setCell(TournamentDialog &d, int row, int column, const QString &text)
{
    d.participantsTable()->item(row, column)->setText(text);
}

} // namespace

class TestTournamentDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultIsMyAgentAgainstTheBots()
    {
        TournamentDialog d(providerNames(), providers);
        const json j = d.spec();
        QVERIFY(j["rules"] == "classic");
        QVERIFY(j["matches"] == 96);
        QCOMPARE(d.parallel(), 1);
        QVERIFY(j["parallel"] == 1);
        QCOMPARE(j["participants"].size(), std::size_t(2));
        QVERIFY(j["participants"][0]["agent"] == "");
        QVERIFY(j["participants"][1]["bot"] == true);
        QVERIFY(j["participants"][1]["seats"] == "rest");
        QVERIFY(!j.contains("providers")); // no model row uses one
        // The agent's name is the user's to fill: until then Start waits and says why.
        QVERIFY(!d.startButton()->isEnabled());
        QCOMPARE(d.errors().size(), 1);
        QVERIFY(d.errorLabel()->text().contains(QStringLiteral("participants[0].agent")));

        setCell(d, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        QVERIFY(d.errors().isEmpty());
        QVERIFY(d.startButton()->isEnabled());
        QVERIFY(d.errorLabel()->isHidden());
        const tournament::SpecParse parsed = tournament::parseSpec(d.spec());
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.spec->participants[1].seats, 7); // classic: 8 seats, the bots take the rest
    }

    void everyKindWritesTheDocumentedEntry()
    {
        TournamentDialog d(providerNames(), providers);
        d.rulesBox()->setCurrentIndex(d.rulesBox()->findData(QStringLiteral("classic")));
        d.nameEdit()->setText(QStringLiteral("mine against the bots"));
        d.matchesBox()->setValue(200);
        d.seedBox()->setValue(7);
        d.failureBox()->setCurrentIndex(d.failureBox()->findData(QStringLiteral("forfeit")));
        d.parallelBox()->setValue(4);
        d.removeParticipant(0);
        d.removeParticipant(0);
        d.addParticipant(
            Kind::Agent, QStringLiteral("mine"), QStringLiteral("1"), QStringLiteral("my-agent"));
        d.addParticipant(
            Kind::Model, QStringLiteral("qwen"), QStringLiteral("1"), QStringLiteral("local"));
        d.addParticipant(Kind::Model,
                         QStringLiteral("llama"),
                         QStringLiteral("1"),
                         QStringLiteral("local"),
                         QStringLiteral("llama3.2"));
        d.addParticipant(Kind::Push,
                         QStringLiteral("pushy"),
                         QStringLiteral("1"),
                         QStringLiteral("http://127.0.0.1:9000/"),
                         QStringLiteral("8000"));
        d.addParticipant(Kind::Bot, QStringLiteral("bots"), QStringLiteral("rest"));

        const json expected
            = {{"name", "mine against the bots"},
               {"rules", "classic"},
               {"matches", 200},
               {"seed", 7},
               {"mirror", true},
               {"failure", "forfeit"},
               {"parallel", 4},
               {"providers", {{"local", providers["local"]}}},
               {"participants",
                {{{"id", "mine"}, {"agent", "my-agent"}, {"seats", 1}},
                 {{"id", "qwen"}, {"provider", "local"}, {"seats", 1}},
                 {{"id", "llama"}, {"provider", "local"}, {"model", "llama3.2"}, {"seats", 1}},
                 {{"id", "pushy"},
                  {"push", {{"url", "http://127.0.0.1:9000/"}, {"deadlineMs", 8000}}},
                  {"seats", 1}},
                 {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
        if (d.spec() != expected)
            qWarning("%s", d.spec().dump().c_str());
        QVERIFY(d.spec() == expected);
        QVERIFY(d.startButton()->isEnabled());
        QCOMPARE(d.parallel(), 4);
        QVERIFY(tournament::parseSpec(d.spec()).ok());

        // Changing a row's kind in its combo box changes what the row writes.
        d.kindBox(1)->setCurrentIndex(int(Kind::Bot));
        QVERIFY(d.spec()["participants"][1] == json({{"id", "qwen"}, {"bot", true}, {"seats", 1}}));
        QVERIFY(!d.spec().contains("providers") || !d.spec()["providers"].contains("other"));
    }

    // "Me": the app's user plays a seat of every match ("human": true), and a
    // file with a person loads as that kind.
    void aPersonRowIsMe()
    {
        TournamentDialog d(providerNames(), providers);
        d.removeParticipant(0);
        const int row = d.addParticipant(Kind::Person, QStringLiteral("me"), QStringLiteral("1"));
        QVERIFY(!(d.participantsTable()->item(row, TournamentDialog::TargetColumn)->flags()
                  & Qt::ItemIsEditable));
        const json j = d.spec();
        QVERIFY(j["participants"][1] == json({{"id", "me"}, {"human", true}, {"seats", 1}}));
        const tournament::SpecParse parsed = tournament::parseSpec(j);
        QVERIFY(parsed.ok());
        QVERIFY(parsed.spec->participants[1].kind == tournament::ParticipantKind::Human);
        QVERIFY(d.startButton()->isEnabled());

        TournamentDialog again(providerNames(), providers);
        QCOMPARE(again.setSpec(j), QString());
        QCOMPARE(again.kindBox(1)->currentData().toInt(), int(Kind::Person));
        QVERIFY(again.spec()["participants"] == j["participants"]);
    }

    void brokenRowsDisableStart_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("seats over the table")
            << int(TournamentDialog::SeatsColumn) << QStringLiteral("8")
            << QStringLiteral("nothing is left");
        QTest::newRow("seats not a number")
            << int(TournamentDialog::SeatsColumn) << QStringLiteral("two")
            << QStringLiteral("participants[0].seats");
        QTest::newRow("empty agent name") << int(TournamentDialog::TargetColumn) << QString()
                                          << QStringLiteral("participants[0].agent");
        QTest::newRow("bad id") << int(TournamentDialog::IdColumn) << QStringLiteral("my agent!")
                                << QStringLiteral("participants[0].id");
    }

    void brokenRowsDisableStart()
    {
        QFETCH(int, column);
        QFETCH(QString, value);
        QFETCH(QString, error);
        TournamentDialog d(providerNames(), providers);
        setCell(d, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        QVERIFY(d.startButton()->isEnabled());
        setCell(d, 0, column, value);
        QVERIFY(!d.startButton()->isEnabled());
        QVERIFY2(d.errorLabel()->text().contains(error), qPrintable(d.errorLabel()->text()));
        QVERIFY(!d.errorLabel()->isHidden());
    }

    void seatsThatDoNotAddUp()
    {
        TournamentDialog d(providerNames(), providers);
        setCell(d, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        setCell(d, 1, TournamentDialog::SeatsColumn, QStringLiteral("3")); // 1 + 3 of 8
        QVERIFY(!d.startButton()->isEnabled());
        QVERIFY(d.errorLabel()->text().contains(QStringLiteral("add up to 4")));
        setCell(d, 1, TournamentDialog::SeatsColumn, QStringLiteral("7"));
        QVERIFY(d.startButton()->isEnabled());
    }

    void pushDeadlineMustBeANumber()
    {
        TournamentDialog d(providerNames(), providers);
        setCell(d, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        const int row = d.addParticipant(Kind::Push,
                                         QStringLiteral("pushy"),
                                         QStringLiteral("1"),
                                         QStringLiteral("http://127.0.0.1:9000/"),
                                         QStringLiteral("soon"));
        QVERIFY(!d.startButton()->isEnabled());
        QVERIFY(d.errorLabel()->text().contains(QStringLiteral("deadlineMs")));
        setCell(d, row, TournamentDialog::DetailColumn, QStringLiteral("5000"));
        QVERIFY(d.startButton()->isEnabled());
    }

    /// Issue 29 #22: the dialog opens with a hint for what Start waits for,
    /// not an error; a problem the user makes is shown as one.
    void opensWithAHintNotAnError()
    {
        TournamentDialog d(providerNames(), providers);
        QVERIFY(d.errorLabel()->text().startsWith(QStringLiteral("To start: ")));
        QVERIFY(d.errorLabel()->styleSheet().isEmpty());
        setCell(d, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        QVERIFY(d.errorLabel()->isHidden());
        setCell(d, 0, TournamentDialog::SeatsColumn, QStringLiteral("nine"));
        QVERIFY(!d.errorLabel()->isHidden());
        QVERIFY(!d.errorLabel()->text().startsWith(QStringLiteral("To start: ")));
        QVERIFY(d.errorLabel()->styleSheet().contains(QStringLiteral("#b3261e")));
    }

    /// Issue 29 #22: a loaded file (or the last tournament) is there again
    /// the next time the dialog opens.
    void theFormIsRemembered()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        {
            TournamentDialog fresh(providerNames(), providers);
            QVERIFY(!fresh.restoreForm(settings)); // nothing kept yet: the default form
        }
        json loaded;
        {
            TournamentDialog a(providerNames(), providers);
            const json file = {{"name", "loaded from a file"},
                               {"rules", "classic"},
                               {"matches", 12},
                               {"participants",
                                {{{"id", "mine"}, {"agent", "a"}},
                                 {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
            QCOMPARE(a.setSpec(file), QString());
            loaded = a.spec();
            a.saveForm(settings);
        }
        TournamentDialog b(providerNames(), providers);
        QVERIFY(b.restoreForm(settings));
        QVERIFY(b.spec() == loaded);
        QCOMPARE(b.nameEdit()->text(), QStringLiteral("loaded from a file"));
        QVERIFY(b.startButton()->isEnabled());
        QVERIFY(b.errorLabel()->isHidden());
    }

    void saveThenLoadRoundTrips()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("t.json"));
        TournamentDialog a(providerNames(), providers);
        a.nameEdit()->setText(QStringLiteral("round trip"));
        a.rulesBox()->setCurrentIndex(a.rulesBox()->count() - 1);
        a.seedBox()->setValue(42);
        a.mirrorBox()->setChecked(false);
        a.parallelBox()->setValue(3);
        setCell(a, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        a.addParticipant(Kind::Model,
                         QStringLiteral("llama"),
                         QStringLiteral("2"),
                         QStringLiteral("other"),
                         QStringLiteral("llama3.2"));
        a.addParticipant(Kind::Push,
                         QStringLiteral("pushy"),
                         QStringLiteral("1"),
                         QStringLiteral("http://h/"),
                         QStringLiteral("8000"));
        QVERIFY(a.startButton()->isEnabled());
        QCOMPARE(a.saveFile(path), QString());

        TournamentDialog b({}, json::object()); // knows no providers: the file brings its own
        QCOMPARE(b.loadFile(path), QString());
        QVERIFY(b.spec() == a.spec());
        QVERIFY(b.startButton()->isEnabled());
        QCOMPARE(b.parallel(), 3);
    }

    void loadKeepsWhatTheFormDoesNotShow()
    {
        TournamentDialog d(providerNames(), providers);
        const json file
            = {{"name", "x"},
               {"rules", "classic"},
               {"matches", 10},
               {"timers", "standard"},
               {"participants",
                {{{"id", "mine"}, {"name", "My agent"}, {"agent", "a"}},
                 {{"id", "p"}, {"push", {{"url", "http://h/"}, {"tokenEnv", "PUSHY_TOKEN"}}}},
                 {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
        QCOMPARE(d.setSpec(file), QString());
        const json j = d.spec();
        QVERIFY(j["timers"] == "standard");
        QVERIFY(j["participants"][0]["name"] == "My agent");
        QVERIFY(j["participants"][1]["push"]["tokenEnv"] == "PUSHY_TOKEN");
        QVERIFY(!j["participants"][0].contains("seats"));
        QVERIFY(d.startButton()->isEnabled());
    }

    void badFilesChangeNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ not json");
        f.close();
        TournamentDialog d(providerNames(), providers);
        setCell(d, 0, TournamentDialog::TargetColumn, QStringLiteral("my-agent"));
        const json before = d.spec();
        QVERIFY(!d.loadFile(path).isEmpty());
        QVERIFY(!d.loadFile(dir.filePath(QStringLiteral("missing.json"))).isEmpty());
        QVERIFY(!d.setSpec(json{{"rules", {{"werewolves", 3}}}, {"participants", json::array()}})
                     .isEmpty());
        QVERIFY(!d.setSpec(json{{"participants", {{{"id", "x"}, {"bot", true}, {"agent", "a"}}}}})
                     .isEmpty());
        QVERIFY(d.spec() == before);
        QVERIFY(d.startButton()->isEnabled());
    }
};

QTEST_MAIN(TestTournamentDialog)
#include "tst_tournamentdialog.moc"
