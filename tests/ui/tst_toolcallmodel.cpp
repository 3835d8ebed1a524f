// SPDX-License-Identifier: MIT
#include "ui/toolcallmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace townhall::ui;

namespace {
ToolCallRecord
rec(quint64 id, const QString &agent, const QString &match, const QString &tool, CallStatus s)
{
    ToolCallRecord r;
    r.id = id;
    r.atUs = 1'700'000'000'000'000 + qint64(id);
    r.agentId = agent;
    r.agentName = agent.toUpper();
    r.matchId = match;
    r.method = QStringLiteral("tools/call");
    r.tool = tool;
    r.status = s;
    r.latencyUs = 1500;
    if (s == CallStatus::ToolError)
        r.toolErrorCode = QStringLiteral("WRONG_PHASE");
    return r;
}
/// A model with the filter in front of it, both checked by a tester.
struct Filtered
{
    ToolCallModel model;
    ToolCallFilterModel filter;
    QAbstractItemModelTester tester{(filter.setSourceModel(&model), &filter),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest};
};
} // namespace

class TstToolCallModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void appendTrimAndData();
    void filters();
    void duplicatesAndProducedEvents();
    void textFilter();
    void storedCallsComeFirstAndOnce();
};

void TstToolCallModel::appendTrimAndData()
{
    ToolCallModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    model.setCapacity(3);
    const QString vote = QStringLiteral("et.werewolf.match.vote");
    model.append({rec(1, QStringLiteral("a"), QStringLiteral("m1"), vote, CallStatus::Ok),
                  rec(2, QStringLiteral("b"), QStringLiteral("m1"), vote, CallStatus::ToolError)});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.index(1, ToolCallModel::AgentColumn).data().toString(), QStringLiteral("B"));
    QCOMPARE(model.index(1, ToolCallModel::StatusColumn).data().toString(),
             QStringLiteral("tool error (WRONG_PHASE)"));
    QCOMPARE(model.index(1, ToolCallModel::LatencyColumn).data().toString(),
             QStringLiteral("1.50 ms"));
    QCOMPARE(model.index(0, ToolCallModel::ToolColumn).data().toString(), vote);
    model.append(
        {rec(3, QStringLiteral("a"), QStringLiteral("m2"), vote, CallStatus::RateLimited),
         rec(4, QStringLiteral("c"), QStringLiteral("m2"), vote, CallStatus::ProtocolError)});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(model.record(0).id, quint64(2));
    QCOMPARE(model.index(2, 0).data(ToolCallModel::RecordIdRole).value<quint64>(), quint64(4));
    // A batch larger than the capacity keeps its newest rows.
    QList<ToolCallRecord> big;
    for (quint64 i = 10; i < 20; ++i)
        big.push_back(rec(i, QStringLiteral("a"), QStringLiteral("m"), vote, CallStatus::Ok));
    model.append(big);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.record(2).id, quint64(19));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TstToolCallModel::filters()
{
    Filtered f;
    ToolCallModel &model = f.model;
    ToolCallFilterModel &filter = f.filter;
    const QString vote = QStringLiteral("et.werewolf.match.vote");
    const QString state = QStringLiteral("et.werewolf.match.get_state");
    model.append(
        {rec(1, QStringLiteral("a"), QStringLiteral("m1"), vote, CallStatus::Ok),
         rec(2, QStringLiteral("b"), QStringLiteral("m1"), state, CallStatus::ToolError),
         rec(3, QStringLiteral("a"), QStringLiteral("m2"), state, CallStatus::RateLimited)});
    QCOMPARE(filter.rowCount(), 3);
    filter.setAgentId(QStringLiteral("a"));
    QCOMPARE(filter.rowCount(), 2);
    filter.setMatchId(QStringLiteral("m2"));
    QCOMPARE(filter.rowCount(), 1);
    filter.setAgentId({});
    filter.setMatchId({});
    filter.setTool(QStringLiteral("et_werewolf_match_get_state"));
    QCOMPARE(filter.rowCount(), 2);
    filter.setStatus(CallStatus::RateLimited);
    QCOMPARE(filter.rowCount(), 1);
    // Live: new rows pass through the filter.
    model.append(
        {rec(4, QStringLiteral("c"), QStringLiteral("m3"), state, CallStatus::RateLimited)});
    QCOMPARE(filter.rowCount(), 2);
    filter.setStatus(std::nullopt);
    filter.setTool({});
    QCOMPARE(filter.rowCount(), 4);
}

void TstToolCallModel::duplicatesAndProducedEvents()
{
    ToolCallModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QString vote = QStringLiteral("et.werewolf.match.vote");
    ToolCallRecord structured
        = rec(5, QStringLiteral("a"), QStringLiteral("m1"), vote, CallStatus::Ok);
    structured.responseJson
        = R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{}"}],)"
          R"("structuredContent":{"ok":true,"matchId":"m1","eventId":"m1:00000041"},"isError":false}})";
    ToolCallRecord textOnly
        = rec(6, QStringLiteral("b"), QStringLiteral("m1"), vote, CallStatus::Ok);
    textOnly.responseJson = R"({"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":)"
                            R"("{\"ok\":true,\"eventId\":\"m1:00000042\"}"}],"isError":false}})";
    ToolCallRecord refused
        = rec(7, QStringLiteral("c"), QStringLiteral("m1"), vote, CallStatus::ToolError);
    refused.responseJson = textOnly.responseJson; // an error names no event of its own
    ToolCallRecord read = rec(8,
                              QStringLiteral("c"),
                              QStringLiteral("m1"),
                              QStringLiteral("et.werewolf.match.get_state"),
                              CallStatus::Ok);
    read.responseJson
        = R"({"jsonrpc":"2.0","id":5,"result":{"structuredContent":{"ok":true,"state":{)"
          R"("recentPublicMessages":[{"eventId":"m1:00000007"}]}}}})";
    model.append({structured, textOnly, refused, read});
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.producedEventId(0), QStringLiteral("m1:00000041"));
    QCOMPARE(model.index(1, 0).data(ToolCallModel::EventIdRole).toString(),
             QStringLiteral("m1:00000042"));
    QCOMPARE(model.producedEventId(2), QString());
    QCOMPARE(model.producedEventId(3), QString());
    QCOMPARE(model.rowForId(7), 2);
    QCOMPARE(model.rowForId(4), -1);
    QCOMPARE(model.lastId(), quint64(8));

    // A backlog that overlaps what arrived live adds only what is new.
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.append({textOnly,
                  refused,
                  read,
                  rec(9, QStringLiteral("d"), QStringLiteral("m1"), vote, CallStatus::Ok)});
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.record(4).id, quint64(9));
    model.append({structured});
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(inserted.size(), 1);
}

void TstToolCallModel::textFilter()
{
    Filtered f;
    ToolCallModel &model = f.model;
    ToolCallFilterModel &filter = f.filter;
    const QString vote = QStringLiteral("et.werewolf.match.vote");
    ToolCallRecord a
        = rec(1, QStringLiteral("alice"), QStringLiteral("m1"), vote, CallStatus::ToolError);
    a.requestJson = R"({"params":{"arguments":{"targetPlayerId":"p:7"}}})";
    ToolCallRecord b = rec(2,
                           QStringLiteral("bob"),
                           QStringLiteral("m2"),
                           QStringLiteral("et.werewolf.match.get_state"),
                           CallStatus::Ok);
    b.responseJson = R"({"result":{"structuredContent":{"state":{"phase":"NIGHT"}}}})";
    model.append({a, b});
    filter.setText(QStringLiteral("wrong_phase")); // the error code, any case
    QCOMPARE(filter.rowCount(), 1);
    filter.setText(QStringLiteral("p:7")); // the request's arguments
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(), quint64(1));
    filter.setText(QStringLiteral("night")); // the response
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(), quint64(2));
    filter.setText(QStringLiteral("BOB")); // the agent's name
    QCOMPARE(filter.rowCount(), 1);
    filter.setText(QStringLiteral("nobody"));
    QCOMPARE(filter.rowCount(), 0);
    filter.setText(QStringLiteral("  "));
    QCOMPARE(filter.rowCount(), 2);

    // Issue 29 #22: the server's instructions (initialize) and the tools'
    // descriptions (tools/list) name every error code; searching for one
    // finds the calls that got it, not them.
    ToolCallRecord init = rec(3, QStringLiteral("alice"), QString(), QString(), CallStatus::Ok);
    init.method = QStringLiteral("initialize");
    init.responseJson
        = R"({"result":{"instructions":"A move out of turn fails with WRONG_PHASE."}})";
    ToolCallRecord list = rec(4, QStringLiteral("alice"), QString(), QString(), CallStatus::Ok);
    list.method = QStringLiteral("tools/list");
    list.responseJson
        = R"({"result":{"tools":[{"description":"WRONG_PHASE outside the vote; targetPlayerId"}]}})";
    model.append({init, list});
    filter.setText(QStringLiteral("WRONG_PHASE"));
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(), quint64(1));
    filter.setText(QStringLiteral("targetPlayerId"));
    QCOMPARE(filter.rowCount(), 1);
    filter.setText(QStringLiteral("initialize")); // the method itself still counts
    QCOMPARE(filter.rowCount(), 1);
}

void TstToolCallModel::storedCallsComeFirstAndOnce()
{
    Filtered f;
    ToolCallModel &model = f.model;
    const QString vote = QStringLiteral("et.werewolf.match.vote");
    model.append({rec(5, QStringLiteral("a"), QStringLiteral("m9"), vote, CallStatus::Ok),
                  rec(6, QStringLiteral("a"), QStringLiteral("m9"), vote, CallStatus::Ok)});
    // A stored match's calls (id 0, from an earlier run) go before the live
    // ones in time order; the same match again adds nothing.
    ToolCallRecord old1 = rec(0, QStringLiteral("b"), QStringLiteral("m1"), vote, CallStatus::Ok);
    old1.atUs = 100;
    ToolCallRecord old2 = old1;
    old2.atUs = 50;
    model.append({old1, old2});
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.record(0).atUs, qint64(50));
    QCOMPARE(model.record(1).atUs, qint64(100));
    QCOMPARE(model.record(2).id, quint64(5));
    QCOMPARE(model.rowForId(6), 3);
    QCOMPARE(model.lastId(), quint64(6));
    model.append({old1, old2});
    QCOMPARE(model.rowCount(), 4);
    // Another match's, older still, before them; live records go on after.
    ToolCallRecord older = old1;
    older.matchId = QStringLiteral("m2");
    older.atUs = 10;
    model.append({older});
    QCOMPARE(model.record(0).matchId, QStringLiteral("m2"));
    model.append({rec(7, QStringLiteral("a"), QStringLiteral("m9"), vote, CallStatus::Ok)});
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(model.rowForId(7), 5);
    ToolCallRecord between = old1;
    between.matchId = QStringLiteral("m3");
    between.atUs = 70;
    model.append({between});
    QCOMPARE(model.record(2).matchId, QStringLiteral("m3"));
    QCOMPARE(model.rowForId(5), 4);
}

QTEST_MAIN(TstToolCallModel)
#include "tst_toolcallmodel.moc"
