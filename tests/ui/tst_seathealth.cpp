// SPDX-License-Identifier: MIT
// Seat health (ui/seathealth.h): owed actions and time left, missed deadlines
// and consecutive timeouts as each viewer may know them, and the agents' last
// call latency and errors in the current phase, from a scripted match.

#include "fixtures.h"

#include "ui/mainwindow.h"
#include "ui/seathealth.h"
#include "ui/spectatorpanel.h"
#include "ui/uitext.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using engine::Role;
using engine::Viewer;

namespace {

int rowOf(const SeatHealthModel &m, const std::string &playerId)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.seat(r).playerId == qs(playerId))
            return r;
    return -1;
}

ToolCallRecord call(const QString &agent,
                    const QString &match,
                    const QString &tool,
                    qint64 atMs,
                    qint64 latencyUs,
                    CallStatus status = CallStatus::Ok,
                    const QString &code = {})
{
    static quint64 id = 0;
    ToolCallRecord r;
    r.id = ++id;
    r.atUs = atMs * 1000;
    r.agentId = agent;
    r.matchId = match;
    r.method = QStringLiteral("tools/call");
    r.tool = tool;
    r.status = status;
    r.toolErrorCode = code;
    r.latencyUs = latencyUs;
    return r;
}

} // namespace

class TstSeatHealth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void missesAsEachViewerKnowsThem();
    void owedActionsAndTimeLeft();
    void callsLatencyAndPhaseErrors();
    void panelShowsTheStrip();
    void cardsWrapWhenNarrow_data();
    void cardsWrapWhenNarrow();
};

void TstSeatHealth::missesAsEachViewerKnowsThem()
{
    test::Manual m;
    SeatHealthModel omni, pub;
    QAbstractItemModelTester t1(&omni, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&pub, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const std::string seer = m.withRole(Role::Seer);
    const std::string doc = m.withRole(Role::Doctor);
    const std::string w1 = m.withRole(Role::Werewolf, 0), w2 = m.withRole(Role::Werewolf, 1);

    // At every step the omniscient counters equal the engine's own; the
    // public ones differ only by what happened in secret at night.
    auto check = [&](const char *step, int seerHiddenMisses) {
        omni.sync(&m.match, Viewer::omniscient());
        pub.sync(&m.match, Viewer::spectator());
        QCOMPARE(omni.rowCount(), 8);
        for (const engine::Player &p : m.match.state().players) {
            const SeatHealth &o = omni.seat(rowOf(omni, p.playerId));
            const SeatHealth &s = pub.seat(rowOf(pub, p.playerId));
            QVERIFY2(o.missedDeadlines == p.missedDeadlines, step);
            QVERIFY2(o.consecutiveTimeouts == p.consecutiveTimeouts, step);
            const int hidden = p.playerId == seer ? seerHiddenMisses : 0;
            QVERIFY2(s.missedDeadlines == p.missedDeadlines - hidden, step);
        }
    };

    m.readyAll();
    QVERIFY(m.match.state().phase == Phase::Night);
    check("night 1 begins", 0);
    // Night 1: the wolves kill a villager, the doctor protects someone, the seer sleeps.
    std::string victim;
    for (const std::string &id : m.nonWolves())
        if (id != seer && id != doc) {
            victim = id;
            break;
        }
    m.run({engine::Command::Kind::DoctorProtect, doc, seer, {}, {}, {}, {}});
    m.run({engine::Command::Kind::WolfKill, w1, victim, {}, {}, {}, {}});
    m.run({engine::Command::Kind::WolfKill, w2, victim, {}, {}, {}, {}});
    m.skipTo(Phase::DayAnnounce);
    QCOMPARE(m.match.player(seer)->missedDeadlines, 1);
    check("after night 1", 1);
    QCOMPARE(omni.seat(rowOf(omni, seer)).consecutiveTimeouts, 1);
    QCOMPARE(pub.seat(rowOf(pub, seer)).consecutiveTimeouts, 0);

    // Opening turns and discussion pass.
    m.skipTo(Phase::DayOpening);
    m.skipTo(Phase::DayDiscussion);
    check("after the opening turns", 1);

    // The vote: three vote, the rest abstain by missing it (public misses).
    m.skipTo(Phase::DayVote);
    int voted = 0;
    for (const engine::Player &p : m.match.state().players)
        if (p.alive && voted < 3 && p.playerId != w2)
            voted += m.vote(p.playerId, w2) ? 1 : 0;
    QCOMPARE(voted, 3);
    m.skipTo(Phase::DayResolution);
    check("after the vote", 1);
    std::string idle;
    for (const engine::Player &p : m.match.state().players)
        if (p.alive && !p.voted && p.role != Role::Seer
            && pub.seat(rowOf(pub, p.playerId)).consecutiveTimeouts >= 1)
            idle = p.playerId;
    QVERIFY(!idle.empty());

    // Night 2, everybody acts; then speaking ends a run of timeouts, for every viewer.
    m.skipTo(Phase::Night);
    for (const std::string &id : m.nonWolves())
        if (id != seer && id != idle) {
            m.night(id);
            break;
        }
    m.skipTo(Phase::DayDiscussion);
    check("day 2", 1);
    QVERIFY(m.match.player(idle)->alive);
    QVERIFY(pub.seat(rowOf(pub, idle)).consecutiveTimeouts >= 1);
    QVERIFY(m.say(idle, "I am here now."));
    check("after the idle player speaks", 1);
    QCOMPARE(pub.seat(rowOf(pub, idle)).consecutiveTimeouts, 0);
    QCOMPARE(omni.seat(rowOf(omni, idle)).consecutiveTimeouts, 0);
}

void TstSeatHealth::owedActionsAndTimeLeft()
{
    test::Manual m;
    SeatHealthModel omni, pub;
    qint64 now = 0;
    omni.setClock([&now] { return now; });
    pub.setClock([&now] { return now; });

    // Lobby: whoever is not ready owes it.
    m.run({engine::Command::Kind::Ready, "p:1", {}, {}, {}, {}, {}});
    now = m.match.state().phaseEndsAt - 30'000;
    pub.sync(&m.match, Viewer::spectator());
    QVERIFY(!pub.seat(0).owes);
    QVERIFY(pub.seat(1).owes);
    QCOMPARE(pub.timeLeftMs(1), 30'000);

    // Night: the public view cannot know who owes a night action.
    m.readyAll();
    now = m.match.state().phaseEndsAt - 20'000;
    pub.sync(&m.match, Viewer::spectator());
    omni.sync(&m.match, Viewer::omniscient());
    const std::string seer = m.withRole(Role::Seer);
    const int s = rowOf(omni, seer);
    for (int r = 0; r < 8; ++r) {
        QVERIFY(!pub.seat(r).owesKnown);
        QCOMPARE(pub.timeLeftMs(r), -1);
    }
    QVERIFY(omni.seat(s).owes);
    QCOMPARE(omni.timeLeftMs(s), 20'000);
    int owing = 0;
    for (int r = 0; r < 8; ++r)
        owing += omni.seat(r).owes;
    QCOMPARE(owing, 4); // two wolves, the seer, the doctor
    m.run({engine::Command::Kind::SeerInspect, seer, m.withRole(Role::Werewolf), {}, {}, {}, {}});
    omni.sync(&m.match, Viewer::omniscient());
    QVERIFY(!omni.seat(s).owes);
    QCOMPARE(omni.timeLeftMs(s), -1);

    // Opening turns: only the speaker owes, by the end of their turn.
    m.skipTo(Phase::DayOpening);
    const engine::MatchState &st = m.match.state();
    const std::string speaker = st.openingOrder[std::size_t(st.openingIndex)];
    now = st.turnEndsAt - 4'000;
    pub.sync(&m.match, Viewer::spectator());
    for (int r = 0; r < 8; ++r)
        QCOMPARE(pub.seat(r).owes, pub.seat(r).playerId == qs(speaker));
    QCOMPARE(pub.timeLeftMs(rowOf(pub, speaker)), 4'000);

    // The vote: everyone alive who has not voted; a pause freezes the time left.
    m.skipTo(Phase::DayVote);
    const std::string voter = m.nonWolves().front();
    QVERIFY(m.vote(voter, m.withRole(Role::Werewolf)));
    now = m.match.state().phaseEndsAt - 12'000;
    pub.sync(&m.match, Viewer::spectator());
    for (int r = 0; r < 8; ++r) {
        const SeatHealth &h = pub.seat(r);
        if (!h.alive || h.playerId == qs(voter))
            QCOMPARE(pub.timeLeftMs(r), -1);
        else
            QCOMPARE(pub.timeLeftMs(r), 12'000);
    }
    m.match.pause(now);
    now += 60'000;
    pub.sync(&m.match, Viewer::spectator());
    const int other = rowOf(pub, m.withRole(Role::Werewolf));
    QVERIFY(pub.seat(other).paused);
    QCOMPARE(pub.timeLeftMs(other), 12'000);
    QVERIFY(pub.describe(other).contains(QStringLiteral("0:12")));
}

void TstSeatHealth::callsLatencyAndPhaseErrors()
{
    test::Manual m;
    m.readyAll();
    m.skipTo(Phase::DayDiscussion);
    const qint64 phaseStart = m.match.state().phaseStartedAt;
    const QString match = qs(m.match.matchId());
    const QString a1 = QStringLiteral("agent:1"), a2 = QStringLiteral("agent:2");
    const QString say = QStringLiteral("et.werewolf.match.say_public");
    const QString vote = QStringLiteral("et.werewolf.match.vote");
    SeatHealthModel h;
    QSignalSpy changed(&h, &QAbstractItemModel::dataChanged);
    h.sync(&m.match, Viewer::spectator());
    QCOMPARE(h.seat(0).lastLatencyUs, -1);
    QCOMPARE(h.seat(0).phaseErrors, 0);

    QVERIFY(m.say("p:3", "Good morning."));
    const qint64 t1 = m.match.log().back().at;
    h.addCalls({
        // before this phase: counts for latency, not for this phase's errors
        call(a1,
             match,
             vote,
             phaseStart - 5000,
             900,
             CallStatus::ToolError,
             QStringLiteral("WRONG_PHASE")),
        call(a1, match, say, t1 - 1000, 2500),
        call(a1,
             match,
             say,
             t1 + 200,
             1200,
             CallStatus::RateLimited,
             QStringLiteral("RATE_LIMITED")),
        call(a1, match, vote, t1 + 300, 800, CallStatus::ToolError, QStringLiteral("WRONG_PHASE")),
        // long polls say nothing about health
        call(a1, match, QStringLiteral("et.werewolf.match.wait_for_turn"), t1 + 400, 9'000'000),
        // another match's calls do not count here
        call(a2,
             QStringLiteral("match-other"),
             say,
             t1 + 500,
             7000,
             CallStatus::ToolError,
             QStringLiteral("X")),
        call(a2, match, say, t1 + 600, 3000),
    });
    QVERIFY(changed.size() > 0);
    QCOMPARE(h.seat(0).lastLatencyUs, 800);
    QCOMPARE(h.seat(0).lastTool, vote);
    QCOMPARE(h.seat(0).phaseErrors, 2);
    QCOMPARE(h.seat(0).lastError, QStringLiteral("WRONG_PHASE"));
    QCOMPARE(h.seat(1).lastLatencyUs, 3000);
    QCOMPARE(h.seat(1).phaseErrors, 0);
    QCOMPARE(h.seat(2).lastLatencyUs, -1);
    // Which tool a seat called (a night action…) is for the omniscient eye only.
    QVERIFY(!h.describe(0).contains(vote));
    QVERIFY(!h.describe(0).contains(QStringLiteral("WRONG_PHASE")));
    h.sync(&m.match, Viewer::omniscient());
    QVERIFY(h.describe(0).contains(vote));
    QVERIFY(h.describe(0).contains(QStringLiteral("WRONG_PHASE")));

    // A new phase starts with no errors; a replay leaves later calls out.
    m.now += 10'000;
    m.skipTo(Phase::DayVote);
    h.sync(&m.match, Viewer::spectator());
    QCOMPARE(h.seat(0).phaseErrors, 0);
    QCOMPARE(h.seat(0).lastLatencyUs, 800);
    std::vector<engine::Event> early;
    for (const engine::Event &e : m.match.log())
        if (e.at <= t1)
            early.push_back(e);
    const auto replay = engine::Match::replay(early);
    QVERIFY(replay);
    h.sync(&*replay, Viewer::spectator(), false);
    QCOMPARE(h.seat(0).lastLatencyUs, 2500);
    QCOMPARE(h.seat(1).lastLatencyUs, -1);
}

void TstSeatHealth::panelShowsTheStrip()
{
    HostLink link;
    MainWindow w(&link);
    test::Harness hx; // the window needs every match from its first event
    QObject::connect(&hx.link, &HostLink::matchEvents, &link, &HostLink::matchEvents);
    hx.matchId = hx.feed.startMatch(43);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(hx.untilPhase(Phase::DayVote, 1));
    SpectatorPanel *panel = w.spectatorPanel();
    QVERIFY(!panel->seatHealthVisible()); // off by default
    QVERIFY(!panel->seatHealthView()->isVisible());
    QCOMPARE(panel->seatHealth()->rowCount(), 0); // not computed while hidden
    // The inspector no longer brings it (issue 29 #16): seat health has a
    // dock of its own, in the public view too.
    w.inspectorAction()->trigger();
    QVERIFY(!panel->seatHealthView()->isVisible());
    w.inspectorAction()->trigger();
    QVERIFY(!w.controller()->omniscient());
    const int panelHeight = panel->height();
    QSignalSpy wanted(&link, &HostLink::toolCallsWanted);
    w.seatHealthAction()->trigger();
    // Its latencies and errors come from the recorded calls: it asks for them.
    QCOMPARE(wanted.size(), 1);
    QCOMPARE(wanted.at(0).at(0).toBool(), true);
    QVERIFY(panel->seatHealthView()->isVisible());
    QCOMPARE(panel->seatHealth()->rowCount(), 8);
    // Every card whole: none narrower than its longest line, none below
    // the visible part of the dock, none overlapping another.
    QTRY_VERIFY(panel->seatHealthArea()->viewport()->height()
                >= panel->seatHealthView()->heightForWidth(panel->seatHealthView()->width()));
    SeatHealthView *view = panel->seatHealthView();
    for (int r = 0; r < 8; ++r) {
        const QRect cell = view->cellRect(r);
        QVERIFY2(cell.width() >= view->cellWidth(), qPrintable(QString::number(cell.width())));
        QVERIFY(view->rect().contains(cell));
        QVERIFY(cell.bottom() < panel->seatHealthArea()->viewport()->height());
        for (int o = 0; o < r; ++o)
            QVERIFY(!cell.intersects(view->cellRect(o)));
    }
    // A model seat adds its model's lines: the dock grows to show them whole.
    const int shortCards = view->cellHeight();
    ModelSeatReport model;
    model.matchId = hx.matchId;
    model.playerId = qs(hx.replica()->state().players.front().playerId);
    model.model = QStringLiteral("local · qwen3:8b");
    w.replicas()->modelSeats()->ingest({model});
    QTRY_VERIFY(view->cellHeight() > shortCards);
    QTRY_VERIFY(panel->seatHealthArea()->viewport()->height()
                >= view->heightForWidth(view->width()));
    // The spectator panel keeps most of its height.
    QVERIFY2(panel->height() >= panelHeight * 2 / 3,
             qPrintable(QStringLiteral("%1 of %2").arg(panel->height()).arg(panelHeight)));
    const QString description = panel->seatHealthView()->accessibleDescription();
    for (const engine::Player &p : hx.replica()->state().players)
        QVERIFY(description.contains(qs(p.displayName)));
    // It follows the match.
    QVERIFY(hx.untilPhase(Phase::DayVote, 2));
    int missed = 0;
    for (int r = 0; r < 8; ++r)
        missed += panel->seatHealth()->seat(r).missedDeadlines;
    int engineMissed = 0;
    for (const engine::Player &p : hx.replica()->state().players)
        engineMissed += p.missedDeadlines;
    QVERIFY(missed <= engineMissed);
    w.seatHealthAction()->trigger();
    QVERIFY(!panel->seatHealthView()->isVisible());
    QCOMPARE(wanted.size(), 2);
    QCOMPARE(wanted.at(1).at(0).toBool(), false);
}

void TstSeatHealth::cardsWrapWhenNarrow_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("modelSeats");
    QTest::newRow("wide") << 1900 << false;
    QTest::newRow("narrow") << 700 << false;
    QTest::newRow("narrow, model seats") << 700 << true;
    QTest::newRow("one card wide") << 120 << true;
}

void TstSeatHealth::cardsWrapWhenNarrow()
{
    QFETCH(int, width);
    QFETCH(bool, modelSeats);
    test::Harness h;
    h.matchId = h.feed.startMatch(43);
    QVERIFY(h.untilPhase(Phase::DayVote, 1));
    SeatHealthModel model;
    ModelSeatBook book;
    if (modelSeats) {
        ModelSeatReport r;
        r.matchId = h.matchId;
        r.playerId = qs(h.replica()->state().players.front().playerId);
        r.model = QStringLiteral("local · qwen3:8b");
        book.ingest({r});
    }
    model.setModelSeats(&book);
    model.sync(h.replica(), Viewer::spectator());
    SeatHealthView view(&model);
    const int height = view.heightForWidth(width);
    view.resize(width, height);
    const int columns = view.columnsFor(width);
    QVERIFY(columns >= 1 && columns <= 8);
    QCOMPARE(height,
             ((8 + columns - 1) / columns) * view.cellHeight()
                 + ((8 + columns - 1) / columns - 1) * 6);
    for (int r = 0; r < 8; ++r) {
        const QRect cell = view.cellRect(r);
        QVERIFY(view.rect().contains(cell));
        if (width >= view.cellWidth())
            QVERIFY(cell.width() >= view.cellWidth());
    }
    if (width >= 8 * (view.cellWidth() + 6))
        QCOMPARE(columns, 8);
}

QTEST_MAIN(TstSeatHealth)
#include "tst_seathealth.moc"
