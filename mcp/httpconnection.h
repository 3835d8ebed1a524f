// SPDX-License-Identifier: MIT
#pragma once

/// \file httpconnection.h
/// One HTTP/1.1 connection: request parsing with the http_parser C library,
/// keep-alive, pipelining (responses leave in request order, whatever order
/// they are produced in), streamed responses (SSE), limits and timeouts.
/// It knows nothing of MCP; HttpServer routes the parsed requests.

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QTcpSocket;
class QTimer;

namespace townhall::mcp {

/// A fully received HTTP request.
struct HttpRequest
{
    quint64 serial = 0; ///< position on its connection; pass it back to respond()
    QByteArray method;  ///< "GET", "POST", …
    QByteArray target;  ///< request-target as sent
    QByteArray path;    ///< path part of the target (not percent-decoded)
    QByteArray query;   ///< query without '?'
    int httpMajor = 1;
    int httpMinor = 1;
    bool keepAlive = true; ///< false when the client asked to close after this response
    std::vector<std::pair<QByteArray, QByteArray>> headers; ///< names lower-cased, in order
    QByteArray body;                                        ///< de-chunked
    std::chrono::steady_clock::time_point received;         ///< when the last byte arrived

    /// First value of header \a name (lower-case), or a null QByteArray.
    QByteArray header(QByteArrayView name) const;
    /// All values of a list-valued header (Accept, …) joined with ", ", or a null QByteArray.
    QByteArray headerList(QByteArrayView name) const;
    /// Number of occurrences of header \a name (lower-case).
    int headerCount(QByteArrayView name) const;
    /// Value of query parameter \a name (percent-decoded), or a null QByteArray.
    QByteArray queryItem(QByteArrayView name) const;
};

/// A response to send. Content-Length, Connection and (for streams)
/// Transfer-Encoding are added by the connection.
struct HttpResponse
{
    int status = 200;
    std::vector<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool closeConnection = false; ///< force "Connection: close" after this response

    HttpResponse() = default;
    HttpResponse(int statusCode, QByteArray contentType, QByteArray content);

    /// Replaces (or adds) a header.
    void setHeader(QByteArrayView name, QByteArrayView value);
    /// The value of a header set on this response, or a null QByteArray.
    QByteArray header(QByteArrayView name) const;
};

/// Per-connection limits (a subset of TransportLimits).
struct ConnectionLimits
{
    qsizetype maxHeaderBytes = 16 * 1024;
    qsizetype maxBodyBytes = 1024 * 1024;
    int maxPipelined = 32; ///< requests awaiting a response before reading pauses
    qsizetype maxWriteBuffer
        = 8 * 1024 * 1024; ///< unsent bytes before a non-reading client is dropped
    std::chrono::milliseconds idleTimeout{60000};
    std::chrono::milliseconds requestTimeout{30000};
    std::chrono::milliseconds headerTimeout{10000};   ///< first byte to the end of the head
    std::chrono::milliseconds bodyStallTimeout{5000}; ///< longest wait between two body bytes
};

/// Serves one accepted socket. Parsed requests are announced with
/// requestReady(); the receiver must answer each one exactly once, with
/// respond() or with beginStream() … endStream(), at any later time. Every
/// method is safe to call after the peer went away (it then does nothing), but
/// the object itself is deleted (deleteLater) once closed() has been emitted,
/// so hold it in a QPointer across event-loop turns.
class HttpConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpConnection)

public:
    /// Takes ownership of \a socket.
    HttpConnection(QTcpSocket *socket, const ConnectionLimits &limits, QObject *parent = nullptr);
    ~HttpConnection() override;

    /// What a streamed response is. A reply ends when its request is
    /// answered; an event stream stays open for as long as either side wants,
    /// so the client is not waiting on it and may close the connection.
    enum class StreamKind { Reply, Events };

    /// What the connection is doing, for the server that must close one to
    /// admit a new client (cheapest first).
    enum class Activity {
        Idle,      ///< nothing owed, nothing half received: a keep-alive connection
        Receiving, ///< part of a request arrived, nothing owed yet
        Busy,      ///< a response or stream is owed to the client
    };

    /// Queues the complete response to request \a serial.
    void respond(quint64 serial, HttpResponse response);
    /// Sends the head of a streamed response (chunked for HTTP/1.1 clients).
    /// Returns false if the connection is gone or \a serial is unknown.
    bool beginStream(quint64 serial, const HttpResponse &head, StreamKind kind = StreamKind::Reply);
    /// Appends \a data to a streamed response. Returns false if the connection is gone.
    bool writeStream(quint64 serial, QByteArrayView data);
    /// Ends a streamed response; the connection then serves the next request.
    void endStream(quint64 serial);

    /// True until the socket is closed.
    bool isOpen() const { return !m_closed; }
    QHostAddress peerAddress() const { return m_peer; }
    Activity activity() const;
    /// When the current activity began (accept, the request's first byte, the
    /// last response leaving).
    std::chrono::steady_clock::time_point activitySince() const { return m_activitySince; }
    /// Closes at once, dropping anything unsent.
    void abort();

    /// Decides whether a WebSocket upgrade request (its head only: no body)
    /// leaves HTTP. Set it to enable the check; without one, upgrade requests
    /// are answered as plain HTTP.
    using UpgradeFilter = std::function<bool(const HttpRequest &head)>;
    void setUpgradeFilter(UpgradeFilter filter) { m_upgradeFilter = std::move(filter); }

Q_SIGNALS:
    /// A complete request arrived.
    void requestReady(const townhall::mcp::HttpRequest &request);
    /// The connection is gone (peer closed, error, timeout, abort, upgrade). Emitted once.
    void closed();
    /// A request accepted by the upgrade filter arrived. The socket is handed
    /// over with the request still unread in its buffer (what
    /// QWebSocketServer::handleConnection() expects); the receiver owns it.
    /// closed() follows.
    void upgradeRequested(QTcpSocket *socket);

private:
    struct Slot
    {
        quint64 serial = 0;
        enum class State { Pending, Streaming, Done } state = State::Pending;
        QByteArray pending; // bytes produced while an earlier response is still unsent
        bool closeAfter = false;
        bool chunked = false;
        bool http10 = false;
        bool keepAlive = true;
        bool head = false;   // HEAD request: headers only, whatever the response holds
        bool events = false; // an event stream (StreamKind::Events)
    };

    friend struct HttpParserCallbacks;

    enum class Probe { NotUpgrade, NeedMore, HandedOver };
    Probe probeUpgrade();
    void onReadyRead();
    void processInput();
    void finishMessage();
    void failRequest(int status, const char *message);
    void pump();
    void writeOut(QByteArrayView data);
    Slot *findSlot(quint64 serial);
    void updateTimers();
    /// The bytes the socket holds that were not parsed yet (see m_held).
    QByteArray takeInput();
    /// Stops reading from the kernel while a client waits for a response (see m_held).
    void updateReadPause();
    bool owesResponse() const;
    /// The request deadline becomes the earlier of the whole request's and
    /// one of its phase's (the head, or the next body bytes).
    void armRequestPhase(std::chrono::milliseconds phase);
    /// Moves the request deadline, restarting the timer only when it would fire too late.
    void armRequestDeadline(std::chrono::steady_clock::time_point when);
    /// The request and idle timeouts are deadlines: arming one while its
    /// QTimer runs only moves the deadline, and the timer, when it fires
    /// early, waits out the rest. Keep-alive traffic restarted both QTimers
    /// on every request (about 2 % of the server in perf).
    using Deadline = std::optional<std::chrono::steady_clock::time_point>;
    static void arm(QTimer *timer, Deadline &deadline, std::chrono::milliseconds after);
    /// On a timer's timeout: true if its deadline has come; otherwise re-arms
    /// the timer for the rest (or leaves it stopped when disarmed).
    static bool due(QTimer *timer, const Deadline &deadline);
    void handleClosed();
    QByteArray serializeHead(const Slot &slot, const HttpResponse &response, bool streaming);

    QTcpSocket *m_socket; // null once handed over by an upgrade
    ConnectionLimits m_limits;
    QHostAddress m_peer;
    struct ParserState;
    std::unique_ptr<ParserState> m_p;
    std::deque<Slot> m_slots;
    QByteArray m_input;
    quint64 m_nextSerial = 1;
    UpgradeFilter m_upgradeFilter;
    QTimer *m_idleTimer;
    QTimer *m_requestTimer;
    Deadline m_idleDeadline;
    Deadline m_requestDeadline; ///< the earliest of the two below
    Deadline m_requestEnd;      ///< the whole request (requestTimeout)
    std::chrono::steady_clock::time_point m_requestTimerFires; ///< when m_requestTimer fires
    std::chrono::steady_clock::time_point m_activitySince;
    bool m_wasIdle = true;
    /// Parsed bytes left at the front of the socket's read buffer: 0 or 1.
    /// Qt closes a socket as soon as it reads the end of the stream, so a
    /// client that half-closes after its request would never get the answer.
    /// Qt stops reading once its buffer is full; keeping the last byte there
    /// lets a 1-byte limit pause reading while a response is owed.
    qint64 m_held = 0;
    bool m_readPaused = false;
    bool m_inParse = false;
    bool m_inPump = false;
    bool m_pumpAgain = false;
    bool m_stopReading = false; // after an error, an upgrade or "Connection: close"
    bool m_closing = false;     // the last response is written; waiting for the flush
    bool m_closed = false;
};

} // namespace townhall::mcp
