// SPDX-License-Identifier: MIT
// Screenshots of the real app: the Host and its MCP service in their thread,
// built-in bots playing through the MCP tool layer, the main window fed over
// HostLink. Shoots at several moments of a demo match (night with the
// omniscient view, a vote in progress, the tool-call inspector, the end, a
// replay), checks that the key
// widgets are visible and populated, and saves PNGs.
//   xvfb-run -a -s "-screen 0 1600x1000x24" app_screenshot <dir> [--size WxH] [--language zh_CN]
// Exits non-zero when a check fails or a moment never comes.

#include "app/guihost.h"
#include "app/newmatchdialog.h"
#include "app/profilesdialog.h"
#include "shotcheck.h"
#include "ui/hostlink.h"
#include "ui/i18n.h"
#include "ui/inspectordock.h"
#include "ui/keymomentsmodel.h"
#include "ui/mainwindow.h"
#include "ui/narratorticker.h"
#include "ui/phaseheader.h"
#include "ui/playersmodel.h"
#include "ui/replaybar.h"
#include "ui/replicaset.h"
#include "ui/seathealth.h"
#include "ui/spectatorpanel.h"
#include "ui/timelinemodel.h"
#include "ui/toolcallmodel.h"
#include "ui/townmapscene.h"
#include "ui/transcriptmodel.h"
#include "ui/votetallymodel.h"
#include "ui/votetallyview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <functional>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;

namespace {

using shots::check;
using shots::failures;
using shots::settle;

/// Runs the event loop until `done()` holds (checked whenever a match advances
/// and every 20 ms), or the timeout passes.
bool waitFor(MainWindow &w, const std::function<bool()> &done, int timeoutMs)
{
    return shots::waitUntil(w.replicas(), &ReplicaSet::matchAdvanced, done, timeoutMs);
}

void shoot(MainWindow &w, const QString &dir, const QString &name)
{
    // Never mid-slide: wait for the Town Crier's line to settle.
    for (int i = 0; i < 50 && w.spectatorPanel()->ticker()->isAnimating(); ++i)
        settle(20);
    const QString path = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "app_screenshot: cannot write %s\n", qPrintable(path));
        ++failures;
        return;
    }
    std::printf("%s\n", qPrintable(path));
}

void checkPopulated(MainWindow &w)
{
    SpectatorPanel *p = w.spectatorPanel();
    check(!w.mcpUrl().isEmpty(), "MCP URL shown");
    check(p->isVisible() && p->playersView()->isVisible(), "players view visible");
    check(w.controller()->players()->rowCount() == 8, "eight players");
    check(w.controller()->transcript()->rowCount() > 5, "transcript populated");
    check(p->transcriptView()->isVisible(), "transcript visible");
    check(p->voteTallyView()->isVisible(), "vote tally visible");
    check(p->ticker()->isVisible() && !p->ticker()->accessibleDescription().isEmpty(),
          "town crier speaks");
    check(w.controller()->timeline()->rowCount() > 0, "timeline populated");
    check(!p->header()->phaseText().isEmpty(), "phase header");
    check(w.mapScene()->items().size() > 10, "town map drawn");
}

const engine::Match *matchIn(MainWindow &w, const QString &id)
{
    return w.replicas()->match(id);
}

/// Opens the inspector on the latest successful vote of match `id`, shoots
/// its response and the voter's agent's-eye view, and closes it again.
void shootInspector(MainWindow &w, const QString &dir, const QString &id, QSize size)
{
    InspectorDock *dock = w.inspector();
    ToolCallModel *calls = dock->calls();
    w.resize(1600, 1000);
    w.inspectorAction()->trigger();
    w.seatHealthAction()->trigger(); // a dock of its own since issue 29 #16
    auto latestVote = [&] {
        for (int r = calls->rowCount() - 1; r >= 0; --r) {
            const ToolCallRecord &c = calls->record(r);
            if (c.matchId == id && c.tool == QLatin1String("et.werewolf.match.vote")
                && c.status == CallStatus::Ok && !calls->producedEventId(r).isEmpty())
                return r;
        }
        return -1;
    };
    check(waitFor(
              w, [&] { return latestVote() >= 0 && calls->rowCount() > 40; }, 20'000),
          "the inspector received the calls");
    // Paused, as when debugging: the transcript stays on the vote.
    w.pauseAction()->trigger();
    check(waitFor(
              w, [&] { return matchIn(w, id)->state().paused; }, 10'000),
          "match paused");
    settle(300);
    const int vote = latestVote();
    if (vote < 0)
        return;
    check(dock->selectCall(calls->record(vote).id), "a vote call selected");
    settle(300);
    check(dock->isVisible() && dock->table()->isVisible(), "inspector visible");
    check(dock->responseView()->toPlainText().contains(QStringLiteral("eventId")),
          "response shown");
    check(w.spectatorPanel()->seatHealthView()->isVisible(), "seat health visible");
    {
        // Every card whole: as wide as its longest line, inside the dock's view.
        SeatHealthView *health = w.spectatorPanel()->seatHealthView();
        const QWidget *viewport = w.spectatorPanel()->seatHealthArea()->viewport();
        bool whole = true;
        for (int r = 0; r < w.spectatorPanel()->seatHealth()->rowCount(); ++r)
            whole = whole && health->cellRect(r).width() >= health->cellWidth()
                    && health->cellRect(r).bottom() < viewport->height();
        check(whole, "seat health cards shown whole");
    }
    check(w.spectatorPanel()->seatHealth()->rowCount() == 8, "seat health rows");
    check(w.spectatorPanel()->transcriptView()->currentIndex().isValid(),
          "the vote's event selected in the transcript");
    dock->tabs()->setCurrentIndex(InspectorDock::ResponseTab);
    settle(200);
    shoot(w, dir, QStringLiteral("08-inspector"));
    dock->tabs()->setCurrentIndex(InspectorDock::AgentViewTab);
    check(!dock->agentStateView()->toPlainText().isEmpty(), "agent's-eye view shown");
    settle(200);
    shoot(w, dir, QStringLiteral("09-inspector-agents-view"));
    w.inspectorAction()->trigger();
    w.pauseAction()->trigger();
    w.resize(size);
    w.spectatorPanel()->transcriptView()->scrollToBottom(); // follow the transcript again
    settle(200);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("app_screenshot");
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr,
                     "usage: app_screenshot <output-dir> [--size WxH] [--language zh_CN]\n");
        return 2;
    }
    const QString dir = args.at(1);
    QDir().mkpath(dir);
    const QSize size = shots::sizeOption(args);
    const auto language = shots::languageOption(args, QStringLiteral(TOWNHALL_QM_DIR));
    if (!language)
        return 2;
    const QString prefix = *language; // "zh_CN-" before a translation's file names

    QTemporaryDir data;
    app::GuiHostOptions o;
    o.host.dbPath = data.filePath(QStringLiteral("townhall.sqlite"));
    o.host.speed = 10.0; // what `townhall --demo` uses
    o.host.seed = 20240601;
    o.port = 0;

    HostLink link;
    MainWindow w(&link);
    w.inspector()->setAgentViewProvider(app::agentViewProvider());
    HostSettings light;
    light.themeFollowsSystem = false;
    w.setSettings(light);
    w.resize(size);
    w.show();
    app::GuiHost host(o, &link);
    host.start();
    check(waitFor(
              w, [&] { return !w.mcpUrl().isEmpty(); }, 20'000),
          "host started");

    // Two tables of bots, and three more waiting in the queue.
    Q_EMIT link.demoMatchRequested();
    check(waitFor(
              w, [&] { return w.replicas()->matchIds().size() == 1; }, 10'000),
          "demo match created");
    const QString id = w.replicas()->matchIds().value(0);
    Q_EMIT link.fillSeatsRequested(8);
    Q_EMIT link.fillSeatsRequested(3);
    check(waitFor(
              w, [&] { return w.replicas()->matchIds().size() == 2; }, 10'000),
          "second match created");
    const QString other = w.replicas()->matchIds().value(1);
    w.controller()->selectMatch(id);
    if (failures)
        return 1;

    // 1. A night with the omniscient view: roles, the wolves' choice, wolf chat.
    w.omniscientAction()->setChecked(true);
    bool shot = false;
    for (int attempt = 0; attempt < 3 && !shot; ++attempt) {
        if (!waitFor(
                w,
                [&] {
                    const engine::Match *m = matchIn(w, id);
                    if (!m || m->state().phase != Phase::Night)
                        return false;
                    for (const engine::Player &p : m->state().players)
                        if (p.wolfSelection)
                            return true;
                    return false;
                },
                120'000))
            break;
        settle(600); // let the Town Crier's line slide in
        if (matchIn(w, id)->state().phase != Phase::Night)
            continue;
        checkPopulated(w);
        check(w.controller()->omniscient(), "omniscient on");
        shoot(w, dir, prefix + QStringLiteral("01-night-omniscient"));
        shot = true;
    }
    check(shot, "a night with the wolves' choice");

    // 2. A vote in progress, public view (and the same moment in dark).
    w.omniscientAction()->setChecked(false);
    shot = false;
    for (int attempt = 0; attempt < 4 && !shot; ++attempt) {
        if (!waitFor(
                w,
                [&] {
                    const engine::Match *m = matchIn(w, id);
                    if (!m || m->state().phase != Phase::DayVote)
                        return false;
                    int voted = 0;
                    for (const engine::Player &p : m->state().players)
                        voted += p.voted;
                    return voted >= 3;
                },
                120'000))
            break;
        settle(500);
        const engine::Match *m = matchIn(w, id);
        if (m->state().phase != Phase::DayVote)
            continue;
        checkPopulated(w);
        check(w.controller()->voteTally()->rowCount() > 0, "vote tally has bars");
        check(w.controller()->voteTally()->summary().live, "vote is live");
        shoot(w, dir, prefix + QStringLiteral("02-vote-in-progress"));
        HostSettings dark = light;
        dark.darkTheme = true;
        w.setSettings(dark);
        settle(150);
        shoot(w, dir, prefix + QStringLiteral("03-vote-dark"));
        w.setSettings(light);
        shot = true;
    }
    check(shot, "a vote in progress");

    // For agent developers: the tool-call inspector on a vote (English only
    // until its strings are translated), with seat health in the panel.
    if (prefix.isEmpty()) // English
        shootInspector(w, dir, id, size);

    // 3. The end.
    check(waitFor(
              w, [&] { return matchIn(w, id)->ended(); }, 300'000),
          "the match ends");
    settle(700);
    checkPopulated(w);
    check(w.controller()->liveMatch()->ended(), "match ended");
    check(w.controller()->keyMoments()->rowCount() > 0, "key moments");
    shoot(w, dir, prefix + QStringLiteral("04-the-end"));

    // 4. Replay: back to the first day's vote result.
    std::uint64_t seq = 0;
    for (const engine::Event &e : w.controller()->liveMatch()->log())
        if (e.type == engine::EventType::VoteResult && !seq)
            seq = e.seq;
    check(seq > 0, "a vote result to replay");
    w.spectatorPanel()->replayBar()->slider()->setValue(int(seq));
    check(!w.controller()->isLive(), "replay position held");
    settle(500);
    shoot(w, dir, prefix + QStringLiteral("05-replay"));
    w.controller()->goLive();

    // 5. The smallest supported window, on the other match.
    w.resize(1280, 720);
    w.controller()->selectMatch(other);
    settle(700);
    checkPopulated(w);
    shoot(w, dir, prefix + QStringLiteral("06-1280x720"));

    // 6. The model providers dialog with a local Ollama profile.
    {
        QTemporaryDir settingsDir;
        QSettings profileSettings(settingsDir.filePath(QStringLiteral("p.ini")),
                                  QSettings::IniFormat);
        app::ProfileStore store(profileSettings);
        app::ProfilesDialog dialog(store, nullptr, &w);
        dialog.nameEdit()->setText(QStringLiteral("ollama"));
        dialog.modelEdit()->setText(QStringLiteral("qwen3:8b"));
        dialog.keyEnvEdit()->clear();
        dialog.resize(900, 520);
        dialog.show();
        settle(300);
        const QString path
            = dir + QLatin1Char('/') + prefix + QStringLiteral("10-model-providers.png");
        check(dialog.grab().save(path), "providers dialog saved");
        std::printf("%s\n", qPrintable(path));
    }

    // 7. The new match dialog with a mixed table: models of two providers,
    // bots and a seat left open for an MCP agent.
    {
        QTemporaryDir settingsDir;
        QSettings planSettings(settingsDir.filePath(QStringLiteral("n.ini")), QSettings::IniFormat);
        app::ProfileStore store(planSettings);
        host::providers::ProviderProfile ollama;
        ollama.name = QStringLiteral("ollama");
        ollama.baseUrl = QStringLiteral("http://127.0.0.1:11434/v1");
        ollama.model = QStringLiteral("qwen3:8b");
        host::providers::ProviderProfile claude;
        claude.name = QStringLiteral("claude");
        claude.kind = host::providers::ProviderKind::Anthropic;
        claude.baseUrl = QStringLiteral("https://api.anthropic.com");
        claude.model = QStringLiteral("claude-sonnet-4-5");
        claude.apiKeyEnv = QStringLiteral("ANTHROPIC_API_KEY");
        store.save({ollama, claude});
        app::NewMatchDialog dialog(store, planSettings, &w);
        using Kind = app::NewMatchDialog::SeatKind;
        const auto model = [&dialog](int seat,
                                     const QString &profile,
                                     const QString &override,
                                     const QString &persona) {
            dialog.setKind(seat, Kind::Model);
            dialog.profileBox(seat)->setCurrentIndex(dialog.profileBox(seat)->findData(profile));
            dialog.modelBox(seat)->setEditText(override);
            dialog.personaEdit(seat)->setText(persona);
        };
        model(0, QStringLiteral("ollama"), QString(), QStringLiteral("Speaks in riddles."));
        model(2,
              QStringLiteral("claude"),
              QString(),
              QStringLiteral("Suspicious of everyone, polite about it."));
        model(4, QStringLiteral("ollama"), QStringLiteral("llama3.2"), QString());
        dialog.setKind(6, Kind::Open);
        check(dialog.isValid(), "new match plan valid");
        dialog.resize(1100, dialog.sizeHint().height());
        dialog.show();
        settle(300);
        const QString path = dir + QLatin1Char('/') + prefix + QStringLiteral("11-new-match.png");
        check(dialog.grab().save(path), "new match dialog saved");
        std::printf("%s\n", qPrintable(path));

        // The witch-hunter-9 table: two models, two push agents, an open
        // seat for an MCP agent, bots for the rest.
        dialog.rulesBox()->setCurrentIndex(
            dialog.rulesBox()->findData(QStringLiteral("witch-hunter-9")));
        settle(100);
        check(dialog.seatCount() == 9, "nine seats for witch-hunter-9");
        for (int seat = 0; seat < 9; ++seat)
            dialog.setKind(seat, Kind::Bot);
        model(0, QStringLiteral("ollama"), QString(), QStringLiteral("Speaks in riddles."));
        model(3, QStringLiteral("claude"), QString(), QString());
        for (int seat : {1, 5}) {
            dialog.setKind(seat, Kind::Push);
            dialog.pushUrlEdit(seat)->setText(
                QStringLiteral("http://127.0.0.1:%1/").arg(9100 + seat));
        }
        dialog.setKind(7, Kind::Open);
        check(dialog.isValid(), "nine-seat plan valid");
        dialog.resize(1100, dialog.sizeHint().height());
        settle(300);
        const QString nine
            = dir + QLatin1Char('/') + prefix + QStringLiteral("17-new-match-witch-hunter-9.png");
        check(dialog.grab().save(nine), "nine-seat new match dialog saved");
        std::printf("%s\n", qPrintable(nine));
    }

    w.close();
    host.stop();
    return failures == 0 ? 0 : 1;
}
