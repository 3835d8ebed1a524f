// SPDX-License-Identifier: MIT
// recoverFromStore: after a restart the queue comes back from its journal,
// ended matches are readable again, and an unfinished match is replayed from
// its stored log and resumed with a grace period announced to everyone.

#include "host/recovery.h"
#include "host/store/matchsnapshot.h"
#include "host/store/store.h"
#include "tests/host/store/matchdriver.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::host;

namespace {
/// Commits a match's whole log with its rows, as the host would.
bool commitMatch(Store &store, const engine::Match &m)
{
    Batch b;
    b.addEvents(m.matchId(), m.log());
    b.matches.back().snapshot = snapshotOf(m);
    return store.commit(b).ok();
}

engine::Match playedMatch(const std::string &id, int number, std::uint64_t seed, engine::TimeMs t0)
{
    engine::Match m = storetest::createMatch(id, number, seed, t0);
    storetest::MatchDriver(m, seed, t0).run();
    return m;
}
} // namespace

class TestRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unfinishedMatchesResumeEndedOnesAreReadable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.sqlite"));
        const engine::TimeMs t0 = 1'700'000'000'000;
        std::uint64_t storedUpTo = 0;
        {
            auto opened = Store::open(path);
            QVERIFY(opened);
            Store store = std::move(opened.value());
            // An ended match, and a running one stopped in its first day.
            const engine::Match ended = playedMatch("match-1", 1, 3, t0);
            QVERIFY(ended.ended());
            QVERIFY(commitMatch(store, ended));
            engine::Match running = storetest::createMatch("match-2", 2, 5, t0);
            storetest::MatchDriver driver(running, 5, t0);
            for (int i = 0; i < 40; ++i)
                driver.step();
            QVERIFY(!running.ended());
            QVERIFY(commitMatch(store, running));
            storedUpTo = running.state().lastSeq;
            // Someone waits in the queue.
            engine::Lobby lobby(1, engine::MatchConfig{});
            auto joined = lobby.join("agent-9", "Nine", engine::DefaultQueueId, t0);
            QVERIFY(joined);
            Batch q;
            q.addLobbyRecords(joined->records);
            QVERIFY(store.commit(q));
        }
        auto opened = Store::open(path);
        QVERIFY(opened);
        Store store = std::move(opened.value());
        engine::Lobby lobby(2, engine::MatchConfig{});
        const engine::TimeMs later = t0 + 3'600'000;
        Recovery r = recoverFromStore(store, lobby, later);
        QCOMPARE(r.resumed.size(), std::size_t(1));
        const ResumedMatch &m = r.resumed[0];
        QCOMPARE(m.match->matchId(), std::string("match-2"));
        QCOMPARE(m.storedUpTo, storedUpTo);
        QVERIFY(m.match->state().lastSeq > storedUpTo);  // the resumption is announced
        QVERIFY(!m.match->ended());
        QCOMPARE(r.notices.size(), qsizetype(1));
        QVERIFY2(r.notices[0].contains(QStringLiteral("match-2")), qPrintable(r.notices[0]));
        const engine::Match *endedMatch = lobby.match("match-1");
        QVERIFY(endedMatch);
        QVERIFY(endedMatch->ended());
        QCOMPARE(lobby.queue(engine::DefaultQueueId).size(), std::size_t(1));
        QCOMPARE(lobby.queue(engine::DefaultQueueId).front().agentId, std::string("agent-9"));
    }

    void keepsOnlyTheMostRecentEndedMatches()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.filePath(QStringLiteral("r.sqlite")));
        QVERIFY(opened);
        Store store = std::move(opened.value());
        for (int i = 1; i <= 3; ++i)
            QVERIFY(commitMatch(store, playedMatch("match-" + std::to_string(i), i, std::uint64_t(10 + i),
                                                   1'700'000'000'000 + i * 1000)));
        engine::Lobby lobby(3, engine::MatchConfig{});
        Recovery r = recoverFromStore(store, lobby, 1'800'000'000'000, 2);
        QVERIFY(r.resumed.empty());
        QVERIFY(!lobby.match("match-1"));
        QVERIFY(lobby.match("match-2"));
        QVERIFY(lobby.match("match-3"));
    }
};

QTEST_GUILESS_MAIN(TestRecovery)
#include "tst_recovery.moc"
