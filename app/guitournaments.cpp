// SPDX-License-Identifier: MIT
#include "app/guitournaments.h"

#include "app/sharedleaderboard.h"
#include "ui/leaderboardpanel.h"
#include "ui/mainwindow.h"
#include "ui/spectatorcontroller.h"
#include "ui/tournamentdialog.h"

#include <QAction>
#include <QStatusBar>

#include <utility>

namespace townhall::app {

TournamentBoard::TournamentBoard(ui::MainWindow &window,
                                 ui::HostLink &link,
                                 SharedLeaderboard &shared,
                                 QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_link(link)
    , m_shared(shared)
{
    // The host's answers arrive on the UI thread while this object lives;
    // once started, the host lists its tournaments by itself.
    connect(&m_link, &ui::HostLink::tournamentProgress, this, &TournamentBoard::onProgress);
    connect(&m_link, &ui::HostLink::tournamentReport, this, &TournamentBoard::onReport);
    connect(&m_link, &ui::HostLink::tournamentProblem, this, &TournamentBoard::onProblem);
    connect(&m_link, &ui::HostLink::tournamentMatchOpened, this, &TournamentBoard::onMatchOpened);
    connect(&m_link, &ui::HostLink::tournamentsListed, this, &TournamentBoard::onListed);

    ui::LeaderboardPanel *board = m_window.leaderboard();
    connect(board, &ui::LeaderboardPanel::openMatchRequested, this, [this](const QString &matchId) {
        if (m_shared.active()) {
            m_shared.openMatch(matchId);
        } else {
            m_opening.insert(matchId);
            Q_EMIT m_link.openTournamentMatchRequested(m_current, matchId);
        }
    });
    connect(board, &ui::LeaderboardPanel::tournamentChosen, this, &TournamentBoard::show);
    connect(board, &ui::LeaderboardPanel::refreshRequested, this, &TournamentBoard::refresh);
    // Opening the Leaderboard reads the list again: `townhall tournament`
    // may have added one since.
    connect(m_window.leaderboardAction(), &QAction::triggered, this, &TournamentBoard::refresh);
}

// While a shared tournament has the Leaderboard, the host's own one plays on
// without taking it back.
void TournamentBoard::onProgress(const ui::TournamentProgress &progress)
{
    const QString &id = progress.tournamentId;
    if (!progress.note.isEmpty())
        m_window.statusBar()->showMessage(
            ui::TournamentDialog::tr("Tournament %1: %2").arg(id, progress.note), 10000);
    if (m_shared.active())
        return;
    if (std::exchange(m_starting, false))
        m_current = id; // the one just started takes the Leaderboard
    if (id != m_current)
        return; // the user picked another
    ui::LeaderboardPanel *board = m_window.leaderboard();
    board->setProgress(progress.done, progress.scheduled, progress.running);
    if (!board->setCurrentTournament(id))
        refresh(); // a new one: list it
}

void TournamentBoard::onReport(const QString &id, const tournament::Report &report)
{
    if (m_shared.active() || id != m_current)
        return;
    m_window.leaderboard()->setReport(report);
    m_window.leaderboard()->setProgress(report.played, report.scheduled, 0);
}

void TournamentBoard::onProblem(const QString &message)
{
    m_starting = false;
    m_window.statusBar()->showMessage(ui::TournamentDialog::tr("Tournament: %1").arg(message),
                                      15000);
}

void TournamentBoard::onMatchOpened(const QString &matchId)
{
    if (m_opening.erase(matchId) > 0) // not a shared tournament's (SharedLeaderboard)
        m_window.controller()->selectMatch(matchId);
}

void TournamentBoard::start(const nlohmann::json &file, int parallel)
{
    m_shared.stop();
    m_current.clear();
    m_starting = true;
    m_window.leaderboard()->clear();
    Q_EMIT m_link.startTournamentRequested(file, parallel);
}

void TournamentBoard::refresh()
{
    Q_EMIT m_link.tournamentsRequested();
    if (!m_current.isEmpty() && !m_shared.active())
        Q_EMIT m_link.showTournamentRequested(m_current);
}

void TournamentBoard::show(const QString &id)
{
    if (id.isEmpty())
        return;
    m_shared.stop();
    if (id != m_current)
        m_window.leaderboard()->clear();
    m_current = id;
    m_window.leaderboard()->setCurrentTournament(id);
    Q_EMIT m_link.showTournamentRequested(id);
}

void TournamentBoard::onListed(const ui::TournamentChoices &tournaments)
{
    ui::LeaderboardPanel *board = m_window.leaderboard();
    board->setTournaments(tournaments);
    if (m_shared.active())
        board->setCurrentTournament({});
    else if (!m_current.isEmpty())
        board->setCurrentTournament(m_current);
    else if (!tournaments.empty() && !m_starting)
        show(tournaments.back().id); // nothing shown yet: the newest
    Q_EMIT listed();
}

} // namespace townhall::app
