// SPDX-License-Identifier: MIT
#include "host/providers/peerhttp.h"

#include <QPointer>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace townhall::host::providers {

QByteArray PeerResponse::header(QByteArrayView name) const
{
    for (const auto &[k, v] : headers)
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

namespace {

/// Longer status lines and headers than any agent sends: past this the peer is not speaking HTTP.
constexpr qsizetype MaxHeadBytes = 64 * 1024;
constexpr qsizetype MaxChunkLineBytes = 1024;

/// One exchange: the socket, what arrived and not yet parsed, and where
/// the parse stands. Lives as long as the socket's handlers.
struct Exchange
{
    QTcpSocket *socket = nullptr;
    std::function<void(PeerResponse)> done;
    qint64 cap = 0;
    QByteArray in;
    PeerResponse out;
    bool headDone = false;
    bool chunked = false;
    qint64 length = -1; ///< the body's length when declared; -1: until the peer closes
    qint64 chunkLeft
        = -1; ///< bytes of the current chunk to read; -1: a size line is next; -2: its CRLF
    bool finished = false;

    void finish(PeerResponse::Failure failure = PeerResponse::Failure::None,
                const QString &why = {})
    {
        if (finished)
            return;
        finished = true;
        out.failure = failure;
        out.failureText = why;
        QObject::disconnect(socket, nullptr, nullptr, nullptr);
        socket->abort();
        socket->deleteLater();
        // The handler may end the context (and the exchange's owner): last.
        auto call = std::move(done);
        call(std::move(out));
    }

    bool addBody(QByteArrayView bytes)
    {
        if (out.body.size() + bytes.size() > cap) {
            finish(PeerResponse::Failure::TooLarge,
                   QStringLiteral("the answer passed %1 bytes").arg(cap));
            return false;
        }
        out.body += bytes;
        return true;
    }

    bool parseHead()
    {
        const qsizetype end = in.indexOf("\r\n\r\n");
        if (end < 0) {
            if (in.size() > MaxHeadBytes)
                finish(PeerResponse::Failure::Protocol,
                       QStringLiteral("the headers passed %1 bytes").arg(MaxHeadBytes));
            return false;
        }
        const QList<QByteArray> lines = in.left(end).split('\n');
        in.remove(0, end + 4);
        const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
        bool ok = false;
        const int status = statusLine.value(1).toInt(&ok);
        if (!statusLine.value(0).startsWith("HTTP/1.") || !ok || status < 100 || status > 999) {
            finish(PeerResponse::Failure::Protocol, QStringLiteral("no HTTP status line"));
            return false;
        }
        if (status < 200)
            return true; // 100 Continue and the like: the real head follows
        out.status = status;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                out.headers.emplaceBack(line.left(colon).trimmed(), line.mid(colon + 1).trimmed());
        }
        chunked = out.header("Transfer-Encoding").toLower().contains("chunked");
        if (!chunked && !out.header("Content-Length").isEmpty()) {
            length = out.header("Content-Length").toLongLong(&ok);
            if (!ok || length < 0) {
                finish(PeerResponse::Failure::Protocol,
                       QStringLiteral("a Content-Length that is no number"));
                return false;
            }
            // Refused before a byte of the body is read.
            if (length > cap) {
                finish(PeerResponse::Failure::TooLarge,
                       QStringLiteral("the answer declares %1 bytes").arg(length));
                return false;
            }
        }
        if (status == 204 || status == 304)
            length = 0;
        headDone = true;
        return true;
    }

    /// Reads what `in` holds of the body; true once it is complete.
    bool parseBody()
    {
        if (!chunked) {
            const qsizetype take
                = length < 0 ? in.size() : std::min<qint64>(in.size(), length - out.body.size());
            if (!addBody(QByteArrayView(in).first(take)))
                return false;
            in.remove(0, take);
            return length >= 0 && out.body.size() == length;
        }
        for (;;) {
            if (chunkLeft == -1) {
                const qsizetype eol = in.indexOf("\r\n");
                if (eol < 0) {
                    if (in.size() > MaxChunkLineBytes)
                        finish(PeerResponse::Failure::Protocol,
                               QStringLiteral("a chunk size line too long"));
                    return false;
                }
                QByteArray sizeText = in.left(eol);
                if (const qsizetype semi = sizeText.indexOf(';'); semi >= 0)
                    sizeText.truncate(semi);
                in.remove(0, eol + 2);
                bool ok = false;
                const qint64 size = sizeText.trimmed().toLongLong(&ok, 16);
                if (!ok || size < 0) {
                    finish(PeerResponse::Failure::Protocol,
                           QStringLiteral("a chunk size that is no number"));
                    return false;
                }
                if (size == 0)
                    return true; // the last chunk; trailers are not read
                if (out.body.size() + size > cap) {
                    finish(PeerResponse::Failure::TooLarge,
                           QStringLiteral("the answer passed %1 bytes").arg(cap));
                    return false;
                }
                chunkLeft = size;
            }
            if (chunkLeft == -2) {
                if (in.size() < 2)
                    return false;
                in.remove(0, 2);
                chunkLeft = -1;
                continue;
            }
            const qsizetype take = std::min<qint64>(in.size(), chunkLeft);
            if (take == 0)
                return false;
            if (!addBody(QByteArrayView(in).first(take)))
                return false;
            in.remove(0, take);
            chunkLeft -= take;
            if (chunkLeft == 0)
                chunkLeft = -2;
        }
    }

    void onReadyRead()
    {
        in += socket->readAll();
        while (!finished && !headDone) {
            if (!parseHead())
                return;
        }
        if (!finished && parseBody())
            finish();
    }

    void onClosed()
    {
        if (finished)
            return;
        in += socket->readAll();
        if (headDone && !chunked && length < 0) {
            if (addBody(in))
                finish(); // a body that ends with the connection
            return;
        }
        finish(PeerResponse::Failure::Connection,
               headDone ? QStringLiteral("the connection closed mid-answer")
                        : QStringLiteral("the connection closed without an answer"));
    }
};

QByteArray requestHead(const QUrl &url,
                       const QList<QPair<QByteArray, QByteArray>> &headers,
                       qsizetype bodySize)
{
    QByteArray target = url.path(QUrl::FullyEncoded).toLatin1();
    if (target.isEmpty())
        target = "/";
    if (url.hasQuery())
        target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    if (url.port() > 0)
        host += ':' + QByteArray::number(url.port());
    QByteArray head = "POST " + target + " HTTP/1.1\r\nHost: " + host + "\r\n";
    for (const auto &[name, value] : headers)
        head += name + ": " + value + "\r\n";
    head += "Content-Length: " + QByteArray::number(bodySize) + "\r\nConnection: close\r\n\r\n";
    return head;
}

} // namespace

void postToPeer(const QUrl &url,
                const QList<QPair<QByteArray, QByteArray>> &headers,
                const QByteArray &body,
                qint64 cap,
                std::chrono::milliseconds deadline,
                QObject *context,
                std::function<void(PeerResponse)> done)
{
    const bool tls = url.scheme() == QLatin1String("https");
    QTcpSocket *socket = tls ? new QSslSocket(context) : new QTcpSocket(context);
    // The back pressure: the kernel, not this process, holds what the peer
    // sends beyond this, and the peer waits.
    socket->setReadBufferSize(PeerReadAheadBytes);
    auto x = std::make_shared<Exchange>();
    x->socket = socket;
    // The socket dies with the context, and may say "disconnected" as it
    // does: by then the context is gone and nobody is told.
    x->done = [context = QPointer<QObject>(context), done = std::move(done)](PeerResponse r) {
        if (context)
            done(std::move(r));
    };
    x->cap = cap;
    auto *timer = new QTimer(socket);
    timer->setSingleShot(true);
    QObject::connect(timer, &QTimer::timeout, socket, [x, deadline] {
        x->finish(PeerResponse::Failure::Timeout,
                  QStringLiteral("no complete answer within %1 ms").arg(qint64(deadline.count())));
    });
    const QByteArray request = requestHead(url, headers, body.size()) + body;
    QObject::connect(socket, &QTcpSocket::connected, socket, [x, request, tls] {
        if (!tls)
            x->socket->write(request);
    });
    if (tls)
        QObject::connect(static_cast<QSslSocket *>(socket),
                         &QSslSocket::encrypted,
                         socket,
                         [x, request] { x->socket->write(request); });
    QObject::connect(socket, &QIODevice::readyRead, socket, [x] { x->onReadyRead(); });
    QObject::connect(socket, &QAbstractSocket::disconnected, socket, [x] { x->onClosed(); });
    QObject::connect(
        socket, &QAbstractSocket::errorOccurred, socket, [x](QAbstractSocket::SocketError e) {
            if (e == QAbstractSocket::RemoteHostClosedError)
                x->onClosed();
            else
                x->finish(PeerResponse::Failure::Connection, x->socket->errorString());
        });
    timer->start(deadline);
    const quint16 port = quint16(url.port(tls ? 443 : 80));
    if (tls)
        static_cast<QSslSocket *>(socket)->connectToHostEncrypted(url.host(), port);
    else
        socket->connectToHost(url.host(), port);
}

} // namespace townhall::host::providers
