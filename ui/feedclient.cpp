// SPDX-License-Identifier: MIT
#include "ui/feedclient.h"

#include "ui/logging.h"
#include "ui/replicaset.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSet>
#include <QUrlQuery>
#include <QWebSocket>

#include <algorithm>
#include <memory>

namespace townhall::ui {

namespace {

using engine::json;

QString str(const json &o, const char *key)
{
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

/// Times on the feed are the host's clock in ms since the epoch (the
/// envelope's `at`, `serverTime`); anything else is malformed.
std::optional<qint64> millis(const json &v)
{
    if (v.is_number_integer() || v.is_number_unsigned())
        return v.get<qint64>();
    return std::nullopt;
}

/// The types the feed may carry (docs/spectator-feed.md). The wire has no
/// audience, so a type that is never public is refused here: a wolf's line
/// must not become "public" because a host mislabelled it.
bool feedType(engine::EventType t)
{
    using T = engine::EventType;
    switch (t) {
    case T::MatchCreated:
    case T::PhaseChanged:
    case T::PublicMessage:
    case T::VoteCast:
    case T::NightResult:
    case T::PlayerEliminated:
    case T::GameEnded:
    case T::Narrator:
    case T::PlayerReady:
    case T::TurnStarted:
    case T::TurnMissed:
    case T::VoteResult:
    case T::RolesRevealed:
    case T::MatchPaused:
    case T::MatchResumed:
    case T::HunterShot: // the hunter's shot is public
        return true;
    default:
        return false;
    }
}

/// One wire event into the engine's envelope. Everything on the feed is
/// public by definition; the replica refuses what the engine says is not.
std::optional<engine::Event> eventFromWire(const QString &matchId, const json &w)
{
    if (!w.is_object())
        return std::nullopt;
    auto seq = w.find("seq");
    auto type = w.find("type");
    auto at = w.find("at");
    if (seq == w.end() || !seq->is_number_unsigned() || type == w.end() || !type->is_string()
        || at == w.end())
        return std::nullopt;
    const auto t = engine::parseEventType(type->get<std::string>());
    const auto ms = millis(*at);
    if (!t || !ms || !feedType(*t))
        return std::nullopt;
    engine::Event e;
    e.matchId = matchId.toStdString();
    e.seq = seq->get<std::uint64_t>();
    e.eventId = w.contains("eventId") && w["eventId"].is_string()
                    ? w["eventId"].get<std::string>()
                    : engine::makeEventId(e.matchId, e.seq);
    e.at = *ms;
    e.type = *t;
    e.audience = engine::Audience::Public;
    auto payload = w.find("payload");
    e.payload = payload != w.end() && payload->is_object() ? *payload : json::object();
    return e;
}

} // namespace

FeedClient::FeedClient(ReplicaSet *replicas, QObject *parent)
    : QObject(parent)
    , m_replicas(replicas)
{
    Q_ASSERT(replicas->publicOnly());
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &FeedClient::connectNow);
}

FeedClient::~FeedClient()
{
    // No signals from here: receivers may be half destroyed already.
    m_retry.stop();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

void FeedClient::setBackoff(int firstMs, int maxMs)
{
    m_firstBackoffMs = std::max(1, firstMs);
    m_maxBackoffMs = std::max(m_firstBackoffMs, maxMs);
    m_backoffMs = m_firstBackoffMs;
}

void FeedClient::open(const QUrl &url)
{
    close();
    m_url = url;
    m_cursor.clear();
    m_refusal.clear();
    m_everConnected = false;
    m_backoffMs = m_firstBackoffMs;
    setState(State::Connecting);
    connectNow();
}

void FeedClient::close()
{
    m_retry.stop();
    if (m_socket) {
        // Detach first: this close is ours, not a drop to recover from.
        QWebSocket *s = std::exchange(m_socket, nullptr);
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    setState(State::Idle);
}

void FeedClient::connectNow()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    m_helloSeen = false;
    m_dropped = false;
    QUrl u = m_url;
    QUrlQuery q(u);
    q.removeAllQueryItems(QStringLiteral("history"));
    q.removeAllQueryItems(QStringLiteral("cursor"));
    q.addQueryItem(QStringLiteral("history"), QStringLiteral("full"));
    if (!m_cursor.isEmpty())
        q.addQueryItem(QStringLiteral("cursor"), m_cursor);
    u.setQuery(q);
    m_socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    connect(m_socket, &QWebSocket::textMessageReceived, this, &FeedClient::onText);
    connect(m_socket, &QWebSocket::disconnected, this, &FeedClient::onDisconnected);
    // A refused connection reports an error; make sure it is handled as a loss
    // once, whichever of the two signals comes.
    connect(
        m_socket, QOverload<QAbstractSocket::SocketError>::of(&QWebSocket::error), this, [this] {
            if (m_socket && m_socket->state() == QAbstractSocket::UnconnectedState)
                onDisconnected();
        });
    qCInfo(lcUi) << "feed: connecting to" << u.toString();
    m_socket->open(u);
}

void FeedClient::onDisconnected()
{
    const auto code = m_socket ? m_socket->closeCode() : QWebSocketProtocol::CloseCodeNormal;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    if (!m_refusal.isEmpty() || code == QWebSocketProtocol::CloseCodePolicyViolated) {
        // A bad request stays bad: asking again would only repeat the refusal.
        if (m_refusal.isEmpty())
            m_refusal = tr("the request was refused");
        setState(State::Refused);
        return;
    }
    if (code == 4001)
        m_dropped = true;
    scheduleRetry(m_helloSeen || m_dropped
                      ? State::Reconnecting
                      : (m_everConnected ? State::Reconnecting : State::Unreachable));
}

void FeedClient::scheduleRetry(State s)
{
    m_retry.start(m_backoffMs);
    setState(s);
    // Emit the new wait even when the state stays the same.
    Q_EMIT statusChanged(statusText());
    m_backoffMs = std::min(m_backoffMs * 2, m_maxBackoffMs);
}

void FeedClient::setState(State s)
{
    if (s == m_state)
        return;
    m_state = s;
    Q_EMIT stateChanged(s);
    Q_EMIT statusChanged(statusText());
}

QString FeedClient::statusText() const
{
    const QString where = m_url.authority();
    switch (m_state) {
    case State::Idle:
        return tr("Not connected");
    case State::Connecting:
        return tr("Connecting to %1…").arg(where);
    case State::Connected:
        return m_delayMs > 0 ? tr("Connected to %1 (%2 s delay)")
                                   .arg(where)
                                   .arg(m_delayMs / 1000.0, 0, 'f', 0)
                             : tr("Connected to %1").arg(where);
    case State::Reconnecting:
        return m_dropped ? tr("Dropped by the host, reconnecting…")
                         : tr("Connection lost, reconnecting…");
    case State::Unreachable:
        return tr("Host %1 unreachable, retrying…").arg(where);
    case State::Refused:
        return tr("The host refused the feed: %1").arg(m_refusal);
    }
    return {};
}

Clock FeedClient::shownClock() const
{
    return [this] {
        return QDateTime::currentMSecsSinceEpoch() + m_serverOffsetMs - m_delayMs;
    };
}

void FeedClient::onText(const QString &text)
{
    const json o = json::parse(text.toStdString(), nullptr, false);
    if (o.is_discarded() || !o.is_object()) {
        qCWarning(lcUi) << "feed: ignoring a message that is not a JSON object";
        return;
    }
    const QString type = str(o, "type");
    if (type == QLatin1String("hello"))
        handleHello(o);
    else if (type == QLatin1String("snapshot"))
        handleSnapshot(o);
    else if (type == QLatin1String("event"))
        handleEvent(o);
    else if (type == QLatin1String("keyMoment")) {
        const QString c = str(o, "cursor");
        if (!c.isEmpty())
            m_cursor = c;
        auto mo = o.find("moment");
        if (mo != o.end() && mo->is_object())
            Q_EMIT keyMoment(
                str(o, "matchId"),
                QJsonDocument::fromJson(QByteArray::fromStdString(mo->dump())).object());
    } else if (type == QLatin1String("dropped")) {
        m_dropped = true;
        qCInfo(lcUi) << "feed: dropped by the host:" << str(o, "reason");
    } else if (type == QLatin1String("error")) {
        m_refusal = str(o, "message");
        if (m_refusal.isEmpty())
            m_refusal = str(o, "code");
        qCWarning(lcUi) << "feed: error from the host:" << m_refusal;
    } else {
        qCInfo(lcUi) << "feed: ignoring message of type" << type;
    }
}

void FeedClient::handleHello(const json &o)
{
    m_helloSeen = true;
    m_everConnected = true;
    m_backoffMs = m_firstBackoffMs;
    if (auto it = o.find("delayMs"); it != o.end() && it->is_number())
        m_delayMs = it->get<qint64>();
    if (auto it = o.find("serverTime"); it != o.end())
        if (auto t = millis(*it))
            m_serverOffsetMs = *t - QDateTime::currentMSecsSinceEpoch();
    if (auto it = o.find("resumed"); it != o.end() && it->is_boolean() && it->get<bool>())
        qCInfo(lcUi) << "feed: resumed after" << m_cursor;
    setState(State::Connected);
    Q_EMIT statusChanged(statusText()); // the delay may have changed
}

void FeedClient::handleSnapshot(const json &o)
{
    const QString c = str(o, "cursor");
    if (!c.isEmpty())
        m_cursor = c;
    auto matches = o.find("matches");
    if (matches == o.end() || !matches->is_array()) {
        qCWarning(lcUi) << "feed: snapshot without matches";
        return;
    }
    // A fresh snapshot is the whole truth: every listed match is rebuilt from
    // its public log, and a match it no longer lists is forgotten.
    QSet<QString> listed;
    for (const json &ms : *matches) {
        if (!ms.is_object())
            continue;
        const QString id = str(ms, "matchId");
        if (id.isEmpty())
            continue;
        auto evs = ms.find("events");
        if (evs == ms.end() || !evs->is_array()) {
            qCWarning(lcUi) << "feed: snapshot of" << id << "carries no history";
            continue;
        }
        std::vector<engine::Event> log;
        log.reserve(evs->size());
        for (const json &w : *evs) {
            if (auto e = eventFromWire(id, w))
                log.push_back(std::move(*e));
            else
                qCWarning(lcUi) << "feed: skipping a malformed event of" << id;
        }
        if (m_replicas->resetPublic(id, log))
            listed.insert(id);
    }
    const QStringList known = m_replicas->matchIds();
    for (const QString &id : known)
        if (!listed.contains(id))
            m_replicas->remove(id);
    Q_EMIT snapshotApplied();
}

void FeedClient::handleEvent(const json &o)
{
    const QString id = str(o, "matchId");
    auto ev = o.find("event");
    if (id.isEmpty() || ev == o.end()) {
        qCWarning(lcUi) << "feed: event message without a match or an event";
        return;
    }
    auto e = eventFromWire(id, *ev);
    if (!e) {
        qCWarning(lcUi) << "feed: malformed event of" << id;
        return;
    }
    const QString c = str(o, "cursor");
    if (!c.isEmpty())
        m_cursor = c;
    m_replicas->ingest(id, std::make_shared<const std::vector<engine::Event>>(1, std::move(*e)));
}

QUrl FeedClient::feedUrlForMcp(const QString &mcpUrl)
{
    const QUrl mcp(mcpUrl);
    if (!mcp.isValid() || mcp.host().isEmpty())
        return {};
    QUrl u;
    u.setScheme(mcp.scheme() == QLatin1String("https") ? QStringLiteral("wss")
                                                       : QStringLiteral("ws"));
    u.setHost(mcp.host());
    u.setPort(mcp.port());
    u.setPath(QStringLiteral("/spectate"));
    return u;
}

std::optional<QUrl> FeedClient::parseUserUrl(const QString &text, QString *error)
{
    const QString t = text.trimmed();
    auto fail = [error](const QString &why) -> std::optional<QUrl> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (t.isEmpty())
        return fail(
            tr("Enter the address of a Town Hall host, e.g. ws://127.0.0.1:8787/spectate."));
    QUrl u;
    if (t.contains(QLatin1String("://"))) {
        u = QUrl(t, QUrl::StrictMode);
        if (u.scheme() != QLatin1String("ws") && u.scheme() != QLatin1String("wss"))
            return fail(tr("The address must start with ws:// or wss://."));
    } else {
        // A bare host:port is what people copy from a status line.
        u = QUrl(QStringLiteral("ws://") + t, QUrl::StrictMode);
    }
    if (!u.isValid() || u.host().isEmpty())
        return fail(tr("“%1” is not a valid address.").arg(t));
    if (u.path().isEmpty() || u.path() == QLatin1String("/"))
        u.setPath(QStringLiteral("/spectate"));
    return u;
}

} // namespace townhall::ui
