// SPDX-License-Identifier: MIT
#pragma once

/// \file dispatcher.h
/// The socket-free MCP protocol layer: JSON-RPC 2.0 validation, lifecycle and
/// version negotiation, tools, prompts, resources, logging, cancellation.
/// The transport hands it parsed JSON (it answers -32700 itself); the Backend
/// does the game. Tests drive it directly, without a socket.

#include "backend.h"
#include "handler.h"
#include "toolregistry.h"

#include <QCoro/QCoroTask>

#include <QLoggingCategory>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcMcpDispatcher)

namespace townhall::mcp {

/// Every JSON-RPC error code this server answers with. -32700 (parse error)
/// is listed for completeness: the transport sends it, since the dispatcher
/// only ever sees parsed JSON.
enum class RpcError : int {
    ParseError = -32700,
    InvalidRequest
    = -32600, ///< not a JSON-RPC 2.0 request, bad id, initialize in a batch, not initialized
    MethodNotFound = -32601,
    InvalidParams
    = -32602, ///< bad params, unknown tool/prompt, schema violation, bad cursor or log level
    InternalError = -32603,
    ResourceNotFound = -32002, ///< MCP resources.mdx (2025-06-18, 2025-11-25)
    /// The backend refused a resource read for a business reason other than
    /// "not found" (e.g. RATE_LIMITED); `data` carries the ToolError.
    RequestRefused = -32000,
};

/// Syslog severities of MCP logging, in increasing order.
enum class LogLevel : std::uint8_t {
    Debug,
    Info,
    Notice,
    Warning,
    Error,
    Critical,
    Alert,
    Emergency
};

std::string_view toString(LogLevel level);
std::optional<LogLevel> parseLogLevel(std::string_view name);

/// Knobs of the dispatcher. Defaults suit the app.
struct DispatcherOptions
{
    std::string serverVersion = "0.1.0"; ///< serverInfo.version
    /// Entries per page of tools/list, prompts/list, resources/list and
    /// resources/templates/list. Larger than anything we list, so one page;
    /// tests lower it to exercise the cursors.
    std::size_t pageSize = 100;
    std::size_t maxBatch = 1000; ///< longer batches are refused (-32600), as the TS reference does
    /// Check every successful structuredContent against the tool's
    /// outputSchema and log a warning on mismatch (the result is still sent).
#ifdef NDEBUG
    bool validateResults = false;
#else
    bool validateResults = true;
#endif
};

/// The MCP protocol layer. One instance serves all sessions of a server; it
/// is not thread-safe and must be used on the thread of its Backend.
///
/// Decisions where the specification leaves room (docs/tools.md repeats them):
/// - Requests other than `initialize` and `ping` before `initialize` get
///   -32600 "Server not initialized". Requests between the initialize
///   response and `notifications/initialized` are served (clients pipeline them).
/// - Arguments that violate a tool's inputSchema: -32602 with the offending
///   properties in the message and in `data.issues` (2025-06-18 and older).
///   For sessions negotiated at 2025-11-25 or later they are a tool result
///   with `isError: true` and code INVALID_ARGUMENT, per SEP-1303, so the model
///   sees the explanation. Unknown tools are -32602 in every version.
/// - Batches (JSON arrays) are accepted whatever the version, up to
///   DispatcherOptions::maxBatch elements; `initialize` inside one is -32600.
class Dispatcher final : public MessageHandler
{
public:
    Dispatcher(std::shared_ptr<Backend> backend,
               std::shared_ptr<const ToolRegistry> tools,
               DispatcherOptions options = {});
    ~Dispatcher() override;

    Dispatcher(const Dispatcher &) = delete;
    Dispatcher &operator=(const Dispatcher &) = delete;

    /// MessageHandler: one message or a batch. Returns the response (an array
    /// for a batch), or nullopt when nothing is to be answered (notifications,
    /// client responses, a request the client cancelled meanwhile).
    QCoro::Task<std::optional<json>> handle(json message,
                                            std::shared_ptr<Session> session) override;

    /// MessageHandler: forgets the session and tells the Backend.
    void sessionClosed(const std::shared_ptr<Session> &session) override;

    /// Sends `notifications/resources/updated` for `uri` to `session` if it
    /// subscribed to that URI. Returns true if it was handed to the Outbox.
    bool notifyResourceUpdated(const std::shared_ptr<Session> &session, const std::string &uri);

    /// The host calls this whenever match `matchId` changed in a way a player
    /// or spectator can see. Every live session subscribed to that match's
    /// state resource gets `notifications/resources/updated` (with the URI it
    /// subscribed with). Returns how many notifications were sent.
    int notifyMatchStateChanged(const std::string &matchId);

    /// Sends `notifications/message` to `session` if `level` is at or above the
    /// level the client set with logging/setLevel (default "info"). `data` must
    /// not contain secrets or hidden game information. Returns true if sent.
    bool log(const std::shared_ptr<Session> &session,
             LogLevel level,
             const json &data,
             const std::string &logger = "townhall");

    /// `townhall://match/<matchId>/state`, with the id percent-encoded.
    static std::string matchStateUri(const std::string &matchId);
    /// The match id of a match state URI, or nullopt.
    static std::optional<std::string> matchIdFromUri(const std::string &uri);

    /// Protocol versions we speak, oldest first.
    static const std::vector<std::string> &supportedProtocolVersions();
    /// The version to answer `initialize` with (MCP-NOTES rule 9): the
    /// requested one if supported, otherwise our latest.
    static std::string negotiateVersion(const std::string &requested);

    const ToolRegistry &tools() const { return *m_tools; }

private:
    struct SessionState;

    QCoro::Task<std::optional<json>>
    handleOne(json message, std::shared_ptr<Session> session, bool inBatch);
    QCoro::Task<json> callTool(json id, json params, std::shared_ptr<Session> session);
    QCoro::Task<json> getPrompt(json id, json params, std::shared_ptr<Session> session);
    QCoro::Task<json> listResources(json id, json params, std::shared_ptr<Session> session);
    QCoro::Task<json> readResource(json id, json params, std::shared_ptr<Session> session);

    json initialize(const json &id, const json &params, const std::shared_ptr<Session> &session);
    json listTools(const json &id, const json &params, const Session &session) const;
    json listPrompts(const json &id, const json &params) const;
    json listResourceTemplates(const json &id, const json &params) const;
    json
    subscribe(const json &id, const json &params, const std::shared_ptr<Session> &session, bool on);
    json setLogLevel(const json &id, const json &params, Session &session) const;
    void onNotification(const std::string &method, const json &params, Session &session);

    SessionState &stateFor(const std::shared_ptr<Session> &session);
    std::string instructionsFor(const Session &session) const;
    std::string adaptNames(std::string text, const Session &session) const;
    std::optional<std::string> promptText(const std::string &file) const;

    std::shared_ptr<Backend> m_backend;
    std::shared_ptr<const ToolRegistry> m_tools;
    DispatcherOptions m_options;
    std::unordered_map<const Session *, SessionState> m_sessions;
    std::map<std::string, std::string> m_texts; ///< resource file → contents, loaded once
};

} // namespace townhall::mcp
