// SPDX-License-Identifier: MIT
// The crash test: a headless host playing a match (7 built-in bots and
// this test as a registered agent) is killed with SIGKILL at 20 moments drawn
// from a fixed seed. After every kill the database must hold every event that
// had been acknowledged to an agent (tool results and events.get answers),
// every unfinished match must replay to its stored state hash, and after the
// last restart the match must finish.

#include "engine/rng.h"
#include "host/store/store.h"
#include "rawmcpclient.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <csignal>
#include <set>

using namespace townhall;
using json = nlohmann::json;

namespace {

/// A registered agent's MCP client.
struct Client : townhall::test::RawMcpClient
{
    Client(QString url, QString token)
        : RawMcpClient(std::move(url), std::move(token), "crash-test", 5000)
    {}
};

struct Host
{
    QProcess proc;
    QString url;

    bool start(const QString &db, const QStringList &extra)
    {
        proc.setProgram(QStringLiteral(TOWNHALL_BIN));
        proc.setArguments(QStringList{QStringLiteral("--headless"),
                                      QStringLiteral("--port"),
                                      QStringLiteral("0"),
                                      QStringLiteral("--db"),
                                      db,
                                      QStringLiteral("--speed"),
                                      QStringLiteral("8"),
                                      QStringLiteral("--seed"),
                                      QStringLiteral("11"),
                                      QStringLiteral("--quiet")}
                          + extra);
        proc.setProcessChannelMode(QProcess::SeparateChannels);
        proc.start();
        if (!proc.waitForStarted(10000))
            return false;
        for (int i = 0; i < 100 && !proc.canReadLine(); ++i)
            proc.waitForReadyRead(100);
        url = QString::fromUtf8(proc.readLine()).trimmed();
        return url.startsWith(QLatin1String("http://127.0.0.1:"));
    }
    void kill()
    {
        ::kill(static_cast<pid_t>(proc.processId()), SIGKILL);
        proc.waitForFinished(10000);
    }
};

void pump(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

class TstCrash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killTwentyTimes();
};

void TstCrash::killTwentyTimes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    dir.setAutoRemove(!qEnvironmentVariableIsSet("TOWNHALL_KEEP_TMP"));
    const QString db = dir.filePath(QStringLiteral("crash.sqlite"));

    // A registered agent finds its seat again after every restart.
    QProcess add;
    add.start(QStringLiteral(TOWNHALL_BIN),
              {QStringLiteral("agent"),
               QStringLiteral("add"),
               QStringLiteral("Tester"),
               QStringLiteral("--db"),
               db});
    QVERIFY(add.waitForFinished(20000));
    QCOMPARE(add.exitCode(), 0);
    const QString addOut = QString::fromUtf8(add.readAllStandardOutput());
    const QString token
        = addOut.section(QStringLiteral("token "), 1).section(QLatin1Char('\n'), 0, 0).trimmed();
    QVERIFY2(token.startsWith(QLatin1String("th_")), qPrintable(addOut));

    std::set<std::string> acknowledged; // event ids some agent was told about
    std::string matchId;
    engine::Rng rng(20261122);
    int resumed = 0;

    bool ok = false;
    const int rounds = qEnvironmentVariableIsSet("TOWNHALL_CRASH_ROUNDS")
                           ? qEnvironmentVariableIntValue("TOWNHALL_CRASH_ROUNDS", &ok)
                           : 20;
    json lastState;
    for (int round = 0; round <= rounds; ++round) {
        Host host;
        QVERIFY2(host.start(db,
                            round == 0 ? QStringList{QStringLiteral("--bots"), QStringLiteral("7")}
                                       : QStringList{}),
                 qPrintable(QString::fromUtf8(host.proc.readAllStandardError())));
        Client agent(host.url, token);
        QVERIFY(agent.connect());
        if (round == 0) {
            auto j = agent.call("et.werewolf.queue.join", json{{"idempotencyKey", "join-once-1"}});
            QVERIFY(j && j->value("ok", false));
            QVERIFY2(j->at("matchAssignment").is_object(), j->dump().c_str());
            matchId = j->at("matchAssignment").at("matchId").get<std::string>();
        }
        // Play and watch for a while; the last round plays to the end.
        const int budgetMs = round < rounds ? 150 + static_cast<int>(rng.below(1800)) : 240'000;
        QElapsedTimer t;
        t.start();
        bool ended = false;
        std::string cursor;
        while (t.elapsed() < budgetMs && !ended) {
            auto st = agent.call("et.werewolf.match.get_state", json{{"matchId", matchId}});
            if (st && st->value("ok", false)) {
                lastState = *st;
                const json &s = st->at("state");
                ended = s.at("phase") == "ENDED";
                const json &you = s.at("you");
                QVERIFY2(you.is_object(), "the registered agent lost its seat");
                const json &req = you.at("requiredAction");
                if (req.is_object() && !req.at("alreadySubmitted").get<bool>()) {
                    const std::string type = req.at("type").get<std::string>();
                    const auto &targets = req.at("allowedTargets");
                    std::optional<json> r;
                    if (s.at("phase") == "LOBBY")
                        r = agent.call("et.werewolf.match.ready", json{{"matchId", matchId}});
                    else if (type == "SPEAK_OPENING")
                        r = agent.call("et.werewolf.match.say_public",
                                       json{{"matchId", matchId},
                                            {"text", "Morning. I am watching."},
                                            {"kind", "OPENING"}});
                    else if (!targets.empty() && type != "NONE" && type != "SPEAK_DISCUSSION") {
                        const std::string target
                            = targets.at(rng.below(static_cast<std::uint32_t>(targets.size())));
                        const std::string tool
                            = type == "VOTE"           ? "et.werewolf.match.vote"
                              : type == "WOLF_KILL"    ? "et.werewolf.match.night.wolf_kill"
                              : type == "SEER_INSPECT" ? "et.werewolf.match.night.seer_inspect"
                                                       : "et.werewolf.match.night.doctor_protect";
                        r = agent.call(tool,
                                       json{{"matchId", matchId}, {"targetPlayerId", target}});
                    }
                    if (r && r->value("ok", false) && r->contains("eventId"))
                        acknowledged.insert(r->at("eventId").get<std::string>());
                } else if (s.at("phase") == "LOBBY") {
                    agent.call("et.werewolf.match.ready", json{{"matchId", matchId}});
                }
            }
            json args{{"matchId", matchId}, {"limit", 200}};
            if (!cursor.empty())
                args["afterEventId"] = cursor;
            if (auto ev = agent.call("et.werewolf.match.events.get", args);
                ev && ev->value("ok", false)) {
                for (const json &e : ev->at("events")) {
                    acknowledged.insert(e.at("eventId").get<std::string>());
                    cursor = e.at("eventId").get<std::string>();
                    if (e.at("type") == "PHASE_CHANGED"
                        && e.at("payload").value("to", "") == "ENDED")
                        ended = true;
                }
            }
            pump(1000); // two reads a second: the §8.6 limit
        }
        if (round == rounds) {
            if (!ended)
                qWarning("db %s\nhost stderr: %s\nlast state: %s",
                         qPrintable(db),
                         host.proc.readAllStandardError().constData(),
                         lastState.dump().c_str());
            QVERIFY2(ended, "the match did not finish after the last restart");
            host.proc.terminate();
            host.proc.waitForFinished(10000);
        } else {
            host.kill();
        }

        // Nothing acknowledged is lost; every unfinished match replays to its stored hash.
        host::Store::Options o;
        o.readOnly = true;
        o.createIfMissing = false;
        auto store = host::Store::open(db, o);
        QVERIFY2(store.ok(), store.ok() ? "" : qPrintable(store.error().message));
        auto events = store.value().loadEvents(matchId);
        QVERIFY(events.ok());
        std::set<std::string> stored;
        resumed = 0;
        for (const auto &e : events.value()) {
            stored.insert(e.eventId);
            if (e.type == engine::EventType::MatchResumed
                && e.payload.value("reason", "") == "recovered")
                ++resumed;
        }
        for (const std::string &id : acknowledged)
            QVERIFY2(stored.count(id),
                     qPrintable(QStringLiteral("round %1: acknowledged event %2 lost")
                                    .arg(round)
                                    .arg(QString::fromStdString(id))));
        auto unfinished = store.value().unfinishedMatches();
        QVERIFY(unfinished.ok());
        for (const auto &m : unfinished.value()) {
            QVERIFY2(m.match.has_value(), qPrintable(m.problem));
            QVERIFY2(m.hashVerified,
                     qPrintable(QStringLiteral("round %1: replay hash differs for %2: %3")
                                    .arg(round)
                                    .arg(QString::fromStdString(m.row.matchId), m.problem)));
        }
    }
    // The kills landed mid-match, and spectators were told the match resumed each time.
    qInfo("restarts that resumed the running match: %d of %d", resumed, rounds);
    QVERIFY(resumed >= rounds / 2);
    QVERIFY(acknowledged.size() > 50);
    qInfo("acknowledged events checked: %zu", acknowledged.size());
}

QTEST_GUILESS_MAIN(TstCrash)
#include "tst_crash.moc"
