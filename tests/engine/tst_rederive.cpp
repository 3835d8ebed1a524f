// SPDX-License-Identifier: MIT
// rederive(): an imported log is played again by the rules; only an honest
// one comes back unchanged.

#include "engine/rederive.h"
#include "engine/rules.h"
#include "engine/simulator.h"
#include "table.h"

#include <functional>

using namespace townhall::engine;
using namespace townhall::engine::test;

namespace {

/// The first event of `log` of type `t` matching `pred`, or -1.
int find(const std::vector<Event> &log,
         EventType t,
         const std::function<bool(const Event &)> &pred = {})
{
    for (std::size_t i = 0; i < log.size(); ++i)
        if (log[i].type == t && (!pred || pred(log[i])))
            return static_cast<int>(i);
    return -1;
}

std::string refusal(const std::vector<Event> &log)
{
    auto r = rederive(log);
    return r ? std::string() : r.error().message;
}

} // namespace

class TstRederive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every simulated match of every table, deals and fallbacks included,
    // comes back event for event.
    void honestLogsComeBackUnchanged()
    {
        std::vector<MatchConfig> configs(1);
        for (const RuleSet &r : rulePresets()) {
            MatchConfig c;
            c.rules = r;
            configs.push_back(c);
        }
        int matches = 0;
        for (const MatchConfig &cfg : configs) {
            for (std::uint64_t seed = 1; seed <= 150; ++seed) {
                const SimulatedMatch sim = simulateMatch(seed * 7919, cfg);
                auto r = rederive(sim.match->log());
                QVERIFY2(r, r ? "" : r.error().message.c_str());
                QCOMPARE(r->size(), sim.match->log().size());
                for (std::size_t i = 0; i < r->size(); ++i)
                    QVERIFY(toJson((*r)[i]) == toJson(sim.match->log()[i]));
                ++matches;
            }
        }
        QVERIFY(matches >= 300);
    }

    // The host's controls are causes too: pause, resume, skip, breakpoints, step.
    void hostControlsAreReplayed()
    {
        Table t(11);
        t.readyAll();
        t.now += 1000;
        (void)t.m.pause(t.now);
        t.now += 60000;
        (void)t.m.resume(t.now);
        QVERIFY_OK(t.kill(t.wolf(0), t.villager(0)));
        t.now += 500;
        (void)t.m.skipPhase(t.now);
        (void)t.m.setSpeed(4, t.now);
        (void)t.m.setBreakpoints({true, false}, t.now);
        t.step(); // the next phase begins, and the breakpoint stops it
        QVERIFY(t.s().paused);
        t.now += 100;
        (void)t.m.step(t.now); // one phase, then stopped again
        t.step();
        t.now += 100;
        (void)t.m.setBreakpoints({false, false}, t.now);
        (void)t.m.resume(t.now); // not paused: a recovery's grace period
        t.until(Phase::DayDiscussion);
        QVERIFY(t.s().paused); // the step stops at the next phase
        t.now += 100;
        (void)t.m.resume(t.now);
        QVERIFY_OK(t.say(t.villager(1), "I have a bad feeling about this."));
        t.until(Phase::Night);
        const std::string why = refusal(t.m.log());
        QVERIFY2(why.empty(), why.c_str());
    }

    // Issue 29 item 6: the toolbar's speed reaches a running match. The time
    // left is rescaled, later phases use the new factor, and a replay of the
    // log has the same deadlines.
    void speedChangeRescalesTheRunningMatch()
    {
        Table t(3);
        t.readyAll();
        QCOMPARE_E(t.s().phase, Phase::Night);
        const TimeMs left = t.s().phaseEndsAt - t.now;
        t.now += 1000;
        const auto events = t.m.setSpeed(10, t.now);
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE_E(events.front().type, EventType::MatchResumed);
        QCOMPARE(events.front().payload.at("reason").get<std::string>(), std::string("speed"));
        QCOMPARE(t.s().phaseEndsAt, t.now + (left - 1000) / 10);
        QCOMPARE(t.s().config.speed, 10.0);
        QVERIFY(t.m.setSpeed(10, t.now).empty()); // the same factor: nothing
        t.until(Phase::DayAnnounce);
        const TimeMs announce = t.s().phaseEndsAt - t.now;
        QCOMPARE(announce, t.s().config.scaled(t.s().config.timers.dayAnnounce));
        auto replayed = Match::fromLog(t.m.log());
        QVERIFY(replayed);
        QCOMPARE(replayed->stateHash(), t.m.stateHash());
        (void)t.m.pause(t.now);
        QVERIFY(t.m.setSpeed(2, t.now).empty()); // paused: the match keeps its timers
    }

    // What the issue found, and what else a forger would try.
    void forgedLogsAreRefused_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("wolf chat marked public") << 0 << "audience should be WOLVES";
        QTest::newRow("winner flipped") << 1 << "GAME_ENDED";
        QTest::newRow("seer result flipped") << 2 << "SEER_INSPECTED";
        QTest::newRow("an event dropped") << 3 << "is not what the rules make";
        QTest::newRow("an event added at the end")
            << 4 << "refused by the rules: match match-1 has ended";
        QTest::newRow("a role card shown to everyone") << 5 << "audience should be PLAYER";
    }
    void forgedLogsAreRefused()
    {
        QFETCH(int, kind);
        QFETCH(QString, expected);
        Table t(5);
        t.readyAll();
        QVERIFY_OK(t.wolfChat(t.wolf(0), "Let us take the seer."));
        QVERIFY_OK(t.inspect(t.seer(), t.wolf(1)));
        QVERIFY_OK(t.kill(t.wolf(0), t.villager(0)));
        QVERIFY_OK(t.kill(t.wolf(1), t.villager(0)));
        QVERIFY_OK(t.protect(t.doctor(), t.seer()));
        for (int i = 0; i < 400 && !t.m.ended(); ++i)
            t.step();
        QVERIFY(t.m.ended());
        QVERIFY2(refusal(t.m.log()).empty(), refusal(t.m.log()).c_str());

        std::vector<Event> log = t.m.log();
        int at = -1;
        switch (kind) {
        case 0:
            at = find(log, EventType::WolfChatMessage);
            log[at].audience = Audience::Public;
            break;
        case 1: {
            at = find(log, EventType::GameEnded);
            const std::string w = log[at].payload.at("winningTeam").get<std::string>();
            log[at].payload["winningTeam"] = w == "VILLAGERS" ? "WEREWOLVES" : "VILLAGERS";
            break;
        }
        case 2:
            at = find(log, EventType::SeerInspected);
            log[at].payload["alignment"] = "NOT_WEREWOLF";
            break;
        case 3:
            at = find(log, EventType::NightResult);
            log.erase(log.begin() + at);
            for (std::size_t i = static_cast<std::size_t>(at); i < log.size(); ++i) {
                log[i].seq = i + 1;
                log[i].eventId = makeEventId(log[i].matchId, log[i].seq);
            }
            break;
        case 4: {
            Event extra = log.back();
            extra.seq = log.size() + 1;
            extra.eventId = makeEventId(extra.matchId, extra.seq);
            extra.type = EventType::PublicMessage;
            extra.payload = {{"playerId", "p:1"}, {"text", "forged"}, {"kind", "DISCUSSION"}};
            log.push_back(extra);
            break;
        }
        case 5:
            at = find(log, EventType::RoleCard);
            log[at].audience = Audience::Public;
            log[at].audiencePlayerId.clear();
            break;
        }
        const std::string why = refusal(log);
        QVERIFY2(!why.empty(), "a forged log was accepted");
        QVERIFY2(QString::fromStdString(why).contains(expected), why.c_str());
    }
};

QTEST_APPLESS_MAIN(TstRederive)
#include "tst_rederive.moc"
