// SPDX-License-Identifier: MIT
#include "host/host.h"

#include "engine/projection.h"
#include "engine/rng.h"
#include "engine/simulator.h"
#include "engine/toolcalls.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QMetaMethod>
#include <QRandomGenerator>

#include <algorithm>
#include <cstdio>

Q_LOGGING_CATEGORY(lcHost, "townhall.host")

namespace townhall::host {

using engine::ErrorCode;
using engine::Event;
using engine::Match;
using engine::TimeMs;
using mcp::ToolError;
using mcp::ToolResult;

namespace {

constexpr const char *WaitForTurn = "et.werewolf.match.wait_for_turn";

ToolError fromEngine(const engine::Error &e)
{
    return ToolError{std::string(engine::toString(e.code)), e.message, e.retryable, e.retryAfterMs};
}

ToolError storageFailure()
{
    return ToolError{"STORAGE_FAILED", "the server could not store this action; it was not applied",
                     true, std::int64_t(1000)};
}


/// Degraded mode's back-off: 1 s after the first failure, doubling up to 30 s.
constexpr TimeMs storageBackoff(int failures)
{
    return std::min<TimeMs>(30'000, TimeMs(1000) << std::min(failures - 1, 5));
}

ToolError toolError(ErrorCode code, std::string message, bool retryable = false)
{
    return ToolError{std::string(engine::toString(code)), std::move(message), retryable, std::nullopt};
}

json nullError() { return nullptr; }

std::string str(const json &args, const char *key, std::string fallback = {})
{
    auto it = args.find(key);
    return it != args.end() && it->is_string() ? it->get<std::string>() : fallback;
}

/// Tools whose retries are answered from the stored result (§8.6): every
/// tool that changes something, chat included (a retried lost response must
/// not post twice).
bool idempotentTool(const std::string &tool)
{
    return tool == "et.werewolf.queue.join" || tool == "et.werewolf.queue.leave"
           || tool == "et.werewolf.match.ready" || tool == "et.werewolf.match.vote"
           || tool == "et.werewolf.match.say_public" || tool.rfind("et.werewolf.match.night.", 0) == 0;
}

bool isBot(const std::string &agentId) { return agentId.rfind("bot:", 0) == 0; }

/// An event cursor of `matchId`: "<matchId>:00000000" is the one before the
/// first event, so a match can be read from its beginning.
std::optional<std::uint64_t> cursorSeq(const std::string &matchId, const std::string &cursor)
{
    if (cursor == engine::makeEventId(matchId, 0))
        return 0;
    return engine::seqFromEventId(matchId, cursor);
}

/// The in-memory idempotency cache's key: keys are scoped to (tool, agent).
std::string idempotencyCacheKey(const std::string &scope, const std::string &agentId, const std::string &key)
{
    return scope + "|" + agentId + "|" + key;
}

bool readTool(const std::string &tool)
{
    return tool == "et.werewolf.match.get_state" || tool == "et.werewolf.match.events.get";
}

/// Tools that change nothing: answered in degraded mode from what is stored.
bool changesNothing(const std::string &tool)
{
    return readTool(tool) || tool == "et.werewolf.queue.status" || tool == "et.werewolf.matches.list"
           || tool == WaitForTurn;
}

/// SQLite maps the -shm file into memory: one it cannot write can end the
/// process with SIGBUS at the first access instead of an error. So each file
/// of the database that exists must open for writing before SQLite sees it.
bool filesWritable(const QString &path, QString *error)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QFile f(path + suffix);
        if (!f.exists() || f.open(QIODevice::ReadWrite))
            continue;
        if (error)
            *error = Host::tr("cannot write %1 (%2); Town Hall needs to write the database and its -wal and "
                              "-shm files")
                         .arg(f.fileName(), f.errorString());
        return false;
    }
    return true;
}
} // namespace

// ---------------------------------------------------------------- waiting callers

// Resumed directly when its batch ends, not through a queued signal: one
// event per commit instead of one per waiting caller, and no queued call can
// reach an awaiter that is gone (QCoro's signal awaiter is queued, and two
// commits may end in one pass of the event loop).
class Host::CommitAwaiter
{
public:
    CommitAwaiter(Host *host, std::uint64_t generation) : m_host(host), m_generation(generation) {}
    // GCC moves the awaiter into the coroutine frame; only before it waits.
    CommitAwaiter(CommitAwaiter &&other) noexcept : m_host(other.m_host), m_generation(other.m_generation)
    {
        Q_ASSERT(!other.m_waiting);
    }
    CommitAwaiter &operator=(CommitAwaiter &&) = delete;
    ~CommitAwaiter()
    {
        // A caller's coroutine destroyed while it waits leaves no dangling entry.
        if (m_waiting)
            std::erase(m_host->m_commitWaiters, this);
    }

    bool await_ready() const noexcept { return m_host->m_doneGen >= m_generation; }
    void await_suspend(std::coroutine_handle<> handle)
    {
        m_handle = handle;
        m_waiting = true;
        m_host->m_commitWaiters.push_back(this);
    }
    bool await_resume() const noexcept { return m_ok; }

private:
    friend class Host;
    Host *m_host;
    std::uint64_t m_generation;
    std::coroutine_handle<> m_handle;
    bool m_waiting = false;
    bool m_ok = true;
};

Host::CommitAwaiter Host::committed(std::uint64_t generation) { return CommitAwaiter(this, generation); }

class Host::ChangeAwaiter
{
public:
    ChangeAwaiter(Host *host, std::string matchId, std::chrono::milliseconds timeout)
        : m_host(host), m_matchId(std::move(matchId)), m_timeout(timeout), m_since(host->m_publishCount)
    {
    }
    // GCC moves the awaiter into the coroutine frame; only before it waits.
    ChangeAwaiter(ChangeAwaiter &&other) noexcept
        : m_host(other.m_host), m_matchId(std::move(other.m_matchId)), m_timeout(other.m_timeout), m_since(other.m_since)
    {
        Q_ASSERT(!other.m_waiting);
    }
    ChangeAwaiter &operator=(ChangeAwaiter &&) = delete;
    ~ChangeAwaiter()
    {
        if (m_waiting)
            std::erase(m_host->m_changeWaiters, this);
    }

    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> handle)
    {
        m_handle = handle;
        m_waiting = true;
        m_host->m_changeWaiters.push_back(this);
        m_timer.setSingleShot(true);
        QObject::connect(&m_timer, &QTimer::timeout, m_host, [this] {
            m_timedOut = true;
            wake();
        });
        m_timer.start(m_timeout);
    }
    /// False when the timeout ended the wait.
    bool await_resume() const noexcept { return !m_timedOut; }

    void wake()
    {
        if (!m_waiting)
            return;
        m_waiting = false;
        m_timer.stop();
        std::erase(m_host->m_changeWaiters, this);
        m_handle.resume();
    }

private:
    friend class Host;
    Host *m_host;
    std::string m_matchId;
    std::chrono::milliseconds m_timeout;
    std::uint64_t m_since;  // a publication after this one wakes it
    QTimer m_timer;
    std::coroutine_handle<> m_handle;
    bool m_waiting = false;
    bool m_timedOut = false;
};

Host::ChangeAwaiter Host::nextPublication(std::string matchId, std::chrono::milliseconds timeout)
{
    return ChangeAwaiter(this, std::move(matchId), timeout);
}

// ---------------------------------------------------------------- the host

Host::Host(HostOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    if (!m_options.clock)
        m_options.clock = [] { return QDateTime::currentMSecsSinceEpoch(); };
    const std::uint64_t seed = m_options.seed ? *m_options.seed : QRandomGenerator::system()->generate64();
    engine::MatchConfig defaults;
    defaults.speed = m_options.speed;
    defaults.rateLimits = m_options.rateLimits;
    m_lobby = std::make_unique<engine::Lobby>(seed, defaults);

    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &Host::onTimer);
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(0);
    connect(&m_flushTimer, &QTimer::timeout, this, [this] { flush(true); });
    m_botTimer.setSingleShot(true);
    m_botTimer.setInterval(0);
    connect(&m_botTimer, &QTimer::timeout, this, &Host::stepBots);
    m_storageProbe.setSingleShot(true);
    connect(&m_storageProbe, &QTimer::timeout, this, &Host::probeStorage);
    if (m_options.queueGrace.count() > 0) {
        // Often enough that an abandoned entry outlives its grace by a sixth at most.
        m_queueSweepTimer.setInterval(std::clamp(m_options.queueGrace / 6, std::chrono::milliseconds(250),
                                                 std::chrono::milliseconds(10000)));
        connect(&m_queueSweepTimer, &QTimer::timeout, this, [this] { sweepAbandonedQueue(); });
    }
}

Host::~Host()
{
    // Callers still waiting are never resumed; their awaiters must not reach
    // back into this host if their coroutines are destroyed later.
    for (CommitAwaiter *w : m_commitWaiters)
        w->m_waiting = false;
    for (ChangeAwaiter *w : m_changeWaiters)
        w->m_waiting = false;
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

Store *Host::store()
{
    if (m_committer)
        m_committer->waitDone();
    return m_store.get();
}

TimeMs Host::now() const { return m_options.clock(); }

bool Host::start(QString *error)
{
    m_startedAt = now();
    if (m_options.queueGrace.count() > 0)
        m_queueSweepTimer.start();
    if (m_options.dbPath != QLatin1String(":memory:")) {
        const QString path = m_options.dbPath.isEmpty() ? Store::defaultPath() : m_options.dbPath;
        if (!lockDatabase(path, error) || !filesWritable(path, error))
            return false;
        Store::Options so;
        so.durability = m_options.durable ? Durability::Full : Durability::Normal;
        so.busyTimeoutMs = m_options.busyTimeoutMs;
        so.checkpointThread = true;  // commits only append to the WAL (checkpointer.h)
        auto opened = Store::open(path, so);
        if (!opened) {
            if (error)
                *error = opened.error().message;
            return false;
        }
        m_store = std::make_unique<Store>(std::move(opened.value()));
        // The notification runs on the commit thread: it only posts the news
        // to this thread. (~Host joins that thread before `this` goes.)
        m_committer = std::make_unique<CommitThread>(*m_store, [this] {
            QMetaObject::invokeMethod(this, [this] { onCommitted(); }, Qt::QueuedConnection);
        });
        if (m_options.beforeCommit)
            m_committer->setBeforeCommit(m_options.beforeCommit);
        recover();
    }
    armTimer();
    return true;
}

void Host::recover()
{
    auto journal = m_store->loadLobbyJournal();
    if (journal)
        for (const auto &r : journal.value())
            m_lobby->applyRecord(r);
    // Ended matches stay readable (get_state, events.get, replays): load the
    // most recent ones; they are small and never change again.
    if (auto ended = m_store->matchIds(MatchStatus::Ended)) {
        const auto &ids = ended.value();
        const std::size_t keep = 200;
        for (std::size_t i = ids.size() > keep ? ids.size() - keep : 0; i < ids.size(); ++i)
            if (auto m = m_store->loadMatch(ids[i])) {
                const engine::TimeMs created = m.value().state().createdAt;
                m_lobby->adopt(std::move(m.value()), created);
            }
    }
    auto unfinished = m_store->unfinishedMatches();
    if (!unfinished)
        return;
    const TimeMs t = now();
    for (RecoveredMatch &rm : unfinished.value()) {
        if (!rm.match) {
            m_notices << tr("Match %1 could not be recovered: %2")
                             .arg(QString::fromStdString(rm.row.matchId), rm.problem);
            continue;
        }
        Match *m = m_lobby->adopt(std::move(*rm.match), rm.row.startedAt);
        const std::uint64_t before = m->state().lastSeq;
        m_stagedUpTo[m->matchId()] = before;
        m_durableUpTo[m->matchId()] = before;
        m->resume(t, "recovered");  // a short grace period, announced to everyone
        stage(*m, before);
        startBotsFor(*m);
        m_notices << tr("Resumed %1 at %2, day %3")
                         .arg(QString::fromStdString(m->matchId()),
                              QString::fromUtf8(engine::toString(m->state().phase).data()))
                         .arg(m->state().dayNumber);
    }
    flushNow();
}

// ---------------------------------------------------------------- commit, then publish

void Host::stage(Match &m, std::uint64_t fromSeq)
{
    const auto &log = m.log();
    if (log.size() <= fromSeq)
        return;
    m_stagedUpTo[m.matchId()] = m.state().lastSeq;
    // Serialized here, once; the rows (matches, players) are written at
    // flush time, when due.
    m_pending.addEvents(m.matchId(), std::span<const Event>(log).subspan(static_cast<std::size_t>(fromSeq)));
    scheduleFlush();
}

void Host::stageLobby(const std::vector<engine::LobbyRecord> &records)
{
    if (records.empty())
        return;
    m_pending.addLobbyRecords(records);
    scheduleFlush();
}

void Host::scheduleFlush()
{
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void Host::flush(bool mayCommitHere)
{
    m_flushTimer.stop();
    if (m_pending.empty() || (m_committer && m_committer->busy()))
        return;  // nothing to do, or the running commit hands this batch over when it ends
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
        if (const Match *m = m_lobby->match(w.matchId))
            if (auto mark = rowsDue(*m, w)) {
                w.snapshot = snapshotOf(*m);
                m_inFlightMarks.emplace_back(w.matchId, *mark);
                m_rowMarks[w.matchId] = *mark;  // the next batch need not write them again
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

void Host::flushNow()
{
    flush();
    while (m_committer && m_committer->busy()) {
        m_committer->waitDone();
        onCommitted();  // may hand over the next batch
    }
}

void Host::onCommitted()
{
    auto done = m_committer ? m_committer->take() : std::nullopt;
    if (!done)
        return;  // flushNow() took it already
    finishBatch(m_issuedGen, std::move(done->batch), done->spans, done->result);
}

void Host::finishBatch(std::uint64_t generation, Batch batch, const std::vector<EventSpan> &spans,
                       const StoreResult<void> &result)
{
    if (!result) {
        // The engine ran ahead of the store: the batch and the one gathered
        // behind it (its events follow the refused ones) are given up.
        const QString msg = result.error().message;
        std::vector<std::string> ids;
        bool lobby = false;
        for (const Batch *b : {&batch, &m_pending}) {
            for (const MatchWrite &w : b->matches)
                if (std::find(ids.begin(), ids.end(), w.matchId) == ids.end())
                    ids.push_back(w.matchId);
            for (const IdempotencyRecord &r : b->idempotency)
                m_idempotencyCache.erase(idempotencyCacheKey(r.scope, r.agentId, r.key));
            lobby = lobby || !b->lobbyRecords.empty();
        }
        for (const auto &[id, mark] : m_inFlightMarks)
            m_rowMarks.erase(id);
        m_inFlightMarks.clear();
        if (!m_pending.empty()) {
            m_pending.clear();
            ++m_issuedGen;  // its callers learn the failure with this batch's
        }
        m_flushTimer.stop();
        m_doneGen = m_issuedGen;
        rollbackTo(ids, lobby);
        storageFault(msg);
        resumeCommitWaiters(false);
    } else {
        storageWorks();
        m_doneGen = generation;
        m_inFlightMarks.clear();
        for (const EventSpan &s : spans)
            m_durableUpTo[s.matchId] = s.last;
        // Hand over what came meanwhile first: the store writes it while
        // this thread answers the callers of this batch.
        flush();
        publish(spans);
        if (!batch.lobbyRecords.empty())
            emitQueue();
        resumeCommitWaiters(true);
    }
    armTimer();
    scheduleBots();
}

void Host::resumeCommitWaiters(bool ok)
{
    // One at a time: a resumed caller may stage, wait again, or end others.
    for (;;) {
        auto it = std::find_if(m_commitWaiters.begin(), m_commitWaiters.end(),
                               [this](const CommitAwaiter *w) { return w->m_generation <= m_doneGen; });
        if (it == m_commitWaiters.end())
            return;
        CommitAwaiter *w = *it;
        m_commitWaiters.erase(it);
        w->m_waiting = false;
        w->m_ok = ok;
        w->m_handle.resume();
    }
}

bool Host::settled(const Match &m) const
{
    const auto it = m_durableUpTo.find(m.matchId());
    return m.state().lastSeq == (it == m_durableUpTo.end() ? 0 : it->second);
}

std::optional<Host::RowMark> Host::rowsDue(const Match &m, const MatchWrite &w) const
{
    // The matches/players rows are a cache of the log (recovery replays the
    // events), written with a match's first events, at every phase, day,
    // pause or end, and at least every RowRefreshEvents events: a vote then
    // costs one event row, not a match row and a player row as well.
    constexpr std::uint64_t RowRefreshEvents = 64;
    const engine::MatchState &s = m.state();
    if (w.events.empty() || w.events.back().seq != s.lastSeq)
        return std::nullopt;  // the engine is not where the batch ends: no rows
    const RowMark mark{s.phase, s.dayNumber, s.paused, s.lastSeq};
    const auto it = m_rowMarks.find(m.matchId());
    if (it == m_rowMarks.end() || it->second.phase != mark.phase || it->second.day != mark.day
        || it->second.paused != mark.paused || mark.seq >= it->second.seq + RowRefreshEvents)
        return mark;
    return std::nullopt;
}

void Host::rollbackTo(const std::vector<std::string> &matchIds, bool lobby)
{
    // The engine ran ahead of the store: go back to what is durable, so what
    // every caller sees afterwards is exactly what is stored.
    m_stateCache.clear();  // the seqs given up may come back with other events
    for (const std::string &id : matchIds) {
        auto loaded = m_store->loadMatch(id);
        if (loaded) {
            m_lobby->adopt(std::move(loaded.value()), 0);
            m_stagedUpTo[id] = m_lobby->match(id)->state().lastSeq;
            m_durableUpTo[id] = m_stagedUpTo[id];
        } else if (loaded.error().code == StoreError::Code::NotFound) {
            // Its creation was never stored: the match did not happen.
            m_lobby->forget(id);
            m_stagedUpTo.erase(id);
            m_durableUpTo.erase(id);
            m_rowMarks.erase(id);  // (its bots go with the next stepBots: their match is gone)
        } else {
            qCWarning(lcHost) << "could not read back" << QString::fromStdString(id) << ":" << loaded.error().message;
        }
    }
    if (lobby) {
        if (auto journal = m_store->loadLobbyJournal())
            m_lobby->restoreQueues(journal.value());
        else
            qCWarning(lcHost) << "could not read back the queue:" << journal.error().message;
        emitQueue();
    }
}

void Host::storageFault(const QString &message)
{
    const TimeMs t = now();
    ++m_storageFailures;
    m_storageRetryAt = t + storageBackoff(m_storageFailures);
    // With nothing to store the outage would never end: a probe tries then.
    m_storageProbe.start(static_cast<int>(storageBackoff(m_storageFailures)));
    if (m_storageFailures == 1) {
        qCCritical(lcHost).noquote() << "storage failed:" << message
                                     << "- refusing changes and retrying with back-off until it works again";
        m_storageLoggedAt = t;
        Q_EMIT storageFailed(message);
        return;
    }
    // One line per 30 s at most, with a count, instead of one per attempt.
    ++m_storageUnlogged;
    if (t - m_storageLoggedAt >= 30'000) {
        qCCritical(lcHost).noquote() << "storage still failing:" << m_storageUnlogged << "more failed attempts, the last:"
                                     << message;
        m_storageLoggedAt = t;
        m_storageUnlogged = 0;
    }
}

void Host::probeStorage()
{
    if (m_storageFailures == 0 || !m_store)
        return;
    // A write of its own, as small as a commit gets; the batches' commits
    // are the other retries.
    if (auto r = store()->setSetting("host.storageProbe", engine::isoTime(now())))
        storageWorks();
    else
        storageFault(r.error().message);
}

void Host::storageWorks()
{
    if (m_storageFailures == 0)
        return;
    m_storageProbe.stop();
    const int failures = m_storageFailures;
    m_storageFailures = 0;
    m_storageUnlogged = 0;
    qCInfo(lcHost).noquote() << "storage works again after" << failures << "failed attempt(s)";
    // Deadlines that passed while nothing could be stored get a short grace
    // period, announced, so agents see the match is back before it moves.
    const TimeMs t = now();
    for (Match *m : m_lobby->orderedMatches())
        if (!m->ended() && !m->state().paused) {
            const std::uint64_t before = m->state().lastSeq;
            m->resume(t, "storage recovered");
            stage(*m, before);
        }
    Q_EMIT storageRecovered(failures);
}

std::optional<ToolError> Host::refuseWhileDegraded(const std::string &tool) const
{
    if (m_storageFailures == 0 || changesNothing(tool))
        return std::nullopt;
    const TimeMs wait = m_storageRetryAt - now();
    if (wait <= 0)
        return std::nullopt;  // this call may try the store again
    return ToolError{"STORAGE_FAILED",
                     "the server cannot store anything right now (" + std::to_string(m_storageFailures)
                         + " failed attempts); it retries by itself; nothing was applied",
                     true, wait};
}

bool Host::lockDatabase(const QString &path, QString *error)
{
    // One host per database: two would both play its matches and fight over
    // every commit. Read-only commands (export, replay, calls) take no lock.
    QDir().mkpath(QFileInfo(path).absolutePath());  // as Store::open would
    m_lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0);  // held for the host's life; a dead holder's lock is stale
    if (m_lock->tryLock(0))
        return true;
    if (error) {
        qint64 pid = 0;
        QString hostName;
        QString app;
        m_lock->getLockInfo(&pid, &hostName, &app);
        QString url;
        Store::Options ro;
        ro.createIfMissing = false;
        if (auto other = Store::open(path, ro))
            if (auto endpoint = other.value().setting(EndpointSetting); endpoint && endpoint.value())
                url = QString::fromStdString(*endpoint.value());
        *error = m_lock->error() == QLockFile::LockFailedError
                     ? tr("%1 is in use by another Town Hall host (pid %2 on %3%4). Stop it first, or "
                          "use another --db; read-only commands (export, replay, calls) work beside it.")
                           .arg(path)
                           .arg(pid)
                           .arg(hostName, url.isEmpty() ? QString() : tr(", serving %1").arg(url))
                     : tr("cannot create the lock file %1 next to the database").arg(m_lock->fileName());
    }
    m_lock.reset();
    return false;
}

void Host::publish(const std::vector<EventSpan> &spans)
{
    ++m_publishCount;
    // A headless host without the demo has nobody for the batches.
    static const QMetaMethod eventsSignal = QMetaMethod::fromSignal(&Host::matchEvents);
    const bool eventsWanted = isSignalConnected(eventsSignal);
    for (const EventSpan &span : spans) {
        const std::string &id = span.matchId;
        const Match *m = m_lobby->match(id);
        if (!m || span.first == 0 || m->log().size() < span.last)
            continue;  // (a committed span is in its match's log: the log only grows)
        const auto from = m->log().begin() + static_cast<std::ptrdiff_t>(span.first - 1);
        const auto to = m->log().begin() + static_cast<std::ptrdiff_t>(span.last);
        const QString qid = QString::fromStdString(id);
        if (span.first == 1)
            Q_EMIT matchStarted(qid);
        std::optional<QString> winner;
        for (auto it = from; it != to; ++it)
            if (it->type == engine::EventType::GameEnded)
                winner = QString::fromStdString(it->payload.value("winningTeam", ""));
        if (eventsWanted)
            Q_EMIT matchEvents(qid, std::make_shared<const std::vector<Event>>(from, to));
        Q_EMIT matchStateChanged(qid);
        // wait_for_turn callers of this match, one at a time (a woken one may
        // wait again: it then waits for a later publication).
        const std::uint64_t publication = m_publishCount;
        for (;;) {
            auto it = std::find_if(m_changeWaiters.begin(), m_changeWaiters.end(), [&](const ChangeAwaiter *w) {
                return w->m_since < publication && w->m_matchId == id;
            });
            if (it == m_changeWaiters.end())
                break;
            (*it)->wake();
        }
        if (winner)
            Q_EMIT matchEnded(qid, *winner);
    }
}

void Host::emitQueue()
{
    QStringList names;
    for (const auto &q : m_lobby->queue())
        names << QString::fromStdString(q.displayName);
    Q_EMIT queueChanged(names);
}

// ---------------------------------------------------------------- timers

void Host::armTimer()
{
    std::optional<TimeMs> next = m_lobby->nextDeadline();
    for (const BotSeat &b : m_bots)
        if (b.wakeAt && !b.busy && (!next || *b.wakeAt < *next))
            next = b.wakeAt;
    if (!next) {
        m_timer.stop();
        return;
    }
    // Degraded: a due phase change would only fail again; try at the retry time.
    if (m_storageFailures > 0)
        next = std::max(*next, m_storageRetryAt);
    const TimeMs wait = std::max<TimeMs>(0, *next - now());
    m_timer.start(static_cast<int>(std::min<TimeMs>(wait, 24LL * 3600 * 1000)));
}

void Host::onTimer()
{
    const TimeMs t = now();
    for (Match *m : m_lobby->orderedMatches()) {
        const std::uint64_t before = m->state().lastSeq;
        if (m->tick(t) > 0)
            stage(*m, before);
    }
    if (!m_pending.empty())
        flush();
    armTimer();
    stepBots();
}

// ---------------------------------------------------------------- bots

void Host::addBots(int n)
{
    const auto &names = engine::botNames();
    for (int i = 0; i < n; ++i) {
        ++m_botCounter;
        // Bot names cycle through the list; a suffix keeps them distinct.
        const std::size_t k = static_cast<std::size_t>(m_botCounter - 1);
        std::string name = names[k % names.size()];
        if (k >= names.size())
            name += " " + std::to_string(k / names.size() + 1);
        const std::string agentId = "bot:" + std::to_string(m_botCounter) + ":" + std::to_string(m_lobby->seed() % 100000);
        auto r = m_lobby->join(agentId, name, engine::DefaultQueueId, now());
        if (!r)
            continue;
        stageLobby(r->records);
        if (r->startedMatch) {
            stage(*r->startedMatch, 0);
            startBotsFor(*r->startedMatch);
        }
    }
    emitQueue();
    scheduleFlush();
}

void Host::keepBotsWaiting(int n)
{
    m_botsWaiting = std::clamp(n, 0, engine::SeatCount - 1);
    replenishBots();
}

void Host::replenishBots()
{
    // Each bot added either waits or fills a table with the agents queued;
    // bots alone (at most SeatCount - 1) never fill one, so this ends.
    for (;;) {
        const auto &q = m_lobby->queue(engine::DefaultQueueId);
        const auto waiting = std::count_if(q.begin(), q.end(), [](const engine::QueueEntry &e) { return isBot(e.agentId); });
        if (waiting >= m_botsWaiting)
            return;
        addBots(1);
    }
}

QStringList Host::sweepAbandonedQueue()
{
    QStringList removed;
    if (m_options.queueGrace.count() <= 0)
        return removed;
    const TimeMs t = now();
    const TimeMs grace = m_options.queueGrace.count();
    std::vector<engine::QueueEntry> gone;
    for (const engine::QueueEntry &e : m_lobby->queue(engine::DefaultQueueId)) {
        if (isBot(e.agentId))
            continue;
        // Entries recovered after a restart count from the restart.
        TimeMs last = std::max(e.joinedAt, m_startedAt);
        if (auto it = m_lastCall.find(e.agentId); it != m_lastCall.end())
            last = std::max(last, it->second);
        if (t - last < grace || (m_presence && m_presence(e.agentId, m_options.queueGrace)))
            continue;
        gone.push_back(e);
    }
    for (const engine::QueueEntry &e : gone) {
        auto r = m_lobby->leave(e.agentId, engine::DefaultQueueId, t, "abandoned");
        if (!r || !r->removed)
            continue;
        stageLobby(r->records);
        m_lastCall.erase(e.agentId);
        const QString name = QString::fromStdString(e.displayName);
        qCInfo(lcHost).noquote() << "left the queue (no live session for" << grace / 1000 << "s):" << name;
        removed << name;
        Q_EMIT queueAbandoned(name);
    }
    if (!removed.isEmpty())
        emitQueue();
    // Only queued agents' calls matter here: the map stays as small as the queue.
    std::erase_if(m_lastCall, [this](const auto &entry) {
        const auto &q = m_lobby->queue(engine::DefaultQueueId);
        return std::none_of(q.begin(), q.end(), [&](const engine::QueueEntry &e) { return e.agentId == entry.first; });
    });
    return removed;
}

void Host::startBotsFor(Match &m)
{
    for (const engine::Player &p : m.state().players) {
        if (p.agentId.rfind("bot:", 0) != 0)
            continue;
        const bool known = std::any_of(m_bots.begin(), m_bots.end(), [&](const BotSeat &b) {
            return b.matchId == m.matchId() && b.agentId == p.agentId;
        });
        if (known)
            continue;
        BotSeat b;
        b.agentId = p.agentId;
        b.matchId = m.matchId();
        b.bot = std::make_unique<engine::Bot>(
            p.playerId, engine::Rng::forDecision(m.state().seed ^ 0xB0B, static_cast<std::uint64_t>(p.seat), 1).next());
        m_bots.push_back(std::move(b));
    }
}

void Host::scheduleBots()
{
    if (!m_bots.empty() && !m_botTimer.isActive())
        m_botTimer.start();
}

void Host::stepBots()
{
    const TimeMs t = now();
    if (m_storageFailures > 0 && t < m_storageRetryAt) {
        armTimer();  // their calls would be refused: wait for the retry time
        return;
    }
    m_bots.erase(std::remove_if(m_bots.begin(), m_bots.end(),
                                [this](const BotSeat &b) {
                                    const Match *m = m_lobby->match(b.matchId);
                                    return !b.busy && (!m || m->ended());
                                }),
                 m_bots.end());
    for (std::size_t i = 0; i < m_bots.size(); ++i) {
        BotSeat &b = m_bots[i];
        if (b.busy)
            continue;
        const Match *m = m_lobby->match(b.matchId);
        if (!m || !settled(*m))
            continue;  // a commit's end steps the bots again
        // Bots see only what is committed: the staged tail is not theirs yet.
        const std::uint64_t visibleUpTo = m->state().lastSeq;
        const bool news = visibleUpTo > b.cursor;
        const bool due = b.wakeAt && *b.wakeAt <= t;
        if (!news && !due)
            continue;
        const auto viewer = engine::Viewer::forPlayer(b.bot->playerId());
        auto newEvents = engine::visibleEvents(*m, viewer, b.cursor, static_cast<std::size_t>(-1));
        b.cursor = visibleUpTo;
        engine::StateOptions opts;
        opts.includeTranscriptSummary = false;
        auto step = b.bot->step(engine::stateView(*m, viewer, opts), newEvents, t);
        b.wakeAt = step.wakeAt;
        if (!step.call)
            continue;
        b.busy = true;
        const std::string agentId = b.agentId;
        const std::string matchId = b.matchId;
        const engine::ToolCall call = *step.call;
        const std::string name = m->playerByAgent(agentId) ? m->playerByAgent(agentId)->displayName : agentId;
        auto task = m_gateway ? m_gateway(Caller{agentId, name, {}}, call.tool, call.arguments)
                              : callTool(Caller{agentId, name, {}}, call.tool, call.arguments);
        QPointer<Host> self(this);
        task.then([self, agentId, matchId, call](const ToolResult &r) {
            if (!self)
                return;
            for (BotSeat &s : self->m_bots) {
                if (s.agentId != agentId || s.matchId != matchId)
                    continue;
                s.busy = false;
                std::optional<ErrorCode> code;
                if (!r.ok()) {
                    for (int c = 0; c <= static_cast<int>(ErrorCode::MatchPaused); ++c)
                        if (engine::toString(static_cast<ErrorCode>(c)) == r.error().code)
                            code = static_cast<ErrorCode>(c);
                    if (!code)
                        code = ErrorCode::InvalidArgument;
                }
                s.bot->onResult(call, r.ok(), code);
            }
            self->scheduleBots();
            self->armTimer();
        });
    }
    armTimer();
}

// ---------------------------------------------------------------- identity

std::optional<Caller> Host::authenticate(const std::string &bearerToken)
{
    if (!m_store || bearerToken.empty())
        return std::nullopt;
    auto a = store()->verifyToken(bearerToken);  // waits for a running commit
    if (!a)
        return std::nullopt;
    return Caller{a.value().agentId, a.value().name, {}};
}

void Host::forgetSession(const std::string &sessionKey, const std::string &guestAgentId)
{
    m_readBuckets.erase("session:" + sessionKey);
    if (!guestAgentId.empty())
        m_readBuckets.erase(guestAgentId);
}

// ---------------------------------------------------------------- tools

QCoro::Task<ToolResult> Host::callTool(Caller caller, std::string tool, json args)
{
    if (m_options.queueGrace.count() > 0 && !caller.agentId.empty() && !isBot(caller.agentId))
        m_lastCall[caller.agentId] = now();  // the queue's grace period (sweepAbandonedQueue)
    if (tool == WaitForTurn)
        co_return co_await waitForTurn(std::move(caller), std::move(args));
    if (auto refused = refuseWhileDegraded(tool))
        co_return *refused;

    // Idempotency (§8.6): same key + same arguments → the stored result.
    std::string idemKey;
    std::string argsHash;
    if (idempotentTool(tool) && args.contains("idempotencyKey") && !caller.agentId.empty()) {
        json bare = args;
        bare.erase("idempotencyKey");
        const std::string dumped = bare.dump();
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx",
                      static_cast<unsigned long long>(engine::fnv1a(dumped.data(), dumped.size())));
        argsHash = buf;
        idemKey = args.at("idempotencyKey").get<std::string>();
        std::optional<std::pair<std::string, std::string>> hit;
        const std::string cacheKey = idempotencyCacheKey(tool, caller.agentId, idemKey);
        if (auto it = m_idempotencyCache.find(cacheKey); it != m_idempotencyCache.end()) {
            const auto nl = it->second.find('\n');
            hit = std::make_pair(it->second.substr(0, nl), it->second.substr(nl + 1));
        } else if (m_store) {
            auto rec = store()->getIdempotency(tool, idemKey, caller.agentId);  // waits for a running commit
            if (rec && rec.value())
                hit = std::make_pair(rec.value()->argsHash, rec.value()->resultJson);
        }
        if (hit) {
            if (hit->first != argsHash)
                co_return ToolError{mcp::hostcodes::IdempotencyKeyReused,
                                    "idempotencyKey '" + idemKey + "' was already used with other arguments",
                                    false, std::nullopt};
            // The original result may still wait for its commit.
            if (!co_await committed(stagedGeneration()))
                co_return storageFailure();
            co_return json::parse(hit->second);
        }
    }

    // Commit before visible, for readers too: a state or event read must not
    // show what another call staged in this turn of the event loop and the
    // store has not committed yet (a failed commit rolls it back).
    // (A failed commit rolled the match back: the read then shows that.)
    if (readTool(tool) && m_doneGen < stagedGeneration())
        co_await committed(stagedGeneration());

    ToolResult result = dispatch(caller, tool, args);

    // The key keeps the result, also of a call that changed nothing (e.g.
    // ready twice); it is stored with the call's events.
    if (result.ok() && !idemKey.empty()) {
        IdempotencyRecord rec{tool, idemKey, caller.agentId, std::nullopt, argsHash, result.value().dump(), 0};
        if (auto mid = args.find("matchId"); mid != args.end() && mid->is_string())
            rec.matchId = mid->get<std::string>();
        m_idempotencyCache[idempotencyCacheKey(tool, caller.agentId, idemKey)] = argsHash + "\n" + rec.resultJson;
        m_pending.addIdempotency(std::move(rec));
    }

    // Nothing is shown before it is durable: if this call or an earlier one
    // staged anything not committed yet, wait for that commit. (The result
    // may depend on it, even when this call itself staged nothing.)
    if (const std::uint64_t generation = stagedGeneration(); m_doneGen < generation) {
        scheduleFlush();
        if (!co_await committed(generation))
            co_return storageFailure();
    }
    co_return result;
}

std::optional<ToolError> Host::rateLimitRead(const Caller &caller)
{
    if (!m_options.rateLimits)
        return std::nullopt;
    // §8.6: state/events reads at most 2 per second per agent (token bucket).
    // Anonymous spectators share no identity: one bucket per session, so a
    // flooding spectator cannot lock the others out.
    const std::string key = !caller.agentId.empty() ? caller.agentId : "session:" + caller.sessionKey;
    ReadBucket &b = m_readBuckets[key];
    const TimeMs t = now();
    if (b.at == 0)
        b.at = t;
    b.tokens = std::min(2.0, b.tokens + (t - b.at) * 2.0 / 1000.0);
    b.at = t;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return std::nullopt;
    }
    const auto wait = static_cast<std::int64_t>((1.0 - b.tokens) * 500.0) + 1;
    return ToolError{"RATE_LIMITED", "read tools are limited to 2 calls per second", true, wait};
}

ToolResult Host::dispatch(const Caller &caller, const std::string &tool, const json &args)
{
    if (readTool(tool))
        if (auto limited = rateLimitRead(caller))
            return *limited;
    if (tool == "et.werewolf.queue.join")
        return queueJoin(caller, args);
    if (tool == "et.werewolf.queue.leave")
        return queueLeave(caller, args);
    if (tool == "et.werewolf.queue.status")
        return queueStatus(caller, args);
    if (tool == "et.werewolf.matches.list")
        return matchesList(args);
    if (tool == "et.werewolf.match.get_state")
        return getState(caller, args);
    if (tool == "et.werewolf.match.events.get")
        return eventsGet(caller, args);
    return matchCommand(caller, tool, args);
}

namespace {
json queueJson(const engine::QueueStatus &s, bool joinShape)
{
    json q{{"queueId", s.queueId},
           {"size", s.size},
           {"requiredPlayers", s.requiredPlayers},
           {"status", s.starting ? "STARTING" : "WAITING"},
           {"estimatedStartSeconds", s.estimatedStartSeconds}};
    if (s.position)
        q["position"] = *s.position;
    else
        q["position"] = joinShape ? json(engine::SeatCount) : json(nullptr);
    return q;
}

json assignmentJson(const std::optional<engine::Assignment> &a)
{
    if (!a)
        return nullptr;
    return {{"matchId", a->matchId}, {"buildingInstanceId", a->buildingInstanceId}, {"seat", a->seat}};
}
} // namespace

ToolResult Host::queueJoin(const Caller &caller, const json &args)
{
    const std::string queueId = str(args, "queueId", engine::DefaultQueueId);
    const std::string name = str(args, "preferredDisplayName", caller.displayName);
    auto r = m_lobby->join(caller.agentId, name, queueId, now());
    if (!r)
        return fromEngine(r.error());
    stageLobby(r->records);
    if (r->startedMatch) {
        stage(*r->startedMatch, 0);
        startBotsFor(*r->startedMatch);
        replenishBots();
    }
    emitQueue();
    json q = queueJson(r->status, true);
    if (r->startedMatch)
        q["position"] = engine::SeatCount;  // the seat that filled the table
    return json{{"ok", true},
                {"serverTime", engine::isoTime(now())},
                {"queue", q},
                {"matchAssignment", assignmentJson(r->status.assignment)},
                {"error", nullError()}};
}

ToolResult Host::queueLeave(const Caller &caller, const json &args)
{
    auto r = m_lobby->leave(caller.agentId, str(args, "queueId", engine::DefaultQueueId), now());
    if (!r)
        return fromEngine(r.error());
    stageLobby(r->records);
    if (r->removed)
        emitQueue();
    return json{{"ok", true},
                {"serverTime", engine::isoTime(now())},
                {"removed", r->removed},
                {"queue",
                 {{"queueId", r->status.queueId}, {"size", r->status.size}, {"requiredPlayers", engine::SeatCount}}},
                {"error", nullError()}};
}

ToolResult Host::queueStatus(const Caller &caller, const json &args)
{
    auto r = m_lobby->status(caller.agentId, str(args, "queueId", engine::DefaultQueueId));
    if (!r)
        return fromEngine(r.error());
    return json{{"ok", true},
                {"serverTime", engine::isoTime(now())},
                {"queue", queueJson(*r, false)},
                {"matchAssignment", assignmentJson(r->assignment)},
                {"error", nullError()}};
}

ToolResult Host::matchesList(const json &args)
{
    const std::string status = str(args, "status", "ACTIVE");
    const int limit = args.value("limit", 20);
    json list = json::array();
    auto all = m_lobby->orderedMatches();
    for (auto it = all.rbegin(); it != all.rend() && static_cast<int>(list.size()) < limit; ++it) {
        const Match *m = *it;
        if ((status == "ACTIVE" && m->ended()) || (status == "ENDED" && !m->ended()))
            continue;
        list.push_back(engine::matchListEntry(*m));
    }
    return json{{"ok", true}, {"serverTime", engine::isoTime(now())}, {"matches", list}, {"error", nullError()}};
}

ToolResult Host::getState(const Caller &caller, const json &args)
{
    const std::string matchId = str(args, "matchId");
    const Match *m = m_lobby->match(matchId);
    if (!m)
        return toolError(ErrorCode::MatchNotFound, "no match '" + matchId + "'; see et.werewolf.matches.list");
    engine::StateOptions opts;
    opts.includeTranscriptSummary = args.value("includeTranscriptSummary", true);
    opts.includeRecentPublicMessages = args.value("includeRecentPublicMessages", false);
    opts.recentPublicMessagesLimit = args.value("recentPublicMessagesLimit", 20);
    const engine::Player *p = caller.agentId.empty() ? nullptr : m->playerByAgent(caller.agentId);
    const auto viewer = p ? engine::Viewer::forPlayer(p->playerId) : engine::Viewer::spectator();
    return stateResult(caller, *m, viewer, opts, {});
}

json Host::stateResult(const Caller &caller, const Match &m, const engine::Viewer &viewer,
                       const engine::StateOptions &opts, std::optional<bool> changed)
{
    // Emplaced: the state is either a large tree or a raw copy of cached bytes.
    json out(json::value_t::object);
    auto &fields = out.get_ref<json::object_t &>();
    fields.emplace("ok", true);
    fields.emplace("serverTime", engine::isoTime(now()));
    if (changed)
        fields.emplace("changed", *changed);
    fields.emplace("state", caller.rawJson ? m_stateCache.get(m, viewer, opts)
                                           : engine::toJson(engine::stateView(m, viewer, opts)));
    fields.emplace("error", nullError());
    return out;
}

ToolResult Host::eventsGet(const Caller &caller, const json &args)
{
    const std::string matchId = str(args, "matchId");
    const Match *m = m_lobby->match(matchId);
    if (!m)
        return toolError(ErrorCode::MatchNotFound, "no match '" + matchId + "'");
    const engine::Player *p = caller.agentId.empty() ? nullptr : m->playerByAgent(caller.agentId);
    const auto viewer = p ? engine::Viewer::forPlayer(p->playerId) : engine::Viewer::spectator();
    const std::size_t limit = static_cast<std::size_t>(std::clamp(args.value("limit", 50), 1, 200));
    const auto &log = m->log();
    // Only what is committed is visible (the staged tail waits for its flush).
    auto usable = [&](const Event &e) {
        return engine::isContractEventType(e.type) && engine::visible(e, viewer, m->state());
    };
    std::vector<const Event *> picked;
    const auto after = args.find("afterEventId");
    if (after != args.end() && after->is_string()) {
        const auto seq = cursorSeq(matchId, after->get<std::string>());
        if (!seq)
            return toolError(ErrorCode::InvalidArgument,
                             "afterEventId '" + after->get<std::string>() + "' is not an event of " + matchId);
        for (std::size_t i = std::min<std::size_t>(*seq, log.size()); i < log.size() && picked.size() < limit; ++i)
            if (usable(log[i]))
                picked.push_back(&log[i]);
    } else {
        for (std::size_t i = log.size(); i-- > 0 && picked.size() < limit;)
            if (usable(log[i]))
                picked.push_back(&log[i]);
        std::reverse(picked.begin(), picked.end());
    }
    json events = json::array();
    for (const Event *e : picked)
        events.push_back(engine::contractEvent(*e));
    return json{{"ok", true},
                {"serverTime", engine::isoTime(now())},
                {"matchId", matchId},
                {"events", events},
                {"error", nullError()}};
}

ToolResult Host::matchCommand(const Caller &caller, const std::string &tool, const json &args)
{
    const std::string matchId = str(args, "matchId");
    Match *m = m_lobby->match(matchId);
    if (!m)
        return toolError(ErrorCode::MatchNotFound, "no match '" + matchId + "'; see et.werewolf.queue.status");
    const engine::Player *p = m->playerByAgent(caller.agentId);
    if (!p)
        return toolError(ErrorCode::NotInMatch, "you are not seated in " + matchId);
    auto cmd = engine::toCommand(engine::ToolCall{tool, args}, p->playerId);
    if (!cmd)
        return ToolError{"UNKNOWN_TOOL", "tool " + tool + " is not a match command", false, std::nullopt};
    const TimeMs t = now();
    // Resolve anything already due, so a late vote meets the phase it belongs to.
    {
        const std::uint64_t before = m->state().lastSeq;
        if (m->tick(t) > 0)
            stage(*m, before);
    }
    const std::uint64_t before = m->state().lastSeq;
    auto r = m->submit(*cmd, t);
    if (!r)
        return fromEngine(r.error());
    stage(*m, before);
    const std::string playerId = p->playerId;
    const auto &log = m->log();
    const Event *first = log.size() > before ? &log[before] : nullptr;
    const std::string eventId = first ? first->eventId : std::string();
    json out{{"ok", true}, {"serverTime", engine::isoTime(t)}, {"matchId", matchId}, {"error", nullError()}};
    using K = engine::Command::Kind;
    switch (cmd->kind) {
    case K::Ready: out["playerId"] = playerId; out["ready"] = true; break;
    case K::Say:
        out["eventId"] = eventId;
        out["message"] = {{"playerId", playerId},
                          {"kind", first ? first->payload.at("kind") : json("DISCUSSION")},
                          {"text", cmd->text}};
        break;
    case K::Vote:
        out["eventId"] = eventId;
        out["vote"] = {{"voterPlayerId", playerId},
                       {"targetPlayerId", cmd->target ? json(*cmd->target) : json(nullptr)}};
        break;
    case K::WolfChat:
        out["eventId"] = eventId;
        out["message"] = {{"playerId", playerId}, {"text", cmd->text}};
        break;
    case K::WolfKill:
        out["eventId"] = eventId;
        out["selection"] = {{"byPlayerId", playerId}, {"targetPlayerId", *cmd->target}};
        break;
    case K::SeerInspect:
        out["eventId"] = eventId;
        out["result"] = {{"targetPlayerId", *cmd->target},
                         {"alignment", first ? first->payload.at("alignment") : json("NOT_WEREWOLF")}};
        break;
    case K::DoctorProtect:
        out["eventId"] = eventId;
        out["protection"] = {{"byPlayerId", playerId}, {"targetPlayerId", *cmd->target}};
        break;
    }
    return out;
}

std::string Host::requiredSignature(const Match &m, const std::string &playerId) const
{
    const auto ra = m.requiredAction(playerId);
    std::string s = std::string(engine::toString(m.state().phase)) + "/" + std::to_string(m.state().dayNumber) + "/"
                    + std::string(engine::toString(ra.type)) + "/" + (ra.alreadySubmitted ? "1" : "0") + "/"
                    + std::to_string(m.state().openingIndex) + "/" + (m.state().paused ? "p" : "r");
    return s;
}

std::uint64_t Host::durableSeq(const Match &m) const
{
    const auto it = m_durableUpTo.find(m.matchId());
    return std::min(m.state().lastSeq, it == m_durableUpTo.end() ? 0 : it->second);
}

QCoro::Task<ToolResult> Host::waitForTurn(Caller caller, json args)
{
    const std::string matchId = str(args, "matchId");
    const int timeoutSeconds = std::clamp(args.value("timeoutSeconds", 25), 1, 25);
    const Match *m = m_lobby->match(matchId);
    if (!m)
        co_return toolError(ErrorCode::MatchNotFound, "no match '" + matchId + "'");
    const engine::Player *p = caller.agentId.empty() ? nullptr : m->playerByAgent(caller.agentId);
    const std::string playerId = p ? p->playerId : std::string();
    const auto viewer = p ? engine::Viewer::forPlayer(playerId) : engine::Viewer::spectator();

    // Where the caller stands: the cursor it gives, else where its last wait
    // in this match left it.
    const std::string cursorKey =
        (caller.agentId.empty() ? "session:" + caller.sessionKey : caller.agentId) + "\n" + matchId;
    std::optional<std::uint64_t> after;
    if (auto a = args.find("afterEventId"); a != args.end() && a->is_string()) {
        after = cursorSeq(matchId, a->get<std::string>());
        if (!after)
            co_return toolError(ErrorCode::InvalidArgument,
                                "afterEventId '" + a->get<std::string>() + "' is not an event of " + matchId);
    }
    std::uint64_t messagesAfter = 0;
    if (after)
        messagesAfter = *after;
    else if (auto it = m_waitCursors.find(cursorKey); it != m_waitCursors.end())
        messagesAfter = it->second;

    // Something the caller has not seen yet and may see: an event after its cursor.
    auto newsAfterCursor = [&](const Match &match) {
        if (!after)
            return false;
        const auto &log = match.log();
        for (std::uint64_t seq = *after + 1; seq <= durableSeq(match); ++seq) {
            const Event &e = log[static_cast<std::size_t>(seq - 1)];
            if (engine::isContractEventType(e.type) && engine::visible(e, viewer, match.state()))
                return true;
        }
        return false;
    };
    // A required action the player has not submitted yet: the turn is already
    // here, so the caller must not sleep through it.
    auto pending = [&](const Match &match) {
        if (playerId.empty())
            return false;
        const auto ra = match.requiredAction(playerId);
        return ra.type != engine::ActionType::None && !ra.alreadySubmitted;
    };
    auto signature = [&](const Match &match) {
        return p ? requiredSignature(match, playerId) : std::string(engine::toString(match.state().phase));
    };

    const std::string start = signature(*m);
    const TimeMs deadline = now() + timeoutSeconds * 1000LL;
    bool changed = false;
    for (;;) {
        m = m_lobby->match(matchId);
        if (!m)
            break;
        if (m->ended() || pending(*m) || signature(*m) != start || newsAfterCursor(*m)) {
            changed = true;
            break;
        }
        const TimeMs left = deadline - now();
        if (left <= 0 || !co_await nextPublication(matchId, std::chrono::milliseconds(left)))
            break;  // the time is up
    }
    if (!co_await committed(stagedGeneration()))  // commit before visible (see callTool)
        co_return storageFailure();
    m = m_lobby->match(matchId);
    if (!m)
        co_return toolError(ErrorCode::MatchNotFound, "match '" + matchId + "' is gone");
    engine::StateOptions opts;
    opts.includeRecentPublicMessages = true;
    opts.recentPublicMessagesLimit = std::clamp(args.value("recentPublicMessagesLimit", 20), 1, 50);
    opts.messagesAfterSeq = messagesAfter;
    json out = stateResult(caller, *m, viewer, opts, changed);
    // The newest event this caller may see: the log's own last seq would tell
    // a spectator when something hidden happened (a wolf's choice at night).
    std::uint64_t seen = 0;
    for (std::uint64_t seq = m->state().lastSeq; seq > 0 && !seen; --seq) {
        const Event &e = m->log()[static_cast<std::size_t>(seq - 1)];
        if (engine::isContractEventType(e.type) && engine::visible(e, viewer, m->state()))
            seen = seq;
    }
    out.get_ref<json::object_t &>().emplace("lastEventId", engine::makeEventId(matchId, seen));
    if (m->ended())
        m_waitCursors.erase(cursorKey);
    else
        m_waitCursors[cursorKey] = seen;
    co_return out;
}

// ---------------------------------------------------------------- host controls

void Host::pauseMatch(const std::string &matchId)
{
    if (Match *m = m_lobby->match(matchId)) {
        const std::uint64_t before = m->state().lastSeq;
        m->pause(now());
        stage(*m, before);
    }
}

void Host::resumeMatch(const std::string &matchId)
{
    if (Match *m = m_lobby->match(matchId); m && m->state().paused) {
        const std::uint64_t before = m->state().lastSeq;
        m->resume(now(), "host");
        stage(*m, before);
    }
}

void Host::skipPhase(const std::string &matchId)
{
    if (Match *m = m_lobby->match(matchId)) {
        const std::uint64_t before = m->state().lastSeq;
        m->skipPhase(now());
        stage(*m, before);
    }
}

void Host::setBreakpoints(const std::string &matchId, engine::Breakpoints breakpoints)
{
    if (Match *m = m_lobby->match(matchId)) {
        const std::uint64_t before = m->state().lastSeq;
        m->setBreakpoints(breakpoints, now());
        stage(*m, before);
    }
}

void Host::stepMatch(const std::string &matchId)
{
    if (Match *m = m_lobby->match(matchId)) {
        const std::uint64_t before = m->state().lastSeq;
        m->step(now());
        stage(*m, before);
    }
}

void Host::setSpeed(double speed)
{
    if (speed <= 0)
        return;
    m_options.speed = speed;
    m_lobby->defaults().speed = speed;  // new matches; running ones keep their timers
}

} // namespace townhall::host
