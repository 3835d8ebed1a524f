// SPDX-License-Identifier: MIT
#pragma once

/// \file seatrunner.h
/// The host's driven seats: one engine::SeatLoop per match. Drivers see only
/// what is committed (a match is stepped once all its events are stored),
/// and their calls go through the host's tool layer like any agent's, so
/// they are answered later; the loop keeps the seat busy until then.

#include "engine/lobby.h"
#include "engine/seats.h"
#include "mcp/backend.h"

#include <QCoro/QCoroTask>
#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace townhall::host {

class SeatRunner
{
public:
    /// Sends a driver's call as the seat's agent.
    using Send = std::function<QCoro::Task<mcp::ToolResult>(
        const std::string &agentId, const std::string &displayName, const engine::ToolCall &call)>;

    /// `answered` runs after each answer (the owner steps the seats again).
    /// `context` owns this runner: answers that arrive after it is gone are dropped.
    SeatRunner(QObject *context,
               Send send,
               std::function<void()> answered,
               std::function<engine::TimeMs()> clock);

    /// The driver for a seat whose agent is not a bot (a model seat), or
    /// nothing when the seat is played from outside (an MCP agent).
    using DriverFactory = std::function<std::unique_ptr<engine::SeatDriver>(
        const engine::Match &, const engine::Player &)>;
    void setDriverFactory(DriverFactory factory) { m_factory = std::move(factory); }

    /// Seats a driver on every seat of `m` that has none yet and whose agent
    /// is driven here: a built-in bot for a bot agent, else what the driver
    /// factory makes of it.
    void seatDrivers(const engine::Match &m);
    /// Hands a seat to another driver mid-match (a stalled seat to a bot).
    /// A driver that asks for a turn (SeatDriver::setWakeUp) gets one at
    /// `clock()` and the owner is told (`answered`) to step the seats.
    bool replace(const std::string &matchId,
                 const std::string &playerId,
                 std::unique_ptr<engine::SeatDriver> driver,
                 engine::TimeMs now);

    /// Gives every seat with news or a due turn its turn. `ready` says
    /// whether a match may be stepped (all its events are committed).
    void step(engine::Lobby &lobby,
              const std::function<bool(const engine::Match &)> &ready,
              engine::TimeMs now);
    /// The earliest turn a seat asked for.
    std::optional<engine::TimeMs> nextWake() const;
    bool empty() const { return m_matches.empty(); }
    /// Driven seats in all matches.
    std::size_t size() const;

    static bool isBot(const std::string &agentId) { return agentId.rfind("bot:", 0) == 0; }
    /// A seat the host plays with a language model (Host::queueModelSeat).
    static bool isModel(const std::string &agentId) { return agentId.rfind("model:", 0) == 0; }
    /// A seat a person plays (host/seats/humanseats.h).
    static bool isHuman(const std::string &agentId) { return agentId.rfind("human:", 0) == 0; }
    /// Played by the host itself (a person's seat through the host too), so
    /// never absent from the queue.
    static bool isHosted(const std::string &agentId)
    {
        return isBot(agentId) || isModel(agentId) || isHuman(agentId);
    }

private:
    /// Seats `driver`, wiring its wake-up to this runner.
    void wire(const std::string &matchId, const std::string &playerId, engine::SeatDriver &driver);

    QObject *m_context;
    std::function<engine::TimeMs()> m_clock;
    Send m_send;
    std::function<void()> m_answered;
    DriverFactory m_factory;
    std::map<std::string, engine::SeatLoop> m_matches; // matchId → its driven seats
};

} // namespace townhall::host
