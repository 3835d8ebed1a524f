// SPDX-License-Identifier: MIT
#include "app/simulate.h"

#include "engine/rng.h"
#include "engine/simulator.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace townhall::app {

namespace {
std::uint64_t hashEvent(const engine::Event &e, std::uint64_t h)
{
    // The serialized envelope is the log's canonical form (it is what export writes).
    const std::string s = engine::toJson(e).dump();
    return engine::fnv1a(s.data(), s.size(), h);
}
} // namespace

SimulationReport simulate(int matches, std::uint64_t seed, const engine::MatchConfig &config)
{
    using Clock = std::chrono::steady_clock;
    SimulationReport r;
    r.matches = matches;
    r.rules = config.rules.name;
    r.classic = config.rules.isClassic();
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    std::uint64_t days = 0;
    Clock::duration simTime{};
    std::clock_t cpuTime = 0;
    const auto wallStart = Clock::now();
    for (int i = 0; i < matches; ++i) {
        const std::uint64_t matchSeed
            = engine::Rng::forDecision(seed, static_cast<std::uint64_t>(i), 0x51A).next();
        const auto t0 = Clock::now();
        const std::clock_t c0 = std::clock();
        engine::SimulatedMatch m = engine::simulateMatch(matchSeed, config);
        cpuTime += std::clock() - c0;
        simTime += Clock::now() - t0;
        if (m.draw)
            ++r.draws;
        else
            (m.winner == engine::Team::Villagers ? r.villagerWins : r.werewolfWins) += 1;
        days += static_cast<std::uint64_t>(m.days);
        r.toolCalls += m.toolCalls;
        r.rejectedCalls += m.rejectedCalls;
        r.totalEvents += m.match->log().size();
        for (const engine::Event &e : m.match->log())
            hash = hashEvent(e, hash);
    }
    r.wallSeconds = std::chrono::duration<double>(Clock::now() - wallStart).count();
    r.simSeconds = std::chrono::duration<double>(simTime).count();
    r.averageDays = matches ? static_cast<double>(days) / matches : 0;
    r.cpuSeconds = static_cast<double>(cpuTime) / CLOCKS_PER_SEC;
    r.matchesPerSecond = r.simSeconds > 0 ? matches / r.simSeconds : 0;
    r.matchesPerCpuSecond = r.cpuSeconds > 0 ? matches / r.cpuSeconds : 0;
    r.eventsPerSecond = r.simSeconds > 0 ? static_cast<double>(r.totalEvents) / r.simSeconds : 0;
    r.logHash = hash;
    return r;
}

std::string toText(const SimulationReport &r)
{
    char buf[1024];
    std::snprintf(buf,
                  sizeof buf,
                  "matches:           %d\n"
                  "villager wins:     %d\n"
                  "werewolf wins:     %d\n"
                  "average days:      %.3f\n"
                  "total events:      %llu\n"
                  "tool calls:        %llu (%llu rejected)\n"
                  "wall seconds:      %.3f\n"
                  "sim seconds:       %.3f (hashing excluded)\n"
                  "cpu seconds:       %.3f\n"
                  "matches/s:         %.0f (wall), %.0f per CPU-second\n"
                  "events/s:          %.0f\n"
                  "log hash:          %016llx\n",
                  r.matches,
                  r.villagerWins,
                  r.werewolfWins,
                  r.averageDays,
                  static_cast<unsigned long long>(r.totalEvents),
                  static_cast<unsigned long long>(r.toolCalls),
                  static_cast<unsigned long long>(r.rejectedCalls),
                  r.wallSeconds,
                  r.simSeconds,
                  r.cpuSeconds,
                  r.matchesPerSecond,
                  r.matchesPerCpuSecond,
                  r.eventsPerSecond,
                  static_cast<unsigned long long>(r.logHash));
    if (r.classic)
        return buf;
    // Only other rule sets name theirs and count draws: classic's report
    // stays byte-for-byte what scripts already read.
    std::string text = "rules:             " + r.rules + "\n" + buf;
    const std::string wolves = "werewolf wins:     " + std::to_string(r.werewolfWins) + "\n";
    text.insert(text.find(wolves) + wolves.size(),
                "draws:             " + std::to_string(r.draws) + "\n");
    return text;
}

std::string toJsonText(const SimulationReport &r)
{
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(r.logHash));
    engine::json j{{"matches", r.matches},
                   {"villagerWins", r.villagerWins},
                   {"werewolfWins", r.werewolfWins},
                   {"averageDays", r.averageDays},
                   {"totalEvents", r.totalEvents},
                   {"toolCalls", r.toolCalls},
                   {"rejectedCalls", r.rejectedCalls},
                   {"wallSeconds", r.wallSeconds},
                   {"simSeconds", r.simSeconds},
                   {"cpuSeconds", r.cpuSeconds},
                   {"matchesPerSecond", r.matchesPerSecond},
                   {"matchesPerCpuSecond", r.matchesPerCpuSecond},
                   {"eventsPerSecond", r.eventsPerSecond},
                   {"logHash", hash}};
    if (!r.classic) {
        j["rules"] = r.rules;
        j["draws"] = r.draws;
    }
    return j.dump(2) + "\n";
}

} // namespace townhall::app
