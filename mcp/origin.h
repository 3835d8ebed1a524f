// SPDX-License-Identifier: MIT
#pragma once

/// \file origin.h
/// Host and Origin header checks that protect the localhost MCP server from
/// DNS rebinding (MCP-NOTES rules 16, 19, 20). Every check parses the header
/// into its parts and compares whole host names: a prefix test would accept
/// `localhost.evil.com`.

#include <QByteArray>
#include <QByteArrayView>
#include <QHostAddress>
#include <QStringList>

#include <optional>

namespace townhall::mcp {

/// A parsed `host[:port]` authority.
struct Authority
{
    QByteArray host;             ///< lower-cased; IPv6 literals keep their brackets
    std::optional<quint16> port; ///< absent when the authority names no port
};

/// The host names a local server answers to by default.
QStringList defaultAllowedHostnames();

/// Parses `host[:port]` as found in a Host header or in an origin. Rejects
/// user info, paths, empty hosts, malformed IPv6 literals and bad ports.
std::optional<Authority> parseAuthority(QByteArrayView text);

/// True if \a hostHeader names one of \a allowedHostnames with either no
/// port or exactly \a serverPort.
bool isAllowedHost(QByteArrayView hostHeader,
                   quint16 serverPort,
                   const QStringList &allowedHostnames);

/// True if \a origin is exactly `http(s)://<allowed host>[:any port]`.
/// The literal `null` origin (sandboxed frames, file: pages) is refused.
bool isAllowedOrigin(QByteArrayView origin, const QStringList &allowedHostnames);

/// The authority of an `http(s)://host[:port]` origin, or nothing.
std::optional<Authority> parseOrigin(QByteArrayView origin);

/// The address an authority's host is when it is an IP literal in canonical
/// form (`192.168.1.5`, `[fe80::1]`), else nothing. A server listening beyond
/// loopback accepts literals of its own addresses in Host and Origin: DNS
/// rebinding needs a name the attacker controls, and an address is none.
std::optional<QHostAddress> literalAddressOf(const Authority &authority);

} // namespace townhall::mcp
