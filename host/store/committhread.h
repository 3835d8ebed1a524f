// SPDX-License-Identifier: MIT
#pragma once

/// \file committhread.h
/// Commits batches on a thread of its own, one at a time, so that the
/// thread that runs the engine and answers the agents goes on while SQLite
/// writes the WAL and checkpoints.
///
/// The owner (the host) hands a batch over with submit(), keeps taking new
/// commands meanwhile (they form the next batch), and answers the callers of
/// a batch only after take() reports it committed: commit before visible
/// still holds, and a busy host commits larger batches (fewer WAL pages and
/// checkpoints per event). While a commit runs, the owner must not use the
/// store; waitDone() blocks until it may again.

#include "host/store/batch.h"
#include "host/store/storeresult.h"

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace townhall::host {

class Store;

class CommitThread final
{
public:
    /// Runs on the commit thread after each commit. It must only pass the
    /// news on (post an event to the owner's thread); the owner then calls
    /// take().
    using Notify = std::function<void()>;

    /// Starts the thread and lets it commit to `store` (Store::setCommitThread).
    CommitThread(Store &store, Notify notify);
    /// Waits for the commit under way, then stops the thread. A finished
    /// batch nobody took is dropped (it is committed).
    ~CommitThread();
    CommitThread(const CommitThread &) = delete;
    CommitThread &operator=(const CommitThread &) = delete;

    /// Commits `batch` on the thread. Only when !busy().
    void submit(Batch batch);
    /// A batch was submitted and its result not taken yet.
    bool busy() const { return m_submitted; }
    /// Blocks until no commit runs. The store is the owner's until the next submit().
    void waitDone();

    struct Done
    {
        /// The batch without its events and rows: they are freed on the
        /// commit thread, which read them last (the owner has them in its
        /// engine log; `spans` says which).
        Batch batch;
        std::vector<EventSpan> spans;
        StoreResult<void> result;
    };
    /// The submitted batch and how its commit ended, once it has; nullopt
    /// while it runs or when it was already taken.
    std::optional<Done> take();

    /// Runs on the commit thread before each commit (tests hold a commit
    /// back with it to see what waits for it).
    void setBeforeCommit(std::function<void()> hook);

private:
    void run();

    Store &m_store;
    Notify m_notify;
    std::function<void()> m_beforeCommit;
    bool m_submitted = false; // the owner's view: only the owner's thread reads or writes it

    std::mutex m_mutex;
    std::condition_variable m_wake; // the thread: work or stop
    std::condition_variable m_idle; // the owner: the commit finished
    std::optional<Batch> m_job;
    std::optional<Done> m_done;
    bool m_running = false;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace townhall::host
