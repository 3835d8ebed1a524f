// SPDX-License-Identifier: MIT
// Schema v3 (issue 6): the tool_calls table of the inspector's recorder, and
// the migration from a version 2 file. Schema v4: the smaller stored form of
// responses (app/store/toolcallform.h), which reads back byte for byte, and
// the migration from a version 3 file.

#include "host/store/store.h"
#include "host/store/toolcallform.h"

#include "tests/host/store/matchdriver.h"
#include "tests/host/store/storetestutil.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::storetest;

namespace {

constexpr engine::TimeMs T0 = 1'700'000'000'000;

ToolCallRow sampleRow(const std::string &matchId, int n)
{
    ToolCallRow r;
    r.matchId = matchId;
    r.atUs = T0 * 1000 + n;
    r.sessionId = "s-" + std::to_string(n);
    r.agentId = "agent-1";
    r.agentName = "Ada";
    r.method = "tools/call";
    r.tool = "et.werewolf.match.vote";
    r.status = n % 2 ? "tool_error" : "ok";
    if (n % 2)
        r.toolErrorCode = "WRONG_PHASE";
    r.httpStatus = 200;
    r.latencyUs = 120 + n;
    r.requestJson = R"({"jsonrpc":"2.0","id":)" + std::to_string(n) + "}";
    r.responseJson = R"({"jsonrpc":"2.0","id":)" + std::to_string(n) + R"(,"result":{}})";
    return r;
}

using json = nlohmann::json;

/// A tool result as mcp::Dispatcher sends it: structuredContent and, as the
/// first content block, its compact JSON text.
std::string toolSuccess(int id, const json &structured, const std::string &text)
{
    return json{{"jsonrpc", "2.0"},
                {"id", id},
                {"result",
                 {{"content", json::array({{{"type", "text"}, {"text", text}}})},
                  {"structuredContent", structured},
                  {"isError", false}}}}
        .dump();
}

/// A state-like result: nested, with quotes, backslashes, control
/// characters and non-ASCII text, `players` entries long.
json stateLike(int players)
{
    json j{{"ok", true},
           {"phase", "DAY_DISCUSSION"},
           {"note", "say \"hi\"\\ back\nslash\ttab\x01 caf\u00e9 \u72fc"},
           {"players", json::array()}};
    for (int i = 0; i < players; ++i)
        j["players"].push_back(
            {{"id", "p" + std::to_string(i)}, {"alive", i % 3 != 0}, {"x", 0.25 * i}});
    return j;
}

} // namespace

class TstToolCalls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    void cleanup() { m_dir.reset(); }
    void appendAndRead();
    void manyRowsInOrder_data();
    void manyRowsInOrder();
    void migrationFromV2();
    void responseForms_data();
    void responseForms();
    void migrationFromV3();

private:
    QStringList freshSchema()
    {
        const QString fresh = m_dir->filePath(QStringLiteral("fresh.sqlite"));
        if (!Store::open(fresh).ok())
            return {};
        return RawDb(fresh).schema();
    }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TstToolCalls::appendAndRead()
{
    std::vector<ToolCallRow> rows{sampleRow("m-1", 2), sampleRow("m-2", 1), sampleRow("m-1", 3)};
    rows.push_back(sampleRow("", 4));
    {
        auto store = Store::open(m_dir->filePath(QStringLiteral("th.sqlite")));
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
        STORE_VERIFY(store->appendToolCalls(rows));
        STORE_VERIFY(store->appendToolCalls({}));

        auto m1 = store->toolCalls("m-1");
        STORE_VERIFY(m1);
        QCOMPARE(m1->size(), size_t(2));
        QVERIFY((*m1)[0] == rows[0]);
        QVERIFY((*m1)[1] == rows[2]);
        QVERIFY(!(*m1)[0].toolErrorCode);
        QCOMPARE(*(*m1)[1].toolErrorCode, std::string("WRONG_PHASE"));
        QVERIFY(!(*m1)[1].rpcErrorCode);
        auto none = store->toolCalls("nope");
        STORE_VERIFY(none);
        QVERIFY(none->empty());
    }
    {
        // Bound as bytes, stored as TEXT (so SQL text functions work on them).
        RawDb raw(m_dir->filePath(QStringLiteral("th.sqlite")));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM tool_calls")).toInt(), 3);
        QCOMPARE(raw.scalar(QStringLiteral(
                                "SELECT count(*) FROM tool_calls WHERE typeof(match_id) = 'text' "
                                "AND typeof(request) = 'text' AND typeof(response) = 'text' "
                                "AND typeof(agent_name) = 'text'"))
                     .toInt(),
                 3);
    }
    // Read-only stores refuse writes but read.
    Store::Options ro;
    ro.readOnly = true;
    auto reader = Store::open(m_dir->filePath(QStringLiteral("th.sqlite")), ro);
    STORE_VERIFY(reader);
    QCOMPARE(reader->toolCalls("m-2")->size(), size_t(1));
    QVERIFY(!reader->appendToolCalls(rows).ok());
}

void TstToolCalls::manyRowsInOrder_data()
{
    // The store inserts 32, 8 or 1 rows per statement: counts around those.
    QTest::addColumn<int>("count");
    for (int n : {1, 7, 8, 9, 31, 32, 33, 45, 100})
        QTest::newRow(qPrintable(QString::number(n))) << n;
}

void TstToolCalls::manyRowsInOrder()
{
    QFETCH(int, count);
    std::vector<ToolCallRow> rows;
    std::vector<ToolCallRow> forM1;
    for (int i = 0; i < count + count / 3; ++i) {
        // Every fourth row has no match and is skipped; the rest alternate matches.
        rows.push_back(sampleRow(i % 4 == 3 ? std::string() : i % 2 ? "m-2" : "m-1", i));
        if (rows.back().matchId == "m-1")
            forM1.push_back(rows.back());
    }
    auto store = Store::open(m_dir->filePath(QStringLiteral("many.sqlite")));
    STORE_VERIFY(store);
    STORE_VERIFY(store->appendToolCalls(rows));
    auto m1 = store->toolCalls("m-1");
    STORE_VERIFY(m1);
    QCOMPARE(m1->size(), forM1.size());
    for (std::size_t i = 0; i < forM1.size(); ++i)
        QVERIFY2((*m1)[i] == forM1[i], qPrintable(QStringLiteral("row %1 differs").arg(i)));
    auto m2 = store->toolCalls("m-2");
    STORE_VERIFY(m2);
    const auto stored = std::count_if(
        rows.begin(), rows.end(), [](const ToolCallRow &r) { return !r.matchId.empty(); });
    QCOMPARE(m1->size() + m2->size(), std::size_t(stored));
}

void TstToolCalls::migrationFromV2()
{
    // A version 2 file: what this build writes, minus step 2→3 (which only
    // adds tool_calls and its index), holding a match in progress.
    const QString path = m_dir->filePath(QStringLiteral("v2.sqlite"));
    engine::Match m = createMatch("match-1", 1, 77, T0);
    MatchDriver driver(m, 77, T0);
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        STORE_VERIFY(commitStep(*store, m, m.log()));
        for (int i = 0; i < 20 && !m.ended(); ++i)
            STORE_VERIFY(commitStep(*store, m, driver.step()));
    }
    {
        RawDb raw(path);
        QVERIFY(toVersion5(raw));
        QVERIFY(raw.exec(QStringLiteral("DROP TABLE tool_calls")));
        QVERIFY(raw.exec(QStringLiteral("DELETE FROM schema_version WHERE version >= 3")));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 2);
    }

    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
        auto events = store->loadEvents("match-1");
        STORE_VERIFY(events);
        QVERIFY(sameEvents(*events, m.log()));
        STORE_VERIFY(store->appendToolCalls({sampleRow("match-1", 1)}));
        QCOMPARE(store->toolCalls("match-1")->size(), size_t(1));
    }

    // The migrated file has exactly the schema of a fresh one.
    QCOMPARE(RawDb(path).schema(), freshSchema());
}

void TstToolCalls::responseForms_data()
{
    // response text, its stored form (toolcallform::Form bits), and whether
    // the stored bytes are smaller than the response.
    QTest::addColumn<QByteArray>("response");
    QTest::addColumn<int>("form");
    using namespace toolcallform;
    auto row = [](const char *name, const std::string &response, int form) {
        QTest::newRow(name) << QByteArray::fromStdString(response) << form;
    };
    const json small{{"ok", true}, {"n", 1}};
    const json state = stateLike(40);  // about 1.4 KB, like a get_state
    const json large = stateLike(200); // past a page once elided
    row("duplicate, small", toolSuccess(1, small, small.dump()), TextFromStructured);
    row("duplicate, state", toolSuccess(2, state, state.dump()), TextFromStructured);
    row("duplicate, large", toolSuccess(2, large, large.dump()), TextFromStructured | Compressed);
    row("duplicate, escapes",
        toolSuccess(3, stateLike(1), stateLike(1).dump()),
        TextFromStructured);
    // The text differs from structuredContent: kept as it is.
    row("other text", toolSuccess(4, small, R"({"ok":true,"n":2})"), Verbatim);
    row("spaced text", toolSuccess(5, small, small.dump(1)), Verbatim);
    row("other text, long", toolSuccess(6, large, stateLike(201).dump()), Compressed);
    row("empty text", toolSuccess(7, small, ""), Verbatim);
    // Same JSON, escaped otherwise (ASCII-only): still the text as sent.
    row("ascii-escaped text",
        toolSuccess(8, stateLike(1), stateLike(1).dump(-1, ' ', true)),
        Verbatim);
    // The duplicate is in the second block only.
    row("second block",
        json{{"jsonrpc", "2.0"},
             {"id", 9},
             {"result",
              {{"content",
                json::array({{{"type", "text"}, {"text", "hi"}},
                             {{"type", "text"}, {"text", small.dump()}}})},
               {"structuredContent", small}}}}
            .dump(),
        Verbatim);
    // Another writer's member order and spacing: the bytes still match.
    row("structuredContent first, spaced",
        R"( { "result" : { "structuredContent" : {"ok":true} , "content" : [ { "type":"text", "text" : "{\"ok\":true}" } ] } , "id":10 } )",
        TextFromStructured);
    row("failure",
        R"({"id":11,"jsonrpc":"2.0","result":{"content":[{"text":"{\"ok\":false}","type":"text"}],"isError":true}})",
        Verbatim);
    row("rpc error",
        R"({"error":{"code":-32602,"message":"bad"},"id":12,"jsonrpc":"2.0"})",
        Verbatim);
    row("none", "null", Verbatim);
    row("not JSON", "{\"result\":{\"content\":[{\"text\":\"x\"", Verbatim);
    row("trailing bytes", toolSuccess(13, small, small.dump()) + "}", Verbatim);
}

void TstToolCalls::responseForms()
{
    QFETCH(QByteArray, response);
    QFETCH(int, form);
    ToolCallRow row = sampleRow("m-1", 0);
    row.responseJson = response.toStdString();
    const QString path = m_dir->filePath(QStringLiteral("forms.sqlite"));
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        STORE_VERIFY(store->appendToolCalls({row}));
        auto rows = store->toolCalls("m-1");
        STORE_VERIFY(rows);
        QCOMPARE(rows->size(), size_t(1));
        // Exactly the text that was stored, not merely the same JSON.
        QCOMPARE(QByteArray::fromStdString(rows->front().responseJson), response);
        QVERIFY(rows->front() == row);
    }
    RawDb raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT response_form FROM tool_calls")).toInt(), form);
    const int stored
        = raw.scalar(QStringLiteral("SELECT length(CAST(response AS BLOB)) FROM tool_calls"))
              .toInt();
    QCOMPARE(raw.scalar(QStringLiteral("SELECT typeof(response) FROM tool_calls")).toString(),
             form & toolcallform::Compressed ? QStringLiteral("blob") : QStringLiteral("text"));
    if (form != toolcallform::Verbatim)
        QVERIFY2(stored < response.size(),
                 qPrintable(QStringLiteral("%1 of %2 bytes").arg(stored).arg(response.size())));
    else
        QCOMPARE(stored, int(response.size()));
    if (form & toolcallform::TextFromStructured && !(form & toolcallform::Compressed)) {
        // Still JSON in the table, the duplicate emptied.
        const json kept = json::parse(
            raw.scalar(QStringLiteral("SELECT response FROM tool_calls")).toString().toStdString());
        QCOMPARE(kept.at("result").at("content").at(0).at("text"), json(""));
        QCOMPARE(kept.at("result").at("structuredContent"),
                 json::parse(response.toStdString()).at("result").at("structuredContent"));
    }
}

void TstToolCalls::migrationFromV3()
{
    // A version 3 file: this build's schema with the v3 tool_calls table,
    // holding rows as v3 stored them (every response as sent).
    const QString path = m_dir->filePath(QStringLiteral("v3.sqlite"));
    const json state = stateLike(200);
    std::vector<ToolCallRow> v3rows{sampleRow("match-1", 1), sampleRow("match-1", 2)};
    v3rows[1].responseJson = toolSuccess(2, state, state.dump());
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
    }
    {
        RawDb raw(path);
        QVERIFY(toVersion5(raw));
        QVERIFY(raw.exec(QStringLiteral("ALTER TABLE tool_calls DROP COLUMN response_form")));
        QVERIFY(raw.exec(QStringLiteral("DELETE FROM schema_version WHERE version >= 4")));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 3);
        QSqlQuery ins(raw.db());
        QVERIFY(ins.prepare(QStringLiteral(
            "INSERT INTO tool_calls (match_id, at_us, session_id, agent_id, agent_name, method, "
            "tool, "
            "status, tool_error_code, rpc_error_code, http_status, latency_us, request, response) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)")));
        for (const ToolCallRow &r : v3rows) {
            ins.addBindValue(QString::fromStdString(r.matchId));
            ins.addBindValue(r.atUs);
            for (const std::string *text :
                 {&r.sessionId, &r.agentId, &r.agentName, &r.method, &r.tool, &r.status})
                ins.addBindValue(QString::fromStdString(*text));
            ins.addBindValue(r.toolErrorCode ? QVariant(QString::fromStdString(*r.toolErrorCode))
                                             : QVariant(QMetaType(QMetaType::QString)));
            ins.addBindValue(r.httpStatus);
            ins.addBindValue(r.latencyUs);
            ins.addBindValue(QString::fromStdString(r.requestJson));
            ins.addBindValue(QString::fromStdString(r.responseJson));
            QVERIFY2(ins.exec(), qPrintable(ins.lastError().text()));
        }
    }

    std::vector<ToolCallRow> all = v3rows;
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
        // The v3 rows read back as they were; new rows are stored smaller.
        auto rows = store->toolCalls("match-1");
        STORE_VERIFY(rows);
        QVERIFY(*rows == v3rows);
        all.push_back(sampleRow("match-1", 3));
        all.back().responseJson = toolSuccess(3, state, state.dump());
        STORE_VERIFY(store->appendToolCalls({all.back()}));
        rows = store->toolCalls("match-1");
        STORE_VERIFY(rows);
        QVERIFY(*rows == all);
    }
    {
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT group_concat(response_form) FROM (SELECT "
                                           "response_form FROM tool_calls ORDER BY id)"))
                     .toString(),
                 QStringLiteral("0,0,3"));
    }

    // The migrated file has exactly the schema of a fresh one.
    QCOMPARE(RawDb(path).schema(), freshSchema());
}

QTEST_GUILESS_MAIN(TstToolCalls)
#include "tst_toolcalls.moc"
