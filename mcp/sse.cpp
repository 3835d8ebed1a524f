// SPDX-License-Identifier: MIT
#include "mcp/sse.h"

#include "mcp/httpconnection.h"
#include "mcp/jsonwrite.h"

#include <QTimer>

namespace townhall::mcp {

QByteArray formatSseEvent(QByteArrayView event, QByteArrayView id, QByteArrayView data)
{
    QByteArray out;
    out.reserve(data.size() + 64);
    if (!event.isEmpty())
        out += "event: " + event.toByteArray() + '\n';
    if (!id.isEmpty())
        out += "id: " + id.toByteArray() + '\n';
    if (data.isEmpty()) {
        out += "data: \n";
    } else {
        // A raw newline inside data would end the field early.
        qsizetype start = 0;
        while (start <= data.size()) {
            qsizetype end = data.indexOf('\n', start);
            if (end < 0)
                end = data.size();
            QByteArrayView part = data.sliced(start, end - start);
            if (part.endsWith('\r'))
                part.chop(1);
            out += "data: " + part.toByteArray() + '\n';
            start = end + 1;
        }
    }
    out += '\n';
    return out;
}

SseStream::SseStream(HttpConnection *connection,
                     quint64 serial,
                     QByteArray streamId,
                     std::chrono::milliseconds keepAliveInterval,
                     QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_serial(serial)
    , m_streamId(std::move(streamId))
    , m_keepAlive(new QTimer(this))
{
    if (!connection || !connection->isOpen()) {
        m_closed = true;
        return;
    }
    connect(connection, &HttpConnection::closed, this, &SseStream::markClosed);
    if (keepAliveInterval.count() > 0) {
        m_keepAlive->setInterval(keepAliveInterval);
        connect(m_keepAlive, &QTimer::timeout, this, [this] { sendComment("keepalive"); });
        m_keepAlive->start();
    }
}

SseStream::~SseStream() = default;

bool SseStream::isOpen() const
{
    return !m_closed && m_connection && m_connection->isOpen();
}

QByteArray SseStream::nextId()
{
    return m_streamId + '_' + QByteArray::number(m_seq++);
}

bool SseStream::write(const QByteArray &bytes)
{
    if (!isOpen())
        return false;
    if (!m_connection->writeStream(m_serial, bytes)) {
        markClosed();
        return false;
    }
    return true;
}

bool SseStream::sendMessage(const json &message, bool withId)
{
    return sendEvent("message", QByteArray::fromStdString(writeJson(message)), withId);
}

bool SseStream::sendEvent(QByteArrayView event, QByteArrayView data, bool withId)
{
    if (!isOpen())
        return false;
    const QByteArray id = withId ? nextId() : QByteArray();
    return write(formatSseEvent(event, id, data));
}

bool SseStream::sendPriming()
{
    if (!isOpen())
        return false;
    return write(formatSseEvent({}, nextId(), {}));
}

bool SseStream::sendComment(QByteArrayView text)
{
    return write(": " + text.toByteArray() + "\n\n");
}

void SseStream::finish()
{
    if (m_closed)
        return;
    if (m_connection)
        m_connection->endStream(m_serial);
    markClosed();
}

void SseStream::markClosed()
{
    if (m_closed)
        return;
    m_closed = true;
    m_keepAlive->stop();
    Q_EMIT closed();
}

std::vector<SseParser::Event> SseParser::feed(QByteArrayView bytes)
{
    std::vector<Event> out;
    for (char c : bytes) {
        if (m_skipLf) {
            m_skipLf = false;
            if (c == '\n')
                continue;
        }
        if (c == '\r' || c == '\n') {
            m_skipLf = c == '\r';
            line(m_buffer, out);
            m_buffer.clear();
        } else {
            m_buffer += c;
        }
    }
    return out;
}

void SseParser::line(QByteArrayView l, std::vector<Event> &out)
{
    if (l.isEmpty()) {
        if (m_any) {
            if (m_current.data.endsWith('\n'))
                m_current.data.chop(1);
            out.push_back(std::move(m_current));
        }
        m_current = Event{};
        m_any = false;
        return;
    }
    if (l.front() == ':')
        return; // comment
    const qsizetype colon = l.indexOf(':');
    QByteArrayView field = colon < 0 ? l : l.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : l.sliced(colon + 1);
    if (value.startsWith(' '))
        value = value.sliced(1);
    if (field == "event") {
        m_current.event = value.toByteArray();
    } else if (field == "data") {
        m_current.data += value.toByteArray() + '\n';
        m_current.hasData = true;
    } else if (field == "id") {
        if (!value.contains('\0')) {
            m_current.id = value.toByteArray();
            m_lastId = m_current.id;
        }
    } else if (field == "retry") {
        bool ok = false;
        const int ms = value.toByteArray().toInt(&ok);
        if (ok && ms >= 0)
            m_current.retry = ms;
    } else {
        return;
    }
    m_any = true;
}

} // namespace townhall::mcp
