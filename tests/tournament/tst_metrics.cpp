// SPDX-License-Identifier: MIT
// IRP, VSS, KSR and the error counts of hand-built event logs, against
// numbers worked out by hand (each test says how).

#include "engine/simulator.h"
#include "tournament/metrics.h"

#include <QTest>

using namespace townhall;
using namespace townhall::tournament;
using engine::EventType;

namespace {

/// A log written event by event, as the engine stores it.
class Log
{
public:
    Log &add(EventType type, json payload)
    {
        engine::Event e;
        e.matchId = "m";
        e.seq = m_events.size() + 1;
        e.eventId = engine::makeEventId(e.matchId, e.seq);
        e.type = type;
        e.payload = std::move(payload);
        m_events.push_back(std::move(e));
        return *this;
    }
    /// MATCH_CREATED and ROLES_ASSIGNED for seats p:1.. with these roles.
    Log &table(const std::vector<std::string> &roles)
    {
        json players = json::array();
        json table = json::object();
        for (std::size_t i = 0; i < roles.size(); ++i) {
            const std::string id = "p:" + std::to_string(i + 1);
            players.push_back({{"playerId", id}, {"seat", i + 1}});
            table[id] = roles[i];
        }
        add(EventType::MatchCreated, {{"players", players}});
        return add(EventType::RolesAssigned, {{"roles", table}});
    }
    Log &vote(const std::string &voter, const std::string &target)
    {
        return add(EventType::VoteCast,
                   {{"voterPlayerId", voter},
                    {"targetPlayerId", target.empty() ? json(nullptr) : json(target)}});
    }
    const std::vector<engine::Event> &events() const { return m_events; }

private:
    std::vector<engine::Event> m_events;
};

/// Five seats: p:1 werewolf, p:2 seer, p:3 doctor, p:4 and p:5 villagers.
///   Night 1: the doctor misses; p:5 is killed.
///   Day 1: p:1..p:4 are given turns, p:3 misses hers. Votes (final):
///     p:2 -> p:4 (after first voting p:1), p:4 -> p:3, p:1 -> p:4,
///     p:3 votes for herself, then abstains. p:4 goes (2 votes).
///   Night 2: p:1, p:2, p:3 alive; p:3 is killed.
///   Day 2: p:1 and p:2 speak. p:2 -> p:1; p:1 lets the vote time out.
///     p:1 goes; the village wins.
std::vector<engine::Event> twoDays()
{
    Log log;
    log.table({"WEREWOLF", "SEER", "DOCTOR", "VILLAGER", "VILLAGER"});
    log.add(EventType::PhaseChanged, {{"to", "NIGHT"}})
        .add(EventType::NightResolved, {{"night", 1}, {"missed", {"p:3"}}})
        .add(EventType::PlayerEliminated,
             {{"playerId", "p:5"}, {"cause", "NIGHT_KILL"}, {"night", 1}})
        .add(EventType::PhaseChanged, {{"to", "DAY_ANNOUNCE"}});
    for (const char *id : {"p:1", "p:2", "p:3", "p:4"})
        log.add(EventType::TurnStarted, {{"playerId", id}});
    log.add(EventType::TurnMissed, {{"playerId", "p:3"}});
    log.vote("p:2", "p:1")
        .vote("p:2", "p:4")
        .vote("p:4", "p:3")
        .vote("p:1", "p:4")
        .vote("p:3", "p:3")
        .vote("p:3", "");
    log.add(EventType::VoteResult,
            {{"day", 1},
             {"abstained", {"p:3"}},
             {"noVote", json::array()},
             {"eliminatedPlayerId", "p:4"}})
        .add(EventType::PlayerEliminated, {{"playerId", "p:4"}, {"cause", "VOTE"}, {"day", 1}})
        .add(EventType::PhaseChanged, {{"to", "NIGHT"}})
        .add(EventType::NightResolved, {{"night", 2}, {"missed", json::array()}})
        .add(EventType::PlayerEliminated,
             {{"playerId", "p:3"}, {"cause", "NIGHT_KILL"}, {"night", 2}})
        .add(EventType::PhaseChanged, {{"to", "DAY_ANNOUNCE"}})
        .add(EventType::TurnStarted, {{"playerId", "p:1"}})
        .add(EventType::TurnStarted, {{"playerId", "p:2"}});
    log.vote("p:2", "p:1");
    log.add(
           EventType::VoteResult,
           {{"day", 2}, {"abstained", {"p:1"}}, {"noVote", {"p:1"}}, {"eliminatedPlayerId", "p:1"}})
        .add(EventType::PlayerEliminated, {{"playerId", "p:1"}, {"cause", "VOTE"}, {"day", 2}})
        .add(EventType::GameEnded, {{"winningTeam", "VILLAGERS"}});
    return log.events();
}

} // namespace

class TestMetrics : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seatsAndResult()
    {
        const MatchFacts f = analyzeMatch(twoDays());
        QVERIFY(f.ended);
        QVERIFY(f.winner == engine::Team::Villagers);
        QCOMPARE(f.seats.size(), std::size_t(5));
        QVERIFY(f.seats[0].role == engine::Role::Werewolf);
        QVERIFY(f.seats[2].role == engine::Role::Doctor);
        QCOMPARE(f.seats[4].playerId, std::string("p:5"));
    }

    void votesBehindIrpAndVss()
    {
        const MatchFacts f = analyzeMatch(twoDays());
        // The seer: day 1 p:4 (her changed vote; the first does not count,
        // eliminated), day 2 p:1 (a wolf, eliminated): 2 votes, 1 for a
        // wolf, 2 with the outcome.
        QCOMPARE(f.seats[1].votes, 2);
        QCOMPARE(f.seats[1].votesForWolves, 1);
        QCOMPARE(f.seats[1].votesWithOutcome, 2);
        // The wolf voted p:4 on day 1 (with the outcome) and not on day 2.
        QCOMPARE(f.seats[0].votes, 1);
        QCOMPARE(f.seats[0].votesWithOutcome, 1);
        // p:4 voted p:3, who was not eliminated; the doctor abstained.
        QCOMPARE(f.seats[3].votes, 1);
        QCOMPARE(f.seats[3].votesForWolves, 0);
        QCOMPARE(f.seats[3].votesWithOutcome, 0);
        QCOMPARE(f.seats[2].votes, 0);
    }

    void nightsBehindKsr()
    {
        const MatchFacts f = analyzeMatch(twoDays());
        // Night 1: all five alive, p:5 killed. Night 2: p:1, p:2, p:3 alive, p:3 killed.
        QCOMPARE(f.seats[0].nightsAlive, 2);
        QCOMPARE(f.seats[0].nightsSurvived, 2);
        QCOMPARE(f.seats[1].nightsSurvived, 2);
        QCOMPARE(f.seats[2].nightsAlive, 2);
        QCOMPARE(f.seats[2].nightsSurvived, 1);
        QCOMPARE(f.seats[3].nightsAlive, 1);
        QCOMPARE(f.seats[3].nightsSurvived, 1);
        QCOMPARE(f.seats[4].nightsAlive, 1);
        QCOMPARE(f.seats[4].nightsSurvived, 0);
    }

    void owedAndMissedActions()
    {
        const MatchFacts f = analyzeMatch(twoDays());
        // Wolf: 2 nights + 2 turns + 2 votes owed; missed the day 2 vote.
        QCOMPARE(f.seats[0].owedActions, 6);
        QCOMPARE(f.seats[0].missedActions, 1);
        // Seer: the same six, all made.
        QCOMPARE(f.seats[1].owedActions, 6);
        QCOMPARE(f.seats[1].actionsMade(), 6);
        // Doctor: 2 nights + 1 turn + 1 vote (an abstention is a vote made);
        // missed night 1 and her turn.
        QCOMPARE(f.seats[2].owedActions, 4);
        QCOMPARE(f.seats[2].missedActions, 2);
        // Villagers owe nothing at night: p:4 one turn and one vote, p:5 nothing.
        QCOMPARE(f.seats[3].owedActions, 2);
        QCOMPARE(f.seats[4].owedActions, 0);
    }

    void errorCounts()
    {
        const MatchFacts f = analyzeMatch(twoDays());
        QCOMPARE(f.seats[0].errors.timeouts, 1); // the day 2 vote
        QCOMPARE(f.seats[0].errors.noVote, 1);
        QCOMPARE(f.seats[2].errors.timeouts, 2); // night 1 and her turn
        QCOMPARE(f.seats[2].errors.noVote, 1);   // the abstention
        QCOMPARE(f.seats[2].errors.selfVote, 1); // changed afterwards, still made
        QCOMPARE(f.seats[1].errors.timeouts, 0);
        QCOMPARE(f.seats[1].errors.noVote, 0);
        QCOMPARE(f.seats[1].errors.selfVote, 0);
    }

    void seatFailureRule()
    {
        MatchRecord m;
        m.log = twoDays();
        // The doctor made 2 of 4, the wolf 5 of 6, p:5 owed nothing.
        for (std::size_t seat = 0; seat < 5; ++seat)
            QVERIFY(!seatFailed(m, seat));
        // Handed to the stand-in for good: failed, whatever it did.
        m.telemetry.resize(5);
        m.telemetry[1].handedOver = true;
        QVERIFY(seatFailed(m, 1));

        // A wolf that misses its night, its turn and its vote: 3 owed, none made.
        Log silent;
        silent.table({"WEREWOLF", "VILLAGER", "VILLAGER"});
        silent.add(EventType::NightResolved, {{"night", 1}, {"missed", {"p:1"}}})
            .add(EventType::TurnStarted, {{"playerId", "p:1"}})
            .add(EventType::TurnMissed, {{"playerId", "p:1"}})
            .vote("p:2", "p:3");
        silent.add(EventType::VoteResult,
                   {{"abstained", {"p:1"}}, {"noVote", {"p:1"}}, {"eliminatedPlayerId", "p:3"}});
        MatchRecord s;
        s.log = silent.events();
        QVERIFY(seatFailed(s, 0));
        QVERIFY(!seatFailed(s, 1)); // one vote owed and made
        QVERIFY(!seatFailed(s, 7)); // no such seat
    }

    void aLogWithoutItsTableGivesNoSeats()
    {
        Log log;
        log.vote("p:1", "p:2");
        log.add(EventType::GameEnded, {{"winningTeam", "NONE"}});
        const MatchFacts f = analyzeMatch(log.events());
        QVERIFY(f.seats.empty());
        QVERIFY(f.ended);
        QVERIFY(!f.winner.has_value());
    }

    void simulatedMatchesAddUp_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::newRow("classic") << "classic";
        QTest::newRow("seer, witch, hunter, PK") << "seed002-9";
        QTest::newRow("twelve seats") << "seed002-12";
    }

    void simulatedMatchesAddUp()
    {
        // Whole bot matches from the engine: the seats' counts must add up to
        // what the log's own summaries say.
        QFETCH(QString, rules);
        const auto preset = engine::rulePreset(rules.toStdString());
        QVERIFY(preset.has_value());
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            engine::MatchConfig config;
            config.rules = *preset;
            const auto played = engine::simulateMatch(seed, config);
            const auto &log = played.match->log();
            const MatchFacts f = analyzeMatch(log);
            QVERIFY(f.ended);
            QCOMPARE(f.winner.has_value(), !played.draw);
            int tallied = 0;
            int nightKills = 0;
            for (const auto &e : log) {
                if (e.type == EventType::VoteResult)
                    for (const auto &[target, n] : e.payload["tally"].items())
                        tallied += n.get<int>();
                if (e.type == EventType::PlayerEliminated && e.payload["cause"] == "NIGHT_KILL")
                    ++nightKills;
            }
            int votes = 0;
            int killed = 0;
            for (const SeatFacts &s : f.seats) {
                votes += s.votes;
                killed += s.nightsAlive - s.nightsSurvived;
                QVERIFY(s.missedActions <= s.owedActions);
                QVERIFY(s.votesForWolves <= s.votes && s.votesWithOutcome <= s.votes);
                QCOMPARE(s.errors.selfVote, 0); // the engine refuses them
            }
            QCOMPARE(votes, tallied);
            QCOMPARE(killed, nightKills);
        }
    }
};

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
