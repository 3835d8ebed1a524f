// SPDX-License-Identifier: MIT
#include "mcp/httpconnection.h"

#include "mcp/transportlog.h"

#include <http_parser.h>

#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>

namespace townhall::mcp {

// Debug messages (one per session, per dropped reply) are off unless
// QT_LOGGING_RULES="townhall.mcp.transport.debug=true": a headless host would
// otherwise write a line to stderr for every MCP session.
Q_LOGGING_CATEGORY(lcTransport, "townhall.mcp.transport", QtInfoMsg)

namespace {

// Bytes the socket may buffer before it stops reading from the kernel: keeps a
// client that floods us from growing our memory; TCP flow control does the rest.
constexpr qint64 kSocketReadBuffer = 64 * 1024;

bool equalsLower(const QByteArray &lowerName, QByteArrayView name)
{
    return lowerName.size() == name.size()
           && QByteArrayView(lowerName).compare(name, Qt::CaseInsensitive) == 0;
}

QByteArray errorBody(const char *message)
{
    // Fixed messages only: no request content is echoed back. The request
    // could not be read, so its id is unknown: null, as JSON-RPC asks.
    return QByteArray(R"({"jsonrpc":"2.0","error":{"code":-32000,"message":")") + message
           + QByteArray(R"("},"id":null})");
}

} // namespace

QByteArray HttpRequest::header(QByteArrayView name) const
{
    for (const auto &[k, v] : headers) {
        if (equalsLower(k, name))
            return v;
    }
    return {};
}

QByteArray HttpRequest::headerList(QByteArrayView name) const
{
    QByteArray out;
    bool first = true;
    for (const auto &[k, v] : headers) {
        if (!equalsLower(k, name))
            continue;
        if (!first)
            out += ", ";
        out += v;
        first = false;
    }
    return first ? QByteArray() : out;
}

int HttpRequest::headerCount(QByteArrayView name) const
{
    int n = 0;
    for (const auto &h : headers) {
        if (equalsLower(h.first, name))
            ++n;
    }
    return n;
}

QByteArray HttpRequest::queryItem(QByteArrayView name) const
{
    const QUrlQuery q(QString::fromLatin1(query));
    const QString key = QString::fromLatin1(name);
    if (!q.hasQueryItem(key))
        return {};
    return q.queryItemValue(key, QUrl::FullyDecoded).toUtf8();
}

HttpResponse::HttpResponse(int statusCode, QByteArray contentType, QByteArray content)
    : status(statusCode)
    , body(std::move(content))
{
    if (!contentType.isEmpty())
        setHeader("Content-Type", contentType);
}

void HttpResponse::setHeader(QByteArrayView name, QByteArrayView value)
{
    for (auto &[k, v] : headers) {
        if (QByteArrayView(k).compare(name, Qt::CaseInsensitive) == 0) {
            v = value.toByteArray();
            return;
        }
    }
    headers.emplace_back(name.toByteArray(), value.toByteArray());
}

QByteArray HttpResponse::header(QByteArrayView name) const
{
    for (const auto &[k, v] : headers) {
        if (QByteArrayView(k).compare(name, Qt::CaseInsensitive) == 0)
            return v;
    }
    return {};
}

struct HttpConnection::ParserState
{
    http_parser parser{};
    HttpRequest current;
    QByteArray field;
    QByteArray value;
    bool lastWasValue = false;
    qsizetype headerBytes = 0;
    bool inMessage = false;
    int failStatus = 0;
    const char *failMessage = nullptr;
};

/// The C callbacks of http_parser, forwarding into the connection.
struct HttpParserCallbacks
{
    static HttpConnection *self(http_parser *p) { return static_cast<HttpConnection *>(p->data); }

    static int fail(HttpConnection *c, int status, const char *message)
    {
        c->m_p->failStatus = status;
        c->m_p->failMessage = message;
        // Not 1: from on_headers_complete, 1 means "no body", not "error".
        return -1;
    }

    // Counts header bytes ourselves: http_parser's own limit is a process-wide
    // setting, and ours is per server.
    static int countHeader(HttpConnection *c, size_t len, size_t overhead)
    {
        c->m_p->headerBytes += qsizetype(len + overhead);
        if (c->m_p->headerBytes > c->m_limits.maxHeaderBytes)
            return fail(c, 431, "Request Header Fields Too Large");
        return 0;
    }

    static void flushHeader(HttpConnection::ParserState &s)
    {
        if (s.lastWasValue || !s.field.isEmpty()) {
            // Moved in: the rvalue overloads lower-case and trim in place.
            s.current.headers.emplace_back(std::move(s.field).toLower(),
                                           std::move(s.value).trimmed());
            s.field.clear();
            s.value.clear();
            s.lastWasValue = false;
        }
    }

    static int onMessageBegin(http_parser *p)
    {
        HttpConnection *c = self(p);
        c->m_p->current = HttpRequest{};
        c->m_p->field.clear();
        c->m_p->value.clear();
        c->m_p->lastWasValue = false;
        c->m_p->headerBytes = 0;
        c->m_p->inMessage = true;
        c->m_idleDeadline.reset();
        c->m_wasIdle = false;
        c->m_activitySince = std::chrono::steady_clock::now();
        c->m_requestEnd.reset();
        if (c->m_limits.requestTimeout.count() > 0)
            c->m_requestEnd = c->m_activitySince + c->m_limits.requestTimeout;
        c->armRequestPhase(c->m_limits.headerTimeout);
        return 0;
    }

    static int onUrl(http_parser *p, const char *at, size_t len)
    {
        HttpConnection *c = self(p);
        c->m_p->current.target.append(at, qsizetype(len));
        return countHeader(c, len, 0);
    }

    static int onHeaderField(http_parser *p, const char *at, size_t len)
    {
        HttpConnection *c = self(p);
        auto &s = *c->m_p;
        if (s.lastWasValue)
            flushHeader(s);
        if (s.field.isEmpty())
            countHeader(c, 0, 4); // ": " and CRLF of the line
        s.field.append(at, qsizetype(len));
        return countHeader(c, len, 0);
    }

    static int onHeaderValue(http_parser *p, const char *at, size_t len)
    {
        HttpConnection *c = self(p);
        c->m_p->value.append(at, qsizetype(len));
        c->m_p->lastWasValue = true;
        return countHeader(c, len, 0);
    }

    static int onHeadersComplete(http_parser *p)
    {
        HttpConnection *c = self(p);
        auto &s = *c->m_p;
        flushHeader(s);
        HttpRequest &r = s.current;
        r.method = http_method_str(http_method(p->method));
        r.httpMajor = p->http_major;
        r.httpMinor = p->http_minor;

        http_parser_url url;
        http_parser_url_init(&url);
        if (r.target == "*") {
            r.path = r.target;
        } else if (http_parser_parse_url(r.target.constData(),
                                         size_t(r.target.size()),
                                         p->method == HTTP_CONNECT,
                                         &url)
                   != 0) {
            return fail(c, 400, "Bad Request: malformed request target");
        } else {
            if (url.field_set & (1 << UF_PATH))
                r.path = r.target.mid(url.field_data[UF_PATH].off, url.field_data[UF_PATH].len);
            else
                r.path = QByteArrayLiteral("/");
            if (url.field_set & (1 << UF_QUERY))
                r.query = r.target.mid(url.field_data[UF_QUERY].off, url.field_data[UF_QUERY].len);
        }

        // Refuse an oversized body before the client sends it.
        if ((p->flags & F_CONTENTLENGTH) && p->content_length > quint64(c->m_limits.maxBodyBytes))
            return fail(c, 413, "Payload Too Large");

        // curl and others wait for "100 Continue" before sending large bodies.
        // Only when nothing is queued ahead: an interim response must not
        // overtake an earlier request's final one.
        if (r.header("expect").compare("100-continue", Qt::CaseInsensitive) == 0
            && c->m_slots.empty() && r.httpMinor >= 1)
            c->writeOut("HTTP/1.1 100 Continue\r\n\r\n");
        c->armRequestPhase(c->m_limits.bodyStallTimeout);
        return 0;
    }

    static int onBody(http_parser *p, const char *at, size_t len)
    {
        HttpConnection *c = self(p);
        HttpRequest &r = c->m_p->current;
        if (r.body.size() + qsizetype(len) > c->m_limits.maxBodyBytes)
            return fail(c, 413, "Payload Too Large");
        r.body.append(at, qsizetype(len));
        // A body may take its time, as long as it keeps coming.
        c->armRequestPhase(c->m_limits.bodyStallTimeout);
        return 0;
    }

    static int onMessageComplete(http_parser *p)
    {
        HttpConnection *c = self(p);
        c->m_p->current.keepAlive = http_should_keep_alive(p) != 0;
        c->m_p->current.received = std::chrono::steady_clock::now();
        // Hand the request over between two http_parser_execute() calls, never
        // from inside one: the receiver may answer synchronously.
        http_parser_pause(p, 1);
        return 0;
    }

    static const http_parser_settings &settings()
    {
        static const http_parser_settings s = [] {
            http_parser_settings st;
            http_parser_settings_init(&st);
            st.on_message_begin = &onMessageBegin;
            st.on_url = &onUrl;
            st.on_header_field = &onHeaderField;
            st.on_header_value = &onHeaderValue;
            st.on_headers_complete = &onHeadersComplete;
            st.on_body = &onBody;
            st.on_message_complete = &onMessageComplete;
            return st;
        }();
        return s;
    }
};

HttpConnection::HttpConnection(QTcpSocket *socket, const ConnectionLimits &limits, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_limits(limits)
    , m_peer(socket->peerAddress())
    , m_p(std::make_unique<ParserState>())
    , m_idleTimer(new QTimer(this))
    , m_requestTimer(new QTimer(this))
    , m_activitySince(std::chrono::steady_clock::now())
{
    m_socket->setParent(this);
    m_socket->setReadBufferSize(kSocketReadBuffer);
    http_parser_init(&m_p->parser, HTTP_REQUEST);
    m_p->parser.data = this;

    m_idleTimer->setSingleShot(true);
    m_requestTimer->setSingleShot(true);
    if (m_limits.idleTimeout.count() > 0)
        m_idleTimer->setInterval(m_limits.idleTimeout);

    connect(m_idleTimer, &QTimer::timeout, this, [this] {
        if (!due(m_idleTimer, m_idleDeadline))
            return;
        qCDebug(lcTransport) << "closing idle connection from" << m_peer;
        m_closing = true;
        m_socket->disconnectFromHost();
    });
    connect(m_requestTimer, &QTimer::timeout, this, [this] {
        if (!m_requestDeadline)
            return;
        if (std::chrono::steady_clock::now() < *m_requestDeadline) {
            armRequestDeadline(*m_requestDeadline); // it moved later: wait out the rest
            return;
        }
        qCDebug(lcTransport) << "request timeout from" << m_peer;
        failRequest(408, "Request Timeout");
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_readPaused)
            updateReadPause();
    });
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpConnection::handleClosed);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        if (error != QAbstractSocket::RemoteHostClosedError)
            qCDebug(lcTransport) << "socket error from" << m_peer << m_socket->errorString();
        abort();
    });
    updateTimers();
    // Data may have arrived before we connected to readyRead.
    if (m_socket->bytesAvailable() > 0)
        QTimer::singleShot(0, this, &HttpConnection::onReadyRead);
}

HttpConnection::~HttpConnection()
{
    if (m_socket)
        m_socket->disconnect(this);
}

namespace {

/// Parses just the head of a request held in a peeked buffer, for the
/// upgrade check; nothing is consumed from the socket.
struct HeadProbe
{
    HttpRequest head;
    QByteArray field;
    QByteArray value;
    bool lastWasValue = false;
    bool complete = false;

    void flush()
    {
        if (lastWasValue || !field.isEmpty())
            head.headers.emplace_back(field.toLower(), value.trimmed());
        field.clear();
        value.clear();
        lastWasValue = false;
    }

    static HeadProbe *self(http_parser *p) { return static_cast<HeadProbe *>(p->data); }

    bool run(QByteArrayView bytes)
    {
        http_parser parser;
        http_parser_init(&parser, HTTP_REQUEST);
        parser.data = this;
        http_parser_settings st;
        http_parser_settings_init(&st);
        st.on_url = [](http_parser *p, const char *at, size_t n) {
            self(p)->head.target.append(at, qsizetype(n));
            return 0;
        };
        st.on_header_field = [](http_parser *p, const char *at, size_t n) {
            HeadProbe *h = self(p);
            if (h->lastWasValue)
                h->flush();
            h->field.append(at, qsizetype(n));
            return 0;
        };
        st.on_header_value = [](http_parser *p, const char *at, size_t n) {
            HeadProbe *h = self(p);
            h->value.append(at, qsizetype(n));
            h->lastWasValue = true;
            return 0;
        };
        st.on_headers_complete = [](http_parser *p) {
            HeadProbe *h = self(p);
            h->flush();
            h->head.method = http_method_str(http_method(p->method));
            h->head.httpMajor = p->http_major;
            h->head.httpMinor = p->http_minor;
            h->complete = true;
            http_parser_pause(p, 1);
            return 0;
        };
        http_parser_execute(&parser, &st, bytes.data(), size_t(bytes.size()));
        if (!complete)
            return false;
        http_parser_url url;
        http_parser_url_init(&url);
        if (http_parser_parse_url(head.target.constData(), size_t(head.target.size()), 0, &url)
            != 0)
            return false;
        if (url.field_set & (1 << UF_PATH))
            head.path = head.target.mid(url.field_data[UF_PATH].off, url.field_data[UF_PATH].len);
        if (url.field_set & (1 << UF_QUERY))
            head.query
                = head.target.mid(url.field_data[UF_QUERY].off, url.field_data[UF_QUERY].len);
        return true;
    }
};

} // namespace

HttpConnection::Probe HttpConnection::probeUpgrade()
{
    // Past the held byte: it belongs to the request before, and it stays in
    // the buffer until the connection is handed over (see m_held).
    const QByteArray peek = m_socket->peek(m_held + m_limits.maxHeaderBytes).mid(m_held);
    static const QByteArray get("GET ");
    if (peek.size() < get.size())
        return get.startsWith(peek) && !peek.isEmpty() ? Probe::NeedMore : Probe::NotUpgrade;
    if (!peek.startsWith(get))
        return Probe::NotUpgrade;
    if (!peek.contains("\r\n\r\n")) {
        // Wait for the whole head, unless it is too big anyway: then the
        // normal path answers 431.
        return peek.size() >= m_limits.maxHeaderBytes ? Probe::NotUpgrade : Probe::NeedMore;
    }
    HeadProbe probe;
    if (!probe.run(peek))
        return Probe::NotUpgrade;
    if (!probe.head.header("upgrade").toLower().contains("websocket")
        || !m_upgradeFilter(probe.head))
        return Probe::NotUpgrade;

    qCDebug(lcTransport) << "handing a WebSocket upgrade over, from" << m_peer;
    // The WebSocket server must find the handshake first in the buffer.
    m_socket->skip(std::exchange(m_held, 0));
    QTcpSocket *socket = std::exchange(m_socket, nullptr);
    socket->disconnect(this);
    socket->setParent(nullptr);
    socket->setReadBufferSize(0);
    m_closed = true;
    m_idleTimer->stop();
    m_requestTimer->stop();
    Q_EMIT upgradeRequested(socket);
    Q_EMIT closed();
    deleteLater();
    return Probe::HandedOver;
}

void HttpConnection::onReadyRead()
{
    if (m_closed)
        return;
    processInput();
}

void HttpConnection::processInput()
{
    if (m_inParse || m_closed)
        return;
    m_inParse = true;
    QPointer<HttpConnection> guard(this);
    while (!m_stopReading && !m_closed) {
        // Pipelining back-pressure: stop parsing (and so, through the bounded
        // socket buffer, reading) until earlier responses have left.
        if (qsizetype(m_slots.size()) >= m_limits.maxPipelined)
            break;
        if (m_input.isEmpty()) {
            // Between requests, a WebSocket handshake may leave HTTP before
            // a byte of it is consumed.
            if (m_upgradeFilter && m_slots.empty() && !m_p->inMessage) {
                // The held byte stays: an answer just given may still be in
                // Qt's buffer, and reading the end of a half-closed stream
                // would close the socket with it (40 half-closed requests
                // lost 34 answers that way).
                const Probe probe = probeUpgrade();
                if (probe == Probe::HandedOver)
                    return; // m_inParse stays set: this object is finished
                if (probe == Probe::NeedMore)
                    break;
            }
            if (m_socket->bytesAvailable() <= m_held)
                break;
            m_input = takeInput();
            if (m_input.isEmpty())
                break;
        }
        const size_t n = http_parser_execute(&m_p->parser,
                                             &HttpParserCallbacks::settings(),
                                             m_input.constData(),
                                             size_t(m_input.size()));
        const http_errno err = HTTP_PARSER_ERRNO(&m_p->parser);
        m_input.remove(0, qsizetype(n));
        if (err == HPE_PAUSED) {
            http_parser_pause(&m_p->parser, 0);
            finishMessage();
            if (!guard)
                return;
            continue;
        }
        if (err != HPE_OK) {
            if (m_p->failStatus != 0)
                failRequest(m_p->failStatus, m_p->failMessage);
            else if (err == HPE_HEADER_OVERFLOW)
                failRequest(431, "Request Header Fields Too Large");
            else
                failRequest(400, "Bad Request: malformed HTTP");
            qCDebug(lcTransport) << "HTTP parse error from" << m_peer << http_errno_name(err);
            break;
        }
        if (n == 0 && !m_input.isEmpty())
            break; // defensive: never spin
    }
    if (guard) {
        m_inParse = false;
        updateTimers();
    }
}

void HttpConnection::finishMessage()
{
    HttpRequest request = std::move(m_p->current);
    m_p->current = HttpRequest{};
    m_p->inMessage = false;
    m_requestDeadline.reset();
    request.serial = m_nextSerial++;

    Slot slot;
    slot.serial = request.serial;
    slot.http10 = request.httpMajor == 1 && request.httpMinor == 0;
    slot.keepAlive = request.keepAlive;
    slot.closeAfter = !request.keepAlive;
    slot.head = request.method == "HEAD";
    // After an Upgrade request the bytes that follow are not HTTP; we do not
    // upgrade, so answer this request and close.
    if (m_p->parser.upgrade)
        slot.closeAfter = true;
    if (slot.closeAfter)
        m_stopReading = true;
    m_slots.push_back(std::move(slot));
    updateTimers();
    Q_EMIT requestReady(request);
}

void HttpConnection::failRequest(int status, const char *message)
{
    if (m_closed || m_closing)
        return;
    m_stopReading = true;
    m_p->inMessage = false;
    m_requestDeadline.reset();
    m_requestTimer->stop();
    Slot slot;
    slot.serial = m_nextSerial++;
    slot.closeAfter = true;
    slot.state = Slot::State::Done;
    HttpResponse response(status, "application/json", errorBody(message));
    slot.pending = serializeHead(slot, response, false) + response.body;
    m_slots.push_back(std::move(slot));
    pump();
}

HttpConnection::Slot *HttpConnection::findSlot(quint64 serial)
{
    for (Slot &s : m_slots) {
        if (s.serial == serial)
            return &s;
    }
    return nullptr;
}

QByteArray
HttpConnection::serializeHead(const Slot &slot, const HttpResponse &response, bool streaming)
{
    QByteArray out;
    out.reserve(256);
    out += "HTTP/1.1 " + QByteArray::number(response.status) + ' '
           + QByteArray(http_status_str(http_status(response.status))) + "\r\n";
    for (const auto &[k, v] : response.headers)
        out += k + ": " + v + "\r\n";
    if (streaming) {
        if (slot.chunked)
            out += "Transfer-Encoding: chunked\r\n";
    } else if (response.status != 204 && response.status >= 200) {
        out += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
    }
    if (slot.closeAfter)
        out += "Connection: close\r\n";
    else if (slot.http10)
        out += "Connection: keep-alive\r\n";
    out += "\r\n";
    return out;
}

void HttpConnection::respond(quint64 serial, HttpResponse response)
{
    if (m_closed)
        return;
    Slot *slot = findSlot(serial);
    if (!slot || slot->state != Slot::State::Pending)
        return;
    if (response.closeConnection) {
        slot->closeAfter = true;
        m_stopReading = true;
    }
    slot->pending += serializeHead(*slot, response, false);
    if (!slot->head)
        slot->pending += response.body;
    slot->state = Slot::State::Done;
    pump();
}

bool HttpConnection::beginStream(quint64 serial, const HttpResponse &head, StreamKind kind)
{
    if (m_closed)
        return false;
    Slot *slot = findSlot(serial);
    if (!slot || slot->state != Slot::State::Pending)
        return false;
    slot->events = kind == StreamKind::Events;
    slot->chunked = !slot->http10;
    if (slot->http10) {
        // No chunked coding in HTTP/1.0: the end of the stream is the close.
        slot->closeAfter = true;
        m_stopReading = true;
    }
    slot->state = Slot::State::Streaming;
    slot->pending += serializeHead(*slot, head, true);
    pump();
    return !m_closed;
}

bool HttpConnection::writeStream(quint64 serial, QByteArrayView data)
{
    if (m_closed || m_closing)
        return false;
    Slot *slot = findSlot(serial);
    if (!slot || slot->state != Slot::State::Streaming)
        return false;
    if (data.isEmpty())
        return true;
    QByteArray framed;
    if (slot->chunked) {
        framed = QByteArray::number(data.size(), 16) + "\r\n";
        framed += data;
        framed += "\r\n";
    } else {
        framed = data.toByteArray();
    }
    if (&m_slots.front() == slot && slot->pending.isEmpty()) {
        writeOut(framed);
    } else {
        slot->pending += framed;
        if (slot->pending.size() > m_limits.maxWriteBuffer) {
            qCWarning(lcTransport)
                << "dropping connection from" << m_peer << ": too much queued output";
            abort();
        }
    }
    return !m_closed;
}

void HttpConnection::endStream(quint64 serial)
{
    if (m_closed)
        return;
    Slot *slot = findSlot(serial);
    if (!slot || slot->state != Slot::State::Streaming)
        return;
    if (slot->chunked)
        slot->pending += "0\r\n\r\n";
    slot->state = Slot::State::Done;
    pump();
}

void HttpConnection::writeOut(QByteArrayView data)
{
    if (m_closed)
        return;
    m_socket->write(data.constData(), data.size());
    if (m_socket->bytesToWrite() > m_limits.maxWriteBuffer) {
        // A client that does not read must not make us buffer without bound.
        qCWarning(lcTransport) << "dropping connection from" << m_peer << ": client is not reading";
        abort();
    }
}

void HttpConnection::pump()
{
    if (m_inPump) {
        m_pumpAgain = true;
        return;
    }
    m_inPump = true;
    QPointer<HttpConnection> guard(this);
    do {
        m_pumpAgain = false;
        while (!m_slots.empty() && !m_closed && !m_closing) {
            Slot &head = m_slots.front();
            if (!head.pending.isEmpty()) {
                const QByteArray bytes = std::exchange(head.pending, QByteArray());
                writeOut(bytes);
                if (m_closed)
                    break;
            }
            if (head.state != Slot::State::Done)
                break;
            const bool close = head.closeAfter;
            m_slots.pop_front();
            if (close) {
                m_closing = true;
                m_slots.clear();
                m_socket->disconnectFromHost();
                break;
            }
        }
    } while (m_pumpAgain && !m_closed && !m_closing);
    if (!guard)
        return;
    m_inPump = false;
    if (m_closed || m_closing)
        return;
    updateTimers();
    if (!m_stopReading && qsizetype(m_slots.size()) < m_limits.maxPipelined)
        processInput();
}

void HttpConnection::arm(QTimer *timer, Deadline &deadline, std::chrono::milliseconds after)
{
    deadline = std::chrono::steady_clock::now() + after;
    if (!timer->isActive())
        timer->start(after);
}

bool HttpConnection::due(QTimer *timer, const Deadline &deadline)
{
    if (!deadline)
        return false;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(
        *deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
        return true;
    timer->start(left);
    return false;
}

void HttpConnection::armRequestPhase(std::chrono::milliseconds phase)
{
    Deadline when = m_requestEnd;
    if (phase.count() > 0) {
        const auto phaseEnd = std::chrono::steady_clock::now() + phase;
        if (!when || phaseEnd < *when)
            when = phaseEnd;
    }
    if (when)
        armRequestDeadline(*when);
    else
        m_requestDeadline.reset();
}

void HttpConnection::armRequestDeadline(std::chrono::steady_clock::time_point when)
{
    m_requestDeadline = when;
    // A later deadline is waited out when the timer fires; only an earlier
    // one (the head's, under the whole request's) needs a restart.
    if (m_requestTimer->isActive() && m_requestTimerFires <= when)
        return;
    const auto now = std::chrono::steady_clock::now();
    const auto left = std::max(std::chrono::ceil<std::chrono::milliseconds>(when - now),
                               std::chrono::milliseconds(0));
    m_requestTimer->start(left);
    m_requestTimerFires = now + left;
}

HttpConnection::Activity HttpConnection::activity() const
{
    if (!m_slots.empty() || m_closed || m_closing)
        return Activity::Busy;
    return m_p->inMessage ? Activity::Receiving : Activity::Idle;
}

void HttpConnection::updateTimers()
{
    if (m_closed || m_closing) {
        m_idleDeadline.reset();
        m_requestDeadline.reset();
        m_idleTimer->stop();
        m_requestTimer->stop();
        return;
    }
    const bool idle = m_slots.empty() && !m_p->inMessage;
    if (idle && !m_wasIdle)
        m_activitySince = std::chrono::steady_clock::now();
    m_wasIdle = idle;
    if (idle && m_limits.idleTimeout.count() > 0) {
        // Idle from now, unless already idle (the deadline then stays).
        if (!m_idleDeadline)
            arm(m_idleTimer, m_idleDeadline, m_limits.idleTimeout);
    } else {
        m_idleDeadline.reset();
    }
    updateReadPause();
}

QByteArray HttpConnection::takeInput()
{
    const qint64 available = m_socket->bytesAvailable();
    QByteArray bytes = m_socket->peek(available);
    bytes.remove(0, m_held);
    m_socket->skip(available - 1);
    m_held = 1;
    return bytes;
}

bool HttpConnection::owesResponse() const
{
    // An event stream owes nothing in particular: a client that half-closes
    // it is leaving, and reading on is how its departure is noticed.
    for (const Slot &slot : m_slots) {
        if (!slot.events)
            return true;
    }
    return false;
}

void HttpConnection::updateReadPause()
{
    if (m_closed || !m_socket)
        return;
    // Until the answer has left Qt's buffer too: reading the end of the
    // stream would close the socket with it.
    const bool pause = owesResponse() || (m_slots.empty() && m_socket->bytesToWrite() > 0);
    if (!pause && !m_readPaused)
        return;
    m_readPaused = pause;
    // A limit no larger than what the buffer holds stops the reading; it
    // follows the buffer down as the parser takes bytes (setReadBufferSize
    // does nothing when the value is unchanged).
    m_socket->setReadBufferSize(pause ? std::max<qint64>(1, m_socket->bytesAvailable())
                                      : kSocketReadBuffer);
}

void HttpConnection::abort()
{
    if (m_closed)
        return;
    m_socket->abort();
    handleClosed();
}

void HttpConnection::handleClosed()
{
    if (m_closed)
        return;
    m_closed = true;
    m_idleTimer->stop();
    m_requestTimer->stop();
    m_slots.clear();
    Q_EMIT closed();
    deleteLater();
}

} // namespace townhall::mcp
