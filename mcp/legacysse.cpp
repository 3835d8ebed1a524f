// SPDX-License-Identifier: MIT
#include "mcp/legacysse.h"

#include "mcp/httpconnection.h"
#include "mcp/httpserver.h"
#include "mcp/streamable.h"
#include "mcp/transportlog.h"
#include "mcp/transportsession.h"

#include <algorithm>

namespace townhall::mcp {

void HttpServer::handleLegacyStream(const ReplyTo &to, const HttpRequest &request)
{
    const QByteArray owner = streamOwner(to, request);
    if (!to.connection || !checkStreamRoom(to, owner))
        return;
    const bool underscore = request.queryItem("names") == "underscore";
    SessionEntry &entry = createSession("legacy-sse", request, underscore);
    const std::string id = entry.session->id;
    if (!to.connection->beginStream(
            to.serial, eventStreamHead(to), HttpConnection::StreamKind::Events)) {
        closeSessionInternal(id);
        return;
    }
    auto *stream = new SseStream(
        to.connection, to.serial, entry.newStreamId(), m_limits.keepAliveInterval, this);
    trackEventStream(stream, owner);
    entry.stream = stream;
    entry.outbox->setStreamOpen(true);
    // The legacy session lives exactly as long as its stream.
    connect(stream, &SseStream::closed, this, [this, id] { closeSessionInternal(id); });
    connect(stream, &SseStream::closed, stream, &QObject::deleteLater);
    const QByteArray endpoint
        = kLegacyMessagesPath.toByteArray() + "?sessionId=" + QByteArray::fromStdString(id);
    stream->sendEvent("endpoint", endpoint, false);
    announce(entry);
}

void HttpServer::handleLegacyPost(const ReplyTo &to, const HttpRequest &request)
{
    using Dir = TrafficRecord::Direction;
    using Ch = TrafficRecord::Channel;

    const std::string id = request.queryItem("sessionId").toStdString();
    if (id.empty()) {
        sendJson(
            to, 400, jsonRpcError(-32000, "Bad Request: sessionId query parameter is required"));
        return;
    }
    SessionEntry *entry = findEntry(id);
    if (!entry || !entry->legacy || !entry->stream || !entry->stream->isOpen()) {
        sendJson(to, 404, jsonRpcError(-32001, "Session not found"));
        return;
    }
    if (!isJsonContentType(request.header("content-type"))) {
        sendJson(
            to,
            415,
            jsonRpcError(-32000, "Unsupported Media Type: Content-Type must be application/json"),
            id);
        return;
    }
    PeerJson parsed = parsePeerJson(request.body);
    if (!parsed.error.empty()) {
        record(id,
               Dir::ClientToServer,
               Ch::LegacyPost,
               json(request.body.left(4096).toStdString()),
               400);
        sendJson(to, 400, jsonRpcError(-32700, parsed.error, nullptr), id);
        return;
    }
    json body = std::move(parsed.value);
    const bool batch = body.is_array();
    if (batch && (body.empty() || body.size() > size_t(m_limits.maxBatchSize))) {
        sendJson(to, 400, jsonRpcError(-32600, "Invalid Request: bad batch size", nullptr), id);
        return;
    }
    bool hasInitialize = false;
    auto inspect = [&](const json &m) {
        const MessageKind kind = classifyMessage(m);
        if (kind == MessageKind::Request && m.at("method") == "initialize")
            hasInitialize = true;
        return kind != MessageKind::Invalid;
    };
    const bool valid = batch ? std::all_of(body.begin(), body.end(), inspect) : inspect(body);
    if (!valid) {
        record(id, Dir::ClientToServer, Ch::LegacyPost, body, 400, {}, request.body);
        sendJson(to,
                 400,
                 jsonRpcError(-32600, "Invalid Request: not a JSON-RPC 2.0 message", nullptr),
                 id);
        return;
    }
    const json answerId = answerIdOf(body);
    if (!checkCredential(to, request, *entry, answerId))
        return;
    if (hasInitialize && (batch || entry->initializeSeen)) {
        sendJson(to,
                 400,
                 jsonRpcError(-32600,
                              batch ? "Invalid Request: initialize must not be part of a batch"
                                    : "Invalid Request: Server already initialized",
                              answerId),
                 id);
        return;
    }
    const QByteArray version = request.header("mcp-protocol-version").trimmed();
    if (!hasInitialize && !version.isEmpty() && !isSupportedProtocolVersion(version)) {
        sendJson(to,
                 400,
                 jsonRpcError(-32000, "Bad Request: Unsupported protocol version", answerId),
                 id);
        return;
    }
    if (hasInitialize)
        entry->initializeSeen = true;
    touch(*entry);

    recordEach(id, Dir::ClientToServer, Ch::LegacyPost, body, 202, {}, request.body);
    send(to, HttpResponse(202, "text/plain; charset=utf-8", "Accepted"));
    dispatch(std::move(body),
             entry->session,
             [this, id, received = to.received](std::optional<json> reply) {
                 if (!reply)
                     return;
                 SessionEntry *e = findEntry(id);
                 if (!e || !e->stream || !e->stream->sendMessage(*reply, false)) {
                     qCDebug(lcTransport) << "legacy reply dropped: the stream is gone";
                     return;
                 }
                 const auto latency = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::steady_clock::now() - received);
                 recordEach(id, Dir::ServerToClient, Ch::LegacyStream, *reply, 200, latency);
             });
}

} // namespace townhall::mcp
