// SPDX-License-Identifier: MIT
#pragma once

/// \file payloads.h
/// Typed payloads: what the engine reads from each event type, and the one
/// decoder that reads it. Stored logs are input like any other (hand-edited
/// exports, a damaged database), so a payload is checked once, field by
/// field, and a bad one becomes an error value that names the event and the
/// field, instead of an exception from deep inside the reducer.
///
/// A struct holds only the fields the engine reads (the reducer, the
/// projections); fields written for agents and spectators alone are not
/// decoded. Required fields are the ones every log this engine ever wrote
/// has; optional ones may be absent or null. Strings are views into the
/// event's payload: a decoded payload is valid while its Event lives and is
/// not modified. That keeps decoding free of allocations on the hot path.

#include "event.h"
#include "match.h"
#include "types.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace townhall::engine {

namespace payload {

struct Seat
{
    std::string_view playerId;
    std::string_view agentId;
    std::string_view displayName;
    int seat = 0;
};

struct MatchCreated
{
    std::string_view matchId;
    std::string_view buildingInstanceId;
    int matchNumber = 0;
    MatchConfig config;
    std::vector<Seat> players;
};

struct PhaseChanged
{
    Phase to = Phase::Lobby;
    int dayNumber = 0;
    std::optional<int> nightNumber;      ///< absent in logs older than night numbers
    std::optional<TimeMs> phaseEndsAtMs; ///< absent: the phase ends when it starts
    std::vector<std::string_view>
        order; ///< required for DAY_OPENING and DAY_PK_DEFENSE, else empty
    std::optional<std::string_view> hunterPlayerId; ///< HUNTER_SHOT: whose shot
    std::optional<Phase> resume;                    ///< HUNTER_SHOT: the phase that follows
};

struct PublicMessage
{
    std::string_view playerId;
    MessageKind kind = MessageKind::Discussion;
    std::string_view text;
};

struct WolfChatMessage
{
    std::string_view fromWolfId;
    std::string_view text;
};

struct VoteCast
{
    std::string_view voterPlayerId;
    std::optional<std::string_view> targetPlayerId; ///< none: abstained
};

struct NightResult
{
    std::optional<std::string_view> killedPlayerId;
    bool savedByDoctor = false;
    std::optional<int> night;
    std::vector<std::string_view> deaths; ///< not classic: everyone who died, in seat order
};

struct PlayerEliminated
{
    std::string_view playerId;
    std::optional<Role> roleRevealed;
    std::string_view cause; ///< NIGHT_KILL, VOTE, HUNTER_SHOT (absent in old logs)
};

struct GameEnded
{
    std::optional<Team> winningTeam; ///< none: "NONE", a draw at max_days
};

struct Narrator
{
};

struct RolesAssigned
{
    std::uint64_t seed = 0;
    std::vector<std::pair<std::string_view, Role>> roles; ///< playerId → role, payload order
};

struct RoleCard
{
};

struct PlayerReady
{
    std::string_view playerId;
};

struct TurnStarted
{
    int index = 0;
    TimeMs turnEndsAtMs = 0;
    TimeMs phaseEndsAtMs = 0;
};

struct TurnMissed
{
    std::string_view playerId;
};

struct WolfKillSelected
{
    std::string_view byPlayerId;
    std::string_view targetPlayerId;
};

struct SeerInspected
{
    std::string_view targetPlayerId;
    bool werewolf = false; ///< alignment WEREWOLF / NOT_WEREWOLF
    int night = 0;
};

struct DoctorProtected
{
    std::string_view targetPlayerId;
};

struct NightResolved
{
    std::optional<int> night;
    std::optional<std::string_view> protectedPlayerId;
    std::vector<std::string_view> missed;
};

struct VoteResult
{
    std::optional<std::string_view> eliminatedPlayerId;
    std::vector<std::string_view> noVote;
    bool tie = false;
    int topCount = 0;
    std::vector<std::string_view> pk; ///< a tie under the PK rule: the players in the PK
    int pkRound = 0;                  ///< 1 for the PK's revote, else 0
};

struct RolesRevealed
{
};

struct MatchPaused
{
    std::int64_t remainingMs = 0;
    std::optional<std::string_view> breakpoint; ///< set when a breakpoint stopped the match
};

struct MatchResumed
{
    TimeMs phaseEndsAtMs = 0;
    std::optional<TimeMs> turnEndsAtMs; ///< DAY_OPENING only
    std::optional<double> speed;        ///< reason "speed": the new timer speed factor
};

struct BreakpointsSet
{
    bool phaseBoundary = false;
    bool beforeVoteResolution = false;
    bool step = false;
};

struct WitchInformed
{
    int night = 0;
    std::optional<std::string_view> killedPlayerId;
};

struct WitchActed
{
    int night = 0;
    std::string_view action; ///< SAVE, POISON or PASS
    std::optional<std::string_view> targetPlayerId;
};

struct HunterShot
{
    std::string_view hunterPlayerId;
    std::optional<std::string_view> targetPlayerId; ///< none: the hunter did not shoot
};

struct WolvesDecided
{
    int night = 0;
    std::string_view victimPlayerId;
    std::string_view how;
    std::vector<std::string_view> wolfTargets;
    std::optional<std::string_view> protectedPlayerId;
    std::vector<std::string_view> missed;
};

} // namespace payload

/// One alternative per EventType, in the enum's order: `index()` is the type.
using Payload = std::variant<payload::MatchCreated,
                             payload::PhaseChanged,
                             payload::PublicMessage,
                             payload::WolfChatMessage,
                             payload::VoteCast,
                             payload::NightResult,
                             payload::PlayerEliminated,
                             payload::GameEnded,
                             payload::Narrator,
                             payload::RolesAssigned,
                             payload::RoleCard,
                             payload::PlayerReady,
                             payload::TurnStarted,
                             payload::TurnMissed,
                             payload::WolfKillSelected,
                             payload::SeerInspected,
                             payload::DoctorProtected,
                             payload::NightResolved,
                             payload::VoteResult,
                             payload::RolesRevealed,
                             payload::MatchPaused,
                             payload::MatchResumed,
                             payload::BreakpointsSet,
                             payload::WitchInformed,
                             payload::WitchActed,
                             payload::HunterShot,
                             payload::WolvesDecided>;
static_assert(std::variant_size_v<Payload> == EventTypeCount);

/// Decodes `e.payload` as its type's struct. Never throws. The error
/// (InvalidArgument) reads e.g. "event match-1:00000007 (PHASE_CHANGED):
/// payload field 'dayNumber' must be an integer".
Expected<Payload> decodePayload(const Event &e);

/// A MATCH_CREATED `config` object; absent fields keep their defaults.
Expected<MatchConfig> decodeMatchConfig(const json &j);

/// The typed payload of an event already known to be of type `P`'s
/// event type (e.g. one that is in a Match's log); nullopt if it is not, or
/// does not decode.
template<typename P>
std::optional<P> payloadAs(const Event &e)
{
    auto d = decodePayload(e);
    if (!d)
        return std::nullopt;
    if (P *p = std::get_if<P>(&*d))
        return std::move(*p);
    return std::nullopt;
}

} // namespace townhall::engine
