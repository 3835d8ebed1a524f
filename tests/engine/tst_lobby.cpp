// SPDX-License-Identifier: MIT
// The lobby's queues: one per rule set, each filling at its own table size.

#include "engine/lobby.h"

#include <QtTest>

#include <set>

using namespace townhall::engine;

namespace {

/// Joins `n` agents named after `prefix` to `queueId`; returns the last join.
Lobby::JoinResult
fill(Lobby &lobby, const std::string &queueId, int n, const std::string &prefix, TimeMs at = 1000)
{
    Lobby::JoinResult last;
    for (int i = 1; i <= n; ++i) {
        auto r
            = lobby.join(prefix + std::to_string(i), "Agent " + std::to_string(i), queueId, at + i);
        if (!r)
            qFatal("join refused: %s", r.error().message.c_str());
        last = std::move(*r);
    }
    return last;
}

} // namespace

class TstLobby : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultQueueStaysClassic()
    {
        Lobby lobby(7);
        QCOMPARE(lobby.seatCount(), 8);
        auto seven = fill(lobby, DefaultQueueId, 7, "a");
        QVERIFY(!seven.startedMatch);
        QCOMPARE(seven.status.requiredPlayers, 8);
        auto eighth = lobby.join("a8", "Agent 8", DefaultQueueId, 2000);
        QVERIFY(eighth && eighth->startedMatch);
        const Match &m = *eighth->startedMatch;
        QCOMPARE(m.state().players.size(), std::size_t(8));
        QVERIFY(m.state().config.rules.isClassic());
        // Classic never writes its rules into MATCH_CREATED (logs unchanged).
        QVERIFY(m.log().front().payload.dump().find("seed002") == std::string::npos);
        QVERIFY(m.log().front().payload.dump().find("witch-") == std::string::npos);
    }

    void presetQueueFillsAtItsOwnSize()
    {
        Lobby lobby(7);
        const std::string q9 = std::string(PresetQueuePrefix) + "seed002-9";
        QCOMPARE(lobby.seatCount(q9), 9);
        auto eight = fill(lobby, q9, 8, "n");
        QVERIFY(!eight.startedMatch); // eight is a classic table, not this one
        QCOMPARE(eight.status.requiredPlayers, 9);
        QCOMPARE(eight.status.size, 8);
        QCOMPARE(eight.status.position.value_or(0), 8);
        QCOMPARE(eight.status.estimatedStartSeconds, std::int64_t(10));
        // The default queue does not see these agents.
        QCOMPARE(lobby.queue().size(), std::size_t(0));
        auto st = lobby.status("n3", q9);
        QVERIFY(st);
        QCOMPARE(st->position.value_or(0), 3);
        QCOMPARE(st->requiredPlayers, 9);

        auto ninth = lobby.join("n9", "Agent 9", q9, 3000);
        QVERIFY(ninth && ninth->startedMatch);
        const Match &m = *ninth->startedMatch;
        QCOMPARE(m.state().players.size(), std::size_t(9));
        QCOMPARE(m.state().config.rules, *rulePreset("seed002-9"));
        QVERIFY(m.state().config.rules.hasRole(Role::Witch));
        QCOMPARE(lobby.queue(q9).size(), std::size_t(0));
        QVERIFY(ninth->records.back().kind == LobbyRecord::Kind::MatchStarted);
        QCOMPARE(ninth->records.back().seatedAgents.size(), std::size_t(9));
        QCOMPARE(ninth->records.back().queueId, q9);
    }

    // Issue 28 item 8: an imported match whose id is not its number's
    // ("match-3" numbered 2) made the next match collide with it for good.
    void newMatchesNeverReuseATakenId()
    {
        Lobby lobby(7);
        LobbyRecord imported;
        imported.kind = LobbyRecord::Kind::MatchStarted;
        imported.queueId = DefaultQueueId;
        imported.matchId = "match-3";
        imported.matchNumber = 2;
        lobby.applyRecord(imported);
        std::set<std::string> ids{"match-3"};
        for (int round = 0; round < 3; ++round) {
            auto r = fill(lobby, DefaultQueueId, 8, "r" + std::to_string(round) + "-");
            QVERIFY(r.startedMatch);
            QVERIFY2(ids.insert(r.startedMatch->matchId()).second,
                     r.startedMatch->matchId().c_str());
            QCOMPARE(r.startedMatch->matchId(),
                     Lobby::matchIdFor(r.startedMatch->state().matchNumber));
        }
        QCOMPARE(lobby.buildings().size(), std::size_t(4));
    }

    void queuesAreIndependent()
    {
        Lobby lobby(3);
        const std::string q12 = std::string(PresetQueuePrefix) + "seed002-12";
        fill(lobby, q12, 5, "t");
        auto classic = fill(lobby, DefaultQueueId, 8, "c");
        QVERIFY(classic.startedMatch);
        QCOMPARE(classic.startedMatch->state().players.size(), std::size_t(8));
        QCOMPARE(lobby.queue(q12).size(), std::size_t(5)); // untouched by the classic table
        // An agent queued in one queue may not sit down elsewhere meanwhile,
        // but a seated agent is refused everywhere.
        auto again = lobby.join("c1", "Agent 1", q12, 5000);
        QVERIFY(!again);
        QVERIFY(again.error().code == ErrorCode::AlreadyInMatch);
    }

    void unknownQueueIsRefused()
    {
        Lobby lobby(1);
        for (const char *bad : {"werewolf-nope", "werewolf-", "", "seed002-9"}) {
            auto r = lobby.join("x", "X", bad, 1);
            QVERIFY2(!r, bad);
            QVERIFY(r.error().code == ErrorCode::UnknownQueue);
            QVERIFY(r.error().message.find("werewolf-witch-hunter-9")
                    != std::string::npos); // names what exists
            QVERIFY(lobby.status("x", bad).error().code == ErrorCode::UnknownQueue);
            QVERIFY(lobby.leave("x", bad, 1).error().code == ErrorCode::UnknownQueue);
        }
    }

    // A preset's queue under its former name ("werewolf-seed002-9", what
    // agents and stored journals may still say) is the same queue.
    void formerQueueIdsJoinTheSameQueue_data()
    {
        QTest::addColumn<QString>("former");
        QTest::addColumn<QString>("current");
        QTest::newRow("6") << "werewolf-seed002-6"
                           << "werewolf-witch-6";
        QTest::newRow("9") << "werewolf-seed002-9"
                           << "werewolf-witch-hunter-9";
        QTest::newRow("12") << "werewolf-seed002-12"
                            << "werewolf-witch-hunter-doctor-12";
    }
    void formerQueueIdsJoinTheSameQueue()
    {
        QFETCH(QString, former);
        QFETCH(QString, current);
        const std::string oldId = former.toStdString();
        const std::string newId = current.toStdString();
        QCOMPARE(Lobby::canonicalQueueId(oldId), newId);
        QCOMPARE(Lobby::canonicalQueueId(newId), newId);

        Lobby lobby(13);
        QVERIFY(lobby.queueRules(oldId));
        QCOMPARE(lobby.queueRules(oldId), lobby.queueRules(newId));
        const int seats = lobby.seatCount(newId);
        QCOMPARE(lobby.seatCount(oldId), seats);
        // The current id is listed, the former one is not.
        const auto ids = lobby.queueIds();
        QVERIFY(std::find(ids.begin(), ids.end(), newId) != ids.end());
        QVERIFY(std::find(ids.begin(), ids.end(), oldId) == ids.end());
        QVERIFY(!lobby.registerQueue(oldId, *lobby.queueRules(newId))); // taken

        // Joins by either id line up in one queue.
        std::vector<LobbyRecord> journal;
        for (int i = 1; i < seats; ++i) {
            const std::string &id = i % 2 ? oldId : newId;
            auto r = lobby.join("a" + std::to_string(i), "A", id, i);
            QVERIFY(r);
            QVERIFY(!r->startedMatch);
            QCOMPARE(r->status.position.value_or(0), i);
            QCOMPARE(r->status.requiredPlayers, seats);
            journal.insert(journal.end(), r->records.begin(), r->records.end());
        }
        QCOMPARE(int(lobby.queue(oldId).size()), seats - 1);
        QCOMPARE(int(lobby.queue(newId).size()), seats - 1);
        QCOMPARE(lobby.status("a2", oldId)->position.value_or(0), 2);
        QCOMPARE(lobby.status("a2", oldId)->queueId, oldId); // the id the caller used
        QCOMPARE(lobby.status("a1", newId)->position.value_or(0), 1);

        // A journal written under the former id rebuilds the same queue.
        Lobby rebuilt(13);
        for (const LobbyRecord &r : journal) {
            auto back = LobbyRecord::fromJson(r.toJson());
            QVERIFY(back);
            rebuilt.applyRecord(*back);
        }
        QCOMPARE(int(rebuilt.queue(newId).size()), seats - 1);
        QCOMPARE(int(rebuilt.queue(oldId).size()), seats - 1);

        // Leaving by the other id leaves; the table then fills at its size
        // and the match carries the preset under its current name.
        QVERIFY(lobby.leave("a1", newId, 100)->removed);
        QVERIFY(lobby.join("a1", "A", oldId, 101));
        auto last = lobby.join("last", "L", newId, 102);
        QVERIFY(last && last->startedMatch);
        const Match &m = *last->startedMatch;
        QCOMPARE(int(m.state().players.size()), seats);
        QCOMPARE(m.state().config.rules, *lobby.queueRules(oldId));
        QCOMPARE(m.state().config.rules.name, newId.substr(std::string(PresetQueuePrefix).size()));
        QCOMPARE(lobby.queue(oldId).size(), std::size_t(0));
    }

    void registeredQueueUsesItsRules()
    {
        Lobby lobby(5);
        auto custom = RuleSet::fromJson(
            json{{"base", "seed002-6"}, {"name", "house-7"}, {"table", {{"villagers", 3}}}});
        QVERIFY2(custom, custom ? "" : custom.error().message.c_str());
        QVERIFY(lobby.registerQueue("house", *custom));
        QVERIFY(!lobby.registerQueue("house", *custom));        // taken
        QVERIFY(!lobby.registerQueue(DefaultQueueId, *custom)); // taken
        RuleSet broken = *custom;
        broken.werewolves = 0;
        QVERIFY(!lobby.registerQueue("broken", broken));
        QVERIFY(!lobby.queueRules("broken"));
        const auto ids = lobby.queueIds();
        QCOMPARE(ids.front(), std::string(DefaultQueueId));
        QCOMPARE(ids.back(), std::string("house"));

        const int n = custom->seatCount();
        auto last = fill(lobby, "house", n, "h");
        QVERIFY(last.startedMatch);
        QCOMPARE(int(last.startedMatch->state().players.size()), n);
        QCOMPARE(last.startedMatch->state().config.rules, *custom);
    }

    void defaultQueueFollowsTheDefaults()
    {
        // The host's --rules: the default queue seats the host's rule set.
        MatchConfig defaults;
        defaults.rules = *rulePreset("12p");
        Lobby lobby(9, defaults);
        QCOMPARE(lobby.seatCount(), 12);
        auto last = fill(lobby, DefaultQueueId, 12, "d");
        QVERIFY(last.startedMatch);
        QCOMPARE(last.startedMatch->state().players.size(), std::size_t(12));
    }

    void journalRebuildsEveryQueue()
    {
        Lobby lobby(11);
        const std::string q9 = std::string(PresetQueuePrefix) + "seed002-9";
        std::vector<LobbyRecord> journal;
        auto keep = [&](const Lobby::JoinResult &r) {
            journal.insert(journal.end(), r.records.begin(), r.records.end());
        };
        for (int i = 1; i <= 9; ++i)
            keep(*lobby.join("k" + std::to_string(i), "K", q9, i));
        for (int i = 1; i <= 4; ++i)
            keep(*lobby.join("w" + std::to_string(i), "W", q9, 20 + i));
        for (int i = 1; i <= 3; ++i)
            keep(*lobby.join("d" + std::to_string(i), "D", DefaultQueueId, 40 + i));

        Lobby rebuilt(11);
        for (const LobbyRecord &r : journal) {
            auto back = LobbyRecord::fromJson(r.toJson());
            QVERIFY(back);
            rebuilt.applyRecord(*back);
        }
        QCOMPARE(rebuilt.queue(q9).size(), std::size_t(4));
        QCOMPARE(rebuilt.queue().size(), std::size_t(3));
        QCOMPARE(rebuilt.matchCounter(), 1);
        // The match itself comes back from its log, rules included.
        const Match &original = *lobby.orderedMatches().front();
        auto again = Match::fromLog(original.log());
        QVERIFY(again);
        QCOMPARE(again->state().config.rules, *rulePreset("seed002-9"));
    }
};

QTEST_APPLESS_MAIN(TstLobby)
#include "tst_lobby.moc"
