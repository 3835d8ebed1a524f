// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/playersmodel.h"
#include "ui/uitext.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using engine::Viewer;

class TestPlayersModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void testerThroughWholeMatch()
    {
        test::Harness h;
        PlayersModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int i = 0; i < 3000 && h.feed.step(); ++i)
            model.sync(h.replica(), i % 2 ? Viewer::spectator() : Viewer::omniscient());
        QVERIFY(h.replica()->ended());
        QCOMPARE(model.rowCount(), 8);
        QCOMPARE(model.columnCount(), int(PlayersModel::ColumnCount));
    }

    void firstSyncResetsThenDataChanges()
    {
        test::Manual m;
        PlayersModel model;
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 8);
        QVERIFY(!model.index(0, 0).data(PlayersModel::ReadyRole).toBool());
        m.run({engine::Command::Kind::Ready, "p:1", {}, {}, {}, {}, {}});
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
        QVERIFY(model.index(0, 0).data(PlayersModel::ReadyRole).toBool());
        QCOMPARE(model.index(0, PlayersModel::ReadyColumn).data().toString(),
                 PlayersModel::tr("Ready"));
        // Nothing new, no signal.
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(changed.count(), 1);
        model.sync(nullptr, Viewer::spectator());
        QCOMPARE(model.rowCount(), 0);
    }

    // A person's seat (agent "human:…", public in MATCH_CREATED) says so on
    // its card and tooltip; every other seat does not.
    void peopleAreNamedAsPeople()
    {
        auto seats = test::Manual::seats();
        seats[2].agentId = "human:1:Cora";
        const engine::Match match = engine::Match::create(
            "match-1", "bld-1", 1, 7, seats, engine::MatchConfig{}, test::T0);
        PlayersModel model;
        model.sync(&match, Viewer::spectator());
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex i = model.index(row, 0);
            const bool person
                = model.index(row, PlayersModel::NameColumn).data().toString() == u"Cora"_qs;
            QCOMPARE(i.data(PlayersModel::PersonRole).toBool(), person);
            QCOMPARE(
                i.data(Qt::ToolTipRole).toString().contains(PlayersModel::tr("Played by a person")),
                person);
        }
    }

    void publicViewNeverHoldsALivingRole()
    {
        test::Manual m;
        m.readyAll();
        QVERIFY(m.match.state().phase == Phase::Night);
        PlayersModel model;
        model.sync(&m.match, Viewer::spectator());
        for (int r = 0; r < model.rowCount(); ++r) {
            for (int c = 0; c < model.columnCount(); ++c) {
                const QModelIndex idx = model.index(r, c);
                for (int role : {int(Qt::DisplayRole),
                                 int(Qt::ToolTipRole),
                                 int(Qt::AccessibleTextRole),
                                 int(PlayersModel::RoleNameRole),
                                 int(PlayersModel::NightActionRole)}) {
                    const QString text = idx.data(role).toString();
                    for (engine::Role rl : {engine::Role::Werewolf,
                                            engine::Role::Seer,
                                            engine::Role::Doctor,
                                            engine::Role::Villager})
                        QVERIFY2(!text.contains(UiText::roleName(rl)), qPrintable(text));
                }
            }
            QVERIFY(!model.index(r, 0).data(PlayersModel::RoleKnownRole).toBool());
            QVERIFY(!model.index(r, 0).data(PlayersModel::EngineRoleRole).isValid());
        }
    }

    void omniscientShowsRolesAsSpoilers()
    {
        test::Manual m;
        m.readyAll();
        const std::string wolf = m.withRole(engine::Role::Werewolf);
        const std::string victim = m.nonWolves().front();
        m.run({engine::Command::Kind::WolfKill, wolf, victim, {}, {}, {}, {}});
        PlayersModel model;
        model.sync(&m.match, Viewer::omniscient());
        for (int r = 0; r < model.rowCount(); ++r) {
            const QModelIndex idx = model.index(r, 0);
            QVERIFY(idx.data(PlayersModel::RoleKnownRole).toBool());
            QVERIFY(idx.data(PlayersModel::SpoilerRole).toBool());
        }
        const int wolfRow = model.rowForPlayer(QString::fromStdString(wolf));
        QCOMPARE(model.index(wolfRow, PlayersModel::RoleColumn).data().toString(),
                 UiText::roleName(engine::Role::Werewolf));
        QVERIFY(model.index(wolfRow, 0)
                    .data(PlayersModel::NightActionRole)
                    .toString()
                    .contains(QString::fromStdString(m.match.player(victim)->displayName)));
        // Back to public: everything hidden again.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.sync(&m.match, Viewer::spectator());
        QCOMPARE(changed.count(), 8);
        QVERIFY(model.index(wolfRow, 0).data(PlayersModel::NightActionRole).toString().isEmpty());
    }

    void deadPlayersRevealTheirRole()
    {
        test::Manual m;
        m.readyAll();
        const std::string victim = m.nonWolves().back();
        m.night(victim);
        QVERIFY(!m.match.player(victim)->alive);
        PlayersModel model;
        model.sync(&m.match, Viewer::spectator());
        const int row = model.rowForPlayer(QString::fromStdString(victim));
        QVERIFY(!model.index(row, 0).data(PlayersModel::AliveRole).toBool());
        QVERIFY(model.index(row, 0).data(PlayersModel::RoleKnownRole).toBool());
        QVERIFY(!model.index(row, 0).data(PlayersModel::SpoilerRole).toBool());
        QCOMPARE(model.index(row, PlayersModel::StatusColumn).data().toString(),
                 PlayersModel::tr("Dead"));
        QCOMPARE(model.index(row, 0).data(PlayersModel::ColorRole).value<QColor>(),
                 seatColor(m.match.player(victim)->seat));
    }
};

QTEST_MAIN(TestPlayersModel)
#include "tst_playersmodel.moc"
