// SPDX-License-Identifier: MIT
// Schema v3 (issue 6): the tool_calls table of the inspector's recorder, and
// the migration from a version 2 file.

#include "app/store/store.h"

#include "tests/store/matchdriver.h"
#include "tests/store/storetestutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace townhall;
using namespace townhall::app;
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

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TstToolCalls::appendAndRead()
{
    std::vector<ToolCallRow> rows{sampleRow("m-1", 2), sampleRow("m-2", 1), sampleRow("m-1", 3)};
    rows.push_back(sampleRow("", 4));
    {
        auto store = Store::open(m_dir->filePath(QStringLiteral("th.sqlite")));
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), 3);
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
    const auto stored = std::count_if(rows.begin(), rows.end(),
                                      [](const ToolCallRow &r) { return !r.matchId.empty(); });
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
        QVERIFY(raw.exec(QStringLiteral("DROP TABLE tool_calls")));
        QVERIFY(raw.exec(QStringLiteral("DELETE FROM schema_version WHERE version = 3")));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 2);
    }

    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), 3);
        auto events = store->loadEvents("match-1");
        STORE_VERIFY(events);
        QVERIFY(sameEvents(*events, m.log()));
        STORE_VERIFY(store->appendToolCalls({sampleRow("match-1", 1)}));
        QCOMPARE(store->toolCalls("match-1")->size(), size_t(1));
    }

    // The migrated file has exactly the schema of a fresh one.
    const QString fresh = m_dir->filePath(QStringLiteral("fresh.sqlite"));
    {
        auto f = Store::open(fresh);
        STORE_VERIFY(f);
    }
    RawDb a(path);
    RawDb b(fresh);
    QCOMPARE(a.schema(), b.schema());
}

QTEST_GUILESS_MAIN(TstToolCalls)
#include "tst_toolcalls.moc"
