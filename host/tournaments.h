// SPDX-License-Identifier: MIT
#pragma once

/// \file tournaments.h
/// Tournaments in the store: creating one from its file, playing a
/// tournament of built-in bots at virtual time on several threads, and
/// reading back what the report needs. What a live tournament (model seats,
/// MCP agents, push agents) does through the host is in livetournament.h.
///
/// Crash safety: the schedule is stored before the first match, and a
/// finished match is stored with its result and log in one transaction. A
/// host that dies loses only the matches under way; running the tournament
/// again plays exactly those, with the same seeds, so the final table is
/// the one an uninterrupted run gives.

#include "host/store/store.h"
#include "host/tournamentstore.h"
#include "tournament/report.h"
#include "tournament/spec.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::host {

/// Stores a new tournament and its schedule; returns its id ("t1", …).
StoreResult<std::string> createTournament(TournamentStore &store,
                                          const tournament::TournamentSpec &spec);

/// The tournament's file as stored, parsed again.
StoreResult<tournament::TournamentSpec> tournamentSpec(const TournamentStore &store,
                                                       const std::string &id);

struct TournamentProgress
{
    int done = 0;
    int scheduled = 0;
    int running = 0; ///< on this host
};

struct BotRunOptions
{
    int parallel = 2; ///< worker threads
    /// Called on the calling thread after each commit.
    std::function<void(const TournamentProgress &)> progress;
    /// Set from anywhere to stop after the matches under way (they are kept).
    const std::atomic<bool> *stop = nullptr;
    /// Finished matches per commit at most (one transaction each).
    int commitEvery = 64;
    /// This process as a claim holder (newClaimHolder() if empty).
    std::string holder;
    /// A claim's lease; renewed every third of it while the host lives. A
    /// host that dies holds its matches this long at most.
    int leaseMs = 30'000;
    /// Matches claimed at once (0: 8 per thread). Bot matches take
    /// milliseconds, so claiming one at a time would make the database the
    /// bottleneck.
    int claimBatch = 0;
    /// A shared tournament: how often to look again while every match left
    /// is held by another host (it may die and its lease run out).
    int pollMs = 500;
};

/// What a run did.
struct BotRunSummary
{
    TournamentProgress progress;
    int played = 0;            ///< matches this run played and recorded
    int refused = 0;           ///< played, but another host had taken them over (not recorded)
    bool finishedHere = false; ///< this run recorded the tournament's end
    /// The report, when this run computed it (a shared tournament's end).
    std::optional<tournament::Report> report;
    double wallSeconds = 0; ///< until the last match was recorded
    double cpuSeconds = 0;  ///< the process's CPU time during the run (to the same point)
    bool stopped = false;
};

/// Plays the scheduled matches not yet DONE of a tournament whose
/// participants are all built-in bots, claiming them in schedule order, and
/// returns when every match is DONE (by this host or others) or on `stop`.
/// Invalid for any other tournament.
StoreResult<BotRunSummary>
runBotTournament(TournamentStore &store, const std::string &id, const BotRunOptions &options);

/// Plays one scheduled match of bots at virtual time and returns its DONE
/// row (result, compressed log). Pure apart from the compression; runs on
/// any thread.
TournamentMatchRow playBotMatch(const std::string &tournamentId,
                                const tournament::TournamentSpec &spec,
                                const tournament::ScheduledMatch &match);

/// A match's whole log as a tournament's row keeps it: zlib-compressed JSON
/// lines (qCompress), what tournamentMatchLog reads back.
QByteArray compressedLog(std::string_view jsonLines);
QByteArray compressedLog(const std::vector<engine::Event> &log);

/// The end of a tournament whose every match is DONE.
struct TournamentEnd
{
    bool finishedHere = false; ///< this call marked it FINISHED
    /// A shared store keeps the report with the tournament: computed by the
    /// first host to see the end (then here), stored with it.
    std::optional<tournament::Report> report;
};

/// Marks the tournament FINISHED (once), with its report on a shared store.
StoreResult<TournamentEnd> recordTournamentEnd(TournamentStore &store, const std::string &id);

/// The host's settings row that marks a match spoiled: its host unlocked
/// what the match's player may not see (the omniscient view) while a person
/// played; the value is when. A live tournament copies it into the match's
/// row when the match ends, and the report leaves the match out of the
/// ratings (docs/tournaments.md).
std::string spoiledMatchKey(const std::string &matchId);

/// The match id a tournament's match gets when it is played at virtual time.
std::string botMatchId(const std::string &tournamentId, int index);

/// The played matches as the report reads them: each log (from its blob or
/// from the events table), the seats as scheduled and their telemetry.
/// Chat and narration texts are dropped (no figure reads them).
StoreResult<std::vector<tournament::MatchRecord>> tournamentRecords(const TournamentStore &store,
                                                                    const std::string &id);

/// A played match's whole log (for replay and the spectator view).
StoreResult<std::vector<engine::Event>> tournamentMatchLog(const TournamentStore &store,
                                                           const std::string &tournamentId,
                                                           const std::string &matchId);

/// computeReport over tournamentRecords.
StoreResult<tournament::Report> tournamentReport(const TournamentStore &store,
                                                 const std::string &id);

/// The same on the host's own store (a LocalTournaments over it).
StoreResult<std::string> createTournament(Store &store, const tournament::TournamentSpec &spec);
StoreResult<tournament::TournamentSpec> tournamentSpec(const Store &store, const std::string &id);
StoreResult<BotRunSummary>
runBotTournament(Store &store, const std::string &id, const BotRunOptions &options);
StoreResult<std::vector<tournament::MatchRecord>> tournamentRecords(const Store &store,
                                                                    const std::string &id);
StoreResult<std::vector<engine::Event>>
tournamentMatchLog(const Store &store, const std::string &tournamentId, const std::string &matchId);
StoreResult<tournament::Report> tournamentReport(const Store &store, const std::string &id);

} // namespace townhall::host
