// SPDX-License-Identifier: MIT
// The socket-free MCP dispatcher, driven with JSON messages against a
// scripted Backend: JSON-RPC validation, lifecycle and negotiation, batches,
// tools (names, schemas, envelopes, identity), cancellation, logging,
// pagination, prompts and resources. Rows are adversarial on purpose.

#include "mcp/dispatcher.h"
#include "mcp/jsonwrite.h"

#include <QCoro/QCoroSignal>
#include <QCoro/QCoroTask>

#include <QFloat16>
#include <QRegularExpression>
#include <QTest>

#include <map>
#include <stdexcept>

using namespace townhall::mcp;

Q_DECLARE_METATYPE(json)

namespace townhall::mcp::testing {
json sampleResult(const std::string &tool);
json sampleState();
} // namespace townhall::mcp::testing
using townhall::mcp::testing::sampleResult;

/// Opens once; a backend call parked on it resumes when the test says so.
class Gate : public QObject
{
    Q_OBJECT
public:
    void open() { Q_EMIT opened(); }
Q_SIGNALS:
    void opened();
};

namespace {

/// Records every message the dispatcher pushes to a session.
class RecordingOutbox final : public Outbox
{
public:
    bool send(const json &message) override
    {
        sent.push_back(message);
        return true;
    }
    std::vector<json> sent;
};

struct Call
{
    std::string agentId;
    std::string tool;
    json args;
};

/// A scripted Backend: tokens → agents, canned results per tool, optional
/// failures, and a gate to hold a call in flight.
class ScriptedBackend final : public Backend
{
public:
    std::map<std::string, std::string> tokens{{"secret-token-1", "agent-1"}};
    bool guestsAllowed = true;
    std::map<std::string, ToolResult> overrides; ///< tool → result instead of the sample
    bool throwOnCall = false;
    Gate *gate = nullptr; ///< when set, calls wait for it
    std::vector<Call> calls;
    std::vector<std::string> briefsAsked;
    int closed = 0;

    std::optional<ToolError> authenticate(Session &session) override
    {
        if (!session.bearerToken.empty()) {
            const auto it = tokens.find(session.bearerToken);
            if (it == tokens.end())
                return ToolError{"UNAUTHENTICATED", "unknown bearer token", false, {}};
            session.agentId = it->second;
            session.displayName = "Agent One";
            return std::nullopt;
        }
        if (!guestsAllowed)
            return ToolError{"UNAUTHENTICATED", "guests are disabled on this server", false, {}};
        session.agentId
            = "guest:" + (session.clientName.empty() ? std::string("anon") : session.clientName);
        session.displayName = session.clientName;
        session.guest = true;
        return std::nullopt;
    }

    QCoro::Task<ToolResult> callTool(std::shared_ptr<Session> session,
                                     const std::string &canonicalName,
                                     const json &validatedArgs) override
    {
        calls.push_back({session->agentId, canonicalName, validatedArgs});
        if (gate) {
            Gate *g = gate;
            co_await qCoro(g, &Gate::opened);
        }
        if (throwOnCall)
            throw std::runtime_error("scripted failure");
        if (const auto it = overrides.find(canonicalName); it != overrides.end())
            co_return it->second;
        co_return ToolResult(sampleResult(canonicalName));
    }

    QCoro::Task<Outcome<std::string>> phaseBrief(std::shared_ptr<Session> session,
                                                 const std::string &matchId) override
    {
        briefsAsked.push_back(matchId);
        if (matchId != "match-1")
            co_return Outcome<std::string>(
                ToolError{"MATCH_NOT_FOUND", "no match " + matchId, false, {}});
        co_return Outcome<std::string>("[ROLE] You are " + session->agentId
                                       + ". Call et.werewolf.match.vote now.");
    }

    void sessionClosed(const std::shared_ptr<Session> &) override { ++closed; }
};

json request(const json &id, const std::string &method, const json &params = nullptr)
{
    json m{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.is_null())
        m["params"] = params;
    return m;
}

json notification(const std::string &method, const json &params = nullptr)
{
    json m{{"jsonrpc", "2.0"}, {"method", method}};
    if (!params.is_null())
        m["params"] = params;
    return m;
}

json toolCall(const json &id, const std::string &name, const json &args = json::object())
{
    return request(id, "tools/call", json{{"name", name}, {"arguments", args}});
}

int errorCode(const std::optional<json> &reply)
{
    if (!reply || !reply->is_object() || !reply->contains("error"))
        return 0;
    return (*reply)["error"]["code"].get<int>();
}

std::string errorMessage(const std::optional<json> &reply)
{
    return errorCode(reply) ? (*reply)["error"]["message"].get<std::string>() : std::string();
}

/// The error envelope inside an isError tool result (its text content).
json toolErrorOf(const json &reply)
{
    const json &result = reply["result"];
    if (!result.value("isError", false))
        return nullptr;
    return json::parse(result["content"][0]["text"].get<std::string>())["error"];
}

} // namespace

class TestDispatcher : public QObject
{
    Q_OBJECT

    std::shared_ptr<ScriptedBackend> m_backend;
    std::shared_ptr<const ToolRegistry> m_registry;
    std::unique_ptr<Dispatcher> m_dispatcher;

    std::optional<json> send(const json &message, const std::shared_ptr<Session> &session)
    {
        return QCoro::waitFor(m_dispatcher->handle(message, session));
    }

    std::shared_ptr<Session> newSession(const std::string &version = "2025-06-18",
                                        const std::string &token = {},
                                        bool underscore = false)
    {
        auto s = std::make_shared<Session>();
        s->id = "s-" + std::to_string(++m_sessionCounter);
        s->transport = "in-process";
        s->bearerToken = token;
        s->underscoreNames = underscore;
        s->outbox = std::make_shared<RecordingOutbox>();
        const auto reply
            = send(request(0,
                           "initialize",
                           json{{"protocolVersion", version},
                                {"capabilities", json::object()},
                                {"clientInfo", {{"name", "tst-client"}, {"version", "1.0"}}}}),
                   s);
        if (!reply || !reply->contains("result"))
            qFatal("initialize failed");
        send(notification("notifications/initialized"), s);
        return s;
    }

    int m_sessionCounter = 0;

    void rebuild(DispatcherOptions options = {})
    {
        options.validateResults = true;
        m_dispatcher = std::make_unique<Dispatcher>(m_backend, m_registry, options);
    }

private Q_SLOTS:
    void initTestCase()
    {
        std::string error;
        m_registry = ToolRegistry::fromResources(&error);
        QVERIFY2(m_registry, error.c_str());
    }

    void init()
    {
        m_backend = std::make_shared<ScriptedBackend>();
        rebuild();
    }

    // ---------------------------------------------------------------- JSON-RPC

    void malformedMessages_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("code");
        QTest::addColumn<json>("id");

        auto row = [](const char *name, const char *raw, int code, json id) {
            QTest::newRow(name) << QByteArray(raw) << code << id;
        };
        row("number", "42", -32600, nullptr);
        row("string", R"("ping")", -32600, nullptr);
        row("null", "null", -32600, nullptr);
        row("true", "true", -32600, nullptr);
        row("empty object", "{}", -32600, nullptr);
        row("missing jsonrpc", R"({"id":1,"method":"ping"})", -32600, 1);
        row("jsonrpc 1.0", R"({"jsonrpc":"1.0","id":1,"method":"ping"})", -32600, 1);
        row("jsonrpc number", R"({"jsonrpc":2.0,"id":1,"method":"ping"})", -32600, 1);
        row("jsonrpc with space", R"({"jsonrpc":"2.0 ","id":"a","method":"ping"})", -32600, "a");
        row("jsonrpc null", R"({"jsonrpc":null,"id":1,"method":"ping"})", -32600, 1);
        row("method number", R"({"jsonrpc":"2.0","id":1,"method":5})", -32600, 1);
        row("method null", R"({"jsonrpc":"2.0","id":1,"method":null})", -32600, 1);
        row("method object", R"({"jsonrpc":"2.0","id":1,"method":{"a":1}})", -32600, 1);
        row("id null", R"({"jsonrpc":"2.0","id":null,"method":"ping"})", -32600, nullptr);
        row("id float", R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})", -32600, nullptr);
        row("id bool", R"({"jsonrpc":"2.0","id":true,"method":"ping"})", -32600, nullptr);
        row("id object", R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})", -32600, nullptr);
        row("id array", R"({"jsonrpc":"2.0","id":[1],"method":"ping"})", -32600, nullptr);
        row("params string",
            R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"})",
            -32600,
            1);
        row("params number",
            R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":3})",
            -32600,
            1);
        row("params array",
            R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]})",
            -32602,
            1);
        row("request with result",
            R"({"jsonrpc":"2.0","id":1,"method":"ping","result":{}})",
            -32600,
            1);
        row("id only", R"({"jsonrpc":"2.0","id":1})", -32600, 1);
        row("result and error",
            R"({"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1}})",
            -32600,
            1);
        row("unknown method", R"({"jsonrpc":"2.0","id":7,"method":"tools/destroy"})", -32601, 7);
        row("empty method", R"({"jsonrpc":"2.0","id":7,"method":""})", -32601, 7);
        row("rpc.discover", R"({"jsonrpc":"2.0","id":"x","method":"rpc.discover"})", -32601, "x");
        row("completion not offered",
            R"({"jsonrpc":"2.0","id":8,"method":"completion/complete"})",
            -32601,
            8);
        row("method case matters", R"({"jsonrpc":"2.0","id":9,"method":"Tools/List"})", -32601, 9);
        row("sampling is a client method",
            R"({"jsonrpc":"2.0","id":9,"method":"sampling/createMessage"})",
            -32601,
            9);
    }

    void malformedMessages()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, code);
        QFETCH(json, id);
        const auto s = newSession();
        const auto reply = send(json::parse(raw.toStdString()), s);
        QVERIFY(reply);
        QCOMPARE(errorCode(reply), code);
        QCOMPARE((*reply)["id"], id);
        QCOMPARE((*reply)["jsonrpc"], json("2.0"));
        QVERIFY(!reply->contains("result")); // never both
        QVERIFY((*reply)["error"]["message"].is_string());
    }

    void responsesCarryTheRequestId_data()
    {
        QTest::addColumn<json>("id");
        QTest::newRow("zero") << json(0);
        QTest::newRow("negative") << json(-17);
        QTest::newRow("2^53") << json(9007199254740992LL);
        QTest::newRow("uint64 max") << json(18446744073709551615ULL);
        QTest::newRow("string") << json("abc");
        QTest::newRow("empty string") << json("");
        QTest::newRow("unicode string") << json("ид-🐺");
    }

    void responsesCarryTheRequestId()
    {
        QFETCH(json, id);
        const auto s = newSession();
        for (const char *method : {"ping", "tools/list", "prompts/list", "no/such/method"}) {
            const auto reply = send(request(id, method), s);
            QVERIFY(reply);
            QCOMPARE((*reply)["id"], id);
            QVERIFY((*reply)["id"].type() == id.type());
        }
    }

    void notificationsGetNoResponse_data()
    {
        QTest::addColumn<json>("message");
        QTest::newRow("initialized again") << notification("notifications/initialized");
        QTest::newRow("unknown notification") << notification("notifications/whatever", {{"a", 1}});
        QTest::newRow("roots changed") << notification("notifications/roots/list_changed");
        QTest::newRow("progress") << notification("notifications/progress",
                                                  {{"progressToken", 1}, {"progress", 1}});
        QTest::newRow("cancel unknown id")
            << notification("notifications/cancelled", {{"requestId", 999}});
        QTest::newRow("cancel without id")
            << notification("notifications/cancelled", json::object());
        QTest::newRow("cancel with bad id")
            << notification("notifications/cancelled", {{"requestId", nullptr}});
        QTest::newRow("params array")
            << json{{"jsonrpc", "2.0"}, {"method", "x"}, {"params", json::array()}};
        QTest::newRow("params scalar") << json{{"jsonrpc", "2.0"}, {"method", "x"}, {"params", 1}};
        QTest::newRow("client result")
            << json{{"jsonrpc", "2.0"}, {"id", 5}, {"result", json::object()}};
        QTest::newRow("client error")
            << json{{"jsonrpc", "2.0"}, {"id", "s1"}, {"error", {{"code", -1}, {"message", "no"}}}};
    }

    void notificationsGetNoResponse()
    {
        QFETCH(json, message);
        const auto s = newSession();
        QVERIFY(!send(message, s).has_value());
        QVERIFY(s->cancelled.empty());
    }

    // ------------------------------------------------------------- lifecycle

    void initializeNegotiation_data()
    {
        QTest::addColumn<json>("requested");
        QTest::addColumn<QString>("answered");
        const QString latest = QStringLiteral("2025-11-25");
        QTest::newRow("2024-11-05") << json("2024-11-05") << QStringLiteral("2024-11-05");
        QTest::newRow("2025-03-26") << json("2025-03-26") << QStringLiteral("2025-03-26");
        QTest::newRow("2025-06-18") << json("2025-06-18") << QStringLiteral("2025-06-18");
        QTest::newRow("2025-11-25") << json("2025-11-25") << latest;
        QTest::newRow("unknown older") << json("2024-10-07") << latest;
        QTest::newRow("unknown newer") << json("2026-07-28") << latest;
        QTest::newRow("garbage") << json("v1") << latest;
        QTest::newRow("empty") << json("") << latest;
        QTest::newRow("huge") << json(std::string(100000, 'x')) << latest;
    }

    void initializeNegotiation()
    {
        QFETCH(json, requested);
        QFETCH(QString, answered);
        auto s = std::make_shared<Session>();
        const auto reply
            = send(request(1,
                           "initialize",
                           {{"protocolVersion", requested},
                            {"capabilities", json::object()},
                            {"clientInfo", {{"name", "claude-code"}, {"version", "2.1"}}}}),
                   s);
        QVERIFY(reply && reply->contains("result"));
        const json &r = (*reply)["result"];
        QCOMPARE(QString::fromStdString(r["protocolVersion"].get<std::string>()), answered);
        QCOMPARE(QString::fromStdString(s->protocolVersion), answered);
        QCOMPARE(r["capabilities"]["tools"], json({{"listChanged", false}}));
        QCOMPARE(r["capabilities"]["resources"]["subscribe"], json(true));
        QVERIFY(r["capabilities"]["prompts"].is_object());
        QVERIFY(r["capabilities"]["logging"].is_object());
        QVERIFY(!r["capabilities"].contains("completions"));
        QCOMPARE(r["serverInfo"]["name"], json("townhall"));
        QCOMPARE(r["serverInfo"]["title"], json("Town Hall"));
        QVERIFY(r["serverInfo"]["version"].is_string());
        const std::string instructions = r["instructions"].get<std::string>();
        QVERIFY(instructions.find("et.werewolf.queue.join") != std::string::npos);
        QVERIFY(instructions.find("wait_for_turn") != std::string::npos);
        QVERIFY(instructions.find("retryable") != std::string::npos);
        QCOMPARE(s->clientName, std::string("claude-code"));
        QCOMPARE(s->clientVersion, std::string("2.1"));
        QVERIFY(!s->initialized); // only notifications/initialized sets it
        QVERIFY(!send(notification("notifications/initialized"), s));
        QVERIFY(s->initialized);
    }

    void initializeRejectsBadParams_data()
    {
        QTest::addColumn<json>("params");
        QTest::addColumn<int>("code");
        QTest::newRow("no params") << json(nullptr) << -32602;
        QTest::newRow("no protocolVersion") << json{{"capabilities", json::object()}} << -32602;
        QTest::newRow("protocolVersion number") << json{{"protocolVersion", 20250618}} << -32602;
        QTest::newRow("protocolVersion null") << json{{"protocolVersion", nullptr}} << -32602;
        QTest::newRow("capabilities array")
            << json{{"protocolVersion", "2025-06-18"}, {"capabilities", json::array()}} << -32602;
        QTest::newRow("clientInfo string")
            << json{{"protocolVersion", "2025-06-18"}, {"clientInfo", "me"}} << -32602;
    }

    void initializeRejectsBadParams()
    {
        QFETCH(json, params);
        QFETCH(int, code);
        auto s = std::make_shared<Session>();
        QCOMPARE(errorCode(send(request(1, "initialize", params), s)), code);
        QVERIFY(s->protocolVersion.empty());
        // Still usable afterwards.
        QVERIFY(send(request(2, "initialize", {{"protocolVersion", "2025-06-18"}}), s)
                    ->contains("result"));
    }

    void initializeTwiceIsRefused()
    {
        const auto s = newSession("2025-06-18");
        const auto reply = send(request(5, "initialize", {{"protocolVersion", "2025-03-26"}}), s);
        QCOMPARE(errorCode(reply), -32600);
        QCOMPARE(s->protocolVersion, std::string("2025-06-18"));
    }

    void requestsBeforeInitialize_data()
    {
        QTest::addColumn<json>("message");
        QTest::addColumn<int>("code");
        QTest::newRow("ping is fine") << request(1, "ping") << 0;
        QTest::newRow("tools/list") << request(1, "tools/list") << -32600;
        QTest::newRow("tools/call") << toolCall(1, "et.werewolf.matches.list") << -32600;
        QTest::newRow("prompts/list") << request(1, "prompts/list") << -32600;
        QTest::newRow("resources/read")
            << request(1, "resources/read", {{"uri", "townhall://rules"}}) << -32600;
        QTest::newRow("logging/setLevel")
            << request(1, "logging/setLevel", {{"level", "debug"}}) << -32600;
        QTest::newRow("unknown method") << request(1, "nope") << -32600;
    }

    void requestsBeforeInitialize()
    {
        QFETCH(json, message);
        QFETCH(int, code);
        auto s = std::make_shared<Session>();
        const auto reply = send(message, s);
        QVERIFY(reply);
        QCOMPARE(errorCode(reply), code);
        if (code == 0)
            QCOMPARE((*reply)["result"], json::object());
        QVERIFY(m_backend->calls.empty());
    }

    void requestsBeforeInitializedNotificationAreServed()
    {
        // Clients pipeline their first request right behind notifications/initialized.
        auto s = std::make_shared<Session>();
        QVERIFY(send(request(1, "initialize", {{"protocolVersion", "2025-06-18"}}), s));
        QVERIFY(send(request(2, "tools/list"), s)->contains("result"));
    }

    // ---------------------------------------------------------------- batches

    void batches_data()
    {
        QTest::addColumn<json>("batch");
        QTest::addColumn<json>(
            "expected"); // null: no response; object: single error; array: [[id, code]…]
        auto pair = [](json id, int code) {
            return json::array({id, code});
        };

        QTest::newRow("empty array") << json::array() << json{{"code", -32600}};
        QTest::newRow("two pings") << json::array({request(1, "ping"), request(2, "ping")})
                                   << json::array({pair(1, 0), pair(2, 0)});
        QTest::newRow("notifications only")
            << json::array({notification("notifications/initialized"), notification("x")})
            << json(nullptr);
        QTest::newRow("request and notification")
            << json::array({notification("x"), request("a", "tools/list")})
            << json::array({pair("a", 0)});
        QTest::newRow("invalid elements")
            << json::array({1, request(3, "ping"), json::object()})
            << json::array({pair(nullptr, -32600), pair(3, 0), pair(nullptr, -32600)});
        QTest::newRow("initialize inside") << json::array(
            {request(4, "initialize", {{"protocolVersion", "2025-03-26"}}), request(5, "ping")})
                                           << json::array({pair(4, -32600), pair(5, 0)});
        QTest::newRow("unknown method inside")
            << json::array({request(6, "nope"), toolCall(7, "et.werewolf.matches.list")})
            << json::array({pair(6, -32601), pair(7, 0)});
        QTest::newRow("nested batch") << json::array({json::array({request(8, "ping")})})
                                      << json::array({pair(nullptr, -32600)});
        QTest::newRow("client responses only")
            << json::array({json{{"jsonrpc", "2.0"}, {"id", 1}, {"result", json::object()}}})
            << json(nullptr);
        json tooLong = json::array();
        for (int i = 0; i < 5; ++i)
            tooLong.push_back(request(i, "ping"));
        QTest::newRow("longer than maxBatch") << tooLong << json{{"code", -32600}};
    }

    void batches()
    {
        QFETCH(json, batch);
        QFETCH(json, expected);
        DispatcherOptions options;
        options.maxBatch = 4;
        rebuild(options);
        const auto s = newSession("2025-03-26");
        const auto reply = send(batch, s);
        if (expected.is_null()) {
            QVERIFY(!reply);
            return;
        }
        QVERIFY(reply);
        if (expected.is_object()) {
            QVERIFY(reply->is_object());
            QCOMPARE(errorCode(reply), expected["code"].get<int>());
            QCOMPARE((*reply)["id"], json(nullptr));
            return;
        }
        QVERIFY(reply->is_array());
        QCOMPARE(reply->size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE((*reply)[i]["id"], expected[i][0]);
            QCOMPARE(errorCode((*reply)[i]), expected[i][1].get<int>());
        }
    }

    void batchRunsCallsConcurrently()
    {
        // A parked wait_for_turn must not hold the ping behind it hostage:
        // both start at once; the batch answers when the last one finishes.
        Gate gate;
        m_backend->gate = &gate;
        const auto s = newSession("2025-03-26");
        auto task = m_dispatcher->handle(
            json::array({toolCall(1, "et.werewolf.match.wait_for_turn", {{"matchId", "match-1"}}),
                         toolCall(2, "et.werewolf.matches.list")}),
            s);
        QCOMPARE(m_backend->calls.size(), std::size_t(2)); // both reached the backend
        QVERIFY(!task.isReady());
        gate.open();
        const auto reply = QCoro::waitFor(task);
        QVERIFY(reply && reply->is_array());
        QCOMPARE(reply->size(), std::size_t(2));
        QCOMPARE((*reply)[0]["id"], json(1));
        QCOMPARE((*reply)[1]["id"], json(2));
    }

    // ------------------------------------------------------------------ tools

    void toolsListNames_data()
    {
        QTest::addColumn<bool>("underscore");
        QTest::newRow("dotted") << false;
        QTest::newRow("underscore") << true;
    }

    void toolsListNames()
    {
        QFETCH(bool, underscore);
        const auto s = newSession("2025-06-18", {}, underscore);
        const auto reply = send(request(1, "tools/list"), s);
        QVERIFY(reply && reply->contains("result"));
        const json &tools = (*reply)["result"]["tools"];
        QCOMPARE(tools.size(), m_registry->tools().size());
        QVERIFY(!(*reply)["result"].contains("nextCursor"));
        const QRegularExpression strict(QStringLiteral("^[a-zA-Z0-9_-]{1,64}$"));
        for (std::size_t i = 0; i < tools.size(); ++i) {
            const Tool &t = m_registry->tools()[i];
            const std::string name = tools[i]["name"].get<std::string>();
            QCOMPARE(name, underscore ? t.underscoreName : t.name);
            if (underscore)
                QVERIFY(strict.match(QString::fromStdString(name)).hasMatch());
            QCOMPARE(tools[i]["inputSchema"], t.definition["inputSchema"]);
            QVERIFY(!tools[i]["description"].get<std::string>().empty());
        }
        // The instructions speak the session's dialect too.
        auto fresh = std::make_shared<Session>();
        fresh->underscoreNames = underscore;
        const auto init
            = send(request(1, "initialize", {{"protocolVersion", "2025-06-18"}}), fresh);
        const std::string instructions = (*init)["result"]["instructions"].get<std::string>();
        QCOMPARE(instructions.find("et_werewolf_queue_join") != std::string::npos, underscore);
        QCOMPARE(instructions.find("et.werewolf.queue.join") != std::string::npos, !underscore);
    }

    void toolsListPagination()
    {
        DispatcherOptions options;
        options.pageSize = 5;
        rebuild(options);
        const auto s = newSession();
        std::vector<std::string> names;
        json params = json::object();
        int pages = 0;
        for (;;) {
            const auto reply = send(request(pages, "tools/list", params), s);
            QVERIFY(reply && reply->contains("result"));
            for (const json &t : (*reply)["result"]["tools"])
                names.push_back(t["name"].get<std::string>());
            ++pages;
            if (!(*reply)["result"].contains("nextCursor"))
                break;
            params = {{"cursor", (*reply)["result"]["nextCursor"]}};
            QVERIFY(pages < 10);
        }
        QCOMPARE(pages, 4); // 16 tools, 5 per page
        QCOMPARE(names.size(), m_registry->tools().size());
        for (std::size_t i = 0; i < names.size(); ++i)
            QCOMPARE(names[i], m_registry->tools()[i].name);
        // A null cursor is the first page.
        QCOMPARE(
            (*send(request(9, "tools/list", {{"cursor", nullptr}}), s))["result"]["tools"].size(),
            std::size_t(5));
    }

    void badCursors_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<json>("cursor");
        auto b64 = [](const char *raw) {
            return json(
                QByteArray(raw)
                    .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                    .toStdString());
        };
        for (const char *m :
             {"tools/list", "prompts/list", "resources/list", "resources/templates/list"}) {
            const QString method = QString::fromUtf8(m);
            auto row = [&](const char *name, const json &cursor) {
                QTest::newRow(
                    (method + QLatin1Char(' ') + QString::fromUtf8(name)).toUtf8().constData())
                    << method << cursor;
            };
            row("garbage", json("garbage!!"));
            row("empty", json(""));
            row("number", json(5));
            row("object", json::object());
            row("huge", json(std::string(10000, 'A')));
            row("other list's cursor", b64("nothing:5"));
            row("offset zero", b64("tools:0"));
            row("negative", b64("tools:-1"));
            row("not a number", b64("tools:abc"));
            row("absurd offset", b64("tools:999999999"));
        }
    }

    void badCursors()
    {
        QFETCH(QString, method);
        QFETCH(json, cursor);
        const auto s = newSession();
        const auto reply = send(request(1, method.toStdString(), {{"cursor", cursor}}), s);
        QCOMPARE(errorCode(reply), -32602);
    }

    void toolNamesResolve_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("canonical"); // empty: unknown tool
        auto row = [](const char *name, const char *canonical) {
            QTest::newRow(name) << QString::fromUtf8(name) << QString::fromUtf8(canonical);
        };
        row("et.werewolf.matches.list", "et.werewolf.matches.list");
        row("et_werewolf_matches_list", "et.werewolf.matches.list");
        row("et.werewolf.match.get_state", "et.werewolf.match.get_state");
        row("et_werewolf_match_get_state", "et.werewolf.match.get_state");
        row("et_werewolf_match_night_seer_inspect", "et.werewolf.match.night.seer_inspect");
        row("et_werewolf_match_wait_for_turn", "et.werewolf.match.wait_for_turn");
        row("get_state", "");
        row("et.werewolf", "");
        row("ET_WEREWOLF_MATCHES_LIST", "");
        row("et.werewolf.matches.list ", "");
        row(" et.werewolf.matches.list", "");
        row("tools/list", "");
        row("very long", "");
    }

    void toolNamesResolve()
    {
        QFETCH(QString, name);
        QFETCH(QString, canonical);
        std::string toolName = name.toStdString();
        if (toolName == "very long")
            toolName = std::string(1 << 20, 'x');
        const auto s = newSession();
        const json args = canonical.contains(QLatin1String("match."))
                              ? json{{"matchId", "match-1"}, {"targetPlayerId", "p:2"}}
                              : json::object();
        json callArgs = args;
        if (canonical == QLatin1String("et.werewolf.match.get_state")
            || canonical == QLatin1String("et.werewolf.match.wait_for_turn"))
            callArgs.erase("targetPlayerId");
        const auto reply = send(toolCall(1, toolName, callArgs), s);
        if (canonical.isEmpty()) {
            QCOMPARE(errorCode(reply), -32602);
            const std::string message = errorMessage(reply);
            QVERIFY2(message.rfind("Unknown tool: ", 0) == 0, message.c_str());
            QVERIFY(message.size() < 200); // adversarial names are clipped, not echoed whole
            QVERIFY(m_backend->calls.empty());
            return;
        }
        QVERIFY2(reply && reply->contains("result"), reply ? reply->dump().c_str() : "no reply");
        QCOMPARE(m_backend->calls.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(m_backend->calls[0].tool), canonical);
    }

    void toolsCallParams_data()
    {
        QTest::addColumn<json>("params");
        QTest::newRow("no params") << json(nullptr);
        QTest::newRow("name missing") << json{{"arguments", json::object()}};
        QTest::newRow("name number") << json{{"name", 5}};
        QTest::newRow("name null") << json{{"name", nullptr}};
        QTest::newRow("arguments array")
            << json{{"name", "et.werewolf.matches.list"}, {"arguments", json::array()}};
        QTest::newRow("arguments string")
            << json{{"name", "et.werewolf.matches.list"}, {"arguments", "{}"}};
        QTest::newRow("arguments number")
            << json{{"name", "et.werewolf.matches.list"}, {"arguments", 1}};
    }

    void toolsCallParams()
    {
        QFETCH(json, params);
        const auto s = newSession();
        QCOMPARE(errorCode(send(request(1, "tools/call", params), s)), -32602);
        QVERIFY(m_backend->calls.empty());
    }

    void argumentsMissingOrNullMeanEmpty_data()
    {
        QTest::addColumn<json>("params");
        QTest::newRow("missing") << json{{"name", "et.werewolf.queue.status"}};
        QTest::newRow("null") << json{{"name", "et.werewolf.queue.status"}, {"arguments", nullptr}};
        QTest::newRow("empty") << json{{"name", "et_werewolf_queue_status"},
                                       {"arguments", json::object()}};
        QTest::newRow("with _meta")
            << json{{"name", "et.werewolf.queue.status"}, {"_meta", {{"progressToken", 3}}}};
    }

    void argumentsMissingOrNullMeanEmpty()
    {
        QFETCH(json, params);
        const auto s = newSession();
        const auto reply = send(request(1, "tools/call", params), s);
        QVERIFY(reply && reply->contains("result"));
        QCOMPARE(m_backend->calls.size(), std::size_t(1));
        // Defaults are applied for the host.
        QCOMPARE(m_backend->calls[0].args, json({{"queueId", "werewolf-default"}}));
    }

    void schemaViolations_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<json>("args");
        QTest::addColumn<QString>("path"); // expected issue path

        auto row = [](const char *name, const char *tool, json args, const char *path) {
            QTest::newRow(name) << QString::fromUtf8(tool) << std::move(args)
                                << QString::fromUtf8(path);
        };
        row("say_public text too long",
            "et.werewolf.match.say_public",
            {{"matchId", "match-1"}, {"text", std::string(501, 'a')}},
            "/text");
        row("say_public 501 two-byte chars",
            "et.werewolf.match.say_public",
            {{"matchId", "match-1"},
             {"text",
              [] {
                  std::string s;
                  for (int i = 0; i < 501; ++i)
                      s += "é";
                  return s;
              }()}},
            "/text");
        row("say_public empty text",
            "et.werewolf.match.say_public",
            {{"matchId", "match-1"}, {"text", ""}},
            "/text");
        row("say_public bad kind",
            "et.werewolf.match.say_public",
            {{"matchId", "match-1"}, {"text", "hi"}, {"kind", "SHOUT"}},
            "/kind");
        row("say_public missing text",
            "et.werewolf.match.say_public",
            {{"matchId", "match-1"}},
            "");
        row("vote missing target", "et.werewolf.match.vote", {{"matchId", "match-1"}}, "");
        row("vote target number",
            "et.werewolf.match.vote",
            {{"matchId", "match-1"}, {"targetPlayerId", 2}},
            "/targetPlayerId");
        row("vote reason too long",
            "et.werewolf.match.vote",
            {{"matchId", "match-1"},
             {"targetPlayerId", nullptr},
             {"reason", std::string(201, 'r')}},
            "/reason");
        row("additional property",
            "et.werewolf.match.vote",
            {{"matchId", "match-1"}, {"targetPlayerId", "p:2"}, {"force", true}},
            "");
        row("matchId number", "et.werewolf.match.get_state", {{"matchId", 1}}, "/matchId");
        row("matchId null", "et.werewolf.match.get_state", {{"matchId", nullptr}}, "/matchId");
        row("limit zero",
            "et.werewolf.match.get_state",
            {{"matchId", "m"}, {"recentPublicMessagesLimit", 0}},
            "/recentPublicMessagesLimit");
        row("limit 51",
            "et.werewolf.match.get_state",
            {{"matchId", "m"}, {"recentPublicMessagesLimit", 51}},
            "/recentPublicMessagesLimit");
        row("limit float",
            "et.werewolf.match.events.get",
            {{"matchId", "m"}, {"limit", 2.5}},
            "/limit");
        row("limit string",
            "et.werewolf.match.events.get",
            {{"matchId", "m"}, {"limit", "10"}},
            "/limit");
        row("events limit 201",
            "et.werewolf.match.events.get",
            {{"matchId", "m"}, {"limit", 201}},
            "/limit");
        row("boolean as string",
            "et.werewolf.match.get_state",
            {{"matchId", "m"}, {"includeTranscriptSummary", "true"}},
            "/includeTranscriptSummary");
        row("idempotencyKey too short",
            "et.werewolf.queue.join",
            {{"idempotencyKey", "abc"}},
            "/idempotencyKey");
        row("idempotencyKey too long",
            "et.werewolf.queue.join",
            {{"idempotencyKey", std::string(129, 'k')}},
            "/idempotencyKey");
        row("display name 33",
            "et.werewolf.queue.join",
            {{"preferredDisplayName", std::string(33, 'n')}},
            "/preferredDisplayName");
        row("queueId empty", "et.werewolf.queue.leave", {{"queueId", ""}}, "/queueId");
        row("matches.list status", "et.werewolf.matches.list", {{"status", "active"}}, "/status");
        row("wait timeout 26",
            "et.werewolf.match.wait_for_turn",
            {{"matchId", "m"}, {"timeoutSeconds", 26}},
            "/timeoutSeconds");
        row("wait timeout 0",
            "et.werewolf.match.wait_for_turn",
            {{"matchId", "m"}, {"timeoutSeconds", 0}},
            "/timeoutSeconds");
        row("wolf_chat 401",
            "et.werewolf.match.night.wolf_chat",
            {{"matchId", "m"}, {"text", std::string(401, 'w')}},
            "/text");
        row("wolf_kill null target",
            "et.werewolf.match.night.wolf_kill",
            {{"matchId", "m"}, {"targetPlayerId", nullptr}},
            "/targetPlayerId");
    }

    void schemaViolations()
    {
        QFETCH(QString, tool);
        QFETCH(json, args);
        QFETCH(QString, path);

        // 2025-06-18 and older: a JSON-RPC -32602 naming the property.
        {
            const auto s = newSession("2025-06-18", "secret-token-1");
            const auto reply = send(toolCall(1, tool.toStdString(), args), s);
            QCOMPARE(errorCode(reply), -32602);
            const json &data = (*reply)["error"]["data"];
            QCOMPARE(data["tool"], json(tool.toStdString()));
            QVERIFY(!data["issues"].empty());
            QCOMPARE(QString::fromStdString(data["issues"][0]["path"].get<std::string>()), path);
            const std::string message = errorMessage(reply);
            QVERIFY2(message.find(tool.toStdString()) != std::string::npos, message.c_str());
            if (!path.isEmpty())
                QVERIFY2(message.find(path.toStdString()) != std::string::npos, message.c_str());
            QVERIFY(message.size() < 2000);
        }
        // 2025-11-25 (SEP-1303): an isError tool result the model can read.
        {
            const auto s = newSession("2025-11-25", "secret-token-1");
            const auto reply = send(toolCall(2, tool.toStdString(), args), s);
            QVERIFY(reply && reply->contains("result"));
            QVERIFY(!(*reply)["result"].contains("structuredContent"));
            const json error = toolErrorOf(*reply);
            QCOMPARE(error["code"], json("INVALID_ARGUMENT"));
            QCOMPARE(error["retryable"], json(false));
            if (!path.isEmpty())
                QVERIFY(error["message"].get<std::string>().find(path.toStdString())
                        != std::string::npos);
        }
        QVERIFY(m_backend->calls.empty());
    }

    void validArgumentsAtTheLimitsPass_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<json>("args");
        std::string fiveHundredWolves;
        for (int i = 0; i < 500; ++i)
            fiveHundredWolves += "🐺";
        QTest::newRow("500 emoji") << QStringLiteral("et.werewolf.match.say_public")
                                   << json{{"matchId", "match-1"}, {"text", fiveHundredWolves}};
        QTest::newRow("vote abstain")
            << QStringLiteral("et.werewolf.match.vote")
            << json{{"matchId", "match-1"}, {"targetPlayerId", nullptr}, {"reason", nullptr}};
        QTest::newRow("key 8 and 128") << QStringLiteral("et.werewolf.queue.join")
                                       << json{{"idempotencyKey", std::string(128, 'k')},
                                               {"preferredDisplayName", std::string(32, 'n')}};
        QTest::newRow("limit 200")
            << QStringLiteral("et.werewolf.match.events.get")
            << json{{"matchId", "m"}, {"limit", 200}, {"afterEventId", nullptr}};
        QTest::newRow("wait 1s") << QStringLiteral("et_werewolf_match_wait_for_turn")
                                 << json{{"matchId", "m"}, {"timeoutSeconds", 1}};
    }

    void validArgumentsAtTheLimitsPass()
    {
        QFETCH(QString, tool);
        QFETCH(json, args);
        const auto s = newSession("2025-06-18", "secret-token-1");
        const auto reply = send(toolCall(1, tool.toStdString(), args), s);
        QVERIFY2(reply && reply->contains("result"), reply->dump().c_str());
        QCOMPARE(m_backend->calls.size(), std::size_t(1));
        for (const auto &[k, v] : args.items())
            QCOMPARE(m_backend->calls[0].args[k], v);
    }

    void successEnvelope()
    {
        const auto s = newSession("2025-06-18", "secret-token-1");
        const auto reply = send(toolCall("v",
                                         "et_werewolf_match_vote",
                                         {{"matchId", "match-1"}, {"targetPlayerId", "p:2"}}),
                                s);
        QVERIFY(reply && reply->contains("result"));
        const json &result = (*reply)["result"];
        const json expected = sampleResult("et.werewolf.match.vote");
        QCOMPARE(result["structuredContent"], expected);
        QCOMPARE(result["isError"], json(false));
        QCOMPARE(result["content"].size(), std::size_t(1));
        QCOMPARE(result["content"][0]["type"], json("text"));
        QCOMPARE(json::parse(result["content"][0]["text"].get<std::string>()), expected);
        QCOMPARE(m_backend->calls[0].agentId, std::string("agent-1"));
    }

    void resultsViolatingTheOutputSchemaAreLogged()
    {
        // The host's bug must be visible in the log, but the agent still gets
        // the result (validateResults is on in debug builds and in this test).
        m_backend->overrides.emplace("et.werewolf.match.vote", ToolResult(json{{"ok", true}}));
        const auto s = newSession("2025-06-18", "secret-token-1");
        QTest::ignoreMessage(
            QtWarningMsg,
            QRegularExpression(QStringLiteral("et.werewolf.match.vote violates its outputSchema")));
        const auto reply = send(
            toolCall(1, "et.werewolf.match.vote", {{"matchId", "m"}, {"targetPlayerId", "p:2"}}),
            s);
        QCOMPARE((*reply)["result"]["structuredContent"], json({{"ok", true}}));
    }

    void failureEnvelope_data()
    {
        QTest::addColumn<json>("error"); // as the backend returns it
        QTest::newRow("wrong phase")
            << json{{"code", "WRONG_PHASE"}, {"message", "not in NIGHT"}, {"retryable", true}};
        QTest::newRow("rate limited") << json{{"code", "RATE_LIMITED"},
                                              {"message", "slow down"},
                                              {"retryable", true},
                                              {"retryAfterMs", 1200}};
        QTest::newRow("idempotency") << json{{"code", "IDEMPOTENCY_KEY_REUSED"},
                                             {"message", "key used for another call"},
                                             {"retryable", false}};
        QTest::newRow("unicode message") << json{{"code", "INVALID_TARGET"},
                                                 {"message", "p:9 — нет такого игрока 🐺"},
                                                 {"retryable", false}};
    }

    void failureEnvelope()
    {
        QFETCH(json, error);
        ToolError e{error["code"].get<std::string>(),
                    error["message"].get<std::string>(),
                    error["retryable"].get<bool>(),
                    {}};
        if (error.contains("retryAfterMs"))
            e.retryAfterMs = error["retryAfterMs"].get<std::int64_t>();
        m_backend->overrides.emplace("et.werewolf.match.vote", ToolResult(e));
        const auto s = newSession("2025-06-18", "secret-token-1");
        const auto reply = send(
            toolCall(1, "et.werewolf.match.vote", {{"matchId", "m"}, {"targetPlayerId", "p:2"}}),
            s);
        QVERIFY(reply && reply->contains("result"));
        const json &result = (*reply)["result"];
        QCOMPARE(result["isError"], json(true));
        // The TS SDK validates structuredContent even on errors: there must be none.
        QVERIFY(!result.contains("structuredContent"));
        const json text = json::parse(result["content"][0]["text"].get<std::string>());
        QCOMPARE(text["ok"], json(false));
        QCOMPARE(text["error"], error);
    }

    void backendFailuresAreInternalErrors_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("throws") << 0;
        QTest::newRow("returns a non-object") << 1;
    }

    void backendFailuresAreInternalErrors()
    {
        QFETCH(int, mode);
        if (mode == 0)
            m_backend->throwOnCall = true;
        else
            m_backend->overrides.emplace("et.werewolf.matches.list",
                                         ToolResult(json::array({1, 2})));
        const auto s = newSession();
        const auto reply = send(toolCall(1, "et.werewolf.matches.list"), s);
        QCOMPARE(errorCode(reply), -32603);
        QCOMPARE((*reply)["id"], json(1));
        QVERIFY(errorMessage(reply).find("scripted") == std::string::npos); // no internals leak
        // The id is free again.
        m_backend->throwOnCall = false;
        m_backend->overrides.clear();
        QVERIFY(send(toolCall(1, "et.werewolf.matches.list"), s)->contains("result"));
    }

    // --------------------------------------------------------------- identity

    void identity_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<bool>("guests");
        QTest::addColumn<QString>("agentId"); // empty: unauthenticated
        QTest::newRow("known token")
            << QStringLiteral("secret-token-1") << false << QStringLiteral("agent-1");
        QTest::newRow("unknown token") << QStringLiteral("forged") << true << QString();
        QTest::newRow("guest allowed") << QString() << true << QStringLiteral("guest:tst-client");
        QTest::newRow("guest refused") << QString() << false << QString();
    }

    void identity()
    {
        QFETCH(QString, token);
        QFETCH(bool, guests);
        QFETCH(QString, agentId);
        m_backend->guestsAllowed = guests;
        const auto s = newSession("2025-06-18", token.toStdString());
        QCOMPARE(QString::fromStdString(s->agentId), agentId);

        // Spectator reads work either way, with whatever identity there is.
        const auto list = send(toolCall(1, "et.werewolf.matches.list"), s);
        QVERIFY(list && list->contains("result"));
        QCOMPARE((*list)["result"]["isError"], json(false));
        const auto state
            = send(toolCall(2, "et_werewolf_match_get_state", {{"matchId", "match-1"}}), s);
        QCOMPARE((*state)["result"]["isError"], json(false));
        QCOMPARE(m_backend->calls.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(m_backend->calls[1].agentId), agentId);

        // Player tools need an identity; the backend is not even asked.
        const auto join = send(toolCall(3, "et.werewolf.queue.join"), s);
        QVERIFY(join && join->contains("result"));
        if (agentId.isEmpty()) {
            const json error = toolErrorOf(*join);
            QCOMPARE(error["code"], json("UNAUTHENTICATED"));
            QVERIFY(!(*join)["result"].contains("structuredContent"));
            QCOMPARE(m_backend->calls.size(), std::size_t(2));
        } else {
            QCOMPARE((*join)["result"]["isError"], json(false));
            QCOMPARE(m_backend->calls.size(), std::size_t(3));
        }
    }

    void unauthenticatedInstructionsSayWhy()
    {
        auto s = std::make_shared<Session>();
        s->bearerToken = "forged";
        const auto reply = send(request(1, "initialize", {{"protocolVersion", "2025-06-18"}}), s);
        const std::string instructions = (*reply)["result"]["instructions"].get<std::string>();
        QVERIFY(instructions.find("unknown bearer token") != std::string::npos);
        QVERIFY(instructions.find("UNAUTHENTICATED") != std::string::npos);
        // And the refusal carries the backend's own reason.
        const auto join = send(toolCall(2, "et.werewolf.queue.join"), s);
        QCOMPARE(toolErrorOf(*join)["message"], json("unknown bearer token"));
    }

    // ----------------------------------------------------------- cancellation

    void cancellationDropsTheResponse()
    {
        Gate gate;
        m_backend->gate = &gate;
        const auto s = newSession();
        auto task = m_dispatcher->handle(
            toolCall("w1", "et.werewolf.match.wait_for_turn", {{"matchId", "match-1"}}), s);
        QVERIFY(!task.isReady());
        QVERIFY(!send(
            notification("notifications/cancelled", {{"requestId", "w1"}, {"reason", "timeout"}}),
            s));
        QCOMPARE(s->cancelled.count("\"w1\""), std::size_t(1));
        gate.open();
        QVERIFY(!QCoro::waitFor(task).has_value());
        QVERIFY(s->cancelled.empty()); // consumed
        // The same id can be used again and is answered.
        m_backend->gate = nullptr;
        QVERIFY(send(toolCall("w1", "et.werewolf.match.get_state", {{"matchId", "match-1"}}), s)
                    ->contains("result"));
    }

    void cancellationOfOtherIdsIsIgnored_data()
    {
        QTest::addColumn<json>("requestId");
        QTest::newRow("other id") << json("w2");
        QTest::newRow("same value, other type") << json(1);
        QTest::newRow("finished request") << json("done");
    }

    void cancellationOfOtherIdsIsIgnored()
    {
        const auto s = newSession();
        QVERIFY(send(request("done", "ping"), s));
        Gate gate;
        m_backend->gate = &gate;
        auto task = m_dispatcher->handle(
            toolCall("1", "et.werewolf.match.wait_for_turn", {{"matchId", "match-1"}}), s);
        QFETCH(json, requestId);
        QVERIFY(!send(notification("notifications/cancelled", {{"requestId", requestId}}), s));
        QVERIFY(s->cancelled.empty());
        gate.open();
        const auto reply = QCoro::waitFor(task);
        QVERIFY(reply && reply->contains("result"));
        QCOMPARE((*reply)["id"], json("1"));
    }

    void duplicatePendingIdIsRefused()
    {
        Gate gate;
        m_backend->gate = &gate;
        const auto s = newSession();
        auto first = m_dispatcher->handle(
            toolCall(42, "et.werewolf.match.wait_for_turn", {{"matchId", "m"}}), s);
        const auto second = send(toolCall(42, "et.werewolf.matches.list"), s);
        QCOMPARE(errorCode(second), -32600);
        QCOMPARE((*second)["id"], json(42));
        // Another session may use the same id.
        m_backend->gate = nullptr;
        const auto other = newSession();
        QVERIFY(send(toolCall(42, "et.werewolf.matches.list"), other)->contains("result"));
        gate.open();
        QVERIFY(QCoro::waitFor(first)->contains("result"));
    }

    // ---------------------------------------------------------------- logging

    void setLevel_data()
    {
        QTest::addColumn<json>("level");
        QTest::addColumn<bool>("valid");
        for (const char *l :
             {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"})
            QTest::newRow(l) << json(l) << true;
        QTest::newRow("uppercase") << json("DEBUG") << false;
        QTest::newRow("verbose") << json("verbose") << false;
        QTest::newRow("warn") << json("warn") << false;
        QTest::newRow("number") << json(3) << false;
        QTest::newRow("null") << json(nullptr) << false;
        QTest::newRow("empty") << json("") << false;
    }

    void setLevel()
    {
        QFETCH(json, level);
        QFETCH(bool, valid);
        const auto s = newSession();
        const auto reply = send(request(1, "logging/setLevel", {{"level", level}}), s);
        if (valid) {
            QCOMPARE((*reply)["result"], json::object());
            QCOMPARE(json(s->logLevel), level);
        } else {
            QCOMPARE(errorCode(reply), -32602);
            QCOMPARE(s->logLevel, std::string("info"));
        }
    }

    void logHonoursTheLevel_data()
    {
        QTest::addColumn<QString>("threshold");
        QTest::addColumn<int>("level");
        QTest::addColumn<bool>("sent");
        QTest::newRow("info at info") << QStringLiteral("info") << int(LogLevel::Info) << true;
        QTest::newRow("debug at info") << QStringLiteral("info") << int(LogLevel::Debug) << false;
        QTest::newRow("warning at error")
            << QStringLiteral("error") << int(LogLevel::Warning) << false;
        QTest::newRow("emergency at error")
            << QStringLiteral("error") << int(LogLevel::Emergency) << true;
        QTest::newRow("debug at debug") << QStringLiteral("debug") << int(LogLevel::Debug) << true;
    }

    void logHonoursTheLevel()
    {
        QFETCH(QString, threshold);
        QFETCH(int, level);
        QFETCH(bool, sent);
        const auto s = newSession();
        QVERIFY(send(request(1, "logging/setLevel", {{"level", threshold.toStdString()}}), s)
                    ->contains("result"));
        auto *outbox = static_cast<RecordingOutbox *>(s->outbox.get());
        QCOMPARE(m_dispatcher->log(s, LogLevel(level), {{"event", "PHASE_CHANGED"}}, "match-1"),
                 sent);
        QCOMPARE(outbox->sent.size(), std::size_t(sent ? 1 : 0));
        if (sent) {
            const json &n = outbox->sent[0];
            QCOMPARE(n["method"], json("notifications/message"));
            QVERIFY(!n.contains("id"));
            QCOMPARE(n["params"]["level"], json(std::string(toString(LogLevel(level)))));
            QCOMPARE(n["params"]["logger"], json("match-1"));
            QCOMPARE(n["params"]["data"], json({{"event", "PHASE_CHANGED"}}));
        }
    }

    void logLevelNamesRoundTrip()
    {
        for (int i = 0; i <= int(LogLevel::Emergency); ++i)
            QCOMPARE(parseLogLevel(toString(LogLevel(i))), std::optional<LogLevel>(LogLevel(i)));
        QVERIFY(!parseLogLevel("Info"));
    }

    // ---------------------------------------------------------------- prompts

    void promptsList()
    {
        const auto s = newSession();
        const auto reply = send(request(1, "prompts/list"), s);
        const json &prompts = (*reply)["result"]["prompts"];
        std::vector<std::string> names;
        for (const json &p : prompts) {
            names.push_back(p["name"].get<std::string>());
            QVERIFY(!p["description"].get<std::string>().empty());
        }
        const std::vector<std::string> expected{"werewolf-rules-v1",
                                                "role-villager",
                                                "role-werewolf",
                                                "role-seer",
                                                "role-doctor",
                                                "phase-brief"};
        QCOMPARE(names, expected);
        QCOMPARE(prompts[5]["arguments"][0]["name"], json("matchId"));
        QCOMPARE(prompts[5]["arguments"][0]["required"], json(true));
    }

    void staticPrompts_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("needle");
        QTest::newRow("rules") << QStringLiteral("werewolf-rules-v1")
                               << QStringLiteral("DAY_RESOLUTION");
        QTest::newRow("villager") << QStringLiteral("role-villager")
                                  << QStringLiteral("no night action");
        QTest::newRow("werewolf") << QStringLiteral("role-werewolf")
                                  << QStringLiteral("night.wolf_kill");
        QTest::newRow("seer") << QStringLiteral("role-seer")
                              << QStringLiteral("night.seer_inspect");
        QTest::newRow("doctor") << QStringLiteral("role-doctor")
                                << QStringLiteral("CONSECUTIVE_PROTECT");
    }

    void staticPrompts()
    {
        QFETCH(QString, name);
        QFETCH(QString, needle);
        const auto s = newSession();
        const auto reply = send(request(1, "prompts/get", {{"name", name.toStdString()}}), s);
        QVERIFY(reply && reply->contains("result"));
        const json &messages = (*reply)["result"]["messages"];
        QCOMPARE(messages.size(), std::size_t(1));
        QCOMPARE(messages[0]["role"], json("user"));
        QCOMPARE(messages[0]["content"]["type"], json("text"));
        const QString text
            = QString::fromStdString(messages[0]["content"]["text"].get<std::string>());
        QVERIFY2(text.contains(needle), qPrintable(text.left(200)));

        // Underscore sessions get underscore tool names in prompt texts too.
        const auto u = newSession("2025-06-18", {}, true);
        const auto ureply = send(request(1, "prompts/get", {{"name", name.toStdString()}}), u);
        const std::string utext
            = (*ureply)["result"]["messages"][0]["content"]["text"].get<std::string>();
        QVERIFY(utext.find("et.werewolf.") == std::string::npos);
        QCOMPARE(utext.find("et_werewolf_") != std::string::npos,
                 text.contains(QLatin1String("et.werewolf.")));
    }

    void promptErrors_data()
    {
        QTest::addColumn<json>("params");
        QTest::addColumn<QString>("token");
        QTest::newRow("no params") << json(nullptr) << QString();
        QTest::newRow("unknown prompt") << json{{"name", "role-hunter"}} << QString();
        QTest::newRow("name number") << json{{"name", 1}} << QString();
        QTest::newRow("arguments array")
            << json{{"name", "role-seer"}, {"arguments", json::array()}} << QString();
        QTest::newRow("argument not a string")
            << json{{"name", "phase-brief"}, {"arguments", {{"matchId", 5}}}}
            << QStringLiteral("secret-token-1");
        QTest::newRow("brief without matchId")
            << json{{"name", "phase-brief"}, {"arguments", json::object()}}
            << QStringLiteral("secret-token-1");
        QTest::newRow("brief unknown match")
            << json{{"name", "phase-brief"}, {"arguments", {{"matchId", "match-9"}}}}
            << QStringLiteral("secret-token-1");
        QTest::newRow("brief unauthenticated")
            << json{{"name", "phase-brief"}, {"arguments", {{"matchId", "match-1"}}}}
            << QStringLiteral("forged");
    }

    void promptErrors()
    {
        QFETCH(json, params);
        QFETCH(QString, token);
        const auto s = newSession("2025-06-18", token.toStdString());
        QCOMPARE(errorCode(send(request(1, "prompts/get", params), s)), -32602);
    }

    void phaseBrief()
    {
        const auto s = newSession("2025-06-18", "secret-token-1", true);
        const auto reply
            = send(request(1,
                           "prompts/get",
                           {{"name", "phase-brief"}, {"arguments", {{"matchId", "match-1"}}}}),
                   s);
        QVERIFY(reply && reply->contains("result"));
        const std::string text
            = (*reply)["result"]["messages"][0]["content"]["text"].get<std::string>();
        QCOMPARE(text, std::string("[ROLE] You are agent-1. Call et_werewolf_match_vote now."));
        QCOMPARE(m_backend->briefsAsked, std::vector<std::string>{"match-1"});
        // A business error keeps its code in data.
        const auto missing
            = send(request(2,
                           "prompts/get",
                           {{"name", "phase-brief"}, {"arguments", {{"matchId", "match-9"}}}}),
                   s);
        QCOMPARE((*missing)["error"]["data"]["error"]["code"], json("MATCH_NOT_FOUND"));
    }

    // -------------------------------------------------------------- resources

    void resourcesList()
    {
        const auto s = newSession();
        const auto reply = send(request(1, "resources/list"), s);
        const json &resources = (*reply)["result"]["resources"];
        QCOMPARE(resources.size(), std::size_t(3)); // rules + the two sample matches
        QCOMPARE(resources[0]["uri"], json("townhall://rules"));
        QCOMPARE(resources[1]["uri"], json("townhall://match/match-1/state"));
        QCOMPARE(resources[2]["uri"], json("townhall://match/match-2/state"));
        for (const json &r : resources)
            QVERIFY(r["name"].is_string() && r["mimeType"].is_string());
        QCOMPARE(m_backend->calls.back().tool, std::string("et.werewolf.matches.list"));

        // A failing backend only shortens the list.
        m_backend->overrides.emplace("et.werewolf.matches.list",
                                     ToolResult(ToolError{"RATE_LIMITED", "slow", true, 500}));
        const auto shorter = send(request(2, "resources/list"), s);
        QCOMPARE((*shorter)["result"]["resources"].size(), std::size_t(1));
    }

    void resourcesListPagination()
    {
        DispatcherOptions options;
        options.pageSize = 2;
        rebuild(options);
        const auto s = newSession();
        const auto first = send(request(1, "resources/list"), s);
        QCOMPARE((*first)["result"]["resources"].size(), std::size_t(2));
        const json cursor = (*first)["result"]["nextCursor"];
        QVERIFY(cursor.is_string());
        const auto second = send(request(2, "resources/list", {{"cursor", cursor}}), s);
        QCOMPARE((*second)["result"]["resources"].size(), std::size_t(1));
        QVERIFY(!(*second)["result"].contains("nextCursor"));
        // A tools cursor is not a resources cursor.
        const auto toolsPage = send(request(3, "tools/list"), s);
        const auto mixed = send(
            request(4, "resources/list", {{"cursor", (*toolsPage)["result"]["nextCursor"]}}), s);
        QCOMPARE(errorCode(mixed), -32602);
    }

    void resourceTemplates()
    {
        const auto s = newSession();
        const auto reply = send(request(1, "resources/templates/list"), s);
        const json &t = (*reply)["result"]["resourceTemplates"];
        QCOMPARE(t.size(), std::size_t(1));
        QCOMPARE(t[0]["uriTemplate"], json("townhall://match/{matchId}/state"));
        QCOMPARE(t[0]["mimeType"], json("application/json"));
    }

    void readRules()
    {
        const auto s = newSession();
        const auto reply = send(request(1, "resources/read", {{"uri", "townhall://rules"}}), s);
        const json &c = (*reply)["result"]["contents"];
        QCOMPARE(c.size(), std::size_t(1));
        QCOMPARE(c[0]["uri"], json("townhall://rules"));
        QCOMPARE(c[0]["mimeType"], json("text/markdown"));
        QVERIFY(c[0]["text"].get<std::string>().rfind("# Werewolf Rules v1", 0) == 0);
    }

    void readMatchState_data()
    {
        QTest::addColumn<QString>("uri");
        QTest::addColumn<QString>("matchId");
        QTest::newRow("plain") << QStringLiteral("townhall://match/match-1/state")
                               << QStringLiteral("match-1");
        QTest::newRow("percent-encoded")
            << QStringLiteral("townhall://match/match%2D1/state") << QStringLiteral("match-1");
        QTest::newRow("colon") << QStringLiteral("townhall://match/m:1/state")
                               << QStringLiteral("m:1");
    }

    void readMatchState()
    {
        QFETCH(QString, uri);
        QFETCH(QString, matchId);
        const auto s = newSession("2025-06-18", "secret-token-1");
        const auto reply = send(request(1, "resources/read", {{"uri", uri.toStdString()}}), s);
        QVERIFY2(reply && reply->contains("result"), reply->dump().c_str());
        const json &c = (*reply)["result"]["contents"][0];
        QCOMPARE(c["uri"], json(uri.toStdString()));
        QCOMPARE(c["mimeType"], json("application/json"));
        QCOMPARE(json::parse(c["text"].get<std::string>()), townhall::mcp::testing::sampleState());
        const Call &call = m_backend->calls.back();
        QCOMPARE(call.tool, std::string("et.werewolf.match.get_state"));
        QCOMPARE(call.args["matchId"], json(matchId.toStdString()));
        QCOMPARE(call.args["includeRecentPublicMessages"], json(true));
        QCOMPARE(call.args["recentPublicMessagesLimit"], json(20));
        QCOMPARE(call.agentId, std::string("agent-1"));
    }

    void readErrors_data()
    {
        QTest::addColumn<json>("params");
        QTest::addColumn<int>("code");
        QTest::newRow("no uri") << json::object() << -32602;
        QTest::newRow("uri number") << json{{"uri", 5}} << -32602;
        QTest::newRow("unknown scheme") << json{{"uri", "file:///etc/passwd"}} << -32002;
        QTest::newRow("http") << json{{"uri", "http://127.0.0.1:8787/mcp"}} << -32002;
        QTest::newRow("empty id") << json{{"uri", "townhall://match//state"}} << -32002;
        QTest::newRow("slash in id") << json{{"uri", "townhall://match/a/b/state"}} << -32002;
        QTest::newRow("encoded slash") << json{{"uri", "townhall://match/a%2Fb/state"}} << -32002;
        QTest::newRow("bad escape") << json{{"uri", "townhall://match/%zz/state"}} << -32002;
        QTest::newRow("space") << json{{"uri", "townhall://match/a b/state"}} << -32002;
        QTest::newRow("no suffix") << json{{"uri", "townhall://match/match-1"}} << -32002;
        QTest::newRow("rules with suffix") << json{{"uri", "townhall://rules/x"}} << -32002;
        QTest::newRow("huge") << json{{"uri",
                                       "townhall://match/" + std::string(100000, 'a') + "/state"}}
                              << -32002;
    }

    void readErrors()
    {
        QFETCH(json, params);
        QFETCH(int, code);
        const auto s = newSession();
        const auto reply = send(request(1, "resources/read", params), s);
        QCOMPARE(errorCode(reply), code);
        QVERIFY(reply->dump().size() < 2000); // the URI is clipped in data
    }

    void readBackendErrors_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("rpc");
        QTest::newRow("not found") << QStringLiteral("MATCH_NOT_FOUND") << -32002;
        QTest::newRow("rate limited") << QStringLiteral("RATE_LIMITED") << -32000;
    }

    void readBackendErrors()
    {
        QFETCH(QString, code);
        QFETCH(int, rpc);
        m_backend->overrides.emplace(
            "et.werewolf.match.get_state",
            ToolResult(ToolError{code.toStdString(), "refused", true, 250}));
        const auto s = newSession();
        const auto reply
            = send(request(1, "resources/read", {{"uri", "townhall://match/match-7/state"}}), s);
        QCOMPARE(errorCode(reply), rpc);
        QCOMPARE((*reply)["error"]["data"]["error"]["code"], json(code.toStdString()));
        QCOMPARE((*reply)["error"]["data"]["error"]["retryAfterMs"], json(250));
    }

    void rawStateIsSpliced()
    {
        // The host hands the state of get_state over as raw JSON (serialized
        // once per match seq). The reply must be byte for byte the one a tree
        // gives, the text content included, and it is still validated
        // against the outputSchema (as the tree it stands for).
        QTest::failOnWarning(QRegularExpression(QStringLiteral("violates its outputSchema")));
        const std::string tool = "et.werewolf.match.get_state";
        json tree = sampleResult(tool);
        tree["state"]["publicSummary"] = "Quote \" back\\slash\nnew line \u0001 é 中 😀";
        json raw = tree;
        raw["state"] = rawJson(writeJson(tree["state"]));
        QVERIFY(containsRawJson(raw));
        QCOMPARE(materialized(raw), tree);

        const auto s = newSession();
        // A fresh override per call (the scripted backend's co_return moves it out).
        auto serving = [&](const json &result) {
            m_backend->overrides.clear();
            m_backend->overrides.emplace(tool, ToolResult(result));
            return s;
        };
        const auto fromTree = send(toolCall(7, tool, {{"matchId", "match-1"}}), serving(tree));
        const auto fromRaw = send(toolCall(7, tool, {{"matchId", "match-1"}}), serving(raw));
        QVERIFY(fromTree && fromRaw);
        QVERIFY(!containsRawJson(*fromTree));
        QVERIFY(containsRawJson(*fromRaw));
        QCOMPARE(writeJson(*fromRaw), writeJson(*fromTree));
        QCOMPARE(materialized(*fromRaw), *fromTree);
        QCOMPARE(
            json::parse(materialized(*fromRaw)["result"]["content"][0]["text"].get<std::string>()),
            tree);

        // resources/read serves the same state text.
        const json uri{{"uri", "townhall://match/match-1/state"}};
        const auto readRaw = send(request(8, "resources/read", uri), serving(raw));
        const auto readTree = send(request(8, "resources/read", uri), serving(tree));
        QVERIFY(readRaw && readTree && readTree->contains("result"));
        QCOMPARE(writeJson(*readRaw), writeJson(*readTree));
        QCOMPARE((*readTree)["result"]["contents"][0]["text"].get<std::string>(),
                 writeJson(tree["state"]));
    }

    void rawStateIsValidated()
    {
        // A raw state that breaks the schema is caught like a tree would be.
        const std::string tool = "et.werewolf.match.get_state";
        json raw = sampleResult(tool);
        raw["state"] = rawJson(R"({"matchId":42})");
        m_backend->overrides.emplace(tool, ToolResult(raw));
        const auto s = newSession();
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("violates its outputSchema")));
        const auto reply = send(toolCall(1, tool, {{"matchId", "match-1"}}), s);
        QVERIFY(reply);
        QCOMPARE(materialized(*reply)["result"]["structuredContent"]["state"],
                 json::parse(R"({"matchId":42})"));
    }

    void subscriptions()
    {
        const auto a = newSession();
        const auto b = newSession();
        auto *outA = static_cast<RecordingOutbox *>(a->outbox.get());
        auto *outB = static_cast<RecordingOutbox *>(b->outbox.get());

        QCOMPARE(
            (*send(request(1, "resources/subscribe", {{"uri", "townhall://match/match-1/state"}}),
                   a))["result"],
            json::object());
        QCOMPARE(
            (*send(request(1, "resources/subscribe", {{"uri", "townhall://match/match%2D2/state"}}),
                   b))["result"],
            json::object());
        QCOMPARE(m_dispatcher->notifyMatchStateChanged("match-1"), 1);
        QCOMPARE(outA->sent.size(), std::size_t(1));
        QCOMPARE(outA->sent[0],
                 json({{"jsonrpc", "2.0"},
                       {"method", "notifications/resources/updated"},
                       {"params", {{"uri", "townhall://match/match-1/state"}}}}));
        QVERIFY(outB->sent.empty());
        // b hears about match-2 with the URI it subscribed with.
        QCOMPARE(m_dispatcher->notifyMatchStateChanged("match-2"), 1);
        QCOMPARE(outB->sent.at(0)["params"]["uri"], json("townhall://match/match%2D2/state"));
        QCOMPARE(m_dispatcher->notifyMatchStateChanged("match-3"), 0);

        // Direct notification only for subscribed URIs.
        QVERIFY(!m_dispatcher->notifyResourceUpdated(a, "townhall://match/match-9/state"));
        QVERIFY(m_dispatcher->notifyResourceUpdated(a, "townhall://match/match-1/state"));

        // Unsubscribe (also of something never subscribed) succeeds and stops updates.
        QVERIFY(
            send(request(2, "resources/unsubscribe", {{"uri", "townhall://match/match-1/state"}}),
                 a)
                ->contains("result"));
        QVERIFY(send(request(3, "resources/unsubscribe", {{"uri", "townhall://nothing"}}), a)
                    ->contains("result"));
        QCOMPARE(m_dispatcher->notifyMatchStateChanged("match-1"), 0);

        // A closed session hears nothing, and the backend is told.
        m_dispatcher->sessionClosed(b);
        QCOMPARE(m_backend->closed, 1);
        QCOMPARE(m_dispatcher->notifyMatchStateChanged("match-2"), 0);
    }

    void subscribeErrors_data()
    {
        QTest::addColumn<json>("params");
        QTest::addColumn<int>("code");
        QTest::newRow("no uri") << json::object() << -32602;
        QTest::newRow("uri null") << json{{"uri", nullptr}} << -32602;
        QTest::newRow("unknown uri") << json{{"uri", "townhall://nothing"}} << -32002;
        QTest::newRow("bad match uri") << json{{"uri", "townhall://match//state"}} << -32002;
    }

    void subscribeErrors()
    {
        QFETCH(json, params);
        QFETCH(int, code);
        const auto s = newSession();
        QCOMPARE(errorCode(send(request(1, "resources/subscribe", params), s)), code);
        QVERIFY(s->subscriptions.empty());
    }

    void subscriptionsAreBounded()
    {
        const auto s = newSession();
        for (int i = 0; i < 64; ++i) {
            const auto r
                = send(request(i,
                               "resources/subscribe",
                               {{"uri", Dispatcher::matchStateUri("m" + std::to_string(i))}}),
                       s);
            QVERIFY(r->contains("result"));
        }
        QCOMPARE(
            errorCode(send(request(99, "resources/subscribe", {{"uri", "townhall://rules"}}), s)),
            -32602);
    }

    void notificationsNeedAnOutbox()
    {
        const auto s = newSession();
        s->outbox.reset();
        QVERIFY(send(request(1, "resources/subscribe", {{"uri", "townhall://match/match-1/state"}}),
                     s));
        QCOMPARE(m_dispatcher->notifyMatchStateChanged("match-1"), 0);
        QVERIFY(!m_dispatcher->log(s, LogLevel::Emergency, "x"));
    }

    void uriHelpers_data()
    {
        QTest::addColumn<QString>("matchId");
        QTest::newRow("simple") << QStringLiteral("match-12");
        QTest::newRow("slash") << QStringLiteral("a/b");
        QTest::newRow("space and unicode") << QStringLiteral("игра 1");
        QTest::newRow("percent") << QStringLiteral("100%");
    }

    void uriHelpers()
    {
        QFETCH(QString, matchId);
        const std::string uri = Dispatcher::matchStateUri(matchId.toStdString());
        const auto back = Dispatcher::matchIdFromUri(uri);
        if (matchId.contains(QLatin1Char('/'))) {
            QVERIFY(!back); // ids with '/' are not addressable, by design
            return;
        }
        QVERIFY(back);
        QCOMPARE(QString::fromStdString(*back), matchId);
    }

    void negotiateVersionHelper()
    {
        for (const std::string &v : Dispatcher::supportedProtocolVersions())
            QCOMPARE(Dispatcher::negotiateVersion(v), v);
        QCOMPARE(Dispatcher::negotiateVersion("2099-01-01"), std::string("2025-11-25"));
    }
};

QTEST_GUILESS_MAIN(TestDispatcher)
#include "tst_dispatcher.moc"
