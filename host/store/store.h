// SPDX-License-Identifier: MIT
#pragma once

/// \file store.h
/// Town Hall's database: one SQLite file (Qt Sql, QSQLITE driver) in WAL
/// mode holding the data model's tables, the engine's event logs, the lobby
/// journal, the agents and the idempotency records.
///
/// **Commit before visible.** The host runs the engine, collects the events
/// and journal records of every command that arrived together in a Batch,
/// calls commit(), and only after it succeeds answers the agents and
/// publishes the events to the UI and the spectators. A failed commit stores
/// nothing (one transaction), so the engine is then ahead of the store: the
/// host must drop those events and reload the match (loadMatch()).
///
/// **Recovery.** On start: `Lobby lobby(seed)`; apply every record of
/// loadLobbyJournal(); then `lobby.adopt()` each match of
/// unfinishedMatches() (already replayed; compare its stateHash() with the
/// stored one), re-arm the timers and resume them (engine Match::resume).
///
/// **Durability.** Durability::Normal (WAL, synchronous=NORMAL) survives a
/// crash of the process: every committed transaction is in the WAL file
/// before commit() returns. Durability::Full (synchronous=FULL, `--durable`)
/// also survives power loss, at the price of an fsync per commit.
///
/// **Threads.** A Qt Sql connection belongs to the thread that opened it:
/// open the store in the host thread and call it only from there. The store
/// is not a QObject and does no locking of its own; it asserts (debug
/// builds) and warns (release) when called from another thread. One
/// exception: commit() may run on the thread named with setCommitThread()
/// (the host's CommitThread), because it uses only SQLite's C API on the
/// connection's handle, never a Qt Sql object. The two threads must take
/// turns: the owner leaves the store alone while a commit runs there.
///
/// Several processes may open the same file (a `townhall export` while the
/// host runs): SQLite serializes writers and WAL lets readers go on. Writers
/// wait up to Options::busyTimeoutMs, then get StoreError::Code::Busy.

#include "host/store/batch.h"
#include "host/store/matchlog.h"
#include "host/store/matchsnapshot.h"
#include "host/store/storeresult.h"

#include "engine/event.h"

#include "engine/lobby.h"
#include "engine/match.h"
#include <thread>

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::host {

/// How hard commit() works to keep a transaction across failures.
enum class Durability {
    Normal, ///< WAL + synchronous=NORMAL: survives a process crash (default)
    Full,   ///< WAL + synchronous=FULL: also survives power loss (`--durable`)
};

/// Filter for Store::matchIds.
enum class MatchStatus { Any, Active, Ended };

/// A registered agent. The token itself is never stored, only its SHA-256.
struct AgentRecord
{
    std::string agentId;
    std::string name;
    engine::TimeMs createdAt = 0;
    std::optional<engine::TimeMs> revokedAt;

    bool revoked() const { return revokedAt.has_value(); }
    bool operator==(const AgentRecord &) const = default;
};

/// What addAgent returns: the record and the bearer token, shown once.
struct NewAgent
{
    AgentRecord agent;
    std::string token; ///< "th_" + 43 base64url characters (32 random bytes)
};

/// A match rebuilt for recovery.
struct RecoveredMatch
{
    MatchRow row;                       ///< as stored
    std::optional<engine::Match> match; ///< the replay; empty if it failed
    QString problem;                    ///< why the replay failed, or why it looks wrong
    /// True when the row stored a state hash and the replay reproduces it.
    bool hashVerified = false;
};

/// One queued agent (the `queue` table, maintained from the lobby journal).
struct QueueRow
{
    std::string queueId;
    std::string agentId;
    std::string displayName;
    engine::TimeMs joinedAt = 0;
};

/// One building on the town map (the `buildings` table).
struct BuildingRow
{
    std::string matchId;
    std::string buildingInstanceId;
    std::string worldId = "default";
    double x = 0;
    double y = 0;
    std::string label;
    int matchNumber = 0;
    engine::TimeMs createdAt = 0;
};

/// A tournament as stored (docs/tournaments.md).
struct TournamentRow
{
    std::string id; ///< "t1", "t2", … (nextTournamentId)
    std::string name;
    std::string specJson; ///< the file, normalized (tournament::TournamentSpec::toJson)
    engine::TimeMs createdAt = 0;
    std::string status = "RUNNING"; ///< RUNNING | FINISHED
    int scheduled = 0;              ///< read only: rows in tournament_matches
    int done = 0;                   ///< read only: rows with status DONE
};

/// One scheduled match of a tournament.
struct TournamentMatchRow
{
    std::string tournamentId;
    int index = 0;
    std::string scheduleJson;         ///< tournament::toJson(ScheduledMatch)
    std::string status = "SCHEDULED"; ///< SCHEDULED | PLAYING | DONE
    std::string matchId;              ///< set once the match exists
    std::string resultJson;           ///< DONE: winner and the seats' telemetry
    /// DONE, played at virtual time: the whole log, zlib-compressed JSON
    /// lines (qCompress). Empty: the log is in `events` under matchId.
    QByteArray log;
    engine::TimeMs finishedAt = 0;
    /// Shared (PostgreSQL) tournaments only, read only: the process that
    /// holds or recorded the match, and how often it was claimed (more than
    /// once: a host lost it and another played it again).
    std::string holder;
    int attempts = 0;
};

/// What importMatch stored.
struct ImportResult
{
    std::string matchId;
    std::size_t eventCount = 0;
    std::uint64_t stateHash = 0;
    bool ended = false;
    std::size_t modelSeats = 0; ///< model seat lines imported with the events
    /// The journal record written so the lobby's match counter and the town
    /// map account for the match (no seated agents). A running host applies
    /// it with Lobby::applyRecord.
    engine::LobbyRecord lobbyRecord;
};

/// One MCP call of a match as versions before the calls file
/// (host/recorder/calllog.h) recorded it in the database's `tool_calls`
/// table (schema v3; since v4 a response may be kept in a smaller form,
/// host/store/toolcallform.h). The store only reads these rows: the
/// recorder now writes to the calls file, and the table stays so that
/// `townhall calls` still shows the calls of older databases.
struct ToolCallRow
{
    std::string matchId;
    qint64 atUs = 0; ///< request time, µs since the Unix epoch
    std::string sessionId;
    std::string agentId;
    std::string agentName;
    std::string method; ///< JSON-RPC method ("tools/call", …)
    std::string tool;   ///< canonical dotted tool name, or empty
    std::string status; ///< "ok", "tool_error", "protocol_error", "rate_limited", …
    std::optional<std::string> toolErrorCode;
    std::optional<int> rpcErrorCode;
    int httpStatus = 0;
    qint64 latencyUs = 0;
    std::string requestJson;  ///< the request message, compact JSON
    std::string responseJson; ///< the response message, compact JSON ("null" if none)

    bool operator==(const ToolCallRow &) const = default;
};

/// Sizes, for `townhall db info`, the benchmark and the disk-full test.
struct StoreStats
{
    qint64 pageSize = 0;
    qint64 pageCount = 0;
    qint64 freePages = 0;
    qint64 matches = 0;
    qint64 events = 0;
    qint64 agents = 0;
    QString journalMode; ///< "wal" for a writable store
    int synchronous = 0; ///< SQLite's value: 1 = NORMAL, 2 = FULL
    /// Checkpoints by the checkpoint thread that ended with WAL frames in
    /// the database file (Options::checkpointThread; Checkpointer::checkpoints).
    std::uint64_t backgroundCheckpoints = 0;
};

class Store final
{
public:
    /// The schema version this build writes; older files are migrated.
    static constexpr int SchemaVersion = 8;
    /// PRAGMA application_id of every Town Hall database ("TwnH").
    static constexpr std::int32_t ApplicationId = 0x54776E48;

    enum class IntegrityCheck {
        None,  ///< trust the file (tests, benchmarks)
        Quick, ///< PRAGMA quick_check: O(size), catches most damage (default)
        Full,  ///< PRAGMA integrity_check: also checks indexes against tables
    };

    struct Options
    {
        Durability durability = Durability::Normal;
        /// Open with SQLITE_OPEN_READONLY: for export/replay on a database
        /// another process may be writing. Refuses files that need migrating.
        bool readOnly = false;
        /// When false, a missing file is NotFound instead of a new database
        /// (the CLI's export/import/replay must not create one on a typo).
        bool createIfMissing = true;
        IntegrityCheck check = IntegrityCheck::Quick;
        int busyTimeoutMs = 5000;
        /// PRAGMA max_page_count: caps the file size. 0 = SQLite's default.
        qint64 maxPageCount = 0;
        /// Checkpoint the WAL from a thread of its own (host/store/checkpointer.h)
        /// instead of inside the commit that fills it: commits then only
        /// append. The host turns this on; short-lived CLI writers need not.
        bool checkpointThread = false;
        /// WAL frames that make a checkpoint due (SQLite's default: 1,000).
        int checkpointFrames = 1000;
        /// Events appended since event_seqs was last filled that make the
        /// commit which reaches them fill it again (schema version 6, see
        /// host/store/schema.cpp). Readers scan at most this many events by
        /// rowid; 1 indexes every event in the commit that appends it.
        int indexEventsEvery = 1024;
        /// The store's clock (created_at of agents and idempotency records,
        /// schema_version). Defaults to the system clock.
        std::function<engine::TimeMs()> clock;
    };

    /// `QStandardPaths::AppDataLocation/townhall.sqlite`. Depends on the
    /// application and organization names; tests enable QStandardPaths'
    /// test mode so this points into a test location.
    static QString defaultPath();

    /// The statements that read events or fill event_seqs, with `?`
    /// parameters: tests check their query plans (no full scan of events).
    static QStringList eventReadStatements();

    /// Opens (creating it and its parent directories when missing) and
    /// migrates the database at `path`. Never writes to a file it refuses:
    /// not SQLite or failing its integrity check (Corrupt), another
    /// program's database (Foreign: application_id differs and it has
    /// tables), a newer schema (TooNew), a read-only file or directory
    /// (ReadOnly, unless Options::readOnly).
    static StoreResult<Store> open(const QString &path, const Options &options);
    static StoreResult<Store> open(const QString &path) { return open(path, Options()); }

    Store(Store &&other) noexcept;
    Store &operator=(Store &&other) noexcept;
    ~Store();

    QString path() const;
    bool isReadOnly() const;
    Durability durability() const;

    // ------------------------------------------------------------ writes

    /// Writes the whole batch in one transaction (BEGIN IMMEDIATE … COMMIT):
    /// lobby records (journal + queue/buildings tables), each match's events
    /// and rows, idempotency records. Checks that each match's events follow
    /// its stored log densely. On any failure everything is rolled back and
    /// the store stays usable. An empty batch is a no-op.
    StoreResult<void> commit(const Batch &batch);

    /// The one other thread allowed to call commit() (see **Threads**); a
    /// default id allows none.
    void setCommitThread(std::thread::id thread);

    /// Appends events of one existing match (its row must exist; the row is
    /// not refreshed, see Batch::add). One transaction.
    StoreResult<void> appendEvents(const std::string &matchId,
                                   const std::vector<engine::Event> &events);

    /// Stores one tool result. The first record for (scope, key, agentId)
    /// wins; a later put for the same triple changes nothing.
    StoreResult<void> putIdempotency(const std::string &scope,
                                     const std::string &key,
                                     const std::string &agentId,
                                     const std::optional<std::string> &matchId,
                                     const std::string &argsHash,
                                     const std::string &resultJson);

    /// Deletes idempotency records created before `beforeMs`; returns how many.
    StoreResult<qint64> pruneIdempotency(engine::TimeMs beforeMs);

    /// A small key/value table for host settings that must survive restarts
    /// (e.g. the lobby seed).
    StoreResult<void> setSetting(const std::string &key, const std::string &value);
    StoreResult<std::optional<std::string>> setting(const std::string &key) const;

    // ------------------------------------------------------------ reads

    /// The lobby journal in commit order.
    StoreResult<std::vector<engine::LobbyRecord>> loadLobbyJournal() const;
    /// Match ids by status, oldest match number first.
    StoreResult<std::vector<std::string>> matchIds(MatchStatus status = MatchStatus::Any) const;
    /// The `matches` row; NotFound if unknown.
    StoreResult<MatchRow> matchRow(const std::string &matchId) const;
    /// The `players` rows in seat order (empty for an unknown match).
    StoreResult<std::vector<PlayerRow>> playerRows(const std::string &matchId) const;
    /// Events with seq > afterSeq, in seq order (empty for an unknown match).
    StoreResult<std::vector<engine::Event>> loadEvents(const std::string &matchId,
                                                       std::uint64_t afterSeq = 0) const;
    /// The match replayed from its stored log; NotFound if it has no events.
    StoreResult<engine::Match> loadMatch(const std::string &matchId) const;
    /// Every ACTIVE, not imported match, replayed, oldest first. A match
    /// whose log does not replay is returned with `match` empty and a
    /// `problem`, so one damaged match cannot keep the host from starting.
    StoreResult<std::vector<RecoveredMatch>> unfinishedMatches() const;
    /// The calls of a match that an older version recorded in `tool_calls`,
    /// in recording order, each response exactly as it was sent (empty if
    /// none; Corrupt if a stored response does not restore).
    StoreResult<std::vector<ToolCallRow>> toolCalls(const std::string &matchId) const;
    /// The queue table, in join order.
    StoreResult<std::vector<QueueRow>> queue(const std::string &queueId
                                             = engine::DefaultQueueId) const;
    StoreResult<std::vector<BuildingRow>> buildings() const;

    /// The seats of a match played by language models, in seat order
    /// (empty when it had none). Written through Batch.
    StoreResult<std::vector<ModelSeatRow>> modelSeats(const std::string &matchId) const;
    /// A model seat's notes, in their order (empty when none).
    StoreResult<std::vector<ModelNoteRow>> modelNotes(const std::string &matchId,
                                                      const std::string &playerId) const;
    /// The model seats waiting in the queue when they were last written, in
    /// the order they were queued (the lobby journal says which still wait).
    StoreResult<std::vector<QueuedModelSeatRow>> queuedModelSeats() const;

    /// A stored tool result for (scope, key, agentId), or nullopt.
    StoreResult<std::optional<IdempotencyRecord>> getIdempotency(const std::string &scope,
                                                                 const std::string &key,
                                                                 const std::string &agentId) const;

    // ------------------------------------------------------------ agents

    /// Registers an agent and returns its token; only the token's SHA-256
    /// is stored, so the token cannot be shown again. Names are unique among
    /// agents that are not revoked.
    StoreResult<NewAgent> addAgent(const std::string &name);
    /// The agent a bearer token belongs to; Unauthorized when unknown or revoked.
    StoreResult<AgentRecord> verifyToken(std::string_view token) const;
    /// All agents, revoked ones included, in creation order.
    StoreResult<std::vector<AgentRecord>> listAgents() const;
    /// Revokes by agent id, or by name (the agent of that name that is not
    /// revoked). Revoking twice is NotFound the second time.
    StoreResult<AgentRecord> revokeAgent(const std::string &idOrName);

    // ------------------------------------------------------------ tournaments

    /// The first free id of the form "tN".
    StoreResult<std::string> nextTournamentId() const;
    /// Stores a tournament and its whole schedule in one transaction.
    /// Conflict when the id exists.
    StoreResult<void> createTournament(const TournamentRow &row,
                                       const std::vector<TournamentMatchRow> &schedule);
    /// Every tournament, oldest first, with its counts.
    StoreResult<std::vector<TournamentRow>> tournaments() const;
    StoreResult<TournamentRow> tournament(const std::string &id) const;
    /// The schedule's rows in index order; logs only when `withLogs`.
    StoreResult<std::vector<TournamentMatchRow>> tournamentMatches(const std::string &id,
                                                                   bool withLogs) const;
    /// Writes the rows' status, match id, result, log and finish time (and
    /// the schedule entry when the row has one: a live match records the
    /// seats as they were taken), all in one transaction.
    StoreResult<void> updateTournamentMatches(const std::vector<TournamentMatchRow> &rows);
    StoreResult<void> setTournamentStatus(const std::string &id, const std::string &status);

    // ------------------------------------------------------------ export / import / replay

    /// The match's full log as JSON Lines (see toJsonLines), seq order,
    /// followed by one line per model seat: its profile (no key), persona,
    /// counts and notes (matchlog.h).
    StoreResult<std::string> exportMatch(const std::string &matchId) const;
    /// Validates a JSON Lines log (parseJsonLines), replays it (must
    /// succeed), refuses a match id that exists, and stores events, rows,
    /// building, a lobby record and the model seats in one transaction. A
    /// model seat line must name a seat of the match with its agent, and
    /// its profile must hold no key. Imported matches are never resumed by
    /// recovery.
    /// With `renumber`, the match is stored as that number (checkImport).
    StoreResult<ImportResult> importMatch(std::string_view jsonLines,
                                          std::optional<int> renumber = std::nullopt);
    /// The number after the highest a stored match has (1 for none).
    StoreResult<int> nextMatchNumber() const;
    /// The match right after event `eventRef` (an event id or a seq).
    StoreResult<engine::Match> replayTo(const std::string &matchId,
                                        std::string_view eventRef) const;

    // ------------------------------------------------------------ diagnostics

    StoreResult<StoreStats> stats() const;
    /// Whether the checkpoint thread has a checkpoint due or running
    /// (Options::checkpointThread). Reads no database: a caller polling it
    /// takes no lock a checkpoint could find busy.
    bool checkpointPending() const;
    /// The version recorded in the file (== SchemaVersion once open).
    int schemaVersion() const;
    /// SQLite's PRAGMA data_version on this store's connection: it changes
    /// when another connection (another process) commits, and only then. A
    /// cheap poll for changes made elsewhere, such as `townhall agent revoke`.
    StoreResult<std::int64_t> dataVersion() const;

private:
    class Private;
    explicit Store(std::unique_ptr<Private> d);
    std::unique_ptr<Private> m_d;
};

} // namespace townhall::host
