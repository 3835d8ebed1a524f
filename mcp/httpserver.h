// SPDX-License-Identifier: MIT
#pragma once

/// \file httpserver.h
/// The MCP HTTP server: Streamable HTTP (2025-06-18 / 2025-11-25) on `/mcp`,
/// the legacy 2024-11-05 HTTP+SSE pair `/sse` + `/messages`, sessions, the
/// per-session Outbox, and a traffic observer for the tool-call inspector.
///
/// Typical use by the host:
/// \code
///   auto server = new HttpServer(this);
///   server->setHandler(dispatcher);               // a MessageHandler
///   server->setObserver([](const TrafficRecord &r) { … });
///   if (!server->listen(QHostAddress::LocalHost, 0)) qFatal(…);
///   advertise(server->endpointUrl());             // http://127.0.0.1:PORT/mcp
/// \endcode
/// Everything runs in the thread the server lives in; the handler's
/// coroutines are started and resumed there.

#include "mcp/handler.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QUrl>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace townhall::mcp {

struct Authority;
class HttpConnection;
struct HttpRequest;
struct HttpResponse;
class SessionOutbox;
class SseStream;
struct SessionEntry;

/// Limits and timeouts. A zero duration disables that timeout.
///
/// Holding connections open must not lock new clients out: at the connection
/// cap the server closes the connection that is doing least (the longest idle
/// keep-alive one, else the one longest in sending a request it has not
/// finished) to admit the newcomer, and answers 503 only when every
/// connection owes a response or carries a stream. Event streams may fill at
/// most maxEventStreams connections, and long-polls (wait_for_turn, capped by
/// the host at 96) some more, so that the rest (at least 32 of the 256) stay
/// for short requests such as a new client's `initialize`.
struct TransportLimits
{
    qsizetype maxHeaderBytes = 16 * 1024; ///< request line + headers → 431
    qsizetype maxBodyBytes = 1024 * 1024; ///< → 413 with a JSON-RPC -32000 body
    int maxConnections = 256;             ///< see above: idle ones make room, else 503
    /// Open event streams (GET /mcp and legacy /sse) → 503. Kept below
    /// maxConnections (at least one connection always stays for requests).
    /// 192 streams and 100 long-polls left 2 of 30 new clients able to initialize.
    int maxEventStreams = 128;
    /// Open event streams of one bearer token (one agent), and of one peer
    /// address beyond loopback without a token → 503. Tokenless local clients
    /// (guests, spectators) share the overall cap: on loopback the peer
    /// address tells nobody apart.
    int maxEventStreamsPerCredential = 8;
    int maxEventStreamsPerPeer = 16;
    int maxPipelined = 32;   ///< unanswered requests per connection before reading pauses
    int maxBatchSize = 1000; ///< JSON-RPC batch entries (2025-03-26 clients)
    qsizetype maxWriteBuffer
        = 8 * 1024 * 1024; ///< unsent bytes before a non-reading client is dropped
    std::chrono::milliseconds idleTimeout{
        60000}; ///< keep-alive connection with nothing in progress
    std::chrono::milliseconds requestTimeout{
        30000}; ///< first byte to last byte of one request → 408
    std::chrono::milliseconds headerTimeout{10000}; ///< first byte to the end of the head → 408
    std::chrono::milliseconds bodyStallTimeout{
        5000}; ///< a body that stops coming for this long → 408
    std::chrono::milliseconds keepAliveInterval{15000}; ///< `: keepalive` comments on SSE streams
    std::chrono::milliseconds sessionIdleTimeout{30 * 60
                                                 * 1000}; ///< session unused (and no open stream)
};

/// One JSON-RPC message crossing the transport, for recorders and the inspector.
/// Built on the hot path for every message while an observer is set, so it
/// copies nothing: the message is lent for the duration of the call, and its
/// text is the very buffer the transport read or wrote (implicitly shared).
struct TrafficRecord
{
    enum class Direction { ClientToServer, ServerToClient };
    enum class Channel {
        Post,         ///< a POST to /mcp (request, notification or response)
        PostJson,     ///< reply in an application/json body
        PostSse,      ///< reply on the POST's SSE stream
        GetStream,    ///< Outbox push on the session's GET stream
        LegacyPost,   ///< a POST to /messages
        LegacyStream, ///< a message event on the legacy /sse stream
    };

    /// Empty when the message was refused before a session was found.
    std::string_view sessionId;
    Direction direction = Direction::ClientToServer;
    Channel channel = Channel::Post;
    /// The message, valid during the observer call only (copy what you keep);
    /// a refused unparsable body is a JSON string. Never null when observed.
    /// A reply's result may hold raw-JSON nodes (mcp/jsonwrite.h): the
    /// envelope (id, error, result.isError) is always a plain tree; write the
    /// message with writeJson(), or materialized() it, to see the rest.
    const json *message = nullptr;
    /// The message as compact JSON text when the transport holds exactly that
    /// text (a single-message body it read, a JSON reply it wrote); empty
    /// otherwise. Keeping it costs a reference count, not a copy.
    QByteArray wire;
    /// Status of the HTTP response that answered (inbound) or carried
    /// (outbound) the message. 0 for an inbound request still being handled:
    /// its outbound record carries the final status.
    int httpStatus = 0;
    /// Outbound replies: from the request's last byte to the reply's write.
    std::chrono::microseconds latency{0};
    std::chrono::system_clock::time_point timestamp;
};

/// HTTP/1.1 server for MCP on QTcpServer. Parsing uses http_parser; keep-alive
/// and pipelining are supported (responses leave in request order); Host and
/// Origin are checked on every request (403 on mismatch); sessions are created
/// by `initialize` and identified by `Mcp-Session-Id`.
///
/// Endpoints: `/mcp`, `/mcp/` (no redirect) and `/mcp/underscore` (sets
/// Session::underscoreNames; so does `?names=underscore`) accept POST, GET,
/// DELETE, OPTIONS; `/sse` (GET) and `/messages?sessionId=` (POST) are the
/// legacy transport. Paths under a page prefix (setPageHandler) go to the page
/// handler. Anything else is a JSON 404.
class HttpServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpServer)

public:
    explicit HttpServer(QObject *parent = nullptr);
    ~HttpServer() override;

    /// Starts listening. Bind to loopback (the default) unless you also extend
    /// setAllowedHostnames(). Port 0 picks a free port; see port().
    bool listen(const QHostAddress &address = QHostAddress(QHostAddress::LocalHost),
                quint16 port = 0);
    /// Stops accepting; open connections and sessions stay.
    void close();
    bool isListening() const;
    quint16 port() const;
    QHostAddress address() const;
    QString errorString() const;
    /// The URL to advertise, e.g. `http://127.0.0.1:PORT/mcp` (never "localhost":
    /// some stacks try ::1 first).
    QUrl endpointUrl() const;

    /// The dispatcher. Without one, requests get JSON-RPC -32603.
    void setHandler(std::shared_ptr<MessageHandler> handler);
    std::shared_ptr<MessageHandler> handler() const { return m_handler; }

    /// Applies to connections accepted afterwards (and to session expiry at once).
    void setLimits(const TransportLimits &limits);
    TransportLimits limits() const { return m_limits; }

    /// Host names accepted in Host and Origin headers. Default: localhost,
    /// 127.0.0.1, [::1]. Compared whole and case-insensitively, never by prefix.
    /// A server listening beyond loopback (a wildcard or another address)
    /// also accepts IP literals of this machine's interfaces: a viewer on the
    /// network types the address, and DNS rebinding needs a name.
    void setAllowedHostnames(const QStringList &hostnames);
    QStringList allowedHostnames() const { return m_allowedHosts; }

    /// Hands WebSocket upgrade requests for \a path (exact match, after the
    /// Host and Origin checks) to \a handler as a connected socket whose
    /// handshake is still unread, for example
    /// `[ws](QTcpSocket *s) { s->setParent(ws); ws->handleConnection(s); }`
    /// with a QWebSocketServer. The handler owns the socket (Qt 6.4's
    /// handleConnection() deletes it only on disconnect, hence the parent).
    /// Other upgrade requests
    /// get ordinary HTTP answers. Applies to connections accepted afterwards;
    /// an empty handler turns the hand-over off.
    void setWebSocketHandler(const QByteArray &path, std::function<void(QTcpSocket *)> handler);

    /// A page handler answers GET and HEAD requests for plain pages. It gets
    /// the request after the Host and Origin checks and returns the response,
    /// or nothing for "no such page" (answered 404).
    using PageHandler = std::function<std::optional<HttpResponse>(const HttpRequest &)>;

    /// Hands GET and HEAD requests whose path is \a prefix, or starts with
    /// \a prefix followed by '/', to \a handler (for example "/overlay" for
    /// the overlay pages). Other methods on those paths get 405. The MCP
    /// paths cannot be taken over. An empty handler removes the prefix.
    void setPageHandler(const QByteArray &prefix, PageHandler handler);
    /// Off: /mcp, /sse and /messages answer 404 like any unknown path, so the
    /// server carries only its pages and WebSocket hand-over (the spectator
    /// feed offered on another address). On by default.
    void setMcpRoutes(bool on) { m_mcpRoutes = on; }

    /// Called for every JSON-RPC message in and out, in the server's thread.
    void setObserver(std::function<void(const TrafficRecord &)> observer);

    /// The live session with this id, or null.
    std::shared_ptr<Session> session(const std::string &id) const;
    /// All live sessions.
    std::vector<std::shared_ptr<Session>> sessions() const;
    /// Ends a session as DELETE would (its streams close; later requests get 404).
    bool closeSession(const std::string &id);
    /// True if the session has an open stream for server-initiated messages.
    bool hasStream(const std::string &id) const;
    /// Open HTTP connections (not counting refused ones).
    int connectionCount() const { return int(m_connections.size()); }
    /// Open event streams (GET /mcp and legacy /sse).
    int eventStreamCount() const { return m_eventStreams; }

Q_SIGNALS:
    /// A session was established (initialize answered successfully, or a legacy /sse stream
    /// opened).
    void sessionOpened(const QString &sessionId);
    /// A session ended (DELETE, closeSession(), idle expiry, legacy stream loss).
    void sessionClosed(const QString &sessionId);

private:
    friend class SessionOutbox;

    /// Where and how to answer one request, kept across coroutine suspensions.
    struct ReplyTo;

    void onNewConnection();
    /// Closes the connection whose loss costs its client least, to admit a
    /// new one; false when every connection is busy.
    bool reclaimConnection();
    void refuseConnection(QTcpSocket *socket);
    void onRequest(HttpConnection *connection, const HttpRequest &request);
    /// 0 if Host and Origin pass; else the status to answer (400 or 403).
    int checkHostAndOrigin(const HttpRequest &request, const char **why) const;
    /// True if \a authority names this machine by one of its addresses and
    /// the server listens beyond loopback (see setAllowedHostnames()).
    bool namesThisMachine(const std::optional<Authority> &authority) const;
    /// The page handler whose prefix covers \a path, or null.
    const PageHandler *pageHandlerFor(const QByteArray &path) const;
    /// Answers a request for a page path: the handler's response, 404 or 405.
    void handlePage(const ReplyTo &to, const HttpRequest &request, const PageHandler &handler);

    // streamable.cpp
    void handleMcpPost(const ReplyTo &to, const HttpRequest &request, bool underscore);
    void handleMcpGet(const ReplyTo &to, const HttpRequest &request);
    void handleMcpDelete(const ReplyTo &to, const HttpRequest &request);
    /// The live session a non-initialize /mcp request names, after the
    /// session, credential and version checks; null once it answered an error.
    SessionEntry *sessionOf(const ReplyTo &to, const HttpRequest &request, const json &answerId);
    void answerRequest(
        const ReplyTo &to, json body, std::shared_ptr<Session> session, bool sse, bool initialize);

    // legacysse.cpp
    void handleLegacyStream(const ReplyTo &to, const HttpRequest &request);
    void handleLegacyPost(const ReplyTo &to, const HttpRequest &request);

    // httpserver.cpp
    void send(const ReplyTo &to, HttpResponse response);
    void
    sendJson(const ReplyTo &to, int status, const json &body, const std::string &sessionId = {});
    HttpResponse eventStreamHead(const ReplyTo &to) const;
    SessionEntry &
    createSession(const std::string &transport, const HttpRequest &request, bool underscore);
    SessionEntry *findEntry(const std::string &id) const;
    void touch(SessionEntry &entry);
    /// True if \a request carries the credential its session was created
    /// with; otherwise answers 403 and returns false (the request must not run).
    bool checkCredential(const ReplyTo &to,
                         const HttpRequest &request,
                         const SessionEntry &entry,
                         const json &requestId);
    /// Who an event stream counts against besides the overall cap: its bearer
    /// token, or its peer beyond loopback; empty for a tokenless local client.
    QByteArray streamOwner(const ReplyTo &to, const HttpRequest &request) const;
    /// True if another event stream may open for \a owner; otherwise answers 503.
    bool
    checkStreamRoom(const ReplyTo &to, const QByteArray &owner, const json &requestId = nullptr);
    /// Counts \a stream among the open event streams (and its owner's) until it closes.
    void trackEventStream(SseStream *stream, const QByteArray &owner);
    bool closeSessionInternal(const std::string &id);
    void announce(SessionEntry &entry);
    bool deliver(const std::string &sessionId, const json &message);
    void dispatch(json message,
                  std::shared_ptr<Session> session,
                  std::function<void(std::optional<json>)> done);
    void record(const std::string &sessionId,
                TrafficRecord::Direction direction,
                TrafficRecord::Channel channel,
                const json &message,
                int status,
                std::chrono::microseconds latency = {},
                const QByteArray &wire = {});
    /// record() for each message of a batch; `wire` is the text of a
    /// single-message `body` (ignored for a batch).
    void recordEach(const std::string &sessionId,
                    TrafficRecord::Direction direction,
                    TrafficRecord::Channel channel,
                    const json &body,
                    int status,
                    std::chrono::microseconds latency = {},
                    const QByteArray &wire = {});
    void sweepSessions();

    QTcpServer *m_tcp;
    QTimer *m_sweepTimer;
    std::shared_ptr<MessageHandler> m_handler;
    TransportLimits m_limits;
    QStringList m_allowedHosts;
    bool m_beyondLoopback = false; ///< listening on a wildcard or a non-loopback address
    /// This machine's addresses, read again when older than a few seconds
    /// (interfaces come and go) and only for a Host that is an IP literal.
    mutable QList<QHostAddress> m_interfaceAddresses;
    mutable std::chrono::steady_clock::time_point m_interfacesRead;
    /// The last Host header that passed (with the port it passed for): every
    /// request of a client carries the same one, and checking it parses it.
    mutable QByteArray m_lastAllowedHost;
    mutable quint16 m_lastAllowedPort = 0;
    std::function<void(const TrafficRecord &)> m_observer;
    QByteArray m_webSocketPath;
    std::function<void(QTcpSocket *)> m_webSocketHandler;
    std::vector<std::pair<QByteArray, PageHandler>> m_pageHandlers;
    bool m_mcpRoutes = true;
    std::unordered_map<std::string, std::unique_ptr<SessionEntry>> m_sessions;
    QSet<HttpConnection *> m_connections;
    int m_eventStreams = 0;
    std::map<QByteArray, int> m_eventStreamsBy; ///< by streamOwner()
    bool m_destroying = false;
};

} // namespace townhall::mcp
