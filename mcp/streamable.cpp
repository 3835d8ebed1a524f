// SPDX-License-Identifier: MIT
#include "mcp/streamable.h"

#include "mcp/httpconnection.h"
#include "mcp/httpserver.h"
#include "mcp/jsonwrite.h"
#include "mcp/transportlog.h"
#include "mcp/transportsession.h"

#include "base/jsonlimits.h"

#include <QRandomGenerator>

#include <array>
#include <cerrno>
#include <sys/random.h>

namespace townhall::mcp {

// ---------------------------------------------------------------- rules

const std::vector<std::string> &supportedProtocolVersions()
{
    static const std::vector<std::string> versions{
        "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"};
    return versions;
}

bool isSupportedProtocolVersion(QByteArrayView version)
{
    const std::string v = version.trimmed().toByteArray().toStdString();
    const auto &all = supportedProtocolVersions();
    return std::find(all.begin(), all.end(), v) != all.end();
}

namespace {

bool equalsNoCase(QByteArrayView a, QByteArrayView b)
{
    return a.size() == b.size() && qstrnicmp(a.data(), a.size(), b.data(), b.size()) == 0;
}

/// Quality the Accept header gives to \a type/\a subtype: the q of the most
/// specific matching range (RFC 9110's Accept rules); -1 when nothing matches.
/// Reads the header in place: it is parsed on every POST.
double acceptQuality(QByteArrayView accept, QByteArrayView type, QByteArrayView subtype)
{
    int bestSpecificity = -1;
    double bestQ = -1;
    while (!accept.isEmpty()) {
        const qsizetype comma = accept.indexOf(',');
        QByteArrayView range = comma < 0 ? accept : accept.first(comma);
        accept = comma < 0 ? QByteArrayView() : accept.sliced(comma + 1);
        const qsizetype semi = range.indexOf(';');
        const QByteArrayView media = (semi < 0 ? range : range.first(semi)).trimmed();
        QByteArrayView params = semi < 0 ? QByteArrayView() : range.sliced(semi + 1);
        const qsizetype slash = media.indexOf('/');
        if (slash <= 0)
            continue;
        const QByteArrayView t = media.first(slash);
        const QByteArrayView s = media.sliced(slash + 1);
        int specificity = -1;
        if (equalsNoCase(t, type) && equalsNoCase(s, subtype))
            specificity = 2;
        else if (equalsNoCase(t, type) && s == "*")
            specificity = 1;
        else if (t == "*" && s == "*")
            specificity = 0;
        if (specificity < 0 || specificity < bestSpecificity)
            continue;
        double q = 1.0;
        while (!params.isEmpty()) {
            const qsizetype next = params.indexOf(';');
            const QByteArrayView p = (next < 0 ? params : params.first(next)).trimmed();
            params = next < 0 ? QByteArrayView() : params.sliced(next + 1);
            if (p.size() > 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
                bool ok = false;
                const double v = p.sliced(2).toDouble(&ok);
                if (ok)
                    q = std::clamp(v, 0.0, 1.0);
            }
        }
        if (specificity > bestSpecificity) {
            bestSpecificity = specificity;
            bestQ = q;
        }
    }
    return bestQ;
}

} // namespace

ResponseMode chooseResponseMode(QByteArrayView acceptHeader)
{
    if (acceptHeader.trimmed().isEmpty())
        return ResponseMode::Json;
    const double qJson = acceptQuality(acceptHeader, "application", "json");
    const double qSse = acceptQuality(acceptHeader, "text", "event-stream");
    if (qJson <= 0 && qSse <= 0)
        return ResponseMode::NotAcceptable;
    return qSse > qJson ? ResponseMode::EventStream : ResponseMode::Json;
}

bool acceptsEventStream(QByteArrayView acceptHeader)
{
    // The reference requires text/event-stream to be named; */* is not enough
    // to promise the client can parse a stream.
    for (const QByteArray &range : acceptHeader.toByteArray().split(',')) {
        const QList<QByteArray> parts = range.split(';');
        if (parts.value(0).trimmed().toLower() != "text/event-stream")
            continue;
        double q = 1.0;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const QByteArray p = parts.at(i).trimmed().toLower();
            if (p.startsWith("q="))
                q = p.mid(2).toDouble();
        }
        return q > 0;
    }
    return false;
}

bool isJsonContentType(QByteArrayView contentType)
{
    const QByteArray ct = contentType.toByteArray();
    const qsizetype semi = ct.indexOf(';');
    const QByteArray essence = (semi < 0 ? ct : ct.left(semi)).trimmed().toLower();
    return essence == "application/json";
}

MessageKind classifyMessage(const json &message)
{
    if (!message.is_object())
        return MessageKind::Invalid;
    const auto version = message.find("jsonrpc");
    if (version == message.end() || *version != "2.0")
        return MessageKind::Invalid;
    const auto id = message.find("id");
    const bool validId = id != message.end() && (id->is_string() || id->is_number_integer());
    const auto method = message.find("method");
    if (method != message.end()) {
        if (!method->is_string())
            return MessageKind::Invalid;
        if (id == message.end())
            return MessageKind::Notification;
        return validId ? MessageKind::Request : MessageKind::Invalid;
    }
    const bool hasResult = message.contains("result");
    const bool hasError = message.contains("error");
    if (hasResult == hasError || id == message.end())
        return MessageKind::Invalid;
    // An error response may carry a null id when the request was unreadable.
    if (!validId && !(hasError && id->is_null()))
        return MessageKind::Invalid;
    return MessageKind::Response;
}

json jsonRpcError(int code, const std::string &message)
{
    return jsonRpcError(code, message, nullptr);
}

json jsonRpcError(int code, const std::string &message, const json &id)
{
    return json{
        {"jsonrpc", "2.0"}, {"error", json{{"code", code}, {"message", message}}}, {"id", id}};
}

PeerJson parsePeerJson(QByteArrayView text)
{
    PeerJson out;
    const std::string_view view(text.data(), std::size_t(text.size()));
    if (!base::jsonDepthWithin(view)) {
        out.value = json(json::value_t::discarded);
        out.error = "Parse error: JSON nested deeper than " + std::to_string(base::MaxJsonDepth)
                    + " levels";
        return out;
    }
    out.value = json::parse(view.begin(), view.end(), nullptr, false);
    if (out.value.is_discarded())
        out.error = "Parse error";
    return out;
}

json answerIdOf(const json &body)
{
    if (classifyMessage(body) == MessageKind::Request)
        return body.at("id");
    return nullptr;
}

bool constantTimeEquals(QByteArrayView a, QByteArrayView b)
{
    // Every byte of the longer one is looked at, whatever the contents; a
    // length mismatch only sets a bit.
    const qsizetype n = std::max(a.size(), b.size());
    unsigned diff = a.size() == b.size() ? 0 : 1;
    for (qsizetype i = 0; i < n; ++i) {
        const auto x = static_cast<unsigned char>(i < a.size() ? a[i] : 0);
        const auto y = static_cast<unsigned char>(i < b.size() ? b[i] : 0);
        diff |= unsigned(x ^ y);
    }
    return diff == 0;
}

std::string generateSessionId()
{
    // 256 bits from the kernel's CSPRNG, drawn 4 KiB at a time: one
    // getrandom() per 128 sessions instead of one per session (a handshake
    // storm spent 3 % of the server in that syscall). Per thread, so servers
    // in different threads never share a buffer.
    constexpr std::size_t IdBytes = 32;
    thread_local std::array<unsigned char, 4096> pool{};
    thread_local std::size_t used = pool.size();
    if (used + IdBytes > pool.size()) {
        std::size_t filled = 0;
        while (filled < pool.size()) {
            const ssize_t n = ::getrandom(pool.data() + filled, pool.size() - filled, 0);
            if (n > 0) {
                filled += std::size_t(n);
            } else if (n < 0 && errno != EINTR) {
                // No getrandom (very old kernel): Qt's system generator is the same source.
                QRandomGenerator::system()->generate(pool.begin() + long(filled), pool.end());
                filled = pool.size();
            }
        }
        used = 0;
    }
    static constexpr char hex[] = "0123456789abcdef";
    std::string id(IdBytes * 2, '0');
    for (std::size_t i = 0; i < IdBytes; ++i) {
        id[2 * i] = hex[pool[used + i] >> 4];
        id[2 * i + 1] = hex[pool[used + i] & 0xF];
    }
    // Each byte is handed out once.
    std::fill_n(pool.begin() + long(used), IdBytes, 0);
    used += IdBytes;
    return id;
}

// ---------------------------------------------------------------- /mcp endpoint

namespace {

bool negotiatedAtLeast(const Session &session, const char *version)
{
    return !session.protocolVersion.empty() && session.protocolVersion >= version;
}

} // namespace

void HttpServer::handleMcpPost(const ReplyTo &to, const HttpRequest &request, bool underscore)
{
    using Dir = TrafficRecord::Direction;
    using Ch = TrafficRecord::Channel;

    // Order follows the reference server: Accept, Content-Type, (size: done by
    // the connection), parse, validate, initialize rules, session, version.
    const ResponseMode mode = chooseResponseMode(request.headerList("accept"));
    if (mode == ResponseMode::NotAcceptable) {
        sendJson(to,
                 406,
                 jsonRpcError(
                     -32000,
                     "Not Acceptable: Client must accept application/json or text/event-stream"));
        return;
    }
    if (!isJsonContentType(request.header("content-type"))) {
        sendJson(
            to,
            415,
            jsonRpcError(-32000, "Unsupported Media Type: Content-Type must be application/json"));
        return;
    }
    PeerJson parsed = parsePeerJson(request.body);
    if (!parsed.error.empty()) {
        record({}, Dir::ClientToServer, Ch::Post, json(request.body.left(4096).toStdString()), 400);
        sendJson(to, 400, jsonRpcError(-32700, parsed.error, nullptr));
        return;
    }
    json body = std::move(parsed.value);
    const bool batch = body.is_array();
    if (batch && (body.empty() || body.size() > size_t(m_limits.maxBatchSize))) {
        sendJson(to,
                 400,
                 jsonRpcError(-32600,
                              "Invalid Request: batch must hold 1 to "
                                  + std::to_string(m_limits.maxBatchSize) + " messages",
                              nullptr));
        return;
    }
    bool hasRequest = false;
    bool hasInitialize = false;
    auto inspect = [&](const json &m) {
        const MessageKind kind = classifyMessage(m);
        if (kind == MessageKind::Request) {
            hasRequest = true;
            if (m.at("method") == "initialize")
                hasInitialize = true;
        }
        return kind != MessageKind::Invalid;
    };
    const bool valid = batch ? std::all_of(body.begin(), body.end(), inspect) : inspect(body);
    if (!valid) {
        record({}, Dir::ClientToServer, Ch::Post, body, 400, {}, request.body);
        sendJson(
            to, 400, jsonRpcError(-32600, "Invalid Request: not a JSON-RPC 2.0 message", nullptr));
        return;
    }
    if (hasInitialize && batch) {
        sendJson(to,
                 400,
                 jsonRpcError(
                     -32600, "Invalid Request: initialize must not be part of a batch", nullptr));
        return;
    }

    const json answerId = answerIdOf(body);
    const std::string headerId = request.header("mcp-session-id").trimmed().toStdString();
    SessionEntry *entry = nullptr;
    if (hasInitialize) {
        SessionEntry *existing = headerId.empty() ? nullptr : findEntry(headerId);
        if (existing && !existing->legacy) {
            sendJson(to,
                     400,
                     jsonRpcError(-32600, "Invalid Request: Server already initialized", answerId),
                     headerId);
            return;
        }
        // A stale id (say, from before an app restart) does not block a fresh
        // initialize: that is exactly how a client recovers.
        entry = &createSession("streamable-http", request, underscore);
        entry->initializeSeen = true;
    } else {
        entry = sessionOf(to, request, answerId);
        if (!entry)
            return;
        touch(*entry);
    }

    std::shared_ptr<Session> session = entry->session;
    if (!hasRequest) {
        recordEach(session->id, Dir::ClientToServer, Ch::Post, body, 202, {}, request.body);
        // 202 with an empty body, whatever the handler makes of it (rule 25).
        send(to, HttpResponse(202, {}, {}));
        dispatch(std::move(body), session, [](std::optional<json>) {});
        return;
    }
    recordEach(session->id, Dir::ClientToServer, Ch::Post, body, 0, {}, request.body);
    answerRequest(
        to, std::move(body), std::move(session), mode == ResponseMode::EventStream, hasInitialize);
}

void HttpServer::answerRequest(
    const ReplyTo &to, json body, std::shared_ptr<Session> session, bool sse, bool initialize)
{
    using Dir = TrafficRecord::Direction;
    using Ch = TrafficRecord::Channel;
    const std::string sessionId = session->id;

    // An SSE reply starts at once (keep-alives flow while a slow tool runs),
    // except for initialize: its head must wait to learn whether the session
    // survives and which version (hence priming) was negotiated.
    QPointer<SseStream> early;
    if (sse && !initialize && to.connection) {
        HttpResponse head = eventStreamHead(to);
        head.setHeader("Mcp-Session-Id", QByteArray::fromStdString(sessionId));
        if (to.connection->beginStream(to.serial, head)) {
            SessionEntry *entry = findEntry(sessionId);
            auto *stream = new SseStream(to.connection,
                                         to.serial,
                                         entry ? entry->newStreamId() : QByteArray("x"),
                                         m_limits.keepAliveInterval,
                                         this);
            connect(stream, &SseStream::closed, stream, &QObject::deleteLater);
            early = stream;
            if (negotiatedAtLeast(*session, "2025-11-25"))
                stream->sendPriming();
        }
    }

    dispatch(
        std::move(body),
        session,
        [this, to, sessionId, sse, initialize, early](std::optional<json> reply) {
            if (initialize) {
                // A failed initialize leaves no session behind.
                const bool ok = reply && reply->is_object() && reply->contains("result");
                if (!ok) {
                    closeSessionInternal(sessionId);
                } else if (SessionEntry *entry = findEntry(sessionId)) {
                    announce(*entry);
                }
            }
            if (sse && !initialize) {
                if (!early) {
                    qCDebug(lcTransport) << "reply dropped: the client left before its SSE reply";
                    return;
                }
                if (reply) {
                    const json messages = reply->is_array() ? *reply : json::array({*reply});
                    for (const auto &m : messages) {
                        early->sendMessage(m);
                        record(sessionId, Dir::ServerToClient, Ch::PostSse, m, 200, to.elapsed());
                    }
                }
                early->finish();
                return;
            }
            if (!to.connection) {
                qCDebug(lcTransport) << "reply dropped: the client left before its reply";
                return;
            }
            SessionEntry *entry = findEntry(sessionId);
            if (!reply) {
                // The handler chose not to answer (for example a cancelled request).
                send(to, HttpResponse(202, {}, {}));
                return;
            }
            if (!sse) {
                HttpResponse response(
                    200, "application/json", QByteArray::fromStdString(writeJson(*reply)));
                if (entry)
                    response.setHeader("Mcp-Session-Id", QByteArray::fromStdString(sessionId));
                recordEach(sessionId,
                           Dir::ServerToClient,
                           Ch::PostJson,
                           *reply,
                           200,
                           to.elapsed(),
                           response.body);
                send(to, std::move(response));
                return;
            }
            // initialize over SSE: head, optional priming, the result, end.
            HttpResponse head = eventStreamHead(to);
            if (entry)
                head.setHeader("Mcp-Session-Id", QByteArray::fromStdString(sessionId));
            if (!to.connection->beginStream(to.serial, head))
                return;
            SseStream stream(to.connection,
                             to.serial,
                             entry ? entry->newStreamId() : QByteArray("x"),
                             std::chrono::milliseconds(0));
            if (entry && negotiatedAtLeast(*entry->session, "2025-11-25"))
                stream.sendPriming();
            stream.sendMessage(*reply);
            recordEach(sessionId, Dir::ServerToClient, Ch::PostSse, *reply, 200, to.elapsed());
            stream.finish();
        });
}

SessionEntry *
HttpServer::sessionOf(const ReplyTo &to, const HttpRequest &request, const json &answerId)
{
    const std::string id = request.header("mcp-session-id").trimmed().toStdString();
    if (id.empty()) {
        sendJson(to,
                 400,
                 jsonRpcError(-32000, "Bad Request: Mcp-Session-Id header is required", answerId));
        return nullptr;
    }
    SessionEntry *entry = findEntry(id);
    if (!entry || entry->legacy) {
        sendJson(to, 404, jsonRpcError(-32001, "Session not found", answerId));
        return nullptr;
    }
    if (!checkCredential(to, request, *entry, answerId))
        return nullptr;
    // Validate against the supported set, never against the negotiated
    // version (MCP-NOTES rule 40); a missing header is fine.
    const QByteArray version = request.header("mcp-protocol-version").trimmed();
    if (!version.isEmpty() && !isSupportedProtocolVersion(version)) {
        sendJson(to,
                 400,
                 jsonRpcError(-32000, "Bad Request: Unsupported protocol version", answerId),
                 id);
        return nullptr;
    }
    return entry;
}

void HttpServer::handleMcpGet(const ReplyTo &to, const HttpRequest &request)
{
    if (!acceptsEventStream(request.headerList("accept"))) {
        sendJson(
            to, 406, jsonRpcError(-32000, "Not Acceptable: Client must accept text/event-stream"));
        return;
    }
    SessionEntry *entry = sessionOf(to, request, nullptr);
    if (!entry)
        return;
    const std::string id = entry->session->id;
    // One stream per session, as the reference server allows: messages go
    // on one stream only (MCP-NOTES rule 30), so a second would carry nothing.
    if (entry->stream && entry->stream->isOpen()) {
        sendJson(to,
                 409,
                 jsonRpcError(-32000, "Conflict: Only one SSE stream is allowed per session"),
                 id);
        return;
    }
    const QByteArray owner = streamOwner(to, request);
    if (!checkStreamRoom(to, owner))
        return;
    touch(*entry);
    HttpResponse head = eventStreamHead(to);
    head.setHeader("Mcp-Session-Id", QByteArray::fromStdString(id));
    if (!to.connection
        || !to.connection->beginStream(to.serial, head, HttpConnection::StreamKind::Events))
        return;
    auto *stream = new SseStream(
        to.connection, to.serial, entry->newStreamId(), m_limits.keepAliveInterval, this);
    trackEventStream(stream, owner);
    entry->stream = stream;
    entry->outbox->setStreamOpen(true);
    std::weak_ptr<SessionOutbox> outbox = entry->outbox;
    connect(stream, &SseStream::closed, this, [this, id, outbox] {
        if (auto o = outbox.lock())
            o->setStreamOpen(false);
        if (SessionEntry *e = findEntry(id))
            e->session->lastSeen = std::chrono::steady_clock::now();
    });
    connect(stream, &SseStream::closed, stream, &QObject::deleteLater);
    if (negotiatedAtLeast(*entry->session, "2025-11-25"))
        stream->sendPriming();
}

void HttpServer::handleMcpDelete(const ReplyTo &to, const HttpRequest &request)
{
    SessionEntry *entry = sessionOf(to, request, nullptr);
    if (!entry)
        return;
    const std::string id = entry->session->id;
    send(to, HttpResponse(200, {}, {}));
    closeSessionInternal(id);
}

} // namespace townhall::mcp
