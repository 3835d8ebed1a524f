// SPDX-License-Identifier: MIT
// The host's cache of get_state's serialized `state` (app/statecache.h): at
// every seq of a whole match, for every viewer and a few option sets, the
// cached bytes are those a fresh projection gives, no viewer ever gets another
// viewer's bytes, and a cached entry is reused only at the same seq of the
// same Match object.

#include "app/statecache.h"

#include "engine/projection.h"
#include "engine/simulator.h"
#include "mcp/jsonwrite.h"

#include <QFloat16>  // QCOMPARE of json values needs qfloat16 complete
#include <QTest>

#include <optional>
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

    app::StateCache cache;
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
                QCOMPARE(cache.builds(), before + 1);  // the seq moved: rebuilt
                const json second = cache.get(*m, v, o);
                QCOMPARE(cache.builds(), before + 1);  // same seq: reused
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
                    if (a == b || (viewers[a].kind != engine::Viewer::Kind::Player
                                   && viewers[b].kind != engine::Viewer::Kind::Player))
                        continue;
                    QVERIFY2(seen[a] != seen[b], qPrintable(QStringLiteral("viewers %1 and %2 at seq %3")
                                                                .arg(a)
                                                                .arg(b)
                                                                .arg(i)));
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
    app::StateCache cache;
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

QTEST_APPLESS_MAIN(TestStateCache)
#include "tst_statecache.moc"
