// SPDX-License-Identifier: MIT
// The tool registry: that it is the agent contract's tool array verbatim, that
// names resolve in both forms, that registries are checked on load, and that
// the outputSchemas accept what the host is meant to send and nothing else.

#include "mcp/toolregistry.h"

#include <QFile>
#include <QFloat16>
#include <QRegularExpression>
#include <QTest>

#include <set>

using townhall::mcp::json;
using townhall::mcp::NameStyle;
using townhall::mcp::Tool;
using townhall::mcp::ToolRegistry;

Q_DECLARE_METATYPE(json)

namespace townhall::mcp::testing {
json sampleResult(const std::string &tool);
json sampleState();
} // namespace townhall::mcp::testing
using townhall::mcp::testing::sampleResult;

namespace {

const char *const SeedNames[] = {
    "et.werewolf.queue.join",
    "et.werewolf.queue.leave",
    "et.werewolf.queue.status",
    "et.werewolf.matches.list",
    "et.werewolf.match.get_state",
    "et.werewolf.match.ready",
    "et.werewolf.match.say_public",
    "et.werewolf.match.vote",
    "et.werewolf.match.night.wolf_chat",
    "et.werewolf.match.night.wolf_kill",
    "et.werewolf.match.night.seer_inspect",
    "et.werewolf.match.night.doctor_protect",
    "et.werewolf.match.events.get",
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// The contract's tool array, as extract-tools.sh cuts it from the spec: the
/// lines between the first ```json fence after the "## 8.5 " heading and the
/// closing fence.
QByteArray seedBlock(const QByteArray &seed)
{
    const QList<QByteArray> lines = seed.split('\n');
    QByteArray out;
    bool inSection = false;
    bool inBlock = false;
    for (const QByteArray &line : lines) {
        if (!inSection) {
            inSection = line.startsWith("## 8.5 ");
        } else if (!inBlock) {
            inBlock = line == "```json";
        } else if (line == "```") {
            return out;
        } else {
            out += line + '\n';
        }
    }
    return {};
}

std::shared_ptr<const ToolRegistry> shipped()
{
    std::string error;
    auto r = ToolRegistry::fromResources(&error);
    if (!r)
        qWarning("fromResources: %s", error.c_str());
    return r;
}

} // namespace

class TestToolRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolsJsonIsTheSeedVerbatim()
    {
        // The seeds live outside the repository; CMake passes their location.
        const QString seedPath = qEnvironmentVariable("TOWNHALL_SEED_000");
        const QByteArray seed = readAll(seedPath);
        if (seed.isEmpty())
            QSKIP("seed 000 not available (set TOWNHALL_SEED_000)");
        const QByteArray block = seedBlock(seed);
        QVERIFY2(!block.isEmpty(), "no ```json block after the §8.5 heading");
        const QByteArray shippedBytes = readAll(QStringLiteral(":/tools.json"));
        QVERIFY(!shippedBytes.isEmpty());
        // Parsed equality is the contract; byte equality proves nobody hand-edited it.
        QCOMPARE(json::parse(shippedBytes.toStdString()), json::parse(block.toStdString()));
        QCOMPARE(shippedBytes, block);
    }

    void outputSchemasAreWidenedForSeed002Tables()
    {
        // A twelve-seat get_state in the PK with a witch to act: outside the
        // contract's own output schema, inside the one served.
        const json answer = json::parse(R"({
            "ok": true, "serverTime": "2026-11-26T00:00:00.000Z", "error": null,
            "state": {"matchId": "m", "phase": "DAY_PK_VOTE", "dayNumber": 2, "phaseEndsAt": "x",
                      "players": [{"playerId": "p:12", "displayName": "Leo", "seat": 12, "alive": false,
                                   "revealedRole": "HUNTER"}],
                      "publicSummary": "", "recentPublicMessages": [],
                      "you": {"playerId": "p:3", "role": "WITCH", "alive": true, "knownWolves": [],
                              "seerHistory": [],
                              "requiredAction": {"type": "WITCH_ACT", "allowedTargets": [], "alreadySubmitted": false}}}
        })");
        const auto registry = shipped();
        const Tool *getState = registry->find("et.werewolf.match.get_state");
        QVERIFY(getState && getState->output);
        const auto issues = getState->output->validate(answer);
        QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().message.c_str());
        // The contract's own schema refuses it: the widening is what lets it through.
        ToolRegistry verbatim;
        QVERIFY(verbatim.addFile(QStringLiteral(":/tools.json")));
        QVERIFY(!verbatim.find("et.werewolf.match.get_state")->output->accepts(answer));
        // A classic answer passes both.
        json classic = answer;
        classic["state"]["phase"] = "DAY_VOTE";
        classic["state"]["players"][0]["seat"] = 8;
        classic["state"]["players"][0]["revealedRole"] = "SEER";
        classic["state"]["you"]["role"] = "DOCTOR";
        classic["state"]["you"]["requiredAction"]["type"] = "VOTE";
        QVERIFY(verbatim.find("et.werewolf.match.get_state")->output->accepts(classic));
        QVERIFY(getState->output->accepts(classic));
        // The queue's table size is no longer fixed at 8.
        const Tool *status = registry->find("et.werewolf.queue.status");
        const std::string dumped = status->definition.at("outputSchema").dump();
        QVERIFY(dumped.find("\"const\":8") == std::string::npos);
    }

    void shipsThirteenSeedToolsThenTheExtras()
    {
        const auto registry = shipped();
        QVERIFY(registry);
        const auto &tools = registry->tools();
        // The extras: wait_for_turn, then the witch's and the hunter's tools.
        QCOMPARE(tools.size(), std::size(SeedNames) + 3);
        for (std::size_t i = 0; i < std::size(SeedNames); ++i)
            QCOMPARE(QString::fromStdString(tools[i].name), QString::fromUtf8(SeedNames[i]));
        const std::size_t extras = std::size(SeedNames);
        QCOMPARE(QString::fromStdString(tools[extras].name),
                 QStringLiteral("et.werewolf.match.wait_for_turn"));
        QCOMPARE(QString::fromStdString(tools[extras + 1].name),
                 QStringLiteral("et.werewolf.match.night.witch_act"));
        QCOMPARE(QString::fromStdString(tools[extras + 2].name),
                 QStringLiteral("et.werewolf.match.hunter_shoot"));
        QVERIFY(registry->find("et_werewolf_match_night_witch_act"));
        QVERIFY(registry->find("et_werewolf_match_hunter_shoot"));
        // Client name rules (MCP-NOTES K-53): underscore names fit ^[a-zA-Z0-9_-]{1,64}$.
        const QRegularExpression strict(QStringLiteral("^[a-zA-Z0-9_-]{1,64}$"));
        std::set<std::string> seen;
        for (const Tool &t : tools) {
            QVERIFY2(strict.match(QString::fromStdString(t.underscoreName)).hasMatch(),
                     t.underscoreName.c_str());
            QVERIFY(seen.insert(t.underscoreName).second);
            QVERIFY(!t.definition.value("description", std::string()).empty());
        }
    }

    void readOnlyToolsAreTheSpectatorReads()
    {
        const auto registry = shipped();
        QVERIFY(registry);
        std::set<std::string> readOnly;
        for (const Tool &t : registry->tools()) {
            if (t.readOnly)
                readOnly.insert(t.name);
        }
        const std::set<std::string> expected{"et.werewolf.queue.status",
                                             "et.werewolf.matches.list",
                                             "et.werewolf.match.get_state",
                                             "et.werewolf.match.events.get",
                                             "et.werewolf.match.wait_for_turn"};
        QCOMPARE(readOnly, expected);
    }

    void waitForTurnReusesTheStateSchema()
    {
        const auto registry = shipped();
        QVERIFY(registry);
        const Tool *wait = registry->find("et.werewolf.match.wait_for_turn");
        const Tool *get = registry->find("et.werewolf.match.get_state");
        QVERIFY(wait && get);
        // wait_for_turn's state is get_state's (as served: widened for the
        // larger tables) plus the witch's and the PK's fields.
        json state = wait->definition["outputSchema"]["properties"]["state"];
        // get_state's schema is widened for the larger tables as wait_for_turn's is
        // written; wait_for_turn also names the witch's and the PK's fields.
        QCOMPARE(state["properties"]["players"]["items"]["properties"]["seat"]["maximum"],
                 json(12));
        json &you = state["properties"]["you"]["properties"];
        json &required = you["requiredAction"]["properties"];
        for (const char *field : {"killedPlayerId", "antidote", "poison", "pk"}) {
            QVERIFY(required.contains(field));
            required.erase(field);
        }
        QCOMPARE(state, get->definition["outputSchema"]["properties"]["state"]);
        const json &in = wait->definition["inputSchema"];
        QCOMPARE(in["properties"]["timeoutSeconds"]["minimum"], json(1));
        QCOMPARE(in["properties"]["timeoutSeconds"]["maximum"], json(25));
        QCOMPARE(in["properties"]["timeoutSeconds"]["default"], json(25));
        QCOMPARE(in["required"], json::array({"matchId"}));
        QCOMPARE(in["properties"]["recentPublicMessagesLimit"]["maximum"], json(50));
        QCOMPARE(in["properties"]["afterEventId"]["type"], json("string"));
        QCOMPARE(wait->definition["outputSchema"]["required"],
                 json::array({"ok", "serverTime", "changed", "state", "error", "lastEventId"}));
    }

    void findResolvesBothForms_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("canonical"); // empty: not found
        auto row = [](const char *name, const char *canonical) {
            QTest::newRow(name) << QString::fromUtf8(name) << QString::fromUtf8(canonical);
        };
        for (const char *n : SeedNames)
            row(n, n);
        row("et_werewolf_match_vote", "et.werewolf.match.vote");
        row("et_werewolf_match_night_wolf_chat", "et.werewolf.match.night.wolf_chat");
        row("et_werewolf_queue_join", "et.werewolf.queue.join");
        row("et_werewolf_match_wait_for_turn", "et.werewolf.match.wait_for_turn");
        row("et.werewolf.match.wait_for_turn", "et.werewolf.match.wait_for_turn");
        row("ET.WEREWOLF.MATCH.VOTE", "");
        row("et.werewolf.match", "");
        row("et.werewolf.match.vote ", "");
        row("et_werewolf.match_vote", ""); // mixed forms are not a name
        row("", "");
    }

    void findResolvesBothForms()
    {
        QFETCH(QString, name);
        QFETCH(QString, canonical);
        const auto registry = shipped();
        QVERIFY(registry);
        const Tool *t = registry->find(name.toStdString());
        QCOMPARE(t ? QString::fromStdString(t->name) : QString(), canonical);
    }

    void describeNamesInStyle()
    {
        const auto registry = shipped();
        QVERIFY(registry);
        const Tool *vote = registry->find("et.werewolf.match.vote");
        QVERIFY(vote);
        const json dotted = registry->describe(*vote, NameStyle::Dotted);
        const json underscore = registry->describe(*vote, NameStyle::Underscore);
        QCOMPARE(dotted["name"], json("et.werewolf.match.vote"));
        QCOMPARE(underscore["name"], json("et_werewolf_match_vote"));
        json rest = underscore;
        rest["name"] = "et.werewolf.match.vote";
        QCOMPARE(rest, dotted); // nothing but the name differs
        QCOMPARE(dotted, vote->definition);
    }

    void samplesMatchEveryOutputSchema()
    {
        const auto registry = shipped();
        QVERIFY(registry);
        for (const Tool &t : registry->tools()) {
            const json sample = sampleResult(t.name);
            QVERIFY2(!sample.is_null(), t.name.c_str());
            const auto issues = registry->validateResult(t, sample);
            QVERIFY2(issues.empty(),
                     (t.name + ": " + townhall::mcp::describeIssues(issues)).c_str());
        }
    }

    void outputSchemasRejectBrokenResults_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<json>("patch"); // JSON Patch applied to the sample
        auto row = [](const char *name, const char *tool, const char *patch) {
            QTest::newRow(name) << QString::fromUtf8(tool) << json::parse(patch);
        };
        row("missing serverTime",
            "et.werewolf.match.vote",
            R"([{"op":"remove","path":"/serverTime"}])");
        row("extra top-level field",
            "et.werewolf.match.vote",
            R"([{"op":"add","path":"/debug","value":1}])");
        row("bad alignment",
            "et.werewolf.match.night.seer_inspect",
            R"([{"op":"replace","path":"/result/alignment","value":"WOLF"}])");
        row("seat 13",
            "et.werewolf.match.get_state",
            R"([{"op":"replace","path":"/state/players/0/seat","value":13}])");
        row("unknown phase",
            "et.werewolf.match.get_state",
            R"([{"op":"replace","path":"/state/phase","value":"DUSK"}])");
        row("you missing",
            "et.werewolf.match.get_state",
            R"([{"op":"remove","path":"/state/you"}])");
        row("requiredPlayers 13",
            "et.werewolf.queue.join",
            R"([{"op":"replace","path":"/queue/requiredPlayers","value":13}])");
        row("wait without changed",
            "et.werewolf.match.wait_for_turn",
            R"([{"op":"remove","path":"/changed"}])");
        row("event type unknown",
            "et.werewolf.match.events.get",
            R"([{"op":"replace","path":"/events/0/type","value":"SECRET"}])");
    }

    void outputSchemasRejectBrokenResults()
    {
        QFETCH(QString, tool);
        QFETCH(json, patch);
        const auto registry = shipped();
        QVERIFY(registry);
        const Tool *t = registry->find(tool.toStdString());
        QVERIFY(t);
        const json broken = sampleResult(t->name).patch(patch);
        QVERIFY(!registry->validateResult(*t, broken).empty());
    }

    void bareErrorEnvelopeFailsOutputSchemas()
    {
        // Why failures never carry structuredContent: the contract's error
        // envelope alone does not satisfy any tool's outputSchema, and the TS
        // SDK client would throw the whole result away.
        const auto registry = shipped();
        QVERIFY(registry);
        const json envelope = json::parse(
            R"({"ok":false,"error":{"code":"WRONG_PHASE","message":"m","retryable":true}})");
        for (const Tool &t : registry->tools())
            QVERIFY2(!registry->validateResult(t, envelope).empty(), t.name.c_str());
    }

    void validateArgumentsAppliesDefaults_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<json>("args");
        QTest::addColumn<json>("expected");
        auto row = [](const char *name, const char *tool, const char *args, const char *expected) {
            QTest::newRow(name) << QString::fromUtf8(tool) << json::parse(args)
                                << json::parse(expected);
        };
        row("queue.join", "et.werewolf.queue.join", "{}", R"({"queueId":"werewolf-default"})");
        row("queue.join keeps queueId",
            "et.werewolf.queue.join",
            R"({"queueId":"q"})",
            R"({"queueId":"q"})");
        row("get_state",
            "et.werewolf.match.get_state",
            R"({"matchId":"m"})",
            R"({"matchId":"m","includeTranscriptSummary":true,"includeRecentPublicMessages":false,
                "recentPublicMessagesLimit":20})");
        row("say_public kind",
            "et.werewolf.match.say_public",
            R"({"matchId":"m","text":"t"})",
            R"({"matchId":"m","text":"t","kind":"DISCUSSION"})");
        row("events.get",
            "et.werewolf.match.events.get",
            R"({"matchId":"m"})",
            R"({"matchId":"m","limit":50})");
        row("matches.list", "et.werewolf.matches.list", "{}", R"({"status":"ACTIVE","limit":20})");
        row("wait_for_turn",
            "et.werewolf.match.wait_for_turn",
            R"({"matchId":"m"})",
            R"({"matchId":"m","timeoutSeconds":25,"recentPublicMessagesLimit":20})");
        row("vote has no defaults",
            "et.werewolf.match.vote",
            R"({"matchId":"m","targetPlayerId":null})",
            R"({"matchId":"m","targetPlayerId":null})");
        // Invalid arguments are left exactly as they were.
        row("invalid untouched",
            "et.werewolf.match.events.get",
            R"({"matchId":"m","limit":0})",
            R"({"matchId":"m","limit":0})");
    }

    void validateArgumentsAppliesDefaults()
    {
        QFETCH(QString, tool);
        QFETCH(json, args);
        QFETCH(json, expected);
        const auto registry = shipped();
        QVERIFY(registry);
        const Tool *t = registry->find(tool.toStdString());
        QVERIFY(t);
        registry->validateArguments(*t, args);
        QCOMPARE(args, expected);
    }

    void addRejectsBadRegistries_data()
    {
        QTest::addColumn<json>("tools");
        QTest::addColumn<QString>("needle");
        auto row = [](const char *name, const char *tools, const char *needle) {
            QTest::newRow(name) << json::parse(tools) << QString::fromUtf8(needle);
        };
        row("not an array", R"({"name":"a"})", "array");
        row("no name", R"([{"description":"d","inputSchema":{"type":"object"}}])", "name");
        row("empty name",
            R"([{"name":"","description":"d","inputSchema":{"type":"object"}}])",
            "name");
        row("no description", R"([{"name":"a","inputSchema":{"type":"object"}}])", "description");
        row("empty description",
            R"([{"name":"a","description":"","inputSchema":{"type":"object"}}])",
            "description");
        row("no inputSchema", R"([{"name":"a","description":"d"}])", "inputSchema");
        row("inputSchema not object type",
            R"([{"name":"a","description":"d","inputSchema":{"type":"string"}}])",
            "inputSchema");
        row("outputSchema not object type",
            R"([{"name":"a","description":"d","inputSchema":{"type":"object"},"outputSchema":{"type":"array"}}])",
            "outputSchema");
        row("broken schema",
            R"([{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"x":{"type":5}}}}])",
            "invalid JSON Schema");
        row("duplicate",
            R"([{"name":"a.b","description":"d","inputSchema":{"type":"object"}},
                             {"name":"a.b","description":"d","inputSchema":{"type":"object"}}])",
            "duplicate");
        row("underscore collision",
            R"([{"name":"a.b","description":"d","inputSchema":{"type":"object"}},
                                        {"name":"a_b","description":"d","inputSchema":{"type":"object"}}])",
            "duplicate");
        row("underscore name too long",
            R"([{"name":"a.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","description":"d",
                 "inputSchema":{"type":"object"}}])",
            "64");
    }

    void addRejectsBadRegistries()
    {
        QFETCH(json, tools);
        QFETCH(QString, needle);
        ToolRegistry r;
        std::string error;
        QVERIFY(!r.add(tools, &error));
        QVERIFY2(QString::fromStdString(error).contains(needle), error.c_str());
        QVERIFY(r.tools().empty()); // all or nothing
    }

    void addRejectsCollisionWithEarlierFile()
    {
        ToolRegistry r;
        QVERIFY(r.add(
            json::parse(R"([{"name":"x.y","description":"d","inputSchema":{"type":"object"}}])")));
        std::string error;
        QVERIFY(!r.add(
            json::parse(R"([{"name":"x_y","description":"d","inputSchema":{"type":"object"}}])"),
            &error));
        QCOMPARE(r.tools().size(), std::size_t(1));
    }

    void addFileReportsMissingAndMalformed()
    {
        ToolRegistry r;
        std::string error;
        QVERIFY(!r.addFile(QStringLiteral(":/no-such-file.json"), &error));
        QVERIFY(!error.empty());
        QVERIFY(!r.addFile(QStringLiteral(":/prompts/rules.md"), &error)); // not JSON
        QVERIFY2(QString::fromStdString(error).contains(QStringLiteral("not valid JSON")),
                 error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestToolRegistry)
#include "tst_toolregistry.moc"
