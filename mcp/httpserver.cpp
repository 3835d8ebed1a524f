// SPDX-License-Identifier: MIT
#include "mcp/httpserver.h"

#include "mcp/httpconnection.h"
#include "mcp/origin.h"
#include "mcp/streamable.h"
#include "mcp/transportlog.h"
#include "mcp/transportsession.h"

#include <QCoro/QCoroTask>
#include <QNetworkInterface>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>

namespace townhall::mcp {

namespace {

constexpr auto kAllowMcp = "GET, POST, DELETE, OPTIONS";
constexpr auto kAllowSse = "GET, OPTIONS";
constexpr auto kAllowMessages = "POST, OPTIONS";

enum class Route { Mcp, McpUnderscore, LegacySse, LegacyMessages, Unknown };

Route routeFor(const QByteArray &path)
{
    // Both spellings answered directly: a redirect /mcp → /mcp/ breaks clients.
    if (path == "/mcp" || path == "/mcp/")
        return Route::Mcp;
    if (path == "/mcp/underscore" || path == "/mcp/underscore/")
        return Route::McpUnderscore;
    if (path == "/sse")
        return Route::LegacySse;
    if (path == "/messages")
        return Route::LegacyMessages;
    return Route::Unknown;
}

const char *allowFor(Route route)
{
    switch (route) {
    case Route::Mcp:
    case Route::McpUnderscore:
        return kAllowMcp;
    case Route::LegacySse:
        return kAllowSse;
    case Route::LegacyMessages:
        return kAllowMessages;
    case Route::Unknown:
        break;
    }
    return "";
}

bool methodAllowed(Route route, const QByteArray &method)
{
    switch (route) {
    case Route::Mcp:
    case Route::McpUnderscore:
        return method == "GET" || method == "POST" || method == "DELETE";
    case Route::LegacySse:
        return method == "GET";
    case Route::LegacyMessages:
        return method == "POST";
    case Route::Unknown:
        break;
    }
    return false;
}

/// The ids of the requests in a message, kept while its handler runs: if the
/// handler fails, every request in the message still deserves an answer.
struct RequestIds
{
    bool batch = false;
    std::vector<json> ids;
};

RequestIds requestIdsOf(const json &message)
{
    RequestIds r;
    r.batch = message.is_array();
    auto take = [&r](const json &m) {
        if (classifyMessage(m) == MessageKind::Request)
            r.ids.push_back(m.at("id"));
    };
    if (r.batch)
        std::for_each(message.begin(), message.end(), take);
    else
        take(message);
    return r;
}

/// The token of an `Authorization: Bearer` header value, or empty: another
/// scheme is no token, as this server issues bearer tokens only.
QByteArrayView bearerToken(const QByteArray &authorization)
{
    if (authorization.size() > 7
        && QByteArrayView(authorization).first(7).compare("Bearer ", Qt::CaseInsensitive) == 0)
        return QByteArrayView(authorization).sliced(7).trimmed();
    return {};
}

json internalErrorsFor(const RequestIds &requests)
{
    if (requests.ids.empty())
        return json();
    if (!requests.batch)
        return jsonRpcError(-32603, "Internal error", requests.ids.front());
    json out = json::array();
    for (const json &id : requests.ids)
        out.push_back(jsonRpcError(-32603, "Internal error", id));
    return out;
}

/// Runs the handler in a coroutine of its own, so that the caller never waits
/// and a reply can arrive after the client, the connection or the server died
/// (\a context guards the callback).
QCoro::Task<> runHandler(std::shared_ptr<MessageHandler> handler,
                         json message,
                         std::shared_ptr<Session> session,
                         QPointer<QObject> context,
                         std::function<void(std::optional<json>)> done)
{
    std::optional<json> reply;
    bool failed = false;
    const RequestIds requests = requestIdsOf(message); // not a copy of the message
    try {
        reply = co_await handler->handle(std::move(message), std::move(session));
    } catch (const std::exception &e) {
        qCWarning(lcTransport) << "message handler threw:" << e.what();
        failed = true;
    } catch (...) {
        qCWarning(lcTransport) << "message handler threw";
        failed = true;
    }
    if (failed) {
        json errors = internalErrorsFor(requests);
        if (!errors.is_null())
            reply = std::move(errors);
    }
    if (context)
        done(std::move(reply));
}

} // namespace

// ---------------------------------------------------------------- SessionOutbox

SessionOutbox::SessionOutbox(HttpServer *server, std::string sessionId)
    : m_server(server)
    , m_sessionId(std::move(sessionId))
{}

bool SessionOutbox::send(const json &message)
{
    HttpServer *server = m_server.data();
    if (!m_alive || !server)
        return false;
    if (QThread::currentThread() == server->thread())
        return server->deliver(m_sessionId, message);
    if (!m_streamOpen)
        return false;
    // Sockets belong to the server's thread; hop there.
    QMetaObject::invokeMethod(
        server,
        [server = m_server, id = m_sessionId, message] {
            if (server)
                server->deliver(id, message);
        },
        Qt::QueuedConnection);
    return true;
}

// ---------------------------------------------------------------- HttpServer

HttpServer::HttpServer(QObject *parent)
    : QObject(parent)
    , m_tcp(new QTcpServer(this))
    , m_sweepTimer(new QTimer(this))
    , m_allowedHosts(defaultAllowedHostnames())
{
    // A deeper backlog than Qt's 50: the spectator feed and the overlays are
    // served on this port too, and a stream's audience arrives at once.
    m_tcp->setListenBacklogSize(1024);
    connect(m_tcp, &QTcpServer::newConnection, this, &HttpServer::onNewConnection);
    connect(m_sweepTimer, &QTimer::timeout, this, &HttpServer::sweepSessions);
    setLimits(m_limits);
}

HttpServer::~HttpServer()
{
    m_destroying = true;
    m_tcp->close();
    std::vector<std::string> ids;
    for (const auto &[id, entry] : m_sessions)
        ids.push_back(id);
    for (const auto &id : ids)
        closeSessionInternal(id);
    const auto connections = m_connections;
    m_connections.clear();
    for (HttpConnection *c : connections) {
        c->disconnect(this);
        c->abort();
        delete c;
    }
}

bool HttpServer::listen(const QHostAddress &address, quint16 port)
{
    if (!m_tcp->listen(address, port)) {
        qCWarning(lcTransport) << "cannot listen on" << address << port << m_tcp->errorString();
        return false;
    }
    m_beyondLoopback = !address.isLoopback();
    qCInfo(lcTransport) << "MCP endpoint" << endpointUrl().toString();
    return true;
}

void HttpServer::close()
{
    m_tcp->close();
}

bool HttpServer::isListening() const
{
    return m_tcp->isListening();
}

quint16 HttpServer::port() const
{
    return m_tcp->serverPort();
}

QHostAddress HttpServer::address() const
{
    return m_tcp->serverAddress();
}

QString HttpServer::errorString() const
{
    return m_tcp->errorString();
}

QUrl HttpServer::endpointUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    const QHostAddress a = address();
    if (a.isNull() || a == QHostAddress::Any || a == QHostAddress::AnyIPv4
        || a == QHostAddress::LocalHost)
        url.setHost(QStringLiteral("127.0.0.1"));
    else
        url.setHost(a.toString());
    url.setPort(port());
    url.setPath(QStringLiteral("/mcp"));
    return url;
}

void HttpServer::setHandler(std::shared_ptr<MessageHandler> handler)
{
    m_handler = std::move(handler);
}

void HttpServer::setLimits(const TransportLimits &limits)
{
    m_limits = limits;
    if (m_limits.sessionIdleTimeout.count() > 0) {
        // Sweep often enough that a session outlives its timeout by at most half of it.
        const auto interval = std::clamp(m_limits.sessionIdleTimeout / 2,
                                         std::chrono::milliseconds(10),
                                         std::chrono::milliseconds(60000));
        m_sweepTimer->start(interval);
    } else {
        m_sweepTimer->stop();
    }
}

void HttpServer::setAllowedHostnames(const QStringList &hostnames)
{
    m_allowedHosts = hostnames;
    m_lastAllowedHost.clear();
}

void HttpServer::setObserver(std::function<void(const TrafficRecord &)> observer)
{
    m_observer = std::move(observer);
}

std::shared_ptr<Session> HttpServer::session(const std::string &id) const
{
    const SessionEntry *entry = findEntry(id);
    return entry ? entry->session : nullptr;
}

std::vector<std::shared_ptr<Session>> HttpServer::sessions() const
{
    std::vector<std::shared_ptr<Session>> out;
    out.reserve(m_sessions.size());
    for (const auto &[id, entry] : m_sessions)
        out.push_back(entry->session);
    return out;
}

bool HttpServer::closeSession(const std::string &id)
{
    return closeSessionInternal(id);
}

bool HttpServer::hasStream(const std::string &id) const
{
    const SessionEntry *entry = findEntry(id);
    return entry && entry->stream && entry->stream->isOpen();
}

void HttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
        if (m_connections.size() >= m_limits.maxConnections && !reclaimConnection()) {
            refuseConnection(socket);
            continue;
        }
        ConnectionLimits cl;
        cl.maxHeaderBytes = m_limits.maxHeaderBytes;
        cl.maxBodyBytes = m_limits.maxBodyBytes;
        cl.maxPipelined = std::max(1, m_limits.maxPipelined);
        cl.maxWriteBuffer = m_limits.maxWriteBuffer;
        cl.idleTimeout = m_limits.idleTimeout;
        cl.requestTimeout = m_limits.requestTimeout;
        cl.headerTimeout = m_limits.headerTimeout;
        cl.bodyStallTimeout = m_limits.bodyStallTimeout;
        auto *connection = new HttpConnection(socket, cl, this);
        m_connections.insert(connection);
        connect(connection,
                &HttpConnection::requestReady,
                this,
                [this, connection](const HttpRequest &request) { onRequest(connection, request); });
        connect(connection, &HttpConnection::closed, this, [this, connection] {
            m_connections.remove(connection);
        });
        // Browsers do not apply CORS to WebSockets, so the Origin check below
        // is all that keeps a web page from reaching the feed.
        if (m_webSocketHandler) {
            connection->setUpgradeFilter([this](const HttpRequest &head) {
                const char *why = nullptr;
                return m_webSocketHandler && head.path == m_webSocketPath
                       && checkHostAndOrigin(head, &why) == 0;
            });
        }
        connect(connection, &HttpConnection::upgradeRequested, this, [this](QTcpSocket *socket) {
            if (m_webSocketHandler)
                m_webSocketHandler(socket);
            else
                socket->deleteLater();
        });
    }
}

bool HttpServer::reclaimConnection()
{
    // An idle keep-alive client just reconnects; a request that is still
    // arriving after all the others is most likely a slow sender's. Neither
    // is owed anything yet. Connections that are owed a response or carry a
    // stream are never taken (streams have a cap of their own).
    using Activity = HttpConnection::Activity;
    HttpConnection *victim = nullptr;
    for (HttpConnection *c : std::as_const(m_connections)) {
        const Activity a = c->activity();
        if (a == Activity::Busy)
            continue;
        if (!victim || a < victim->activity()
            || (a == victim->activity() && c->activitySince() < victim->activitySince()))
            victim = c;
    }
    if (!victim)
        return false;
    qCDebug(lcTransport) << "connection limit reached; closing"
                         << (victim->activity() == Activity::Idle ? "an idle" : "a slow")
                         << "connection from" << victim->peerAddress();
    victim->abort(); // closed() takes it out of m_connections at once
    return true;
}

void HttpServer::refuseConnection(QTcpSocket *socket)
{
    qCWarning(lcTransport) << "connection limit reached; refusing" << socket->peerAddress();
    socket->setParent(this);
    const QByteArray body = QByteArray::fromStdString(
        jsonRpcError(-32000, "Service Unavailable: too many connections").dump());
    socket->write(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
        "Connection: close\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    // Drain what the client sends: closing with unread data would reset the
    // connection and could destroy the 503 before the client reads it. The
    // client closes on "Connection: close"; the timer is the backstop.
    connect(socket, &QTcpSocket::readyRead, socket, [socket] { socket->readAll(); });
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    QTimer::singleShot(2000, socket, [socket] { socket->disconnectFromHost(); });
    QTimer::singleShot(4000, socket, [socket] {
        socket->abort();
        socket->deleteLater();
    });
}

void HttpServer::onRequest(HttpConnection *connection, const HttpRequest &request)
{
    ReplyTo to;
    to.connection = connection;
    to.serial = request.serial;
    to.received = request.received;

    // DNS-rebinding protection first, for every path (MCP-NOTES rules 16, 19, 20).
    const char *why = nullptr;
    if (const int status = checkHostAndOrigin(request, &why)) {
        qCInfo(lcTransport) << "refused request:" << why << request.header("host")
                            << request.header("origin");
        sendJson(to, status, jsonRpcError(-32000, why));
        return;
    }
    if (request.headerCount("origin") == 1)
        to.origin = request.header("origin");

    const Route route = m_mcpRoutes ? routeFor(request.path) : Route::Unknown;
    if (route == Route::Unknown) {
        if (const PageHandler *pages = pageHandlerFor(request.path)) {
            handlePage(to, request, *pages);
            return;
        }
        // JSON, not text: some clients probe /.well-known/oauth-* and choke on plain text.
        sendJson(to, 404, json{{"error", "not_found"}});
        return;
    }
    if (request.method == "OPTIONS") {
        HttpResponse response(204, {}, {});
        response.setHeader("Allow", allowFor(route));
        if (!to.origin.isEmpty()) {
            response.setHeader("Access-Control-Allow-Methods", allowFor(route));
            response.setHeader(
                "Access-Control-Allow-Headers",
                "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, "
                "Last-Event-ID");
            response.setHeader("Access-Control-Max-Age", "600");
        }
        send(to, std::move(response));
        return;
    }
    if (!methodAllowed(route, request.method)) {
        HttpResponse response(
            405,
            "application/json",
            QByteArray::fromStdString(jsonRpcError(-32000, "Method not allowed.").dump()));
        response.setHeader("Allow", allowFor(route));
        send(to, std::move(response));
        return;
    }

    switch (route) {
    case Route::Mcp:
    case Route::McpUnderscore: {
        const bool underscore
            = route == Route::McpUnderscore || request.queryItem("names") == "underscore";
        if (request.method == "POST")
            handleMcpPost(to, request, underscore);
        else if (request.method == "GET")
            handleMcpGet(to, request);
        else
            handleMcpDelete(to, request);
        break;
    }
    case Route::LegacySse:
        handleLegacyStream(to, request);
        break;
    case Route::LegacyMessages:
        handleLegacyPost(to, request);
        break;
    case Route::Unknown:
        break;
    }
}

int HttpServer::checkHostAndOrigin(const HttpRequest &request, const char **why) const
{
    const int hostCount = request.headerCount("host");
    if (hostCount > 1 || (hostCount == 0 && request.httpMinor >= 1)) {
        *why = "Bad Request: exactly one Host header is required";
        return 400;
    }
    if (hostCount == 1) {
        const QByteArray host = request.header("host");
        const quint16 ours = port();
        const bool known = !m_lastAllowedHost.isEmpty() && host == m_lastAllowedHost
                           && ours == m_lastAllowedPort;
        auto ownAddress = [&] {
            auto authority = parseAuthority(host.trimmed());
            return authority && (!authority->port || *authority->port == ours)
                   && namesThisMachine(authority);
        };
        if (!known && !isAllowedHost(host, ours, m_allowedHosts) && !ownAddress()) {
            *why = "Forbidden: invalid Host header";
            return 403;
        }
        m_lastAllowedHost = host;
        m_lastAllowedPort = ours;
    }
    const int originCount = request.headerCount("origin");
    if (originCount > 1
        || (originCount == 1 && !isAllowedOrigin(request.header("origin"), m_allowedHosts)
            && !namesThisMachine(parseOrigin(request.header("origin"))))) {
        *why = "Forbidden: invalid Origin header";
        return 403;
    }
    return 0;
}

bool HttpServer::namesThisMachine(const std::optional<Authority> &authority) const
{
    if (!m_beyondLoopback || !authority)
        return false;
    const std::optional<QHostAddress> address = literalAddressOf(*authority);
    if (!address)
        return false;
    const auto now = std::chrono::steady_clock::now();
    if (m_interfaceAddresses.isEmpty() || now - m_interfacesRead > std::chrono::seconds(5)) {
        m_interfaceAddresses = QNetworkInterface::allAddresses();
        m_interfacesRead = now;
    }
    return std::any_of(m_interfaceAddresses.cbegin(),
                       m_interfaceAddresses.cend(),
                       [&](const QHostAddress &a) { return a.isEqual(*address); });
}

void HttpServer::setWebSocketHandler(const QByteArray &path,
                                     std::function<void(QTcpSocket *)> handler)
{
    m_webSocketPath = path;
    m_webSocketHandler = std::move(handler);
}

void HttpServer::setPageHandler(const QByteArray &prefix, PageHandler handler)
{
    std::erase_if(m_pageHandlers, [&](const auto &entry) { return entry.first == prefix; });
    if (handler && !prefix.isEmpty())
        m_pageHandlers.emplace_back(prefix, std::move(handler));
}

const HttpServer::PageHandler *HttpServer::pageHandlerFor(const QByteArray &path) const
{
    // Whole path segments only: "/overlayfoo" is not under "/overlay".
    for (const auto &[prefix, handler] : m_pageHandlers)
        if (path.startsWith(prefix)
            && (path.size() == prefix.size() || path.at(prefix.size()) == '/'))
            return &handler;
    return nullptr;
}

void HttpServer::handlePage(const ReplyTo &to,
                            const HttpRequest &request,
                            const PageHandler &handler)
{
    if (request.method != "GET" && request.method != "HEAD") {
        HttpResponse response(405, "text/plain; charset=utf-8", "Method not allowed.\n");
        response.setHeader("Allow", "GET, HEAD");
        send(to, std::move(response));
        return;
    }
    // The connection leaves the body out of a HEAD answer itself; the handler
    // builds the same response for both, so Content-Length matches.
    if (std::optional<HttpResponse> response = handler(request)) {
        send(to, std::move(*response));
        return;
    }
    send(to, HttpResponse(404, "text/plain; charset=utf-8", "Not found.\n"));
}

void HttpServer::send(const ReplyTo &to, HttpResponse response)
{
    if (!to.connection)
        return;
    if (!to.origin.isEmpty()) {
        // Browsers cannot read Mcp-Session-Id without Expose-Headers, and then
        // their next request fails with "missing session" (MCP-NOTES pitfalls).
        response.setHeader("Access-Control-Allow-Origin", to.origin);
        response.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version");
        response.setHeader("Vary", "Origin");
    }
    to.connection->respond(to.serial, std::move(response));
}

void HttpServer::sendJson(const ReplyTo &to,
                          int status,
                          const json &body,
                          const std::string &sessionId)
{
    HttpResponse response(status, "application/json", QByteArray::fromStdString(body.dump()));
    if (body.is_object() && body.contains("jsonrpc"))
        record(sessionId,
               TrafficRecord::Direction::ServerToClient,
               TrafficRecord::Channel::PostJson,
               body,
               status,
               to.elapsed(),
               response.body);
    send(to, std::move(response));
}

HttpResponse HttpServer::eventStreamHead(const ReplyTo &to) const
{
    HttpResponse head(200, "text/event-stream", {});
    head.setHeader("Cache-Control", "no-cache, no-transform");
    head.setHeader("X-Accel-Buffering", "no");
    if (!to.origin.isEmpty()) {
        head.setHeader("Access-Control-Allow-Origin", to.origin);
        head.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version");
        head.setHeader("Vary", "Origin");
    }
    return head;
}

SessionEntry &
HttpServer::createSession(const std::string &transport, const HttpRequest &request, bool underscore)
{
    std::string id;
    do {
        id = generateSessionId();
    } while (m_sessions.count(id) != 0);

    auto entry = std::make_unique<SessionEntry>();
    entry->session = std::make_shared<Session>();
    entry->session->id = id;
    entry->session->transport = transport;
    entry->session->underscoreNames = underscore;
    entry->outbox = std::make_shared<SessionOutbox>(this, id);
    entry->session->outbox = entry->outbox;
    entry->legacy = transport == "legacy-sse";
    // The session belongs to this credential from now on (checkCredential).
    const QByteArray authorization = request.header("authorization");
    entry->session->bearerToken = bearerToken(authorization).toByteArray().toStdString();
    touch(*entry);
    SessionEntry &ref = *entry;
    m_sessions.emplace(id, std::move(entry));
    qCDebug(lcTransport) << "session created" << QByteArray::fromStdString(transport);
    return ref;
}

SessionEntry *HttpServer::findEntry(const std::string &id) const
{
    const auto it = m_sessions.find(id);
    return it == m_sessions.end() ? nullptr : it->second.get();
}

void HttpServer::touch(SessionEntry &entry)
{
    entry.session->lastSeen = std::chrono::steady_clock::now();
}

bool HttpServer::checkCredential(const ReplyTo &to,
                                 const HttpRequest &request,
                                 const SessionEntry &entry,
                                 const json &requestId)
{
    // The session id is no credential (MCP-NOTES rule 34): a request acts as
    // the session's agent only with the token the session was opened with,
    // or with none if it was opened with none.
    const QByteArray authorization = request.header("authorization");
    const std::string &own = entry.session->bearerToken;
    if (constantTimeEquals(bearerToken(authorization),
                           QByteArrayView(own.data(), qsizetype(own.size()))))
        return true;
    qCInfo(lcTransport) << "refused a request whose credential differs from its session's";
    sendJson(to,
             403,
             jsonRpcError(-32000,
                          "Forbidden: the Authorization header differs from the one this "
                          "session was opened with",
                          requestId)); // recorded without the session: it is not the session's
    return false;
}

QByteArray HttpServer::streamOwner(const ReplyTo &to, const HttpRequest &request) const
{
    const QByteArrayView token = bearerToken(request.header("authorization"));
    if (!token.isEmpty())
        return "token:" + token.toByteArray();
    if (to.connection && !to.connection->peerAddress().isLoopback())
        return "peer:" + to.connection->peerAddress().toString().toLatin1();
    return {};
}

bool HttpServer::checkStreamRoom(const ReplyTo &to, const QByteArray &owner, const json &requestId)
{
    const int cap = std::min(m_limits.maxEventStreams, m_limits.maxConnections - 1);
    const char *why = nullptr;
    if (m_eventStreams >= cap) {
        why = "Service Unavailable: too many event streams";
    } else if (!owner.isEmpty()) {
        const auto it = m_eventStreamsBy.find(owner);
        const int held = it == m_eventStreamsBy.end() ? 0 : it->second;
        const int ownCap = owner.startsWith("token:") ? m_limits.maxEventStreamsPerCredential
                                                      : m_limits.maxEventStreamsPerPeer;
        if (held >= ownCap)
            why = owner.startsWith("token:")
                      ? "Service Unavailable: too many event streams for this credential"
                      : "Service Unavailable: too many event streams from this address";
    }
    if (!why)
        return true;
    qCWarning(lcTransport) << "event stream limit reached; refusing a stream:" << why;
    HttpResponse response(503,
                          "application/json",
                          QByteArray::fromStdString(jsonRpcError(-32000, why, requestId).dump()));
    response.setHeader("Retry-After", "5");
    send(to, std::move(response));
    return false;
}

void HttpServer::trackEventStream(SseStream *stream, const QByteArray &owner)
{
    ++m_eventStreams;
    if (!owner.isEmpty())
        ++m_eventStreamsBy[owner];
    connect(stream, &SseStream::closed, this, [this, owner] {
        --m_eventStreams;
        if (!owner.isEmpty()) {
            const auto it = m_eventStreamsBy.find(owner);
            if (it != m_eventStreamsBy.end() && --it->second <= 0)
                m_eventStreamsBy.erase(it);
        }
    });
}

void HttpServer::announce(SessionEntry &entry)
{
    if (entry.announced)
        return;
    entry.announced = true;
    Q_EMIT sessionOpened(QString::fromStdString(entry.session->id));
}

bool HttpServer::closeSessionInternal(const std::string &id)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        return false;
    std::unique_ptr<SessionEntry> entry = std::move(it->second);
    m_sessions.erase(it);
    entry->outbox->detach();
    if (entry->stream)
        entry->stream->finish();
    if (m_handler)
        m_handler->sessionClosed(entry->session);
    qCDebug(lcTransport) << "session closed";
    if (entry->announced && !m_destroying)
        Q_EMIT sessionClosed(QString::fromStdString(id));
    return true;
}

bool HttpServer::deliver(const std::string &sessionId, const json &message)
{
    SessionEntry *entry = findEntry(sessionId);
    if (!entry || !entry->stream || !entry->stream->isOpen())
        return false;
    // Legacy clients never resume, so their events need no ids.
    if (!entry->stream->sendMessage(message, !entry->legacy))
        return false;
    record(sessionId,
           TrafficRecord::Direction::ServerToClient,
           entry->legacy ? TrafficRecord::Channel::LegacyStream : TrafficRecord::Channel::GetStream,
           message,
           200);
    return true;
}

void HttpServer::dispatch(json message,
                          std::shared_ptr<Session> session,
                          std::function<void(std::optional<json>)> done)
{
    if (!m_handler) {
        json errors = internalErrorsFor(requestIdsOf(message));
        done(errors.is_null() ? std::nullopt : std::optional<json>(std::move(errors)));
        return;
    }
    const std::string id = session->id;
    if (SessionEntry *entry = findEntry(id))
        ++entry->inFlight;
    auto finish = [this, id, done = std::move(done)](std::optional<json> reply) {
        if (SessionEntry *entry = findEntry(id)) {
            --entry->inFlight;
            entry->session->lastSeen = std::chrono::steady_clock::now();
        }
        done(std::move(reply));
    };
    // Fire and forget: the task frees itself when the coroutine ends.
    runHandler(m_handler,
               std::move(message),
               std::move(session),
               QPointer<QObject>(this),
               std::move(finish));
}

void HttpServer::record(const std::string &sessionId,
                        TrafficRecord::Direction direction,
                        TrafficRecord::Channel channel,
                        const json &message,
                        int status,
                        std::chrono::microseconds latency,
                        const QByteArray &wire)
{
    if (!m_observer)
        return;
    TrafficRecord r;
    r.sessionId = sessionId;
    r.direction = direction;
    r.channel = channel;
    r.message = &message;
    r.wire = wire;
    r.httpStatus = status;
    r.latency = latency;
    r.timestamp = std::chrono::system_clock::now();
    try {
        m_observer(r);
    } catch (...) {
        qCWarning(lcTransport) << "traffic observer threw";
    }
}

void HttpServer::recordEach(const std::string &sessionId,
                            TrafficRecord::Direction direction,
                            TrafficRecord::Channel channel,
                            const json &body,
                            int status,
                            std::chrono::microseconds latency,
                            const QByteArray &wire)
{
    if (!m_observer)
        return;
    if (body.is_array()) {
        for (const auto &m : body)
            record(sessionId, direction, channel, m, status, latency);
    } else {
        record(sessionId, direction, channel, body, status, latency, wire);
    }
}

void HttpServer::sweepSessions()
{
    if (m_limits.sessionIdleTimeout.count() <= 0)
        return;
    const auto now = std::chrono::steady_clock::now();
    std::vector<std::string> expired;
    for (const auto &[id, entry] : m_sessions) {
        if (entry->inFlight > 0 || (entry->stream && entry->stream->isOpen()))
            continue;
        if (now - entry->session->lastSeen >= m_limits.sessionIdleTimeout)
            expired.push_back(id);
    }
    for (const auto &id : expired) {
        qCDebug(lcTransport) << "session expired after idle timeout";
        closeSessionInternal(id);
    }
}

} // namespace townhall::mcp
