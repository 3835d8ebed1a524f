// SPDX-License-Identifier: MIT
#pragma once

/// \file clientconfig.h
/// Ready-made MCP client configurations for one registered agent: what the
/// agents panel copies and `townhall agent config` prints.
///
///  - Http: the Streamable HTTP URL and its `Authorization: Bearer` header,
///    one per line, for clients that ask for them separately.
///  - ClaudeDesktop: a `claude_desktop_config.json` with one `mcpServers`
///    entry that runs `townhall mcp-stdio --url … --token …` (the absolute
///    path of this executable). It points the bridge at `/mcp/underscore`:
///    Claude only accepts tool names of letters, digits, `_` and `-`.
///  - McpJson: a generic `mcp.json` (`mcpServers` → `type`, `url`, `headers`).
///  - Underscore: the same for the `/mcp/underscore` endpoint, which
///    advertises `et_werewolf_*` names for clients that reject dotted names.
///  - VsCode: one line of JSON for `code --add-mcp` (the server's name, type,
///    URL and headers), which adds the server to VS Code's user mcp.json.
///  - Cursor: a Cursor install link, `cursor://anysphere.cursor-deeplink/mcp/
///    install?name=KEY&config=…`, the config being the mcp.json entry (URL and
///    headers) as base64 of its JSON; opening it asks Cursor to install.
///
/// Tokens are stored hashed and cannot be shown again: without one, the
/// configurations carry `placeholderToken()` for the user to replace.

#include <QString>
#include <QStringList>

#include <optional>

namespace townhall::app {

enum class ClientConfigFormat { Http, ClaudeDesktop, McpJson, Underscore, VsCode, Cursor };

struct ClientConfigInput
{
    QString mcpUrl;     ///< the host's Streamable HTTP endpoint, e.g. http://127.0.0.1:8787/mcp
    QString agentName;  ///< names the `mcpServers` entry
    QString token;      ///< the bearer token; empty: placeholderToken()
    QString executable; ///< absolute path of the townhall executable (for mcp-stdio)
};

/// The text to paste for `format` (JSON formats end with a newline).
QString clientConfig(ClientConfigFormat format, const ClientConfigInput &input);

/// "http", "claude", "mcp-json", "underscore", "vscode", "cursor" (the CLI's
/// --format values).
std::optional<ClientConfigFormat> parseClientConfigFormat(const QString &name);
QString formatName(ClientConfigFormat format);
QStringList formatNames();

/// The endpoint with underscore tool names: `/mcp` → `/mcp/underscore`;
/// any other path gets `?names=underscore`.
QString underscoreUrl(const QString &mcpUrl);

/// The `mcpServers` key: "townhall-" and the name in lower case, anything but
/// letters, digits, '-' and '_' replaced by '-'.
QString serverKey(const QString &agentName);

/// What stands for the token when it is not known.
QString placeholderToken();

} // namespace townhall::app
