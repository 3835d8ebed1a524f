// SPDX-License-Identifier: MIT
#include "app/store/sqlutil.h"

#include "app/store/storetr.h"

namespace townhall::app {

int sqliteCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    // Extended codes carry the primary code in their low byte.
    return ok ? (code & 0xff) : 0;
}

StoreError toStoreError(const QSqlError &error, const QString &what)
{
    using Code = StoreError::Code;
    Code code = Code::Sql;
    switch (sqliteCode(error)) {
    case 5:  // SQLITE_BUSY
    case 6:  // SQLITE_LOCKED
        code = Code::Busy;
        break;
    case 8:  // SQLITE_READONLY
        code = Code::ReadOnly;
        break;
    case 10: // SQLITE_IOERR
    case 14: // SQLITE_CANTOPEN
        code = Code::Io;
        break;
    case 11: // SQLITE_CORRUPT
    case 26: // SQLITE_NOTADB
        code = Code::Corrupt;
        break;
    case 13: // SQLITE_FULL
        code = Code::DiskFull;
        break;
    case 19: // SQLITE_CONSTRAINT
        code = Code::Conflict;
        break;
    default:
        break;
    }
    QString text = error.databaseText();
    if (text.isEmpty())
        text = error.driverText();
    if (code == Code::DiskFull)
        text = StoreTr::tr("the disk or the database size limit is full (%1)").arg(text);
    return StoreError{code, what.isEmpty() ? text : what + QStringLiteral(": ") + text};
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

} // namespace townhall::app
