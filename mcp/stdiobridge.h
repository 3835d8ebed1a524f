// SPDX-License-Identifier: MIT
#pragma once

/// \file stdiobridge.h
/// `townhall mcp-stdio --url URL [--token T]`: a relay for MCP clients that
/// can only launch a command (MCP-NOTES rule 67). Newline-delimited JSON-RPC
/// on stdin is POSTed to the Streamable HTTP endpoint; every JSON-RPC message
/// that comes back (JSON bodies, SSE `message` events on POST replies and on
/// the session's GET stream) is written to stdout as one compact line.
/// Nothing else is written to stdout; logs go to stderr.
///
/// When the server forgets the session (404: typically the desktop app was
/// restarted), the bridge replays the client's initialize and initialized
/// messages on its own and retries the request once, so SDK clients that never
/// re-initialize (MCP-NOTES rule 36) keep working.

#include <QByteArray>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <deque>
#include <optional>

class QNetworkAccessManager;
class QNetworkRequest;
class QTimer;

namespace townhall::mcp {

/// Runs the bridge on the process's stdin/stdout until stdin reaches EOF,
/// then ends the session (DELETE) and returns the exit code (0 on a clean
/// end). Creates a QCoreApplication if the caller has none.
int runStdioBridge(const QUrl &url, const QString &token);

/// The bridge logic without stdin/stdout, so that it can be tested in-process.
class StdioBridge final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StdioBridge)

public:
    /// \a url is the MCP endpoint; \a token, if not empty, is sent as
    /// `Authorization: Bearer <token>` on every request.
    StdioBridge(const QUrl &url, const QString &token, QObject *parent = nullptr);
    ~StdioBridge() override;

    /// One line from the client (a JSON-RPC message; blank lines are ignored).
    void handleLine(const QByteArray &line);
    /// The client closed stdin: wait for in-flight requests (bounded), send
    /// DELETE, then emit finished().
    void shutdown();

    /// The session id the server assigned, empty before initialize succeeded.
    QByteArray sessionId() const { return m_sessionId; }
    /// True while the GET stream for server-initiated messages is open.
    bool hasNotificationStream() const { return m_getReply != nullptr; }

Q_SIGNALS:
    /// A message for the client: one compact JSON text, no newline.
    void messageOut(const QByteArray &line);
    /// The bridge is done; the caller should exit with \a exitCode.
    void finished(int exitCode);

private:
    /// A message to POST. Internal ones (the bridge's own re-initialization)
    /// never reach stdout.
    struct Outgoing
    {
        nlohmann::json message;
        bool internal = false;
        bool retried = false;
    };

    void post(Outgoing out);
    void onPostFinished(QNetworkReply *reply, Outgoing out, const QByteArray &sentSession);
    void deliver(const Outgoing &out, const QByteArray &body);
    void learnVersion(const nlohmann::json &message);
    void startRecovery();
    void flushQueue();
    void emitBody(const QByteArray &body);
    void emitMessage(const nlohmann::json &message);
    void failRequest(const nlohmann::json &message, int httpStatus, const QByteArray &detail);
    void openStream();
    void scheduleStreamRetry(int delayMs);
    void maybeFinishShutdown();
    void finishShutdown();
    void addHeaders(QNetworkRequest &request, bool withVersion) const;

    QUrl m_url;
    QByteArray m_token;
    QNetworkAccessManager *m_nam;
    QByteArray m_sessionId;
    QByteArray m_protocolVersion;
    bool m_initPending = false;
    std::deque<Outgoing> m_queued; // held back while initialize is in flight
    std::optional<nlohmann::json>
        m_clientInit;                 // the client's initialize, replayed after a lost session
    bool m_clientInitialized = false; // the client sent notifications/initialized
    int m_recoveries = 0;
    int m_inFlight = 0;
    QPointer<QNetworkReply> m_getReply;
    bool m_wantStream = false;
    int m_streamFailures = 0;
    QTimer *m_retryTimer;
    bool m_shuttingDown = false;
    bool m_finished = false;
};

} // namespace townhall::mcp
