// SPDX-License-Identifier: MIT
#pragma once

/// \file toolcalls.h
/// The mapping between seed 000 §8.5 tool calls and engine commands. The MCP
/// tool layer and the built-in bots both go through it, so a bot can do
/// nothing an agent could not.

#include "match.h"

#include <optional>
#include <string>

namespace townhall::engine {

/// A tool call exactly as an agent would send it (arguments already
/// schema-validated by the MCP layer, or produced by a bot).
struct ToolCall
{
    std::string tool;   ///< dotted name, e.g. "et.werewolf.match.vote"
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
