// SPDX-License-Identifier: MIT
#pragma once

/// \file sse.h
/// Server-Sent Events: framing, a server-side stream riding on one HTTP
/// response, and an incremental parser (used by the stdio bridge and tests).

#include "mcp/handler.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

class QTimer;

namespace townhall::mcp {

class HttpConnection;

/// Formats one SSE event. Empty \a event or \a id omit their lines; \a data is
/// split into one `data:` line per line, and an empty \a data still yields
/// `data: ` (the MCP priming event).
QByteArray formatSseEvent(QByteArrayView event, QByteArrayView id, QByteArrayView data);

/// One open SSE response. Each event it sends gets the id
/// `<streamId>_<seq>` when ids are enabled, so ids are unique within a session
/// as long as stream ids are. Sends `: keepalive` comments at the configured
/// interval so that proxies and HTTP clients do not time out a quiet stream.
/// The stream dies with its connection; it emits closed() once either way.
class SseStream final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SseStream)

public:
    /// \a connection must already carry the stream's head (HttpConnection::beginStream).
    SseStream(HttpConnection *connection,
              quint64 serial,
              QByteArray streamId,
              std::chrono::milliseconds keepAliveInterval,
              QObject *parent = nullptr);
    ~SseStream() override;

    bool isOpen() const;
    QByteArray streamId() const { return m_streamId; }
    /// Sends an `event: message` (with an id if \a withId) carrying \a message compactly.
    bool sendMessage(const json &message, bool withId = true);
    /// Sends an arbitrary event; \a withId allocates the next event id.
    bool sendEvent(QByteArrayView event, QByteArrayView data, bool withId);
    /// Sends the 2025-11-25 priming event: an id and empty data.
    bool sendPriming();
    /// Sends an SSE comment line (ignored by clients).
    bool sendComment(QByteArrayView text);
    /// Ends the response cleanly; the connection may serve further requests.
    void finish();

Q_SIGNALS:
    /// The stream ended (finish() or the connection went away). Emitted once.
    void closed();

private:
    QByteArray nextId();
    bool write(const QByteArray &bytes);
    void markClosed();

    QPointer<HttpConnection> m_connection;
    quint64 m_serial;
    QByteArray m_streamId;
    quint64 m_seq = 0;
    QTimer *m_keepAlive;
    bool m_closed = false;
};

/// Incremental SSE parser following the WHATWG event-stream rules (CR, LF or
/// CRLF line ends, comments, multi-line data, `retry`).
class SseParser
{
public:
    struct Event
    {
        QByteArray event; ///< empty means "message"
        QByteArray data;  ///< lines joined with '\n'
        QByteArray id;    ///< the id field of this event, if any
        std::optional<int> retry;
        bool hasData = false; ///< at least one data line was present
    };

    /// Feeds bytes; returns the events completed by them. Unlike a browser it
    /// also reports events without data lines (so tests can see priming events).
    std::vector<Event> feed(QByteArrayView bytes);
    /// The last id seen (for Last-Event-ID).
    QByteArray lastEventId() const { return m_lastId; }

private:
    void line(QByteArrayView l, std::vector<Event> &out);

    QByteArray m_buffer;
    bool m_skipLf = false;
    Event m_current;
    bool m_any = false;
    QByteArray m_lastId;
};

} // namespace townhall::mcp
