// SPDX-License-Identifier: MIT
#include "host/livetournament.h"

#include "host/seating.h"
#include "host/seats/pilot.h"
#include "host/seats/pushseat.h"
#include "host/sharedtournaments.h"
#include "host/store/storetr.h"

#include <QDateTime>
#include <QLoggingCategory>

namespace townhall::host {

Q_LOGGING_CATEGORY(lcTournament, "townhall.tournament", QtInfoMsg)

using tournament::ParticipantKind;
using tournament::ScheduledMatch;

namespace {
QString q(const std::string &s)
{
    return QString::fromStdString(s);
}
} // namespace

providers::SeatsFileParse seatsOf(const tournament::TournamentSpec &spec)
{
    engine::json seats = engine::json::array();
    for (const tournament::Participant &p : spec.participants) {
        engine::json seat = p.entry;
        seat.erase("agent");
        seat["name"] = p.name.empty() ? p.id : p.name;
        if (p.kind == ParticipantKind::Agent || p.kind == ParticipantKind::Human)
            seat = {{"name", p.id}, {"bot", true}}; // the runner seats these itself
        // A push agent's token comes from the environment, at run time only.
        if (p.kind == ParticipantKind::Push && seat["push"].is_object()
            && seat["push"].contains("tokenEnv")) {
            const std::string var = seat["push"].value("tokenEnv", std::string());
            seat["push"].erase("tokenEnv");
            if (!var.empty() && qEnvironmentVariableIsSet(var.c_str()))
                seat["push"]["token"] = qEnvironmentVariable(var.c_str()).toStdString();
        }
        seats.push_back(std::move(seat));
    }
    const engine::json file{{"providers", spec.providers}, {"seats", seats}};
    providers::SeatsFileParse parsed
        = providers::parseSeatsFile(QByteArray::fromStdString(file.dump()));
    if (parsed.ok())
        for (std::size_t i = 0; i < spec.participants.size(); ++i)
            if (spec.participants[i].kind == ParticipantKind::Human) {
                parsed.file->seats[i].bot = false;
                parsed.file->seats[i].human = providers::HumanSpec{};
            }
    return parsed;
}

std::optional<engine::Timers> timersOf(const tournament::TournamentSpec &spec)
{
    switch (spec.timers) {
    case tournament::TimerChoice::Model:
        return engine::modelPlayTimers();
    case tournament::TimerChoice::People:
        return timersOf(TimerPreset::People);
    case tournament::TimerChoice::Standard:
        break;
    }
    return std::nullopt;
}

LiveTournament::LiveTournament(Host &host,
                               std::string tournamentId,
                               tournament::TournamentSpec spec,
                               providers::SeatsFile seats,
                               std::map<std::string, std::string> agentIds,
                               int parallel,
                               QObject *parent)
    : LiveTournament(host,
                     host.store() ? std::make_unique<LocalTournaments>(*host.store()) : nullptr,
                     std::move(tournamentId),
                     std::move(spec),
                     std::move(seats),
                     std::move(agentIds),
                     parallel,
                     parent)
{}

LiveTournament::LiveTournament(Host &host,
                               TournamentStore &store,
                               std::string tournamentId,
                               tournament::TournamentSpec spec,
                               providers::SeatsFile seats,
                               std::map<std::string, std::string> agentIds,
                               int parallel,
                               QObject *parent)
    : LiveTournament(host,
                     nullptr,
                     std::move(tournamentId),
                     std::move(spec),
                     std::move(seats),
                     std::move(agentIds),
                     parallel,
                     parent)
{
    m_store = &store;
}

LiveTournament::LiveTournament(Host &host,
                               std::unique_ptr<TournamentStore> own,
                               std::string tournamentId,
                               tournament::TournamentSpec spec,
                               providers::SeatsFile seats,
                               std::map<std::string, std::string> agentIds,
                               int parallel,
                               QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_ownStore(std::move(own))
    , m_store(m_ownStore.get())
    , m_holder(newClaimHolder())
    , m_id(std::move(tournamentId))
    , m_spec(std::move(spec))
    , m_seats(std::move(seats))
    , m_agentIds(std::move(agentIds))
    , m_parallel(std::max(1, parallel))
{
    m_timer.setInterval(200);
    connect(&m_timer, &QTimer::timeout, this, &LiveTournament::tick);
    connect(&m_renewTimer, &QTimer::timeout, this, &LiveTournament::renew);
    connect(&m_host, &Host::matchEnded, this, [this](const QString &matchId) {
        finish(matchId.toStdString());
    });
}

LiveTournament::~LiveTournament()
{
    // Matches under way cannot be recorded once this runner is gone: another
    // host plays them again now rather than when their leases run out.
    if (shared() && !m_claims.empty()) {
        std::vector<int> held;
        for (const auto &[index, row] : m_claims)
            held.push_back(index);
        if (auto r = m_store->releaseMatches(m_id, held, m_holder); !r)
            qCWarning(lcTournament) << "tournament" << q(m_id) << r.error().message;
    }
}

void LiveTournament::setLease(int leaseMs, int pollMs)
{
    m_leaseMs = std::max(100, leaseMs);
    m_pollMs = std::max(10, pollMs);
}

bool LiveTournament::start(QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    Store *store = m_host.store();
    if (!store || !m_store)
        return fail(tr("a tournament needs the database"));
    // A local tournament's matches are read back from the host's store.
    const auto *local = dynamic_cast<const LocalTournaments *>(m_store);
    if (!shared() && (!local || &local->store() != store))
        return fail(tr("a tournament on this host must be in the host's own database"));
    if (m_seats.seats.size() != m_spec.participants.size())
        return fail(tr("the tournament's seats do not match its participants"));
    for (const tournament::Participant &p : m_spec.participants)
        if (p.kind == ParticipantKind::Agent
            && !m_agentIds.count(p.entry.value("agent", std::string())))
            return fail(
                tr("participant %1: no registered agent named \"%2\" (townhall agent add NAME)")
                    .arg(q(p.id), q(p.entry.value("agent", std::string()))));
    if (m_spec.hasPeople()) {
        // A person plays one match at a time, at one host: their seat's
        // code, page and stand-in live in this host.
        if (shared())
            return fail(tr("a tournament with people plays on one host: give it a database "
                           "file, not a shared database"));
        const auto people = std::count_if(
            m_spec.participants.begin(),
            m_spec.participants.end(),
            [](const tournament::Participant &p) { return p.kind == ParticipantKind::Human; });
        if (m_peopleLocal && people > 1)
            return fail(tr("the app seats one person (you) in a tournament; play one with "
                           "several people headless, with --players-listen"));
        m_parallel = 1;
        // Each person's code exists from the start, on a seat that is never
        // queued: the link can be opened before the first match, which waits
        // for it (seatNext). Every match's seat then takes the code over.
        for (const tournament::Participant &p : m_spec.participants)
            if (p.kind == ParticipantKind::Human && !m_people.count(p.id)) {
                const std::string agentId = m_host.humanSeats().add(q(p.name), m_peopleLocal);
                m_people[p.id] = agentId;
                Q_EMIT joinCode(q(p.id), q(p.name), m_host.humanSeats().codeOf(agentId));
            }
    }
    if (!m_host.lobby().queueRules(queueId()))
        if (auto r = m_host.registerQueue(queueId(), m_spec.rules); !r)
            return fail(QString::fromStdString(r.error().message));
    m_progress = {};
    if (shared()) {
        // Nothing is held yet: a match this process held before it restarted
        // had another holder name, and its lease runs out.
        if (auto r = refreshCounts(); !r)
            return fail(r.error().message);
        m_renewTimer.start(std::max(50, m_leaseMs / 3));
        m_timer.start();
        QTimer::singleShot(0, this, &LiveTournament::tick);
        return true;
    }
    auto rows = m_store->tournamentMatches(m_id, false);
    if (!rows)
        return fail(rows.error().message);
    m_rows = std::move(rows).value();
    m_progress.scheduled = int(m_rows.size());
    // Matches under way when the host stopped: watch them if the host
    // resumed them, else schedule them again.
    std::vector<TournamentMatchRow> reset;
    for (TournamentMatchRow &row : m_rows) {
        if (row.status == "DONE") {
            ++m_progress.done;
        } else if (row.status == "PLAYING") {
            const engine::Match *m = m_host.lobby().match(row.matchId);
            if (m && m->ended()) {
                m_running[row.matchId] = row.index;
                QTimer::singleShot(0, this, [this, id = row.matchId] { finish(id); });
            } else if (m) {
                m_running[row.matchId] = row.index;
            } else {
                row.status = "SCHEDULED";
                row.matchId.clear();
                reset.push_back(row);
            }
        }
    }
    if (auto r = store->updateTournamentMatches(reset); !r)
        return fail(r.error().message);
    m_progress.running = int(m_running.size());
    m_timer.start();
    QTimer::singleShot(0, this, &LiveTournament::tick);
    return true;
}

void LiveTournament::stop()
{
    m_stopped = true;
    m_timer.stop();
    if (!shared())
        return;
    std::vector<int> unstarted;
    for (const auto &[index, row] : m_claims)
        if (row.matchId.empty())
            unstarted.push_back(index);
    if (auto r = m_store->releaseMatches(m_id, unstarted, m_holder); !r)
        qCWarning(lcTournament) << "tournament" << q(m_id) << r.error().message;
    for (int index : unstarted)
        m_claims.erase(index);
}

bool LiveTournament::shared() const
{
    return m_store && m_store->shared();
}

StoreResult<void> LiveTournament::refreshCounts()
{
    auto row = m_store->tournament(m_id);
    if (!row)
        return row.error();
    m_progress.scheduled = row.value().scheduled;
    m_progress.done = row.value().done;
    m_progress.running = int(m_running.size());
    return {};
}

void LiveTournament::emitProgress()
{
    m_progress.running = int(m_running.size());
    Q_EMIT progressChanged(m_progress.done, m_progress.scheduled, m_progress.running);
}

std::optional<ScheduledMatch> LiveTournament::entryOf(const TournamentMatchRow &row)
{
    auto m
        = tournament::scheduledMatchFromJson(engine::json::parse(row.scheduleJson, nullptr, false));
    if (!m)
        fail(tr("tournament %1: match %2's schedule entry does not parse")
                 .arg(q(m_id))
                 .arg(row.index));
    return m;
}

void LiveTournament::fail(const QString &message)
{
    m_timer.stop();
    Q_EMIT failed(message);
}

void LiveTournament::tick()
{
    if (m_done || m_stopped)
        return;
    if (shared()) {
        tickShared();
        return;
    }
    m_waitingFor.clear();
    for (TournamentMatchRow &row : m_rows) {
        if (int(m_running.size()) >= m_parallel)
            break;
        if (row.status != "SCHEDULED")
            continue;
        auto m = entryOf(row);
        if (!m)
            return;
        if (!seatNext(*m))
            break; // waits for an agent; matches keep their order
    }
    if (m_progress.done == m_progress.scheduled && m_running.empty()) {
        m_done = true;
        m_timer.stop();
        if (Store *store = m_host.store())
            (void)store->setTournamentStatus(m_id, "FINISHED");
        Q_EMIT finished();
    }
}

void LiveTournament::tickShared()
{
    m_waitingFor.clear();
    // Claim the next match when every claim is seated and fewer than
    // `parallel` run: one at a time, so hosts share the schedule.
    const bool unseated = std::any_of(
        m_claims.begin(), m_claims.end(), [](const auto &c) { return c.second.matchId.empty(); });
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!unseated && int(m_claims.size()) < m_parallel && now >= m_nextClaim) {
        auto claimed = m_store->claimMatches(m_id, m_holder, 1, m_leaseMs);
        if (!claimed) {
            if (unreachable(claimed.error()))
                m_nextClaim = now + std::max(m_pollMs, 2'000);
            else
                fail(claimed.error().message);
            return;
        }
        if (claimed.value().empty()) {
            // Nothing to claim: the end, or other hosts hold what is left
            // (a dead host's lease runs out, and the match is claimed again).
            m_nextClaim = now + m_pollMs;
            if (auto r = refreshCounts(); !r) {
                if (!unreachable(r.error()))
                    fail(r.error().message);
                return;
            }
            if (m_claims.empty() && m_progress.done >= m_progress.scheduled) {
                endShared();
                return;
            }
        } else {
            TournamentMatchRow row = std::move(claimed.value().front());
            row.matchId.clear();
            if (row.attempts > 1)
                qCInfo(lcTournament) << "tournament" << q(m_id) << "match" << row.index + 1
                                     << "is played again from the start, attempt" << row.attempts;
            m_claims[row.index] = std::move(row);
        }
    }
    for (const auto &[index, row] : m_claims) {
        if (!row.matchId.empty())
            continue;
        if (auto m = entryOf(row))
            (void)seatNext(*m); // false: waits for an agent, its lease renewed meanwhile
        return;                 // a claim at a time: at most one is unseated
    }
}

std::size_t LiveTournament::participantIndex(const std::string &id) const
{
    std::size_t i = 0;
    while (i < m_spec.participants.size() && m_spec.participants[i].id != id)
        ++i;
    return i;
}

std::map<std::string, engine::Role> LiveTournament::agentRolesOf(const ScheduledMatch &m) const
{
    std::map<std::string, engine::Role> agentRoles;
    for (const tournament::ScheduledSeat &s : m.seats) {
        const tournament::Participant &p = m_spec.participants[participantIndex(s.participantId)];
        if (p.kind == ParticipantKind::Agent)
            agentRoles[m_agentIds.at(p.entry.value("agent", std::string()))] = s.role;
    }
    return agentRoles;
}

void LiveTournament::noteMissingAgents(const std::map<std::string, engine::Role> &agentRoles,
                                       const std::deque<engine::QueueEntry> &waiting)
{
    for (const auto &[agentId, role] : agentRoles)
        if (std::none_of(waiting.begin(), waiting.end(), [&](const engine::QueueEntry &e) {
                return e.agentId == agentId;
            }))
            for (const tournament::Participant &p : m_spec.participants)
                if (p.kind == ParticipantKind::Agent
                    && m_agentIds.at(p.entry.value("agent", std::string())) == agentId)
                    m_waitingFor.append(q(p.id));
}

std::optional<LiveTournament::TableOrder>
LiveTournament::tableOrder(const ScheduledMatch &m,
                           const std::map<std::string, engine::Role> &agentRoles,
                           const std::deque<engine::QueueEntry> &waiting)
{
    TableOrder order;
    order.taken = m;
    order.taken.seats.clear();
    for (const engine::QueueEntry &e : waiting) {
        const auto it = agentRoles.find(e.agentId);
        if (it == agentRoles.end()) {
            // Someone this match does not seat (an agent early for a later
            // match): wait until the queue holds only this match's agents.
            m_waitingFor.append(q(e.displayName));
            return std::nullopt;
        }
        order.deal.push_back(it->second);
        for (const tournament::ScheduledSeat &s : m.seats)
            if (m_spec.participants[participantIndex(s.participantId)].kind
                    == ParticipantKind::Agent
                && m_agentIds.at(m_spec.participants[participantIndex(s.participantId)].entry.value(
                       "agent", std::string()))
                       == e.agentId) {
                order.taken.seats.push_back(s);
                order.taken.seats.back().displayName = e.displayName;
            }
    }
    for (const tournament::ScheduledSeat &s : m.seats)
        if (m_spec.participants[participantIndex(s.participantId)].kind != ParticipantKind::Agent) {
            order.deal.push_back(s.role);
            order.taken.seats.push_back(s);
        }
    return order;
}

bool LiveTournament::queueSeats(const ScheduledMatch &m, const std::string &queue)
{
    for (const tournament::ScheduledSeat &s : m.seats) {
        const std::size_t pi = participantIndex(s.participantId);
        const tournament::Participant &p = m_spec.participants[pi];
        const providers::SeatSpec &seat = m_seats.seats[pi];
        const QString name = q(s.displayName);
        bool ok = true;
        switch (p.kind) {
        case ParticipantKind::Bot:
            m_host.queueBot(name, queue);
            break;
        case ParticipantKind::Model: {
            auto id = m_host.queueModelSeat(name, *m_seats.profileFor(seat), seat.persona, queue);
            ok = id.has_value();
            break;
        }
        case ParticipantKind::Push: {
            PushEndpoint endpoint;
            endpoint.url = QUrl(seat.push->url);
            endpoint.token = seat.push->token;
            endpoint.deadlineMs = seat.push->deadlineMs;
            auto id = m_host.queuePushSeat(name, endpoint, queue);
            ok = id.has_value();
            break;
        }
        case ParticipantKind::Human:
            ok = queuePerson(p, name, queue);
            break;
        case ParticipantKind::Agent:
            break;
        }
        if (!ok) {
            Q_EMIT failed(tr("tournament %1: could not seat %2 in match %3")
                              .arg(q(m_id), q(p.id))
                              .arg(m.index + 1));
            m_timer.stop();
            return false;
        }
    }
    return true;
}

bool LiveTournament::queuePerson(const tournament::Participant &p,
                                 const QString &name,
                                 const std::string &queue)
{
    const auto id = m_host.queueHumanSeat(name, m_peopleLocal, queue);
    if (!id)
        return false;
    HumanSeats &humans = m_host.humanSeats();
    const auto last = m_people.find(p.id);
    const bool kept = last != m_people.end() && humans.moveCode(last->second, *id);
    m_people[p.id] = *id;
    m_seated.insert(p.id);
    if (!kept)
        Q_EMIT joinCode(q(p.id), q(p.name), humans.codeOf(*id));
    return true;
}

void LiveTournament::notePeopleAway(const ScheduledMatch &m)
{
    // Only before a person's first match of this run: later, a person who
    // left gets the stand-in rather than stalling everyone else.
    for (const tournament::ScheduledSeat &s : m.seats) {
        const tournament::Participant &p = m_spec.participants[participantIndex(s.participantId)];
        if (p.kind != ParticipantKind::Human || m_seated.count(p.id))
            continue;
        const auto it = m_people.find(p.id);
        const auto state = it == m_people.end() ? nullptr : m_host.humanSeats().state(it->second);
        if (state && !state->connected && !m_host.humanSeats().codeOf(it->second).isEmpty())
            m_waitingFor.append(q(p.name));
    }
}

QString LiveTournament::codeOf(const std::string &participantId) const
{
    const auto it = m_people.find(participantId);
    return it == m_people.end() ? QString() : m_host.humanSeats().codeOf(it->second);
}

bool LiveTournament::seatNext(const ScheduledMatch &m)
{
    const std::string queue = queueId();
    // The MCP agents of this match must be waiting in the queue, and no one
    // else: whoever waits is seated first, in their order.
    const std::map<std::string, engine::Role> agentRoles = agentRolesOf(m);
    const auto &waiting = m_host.lobby().queue(queue);
    noteMissingAgents(agentRoles, waiting);
    notePeopleAway(m);
    if (!m_waitingFor.isEmpty())
        return false;
    const std::optional<TableOrder> order = tableOrder(m, agentRoles, waiting);
    if (!order)
        return false;
    m_host.lobby().setNextDeal(queue, order->deal);

    // Queue the other seats in seat order; the last join fills the table.
    const int before = m_host.lobby().matchCounter();
    if (!queueSeats(m, queue))
        return false;
    if (m_host.lobby().matchCounter() != before + 1) {
        Q_EMIT failed(tr("tournament %1: match %2 did not start").arg(q(m_id)).arg(m.index + 1));
        m_timer.stop();
        return false;
    }
    const std::string matchId = engine::Lobby::matchIdFor(m_host.lobby().matchCounter());
    TournamentMatchRow &row = shared() ? m_claims.at(m.index) : m_rows[std::size_t(m.index)];
    row.status = "PLAYING";
    row.matchId = matchId;
    row.scheduleJson = tournament::toJson(order->taken).dump();
    m_running[matchId] = m.index;
    qCInfo(lcTournament) << "tournament" << q(m_id) << "match" << m.index + 1 << "is" << q(matchId);
    if (!shared()) {
        if (Store *store = m_host.store())
            (void)store->updateTournamentMatches({row});
    } else if (auto r = m_store->setClaimedMatchId(m_id, m.index, m_holder, label(matchId)); !r) {
        if (r.error().code != StoreError::Code::Conflict) {
            fail(r.error().message);
            return false;
        }
        abandon(m.index, tr("another host took it over"));
        return true;
    }
    emitProgress();
    return true;
}

void LiveTournament::finish(const std::string &matchId)
{
    const auto it = m_running.find(matchId);
    if (it == m_running.end())
        return;
    const int index = it->second;
    const engine::Match *m = m_host.lobby().match(matchId);
    if (!m || !m->ended())
        return;
    m_running.erase(it);
    TournamentMatchRow &row = shared() ? m_claims.at(index) : m_rows[std::size_t(index)];
    row.status = "DONE";
    row.resultJson = resultOf(*m).dump();
    row.finishedAt = QDateTime::currentMSecsSinceEpoch();
    if (shared()) {
        record(matchId, index);
        return;
    }
    if (Store *store = m_host.store())
        if (auto r = store->updateTournamentMatches({row}); !r) {
            Q_EMIT failed(r.error().message);
            return;
        }
    ++m_progress.done;
    m_progress.running = int(m_running.size());
    Q_EMIT progressChanged(m_progress.done, m_progress.scheduled, m_progress.running);
    tick();
}

engine::json LiveTournament::resultOf(const engine::Match &m) const
{
    const std::string &matchId = m.matchId();
    engine::json telemetry = engine::json::array();
    const auto infos = m_host.modelSeats(matchId);
    for (const engine::Player &p : m.state().players) {
        tournament::SeatTelemetry t;
        for (const ModelSeatInfo &info : infos)
            if (info.playerId == p.playerId && info.log) {
                const PilotStats &s = info.log->stats;
                t.providerCalls = s.modelCalls;
                t.tokensIn = s.inputTokens;
                t.tokensOut = s.outputTokens;
                t.costUsd = s.cost.value_or(0);
                t.latencyMsSum = double(s.latencyMs);
                t.illegalCalls = s.toolErrors;
                t.standInTurns = s.standInTurns;
                t.handedOver = s.handedOver;
                const auto timeouts = s.failures.find(QStringLiteral("TIMEOUT"));
                t.timeouts = timeouts == s.failures.end() ? 0 : timeouts->second;
            }
        if (auto push = m_host.pushStats(matchId, p.playerId)) {
            t.providerCalls = push->calls;
            t.latencyMsSum = double(push->latencyMs);
            t.timeouts = push->timeouts;
            t.illegalCalls = push->refused;
            t.standInTurns = push->defaults;
        }
        telemetry.push_back(t.toJson());
    }
    const auto &st = m.state();
    engine::json result{{"winner",
                         !st.winner                              ? "NONE"
                         : *st.winner == engine::Team::Villagers ? "VILLAGERS"
                                                                 : "WEREWOLVES"},
                        {"days", st.dayNumber},
                        {"events", m.log().size()},
                        {"telemetry", std::move(telemetry)}};
    // The app marks the match in the host's settings when its host unlocks
    // what the player may not see; the row carries it from here on, so the
    // report (which reads rows alone) leaves the match out.
    if (const Store *store = m_host.store())
        if (auto spoiled = store->setting(spoiledMatchKey(matchId));
            spoiled && spoiled.value() && !spoiled.value()->empty())
            result["spoiled"] = {{"at", *spoiled.value()}, {"reason", "omniscient"}};
    return result;
}

void LiveTournament::record(const std::string &matchId, int index)
{
    // The shared row gets the whole log, as a bot match's row has it: the
    // host's own file is not where the other hosts or the report look.
    auto node = m_claims.extract(index);
    TournamentMatchRow &row = node.mapped();
    auto events = m_host.store()->loadEvents(matchId);
    if (!events) {
        fail(events.error().message);
        return;
    }
    row.log = compressedLog(events.value());
    row.matchId = label(matchId);
    m_unrecorded.push_back(std::move(row));
    if (!recordPending())
        return;
    if (auto r = refreshCounts(); !r) {
        fail(r.error().message);
        return;
    }
    emitProgress();
    tick();
}

bool LiveTournament::unreachable(const StoreError &error)
{
    auto again = m_store->reconnect();
    if (again && !again.value())
        return false; // the connection is fine: the failure is real
    const QString message
        = tr("tournament %1: the shared database is out of reach (%2); trying again")
              .arg(q(m_id), again ? error.message : again.error().message);
    qCWarning(lcTournament).noquote() << message;
    Q_EMIT notice(message);
    return true;
}

bool LiveTournament::recordPending()
{
    while (!m_unrecorded.empty()) {
        const TournamentMatchRow &row = m_unrecorded.front();
        auto recorded = m_store->completeMatches({row}, m_holder);
        if (!recorded) {
            if (!unreachable(recorded.error()))
                fail(recorded.error().message);
            return false; // kept; the next renewal tries again
        }
        if (recorded.value() == 0) {
            const QString message
                = tr("tournament %1: match %2 (%3) ended, but another host had taken it over "
                     "(this host's lease ran out); it is not recorded twice")
                      .arg(q(m_id))
                      .arg(row.index + 1)
                      .arg(q(row.matchId));
            qCWarning(lcTournament).noquote() << message;
            Q_EMIT notice(message);
        }
        m_unrecorded.erase(m_unrecorded.begin());
    }
    return true;
}

void LiveTournament::renew()
{
    if (m_done || (m_claims.empty() && m_unrecorded.empty()))
        return;
    // A failure here is not the end: the next renewal tries again, and a
    // lease that ran out meanwhile is found below.
    auto held = m_store->renewLeases(m_holder, m_leaseMs);
    if (!held) {
        qCWarning(lcTournament) << "tournament" << q(m_id) << held.error().message;
        (void)unreachable(held.error());
        return;
    }
    if (!m_unrecorded.empty()) {
        if (!recordPending())
            return;
        if (auto r = refreshCounts(); r)
            emitProgress();
        tick();
    }
    // A claim the renewal did not find is no longer this host's.
    std::vector<int> lost;
    for (const auto &[index, row] : m_claims)
        if (std::find(held.value().begin(), held.value().end(), TournamentStore::Claim{m_id, index})
            == held.value().end())
            lost.push_back(index);
    for (int index : lost)
        abandon(index, tr("this host's lease ran out and another host took it over"));
}

void LiveTournament::abandon(int index, const QString &why)
{
    const auto it = m_claims.find(index);
    if (it == m_claims.end())
        return;
    const std::string matchId = it->second.matchId;
    m_claims.erase(it);
    if (!matchId.empty()) {
        m_running.erase(matchId);
        m_host.pauseMatch(matchId); // its seats spend nothing more
    }
    const QString message
        = tr("tournament %1: match %2 is abandoned here (%3); it is played again from the start "
             "by the host that holds it")
              .arg(q(m_id))
              .arg(index + 1)
              .arg(why);
    qCWarning(lcTournament).noquote() << message;
    Q_EMIT notice(message);
    emitProgress();
}

void LiveTournament::endShared()
{
    auto end = recordTournamentEnd(*m_store, m_id);
    if (!end) {
        fail(end.error().message);
        return;
    }
    m_done = true;
    m_timer.stop();
    m_renewTimer.stop();
    emitProgress();
    Q_EMIT finished();
}

} // namespace townhall::host
