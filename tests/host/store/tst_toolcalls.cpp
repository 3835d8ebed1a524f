// SPDX-License-Identifier: MIT
// The database's tool_calls table, which versions before the calls file
// (host/recorder/calllog.h) filled and the store now only reads: rows put in
// by plain SQL as those versions wrote them read back as they were sent,
// including the smaller stored forms of schema v4
// (host/store/toolcallform.h), and files of versions 2 and 3 migrate.

#include "host/store/store.h"
#include "host/store/toolcallform.h"

#include "tests/host/store/matchdriver.h"
#include "tests/host/store/storetestutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

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
    void readRows();
    void manyRowsInOrder_data();
    void manyRowsInOrder();
    void migrationFromV2();
    void responseForms_data();
    void responseForms();
    void damagedResponses_data();
    void damagedResponses();
    void migrationFromV3();

private:
    QStringList freshSchema()
    {
        const QString fresh = m_dir->filePath(QStringLiteral("fresh.sqlite"));
        if (!Store::open(fresh).ok())
            return {};
        return RawDb(fresh).schema();
    }

    /// A file of this build's schema at `name`, holding `rows` as older
    /// versions stored them (every response as sent).
    QString fileWith(const char *name, const std::vector<ToolCallRow> &rows)
    {
        const QString path = m_dir->filePath(QString::fromLatin1(name));
        if (!Store::open(path).ok())
            return {};
        RawDb raw(path);
        for (const ToolCallRow &r : rows)
            if (!insertLegacyToolCall(raw, r))
                return {};
        return path;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TstToolCalls::readRows()
{
    const std::vector<ToolCallRow> rows{
        sampleRow("m-1", 2), sampleRow("m-2", 1), sampleRow("m-1", 3)};
    const QString path = fileWith("th.sqlite", rows);
    QVERIFY(!path.isEmpty());
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);

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
    QCOMPARE(RawDb(path).scalar(QStringLiteral("SELECT count(*) FROM tool_calls")).toInt(), 3);
    // Read-only stores read them too (`townhall calls` opens read-only).
    Store::Options ro;
    ro.readOnly = true;
    auto reader = Store::open(path, ro);
    STORE_VERIFY(reader);
    QCOMPARE(reader->toolCalls("m-2")->size(), size_t(1));
    QVERIFY(reader->toolCalls("m-1").value() == (std::vector<ToolCallRow>{rows[0], rows[2]}));
}

void TstToolCalls::manyRowsInOrder_data()
{
    QTest::addColumn<int>("count");
    for (int n : {1, 7, 8, 9, 31, 32, 33, 45, 100})
        QTest::newRow(qPrintable(QString::number(n))) << n;
}

void TstToolCalls::manyRowsInOrder()
{
    QFETCH(int, count);
    std::vector<ToolCallRow> rows;
    std::vector<ToolCallRow> forM1;
    for (int i = 0; i < count; ++i) {
        // Two matches' rows interleaved, as the recorder wrote them.
        rows.push_back(sampleRow(i % 2 ? "m-2" : "m-1", i));
        if (rows.back().matchId == "m-1")
            forM1.push_back(rows.back());
    }
    const QString path = fileWith("many.sqlite", rows);
    QVERIFY(!path.isEmpty());
    auto store = Store::open(path);
    STORE_VERIFY(store);
    auto m1 = store->toolCalls("m-1");
    STORE_VERIFY(m1);
    QCOMPARE(m1->size(), forM1.size());
    for (std::size_t i = 0; i < forM1.size(); ++i)
        QVERIFY2((*m1)[i] == forM1[i], qPrintable(QStringLiteral("row %1 differs").arg(i)));
    auto m2 = store->toolCalls("m-2");
    STORE_VERIFY(m2);
    QCOMPARE(m1->size() + m2->size(), rows.size());
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
        QVERIFY(store->toolCalls("match-1")->empty());
    }
    {
        // The version 3 and 4 steps made the table those versions wrote.
        RawDb raw(path);
        QVERIFY(insertLegacyToolCall(raw, sampleRow("match-1", 1)));
    }
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->toolCalls("match-1")->size(), size_t(1));
    }

    // The migrated file has exactly the schema of a fresh one.
    QCOMPARE(RawDb(path).schema(), freshSchema());
}

void TstToolCalls::responseForms_data()
{
    // The response as sent, the `response` column as schema v4 stored it
    // (the bytes; a blob when compressed, else text), and its
    // `response_form` (toolcallform::Form bits).
    QTest::addColumn<QByteArray>("response");
    QTest::addColumn<QByteArray>("stored");
    QTest::addColumn<int>("form");
    using namespace toolcallform;
    auto row
        = [](const char *name, const std::string &response, const std::string &stored, int form) {
              QByteArray bytes = QByteArray::fromStdString(stored);
              if (form & Compressed)
                  bytes = qCompress(bytes, 1);
              QTest::newRow(name) << QByteArray::fromStdString(response) << bytes << form;
          };
    auto verbatim = [&](const char *name, const std::string &response) {
        row(name, response, response, Verbatim);
    };
    const json small{{"ok", true}, {"n", 1}};
    const json state = stateLike(40);  // as long as a get_state
    const json large = stateLike(200); // past a page once elided
    // The first block's text repeats structuredContent: stored as "".
    row("duplicate, small",
        toolSuccess(1, small, small.dump()),
        toolSuccess(1, small, ""),
        TextFromStructured);
    row("duplicate, state",
        toolSuccess(2, state, state.dump()),
        toolSuccess(2, state, ""),
        TextFromStructured);
    row("duplicate, large",
        toolSuccess(2, large, large.dump()),
        toolSuccess(2, large, ""),
        TextFromStructured | Compressed);
    row("duplicate, escapes",
        toolSuccess(3, stateLike(1), stateLike(1).dump()),
        toolSuccess(3, stateLike(1), ""),
        TextFromStructured);
    // Another writer's member order and spacing: the bytes come back.
    row("structuredContent first, spaced",
        R"( { "result" : { "structuredContent" : {"ok":true} , "content" : [ { "type":"text", "text" : "{\"ok\":true}" } ] } , "id":10 } )",
        R"( { "result" : { "structuredContent" : {"ok":true} , "content" : [ { "type":"text", "text" : "" } ] } , "id":10 } )",
        TextFromStructured);
    row("other text, long",
        toolSuccess(6, large, stateLike(201).dump()),
        toolSuccess(6, large, stateLike(201).dump()),
        Compressed);
    // Kept as sent: read back untouched, even where the text could be
    // rebuilt (every v3 row is form 0) or is empty.
    verbatim("duplicate as sent", toolSuccess(1, small, small.dump()));
    verbatim("other text", toolSuccess(4, small, R"({"ok":true,"n":2})"));
    verbatim("spaced text", toolSuccess(5, small, small.dump(1)));
    verbatim("empty text", toolSuccess(7, small, ""));
    verbatim("ascii-escaped text", toolSuccess(8, stateLike(1), stateLike(1).dump(-1, ' ', true)));
    verbatim("second block",
             json{{"jsonrpc", "2.0"},
                  {"id", 9},
                  {"result",
                   {{"content",
                     json::array({{{"type", "text"}, {"text", "hi"}},
                                  {{"type", "text"}, {"text", small.dump()}}})},
                    {"structuredContent", small}}}}
                 .dump());
    verbatim(
        "failure",
        R"({"id":11,"jsonrpc":"2.0","result":{"content":[{"text":"{\"ok\":false}","type":"text"}],"isError":true}})");
    verbatim("rpc error", R"({"error":{"code":-32602,"message":"bad"},"id":12,"jsonrpc":"2.0"})");
    verbatim("none", "null");
    verbatim("not JSON", "{\"result\":{\"content\":[{\"text\":\"x\"");
    verbatim("trailing bytes", toolSuccess(13, small, small.dump()) + "}");
}

void TstToolCalls::responseForms()
{
    QFETCH(QByteArray, response);
    QFETCH(QByteArray, stored);
    QFETCH(int, form);
    ToolCallRow row = sampleRow("m-1", 0);
    row.responseJson = response.toStdString();
    const QString path = m_dir->filePath(QStringLiteral("forms.sqlite"));
    STORE_VERIFY(Store::open(path));
    {
        RawDb raw(path);
        QVERIFY(insertLegacyToolCall(raw, row, form, stored));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT typeof(response) FROM tool_calls")).toString(),
                 form & toolcallform::Compressed ? QStringLiteral("blob") : QStringLiteral("text"));
    }
    auto store = Store::open(path);
    STORE_VERIFY(store);
    auto rows = store->toolCalls("m-1");
    STORE_VERIFY(rows);
    QCOMPARE(rows->size(), size_t(1));
    // Exactly the text that was sent, not merely the same JSON.
    QCOMPARE(QByteArray::fromStdString(rows->front().responseJson), response);
    QVERIFY(rows->front() == row);
}

void TstToolCalls::damagedResponses_data()
{
    // A stored response that its form cannot give back: the read fails
    // (Corrupt) instead of returning another text.
    QTest::addColumn<QByteArray>("stored");
    QTest::addColumn<int>("form");
    using namespace toolcallform;
    const json small{{"ok", true}};
    QTest::newRow("text not elided")
        << QByteArray::fromStdString(toolSuccess(1, small, small.dump()))
        << int(TextFromStructured);
    QTest::newRow("no structuredContent")
        << QByteArray(R"({"result":{"content":[{"type":"text","text":""}]}})")
        << int(TextFromStructured);
    // qCompress's length prefix, then bytes that are not zlib's.
    QTest::newRow("not compressed") << QByteArray("\0\0\0\x10not zlib", 12) << int(Compressed);
    QTest::newRow("compressed, not elided")
        << qCompress(QByteArray::fromStdString(toolSuccess(1, small, small.dump())), 1)
        << int(TextFromStructured | Compressed);
}

void TstToolCalls::damagedResponses()
{
    QFETCH(QByteArray, stored);
    QFETCH(int, form);
    const QString path = fileWith("damaged.sqlite", {sampleRow("m-1", 1)});
    QVERIFY(!path.isEmpty());
    {
        RawDb raw(path);
        QVERIFY(insertLegacyToolCall(raw, sampleRow("m-1", 2), form, stored));
        QVERIFY(insertLegacyToolCall(raw, sampleRow("m-2", 3)));
    }
    auto store = Store::open(path);
    STORE_VERIFY(store);
    if (form == toolcallform::Compressed)
        QTest::ignoreMessage(QtWarningMsg, "qUncompress: Input data is corrupted");
    auto rows = store->toolCalls("m-1");
    QVERIFY(!rows.ok());
    QCOMPARE(rows.error().code, StoreError::Code::Corrupt);
    // Other matches' rows still read.
    QCOMPARE(store->toolCalls("m-2")->size(), size_t(1));
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
        for (const ToolCallRow &r : v3rows)
            QVERIFY(insertLegacyToolCall(raw, r, std::nullopt));
    }

    std::vector<ToolCallRow> all = v3rows;
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
        // The v3 rows read back as they were.
        auto rows = store->toolCalls("match-1");
        STORE_VERIFY(rows);
        QVERIFY(*rows == v3rows);
    }
    {
        // A row as v4 and later stored it, smaller, after the v3 ones.
        all.push_back(sampleRow("match-1", 3));
        all.back().responseJson = toolSuccess(3, state, state.dump());
        RawDb raw(path);
        QVERIFY(insertLegacyToolCall(
            raw,
            all.back(),
            toolcallform::TextFromStructured | toolcallform::Compressed,
            qCompress(QByteArray::fromStdString(toolSuccess(3, state, "")), 1)));
    }
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        auto rows = store->toolCalls("match-1");
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
