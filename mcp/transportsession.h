// SPDX-License-Identifier: MIT
#pragma once

/// \file transportsession.h
/// Transport-private session bookkeeping: the Outbox implementation and what
/// the server keeps per session (internal to townhall_mcp_transport).

#include "mcp/handler.h"
#include "mcp/httpconnection.h"
#include "mcp/httpserver.h"
#include "mcp/sse.h"

#include <QPointer>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

namespace townhall::mcp {

struct HttpServer::ReplyTo
{
    QPointer<HttpConnection> connection;
    quint64 serial = 0;
    QByteArray origin; ///< the request's (validated) Origin, echoed in CORS headers
    std::chrono::steady_clock::time_point received;

    std::chrono::microseconds elapsed() const
    {
        return std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - received);
    }
};

/// The Outbox handed to the dispatcher in Session::outbox. Messages go to the
/// session's one server-initiated stream (GET /mcp, or legacy /sse), never to
/// several (MCP-NOTES rule 30). send() from another thread is posted to the
/// server's thread and reports true if a stream was open at that moment.
class SessionOutbox final : public Outbox
{
public:
    SessionOutbox(HttpServer *server, std::string sessionId);
    bool send(const json &message) override;
    /// Called when the session ends: later sends return false.
    void detach() { m_alive = false; }
    void setStreamOpen(bool open) { m_streamOpen = open; }

private:
    QPointer<HttpServer> m_server;
    std::string m_sessionId;
    std::atomic<bool> m_alive{true};
    std::atomic<bool> m_streamOpen{false};
};

/// What the server keeps per session.
struct SessionEntry
{
    std::shared_ptr<Session> session;
    std::shared_ptr<SessionOutbox> outbox;
    QPointer<SseStream> stream; ///< the GET /mcp stream, or the legacy /sse stream
    bool legacy = false;
    bool initializeSeen = false;
    bool announced = false; ///< sessionOpened was emitted
    quint64 nextStreamId = 0;
    int inFlight = 0; ///< requests being handled (no idle expiry meanwhile)

    QByteArray newStreamId() { return QByteArray::number(nextStreamId++); }
};

} // namespace townhall::mcp
