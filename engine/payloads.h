// SPDX-License-Identifier: MIT
#pragma once

/// \file payloads.h
/// Typed payloads: one struct per event type, with the one decoder that reads
/// it and the one encoder the engine writes it with, so a field's name and
/// type live here and nowhere else. Stored logs are input like any other
/// (hand-edited exports, a damaged database), so a payload is checked once,
/// field by field, and a bad one becomes an error value that names the event
/// and the field, instead of an exception from deep inside the reducer.
///
/// A struct holds every field the engine writes, including those written
/// for agents and spectators alone. Required fields are the ones the engine
/// reads and every log this engine ever wrote has; the others are optional
/// when decoding (absent or null: nullopt, or the default where noted), so no
/// log is refused for lacking a field that was added later. encode() writes
/// a struct as the engine always wrote it: the same keys, the same types,
/// null where it wrote null; decodePayload(encode(p)) == p.
///
/// Strings are views into the event's payload (decoding) or into what the
/// engine encodes from (encoding): a decoded payload is valid while its
/// Event lives and is not modified. That keeps decoding free of allocations
/// on the hot path (a list is one vector of views).

#include "event.h"
#include "match.h"
#include "types.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace townhall::engine {

namespace payload {

/// A JSON value in place: inside a decoded payload, or lent to encode().
/// Equal when the values are (not the addresses).
struct JsonRef
{
    const json *value = nullptr;
    bool operator==(const JsonRef &o) const
    {
        return value && o.value ? *value == *o.value : value == o.value;
    }
};

using Names = std::vector<std::string_view>; ///< player ids, in payload order

struct Seat
{
    std::string_view playerId;
    std::string_view agentId;
    std::string_view displayName;
    int seat = 0;
    bool operator==(const Seat &) const = default;
};

struct MatchCreated
{
    std::string_view matchId;
    std::string_view buildingInstanceId;
    int matchNumber = 0;
    MatchConfig config;
    std::vector<Seat> players;
    bool operator==(const MatchCreated &) const = default;
};

struct PhaseChanged
{
    std::optional<Phase> from; ///< none: the match's first phase (written as null)
    Phase to = Phase::Lobby;
    int dayNumber = 0;
    std::optional<int> nightNumber;      ///< absent in logs older than night numbers
    std::optional<TimeMs> phaseEndsAtMs; ///< absent: the phase ends when it starts
    Names order; ///< required for DAY_OPENING and DAY_PK_DEFENSE, else empty
    std::optional<std::string_view> hunterPlayerId; ///< HUNTER_SHOT: whose shot
    std::optional<Phase> resume;                    ///< HUNTER_SHOT: the phase that follows
    bool operator==(const PhaseChanged &) const = default;
};

struct PublicMessage
{
    std::string_view playerId;
    MessageKind kind = MessageKind::Discussion;
    std::string_view text;
    std::optional<std::string_view> replyToEventId; ///< an earlier event of this match
    bool operator==(const PublicMessage &) const = default;
};

struct WolfChatMessage
{
    std::string_view fromWolfId;
    std::string_view text;
    bool operator==(const WolfChatMessage &) const = default;
};

struct VoteCast
{
    std::string_view voterPlayerId;
    std::optional<std::string_view> targetPlayerId; ///< none: abstained
    std::optional<std::string_view> reason;         ///< written as null when none was given
    /// The voter had voted already: previousTargetPlayerId is written (null:
    /// they had abstained). Not written for a first vote.
    bool changed = false;
    std::optional<std::string_view> previousTargetPlayerId;
    bool operator==(const VoteCast &) const = default;
};

struct NightResult
{
    std::optional<std::string_view> killedPlayerId;
    bool savedByDoctor = false;
    std::optional<int> night;
    std::optional<Names> deaths; ///< not classic: everyone who died, in seat order
    bool operator==(const NightResult &) const = default;
};

struct PlayerEliminated
{
    std::string_view playerId;
    std::optional<Role> roleRevealed;
    std::string_view cause;   ///< NIGHT_KILL, VOTE, HUNTER_SHOT (absent in old logs)
    std::optional<int> night; ///< NIGHT_KILL
    std::optional<int> day;   ///< VOTE, HUNTER_SHOT
    std::optional<int> votes; ///< VOTE
    std::optional<std::string_view> byPlayerId; ///< HUNTER_SHOT: the hunter
    bool operator==(const PlayerEliminated &) const = default;
};

struct GameEnded
{
    std::optional<Team> winningTeam; ///< none: "NONE", a draw at max_days
    int dayNumber = 0;
    int survivors = 0;
    std::optional<std::string_view> reason; ///< MAX_DAYS for that draw
    bool operator==(const GameEnded &) const = default;
};

struct Narrator
{
    std::string_view templateId; ///< "<situation>.<variant>" (narrator.h)
    JsonRef args;                ///< the template's named arguments (an object)
    std::string_view text;       ///< rendered in the match's language
    std::string_view causeEventId;
    bool operator==(const Narrator &) const = default;
};

struct RolesAssigned
{
    std::uint64_t seed = 0;
    std::vector<std::pair<std::string_view, Role>> roles; ///< playerId → role, payload order
    bool operator==(const RolesAssigned &) const = default;
};

struct RoleCard
{
    Role role = Role::Villager;
    Names knownWolves; ///< the pack, for a werewolf; else empty
    bool operator==(const RoleCard &) const = default;
};

struct PlayerReady
{
    std::string_view playerId;
    bool operator==(const PlayerReady &) const = default;
};

struct TurnStarted
{
    std::string_view playerId;
    int seat = 0;
    int index = 0;
    int of = 0; ///< how many turns the phase has
    TimeMs turnEndsAtMs = 0;
    TimeMs phaseEndsAtMs = 0;
    bool operator==(const TurnStarted &) const = default;
};

struct TurnMissed
{
    std::string_view playerId;
    int index = 0;
    bool operator==(const TurnMissed &) const = default;
};

struct WolfKillSelected
{
    std::string_view byPlayerId;
    std::string_view targetPlayerId;
    int night = 0;
    bool operator==(const WolfKillSelected &) const = default;
};

struct SeerInspected
{
    std::string_view targetPlayerId;
    bool werewolf = false; ///< alignment WEREWOLF / NOT_WEREWOLF
    int night = 0;
    bool operator==(const SeerInspected &) const = default;
};

struct DoctorProtected
{
    std::string_view targetPlayerId;
    int night = 0;
    bool operator==(const DoctorProtected &) const = default;
};

struct NightResolved
{
    std::optional<int> night;
    Names wolfTargets;
    std::string_view victimPlayerId;
    std::string_view how; ///< AGREED, RANDOM_BETWEEN_SELECTIONS, RANDOM_FALLBACK
    std::optional<std::string_view> protectedPlayerId;
    bool saved = false;
    Names missed;
    /// Tables other than classic only (absent in classic logs): the witch's potions and the deaths.
    struct Witch
    {
        std::optional<std::string_view> savedPlayerId;    ///< witchSavedPlayerId
        std::optional<std::string_view> poisonedPlayerId; ///< witchPoisonedPlayerId
        Names deaths;
        bool operator==(const Witch &) const = default;
    };
    std::optional<Witch> witch;
    bool operator==(const NightResolved &) const = default;
};

struct VoteResult
{
    int day = 0;
    std::vector<std::pair<std::string_view, int>> tally; ///< target → votes, by target id
    Names abstained;                                     ///< including those who did not vote
    std::optional<std::string_view> eliminatedPlayerId;
    Names noVote;
    bool tie = false;
    int topCount = 0;
    Names pk;        ///< a tie under the PK rule: the players in the PK
    int pkRound = 0; ///< 1 for the PK's revote, else 0
    bool operator==(const VoteResult &) const = default;
};

struct RolesRevealed
{
    std::vector<std::pair<std::string_view, Role>> roles; ///< playerId → role
    bool operator==(const RolesRevealed &) const = default;
};

struct MatchPaused
{
    std::int64_t remainingMs = 0;
    std::optional<Phase> phase;                 ///< the phase paused
    std::optional<std::string_view> reason;     ///< "breakpoint", or none: the host
    std::optional<std::string_view> breakpoint; ///< set when a breakpoint stopped the match
    bool operator==(const MatchPaused &) const = default;
};

struct MatchResumed
{
    std::string_view reason; ///< "host", "step", "skip", "speed", …
    TimeMs phaseEndsAtMs = 0;
    std::optional<TimeMs> turnEndsAtMs; ///< DAY_OPENING only
    std::optional<double> speed;        ///< reason "speed": the new timer speed factor
    bool skipTurns = false;             ///< reason "skip" in a turn phase: every turn left
    bool operator==(const MatchResumed &) const = default;
};

struct BreakpointsSet
{
    bool phaseBoundary = false;
    bool beforeVoteResolution = false;
    bool step = false;
    bool operator==(const BreakpointsSet &) const = default;
};

struct WitchInformed
{
    int night = 0;
    std::optional<std::string_view> killedPlayerId;
    bool antidote = false; ///< her potions left
    bool poison = false;
    bool operator==(const WitchInformed &) const = default;
};

struct WitchActed
{
    int night = 0;
    std::string_view action; ///< SAVE, POISON or PASS
    std::optional<std::string_view> targetPlayerId;
    bool operator==(const WitchActed &) const = default;
};

struct HunterShot
{
    std::string_view hunterPlayerId;
    std::optional<std::string_view> targetPlayerId; ///< none: the hunter did not shoot
    bool timedOut = false;                          ///< HUNTER_SHOT's deadline passed
    bool operator==(const HunterShot &) const = default;
};

struct WolvesDecided
{
    int night = 0;
    std::string_view victimPlayerId;
    std::string_view how;
    Names wolfTargets;
    std::optional<std::string_view> protectedPlayerId;
    Names missed;
    bool operator==(const WolvesDecided &) const = default;
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

/// The event type whose payload `P` is.
template<typename P, std::size_t I = 0>
constexpr EventType eventTypeOf()
{
    if constexpr (std::is_same_v<P, std::variant_alternative_t<I, Payload>>)
        return static_cast<EventType>(I);
    else
        return eventTypeOf<P, I + 1>();
}

/// The payload as the engine writes it (the inverse of decodePayload). The
/// event type is the struct's.
json encode(const payload::MatchCreated &p);
json encode(const payload::PhaseChanged &p);
json encode(const payload::PublicMessage &p);
json encode(const payload::WolfChatMessage &p);
json encode(const payload::VoteCast &p);
json encode(const payload::NightResult &p);
json encode(const payload::PlayerEliminated &p);
json encode(const payload::GameEnded &p);
json encode(const payload::Narrator &p);
json encode(const payload::RolesAssigned &p);
json encode(const payload::RoleCard &p);
json encode(const payload::PlayerReady &p);
json encode(const payload::TurnStarted &p);
json encode(const payload::TurnMissed &p);
json encode(const payload::WolfKillSelected &p);
json encode(const payload::SeerInspected &p);
json encode(const payload::DoctorProtected &p);
json encode(const payload::NightResolved &p);
json encode(const payload::VoteResult &p);
json encode(const payload::RolesRevealed &p);
json encode(const payload::MatchPaused &p);
json encode(const payload::MatchResumed &p);
json encode(const payload::BreakpointsSet &p);
json encode(const payload::WitchInformed &p);
json encode(const payload::WitchActed &p);
json encode(const payload::HunterShot &p);
json encode(const payload::WolvesDecided &p);
/// Any payload, by its alternative.
json encode(const Payload &p);

/// Decodes `e.payload` as its type's struct. Never throws. The error
/// (InvalidArgument) reads e.g. "event match-1:00000007 (PHASE_CHANGED):
/// payload field 'dayNumber' must be an integer".
Expected<Payload> decodePayload(const Event &e);

/// decodePayload() for a payload outside an event (a UI helper given one
/// NARRATOR payload, say); the error names the type, not an event.
Expected<Payload> decodePayload(EventType type, const json &payload);

/// A MATCH_CREATED `config` object; absent fields keep their defaults.
Expected<MatchConfig> decodeMatchConfig(const json &j);

/// The typed payload of an event already known to be of type `P`'s
/// event type (e.g. one that is in a Match's log); nullopt if it is not, or
/// does not decode.
template<typename P>
std::optional<P> payloadAs(const Event &e)
{
    if (e.type != eventTypeOf<P>())
        return std::nullopt;
    auto d = decodePayload(e);
    if (!d)
        return std::nullopt;
    if (P *p = std::get_if<P>(&*d))
        return std::move(*p);
    return std::nullopt;
}

} // namespace townhall::engine
