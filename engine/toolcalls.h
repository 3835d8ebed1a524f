// SPDX-License-Identifier: MIT
#pragma once

/// \file toolcalls.h
/// The mapping between the agent contract's tool calls and engine commands. The
/// MCP tool layer and the built-in bots both go through it, so a bot can do
/// nothing an agent could not.

#include "match.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace townhall::engine {

/// The agent contract's tools, plus Town Hall's wait_for_turn.
enum class Tool {
    QueueJoin,
    QueueLeave,
    QueueStatus,
    MatchesList,
    GetState,
    Ready,
    SayPublic,
    Vote,
    WolfChat,
    WolfKill,
    SeerInspect,
    DoctorProtect,
    EventsGet,
    WaitForTurn,
    // The witch's and the hunter's (Town Hall additions): refused with NOT_YOUR_ROLE in a
    // classic match.
    WitchAct,
    HunterShoot,
};

/// Their dotted names, in the order of the enum.
inline constexpr std::array<std::string_view, 16> ToolNames{
    "et.werewolf.queue.join",
    "et.werewolf.queue.leave",
    "et.werewolf.queue.status",
    "et.werewolf.matches.list",
    "et.werewolf.match.get_state",
    "et.werewolf.match.ready",
    "et.werewolf.match.say_public",
    "et.werewolf.match.vote",
    "et.werewolf.match.night.wolf_chat",
    "et.werewolf.match.night.wolf_kill",
    "et.werewolf.match.night.seer_inspect",
    "et.werewolf.match.night.doctor_protect",
    "et.werewolf.match.events.get",
    "et.werewolf.match.wait_for_turn",   // Town Hall addition to v1
    "et.werewolf.match.night.witch_act", // {matchId, action: SAVE|POISON|PASS, targetPlayerId?}
    "et.werewolf.match.hunter_shoot",    // {matchId, targetPlayerId|null}
};

constexpr std::string_view toolName(Tool t)
{
    return ToolNames[static_cast<std::size_t>(t)];
}

/// The tool with this dotted name; nullopt for any other name.
constexpr std::optional<Tool> toolByName(std::string_view name)
{
    for (std::size_t i = 0; i < ToolNames.size(); ++i)
        if (ToolNames[i] == name)
            return static_cast<Tool>(i);
    return std::nullopt;
}

/// A tool call exactly as an agent would send it (arguments already
/// schema-validated by the MCP layer, or produced by a bot).
struct ToolCall
{
    std::string tool; ///< dotted name, e.g. "et.werewolf.match.vote"
    json arguments = json::object();
};

/// Canonical dotted name for either form ("et_werewolf_match_vote" → "et.werewolf.match.vote").
std::optional<std::string> canonicalToolName(const std::string &name);

/// The match-scoped mutating tools map to a Command for `playerId`; read and
/// queue tools return nullopt (they are answered by projections / the lobby).
std::optional<Command> toCommand(const ToolCall &call, const std::string &playerId);

/// The match id argument of a match-scoped tool call, if any.
std::optional<std::string> matchIdOf(const ToolCall &call);

} // namespace townhall::engine
