// SPDX-License-Identifier: MIT
// Model seats under fire (issue 17): in a real Host with eight model seats,
// one seat's scripted server on loopback misbehaves in one way while the
// others play, and the match must still end. The faulty seat's pilot log
// says what became of the fault: a retry after which the model plays on, a
// turn its stand-in played, or the seat handed over for good. A mistake in
// a call is told to the model in its next request. Whatever the models
// wrote besides their calls stays out of the match.

#include "host/host.h"

#include "modeltable.h"
#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QLoggingCategory>
#include <QTcpServer>
#include <QtTest>

using namespace townhall;
using namespace townhall::test::providers;
using namespace std::chrono_literals;
using json = nlohmann::json;

namespace {

/// Everything a pilot kept to itself, as text. The only place this file
/// reads the log's private part, so that a rename is fixed here alone.
QStringList privateTextsOf(const host::PilotLog &log)
{
    QStringList out;
    for (const auto &t : log.notes)
        out.append(t.text);
    return out;
}

/// The seat whose first request (the lobby's ready) meets the fault.
constexpr int FaultSeat = 3;
/// The private text of a model that only reasoned.
const std::string ReasoningText = "reasoning-only-weighing-who-lies";

/// The pilot's defaults, which these tests count against.
const host::PilotOptions PilotDefaults;

/// A call to `tool` as the scripted model writes it, with its private
/// musing beside it like the playing model's.
ScriptedResponse
callOf(int seat, const std::string &id, const std::string &tool, const std::string &arguments)
{
    return openai::toolCalls(json::array({openai::toolCall(id, tool, arguments)}),
                             {{"content", "musing-of-seat-" + std::to_string(seat)}});
}

std::set<std::string> toolsOffered(const RecordedRequest &r)
{
    std::set<std::string> out;
    for (const json &t : r.json().value("tools", json::array()))
        out.insert(t.at("function").at("name").get<std::string>());
    return out;
}

/// What the request told the model about its call `callId` (null: nothing).
json answerTo(const RecordedRequest &r, const std::string &callId)
{
    for (const json &m : r.json().value("messages", json::array()))
        if (m.value("role", "") == "tool" && m.value("tool_call_id", "") == callId)
            return m.at("content");
    return nullptr;
}

/// The request's messages without the system prompt, for a failure's message.
QByteArray shownIn(const RecordedRequest &r)
{
    json shown = json::array();
    for (const json &m : r.json().value("messages", json::array()))
        if (m.value("role", "") != "system")
            shown.push_back(m);
    return QByteArray::fromStdString(shown.dump());
}

/// How many of the model's earlier calls the request answers with the
/// match's refusal.
int refusalsToldIn(const RecordedRequest &r)
{
    int n = 0;
    for (const json &m : r.json().value("messages", json::array()))
        if (m.value("role", "") == "assistant")
            for (const json &call : m.value("tool_calls", json::array())) {
                const json told = answerTo(r, call.value("id", ""));
                n += told.is_string()
                             && told.get<std::string>().find("\"error\"") != std::string::npos
                         ? 1
                         : 0;
            }
    return n;
}

/// A loopback port nothing listens on.
quint16 closedPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

/// Eight model seats, each with its own scripted server; a seat's model
/// plays (scriptedPlayer) unless the fault script answers its request.
struct FaultTable : test::ModelTable
{
    /// The answer to a seat's `n`-th chat request (from 0), or nullopt to let its model play.
    using Fault
        = std::function<std::optional<ScriptedResponse>(int seat, int n, const RecordedRequest &)>;

    FaultTable() = default;
    FaultTable(const FaultTable &) = delete; // the handlers point at this table
    FaultTable &operator=(const FaultTable &) = delete;

    /// When each seat's chat requests arrived, in ms since start().
    std::vector<std::vector<qint64>> arrivals = std::vector<std::vector<qint64>>(engine::SeatCount);
    QElapsedTimer clock;

    bool start(Fault fault, ProfileEdit edit = {})
    {
        if (!startHost())
            return false;
        // The phases that end as soon as everyone acted are long (in real
        // seconds): a faulty seat's retries fit in them, and a busy machine
        // never cuts a healthy model short.
        engine::Timers &timers = host->lobby().defaults().timers;
        const auto realMs = [this](std::int64_t ms) {
            return static_cast<std::int64_t>(double(ms) * speed);
        };
        timers.lobby = realMs(6000);
        timers.night = realMs(4000);
        timers.openingTurn = realMs(2000);
        timers.dayVote = realMs(4000);
        // The discussion always runs its course: time for two messages a
        // seat, each a get_state and a say, and no more.
        timers.dayDiscussion = realMs(1200);
        clock.start();
        for (int seat = 0; seat < engine::SeatCount; ++seat) {
            const bool seated = seatModel(
                seat,
                [this, seat, fault](const RecordedRequest &r) -> std::optional<ScriptedResponse> {
                    if (!r.json().contains("messages"))
                        return std::nullopt;
                    std::vector<qint64> &seen = arrivals[std::size_t(seat)];
                    const int n = static_cast<int>(seen.size());
                    seen.push_back(clock.elapsed());
                    if (fault)
                        if (auto answer = fault(seat, n, r))
                            return answer;
                    return scriptedPlayer(seat, r);
                },
                edit);
            if (!seated)
                return false;
        }
        return true;
    }

    std::shared_ptr<const host::PilotLog> logOf(int seat) const
    {
        return host->pilotLog(match()->matchId(), playerOf(seat).playerId);
    }
    std::vector<RecordedRequest> chatsOf(int seat) const
    {
        return servers[std::size_t(seat)]->requestsTo("/chat/completions");
    }
    /// Events of `type` whose payload names the seat's player under `field`.
    int eventsBy(int seat, engine::EventType type, const char *field = "playerId") const
    {
        int n = 0;
        for (const engine::Event &e : match()->log())
            if (e.type == type && e.payload.value(field, "") == playerOf(seat).playerId)
                ++n;
        return n;
    }
};

/// Last in every test: no other seat had trouble (the fault stayed with
/// its seat), and nothing a model wrote for itself reached the match.
void verifyTheRestOfTheMatch(const FaultTable &t, int faulty)
{
    for (int seat = 0; seat < engine::SeatCount; ++seat) {
        const auto log = t.logOf(seat);
        QVERIFY(log);
        if (seat != faulty)
            QVERIFY2(log->stats.failures.empty() && !log->stats.handedOver,
                     qPrintable(QString::number(seat)));
    }
    for (const engine::Event &e : t.match()->log()) {
        const std::string payload = e.payload.dump();
        QVERIFY2(payload.find("musing-of-seat-") == std::string::npos, payload.c_str());
        QVERIFY2(payload.find(ReasoningText) == std::string::npos, payload.c_str());
    }
}

/// "SERVER=1 TIMEOUT=2", for messages and comparisons.
QString failuresOf(const host::PilotLog &log)
{
    QStringList parts;
    for (const auto &[kind, n] : log.stats.failures)
        parts.append(QStringLiteral("%1=%2").arg(kind).arg(n));
    return parts.join(QLatin1Char(' '));
}

QString statsOf(const host::PilotLog &log)
{
    const host::PilotStats &s = log.stats;
    return QStringLiteral(
               "calls %1, failures [%2], tool errors %3, stand-in turns %4, handed over %5")
        .arg(s.modelCalls)
        .arg(failuresOf(log))
        .arg(s.toolErrors)
        .arg(s.standInTurns)
        .arg(s.handedOver);
}

/// A fault the pilot should get over by asking again.
struct RetryCase
{
    ScriptedResponse fault;
    std::chrono::milliseconds timeout{5000}; ///< the faulty seat's profile
    QString kind;                            ///< ProviderError::kindName
    qint64 minGapMs = 0;                     ///< from the failed request's arrival to the retry's
};

/// The lobby's answer, ready, as the playing model would give it.
ScriptedResponse readyCall()
{
    return callOf(FaultSeat, "call-ready", "et_werewolf_match_ready", "{}");
}

} // namespace

Q_DECLARE_METATYPE(RetryCase)
Q_DECLARE_METATYPE(townhall::engine::EventType)

class TestPilotFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Every request's line would bury what a failure prints.
        QLoggingCategory::setFilterRules(QStringLiteral("townhall.providers.debug=false"));
    }

    void aFailedRequestIsRetriedAndTheModelPlaysOn_data()
    {
        QTest::addColumn<RetryCase>("c");
        const qint64 backoff = PilotDefaults.firstBackoff.count();
        // Timers fire to the millisecond; the margins below only absorb rounding
        // and, for a deadline, the time the request took to reach the server.
        const qint64 slack = 25;

        ScriptedResponse late = readyCall();
        late.delay = 4000ms;
        QTest::newRow("timeout") << RetryCase{
            late, 1500ms, QStringLiteral("TIMEOUT"), 1500 + backoff - 100};

        // The client's own back-off is shorter; the server's word wins.
        QTest::newRow("429 with Retry-After")
            << RetryCase{openai::error(429,
                                       "Rate limit reached for requests",
                                       "requests",
                                       "rate_limit_exceeded",
                                       {{"Retry-After", "1"}}),
                         5000ms,
                         QStringLiteral("RATE_LIMITED"),
                         1000 - slack};

        QTest::newRow("500") << RetryCase{openai::error(500, "upstream exploded", "server_error"),
                                          5000ms,
                                          QStringLiteral("SERVER"),
                                          backoff - slack};

        ScriptedResponse notJson;
        notJson.headers = {{"Content-Type", "application/json"}};
        notJson.body = "{not json";
        QTest::newRow("malformed JSON")
            << RetryCase{notJson, 5000ms, QStringLiteral("MALFORMED_RESPONSE"), backoff - slack};

        ScriptedResponse huge;
        huge.headers = {{"Content-Type", "application/json"}};
        huge.body = QByteArray(10 * 1024 * 1024, 'x');
        QTest::newRow("10 MB body")
            << RetryCase{huge, 5000ms, QStringLiteral("BODY_TOO_LARGE"), backoff - slack};

        // A well-formed answer, but 8 bytes every 100 ms: over five seconds in all.
        ScriptedResponse drip = readyCall();
        drip.dripBytes = 8;
        drip.dripInterval = 100ms;
        QTest::newRow("slow drip")
            << RetryCase{drip, 1500ms, QStringLiteral("TIMEOUT"), 1500 + backoff - 100};

        // What a reasoning model sends when its budget ran out before it answered.
        const json reasoningOnly
            = openai::completion({{"content", nullptr}, {"reasoning_content", ReasoningText}},
                                 "length",
                                 {{"prompt_tokens", 900},
                                  {"completion_tokens", 256},
                                  {"total_tokens", 1156},
                                  {"completion_tokens_details", {{"reasoning_tokens", 256}}}});
        QTest::newRow("reasoning only") << RetryCase{ScriptedResponse::json(200, reasoningOnly),
                                                     5000ms,
                                                     QStringLiteral("EMPTY_ANSWER"),
                                                     backoff - slack};
    }

    void aFailedRequestIsRetriedAndTheModelPlaysOn()
    {
        QFETCH(RetryCase, c);
        if (c.fault.dripBytes > 0) // the drip must outlast the deadline, or it tests nothing
            QVERIFY(c.fault.body.size() / c.fault.dripBytes * c.fault.dripInterval.count()
                    > 2 * c.timeout.count());
        FaultTable t;
        QVERIFY(t.start(
            [&c](int seat, int n, const RecordedRequest &) -> std::optional<ScriptedResponse> {
                if (seat == FaultSeat && n == 0)
                    return c.fault;
                return std::nullopt;
            },
            [&c](int seat, host::providers::ProviderProfile &p) {
                if (seat == FaultSeat)
                    p.timeout = c.timeout;
            }));
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 90'000);

        const auto log = t.logOf(FaultSeat);
        QVERIFY(log);
        const QString stats = statsOf(*log);
        // One failure of the expected kind, then the model answered the same
        // question itself: no stand-in, no hand-over.
        QCOMPARE(failuresOf(*log), c.kind + QStringLiteral("=1"));
        QCOMPARE(log->stats.standInTurns, 0);
        QVERIFY2(!log->stats.handedOver, qPrintable(stats));
        const auto chats = t.chatsOf(FaultSeat);
        QCOMPARE(log->stats.modelCalls, static_cast<int>(chats.size()));
        QVERIFY2(log->stats.modelCalls >= 2, qPrintable(stats));
        QCOMPARE(chats[1].json().at("messages"), chats[0].json().at("messages"));
        QCOMPARE(t.eventsBy(FaultSeat, engine::EventType::PlayerReady), 1);
        // Not asked again before the back-off (or the server's Retry-After) ran out.
        const auto &at = t.arrivals[std::size_t(FaultSeat)];
        const qint64 gap = at[1] - at[0];
        QVERIFY2(
            gap >= c.minGapMs,
            qPrintable(
                QStringLiteral("retried after %1 ms, not before %2 ms").arg(gap).arg(c.minGapMs)));

        if (c.kind == QLatin1String("EMPTY_ANSWER"))
            QVERIFY2(privateTextsOf(*log).contains(QString::fromStdString(ReasoningText)),
                     qPrintable(privateTextsOf(*log).join(QLatin1Char('|'))));
        verifyTheRestOfTheMatch(t, FaultSeat);
    }

    void aProviderThatKeepsFailingHandsTheSeatOver_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("429 forever") << QStringLiteral("RATE_LIMITED");
        QTest::newRow("connection refused") << QStringLiteral("REFUSED");
    }

    void aProviderThatKeepsFailingHandsTheSeatOver()
    {
        QFETCH(QString, kind);
        const bool refused = kind == QLatin1String("REFUSED");
        const quint16 nowhere = closedPort();
        QVERIFY(nowhere != 0);
        FaultTable t;
        QVERIFY(t.start(
            [](int seat, int, const RecordedRequest &) -> std::optional<ScriptedResponse> {
                if (seat == FaultSeat)
                    return openai::error(
                        429, "Rate limit reached for requests", "requests", "rate_limit_exceeded");
                return std::nullopt;
            },
            [&](int seat, host::providers::ProviderProfile &p) {
                if (seat == FaultSeat && refused)
                    p.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(nowhere);
            }));
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 90'000);

        const auto log = t.logOf(FaultSeat);
        QVERIFY(log);
        const int limit = PilotDefaults.maxConsecutiveFailures;
        // Each turn was retried while it had time; the stand-in played the
        // first turns the failures cost, and after `limit` of them in a row
        // it kept the seat.
        QVERIFY2(log->stats.handedOver, qPrintable(statsOf(*log)));
        QVERIFY2(failuresOf(*log).startsWith(kind + QLatin1Char('='))
                     && log->stats.failures.size() == 1,
                 qPrintable(statsOf(*log)));
        QCOMPARE(log->stats.failures.begin()->second, log->stats.modelCalls);
        QVERIFY2(log->stats.modelCalls > limit, qPrintable(statsOf(*log)));
        QVERIFY2(log->stats.standInTurns >= limit - 1, qPrintable(statsOf(*log)));
        const auto handOver
            = std::find_if(log->notes.begin(), log->notes.end(), [](const host::PilotNote &n) {
                  return n.kind == host::PilotNote::Kind::HandOver;
              });
        QVERIFY(handOver != log->notes.end());
        QVERIFY2(handOver->text.contains(QStringLiteral("on %1 turns in a row").arg(limit)),
                 qPrintable(handOver->text));
        // No model request after the hand-over.
        const qsizetype before = log->stats.modelCalls;
        QTest::qWait(300);
        QCOMPARE(qsizetype(t.logOf(FaultSeat)->stats.modelCalls), before);
        QCOMPARE(t.eventsBy(FaultSeat, engine::EventType::PlayerReady), 1);
        if (!refused) {
            QCOMPARE(static_cast<int>(t.chatsOf(FaultSeat).size()), log->stats.modelCalls);
            // Within a turn each wait is twice the one before.
            const auto &at = t.arrivals[std::size_t(FaultSeat)];
            const qint64 backoff = PilotDefaults.firstBackoff.count();
            QVERIFY2(at[1] - at[0] >= backoff - 25, qPrintable(QString::number(at[1] - at[0])));
            QVERIFY2(at[2] - at[1] >= 2 * backoff - 25, qPrintable(QString::number(at[2] - at[1])));
        }
        // What the seat said, if anything, its stand-in said.
        for (const engine::Event &e : t.match()->log())
            if (e.type == engine::EventType::PublicMessage
                && e.payload.value("playerId", "") == t.playerOf(FaultSeat).playerId)
                QVERIFY2(e.payload.value("text", "").rfind("I am seat ", 0) != 0,
                         e.payload.dump().c_str());
        verifyTheRestOfTheMatch(t, FaultSeat);
    }

    // A short outage (three quick 500s in the lobby, under a second) costs
    // the seat nothing: the requests are retried within the turn, no stand-in
    // plays, and the model keeps its seat.
    void aShortOutageCostsNoTurn()
    {
        FaultTable t;
        QVERIFY(t.start(
            [](int seat, int n, const RecordedRequest &) -> std::optional<ScriptedResponse> {
                if (seat == FaultSeat && n < 3)
                    return openai::error(500, "upstream restarting", "server_error");
                return std::nullopt;
            }));
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 90'000);
        const auto log = t.logOf(FaultSeat);
        QVERIFY(log);
        QVERIFY2(!log->stats.handedOver && log->stats.standInTurns == 0, qPrintable(statsOf(*log)));
        QCOMPARE(failuresOf(*log), QStringLiteral("SERVER=3"));
        QVERIFY(log->stats.modelCalls > 3);
        QCOMPARE(t.eventsBy(FaultSeat, engine::EventType::PlayerReady), 1);
        verifyTheRestOfTheMatch(t, FaultSeat);
    }

    void aBadCallIsExplainedToTheModel_data()
    {
        // The first seat offered `offered` answers with a bad call once; the
        // next request must tell it what was wrong (the answer names
        // `mention`), and then it makes the move (`made`) itself.
        QTest::addColumn<QString>("offered");
        QTest::addColumn<QString>("called");
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("mention");
        QTest::addColumn<engine::EventType>("made");
        const QString ready = QStringLiteral("et_werewolf_match_ready");
        const QString vote = QStringLiteral("et_werewolf_match_vote");
        const QString protect = QStringLiteral("et_werewolf_match_night_doctor_protect");
        QTest::newRow("unknown tool")
            << ready << QStringLiteral("launch_rockets") << QStringLiteral("{}")
            << QStringLiteral("launch_rockets") << engine::EventType::PlayerReady;
        QTest::newRow("schema: vote for a number")
            << vote << vote << QStringLiteral(R"({"targetPlayerId":42})")
            << QStringLiteral("targetPlayerId") << engine::EventType::VoteCast;
        QTest::newRow("schema: protect without a target")
            << protect << protect << QStringLiteral("{}") << QStringLiteral("targetPlayerId")
            << engine::EventType::DoctorProtected;
        // A mistake of the model, not of the provider: the model is told,
        // like for any other bad call, instead of being asked the same again.
        QTest::newRow("arguments not JSON")
            << ready << ready << QStringLiteral("{oops") << QStringLiteral("JSON")
            << engine::EventType::PlayerReady;
    }

    void aBadCallIsExplainedToTheModel()
    {
        QFETCH(QString, offered);
        QFETCH(QString, called);
        QFETCH(QString, arguments);
        QFETCH(QString, mention);
        QFETCH(engine::EventType, made);
        // The victim is alive, or it would not have been offered the tool.
        int victim = -1;
        int wrongAt = -1;
        FaultTable t;
        QVERIFY(t.start(
            [&](int seat, int n, const RecordedRequest &r) -> std::optional<ScriptedResponse> {
                if (victim >= 0 || !toolsOffered(r).count(offered.toStdString()))
                    return std::nullopt;
                victim = seat;
                wrongAt = n;
                return callOf(seat, "call-bad", called.toStdString(), arguments.toStdString());
            }));
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 90'000);

        QVERIFY(victim >= 0);
        const auto chats = t.chatsOf(victim);
        QVERIFY(static_cast<int>(chats.size()) > wrongAt + 1);
        const RecordedRequest &next = chats[std::size_t(wrongAt) + 1];
        // The match never saw the call; the next request answered it.
        const json told = answerTo(next, "call-bad");
        QVERIFY2(told.is_string()
                     && told.get<std::string>().find(mention.toStdString()) != std::string::npos,
                 shownIn(next).constData());
        QCOMPARE(toolsOffered(next), toolsOffered(chats[std::size_t(wrongAt)]));
        const auto log = t.logOf(victim);
        QVERIFY(log);
        QVERIFY2(log->stats.failures.empty() && log->stats.standInTurns == 0
                     && !log->stats.handedOver,
                 qPrintable(statsOf(*log)));
        QCOMPARE(log->stats.modelCalls, static_cast<int>(chats.size()));
        // The doctor's own event names no doctor: there is only one.
        const std::string me = t.playerOf(victim).playerId;
        QVERIFY(std::any_of(
            t.match()->log().begin(), t.match()->log().end(), [&](const engine::Event &e) {
                return e.type == made
                       && (made == engine::EventType::DoctorProtected
                           || e.payload.value("playerId", "") == me
                           || e.payload.value("voterPlayerId", "") == me);
            }));
        verifyTheRestOfTheMatch(t, victim);
    }

    void theSameRefusedCallForeverLeavesTheTurnToTheStandIn()
    {
        // The first seat asked to vote always votes for a player that does not exist.
        int victim = -1;
        FaultTable t;
        QVERIFY(t.start(
            [&](int seat, int n, const RecordedRequest &r) -> std::optional<ScriptedResponse> {
                if (!toolsOffered(r).count("et_werewolf_match_vote")
                    || (victim >= 0 && victim != seat))
                    return std::nullopt;
                victim = seat;
                return callOf(seat,
                              "call-p99-" + std::to_string(n),
                              "et_werewolf_match_vote",
                              R"({"targetPlayerId":"p:99"})");
            }));
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 90'000);

        QVERIFY(victim >= 0);
        const auto log = t.logOf(victim);
        QVERIFY(log);
        const QString stats = statsOf(*log);
        // Each vote is a conversation of exactly maxRequestsPerAction
        // requests, each after the match refused the one before; then the
        // stand-in votes.
        const int perAction = PilotDefaults.maxRequestsPerAction;
        std::vector<std::vector<RecordedRequest>> votes;
        for (const RecordedRequest &r : t.chatsOf(victim)) {
            if (!toolsOffered(r).count("et_werewolf_match_vote"))
                continue;
            if (r.json().at("messages").size() == 2)
                votes.emplace_back(); // a new conversation: the system prompt and the brief
            QVERIFY(!votes.empty());
            votes.back().push_back(r);
        }
        QVERIFY(!votes.empty());
        for (const auto &conversation : votes) {
            QCOMPARE(static_cast<int>(conversation.size()), perAction);
            for (std::size_t k = 0; k < conversation.size(); ++k)
                QVERIFY2(refusalsToldIn(conversation[k]) == static_cast<int>(k),
                         shownIn(conversation[k]).constData());
        }
        QCOMPARE(log->stats.standInTurns, static_cast<int>(votes.size()));
        QCOMPARE(log->stats.toolErrors, perAction * static_cast<int>(votes.size()));
        QVERIFY2(log->stats.failures.empty() && !log->stats.handedOver, qPrintable(stats));
        // The stand-in's votes counted; none was for the player that does not exist.
        QVERIFY(t.eventsBy(victim, engine::EventType::VoteCast, "voterPlayerId")
                >= static_cast<int>(votes.size()));
        for (const engine::Event &e : t.match()->log())
            if (e.type == engine::EventType::VoteCast)
                QVERIFY(e.payload.value("targetPlayerId", json()) != json("p:99"));
        verifyTheRestOfTheMatch(t, victim);
    }
};

QTEST_GUILESS_MAIN(TestPilotFaults)
#include "tst_pilotfaults.moc"
