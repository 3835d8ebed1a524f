// SPDX-License-Identifier: MIT
// The host's small parts on their own: the tool enum and its traits, the read
// limiter, the idempotency cache, degraded mode's back-off and refusals, the
// phase timer's alarm, the database lock, and the host stack's port and store
// fallbacks. The parts that need a running
// host (the commit pipeline, the tool service, the seat runner, recovery)
// have their own tests.

#include "host/dblock.h"
#include "host/hoststack.h"
#include "host/idempotency.h"
#include "host/phasetimer.h"
#include "host/readlimiter.h"
#include "host/storagehealth.h"
#include "host/tools.h"

#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::host;
using townhall::engine::TimeMs;

class TestParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolNamesRoundTrip()
    {
        for (std::size_t i = 0; i < ToolNames.size(); ++i) {
            const auto t = static_cast<Tool>(i);
            QCOMPARE(toolByName(toolName(t)), std::optional<Tool>(t));
        }
        QCOMPARE(toolByName("et.werewolf.match.fly"), std::nullopt);
        QCOMPARE(toolByName("et_werewolf_match_vote"), std::nullopt); // the MCP layer canonicalizes
        QCOMPARE(toolByName(""), std::nullopt);
    }

    void toolTraits_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("read");
        QTest::addColumn<bool>("changesNothing");
        QTest::addColumn<bool>("idempotent");
        QTest::newRow("join") << "et.werewolf.queue.join" << false << false << true;
        QTest::newRow("leave") << "et.werewolf.queue.leave" << false << false << true;
        QTest::newRow("status") << "et.werewolf.queue.status" << false << true << false;
        QTest::newRow("list") << "et.werewolf.matches.list" << false << true << false;
        QTest::newRow("get_state") << "et.werewolf.match.get_state" << true << true << false;
        QTest::newRow("events.get") << "et.werewolf.match.events.get" << true << true << false;
        QTest::newRow("wait") << "et.werewolf.match.wait_for_turn" << false << true << false;
        QTest::newRow("ready") << "et.werewolf.match.ready" << false << false << true;
        QTest::newRow("say") << "et.werewolf.match.say_public" << false << false << true;
        QTest::newRow("vote") << "et.werewolf.match.vote" << false << false << true;
        QTest::newRow("wolf_chat") << "et.werewolf.match.night.wolf_chat" << false << false << true;
        QTest::newRow("wolf_kill") << "et.werewolf.match.night.wolf_kill" << false << false << true;
        QTest::newRow("seer") << "et.werewolf.match.night.seer_inspect" << false << false << true;
        QTest::newRow("doctor") << "et.werewolf.match.night.doctor_protect" << false << false
                                << true;
    }
    void toolTraits()
    {
        QFETCH(QString, name);
        QFETCH(bool, read);
        QFETCH(bool, changesNothing);
        QFETCH(bool, idempotent);
        const auto t = toolByName(name.toStdString());
        QVERIFY(t);
        QCOMPARE(isRead(*t), read);
        QCOMPARE(townhall::host::changesNothing(*t), changesNothing);
        QCOMPARE(isIdempotent(*t), idempotent);
    }

    void readLimiterAllowsTwoPerSecondPerKey()
    {
        ReadLimiter r;
        const TimeMs t = 1'000'000;
        QVERIFY(!r.take("a", t));
        QVERIFY(!r.take("a", t));
        auto limited = r.take("a", t);
        QVERIFY(limited);
        QCOMPARE(limited->code, std::string("RATE_LIMITED"));
        QVERIFY(limited->retryable);
        QCOMPARE(limited->retryAfterMs, std::optional<std::int64_t>(501));
        QVERIFY(!r.take("b", t));           // another agent has its own bucket
        QVERIFY(r.take("a", t + 250));      // half a token is not enough
        QVERIFY(!r.take("a", t + 760));     // one token back after 500 ms
        QVERIFY(!r.take("a", t + 100'000)); // a full bucket holds two, not more
        QVERIFY(!r.take("a", t + 100'000));
        QVERIFY(r.take("a", t + 100'000));
        QCOMPARE(ReadLimiter::keyFor("agent-1", "s1"), std::string("agent-1"));
        QCOMPARE(ReadLimiter::keyFor({}, "s1"), std::string("session:s1"));
        r.forget("a");
        QVERIFY(!r.take("a", t + 100'000)); // a forgotten bucket starts full
    }

    void idempotencyCache()
    {
        using json = nlohmann::json;
        const json a{{"matchId", "m1"}, {"targetPlayerId", "p:2"}, {"idempotencyKey", "k1"}};
        json sameArgsOtherKey = a;
        sameArgsOtherKey["idempotencyKey"] = "k2";
        json otherArgs = a;
        otherArgs["targetPlayerId"] = "p:3";
        QCOMPARE(IdempotencyCache::argsHash(a), IdempotencyCache::argsHash(sameArgsOtherKey));
        QVERIFY(IdempotencyCache::argsHash(a) != IdempotencyCache::argsHash(otherArgs));
        QCOMPARE(IdempotencyCache::argsHash(a).size(), std::size_t(16));

        IdempotencyCache c;
        int lookups = 0;
        const IdempotencyCache::StoreLookup stored
            = [&](const std::string &scope,
                  const std::string &key,
                  const std::string &agent) -> std::optional<IdempotencyCache::Hit> {
            ++lookups;
            if (scope == "vote" && key == "old" && agent == "agent-1")
                return IdempotencyCache::Hit{"h0", "{\"ok\":true}"};
            return std::nullopt;
        };
        QVERIFY(!c.find("vote", "agent-1", "k1", stored));
        QCOMPARE(lookups, 1);
        const IdempotencyRecord rec
            = c.remember("vote", "agent-1", "k1", "h1", "{\"r\":1}", std::string("m1"));
        QCOMPARE(rec.scope, std::string("vote"));
        QCOMPARE(rec.matchId, std::optional<std::string>("m1"));
        auto hit = c.find("vote", "agent-1", "k1", stored);
        QVERIFY(hit);
        QCOMPARE(hit->argsHash, std::string("h1"));
        QCOMPARE(lookups, 1);                              // answered from memory
        QVERIFY(!c.find("vote", "agent-2", "k1", {}));     // keys are per agent
        QVERIFY(!c.find("say", "agent-1", "k1", {}));      // and per tool
        QVERIFY(c.find("vote", "agent-1", "old", stored)); // from the store after a restart
        c.forget(rec);
        QVERIFY(!c.find("vote", "agent-1", "k1", {}));
    }

    void storageBackoffDoublesUpTo30s()
    {
        QCOMPARE(StorageHealth::backoff(1), TimeMs(1000));
        QCOMPARE(StorageHealth::backoff(2), TimeMs(2000));
        QCOMPARE(StorageHealth::backoff(5), TimeMs(16000));
        QCOMPARE(StorageHealth::backoff(6), TimeMs(30000));
        QCOMPARE(StorageHealth::backoff(60), TimeMs(30000));
    }

    void degradedModeRefusesChangesUntilTheRetryTime()
    {
        int probes = 0;
        StorageHealth h([&] { ++probes; });
        const TimeMs t = 5'000'000;
        QVERIFY(!h.degraded());
        QVERIFY(!h.refuse(Tool::Vote, t));
        QVERIFY(h.fault(QStringLiteral("disk full"), t));  // the first failure of an outage
        QVERIFY(!h.fault(QStringLiteral("disk full"), t)); // not the second
        QCOMPARE(h.failures(), 2);
        QCOMPARE(h.retryAt(), t + 2000);
        auto refused = h.refuse(Tool::Vote, t + 100);
        QVERIFY(refused);
        QCOMPARE(refused->code, std::string("STORAGE_FAILED"));
        QVERIFY(refused->retryable);
        QCOMPARE(refused->retryAfterMs, std::optional<std::int64_t>(1900));
        QVERIFY(!h.refuse(Tool::GetState, t + 100)); // reads are answered from what is stored
        QVERIFY(!h.refuse(Tool::WaitForTurn, t + 100));
        QVERIFY(!h.refuse(Tool::Vote, t + 2000)); // at the retry time a change may try the store
        QCOMPARE(h.works(), 2);
        QVERIFY(!h.degraded());
        QCOMPARE(h.works(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(probes, 0, 50); // a working store is not probed
    }

    void theProbeRunsWhenNothingElseTries()
    {
        int probes = 0;
        StorageHealth h([&] { ++probes; });
        h.fault(QStringLiteral("io"), 0);
        QTRY_COMPARE_WITH_TIMEOUT(probes, 1, 5000); // after the 1 s back-off
    }

    void phaseTimerAlarm_data()
    {
        using O = std::optional<TimeMs>;
        QTest::addColumn<O>("deadline");
        QTest::addColumn<O>("seat");
        QTest::addColumn<O>("notBefore");
        QTest::addColumn<O>("expected");
        QTest::newRow("nothing") << O() << O() << O() << O();
        QTest::newRow("deadline only") << O(100) << O() << O() << O(100);
        QTest::newRow("seat first") << O(100) << O(50) << O() << O(50);
        QTest::newRow("deadline first") << O(100) << O(150) << O() << O(100);
        QTest::newRow("seat only") << O() << O(70) << O() << O(70);
        QTest::newRow("degraded holds it back") << O(100) << O(50) << O(400) << O(400);
        QTest::newRow("degraded, later alarm") << O(500) << O() << O(400) << O(500);
        QTest::newRow("degraded, nothing due") << O() << O() << O(400) << O();
    }
    void phaseTimerAlarm()
    {
        using O = std::optional<TimeMs>;
        QFETCH(O, deadline);
        QFETCH(O, seat);
        QFETCH(O, notBefore);
        QFETCH(O, expected);
        QCOMPARE(PhaseTimer::nextAlarm(deadline, seat, notBefore), expected);
    }

    void phaseTimerRings()
    {
        QObject context;
        int rang = 0;
        PhaseTimer t(&context, [&] { ++rang; });
        t.arm(std::nullopt, 0);
        QVERIFY(!t.armed());
        t.arm(TimeMs(1'000'020), 1'000'000);
        QVERIFY(t.armed());
        QTRY_COMPARE_WITH_TIMEOUT(rang, 1, 2000);
        t.arm(TimeMs(10), 1'000'000); // already due: rings at once
        QTRY_COMPARE_WITH_TIMEOUT(rang, 2, 2000);
    }

    void oneHostPerDatabase()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("town.sqlite"));
        DatabaseLock first;
        QString error;
        QVERIFY2(first.acquire(db, &error), qPrintable(error));
        QVERIFY(first.held());
        DatabaseLock second;
        QVERIFY(!second.acquire(db, &error));
        QVERIFY(!second.held());
        QVERIFY2(error.contains(QStringLiteral("in use by another Town Hall host")),
                 qPrintable(error));
        QVERIFY2(error.contains(QString::number(QCoreApplication::applicationPid())),
                 qPrintable(error));
    }

    void unwritableDatabaseFilesAreRefused()
    {
        if (geteuid() == 0)
            QSKIP("root can write a read-only file");
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("town.sqlite"));
        QString error;
        QVERIFY(databaseFilesWritable(db, &error)); // nothing exists yet
        QFile shm(db + QStringLiteral("-shm"));
        QVERIFY(shm.open(QIODevice::WriteOnly));
        shm.close();
        QVERIFY(shm.setPermissions(QFileDevice::ReadOwner));
        QVERIFY(!databaseFilesWritable(db, &error));
        QVERIFY2(error.contains(QStringLiteral("-shm")), qPrintable(error));
    }

    // ---- HostStack: the one assembly of a running host

    void hostStackTakesAnotherPortWhenAskedTo()
    {
        QTcpServer squatter; // the port the stack asks for is busy
        QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
        HostStackOptions o;
        o.host.dbPath = QStringLiteral(":memory:");
        o.port = squatter.serverPort();
        o.portFallback = true;
        engine::Timers timers;
        timers.dayVote = 1234;
        o.timers = timers;
        HostStack stack(o);
        QString error;
        QVERIFY2(stack.start(&error), qPrintable(error));
        QCOMPARE(stack.busyPort(), std::optional<quint16>(squatter.serverPort()));
        QVERIFY(stack.listenError().isEmpty());
        QVERIFY(!stack.url().isEmpty());
        QVERIFY(stack.mcp().port() != squatter.serverPort());
        QCOMPARE(stack.host().lobby().defaults().timers.dayVote, 1234);
        QVERIFY(!stack.persistent());

        // Without the fallback the stack still plays, and says why nobody can connect.
        o.portFallback = false;
        HostStack strict(o);
        QVERIFY(strict.start(&error));
        QVERIFY(!strict.busyPort());
        QVERIFY(!strict.listenError().isEmpty());
        QVERIFY(strict.url().isEmpty());
    }

    void hostStackFallsBackToMemoryOnlyWhenAskedTo()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("town.sqlite"));
        DatabaseLock other; // another host holds the file
        QString error;
        QVERIFY(other.acquire(db, &error));

        int wired = 0;
        HostStackOptions o;
        o.host.dbPath = db;
        o.wire = [&wired](Host &) {
            ++wired;
        };
        {
            HostStack strict(o);
            QVERIFY(!strict.start(&error));
            QVERIFY2(error.contains(QStringLiteral("in use by another Town Hall host")),
                     qPrintable(error));
            QCOMPARE(wired, 1);
        }
        wired = 0;
        o.memoryFallback = true;
        HostStack stack(o);
        QVERIFY(stack.start(&error));
        QCOMPARE(wired, 2); // the in-memory host is wired too
        QVERIFY(stack.storeError().contains(QStringLiteral("in use by another Town Hall host")));
        QVERIFY(!stack.persistent());
        QVERIFY(stack.listenError().isEmpty());
        // It plays: a seats file's bots join its queue.
        providers::SeatsFile file;
        providers::SeatSpec bot;
        bot.name = QStringLiteral("Ada");
        bot.bot = true;
        file.seats.push_back(bot);
        const Seating seated = stack.queueSeats(file);
        QVERIFY2(seated.ok(), qPrintable(seated.error));
        QCOMPARE(seated.queued, 1);
        QCOMPARE(stack.host().lobby().queue().size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestParts)
#include "tst_parts.moc"
