// SPDX-License-Identifier: MIT
// Screenshots of what the spectator feed drives: the broadcast window in the
// middle of a vote, and "Watch a host…" on the same host, both fed by the
// real host's feed (Host + MCP service in their thread, two tables of bots).
//   xvfb-run -a -s "-screen 0 1600x1000x24" broadcast_screenshot <dir> [--size WxH]
// Writes 13-broadcast-window.png and 14-watch-a-host.png; exits non-zero when
// a check fails or a moment never comes.

#include "app/guihost.h"
#include "shotcheck.h"
#include "ui/broadcastwindow.h"
#include "ui/feedclient.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/narratorticker.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"
#include "ui/spectatorpanel.h"
#include "ui/watchwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <functional>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using shots::check;
using shots::failures;
using shots::settle;

namespace {

bool waitFor(ReplicaSet *replicas, const std::function<bool()> &done, int timeoutMs)
{
    return shots::waitUntil(replicas, &ReplicaSet::matchAdvanced, done, timeoutMs);
}

/// The shown match is in its vote and at least `votes` were cast.
bool midVote(const engine::Match *m, int votes)
{
    if (!m || m->state().phase != Phase::DayVote)
        return false;
    int cast = 0;
    for (const engine::Player &p : m->state().players)
        cast += p.voted ? 1 : 0;
    return cast >= votes && cast < m->aliveCount();
}

void shoot(QWidget &w, NarratorTicker *ticker, const QString &path)
{
    // Never mid-slide: wait for the narrator's line to settle.
    for (int i = 0; i < 50 && ticker->isAnimating(); ++i)
        settle(20);
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "broadcast_screenshot: cannot write %s\n", qPrintable(path));
        ++failures;
        return;
    }
    std::printf("%s\n", qPrintable(path));
}

/// Waits for the shown match to be mid-vote and shoots it, if it still is
/// once the widgets settled (bots vote fast: a vote may be over by then).
bool shootMidVote(QWidget &w,
                  ReplicaSet *replicas,
                  const std::function<const engine::Match *()> &shown,
                  NarratorTicker *ticker,
                  const QString &path)
{
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (!waitFor(
                replicas, [&] { return midVote(shown(), 3); }, 180'000))
            return false;
        settle(150);
        if (!midVote(shown(), 3))
            continue;
        shoot(w, ticker, path);
        return true;
    }
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("broadcast_screenshot");
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: broadcast_screenshot <output-dir> [--size WxH]\n");
        return 2;
    }
    const QString dir = args.at(1);
    QDir().mkpath(dir);
    const QSize size = shots::sizeOption(args);

    QTemporaryDir data;
    app::GuiHostOptions o;
    o.host.dbPath = data.filePath(QStringLiteral("townhall.sqlite"));
    o.host.speed = 10.0; // what `townhall --demo` uses
    o.host.seed = 20240601;
    o.port = 0;

    HostLink link;
    MainWindow main(&link);
    main.resize(size);
    main.show();
    app::GuiHost host(o, &link);
    host.start();
    check(waitFor(
              main.replicas(), [&] { return !main.mcpUrl().isEmpty(); }, 20'000),
          "host started");

    // Before any match: the card for the viewers, in a 1080p frame (its
    // type scaled up from the 720p sizes).
    main.broadcastAction()->trigger();
    BroadcastWindow *b = main.broadcastWindow();
    check(b != nullptr, "broadcast window opened");
    if (failures)
        return 1;
    b->setDelaySeconds(0);
    b->resize(1920, 1080);
    check(waitFor(
              b->replicas(),
              [&] { return b->feed()->state() == FeedClient::State::Connected; },
              20'000),
          "broadcast connected before any match");
    check(b->idleCard()->isVisible() && b->typeScale() > 1.4,
          "the viewers' card, type scaled for 1080p");
    settle(300);
    shoot(*b, b->ticker(), dir + QStringLiteral("/13-broadcast-between-matches-1080p.png"));

    Q_EMIT link.demoMatchRequested();
    Q_EMIT link.fillSeatsRequested(8);
    // The host's own window in the omniscient view: the feed shows none of it.
    main.omniscientAction()->setChecked(true);
    b->resize(1280, 720); // a stream's frame
    check(waitFor(
              b->replicas(), [&] { return b->replicas()->matchIds().size() == 2; }, 30'000),
          "both matches on the feed");
    check(shootMidVote(
              *b,
              b->replicas(),
              [&] { return b->controller()->shownMatch(); },
              b->ticker(),
              dir + QStringLiteral("/13-broadcast-window.png")),
          "broadcast mid-vote");
    check(b->feed()->state() == FeedClient::State::Connected, "broadcast connected");

    WatchWindow watch(FeedClient::feedUrlForMcp(main.mcpUrl()));
    watch.resize(size);
    watch.show();
    check(shootMidVote(
              watch,
              watch.replicas(),
              [&] { return watch.controller()->shownMatch(); },
              watch.spectatorPanel()->ticker(),
              dir + QStringLiteral("/14-watch-a-host.png")),
          "remote viewer mid-vote");
    check(watch.feed()->state() == FeedClient::State::Connected, "remote viewer connected");
    check(!watch.controller()->omniscient(), "remote viewer public");

    b->close();
    host.stop();
    return failures ? 1 : 0;
}
