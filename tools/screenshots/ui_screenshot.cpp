// SPDX-License-Identifier: MIT
// Renders the main window at several moments of a demo match and saves PNGs.
// Exits non-zero if a key widget is hidden or empty at a moment that needs it.
//   ui_screenshot <output-dir> [--size WxH]

#include "tests/ui/fixtures.h"

#include "tests/ui/support/devfeed.h"
#include "ui/hostlink.h"
#include "ui/keymomentsmodel.h"
#include "ui/mainwindow.h"
#include "ui/playersmodel.h"
#include "ui/replaybar.h"
#include "ui/spectatorpanel.h"
#include "ui/theme.h"
#include "ui/transcriptmodel.h"
#include "ui/votetallymodel.h"
#include "ui/votetallyview.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QListView>
#include <QSlider>
#include <QTimer>

#include <cstdio>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;

namespace {

void settle(int ms = 700)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

int failures = 0;

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "ui_screenshot: FAILED: %s\n", what);
        ++failures;
    }
}

void shoot(MainWindow &w, const QString &dir, const QString &name)
{
    settle();
    const QString path = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "ui_screenshot: cannot write %s\n", qPrintable(path));
        ++failures;
        return;
    }
    std::printf("%s\n", qPrintable(path));
}

void checkPopulated(MainWindow &w)
{
    SpectatorPanel *p = w.spectatorPanel();
    check(p->isVisible() && p->playersView()->isVisible(), "players view visible");
    check(w.controller()->players()->rowCount() == 8, "eight players");
    check(w.controller()->transcript()->rowCount() > 5, "transcript populated");
    check(p->transcriptView()->isVisible(), "transcript visible");
    check(p->voteTallyView()->isVisible(), "vote tally visible");
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: ui_screenshot <output-dir> [--size WxH]\n");
        return 2;
    }
    const QString dir = args.at(1);
    QDir().mkpath(dir);
    QSize size(1280, 800);
    if (const int i = int(args.indexOf(QStringLiteral("--size"))); i > 0 && i + 1 < args.size()) {
        const QStringList wh = args.at(i + 1).split(QLatin1Char('x'));
        if (wh.size() == 2)
            size = QSize(wh[0].toInt(), wh[1].toInt());
    }

    HostLink link;
    MainWindow w(&link);
    DevFeed feed(&link);
    HostSettings light;
    light.themeFollowsSystem = false;
    w.setSettings(light);
    w.setClock([&feed] { return feed.now(); });
    w.resize(size);
    w.show();
    feed.sendServerInfo();

    // An earlier match that already ended, so the map shows a faded building.
    const QString old = feed.startMatch(3);
    feed.stepUntil(old, [](const engine::Match &m) { return m.ended(); });
    const QString id = feed.startMatch(42);
    const QString other = feed.startMatch(77);
    w.controller()->selectMatch(id);
    feed.sendQueue({QStringLiteral("Quinn"),
                    QStringLiteral("Rosa"),
                    QStringLiteral("Sami"),
                    QStringLiteral("Tomas"),
                    QStringLiteral("Uma")});

    // 1. Night 2 with the omniscient view on: roles, the wolves' choice, wolf chat.
    feed.stepUntil(id, [](const engine::Match &m) {
        if (m.state().phase != Phase::Night || m.state().nightNumber < 2)
            return false;
        int picked = 0;
        for (const engine::Player &p : m.state().players)
            picked += p.wolfSelection.has_value() || p.seerTarget.has_value();
        return picked >= 2;
    });
    w.omniscientAction()->setChecked(true);
    checkPopulated(w);
    check(w.controller()->omniscient(), "omniscient on");
    shoot(w, dir, QStringLiteral("01-night-omniscient"));

    // 2. A vote in progress, public view.
    w.omniscientAction()->setChecked(false);
    feed.stepUntil(id, [](const engine::Match &m) {
        if (m.state().phase != Phase::DayVote)
            return false;
        int voted = 0;
        for (const engine::Player &p : m.state().players)
            voted += p.voted;
        return voted >= 4;
    });
    checkPopulated(w);
    check(w.controller()->voteTally()->rowCount() > 0, "vote tally has bars");
    check(w.controller()->voteTally()->summary().live, "vote is live");
    shoot(w, dir, QStringLiteral("02-vote-in-progress"));

    // 3. The same vote in the dark palette.
    HostSettings dark = light;
    dark.darkTheme = true;
    w.setSettings(dark);
    shoot(w, dir, QStringLiteral("03-vote-dark"));
    w.setSettings(light);

    // 4. The end.
    feed.stepUntil(id, [](const engine::Match &m) { return m.ended(); });
    feed.stepUntil(other,
                   [](const engine::Match &m) { return m.state().phase == Phase::DayDiscussion; });
    checkPopulated(w);
    check(w.controller()->liveMatch()->ended(), "match ended");
    shoot(w, dir, QStringLiteral("04-the-end"));

    // 5. Replay: scrubbed back to the first day's vote result.
    std::uint64_t seq = 0;
    for (const engine::Event &e : w.controller()->liveMatch()->log())
        if (e.type == engine::EventType::VoteResult && !seq)
            seq = e.seq;
    w.spectatorPanel()->replayBar()->slider()->setValue(int(seq));
    check(!w.controller()->isLive(), "replay position held");
    shoot(w, dir, QStringLiteral("05-replay"));
    w.controller()->goLive();

    // 6. The smallest supported window.
    w.resize(1280, 720);
    w.controller()->selectMatch(other);
    shoot(w, dir, QStringLiteral("06-1280x720"));

    return failures == 0 ? 0 : 1;
}
