// SPDX-License-Identifier: MIT
#pragma once

/// \file playersserver.h
/// The players listener (`--players-listen ADDR:PORT`, docs/players.md):
/// the page of a human seat at `GET /play/CODE` and its WebSocket at
/// `/play/CODE/ws`, which sends the seat's document (HumanSeats) on connect
/// and on every change and takes the person's actions. It serves nothing
/// else: any other request, a wrong or revoked code and a local seat's code
/// get the same 404, so a refusal never says whether a seat exists. No MCP,
/// no spectator feed, no overlay lives here.
///
/// What a peer may cost is bounded: the request head, the frames and
/// messages it sends, its actions per second, one connection per code (a
/// new one replaces the old: a reloaded page or a phone that slept rejoins
/// its seat), and the connections still reading their head.

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QString>

#include <chrono>
#include <map>

class QTcpServer;
class QTcpSocket;
class QWebSocket;
class QWebSocketServer;

namespace townhall::host {

class HumanSeats;

class PlayersServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlayersServer)

public:
    struct Limits
    {
        qsizetype maxHeadBytes = 8 * 1024; ///< request line and headers; larger: 431
        /// An action is a few hundred bytes; a frame or message past this closes 1009.
        quint64 maxIncomingBytes = 16 * 1024;
        double actionsPerSecond = 4; ///< refill of the per-connection bucket
        double actionBurst = 8;      ///< beyond it the connection is closed 1008
        int maxPendingHeads = 64;    ///< connections still sending their head
        std::chrono::milliseconds headTimeout{10000};
        qint64 maxUnsentBytes = 4 * 1024 * 1024; ///< a page that does not read: dropped
    };

    /// The body of every refusal, whatever was asked.
    static constexpr const char *NotFoundBody = "Not found\n";

    explicit PlayersServer(HumanSeats &seats, QObject *parent = nullptr);
    ~PlayersServer() override;

    void setLimits(const Limits &limits) { m_limits = limits; }
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    QHostAddress address() const;
    /// `http://HOST:PORT/play/CODE`; HOST is the machine's LAN address when
    /// listening on any address, else the address listened on.
    QString joinUrl(const QString &code) const;
    /// The first IPv4 address of an interface that is up and not loopback
    /// (127.0.0.1 when there is none).
    static QHostAddress lanAddress();

    int connectionCount() const { return int(m_clients.size()); }

private:
    struct Head
    {
        QPointer<QTcpSocket> socket;
        qint64 since = 0;
    };
    struct Client
    {
        QString code;
        double tokens = 0;
        qint64 at = 0;
    };
    void readHead(QTcpSocket *socket);
    void respond(QTcpSocket *socket, int status, const QByteArray &type, const QByteArray &body);
    void notFound(QTcpSocket *socket);
    /// The code of a seat this listener serves, or empty.
    bool serves(const QString &code) const;
    void accept(QWebSocket *socket);
    void received(QWebSocket *socket, const QString &message);
    void closed(QWebSocket *socket);
    void send(const QString &code, const QByteArray &document);
    void seatsChanged();
    qint64 now() const;

    HumanSeats &m_seats;
    Limits m_limits;
    QTcpServer *m_tcp = nullptr;
    QWebSocketServer *m_ws = nullptr;
    std::map<QTcpSocket *, Head> m_heads;
    std::map<QWebSocket *, Client> m_clients;
    std::map<QString, QPointer<QWebSocket>> m_byCode;
    QByteArray m_page;
};

} // namespace townhall::host
