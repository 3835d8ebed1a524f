// SPDX-License-Identifier: MIT
// The desktop app: the main window in the UI thread, the host (engine, store,
// MCP server, bots) in a thread of its own, HostLink between them.

#include "app/cli.h"

#include "app/guihost.h"
#include "app/guisettings.h"
#include "host/store/store.h"
#include "ui/i18n.h"
#include "ui/inspectordock.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QSettings>
#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>

namespace townhall::app {

using namespace townhall::host;

namespace {

void err(const QString &s)
{
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stderr);
}

int g_signalPipe[2] = {-1, -1};

extern "C" void onTerminate(int)
{
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(g_signalPipe[0], &c, 1);
}

/// Ctrl+C or SIGTERM closes the window like the user would, so the host stops
/// in its thread and the store is closed cleanly.
void closeOnSignals(QWidget *window)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(g_signalPipe[1], QSocketNotifier::Read, window);
    QObject::connect(notifier, &QSocketNotifier::activated, window, [window, notifier] {
        char c = 0;
        [[maybe_unused]] const auto n = ::read(g_signalPipe[1], &c, 1);
        notifier->setEnabled(false);
        window->close();
    });
    struct sigaction sa = {};
    sa.sa_handler = onTerminate;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}

} // namespace

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Hosts Werewolf matches for MCP agents on this computer and shows them live."));
    p.addHelpOption();
    p.addVersionOption();
    p.addOption(
        {QStringLiteral("port"),
         QStringLiteral("MCP port on 127.0.0.1 (default: the setting, 8787); another free port "
                        "is taken if it is busy."),
         QStringLiteral("P")});
    p.addOption(
        {QStringLiteral("db"),
         QStringLiteral("Database file (default: townhall.sqlite in the data directory, %1; "
                        "\":memory:\" keeps nothing).")
             .arg(Store::defaultPath()),
         QStringLiteral("PATH")});
    p.addOption({QStringLiteral("speed"),
                 QStringLiteral("Timer speed factor (2 halves every timer; --demo: 10)."),
                 QStringLiteral("X")});
    p.addOption({QStringLiteral("bots"),
                 QStringLiteral("Put N built-in bots in the queue."),
                 QStringLiteral("N"),
                 QStringLiteral("0")});
    p.addOption(
        {QStringLiteral("demo"), QStringLiteral("Start a match of built-in bots at once.")});
    p.addOption(
        {QStringLiteral("no-guests"), QStringLiteral("Refuse agents without a bearer token.")});
    p.addOption(
        {QStringLiteral("durable"), QStringLiteral("Survive power loss too (synchronous=FULL).")});
    p.addOption({QStringLiteral("no-rate-limits"),
                 QStringLiteral("Switch off the §8.6 rate limits (benchmarks).")});
    p.addOption({QStringLiteral("seed"),
                 QStringLiteral("Lobby seed (default: random)."),
                 QStringLiteral("S")});
    p.addOption(
        {QStringLiteral("language"),
         QStringLiteral(
             "Language of the window (en, zh_CN; default: the setting, else the system's)."),
         QStringLiteral("LANG")});
    p.process(app);

    QSettings stored;
    ui::HostSettings settings = loadGuiSettings(stored);
    const QString language = p.isSet(QStringLiteral("language"))
                                 ? p.value(QStringLiteral("language"))
                                 : settings.language;
    ui::Languages::install(ui::Languages::localeFor(language));

    const bool demo = p.isSet(QStringLiteral("demo"));
    GuiHostOptions o;
    o.host.dbPath
        = p.isSet(QStringLiteral("db")) ? p.value(QStringLiteral("db")) : databasePathFor(settings);
    o.host.durable = p.isSet(QStringLiteral("durable"));
    o.host.speed = p.isSet(QStringLiteral("speed")) ? p.value(QStringLiteral("speed")).toDouble()
                                                    : (demo ? 10.0 : 1.0);
    o.host.guests = settings.guestsAllowed && !p.isSet(QStringLiteral("no-guests"));
    o.host.rateLimits = !p.isSet(QStringLiteral("no-rate-limits"));
    if (p.isSet(QStringLiteral("seed")))
        o.host.seed = p.value(QStringLiteral("seed")).toULongLong();
    if (o.host.speed <= 0) {
        err(QStringLiteral("townhall: --speed must be positive\n"));
        return 2;
    }
    bool portOk = true;
    o.port = p.isSet(QStringLiteral("port"))
                 ? quint16(p.value(QStringLiteral("port")).toUInt(&portOk))
                 : quint16(settings.port);
    if (!portOk) {
        err(QStringLiteral("townhall: --port must be a port number\n"));
        return 2;
    }
    o.bots = std::max(0, p.value(QStringLiteral("bots")).toInt());
    o.demo = demo;
    o.timers = settings.timers;

    ui::HostLink link;
    ui::MainWindow window(&link);
    window.setSettings(settings);
    window.inspector()->setAgentViewProvider(agentViewProvider());
    QObject::connect(&link, &ui::HostLink::settingsApplied, &app, [](const ui::HostSettings &s) {
        QSettings out;
        saveGuiSettings(out, s);
    });
    if (!window.restoreGeometry(stored.value(QStringLiteral("window/geometry")).toByteArray())) {
        const QRect avail
            = window.screen() ? window.screen()->availableGeometry() : QRect(0, 0, 1440, 900);
        window.resize(std::min(1600, avail.width() * 9 / 10),
                      std::min(1000, avail.height() * 9 / 10));
    }
    window.show();
    closeOnSignals(&window);

    GuiHost host(o, &link);
    QObject::connect(&host, &GuiHost::started, &app, [](const QString &url) {
        if (!url.isEmpty())
            err(QStringLiteral("townhall: hosting on %1\n").arg(url));
    });
    host.start();
    const int rc = app.exec();
    stored.setValue(QStringLiteral("window/geometry"), window.saveGeometry());
    host.stop();
    return rc;
}

} // namespace townhall::app
