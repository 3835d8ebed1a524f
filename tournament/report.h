// SPDX-License-Identifier: MIT
#pragma once

/// \file report.h
/// A tournament's results, computed from what is stored: each played
/// match's event log and the per-seat telemetry the host kept beside it.
/// Pure: the same records always give the same report, so a report can be
/// recomputed at any time (docs/tournaments.md defines every figure).

#include "engine/event.h"
#include "tournament/spec.h"

#include <optional>
#include <string>
#include <vector>

namespace townhall::tournament {

/// What the host measured for one seat, beside the event log (the model
/// seats' telemetry, the tool calls the tool path refused).
struct SeatTelemetry
{
    int illegalCalls = 0;    ///< tool calls refused (wrong phase, dead target, bad arguments …)
    int standInTurns = 0;    ///< turns the stand-in bot played for a model seat
    bool handedOver = false; ///< the seat's driver was replaced by the stand-in for good
    int providerCalls = 0;   ///< requests to the model's provider
    std::int64_t tokensIn = 0;
    std::int64_t tokensOut = 0;
    double costUsd = 0;      ///< 0 when the provider reports no price
    double latencyMsSum = 0; ///< over providerCalls (or push calls)
    int timeouts = 0;        ///< provider or push calls that ran out of time

    json toJson() const;
    static SeatTelemetry fromJson(const json &j);
};

/// One played match as the report reads it.
struct MatchRecord
{
    int index = 0; ///< its place in the schedule
    std::string matchId;
    std::vector<ScheduledSeat> seats;     ///< seat order, as scheduled
    std::vector<SeatTelemetry> telemetry; ///< seat order; may be empty (all zero)
    std::vector<engine::Event> log;       ///< the whole stored log (every audience)
    /// Set when the host spoiled the match (it unlocked what a person playing
    /// in it may not see): when, as stored. Such a match is left out of the
    /// ratings and win rates.
    std::optional<std::string> spoiledAt = std::nullopt;
};

/// A value with its 95% interval.
struct Estimate
{
    double value = 0;
    double low = 0;
    double high = 0;
    int n = 0; ///< the observations behind it
};

/// Per participant and role (or over all roles when `role` is empty).
struct RoleResult
{
    std::optional<engine::Role> role; ///< nullopt: every role
    int games = 0;
    int wins = 0;
    int draws = 0;
    Estimate winRate; ///< wins / games, Wilson score interval
    Estimate rating;  ///< OpenSkill (Weng-Lin, Plackett-Luce) mu, mu ± 1.96 sigma
};

struct ErrorCounts
{
    int timeouts
        = 0; ///< missed turns and actions the engine defaulted, plus provider/push timeouts
    int illegalCalls = 0;
    int noVote = 0; ///< votes owed and not cast (abstentions included)
    int selfVote = 0;
    int standInTurns = 0;
};

struct ParticipantResult
{
    std::string participantId;
    std::string name;
    ParticipantKind kind = ParticipantKind::Bot;
    /// A model participant's model and provider ("llama3.2 (local)"): the
    /// entry's model, else its provider profile's; empty for other kinds.
    std::string model;
    int seats = 0;                 ///< seats per table
    RoleResult overall;            ///< role nullopt
    std::vector<RoleResult> roles; ///< one per role of the rule set's deck, deck order
    Estimate irp;                  ///< identification precision (docs/tournaments.md)
    Estimate vss;                  ///< voting success
    Estimate ksr;                  ///< kill survival rate
    ErrorCounts errors;
    std::int64_t tokensIn = 0;
    std::int64_t tokensOut = 0;
    double costUsd = 0;
    double costPerTurn = 0;
    double meanLatencyMs = 0;
    int providerCalls = 0;
    int failures = 0; ///< matches in which this participant's seat failed
};

/// One played match as the report lists it.
struct PlayedMatch
{
    std::string matchId;
    int index = 0;                      ///< its place in the schedule (0-based)
    std::optional<engine::Team> winner; ///< nullopt: a draw
    /// "counted", "voided" or "forfeited" (the failure rule's verdict), or
    /// "spoiled" (left out whatever the rule: see spoiledAt).
    std::string outcome = "counted";
    std::vector<std::string> failed;                     ///< participants whose seat failed in it
    std::optional<std::string> spoiledAt = std::nullopt; ///< MatchRecord::spoiledAt
};

struct Report
{
    std::string tournamentId;
    std::string name;
    std::string rules; ///< the rule set's name
    FailureRule failureRule = FailureRule::Void;
    int scheduled = 0;
    int played = 0;    ///< matches with a stored result
    int counted = 0;   ///< played and counted in ratings and win rates
    int voided = 0;    ///< failed matches the rule left out
    int forfeited = 0; ///< failed matches counted only against the one at fault
    int spoiled = 0;   ///< matches the host spoiled, left out of ratings and win rates
    int villagerWins = 0;
    int werewolfWins = 0;
    int draws = 0;
    std::vector<ParticipantResult> participants; ///< best overall rating first
    std::vector<std::string> matchIds;           ///< played, schedule order
    std::vector<PlayedMatch> matches;            ///< the same matches, with their results

    json toJson() const;
};

/// A seat failed when its driver was handed to the stand-in for good, or
/// when it owed at least three actions and made none of them
/// (docs/tournaments.md). Decides the failure rule.
bool seatFailed(const MatchRecord &m, std::size_t seat);

/// The report over `records` (any order; sorted by index inside).
Report computeReport(const std::string &tournamentId,
                     const TournamentSpec &spec,
                     const std::vector<MatchRecord> &records);

std::string toMarkdown(const Report &r);
std::string toCsv(const Report &r);      ///< one row per participant and role (role "all" first)
std::string toJsonText(const Report &r); ///< r.toJson(), indented
std::string toHtml(const Report &r);     ///< one self-contained page with inline SVG plots

} // namespace townhall::tournament
