// SPDX-License-Identifier: MIT
#include "mcp/stdiobridge.h"

#include "mcp/sse.h"
#include "mcp/streamable.h"
#include "mcp/transportlog.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

namespace townhall::mcp {

namespace {

using nlohmann::json;

constexpr int kMaxStreamFailures = 5;
constexpr int kShutdownGraceMs = 10000;
constexpr int kDeleteTimeoutMs = 2000;

bool isEventStream(const QNetworkReply *reply)
{
    const QByteArray ct = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    const qsizetype semi = ct.indexOf(';');
    return (semi < 0 ? ct : ct.left(semi)).trimmed().toLower() == "text/event-stream";
}

int statusOf(const QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

bool isJsonRpc(const json &j)
{
    if (j.is_array())
        return !j.empty()
               && std::all_of(j.begin(), j.end(), [](const json &m) { return isJsonRpc(m); });
    return j.is_object() && j.contains("jsonrpc");
}

} // namespace

StdioBridge::StdioBridge(const QUrl &url, const QString &token, QObject *parent)
    : QObject(parent)
    , m_url(url)
    , m_token(token.toUtf8())
    , m_nam(new QNetworkAccessManager(this))
    , m_retryTimer(new QTimer(this))
{
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &StdioBridge::openStream);
}

StdioBridge::~StdioBridge()
{
    if (m_getReply)
        m_getReply->abort();
}

void StdioBridge::addHeaders(QNetworkRequest &request, bool withVersion) const
{
    if (!m_sessionId.isEmpty())
        request.setRawHeader("Mcp-Session-Id", m_sessionId);
    if (withVersion && !m_protocolVersion.isEmpty())
        request.setRawHeader("MCP-Protocol-Version", m_protocolVersion);
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token);
}

void StdioBridge::handleLine(const QByteArray &line)
{
    const QByteArray text = line.trimmed();
    if (text.isEmpty() || m_shuttingDown)
        return;
    PeerJson parsed = parsePeerJson(text);
    if (!parsed.error.empty()) {
        qCWarning(lcTransport) << "stdio bridge: ignoring a line that is not JSON:"
                               << parsed.error.c_str();
        emitMessage(jsonRpcError(-32700, parsed.error, nullptr));
        return;
    }
    json message = std::move(parsed.value);
    const MessageKind kind = classifyMessage(message);
    if (kind == MessageKind::Request && message.at("method") == "initialize")
        m_clientInit = message;
    if (kind == MessageKind::Notification && message.at("method") == "notifications/initialized")
        m_clientInitialized = true;
    Outgoing out;
    out.message = std::move(message);
    // Nothing can be sent without the session id that initialize returns.
    if (m_initPending) {
        m_queued.push_back(std::move(out));
        return;
    }
    post(std::move(out));
}

void StdioBridge::post(Outgoing out)
{
    const json &message = out.message;
    const bool initialize
        = classifyMessage(message) == MessageKind::Request && message.at("method") == "initialize";
    if (initialize)
        m_initPending = true;
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    addHeaders(request, !initialize);
    const QByteArray sentSession = initialize ? QByteArray() : m_sessionId;
    QNetworkReply *reply = m_nam->post(request, QByteArray::fromStdString(message.dump()));
    ++m_inFlight;
    auto parser = std::make_shared<SseParser>();
    auto relay = [this, reply, parser, out] {
        // SSE replies are relayed event by event; JSON bodies wait for the end.
        if (!isEventStream(reply) || statusOf(reply) / 100 != 2)
            return;
        for (const auto &event : parser->feed(reply->readAll())) {
            if ((event.event.isEmpty() || event.event == "message") && !event.data.isEmpty())
                deliver(out, event.data);
        }
    };
    connect(reply, &QNetworkReply::readyRead, this, relay);
    connect(reply, &QNetworkReply::finished, this, [this, reply, out, relay, sentSession] {
        relay();
        onPostFinished(reply, out, sentSession);
    });
}

void StdioBridge::deliver(const Outgoing &out, const QByteArray &body)
{
    if (!out.internal) {
        emitBody(body);
        return;
    }
    const json j = parsePeerJson(body).value;
    if (!j.is_discarded())
        learnVersion(j);
}

void StdioBridge::learnVersion(const json &message)
{
    if (message.is_object() && message.contains("result") && message["result"].is_object()
        && message["result"].contains("protocolVersion")
        && message["result"]["protocolVersion"].is_string()
        && message["result"].contains("serverInfo"))
        m_protocolVersion
            = QByteArray::fromStdString(message["result"]["protocolVersion"].get<std::string>());
}

void StdioBridge::onPostFinished(QNetworkReply *reply, Outgoing out, const QByteArray &sentSession)
{
    reply->deleteLater();
    --m_inFlight;
    const json &message = out.message;
    const int status = statusOf(reply);
    const MessageKind kind = classifyMessage(message);
    const bool initialize = kind == MessageKind::Request && message.at("method") == "initialize";
    const bool initialized
        = kind == MessageKind::Notification && message.at("method") == "notifications/initialized";
    const QByteArray sid = reply->rawHeader("Mcp-Session-Id");
    if (initialize && !sid.isEmpty())
        m_sessionId = sid;

    if (status / 100 == 2) {
        if (!isEventStream(reply)) {
            const QByteArray body = reply->readAll();
            if (!body.trimmed().isEmpty())
                deliver(out, body);
        }
        if (initialize && out.internal) {
            if (m_sessionId.isEmpty() || m_protocolVersion.isEmpty()) {
                qCWarning(lcTransport) << "stdio bridge: re-initialization was refused";
                m_initPending = false;
                for (const Outgoing &q : std::exchange(m_queued, {}))
                    failRequest(
                        q.message,
                        status,
                        R"({"error":{"message":"session lost; re-initialization failed"}})");
                maybeFinishShutdown();
                return;
            }
            qCInfo(lcTransport) << "stdio bridge: new session established";
            if (m_clientInitialized) {
                // Keep holding the queue until the server has seen "initialized".
                json note = {{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}};
                post(Outgoing{note, true, true});
                maybeFinishShutdown();
                return;
            }
        }
        if (initialized) {
            m_wantStream = true;
            openStream();
            if (out.internal) {
                m_initPending = false;
                flushQueue();
            }
        }
    } else {
        const QByteArray body = reply->readAll();
        qCWarning(lcTransport) << "stdio bridge: HTTP" << status << reply->errorString();
        if (status == 404 && !sentSession.isEmpty() && !out.internal && !out.retried
            && m_clientInit) {
            // The server forgot the session: re-initialize behind the client's back, then retry
            // once.
            out.retried = true;
            if (!m_sessionId.isEmpty() && m_sessionId != sentSession && !m_initPending) {
                post(std::move(out)); // a recovery already happened meanwhile
            } else {
                m_queued.push_back(std::move(out));
                if (!m_initPending)
                    startRecovery();
            }
            maybeFinishShutdown();
            return;
        }
        if (status == 404 && !sentSession.isEmpty() && sentSession == m_sessionId) {
            qCWarning(lcTransport) << "stdio bridge: the server no longer knows this session";
            m_sessionId.clear();
            m_wantStream = false;
        }
        if (out.internal) {
            qCWarning(lcTransport) << "stdio bridge: re-initialization failed";
            m_initPending = false;
            for (const Outgoing &q : std::exchange(m_queued, {}))
                failRequest(q.message, status, body);
            maybeFinishShutdown();
            return;
        }
        failRequest(message, status, body);
    }

    if (initialize && !out.internal) {
        m_initPending = false;
        flushQueue();
    }
    maybeFinishShutdown();
}

void StdioBridge::startRecovery()
{
    qCWarning(lcTransport)
        << "stdio bridge: the server lost the session (was the app restarted?); re-initializing";
    m_sessionId.clear();
    m_protocolVersion.clear();
    m_wantStream = false;
    m_retryTimer->stop();
    if (m_getReply)
        m_getReply->abort();
    json init = *m_clientInit;
    init["id"] = "townhall-bridge-reinit-" + std::to_string(++m_recoveries);
    post(Outgoing{init, true, true});
}

void StdioBridge::flushQueue()
{
    while (!m_queued.empty() && !m_initPending) {
        Outgoing next = std::move(m_queued.front());
        m_queued.pop_front();
        post(std::move(next));
    }
}

void StdioBridge::failRequest(const json &message, int httpStatus, const QByteArray &detail)
{
    const json body = parsePeerJson(detail).value;
    if (classifyMessage(message) != MessageKind::Request)
        return; // nothing is waiting for an answer
    // A JSON-RPC error about this very request is relayed as is; otherwise the
    // client still needs an answer to its id, or it would wait forever.
    if (body.is_object() && body.contains("error") && body.contains("id")
        && body["id"] == message["id"]) {
        emitMessage(body);
        return;
    }
    std::string text
        = httpStatus > 0 ? "HTTP " + std::to_string(httpStatus) : std::string("Connection failed");
    if (body.is_object() && body.contains("error") && body["error"].is_object()
        && body["error"].contains("message") && body["error"]["message"].is_string())
        text += ": " + body["error"]["message"].get<std::string>();
    emitMessage(jsonRpcError(-32000, text, message["id"]));
}

void StdioBridge::emitBody(const QByteArray &body)
{
    const json j = parsePeerJson(body).value;
    if (j.is_discarded() || !isJsonRpc(j)) {
        qCWarning(lcTransport) << "stdio bridge: dropping a reply that is not JSON-RPC";
        return;
    }
    if (j.is_array()) {
        for (const auto &m : j)
            emitMessage(m);
    } else {
        emitMessage(j);
    }
}

void StdioBridge::emitMessage(const json &message)
{
    // Learn the negotiated version from an initialize result, however it arrived.
    learnVersion(message);
    // dump() escapes control characters, so a message never spans two lines.
    Q_EMIT messageOut(QByteArray::fromStdString(message.dump()));
}

void StdioBridge::openStream()
{
    if (m_getReply || m_sessionId.isEmpty() || m_shuttingDown || !m_wantStream)
        return;
    QNetworkRequest request(m_url);
    request.setRawHeader("Accept", "text/event-stream");
    addHeaders(request, true);
    QNetworkReply *reply = m_nam->get(request);
    m_getReply = reply;
    auto parser = std::make_shared<SseParser>();
    auto retryMs = std::make_shared<int>(1000);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply, parser, retryMs] {
        if (statusOf(reply) != 200 || !isEventStream(reply))
            return;
        m_streamFailures = 0;
        for (const auto &event : parser->feed(reply->readAll())) {
            if (event.retry)
                *retryMs = *event.retry;
            if ((event.event.isEmpty() || event.event == "message") && !event.data.isEmpty())
                emitBody(event.data);
        }
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, retryMs] {
        reply->deleteLater();
        if (m_getReply == reply)
            m_getReply = nullptr;
        const int status = statusOf(reply);
        if (m_shuttingDown || !m_wantStream)
            return;
        if (status == 405) {
            qCInfo(lcTransport) << "stdio bridge: the server offers no notification stream";
            m_wantStream = false;
            return;
        }
        if (status == 404) {
            m_wantStream = false;
            if (m_clientInit && !m_initPending)
                startRecovery();
            return;
        }
        if (++m_streamFailures > kMaxStreamFailures) {
            qCWarning(lcTransport) << "stdio bridge: giving up on the notification stream";
            m_wantStream = false;
            return;
        }
        scheduleStreamRetry(*retryMs * m_streamFailures);
    });
}

void StdioBridge::scheduleStreamRetry(int delayMs)
{
    m_retryTimer->start(std::min(delayMs, 30000));
}

void StdioBridge::shutdown()
{
    if (m_shuttingDown)
        return;
    m_shuttingDown = true;
    m_retryTimer->stop();
    QTimer::singleShot(kShutdownGraceMs, this, &StdioBridge::finishShutdown);
    maybeFinishShutdown();
}

void StdioBridge::maybeFinishShutdown()
{
    if (m_shuttingDown && m_inFlight == 0 && !m_initPending && m_queued.empty())
        finishShutdown();
}

void StdioBridge::finishShutdown()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_getReply)
        m_getReply->abort();
    if (m_sessionId.isEmpty()) {
        Q_EMIT finished(0);
        return;
    }
    QNetworkRequest request(m_url);
    addHeaders(request, true);
    request.setTransferTimeout(kDeleteTimeoutMs);
    QNetworkReply *reply = m_nam->deleteResource(request);
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        m_sessionId.clear();
        Q_EMIT finished(0);
    });
}

int runStdioBridge(const QUrl &url, const QString &token)
{
    std::unique_ptr<QCoreApplication> ownApp;
    if (!QCoreApplication::instance()) {
        static int argc = 1;
        static char arg0[] = "townhall";
        static char *argv[] = {arg0, nullptr};
        ownApp = std::make_unique<QCoreApplication>(argc, argv);
    }
    if (!url.isValid()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        std::fprintf(stderr, "townhall mcp-stdio: invalid --url\n");
        return 2;
    }

    StdioBridge bridge(url, token);
    QEventLoop loop;
    int exitCode = 0;
    QObject::connect(&bridge, &StdioBridge::finished, &loop, [&](int code) {
        exitCode = code;
        loop.quit();
    });
    QObject::connect(&bridge, &StdioBridge::messageOut, &bridge, [](const QByteArray &line) {
        std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    });

    // A blocking reader thread works the same for pipes, files and terminals;
    // lines hop to the event loop through queued calls.
    QPointer<StdioBridge> target(&bridge);
    std::thread reader([target] {
        std::string line;
        while (std::getline(std::cin, line)) {
            QMetaObject::invokeMethod(
                target.data(),
                [target, l = QByteArray::fromStdString(line)] {
                    if (target)
                        target->handleLine(l);
                },
                Qt::QueuedConnection);
        }
        QMetaObject::invokeMethod(
            target.data(),
            [target] {
                if (target)
                    target->shutdown();
            },
            Qt::QueuedConnection);
    });
    loop.exec();
    // finished() only follows shutdown(), which only follows EOF: the reader is done.
    reader.join();
    return exitCode;
}

} // namespace townhall::mcp
