// SPDX-License-Identifier: MIT
// The desktop app: the main window in the UI thread, the host (engine, store,
// MCP server, bots) in a thread of its own, HostLink between them.

#include "app/cli.h"

#include "app/guihost.h"
#include "app/guisettings.h"
#include "app/guitournaments.h"
#include "app/newmatchdialog.h"
#include "app/options.h"
#include "app/profilesdialog.h"
#include "app/sharedleaderboard.h"
#include "host/providers/keychain.h"
#include "ui/broadcastwindow.h"
#include "ui/i18n.h"
#include "ui/inspectordock.h"
#include "ui/leaderboardpanel.h"
#include "ui/mainwindow.h"
#include "ui/sharedtournamentdialog.h"
#include "ui/tournamentdialog.h"
#include "ui/voice.h"

#include <QAction>
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

/// The profiles dialog over `parent`. Keys typed in it go to the system
/// keychain; where there is none, the status bar says what to do.
void editProfiles(ui::MainWindow &window, QWidget *parent, QSettings &settings)
{
    ProfileStore store(settings);
    auto keychain = std::make_shared<host::providers::KeychainKeySource>();
    ProfilesDialog dialog(store, std::make_shared<AppKeySource>(keychain), parent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QPointer<ui::MainWindow> shown(&window);
    for (const auto &[name, key] : dialog.typedKeys())
        keychain->store(name, key).then([shown, keychain, name](const QString &problem) {
            if (shown && !problem.isEmpty())
                shown->statusBar()->showMessage(AppKeySource::notKept(name), 15000);
        });
}

/// The Models menu: the provider profiles.
void addModelsMenu(ui::MainWindow &window, QSettings &settings)
{
    // Before Help, which ends a menu bar.
    auto *menu = new QMenu(ProfilesDialog::tr("&Models"), &window);
    window.menuBar()->insertMenu(window.helpMenuAction(), menu);
    QAction *providers = menu->addAction(ProfilesDialog::tr("Model &providers…"));
    QObject::connect(providers, &QAction::triggered, &window, [&window, &settings] {
        editProfiles(window, &window, settings);
    });
}

/// Match → New match…, above the demo match: the seats of the next table.
/// The host thread looks the keys up (keychain first, else the environment)
/// and says on the status bar what it queued.
void addNewMatchAction(ui::MainWindow &window, QSettings &settings, GuiHost &guiHost)
{
    auto *action = new QAction(NewMatchDialog::tr("&New match…"), &window);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    action->setToolTip(
        NewMatchDialog::tr("Choose bots, models and open seats for the next table (Ctrl+Shift+N)"));
    window.addAction(action);
    // The Match menu is the one that holds the demo match.
    for (QObject *o : window.demoAction()->associatedObjects())
        if (auto *menu = qobject_cast<QMenu *>(o)) {
            menu->insertAction(window.demoAction(), action);
            break;
        }
    QObject::connect(action, &QAction::triggered, &window, [&window, &settings, &guiHost] {
        ProfileStore store(settings);
        NewMatchDialog dialog(store, settings, &window);
        QObject::connect(&dialog, &NewMatchDialog::profilesWanted, &dialog, [&] {
            editProfiles(window, &dialog, settings);
            dialog.reloadProfiles();
        });
        if (dialog.exec() != QDialog::Accepted)
            return;
        guiHost.queuePlan(
            dialog.plan(),
            std::make_shared<AppKeySource>(std::make_shared<providers::KeychainKeySource>()));
    });
}

/// Tournament → New tournament…: the dialog, then the host plays it; the
/// Leaderboard shows its progress and report (TournamentBoard).
void addTournamentActions(ui::MainWindow &window, QSettings &settings, TournamentBoard &local)
{
    QObject::connect(
        &window, &ui::MainWindow::newTournamentRequested, &window, [&window, &settings, &local] {
            ProfileStore store(settings);
            QStringList names;
            nlohmann::json providers = nlohmann::json::object();
            for (const providers::ProviderProfile &p : store.load()) {
                names << p.name;
                providers[p.name.toStdString()] = p.toJson(); // never a key
            }
            ui::TournamentDialog dialog(names, providers, &window);
            dialog.restoreForm(settings); // the file loaded or the tournament started last time
            const int result = dialog.exec();
            dialog.saveForm(settings);
            if (result != QDialog::Accepted)
                return;
            local.start(dialog.spec(), dialog.parallel());
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
    o.spectateListen = options->spectateListen;
    o.demo = options->demo;
    o.timers
        = options->timers ? *options->timers : settings.timers; // --timers wins over the setting
    // Tournaments' model seats: keychain first, else the environment.
    o.keys = std::make_shared<AppKeySource>(std::make_shared<providers::KeychainKeySource>());

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
    // The Town Crier speaks the selected match's public lines; its settings
    // stay with the UI's (QSettings), the host never sees them.
    ui::CrierVoice voice;
    voice.setSettings(loadVoiceSettings(stored));
    window.setCrierVoice(&voice);
    QObject::connect(
        &voice, &ui::CrierVoice::settingsChanged, &app, [](const ui::VoiceSettings &v) {
            QSettings out;
            saveVoiceSettings(out, v);
        });
    // While the broadcast window is open the voice speaks what it shows, its
    // delay included (a stream hears what it sees, never ahead of it);
    // otherwise the main window's selected match.
    QPointer<ui::BroadcastWindow> onAir;
    QObject::connect(window.controller(),
                     &ui::SpectatorController::selectionChanged,
                     &voice,
                     [&voice, &window, &onAir](const QString &matchId) {
                         if (!onAir)
                             voice.setSource(window.replicas(), matchId);
                     });
    QObject::connect(
        &window,
        &ui::MainWindow::broadcastWindowOpened,
        &voice,
        [&voice, &window, &onAir](ui::BroadcastWindow *broadcast) {
            onAir = broadcast;
            voice.setSource(broadcast->replicas(), broadcast->shownMatch());
            QObject::connect(broadcast,
                             &ui::BroadcastWindow::shownMatchChanged,
                             &voice,
                             [&voice, broadcast](const QString &matchId) {
                                 voice.setSource(broadcast->replicas(), matchId);
                             });
            QObject::connect(broadcast, &QObject::destroyed, &voice, [&voice, &window] {
                voice.setSource(window.replicas(), window.controller()->selectedMatch());
            });
        });
    window.show();
    // Ctrl+C or SIGTERM closes the window like the user would, so the host
    // stops in its thread and the store is closed cleanly.
    stopOnTerminationSignals(&window, [&window] { window.close(); });

    GuiHost host(o, &link);
    addNewMatchAction(window, stored, host);
    SharedTournamentReader sharedReader;
    SharedLeaderboard shared(window, link, sharedReader);
    TournamentBoard local(window, link, shared);
    addTournamentActions(window, stored, local);
    addSharedTournamentAction(window, stored, sharedReader, shared);
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
