// SPDX-License-Identifier: MIT
#pragma once

/// \file bot.h
/// The built-in agent. It decides only from its player projection (the
/// StateView that get_state returns to that player, and the events that
/// player may read) and acts only through tool calls an agent could make.
/// Deterministic for a given seed, so simulations are reproducible.
///
/// What it does, by phase: readies up in LOBBY; at NIGHT wolves agree on a
/// victim in wolf chat (the lowest-seat living wolf proposes, the others
/// mostly agree) and all select it, the seer inspects its most suspected
/// uninspected player, the doctor protects a believed seer claimant, itself
/// or a strong town voice; in DAY_OPENING it gives one short statement on its
/// turn; in DAY_DISCUSSION it says one to three things (accusations, vouches,
/// defences when accused, reactions to seer claims; the seer claims once it
/// has found a wolf, wolves sometimes counterclaim); in DAY_VOTE it votes for
/// its top suspect and may flip as the tally moves; voted out, it says its
/// last words. At witch tables: in NIGHT_WITCH the witch saves the
/// victim (nearly always on night 1, later mostly a believed seer claimant)
/// or poisons on evidence, else passes; in HUNTER_SHOT the dead hunter shoots
/// a player who clearly stands out, else holds fire; in DAY_PK_DEFENSE a PK
/// player defends itself on its turn, and DAY_PK_VOTE is voted like DAY_VOTE. Memory is incremental
/// (fixed arrays by seat, updated from the new events only), and it sleeps via `wakeAt` between
/// decisions.

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
        std::optional<ToolCall> call; ///< what to send now, if anything
        std::optional<TimeMs> wakeAt; ///< when to be asked again (nullopt: on the next event)
    };

    /// `view` is this player's get_state projection at `now`; `newEvents` are
    /// the events this player may read that arrived since the last step (the
    /// first step should bring everything from MATCH_CREATED on). Returns at
    /// most one call; `wakeAt` is always later than `now` when set.
    Step step(const StateView &view, const std::vector<const Event *> &newEvents, TimeMs now);

    /// Result of the last call: ok, or the error code the tool returned. A
    /// RATE_LIMITED message is retried a little later; other refusals are dropped.
    void onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error);

    const std::string &playerId() const { return m_playerId; }
    /// The seed all of this bot's choices derive from (for logs and replays).
    std::uint64_t seed() const { return m_seed; }

private:
    struct Memory;
    std::string m_playerId;
    std::uint64_t m_seed;
    std::shared_ptr<Memory> m_mem;
};

} // namespace townhall::engine
