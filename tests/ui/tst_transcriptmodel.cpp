// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/transcriptmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using engine::Viewer;
using Kind = TranscriptModel::EntryKind;

namespace {

int countKind(const TranscriptModel &m, Kind k)
{
    int n = 0;
    for (int r = 0; r < m.rowCount(); ++r)
        n += m.index(r, 0).data(TranscriptModel::KindRole).toInt() == int(k);
    return n;
}

} // namespace

class TestTranscriptModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void testerThroughWholeMatch()
    {
        test::Harness h;
        TranscriptModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int i = 0; i < 3000 && h.feed.step(); ++i)
            model.sync(h.replica(), i % 50 < 25 ? Viewer::spectator() : Viewer::omniscient());
        QVERIFY(model.rowCount() > 20);
        QCOMPARE(countKind(model, Kind::Outcome) > 0, true);
    }

    void liveGrowthInsertsRows()
    {
        test::Harness h;
        TranscriptModel model;
        model.sync(h.replica(), Viewer::spectator());
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        int rows = model.rowCount();
        for (int i = 0; i < 60 && h.feed.step(); ++i) {
            model.sync(h.replica(), Viewer::spectator());
            if (model.rowCount() != rows) {
                QVERIFY(!inserted.isEmpty());
                QCOMPARE(inserted.last().at(1).toInt(), rows);
                QCOMPARE(inserted.last().at(2).toInt(), model.rowCount() - 1);
                rows = model.rowCount();
            }
        }
        QCOMPARE(reset.count(), 0);
        // Seqs are increasing.
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(model.index(r, 0).data(TranscriptModel::SeqRole).toULongLong()
                    > model.index(r - 1, 0).data(TranscriptModel::SeqRole).toULongLong());
        // A viewer change resets.
        model.sync(h.replica(), Viewer::omniscient());
        QCOMPARE(reset.count(), 1);
    }

    void wolfChatOnlyInOmniscient()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        TranscriptModel model;
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(countKind(model, Kind::WolfChat), 0);
        QCOMPARE(countKind(model, Kind::Secret), 0);
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(!model.index(r, 0).data(TranscriptModel::SpoilerRole).toBool());
        model.sync(&m.match, Viewer::omniscient());
        QCOMPARE(countKind(model, Kind::WolfChat), 1);
        QVERIFY(countKind(model, Kind::Secret) >= 3); // roles, kills, seer, doctor, resolution
        for (int r = 0; r < model.rowCount(); ++r) {
            const int k = model.index(r, 0).data(TranscriptModel::KindRole).toInt();
            if (k == int(Kind::WolfChat) || k == int(Kind::Secret))
                QVERIFY(model.index(r, 0).data(TranscriptModel::SpoilerRole).toBool());
        }
    }

    void phaseSeparatorsAndTurnMarkers()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        m.skipTo(Phase::DayOpening);
        TranscriptModel model;
        model.sync(&m.match, Viewer::spectator());
        QVERIFY(countKind(model, Kind::PhaseSeparator) >= 4); // lobby, night, dawn, opening
        QCOMPARE(countKind(model, Kind::TurnMarker), 1);
        bool sawNight = false;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QModelIndex idx = model.index(r, TranscriptModel::TextColumn);
            if (idx.data(TranscriptModel::KindRole).toInt() == int(Kind::PhaseSeparator)
                && idx.data(TranscriptModel::PhaseRole).toInt() == int(Phase::Night)) {
                sawNight = true;
                QCOMPARE(idx.data().toString(), TranscriptModel::tr("Night %1").arg(1));
            }
        }
        QVERIFY(sawNight);
    }

    void repliesAreLinked()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        m.skipTo(Phase::DayDiscussion);
        std::vector<std::string> alive;
        for (const engine::Player &p : m.match.state().players)
            if (p.alive)
                alive.push_back(p.playerId);
        QVERIFY(m.say(alive[0], "I suspect everyone."));
        std::string firstId;
        for (const engine::Event &e : m.match.log())
            if (e.type == engine::EventType::PublicMessage)
                firstId = e.eventId;
        TranscriptModel model;
        model.sync(&m.match, Viewer::spectator());
        int firstRow = -1;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data(TranscriptModel::EventIdRole).toString()
                == QString::fromStdString(firstId))
                firstRow = r;
        QVERIFY(firstRow >= 0);
        QVERIFY(m.say(alive[1], "Even me?", firstId));
        model.sync(&m.match, Viewer::spectator());
        int replyRow = -1;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data(TranscriptModel::TextRole).toString()
                == QStringLiteral("Even me?"))
                replyRow = r;
        QVERIFY(replyRow > firstRow);
        QCOMPARE(model.index(replyRow, 0).data(TranscriptModel::ReplyToRowRole).toInt(), firstRow);
        QVERIFY(model.index(replyRow, 0)
                    .data(TranscriptModel::ReplySnippetRole)
                    .toString()
                    .contains(QStringLiteral("suspect")));
        QCOMPARE(
            model.rowForSeq(model.index(firstRow, 0).data(TranscriptModel::SeqRole).toULongLong()),
            firstRow);
    }

    void narratorLinesAreTheirOwnKind()
    {
        test::Harness h;
        QVERIFY(h.untilPhase(Phase::DayDiscussion, 1));
        TranscriptModel model;
        model.sync(h.replica(), Viewer::spectator());
        int narrator = 0;
        for (const engine::Event &e : h.replica()->log())
            narrator
                += e.type == engine::EventType::Narrator && e.audience == engine::Audience::Public;
        QCOMPARE(countKind(model, Kind::Narrator), narrator);
    }
};

QTEST_MAIN(TestTranscriptModel)
#include "tst_transcriptmodel.moc"
