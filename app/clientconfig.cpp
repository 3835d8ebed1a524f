// SPDX-License-Identifier: MIT
#include "app/clientconfig.h"

#include <nlohmann/json.hpp>

#include <QUrl>
#include <QUrlQuery>

#include <array>

namespace townhall::app {

namespace {

using ojson = nlohmann::ordered_json;

constexpr std::array<std::pair<ClientConfigFormat, const char *>, 6> Names{{
    {ClientConfigFormat::Http, "http"},
    {ClientConfigFormat::ClaudeDesktop, "claude"},
    {ClientConfigFormat::McpJson, "mcp-json"},
    {ClientConfigFormat::Underscore, "underscore"},
    {ClientConfigFormat::VsCode, "vscode"},
    {ClientConfigFormat::Cursor, "cursor"},
}};

std::string utf8(const QString &s)
{
    return s.toStdString();
}

QString tokenOf(const ClientConfigInput &in)
{
    return in.token.isEmpty() ? placeholderToken() : in.token;
}

QString jsonText(const ojson &j)
{
    return QString::fromStdString(j.dump(2)) + QLatin1Char('\n');
}

ojson httpServer(const QString &url, const ClientConfigInput &in)
{
    ojson server;
    server["type"] = "http";
    server["url"] = utf8(url);
    server["headers"] = ojson{{"Authorization", utf8(QStringLiteral("Bearer ") + tokenOf(in))}};
    return server;
}

QString servers(const ClientConfigInput &in, ojson server)
{
    ojson all = ojson::object();
    all[utf8(serverKey(in.agentName))] = std::move(server);
    return jsonText(ojson{{"mcpServers", std::move(all)}});
}

} // namespace

QString placeholderToken()
{
    return QStringLiteral("<TOKEN>");
}

QString serverKey(const QString &agentName)
{
    QString key = QStringLiteral("townhall");
    QString slug;
    for (const QChar c : agentName.trimmed().toLower()) {
        const bool keep = (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
                          || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
                          || c == QLatin1Char('-') || c == QLatin1Char('_');
        if (keep)
            slug += c;
        else if (!slug.endsWith(QLatin1Char('-')))
            slug += QLatin1Char('-');
    }
    while (slug.startsWith(QLatin1Char('-')))
        slug.remove(0, 1);
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    return slug.isEmpty() ? key : key + QLatin1Char('-') + slug;
}

QString underscoreUrl(const QString &mcpUrl)
{
    QUrl url(mcpUrl);
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (path == QLatin1String("/mcp")) {
        url.setPath(path + QStringLiteral("/underscore"));
    } else if (path != QLatin1String("/mcp/underscore")) {
        QUrlQuery q(url);
        q.removeAllQueryItems(QStringLiteral("names"));
        q.addQueryItem(QStringLiteral("names"), QStringLiteral("underscore"));
        url.setQuery(q);
    }
    return url.toString();
}

QString clientConfig(ClientConfigFormat format, const ClientConfigInput &in)
{
    switch (format) {
    case ClientConfigFormat::Http:
        return in.mcpUrl + QLatin1Char('\n') + QStringLiteral("Authorization: Bearer ")
               + tokenOf(in) + QLatin1Char('\n');
    case ClientConfigFormat::ClaudeDesktop: {
        ojson server;
        server["command"] = utf8(in.executable);
        server["args"] = ojson::array(
            {"mcp-stdio", "--url", utf8(underscoreUrl(in.mcpUrl)), "--token", utf8(tokenOf(in))});
        return servers(in, std::move(server));
    }
    case ClientConfigFormat::McpJson:
        return servers(in, httpServer(in.mcpUrl, in));
    case ClientConfigFormat::Underscore:
        return servers(in, httpServer(underscoreUrl(in.mcpUrl), in));
    case ClientConfigFormat::VsCode: {
        ojson server{{"name", utf8(serverKey(in.agentName))}};
        server.update(httpServer(in.mcpUrl, in));
        return QString::fromStdString(server.dump()) + QLatin1Char('\n');
    }
    case ClientConfigFormat::Cursor: {
        ojson server = httpServer(in.mcpUrl, in);
        server.erase("type"); // Cursor's mcp.json knows a remote server by its URL
        // Both query values percent-encoded whole (base64's '+', '/' and '=' too).
        const QByteArray config = QByteArray::fromStdString(server.dump()).toBase64();
        QString link = QStringLiteral("cursor://anysphere.cursor-deeplink/mcp/install?name=");
        link += QString::fromLatin1(QUrl::toPercentEncoding(serverKey(in.agentName)));
        link += QStringLiteral("&config=");
        link += QString::fromLatin1(QUrl::toPercentEncoding(QString::fromLatin1(config)));
        return link + QLatin1Char('\n');
    }
    }
    return {};
}

std::optional<ClientConfigFormat> parseClientConfigFormat(const QString &name)
{
    for (const auto &[f, n] : Names)
        if (name == QLatin1String(n))
            return f;
    return std::nullopt;
}

QString formatName(ClientConfigFormat format)
{
    for (const auto &[f, n] : Names)
        if (f == format)
            return QString::fromLatin1(n);
    return {};
}

QStringList formatNames()
{
    QStringList out;
    for (const auto &p : Names)
        out << QString::fromLatin1(p.second);
    return out;
}

} // namespace townhall::app
