// SPDX-License-Identifier: MIT
// Human seats (issue 31): a person's seat plays through the host's tool path;
// the stand-in plays a missed turn and keeps the seat after three in a row
// until the person acts; every document a seat is sent holds only what its
// player may know; the players' listener refuses everything but a served
// seat's page and socket, all with the same 404, and bounds what a page may send.

#include "engine/match.h"
#include "engine/projection.h"
#include "engine/rules.h"
#include "host/host.h"
#include "host/players/playersserver.h"
#include "host/seats/humanseats.h"

#include "hostcall.h"

#include <QElapsedTimer>
#include <QSet>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QWebSocket>

#include <map>
#include <set>

using namespace townhall;
using nlohmann::json;

namespace {

host::HostOptions fastHost(std::uint64_t seed, double speed = 40)
{
    host::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.speed = speed;
    o.seed = seed;
    return o;
}

json parse(const QByteArray &doc)
{
    return json::parse(doc.constBegin(), doc.constEnd(), nullptr, false);
}

/// One HTTP exchange on a fresh connection: the whole response. The server
/// lives in this thread, so the test waits with the event loop running.
QByteArray exchange(quint16 port, const QByteArray &request)
{
    QTcpSocket s;
    QByteArray all;
    QObject::connect(&s, &QTcpSocket::readyRead, &s, [&] { all += s.readAll(); });
    s.connectToHost(QHostAddress::LocalHost, port);
    QElapsedTimer t;
    t.start();
    while (s.state() != QAbstractSocket::ConnectedState && t.elapsed() < 5000)
        QTest::qWait(5);
    s.write(request);
    while (s.state() != QAbstractSocket::UnconnectedState && t.elapsed() < 5000)
        QTest::qWait(5);
    return all + s.readAll();
}

QByteArray get(quint16 port, const QByteArray &target)
{
    return exchange(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
}

} // namespace

class TestHumanSeats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void codesAreRandomAndUrlSafe()
    {
        QSet<QString> seen;
        for (int i = 0; i < 1000; ++i) {
            const QString c = host::HumanSeats::newCode();
            QCOMPARE(c.size(), 22); // 128 bits, base64url without padding
            for (QChar ch : c)
                QVERIFY(ch.isLetterOrNumber() || ch == QLatin1Char('-') || ch == QLatin1Char('_'));
            seen.insert(c);
        }
        QCOMPARE(seen.size(), 1000);
    }

    // A tournament's next match: the new seat takes the person's code, so the
    // page that holds it follows (still attached, stand-in state kept); the
    // old seat keeps no code, and a revoked code moves nowhere.
    void aCodeMovesToThePersonsNextSeat()
    {
        host::Host h(fastHost(3));
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        host::HumanSeats &seats = h.humanSeats();
        const std::string a = seats.add(QStringLiteral("Ada"), false);
        const std::string b = seats.add(QStringLiteral("Ada"), false);
        const QString code = seats.codeOf(a);
        QVERIFY(!code.isEmpty() && code != seats.codeOf(b));
        seats.attach(code, true);
        QVERIFY(seats.state(a)->connected);
        QSignalSpy docs(&seats, &host::HumanSeats::documentChanged);
        QVERIFY(seats.moveCode(a, b));
        QCOMPARE(seats.codeOf(b), code);
        QVERIFY(seats.codeOf(a).isEmpty());
        QVERIFY(seats.state(b)->connected);
        QVERIFY(!seats.state(a)->connected);
        QCOMPARE(seats.seats().size(), 1);
        QCOMPARE(seats.seats().front().code, code);
        QVERIFY(!docs.isEmpty());
        QCOMPARE(docs.last().at(0).toString(), code);
        QCOMPARE(seats.document(code), docs.last().at(1).toByteArray());
        QVERIFY(!seats.moveCode(a, b)); // a has no code any more
        const std::string c = seats.add(QStringLiteral("Ada"), false);
        seats.revoke(code);
        QVERIFY(!seats.moveCode(b, c));
        QVERIFY(!seats.codeOf(c).isEmpty());
    }

    // A person who never acts: the stand-in plays each missed turn, keeps
    // the seat after three in a row, and any action takes it back. The
    // person's own action goes the tool path into the match.
    void standInThenTakeBack()
    {
        host::Host h(fastHost(7));
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        const auto agentId = h.queueHumanSeat(QStringLiteral("Ada"));
        QVERIFY(agentId);
        host::HumanSeats &seats = h.humanSeats();
        const QString code = seats.codeOf(*agentId);
        QVERIFY(!code.isEmpty());
        std::vector<json> docs;
        connect(&seats,
                &host::HumanSeats::documentChanged,
                this,
                [&](const QString &c, const QByteArray &d) {
                    if (c == code)
                        docs.push_back(parse(d));
                });
        h.addBots(engine::SeatCount - 1);
        auto st = seats.state(*agentId);
        QTRY_VERIFY_WITH_TIMEOUT(!st->matchId.empty(), 5000);
        // The first missed turn is the stand-in's, and only that turn.
        QTRY_VERIFY_WITH_TIMEOUT(st->standInTurns >= 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(st->standIn, 60000);
        QCOMPARE(st->missedInARow, 3);
        const json &last = docs.back();
        QVERIFY(last["seat"]["standIn"] == json(true));
        QVERIFY(last["seat"]["standInTurns"].get<int>() >= 3);
        // Said as the model seats' stand-ins say it.
        int standInNotes = 0, handOvers = 0;
        for (const host::PilotNote &n : st->log->notes) {
            standInNotes += n.kind == host::PilotNote::Kind::StandIn;
            handOvers += n.kind == host::PilotNote::Kind::HandOver;
            // Keeping quiet in the discussion is the person's right, not a missed turn.
            QVERIFY2(n.phase != engine::Phase::DayDiscussion, qPrintable(n.text));
        }
        QVERIFY(standInNotes >= 3);
        QCOMPARE(handOvers, 1);
        const auto listed = h.modelSeats(st->matchId);
        QVERIFY(std::any_of(listed.begin(), listed.end(), [&](const host::ModelSeatInfo &s) {
            return s.agentId == *agentId && s.log && !s.log->notes.empty();
        }));

        // Any action takes the seat back at once; a speech in the discussion
        // reaches the match through the tool path, answered ok.
        const engine::Match *m = h.lobby().match(st->matchId);
        QVERIFY(m);
        QTRY_VERIFY_WITH_TIMEOUT(m->ended()
                                     || (m->state().phase == engine::Phase::DayDiscussion
                                         && m->player(st->playerId)->alive),
                                 60000);
        if (m->ended())
            QSKIP("the seat died before a discussion it could speak in (seed)");
        seats.act(
            code,
            R"({"id":"take-back-1","tool":"match.say_public","arguments":{"text":"I am back.","kind":"DISCUSSION"}})");
        QVERIFY(!st->standIn);
        QCOMPARE(st->missedInARow, 0);
        QTRY_VERIFY_WITH_TIMEOUT(st->answer.is_object(), 10000);
        QVERIFY(st->answer.value("id", "") == "take-back-1");
        QCOMPARE(st->answer.value("ok", false), true);
        QVERIFY(std::any_of(m->log().begin(), m->log().end(), [&](const engine::Event &e) {
            return e.type == engine::EventType::PublicMessage
                   && e.payload.value("playerId", "") == st->playerId
                   && e.payload.value("text", "") == "I am back.";
        }));
        // An unknown tool is refused in the answer, and sends nothing.
        const auto before = m->log().size();
        seats.act(code, R"({"id":"x1","tool":"queue.join","arguments":{}})");
        QVERIFY(st->answer["error"]["code"] == json("UNKNOWN_TOOL"));
        seats.act(code, R"({"id":"x2","tool":"match.get_state","arguments":{}})");
        QVERIFY(st->answer["error"]["code"] == json("UNKNOWN_TOOL"));
        seats.act(code, QByteArray(host::HumanSeats::MaxActionBytes + 1, ' '));
        QVERIFY(st->answer["error"]["code"] == json("INVALID_ARGUMENT"));
        QVERIFY(m->log().size() >= before);
    }

    // A restart: a person seated in a resumed match has no link any more, so
    // the stand-in plays the seat to the end; one waiting in the queue leaves
    // it, said in the host's notices; a new seat never takes the id of one
    // that plays on.
    void aRestartLeavesNoSeatWaitingForNobody()
    {
        QTemporaryDir dir;
        host::HostOptions o = fastHost(5);
        o.dbPath = dir.filePath(QStringLiteral("people.sqlite"));
        std::string seated, waiting, matchId;
        {
            host::Host h(o);
            QString error;
            QVERIFY2(h.start(&error), qPrintable(error));
            const auto ada = h.queueHumanSeat(QStringLiteral("Ada"));
            QVERIFY(ada);
            seated = *ada;
            h.addBots(engine::SeatCount - 1);
            const auto state = h.humanSeats().state(seated);
            QTRY_VERIFY_WITH_TIMEOUT(!state->matchId.empty(), 5000);
            matchId = state->matchId;
            const auto bo = h.queueHumanSeat(QStringLiteral("Bo"));
            QVERIFY(bo);
            waiting = *bo;
            QTRY_VERIFY_WITH_TIMEOUT(
                h.lobby().match(matchId)->state().phase == engine::Phase::Night, 20000);
        }
        host::Host h(o);
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        const engine::Match *m = h.lobby().match(matchId);
        QVERIFY(m);
        QVERIFY(m->playerByAgent(seated));
        const auto queue = h.lobby().queue(engine::DefaultQueueId);
        QVERIFY(std::none_of(queue.begin(), queue.end(), [&](const engine::QueueEntry &e) {
            return e.agentId == waiting;
        }));
        const QString notices = h.notices().join(QLatin1Char('\n'));
        QVERIFY2(notices.contains(QStringLiteral("Bo's seat left the queue")), qPrintable(notices));
        // Numbered after both, though neither has a code in this host.
        const auto again = h.queueHumanSeat(QStringLiteral("Ada"));
        QVERIFY(again);
        QVERIFY(*again != seated && *again != waiting);
        QVERIFY(h.humanSeats().codeOf(seated).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(m->ended(), 60000); // the stand-in kept Ada's seat
    }

    // Every document of a whole seeded match, for three people at a
    // witch-hunter table, against the true roles: nobody's document ever
    // names the role of a living player it may not know, a wolf's chat for
    // a non-wolf, or a night action or fact that is another's.
    void documentsHoldOnlyWhatTheSeatMayKnow()
    {
        host::HostOptions o = fastHost(11);
        o.rules = *engine::rulePreset("witch-hunter-9");
        host::Host h(o);
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        host::HumanSeats &seats = h.humanSeats();
        std::map<QString, std::vector<json>> docs; // code → every document sent
        connect(&seats,
                &host::HumanSeats::documentChanged,
                this,
                [&](const QString &c, const QByteArray &d) { docs[c].push_back(parse(d)); });
        std::vector<std::string> agents;
        for (const char *name : {"Ada", "Bo", "Cy"})
            agents.push_back(*h.queueHumanSeat(QString::fromLatin1(name)));
        std::map<std::string, QString> codes;
        for (const std::string &a : agents)
            codes[a] = seats.codeOf(a);
        QString ended;
        connect(&h, &host::Host::matchEnded, this, [&](const QString &id, const QString &) {
            ended = id;
        });
        // A wolf's chat with a marker no one else may ever read.
        const std::string marker = "SECRET-PACK-PLAN-4711";
        bool chatted = false;
        connect(&h, &host::Host::matchStateChanged, this, [&](const QString &id) {
            const engine::Match *m = h.lobby().match(id.toStdString());
            if (chatted || !m || m->state().phase != engine::Phase::Night)
                return;
            for (const engine::Player &p : m->state().players)
                if (p.role == engine::Role::Werewolf && p.alive) {
                    chatted = true;
                    QTimer::singleShot(
                        0,
                        this,
                        [&h, agent = p.agentId, name = p.displayName, id = m->matchId(), marker] {
                            (void)test::callTool(
                                h,
                                host::Caller{agent, name, {}},
                                std::string(engine::toolName(engine::Tool::WolfChat)),
                                json{{"matchId", id}, {"text", marker}});
                        });
                    return;
                }
        });
        h.addBots(6);
        QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 240000);
        QVERIFY(chatted);
        const engine::Match *m = h.lobby().match(ended.toStdString());
        QVERIFY(m);
        std::set<std::string> wolves;
        for (const engine::Player &p : m->state().players)
            if (p.role == engine::Role::Werewolf)
                wolves.insert(p.playerId);
        bool markerSeen = false;
        int checked = 0;
        for (const std::string &a : agents) {
            const engine::Player *me = m->playerByAgent(a);
            QVERIFY(me);
            const bool wolf = me->role == engine::Role::Werewolf;
            QVERIFY(docs[codes[a]].size() > 10);
            for (const json &d : docs[codes[a]]) {
                ++checked;
                const std::string text = d.dump();
                if (text.find(marker) != std::string::npos) {
                    QVERIFY2(wolf, "a wolf's chat reached a non-wolf's page");
                    markerSeen = true;
                }
                const json &st = d["state"];
                if (!st.is_object())
                    continue;
                const bool over = st["phase"] == "ENDED";
                QVERIFY(st["you"]["role"] == json(engine::toString(me->role)));
                for (const json &p : st["players"]) {
                    const std::string id = p["playerId"];
                    if (p["revealedRole"].is_null() || id == me->playerId)
                        continue;
                    // Revealed: only the dead's or at the end, and then truly.
                    QVERIFY2(over || !p["alive"].get<bool>(), text.c_str());
                    QVERIFY(p["revealedRole"] == json(engine::toString(m->player(id)->role)));
                }
                const json &known = st["you"]["knownWolves"];
                if (!wolf)
                    QVERIFY(known.empty());
                else
                    for (const json &w : known)
                        QVERIFY(wolves.count(w.get<std::string>()));
                if (me->role != engine::Role::Seer)
                    QVERIFY(st["you"]["seerHistory"].empty());
                if (me->role != engine::Role::Witch)
                    QVERIFY(!st["you"].contains("potions"));
                for (const json &e : d["events"]) {
                    QVERIFY(e["type"] != "WOLF_CHAT_MESSAGE" || wolf);
                    // Night actions are never events a page reads.
                    for (const char *t : {"WOLF_KILL_SELECTED",
                                          "SEER_INSPECTED",
                                          "DOCTOR_PROTECTED",
                                          "WITCH_ACTED",
                                          "WITCH_INFORMED",
                                          "ROLES_ASSIGNED",
                                          "NIGHT_RESOLVED",
                                          "WOLVES_DECIDED",
                                          "ROLE_CARD"})
                        QVERIFY(e["type"] != t);
                }
            }
        }
        QVERIFY(checked > 30);
        // The check can fail: a wolf among the three read the marker; if no
        // wolf sat there, no page did.
        const bool wolfSeat = std::any_of(agents.begin(), agents.end(), [&](const std::string &a) {
            return m->playerByAgent(a)->role == engine::Role::Werewolf;
        });
        QCOMPARE(markerSeen, wolfSeat);
    }

    // The players' listener: a served seat's page and socket, and for
    // everything else one and the same 404.
    void listenerRefusesAllButTheSeat()
    {
        host::Host h(fastHost(3));
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        host::PlayersServer server(h.humanSeats());
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const quint16 port = server.port();
        QVERIFY(port > 0);
        const auto ada = h.queueHumanSeat(QStringLiteral("Ada"));
        const auto me = h.queueHumanSeat(QStringLiteral("Me"), true);
        const auto bo = h.queueHumanSeat(QStringLiteral("Bo"));
        const QByteArray code = h.humanSeats().codeOf(*ada).toLatin1();
        const QByteArray local = h.humanSeats().codeOf(*me).toLatin1();
        const QByteArray revoked = h.humanSeats().codeOf(*bo).toLatin1();
        h.humanSeats().revoke(QString::fromLatin1(revoked));
        QVERIFY(server.joinUrl(QString::fromLatin1(code))
                    .endsWith(QStringLiteral("/play/") + QString::fromLatin1(code)));

        const QByteArray page = get(port, "/play/" + code);
        QVERIFY2(page.startsWith("HTTP/1.1 200 OK\r\n"), page.left(200).constData());
        QVERIFY(page.contains("Content-Type: text/html"));
        QVERIFY(page.contains("Referrer-Policy: no-referrer"));
        QVERIFY(page.contains("<html"));

        const QByteArray notFound = get(port, "/nowhere");
        QVERIFY(notFound.startsWith("HTTP/1.1 404 Not Found\r\n"));
        QVERIFY(notFound.endsWith(host::PlayersServer::NotFoundBody));
        QString wrong = QString::fromLatin1(code);
        wrong[0] = wrong[0] == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        const QList<QByteArray> targets{QByteArray("/play/") + wrong.toLatin1(),
                                        QByteArray("/play/") + revoked,
                                        QByteArray("/play/") + local,
                                        QByteArray("/play/") + local + "/ws",
                                        QByteArray("/play/") + code + "?x=1",
                                        QByteArray("/play/") + code + "/",
                                        QByteArray("/play/"),
                                        QByteArray("/play"),
                                        QByteArray("/"),
                                        QByteArray("/mcp"),
                                        QByteArray("/sse"),
                                        QByteArray("/messages?sessionId=1"),
                                        QByteArray("/spectate"),
                                        QByteArray("/spectate?omniscient=1"),
                                        QByteArray("/overlay/phase.html"),
                                        QByteArray("/play/" + code + "/ws")}; // no Upgrade
        for (const QByteArray &target : targets)
            QCOMPARE(get(port, target), notFound);
        QCOMPARE(exchange(port, "POST /play/" + code + " HTTP/1.1\r\nContent-Length: 0\r\n\r\n"),
                 notFound);
        QCOMPARE(exchange(port, "GET /mcp HTTP/1.1\r\nUpgrade: websocket\r\n\r\n"), notFound);
        // A head past its bound is refused before it ends.
        const QByteArray big = exchange(
            port,
            "GET /play/" + code + " HTTP/1.1\r\nX-Pad: " + QByteArray(9000, 'a') + "\r\n\r\n");
        QVERIFY2(big.startsWith("HTTP/1.1 431"), big.left(100).constData());

        // The socket: the document at once; a new page for the code replaces the old one.
        const QUrl wsUrl(QStringLiteral("ws://127.0.0.1:%1/play/%2/ws")
                             .arg(port)
                             .arg(QString::fromLatin1(code)));
        QWebSocket first;
        QList<QString> firstGot;
        connect(&first, &QWebSocket::textMessageReceived, this, [&](const QString &t) {
            firstGot << t;
        });
        first.open(wsUrl);
        QTRY_VERIFY_WITH_TIMEOUT(!firstGot.isEmpty(), 5000);
        const json d = parse(firstGot.front().toUtf8());
        QVERIFY(d["v"] == json(1));
        QVERIFY(d["name"] == json("Ada"));
        QVERIFY(d["state"].is_null()); // still in the queue
        QTRY_VERIFY_WITH_TIMEOUT(h.humanSeats().state(*ada)->connected, 5000);
        QWebSocket second;
        QList<QString> secondGot;
        connect(&second, &QWebSocket::textMessageReceived, this, [&](const QString &t) {
            secondGot << t;
        });
        second.open(wsUrl);
        QTRY_VERIFY_WITH_TIMEOUT(!secondGot.isEmpty(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(first.state(), QAbstractSocket::UnconnectedState, 5000);
        QCOMPARE(server.connectionCount(), 1);
        QVERIFY(h.humanSeats().state(*ada)->connected);
        // An action before the match: answered in the document.
        second.sendTextMessage(
            QStringLiteral(R"({"id":"a1","tool":"match.ready","arguments":{}})"));
        QTRY_VERIFY_WITH_TIMEOUT(
            secondGot.size() >= 2 && parse(secondGot.back().toUtf8())["answer"].is_object(), 5000);
        QVERIFY(parse(secondGot.back().toUtf8())["answer"]["error"]["code"]
                == json("NOT_IN_MATCH"));
        // A frame past 16 KiB closes the socket (1009).
        second.sendTextMessage(QString(20 * 1024, QLatin1Char('x')));
        QTRY_COMPARE_WITH_TIMEOUT(second.state(), QAbstractSocket::UnconnectedState, 5000);
        QCOMPARE(second.closeCode(), QWebSocketProtocol::CloseCodeTooMuchData);
        QTRY_VERIFY_WITH_TIMEOUT(!h.humanSeats().state(*ada)->connected, 5000);
        // A flood of actions closes it (1008).
        QWebSocket third;
        bool opened = false;
        connect(&third, &QWebSocket::connected, this, [&] { opened = true; });
        third.open(wsUrl);
        QTRY_VERIFY_WITH_TIMEOUT(opened, 5000);
        for (int i = 0; i < 30; ++i)
            third.sendTextMessage(QStringLiteral(R"({"id":"f%1","tool":"match.ready"})").arg(i));
        QTRY_COMPARE_WITH_TIMEOUT(third.state(), QAbstractSocket::UnconnectedState, 5000);
        QCOMPARE(third.closeCode(), QWebSocketProtocol::CloseCodePolicyViolated);
        // A wrong code's socket never opens.
        QWebSocket wrongSocket;
        wrongSocket.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/play/%2/ws").arg(port).arg(wrong)));
        QTest::qWait(300);
        QVERIFY(wrongSocket.state() != QAbstractSocket::ConnectedState);
        // Revoking a code ends its page.
        QWebSocket fourth;
        opened = false;
        connect(&fourth, &QWebSocket::connected, this, [&] { opened = true; });
        fourth.open(wsUrl);
        QTRY_VERIFY_WITH_TIMEOUT(opened, 5000);
        h.humanSeats().revoke(QString::fromLatin1(code));
        QTRY_COMPARE_WITH_TIMEOUT(fourth.state(), QAbstractSocket::UnconnectedState, 5000);
        QCOMPARE(get(port, "/play/" + code), notFound);
    }
};

QTEST_MAIN(TestHumanSeats)
#include "tst_humanseats.moc"
