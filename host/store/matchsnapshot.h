// SPDX-License-Identifier: MIT
#pragma once

/// \file matchsnapshot.h
/// The `matches` and `players` rows of the data model, derived from an engine
/// match. They are a queryable cache of the state: the event log stays the
/// only truth (recovery replays events), but listing matches, finding an
/// agent's seat or showing a summary must not need a replay.

#include "engine/lobby.h"
#include "engine/match.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace townhall::host {

/// One row of `matches`.
struct MatchRow
{
    std::string matchId;
    std::string worldId = "default";
    std::string queueId = engine::DefaultQueueId;
    std::string buildingInstanceId;
    int matchNumber = 0;
    std::uint64_t seed = 0;
    bool ended = false; ///< column `status`: ACTIVE | ENDED
    std::string phase;  ///< engine phase name, e.g. "DAY_VOTE"
    int dayNumber = 0;
    int nightNumber = 0;
    engine::TimeMs phaseStartedAt = 0;
    engine::TimeMs phaseEndsAt = 0;
    int playersAlive = 0;
    engine::TimeMs startedAt = 0;
    std::optional<engine::TimeMs> endedAt;
    std::optional<std::string> winner; ///< "VILLAGERS" | "WEREWOLVES"
    std::string publicSummary;         ///< one English line, public facts only
    bool paused = false;
    std::uint64_t lastSeq = 0;
    /// Match::stateHash() after event `lastSeq`; nullopt for rows migrated
    /// from schema 1, which did not record it.
    std::optional<std::uint64_t> stateHash;
    bool imported = false; ///< loaded by importMatch, never resumed

    bool operator==(const MatchRow &) const = default;
};

/// One row of `players` (one per seat per match).
struct PlayerRow
{
    std::string matchId;
    std::string playerId;
    std::string agentId;
    std::string displayName;
    int seat = 0;
    std::string role; ///< engine role name, e.g. "SEER"
    bool alive = true;
    std::optional<engine::TimeMs> eliminatedAt;
    bool revealedRole = false;
    bool ready = false;
    std::optional<std::string> doctorLastProtectedPlayerId;
    std::string seerHistoryJson = "[]"; ///< [{night, targetPlayerId, result}], the seer's row only
    std::string nightActionJson = "{}"; ///< this night's selection, if any
    std::optional<int> didOpeningForDay;
    std::optional<std::string> voteTargetPlayerId; ///< "" = abstained
    bool voted = false;
    std::optional<engine::TimeMs> lastPublicMessageAt;
    std::optional<engine::TimeMs> lastWolfChatAt;
    int missedDeadlines = 0;

    bool operator==(const PlayerRow &) const = default;
};

struct MatchSnapshot
{
    MatchRow match;
    std::vector<PlayerRow> players; ///< in seat order
};

/// Derives the rows from the engine's state. Pure; cheap enough to call
/// after every command (the store writes only the player rows that changed).
MatchSnapshot snapshotOf(const engine::Match &match,
                         const std::string &queueId = engine::DefaultQueueId);

/// The one-line public summary stored in `matches.public_summary`
/// ("Day 2 · DAY_VOTE · 6 of 8 alive", "Ended on day 3 · VILLAGERS won").
std::string publicSummaryOf(const engine::MatchState &state, int playersAlive);

} // namespace townhall::host
