// SPDX-License-Identifier: MIT
#pragma once

/// \file hoststack.h
/// One running host, assembled the one way every entry point uses (the
/// headless host, the tournament commands, the desktop app's host thread and
/// the benchmarks): the Host with its store, the phase timers of new
/// matches, the MCP service listening on 127.0.0.1 (on any free port when the
/// chosen one is busy, if asked), the spectators' listener, and the seats of
/// a seats file. What went wrong on the way is kept as facts, and each entry
/// point decides what is fatal and how to say it.

#include "host/host.h"
#include "host/mcpservice.h"
#include "host/players/playersserver.h"
#include "host/providers/seatsfile.h"
#include "host/seating.h"

#include <QHostAddress>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace townhall::host {

struct HostStackOptions
{
    HostOptions host;
    /// The phase timers of new matches (recovered ones keep theirs).
    std::optional<engine::Timers> timers;
    /// MCP port on 127.0.0.1; 0: any free port.
    quint16 port = 0;
    /// Take any free port when `port` is busy.
    bool portFallback = false;
    /// A database that cannot be used: play on in memory (nothing saved)
    /// instead of failing.
    bool memoryFallback = false;
    /// Record MCP calls (benchmarks measure without).
    bool recording = true;
    /// `--spectate-listen`: where other machines watch.
    std::optional<std::pair<QHostAddress, quint16>> spectateListen;
    /// `--players-listen`: where people on other devices play their seats
    /// (host/players/playersserver.h).
    std::optional<std::pair<QHostAddress, quint16>> playersListen;
    /// Connects to a new Host before it starts: recovered matches are
    /// published while it starts. Called again for the in-memory host of
    /// memoryFallback.
    std::function<void(Host &)> wire;
};

class HostStack final
{
    Q_DISABLE_COPY_MOVE(HostStack)

public:
    explicit HostStack(HostStackOptions options);
    ~HostStack();

    /// Starts the host, then the MCP service and the listeners. False (with
    /// `error`) only when the store cannot be used and memoryFallback is off;
    /// a listener that failed is told by listenError() and spectatorError().
    bool start(QString *error);

    Host &host() { return *m_host; }
    McpService &mcp() { return *m_mcp; }

    /// The MCP URL, empty when the service does not listen.
    QString url() const;
    /// Why the store could not be used (memoryFallback took over), else empty.
    const QString &storeError() const { return m_storeError; }
    /// Whether matches are saved (a database file, not memory).
    bool persistent() const { return m_persistent; }
    /// The port asked for when it was busy and another was taken, else nullopt.
    std::optional<quint16> busyPort() const { return m_busyPort; }
    /// Why the MCP service does not listen, else empty.
    const QString &listenError() const { return m_listenError; }
    /// Why the spectators' listener did not start, else empty.
    const QString &spectatorError() const { return m_spectatorError; }
    /// The players' listener, when asked for and listening; else null.
    PlayersServer *players() { return m_players.get(); }
    /// Why the players' listener did not start, else empty.
    const QString &playersError() const { return m_playersError; }
    /// Starts the players' listener now (the app's Invite players…), if it
    /// does not listen yet: true when it listens, else false with `error`.
    bool listenForPlayers(const QHostAddress &address, quint16 port, QString *error);

    /// Puts the seats of a seats file in a queue (the default one unless
    /// told), in order: see queueSeats (host/seating.h).
    Seating queueSeats(const providers::SeatsFile &file,
                       const std::string &queueId = engine::DefaultQueueId);

private:
    std::unique_ptr<Host> makeHost(const HostOptions &options);
    void listen();

    HostStackOptions m_options;
    std::unique_ptr<Host> m_host;
    std::unique_ptr<McpService> m_mcp;        // after the host, which it points at: it goes first
    std::unique_ptr<PlayersServer> m_players; // after the host too
    QString m_storeError;
    bool m_persistent = false;
    std::optional<quint16> m_busyPort;
    QString m_listenError;
    QString m_spectatorError;
    QString m_playersError;
};

} // namespace townhall::host
