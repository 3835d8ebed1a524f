// SPDX-License-Identifier: MIT
#pragma once

/// \file calllog.h
/// Where the recorder persists the calls that name a match: a
/// SQLite file of its own next to the host's database, written by a thread
/// of its own, so recording never takes the main database's write lock and
/// never makes the server thread wait for a disk.
///
/// The file: `<database>` with `.calls` before its last extension
/// (`townhall.sqlite` → `townhall.calls.sqlite`, `x.db` → `x.calls.db`,
/// `x` → `x.calls`). One row per match and write (at most about
/// Options::chunkBytes each) whose `lines` blob is the JSON Lines that
/// `townhall calls` prints, one line per call. A line's `request` and
/// `response` are the very bytes that crossed the wire, spliced in as they
/// are, so the per-call work is a few small fields and a memcpy. A
/// tools/call response that repeats its structuredContent as the text of its
/// first content block (every get_state) is stored without that text, behind
/// a short prefix, and read() rebuilds it byte for byte. A line that
/// differs little from the previous one of the same session, method and
/// tool in its chunk (a get_state polled while the match stands still
/// differs in its times, latency and ids) is stored as the difference: ops
/// that copy from that line as printed, and the bytes that differ. The
/// file's bytes are most of what a call costs (the kernel's copy into the
/// page cache), and a chunk row is still read on its own.
///
/// The server thread only queues each finished record (add(): a shared
/// pointer to the immutable record, whose byte arrays are implicitly shared)
/// and passes them on in batches, so that the writer thread builds
/// their lines (the fields, the comparison with the previous line, the
/// appends into the open chunk of the match) soon after, while their bytes
/// are likely still in a shared cache. The server thread marks a hand-over
/// (handOver(), when the recorder finds enough records or old enough ones
/// waiting: Recorder::Options): the writer closes the open chunks there and
/// inserts them, one transaction per hand-over, so the chunks are what they
/// were when the server thread built them, and the server never waits for
/// SQLite or the disk. Destroying the log writes everything handed over
/// first.
///
/// Databases of versions before this file kept the calls in their own
/// `tool_calls` table; the store still reads those rows
/// (Store::toolCalls(), `townhall calls` prints them before this file's
/// lines) but nothing writes them any more.

#include "host/recorder/recorder.h"
#include "host/store/storeresult.h"

#include <QCoreApplication>
#include <QString>

class QSqlDatabase;
class QSqlQuery;

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace townhall::host {

class CallLog final
{
    Q_DECLARE_TR_FUNCTIONS(CallLog)

public:
    /// PRAGMA application_id of a calls file ("TwCl"; the host's database
    /// has its own).
    static constexpr std::int32_t ApplicationId = 0x5477436C;
    /// PRAGMA user_version of the layout below. 2: a line may be stored
    /// with its response's duplicated text elided (read() restores it).
    /// 3: a line may be stored as the difference to an earlier line of its
    /// chunk. Files of older layouts are read as they are and marked
    /// with this one when opened for writing.
    static constexpr int SchemaVersion = 3;

    struct Options
    {
        /// A chunk row is closed once its lines reach this many bytes.
        std::size_t chunkBytes = 1024 * 1024;
        /// Bytes of records queued for the writer but not yet written; beyond
        /// this records are dropped (and reported at the next hand-over)
        /// rather than let a stalled disk grow the host's memory without
        /// bound.
        std::size_t maxQueuedBytes = 256 * 1024 * 1024;
        /// Records passed to the writer thread at a time (fewer at a
        /// hand-over). Each pass wakes the writer, a context switch when it
        /// shares the server's core, so a pass takes many records; the
        /// writer's work per line does not depend on how many.
        std::size_t batchRecords = 256;
        /// Called when a write fails (on the writer thread) or records were
        /// dropped because the writer is behind (on the thread that hands
        /// them over); the message is translated and complete.
        std::function<void(const QString &)> onFailure;
    };

    /// The calls file that belongs to the database at `databasePath`; empty
    /// for an empty path or ":memory:".
    static QString pathFor(const QString &databasePath);

    /// Opens (creating it, and its directory, when missing) the calls file
    /// at `path` and starts its writer thread. Never writes to a file it
    /// refuses: not SQLite (Corrupt), another program's database or an
    /// unknown layout (Foreign), a newer layout (TooNew), a file or directory
    /// it cannot write (ReadOnly, Io).
    static StoreResult<std::unique_ptr<CallLog>> open(const QString &path, Options options);
    static StoreResult<std::unique_ptr<CallLog>> open(const QString &path)
    {
        return open(path, Options());
    }

    /// Writes everything handed over, then stops the writer thread.
    ~CallLog();
    CallLog(const CallLog &) = delete;
    CallLog &operator=(const CallLog &) = delete;

    QString path() const { return m_path; }

    /// Queues `record` for the open chunk of its match (nothing if it names
    /// none); the writer thread builds its line. The record must not change
    /// any more. Not thread-safe (one caller thread, with handOver()).
    void add(CallRecordPtr record);
    /// Ends the writer's open chunks after the records added so far and has
    /// them written: a lock, a move, a notify.
    void handOver();
    /// add() for each record, then handOver().
    void append(const CallRecordBatch &records);
    /// Records added since the last handOver(), and when the first of them
    /// was (meaningless while there are none).
    std::uint64_t waitingCount() const { return m_sinceHandOver; }
    std::chrono::steady_clock::time_point waitingSince() const { return m_waitingSince; }
    /// Blocks until everything handed over so far is written (or failed).
    void drain();
    /// Calls written to the file so far, and calls dropped (failed writes,
    /// records beyond Options::maxQueuedBytes).
    std::uint64_t writtenCount() const { return m_written.load(); }
    std::uint64_t droppedCount() const { return m_dropped.load(); }

    /// The calls of `matchId` in the file at `path`, as JSON Lines in the
    /// order they were recorded; empty if there is no such file.
    static StoreResult<std::string> read(const QString &path, const std::string &matchId);

    /// Appends `record` as one JSON Lines line (with its '\n') to `out`: the
    /// fields of Recorder::rowToJson() in the same order, with the request's
    /// and the response's bytes as recorded.
    static void appendLine(QByteArray &out, const CallRecord &record);

private:
    CallLog(QString path, Options options);
    /// Logs a failure and passes it to Options::onFailure.
    void report(const QString &message) const;
    /// The writer thread: opens the file, reports through `opened`, then
    /// writes hand-overs until stopped.
    void run(std::promise<std::optional<StoreError>> opened);
    /// A line earlier in a chunk that later ones are stored against.
    struct Base
    {
        qint64 lineAt = 0; ///< where it begins in what read() prints of the chunk
        QByteArray around; ///< the line without its response (with its '\n')
        qsizetype at = 0;  ///< where the response goes in `around`
        QByteArray response;
    };
    /// One row of call_chunks: calls of one match, as JSON Lines.
    struct Chunk
    {
        std::string matchId;
        qint64 firstAtUs = 0;
        qint64 lastAtUs = 0;
        qint64 calls = 0;
        QByteArray lines;
        /// Bytes read() prints for `lines` so far.
        qint64 printed = 0;
        /// The last line of each session, method and tool (while open).
        std::unordered_map<std::string, Base> bases;
    };
    /// Records on their way to the writer thread; `handOver` ends the open
    /// chunks after them.
    struct Work
    {
        std::vector<CallRecordPtr> records;
        std::size_t bytes = 0;
        bool handOver = false;
    };
    /// Passes the records queued on the server thread (and a hand-over) to
    /// the writer, or drops them when it is too far behind.
    void submit(bool handOver);
    /// On the writer thread: appends `record`'s line to the open chunk of
    /// its match.
    void format(const CallRecord &record);
    /// On the writer thread: the open and full chunks, which a hand-over
    /// ends.
    std::vector<Chunk> closeChunks();
    /// Appends `r` to `chunk`: as appendLine() does, or in a shorter form
    /// read() expands (a prefix of '#' or '&', see calllog.cpp).
    void storeLine(Chunk &chunk, const CallRecord &r);
    /// Writes hand-overs in one transaction; the number of calls in them.
    StoreResult<std::uint64_t>
    write(QSqlDatabase &db, QSqlQuery &insert, const std::vector<std::vector<Chunk>> &work);

    QString m_path;
    Options m_options;
    std::mutex m_mutex;
    std::condition_variable m_wake;     ///< work queued, or stop
    std::condition_variable m_progress; ///< a hand-over was written
    // The server thread's side (add, handOver).
    Work m_adding;                     ///< records not yet passed to the writer
    std::uint64_t m_sinceHandOver = 0; ///< records added since the last hand-over
    std::chrono::steady_clock::time_point m_waitingSince; ///< the first of them
    std::uint64_t m_droppedSince = 0; ///< records dropped since the last hand-over
    // The writer thread's side: chunks being filled, by match, and chunks
    // that reached Options::chunkBytes.
    std::unordered_map<std::string, Chunk> m_open;
    std::vector<Chunk> m_full;
    std::string m_key; ///< storeLine()'s lookup key, reused
    QByteArray m_line; ///< storeLine()'s line without its response, reused
    /// Written chunks' buffers, empty, to be filled again.
    std::vector<QByteArray> m_spare;
    static constexpr std::size_t MaxSpare = 8;
    // Shared by both, under m_mutex.
    std::vector<Work> m_queue;
    std::size_t m_queuedBytes = 0;
    std::uint64_t m_handedOver = 0; ///< hand-overs queued so far
    std::uint64_t m_done = 0;       ///< hand-overs written (or failed) so far
    bool m_stop = false;
    std::atomic<std::uint64_t> m_written{0};
    std::atomic<std::uint64_t> m_dropped{0};
    std::thread m_thread;
};

} // namespace townhall::host
