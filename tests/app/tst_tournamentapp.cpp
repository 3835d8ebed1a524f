// SPDX-License-Identifier: MIT
// Tournaments in the desktop app, through the real wiring: GuiHost plays a
// bot tournament in the host's database from the file the dialog builds,
// the Leaderboard gets its progress and report, and a match of it opens in
// the spectator view from its stored log.

#include "app/guitournaments.h"
#include "app/sharedleaderboard.h"
#include "guihostfixture.h"
#include "host/tournaments.h"
#include "ui/leaderboardpanel.h"
#include "ui/replicaset.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

namespace {

/// A bot tournament played as `townhall tournament run` plays it: in the
/// database file, on a connection of its own. Its id, or empty.
QString playFromTheCommandLine(const QString &db, const std::string &name, int matches)
{
    auto store = townhall::host::Store::open(db);
    if (!store)
        return {};
    const nlohmann::json file{
        {"name", name},
        {"rules", "9p"},
        {"matches", matches},
        {"seed", 7},
        {"participants",
         {{{"id", "a"}, {"bot", true}}, {{"id", "rest"}, {"bot", true}, {"seats", "rest"}}}}};
    auto parsed = townhall::tournament::parseSpec(file);
    if (!parsed.ok())
        return {};
    auto id = townhall::host::createTournament(store.value(), *parsed.spec);
    if (!id)
        return {};
    townhall::host::BotRunOptions o;
    o.parallel = 1;
    if (!townhall::host::runBotTournament(store.value(), id.value(), o))
        return {};
    return QString::fromStdString(id.value());
}

} // namespace

using namespace townhall;

class TestTournamentApp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aBotTournamentPlaysReportsAndOpensItsMatches()
    {
        QTemporaryDir dir;
        testing::GuiApp gui(testing::fastGuiOptions(dir.filePath(QStringLiteral("app.sqlite"))));
        QVERIFY(gui.start());
        const nlohmann::json file{
            {"name", "app bots"},
            {"rules", "9p"},
            {"matches", 36},
            {"seed", 4},
            {"participants",
             {{{"id", "a"}, {"bot", true}}, {{"id", "rest"}, {"bot", true}, {"seats", "rest"}}}}};
        QString id;
        int lastDone = -1;
        int progressCalls = 0;
        std::optional<tournament::Report> report;
        QStringList problems;
        QString opened;
        // The host's answers, through the link as the Leaderboard gets them.
        ui::HostLink &link = gui.link;
        QObject::connect(&link,
                         &ui::HostLink::tournamentProgress,
                         &gui.window,
                         [&](const ui::TournamentProgress &p) {
                             // Posted to the UI thread.
                             QVERIFY(QThread::currentThread() == qApp->thread());
                             id = p.tournamentId;
                             QVERIFY(p.done >= lastDone);
                             QCOMPARE(p.scheduled, 36);
                             lastDone = p.done;
                             ++progressCalls;
                             gui.window.leaderboard()->setProgress(p.done, p.scheduled, 0);
                         });
        QObject::connect(&link,
                         &ui::HostLink::tournamentReport,
                         &gui.window,
                         [&](const QString &, const tournament::Report &r) {
                             report = r;
                             gui.window.leaderboard()->setReport(r);
                         });
        QObject::connect(&link,
                         &ui::HostLink::tournamentProblem,
                         &gui.window,
                         [&](const QString &m) { problems << m; });
        QObject::connect(
            &link, &ui::HostLink::tournamentMatchOpened, &gui.window, [&](const QString &matchId) {
                opened = matchId;
                gui.window.controller()->selectMatch(matchId);
            });
        Q_EMIT link.startTournamentRequested(file, 2);
        QTRY_VERIFY_WITH_TIMEOUT(report.has_value() || !problems.isEmpty(), 120'000);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        QCOMPARE(id, QStringLiteral("t1"));
        QCOMPARE(lastDone, 36);
        QVERIFY(progressCalls >= 2);
        QCOMPARE(report->played, 36);
        QCOMPARE(int(report->matchIds.size()), 36);
        QVERIFY(gui.window.leaderboard()->hasReport());

        // A second one while nothing runs is fine; a bad file is refused clearly.
        problems.clear();
        Q_EMIT link.startTournamentRequested(nlohmann::json{{"matches", 0}}, 1);
        QTRY_VERIFY_WITH_TIMEOUT(!problems.isEmpty(), 20'000);
        QVERIFY(problems.front().contains(QStringLiteral("matches")));

        // Open a match of it: its stored log reaches the UI's replicas and
        // the spectator view selects it; it ended, as stored.
        const QString matchId = QString::fromStdString(report->matchIds[5]);
        Q_EMIT link.openTournamentMatchRequested(id, matchId);
        QTRY_COMPARE_WITH_TIMEOUT(opened, matchId, 20'000);
        const engine::Match *m = gui.window.replicas()->match(matchId);
        QVERIFY(m);
        QVERIFY(m->ended());
        QCOMPARE(int(m->state().players.size()), 9);
        QCOMPARE(gui.window.controller()->selectedMatch(), matchId);
        // A match the tournament does not have is a clear problem.
        problems.clear();
        Q_EMIT link.openTournamentMatchRequested(id, QStringLiteral("t1-m999"));
        QTRY_VERIFY_WITH_TIMEOUT(!problems.isEmpty(), 20'000);
        QVERIFY(problems.front().contains(QStringLiteral("t1-m999")));
        gui.host.stop();
    }

    /// Issue 29 #5: tournaments run from the command line in the app's
    /// database are listed in the Leaderboard; the newest is shown, any
    /// other can be picked, and one added later appears on Refresh.
    void commandLineTournamentsAreListedAndShown()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("app.sqlite"));
        QCOMPARE(playFromTheCommandLine(db, "cli one", 4), QStringLiteral("t1"));
        QCOMPARE(playFromTheCommandLine(db, "cli two", 6), QStringLiteral("t2"));

        testing::GuiApp gui(testing::fastGuiOptions(db));
        app::SharedTournamentReader reader;
        app::SharedLeaderboard shared(gui.window, gui.link, reader);
        app::TournamentBoard board(gui.window, gui.link, shared);
        QVERIFY(gui.start());
        ui::LeaderboardPanel *panel = gui.window.leaderboard();
        QTRY_COMPARE_WITH_TIMEOUT(panel->tournamentBox()->count(), 2, 20'000);
        QVERIFY(!panel->tournamentBox()->isHidden());
        // Nothing was shown: the newest is, whole.
        QTRY_VERIFY_WITH_TIMEOUT(panel->hasReport(), 20'000);
        QCOMPARE(board.current(), QStringLiteral("t2"));
        QCOMPARE(panel->tournamentBox()->currentData().toString(), QStringLiteral("t2"));
        QVERIFY2(panel->headerLabel()->text().contains(QStringLiteral("cli two")),
                 qPrintable(panel->headerLabel()->text()));
        QCOMPARE(panel->matchList()->count(), 6);
        QCOMPARE(panel->progressBar()->value(), 6);
        QVERIFY(panel->tournamentBox()->currentText().contains(QStringLiteral("cli two")));

        // Picking the other shows it.
        panel->tournamentBox()->setCurrentIndex(0);
        Q_EMIT panel->tournamentBox()->activated(0);
        QTRY_VERIFY_WITH_TIMEOUT(panel->headerLabel()->text().contains(QStringLiteral("cli one")),
                                 20'000);
        QCOMPARE(board.current(), QStringLiteral("t1"));
        QTRY_COMPARE_WITH_TIMEOUT(panel->matchList()->count(), 4, 20'000);

        // One more from the command line while the app runs: Refresh lists
        // it, and the one shown stays.
        QCOMPARE(playFromTheCommandLine(db, "cli three", 2), QStringLiteral("t3"));
        panel->refreshButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(panel->tournamentBox()->count(), 3, 20'000);
        QCOMPARE(panel->tournamentBox()->currentData().toString(), QStringLiteral("t1"));
        QVERIFY(panel->headerLabel()->text().contains(QStringLiteral("cli one")));

        // Its matches open in the spectator view.
        panel->matchList()->setCurrentRow(1);
        const QString opened = panel->matchList()->item(1)->toolTip(); // its id
        QVERIFY(opened.startsWith(QStringLiteral("t1")));
        panel->openButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(gui.window.controller()->selectedMatch(), opened, 20'000);
        const engine::Match *m = gui.window.replicas()->match(opened);
        QVERIFY(m && m->ended());
        gui.host.stop();
    }
};

QTEST_MAIN(TestTournamentApp)
#include "tst_tournamentapp.moc"
