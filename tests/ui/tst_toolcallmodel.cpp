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
} // namespace

class TstToolCallModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void appendTrimAndData();
    void filters();
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
    ToolCallModel model;
    ToolCallFilterModel filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester tester(&filter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
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

QTEST_MAIN(TstToolCallModel)
#include "tst_toolcallmodel.moc"
