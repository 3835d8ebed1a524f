// SPDX-License-Identifier: MIT
#pragma once

/// \file legacysse.h
/// The 2024-11-05 HTTP+SSE transport, served by HttpServer next to the
/// Streamable HTTP endpoint, for clients that still speak the old transport:
///
/// - `GET /sse` opens the session's stream. Its first event is
///   `event: endpoint` with `data: /messages?sessionId=<id>`; every reply and
///   Outbox message then arrives as `event: message`. The session ends when
///   this stream closes.
/// - `POST /messages?sessionId=<id>` carries one JSON-RPC message (or a batch)
///   and is answered `202 Accepted` at once. Its Accept header is not checked:
///   the TypeScript SDK's legacy client sends `*/*`.
///
/// Version negotiation is the dispatcher's, exactly as on /mcp.

#include <QByteArrayView>

namespace townhall::mcp {

/// The path of the legacy POST endpoint, as announced in the endpoint event.
inline constexpr QByteArrayView kLegacyMessagesPath = "/messages";

} // namespace townhall::mcp
