// SPDX-License-Identifier: MIT
#pragma once

/// \file handler.h
/// The seam between the MCP transport (HTTP, SSE, stdio bridge) and the
/// protocol dispatcher. The transport owns sockets and sessions; the handler
/// owns JSON-RPC and MCP semantics and never sees a socket.

#include <nlohmann/json.hpp>

#include <QCoro/QCoroTask>

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace townhall::mcp {

using json = nlohmann::json;

/// Where server-initiated messages for a session go (the session's GET SSE
/// stream, or the legacy /sse stream). Implemented by the transport.
class Outbox
{
public:
    virtual ~Outbox() = default;
    /// Queues a JSON-RPC notification (or request) for the client. Returns
    /// false if the session has no open stream to carry it (it is dropped).
    virtual bool send(const json &message) = 0;
};

/// Per-session state shared by transport and dispatcher.
struct Session
{
    std::string id;              ///< Mcp-Session-Id (cryptographically random)
    std::string transport;       ///< "streamable-http" | "legacy-sse" | "in-process"
    std::string protocolVersion; ///< negotiated in initialize; empty before
    bool initialized = false;    ///< notifications/initialized received
    std::string bearerToken;     ///< from Authorization: Bearer, as sent (may be empty)
    std::string agentId;         ///< set by the dispatcher once the identity is resolved
    std::string displayName;
    bool guest = false;
    std::string clientName; ///< clientInfo.name
    std::string clientVersion;
    bool underscoreNames
        = false; ///< advertise et_werewolf_* names (endpoint /mcp/underscore or ?names=underscore)
    std::string logLevel = "info";
    std::set<std::string> subscriptions; ///< resource URIs
    std::set<std::string> cancelled;     ///< request ids (dumped JSON) cancelled by the client
    std::shared_ptr<Outbox> outbox;      ///< may be null
    std::chrono::steady_clock::time_point lastSeen = std::chrono::steady_clock::now();
};

/// Handles one JSON-RPC message (request, notification or response) for a
/// session. Returns the response for a request, nullopt for anything that
/// gets no response (the transport then answers 202). Batches are arrays and
/// return an array (or nullopt when it held no requests). A response may hold
/// raw-JSON nodes (mcp/jsonwrite.h): write it with writeJson(), or call
/// materialized() before looking inside a tool result's content.
class MessageHandler
{
public:
    virtual ~MessageHandler() = default;
    virtual QCoro::Task<std::optional<json>> handle(json message, std::shared_ptr<Session> session)
        = 0;
    /// Called by the transport when a session ends (DELETE, idle expiry, stream loss on legacy).
    virtual void sessionClosed(const std::shared_ptr<Session> &session) { (void)session; }
};

} // namespace townhall::mcp
