// SPDX-License-Identifier: MIT
#include "scriptedserver.h"

#include <QHostAddress>
#include <QTcpSocket>
#include <QTimer>

namespace townhall::test::providers {

using json = nlohmann::json;
using namespace Qt::StringLiterals;

QByteArray RecordedRequest::header(QByteArrayView name) const
{
    for (const auto &[k, v] : headers)
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

json RecordedRequest::json() const
{
    return json::parse(body.constBegin(), body.constEnd(), nullptr, false);
}

ScriptedResponse ScriptedResponse::json(int status, const nlohmann::json &body, Headers headers)
{
    ScriptedResponse r;
    r.status = status;
    r.headers = std::move(headers);
    r.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
    r.body = QByteArray::fromStdString(body.dump());
    return r;
}

ScriptedHttpServer::ScriptedHttpServer()
{
    QObject::connect(
        &m_server, &QTcpServer::newConnection, &m_server, [this] { onNewConnection(); });
}

ScriptedHttpServer::~ScriptedHttpServer()
{
    // A socket closing in its destructor emits disconnected(), whose handler
    // touches members: end the connections while the members still exist.
    m_server.close();
    const QList<QTcpSocket *> sockets = m_server.findChildren<QTcpSocket *>();
    for (QTcpSocket *socket : sockets) {
        QObject::disconnect(socket, nullptr, nullptr, nullptr);
        delete socket;
    }
}

bool ScriptedHttpServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

quint16 ScriptedHttpServer::port() const
{
    return m_server.serverPort();
}

QString ScriptedHttpServer::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(port());
}

void ScriptedHttpServer::enqueue(ScriptedResponse response)
{
    m_queue.push_back(std::move(response));
}

std::vector<RecordedRequest> ScriptedHttpServer::requestsTo(QByteArrayView suffix) const
{
    std::vector<RecordedRequest> out;
    for (const RecordedRequest &r : m_requests)
        if (r.path.endsWith(suffix))
            out.push_back(r);
    return out;
}

std::optional<ScriptedResponse> ScriptedHttpServer::route(const RecordedRequest &)
{
    return std::nullopt;
}

void ScriptedHttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        QObject::connect(
            socket, &QTcpSocket::readyRead, socket, [this, socket] { onReadyRead(socket); });
        QObject::connect(socket, &QTcpSocket::disconnected, socket, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void ScriptedHttpServer::onReadyRead(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    // HTTP/1.1 as clients send it: a request line, headers, a body of
    // Content-Length bytes (QNetworkAccessManager never chunks a request
    // it has in memory). Several requests may follow on one connection.
    for (;;) {
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        RecordedRequest req;
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        req.method = requestLine.value(0);
        req.path = requestLine.value(1);
        qsizetype length = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0)
                continue;
            req.headers.emplaceBack(line.left(colon).trimmed(), line.mid(colon + 1).trimmed());
            if (line.left(colon).trimmed().compare("content-length", Qt::CaseInsensitive) == 0)
                length = line.mid(colon + 1).trimmed().toLongLong();
        }
        if (buffer.size() < end + 4 + length)
            return;
        req.body = buffer.mid(end + 4, length);
        buffer.remove(0, end + 4 + length);
        m_requests.push_back(req);

        std::optional<ScriptedResponse> answer;
        if (m_handler)
            answer = m_handler(req);
        if (!answer)
            answer = route(req);
        if (!answer && !m_queue.empty()) {
            answer = std::move(m_queue.front());
            m_queue.pop_front();
        }
        if (!answer)
            answer = ScriptedResponse::json(500,
                                            {{"error",
                                              {{"message", "the script has no response left"},
                                               {"type", "server_error"},
                                               {"param", nullptr},
                                               {"code", nullptr}}}});
        if (answer->delay.count() > 0) {
            QTimer::singleShot(
                answer->delay, socket, [this, socket, r = *answer] { respond(socket, r); });
            return; // the client sends nothing more before this answer
        }
        respond(socket, *answer);
    }
}

void ScriptedHttpServer::respond(QTcpSocket *socket, const ScriptedResponse &r)
{
    if (r.dropConnection) {
        socket->abort();
        return;
    }
    if (r.floodBytes > 0 || r.floodForever) {
        flood(socket, r);
        return;
    }
    QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + " Scripted\r\n";
    for (const auto &[k, v] : r.headers)
        head += k + ": " + v + "\r\n";
    if (r.omitContentLength)
        head += "Connection: close\r\n";
    else
        head += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n";
    head += "\r\n";
    socket->write(head);
    if (r.dripBytes <= 0) {
        socket->write(r.body);
        if (r.omitContentLength)
            socket->disconnectFromHost();
        return;
    }
    // The timer is the socket's child: a client that gives up ends the drip.
    auto *timer = new QTimer(socket);
    auto offset = std::make_shared<qsizetype>(0);
    QObject::connect(timer, &QTimer::timeout, socket, [socket, timer, offset, r] {
        socket->write(r.body.mid(*offset, r.dripBytes));
        *offset += r.dripBytes;
        if (*offset >= r.body.size()) {
            timer->stop();
            timer->deleteLater();
            if (r.omitContentLength)
                socket->disconnectFromHost();
        }
    });
    timer->start(r.dripInterval);
}

void ScriptedHttpServer::flood(QTcpSocket *socket, const ScriptedResponse &r)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + " Scripted\r\n";
    for (const auto &[k, v] : r.headers)
        head += k + ": " + v + "\r\n";
    head += r.floodForever ? QByteArray("Transfer-Encoding: chunked\r\n")
                           : "Content-Length: " + QByteArray::number(r.floodBytes) + "\r\n";
    head += "\r\n";
    socket->write(head);
    // Tops the socket's buffer up to a few chunks whenever it drains: a
    // client that stops reading stops the flood.
    static constexpr qint64 Chunk = 64 * 1024;
    const QByteArray piece(Chunk, 'x');
    const QByteArray chunk = QByteArray::number(Chunk, 16) + "\r\n" + piece + "\r\n";
    auto left = std::make_shared<qint64>(r.floodBytes);
    auto topUp = [socket, left, piece, chunk, forever = r.floodForever] {
        while (socket->state() == QAbstractSocket::ConnectedState
               && socket->bytesToWrite() < 4 * Chunk) {
            if (forever) {
                socket->write(chunk);
                continue;
            }
            if (*left <= 0)
                return;
            const qint64 n = std::min(*left, Chunk);
            socket->write(piece.left(n));
            *left -= n;
        }
    };
    QObject::connect(socket, &QTcpSocket::bytesWritten, socket, topUp);
    topUp();
}

QString ScriptedOpenAiServer::baseUrl() const
{
    return ScriptedHttpServer::baseUrl() + u"/v1"_s;
}

std::optional<ScriptedResponse> ScriptedModelServer::route(const RecordedRequest &request)
{
    const bool models = request.method == "GET"
                        && (request.path == "/v1/models" || request.path.startsWith("/v1/models?"));
    if (!models)
        return std::nullopt;
    if (m_modelsResponse)
        return m_modelsResponse;
    return ScriptedResponse::json(200, modelsBody(m_models));
}

json ScriptedOpenAiServer::modelsBody(const QStringList &ids) const
{
    json data = json::array();
    for (const QString &id : ids)
        data.push_back({{"id", id.toStdString()},
                        {"object", "model"},
                        {"created", 1715367049},
                        {"owned_by", "library"}});
    return {{"object", "list"}, {"data", data}};
}

json ScriptedAnthropicServer::modelsBody(const QStringList &ids) const
{
    json data = json::array();
    for (const QString &id : ids)
        data.push_back({{"type", "model"},
                        {"id", id.toStdString()},
                        {"display_name", id.toStdString()},
                        {"created_at", "2025-02-19T00:00:00Z"}});
    json body = {{"data", data}, {"has_more", false}};
    body["first_id"] = ids.isEmpty() ? json(nullptr) : json(ids.front().toStdString());
    body["last_id"] = ids.isEmpty() ? json(nullptr) : json(ids.back().toStdString());
    return body;
}

namespace openai {

json completion(json message, const std::string &finishReason, json usage)
{
    message["role"] = "assistant";
    if (!message.contains("content"))
        message["content"] = nullptr;
    json body = {{"id", "chatcmpl-A652F"},
                 {"object", "chat.completion"},
                 {"created", 1726012687},
                 {"model", "test-model"},
                 {"choices",
                  json::array({{{"index", 0},
                                {"finish_reason", finishReason},
                                {"logprobs", nullptr},
                                {"message", std::move(message)}}})},
                 {"system_fingerprint", nullptr}};
    if (!usage.is_null())
        body["usage"] = std::move(usage);
    return body;
}

ScriptedResponse text(const std::string &text, const std::string &finishReason)
{
    return ScriptedResponse::json(
        200,
        completion({{"content", text}, {"refusal", nullptr}}, finishReason),
        {{"x-request-id", "req_text"}});
}

json toolCall(const std::string &id, const std::string &name, const std::string &arguments)
{
    return {
        {"id", id}, {"type", "function"}, {"function", {{"name", name}, {"arguments", arguments}}}};
}

ScriptedResponse toolCalls(json calls, json extraMessageFields)
{
    json message = {{"content", nullptr}, {"tool_calls", std::move(calls)}};
    message.update(extraMessageFields);
    return ScriptedResponse::json(200, completion(std::move(message), "tool_calls"));
}

ScriptedResponse
error(int status, const std::string &message, const std::string &type, json code, Headers headers)
{
    return ScriptedResponse::json(
        status,
        {{"error",
          {{"message", message}, {"type", type}, {"param", nullptr}, {"code", std::move(code)}}}},
        std::move(headers));
}

ScriptedResponse llamaCppError(int status, const std::string &message, const std::string &type)
{
    return ScriptedResponse::json(
        status, {{"error", {{"code", status}, {"message", message}, {"type", type}}}});
}

ScriptedResponse openRouterError(int status, const std::string &message)
{
    return ScriptedResponse::json(status, {{"error", {{"message", message}, {"code", status}}}});
}

} // namespace openai

namespace anthropic {

json message(json content, const std::string &stopReason, json usage)
{
    return {{"id", "msg_01XFD"},
            {"type", "message"},
            {"role", "assistant"},
            {"model", "claude-test"},
            {"content", std::move(content)},
            {"stop_reason", stopReason},
            {"stop_sequence", nullptr},
            {"usage", std::move(usage)}};
}

ScriptedResponse reply(json content, const std::string &stopReason, json usage)
{
    return ScriptedResponse::json(200,
                                  message(std::move(content), stopReason, std::move(usage)),
                                  {{"request-id", "req_011anthropic"}});
}

ScriptedResponse
error(int status, const std::string &type, const std::string &message, Headers headers)
{
    return ScriptedResponse::json(status,
                                  {{"type", "error"},
                                   {"error", {{"type", type}, {"message", message}}},
                                   {"request_id", "req_011err"}},
                                  std::move(headers));
}

} // namespace anthropic

} // namespace townhall::test::providers
