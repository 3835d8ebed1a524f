// SPDX-License-Identifier: MIT
#pragma once

// Private to the store: turning Qt Sql failures into StoreErrors, and the
// few hot statements that bypass Qt Sql (SQLite's C API on Qt's connection).

#include "host/store/storeresult.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

struct sqlite3;
struct sqlite3_stmt;

namespace townhall::host {

/// SQLite's primary result code from a QSqlError (the QSQLITE driver puts
/// the native code, possibly extended, in nativeErrorCode()); 0 if none.
int sqliteCode(const QSqlError &error);

/// Maps a failed statement to a StoreError: the code from SQLite's result
/// code (SQLITE_FULL → DiskFull, SQLITE_READONLY → ReadOnly…), the message
/// "<what>: <SQLite's text>".
StoreError toStoreError(const QSqlError &error, const QString &what);

/// Executes one statement without results; the error names `sql`.
StoreResult<void> execSql(QSqlDatabase &db, const QString &sql);
/// Executes each statement of `script` (split on ';' at line ends, no
/// semicolons inside literals) in order.
StoreResult<void> execScript(QSqlDatabase &db, const char *script);

/// Runs a prepared query; the error names `what`.
StoreResult<void> run(QSqlQuery &query, const char *what);

/// The `sqlite3 *` under an open QSQLITE connection. Only valid here when
/// Qt's plugin uses the SQLite library this build links (Debian's plugin
/// links the system libsqlite3.so.0, like the store); a plugin that reports
/// another SQLite version is refused rather than handed a foreign handle.
StoreResult<sqlite3 *> sqliteHandle(QSqlDatabase &db);

/// A prepared statement of SQLite's C API, for the statements the host runs
/// per event or per commit: no QVariant per value, no parameter names, text
/// bound as the bytes the caller has. Move-only; finalize() (or destroy) it
/// before the connection closes.
class SqlStatement final
{
public:
    SqlStatement() = default;
    SqlStatement(SqlStatement &&other) noexcept;
    SqlStatement &operator=(SqlStatement &&other) noexcept;
    SqlStatement(const SqlStatement &) = delete;
    SqlStatement &operator=(const SqlStatement &) = delete;
    ~SqlStatement() { finalize(); }

    StoreResult<void> prepare(sqlite3 *db, std::string_view sql);
    void finalize();
    bool isPrepared() const { return m_stmt != nullptr; }

    /// Parameters count from 1. Text is bound without a copy: the bytes must
    /// stay alive and unchanged until exec() returned.
    void bindText(int index, std::string_view text);
    void bindInt(int index, std::int64_t value);
    void bindDouble(int index, double value);
    void bindNull(int index);
    /// The value, or NULL when empty.
    template<typename T>
    void bindOptional(int index, const std::optional<T> &value)
    {
        if (!value)
            bindNull(index);
        else if constexpr (std::is_integral_v<T>)
            bindInt(index, std::int64_t(*value));
        else
            bindText(index, *value);
    }

    /// Runs the statement to its end (no result rows), then resets it and
    /// clears its parameters. The error names `what`.
    StoreResult<void> exec(const char *what);
    /// Runs the statement for its first row's first column, an integer:
    /// nullopt when there is no row or the value is NULL. Then resets it.
    StoreResult<std::optional<std::int64_t>> firstInt(const char *what);

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
};

} // namespace townhall::host
