// SPDX-License-Identifier: MIT
// The agent's-eye view (ui/agentview.h): equal to what get_state and the
// phase brief showed live, and never more than the player's projection.

#include "ui/agentview.h"

#include "engine/simulator.h"

#include <QtTest>

using namespace townhall;
using namespace townhall::engine;

class TstAgentView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalsWhatTheAgentSawLive();
    void neverBeyondTheProjection();
    void refusals();
};

void TstAgentView::equalsWhatTheAgentSawLive()
{
    struct Seen
    {
        std::string playerId;
        std::uint64_t seq;
        json state;
        std::string brief;
    };
    std::vector<Seen> seen;
    std::size_t n = 0;
    SimulatedMatch sm
        = simulateMatch(11,
                        MatchConfig{},
                        1'700'000'000'000,
                        [&](const Match &m,
                            const std::string &playerId,
                            const ToolCall &,
                            const Expected<std::vector<Event>> &) {
                            if (n++ % 2 != 0 || m.log().empty())
                                return;
                            seen.push_back({playerId,
                                            m.log().back().seq,
                                            toJson(stateView(m, Viewer::forPlayer(playerId))),
                                            phaseBrief(m, playerId)});
                        });
    QVERIFY2(seen.size() > 10, qPrintable(QString::number(n)));
    for (const Seen &s : seen) {
        std::string why;
        const auto v = ui::agentViewAt(sm.match->log(), s.playerId, s.seq, {}, &why);
        QVERIFY2(v, why.c_str());
        QCOMPARE(toJson(v->state), s.state);
        QCOMPARE(v->phaseBrief, s.brief);
    }
}

void TstAgentView::neverBeyondTheProjection()
{
    SimulatedMatch sm = simulateMatch(23, MatchConfig{});
    const std::vector<Event> &log = sm.match->log();
    int checked = 0;
    for (std::size_t i = 0; i < log.size(); i += 9) {
        const std::uint64_t seq = log[i].seq;
        const std::optional<Match> truth
            = Match::replay(std::vector<Event>(log.begin(), log.begin() + long(i) + 1));
        QVERIFY(truth);
        for (const Player &p : truth->state().players) {
            const auto v = ui::agentViewAt(log, p.playerId, seq);
            QVERIFY(v);
            QVERIFY(v->state.you);
            QVERIFY(v->state.you->role == p.role);
            if (p.role != Role::Werewolf)
                QVERIFY(v->state.you->knownWolves.empty());
            if (p.role != Role::Seer)
                QVERIFY(v->state.you->seerHistory.empty());
            for (const PlayerEntry &e : v->state.players) {
                const Player *q = truth->player(e.playerId);
                QVERIFY(q);
                // Other players' roles only once public.
                if (e.playerId != p.playerId && e.revealedRole)
                    QVERIFY(q->revealed || truth->ended());
            }
            // Nothing in the JSON the player's projection would not hold.
            QCOMPARE(toJson(v->state), toJson(stateView(*truth, Viewer::forPlayer(p.playerId))));
            ++checked;
        }
    }
    QVERIFY(checked > 100);
}

void TstAgentView::refusals()
{
    SimulatedMatch sm = simulateMatch(5, MatchConfig{});
    const auto &log = sm.match->log();
    std::string why;
    QVERIFY(!ui::agentViewAt(log, "p:1", 0, {}, &why));
    QVERIFY(!ui::agentViewAt(log, "p:1", log.back().seq + 1, {}, &why));
    QVERIFY(why.find("no event") != std::string::npos);
    QVERIFY(!ui::agentViewAt(log, "p:99", log.back().seq, {}, &why));
    QVERIFY(why.find("no player") != std::string::npos);
    QVERIFY(!ui::agentViewAt({}, "p:1", 1, {}, &why));
    QVERIFY(ui::agentViewAt(log, "p:1", 1));
}

QTEST_APPLESS_MAIN(TstAgentView)
#include "tst_agentview.moc"
