// SPDX-License-Identifier: MIT
#pragma once

/// \file bot.h
/// The built-in agent. It decides only from its player projection (the
/// StateView that get_state returns to that player, and the events that
/// player may read) and acts only through tool calls an agent could make.
/// Deterministic for a given seed, so simulations are reproducible.

#include "projection.h"
#include "toolcalls.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace townhall::engine {

class Bot
{
public:
    Bot(std::string playerId, std::uint64_t seed);

    struct Step
    {
        std::optional<ToolCall> call;      ///< what to send now, if anything
        std::optional<TimeMs> wakeAt;      ///< when to be asked again (nullopt: on the next event)
    };

    /// `view` is this player's get_state projection at `now`; `newEvents` are
    /// the events this player may read that arrived since the last step.
    Step step(const StateView &view, const std::vector<const Event *> &newEvents, TimeMs now);

    /// Result of the last call: ok, or the error code the tool returned.
    void onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error);

    const std::string &playerId() const { return m_playerId; }

private:
    struct Memory;
    std::string m_playerId;
    std::uint64_t m_seed;
    std::shared_ptr<Memory> m_mem;
};

} // namespace townhall::engine
