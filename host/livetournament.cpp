// SPDX-License-Identifier: MIT
#include "host/livetournament.h"

#include "host/pilot.h"
#include "host/pushseat.h"
#include "host/store/storetr.h"

#include <QDateTime>
#include <QLoggingCategory>

namespace townhall::host {

Q_LOGGING_CATEGORY(lcTournament, "townhall.tournament", QtInfoMsg)

using tournament::ParticipantKind;
using tournament::ScheduledMatch;

namespace {
QString q(const std::string &s) { return QString::fromStdString(s); }
} // namespace

providers::SeatsFileParse seatsOf(const tournament::TournamentSpec &spec)
{
    engine::json seats = engine::json::array();
    for (const tournament::Participant &p : spec.participants) {
        engine::json seat = p.entry;
        seat.erase("agent");
        seat["name"] = p.name.empty() ? p.id : p.name;
        if (p.kind == ParticipantKind::Agent)
            seat = {{"name", p.id}, {"bot", true}};  // never queued: the agent seats itself
        // A push agent's token comes from the environment, at run time only.
        if (p.kind == ParticipantKind::Push && seat["push"].is_object() && seat["push"].contains("tokenEnv")) {
            const std::string var = seat["push"].value("tokenEnv", std::string());
            seat["push"].erase("tokenEnv");
            if (!var.empty() && qEnvironmentVariableIsSet(var.c_str()))
                seat["push"]["token"] = qEnvironmentVariable(var.c_str()).toStdString();
        }
        seats.push_back(std::move(seat));
    }
    const engine::json file{{"providers", spec.providers}, {"seats", seats}};
    return providers::parseSeatsFile(QByteArray::fromStdString(file.dump()));
}

LiveTournament::LiveTournament(Host &host, std::string tournamentId, tournament::TournamentSpec spec,
                               providers::SeatsFile seats, std::map<std::string, std::string> agentIds, int parallel,
                               QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_id(std::move(tournamentId))
    , m_spec(std::move(spec))
    , m_seats(std::move(seats))
    , m_agentIds(std::move(agentIds))
    , m_parallel(std::max(1, parallel))
{
    m_timer.setInterval(200);
    connect(&m_timer, &QTimer::timeout, this, &LiveTournament::tick);
    connect(&m_host, &Host::matchEnded, this, [this](const QString &matchId) { finish(matchId.toStdString()); });
}

LiveTournament::~LiveTournament() = default;

bool LiveTournament::start(QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    Store *store = m_host.store();
    if (!store)
        return fail(tr("a tournament needs the database"));
    if (m_seats.seats.size() != m_spec.participants.size())
        return fail(tr("the tournament's seats do not match its participants"));
    for (const tournament::Participant &p : m_spec.participants)
        if (p.kind == ParticipantKind::Agent && !m_agentIds.count(p.entry.value("agent", std::string())))
            return fail(tr("participant %1: no registered agent named \"%2\" (townhall agent add NAME)")
                            .arg(q(p.id), q(p.entry.value("agent", std::string()))));
    if (!m_host.lobby().queueRules(queueId()))
        if (auto r = m_host.registerQueue(queueId(), m_spec.rules); !r)
            return fail(QString::fromStdString(r.error().message));
    auto rows = store->tournamentMatches(m_id, false);
    if (!rows)
        return fail(rows.error().message);
    m_rows = std::move(rows).value();
    m_progress = {};
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

void LiveTournament::tick()
{
    if (m_done)
        return;
    m_waitingFor.clear();
    for (TournamentMatchRow &row : m_rows) {
        if (int(m_running.size()) >= m_parallel)
            break;
        if (row.status != "SCHEDULED")
            continue;
        auto m = tournament::scheduledMatchFromJson(engine::json::parse(row.scheduleJson, nullptr, false));
        if (!m) {
            Q_EMIT failed(tr("tournament %1: match %2's schedule entry does not parse").arg(q(m_id)).arg(row.index));
            m_timer.stop();
            return;
        }
        if (!seatNext(*m))
            break;  // waits for an agent; matches keep their order
    }
    if (m_progress.done == m_progress.scheduled && m_running.empty()) {
        m_done = true;
        m_timer.stop();
        if (Store *store = m_host.store())
            (void)store->setTournamentStatus(m_id, "FINISHED");
        Q_EMIT finished();
    }
}

bool LiveTournament::seatNext(const ScheduledMatch &m)
{
    const std::string queue = queueId();
    auto participantOf = [this](const std::string &id) -> std::size_t {
        std::size_t i = 0;
        while (i < m_spec.participants.size() && m_spec.participants[i].id != id)
            ++i;
        return i;
    };
    // The MCP agents of this match must be waiting in the queue, and no one
    // else: whoever waits is seated first, in their order.
    std::map<std::string, engine::Role> agentRoles;
    for (const tournament::ScheduledSeat &s : m.seats) {
        const tournament::Participant &p = m_spec.participants[participantOf(s.participantId)];
        if (p.kind == ParticipantKind::Agent)
            agentRoles[m_agentIds.at(p.entry.value("agent", std::string()))] = s.role;
    }
    const auto &waiting = m_host.lobby().queue(queue);
    for (const auto &[agentId, role] : agentRoles)
        if (std::none_of(waiting.begin(), waiting.end(),
                         [&](const engine::QueueEntry &e) { return e.agentId == agentId; }))
            for (const tournament::Participant &p : m_spec.participants)
                if (p.kind == ParticipantKind::Agent && m_agentIds.at(p.entry.value("agent", std::string())) == agentId)
                    m_waitingFor.append(q(p.id));
    if (!m_waitingFor.isEmpty())
        return false;
    // The seats as they will be taken: the waiting agents first, in their
    // order, then the others in schedule order. The row keeps this order, so
    // seat i of the log is credited to whoever played it.
    ScheduledMatch taken = m;
    taken.seats.clear();
    std::vector<engine::Role> deal;
    for (const engine::QueueEntry &e : waiting) {
        const auto it = agentRoles.find(e.agentId);
        if (it == agentRoles.end()) {
            // Someone this match does not seat (an agent early for a later
            // match): wait until the queue holds only this match's agents.
            m_waitingFor.append(q(e.displayName));
            return false;
        }
        deal.push_back(it->second);
        for (const tournament::ScheduledSeat &s : m.seats)
            if (m_spec.participants[participantOf(s.participantId)].kind == ParticipantKind::Agent
                && m_agentIds.at(m_spec.participants[participantOf(s.participantId)].entry.value("agent", std::string()))
                       == e.agentId) {
                taken.seats.push_back(s);
                taken.seats.back().displayName = e.displayName;
            }
    }
    for (const tournament::ScheduledSeat &s : m.seats)
        if (m_spec.participants[participantOf(s.participantId)].kind != ParticipantKind::Agent) {
            deal.push_back(s.role);
            taken.seats.push_back(s);
        }
    m_host.lobby().setNextDeal(queue, deal);

    // Queue the other seats in seat order; the last join fills the table.
    const int before = m_host.lobby().matchCounter();
    for (const tournament::ScheduledSeat &s : m.seats) {
        const std::size_t pi = participantOf(s.participantId);
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
        case ParticipantKind::Agent:
            break;
        }
        if (!ok) {
            Q_EMIT failed(tr("tournament %1: could not seat %2 in match %3").arg(q(m_id), q(p.id)).arg(m.index + 1));
            m_timer.stop();
            return false;
        }
    }
    if (m_host.lobby().matchCounter() != before + 1) {
        Q_EMIT failed(tr("tournament %1: match %2 did not start").arg(q(m_id)).arg(m.index + 1));
        m_timer.stop();
        return false;
    }
    const std::string matchId = engine::Lobby::matchIdFor(m_host.lobby().matchCounter());
    TournamentMatchRow &row = m_rows[std::size_t(m.index)];
    row.status = "PLAYING";
    row.matchId = matchId;
    row.scheduleJson = tournament::toJson(taken).dump();
    if (Store *store = m_host.store())
        (void)store->updateTournamentMatches({row});
    m_running[matchId] = m.index;
    m_progress.running = int(m_running.size());
    qCInfo(lcTournament) << "tournament" << q(m_id) << "match" << m.index + 1 << "is" << q(matchId);
    Q_EMIT progressChanged(m_progress.done, m_progress.scheduled, m_progress.running);
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
    TournamentMatchRow &row = m_rows[std::size_t(index)];
    engine::json telemetry = engine::json::array();
    const auto infos = m_host.modelSeats(matchId);
    for (const engine::Player &p : m->state().players) {
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
    const auto &st = m->state();
    row.status = "DONE";
    row.resultJson = engine::json{{"winner", !st.winner ? "NONE"
                                             : *st.winner == engine::Team::Villagers ? "VILLAGERS"
                                                                                     : "WEREWOLVES"},
                                  {"days", st.dayNumber},
                                  {"events", m->log().size()},
                                  {"telemetry", std::move(telemetry)}}
                         .dump();
    row.finishedAt = QDateTime::currentMSecsSinceEpoch();
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

} // namespace townhall::host
