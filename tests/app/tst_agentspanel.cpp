// SPDX-License-Identifier: MIT
// The agents panel and the breakpoint controls: the widget against HostLink
// alone (what it asks, what it shows, what it copies), then through the real
// host thread (GuiHost): register → the token authenticates an MCP session
// that the panel lists, a match shows in the history, revoke ends it all; and
// the Match menu's breakpoints stop a bot match, step advances one phase.

#include "app/guihost.h"
#include "app/guihosttestaccess.h"
#include "guihostfixture.h"
#include "ui/agentspanel.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QEventLoop>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace townhall;
using townhall::app::GuiHost;
using townhall::app::GuiHostOptions;
using townhall::app::GuiHostTestAccess;
using townhall::host::Host;
using json = nlohmann::json;

namespace {

ui::AgentInfo agent(const QString &id, const QString &name, const QString &token = {})
{
    ui::AgentInfo a;
    a.agentId = id;
    a.name = name;
    a.created = QDateTime::currentDateTime();
    a.token = token;
    const QString t = token.isEmpty() ? QStringLiteral("<TOKEN>") : token;
    a.configs.insert(QStringLiteral("http"),
                     QStringLiteral("http://x/mcp\nAuthorization: Bearer ") + t + u'\n');
    a.configs.insert(QStringLiteral("claude"),
                     QStringLiteral("{\"claude\":\"") + t + QStringLiteral("\"}\n"));
    a.configs.insert(QStringLiteral("mcp-json"),
                     QStringLiteral("{\"json\":\"") + t + QStringLiteral("\"}\n"));
    a.configs.insert(QStringLiteral("underscore"),
                     QStringLiteral("{\"u\":\"") + t + QStringLiteral("\"}\n"));
    a.configs.insert(QStringLiteral("vscode"),
                     QStringLiteral("{\"v\":\"") + t + QStringLiteral("\"}\n"));
    a.configs.insert(QStringLiteral("cursor"), QStringLiteral("cursor://x?t=") + t + u'\n');
    return a;
}

GuiHostOptions fastOptions(const QString &db = QStringLiteral(":memory:"))
{
    return testing::fastGuiOptions(db);
}

using App = testing::GuiApp;

/// POSTs one JSON-RPC message to the MCP endpoint; returns the reply's
/// Mcp-Session-Id header (or the one given) and its HTTP status.
std::pair<QByteArray, int> post(QNetworkAccessManager &net,
                                const QString &url,
                                const QByteArray &authorization,
                                const QByteArray &session,
                                const json &body)
{
    QNetworkRequest req{QUrl(url)};
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    req.setRawHeader("Accept", "application/json, text/event-stream");
    req.setRawHeader("Authorization", authorization);
    if (!session.isEmpty()) {
        req.setRawHeader("Mcp-Session-Id", session);
        req.setRawHeader("MCP-Protocol-Version", "2025-06-18");
    }
    QNetworkReply *reply = net.post(req, QByteArray::fromStdString(body.dump()));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray id = reply->rawHeader("Mcp-Session-Id");
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->readAll();
    reply->deleteLater();
    return {id.isEmpty() ? session : id, status};
}

json initializeMessage()
{
    return {{"jsonrpc", "2.0"},
            {"id", 1},
            {"method", "initialize"},
            {"params",
             {{"protocolVersion", "2025-06-18"},
              {"capabilities", json::object()},
              {"clientInfo", {{"name", "panel-test"}, {"version", "1.2"}}}}}};
}

} // namespace

class TestAgentsPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TownHallTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_agentspanel"));
    }

    void widgetAgainstTheLink()
    {
        ui::HostLink link;
        ui::AgentsPanel panel(&link);
        panel.setConfirmRevoke(false);
        QSignalSpy listed(&link, &ui::HostLink::agentsRequested);
        QSignalSpy registered(&link, &ui::HostLink::registerAgentRequested);
        QSignalSpy revoked(&link, &ui::HostLink::revokeAgentRequested);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(listed.count() >= 1); // shown → asks for the list

        // Register: nothing without a name; the trimmed name otherwise.
        QVERIFY(!panel.registerButton()->isEnabled());
        QTest::keyClicks(panel.nameEdit(), QStringLiteral("  Ada  "));
        QVERIFY(panel.registerButton()->isEnabled());
        panel.registerButton()->click();
        QCOMPARE(registered.count(), 1);
        QCOMPARE(registered.first().first().toString(), QStringLiteral("Ada"));

        // The host lists two agents, one of them with a session and a match.
        ui::AgentInfo old = agent(QStringLiteral("ag_old"), QStringLiteral("Old"));
        ui::AgentSession s;
        s.transport = QStringLiteral("streamable-http");
        s.client = QStringLiteral("claude-ai 0.1");
        s.since = QDateTime::currentDateTime().addSecs(-60);
        s.lastActivity = QDateTime::currentDateTime();
        old.sessions << s;
        ui::AgentMatch m;
        m.matchId = QStringLiteral("match-3");
        m.matchNumber = 3;
        m.role = engine::Role::Seer;
        m.outcome = ui::AgentMatch::Outcome::Won;
        m.days = 4;
        old.matches << m;
        Q_EMIT link.agentsChanged({old});
        QCOMPARE(panel.agentsView()->topLevelItemCount(), 1);
        QVERIFY(panel.tokenEdit()->isHidden());

        // The registration answer: the token shown once, copyable; the new
        // agent selected with configurations that hold the token.
        Q_EMIT link.agentRegistered(
            agent(QStringLiteral("ag_ada"), QStringLiteral("Ada"), QStringLiteral("th_secret")));
        QVERIFY(panel.tokenEdit()->isVisible());
        QCOMPARE(panel.tokenEdit()->text(), QStringLiteral("th_secret"));
        QVERIFY(panel.nameEdit()->text().isEmpty());
        panel.copyTokenButton()->click();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("th_secret"));
        QCOMPARE(panel.selectedAgentId(), QStringLiteral("ag_ada"));
        for (const QString &f : {QStringLiteral("http"),
                                 QStringLiteral("claude"),
                                 QStringLiteral("mcp-json"),
                                 QStringLiteral("underscore"),
                                 QStringLiteral("vscode"),
                                 QStringLiteral("cursor")}) {
            QVERIFY(panel.copyButton(f)->isEnabled());
            panel.copyButton(f)->click();
            QVERIFY2(QApplication::clipboard()->text().contains(QStringLiteral("th_secret")),
                     qPrintable(f));
        }
        // The next list from the host has no token: the panel keeps the
        // configurations it was given for this agent.
        Q_EMIT link.agentsChanged({old, agent(QStringLiteral("ag_ada"), QStringLiteral("Ada"))});
        QCOMPARE(panel.agentsView()->topLevelItemCount(), 2);
        QCOMPARE(panel.selectedAgentId(), QStringLiteral("ag_ada"));
        QVERIFY(panel.configText(QStringLiteral("claude")).contains(QStringLiteral("th_secret")));

        // Another agent: placeholder configurations, its session and history.
        panel.selectAgent(QStringLiteral("ag_old"));
        panel.copyButton(QStringLiteral("mcp-json"))->click();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("{\"json\":\"<TOKEN>\"}\n"));
        QCOMPARE(panel.sessionsView()->topLevelItemCount(), 1);
        QCOMPARE(panel.sessionsView()->topLevelItem(0)->text(0), QStringLiteral("streamable-http"));
        QCOMPARE(panel.sessionsView()->topLevelItem(0)->text(1), QStringLiteral("claude-ai 0.1"));
        QCOMPARE(panel.historyView()->topLevelItemCount(), 1);
        QVERIFY(panel.historyView()->topLevelItem(0)->text(0).contains(QLatin1Char('3')));
        QCOMPARE(panel.historyView()->topLevelItem(0)->text(3), QStringLiteral("4"));

        // Revoke asks the host for that agent; a revoked agent has nothing to copy.
        panel.revokeButton()->click();
        QCOMPARE(revoked.count(), 1);
        QCOMPARE(revoked.first().first().toString(), QStringLiteral("ag_old"));
        old.revoked = QDateTime::currentDateTime();
        old.sessions.clear();
        Q_EMIT link.agentsChanged({old});
        panel.selectAgent(QStringLiteral("ag_old"));
        QVERIFY(!panel.revokeButton()->isEnabled());
        QVERIFY(!panel.copyButton(QStringLiteral("http"))->isEnabled());

        // A refusal is shown.
        Q_EMIT link.agentProblem(QStringLiteral("name taken"));
        QCOMPARE(panel.problemText(), QStringLiteral("name taken"));
    }

    void throughTheHostThread()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        App app(fastOptions(dir.filePath(QStringLiteral("agents.sqlite"))));
        QVERIFY(app.start());
        ui::AgentsPanel *panel = app.window.agentsPanel();
        panel->setConfirmRevoke(false);
        QVERIFY(!panel->isVisible()); // hidden by default
        app.window.agentsAction()->trigger();
        QVERIFY(panel->isVisible());

        QTest::keyClicks(panel->nameEdit(), QStringLiteral("Grace"));
        panel->registerButton()->click();
        QTRY_VERIFY2_WITH_TIMEOUT(
            !panel->tokenEdit()->text().isEmpty(), qPrintable(panel->problemText()), 10'000);
        const QString token = panel->tokenEdit()->text();
        QVERIFY(token.startsWith(QLatin1String("th_")));
        QTRY_COMPARE_WITH_TIMEOUT(panel->agents().size(), 1, 10'000);
        const QString agentId = panel->agents().front().agentId;
        QCOMPARE(panel->selectedAgentId(), agentId);
        // The host stored only the hash, and the token works.
        std::string stored;
        GuiHostTestAccess::runInHost(app.host, [&](Host &h) {
            if (auto a = h.store()->verifyToken(token.toStdString()))
                stored = a.value().agentId;
        });
        QCOMPARE(QString::fromStdString(stored), agentId);

        // The copied mcp.json is what a client needs: URL and header.
        panel->copyButton(QStringLiteral("mcp-json"))->click();
        const json cfg = json::parse(QApplication::clipboard()->text().toStdString());
        const json &server = cfg.at("mcpServers").at("townhall-grace");
        QCOMPARE(QString::fromStdString(server.at("url").get<std::string>()), app.window.mcpUrl());
        QNetworkAccessManager net;
        const QByteArray auth = QByteArray::fromStdString(server.at("headers").at("Authorization"));
        const QByteArray session
            = post(net, app.window.mcpUrl(), auth, {}, initializeMessage()).first;
        QVERIFY(!session.isEmpty());
        QCOMPARE(post(net,
                      app.window.mcpUrl(),
                      auth,
                      session,
                      {{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}})
                     .second,
                 202);
        // The live session appears (the panel refreshes while shown).
        QTRY_VERIFY_WITH_TIMEOUT(
            !panel->agents().isEmpty() && panel->agents().front().sessions.size() == 1, 10'000);
        QCOMPARE(panel->agents().front().sessions.front().transport,
                 QStringLiteral("streamable-http"));
        QCOMPARE(panel->agents().front().sessions.front().client, QStringLiteral("panel-test 1.2"));
        QTRY_COMPARE_WITH_TIMEOUT(panel->sessionsView()->topLevelItemCount(), 1, 5'000);

        // It joins the queue through that session; seven bots fill the table;
        // the match shows in its history.
        const json join{
            {"jsonrpc", "2.0"},
            {"id", 2},
            {"method", "tools/call"},
            {"params", {{"name", "et.werewolf.queue.join"}, {"arguments", json::object()}}}};
        QCOMPARE(post(net, app.window.mcpUrl(), auth, session, join).second, 200);
        GuiHostTestAccess::runInHost(app.host, [](Host &h) { h.addBots(7); });
        QTRY_VERIFY_WITH_TIMEOUT(
            !panel->agents().isEmpty() && panel->agents().front().matches.size() == 1, 15'000);
        QCOMPARE(panel->agents().front().matches.front().outcome, ui::AgentMatch::Outcome::Playing);

        // Revoke: the token stops working and the session ends.
        panel->revokeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->agents().isEmpty() && panel->agents().front().isRevoked(),
                                 10'000);
        QVERIFY(panel->agents().front().sessions.isEmpty());
        bool stillValid = true;
        GuiHostTestAccess::runInHost(app.host, [&](Host &h) {
            stillValid = bool(h.store()->verifyToken(token.toStdString()));
        });
        QVERIFY(!stillValid);
        // The closed session is gone for its client too.
        QCOMPARE(post(net, app.window.mcpUrl(), auth, session, join).second, 404);
    }

    void breakpointsThroughTheHostThread()
    {
        App app(fastOptions());
        QVERIFY(app.start());
        QVERIFY(!app.window.stepAction()->isEnabled()); // no match yet
        app.window.demoAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(app.shown() && app.shown()->state().phase != engine::Phase::Lobby,
                                 20'000);
        QVERIFY(app.window.breakAtPhaseAction()->isEnabled());

        // Break at each phase: the next phase change stops the match.
        app.window.breakAtPhaseAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->breakpoints().phaseBoundary, 5'000);
        QVERIFY(app.window.breakAtPhaseAction()->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->state().paused, 30'000);
        const auto pausedIn = app.shown()->state().phaseHistory.size();
        QCOMPARE(app.shown()->log().back().type == engine::EventType::MatchPaused
                     || app.shown()->log().back().type == engine::EventType::Narrator,
                 true);
        QTest::qWait(500);
        QCOMPARE(app.shown()->state().phaseHistory.size(), pausedIn); // stays stopped

        // Step: exactly one phase further, stopped again.
        app.window.breakAtPhaseAction()->trigger(); // off: only the step stops it now
        QTRY_VERIFY_WITH_TIMEOUT(!app.shown()->breakpoints().phaseBoundary, 5'000);
        QVERIFY(app.shown()->state().paused);
        app.window.stepAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->state().phaseHistory.size() == pausedIn + 1
                                     && app.shown()->state().paused,
                                 30'000);
        QTest::qWait(500);
        QCOMPARE(app.shown()->state().phaseHistory.size(), pausedIn + 1);

        // Resume: the match plays on to its end.
        app.window.pauseAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->ended(), 60'000);
        QVERIFY(!app.window.stepAction()->isEnabled());
    }

    void breakpointsSurviveARestart()
    {
        // Armed breakpoints are events in the match's log: the host that
        // recovers the match from the database stops it at the next phase too.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("breakpoints.sqlite"));
        QString id;
        std::size_t phasesBefore = 0;
        {
            App first(fastOptions(db));
            QVERIFY(first.start());
            first.window.demoAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(
                first.shown() && first.shown()->state().phase != engine::Phase::Lobby, 20'000);
            id = first.window.controller()->selectedMatch();
            first.window.breakAtPhaseAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(first.shown()->state().paused, 30'000);
            phasesBefore = first.shown()->state().phaseHistory.size();
        } // the host stops; the match is unfinished in the database
        App second(fastOptions(db));
        QVERIFY(second.start());
        QTRY_VERIFY_WITH_TIMEOUT(second.window.replicas()->match(id) != nullptr, 10'000);
        const engine::Match *m = second.window.replicas()->match(id);
        QVERIFY(m->breakpoints().phaseBoundary);
        // Recovery resumes it (with a grace period); the breakpoint stops it again.
        QTRY_VERIFY_WITH_TIMEOUT(second.window.replicas()->match(id)->state().phaseHistory.size()
                                         == phasesBefore + 1
                                     && second.window.replicas()->match(id)->state().paused,
                                 30'000);
        // The stop came after the recovery's resume, from the breakpoint.
        const auto &log = second.window.replicas()->match(id)->log();
        std::uint64_t recoveredAt = 0;
        std::uint64_t stoppedAt = 0;
        for (const engine::Event &e : log) {
            if (e.type == engine::EventType::MatchResumed
                && e.payload.value("reason", "") == "recovered")
                recoveredAt = e.seq;
            if (e.type == engine::EventType::MatchPaused
                && e.payload.value("reason", "") == "breakpoint")
                stoppedAt = e.seq;
        }
        QVERIFY(recoveredAt > 0);
        QVERIFY(stoppedAt > recoveredAt);
    }
};

QTEST_MAIN(TestAgentsPanel)
#include "tst_agentspanel.moc"
