// SPDX-License-Identifier: MIT
#pragma once

// Private to the store: turning Qt Sql failures into StoreErrors.

#include "app/store/storeresult.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace townhall::app {

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

} // namespace townhall::app
