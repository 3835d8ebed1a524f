// SPDX-License-Identifier: MIT
// The chat clients over real sockets: scripted OpenAI-compatible and
// Anthropic servers on loopback, one behaviour per test.

#include "host/providers/chatclient.h"
#include "host/providers/connectiontest.h"

#include "scriptedserver.h"

#include <QCoro/QCoroTask>
#include <QElapsedTimer>
#include <QTcpServer>
#include <QTest>
#include <QTimer>

using namespace townhall::host::providers;
using namespace townhall::test::providers;
using namespace std::chrono_literals;
using namespace Qt::StringLiterals;
using json = nlohmann::json;

/// QCOMPARE cannot take nlohmann::json (it converts to every overload it
/// tries); the dumps compare the same and print readably on failure.
#define QCOMPARE_JSON(actual, expected) QCOMPARE(json(actual).dump(), json(expected).dump())
using Kind = ProviderError::Kind;

namespace {

const QString kKey = u"sk-test-SECRET-0123456789"_s;

ProviderProfile profileFor(const ScriptedHttpServer &server, ProviderKind kind)
{
    ProviderProfile p;
    p.name = u"local"_s;
    p.kind = kind;
    p.baseUrl = server.baseUrl();
    p.model = kind == ProviderKind::Anthropic ? u"claude-test"_s : u"test-model"_s;
    p.apiKey = kKey;
    p.maxTokens = 512;
    p.timeout = 5s;
    return p;
}

ToolDefinition voteTool()
{
    ToolDefinition t;
    t.name = u"vote"_s;
    t.description = u"Vote to eliminate a player"_s;
    t.parameters = {{"type", "object"},
                    {"properties", {{"target", {{"type", "string"}}}}},
                    {"required", json::array({"target"})}};
    return t;
}

ChatRequest voteRequest()
{
    ChatRequest r;
    r.messages.push_back(ChatMessage::system(u"You are Ada, a villager."_s));
    r.messages.push_back(ChatMessage::user(u"It is your turn to vote."_s));
    r.tools.push_back(voteTool());
    return r;
}

ChatOutcome call(ChatClient &client, ChatRequest request = voteRequest())
{
    return QCoro::waitFor(client.chat(std::move(request)));
}

/// A port nothing listens on: bound once, then released.
quint16 closedPort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    const quint16 port = s.serverPort();
    s.close();
    return port;
}

} // namespace

class TestChatClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openAiText()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.enqueue(openai::text("I vote for Bram."));
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        const ChatOutcome out = call(client);
        QVERIFY2(out.ok(), qPrintable(out.error ? out.error->message : QString()));
        QCOMPARE(out.result.text, u"I vote for Bram."_s);
        QCOMPARE(out.result.finishReason, FinishReason::Stop);
        QCOMPARE(out.result.usage.inputTokens, 82);
        QCOMPARE(out.result.usage.outputTokens, 17);
        QVERIFY(!out.result.usage.reasoningTokens);
        QCOMPARE(out.result.requestId, u"req_text"_s);
        QCOMPARE(out.result.model, u"test-model"_s);
        QVERIFY(out.result.latencyMs >= 0);

        const RecordedRequest &req = server.lastRequest();
        QCOMPARE(req.method, "POST");
        QCOMPARE(req.path, "/v1/chat/completions");
        QCOMPARE(req.header("authorization"), "Bearer " + kKey.toUtf8());
        QCOMPARE(req.header("content-type"), "application/json");
        const json body = req.json();
        QCOMPARE_JSON(body["model"], "test-model");
        QCOMPARE_JSON(body["stream"], false);
        QCOMPARE_JSON(body["max_tokens"], 512);
        QVERIFY(!body.contains("temperature"));
        QCOMPARE_JSON(body["messages"][0],
                      json({{"role", "system"}, {"content", "You are Ada, a villager."}}));
        QCOMPARE_JSON(body["messages"][1]["role"], "user");
        QCOMPARE_JSON(body["tools"][0]["type"], "function");
        QCOMPARE_JSON(body["tools"][0]["function"]["name"], "vote");
        QCOMPARE_JSON(body["tools"][0]["function"]["parameters"]["required"][0], "target");
        QCOMPARE_JSON(body["tool_choice"], "auto");
    }

    void openAiToolCallsReasoningUsage()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        // DeepSeek's reasoning_content, llama.cpp's ids without "call_", a call without an id.
        json calls = json::array({openai::toolCall("abcXYZ09", "vote", "{\"target\":\"Bram\"}"),
                                  openai::toolCall("", "say_public", "{\"text\":\"Bram lied.\"}")});
        auto r = openai::toolCalls(calls, {{"reasoning_content", "Bram contradicted himself."}});
        json body = json::parse(r.body.toStdString());
        body["usage"] = {{"prompt_tokens", 1000},
                         {"completion_tokens", 300},
                         {"total_tokens", 1300},
                         {"prompt_tokens_details", {{"cached_tokens", 640}}},
                         {"completion_tokens_details", {{"reasoning_tokens", 250}}}};
        server.enqueue(ScriptedResponse::json(200, body));
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        const ChatOutcome out = call(client);
        QVERIFY2(out.ok(), qPrintable(out.error ? out.error->message : QString()));
        QCOMPARE(out.result.finishReason, FinishReason::ToolCalls);
        QCOMPARE(out.result.reasoning, u"Bram contradicted himself."_s);
        QCOMPARE(out.result.toolCalls.size(), 2u);
        QCOMPARE(out.result.toolCalls[0].id, u"abcXYZ09"_s);
        QCOMPARE(out.result.toolCalls[0].name, u"vote"_s);
        QCOMPARE_JSON(out.result.toolCalls[0].arguments, json({{"target", "Bram"}}));
        QVERIFY(!out.result.toolCalls[1].id.isEmpty());
        QVERIFY(out.result.toolCalls[0].id != out.result.toolCalls[1].id);
        QCOMPARE(out.result.usage.inputTokens, 1000);
        QCOMPARE(out.result.usage.outputTokens, 300);
        QCOMPARE(out.result.usage.reasoningTokens.value_or(-1), 250);
        QCOMPARE(out.result.usage.cachedInputTokens.value_or(-1), 640);
    }

    void openAiOllamaReasoningField()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.enqueue(ScriptedResponse::json(
            200,
            openai::completion({{"content", "Bram."}, {"reasoning", "Thinking about Bram."}},
                               "stop")));
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        const ChatOutcome out = call(client);
        QVERIFY(out.ok());
        QCOMPARE(out.result.reasoning, u"Thinking about Bram."_s);
    }

    void openAiToolTurnGoesBackVerbatim()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.enqueue(openai::toolCalls(
            json::array({openai::toolCall("call_1", "vote", "{\"target\":\"Bram\"}")}),
            {{"reasoning_content", "why"}}));
        server.enqueue(openai::text("Done."));
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        ChatRequest request = voteRequest();
        const ChatOutcome first = call(client, request);
        QVERIFY(first.ok());
        ChatMessage assistant = ChatMessage::assistant({}, first.result.toolCalls);
        assistant.raw = first.result.rawAssistant;
        request.messages.push_back(assistant);
        request.messages.push_back(ChatMessage::toolResult(u"call_1"_s, u"{\"ok\":true}"_s));
        QVERIFY(call(client, request).ok());
        const json messages = server.lastRequest().json()["messages"];
        QCOMPARE_JSON(messages.size(), 4u);
        QCOMPARE_JSON(messages[2]["tool_calls"][0]["function"]["arguments"],
                      "{\"target\":\"Bram\"}");
        QCOMPARE_JSON(messages[2]["reasoning_content"],
                      "why"); // DeepSeek wants it back after tool calls
        QCOMPARE_JSON(
            messages[3],
            json({{"role", "tool"}, {"tool_call_id", "call_1"}, {"content", "{\"ok\":true}"}}));

        // Without the raw message the client writes the assistant turn itself.
        request.messages[2].raw = nullptr;
        server.enqueue(openai::text("Done."));
        QVERIFY(call(client, request).ok());
        const json rebuilt = server.lastRequest().json()["messages"][2];
        QCOMPARE_JSON(rebuilt["content"], nullptr);
        QCOMPARE_JSON(rebuilt["tool_calls"][0]["id"], "call_1");
        QCOMPARE_JSON(rebuilt["tool_calls"][0]["function"]["arguments"], "{\"target\":\"Bram\"}");
    }

    void anthropicHappyPath()
    {
        ScriptedAnthropicServer server;
        QVERIFY(server.listen());
        json content = json::array(
            {{{"type", "thinking"}, {"thinking", "Bram is suspicious."}, {"signature", "sig=="}},
             {{"type", "text"}, {"text", "Let me vote."}},
             {{"type", "tool_use"},
              {"id", "toolu_01D7"},
              {"name", "vote"},
              {"input", {{"target", "Bram"}}}}});
        server.enqueue(anthropic::reply(content,
                                        "tool_use",
                                        {{"input_tokens", 100},
                                         {"output_tokens", 50},
                                         {"cache_creation_input_tokens", 20},
                                         {"cache_read_input_tokens", 300}}));
        ChatClient client(profileFor(server, ProviderKind::Anthropic));
        ChatRequest request = voteRequest();
        const ChatOutcome out = call(client, request);
        QVERIFY2(out.ok(), qPrintable(out.error ? out.error->message : QString()));
        QCOMPARE(out.result.text, u"Let me vote."_s);
        QCOMPARE(out.result.reasoning, u"Bram is suspicious."_s);
        QCOMPARE(out.result.finishReason, FinishReason::ToolCalls);
        QCOMPARE(out.result.toolCalls.size(), 1u);
        QCOMPARE(out.result.toolCalls[0].id, u"toolu_01D7"_s);
        QCOMPARE_JSON(out.result.toolCalls[0].arguments, json({{"target", "Bram"}}));
        QCOMPARE(out.result.usage.inputTokens, 420); // input + both cache counts
        QCOMPARE(out.result.usage.cachedInputTokens.value_or(-1), 300);
        QCOMPARE(out.result.usage.outputTokens, 50);
        QCOMPARE(out.result.requestId, u"req_011anthropic"_s);

        const RecordedRequest &req = server.lastRequest();
        QCOMPARE(req.path, "/v1/messages");
        QCOMPARE(req.header("x-api-key"), kKey.toUtf8());
        QCOMPARE(req.header("anthropic-version"), "2023-06-01");
        QVERIFY(req.header("authorization").isEmpty());
        const json body = req.json();
        QCOMPARE_JSON(body["system"], "You are Ada, a villager.");
        QCOMPARE_JSON(body["max_tokens"], 512);
        QCOMPARE_JSON(body["messages"].size(), 1u);
        QCOMPARE_JSON(body["messages"][0]["role"], "user");
        QCOMPARE_JSON(body["tools"][0]["name"], "vote");
        QCOMPARE_JSON(body["tools"][0]["input_schema"]["type"], "object");
        QCOMPARE_JSON(body["tool_choice"], json({{"type", "auto"}}));

        // The tool turn: thinking blocks go back unchanged, results are user blocks.
        ChatMessage assistant = ChatMessage::assistant(out.result.text, out.result.toolCalls);
        assistant.raw = out.result.rawAssistant;
        request.messages.push_back(assistant);
        request.messages.push_back(ChatMessage::toolResult(u"toolu_01D7"_s, u"vote recorded"_s));
        request.messages.push_back(ChatMessage::user(u"Anything else?"_s));
        server.enqueue(
            anthropic::reply(json::array({{{"type", "text"}, {"text", "No."}}}), "end_turn"));
        QVERIFY(call(client, request).ok());
        const json messages = server.lastRequest().json()["messages"];
        QCOMPARE_JSON(messages.size(), 3u);
        QCOMPARE_JSON(messages[1]["content"], content);
        QCOMPARE_JSON(messages[2]["role"], "user");
        QCOMPARE_JSON(messages[2]["content"][0],
                      json({{"type", "tool_result"},
                            {"tool_use_id", "toolu_01D7"},
                            {"content", "vote recorded"}}));
        QCOMPARE_JSON(messages[2]["content"][1],
                      json({{"type", "text"}, {"text", "Anything else?"}}));
    }

    void errors_data()
    {
        QTest::addColumn<bool>("anthropicServer");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("retryAfterMs"); // -1: none expected, 0: any value
        QTest::addColumn<QString>("says");

        auto add =
            [](const char *name, bool anth, int row, Kind kind, qint64 retry, const QString &says) {
                QTest::newRow(name) << anth << row << int(kind) << retry << says;
            };
        add("openai 401", false, 0, Kind::Auth, -1, u"refused the API key"_s);
        add("anthropic 403", true, 1, Kind::Auth, -1, u"HTTP 403"_s);
        add("openai 404 model", false, 2, Kind::ModelNotFound, -1, u"test-model"_s);
        add("ollama 404 model", false, 3, Kind::ModelNotFound, -1, u"not found"_s);
        add("404 without provider error", false, 4, Kind::EndpointNotFound, -1, u"base URL"_s);
        add("429 retry-after seconds", false, 5, Kind::RateLimited, 7000, u"retry in 7.0 s"_s);
        add("429 x-ratelimit-reset", false, 6, Kind::RateLimited, 360000, u"rate limiting"_s);
        add("429 quota", false, 7, Kind::Quota, -1, u"quota"_s);
        add("anthropic 429 reset header", true, 8, Kind::RateLimited, 0, u"rate limiting"_s);
        add("openai 500", false, 9, Kind::Server, -1, u"HTTP 500"_s);
        add("anthropic 529 overloaded", true, 10, Kind::Server, -1, u"Overloaded"_s);
        add("ollama no tools", false, 11, Kind::NoToolSupport, -1, u"cannot call tools"_s);
        add("openrouter no tools", false, 12, Kind::NoToolSupport, -1, u"cannot call tools"_s);
        add("llama.cpp without jinja", false, 13, Kind::NoToolSupport, -1, u"--jinja"_s);
        add("vllm without parser",
            false,
            14,
            Kind::NoToolSupport,
            -1,
            u"enable-auto-tool-choice"_s);
        add("context too long", false, 15, Kind::BadRequest, -1, u"maximum context length"_s);
        add("openrouter 200 error", false, 16, Kind::Server, -1, u"Provider returned error"_s);
        add("body not json", false, 17, Kind::MalformedResponse, -1, u"not JSON"_s);
        add("no choices", false, 18, Kind::MalformedResponse, -1, u"no choices"_s);
        add("arguments not json", false, 19, Kind::MalformedToolCall, -1, u"not JSON"_s);
        add("reasoning ate the budget", false, 20, Kind::EmptyAnswer, -1, u"reasoning"_s);
        add("anthropic thinking only", true, 21, Kind::EmptyAnswer, -1, u"maxTokens"_s);
        add("connection dropped", false, 22, Kind::Network, -1, QString());
        add("anthropic 402 billing", true, 23, Kind::Quota, -1, u"credit"_s);
        add("retry-after http date", false, 24, Kind::RateLimited, 0, u"rate limiting"_s);
        add("arguments an array", false, 25, Kind::MalformedToolCall, -1, u"not an object"_s);
    }

    void errors()
    {
        QFETCH(bool, anthropicServer);
        QFETCH(int, row);
        QFETCH(int, kind);
        QFETCH(qint64, retryAfterMs);
        QFETCH(QString, says);

        const std::string inAMinute
            = QDateTime::currentDateTimeUtc().addSecs(60).toString(Qt::ISODate).toStdString();
        const QByteArray httpDate = QLocale::c()
                                        .toString(QDateTime::currentDateTimeUtc().addSecs(30),
                                                  u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s)
                                        .toLatin1();
        ScriptedResponse dropped;
        dropped.dropConnection = true;
        ScriptedResponse notJson;
        notJson.body = "{\"choices\": [";
        ScriptedResponse html;
        html.status = 404;
        html.body = "404 page not found";
        const std::vector<ScriptedResponse> script = {
            openai::error(401,
                          "Incorrect API key provided: sk-VKMIs***wjh3.",
                          "invalid_request_error",
                          "invalid_api_key"),
            anthropic::error(
                403,
                "permission_error",
                "Your API key does not have permission to use the specified resource."),
            openai::error(404,
                          "The model `test-model` does not exist or you do not have access to it.",
                          "invalid_request_error",
                          "model_not_found"),
            openai::error(404, "model 'test-model' not found", "not_found_error"),
            html,
            openai::error(429,
                          "Rate limit reached for o4-mini. Please try again in 1.574s.",
                          "tokens",
                          "rate_limit_exceeded",
                          {{"retry-after", "7"}}),
            openai::error(
                429,
                "Rate limit reached.",
                "tokens",
                "rate_limit_exceeded",
                {{"x-ratelimit-reset-requests", "1s"}, {"x-ratelimit-reset-tokens", "6m0s"}}),
            openai::error(
                429,
                "You exceeded your current quota, please check your plan and billing details.",
                "insufficient_quota",
                "insufficient_quota"),
            anthropic::error(
                429,
                "rate_limit_error",
                "This request would exceed the rate limit for your organization.",
                {{"anthropic-ratelimit-requests-reset", QByteArray::fromStdString(inAMinute)}}),
            openai::error(500, "The server had an error processing your request.", "server_error"),
            anthropic::error(529, "overloaded_error", "Overloaded"),
            openai::error(400,
                          "registry.ollama.ai/library/gemma3:4b does not support tools",
                          "invalid_request_error"),
            openai::openRouterError(
                404,
                "No endpoints found that support tool use. To learn more about provider "
                "routing, visit: https://openrouter.ai/docs/provider-routing"),
            openai::llamaCppError(500, "tools param requires --jinja flag", "server_error"),
            ScriptedResponse::json(400,
                                   {{"object", "error"},
                                    {"message",
                                     "\"auto\" tool choice requires --enable-auto-tool-choice and "
                                     "--tool-call-parser to be set"},
                                    {"type", "BadRequestError"},
                                    {"param", nullptr},
                                    {"code", 400}}),
            openai::error(400,
                          "This model's maximum context length is 4097 tokens.",
                          "invalid_request_error",
                          "context_length_exceeded"),
            ScriptedResponse::json(
                200,
                {{"error",
                  {{"message", "Provider returned error"},
                   {"code", 502},
                   {"metadata", {{"raw", "upstream died"}, {"provider_name", "X"}}}}},
                 {"user_id", "u1"}}),
            notJson,
            ScriptedResponse::json(
                200, {{"id", "x"}, {"object", "chat.completion"}, {"choices", json::array()}}),
            openai::toolCalls(
                json::array({openai::toolCall("call_1", "vote", "{\"target\": \"Bram\"")})),
            ScriptedResponse::json(
                200,
                openai::completion({{"content", ""}, {"reasoning", "Hmm. Let me think…"}},
                                   "length",
                                   {{"prompt_tokens", 900},
                                    {"completion_tokens", 512},
                                    {"total_tokens", 1412},
                                    {"completion_tokens_details", {{"reasoning_tokens", 512}}}})),
            anthropic::reply(
                json::array({{{"type", "thinking"}, {"thinking", "…"}, {"signature", "s"}}}),
                "max_tokens"),
            dropped,
            anthropic::error(402, "billing_error", "Your credit balance is too low."),
            openai::error(
                429, "Slow down.", "requests", "rate_limit_exceeded", {{"retry-after", httpDate}}),
            openai::toolCalls(json::array({openai::toolCall("call_1", "vote", "[\"Bram\"]")})),
        };
        QCOMPARE(script.size(), 26u);

        std::unique_ptr<ScriptedHttpServer> server;
        if (anthropicServer)
            server = std::make_unique<ScriptedAnthropicServer>();
        else
            server = std::make_unique<ScriptedOpenAiServer>();
        QVERIFY(server->listen());
        server->enqueue(script.at(std::size_t(row)));
        if (script.at(std::size_t(row)).dropConnection) {
            // Qt resends a request once when the connection closes before
            // any answer; a server that keeps dropping it fails it.
            server->enqueue(dropped);
            server->enqueue(dropped);
        }
        ChatClient client(profileFor(
            *server, anthropicServer ? ProviderKind::Anthropic : ProviderKind::OpenAiCompatible));
        const ChatOutcome out = call(client);
        QVERIFY(!out.ok());
        const ProviderError &e = *out.error;
        QVERIFY2(int(e.kind) == kind, ProviderError::kindName(e.kind));
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
        QVERIFY(!e.message.contains(kKey));
        QVERIFY(!e.providerMessage.contains(kKey));
        if (retryAfterMs < 0)
            QVERIFY(!e.retryAfterMs);
        else if (retryAfterMs == 0)
            QVERIFY(e.retryAfterMs && *e.retryAfterMs > 0 && *e.retryAfterMs <= 61'000);
        else
            QCOMPARE(e.retryAfterMs.value_or(-1), retryAfterMs);
        if (e.kind == Kind::MalformedToolCall) {
            // The call survives, so the caller can tell the model what was wrong.
            QCOMPARE(out.result.toolCalls.size(), 1u);
            QCOMPARE(out.result.toolCalls[0].id, u"call_1"_s);
            QVERIFY(out.result.toolCalls[0].arguments.is_null());
            QVERIFY(!out.result.toolCalls[0].argumentsText.empty());
        }
        if (e.kind == Kind::EmptyAnswer && !anthropicServer) {
            QCOMPARE(out.result.usage.outputTokens, 512); // the cost is still reported
            QCOMPARE(out.result.reasoning, u"Hmm. Let me think…"_s);
        }
    }

    void keyNeverInErrorsOrStorage()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        // A careless server echoes the whole key.
        server.enqueue(openai::error(401,
                                     "Incorrect API key provided: " + kKey.toStdString(),
                                     "invalid_request_error",
                                     "invalid_api_key"));
        ProviderProfile profile = profileFor(server, ProviderKind::OpenAiCompatible);
        profile.apiKeyEnv = u"TOWNHALL_TEST_KEY"_s;
        ChatClient client(profile);
        const ChatOutcome out = call(client);
        QVERIFY(!out.ok());
        QCOMPARE(out.error->kind, Kind::Auth);
        QVERIFY2(!out.error->message.contains(kKey), qPrintable(out.error->message));
        QVERIFY(out.error->message.contains(u"***"_s));
        QVERIFY(!out.error->providerMessage.contains(kKey));

        const std::string stored = profile.toJson().dump();
        QVERIFY(stored.find(kKey.toStdString()) == std::string::npos);
        QVERIFY(stored.find("apiKey\"") == std::string::npos);
        QCOMPARE_JSON(profile.toJson()["apiKeyEnv"], "TOWNHALL_TEST_KEY");

        // No key at all: the sentence names the variable to set.
        server.enqueue(
            openai::error(401, "You didn't provide an API key.", "invalid_request_error", nullptr));
        profile.apiKey.clear();
        ChatClient keyless(profile);
        const ChatOutcome none = call(keyless);
        QCOMPARE(none.error->kind, Kind::Auth);
        QVERIFY2(none.error->message.contains(u"TOWNHALL_TEST_KEY"_s),
                 qPrintable(none.error->message));
        QVERIFY(server.lastRequest().header("authorization").isEmpty());
    }

    void timeout_data()
    {
        QTest::addColumn<bool>("drip");
        QTest::addColumn<int>("timeoutMs");
        QTest::newRow("silence") << false << 300;
        // A byte every 40 ms keeps the connection busy for seconds: the
        // deadline covers the whole request, not only the silences.
        QTest::newRow("slow drip") << true << 600;
    }

    void timeout()
    {
        QFETCH(bool, drip);
        QFETCH(int, timeoutMs);
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        ScriptedResponse slow
            = openai::text("a long answer that arrives late or one byte at a time");
        if (drip) {
            slow.dripBytes = 1;
            slow.dripInterval = 40ms;
        } else {
            slow.delay = 3s;
        }
        server.enqueue(slow);
        ProviderProfile profile = profileFor(server, ProviderKind::OpenAiCompatible);
        profile.timeout = std::chrono::milliseconds(timeoutMs);
        ChatClient client(profile);
        QElapsedTimer clock;
        clock.start();
        const ChatOutcome out = call(client);
        QVERIFY(!out.ok());
        QCOMPARE(out.error->kind, Kind::Timeout);
        QVERIFY2(clock.elapsed() < timeoutMs + 1500, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(out.error->message.contains(QString::number(timeoutMs / 1000.0) + u" s"_s),
                 qPrintable(out.error->message));
    }

    void refusedPort()
    {
        ProviderProfile profile;
        profile.baseUrl = u"http://127.0.0.1:%1/v1"_s.arg(closedPort());
        profile.model = u"m"_s;
        profile.apiKey = kKey;
        profile.timeout = 5s;
        ChatClient client(profile);
        const ChatOutcome out = call(client);
        QVERIFY(!out.ok());
        QCOMPARE(out.error->kind, Kind::Refused);
        QVERIFY2(out.error->message.contains(u"is the server running"_s),
                 qPrintable(out.error->message));
    }

    void unknownHost()
    {
        ProviderProfile profile;
        profile.baseUrl = u"http://no-such-host.invalid/v1"_s;
        profile.model = u"m"_s;
        profile.timeout = 10s;
        ChatClient client(profile);
        const ChatOutcome out = call(client);
        QVERIFY(!out.ok());
        QCOMPARE(out.error->kind, Kind::Dns);
        QVERIFY(out.error->message.contains(u"no-such-host.invalid"_s));
    }

    void bodyTooLarge_data()
    {
        QTest::addColumn<bool>("withLength");
        QTest::newRow("Content-Length announces it") << true;
        QTest::newRow("no length, the stream grows") << false;
    }

    void bodyTooLarge()
    {
        QFETCH(bool, withLength);
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        ScriptedResponse huge;
        huge.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
        huge.body = "{\"choices\":[{\"message\":{\"content\":\"" + QByteArray(10 * 1024 * 1024, 'x')
                    + "\"}}]}";
        huge.omitContentLength = !withLength;
        server.enqueue(huge);
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        const ChatOutcome out = call(client);
        QVERIFY(!out.ok());
        QCOMPARE(out.error->kind, Kind::BodyTooLarge);
        QVERIFY2(out.error->message.contains(u"4 MiB"_s), qPrintable(out.error->message));
    }

    void manyCallsInFlight()
    {
        // Eight slow answers at once: they overlap, and the calling thread
        // keeps running its event loop (a timer ticks) meanwhile.
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        for (int i = 0; i < 8; ++i) {
            ScriptedResponse r = openai::text("answer " + std::to_string(i));
            r.delay = 400ms;
            server.enqueue(r);
        }
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        std::vector<std::optional<ChatOutcome>> results(8);
        auto run = [](ChatClient *c, std::optional<ChatOutcome> *slot) -> QCoro::Task<> {
            slot->emplace(co_await c->chat(voteRequest()));
        };
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start(20);
        QElapsedTimer clock;
        clock.start();
        for (auto &slot : results)
            run(&client, &slot);
        QVERIFY(clock.elapsed() < 100); // starting them did not wait for any
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(results.begin(),
                                             results.end(),
                                             [](const auto &r) { return r.has_value(); }),
                                 5000);
        const qint64 took = clock.elapsed();
        QVERIFY2(took < 2000, qPrintable(QString::number(took))); // eight in a row would take 3.2 s
        QVERIFY2(ticks >= 10, qPrintable(QString::number(ticks)));
        QStringList texts;
        for (const auto &r : results) {
            QVERIFY(r->ok());
            texts.append(r->result.text);
        }
        texts.sort();
        QCOMPARE(texts.first(), u"answer 0"_s);
        QCOMPARE(texts.last(), u"answer 7"_s);
    }

    void listModels()
    {
        ScriptedOpenAiServer openAi;
        QVERIFY(openAi.listen());
        openAi.setModels({u"llama3.2:latest"_s, u"qwen3:8b"_s});
        ChatClient a(profileFor(openAi, ProviderKind::OpenAiCompatible));
        const ModelList m = QCoro::waitFor(a.listModels());
        QVERIFY(m.ok());
        QCOMPARE(m.ids, QStringList({u"llama3.2:latest"_s, u"qwen3:8b"_s}));
        QCOMPARE(openAi.lastRequest().path, "/v1/models");
        QCOMPARE(openAi.lastRequest().header("authorization"), "Bearer " + kKey.toUtf8());

        // Ollama with nothing pulled.
        openAi.setModelsResponse(
            ScriptedResponse::json(200, {{"object", "list"}, {"data", nullptr}}));
        const ModelList empty = QCoro::waitFor(a.listModels());
        QVERIFY(empty.ok());
        QVERIFY(empty.ids.isEmpty());

        ScriptedAnthropicServer anth;
        QVERIFY(anth.listen());
        ChatClient b(profileFor(anth, ProviderKind::Anthropic));
        const ModelList n = QCoro::waitFor(b.listModels());
        QVERIFY(n.ok());
        QCOMPARE(n.ids, QStringList({u"claude-test"_s}));
        QCOMPARE(anth.lastRequest().header("x-api-key"), kKey.toUtf8());
        QCOMPARE(anth.lastRequest().header("anthropic-version"), "2023-06-01");
    }

    void connectionTestPasses()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.enqueue(openai::toolCalls(
            json::array({openai::toolCall("call_9", kConnectionTestTool, "{\"ready\":true}")})));
        ChatClient client(profileFor(server, ProviderKind::OpenAiCompatible));
        const ConnectionReport report = QCoro::waitFor(testConnection(client));
        QVERIFY2(report.ok(), qPrintable(report.firstFailure()));
        QCOMPARE(report.checks.size(), 3u);
        for (const ConnectionCheck &c : report.checks)
            QCOMPARE(c.status, ConnectionCheck::Status::Passed);
        QCOMPARE(report.models, QStringList({u"test-model"_s}));
        const json body = server.requestsTo("/chat/completions").back().json();
        QCOMPARE_JSON(body["tools"][0]["function"]["name"], kConnectionTestTool);
    }

    void connectionTestFailures_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("failedStep");
        QTest::newRow("refused") << 0 << int(Kind::Refused) << u"is the server running"_s << 0;
        QTest::newRow("dns") << 1 << int(Kind::Dns) << u"does not resolve"_s << 0;
        QTest::newRow("401") << 2 << int(Kind::Auth) << u"refused the API key"_s << 0;
        QTest::newRow("404 model")
            << 3 << int(Kind::ModelNotFound) << u"does not offer the model"_s << 2;
        QTest::newRow("no tool support")
            << 4 << int(Kind::NoToolSupport) << u"cannot call tools"_s << 2;
        QTest::newRow("timeout") << 5 << int(Kind::Timeout) << u"No complete answer"_s << 0;
        QTest::newRow("text instead of a call") << 6 << -1 << u"answered in text"_s << 2;
    }

    void connectionTestFailures()
    {
        QFETCH(int, row);
        QFETCH(int, kind);
        QFETCH(QString, sentence);
        QFETCH(int, failedStep);
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        ProviderProfile profile = profileFor(server, ProviderKind::OpenAiCompatible);
        switch (row) {
        case 0:
            profile.baseUrl = u"http://127.0.0.1:%1/v1"_s.arg(closedPort());
            break;
        case 1:
            profile.baseUrl = u"http://no-such-host.invalid/v1"_s;
            break;
        case 2:
            server.setModelsResponse(openai::error(
                401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
            break;
        case 3:
            server.setModels({u"other-model"_s});
            server.enqueue(openai::error(404,
                                         "The model `test-model` does not exist.",
                                         "invalid_request_error",
                                         "model_not_found"));
            break;
        case 4:
            server.enqueue(
                openai::error(400,
                              "registry.ollama.ai/library/test-model does not support tools",
                              "invalid_request_error"));
            break;
        case 5: {
            ScriptedResponse slow
                = ScriptedResponse::json(200, {{"object", "list"}, {"data", json::array()}});
            slow.delay = 3s;
            server.setModelsResponse(slow);
            profile.timeout = 300ms;
            break;
        }
        case 6:
            server.enqueue(openai::text("I am ready!"));
            break;
        }
        ChatClient client(profile);
        const ConnectionReport report = QCoro::waitFor(testConnection(client));
        QVERIFY(!report.ok());
        QVERIFY2(report.firstFailure().contains(sentence), qPrintable(report.firstFailure()));
        QVERIFY(!report.firstFailure().contains(kKey));
        QCOMPARE(report.checks.size(), 3u);
        const ConnectionCheck &failed = report.checks.at(std::size_t(failedStep));
        QCOMPARE(failed.status, ConnectionCheck::Status::Failed);
        if (kind >= 0) {
            QVERIFY(failed.error);
            QCOMPARE(int(failed.error->kind), kind);
        }
        if (failedStep == 0)
            QCOMPARE(report.checks[2].status, ConnectionCheck::Status::Skipped);
        if (row == 3)
            QCOMPARE(report.checks[1].status, ConnectionCheck::Status::Warning);
    }
};

QTEST_GUILESS_MAIN(TestChatClient)
#include "tst_chatclient.moc"
