// SPDX-License-Identifier: MIT
// FeedClient against a WebSocket server in the test that speaks
// docs/spectator-feed.md: snapshots with history, live events whose seqs
// skip the hidden ones, resuming with the cursor, a fresh snapshot after a
// lost cursor, being dropped, refusals and garbage.

#include "fakefeed.h"

#include "ui/feedclient.h"
#include "ui/replicaset.h"

#include "engine/projection.h"

#include <QSignalSpy>
#include <QTest>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketServer>

#include <functional>

using namespace townhall;
using namespace townhall::ui;
using engine::json;

namespace {

using namespace townhall::ui::test;

/// match-1's replica exists and holds everything up to `seq`.
bool reached(const ReplicaSet &replicas, std::uint64_t seq)
{
    const engine::Match *m = replicas.match(QStringLiteral("match-1"));
    return m && m->state().lastSeq == seq;
}

/// What a spectator sees of a match, for comparing a replica to the truth.
QString spectatorView(const engine::Match &m)
{
    return QString::fromStdString(
        engine::toJson(engine::stateView(m, engine::Viewer::spectator())).dump());
}

} // namespace

class TestFeedClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void snapshotWithHistory();
    void liveEventsWithGaps();
    void resumesWithCursor();
    void freshSnapshotRebuilds();
    void droppedReconnects();
    void garbageIgnored();
    void errorRefuses();
    void unreachableRetries();
    void userUrls_data();
    void userUrls();
    void feedUrlForMcp();
};

void TestFeedClient::snapshotWithHistory()
{
    const Played p;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(s, snapshot("e1.10", {{"match-1", p.pub}}));
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    QSignalSpy states(&client, &FeedClient::stateChanged);
    client.open(feed.url());
    QTRY_VERIFY_WITH_TIMEOUT(replicas.match(QStringLiteral("match-1")), Patience);
    QCOMPARE(client.state(), FeedClient::State::Connected);
    QVERIFY(client.statusText().contains(QStringLiteral("127.0.0.1")));
    QCOMPARE(QUrlQuery(feed.requests.value(0)).queryItemValue(QStringLiteral("history")),
             QStringLiteral("full"));
    QVERIFY(!QUrlQuery(feed.requests.value(0)).hasQueryItem(QStringLiteral("cursor")));
    QCOMPARE(client.cursor(), QStringLiteral("e1.10"));

    const engine::Match *r = replicas.match(QStringLiteral("match-1"));
    QVERIFY(r->publicOnly());
    QCOMPARE(r->state().lastSeq, p.pub.back().seq);
    QVERIFY(p.pub.size() < p.full.size()); // the hidden ones really are skipped
    const auto full = engine::Match::fromLog(p.full);
    QVERIFY(full.ok());
    QCOMPARE(spectatorView(*r), spectatorView(*full));
}

void TestFeedClient::liveEventsWithGaps()
{
    const Played p;
    const std::size_t half = p.pub.size() / 2;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(
            s,
            snapshot("e1.1", {{"match-1", {p.pub.begin(), p.pub.begin() + std::ptrdiff_t(half)}}}));
        for (std::size_t i = half; i < p.pub.size(); ++i)
            send(s, eventMsg("e1." + std::to_string(i + 2), p.pub[i]));
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.open(feed.url());
    QTRY_VERIFY_WITH_TIMEOUT(reached(replicas, p.pub.back().seq), Patience);
    const engine::Match *r = replicas.match(QStringLiteral("match-1"));
    QCOMPARE(r->log().size(), p.pub.size());
    for (std::size_t i = 0; i < p.pub.size(); ++i)
        QCOMPARE(r->log()[i].at, p.pub[i].at);
    QCOMPARE(client.cursor(), QString::fromStdString("e1." + std::to_string(p.pub.size() + 1)));
    QCOMPARE(spectatorView(*r), spectatorView(*engine::Match::fromLog(p.full)));
}

void TestFeedClient::resumesWithCursor()
{
    const Played p;
    const std::size_t cut = p.pub.size() - 5;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int index) {
        if (index == 0) {
            send(s, hello(false));
            send(s,
                 snapshot("e1.100",
                          {{"match-1", {p.pub.begin(), p.pub.begin() + std::ptrdiff_t(cut)}}}));
            send(s, eventMsg("e1.101", p.pub[cut]));
            s->close(QWebSocketProtocol::CloseCodeGoingAway);
            return;
        }
        send(s, hello(true));
        // The host resends nothing twice, but a replica must not mind if it did.
        send(s, eventMsg("e1.101", p.pub[cut]));
        for (std::size_t i = cut + 1; i < p.pub.size(); ++i)
            send(s, eventMsg("e1." + std::to_string(101 + i - cut), p.pub[i]));
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.setBackoff(50, 200);
    QSignalSpy states(&client, &FeedClient::stateChanged);
    QSignalSpy rebuilt(&client, &FeedClient::snapshotApplied);
    client.open(feed.url());
    QTRY_COMPARE_WITH_TIMEOUT(feed.requests.size(), 2, Patience);
    QCOMPARE(QUrlQuery(feed.requests[1]).queryItemValue(QStringLiteral("cursor")),
             QStringLiteral("e1.101"));
    QTRY_VERIFY_WITH_TIMEOUT(
        replicas.match(QStringLiteral("match-1"))->state().lastSeq == p.pub.back().seq, Patience);
    QCOMPARE(rebuilt.size(), 1); // resumed: no second snapshot
    QCOMPARE(replicas.match(QStringLiteral("match-1"))->log().size(), p.pub.size());
    bool sawReconnecting = false;
    for (const auto &args : states)
        sawReconnecting |= args.at(0).value<FeedClient::State>() == FeedClient::State::Reconnecting;
    QVERIFY(sawReconnecting);
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), FeedClient::State::Connected, Patience);
}

void TestFeedClient::freshSnapshotRebuilds()
{
    const Played a("match-a");
    const Played b("match-b");
    const std::size_t cut = a.pub.size() / 2;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int index) {
        if (index == 0) {
            send(s, hello(false));
            send(s,
                 snapshot("old.7",
                          {{"match-a", {a.pub.begin(), a.pub.begin() + std::ptrdiff_t(cut)}},
                           {"match-b", b.pub}}));
            s->close(QWebSocketProtocol::CloseCodeGoingAway);
            return;
        }
        // Another run of the host: the cursor means nothing, a fresh snapshot follows.
        send(s, hello(false));
        send(s, snapshot("new.3", {{"match-a", a.pub}}));
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.setBackoff(50, 200);
    QSignalSpy removed(&replicas, &ReplicaSet::matchRemoved);
    client.open(feed.url());
    QTRY_COMPARE_WITH_TIMEOUT(removed.size(), 1, Patience);
    QCOMPARE(removed[0][0].toString(), QStringLiteral("match-b"));
    QCOMPARE(QUrlQuery(feed.requests[1]).queryItemValue(QStringLiteral("cursor")),
             QStringLiteral("old.7"));
    QCOMPARE(replicas.matchIds(), QStringList{QStringLiteral("match-a")});
    QVERIFY(!replicas.match(QStringLiteral("match-b")));
    const engine::Match *r = replicas.match(QStringLiteral("match-a"));
    QCOMPARE(r->log().size(), a.pub.size());
    QCOMPARE(client.cursor(), QStringLiteral("new.3"));
    QCOMPARE(spectatorView(*r), spectatorView(*engine::Match::fromLog(a.full)));
}

void TestFeedClient::droppedReconnects()
{
    const Played p;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int index) {
        send(s, hello(index > 0));
        if (index == 0) {
            send(s, snapshot("e.1", {{"match-1", p.pub}}));
            send(s, {{"type", "dropped"}, {"reason", "behind"}, {"message", "you fell behind"}});
            s->close(QWebSocketProtocol::CloseCode(4001));
        }
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.setBackoff(50, 200);
    QStringList statuses;
    connect(&client, &FeedClient::statusChanged, &client, [&](const QString &t) { statuses << t; });
    client.open(feed.url());
    QTRY_COMPARE_WITH_TIMEOUT(feed.requests.size(), 2, Patience);
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), FeedClient::State::Connected, Patience);
    QVERIFY2(statuses.filter(QStringLiteral("Dropped by the host")).size() > 0,
             qPrintable(statuses.join(u'|')));
    QCOMPARE(QUrlQuery(feed.requests[1]).queryItemValue(QStringLiteral("cursor")),
             QStringLiteral("e.1"));
    QCOMPARE(replicas.match(QStringLiteral("match-1"))->log().size(), p.pub.size());
}

void TestFeedClient::garbageIgnored()
{
    const Played p;
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, hello(false));
        send(s, snapshot("e.1", {{"match-1", {p.pub.begin(), p.pub.end() - 1}}}));
        s->sendTextMessage(QStringLiteral("{not json"));
        s->sendTextMessage(QStringLiteral("[1,2,3]"));
        s->sendTextMessage(QStringLiteral("{\"type\":\"event\"}"));
        s->sendTextMessage(QStringLiteral(
            "{\"type\":\"event\",\"matchId\":\"match-1\",\"event\":{\"seq\":\"x\"}}"));
        s->sendTextMessage(
            QStringLiteral("{\"type\":\"event\",\"matchId\":\"match-1\",\"event\":{\"seq\":999,"
                           "\"at\":1,\"type\":\"NO_SUCH_TYPE\",\"payload\":{}}}"));
        s->sendTextMessage(QStringLiteral("{\"type\":\"snapshot\",\"matches\":7}"));
        // `at` is ms since the epoch on the feed; a string is malformed.
        engine::Event isoTimed = p.pub.back();
        isoTimed.at += 5000;
        send(s, eventMsg("e.1", isoTimed, true));
        s->sendTextMessage(QStringLiteral("{\"type\":\"weather\",\"sunny\":true}"));
        s->sendBinaryMessage(QByteArray("\x00\x01", 2));
        // A non-public event must never get in, even if a host sent one.
        engine::Event hidden;
        for (const engine::Event &e : p.full)
            if (e.type == engine::EventType::WolfChatMessage)
                hidden = e;
        // Had it been taken, the last public event would be a repeat and dropped.
        hidden.seq = p.pub.back().seq;
        send(s, eventMsg("e.2", hidden));
        send(s, eventMsg("e.3", p.pub.back()));
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.open(feed.url());
    QTRY_VERIFY_WITH_TIMEOUT(reached(replicas, p.pub.back().seq), Patience);
    const engine::Match *r = replicas.match(QStringLiteral("match-1"));
    QCOMPARE(r->log().size(), p.pub.size());
    QCOMPARE(r->log().back().at, p.pub.back().at); // not the ISO-timed copy
    for (const engine::Event &e : r->log()) {
        QVERIFY(e.audience == engine::Audience::Public);
        QVERIFY(e.type != engine::EventType::WolfChatMessage);
    }
    QCOMPARE(client.state(), FeedClient::State::Connected);
}

void TestFeedClient::errorRefuses()
{
    FakeFeed feed;
    feed.onConnect = [&](QWebSocket *s, int) {
        send(s, {{"type", "error"}, {"code", "bad_request"}, {"message", "delay must be 0-3600"}});
        s->close(QWebSocketProtocol::CloseCodePolicyViolated);
    };
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.setBackoff(50, 200);
    QUrl u = feed.url();
    u.setQuery(QStringLiteral("delay=9999"));
    client.open(u);
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), FeedClient::State::Refused, Patience);
    QVERIFY(client.statusText().contains(QStringLiteral("delay must be 0-3600")));
    QCOMPARE(QUrlQuery(feed.requests.value(0)).queryItemValue(QStringLiteral("delay")),
             QStringLiteral("9999"));
}

void TestFeedClient::unreachableRetries()
{
    // A port nobody listens on: take one from a server and close it.
    quint16 port = 0;
    {
        QWebSocketServer s(QStringLiteral("probe"), QWebSocketServer::NonSecureMode);
        QVERIFY(s.listen(QHostAddress::LocalHost, 0));
        port = s.serverPort();
    }
    ReplicaSet replicas(true);
    FeedClient client(&replicas);
    client.setBackoff(50, 400);
    client.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/spectate").arg(port)));
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), FeedClient::State::Unreachable, Patience);
    QVERIFY(client.statusText().contains(QStringLiteral("unreachable")));
    // The wait grows towards the ceiling with each failed attempt.
    QTRY_COMPARE_WITH_TIMEOUT(client.retryDelayMs(), 400, Patience);
}

void TestFeedClient::userUrls_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("expected"); // empty: refused
    QTest::newRow("ws full") << "ws://10.0.0.5:8787/spectate?match=match-2"
                             << "ws://10.0.0.5:8787/spectate?match=match-2";
    QTest::newRow("wss no path") << "wss://example.org"
                                 << "wss://example.org/spectate";
    QTest::newRow("bare host:port") << "192.168.1.9:8787"
                                    << "ws://192.168.1.9:8787/spectate";
    QTest::newRow("bare name:port, spaces") << "  townhall.local:9000 "
                                            << "ws://townhall.local:9000/spectate";
    QTest::newRow("http refused") << "http://127.0.0.1:8787/mcp"
                                  << "";
    QTest::newRow("empty refused") << ""
                                   << "";
    QTest::newRow("no host refused") << "ws://"
                                     << "";
}

void TestFeedClient::userUrls()
{
    QFETCH(QString, typed);
    QFETCH(QString, expected);
    QString error;
    const auto u = FeedClient::parseUserUrl(typed, &error);
    if (expected.isEmpty()) {
        QVERIFY(!u);
        QVERIFY(!error.isEmpty());
    } else {
        QVERIFY2(u, qPrintable(error));
        QCOMPARE(u->toString(), expected);
    }
}

void TestFeedClient::feedUrlForMcp()
{
    QCOMPARE(FeedClient::feedUrlForMcp(QStringLiteral("http://127.0.0.1:8765/mcp")).toString(),
             QStringLiteral("ws://127.0.0.1:8765/spectate"));
    QCOMPARE(FeedClient::feedUrlForMcp(QStringLiteral("https://host.example:443/mcp")).toString(),
             QStringLiteral("wss://host.example:443/spectate"));
    QVERIFY(FeedClient::feedUrlForMcp(QString()).isEmpty());
}

QTEST_MAIN(TestFeedClient)
#include "tst_feedclient.moc"
