// SPDX-License-Identifier: MIT
#include "host/providers/boundedreply.h"

#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

#include <algorithm>

namespace townhall::host::providers {

namespace {

/// How much Qt may hold of an answer before it is read.
constexpr qint64 ReadAheadBytes = 256 * 1024;

} // namespace

void prepareForPeer(QNetworkRequest &request)
{
    // Qt 6 follows redirects by default, to any host, with every header the
    // request carries: a provider's 307 would hand the key to whoever it names.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(0);
}

std::shared_ptr<BoundedBody>
boundReply(QNetworkReply *reply, qint64 cap, std::chrono::milliseconds deadline)
{
    // Qt's HTTP thread reads ahead of this one without limit: a peer on a
    // fast link fills hundreds of MB in queued chunks before the handler
    // below sees the first. A read buffer makes it wait for us instead.
    reply->setReadBufferSize(std::min<qint64>(cap, ReadAheadBytes));
    auto state = std::make_shared<BoundedBody>();
    auto abortWith = [reply, state](bool BoundedBody::*flag) {
        if (reply->isFinished())
            return;
        state.get()->*flag = true;
        reply->abort();
    };
    auto *timer = new QTimer(reply);
    timer->setSingleShot(true);
    QObject::connect(
        timer, &QTimer::timeout, reply, [abortWith] { abortWith(&BoundedBody::timedOut); });
    // A declared length past the cap is refused before a byte of it is read.
    QObject::connect(reply, &QNetworkReply::metaDataChanged, reply, [reply, abortWith, cap] {
        bool ok = false;
        const qint64 length = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong(&ok);
        if (ok && length > cap)
            abortWith(&BoundedBody::tooLarge);
    });
    // Read as it arrives: what Qt buffers stays one chunk, never the whole stream.
    QObject::connect(reply, &QIODevice::readyRead, reply, [reply, state, abortWith, cap] {
        if (state->tooLarge || state->timedOut)
            return;
        if (state->body.size() + reply->bytesAvailable() > cap) {
            abortWith(&BoundedBody::tooLarge);
            return;
        }
        state->body += reply->readAll();
    });
    timer->start(deadline);
    return state;
}

void takeRest(QNetworkReply &reply, BoundedBody &state, qint64 cap)
{
    if (state.tooLarge || state.timedOut)
        return;
    if (state.body.size() + reply.bytesAvailable() > cap)
        state.tooLarge = true;
    else
        state.body += reply.readAll();
}

QString redirectTarget(const QNetworkReply &reply)
{
    const int status = reply.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray location = reply.rawHeader("Location");
    if (status < 300 || status > 399 || location.isEmpty())
        return {};
    return reply.url().resolved(QUrl::fromEncoded(location)).toDisplayString(QUrl::RemoveUserInfo);
}

bool crossOrigin(const QString &from, const QString &target)
{
    const QUrl a(from);
    const QUrl b(target);
    return a.scheme() != b.scheme() || a.host().compare(b.host(), Qt::CaseInsensitive) != 0
           || a.port(a.scheme() == QLatin1String("https") ? 443 : 80)
                  != b.port(b.scheme() == QLatin1String("https") ? 443 : 80);
}

} // namespace townhall::host::providers
