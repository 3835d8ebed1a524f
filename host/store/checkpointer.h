// SPDX-License-Identifier: MIT
#pragma once

/// \file checkpointer.h
/// WAL checkpoints on a thread and a connection of their own.
///
/// By default SQLite checkpoints inside the COMMIT that makes the WAL reach
/// 1,000 frames: that commit copies the pages back into the database and
/// fsyncs both files while the writer, and every caller waiting for that
/// commit, stands still (several milliseconds on a laptop disk, the p99 of a
/// busy host). The Checkpointer turns the writer's auto-checkpoint off and
/// runs a PASSIVE checkpoint from its own connection whenever the WAL has
/// grown past the same threshold, so commits only append to the WAL.
/// Durability is unchanged: a commit is in the WAL when it returns (and
/// fsynced there with synchronous=FULL); the checkpoint syncs as before.
///
/// A checkpoint that overlaps the next commit copies only up to the frame
/// that commit's snapshot still needs, and then does not resize the file,
/// so the database file alone may be a partial copy; with its WAL it is
/// always whole. Only a checkpoint that runs with no commit under way
/// copies everything (the last connection's close does one).

#include "host/store/storeresult.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace townhall::host {

class Checkpointer final
{
public:
    /// Takes over the checkpoints of `writer`, an open WAL connection to
    /// the database file `path`.
    static StoreResult<std::unique_ptr<Checkpointer>>
    start(sqlite3 *writer, const std::string &path, int frames, int busyTimeoutMs);
    /// Stops the thread, closes its connection and gives the writer its
    /// auto-checkpoint back.
    ~Checkpointer();
    Checkpointer(const Checkpointer &) = delete;
    Checkpointer &operator=(const Checkpointer &) = delete;

    /// Checkpoints so far that ended with WAL frames in the database file
    /// (SQLite reports the frames copied since the WAL started over, so one
    /// that found nothing new still counts; one that found it busy does not).
    std::uint64_t checkpoints() const { return m_done.load(std::memory_order_relaxed); }
    /// Whether a checkpoint is due or running. Only commits make one due:
    /// once this is false and the writer is idle, the file stays as it is.
    bool pending() const;

private:
    Checkpointer(sqlite3 *writer, sqlite3 *own, int frames);
    /// sqlite3_wal_hook: runs in the committing thread after each commit.
    static int afterCommit(void *self, sqlite3 *db, const char *name, int frames);
    void run();

    sqlite3 *m_writer;
    sqlite3 *m_own;
    const int m_frames;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_due = false;
    bool m_stop = false;
    std::atomic<std::uint64_t> m_done{0};
    std::thread m_thread;
};

} // namespace townhall::host
