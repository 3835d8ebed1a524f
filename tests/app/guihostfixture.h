// SPDX-License-Identifier: MIT
#pragma once

// The desktop app's real wiring for tests: a MainWindow on a HostLink, and a
// GuiHost running the real Host and McpService in their own thread, with
// short timers so a bot match takes seconds.

#include "app/guihost.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/spectatorcontroller.h"

#include <QSignalSpy>

namespace townhall::testing {

/// Short timers, speed ×20, rate limits off, any free port.
inline app::GuiHostOptions fastGuiOptions(const QString &db = QStringLiteral(":memory:"),
                                          quint64 seed = 777)
{
    app::GuiHostOptions o;
    o.host.dbPath = db;
    o.host.speed = 20.0;
    o.host.rateLimits = false;
    o.host.seed = seed;
    o.port = 0;
    engine::Timers t;
    t.lobby = 4'000;
    t.night = 20'000;
    t.dayAnnounce = 2'000;
    t.openingTurn = 4'000;
    t.dayDiscussion = 30'000;
    t.dayVote = 20'000;
    t.dayResolution = 2'000;
    o.timers = t;
    return o;
}

/// The main window and the host thread behind it.
struct GuiApp
{
    ui::HostLink link;
    ui::MainWindow window{&link};
    app::GuiHost host;

    explicit GuiApp(app::GuiHostOptions o, QSize size = {1280, 720})
        : host(std::move(o), &link)
    {
        window.resize(size);
        window.show();
    }
    /// Starts the host thread; false if it did not report started in 20 s.
    bool start()
    {
        QSignalSpy started(&host, &app::GuiHost::started);
        host.start();
        return started.wait(20'000);
    }
    const engine::Match *shown() const { return window.controller()->liveMatch(); }
};

} // namespace townhall::testing
