// SPDX-License-Identifier: MIT
// SeatRunner: the host's driven seats. Bots are seated only on bot agents'
// seats; their calls go out through the host's send function as the seat's
// agent and are answered later; a match not yet committed is not stepped;
// a seat handed to another driver mid-match goes on with it.

#include "engine/simulator.h"
#include "engine/toolcalls.h"
#include "host/seats/seatrunner.h"

#include <QtTest>

using namespace townhall;
using namespace townhall::host;

namespace {

engine::Match &startMatch(engine::Lobby &lobby, int bots, engine::TimeMs now)
{
    engine::Match *started = nullptr;
    for (int i = 0; i < engine::SeatCount; ++i) {
        const std::string agent
            = i < bots ? "bot:" + std::to_string(i + 1) + ":1" : "agent-" + std::to_string(i);
        auto r = lobby.join(
            agent, engine::botNames()[static_cast<std::size_t>(i)], engine::DefaultQueueId, now);
        if (r && r->startedMatch)
            started = r->startedMatch;
    }
    Q_ASSERT(started);
    return *started;
}

} // namespace

class TestSeatRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void botsPlayThroughTheSendFunction()
    {
        engine::Lobby lobby(42, engine::MatchConfig{});
        engine::TimeMs now = 1'700'000'000'000;
        engine::Match &m = startMatch(lobby, engine::SeatCount, now);
        QObject context;
        std::set<std::string> callers;
        int answered = 0;
        SeatRunner runner(
            &context,
            [&](const std::string &agentId,
                const std::string &,
                const engine::ToolCall &call) -> QCoro::Task<mcp::ToolResult> {
                callers.insert(agentId);
                const engine::Player *p = m.playerByAgent(agentId);
                auto cmd = engine::toCommand(call, p->playerId);
                auto r = m.submit(*cmd, now);
                if (!r)
                    co_return mcp::ToolError{std::string(engine::toString(r.error().code)),
                                             r.error().message,
                                             false,
                                             std::nullopt};
                co_return nlohmann::json{{"ok", true}};
            },
            [&] { ++answered; },
            [&] { return now; });
        runner.seatDrivers(m);
        QCOMPARE(runner.size(), std::size_t(engine::SeatCount));
        for (int i = 0; i < 200000 && !m.ended(); ++i) {
            runner.step(
                lobby, [](const engine::Match &) { return true; }, now);
            QCoreApplication::processEvents();
            std::optional<engine::TimeMs> next = m.nextDeadline();
            if (auto w = runner.nextWake(); w && w > now && (!next || *w < *next))
                next = w;
            if (!next)
                break;
            now = std::max(now, *next);
            m.tick(now);
        }
        QVERIFY(m.ended());
        QCOMPARE(callers.size(), std::size_t(engine::SeatCount));
        QVERIFY(answered > 20);
        runner.step(
            lobby, [](const engine::Match &) { return true; }, now);
        QVERIFY(runner.empty()); // an ended match's seats are let go
    }

    void onlyBotSeatsAreDrivenAndOnlySettledMatchesStepped()
    {
        engine::Lobby lobby(43, engine::MatchConfig{});
        const engine::TimeMs now = 1'700'000'000'000;
        engine::Match &m = startMatch(lobby, 3, now);
        QObject context;
        int sent = 0;
        int notBots = 0;
        engine::TimeMs t = now;
        SeatRunner runner(
            &context,
            [&](const std::string &agentId,
                const std::string &,
                const engine::ToolCall &) -> QCoro::Task<mcp::ToolResult> {
                ++sent;
                notBots += SeatRunner::isBot(agentId) ? 0 : 1;
                co_return nlohmann::json{{"ok", true}};
            },
            [] {},
            [&] { return t; });
        runner.seatDrivers(m);
        runner.seatDrivers(m); // seating twice adds nobody
        QCOMPARE(runner.size(), std::size_t(3));
        // Steps until `n` calls were sent (or the bots stop asking).
        auto stepUntil = [&](int n, bool ready) {
            for (int i = 0; i < 50 && sent < n; ++i) {
                runner.step(
                    lobby, [ready](const engine::Match &) { return ready; }, t);
                const auto w = runner.nextWake();
                if (!w)
                    break;
                t = std::max(t, *w);
            }
        };
        stepUntil(1, false);
        QCOMPARE(sent, 0); // not committed yet: nothing to see, nothing sent
        stepUntil(3, true);
        QCOMPARE(sent, 3); // each bot readies up
        QCOMPARE(notBots, 0);

        // A stalled agent's seat handed to a bot.
        const engine::Player *agent = m.playerByAgent("agent-5");
        QVERIFY(agent);
        QVERIFY(runner.replace(m.matchId(),
                               agent->playerId,
                               std::make_unique<engine::BotDriver>(agent->playerId, 5),
                               t));
        QCOMPARE(runner.size(), std::size_t(4));
        stepUntil(4, true);
        QCOMPARE(sent, 4);
    }

    void aDriverThatThinksElsewhereAsksForItsTurn()
    {
        engine::Lobby lobby(44, engine::MatchConfig{});
        const engine::TimeMs now = 1'700'000'000'000;
        engine::Match &m = startMatch(lobby, 0, now);
        QObject context;
        std::vector<std::string> sentTools;
        int answered = 0;
        SeatRunner runner(
            &context,
            [&](const std::string &,
                const std::string &,
                const engine::ToolCall &call) -> QCoro::Task<mcp::ToolResult> {
                sentTools.push_back(call.tool);
                co_return nlohmann::json{{"ok", true}};
            },
            [&] { ++answered; },
            [&] { return now; });
        // A driver whose answer comes from elsewhere, later.
        struct Later final : engine::SeatDriver
        {
            Step onTurn(const engine::StateView &,
                        const std::vector<const engine::Event *> &,
                        engine::TimeMs) override
            {
                ++turns;
                Step s;
                s.call = std::exchange(ready, std::nullopt);
                return s;
            }
            void onResult(const engine::ToolCall &, bool, std::optional<engine::ErrorCode>) override
            {}
            void answer(engine::ToolCall call)
            {
                ready = std::move(call);
                wakeUp();
            }
            std::optional<engine::ToolCall> ready;
            int turns = 0;
        };
        auto owned = std::make_unique<Later>();
        Later *later = owned.get();
        const std::string pid = m.state().players[0].playerId;
        QVERIFY(runner.replace(m.matchId(), pid, std::move(owned), now));
        runner.step(
            lobby, [](const engine::Match &) { return true; }, now);
        QCOMPARE(later->turns, 1); // asked; nothing to say yet
        QVERIFY(sentTools.empty());
        runner.step(
            lobby, [](const engine::Match &) { return true; }, now);
        QCOMPARE(later->turns, 1); // no news, no turn due: not asked again
        later->answer(engine::ToolCall{"et.werewolf.match.ready", {{"matchId", m.matchId()}}});
        QCOMPARE(answered, 1); // the owner is told to step
        runner.step(
            lobby, [](const engine::Match &) { return true; }, now);
        QCOMPARE(later->turns, 2);
        QCOMPARE(sentTools, std::vector<std::string>{"et.werewolf.match.ready"});
    }
};

QTEST_GUILESS_MAIN(TestSeatRunner)
#include "tst_seatrunner.moc"
