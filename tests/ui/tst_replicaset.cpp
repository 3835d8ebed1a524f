// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/replicaset.h"

#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;

namespace {

EventBatch slice(const std::vector<engine::Event> &log, std::size_t from, std::size_t to)
{
    return std::make_shared<const std::vector<engine::Event>>(log.begin() + std::ptrdiff_t(from),
                                                              log.begin() + std::ptrdiff_t(to));
}

} // namespace

class TestReplicaSet final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foldsBatchesLikeTheHost()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        const auto &log = m.match.log();
        QVERIFY(log.size() > 30);
        ReplicaSet set;
        QSignalSpy added(&set, &ReplicaSet::matchAdded);
        QSignalSpy advanced(&set, &ReplicaSet::matchAdvanced);
        set.ingest(QStringLiteral("match-1"), slice(log, 0, 10));
        QCOMPARE(added.count(), 1);
        QCOMPARE(advanced.count(), 1);
        QCOMPARE(set.matchIds(), QStringList{QStringLiteral("match-1")});
        // overlapping resend: duplicates are skipped
        set.ingest(QStringLiteral("match-1"), slice(log, 5, 20));
        QCOMPARE(advanced.count(), 2);
        QCOMPARE(advanced.last().at(1).toLongLong(), 10);
        set.ingest(QStringLiteral("match-1"), slice(log, 20, log.size()));
        QCOMPARE(set.match(QStringLiteral("match-1"))->stateHash(), m.match.stateHash());
        // nothing new: no signal
        set.ingest(QStringLiteral("match-1"), slice(log, 0, 5));
        QCOMPARE(advanced.count(), 3);
    }

    void rejectsGapsAndHeadlessLogs()
    {
        test::Manual m;
        m.readyAll();
        const auto &log = m.match.log();
        ReplicaSet set;
        QSignalSpy added(&set, &ReplicaSet::matchAdded);
        set.ingest(QStringLiteral("match-1"), slice(log, 3, 8)); // no MATCH_CREATED
        QCOMPARE(added.count(), 0);
        QVERIFY(!set.match(QStringLiteral("match-1")));
        set.ingest(QStringLiteral("match-1"), slice(log, 0, 5));
        set.ingest(QStringLiteral("match-1"), slice(log, 7, 9)); // gap: 6..7 missing
        QCOMPARE(set.match(QStringLiteral("match-1"))->state().lastSeq, 5u);
        set.ingest(QStringLiteral("match-1"), nullptr);
        set.ingest(QStringLiteral("match-1"), slice(log, 5, log.size()));
        QCOMPARE(set.match(QStringLiteral("match-1"))->stateHash(), m.match.stateHash());
    }

    void queuedAcrossThreads()
    {
        // The host emits from its own thread; the batch type must survive a queued connection.
        HostLink link;
        ReplicaSet set;
        QObject::connect(
            &link, &HostLink::matchEvents, &set, &ReplicaSet::ingest, Qt::QueuedConnection);
        test::Manual m;
        QSignalSpy added(&set, &ReplicaSet::matchAdded);
        Q_EMIT link.matchEvents(QStringLiteral("match-1"),
                                slice(m.match.log(), 0, m.match.log().size()));
        QCOMPARE(added.count(), 0);
        QTRY_COMPARE(added.count(), 1);
    }
};

QTEST_MAIN(TestReplicaSet)
#include "tst_replicaset.moc"
