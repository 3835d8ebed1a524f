// SPDX-License-Identifier: MIT
// What an agent developer meets in their first match, at the host's tool
// layer: wait_for_turn returns at once for a turn already waiting and carries
// the public messages since the caller's cursor; chat retries with the same
// idempotency key never post twice (inside the chat limit and across a
// restart); abandoned queue entries leave after the grace period; bots are
// topped up for the next match. The clock is the test's: nothing here waits
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

std::string codeOf(const mcp::ToolResult &r) { return r.ok() ? std::string("OK") : r.error().code; }

/// A host on the test's clock (`*clock`), in memory unless `path` is given.
host::HostOptions options(const std::shared_ptr<engine::TimeMs> &clock, const QString &path = QStringLiteral(":memory:"))
{
    host::HostOptions o;
    o.dbPath = path;
    o.seed = 7;
    o.rateLimits = false;
    o.clock = [clock] { return *clock; };
    return o;
}

/// A started host with a match of eight agents "a0".."a7", all ready (NIGHT).
struct Table
{
    std::shared_ptr<engine::TimeMs> clock = std::make_shared<engine::TimeMs>(T0);
    std::unique_ptr<host::Host> host;
    std::vector<host::Caller> agents;

    explicit Table(std::function<void(host::HostOptions &)> tweak = {})
    {
        host::HostOptions o = options(clock);
        if (tweak)
            tweak(o);
        host = std::make_unique<host::Host>(o);
        QString error;
        if (!host->start(&error))
            qFatal("host did not start: %s", qPrintable(error));
        for (int i = 0; i < 8; ++i) {
            agents.push_back(agent("a" + std::to_string(i)));
            const auto joined = call(*host, agents.back(), "et.werewolf.queue.join", json::object());
            if (!joined)
                qFatal("join refused: %s", joined.error().message.c_str());
        }
        for (const host::Caller &c : agents) {
            const auto ready = call(*host, c, "et.werewolf.match.ready", json{{"matchId", "match-1"}});
            if (!ready)
                qFatal("ready refused: %s", ready.error().message.c_str());
        }
    }
    const engine::Match &match() const { return *host->lobby().match("match-1"); }
    const engine::Player &player(const host::Caller &c) const { return *match().playerByAgent(c.agentId); }
    host::Caller withRole(Role role, int nth = 0) const
    {
        for (const engine::Player &p : match().state().players)
            if (p.role == role && nth-- == 0)
                return agent(p.agentId);
        return {};
    }
    host::Caller byPlayer(const std::string &playerId) const { return agent(match().player(playerId)->agentId); }
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
    mcp::ToolResult say(const host::Caller &c, const std::string &text, const std::string &kind = "DISCUSSION")
    {
        return call(*host, c, "et.werewolf.match.say_public",
                    json{{"matchId", "match-1"}, {"text", text}, {"kind", kind}});
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
    return static_cast<int>(std::count_if(m.log().begin(), m.log().end(),
                                          [type](const engine::Event &e) { return e.type == type; }));
}

} // namespace

class TstAgentPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void waitReturnsAtOnceForAWaitingTurn_data();
    void waitReturnsAtOnceForAWaitingTurn();
    void waitBlocksOnceTheTurnIsTaken();
    void waitCarriesTheMessagesSinceTheCursor();
    void waitRefusesAForeignCursor();
    void spectatorCursorSkipsHiddenEvents();
    void chatRetriesNeverPostTwice_data();
    void chatRetriesNeverPostTwice();
    void abandonedQueueEntriesLeave();
    void botsKeepWaitingForTheNextMatch();
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
    case ActionType::WolfKill: who = t.withRole(Role::Werewolf); break;
    case ActionType::SeerInspect: who = t.withRole(Role::Seer); break;
    case ActionType::DoctorProtect: who = t.withRole(Role::Doctor); break;
    case ActionType::SpeakOpening:
        QVERIFY(t.reach(Phase::DayOpening));
        QTRY_VERIFY(t.match().state().openingIndex >= 0);
        who = t.byPlayer(t.match().state().openingOrder.at(std::size_t(t.match().state().openingIndex)));
        break;
    case ActionType::SpeakDiscussion:
        if (lastOpener) {
            // Everyone gives their opening in turn; the last one's ends DAY_OPENING.
            QVERIFY(t.reach(Phase::DayOpening));
            const auto order = t.match().state().openingOrder;
            for (const std::string &pid : order) {
                who = t.byPlayer(pid);
                if (!t.player(who).alive)
                    continue;
                QTRY_VERIFY(t.match().state().phase != Phase::DayOpening
                            || t.match().requiredAction(pid).type == ActionType::SpeakOpening);
                QCOMPARE(codeOf(t.say(who, "My opening.", "OPENING")), std::string("OK"));
            }
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
    default: QFAIL("no such row");
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
    QVERIFY(!r.value().at("changed").get<bool>());  // nothing asked of them: the wait ran out
    QVERIFY(r.value().at("state").at("you").at("requiredAction").at("alreadySubmitted").get<bool>());
}

void TstAgentPath::waitCarriesTheMessagesSinceTheCursor()
{
    Table t;
    QVERIFY(t.reach(Phase::DayDiscussion));
    const host::Caller a = t.withRole(Role::Villager, 0);
    const host::Caller b = t.withRole(Role::Villager, 1);
    QCOMPARE(codeOf(t.say(a, "one")), std::string("OK"));

    const auto first = t.wait(b);  // b's discussion turn waits: at once
    QVERIFY(first.ok());
    QCOMPARE(messageTexts(first).back(), std::string("one"));
    const std::string cursor = first.value().at("lastEventId").get<std::string>();
    QCOMPARE(cursor, engine::makeEventId("match-1", t.match().state().lastSeq));  // b's own view: a public message

    const auto said = t.say(b, "b1");
    QCOMPARE(codeOf(said), std::string("OK"));
    // b has spoken; it waits for what is new after its own message (its
    // eventId is a cursor too) while a speaks.
    const std::string afterOwn = said.value().at("eventId").get<std::string>();
    std::optional<mcp::ToolResult> waited;
    auto pending = runTool(t.host.get(), b, WaitForTurn, json{{"matchId", "match-1"}, {"afterEventId", afterOwn}}, &waited);
    QCoreApplication::processEvents();
    QVERIFY(!waited);  // nothing after b's own message yet
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
    const std::string target = t.match().requiredAction(t.player(wolf).playerId).allowedTargets.front();
    QVERIFY(call(*t.host, wolf, "et.werewolf.match.night.wolf_kill", json{{"matchId", "match-1"}, {"targetPlayerId", target}}).ok());
    const auto after = t.wait(spectator, json{{"timeoutSeconds", 1}});
    QVERIFY(after.ok());
    QVERIFY(t.match().state().lastSeq > engine::seqFromEventId("match-1", before.value().at("lastEventId").get<std::string>()).value());
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
    const auto eventType = wolfChat ? engine::EventType::WolfChatMessage : engine::EventType::PublicMessage;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chat.sqlite"));
    auto clock = std::make_shared<engine::TimeMs>(T0);
    auto tweak = [&](host::HostOptions &o) {
        o = options(clock, path);
        o.rateLimits = true;  // the retry comes inside the chat limit
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
        *clock += 10'000;  // past any earlier message's limit
        before = countEvents(t.match(), eventType);
        const auto r1 = call(*t.host, speaker, tool.toStdString(), args);
        QVERIFY2(r1.ok(), codeOf(r1).c_str());
        first = r1.value();
        const auto r2 = call(*t.host, speaker, tool.toStdString(), args);
        QVERIFY2(r2.ok(), codeOf(r2).c_str());  // not RATE_LIMITED: the key is looked up first
        QCOMPARE(r2.value().dump(), first.dump());
        json other = args;
        other["text"] = "Trust me twice.";
        QCOMPARE(codeOf(call(*t.host, speaker, tool.toStdString(), other)), std::string("IDEMPOTENCY_KEY_REUSED"));
        json fresh = args;
        fresh["idempotencyKey"] = "chat-key-0002";
        QCOMPARE(codeOf(call(*t.host, speaker, tool.toStdString(), fresh)), std::string("RATE_LIMITED"));
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
    host.setPresenceProbe([&present](const std::string &id, std::chrono::milliseconds) { return present.count(id) > 0; });
    auto queued = [&host](const std::string &id) {
        const auto &q = host.lobby().queue();
        return std::any_of(q.begin(), q.end(), [&](const engine::QueueEntry &e) { return e.agentId == id; });
    };

    const host::Caller guest = agent("guest:0123456789abcdef");
    const host::Caller registered = agent("agent:reg");
    const host::Caller streaming = agent("agent:stream");
    for (const host::Caller &c : {guest, registered, streaming})
        QVERIFY(call(host, c, "et.werewolf.queue.join", json::object()).ok());
    present.insert(streaming.agentId);  // an open stream: live without calling

    *clock += 30'000;
    QVERIFY(host.sweepAbandonedQueue().isEmpty());
    QVERIFY(call(host, registered, "et.werewolf.queue.status", json::object()).ok());  // back at 30 s
    *clock += 31'000;  // 61 s
    QCOMPARE(host.sweepAbandonedQueue(), QStringList{QString::fromStdString(guest.displayName)});
    QVERIFY(!queued(guest.agentId));
    QVERIFY(queued(registered.agentId));  // 31 s since its last call
    QCOMPARE(abandoned.count(), 1);
    *clock += 30'000;  // 61 s since its last call
    host.sweepAbandonedQueue();
    QVERIFY(!queued(registered.agentId));
    QVERIFY(queued(streaming.agentId));
    present.clear();  // its stream closed
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
        return std::count_if(q.begin(), q.end(), [](const engine::QueueEntry &e) { return e.agentId.rfind("bot:", 0) == 0; });
    };
    host.keepBotsWaiting(100);  // more than a table: bots alone never start a match
    QCOMPARE(botsWaiting(), engine::SeatCount - 1);
    QCOMPARE(host.lobby().matchCounter(), 0);
    for (int n = 1; n <= 3; ++n) {
        QVERIFY(call(host, agent("dev:" + std::to_string(n)), "et.werewolf.queue.join", json::object()).ok());
        QCOMPARE(host.lobby().matchCounter(), n);  // the agent found its table at once
        QCOMPARE(botsWaiting(), engine::SeatCount - 1);
    }
    host.keepBotsWaiting(0);
    QVERIFY(call(host, agent("dev:4"), "et.werewolf.queue.join", json::object()).ok());
    QCOMPARE(botsWaiting(), 0);
}

QTEST_GUILESS_MAIN(TstAgentPath)
#include "tst_agentpath.moc"
