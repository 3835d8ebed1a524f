// SPDX-License-Identifier: MIT
#pragma once

/// \file overlays.h
/// The OBS overlay pages: plain HTML/CSS/JS compiled into the binary from
/// resources/overlays/ and served on the MCP port at /overlay/<name>.html.
/// The pages read the spectator feed (/spectate, docs/spectator-feed.md), so
/// they show only what any spectator may see.

#include "mcp/httpconnection.h"

#include <QByteArray>

#include <optional>

namespace townhall::mcp {
class HttpServer;
}

namespace townhall::host {

/// The path prefix the overlays are served under.
inline constexpr char kOverlayPrefix[] = "/overlay";

/// The answer to a GET or HEAD of \a request.path under kOverlayPrefix: a
/// page, a stylesheet or a script of the overlays, or the index (for
/// "/overlay" and "/overlay/"). Nothing (404) for any other path, including
/// every spelling of a path outside the overlays ("..", percent escapes,
/// backslashes, NUL) and directories.
std::optional<mcp::HttpResponse> overlayResponse(const mcp::HttpRequest &request);

/// Serves the overlays on \a server (HttpServer::setPageHandler).
void installOverlays(mcp::HttpServer &server);

} // namespace townhall::host
