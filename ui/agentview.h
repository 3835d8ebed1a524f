// SPDX-License-Identifier: MIT
#pragma once

/// \file agentview.h
/// The agent's-eye view: for a player of a match at one event,
/// exactly what `et.werewolf.match.get_state` and the phase brief would have
/// shown that agent right after that event. A pure function of the log.

#include "engine/projection.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace townhall::ui {

struct AgentView
{
    std::uint64_t seq = 0; ///< the event the view follows
    std::string playerId;
    engine::StateView state; ///< get_state's `state` (engine::toJson(state) is the JSON)
    std::string phaseBrief;  ///< the prompt `werewolf_phase_brief` of that moment
};

/// Replays `log` up to and including event `seq` and projects it for
/// `playerId` (engine::stateView with Viewer::forPlayer, engine::phaseBrief).
/// `options` are the get_state arguments (includeRecentPublicMessages…).
/// nullopt, with the reason in `why`, if `seq` is not in the log, the log
/// does not replay, or the player is not seated.
std::optional<AgentView> agentViewAt(const std::vector<engine::Event> &log,
                                     const std::string &playerId,
                                     std::uint64_t seq,
                                     const engine::StateOptions &options = {},
                                     std::string *why = nullptr);

} // namespace townhall::ui
