// SPDX-License-Identifier: MIT
// The wire mapping without sockets: profiles, Retry-After and the limits
// of what a request carries.

#include "host/providers/keysource.h"
#include "host/providers/wire.h"

#include <QCoro/QCoroTask>
#include <QTest>

using namespace townhall::host::providers;
using namespace Qt::StringLiterals;
using json = nlohmann::json;

/// QCOMPARE cannot take nlohmann::json (it converts to every overload it
/// tries); the dumps compare the same and print readably on failure.
#define QCOMPARE_JSON(actual, expected) QCOMPARE(json(actual).dump(), json(expected).dump())

class TestProviderWire : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void durations_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("ms");
        QTest::newRow("seconds") << QByteArray("1s") << qint64(1000);
        QTest::newRow("minutes and seconds") << QByteArray("6m0s") << qint64(360000);
        QTest::newRow("milliseconds") << QByteArray("12ms") << qint64(12);
        QTest::newRow("fractional") << QByteArray("1h2m3.5s") << qint64(3723500);
        QTest::newRow("bare number") << QByteArray("2") << qint64(2000);
        QTest::newRow("garbage") << QByteArray("soon") << qint64(-1);
    }

    void durations()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, ms);
        QCOMPARE(wire::parseDurationMs(text).value_or(-1), ms);
    }

    void retryAfter()
    {
        const QDateTime now = QDateTime::fromString(u"2025-08-21T12:40:00Z"_s, Qt::ISODate);
        QCOMPARE(wire::retryAfterMs({{"Retry-After", "3"}}, now).value_or(-1), 3000);
        QCOMPARE(
            wire::retryAfterMs({{"retry-after-ms", "250"}, {"retry-after", "3"}}, now).value_or(-1),
            250);
        QCOMPARE(wire::retryAfterMs({{"Retry-After", "Thu, 21 Aug 2025 12:40:30 GMT"}}, now)
                     .value_or(-1),
                 30000);
        QCOMPARE(wire::retryAfterMs({{"Retry-After", "Thu, 21 Aug 2025 12:39:30 GMT"}}, now)
                     .value_or(-1),
                 0);
        QCOMPARE(
            wire::retryAfterMs({{"anthropic-ratelimit-tokens-reset", "2025-08-21T12:40:59Z"},
                                {"anthropic-ratelimit-requests-reset", "2025-08-21T12:40:10Z"}},
                               now)
                .value_or(-1),
            59000);
        QVERIFY(!wire::retryAfterMs({{"content-type", "application/json"}}, now));
    }

    void maxTokensFieldByServer()
    {
        ProviderProfile p;
        p.model = u"o4-mini"_s;
        p.baseUrl = u"https://api.openai.com/v1"_s;
        p.temperature = 0.2;
        json body = json::parse(wire::chatRequest(p, {}).body.toStdString());
        QVERIFY(body.contains("max_completion_tokens"));
        QVERIFY(!body.contains("max_tokens"));
        QCOMPARE_JSON(body["temperature"], 0.2);
        QVERIFY(!body.contains("tools")); // no tool_choice without tools either
        QVERIFY(!body.contains("tool_choice"));

        p.baseUrl = u"http://localhost:11434/v1/"_s;
        const wire::HttpRequest r = wire::chatRequest(p, {});
        QCOMPARE(r.url, u"http://localhost:11434/v1/chat/completions"_s);
        body = json::parse(r.body.toStdString());
        QVERIFY(body.contains("max_tokens"));
        QVERIFY(wire::header(r.headers, "authorization").isEmpty()); // no key, no header
    }

    void profileRoundTrip()
    {
        ProviderProfile p;
        p.name = u"cloud"_s;
        p.kind = ProviderKind::Anthropic;
        p.baseUrl = u"https://api.anthropic.com"_s;
        p.model = u"claude-sonnet-4-5"_s;
        p.apiKeyEnv = u"ANTHROPIC_API_KEY"_s;
        p.apiKey = u"sk-ant-secret-value"_s;
        p.temperature = 0.7;
        p.maxTokens = 2048;
        p.timeout = std::chrono::milliseconds(90'000);
        p.inputPricePerMillion = 3.0;
        p.outputPricePerMillion = 15.0;
        const json stored = p.toJson();
        QVERIFY(stored.dump().find("sk-ant-secret-value") == std::string::npos);
        QVERIFY(!stored.contains("apiKey"));

        QStringList errors, warnings;
        const auto back = ProviderProfile::fromJson(
            stored, u"cloud"_s, u"providers.cloud"_s, &errors, &warnings);
        QVERIFY2(back, qPrintable(errors.join(u'\n')));
        QVERIFY(warnings.isEmpty());
        QCOMPARE(back->kind, ProviderKind::Anthropic);
        QCOMPARE(back->model, p.model);
        QCOMPARE(back->apiKeyEnv, p.apiKeyEnv);
        QVERIFY(back->apiKey.isEmpty());
        QCOMPARE(back->maxTokens, 2048);
        QCOMPARE(back->timeout.count(), 90'000);
        QCOMPARE_JSON(back->toJson(), stored);

        Usage u;
        u.inputTokens = 1'000'000;
        u.outputTokens = 100'000;
        QCOMPARE(p.cost(u).value_or(-1), 4.5);
        p.outputPricePerMillion.reset();
        QVERIFY(!p.cost(u));
    }

    void keyFromEnvironment()
    {
        ProviderProfile p;
        p.name = u"cloud"_s;
        p.apiKeyEnv = u"TOWNHALL_TST_WIRE_KEY"_s;
        qunsetenv("TOWNHALL_TST_WIRE_KEY");
        EnvironmentKeySource keys;
        QString problem = QCoro::waitFor(keys.fill(p));
        QVERIFY(p.apiKey.isEmpty());
        QVERIFY(problem.contains(u"TOWNHALL_TST_WIRE_KEY"_s));
        qputenv("TOWNHALL_TST_WIRE_KEY", "sk-from-env-123");
        problem = QCoro::waitFor(keys.fill(p));
        QVERIFY(problem.isEmpty());
        QCOMPARE(p.apiKey, u"sk-from-env-123"_s);
        QCOMPARE(p.redacted(u"bad key sk-from-env-123 given"_s), u"bad key *** given"_s);
        qunsetenv("TOWNHALL_TST_WIRE_KEY");

        ProviderProfile local; // Ollama: no key named, none needed
        QVERIFY(QCoro::waitFor(keys.fill(local)).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestProviderWire)
#include "tst_providerwire.moc"
