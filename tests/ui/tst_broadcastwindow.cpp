// SPDX-License-Identifier: MIT
// The broadcast window fed by a scripted spectator feed: it shows the match
// (phase, speaker, the vote), follows the action between two matches, keeps
// its delay, and none of its widgets ever carries a hidden fact.

#include "fakefeed.h"
#include "widgettexts.h"

#include "ui/broadcastwindow.h"
#include "ui/feedclient.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/replaybar.h"
#include "ui/spectatorpanel.h"
#include "ui/townmapscene.h"
#include "ui/watchwindow.h"
#include "ui/phaseheader.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"
#include "ui/uitext.h"
#include "ui/votetallyview.h"

#include <QAbstractItemView>
#include <QAction>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QUrlQuery>

using namespace townhall;
using namespace townhall::ui;
using namespace townhall::ui::test;

class TestBroadcastWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void showsTheVoteAndKeepsSecrets();
    void followsTheAction();
    void delayIsRememberedAndSent();
    void mainWindowOpensItOnItsOwnFeed();
    void watchWindowIsPublicAndReadOnly();
};

void TestBroadcastWindow::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("townhall-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_broadcastwindow"));
    QSettings().clear();
}

void TestBroadcastWindow::showsTheVoteAndKeepsSecrets()
{
    const Played p("match-1", true);
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(s, snapshot("e.1", {{"match-1", p.pub}}));
    };
    BroadcastWindow w;
    QSignalSpy shown(&w, &BroadcastWindow::shownMatchChanged);
    w.setFeedUrl(feed.url());
    w.show();
    QTRY_COMPARE_WITH_TIMEOUT(w.shownMatch(), QStringLiteral("match-1"), Patience);
    QCOMPARE(shown.size(), 1);
    QVERIFY2(w.header()->phaseText().contains(UiText::phaseName(engine::Phase::DayVote)), qPrintable(w.header()->phaseText()));
    QVERIFY(w.voteTallyView()->parentWidget()->isVisible());
    QVERIFY(!w.voteTallyView()->summaryText().isEmpty());
    QVERIFY2(w.lineLabel()->text().contains(QStringLiteral("Hugo was quiet")), qPrintable(w.lineLabel()->text()));

    // Secrets: wolf chat, and the role of any player still alive.
    const auto full = engine::Match::fromLog(p.full);
    QVERIFY(full.ok());
    QStringList hidden;
    for (const engine::Event &e : p.full)
        if (e.type == engine::EventType::WolfChatMessage)
            hidden << QString::fromStdString(e.payload.value("text", std::string()));
    QVERIFY(!hidden.isEmpty());
    const QStringList texts = test::broadcastTexts(w);
    QVERIFY(texts.size() > 20);
    for (const QString &h : hidden)
        for (const QString &t : texts)
            QVERIFY2(!t.contains(h), qPrintable(QStringLiteral("wolf chat shown: %1").arg(t)));
    QCOMPARE(livingWithKnownRole(w), QStringList());
    for (const engine::Player &pl : full->state().players) {
        if (!pl.alive || pl.role == engine::Role::Villager)
            continue;  // the dead are revealed; "Villager" is also the unknown default
        const QString role = UiText::roleName(pl.role);
        const QString name = QString::fromStdString(pl.displayName);
        for (const QString &t : texts)
            QVERIFY2(!(withoutGameTitle(t).contains(name) && withoutGameTitle(t).contains(role)),
                     qPrintable(QStringLiteral("role of living %1 shown: %2").arg(name, t)));
    }
}

void TestBroadcastWindow::followsTheAction()
{
    const Played a("match-a", true);
    const Played b("match-b", false);
    // match-b's day-1 vote result arrives live, after the snapshot.
    std::size_t cut = 0;
    for (std::size_t i = 0; i < b.pub.size(); ++i)
        if (b.pub[i].type == engine::EventType::VoteResult)
            cut = i;
    QVERIFY(cut > 0);
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(s, snapshot("e.1", {{"match-a", a.pub}, {"match-b", {b.pub.begin(), b.pub.begin() + std::ptrdiff_t(cut)}}}));
    };
    BroadcastWindow w;
    w.director().setHoldMs(0);  // the hold is the director's own test's business
    w.setFeedUrl(feed.url());
    QTRY_COMPARE_WITH_TIMEOUT(w.shownMatch(), QStringLiteral("match-a"), Patience);
    QSignalSpy shown(&w, &BroadcastWindow::shownMatchChanged);
    for (std::size_t i = cut; i < b.pub.size(); ++i)
        send(feed.last(), eventMsg("e." + std::to_string(i + 2), b.pub[i]));
    QTRY_COMPARE_WITH_TIMEOUT(w.shownMatch(), QStringLiteral("match-b"), Patience);
    QCOMPARE(shown.value(0).value(0).toString(), QStringLiteral("match-b"));

    // Locked on match-a: match-b's news no longer moves the window.
    std::unique_ptr<QMenu> menu(w.buildContextMenu());
    QAction *lockA = nullptr;
    for (QAction *act : menu->actions())
        if (act->text() == QStringLiteral("Lock on match 1") && !lockA)
            lockA = act;
    QVERIFY(lockA);
    lockA->trigger();
    QCOMPARE(w.shownMatch(), QStringLiteral("match-a"));
    QVERIFY(w.director().locked());
    w.director().cue(QStringLiteral("match-b"), Director::Cue::Death, 1'000'000);
    QCOMPARE(w.director().current(), QStringLiteral("match-a"));
}

void TestBroadcastWindow::delayIsRememberedAndSent()
{
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) { send(s, hello(false)); };
    {
        BroadcastWindow w;
        w.setFeedUrl(feed.url());
        w.setDelaySeconds(45);
        QTRY_VERIFY_WITH_TIMEOUT(!feed.requests.isEmpty()
                                     && QUrlQuery(feed.requests.constLast()).queryItemValue(QStringLiteral("delay"))
                                            == QStringLiteral("45"),
                                 Patience);
        w.setDelaySeconds(5000);  // out of range: held to the maximum
        QCOMPARE(w.delaySeconds(), 600);
        w.setDelaySeconds(30);
    }
    BroadcastWindow again;
    QCOMPARE(again.delaySeconds(), 30);
    QVERIFY(!again.frameless());
    again.setFrameless(true);
    QVERIFY(again.frameless());
}

void TestBroadcastWindow::mainWindowOpensItOnItsOwnFeed()
{
    const Played p;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(s, snapshot("e.1", {{"match-1", p.pub}}));
    };
    HostLink link;
    MainWindow main(&link);
    Q_EMIT link.serverInfo(QStringLiteral("http://127.0.0.1:%1/mcp").arg(feed.server.serverPort()),
                           QStringLiteral("listening"));
    QSignalSpy opened(&main, &MainWindow::broadcastWindowOpened);
    main.broadcastAction()->trigger();
    QCOMPARE(opened.size(), 1);
    QPointer<BroadcastWindow> w = main.broadcastWindow();
    QVERIFY(w);
    QVERIFY(w->isVisible());
    QVERIFY(w->isWindow());
    QCOMPARE(w->feedUrl().path(), QStringLiteral("/spectate"));
    QTRY_COMPARE_WITH_TIMEOUT(w->shownMatch(), QStringLiteral("match-1"), Patience);
    // Asking again raises the same window.
    main.broadcastAction()->trigger();
    QCOMPARE(opened.size(), 1);
    QCOMPARE(main.broadcastWindow(), w.data());
    w->close();
    QTRY_VERIFY_WITH_TIMEOUT(!w, Patience);
}

void TestBroadcastWindow::watchWindowIsPublicAndReadOnly()
{
    const Played p;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int index) {
        send(s, hello(index > 0));
        if (index == 0)
            send(s, snapshot("e.1", {{"match-1", p.pub}}));
    };
    WatchWindow w(feed.url());
    w.feed()->setBackoff(50, 200);
    w.show();
    QTRY_COMPARE_WITH_TIMEOUT(w.controller()->selectedMatch(), QStringLiteral("match-1"), Patience);
    QVERIFY(!w.controller()->omniscient());
    QVERIFY(w.replicas()->publicOnly());
    QVERIFY(w.spectatorPanel()->replayBar()->isHidden());
    QVERIFY(!w.findChild<QMenuBar *>());  // no host controls, no view switches
    QVERIFY(w.findChildren<QToolBar *>().isEmpty());
    QVERIFY(w.mapScene()->building(QStringLiteral("match-1")));
    QVERIFY(w.statusLabel()->isVisible());
    QVERIFY2(w.statusLabel()->text().contains(QStringLiteral("Connected")), qPrintable(w.statusLabel()->text()));
    QVERIFY(w.spectatorPanel()->transcriptView()->model()->rowCount() > 5);
    feed.last()->close(QWebSocketProtocol::CloseCodeGoingAway);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusLabel()->text().contains(QStringLiteral("reconnecting")), Patience);
    QTRY_COMPARE_WITH_TIMEOUT(feed.requests.size(), 2, Patience);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusLabel()->text().contains(QStringLiteral("Connected")), Patience);
}

QTEST_MAIN(TestBroadcastWindow)
#include "tst_broadcastwindow.moc"
