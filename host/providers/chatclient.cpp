// SPDX-License-Identifier: MIT
#include "host/providers/chatclient.h"

#include "host/providers/boundedreply.h"
#include "host/providers/providerstr.h"
#include "host/providers/wire.h"

#include <QCoro/QCoroNetworkReply>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QUrl>

namespace townhall::host::providers {

using namespace Qt::StringLiterals;

/// What came back: an HTTP response, or a transport failure.
struct ChatClient::Exchange
{
    wire::HttpResponse response;
    std::optional<ProviderError> error;
    qint64 latencyMs = 0;
};

ChatClient::ChatClient(ProviderProfile profile, QNetworkAccessManager *nam)
    : m_profile(std::move(profile))
    , m_nam(nam)
{
    if (!m_nam) {
        m_ownNam = std::make_unique<QNetworkAccessManager>();
        m_nam = m_ownNam.get();
    }
}

ChatClient::~ChatClient() = default;

namespace {

QString hostOf(const QUrl &url)
{
    return url.port() > 0 ? u"%1:%2"_s.arg(url.host()).arg(url.port()) : url.host();
}

ProviderError transportError(const ProviderProfile &profile,
                             const QUrl &url,
                             const QNetworkReply &reply,
                             const BoundedBody &state,
                             qint64 cap)
{
    ProviderError e;
    const QString host = hostOf(url);
    if (state.tooLarge) {
        e.kind = ProviderError::Kind::BodyTooLarge;
        e.message = ProvidersTr::tr("The answer from %1 exceeded %2 MiB and was cut off.")
                        .arg(host, QString::number(double(cap) / (1024.0 * 1024.0), 'g', 3));
    } else if (state.timedOut || reply.error() == QNetworkReply::TimeoutError) {
        e.kind = ProviderError::Kind::Timeout;
        e.message
            = ProvidersTr::tr("No complete answer from %1 within %2 s.")
                  .arg(host, QString::number(double(profile.timeout.count()) / 1000.0, 'g', 4));
    } else if (reply.error() == QNetworkReply::HostNotFoundError) {
        e.kind = ProviderError::Kind::Dns;
        e.message = ProvidersTr::tr("The host name \"%1\" does not resolve; check the base URL.")
                        .arg(url.host());
    } else if (reply.error() == QNetworkReply::ConnectionRefusedError) {
        e.kind = ProviderError::Kind::Refused;
        e.message = ProvidersTr::tr("Nothing accepts connections at %1; is the server running?")
                        .arg(host);
    } else {
        e.kind = ProviderError::Kind::Network;
        e.message
            = ProvidersTr::tr("The connection to %1 failed: %2.").arg(host, reply.errorString());
    }
    e.message = profile.redacted(e.message);
    return e;
}

} // namespace

QCoro::Task<ChatClient::Exchange> ChatClient::send(const wire::HttpRequest &request)
{
    // Everything the rest of the call needs is copied before the first
    // suspension: the profile may be read by other calls meanwhile.
    const ProviderProfile profile = m_profile;
    const qint64 cap = m_maxResponseBytes;
    const QUrl url(request.url);

    QNetworkRequest nr(url);
    for (const auto &[name, value] : request.headers)
        nr.setRawHeader(name, value);
    prepareForPeer(nr);
    nr.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);

    QElapsedTimer clock;
    clock.start();
    QPointer<QNetworkReply> reply
        = request.method == "POST" ? m_nam->post(nr, request.body) : m_nam->get(nr);
    const std::shared_ptr<BoundedBody> state = boundReply(reply, cap, profile.timeout);

    co_await reply.data();

    Exchange out;
    out.latencyMs = clock.elapsed();
    if (!reply) {
        ProviderError e;
        e.kind = ProviderError::Kind::Network;
        e.message
            = ProvidersTr::tr("The request to %1 was dropped before it finished.").arg(hostOf(url));
        out.error = e;
        co_return out;
    }
    takeRest(*reply, *state, cap);
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (const QString target = redirectTarget(*reply);
        !target.isEmpty() && !state->tooLarge && !state->timedOut) {
        // Never followed (prepareForPeer): the key stays with the server the profile names.
        ProviderError e;
        e.kind = ProviderError::Kind::Network;
        e.httpStatus = status.toInt();
        e.message
            = profile.redacted(crossOrigin(url.toString(), target)
                                   ? ProvidersTr::tr("The provider redirected to %1; Town Hall "
                                                     "does not send your key to another origin.")
                                         .arg(target)
                                   : ProvidersTr::tr("The provider redirected to %1; Town Hall "
                                                     "follows no redirects, so put that address "
                                                     "in the base URL.")
                                         .arg(target));
        out.error = e;
        qCInfo(lcProviders).noquote() << request.method << url.toDisplayString() << "redirected to"
                                      << target << "(not followed)";
    } else if (state->tooLarge || state->timedOut || !status.isValid()
               || (reply->error() != QNetworkReply::NoError
                   && reply->error() < QNetworkReply::ContentAccessDenied)) {
        // Below ContentAccessDenied Qt's errors are about the connection
        // (refused, reset, DNS); from there on a status arrived and the
        // body says the rest.
        out.error = transportError(profile, url, *reply, *state, cap);
        qCInfo(lcProviders).noquote() << request.method << url.toDisplayString()
                                      << "failed:" << ProviderError::kindName(out.error->kind)
                                      << "after" << out.latencyMs << "ms";
    } else {
        out.response.status = status.toInt();
        out.response.headers = reply->rawHeaderPairs();
        out.response.body = std::move(state->body);
        qCDebug(lcProviders).noquote() << request.method << url.toDisplayString()
                                       << out.response.status << "in" << out.latencyMs << "ms";
    }
    reply->deleteLater();
    co_return out;
}

QCoro::Task<ChatOutcome> ChatClient::chat(ChatRequest request)
{
    const ProviderProfile profile = m_profile;
    const wire::HttpRequest http = wire::chatRequest(profile, request);
    Exchange ex = co_await send(http);
    ChatOutcome out;
    if (ex.error)
        out.error = std::move(ex.error);
    else
        out = wire::parseChat(profile, ex.response, QDateTime::currentDateTimeUtc());
    out.result.latencyMs = ex.latencyMs;
    co_return out;
}

QCoro::Task<ModelList> ChatClient::listModels()
{
    const ProviderProfile profile = m_profile;
    Exchange ex = co_await send(wire::modelsRequest(profile));
    ModelList out;
    if (ex.error)
        out.error = std::move(ex.error);
    else
        out = wire::parseModels(profile, ex.response, QDateTime::currentDateTimeUtc());
    out.latencyMs = ex.latencyMs;
    co_return out;
}

const char *ProviderError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Dns:
        return "DNS";
    case Kind::Refused:
        return "REFUSED";
    case Kind::Timeout:
        return "TIMEOUT";
    case Kind::Network:
        return "NETWORK";
    case Kind::Auth:
        return "AUTH";
    case Kind::ModelNotFound:
        return "MODEL_NOT_FOUND";
    case Kind::EndpointNotFound:
        return "ENDPOINT_NOT_FOUND";
    case Kind::RateLimited:
        return "RATE_LIMITED";
    case Kind::Quota:
        return "QUOTA";
    case Kind::BadRequest:
        return "BAD_REQUEST";
    case Kind::Server:
        return "SERVER";
    case Kind::BodyTooLarge:
        return "BODY_TOO_LARGE";
    case Kind::MalformedResponse:
        return "MALFORMED_RESPONSE";
    case Kind::MalformedToolCall:
        return "MALFORMED_TOOL_CALL";
    case Kind::NoToolSupport:
        return "NO_TOOL_SUPPORT";
    case Kind::EmptyAnswer:
        return "EMPTY_ANSWER";
    }
    return "UNKNOWN";
}

} // namespace townhall::host::providers
