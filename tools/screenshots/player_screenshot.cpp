// SPDX-License-Identifier: MIT
// The main window while the person at it plays a seat: the player panel in
// its dock and the spoiler lock, at night as a wolf and in a vote as the
// seer. Exits non-zero if a key widget is hidden or empty.
//   player_screenshot <output-dir> [--size WxH] [--language zh_CN]

#include "shotcheck.h"

#include "tests/ui/support/devfeed.h"
#include "ui/hostlink.h"
#include "ui/i18n.h"
#include "ui/mainwindow.h"
#include "ui/play/playerpanel.h"

#include "engine/playerdocument.h"

#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;

namespace {

using shots::check;

std::string firstWith(const engine::Match &m, engine::Role role)
{
    for (const engine::Player &p : m.state().players)
        if (p.role == role && p.alive)
            return p.playerId;
    return {};
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("player_screenshot");
    const QStringList args = app.arguments();
    const QString dir = shots::outputDir(args);
    if (dir.isEmpty())
        return 2;
    const QSize size = shots::sizeOption(args);
    const auto language = shots::languageOption(args, QStringLiteral(TOWNHALL_QM_DIR));
    if (!language)
        return 2;
    const QString prefix = *language; // "zh_CN-" before a translation's file names

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
    const QString id = feed.startMatch(42);
    w.controller()->selectMatch(id);
    auto document = [&](const std::string &playerId) {
        const engine::Match &m = *feed.match(id);
        Q_EMIT link.playerDocument(
            QStringLiteral("local"),
            QByteArray::fromStdString(engine::playerDocument(m, playerId, {}, feed.now()).dump()));
        w.playerPanel()->setClock([&feed] { return feed.now(); });
    };

    // 1. Night 2 as a wolf: the pack, its chat, the victim to choose.
    feed.stepUntil(id, [](const engine::Match &m) {
        if (m.state().phase != Phase::Night || m.state().nightNumber < 2)
            return false;
        for (const engine::Event &e : m.log())
            if (e.type == engine::EventType::WolfChatMessage
                && e.payload.value("text", "").size() > 0 && m.state().nightNumber >= 2)
                return true;
        return false;
    });
    const std::string wolf = firstWith(*feed.match(id), engine::Role::Werewolf);
    document(wolf);
    PlayerPanel *p = w.playerPanel();
    check(p && w.playerDock()->isVisible(), "player dock visible");
    check(p->targetList()->isVisible() && p->targetList()->count() > 0, "targets shown");
    check(p->wolfChatBox()->isVisible(), "wolf chat shown");
    check(w.spoilerLockLabel()->isVisible(), "spoiler lock line shown");
    check(!w.omniscientAction()->isEnabled(), "omniscient locked");
    p->targetList()->setCurrentRow(0);
    shots::shoot(w, dir, prefix + QStringLiteral("23-player-panel-night-wolf"));

    // 2. A vote as the seer: the checks, the vote's targets, the countdown.
    feed.stepUntil(id, [](const engine::Match &m) {
        if (m.state().phase != Phase::DayVote)
            return false;
        int voted = 0;
        for (const engine::Player &pl : m.state().players)
            voted += pl.voted;
        return voted >= 3;
    });
    const std::string seer = firstWith(*feed.match(id), engine::Role::Seer);
    check(!seer.empty(), "the seer lives");
    if (!seer.empty())
        document(seer);
    check(!p->knowledgeLabel()->text().isEmpty(), "what the seer knows");
    check(p->countdownLabel()->text().contains(QLatin1Char(':')), "countdown shown");
    shots::shoot(w, dir, prefix + QStringLiteral("24-player-panel-vote-seer"));

    return shots::failures == 0 ? 0 : 1;
}
