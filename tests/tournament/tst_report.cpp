// SPDX-License-Identifier: MIT
// The report: the failure rules on hand-built records, a tournament of
// simulated bot matches, and the four formats.

#include "engine/simulator.h"
#include "tournament/report.h"

#include <QTest>

#include <algorithm>

using namespace townhall;
using namespace townhall::tournament;
using engine::EventType;

namespace {

TournamentSpec specOf(const json &j)
{
    auto parsed = parseSpec(j);
    if (!parsed.ok())
        qFatal("spec refused: %s", parsed.errors.front().c_str());
    return *parsed.spec;
}

json threeParticipants(const std::string &failure)
{
    return {{"name", "rules test"},
            {"matches", 2},
            {"failure", failure},
            {"participants",
             {{{"id", "a"}, {"bot", true}},
              {{"id", "b"}, {"bot", true}},
              {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
}

engine::Event event(EventType type, json payload)
{
    engine::Event e;
    e.type = type;
    e.payload = std::move(payload);
    return e;
}

/// A classic table: "a" in seat 1 as a werewolf, "b" in seat 3 as the seer,
/// the bots elsewhere; the wolves win. When `aSilent`, seat 1 lets its
/// night, turn and vote pass: owed three, made none, so it failed.
MatchRecord record(int index, bool aSilent)
{
    const std::vector<engine::Role> roles{engine::Role::Werewolf,
                                          engine::Role::Werewolf,
                                          engine::Role::Seer,
                                          engine::Role::Doctor,
                                          engine::Role::Villager,
                                          engine::Role::Villager,
                                          engine::Role::Villager,
                                          engine::Role::Villager};
    MatchRecord m;
    m.index = index;
    m.matchId = "m" + std::to_string(index);
    json players = json::array();
    json table = json::object();
    int slot = 0;
    for (std::size_t i = 0; i < roles.size(); ++i) {
        const std::string who = i == 0 ? "a" : i == 2 ? "b" : "bots";
        m.seats.push_back({who, who == "bots" ? slot++ : 0, roles[i], "N" + std::to_string(i)});
        const std::string id = "p:" + std::to_string(i + 1);
        players.push_back({{"playerId", id}, {"seat", i + 1}});
        table[id] = engine::toString(roles[i]);
    }
    m.log.push_back(event(EventType::MatchCreated, {{"players", players}}));
    m.log.push_back(event(EventType::RolesAssigned, {{"roles", table}}));
    m.log.push_back(event(EventType::NightResolved,
                          {{"night", 1}, {"missed", aSilent ? json{"p:1"} : json::array()}}));
    m.log.push_back(event(EventType::TurnStarted, {{"playerId", "p:1"}}));
    if (aSilent)
        m.log.push_back(event(EventType::TurnMissed, {{"playerId", "p:1"}}));
    m.log.push_back(event(EventType::VoteResult,
                          {{"abstained", aSilent ? json{"p:1"} : json::array()},
                           {"noVote", aSilent ? json{"p:1"} : json::array()},
                           {"eliminatedPlayerId", nullptr}}));
    m.log.push_back(event(EventType::GameEnded, {{"winningTeam", "WEREWOLVES"}}));
    return m;
}

const ParticipantResult &find(const Report &r, const std::string &id)
{
    const auto it = std::find_if(r.participants.begin(),
                                 r.participants.end(),
                                 [&](const ParticipantResult &p) { return p.participantId == id; });
    if (it == r.participants.end())
        qFatal("no participant %s", id.c_str());
    return *it;
}

/// Splits RFC 4180 CSV into rows of fields (quoted fields may hold commas,
/// quotes and line breaks).
std::vector<std::vector<std::string>> parseCsv(const std::string &text)
{
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                rows.back().back() += text[++i];
            else if (c == '"')
                quoted = false;
            else
                rows.back().back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().emplace_back();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;
            rows.emplace_back(1);
        } else {
            rows.back().back() += c;
        }
    }
    if (rows.back().size() == 1 && rows.back().front().empty())
        rows.pop_back();
    return rows;
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countRuleCountsEverything()
    {
        const Report r = computeReport(
            "t", specOf(threeParticipants("count")), {record(1, true), record(0, false)});
        QCOMPARE(r.played, 2);
        QCOMPARE(r.counted, 2);
        QCOMPARE(r.voided + r.forfeited, 0);
        QCOMPARE(r.werewolfWins, 2);
        QCOMPARE(find(r, "a").overall.games, 2);
        QCOMPARE(find(r, "a").overall.wins, 2);
        QCOMPARE(find(r, "a").failures, 1);
        QCOMPARE(find(r, "b").failures, 0);
        QVERIFY(r.matchIds
                == (std::vector<std::string>{"m0", "m1"})); // schedule order, not input order
    }

    void voidRuleCountsAFailedMatchForNoOne()
    {
        const Report r = computeReport(
            "t", specOf(threeParticipants("void")), {record(0, false), record(1, true)});
        QCOMPARE(r.played, 2);
        QCOMPARE(r.counted, 1);
        QCOMPARE(r.voided, 1);
        QCOMPARE(find(r, "a").overall.games, 1);
        QCOMPARE(find(r, "b").overall.games, 1);
        QCOMPARE(find(r, "a").failures, 1);
        // The failure still shows in the errors: the match happened.
        QCOMPARE(find(r, "a").errors.timeouts, 3);
        // Ratings as if the failed match never was.
        const Report once
            = computeReport("t", specOf(threeParticipants("void")), {record(0, false)});
        QCOMPARE(find(r, "a").overall.rating.value, find(once, "a").overall.rating.value);
        QCOMPARE(find(r, "bots").overall.rating.value, find(once, "bots").overall.rating.value);
    }

    void forfeitRuleCountsOnlyAsALossForTheOneAtFault()
    {
        const Report r = computeReport(
            "t", specOf(threeParticipants("forfeit")), {record(0, false), record(1, true)});
        const Report once
            = computeReport("t", specOf(threeParticipants("forfeit")), {record(0, false)});
        QCOMPARE(r.counted, 1);
        QCOMPARE(r.forfeited, 1);
        QCOMPARE(r.voided, 0);
        const ParticipantResult &a = find(r, "a");
        QCOMPARE(a.overall.games, 2);
        QCOMPARE(a.overall.wins, 1); // the wolves won match 1, but a forfeited it
        QCOMPARE(a.roles.front().games, 2);
        QVERIFY(a.roles.front().role == engine::Role::Werewolf);
        QVERIFY(a.overall.rating.value < find(once, "a").overall.rating.value);
        // Everyone else: as if match 1 had not been played.
        QCOMPARE(find(r, "b").overall.games, 1);
        QCOMPARE(find(r, "b").overall.rating.value, find(once, "b").overall.rating.value);
        QCOMPARE(find(r, "bots").overall.rating.value, find(once, "bots").overall.rating.value);
    }

    // A spoiled match (the host saw what a person at the table may not) is
    // left out of ratings and win rates for everyone, whatever the failure
    // rule; it still counts as played, and every format says which and why.
    void aSpoiledMatchIsLeftOutAndSaidSo()
    {
        MatchRecord spoiled = record(1, true);
        spoiled.spoiledAt = "2026-11-28T15:00:00.000Z";
        for (const char *rule : {"count", "void", "forfeit"}) {
            const Report r
                = computeReport("t", specOf(threeParticipants(rule)), {record(0, false), spoiled});
            const Report once
                = computeReport("t", specOf(threeParticipants(rule)), {record(0, false)});
            QCOMPARE(r.played, 2);
            QCOMPARE(r.counted, 1);
            QCOMPARE(r.spoiled, 1);
            QCOMPARE(r.voided + r.forfeited, 0);
            QCOMPARE(find(r, "a").overall.games, 1);
            QCOMPARE(find(r, "a").overall.rating.n, 1);
            QCOMPARE(find(r, "a").overall.rating.value, find(once, "a").overall.rating.value);
            QCOMPARE(find(r, "b").roles.front().rating.value,
                     find(once, "b").roles.front().rating.value);
            // What happened at the table is still reported.
            QCOMPARE(find(r, "a").failures, 1);
            QCOMPARE(r.matches.back().outcome, std::string("spoiled"));
            QCOMPARE(r.matches.back().spoiledAt.value_or(""), *spoiled.spoiledAt);
            const json j = r.toJson();
            QCOMPARE(j["spoiled"].get<int>(), 1);
            QVERIFY(j["matches"][1]["spoiledAt"] == *spoiled.spoiledAt);
            for (const std::string &text : {toMarkdown(r), toHtml(r)}) {
                QVERIFY2(text.find("1 spoiled") != std::string::npos, text.c_str());
                QVERIFY2(text.find("match 2 (m1): spoiled") != std::string::npos, text.c_str());
                QVERIFY2(text.find("omniscient view") != std::string::npos, text.c_str());
            }
        }
        // Nothing spoiled: the report reads as before.
        const Report plain
            = computeReport("t", specOf(threeParticipants("count")), {record(0, false)});
        QVERIFY(toMarkdown(plain).find("spoiled") == std::string::npos);
        QVERIFY(toMarkdown(plain).find("Matches left out") == std::string::npos);
    }

    void unplayedMatchesAreLeftOut()
    {
        MatchRecord running = record(1, false);
        running.log.pop_back(); // no GAME_ENDED yet
        const Report r
            = computeReport("t", specOf(threeParticipants("void")), {record(0, false), running});
        QCOMPARE(r.scheduled, 2);
        QCOMPARE(r.played, 1);
        QVERIFY(r.matchIds == std::vector<std::string>{"m0"});
    }

    void telemetryRoundTripsAndFeedsCost()
    {
        SeatTelemetry t;
        t.illegalCalls = 2;
        t.standInTurns = 1;
        t.handedOver = true;
        t.providerCalls = 4;
        t.tokensIn = 1000;
        t.tokensOut = 200;
        t.costUsd = 0.5;
        t.latencyMsSum = 800;
        t.timeouts = 1;
        QVERIFY(SeatTelemetry::fromJson(t.toJson()).toJson() == t.toJson());
        QVERIFY(SeatTelemetry::fromJson(json("nonsense")).toJson() == SeatTelemetry{}.toJson());

        MatchRecord m = record(0, false);
        m.telemetry.resize(8);
        t.handedOver = false;
        m.telemetry[2] = t; // b's seat
        const Report r = computeReport("t", specOf(threeParticipants("count")), {m});
        const ParticipantResult &b = find(r, "b");
        QCOMPARE(b.meanLatencyMs, 200.0);
        QCOMPARE(b.errors.illegalCalls, 2);
        QCOMPARE(b.errors.standInTurns, 1);
        QCOMPARE(b.errors.timeouts, 1);
        QCOMPARE(b.tokensIn, std::int64_t(1000));
        // The seer's only action in this log is her night: one turn for $0.50.
        QCOMPARE(b.costPerTurn, 0.5);
    }

    /// Issue 29 #19: every format names each model participant's model; the
    /// HTML page explains IRP, VSS and KSR and shows the tokens.
    void modelsAreNamedInEveryFormat()
    {
        const auto spec = specOf({{"name", "models"},
                                  {"matches", 2},
                                  {"providers",
                                   {{"local",
                                     {{"kind", "openai"},
                                      {"baseUrl", "http://127.0.0.1:11434/v1"},
                                      {"model", "llama3.2"}}}}},
                                  {"participants",
                                   {{{"id", "m"}, {"provider", "local"}},
                                    {{"id", "q"}, {"provider", "local"}, {"model", "qwen3:8b"}},
                                    {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}});
        const Report r = computeReport("t", spec, {});
        QCOMPARE(find(r, "m").model, std::string("llama3.2 (local)"));
        QCOMPARE(find(r, "q").model, std::string("qwen3:8b (local)"));
        QVERIFY(find(r, "bots").model.empty());
        for (const std::string &text : {toMarkdown(r), toCsv(r), toJsonText(r), toHtml(r)}) {
            QVERIFY2(text.find("llama3.2") != std::string::npos, text.c_str());
            QVERIFY2(text.find("qwen3:8b") != std::string::npos, text.c_str());
        }
        const auto rows = parseCsv(toCsv(r));
        QCOMPARE(rows[0].back(), std::string("model"));
        for (const auto &row : rows)
            QCOMPARE(row.size(), rows[0].size());
        const std::string page = toHtml(r);
        for (const char *words : {"identification precision",
                                  "voting success",
                                  "kill survival rate",
                                  "Tokens in",
                                  "Tokens out"})
            QVERIFY2(page.find(words) != std::string::npos, words);
        QVERIFY(toMarkdown(r).find("identification precision") != std::string::npos);
    }

    /// Issue 29 #19: the report lists its played matches with their results
    /// (the Leaderboard's Matches tab names them by these).
    void playedMatchesCarryTheirResult()
    {
        const Report r = computeReport(
            "t", specOf(threeParticipants("void")), {record(1, false), record(0, true)});
        QCOMPARE(r.matches.size(), std::size_t(2));
        QCOMPARE(r.matches[0].matchId, std::string("m0"));
        QCOMPARE(r.matches[0].index, 0);
        QCOMPARE(r.matches[0].outcome, std::string("voided"));
        QCOMPARE(r.matches[0].failed.size(), std::size_t(1));
        QCOMPARE(r.matches[0].failed.front(), std::string("a"));
        QVERIFY(r.matches[0].winner == engine::Team::Werewolves);
        QCOMPARE(r.matches[1].outcome, std::string("counted"));
        QVERIFY(r.matches[1].failed.empty());
        QCOMPARE(r.toJson()["matches"].size(), std::size_t(2));
        QVERIFY(r.toJson()["matches"][0]["winner"] == "WEREWOLVES");
    }

    void simulatedTournamentAndFormats()
    {
        // Two identical bots, one seat each, among the rest: 96 matches.
        auto spec = specOf({{"name", "<b>x</b> & co"},
                            {"matches", 96},
                            {"seed", 11},
                            {"participants",
                             {{{"id", "a"}, {"bot", true}},
                              {{"id", "b"}, {"name", "<b>x</b>"}, {"bot", true}},
                              {{"id", "bots"},
                               {"name", "bots, \"the rest\""},
                               {"bot", true},
                               {"seats", "rest"}}}}});
        std::vector<MatchRecord> records;
        for (const ScheduledMatch &sm : schedule(spec)) {
            engine::MatchConfig config;
            config.rules = spec.rules;
            config.deal = sm.deal();
            engine::SimulatedTable table;
            table.matchId = "m" + std::to_string(sm.index);
            for (const ScheduledSeat &seat : sm.seats)
                table.seats.push_back(
                    {seat.participantId + "." + std::to_string(seat.slot), seat.displayName});
            auto played = engine::simulateMatch(sm.seed, config, table);
            records.push_back({sm.index, table.matchId, sm.seats, {}, played.match->log()});
        }
        const Report r = computeReport("t96", spec, records);
        QCOMPARE(r.played, 96);
        QCOMPARE(r.counted, 96);
        QCOMPARE(r.villagerWins + r.werewolfWins + r.draws, 96);
        QCOMPARE(static_cast<int>(r.matchIds.size()), 96);
        const ParticipantResult &a = find(r, "a");
        const ParticipantResult &b = find(r, "b");
        QCOMPARE(a.overall.games, 96);
        QCOMPARE(b.failures + a.failures, 0);
        // The same bot in two chairs: their intervals overlap.
        QVERIFY(a.overall.rating.low < b.overall.rating.high
                && b.overall.rating.low < a.overall.rating.high);
        QVERIFY(a.overall.winRate.low < b.overall.winRate.high
                && b.overall.winRate.low < a.overall.winRate.high);
        QVERIFY(a.irp.n > 0 && a.vss.n > 0 && a.ksr.n > 0);
        // Every seat of every match is a game of someone's.
        int seatGames = 0;
        for (const ParticipantResult &p : r.participants) {
            seatGames += p.overall.games;
            int byRole = 0;
            for (const RoleResult &role : p.roles)
                byRole += role.games;
            QCOMPARE(byRole, p.overall.games);
        }
        QCOMPARE(seatGames, 96 * 8);
        // Sorted by the rating's lower bound.
        for (std::size_t i = 1; i < r.participants.size(); ++i)
            QVERIFY(r.participants[i - 1].overall.rating.low
                    >= r.participants[i].overall.rating.low);

        const std::string md = toMarkdown(r);
        const std::string csv = toCsv(r);
        const std::string text = toJsonText(r);
        const std::string page = toHtml(r);
        QVERIFY(md.find("| # | Participant | Kind | Model | Rating (mu) | 95% interval |")
                != std::string::npos);
        const json parsed = json::parse(text);
        QVERIFY(parsed == r.toJson());
        for (const std::string name : {"a", "<b>x</b>", "bots, \"the rest\""}) {
            QVERIFY(md.find(name) != std::string::npos);
            QVERIFY(std::any_of(parsed["participants"].begin(),
                                parsed["participants"].end(),
                                [&](const json &p) { return p["name"] == name; }));
        }

        const auto rows = parseCsv(csv);
        const std::size_t rolesPerParticipant = 1 + a.roles.size();
        QCOMPARE(rows.size(), 1 + 3 * rolesPerParticipant);
        QCOMPARE(rows[0][0], std::string("participant_id"));
        for (const auto &row : rows)
            QCOMPARE(row.size(), rows[0].size());
        QCOMPARE(rows[1][3], std::string("all"));
        bool quotedName = false;
        for (const auto &row : rows)
            quotedName = quotedName || row[1] == "bots, \"the rest\"";
        QVERIFY(quotedName);

        QVERIFY(page.find("<b>x</b>") == std::string::npos);
        QVERIFY(page.find("&lt;b&gt;x&lt;/b&gt;") != std::string::npos);
        QVERIFY(page.find("<svg") != std::string::npos);
        QVERIFY(page.find("<script") == std::string::npos);
        // Self-contained: nothing to fetch.
        for (const char *external : {"src=", "href=", "url(", "@import"})
            QVERIFY(page.find(external) == std::string::npos);
        QVERIFY(page.find(">a<") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
