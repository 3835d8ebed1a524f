// SPDX-License-Identifier: MIT
// Tournaments in the store and through the host: bot tournaments at virtual
// time on worker threads (the same table however many threads and however
// often stopped), stored logs that replay, a live tournament of bots,
// scripted model seats and a push agent that runs to its report, and one
// with a person (HumanSeats::act, scripted) who keeps one join code for every
// match, is rated, and whose spoiled match the report leaves out.

#include "engine/match.h"
#include "host/host.h"
#include "host/livetournament.h"
#include "host/seats/humanseats.h"
#include "host/tournaments.h"
#include "providers/scriptedplayer.h"
#include "providers/scriptedserver.h"
#include "tournamenthost.h"

#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::test::providers;
using json = nlohmann::json;

namespace {

tournament::TournamentSpec specOf(const json &j)
{
    auto parsed = tournament::parseSpec(j);
    if (!parsed.ok())
        qFatal("spec refused: %s", parsed.errors.front().c_str());
    return *parsed.spec;
}

json botsFile(int matches, const char *rules = "classic")
{
    return {{"name", "bots"},
            {"rules", rules},
            {"matches", matches},
            {"seed", 3},
            {"mirror", true},
            {"participants",
             {{{"id", "a"}, {"bot", true}},
              {{"id", "b"}, {"bot", true}},
              {{"id", "rest"}, {"bot", true}, {"seats", "rest"}}}}};
}

Store openStore(const QString &path)
{
    auto s = Store::open(path);
    if (!s)
        qFatal("store: %s", qPrintable(s.error().message));
    return std::move(s).value();
}

/// A live tournament of `spec` created on a started host of its own.
struct Live
{
    std::unique_ptr<Host> host;
    std::string id;
    providers::SeatsFile seats;
};
Live createLive(const QTemporaryDir &dir, const tournament::TournamentSpec &spec, double speed)
{
    Live live{test::startHost(dir, QStringLiteral("live.sqlite"), speed), {}, {}};
    auto id = createTournament(*live.host->store(), spec);
    if (!id)
        qFatal("tournament: %s", qPrintable(id.error().message));
    live.id = id.value();
    auto seats = seatsOf(spec);
    if (!seats.ok())
        qFatal("seats: %s", qPrintable(seats.errors.join(QStringLiteral("; "))));
    live.seats = *seats.file;
    return live;
}

/// What a person would do with the document they see: the action the phase
/// asks of their seat (the first target offered), as the page sends it; null
/// when it asks nothing. `key` names the thing asked, so it is done once.
json personAction(const json &doc, std::string *key)
{
    const json &st = doc.value("state", json());
    if (!st.is_object() || !st["you"].is_object())
        return nullptr;
    const json &you = st["you"];
    const std::string phase = st.value("phase", "");
    const json ra = you.value("requiredAction", json());
    const std::string type = ra.is_object() && !ra.value("alreadySubmitted", false)
                                 ? ra.value("type", "NONE")
                                 : "NONE";
    const bool lastWords = you.value("lastWordsDue", false);
    *key = doc.value("matchId", "") + "/" + phase + "/" + std::to_string(st.value("dayNumber", 0))
           + "/" + type + (lastWords ? "/last" : "");
    const json targets = ra.is_object() ? ra.value("allowedTargets", json::array()) : json::array();
    const json first = targets.empty() ? json() : targets.front();
    auto say = [](const char *kind) {
        return json{{"tool", "match.say_public"},
                    {"arguments", {{"text", "I have my doubts."}, {"kind", kind}}}};
    };
    auto at = [&first](const char *tool) {
        return json{{"tool", tool}, {"arguments", {{"targetPlayerId", first}}}};
    };
    if (phase == "LOBBY")
        return {{"tool", "match.ready"}, {"arguments", json::object()}};
    if (lastWords)
        return say("LAST_WORDS");
    if (type == "WOLF_KILL")
        return at("match.night.wolf_kill");
    if (type == "SEER_INSPECT")
        return at("match.night.seer_inspect");
    if (type == "DOCTOR_PROTECT")
        return at("match.night.doctor_protect");
    if (type == "VOTE")
        return at("match.vote");
    if (type == "HUNTER_SHOOT")
        return {{"tool", "match.hunter_shoot"}, {"arguments", {{"targetPlayerId", nullptr}}}};
    if (type == "WITCH_ACT")
        return {{"tool", "match.night.witch_act"}, {"arguments", {{"action", "PASS"}}}};
    if (type == "SPEAK_OPENING")
        return say("OPENING");
    if (type == "SPEAK_DEFENSE")
        return say("DEFENSE");
    if (phase == "DAY_DISCUSSION" && you.value("alive", false))
        return say("DISCUSSION");
    return nullptr;
}

/// The report as JSON, with nothing that depends on when it ran.
json reportJson(const Store &store, const std::string &id)
{
    auto r = tournamentReport(store, id);
    if (!r)
        qFatal("report: %s", qPrintable(r.error().message));
    return r.value().toJson();
}

} // namespace

class TestTournaments : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aBotTournamentIsStoredAndEveryLogReplays()
    {
        QTemporaryDir dir;
        Store store = openStore(dir.filePath(QStringLiteral("t.sqlite")));
        const auto spec = specOf(botsFile(48, "9p"));
        auto id = createTournament(store, spec);
        QVERIFY(id);
        QCOMPARE(id.value(), std::string("t1"));
        QCOMPARE(store.nextTournamentId().value(), std::string("t2"));
        int calls = 0;
        BotRunOptions o;
        o.parallel = 2;
        o.commitEvery = 8;
        o.progress = [&](const TournamentProgress &p) {
            ++calls;
            QVERIFY(p.done <= p.scheduled);
        };
        auto run = runBotTournament(store, "t1", o);
        QVERIFY(run);
        QCOMPARE(run.value().played, 48);
        QVERIFY(!run.value().stopped);
        QVERIFY(calls >= 6); // a commit per 8 matches at most
        const auto row = store.tournament("t1").value();
        QCOMPARE(row.status, std::string("FINISHED"));
        QCOMPARE(row.done, 48);
        // Each stored log replays to the result stored beside it, with the
        // scheduled roles and names in their seats.
        const auto schedule = tournament::schedule(spec);
        auto rows = store.tournamentMatches("t1", true).value();
        QCOMPARE(rows.size(), std::size_t(48));
        for (const TournamentMatchRow &r : rows) {
            QCOMPARE(r.status, std::string("DONE"));
            QCOMPARE(r.matchId, botMatchId("t1", r.index));
            auto log = tournamentMatchLog(store, "t1", r.matchId);
            QVERIFY(log);
            auto m = engine::Match::fromLog(log.value());
            QVERIFY(m);
            QVERIFY(m.value().ended());
            const json result = json::parse(r.resultJson);
            const auto &st = m.value().state();
            QCOMPARE(result["winner"].get<std::string>(),
                     std::string(!st.winner                              ? "NONE"
                                 : *st.winner == engine::Team::Villagers ? "VILLAGERS"
                                                                         : "WEREWOLVES"));
            QCOMPARE(result["telemetry"].size(), std::size_t(9));
            const auto &planned = schedule[std::size_t(r.index)];
            for (std::size_t s = 0; s < planned.seats.size(); ++s) {
                QVERIFY(st.players[s].role == planned.seats[s].role);
                QCOMPARE(st.players[s].displayName, planned.seats[s].displayName);
                // Agent ids say nothing of the participant: only the seat.
                QCOMPARE(st.players[s].agentId, "bot:" + std::to_string(s + 1));
            }
        }
        // The report reads them all.
        const json report = reportJson(store, "t1");
        QCOMPARE(report["played"].get<int>(), 48);
        QCOMPARE(report["scheduled"].get<int>(), 48);
        // A second run of a finished tournament plays nothing.
        auto again = runBotTournament(store, "t1", o);
        QVERIFY(again);
        QCOMPARE(again.value().played, 0);
    }

    void threadsAndStopsDoNotChangeTheFinalTable()
    {
        QTemporaryDir dir;
        const auto spec = specOf(botsFile(120));
        // One thread, uninterrupted.
        Store serial = openStore(dir.filePath(QStringLiteral("serial.sqlite")));
        QVERIFY(createTournament(serial, spec));
        BotRunOptions one;
        one.parallel = 1;
        QVERIFY(runBotTournament(serial, "t1", one));
        const json expected = reportJson(serial, "t1");

        // Three threads, stopped twice on the way and resumed.
        Store stopped = openStore(dir.filePath(QStringLiteral("stopped.sqlite")));
        QVERIFY(createTournament(stopped, spec));
        std::atomic<bool> stop{false};
        BotRunOptions three;
        three.parallel = 3;
        three.commitEvery = 10;
        three.stop = &stop;
        int stops = 0;
        three.progress = [&](const TournamentProgress &p) {
            if (p.done >= 30 * (stops + 1))
                stop = true;
        };
        for (; stops < 2; ++stops) {
            stop = false;
            auto run = runBotTournament(stopped, "t1", three);
            QVERIFY(run);
            QVERIFY(run.value().stopped);
            QVERIFY(run.value().progress.done < 120);
            QCOMPARE(stopped.tournament("t1").value().status, std::string("RUNNING"));
        }
        stop = false;
        three.progress = {};
        auto last = runBotTournament(stopped, "t1", three);
        QVERIFY(last);
        QVERIFY(!last.value().stopped);
        QVERIFY(reportJson(stopped, "t1") == expected);
        // And the logs themselves are the same, match by match.
        const auto a = serial.tournamentMatches("t1", false).value();
        const auto b = stopped.tournamentMatches("t1", false).value();
        for (std::size_t i = 0; i < a.size(); ++i)
            QVERIFY(json::parse(a[i].resultJson)["logHash"]
                    == json::parse(b[i].resultJson)["logHash"]);
    }

    void refusals()
    {
        QTemporaryDir dir;
        Store store = openStore(dir.filePath(QStringLiteral("t.sqlite")));
        QVERIFY(runBotTournament(store, "t7", {}).error().code == StoreError::Code::NotFound);
        QVERIFY(store.tournament("t7").error().code == StoreError::Code::NotFound);
        // A tournament with a model seat does not play at virtual time.
        const auto live = specOf(
            {{"matches", 2},
             {"providers",
              {{"local",
                {{"kind", "openai"}, {"baseUrl", "http://127.0.0.1:9/v1"}, {"model", "m"}}}}},
             {"participants",
              {{{"id", "m"}, {"provider", "local"}},
               {{"id", "b"}, {"bot", true}, {"seats", "rest"}}}}});
        auto id = createTournament(store, live);
        QVERIFY(id);
        QVERIFY(runBotTournament(store, id.value(), {}).error().code == StoreError::Code::Invalid);
        TournamentRow dup;
        dup.id = id.value();
        dup.name = "again";
        dup.specJson = "{}";
        QVERIFY(store.createTournament(dup, {}).error().code == StoreError::Code::Conflict);
    }

    void aLiveTournamentOfBotsModelSeatsAndAPushAgentRunsToItsReport()
    {
        // Two scripted model servers (two participants), the reference push
        // agent, and bots for the rest of a nine-seat table.
        ScriptedOpenAiServer modelA;
        ScriptedOpenAiServer modelB;
        QVERIFY(modelA.listen());
        QVERIFY(modelB.listen());
        modelA.setHandler([](const RecordedRequest &r) { return scriptedPlayer(1, r); });
        modelB.setHandler([](const RecordedRequest &r) { return scriptedPlayer(2, r); });
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            QSKIP("python3 is not installed (the reference push agent needs it)");
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        QProcess agent;
        // Its token comes from the environment: a tournament file may not hold it.
        qputenv("TOWNHALL_TEST_PUSH_TOKEN", "tok-env");
        agent.start(python,
                    {QStringLiteral(TOWNHALL_PUSH_AGENT),
                     QStringLiteral("--port"),
                     QString::number(port),
                     QStringLiteral("--token"),
                     QStringLiteral("tok-env")});
        QVERIFY(agent.waitForStarted());
        QTcpSocket s;
        QTRY_VERIFY_WITH_TIMEOUT(
            (s.abort(), s.connectToHost(QHostAddress::LocalHost, port), s.waitForConnected(100)),
            10'000);
        s.close();

        const json file{
            {"name", "mixed"},
            {"rules", "9p"},
            {"matches", 3},
            {"seed", 9},
            {"timers", "standard"},
            {"providers",
             {{"a",
               {{"kind", "openai"},
                {"baseUrl", modelA.baseUrl().toStdString()},
                {"model", "test-model"}}},
              {"b",
               {{"kind", "openai"},
                {"baseUrl", modelB.baseUrl().toStdString()},
                {"model", "test-model"}}}}},
            {"participants",
             {{{"id", "model-a"}, {"provider", "a"}},
              {{"id", "model-b"}, {"provider", "b"}},
              {{"id", "pushy"},
               {"push",
                {{"url", QStringLiteral("http://127.0.0.1:%1/").arg(port).toStdString()},
                 {"tokenEnv", "TOWNHALL_TEST_PUSH_TOKEN"},
                 {"deadlineMs", 5000}}}},
              {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
        const auto spec = specOf(file);
        QTemporaryDir dir;
        Live created = createLive(dir, spec, 50);
        Host &host = *created.host;
        const std::string &id = created.id;
        QString error;
        for (auto &[name, profile] : created.seats.providers)
            profile.apiKey = QStringLiteral("test-key");
        LiveTournament live(host, id, spec, created.seats, {}, 2);
        QSignalSpy finished(&live, &LiveTournament::finished);
        QSignalSpy failed(&live, &LiveTournament::failed);
        QVERIFY2(live.start(&error), qPrintable(error));
        QObject::connect(
            &live, &LiveTournament::progressChanged, [&](int done, int scheduled, int running) {
                qInfo("progress %d/%d (%d running) %s",
                      done,
                      scheduled,
                      running,
                      qPrintable(live.waitingFor().join(QStringLiteral(","))));
            });
        QVERIFY(finished.wait(240'000) || !finished.isEmpty());
        QVERIFY(failed.isEmpty());

        const auto rows = host.store()->tournamentMatches(id, false).value();
        QCOMPARE(rows.size(), std::size_t(3));
        const auto schedule = tournament::schedule(spec);
        std::set<std::string> matchIds;
        for (const TournamentMatchRow &r : rows) {
            QCOMPARE(r.status, std::string("DONE"));
            QVERIFY(matchIds.insert(r.matchId).second);
            // Played with the scheduled roles, seat by seat, by the scheduled kinds.
            const engine::Match *m = host.lobby().match(r.matchId);
            QVERIFY(m && m->ended());
            const auto &planned = schedule[std::size_t(r.index)];
            for (std::size_t i = 0; i < planned.seats.size(); ++i) {
                QVERIFY(m->state().players[i].role == planned.seats[i].role);
                const std::string &agentId = m->state().players[i].agentId;
                const std::string &who = planned.seats[i].participantId;
                QVERIFY2(agentId.rfind(who == "pushy"               ? "push:"
                                       : who.rfind("model", 0) == 0 ? "model:"
                                                                    : "bot:",
                                       0)
                             == 0,
                         agentId.c_str());
            }
            // The model seats' telemetry came with the result.
            const json result = json::parse(r.resultJson);
            int modelCalls = 0;
            for (const json &t : result["telemetry"])
                modelCalls += t.value("providerCalls", 0);
            QVERIFY(modelCalls > 0);
            // The push agent accepted the token from the environment: every
            // call answered, none fell back to the seed's default.
            for (std::size_t i = 0; i < planned.seats.size(); ++i)
                if (planned.seats[i].participantId == "pushy") {
                    QVERIFY(result["telemetry"][i].value("providerCalls", 0) > 0);
                    QCOMPARE(result["telemetry"][i].value("standInTurns", -1), 0);
                }
        }
        // Nothing secret was stored with the tournament.
        QVERIFY(host.store()->tournament(id).value().specJson.find("tok-env") == std::string::npos);
        QCOMPARE(host.store()->tournament(id).value().status, std::string("FINISHED"));
        const json report = reportJson(*host.store(), id);
        QCOMPARE(report["played"].get<int>(), 3);
        std::set<std::string> named;
        for (const json &p : report["participants"])
            named.insert(p["participantId"].get<std::string>());
        QVERIFY((named == std::set<std::string>{"model-a", "model-b", "pushy", "bots"}));
        agent.kill();
        agent.waitForFinished();
    }
    void aPersonIsRatedAndTheirSpoiledMatchIsLeftOut()
    {
        const json file{{"name", "a person against the bots"},
                        {"rules", "witch-6"},
                        {"matches", 3},
                        {"seed", 5},
                        {"timers", "standard"},
                        {"participants",
                         {{{"id", "me"}, {"human", true}, {"name", "Ada"}},
                          {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
        const auto spec = specOf(file);
        QTemporaryDir dir;
        Live created = createLive(dir, spec, 40);
        Host &host = *created.host;
        const std::string &id = created.id;
        QString error;
        LiveTournament live(host, id, spec, created.seats, {}, 3);
        QSignalSpy finished(&live, &LiveTournament::finished);
        QSignalSpy failed(&live, &LiveTournament::failed);
        QSignalSpy codes(&live, &LiveTournament::joinCode);

        // The person: answers every document of their code with what its
        // phase asks, through HumanSeats::act as the page does. The second
        // match they play, the host spoils (as the app's unlock does).
        HumanSeats &humans = host.humanSeats();
        std::set<std::string> done;
        std::vector<std::string> matchesSeen;
        int actions = 0, refused = 0;
        bool spoiledOk = false;
        QObject::connect(&humans,
                         &HumanSeats::documentChanged,
                         &live,
                         [&](const QString &c, const QByteArray &d) {
                             if (codes.isEmpty() || c != codes.first().at(2).toString())
                                 return;
                             const json doc = json::parse(d.toStdString());
                             const std::string matchId = doc.value("matchId", "");
                             if (!matchId.empty()
                                 && std::find(matchesSeen.begin(), matchesSeen.end(), matchId)
                                        == matchesSeen.end()) {
                                 matchesSeen.push_back(matchId);
                                 if (matchesSeen.size() == 2)
                                     spoiledOk = bool(host.store()->setSetting(
                                         spoiledMatchKey(matchId), engine::isoTime(host.now())));
                             }
                             if (doc["answer"].is_object() && !doc["answer"].value("ok", true))
                                 ++refused;
                             std::string key;
                             json action = personAction(doc, &key);
                             if (action.is_null() || !done.insert(key).second)
                                 return;
                             action["id"] = "a" + std::to_string(++actions);
                             // Not from inside the hub's own signal: the page's message
                             // arrives later too.
                             QTimer::singleShot(0, &live, [&humans, c, action] {
                                 humans.act(c, QByteArray::fromStdString(action.dump()));
                             });
                         });
        QVERIFY2(live.start(&error), qPrintable(error));
        // The code exists from the start, and the first match waits until the
        // person's page is open.
        QCOMPARE(codes.size(), 1);
        const QString code = codes.first().at(2).toString();
        QVERIFY(!code.isEmpty());
        QTRY_VERIFY(live.waitingFor().contains(QStringLiteral("Ada")));
        QTest::qWait(300);
        QCOMPARE(host.lobby().matchCounter(), 0);
        humans.attach(code, true);
        QVERIFY(finished.wait(240'000) || !finished.isEmpty());
        QVERIFY(failed.isEmpty());
        QVERIFY(spoiledOk);

        // One code for the whole run: every match's documents came under it.
        QCOMPARE(codes.size(), 1);
        QCOMPARE(live.codeOf("me"), code);
        QCOMPARE(codes.first().at(0).toString(), QStringLiteral("me"));
        QCOMPARE(matchesSeen.size(), std::size_t(3));
        QVERIFY2(actions >= 9, qPrintable(QString::number(actions)));
        QCOMPARE(refused, 0);
        const auto rows = host.store()->tournamentMatches(id, false).value();
        for (const TournamentMatchRow &r : rows) {
            const engine::Match *m = host.lobby().match(r.matchId);
            QVERIFY(m && m->ended());
            int people = 0;
            for (const engine::Player &p : m->state().players)
                people += p.agentId.rfind("human:", 0) == 0;
            QCOMPARE(people, 1);
            const json result = json::parse(r.resultJson);
            QCOMPARE(result.contains("spoiled"), r.matchId == matchesSeen[1]);
        }

        // Rated on the board with the bots, with an interval; the spoiled
        // match is not in the ratings and the report says which and why.
        auto report = tournamentReport(*host.store(), id);
        QVERIFY(report);
        const tournament::Report &r = report.value();
        QCOMPARE(r.played, 3);
        QCOMPARE(r.spoiled, 1);
        QCOMPARE(r.counted + r.voided + r.forfeited, 2);
        const auto me = std::find_if(r.participants.begin(),
                                     r.participants.end(),
                                     [](const auto &p) { return p.participantId == "me"; });
        QVERIFY(me != r.participants.end());
        QVERIFY(me->kind == tournament::ParticipantKind::Human);
        QCOMPARE(me->name, std::string("Ada"));
        QCOMPARE(me->overall.rating.n, r.counted);
        QVERIFY(me->overall.rating.n >= 1);
        QVERIFY(me->overall.rating.low < me->overall.rating.value);
        QVERIFY(me->overall.rating.value < me->overall.rating.high);
        const auto spoiled = std::find_if(r.matches.begin(), r.matches.end(), [&](const auto &m) {
            return m.matchId == matchesSeen[1];
        });
        QVERIFY(spoiled != r.matches.end());
        QCOMPARE(spoiled->outcome, std::string("spoiled"));
        QVERIFY(spoiled->spoiledAt.has_value());
        const std::string md = tournament::toMarkdown(r);
        QVERIFY2(md.find("1 spoiled") != std::string::npos, md.c_str());
        QVERIFY2(md.find("## Matches left out") != std::string::npos, md.c_str());
        QVERIFY2(md.find("(" + matchesSeen[1] + "): spoiled") != std::string::npos, md.c_str());
        QVERIFY(tournament::toHtml(r).find("Matches left out") != std::string::npos);

        // Without the mark the same records rate that match too.
        auto records = tournamentRecords(*host.store(), id);
        QVERIFY(records);
        for (tournament::MatchRecord &m : records.value())
            m.spoiledAt.reset();
        const tournament::Report unspoiled = tournament::computeReport(id, spec, records.value());
        QCOMPARE(unspoiled.spoiled, 0);
        QCOMPARE(unspoiled.counted + unspoiled.voided + unspoiled.forfeited, 3);
    }
};

QTEST_MAIN(TestTournaments)
#include "tst_tournaments.moc"
