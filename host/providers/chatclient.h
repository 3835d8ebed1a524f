// SPDX-License-Identifier: MIT
#pragma once

/// \file chatclient.h
/// One provider profile's chat calls over QNetworkAccessManager. Each call
/// is a coroutine that suspends while the network works, so any number of
/// calls may be in flight from one thread and none blocks it.

#include "host/providers/chat.h"

#include <QCoro/QCoroTask>

#include <memory>

class QNetworkAccessManager;

namespace townhall::host::providers {

namespace wire {
struct HttpRequest;
}

class ChatClient final
{
public:
    /// Responses are cut off past this size: a runaway or hostile server must
    /// end in an error, not in memory growth. Real answers are a few KiB.
    static constexpr qint64 DefaultMaxResponseBytes = 4 * 1024 * 1024;

    /// Uses `nam` when given (it must outlive the client), else a manager of
    /// its own. The client must outlive the calls it starts.
    explicit ChatClient(ProviderProfile profile, QNetworkAccessManager *nam = nullptr);
    ~ChatClient();
    ChatClient(const ChatClient &) = delete;
    ChatClient &operator=(const ChatClient &) = delete;

    const ProviderProfile &profile() const { return m_profile; }
    void setMaxResponseBytes(qint64 bytes) { m_maxResponseBytes = bytes; }

    /// One request: `POST {baseUrl}/chat/completions` or `POST {baseUrl}/v1/messages`.
    /// Never throws; every failure is an error in the outcome.
    QCoro::Task<ChatOutcome> chat(ChatRequest request);

    /// `GET {baseUrl}/models` or `GET {baseUrl}/v1/models`.
    QCoro::Task<ModelList> listModels();

private:
    struct Exchange;
    QCoro::Task<Exchange> send(const wire::HttpRequest &request);

    ProviderProfile m_profile;
    std::unique_ptr<QNetworkAccessManager> m_ownNam;
    QNetworkAccessManager *m_nam = nullptr;
    qint64 m_maxResponseBytes = DefaultMaxResponseBytes;
};

} // namespace townhall::host::providers
