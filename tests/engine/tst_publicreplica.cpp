// SPDX-License-Identifier: MIT
// A public replica (Match::fromPublicLog) is what a spectator of the feed
// holds: built from public events alone, it must project for a spectator
// exactly as the full match does, at every point of hundreds of simulated
// matches, and know no role that was not revealed.

#include "engine/keymoments.h"
#include "engine/projection.h"
#include "engine/simulator.h"

#include <QtTest>

using namespace townhall::engine;

namespace {

std::vector<Event> publicPart(const std::vector<Event> &log, std::size_t upTo)
{
    std::vector<Event> out;
    for (std::size_t i = 0; i < upTo; ++i)
        if (log[i].audience == Audience::Public)
            out.push_back(log[i]);
    return out;
}

json keyMomentsJson(const Match &m)
{
    json out = json::array();
    for (const KeyMoment &k : keyMoments(m, Viewer::spectator()))
        out.push_back({{"kind", toString(k.kind)},
                       {"text", k.text},
                       {"atSeq", k.atSeq},
                       {"ids", k.eventIds}});
    return out;
}

} // namespace

class TestPublicReplica : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void projectsLikeTheFullMatch()
    {
        MatchConfig config;
        config.rateLimits = false;
        int checkpoints = 0;
        for (std::uint64_t seed = 1; seed <= 300; ++seed) {
            const SimulatedMatch sim = simulateMatch(seed, config);
            const auto &log = sim.match->log();
            // Check at a few points of the match and at its end.
            for (const std::size_t upTo :
                 {log.size() / 4, log.size() / 2, 3 * log.size() / 4, log.size()}) {
                if (upTo == 0)
                    continue;
                std::vector<Event> prefix(log.begin(), log.begin() + std::ptrdiff_t(upTo));
                const auto full = Match::fromLog(prefix);
                QVERIFY(full);
                const auto pub = Match::fromPublicLog(publicPart(log, upTo));
                QVERIFY2(pub, pub ? "" : pub.error().message.c_str());
                QVERIFY(pub->publicOnly());
                QCOMPARE(toJson(stateView(*pub, Viewer::spectator())).dump(),
                         toJson(stateView(*full, Viewer::spectator())).dump());
                QCOMPARE(keyMomentsJson(*pub).dump(), keyMomentsJson(*full).dump());
                // Events after a seq, as events_get would read them.
                const std::uint64_t after = log[upTo / 2].seq;
                const auto a = visibleEvents(*pub, Viewer::spectator(), after, 1000);
                const auto b = visibleEvents(*full, Viewer::spectator(), after, 1000);
                QCOMPARE(a.size(), b.size());
                for (std::size_t i = 0; i < a.size(); ++i)
                    QCOMPARE(a[i]->seq, b[i]->seq);
                // No role known that the spectator was not told.
                for (const Player &p : pub->state().players) {
                    const Player *q = full->player(p.playerId);
                    QVERIFY(q);
                    if (q->revealed)
                        QVERIFY(p.role == q->role);
                    else
                        QVERIFY(p.role == Player{}.role);
                }
                ++checkpoints;
            }
        }
        QVERIFY(checkpoints >= 1000);
    }

    void refusesWhatIsNotPublicOrOutOfOrder()
    {
        MatchConfig config;
        config.rateLimits = false;
        const SimulatedMatch sim = simulateMatch(7, config);
        const auto &log = sim.match->log();
        auto hidden = std::find_if(
            log.begin(), log.end(), [](const Event &e) { return e.audience != Audience::Public; });
        QVERIFY(hidden != log.end());
        QVERIFY(!Match::fromPublicLog({log.front(), *hidden}));
        auto pub = Match::fromPublicLog({log.front()});
        QVERIFY(pub);
        const std::vector<Event> publicEvents = publicPart(log, log.size());
        QVERIFY(pub->tryApplyPublic(publicEvents[2]));
        // Back in time, a repeat, and a full replica's density rule.
        QVERIFY(!pub->tryApplyPublic(publicEvents[1]));
        QVERIFY(!pub->tryApplyPublic(publicEvents[2]));
        auto full = Match::fromLog({log.front()});
        QVERIFY(full);
        QVERIFY(!full->publicOnly());
        QVERIFY(!full->tryApply(publicEvents[2]));
    }
};

QTEST_GUILESS_MAIN(TestPublicReplica)
#include "tst_publicreplica.moc"
