// SPDX-License-Identifier: MIT
// The tool-call inspector in the real app path: the Host and its MCP service
// in their thread, the Recorder's batches crossing HostLink into the dock
// only while it is open, call ↔ event linking and the agent's-eye view on a
// live bot match, seat health from the records, and the dock's curl script
// run against the live host.

#include "app/guihost.h"
#include "guihostfixture.h"
#include "ui/hostlink.h"
#include "ui/inspectordock.h"
#include "ui/mainwindow.h"
#include "ui/replicaset.h"
#include "ui/seathealth.h"
#include "ui/spectatorpanel.h"
#include "ui/toolcallmodel.h"
#include "ui/transcriptmodel.h"

#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListView>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace townhall;
using townhall::app::GuiHost;
using townhall::app::GuiHostOptions;
using townhall::ui::CallStatus;
using townhall::ui::ToolCallModel;

namespace {

struct App : testing::GuiApp
{
    App()
        : GuiApp(testing::fastGuiOptions(), {1400, 900})
    {
        window.inspector()->setAgentViewProvider(app::agentViewProvider());
    }
    ToolCallModel *calls() const { return window.inspector()->calls(); }
    /// The row of the first record matching `pred`, or -1.
    int find(const std::function<bool(const ui::ToolCallRecord &, const QString &)> &pred) const
    {
        for (int r = 0; r < calls()->rowCount(); ++r)
            if (pred(calls()->record(r), calls()->producedEventId(r)))
                return r;
        return -1;
    }
    bool idsIncrease() const
    {
        for (int r = 1; r < calls()->rowCount(); ++r)
            if (calls()->record(r).id <= calls()->record(r - 1).id)
                return false;
        return true;
    }
};

} // namespace

class TstInspectorApp final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void liveRecordsReachTheDock()
    {
        App app;
        QVERIFY(app.start());
        app.window.inspectorAction()->trigger();
        app.window.demoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(app.window.replicas()->matchIds().size(), 1, 10'000);
        const QString id = app.window.replicas()->matchIds().first();

        // The bots' calls arrive in batches, with their agents and match.
        QTRY_VERIFY_WITH_TIMEOUT(app.calls()->rowCount() > 0, 10'000);
        int vote = -1;
        QTRY_VERIFY_WITH_TIMEOUT(
            (vote = app.find([&](const ui::ToolCallRecord &r, const QString &produced) {
                return r.matchId == id && r.tool == QLatin1String("et.werewolf.match.vote")
                       && r.status == CallStatus::Ok && !produced.isEmpty();
            })) >= 0,
            120'000);
        QSet<QString> agents;
        for (int r = 0; r < app.calls()->rowCount(); ++r)
            if (app.calls()->record(r).matchId == id)
                agents.insert(app.calls()->record(r).agentId);
        QVERIFY2(agents.size() >= 5, qPrintable(QString::number(agents.size())));
        const ui::ToolCallRecord voteCall = app.calls()->record(vote);
        QCOMPARE(voteCall.transport, QStringLiteral("in-process"));
        QCOMPARE(voteCall.schemaCheck, QStringLiteral("ok"));
        QVERIFY(app.idsIncrease());

        // Selecting the vote selects its event in the transcript and shows
        // what the voter could see.
        const auto seq = engine::seqFromEventId(id.toStdString(),
                                                app.calls()->producedEventId(vote).toStdString());
        QVERIFY(seq);
        ui::InspectorDock *dock = app.window.inspector();
        QVERIFY(dock->selectCall(voteCall.id));
        QCOMPARE(app.window.controller()->selectedMatch(), id);
        QCOMPARE(app.window.spectatorPanel()
                     ->transcriptView()
                     ->currentIndex()
                     .data(ui::TranscriptModel::SeqRole)
                     .toULongLong(),
                 quint64(*seq));
        const engine::Match *m = app.window.replicas()->match(id);
        const engine::Player *voter = nullptr;
        for (const engine::Player &p : m->state().players)
            if (p.agentId == voteCall.agentId.toStdString())
                voter = &p;
        QVERIFY(voter);
        QVERIFY(dock->agentStateView()->toPlainText().contains(
            QStringLiteral("\"playerId\": \"%1\"").arg(QString::fromStdString(voter->playerId))));
        QVERIFY(!dock->phaseBriefView()->toPlainText().isEmpty());

        // Seat health (a dock of its own) learns latencies from the same records.
        app.window.seatHealthAction()->trigger();
        ui::SeatHealthModel *health = app.window.spectatorPanel()->seatHealth();
        QCOMPARE(health->rowCount(), 8);
        bool latency = false;
        for (int r = 0; r < 8; ++r)
            latency = latency || health->seat(r).lastLatencyUs >= 0;
        QVERIFY(latency);
        app.window.seatHealthAction()->trigger(); // seat health too asks for the records

        // Closed, the host sends nothing; opened again, the backlog catches up.
        app.window.inspectorAction()->trigger();
        QTest::qWait(300); // batches already on their way
        const int closedAt = app.calls()->rowCount();
        const quint64 lastId = app.calls()->lastId();
        QTest::qWait(1500);
        QVERIFY(!m->ended());
        QCOMPARE(app.calls()->rowCount(), closedAt);
        app.window.inspectorAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(app.calls()->rowCount() > closedAt, 10'000);
        QVERIFY(app.calls()->record(closedAt).id > lastId);
        QVERIFY(app.idsIncrease());
        app.host.stop();
    }

    void curlScriptRepeatsACall()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("curl")).isEmpty()
            || QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
            QSKIP("needs bash and curl");
        App app;
        QVERIFY(app.start());
        app.window.inspectorAction()->trigger();
        app.window.demoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(app.window.replicas()->matchIds().size(), 1, 10'000);
        const QString id = app.window.replicas()->matchIds().first();
        int call = -1;
        QTRY_VERIFY_WITH_TIMEOUT(
            (call = app.find([&](const ui::ToolCallRecord &r, const QString &) {
                return r.matchId == id && r.method == QLatin1String("tools/call");
            })) >= 0,
            30'000);
        const ui::ToolCallRecord original = app.calls()->record(call);
        ui::InspectorDock *dock = app.window.inspector();
        QVERIFY(dock->selectCall(original.id));
        const QString script = dock->curlView()->toPlainText();
        QVERIFY(script.contains(app.window.mcpUrl()));

        // Run as a guest (no token): the session opens and the call is answered.
        QProcess bash;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TOWNHALL_TOKEN"), QString());
        bash.setProcessEnvironment(env);
        bash.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
        QVERIFY(bash.waitForFinished(30'000));
        QCOMPARE(bash.exitCode(), 0);
        const QByteArray out = bash.readAllStandardOutput().trimmed();
        const QJsonObject answer = QJsonDocument::fromJson(out.split('\n').last()).object();
        QVERIFY2(answer.contains(QLatin1String("result")), out.constData());
        const QJsonObject request = QJsonDocument::fromJson(original.requestJson).object();
        QCOMPARE(answer.value(QLatin1String("id")), request.value(QLatin1String("id")));
        QVERIFY(
            answer.value(QLatin1String("result")).toObject().contains(QLatin1String("content")));

        // The host recorded the repeat, over HTTP, as the curl client.
        int repeat = -1;
        QTRY_VERIFY_WITH_TIMEOUT(
            (repeat = app.find([&](const ui::ToolCallRecord &r, const QString &) {
                return r.id > original.id && r.transport == QLatin1String("streamable-http")
                       && r.method == QLatin1String("tools/call") && r.tool == original.tool
                       && r.agentName.contains(QLatin1String("townhall-curl"));
            })) >= 0,
            10'000);
        QCOMPARE(app.calls()->record(repeat).httpStatus, 200);
        QVERIFY(dock->selectCall(app.calls()->record(repeat).id));
        QCOMPARE(dock->overviewValue(QStringLiteral("http")), QStringLiteral("200"));
        app.host.stop();
    }
};

QTEST_MAIN(TstInspectorApp)
#include "tst_inspectorapp.moc"
