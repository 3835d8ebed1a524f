// SPDX-License-Identifier: MIT
#include "host/store/sqlutil.h"

#include "host/store/storetr.h"

#include <sqlite3.h>

#include <QSqlDriver>
#include <QVariant>

#include <utility>

namespace townhall::host {

namespace {

/// The StoreError for SQLite's primary result code and its text.
StoreError sqliteFailure(int primary, QString text, const QString &what)
{
    using Code = StoreError::Code;
    Code code = Code::Sql;
    switch (primary) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        code = Code::Busy;
        break;
    case SQLITE_READONLY:
        code = Code::ReadOnly;
        break;
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
        code = Code::Io;
        break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        code = Code::Corrupt;
        break;
    case SQLITE_FULL:
        code = Code::DiskFull;
        break;
    case SQLITE_CONSTRAINT:
        code = Code::Conflict;
        break;
    default:
        break;
    }
    if (code == Code::DiskFull)
        text = StoreTr::tr("the disk or the database size limit is full (%1)").arg(text);
    return StoreError{code, what.isEmpty() ? text : what + QStringLiteral(": ") + text};
}

} // namespace

int sqliteCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    // Extended codes carry the primary code in their low byte.
    return ok ? (code & 0xff) : 0;
}

StoreError toStoreError(const QSqlError &error, const QString &what)
{
    QString text = error.databaseText();
    if (text.isEmpty())
        text = error.driverText();
    return sqliteFailure(sqliteCode(error), std::move(text), what);
}

StoreResult<void> execSql(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql))
        return toStoreError(q.lastError(), sql.simplified().left(80));
    return {};
}

StoreResult<void> execScript(QSqlDatabase &db, const char *script)
{
    const QStringList statements = QString::fromUtf8(script).split(QStringLiteral(";\n"));
    for (const QString &s : statements) {
        const QString sql = s.trimmed();
        if (sql.isEmpty())
            continue;
        if (StoreResult<void> r = execSql(db, sql); !r)
            return r;
    }
    return {};
}

StoreResult<void> run(QSqlQuery &query, const char *what)
{
    if (!query.exec())
        return toStoreError(query.lastError(), QString::fromUtf8(what));
    return {};
}

StoreResult<sqlite3 *> sqliteHandle(QSqlDatabase &db)
{
    const QVariant h = db.isOpen() ? db.driver()->handle() : QVariant();
    QSqlQuery q(db);
    const QString linked = QString::fromLatin1(sqlite3_libversion());
    const QString driver = q.exec(QStringLiteral("SELECT sqlite_version()")) && q.next()
                               ? q.value(0).toString()
                               : QString();
    if (db.driverName() != QLatin1String("QSQLITE") || qstrcmp(h.typeName(), "sqlite3*") != 0
        || driver != linked)
        return StoreError{StoreError::Code::Sql,
                          StoreTr::tr("Qt's SQLite driver uses SQLite %1, but Town Hall links "
                                      "SQLite %2; both must be the system's libsqlite3")
                              .arg(driver, linked)};
    return *static_cast<sqlite3 *const *>(h.constData());
}

SqlStatement::SqlStatement(SqlStatement &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_stmt(std::exchange(other.m_stmt, nullptr))
{}

SqlStatement &SqlStatement::operator=(SqlStatement &&other) noexcept
{
    if (this != &other) {
        finalize();
        m_db = std::exchange(other.m_db, nullptr);
        m_stmt = std::exchange(other.m_stmt, nullptr);
    }
    return *this;
}

StoreResult<void> SqlStatement::prepare(sqlite3 *db, std::string_view sql)
{
    finalize();
    Q_ASSERT(db);
    m_db = db;
    const int rc = sqlite3_prepare_v3(
        db, sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc != SQLITE_OK) {
        m_stmt = nullptr;
        return sqliteFailure(rc & 0xff,
                             QString::fromUtf8(sqlite3_errmsg(db)),
                             QString::fromUtf8(sql.data(), qsizetype(sql.size())).left(60));
    }
    return {};
}

void SqlStatement::finalize()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
}

void SqlStatement::bindText(int index, std::string_view text)
{
    // SQLITE_STATIC: SQLite reads the caller's bytes when the statement runs.
    sqlite3_bind_text(m_stmt, index, text.data(), int(text.size()), SQLITE_STATIC);
}

void SqlStatement::bindInt(int index, std::int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, sqlite3_int64(value));
}

void SqlStatement::bindDouble(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
}

void SqlStatement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
}

StoreResult<void> SqlStatement::exec(const char *what)
{
    int rc = sqlite3_step(m_stmt);
    while (rc == SQLITE_ROW)
        rc = sqlite3_step(m_stmt);
    // The message before reset, which may replace it.
    StoreResult<void> result;
    if (rc != SQLITE_DONE)
        result = sqliteFailure(
            rc & 0xff, QString::fromUtf8(sqlite3_errmsg(m_db)), QString::fromUtf8(what));
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    return result;
}

StoreResult<std::optional<std::int64_t>> SqlStatement::firstInt(const char *what)
{
    const int rc = sqlite3_step(m_stmt);
    StoreResult<std::optional<std::int64_t>> result = std::optional<std::int64_t>();
    if (rc == SQLITE_ROW) {
        if (sqlite3_column_type(m_stmt, 0) != SQLITE_NULL)
            result = std::optional<std::int64_t>(sqlite3_column_int64(m_stmt, 0));
    } else if (rc != SQLITE_DONE) {
        result = sqliteFailure(
            rc & 0xff, QString::fromUtf8(sqlite3_errmsg(m_db)), QString::fromUtf8(what));
    }
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    return result;
}

} // namespace townhall::host
