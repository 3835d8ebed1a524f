// SPDX-License-Identifier: MIT
// The tool-call inspector's recorder (host/recorder/recorder.h): pairing, status
// classes, the bounded ring, batches, persistence, JSON Lines, the
// in-process path, a real HTTP end to end, and nothing lost under load from
// 64 concurrent sessions (the recorder's overhead is measured by mcp_bench).

#include "host/host.h"
#include "host/mcpservice.h"
#include "host/recorder/calllog.h"
#include "host/recorder/recorder.h"

#include "engine/projection.h"
#include "engine/simulator.h"

#include <QCoro/QCoroTask>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace townhall;
using namespace townhall::host;
using mcp::TrafficRecord;
using Dir = TrafficRecord::Direction;
using namespace std::chrono_literals;

namespace {

/// A TrafficRecord with the message (and session id) it lends.
struct Traffic
{
    std::string session;
    json message;
    TrafficRecord record;
    operator const TrafficRecord &()
    {
        record.sessionId = session;
        record.message = &message;
        return record;
    }
};

Traffic traffic(const std::string &session,
                Dir dir,
                json message,
                int status,
                std::chrono::microseconds latency = {})
{
    Traffic t{session, std::move(message), {}};
    t.record.direction = dir;
    t.record.httpStatus = status;
    t.record.latency = latency;
    t.record.timestamp = std::chrono::system_clock::now();
    return t;
}

json callRequest(int id, const std::string &tool, json args)
{
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"method", "tools/call"},
            {"params", {{"name", tool}, {"arguments", std::move(args)}}}};
}

json toolFailure(int id, const std::string &code)
{
    const json env{{"ok", false},
                   {"error", {{"code", code}, {"message", "no"}, {"retryable", false}}}};
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"result",
             {{"content", json::array({{{"type", "text"}, {"text", env.dump()}}})},
              {"isError", true}}}};
}

json toolSuccess(int id, json structured)
{
    std::string text = structured.dump();
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"result",
             {{"content", json::array({{{"type", "text"}, {"text", std::move(text)}}})},
              {"structuredContent", std::move(structured)},
              {"isError", false}}}};
}

Recorder::Options quick()
{
    Recorder::Options o;
    o.batchInterval = 0ms;
    o.persistInterval = 60s;
    return o;
}

std::shared_ptr<mcp::Session> agentSession(const std::string &id, const std::string &agent)
{
    auto s = std::make_shared<mcp::Session>();
    s->id = id;
    s->transport = "streamable-http";
    s->agentId = agent;
    s->displayName = "Name of " + agent;
    return s;
}

/// A started host (in memory, no rate limits) and its MCP service on a free port.
struct Served
{
    static HostOptions options()
    {
        HostOptions ho;
        ho.dbPath = QStringLiteral(":memory:");
        ho.rateLimits = false;
        return ho;
    }
    Served()
        : host(options())
    {
        // The service comes after the host has started (and opened its store).
        if (!host.start(&error))
            return;
        service = std::make_unique<McpService>(&host);
        service->listen(0, &error);
    }
    Host host;
    std::unique_ptr<McpService> service;
    QString error;
};

} // namespace

class TstRecorder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pairsAndClassifies();
    void sessionsAndToolNamesShared();
    void pairsIdsOfEveryKind();
    void refusedAndUnmatched();
    void notificationsAndPushes();
    void ringBoundNoLossUnderLoad();
    void batchesAndUiRecords();
    void persistsPerMatch();
    void writesWhenEnoughWaitOrTheFirstWaitedLong_data();
    void writesWhenEnoughWaitOrTheFirstWaitedLong();
    void unusableCallsFileKeepsRecordingInMemory();
    void noCallsFileWhenNotRecording();
    void exportsJsonLines();
    void unansweredBecomeNoReply();
    void endToEnd();
    void noneLostUnderConcurrentSessions();
};

void TstRecorder::pairsAndClassifies()
{
    Recorder rec(quick());
    rec.setToolRegistry(mcp::ToolRegistry::fromResources());
    auto s1 = agentSession("s1", "agent-1");
    rec.setSessionLookup(
        [s1](const std::string &id) { return id == "s1" ? s1 : std::shared_ptr<mcp::Session>(); });
    // Underscore names come out canonical; ids pair per session.
    rec.observe(traffic(
        "s1",
        Dir::ClientToServer,
        callRequest(1, "et_werewolf_match_vote", {{"matchId", "m-1"}, {"targetPlayerId", "p2"}}),
        0));
    rec.observe(traffic("s2",
                        Dir::ClientToServer,
                        callRequest(1, "et.werewolf.match.get_state", {{"matchId", "m-2"}}),
                        0));
    QCOMPARE(rec.pendingCount(), size_t(2));
    rec.observe(traffic("s1", Dir::ServerToClient, toolFailure(1, "WRONG_PHASE"), 200, 150us));
    rec.observe(traffic("s2",
                        Dir::ServerToClient,
                        toolSuccess(1, {{"ok", true}, {"state", {{"x", 1}}}}),
                        200,
                        90us));
    rec.observe(traffic("s1",
                        Dir::ClientToServer,
                        callRequest(2, "et.werewolf.match.get_state", {{"matchId", "m-1"}}),
                        0));
    rec.observe(traffic("s1", Dir::ServerToClient, toolFailure(2, "RATE_LIMITED"), 200, 5us));
    rec.observe(traffic("s1", Dir::ClientToServer, callRequest(3, "nope", json::object()), 0));
    rec.observe(traffic("s1",
                        Dir::ServerToClient,
                        json{{"jsonrpc", "2.0"},
                             {"id", 3},
                             {"error", {{"code", -32602}, {"message", "Unknown tool"}}}},
                        200));
    json readReq{{"jsonrpc", "2.0"},
                 {"id", "r"},
                 {"method", "resources/read"},
                 {"params", {{"uri", mcp::Dispatcher::matchStateUri("m-9")}}}};
    rec.observe(traffic("s1", Dir::ClientToServer, readReq, 0));
    rec.observe(traffic(
        "s1",
        Dir::ServerToClient,
        json{{"jsonrpc", "2.0"},
             {"id", "r"},
             {"error",
              {{"code", -32000}, {"message", "slow down"}, {"data", {{"code", "RATE_LIMITED"}}}}}},
        200));
    QCOMPARE(rec.pendingCount(), size_t(0));

    const CallRecordBatch all = rec.query();
    QCOMPARE(all.size(), size_t(5));
    const CallRecord &vote = *all[0];
    QCOMPARE(vote.tool(), std::string("et.werewolf.match.vote"));
    QCOMPARE(vote.matchId, std::string("m-1"));
    QCOMPARE(vote.agentId(), std::string("agent-1"));
    QCOMPARE(vote.agentName(), std::string("Name of agent-1"));
    QCOMPARE(vote.transport(), std::string("streamable-http"));
    QCOMPARE(vote.status, CallStatus::ToolError);
    QVERIFY(vote.isError);
    QCOMPARE(vote.toolErrorCode, std::string("WRONG_PHASE"));
    QCOMPARE(vote.latency.count(), 150);
    QCOMPARE(vote.httpStatus, 200);
    QCOMPARE(vote.arguments().at("targetPlayerId"), json("p2"));

    const CallRecord &state = *all[1];
    QCOMPARE(state.status, CallStatus::Ok);
    QCOMPARE(state.agentId(), std::string()); // no session known for s2
    // Kept as the compact text that went over the wire; parsed on demand.
    QCOMPARE(state.responseText.toStdString(),
             toolSuccess(1, {{"ok", true}, {"state", {{"x", 1}}}}).dump());
    QCOMPARE(state.structuredContent(), (json{{"ok", true}, {"state", {{"x", 1}}}}));
    QCOMPARE(state.response(), toolSuccess(1, {{"ok", true}, {"state", {{"x", 1}}}}));

    QCOMPARE(all[2]->status, CallStatus::RateLimited);
    QCOMPARE(all[3]->status, CallStatus::ProtocolError);
    QCOMPARE(*all[3]->rpcErrorCode, -32602);
    QCOMPARE(all[4]->status, CallStatus::RateLimited);
    QCOMPARE(all[4]->matchId, std::string("m-9"));
    QCOMPARE(all[4]->method, std::string("resources/read"));

    // Filters.
    CallFilter f;
    f.agentId = "agent-1";
    QCOMPARE(rec.query(f).size(), size_t(4));
    f = {};
    f.tool = "et_werewolf_match_get_state";
    QCOMPARE(rec.query(f).size(), size_t(2));
    f = {};
    f.status = CallStatus::RateLimited;
    QCOMPARE(rec.query(f).size(), size_t(2));
    f.matchId = "m-9";
    QCOMPARE(rec.query(f).size(), size_t(1));
    f = {};
    f.limit = 2;
    QCOMPARE(rec.query(f).front()->id, all[3]->id);
    f = {};
    f.afterId = all[2]->id;
    QCOMPARE(rec.query(f).size(), size_t(2));

    // Schema check: the vote's arguments conform to its inputSchema.
    QCOMPARE(rec.schemaCheck(vote), std::string("ok"));
    CallRecord bad = vote;
    json badRequest = vote.request();
    badRequest["params"]["arguments"] = json{{"matchId", 5}};
    bad.requestText = QByteArray::fromStdString(badRequest.dump());
    QVERIFY(rec.schemaCheck(bad).find("input") != std::string::npos);
}

void TstRecorder::sessionsAndToolNamesShared()
{
    // A session's records share one description of it (and a tool's name,
    // the registry's), and a record keeps the agent it saw: a change made
    // later describes only the records after it.
    Recorder rec(quick());
    rec.setToolRegistry(mcp::ToolRegistry::fromResources());
    auto s1 = agentSession("s1", "agent-1");
    rec.setSessionLookup(
        [s1](const std::string &id) { return id == "s1" ? s1 : std::shared_ptr<mcp::Session>(); });
    const auto call = [&rec](const std::string &session, int id) {
        rec.observe(traffic(session,
                            Dir::ClientToServer,
                            callRequest(id, "et_werewolf_match_get_state", {{"matchId", "m-1"}}),
                            0));
        rec.observe(traffic(session, Dir::ServerToClient, toolSuccess(id, {{"ok", true}}), 200));
    };
    call("s1", 1);
    call("s1", 2);
    call("s2", 1);
    s1->displayName = "Renamed";
    call("s1", 3);
    const CallRecordBatch all = rec.query();
    QCOMPARE(all.size(), size_t(4));
    QCOMPARE(all[0]->session.get(), all[1]->session.get());
    QCOMPARE(all[0]->toolName.get(), all[3]->toolName.get());
    QCOMPARE(all[0]->tool(), std::string("et.werewolf.match.get_state"));
    QCOMPARE(all[1]->agentName(), std::string("Name of agent-1"));
    QCOMPARE(all[2]->sessionId(), std::string("s2"));
    QCOMPARE(all[2]->agentId(), std::string());
    QCOMPARE(all[2]->tool(), std::string("et.werewolf.match.get_state"));
    QCOMPARE(all[3]->sessionId(), std::string("s1"));
    QCOMPARE(all[3]->agentId(), std::string("agent-1"));
    QCOMPARE(all[3]->agentName(), std::string("Renamed"));
    const ui::ToolCallRecord first = rec.toUiRecord(*all[0]);
    QCOMPARE(first.sessionId, QStringLiteral("s1"));
    QCOMPARE(first.transport, QStringLiteral("streamable-http"));
    QCOMPARE(first.agentName, QStringLiteral("Name of agent-1"));
    CallFilter last;
    last.afterId = all[2]->id;
    const json exported = json::parse(rec.exportJsonLines(last));
    QCOMPARE(exported.at("agentName"), json("Renamed"));
    QCOMPARE(exported.at("sessionId"), json("s1"));
}

void TstRecorder::pairsIdsOfEveryKind()
{
    // The same id in two sessions, an integer and a string that read alike,
    // an unsigned beyond int64, a negative and a fractional number, and a
    // session without an id: each answer finds its own request.
    Recorder rec(quick());
    const std::vector<std::pair<std::string, json>> requests = {
        {"s1", 7},
        {"s2", 7},
        {"s1", "7"},
        {"s1", json(std::uint64_t(18'000'000'000'000'000'000u))},
        {"s1", -3},
        {"s1", 2.5},
        {"", 7},
    };
    for (const auto &[session, id] : requests)
        rec.observe(traffic(session,
                            Dir::ClientToServer,
                            json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "ping"}},
                            0));
    QCOMPARE(rec.pendingCount(), requests.size());
    // Answered in reverse, each with its request's position as the latency.
    for (std::size_t i = requests.size(); i-- > 0;)
        rec.observe(traffic(requests[i].first,
                            Dir::ServerToClient,
                            json{{"jsonrpc", "2.0"}, {"id", requests[i].second}, {"result", {}}},
                            200,
                            std::chrono::microseconds(i)));
    QCOMPARE(rec.pendingCount(), size_t(0));
    const CallRecordBatch all = rec.query();
    QCOMPARE(all.size(), requests.size());
    for (const CallRecordPtr &r : all) {
        const std::size_t i = std::size_t(r->latency.count());
        QCOMPARE(r->sessionId(), requests[i].first);
        QCOMPARE(r->request().at("id"), requests[i].second);
        QCOMPARE(r->response().at("id"), requests[i].second);
        QCOMPARE(r->status, CallStatus::Ok);
    }
}

void TstRecorder::refusedAndUnmatched()
{
    Recorder rec(quick());
    // Parse error: the transport records the raw body (a string), then its error.
    rec.observe(traffic("", Dir::ClientToServer, json("{not json"), 400));
    rec.observe(traffic("",
                        Dir::ServerToClient,
                        json{{"jsonrpc", "2.0"},
                             {"id", nullptr},
                             {"error", {{"code", -32700}, {"message", "Parse error"}}}},
                        400,
                        12us));
    // Unknown session: only the answer is seen.
    rec.observe(traffic("",
                        Dir::ServerToClient,
                        json{{"jsonrpc", "2.0"},
                             {"id", nullptr},
                             {"error", {{"code", -32001}, {"message", "Session not found"}}}},
                        404));
    const CallRecordBatch all = rec.query();
    QCOMPARE(all.size(), size_t(2));
    QCOMPARE(all[0]->status, CallStatus::ProtocolError);
    QCOMPARE(all[0]->request(), json("{not json"));
    QCOMPARE(*all[0]->rpcErrorCode, -32700);
    QCOMPARE(all[0]->httpStatus, 400);
    QCOMPARE(all[0]->latency.count(), 12);
    QCOMPARE(all[1]->status, CallStatus::ProtocolError);
    QCOMPARE(*all[1]->rpcErrorCode, -32001);
    QCOMPARE(all[1]->httpStatus, 404);
}

void TstRecorder::notificationsAndPushes()
{
    Recorder rec(quick());
    rec.observe(traffic("s",
                        Dir::ClientToServer,
                        json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}},
                        202));
    rec.observe(traffic("s",
                        Dir::ServerToClient,
                        json{{"jsonrpc", "2.0"},
                             {"method", "notifications/resources/updated"},
                             {"params", {{"uri", "townhall://match/m/state"}}}},
                        200));
    rec.observe(traffic("s",
                        Dir::ClientToServer,
                        json{{"jsonrpc", "2.0"}, {"id", 7}, {"result", json::object()}},
                        202));
    const CallRecordBatch all = rec.query();
    QCOMPARE(all.size(), size_t(3));
    QCOMPARE(all[0]->kind, CallKind::Notification);
    QCOMPARE(all[0]->method, std::string("notifications/initialized"));
    QCOMPARE(all[1]->kind, CallKind::ServerMessage);
    QCOMPARE(all[1]->method, std::string("notifications/resources/updated"));
    QCOMPARE(all[2]->kind, CallKind::Notification);
    QCOMPARE(all[2]->method, std::string("(response)"));
    QCOMPARE(rec.pendingCount(), size_t(0));
}

void TstRecorder::ringBoundNoLossUnderLoad()
{
    Recorder::Options o = quick();
    o.capacity = 1000;
    o.maxPending = 100000;
    Recorder rec(o);
    QSignalSpy spy(&rec, &Recorder::recordsAdded);
    constexpr int Sessions = 64;
    constexpr int PerSession = 500;
    // Requests of all sessions in flight at once, answered in another order.
    for (int i = 0; i < PerSession; ++i)
        for (int s = 0; s < Sessions; ++s)
            rec.observe(traffic("s" + std::to_string(s),
                                Dir::ClientToServer,
                                callRequest(i, "et.werewolf.match.get_state", {{"matchId", "m"}}),
                                0));
    QCOMPARE(rec.pendingCount(), size_t(Sessions * PerSession));
    for (int s = Sessions - 1; s >= 0; --s)
        for (int i = PerSession - 1; i >= 0; --i)
            rec.observe(traffic(
                "s" + std::to_string(s), Dir::ServerToClient, toolFailure(i, "WRONG_PHASE"), 200));
    QCOMPARE(rec.pendingCount(), size_t(0));
    QCOMPARE(rec.recordedCount(), std::uint64_t(Sessions * PerSession));
    QCOMPARE(rec.size(), size_t(1000));
    QCOMPARE(rec.evictedCount(), std::uint64_t(Sessions * PerSession - 1000));
    // Every pair was matched: no unmatched answers, each status a tool error.
    for (const CallRecordPtr &r : rec.query())
        QCOMPARE(r->status, CallStatus::ToolError);
    // The signal carried every record, in batches.
    QTRY_VERIFY(!spy.isEmpty());
    std::size_t signalled = 0;
    for (const auto &args : spy)
        signalled += args.at(0).value<CallRecordBatch>().size();
    QCOMPARE(signalled, size_t(Sessions * PerSession));
    QVERIFY(spy.size() < 10);
}

void TstRecorder::batchesAndUiRecords()
{
    Recorder rec(quick());
    rec.setToolRegistry(mcp::ToolRegistry::fromResources());
    auto s = agentSession("s1", "agent-7");
    rec.setSessionLookup([s](const std::string &) { return s; });
    QSignalSpy ui(&rec, &Recorder::uiRecordsAdded);
    rec.observe(traffic(
        "s1",
        Dir::ClientToServer,
        callRequest(1, "et.werewolf.match.vote", {{"matchId", "m-1"}, {"targetPlayerId", "p3"}}),
        0));
    rec.observe(traffic("s1", Dir::ServerToClient, toolSuccess(1, {{"ok", true}}), 200, 42us));
    QTRY_COMPARE(ui.size(), 1);
    const auto records = ui.at(0).at(0).value<ui::ToolCallRecords>();
    QCOMPARE(records.size(), 1);
    const ui::ToolCallRecord &u = records.front();
    QCOMPARE(u.agentId, QStringLiteral("agent-7"));
    QCOMPARE(u.agentName, QStringLiteral("Name of agent-7"));
    QCOMPARE(u.matchId, QStringLiteral("m-1"));
    QCOMPARE(u.tool, QStringLiteral("et.werewolf.match.vote"));
    QCOMPARE(u.latencyUs, 42);
    QCOMPARE(u.status, ui::CallStatus::Ok);
    QCOMPARE(
        json::parse(u.requestJson.toStdString()).at("params").at("arguments").at("targetPlayerId"),
        json("p3"));
    // The UI gets the response as it went over the wire.
    QCOMPARE(json::parse(u.responseJson.toStdString()), toolSuccess(1, {{"ok", true}}));
    QVERIFY(!u.schemaCheck.isEmpty());

    // Batches are made while something listens (the inspector follows the
    // batches after taking the backlog from the ring, app/guihost.cpp).
    const auto call = [&rec](int id) {
        rec.observe(traffic("s1",
                            Dir::ClientToServer,
                            callRequest(id, "et.werewolf.match.get_state", {{"matchId", "m-1"}}),
                            0));
        rec.observe(traffic("s1", Dir::ServerToClient, toolSuccess(id, {{"ok", true}}), 200));
    };
    {
        Recorder quiet(quick());
        quiet.setSessionLookup([s](const std::string &) { return s; });
        const auto callQuiet = [&quiet](int id) {
            quiet.observe(traffic("s1",
                                  Dir::ClientToServer,
                                  callRequest(id, "et.werewolf.matches.list", json::object()),
                                  0));
            quiet.observe(traffic("s1", Dir::ServerToClient, toolSuccess(id, {{"ok", true}}), 200));
        };
        callQuiet(1);
        callQuiet(2);
        QSignalSpy batches(&quiet, &Recorder::recordsAdded);
        quiet.flush();
        QCOMPARE(batches.size(), 0); // recorded for nobody: in the ring only
        QCOMPARE(quiet.size(), std::size_t(2));
        callQuiet(3);
        quiet.flush();
        QCOMPARE(batches.size(), 1);
        const auto batch = batches.at(0).at(0).value<CallRecordBatch>();
        QCOMPARE(batch.size(), std::size_t(1));
        QCOMPARE(batch.front()->id, std::uint64_t(3));
    }
    call(2);
    rec.flush();
    QCOMPARE(ui.size(), 2);
}

namespace {

/// `townhall calls` for one match of a calls file, parsed line by line.
std::vector<json> loggedCalls(const QString &path, const std::string &matchId)
{
    std::vector<json> out;
    auto text = CallLog::read(path, matchId);
    if (!text)
        return out;
    std::istringstream lines(*text);
    for (std::string line; std::getline(lines, line);)
        out.push_back(json::parse(line));
    return out;
}

} // namespace

void TstRecorder::persistsPerMatch()
{
    QTemporaryDir dir;
    auto store = Store::open(dir.filePath(QStringLiteral("t.sqlite")));
    QVERIFY(store.ok());
    const QString calls = dir.filePath(QStringLiteral("t.calls.sqlite"));
    {
        Recorder rec(quick());
        rec.setStore(&*store);
        // Opened with the first call that names a match, not before.
        QVERIFY(!rec.callLog());
        QVERIFY(!QFile::exists(calls));
        // The request as the client wrote it (its own key order and spacing).
        Traffic request
            = traffic("s",
                      Dir::ClientToServer,
                      callRequest(1, "et.werewolf.match.get_state", {{"matchId", "m-1"}}),
                      0);
        request.record.wire
            = R"({"jsonrpc": "2.0", "method":"tools/call","id":1,"params":)"
              R"({"name":"et.werewolf.match.get_state","arguments":{"matchId":"m-1"}}})";
        rec.observe(request);
        // A state with text that needs escaping.
        json state{
            {"ok", true}, {"note", "\"quoted\" \\ tab\t caf\u00e9"}, {"players", json::array()}};
        for (int i = 0; i < 200; ++i)
            state["players"].push_back({{"id", "p" + std::to_string(i)}, {"alive", i % 2 == 0}});
        rec.observe(traffic("s", Dir::ServerToClient, toolSuccess(1, state), 200));
        QVERIFY(rec.callLog());
        QCOMPARE(rec.callLog()->path(), calls);
        rec.observe(traffic("s",
                            Dir::ClientToServer,
                            callRequest(2, "et.werewolf.matches.list", json::object()),
                            0));
        rec.observe(traffic("s", Dir::ServerToClient, toolSuccess(2, {{"ok", true}}), 200));
        // Nothing is written on the call path.
        QCOMPARE(loggedCalls(calls, "m-1").size(), size_t(0));
        rec.flush();
        const auto text = CallLog::read(calls, "m-1");
        QVERIFY(text.ok());
        CallFilter ofMatch;
        ofMatch.matchId = "m-1";
        const CallRecordPtr recorded = rec.query(ofMatch).at(0);
        // The line holds the very bytes of the request and the response.
        QVERIFY(text->find(R"("request":)" + request.record.wire.toStdString() + ",")
                != std::string::npos);
        QVERIFY(text->find(R"("response":)" + recorded->responseText.toStdString() + ",")
                != std::string::npos);
        const std::vector<json> lines = loggedCalls(calls, "m-1");
        QCOMPARE(lines.size(), size_t(1));
        // `townhall calls` prints what the ring exports, and what the table of
        // earlier versions gave for the same call.
        const json exported = recorded->toJson();
        QCOMPARE(lines[0].at("response"), exported.at("response"));
        QCOMPARE(lines[0].at("request"), exported.at("request"));
        QCOMPARE(lines[0], Recorder::rowToJson(Recorder::toRow(*recorded)));
        QCOMPARE(rec.callLog()->writtenCount(), std::uint64_t(1));
        // An unanswered call is written when the recorder goes.
        rec.observe(traffic("s",
                            Dir::ClientToServer,
                            callRequest(3, "et.werewolf.match.vote", {{"matchId", "m-1"}}),
                            0));
    }
    const std::vector<json> lines = loggedCalls(calls, "m-1");
    QCOMPARE(lines.size(), size_t(2));
    QCOMPARE(lines[0].at("tool"), json("et.werewolf.match.get_state"));
    QCOMPARE(lines[0].at("status"), json("ok"));
    QCOMPARE(lines[0].at("request").at("id"), json(1));
    QCOMPARE(lines[1].at("status"), json("no_reply"));
    QCOMPARE(lines[1].at("request").at("id"), json(3));
    // The host's database gets no rows any more.
    QCOMPARE(store->toolCalls("m-1")->size(), size_t(0));
}

void TstRecorder::writesWhenEnoughWaitOrTheFirstWaitedLong_data()
{
    QTest::addColumn<int>("calls");
    QTest::addColumn<int>("maxDelayMs");
    QTest::addColumn<bool>("byCount");
    // Fewer than persistRecords: written once the first has waited the delay.
    QTest::newRow("trickle") << 3 << 1500 << false;
    // persistRecords of them: written at the next look, long before the delay.
    QTest::newRow("enough") << 8 << 600000 << true;
}

void TstRecorder::writesWhenEnoughWaitOrTheFirstWaitedLong()
{
    QFETCH(int, calls);
    QFETCH(int, maxDelayMs);
    QFETCH(bool, byCount);
    QTemporaryDir dir;
    Recorder::Options o;
    o.batchInterval = 0ms;
    o.persistInterval = 20ms;
    o.persistRecords = 8;
    o.persistMaxDelay = std::chrono::milliseconds(maxDelayMs);
    Recorder rec(o);
    QVERIFY(rec.setCallLogPath(dir.filePath(QStringLiteral("t.calls.sqlite"))));
    QElapsedTimer sinceFirst;
    sinceFirst.start();
    for (int i = 1; i <= calls; ++i) {
        rec.observe(traffic("s",
                            Dir::ClientToServer,
                            callRequest(i, "et.werewolf.match.get_state", {{"matchId", "m-1"}}),
                            0));
        rec.observe(traffic("s", Dir::ServerToClient, toolSuccess(i, {{"ok", true}}), 200));
    }
    QVERIFY(rec.callLog());
    if (!byCount) {
        // Several looks go by (20 ms apart) and write nothing yet.
        QTest::qWait(200);
        if (sinceFirst.elapsed() < maxDelayMs - 100) {
            rec.callLog()->drain();
            QCOMPARE(rec.callLog()->writtenCount(), std::uint64_t(0));
        }
    }
    QTRY_COMPARE_WITH_TIMEOUT(rec.callLog()->writtenCount(), std::uint64_t(calls), 20000);
    if (byCount)
        QVERIFY2(sinceFirst.elapsed() < maxDelayMs, "written by count, not by the delay");
    else
        QVERIFY2(sinceFirst.elapsed() >= maxDelayMs, "not written before the first waited");
    QCOMPARE(loggedCalls(rec.callLog()->path(), "m-1").size(), std::size_t(calls));
    // The next record starts a new wait.
    rec.observe(traffic("s",
                        Dir::ClientToServer,
                        callRequest(100, "et.werewolf.match.get_state", {{"matchId", "m-1"}}),
                        0));
    rec.observe(traffic("s", Dir::ServerToClient, toolSuccess(100, {{"ok", true}}), 200));
    QTest::qWait(100);
    rec.callLog()->drain();
    QCOMPARE(rec.callLog()->writtenCount(), std::uint64_t(calls));
}

void TstRecorder::unusableCallsFileKeepsRecordingInMemory()
{
    QTemporaryDir dir;
    // Another program's database where the calls file would be.
    const QString path = dir.filePath(QStringLiteral("t.calls.sqlite"));
    {
        QSqlDatabase db
            = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE notes (text TEXT)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO notes VALUES ('mine')")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();

    Recorder rec(quick());
    QSignalSpy failed(&rec, &Recorder::persistFailed);
    QVERIFY(!rec.setCallLogPath(path));
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QDir::toNativeSeparators(path)),
             qPrintable(failed[0][0].toString()));
    QVERIFY(!rec.callLog());
    rec.observe(traffic("s",
                        Dir::ClientToServer,
                        callRequest(1, "et.werewolf.match.vote", {{"matchId", "m-1"}}),
                        0));
    rec.observe(traffic("s", Dir::ServerToClient, toolSuccess(1, {{"ok", true}}), 200));
    rec.flush();
    QCOMPARE(rec.size(), size_t(1));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
}

void TstRecorder::noCallsFileWhenNotRecording()
{
    // `townhall --headless --no-recorder`: the service turns recording off
    // before anything is recorded, and no calls file appears next to the
    // database (with recording on, the same call creates it).
    for (const bool recording : {false, true}) {
        QTemporaryDir dir;
        HostOptions ho = Served::options();
        ho.dbPath = dir.filePath(QStringLiteral("t.sqlite"));
        Host host(ho);
        QString error;
        QVERIFY2(host.start(&error), qPrintable(error));
        const QString calls = CallLog::pathFor(ho.dbPath);
        {
            McpService service(&host);
            if (!recording)
                service.setRecording(false);
            QVERIFY(!QFile::exists(calls));
            Caller bot;
            bot.agentId = "bot-1";
            bot.displayName = "Bot";
            bool answered = false;
            const json args = {{"matchId", "m-none"}};
            const auto call = [&]() -> QCoro::Task<> {
                const mcp::ToolResult result
                    = co_await service.callInProcess(bot, "et.werewolf.match.get_state", args);
                answered = !result.ok(); // no such match; the call names one all the same
            };
            QCoro::waitFor(call());
            QVERIFY(answered);
            service.recorder()->flush();
            QCOMPARE(QFile::exists(calls), recording);
            QCOMPARE(service.recorder()->size(), std::size_t(recording ? 3 : 0));
        }
        QCOMPARE(QFile::exists(calls), recording);
        if (recording)
            QCOMPARE(loggedCalls(calls, "m-none").size(), std::size_t(1));
    }
}

void TstRecorder::exportsJsonLines()
{
    Recorder rec(quick());
    for (int i = 0; i < 3; ++i) {
        rec.observe(traffic("s",
                            Dir::ClientToServer,
                            callRequest(i, "et.werewolf.match.get_state", {{"matchId", "m"}}),
                            0));
        rec.observe(
            traffic("s", Dir::ServerToClient, toolSuccess(i, {{"ok", true}, {"i", i}}), 200, 7us));
    }
    std::istringstream lines(rec.exportJsonLines());
    std::string line;
    int n = 0;
    while (std::getline(lines, line)) {
        const json j = json::parse(line);
        QCOMPARE(j.at("id"), json(n + 1));
        QCOMPARE(j.at("status"), json("ok"));
        QCOMPARE(j.at("latencyUs"), json(7));
        QCOMPARE(j.at("response").at("result").at("structuredContent").at("i"), json(n));
        QVERIFY(j.at("time").get<std::string>().ends_with("Z"));
        ++n;
    }
    QCOMPARE(n, 3);
}

void TstRecorder::unansweredBecomeNoReply()
{
    Recorder::Options o = quick();
    o.maxPending = 2;
    Recorder rec(o);
    for (int i = 0; i < 3; ++i)
        rec.observe(traffic("s",
                            Dir::ClientToServer,
                            callRequest(i, "et.werewolf.match.get_state", {{"matchId", "m"}}),
                            0));
    QCOMPARE(rec.pendingCount(), size_t(2));
    QCOMPARE(rec.size(), size_t(1)); // the oldest gave way
    rec.expirePending();             // not old enough yet
    QCOMPARE(rec.pendingCount(), size_t(2));
    rec.expirePending(true);
    QCOMPARE(rec.pendingCount(), size_t(0));
    for (const CallRecordPtr &r : rec.query())
        QCOMPARE(r->status, CallStatus::NoReply);
    QCOMPARE(rec.size(), size_t(3));
}

void TstRecorder::endToEnd()
{
    Served served;
    QVERIFY2(served.error.isEmpty(), qPrintable(served.error));
    McpService &service = *served.service;
    Recorder rec(quick());
    rec.setToolRegistry(mcp::ToolRegistry::fromResources());
    mcp::HttpServer *server = service.server();
    rec.setSessionLookup([server](const std::string &id) { return server->session(id); });
    server->setObserver(rec.observer());

    // Over HTTP: initialize, initialized, two tool calls (one refused), a bad body.
    QNetworkAccessManager nam;
    QByteArray sessionId;
    auto post = [&](const json &body, QByteArray raw = {}) {
        QNetworkRequest req{QUrl(service.url())};
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Accept", "application/json, text/event-stream");
        if (!sessionId.isEmpty())
            req.setRawHeader("Mcp-Session-Id", sessionId);
        QNetworkReply *reply
            = nam.post(req, raw.isEmpty() ? QByteArray::fromStdString(body.dump()) : raw);
        QSignalSpy done(reply, &QNetworkReply::finished);
        if (!done.wait(10000))
            qWarning("no reply");
        if (reply->hasRawHeader("Mcp-Session-Id"))
            sessionId = reply->rawHeader("Mcp-Session-Id");
        reply->deleteLater();
    };
    post({{"jsonrpc", "2.0"},
          {"id", 1},
          {"method", "initialize"},
          {"params",
           {{"protocolVersion", "2025-06-18"},
            {"capabilities", json::object()},
            {"clientInfo", {{"name", "probe"}, {"version", "1"}}}}}});
    QVERIFY(!sessionId.isEmpty());
    post({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
    post(callRequest(2, "et_werewolf_matches_list", json::object()));
    post(callRequest(3, "et.werewolf.match.vote", {{"matchId", "nope"}, {"targetPlayerId", "p1"}}));
    post({}, QByteArrayLiteral("{oops"));

    // In process, as the bots call: through the recorder to the dispatcher.
    auto bot = std::make_shared<mcp::Session>();
    bot->id = "in-process:bot-1";
    bot->transport = "in-process";
    bot->agentId = "bot-1";
    bot->displayName = "Ada";
    auto run = [&](json m) {
        return QCoro::waitFor(rec.handle(*service.dispatcher(), std::move(m), bot));
    };
    run({{"jsonrpc", "2.0"},
         {"id", 1},
         {"method", "initialize"},
         {"params",
          {{"protocolVersion", "2025-06-18"},
           {"capabilities", json::object()},
           {"clientInfo", {{"name", "townhall-bot"}, {"version", "1"}}}}}});
    run({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
    const auto reply = run(callRequest(2, "et.werewolf.match.get_state", {{"matchId", "nope"}}));
    QVERIFY(reply && reply->at("result").value("isError", false));

    const CallRecordBatch all = rec.query();
    std::vector<std::string> methods;
    for (const CallRecordPtr &r : all)
        methods.push_back(r->method + ":" + ui::statusKey(r->status).toStdString());
    const std::vector<std::string> expected{"initialize:ok",
                                            "notifications/initialized:ok",
                                            "tools/call:ok",
                                            "tools/call:tool_error",
                                            ":protocol_error",
                                            "initialize:ok",
                                            "notifications/initialized:ok",
                                            "tools/call:tool_error"};
    QCOMPARE(methods, expected);
    QCOMPARE(all[2]->tool(), std::string("et.werewolf.matches.list"));
    QCOMPARE(all[2]->agentName(), std::string("probe")); // a guest named after its client
    QVERIFY(all[2]->agentId().starts_with("guest:"));
    QVERIFY(all[2]->latency.count() > 0);
    QCOMPARE(all[3]->toolErrorCode, std::string("MATCH_NOT_FOUND"));
    QCOMPARE(all[3]->matchId, std::string("nope"));
    QCOMPARE(all[4]->httpStatus, 400);
    QCOMPARE(all[7]->agentId(), std::string("bot-1"));
    QCOMPARE(all[7]->transport(), std::string("in-process"));
    QCOMPARE(all[7]->toolErrorCode, std::string("MATCH_NOT_FOUND"));
    server->setObserver({});
}

namespace {

/// One keep-alive HTTP/1.1 client session on a raw socket, closed loop: it
/// sends the next message when the previous answer is complete.
class LoadSession : public QObject
{
public:
    LoadSession(quint16 port, int index, int calls)
        : m_port(port)
        , m_index(index)
        , m_calls(calls)
    {
        connect(&m_socket, &QTcpSocket::connected, this, [this] { next(); });
        connect(&m_socket, &QTcpSocket::readyRead, this, [this] {
            m_in += m_socket.readAll();
            while (takeResponse())
                next();
        });
        m_socket.connectToHost(QHostAddress::LocalHost, port);
    }

    bool done() const { return m_step > m_calls + 1; }
    int sent() const { return m_sent; }
    int failures() const { return m_failures; }
    const std::string &sessionId() const { return m_session; }
    /// Ids and arguments of the tools/call requests sent.
    const std::map<int, json> &calls() const { return m_args; }

private:
    void next()
    {
        json body;
        if (m_step == 0) {
            body = {{"jsonrpc", "2.0"},
                    {"id", 0},
                    {"method", "initialize"},
                    {"params",
                     {{"protocolVersion", "2025-06-18"},
                      {"capabilities", json::object()},
                      {"clientInfo",
                       {{"name", "load-" + std::to_string(m_index)}, {"version", "1"}}}}}};
        } else if (m_step == 1) {
            body = {{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}};
        } else if (m_step <= m_calls + 1) {
            // Alternately a success and a tool error, each with its own arguments.
            const int id = m_step;
            json args
                = m_step % 2 ? json{{"matchId", "none-" + std::to_string(id)}} : json::object();
            const char *tool
                = m_step % 2 ? "et.werewolf.match.get_state" : "et.werewolf.matches.list";
            m_args[id] = args;
            body = callRequest(id, tool, args);
        } else {
            return;
        }
        const QByteArray payload = QByteArray::fromStdString(body.dump());
        QByteArray r = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(m_port)
                       + "\r\nAccept: application/json, text/event-stream\r\n"
                         "Content-Type: application/json\r\nContent-Length: "
                       + QByteArray::number(payload.size()) + "\r\n";
        if (!m_session.empty())
            r += "Mcp-Session-Id: " + QByteArray::fromStdString(m_session) + "\r\n";
        m_socket.write(r + "\r\n" + payload);
        ++m_sent;
    }

    /// Consumes one complete response from m_in; true if there was one.
    bool takeResponse()
    {
        const qsizetype end = m_in.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        const QByteArray head = m_in.left(end);
        qsizetype length = 0;
        for (const QByteArray &line : head.split('\n')) {
            const QByteArray l = line.trimmed();
            const qsizetype colon = l.indexOf(':');
            if (colon < 0)
                continue;
            const QByteArray name = l.left(colon).toLower();
            if (name == "content-length")
                length = l.mid(colon + 1).trimmed().toLongLong();
            else if (name == "mcp-session-id")
                m_session = l.mid(colon + 1).trimmed().toStdString();
        }
        if (m_in.size() < end + 4 + length)
            return false;
        const int status = head.mid(9, 3).toInt();
        if (status != (m_step == 1 ? 202 : 200))
            ++m_failures;
        m_in.remove(0, end + 4 + length);
        ++m_step;
        return true;
    }

    QTcpSocket m_socket;
    QByteArray m_in;
    quint16 m_port;
    int m_index;
    int m_calls;
    int m_step = 0;
    int m_sent = 0;
    int m_failures = 0;
    std::string m_session;
    std::map<int, json> m_args;
};

} // namespace

void TstRecorder::noneLostUnderConcurrentSessions()
{
    // The recorder as the server wires it (McpService), 64 sessions at once.
    Served served;
    QVERIFY2(served.error.isEmpty(), qPrintable(served.error));
    McpService &service = *served.service;
    Recorder *rec = service.recorder();
    QVERIFY(rec);
    // The host keeps nothing (":memory:"); the calls go to a file anyway.
    QTemporaryDir dir;
    const QString callsPath = dir.filePath(QStringLiteral("load.calls.sqlite"));
    QVERIFY(rec->setCallLogPath(callsPath));
    constexpr int Sessions = 64;
    constexpr int Calls = 60;
    std::vector<std::unique_ptr<LoadSession>> clients;
    for (int i = 0; i < Sessions; ++i)
        clients.push_back(std::make_unique<LoadSession>(service.port(), i, Calls));
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(clients.begin(), clients.end(), [](const auto &c) { return c->done(); }),
        60000);
    int sent = 0;
    for (const auto &c : clients) {
        QCOMPARE(c->failures(), 0);
        sent += c->sent();
    }
    QCOMPARE(sent, Sessions * (Calls + 2));
    QCOMPARE(rec->recordedCount(), std::uint64_t(sent));
    QCOMPARE(rec->pendingCount(), std::size_t(0));
    QCOMPARE(rec->evictedCount(), std::uint64_t(0));
    // Each session's calls are there, paired, with their own arguments and outcome.
    for (const auto &c : clients) {
        CallFilter f;
        f.sessionId = c->sessionId();
        f.kind = CallKind::Request;
        const CallRecordBatch mine = rec->query(f);
        QCOMPARE(mine.size(), std::size_t(Calls + 1)); // initialize and the calls
        for (const CallRecordPtr &r : mine) {
            QCOMPARE(r->httpStatus, 200);
            if (r->method != "tools/call")
                continue;
            const int id = r->request().at("id").get<int>();
            QCOMPARE(r->arguments(), c->calls().at(id));
            QCOMPARE(r->response().at("id"), json(id));
            QCOMPARE(r->status, id % 2 ? CallStatus::ToolError : CallStatus::Ok);
        }
    }
    // Every call that names a match is in the calls file once, with the bytes
    // that crossed the wire.
    rec->flush();
    std::size_t logged = 0;
    for (int id = 3; id <= Calls + 1; id += 2) { // the get_state calls
        CallFilter f;
        f.matchId = "none-" + std::to_string(id);
        std::map<std::string, CallRecordPtr> bySession;
        for (const CallRecordPtr &r : rec->query(f))
            bySession.emplace(r->sessionId(), r);
        QCOMPARE(bySession.size(), std::size_t(Sessions));
        const std::vector<json> lines = loggedCalls(callsPath, f.matchId);
        QCOMPARE(lines.size(), std::size_t(Sessions));
        for (const json &line : lines) {
            const auto it = bySession.find(line.at("sessionId").get<std::string>());
            QVERIFY(it != bySession.end());
            QCOMPARE(line.at("request"), it->second->request());
            QCOMPARE(line.at("response"), it->second->response());
            bySession.erase(it);
        }
        logged += lines.size();
    }
    QCOMPARE(logged, std::size_t(Sessions * (Calls / 2)));
    QCOMPARE(rec->callLog()->writtenCount(), std::uint64_t(logged));
    QCOMPARE(rec->callLog()->droppedCount(), std::uint64_t(0));
}

QTEST_GUILESS_MAIN(TstRecorder)
#include "tst_recorder.moc"
