// SPDX-License-Identifier: MIT
// Push agents (seed 002): Town Hall calls them. A scripted JSON-RPC server on
// loopback plays every seat; the tests check which calls each seat got, that
// no payload told a player what it may not know, and what a silent, garbled
// or failing agent comes to.

#include "engine/match.h"
#include "engine/rules.h"
#include "engine/toolcalls.h"
#include "host/host.h"
#include "host/mcpservice.h"
#include "host/seats/pushseat.h"

#include "hostilepeers.h"
#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <set>

using namespace townhall;
using nlohmann::json;

namespace {

/// One request the server received.
struct Call
{
    int seat = 0;
    std::string method;
    json params;
    QByteArray authorization;
    bool alive = false; ///< the seat's player, when the call came
    engine::Phase phase = engine::Phase::Lobby;
    std::set<int> dead; ///< seats dead when the call came
};

/// A JSON-RPC push agent for every seat (path /seat/N). `respond` answers a
/// request (the whole HTTP body), or returns nothing to never answer.
class PushServer
{
public:
    using Respond = std::function<std::optional<QByteArray>(int seat, const json &request)>;
    std::function<void(Call &)> stamp; ///< adds what the match was when the call came
    std::vector<Call> calls;

    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QUrl url(int seat) const
    {
        return QUrl(
            QStringLiteral("http://127.0.0.1:%1/seat/%2").arg(m_server.serverPort()).arg(seat));
    }
    void setRespond(Respond r) { m_respond = std::move(r); }

    PushServer()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s, buffer] {
                    buffer->append(s->readAll());
                    const qsizetype end = buffer->indexOf("\r\n\r\n");
                    if (end < 0)
                        return;
                    const QByteArray head = buffer->left(end);
                    qsizetype length = 0;
                    QByteArray auth;
                    for (const QByteArray &line : head.split('\n')) {
                        const QByteArray l = line.trimmed();
                        if (l.toLower().startsWith("content-length:"))
                            length = l.mid(15).trimmed().toLongLong();
                        if (l.toLower().startsWith("authorization:"))
                            auth = l.mid(14).trimmed();
                    }
                    if (buffer->size() < end + 4 + length)
                        return;
                    const QByteArray body = buffer->mid(end + 4, length);
                    buffer->remove(0, end + 4 + length);
                    const QByteArray path = head.split(' ').value(1);
                    const int seat = path.mid(path.lastIndexOf('/') + 1).toInt();
                    const json request = json::parse(body.toStdString(), nullptr, false);
                    Call c{seat,
                           request.value("method", ""),
                           request.value("params", json()),
                           auth,
                           false,
                           engine::Phase::Lobby,
                           {}};
                    if (stamp)
                        stamp(c);
                    calls.push_back(c);
                    const auto answer = m_respond(seat, request);
                    if (!answer)
                        return; // never answers
                    s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                             + QByteArray::number(answer->size()) + "\r\n\r\n" + *answer);
                });
            }
        });
    }

private:
    QTcpServer m_server;
    Respond m_respond;
};

QByteArray result(const json &request, const json &r)
{
    return QByteArray::fromStdString(
        json{{"jsonrpc", "2.0"}, {"id", request["id"]}, {"result", r}}.dump());
}

/// Simple legal play from the payload alone.
json play(int seat, const std::string &method, const json &p)
{
    const auto others = [&](const json &players, bool skipWolves) {
        std::vector<int> out;
        for (const json &pl : players)
            if (pl["player_id"] != seat && !(skipWolves && pl.value("role", "") == "werewolf"))
                out.push_back(pl["player_id"].get<int>());
        return out;
    };
    if (method == "werewolf_action") {
        // The highest seat: seat 1, the one the fault tests break, lives longer.
        auto t = others(p["alive_players"], true);
        return {{"action", "kill"}, {"target_id", t.empty() ? json() : json(t.back())}};
    }
    if (method == "seer_action") {
        auto t = others(p["alive_players"], false);
        return {{"action", "check"}, {"target_id", t.empty() ? json() : json(t.back())}};
    }
    if (method == "witch_action") {
        if (!p["killed_player_id"].is_null() && p["antidote_available"] == true)
            return {{"action", "save"}, {"target_id", p["killed_player_id"]}};
        return {{"action", "abstain"}};
    }
    if (method == "hunter_action") {
        auto t = others(p["alive_players"], false);
        return {{"action", "shoot"}, {"target_id", t.empty() ? json() : json(t.front())}};
    }
    if (method == "discuss")
        return {{"speech", "I am seat " + std::to_string(seat) + " and I watch seat 1 closely."}};
    if (method == "defend")
        return {{"defense", "I am a plain villager."}};
    if (method == "vote") {
        for (const json &c : p["candidates"])
            if (c != seat)
                return {{"vote_target", c}};
        return {{"vote_target", nullptr}};
    }
    return {{"status", "success"}};
}

QByteArray playing(int seat, const json &request)
{
    return result(request,
                  play(seat, request.value("method", ""), request.value("params", json())));
}

/// A match of push seats driven straight on an engine::Match by the engine's
/// seat loop (as the host drives them), on a virtual clock that jumps to the
/// next deadline whenever no push seat is busy. The host's lobby seats eight
/// today, so the nine-seat rule sets are played here.
struct Table
{
    PushServer server;
    std::optional<engine::Match> match;
    engine::TimeMs now = 1'000'000;
    engine::SeatLoop loop;
    std::vector<host::PushSeat *> seats; ///< owned by the loop
    std::map<int, QUrl> urls;            ///< seats played by another agent
    std::map<int, int> deadlines;

    bool start(const std::string &preset, std::uint64_t seed)
    {
        if (!server.listen())
            return false;
        engine::MatchConfig config;
        config.rules = *engine::rulePreset(preset);
        config.narrator = false;
        // On a virtual clock the opening's last speech and the discussion's
        // first come at the same instant; the chat limit is not under test.
        config.rateLimits = false;
        std::vector<engine::SeatAssignment> assign;
        for (int i = 1; i <= config.rules.seatCount(); ++i)
            assign.push_back({"push:" + std::to_string(i), "Seat " + std::to_string(i)});
        match = engine::Match::create("m1", "b1", 1, seed, assign, config, now);
        server.stamp = [this](Call &c) {
            const engine::Player *p = match->player("p:" + std::to_string(c.seat));
            c.alive = p && p->alive;
            c.phase = match->state().phase;
            for (const engine::Player &o : match->state().players)
                if (!o.alive)
                    c.dead.insert(o.seat);
        };
        for (const engine::Player &p : match->state().players) {
            host::PushSeatOptions o;
            o.matchId = "m1";
            o.playerId = p.playerId;
            o.endpoint.url = urls.count(p.seat) ? urls[p.seat] : server.url(p.seat);
            o.endpoint.token = QStringLiteral("tok-%1").arg(p.seat);
            o.endpoint.deadlineMs = deadlines.count(p.seat) ? deadlines[p.seat] : 5000;
            o.rules = config.rules;
            o.seed = std::uint64_t(p.seat);
            auto seat = std::make_unique<host::PushSeat>(std::move(o));
            const std::string pid = p.playerId;
            seat->setWakeUp([this, pid] { loop.wake(pid, now); });
            seats.push_back(seat.get());
            loop.seat(pid, std::move(seat));
        }
        return true;
    }

    struct ToolCallRecord
    {
        std::string playerId;
        engine::ToolCall call;
        bool ok = false;
    };
    std::vector<ToolCallRecord> toolCalls;

    /// A seat's call, answered at once by the match.
    engine::SeatLoop::Sent send(const std::string &pid, const engine::ToolCall &call)
    {
        const auto cmd = engine::toCommand(call, pid);
        const auto r = cmd ? match->submit(*cmd, now)
                           : engine::Expected<std::size_t>(
                               engine::makeError(engine::ErrorCode::InvalidArgument, "bad call"));
        toolCalls.push_back({pid, call, bool(r)});
        engine::SeatLoop::Sent sent;
        sent.ok = bool(r);
        if (!r)
            sent.error = r.error().code;
        sent.body = r ? json::object() : json{{"error", {{"message", r.error().message}}}};
        return sent;
    }

    void updateAll()
    {
        loop.pass(*match, now, [this](const std::string &pid, const engine::ToolCall &call, auto) {
            return send(pid, call);
        });
        loop.end(*match, now);
    }
    bool busy() const
    {
        return std::any_of(seats.begin(), seats.end(), [](const auto *s) { return s->busy(); });
    }
    bool finished() const
    {
        return std::all_of(seats.begin(), seats.end(), [](const auto *s) { return s->finished(); });
    }

    /// Plays until every seat heard game_over, or `limitMs` of real time.
    bool play(qint64 limitMs = 60'000)
    {
        QElapsedTimer t;
        t.start();
        updateAll();
        while (!finished() && t.elapsed() < limitMs) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            updateAll();
            if (busy() || match->ended())
                continue;
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            if (busy())
                continue;
            const auto next = match->nextDeadline();
            if (!next)
                continue;
            now = std::max(now, *next);
            match->tick(now);
        }
        if (!finished()) {
            // Where it got stuck, for whoever reads the failure.
            QString seatsState;
            for (const auto &s : seats)
                seatsState += QStringLiteral(" %1:%2%3")
                                  .arg(QString::fromStdString(s->playerId()),
                                       s->busy() ? QStringLiteral("busy") : QStringLiteral("idle"),
                                       s->finished() ? QStringLiteral("/done") : QString());
            qWarning("stuck in %s day %d after %zu calls, %zu tool calls;%s",
                     std::string(engine::toString(match->state().phase)).c_str(),
                     match->state().dayNumber,
                     server.calls.size(),
                     toolCalls.size(),
                     qPrintable(seatsState));
        }
        return finished();
    }

    const engine::Player &player(int seat) const
    {
        return *match->player("p:" + std::to_string(seat));
    }
    /// Votes cast by a seat: (target or "" for an abstention).
    std::vector<std::string> votesOf(int seat) const
    {
        std::vector<std::string> out;
        for (const engine::Event &e : match->log())
            if (e.type == engine::EventType::VoteCast
                && e.payload.value("voterPlayerId", "") == "p:" + std::to_string(seat))
                out.push_back(e.payload["targetPlayerId"].is_string()
                                  ? e.payload["targetPlayerId"].get<std::string>()
                                  : "");
        return out;
    }
};

/// Every object of `j` that names a player and a role.
void rolesIn(const json &j, std::vector<std::pair<int, std::string>> &out)
{
    if (j.is_object()) {
        if (j.contains("player_id") && j.contains("role") && j["player_id"].is_number_integer())
            out.emplace_back(j["player_id"].get<int>(), j["role"].get<std::string>());
        for (const auto &[k, v] : j.items())
            rolesIn(v, out);
    } else if (j.is_array()) {
        for (const json &v : j)
            rolesIn(v, out);
    }
}

const std::set<std::string> PublicHistory{"PHASE_CHANGED",
                                          "PUBLIC_MESSAGE",
                                          "VOTE_CAST",
                                          "NIGHT_RESULT",
                                          "PLAYER_ELIMINATED",
                                          "VOTE_RESULT",
                                          "HUNTER_SHOT",
                                          "GAME_ENDED",
                                          "ROLES_REVEALED",
                                          "TURN_MISSED"};

} // namespace

class TestPushSeat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void endpointValidation()
    {
        host::PushEndpoint ep{QUrl(QStringLiteral("http://127.0.0.1:9/")), {}, 8000};
        QVERIFY(ep.validate().isEmpty());
        ep.url = QUrl(QStringLiteral("ftp://x/"));
        QVERIFY(!ep.validate().isEmpty());
        ep.url = QUrl(QStringLiteral("https://agent.example/rpc"));
        ep.deadlineMs = 999;
        QVERIFY(!ep.validate().isEmpty());
        ep.deadlineMs = 60001;
        QVERIFY(!ep.validate().isEmpty());
        ep.deadlineMs = 60000;
        QVERIFY(ep.validate().isEmpty());
        QCOMPARE(host::PushSeat::seatOf("p:12"), 12);
        QCOMPARE(host::PushSeat::seatOf("x:1"), -1);
    }

    // (a) Nine push seats play seed002-9 to the end; each got exactly the calls
    // seed 002 §6 describes, and nothing its player may not know.
    void nineSeatsPlaySeed002_9_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 s : {3ull, 7ull, 21ull})
            QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void nineSeatsPlaySeed002_9()
    {
        QFETCH(quint64, seed);
        Table t;
        t.server.setRespond([](int seat, const json &r) { return playing(seat, r); });
        QVERIFY(t.start("seed002-9", seed));
        QVERIFY(t.play());
        QVERIFY(t.match->ended());
        const bool revealOnDeath = t.match->state().config.rules.revealRoleOnDeath;

        bool sawWitch = false, sawVote = false;
        for (int seat = 1; seat <= 9; ++seat) {
            const engine::Player &me = t.player(seat);
            std::vector<const Call *> mine;
            for (const Call &c : t.server.calls)
                if (c.seat == seat)
                    mine.push_back(&c);
            QVERIFY(mine.size() >= 2);
            QCOMPARE(mine.front()->method, std::string("initialize"));
            QCOMPARE(mine.back()->method, std::string("game_over"));
            const bool wolf = me.role == engine::Role::Werewolf;
            int inits = 0, overs = 0;
            for (const Call *c : mine) {
                QCOMPARE(c->authorization, QByteArray("Bearer tok-") + QByteArray::number(seat));
                inits += c->method == "initialize";
                overs += c->method == "game_over";
                const std::string &m = c->method;
                if (m == "werewolf_action")
                    QVERIFY(wolf && c->alive);
                if (m == "seer_action")
                    QVERIFY(me.role == engine::Role::Seer && c->alive);
                if (m == "witch_action") {
                    QVERIFY(me.role == engine::Role::Witch && c->alive);
                    QVERIFY(c->phase == engine::Phase::NightWitch);
                    sawWitch = true;
                }
                if (m == "hunter_action")
                    QVERIFY(me.role == engine::Role::Hunter && !c->alive
                            && c->phase == engine::Phase::HunterShot);
                if (m == "vote") {
                    QVERIFY(c->alive);
                    QVERIFY(c->phase == engine::Phase::DayVote
                            || c->phase == engine::Phase::DayPkVote);
                    QCOMPARE(
                        c->params["vote_type"].get<std::string>(),
                        std::string(c->phase == engine::Phase::DayPkVote ? "pk" : "elimination"));
                    sawVote = true;
                }
                if (m == "defend")
                    QVERIFY(c->alive && c->phase == engine::Phase::DayPkDefense);
                if (m == "discuss")
                    QVERIFY(c->alive
                            && (c->phase == engine::Phase::DayOpening
                                || c->phase == engine::Phase::DayDiscussion));
                // What only some may know.
                if (c->params.contains("teammates"))
                    QVERIFY2(wolf, m.c_str());
                if (c->params.contains("killed_player_id"))
                    QCOMPARE(m, std::string("witch_action"));
                if (c->params.contains("previous_checks"))
                    QCOMPARE(m, std::string("seer_action"));
                // Whose request it is, for an agent that plays several seats on one URL.
                if (m != "initialize") {
                    const json state
                        = c->params.value(m == "game_over" ? "final_state" : "game_state", json());
                    QVERIFY2(state.value("player_id", json()) == json(seat), m.c_str());
                }
                if (m == "game_over")
                    continue; // every role is revealed at the end
                std::vector<std::pair<int, std::string>> roles;
                rolesIn(c->params, roles);
                for (const auto &[other, role] : roles) {
                    if (other == seat)
                        continue;
                    const engine::Player &o = t.player(other);
                    // A teammate's role for a wolf; a dead player's when the rules reveal it.
                    const bool known = (wolf && o.role == engine::Role::Werewolf)
                                       || (revealOnDeath && c->dead.count(other));
                    QVERIFY2(known,
                             qPrintable(QStringLiteral("seat %1 read seat %2's role in %3")
                                            .arg(seat)
                                            .arg(other)
                                            .arg(QString::fromStdString(m))));
                    QCOMPARE(role,
                             std::string(o.role == engine::Role::Werewolf ? "werewolf" : role));
                }
                for (const json &e :
                     c->params.value("game_state", json::object()).value("history", json::array()))
                    QVERIFY2(PublicHistory.count(e["event_type"].get<std::string>()),
                             e.dump().c_str());
            }
            QCOMPARE(inits, 1);
            QCOMPARE(overs, 1);
        }
        QVERIFY(sawVote);
        QVERIFY(sawWitch); // the scripted wolves kill the highest seat: the witch always has a
                           // first night
        // The answers reached the match: every ok tool call is in the log.
        QVERIFY(std::count_if(
                    t.toolCalls.begin(), t.toolCalls.end(), [](const auto &r) { return r.ok; })
                > 9);
    }

    // hunter_action.voted_by names the voters of the vote that put the
    // hunter out: a scripted tie sends him to a PK, whose revote he loses;
    // the first round's votes against him do not count, nor count twice.
    void hunterVotedOutInPkNamesThatVotesVoters()
    {
        Table t;
        int hunter = 0, rival = 0;
        std::vector<int> others; // everyone else alive at the first vote, in seat order
        std::set<int> pkVoters;  // those who vote him out in the revote
        bool shot = false;
        json hunterParams;
        t.server.setRespond([&](int seat, const json &r) -> std::optional<QByteArray> {
            const std::string method = r.value("method", "");
            if (method == "hunter_action") {
                hunterParams = r["params"];
                shot = true;
            }
            if (shot || method != "vote")
                return playing(seat, r);
            if (hunter == 0) {
                for (const engine::Player &p : t.match->state().players)
                    if (p.role == engine::Role::Hunter)
                        hunter = p.seat;
                for (const engine::Player &p : t.match->state().players)
                    if (p.alive && p.seat != hunter && rival == 0)
                        rival = p.seat;
                    else if (p.alive && p.seat != hunter)
                        others.push_back(p.seat);
            }
            const std::size_t half = others.size() / 2;
            const auto index
                = std::size_t(std::find(others.begin(), others.end(), seat) - others.begin());
            json target;
            if (r["params"]["vote_type"] == "elimination") {
                // A tie between the hunter and his rival (an odd one out abstains).
                if (seat == rival || index < half)
                    target = hunter;
                else if (seat == hunter || index < 2 * half)
                    target = rival;
            } else {
                // The revote: the first of his first-round voters and all of
                // his rival's put him out.
                target = index == 0 || index >= half ? hunter : rival;
                if (target == json(hunter))
                    pkVoters.insert(seat);
            }
            return result(r, {{"vote_target", target}});
        });
        QVERIFY(t.start("seed002-9", 3));
        QVERIFY(t.play());
        QVERIFY2(shot, "the hunter was never asked to shoot");
        QVERIFY(others.size() >= 4);
        QCOMPARE(hunterParams["cause"].get<std::string>(), std::string("vote"));
        // He went out in the revote of day 1.
        bool pk = false;
        for (const engine::Event &e : t.match->log())
            if (e.type == engine::EventType::VoteResult && e.payload.value("pkRound", 0) == 1)
                pk = e.payload.value("eliminatedPlayerId", json())
                     == json("p:" + std::to_string(hunter));
        QVERIFY(pk);
        json expected = json::array();
        for (int s : pkVoters)
            expected.push_back(s);
        QCOMPARE(QString::fromStdString(hunterParams["voted_by"].dump()),
                 QString::fromStdString(expected.dump()));
        QVERIFY(hunterParams["killed_by"].is_null());
    }

    // (b) An agent that never answers: every call times out, the match ends.
    void silentAgent()
    {
        Table t;
        t.deadlines[1] = 1000;
        t.server.setRespond([](int seat, const json &r) -> std::optional<QByteArray> {
            if (seat == 1)
                return std::nullopt;
            return playing(seat, r);
        });
        QVERIFY(t.start("seed002-9", 5));
        QVERIFY(t.play(180'000));
        const host::PushStats &st = t.seats[0]->stats();
        QVERIFY(st.timeouts >= 2);
        QCOMPARE(st.timeouts, st.calls);
        QCOMPARE(st.answered, 0);
        for (const std::string &v : t.votesOf(1))
            QCOMPARE(v, std::string()); // a timed-out vote abstains
    }

    // (c) Garbage: not JSON, the wrong id, wrong types.
    void garbledAgent()
    {
        Table t;
        int n = 0;
        t.server.setRespond([&n](int seat, const json &r) -> std::optional<QByteArray> {
            if (seat != 1)
                return playing(seat, r);
            switch (n++ % 3) {
            case 0:
                return QByteArray("this is not json");
            case 1:
                return QByteArray::fromStdString(json{
                    {"jsonrpc", "2.0"},
                    {"id", r["id"].get<int>() + 100},
                    {"result", {{"vote_target", 2}}}}.dump());
            default:
                return result(r,
                              {{"vote_target", "two"},
                               {"target_id", json::array()},
                               {"speech", 5},
                               {"action", 1}});
            }
        });
        QVERIFY(t.start("seed002-9", 9));
        QVERIFY(t.play());
        const host::PushStats &st = t.seats[0]->stats();
        QVERIFY(st.malformed >= 2);
        QCOMPARE(st.timeouts, 0);
        for (const std::string &v : t.votesOf(1))
            QCOMPARE(v, std::string());
    }

    // (d) Error objects, one code per run (§5.3).
    void errorCodes_data()
    {
        QTest::addColumn<int>("code");
        for (int c : {1001, 1002, 1003, 1004})
            QTest::newRow(qPrintable(QString::number(c))) << c;
    }
    void errorCodes()
    {
        QFETCH(int, code);
        Table t;
        t.server.setRespond([code](int seat, const json &r) -> std::optional<QByteArray> {
            if (seat != 1 || r["method"] == "initialize" || r["method"] == "game_over")
                return playing(seat, r);
            return QByteArray::fromStdString(json{{"jsonrpc", "2.0"},
                                                  {"id", r["id"]},
                                                  {"error", {{"code", code}, {"message", "nope"}}}}
                                                 .dump());
        });
        QVERIFY(t.start("seed002-9", 13));
        QVERIFY(t.play());
        const host::PushStats &st = t.seats[0]->stats();
        QVERIFY(st.agentErrors.count(code));
        QCOMPARE(st.agentErrors.at(code), st.calls - 2);
        const auto votes = t.votesOf(1);
        QVERIFY(!votes.empty());
        for (const std::string &v : votes) {
            if (code == 1003)
                QVERIFY2(!v.empty(),
                         "1003 asks for a random choice"); // a legal target, not an abstention
            else
                QCOMPARE(v, std::string());
        }
    }

    // Issue 28: a hostile agent in seat 1 answers every call with one of
    // the answers that crashed, bloated or stalled the host, or sent the
    // token to another origin. Each is counted, the seed's default stands,
    // the match ends, the host's memory stays bounded and its event loop
    // keeps turning.
    void hostileAgent_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("counted");
        QTest::newRow("result nested 200000 deep")
            << QStringLiteral("deep") << QStringLiteral("malformed");
        QTest::newRow("chunked stream without end")
            << QStringLiteral("stream") << QStringLiteral("malformed");
        QTest::newRow("150 MB body") << QStringLiteral("huge") << QStringLiteral("malformed");
        QTest::newRow("a byte at a time past the deadline")
            << QStringLiteral("drip") << QStringLiteral("timeouts");
        QTest::newRow("302 to another origin")
            << QStringLiteral("302") << QStringLiteral("httpErrors");
        QTest::newRow("307 to another origin")
            << QStringLiteral("307") << QStringLiteral("httpErrors");
    }
    void hostileAgent()
    {
        QFETCH(QString, kind);
        QFETCH(QString, counted);
        test::providers::ScriptedHttpServer agent, other;
        QVERIFY(agent.listen());
        QVERIFY(other.listen());
        const QString elsewhere = other.baseUrl() + QStringLiteral("/seat/1");
        agent.setHandler([&](const test::providers::RecordedRequest &r)
                             -> std::optional<test::providers::ScriptedResponse> {
            if (kind == QLatin1String("deep"))
                return test::hostile::deepPushAnswer(r.json().value("id", json()), 200'000);
            if (kind == QLatin1String("stream"))
                return test::hostile::endlessStream();
            if (kind == QLatin1String("huge"))
                return test::hostile::hugeBody(150'000'000);
            if (kind == QLatin1String("drip")) {
                test::providers::ScriptedResponse drip;
                drip.body = QByteArray(100, ' ');
                drip.dripBytes = 1;
                drip.dripInterval = std::chrono::milliseconds(100);
                return drip;
            }
            return test::hostile::redirect(kind.toInt(), elsewhere);
        });
        Table t;
        t.urls[1] = QUrl(agent.baseUrl() + QStringLiteral("/seat/1"));
        t.deadlines[1] = host::PushEndpoint::MinDeadlineMs;
        t.server.setRespond([](int seat, const json &r) { return playing(seat, r); });
        QVERIFY(t.start("seed002-9", 23));

        const qint64 before = test::hostile::residentKiB();
        test::hostile::LoopWatch watch;
        QVERIFY(t.play(240'000));
        QVERIFY(t.match->ended());
        const qint64 grewKiB = watch.peakResidentKiB() - before;
        qInfo("%s: resident memory grew by %lld KiB at most; the event loop's largest gap was %lld "
              "ms (%lld ticks)",
              qPrintable(kind),
              qlonglong(grewKiB),
              qlonglong(watch.largestGapMs()),
              qlonglong(watch.ticks()));
        if (before > 0)
            QVERIFY2(grewKiB < 64 * 1024, qPrintable(QString::number(grewKiB)));
        QVERIFY2(watch.largestGapMs() < 1000, qPrintable(QString::number(watch.largestGapMs())));

        const host::PushStats &st = t.seats[0]->stats();
        const int n = counted == QLatin1String("malformed")  ? st.malformed
                      : counted == QLatin1String("timeouts") ? st.timeouts
                                                             : st.httpErrors;
        QVERIFY(st.calls >= 2);
        QCOMPARE(n, st.calls);
        QCOMPARE(st.answered, 0);
        QVERIFY(st.defaults > 0);
        for (const std::string &v : t.votesOf(1))
            QCOMPARE(v, std::string()); // the default: an abstention
        // The token never went to the other origin: nothing went there at all.
        QCOMPARE(other.requests().size(), std::size_t(0));
        QCOMPARE(agent.requests().size(), std::size_t(st.calls));
        for (const auto &r : agent.requests())
            QCOMPARE(r.header("Authorization"), QByteArray("Bearer tok-1"));
    }

    // An agent that puts its token in its speeches: the match, and so the
    // store, the export and the spectators, get "***" instead.
    void aTokenEchoedInASpeechIsNotStored()
    {
        Table t;
        t.server.setRespond([](int seat, const json &r) -> std::optional<QByteArray> {
            const std::string method = r.value("method", "");
            if (seat == 1 && method == "discuss")
                return result(r, {{"speech", "my token is tok-1, and Bearer tok-1"}});
            return playing(seat, r);
        });
        QVERIFY(t.start("seed002-9", 29));
        QVERIFY(t.play());
        bool redacted = false;
        for (const engine::Event &e : t.match->log()) {
            const std::string text = engine::toJson(e).dump();
            QVERIFY2(text.find("tok-1") == std::string::npos, text.c_str());
            redacted
                = redacted || text.find("my token is ***, and Bearer ***") != std::string::npos;
        }
        QVERIFY(redacted);
    }

    // The host: eight push seats queued with Host::queuePushSeat play a
    // classic match to the end through callTool.
    void hostPlaysPushSeats()
    {
        PushServer server;
        QVERIFY(server.listen());
        server.setRespond([](int seat, const json &r) { return playing(seat, r); });
        host::HostOptions o;
        o.dbPath = QStringLiteral(":memory:");
        o.speed = 40;
        o.seed = 5;
        host::Host h(o);
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        // The chat limit (1 message per 3 s) is real time, not scaled: a
        // discussion of 5 s at ×40 leaves room to wait for it.
        h.lobby().defaults().timers.dayDiscussion = 200'000;
        QString ended;
        QObject::connect(&h,
                         &host::Host::matchEnded,
                         &h,
                         [&ended](const QString &id, const QString &) { ended = id; });
        QVERIFY(!h.queuePushSeat(QStringLiteral("Bad"),
                                 host::PushEndpoint{QUrl(QStringLiteral("ftp://x")), {}, 8000}));
        for (int seat = 1; seat <= engine::SeatCount; ++seat)
            QVERIFY(h.queuePushSeat(
                QStringLiteral("Push %1").arg(seat),
                host::PushEndpoint{server.url(seat), QStringLiteral("tok-%1").arg(seat), 5000}));
        QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 120'000);
        const engine::Match *m = h.lobby().match(ended.toStdString());
        QVERIFY(m);
        // game_over reaches everyone, once.
        QTRY_COMPARE_WITH_TIMEOUT(
            std::count_if(server.calls.begin(),
                          server.calls.end(),
                          [](const Call &c) { return c.method == "game_over"; }),
            std::ptrdiff_t(engine::SeatCount),
            10'000);
        int answered = 0;
        for (const engine::Player &p : m->state().players) {
            const auto st = h.pushStats(m->matchId(), p.playerId);
            QVERIFY(st);
            answered += st->answered;
            QCOMPARE(st->failures(), 0);
        }
        QVERIFY(answered > engine::SeatCount * 2);
        // The agents' speeches went through the tool path into the match.
        QVERIFY(std::any_of(m->log().begin(), m->log().end(), [](const engine::Event &e) {
            return e.type == engine::EventType::PublicMessage
                   && e.payload.value("text", "").find("I am seat") != std::string::npos;
        }));
        // The token is nowhere in the log.
        for (const engine::Event &e : m->log())
            QVERIFY(engine::toJson(e).dump().find("tok-") == std::string::npos);
        // Every speech an agent gave (`discuss` asks for openings and the
        // discussion alike) reached the match, although the discussion's came
        // within the chat limit's 3 s of the seat's opening (the openings of
        // agents that answer at once all end within a second): the seat held
        // it until the limit lifted.
        std::map<int, int> asked, spoken;
        for (const Call &c : server.calls)
            asked[c.seat] += c.method == "discuss";
        for (const engine::Event &e : m->log())
            if (e.type == engine::EventType::PublicMessage
                && e.payload.value("kind", "") != "LAST_WORDS")
                ++spoken[m->player(e.payload.value("playerId", ""))->seat];
        int held = 0;
        for (const engine::Player &p : m->state().players) {
            const int seat = std::stoi(p.displayName.substr(std::string("Push ").size()));
            QCOMPARE(spoken[p.seat], asked[seat]);
            held += h.pushStats(m->matchId(), p.playerId)->rateWaits;
        }
        QVERIFY(
            std::accumulate(
                asked.begin(), asked.end(), 0, [](int n, const auto &a) { return n + a.second; })
            > 0);
        QVERIFY(held > 0);
    }

    // What a host seats at a seed 002 table: push agents, model seats and
    // built-in bots, together in the nine-seat queue, play to the end.
    void mixedNineSeatTable()
    {
        PushServer server;
        QVERIFY(server.listen());
        server.setRespond([](int seat, const json &r) { return playing(seat, r); });
        host::HostOptions o;
        o.dbPath = QStringLiteral(":memory:");
        o.speed = 40;
        o.seed = 9;
        o.rateLimits = false;
        host::Host h(o);
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        // Wired as the app wires it: every seat's calls go through the
        // dispatcher and its recorder.
        host::McpService mcp(&h);
        QVERIFY2(mcp.listen(0, &error), qPrintable(error));
        const std::string queue = std::string(engine::PresetQueuePrefix) + "seed002-9";
        QCOMPARE(h.seatCount(queue), 9);
        QString ended;
        QObject::connect(&h,
                         &host::Host::matchEnded,
                         &h,
                         [&ended](const QString &id, const QString &) { ended = id; });
        std::vector<std::string> pushAgents;
        std::vector<std::string> modelAgents;
        std::vector<std::unique_ptr<test::providers::ScriptedOpenAiServer>> models;
        for (int seat = 1; seat <= 3; ++seat) {
            auto id = h.queuePushSeat(
                QStringLiteral("Push %1").arg(seat),
                host::PushEndpoint{server.url(seat), QStringLiteral("tok-%1").arg(seat), 5000},
                queue);
            QVERIFY(id);
            pushAgents.push_back(*id);
        }
        for (int seat = 4; seat <= 6; ++seat) {
            auto s = std::make_unique<test::providers::ScriptedOpenAiServer>();
            QVERIFY(s->listen());
            s->setHandler([seat](const test::providers::RecordedRequest &r) {
                return test::providers::scriptedPlayer(seat, r);
            });
            host::providers::ProviderProfile p;
            p.name = QStringLiteral("local");
            p.baseUrl = s->baseUrl();
            p.model = QStringLiteral("test-model");
            p.apiKey = QStringLiteral("test-key");
            p.timeout = std::chrono::seconds(5);
            auto id = h.queueModelSeat(QStringLiteral("Model %1").arg(seat), p, {}, queue);
            QVERIFY(id);
            modelAgents.push_back(*id);
            models.push_back(std::move(s));
        }
        QVERIFY(h.lobby().matches().empty()); // six of nine: no table yet
        for (int seat = 7; seat <= 9; ++seat)
            h.queueBot(QStringLiteral("Bot %1").arg(seat), queue);
        QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 240'000);
        const engine::Match *m = h.lobby().match(ended.toStdString());
        QVERIFY(m);
        QVERIFY(m->state().config.rules == *engine::rulePreset("seed002-9"));
        QCOMPARE(int(m->state().players.size()), 9);
        int witches = 0;
        int hunters = 0;
        for (const engine::Player &p : m->state().players) {
            witches += p.role == engine::Role::Witch;
            hunters += p.role == engine::Role::Hunter;
        }
        QCOMPARE(witches, 1);
        QCOMPARE(hunters, 1);
        // Every kind of seat played through the tool path.
        for (const std::string &a : pushAgents) {
            const engine::Player *p = m->playerByAgent(a);
            QVERIFY(p);
            const auto st = h.pushStats(m->matchId(), p->playerId);
            QVERIFY(st);
            QCOMPARE(st->failures(), 0);
            QVERIFY(st->answered > 0);
        }
        for (std::size_t i = 0; i < modelAgents.size(); ++i) {
            const engine::Player *p = m->playerByAgent(modelAgents[i]);
            QVERIFY(p);
            const auto log = h.pilotLog(m->matchId(), p->playerId);
            QVERIFY(log);
            QVERIFY(log->stats.modelCalls > 0);
            // The model was told its role and this table's rules (not only the classic table's).
            const auto &requests = models[i]->requests();
            QVERIFY(!requests.empty());
            const std::string system
                = requests.front().json().at("messages").at(0).value("content", "");
            std::string role(engine::toString(p->role));
            role = role.substr(0, 1)
                   + QString::fromStdString(role.substr(1)).toLower().toStdString();
            QVERIFY2(system.find("# Role: " + role) != std::string::npos, role.c_str());
            QVERIFY(system.find("## This table") != std::string::npos);
            QVERIFY(system.find("9 players: 3 werewolves, 1 seer, 1 witch") != std::string::npos);
        }
        // Every seat's calls (push, model and bot alike) are in the recorder
        // under the seat's name, as `townhall calls` and the inspector show them.
        std::map<std::string, int> speeches; // agent → recorded say_public calls
        for (const engine::Player &p : m->state().players) {
            host::CallFilter mine;
            mine.agentId = p.agentId;
            const auto calls = mcp.recorder()->query(mine);
            QVERIFY2(!calls.empty(), p.displayName.c_str());
            for (const auto &c : calls) {
                QCOMPARE(c->agentName(), p.displayName);
                speeches[p.agentId] += c->tool().find("say_public") != std::string::npos;
            }
        }
        // (A seat killed on the first night may never speak; each kind did.)
        const auto spoke = [&speeches](const std::vector<std::string> &agents) {
            return std::any_of(agents.begin(), agents.end(), [&speeches](const std::string &a) {
                return speeches[a] > 0;
            });
        };
        QVERIFY(spoke(pushAgents));
        QVERIFY(spoke(modelAgents));
        // The witch's turn came every night, whoever held the seat.
        int nights = 0;
        int witchTurns = 0;
        for (const engine::Event &e : m->log()) {
            if (e.type != engine::EventType::PhaseChanged)
                continue;
            nights += e.payload.value("to", "") == "NIGHT";
            witchTurns += e.payload.value("to", "") == "NIGHT_WITCH";
        }
        QVERIFY(nights > 0);
        QCOMPARE(witchTurns, nights);
    }

    // The reference agent in examples/ plays a seat of a whole match.
    void pythonReferenceAgent()
    {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            QSKIP("python3 is not installed");
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        QProcess agent;
        agent.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        agent.start(python,
                    {QStringLiteral(TOWNHALL_PUSH_AGENT),
                     QStringLiteral("--port"),
                     QString::number(port),
                     QStringLiteral("--token"),
                     QStringLiteral("tok-1")});
        QVERIFY(agent.waitForStarted());
        QTcpSocket s;
        QTRY_VERIFY_WITH_TIMEOUT(
            (s.abort(), s.connectToHost(QHostAddress::LocalHost, port), s.waitForConnected(100)),
            10'000);
        s.close();
        Table t;
        t.urls[1] = QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(port));
        t.server.setRespond([](int seat, const json &r) { return playing(seat, r); });
        QVERIFY(t.start("seed002-9", 17));
        QVERIFY(t.play());
        const host::PushStats &st = t.seats[0]->stats();
        QCOMPARE(st.failures(), 0);
        QCOMPARE(st.answered, st.calls);
        QVERIFY(st.byMethod.count("initialize") && st.byMethod.count("game_over"));
        agent.kill();
        agent.waitForFinished();
    }
};

QTEST_MAIN(TestPushSeat)
#include "tst_pushseat.moc"
