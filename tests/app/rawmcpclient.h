// SPDX-License-Identifier: MIT
#pragma once

/// A minimal synchronous MCP client over Streamable HTTP, for tests that
/// drive the real townhall binary without Node: initialize, then tools/call,
/// each waiting for its answer (JSON, or one SSE event).

#include <nlohmann/json.hpp>

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <optional>

namespace townhall::test {

class RawMcpClient
{
public:
    using json = nlohmann::json;

    /// `token` empty: a guest. `timeoutMs` bounds each request (a dead server answers nothing).
    RawMcpClient(QString url, QString token, std::string clientName, int timeoutMs)
        : m_url(std::move(url))
        , m_token(std::move(token))
        , m_clientName(std::move(clientName))
        , m_timeoutMs(timeoutMs)
    {}

    bool connect()
    {
        m_session.clear();
        auto r = post(json{{"jsonrpc", "2.0"},
                           {"id", m_id++},
                           {"method", "initialize"},
                           {"params",
                            {{"protocolVersion", "2025-06-18"},
                             {"capabilities", json::object()},
                             {"clientInfo", {{"name", m_clientName}, {"version", "1"}}}}}});
        if (!r || !r->contains("result") || m_session.isEmpty())
            return false;
        post(json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
        return true;
    }

    /// The tool's structured result; a refused call as {"ok":false,"error":{...}};
    /// nullopt when the server did not answer (or not with JSON-RPC).
    std::optional<json> call(const std::string &tool, json args)
    {
        auto r = post(json{{"jsonrpc", "2.0"},
                           {"id", m_id++},
                           {"method", "tools/call"},
                           {"params", {{"name", tool}, {"arguments", std::move(args)}}}});
        if (!r || !r->contains("result"))
            return std::nullopt;
        const json &res = r->at("result");
        if (!res.value("isError", false))
            return res.value("structuredContent", json::object());
        try {
            return json{
                {"ok", false},
                {"error",
                 json::parse(res.at("content").at(0).at("text").get<std::string>()).at("error")}};
        } catch (const std::exception &) {
            return json{{"ok", false}, {"error", {{"code", "UNPARSED"}, {"message", res.dump()}}}};
        }
    }

private:
    std::optional<json> post(const json &message)
    {
        QNetworkRequest req{QUrl(m_url)};
        req.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        req.setRawHeader("Accept", "application/json, text/event-stream");
        if (!m_session.isEmpty())
            req.setRawHeader("Mcp-Session-Id", m_session.toUtf8());
        if (!m_token.isEmpty())
            req.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
        req.setTransferTimeout(m_timeoutMs);
        QNetworkReply *reply = m_nam.post(req, QByteArray::fromStdString(message.dump()));
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
        if (reply->error() != QNetworkReply::NoError
            && reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 0)
            return std::nullopt;
        if (reply->hasRawHeader("Mcp-Session-Id"))
            m_session = QString::fromUtf8(reply->rawHeader("Mcp-Session-Id"));
        QByteArray body = reply->readAll();
        if (body.isEmpty())
            return json::object();
        // An SSE answer: the JSON-RPC message is on a "data:" line.
        if (!body.trimmed().startsWith('{'))
            for (const QByteArray &line : body.split('\n'))
                if (line.startsWith("data:"))
                    body = line.mid(5).trimmed();
        try {
            return json::parse(body.toStdString());
        } catch (const std::exception &) {
            return std::nullopt;
        }
    }

    QNetworkAccessManager m_nam;
    QString m_url;
    QString m_token;
    std::string m_clientName;
    int m_timeoutMs;
    QString m_session;
    std::int64_t m_id = 1;
};

} // namespace townhall::test
