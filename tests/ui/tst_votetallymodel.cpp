// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/votetallymodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using engine::Viewer;

namespace {

std::vector<std::string> alivePlayers(const engine::Match &m)
{
    std::vector<std::string> out;
    for (const engine::Player &p : m.state().players)
        if (p.alive)
            out.push_back(p.playerId);
    return out;
}

int countFor(const VoteTallyModel &model, const std::string &target)
{
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, 0).data(VoteTallyModel::TargetIdRole).toString()
            == QString::fromStdString(target))
            return model.index(r, 0).data(VoteTallyModel::CountRole).toInt();
    return 0;
}

} // namespace

class TestVoteTallyModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyBeforeAnyVote()
    {
        test::Manual m;
        VoteTallyModel model;
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.summary().hasVote);
    }

    void updatesAsVotesLand()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        m.skipTo(Phase::DayVote);
        QVERIFY(m.match.state().phase == Phase::DayVote);
        VoteTallyModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy summary(&model, &VoteTallyModel::summaryChanged);
        model.sync(&m.match, Viewer::spectator());
        QVERIFY(model.summary().live);
        QCOMPARE(model.summary().eligible, 7);
        QCOMPARE(model.summary().cast, 0);
        QCOMPARE(model.summary().pending.size(), 7);
        QCOMPARE(model.summary().majority, 4);

        const auto alive = alivePlayers(m.match);
        const std::string x = alive[0], y = alive[1];
        // 3 for x, 3 for y, one abstains: a tie, nobody goes.
        QVERIFY(m.vote(alive[1], x));
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(countFor(model, x), 1);
        QCOMPARE(model.summary().cast, 1);
        QVERIFY(model.index(0, 0).data(VoteTallyModel::LeadingRole).toBool());
        QVERIFY(m.vote(alive[2], x));
        QVERIFY(m.vote(alive[3], x));
        QVERIFY(m.vote(alive[0], y));
        QVERIFY(m.vote(alive[4], y));
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(countFor(model, x), 3);
        QCOMPARE(countFor(model, y), 2);
        QVERIFY(!model.summary().tie);
        QCOMPARE(model.index(0, 0).data(VoteTallyModel::VoterIdsRole).toStringList().size(), 3);
        QVERIFY(m.vote(alive[5], y));
        model.sync(&m.match, Viewer::spectator());
        QVERIFY(model.summary().tie);
        QCOMPARE(model.summary().topCount, 3);
        QVERIFY(model.index(0, 0).data(VoteTallyModel::TiedRole).toBool());
        QVERIFY(model.index(1, 0).data(VoteTallyModel::TiedRole).toBool());
        QVERIFY(summary.count() >= 3);

        // A flip: one of x's voters moves to y; the model follows.
        QVERIFY(m.vote(alive[3], y));
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(countFor(model, x), 2);
        QCOMPARE(countFor(model, y), 4);
        QVERIFY(!model.summary().tie);
        // Back to a tie and the last voter abstains: the vote resolves.
        QVERIFY(m.vote(alive[3], x));
        QVERIFY(m.vote(alive[6], std::nullopt));
        QVERIFY(m.match.state().phase == Phase::DayResolution);
        model.sync(&m.match, Viewer::spectator());
        QVERIFY(!model.summary().live);
        QVERIFY(model.summary().final);
        QVERIFY(model.summary().tie);
        QVERIFY(model.summary().eliminatedName.isEmpty());
        const QModelIndex last = model.index(model.rowCount() - 1, 0);
        QVERIFY(last.data(VoteTallyModel::AbstainRole).toBool());
        QCOMPARE(last.data(VoteTallyModel::CountRole).toInt(), 1);
        QCOMPARE(model.summary().cast, 7);
    }

    void resultStaysThroughTheNight()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        m.skipTo(Phase::DayVote);
        const auto alive = alivePlayers(m.match);
        const std::string target = alive[0];
        for (const std::string &v : alive)
            if (v != target)
                m.vote(v, target);
        m.vote(target, std::nullopt);
        VoteTallyModel model;
        model.sync(&m.match, Viewer::spectator());
        QVERIFY(model.summary().final);
        QCOMPARE(model.summary().eliminatedName,
                 QString::fromStdString(m.match.player(target)->displayName));
        QVERIFY(model.index(0, 0).data(VoteTallyModel::EliminatedRole).toBool());
        if (!m.match.ended()) {
            m.skipTo(Phase::Night);
            model.sync(&m.match, Viewer::spectator());
            QVERIFY(model.summary().final);
            QCOMPARE(model.summary().day, 1);
        }
    }

    void feedDrivenTesterRun()
    {
        test::Harness h;
        VoteTallyModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        int maxRows = 0;
        for (int i = 0; i < 3000 && h.feed.step(); ++i) {
            model.sync(h.replica(), Viewer::spectator());
            maxRows = qMax(maxRows, model.rowCount());
            int total = 0;
            for (int r = 0; r < model.rowCount(); ++r)
                total += model.index(r, 0).data(VoteTallyModel::CountRole).toInt();
            if (model.summary().live)
                QCOMPARE(total, model.summary().cast);
        }
        QVERIFY(maxRows > 0);
    }
};

QTEST_MAIN(TestVoteTallyModel)
#include "tst_votetallymodel.moc"
