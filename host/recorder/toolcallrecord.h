// SPDX-License-Identifier: MIT
#pragma once

// One recorded MCP message as the inspector shows it. Header-only and Qt Core
// only, so the recorder fills it without linking the widgets.

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

namespace townhall::host {

/// The inspector's status classes.
enum class CallStatus : quint8 {
    Ok,            ///< a result (or a notification)
    ToolError,     ///< a tool result with isError: true (a business-rule refusal)
    ProtocolError, ///< a JSON-RPC error, or a message the transport refused
    RateLimited,   ///< RATE_LIMITED, as a tool error or a refused read
    NoReply,       ///< a request that never got an answer (cancelled, client gone)
};

/// What kind of message a record is.
enum class CallKind : quint8 {
    Request,       ///< a client request, paired with its response
    Notification,  ///< a client notification (or a client's response)
    ServerMessage, ///< a notification or request the server pushed
};

struct ToolCallRecord
{
    quint64 id = 0;  ///< increasing, unique per recorder
    qint64 atUs = 0; ///< µs since the Unix epoch (request time)
    QString sessionId;
    QString transport; ///< "streamable-http", "legacy-sse", "in-process"
    QString agentId;
    QString agentName;
    QString matchId; ///< from arguments.matchId or a match resource URI
    QString method;  ///< "tools/call", "initialize", …
    QString tool;    ///< canonical dotted name, or empty
    CallKind kind = CallKind::Request;
    CallStatus status = CallStatus::Ok;
    QString toolErrorCode; ///< e.g. "WRONG_PHASE"
    int rpcErrorCode = 0;  ///< 0 when there is none
    int httpStatus = 0;
    qint64 latencyUs = 0;
    QByteArray requestJson;  ///< compact JSON of the request ("null" if unknown)
    QByteArray responseJson; ///< compact JSON of the response ("null" if none)
    /// Outcome of the input/output schema check: empty when not checked,
    /// "ok", or the issues found.
    QString schemaCheck;
};

using ToolCallRecords = QList<ToolCallRecord>;

inline QString statusKey(CallStatus s)
{
    switch (s) {
    case CallStatus::Ok:
        return QStringLiteral("ok");
    case CallStatus::ToolError:
        return QStringLiteral("tool_error");
    case CallStatus::ProtocolError:
        return QStringLiteral("protocol_error");
    case CallStatus::RateLimited:
        return QStringLiteral("rate_limited");
    case CallStatus::NoReply:
        return QStringLiteral("no_reply");
    }
    return {};
}

} // namespace townhall::host

// The inspector (ui/) shows these records: its one header from the host side.
namespace townhall::ui {
using host::CallKind;
using host::CallStatus;
using host::statusKey;
using host::ToolCallRecord;
using host::ToolCallRecords;
} // namespace townhall::ui

Q_DECLARE_METATYPE(townhall::host::ToolCallRecord)
Q_DECLARE_METATYPE(townhall::host::ToolCallRecords)
