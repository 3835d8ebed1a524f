// SPDX-License-Identifier: MIT
#pragma once

/// \file spec.h
/// A tournament: who takes part, on which rule set, how many matches, and
/// the schedule that seats them. Pure (no Qt, no I/O, no clock): the same
/// file and seed always give the same schedule, which is what lets a host
/// that crashed resume and reach the same final table.
///
/// \code{.json}
/// {"name": "mine against the bots", "rules": "classic", "matches": 200, "seed": 7,
///  "mirror": true, "failure": "void",
///  "providers": {"local": {"kind": "openai", "baseUrl": "http://localhost:11434/v1", "model":
///  "qwen3:8b"}}, "participants": [
///    {"id": "mine",  "agent": "my-agent"},
///    {"id": "qwen",  "provider": "local"},
///    {"id": "llama", "provider": "local", "model": "llama3.2"},
///    {"id": "pushy", "push": {"url": "http://127.0.0.1:9000/", "deadlineMs": 8000}},
///    {"id": "me",    "human": true, "name": "Ada"},
///    {"id": "bots",  "bot": true, "seats": "rest"}]}
/// \endcode

#include "engine/rules.h"
#include "engine/types.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace townhall::tournament {

using json = nlohmann::json;

enum class ParticipantKind : std::uint8_t {
    Bot,   ///< the built-in bot
    Model, ///< a model seat: a provider of the file's "providers", optional model and persona
    Agent, ///< a registered external MCP agent (by name; it signs in with its own token)
    Push,  ///< a push agent: Town Hall calls it
    Human, ///< a person: a human seat (a join link, or the desktop app's own panel)
};
std::string_view toString(ParticipantKind k);

struct Participant
{
    std::string id;   ///< unique in the tournament; [A-Za-z0-9_.-]{1,40}
    std::string name; ///< for the report; defaults to the id
    ParticipantKind kind = ParticipantKind::Bot;
    int seats = 1; ///< seats it fills at every table
    /// The entry as written (a seats-file seat: provider/model/persona, push,
    /// agent): the host turns it into a seat driver.
    json entry;
};

/// What a match that ended in an agent failure counts for (docs/tournaments.md).
enum class FailureRule : std::uint8_t {
    Count,   ///< it counts like any other match
    Void,    ///< it counts for no one (reported as voided)
    Forfeit, ///< it counts only as a loss for the participant at fault
};
std::string_view toString(FailureRule r);

/// The turns of real-time matches (docs/tournaments.md).
enum class TimerChoice : std::uint8_t {
    Model,    ///< the longer turns of model play
    Standard, ///< the standard turns
    People,   ///< the people preset: longer speeches, votes and nights
};
std::string_view toString(TimerChoice t);

struct TournamentSpec
{
    std::string name;
    engine::RuleSet rules;
    int matches = 0;
    std::uint64_t seed = 1;
    bool mirror
        = false; ///< matches come in pairs: same seed, same seats' roles, participants moved
    FailureRule failure = FailureRule::Void;
    /// Real-time matches (any participant not a bot) use the longer turns of
    /// model play, or the people preset when a person takes part, unless
    /// "timers" says otherwise.
    TimerChoice timers = TimerChoice::Model;
    json providers = json::object(); ///< as in a seats file
    std::vector<Participant> participants;

    /// True when every participant is the built-in bot: the tournament runs
    /// at virtual time.
    bool botsOnly() const;
    /// True when a participant is a person.
    bool hasPeople() const;
    /// The file's JSON, normalized (what the database keeps).
    json toJson() const;
};

/// Every problem is reported, each as "path: reason".
struct SpecParse
{
    std::optional<TournamentSpec> spec; ///< set exactly when errors is empty
    std::vector<std::string> errors;
    bool ok() const { return errors.empty(); }
};
SpecParse parseSpec(const json &j);
SpecParse parseSpec(std::string_view text);

/// One seat of a scheduled match.
struct ScheduledSeat
{
    std::string participantId;
    int slot = 0; ///< which of the participant's seats (0 .. seats-1)
    engine::Role role = engine::Role::Villager;
    std::string displayName; ///< drawn for this match only, so no one can key on a name
};

struct ScheduledMatch
{
    int index = 0;                    ///< 0-based position in the schedule
    std::uint64_t seed = 0;           ///< the match seed (bots' choices, narration)
    int mirrorOf = -1;                ///< the index of the match this one mirrors
    std::vector<ScheduledSeat> seats; ///< in seat order (seat 1 first)

    std::vector<engine::Role> deal() const;
};

/// The whole schedule. Roles rotate in blocks of the table size: within
/// every block each participant's seat holds each position of the deck once
/// (in a shuffled order), so over any multiple of the table a participant
/// with one seat plays each role exactly as often as the deck holds it.
/// Seats and names are shuffled per match. With `mirror`, match 2k+1 repeats
/// match 2k's seed and roles by seat, with the participants moved half the
/// table round the deck (wolves of 2k sit in village seats of 2k+1).
std::vector<ScheduledMatch> schedule(const TournamentSpec &spec);

/// A schedule's entries as JSON (stored per match) and back.
json toJson(const ScheduledMatch &m);
std::optional<ScheduledMatch> scheduledMatchFromJson(const json &j);

} // namespace townhall::tournament
