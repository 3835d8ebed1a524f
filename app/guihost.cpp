// SPDX-License-Identifier: MIT
#include "app/guihost.h"

#include "app/clientconfig.h"
#include "app/modelreports.h"
#include "host/livetournament.h"
#include "host/mcpservice.h"
#include "host/recorder/calllog.h"
#include "host/recorder/recorder.h"
#include "host/seats/humanseats.h"
#include "host/tournaments.h"
#include "ui/agentview.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLoggingCategory>
#include <QPointer>

#include <algorithm>

Q_LOGGING_CATEGORY(lcGui, "townhall.gui", QtWarningMsg)

namespace townhall::app {

using namespace townhall::host;

ui::AgentViewProvider agentViewProvider()
{
    return [](const std::vector<engine::Event> &log,
              const std::string &playerId,
              std::uint64_t seq,
              const engine::StateOptions &options) {
        ui::AgentEyeView out;
        std::string why;
        if (const auto v = ui::agentViewAt(log, playerId, seq, options, &why)) {
            out.stateJson = QByteArray::fromStdString(engine::toJson(v->state).dump());
            out.phaseBrief = QString::fromStdString(v->phaseBrief);
        } else {
            out.error = QString::fromStdString(why);
        }
        return out;
    };
}

// ---------------------------------------------------------------- HostWorker (host thread)

HostWorker::HostWorker(GuiHostOptions options)
    : m_options(std::move(options))
{}

HostWorker::~HostWorker() = default;

void HostWorker::start()
{
    Q_ASSERT(!m_host);
    qCInfo(lcGui) << "host thread" << QThread::currentThread();
    // Created here, in the host thread: the store's SQLite connection, the
    // host's timers and the server's sockets all belong to this thread.
    host::HostStackOptions so;
    so.host = m_options.host;
    so.timers = m_options.timers;
    so.port = m_options.port;
    so.portFallback = m_options.portFallback;
    so.memoryFallback = true; // the window plays on, unsaved, and says so
    so.spectateListen = m_options.spectateListen;
    // Connected before the host starts, so recovered matches come through onMatchEvents.
    so.wire = [this](Host &h) {
        connect(&h, &Host::matchEvents, this, &HostWorker::onMatchEvents);
        connect(&h, &Host::queueChanged, this, &HostWorker::queueChanged);
        connect(&h, &Host::storageFailed, this, [this](const QString &message) {
            Q_EMIT problem(
                tr("Saving failed: %1. Nothing unsaved is shown; the host refuses changes and "
                   "retries until storage works again.")
                    .arg(message));
        });
        connect(&h, &Host::storageRecovered, this, [this](int failures) {
            Q_EMIT problemSolved();
            Q_EMIT notice(tr("Storage works again after %n failed attempt(s); play goes on.",
                             nullptr,
                             failures));
        });
        connect(&h, &Host::notice, this, &HostWorker::notice);
        connect(&h, &Host::modelSeatChanged, this, &HostWorker::modelSeatChanged);
        // The window's own human seat ("Me"): its documents go to the panel.
        host::HumanSeats &humans = h.humanSeats();
        connect(&humans, &host::HumanSeats::seatsChanged, this, &HostWorker::localSeatsChanged);
        connect(&humans,
                &host::HumanSeats::documentChanged,
                this,
                [this](const QString &code, const QByteArray &document) {
                    if (m_localSeats.contains(code))
                        Q_EMIT playerDocument(code, document);
                });
        // Invite players…: a seat's status shows in its document ("seat").
        connect(&humans, &host::HumanSeats::seatsChanged, this, [this] { invitesChanged(); });
        connect(&humans,
                &host::HumanSeats::documentChanged,
                this,
                [this](const QString &code, const QByteArray &) {
                    if (isInvited(code))
                        invitesChanged();
                });
    };
    // What recovery publishes waits: the UI gets earlier runs' ended matches
    // first, then every lobby match whole (see below), in match order.
    m_starting = true;
    m_startedUs = QDateTime::currentMSecsSinceEpoch() * 1000;
    m_stack = std::make_unique<host::HostStack>(std::move(so));
    QString error;
    m_stack->start(&error); // never fails: memoryFallback
    m_host = &m_stack->host();
    m_mcp = &m_stack->mcp();
    m_persistent = m_stack->persistent();
    if (!m_stack->storeError().isEmpty()) {
        qCWarning(lcGui) << "store:" << m_stack->storeError();
        Q_EMIT problem(
            tr("The match database cannot be used: %1. Matches of this session will not be saved.")
                .arg(m_stack->storeError()));
    }
    if (const auto busy = m_stack->busyPort()) {
        m_listenNote = tr("port %1 was busy").arg(*busy);
        Q_EMIT notice(tr("Port %1 is in use; agents connect on port %2 instead.")
                          .arg(*busy)
                          .arg(m_mcp->port()));
    } else if (!m_stack->listenError().isEmpty()) {
        Q_EMIT problem(
            tr("The MCP server cannot start: %1. Agents cannot connect; bots still play.")
                .arg(m_stack->listenError()));
    }
    if (m_options.spectateListen) {
        if (m_stack->spectatorError().isEmpty())
            Q_EMIT notice(
                tr("Spectators on other machines can watch at %1").arg(m_mcp->spectatorUrl()));
        else
            Q_EMIT problem(m_stack->spectatorError());
    }
    m_sessionWatch = new QTimer(this); // created here: it belongs to the host thread
    connect(m_sessionWatch, &QTimer::timeout, this, &HostWorker::watchSessions);
    m_sessionWatch->start(1000);
    m_url = m_stack->url();
    Q_EMIT serverInfo(m_url, statusText());
    Q_EMIT speedChanged(m_host->speed());
    emitQueue();
    for (const QString &n : m_host->notices())
        Q_EMIT notice(n);

    // Earlier runs' latest ended matches (for replay), then every unfinished
    // match the host recovered, each from seq 1.
    m_starting = false;
    sendEndedFromStore();
    for (const engine::Match *m : m_host->lobby().orderedMatches())
        if (!m->ended()) {
            const QString id = QString::fromStdString(m->matchId());
            sendLog(id, m->log(), m->state().lastSeq);
            sendStored(id);
        }

    if (m_options.bots > 0)
        m_host->keepBots(m_options.bots);
    if (m_options.demo)
        demoMatch();
    if (m_toolCallsWanted)
        setToolCallsWanted(true, 0);
    listTournaments(); // the Leaderboard's list, at once
    Q_EMIT started(m_url);
}

void HostWorker::stop()
{
    stopTournament();
    // The stack closes the service, then the host, whose destructor closes
    // the store in this thread, where its connection was opened.
    m_mcp = nullptr;
    m_host = nullptr;
    m_stack.reset();
    qCInfo(lcGui) << "host stopped";
}

QString HostWorker::statusText() const
{
    QStringList parts;
    parts << (m_url.isEmpty() ? tr("not listening") : tr("listening"));
    if (!m_listenNote.isEmpty())
        parts << m_listenNote;
    parts << (m_host && m_host->guestsAllowed() ? tr("guest agents allowed")
                                                : tr("agents need a token"));
    if (!m_persistent)
        parts << tr("matches are not saved");
    return parts.join(tr(" · "));
}

void HostWorker::onMatchEvents(const QString &matchId, const EventBatch &batch)
{
    if (!batch || batch->empty() || m_starting)
        return;
    auto [it, added] = m_sentUpTo.try_emplace(matchId, 0);
    if (added)
        m_order.append(matchId);
    const std::uint64_t last = batch->back().seq;
    if (batch->front().seq == it->second + 1) {
        it->second = last;
        Q_EMIT matchEvents(matchId, batch);
        return;
    }
    if (last <= it->second)
        return;
    // The UI has not seen the beginning (a recovered match): send from the
    // last event it has, out of the host's own log.
    if (const engine::Match *m = m_host->lobby().match(matchId.toStdString()))
        sendLog(matchId, m->log(), last);
}

void HostWorker::sendLog(const QString &matchId,
                         const std::vector<engine::Event> &log,
                         std::uint64_t upTo)
{
    auto [it, added] = m_sentUpTo.try_emplace(matchId, 0);
    if (added)
        m_order.append(matchId);
    if (upTo <= it->second)
        return;
    auto events = std::make_shared<std::vector<engine::Event>>();
    events->reserve(std::size_t(upTo - it->second));
    for (const engine::Event &e : log)
        if (e.seq > it->second && e.seq <= upTo)
            events->push_back(e);
    if (events->empty() || events->front().seq != it->second + 1)
        return;
    it->second = events->back().seq;
    Q_EMIT matchEvents(matchId, std::move(events));
}

void HostWorker::sendEndedFromStore()
{
    Store *store = m_host->store();
    if (!store || m_options.endedMatchesToShow <= 0)
        return;
    auto ids = store->matchIds(MatchStatus::Ended);
    if (!ids)
        return;
    const auto &all = ids.value();
    const std::size_t from = all.size() > std::size_t(m_options.endedMatchesToShow)
                                 ? all.size() - std::size_t(m_options.endedMatchesToShow)
                                 : 0;
    for (std::size_t i = from; i < all.size(); ++i) {
        // The host may keep ended matches in its lobby; the store has them all.
        const QString id = QString::fromStdString(all[i]);
        if (const engine::Match *m = m_host->lobby().match(all[i])) {
            sendLog(id, m->log(), m->state().lastSeq);
        } else {
            auto events = store->loadEvents(all[i]);
            if (!events || events.value().empty())
                continue;
            sendLog(id, events.value(), events.value().back().seq);
        }
        sendStored(id);
    }
}

void HostWorker::localSeatsChanged()
{
    if (!m_host)
        return;
    host::HumanSeats &humans = m_host->humanSeats();
    QSet<QString> local;
    for (const host::HumanSeats::Info &seat : humans.seats())
        if (seat.local)
            local.insert(seat.code);
    for (const QString &code : std::as_const(local)) {
        if (m_localSeats.contains(code))
            continue;
        m_localSeats.insert(code);
        humans.attach(code, true); // the panel is always there
        if (const QByteArray document = humans.document(code); !document.isEmpty())
            Q_EMIT playerDocument(code, document);
    }
    m_localSeats = local;
}

void HostWorker::playerAction(const QString &code, const QByteArray &action)
{
    if (m_host && m_localSeats.contains(code))
        m_host->humanSeats().act(code, action);
}

// ---------------------------------------------------------------- invite players (host thread)

ui::PlayersListener HostWorker::listenerInfo(const QString &problem) const
{
    ui::PlayersListener out;
    out.problem = problem;
    out.lanAddress = host::PlayersServer::lanAddress().toString();
    if (const host::PlayersServer *players = m_stack ? m_stack->players() : nullptr) {
        out.address = players->address().toString();
        out.port = players->port();
    }
    return out;
}

void HostWorker::wantInvites()
{
    m_invitesWanted = true;
    Q_EMIT playersListener(listenerInfo());
    invitesChanged(true); // even when there is none
}

void HostWorker::listenForPlayers(const QString &address, int port)
{
    if (!m_stack)
        return;
    const QHostAddress host(address.trimmed());
    if (host.isNull() || port < 0 || port > 65535) {
        Q_EMIT playersListener(listenerInfo(
            tr("%1:%2 is not an IP address and a port.").arg(address.trimmed()).arg(port)));
        return;
    }
    QString why;
    if (!m_stack->listenForPlayers(host, quint16(port), &why)) {
        // The usual port is taken (another host?): any free one will do.
        QString second;
        if (port == 0 || !m_stack->listenForPlayers(host, 0, &second)) {
            Q_EMIT playersListener(listenerInfo(why));
            return;
        }
        Q_EMIT notice(tr("Port %1 is in use; the players' pages are on port %2 instead.")
                          .arg(port)
                          .arg(m_stack->players()->port()));
    }
    Q_EMIT playersListener(listenerInfo());
    invitesChanged(); // the join URLs exist now
}

void HostWorker::inviteSeats(const QStringList &names)
{
    if (!m_host)
        return;
    for (const QString &given : names) {
        const QString name = given.trimmed().isEmpty()
                                 ? tr("Person %1").arg(int(m_invited.size()) + 1)
                                 : given.trimmed();
        const auto agentId = m_host->queueHumanSeat(name, false);
        if (!agentId) {
            Q_EMIT notice(tr("%1 could not join the queue.").arg(name));
            continue;
        }
        m_invited.emplace_back(*agentId, m_host->humanSeats().codeOf(*agentId));
    }
    invitesChanged();
}

void HostWorker::revokeInvite(const QString &code)
{
    if (!m_host || code.isEmpty())
        return;
    // Only the seats offered here (a local seat's code never reaches the UI).
    if (isInvited(code))
        m_host->humanSeats().revoke(code); // seatsChanged follows
}

bool HostWorker::isInvited(const QString &code) const
{
    return std::any_of(m_invited.begin(), m_invited.end(), [&code](const auto &invited) {
        return invited.second == code;
    });
}

void HostWorker::invitesChanged(bool always)
{
    if (!m_host || !m_invitesWanted)
        return;
    const host::HumanSeats &humans = m_host->humanSeats();
    const host::PlayersServer *players = m_stack->players();
    ui::InvitedSeats seats;
    for (const auto &[agentId, code] : m_invited) {
        const auto state = humans.state(agentId);
        if (!state)
            continue;
        ui::InvitedSeat seat;
        seat.code = code;
        seat.name = state->name;
        seat.revoked = humans.codeOf(agentId) != code;
        if (players && !seat.revoked)
            seat.joinUrl = players->joinUrl(code);
        seat.matchId = QString::fromStdString(state->matchId);
        seat.playerId = QString::fromStdString(state->playerId);
        seat.connected = state->connected;
        seat.standIn = state->standIn;
        seats.append(seat);
    }
    if (seats == m_invitesSent && !always)
        return;
    m_invitesSent = seats;
    Q_EMIT invitedSeats(seats);
}

void HostWorker::attachPlayer(const QString &code, bool attached)
{
    if (m_host && m_localSeats.contains(code))
        m_host->humanSeats().attach(code, attached);
}

std::string HostWorker::spoiledSettingKey(const QString &matchId)
{
    return host::spoiledMatchKey(matchId.toStdString()); // a tournament reads it there
}

void HostWorker::markSpoiled(const QString &matchId)
{
    // The match's rows are rewritten from its log (a cache of it), so the
    // mark lives beside them, in the settings table every version has.
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store || matchId.isEmpty())
        return;
    if (auto r = store->setSetting(spoiledSettingKey(matchId), engine::isoTime(m_host->now())); !r)
        Q_EMIT problem(tr("%1 could not be marked spoiled: %2").arg(matchId, r.error().message));
}

void HostWorker::sendStored(const QString &matchId)
{
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store)
        return;
    m_stored.insert(matchId);
    // A seat whose pilot the host holds (a resumed match) reports as it
    // plays; the others only as stored. Every note from the first.
    std::vector<host::ModelSeatInfo> seats = m_host->modelSeats(matchId.toStdString());
    if (seats.empty())
        seats = storedModelSeats(*store, matchId.toStdString());
    ui::ModelSeatReports reports;
    for (const host::ModelSeatInfo &seat : seats) {
        reports.append(modelSeatReport(matchId, seat, 0));
        m_notesSent[{matchId, QString::fromStdString(seat.playerId)}] = notesEnd(seat);
    }
    if (!reports.isEmpty())
        Q_EMIT modelSeatsReported(reports);
    if (m_toolCallsWanted)
        sendStoredCalls(matchId);
}

void HostWorker::sendStoredCalls(const QString &matchId)
{
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store)
        return;
    // As `townhall calls` prints them: the rows of older versions, then the
    // calls file. This run's calls come from the recorder.
    const std::string id = matchId.toStdString();
    std::string lines;
    if (auto rows = store->toolCalls(id))
        for (const ToolCallRow &row : rows.value())
            lines += Recorder::rowToJson(row).dump() + '\n';
    if (auto logged = CallLog::read(CallLog::pathFor(store->path()), id))
        lines += logged.value();
    ui::ToolCallRecords records = storedCallRecords(lines, m_startedUs);
    if (!records.isEmpty())
        Q_EMIT toolCallsRecorded(records);
}

void HostWorker::modelSeatChanged(const QString &matchId, const QString &playerId)
{
    m_seatsChanged.insert({matchId, playerId});
    if (!m_seatReport) {
        m_seatReport = new QTimer(this); // created here: it belongs to the host thread
        m_seatReport->setSingleShot(true);
        m_seatReport->setInterval(200);
        connect(m_seatReport, &QTimer::timeout, this, &HostWorker::reportModelSeats);
    }
    if (!m_seatReport->isActive())
        m_seatReport->start();
}

void HostWorker::reportModelSeats()
{
    if (!m_host || m_seatsChanged.empty())
        return;
    ui::ModelSeatReports reports;
    std::map<QString, std::vector<host::ModelSeatInfo>> seatsOf;
    for (const auto &[matchId, playerId] : std::exchange(m_seatsChanged, {})) {
        auto it = seatsOf.find(matchId);
        if (it == seatsOf.end())
            it = seatsOf.emplace(matchId, m_host->modelSeats(matchId.toStdString())).first;
        for (const host::ModelSeatInfo &seat : it->second) {
            if (QString::fromStdString(seat.playerId) != playerId)
                continue;
            std::int64_t &sent = m_notesSent[{matchId, playerId}];
            reports.append(modelSeatReport(matchId, seat, sent));
            sent = notesEnd(seat);
        }
    }
    if (!reports.isEmpty())
        Q_EMIT modelSeatsReported(reports);
}

void HostWorker::resendAll()
{
    if (!m_host)
        return;
    // The model seats of every match again, their notes from the start
    // (those shown from the database as stored, below).
    m_notesSent.clear();
    for (const QString &id : m_order)
        for (const host::ModelSeatInfo &seat : m_host->modelSeats(id.toStdString()))
            m_seatsChanged.insert({id, QString::fromStdString(seat.playerId)});
    const QStringList order = m_order;
    std::map<QString, std::uint64_t> sent;
    sent.swap(m_sentUpTo);
    m_order.clear();
    for (const QString &id : order) {
        const std::uint64_t upTo = sent[id];
        if (const engine::Match *m = m_host->lobby().match(id.toStdString())) {
            sendLog(id, m->log(), upTo);
        } else if (Store *store = m_host->store()) {
            auto events = store->loadEvents(id.toStdString());
            if (events)
                sendLog(id, events.value(), upTo);
        }
    }
    Q_EMIT serverInfo(m_url, statusText());
    Q_EMIT speedChanged(m_host->speed());
    emitQueue();
    reportModelSeats();
    for (const QString &id : m_stored)
        if (m_host->modelSeats(id.toStdString()).empty())
            sendStored(id);
}

void HostWorker::emitQueue()
{
    QStringList names;
    for (const auto &q : m_host->lobby().queue())
        names << QString::fromStdString(q.displayName);
    Q_EMIT queueChanged(names);
}

void HostWorker::fillSeats(int bots)
{
    if (m_host && bots > 0)
        m_host->addBots(std::min(bots, 50 * m_host->seatCount()));
}

void HostWorker::demoMatch()
{
    if (!m_host)
        return;
    // Like `townhall --headless --demo`: bots take every seat still empty.
    const int seats = m_host->seatCount();
    const int queued = int(m_host->lobby().queue().size()) % seats;
    m_host->addBots(seats - queued);
}

void HostWorker::setPaused(const QString &matchId, bool paused)
{
    if (!m_host)
        return;
    if (paused)
        m_host->pauseMatch(matchId.toStdString());
    else
        m_host->resumeMatch(matchId.toStdString());
}

// ---------------------------------------------------------------- agents panel, breakpoints

void HostWorker::watchSessions()
{
    if (!m_mcp)
        return;
    std::map<std::string, QDateTime> seen;
    const QDateTime now = QDateTime::currentDateTime();
    for (const auto &s : m_mcp->server()->sessions()) {
        auto it = m_sessionSince.find(s->id);
        seen[s->id] = it != m_sessionSince.end() ? it->second : now;
    }
    m_sessionSince.swap(seen);
}

ui::AgentInfo HostWorker::agentInfo(const AgentRecord &a, const QString &token)
{
    ui::AgentInfo info;
    info.agentId = QString::fromStdString(a.agentId);
    info.name = QString::fromStdString(a.name);
    info.created = QDateTime::fromMSecsSinceEpoch(a.createdAt);
    if (a.revokedAt)
        info.revoked = QDateTime::fromMSecsSinceEpoch(*a.revokedAt);
    ClientConfigInput in{m_url, info.name, token, QCoreApplication::applicationFilePath()};
    for (const QString &f : formatNames())
        info.configs.insert(f, clientConfig(*parseClientConfigFormat(f), in));
    info.token = token;
    if (!m_host)
        return info;
    if (m_mcp) { // a revoked agent's sessions were closed: none should be left
        watchSessions();
        const auto steadyNow = std::chrono::steady_clock::now();
        const QDateTime now = QDateTime::currentDateTime();
        for (const auto &s : m_mcp->server()->sessions()) {
            if (s->agentId != a.agentId)
                continue;
            ui::AgentSession out;
            out.sessionId = QString::fromStdString(s->id);
            out.transport = QString::fromStdString(s->transport);
            out.client = QString::fromStdString(s->clientName + " " + s->clientVersion).trimmed();
            out.since = m_sessionSince[s->id];
            const auto idle
                = std::chrono::duration_cast<std::chrono::milliseconds>(steadyNow - s->lastSeen);
            out.lastActivity = now.addMSecs(-idle.count());
            info.sessions.append(out);
        }
    }
    const auto matches = m_host->lobby().orderedMatches();
    for (auto it = matches.rbegin(); it != matches.rend(); ++it) {
        const engine::Match *m = *it;
        const engine::Player *p = m->playerByAgent(a.agentId);
        if (!p)
            continue;
        ui::AgentMatch am;
        am.matchId = QString::fromStdString(m->matchId());
        am.matchNumber = m->state().matchNumber;
        am.role = p->role;
        am.survived = p->alive;
        am.days = m->state().dayNumber;
        if (m->ended() && m->state().winner) {
            const engine::Team mine = p->role == engine::Role::Werewolf ? engine::Team::Werewolves
                                                                        : engine::Team::Villagers;
            am.outcome = *m->state().winner == mine ? ui::AgentMatch::Outcome::Won
                                                    : ui::AgentMatch::Outcome::Lost;
        }
        info.matches.append(am);
    }
    return info;
}

ui::AgentList HostWorker::agentList()
{
    ui::AgentList out;
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store)
        return out;
    auto agents = store->listAgents();
    if (!agents) {
        Q_EMIT agentProblem(agents.error().message);
        return out;
    }
    for (const AgentRecord &a : agents.value())
        out.append(agentInfo(a, QString()));
    return out;
}

void HostWorker::listAgents()
{
    Q_EMIT agentsChanged(agentList());
}

void HostWorker::registerAgent(const QString &name)
{
    Store *store = m_host ? m_host->store() : nullptr;
    const QString trimmed = name.trimmed();
    if (!store) {
        Q_EMIT agentProblem(
            tr("Agents are kept in the match database, which this session does not use."));
        return;
    }
    if (trimmed.isEmpty() || trimmed.size() > 32) {
        Q_EMIT agentProblem(tr("An agent's name must be 1 to 32 characters long."));
        return;
    }
    auto added = store->addAgent(trimmed.toStdString());
    if (!added) {
        Q_EMIT agentProblem(tr("The agent could not be registered: %1").arg(added.error().message));
        return;
    }
    Q_EMIT agentRegistered(
        agentInfo(added.value().agent, QString::fromStdString(added.value().token)));
    listAgents();
}

void HostWorker::revokeAgent(const QString &agentId)
{
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store)
        return;
    auto revoked = store->revokeAgent(agentId.toStdString());
    if (!revoked) {
        Q_EMIT agentProblem(tr("The agent could not be revoked: %1").arg(revoked.error().message));
        return;
    }
    // Its live sessions end now: a revoked token must not keep playing.
    if (m_mcp)
        m_mcp->endSessionsOf(revoked.value().agentId);
    listAgents();
}

void HostWorker::setBreakpoints(const QString &matchId,
                                bool atPhaseBoundary,
                                bool beforeVoteResolution)
{
    if (m_host)
        m_host->setBreakpoints(matchId.toStdString(), {atPhaseBoundary, beforeVoteResolution});
}

void HostWorker::stepMatch(const QString &matchId)
{
    if (m_host)
        m_host->stepMatch(matchId.toStdString());
}

void HostWorker::skipPhase(const QString &matchId)
{
    if (m_host)
        m_host->skipPhase(matchId.toStdString());
}

void HostWorker::setSpeed(double factor)
{
    if (!m_host)
        return;
    m_host->setSpeed(factor);
    Q_EMIT speedChanged(m_host->speed());
}

void HostWorker::applySettings(const ui::HostSettings &settings)
{
    // Timers apply to new matches now; port, guests and the data directory
    // at the next start (the app persists them).
    m_options.timers = settings.timers;
    if (m_host)
        m_host->lobby().defaults().timers = settings.timers;
}

void HostWorker::setToolCallsWanted(bool on, quint64 afterId)
{
    m_toolCallsWanted = on;
    Recorder *rec = m_mcp ? m_mcp->recorder() : nullptr;
    if (!rec)
        return; // start() catches up
    disconnect(m_toolCalls);
    if (!on)
        return;
    // Whatever waits in the batch is in the ring too: send the backlog (the
    // newest few thousand, converted here once), then follow the batches.
    // The UI ignores records it already has.
    rec->flush();
    CallFilter backlog;
    backlog.afterId = afterId;
    backlog.limit = 2000;
    const CallRecordBatch old = rec->query(backlog);
    constexpr std::size_t Chunk = 250;
    for (std::size_t i = 0; i < old.size(); i += Chunk) {
        ui::ToolCallRecords records;
        records.reserve(qsizetype(std::min(Chunk, old.size() - i)));
        for (std::size_t j = i; j < std::min(i + Chunk, old.size()); ++j)
            records.push_back(rec->toUiRecord(*old[j]));
        Q_EMIT toolCallsRecorded(records);
    }
    m_toolCalls = connect(rec, &Recorder::uiRecordsAdded, this, &HostWorker::toolCallsRecorded);
    for (const QString &id : m_stored)
        sendStoredCalls(id);
}

void HostWorker::queuePlan(const MatchPlan &plan, std::shared_ptr<providers::KeySource> keys)
{
    if (!m_host)
        return;
    QPointer<HostWorker> self(this);
    // The keychain answers asynchronously; the host goes on meanwhile.
    host::resolveKeys(plan.seats, std::move(keys))
        .then([self, timers = plan.timers, open = plan.openSeats, rules = plan.rules](
                  const KeyedSeats &keyed) {
            if (!self || !self->m_host)
                return;
            if (!keyed.refusals.isEmpty()) {
                Q_EMIT self->notice(tr("The new match's seats were not queued: %1.")
                                        .arg(keyed.refusals.join(QStringLiteral("; "))));
                return;
            }
            // The timers first: the seat that completes a table starts its match.
            engine::Timers &current = self->m_host->lobby().defaults().timers;
            const engine::Timers before = current;
            current = timersOf(timers);
            const std::string queueId = queueForRules(*self->m_host, rules);
            const Seating seated = queueSeats(*self->m_host, keyed.file, queueId);
            if (!seated.ok() && seated.queued == 0) {
                current = before;
                Q_EMIT self->notice(
                    tr("The new match's seats were not queued: %1.").arg(seated.error));
                return;
            }
            self->m_options.timers = current;
            QStringList lines;
            lines << (seated.ok()
                          ? tr("Queued %n seat(s) for the next table.", nullptr, seated.queued)
                          : tr("Only %n seat(s) were queued: %1.", nullptr, seated.queued)
                                .arg(seated.error));
            if (open > 0 && queueId == engine::DefaultQueueId)
                lines << tr("%n seat(s) wait for MCP agents.", nullptr, open);
            else if (open > 0)
                lines << tr("%n seat(s) wait for MCP agents in the queue %1.", nullptr, open)
                             .arg(QString::fromStdString(queueId));
            if (const QStringList warnings = keyed.warnings + seated.warnings; !warnings.isEmpty())
                lines << tr("Warning: %1.").arg(warnings.join(QStringLiteral("; ")));
            Q_EMIT self->notice(lines.join(QLatin1Char(' ')));
        });
}

// ---------------------------------------------------------------- tournaments (host thread)

void HostWorker::stopTournament()
{
    m_live.reset();
    m_botStop = true;
    if (m_botRun.joinable())
        m_botRun.join();
    m_botStop = false;
}

void HostWorker::reportTournament(const std::string &id)
{
    if (!m_host || !m_host->store())
        return;
    auto report = host::tournamentReport(*m_host->store(), id);
    if (!report) {
        Q_EMIT tournamentProblem(report.error().message);
        return;
    }
    Q_EMIT tournamentReport(QString::fromStdString(id), report.value());
}

void HostWorker::startTournament(const nlohmann::json &file, int parallel)
{
    if (!m_host || !m_host->store()) {
        Q_EMIT tournamentProblem(tr("A tournament needs the database, and the host has none."));
        return;
    }
    if (m_live || m_botRunning) {
        Q_EMIT tournamentProblem(tr("A tournament is under way; one runs at a time."));
        return;
    }
    if (m_botRun.joinable())
        m_botRun.join();
    auto parsed = tournament::parseSpec(file);
    if (!parsed.ok()) {
        Q_EMIT tournamentProblem(QString::fromStdString(parsed.errors.front()));
        return;
    }
    const tournament::TournamentSpec spec = *parsed.spec;
    auto created = host::createTournament(*m_host->store(), spec);
    if (!created) {
        Q_EMIT tournamentProblem(created.error().message);
        return;
    }
    const std::string id = created.value();
    const QString qid = QString::fromStdString(id);
    Q_EMIT tournamentProgress({qid, 0, spec.matches, 0, {}});

    if (spec.botsOnly()) {
        // Bots play at virtual time on threads of their own, through a
        // connection of their own (the host's belongs to this thread).
        const QString path = m_host->store()->path();
        if (path.isEmpty() || path == QLatin1String(":memory:")) {
            Q_EMIT tournamentProblem(tr("Tournaments of bots need a database file; this host "
                                        "keeps its matches in memory."));
            return;
        }
        m_botRunning = true;
        // Its signals, emitted on that thread, reach the UI queued all the
        // same; stop() joins it before this worker goes.
        m_botRun = std::thread([path, id, qid, parallel, this] {
            auto store = Store::open(path);
            if (!store) {
                Q_EMIT tournamentProblem(store.error().message);
                m_botRunning = false;
                return;
            }
            host::BotRunOptions o;
            o.parallel = parallel;
            o.stop = &m_botStop;
            o.progress = [&](const host::TournamentProgress &p) {
                Q_EMIT tournamentProgress({qid, p.done, p.scheduled, p.running, {}});
            };
            auto run = host::runBotTournament(store.value(), id, o);
            if (!run)
                Q_EMIT tournamentProblem(run.error().message);
            else if (auto report = host::tournamentReport(store.value(), id))
                Q_EMIT tournamentReport(qid, report.value());
            else
                Q_EMIT tournamentProblem(report.error().message);
            m_botRunning = false;
        });
        return;
    }

    auto seats = host::seatsOf(spec);
    if (!seats.ok()) {
        Q_EMIT tournamentProblem(seats.errors.join(QStringLiteral("; ")));
        return;
    }
    std::map<std::string, std::string> agentIds;
    if (auto agents = m_host->store()->listAgents())
        for (const AgentRecord &a : agents.value())
            if (!a.revoked())
                agentIds[a.name] = a.agentId;
    QPointer<HostWorker> self(this);
    host::resolveKeys(*seats.file, m_options.keys)
        .then([self, spec, id, qid, parallel, agentIds](const KeyedSeats &keyed) {
            if (!self || !self->m_host)
                return;
            if (!keyed.refusals.isEmpty()) {
                Q_EMIT self->tournamentProblem(keyed.refusals.join(QStringLiteral("; ")));
                return;
            }
            if (auto timers = host::timersOf(spec))
                self->m_host->lobby().defaults().timers = *timers;
            self->m_live = std::make_unique<host::LiveTournament>(
                *self->m_host, id, spec, keyed.file, agentIds, parallel);
            host::LiveTournament *live = self->m_live.get();
            live->setPeopleLocal(true); // the person is the app's user, in the player panel
            QObject::connect(live,
                             &host::LiveTournament::progressChanged,
                             self,
                             [self, live, qid](int done, int scheduled, int running) {
                                 const QStringList waiting = live->waitingFor();
                                 ui::TournamentProgress progress{qid, done, scheduled, running, {}};
                                 if (!waiting.isEmpty())
                                     progress.note
                                         = tr("waiting for %1 to join the queue %2")
                                               .arg(waiting.join(QStringLiteral(", ")),
                                                    QString::fromStdString(live->queueId()));
                                 Q_EMIT self->tournamentProgress(progress);
                                 // The leaderboard grows as matches end.
                                 if (done > 0)
                                     self->reportTournament(qid.toStdString());
                             });
            QObject::connect(live, &host::LiveTournament::finished, self, [self, qid] {
                self->reportTournament(qid.toStdString());
                QTimer::singleShot(0, self, [self] { self->m_live.reset(); });
            });
            QObject::connect(
                live, &host::LiveTournament::failed, self, &HostWorker::tournamentProblem);
            QString error;
            if (!live->start(&error)) {
                Q_EMIT self->tournamentProblem(error);
                self->m_live.reset();
            }
        });
}

void HostWorker::openTournamentMatch(const QString &tournamentId, const QString &matchId)
{
    if (!m_host || !m_host->store())
        return;
    if (const engine::Match *m = m_host->lobby().match(matchId.toStdString())) {
        sendLog(matchId, m->log(), m->state().lastSeq);
        Q_EMIT tournamentMatchOpened(matchId);
        return;
    }
    auto log = host::tournamentMatchLog(
        *m_host->store(), tournamentId.toStdString(), matchId.toStdString());
    if (!log) {
        Q_EMIT tournamentProblem(log.error().message);
        return;
    }
    showMatchLog(matchId,
                 std::make_shared<const std::vector<engine::Event>>(std::move(log).value()));
    sendStored(matchId);
}

void HostWorker::listTournaments()
{
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store)
        return;
    auto rows = store->tournaments();
    if (!rows) {
        Q_EMIT tournamentProblem(rows.error().message);
        return;
    }
    ui::TournamentChoices out;
    for (const host::TournamentRow &t : rows.value())
        out.push_back({QString::fromStdString(t.id),
                       QString::fromStdString(t.name),
                       t.done,
                       t.scheduled,
                       t.status == "FINISHED"});
    Q_EMIT tournamentsListed(out);
}

void HostWorker::showTournament(const QString &tournamentId)
{
    Store *store = m_host ? m_host->store() : nullptr;
    if (!store)
        return;
    auto row = store->tournament(tournamentId.toStdString());
    if (!row) {
        Q_EMIT tournamentProblem(row.error().message);
        return;
    }
    Q_EMIT tournamentProgress({tournamentId, row.value().done, row.value().scheduled, 0, {}});
    reportTournament(tournamentId.toStdString());
}

QString HostWorker::emptyLogProblem(const QString &matchId)
{
    return tr("match %1 has no events").arg(matchId);
}

void HostWorker::showMatchLog(const QString &matchId, const ui::EventBatch &log)
{
    if (!log || log->empty()) {
        Q_EMIT tournamentProblem(emptyLogProblem(matchId));
        return;
    }
    sendLog(matchId, *log, log->back().seq);
    Q_EMIT tournamentMatchOpened(matchId);
}

// ---------------------------------------------------------------- GuiHost (UI thread)

GuiHost::GuiHost(GuiHostOptions options, ui::HostLink *link, QObject *parent)
    : QObject(parent)
    , m_worker(new HostWorker(std::move(options)))
{
    m_thread.setObjectName(QStringLiteral("townhall-host"));
    m_worker->moveToThread(&m_thread);
    connectAgentsAndBreakpoints(link);
    connectTournaments(link);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    // host → UI: queued into the UI thread (the link lives there).
    connect(m_worker, &HostWorker::matchEvents, link, &ui::HostLink::matchEvents);
    connect(m_worker, &HostWorker::queueChanged, link, &ui::HostLink::queueChanged);
    connect(m_worker, &HostWorker::serverInfo, link, &ui::HostLink::serverInfo);
    connect(m_worker, &HostWorker::speedChanged, link, &ui::HostLink::speedChanged);
    connect(m_worker, &HostWorker::problem, link, &ui::HostLink::problem);
    connect(m_worker, &HostWorker::problemSolved, link, &ui::HostLink::problemSolved);
    connect(m_worker, &HostWorker::notice, link, &ui::HostLink::notice);
    connect(m_worker, &HostWorker::toolCallsRecorded, link, &ui::HostLink::toolCallsRecorded);
    connect(m_worker, &HostWorker::modelSeatsReported, link, &ui::HostLink::modelSeatsReported);
    connect(m_worker, &HostWorker::started, this, [this](const QString &url) {
        m_url = url;
        Q_EMIT started(url);
    });

    // UI → host: queued into the host thread (the worker lives there).
    connect(link, &ui::HostLink::fillSeatsRequested, m_worker, &HostWorker::fillSeats);
    connect(link, &ui::HostLink::demoMatchRequested, m_worker, &HostWorker::demoMatch);
    connect(link, &ui::HostLink::pauseRequested, m_worker, &HostWorker::setPaused);
    connect(link, &ui::HostLink::skipPhaseRequested, m_worker, &HostWorker::skipPhase);
    connect(link, &ui::HostLink::speedFactorRequested, m_worker, &HostWorker::setSpeed);
    connect(link, &ui::HostLink::settingsApplied, m_worker, &HostWorker::applySettings);
    connect(link, &ui::HostLink::toolCallsWanted, m_worker, &HostWorker::setToolCallsWanted);
    connect(link, &ui::HostLink::markSpoiled, m_worker, &HostWorker::markSpoiled);
    connect(m_worker, &HostWorker::playerDocument, link, &ui::HostLink::playerDocument);
    connect(link, &ui::HostLink::playerAction, m_worker, &HostWorker::playerAction);
    connectInvites(link);
    connect(link, &ui::HostLink::playerPanelAttached, m_worker, &HostWorker::attachPlayer);
}

GuiHost::~GuiHost()
{
    stop();
    if (m_worker && !m_thread.isFinished())
        delete m_worker; // the thread never ran
}

void GuiHost::start()
{
    if (m_thread.isRunning() || !m_worker)
        return;
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &HostWorker::start, Qt::QueuedConnection);
}

void GuiHost::stop()
{
    if (!m_thread.isRunning())
        return;
    QMetaObject::invokeMethod(m_worker, &HostWorker::stop, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    m_worker = nullptr; // deleted by the thread's finished → deleteLater
}

void GuiHost::connectAgentsAndBreakpoints(ui::HostLink *link)
{
    connect(m_worker, &HostWorker::agentsChanged, link, &ui::HostLink::agentsChanged);
    connect(m_worker, &HostWorker::agentRegistered, link, &ui::HostLink::agentRegistered);
    connect(m_worker, &HostWorker::agentProblem, link, &ui::HostLink::agentProblem);
    connect(link, &ui::HostLink::agentsRequested, m_worker, &HostWorker::listAgents);
    connect(link, &ui::HostLink::registerAgentRequested, m_worker, &HostWorker::registerAgent);
    connect(link, &ui::HostLink::revokeAgentRequested, m_worker, &HostWorker::revokeAgent);
    connect(link, &ui::HostLink::breakpointsRequested, m_worker, &HostWorker::setBreakpoints);
    connect(link, &ui::HostLink::stepRequested, m_worker, &HostWorker::stepMatch);
}

void GuiHost::connectTournaments(ui::HostLink *link)
{
    connect(m_worker, &HostWorker::tournamentProgress, link, &ui::HostLink::tournamentProgress);
    connect(m_worker, &HostWorker::tournamentReport, link, &ui::HostLink::tournamentReport);
    connect(m_worker, &HostWorker::tournamentProblem, link, &ui::HostLink::tournamentProblem);
    connect(
        m_worker, &HostWorker::tournamentMatchOpened, link, &ui::HostLink::tournamentMatchOpened);
    connect(m_worker, &HostWorker::tournamentsListed, link, &ui::HostLink::tournamentsListed);
    connect(link, &ui::HostLink::startTournamentRequested, m_worker, &HostWorker::startTournament);
    connect(link, &ui::HostLink::tournamentsRequested, m_worker, &HostWorker::listTournaments);
    connect(link, &ui::HostLink::showTournamentRequested, m_worker, &HostWorker::showTournament);
    connect(link,
            &ui::HostLink::openTournamentMatchRequested,
            m_worker,
            &HostWorker::openTournamentMatch);
    connect(link, &ui::HostLink::showMatchLogRequested, m_worker, &HostWorker::showMatchLog);
}

void GuiHost::connectInvites(ui::HostLink *link)
{
    connect(m_worker, &HostWorker::playersListener, link, &ui::HostLink::playersListener);
    connect(m_worker, &HostWorker::invitedSeats, link, &ui::HostLink::invitedSeats);
    connect(link, &ui::HostLink::invitesWanted, m_worker, &HostWorker::wantInvites);
    connect(link, &ui::HostLink::playersListenRequested, m_worker, &HostWorker::listenForPlayers);
    connect(link, &ui::HostLink::inviteSeatsRequested, m_worker, &HostWorker::inviteSeats);
    connect(link, &ui::HostLink::revokeInviteRequested, m_worker, &HostWorker::revokeInvite);
}

void GuiHost::resendAll()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &HostWorker::resendAll, Qt::QueuedConnection);
}

template<typename F>
void GuiHost::inWorker(F &&f)
{
    if (!m_worker)
        return;
    HostWorker *w = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [w, f = std::forward<F>(f)] { f(*w); }, Qt::QueuedConnection);
}

void GuiHost::queuePlan(MatchPlan plan, std::shared_ptr<host::providers::KeySource> keys)
{
    inWorker([plan = std::move(plan), keys = std::move(keys)](HostWorker &w) {
        w.queuePlan(plan, keys);
    });
}

} // namespace townhall::app
