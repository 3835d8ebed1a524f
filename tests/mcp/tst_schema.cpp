// SPDX-License-Identifier: MIT
// The JSON Schema wrapper: which values pass, where failures are reported,
// how they are explained, and how defaults are filled in.

#include "mcp/schema.h"

#include <QFloat16>
#include <QTest>

using townhall::mcp::json;
using townhall::mcp::Schema;
using townhall::mcp::SchemaIssue;

Q_DECLARE_METATYPE(json)

namespace {

json parse(const char *text)
{
    return json::parse(text);
}

const char *SayPublic = R"({
  "type": "object",
  "properties": {
    "matchId": { "type": "string" },
    "text": { "type": "string", "minLength": 1, "maxLength": 5 },
    "kind": { "type": "string", "enum": ["OPENING","DISCUSSION"], "default": "DISCUSSION" },
    "replyToEventId": { "type": ["string","null"] },
    "limit": { "type": "integer", "minimum": 1, "maximum": 200, "default": 50 },
    "requiredPlayers": { "type": "integer", "const": 8 },
    "nested": {
      "type": "object",
      "properties": { "flag": { "type": "boolean", "default": true }, "n": { "type": "integer" } }
    },
    "players": {
      "type": "array",
      "items": { "type": "object", "properties": { "seat": { "type": "integer", "maximum": 8 } } }
    }
  },
  "required": ["matchId"],
  "additionalProperties": false
})";

} // namespace

class TestSchema : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validate_data()
    {
        QTest::addColumn<json>("value");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("needle"); // substring of the first issue's message

        auto row = [](const char *name,
                      const char *value,
                      bool valid,
                      const char *path = "",
                      const char *needle = "") {
            QTest::newRow(name) << json::parse(value) << valid << QString::fromUtf8(path)
                                << QString::fromUtf8(needle);
        };
        row("minimal", R"({"matchId":"m"})", true);
        row("all fields",
            R"({"matchId":"m","text":"hi","kind":"OPENING","replyToEventId":null,
                              "limit":200,"requiredPlayers":8,"nested":{"flag":false},
                              "players":[{"seat":1}]})",
            true);
        row("nullable string as string", R"({"matchId":"m","replyToEventId":"e1"})", true);
        row("missing required", R"({})", false, "", "Missing required property 'matchId'");
        row("not an object", R"([])", false, "", "expected object, got array");
        row("null root", R"(null)", false, "", "expected object, got null");
        row("wrong type", R"({"matchId":42})", false, "/matchId", "expected string, got integer");
        row("float for integer",
            R"({"matchId":"m","limit":1.5})",
            false,
            "/limit",
            "expected integer");
        row("string for integer",
            R"({"matchId":"m","limit":"7"})",
            false,
            "/limit",
            "expected integer, got string");
        row("bool for nullable string",
            R"({"matchId":"m","replyToEventId":true})",
            false,
            "/replyToEventId",
            "expected string, null");
        row("enum",
            R"({"matchId":"m","kind":"SHOUT"})",
            false,
            "/kind",
            "must be one of: OPENING, DISCUSSION");
        row("enum is case-sensitive",
            R"({"matchId":"m","kind":"opening"})",
            false,
            "/kind",
            "one of");
        row("const",
            R"({"matchId":"m","requiredPlayers":9})",
            false,
            "/requiredPlayers",
            "must be 8");
        row("too short", R"({"matchId":"m","text":""})", false, "/text", "no fewer than 1");
        row("too long", R"({"matchId":"m","text":"abcdef"})", false, "/text", "no more than 5");
        // maxLength counts code points, not bytes: five two-byte characters fit.
        row("utf8 at limit", R"({"matchId":"m","text":"ééééé"})", true);
        row("utf8 over limit",
            R"({"matchId":"m","text":"éééééé"})",
            false,
            "/text",
            "no more than 5");
        row("emoji at limit", R"({"matchId":"m","text":"🐺🐺🐺🐺🐺"})", true);
        row("below minimum",
            R"({"matchId":"m","limit":0})",
            false,
            "/limit",
            "greater than or equal");
        row("above maximum",
            R"({"matchId":"m","limit":201})",
            false,
            "/limit",
            "less than or equal");
        row("unknown property",
            R"({"matchId":"m","foo":1})",
            false,
            "",
            "unknown property 'foo' (allowed:");
        row("nested wrong type",
            R"({"matchId":"m","nested":{"flag":"yes"}})",
            false,
            "/nested/flag",
            "expected boolean");
        row("array item path",
            R"({"matchId":"m","players":[{"seat":1},{"seat":2},{"seat":9}]})",
            false,
            "/players/2/seat",
            "less than or equal");
    }

    void validate()
    {
        QFETCH(json, value);
        QFETCH(bool, valid);
        QFETCH(QString, path);
        QFETCH(QString, needle);

        const Schema schema(parse(SayPublic));
        const std::vector<SchemaIssue> issues = schema.validate(value);
        QCOMPARE(issues.empty(), valid);
        QCOMPARE(schema.accepts(value), valid);
        if (valid)
            return;
        QCOMPARE(QString::fromStdString(issues.front().path), path);
        QVERIFY2(QString::fromStdString(issues.front().message).contains(needle),
                 issues.front().message.c_str());
    }

    void maxIssuesIsHonoured()
    {
        const Schema schema(parse(SayPublic));
        const json bad = parse(R"({"matchId":1,"text":"","kind":"X","limit":0,"foo":1})");
        QVERIFY(schema.validate(bad).size() >= 4);
        QCOMPARE(schema.validate(bad, 2).size(), std::size_t(2));
    }

    void emptySchemaAcceptsAnything()
    {
        const Schema any;
        QVERIFY(any.accepts(json(nullptr)));
        QVERIFY(any.accepts(parse(R"({"x":[1,2,3]})")));
    }

    void invalidSchemaThrows_data()
    {
        QTest::addColumn<json>("schema");
        QTest::newRow("type is a number") << parse(R"({"type": 5})");
        QTest::newRow("not an object") << parse(R"("object")");
        QTest::newRow("minLength negative") << parse(R"({"type":"string","minLength":-1})");
        QTest::newRow("required not array") << parse(R"({"type":"object","required":"a"})");
    }

    void invalidSchemaThrows()
    {
        QFETCH(json, schema);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Schema{schema});
    }

    void applyDefaults_data()
    {
        QTest::addColumn<json>("value");
        QTest::addColumn<json>("expected");
        QTest::addColumn<int>("filled");
        QTest::newRow("fills missing")
            << parse(R"({"matchId":"m"})")
            << parse(R"({"matchId":"m","kind":"DISCUSSION","limit":50})") << 2;
        QTest::newRow("keeps given") << parse(R"({"matchId":"m","kind":"OPENING","limit":3})")
                                     << parse(R"({"matchId":"m","kind":"OPENING","limit":3})") << 0;
        QTest::newRow("descends into present objects")
            << parse(R"({"matchId":"m","kind":"OPENING","limit":3,"nested":{}})")
            << parse(R"({"matchId":"m","kind":"OPENING","limit":3,"nested":{"flag":true}})") << 1;
        QTest::newRow("null is a value, not absence")
            << parse(R"({"matchId":"m","kind":null,"limit":3})")
            << parse(R"({"matchId":"m","kind":null,"limit":3})") << 0;
        QTest::newRow("non-object untouched") << parse(R"([1])") << parse(R"([1])") << 0;
    }

    void applyDefaults()
    {
        QFETCH(json, value);
        QFETCH(json, expected);
        QFETCH(int, filled);
        QCOMPARE(townhall::mcp::applyDefaults(parse(SayPublic), value), filled);
        QCOMPARE(value, expected);
    }

    void describeIssues()
    {
        using townhall::mcp::describeIssues;
        QCOMPARE(QString::fromStdString(describeIssues({{"", "a"}, {"/text", "b"}})),
                 QStringLiteral("(arguments): a; /text: b"));
        QVERIFY(describeIssues({}).empty());
    }

    void pointerEscaping()
    {
        const Schema schema(parse(R"({"type":"object","properties":{"a/b":{"type":"object",
            "properties":{"c~d":{"type":"integer"}}}}})"));
        const auto issues = schema.validate(parse(R"({"a/b":{"c~d":"x"}})"));
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues.front().path), QStringLiteral("/a~1b/c~0d"));
    }
};

QTEST_APPLESS_MAIN(TestSchema)
#include "tst_schema.moc"
