// SPDX-License-Identifier: MIT
// A shared (PostgreSQL) tournament in the desktop app, as a user sees it.
// Two "hosts" play most of a 300-match bot tournament at the nine-seat
// table into the database (and a small one to the end), each still holding
// a match in play; then the real main window opens it through Tournament →
// Open shared tournament… (the app's own action, dialog and reader thread)
// and the Leaderboard follows it.
//   tests/pg/with-postgres.sh xvfb-run -a -s "-screen 0 1600x1000x24" \
//       shared_leaderboard_screenshot <dir> [--size WxH]
// Needs TOWNHALL_TEST_PG (a postgresql:// URL) and TOWNHALL_TEST_PG_PASSWORD.
// Writes 21-shared-tournament-dialog.png and 22-shared-leaderboard.png;
// exits non-zero when a check fails or a moment never comes.

#include "app/guihost.h"
#include "app/sharedleaderboard.h"
#include "host/sharedtournaments.h"
#include "host/tournaments.h"
#include "shotcheck.h"
#include "ui/hostlink.h"
#include "ui/i18n.h"
#include "ui/leaderboardpanel.h"
#include "ui/mainwindow.h"
#include "ui/sharedtournamentdialog.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <atomic>
#include <cstdio>

using namespace townhall;
using json = nlohmann::json;
using shots::check;

namespace {

constexpr int Scheduled = 300;
constexpr int StopAt = 240;

/// Claim holders as real hosts name themselves (machine:pid:random).
const std::string HostA = "lab-gpu-1:4121:9f3c2a71";
const std::string HostB = "lab-gpu-2:3877:1be04d5c";

std::optional<tournament::TournamentSpec> botSpec(const char *name, int matches, int seed)
{
    auto parsed
        = tournament::parseSpec(json{{"name", name},
                                     {"rules", "9p"},
                                     {"matches", matches},
                                     {"seed", seed},
                                     {"mirror", true},
                                     {"participants",
                                      {{{"id", "alpha"}, {"bot", true}},
                                       {{"id", "beta"}, {"bot", true}},
                                       {{"id", "gamma"}, {"bot", true}},
                                       {{"id", "field"}, {"bot", true}, {"seats", "rest"}}}}});
    if (!parsed.ok()) {
        std::fprintf(stderr,
                     "shared_leaderboard_screenshot: spec refused: %s\n",
                     parsed.errors.front().c_str());
        return std::nullopt;
    }
    return *parsed.spec;
}

std::unique_ptr<host::SharedTournaments> openDb(const host::PostgresUrl &url)
{
    auto opened = host::SharedTournaments::open(url);
    if (!opened) {
        std::fprintf(
            stderr, "shared_leaderboard_screenshot: %s\n", qPrintable(opened.error().message));
        return nullptr;
    }
    return std::move(opened.value());
}

/// One host playing `id` on its own connection until about `until`
/// matches of it are played.
void playAs(const host::PostgresUrl &url,
            const std::string &id,
            const std::string &holder,
            int until,
            std::atomic<bool> *ok)
{
    std::atomic<bool> stopFlag = false;
    std::atomic<bool> *stop = &stopFlag;
    auto db = openDb(url);
    if (!db) {
        *ok = false;
        return;
    }
    host::BotRunOptions run;
    run.parallel = 1;
    run.holder = holder;
    run.stop = stop;
    // The matches under way when it stops still finish.
    run.progress = [stop, until](const host::TournamentProgress &p) {
        if (p.done >= until - 2)
            *stop = true;
    };
    run.commitEvery = 4;
    run.claimBatch = 4;
    run.pollMs = 50;
    if (auto r = host::runBotTournament(*db, id, run); !r) {
        std::fprintf(stderr,
                     "shared_leaderboard_screenshot: %s: %s\n",
                     holder.c_str(),
                     qPrintable(r.error().message));
        *ok = false;
    }
}

/// The database as two headless hosts leave it: a small tournament played
/// to the end, and a big one with about 240 of 300 played and one match in
/// play on each host. Returns the big one's id, or empty on failure.
std::string fillDatabase(const host::PostgresUrl &url)
{
    auto db = openDb(url);
    const auto small = botSpec("warm-up: three bots and the field", 24, 7);
    const auto big = botSpec("three bots and the field", Scheduled, 20);
    if (!db || !small || !big)
        return {};
    auto first = host::createTournament(*db, *small);
    auto second = host::createTournament(*db, *big);
    if (!first || !second)
        return {};
    const std::string id = second.value();

    std::atomic<bool> okA = true, okB = true;
    {
        // The warm-up on lab-gpu-2 to its end.
        auto warmUp = openDb(url);
        host::BotRunOptions run;
        run.holder = HostB;
        okB = warmUp && host::runBotTournament(*warmUp, first.value(), run);
    }
    // lab-gpu-1 plays the first part, lab-gpu-2 the next (one after the
    // other, so that each knows how many are played: it counts its own).
    playAs(url, id, HostA, StopAt / 2, &okA);
    playAs(url, id, HostB, StopAt, &okB);
    check(okA && okB, "both hosts played");

    // Each host holds one more match, in play as the window looks.
    for (const std::string &holder : {HostA, HostB}) {
        auto claimed = db->claimMatches(id, holder, 1, 600'000);
        if (!claimed || claimed.value().size() != 1) {
            check(false, "a match claimed for a host");
            continue;
        }
        const int index = claimed.value().front().index;
        check(bool(db->setClaimedMatchId(id, index, holder, host::botMatchId(id, index))),
              "the claimed match's id");
    }
    return id;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("shared_leaderboard_screenshot");
    // English as the app installs it, with its plural forms ("5 seconds").
    ui::Languages::install(QLocale(QLocale::English, QLocale::UnitedStates),
                           QStringLiteral(TOWNHALL_QM_DIR));
    const QStringList args = app.arguments();
    const QString dir = shots::outputDir(args);
    if (dir.isEmpty())
        return 2;
    // The whole 1600×1000 screen: the Leaderboard dock gets the height the
    // spectator panel leaves (it needs about 440 px).
    const QSize size = shots::sizeOption(args, QSize(1600, 1000));
    const QString urlText = qEnvironmentVariable("TOWNHALL_TEST_PG");
    if (urlText.isEmpty()) {
        std::fprintf(stderr,
                     "shared_leaderboard_screenshot: needs a PostgreSQL server "
                     "(run through tests/pg/with-postgres.sh)\n");
        return 2;
    }
    qputenv("PGPASSWORD", qgetenv("TOWNHALL_TEST_PG_PASSWORD"));
    QString error;
    const auto url = host::parsePostgresUrl(urlText, &error);
    if (!url) {
        std::fprintf(stderr, "shared_leaderboard_screenshot: %s\n", qPrintable(error));
        return 2;
    }

    const std::string id = fillDatabase(*url);
    if (id.empty()) {
        std::fprintf(stderr, "shared_leaderboard_screenshot: could not fill the database\n");
        return 1;
    }
    const QString tid = QString::fromStdString(id);
    int done = 0;
    if (auto db = openDb(*url))
        if (auto row = db->tournament(id))
            done = row.value().done;
    check(done >= StopAt && done < Scheduled - 2, "most of the tournament played, some left");

    // The app: the main window, the host in its thread, the shared reader
    // and the Tournament menu's action, wired as app/gui.cpp wires them.
    QTemporaryDir data;
    QSettings stored(data.filePath(QStringLiteral("townhall.ini")), QSettings::IniFormat);
    app::GuiHostOptions o;
    o.host.dbPath = data.filePath(QStringLiteral("townhall.sqlite"));
    o.host.seed = 20240601;
    o.port = 0;
    ui::HostLink link;
    ui::MainWindow window(&link);
    window.resize(size);
    window.show();
    app::GuiHost host(o, &link);
    app::SharedTournamentReader reader;
    app::SharedLeaderboard shared(window, link, reader);
    app::addSharedTournamentAction(window, stored, reader, shared);
    bool started = false;
    QObject::connect(&host, &app::GuiHost::started, &app, [&started] { started = true; });
    host.start();
    check(shots::waitUntil(
              &host, &app::GuiHost::started, [&] { return started; }, 20'000),
          "host started");

    // Tournament → Open shared tournament…: the dialog is modal, so it is
    // driven from the event loop its exec() runs.
    bool dialogShot = false;
    QTimer::singleShot(0, &app, [&] {
        auto *dialog
            = qobject_cast<ui::SharedTournamentDialog *>(QApplication::activeModalWidget());
        check(dialog != nullptr, "the Open shared tournament dialog");
        if (!dialog)
            return;
        dialog->urlEdit()->setText(urlText);
        dialog->connectButton()->click();
        const bool listed = shots::waitUntil(
            dialog,
            &ui::SharedTournamentDialog::connectRequested,
            [&] { return !dialog->isConnecting() && dialog->table()->rowCount() == 2; },
            20'000);
        check(listed, "the dialog lists both tournaments");
        if (listed) {
            check(dialog->table()->item(0, 3)->text() == QStringLiteral("24 of 24"),
                  "the warm-up finished");
            check(dialog->table()->item(1, 3)->text()
                      == QStringLiteral("%1 of %2").arg(done).arg(Scheduled),
                  "the big one's progress");
            check(dialog->selectedTournament() == tid, "the running tournament preselected");
            check(dialog->statusLabel()->text().contains(url->display()),
                  "the status names the database");
            check(!dialog->statusLabel()->text().contains(
                      qEnvironmentVariable("TOWNHALL_TEST_PG_PASSWORD")),
                  "no password shown");
        }
        shots::shoot(*dialog, dir, QStringLiteral("21-shared-tournament-dialog"));
        dialogShot = true;
        if (dialog->okButton()->isEnabled())
            dialog->okButton()->click();
        else
            dialog->reject();
    });
    window.openSharedTournamentAction()->trigger();
    check(dialogShot, "the dialog was shot");

    ui::LeaderboardPanel *board = window.leaderboard();
    const bool shown = shots::waitUntil(
        &shared,
        &app::SharedLeaderboard::refreshed,
        [&] {
            return board->hasReport() && board->progressBar()->isVisible()
                   && board->progressBar()->value() == done;
        },
        30'000);
    check(shown, "the Leaderboard shows the shared tournament");
    check(shared.tournamentId() == tid && shared.following(),
          "the Leaderboard follows the running tournament");
    check(board->model()->rowCount() == 4, "four participants in the standings");
    check(board->progressBar()->maximum() == Scheduled, "progress out of 300");
    check(board->progressBar()->format().contains(QStringLiteral("2 running")),
          qPrintable(QStringLiteral("progress names the matches in play: ")
                     + board->progressBar()->format()));
    check(board->sourceLabel()->isVisible()
              && board->sourceLabel()->text().contains(url->display()),
          "the source line names the database");
    int playing = 0;
    for (int i = 0; i < board->matchList()->count(); ++i) {
        const QString text = board->matchList()->item(i)->text();
        if (text.contains(QString::fromStdString(HostA))
            || text.contains(QString::fromStdString(HostB)))
            ++playing;
    }
    check(playing == 2, "two matches playing on the other hosts");
    // As a user would: drag the splitter under the standings so all four
    // rows show, the charts keep the rest.
    QTableView *table = board->table();
    if (auto *split = qobject_cast<QSplitter *>(table->parentWidget())) {
        const int rows = table->horizontalHeader()->height() + 2 * table->frameWidth()
                         + table->verticalHeader()->length() + 8;
        const QList<int> sizes = split->sizes();
        if (sizes.size() == 2 && sizes[0] < rows)
            split->setSizes({rows, sizes[0] + sizes[1] - rows});
    }
    shots::settle(100);
    // The charts keep their minimum height: the last row may lack a pixel or two.
    check(table->rowViewportPosition(3) + table->rowHeight(3) / 2 < table->viewport()->height(),
          "every participant in sight");
    shots::shoot(window, dir, QStringLiteral("22-shared-leaderboard"));

    shared.stop();
    host.stop();
    return shots::failures == 0 ? 0 : 1;
}
