// SPDX-License-Identifier: MIT
#include "host/players/playersserver.h"

#include "host/seats/humanseats.h"

#include <QDateTime>
#include <QFile>
#include <QLoggingCategory>
#include <QNetworkInterface>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QWebSocket>
#include <QWebSocketServer>

#include <algorithm>

Q_LOGGING_CATEGORY(lcPlayers, "townhall.players")

namespace townhall::host {

namespace {

/// Close codes of RFC 6455.
constexpr auto ClosePolicy = QWebSocketProtocol::CloseCodePolicyViolated;
constexpr auto CloseTooBig = QWebSocketProtocol::CloseCodeTooMuchData;

/// A header's value in a request head (case-insensitive name), or empty.
QByteArray header(const QList<QByteArray> &lines, const QByteArray &name)
{
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &l = lines[i];
        const qsizetype colon = l.indexOf(':');
        if (colon > 0 && l.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return l.mid(colon + 1).trimmed();
    }
    return {};
}

/// "/play/CODE" or "/play/CODE/ws": the code (22 base64url characters).
const QRegularExpression &playPath()
{
    static const QRegularExpression re(QStringLiteral("^/play/([A-Za-z0-9_-]{22})(/ws)?$"));
    return re;
}

} // namespace

PlayersServer::PlayersServer(HumanSeats &seats, QObject *parent)
    : QObject(parent)
    , m_seats(seats)
    , m_ws(new QWebSocketServer(QStringLiteral("Town Hall"), QWebSocketServer::NonSecureMode, this))
{
    QFile page(QStringLiteral(":/players/play.html"));
    if (page.open(QIODevice::ReadOnly))
        m_page = page.readAll();
    else
        qCWarning(lcPlayers) << "the players' page is missing from the resources";
    connect(m_ws, &QWebSocketServer::newConnection, this, [this] {
        while (m_ws->hasPendingConnections())
            accept(m_ws->nextPendingConnection());
    });
    connect(&m_seats, &HumanSeats::documentChanged, this, &PlayersServer::send);
    connect(&m_seats, &HumanSeats::seatsChanged, this, &PlayersServer::seatsChanged);
}

PlayersServer::~PlayersServer()
{
    for (auto &[socket, client] : m_clients)
        socket->disconnect(this);
    for (auto &[tcp, head] : m_heads)
        if (head.socket)
            head.socket->disconnect(this);
}

qint64 PlayersServer::now() const
{
    return QDateTime::currentMSecsSinceEpoch();
}

bool PlayersServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (!m_tcp) {
        m_tcp = new QTcpServer(this);
        connect(m_tcp, &QTcpServer::newConnection, this, [this] {
            while (m_tcp->hasPendingConnections()) {
                QTcpSocket *socket = m_tcp->nextPendingConnection();
                if (int(m_heads.size()) >= m_limits.maxPendingHeads) {
                    socket->abort();
                    socket->deleteLater();
                    continue;
                }
                // Room for the head and no more until it is read.
                socket->setReadBufferSize(m_limits.maxHeadBytes + 1);
                m_heads[socket] = Head{socket, now()};
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readHead(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(
                    socket, &QObject::destroyed, this, [this, socket] { m_heads.erase(socket); });
                QTimer::singleShot(m_limits.headTimeout, socket, [this, socket] {
                    if (m_heads.count(socket))
                        socket->abort();
                });
            }
        });
    }
    if (!m_tcp->listen(address, port)) {
        if (error)
            *error = tr("cannot offer the players' pages on %1:%2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(m_tcp->errorString());
        return false;
    }
    return true;
}

quint16 PlayersServer::port() const
{
    return m_tcp && m_tcp->isListening() ? m_tcp->serverPort() : 0;
}

QHostAddress PlayersServer::address() const
{
    return m_tcp ? m_tcp->serverAddress() : QHostAddress();
}

QHostAddress PlayersServer::lanAddress()
{
    for (const QNetworkInterface &i : QNetworkInterface::allInterfaces()) {
        const auto flags = i.flags();
        if (!flags.testFlag(QNetworkInterface::IsUp)
            || !flags.testFlag(QNetworkInterface::IsRunning)
            || flags.testFlag(QNetworkInterface::IsLoopBack))
            continue;
        for (const QNetworkAddressEntry &e : i.addressEntries())
            if (e.ip().protocol() == QAbstractSocket::IPv4Protocol && !e.ip().isLoopback())
                return e.ip();
    }
    return QHostAddress(QHostAddress::LocalHost);
}

QString PlayersServer::joinUrl(const QString &code) const
{
    QHostAddress host = address();
    if (host == QHostAddress::Any || host == QHostAddress::AnyIPv4)
        host = lanAddress();
    else if (host == QHostAddress::AnyIPv6)
        host = lanAddress();
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(host.toString());
    url.setPort(port());
    url.setPath(QStringLiteral("/play/") + code);
    return url.toString();
}

bool PlayersServer::serves(const QString &code) const
{
    // A local seat (the app's own panel) is never served to a page.
    const QList<HumanSeats::Info> seats = m_seats.seats();
    return std::any_of(seats.begin(), seats.end(), [&code](const HumanSeats::Info &s) {
        return !s.local && s.code == code;
    });
}

void PlayersServer::respond(QTcpSocket *socket,
                            int status,
                            const QByteArray &type,
                            const QByteArray &body)
{
    static const std::map<int, QByteArray> reasons{
        {200, "OK"}, {404, "Not Found"}, {431, "Request Header Fields Too Large"}};
    QByteArray r = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasons.at(status) + "\r\n";
    r += "Content-Type: " + type + "\r\n";
    r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    r += "Cache-Control: no-store\r\n";
    // The code is in the address: no page may learn it from a Referer.
    r += "Referrer-Policy: no-referrer\r\n";
    r += "X-Content-Type-Options: nosniff\r\n";
    r += "X-Frame-Options: DENY\r\n";
    r += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src "
         "'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action "
         "'none'; frame-ancestors 'none'\r\n";
    r += "Connection: close\r\n\r\n";
    r += body;
    m_heads.erase(socket);
    socket->disconnect(this);
    // What the peer sent is read and dropped, so closing does not reset the
    // connection under the response.
    socket->setReadBufferSize(0);
    socket->readAll();
    connect(socket, &QTcpSocket::readyRead, socket, [socket] { socket->readAll(); });
    socket->write(r);
    connect(socket, &QTcpSocket::bytesWritten, socket, [socket] {
        if (socket->bytesToWrite() == 0)
            socket->disconnectFromHost();
    });
}

void PlayersServer::notFound(QTcpSocket *socket)
{
    respond(socket, 404, "text/plain; charset=utf-8", NotFoundBody);
}

void PlayersServer::readHead(QTcpSocket *socket)
{
    if (!m_heads.count(socket))
        return;
    const QByteArray peeked = socket->peek(m_limits.maxHeadBytes + 1);
    const qsizetype end = peeked.indexOf("\r\n\r\n");
    if (end < 0) {
        if (peeked.size() > m_limits.maxHeadBytes)
            respond(socket, 431, "text/plain; charset=utf-8", "Request head too large\n");
        return; // the rest of the head is on its way
    }
    const QList<QByteArray> lines = peeked.left(end).split('\n');
    const QList<QByteArray> request = lines.value(0).trimmed().split(' ');
    if (request.size() != 3 || !request[2].startsWith("HTTP/1."))
        return notFound(socket);
    const QByteArray &method = request[0];
    const QByteArray target = request[1];
    const QString path = QString::fromLatin1(
        target.left(target.indexOf('?') < 0 ? target.size() : target.indexOf('?')));
    const QRegularExpressionMatch match = playPath().match(path);
    if (method != "GET" || !match.hasMatch() || target.contains('?'))
        return notFound(socket);
    const QString code = match.captured(1);
    if (!serves(code))
        return notFound(socket);
    const bool ws = !match.captured(2).isEmpty();
    if (!ws) {
        if (m_page.isEmpty())
            return notFound(socket);
        return respond(socket, 200, "text/html; charset=utf-8", m_page);
    }
    if (header(lines, "Upgrade").toLower() != "websocket")
        return notFound(socket);
    // A page of another origin may not play the seat, even with its code.
    const QByteArray origin = header(lines, "Origin");
    if (!origin.isEmpty()) {
        const QUrl o(QString::fromLatin1(origin));
        const QString authority
            = o.host() + (o.port() > 0 ? QStringLiteral(":%1").arg(o.port()) : QString());
        if (authority.compare(QString::fromLatin1(header(lines, "Host")), Qt::CaseInsensitive) != 0)
            return notFound(socket);
    }
    // The handshake is left unread for the WebSocket server, which owns the
    // socket from now on.
    m_heads.erase(socket);
    QObject::disconnect(socket, nullptr, nullptr, nullptr);
    socket->setReadBufferSize(qint64(m_limits.maxIncomingBytes) + 4096);
    socket->setParent(m_ws);
    m_ws->handleConnection(socket);
}

void PlayersServer::accept(QWebSocket *socket)
{
    const QRegularExpressionMatch match = playPath().match(socket->requestUrl().path());
    const QString code = match.hasMatch() ? match.captured(1) : QString();
    if (code.isEmpty() || !serves(code)) {
        socket->close(ClosePolicy);
        socket->deleteLater();
        return;
    }
    socket->setMaxAllowedIncomingFrameSize(m_limits.maxIncomingBytes);
    socket->setMaxAllowedIncomingMessageSize(m_limits.maxIncomingBytes);
    // One page per seat: the newest (a reload, a phone that woke) wins.
    if (QPointer<QWebSocket> old = m_byCode[code]; old) {
        m_clients.erase(old.data());
        old->disconnect(this);
        old->close(QWebSocketProtocol::CloseCodeNormal, QStringLiteral("replaced"));
        old->deleteLater();
    }
    m_byCode[code] = socket;
    m_clients[socket] = Client{code, m_limits.actionBurst, now()};
    connect(socket, &QWebSocket::textMessageReceived, this, [this, socket](const QString &m) {
        received(socket, m);
    });
    connect(socket, &QWebSocket::binaryMessageReceived, this, [socket](const QByteArray &) {
        socket->close(QWebSocketProtocol::CloseCodeDatatypeNotSupported);
    });
    connect(socket, &QWebSocket::disconnected, this, [this, socket] { closed(socket); });
    m_seats.attach(code, true);
    socket->sendTextMessage(QString::fromUtf8(m_seats.document(code)));
}

void PlayersServer::received(QWebSocket *socket, const QString &message)
{
    const auto it = m_clients.find(socket);
    if (it == m_clients.end())
        return;
    Client &c = it->second;
    const qint64 t = now();
    c.tokens = std::min(m_limits.actionBurst,
                        c.tokens + double(t - c.at) * m_limits.actionsPerSecond / 1000.0);
    c.at = t;
    if (c.tokens < 1) {
        qCInfo(lcPlayers) << "closing a page that sends too many actions";
        socket->close(ClosePolicy, QStringLiteral("too many actions"));
        return;
    }
    c.tokens -= 1;
    const QByteArray bytes = message.toUtf8();
    if (qsizetype(bytes.size()) > qsizetype(m_limits.maxIncomingBytes)) {
        socket->close(CloseTooBig);
        return;
    }
    m_seats.act(c.code, bytes);
}

void PlayersServer::closed(QWebSocket *socket)
{
    const auto it = m_clients.find(socket);
    if (it != m_clients.end()) {
        const QString code = it->second.code;
        m_clients.erase(it);
        if (m_byCode[code] == socket) {
            m_byCode.erase(code);
            m_seats.attach(code, false);
        }
    }
    socket->deleteLater();
}

void PlayersServer::send(const QString &code, const QByteArray &document)
{
    const auto it = m_byCode.find(code);
    if (it == m_byCode.end() || !it->second)
        return;
    QWebSocket *socket = it->second.data();
    if (socket->bytesToWrite() > m_limits.maxUnsentBytes) {
        socket->close(ClosePolicy, QStringLiteral("the page does not read"));
        return;
    }
    socket->sendTextMessage(QString::fromUtf8(document));
}

void PlayersServer::seatsChanged()
{
    // A revoked code's page goes.
    std::vector<QWebSocket *> gone;
    for (const auto &[socket, client] : m_clients)
        if (!serves(client.code))
            gone.push_back(socket);
    for (QWebSocket *socket : gone)
        socket->close(ClosePolicy);
}

} // namespace townhall::host
