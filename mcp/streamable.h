// SPDX-License-Identifier: MIT
#pragma once

/// \file streamable.h
/// The HTTP-level rules of MCP's Streamable HTTP transport that do not need a
/// socket: supported protocol versions, Accept and Content-Type negotiation,
/// JSON-RPC message classification and error bodies. HttpServer applies them
/// in the order the reference TypeScript server checks them (see MCP-NOTES).

#include "mcp/handler.h"

#include <QByteArrayView>

#include <string>
#include <vector>

namespace townhall::mcp {

/// Protocol versions this transport accepts in the MCP-Protocol-Version
/// header, oldest first.
const std::vector<std::string> &supportedProtocolVersions();

/// True if \a version is one of supportedProtocolVersions().
bool isSupportedProtocolVersion(QByteArrayView version);

/// How to answer a POSTed request, from the client's Accept header.
enum class ResponseMode {
    Json,          ///< application/json (also the choice on a tie, and without Accept)
    EventStream,   ///< text/event-stream: the client prefers or only allows SSE
    NotAcceptable, ///< the client accepts neither: 406
};

/// Picks the response type. Lenient on purpose (MCP-NOTES rule 22): a client
/// that lists only one of the two types gets that type.
ResponseMode chooseResponseMode(QByteArrayView acceptHeader);

/// True if the Accept header explicitly allows text/event-stream (GET rule).
bool acceptsEventStream(QByteArrayView acceptHeader);

/// True if the media type is application/json, ignoring parameters such as
/// `; charset=utf-8` and letter case.
bool isJsonContentType(QByteArrayView contentType);

/// What a single JSON-RPC message is.
enum class MessageKind { Request, Notification, Response, Invalid };

/// Classifies \a message structurally (jsonrpc "2.0", method / id / result /
/// error). The dispatcher does the semantic checks.
MessageKind classifyMessage(const json &message);

/// A JSON-RPC error response. Without \a id its "id" is null: JSON-RPC's
/// answer when the request's id is unknown (MCP-NOTES rule 3), which clients
/// handle better than a missing member.
json jsonRpcError(int code, const std::string &message);
json jsonRpcError(int code, const std::string &message, const json &id);

/// A JSON-RPC message from a peer, parsed; or why it could not be.
struct PeerJson
{
    json value;        ///< discarded when refused
    std::string error; ///< empty when parsed; else the message of a -32700 answer
};

/// Parses JSON text that came from outside (an HTTP body, a stdin line).
/// Text nested deeper than base::MaxJsonDepth is refused before parsing, like
/// malformed text: a parsed value that deep would crash whoever copies it
/// (the copy recurses once per level).
PeerJson parsePeerJson(QByteArrayView text);

/// The id to answer \a body with: a single request's id, else null (a
/// notification, a batch, or something unreadable).
json answerIdOf(const json &body);

/// Compares two secrets in a time that depends only on their lengths, so
/// that timing tells nothing of where they differ.
bool constantTimeEquals(QByteArrayView a, QByteArrayView b);

/// The session id of a new session: 256 bits from the system CSPRNG, hex.
std::string generateSessionId();

} // namespace townhall::mcp
