// SPDX-License-Identifier: MIT
#pragma once

/// \file wire.h
/// The two protocols as pure functions: a ChatRequest becomes an HTTP
/// request, an HTTP response becomes a ChatOutcome. No sockets, no clock
/// except the `now` a caller passes, so every mapping and every error
/// classification is testable on its own; ChatClient only moves the bytes.

#include "host/providers/chat.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>

namespace townhall::host::providers::wire {

using Headers = QList<QPair<QByteArray, QByteArray>>;

struct HttpRequest
{
    QByteArray method; ///< "GET" or "POST"
    QString url;
    Headers headers; ///< carries the key: never log them
    QByteArray body;
};

struct HttpResponse
{
    int status = 0;
    Headers headers;
    QByteArray body;
};

/// The value of a header, names compared case-insensitively; empty when absent.
QByteArray header(const Headers &headers, QByteArrayView name);

/// {baseUrl}/chat/completions or {baseUrl}/v1/messages, with the profile's model,
/// budget and temperature and the protocol's auth headers.
HttpRequest chatRequest(const ProviderProfile &profile, const ChatRequest &request);
/// {baseUrl}/models or {baseUrl}/v1/models.
HttpRequest modelsRequest(const ProviderProfile &profile);

/// The outcome of a chat response: the parsed result, or the classified
/// error (HTTP status, error body, malformed JSON or tool call, empty answer).
ChatOutcome
parseChat(const ProviderProfile &profile, const HttpResponse &response, const QDateTime &now);
ModelList
parseModels(const ProviderProfile &profile, const HttpResponse &response, const QDateTime &now);

/// The error a non-2xx response (or a 200 carrying an `error`, as OpenRouter
/// sends once generation has started) stands for. `url` is named in the sentence.
ProviderError httpError(const ProviderProfile &profile,
                        const HttpResponse &response,
                        const QString &url,
                        const QDateTime &now);

/// How long the server asks us to wait: `retry-after-ms`, else `retry-after`
/// (seconds or an HTTP date), else the latest of the rate-limit reset headers
/// (OpenAI's `x-ratelimit-reset-*` durations such as "6m0s", Anthropic's
/// `anthropic-ratelimit-*-reset` RFC 3339 times).
std::optional<qint64> retryAfterMs(const Headers &headers, const QDateTime &now);

/// "1s", "6m0s", "12ms", "1h2m3.5s" in milliseconds.
std::optional<qint64> parseDurationMs(QByteArrayView text);

} // namespace townhall::host::providers::wire
