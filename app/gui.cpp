// SPDX-License-Identifier: MIT
// The desktop app: the main window in the UI thread, the host (engine, store,
// MCP server, bots) in a thread of its own, HostLink between them.

#include "app/cli.h"

#include "app/guihost.h"
#include "app/guisettings.h"
#include "app/options.h"
#include "ui/i18n.h"
#include "ui/inspectordock.h"
#include "ui/mainwindow.h"
#include "app/profilesdialog.h"
#include "host/providers/keychain.h"

#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QStatusBar>

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QSettings>

#include <cstdio>

namespace townhall::app {

using namespace townhall::host;

namespace {

void err(const QString &s)
{
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stderr);
}

/// The Models menu: the provider profiles. Keys typed in the dialog go to
/// the system keychain; where there is none, the status bar says what to do.
void addModelsMenu(ui::MainWindow &window, QSettings &settings)
{
    QMenu *menu = window.menuBar()->addMenu(ProfilesDialog::tr("&Models"));
    QAction *providers = menu->addAction(ProfilesDialog::tr("Model &providers…"));
    QObject::connect(providers, &QAction::triggered, &window, [&window, &settings] {
        ProfileStore store(settings);
        auto keychain = std::make_shared<host::providers::KeychainKeySource>();
        ProfilesDialog dialog(store, keychain, &window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        QPointer<ui::MainWindow> shown(&window);
        for (const auto &[name, key] : dialog.typedKeys())
            keychain->store(name, key).then([shown, keychain](const QString &problem) {
                if (shown && !problem.isEmpty())
                    shown->statusBar()->showMessage(problem, 15000);
            });
    });
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
    addHostOptions(p, HostMode::Desktop);
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

    QString invalid;
    const std::optional<HostCommandLine> options = readHostOptions(p, HostMode::Desktop, &invalid);
    if (!options) {
        err(QStringLiteral("townhall: %1\n").arg(invalid));
        return 2;
    }
    GuiHostOptions o;
    o.host = options->host;
    if (!options->dbGiven)
        o.host.dbPath = databasePathFor(settings);
    o.host.guests = settings.guestsAllowed && options->host.guests;
    o.port = options->port.value_or(quint16(settings.port));
    o.bots = options->bots;
    o.demo = options->demo;
    o.timers = options->timers ? *options->timers : settings.timers;  // --timers wins over the setting

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
    addModelsMenu(window, stored);
    window.show();
    // Ctrl+C or SIGTERM closes the window like the user would, so the host
    // stops in its thread and the store is closed cleanly.
    stopOnTerminationSignals(&window, [&window] { window.close(); });

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
