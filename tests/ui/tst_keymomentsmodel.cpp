// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/keymomentsmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::KeyMoment;

namespace {

KeyMoment
moment(KeyMoment::Kind kind, std::uint64_t seq, const std::string &text, bool omniscient = false)
{
    KeyMoment m;
    m.kind = kind;
    m.templateId = "moment.test";
    m.text = text;
    m.day = 1;
    m.atSeq = seq;
    m.eventIds = {engine::makeEventId("match-1", seq - 1), engine::makeEventId("match-1", seq)};
    m.playerIds = {"p:1", "p:2"};
    m.omniscient = omniscient;
    return m;
}

} // namespace

class TestKeyMomentsModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extendingInsertsOtherwiseResets()
    {
        KeyMomentsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        model.setMoments("match-1", {moment(KeyMoment::Kind::Accusation, 40, "Ada accuses Basil")});
        QCOMPARE(reset.count(), 1); // a new match always resets
        QCOMPARE(model.rowCount(), 1);

        model.setMoments("match-1",
                         {moment(KeyMoment::Kind::Accusation, 40, "Ada accuses Basil"),
                          moment(KeyMoment::Kind::SeerClaim, 55, "Cora claims seer"),
                          moment(KeyMoment::Kind::FakeClaim, 60, "Dmitri fakes a claim", true)});
        QCOMPARE(reset.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 1);
        QCOMPARE(inserted.first().at(2).toInt(), 2);
        QCOMPARE(model.rowCount(), 3);

        // Same list again: nothing.
        model.setMoments("match-1",
                         {moment(KeyMoment::Kind::Accusation, 40, "Ada accuses Basil"),
                          moment(KeyMoment::Kind::SeerClaim, 55, "Cora claims seer"),
                          moment(KeyMoment::Kind::FakeClaim, 60, "Dmitri fakes a claim", true)});
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(reset.count(), 1);

        // A re-ranked list: reset.
        model.setMoments("match-1", {moment(KeyMoment::Kind::SeerClaim, 55, "Cora claims seer")});
        QCOMPARE(reset.count(), 2);
        QCOMPARE(model.rowCount(), 1);
    }

    void rolesCarryJumpTargets()
    {
        KeyMomentsModel model;
        model.setMoments("match-1",
                         {moment(KeyMoment::Kind::VoteFlip, 77, "Eve flips to Hugo", true)});
        const QModelIndex idx = model.index(0, KeyMomentsModel::TextColumn);
        QCOMPARE(idx.data().toString(), QStringLiteral("Eve flips to Hugo"));
        QCOMPARE(idx.data(KeyMomentsModel::JumpSeqRole).toULongLong(), 76ULL);
        QCOMPARE(idx.data(KeyMomentsModel::AtSeqRole).toULongLong(), 77ULL);
        QCOMPARE(idx.data(KeyMomentsModel::EventIdsRole).toStringList().size(), 2);
        QVERIFY(idx.data(KeyMomentsModel::OmniscientRole).toBool());
        QCOMPARE(idx.data(KeyMomentsModel::KindRole).toInt(), int(KeyMoment::Kind::VoteFlip));
        QVERIFY(!idx.data(KeyMomentsModel::KindNameRole).toString().isEmpty());
        QVERIFY(idx.data(KeyMomentsModel::ColorRole).value<QColor>().isValid());
        QCOMPARE(model.headerData(KeyMomentsModel::DayColumn, Qt::Horizontal).toString(),
                 KeyMomentsModel::tr("Day"));
    }

    void syncFromEngine()
    {
        test::Harness h;
        KeyMomentsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int i = 0; i < 3000 && h.feed.step(); ++i)
            model.sync(h.replica(),
                       i % 40 < 20 ? engine::Viewer::spectator() : engine::Viewer::omniscient());
        model.sync(h.replica(), engine::Viewer::spectator());
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(!model.index(r, 0).data(KeyMomentsModel::OmniscientRole).toBool());
        model.sync(nullptr, engine::Viewer::spectator());
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestKeyMomentsModel)
#include "tst_keymomentsmodel.moc"
