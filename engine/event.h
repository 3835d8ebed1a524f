// SPDX-License-Identifier: MIT
#pragma once

/// \file event.h
/// The event envelope (id, match, time, type, payload) and its audience. A
/// match is an append-only log of these; its state is a fold of them (see
/// match.h).

#include "types.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace townhall::engine {

using json = nlohmann::json;

/// Who may see an event. Decided by the engine when the event is made; a UI
/// filter is a convenience, never the boundary.
enum class Audience : std::uint8_t {
    Public, ///< everyone: players, spectators, public narration
    Wolves, ///< the werewolf team (wolf chat, kill selections)
    Player, ///< one player (role card, seer result, doctor protection)
    Host,   ///< omniscient only: role table, seed, night resolution details
};

/// Event types. The first nine are the public contract of
/// `et.werewolf.match.events.get`; the rest are internal facts that only
/// projections (state, briefs, the host UI) read.
enum class EventType : std::uint8_t {
    MatchCreated,
    PhaseChanged,
    PublicMessage,
    WolfChatMessage,
    VoteCast,
    NightResult,
    PlayerEliminated,
    GameEnded,
    Narrator,
    // internal
    RolesAssigned,    ///< Host: {roles:{playerId:role}, seed}
    RoleCard,         ///< Player: {role, knownWolves}
    PlayerReady,      ///< Public: {playerId}
    TurnStarted,      ///< Public: {playerId, seat, turnEndsAt, index, of}
    TurnMissed,       ///< Public: {playerId}
    WolfKillSelected, ///< Wolves: {byPlayerId, targetPlayerId}
    SeerInspected,    ///< Player(seer): {targetPlayerId, alignment, night}
    DoctorProtected,  ///< Player(doctor): {targetPlayerId, night}
    NightResolved,    ///< Host: {night, wolfTargets, victim, how, protectedPlayerId, killed}
    VoteResult,       ///< Public: {day, tally:{target:n}, abstained, eliminatedPlayerId|null, tie}
    RolesRevealed,    ///< Public, only after GAME_ENDED: {roles}
    MatchPaused,      ///< Public: {remainingMs}
    MatchResumed,     ///< Public: {phaseEndsAt, reason}
    BreakpointsSet,   ///< Host: {phaseBoundary, beforeVoteResolution, step} (debugging)
    // Witch, hunter and PK rule sets only (never in a classic match):
    WitchInformed, ///< Player(witch), entering NIGHT_WITCH: {night, killedPlayerId|null, antidote,
                   ///< poison}
    WitchActed,    ///< Player(witch): {night, action: SAVE|POISON|PASS, targetPlayerId|null}
    HunterShot,    ///< Public: {hunterPlayerId, targetPlayerId|null, timedOut}
    WolvesDecided, ///< Host, as NIGHT ends before the witch: {night, victimPlayerId, how,
                   ///< wolfTargets, protectedPlayerId, missed}
};
inline constexpr int EventTypeCount = 27;

std::string_view toString(EventType t);
std::optional<EventType> parseEventType(std::string_view s);
std::string_view toString(Audience a);
std::optional<Audience> parseAudience(std::string_view s);

/// True for the nine types that the agent contract's `events.get` outputSchema allows.
bool isContractEventType(EventType t);

struct Event
{
    std::string matchId;
    std::uint64_t seq = 0; ///< 1-based, strictly increasing within a match
    std::string eventId;   ///< sortable: "<matchId>:<seq, 8 digits>"
    TimeMs at = 0;
    EventType type = EventType::MatchCreated;
    Audience audience = Audience::Public;
    std::string audiencePlayerId; ///< set iff audience == Player
    json payload = json::object();
};

/// Builds the canonical event id; lexicographic order equals seq order.
std::string makeEventId(const std::string &matchId, std::uint64_t seq);
/// Parses the seq back out of an event id of this match; nullopt if foreign or malformed.
std::optional<std::uint64_t> seqFromEventId(const std::string &matchId, const std::string &eventId);

/// Full envelope with audience (for storage, export and the host).
json toJson(const Event &e);
/// Inverse of toJson; nullopt (with a reason) on malformed input.
std::optional<Event> eventFromJson(const json &j, std::string *why = nullptr);

} // namespace townhall::engine
