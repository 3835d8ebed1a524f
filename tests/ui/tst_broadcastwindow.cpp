// SPDX-License-Identifier: MIT
// The broadcast window fed by a scripted spectator feed: it shows the match
// (phase, speaker, the vote), follows the action between two matches, keeps
// its delay, and none of its widgets ever carries a hidden fact.

#include "fakefeed.h"
#include "widgettexts.h"

#include "ui/broadcastwindow.h"
#include "ui/delegates.h"
#include "ui/feedclient.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/phaseheader.h"
#include "ui/replaybar.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"
#include "ui/spectatorpanel.h"
#include "ui/townmapscene.h"
#include "ui/uitext.h"
#include "ui/votetallyview.h"
#include "ui/watchwindow.h"

#include <QAbstractItemView>
#include <QAction>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QToolBar>
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
    void speaksToTheViewers();
    void typeScalesWithTheWindow_data();
    void typeScalesWithTheWindow();
};

namespace {
/// What a viewer of the capture can read: the visible labels and header.
QStringList visibleTexts(BroadcastWindow &w)
{
    QStringList out;
    for (QLabel *l : w.findChildren<QLabel *>())
        if (l->isVisible())
            out << l->text();
    if (w.header()->isVisible())
        out << w.header()->titleText() << w.header()->phaseText();
    return out;
}
} // namespace

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
    QVERIFY2(w.header()->phaseText().contains(UiText::phaseName(engine::Phase::DayVote)),
             qPrintable(w.header()->phaseText()));
    QVERIFY(w.voteTallyView()->parentWidget()->isVisible());
    QVERIFY(!w.voteTallyView()->summaryText().isEmpty());
    QVERIFY2(w.lineLabel()->text().contains(QStringLiteral("Hugo was quiet")),
             qPrintable(w.lineLabel()->text()));

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
            continue; // the dead are revealed; "Villager" is also the unknown default
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
        send(s,
             snapshot("e.1",
                      {{"match-a", a.pub},
                       {"match-b", {b.pub.begin(), b.pub.begin() + std::ptrdiff_t(cut)}}}));
    };
    BroadcastWindow w;
    w.director().setHoldMs(0); // the hold is the director's own test's business
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
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
    };
    {
        BroadcastWindow w;
        w.setFeedUrl(feed.url());
        w.setDelaySeconds(45);
        QTRY_VERIFY_WITH_TIMEOUT(
            !feed.requests.isEmpty()
                && QUrlQuery(feed.requests.constLast()).queryItemValue(QStringLiteral("delay"))
                       == QStringLiteral("45"),
            Patience);
        w.setDelaySeconds(5000); // out of range: held to the maximum
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
    QVERIFY(!w.findChild<QMenuBar *>()); // no host controls, no view switches
    QVERIFY(w.findChildren<QToolBar *>().isEmpty());
    QVERIFY(w.mapScene()->building(QStringLiteral("match-1")));
    QVERIFY(w.statusLabel()->isVisible());
    QVERIFY2(w.statusLabel()->text().contains(QStringLiteral("Connected")),
             qPrintable(w.statusLabel()->text()));
    QVERIFY(w.spectatorPanel()->transcriptView()->model()->rowCount() > 5);
    feed.last()->close(QWebSocketProtocol::CloseCodeGoingAway);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusLabel()->text().contains(QStringLiteral("reconnecting")),
                             Patience);
    QTRY_COMPARE_WITH_TIMEOUT(feed.requests.size(), 2, Patience);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusLabel()->text().contains(QStringLiteral("Connected")),
                             Patience);
}

/// Issue 29 #20: no word for the host on a stream. Without a match the
/// window shows a card for the viewers ("NO MATCH SELECTED / Click a
/// building on the map" was the host's header); key moments offer no
/// "jump ›" to click.
void TestBroadcastWindow::speaksToTheViewers()
{
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(s, snapshot("e.1", {}));
    };
    BroadcastWindow w;
    w.setFeedUrl(feed.url());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTRY_VERIFY_WITH_TIMEOUT(w.feed()->state() == FeedClient::State::Connected, Patience);
    QVERIFY(w.idleCard()->isVisible());
    QVERIFY(!w.matchPage()->isVisible());
    const QStringList idle = visibleTexts(w);
    QVERIFY2(idle.join(QLatin1Char(' ')).contains(QStringLiteral("The next match starts soon")),
             qPrintable(idle.join(QLatin1Char('|'))));
    for (const QString &t : idle)
        for (const QString &hostWord :
             {QStringLiteral("Click"), QStringLiteral("selected"), QStringLiteral("map")})
            QVERIFY2(!t.contains(hostWord, Qt::CaseInsensitive), qPrintable(t));

    // A match comes: the card gives way; its key moments name the day only.
    const Played p("match-1", true);
    for (std::size_t i = 0; i < p.pub.size(); ++i)
        send(feed.last(), eventMsg("e." + std::to_string(i + 2), p.pub[i]));
    QTRY_COMPARE_WITH_TIMEOUT(w.shownMatch(), QStringLiteral("match-1"), Patience);
    QVERIFY(!w.idleCard()->isVisible());
    QVERIFY(w.matchPage()->isVisible());
    auto *moments = qobject_cast<MomentDelegate *>(w.momentsView()->itemDelegate());
    QVERIFY(moments);
    QVERIFY(!moments->jumpHint());
    QVERIFY(!moments->dayText(2).contains(QStringLiteral("jump")));
    QVERIFY(MomentDelegate(w.momentsView())
                .dayText(2)
                .contains(QStringLiteral("jump"))); // the main window's
    for (const QString &t : visibleTexts(w))
        QVERIFY2(!t.contains(QStringLiteral("Click")), qPrintable(t));
}

void TestBroadcastWindow::typeScalesWithTheWindow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("scale");
    QTest::newRow("720p") << QSize(1280, 720) << 1.0;
    QTest::newRow("1080p") << QSize(1920, 1080) << 1.5;
    QTest::newRow("1440p") << QSize(2560, 1440) << 2.0;
    QTest::newRow("a narrow 1080p") << QSize(1280, 1080) << 1.0; // the smaller side decides
}

/// Issue 29 #20: an enlarged window (a 1080p capture) shows larger type.
void TestBroadcastWindow::typeScalesWithTheWindow()
{
    QFETCH(QSize, size);
    QFETCH(double, scale);
    QCOMPARE(BroadcastWindow::typeScaleFor(size), scale);
    BroadcastWindow w;
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const qreal speaker = w.speakerLabel()->font().pointSizeF();
    const qreal header = w.header()->font().pointSizeF();
    const qreal idle = w.idleCard()->findChildren<QLabel *>().front()->font().pointSizeF();
    w.resize(size);
    QTRY_COMPARE(w.size(), size);
    QTRY_COMPARE(w.typeScale(), scale);
    QVERIFY(qAbs(w.speakerLabel()->font().pointSizeF() - speaker * scale) < 0.01);
    QVERIFY(qAbs(w.header()->font().pointSizeF() - header * scale) < 0.01);
    QVERIFY(qAbs(w.idleCard()->findChildren<QLabel *>().front()->font().pointSizeF() - idle * scale)
            < 0.01);
}

QTEST_MAIN(TestBroadcastWindow)
#include "tst_broadcastwindow.moc"
