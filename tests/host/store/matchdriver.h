// SPDX-License-Identifier: MIT
#pragma once

// A scripted, deterministic host for store tests and the store benchmark:
// plays complete matches through the engine's public API (execute/advance),
// one command or one deadline per step, like the host does. The built-in
// bots are not needed, so these tests only depend on the rules engine.

#include "engine/lobby.h"
#include "engine/match.h"

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace townhall::storetest {

class MatchDriver
{
public:
    MatchDriver(engine::Match &match, std::uint64_t seed, engine::TimeMs now);

    /// One host step: one command or one expired deadline. Returns the
    /// events it appended (never empty while the match runs); empty once the
    /// match has ended.
    std::vector<engine::Event> step();
    /// Steps until the match ends or `maxSteps` ran; returns every event.
    std::vector<engine::Event> run(int maxSteps = 100000);

    engine::TimeMs now() const { return m_now; }
    engine::Match &match() { return *m_match; }

private:
    std::optional<engine::Command> nextCommand();
    std::string pick(const std::vector<std::string> &from);

    engine::Match *m_match;
    std::mt19937_64 m_rng;
    engine::TimeMs m_now;
    bool m_pausedOnce = false;
    std::map<int, int> m_discussion; ///< messages per day
    std::set<int> m_wolfChatNights;
};

/// An 8-seat match created directly (no lobby), ids "<prefix>-<number>".
engine::Match createMatch(const std::string &matchId,
                          int number,
                          std::uint64_t seed,
                          engine::TimeMs now,
                          bool narrator = true);

/// A lobby that filled one table: the journal records of the joins and the
/// match start, and the new match's first events.
struct FilledTable
{
    std::vector<engine::LobbyRecord> records;
    engine::Match *match = nullptr;
    std::vector<engine::Event> events;
};
FilledTable fillTable(engine::Lobby &lobby, const std::string &agentPrefix, engine::TimeMs now);

/// A complete match log (creation through GAME_ENDED).
std::vector<engine::Event> playedLog(const std::string &matchId, int number, std::uint64_t seed);

} // namespace townhall::storetest
