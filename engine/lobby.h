// SPDX-License-Identifier: MIT
#pragma once

/// \file lobby.h
/// The queues, the matches they create and their buildings on the town map.
/// Each queue seats one rule set: the join that fills its table (the rule
/// set's seat count) creates a match, its building and its seats in one step.
/// Like a match, the lobby is a fold of its own small journal (LobbyRecord),
/// so storage can persist and rebuild it.

#include "match.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace townhall::engine {

inline constexpr const char *DefaultQueueId = "werewolf-default";
/// Every preset's own queue is this prefix and the preset's name
/// ("werewolf-witch-hunter-9"); the preset's former name still finds it
/// ("werewolf-seed002-9").
inline constexpr const char *PresetQueuePrefix = "werewolf-";

struct Building
{
    std::string buildingInstanceId;
    std::string matchId;
    std::string label; ///< "Werewolf Game #N"
    int number = 0;
    double x = 0; ///< town-map units; the Town Hall stands at (0, 0)
    double y = 0;
    TimeMs createdAt = 0;
};

struct QueueEntry
{
    std::string agentId;
    std::string displayName;
    TimeMs joinedAt = 0;
};

struct Assignment
{
    std::string matchId;
    std::string buildingInstanceId;
    std::string playerId;
    int seat = 0;
};

struct QueueStatus
{
    std::string queueId;
    std::optional<int> position; ///< 1-based; nullopt when not queued
    int size = 0;
    int requiredPlayers = SeatCount; ///< the queue's table size
    bool starting = false;
    std::int64_t estimatedStartSeconds = 0;
    std::optional<Assignment> assignment;
};

/// One entry of the lobby journal: what happened to the queue.
struct LobbyRecord
{
    enum class Kind : std::uint8_t { Joined, Left, MatchStarted };
    Kind kind = Kind::Joined;
    TimeMs at = 0;
    std::string queueId;
    std::string agentId;
    std::string displayName;
    // MatchStarted:
    std::string matchId;
    int matchNumber = 0;
    std::uint64_t seed = 0;
    std::vector<std::string> seatedAgents;
    /// Left: why, when the agent did not leave by itself (e.g. "abandoned").
    std::string reason;

    json toJson() const;
    static std::optional<LobbyRecord> fromJson(const json &j);
};

class Lobby
{
public:
    explicit Lobby(std::uint64_t seed = 1, MatchConfig defaults = {});

    struct JoinResult
    {
        QueueStatus status;
        std::vector<LobbyRecord> records; ///< journal entries to persist
        Match *startedMatch = nullptr;    ///< set when this join filled the table
        std::vector<Event> matchEvents;   ///< the new match's first events
    };
    Expected<JoinResult> join(const std::string &agentId,
                              const std::string &displayName,
                              const std::string &queueId,
                              TimeMs now);

    struct LeaveResult
    {
        bool removed = false;
        QueueStatus status;
        std::vector<LobbyRecord> records;
    };
    Expected<LeaveResult> leave(const std::string &agentId,
                                const std::string &queueId,
                                TimeMs now,
                                std::string reason = {});

    Expected<QueueStatus> status(const std::string &agentId, const std::string &queueId) const;

    /// The rule set a queue seats: the default queue has defaults().rules,
    /// "werewolf-<preset>" that preset, and a registered queue its own.
    /// Nullptr for a queue this lobby does not have.
    const RuleSet *queueRules(const std::string &queueId) const;
    /// The table size of a queue (its rule set's seat count); 0 for an unknown queue.
    int seatCount(const std::string &queueId = DefaultQueueId) const;
    /// Adds a queue for `rules` (e.g. a rule set read from a file). Refused
    /// for an invalid rule set, an empty id or the id of a queue that
    /// already exists. Not journaled: the host registers it again on start.
    Expected<void> registerQueue(const std::string &queueId, RuleSet rules);
    /// The roles of the next table `queueId` seats, in queue order (a
    /// tournament rotates roles). Used once, by the join that fills the
    /// table. Not journaled: the roles are in the match's own log.
    void setNextDeal(const std::string &queueId, std::vector<Role> roles)
    {
        m_deals[canonicalQueueId(queueId)] = std::move(roles);
    }
    /// The id a queue is kept under: a renamed preset's queue under its
    /// current name ("werewolf-seed002-9" -> "werewolf-witch-hunter-9"), any
    /// other id as it is. Every call that takes a queue id goes through it,
    /// so an old id (an agent's, a stored journal's) finds the same queue;
    /// statuses and records keep the id the caller used.
    static std::string canonicalQueueId(const std::string &queueId);
    /// Every queue id, the default first, then the presets', then registered ones.
    std::vector<std::string> queueIds() const;

    /// Rebuilds queue and counters from the journal (matches come from their own logs).
    void applyRecord(const LobbyRecord &r);
    /// Adopts a match rebuilt from its log (recovery / import).
    Match *adopt(Match m, TimeMs createdAt);
    /// Forgets a match that never happened (its creation was not stored):
    /// the match, its building and its number go.
    void forget(const std::string &matchId);
    /// Puts the queues back to what `journal` (everything that was stored)
    /// says, dropping what later records not stored had done.
    void restoreQueues(const std::vector<LobbyRecord> &journal);

    Match *match(const std::string &matchId);
    const Match *match(const std::string &matchId) const;
    const std::map<std::string, std::unique_ptr<Match>> &matches() const { return m_matches; }
    /// Matches in creation order (newest last).
    std::vector<Match *> orderedMatches() const;
    const Building *building(const std::string &matchId) const;
    const std::vector<Building> &buildings() const { return m_buildings; }
    const std::deque<QueueEntry> &queue(const std::string &queueId = DefaultQueueId) const;

    /// The active (not ended) match an agent sits in, if any.
    std::optional<Assignment> activeAssignment(const std::string &agentId) const;

    /// Earliest deadline over all matches.
    std::optional<TimeMs> nextDeadline() const;
    /// Advances every match; returns (matchId, events) for those that changed.
    std::vector<std::pair<Match *, std::vector<Event>>> advance(TimeMs now);

    MatchConfig &defaults() { return m_defaults; }
    std::uint64_t seed() const { return m_seed; }
    int matchCounter() const { return m_counter; }

    static Building buildingFor(int number, const std::string &matchId, TimeMs at);
    static std::string matchIdFor(int number);
    static std::uint64_t matchSeed(std::uint64_t lobbySeed, int number);

private:
    Error unknownQueue(const std::string &queueId) const;

    std::uint64_t m_seed;
    MatchConfig m_defaults;
    int m_counter = 0;
    std::map<std::string, std::deque<QueueEntry>> m_queues;
    std::vector<std::pair<std::string, RuleSet>> m_customQueues; ///< registerQueue, in order
    std::map<std::string, std::unique_ptr<Match>> m_matches;
    std::map<std::string, std::vector<Role>> m_deals; ///< setNextDeal, by queue
    std::vector<std::string> m_order;
    std::vector<Building> m_buildings;
};

} // namespace townhall::engine
