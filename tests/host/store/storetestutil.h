// SPDX-License-Identifier: MIT
#pragma once

// Helpers shared by the store tests: a raw SQLite connection (to build old or
// foreign files and to look behind the store's back), file bytes, and making
// a directory read-only even when the tests run as root.

#include "host/store/store.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <optional>
#include <vector>

namespace townhall::storetest {

/// Fails the current test with the store's message unless the result of
/// `expr` is ok. Evaluates `expr` exactly once.
#define STORE_VERIFY(expr)                                                                         \
    do {                                                                                           \
        const auto &storeVerifyResult_ = (expr);                                                   \
        QVERIFY2(storeVerifyResult_.ok(),                                                          \
                 storeVerifyResult_.ok() ? "" : qPrintable(storeVerifyResult_.error().message));   \
    } while (false)

/// A plain QSQLITE connection, removed on destruction.
class RawDb
{
public:
    explicit RawDb(const QString &path);
    ~RawDb();
    RawDb(const RawDb &) = delete;
    RawDb &operator=(const RawDb &) = delete;

    QSqlDatabase db() const;
    bool exec(const QString &sql);       ///< qWarning()s the error
    bool execScript(const char *script); ///< statements separated by ";\n"
    QVariant scalar(const QString &sql);
    /// "type name sql" of every schema object, sorted: compares schemas.
    QStringList schema();

private:
    QString m_name;
};

/// Turns a file of this build's schema back into version 6 (no model seat
/// tables): for migration tests.
/// Takes a current database back to schema version 7 (before tournaments).
bool toVersion7(RawDb &raw);
bool toVersion6(RawDb &raw);

/// Turns a file of this build's schema back into version 5 (events with a
/// unique index on (match_id, seq), no event_seqs): for migration tests.
bool toVersion5(RawDb &raw);

/// Puts `row` into the `tool_calls` table of `raw` by plain SQL, as the
/// versions before the calls file wrote it (the store itself only reads
/// that table now). `stored` is the `response` column's value: empty for
/// row.responseJson as sent; text, or with toolcallform::Compressed in
/// `form` a blob. `form` is `response_form`; nullopt writes a version 3
/// row, which has no such column.
bool insertLegacyToolCall(RawDb &raw,
                          const host::ToolCallRow &row,
                          std::optional<int> form = 0,
                          const QByteArray &stored = QByteArray());

QByteArray fileBytes(const QString &path);
bool writeBytes(const QString &path, const QByteArray &bytes);
/// The database file and its -wal and -shm companions, concatenated.
QByteArray allBytes(const QString &dbPath);

/// Makes `path` (a directory or a file) unwritable for this process: mode
/// bits normally; the immutable attribute when running as root (root
/// ignores mode bits). Returns false if neither works here. Undone by
/// makeWritable.
bool makeReadOnly(const QString &path);
void makeWritable(const QString &path);

bool sameEvents(const std::vector<engine::Event> &a, const std::vector<engine::Event> &b);

/// Commits `events` of `match` with its refreshed rows, like the host after one command.
host::StoreResult<void>
commitStep(host::Store &store, const engine::Match &match, std::vector<engine::Event> events);

} // namespace townhall::storetest
