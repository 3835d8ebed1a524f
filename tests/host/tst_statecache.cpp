// SPDX-License-Identifier: MIT
// The host's cache of get_state's serialized `state` (host/statecache.h): at
// every seq of a whole match, for every viewer and a few option sets, the
// cached bytes are those a fresh projection gives, no viewer ever gets another
// viewer's bytes, and a cached entry is reused only at the same seq of the
// same Match object.

#include "host/host.h"
#include "host/statecache.h"

#include "engine/projection.h"
#include "engine/simulator.h"
#include "mcp/jsonwrite.h"

#include <QCoro/QCoroTask>
#include <QFloat16> // QCOMPARE of json values needs qfloat16 complete
#include <QTest>

#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace townhall;
using json = nlohmann::json;

namespace {

std::string fresh(const engine::Match &m, const engine::Viewer &v, const engine::StateOptions &o)
{
    return mcp::writeJson(engine::toJson(engine::stateView(m, v, o)));
}

/// The text of a raw state node, as the transport writes it.
std::string bytesOf(const json &raw)
{
    return mcp::writeJson(raw);
}

} // namespace

class TestStateCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everySeqEveryViewer();
    void otherMatchObjectAtSameSeq();
    void hostServesEachAgentItsOwnState();
};

void TestStateCache::everySeqEveryViewer()
{
    const engine::SimulatedMatch sim = engine::simulateMatch(5, engine::MatchConfig{});
    const std::vector<engine::Event> &log = sim.match->log();
    QVERIFY(log.size() > 50);

    std::vector<engine::Viewer> viewers{engine::Viewer::spectator(), engine::Viewer::omniscient()};
    for (const engine::Player &p : sim.match->state().players)
        viewers.push_back(engine::Viewer::forPlayer(p.playerId));
    engine::StateOptions recent;
    recent.includeRecentPublicMessages = true;
    recent.recentPublicMessagesLimit = 7;
    engine::StateOptions bare;
    bare.includeTranscriptSummary = false;
    const std::vector<engine::StateOptions> optionSets{engine::StateOptions{}, recent, bare};

    host::StateCache cache;
    std::optional<engine::Match> m = engine::Match::replay({log.front()});
    QVERIFY(m);
    std::size_t checked = 0;
    for (std::size_t i = 1; i <= log.size(); ++i) {
        if (i > 1)
            m->apply(log[i - 1]);
        QCOMPARE(m->state().lastSeq, log[i - 1].seq);
        for (const engine::StateOptions &o : optionSets) {
            std::vector<std::string> seen;
            for (const engine::Viewer &v : viewers) {
                const std::uint64_t before = cache.builds();
                const json first = cache.get(*m, v, o);
                QVERIFY(mcp::containsRawJson(first));
                QCOMPARE(cache.builds(), before + 1); // the seq moved: rebuilt
                const json second = cache.get(*m, v, o);
                QCOMPARE(cache.builds(), before + 1); // same seq: reused
                const std::string expected = fresh(*m, v, o);
                QCOMPARE(bytesOf(first), expected);
                QCOMPARE(bytesOf(second), expected);
                QCOMPARE(mcp::materialized(first), engine::toJson(engine::stateView(*m, v, o)));
                // The escaped copy (the text content) is the same text.
                QCOMPARE(mcp::writeJson(mcp::jsonTextOf(json{{"state", first}})),
                         json(json{{"state", json::parse(expected)}}.dump()).dump());
                seen.push_back(expected);
                ++checked;
            }
            // Each seated player's view names them (`you`), so it differs
            // from every other viewer's; asking in turn never hands one
            // viewer's cached bytes to another.
            for (std::size_t a = 0; a < viewers.size(); ++a) {
                for (std::size_t b = 0; b < viewers.size(); ++b) {
                    if (a == b
                        || (viewers[a].kind != engine::Viewer::Kind::Player
                            && viewers[b].kind != engine::Viewer::Kind::Player))
                        continue;
                    QVERIFY2(
                        seen[a] != seen[b],
                        qPrintable(
                            QStringLiteral("viewers %1 and %2 at seq %3").arg(a).arg(b).arg(i)));
                    QCOMPARE(bytesOf(cache.get(*m, viewers[b], o)), seen[b]);
                }
            }
        }
    }
    QVERIFY(checked > 1000);
    QCOMPARE(cache.size(), viewers.size() * optionSets.size());
}

void TestStateCache::otherMatchObjectAtSameSeq()
{
    // A rollback replaces a match by one rebuilt from the store; until the
    // host clears the cache, the entry must not be trusted for another object.
    const engine::SimulatedMatch sim = engine::simulateMatch(9, engine::MatchConfig{});
    const auto &log = sim.match->log();
    const std::vector<engine::Event> head(log.begin(), log.begin() + 40);
    std::optional<engine::Match> a = engine::Match::replay(head);
    std::optional<engine::Match> b = engine::Match::replay(head);
    QVERIFY(a && b);
    host::StateCache cache;
    const engine::Viewer v = engine::Viewer::forPlayer(a->state().players.front().playerId);
    cache.get(*a, v, {});
    cache.get(*a, v, {});
    QCOMPARE(cache.builds(), std::uint64_t(1));
    QCOMPARE(bytesOf(cache.get(*b, v, {})), fresh(*b, v, {}));
    QCOMPARE(cache.builds(), std::uint64_t(2));
    cache.clear();
    QCOMPARE(cache.size(), std::size_t(0));
    cache.get(*b, v, {});
    QCOMPARE(cache.builds(), std::uint64_t(3));
}

void TestStateCache::hostServesEachAgentItsOwnState()
{
    // Through the host's tool layer while bots play a match: for every seated
    // agent and a spectator, the state a transport caller (raw JSON from the
    // cache) gets is the one an in-process caller (a fresh tree) gets.
    host::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.speed = 50;
    o.seed = 3;
    o.rateLimits = false;
    host::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    host.addBots(8);
    QTRY_VERIFY_WITH_TIMEOUT(host.lobby().match("match-1"), 10'000);
    std::vector<host::Caller> callers(1); // a spectator first
    for (const engine::Player &p : host.lobby().match("match-1")->state().players) {
        host::Caller c;
        c.agentId = p.agentId;
        c.displayName = p.displayName;
        callers.push_back(c);
    }
    const json args{{"matchId", "match-1"}, {"includeRecentPublicMessages", true}};
    auto getState = [&](const host::Caller &c) {
        std::optional<mcp::ToolResult> out; // ToolResult has no default value for waitFor
        QCoro::waitFor([&]() -> QCoro::Task<> {
            out.emplace(co_await host.callTool(c, "et.werewolf.match.get_state", args));
        }());
        return std::move(*out);
    };
    std::set<std::uint64_t> seqs;
    int compared = 0;
    while (!host.lobby().match("match-1")->ended()) {
        seqs.insert(host.lobby().match("match-1")->state().lastSeq);
        std::set<std::string> seen;
        for (host::Caller c : callers) {
            const std::uint64_t before = host.lobby().match("match-1")->state().lastSeq;
            c.rawJson = false;
            const mcp::ToolResult tree = getState(c);
            c.rawJson = true;
            const mcp::ToolResult raw = getState(c);
            if (host.lobby().match("match-1")->state().lastSeq != before)
                continue; // the match moved on between the two calls: the next round checks
            QVERIFY(tree.ok() && raw.ok());
            QVERIFY(mcp::containsRawJson(raw.value()));
            const std::string fresh = mcp::writeJson(tree.value().at("state"));
            QCOMPARE(bytesOf(raw.value().at("state")), fresh);
            QVERIFY2(seen.insert(fresh).second, "two callers got the same state");
            ++compared;
        }
        QTest::qWait(20);
    }
    QVERIFY(seqs.size() > 10);
    QVERIFY(compared > 50);
}

QTEST_GUILESS_MAIN(TestStateCache)
#include "tst_statecache.moc"
