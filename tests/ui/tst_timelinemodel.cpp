// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/timelinemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using engine::Viewer;

class TestTimelineModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groupsPhasesByDay()
    {
        test::Manual m;
        TimelineModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(model.rowCount(), 1); // lobby
        QCOMPARE(model.index(0, 0).data().toString(), TimelineModel::tr("Lobby"));
        QCOMPARE(model.rowCount(model.index(0, 0)), 1);
        QVERIFY(model.currentIndex().isValid());
        QCOMPARE(model.currentIndex().data(TimelineModel::PhaseRole).toInt(), int(Phase::Lobby));

        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        m.readyAll();
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(model.rowCount(), 2); // lobby, day 1 (night 1 first)
        QCOMPARE(inserted.count(), 1);
        QVERIFY(!inserted.first().at(0).toModelIndex().isValid()); // a new top-level group
        QVERIFY(changed.count() >= 1);                             // the lobby ended
        QVERIFY(!model.index(0, 0, model.index(0, 0)).data(TimelineModel::CurrentRole).toBool());
        QVERIFY(model.index(0, 0, model.index(0, 0)).data(TimelineModel::EndedAtRole).toLongLong()
                > 0);

        m.night(m.nonWolves().front());
        m.skipTo(Phase::DayDiscussion);
        model.sync(&m.match, Viewer::spectator());
        const QModelIndex day1 = model.index(1, 0);
        QCOMPARE(day1.data().toString(), TimelineModel::tr("Day %1").arg(1));
        QCOMPARE(model.rowCount(day1), 4); // night, dawn, opening, discussion
        QCOMPARE(model.index(0, 0, day1).data(TimelineModel::PhaseRole).toInt(), int(Phase::Night));
        QCOMPARE(model.index(3, 0, day1).data(TimelineModel::PhaseRole).toInt(),
                 int(Phase::DayDiscussion));
        QCOMPARE(model.currentIndex(), model.index(3, 0, day1));
        QVERIFY(model.currentIndex().data(TimelineModel::CurrentRole).toBool());
        QCOMPARE(model.currentIndex().data(TimelineModel::EndsAtRole).toLongLong(),
                 m.match.state().phaseEndsAt);
        // children inserted under the day's group
        bool underGroup = false;
        for (const auto &args : inserted)
            underGroup |= args.at(0).toModelIndex() == day1;
        QVERIFY(underGroup);
        QCOMPARE(model.index(0, 0, day1).parent(), day1);
    }

    void wholeMatchAndReset()
    {
        test::Harness h;
        TimelineModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int i = 0; i < 3000 && h.feed.step(); ++i)
            model.sync(h.replica(), Viewer::spectator());
        QVERIFY(h.replica()->ended());
        int phases = 0;
        for (int g = 0; g < model.rowCount(); ++g)
            phases += model.rowCount(model.index(g, 0));
        QCOMPARE(std::size_t(phases), h.replica()->state().phaseHistory.size());
        QVERIFY(!model.currentIndex().data(TimelineModel::CurrentRole).toBool()); // ended
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.sync(nullptr, Viewer::spectator());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestTimelineModel)
#include "tst_timelinemodel.moc"
