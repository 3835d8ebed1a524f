// SPDX-License-Identifier: MIT
#pragma once

/// \file sharedtournaments.h
/// Tournaments in a PostgreSQL database that several hosts share
/// (docs/tournaments.md, "Across machines"). Claims are a work queue on
/// `SELECT … FOR UPDATE SKIP LOCKED` with leases on the database's clock, so
/// the hosts' clocks do not matter. Each host plays in its own process and
/// records a finished match, its result and its whole log, in one
/// transaction. A connection belongs to the thread that opened it.

#include "host/tournamentstore.h"

#include <QSqlDatabase>
#include <QStringList>

#include <memory>
#include <optional>

namespace townhall::host {

/// A `postgresql://USER@HOST:PORT/DB?sslmode=…` connection string, parsed.
/// A password is refused: libpq takes it from PGPASSWORD or a .pgpass file
/// (PGPASSFILE, or ?passfile=) so it never sits on a command line.
struct PostgresUrl
{
    QString host; ///< empty: libpq's default (the local socket)
    int port = 5432;
    QString database;
    QString user; ///< empty: libpq's default (PGUSER, the login name)
    /// libpq keywords passed through as given (TLS and connection options).
    QStringList options;

    /// The URL again, with no secret in it (there is none to drop).
    QString display() const;
};

/// True for a string that names a PostgreSQL database rather than a file.
bool isPostgresUrl(const QString &text);

/// Parses `text`; on failure returns nullopt and sets `error` to what is
/// wrong and how to fix it.
std::optional<PostgresUrl> parsePostgresUrl(const QString &text, QString *error);

/// The libpq keywords the URL's query may set.
QStringList postgresUrlOptions();

class SharedTournaments final : public TournamentStore
{
public:
    ~SharedTournaments() override;

    /// Connects and creates or checks the tables (townhall_*). Errors name
    /// the server's reason (authentication, TLS, no such database).
    static StoreResult<std::unique_ptr<SharedTournaments>> open(const PostgresUrl &url);

    /// The schema version this build writes and reads.
    static constexpr int SchemaVersion = 1;

    QString location() const override { return m_url.display(); }
    bool shared() const override { return true; }
    StoreResult<std::string>
    createTournament(TournamentRow row, const std::vector<TournamentMatchRow> &schedule) override;
    StoreResult<std::vector<TournamentRow>> tournaments() const override;
    StoreResult<TournamentRow> tournament(const std::string &id) const override;
    StoreResult<std::vector<TournamentMatchRow>> tournamentMatches(const std::string &id,
                                                                   bool withLogs) const override;
    StoreResult<std::vector<TournamentMatchRow>>
    claimMatches(const std::string &id, const std::string &holder, int max, int leaseMs) override;
    StoreResult<std::vector<Claim>> renewLeases(const std::string &holder, int leaseMs) override;
    StoreResult<std::optional<TournamentMatchRow>>
    playedMatch(const std::string &id, const std::string &matchId) const override;
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
    StoreResult<std::vector<engine::Event>> matchEvents(const std::string &matchId) const override;
    StoreResult<bool> reconnect() override;

    /// The ratings and figures stored when the tournament finished
    /// (tournament::toJsonText); empty while it runs.
    StoreResult<std::string> storedReport(const std::string &id) const;

private:
    SharedTournaments(PostgresUrl url, QString connection);
    StoreResult<void> createSchema();
    StoreResult<void> setUpSession();

    PostgresUrl m_url;
    QString m_connection;
    mutable QSqlDatabase m_db;
};

/// A name for this process as a claim holder: host name, pid and a random
/// part, so a restarted process never inherits its predecessor's claims.
std::string newClaimHolder();

} // namespace townhall::host
