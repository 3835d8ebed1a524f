// SPDX-License-Identifier: MIT
#include "dispatcher.h"
#include "jsonwrite.h"

#include <QByteArray>
#include <QFile>
#include <QUrl>

#include <algorithm>
#include <array>
#include <cctype>
#include <exception>
#include <utility>
#include <variant>

Q_LOGGING_CATEGORY(lcMcpDispatcher, "townhall.mcp.dispatcher")

namespace townhall::mcp {

namespace {

constexpr const char *RulesUri = "townhall://rules";
constexpr const char *MatchUriPrefix = "townhall://match/";
constexpr const char *MatchUriSuffix = "/state";
constexpr const char *MatchUriTemplate = "townhall://match/{matchId}/state";
constexpr const char *GetStateTool = "et.werewolf.match.get_state";
constexpr const char *MatchesListTool = "et.werewolf.matches.list";
/// The first version whose tools.mdx reports input validation errors as tool
/// results (SEP-1303). Versions are dates, so they compare as strings.
constexpr const char *ToolResultValidationSince = "2025-11-25";
/// Longest client-supplied text echoed back in an error message. Names and
/// URIs are echoed to help the caller, but a megabyte of junk is not.
constexpr std::size_t EchoLimit = 128;

constexpr std::array<std::string_view, 8> LogLevelNames = {
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
};

struct PromptInfo
{
    const char *name;
    const char *title;
    const char *description;
    const char *file; ///< resource path, empty for the phase brief
};

constexpr std::array<PromptInfo, 6> Prompts = {{
    {"werewolf-rules-v1",
     "Werewolf Rules v1",
     "The rules every player keeps in mind: roles, win conditions, the eight phases and their "
     "timers, the tools for each action, and the secrecy of your role.",
     ":/prompts/rules.md"},
    {"role-villager",
     "Role: Villager",
     "Instructions for a villager: no night action; find the werewolves by reasoning, "
     "persuading and voting.",
     ":/prompts/villager.md"},
    {"role-werewolf",
     "Role: Werewolf",
     "Instructions for a werewolf: coordinate at night, choose a victim, appear innocent by day.",
     ":/prompts/werewolf.md"},
    {"role-seer",
     "Role: Seer",
     "Instructions for the seer: inspect one player each night and use what you learn carefully.",
     ":/prompts/seer.md"},
    {"role-doctor",
     "Role: Doctor",
     "Instructions for the doctor: protect one player each night, never the same one twice in a "
     "row.",
     ":/prompts/doctor.md"},
    {"phase-brief",
     "Phase Brief",
     "Your brief for the current phase of a match: role and private knowledge, phase and time "
     "left, who is alive, the recent transcript, and what you must do now.",
     ""},
}};

std::string clip(std::string_view s)
{
    if (s.size() <= EchoLimit)
        return std::string(s);
    // Do not cut a UTF-8 sequence in half: back up to a lead byte.
    std::size_t n = EchoLimit;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
        --n;
    return std::string(s.substr(0, n)) + "…";
}

// Strings from clients and backends end up in dumps; never let invalid UTF-8 throw there.
std::string dumpJson(const json &j)
{
    return writeJson(j, json::error_handler_t::replace);
}

bool validId(const json &id)
{
    return id.is_string() || id.is_number_integer() || id.is_number_unsigned();
}

/// An empty object and its map, to emplace members into: nlohmann's braced
/// lists copy every value through json_ref temporaries, which showed in the
/// handshake and reply paths (mcp_bench, perf).
json emptyObject()
{
    return json(json::value_t::object);
}

json::object_t &members(json &object)
{
    return object.get_ref<json::object_t &>();
}

json rpcEnvelope(const json &id, const char *key, json payload)
{
    json out = emptyObject();
    auto &m = members(out);
    m.emplace("jsonrpc", "2.0");
    m.emplace("id", id);
    m.emplace(key, std::move(payload));
    return out;
}

json rpcResult(const json &id, json result)
{
    return rpcEnvelope(id, "result", std::move(result));
}

json rpcError(const json &id, RpcError code, std::string message, json data = nullptr)
{
    json error = emptyObject();
    auto &m = members(error);
    m.emplace("code", static_cast<int>(code));
    m.emplace("message", std::move(message));
    if (!data.is_null())
        m.emplace("data", std::move(data));
    return rpcEnvelope(id, "error", std::move(error));
}

/// A successful CallToolResult: structuredContent plus the same JSON as text
/// (tools.mdx: "SHOULD also return the serialized JSON in a TextContent block").
json toolSuccess(json structured)
{
    // Taken by value and moved in: a get_state result is a large tree, and
    // copying it cost as much as building it (mcp_bench, perf). When it holds
    // raw JSON (the host's serialized state), the text is a raw string literal
    // spliced from the stored escaped copy (jsonwrite.h).
    json block = emptyObject();
    members(block).emplace("type", "text");
    members(block).emplace("text", jsonTextOf(structured, json::error_handler_t::replace));
    json content(json::value_t::array);
    content.get_ref<json::array_t &>().push_back(std::move(block));
    json result = emptyObject();
    auto &m = members(result);
    m.emplace("content", std::move(content));
    m.emplace("structuredContent", std::move(structured));
    m.emplace("isError", false);
    return result;
}

/// A failed CallToolResult. The seed's envelope goes in a text block only: the
/// TS SDK client validates structuredContent against the outputSchema even
/// when isError is true and throws away the whole result if it does not match.
json toolFailure(const ToolError &error)
{
    const json envelope{{"ok", false}, {"error", error.toJson()}};
    return json{{"content", json::array({{{"type", "text"}, {"text", dumpJson(envelope)}}})},
                {"isError", true}};
}

json issuesJson(const std::vector<SchemaIssue> &issues)
{
    json out = json::array();
    for (const SchemaIssue &i : issues)
        out.push_back({{"path", i.path}, {"message", i.message}});
    return out;
}

// Pagination (utilities/pagination.mdx): opaque cursors that we can verify.
// A cursor is base64url("<list>:<offset>"); anything else is -32602.
struct Page
{
    std::size_t begin = 0;
    std::size_t end = 0;
    std::optional<std::string> nextCursor;
};

std::string makeCursor(std::string_view list, std::size_t offset)
{
    const QByteArray raw
        = QByteArray::fromStdString(std::string(list) + ':' + std::to_string(offset));
    return raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
        .toStdString();
}

/// The page requested by params.cursor, or nullopt if the cursor is invalid.
std::optional<Page>
paginate(const json &params, std::string_view list, std::size_t total, std::size_t pageSize)
{
    std::size_t offset = 0;
    const auto c = params.find("cursor");
    if (c != params.end() && !c->is_null()) {
        if (!c->is_string() || c->get_ref<const std::string &>().size() > 64)
            return std::nullopt;
        const auto decoded = QByteArray::fromBase64Encoding(
            QByteArray::fromStdString(c->get<std::string>()),
            QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return std::nullopt;
        const std::string text = decoded.decoded.toStdString();
        const std::string prefix = std::string(list) + ':';
        if (text.size() <= prefix.size() || text.compare(0, prefix.size(), prefix) != 0
            || text.size() - prefix.size() > 9)
            return std::nullopt;
        for (std::size_t i = prefix.size(); i < text.size(); ++i) {
            if (text[i] < '0' || text[i] > '9')
                return std::nullopt;
            offset = offset * 10 + static_cast<std::size_t>(text[i] - '0');
        }
        // We only hand out cursors that point inside the list. A list that
        // shrank since (matches ended) gives an empty last page, not an error.
        if (offset == 0 || offset > std::max<std::size_t>(total, 1) * 2 + pageSize)
            return std::nullopt;
    }
    Page p;
    p.begin = std::min(offset, total);
    p.end = std::min(total, p.begin + std::max<std::size_t>(pageSize, 1));
    if (p.end < total)
        p.nextCursor = makeCursor(list, p.end);
    return p;
}

json badCursor(const json &id)
{
    return rpcError(id, RpcError::InvalidParams, "Invalid cursor");
}

std::string percentEncode(const std::string &s)
{
    return QUrl::toPercentEncoding(QString::fromStdString(s)).toStdString();
}

/// A JSON-RPC message whose envelope passed the checks.
struct Envelope
{
    json id; ///< null when absent
    bool hasId = false;
    std::string method;
    json params = json::object();
};

/// Checks a message's envelope (JSON-RPC 2.0, and MCP's rules for ids and
/// params; params are moved out of `message`): the envelope, or the answer
/// to give at once (nullopt: none).
std::variant<Envelope, std::optional<json>> readEnvelope(json &message)
{
    using Answer = std::optional<json>;
    if (!message.is_object())
        return Answer(rpcError(nullptr,
                               RpcError::InvalidRequest,
                               "Invalid Request: a JSON-RPC message must be an object"));

    // Echo the id whenever it is usable, even when something else is wrong.
    const auto idIt = message.find("id");
    const bool hasId = idIt != message.end();
    const json id = hasId && validId(*idIt) ? *idIt : json(nullptr);

    const auto version = message.find("jsonrpc");
    if (version == message.end() || *version != "2.0")
        return Answer(rpcError(
            id, RpcError::InvalidRequest, "Invalid Request: \"jsonrpc\" must be exactly \"2.0\""));

    const auto methodIt = message.find("method");
    if (methodIt == message.end()) {
        // A response to a request of ours. We send none that expect answers
        // (no sampling, no elicitation), so there is nothing to match it with.
        const bool isResponse = hasId && (message.contains("result") != message.contains("error"));
        if (isResponse)
            return Answer();
        return Answer(
            rpcError(id,
                     RpcError::InvalidRequest,
                     "Invalid Request: neither a request, a notification nor a response"));
    }
    if (!methodIt->is_string())
        return Answer(
            rpcError(id, RpcError::InvalidRequest, "Invalid Request: \"method\" must be a string"));
    if (message.contains("result") || message.contains("error"))
        return Answer(rpcError(id,
                               RpcError::InvalidRequest,
                               "Invalid Request: a request cannot carry \"result\" or \"error\""));
    Envelope envelope;
    envelope.id = id;
    envelope.hasId = hasId;
    envelope.method = methodIt->get<std::string>();

    if (hasId && !validId(*idIt)) {
        // MCP basic/index.mdx: ids are strings or integers and never null.
        return Answer(rpcError(nullptr,
                               RpcError::InvalidRequest,
                               idIt->is_null()
                                   ? "Invalid Request: id must not be null"
                                   : "Invalid Request: id must be a string or an integer"));
    }

    if (const auto p = message.find("params"); p != message.end()) {
        if (p->is_array()) {
            if (!hasId)
                return Answer();
            return Answer(
                rpcError(id, RpcError::InvalidParams, "Invalid params: MCP params are an object"));
        }
        if (!p->is_object()) {
            if (!hasId)
                return Answer();
            return Answer(rpcError(
                id, RpcError::InvalidRequest, "Invalid Request: \"params\" must be an object"));
        }
        envelope.params = std::move(*p);
    }
    return envelope;
}

} // namespace

// ---------------------------------------------------------------------------

std::string_view toString(LogLevel level)
{
    return LogLevelNames[static_cast<std::size_t>(level)];
}

std::optional<LogLevel> parseLogLevel(std::string_view name)
{
    for (std::size_t i = 0; i < LogLevelNames.size(); ++i) {
        if (LogLevelNames[i] == name)
            return static_cast<LogLevel>(i);
    }
    return std::nullopt;
}

/// What the dispatcher remembers per session, beyond the shared Session.
struct Dispatcher::SessionState
{
    std::weak_ptr<Session> session;
    std::optional<ToolError> authError; ///< why the session has no agent identity
    std::set<std::string> inFlight;     ///< dumped ids of requests being handled
};

Dispatcher::Dispatcher(std::shared_ptr<Backend> backend,
                       std::shared_ptr<const ToolRegistry> tools,
                       DispatcherOptions options)
    : m_backend(std::move(backend))
    , m_tools(tools ? std::move(tools) : std::make_shared<const ToolRegistry>())
    , m_options(std::move(options))
{
    // Prompt texts are small and fixed: read them once. A missing one (the
    // resources library not linked) is reported when it is asked for.
    std::vector<std::string> files;
    for (const PromptInfo &p : Prompts) {
        if (*p.file)
            files.emplace_back(p.file);
    }
    for (const std::string &file : files) {
        QFile f(QString::fromStdString(file));
        if (f.open(QIODevice::ReadOnly))
            m_texts.emplace(file, f.readAll().toStdString());
        else
            qCWarning(lcMcpDispatcher) << "prompt text missing:" << file.c_str();
    }
}

Dispatcher::~Dispatcher() = default;

const std::vector<std::string> &Dispatcher::supportedProtocolVersions()
{
    static const std::vector<std::string> versions
        = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"};
    return versions;
}

std::string Dispatcher::negotiateVersion(const std::string &requested)
{
    const auto &v = supportedProtocolVersions();
    if (std::find(v.begin(), v.end(), requested) != v.end())
        return requested;
    return v.back();
}

std::string Dispatcher::matchStateUri(const std::string &matchId)
{
    return MatchUriPrefix + percentEncode(matchId) + MatchUriSuffix;
}

std::optional<std::string> Dispatcher::matchIdFromUri(const std::string &uri)
{
    const std::string_view prefix = MatchUriPrefix;
    const std::string_view suffix = MatchUriSuffix;
    if (uri.size() > 512 || uri.size() <= prefix.size() + suffix.size()
        || uri.compare(0, prefix.size(), prefix) != 0
        || uri.compare(uri.size() - suffix.size(), suffix.size(), suffix) != 0)
        return std::nullopt;
    const std::string encoded
        = uri.substr(prefix.size(), uri.size() - prefix.size() - suffix.size());
    // RFC 3986 path segment: unreserved, sub-delims, ':' '@' and %XX only.
    for (std::size_t i = 0; i < encoded.size(); ++i) {
        const char c = encoded[i];
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                        || std::string_view("-._~!$&'()*+,;=:@").find(c) != std::string_view::npos;
        if (ok)
            continue;
        if (c == '%' && i + 2 < encoded.size()
            && std::isxdigit(static_cast<unsigned char>(encoded[i + 1]))
            && std::isxdigit(static_cast<unsigned char>(encoded[i + 2]))) {
            i += 2;
            continue;
        }
        return std::nullopt;
    }
    const std::string id
        = QUrl::fromPercentEncoding(QByteArray::fromStdString(encoded)).toStdString();
    if (id.empty() || id.find('/') != std::string::npos)
        return std::nullopt;
    return id;
}

Dispatcher::SessionState &Dispatcher::stateFor(const std::shared_ptr<Session> &session)
{
    auto it = m_sessions.find(session.get());
    // A freed session's address can be reused by a new one that was never
    // closed through sessionClosed(): start the new one afresh.
    if (it != m_sessions.end() && it->second.session.lock() != session)
        it = m_sessions.erase(it);
    if (it == m_sessions.end())
        it = m_sessions.emplace(session.get(), SessionState{session, std::nullopt, {}}).first;
    return it->second;
}

void Dispatcher::sessionClosed(const std::shared_ptr<Session> &session)
{
    if (!session)
        return;
    m_sessions.erase(session.get());
    if (m_backend)
        m_backend->sessionClosed(session);
}

// ---------------------------------------------------------------------------
// Entry point

QCoro::Task<std::optional<json>> Dispatcher::handle(json message, std::shared_ptr<Session> session)
{
    if (!session)
        session = std::make_shared<Session>(); // a caller bug; keep the contract total
    session->lastSeen = std::chrono::steady_clock::now();

    if (!message.is_array()) {
        auto reply = co_await handleOne(std::move(message), session, false);
        co_return reply;
    }

    // JSON-RPC 2.0 batches: an empty array is itself an invalid request.
    if (message.empty())
        co_return rpcError(nullptr, RpcError::InvalidRequest, "Invalid Request: empty batch");
    if (message.size() > m_options.maxBatch)
        co_return rpcError(nullptr,
                           RpcError::InvalidRequest,
                           "Invalid Request: batch longer than "
                               + std::to_string(m_options.maxBatch));

    // Start every element first (QCoro tasks run eagerly up to their first
    // suspension), so one slow call (wait_for_turn) does not hold up the rest;
    // then collect the answers in order.
    std::vector<QCoro::Task<std::optional<json>>> tasks;
    tasks.reserve(message.size());
    for (json &element : message)
        tasks.push_back(handleOne(std::move(element), session, true));
    json replies = json::array();
    for (auto &task : tasks) {
        std::optional<json> reply = co_await task;
        if (reply)
            replies.push_back(std::move(*reply));
    }
    if (replies.empty())
        co_return std::nullopt;
    co_return replies;
}

QCoro::Task<std::optional<json>>
Dispatcher::handleOne(json message, std::shared_ptr<Session> session, bool inBatch)
{
    auto read = readEnvelope(message);
    if (auto *answer = std::get_if<std::optional<json>>(&read))
        co_return std::move(*answer);
    Envelope &envelope = std::get<Envelope>(read);
    const json &id = envelope.id;
    const std::string &method = envelope.method;
    json &params = envelope.params;

    if (!envelope.hasId) {
        onNotification(method, params, *session);
        co_return std::nullopt;
    }

    // ---- requests
    if (method == "initialize") {
        if (inBatch)
            co_return rpcError(id,
                               RpcError::InvalidRequest,
                               "Invalid Request: initialize must not be part of a batch");
        co_return initialize(id, params, session);
    }
    if (method == "ping")
        co_return rpcResult(id, json::object());
    if (session->protocolVersion.empty())
        co_return rpcError(
            id, RpcError::InvalidRequest, "Server not initialized: send initialize first");

    SessionState &state = stateFor(session);
    const std::string key = dumpJson(id);
    if (!state.inFlight.insert(key).second)
        co_return rpcError(id,
                           RpcError::InvalidRequest,
                           "Invalid Request: id " + clip(key)
                               + " is already in use by a pending request");

    json reply;
    try {
        if (method == "tools/list") {
            reply = listTools(id, params, *session);
        } else if (method == "tools/call") {
            reply = co_await callTool(id, std::move(params), session);
        } else if (method == "prompts/list") {
            reply = listPrompts(id, params);
        } else if (method == "prompts/get") {
            reply = co_await getPrompt(id, std::move(params), session);
        } else if (method == "resources/list") {
            reply = co_await listResources(id, std::move(params), session);
        } else if (method == "resources/templates/list") {
            reply = listResourceTemplates(id, params);
        } else if (method == "resources/read") {
            reply = co_await readResource(id, std::move(params), session);
        } else if (method == "resources/subscribe") {
            reply = subscribe(id, params, session, true);
        } else if (method == "resources/unsubscribe") {
            reply = subscribe(id, params, session, false);
        } else if (method == "logging/setLevel") {
            reply = setLogLevel(id, params, *session);
        } else {
            reply = rpcError(id, RpcError::MethodNotFound, "Method not found: " + clip(method));
        }
    } catch (const std::exception &e) {
        qCWarning(lcMcpDispatcher) << "internal error in" << method.c_str() << ":" << e.what();
        reply = rpcError(id, RpcError::InternalError, "Internal error");
    }

    // The SessionState may have been dropped (sessionClosed) while we waited.
    if (const auto it = m_sessions.find(session.get()); it != m_sessions.end())
        it->second.inFlight.erase(key);
    // cancellation.mdx: the receiver SHOULD NOT send a response for a cancelled request.
    if (session->cancelled.erase(key) > 0) {
        qCDebug(lcMcpDispatcher) << "dropping the response to cancelled request" << key.c_str();
        co_return std::nullopt;
    }
    co_return reply;
}

void Dispatcher::onNotification(const std::string &method, const json &params, Session &session)
{
    if (method == "notifications/initialized") {
        if (!session.protocolVersion.empty())
            session.initialized = true;
        return;
    }
    if (method == "notifications/cancelled") {
        // "Invalid cancellation notifications SHOULD be ignored": only ids of
        // requests still running are recorded, so the set cannot grow without bound.
        const auto rid = params.find("requestId");
        if (rid == params.end() || !validId(*rid))
            return;
        const auto it = m_sessions.find(&session);
        const std::string key = dumpJson(*rid);
        if (it != m_sessions.end() && it->second.inFlight.count(key) > 0)
            session.cancelled.insert(key);
        return;
    }
    // notifications/roots/list_changed, notifications/progress, unknown ones:
    // nothing to do, and a notification never gets an answer.
    qCDebug(lcMcpDispatcher) << "ignored notification" << clip(method).c_str();
}

// ---------------------------------------------------------------------------
// Lifecycle

json Dispatcher::initialize(const json &id,
                            const json &params,
                            const std::shared_ptr<Session> &session)
{
    if (!session->protocolVersion.empty())
        return rpcError(
            id, RpcError::InvalidRequest, "Invalid Request: session already initialized");
    const auto pv = params.find("protocolVersion");
    if (pv == params.end() || !pv->is_string())
        return rpcError(id,
                        RpcError::InvalidParams,
                        "Invalid params: initialize needs protocolVersion (a string)");
    if (const auto caps = params.find("capabilities"); caps != params.end() && !caps->is_object())
        return rpcError(
            id, RpcError::InvalidParams, "Invalid params: capabilities must be an object");
    const auto info = params.find("clientInfo");
    if (info != params.end() && !info->is_object())
        return rpcError(
            id, RpcError::InvalidParams, "Invalid params: clientInfo must be an object");

    session->protocolVersion = negotiateVersion(pv->get<std::string>());
    if (info != params.end()) {
        if (const auto n = info->find("name"); n != info->end() && n->is_string())
            session->clientName = clip(n->get<std::string>());
        if (const auto v = info->find("version"); v != info->end() && v->is_string())
            session->clientVersion = clip(v->get<std::string>());
    }

    SessionState &state = stateFor(session);
    state.authError.reset();
    if (m_backend) {
        state.authError = m_backend->authenticate(*session);
        if (state.authError)
            session->agentId.clear();
    } else {
        state.authError
            = ToolError{hostcodes::Unauthenticated, "this server has no game backend", false, {}};
    }

    // Built member by member (see emptyObject); the fixed parts once.
    static const json capabilities{{"tools", {{"listChanged", false}}},
                                   {"prompts", {{"listChanged", false}}},
                                   {"resources", {{"subscribe", true}, {"listChanged", false}}},
                                   {"logging", json::object()}};
    json serverInfo = emptyObject();
    auto &server = members(serverInfo);
    server.emplace("name", "townhall");
    server.emplace("title", "Town Hall");
    server.emplace("version", m_options.serverVersion);
    if (session->protocolVersion >= std::string(ToolResultValidationSince))
        server.emplace("description",
                       "Werewolf matches for LLM agents, hosted over MCP and shown live");

    json result = emptyObject();
    auto &r = members(result);
    r.emplace("protocolVersion", session->protocolVersion);
    r.emplace("capabilities", capabilities);
    r.emplace("serverInfo", std::move(serverInfo));
    r.emplace("instructions", instructionsFor(*session));
    return rpcResult(id, std::move(result));
}

std::string Dispatcher::instructionsFor(const Session &session) const
{
    std::string text
        = "Town Hall hosts games of Werewolf for AI agents: 8 players, of whom 2 are werewolves, 1 "
          "the "
          "seer, 1 the doctor and 4 villagers. You play only through these tools.\n"
          "\n"
          "How to play:\n"
          "1. Join: call et.werewolf.queue.join. When 8 agents are queued a match starts; the "
          "result, "
          "or et.werewolf.queue.status, gives your matchId and seat.\n"
          "2. Learn the rules once: prompt \"werewolf-rules-v1\" or resource townhall://rules. "
          "Your role "
          "is in et.werewolf.match.get_state (state.you.role). It is secret: never reveal it by "
          "accident.\n"
          "3. Follow the game until state.phase is ENDED. Call et.werewolf.match.wait_for_turn "
          "{matchId}: "
          "it returns when you have something to do or the phase changes (at most 25 s), with your "
          "state. Alternatively subscribe to townhall://match/{matchId}/state, or poll "
          "et.werewolf.match.get_state (at most 2 calls per second). state.you.requiredAction "
          "tells "
          "you what to do and lists allowedTargets.\n"
          "4. Act: et.werewolf.match.ready (LOBBY); et.werewolf.match.night.wolf_chat and "
          "et.werewolf.match.night.wolf_kill (werewolves), et.werewolf.match.night.seer_inspect "
          "(seer), "
          "et.werewolf.match.night.doctor_protect (doctor) during NIGHT; "
          "et.werewolf.match.say_public "
          "in DAY_OPENING (on your turn) and DAY_DISCUSSION; et.werewolf.match.vote in DAY_VOTE "
          "(targetPlayerId null abstains). Catch up with et.werewolf.match.events.get.\n"
          "\n"
          "Errors: a refused action is a tool result with isError true whose text is "
          "{\"ok\":false,\"error\":{\"code\",\"message\",\"retryable\"}}. If retryable is true the "
          "same call can succeed later (wait retryAfterMs when given); otherwise change the call. "
          "Frequent codes: WRONG_PHASE, NOT_YOUR_TURN, RATE_LIMITED, INVALID_TARGET, "
          "ALREADY_ACTED. "
          "Arguments that break a tool's input schema are rejected with a message naming the "
          "field. "
          "Pass an idempotencyKey (8-128 characters) to retry a mutating call safely.\n"
          "\n"
          "Tool names work in both forms: et.werewolf.match.vote and et_werewolf_match_vote.";
    if (const auto it = m_sessions.find(&session); it != m_sessions.end() && it->second.authError) {
        text += "\n\nThis session is not authenticated (" + it->second.authError->message
                + "): you can watch (read-only tools) but not play; player tools return "
                  "UNAUTHENTICATED. Connect with a valid bearer token to play.";
    } else if (!session.agentId.empty()) {
        text += "\n\nYou are connected as \""
                + clip(session.displayName.empty() ? session.agentId : session.displayName) + "\""
                + (session.guest ? " (guest)." : ".");
    }
    return adaptNames(std::move(text), session);
}

std::string Dispatcher::adaptNames(std::string text, const Session &session) const
{
    if (!session.underscoreNames)
        return text;
    // Longest names first, so no name is rewritten inside a longer one.
    std::vector<const Tool *> tools;
    for (const Tool &t : m_tools->tools())
        tools.push_back(&t);
    std::sort(tools.begin(), tools.end(), [](const Tool *a, const Tool *b) {
        return a->name.size() > b->name.size();
    });
    for (const Tool *t : tools) {
        for (std::size_t pos = text.find(t->name); pos != std::string::npos;
             pos = text.find(t->name, pos + t->underscoreName.size())) {
            // Keep the sentence that shows both forms intact.
            const bool showsBoth = text.compare(pos + t->name.size(), 5, " and ") == 0
                                   && text.compare(pos + t->name.size() + 5,
                                                   t->underscoreName.size(),
                                                   t->underscoreName)
                                          == 0;
            if (!showsBoth)
                text.replace(pos, t->name.size(), t->underscoreName);
        }
    }
    return text;
}

json Dispatcher::setLogLevel(const json &id, const json &params, Session &session) const
{
    const auto level = params.find("level");
    if (level == params.end() || !level->is_string() || !parseLogLevel(level->get<std::string>())) {
        return rpcError(id,
                        RpcError::InvalidParams,
                        "Invalid params: level must be one of debug, info, notice, warning, error, "
                        "critical, alert, emergency");
    }
    session.logLevel = level->get<std::string>();
    return rpcResult(id, json::object());
}

// ---------------------------------------------------------------------------
// Tools

json Dispatcher::listTools(const json &id, const json &params, const Session &session) const
{
    const auto &tools = m_tools->tools();
    const auto page = paginate(params, "tools", tools.size(), m_options.pageSize);
    if (!page)
        return badCursor(id);
    const NameStyle style = session.underscoreNames ? NameStyle::Underscore : NameStyle::Dotted;
    json list = json::array();
    for (std::size_t i = page->begin; i < page->end; ++i)
        list.push_back(m_tools->describe(tools[i], style));
    json result{{"tools", std::move(list)}};
    if (page->nextCursor)
        result["nextCursor"] = *page->nextCursor;
    return rpcResult(id, std::move(result));
}

QCoro::Task<json> Dispatcher::callTool(json id, json params, std::shared_ptr<Session> session)
{
    const auto nameIt = params.find("name");
    if (nameIt == params.end() || !nameIt->is_string())
        co_return rpcError(
            id, RpcError::InvalidParams, "Invalid params: tools/call needs a string name");
    const std::string name = nameIt->get<std::string>();
    const Tool *tool = m_tools->find(name);
    if (!tool)
        co_return rpcError(id, RpcError::InvalidParams, "Unknown tool: " + clip(name));

    json args = json::object();
    if (const auto a = params.find("arguments"); a != params.end() && !a->is_null()) {
        if (!a->is_object())
            co_return rpcError(id,
                               RpcError::InvalidParams,
                               "Invalid params: arguments of " + tool->name + " must be an object");
        args = std::move(*a);
    }

    if (const auto issues = m_tools->validateArguments(*tool, args); !issues.empty()) {
        const std::string message
            = "Invalid arguments for "
              + tool->nameIn(session->underscoreNames ? NameStyle::Underscore : NameStyle::Dotted)
              + ": " + describeIssues(issues);
        if (session->protocolVersion >= std::string(ToolResultValidationSince))
            co_return rpcResult(
                id, toolFailure(ToolError{hostcodes::InvalidArgument, message, false, {}}));
        co_return rpcError(id,
                           RpcError::InvalidParams,
                           message,
                           json{{"tool", tool->name}, {"issues", issuesJson(issues)}});
    }

    if (!tool->readOnly && session->agentId.empty()) {
        ToolError refusal{hostcodes::Unauthenticated,
                          "this session has no agent identity; connect with a valid bearer token",
                          false,
                          {}};
        if (const auto it = m_sessions.find(session.get());
            it != m_sessions.end() && it->second.authError)
            refusal = *it->second.authError;
        co_return rpcResult(id, toolFailure(refusal));
    }
    if (!m_backend)
        co_return rpcError(id, RpcError::InternalError, "Internal error: no backend");

    ToolResult outcome = ToolError{};
    try {
        outcome = co_await m_backend->callTool(session, tool->name, args);
    } catch (const std::exception &e) {
        qCWarning(lcMcpDispatcher) << "backend threw in" << tool->name.c_str() << ":" << e.what();
        co_return rpcError(id, RpcError::InternalError, "Internal error");
    }
    if (!outcome.ok())
        co_return rpcResult(id, toolFailure(outcome.error()));
    if (!outcome.value().is_object()) {
        qCWarning(lcMcpDispatcher) << "backend returned a non-object for" << tool->name.c_str();
        co_return rpcError(id, RpcError::InternalError, "Internal error");
    }
    if (m_options.validateResults) {
        // Raw JSON (the host's serialized state) is checked as the tree it stands for.
        json parsed;
        const json *plain = &outcome.value();
        if (containsRawJson(*plain)) {
            parsed = materialized(*plain);
            plain = &parsed;
        }
        if (const auto issues = m_tools->validateResult(*tool, *plain); !issues.empty())
            qCWarning(lcMcpDispatcher)
                << "result of" << tool->name.c_str()
                << "violates its outputSchema:" << describeIssues(issues).c_str();
    }
    co_return rpcResult(id, toolSuccess(std::move(outcome.value())));
}

// ---------------------------------------------------------------------------
// Prompts

std::optional<std::string> Dispatcher::promptText(const std::string &file) const
{
    const auto it = m_texts.find(file);
    if (it == m_texts.end())
        return std::nullopt;
    return it->second;
}

json Dispatcher::listPrompts(const json &id, const json &params) const
{
    const auto page = paginate(params, "prompts", Prompts.size(), m_options.pageSize);
    if (!page)
        return badCursor(id);
    json list = json::array();
    for (std::size_t i = page->begin; i < page->end; ++i) {
        const PromptInfo &p = Prompts[i];
        json entry{{"name", p.name}, {"title", p.title}, {"description", p.description}};
        if (!*p.file) {
            entry["arguments"] = json::array({{{"name", "matchId"},
                                               {"description", "The match you play in"},
                                               {"required", true}}});
        }
        list.push_back(std::move(entry));
    }
    json result{{"prompts", std::move(list)}};
    if (page->nextCursor)
        result["nextCursor"] = *page->nextCursor;
    return rpcResult(id, std::move(result));
}

QCoro::Task<json> Dispatcher::getPrompt(json id, json params, std::shared_ptr<Session> session)
{
    const auto nameIt = params.find("name");
    if (nameIt == params.end() || !nameIt->is_string())
        co_return rpcError(
            id, RpcError::InvalidParams, "Invalid params: prompts/get needs a string name");
    const std::string name = nameIt->get<std::string>();
    const auto info = std::find_if(
        Prompts.begin(), Prompts.end(), [&](const PromptInfo &p) { return name == p.name; });
    if (info == Prompts.end())
        co_return rpcError(id, RpcError::InvalidParams, "Unknown prompt: " + clip(name));

    json args = json::object();
    if (const auto a = params.find("arguments"); a != params.end() && !a->is_null()) {
        if (!a->is_object())
            co_return rpcError(
                id, RpcError::InvalidParams, "Invalid params: arguments must be an object");
        for (const auto &[k, v] : a->items()) {
            (void)k;
            if (!v.is_string()) // prompts.mdx: argument values are strings
                co_return rpcError(id,
                                   RpcError::InvalidParams,
                                   "Invalid params: prompt argument values must be strings");
        }
        args = std::move(*a);
    }

    std::string text;
    if (*info->file) {
        const auto t = promptText(info->file);
        if (!t)
            co_return rpcError(
                id, RpcError::InternalError, "Internal error: prompt text unavailable");
        text = adaptNames(*t, *session);
    } else {
        const auto m = args.find("matchId");
        if (m == args.end() || m->get_ref<const std::string &>().empty())
            co_return rpcError(id,
                               RpcError::InvalidParams,
                               "Invalid params: phase-brief needs the argument matchId");
        if (session->agentId.empty())
            co_return rpcError(
                id,
                RpcError::InvalidParams,
                "phase-brief is personal: this session has no agent identity",
                json{
                    {"error",
                     ToolError{
                         hostcodes::Unauthenticated, "connect with a valid bearer token", false, {}}
                         .toJson()}});
        if (!m_backend)
            co_return rpcError(id, RpcError::InternalError, "Internal error: no backend");
        const std::string matchId = m->get<std::string>();
        Outcome<std::string> brief = ToolError{};
        try {
            brief = co_await m_backend->phaseBrief(session, matchId);
        } catch (const std::exception &e) {
            qCWarning(lcMcpDispatcher) << "backend threw in phaseBrief:" << e.what();
            co_return rpcError(id, RpcError::InternalError, "Internal error");
        }
        if (!brief.ok())
            co_return rpcError(id,
                               RpcError::InvalidParams,
                               brief.error().message,
                               json{{"error", brief.error().toJson()}});
        text = adaptNames(brief.value(), *session);
    }
    co_return rpcResult(
        id,
        json{{"description", info->description},
             {"messages",
              json::array({{{"role", "user"},
                            {"content", {{"type", "text"}, {"text", std::move(text)}}}}})}});
}

// ---------------------------------------------------------------------------
// Resources

QCoro::Task<json> Dispatcher::listResources(json id, json params, std::shared_ptr<Session> session)
{
    json all = json::array();
    all.push_back({{"uri", RulesUri},
                   {"name", "werewolf-rules-v1"},
                   {"title", "Werewolf Rules v1"},
                   {"description", "The rules of the game, the phases and the tools (Markdown)."},
                   {"mimeType", "text/markdown"}});

    // One state resource per active match. A failure here only shortens the
    // list: the template still tells clients how to name any match.
    const Tool *list = m_tools->find(MatchesListTool);
    if (list && m_backend) {
        json args{{"status", "ACTIVE"}, {"limit", 50}};
        ToolResult matches = ToolError{};
        try {
            matches = co_await m_backend->callTool(session, list->name, args);
        } catch (const std::exception &e) {
            qCWarning(lcMcpDispatcher) << "backend threw in resources/list:" << e.what();
        }
        if (matches.ok() && matches.value().contains("matches")
            && matches.value()["matches"].is_array()) {
            for (const json &m : matches.value()["matches"]) {
                if (!m.is_object() || !m.contains("matchId") || !m["matchId"].is_string())
                    continue;
                const std::string matchId = m["matchId"].get<std::string>();
                all.push_back({{"uri", matchStateUri(matchId)},
                               {"name", "match-state-" + matchId},
                               {"title", "Match " + matchId + " state"},
                               {"description",
                                "Your view of match " + matchId
                                    + " (as et.werewolf.match.get_state). Subscribable."},
                               {"mimeType", "application/json"}});
            }
        }
    }

    const auto page = paginate(params, "resources", all.size(), m_options.pageSize);
    if (!page)
        co_return badCursor(id);
    json slice = json::array();
    for (std::size_t i = page->begin; i < page->end; ++i)
        slice.push_back(std::move(all[i]));
    json result{{"resources", std::move(slice)}};
    if (page->nextCursor)
        result["nextCursor"] = *page->nextCursor;
    co_return rpcResult(id, std::move(result));
}

json Dispatcher::listResourceTemplates(const json &id, const json &params) const
{
    const auto page = paginate(params, "templates", 1, m_options.pageSize);
    if (!page)
        return badCursor(id);
    json list = json::array();
    if (page->begin == 0) {
        list.push_back({{"uriTemplate", MatchUriTemplate},
                        {"name", "match-state"},
                        {"title", "Match state"},
                        {"description",
                         "Your view of a match, exactly the state object of "
                         "et.werewolf.match.get_state. Subscribe to be told when it changes."},
                        {"mimeType", "application/json"}});
    }
    json result{{"resourceTemplates", std::move(list)}};
    if (page->nextCursor)
        result["nextCursor"] = *page->nextCursor;
    return rpcResult(id, std::move(result));
}

QCoro::Task<json> Dispatcher::readResource(json id, json params, std::shared_ptr<Session> session)
{
    const auto uriIt = params.find("uri");
    if (uriIt == params.end() || !uriIt->is_string())
        co_return rpcError(
            id, RpcError::InvalidParams, "Invalid params: resources/read needs a string uri");
    const std::string uri = uriIt->get<std::string>();

    if (uri == RulesUri) {
        const auto t = promptText(Prompts[0].file);
        if (!t)
            co_return rpcError(
                id, RpcError::InternalError, "Internal error: rules text unavailable");
        co_return rpcResult(id,
                            json{{"contents",
                                  json::array({{{"uri", uri},
                                                {"mimeType", "text/markdown"},
                                                {"text", adaptNames(*t, *session)}}})}});
    }

    const auto matchId = matchIdFromUri(uri);
    const Tool *getState = m_tools->find(GetStateTool);
    if (!matchId || !getState || !m_backend)
        co_return rpcError(
            id, RpcError::ResourceNotFound, "Resource not found", json{{"uri", clip(uri)}});

    json args{{"matchId", *matchId}, {"includeRecentPublicMessages", true}};
    applyDefaults(getState->input.source(), args);
    ToolResult state = ToolError{};
    try {
        state = co_await m_backend->callTool(session, getState->name, args);
    } catch (const std::exception &e) {
        qCWarning(lcMcpDispatcher) << "backend threw in resources/read:" << e.what();
        co_return rpcError(id, RpcError::InternalError, "Internal error");
    }
    if (!state.ok()) {
        if (state.error().code == "MATCH_NOT_FOUND")
            co_return rpcError(id,
                               RpcError::ResourceNotFound,
                               "Resource not found",
                               json{{"uri", clip(uri)}, {"error", state.error().toJson()}});
        co_return rpcError(id,
                           RpcError::RequestRefused,
                           state.error().message,
                           json{{"uri", clip(uri)}, {"error", state.error().toJson()}});
    }
    if (!state.value().is_object() || !state.value().contains("state")) {
        qCWarning(lcMcpDispatcher) << "get_state result without state";
        co_return rpcError(id, RpcError::InternalError, "Internal error");
    }
    co_return rpcResult(id,
                        json{{"contents",
                              json::array({{{"uri", uri},
                                            {"mimeType", "application/json"},
                                            {"text", dumpJson(state.value()["state"])}}})}});
}

json Dispatcher::subscribe(const json &id,
                           const json &params,
                           const std::shared_ptr<Session> &session,
                           bool on)
{
    const auto uriIt = params.find("uri");
    if (uriIt == params.end() || !uriIt->is_string())
        return rpcError(id, RpcError::InvalidParams, "Invalid params: needs a string uri");
    const std::string uri = uriIt->get<std::string>();
    if (!on) {
        // Unsubscribing from something never subscribed is harmless: succeed.
        session->subscriptions.erase(uri);
        return rpcResult(id, json::object());
    }
    // The rules never change, but subscribing to them is legitimate; match
    // ids are checked for form only (a match may be created later).
    if (uri != RulesUri && !matchIdFromUri(uri))
        return rpcError(
            id, RpcError::ResourceNotFound, "Resource not found", json{{"uri", clip(uri)}});
    if (session->subscriptions.size() >= 64 && session->subscriptions.count(uri) == 0)
        return rpcError(id, RpcError::InvalidParams, "Invalid params: too many subscriptions (64)");
    session->subscriptions.insert(uri);
    stateFor(session); // remember the session for notifyMatchStateChanged
    return rpcResult(id, json::object());
}

// ---------------------------------------------------------------------------
// Server → client

bool Dispatcher::notifyResourceUpdated(const std::shared_ptr<Session> &session,
                                       const std::string &uri)
{
    if (!session || !session->outbox || session->subscriptions.count(uri) == 0)
        return false;
    return session->outbox->send(json{{"jsonrpc", "2.0"},
                                      {"method", "notifications/resources/updated"},
                                      {"params", {{"uri", uri}}}});
}

int Dispatcher::notifyMatchStateChanged(const std::string &matchId)
{
    int sent = 0;
    for (auto it = m_sessions.begin(); it != m_sessions.end();) {
        const std::shared_ptr<Session> session = it->second.session.lock();
        if (!session) {
            it = m_sessions.erase(it);
            continue;
        }
        ++it;
        for (const std::string &uri : session->subscriptions) {
            if (matchIdFromUri(uri) == matchId && notifyResourceUpdated(session, uri))
                ++sent;
        }
    }
    return sent;
}

bool Dispatcher::log(const std::shared_ptr<Session> &session,
                     LogLevel level,
                     const json &data,
                     const std::string &logger)
{
    if (!session || !session->outbox || session->protocolVersion.empty())
        return false;
    const LogLevel threshold = parseLogLevel(session->logLevel).value_or(LogLevel::Info);
    if (level < threshold)
        return false;
    return session->outbox->send(
        json{{"jsonrpc", "2.0"},
             {"method", "notifications/message"},
             {"params", {{"level", toString(level)}, {"logger", logger}, {"data", data}}}});
}

} // namespace townhall::mcp
