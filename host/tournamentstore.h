// SPDX-License-Identifier: MIT
#pragma once

/// \file tournamentstore.h
/// Where a tournament's file, schedule, claims and results live: the
/// host's own SQLite store (LocalTournaments, one host per file) or a
/// PostgreSQL database that several hosts share (SharedTournaments,
/// sharedtournaments.h). The runners (runBotTournament, LiveTournament) and
/// the readers (reports, the Leaderboard) see only this interface.
///
/// Claims. A host claims the next matches of a schedule under a holder id
/// that names this process, with a lease it renews while it plays them. A
/// match not DONE whose lease has run out (its host died) is claimed again,
/// from the start. Completing is fenced: a row is recorded only while the
/// completing holder still holds it, so a host that lost its lease (paused,
/// cut off) cannot record a match a second time.

#include "engine/event.h"
#include "host/store/store.h"

#include <QString>

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace townhall::host {

class TournamentStore
{
public:
    virtual ~TournamentStore();

    /// For messages: the file's path, or the URL without any secret.
    virtual QString location() const = 0;
    /// True when other hosts may be playing the same tournaments.
    virtual bool shared() const = 0;

    /// Stores a new tournament and its whole schedule in one transaction and
    /// returns the id it got ("t1", "t2", …; row.id is ignored).
    virtual StoreResult<std::string>
    createTournament(TournamentRow row, const std::vector<TournamentMatchRow> &schedule) = 0;
    virtual StoreResult<std::vector<TournamentRow>> tournaments() const = 0;
    virtual StoreResult<TournamentRow> tournament(const std::string &id) const = 0;
    virtual StoreResult<std::vector<TournamentMatchRow>> tournamentMatches(const std::string &id,
                                                                           bool withLogs) const = 0;
    /// The DONE row of tournament `id` whose match id is `matchId`, with its
    /// log; nullopt if there is none. By default a scan of every row.
    virtual StoreResult<std::optional<TournamentMatchRow>>
    playedMatch(const std::string &id, const std::string &matchId) const;

    /// Claims up to `max` matches of tournament `id` that are neither DONE
    /// nor held under a live lease, in schedule order, for `holder` until
    /// `leaseMs` from now. The rows come back PLAYING with their schedule.
    virtual StoreResult<std::vector<TournamentMatchRow>>
    claimMatches(const std::string &id, const std::string &holder, int max, int leaseMs) = 0;
    /// A claimed match: its tournament and index.
    using Claim = std::pair<std::string, int>;
    /// Extends every lease `holder` has to `leaseMs` from now and returns the
    /// matches it still holds (one missing from it was taken over).
    virtual StoreResult<std::vector<Claim>> renewLeases(const std::string &holder, int leaseMs) = 0;
    /// Sets the match id of a claimed row (a live match once it exists).
    virtual StoreResult<void> setClaimedMatchId(const std::string &id,
                                                int index,
                                                const std::string &holder,
                                                const std::string &matchId)
        = 0;
    /// Records finished (DONE) rows in one transaction; returns how many
    /// were recorded. A row `holder` no longer holds is left alone. A row's
    /// non-empty scheduleJson replaces the stored one (a live match's seats
    /// as they were taken).
    virtual StoreResult<int> completeMatches(const std::vector<TournamentMatchRow> &rows,
                                             const std::string &holder)
        = 0;
    /// Gives back claims not played (a host stopping cleanly): SCHEDULED again.
    virtual StoreResult<void> releaseMatches(const std::string &id,
                                             const std::vector<int> &indexes,
                                             const std::string &holder)
        = 0;
    /// RUNNING → FINISHED, once: true if this call finished it. `reportJson`
    /// (the ratings and figures, tournament::toJsonText) is stored with it
    /// where the store keeps one.
    virtual StoreResult<bool> finishTournament(const std::string &id, const std::string &reportJson)
        = 0;

    /// After a failure: checks the connection and opens it again if it was
    /// lost (a database restart, a network cut). True if it had to reconnect
    /// (the failed operation may be tried again), false if the connection
    /// was fine (the failure stands), an error if it cannot reconnect.
    virtual StoreResult<bool> reconnect() { return false; }

    /// The log of a DONE match whose row holds none (a live match of a local
    /// tournament: its events are in the host's store).
    virtual StoreResult<std::vector<engine::Event>>
    matchEvents(const std::string &matchId) const = 0;
};

/// A tournament in the host's own SQLite store. One process writes it (the
/// database lock), so claims are kept in memory.
class LocalTournaments final : public TournamentStore
{
public:
    explicit LocalTournaments(Store &store)
        : m_store(store)
    {}

    Store &store() const { return m_store; }

    QString location() const override { return m_store.path(); }
    bool shared() const override { return false; }
    StoreResult<std::string>
    createTournament(TournamentRow row, const std::vector<TournamentMatchRow> &schedule) override;
    StoreResult<std::vector<TournamentRow>> tournaments() const override
    {
        return m_store.tournaments();
    }
    StoreResult<TournamentRow> tournament(const std::string &id) const override
    {
        return m_store.tournament(id);
    }
    StoreResult<std::vector<TournamentMatchRow>> tournamentMatches(const std::string &id,
                                                                   bool withLogs) const override
    {
        return m_store.tournamentMatches(id, withLogs);
    }
    StoreResult<std::vector<TournamentMatchRow>>
    claimMatches(const std::string &id, const std::string &holder, int max, int leaseMs) override;
    StoreResult<std::vector<Claim>> renewLeases(const std::string &, int) override
    {
        return std::vector<Claim>{}; // no leases: one process writes the file
    }
    StoreResult<void> setClaimedMatchId(const std::string &id,
                                        int index,
                                        const std::string &holder,
                                        const std::string &matchId) override;
    StoreResult<int> completeMatches(const std::vector<TournamentMatchRow> &rows,
                                     const std::string &holder) override;
    StoreResult<void> releaseMatches(const std::string &id,
                                     const std::vector<int> &indexes,
                                     const std::string &holder) override;
    StoreResult<bool> finishTournament(const std::string &id,
                                       const std::string &reportJson) override;
    StoreResult<std::vector<engine::Event>> matchEvents(const std::string &matchId) const override
    {
        return m_store.loadEvents(matchId);
    }

private:
    Store &m_store;
    /// Per tournament, the rows not DONE and not claimed, in schedule order
    /// (read once: a 10,000-match schedule is not read again per claim).
    std::map<std::string, std::deque<TournamentMatchRow>> m_unclaimed;
};

} // namespace townhall::host
