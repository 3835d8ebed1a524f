// SPDX-License-Identifier: MIT
#pragma once

/// \file scriptedserver.h
/// Scripted language-model servers for tests: a real HTTP/1.1 server on
/// loopback (QTcpServer) that records every request and answers from a
/// queue of scripted responses or a handler, and builders for the exact
/// bodies OpenAI-compatible servers and Anthropic send (docs: PROVIDERS.md
/// in the shared docs). Delays, slow drips, missing lengths and dropped
/// connections are part of a script, so clients meet real network failures.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QTcpServer>

#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

class QTcpSocket;

namespace townhall::test::providers {

using Headers = QList<QPair<QByteArray, QByteArray>>;

/// One request as it arrived.
struct RecordedRequest
{
    QByteArray method;
    QByteArray path; ///< with the query, as on the request line
    Headers headers; ///< names as sent
    QByteArray body;

    /// The header's value, names compared case-insensitively.
    QByteArray header(QByteArrayView name) const;
    /// The body as JSON (discarded when it is not).
    nlohmann::json json() const;
};

/// One answer. Defaults: 200, no delay, Content-Length set, connection kept.
struct ScriptedResponse
{
    int status = 200;
    Headers headers;
    QByteArray body;
    std::chrono::milliseconds delay{0}; ///< before the status line
    int dripBytes = 0;                  ///< > 0: the body goes out this many bytes at a time…
    std::chrono::milliseconds dripInterval{50}; ///< …one piece per interval
    bool omitContentLength = false; ///< the body ends when the server closes the connection
    bool dropConnection = false;    ///< close without answering
    /// Hostile bodies (hostilepeers.h), written only as fast as the client
    /// reads, so that the server holds little of them itself: floodBytes > 0
    /// declares and sends that many bytes; floodForever sends chunks
    /// (Transfer-Encoding: chunked) until the client goes away.
    qint64 floodBytes = 0;
    bool floodForever = false;

    /// A JSON body with Content-Type application/json.
    static ScriptedResponse json(int status, const nlohmann::json &body, Headers headers = {});
};

class ScriptedHttpServer
{
public:
    /// A handler sees every request first; nullopt passes it on to the queue.
    using Handler = std::function<std::optional<ScriptedResponse>(const RecordedRequest &)>;

    ScriptedHttpServer();
    virtual ~ScriptedHttpServer();
    ScriptedHttpServer(const ScriptedHttpServer &) = delete;
    ScriptedHttpServer &operator=(const ScriptedHttpServer &) = delete;

    /// Listens on 127.0.0.1, on a free port.
    bool listen();
    quint16 port() const;
    /// http://127.0.0.1:<port> plus the protocol's prefix (see the subclasses).
    virtual QString baseUrl() const;

    void enqueue(ScriptedResponse response);
    void setHandler(Handler handler) { m_handler = std::move(handler); }
    /// Requests no handler or queue answers get this (a 500 saying the script ran out).
    std::size_t queued() const { return m_queue.size(); }

    const std::vector<RecordedRequest> &requests() const { return m_requests; }
    const RecordedRequest &lastRequest() const { return m_requests.back(); }
    /// Requests whose path ends in `suffix`.
    std::vector<RecordedRequest> requestsTo(QByteArrayView suffix) const;

protected:
    /// Subclasses answer their protocol's fixed routes (the model list).
    virtual std::optional<ScriptedResponse> route(const RecordedRequest &request);

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void respond(QTcpSocket *socket, const ScriptedResponse &response);
    void flood(QTcpSocket *socket, const ScriptedResponse &response);

    QTcpServer m_server;
    std::deque<ScriptedResponse> m_queue;
    Handler m_handler;
    std::vector<RecordedRequest> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers; ///< bytes of a request not complete yet
};

/// A language-model server: answers GET /v1/models from setModels() in its
/// protocol's shape, and everything else from the script.
class ScriptedModelServer : public ScriptedHttpServer
{
public:
    void setModels(QStringList ids) { m_models = std::move(ids); }
    /// Overrides the model list's answer (an error, a slow or malformed body).
    void setModelsResponse(std::optional<ScriptedResponse> r) { m_modelsResponse = std::move(r); }

protected:
    explicit ScriptedModelServer(QStringList models)
        : m_models(std::move(models))
    {}
    std::optional<ScriptedResponse> route(const RecordedRequest &request) override;
    virtual nlohmann::json modelsBody(const QStringList &ids) const = 0;

private:
    QStringList m_models;
    std::optional<ScriptedResponse> m_modelsResponse;
};

/// An OpenAI-compatible server at /v1 (POST /v1/chat/completions); one model, "test-model".
class ScriptedOpenAiServer final : public ScriptedModelServer
{
public:
    ScriptedOpenAiServer()
        : ScriptedModelServer({QStringLiteral("test-model")})
    {}
    QString baseUrl() const override;

protected:
    nlohmann::json modelsBody(const QStringList &ids) const override;
};

/// An Anthropic server (POST /v1/messages); baseUrl() has no /v1; one model, "claude-test".
class ScriptedAnthropicServer final : public ScriptedModelServer
{
public:
    ScriptedAnthropicServer()
        : ScriptedModelServer({QStringLiteral("claude-test")})
    {}

protected:
    nlohmann::json modelsBody(const QStringList &ids) const override;
};

/// Bodies as OpenAI-compatible servers send them.
namespace openai {

/// {"id","object":"chat.completion","model","choices":[{index,finish_reason,message}],"usage"}.
nlohmann::json completion(nlohmann::json message,
                          const std::string &finishReason,
                          nlohmann::json usage = {{"prompt_tokens", 82},
                                                  {"completion_tokens", 17},
                                                  {"total_tokens", 99}});
ScriptedResponse text(const std::string &text, const std::string &finishReason = "stop");
/// One call; `arguments` is the string the model wrote (JSON or not).
nlohmann::json
toolCall(const std::string &id, const std::string &name, const std::string &arguments);
ScriptedResponse toolCalls(nlohmann::json calls,
                           nlohmann::json extraMessageFields = nlohmann::json::object());
/// {"error":{message,type,param,code}} (OpenAI, Ollama, DeepSeek, new vLLM).
ScriptedResponse error(int status,
                       const std::string &message,
                       const std::string &type,
                       nlohmann::json code = nullptr,
                       Headers headers = {});
/// llama.cpp: {"error":{"code":<status>,"message","type"}}.
ScriptedResponse llamaCppError(int status, const std::string &message, const std::string &type);
/// OpenRouter: {"error":{"code":<int>,"message"}}.
ScriptedResponse openRouterError(int status, const std::string &message);

} // namespace openai

/// Bodies as Anthropic sends them.
namespace anthropic {

nlohmann::json message(nlohmann::json content,
                       const std::string &stopReason,
                       nlohmann::json usage = {{"input_tokens", 472}, {"output_tokens", 91}});
ScriptedResponse reply(nlohmann::json content,
                       const std::string &stopReason,
                       nlohmann::json usage = {{"input_tokens", 472}, {"output_tokens", 91}});
/// {"type":"error","error":{type,message},"request_id"}.
ScriptedResponse
error(int status, const std::string &type, const std::string &message, Headers headers = {});

} // namespace anthropic

} // namespace townhall::test::providers
