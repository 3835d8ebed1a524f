// SPDX-License-Identifier: MIT
#pragma once

/// \file metrics.h
/// What one match's event log says about each seat: the votes behind IRP
/// and VSS, the nights behind KSR, the actions it owed and the ones it
/// missed. docs/tournaments.md defines every count.

#include "tournament/report.h"

#include <optional>
#include <string>
#include <vector>

namespace townhall::tournament {

struct SeatFacts
{
    std::string playerId; ///< "p:<seat>" as the engine names it
    engine::Role role = engine::Role::Villager;
    int votes = 0;            ///< final day votes with a target (IRP and VSS denominator)
    int votesForWolves = 0;   ///< of those, for a werewolf
    int votesWithOutcome = 0; ///< of those, for the player that vote round eliminated
    int nightsAlive = 0;      ///< nights resolved while this seat was alive
    int nightsSurvived = 0;   ///< of those, nights it was not killed in
    int owedActions = 0;      ///< speaking turns, votes, night actions, hunter shots it was due
    int missedActions = 0;    ///< of those, the ones the engine defaulted
    ErrorCounts errors;       ///< from the log only (no telemetry)

    int actionsMade() const { return owedActions - missedActions; }
};

struct MatchFacts
{
    bool ended = false;                 ///< the log holds GAME_ENDED
    std::optional<engine::Team> winner; ///< nullopt: a draw (or not ended)
    std::vector<SeatFacts> seats;       ///< seat order
};

/// Reads a whole stored log. Seats come from MATCH_CREATED and roles from
/// ROLES_ASSIGNED; a log without them gives no seats.
MatchFacts analyzeMatch(const std::vector<engine::Event> &log);

} // namespace townhall::tournament
