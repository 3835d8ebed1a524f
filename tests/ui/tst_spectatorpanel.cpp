// SPDX-License-Identifier: MIT
#include "fixtures.h"

#include "ui/keymomentsmodel.h"
#include "ui/narratorticker.h"
#include "ui/phaseheader.h"
#include "ui/playersmodel.h"
#include "ui/replaybar.h"
#include "ui/spectatorcontroller.h"
#include "ui/spectatorpanel.h"
#include "ui/timelinemodel.h"
#include "ui/timelineview.h"
#include "ui/transcriptmodel.h"
#include "ui/uitext.h"
#include "ui/votetallymodel.h"
#include "ui/votetallyview.h"

#include "engine/simulator.h"

#include <QAbstractButton>
#include <QLabel>
#include <QListView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;

namespace {

struct Fixture
{
    test::Harness h;
    SpectatorController controller{&h.replicas};
    SpectatorPanel panel{&controller};

    explicit Fixture(std::uint64_t seed = 42)
        : h(seed)
    {
        panel.setClock([this] { return h.feed.now(); });
        controller.selectMatch(h.matchId);
        panel.resize(1000, 760);
        panel.show();
    }
};

/// Every string the panel's widgets show or announce, besides list contents.
QStringList widgetTexts(QWidget *root)
{
    QStringList out;
    const auto widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        out << w->accessibleName() << w->accessibleDescription() << w->toolTip();
        if (auto *l = qobject_cast<QLabel *>(w))
            out << l->text();
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            out << b->text();
        if (auto *h = qobject_cast<PhaseHeader *>(w))
            out << h->titleText() << h->phaseText();
        if (auto *t = qobject_cast<NarratorTicker *>(w))
            out << t->text();
        if (auto *v = qobject_cast<VoteTallyView *>(w))
            out << v->summaryText();
    }
    return out;
}

} // namespace

class TestSpectatorPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publicViewLeaksNoLivingRole()
    {
        Fixture f;
        QVERIFY(f.h.untilPhase(Phase::DayVote, 1));
        QVERIFY(!f.controller.omniscient());
        const engine::Match &m = *f.h.replica();
        PlayersModel *players = f.controller.players();
        for (int r = 0; r < players->rowCount(); ++r) {
            const QModelIndex idx = players->index(r, 0);
            if (idx.data(PlayersModel::AliveRole).toBool()) {
                QVERIFY(idx.data(PlayersModel::RoleNameRole).toString().isEmpty());
                QVERIFY(players->index(r, PlayersModel::RoleColumn).data().toString().isEmpty());
                QVERIFY(!idx.data(PlayersModel::SpoilerRole).toBool());
            }
        }
        TranscriptModel *t = f.controller.transcript();
        for (int r = 0; r < t->rowCount(); ++r)
            QVERIFY(!t->index(r, 0).data(TranscriptModel::SpoilerRole).toBool());
        const QStringList texts = widgetTexts(&f.panel);
        for (const engine::Player &p : m.state().players) {
            if (!p.alive || p.role == engine::Role::Villager)
                continue;
            const QString name = QString::fromStdString(p.displayName);
            const QString role = UiText::roleName(p.role);
            for (const QString &s : texts)
                QVERIFY2(!(s.contains(name) && s.contains(role, Qt::CaseInsensitive)),
                         qPrintable(s));
        }
        for (const QString &s : texts)
            QVERIFY2(!s.contains(QStringLiteral("SPOILER")), qPrintable(s));
        // It paints.
        QVERIFY(!f.panel.grab().isNull());
    }

    void omniscientToggleShowsRoles()
    {
        Fixture f;
        QVERIFY(f.h.untilPhase(Phase::Night, 1));
        QVERIFY(f.h.until([](const engine::Match &m) {
            for (const engine::Player &p : m.state().players)
                if (p.wolfSelection)
                    return true;
            return false;
        }));
        QSignalSpy toggled(&f.controller, &SpectatorController::omniscientChanged);
        f.controller.setOmniscient(true);
        QCOMPARE(toggled.count(), 1);
        PlayersModel *players = f.controller.players();
        int spoilers = 0;
        for (int r = 0; r < players->rowCount(); ++r) {
            const QModelIndex idx = players->index(r, 0);
            QVERIFY(!idx.data(PlayersModel::RoleNameRole).toString().isEmpty());
            spoilers += idx.data(PlayersModel::SpoilerRole).toBool();
        }
        QVERIFY(spoilers >= 6);
        int secret = 0;
        TranscriptModel *t = f.controller.transcript();
        for (int r = 0; r < t->rowCount(); ++r)
            secret += t->index(r, 0).data(TranscriptModel::SpoilerRole).toBool();
        QVERIFY(secret >= 2); // the role deal and the wolves' choice, at least
        QVERIFY(!f.panel.grab().isNull());
        f.controller.setOmniscient(false);
        for (int r = 0; r < players->rowCount(); ++r)
            if (players->index(r, 0).data(PlayersModel::AliveRole).toBool())
                QVERIFY(players->index(r, 0).data(PlayersModel::RoleNameRole).toString().isEmpty());
    }

    void clickingAKeyMomentSelectsItsTranscriptRow()
    {
        Fixture f;
        QVERIFY(f.h.untilPhase(Phase::DayDiscussion, 1));
        QVERIFY(f.h.until([](const engine::Match &m) {
            int said = 0;
            for (const engine::Event &e : m.log())
                said += e.type == engine::EventType::PublicMessage
                        && e.payload.value("kind", std::string()) == "DISCUSSION";
            return said >= 2;
        }));
        std::uint64_t seq = 0;
        for (const engine::Event &e : f.h.replica()->log())
            if (e.type == engine::EventType::PublicMessage && !seq)
                seq = e.seq;
        QVERIFY(seq > 0);
        engine::KeyMoment km;
        km.kind = engine::KeyMoment::Kind::Accusation;
        km.text = "An accusation";
        km.day = 1;
        km.atSeq = seq;
        km.eventIds = {engine::makeEventId(f.h.replica()->matchId(), seq)};
        std::vector<engine::KeyMoment> moments
            = engine::keyMoments(*f.h.replica(), engine::Viewer::spectator());
        moments.insert(moments.begin(), km);
        f.controller.keyMoments()->setMoments(f.h.replica()->matchId(), moments);
        QListView *view = f.panel.momentsView();
        QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
        const QModelIndex first = f.controller.keyMoments()->index(0, KeyMomentsModel::TextColumn);
        view->scrollTo(first);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(first).center());
        const int row = f.controller.transcript()->rowForSeq(seq);
        QVERIFY(row >= 0);
        QCOMPARE(f.panel.transcriptView()->currentIndex().row(), row);
        QCOMPARE(
            f.panel.transcriptView()->currentIndex().data(TranscriptModel::SeqRole).toULongLong(),
            seq);
        QVERIFY(!f.panel.followsTranscript() || row == f.controller.transcript()->rowCount() - 1);
    }

    void voteTallyFollowsVoteCast()
    {
        Fixture f;
        QVERIFY(f.h.untilPhase(Phase::DayVote, 1));
        VoteTallyModel *votes = f.controller.voteTally();
        QVERIFY(votes->summary().live);
        int lastCast = -1;
        int changes = 0;
        for (int i = 0; i < 20 && f.h.replica()->state().phase == Phase::DayVote; ++i) {
            f.h.feed.step();
            int voted = 0;
            for (const engine::Player &p : f.h.replica()->state().players)
                voted += p.voted;
            int total = 0;
            for (int r = 0; r < votes->rowCount(); ++r)
                total += votes->index(r, 0).data(VoteTallyModel::CountRole).toInt();
            if (f.h.replica()->state().phase == Phase::DayVote) {
                QCOMPARE(votes->summary().cast, voted);
                QCOMPARE(total, voted);
                QVERIFY(f.panel.voteTallyView()->summaryText().contains(
                    VoteTallyView::tr("Day %1 vote: %2 of %3 voted")
                        .arg(1)
                        .arg(voted)
                        .arg(votes->summary().eligible)));
            }
            changes += votes->summary().cast != lastCast;
            lastCast = votes->summary().cast;
        }
        QVERIFY(changes >= 3);
        QVERIFY(!f.panel.voteTallyView()->grab().isNull());
    }

    void timelineShowsEveryPhase()
    {
        Fixture f;
        QVERIFY(f.h.untilPhase(Phase::DayOpening, 2));
        TimelineModel *tl = f.controller.timeline();
        QCOMPARE(f.panel.timelineView()->model(), tl);
        QCOMPARE(tl->rowCount(), 3); // lobby, day 1, day 2
        QCOMPARE(tl->currentIndex().data(TimelineModel::PhaseRole).toInt(), int(Phase::DayOpening));
        QVERIFY(!f.panel.timelineView()->accessibleDescription().isEmpty());
        QVERIFY(!f.panel.timelineView()->grab().isNull());
        QCOMPARE(f.panel.header()->phaseText().contains(UiText::phaseName(Phase::DayOpening)),
                 true);
        QVERIFY(!f.panel.header()->countdownText().isEmpty());
    }

    void replayScrubberRebuildsState()
    {
        Fixture f;
        QVERIFY(f.h.untilPhase(Phase::DayVote, 2));
        const engine::Match &live = *f.h.replica();
        std::uint64_t beforeDeath = 0;
        for (const engine::Event &e : live.log())
            if (e.type == engine::EventType::PlayerEliminated && !beforeDeath)
                beforeDeath = e.seq - 1;
        QVERIFY(beforeDeath > 1);
        QSlider *slider = f.panel.replayBar()->slider();
        QCOMPARE(quint64(slider->maximum()), live.state().lastSeq);
        QSignalSpy liveChanged(&f.controller, &SpectatorController::liveChanged);
        slider->setValue(int(beforeDeath));
        QVERIFY(!f.controller.isLive());
        QCOMPARE(liveChanged.count(), 1);
        QCOMPARE(f.controller.shownSeq(), beforeDeath);
        PlayersModel *players = f.controller.players();
        for (int r = 0; r < players->rowCount(); ++r)
            QVERIFY(players->index(r, 0).data(PlayersModel::AliveRole).toBool());
        QVERIFY(f.panel.header()->titleText().contains(PhaseHeader::tr("REPLAY")));
        QCOMPARE(f.controller.transcript()
                         ->index(f.controller.transcript()->rowCount() - 1, 0)
                         .data(TranscriptModel::SeqRole)
                         .toULongLong()
                     <= beforeDeath,
                 true);
        // The live match moves on; the replay stays put, the range grows.
        const int maxBefore = slider->maximum();
        f.h.feed.step();
        f.h.feed.step();
        QCOMPARE(f.controller.shownSeq(), beforeDeath);
        QVERIFY(slider->maximum() > maxBefore);
        // forward scrubbing folds on
        slider->setValue(int(beforeDeath) + 3);
        QCOMPARE(f.controller.shownSeq(), beforeDeath + 3);
        QCOMPARE(f.controller.shownMatch()->stateHash(),
                 engine::Match::replay(
                     {live.log().begin(), live.log().begin() + std::ptrdiff_t(beforeDeath + 3)})
                     ->stateHash());
        // the end goes live again
        slider->setValue(slider->maximum());
        QVERIFY(f.controller.isLive());
        QCOMPARE(liveChanged.count(), 2);
        QCOMPARE(f.controller.shownSeq(), live.state().lastSeq);
    }

    void autoScrollStopsWhenUserScrollsUp()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
        QVERIFY(f.h.untilPhase(Phase::DayDiscussion, 1));
        QListView *view = f.panel.transcriptView();
        QScrollBar *sb = view->verticalScrollBar();
        QTRY_VERIFY(sb->maximum() > 0);
        QTRY_COMPARE(sb->value(), sb->maximum());
        QVERIFY(f.panel.followsTranscript());
        sb->setValue(0);
        QVERIFY(!f.panel.followsTranscript());
        for (int i = 0; i < 5; ++i)
            f.h.feed.step();
        QTest::qWait(50);
        QCOMPARE(sb->value(), 0);
        sb->setValue(sb->maximum());
        QVERIFY(f.panel.followsTranscript());
    }

    // A whole log at once (a feed's snapshot, a replay opened late): the list
    // lays it out in batches after the first scroll to the bottom, and the
    // panel must still end at the bottom, following, with no "Latest" button.
    void aWholeLogAtOnceEndsAtTheBottom()
    {
        engine::MatchConfig config;
        config.rateLimits = false;
        const auto sim = engine::simulateMatch(17, config);
        ReplicaSet replicas;
        SpectatorController controller(&replicas);
        SpectatorPanel panel(&controller);
        panel.resize(1000, 760);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QString id = QString::fromStdString(sim.match->matchId());
        replicas.ingest(id, std::make_shared<const std::vector<engine::Event>>(sim.match->log()));
        controller.selectMatch(id);
        QScrollBar *sb = panel.transcriptView()->verticalScrollBar();
        QTRY_VERIFY(sb->maximum() > 0);
        QTest::qWait(300); // let the batched layout finish
        QCOMPARE(sb->value(), sb->maximum());
        QVERIFY(panel.followsTranscript());
    }
};

QTEST_MAIN(TestSpectatorPanel)
#include "tst_spectatorpanel.moc"
