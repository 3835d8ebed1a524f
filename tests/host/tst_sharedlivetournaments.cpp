// SPDX-License-Identifier: MIT
// Live tournaments on a shared PostgreSQL database (host/livetournament.h),
// against a real server (tests/pg/with-postgres.sh): two hosts, each playing
// in its own SQLite file, share one tournament of a scripted model seat and
// bots, and every match is recorded once with its whole log; a host whose
// lease another host took over records nothing and goes on.

#include "engine/match.h"
#include "host/host.h"
#include "host/livetournament.h"
#include "host/tournaments.h"
#include "pgtest.h"
#include "providers/scriptedplayer.h"
#include "providers/scriptedserver.h"
#include "tournamenthost.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::test;
using namespace townhall::test::providers;
using json = nlohmann::json;

namespace {

/// A scripted model seat and bots at a nine-seat table.
tournament::TournamentSpec liveSpec(int matches, const QString &model)
{
    const json j{{"name", "shared live"},
                 {"rules", "9p"},
                 {"matches", matches},
                 {"seed", 4},
                 {"timers", "standard"},
                 {"providers",
                  {{"a", {{"kind", "openai"}, {"baseUrl", model.toStdString()}, {"model", "m"}}}}},
                 {"participants",
                  {{{"id", "model-a"}, {"provider", "a"}},
                   {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}};
    auto parsed = tournament::parseSpec(j);
    if (!parsed.ok())
        qFatal("spec refused: %s", parsed.errors.front().c_str());
    return *parsed.spec;
}

host::providers::SeatsFile keyedSeats(const tournament::TournamentSpec &spec)
{
    auto seats = seatsOf(spec);
    if (!seats.ok())
        qFatal("seats: %s", qPrintable(seats.errors.join(QStringLiteral("; "))));
    for (auto &[name, profile] : seats.file->providers)
        profile.apiKey = QStringLiteral("test-key");
    return *seats.file;
}

/// Waits until `t1`'s match `index` is claimed under `holder` and has a
/// match id (the match exists on that host).
bool waitUntilStarted(SharedTournaments &db, int index, const std::string &holder)
{
    for (int i = 0; i < 600; ++i) {
        auto rows = db.tournamentMatches("t1", false);
        if (rows && rows.value()[std::size_t(index)].holder == holder
            && !rows.value()[std::size_t(index)].matchId.empty())
            return true;
        QTest::qWait(100);
    }
    return false;
}

/// One host playing a one-match tournament, on a connection of its own,
/// once its match has started.
struct OneMatch
{
    std::unique_ptr<SharedTournaments> db; ///< the test's own view
    QTemporaryDir dir;
    std::unique_ptr<Host> host;
    std::unique_ptr<SharedTournaments> mine;
    std::unique_ptr<LiveTournament> live;
    std::unique_ptr<QSignalSpy> finished, failed, notice;
    std::string matchId; ///< on the host

    bool start(const QString &model, int leaseMs);
};

/// The host match id behind a shared row's "<holder>/<match id>".
std::string hostMatchId(const std::string &label)
{
    return label.substr(label.rfind('/') + 1);
}

bool OneMatch::start(const QString &model, int leaseMs)
{
    const auto spec = liveSpec(1, model);
    db = connectTo();
    if (!createTournament(*db, spec))
        return false;
    host = startHost(dir, QStringLiteral("a.sqlite"));
    mine = connectTo();
    live = std::make_unique<LiveTournament>(
        *host, *mine, "t1", spec, keyedSeats(spec), std::map<std::string, std::string>{}, 1);
    live->setLease(leaseMs, 100);
    finished = std::make_unique<QSignalSpy>(live.get(), &LiveTournament::finished);
    failed = std::make_unique<QSignalSpy>(live.get(), &LiveTournament::failed);
    notice = std::make_unique<QSignalSpy>(live.get(), &LiveTournament::notice);
    QString error;
    if (!live->start(&error) || !waitUntilStarted(*db, 0, live->holder()))
        return false;
    matchId = hostMatchId(db->tournamentMatches("t1", false).value()[0].matchId);
    return true;
}

} // namespace

class TestSharedLiveTournaments : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        requireTestServer();
        QVERIFY(m_model.listen());
        m_model.setHandler([](const RecordedRequest &r) { return scriptedPlayer(1, r); });
    }

    void init() { dropTables(); }

    void twoHostsPlayOneLiveTournamentEachMatchOnce()
    {
        const auto spec = liveSpec(4, m_model.baseUrl());
        auto db = connectTo();
        QVERIFY(createTournament(*db, spec));
        QTemporaryDir dir;
        // Two hosts, each with its own file and its own connection.
        auto hostA = startHost(dir, QStringLiteral("a.sqlite"));
        auto hostB = startHost(dir, QStringLiteral("b.sqlite"));
        auto dbA = connectTo();
        auto dbB = connectTo();
        LiveTournament a(*hostA, *dbA, "t1", spec, keyedSeats(spec), {}, 1);
        LiveTournament b(*hostB, *dbB, "t1", spec, keyedSeats(spec), {}, 1);
        QVERIFY(a.holder() != b.holder());
        for (LiveTournament *live : {&a, &b})
            live->setLease(3'000, 100);
        QSignalSpy finishedA(&a, &LiveTournament::finished),
            finishedB(&b, &LiveTournament::finished);
        QSignalSpy failedA(&a, &LiveTournament::failed), failedB(&b, &LiveTournament::failed);
        QSignalSpy noticeA(&a, &LiveTournament::notice), noticeB(&b, &LiveTournament::notice);
        QString error;
        QVERIFY2(a.start(&error), qPrintable(error));
        QVERIFY2(b.start(&error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(finishedA.size() == 1 && finishedB.size() == 1, 400'000);
        QVERIFY(failedA.isEmpty() && failedB.isEmpty());
        QVERIFY(noticeA.isEmpty() && noticeB.isEmpty()); // no lease was lost
        QCOMPARE(a.progress().done, 4);
        QCOMPARE(b.progress().done, 4);

        const auto rows = db->tournamentMatches("t1", true).value();
        QCOMPARE(rows.size(), std::size_t(4));
        const auto schedule = tournament::schedule(spec);
        std::set<std::string> holders, labels;
        for (const TournamentMatchRow &r : rows) {
            QCOMPARE(r.status, std::string("DONE"));
            QCOMPARE(r.attempts, 1); // claimed once, played once
            QVERIFY(r.holder == a.holder() || r.holder == b.holder());
            holders.insert(r.holder);
            // The label names the host: its match ids repeat on the other.
            QCOMPARE(r.matchId.substr(0, r.holder.size() + 1), r.holder + "/");
            QVERIFY(labels.insert(r.matchId).second);
            // The whole log is in PostgreSQL, the host's own log replays to it.
            QVERIFY(!r.log.isEmpty());
            auto log = tournamentMatchLog(*db, "t1", r.matchId);
            QVERIFY2(log, qPrintable(log ? QString() : log.error().message));
            auto m = engine::Match::fromLog(log.value());
            QVERIFY(m);
            QVERIFY(m.value().ended());
            Host &played = r.holder == a.holder() ? *hostA : *hostB;
            auto own = played.store()->loadEvents(hostMatchId(r.matchId));
            QVERIFY(own);
            QCOMPARE(log.value().size(), own.value().size());
            QVERIFY(log.value().back().payload == own.value().back().payload);
            const json result = json::parse(r.resultJson);
            QCOMPARE(result["events"].get<std::size_t>(), log.value().size());
            // Played with the scheduled roles, the model in its seat.
            const auto &planned = schedule[std::size_t(r.index)];
            for (std::size_t i = 0; i < planned.seats.size(); ++i) {
                QVERIFY(m.value().state().players[i].role == planned.seats[i].role);
                if (planned.seats[i].participantId == "model-a") {
                    QVERIFY(m.value().state().players[i].agentId.rfind("model:", 0) == 0);
                    QVERIFY(result["telemetry"][i].value("providerCalls", 0) > 0);
                }
            }
        }
        QCOMPARE(holders.size(), std::size_t(2)); // both hosts played
        QCOMPARE(db->tournament("t1").value().status, std::string("FINISHED"));
        auto report = tournamentReport(*db, "t1");
        QVERIFY(report);
        QCOMPARE(report.value().toJson()["played"].get<int>(), 4);
        auto stored = db->storedReport("t1");
        QVERIFY(stored);
        QVERIFY(json::parse(stored.value()) == report.value().toJson());
    }

    void aHostThatLostItsLeaseRecordsNothingAndGoesOn()
    {
        OneMatch t;
        // A lease that is not renewed before the match ends.
        QVERIFY(t.start(m_model.baseUrl(), 600'000));
        auto &db = t.db;
        auto &host = t.host;
        auto &live = *t.live;
        auto &notice = *t.notice;
        auto &failed = *t.failed;
        auto &finished = *t.finished;
        const std::string matchId = t.matchId;

        // The host stalls; its lease runs out and another host claims the match.
        const QString moved
            = runSql({QStringLiteral("UPDATE townhall_tournament_matches SET lease_until = "
                                     "clock_timestamp() - interval '1 second'")});
        QVERIFY2(moved.isEmpty(), qPrintable(moved));
        auto other = db->claimMatches("t1", "other", 1, 600'000);
        QVERIFY(other);
        QCOMPARE(other.value().size(), std::size_t(1));

        // The first host's match ends: not recorded, said so.
        QTRY_VERIFY_WITH_TIMEOUT(!notice.isEmpty(), 300'000);
        QVERIFY(notice.first().first().toString().contains(QString::fromStdString(matchId)));
        QVERIFY(failed.isEmpty());
        const auto row = db->tournamentMatches("t1", true).value()[0];
        QCOMPARE(row.status, std::string("PLAYING"));
        QCOMPARE(row.holder, std::string("other"));
        QVERIFY(row.log.isEmpty());
        QVERIFY(finished.isEmpty());
        QCOMPARE(live.progress().running, 0);

        // It goes on: when the other host records the match, it sees the end.
        TournamentMatchRow done = other.value()[0];
        done.status = "DONE";
        done.matchId = "other/match-1";
        json telemetry = json::array();
        for (int i = 0; i < 9; ++i)
            telemetry.push_back(tournament::SeatTelemetry().toJson());
        done.resultJson = json{{"winner", "NONE"}, {"telemetry", telemetry}}.dump();
        done.log = compressedLog(host->store()->loadEvents(matchId).value());
        done.finishedAt = 1;
        QCOMPARE(db->completeMatches({done}, "other").value(), 1);
        QVERIFY(finished.wait(10'000) || finished.size() == 1);
        QCOMPARE(db->tournament("t1").value().status, std::string("FINISHED"));
        QCOMPARE(db->tournamentMatches("t1", false).value()[0].matchId,
                 std::string("other/match-1"));
        QVERIFY(failed.isEmpty());
    }

    void aMatchLostWhileRunningIsAbandonedAndPaused()
    {
        OneMatch t;
        QVERIFY(t.start(m_model.baseUrl(), 900)); // renewed every 300 ms
        auto &db = t.db;
        auto &notice = *t.notice;
        auto &failed = *t.failed;
        // Renewing keeps the claim while the match plays: past the first
        // term no one else can claim it.
        QTest::qWait(1'500);
        auto probe = db->claimMatches("t1", "probe", 1, 1'000);
        QVERIFY(probe);
        QVERIFY(probe.value().empty());
        QVERIFY(notice.isEmpty());

        // Another host has it now (as after a pause longer than the lease).
        const QString moved
            = runSql({QStringLiteral("UPDATE townhall_tournament_matches SET holder = 'other', "
                                     "lease_until = clock_timestamp() + interval '1 hour'")});
        QVERIFY2(moved.isEmpty(), qPrintable(moved));
        QTRY_VERIFY_WITH_TIMEOUT(!notice.isEmpty(), 10'000);
        QVERIFY(failed.isEmpty());
        QCOMPARE(t.live->progress().running, 0);
        const engine::Match *m = t.host->lobby().match(t.matchId);
        QVERIFY(m);
        QVERIFY(m->state().paused || m->ended()); // its seats spend nothing more
        QCOMPARE(db->tournamentMatches("t1", false).value()[0].holder, std::string("other"));
    }

    void aLostConnectionDoesNotEndTheTournament()
    {
        OneMatch t;
        QVERIFY(t.start(m_model.baseUrl(), 3'000)); // renewed every second
        // The server drops every Town Hall connection (a restart, a cut).
        const QString cut
            = runSql({QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                     "WHERE application_name = 'townhall'")});
        QVERIFY2(cut.isEmpty(), qPrintable(cut));
        // The host notices at its next renewal, connects again and goes on.
        QTRY_VERIFY_WITH_TIMEOUT(!t.notice->isEmpty(), 10'000);
        QVERIFY2(t.notice->first().first().toString().contains(QLatin1String("out of reach")),
                 qPrintable(t.notice->first().first().toString()));
        QTRY_VERIFY_WITH_TIMEOUT(t.finished->size() == 1, 300'000);
        QVERIFY(t.failed->isEmpty());
        QVERIFY(t.db->reconnect()); // the test's own view was dropped too
        const auto row = t.db->tournamentMatches("t1", true).value()[0];
        QCOMPARE(row.status, std::string("DONE"));
        QCOMPARE(row.attempts, 1);
        QVERIFY(!row.log.isEmpty());
    }

private:
    ScriptedOpenAiServer m_model;
};

QTEST_MAIN(TestSharedLiveTournaments)
#include "tst_sharedlivetournaments.moc"
