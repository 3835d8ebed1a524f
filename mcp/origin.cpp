// SPDX-License-Identifier: MIT
#include "mcp/origin.h"

#include <QHostAddress>

namespace townhall::mcp {

namespace {

bool isHostChar(char c)
{
    // RFC 3986 reg-name without percent-encoding and sub-delims: enough for the
    // names we accept, and anything stranger is refused anyway.
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
           || c == '.' || c == '_';
}

bool hostAllowed(const QByteArray &host, const QStringList &allowed)
{
    const QString h = QString::fromLatin1(host);
    for (const QString &name : allowed) {
        if (h.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

} // namespace

QStringList defaultAllowedHostnames()
{
    return {QStringLiteral("localhost"), QStringLiteral("127.0.0.1"), QStringLiteral("[::1]")};
}

std::optional<Authority> parseAuthority(QByteArrayView text)
{
    const QByteArrayView t = text;
    if (t.isEmpty())
        return std::nullopt;

    Authority result;
    qsizetype rest = 0;
    if (t.front() == '[') {
        const qsizetype close = t.indexOf(']');
        if (close < 0)
            return std::nullopt;
        const QByteArrayView literal = t.sliced(1, close - 1);
        QHostAddress address;
        if (!address.setAddress(QString::fromLatin1(literal))
            || address.protocol() != QAbstractSocket::IPv6Protocol)
            return std::nullopt;
        result.host = t.first(close + 1).toByteArray().toLower();
        rest = close + 1;
    } else {
        qsizetype i = 0;
        while (i < t.size() && isHostChar(t.at(i)))
            ++i;
        if (i == 0)
            return std::nullopt;
        result.host = t.first(i).toByteArray().toLower();
        rest = i;
    }

    if (rest == t.size())
        return result;
    if (t.at(rest) != ':')
        return std::nullopt; // '@', '/', '?', '#', spaces: never part of a bare authority
    const QByteArrayView portText = t.sliced(rest + 1);
    if (portText.isEmpty())
        return result; // "host:" is legal URI syntax for "default port"
    if (portText.size() > 5)
        return std::nullopt;
    quint32 port = 0;
    for (char c : portText) {
        if (c < '0' || c > '9')
            return std::nullopt;
        port = port * 10 + quint32(c - '0');
    }
    if (port > 65535)
        return std::nullopt;
    result.port = quint16(port);
    return result;
}

bool isAllowedHost(QByteArrayView hostHeader,
                   quint16 serverPort,
                   const QStringList &allowedHostnames)
{
    const auto authority = parseAuthority(hostHeader.trimmed());
    if (!authority || !hostAllowed(authority->host, allowedHostnames))
        return false;
    return !authority->port || *authority->port == serverPort;
}

std::optional<Authority> parseOrigin(QByteArrayView origin)
{
    const QByteArrayView o = origin.trimmed();
    const qsizetype sep = o.indexOf("://");
    if (sep < 0)
        return std::nullopt;
    const QByteArray scheme = o.first(sep).toByteArray().toLower();
    if (scheme != "http" && scheme != "https")
        return std::nullopt;
    return parseAuthority(o.sliced(sep + 3));
}

bool isAllowedOrigin(QByteArrayView origin, const QStringList &allowedHostnames)
{
    const auto authority = parseOrigin(origin);
    return authority && hostAllowed(authority->host, allowedHostnames);
}

std::optional<QHostAddress> literalAddressOf(const Authority &authority)
{
    QByteArrayView text = authority.host;
    const bool bracketed = text.startsWith('[');
    if (bracketed)
        text = text.sliced(1, text.size() - 2);
    QHostAddress address;
    if (!address.setAddress(QString::fromLatin1(text)))
        return std::nullopt;
    // Canonical IPv4 only: "127.1" or "0x7f.0.0.1" are names to a browser's
    // eyes in some places and addresses in others; nobody types them.
    if (!bracketed
        && (address.protocol() != QAbstractSocket::IPv4Protocol
            || address.toString().toLatin1() != text))
        return std::nullopt;
    if (bracketed && address.protocol() != QAbstractSocket::IPv6Protocol)
        return std::nullopt;
    return address;
}

} // namespace townhall::mcp
