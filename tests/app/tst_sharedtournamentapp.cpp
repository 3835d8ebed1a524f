// SPDX-License-Identifier: MIT
// A shared (PostgreSQL) tournament in the desktop app, through the app's
// own code: the "Open shared tournament" dialog lists the database's
// tournaments through SharedTournamentReader (its own thread), the
// Leaderboard shows the chosen one with the standings tournamentReport
// computes, refreshes while it runs, names the host of a match in play,
// and replays a played match in the spectator view from its stored log.

#include "app/sharedleaderboard.h"
#include "guihostfixture.h"
#include "host/sharedtournaments.h"
#include "host/tournaments.h"
#include "ui/leaderboardpanel.h"
#include "ui/replicaset.h"
#include "ui/sharedtournamentdialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace townhall;
using json = nlohmann::json;

namespace {

tournament::TournamentSpec botSpec(const char *name, int matches)
{
    const json file{{"name", name},
                    {"rules", "classic"},
                    {"matches", matches},
                    {"seed", 11},
                    {"participants",
                     {{{"id", "a"}, {"bot", true}},
                      {{"id", "b"}, {"bot", true}},
                      {{"id", "rest"}, {"bot", true}, {"seats", "rest"}}}}};
    auto parsed = tournament::parseSpec(file);
    if (!parsed.ok())
        qFatal("spec refused: %s", parsed.errors.front().c_str());
    return *parsed.spec;
}

QListWidgetItem *itemNamed(QListWidget *list, const QString &prefix)
{
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->text().startsWith(prefix))
            return list->item(i);
    return nullptr;
}

} // namespace

class TestSharedTournamentApp : public QObject
{
    Q_OBJECT

    QString m_url;
    QString m_password;
    QTemporaryDir m_dir;

    QSettings settings() const
    {
        return QSettings(m_dir.filePath(QStringLiteral("app.ini")), QSettings::IniFormat);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_url = qEnvironmentVariable("TOWNHALL_TEST_PG");
        m_password = qEnvironmentVariable("TOWNHALL_TEST_PG_PASSWORD");
        if (m_url.isEmpty())
            QSKIP("needs a PostgreSQL server (run through tests/pg/with-postgres.sh)");
        qputenv("PGPASSWORD", m_password.toUtf8());
    }

    void theLeaderboardShowsASharedTournamentAndReplaysItsMatches()
    {
        // The database, as headless hosts leave it: t1 played to the end by
        // this thread, t2 running with one match held by a host elsewhere.
        QString error;
        const auto url = host::parsePostgresUrl(m_url, &error);
        QVERIFY2(url, qPrintable(error));
        auto opened = host::SharedTournaments::open(*url);
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        host::SharedTournaments &db = *opened.value();
        auto t1 = host::createTournament(db, botSpec("shared bots", 24));
        QVERIFY(t1);
        QCOMPARE(QString::fromStdString(t1.value()), QStringLiteral("t1"));
        host::BotRunOptions run;
        run.parallel = 2;
        auto played = host::runBotTournament(db, "t1", run);
        QVERIFY2(played, qPrintable(played ? QString() : played.error().message));
        QCOMPARE(played.value().progress.done, 24);
        const auto expected = host::tournamentReport(db, "t1");
        QVERIFY(expected);
        QVERIFY(expected.value().participants.size() >= 3);
        QVERIFY(host::createTournament(db, botSpec("still playing", 4)));
        const std::string elsewhere = "far-host:4242:0badcafe";
        auto claimed = db.claimMatches("t2", elsewhere, 1, 600'000);
        QVERIFY(claimed && claimed.value().size() == 1);
        QVERIFY(db.setClaimedMatchId("t2", claimed.value().front().index, elsewhere, "t2-live"));

        testing::GuiApp gui(testing::fastGuiOptions(m_dir.filePath(QStringLiteral("host.sqlite"))));
        QVERIFY(gui.start());
        app::SharedTournamentReader reader;
        app::SharedLeaderboard shared(gui.window, gui.link, reader);
        shared.setRefreshInterval(150);
        // As the app wires the Leaderboard's Open while a shared tournament shows.
        connect(gui.window.leaderboard(),
                &ui::LeaderboardPanel::openMatchRequested,
                &shared,
                &app::SharedLeaderboard::openMatch);

        // The dialog lists both; the running one is preselected.
        QSettings stored = settings();
        {
            ui::SharedTournamentDialog dialog(stored, app::sharedUrlProblem);
            app::connectDialog(dialog, reader);
            QVERIFY(!dialog.okButton()->isEnabled());
            dialog.urlEdit()->setText(m_url);
            dialog.connectButton()->click();
            QVERIFY(dialog.isConnecting()); // answered later, from the reader's thread
            QVERIFY(!dialog.connectButton()->isEnabled());
            QTRY_COMPARE_WITH_TIMEOUT(dialog.table()->rowCount(), 2, 20'000);
            QVERIFY2(dialog.statusLabel()->text().contains(url->display()),
                     qPrintable(dialog.statusLabel()->text()));
            QCOMPARE(dialog.table()->item(0, 0)->text(), QStringLiteral("t1"));
            QCOMPARE(dialog.table()->item(0, 3)->text(), QStringLiteral("24 of 24"));
            QCOMPARE(dialog.table()->item(1, 3)->text(), QStringLiteral("0 of 4"));
            QCOMPARE(dialog.selectedTournament(), QStringLiteral("t2"));
            dialog.table()->selectRow(0);
            QCOMPARE(dialog.selectedTournament(), QStringLiteral("t1"));
            QVERIFY(dialog.okButton()->isEnabled());
            // Editing the URL drops the list (it belongs to the other URL).
            dialog.urlEdit()->setText(m_url + QStringLiteral("x"));
            QVERIFY(dialog.selectedTournament().isEmpty());
            dialog.urlEdit()->setText(m_url);
            dialog.connectButton()->click();
            QTRY_COMPARE_WITH_TIMEOUT(dialog.table()->rowCount(), 2, 20'000);
            dialog.table()->selectRow(0);
            dialog.okButton()->click();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QCOMPARE(stored.value(ui::SharedTournamentDialog::settingsKey()).toString(), m_url);
            shared.open(dialog.url(), dialog.selectedTournament());
        }
        // A second dialog starts from the remembered URL.
        {
            ui::SharedTournamentDialog again(stored, app::sharedUrlProblem);
            QCOMPARE(again.url(), m_url);
        }

        // The finished tournament: the standings are tournamentReport's, and
        // nothing refreshes any more.
        QSignalSpy refreshed(&shared, &app::SharedLeaderboard::refreshed);
        QVERIFY(refreshed.wait(20'000));
        ui::LeaderboardPanel *board = gui.window.leaderboard();
        QVERIFY(board->hasReport());
        const tournament::Report &want = expected.value();
        QCOMPARE(board->model()->rowCount(), int(want.participants.size()));
        for (int row = 0; row < board->model()->rowCount(); ++row) {
            const tournament::ParticipantResult &got = board->model()->result(row);
            QCOMPARE(QString::fromStdString(got.name),
                     QString::fromStdString(want.participants[std::size_t(row)].name));
            QCOMPARE(got.overall.games, want.participants[std::size_t(row)].overall.games);
            QCOMPARE(got.overall.rating.value,
                     want.participants[std::size_t(row)].overall.rating.value);
            QCOMPARE(got.overall.rating.low,
                     want.participants[std::size_t(row)].overall.rating.low);
        }
        QCOMPARE(board->matchList()->count(), 24);
        QCOMPARE(board->progressBar()->value(), 24);
        const QString source = board->sourceLabel()->text();
        QVERIFY2(source.contains(QStringLiteral("t1")) && source.contains(url->display()),
                 qPrintable(source));
        QVERIFY(!source.contains(m_password));
        QVERIFY(!shared.following());
        QTest::qWait(600); // four refresh intervals
        QCOMPARE(refreshed.count(), 1);

        // Open a played match from the Leaderboard: its log comes from
        // PostgreSQL and replays in the spectator view like a local one,
        // under an id that names the database.
        const QString matchId = QString::fromStdString(want.matchIds[3]);
        QListWidgetItem *item = itemNamed(board->matchList(), matchId);
        QVERIFY(item);
        board->matchList()->setCurrentItem(item);
        QSignalSpy openedSpy(&shared, &app::SharedLeaderboard::matchOpened);
        board->openButton()->click();
        QVERIFY(openedSpy.wait(20'000));
        const QString shownAs = openedSpy.front().front().toString();
        QCOMPARE(shownAs, shared.replayId(matchId));
        QVERIFY(shownAs.startsWith(matchId + QStringLiteral(" @ ")));
        const engine::Match *m = gui.window.replicas()->match(shownAs);
        QVERIFY(m);
        QVERIFY(m->ended());
        const auto log = host::tournamentMatchLog(db, "t1", matchId.toStdString());
        QVERIFY(log);
        QCOMPARE(m->state().lastSeq, log.value().back().seq);
        QCOMPARE(int(m->state().players.size()), botSpec("x", 1).rules.seatCount());
        QCOMPARE(gui.window.controller()->selectedMatch(), shownAs);
        // The host's own matches do not hold it.
        QVERIFY(!gui.window.replicas()->match(matchId));

        // The running tournament: progress, the match in play with its host,
        // and a refresh every interval.
        QSignalSpy inPlay(&shared, &app::SharedLeaderboard::matchInPlay);
        shared.open(m_url, QStringLiteral("t2"));
        refreshed.clear();
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 3, 20'000);
        QVERIFY(shared.following());
        QCOMPARE(board->progressBar()->format(), QStringLiteral("0 of 4 matches (1 running)"));
        QVERIFY(board->sourceLabel()->text().contains(QStringLiteral("t2")));
        QListWidgetItem *live = itemNamed(board->matchList(), QStringLiteral("t2-live"));
        QVERIFY(live);
        QVERIFY(live->toolTip().contains(QString::fromStdString(elsewhere)));
        QVERIFY(live->toolTip().contains(QStringLiteral("Watch a host")));
        board->matchList()->setCurrentItem(live);
        board->openButton()->click();
        QCOMPARE(inPlay.count(), 1);
        QCOMPARE(inPlay.front().at(1).toString(), QString::fromStdString(elsewhere));
        QVERIFY(
            gui.window.statusBar()->currentMessage().contains(QString::fromStdString(elsewhere)));

        // It finishes elsewhere: the next refresh shows it and the refreshing stops.
        // Its lease runs out (the far host died); this thread plays the rest.
        QVERIFY(db.renewLeases(elsewhere, 0));
        host::BotRunOptions finish;
        finish.parallel = 1;
        finish.pollMs = 50;
        QVERIFY(host::runBotTournament(db, "t2", finish));
        QTRY_VERIFY_WITH_TIMEOUT(!shared.following(), 20'000);
        QCOMPARE(board->progressBar()->value(), 4);
        QCOMPARE(board->matchList()->count(), 4);
        QVERIFY(board->sourceLabel()->text().contains(QStringLiteral("finished")));

        // Another tournament takes the Leaderboard: no more refreshes.
        shared.open(m_url, QStringLiteral("t2"));
        QVERIFY(refreshed.wait(20'000));
        shared.stop();
        QVERIFY(!shared.active());
        QVERIFY(board->sourceLabel()->isHidden());
        gui.host.stop();
    }

    void aUrlWithAPasswordIsRefused()
    {
        QSettings stored = settings();
        ui::SharedTournamentDialog dialog(stored, app::sharedUrlProblem);
        QSignalSpy asked(&dialog, &ui::SharedTournamentDialog::connectRequested);
        dialog.urlEdit()->setText(
            QStringLiteral("postgresql://townhall:hunter2@127.0.0.1:5432/townhall"));
        dialog.connectButton()->click();
        QCOMPARE(asked.count(), 0);
        QVERIFY(!dialog.isConnecting());
        QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("PGPASSWORD")),
                 qPrintable(dialog.statusLabel()->text()));
        QVERIFY(dialog.statusLabel()->property("error").toBool());
        QVERIFY(!dialog.okButton()->isEnabled());
        // The same in the query string.
        dialog.urlEdit()->setText(
            QStringLiteral("postgresql://townhall@127.0.0.1/townhall?password=hunter2"));
        dialog.connectButton()->click();
        QCOMPARE(asked.count(), 0);
        QVERIFY(dialog.statusLabel()->text().contains(QStringLiteral("password")));
    }

    void anUnreachableServerIsAClearErrorAndTheAppStaysUsable()
    {
        app::SharedTournamentReader reader;
        QSettings stored = settings();
        ui::SharedTournamentDialog dialog(stored, app::sharedUrlProblem);
        app::connectDialog(dialog, reader);
        dialog.urlEdit()->setText(
            QStringLiteral("postgresql://townhall@127.0.0.1:1/townhall?connect_timeout=3"));
        dialog.connectButton()->click();
        QVERIFY(dialog.isConnecting()); // the reader's thread tries; the click returned at once
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isConnecting(), 20'000);
        const QString status = dialog.statusLabel()->text();
        QVERIFY2(status.startsWith(QStringLiteral("Could not read the database")),
                 qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("PostgreSQL"))
                     && status.contains(QStringLiteral("127.0.0.1:1")),
                 qPrintable(status));
        QVERIFY(dialog.statusLabel()->property("error").toBool());
        QCOMPARE(dialog.table()->rowCount(), 0);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY(dialog.connectButton()->isEnabled());

        // The same reader then reaches the real server.
        dialog.urlEdit()->setText(m_url);
        dialog.connectButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isConnecting(), 20'000);
        QVERIFY2(!dialog.statusLabel()->property("error").toBool(),
                 qPrintable(dialog.statusLabel()->text()));
        QVERIFY(dialog.table()->rowCount() >= 1);

        // The Leaderboard on a server that is not there says so, and keeps trying.
        testing::GuiApp gui(testing::fastGuiOptions());
        app::SharedLeaderboard shared(gui.window, gui.link, reader);
        shared.setRefreshInterval(100);
        QSignalSpy problems(&shared, &app::SharedLeaderboard::problem);
        shared.open(QStringLiteral("postgresql://townhall@127.0.0.1:1/townhall?connect_timeout=3"),
                    QStringLiteral("t1"));
        QTRY_VERIFY_WITH_TIMEOUT(problems.count() >= 2, 20'000);
        QVERIFY(gui.window.leaderboard()->sourceLabel()->text().contains(
            QStringLiteral("could not be read")));
        QVERIFY(shared.following());
        shared.stop();
    }
};

QTEST_MAIN(TestSharedTournamentApp)
#include "tst_sharedtournamentapp.moc"
