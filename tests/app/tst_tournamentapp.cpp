// SPDX-License-Identifier: MIT
// Tournaments in the desktop app, through the real wiring: GuiHost plays a
// bot tournament in the host's database from the file the dialog builds,
// the Leaderboard gets its progress and report, and a match of it opens in
// the spectator view from its stored log.

#include "guihostfixture.h"
#include "ui/leaderboardpanel.h"
#include "ui/replicaset.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

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
        const nlohmann::json file{{"name", "app bots"},
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
        app::TournamentSink sink;
        sink.progress = [&](const QString &tid, int done, int scheduled, int, const QString &) {
            QVERIFY(QThread::currentThread() == qApp->thread());  // posted to the UI thread
            id = tid;
            QVERIFY(done >= lastDone);
            QCOMPARE(scheduled, 36);
            lastDone = done;
            ++progressCalls;
            gui.window.leaderboard()->setProgress(done, scheduled, 0);
        };
        sink.report = [&](const QString &, const tournament::Report &r) {
            report = r;
            gui.window.leaderboard()->setReport(r);
        };
        sink.problem = [&](const QString &m) { problems << m; };
        sink.opened = [&](const QString &matchId) {
            opened = matchId;
            gui.window.controller()->selectMatch(matchId);
        };
        gui.host.startTournament(file, 2, nullptr, sink, &gui.window);
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
        gui.host.startTournament(nlohmann::json{{"matches", 0}}, 1, nullptr, sink, &gui.window);
        QTRY_VERIFY_WITH_TIMEOUT(!problems.isEmpty(), 20'000);
        QVERIFY(problems.front().contains(QStringLiteral("matches")));

        // Open a match of it: its stored log reaches the UI's replicas and
        // the spectator view selects it; it ended, as stored.
        const QString matchId = QString::fromStdString(report->matchIds[5]);
        gui.host.openTournamentMatch(id, matchId, sink, &gui.window);
        QTRY_COMPARE_WITH_TIMEOUT(opened, matchId, 20'000);
        const engine::Match *m = gui.window.replicas()->match(matchId);
        QVERIFY(m);
        QVERIFY(m->ended());
        QCOMPARE(int(m->state().players.size()), 9);
        QCOMPARE(gui.window.controller()->selectedMatch(), matchId);
        // A match the tournament does not have is a clear problem.
        problems.clear();
        gui.host.openTournamentMatch(id, QStringLiteral("t1-m999"), sink, &gui.window);
        QTRY_VERIFY_WITH_TIMEOUT(!problems.isEmpty(), 20'000);
        QVERIFY(problems.front().contains(QStringLiteral("t1-m999")));
        gui.host.stop();
    }
};

QTEST_MAIN(TestTournamentApp)
#include "tst_tournamentapp.moc"
