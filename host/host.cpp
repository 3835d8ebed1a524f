// SPDX-License-Identifier: MIT
#include "host/host.h"

#include "engine/projection.h"
#include "engine/rng.h"
#include "engine/simulator.h"
#include "host/providers/keysource.h"
#include "host/recovery.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QMetaMethod>
#include <QRandomGenerator>

#include <algorithm>

Q_LOGGING_CATEGORY(lcHost, "townhall.host")

namespace townhall::host {

using engine::Event;
using engine::Match;
using engine::TimeMs;
using mcp::ToolResult;

namespace {
std::unique_ptr<engine::Lobby> makeLobby(const HostOptions &o)
{
    const std::uint64_t seed = o.seed ? *o.seed : QRandomGenerator::system()->generate64();
    engine::MatchConfig defaults;
    defaults.speed = o.speed;
    defaults.rateLimits = o.rateLimits;
    defaults.rules = o.rules;
    return std::make_unique<engine::Lobby>(seed, defaults);
}

HostOptions withClock(HostOptions o)
{
    if (!o.clock)
        o.clock = [] {
            return QDateTime::currentMSecsSinceEpoch();
        };
    return o;
}

} // namespace

Host::Host(HostOptions options, QObject *parent)
    : QObject(parent)
    , m_options(withClock(std::move(options)))
    , m_lobby(makeLobby(m_options))
    , m_pipeline(
          {m_options.durable, m_options.commitHereUpTo, m_options.beforeCommit},
          {[this](const std::string &id) -> const Match * { return m_lobby->match(id); },
           [this] { storageWorks(); },
           [this](const std::vector<EventSpan> &spans, bool lobby) { publish(spans, lobby); },
           [this](const std::vector<std::string> &ids,
                  bool lobby,
                  const QString &message,
                  const std::vector<IdempotencyRecord> &dropped) {
               commitFailed(ids, lobby, message, dropped);
           },
           [this] {
               armTimer();
               scheduleSeats();
               m_humans.refresh(); // documents held back for a commit under way
           }},
          this)
    , m_storage([this] { probeStorage(); })
    , m_tools({*m_lobby,
               m_pipeline,
               m_idempotency,
               m_reads,
               m_storage,
               m_options.clock,
               m_options.rateLimits,
               [this] { return store(); },
               [this](Match &m) {
                   m_seats.seatDrivers(m);
                   replenishBots();
               },
               [this] { emitQueue(); },
               this})
    , m_humans({[this](const std::string &id) -> const Match * { return m_lobby->match(id); },
                [this](const Match &m) { return m_pipeline.settled(m); },
                m_options.clock})
    , m_roster(*m_lobby, m_pipeline, m_storage, m_options.clock)
    , m_seats(
          this,
          [this](
              const std::string &agentId, const std::string &name, const engine::ToolCall &call) {
              return sendSeatCall(Caller{agentId, name, {}}, call.tool, call.arguments);
          },
          [this] {
              scheduleSeats();
              armTimer();
          },
          m_options.clock)
    , m_timer(this, [this] { onTimer(); })
{
    m_seats.setDriverFactory(
        [this](const Match &m, const engine::Player &p) { return m_roster.driverFor(m, p); });
    connect(&m_roster, &SeatRoster::modelSeatChanged, this, &Host::modelSeatChanged);
    m_roster.setHumanSeats(&m_humans);
    connect(this, &Host::matchStateChanged, &m_humans, [this](const QString &matchId) {
        m_humans.matchChanged(matchId.toStdString());
    });
    m_seatTimer.setSingleShot(true);
    m_seatTimer.setInterval(0);
    connect(&m_seatTimer, &QTimer::timeout, this, &Host::stepSeats);
    if (m_options.queueGrace.count() > 0) {
        // Often enough that an abandoned entry outlives its grace by a sixth at most.
        m_queueSweepTimer.setInterval(std::clamp(m_options.queueGrace / 6,
                                                 std::chrono::milliseconds(250),
                                                 std::chrono::milliseconds(10000)));
        connect(&m_queueSweepTimer, &QTimer::timeout, this, [this] { sweepAbandonedQueue(); });
    }
}

Host::~Host()
{
    // What the pilots logged last goes with the events staged last.
    m_roster.flushChanges();
    m_pipeline.finish();
}

Store *Host::store()
{
    return m_store ? m_pipeline.store() : nullptr;
}

TimeMs Host::now() const
{
    return m_options.clock();
}

bool Host::start(QString *error)
{
    m_startedAt = now();
    if (m_options.queueGrace.count() > 0)
        m_queueSweepTimer.start();
    if (m_options.dbPath != QLatin1String(":memory:")) {
        const QString path = m_options.dbPath.isEmpty() ? Store::defaultPath() : m_options.dbPath;
        if (!m_lock.acquire(path, error) || !databaseFilesWritable(path, error))
            return false;
        Store::Options so;
        so.durability = m_options.durable ? Durability::Full : Durability::Normal;
        so.busyTimeoutMs = m_options.busyTimeoutMs;
        so.checkpointThread = true; // commits only append to the WAL (checkpointer.h)
        auto opened = Store::open(path, so);
        if (!opened) {
            if (error)
                *error = opened.error().message;
            return false;
        }
        m_store = std::make_unique<Store>(std::move(opened.value()));
        m_pipeline.attach(m_store.get());
        recover();
    }
    armTimer();
    return true;
}

void Host::recover()
{
    Recovery r = recoverFromStore(*m_store, *m_lobby, now());
    m_roster.recovered(r, m_notices);
    for (const ResumedMatch &m : r.resumed) {
        m_pipeline.loaded(m.match->matchId(), m.storedUpTo);
        stage(*m.match, m.storedUpTo);
        m_seats.seatDrivers(*m.match);
    }
    m_notices << r.notices;
    m_pipeline.flushNow();
}

// ---------------------------------------------------------------- after a commit

void Host::publish(const std::vector<EventSpan> &spans, bool lobby)
{
    // A headless host without the demo has nobody for the batches.
    static const QMetaMethod eventsSignal = QMetaMethod::fromSignal(&Host::matchEvents);
    const bool eventsWanted = isSignalConnected(eventsSignal);
    for (const EventSpan &span : spans) {
        const std::string &id = span.matchId;
        const Match *m = m_lobby->match(id);
        if (!m || span.first == 0 || m->log().size() < span.last)
            continue; // (a committed span is in its match's log: the log only grows)
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
        m_tools.published(id);
        if (winner) {
            Q_EMIT matchEnded(qid, *winner);
            if (m_botTables > 0)
                QTimer::singleShot(m_botGap, this, [this] { seatBotTables(); });
        }
    }
    if (lobby)
        emitQueue();
}

void Host::commitFailed(const std::vector<std::string> &matchIds,
                        bool lobby,
                        const QString &message,
                        const std::vector<IdempotencyRecord> &dropped)
{
    for (const IdempotencyRecord &r : dropped)
        m_idempotency.forget(r);
    m_roster.commitFailed();
    rollbackTo(matchIds, lobby);
    if (m_storage.fault(message, now()))
        Q_EMIT storageFailed(message);
}

void Host::rollbackTo(const std::vector<std::string> &matchIds, bool lobby)
{
    // The engine ran ahead of the store: go back to what is durable, so what
    // every caller sees afterwards is exactly what is stored.
    m_tools.dropCaches(); // the seqs given up may come back with other events
    for (const std::string &id : matchIds) {
        auto loaded = m_store->loadMatch(id);
        if (loaded) {
            m_lobby->adopt(std::move(loaded.value()), 0);
            m_pipeline.loaded(id, m_lobby->match(id)->state().lastSeq);
        } else if (loaded.error().code == StoreError::Code::NotFound) {
            // Its creation was never stored: the match did not happen.
            m_lobby->forget(id);
            m_pipeline.forget(id); // (its seats go with the next stepSeats: their match is gone)
        } else {
            qCWarning(lcHost) << "could not read back" << QString::fromStdString(id) << ":"
                              << loaded.error().message;
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

void Host::probeStorage()
{
    if (!m_storage.degraded() || !m_store)
        return;
    // A write of its own, as small as a commit gets; the batches' commits
    // are the other retries.
    if (auto r = store()->setSetting("host.storageProbe", engine::isoTime(now())))
        storageWorks();
    else if (m_storage.fault(r.error().message, now()))
        Q_EMIT storageFailed(r.error().message);
}

void Host::storageWorks()
{
    const int failures = m_storage.works();
    if (failures == 0)
        return;
    m_roster.storageRecovered();
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

void Host::emitQueue()
{
    QStringList names;
    for (const auto &q : m_lobby->queue())
        names << QString::fromStdString(q.displayName);
    Q_EMIT queueChanged(names);
}

// ---------------------------------------------------------------- timers and seats

void Host::armTimer()
{
    const auto notBefore = m_storage.degraded() ? std::optional(m_storage.retryAt()) : std::nullopt;
    m_timer.arm(PhaseTimer::nextAlarm(m_lobby->nextDeadline(), m_seats.nextWake(), notBefore),
                now());
}

void Host::onTimer()
{
    const TimeMs t = now();
    for (Match *m : m_lobby->orderedMatches()) {
        const std::uint64_t before = m->state().lastSeq;
        if (m->tick(t) > 0)
            stage(*m, before);
    }
    if (!m_pipeline.pendingEmpty())
        m_pipeline.flushPending();
    armTimer();
    stepSeats();
}

void Host::scheduleSeats()
{
    if (!m_seats.empty() && !m_seatTimer.isActive())
        m_seatTimer.start();
}

void Host::stepSeats()
{
    const TimeMs t = now();
    if (m_storage.degraded() && t < m_storage.retryAt()) {
        armTimer(); // their calls would be refused: wait for the retry time
        return;
    }
    m_seats.step(
        *m_lobby, [this](const Match &m) { return m_pipeline.settled(m); }, t);
    armTimer();
}

void Host::replaceDriver(const std::string &matchId,
                         const std::string &playerId,
                         std::unique_ptr<engine::SeatDriver> driver)
{
    if (m_seats.replace(matchId, playerId, std::move(driver), now()))
        scheduleSeats();
}

void Host::tableFilled(Match &m)
{
    m_seats.seatDrivers(m);
    replenishBots();
}

// ---------------------------------------------------------------- bots and the queue

void Host::addBots(int n, const std::string &queueId)
{
    for (int i = 0; i < n; ++i) {
        const auto [agentId, name] = m_roster.nextBot(queueId);
        joinQueue(agentId, name, queueId);
    }
    emitQueue();
    m_pipeline.scheduleFlush();
}

void Host::queueBot(const QString &displayName, const std::string &queueId)
{
    joinQueue(m_roster.nextBotId(), displayName.toStdString(), queueId);
    emitQueue();
    m_pipeline.scheduleFlush();
}

bool Host::joinQueue(const std::string &agentId,
                     const std::string &name,
                     const std::string &queueId)
{
    auto r = m_lobby->join(agentId, name, queueId, now());
    if (!r)
        return false;
    m_pipeline.stageLobby(r->records);
    if (r->startedMatch) {
        stage(*r->startedMatch, 0);
        m_seats.seatDrivers(*r->startedMatch);
    }
    return true;
}

std::optional<std::string> Host::queueModelSeat(const QString &displayName,
                                                providers::ProviderProfile profile,
                                                const QString &persona,
                                                const std::string &queueId)
{
    const std::string agentId = m_roster.addModelSeat(displayName, std::move(profile), persona);
    if (!joinQueue(agentId, displayName.toStdString(), queueId)) {
        m_roster.dropModelSeat(agentId);
        return std::nullopt;
    }
    emitQueue();
    m_pipeline.scheduleFlush();
    return agentId;
}

std::shared_ptr<const PilotLog> Host::pilotLog(const std::string &matchId,
                                               const std::string &playerId) const
{
    return m_roster.pilotLog(matchId, playerId);
}

std::vector<ModelSeatInfo> Host::modelSeats(const std::string &matchId) const
{
    return m_roster.modelSeats(matchId);
}

void Host::keepBotsWaiting(int n)
{
    m_botsWaiting = std::clamp(n, 0, m_lobby->seatCount() - 1);
    replenishBots();
}

void Host::keepBots(int n, std::chrono::milliseconds gap)
{
    const int seats = m_lobby->seatCount();
    m_botTables = n >= seats ? n / seats : 0;
    m_botGap = gap;
    keepBotsWaiting(n);
    seatBotTables();
}

int Host::botOnlyMatches() const
{
    int n = 0;
    for (const auto &[id, m] : m_lobby->matches()) {
        if (!m->ended()
            && std::all_of(m->state().players.begin(),
                           m->state().players.end(),
                           [](const engine::Player &p) { return SeatRunner::isBot(p.agentId); }))
            ++n;
    }
    return n;
}

void Host::seatBotTables()
{
    // Each pass adds bots until a table fills (agents waiting sit down with
    // them, which starts a match that is not bots alone; the loop then goes
    // on); bounded, since every pass starts a match.
    const int seats = m_lobby->seatCount();
    for (int guard = 0; guard < 64 && botOnlyMatches() < m_botTables; ++guard) {
        const std::size_t before = m_lobby->matches().size();
        // A join refused (storage down) must not spin: a table's worth at most.
        for (int i = 0; i < seats && m_lobby->matches().size() == before; ++i)
            addBots(1);
        if (m_lobby->matches().size() == before)
            break;
    }
    // The bots the new tables took are waiting for agents no more.
    replenishBots();
}

void Host::replenishBots()
{
    // Each bot added either waits or fills a table with the agents queued;
    // bots alone (at most the seat count - 1) never fill one, so this ends.
    for (;;) {
        const auto &q = m_lobby->queue(engine::DefaultQueueId);
        const auto waiting = std::count_if(q.begin(), q.end(), [](const engine::QueueEntry &e) {
            return SeatRunner::isBot(e.agentId);
        });
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
    std::vector<std::pair<std::string, engine::QueueEntry>>
        gone; // every queue, not just the default one
    for (const std::string &queueId : m_lobby->queueIds()) {
        for (const engine::QueueEntry &e : m_lobby->queue(queueId)) {
            if (SeatRunner::isHosted(e.agentId) || m_roster.waitingPushSeat(e.agentId))
                continue;
            // Entries recovered after a restart count from the restart.
            TimeMs last = std::max(e.joinedAt, m_startedAt);
            if (auto it = m_lastCall.find(e.agentId); it != m_lastCall.end())
                last = std::max(last, it->second);
            if (t - last < grace || (m_presence && m_presence(e.agentId, m_options.queueGrace)))
                continue;
            gone.emplace_back(queueId, e);
        }
    }
    for (const auto &[queueId, e] : gone) {
        auto r = m_lobby->leave(e.agentId, queueId, t, "abandoned");
        if (!r || !r->removed)
            continue;
        m_pipeline.stageLobby(r->records);
        m_lastCall.erase(e.agentId);
        const QString name = QString::fromStdString(e.displayName);
        qCInfo(lcHost).noquote() << "left the queue (no live session for" << grace / 1000
                                 << "s):" << name;
        removed << name;
        Q_EMIT queueAbandoned(name);
    }
    if (!removed.isEmpty())
        emitQueue();
    // Only queued agents' calls matter here: the map stays as small as the queue.
    std::erase_if(m_lastCall, [this, ids = m_lobby->queueIds()](const auto &entry) {
        return std::none_of(ids.begin(), ids.end(), [&](const std::string &id) {
            const auto &q = m_lobby->queue(id);
            return std::any_of(q.begin(), q.end(), [&](const engine::QueueEntry &e) {
                return e.agentId == entry.first;
            });
        });
    });
    return removed;
}

// ---------------------------------------------------------------- identity and tools

QCoro::Task<ToolResult> Host::sendSeatCall(Caller caller, std::string tool, json args)
{
    return m_gateway ? m_gateway(std::move(caller), std::move(tool), std::move(args))
                     : callTool(std::move(caller), std::move(tool), std::move(args));
}

QCoro::Task<ToolResult> Host::callTool(Caller caller, std::string tool, json args)
{
    if (m_options.queueGrace.count() > 0 && !caller.agentId.empty()
        && !SeatRunner::isHosted(caller.agentId))
        m_lastCall[caller.agentId] = now(); // the queue's grace period (sweepAbandonedQueue)
    return m_tools.call(std::move(caller), std::move(tool), std::move(args));
}

std::optional<Caller> Host::authenticate(const std::string &bearerToken)
{
    if (!m_store || bearerToken.empty())
        return std::nullopt;
    auto a = store()->verifyToken(bearerToken); // waits for a running commit
    if (!a)
        return std::nullopt;
    return Caller{a.value().agentId, a.value().name, {}};
}

void Host::forgetSession(const std::string &sessionKey, const std::string &guestAgentId)
{
    m_reads.forget(ReadLimiter::keyFor({}, sessionKey));
    if (!guestAgentId.empty())
        m_reads.forget(guestAgentId);
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
    m_lobby->defaults().speed = speed; // new matches
    // Running matches too: the toolbar's speed is what the viewer sees now.
    for (const auto &[id, m] : m_lobby->matches()) {
        const std::uint64_t before = m->state().lastSeq;
        if (!m->setSpeed(speed, now()).empty())
            stage(*m, before);
    }
}

// ---------------------------------------------------------------- push agents

std::optional<std::string>
Host::queuePushSeat(const QString &displayName, PushEndpoint endpoint, const std::string &queueId)
{
    const std::optional<std::string> agentId
        = m_roster.addPushSeat(displayName, std::move(endpoint));
    if (!agentId)
        return std::nullopt;
    if (!joinQueue(*agentId, displayName.toStdString(), queueId)) {
        m_roster.dropPushSeat(*agentId);
        return std::nullopt;
    }
    emitQueue();
    m_pipeline.scheduleFlush();
    scheduleSeats(); // a full table may have seated it at once
    return agentId;
}

std::optional<std::string>
Host::queueHumanSeat(const QString &displayName, bool local, const std::string &queueId)
{
    const std::string agentId = m_humans.add(displayName, local);
    if (!joinQueue(agentId, displayName.toStdString(), queueId)) {
        m_humans.drop(agentId);
        return std::nullopt;
    }
    emitQueue();
    m_pipeline.scheduleFlush();
    scheduleSeats(); // a full table may have seated it at once
    return agentId;
}

std::shared_ptr<const PushStats> Host::pushStats(const std::string &matchId,
                                                 const std::string &playerId) const
{
    return m_roster.pushStats(matchId, playerId);
}

} // namespace townhall::host
