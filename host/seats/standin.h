// SPDX-License-Identifier: MIT
#pragma once

/// \file standin.h
/// What the seats the host drives for someone else (a model's pilot, a
/// person's seat) share: the built-in bot that stands in for them, and the
/// shipped tool schemas their calls are checked against.

#include "engine/seats.h"

#include <cstdint>
#include <string>

namespace townhall::mcp {
class ToolRegistry;
}

namespace townhall::host {

/// The built-in bot standing in for a seat. It reads the match from where it
/// last stopped, so it knows everything its player knows whenever it is
/// called in, however long it was away.
class StandInBot
{
public:
    StandInBot(std::string playerId, std::uint64_t seed);

    /// The bot's turn on `view`, with the events its player may read that it
    /// has not seen (none when `m` is null).
    engine::SeatDriver::Step
    turn(const engine::Match *m, const engine::StateView &view, engine::TimeMs now);
    void onAnswer(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error,
                  const engine::json &body)
    {
        m_bot.onAnswer(call, ok, error, body);
    }

private:
    std::string m_playerId;
    engine::BotDriver m_bot;
    std::uint64_t m_cursor = 0;
};

/// The shipped registry (resources/tools.json): the schemas a seat's calls
/// are offered and checked against are the ones the tool layer uses. Null
/// (with a warning) when the resources are missing.
const mcp::ToolRegistry *shippedTools();

} // namespace townhall::host
