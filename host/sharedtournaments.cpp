// SPDX-License-Identifier: MIT
#include "host/sharedtournaments.h"

#include "host/store/storetr.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDateTime>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QUrl>
#include <QUrlQuery>
#include <QVariant>

namespace townhall::host {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}
std::string s(const QVariant &v)
{
    return v.toString().toStdString();
}

/// The keywords a URL's query may set: TLS and connection options libpq
/// documents. A password (or the TLS key's password) is not among them.
const QStringList &allowedOptions()
{
    static const QStringList names{QStringLiteral("sslmode"),
                                   QStringLiteral("sslcert"),
                                   QStringLiteral("sslkey"),
                                   QStringLiteral("sslrootcert"),
                                   QStringLiteral("sslcrl"),
                                   QStringLiteral("sslcrldir"),
                                   QStringLiteral("sslsni"),
                                   QStringLiteral("sslcompression"),
                                   QStringLiteral("ssl_min_protocol_version"),
                                   QStringLiteral("ssl_max_protocol_version"),
                                   QStringLiteral("gssencmode"),
                                   QStringLiteral("channel_binding"),
                                   QStringLiteral("requirepeer"),
                                   QStringLiteral("krbsrvname"),
                                   QStringLiteral("connect_timeout"),
                                   QStringLiteral("application_name"),
                                   QStringLiteral("target_session_attrs"),
                                   QStringLiteral("keepalives"),
                                   QStringLiteral("keepalives_idle"),
                                   QStringLiteral("keepalives_interval"),
                                   QStringLiteral("keepalives_count"),
                                   QStringLiteral("passfile"),
                                   QStringLiteral("host"),
                                   QStringLiteral("hostaddr"),
                                   QStringLiteral("options")};
    return names;
}

/// A libpq connection-string value, quoted so spaces and quotes survive.
QString quoted(QString value)
{
    value.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

StoreError pgError(const QSqlError &e, const QString &what)
{
    const QString reason
        = (e.databaseText().isEmpty() ? e.driverText() : e.databaseText()).trimmed();
    const StoreError::Code code
        = e.type() == QSqlError::ConnectionError ? StoreError::Code::Io : StoreError::Code::Sql;
    return StoreError{code, StoreTr::tr("PostgreSQL: %1: %2").arg(what, reason)};
}

StoreResult<void> exec(QSqlQuery &query, const QString &what)
{
    if (!query.exec())
        return pgError(query.lastError(), what);
    return {};
}

StoreResult<void> execText(QSqlDatabase &db, const QString &sql, const QString &what)
{
    QSqlQuery query(db);
    if (!query.exec(sql))
        return pgError(query.lastError(), what);
    return {};
}

/// Runs `body` in a transaction: committed if it succeeds, rolled back if not.
template<typename F>
auto inTransaction(QSqlDatabase &db, F &&body) -> decltype(body())
{
    if (!db.transaction())
        return pgError(db.lastError(), StoreTr::tr("begin a transaction"));
    auto result = body();
    if (!result) {
        db.rollback();
        return result;
    }
    if (!db.commit()) {
        const QSqlError e = db.lastError();
        db.rollback();
        return pgError(e, StoreTr::tr("commit"));
    }
    return result;
}

/// A fixed key for the advisory lock that serializes creating the tables and
/// numbering tournaments ("TownHall" in ASCII).
constexpr qint64 AdvisoryKey = 0x546f776e48616c6cLL;

const char *Schema[] = {
    "CREATE TABLE IF NOT EXISTS townhall_meta (key text PRIMARY KEY, value text NOT NULL)",
    "CREATE TABLE IF NOT EXISTS townhall_tournaments ("
    " id text PRIMARY KEY, name text NOT NULL, spec text NOT NULL, created_at_ms bigint NOT NULL,"
    " status text NOT NULL CHECK (status IN ('RUNNING', 'FINISHED')), report text NOT NULL DEFAULT "
    "'')",
    "CREATE TABLE IF NOT EXISTS townhall_tournament_matches ("
    " tournament_id text NOT NULL REFERENCES townhall_tournaments (id) ON DELETE CASCADE,"
    " idx integer NOT NULL CHECK (idx >= 0), schedule text NOT NULL,"
    " status text NOT NULL DEFAULT 'SCHEDULED' CHECK (status IN ('SCHEDULED', 'PLAYING', 'DONE')),"
    " match_id text NOT NULL DEFAULT '', result text NOT NULL DEFAULT '', log bytea,"
    " finished_at_ms bigint, holder text NOT NULL DEFAULT '', lease_until timestamptz,"
    " attempts integer NOT NULL DEFAULT 0, PRIMARY KEY (tournament_id, idx))",
    // The log is zlib-compressed already: the server need not try again.
    "ALTER TABLE townhall_tournament_matches ALTER COLUMN log SET STORAGE EXTERNAL",
    "CREATE INDEX IF NOT EXISTS townhall_tournament_matches_open ON townhall_tournament_matches"
    " (tournament_id, idx) WHERE status <> 'DONE'",
    "CREATE INDEX IF NOT EXISTS townhall_tournament_matches_holder ON townhall_tournament_matches "
    "(holder)"
    " WHERE status = 'PLAYING'",
};

QAtomicInt g_connections;

} // namespace

bool isPostgresUrl(const QString &text)
{
    return text.startsWith(QLatin1String("postgresql://"))
           || text.startsWith(QLatin1String("postgres://"));
}

QStringList postgresUrlOptions()
{
    return allowedOptions();
}

QString PostgresUrl::display() const
{
    QString out = QStringLiteral("postgresql://");
    if (!user.isEmpty())
        out += QString::fromUtf8(QUrl::toPercentEncoding(user)) + QLatin1Char('@');
    out += host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    if (port != 5432)
        out += QLatin1Char(':') + QString::number(port);
    out += QLatin1Char('/') + QString::fromUtf8(QUrl::toPercentEncoding(database));
    for (const QString &o : options)
        if (o.startsWith(QLatin1String("sslmode=")))
            out += QLatin1Char('?') + o;
    return out;
}

std::optional<PostgresUrl> parsePostgresUrl(const QString &text, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<PostgresUrl> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!isPostgresUrl(text))
        return fail(StoreTr::tr("not a postgresql:// URL"));
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return fail(StoreTr::tr("the database URL does not parse: %1").arg(url.errorString()));
    if (!url.password().isEmpty() || url.userInfo().contains(QLatin1Char(':')))
        return fail(
            StoreTr::tr("the database URL holds a password; put it in PGPASSWORD or a .pgpass file "
                        "(PGPASSFILE), never on the command line"));
    PostgresUrl out;
    out.host = url.host();
    out.port = url.port(5432);
    out.user = url.userName();
    out.database = url.path().mid(1);
    if (out.database.isEmpty() || out.database.contains(QLatin1Char('/')))
        return fail(
            StoreTr::tr("the database URL names no database (postgresql://USER@HOST:PORT/DB)"));
    const QUrlQuery query(url);
    bool named = false, timeout = false;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("password") || key == QLatin1String("sslpassword"))
            return fail(
                StoreTr::tr(
                    "the database URL holds a password (%1); put it in PGPASSWORD or a .pgpass "
                    "file (PGPASSFILE), never on the command line")
                    .arg(key));
        if (!allowedOptions().contains(key))
            return fail(
                StoreTr::tr(
                    "the database URL sets \"%1\", which is not a connection option Town Hall "
                    "passes on (it passes: %2)")
                    .arg(key, allowedOptions().join(QStringLiteral(", "))));
        if (key == QLatin1String("host") && out.host.isEmpty()) {
            out.host = value; // a socket directory
            continue;
        }
        named = named || key == QLatin1String("application_name");
        timeout = timeout || key == QLatin1String("connect_timeout");
        out.options << key + QLatin1Char('=') + quoted(value);
    }
    if (!named)
        out.options << QStringLiteral("application_name=townhall");
    if (!timeout)
        out.options << QStringLiteral("connect_timeout=10");
    return out;
}

std::string newClaimHolder()
{
    return QStringLiteral("%1:%2:%3")
        .arg(QSysInfo::machineHostName())
        .arg(QCoreApplication::applicationPid())
        .arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'))
        .toStdString();
}

SharedTournaments::SharedTournaments(PostgresUrl url, QString connection)
    : m_url(std::move(url))
    , m_connection(std::move(connection))
{}

SharedTournaments::~SharedTournaments()
{
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connection);
}

StoreResult<std::unique_ptr<SharedTournaments>> SharedTournaments::open(const PostgresUrl &url)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return StoreError{
            StoreError::Code::Io,
            StoreTr::tr("Qt's PostgreSQL driver is not installed (Debian: libqt6sql6-psql)")};
    const QString name = QStringLiteral("townhall-pg-%1").arg(g_connections.fetchAndAddRelaxed(1));
    std::unique_ptr<SharedTournaments> self(new SharedTournaments(url, name));
    self->m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    if (!url.host.isEmpty())
        self->m_db.setHostName(url.host);
    self->m_db.setPort(url.port);
    self->m_db.setDatabaseName(url.database);
    if (!url.user.isEmpty())
        self->m_db.setUserName(url.user);
    self->m_db.setConnectOptions(url.options.join(QLatin1Char(';')));
    if (!self->m_db.open())
        return pgError(self->m_db.lastError(),
                       StoreTr::tr("cannot connect to %1").arg(url.display()));
    if (auto r = self->setUpSession(); !r)
        return r.error();
    if (auto r = self->createSchema(); !r)
        return r.error();
    return self;
}

StoreResult<void> SharedTournaments::setUpSession()
{
    // CREATE … IF NOT EXISTS would print a NOTICE per table on every start.
    return execText(m_db,
                    QStringLiteral("SET client_min_messages TO warning"),
                    StoreTr::tr("set up the session"));
}

StoreResult<bool> SharedTournaments::reconnect()
{
    {
        QSqlQuery ping(m_db);
        if (m_db.isOpen() && ping.exec(QStringLiteral("SELECT 1")))
            return false;
    }
    m_db.close();
    if (!m_db.open())
        return pgError(m_db.lastError(), StoreTr::tr("cannot connect to %1").arg(m_url.display()));
    if (auto r = setUpSession(); !r)
        return r.error();
    return true;
}

StoreResult<void> SharedTournaments::createSchema()
{
    return inTransaction(m_db, [&]() -> StoreResult<void> {
        if (auto r = execText(m_db,
                              QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(AdvisoryKey),
                              StoreTr::tr("lock the schema"));
            !r)
            return r;
        for (const char *statement : Schema)
            if (auto r
                = execText(m_db, QString::fromLatin1(statement), StoreTr::tr("create the tables"));
                !r)
                return r;
        QSqlQuery version(m_db);
        if (!version.exec(
                QStringLiteral("SELECT value FROM townhall_meta WHERE key = 'schema_version'")))
            return pgError(version.lastError(), StoreTr::tr("read the schema version"));
        if (!version.next()) {
            QSqlQuery ins(m_db);
            ins.prepare(QStringLiteral(
                "INSERT INTO townhall_meta (key, value) VALUES ('schema_version', ?)"));
            ins.addBindValue(QString::number(SchemaVersion));
            return exec(ins, StoreTr::tr("write the schema version"));
        }
        const int stored = version.value(0).toInt();
        if (stored > SchemaVersion)
            return StoreError{
                StoreError::Code::TooNew,
                StoreTr::tr("the database's Town Hall tables are version %1, written by a newer "
                            "Town Hall (this one reads version %2)")
                    .arg(stored)
                    .arg(SchemaVersion)};
        return {};
    });
}

StoreResult<std::string>
SharedTournaments::createTournament(TournamentRow row,
                                    const std::vector<TournamentMatchRow> &schedule)
{
    return inTransaction(m_db, [&]() -> StoreResult<std::string> {
        if (auto r = execText(m_db,
                              QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(AdvisoryKey),
                              StoreTr::tr("number the tournament"));
            !r)
            return r.error();
        QSqlQuery next(m_db);
        if (!next.exec(QStringLiteral("SELECT COALESCE(MAX(substring(id FROM 2)::integer), 0) + 1 "
                                      "FROM townhall_tournaments WHERE id ~ '^t[0-9]{1,9}$'"))
            || !next.next())
            return pgError(next.lastError(), StoreTr::tr("number the tournament"));
        row.id = "t" + std::to_string(next.value(0).toLongLong());
        QSqlQuery ins(m_db);
        ins.prepare(QStringLiteral(
            "INSERT INTO townhall_tournaments (id, name, spec, created_at_ms, status) "
            "VALUES (?, ?, ?, ?, 'RUNNING')"));
        ins.addBindValue(q(row.id));
        ins.addBindValue(q(row.name));
        ins.addBindValue(q(row.specJson));
        ins.addBindValue(
            qint64(row.createdAt ? row.createdAt : QDateTime::currentMSecsSinceEpoch()));
        if (auto r = exec(ins, StoreTr::tr("store a tournament")); !r)
            return r.error();
        // Many rows per statement: a round trip per row would make a
        // 10,000-match schedule take seconds.
        constexpr std::size_t Chunk = 500;
        for (std::size_t from = 0; from < schedule.size(); from += Chunk) {
            const std::size_t to = std::min(schedule.size(), from + Chunk);
            QString sql = QStringLiteral(
                "INSERT INTO townhall_tournament_matches (tournament_id, idx, schedule) VALUES ");
            for (std::size_t i = from; i < to; ++i)
                sql += i == from ? QStringLiteral("(?, ?, ?)") : QStringLiteral(", (?, ?, ?)");
            QSqlQuery m(m_db);
            m.prepare(sql);
            for (std::size_t i = from; i < to; ++i) {
                m.addBindValue(q(row.id));
                m.addBindValue(schedule[i].index);
                m.addBindValue(q(schedule[i].scheduleJson));
            }
            if (auto r = exec(m, StoreTr::tr("store a tournament's schedule")); !r)
                return r.error();
        }
        return row.id;
    });
}

namespace {

const QString TournamentColumns = QStringLiteral(
    "SELECT t.id, t.name, t.spec, t.created_at_ms, t.status,"
    " (SELECT count(*) FROM townhall_tournament_matches m WHERE m.tournament_id = t.id),"
    " (SELECT count(*) FROM townhall_tournament_matches m WHERE m.tournament_id = t.id AND "
    "m.status = 'DONE')"
    " FROM townhall_tournaments t");

TournamentRow tournamentFrom(const QSqlQuery &query)
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

} // namespace

StoreResult<std::vector<TournamentRow>> SharedTournaments::tournaments() const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    if (!query.exec(TournamentColumns + QStringLiteral(" ORDER BY t.created_at_ms, t.id")))
        return pgError(query.lastError(), StoreTr::tr("read the tournaments"));
    std::vector<TournamentRow> out;
    while (query.next())
        out.push_back(tournamentFrom(query));
    return out;
}

StoreResult<TournamentRow> SharedTournaments::tournament(const std::string &id) const
{
    QSqlQuery query(m_db);
    query.prepare(TournamentColumns + QStringLiteral(" WHERE t.id = ?"));
    query.addBindValue(q(id));
    if (auto r = exec(query, StoreTr::tr("read a tournament")); !r)
        return r.error();
    if (!query.next())
        return StoreError{StoreError::Code::NotFound, StoreTr::tr("no tournament %1").arg(q(id))};
    return tournamentFrom(query);
}

namespace {

/// The columns rowFrom reads, `log` or not.
QString matchColumns(bool withLogs)
{
    return QStringLiteral(
               "SELECT idx, schedule, status, match_id, result, %1, COALESCE(finished_at_ms, 0),"
               " holder, attempts FROM townhall_tournament_matches")
        .arg(withLogs ? QStringLiteral("log") : QStringLiteral("NULL::bytea"));
}

TournamentMatchRow rowFrom(const QSqlQuery &query, const std::string &id)
{
    TournamentMatchRow row;
    row.tournamentId = id;
    row.index = query.value(0).toInt();
    row.scheduleJson = s(query.value(1));
    row.status = s(query.value(2));
    row.matchId = s(query.value(3));
    row.resultJson = s(query.value(4));
    row.log = query.value(5).toByteArray();
    row.finishedAt = query.value(6).toLongLong();
    row.holder = s(query.value(7));
    row.attempts = query.value(8).toInt();
    return row;
}

} // namespace

StoreResult<std::vector<TournamentMatchRow>>
SharedTournaments::tournamentMatches(const std::string &id, bool withLogs) const
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    query.prepare(matchColumns(withLogs) + QStringLiteral(" WHERE tournament_id = ? ORDER BY idx"));
    query.addBindValue(q(id));
    if (auto r = exec(query, StoreTr::tr("read a tournament's matches")); !r)
        return r.error();
    std::vector<TournamentMatchRow> out;
    while (query.next())
        out.push_back(rowFrom(query, id));
    if (out.empty())
        if (auto t = tournament(id); !t)
            return t.error();
    return out;
}

StoreResult<std::optional<TournamentMatchRow>>
SharedTournaments::playedMatch(const std::string &id, const std::string &matchId) const
{
    // One row, not the whole tournament's logs (a 10,000-match one holds ~100 MB).
    QSqlQuery query(m_db);
    query.prepare(
        matchColumns(true)
        + QStringLiteral(" WHERE tournament_id = ? AND match_id = ? AND status = 'DONE' LIMIT 1"));
    query.addBindValue(q(id));
    query.addBindValue(q(matchId));
    if (auto r = exec(query, StoreTr::tr("read a tournament's matches")); !r)
        return r.error();
    if (!query.next())
        return std::optional<TournamentMatchRow>();
    return std::optional<TournamentMatchRow>(rowFrom(query, id));
}

StoreResult<std::vector<TournamentMatchRow>> SharedTournaments::claimMatches(
    const std::string &id, const std::string &holder, int max, int leaseMs)
{
    // The lease runs on the database's clock; SKIP LOCKED lets hosts claiming
    // at the same moment take different rows instead of queueing.
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "UPDATE townhall_tournament_matches m SET status = 'PLAYING', holder = ?, match_id = '',"
        " lease_until = clock_timestamp() + ? * interval '1 millisecond', attempts = m.attempts + 1"
        " FROM (SELECT tournament_id, idx FROM townhall_tournament_matches"
        "       WHERE tournament_id = ? AND (status = 'SCHEDULED'"
        "             OR (status = 'PLAYING' AND lease_until < clock_timestamp()))"
        "       ORDER BY idx LIMIT ? FOR UPDATE SKIP LOCKED) c"
        " WHERE m.tournament_id = c.tournament_id AND m.idx = c.idx"
        " RETURNING m.idx, m.schedule, m.attempts"));
    query.addBindValue(q(holder));
    query.addBindValue(std::max(1, leaseMs));
    query.addBindValue(q(id));
    query.addBindValue(std::max(1, max));
    if (auto r = exec(query, StoreTr::tr("claim matches")); !r)
        return r.error();
    std::vector<TournamentMatchRow> out;
    while (query.next()) {
        TournamentMatchRow row;
        row.tournamentId = id;
        row.index = query.value(0).toInt();
        row.scheduleJson = s(query.value(1));
        row.status = "PLAYING";
        row.holder = holder;
        row.attempts = query.value(2).toInt();
        out.push_back(std::move(row));
    }
    std::sort(
        out.begin(), out.end(), [](const auto &a, const auto &b) { return a.index < b.index; });
    return out;
}

StoreResult<std::vector<TournamentStore::Claim>>
SharedTournaments::renewLeases(const std::string &holder, int leaseMs)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "UPDATE townhall_tournament_matches SET lease_until = clock_timestamp() + ? * "
        "interval '1 millisecond' WHERE holder = ? AND status = 'PLAYING'"
        " RETURNING tournament_id, idx"));
    query.addBindValue(std::max(1, leaseMs));
    query.addBindValue(q(holder));
    if (auto r = exec(query, StoreTr::tr("renew the leases")); !r)
        return r.error();
    std::vector<Claim> held;
    while (query.next())
        held.emplace_back(s(query.value(0)), query.value(1).toInt());
    return held;
}

StoreResult<void> SharedTournaments::setClaimedMatchId(const std::string &id,
                                                       int index,
                                                       const std::string &holder,
                                                       const std::string &matchId)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "UPDATE townhall_tournament_matches SET match_id = ? WHERE tournament_id = ? "
        "AND idx = ? AND holder = ? AND status = 'PLAYING'"));
    query.addBindValue(q(matchId));
    query.addBindValue(q(id));
    query.addBindValue(index);
    query.addBindValue(q(holder));
    if (auto r = exec(query, StoreTr::tr("record a claimed match")); !r)
        return r;
    if (query.numRowsAffected() != 1)
        return StoreError{StoreError::Code::Conflict,
                          StoreTr::tr("tournament %1's match %2 is no longer held by this host")
                              .arg(q(id))
                              .arg(index)};
    return {};
}

StoreResult<int> SharedTournaments::completeMatches(const std::vector<TournamentMatchRow> &rows,
                                                    const std::string &holder)
{
    if (rows.empty())
        return 0;
    return inTransaction(m_db, [&]() -> StoreResult<int> {
        QSqlQuery up(m_db);
        up.prepare(QStringLiteral(
            "UPDATE townhall_tournament_matches SET status = 'DONE', match_id = ?, result = ?, log "
            "= ?,"
            " finished_at_ms = ?, lease_until = NULL, schedule = COALESCE(NULLIF(?, ''), schedule)"
            " WHERE tournament_id = ? AND idx = ? AND holder = ? AND status = 'PLAYING'"));
        int recorded = 0;
        for (const TournamentMatchRow &row : rows) {
            up.addBindValue(q(row.matchId));
            up.addBindValue(q(row.resultJson));
            up.addBindValue(row.log.isEmpty() ? QVariant(QMetaType(QMetaType::QByteArray))
                                              : QVariant(row.log));
            up.addBindValue(qint64(row.finishedAt));
            up.addBindValue(q(row.scheduleJson)); // a live match: the seats as taken
            up.addBindValue(q(row.tournamentId));
            up.addBindValue(row.index);
            up.addBindValue(q(holder));
            if (auto r = exec(up, StoreTr::tr("record a finished match")); !r)
                return r.error();
            recorded += up.numRowsAffected() == 1 ? 1 : 0;
        }
        return recorded;
    });
}

StoreResult<void> SharedTournaments::releaseMatches(const std::string &id,
                                                    const std::vector<int> &indexes,
                                                    const std::string &holder)
{
    if (indexes.empty())
        return {};
    return inTransaction(m_db, [&]() -> StoreResult<void> {
        QSqlQuery up(m_db);
        up.prepare(QStringLiteral(
            "UPDATE townhall_tournament_matches SET status = 'SCHEDULED', holder = '',"
            " match_id = '', lease_until = NULL"
            " WHERE tournament_id = ? AND idx = ? AND holder = ? AND status = 'PLAYING'"));
        for (int index : indexes) {
            up.addBindValue(q(id));
            up.addBindValue(index);
            up.addBindValue(q(holder));
            if (auto r = exec(up, StoreTr::tr("give back a claim")); !r)
                return r;
        }
        return {};
    });
}

StoreResult<bool> SharedTournaments::finishTournament(const std::string &id,
                                                      const std::string &reportJson)
{
    QSqlQuery up(m_db);
    up.prepare(QStringLiteral(
        "UPDATE townhall_tournaments t SET status = 'FINISHED', report = ? WHERE id = ? AND status "
        "= 'RUNNING'"
        " AND NOT EXISTS (SELECT 1 FROM townhall_tournament_matches m WHERE m.tournament_id = t.id"
        " AND m.status <> 'DONE')"));
    up.addBindValue(q(reportJson));
    up.addBindValue(q(id));
    if (auto r = exec(up, StoreTr::tr("finish a tournament")); !r)
        return r.error();
    return up.numRowsAffected() == 1;
}

StoreResult<std::vector<engine::Event>>
SharedTournaments::matchEvents(const std::string &matchId) const
{
    return StoreError{StoreError::Code::NotFound,
                      StoreTr::tr("match %1 has no log in the shared database").arg(q(matchId))};
}

StoreResult<std::string> SharedTournaments::storedReport(const std::string &id) const
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT report FROM townhall_tournaments WHERE id = ?"));
    query.addBindValue(q(id));
    if (auto r = exec(query, StoreTr::tr("read a tournament")); !r)
        return r.error();
    if (!query.next())
        return StoreError{StoreError::Code::NotFound, StoreTr::tr("no tournament %1").arg(q(id))};
    return s(query.value(0));
}

} // namespace townhall::host
