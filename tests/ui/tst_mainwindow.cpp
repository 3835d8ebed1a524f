// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/mainwindow.h"
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
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

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
