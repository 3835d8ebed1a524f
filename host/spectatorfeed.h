// SPDX-License-Identifier: MIT
#pragma once

/// \file spectatorfeed.h
/// The spectator feed (docs/spectator-feed.md): every match's public side over
/// a WebSocket, `/spectate` on the MCP port and, when the host asks for it,
/// on one more address.
///
/// Two parts. FeedLog keeps, per match, a public replica (engine::Match
/// built from public events alone) and one numbered log of the messages the
/// feed publishes; it has no sockets, so the secrecy tests drive it with
/// simulated matches. Because nothing that is not public ever enters a
/// replica, no snapshot or message made from one can carry a hidden fact.
/// SpectatorFeed serves it: clients are positions in that one log (no copy
/// per client), a delay is a position further back, and a client whose
/// socket cannot take more is dropped instead of being waited for.

#include "engine/match.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

class QTcpSocket;
class QWebSocket;
class QTcpServer;
class QWebSocketServer;

namespace townhall::host {

class Host;

/// `ws://ADDRESS:PORT/spectate`: where a feed listening there is reached.
QString spectateUrl(const QHostAddress &address, quint16 port);

class FeedLog
{
public:
    /// One published message: an `event` or a `keyMoment`, serialized once.
    struct Message
    {
        std::uint64_t n = 0;
        QString matchId;
        QString text;
        qint64 wallMs = 0; ///< when it was published (the feed's monotonic clock)
    };

    /// Keeps the last `capacity` messages for resuming clients.
    explicit FeedLog(std::size_t capacity = 100000);

    /// Takes committed events of one match (all audiences, in seq order; a
    /// match's first batch starts at seq 1) and publishes the public ones and
    /// the key moments they complete. Returns how many messages it published.
    std::size_t
    ingest(const std::string &matchId, const std::vector<engine::Event> &events, qint64 wallMs);

    /// The number the next message will get; messages() holds [firstN(), nextN()).
    std::uint64_t nextN() const { return m_next; }
    std::uint64_t firstN() const { return m_messages.empty() ? m_next : m_messages.front().n; }
    /// The message numbered `n`, if still held.
    const Message *message(std::uint64_t n) const;
    /// The number of the first message published after `wallMs`.
    std::uint64_t firstAfter(qint64 wallMs) const;

    /// `EPOCH.N`: resuming after message N of this run.
    QString cursor(std::uint64_t n) const;
    /// The message a cursor resumes at (the one after it), or nothing when the
    /// cursor is malformed, of another run, or older than what is held.
    std::optional<std::uint64_t> resumeAt(const QString &cursor) const;
    const QString &epoch() const { return m_epoch; }

    /// The snapshot a client gets when its first message is `beforeN`: every
    /// match (or `matchFilter`) as its published messages before `beforeN`
    /// left it. `asOf` is the host time it describes.
    nlohmann::json snapshot(const QString &matchFilter,
                            std::uint64_t beforeN,
                            bool history,
                            engine::TimeMs asOf) const;
    /// A public replica of one match as of message `beforeN` (null: unknown then).
    std::unique_ptr<engine::Match> replicaBefore(const QString &matchId,
                                                 std::uint64_t beforeN) const;

    bool knows(const QString &matchId) const { return m_matches.count(matchId) != 0; }
    std::size_t matchCount() const { return m_matches.size(); }
    /// Forgets matches that ended before `wallMs` (their messages stay until
    /// the log's capacity pushes them out).
    void forgetEndedBefore(qint64 wallMs);

    /// One public event as the feed writes it.
    static nlohmann::json eventJson(const engine::Event &e);

private:
    struct MatchFeed
    {
        std::unique_ptr<engine::Match> replica; ///< public events only
        std::vector<std::uint64_t> ns;          ///< message number of replica->log()[i]
        std::set<std::string> moments;          ///< key moments already published
        std::optional<qint64> endedAt;          ///< wall time of GAME_ENDED
    };
    void publish(const QString &matchId, const nlohmann::json &message, qint64 wallMs);
    static nlohmann::json matchSnapshot(const engine::Match &m, bool history);

    std::size_t m_capacity;
    QString m_epoch;
    std::uint64_t m_next = 1;
    std::deque<Message> m_messages;
    std::map<QString, MatchFeed> m_matches;
};

/// Serves FeedLog to WebSocket clients. Lives in the host's thread.
class SpectatorFeed final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpectatorFeed)

public:
    /// What a spectator may cost. A spectator legitimately sends nothing but
    /// pings and a close (docs/spectator-feed.md), so what it may send is small.
    struct Limits
    {
        qint64 maxUnsentBytes = 1 << 20; ///< a client's socket holds more (pongs too): dropped
        int maxClients = 5000;
        double maxDelaySeconds = 3600;
        qint64 keepEndedMs = 10 * 60 * 1000; ///< an ended match stays in snapshots this long
        /// Largest frame and message a spectator may send; larger: closed 1009.
        quint64 maxIncomingFrameBytes = 64 * 1024;
        quint64 maxIncomingMessageBytes = 64 * 1024;
        /// What a spectator may send: a burst of this many bytes, refilled at
        /// `incomingBytesPerSecond`; beyond it (a flood of pings, each of which
        /// Qt answers with a pong) it is closed 1008.
        qint64 incomingBurstBytes = 64 * 1024;
        qint64 incomingBytesPerSecond = 1024;
        /// How often every client's unsent bytes are checked, besides on each send and read.
        std::chrono::milliseconds sweepInterval{1000};
    };

    explicit SpectatorFeed(Host *host, QObject *parent = nullptr);
    ~SpectatorFeed() override;

    void setLimits(const Limits &limits) { m_limits = limits; }
    /// A socket whose WebSocket handshake is unread (the MCP server's upgrade
    /// hand-over, after its Host and Origin checks). The feed owns it.
    void handleConnection(QTcpSocket *socket);
    /// Also serves the feed (and nothing else) on `address:port`: a second
    /// machine's viewer. Origins other than this address and localhost are
    /// refused; clients without an Origin header are accepted.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    QString listenUrl() const;

    /// Publishes committed events of one match (all audiences: the feed keeps
    /// the public ones). Connected to Host::matchEvents; tests and benchmarks
    /// call it directly with events of their own.
    void ingest(const QString &matchId, const std::vector<engine::Event> &events);

    int clientCount() const { return int(m_clients.size()); }
    /// CPU time this thread spent in the feed (publishing, snapshots,
    /// sending), for benchmarks.
    std::chrono::nanoseconds busy() const { return m_busy; }
    const FeedLog &log() const { return m_log; }

Q_SIGNALS:
    /// A client was dropped for falling behind (tests and logs).
    void clientDropped();

private:
    /// What a spectator's TCP socket has sent us, for its budget. The
    /// socket is ours until the handshake; QWebSocket does not hand it back,
    /// so it is found again by its two ends (see accept()).
    struct Inbound
    {
        QPointer<QTcpSocket> tcp;    ///< QWebSocket cuts every connection of it, `destroyed` too
        QPointer<QWebSocket> socket; ///< once accepted (the TCP socket may outlive it)
        qint64 leftover = 0;         ///< bytes Qt left unread after the last read (a partial frame)
        double tokens = 0;
        qint64 at = 0; ///< wallNow() of the last refill
    };
    struct Client
    {
        QWebSocket *socket = nullptr;
        QTcpSocket *tcp
            = nullptr; ///< its socket, when found (always, for sockets the feed accepted)
        QString match; ///< empty: all matches
        qint64 delayMs = 0;
        std::uint64_t next = 0; ///< the next message to consider
        qint64 snapshotBytes = 0;
    };
    void attach();
    /// Takes a TCP socket before its handshake: bounds what it may buffer
    /// and starts counting what it sends.
    void adopt(QTcpSocket *tcp);
    /// Before Qt reads a spectator's new bytes: counts them against its budget.
    void beforeRead(QTcpSocket *tcp);
    /// After Qt read them (and answered its pings): what it left, and whether
    /// the client still reads what it is sent.
    void afterRead(QTcpSocket *tcp);
    /// The socket holds more unsent bytes than the client may leave unread.
    bool overUnsent(const Client &client) const;
    void sweep();
    void accept(QWebSocket *socket, bool external);
    /// Sends what a client may have by now; false when it was dropped.
    bool pump(Client &client);
    void pumpAll();
    void drop(QWebSocket *socket, const QString &message);
    /// Sends `error` with `code` ("bad_request": the parameters will never
    /// do; "unknown_match": ?match= names no match yet, try again later) and closes.
    void refuse(QWebSocket *socket, const QString &message, const char *code = "bad_request");
    void remove(QWebSocket *socket);
    qint64 wallNow() const { return m_clock.elapsed(); }
    engine::TimeMs hostNow() const;

    Host *m_host;
    FeedLog m_log;
    Limits m_limits;
    QElapsedTimer m_clock;
    QWebSocketServer *m_local;
    QWebSocketServer *m_external = nullptr;
    /// Our own listener for the external feed, for its deeper backlog: a
    /// stream's audience arrives at once, and a full backlog means SYN
    /// retries that back off for minutes.
    QTcpServer *m_externalTcp = nullptr;
    QHostAddress m_externalAddress;
    bool m_attached = false;
    std::map<QWebSocket *, Client> m_clients;
    std::map<QTcpSocket *, Inbound> m_inbound;
    QTimer m_delayed; ///< releases held-back messages to delayed clients
    QTimer m_sweep;   ///< drops clients whose unsent bytes piled up (pongs to a flood)
    std::chrono::nanoseconds m_busy{0};
};

} // namespace townhall::host
