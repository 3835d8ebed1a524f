// SPDX-License-Identifier: MIT
// The desktop app's wiring: the real Host and McpService in their own thread,
// bridged to a MainWindow through HostLink with queued connections.

#include "app/guihost.h"
#include "app/guihosttestaccess.h"
#include "app/guisettings.h"
#include "guihostfixture.h"
#include "host/store/store.h"
#include "ui/hostlink.h"
#include "ui/inspectordock.h"
#include "ui/mainwindow.h"
#include "ui/modelseats.h"
#include "ui/phaseheader.h"
#include "ui/replicaset.h"
#include "ui/seathealth.h"
#include "ui/spectatorpanel.h"
#include "ui/toolcallmodel.h"
#include "ui/transcriptmodel.h"
#include "ui/uitext.h"

#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace townhall;
using townhall::app::GuiHost;
using townhall::app::GuiHostOptions;
using townhall::app::GuiHostTestAccess;
using townhall::app::HostWorker;
using townhall::host::Host;

namespace {

GuiHostOptions fastOptions(const QString &db)
{
    return testing::fastGuiOptions(db, 4242);
}

using App = testing::GuiApp;

/// Thought rows of the shown match's transcript.
int thoughtRows(const App &app)
{
    const ui::TranscriptModel *t = app.window.controller()->transcript();
    int n = 0;
    for (int r = 0; r < t->rowCount(); ++r)
        n += t->index(r, 0).data(ui::TranscriptModel::KindRole).toInt()
             == int(ui::TranscriptModel::EntryKind::Thought);
    return n;
}

/// The seat health row of `playerId` in the shown match, or null.
const ui::SeatHealth *healthOf(const App &app, const QString &playerId)
{
    const ui::SeatHealthModel *h = app.window.spectatorPanel()->seatHealth();
    for (int r = 0; r < h->rowCount(); ++r)
        if (h->seat(r).playerId == playerId)
            return &h->seat(r);
    return nullptr;
}

/// Calls of `matchId` in the inspector.
int inspectorCalls(const App &app, const QString &matchId)
{
    const ui::ToolCallModel *calls = app.window.inspector()->calls();
    int n = 0;
    for (int r = 0; r < calls->rowCount(); ++r)
        n += calls->record(r).matchId == matchId;
    return n;
}

/// A raw HTTP/1.1 request to the MCP endpoint, as an agent's client sends it.
QByteArray mcpRequest(const QUrl &url,
                      const QByteArray &method,
                      const QByteArray &token,
                      const QByteArray &sessionId,
                      const QByteArray &body = {})
{
    QByteArray r = method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(url.port())
                   + "\r\nAuthorization: Bearer " + token + "\r\n";
    if (!sessionId.isEmpty())
        r += "Mcp-Session-Id: " + sessionId + "\r\n";
    if (method == "GET")
        return r + "Accept: text/event-stream\r\n\r\n";
    return r
           + "Accept: application/json\r\nContent-Type: application/json\r\nConnection: "
             "close\r\nContent-Length: "
           + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

/// Sends \a request on a new connection and returns all the server wrote
/// before closing it (the requests ask it to close).
QByteArray exchange(const QUrl &url, const QByteArray &request)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, quint16(url.port()));
    if (!socket.waitForConnected(10'000))
        return {};
    socket.write(request);
    QByteArray out;
    QDeadlineTimer deadline(20'000);
    while (socket.state() == QAbstractSocket::ConnectedState && !deadline.hasExpired()) {
        socket.waitForReadyRead(100);
        out += socket.readAll();
    }
    return out + socket.readAll();
}

} // namespace

class TestGuiHost final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TownHallTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_guihost"));
    }

    void demoMatchThroughTheHostThread()
    {
        App app(fastOptions(QStringLiteral(":memory:")));
        QVERIFY(app.start());
        QVERIFY(app.window.mcpUrl().startsWith(QStringLiteral("http://127.0.0.1:")));
        QVERIFY(app.window.mcpUrl().endsWith(QStringLiteral("/mcp")));
        QVERIFY(app.window.serverStatusLabel()->text().contains(app.window.mcpUrl()));

        // The host and its store live in the host thread, not in the UI's.
        QThread *hostThread = nullptr;
        QThread *hostObjectThread = nullptr;
        GuiHostTestAccess::runInHost(app.host, [&](Host &h) {
            hostThread = QThread::currentThread();
            hostObjectThread = h.thread();
        });
        QVERIFY(hostThread);
        QCOMPARE(hostObjectThread, hostThread);
        QVERIFY(hostThread != QThread::currentThread());
        QCOMPARE(GuiHostTestAccess::hostThread(app.host), hostThread);

        app.window.demoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(app.window.replicas()->matchIds().size(), 1, 10'000);
        const QString id = app.window.replicas()->matchIds().first();
        QCOMPARE(app.window.controller()->selectedMatch(), id);
        QCOMPARE(app.shown()->log().front().seq, 1u);
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->state().phase != engine::Phase::Lobby, 20'000);
        QVERIFY(app.window.controller()->transcript()->rowCount() > 0);

        // Pause and resume act on the host; the window follows its events.
        app.window.pauseAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->state().paused, 5'000);
        QVERIFY(app.window.pauseAction()->isChecked());
        const std::uint64_t pausedAt = app.shown()->state().lastSeq;
        QTest::qWait(300);
        QCOMPARE(app.shown()->state().lastSeq, pausedAt); // nothing moves while paused
        app.window.pauseAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!app.shown()->state().paused, 5'000);

        // Skip ends the current phase.
        const auto phase = app.shown()->state().phase;
        const int day = app.shown()->state().dayNumber;
        app.window.skipAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            app.shown()->state().phase != phase || app.shown()->state().dayNumber != day, 5'000);

        // Speed: the request reaches the host, the answer comes back.
        const int fast = app.window.speedBox()->findData(10.0);
        QVERIFY(fast >= 0);
        app.window.speedBox()->setCurrentIndex(0);
        Q_EMIT app.window.speedBox()->activated(fast);
        double hostSpeed = 0;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                GuiHostTestAccess::runInHost(app.host, [&](Host &h) { hostSpeed = h.speed(); });
                return hostSpeed == 10.0;
            }(),
            5'000);
        QTRY_COMPARE_WITH_TIMEOUT(app.window.speedBox()->currentIndex(), fast, 5'000);

        // A window created late gets every match from seq 1.
        ui::MainWindow late(&app.link);
        app.host.resendAll();
        QTRY_COMPARE_WITH_TIMEOUT(late.replicas()->matchIds().size(), 1, 5'000);
        QTRY_VERIFY_WITH_TIMEOUT(late.replicas()->match(id)->state().lastSeq >= pausedAt, 5'000);
        QVERIFY(!late.mcpUrl().isEmpty());

        // The match plays to its end.
        QTRY_VERIFY_WITH_TIMEOUT(app.shown()->ended(), 180'000);
        const auto winner = app.shown()->state().winner;
        QVERIFY(winner.has_value());
        QCOMPARE(app.window.spectatorPanel()->header()->phaseText(),
                 ui::PhaseHeader::tr("Game over — the %1 win").arg(ui::UiText::teamName(*winner)));

        app.host.stop();
        QVERIFY(!app.host.isRunning());
        app.host.stop(); // idempotent
    }

    void markSpoiledIsRecordedInTheDatabase()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        App app(fastOptions(dir.filePath(QStringLiteral("spoiled.sqlite"))));
        QVERIFY(app.start());
        bool stored = false;
        GuiHostTestAccess::runInHost(app.host, [&](Host &h) { stored = h.store() != nullptr; });
        QVERIFY(stored);
        std::optional<std::string> before;
        GuiHostTestAccess::runInHost(app.host, [&](Host &h) {
            before = h.store()
                         ->setting(HostWorker::spoiledSettingKey(QStringLiteral("match-9")))
                         .value();
        });
        QVERIFY(!before);
        Q_EMIT app.link.markSpoiled(QStringLiteral("match-9"));
        std::optional<std::string> after;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                GuiHostTestAccess::runInHost(app.host, [&](Host &h) {
                    after = h.store()
                                ->setting(HostWorker::spoiledSettingKey(QStringLiteral("match-9")))
                                .value();
                });
                return after.has_value();
            }(),
            5'000);
        QVERIFY(after->find('T') != std::string::npos); // the time it was marked
        app.host.stop();
    }

    void recoveredAndEndedMatchesArriveWhole()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("townhall.sqlite"));
        QString ended;
        QString running;
        std::uint64_t runningSeq = 0;
        {
            App first(fastOptions(db));
            QVERIFY(first.start());
            first.window.demoAction()->trigger();
            QTRY_COMPARE_WITH_TIMEOUT(first.window.replicas()->matchIds().size(), 1, 10'000);
            ended = first.window.replicas()->matchIds().first();
            QTRY_VERIFY_WITH_TIMEOUT(first.window.replicas()->match(ended)->ended(), 180'000);
            first.window.demoAction()->trigger();
            QTRY_COMPARE_WITH_TIMEOUT(first.window.replicas()->matchIds().size(), 2, 10'000);
            running = first.window.replicas()->matchIds().last();
            QTRY_VERIFY_WITH_TIMEOUT(
                first.window.replicas()->match(running)->state().dayNumber >= 1, 60'000);
            runningSeq = first.window.replicas()->match(running)->state().lastSeq;
            first.host.stop(); // closes the store in the host thread
        }
        App second(fastOptions(db));
        QVERIFY(second.start());
        QTRY_COMPARE_WITH_TIMEOUT(second.window.replicas()->matchIds().size(), 2, 10'000);
        // The ended match comes from the store for replay; the unfinished one
        // was recovered by the host and arrives from seq 1 although the host
        // only published its new events.
        const QStringList ids = second.window.replicas()->matchIds();
        QCOMPARE(ids.first(), ended);
        QVERIFY(second.window.replicas()->match(ended)->ended());
        const engine::Match *recovered = second.window.replicas()->match(running);
        QVERIFY(recovered);
        QCOMPARE(recovered->log().front().seq, 1u);
        QVERIFY(recovered->state().lastSeq >= runningSeq);
        // The window prefers the running match over an old one.
        QTRY_COMPARE_WITH_TIMEOUT(second.window.controller()->selectedMatch(), running, 5'000);
    }

    /// Issue 29 #2: a match with a model seat, reopened by the app after a
    /// restart (and imported into another database), shows the seat's
    /// thoughts, telemetry and calls as it did live.
    void aStoredMatchKeepsItsModelSeat()
    {
        namespace tp = townhall::test::providers;
        tp::ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        server.setHandler([](const tp::RecordedRequest &r) { return tp::scriptedPlayer(0, r); });
        host::providers::ProviderProfile profile;
        profile.name = QStringLiteral("local");
        profile.baseUrl = server.baseUrl();
        profile.model = QStringLiteral("llama3.2");
        profile.timeout = std::chrono::seconds(10);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("townhall.sqlite"));
        QString matchId;
        QString playerId;
        {
            App first(fastOptions(db));
            QVERIFY(first.start());
            bool queued = false;
            GuiHostTestAccess::runInHost(first.host, [&](Host &h) {
                queued = h.queueModelSeat(QStringLiteral("Mo"), profile).has_value();
                h.addBots(7);
            });
            QVERIFY(queued);
            QTRY_COMPARE_WITH_TIMEOUT(first.window.replicas()->matchIds().size(), 1, 10'000);
            matchId = first.window.replicas()->matchIds().first();
            QTRY_VERIFY_WITH_TIMEOUT(first.window.replicas()->match(matchId)->ended(), 240'000);
            std::size_t seats = 0;
            GuiHostTestAccess::runInHost(first.host, [&](Host &h) {
                const auto models = h.modelSeats(matchId.toStdString());
                seats = models.size();
                if (!models.empty())
                    playerId = QString::fromStdString(models.front().playerId);
            });
            QCOMPARE(seats, std::size_t(1));
            QTRY_VERIFY_WITH_TIMEOUT(first.window.replicas()->modelSeats()->seat(matchId, playerId),
                                     10'000);
            first.host.stop();
        }
        QVERIFY(!playerId.isEmpty());

        // A fresh app on the same database.
        int storedCalls = 0;
        {
            App again(fastOptions(db));
            QVERIFY(again.start());
            QTRY_VERIFY_WITH_TIMEOUT(again.window.replicas()->matchIds().contains(matchId), 10'000);
            again.window.controller()->selectMatch(matchId);
            QTRY_VERIFY_WITH_TIMEOUT(again.window.replicas()->modelSeats()->seat(matchId, playerId),
                                     10'000);
            const ui::ModelSeatReport *seat
                = again.window.replicas()->modelSeats()->seat(matchId, playerId);
            QVERIFY(seat->calls > 0);
            QCOMPARE(seat->model, QStringLiteral("llama3.2"));
            QVERIFY(!seat->notes.isEmpty());
            again.window.omniscientAction()->setChecked(true);
            QTRY_VERIFY_WITH_TIMEOUT(thoughtRows(again) > 0, 5'000);
            // Seat health and the inspector: the model's figures and the
            // match's calls, from the calls file.
            again.window.seatHealthAction()->trigger();
            again.window.inspectorAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(inspectorCalls(again, matchId) > 0, 10'000);
            storedCalls = inspectorCalls(again, matchId);
            QTRY_VERIFY_WITH_TIMEOUT(healthOf(again, playerId), 5'000);
            const ui::SeatHealth *health = healthOf(again, playerId);
            QVERIFY(health->modelSeat);
            QVERIFY(health->telemetryShown); // the match ended
            QVERIFY(health->modelCalls > 0);
            const ui::SeatHealthModel *all = again.window.spectatorPanel()->seatHealth();
            bool latency = false;
            for (int r = 0; r < all->rowCount(); ++r)
                latency = latency || all->seat(r).lastLatencyUs >= 0;
            QVERIFY2(latency, "seat health found the seats' calls");
            // Closed and opened again, the inspector does not list them twice.
            again.window.inspectorAction()->trigger();
            again.window.seatHealthAction()->trigger();
            again.window.inspectorAction()->trigger();
            QTest::qWait(1000); // a second copy would be on its way
            QCOMPARE(inspectorCalls(again, matchId), storedCalls);
            again.host.stop();
        }

        // Exported, then imported into another database: the notes and the
        // counts travel with the match (the export holds no calls).
        const QString otherDb = dir.filePath(QStringLiteral("other.sqlite"));
        {
            auto from = host::Store::open(db);
            QVERIFY(from);
            auto lines = from.value().exportMatch(matchId.toStdString());
            QVERIFY(lines);
            auto to = host::Store::open(otherDb);
            QVERIFY(to);
            QVERIFY(to.value().importMatch(lines.value()));
        }
        App imported(fastOptions(otherDb));
        QVERIFY(imported.start());
        QTRY_VERIFY_WITH_TIMEOUT(imported.window.replicas()->modelSeats()->seat(matchId, playerId),
                                 10'000);
        imported.window.controller()->selectMatch(matchId);
        imported.window.omniscientAction()->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(thoughtRows(imported) > 0, 5'000);
        QVERIFY(imported.window.replicas()->modelSeats()->seat(matchId, playerId)->calls > 0);
        imported.host.stop();
    }

    void storageFailureIsShown()
    {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(QStringLiteral("not-a-directory")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.write("x");
        blocker.close();
        App app(fastOptions(dir.filePath(QStringLiteral("not-a-directory/townhall.sqlite"))));
        QVERIFY(app.start());
        QTRY_VERIFY_WITH_TIMEOUT(!app.window.problemText().isEmpty(), 5'000);
        QVERIFY(!app.window.serverStatusLabel()->text().isEmpty());
        // The host still runs, in memory.
        app.window.demoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(app.window.replicas()->matchIds().size(), 1, 10'000);
    }

    // Storage that fails mid-run: the banner comes once, and goes by itself
    // when storage works again (the host probes it while it has nothing to store).
    void storageOutageBannerComesAndGoes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("townhall.sqlite"));
        GuiHostOptions o = fastOptions(path);
        o.host.busyTimeoutMs = 50;
        App app(o);
        QVERIFY(app.start());
        {
            // Another connection holds the write lock: every commit fails.
            QSqlDatabase locker
                = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
            locker.setDatabaseName(path);
            QVERIFY(locker.open());
            QVERIFY(QSqlQuery(locker).exec(QStringLiteral("BEGIN IMMEDIATE")));
            app.window.demoAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(
                app.window.problemText().contains(QLatin1String("Saving failed")), 10'000);
            QVERIFY(app.window.replicas()->matchIds().isEmpty()); // nothing unsaved is shown
            QVERIFY(QSqlQuery(locker).exec(QStringLiteral("ROLLBACK")));
            locker.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("locker"));
        QTRY_VERIFY_WITH_TIMEOUT(app.window.problemText().isEmpty(), 15'000);
        app.window.demoAction()->trigger(); // and play goes on
        QTRY_COMPARE_WITH_TIMEOUT(app.window.replicas()->matchIds().size(), 1, 10'000);
    }

    void revokingFromTheAgentsPanelEndsSessions()
    {
        QTemporaryDir dir;
        App app(fastOptions(dir.filePath(QStringLiteral("townhall.sqlite"))));
        QVERIFY(app.start());
        const QUrl url(app.host.mcpUrl());
        QSignalSpy registered(&app.link, &ui::HostLink::agentRegistered);
        Q_EMIT app.link.registerAgentRequested(QStringLiteral("Ada"));
        QVERIFY(registered.wait(10'000));
        const auto ada = registered.at(0).at(0).value<ui::AgentInfo>();
        const QByteArray token = ada.token.toUtf8();

        const QByteArray init = exchange(
            url,
            mcpRequest(
                url,
                "POST",
                token,
                {},
                R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":)"
                R"("2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})"));
        QVERIFY2(init.startsWith("HTTP/1.1 200"), init.constData());
        const qsizetype at = init.toLower().indexOf("mcp-session-id: ") + 16;
        const QByteArray sid = init.mid(at, init.indexOf("\r\n", at) - at);
        QVERIFY(!sid.isEmpty());
        QTcpSocket stream;
        stream.connectToHost(QHostAddress::LocalHost, quint16(url.port()));
        QVERIFY(stream.waitForConnected(10'000));
        stream.write(mcpRequest(url, "GET", token, sid));
        QByteArray streamed;
        QTRY_VERIFY_WITH_TIMEOUT((streamed += stream.readAll()).startsWith("HTTP/1.1 200"), 10'000);

        // Revoked in the panel: the stream ends and the session is gone. The
        // host's watch for revocations by other processes has seen the
        // database by now, so it is the panel's revoke that ends them (a
        // revoke on the host's own connection does not move data_version).
        QTest::qWait(1500);
        Q_EMIT app.link.revokeAgentRequested(ada.agentId);
        QTRY_VERIFY_WITH_TIMEOUT((streamed += stream.readAll()).endsWith("0\r\n\r\n")
                                     || stream.state() != QAbstractSocket::ConnectedState,
                                 10'000);
        const QByteArray after = exchange(
            url,
            mcpRequest(url, "POST", token, sid, R"({"jsonrpc":"2.0","id":2,"method":"ping"})"));
        QVERIFY2(after.startsWith("HTTP/1.1 404"), after.constData());
        QVERIFY(after.contains(R"("id":2)"));
    }

    void busyPortFallsBack()
    {
        QTcpServer squatter;
        QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
        GuiHostOptions o = fastOptions(QStringLiteral(":memory:"));
        o.port = squatter.serverPort();
        App app(o);
        QVERIFY(app.start());
        QVERIFY(!app.host.mcpUrl().isEmpty());
        QVERIFY(!app.host.mcpUrl().contains(QStringLiteral(":%1/").arg(squatter.serverPort())));
        QCOMPARE(app.window.mcpUrl(), app.host.mcpUrl());
    }

    void settingsPersistAndApply()
    {
        QTemporaryDir dir;
        QSettings file(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ui::HostSettings s;
        s.port = 9123;
        s.guestsAllowed = false;
        s.timers.dayVote = 33'000;
        s.themeFollowsSystem = false;
        s.darkTheme = true;
        s.dataDirectory = dir.path();
        s.language = QStringLiteral("zh_CN");
        app::saveGuiSettings(file, s);
        const ui::HostSettings back = app::loadGuiSettings(file);
        QCOMPARE(back.port, 9123);
        QCOMPARE(back.guestsAllowed, false);
        QCOMPARE(back.timers.dayVote, 33'000);
        QCOMPARE(back.themeFollowsSystem, false);
        QCOMPARE(back.darkTheme, true);
        QCOMPARE(back.language, QStringLiteral("zh_CN"));
        QCOMPARE(app::databasePathFor(back), dir.filePath(QStringLiteral("townhall.sqlite")));

        // Timers from the settings dialog reach the host's defaults for new matches.
        App app(fastOptions(QStringLiteral(":memory:")));
        QVERIFY(app.start());
        Q_EMIT app.link.settingsApplied(back);
        std::int64_t vote = 0;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                GuiHostTestAccess::runInHost(
                    app.host, [&](Host &h) { vote = h.lobby().defaults().timers.dayVote; });
                return vote == 33'000;
            }(),
            5'000);
    }
};

QTEST_MAIN(TestGuiHost)
#include "tst_guihost.moc"
