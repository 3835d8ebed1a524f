// SPDX-License-Identifier: MIT
// Tournaments in a shared PostgreSQL database (host/sharedtournaments.h),
// against a real server started for this test (tests/pg/with-postgres.sh):
// the connection string (no password on it, TLS options passed through),
// the tables, claims that never overlap, leases that run out, fenced
// completion, and hosts that share one tournament and end with the table one
// host gets.

#include "host/sharedtournaments.h"
#include "host/tournaments.h"
#include "pgtest.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <set>
#include <thread>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::test;
using json = nlohmann::json;

namespace {

tournament::TournamentSpec botsSpec(int matches, int seed = 5)
{
    const json j{{"name", "shared bots"},
                 {"rules", "classic"},
                 {"matches", matches},
                 {"seed", seed},
                 {"participants",
                  {{{"id", "a"}, {"bot", true}, {"seats", 3}},
                   {{"id", "b"}, {"bot", true}, {"seats", 3}},
                   {{"id", "c"}, {"bot", true}, {"seats", "rest"}}}}};
    auto parsed = tournament::parseSpec(j);
    if (!parsed.ok())
        qFatal("spec refused: %s", parsed.errors.front().c_str());
    return *parsed.spec;
}

std::set<int> indexesOf(const std::vector<TournamentMatchRow> &rows)
{
    std::set<int> out;
    for (const TournamentMatchRow &r : rows)
        out.insert(r.index);
    return out;
}

/// A DONE row for a claimed match, as a host would record it.
TournamentMatchRow doneRow(const TournamentMatchRow &claimed, const std::string &result)
{
    TournamentMatchRow row = claimed;
    row.status = "DONE";
    row.matchId = claimed.tournamentId + "-m" + std::to_string(claimed.index + 1);
    row.resultJson = result;
    row.log = QByteArray("log of ") + QByteArray::fromStdString(result);
    row.finishedAt = 1;
    return row;
}

} // namespace

class TestSharedTournaments : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        requireTestServer();
    }

    void init() { dropTables(); }

    void urls_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error"); // a part of the error; empty: accepted
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("database");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QStringList>("options");
        const QStringList defaults{QStringLiteral("application_name=townhall"),
                                   QStringLiteral("connect_timeout=10")};
        QTest::newRow("full") << "postgresql://ana@db.lan:6543/arena"
                              << ""
                              << "db.lan" << 6543 << "arena"
                              << "ana" << defaults;
        QTest::newRow("short scheme, default port") << "postgres://ana@db.lan/arena"
                                                    << ""
                                                    << "db.lan" << 5432 << "arena"
                                                    << "ana" << defaults;
        QTest::newRow("no user") << "postgresql://db.lan/arena"
                                 << ""
                                 << "db.lan" << 5432 << "arena"
                                 << "" << defaults;
        QTest::newRow("tls options pass through")
            << "postgresql://ana@db.lan/arena?sslmode=verify-full&sslrootcert=/etc/my%20ca.pem"
            << ""
            << "db.lan" << 5432 << "arena"
            << "ana"
            << QStringList{QStringLiteral("sslmode='verify-full'"),
                           QStringLiteral("sslrootcert='/etc/my ca.pem'"),
                           QStringLiteral("application_name=townhall"),
                           QStringLiteral("connect_timeout=10")};
        QTest::newRow("socket directory") << "postgresql:///arena?host=/run/postgresql"
                                          << ""
                                          << "/run/postgresql" << 5432 << "arena"
                                          << "" << defaults;
        QTest::newRow("own application name and timeout")
            << "postgresql://h/arena?application_name=lab&connect_timeout=3"
            << ""
            << "h" << 5432 << "arena"
            << ""
            << QStringList{QStringLiteral("application_name='lab'"),
                           QStringLiteral("connect_timeout='3'")};
        QTest::newRow("password in the user part") << "postgresql://ana:secret@db.lan/arena"
                                                   << "PGPASSWORD"
                                                   << "" << 0 << ""
                                                   << "" << QStringList();
        QTest::newRow("empty password") << "postgresql://ana:@db.lan/arena"
                                        << "PGPASSWORD"
                                        << "" << 0 << ""
                                        << "" << QStringList();
        QTest::newRow("password option") << "postgresql://ana@db.lan/arena?password=secret"
                                         << ".pgpass"
                                         << "" << 0 << ""
                                         << "" << QStringList();
        QTest::newRow("key password option") << "postgresql://ana@db.lan/arena?sslpassword=x"
                                             << "PGPASSWORD"
                                             << "" << 0 << ""
                                             << "" << QStringList();
        QTest::newRow("unknown option") << "postgresql://ana@db.lan/arena?sslmod=require"
                                        << "\"sslmod\""
                                        << "" << 0 << ""
                                        << "" << QStringList();
        QTest::newRow("no database") << "postgresql://ana@db.lan"
                                     << "names no database"
                                     << "" << 0 << ""
                                     << "" << QStringList();
        QTest::newRow("a file path") << "/tmp/townhall.sqlite"
                                     << "postgresql://"
                                     << "" << 0 << ""
                                     << "" << QStringList();
    }

    void urls()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QString why;
        const auto url = parsePostgresUrl(text, &why);
        if (!error.isEmpty()) {
            QVERIFY(!url);
            QVERIFY2(why.contains(error), qPrintable(why));
            QVERIFY2(!why.contains(QLatin1String("secret")), qPrintable(why));
            return;
        }
        QVERIFY2(url, qPrintable(why));
        QTEST(url->host, "host");
        QTEST(url->port, "port");
        QTEST(url->database, "database");
        QTEST(url->user, "user");
        QTEST(url->options, "options");
    }

    void passwordComesFromTheEnvironmentOrPgpass()
    {
        // From PGPASSWORD (initTestCase set it).
        QVERIFY(SharedTournaments::open(urlOf(serverUrl())));
        // Without it, the server's refusal is the error.
        qunsetenv("PGPASSWORD");
        auto refused = SharedTournaments::open(urlOf(serverUrl()));
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QLatin1String("password")),
                 qPrintable(refused.error().message));
        // From a .pgpass file (PGPASSFILE; libpq wants it private).
        QTemporaryDir dir;
        const PostgresUrl url = urlOf(serverUrl());
        const QString pgpass = dir.filePath(QStringLiteral("pgpass"));
        QFile f(pgpass);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("%1:%2:%3:%4:%5\n")
                    .arg(url.host)
                    .arg(url.port)
                    .arg(url.database, url.user, qEnvironmentVariable("TOWNHALL_TEST_PG_PASSWORD"))
                    .toUtf8());
        f.close();
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        qputenv("PGPASSFILE", pgpass.toUtf8());
        auto viaFile = SharedTournaments::open(url);
        qunsetenv("PGPASSFILE");
        qputenv("PGPASSWORD", qgetenv("TOWNHALL_TEST_PG_PASSWORD"));
        QVERIFY2(viaFile, viaFile ? "" : qPrintable(viaFile.error().message));
        // The location names no secret.
        QVERIFY(!viaFile.value()->location().contains(
            qEnvironmentVariable("TOWNHALL_TEST_PG_PASSWORD")));
    }

    void tlsOptionsReachTheDriver()
    {
        // The test server offers TLS with a self-signed certificate.
        auto tls = SharedTournaments::open(urlOf(serverUrl() + QStringLiteral("?sslmode=require")));
        QVERIFY2(tls, tls ? "" : qPrintable(tls.error().message));
        // Verifying it against a root certificate that is not there fails,
        // which shows the options reached libpq.
        QTemporaryDir dir;
        auto verify = SharedTournaments::open(
            urlOf(serverUrl() + QStringLiteral("?sslmode=verify-full&sslrootcert=")
                  + dir.filePath(QStringLiteral("none.crt"))));
        QVERIFY(!verify);
        QVERIFY2(verify.error().message.contains(QLatin1String("root certificate")),
                 qPrintable(verify.error().message));
    }

    void anUnreachableServerIsAClearError()
    {
        auto none
            = SharedTournaments::open(urlOf(QStringLiteral("postgresql://x@127.0.0.1:1/townhall")));
        QVERIFY(!none);
        QVERIFY2(none.error().message.contains(
                     QLatin1String("cannot connect to postgresql://x@127.0.0.1:1/townhall")),
                 qPrintable(none.error().message));
    }

    void tablesFromANewerTownHallAreRefused()
    {
        {
            auto first = connectTo();
            auto again = connectTo(); // a second start finds the tables and goes on
            Q_UNUSED(again);
        }
        const QString bumped = runSql(
            {QStringLiteral("UPDATE townhall_meta SET value = '99' WHERE key = 'schema_version'")});
        QVERIFY2(bumped.isEmpty(), qPrintable(bumped));
        auto refused = SharedTournaments::open(urlOf(serverUrl()));
        QVERIFY(!refused);
        QVERIFY(refused.error().code == StoreError::Code::TooNew);
    }

    void tournamentsAreNumberedAndListed()
    {
        auto shared = connectTo();
        auto t1 = createTournament(*shared, botsSpec(12));
        auto t2 = createTournament(*shared, botsSpec(1200));
        QVERIFY(t1 && t2);
        QCOMPARE(t1.value(), std::string("t1"));
        QCOMPARE(t2.value(), std::string("t2"));
        auto list = shared->tournaments();
        QVERIFY(list);
        QCOMPARE(int(list.value().size()), 2);
        QCOMPARE(list.value()[1].scheduled, 1200);
        QCOMPARE(list.value()[1].done, 0);
        auto rows = shared->tournamentMatches("t2", false);
        QVERIFY(rows);
        QCOMPARE(int(rows.value().size()), 1200);
        // The schedule is the one the file gives, entry for entry.
        const auto scheduled = tournament::schedule(botsSpec(1200));
        QCOMPARE(rows.value()[777].scheduleJson, tournament::toJson(scheduled[777]).dump());
        auto spec = tournamentSpec(*shared, "t2");
        QVERIFY(spec);
        QVERIFY(spec.value().toJson() == botsSpec(1200).toJson());
        QVERIFY(shared->tournament("t9").error().code == StoreError::Code::NotFound);
    }

    void claimsNeverOverlapAndLeasesRunOut()
    {
        auto a = connectTo();
        auto b = connectTo();
        QVERIFY(createTournament(*a, botsSpec(10)));
        auto first = a->claimMatches("t1", "A", 3, 60'000);
        auto second = b->claimMatches("t1", "B", 3, 60'000);
        QVERIFY(first && second);
        QVERIFY(indexesOf(first.value()) == (std::set<int>{0, 1, 2}));
        QVERIFY(indexesOf(second.value()) == (std::set<int>{3, 4, 5}));
        QCOMPARE(first.value()[0].attempts, 1);

        // A short lease that B lets run out: C takes B's matches over.
        auto c = connectTo();
        auto shortLease = b->claimMatches("t1", "B2", 2, 300);
        QVERIFY(indexesOf(shortLease.value()) == (std::set<int>{6, 7}));
        QVERIFY(c->claimMatches("t1", "C", 10, 60'000).value().size()
                == 2); // 8, 9; 6 and 7 are held
        QThread::msleep(450);
        auto takeover = c->claimMatches("t1", "C", 10, 60'000);
        QVERIFY(indexesOf(takeover.value()) == (std::set<int>{6, 7}));
        QCOMPARE(takeover.value()[0].attempts, 2);

        // B2 finished them late: not recorded. C's are.
        auto late = b->completeMatches({doneRow(shortLease.value()[0], "late")}, "B2");
        QVERIFY(late);
        QCOMPARE(late.value(), 0);
        auto onTime = c->completeMatches({doneRow(takeover.value()[0], "c")}, "C");
        QCOMPARE(onTime.value(), 1);
        auto rows = a->tournamentMatches("t1", true).value();
        QCOMPARE(rows[6].status, std::string("DONE"));
        QCOMPARE(rows[6].resultJson, std::string("c"));
        QCOMPARE(rows[6].log, QByteArray("log of c"));
        QCOMPARE(rows[6].holder, std::string("C"));
        QCOMPARE(rows[6].attempts, 2);

        // Renewing keeps a lease alive past its first term.
        auto kept = a->claimMatches("t1", "A", 0, 300); // max < 1 claims one
        QVERIFY(kept.value().empty());                  // nothing left to claim
        auto held = a->renewLeases("A", 300);
        QVERIFY(held);
        // It names what A still holds, and nothing of another holder's.
        QVERIFY(std::set<TournamentStore::Claim>(held.value().begin(), held.value().end())
                == (std::set<TournamentStore::Claim>{{"t1", 0}, {"t1", 1}, {"t1", 2}}));
        QThread::msleep(200);
        QVERIFY(a->renewLeases("A", 300));
        QThread::msleep(200);
        QVERIFY(c->claimMatches("t1", "C", 10, 60'000).value().empty());

        // Releasing gives a claim back at once.
        QVERIFY(a->releaseMatches("t1", {1}, "A"));
        auto released = b->claimMatches("t1", "B", 10, 60'000);
        QVERIFY(indexesOf(released.value()) == (std::set<int>{1}));
        // A match id can be set only by the holder.
        QVERIFY(b->setClaimedMatchId("t1", 1, "B", "match-3"));
        QVERIFY(a->setClaimedMatchId("t1", 1, "A", "match-9").error().code
                == StoreError::Code::Conflict);
    }

    void concurrentClaimersShareTheScheduleExactly()
    {
        {
            auto shared = connectTo();
            QVERIFY(createTournament(*shared, botsSpec(600)));
        }
        // Four hosts claim and complete as fast as they can, each on its own
        // thread and connection.
        std::vector<std::vector<int>> got(4);
        std::vector<std::thread> threads;
        for (int h = 0; h < 4; ++h)
            threads.emplace_back([h, &got] {
                auto mine = connectTo();
                const std::string holder = "H" + std::to_string(h);
                for (;;) {
                    auto claimed = mine->claimMatches("t1", holder, 7, 60'000);
                    if (!claimed || claimed.value().empty())
                        break;
                    std::vector<TournamentMatchRow> done;
                    for (const TournamentMatchRow &r : claimed.value()) {
                        got[std::size_t(h)].push_back(r.index);
                        done.push_back(doneRow(r, holder));
                    }
                    if (!mine->completeMatches(done, holder))
                        break;
                }
            });
        for (auto &t : threads)
            t.join();
        std::vector<int> all;
        for (const auto &g : got) {
            QVERIFY(!g.empty()); // every host got work
            all.insert(all.end(), g.begin(), g.end());
        }
        std::sort(all.begin(), all.end());
        QCOMPARE(int(all.size()), 600);
        QVERIFY(std::adjacent_find(all.begin(), all.end()) == all.end());
        auto shared = connectTo();
        QCOMPARE(shared->tournament("t1").value().done, 600);
    }

    void hostsSharingATournamentEndWithOneHostsTable()
    {
        const auto spec = botsSpec(240, 11);
        // One host alone, in its own SQLite file.
        QTemporaryDir dir;
        auto local = Store::open(dir.filePath(QStringLiteral("one.sqlite")));
        QVERIFY(local);
        auto localId = createTournament(local.value(), spec);
        QVERIFY(localId);
        QVERIFY(runBotTournament(local.value(), localId.value(), {}));
        auto expected = tournamentReport(local.value(), localId.value());
        QVERIFY(expected);

        // Three hosts on one PostgreSQL tournament, each with its own
        // connection on its own thread and small claims so all take part.
        {
            auto shared = connectTo();
            QVERIFY(createTournament(*shared, spec));
        }
        std::vector<BotRunSummary> runs(3);
        std::vector<QString> errors(3);
        std::vector<std::thread> hosts;
        for (int h = 0; h < 3; ++h)
            hosts.emplace_back([h, &runs, &errors] {
                auto mine = connectTo();
                BotRunOptions o;
                o.parallel = 1;
                o.claimBatch = 4;
                o.commitEvery = 4;
                o.leaseMs = 5'000;
                auto run = runBotTournament(*mine, "t1", o);
                if (run)
                    runs[std::size_t(h)] = std::move(run).value();
                else
                    errors[std::size_t(h)] = run.error().message;
            });
        for (auto &t : hosts)
            t.join();
        int played = 0, finishedHere = 0;
        for (int h = 0; h < 3; ++h) {
            QVERIFY2(errors[std::size_t(h)].isEmpty(), qPrintable(errors[std::size_t(h)]));
            played += runs[std::size_t(h)].played;
            finishedHere += runs[std::size_t(h)].finishedHere ? 1 : 0;
            QVERIFY(!runs[std::size_t(h)].stopped);
        }
        QCOMPARE(played, 240);
        QCOMPARE(finishedHere, 1); // one host stored the end and the ratings

        auto shared = connectTo();
        QCOMPARE(shared->tournament("t1").value().status, std::string("FINISHED"));
        auto report = tournamentReport(*shared, "t1");
        QVERIFY(report);
        QVERIFY(report.value().toJson() == expected.value().toJson());
        auto stored = shared->storedReport("t1");
        QVERIFY(stored);
        QVERIFY(json::parse(stored.value())
                == json::parse(tournament::toJsonText(expected.value())));
        // Every match's whole log is in the database and matches the local one.
        auto log = tournamentMatchLog(*shared, "t1", "t1-m17");
        auto localLog = tournamentMatchLog(local.value(), localId.value(), "t1-m17");
        QVERIFY(log && localLog);
        QCOMPARE(log.value().size(), localLog.value().size());
        QVERIFY(log.value().back().payload == localLog.value().back().payload);
    }

    void aLostConnectionIsOpenedAgain()
    {
        auto shared = connectTo();
        QVERIFY(createTournament(*shared, botsSpec(300)));
        BotRunOptions o;
        o.parallel = 1;
        o.claimBatch = 8;
        o.commitEvery = 8;
        int cuts = 0;
        // The server drops the host's connection twice mid-way (as a
        // restart or a network cut would).
        o.progress = [&cuts](const TournamentProgress &p) {
            if ((cuts == 0 && p.done >= 60) || (cuts == 1 && p.done >= 180)) {
                ++cuts;
                runSql({QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                       "WHERE application_name = 'townhall'")});
            }
        };
        auto run = runBotTournament(*shared, "t1", o);
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
        QCOMPARE(cuts, 2);
        QVERIFY(!run.value().stopped);
        QCOMPARE(run.value().played, 300);
        QCOMPARE(shared->tournament("t1").value().done, 300);
        QCOMPARE(shared->tournament("t1").value().status, std::string("FINISHED"));
        // A failure that is not the connection still fails.
        QVERIFY(!shared->reconnect().value());
        QVERIFY(shared->tournament("t9").error().code == StoreError::Code::NotFound);
    }

    void aStopGivesBackWhatIsNotStarted()
    {
        auto shared = connectTo();
        QVERIFY(createTournament(*shared, botsSpec(400)));
        std::atomic<bool> stop{false};
        BotRunOptions o;
        o.parallel = 2;
        o.stop = &stop;
        o.claimBatch = 50;
        o.commitEvery = 8;
        o.progress = [&stop](const TournamentProgress &p) {
            if (p.done >= 40)
                stop = true;
        };
        auto run = runBotTournament(*shared, "t1", o);
        QVERIFY(run);
        QVERIFY(run.value().stopped);
        auto rows = shared->tournamentMatches("t1", false).value();
        const auto playing = std::count_if(
            rows.begin(), rows.end(), [](const auto &r) { return r.status == "PLAYING"; });
        QCOMPARE(int(playing), 0); // nothing held: another host can take all the rest at once
        const auto done = std::count_if(
            rows.begin(), rows.end(), [](const auto &r) { return r.status == "DONE"; });
        QCOMPARE(int(done), run.value().played);
        QVERIFY(shared->tournament("t1").value().status == "RUNNING");
    }
};

QTEST_GUILESS_MAIN(TestSharedTournaments)
#include "tst_sharedtournaments.moc"
