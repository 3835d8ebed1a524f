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

/// A profile as the store keeps it: ProviderProfile::toJson (never the key)
/// with the profile's name.
std::string storedProfile(const providers::ProviderProfile &p)
{
    json j = p.toJson();
    j["name"] = p.name.toStdString();
    return storedJson(j);
}

/// The profile of storedProfile, or why it cannot be read (`why`).
std::optional<providers::ProviderProfile> profileFromStore(const std::string &text, QString *why)
{
    json j = json::parse(text, nullptr, false);
    if (!j.is_object()) {
        *why = Host::tr("it is not a JSON object");
        return std::nullopt;
    }
    const QString name = QString::fromStdString(j.value("name", std::string()));
    j.erase("name");
    QStringList errors;
    QStringList warnings;
    auto p = providers::ProviderProfile::fromJson(
        j, name, QStringLiteral("profile"), &errors, &warnings);
    if (!p)
        *why = errors.join(QStringLiteral("; "));
    return p;
}

/// How a restarted host plays a stored model seat: the stored profile with
/// its key looked up again in the environment, or why the stand-in must
/// play it instead (`handOver`, a sentence for the seat's log).
struct PlayableAgain
{
    providers::ProviderProfile profile;
    QString handOver;
};

PlayableAgain playableAgain(const std::string &profileJson)
{
    QString why;
    std::optional<providers::ProviderProfile> p = profileFromStore(profileJson, &why);
    if (!p)
        return {{},
                QStringLiteral(
                    "After the restart the seat's stored provider profile could not be read (%1); "
                    "the built-in bot plays this seat from now on.")
                    .arg(why)};
    const providers::KeyLookup key = providers::EnvironmentKeySource::lookupNow(*p);
    if (!key.problem.isEmpty())
        return {*p,
                QStringLiteral(
                    "After the restart the seat's API key was not found (%1); the built-in bot "
                    "plays this seat from now on.")
                    .arg(key.problem)};
    p->apiKey = key.key;
    return {*p, {}};
}

/// N in an agent id "<prefix>N:…" ("bot:", "model:"), or 0.
int agentNumber(const std::string &agentId, std::string_view prefix)
{
    if (agentId.rfind(prefix, 0) != 0)
        return 0;
    const std::size_t end = agentId.find(':', prefix.size());
    return QString::fromStdString(
               agentId.substr(prefix.size(), end == std::string::npos ? end : end - prefix.size()))
        .toInt();
}

ModelNoteRow noteRow(const std::string &matchId,
                     const std::string &playerId,
                     std::int64_t n,
                     const PilotNote &note)
{
    return ModelNoteRow{matchId,
                        playerId,
                        n,
                        note.at,
                        note.day,
                        std::string(engine::toString(note.phase)),
                        PilotNote::kindName(note.kind),
                        note.text.toStdString()};
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
        [this](const Match &m, const engine::Player &p) { return makePilot(m, p); });
    m_seatTimer.setSingleShot(true);
    m_seatTimer.setInterval(0);
    connect(&m_seatTimer, &QTimer::timeout, this, &Host::stepSeats);
    m_pilotTimer.setSingleShot(true);
    m_pilotTimer.setInterval(0);
    connect(&m_pilotTimer, &QTimer::timeout, this, &Host::flushPilotChanges);
    // Push seats follow their matches through what was committed (this
    // signal, unlike matchEvents, copies no events when nobody else listens).
    connect(this, &Host::matchStateChanged, this, [this](const QString &matchId) {
        updatePushSeats(matchId.toStdString());
    });
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
    flushPilotChanges();
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
    // The numbers of the host's own agents go on from the highest one
    // known, so a new bot or model seat never takes the id of one that
    // waits or plays.
    auto known = [this](const std::string &agentId) {
        m_botCounter = std::max(m_botCounter, agentNumber(agentId, "bot:"));
        m_modelCounter = std::max(m_modelCounter, agentNumber(agentId, "model:"));
    };
    for (const engine::QueueEntry &e : m_lobby->queue(engine::DefaultQueueId))
        known(e.agentId);
    for (const Match *m : m_lobby->orderedMatches())
        for (const engine::Player &p : m->state().players)
            known(p.agentId);
    restoreModelSeats(r);
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
    // The pilots' rows and notes of the refused batches are lost too: the
    // seats staged since the last good commit send all their notes again
    // (once storage works, see flushPilotChanges).
    for (auto &[key, seat] : m_pilots)
        if (seat.stagedGen > m_pipeline.committedGeneration()) {
            seat.notesStaged = seat.log->notesBefore;
            m_changedSeats.insert(key);
        }
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
    if (!m_changedSeats.empty())
        m_pilotTimer.start(); // what the pilots logged during the outage
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
    const auto &names = engine::botNames();
    for (int i = 0; i < n; ++i) {
        ++m_botCounter;
        // Bot names cycle through the list, skipping names already waiting in
        // this queue: a table never holds two (16 names, at most 11 waiting),
        // and no name needs a number that reads like a vote count ("Cora 5").
        const auto &q = m_lobby->queue(queueId);
        std::string name;
        for (std::size_t k = 0; k < names.size(); ++k) {
            name = names[(static_cast<std::size_t>(m_botCounter) - 1 + k) % names.size()];
            if (std::none_of(q.begin(), q.end(), [&name](const engine::QueueEntry &e) {
                    return e.displayName == name;
                }))
                break;
        }
        const std::string agentId = "bot:" + std::to_string(m_botCounter) + ":"
                                    + std::to_string(m_lobby->seed() % 100000);
        joinQueue(agentId, name, queueId);
    }
    emitQueue();
    m_pipeline.scheduleFlush();
}

void Host::queueBot(const QString &displayName, const std::string &queueId)
{
    ++m_botCounter;
    joinQueue("bot:" + std::to_string(m_botCounter) + ":"
                  + std::to_string(m_lobby->seed() % 100000),
              displayName.toStdString(),
              queueId);
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
    const std::string agentId
        = "model:" + std::to_string(++m_modelCounter) + ":" + displayName.toStdString();
    // How to play it is stored with its place in the queue (before it:
    // a full table seats it at once, and then it waits no more), so a
    // restarted host can play it.
    m_pipeline.stageQueuedModelSeat(QueuedModelSeatRow{
        agentId, displayName.toStdString(), storedProfile(profile), persona.toStdString(), now()});
    m_modelSeats[agentId] = ModelSeat{std::move(profile), persona, {}};
    if (!joinQueue(agentId, displayName.toStdString(), queueId)) {
        m_modelSeats.erase(agentId);
        m_pipeline.stageUnqueuedModelSeat(agentId);
        return std::nullopt;
    }
    emitQueue();
    m_pipeline.scheduleFlush();
    return agentId;
}

std::unique_ptr<engine::SeatDriver> Host::makePilot(const Match &m, const engine::Player &p)
{
    const auto it = m_modelSeats.find(p.agentId);
    if (it == m_modelSeats.end())
        return nullptr;
    const ModelSeat &spec = it->second;
    const SeatKey key{m.matchId(), p.playerId};
    PilotSeat &seat = m_pilots[key]; // restored after a restart, else new
    if (!seat.log)
        seat.log = std::make_shared<PilotLog>();
    seat.agentId = p.agentId;
    seat.displayName = QString::fromStdString(p.displayName);
    seat.seat = p.seat;
    seat.profile = spec.profile;
    seat.profile.apiKey.clear();
    seat.persona = spec.persona;

    PilotOptions o;
    o.matchId = m.matchId();
    o.playerId = p.playerId;
    o.profile = spec.profile;
    o.persona = spec.persona;
    o.standInSeed
        = engine::Rng::forDecision(m.state().seed ^ 0x9170, static_cast<std::uint64_t>(p.seat), 1)
              .next();
    o.clock = m_options.clock;
    // The pilot's answers may come after it is gone (its request was under
    // way); the host may be gone by then too.
    QPointer<Host> self(this);
    o.changed = [self, key] {
        if (self)
            self->pilotChanged(key.first, key.second);
    };
    auto pilot = std::make_unique<Pilot>(
        std::move(o),
        [self, id = m.matchId()]() -> const Match * {
            return self ? self->m_lobby->match(id) : nullptr;
        },
        seat.log);
    if (!spec.handOver.isEmpty())
        pilot->handOver(spec.handOver);
    // The seat is stored with the match from the start, so a restart finds
    // it before its model ever answered; it no longer waits in the queue.
    m_pipeline.stageUnqueuedModelSeat(p.agentId);
    pilotChanged(key.first, key.second);
    return pilot;
}

std::shared_ptr<const PilotLog> Host::pilotLog(const std::string &matchId,
                                               const std::string &playerId) const
{
    const auto it = m_pilots.find({matchId, playerId});
    return it == m_pilots.end() ? nullptr : it->second.log;
}

std::vector<ModelSeatInfo> Host::modelSeats(const std::string &matchId) const
{
    std::vector<ModelSeatInfo> out;
    for (auto it = m_pilots.lower_bound({matchId, std::string()});
         it != m_pilots.end() && it->first.first == matchId;
         ++it) {
        const PilotSeat &seat = it->second;
        out.push_back(ModelSeatInfo{it->first.second,
                                    seat.agentId,
                                    seat.displayName,
                                    seat.profile,
                                    seat.persona,
                                    seat.log});
    }
    std::stable_sort(
        out.begin(), out.end(), [this, &matchId](const ModelSeatInfo &a, const ModelSeatInfo &b) {
            return m_pilots.at({matchId, a.playerId}).seat
                   < m_pilots.at({matchId, b.playerId}).seat;
        });
    return out;
}

void Host::pilotChanged(const std::string &matchId, const std::string &playerId)
{
    m_changedSeats.insert({matchId, playerId});
    if (!m_pilotTimer.isActive())
        m_pilotTimer.start();
}

void Host::flushPilotChanges()
{
    m_pilotTimer.stop();
    // While storage fails, the changes wait (a commit per model answer
    // would only fail again); storageWorks() brings them back.
    const bool store = !m_storage.degraded();
    std::set<SeatKey> changed;
    if (store)
        changed.swap(m_changedSeats);
    else
        changed = m_changedSeats;
    for (const SeatKey &key : changed) {
        const auto it = m_pilots.find(key);
        if (it == m_pilots.end())
            continue;
        if (store)
            stagePilotSeat(key, it->second);
        Q_EMIT modelSeatChanged(QString::fromStdString(key.first),
                                QString::fromStdString(key.second));
    }
}

void Host::stagePilotSeat(const SeatKey &key, PilotSeat &seat)
{
    const PilotLog &log = *seat.log;
    ModelSeatRow row{key.first,
                     key.second,
                     seat.agentId,
                     seat.displayName.toStdString(),
                     storedProfile(seat.profile),
                     seat.persona.toStdString(),
                     storedJson(log.stats.toJson())};
    std::vector<ModelNoteRow> notes;
    const std::int64_t end = log.notesBefore + static_cast<std::int64_t>(log.notes.size());
    for (std::int64_t n = std::max(seat.notesStaged, log.notesBefore); n < end; ++n)
        notes.push_back(noteRow(
            key.first, key.second, n, log.notes[static_cast<std::size_t>(n - log.notesBefore)]));
    seat.notesStaged = end;
    m_pipeline.stageModelSeat(std::move(row), std::move(notes));
    seat.stagedGen = m_pipeline.stagedGeneration();
}

void Host::restoreModelSeats(const Recovery &r)
{
    for (const RecoveredModelSeat &stored : r.modelSeats) {
        const ModelSeatRow &row = stored.row;
        const Match *m = m_lobby->match(row.matchId);
        const engine::Player *p = m ? m->player(row.playerId) : nullptr;
        if (!p || p->agentId != row.agentId)
            continue; // not a seat of a resumed match
        PlayableAgain again = playableAgain(row.profileJson);
        if (!again.handOver.isEmpty())
            m_notices << Host::tr("Model seat %1 in %2: %3")
                             .arg(QString::fromStdString(row.displayName),
                                  QString::fromStdString(row.matchId),
                                  again.handOver);
        PilotSeat &seat = m_pilots[{row.matchId, row.playerId}];
        seat.log = std::make_shared<PilotLog>();
        seat.log->stats = PilotStats::fromJson(json::parse(row.statsJson, nullptr, false));
        for (const ModelNoteRow &n : stored.notes) {
            const auto kind = PilotNote::kindFromName(n.kind);
            const auto phase = engine::parsePhase(n.phase);
            seat.log->notes.push_back(PilotNote{kind.value_or(PilotNote::Kind::Thought),
                                                n.at,
                                                n.day,
                                                phase.value_or(engine::Phase::Lobby),
                                                QString::fromStdString(n.text)});
        }
        // Numbered on from the last stored note, so the store's rows are never overwritten.
        const std::int64_t end = stored.notes.empty() ? 0 : stored.notes.back().n + 1;
        seat.log->notesBefore = end - static_cast<std::int64_t>(seat.log->notes.size());
        seat.notesStaged = end;
        m_modelSeats[row.agentId] = ModelSeat{std::move(again.profile),
                                              QString::fromStdString(row.persona),
                                              std::move(again.handOver)};
    }

    // A model seat of a resumed match with nothing stored (a database of a
    // version before model seats were stored) is the stand-in's.
    for (const ResumedMatch &resumed : r.resumed)
        for (const engine::Player &p : resumed.match->state().players)
            if (SeatRunner::isModel(p.agentId) && !m_modelSeats.contains(p.agentId))
                m_modelSeats[p.agentId]
                    = ModelSeat{{},
                                {},
                                QStringLiteral("After the restart nothing was found of how to play "
                                               "this seat; the built-in "
                                               "bot plays it from now on.")};

    // The queue came back from its journal; how to play its model seats
    // comes from their stored rows. One that cannot be played leaves.
    std::map<std::string, const QueuedModelSeatRow *> specs;
    for (const QueuedModelSeatRow &q : r.queuedModelSeats)
        specs[q.agentId] = &q;
    std::vector<engine::QueueEntry> leaving;
    std::map<std::string, QString> why;
    for (const engine::QueueEntry &e : m_lobby->queue(engine::DefaultQueueId)) {
        if (!SeatRunner::isModel(e.agentId))
            continue;
        const auto spec = specs.find(e.agentId);
        if (spec == specs.end()) {
            leaving.push_back(e);
            why[e.agentId] = Host::tr("how to play it was not stored");
            continue;
        }
        QString problem;
        std::optional<providers::ProviderProfile> profile
            = profileFromStore(spec->second->profileJson, &problem);
        if (profile) {
            const providers::KeyLookup key = providers::EnvironmentKeySource::lookupNow(*profile);
            problem = key.problem;
            profile->apiKey = key.key;
        } else {
            problem = Host::tr("its stored provider profile could not be read (%1)").arg(problem);
        }
        if (problem.isEmpty())
            m_modelSeats[e.agentId]
                = ModelSeat{std::move(*profile), QString::fromStdString(spec->second->persona), {}};
        else
            leaving.push_back(e);
        why[e.agentId] = problem;
        specs.erase(spec);
    }
    for (const auto &[agentId, spec] : specs)
        m_pipeline.stageUnqueuedModelSeat(agentId); // seated or gone before the restart
    for (const engine::QueueEntry &e : leaving) {
        auto left = m_lobby->leave(e.agentId, engine::DefaultQueueId, now(), "cannot be played");
        if (left && left->removed)
            m_pipeline.stageLobby(left->records);
        m_pipeline.stageUnqueuedModelSeat(e.agentId);
        m_notices << Host::tr("Model seat %1 left the queue: %2")
                         .arg(QString::fromStdString(e.displayName), why[e.agentId]);
    }
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
            if (SeatRunner::isHosted(e.agentId) || m_pushEndpoints.count(e.agentId))
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
    if (!endpoint.validate().isEmpty())
        return std::nullopt;
    const std::string agentId
        = "push:" + std::to_string(++m_pushCounter) + ":" + displayName.toStdString();
    m_pushEndpoints[agentId] = std::move(endpoint);
    if (!joinQueue(agentId, displayName.toStdString(), queueId)) {
        m_pushEndpoints.erase(agentId);
        return std::nullopt;
    }
    emitQueue();
    m_pipeline.scheduleFlush();
    // A full table may have seated it at once.
    for (const auto &[id, m] : m_lobby->matches())
        if (m->playerByAgent(agentId))
            updatePushSeats(id);
    return agentId;
}

std::shared_ptr<const PushStats> Host::pushStats(const std::string &matchId,
                                                 const std::string &playerId) const
{
    const auto it = m_pushSeats.find({matchId, playerId});
    return it == m_pushSeats.end() ? nullptr : it->second.stats;
}

void Host::updatePushSeats(const std::string &matchId)
{
    const Match *m = m_lobby->match(matchId);
    if (!m || (m_pushEndpoints.empty() && m_pushSeats.empty()))
        return;
    for (const engine::Player &p : m->state().players) {
        auto found = m_pushSeats.find({matchId, p.playerId});
        if (found == m_pushSeats.end()) {
            const auto ep = m_pushEndpoints.find(p.agentId);
            if (ep == m_pushEndpoints.end())
                continue;
            auto &entry = m_pushSeats[{matchId, p.playerId}];
            PushSeatOptions o;
            o.matchId = matchId;
            o.playerId = p.playerId;
            o.endpoint = ep->second;
            o.seed = engine::Rng::forDecision(
                         m->state().seed ^ 0x9054, static_cast<std::uint64_t>(p.seat), 1)
                         .next();
            o.clock = m_options.clock;
            entry.stats = std::make_shared<PushStats>();
            QPointer<Host> self(this);
            const std::pair<std::string, std::string> key{matchId, p.playerId};
            o.changed = [self, key] {
                if (!self)
                    return;
                const auto it = self->m_pushSeats.find(key);
                if (it != self->m_pushSeats.end() && it->second.seat)
                    *it->second.stats = it->second.seat->stats();
            };
            const Caller caller{p.agentId, p.displayName, {}};
            entry.seat = std::make_unique<PushSeat>(
                std::move(o),
                [self, matchId]() -> const Match * {
                    return self ? self->m_lobby->match(matchId) : nullptr;
                },
                [self, caller](const engine::ToolCall &call, PushSeat::Done done) {
                    if (!self)
                        return;
                    // The bots' path: through the MCP dispatcher when one is
                    // wired, so the recorder, `townhall calls` and the inspector see it.
                    self->sendSeatCall(caller, call.tool, call.arguments)
                        .then([done](const mcp::ToolResult &r) {
                            done(r.ok(), r.ok() ? r.value() : json{{"error", r.error().toJson()}});
                        });
                });
            // Nobody waits for this seat in the queue any more.
            m_pushEndpoints.erase(ep);
            found = m_pushSeats.find({matchId, p.playerId});
        }
        found->second.seat->update();
    }
}

} // namespace townhall::host
