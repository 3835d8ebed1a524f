// SPDX-License-Identifier: MIT
// CommitPipeline: staged events reach the store before anyone is told; a
// refused batch fails its callers, names its matches for the rollback and
// gives back its idempotency records; small batches are committed on the
// owner's thread; without a store, batches are published at once.

#include "host/commitpipeline.h"
#include "host/store/store.h"
#include "tests/host/store/matchdriver.h"

#include <QCoro/QCoroTask>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::host;

namespace {

struct Seen
{
    std::vector<EventSpan> published;
    std::vector<std::string> failedMatches;
    std::vector<IdempotencyRecord> dropped;
    QString message;
    int stored = 0;
    int settled = 0;
};

CommitPipeline::Hooks hooksFor(Seen &seen, const engine::Match *match)
{
    CommitPipeline::Hooks h;
    h.match = [match](const std::string &id) {
        return match && match->matchId() == id ? match : nullptr;
    };
    h.stored = [&seen] {
        ++seen.stored;
    };
    h.publish = [&seen](const std::vector<EventSpan> &spans, bool) {
        seen.published.insert(seen.published.end(), spans.begin(), spans.end());
    };
    h.failed = [&seen](const std::vector<std::string> &ids,
                       bool,
                       const QString &message,
                       const std::vector<IdempotencyRecord> &dropped) {
        seen.failedMatches = ids;
        seen.message = message;
        seen.dropped = dropped;
    };
    h.settled = [&seen] {
        ++seen.settled;
    };
    return h;
}

/// A pipeline committing to a fresh store on disk, for one match.
struct OnDisk
{
    explicit OnDisk(std::size_t commitHereUpTo, bool narrator = true)
        : match(storetest::createMatch("match-1", 1, 7, 1'000'000, narrator))
    {
        auto opened = Store::open(dir.filePath(QStringLiteral("t.sqlite")));
        Q_ASSERT(opened);
        store = std::make_unique<Store>(std::move(opened.value()));
        CommitPipeline::Options o;
        o.commitHereUpTo = commitHereUpTo;
        pipeline = std::make_unique<CommitPipeline>(o, hooksFor(seen, &match), &context);
        pipeline->attach(store.get());
    }
    ~OnDisk() { pipeline->finish(); }

    QTemporaryDir dir;
    QObject context;
    engine::Match match;
    Seen seen;
    std::unique_ptr<Store> store;
    std::unique_ptr<CommitPipeline> pipeline;
};

QCoro::Task<bool> waitFor(CommitPipeline &p, std::uint64_t generation)
{
    co_return co_await p.committed(generation);
}

} // namespace

class TestCommitPipeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void withoutAStoreBatchesArePublishedAtOnce()
    {
        QObject context;
        engine::Match m = storetest::createMatch("match-1", 1, 7, 1'000'000);
        Seen seen;
        CommitPipeline p({}, hooksFor(seen, &m), &context);
        QVERIFY(p.caughtUp());
        p.stage(m, 0);
        QVERIFY(!p.pendingEmpty());
        QCOMPARE(p.stagedGeneration(), std::uint64_t(1));
        QVERIFY(!p.caughtUp());
        QVERIFY(!p.settled(m));
        p.flushNow();
        QVERIFY(p.caughtUp());
        QVERIFY(p.settled(m));
        QCOMPARE(p.durableSeq(m), m.state().lastSeq);
        QCOMPARE(seen.published.size(), std::size_t(1));
        QCOMPARE(seen.published[0].first, std::uint64_t(1));
        QCOMPARE(seen.published[0].last, m.state().lastSeq);
        QCOMPARE(seen.settled, 1);
    }

    void committedBeforePublishedAndCallersResumed()
    {
        OnDisk t(0); // always the commit thread
        CommitPipeline &p = *t.pipeline;
        p.stage(t.match, 0);
        auto waiter = waitFor(p, p.stagedGeneration());
        QVERIFY(!waiter.isReady());
        p.flushNow();
        QVERIFY(waiter.isReady());
        QVERIFY(QCoro::waitFor(waiter));
        QCOMPARE(t.seen.stored, 1);
        QCOMPARE(t.seen.published.size(), std::size_t(1));
        QCOMPARE(p.commitsHere(), std::uint64_t(0));
        auto back = p.store()->loadMatch("match-1");
        QVERIFY(back);
        QCOMPARE(back.value().state().lastSeq, t.match.state().lastSeq);
    }

    void aSmallBatchIsCommittedHere()
    {
        OnDisk t(1000, false);
        CommitPipeline &p = *t.pipeline;
        p.stage(t.match, 0); // schedules a flush from the event loop
        QTRY_VERIFY(p.caughtUp());
        QCOMPARE(p.commitsHere(), std::uint64_t(1));
        QVERIFY(p.settled(t.match));
    }

    void aRefusedBatchFailsItsCallersAndNamesWhatToUndo()
    {
        OnDisk t(0);
        CommitPipeline &p = *t.pipeline;
        // The log from its second event: the store refuses the gap.
        p.stage(t.match, 1);
        p.stageIdempotency(IdempotencyRecord{
            "et.werewolf.match.vote", "k1", "agent-1", std::string("match-1"), "h", "{}", 0});
        auto waiter = waitFor(p, p.stagedGeneration());
        p.flushNow();
        QVERIFY(waiter.isReady());
        QVERIFY(!QCoro::waitFor(waiter));
        QCOMPARE(t.seen.stored, 0);
        QVERIFY(t.seen.published.empty());
        QCOMPARE(t.seen.failedMatches, std::vector<std::string>{"match-1"});
        QCOMPARE(t.seen.dropped.size(), std::size_t(1));
        QCOMPARE(t.seen.dropped[0].key, std::string("k1"));
        QVERIFY(!t.seen.message.isEmpty());
        QVERIFY(p.caughtUp());
        QVERIFY(!p.settled(t.match));
        // What was loaded back is what counts from now on.
        p.loaded("match-1", 0);
        QCOMPARE(p.durableSeq(t.match), std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestCommitPipeline)
#include "tst_commitpipeline.moc"
