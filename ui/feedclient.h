// SPDX-License-Identifier: MIT
#pragma once

#include "engine/event.h"
#include "ui/spectatorcontroller.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <optional>

class QWebSocket;

namespace townhall::ui {

class ReplicaSet;

/// A client of the spectator feed (docs/spectator-feed.md): it opens the
/// WebSocket, folds what arrives into a public ReplicaSet and keeps the
/// connection up, resuming from the last cursor after a drop.
///
/// It is the only way the broadcast window and "Watch a host…" learn about
/// matches, so they can show nothing a spectator of the feed could not see.
class FeedClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FeedClient)

public:
    enum class State {
        Idle,         ///< not opened, or closed by the owner
        Connecting,   ///< the first attempt is under way
        Connected,    ///< hello received
        Reconnecting, ///< the connection was lost or dropped; retrying
        Unreachable,  ///< the host did not answer; retrying
        Refused,      ///< the host answered with an error (bad request): no retry
    };
    Q_ENUM(State)

    /// `replicas` must be in public mode; the client does not own it.
    explicit FeedClient(ReplicaSet *replicas, QObject *parent = nullptr);
    ~FeedClient() override;

    /// Connects to `url` (ws[s]://host:port/spectate, with `match` or `delay`
    /// in its query if wanted). `history=full` is added: each match's whole
    /// public log comes with the snapshot. Closes any previous connection.
    void open(const QUrl &url);
    void close();

    State state() const { return m_state; }
    /// One translated line for a status bar ("Connected to …", "Host unreachable…").
    QString statusText() const;
    QUrl url() const { return m_url; }
    /// The last cursor seen (empty before the first snapshot).
    QString cursor() const { return m_cursor; }
    qint64 delayMs() const { return m_delayMs; }
    /// The wait before the next reconnection attempt, in ms.
    int retryDelayMs() const { return m_backoffMs; }
    /// Backoff bounds (1 s → 10 s by default); tests shorten them.
    void setBackoff(int firstMs, int maxMs);
    /// The host's time as the feed shows it: its clock estimated from
    /// `serverTime`, less the delay. Countdowns run on it.
    Clock shownClock() const;

    /// The feed URL of a host whose MCP endpoint is `mcpUrl`
    /// (http://host:port/mcp → ws://host:port/spectate).
    static QUrl feedUrlForMcp(const QString &mcpUrl);
    /// A URL the user typed: ws:// or wss:// as given (path /spectate when
    /// empty), a bare host:port completed to ws://host:port/spectate. On bad
    /// input returns nullopt and a translated reason in `error`.
    static std::optional<QUrl> parseUserUrl(const QString &text, QString *error = nullptr);

Q_SIGNALS:
    void stateChanged(townhall::ui::FeedClient::State state);
    void statusChanged(const QString &text);
    /// A snapshot was applied (every listed match rebuilt).
    void snapshotApplied();
    /// A key moment of the public view arrived (the feed's `moment` object).
    void keyMoment(const QString &matchId, const QJsonObject &moment);

private:
    void connectNow();
    void onConnected();
    void onDisconnected();
    void onText(const QString &text);
    void setState(State s);
    void scheduleRetry(State s);
    void handleHello(const engine::json &o);
    void handleSnapshot(const engine::json &o);
    void handleEvent(const engine::json &o);

    ReplicaSet *m_replicas;
    QWebSocket *m_socket = nullptr;
    QTimer m_retry;
    QUrl m_url;
    QString m_cursor;
    QString m_refusal;
    State m_state = State::Idle;
    int m_firstBackoffMs = 1000;
    int m_maxBackoffMs = 10000;
    int m_backoffMs = 1000;
    qint64 m_delayMs = 0;
    qint64 m_serverOffsetMs = 0; ///< host clock minus local clock, at hello
    bool m_everConnected = false;
    bool m_helloSeen = false;
    bool m_dropped = false;
};

} // namespace townhall::ui
