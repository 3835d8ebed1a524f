// SPDX-License-Identifier: MIT
#pragma once

/// \file boundedreply.h
/// What every request Town Hall sends to a peer it does not control (a
/// model provider, a push agent) holds to: no redirect is followed, so a key
/// or token never travels to another origin, and the answer is read as it
/// arrives under a byte cap and a whole-request deadline, so a peer that
/// streams without end or sends hundreds of megabytes costs a bounded
/// amount of memory and never blocks the event loop.

#include <QByteArray>
#include <QString>

#include <chrono>
#include <memory>

class QNetworkReply;
class QNetworkRequest;

namespace townhall::host::providers {

/// What a bounded reply read, and why it stopped early. Shared with the
/// reply's handlers, which may run after the caller moved on.
struct BoundedBody
{
    QByteArray body;
    bool timedOut = false; ///< the deadline passed first
    bool tooLarge = false; ///< the Content-Length or the bytes passed the cap
};

/// Sets the request up for a peer: redirects are not followed
/// (ManualRedirectPolicy; see redirectTarget), and Qt's own transfer
/// timeout is off, since it notices only silence, which a slow drip of
/// bytes never is (boundReply's deadline covers the whole request).
void prepareForPeer(QNetworkRequest &request);

/// Watches `reply` from now on: reads what arrives into the returned body,
/// aborts the reply once its Content-Length or what arrived passes `cap`
/// bytes, or when `deadline` passes. The deadline's timer is the reply's
/// child and dies with it.
std::shared_ptr<BoundedBody>
boundReply(QNetworkReply *reply, qint64 cap, std::chrono::milliseconds deadline);

/// Once the reply finished: adds what it still holds, unless it was cut
/// short or that would pass the cap (then tooLarge).
void takeRest(QNetworkReply &reply, BoundedBody &state, qint64 cap);

/// When the reply is a redirect (a 3xx with a Location), where it pointed,
/// resolved against the request's URL, for an error that names it; empty
/// otherwise.
QString redirectTarget(const QNetworkReply &reply);

/// Whether `target` is another origin (scheme, host or port) than `from`.
bool crossOrigin(const QString &from, const QString &target);

} // namespace townhall::host::providers
