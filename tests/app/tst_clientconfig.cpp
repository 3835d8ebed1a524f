// SPDX-License-Identifier: MIT
// The client configurations of app/clientconfig: valid JSON whatever the
// executable's path or the agent's name holds, the right endpoint and header
// in each, the placeholder when the token is not known.

#include "app/clientconfig.h"

#include <nlohmann/json.hpp>

#include <QUrlQuery>
#include <QtTest>

using namespace townhall::app;
using json = nlohmann::json;

Q_DECLARE_METATYPE(townhall::app::ClientConfigFormat)

namespace {

json parse(const QString &text)
{
    return json::parse(text.toStdString()); // throws on invalid JSON
}

std::string s(const QString &q)
{
    return q.toStdString();
}

} // namespace

class TstClientConfig final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonFormats_data()
    {
        QTest::addColumn<QString>("executable");
        QTest::addColumn<QString>("agent");
        QTest::addColumn<QString>("token");
        QTest::newRow("plain") << QStringLiteral("/usr/bin/townhall") << QStringLiteral("alpha")
                               << QStringLiteral("th_abc");
        QTest::newRow("spaces") << QStringLiteral("/home/ann/My Apps/Town Hall/townhall")
                                << QStringLiteral("My Agent") << QStringLiteral("th_x-y_z");
        QTest::newRow("quotes and backslashes")
            << QStringLiteral(R"(/tmp/a "quoted" dir\with\backslashes/townhall)")
            << QStringLiteral(R"(Ann "Q" \Bot)") << QStringLiteral("th_q");
        QTest::newRow("non-ASCII and control characters")
            << QStringLiteral("/opt/城镇 大厅/townhall\tx") << QStringLiteral("狼人 one\nline")
            << QStringLiteral("th_u");
        QTest::newRow("no token") << QStringLiteral("/usr/bin/townhall") << QStringLiteral("beta")
                                  << QString();
    }

    void jsonFormats()
    {
        QFETCH(QString, executable);
        QFETCH(QString, agent);
        QFETCH(QString, token);
        const QString url = QStringLiteral("http://127.0.0.1:8787/mcp");
        const ClientConfigInput in{url, agent, token, executable};
        const QString expectToken = token.isEmpty() ? placeholderToken() : token;
        const std::string key = s(serverKey(agent));

        const json claude = parse(clientConfig(ClientConfigFormat::ClaudeDesktop, in));
        QCOMPARE(claude.size(), std::size_t(1));
        QCOMPARE(claude.at("mcpServers").size(), std::size_t(1));
        const json &c = claude.at("mcpServers").at(key);
        QCOMPARE(c.at("command").get<std::string>(), s(executable)); // exactly, after unescaping
        const json args = json::array({"mcp-stdio",
                                       "--url",
                                       "http://127.0.0.1:8787/mcp/underscore",
                                       "--token",
                                       s(expectToken)});
        QCOMPARE(c.at("args"), args);

        for (const auto f : {ClientConfigFormat::McpJson, ClientConfigFormat::Underscore}) {
            const json j = parse(clientConfig(f, in));
            const json &server = j.at("mcpServers").at(key);
            QCOMPARE(server.at("type").get<std::string>(), std::string("http"));
            QCOMPARE(server.at("url").get<std::string>(),
                     f == ClientConfigFormat::McpJson
                         ? s(url)
                         : std::string("http://127.0.0.1:8787/mcp/underscore"));
            QCOMPARE(server.at("headers").at("Authorization").get<std::string>(),
                     "Bearer " + s(expectToken));
            QCOMPARE(server.at("headers").size(), std::size_t(1));
        }

        // VS Code: one line for `code --add-mcp`, the server's name inside.
        const QString vscode = clientConfig(ClientConfigFormat::VsCode, in);
        QCOMPARE(vscode.count(QLatin1Char('\n')), 1);
        QVERIFY(vscode.endsWith(QLatin1Char('\n')));
        const json add = parse(vscode);
        QCOMPARE(add.at("name").get<std::string>(), key);
        QCOMPARE(add.at("type").get<std::string>(), std::string("http"));
        QCOMPARE(add.at("url").get<std::string>(), s(url));
        QCOMPARE(add.at("headers").at("Authorization").get<std::string>(),
                 "Bearer " + s(expectToken));

        // Cursor: an install link whose config is the entry's JSON in base64.
        const QUrl link(clientConfig(ClientConfigFormat::Cursor, in).trimmed(), QUrl::StrictMode);
        QVERIFY2(link.isValid(), qPrintable(link.errorString()));
        QCOMPARE(link.scheme(), QStringLiteral("cursor"));
        QCOMPARE(link.host(), QStringLiteral("anysphere.cursor-deeplink"));
        QCOMPARE(link.path(), QStringLiteral("/mcp/install"));
        const QUrlQuery query(link);
        QCOMPARE(query.queryItemValue(QStringLiteral("name"), QUrl::FullyDecoded).toStdString(),
                 key);
        const QByteArray config = QByteArray::fromBase64(
            query.queryItemValue(QStringLiteral("config"), QUrl::FullyDecoded).toLatin1(),
            QByteArray::AbortOnBase64DecodingErrors);
        QVERIFY(!config.isEmpty());
        const json entry = json::parse(config.constBegin(), config.constEnd());
        QCOMPARE(entry.at("url").get<std::string>(), s(url));
        QCOMPARE(entry.at("headers").at("Authorization").get<std::string>(),
                 "Bearer " + s(expectToken));

        const QStringList lines
            = clientConfig(ClientConfigFormat::Http, in).split(QLatin1Char('\n'));
        QCOMPARE(
            lines,
            (QStringList{url, QStringLiteral("Authorization: Bearer ") + expectToken, QString()}));
    }

    void serverKeys_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("key");
        QTest::newRow("lower") << QStringLiteral("alpha") << QStringLiteral("townhall-alpha");
        QTest::newRow("case and spaces")
            << QStringLiteral("My Agent 2") << QStringLiteral("townhall-my-agent-2");
        QTest::newRow("punctuation runs")
            << QStringLiteral(R"(  Ann "Q" Bot!! )") << QStringLiteral("townhall-ann-q-bot");
        QTest::newRow("keeps - and _")
            << QStringLiteral("a_b-c") << QStringLiteral("townhall-a_b-c");
        QTest::newRow("nothing usable") << QStringLiteral("狼人") << QStringLiteral("townhall");
    }

    void serverKeys()
    {
        QFETCH(QString, name);
        QFETCH(QString, key);
        QCOMPARE(serverKey(name), key);
    }

    void underscoreUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("underscore");
        QTest::newRow("/mcp") << QStringLiteral("http://127.0.0.1:8787/mcp")
                              << QStringLiteral("http://127.0.0.1:8787/mcp/underscore");
        QTest::newRow("/mcp/") << QStringLiteral("http://127.0.0.1:8787/mcp/")
                               << QStringLiteral("http://127.0.0.1:8787/mcp/underscore");
        QTest::newRow("already") << QStringLiteral("http://127.0.0.1:1/mcp/underscore")
                                 << QStringLiteral("http://127.0.0.1:1/mcp/underscore");
        QTest::newRow("other path")
            << QStringLiteral("http://example.test/x/mcp?a=1")
            << QStringLiteral("http://example.test/x/mcp?a=1&names=underscore");
        QTest::newRow("other path, names set")
            << QStringLiteral("http://example.test/x?names=dotted")
            << QStringLiteral("http://example.test/x?names=underscore");
    }

    void underscoreUrls()
    {
        QFETCH(QString, url);
        QFETCH(QString, underscore);
        QCOMPARE(underscoreUrl(url), underscore);
    }

    void formatNamesRoundTrip()
    {
        QCOMPARE(formatNames(),
                 (QStringList{QStringLiteral("http"),
                              QStringLiteral("claude"),
                              QStringLiteral("mcp-json"),
                              QStringLiteral("underscore"),
                              QStringLiteral("vscode"),
                              QStringLiteral("cursor")}));
        for (const QString &n : formatNames()) {
            const auto f = parseClientConfigFormat(n);
            QVERIFY(f);
            QCOMPARE(formatName(*f), n);
        }
        QVERIFY(!parseClientConfigFormat(QStringLiteral("Claude")));
        QVERIFY(!parseClientConfigFormat(QString()));
    }
};

QTEST_GUILESS_MAIN(TstClientConfig)
#include "tst_clientconfig.moc"
