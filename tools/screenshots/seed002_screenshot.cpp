// SPDX-License-Identifier: MIT
// Seed 002 in the main window: a witch-hunter-9 match in its PK revote (public
// view) and a twelve-seat witch-hunter-doctor-12 table at night (omniscient view).
// Exits non-zero if the tally, the players or the transcript do not show
// what the moment needs.
//   seed002_screenshot <output-dir> [--size WxH]

#include "tests/ui/support/devfeed.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/playersmodel.h"
#include "ui/spectatorpanel.h"
#include "ui/transcriptmodel.h"
#include "ui/votetallymodel.h"
#include "ui/votetallyview.h"

#include "shotcheck.h"

#include "engine/lobby.h"
#include "engine/rules.h"
#include "engine/simulator.h"

#include "shotcheck.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;

namespace {

using shots::check;
using shots::shoot;

engine::MatchConfig configFor(const char *preset)
{
    engine::MatchConfig c;
    c.rules = *engine::rulePreset(preset);
    return c;
}

/// A witch-hunter-9 match played by hand to the middle of its PK revote: the
/// built-in bots do not play the PK yet, so this one is scripted.
engine::Match scriptedPk(engine::TimeMs &now)
{
    using K = engine::Command::Kind;
    std::vector<engine::SeatAssignment> seats;
    for (int i = 0; i < 9; ++i)
        seats.push_back({"agent:" + std::to_string(i + 1), engine::botNames()[std::size_t(i)]});
    engine::Match m = engine::Match::create(
        engine::Lobby::matchIdFor(90), "bld-90", 90, 11, seats, configFor("witch-hunter-9"), now);
    auto run = [&](engine::Command c) {
        now += 3100;
        (void)m.execute(c, now);
    };
    auto skipTo = [&](Phase p) {
        for (int i = 0; i < 40 && m.state().phase != p && !m.ended(); ++i) {
            now += 100;
            m.skipPhase(now);
        }
    };
    for (const engine::Player &p : m.state().players)
        run({K::Ready, p.playerId, {}, {}, {}, {}, {}});
    skipTo(Phase::DayDiscussion);
    std::vector<std::string> alive;
    for (const engine::Player &p : m.state().players)
        if (p.alive)
            alive.push_back(p.playerId);
    const std::string a = alive[0], b = alive[1];
    auto name = [&](const std::string &id) {
        return m.player(id)->displayName;
    };
    run({K::Say,
         alive[2],
         {},
         "I do not trust " + name(a) + ": too quiet last night.",
         {},
         {},
         {}});
    run({K::Say,
         alive[3],
         {},
         name(b) + " keeps changing the subject. That worries me.",
         {},
         {},
         {}});
    run({K::Say, a, {}, "I have nothing to hide. Look at " + name(b) + " instead.", {}, {}, {}});
    run({K::Say, b, {}, "Accusing me proves nothing, " + name(a) + ".", {}, {}, {}});
    skipTo(Phase::DayVote);
    // The others split evenly (one stays silent when they are odd): a tie.
    const std::size_t voters = (alive.size() - 2) / 2 * 2;
    for (std::size_t i = 0; i < voters; ++i)
        run({K::Vote, alive[2 + i], i % 2 ? a : b, {}, {}, {}, {}});
    skipTo(Phase::DayPkDefense);
    run({K::Say,
         a,
         {},
         "I voted with the town every time. Read the log.",
         engine::MessageKind::Defense,
         {},
         {}});
    run({K::Say,
         b,
         {},
         "If I were a wolf, would I have spoken first?",
         engine::MessageKind::Defense,
         {},
         {}});
    skipTo(Phase::DayPkVote);
    run({K::Vote, alive[2], a, {}, {}, {}, {}});
    run({K::Vote, alive[3], b, {}, {}, {}, {}});
    run({K::Vote, alive[4], a, {}, {}, {}, {}});
    return m;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("seed002_screenshot");
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: seed002_screenshot <output-dir> [--size WxH]\n");
        return 2;
    }
    const QString dir = args.at(1);
    QDir().mkpath(dir);
    const QSize size = shots::sizeOption(args, QSize(1280, 800));

    HostLink link;
    MainWindow w(&link);
    DevFeed feed(&link);
    feed.setActors(DevFeed::Actors::BuiltInBots);
    HostSettings light;
    light.themeFollowsSystem = false;
    w.setSettings(light);
    w.setClock([&feed] { return feed.now(); });
    w.resize(size);
    w.show();
    feed.sendServerInfo();

    // 1. witch-hunter-9 in the PK revote, public view: only the tied players on the tally.
    engine::TimeMs at = feed.now();
    const engine::Match scripted = scriptedPk(at);
    const QString pk = QString::fromStdString(scripted.matchId());
    w.setClock([at] { return at; });
    Q_EMIT link.matchEvents(pk, std::make_shared<const std::vector<engine::Event>>(scripted.log()));
    w.controller()->selectMatch(pk);
    const VoteTallyModel *tally = w.controller()->voteTally();
    check(tally->summary().pkRevote, "the tally is the PK revote");
    check(tally->summary().pkNames.size() >= 2, "the PK's players are named");
    check(w.controller()->players()->rowCount() == 9, "nine players");
    check(!w.controller()->omniscient(), "public view");
    shoot(w, dir, QStringLiteral("15-seed002-pk-revote"));

    w.setClock([&feed] { return feed.now(); });

    // 2. witch-hunter-doctor-12 at night 2, omniscient: twelve seats, the witch's potions.
    feed.setMatchConfig(configFor("witch-hunter-doctor-12"));
    const QString big = feed.startMatch(12);
    w.controller()->selectMatch(big);
    feed.stepUntil(big, [](const engine::Match &m) {
        return m.state().phase == Phase::NightWitch && m.state().nightNumber >= 2;
    });
    w.omniscientAction()->setChecked(true);
    check(w.controller()->players()->rowCount() == 12, "twelve players");
    check(w.controller()->transcript()->rowCount() > 5, "transcript populated");
    shoot(w, dir, QStringLiteral("16-witch-hunter-doctor-12-seats-omniscient"));

    return shots::failures == 0 ? 0 : 1;
}
