// SPDX-License-Identifier: MIT
#include "host/hoststack.h"

namespace townhall::host {

HostStack::HostStack(HostStackOptions options)
    : m_options(std::move(options))
{}

HostStack::~HostStack()
{
    // The service points at the host: it goes first. The host's destructor
    // closes the store in the thread that opened it (this one).
    m_players.reset();
    m_mcp.reset();
    m_host.reset();
}

std::unique_ptr<Host> HostStack::makeHost(const HostOptions &options)
{
    auto h = std::make_unique<Host>(options);
    if (m_options.wire)
        m_options.wire(*h);
    return h;
}

bool HostStack::start(QString *error)
{
    QString why;
    m_host = makeHost(m_options.host);
    if (!m_host->start(&why)) {
        if (!m_options.memoryFallback) {
            if (error)
                *error = why;
            return false;
        }
        m_storeError = why;
        HostOptions o = m_options.host;
        o.dbPath = QStringLiteral(":memory:");
        m_host = makeHost(o);
        m_host->start(&why);
        m_persistent = false;
    } else {
        m_persistent = m_options.host.dbPath != QLatin1String(":memory:");
    }
    if (m_options.timers)
        m_host->lobby().defaults().timers = *m_options.timers;
    m_mcp = std::make_unique<McpService>(m_host.get());
    m_mcp->setRecording(m_options.recording);
    listen();
    return true;
}

void HostStack::listen()
{
    QString why;
    if (!m_mcp->listen(m_options.port, &why)) {
        QString second;
        if (m_options.portFallback && m_options.port != 0 && m_mcp->listen(0, &second))
            m_busyPort = m_options.port;
        else
            m_listenError = why;
    }
    if (m_options.spectateListen
        && !m_mcp->listenForSpectators(
            m_options.spectateListen->first, m_options.spectateListen->second, &why))
        m_spectatorError = why;
    if (m_options.playersListen
        && !listenForPlayers(m_options.playersListen->first, m_options.playersListen->second, &why))
        m_playersError = why;
}

bool HostStack::listenForPlayers(const QHostAddress &address, quint16 port, QString *error)
{
    if (m_players)
        return true;
    auto players = std::make_unique<PlayersServer>(m_host->humanSeats());
    if (!players->listen(address, port, error))
        return false;
    m_players = std::move(players);
    m_playersError.clear();
    return true;
}

QString HostStack::url() const
{
    return m_mcp && m_mcp->server()->isListening() ? m_mcp->url() : QString();
}

Seating HostStack::queueSeats(const providers::SeatsFile &file, const std::string &queueId)
{
    return host::queueSeats(*m_host, file, queueId);
}

} // namespace townhall::host
