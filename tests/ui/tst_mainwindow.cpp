// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/inspectordock.h"
#include "ui/mainwindow.h"
#include "ui/play/playerpanel.h"
#include "ui/toolcallmodel.h"

#include "engine/playerdocument.h"
#include "ui/settingsdialog.h"
#include "ui/spectatorpanel.h"
#include "ui/townmapitems.h"
#include "ui/townmapscene.h"
#include "ui/townmapview.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mapFollowsMatchesAndSelects()
    {
        HostLink link;
        MainWindow w(&link);
        DevFeed feed(&link);
        w.setClock([&feed] { return feed.now(); });
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        feed.sendServerInfo();
        QCOMPARE(w.mcpUrl(), QStringLiteral("http://127.0.0.1:8765/mcp"));
        const QString first = feed.startMatch(1);
        const QString second = feed.startMatch(2);
        QCOMPARE(w.controller()->selectedMatch(), first); // the first match is selected
        MatchBuildingItem *b1 = w.mapScene()->building(first);
        MatchBuildingItem *b2 = w.mapScene()->building(second);
        QVERIFY(b1 && b2);
        QCOMPARE(b1->label(), MatchBuildingItem::tr("Werewolf Game #%1").arg(1));
        QVERIFY(b1->isSelected());
        QCOMPARE(b1->aliveCount(), 8);
        QVERIFY(b1->pos() != b2->pos());

        // Click the second building.
        const QPoint at = w.mapView()->mapFromScene(b2->sceneBoundingRect().center());
        QTest::mouseClick(w.mapView()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(w.controller()->selectedMatch(), second);
        QVERIFY(b2->isSelected());
        QVERIFY(!b1->isSelected());

        // Night look follows the phase; the alive badge follows deaths; ended buildings fade.
        feed.stepUntil(second,
                       [](const engine::Match &m) { return m.state().phase == Phase::Night; });
        QVERIFY(b2->phase() == Phase::Night);
        feed.stepUntil(second, [](const engine::Match &m) { return m.ended(); });
        QVERIFY(b2->ended());
        QVERIFY(b2->aliveCount() < 8);
        QVERIFY(b2->opacity() < 1.0);
        QVERIFY(b2->flags() & QGraphicsItem::ItemIsSelectable);

        // Queue avatars gather at the hall's steps.
        feed.sendQueue({QStringLiteral("Zed"), QStringLiteral("Yara"), QStringLiteral("Xavi")});
        QCOMPARE(w.mapScene()->avatars().size(), 3);
        QCOMPARE(w.queueList()->count(), 3);
        feed.sendQueue({});
        QCOMPARE(w.mapScene()->avatars().size(), 0);

        const qreal z = w.mapView()->zoom();
        w.mapView()->zoomBy(1.5);
        QVERIFY(w.mapView()->zoom() > z);
        QVERIFY(!w.grab().isNull());
    }

    void hostControlsEmitRequests()
    {
        HostLink link;
        MainWindow w(&link);
        DevFeed feed(&link);
        w.show();
        const QString id = feed.startMatch(5);
        QSignalSpy demo(&link, &HostLink::demoMatchRequested);
        QSignalSpy fill(&link, &HostLink::fillSeatsRequested);
        QSignalSpy pause(&link, &HostLink::pauseRequested);
        QSignalSpy skip(&link, &HostLink::skipPhaseRequested);
        QSignalSpy speed(&link, &HostLink::speedFactorRequested);

        w.fillAction()->trigger();
        QCOMPARE(fill.count(), 1);
        QCOMPARE(fill.first().at(0).toInt(), 8);

        QVERIFY(w.pauseAction()->isEnabled());
        w.pauseAction()->trigger();
        QCOMPARE(pause.count(), 1);
        QCOMPARE(pause.first().at(0).toString(), id);
        QCOMPARE(pause.first().at(1).toBool(), true);
        // the dev feed paused the match; the window shows it
        QVERIFY(w.controller()->liveMatch()->state().paused);
        QVERIFY(w.pauseAction()->isChecked());
        QVERIFY(!w.skipAction()->isEnabled());
        w.pauseAction()->trigger();
        QCOMPARE(pause.last().at(1).toBool(), false);
        QVERIFY(!w.controller()->liveMatch()->state().paused);

        const auto phaseBefore = w.controller()->liveMatch()->state().phase;
        w.skipAction()->trigger();
        QCOMPARE(skip.count(), 1);
        QVERIFY(w.controller()->liveMatch()->state().phase != phaseBefore);

        w.speedBox()->setCurrentIndex(3);
        Q_EMIT w.speedBox()->activated(3);
        QCOMPARE(speed.count(), 1);
        QCOMPARE(speed.first().at(0).toDouble(), 5.0);

        const int before = int(w.replicas()->matchIds().size());
        w.demoAction()->trigger();
        QCOMPARE(demo.count(), 1);
        QCOMPARE(int(w.replicas()->matchIds().size()), before + 1);
    }

    void omniscientShortcutAndTitle()
    {
        HostLink link;
        MainWindow w(&link);
        DevFeed feed(&link);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        feed.startMatch(3);
        QVERIFY(!w.controller()->omniscient());
        QVERIFY(!w.omniscientAction()->shortcut().isEmpty());
        QTest::keySequence(&w, w.omniscientAction()->shortcut());
        QVERIFY(w.controller()->omniscient());
        QVERIFY(w.windowTitle().contains(MainWindow::tr("[omniscient]")));
        w.omniscientAction()->trigger();
        QVERIFY(!w.controller()->omniscient());
    }

    void spoilersLockWhileThePersonPlays()
    {
        HostLink link;
        MainWindow w(&link);
        DevFeed feed(&link);
        w.setClock([&feed] { return feed.now(); });
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const QString id = feed.startMatch(4);
        QVERIFY(feed.stepUntil(
            id, [](const engine::Match &m) { return m.state().phase == Phase::Night; }));
        w.omniscientAction()->trigger();
        QVERIFY(w.controller()->omniscient());
        QVERIFY(!w.unlockSpoilersAction()->isEnabled());
        QVERIFY(!w.playerPanel());

        // The inspector holds calls of the match and of another one.
        ToolCallRecord mine;
        mine.id = 1;
        mine.matchId = id;
        mine.agentId = QStringLiteral("agent:2");
        mine.method = QStringLiteral("tools/call");
        mine.tool = QStringLiteral("et.werewolf.match.night.wolf_kill");
        mine.requestJson = "{}";
        mine.responseJson = "{}";
        ToolCallRecord elsewhere = mine;
        elsewhere.id = 2;
        elsewhere.matchId = QStringLiteral("match-elsewhere");
        w.inspector()->addRecords({mine, elsewhere});
        QVERIFY(w.inspector()->selectCall(1));
        QCOMPARE(w.inspector()->filter()->rowCount(), 2);

        // The person's seat: a wolf of that match.
        const engine::Match *m = feed.match(id);
        QVERIFY(m);
        std::string wolf;
        for (const engine::Player &p : m->state().players)
            if (p.role == engine::Role::Werewolf && p.alive)
                wolf = p.playerId;
        QSignalSpy acted(&link, &HostLink::playerAction);
        QSignalSpy spoiled(&link, &HostLink::markSpoiled);
        Q_EMIT link.playerDocument(
            QStringLiteral("seat-code"),
            QByteArray::fromStdString(engine::playerDocument(*m, wolf, {}, feed.now()).dump()));
        QVERIFY(w.playerPanel());
        QVERIFY(w.playerDock()->isVisible());
        QCOMPARE(w.playerPanel()->matchId(), id);

        // Locked: no omniscient view (not even by its shortcut), none of the
        // match's calls in the inspector, and a line saying why.
        QCOMPARE(w.spoilerLockedMatch(), id);
        QVERIFY(!w.controller()->omniscient());
        QVERIFY(!w.omniscientAction()->isEnabled());
        QTest::keySequence(&w, w.omniscientAction()->shortcut());
        QVERIFY(!w.controller()->omniscient());
        QVERIFY(w.spoilerLockLabel()->isVisible());
        QVERIFY(w.spoilerLockLabel()->text().contains(id));
        QCOMPARE(w.inspector()->filter()->rowCount(), 1);
        const auto shown = w.inspector()->currentRecord();
        QVERIFY(!shown || shown->matchId != id);
        QVERIFY(!w.inspector()->selectCall(1));
        w.inspectorAction()->trigger();
        QVERIFY(w.inspector()->lockLine()->isVisible());
        QVERIFY(w.inspector()->lockLine()->text().contains(id));

        // The panel's moves go to the host under the seat's code.
        PlayerPanel *panel = w.playerPanel();
        QVERIFY(panel->targetList()->count() > 0);
        panel->targetList()->setFocus();
        QTest::keyClick(panel->targetList(), Qt::Key_Home);
        QTest::keyClick(panel->targetList(), Qt::Key_Return);
        QCOMPARE(acted.count(), 1);
        QCOMPARE(acted.at(0).at(0).toString(), QStringLiteral("seat-code"));
        const auto action = engine::json::parse(acted.at(0).at(1).toByteArray().toStdString());
        QCOMPARE(action.at("tool").get<std::string>(),
                 std::string("et.werewolf.match.night.wolf_kill"));

        // Unlock anyway: the match is marked spoiled, everything shows again.
        QToolButton *unlock = nullptr;
        for (QToolButton *b : w.findChildren<QToolButton *>())
            if (b->defaultAction() == w.unlockSpoilersAction())
                unlock = b;
        QVERIFY(unlock && unlock->isVisible());
        QTest::mouseClick(unlock, Qt::LeftButton);
        QCOMPARE(spoiled.count(), 1);
        QCOMPARE(spoiled.at(0).at(0).toString(), id);
        QVERIFY(w.spoilerLockedMatch().isEmpty());
        QVERIFY(w.omniscientAction()->isEnabled());
        QVERIFY(!w.spoilerLockLabel()->isVisible());
        QCOMPARE(w.inspector()->filter()->rowCount(), 2);
        w.omniscientAction()->trigger();
        QVERIFY(w.controller()->omniscient());
        // A later document of the same match does not lock it again.
        Q_EMIT link.playerDocument(
            QStringLiteral("seat-code"),
            QByteArray::fromStdString(engine::playerDocument(*m, wolf, {}, feed.now()).dump()));
        QVERIFY(w.controller()->omniscient());
    }

    void spoilerLockEndsWithTheMatch()
    {
        HostLink link;
        MainWindow w(&link);
        DevFeed feed(&link);
        w.show();
        const QString id = feed.startMatch(6);
        const QString other = feed.startMatch(7);
        QCOMPARE(w.controller()->selectedMatch(), id);
        w.controller()->selectMatch(other);
        const engine::Match *m = feed.match(id);
        const std::string me = m->state().players.front().playerId;
        auto send = [&] {
            Q_EMIT link.playerDocument(
                QStringLiteral("c"),
                QByteArray::fromStdString(
                    engine::playerDocument(*feed.match(id), me, {}, feed.now()).dump()));
        };
        send();
        QCOMPARE(w.spoilerLockedMatch(), id);
        QCOMPARE(w.controller()->selectedMatch(), id); // the person's own table is shown
        QVERIFY(!w.omniscientAction()->isEnabled());
        QVERIFY(feed.stepUntil(id, [](const engine::Match &x) { return x.ended(); }));
        send();
        QVERIFY(w.spoilerLockedMatch().isEmpty());
        QVERIFY(w.omniscientAction()->isEnabled());
    }

    void mapBackgroundFollowsTheTheme()
    {
        // The view caches the meadow: a theme change must reach it.
        HostLink link;
        MainWindow w(&link);
        HostSettings s;
        s.themeFollowsSystem = false;
        w.setSettings(s);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto corner = [&w] {
            QApplication::processEvents();
            return w.mapView()->viewport()->grab().toImage().pixelColor(4, 4).lightness();
        };
        QVERIFY(corner() > 128);
        s.darkTheme = true;
        w.setSettings(s);
        QVERIFY(corner() < 100);
        s.darkTheme = false;
        w.setSettings(s);
        QVERIFY(corner() > 128);
    }

    void copyUrlAndSettings()
    {
        HostLink link;
        MainWindow w(&link);
        Q_EMIT link.serverInfo(QStringLiteral("http://127.0.0.1:9999/mcp"),
                               QStringLiteral("listening"));
        w.copyMcpUrl();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("http://127.0.0.1:9999/mcp"));

        SettingsDialog dlg;
        HostSettings s;
        s.port = 9100;
        s.guestsAllowed = false;
        s.timers.dayVote = 20'000;
        s.themeFollowsSystem = false;
        s.darkTheme = true;
        s.dataDirectory = QStringLiteral("/tmp/th");
        dlg.setValues(s);
        const HostSettings back = dlg.values();
        QCOMPARE(back.port, 9100);
        QCOMPARE(back.guestsAllowed, false);
        QCOMPARE(back.timers.dayVote, 20'000);
        QCOMPARE(back.darkTheme, true);
        QCOMPARE(back.dataDirectory, QStringLiteral("/tmp/th"));
        for (QWidget *child : dlg.findChildren<QWidget *>())
            if (child->focusPolicy() & Qt::TabFocus && !qobject_cast<QAbstractButton *>(child)
                && child->isVisibleTo(&dlg))
                QVERIFY2(!child->accessibleName().isEmpty()
                             || child->inherits("QAbstractSpinBox") == false,
                         child->metaObject()->className());
        w.setSettings(back); // dark theme applies
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
    }

    /// Issue 29 #22: after a tournament the town's ended matches do not
    /// stack their labels (which keep their size at any zoom): an ended
    /// match shows its name only while selected.
    void endedMatchesKeepTheirLabelsOutOfTheWay()
    {
        test::Harness h(42);
        const QString second = h.feed.startMatch(43);
        QVERIFY(second != h.matchId);
        QVERIFY(h.until([](const engine::Match &m) { return m.ended(); }));
        QVERIFY(h.feed.stepUntil(
            second,
            [](const engine::Match &m) { return m.state().phase == engine::Phase::Night; },
            20000));
        TownMapScene scene;
        scene.syncMatch(*h.replica());
        scene.syncMatch(*h.replicas.match(second));
        MatchBuildingItem *done = nullptr;
        MatchBuildingItem *live = nullptr;
        for (QGraphicsItem *i : scene.items())
            if (auto *b = qgraphicsitem_cast<MatchBuildingItem *>(i))
                (b->ended() ? done : live) = b;
        QVERIFY(done && live);
        QVERIFY(live->doorLabel()->isVisible());
        QVERIFY(live->badgeLabel()->isVisible());
        QVERIFY(!done->doorLabel()->isVisible());
        QVERIFY(!done->badgeLabel()->isVisible());
        scene.setSelectedMatch(done->matchId());
        QVERIFY(done->doorLabel()->isVisible());
        scene.setSelectedMatch(live->matchId());
        QVERIFY(!done->doorLabel()->isVisible());
        QVERIFY(live->doorLabel()->isVisible());
    }

    /// Issue 29 #22: Settings names the port this session listens on when
    /// it is not the setting, and no label shows a literal "&".
    void settingsShowTheRunningPort()
    {
        SettingsDialog dlg;
        HostSettings s;
        s.port = 8787;
        dlg.setValues(s);
        dlg.setRunningPort(8790);
        QVERIFY(dlg.runningPortLabel()->isVisibleTo(&dlg));
        QVERIFY2(dlg.runningPortLabel()->text().contains(QStringLiteral("8790")),
                 qPrintable(dlg.runningPortLabel()->text()));
        dlg.setRunningPort(8787);
        QVERIFY(!dlg.runningPortLabel()->isVisibleTo(&dlg));
        // A label with a mnemonic has somewhere to send it.
        for (QLabel *l : dlg.findChildren<QLabel *>())
            if (l->text().contains(QLatin1Char('&')))
                QVERIFY2(l->buddy(), qPrintable(l->text()));
        bool dataDir = false;
        for (QLabel *l : dlg.findChildren<QLabel *>())
            dataDir = dataDir || l->buddy() == dlg.dataDirectoryEdit();
        QVERIFY(dataDir);
        QSignalSpy test(&dlg, &SettingsDialog::voiceTestRequested);
        dlg.setVoice({true, false, 40}, QString());
        dlg.voiceTestButton()->click();
        QCOMPARE(test.size(), 1);
        QCOMPARE(test.at(0).at(0).toInt(), 40);
    }

    /// Issue 29 #17/#22: the server's status line never runs into the
    /// matches count, and seat health has its own View entry.
    void statusLineAndViewMenu()
    {
        HostLink link;
        MainWindow w(&link);
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString status
            = QStringLiteral("listening · port 8787 was busy · guest agents allowed · matches are "
                             "not saved · and a little more to say about it all");
        Q_EMIT link.serverInfo(QStringLiteral("http://127.0.0.1:53211/mcp"), status);
        w.matchesStatusLabel()->setText(QStringLiteral("Matches: 3 running, 12 in total"));
        QTRY_VERIFY(w.matchesStatusLabel()->isVisible());
        // Once the status bar has laid the new texts out.
        QTRY_VERIFY2(
            w.serverStatusLabel()->geometry().right() < w.matchesStatusLabel()->geometry().left()
                && w.matchesStatusLabel()->width() >= w.matchesStatusLabel()->sizeHint().width(),
            qPrintable(QStringLiteral("%1 vs %2")
                           .arg(w.serverStatusLabel()->geometry().right())
                           .arg(w.matchesStatusLabel()->geometry().left())));
        QVERIFY(w.serverStatusLabel()->toolTip().contains(status));
        QVERIFY(w.seatHealthAction());
        QVERIFY(!w.seatHealthAction()->shortcut().isEmpty());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
