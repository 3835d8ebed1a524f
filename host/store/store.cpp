// SPDX-License-Identifier: MIT
#include "host/store/store.h"

#include "host/store/checkpointer.h"

#include "host/store/schema.h"
#include "host/store/sqlutil.h"
#include "host/store/storetr.h"
#include "host/store/toolcallform.h"

#include <QAtomicInteger>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QThread>
#include <QUrl>
#include <QVariant>

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <utility>

namespace townhall::host {

// Debug lines (a rollback per failed retry, cache reloads) only when asked for:
// QT_LOGGING_RULES="townhall.store.debug=true".
Q_LOGGING_CATEGORY(lcStore, "townhall.store", QtInfoMsg)

static_assert(Store::SchemaVersion == schema::CurrentVersion);
static_assert(Store::ApplicationId == schema::ApplicationId);

const char *StoreError::codeName(Code code)
{
    switch (code) {
    case Code::Io:
        return "IO";
    case Code::NotFound:
        return "NOT_FOUND";
    case Code::ReadOnly:
        return "READ_ONLY";
    case Code::Corrupt:
        return "CORRUPT";
    case Code::Foreign:
        return "FOREIGN";
    case Code::TooNew:
        return "TOO_NEW";
    case Code::DiskFull:
        return "DISK_FULL";
    case Code::Busy:
        return "BUSY";
    case Code::Conflict:
        return "CONFLICT";
    case Code::Invalid:
        return "INVALID";
    case Code::Unauthorized:
        return "UNAUTHORIZED";
    case Code::Sql:
        return "SQL";
    }
    return "SQL";
}

namespace {

using engine::json;
using Code = StoreError::Code;

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}
std::string s(const QVariant &v)
{
    return v.toString().toStdString();
}

std::optional<std::string> optString(const QVariant &x)
{
    return x.isNull() ? std::nullopt : std::optional<std::string>(x.toString().toStdString());
}
std::optional<engine::TimeMs> optTime(const QVariant &x)
{
    return x.isNull() ? std::nullopt : std::optional<engine::TimeMs>(x.toLongLong());
}

/// A state hash as stored in `matches.state_hash`: 16 lower-case hex digits.
std::string hashText(std::uint64_t h)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return std::string(buf, 16);
}
QString hashHex(std::uint64_t h)
{
    return QString::fromStdString(hashText(h));
}

/// Agent text can hold anything; dump must never throw on invalid UTF-8.
std::string dumpJson(const json &j)
{
    return storedJson(j);
}

/// A response as versions before the calls file left it in `tool_calls`
/// (`response_form`, schema v4; toolcallform.h), back to the bytes that were
/// sent. Damage is an error, never a different text.
StoreResult<std::string> responseFromStored(const QByteArray &bytes, int form)
{
    const QByteArray text = form & toolcallform::Compressed ? qUncompress(bytes) : bytes;
    if (form & toolcallform::Compressed && text.isEmpty())
        return StoreError{StoreError::Code::Corrupt,
                          StoreTr::tr("a recorded response does not decompress")};
    if (!(form & toolcallform::TextFromStructured))
        return text.toStdString();
    std::optional<std::string> restored = toolcallform::restoreStructuredText(
        std::string_view(text.constData(), std::size_t(text.size())));
    if (!restored)
        return StoreError{StoreError::Code::Corrupt,
                          StoreTr::tr("a recorded response cannot be restored")};
    return std::move(*restored);
}

QString base64Url(const QByteArray &bytes)
{
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QByteArray randomBytes(int n)
{
    QByteArray b(n, Qt::Uninitialized);
    // system(): the OS's CSPRNG. Tokens and ids must not be guessable.
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(b.data()), n / 4);
    return b;
}

QString tokenHash(std::string_view token)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(QByteArrayView(token.data(), qsizetype(token.size())),
                                 QCryptographicHash::Sha256)
            .toHex());
}

const char *lobbyKind(engine::LobbyRecord::Kind k)
{
    switch (k) {
    case engine::LobbyRecord::Kind::Joined:
        return "JOINED";
    case engine::LobbyRecord::Kind::Left:
        return "LEFT";
    case engine::LobbyRecord::Kind::MatchStarted:
        return "MATCH_STARTED";
    }
    return "JOINED";
}

constexpr const char *MatchColumns
    = "match_id, world_id, queue_id, building_instance_id, match_number, seed, status, phase, "
      "day_number, night_number, phase_started_at_ms, phase_ends_at_ms, players_alive, "
      "started_at_ms, ended_at_ms, winner, public_summary, paused, last_seq, state_hash, imported";
constexpr int MatchColumnCount = 21;

constexpr const char *PlayerColumns
    = "match_id, player_id, agent_id, display_name, seat, role, alive, eliminated_at_ms, "
      "revealed_role, ready, doctor_last_protected_player_id, seer_history, night_action, "
      "did_opening_for_day, vote_target_player_id, voted, last_public_message_at_ms, "
      "last_wolf_chat_at_ms, missed_deadlines";

constexpr const char *EventColumns
    = "match_id, seq, event_id, at_ms, type, audience, audience_player_id, payload";

/// Reads a match's events after a seq (bind match, seq, match, seq): the
/// indexed ones through event_seqs, the newer ones (id above the cover, the
/// table's last pages) by rowid. One statement, so one snapshot even while
/// another connection commits. The first arm comes in event_seqs' key order
/// and the second is short, so SQLite merges the two instead of sorting the
/// match. `id` orders rows that repeat a (match, seq), which only a write
/// behind the store's back makes: the first written is read (events() skips
/// the rest), as event_seqs keeps it.
QString selectEventsSql()
{
    return QStringLiteral("SELECT %1, id FROM ("
                          "SELECT s.match_id, s.seq, e.event_id, e.at_ms, e.type, e.audience, "
                          "e.audience_player_id, e.payload, s.id "
                          "FROM event_seqs s JOIN events e ON e.id = s.id "
                          "WHERE s.match_id = ? AND s.seq > ? "
                          "UNION ALL SELECT %1, id FROM events "
                          "WHERE id > (SELECT up_to_id FROM event_seqs_cover) "
                          "AND match_id = ? AND seq > ?) ORDER BY seq, id")
        .arg(QLatin1String(EventColumns));
}

/// The last seq of a match (bind ?1), from both parts.
constexpr const char *MaxSeqSql
    = "SELECT MAX(s) FROM (SELECT MAX(seq) AS s FROM event_seqs WHERE match_id = ?1 "
      "UNION ALL SELECT MAX(seq) FROM events WHERE id > (SELECT up_to_id FROM "
      "event_seqs_cover) AND match_id = ?1)";

/// Fills event_seqs with every event above the cover. OR IGNORE: a duplicate
/// (match_id, seq) can only come from a write behind the store's back; the
/// first row stays the one read, and indexEvents() reports the rest instead
/// of failing every commit.
constexpr const char *IndexEventsSql
    = "INSERT OR IGNORE INTO event_seqs (match_id, seq, id) SELECT match_id, seq, id "
      "FROM events WHERE id > (SELECT up_to_id FROM event_seqs_cover) "
      "ORDER BY match_id, seq, id";

constexpr const char *CountUnindexedSql
    = "SELECT count(*) FROM events WHERE id > (SELECT up_to_id FROM event_seqs_cover)";

constexpr const char *AgentColumns = "agent_id, name, created_at_ms, revoked_at_ms";

constexpr const char *ModelSeatColumns
    = "match_id, player_id, agent_id, display_name, profile, persona, stats";
constexpr const char *ModelNoteColumns = "match_id, player_id, n, at_ms, day, phase, kind, text";
constexpr const char *QueuedModelSeatColumns
    = "agent_id, display_name, profile, persona, queued_at_ms";

/// INSERT of every column of `columns` ("a, b, c"), or on a conflict of the
/// first `keyColumns` an update of all the others.
std::string upsertSql(const char *table, const QString &columns, int keyColumns)
{
    const QStringList cols = columns.split(QStringLiteral(", "));
    QStringList marks;
    QStringList set;
    for (qsizetype i = 0; i < cols.size(); ++i) {
        marks << QStringLiteral("?");
        if (i >= keyColumns)
            set << cols[i] + QStringLiteral(" = excluded.") + cols[i];
    }
    return QStringLiteral("INSERT INTO %1 (%2) VALUES (%3) ON CONFLICT (%4) DO UPDATE SET %5")
        .arg(QLatin1String(table),
             columns,
             marks.join(QStringLiteral(", ")),
             cols.mid(0, keyColumns).join(QStringLiteral(", ")),
             set.join(QStringLiteral(", ")))
        .toStdString();
}

MatchRow readMatchRow(const QSqlQuery &r)
{
    MatchRow m;
    m.matchId = s(r.value(0));
    m.worldId = s(r.value(1));
    m.queueId = s(r.value(2));
    m.buildingInstanceId = s(r.value(3));
    m.matchNumber = r.value(4).toInt();
    m.seed = r.value(5).toString().toULongLong();
    m.ended = r.value(6).toString() == QLatin1String("ENDED");
    m.phase = s(r.value(7));
    m.dayNumber = r.value(8).toInt();
    m.nightNumber = r.value(9).toInt();
    m.phaseStartedAt = r.value(10).toLongLong();
    m.phaseEndsAt = r.value(11).toLongLong();
    m.playersAlive = r.value(12).toInt();
    m.startedAt = r.value(13).toLongLong();
    m.endedAt = optTime(r.value(14));
    m.winner = optString(r.value(15));
    m.publicSummary = s(r.value(16));
    m.paused = r.value(17).toBool();
    m.lastSeq = r.value(18).toULongLong();
    if (!r.value(19).isNull()) {
        bool ok = false;
        const std::uint64_t h = r.value(19).toString().toULongLong(&ok, 16);
        if (ok)
            m.stateHash = h;
    }
    m.imported = r.value(20).toBool();
    return m;
}

PlayerRow readPlayerRow(const QSqlQuery &r)
{
    PlayerRow p;
    p.matchId = s(r.value(0));
    p.playerId = s(r.value(1));
    p.agentId = s(r.value(2));
    p.displayName = s(r.value(3));
    p.seat = r.value(4).toInt();
    p.role = s(r.value(5));
    p.alive = r.value(6).toBool();
    p.eliminatedAt = optTime(r.value(7));
    p.revealedRole = r.value(8).toBool();
    p.ready = r.value(9).toBool();
    p.doctorLastProtectedPlayerId = optString(r.value(10));
    p.seerHistoryJson = s(r.value(11));
    p.nightActionJson = s(r.value(12));
    p.didOpeningForDay
        = r.value(13).isNull() ? std::nullopt : std::optional<int>(r.value(13).toInt());
    p.voteTargetPlayerId = optString(r.value(14));
    p.voted = r.value(15).toBool();
    p.lastPublicMessageAt = optTime(r.value(16));
    p.lastWolfChatAt = optTime(r.value(17));
    p.missedDeadlines = r.value(18).toInt();
    return p;
}

AgentRecord readAgent(const QSqlQuery &r)
{
    return AgentRecord{s(r.value(0)), s(r.value(1)), r.value(2).toLongLong(), optTime(r.value(3))};
}

StoreResult<engine::Event> readEvent(const QSqlQuery &r)
{
    engine::Event e;
    e.matchId = s(r.value(0));
    e.seq = r.value(1).toULongLong();
    e.eventId = s(r.value(2));
    e.at = r.value(3).toLongLong();
    const auto type = engine::parseEventType(s(r.value(4)));
    const auto audience = engine::parseAudience(s(r.value(5)));
    e.audiencePlayerId = r.value(6).isNull() ? std::string() : s(r.value(6));
    e.payload = json::parse(r.value(7).toString().toStdString(), nullptr, false);
    if (!type || !audience || e.payload.is_discarded() || !e.payload.is_object())
        return StoreError{Code::Corrupt,
                          StoreTr::tr("stored event %1 is damaged (type, audience or payload)")
                              .arg(q(e.eventId))};
    e.type = *type;
    e.audience = *audience;
    return e;
}

} // namespace

// ===================================================================== Private

class Store::Private
{
public:
    /// Statements of the hot path (every commit, every event), run through
    /// SQLite's C API (sqlutil.h).
    enum Hot {
        Begin,
        Commit,
        Rollback,
        InsertEvent,
        UpsertMatch,
        UpsertPlayer,
        MaxSeq,
        MatchExists,
        InsertJournal,
        InsertQueue,
        DeleteQueue,
        InsertBuilding,
        InsertIdempotency,
        UpsertModelSeat,
        UpsertModelNote,
        UpsertQueuedModelSeat,
        DeleteQueuedModelSeat,
        IndexEvents,
        CoverEvents,
        CountUnindexed,
        DataVersion,
        HotCount
    };

    /// Statements run through Qt Sql.
    enum Stmt { GetIdempotency, SelectEvents, AgentByToken, StmtCount };

    ~Private()
    {
        // Its connection closes first: ours is then the last, and SQLite
        // checkpoints and removes the WAL when it closes.
        m_checkpointer.reset();
        // Every query must be gone before the connection is removed.
        finalizeStatements();
        if (m_db.isValid())
            m_db.close();
        m_db = QSqlDatabase();
        if (!m_connectionName.isEmpty())
            QSqlDatabase::removeDatabase(m_connectionName);
    }

    engine::TimeMs now() const
    {
        return m_options.clock ? m_options.clock() : QDateTime::currentMSecsSinceEpoch();
    }

    /// commit() runs on the owner thread or on the commit thread.
    void checkCommitThread() const
    {
        if (std::this_thread::get_id() != m_commitThread || m_commitThread == std::thread::id())
            checkThread();
    }

    void checkThread() const
    {
        // Qt Sql connections are bound to the thread that opened them.
        Q_ASSERT_X(QThread::currentThread() == m_thread,
                   "townhall::host::Store",
                   "the store must be used from the thread that opened it");
        if (Q_UNLIKELY(QThread::currentThread() != m_thread))
            qCCritical(lcStore) << "store used from a thread other than the one that opened it";
    }

    StoreError readOnlyError() const
    {
        return StoreError{
            Code::ReadOnly,
            StoreTr::tr("%1 was opened read-only").arg(QDir::toNativeSeparators(m_path))};
    }

    StoreResult<QSqlQuery *> stmt(Stmt which);
    StoreResult<SqlStatement *> hot(Hot which);
    StoreResult<void> execHot(Hot which, const char *what);
    /// Before the connection closes, and after a migration (the statements
    /// were compiled against the old schema).
    void finalizeStatements()
    {
        for (auto &st : m_stmts)
            st.reset();
        for (SqlStatement &st : m_hot)
            st.finalize();
    }

    /// Runs `body` in BEGIN IMMEDIATE … COMMIT; rolls back on any failure
    /// and forgets the caches the transaction touched.
    template<typename F>
    StoreResult<void> transaction(F &&body);

    StoreResult<std::uint64_t> lastSeqOf(const std::string &matchId);
    StoreResult<bool> matchExists(const std::string &matchId);
    /// The id of a match stored with this number, or empty.
    StoreResult<std::string> matchWithNumber(int number);
    /// Checks that `events` follow the stored (and pending) log of the
    /// match and queues them in `rows`; insertEvents writes them.
    StoreResult<void> checkEvents(const std::string &matchId,
                                  const std::vector<EventRow> &events,
                                  bool rowComing,
                                  std::vector<const EventRow *> &rows);
    StoreResult<void> insertEvents(const std::vector<const EventRow *> &rows);
    /// Fills event_seqs with every event above its cover (schema v6).
    StoreResult<void> indexEvents(std::uint64_t expected);
    StoreResult<void> writeEvents(const std::string &matchId,
                                  const std::vector<engine::Event> &events,
                                  bool rowComing);
    StoreResult<void> writeSnapshot(const MatchSnapshot &snap);
    StoreResult<void> writeLobbyRecord(const engine::LobbyRecord &r);
    StoreResult<void> writeIdempotency(const IdempotencyRecord &r);
    /// Runs `which` with `values` bound to its parameters in order
    /// (integers as integers, the rest as text).
    template<typename... Values>
    StoreResult<void> execWith(Hot which, const char *what, const Values &...values);
    /// The model seats' parts of a batch (see Batch).
    StoreResult<void> writeModelSeats(const Batch &batch);
    StoreResult<std::vector<engine::Event>> events(const std::string &matchId,
                                                   std::uint64_t afterSeq);
    StoreResult<std::optional<MatchRow>> row(const std::string &matchId);

    // Store::open's steps, in order.
    /// The Qt Sql connection to m_path, and its SQLite handle.
    StoreResult<void> connect(bool dirWritable, const QString &shown);
    /// Upgrades the schema a version per transaction, from `probedVersion`.
    StoreResult<void> migrate(int probedVersion, const QString &shown);
    StoreResult<void> enterWal(const QString &shown);
    void startCheckpointer();

    QString m_path;
    Options m_options;
    QString m_connectionName;
    QSqlDatabase m_db;
    QThread *m_thread = QThread::currentThread();
    std::thread::id m_commitThread;               ///< may run commit() (C API only), see store.h
    std::unique_ptr<Checkpointer> m_checkpointer; ///< Options::checkpointThread
    int m_version = 0;
    sqlite3 *m_handle = nullptr; ///< m_db's connection, for the hot statements
    std::array<std::optional<QSqlQuery>, StmtCount> m_stmts;
    std::array<SqlStatement, HotCount> m_hot;

    // Caches of what is committed, so a commit needs no read-back. The
    // pending maps hold what the open transaction wrote; they are merged on
    // COMMIT and dropped on ROLLBACK, so a failed batch leaves no trace.
    std::map<std::string, std::uint64_t> m_lastSeq;
    std::map<std::string, std::uint64_t> m_pendingSeq;
    /// Events above event_seqs_cover: committed, and after the open
    /// transaction (unset until it appends events).
    std::uint64_t m_unindexed = 0;
    std::optional<std::uint64_t> m_pendingUnindexed;
    /// PRAGMA data_version inside this connection's last write
    /// transaction: another value in the next one means another connection
    /// committed in between, and the caches above may be stale.
    std::optional<std::int64_t> m_dataVersion;
    /// Drops the caches when another connection committed since this one
    /// last wrote. Inside a write transaction, so nobody else can commit.
    StoreResult<void> checkOtherWriters();
    /// The first column of `which`'s one row (0 for NULL or no row).
    StoreResult<std::int64_t> hotInt(Hot which, const char *what);
    std::map<std::string, std::vector<PlayerRow>> m_players;
    std::map<std::string, std::vector<PlayerRow>> m_pendingPlayers;
};

StoreResult<QSqlQuery *> Store::Private::stmt(Stmt which)
{
    checkThread(); // Qt Sql, so never on the commit thread
    if (m_stmts[which])
        return &*m_stmts[which];
    QString sql;
    switch (which) {
    case GetIdempotency:
        sql = QStringLiteral("SELECT scope, key, agent_id, match_id, args_hash, result_json, "
                             "created_at_ms FROM idempotency "
                             "WHERE scope = ? AND key = ? AND agent_id = ?");
        break;
    case SelectEvents:
        sql = selectEventsSql();
        break;
    case AgentByToken:
        sql = QStringLiteral("SELECT %1 FROM agents WHERE token_sha256 = ?")
                  .arg(QLatin1String(AgentColumns));
        break;
    case StmtCount:
        break;
    }
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return toStoreError(query.lastError(), sql.left(60));
    m_stmts[which] = std::move(query);
    return &*m_stmts[which];
}

StoreResult<SqlStatement *> Store::Private::hot(Hot which)
{
    SqlStatement &st = m_hot[which];
    if (st.isPrepared())
        return &st;
    std::string sql;
    switch (which) {
    case Begin:
        sql = "BEGIN IMMEDIATE";
        break;
    case Commit:
        sql = "COMMIT";
        break;
    case Rollback:
        sql = "ROLLBACK";
        break;
    case InsertEvent:
        sql = std::string("INSERT INTO events (") + EventColumns
              + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
        break;
    case UpsertMatch:
        sql = upsertSql(
            "matches", QLatin1String(MatchColumns) + QStringLiteral(", updated_at_ms"), 1);
        break;
    case UpsertPlayer:
        sql = upsertSql("players", QLatin1String(PlayerColumns), 2);
        break;
    case MaxSeq:
        sql = MaxSeqSql;
        break;
    case IndexEvents:
        sql = IndexEventsSql;
        break;
    case CoverEvents:
        sql = "UPDATE event_seqs_cover SET up_to_id = COALESCE((SELECT MAX(id) FROM events), "
              "up_to_id)";
        break;
    case CountUnindexed:
        sql = CountUnindexedSql;
        break;
    case DataVersion:
        sql = "PRAGMA data_version";
        break;
    case MatchExists:
        sql = "SELECT 1 FROM matches WHERE match_id = ?";
        break;
    case InsertJournal:
        sql = "INSERT INTO lobby_journal (kind, at_ms, queue_id, record) VALUES (?, ?, ?, ?)";
        break;
    case InsertQueue:
        sql = "INSERT OR IGNORE INTO queue (queue_id, agent_id, display_name, joined_at_ms) "
              "VALUES (?, ?, ?, ?)";
        break;
    case DeleteQueue:
        sql = "DELETE FROM queue WHERE queue_id = ? AND agent_id = ?";
        break;
    case InsertBuilding:
        sql = "INSERT OR IGNORE INTO buildings (match_id, building_instance_id, world_id, x, y, "
              "label, match_number, created_at_ms) VALUES (?, ?, 'default', ?, ?, ?, ?, ?)";
        break;
    case InsertIdempotency:
        sql = "INSERT INTO idempotency (scope, key, agent_id, match_id, args_hash, result_json, "
              "created_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?) "
              "ON CONFLICT (scope, key, agent_id) DO NOTHING";
        break;
    case UpsertModelSeat:
        sql = upsertSql("model_seats", QLatin1String(ModelSeatColumns), 2);
        break;
    case UpsertModelNote:
        sql = upsertSql("model_notes", QLatin1String(ModelNoteColumns), 3);
        break;
    case UpsertQueuedModelSeat:
        sql = upsertSql("queued_model_seats", QLatin1String(QueuedModelSeatColumns), 1);
        break;
    case DeleteQueuedModelSeat:
        sql = "DELETE FROM queued_model_seats WHERE agent_id = ?";
        break;
    case HotCount:
        break;
    }
    if (auto r = st.prepare(m_handle, sql); !r)
        return r.error();
    return &st;
}

StoreResult<void> Store::Private::execHot(Hot which, const char *what)
{
    auto st = hot(which);
    if (!st)
        return st.error();
    return (*st)->exec(what);
}

template<typename F>
StoreResult<void> Store::Private::transaction(F &&body)
{
    if (m_options.readOnly)
        return readOnlyError();
    m_pendingSeq.clear();
    m_pendingPlayers.clear();
    m_pendingUnindexed.reset();
    if (auto r = execHot(Begin, "begin a transaction"); !r)
        return r;
    StoreResult<void> result = checkOtherWriters();
    if (result)
        result = body();
    if (result)
        result = execHot(Commit, "commit");
    if (!result) {
        // SQLite may already have rolled back by itself (SQLITE_FULL during
        // COMMIT does); a failing ROLLBACK then only says so.
        if (auto rb = execHot(Rollback, "roll back"); !rb)
            qCDebug(lcStore) << "rollback after failure:" << rb.error().message;
        m_pendingSeq.clear();
        m_pendingPlayers.clear();
        m_pendingUnindexed.reset();
        // The caller reports the failure (the host once per outage, not per retry).
        qCDebug(lcStore).noquote() << "transaction rolled back:" << result.error().message;
        return result;
    }
    for (auto &[id, seq] : m_pendingSeq)
        m_lastSeq[id] = seq;
    if (m_pendingUnindexed)
        m_unindexed = *std::exchange(m_pendingUnindexed, std::nullopt);
    for (auto &[id, rows] : m_pendingPlayers)
        m_players[id] = std::move(rows);
    m_pendingSeq.clear();
    m_pendingPlayers.clear();
    return result;
}

StoreResult<std::int64_t> Store::Private::hotInt(Hot which, const char *what)
{
    auto st = hot(which);
    if (!st)
        return st.error();
    auto value = (*st)->firstInt(what);
    if (!value)
        return value.error();
    return value->value_or(0);
}

StoreResult<void> Store::Private::checkOtherWriters()
{
    auto version = hotInt(DataVersion, "read the data version");
    if (!version)
        return version.error();
    const std::int64_t now = *version;
    if (m_dataVersion && *m_dataVersion != now) {
        // Another connection (a second host, `townhall import`) committed:
        // what this one remembers of the logs, rows and waiting events is
        // read again, so its events are checked against the file's.
        qCDebug(lcStore) << "another connection wrote; the store's caches are read again";
        m_lastSeq.clear();
        m_players.clear();
        auto n = hotInt(CountUnindexed, "count the events to index");
        if (!n)
            return n.error();
        m_unindexed = std::uint64_t(*n);
    }
    m_dataVersion = now;
    return {};
}

StoreResult<std::uint64_t> Store::Private::lastSeqOf(const std::string &matchId)
{
    if (auto it = m_pendingSeq.find(matchId); it != m_pendingSeq.end())
        return it->second;
    if (auto it = m_lastSeq.find(matchId); it != m_lastSeq.end())
        return it->second;
    auto st = hot(MaxSeq);
    if (!st)
        return st.error();
    (*st)->bindText(1, matchId);
    auto last = (*st)->firstInt("read the last seq");
    if (!last)
        return last.error();
    return std::uint64_t(last.value().value_or(0)); // NULL (no events) → 0
}

StoreResult<bool> Store::Private::matchExists(const std::string &matchId)
{
    auto st = hot(MatchExists);
    if (!st)
        return st.error();
    (*st)->bindText(1, matchId);
    auto found = (*st)->firstInt("look up the match");
    if (!found)
        return found.error();
    return found.value().has_value();
}

StoreResult<std::string> Store::Private::matchWithNumber(int number)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT match_id FROM matches WHERE match_number = ? LIMIT 1"));
    query.addBindValue(number);
    if (!query.exec())
        return toStoreError(query.lastError(), StoreTr::tr("look up a match number"));
    return query.next() ? query.value(0).toString().toStdString() : std::string();
}

StoreResult<void> Store::Private::checkEvents(const std::string &matchId,
                                              const std::vector<EventRow> &events,
                                              bool rowComing,
                                              std::vector<const EventRow *> &rows)
{
    if (events.empty())
        return {};
    auto last = lastSeqOf(matchId);
    if (!last)
        return last.error();
    std::uint64_t seq = *last;
    if (seq == 0 && !rowComing) {
        // Without this, the deferred foreign key would fail at COMMIT with
        // a message that names no match.
        auto exists = matchExists(matchId);
        if (!exists)
            return exists.error();
        if (!*exists)
            return StoreError{
                Code::NotFound,
                StoreTr::tr("cannot append events: there is no match %1").arg(q(matchId))};
    }
    for (const EventRow &e : events) {
        ++seq;
        if (e.matchId != matchId || e.seq != seq || e.eventId != engine::makeEventId(matchId, seq))
            return StoreError{
                Code::Conflict,
                StoreTr::tr("event %1 (match %2, seq %3) does not follow the stored log of %4, "
                            "which needs seq %5 next")
                    .arg(q(e.eventId), q(e.matchId))
                    .arg(e.seq)
                    .arg(q(matchId))
                    .arg(seq)};
        rows.push_back(&e);
    }
    m_pendingSeq[matchId] = seq;
    return {};
}

StoreResult<void> Store::Private::insertEvents(const std::vector<const EventRow *> &rows)
{
    auto st = hot(InsertEvent);
    if (!st)
        return st.error();
    SqlStatement &ins = **st;
    for (const EventRow *e : rows) {
        ins.bindText(1, e->matchId);
        ins.bindInt(2, std::int64_t(e->seq));
        ins.bindText(3, e->eventId);
        ins.bindInt(4, std::int64_t(e->at));
        ins.bindText(5, engine::toString(e->type));
        ins.bindText(6, engine::toString(e->audience));
        if (e->audience == engine::Audience::Player)
            ins.bindText(7, e->audiencePlayerId);
        else
            ins.bindNull(7);
        ins.bindText(8, e->payload);
        if (auto r = ins.exec("insert events"); !r)
            return r;
    }
    const std::uint64_t unindexed = m_pendingUnindexed.value_or(m_unindexed) + rows.size();
    const auto every = std::uint64_t(std::max(1, m_options.indexEventsEvery));
    if (unindexed >= every) {
        if (auto r = indexEvents(unindexed); !r)
            return r;
        m_pendingUnindexed = 0;
    } else {
        m_pendingUnindexed = unindexed;
    }
    return {};
}

StoreResult<void> Store::Private::indexEvents(std::uint64_t expected)
{
    if (auto r = execHot(IndexEvents, "index events"); !r)
        return r;
    const auto indexed = std::uint64_t(sqlite3_changes64(m_handle));
    if (indexed < expected)
        qCWarning(lcStore).noquote()
            << expected - indexed
            << "events repeat the (match, seq) of another and stay unread (written behind the "
               "store's back?)";
    return execHot(CoverEvents, "record what is indexed");
}

StoreResult<void> Store::Private::writeEvents(const std::string &matchId,
                                              const std::vector<engine::Event> &events,
                                              bool rowComing)
{
    std::vector<EventRow> converted;
    converted.reserve(events.size());
    for (const engine::Event &e : events)
        converted.push_back(EventRow::of(e));
    std::vector<const EventRow *> rows;
    rows.reserve(converted.size());
    if (auto r = checkEvents(matchId, converted, rowComing, rows); !r)
        return r;
    return insertEvents(rows);
}

StoreResult<void> Store::Private::writeSnapshot(const MatchSnapshot &snap)
{
    const MatchRow &m = snap.match;
    auto last = lastSeqOf(m.matchId);
    if (!last)
        return last.error();
    if (m.lastSeq != *last)
        return StoreError{
            Code::Conflict,
            StoreTr::tr("the rows of %1 describe seq %2 but its stored log ends at %3 "
                        "(events missing from the batch?)")
                .arg(q(m.matchId))
                .arg(m.lastSeq)
                .arg(*last)};
    auto st = hot(UpsertMatch);
    if (!st)
        return st.error();
    SqlStatement &um = **st;
    const std::string seed = std::to_string(m.seed);
    const std::optional<std::string> hash
        = m.stateHash ? std::optional<std::string>(hashText(*m.stateHash)) : std::nullopt;
    int i = 0;
    um.bindText(++i, m.matchId);
    um.bindText(++i, m.worldId);
    um.bindText(++i, m.queueId);
    um.bindText(++i, m.buildingInstanceId);
    um.bindInt(++i, m.matchNumber);
    um.bindText(++i, seed);
    um.bindText(++i, m.ended ? "ENDED" : "ACTIVE");
    um.bindText(++i, m.phase);
    um.bindInt(++i, m.dayNumber);
    um.bindInt(++i, m.nightNumber);
    um.bindInt(++i, m.phaseStartedAt);
    um.bindInt(++i, m.phaseEndsAt);
    um.bindInt(++i, m.playersAlive);
    um.bindInt(++i, m.startedAt);
    um.bindOptional(++i, m.endedAt);
    um.bindOptional(++i, m.winner);
    um.bindText(++i, m.publicSummary);
    um.bindInt(++i, m.paused);
    um.bindInt(++i, std::int64_t(m.lastSeq));
    um.bindOptional(++i, hash);
    um.bindInt(++i, m.imported);
    um.bindInt(++i, now());
    Q_ASSERT(i == MatchColumnCount + 1);
    if (auto r = um.exec("write the match row"); !r)
        return r;

    // Most commands change one or two players; skip the rows that did not change.
    const std::vector<PlayerRow> *known = nullptr;
    if (auto it = m_pendingPlayers.find(m.matchId); it != m_pendingPlayers.end())
        known = &it->second;
    else if (auto it2 = m_players.find(m.matchId); it2 != m_players.end())
        known = &it2->second;
    auto sp = hot(UpsertPlayer);
    if (!sp)
        return sp.error();
    SqlStatement &up = **sp;
    for (std::size_t k = 0; k < snap.players.size(); ++k) {
        const PlayerRow &p = snap.players[k];
        if (known && k < known->size() && (*known)[k] == p)
            continue;
        int j = 0;
        up.bindText(++j, p.matchId);
        up.bindText(++j, p.playerId);
        up.bindText(++j, p.agentId);
        up.bindText(++j, p.displayName);
        up.bindInt(++j, p.seat);
        up.bindText(++j, p.role);
        up.bindInt(++j, p.alive);
        up.bindOptional(++j, p.eliminatedAt);
        up.bindInt(++j, p.revealedRole);
        up.bindInt(++j, p.ready);
        up.bindOptional(++j, p.doctorLastProtectedPlayerId);
        up.bindText(++j, p.seerHistoryJson);
        up.bindText(++j, p.nightActionJson);
        up.bindOptional(++j, p.didOpeningForDay);
        up.bindOptional(++j, p.voteTargetPlayerId);
        up.bindInt(++j, p.voted);
        up.bindOptional(++j, p.lastPublicMessageAt);
        up.bindOptional(++j, p.lastWolfChatAt);
        up.bindInt(++j, p.missedDeadlines);
        if (auto r = up.exec("write a player row"); !r)
            return r;
    }
    m_pendingPlayers[m.matchId] = snap.players;
    return {};
}

StoreResult<void> Store::Private::writeLobbyRecord(const engine::LobbyRecord &r)
{
    auto sj = hot(InsertJournal);
    if (!sj)
        return sj.error();
    SqlStatement &ins = **sj;
    const std::string record = dumpJson(r.toJson());
    ins.bindText(1, lobbyKind(r.kind));
    ins.bindInt(2, r.at);
    ins.bindText(3, r.queueId);
    ins.bindText(4, record);
    if (auto res = ins.exec("append to the lobby journal"); !res)
        return res;

    // Keep the queue and buildings tables equal to the journal's fold.
    switch (r.kind) {
    case engine::LobbyRecord::Kind::Joined: {
        auto st = hot(InsertQueue);
        if (!st)
            return st.error();
        SqlStatement &qi = **st;
        qi.bindText(1, r.queueId);
        qi.bindText(2, r.agentId);
        qi.bindText(3, r.displayName);
        qi.bindInt(4, r.at);
        return qi.exec("add to the queue");
    }
    case engine::LobbyRecord::Kind::Left: {
        auto st = hot(DeleteQueue);
        if (!st)
            return st.error();
        SqlStatement &qd = **st;
        qd.bindText(1, r.queueId);
        qd.bindText(2, r.agentId);
        return qd.exec("remove from the queue");
    }
    case engine::LobbyRecord::Kind::MatchStarted: {
        auto st = hot(DeleteQueue);
        if (!st)
            return st.error();
        SqlStatement &qd = **st;
        for (const std::string &agent : r.seatedAgents) {
            qd.bindText(1, r.queueId);
            qd.bindText(2, agent);
            if (auto res = qd.exec("remove a seated agent from the queue"); !res)
                return res;
        }
        const engine::Building b = engine::Lobby::buildingFor(r.matchNumber, r.matchId, r.at);
        auto sb = hot(InsertBuilding);
        if (!sb)
            return sb.error();
        SqlStatement &bi = **sb;
        bi.bindText(1, b.matchId);
        bi.bindText(2, b.buildingInstanceId);
        bi.bindDouble(3, b.x);
        bi.bindDouble(4, b.y);
        bi.bindText(5, b.label);
        bi.bindInt(6, b.number);
        bi.bindInt(7, b.createdAt);
        return bi.exec("add the match building");
    }
    }
    return {};
}

StoreResult<void> Store::Private::writeIdempotency(const IdempotencyRecord &r)
{
    auto st = hot(InsertIdempotency);
    if (!st)
        return st.error();
    SqlStatement &ins = **st;
    ins.bindText(1, r.scope);
    ins.bindText(2, r.key);
    ins.bindText(3, r.agentId);
    ins.bindOptional(4, r.matchId);
    ins.bindText(5, r.argsHash);
    ins.bindText(6, r.resultJson);
    ins.bindInt(7, r.createdAt != 0 ? r.createdAt : now());
    return ins.exec("store an idempotency record");
}

template<typename... Values>
StoreResult<void> Store::Private::execWith(Hot which, const char *what, const Values &...values)
{
    auto st = hot(which);
    if (!st)
        return st.error();
    int index = 0;
    auto bind = [&](const auto &v) {
        ++index;
        if constexpr (std::is_integral_v<std::decay_t<decltype(v)>>)
            (*st)->bindInt(index, std::int64_t(v));
        else
            (*st)->bindText(index, v);
    };
    (bind(values), ...);
    return (*st)->exec(what);
}

StoreResult<void> Store::Private::writeModelSeats(const Batch &batch)
{
    for (const ModelSeatRow &r : batch.modelSeats)
        if (auto res = execWith(UpsertModelSeat,
                                "write a model seat",
                                r.matchId,
                                r.playerId,
                                r.agentId,
                                r.displayName,
                                r.profileJson,
                                r.persona,
                                r.statsJson);
            !res)
            return res;
    for (const ModelNoteRow &r : batch.modelNotes)
        if (auto res = execWith(UpsertModelNote,
                                "write a model seat's note",
                                r.matchId,
                                r.playerId,
                                r.n,
                                r.at,
                                r.day,
                                r.phase,
                                r.kind,
                                r.text);
            !res)
            return res;
    for (const QueuedModelSeatRow &r : batch.queuedModelSeats)
        if (auto res = execWith(UpsertQueuedModelSeat,
                                "remember a queued model seat",
                                r.agentId,
                                r.displayName,
                                r.profileJson,
                                r.persona,
                                r.queuedAt);
            !res)
            return res;
    for (const std::string &agentId : batch.unqueuedModelSeats)
        if (auto res = execWith(DeleteQueuedModelSeat, "forget a queued model seat", agentId); !res)
            return res;
    return {};
}

StoreResult<std::vector<engine::Event>> Store::Private::events(const std::string &matchId,
                                                               std::uint64_t afterSeq)
{
    auto st = stmt(SelectEvents);
    if (!st)
        return st.error();
    QSqlQuery &query = **st;
    for (int arm = 0; arm < 2; ++arm) { // the indexed events, then the newer
        query.addBindValue(q(matchId));
        query.addBindValue(qint64(afterSeq));
    }
    if (auto r = run(query, "read events"); !r)
        return r.error();
    std::vector<engine::Event> out;
    while (query.next()) {
        auto e = readEvent(query);
        if (!e) {
            query.finish();
            return e.error();
        }
        if (!out.empty() && e->seq <= out.back().seq) {
            qCWarning(lcStore).noquote()
                << "event" << q(e->eventId) << "is stored twice; the first "
                << "written is read (a write behind the store's back?)";
            continue;
        }
        out.push_back(std::move(*e));
    }
    query.finish();
    return out;
}

StoreResult<std::optional<MatchRow>> Store::Private::row(const std::string &matchId)
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT %1 FROM matches WHERE match_id = ?")
                      .arg(QLatin1String(MatchColumns)));
    query.addBindValue(q(matchId));
    if (auto r = run(query, "read the match row"); !r)
        return r.error();
    if (!query.next())
        return std::optional<MatchRow>();
    return std::optional<MatchRow>(readMatchRow(query));
}

// ===================================================================== open

namespace {

struct Probe
{
    std::int32_t applicationId = 0;
    qint64 objects = 0; ///< rows of sqlite_master
    int version = 0;
};

StoreResult<QVariant> scalar(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(sql))
        return toStoreError(query.lastError(), sql);
    const QVariant value = query.next() ? query.value(0) : QVariant();
    query.finish();
    return value;
}

/// Reads, never writes: decides whether the file may be touched at all.
StoreResult<Probe> probe(QSqlDatabase &db, const QString &path, Store::IntegrityCheck check)
{
    const QString shown = QDir::toNativeSeparators(path);
    auto refuseCorrupt = [&](const QString &why) {
        return StoreError{Code::Corrupt,
                          StoreTr::tr("%1 is not a usable SQLite database (%2). Town Hall does not "
                                      "modify it; move it away or choose another file with --db.")
                              .arg(shown, why)};
    };
    Probe p;
    auto appId = scalar(db, QStringLiteral("PRAGMA application_id"));
    if (!appId)
        return appId.error().code == Code::Busy ? appId.error()
                                                : refuseCorrupt(appId.error().message);
    p.applicationId = appId->toInt();
    auto objects = scalar(db, QStringLiteral("SELECT count(*) FROM sqlite_master"));
    if (!objects)
        return objects.error().code == Code::Busy ? objects.error()
                                                  : refuseCorrupt(objects.error().message);
    p.objects = objects->toLongLong();

    if (p.applicationId != Store::ApplicationId && (p.objects > 0 || p.applicationId != 0))
        return StoreError{
            Code::Foreign,
            StoreTr::tr("%1 is an SQLite database of another program (application id 0x%2, %3 "
                        "schema objects). Town Hall does not modify it; choose another file with "
                        "--db.")
                .arg(shown)
                .arg(quint32(p.applicationId), 8, 16, QLatin1Char('0'))
                .arg(p.objects)};
    if (p.objects == 0)
        return p; // a new (or empty) database: version 0

    if (check != Store::IntegrityCheck::None) {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        const QString sql = check == Store::IntegrityCheck::Full
                                ? QStringLiteral("PRAGMA integrity_check(10)")
                                : QStringLiteral("PRAGMA quick_check(10)");
        if (!query.exec(sql))
            return refuseCorrupt(toStoreError(query.lastError(), QString()).message);
        QStringList problems;
        while (query.next())
            problems << query.value(0).toString();
        query.finish();
        if (problems != QStringList{QStringLiteral("ok")})
            return refuseCorrupt(
                StoreTr::tr("integrity check: %1").arg(problems.join(QStringLiteral("; "))));
    }

    auto hasVersionTable = scalar(
        db,
        QStringLiteral(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"));
    if (!hasVersionTable)
        return refuseCorrupt(hasVersionTable.error().message);
    if (hasVersionTable->toInt() == 0)
        return refuseCorrupt(
            StoreTr::tr("it has Town Hall's application id but no schema_version table"));
    auto version = scalar(db, QStringLiteral("SELECT MAX(version) FROM schema_version"));
    if (!version)
        return refuseCorrupt(version.error().message);
    if (version->isNull() || version->toInt() < 1)
        return refuseCorrupt(StoreTr::tr("its schema_version table is empty"));
    p.version = version->toInt();
    if (p.version > Store::SchemaVersion)
        return StoreError{
            Code::TooNew,
            StoreTr::tr("%1 was written by a newer Town Hall (schema version %2; this "
                        "build knows up to %3). Update Town Hall; the file is left "
                        "as it is.")
                .arg(shown)
                .arg(p.version)
                .arg(Store::SchemaVersion)};
    return p;
}

/// Whether the database at `path` may be opened as `options` ask, checked
/// before SQLite sees it; the value: whether its directory is writable.
StoreResult<bool>
checkAccess(const QString &path, const QFileInfo &file, const Store::Options &options)
{
    const QString shown = QDir::toNativeSeparators(file.absoluteFilePath());
    const QString dirPath = file.absolutePath();
    const QString shownDir = QDir::toNativeSeparators(dirPath);

    if (path.isEmpty())
        return StoreError{Code::Invalid, StoreTr::tr("no database path given")};
    if (file.exists() && !file.isFile())
        return StoreError{Code::Io, StoreTr::tr("%1 exists but is not a file").arg(shown)};
    if (!file.exists()) {
        if (options.readOnly || !options.createIfMissing)
            return StoreError{Code::NotFound, StoreTr::tr("there is no database at %1").arg(shown)};
        if (!QDir(dirPath).exists() && !QDir().mkpath(dirPath))
            return StoreError{
                Code::Io,
                StoreTr::tr("cannot create the directory %1 for the database").arg(shownDir)};
    }
    if (file.exists() && !file.isReadable())
        return StoreError{Code::ReadOnly, StoreTr::tr("%1 is not readable").arg(shown)};
    // Probed by trying, not from mode bits: root ignores them, and the
    // immutable attribute or a read-only mount do not show in them.
    const bool dirWritable
        = QTemporaryFile(dirPath + QStringLiteral("/.townhall-probe-XXXXXX")).open();
    if (!options.readOnly) {
        if (file.exists()
            && !QFile(file.absoluteFilePath()).open(QIODevice::ReadWrite)) // no truncation
            return StoreError{Code::ReadOnly,
                              StoreTr::tr("%1 is read-only. Fix its permissions or choose another "
                                          "file with --db.")
                                  .arg(shown)};
        // WAL keeps two files next to the database; without a writable
        // directory SQLite fails later with a vaguer message.
        if (!dirWritable)
            return StoreError{Code::ReadOnly,
                              StoreTr::tr("the directory %1 is not writable (the database needs "
                                          "its -wal and -shm files there). Choose another place "
                                          "with --db.")
                                  .arg(shownDir)};
    }
    return dirWritable;
}

} // namespace

StoreResult<void> Store::Private::connect(bool dirWritable, const QString &shown)
{
    static QAtomicInteger<quint64> connectionCounter;
    m_connectionName = QStringLiteral("townhall.store.%1").arg(++connectionCounter);
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    if (!m_db.isValid())
        return StoreError{Code::Sql,
                          StoreTr::tr("Qt's SQLite driver (QSQLITE) is not available; install "
                                      "the package libqt6sql6-sqlite")};
    QStringList connectOptions{
        QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(m_options.busyTimeoutMs)};
    if (m_options.readOnly)
        connectOptions << QStringLiteral("QSQLITE_OPEN_READONLY");
    if (m_options.readOnly && !dirWritable && !QFileInfo::exists(m_path + QStringLiteral("-wal"))) {
        // A WAL database needs its -shm file even to read, and nobody can
        // create one here. Nobody can write here either, so tell SQLite the
        // file is immutable and it reads without any shared memory.
        QUrl uri = QUrl::fromLocalFile(m_path);
        uri.setQuery(QStringLiteral("immutable=1"));
        m_db.setDatabaseName(QString::fromLatin1(uri.toEncoded()));
        connectOptions << QStringLiteral("QSQLITE_OPEN_URI");
    } else {
        m_db.setDatabaseName(m_path);
    }
    m_db.setConnectOptions(connectOptions.join(QLatin1Char(';')));
    if (!m_db.open())
        return toStoreError(m_db.lastError(), StoreTr::tr("cannot open %1").arg(shown));
    auto handle = sqliteHandle(m_db);
    if (!handle)
        return handle.error();
    m_handle = *handle;
    return {};
}

StoreResult<void> Store::Private::migrate(int probedVersion, const QString &shown)
{
    m_version = probedVersion;
    while (m_version < SchemaVersion) {
        const int from = m_version;
        const schema::Step step = schema::stepFrom(from);
        Q_ASSERT(step);
        auto r = transaction([&] { return step(m_db, now()); });
        if (!r)
            return StoreError{r.error().code,
                              StoreTr::tr("%1: upgrading the schema from version %2 to %3 failed "
                                          "and was rolled back: %4")
                                  .arg(shown)
                                  .arg(from)
                                  .arg(from + 1)
                                  .arg(r.error().message)};
        m_version = from + 1;
        if (probedVersion > 0)
            qCInfo(lcStore).noquote()
                << "migrated" << shown << "from schema" << from << "to" << from + 1;
    }
    // Prepared statements were compiled against the old schema.
    finalizeStatements();
    return {};
}

StoreResult<void> Store::Private::enterWal(const QString &shown)
{
    auto mode = scalar(m_db, QStringLiteral("PRAGMA journal_mode = WAL"));
    if (!mode)
        return mode.error();
    if (mode->toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return StoreError{Code::Io,
                          StoreTr::tr("%1: SQLite refused WAL mode (journal mode is %2)")
                              .arg(shown, mode->toString())};
    return {};
}

void Store::Private::startCheckpointer()
{
    auto c = Checkpointer::start(m_handle,
                                 QFile::encodeName(m_path).toStdString(),
                                 m_options.checkpointFrames,
                                 m_options.busyTimeoutMs);
    if (c)
        m_checkpointer = std::move(c.value());
    else // the commits checkpoint themselves, as SQLite does by default
        qCWarning(lcStore).noquote() << c.error().message;
}

QString Store::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
           + QStringLiteral("/townhall.sqlite");
}

Store::Store(std::unique_ptr<Private> d)
    : m_d(std::move(d))
{}
Store::Store(Store &&other) noexcept = default;
Store &Store::operator=(Store &&other) noexcept = default;
Store::~Store() = default;

StoreResult<Store> Store::open(const QString &path, const Options &options)
{
    auto d = std::make_unique<Private>();
    d->m_options = options;
    const QFileInfo file(path);
    d->m_path = file.absoluteFilePath();
    const QString shown = QDir::toNativeSeparators(d->m_path);
    const auto dirWritable = checkAccess(path, file, options);
    if (!dirWritable)
        return dirWritable.error();
    if (auto r = d->connect(*dirWritable, shown); !r)
        return r.error();

    auto p = probe(d->m_db, d->m_path, options.check);
    if (!p)
        return p.error();

    auto pragma = [&](const QString &sql) {
        return execSql(d->m_db, sql);
    };
    if (auto r = pragma(QStringLiteral("PRAGMA foreign_keys = ON")); !r)
        return r.error();
    if (options.maxPageCount > 0) {
        if (auto r = pragma(QStringLiteral("PRAGMA max_page_count = %1").arg(options.maxPageCount));
            !r)
            return r.error();
    }
    if (options.readOnly) {
        if (p->version < SchemaVersion)
            return StoreError{Code::ReadOnly,
                              StoreTr::tr("%1 has schema version %2 and needs migrating to %3; "
                                          "open it once without read-only")
                                  .arg(shown)
                                  .arg(p->version)
                                  .arg(SchemaVersion)};
        d->m_version = p->version;
        return Store(std::move(d));
    }

    if (auto r = pragma(options.durability == Durability::Full
                            ? QStringLiteral("PRAGMA synchronous = FULL")
                            : QStringLiteral("PRAGMA synchronous = NORMAL"));
        !r)
        return r.error();

    Store store(std::move(d));
    Private &sd = *store.m_d;
    if (auto r = sd.migrate(p->version, shown); !r)
        return r.error();
    // WAL only now: a migration that fails in the file's own journal mode
    // leaves it byte for byte as it was.
    if (auto r = sd.enterWal(shown); !r)
        return r.error();
    {
        auto n = sd.hotInt(Private::CountUnindexed, "count the events to index");
        if (!n)
            return n.error();
        sd.m_unindexed = std::uint64_t(*n);
    }
    if (options.checkpointThread)
        sd.startCheckpointer();
    qCDebug(lcStore).noquote() << "opened" << shown << "schema" << sd.m_version
                               << (options.durability == Durability::Full ? "FULL" : "NORMAL");
    return store;
}

QStringList Store::eventReadStatements()
{
    return {selectEventsSql(),
            QString::fromLatin1(MaxSeqSql),
            QString::fromLatin1(IndexEventsSql),
            QString::fromLatin1(CountUnindexedSql)};
}

QString Store::path() const
{
    return m_d->m_path;
}
bool Store::isReadOnly() const
{
    return m_d->m_options.readOnly;
}
Durability Store::durability() const
{
    return m_d->m_options.durability;
}
int Store::schemaVersion() const
{
    return m_d->m_version;
}

StoreResult<std::int64_t> Store::dataVersion() const
{
    m_d->checkThread();
    return m_d->hotInt(Private::DataVersion, "read the data version");
}

// ===================================================================== writes

void Store::setCommitThread(std::thread::id thread)
{
    m_d->checkThread();
    m_d->m_commitThread = thread;
}

StoreResult<void> Store::commit(const Batch &batch)
{
    m_d->checkCommitThread();
    if (batch.empty())
        return {};
    return m_d->transaction([&]() -> StoreResult<void> {
        for (const engine::LobbyRecord &r : batch.lobbyRecords)
            if (auto res = m_d->writeLobbyRecord(r); !res)
                return res;
        // The events of every match first (checked per match, inserted in
        // chunks across matches), then the rows.
        std::vector<const EventRow *> rows;
        rows.reserve(batch.eventCount());
        for (const MatchWrite &w : batch.matches)
            if (auto res = m_d->checkEvents(w.matchId, w.events, w.snapshot.has_value(), rows);
                !res)
                return res;
        if (auto res = m_d->insertEvents(rows); !res)
            return res;
        for (const MatchWrite &w : batch.matches) {
            if (w.snapshot) {
                if (w.snapshot->match.matchId != w.matchId)
                    return StoreError{Code::Invalid,
                                      StoreTr::tr("a batch entry for %1 carries the rows of %2")
                                          .arg(q(w.matchId), q(w.snapshot->match.matchId))};
                if (auto res = m_d->writeSnapshot(*w.snapshot); !res)
                    return res;
            }
        }
        for (const IdempotencyRecord &r : batch.idempotency)
            if (auto res = m_d->writeIdempotency(r); !res)
                return res;
        return m_d->writeModelSeats(batch);
    });
}

StoreResult<void> Store::appendEvents(const std::string &matchId,
                                      const std::vector<engine::Event> &events)
{
    m_d->checkThread();
    if (events.empty())
        return {};
    return m_d->transaction([&] { return m_d->writeEvents(matchId, events, false); });
}

StoreResult<void> Store::putIdempotency(const std::string &scope,
                                        const std::string &key,
                                        const std::string &agentId,
                                        const std::optional<std::string> &matchId,
                                        const std::string &argsHash,
                                        const std::string &resultJson)
{
    m_d->checkThread();
    Batch b;
    b.addIdempotency(IdempotencyRecord{scope, key, agentId, matchId, argsHash, resultJson, 0});
    return commit(b);
}

StoreResult<qint64> Store::pruneIdempotency(engine::TimeMs beforeMs)
{
    m_d->checkThread();
    qint64 removed = 0;
    auto r = m_d->transaction([&]() -> StoreResult<void> {
        QSqlQuery query(m_d->m_db);
        query.prepare(QStringLiteral("DELETE FROM idempotency WHERE created_at_ms < ?"));
        query.addBindValue(qint64(beforeMs));
        if (auto res = run(query, "prune idempotency records"); !res)
            return res;
        removed = query.numRowsAffected();
        return {};
    });
    if (!r)
        return r.error();
    return removed;
}

StoreResult<std::vector<ToolCallRow>> Store::toolCalls(const std::string &matchId) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral(
        "SELECT match_id, at_us, session_id, agent_id, agent_name, method, tool, status, "
        "tool_error_code, rpc_error_code, http_status, latency_us, request, "
        "CAST(response AS BLOB), response_form FROM tool_calls WHERE match_id = ? ORDER BY id"));
    query.addBindValue(q(matchId));
    if (auto res = run(query, "read recorded tool calls"); !res)
        return res.error();
    std::vector<ToolCallRow> rows;
    while (query.next()) {
        ToolCallRow r;
        r.matchId = s(query.value(0));
        r.atUs = query.value(1).toLongLong();
        r.sessionId = s(query.value(2));
        r.agentId = s(query.value(3));
        r.agentName = s(query.value(4));
        r.method = s(query.value(5));
        r.tool = s(query.value(6));
        r.status = s(query.value(7));
        if (!query.value(8).isNull())
            r.toolErrorCode = s(query.value(8));
        if (!query.value(9).isNull())
            r.rpcErrorCode = query.value(9).toInt();
        r.httpStatus = query.value(10).toInt();
        r.latencyUs = query.value(11).toLongLong();
        r.requestJson = s(query.value(12));
        auto response = responseFromStored(query.value(13).toByteArray(), query.value(14).toInt());
        if (!response)
            return response.error();
        r.responseJson = std::move(*response);
        rows.push_back(std::move(r));
    }
    return rows;
}

StoreResult<void> Store::setSetting(const std::string &key, const std::string &value)
{
    m_d->checkThread();
    return m_d->transaction([&] {
        QSqlQuery query(m_d->m_db);
        query.prepare(QStringLiteral("INSERT INTO settings (key, value) VALUES (?, ?) "
                                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
        query.addBindValue(q(key));
        query.addBindValue(q(value));
        return run(query, "store a setting");
    });
}

StoreResult<std::optional<std::string>> Store::setting(const std::string &key) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT value FROM settings WHERE key = ?"));
    query.addBindValue(q(key));
    if (auto r = run(query, "read a setting"); !r)
        return r.error();
    if (!query.next())
        return std::optional<std::string>();
    return std::optional<std::string>(s(query.value(0)));
}

// ===================================================================== tournaments

namespace {
TournamentRow tournamentRowOf(const QSqlQuery &query)
{
    TournamentRow row;
    row.id = s(query.value(0));
    row.name = s(query.value(1));
    row.specJson = s(query.value(2));
    row.createdAt = query.value(3).toLongLong();
    row.status = s(query.value(4));
    row.scheduled = query.value(5).toInt();
    row.done = query.value(6).toInt();
    return row;
}
constexpr const char *TournamentSelect
    = "SELECT t.id, t.name, t.spec, t.created_at_ms, t.status, "
      "(SELECT COUNT(*) FROM tournament_matches m WHERE m.tournament_id = t.id), "
      "(SELECT COUNT(*) FROM tournament_matches m WHERE m.tournament_id = t.id AND m.status = "
      "'DONE') "
      "FROM tournaments t";
} // namespace

StoreResult<std::string> Store::nextTournamentId() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    if (!query.exec(QStringLiteral(
            "SELECT COALESCE(MAX(CAST(SUBSTR(id, 2) AS INTEGER)), 0) FROM tournaments "
            "WHERE id GLOB 't[0-9]*'")))
        return toStoreError(query.lastError(), StoreTr::tr("read the tournaments"));
    query.next();
    return "t" + std::to_string(query.value(0).toLongLong() + 1);
}

StoreResult<void> Store::createTournament(const TournamentRow &row,
                                          const std::vector<TournamentMatchRow> &schedule)
{
    m_d->checkThread();
    return m_d->transaction([&]() -> StoreResult<void> {
        QSqlQuery exists(m_d->m_db);
        exists.prepare(QStringLiteral("SELECT 1 FROM tournaments WHERE id = ?"));
        exists.addBindValue(q(row.id));
        if (auto r = run(exists, "read the tournaments"); !r)
            return r;
        if (exists.next())
            return StoreError{StoreError::Code::Conflict,
                              StoreTr::tr("tournament %1 already exists").arg(q(row.id))};
        QSqlQuery ins(m_d->m_db);
        ins.prepare(QStringLiteral("INSERT INTO tournaments (id, name, spec, created_at_ms, "
                                   "status) VALUES (?, ?, ?, ?, ?)"));
        ins.addBindValue(q(row.id));
        ins.addBindValue(q(row.name));
        ins.addBindValue(q(row.specJson));
        ins.addBindValue(qint64(row.createdAt ? row.createdAt : m_d->now()));
        ins.addBindValue(q(row.status));
        if (auto r = run(ins, "store a tournament"); !r)
            return r;
        QSqlQuery m(m_d->m_db);
        m.prepare(
            QStringLiteral("INSERT INTO tournament_matches (tournament_id, idx, schedule, status) "
                           "VALUES (?, ?, ?, 'SCHEDULED')"));
        for (const TournamentMatchRow &entry : schedule) {
            m.addBindValue(q(row.id));
            m.addBindValue(entry.index);
            m.addBindValue(q(entry.scheduleJson));
            if (auto r = run(m, "store a tournament's schedule"); !r)
                return r;
        }
        return {};
    });
}

StoreResult<std::vector<TournamentRow>> Store::tournaments() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(QString::fromLatin1(TournamentSelect)
                    + QStringLiteral(" ORDER BY t.created_at_ms, t.rowid")))
        return toStoreError(query.lastError(), StoreTr::tr("read the tournaments"));
    std::vector<TournamentRow> out;
    while (query.next())
        out.push_back(tournamentRowOf(query));
    return out;
}

StoreResult<TournamentRow> Store::tournament(const std::string &id) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(QString::fromLatin1(TournamentSelect) + QStringLiteral(" WHERE t.id = ?"));
    query.addBindValue(q(id));
    if (auto r = run(query, "read a tournament"); !r)
        return r.error();
    if (!query.next())
        return StoreError{StoreError::Code::NotFound, StoreTr::tr("no tournament %1").arg(q(id))};
    return tournamentRowOf(query);
}

StoreResult<std::vector<TournamentMatchRow>> Store::tournamentMatches(const std::string &id,
                                                                      bool withLogs) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(
        QStringLiteral("SELECT idx, schedule, status, match_id, result, %1, finished_at_ms "
                       "FROM tournament_matches WHERE tournament_id = ? ORDER BY idx")
            .arg(withLogs ? QStringLiteral("log") : QStringLiteral("NULL")));
    query.addBindValue(q(id));
    if (auto r = run(query, "read a tournament's matches"); !r)
        return r.error();
    std::vector<TournamentMatchRow> out;
    while (query.next()) {
        TournamentMatchRow row;
        row.tournamentId = id;
        row.index = query.value(0).toInt();
        row.scheduleJson = s(query.value(1));
        row.status = s(query.value(2));
        row.matchId = s(query.value(3));
        row.resultJson = s(query.value(4));
        row.log = query.value(5).toByteArray();
        row.finishedAt = query.value(6).toLongLong();
        out.push_back(std::move(row));
    }
    return out;
}

StoreResult<void> Store::updateTournamentMatches(const std::vector<TournamentMatchRow> &rows)
{
    m_d->checkThread();
    if (rows.empty())
        return {};
    return m_d->transaction([&]() -> StoreResult<void> {
        QSqlQuery up(m_d->m_db);
        up.prepare(QStringLiteral(
            "UPDATE tournament_matches SET status = ?, match_id = ?, result = ?, log = ?, "
            "finished_at_ms = ?, schedule = COALESCE(NULLIF(?, ''), schedule) "
            "WHERE tournament_id = ? AND idx = ?"));
        for (const TournamentMatchRow &row : rows) {
            up.addBindValue(q(row.status));
            up.addBindValue(row.matchId.empty() ? QVariant(QMetaType(QMetaType::QString))
                                                : QVariant(q(row.matchId)));
            up.addBindValue(row.resultJson.empty() ? QVariant(QMetaType(QMetaType::QString))
                                                   : QVariant(q(row.resultJson)));
            up.addBindValue(row.log.isEmpty() ? QVariant(QMetaType(QMetaType::QByteArray))
                                              : QVariant(row.log));
            up.addBindValue(row.finishedAt ? QVariant(qint64(row.finishedAt))
                                           : QVariant(QMetaType(QMetaType::LongLong)));
            up.addBindValue(q(row.scheduleJson));
            up.addBindValue(q(row.tournamentId));
            up.addBindValue(row.index);
            if (auto r = run(up, "store a tournament's match"); !r)
                return r;
            if (up.numRowsAffected() != 1)
                return StoreError{StoreError::Code::NotFound,
                                  StoreTr::tr("tournament %1 has no match %2")
                                      .arg(q(row.tournamentId))
                                      .arg(row.index)};
        }
        return {};
    });
}

StoreResult<void> Store::setTournamentStatus(const std::string &id, const std::string &status)
{
    m_d->checkThread();
    return m_d->transaction([&]() -> StoreResult<void> {
        QSqlQuery up(m_d->m_db);
        up.prepare(QStringLiteral("UPDATE tournaments SET status = ? WHERE id = ?"));
        up.addBindValue(q(status));
        up.addBindValue(q(id));
        if (auto r = run(up, "store a tournament's status"); !r)
            return r;
        if (up.numRowsAffected() != 1)
            return StoreError{StoreError::Code::NotFound,
                              StoreTr::tr("no tournament %1").arg(q(id))};
        return {};
    });
}

// ===================================================================== reads

StoreResult<std::vector<engine::LobbyRecord>> Store::loadLobbyJournal() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT seq, record FROM lobby_journal ORDER BY seq")))
        return toStoreError(query.lastError(), StoreTr::tr("read the lobby journal"));
    std::vector<engine::LobbyRecord> out;
    while (query.next()) {
        const json j = json::parse(query.value(1).toString().toStdString(), nullptr, false);
        std::optional<engine::LobbyRecord> r
            = j.is_discarded() ? std::nullopt : engine::LobbyRecord::fromJson(j);
        if (!r)
            return StoreError{
                Code::Corrupt,
                StoreTr::tr("lobby journal record %1 is damaged").arg(query.value(0).toLongLong())};
        out.push_back(std::move(*r));
    }
    return out;
}

StoreResult<std::vector<std::string>> Store::matchIds(MatchStatus status) const
{
    m_d->checkThread();
    QString where;
    if (status == MatchStatus::Active)
        where = QStringLiteral("WHERE status = 'ACTIVE'");
    else if (status == MatchStatus::Ended)
        where = QStringLiteral("WHERE status = 'ENDED'");
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(
            QStringLiteral("SELECT match_id FROM matches %1 ORDER BY match_number, match_id")
                .arg(where)))
        return toStoreError(query.lastError(), StoreTr::tr("list matches"));
    std::vector<std::string> out;
    while (query.next())
        out.push_back(s(query.value(0)));
    return out;
}

StoreResult<MatchRow> Store::matchRow(const std::string &matchId) const
{
    m_d->checkThread();
    auto r = m_d->row(matchId);
    if (!r)
        return r.error();
    if (!*r)
        return StoreError{Code::NotFound, StoreTr::tr("there is no match %1").arg(q(matchId))};
    return std::move(**r);
}

StoreResult<std::vector<PlayerRow>> Store::playerRows(const std::string &matchId) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT %1 FROM players WHERE match_id = ? ORDER BY seat")
                      .arg(QLatin1String(PlayerColumns)));
    query.addBindValue(q(matchId));
    if (auto r = run(query, "read player rows"); !r)
        return r.error();
    std::vector<PlayerRow> out;
    while (query.next())
        out.push_back(readPlayerRow(query));
    return out;
}

StoreResult<std::vector<engine::Event>> Store::loadEvents(const std::string &matchId,
                                                          std::uint64_t afterSeq) const
{
    m_d->checkThread();
    return m_d->events(matchId, afterSeq);
}

StoreResult<engine::Match> Store::loadMatch(const std::string &matchId) const
{
    m_d->checkThread();
    auto log = m_d->events(matchId, 0);
    if (!log)
        return log.error();
    if (log->empty())
        return StoreError{Code::NotFound, StoreTr::tr("there is no match %1").arg(q(matchId))};
    return replayLog(*log);
}

StoreResult<std::vector<RecoveredMatch>> Store::unfinishedMatches() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(
            QStringLiteral("SELECT %1 FROM matches WHERE status = 'ACTIVE' AND imported = 0 "
                           "ORDER BY match_number, match_id")
                .arg(QLatin1String(MatchColumns))))
        return toStoreError(query.lastError(), StoreTr::tr("list unfinished matches"));
    std::vector<RecoveredMatch> out;
    while (query.next())
        out.push_back(RecoveredMatch{readMatchRow(query), std::nullopt, QString(), false});
    query.finish();

    for (RecoveredMatch &rm : out) {
        const QString id = q(rm.row.matchId);
        auto log = m_d->events(rm.row.matchId, 0);
        if (!log) {
            rm.problem = log.error().message;
        } else if (auto m = replayLog(*log); !m) {
            rm.problem = m.error().message;
        } else {
            rm.match = std::move(*m);
            // The host refreshes the rows at phase changes and every few dozen
            // events, not after every command: they may describe an earlier
            // point of the log, whose state is checked by replaying up to it.
            std::optional<std::uint64_t> hash;
            if (rm.row.lastSeq == log->size()) {
                hash = rm.match->stateHash();
            } else if (rm.row.lastSeq > 0 && rm.row.lastSeq < log->size()) {
                const std::vector<engine::Event> prefix(
                    log->begin(), log->begin() + static_cast<std::ptrdiff_t>(rm.row.lastSeq));
                if (auto earlier = replayLog(prefix))
                    hash = earlier->stateHash();
            }
            if (!hash)
                rm.problem = StoreTr::tr("its row describes seq %1 but the log ends at %2")
                                 .arg(rm.row.lastSeq)
                                 .arg(log->size());
            else if (rm.row.stateHash && *rm.row.stateHash != *hash)
                rm.problem = StoreTr::tr("the replay's state hash %1 differs from the stored %2")
                                 .arg(hashHex(*hash), hashHex(*rm.row.stateHash));
            rm.hashVerified = rm.problem.isEmpty() && rm.row.stateHash.has_value();
        }
        if (!rm.problem.isEmpty())
            qCWarning(lcStore).noquote() << "recovering" << id << ":" << rm.problem;
    }
    return out;
}

StoreResult<std::vector<QueueRow>> Store::queue(const std::string &queueId) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT queue_id, agent_id, display_name, joined_at_ms FROM queue "
                                 "WHERE queue_id = ? ORDER BY joined_at_ms, rowid"));
    query.addBindValue(q(queueId));
    if (auto r = run(query, "read the queue"); !r)
        return r.error();
    std::vector<QueueRow> out;
    while (query.next())
        out.push_back(QueueRow{
            s(query.value(0)), s(query.value(1)), s(query.value(2)), query.value(3).toLongLong()});
    return out;
}

StoreResult<std::vector<BuildingRow>> Store::buildings() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT match_id, building_instance_id, world_id, x, y, label, "
                                   "match_number, created_at_ms FROM buildings "
                                   "ORDER BY match_number, match_id")))
        return toStoreError(query.lastError(), StoreTr::tr("read the buildings"));
    std::vector<BuildingRow> out;
    while (query.next())
        out.push_back(BuildingRow{s(query.value(0)),
                                  s(query.value(1)),
                                  s(query.value(2)),
                                  query.value(3).toDouble(),
                                  query.value(4).toDouble(),
                                  s(query.value(5)),
                                  query.value(6).toInt(),
                                  query.value(7).toLongLong()});
    return out;
}

StoreResult<std::vector<ModelSeatRow>> Store::modelSeats(const std::string &matchId) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    // In seat order; a seat whose players row is not written yet comes last.
    query.prepare(
        QStringLiteral("SELECT s.match_id, s.player_id, s.agent_id, s.display_name, s.profile, "
                       "s.persona, s.stats FROM model_seats s LEFT JOIN players p "
                       "ON p.match_id = s.match_id AND p.player_id = s.player_id "
                       "WHERE s.match_id = ? ORDER BY p.seat IS NULL, p.seat, s.player_id"));
    query.addBindValue(q(matchId));
    if (auto r = run(query, "read the model seats"); !r)
        return r.error();
    std::vector<ModelSeatRow> out;
    while (query.next())
        out.push_back(ModelSeatRow{s(query.value(0)),
                                   s(query.value(1)),
                                   s(query.value(2)),
                                   s(query.value(3)),
                                   s(query.value(4)),
                                   s(query.value(5)),
                                   s(query.value(6))});
    return out;
}

StoreResult<std::vector<ModelNoteRow>> Store::modelNotes(const std::string &matchId,
                                                         const std::string &playerId) const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    query.prepare(
        QStringLiteral("SELECT %1 FROM model_notes WHERE match_id = ? AND player_id = ? ORDER BY n")
            .arg(QLatin1String(ModelNoteColumns)));
    query.addBindValue(q(matchId));
    query.addBindValue(q(playerId));
    if (auto r = run(query, "read a model seat's notes"); !r)
        return r.error();
    std::vector<ModelNoteRow> out;
    while (query.next())
        out.push_back(ModelNoteRow{s(query.value(0)),
                                   s(query.value(1)),
                                   query.value(2).toLongLong(),
                                   query.value(3).toLongLong(),
                                   query.value(4).toInt(),
                                   s(query.value(5)),
                                   s(query.value(6)),
                                   s(query.value(7))});
    return out;
}

StoreResult<std::vector<QueuedModelSeatRow>> Store::queuedModelSeats() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT %1 FROM queued_model_seats ORDER BY queued_at_ms, rowid")
                        .arg(QLatin1String(QueuedModelSeatColumns))))
        return toStoreError(query.lastError(), StoreTr::tr("read the queued model seats"));
    std::vector<QueuedModelSeatRow> out;
    while (query.next())
        out.push_back(QueuedModelSeatRow{s(query.value(0)),
                                         s(query.value(1)),
                                         s(query.value(2)),
                                         s(query.value(3)),
                                         query.value(4).toLongLong()});
    return out;
}

StoreResult<std::optional<IdempotencyRecord>> Store::getIdempotency(
    const std::string &scope, const std::string &key, const std::string &agentId) const
{
    m_d->checkThread();
    auto st = m_d->stmt(Private::GetIdempotency);
    if (!st)
        return st.error();
    QSqlQuery &query = **st;
    query.addBindValue(q(scope));
    query.addBindValue(q(key));
    query.addBindValue(q(agentId));
    if (auto r = run(query, "read an idempotency record"); !r)
        return r.error();
    std::optional<IdempotencyRecord> out;
    if (query.next())
        out = IdempotencyRecord{s(query.value(0)),
                                s(query.value(1)),
                                s(query.value(2)),
                                optString(query.value(3)),
                                s(query.value(4)),
                                s(query.value(5)),
                                query.value(6).toLongLong()};
    query.finish();
    return out;
}

// ===================================================================== agents

StoreResult<NewAgent> Store::addAgent(const std::string &name)
{
    m_d->checkThread();
    const QString shownName = q(name).trimmed();
    if (shownName.isEmpty() || shownName.size() > 64)
        return StoreError{Code::Invalid, StoreTr::tr("an agent name must be 1 to 64 characters")};
    NewAgent out;
    out.agent.agentId = "ag_" + base64Url(randomBytes(12)).toStdString();
    out.agent.name = shownName.toStdString();
    out.agent.createdAt = m_d->now();
    out.token = "th_" + base64Url(randomBytes(32)).toStdString();
    auto r = m_d->transaction([&]() -> StoreResult<void> {
        QSqlQuery query(m_d->m_db);
        query.prepare(QStringLiteral("INSERT INTO agents (agent_id, name, token_sha256, "
                                     "created_at_ms) VALUES (?, ?, ?, ?)"));
        query.addBindValue(q(out.agent.agentId));
        query.addBindValue(q(out.agent.name));
        query.addBindValue(tokenHash(out.token));
        query.addBindValue(qint64(out.agent.createdAt));
        return run(query, "add the agent");
    });
    if (!r) {
        if (r.error().code == Code::Conflict)
            return StoreError{Code::Conflict,
                              StoreTr::tr("an agent named \"%1\" already exists; revoke it first "
                                          "or pick another name")
                                  .arg(shownName)};
        return r.error();
    }
    qCInfo(lcStore).noquote() << "agent added:" << q(out.agent.agentId) << shownName;
    return out;
}

StoreResult<AgentRecord> Store::verifyToken(std::string_view token) const
{
    m_d->checkThread();
    const StoreError unauthorized{Code::Unauthorized,
                                  StoreTr::tr("unknown or revoked agent token")};
    if (token.size() < 4 || token.substr(0, 3) != "th_")
        return unauthorized;
    // Looked up by hash: comparing the stored hash leaks nothing usable
    // about the token, so no constant-time compare is needed.
    auto st = m_d->stmt(Private::AgentByToken);
    if (!st)
        return st.error();
    QSqlQuery &query = **st;
    query.addBindValue(tokenHash(token));
    if (auto r = run(query, "verify a token"); !r)
        return r.error();
    std::optional<AgentRecord> agent;
    if (query.next())
        agent = readAgent(query);
    query.finish();
    if (!agent || agent->revoked())
        return unauthorized;
    return std::move(*agent);
}

StoreResult<std::vector<AgentRecord>> Store::listAgents() const
{
    m_d->checkThread();
    QSqlQuery query(m_d->m_db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT %1 FROM agents ORDER BY created_at_ms, rowid")
                        .arg(QLatin1String(AgentColumns))))
        return toStoreError(query.lastError(), StoreTr::tr("list agents"));
    std::vector<AgentRecord> out;
    while (query.next())
        out.push_back(readAgent(query));
    return out;
}

StoreResult<AgentRecord> Store::revokeAgent(const std::string &idOrName)
{
    m_d->checkThread();
    std::optional<AgentRecord> revoked;
    const engine::TimeMs at = m_d->now();
    auto r = m_d->transaction([&]() -> StoreResult<void> {
        // An id wins over a name, so a name that looks like an id is harmless.
        QSqlQuery find(m_d->m_db);
        find.setForwardOnly(true);
        find.prepare(QStringLiteral("SELECT %1 FROM agents WHERE revoked_at_ms IS NULL AND "
                                    "(agent_id = ? OR name = ?) ORDER BY agent_id = ? DESC LIMIT 1")
                         .arg(QLatin1String(AgentColumns)));
        for (int i = 0; i < 3; ++i)
            find.addBindValue(q(idOrName));
        if (auto res = run(find, "find the agent"); !res)
            return res;
        if (!find.next())
            return {};
        revoked = readAgent(find);
        find.finish();
        QSqlQuery upd(m_d->m_db);
        upd.prepare(QStringLiteral("UPDATE agents SET revoked_at_ms = ? WHERE agent_id = ?"));
        upd.addBindValue(qint64(at));
        upd.addBindValue(q(revoked->agentId));
        return run(upd, "revoke the agent");
    });
    if (!r)
        return r.error();
    if (!revoked)
        return StoreError{Code::NotFound,
                          StoreTr::tr("no active agent with id or name \"%1\"").arg(q(idOrName))};
    revoked->revokedAt = at;
    qCInfo(lcStore).noquote() << "agent revoked:" << q(revoked->agentId);
    return std::move(*revoked);
}

// ===================================================================== export / import / replay

StoreResult<std::string> Store::exportMatch(const std::string &matchId) const
{
    m_d->checkThread();
    auto log = m_d->events(matchId, 0);
    if (!log)
        return log.error();
    if (log->empty())
        return StoreError{Code::NotFound, StoreTr::tr("there is no match %1").arg(q(matchId))};
    std::string out = toJsonLines(*log);
    // The model seats follow the events, one line each (matchlog.h).
    auto seats = modelSeats(matchId);
    if (!seats)
        return seats.error();
    for (ModelSeatRow &seat : *seats) {
        auto notes = modelNotes(matchId, seat.playerId);
        if (!notes)
            return notes.error();
        auto line = toModelSeatLine(ModelSeatEntry{std::move(seat), std::move(*notes), 0});
        if (!line)
            return line.error();
        out += *line;
    }
    return out;
}

StoreResult<int> Store::nextMatchNumber() const
{
    m_d->checkThread();
    auto value = scalar(m_d->m_db,
                        QStringLiteral("SELECT COALESCE(MAX(match_number), 0) + 1 FROM matches"));
    if (!value)
        return value.error();
    return value->toInt();
}

StoreResult<ImportResult> Store::importMatch(std::string_view jsonLines,
                                             std::optional<int> renumber)
{
    m_d->checkThread();
    auto checked = checkImport(jsonLines, renumber);
    if (!checked)
        return checked.error();
    std::vector<engine::Event> *log = &checked->log;
    std::vector<ModelSeatEntry> &seats = checked->modelSeats;
    const engine::Match &m = *checked->match;

    ImportResult result;
    result.matchId = m.matchId();
    result.eventCount = log->size();
    result.stateHash = m.stateHash();
    result.ended = m.ended();
    result.modelSeats = seats.size();
    engine::LobbyRecord &rec = result.lobbyRecord;
    rec.kind = engine::LobbyRecord::Kind::MatchStarted;
    rec.at = m.state().createdAt;
    rec.queueId = engine::DefaultQueueId;
    rec.matchId = m.matchId();
    rec.matchNumber = m.state().matchNumber;
    rec.seed = m.state().seed;

    MatchSnapshot snap = snapshotOf(m);
    snap.match.imported = true;

    auto r = m_d->transaction([&]() -> StoreResult<void> {
        auto exists = m_d->matchExists(result.matchId);
        if (!exists)
            return exists.error();
        auto last = m_d->lastSeqOf(result.matchId);
        if (!last)
            return last.error();
        if (*exists || *last > 0)
            return StoreError{Code::Conflict,
                              StoreTr::tr("match %1 already exists in %2; nothing was imported")
                                  .arg(q(result.matchId), QDir::toNativeSeparators(m_d->m_path))};
        // The number too: the lobby numbers new matches after the highest
        // one it knows, and two matches of one number would share an id.
        auto taken = m_d->matchWithNumber(rec.matchNumber);
        if (!taken)
            return taken.error();
        if (!taken->empty())
            return StoreError{
                Code::Conflict,
                StoreTr::tr("match number %1 is taken by %2 in %3; nothing was imported")
                    .arg(rec.matchNumber)
                    .arg(q(*taken), QDir::toNativeSeparators(m_d->m_path))};
        if (auto res = m_d->writeLobbyRecord(rec); !res)
            return res;
        if (auto res = m_d->writeEvents(result.matchId, *log, true); !res)
            return res;
        if (auto res = m_d->writeSnapshot(snap); !res)
            return res;
        Batch modelRows;
        for (ModelSeatEntry &e : seats) {
            modelRows.addModelSeat(std::move(e.seat));
            modelRows.addModelNotes(std::move(e.notes));
        }
        return m_d->writeModelSeats(modelRows);
    });
    if (!r)
        return r.error();
    qCInfo(lcStore).noquote() << "imported" << q(result.matchId) << result.eventCount << "events";
    return result;
}

StoreResult<engine::Match> Store::replayTo(const std::string &matchId,
                                           std::string_view eventRef) const
{
    m_d->checkThread();
    auto log = m_d->events(matchId, 0);
    if (!log)
        return log.error();
    if (log->empty())
        return StoreError{Code::NotFound, StoreTr::tr("there is no match %1").arg(q(matchId))};
    return townhall::host::replayTo(*log, eventRef);
}

// ===================================================================== diagnostics

StoreResult<StoreStats> Store::stats() const
{
    m_d->checkThread();
    StoreStats st;
    const std::pair<qint64 *, const char *> queries[] = {
        {&st.pageSize, "PRAGMA page_size"},
        {&st.pageCount, "PRAGMA page_count"},
        {&st.freePages, "PRAGMA freelist_count"},
        {&st.matches, "SELECT count(*) FROM matches"},
        {&st.events, "SELECT count(*) FROM events"},
        {&st.agents, "SELECT count(*) FROM agents"},
    };
    for (const auto &[field, sql] : queries) {
        auto value = scalar(m_d->m_db, QString::fromLatin1(sql));
        if (!value)
            return value.error();
        *field = value->toLongLong();
    }
    auto mode = scalar(m_d->m_db, QStringLiteral("PRAGMA journal_mode"));
    auto sync = scalar(m_d->m_db, QStringLiteral("PRAGMA synchronous"));
    if (!mode)
        return mode.error();
    if (!sync)
        return sync.error();
    st.journalMode = mode->toString();
    st.synchronous = sync->toInt();
    st.backgroundCheckpoints = m_d->m_checkpointer ? m_d->m_checkpointer->checkpoints() : 0;
    return st;
}

bool Store::checkpointPending() const
{
    return m_d->m_checkpointer && m_d->m_checkpointer->pending();
}

} // namespace townhall::host
