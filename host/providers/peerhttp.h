// SPDX-License-Identifier: MIT
#pragma once

/// \file peerhttp.h
/// One HTTP/1.1 POST to a peer Town Hall does not control (a push agent),
/// read on the caller's thread from a socket whose read buffer is small.
///
/// Why not QNetworkAccessManager: its HTTP thread reads a chunked answer
/// as fast as the peer sends and queues it for this thread without limit.
/// Against an agent on loopback that streams without end, the reply's
/// readyRead came seconds late, after the host had grown by 1 GB, whatever
/// the reply's read buffer said. Here the socket holds at most
/// ReadAheadBytes; TCP makes the peer wait for us, and the answer is cut
/// off the moment it passes the cap or the deadline.
///
/// Redirects are never followed (the Authorization header would go along):
/// a 3xx is returned as it is, with its Location.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <chrono>
#include <functional>

class QObject;

namespace townhall::host::providers {

struct PeerResponse
{
    enum class Failure {
        None,
        Timeout,    ///< the deadline passed before the answer was complete
        TooLarge,   ///< the declared length or the bytes passed the cap
        Connection, ///< refused, reset, closed early, TLS, DNS
        Protocol,   ///< not an HTTP/1.x answer (a status line, headers, chunks)
    };
    Failure failure = Failure::None;
    QString failureText; ///< for a log line
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    /// The header's value, names compared case-insensitively; empty when absent.
    QByteArray header(QByteArrayView name) const;
};

/// The bytes the socket may hold before they are parsed.
inline constexpr qint64 PeerReadAheadBytes = 64 * 1024;

/// POSTs `body` to `url` (http or https) with `headers` and calls `done`
/// once, on this thread, with the answer or why there is none. The body
/// may be at most `cap` bytes; the whole exchange takes at most `deadline`.
/// Nothing is called once `context` is gone (the exchange is dropped with it).
void postToPeer(const QUrl &url,
                const QList<QPair<QByteArray, QByteArray>> &headers,
                const QByteArray &body,
                qint64 cap,
                std::chrono::milliseconds deadline,
                QObject *context,
                std::function<void(PeerResponse)> done);

} // namespace townhall::host::providers
