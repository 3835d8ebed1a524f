// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"

#include <cstdint>
#include <string>

namespace townhall::app {

/// Figures of one `townhall simulate` run.
struct SimulationReport
{
    int matches = 0;
    int villagerWins = 0;
    int werewolfWins = 0;
    int draws = 0;                 ///< max_days reached with no winner (rule sets with a day limit)
    std::string rules = "classic"; ///< the rule set's name
    bool classic = true;           ///< classic rules: the report reads exactly as before rule sets
    double averageDays = 0;
    std::uint64_t totalEvents = 0;
    std::uint64_t toolCalls = 0;
    std::uint64_t rejectedCalls = 0;
    double simSeconds = 0;  ///< time spent simulating (engine + bots + narrator)
    double wallSeconds = 0; ///< whole run, hashing included
    double cpuSeconds
        = 0; ///< CPU time of the simulation (what a busy, shared machine cannot inflate)
    double matchesPerSecond = 0; ///< matches / simSeconds
    double matchesPerCpuSecond = 0;
    double eventsPerSecond = 0;
    std::uint64_t logHash = 0; ///< FNV-1a over every event of every match, in order
};

/// Runs `matches` complete bot matches at virtual time from `seed`. Single-threaded.
SimulationReport simulate(int matches, std::uint64_t seed, const engine::MatchConfig &config = {});

std::string toText(const SimulationReport &r);
std::string toJsonText(const SimulationReport &r);

} // namespace townhall::app
