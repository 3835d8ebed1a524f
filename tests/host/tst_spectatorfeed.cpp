// SPDX-License-Identifier: MIT
// The spectator feed (docs/spectator-feed.md) over real sockets with Qt's
// WebSocket client: snapshot, live events, resuming from a cursor, delay,
// 1,000 spectators, a client that stops reading, bad requests and origins;
// through a real Host and MCP port; and secrecy over 1,000 simulated matches.

#include "engine/projection.h"
#include "engine/simulator.h"
#include "filelimit.h"
#include "host/host.h"
#include "host/mcpservice.h"
#include "host/spectatorfeed.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QWebSocket>
#include <QtTest>

#include <memory>
#include <set>

using namespace townhall;
using namespace townhall::host;
using engine::Event;
using nlohmann::json;

namespace {

constexpr int Patience = 60000;

/// A simulated match's log under another match id (the simulator names every match alike).
std::vector<Event> simulated(std::uint64_t seed, const std::string &matchId)
{
    engine::MatchConfig config;
    config.rateLimits = false;
    std::vector<Event> log = engine::simulateMatch(seed, config).match->log();
    const std::string old = log.front().matchId;
    for (Event &e : log) {
        e.matchId = matchId;
        e.eventId = engine::makeEventId(matchId, e.seq);
        if (e.payload.contains("matchId"))
            e.payload["matchId"] = matchId;
        if (auto c = e.payload.find("causeEventId"); c != e.payload.end() && c->is_string())
            *c = engine::makeEventId(matchId,
                                     std::stoull(c->get<std::string>().substr(old.size() + 1)));
    }
    return log;
}

/// Feeds events [from, to) in batches of three, as commits would bring them.
void feedRange(SpectatorFeed &feed, const std::vector<Event> &log, std::size_t from, std::size_t to)
{
    for (std::size_t i = from; i < to; i += 3) {
        const std::vector<Event> batch(log.begin() + std::ptrdiff_t(i),
                                       log.begin() + std::ptrdiff_t(std::min(to, i + 3)));
        feed.ingest(QString::fromStdString(log.front().matchId), batch);
    }
}

std::vector<std::uint64_t>
publicSeqs(const std::vector<Event> &log, std::size_t from, std::size_t to)
{
    std::vector<std::uint64_t> out;
    for (std::size_t i = from; i < to; ++i)
        if (log[i].audience == engine::Audience::Public)
            out.push_back(log[i].seq);
    return out;
}

/// One spectator: a QWebSocket that keeps every message it gets, parsed.
class Spectator
{
public:
    explicit Spectator(const QUrl &url, const QString &origin = {})
    {
        QObject::connect(
            &socket, &QWebSocket::textMessageReceived, &socket, [this](const QString &text) {
                messages.push_back(json::parse(text.toStdString()));
            });
        QObject::connect(&socket, &QWebSocket::disconnected, &socket, [this] { closed = true; });
        QNetworkRequest request(url);
        if (!origin.isEmpty())
            request.setRawHeader("Origin", origin.toUtf8());
        socket.open(request);
    }
    bool waitFor(const std::function<bool()> &done, int ms = Patience)
    {
        return QTest::qWaitFor(done, ms);
    }
    bool waitForType(const std::string &type, int ms = Patience)
    {
        return waitFor([&] { return count(type) > 0; }, ms);
    }
    int count(const std::string &type) const
    {
        return int(std::count_if(messages.begin(), messages.end(), [&](const json &m) {
            return m.value("type", "") == type;
        }));
    }
    std::vector<std::uint64_t> eventSeqs() const
    {
        std::vector<std::uint64_t> out;
        for (const json &m : messages)
            if (m.value("type", "") == "event")
                out.push_back(m["event"]["seq"].get<std::uint64_t>());
        return out;
    }
    QString lastCursor() const
    {
        for (auto it = messages.rbegin(); it != messages.rend(); ++it)
            if (it->contains("cursor"))
                return QString::fromStdString((*it)["cursor"].get<std::string>());
        return {};
    }
    const json *first(const std::string &type) const
    {
        for (const json &m : messages)
            if (m.value("type", "") == type)
                return &m;
        return nullptr;
    }

    QWebSocket socket;
    std::vector<json> messages;
    bool closed = false;
};

QUrl feedUrl(const SpectatorFeed &feed, const QString &query = {})
{
    QUrl url(feed.listenUrl());
    url.setQuery(query);
    return url;
}

} // namespace

class TestSpectatorFeed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // A thousand spectators are two thousand sockets in this process.
        test::raiseFileLimit();
    }

    void snapshotThenLiveEvents()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        const auto log = simulated(11, "match-7");
        const std::size_t half = log.size() / 2;
        feedRange(feed, log, 0, half);

        Spectator s(feedUrl(feed));
        QVERIFY(s.waitForType("snapshot"));
        const json hello = s.messages.at(0);
        QCOMPARE(hello["type"], "hello");
        QCOMPARE(hello["protocol"], 1);
        QCOMPARE(hello["resumed"], false);
        const json snapshot = s.messages.at(1);
        QCOMPARE(snapshot["matches"].size(), 1u);
        // The snapshot is the public projection of the first half.
        std::vector<Event> prefix(log.begin(), log.begin() + std::ptrdiff_t(half));
        const auto full = engine::Match::fromLog(prefix);
        QVERIFY(full);
        const engine::StateView view = engine::stateView(*full, engine::Viewer::spectator());
        const json &m = snapshot["matches"][0];
        QCOMPARE(m["matchId"], "match-7");
        QCOMPARE(m["phase"], std::string(toString(view.phase)));
        QCOMPARE(m["dayNumber"], view.dayNumber);
        for (std::size_t i = 0; i < view.players.size(); ++i) {
            QCOMPARE(m["players"][i]["alive"], view.players[i].alive);
            QCOMPARE(m["players"][i]["revealedRole"].is_null(),
                     !view.players[i].revealedRole.has_value());
        }
        QVERIFY(!m.contains("events")); // no history unless asked for

        feedRange(feed, log, half, log.size());
        const auto expected = publicSeqs(log, half, log.size());
        QVERIFY(s.waitFor([&] { return s.eventSeqs().size() >= expected.size(); }));
        QCOMPARE(s.eventSeqs(), expected);
        // Cursors grow by one message at a time, with no gap.
        std::uint64_t last = 0;
        for (const json &msg : s.messages) {
            if (!msg.contains("cursor"))
                continue;
            const std::string c = msg["cursor"];
            const std::uint64_t n = std::stoull(c.substr(c.find('.') + 1));
            if (last)
                QCOMPARE(n, last + 1);
            last = n;
        }
        QVERIFY(s.count("keyMoment") > 0);
    }

    // A snapshot names who plays each seat (person, model, bot, agent), as
    // the public MATCH_CREATED's agent ids say; an overlay marks the people.
    void snapshotsNameWhoPlaysEachSeat()
    {
        auto log = simulated(3, "match-4");
        QVERIFY(log.front().type == engine::EventType::MatchCreated);
        json &players = log.front().payload["players"];
        QVERIFY(players.size() >= 4);
        players[0]["agentId"] = "human:1:Ada";
        players[1]["agentId"] = "model:2:Eve";
        players[2]["agentId"] = "ag_1234";
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        feedRange(feed, log, 0, log.size() / 2);
        Spectator s(feedUrl(feed));
        QVERIFY(s.waitForType("snapshot"));
        const json &seats = s.first("snapshot")->at("matches")[0]["players"];
        std::map<std::string, std::string> kinds;
        for (const json &p : seats)
            kinds[p["playerId"].get<std::string>()] = p["seatKind"].get<std::string>();
        QCOMPARE(kinds[players[0]["playerId"].get<std::string>()], std::string("person"));
        QCOMPARE(kinds[players[1]["playerId"].get<std::string>()], std::string("model"));
        QCOMPARE(kinds[players[2]["playerId"].get<std::string>()], std::string("agent"));
        QCOMPARE(kinds[players[3]["playerId"].get<std::string>()], std::string("bot"));
    }

    void historyAndMatchFilter()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        const auto a = simulated(1, "match-1");
        const auto b = simulated(2, "match-2");
        feedRange(feed, a, 0, a.size() / 2);
        feedRange(feed, b, 0, b.size() / 2);
        Spectator s(feedUrl(feed, QStringLiteral("match=match-2&history=full")));
        QVERIFY(s.waitForType("snapshot"));
        const json &snapshot = *s.first("snapshot");
        QCOMPARE(snapshot["matches"].size(), 1u);
        QCOMPARE(snapshot["matches"][0]["matchId"], "match-2");
        std::vector<std::uint64_t> history;
        for (const json &e : snapshot["matches"][0]["events"])
            history.push_back(e["seq"]);
        QCOMPARE(history, publicSeqs(b, 0, b.size() / 2));
        feedRange(feed, a, a.size() / 2, a.size());
        feedRange(feed, b, b.size() / 2, b.size());
        const auto expected = publicSeqs(b, b.size() / 2, b.size());
        QVERIFY(s.waitFor([&] { return s.eventSeqs().size() >= expected.size(); }));
        QCOMPARE(s.eventSeqs(), expected);
        for (const json &msg : s.messages)
            if (msg.contains("matchId"))
                QCOMPARE(msg["matchId"], "match-2");
    }

    void resumesFromACursorWithoutGapOrRepeat()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        const auto log = simulated(5, "match-3");
        const std::size_t third = log.size() / 3;
        feedRange(feed, log, 0, third);
        std::vector<std::uint64_t> seen;
        QString cursor;
        {
            Spectator s(feedUrl(feed));
            QVERIFY(s.waitForType("snapshot"));
            feedRange(feed, log, third, 2 * third);
            const auto expected = publicSeqs(log, third, 2 * third);
            QVERIFY(s.waitFor([&] { return s.eventSeqs().size() >= expected.size(); }));
            seen = s.eventSeqs();
            cursor = s.lastCursor();
            s.socket.close();
        }
        // Gone while the match went on.
        feedRange(feed, log, 2 * third, log.size());
        Spectator again(feedUrl(feed, QStringLiteral("cursor=") + cursor));
        const auto rest = publicSeqs(log, 2 * third, log.size());
        QVERIFY(again.waitFor([&] { return again.eventSeqs().size() >= rest.size(); }));
        QCOMPARE(again.messages.at(0)["resumed"], true);
        QCOMPARE(again.count("snapshot"), 0);
        auto all = seen;
        const auto more = again.eventSeqs();
        all.insert(all.end(), more.begin(), more.end());
        QCOMPARE(all, publicSeqs(log, third, log.size()));

        // A cursor of another run gets a fresh snapshot.
        Spectator other(feedUrl(feed, QStringLiteral("cursor=zzzz.5")));
        QVERIFY(other.waitForType("snapshot"));
        QCOMPARE(other.messages.at(0)["resumed"], false);
    }

    /// The snapshot's tally is the vote under way, on any day: each voter's
    /// current vote as the engine's own state holds it.
    void tallyIsTheVoteUnderWay()
    {
        int checked = 0;
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            const auto events = simulated(seed, "match-1");
            for (std::size_t upTo = 1; upTo <= events.size(); ++upTo) {
                const Event &last = events[upTo - 1];
                if (last.type != engine::EventType::VoteCast)
                    continue;
                FeedLog log;
                const std::vector<Event> prefix(events.begin(),
                                                events.begin() + std::ptrdiff_t(upTo));
                log.ingest("match-1", prefix, 0);
                const json tally = log.snapshot({}, log.nextN(), false, 0)["matches"][0]["tally"];
                const auto full = engine::Match::fromLog(prefix);
                QVERIFY(full);
                json expected = json::object();
                for (const engine::Player &p : full->state().players)
                    if (p.voted)
                        expected[p.playerId] = p.voteTarget && !p.voteTarget->empty()
                                                   ? json(*p.voteTarget)
                                                   : json(nullptr);
                QCOMPARE(tally["votes"].dump(), expected.dump());
                QCOMPARE(tally["day"], full->state().dayNumber);
                ++checked;
            }
        }
        QVERIFY(checked > 300);
    }

    void tooOldCursorsAndOtherRunsAreNotResumed()
    {
        FeedLog log(50);
        const auto events = simulated(3, "match-1");
        log.ingest("match-1", events, 0);
        QVERIFY(log.nextN() > 60);
        QVERIFY(!log.resumeAt(log.cursor(1)));                             // pushed out
        QCOMPARE(*log.resumeAt(log.cursor(log.nextN() - 1)), log.nextN()); // up to date
        QCOMPARE(*log.resumeAt(log.cursor(log.firstN())), log.firstN() + 1);
        QVERIFY(!log.resumeAt(QStringLiteral("other.3")));
        QVERIFY(!log.resumeAt(log.epoch() + QStringLiteral(".x")));
        QVERIFY(!log.resumeAt(log.cursor(log.nextN() + 5))); // from the future
    }

    void delayHoldsEverythingBack()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        const auto log = simulated(8, "match-4");
        const std::size_t half = log.size() / 2;
        feedRange(feed, log, 0, half);
        // Connected right after the first half: with a delay, the snapshot is
        // of before it, and the first half arrives as events a second later.
        Spectator delayed(feedUrl(feed, QStringLiteral("delay=1")));
        Spectator live(feedUrl(feed));
        QVERIFY(delayed.waitForType("snapshot"));
        QVERIFY(live.waitForType("snapshot"));
        QCOMPARE(delayed.messages.at(0)["delayMs"], 1000);
        QCOMPARE(delayed.first("snapshot")->at("matches").size(), 0u);
        QCOMPARE(live.first("snapshot")->at("matches").size(), 1u);
        QElapsedTimer since;
        since.start();
        feedRange(feed, log, half, log.size());
        const auto all = publicSeqs(log, 0, log.size());
        QVERIFY(live.waitFor([&] {
            return live.eventSeqs().size() >= all.size() - publicSeqs(log, 0, half).size();
        }));
        QVERIFY(delayed.eventSeqs().empty());
        QVERIFY(delayed.waitFor([&] { return delayed.eventSeqs().size() >= all.size(); }));
        QCOMPARE(delayed.eventSeqs(), all);
        // Nothing published after `since` can have arrived before a second had passed.
        QVERIFY2(since.elapsed() >= 900, qPrintable(QString::number(since.elapsed())));
    }

    void badRequestsAreRefusedClearly_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("says");
        QTest::newRow("delay not a number") << "delay=soon"
                                            << "delay";
        QTest::newRow("negative delay") << "delay=-3"
                                        << "delay";
        QTest::newRow("delay too long") << "delay=7200"
                                        << "delay";
        QTest::newRow("bad history") << "history=some"
                                     << "history";
        QTest::newRow("unknown match") << "match=match-99"
                                       << "match-99";
    }

    void badRequestsAreRefusedClearly()
    {
        QFETCH(QString, query);
        QFETCH(QString, says);
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        Spectator s(feedUrl(feed, query));
        QVERIFY(s.waitFor([&] { return s.closed; }));
        QCOMPARE(s.messages.size(), 1u);
        QCOMPARE(s.messages[0]["type"], "error");
        QVERIFY(QString::fromStdString(s.messages[0]["message"]).contains(says));
        QCOMPARE(int(s.socket.closeCode()), 1008);
        QCOMPARE(feed.clientCount(), 0);
    }

    void externalListenerServesOnlyTheFeed()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        QUrl other(feed.listenUrl());
        other.setPath(QStringLiteral("/mcp"));
        Spectator wrongPath(other);
        QVERIFY(wrongPath.waitFor([&] { return wrongPath.closed; }));
        QCOMPARE(wrongPath.count("hello"), 0);
        Spectator foreign(feedUrl(feed), QStringLiteral("http://evil.example"));
        QVERIFY(foreign.waitFor([&] {
            return foreign.closed || foreign.socket.error() != QAbstractSocket::UnknownSocketError;
        }));
        QVERIFY(foreign.messages.empty());
        Spectator local(feedUrl(feed), QStringLiteral("http://localhost:1234"));
        QVERIFY(local.waitForType("snapshot"));
    }

    void aThousandSpectators()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        const auto log = simulated(21, "match-1");
        feedRange(feed, log, 0, 40);
        std::vector<std::unique_ptr<Spectator>> crowd;
        for (int i = 0; i < 1000; ++i)
            crowd.push_back(std::make_unique<Spectator>(feedUrl(feed)));
        QVERIFY(QTest::qWaitFor([&] { return feed.clientCount() == 1000; }, 120000));
        feedRange(feed, log, 40, log.size());
        const auto expected = publicSeqs(log, 40, log.size());
        QVERIFY(QTest::qWaitFor(
            [&] {
                return std::all_of(crowd.begin(), crowd.end(), [&](const auto &s) {
                    return s->eventSeqs().size() >= expected.size();
                });
            },
            180000));
        for (const auto &s : crowd)
            QCOMPARE(s->eventSeqs(), expected);
    }

    void aClientThatStopsReadingIsDroppedAndHoldsUpNoOne()
    {
        SpectatorFeed feed(nullptr);
        QVERIFY(feed.listen(QHostAddress::LocalHost, 0, nullptr));
        QSignalSpy dropped(&feed, &SpectatorFeed::clientDropped);
        // A raw socket that does the handshake and then reads nothing more:
        // with a tiny read buffer Qt stops taking bytes from the kernel.
        QTcpSocket stuck;
        stuck.setReadBufferSize(256);
        const QUrl url(feed.listenUrl());
        stuck.connectToHost(QHostAddress::LocalHost, quint16(url.port()));
        QVERIFY(stuck.waitForConnected(Patience));
        stuck.write(
            "GET /spectate HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
            "Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
        QVERIFY(QTest::qWaitFor([&] { return feed.clientCount() == 1; }, Patience));
        Spectator reader(feedUrl(feed));
        QVERIFY(reader.waitForType("snapshot"));
        std::size_t sent = 0;
        for (std::uint64_t seed = 100; seed < 1100 && dropped.isEmpty(); ++seed) {
            const auto log = simulated(seed, "match-" + std::to_string(seed));
            feedRange(feed, log, 0, log.size());
            sent += publicSeqs(log, 0, log.size()).size();
            QTest::qWait(1);
        }
        QCOMPARE(dropped.size(), 1);
        QCOMPARE(feed.clientCount(), 1);
        // The reader got every event meanwhile.
        QVERIFY(reader.waitFor([&] { return reader.eventSeqs().size() >= sent; }));
        QCOMPARE(reader.eventSeqs().size(), sent);
    }

    void throughTheHostAndItsMcpPort()
    {
        HostOptions options;
        options.dbPath = QStringLiteral(":memory:");
        options.speed = 40;
        options.seed = 9;
        Host host(options);
        QString error;
        QVERIFY2(host.start(&error), qPrintable(error));
        McpService mcp(&host);
        QVERIFY2(mcp.listen(0, &error), qPrintable(error));
        QUrl url(mcp.url());
        url.setScheme(QStringLiteral("ws"));
        url.setPath(QStringLiteral("/spectate"));

        // A page of another site may not open the feed (DNS rebinding).
        Spectator evil(url, QStringLiteral("http://evil.example"));
        QVERIFY(evil.waitFor([&] {
            return evil.closed || evil.socket.error() != QAbstractSocket::UnknownSocketError;
        }));
        QVERIFY(evil.messages.empty());

        Spectator s(url, QStringLiteral("http://127.0.0.1:%1").arg(mcp.port()));
        QVERIFY(s.waitForType("snapshot"));
        host.addBots(8);
        QVERIFY(s.waitFor(
            [&] {
                for (const json &m : s.messages)
                    if (m.value("type", "") == "event" && m["event"]["type"] == "GAME_ENDED")
                        return true;
                return false;
            },
            240000));
        // What arrived is exactly the match's public events.
        const engine::Match *m
            = host.lobby().match(s.first("event")->at("matchId").get<std::string>());
        QVERIFY(m);
        const auto expected = publicSeqs(m->log(), 0, m->log().size());
        QVERIFY(s.waitFor([&] { return s.eventSeqs().size() >= expected.size(); }));
        QCOMPARE(s.eventSeqs(), expected);
    }

    /// Over 1,000 simulated matches nothing hidden reaches a message or a
    /// snapshot: no event that is not public, no wolf chat text, no host
    /// narration, no role of a living player.
    void nothingHiddenIsEverSent()
    {
        FeedLog log(1u << 22);
        std::set<std::string> publicIds;
        std::vector<std::string> secrets; // texts only hidden events carry
        std::size_t checked = 0;
        for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
            const std::string id = "match-" + std::to_string(seed);
            const auto events = simulated(seed, id);
            secrets.clear();
            for (const Event &e : events) {
                if (e.audience == engine::Audience::Public) {
                    publicIds.insert(e.eventId);
                } else if (e.payload.contains("text") && e.payload["text"].is_string()) {
                    const std::string text = e.payload["text"];
                    if (text.size() > 12)
                        secrets.push_back(text);
                }
            }
            const std::uint64_t from = log.nextN();
            for (std::size_t i = 0; i < events.size(); i += 2) {
                const std::vector<Event> batch(
                    events.begin() + std::ptrdiff_t(i),
                    events.begin() + std::ptrdiff_t(std::min(events.size(), i + 2)));
                log.ingest(id, batch, qint64(seed));
            }
            auto checkText = [&](const std::string &text) {
                for (const std::string &secret : secrets)
                    if (text.find(secret) != std::string::npos)
                        return false;
                return true;
            };
            for (std::uint64_t n = from; n < log.nextN(); ++n) {
                const std::string text = log.message(n)->text.toStdString();
                QVERIFY2(checkText(text), text.c_str());
                const json message = json::parse(text);
                if (message["type"] == "event")
                    QVERIFY2(publicIds.count(message["event"]["eventId"]), text.c_str());
                ++checked;
            }
            // Snapshots at a few points of the match, with the whole history.
            for (const std::uint64_t before :
                 {from + (log.nextN() - from) / 3, from + 2 * (log.nextN() - from) / 3}) {
                const json snapshot = log.snapshot(QString::fromStdString(id), before, true, 0);
                QVERIFY(checkText(snapshot.dump()));
                for (const json &match : snapshot["matches"]) {
                    const bool ended = match["phase"] == "ENDED";
                    for (const json &p : match["players"])
                        QVERIFY2(ended || !p["alive"].get<bool>() || p["revealedRole"].is_null(),
                                 match.dump().c_str());
                    for (const json &e : match["events"])
                        QVERIFY(publicIds.count(e["eventId"]));
                }
            }
            log.forgetEndedBefore(qint64(seed));
        }
        QVERIFY(checked > 100000);
    }
};

QTEST_GUILESS_MAIN(TestSpectatorFeed)
#include "tst_spectatorfeed.moc"
