// SPDX-License-Identifier: MIT
#pragma once

/// \file commitpipeline.h
/// Commit before visible. The engine decides and appends events; they are
/// staged here and committed by the store before anyone sees them.
///
/// Commits run on the store's CommitThread, one batch at a time. While one
/// runs, the host goes on taking commands; their events form the next batch,
/// handed over as soon as the running commit ends. Each batch has a number
/// (its generation): a caller waits until the batch holding its events (and
/// every earlier one) is committed. A failed commit fails its batch and the
/// one gathered behind it; the owner rolls their matches back to the store.

#include "engine/match.h"
#include "host/store/batch.h"
#include "host/store/committhread.h"
#include "host/store/storeresult.h"

#include <QObject>
#include <QTimer>

#include <coroutine>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace townhall::host {

class Store;

class CommitPipeline
{
public:
    struct Options
    {
        bool durable = false;
        /// A batch of at most this many events is committed on the owner's
        /// thread when the commit thread is idle (see HostOptions).
        std::size_t commitHereUpTo = 8;
        std::function<void()> beforeCommit;
    };
    /// What the owner does as batches end.
    struct Hooks
    {
        /// The match a batch writes to (its rows are refreshed from it).
        std::function<const engine::Match *(const std::string &matchId)> match;
        /// A batch was committed (first, before anything else happens).
        std::function<void()> stored;
        /// ... its events are durable now: show them. `lobby`: queue records were in it.
        std::function<void(const std::vector<EventSpan> &spans, bool lobby)> publish;
        /// A batch failed: these matches (and with `lobby` the queues) must
        /// go back to what is stored; `dropped` are idempotency records that
        /// were not stored.
        std::function<void(const std::vector<std::string> &matchIds,
                           bool lobby,
                           const QString &message,
                           const std::vector<IdempotencyRecord> &dropped)>
            failed;
        /// After every batch's end, whichever way it went.
        std::function<void()> settled;
    };

    /// `co_await committed(g)`: resumes once batch `g` is committed (true)
    /// or refused (false).
    class Awaiter;

    CommitPipeline(Options options, Hooks hooks, QObject *context);
    ~CommitPipeline();
    CommitPipeline(const CommitPipeline &) = delete;
    CommitPipeline &operator=(const CommitPipeline &) = delete;

    /// From now on batches go to `store` (without one they are published at once).
    void attach(Store *store);
    /// Commits what is staged and waits for every commit (recovery, shutdown).
    void flushNow();
    /// The store once no commit runs on it (waits for one under way).
    Store *store();
    /// Stores what is still staged, unless it follows a refused batch (shutdown).
    void finish();

    /// Adds the tail of a match's log (from `fromSeq`, exclusive) to the pending batch.
    void stage(const engine::Match &m, std::uint64_t fromSeq);
    void stageLobby(const std::vector<engine::LobbyRecord> &records);
    void stageIdempotency(IdempotencyRecord record);
    /// What a model seat's pilot logged: its row (counts) and its new notes.
    void stageModelSeat(ModelSeatRow seat, std::vector<ModelNoteRow> notes);
    /// How to play a model seat that waits in the queue, or (`unqueue`) that
    /// it waits no more.
    void stageQueuedModelSeat(QueuedModelSeatRow row);
    void stageUnqueuedModelSeat(std::string agentId);
    /// Hands the pending batch to the store soon (from the event loop).
    void scheduleFlush();
    /// Hands the pending batch to the store now.
    void flushPending() { flush(); }
    bool pendingEmpty() const { return m_pending.empty(); }

    /// The generation a caller must wait for to see everything staged so far.
    std::uint64_t stagedGeneration() const
    {
        return m_pending.empty() ? m_issuedGen : m_issuedGen + 1;
    }
    /// Everything staged so far has been committed (or refused).
    bool caughtUp() const { return m_doneGen >= stagedGeneration(); }
    /// The last batch committed successfully (a failed one does not count).
    std::uint64_t committedGeneration() const { return m_okGen; }
    Awaiter committed(std::uint64_t generation);

    /// Every event of the match is committed.
    bool settled(const engine::Match &m) const;
    /// The events of `m` committed so far (the staged tail is not visible yet).
    std::uint64_t durableSeq(const engine::Match &m) const;
    /// A match was loaded from the store up to `seq` (recovery, rollback).
    void loaded(const std::string &matchId, std::uint64_t seq);
    /// A match that was never stored is gone.
    void forget(const std::string &matchId);

    /// Batches committed on the owner's thread.
    std::uint64_t commitsHere() const { return m_commitsHere; }

private:
    /// Where a match's stored rows were last refreshed.
    struct RowMark
    {
        engine::Phase phase{};
        int day = 0;
        bool paused = false;
        std::uint64_t seq = 0;
    };
    /// Hands the pending batch to the store (unless a commit runs: its end
    /// hands it over). With `mayCommitHere` (the flush timer only: nothing of
    /// the owner is on the stack) a small batch may be committed at once.
    void flush(bool mayCommitHere = false);
    void onCommitted();
    void finishBatch(std::uint64_t generation,
                     Batch batch,
                     const std::vector<EventSpan> &spans,
                     const StoreResult<void> &result);
    void resumeWaiters(bool ok);
    std::optional<RowMark> rowsDue(const engine::Match &m, const MatchWrite &w) const;

    Options m_options;
    Hooks m_hooks;
    QObject *m_context;
    Store *m_store = nullptr;
    std::unique_ptr<CommitThread> m_committer; // with a store
    Batch m_pending;
    std::uint64_t m_issuedGen = 0; // batches handed to the store (or published without one)
    std::uint64_t m_doneGen = 0;   // batches whose commit ended
    std::uint64_t m_okGen = 0;     // the last batch committed successfully
    std::vector<std::pair<std::string, RowMark>> m_inFlightMarks; // rows the running commit writes
    std::vector<Awaiter *> m_waiters; // suspended callers, in the order they came
    std::uint64_t m_commitsHere = 0;
    std::map<std::string, std::uint64_t> m_durableUpTo; // matchId → last committed seq
    std::map<std::string, RowMark> m_rowMarks;          // matchId → rows last written
    QTimer m_flushTimer;
};

// Resumed directly when its batch ends, not through a queued signal: one
// event per commit instead of one per waiting caller, and no queued call can
// reach an awaiter that is gone (QCoro's signal awaiter is queued, and two
// commits may end in one pass of the event loop).
class CommitPipeline::Awaiter
{
public:
    Awaiter(CommitPipeline *pipeline, std::uint64_t generation)
        : m_pipeline(pipeline)
        , m_generation(generation)
    {}
    // GCC moves the awaiter into the coroutine frame; only before it waits.
    Awaiter(Awaiter &&other) noexcept
        : m_pipeline(other.m_pipeline)
        , m_generation(other.m_generation)
    {}
    Awaiter &operator=(Awaiter &&) = delete;
    ~Awaiter();

    bool await_ready() const noexcept { return m_pipeline->m_doneGen >= m_generation; }
    void await_suspend(std::coroutine_handle<> handle);
    bool await_resume() const noexcept { return m_ok; }

private:
    friend class CommitPipeline;
    CommitPipeline *m_pipeline;
    std::uint64_t m_generation;
    std::coroutine_handle<> m_handle;
    bool m_waiting = false;
    bool m_ok = true;
};

} // namespace townhall::host
