// SPDX-License-Identifier: MIT
#include "host/seats/seatroster.h"

#include "engine/rng.h"
#include "engine/simulator.h"
#include "host/commitpipeline.h"
#include "host/providers/keysource.h"
#include "host/recovery.h"
#include "host/seats/seatrunner.h"
#include "host/storagehealth.h"
#include "host/store/batch.h"

#include <QPointer>

#include <algorithm>

namespace townhall::host {

using engine::Match;
using nlohmann::json;

namespace {
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
        *why = SeatRoster::tr("it is not a JSON object");
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

/// N in an agent id "<prefix>N:…" ("bot:", "model:", "push:"), or 0.
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

SeatRoster::SeatRoster(engine::Lobby &lobby,
                       CommitPipeline &pipeline,
                       const StorageHealth &storage,
                       std::function<engine::TimeMs()> clock,
                       QObject *parent)
    : QObject(parent)
    , m_lobby(lobby)
    , m_pipeline(pipeline)
    , m_storage(storage)
    , m_clock(std::move(clock))
{
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(0);
    connect(&m_flushTimer, &QTimer::timeout, this, &SeatRoster::flushChanges);
}

SeatRoster::~SeatRoster() = default;

// ---------------------------------------------------------------- bots

std::string SeatRoster::nextBotId()
{
    ++m_botCounter;
    return "bot:" + std::to_string(m_botCounter) + ":" + std::to_string(m_lobby.seed() % 100000);
}

std::pair<std::string, std::string> SeatRoster::nextBot(const std::string &queueId)
{
    const std::string agentId = nextBotId();
    // Bot names cycle through the list, skipping names already waiting in
    // this queue: a table never holds two (16 names, at most 11 waiting),
    // and no name needs a number that reads like a vote count ("Cora 5").
    const auto &names = engine::botNames();
    const auto &q = m_lobby.queue(queueId);
    std::string name;
    for (std::size_t k = 0; k < names.size(); ++k) {
        name = names[(static_cast<std::size_t>(m_botCounter) - 1 + k) % names.size()];
        if (std::none_of(q.begin(), q.end(), [&name](const engine::QueueEntry &e) {
                return e.displayName == name;
            }))
            break;
    }
    return {agentId, name};
}

// ---------------------------------------------------------------- model seats

std::string SeatRoster::addModelSeat(const QString &displayName,
                                     providers::ProviderProfile profile,
                                     const QString &persona)
{
    const std::string agentId
        = "model:" + std::to_string(++m_modelCounter) + ":" + displayName.toStdString();
    // How to play it is stored with its place in the queue (before it:
    // a full table seats it at once, and then it waits no more), so a
    // restarted host can play it.
    m_pipeline.stageQueuedModelSeat(QueuedModelSeatRow{agentId,
                                                       displayName.toStdString(),
                                                       storedProfile(profile),
                                                       persona.toStdString(),
                                                       m_clock()});
    m_modelSeats[agentId] = ModelSeat{std::move(profile), persona, {}};
    return agentId;
}

void SeatRoster::dropModelSeat(const std::string &agentId)
{
    m_modelSeats.erase(agentId);
    m_pipeline.stageUnqueuedModelSeat(agentId);
}

std::unique_ptr<engine::SeatDriver> SeatRoster::driverFor(const engine::Match &m,
                                                          const engine::Player &p)
{
    if (SeatRunner::isModel(p.agentId))
        return makePilot(m, p);
    if (SeatRunner::isHuman(p.agentId))
        return makeHumanSeat(m, p);
    return makePushSeat(m, p);
}

std::unique_ptr<engine::SeatDriver> SeatRoster::makePilot(const engine::Match &m,
                                                          const engine::Player &p)
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
    o.clock = m_clock;
    // The pilot's answers may come after it is gone (its request was under
    // way); the host may be gone by then too.
    QPointer<SeatRoster> self(this);
    o.changed = [self, key] {
        if (self)
            self->pilotChanged(key);
    };
    auto pilot = std::make_unique<Pilot>(
        std::move(o),
        [self, id = m.matchId()]() -> const Match * {
            return self ? self->m_lobby.match(id) : nullptr;
        },
        seat.log);
    if (!spec.handOver.isEmpty())
        pilot->handOver(spec.handOver);
    // The seat is stored with the match from the start, so a restart finds
    // it before its model ever answered; it no longer waits in the queue.
    m_pipeline.stageUnqueuedModelSeat(p.agentId);
    pilotChanged(key);
    return pilot;
}

std::shared_ptr<const PilotLog> SeatRoster::pilotLog(const std::string &matchId,
                                                     const std::string &playerId) const
{
    const auto it = m_pilots.find({matchId, playerId});
    return it == m_pilots.end() ? nullptr : it->second.log;
}

std::vector<ModelSeatInfo> SeatRoster::modelSeats(const std::string &matchId) const
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

void SeatRoster::pilotChanged(const SeatKey &key)
{
    m_changedSeats.insert(key);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void SeatRoster::flushChanges()
{
    m_flushTimer.stop();
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

void SeatRoster::stagePilotSeat(const SeatKey &key, PilotSeat &seat)
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

void SeatRoster::restoreResumedSeats(const Recovery &r, QStringList &notices)
{
    for (const RecoveredModelSeat &stored : r.modelSeats) {
        const ModelSeatRow &row = stored.row;
        const engine::Match *m = m_lobby.match(row.matchId);
        const engine::Player *p = m ? m->player(row.playerId) : nullptr;
        if (!p || p->agentId != row.agentId)
            continue; // not a seat of a resumed match
        PlayableAgain again = playableAgain(row.profileJson);
        if (!again.handOver.isEmpty())
            notices << tr("Model seat %1 in %2: %3")
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
}

void SeatRoster::restoreQueuedSeats(const Recovery &r, QStringList &notices)
{
    // The queue came back from its journal; how to play its model seats
    // comes from their stored rows. One that cannot be played leaves.
    std::map<std::string, const QueuedModelSeatRow *> specs;
    for (const QueuedModelSeatRow &q : r.queuedModelSeats)
        specs[q.agentId] = &q;
    std::vector<engine::QueueEntry> leaving;
    std::map<std::string, QString> why;
    for (const engine::QueueEntry &e : m_lobby.queue(engine::DefaultQueueId)) {
        if (!SeatRunner::isModel(e.agentId))
            continue;
        const auto spec = specs.find(e.agentId);
        if (spec == specs.end()) {
            leaving.push_back(e);
            why[e.agentId] = tr("how to play it was not stored");
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
            problem = tr("its stored provider profile could not be read (%1)").arg(problem);
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
        auto left = m_lobby.leave(e.agentId, engine::DefaultQueueId, m_clock(), "cannot be played");
        if (left && left->removed)
            m_pipeline.stageLobby(left->records);
        m_pipeline.stageUnqueuedModelSeat(e.agentId);
        notices << tr("Model seat %1 left the queue: %2")
                       .arg(QString::fromStdString(e.displayName), why[e.agentId]);
    }
}

// ---------------------------------------------------------------- push seats

std::optional<std::string> SeatRoster::addPushSeat(const QString &displayName,
                                                   PushEndpoint endpoint)
{
    if (!endpoint.validate().isEmpty())
        return std::nullopt;
    const std::string agentId
        = "push:" + std::to_string(++m_pushCounter) + ":" + displayName.toStdString();
    m_pushEndpoints[agentId] = std::move(endpoint);
    return agentId;
}

void SeatRoster::dropPushSeat(const std::string &agentId)
{
    m_pushEndpoints.erase(agentId);
}

std::shared_ptr<const PushStats> SeatRoster::pushStats(const std::string &matchId,
                                                       const std::string &playerId) const
{
    const auto it = m_pushStats.find({matchId, playerId});
    return it == m_pushStats.end() ? nullptr : it->second;
}

std::unique_ptr<engine::SeatDriver> SeatRoster::makePushSeat(const engine::Match &m,
                                                             const engine::Player &p)
{
    const auto ep = m_pushEndpoints.find(p.agentId);
    if (ep == m_pushEndpoints.end())
        return nullptr;
    PushSeatOptions o;
    o.matchId = m.matchId();
    o.playerId = p.playerId;
    o.endpoint = ep->second;
    o.rules = m.state().config.rules;
    o.seed
        = engine::Rng::forDecision(m.state().seed ^ 0x9054, static_cast<std::uint64_t>(p.seat), 1)
              .next();
    auto seat = std::make_unique<PushSeat>(std::move(o));
    m_pushStats[{m.matchId(), p.playerId}] = seat->sharedStats();
    // Nobody waits for this seat in the queue any more.
    m_pushEndpoints.erase(ep);
    return seat;
}

// ---------------------------------------------------------------- people

std::unique_ptr<engine::SeatDriver> SeatRoster::makeHumanSeat(const engine::Match &m,
                                                              const engine::Player &p)
{
    const SeatKey key{m.matchId(), p.playerId};
    QPointer<SeatRoster> self(this);
    std::unique_ptr<engine::SeatDriver> driver;
    if (m_humans)
        driver = m_humans->driverFor(m, p, [self, key] {
            if (self)
                self->pilotChanged(key);
        });
    if (!driver) {
        // A person's seat nobody holds a code for (the host restarted): the
        // stand-in plays it, so the match does not wait for nobody.
        return std::make_unique<engine::BotDriver>(
            p.playerId,
            engine::Rng::forDecision(m.state().seed ^ 0x4E4A, static_cast<std::uint64_t>(p.seat), 1)
                .next());
    }
    // Listed with the model seats: the stand-in's notes are stored, exported
    // and shown like theirs.
    PilotSeat &seat = m_pilots[key];
    seat.agentId = p.agentId;
    seat.displayName = QString::fromStdString(p.displayName);
    seat.seat = p.seat;
    seat.profile = providers::ProviderProfile{};
    seat.profile.name = QStringLiteral("person");
    seat.profile.model = QStringLiteral("person");
    seat.log = m_humans->state(p.agentId)->log;
    pilotChanged(key);
    return driver;
}

// ---------------------------------------------------------------- storage

void SeatRoster::recovered(const Recovery &r, QStringList &notices)
{
    // The numbers of the host's own agents go on from the highest one
    // known, so a new bot or model seat never takes the id of one that
    // waits or plays.
    auto known = [this](const std::string &agentId) {
        m_botCounter = std::max(m_botCounter, agentNumber(agentId, "bot:"));
        m_modelCounter = std::max(m_modelCounter, agentNumber(agentId, "model:"));
        m_pushCounter = std::max(m_pushCounter, agentNumber(agentId, "push:"));
        if (m_humans)
            m_humans->numberTaken(agentNumber(agentId, "human:"));
    };
    for (const engine::QueueEntry &e : m_lobby.queue(engine::DefaultQueueId))
        known(e.agentId);
    for (const engine::Match *m : m_lobby.orderedMatches())
        for (const engine::Player &p : m->state().players)
            known(p.agentId);
    restoreResumedSeats(r, notices);
    restoreQueuedSeats(r, notices);
    dropQueuedPeople(notices);
}

void SeatRoster::dropQueuedPeople(QStringList &notices)
{
    // A person's join link lives only in the host that printed it: one
    // still waiting in the queue has nobody to play it after a restart.
    // (One seated in a resumed match is the stand-in's: makeHumanSeat.)
    std::vector<engine::QueueEntry> people;
    for (const engine::QueueEntry &e : m_lobby.queue(engine::DefaultQueueId))
        if (SeatRunner::isHuman(e.agentId))
            people.push_back(e);
    for (const engine::QueueEntry &e : people) {
        auto left = m_lobby.leave(e.agentId, engine::DefaultQueueId, m_clock(), "cannot be played");
        if (left && left->removed)
            m_pipeline.stageLobby(left->records);
        notices << tr("%1's seat left the queue: its join link does not outlive a restart; "
                      "invite them again")
                       .arg(QString::fromStdString(e.displayName));
    }
}

void SeatRoster::commitFailed()
{
    // The pilots' rows and notes of the refused batches are lost too: the
    // seats staged since the last good commit send all their notes again
    // (once storage works, see flushChanges).
    for (auto &[key, seat] : m_pilots)
        if (seat.stagedGen > m_pipeline.committedGeneration()) {
            seat.notesStaged = seat.log->notesBefore;
            m_changedSeats.insert(key);
        }
}

void SeatRoster::storageRecovered()
{
    if (!m_changedSeats.empty())
        m_flushTimer.start(); // what the pilots logged during the outage
}

} // namespace townhall::host
