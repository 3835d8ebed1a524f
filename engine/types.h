// SPDX-License-Identifier: MIT
#pragma once

/// \file types.h
/// Vocabulary of the match engine: phases, roles, teams, error codes, and a
/// small expected-style result. No Qt, no I/O, no clock: time is an argument.

#include "base/expected.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace townhall::engine {

/// Milliseconds since the Unix epoch, always supplied by the caller.
using TimeMs = std::int64_t;

enum class Phase : std::uint8_t {
    Lobby,
    Night,
    DayAnnounce,
    DayOpening,
    DayDiscussion,
    DayVote,
    DayResolution,
    Ended,
    // Rule sets with a witch, a hunter or the PK; never in a classic match.
    NightWitch,   ///< after the wolves chose: the witch learns the victim and may use a potion
    HunterShot,   ///< a dead hunter may shoot; then the match goes on where it was
    DayPkDefense, ///< a tied vote under the PK rule: each tied player defends, in turn
    DayPkVote,    ///< the revote among the tied players
};
inline constexpr int PhaseCount = 12;

enum class Role : std::uint8_t { Villager, Werewolf, Seer, Doctor, Witch, Hunter };
enum class Team : std::uint8_t { Villagers, Werewolves };

enum class MessageKind : std::uint8_t { Opening, Discussion, Defense, LastWords };

/// What a player is expected to do now (get_state's `requiredAction.type`).
enum class ActionType : std::uint8_t {
    None,
    WolfKill,
    SeerInspect,
    DoctorProtect,
    SpeakOpening,
    SpeakDiscussion,
    Vote,
    WitchAct,     ///< NIGHT_WITCH: save, poison or pass
    HunterShoot,  ///< HUNTER_SHOT: shoot or pass
    SpeakDefense, ///< DAY_PK_DEFENSE: your defence turn
};

std::string_view toString(Phase p);
std::string_view toString(Role r);
std::string_view toString(Team t);
std::string_view toString(MessageKind k);
std::string_view toString(ActionType a);
std::optional<Phase> parsePhase(std::string_view s);
std::optional<Role> parseRole(std::string_view s);
std::optional<MessageKind> parseMessageKind(std::string_view s);
std::optional<Team> parseTeam(std::string_view s);
std::optional<ActionType> parseActionType(std::string_view s);

inline Team teamOf(Role r)
{
    return r == Role::Werewolf ? Team::Werewolves : Team::Villagers;
}

/// Stable business-rule error codes. Their string form is part of the MCP
/// contract (tool results carry `error.code`), so never rename one.
enum class ErrorCode : std::uint8_t {
    MatchNotFound,
    MatchEnded,
    NotInMatch,
    WrongPhase,
    NotYourRole,
    NotYourTurn,
    PlayerDead,
    InvalidTarget,
    ConsecutiveProtect,
    AlreadyActed,
    AlreadySpoke,
    InvalidKind,
    RateLimited,
    UnknownQueue,
    AlreadyInMatch,
    InvalidArgument,
    MatchPaused,
    NoPotion, ///< the witch's antidote or poison is used up (or may not be used now)
};
std::string_view toString(ErrorCode c);

/// A refused command. `retryable` is honest: true only if the same call can
/// succeed later without the caller changing anything (e.g. rate limit, a
/// phase that has not come yet). `retryAfterMs` is set for rate limits and turns.
struct Error
{
    ErrorCode code;
    std::string message;
    bool retryable = false;
    std::optional<std::int64_t> retryAfterMs;
};

/// A value or a refusal: the project's expected type with the engine's error.
template<typename T>
using Expected = base::Expected<T, Error>;

inline Error makeError(ErrorCode code,
                       std::string message,
                       bool retryable = false,
                       std::optional<std::int64_t> retryAfterMs = std::nullopt)
{
    return Error{code, std::move(message), retryable, retryAfterMs};
}

/// ISO 8601 UTC with milliseconds, e.g. 2026-11-22T00:33:53.120Z. Pure.
std::string isoTime(TimeMs t);

} // namespace townhall::engine
