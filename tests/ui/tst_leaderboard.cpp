// SPDX-License-Identifier: MIT
// The tournament leaderboard (ui/leaderboardpanel.h) fed a hand-built
// report: the standings and role tables, their sorting, the three charts'
// series, the empty state, the progress bar and opening a match.

#include "ui/leaderboardpanel.h"
#include "ui/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Role;
using tournament::ParticipantKind;

namespace {

tournament::Estimate est(double value, double low, double high, int n)
{
    return {value, low, high, n};
}

tournament::RoleResult roleResult(Role role, int games, int wins, double rating)
{
    tournament::RoleResult r;
    r.role = role;
    r.games = games;
    r.wins = wins;
    const double rate = games ? double(wins) / games : 0;
    r.winRate = est(rate, std::max(0.0, rate - 0.1), std::min(1.0, rate + 0.1), games);
    r.rating = est(rating, rating - 3, rating + 3, games);
    return r;
}

tournament::ParticipantResult participant(const std::string &name,
                                          ParticipantKind kind,
                                          double mu,
                                          int games,
                                          int wins,
                                          double cost,
                                          std::int64_t tokens)
{
    tournament::ParticipantResult p;
    p.participantId = name;
    p.name = name;
    p.kind = kind;
    p.seats = 1;
    p.overall.games = games;
    p.overall.wins = wins;
    p.overall.winRate = est(
        double(wins) / games, double(wins) / games - 0.08, double(wins) / games + 0.08, games);
    p.overall.rating = est(mu, mu - 2.5, mu + 3.5, games);
    p.roles = {roleResult(Role::Werewolf, games / 4, games / 8, mu + 1),
               roleResult(Role::Seer, games / 4, games / 5, mu - 1),
               roleResult(Role::Villager, games / 2, wins - games / 8 - games / 5, mu)};
    p.irp = est(0.6, 0.5, 0.7, 40);
    p.vss = est(0.5, 0.4, 0.6, 40);
    p.ksr = est(0.7, 0.6, 0.8, 40);
    p.errors = {3, 1, 2, 0, 4};
    p.tokensIn = tokens;
    p.tokensOut = tokens / 10;
    p.costUsd = cost;
    p.costPerTurn = cost / 100;
    p.meanLatencyMs = cost > 0 ? 850 : 0;
    return p;
}

/// Three participants, best rating first (as computeReport orders them).
tournament::Report report()
{
    tournament::Report r;
    r.tournamentId = "t-1";
    r.name = "mine against the bots";
    r.rules = "classic";
    r.scheduled = 40;
    r.played = 40;
    r.counted = 37;
    r.voided = 2;
    r.forfeited = 1;
    r.villagerWins = 20;
    r.werewolfWins = 16;
    r.draws = 1;
    r.participants = {participant("qwen", ParticipantKind::Model, 28.4, 40, 24, 1.20, 90'000),
                      participant("mine", ParticipantKind::Agent, 25.3, 40, 20, 0, 0),
                      participant("bots", ParticipantKind::Bot, 22.0, 240, 100, 0, 0)};
    r.matchIds = {"m-0001", "m-0002", "m-0003"};
    return r;
}

QString cell(const QAbstractItemModel *m, int row, int column)
{
    return m->data(m->index(row, column)).toString();
}

template<typename T>
QList<T *> seriesOf(QChart *chart)
{
    QList<T *> out;
    for (QAbstractSeries *s : chart->series())
        if (auto *t = qobject_cast<T *>(s))
            out << t;
    return out;
}

} // namespace

class TestLeaderboard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyStateShowsASentenceAndNoCharts()
    {
        LeaderboardPanel panel;
        QVERIFY(!panel.hasReport());
        QVERIFY(!panel.emptyLabel()->text().isEmpty());
        QCOMPARE(panel.findChild<QStackedWidget *>()->currentWidget(), panel.emptyLabel());
        QVERIFY(panel.ratingsChart()->series().isEmpty());
        QVERIFY(panel.rolesChart()->series().isEmpty());
        QVERIFY(panel.costChart()->series().isEmpty());
        QCOMPARE(panel.model()->rowCount(), 0);

        panel.setReport(report());
        QCOMPARE(panel.findChild<QStackedWidget *>()->currentWidget(), panel.tabs());
        panel.clear();
        QVERIFY(!panel.hasReport());
        QCOMPARE(panel.findChild<QStackedWidget *>()->currentWidget(), panel.emptyLabel());
        QVERIFY(panel.costChart()->series().isEmpty());
        QCOMPARE(panel.matchList()->count(), 0);
    }

    void headerAndStandings()
    {
        LeaderboardPanel panel;
        QAbstractItemModelTester tester(panel.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setReport(report());
        const QString header = panel.headerLabel()->text();
        QVERIFY(header.contains(QStringLiteral("mine against the bots")));
        QVERIFY(header.contains(QStringLiteral("classic")));
        QVERIFY(header.contains(QStringLiteral("37")));
        QVERIFY(header.contains(QStringLiteral("16")));

        const LeaderboardModel *m = panel.model();
        QCOMPARE(m->rowCount(), 3);
        QCOMPARE(cell(m, 0, LeaderboardModel::Rank), QStringLiteral("1"));
        QVERIFY(cell(m, 0, LeaderboardModel::Participant).startsWith(QStringLiteral("qwen")));
        QCOMPARE(cell(m, 1, LeaderboardModel::Rating), QStringLiteral("25.3 (22.8–28.8)"));
        QCOMPARE(cell(m, 1, LeaderboardModel::Games), QStringLiteral("40"));
        // 20 of 40 with the interval 42–58 %.
        QCOMPARE(cell(m, 1, LeaderboardModel::WinRate), QStringLiteral("50 (42–58) %"));
        // Each count named, the zero ones left out (issue 29 #19).
        QCOMPARE(cell(m, 1, LeaderboardModel::Errors),
                 QStringLiteral("timeouts 3 · illegal 1 · no vote 2 · stand-in 4"));
        LeaderboardModel clean;
        auto spotless = participant("clean", ParticipantKind::Model, 20, 4, 2, 0, 0);
        spotless.errors = {};
        spotless.model = "llama3.2 (local)";
        clean.setResults({spotless});
        QCOMPARE(cell(&clean, 0, LeaderboardModel::Errors), QStringLiteral("none"));
        // A model participant is named with its model.
        QCOMPARE(cell(&clean, 0, LeaderboardModel::Participant),
                 QStringLiteral("clean · llama3.2 (local)"));
        QCOMPARE(cell(m, 0, LeaderboardModel::Cost), QStringLiteral("$1.20"));
        QCOMPARE(cell(m, 1, LeaderboardModel::Cost), QStringLiteral("–"));
    }

    void sortingUsesTheNumbersNotTheText()
    {
        LeaderboardPanel panel;
        panel.setReport(report());
        QSortFilterProxyModel *sorted = panel.sortedModel();
        // Games: 240 sorts above 40 only when compared as numbers.
        panel.table()->sortByColumn(LeaderboardModel::Games, Qt::DescendingOrder);
        QVERIFY(cell(sorted, 0, LeaderboardModel::Participant).startsWith(QStringLiteral("bots")));
        panel.table()->sortByColumn(LeaderboardModel::Rating, Qt::AscendingOrder);
        QVERIFY(cell(sorted, 0, LeaderboardModel::Participant).startsWith(QStringLiteral("bots")));
        QVERIFY(cell(sorted, 2, LeaderboardModel::Participant).startsWith(QStringLiteral("qwen")));
        panel.table()->sortByColumn(LeaderboardModel::Participant, Qt::AscendingOrder);
        QVERIFY(cell(sorted, 0, LeaderboardModel::Participant).startsWith(QStringLiteral("bots")));
        QVERIFY(cell(sorted, 1, LeaderboardModel::Participant).startsWith(QStringLiteral("mine")));
    }

    void roleTable()
    {
        LeaderboardPanel panel;
        QAbstractItemModelTester tester(panel.roleModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setReport(report());
        const RoleResultsModel *m = panel.roleModel();
        QCOMPARE(m->rowCount(), 9); // three participants, three roles each
        QCOMPARE(cell(m, 0, RoleResultsModel::Participant), QStringLiteral("qwen"));
        QCOMPARE(cell(m, 0, RoleResultsModel::Games), QStringLiteral("10"));
        QCOMPARE(cell(m, 0, RoleResultsModel::WinRate), QStringLiteral("50 (40–60) %"));
        QCOMPARE(cell(m, 0, RoleResultsModel::Rating), QStringLiteral("29.4 (26.4–32.4)"));
        panel.roleTable()->sortByColumn(RoleResultsModel::Rating, Qt::DescendingOrder);
        QCOMPARE(cell(panel.sortedRoleModel(), 0, RoleResultsModel::Rating),
                 QStringLiteral("29.4 (26.4–32.4)"));
    }

    void ratingsChartHasOneIntervalPerParticipantInTableOrder()
    {
        LeaderboardPanel panel;
        panel.setReport(report());
        const auto boxes = seriesOf<QBoxPlotSeries>(panel.ratingsChart());
        QCOMPARE(boxes.size(), 1);
        QCOMPARE(boxes[0]->count(), 3);
        const QBoxSet *mine = boxes[0]->boxSets().at(1);
        QCOMPARE(mine->label(), QStringLiteral("mine"));
        QCOMPARE(mine->at(QBoxSet::LowerExtreme), 22.8);
        QCOMPARE(mine->at(QBoxSet::Median), 25.3);
        QCOMPARE(mine->at(QBoxSet::UpperExtreme), 28.8);
        auto *axis
            = qobject_cast<QBarCategoryAxis *>(panel.ratingsChart()->axes(Qt::Horizontal).value(0));
        QVERIFY(axis);
        QCOMPARE(
            axis->categories(),
            (QStringList{QStringLiteral("qwen"), QStringLiteral("mine"), QStringLiteral("bots")}));
    }

    void winRateByRoleHasOneBarSetPerParticipant()
    {
        LeaderboardPanel panel;
        panel.setReport(report());
        const auto bars = seriesOf<QBarSeries>(panel.rolesChart());
        QCOMPARE(bars.size(), 1);
        const QList<QBarSet *> sets = bars[0]->barSets();
        QCOMPARE(sets.size(), 3);
        QCOMPARE(sets[1]->label(), QStringLiteral("mine"));
        QCOMPARE(sets[1]->count(), 3); // werewolf, seer, villager
        // mine: 5 of 10 as a wolf, 8 of 10 as the seer, 7 of 20 as a villager.
        QCOMPARE(sets[1]->at(0), 50.0);
        QCOMPARE(sets[1]->at(1), 80.0);
        QCOMPARE(sets[1]->at(2), 35.0);
    }

    void costChartHasOnePointPerParticipant()
    {
        LeaderboardPanel panel;
        panel.setReport(report());
        const auto points = seriesOf<QScatterSeries>(panel.costChart());
        QCOMPARE(points.size(), 3);
        QCOMPARE(points[0]->name(), QStringLiteral("qwen"));
        QCOMPARE(points[0]->count(), 1);
        // qwen paid: the x axis is cost per turn.
        QCOMPARE(points[0]->at(0), QPointF(0.012, 28.4));
        QCOMPARE(points[2]->at(0), QPointF(0, 22.0));
        QCOMPARE(points[0]->pointLabelsFormat(), QStringLiteral("qwen"));

        // No prices anywhere: tokens per game instead.
        tournament::Report unpriced = report();
        unpriced.participants[0].costUsd = 0;
        panel.setReport(unpriced);
        const auto tokens = seriesOf<QScatterSeries>(panel.costChart());
        QCOMPARE(tokens[0]->at(0), QPointF(99'000.0 / 40, 28.4));
    }

    void secondReportReplacesTheFirst()
    {
        LeaderboardPanel panel;
        panel.setReport(report());
        tournament::Report two = report();
        two.participants.pop_back();
        two.matchIds.pop_back();
        panel.setReport(two);
        QCOMPARE(panel.model()->rowCount(), 2);
        QCOMPARE(panel.ratingsChart()->series().size(), 1);
        QCOMPARE(seriesOf<QBoxPlotSeries>(panel.ratingsChart())[0]->count(), 2);
        QCOMPARE(panel.rolesChart()->series().size(), 1);
        QCOMPARE(seriesOf<QBarSeries>(panel.rolesChart())[0]->count(), 2);
        QCOMPARE(panel.costChart()->series().size(), 2);
        QCOMPARE(panel.ratingsChart()->axes().size(), 2);
        QCOMPARE(panel.costChart()->axes().size(), 2);
        QCOMPARE(panel.matchList()->count(), 2);
    }

    /// Issue 29 #19: the Matches tab says what each match came to, not
    /// only its id (which opens it).
    void matchesAreNamedWithTheirResult()
    {
        LeaderboardPanel panel;
        tournament::Report r = report();
        r.matches = {{"m-0001", 0, engine::Team::Werewolves, "counted", {}},
                     {"m-0002", 1, std::nullopt, "counted", {}},
                     {"m-0003", 2, engine::Team::Villagers, "voided", {"mine"}}};
        panel.setReport(r);
        QListWidget *list = panel.matchList();
        QCOMPARE(list->count(), 3);
        QCOMPARE(list->item(0)->text(), QStringLiteral("m-0001 — match 1 · Werewolves won"));
        QCOMPARE(list->item(1)->text(), QStringLiteral("m-0002 — match 2 · a draw"));
        QCOMPARE(list->item(2)->text(),
                 QStringLiteral("m-0003 — match 3 · Villagers won · voided · failed: mine"));
        QSignalSpy open(&panel, &LeaderboardPanel::openMatchRequested);
        list->setCurrentRow(2);
        panel.openButton()->click();
        QCOMPARE(open.at(0).at(0).toString(), QStringLiteral("m-0003"));

        // A spoiled match says why it is not rated, and the header counts it.
        tournament::PlayedMatch spoiled{"m-0004", 3, engine::Team::Villagers, "spoiled", {}};
        spoiled.spoiledAt = "2026-11-28T15:00:00.000Z";
        r.matches.push_back(spoiled);
        r.matchIds.push_back("m-0004");
        r.spoiled = 1;
        auto me = participant("me", ParticipantKind::Human, 3, 1, 0, 0, 0);
        r.participants.push_back(me);
        panel.setReport(r);
        QVERIFY(list->item(3)->text().startsWith(QStringLiteral("m-0004 — match 4 · Villagers won "
                                                                "· spoiled: the host unlocked")));
        QVERIFY(list->item(3)->text().contains(QStringLiteral("left out of the ratings")));
        QVERIFY(panel.headerLabel()->text().contains(QStringLiteral("1 spoiled match")));
        bool person = false;
        for (int row = 0; row < panel.model()->rowCount(); ++row)
            person = person
                     || cell(panel.model(), row, LeaderboardModel::Participant)
                            == QStringLiteral("me · person");
        QVERIFY(person);
    }

    void progressText()
    {
        LeaderboardPanel panel;
        QVERIFY(panel.progressBar()->isHidden());
        panel.setProgress(12, 96, 0);
        QVERIFY(!panel.progressBar()->isHidden());
        QCOMPARE(panel.progressBar()->text(), QStringLiteral("12 of 96 matches"));
        QCOMPARE(panel.progressBar()->value(), 12);
        QCOMPARE(panel.progressBar()->maximum(), 96);
        panel.setProgress(13, 96, 4);
        QCOMPARE(panel.progressBar()->text(), QStringLiteral("13 of 96 matches (4 running)"));
    }

    void openingAMatch()
    {
        LeaderboardPanel panel;
        panel.resize(900, 600);
        panel.show();
        panel.setReport(report());
        panel.tabs()->setCurrentIndex(panel.tabs()->count() - 1);
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy open(&panel, &LeaderboardPanel::openMatchRequested);
        QListWidget *list = panel.matchList();
        QCOMPARE(list->count(), 3);
        QVERIFY(!panel.openButton()->isEnabled());

        const QRect r = list->visualItemRect(list->item(1));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.at(0).at(0).toString(), QStringLiteral("m-0002"));

        list->setCurrentRow(2);
        QVERIFY(panel.openButton()->isEnabled());
        panel.openButton()->click();
        QCOMPARE(open.size(), 2);
        QCOMPARE(open.at(1).at(0).toString(), QStringLiteral("m-0003"));
    }

    void mainWindowTournamentMenu()
    {
        HostLink link;
        MainWindow w(&link);
        // The menu sits right after Match.
        QStringList titles;
        for (QAction *a : w.menuBar()->actions())
            titles << a->text();
        const qsizetype match = titles.indexOf(QStringLiteral("&Match"));
        QVERIFY(match >= 0);
        QCOMPARE(titles.value(match + 1), QStringLiteral("&Tournament"));

        QSignalSpy requested(&w, &MainWindow::newTournamentRequested);
        w.newTournamentAction()->trigger();
        QCOMPARE(requested.size(), 1);

        // The panel is made on first use, in a dock that Leaderboard shows.
        QVERIFY(!w.findChild<LeaderboardPanel *>());
        w.leaderboardAction()->trigger();
        LeaderboardPanel *panel = w.leaderboard();
        QVERIFY(panel);
        QCOMPARE(w.findChildren<LeaderboardPanel *>().size(), 1);
        auto *dock = qobject_cast<QDockWidget *>(panel->parentWidget());
        QVERIFY(dock);
        QVERIFY(!dock->isHidden());
        w.leaderboardAction()->trigger();
        QCOMPARE(w.leaderboard(), panel);
        QCOMPARE(w.findChildren<LeaderboardPanel *>().size(), 1);
    }
};

QTEST_MAIN(TestLeaderboard)
#include "tst_leaderboard.moc"
