// SPDX-License-Identifier: MIT
#include "host/spectatorfeed.h"

#include "engine/keymoments.h"
#include "engine/narrator.h"
#include "engine/projection.h"
#include "host/host.h"
#include "host/seats/seatrunner.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketCorsAuthenticator>
#include <QWebSocketServer>

#include <algorithm>
#include <cmath>
#include <ctime>

Q_LOGGING_CATEGORY(lcFeed, "townhall.feed")

namespace townhall::host {

using engine::Event;
using engine::EventType;
using nlohmann::json;

namespace {

constexpr int ProtocolVersion = 1;
constexpr std::size_t RecentLines = 50;
/// WebSocket close codes: 1008 policy (a bad request), 4001 ours (fell behind).
constexpr int ClosePolicy = 1008;
constexpr int CloseBehind = 4001;
/// Connections the kernel holds for us before it drops SYNs (Qt's default is 50).
constexpr int ListenBacklog = 1024;

/// Adds the thread CPU time of a scope to a counter (SpectatorFeed::busy).
class CpuMeter
{
public:
    explicit CpuMeter(std::chrono::nanoseconds &total)
        : m_total(total)
        , m_start(now())
    {}
    ~CpuMeter() { m_total += now() - m_start; }
    Q_DISABLE_COPY_MOVE(CpuMeter)

private:
    static std::chrono::nanoseconds now()
    {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
    }
    std::chrono::nanoseconds &m_total;
    std::chrono::nanoseconds m_start;
};

QString dumpText(const json &j)
{
    return QString::fromStdString(j.dump());
}

json momentJson(const engine::KeyMoment &k)
{
    return {{"kind", std::string(toString(k.kind))},
            {"templateId", k.templateId},
            {"args", k.args},
            {"text", k.text},
            {"day", k.day},
            {"atSeq", k.atSeq},
            {"eventIds", k.eventIds},
            {"playerIds", k.playerIds}};
}

/// A key moment's identity across recomputations: an accusation gathers
/// accusers and counts as the day goes on, so neither its text, its seq nor
/// its players say "new"; its kind, day and target (or first player) do.
std::string momentKey(const engine::KeyMoment &k)
{
    std::string key = std::string(toString(k.kind)) + '|' + std::to_string(k.day);
    if (const auto target = k.args.find("targetId"); target != k.args.end() && target->is_string())
        key += '|' + target->get<std::string>();
    else if (!k.playerIds.empty())
        key += '|' + k.playerIds.front();
    else
        key += '|' + std::to_string(k.atSeq);
    return key;
}

} // namespace

// ---------------------------------------------------------------- FeedLog

FeedLog::FeedLog(std::size_t capacity)
    : m_capacity(std::max<std::size_t>(capacity, 1))
    , m_epoch(QString::number(QRandomGenerator::global()->generate64() & 0xffffffffffffULL, 36))
{}

json FeedLog::eventJson(const Event &e)
{
    json j{{"eventId", e.eventId},
           {"seq", e.seq},
           {"at", e.at},
           {"type", std::string(toString(e.type))},
           {"payload", e.payload}};
    // The Town Crier in each language a page may ask for (an overlay's
    // ?lang=), rendered by the engine from the line's template and arguments.
    if (e.type == EventType::Narrator) {
        const json args = e.payload.value("args", json::object());
        const std::string id = e.payload.value("templateId", "");
        json texts = json::object();
        for (const auto &[lang, chinese] : {std::pair{"en", false}, std::pair{"zh_CN", true}})
            if (auto text = engine::renderNarratorLine(id, args, chinese))
                texts[lang] = std::move(*text);
        if (!texts.empty())
            j["texts"] = std::move(texts);
    }
    return j;
}

void FeedLog::publish(const QString &matchId, const json &message, qint64 wallMs)
{
    json m = message;
    m["cursor"] = cursor(m_next).toStdString();
    m_messages.push_back({m_next, matchId, dumpText(m), wallMs});
    ++m_next;
    while (m_messages.size() > m_capacity)
        m_messages.pop_front();
}

std::size_t
FeedLog::ingest(const std::string &matchId, const std::vector<Event> &events, qint64 wallMs)
{
    const QString qid = QString::fromStdString(matchId);
    auto it = m_matches.find(qid);
    std::size_t published = 0;
    for (const Event &e : events) {
        if (e.audience != engine::Audience::Public)
            continue; // the one rule this whole feed rests on
        if (it == m_matches.end()) {
            // A match is known from its first event on; the host sends whole
            // logs for matches that started before the feed did.
            if (e.type != EventType::MatchCreated)
                continue;
            auto replica = engine::Match::fromPublicLog({e});
            if (!replica) {
                qCWarning(lcFeed) << "cannot follow match" << qid << ":"
                                  << replica.error().message.c_str();
                continue;
            }
            MatchFeed feed;
            feed.replica = std::make_unique<engine::Match>(std::move(replica).value());
            it = m_matches.emplace(qid, std::move(feed)).first;
        } else {
            if (e.seq <= it->second.replica->state().lastSeq)
                continue; // already published (a batch sent again)
            if (auto applied = it->second.replica->tryApplyPublic(e); !applied) {
                qCWarning(lcFeed) << "skipping an event of" << qid << ":"
                                  << applied.error().message.c_str();
                continue;
            }
        }
        MatchFeed &feed = it->second;
        feed.ns.push_back(m_next);
        if (e.type == EventType::GameEnded)
            feed.endedAt = wallMs;
        publish(qid, {{"type", "event"}, {"matchId", matchId}, {"event", eventJson(e)}}, wallMs);
        ++published;
    }
    if (published == 0 || it == m_matches.end())
        return published;
    MatchFeed &feed = it->second;
    for (const engine::KeyMoment &k :
         engine::keyMoments(*feed.replica, engine::Viewer::spectator())) {
        if (!feed.moments.insert(momentKey(k)).second)
            continue;
        publish(
            qid, {{"type", "keyMoment"}, {"matchId", matchId}, {"moment", momentJson(k)}}, wallMs);
        ++published;
    }
    return published;
}

const FeedLog::Message *FeedLog::message(std::uint64_t n) const
{
    if (n < firstN() || n >= m_next)
        return nullptr;
    return &m_messages[std::size_t(n - firstN())];
}

std::uint64_t FeedLog::firstAfter(qint64 wallMs) const
{
    // Published in order, so their times only grow.
    const auto it = std::upper_bound(m_messages.begin(),
                                     m_messages.end(),
                                     wallMs,
                                     [](qint64 t, const Message &m) { return t < m.wallMs; });
    return it == m_messages.end() ? m_next : it->n;
}

QString FeedLog::cursor(std::uint64_t n) const
{
    return m_epoch + QLatin1Char('.') + QString::number(n);
}

std::optional<std::uint64_t> FeedLog::resumeAt(const QString &cursor) const
{
    const qsizetype dot = cursor.lastIndexOf(QLatin1Char('.'));
    if (dot <= 0 || cursor.left(dot) != m_epoch)
        return std::nullopt;
    bool ok = false;
    const std::uint64_t n = cursor.mid(dot + 1).toULongLong(&ok);
    if (!ok || n >= m_next)
        return n + 1 == m_next && ok ? std::optional<std::uint64_t>(m_next) : std::nullopt;
    // Resuming needs every message after n: the one after it must still be held.
    if (n + 1 < firstN())
        return std::nullopt;
    return n + 1;
}

std::unique_ptr<engine::Match> FeedLog::replicaBefore(const QString &matchId,
                                                      std::uint64_t beforeN) const
{
    const auto it = m_matches.find(matchId);
    if (it == m_matches.end())
        return nullptr;
    const MatchFeed &feed = it->second;
    const auto &log = feed.replica->log();
    std::vector<Event> prefix;
    for (std::size_t i = 0; i < feed.ns.size() && feed.ns[i] < beforeN; ++i)
        prefix.push_back(log[i]);
    if (prefix.empty())
        return nullptr;
    auto replica = engine::Match::fromPublicLog(prefix);
    return replica ? std::make_unique<engine::Match>(std::move(replica).value()) : nullptr;
}

namespace {

/// Who plays a seat, as its agent id says (public in MATCH_CREATED): "person",
/// "model", "bot", or "agent" (an MCP client or a push agent).
const char *seatKind(const std::string &agentId)
{
    if (SeatRunner::isHuman(agentId))
        return "person";
    if (SeatRunner::isModel(agentId))
        return "model";
    if (SeatRunner::isBot(agentId))
        return "bot";
    return "agent";
}

} // namespace

json FeedLog::matchSnapshot(const engine::Match &m, bool history)
{
    const engine::MatchState &s = m.state();
    engine::StateOptions options;
    options.includeTranscriptSummary = false;
    const engine::StateView view = engine::stateView(m, engine::Viewer::spectator(), options);

    json players = json::array();
    for (const engine::PlayerEntry &p : view.players) {
        const engine::Player *seat = m.player(p.playerId);
        players.push_back(
            {{"playerId", p.playerId},
             {"displayName", p.displayName},
             {"seat", p.seat},
             {"seatKind", seatKind(seat ? seat->agentId : std::string())},
             {"alive", p.alive},
             {"revealedRole", p.revealedRole ? json(toString(*p.revealedRole)) : json(nullptr)}});
    }

    json speaking = nullptr;
    if ((s.phase == engine::Phase::DayOpening || s.phase == engine::Phase::DayPkDefense)
        && s.openingIndex >= 0 && s.openingIndex < int(s.openingOrder.size()))
        speaking = {{"playerId", s.openingOrder[std::size_t(s.openingIndex)]},
                    {"turnEndsAt", s.turnEndsAt}};

    // The votes of the vote under way or just resolved, read from the public
    // VOTE_CAST events since the vote began (a later vote replaces an earlier).
    json tally = nullptr;
    if (s.phase == engine::Phase::DayVote || s.phase == engine::Phase::DayPkVote
        || s.phase == engine::Phase::DayPkDefense || s.phase == engine::Phase::DayResolution
        || s.phase == engine::Phase::HunterShot) {
        // The latest vote of the day: the PK's revote once it began. None
        // yet today (a hunter's shot at night): no tally.
        const auto &log = m.log();
        std::size_t from = log.size();
        bool found = false;
        bool pk = false;
        while (from > 0 && !found) {
            const Event &e = log[--from];
            if (e.type != EventType::PhaseChanged)
                continue;
            const std::string to = e.payload.value("to", "");
            if (to == "NIGHT")
                break;
            found = to == "DAY_VOTE" || to == "DAY_PK_VOTE";
            pk = to == "DAY_PK_VOTE";
        }
        if (found) {
            json votes = json::object();
            for (std::size_t i = from; i < log.size(); ++i) {
                const Event &e = log[i];
                if (e.type != EventType::VoteCast)
                    continue;
                const json &target
                    = e.payload.contains("targetPlayerId") ? e.payload["targetPlayerId"] : json();
                votes[e.payload.value("voterPlayerId", "")]
                    = target.is_string() ? target : json(nullptr);
            }
            json counts = json::object();
            for (const auto &[voter, target] : votes.items())
                if (target.is_string())
                    counts[target.get<std::string>()]
                        = counts.value(target.get<std::string>(), 0) + 1;
            tally = {{"day", s.dayNumber}, {"votes", votes}, {"counts", counts}};
            if (pk)
                tally["pk"] = s.pkCandidates;
        }
    }

    json moments = json::array();
    for (const engine::KeyMoment &k : engine::keyMoments(m, engine::Viewer::spectator()))
        moments.push_back(momentJson(k));

    json recent = json::array();
    std::vector<const Event *> lines;
    for (auto it = m.log().rbegin(); it != m.log().rend() && lines.size() < RecentLines; ++it)
        if (it->type == EventType::PublicMessage || it->type == EventType::Narrator)
            lines.push_back(&*it);
    for (auto it = lines.rbegin(); it != lines.rend(); ++it)
        recent.push_back(eventJson(**it));

    json out = {{"matchId", s.matchId},
                {"matchNumber", s.matchNumber},
                {"phase", std::string(toString(s.phase))},
                {"dayNumber", s.dayNumber},
                {"phaseEndsAt", s.phase == engine::Phase::Ended ? s.endedAt : s.phaseEndsAt},
                {"paused", s.paused},
                {"players", std::move(players)},
                {"speaking", std::move(speaking)},
                {"tally", std::move(tally)},
                {"keyMoments", std::move(moments)},
                {"recent", std::move(recent)},
                {"winner", s.winner ? json(toString(*s.winner)) : json(nullptr)}};
    if (s.paused)
        out["remainingMs"] = s.pausedRemainingMs;
    if (history) {
        json events = json::array();
        for (const Event &e : m.log())
            events.push_back(eventJson(e));
        out["events"] = std::move(events);
    }
    return out;
}

json FeedLog::snapshot(const QString &matchFilter,
                       std::uint64_t beforeN,
                       bool history,
                       engine::TimeMs asOf) const
{
    std::vector<std::pair<int, json>> matches;
    for (const auto &[id, feed] : m_matches) {
        if (!matchFilter.isEmpty() && id != matchFilter)
            continue;
        if (feed.ns.empty() || feed.ns.front() >= beforeN)
            continue; // not started yet, as far as this client is concerned
        std::unique_ptr<engine::Match> earlier;
        const engine::Match *m = feed.replica.get();
        if (feed.ns.back() >= beforeN) {
            earlier = replicaBefore(id, beforeN);
            m = earlier.get();
        }
        if (m)
            matches.emplace_back(m->state().matchNumber, matchSnapshot(*m, history));
    }
    std::stable_sort(matches.begin(), matches.end(), [](const auto &a, const auto &b) {
        return a.first < b.first;
    });
    json list = json::array();
    for (auto &[number, snapshot] : matches)
        list.push_back(std::move(snapshot));
    return {{"type", "snapshot"},
            {"cursor", cursor(beforeN - 1).toStdString()},
            {"asOf", asOf},
            {"matches", std::move(list)}};
}

void FeedLog::forgetEndedBefore(qint64 wallMs)
{
    for (auto it = m_matches.begin(); it != m_matches.end();)
        it = it->second.endedAt && *it->second.endedAt < wallMs ? m_matches.erase(it)
                                                                : std::next(it);
}

// ---------------------------------------------------------------- SpectatorFeed

SpectatorFeed::SpectatorFeed(Host *host, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_local(
          new QWebSocketServer(QStringLiteral("Town Hall"), QWebSocketServer::NonSecureMode, this))
{
    m_clock.start();
    connect(m_local, &QWebSocketServer::newConnection, this, [this] {
        while (m_local->hasPendingConnections())
            accept(m_local->nextPendingConnection(), false);
    });
    m_delayed.setInterval(100);
    connect(&m_delayed, &QTimer::timeout, this, &SpectatorFeed::pumpAll);
    connect(&m_sweep, &QTimer::timeout, this, &SpectatorFeed::sweep);
    attach();
}

SpectatorFeed::~SpectatorFeed()
{
    for (auto &[socket, client] : m_clients)
        socket->disconnect(this);
    for (auto &[tcp, inbound] : m_inbound)
        if (inbound.tcp)
            inbound.tcp->disconnect(this);
}

void SpectatorFeed::attach()
{
    if (!m_host || m_attached)
        return;
    m_attached = true;
    // Matches that began before the feed (recovered ones): their whole logs.
    for (engine::Match *m : m_host->lobby().orderedMatches())
        if (!m->ended())
            m_log.ingest(m->matchId(), m->log(), wallNow());
    connect(m_host,
            &Host::matchEvents,
            this,
            [this](const QString &matchId, const EventBatch &batch) { ingest(matchId, *batch); });
}

void SpectatorFeed::ingest(const QString &matchId, const std::vector<engine::Event> &events)
{
    const CpuMeter meter(m_busy);
    if (m_log.ingest(matchId.toStdString(), events, wallNow()) == 0)
        return;
    m_log.forgetEndedBefore(wallNow() - m_limits.keepEndedMs);
    pumpAll();
}

engine::TimeMs SpectatorFeed::hostNow() const
{
    return m_host ? m_host->now() : QDateTime::currentMSecsSinceEpoch();
}

void SpectatorFeed::handleConnection(QTcpSocket *socket)
{
    // Qt 6.4 deletes the socket only when it disconnects; the parent covers
    // a feed that goes first.
    socket->setParent(m_local);
    adopt(socket);
    m_local->handleConnection(socket);
}

void SpectatorFeed::adopt(QTcpSocket *tcp)
{
    // Room for one whole frame of the largest size allowed: Qt waits for a
    // frame's last byte in this buffer. Without a bound it took in 900 MB of
    // a frame declared 1.5 GB.
    tcp->setReadBufferSize(qint64(m_limits.maxIncomingFrameBytes) + 4096);
    Inbound &in = m_inbound[tcp];
    in.tcp = tcp;
    in.tokens = double(m_limits.incomingBurstBytes);
    in.at = wallNow();
    // Connected before QWebSocket connects its own reader (at the upgrade),
    // so this runs before Qt reads the frames, and answers the pings.
    connect(tcp, &QTcpSocket::readyRead, this, [this, tcp] { beforeRead(tcp); });
    // A socket that never becomes a spectator; accepted ones are forgotten
    // when they disconnect (QWebSocket disconnects this on its way out).
    connect(tcp, &QObject::destroyed, this, [this, tcp] { m_inbound.erase(tcp); });
}

void SpectatorFeed::beforeRead(QTcpSocket *tcp)
{
    const auto it = m_inbound.find(tcp);
    if (it == m_inbound.end())
        return;
    Inbound &in = it->second;
    const qint64 available = tcp->bytesAvailable();
    const qint64 fresh = std::max<qint64>(0, available - in.leftover);
    in.leftover = available;
    const qint64 now = wallNow();
    in.tokens = std::min(
        double(m_limits.incomingBurstBytes),
        in.tokens + double(now - in.at) * double(m_limits.incomingBytesPerSecond) / 1000.0);
    in.at = now;
    in.tokens -= double(fresh);
    if (in.tokens >= 0)
        return;
    qCInfo(lcFeed) << "closing a spectator that sends too much:" << tcp->peerAddress();
    if (QWebSocket *socket = in.socket) {
        // The close stops the reading, so Qt answers none of what is buffered.
        m_clients.erase(socket);
        socket->close(QWebSocketProtocol::CloseCode(ClosePolicy),
                      QStringLiteral("a spectator sends only pings"));
    } else {
        tcp->abort();
    }
}

void SpectatorFeed::afterRead(QTcpSocket *tcp)
{
    const auto it = m_inbound.find(tcp);
    if (it == m_inbound.end())
        return;
    it->second.leftover = tcp->bytesAvailable();
    // Qt has just answered the pings it read: pongs wait in the same buffer
    // as the messages, and a client that reads neither is dropped.
    const auto client = m_clients.find(it->second.socket.data());
    if (client != m_clients.end() && overUnsent(client->second))
        drop(client->first, tr("you fell too far behind"));
}

bool SpectatorFeed::overUnsent(const Client &client) const
{
    // What the socket still holds is what the client has not read: past the
    // bound (plus the snapshot it got first) it is not keeping up.
    return client.socket->bytesToWrite() > m_limits.maxUnsentBytes + client.snapshotBytes;
}

void SpectatorFeed::sweep()
{
    // A client that stops reading between two messages (its pongs still
    // queued) is found here rather than at the next publication.
    std::vector<QWebSocket *> over;
    for (const auto &[socket, client] : m_clients)
        if (overUnsent(client))
            over.push_back(socket);
    for (QWebSocket *socket : over)
        drop(socket, tr("you fell too far behind"));
    if (m_clients.empty())
        m_sweep.stop();
}

bool SpectatorFeed::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (!m_external) {
        m_external = new QWebSocketServer(
            QStringLiteral("Town Hall"), QWebSocketServer::NonSecureMode, this);
        connect(m_external,
                &QWebSocketServer::originAuthenticationRequired,
                this,
                [this](QWebSocketCorsAuthenticator *auth) {
                    // No Origin: a native client. Otherwise only pages of this
                    // machine or of the address the feed is offered on.
                    const QString origin = auth->origin();
                    if (origin.isEmpty()) {
                        auth->setAllowed(true);
                        return;
                    }
                    const QString host = QUrl(origin).host().toLower();
                    const QString mine = m_externalAddress.toString().toLower();
                    auth->setAllowed(host == QLatin1String("localhost")
                                     || host == QLatin1String("127.0.0.1")
                                     || host == QLatin1String("::1") || host == mine);
                });
        connect(m_external, &QWebSocketServer::newConnection, this, [this] {
            while (m_external->hasPendingConnections())
                accept(m_external->nextPendingConnection(), true);
        });
        m_externalTcp = new QTcpServer(this);
        m_externalTcp->setListenBacklogSize(ListenBacklog);
        connect(m_externalTcp, &QTcpServer::newConnection, this, [this] {
            while (m_externalTcp->hasPendingConnections()) {
                QTcpSocket *socket = m_externalTcp->nextPendingConnection();
                socket->setParent(m_external);
                adopt(socket);
                m_external->handleConnection(socket);
            }
        });
    }
    if (!m_externalTcp->listen(address, port)) {
        if (error)
            *error = tr("cannot offer the spectator feed on %1:%2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(m_externalTcp->errorString());
        return false;
    }
    m_externalAddress = address;
    return true;
}

QString spectateUrl(const QHostAddress &address, quint16 port)
{
    QUrl url;
    url.setScheme(QStringLiteral("ws"));
    url.setHost(address.toString());
    url.setPort(port);
    url.setPath(QStringLiteral("/spectate"));
    return url.toString();
}

QString SpectatorFeed::listenUrl() const
{
    if (!m_externalTcp || !m_externalTcp->isListening())
        return {};
    return spectateUrl(m_externalTcp->serverAddress(), m_externalTcp->serverPort());
}

void SpectatorFeed::refuse(QWebSocket *socket, const QString &message, const char *code)
{
    qCInfo(lcFeed) << "refused a spectator:" << message;
    socket->sendTextMessage(
        dumpText({{"type", "error"}, {"code", code}, {"message", message.toStdString()}}));
    socket->close(QWebSocketProtocol::CloseCode(ClosePolicy), message.left(100));
}

void SpectatorFeed::accept(QWebSocket *socket, bool external)
{
    const CpuMeter meter(m_busy);
    socket->setParent(this);
    // Whoever closes (we, or Qt on a frame too large): a client that does
    // not read will not read the close frame either.
    connect(socket, &QWebSocket::aboutToClose, socket, [socket] {
        QTimer::singleShot(5000, socket, &QWebSocket::abort);
    });
    socket->setMaxAllowedIncomingFrameSize(m_limits.maxIncomingFrameBytes);
    socket->setMaxAllowedIncomingMessageSize(m_limits.maxIncomingMessageBytes);
    socket->setReadBufferSize(qint64(m_limits.maxIncomingFrameBytes) + 4096);
    // Its TCP socket: this feed handed it to the WebSocket server, which
    // keeps it; the two ends of the connection name it.
    QTcpSocket *tcp = nullptr;
    for (auto &[candidate, inbound] : m_inbound) {
        if (!inbound.socket && candidate->peerPort() == socket->peerPort()
            && candidate->localPort() == socket->localPort()
            && candidate->peerAddress() == socket->peerAddress()) {
            tcp = candidate;
            inbound.socket = socket;
            inbound.leftover = candidate->bytesAvailable();
            // Connected after QWebSocket's reader: runs once Qt has read.
            connect(tcp, &QTcpSocket::readyRead, this, [this, tcp] { afterRead(tcp); });
            break;
        }
    }
    connect(socket, &QWebSocket::disconnected, this, [this, socket, tcp] {
        m_inbound.erase(tcp);
        remove(socket);
    });
    const QUrl url = socket->requestUrl();
    if (external && url.path() != QLatin1String("/spectate"))
        return refuse(socket, tr("the feed is at /spectate"));
    if (clientCount() >= m_limits.maxClients)
        return refuse(socket, tr("too many spectators (%1)").arg(m_limits.maxClients));
    const QUrlQuery query(url);
    Client client;
    client.socket = socket;
    client.tcp = tcp;
    client.match = query.queryItemValue(QStringLiteral("match"), QUrl::FullyDecoded);
    if (query.hasQueryItem(QStringLiteral("delay"))) {
        bool ok = false;
        const double seconds = query.queryItemValue(QStringLiteral("delay")).toDouble(&ok);
        if (!ok || !std::isfinite(seconds) || seconds < 0 || seconds > m_limits.maxDelaySeconds)
            return refuse(
                socket,
                tr("delay must be a number of seconds from 0 to %1").arg(m_limits.maxDelaySeconds));
        client.delayMs = qint64(std::llround(seconds * 1000));
    }
    const QString history = query.queryItemValue(QStringLiteral("history"));
    if (!history.isEmpty() && history != QLatin1String("full"))
        return refuse(socket, tr("history must be \"full\" or left out"));
    if (!client.match.isEmpty() && !m_log.knows(client.match))
        return refuse(socket,
                      tr("no match %1 is being played here (yet)").arg(client.match),
                      "unknown_match");

    std::optional<std::uint64_t> resumed;
    if (query.hasQueryItem(QStringLiteral("cursor")))
        resumed
            = m_log.resumeAt(query.queryItemValue(QStringLiteral("cursor"), QUrl::FullyDecoded));
    socket->sendTextMessage(dumpText(
        {{"type", "hello"},
         {"protocol", ProtocolVersion},
         {"match", client.match.isEmpty() ? json(nullptr) : json(client.match.toStdString())},
         {"delayMs", client.delayMs},
         {"serverTime", hostNow()},
         {"resumed", resumed.has_value()}}));
    if (resumed) {
        client.next = *resumed;
    } else {
        client.next = client.delayMs ? m_log.firstAfter(wallNow() - client.delayMs) : m_log.nextN();
        const json snapshot = m_log.snapshot(
            client.match, client.next, !history.isEmpty(), hostNow() - client.delayMs);
        const QString text = dumpText(snapshot);
        client.snapshotBytes = text.size();
        socket->sendTextMessage(text);
    }
    qCDebug(lcFeed) << "spectator from" << socket->peerAddress() << "match" << client.match
                    << "delay" << client.delayMs << (resumed ? "resumed" : "snapshot");
    auto &stored = m_clients.emplace(socket, client).first->second;
    if (!m_sweep.isActive())
        m_sweep.start(m_limits.sweepInterval);
    if (pump(stored) && stored.delayMs && !m_delayed.isActive())
        m_delayed.start();
}

bool SpectatorFeed::pump(Client &client)
{
    const qint64 now = wallNow();
    while (client.next < m_log.nextN()) {
        const FeedLog::Message *message = m_log.message(client.next);
        if (!message) {
            drop(client.socket, tr("the messages after your position are no longer held"));
            return false;
        }
        if (client.delayMs && message->wallMs + client.delayMs > now)
            break;
        if (client.match.isEmpty() || message->matchId == client.match) {
            if (overUnsent(client)) {
                drop(client.socket, tr("you fell too far behind"));
                return false;
            }
            client.socket->sendTextMessage(message->text);
        }
        ++client.next;
    }
    return true;
}

void SpectatorFeed::pumpAll()
{
    const CpuMeter meter(m_busy);
    bool delayedLeft = false;
    std::vector<QWebSocket *> sockets;
    sockets.reserve(m_clients.size());
    for (const auto &[socket, client] : m_clients)
        sockets.push_back(socket);
    for (QWebSocket *socket : sockets) {
        const auto it = m_clients.find(socket);
        if (it == m_clients.end())
            continue;
        if (pump(it->second) && it->second.delayMs)
            delayedLeft = true;
    }
    if (!delayedLeft)
        m_delayed.stop();
}

void SpectatorFeed::drop(QWebSocket *socket, const QString &message)
{
    qCInfo(lcFeed) << "dropping a spectator that fell behind:" << socket->peerAddress();
    m_clients.erase(socket);
    socket->sendTextMessage(
        dumpText({{"type", "dropped"}, {"reason", "behind"}, {"message", message.toStdString()}}));
    socket->close(QWebSocketProtocol::CloseCode(CloseBehind), QStringLiteral("fell behind"));
    Q_EMIT clientDropped();
}

void SpectatorFeed::remove(QWebSocket *socket)
{
    m_clients.erase(socket);
    socket->deleteLater();
}

} // namespace townhall::host
