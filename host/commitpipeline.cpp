// SPDX-License-Identifier: MIT
#include "host/commitpipeline.h"

#include "host/store/matchsnapshot.h"
#include "host/store/store.h"

#include <QLoggingCategory>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcHost)

namespace townhall::host {

using engine::Event;
using engine::Match;

CommitPipeline::Awaiter::~Awaiter()
{
    // A caller's coroutine destroyed while it waits leaves no dangling entry.
    if (m_waiting)
        std::erase(m_pipeline->m_waiters, this);
}

void CommitPipeline::Awaiter::await_suspend(std::coroutine_handle<> handle)
{
    m_handle = handle;
    m_waiting = true;
    m_pipeline->m_waiters.push_back(this);
}

CommitPipeline::CommitPipeline(Options options, Hooks hooks, QObject *context)
    : m_options(std::move(options))
    , m_hooks(std::move(hooks))
    , m_context(context)
{
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(0);
    QObject::connect(&m_flushTimer, &QTimer::timeout, context, [this] { flush(true); });
}

CommitPipeline::~CommitPipeline()
{
    // Callers still waiting are never resumed; their awaiters must not reach
    // back into this pipeline if their coroutines are destroyed later.
    for (Awaiter *w : m_waiters)
        w->m_waiting = false;
}

void CommitPipeline::attach(Store *store)
{
    m_store = store;
    // The notification runs on the commit thread: it only posts the news to
    // the owner's thread. (finish() joins that thread before the owner goes.)
    m_committer = std::make_unique<CommitThread>(*store, [this] {
        QMetaObject::invokeMethod(
            m_context, [this] { onCommitted(); }, Qt::QueuedConnection);
    });
    if (m_options.beforeCommit)
        m_committer->setBeforeCommit(m_options.beforeCommit);
}

Store *CommitPipeline::store()
{
    if (m_committer)
        m_committer->waitDone();
    return m_store;
}

void CommitPipeline::finish()
{
    if (!m_committer)
        return;
    m_committer->waitDone();
    const auto last = m_committer->take();
    m_committer.reset();
    // Nothing acknowledged waits here (callers wait for their commit), but
    // timer and host-control events may: store them rather than drop them,
    // unless they follow a batch the store just refused.
    if ((!last || last->result) && !m_pending.empty())
        if (auto r = m_store->commit(m_pending); !r)
            qCWarning(lcHost) << "events staged at shutdown were not stored:" << r.error().message;
}

void CommitPipeline::stage(const Match &m, std::uint64_t fromSeq)
{
    const auto &log = m.log();
    if (log.size() <= fromSeq)
        return;
    // Serialized here, once; the rows (matches, players) are written at
    // flush time, when due.
    m_pending.addEvents(m.matchId(),
                        std::span<const Event>(log).subspan(static_cast<std::size_t>(fromSeq)));
    scheduleFlush();
}

void CommitPipeline::stageLobby(const std::vector<engine::LobbyRecord> &records)
{
    if (records.empty())
        return;
    m_pending.addLobbyRecords(records);
    scheduleFlush();
}

void CommitPipeline::stageIdempotency(IdempotencyRecord record)
{
    m_pending.addIdempotency(std::move(record));
}

void CommitPipeline::stageModelSeat(ModelSeatRow seat, std::vector<ModelNoteRow> notes)
{
    m_pending.addModelSeat(std::move(seat));
    m_pending.addModelNotes(std::move(notes));
    scheduleFlush();
}

void CommitPipeline::stageQueuedModelSeat(QueuedModelSeatRow row)
{
    m_pending.addQueuedModelSeat(std::move(row));
    scheduleFlush();
}

void CommitPipeline::stageUnqueuedModelSeat(std::string agentId)
{
    m_pending.removeQueuedModelSeat(std::move(agentId));
    scheduleFlush();
}

void CommitPipeline::scheduleFlush()
{
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void CommitPipeline::flush(bool mayCommitHere)
{
    m_flushTimer.stop();
    if (m_pending.empty() || (m_committer && m_committer->busy()))
        return; // nothing to do, or the running commit hands this batch over when it ends
    Batch batch = std::move(m_pending);
    m_pending.clear();
    const std::uint64_t generation = ++m_issuedGen;
    if (!m_store) {
        const std::vector<EventSpan> spans = batch.eventSpans();
        batch.dropEvents();
        finishBatch(generation, std::move(batch), spans, StoreResult<void>());
        return;
    }
    m_inFlightMarks.clear();
    for (MatchWrite &w : batch.matches)
        if (const Match *m = m_hooks.match(w.matchId))
            if (auto mark = rowsDue(*m, w)) {
                w.snapshot = snapshotOf(*m);
                m_inFlightMarks.emplace_back(w.matchId, *mark);
                m_rowMarks[w.matchId] = *mark; // the next batch need not write them again
            }
    // The commit thread is idle here (see above), so the store is this
    // thread's. A small batch costs less to commit than to hand over; a
    // --durable one would hold this thread for its fsync.
    const std::size_t upTo = m_options.commitHereUpTo;
    if (mayCommitHere && upTo > 0 && batch.eventCount() <= upTo && !m_options.durable
        && !m_options.beforeCommit) {
        const std::vector<EventSpan> spans = batch.eventSpans();
        const StoreResult<void> result = m_store->commit(batch);
        batch.dropEvents();
        ++m_commitsHere;
        finishBatch(generation, std::move(batch), spans, result);
        return;
    }
    m_committer->submit(std::move(batch));
}

void CommitPipeline::flushNow()
{
    flush();
    while (m_committer && m_committer->busy()) {
        m_committer->waitDone();
        onCommitted(); // may hand over the next batch
    }
}

void CommitPipeline::onCommitted()
{
    auto done = m_committer ? m_committer->take() : std::nullopt;
    if (!done)
        return; // flushNow() took it already
    finishBatch(m_issuedGen, std::move(done->batch), done->spans, done->result);
}

void CommitPipeline::finishBatch(std::uint64_t generation,
                                 Batch batch,
                                 const std::vector<EventSpan> &spans,
                                 const StoreResult<void> &result)
{
    if (!result) {
        // The engine ran ahead of the store: the batch and the one gathered
        // behind it (its events follow the refused ones) are given up.
        std::vector<std::string> ids;
        std::vector<IdempotencyRecord> dropped;
        bool lobby = false;
        for (const Batch *b : {&batch, &m_pending}) {
            for (const MatchWrite &w : b->matches)
                if (std::find(ids.begin(), ids.end(), w.matchId) == ids.end())
                    ids.push_back(w.matchId);
            dropped.insert(dropped.end(), b->idempotency.begin(), b->idempotency.end());
            lobby = lobby || !b->lobbyRecords.empty();
        }
        for (const auto &[id, mark] : m_inFlightMarks)
            m_rowMarks.erase(id);
        m_inFlightMarks.clear();
        if (!m_pending.empty()) {
            m_pending.clear();
            ++m_issuedGen; // its callers learn the failure with this batch's
        }
        m_flushTimer.stop();
        m_doneGen = m_issuedGen;
        m_hooks.failed(ids, lobby, result.error().message, dropped);
        resumeWaiters(false);
    } else {
        m_okGen = generation;
        m_hooks.stored();
        m_doneGen = generation;
        m_inFlightMarks.clear();
        for (const EventSpan &s : spans)
            m_durableUpTo[s.matchId] = s.last;
        // Hand over what came meanwhile first: the store writes it while
        // this thread answers the callers of this batch.
        flush();
        m_hooks.publish(spans, !batch.lobbyRecords.empty());
        resumeWaiters(true);
    }
    m_hooks.settled();
}

void CommitPipeline::resumeWaiters(bool ok)
{
    // One at a time: a resumed caller may stage, wait again, or end others.
    for (;;) {
        auto it = std::find_if(m_waiters.begin(), m_waiters.end(), [this](const Awaiter *w) {
            return w->m_generation <= m_doneGen;
        });
        if (it == m_waiters.end())
            return;
        Awaiter *w = *it;
        m_waiters.erase(it);
        w->m_waiting = false;
        w->m_ok = ok;
        w->m_handle.resume();
    }
}

CommitPipeline::Awaiter CommitPipeline::committed(std::uint64_t generation)
{
    return Awaiter(this, generation);
}

bool CommitPipeline::settled(const Match &m) const
{
    const auto it = m_durableUpTo.find(m.matchId());
    return m.state().lastSeq == (it == m_durableUpTo.end() ? 0 : it->second);
}

std::uint64_t CommitPipeline::durableSeq(const Match &m) const
{
    const auto it = m_durableUpTo.find(m.matchId());
    return std::min(m.state().lastSeq, it == m_durableUpTo.end() ? 0 : it->second);
}

void CommitPipeline::loaded(const std::string &matchId, std::uint64_t seq)
{
    m_durableUpTo[matchId] = seq;
}

void CommitPipeline::forget(const std::string &matchId)
{
    m_durableUpTo.erase(matchId);
    m_rowMarks.erase(matchId);
}

std::optional<CommitPipeline::RowMark> CommitPipeline::rowsDue(const Match &m,
                                                               const MatchWrite &w) const
{
    // The matches/players rows are a cache of the log (recovery replays the
    // events), written with a match's first events, at every phase, day,
    // pause or end, and at least every RowRefreshEvents events: a vote then
    // costs one event row, not a match row and a player row as well.
    constexpr std::uint64_t RowRefreshEvents = 64;
    const engine::MatchState &s = m.state();
    if (w.events.empty() || w.events.back().seq != s.lastSeq)
        return std::nullopt; // the engine is not where the batch ends: no rows
    const RowMark mark{s.phase, s.dayNumber, s.paused, s.lastSeq};
    const auto it = m_rowMarks.find(m.matchId());
    if (it == m_rowMarks.end() || it->second.phase != mark.phase || it->second.day != mark.day
        || it->second.paused != mark.paused || mark.seq >= it->second.seq + RowRefreshEvents)
        return mark;
    return std::nullopt;
}

} // namespace townhall::host
