// SPDX-License-Identifier: MIT
// The tournament leaderboard filled from a hand-built report of 200
// matches (five participants, one of them the bots on four seats): the
// standings with their charts, then the roles tab; and Tournament → New
// with a participant of every kind. Exits non-zero if the
// tables or charts do not show the report.
//   leaderboard_screenshot <output-dir> [--size WxH]

#include "host/tournaments.h"
#include "ui/leaderboardpanel.h"
#include "ui/theme.h"
#include "ui/tournamentdialog.h"

#include "shotcheck.h"

#include <QApplication>
#include <QChart>
#include <QDir>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cstdio>

using namespace townhall;
using namespace townhall::ui;
using engine::Role;
using tournament::ParticipantKind;

namespace {

using shots::check;
using shots::shoot;

tournament::Estimate estimate(double value, double halfWidth, int n)
{
    return {value, std::max(0.0, value - halfWidth), value + halfWidth, n};
}

/// A win rate over `games` with a Wilson-like half width (plausible, not computed).
tournament::Estimate rate(int wins, int games)
{
    const double p = games ? double(wins) / games : 0;
    const double half = games ? 1.96 * std::sqrt(p * (1 - p) / games + 0.25 / (games * games)) : 0;
    return {p, std::max(0.0, p - half), std::min(1.0, p + half), games};
}

struct Row
{
    const char *name;
    ParticipantKind kind;
    int seats;
    double mu, sigma;
    int wolfWins, seerWins, doctorWins, villagerWins; // per role, out of the role's games
    double cost;
    std::int64_t tokens;
    double latency;
};

/// The report the screenshot shows. Kept in one function: a real
/// tournament's report replaces it later.
tournament::Report buildReport()
{
    tournament::Report r;
    r.tournamentId = "t-0001";
    r.name = "mine against the field";
    r.rules = "classic";
    r.failureRule = tournament::FailureRule::Void;
    r.scheduled = 200;
    r.played = 200;
    r.counted = 194;
    r.voided = 6;
    r.villagerWins = 101;
    r.werewolfWins = 90;
    r.draws = 3;
    // Over 194 counted classic matches (8 seats: 2 wolves, seer, doctor, 4
    // villagers) a one-seat participant holds each role as often as the deck.
    const Row rows[] = {
        {"my-agent", ParticipantKind::Agent, 1, 27.9, 1.1, 30, 17, 15, 49, 0, 0, 0},
        {"qwen3-8b", ParticipantKind::Model, 1, 26.2, 1.2, 27, 15, 13, 45, 0.0, 5'800'000, 1240},
        {"llama3.2", ParticipantKind::Model, 1, 24.1, 1.3, 22, 13, 12, 40, 0.0, 4'900'000, 980},
        {"pushy", ParticipantKind::Push, 1, 23.0, 1.4, 21, 12, 11, 37, 0, 0, 310},
        {"bots", ParticipantKind::Bot, 4, 22.4, 0.6, 84, 48, 46, 150, 0, 0, 0},
    };
    const std::pair<Role, int> deck[]
        = {{Role::Werewolf, 2}, {Role::Seer, 1}, {Role::Doctor, 1}, {Role::Villager, 4}};
    for (const Row &row : rows) {
        tournament::ParticipantResult p;
        p.participantId = row.name;
        p.name = row.name;
        p.kind = row.kind;
        p.seats = row.seats;
        const int wins[] = {row.wolfWins, row.seerWins, row.doctorWins, row.villagerWins};
        int games = 0, won = 0;
        for (std::size_t i = 0; i < std::size(deck); ++i) {
            tournament::RoleResult rr;
            rr.role = deck[i].first;
            // Seats rotate through the deck: a participant's seats hold each
            // position equally often.
            rr.games = 194 * row.seats * deck[i].second / 8;
            rr.wins = wins[i];
            rr.winRate = rate(rr.wins, rr.games);
            const double edge = (double(rr.wins) / rr.games - 0.5) * 6;
            rr.rating = estimate(row.mu + edge, 1.96 * row.sigma * 1.6, rr.games);
            games += rr.games;
            won += rr.wins;
            p.roles.push_back(rr);
        }
        p.overall.games = games;
        p.overall.wins = won;
        p.overall.winRate = rate(won, games);
        p.overall.rating = estimate(row.mu, 1.96 * row.sigma, games);
        const bool bot = row.kind == ParticipantKind::Bot;
        p.irp = estimate(bot ? 0.41 : 0.45 + (row.mu - 23) / 40, 0.07, 180);
        p.vss = estimate(bot ? 0.38 : 0.42 + (row.mu - 23) / 35, 0.06, 300);
        p.ksr = estimate(bot ? 0.55 : 0.58 + (row.mu - 23) / 50, 0.08, 150);
        p.errors = {bot ? 0 : 3 + int(28 - row.mu),
                    row.kind == ParticipantKind::Model ? 11 : 2,
                    bot ? 0 : 4,
                    0,
                    row.kind == ParticipantKind::Push ? 17 : 0};
        p.tokensIn = row.tokens;
        p.tokensOut = row.tokens / 12;
        p.costUsd = row.cost;
        p.meanLatencyMs = row.latency;
        p.providerCalls = row.tokens > 0 ? 9'000 : 0;
        r.participants.push_back(std::move(p));
    }
    for (int i = 1; i <= 200; ++i)
        r.matchIds.push_back(QStringLiteral("m-%1").arg(i, 4, 10, QLatin1Char('0')).toStdString());
    return r;
}

} // namespace

/// A finished tournament for real: 360 matches of bots at the nine-seat
/// table (three single-seat participants and the rest), played at virtual
/// time into a database and reported from it. Bots report no tokens or cost.
tournament::Report playedReport(const QString &dbPath)
{
    auto parsed = tournament::parseSpec(
        nlohmann::json{{"name", "three bots and the field"},
                       {"rules", "9p"},
                       {"matches", 360},
                       {"seed", 20},
                       {"mirror", true},
                       {"participants",
                        {{{"id", "alpha"}, {"bot", true}},
                         {{"id", "beta"}, {"bot", true}},
                         {{"id", "gamma"}, {"bot", true}},
                         {{"id", "field"}, {"bot", true}, {"seats", "rest"}}}}});
    auto store = townhall::host::Store::open(dbPath);
    if (!parsed.ok() || !store)
        return {};
    auto id = townhall::host::createTournament(store.value(), *parsed.spec);
    if (!id || !townhall::host::runBotTournament(store.value(), id.value(), {}))
        return {};
    auto report = townhall::host::tournamentReport(store.value(), id.value());
    return report ? report.value() : tournament::Report{};
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("leaderboard_screenshot");
    const QStringList args = app.arguments();
    const QString dir = shots::outputDir(args);
    if (dir.isEmpty())
        return 2;
    const QSize size = shots::sizeOption(args, QSize(1400, 900));
    Theme::apply(false, false);

    LeaderboardPanel panel;
    panel.setWindowTitle(QStringLiteral("Leaderboard"));
    const tournament::Report report = buildReport();
    panel.setReport(report);
    panel.setProgress(report.played, report.scheduled, 0);
    panel.resize(size);
    panel.show();

    check(panel.model()->rowCount() == 5, "five participants in the standings");
    check(panel.ratingsChart()->series().size() == 1, "the ratings chart");
    check(panel.costChart()->series().size() == 5, "one cost point per participant");
    check(panel.roleModel()->rowCount() == 20, "four roles for each participant");
    // An illustration of a mixed tournament (hand-built figures, to show the
    // model seats' cost and latency columns).
    shoot(panel, dir, QStringLiteral("leaderboard-mixed"));

    QTemporaryDir tmp;
    const tournament::Report played = playedReport(tmp.filePath(QStringLiteral("t.sqlite")));
    check(played.played == 360, "the bot tournament was played and stored");
    panel.setReport(played);
    panel.setProgress(played.played, played.scheduled, 0);
    check(panel.model()->rowCount() == 4, "four participants in the played tournament");
    shoot(panel, dir, QStringLiteral("leaderboard"));
    panel.tabs()->setCurrentIndex(1);
    shoot(panel, dir, QStringLiteral("leaderboard-roles"));

    const nlohmann::json providers
        = {{"local",
            {{"kind", "openai"}, {"baseUrl", "http://localhost:11434/v1"}, {"model", "qwen3:8b"}}}};
    TournamentDialog dialog({QStringLiteral("local")}, providers);
    dialog.participantsTable()
        ->item(0, TournamentDialog::TargetColumn)
        ->setText(QStringLiteral("my-agent"));
    dialog.removeParticipant(1);
    dialog.addParticipant(TournamentDialog::Kind::Model,
                          QStringLiteral("qwen3-8b"),
                          QStringLiteral("1"),
                          QStringLiteral("local"),
                          QStringLiteral("qwen3:8b"));
    dialog.addParticipant(TournamentDialog::Kind::Push,
                          QStringLiteral("pushy"),
                          QStringLiteral("1"),
                          QStringLiteral("http://127.0.0.1:9000/"),
                          QStringLiteral("8000"));
    dialog.addParticipant(
        TournamentDialog::Kind::Bot, QStringLiteral("bots"), QStringLiteral("rest"));
    dialog.show();
    check(dialog.startButton()->isEnabled(), "the dialog's tournament parses");
    shoot(dialog, dir, QStringLiteral("tournament-dialog"));

    return shots::failures == 0 ? 0 : 1;
}
