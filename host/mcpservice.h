// SPDX-License-Identifier: MIT
#pragma once

/// \file mcpservice.h
/// Wires the host to the MCP server: the engine-backed mcp::Backend, the
/// dispatcher, the HTTP transport on 127.0.0.1, resource notifications when
/// a match changes, and the in-process path the built-in bots use.

#include "host/host.h"
#include "host/recorder/recorder.h"
#include "host/spectatorfeed.h"
#include "mcp/dispatcher.h"
#include "mcp/httpserver.h"

#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <optional>

class QTimer;

namespace townhall::host {

class McpService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpService)

public:
    explicit McpService(Host *host, QObject *parent = nullptr);
    ~McpService() override;

    /// Starts listening on 127.0.0.1:port (0: any free port), and writes the
    /// endpoint into the store's settings (Host::EndpointSetting), so `townhall
    /// agent add` can name the URL agents will reach.
    bool listen(quint16 port, QString *error);
    QString url() const;
    quint16 port() const;
    mcp::Dispatcher *dispatcher() const { return m_dispatcher.get(); }
    mcp::HttpServer *server() const { return m_server; }
    /// The spectator feed, `/spectate` on this server's port (docs/spectator-feed.md).
    SpectatorFeed *feed() const { return m_feed; }
    /// Offers the spectator feed and the overlay pages, and nothing else (no
    /// MCP), on `address:port` as well: a second machine's viewer or its
    /// OBS. Host and Origin checks accept that address besides localhost.
    bool listenForSpectators(const QHostAddress &address, quint16 port, QString *error);
    /// ws://ADDR:PORT/spectate of listenForSpectators(), or empty.
    QString spectatorUrl() const;
    /// Records every MCP message of every session, HTTP and in process.
    /// Lives in this service's thread; connect its signals
    /// queued from other threads.
    Recorder *recorder() const { return m_recorder; }
    /// Turns recording off (or back on). Only for measuring the recorder's
    /// overhead (`townhall --headless --no-recorder`, hidden).
    void setRecording(bool on);

    /// Runs a tool call through the dispatcher as an in-process session of
    /// `caller` (what the built-in bots use).
    QCoro::Task<mcp::ToolResult> callInProcess(Caller caller, std::string tool, json args);

    /// Ends every MCP session of a registered agent at once, as for an
    /// expired session: its streams close and its next request gets 404.
    /// For a revoked agent; revocations by another process (`townhall agent
    /// revoke` on the same database) are noticed within a second without it.
    void endSessionsOf(const std::string &agentId);

private:
    /// Polls the store for commits by other processes; after one, ends the
    /// sessions of agents revoked meanwhile.
    void watchRevocations();
    void endSessionsWhere(const std::function<bool(const mcp::Session &)> &ended);

    /// An in-process message through the recorder (when recording) to the dispatcher.
    QCoro::Task<std::optional<json>> handle(json message, std::shared_ptr<mcp::Session> session);

    Host *m_host;
    std::shared_ptr<mcp::Backend> m_backend;
    std::shared_ptr<mcp::Dispatcher> m_dispatcher;
    mcp::HttpServer *m_server = nullptr;
    Recorder *m_recorder = nullptr;
    SpectatorFeed *m_feed = nullptr;
    mcp::HttpServer *m_spectatorServer = nullptr;
    bool m_recording = true;
    QTimer *m_revocationWatch = nullptr;
    std::optional<std::int64_t> m_dataVersion; ///< the store's, when last polled
    std::map<std::string, std::shared_ptr<mcp::Session>> m_inProcess;
    std::int64_t m_nextId = 1;
};

} // namespace townhall::host
