// SPDX-License-Identifier: MIT
#pragma once

/// \file projection.h
/// Everything an outside party can ever see of a match comes from here:
/// `visible()` decides which events a viewer may read, `stateView()` builds
/// the exact data behind `get_state`, `phaseBrief()` the text an agent is
/// given each phase. Nothing else serializes match state for the outside.

#include "match.h"

#include <optional>
#include <string>
#include <vector>

namespace townhall::engine {

struct Viewer
{
    enum class Kind : std::uint8_t { Spectator, Player, Omniscient };
    Kind kind = Kind::Spectator;
    std::string playerId; ///< for Kind::Player

    static Viewer spectator() { return {}; }
    static Viewer omniscient() { return {Kind::Omniscient, {}}; }
    static Viewer forPlayer(std::string id) { return {Kind::Player, std::move(id)}; }
};

/// The audience rule: may `viewer` read `e` in match `s`?
bool visible(const Event &e, const Viewer &viewer, const MatchState &s);

/// Events after `afterSeq` (exclusive) that `viewer` may read, at most `limit`.
/// With `afterSeq == nullopt`, the most recent `limit` visible events.
std::vector<const Event *> visibleEvents(const Match &m,
                                         const Viewer &viewer,
                                         std::optional<std::uint64_t> afterSeq,
                                         std::size_t limit);

struct PlayerEntry
{
    std::string playerId;
    std::string displayName;
    int seat = 0;
    bool alive = true;
    bool ready = false;
    std::optional<Role> revealedRole; ///< dead players, ended matches, or omniscient viewers
};

struct MessageEntry
{
    std::string eventId;
    TimeMs at = 0;
    std::string playerId;
    std::string text;
    MessageKind kind = MessageKind::Discussion;
};

struct SeerEntry
{
    int night = 0;
    std::string targetPlayerId;
    bool werewolf = false;
};

/// The witch's potions, told to her alone.
struct PotionsView
{
    bool antidote = false;
    bool poison = false;
};

struct YouView
{
    std::string playerId;
    Role role = Role::Villager;
    bool alive = true;
    std::vector<std::string> knownWolves;
    std::vector<SeerEntry> seerHistory;
    std::optional<PotionsView> potions; ///< the witch only; absent (not in JSON) for anyone else
    std::optional<Match::RequiredAction> requiredAction; ///< null when the match ended
    /// Voted out just now (DAY_RESOLUTION) and the last words not said yet:
    /// say_public with kind LAST_WORDS may be called. Optional, so it is not
    /// a required action (requiredAction stays NONE).
    bool lastWordsDue = false;
};

struct StateOptions
{
    bool includeTranscriptSummary = true;
    bool includeRecentPublicMessages = false;
    int recentPublicMessagesLimit = 20;
    /// Only public messages after this seq (0: the newest ones, whatever their seq).
    std::uint64_t messagesAfterSeq = 0;
};

/// The `state` object of `et.werewolf.match.get_state`, typed.
struct StateView
{
    std::string matchId;
    Phase phase = Phase::Lobby;
    int dayNumber = 0;
    int nightNumber = 0; ///< the night under way or the last one; not part of get_state's JSON
    TimeMs phaseEndsAt = 0;
    /// The current speaker's deadline in DAY_OPENING and DAY_PK_DEFENSE
    /// (phaseEndsAt otherwise). Not part of get_state's JSON.
    TimeMs turnEndsAt = 0;
    std::vector<PlayerEntry> players;
    std::string publicSummary;
    std::vector<MessageEntry> recentPublicMessages;
    std::optional<YouView> you;
};

StateView stateView(const Match &m, const Viewer &viewer, const StateOptions &opts = {});
/// Same, into an existing view whose buffers are reused (hot paths: bots).
void stateViewInto(StateView &out,
                   const Match &m,
                   const Viewer &viewer,
                   const StateOptions &opts = {});
json toJson(const StateView &v);

/// Short public recap from public facts only (safe for anyone).
std::string publicSummary(const Match &m);

/// One entry of `et.werewolf.matches.list`.
json matchListEntry(const Match &m);

/// Public projection of one event for MCP `events.get`: the contract envelope
/// {eventId, at, visibility, type, payload}. Only call for visible events.
json contractEvent(const Event &e);

/// The per-phase brief for a player: fixed context (role, private knowledge,
/// rules reminder, phase, alive/dead), the current and previous day verbatim,
/// older days compressed, and the task.
std::string phaseBrief(const Match &m, const std::string &playerId);

} // namespace townhall::engine
