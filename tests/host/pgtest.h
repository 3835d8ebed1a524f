// SPDX-License-Identifier: MIT
#pragma once

// What the tests that need PostgreSQL share: the server CTest started for
// them (tests/pg/with-postgres.sh), connections to it, and SQL of their own.

#include "host/sharedtournaments.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QTest>

#include <memory>

namespace townhall::test {

inline QString serverUrl()
{
    return qEnvironmentVariable("TOWNHALL_TEST_PG");
}

/// For initTestCase: the server CTest started, and its password where
/// libpq looks for it.
inline void requireTestServer()
{
    QVERIFY2(!serverUrl().isEmpty(),
             "TOWNHALL_TEST_PG is not set: run this test through tests/pg/with-postgres.sh");
    qputenv("PGPASSWORD", qgetenv("TOWNHALL_TEST_PG_PASSWORD"));
}

inline host::PostgresUrl urlOf(const QString &text)
{
    QString why;
    auto url = host::parsePostgresUrl(text, &why);
    if (!url)
        qFatal("url refused: %s", qPrintable(why));
    return *url;
}

inline std::unique_ptr<host::SharedTournaments> connectTo(const QString &text = serverUrl())
{
    auto shared = host::SharedTournaments::open(urlOf(text));
    if (!shared)
        qFatal("connect: %s", qPrintable(shared.error().message));
    return std::move(shared).value();
}

/// Runs `statements` on a connection of the test's own (what no host does:
/// dropping tables, moving a lease); the first error, or empty.
inline QString runSql(const QStringList &statements)
{
    const QString name = QStringLiteral("test-sql");
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        const host::PostgresUrl url = urlOf(serverUrl());
        db.setHostName(url.host);
        db.setPort(url.port);
        db.setDatabaseName(url.database);
        db.setUserName(url.user);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery query(db);
            for (const QString &sql : statements)
                if (error.isEmpty() && !query.exec(sql))
                    error = query.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

/// Everything in the test database goes, so each case starts empty.
inline void dropTables()
{
    const QString error
        = runSql({QStringLiteral("SET client_min_messages TO warning"),
                  QStringLiteral("DROP TABLE IF EXISTS townhall_tournament_matches, "
                                 "townhall_tournaments, townhall_meta")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

} // namespace townhall::test
