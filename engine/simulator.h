// SPDX-License-Identifier: MIT
#pragma once

/// \file simulator.h
/// Runs complete bot matches at virtual time: no clock, no I/O. Used by
/// `townhall simulate`, the invariant tests and the benchmark.

#include "lobby.h"
#include "seats.h"

#include <functional>

namespace townhall::engine {

struct SimulatedMatch
{
    std::unique_ptr<Match> match;
    Team winner = Team::Villagers; ///< meaningless when `draw`
    bool draw = false;             ///< max_days reached with no winner
    int days = 0;
    std::size_t toolCalls = 0;
    std::size_t rejectedCalls = 0;
    std::vector<int> rejectedBySeat; ///< index = seat (1-based; [0] unused)
};

/// Observes every tool call the bots make and its outcome (tests use it).
using CallObserver = std::function<void(const Match &,
                                        const std::string &playerId,
                                        const ToolCall &,
                                        const Expected<std::vector<Event>> &)>;

/// Plays one match of built-in bots (as many as `config.rules` seats) from `seed`, starting at
/// `startMs`.
SimulatedMatch simulateMatch(std::uint64_t seed,
                             const MatchConfig &config,
                             TimeMs startMs = 1'700'000'000'000,
                             const CallObserver &observer = {});

/// Who sits where in a simulated match: tournaments name the match and seat
/// their participants (agent ids and display names, in seat order).
struct SimulatedTable
{
    std::string matchId = "match-1";
    std::string buildingInstanceId = "bld-1";
    int matchNumber = 1;
    /// Empty: bots "bot:1".. with names shuffled by the seed. Otherwise exactly
    /// the rule set's seat count.
    std::vector<SeatAssignment> seats;
};
SimulatedMatch simulateMatch(std::uint64_t seed,
                             const MatchConfig &config,
                             const SimulatedTable &table,
                             TimeMs startMs = 1'700'000'000'000,
                             const CallObserver &observer = {});

/// Display names for bots ("Ada", "Basil", …), chosen by seat.
const std::vector<std::string> &botNames();

} // namespace townhall::engine
