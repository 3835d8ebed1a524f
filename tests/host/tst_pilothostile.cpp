// SPDX-License-Identifier: MIT
// Model seats against a hostile provider (issue 28), in a real Host with
// eight model seats on loopback: seat 0's server echoes its key into what
// the model writes, answers with ten thousand tool calls, or nests its
// answer 200,000 deep. The match ends every time; the key is in nothing
// stored; the flood is not replayed into the seat's later requests.

#include "host/host.h"
#include "host/store/store.h"

#include "hostilepeers.h"
#include "modeltable.h"
#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::test::providers;
using json = nlohmann::json;

namespace {

constexpr int HostileSeat = 0;
const std::string Key = "sk-echoed-0123456789abcdef";

/// `text` with every letter of the key written as a JSON \u escape.
std::string escapedKey()
{
    std::string out;
    char buffer[8];
    for (const char c : Key) {
        std::snprintf(buffer, sizeof buffer, "\\u%04x", unsigned(c));
        out += buffer;
    }
    return out;
}

/// Eight seats; seat 0's server answers with `hostile` (nullopt: it plays),
/// and its profile carries the key.
struct HostileTable : test::ModelTable
{
    std::function<std::optional<ScriptedResponse>(int n, const RecordedRequest &)> hostile;
    int asked = 0;

    QTemporaryDir dir;

    /// Like startHost(), but on a database file: the test reads the store.
    bool start()
    {
        host::HostOptions o;
        o.dbPath = dir.filePath(QStringLiteral("hostile.sqlite"));
        o.speed = speed;
        o.seed = 11;
        o.rateLimits = rateLimits;
        host = std::make_unique<host::Host>(o);
        QString error;
        if (!dir.isValid() || !host->start(&error))
            return false;
        for (int seat = 0; seat < engine::SeatCount; ++seat) {
            const bool seated = seatModel(
                seat,
                [this, seat](const RecordedRequest &r) -> std::optional<ScriptedResponse> {
                    if (seat == HostileSeat && r.json().contains("messages"))
                        if (auto answer = hostile(asked++, r))
                            return answer;
                    return scriptedPlayer(seat, r);
                },
                [](int seat, host::providers::ProviderProfile &p) {
                    if (seat == HostileSeat)
                        p.apiKey = QString::fromStdString(Key);
                });
            if (!seated)
                return false;
        }
        return true;
    }
    std::vector<RecordedRequest> chats() const
    {
        return servers[HostileSeat]->requestsTo("/chat/completions");
    }
    std::shared_ptr<const host::PilotLog> log() const
    {
        return host->pilotLog(match()->matchId(), playerOf(HostileSeat).playerId);
    }
};

} // namespace

class TestPilotHostile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QLoggingCategory::setFilterRules(QStringLiteral("townhall.providers.debug=false"));
    }

    // A provider that echoes the key into the model's text, its reasoning
    // and its speeches (as is, and in JSON escapes): the notes, the store,
    // the export and the match hold "***", never the key.
    void anEchoedKeyIsNeverStored()
    {
        HostileTable t;
        t.hostile = [](int n, const RecordedRequest &r) -> std::optional<ScriptedResponse> {
            auto answer = scriptedPlayer(HostileSeat, r);
            if (!answer)
                return std::nullopt;
            json body = json::parse(answer->body.toStdString());
            json &message = body["choices"][0]["message"];
            message["content"] = "thinking aloud: my key is " + Key;
            message["reasoning_content"] = "the header was Authorization: Bearer " + Key;
            message["tool_calls"] = message.value("tool_calls", json::array());
            for (json &call : message["tool_calls"])
                if (call["function"]["name"] == "et_werewolf_match_say_public")
                    call["function"]["arguments"]
                        = json{{"text", "I am seat 0 and my key is " + Key}}.dump();
            std::string text = body.dump();
            // Every other answer spells the key in escapes, as an echo of JSON may.
            if (n % 2)
                for (std::size_t at; (at = text.find(Key)) != std::string::npos;)
                    text.replace(at, Key.size(), escapedKey());
            answer->body = QByteArray::fromStdString(text);
            return answer;
        };
        QVERIFY(t.start());
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 120'000);
        host::Store *store = t.host->store();
        QVERIFY(store);
        // Once every answer is in and stored, the export has the seat's notes.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto text = store->exportMatch("match-1");
                return text && text->find(t.log()->stats.toJson().dump()) != std::string::npos;
            }(),
            20'000);

        const auto leaks = [](const std::string &s) {
            return s.find(Key) != std::string::npos
                   || s.find("0123456789abcdef") != std::string::npos
                   || s.find(escapedKey()) != std::string::npos;
        };
        const std::string exported = *store->exportMatch("match-1");
        QVERIFY2(!leaks(exported), "the key reached the export");
        const auto notes = store->modelNotes("match-1", t.playerOf(HostileSeat).playerId);
        QVERIFY(notes);
        QVERIFY(!notes->empty());
        int redacted = 0;
        for (const auto &note : *notes) {
            const std::string text = note.text;
            QVERIFY2(!leaks(text), text.c_str());
            redacted += text.find("***") != std::string::npos;
        }
        QVERIFY(redacted > 0);
        for (const host::PilotNote &note : t.log()->notes)
            QVERIFY2(!leaks(note.text.toStdString()), qPrintable(note.text));
        // The speeches seat 0's model made (if it lived to speak) say "***" instead.
        for (const engine::Event &e : t.match()->log()) {
            const std::string text = engine::toJson(e).dump();
            QVERIFY2(!leaks(text), text.c_str());
        }
        // The provider itself still got the key, where it belongs.
        QCOMPARE(t.chats().front().header("Authorization"),
                 QByteArray("Bearer " + QByteArray::fromStdString(Key)));
    }

    // One answer of 10,000 tool calls (get_state, in the lobby): the seat
    // runs the first, and its next request carries a few calls, not all.
    void aFloodOfToolCallsIsNotReplayed()
    {
        HostileTable t;
        t.hostile = [](int n, const RecordedRequest &) -> std::optional<ScriptedResponse> {
            if (n == 0)
                return test::hostile::toolCallFlood(10'000, "et_werewolf_match_get_state");
            return std::nullopt;
        };
        QVERIFY(t.start());
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 120'000);
        const auto chats = t.chats();
        QVERIFY(chats.size() >= 2);
        const qsizetype next = chats[1].body.size();
        qInfo("the request after 10,000 tool calls: %lld bytes (the first: %lld)",
              qlonglong(next),
              qlonglong(chats[0].body.size()));
        QVERIFY2(next < 64 * 1024, qPrintable(QString::number(next)));
        int calls = 0;
        const json second = chats[1].json();
        for (const json &m : second.at("messages"))
            calls += int(m.value("tool_calls", json::array()).size());
        QCOMPARE(calls, host::providers::ChatResult::MaxToolCalls);
        for (const RecordedRequest &r : t.chats())
            QVERIFY(r.body.size() < 64 * 1024);
    }

    // Answers nested 200,000 deep crashed the host, and again after every
    // restart. Now a deep body is a failed request (counted; the stand-in
    // keeps the seat after three), deep arguments a bad call told to the model.
    void deepAnswersLeaveTheSeatToTheStandIn_data()
    {
        QTest::addColumn<bool>("arguments");
        QTest::newRow("body") << false;
        QTest::newRow("tool arguments") << true;
    }
    void deepAnswersLeaveTheSeatToTheStandIn()
    {
        QFETCH(bool, arguments);
        HostileTable t;
        t.hostile = [arguments](int, const RecordedRequest &) -> std::optional<ScriptedResponse> {
            return arguments ? test::hostile::deepToolArguments("et_werewolf_match_ready", 200'000)
                             : test::hostile::deepModelAnswer(200'000);
        };
        QVERIFY(t.start());
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 180'000);
        const auto log = t.log();
        QVERIFY(log);
        QVERIFY(log->stats.standInTurns > 0 || log->stats.handedOver);
        if (arguments) {
            // Told to the model in its next request.
            const auto chats = t.chats();
            QVERIFY(chats.size() >= 2);
            QVERIFY2(chats[1].body.contains("nested deeper than 64 levels"),
                     chats[1].body.left(400).constData());
        } else {
            QVERIFY(log->stats.failures.count(QStringLiteral("MALFORMED_RESPONSE")));
            QVERIFY(log->stats.handedOver);
            const auto &notes = log->notes;
            QVERIFY(std::any_of(notes.begin(), notes.end(), [](const host::PilotNote &n) {
                return n.kind == host::PilotNote::Kind::HandOver
                       && n.text.contains(QStringLiteral("deeper than 64"));
            }));
        }
    }
};

QTEST_MAIN(TestPilotHostile)
#include "tst_pilothostile.moc"
