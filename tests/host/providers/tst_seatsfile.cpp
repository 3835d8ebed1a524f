// SPDX-License-Identifier: MIT
// The seats file of a headless match: a good file and each kind of bad one.

#include "host/providers/seatsfile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace townhall::host::providers;
using namespace Qt::StringLiterals;

class TestSeatsFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        qputenv("TOWNHALL_TST_SEATS_KEY", "sk-seats-secret");
        qunsetenv("TOWNHALL_TST_SEATS_UNSET");
    }

    void goodFile()
    {
        const QByteArray text
            = "{ \"providers\": { \"local\": {\"kind\": \"openai\", \"baseUrl\": "
              "\"http://localhost:11434/v1\", \"model\": \"qwen3:8b\"}, \"cloud\": {\"kind\": "
              "\"anthropic\", \"baseUrl\": \"https://api.anthropic.com\", \"model\": "
              "\"claude-sonnet-4-5\", \"apiKeyEnv\": \"TOWNHALL_TST_SEATS_KEY\", \"temperature\": "
              "0.5, \"maxTokens\": 2048, \"timeoutSeconds\": 90, \"inputPricePerMillion\": 3, "
              "\"outputPricePerMillion\": 15} }, \"seats\": [ {\"name\": \"Ada\", \"provider\": "
              "\"local\", \"model\": \"llama3.2\", \"persona\": \"Speaks in riddles.\"}, "
              "{\"name\": \"Bram\", \"provider\": \"cloud\"}, {\"name\": \"Cora\", \"bot\": true} "
              "]}";
        const SeatsFileParse parsed = parseSeatsFile(text);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errors.join(u'\n')));
        QVERIFY2(parsed.warnings.isEmpty(), qPrintable(parsed.warnings.join(u'\n')));
        const SeatsFile &f = *parsed.file;
        QCOMPARE(f.providers.size(), 2u);
        QCOMPARE(f.seats.size(), 3u);
        QCOMPARE(f.seats[0].persona, u"Speaks in riddles."_s);
        QVERIFY(f.seats[2].bot);

        const auto ada = f.profileFor(f.seats[0]);
        QVERIFY(ada);
        QCOMPARE(ada->model, u"llama3.2"_s); // the seat's override
        QCOMPARE(ada->kind, ProviderKind::OpenAiCompatible);
        const auto bram = f.profileFor(f.seats[1]);
        QCOMPARE(bram->model, u"claude-sonnet-4-5"_s);
        QCOMPARE(bram->kind, ProviderKind::Anthropic);
        QCOMPARE(bram->maxTokens, 2048);
        QCOMPARE(bram->timeout.count(), 90'000);
        QCOMPARE(bram->inputPricePerMillion.value_or(-1), 3.0);
        QVERIFY(bram->apiKey.isEmpty()); // read from the environment when the seat starts, not here
        QVERIFY(!f.profileFor(f.seats[2]));
    }

    void pushSeats()
    {
        const QByteArray text
            = "{\"seats\": [{\"name\": \"Ada\", \"push\": {\"url\": \"http://127.0.0.1:9000/\", "
              "\"token\": \"sk-push\", \"deadlineMs\": 5000}}, {\"name\": \"Bo\", \"push\": "
              "{\"url\": \"https://agent.example/rpc\"}}, {\"name\": \"Cy\", \"bot\": true}]}";
        const SeatsFileParse parsed = parseSeatsFile(text);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errors.join(u'\n')));
        QVERIFY2(parsed.warnings.isEmpty(), qPrintable(parsed.warnings.join(u'\n')));
        const SeatsFile &f = *parsed.file;
        QCOMPARE(f.seats.size(), 3u);
        QVERIFY(f.seats[0].push);
        QCOMPARE(f.seats[0].push->url, u"http://127.0.0.1:9000/"_s);
        QCOMPARE(f.seats[0].push->token, u"sk-push"_s);
        QCOMPARE(f.seats[0].push->deadlineMs, 5000);
        QVERIFY(f.seats[1].push);
        QVERIFY(f.seats[1].push->token.isEmpty());   // optional
        QCOMPARE(f.seats[1].push->deadlineMs, 8000); // the default
        QVERIFY(!f.seats[2].push);
        QVERIFY(!f.profileFor(f.seats[0])); // no provider for a push seat
    }

    void peoplesSeats()
    {
        const QByteArray text = "{\"seats\": [{\"name\": \"Ada\", \"human\": true}, {\"name\": "
                                "\"Cy\", \"bot\": true}]}";
        const SeatsFileParse parsed = parseSeatsFile(text);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errors.join(u'\n')));
        QVERIFY2(parsed.warnings.isEmpty(), qPrintable(parsed.warnings.join(u'\n')));
        const SeatsFile &f = *parsed.file;
        QCOMPARE(f.seats.size(), 2u);
        QVERIFY(f.seats[0].human);
        QVERIFY(!f.seats[0].human->local); // played from a join link
        QVERIFY(!f.seats[0].bot);
        QVERIFY(!f.profileFor(f.seats[0]));
        QVERIFY(!f.seats[1].human);
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");

        const QByteArray local = "\"local\": {\"kind\": \"openai\", \"baseUrl\": "
                                 "\"http://localhost:11434/v1\", \"model\": \"m\"}";
        QTest::newRow("not json") << QByteArray("{\"seats\": [") << u"not valid JSON"_s;
        QTest::newRow("not an object") << QByteArray("[]") << u"must hold a JSON object"_s;
        QTest::newRow("no seats") << QByteArray("{\"providers\": {}}") << u"seats: missing"_s;
        QTest::newRow("seats not an array") << QByteArray("{\"seats\": {\"Ada\": {}}}")
                                            << u"seats: expected an array, found object"_s;
        QTest::newRow("unknown provider")
            << QByteArray("{\"providers\": {" + local
                          + "}, \"seats\": [{\"name\": \"Ada\", \"provider\": \"cloud\"}]}")
            << u"seats[0].provider: unknown provider \"cloud\" (known: local)"_s;
        QTest::newRow("wrong type") << QByteArray(
            "{\"providers\": {\"local\": {\"kind\": \"openai\", \"baseUrl\": \"http://h/v1\", "
            "\"model\": \"m\", \"maxTokens\": \"many\"}}, \"seats\": []}")
                                    << u"providers.local.maxTokens: expected a whole number"_s;
        QTest::newRow("name of the wrong type")
            << QByteArray("{\"seats\": [{\"name\": 7, \"bot\": true}]}")
            << u"seats[0].name: expected a string, found number"_s;
        QTest::newRow("missing baseUrl") << QByteArray(
            "{\"providers\": {\"local\": {\"kind\": \"openai\", \"model\": \"m\"}}, \"seats\": []}")
                                         << u"providers.local.baseUrl: missing"_s;
        QTest::newRow("baseUrl not a URL")
            << QByteArray("{\"providers\": {\"local\": {\"kind\": \"openai\", \"baseUrl\": "
                          "\"localhost:11434\", \"model\": \"m\"}}, \"seats\": []}")
            << u"providers.local.baseUrl: \"localhost:11434\" is not an http or https URL"_s;
        QTest::newRow("unknown kind")
            << QByteArray("{\"providers\": {\"local\": {\"kind\": \"gemini\", \"baseUrl\": "
                          "\"http://h/v1\"}}, \"seats\": []}")
            << u"providers.local.kind: unknown kind \"gemini\""_s;
        QTest::newRow("key in the file")
            << QByteArray(
                   "{\"providers\": {\"local\": {\"kind\": \"openai\", \"baseUrl\": "
                   "\"http://h/v1\", \"model\": \"m\", \"apiKey\": \"sk-x\"}}, \"seats\": []}")
            << u"providers.local.apiKey: keys are not read from files"_s;
        QByteArray nine = "{\"seats\": ["; // thirteen: one more than the largest table
        for (int i = 0; i < 13; ++i)
            nine += (i ? "," : "") + QByteArray("{\"name\": \"P") + QByteArray::number(i)
                    + "\", \"bot\": true}";
        nine += "]}";
        QTest::newRow("too many seats") << nine << u"seats: 13 seats, but a match has at most 12"_s;
        QTest::newRow("duplicate names") << QByteArray(
            "{\"seats\": [{\"name\": \"Ada\", \"bot\": true}, {\"name\": \"ada\", \"bot\": true}]}")
                                         << u"seats[1].name: \"ada\" names another seat already"_s;
        QTest::newRow("no name") << QByteArray("{\"seats\": [{\"bot\": true}]}")
                                 << u"seats[0].name: missing"_s;
        QTest::newRow("neither bot nor provider")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\"}]}")
            << u"seats[0]: needs a provider, \"bot\": true, \"human\": true or \"push\""_s;
        QTest::newRow("human not a boolean")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"human\": \"yes\"}]}")
            << u"seats[0].human: expected true or false, found string"_s;
        QTest::newRow("human and bot")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"human\": true, \"bot\": true}]}")
            << u"seats[0].human: a person's seat takes neither"_s;
        QTest::newRow("human with a provider")
            << QByteArray("{\"providers\": {" + local
                          + "}, \"seats\": [{\"name\": \"Ada\", \"human\": true, \"provider\": "
                            "\"local\"}]}")
            << u"seats[0].human: a person's seat takes neither"_s;
        QTest::newRow("human false and nothing else")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"human\": false}]}")
            << u"seats[0]: needs a provider"_s;
        QTest::newRow("push without url")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"push\": {\"token\": \"sk-x\"}}]}")
            << u"seats[0].push.url: missing"_s;
        QTest::newRow("push url not http")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"push\": {\"url\": \"ftp://h/\", "
                          "\"token\": \"sk-x\"}}]}")
            << u"seats[0].push.url: expected an http:// or https:// URL"_s;
        QTest::newRow("push deadline too short")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"push\": {\"url\": \"http://h/\", "
                          "\"deadlineMs\": 999, \"token\": \"sk-x\"}}]}")
            << u"seats[0].push.deadlineMs: must be between 1000 and 60000, found 999"_s;
        QTest::newRow("push deadline too long")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"push\": {\"url\": \"http://h/\", "
                          "\"deadlineMs\": 60001}}]}")
            << u"seats[0].push.deadlineMs: must be between 1000 and 60000"_s;
        QTest::newRow("push token not a string")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"push\": {\"url\": \"http://h/\", "
                          "\"token\": 5}}]}")
            << u"seats[0].push.token: expected a string, found number"_s;
        QTest::newRow("push and bot")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"bot\": true, \"push\": {\"url\": "
                          "\"http://h/\", \"token\": \"sk-x\"}}]}")
            << u"seats[0].push: a push seat takes neither"_s;
        QTest::newRow("push not an object")
            << QByteArray("{\"seats\": [{\"name\": \"Ada\", \"push\": \"http://h/\"}]}")
            << u"seats[0].push: expected an object, found string"_s;
        QTest::newRow("bot with a provider")
            << QByteArray(
                   "{\"providers\": {" + local
                   + "}, \"seats\": [{\"name\": \"Ada\", \"bot\": true, \"provider\": \"local\"}]}")
            << u"seats[0].provider: a bot seat takes no provider"_s;
        QTest::newRow("no model anywhere")
            << QByteArray(
                   "{\"providers\": {\"local\": {\"kind\": \"openai\", \"baseUrl\": "
                   "\"http://h/v1\"}}, \"seats\": [{\"name\": \"Ada\", \"provider\": \"local\"}]}")
            << u"seats[0].model: missing, and provider \"local\" names no model"_s;
    }

    void badFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const SeatsFileParse parsed = parseSeatsFile(text);
        QVERIFY(!parsed.ok());
        QVERIFY(!parsed.file);
        QVERIFY2(std::any_of(parsed.errors.begin(),
                             parsed.errors.end(),
                             [&](const QString &e) { return e.contains(error); }),
                 qPrintable(parsed.errors.join(u'\n')));
        for (const QString &e : parsed.errors)
            QVERIFY(!e.contains(u"sk-x"_s)); // not even a key misplaced in the file
    }

    void warningsDoNotStopAMatch()
    {
        const QByteArray text
            = "{ \"providers\": {\"cloud\": {\"kind\": \"openai\", \"baseUrl\": "
              "\"https://openrouter.ai/api/v1\", \"model\": \"m\", \"apiKeyEnv\": "
              "\"TOWNHALL_TST_SEATS_UNSET\", \"colour\": \"red\"}}, \"seats\": [{\"name\": "
              "\"Ada\", \"provider\": \"cloud\", \"mood\": \"grim\"}], \"comment\": \"a test\"}";
        const SeatsFileParse parsed = parseSeatsFile(text);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errors.join(u'\n')));
        const QString all = parsed.warnings.join(u'\n');
        QVERIFY2(
            all.contains(
                u"providers.cloud.apiKeyEnv: the environment variable TOWNHALL_TST_SEATS_UNSET is not set"_s),
            qPrintable(all));
        QVERIFY(all.contains(u"providers.cloud.colour: unknown key"_s));
        QVERIFY(all.contains(u"seats[0].mood: unknown key"_s));
        QVERIFY(all.contains(u"comment: unknown key"_s));
    }

    void readsAFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"seats.json"_s);
        const SeatsFileParse missing = readSeatsFile(path);
        QVERIFY(!missing.ok());
        QVERIFY(missing.errors.first().contains(path));

        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"seats\": [{\"name\": \"Ada\", \"bot\": 1}]}");
        f.close();
        const SeatsFileParse bad = readSeatsFile(path);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.errors.first(),
                 path + u": seats[0].bot: expected true or false, found number"_s);
    }

    // `--seats /dev/zero` read 1.6 GB before it failed; a huge file was read
    // whole. Both are refused after at most the cap, naming it.
    void tooLargeFilesAreRefusedUnread_data()
    {
        QTest::addColumn<QString>("path"); // empty: a temporary file one byte past the cap
        QTest::newRow("temporary file") << QString();
        if (QFile::exists(u"/dev/zero"_s))
            QTest::newRow("/dev/zero") << u"/dev/zero"_s;
    }
    void tooLargeFilesAreRefusedUnread()
    {
        QFETCH(QString, path);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (path.isEmpty()) {
            path = dir.filePath(u"huge.json"_s);
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            // Valid JSON but for its size: only the cap refuses it.
            const QByteArray padding(SeatsFile::MaxFileBytes, ' ');
            f.write("{\"seats\": [{\"name\": \"Ada\", \"bot\": true}]}");
            f.write(padding);
            f.close();
        }
        const SeatsFileParse parsed = readSeatsFile(path);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.errors.size(), 1);
        QVERIFY2(parsed.errors.first().contains(path)
                     && parsed.errors.first().contains(u"1024 KiB"_s),
                 qPrintable(parsed.errors.first()));
    }

    // Nested 200,000 deep (400 KB, under the cap): refused, not parsed.
    void deepFilesAreRefused()
    {
        const QByteArray deep
            = "{\"seats\": " + QByteArray(200'000, '[') + QByteArray(200'000, ']') + "}";
        const SeatsFileParse parsed = parseSeatsFile(deep);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.errors, QStringList{u"the file nests deeper than 64 levels"_s});
        // As deep as the limit is still read (and found wrong for what it is).
        const QByteArray limit = "{\"seats\": " + QByteArray(63, '[') + QByteArray(63, ']') + "}";
        QVERIFY(!parseSeatsFile(limit).errors.join(u' ').contains(u"deeper"_s));
    }
};

QTEST_GUILESS_MAIN(TestSeatsFile)
#include "tst_seatsfile.moc"
