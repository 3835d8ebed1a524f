// SPDX-License-Identifier: MIT
// What an agent developer meets in their first match, at the host's tool
// layer: wait_for_turn returns at once for a turn already waiting and carries
// the public messages since the caller's cursor; chat retries with the same
// idempotency key never post twice (inside the chat limit and across a
// restart); abandoned queue entries leave after the grace period; bots are
// topped up for the next match; the seed 002 tools (witch_act, hunter_shoot)
// answer every error and replay a key. The clock is the test's: nothing here waits
// for a phase timer.

#include "host/host.h"
#include "hostcall.h"

#include <QCoro/QCoroTask>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using json = nlohmann::json;
using engine::ActionType;
using engine::Phase;
using engine::Role;

namespace {

constexpr const char *WaitForTurn = "et.werewolf.match.wait_for_turn";
constexpr engine::TimeMs T0 = 1'800'000'000'000;

using townhall::test::runTool;

mcp::ToolResult call(host::Host &h, const host::Caller &c, const std::string &tool, json args)
{
    return townhall::test::callTool(h, c, tool, std::move(args));
}

host::Caller agent(const std::string &id)
{
    host::Caller c;
    c.agentId = id;
    c.displayName = id;
    return c;
}

std::string codeOf(const mcp::ToolResult &r)
{
    return r.ok() ? std::string("OK") : r.error().code;
}

/// A host on the test's clock (`*clock`), in memory unless `path` is given.
host::HostOptions options(const std::shared_ptr<engine::TimeMs> &clock,
                          const QString &path = QStringLiteral(":memory:"))
{
    host::HostOptions o;
    o.dbPath = path;
    o.seed = 7;
    o.rateLimits = false;
    o.clock = [clock] {
        return *clock;
    };
    return o;
}

/// A started host with a match of eight agents "a0".."a7" (or `seats` agents
/// from `queueId`), all ready (NIGHT).
struct Table
{
    std::shared_ptr<engine::TimeMs> clock = std::make_shared<engine::TimeMs>(T0);
    std::unique_ptr<host::Host> host;
    std::vector<host::Caller> agents;

    explicit Table(std::function<void(host::HostOptions &)> tweak = {},
                   const std::string &queueId = {},
                   int seats = 8)
    {
        host::HostOptions o = options(clock);
        if (tweak)
            tweak(o);
        host = std::make_unique<host::Host>(o);
        QString error;
        if (!host->start(&error))
            qFatal("host did not start: %s", qPrintable(error));
        for (int i = 0; i < seats; ++i) {
            agents.push_back(agent("a" + std::to_string(i)));
            const auto joined = call(*host,
                                     agents.back(),
                                     "et.werewolf.queue.join",
                                     queueId.empty() ? json::object() : json{{"queueId", queueId}});
            if (!joined)
                qFatal("join refused: %s", joined.error().message.c_str());
        }
        for (const host::Caller &c : agents) {
            const auto ready
                = call(*host, c, "et.werewolf.match.ready", json{{"matchId", "match-1"}});
            if (!ready)
                qFatal("ready refused: %s", ready.error().message.c_str());
        }
    }
    const engine::Match &match() const { return *host->lobby().match("match-1"); }
    const engine::Player &player(const host::Caller &c) const
    {
        return *match().playerByAgent(c.agentId);
    }
    host::Caller withRole(Role role, int nth = 0) const
    {
        for (const engine::Player &p : match().state().players)
            if (p.role == role && nth-- == 0)
                return agent(p.agentId);
        return {};
    }
    host::Caller byPlayer(const std::string &playerId) const
    {
        return agent(match().player(playerId)->agentId);
    }
    /// Skips phases (host control) until `phase`.
    bool reach(Phase phase)
    {
        for (int i = 0; i < 20 && match().state().phase != phase && !match().ended(); ++i)
            host->skipPhase("match-1");
        QCoreApplication::processEvents();
        return match().state().phase == phase;
    }
    mcp::ToolResult wait(const host::Caller &c, json extra = json::object())
    {
        extra["matchId"] = "match-1";
        if (!extra.contains("timeoutSeconds"))
            extra["timeoutSeconds"] = 25;
        return call(*host, c, WaitForTurn, extra);
    }
    mcp::ToolResult
    say(const host::Caller &c, const std::string &text, const std::string &kind = "DISCUSSION")
    {
        return call(*host,
                    c,
                    "et.werewolf.match.say_public",
                    json{{"matchId", "match-1"}, {"text", text}, {"kind", kind}});
    }
    /// In DAY_OPENING: every living player gives their opening in turn (the
    /// last one's ends the phase); returns the last speaker.
    host::Caller sayAllOpenings()
    {
        host::Caller who;
        for (const std::string &pid : match().state().openingOrder) {
            who = byPlayer(pid);
            if (!player(who).alive)
                continue;
            (void)QTest::qWaitFor([&] {
                return match().state().phase != Phase::DayOpening
                       || match().requiredAction(pid).type == ActionType::SpeakOpening;
            });
            const auto r = say(who, "My opening.", "OPENING");
            if (!r)
                qFatal("opening refused: %s", r.error().message.c_str());
        }
        return who;
    }
};

std::vector<std::string> messageTexts(const mcp::ToolResult &r)
{
    std::vector<std::string> texts;
    for (const json &m : r.value().at("state").at("recentPublicMessages"))
        texts.push_back(m.at("text").get<std::string>());
    return texts;
}

int countEvents(const engine::Match &m, engine::EventType type)
{
    return static_cast<int>(std::count_if(
        m.log().begin(), m.log().end(), [type](const engine::Event &e) { return e.type == type; }));
}

} // namespace

class TstAgentPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void waitReturnsAtOnceForAWaitingTurn_data();
    void waitReturnsAtOnceForAWaitingTurn();
    void waitBlocksOnceTheTurnIsTaken();
    void waitHoldsARateLimitedTurn();
    void waitCarriesTheMessagesSinceTheCursor();
    void waitRefusesAForeignCursor();
    void spectatorCursorSkipsHiddenEvents();
    void chatRetriesNeverPostTwice_data();
    void chatRetriesNeverPostTwice();
    void abandonedQueueEntriesLeave();
    void botsKeepWaitingForTheNextMatch();
    void botMatchesFollowOneAnother();
    void presetQueueSeatsItsTable();
    void hostRulesSetTheDefaultTable();
    void seed002ToolsInAClassicMatch();
    void witchAndHunterThroughTheToolLayer();
};

void TstAgentPath::waitReturnsAtOnceForAWaitingTurn_data()
{
    QTest::addColumn<int>("action");
    QTest::addColumn<bool>("lastOpener");
    QTest::newRow("WOLF_KILL") << int(ActionType::WolfKill) << false;
    QTest::newRow("SEER_INSPECT") << int(ActionType::SeerInspect) << false;
    QTest::newRow("DOCTOR_PROTECT") << int(ActionType::DoctorProtect) << false;
    QTest::newRow("SPEAK_OPENING") << int(ActionType::SpeakOpening) << false;
    QTest::newRow("SPEAK_DISCUSSION") << int(ActionType::SpeakDiscussion) << false;
    QTest::newRow("SPEAK_DISCUSSION, the last opener") << int(ActionType::SpeakDiscussion) << true;
    QTest::newRow("VOTE") << int(ActionType::Vote) << false;
}

// The turn is already there when the agent starts waiting. With the test's
// clock standing still nothing else can happen, so a wait that sleeps
// through the turn would run out its 25 s and answer changed = false.
void TstAgentPath::waitReturnsAtOnceForAWaitingTurn()
{
    QFETCH(int, action);
    QFETCH(bool, lastOpener);
    Table t;
    const auto type = ActionType(action);
    host::Caller who;
    switch (type) {
    case ActionType::WolfKill:
        who = t.withRole(Role::Werewolf);
        break;
    case ActionType::SeerInspect:
        who = t.withRole(Role::Seer);
        break;
    case ActionType::DoctorProtect:
        who = t.withRole(Role::Doctor);
        break;
    case ActionType::SpeakOpening:
        QVERIFY(t.reach(Phase::DayOpening));
        QTRY_VERIFY(t.match().state().openingIndex >= 0);
        who = t.byPlayer(
            t.match().state().openingOrder.at(std::size_t(t.match().state().openingIndex)));
        break;
    case ActionType::SpeakDiscussion:
        if (lastOpener) {
            // Everyone gives their opening in turn; the last one's ends DAY_OPENING.
            QVERIFY(t.reach(Phase::DayOpening));
            who = t.sayAllOpenings();
            QVERIFY(t.match().state().phase == Phase::DayDiscussion);
        } else {
            QVERIFY(t.reach(Phase::DayDiscussion));
            who = t.withRole(Role::Villager);
        }
        break;
    case ActionType::Vote:
        QVERIFY(t.reach(Phase::DayVote));
        who = t.withRole(Role::Werewolf);
        break;
    default:
        QFAIL("no such row");
    }
    QVERIFY(t.player(who).alive);
    const auto r = t.wait(who);
    QVERIFY2(r.ok(), codeOf(r).c_str());
    QVERIFY2(r.value().at("changed").get<bool>(), "the wait slept through a turn that was waiting");
    const json &req = r.value().at("state").at("you").at("requiredAction");
    QCOMPARE(req.at("type").get<std::string>(), std::string(engine::toString(type)));
    QVERIFY(!req.at("alreadySubmitted").get<bool>());
}

void TstAgentPath::waitBlocksOnceTheTurnIsTaken()
{
    Table t;
    QVERIFY(t.reach(Phase::DayDiscussion));
    const host::Caller v = t.withRole(Role::Villager);
    QCOMPARE(codeOf(t.say(v, "I have said my piece.")), std::string("OK"));
    const auto r = t.wait(v, json{{"timeoutSeconds", 1}});
    QVERIFY(r.ok());
    QVERIFY(!r.value().at("changed").get<bool>()); // nothing asked of them: the wait ran out
    QVERIFY(
        r.value().at("state").at("you").at("requiredAction").at("alreadySubmitted").get<bool>());
}

// Issue 29 item 4: the last opener's first discussion message comes within
// the 3 s public-chat limit of its opening and is refused. Answering its wait
// at once would set its loop spinning (1,309 waits in one match): the wait
// holds until the limit lifts, and says when in retryAfterMs if it runs out first.
void TstAgentPath::waitHoldsARateLimitedTurn()
{
    Table t([](host::HostOptions &o) { o.rateLimits = true; });
    QVERIFY(t.reach(Phase::DayOpening));
    const host::Caller last = t.sayAllOpenings();
    QVERIFY(t.match().state().phase == Phase::DayDiscussion);
    const auto refused = t.say(last, "Too soon.");
    QCOMPARE(codeOf(refused), std::string("RATE_LIMITED"));

    // The clock stands still: the limit holds for the whole (1 s) wait.
    auto r = t.wait(last, json{{"timeoutSeconds", 1}});
    QVERIFY2(r.ok(), codeOf(r).c_str());
    QVERIFY2(!r.value().at("changed").get<bool>(),
             "the wait answered at once while the turn was rate limited");
    QCOMPARE(r.value().value("retryAfterMs", std::int64_t(-1)), std::int64_t(3000));
    const json &req = r.value().at("state").at("you").at("requiredAction");
    QCOMPARE(req.at("type").get<std::string>(), std::string("SPEAK_DISCUSSION"));
    QVERIFY(!req.at("alreadySubmitted").get<bool>());

    // The limit lifts during a wait: the wait wakes for the turn.
    QTimer::singleShot(50, [&] { *t.clock += 3000; });
    r = t.wait(last);
    QVERIFY2(r.ok(), codeOf(r).c_str());
    QVERIFY2(r.value().at("changed").get<bool>(),
             "the wait slept through the turn once the limit lifted");
    QVERIFY(!r.value().contains("retryAfterMs"));
    QCOMPARE(codeOf(t.say(last, "Now I may speak.")), std::string("OK"));
}

void TstAgentPath::waitCarriesTheMessagesSinceTheCursor()
{
    Table t;
    QVERIFY(t.reach(Phase::DayDiscussion));
    const host::Caller a = t.withRole(Role::Villager, 0);
    const host::Caller b = t.withRole(Role::Villager, 1);
    QCOMPARE(codeOf(t.say(a, "one")), std::string("OK"));

    const auto first = t.wait(b); // b's discussion turn waits: at once
    QVERIFY(first.ok());
    QCOMPARE(messageTexts(first).back(), std::string("one"));
    const std::string cursor = first.value().at("lastEventId").get<std::string>();
    QCOMPARE(cursor,
             engine::makeEventId("match-1",
                                 t.match().state().lastSeq)); // b's own view: a public message

    const auto said = t.say(b, "b1");
    QCOMPARE(codeOf(said), std::string("OK"));
    // b has spoken; it waits for what is new after its own message (its
    // eventId is a cursor too) while a speaks.
    const std::string afterOwn = said.value().at("eventId").get<std::string>();
    std::optional<mcp::ToolResult> waited;
    auto pending = runTool(t.host.get(),
                           b,
                           WaitForTurn,
                           json{{"matchId", "match-1"}, {"afterEventId", afterOwn}},
                           &waited);
    QCoreApplication::processEvents();
    QVERIFY(!waited); // nothing after b's own message yet
    QCOMPARE(codeOf(t.say(a, "two")), std::string("OK"));
    QCoro::waitFor(pending);
    QVERIFY(waited && waited->ok());
    QVERIFY(waited->value().at("changed").get<bool>());
    QCOMPARE(messageTexts(*waited), std::vector<std::string>{"two"});

    // The first cursor covers both messages after it.
    const auto both = t.wait(b, json{{"afterEventId", cursor}});
    QVERIFY(both.ok());
    QCOMPARE(messageTexts(both), (std::vector<std::string>{"b1", "two"}));

    // Without a cursor, a wait starts where the caller's last one ended.
    const auto quiet = t.wait(b, json{{"timeoutSeconds", 1}});
    QVERIFY(quiet.ok());
    QVERIFY(!quiet.value().at("changed").get<bool>());
    QVERIFY(messageTexts(quiet).empty());
}

void TstAgentPath::waitRefusesAForeignCursor()
{
    Table t;
    const auto r = t.wait(t.agents[0], json{{"afterEventId", "match-9:00000003"}});
    QCOMPARE(codeOf(r), std::string("INVALID_ARGUMENT"));
}

// A spectator's lastEventId is the newest public event: a wolf's choice at
// night (a hidden event) must not move it.
void TstAgentPath::spectatorCursorSkipsHiddenEvents()
{
    Table t;
    QVERIFY(t.match().state().phase == Phase::Night);
    const host::Caller spectator;
    const auto before = t.wait(spectator, json{{"timeoutSeconds", 1}});
    QVERIFY(before.ok());
    const host::Caller wolf = t.withRole(Role::Werewolf);
    const std::string target
        = t.match().requiredAction(t.player(wolf).playerId).allowedTargets.front();
    QVERIFY(call(*t.host,
                 wolf,
                 "et.werewolf.match.night.wolf_kill",
                 json{{"matchId", "match-1"}, {"targetPlayerId", target}})
                .ok());
    const auto after = t.wait(spectator, json{{"timeoutSeconds", 1}});
    QVERIFY(after.ok());
    QVERIFY(t.match().state().lastSeq
            > engine::seqFromEventId("match-1", before.value().at("lastEventId").get<std::string>())
                  .value());
    QCOMPARE(after.value().at("lastEventId"), before.value().at("lastEventId"));
}

void TstAgentPath::chatRetriesNeverPostTwice_data()
{
    QTest::addColumn<QString>("tool");
    QTest::newRow("say_public") << QStringLiteral("et.werewolf.match.say_public");
    QTest::newRow("wolf_chat") << QStringLiteral("et.werewolf.match.night.wolf_chat");
}

void TstAgentPath::chatRetriesNeverPostTwice()
{
    QFETCH(QString, tool);
    const bool wolfChat = tool.endsWith(QLatin1String("wolf_chat"));
    const auto eventType
        = wolfChat ? engine::EventType::WolfChatMessage : engine::EventType::PublicMessage;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chat.sqlite"));
    auto clock = std::make_shared<engine::TimeMs>(T0);
    auto tweak = [&](host::HostOptions &o) {
        o = options(clock, path);
        o.rateLimits = true; // the retry comes inside the chat limit
    };
    json args{{"matchId", "match-1"}, {"text", "Trust me."}, {"idempotencyKey", "chat-key-0001"}};
    if (!wolfChat)
        args["kind"] = "DISCUSSION";
    json first;
    host::Caller speaker;
    int before = 0;
    {
        Table t(tweak);
        QVERIFY(wolfChat || t.reach(Phase::DayDiscussion));
        speaker = t.withRole(Role::Werewolf);
        *clock += 10'000; // past any earlier message's limit
        before = countEvents(t.match(), eventType);
        const auto r1 = call(*t.host, speaker, tool.toStdString(), args);
        QVERIFY2(r1.ok(), codeOf(r1).c_str());
        first = r1.value();
        const auto r2 = call(*t.host, speaker, tool.toStdString(), args);
        QVERIFY2(r2.ok(), codeOf(r2).c_str()); // not RATE_LIMITED: the key is looked up first
        QCOMPARE(r2.value().dump(), first.dump());
        json other = args;
        other["text"] = "Trust me twice.";
        QCOMPARE(codeOf(call(*t.host, speaker, tool.toStdString(), other)),
                 std::string("IDEMPOTENCY_KEY_REUSED"));
        json fresh = args;
        fresh["idempotencyKey"] = "chat-key-0002";
        QCOMPARE(codeOf(call(*t.host, speaker, tool.toStdString(), fresh)),
                 std::string("RATE_LIMITED"));
        QCOMPARE(countEvents(t.match(), eventType), before + 1);
    }
    // A restarted host still knows the key.
    host::Host again(options(clock, path));
    QString error;
    QVERIFY2(again.start(&error), qPrintable(error));
    const auto r3 = call(again, speaker, tool.toStdString(), args);
    QVERIFY2(r3.ok(), codeOf(r3).c_str());
    QCOMPARE(r3.value().dump(), first.dump());
    QCOMPARE(countEvents(*again.lobby().match("match-1"), eventType), before + 1);
}

void TstAgentPath::abandonedQueueEntriesLeave()
{
    QTemporaryDir dir;
    auto clock = std::make_shared<engine::TimeMs>(T0);
    host::HostOptions o = options(clock, dir.filePath(QStringLiteral("queue.sqlite")));
    o.queueGrace = std::chrono::seconds(60);
    host::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    QSignalSpy abandoned(&host, &host::Host::queueAbandoned);
    std::set<std::string> present;
    host.setPresenceProbe([&present](const std::string &id, std::chrono::milliseconds) {
        return present.count(id) > 0;
    });
    auto queued = [&host](const std::string &id) {
        const auto &q = host.lobby().queue();
        return std::any_of(
            q.begin(), q.end(), [&](const engine::QueueEntry &e) { return e.agentId == id; });
    };

    const host::Caller guest = agent("guest:0123456789abcdef");
    const host::Caller registered = agent("agent:reg");
    const host::Caller streaming = agent("agent:stream");
    for (const host::Caller &c : {guest, registered, streaming})
        QVERIFY(call(host, c, "et.werewolf.queue.join", json::object()).ok());
    present.insert(streaming.agentId); // an open stream: live without calling

    *clock += 30'000;
    QVERIFY(host.sweepAbandonedQueue().isEmpty());
    QVERIFY(
        call(host, registered, "et.werewolf.queue.status", json::object()).ok()); // back at 30 s
    *clock += 31'000;                                                             // 61 s
    QCOMPARE(host.sweepAbandonedQueue(), QStringList{QString::fromStdString(guest.displayName)});
    QVERIFY(!queued(guest.agentId));
    QVERIFY(queued(registered.agentId)); // 31 s since its last call
    QCOMPARE(abandoned.count(), 1);
    *clock += 30'000; // 61 s since its last call
    host.sweepAbandonedQueue();
    QVERIFY(!queued(registered.agentId));
    QVERIFY(queued(streaming.agentId));
    present.clear(); // its stream closed
    QCOMPARE(host.sweepAbandonedQueue().size(), 1);
    QVERIFY(host.lobby().queue().empty());

    // Each left with a journal record that says why, once committed.
    auto abandonedRecords = [&host] {
        int n = 0;
        if (const auto journal = host.store()->loadLobbyJournal())
            for (const engine::LobbyRecord &r : journal.value())
                n += r.kind == engine::LobbyRecord::Kind::Left && r.reason == "abandoned";
        return n;
    };
    QTRY_COMPARE(abandonedRecords(), 3);
}

void TstAgentPath::botsKeepWaitingForTheNextMatch()
{
    auto clock = std::make_shared<engine::TimeMs>(T0);
    host::Host host(options(clock));
    QString error;
    QVERIFY(host.start(&error));
    auto botsWaiting = [&host] {
        const auto &q = host.lobby().queue();
        return std::count_if(q.begin(), q.end(), [](const engine::QueueEntry &e) {
            return e.agentId.rfind("bot:", 0) == 0;
        });
    };
    host.keepBotsWaiting(100); // more than a table: bots alone never start a match
    QCOMPARE(botsWaiting(), engine::SeatCount - 1);
    QCOMPARE(host.lobby().matchCounter(), 0);
    for (int n = 1; n <= 3; ++n) {
        QVERIFY(
            call(host, agent("dev:" + std::to_string(n)), "et.werewolf.queue.join", json::object())
                .ok());
        QCOMPARE(host.lobby().matchCounter(), n); // the agent found its table at once
        QCOMPARE(botsWaiting(), engine::SeatCount - 1);
    }
    host.keepBotsWaiting(0);
    QVERIFY(call(host, agent("dev:4"), "et.werewolf.queue.join", json::object()).ok());
    QCOMPARE(botsWaiting(), 0);
}

// Issue 29 item 3: `--bots 8` played one match and idled for good. With a
// table's worth of bots or more, bot matches follow one another, one at a
// time, and seven bots still wait for agents.
void TstAgentPath::botMatchesFollowOneAnother()
{
    host::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.seed = 11;
    o.speed = 400; // a bot match in well under a second of timers
    host::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    auto botsWaiting = [&host] {
        const auto &q = host.lobby().queue();
        return std::count_if(q.begin(), q.end(), [](const engine::QueueEntry &e) {
            return e.agentId.rfind("bot:", 0) == 0;
        });
    };
    int mostAtOnce = 0;
    QObject::connect(&host, &host::Host::matchStarted, &host, [&] {
        mostAtOnce = std::max(mostAtOnce, host.botOnlyMatches());
    });
    host.keepBots(engine::SeatCount, std::chrono::milliseconds(10));
    QCOMPARE(host.lobby().matchCounter(), 1);
    QTRY_COMPARE(botsWaiting(),
                 engine::SeatCount - 1); // refilled once the table's join is committed
    QTRY_VERIFY_WITH_TIMEOUT(host.lobby().matchCounter() >= 3, 120000);
    QCOMPARE(mostAtOnce, 1);
    QTRY_COMPARE(botsWaiting(), engine::SeatCount - 1);
    // No bot at a table carries a number in its name ("Cora 5").
    for (const auto &[id, m] : host.lobby().matches())
        for (const engine::Player &p : m->state().players)
            QVERIFY2(p.displayName.find_first_of("0123456789") == std::string::npos,
                     p.displayName.c_str());
    // An agent that queues meanwhile sits down at once with the waiting bots.
    const int before = host.lobby().matchCounter();
    QVERIFY(call(host, agent("dev"), "et.werewolf.queue.join", json::object()).ok());
    QVERIFY(host.lobby().activeAssignment("dev").has_value());
    QVERIFY(host.lobby().matchCounter() > before);
    host.keepBots(0);
}

void TstAgentPath::presetQueueSeatsItsTable()
{
    auto clock = std::make_shared<engine::TimeMs>(T0);
    host::Host host(options(clock));
    QString error;
    QVERIFY(host.start(&error));
    const json nine{{"queueId", "werewolf-seed002-9"}};
    for (int i = 0; i < 8; ++i) {
        const auto r = call(host, agent("n" + std::to_string(i)), "et.werewolf.queue.join", nine);
        QVERIFY2(r.ok(), codeOf(r).c_str());
        QCOMPARE(r.value()["queue"]["requiredPlayers"].get<int>(), 9);
        QCOMPARE(r.value()["queue"]["position"].get<int>(), i + 1);
    }
    QCOMPARE(host.lobby().matchCounter(), 0);
    const auto status = call(host, agent("n2"), "et.werewolf.queue.status", nine);
    QCOMPARE(status.value()["queue"]["size"].get<int>(), 8);
    QCOMPARE(status.value()["queue"]["position"].get<int>(), 3);
    const auto left = call(host, agent("n7"), "et.werewolf.queue.leave", nine);
    QCOMPARE(left.value()["queue"]["requiredPlayers"].get<int>(), 9);
    QVERIFY(call(host, agent("n7"), "et.werewolf.queue.join", nine).ok());
    const auto last = call(host, agent("n8"), "et.werewolf.queue.join", nine);
    QVERIFY2(last.ok(), codeOf(last).c_str());
    QCOMPARE(last.value()["queue"]["position"].get<int>(), 9); // the seat that filled the table
    QCOMPARE(last.value()["matchAssignment"]["matchId"].get<std::string>(), std::string("match-1"));
    QCOMPARE(host.lobby().match("match-1")->state().players.size(), std::size_t(9));
    QCOMPARE(host.lobby().match("match-1")->state().config.rules, *engine::rulePreset("seed002-9"));
    // The default queue still seats eight, and a queue nobody has is refused.
    QCOMPARE(call(host, agent("d0"), "et.werewolf.queue.join", json::object())
                 .value()["queue"]["requiredPlayers"]
                 .get<int>(),
             8);
    QCOMPARE(
        codeOf(call(
            host, agent("d1"), "et.werewolf.queue.join", json{{"queueId", "werewolf-seed003"}})),
        std::string("UNKNOWN_QUEUE"));
}

void TstAgentPath::hostRulesSetTheDefaultTable()
{
    auto clock = std::make_shared<engine::TimeMs>(T0);
    host::HostOptions o = options(clock);
    o.rules = *engine::rulePreset("12p");
    host::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    QCOMPARE(host.seatCount(), 12);
    host.keepBotsWaiting(100);
    QCOMPARE(int(host.lobby().queue().size()), 11); // a table less one
    QCOMPARE(host.lobby().matchCounter(), 0);
    const auto joined = call(host, agent("dev"), "et.werewolf.queue.join", json::object());
    QVERIFY2(joined.ok(), codeOf(joined).c_str());
    QCOMPARE(joined.value()["queue"]["requiredPlayers"].get<int>(), 12);
    QCOMPARE(host.lobby().match("match-1")->state().players.size(), std::size_t(12));
    // Bots can be sent to another queue; it fills at its own size.
    host.keepBotsWaiting(0);
    host.addBots(5, "werewolf-seed002-6");
    QCOMPARE(host.lobby().queue("werewolf-seed002-6").size(), std::size_t(5));
    host.queueBot(QStringLiteral("Sixth"), "werewolf-seed002-6");
    QCOMPARE(host.lobby().matchCounter(), 2);
    QCOMPARE(host.lobby().match("match-2")->state().players.size(), std::size_t(6));
    // A rule set registered as a queue.
    engine::RuleSet house = *engine::rulePreset("9p");
    house.name = "house";
    house.maxDays = 3;
    QVERIFY(host.registerQueue("house", house));
    QCOMPARE(host.seatCount("house"), 9);
    QVERIFY(!host.registerQueue("house", house));
}

void TstAgentPath::seed002ToolsInAClassicMatch()
{
    Table t;
    for (const host::Caller &c : t.agents) {
        const std::string role(engine::toString(t.player(c).role));
        QCOMPARE(codeOf(call(*t.host,
                             c,
                             "et.werewolf.match.night.witch_act",
                             json{{"matchId", "match-1"}, {"action", "PASS"}})),
                 std::string("NOT_YOUR_ROLE"));
        QCOMPARE(codeOf(call(*t.host,
                             c,
                             "et.werewolf.match.hunter_shoot",
                             json{{"matchId", "match-1"}, {"targetPlayerId", nullptr}})),
                 std::string("NOT_YOUR_ROLE"));
    }
    // A classic state is the projection's own: no seed 002 fields appear.
    const auto state = call(*t.host,
                            t.withRole(Role::Werewolf),
                            "et.werewolf.match.get_state",
                            json{{"matchId", "match-1"}});
    QVERIFY(!state.value()["state"]["you"]["requiredAction"].contains("antidote"));
    QVERIFY(!state.value()["state"]["you"]["requiredAction"].contains("pk"));
}

void TstAgentPath::witchAndHunterThroughTheToolLayer()
{
    Table t({}, "werewolf-seed002-9", 9);
    QCOMPARE(t.match().state().players.size(), std::size_t(9));
    const host::Caller witch = t.withRole(Role::Witch);
    const host::Caller hunter = t.withRole(Role::Hunter);
    const host::Caller seer = t.withRole(Role::Seer);
    const host::Caller villager = t.withRole(Role::Villager);
    const host::Caller villager2 = t.withRole(Role::Villager, 1);
    const std::string witchId = t.player(witch).playerId;
    const std::string hunterId = t.player(hunter).playerId;
    const std::string villagerId = t.player(villager).playerId;
    auto act = [&](const host::Caller &c, json args) {
        args["matchId"] = "match-1";
        return call(*t.host, c, "et.werewolf.match.night.witch_act", std::move(args));
    };
    auto shoot = [&](const host::Caller &c, json target, json extra = json::object()) {
        extra["matchId"] = "match-1";
        extra["targetPlayerId"] = std::move(target);
        return call(*t.host, c, "et.werewolf.match.hunter_shoot", std::move(extra));
    };
    auto required = [&](const host::Caller &c) {
        return call(*t.host, c, "et.werewolf.match.get_state", json{{"matchId", "match-1"}})
            .value()["state"]["you"]["requiredAction"];
    };
    auto wolvesKill = [&](const std::string &target) {
        for (int w = 0; w < 3; ++w) {
            const auto r = call(*t.host,
                                t.withRole(Role::Werewolf, w),
                                "et.werewolf.match.night.wolf_kill",
                                json{{"matchId", "match-1"}, {"targetPlayerId", target}});
            if (!r.ok())
                return codeOf(r);
        }
        return std::string("OK");
    };

    // Night 1, before the witch's turn: the witch waits, everyone else is not the witch.
    QVERIFY(t.match().state().phase == Phase::Night);
    const auto early = act(witch, json{{"action", "PASS"}});
    QCOMPARE(codeOf(early), std::string("WRONG_PHASE"));
    QVERIFY(early.error().retryable);
    QCOMPARE(codeOf(shoot(hunter, nullptr)), std::string("WRONG_PHASE"));

    QCOMPARE(wolvesKill(hunterId), std::string("OK"));
    QVERIFY(t.reach(Phase::NightWitch));
    const json ra = required(witch);
    QCOMPARE(ra["type"].get<std::string>(), std::string("WITCH_ACT"));
    QCOMPARE(ra["killedPlayerId"].get<std::string>(), hunterId);
    QVERIFY(ra["antidote"].get<bool>());
    QVERIFY(ra["poison"].get<bool>());
    // Nobody else learns the victim: not a villager, not the hunter himself, not a spectator.
    for (const host::Caller &c : {villager, hunter, seer})
        QVERIFY(!required(c).contains("killedPlayerId"));
    const auto spectator = call(
        *t.host, host::Caller{}, "et.werewolf.match.get_state", json{{"matchId", "match-1"}});
    QVERIFY(spectator.ok());
    QVERIFY(spectator.value()["state"].dump().find("killedPlayerId") == std::string::npos);

    struct Row
    {
        const char *name;
        host::Caller who;
        json args;
        const char *code;
    };
    const std::vector<Row> rows{
        {"not the witch", villager, json{{"action", "SAVE"}}, "NOT_YOUR_ROLE"},
        {"the seer",
         seer,
         json{{"action", "POISON"}, {"targetPlayerId", villagerId}},
         "NOT_YOUR_ROLE"},
        {"unknown action", witch, json{{"action", "BREW"}}, "INVALID_ARGUMENT"},
        {"poison herself",
         witch,
         json{{"action", "POISON"}, {"targetPlayerId", witchId}},
         "INVALID_TARGET"},
        {"poison a stranger",
         witch,
         json{{"action", "POISON"}, {"targetPlayerId", "p:99"}},
         "INVALID_TARGET"},
        {"poison no one", witch, json{{"action", "POISON"}}, "INVALID_TARGET"},
        {"save someone else",
         witch,
         json{{"action", "SAVE"}, {"targetPlayerId", villagerId}},
         "INVALID_TARGET"},
        {"not seated", agent("stranger"), json{{"action", "PASS"}}, "NOT_IN_MATCH"},
    };
    const auto eventsBefore = t.match().log().size();
    for (const Row &row : rows)
        QVERIFY2(codeOf(act(row.who, row.args)) == row.code, row.name);
    QCOMPARE(t.match().log().size(), eventsBefore); // refusals change nothing
    QVERIFY(t.match().state().phase == Phase::NightWitch);
    QCOMPARE(codeOf(shoot(hunter, nullptr)), std::string("WRONG_PHASE")); // alive yet

    // SAVE with a key; the same call again is answered from the key.
    const json save{{"action", "SAVE"}, {"idempotencyKey", "witch-key-0001"}};
    const auto saved = act(witch, save);
    QVERIFY2(saved.ok(), codeOf(saved).c_str());
    QCOMPARE(saved.value()["witch"]["action"].get<std::string>(), std::string("SAVE"));
    QCOMPARE(saved.value()["witch"]["targetPlayerId"].get<std::string>(), hunterId);
    QCOMPARE(saved.value()["witch"]["byPlayerId"].get<std::string>(), witchId);
    const auto replay = act(witch, save);
    QVERIFY2(replay.ok(), codeOf(replay).c_str());
    QCOMPARE(replay.value().dump(), saved.value().dump());
    QCOMPARE(countEvents(t.match(), engine::EventType::WitchActed), 1);
    json reused = save;
    reused["action"] = "PASS";
    QCOMPARE(codeOf(act(witch, reused)), std::string("IDEMPOTENCY_KEY_REUSED"));
    QVERIFY(t.match().player(hunterId)->alive || t.match().state().phase == Phase::NightWitch);

    // Night 2: the antidote is gone; the hunter dies and shoots.
    QVERIFY(t.reach(Phase::Night));
    QVERIFY(t.match().player(hunterId)->alive);
    QCOMPARE(wolvesKill(hunterId), std::string("OK"));
    QVERIFY(t.reach(Phase::NightWitch));
    const json ra2 = required(witch);
    QVERIFY(!ra2["antidote"].get<bool>());
    QVERIFY(ra2["poison"].get<bool>());
    QCOMPARE(codeOf(act(witch, json{{"action", "SAVE"}})), std::string("NO_POTION"));
    const auto passed = act(witch, json{{"action", "PASS"}});
    QVERIFY2(passed.ok(), codeOf(passed).c_str());
    QVERIFY(passed.value()["witch"]["targetPlayerId"].is_null());
    QCOMPARE(codeOf(act(witch, json{{"action", "PASS"}})),
             std::string("WRONG_PHASE")); // her turn is over
    QVERIFY(t.reach(Phase::HunterShot));
    QVERIFY(!t.match().player(hunterId)->alive);
    QCOMPARE(required(hunter)["type"].get<std::string>(), std::string("HUNTER_SHOOT"));

    std::string deadId;
    for (const engine::Player &p : t.match().state().players)
        if (!p.alive && p.playerId != hunterId)
            deadId = p.playerId;
    const std::vector<Row> shots{
        {"not the hunter", villager, json(villagerId), "NOT_YOUR_ROLE"},
        {"himself", hunter, json(hunterId), "INVALID_TARGET"},
        {"a stranger", hunter, json("p:99"), "INVALID_TARGET"},
        {"empty", hunter, json(""), "INVALID_TARGET"},
    };
    for (const Row &row : shots)
        QVERIFY2(codeOf(shoot(row.who, row.args)) == row.code, row.name);
    if (!deadId.empty())
        QCOMPARE(codeOf(shoot(hunter, deadId)), std::string("INVALID_TARGET"));
    const auto shot
        = shoot(hunter,
                villager2.agentId.empty() ? json(villagerId) : json(t.player(villager2).playerId),
                json{{"idempotencyKey", "hunter-key-0001"}});
    QVERIFY2(shot.ok(), codeOf(shot).c_str());
    const std::string target = shot.value()["shot"]["targetPlayerId"].get<std::string>();
    QCOMPARE(shot.value()["shot"]["byPlayerId"].get<std::string>(), hunterId);
    QVERIFY(!t.match().player(target)->alive);
    const auto again = shoot(hunter, target, json{{"idempotencyKey", "hunter-key-0001"}});
    QCOMPARE(again.value().dump(), shot.value().dump());
    QCOMPARE(codeOf(shoot(hunter, target)), std::string("WRONG_PHASE")); // one shot
}

QTEST_GUILESS_MAIN(TstAgentPath)
#include "tst_agentpath.moc"
