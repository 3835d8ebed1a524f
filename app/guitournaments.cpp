// SPDX-License-Identifier: MIT
#include "app/guitournaments.h"

#include "app/sharedleaderboard.h"
#include "ui/leaderboardpanel.h"
#include "ui/mainwindow.h"
#include "ui/tournamentdialog.h"

#include <QAction>
#include <QStatusBar>

#include <utility>

namespace townhall::app {

TournamentBoard::TournamentBoard(ui::MainWindow &window,
                                 GuiHost &host,
                                 SharedLeaderboard &shared,
                                 QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_host(host)
    , m_shared(shared)
{
    // Each callback runs on the UI thread while this object lives. While a
    // shared tournament has the Leaderboard, the host's own one plays on
    // without taking it back.
    m_sink.progress
        = [this](const QString &id, int done, int scheduled, int running, const QString &note) {
              if (!note.isEmpty())
                  m_window.statusBar()->showMessage(
                      ui::TournamentDialog::tr("Tournament %1: %2").arg(id, note), 10000);
              if (m_shared.active())
                  return;
              if (std::exchange(m_starting, false))
                  m_current = id; // the one just started takes the Leaderboard
              if (id != m_current)
                  return; // the user picked another
              ui::LeaderboardPanel *board = m_window.leaderboard();
              board->setProgress(done, scheduled, running);
              if (!board->setCurrentTournament(id))
                  refresh(); // a new one: list it
          };
    m_sink.report = [this](const QString &id, const tournament::Report &report) {
        if (m_shared.active() || id != m_current)
            return;
        m_window.leaderboard()->setReport(report);
        m_window.leaderboard()->setProgress(report.played, report.scheduled, 0);
    };
    m_sink.problem = [this](const QString &message) {
        m_starting = false;
        m_window.statusBar()->showMessage(ui::TournamentDialog::tr("Tournament: %1").arg(message),
                                          15000);
    };
    m_sink.opened = [this](const QString &matchId) {
        m_window.controller()->selectMatch(matchId);
    };
    m_sink.listed = [this](const std::vector<ui::TournamentChoice> &list) {
        onListed(list);
    };

    ui::LeaderboardPanel *board = m_window.leaderboard();
    connect(board, &ui::LeaderboardPanel::openMatchRequested, this, [this](const QString &matchId) {
        if (m_shared.active())
            m_shared.openMatch(matchId);
        else
            m_host.openTournamentMatch(m_current, matchId, m_sink, this);
    });
    connect(board, &ui::LeaderboardPanel::tournamentChosen, this, &TournamentBoard::show);
    connect(board, &ui::LeaderboardPanel::refreshRequested, this, &TournamentBoard::refresh);
    // Opening the Leaderboard reads the list again: `townhall tournament`
    // may have added one since.
    connect(m_window.leaderboardAction(), &QAction::triggered, this, &TournamentBoard::refresh);
    connect(&m_host, &GuiHost::started, this, &TournamentBoard::refresh);
}

void TournamentBoard::start(const nlohmann::json &file,
                            int parallel,
                            std::shared_ptr<host::providers::KeySource> keys)
{
    m_shared.stop();
    m_current.clear();
    m_starting = true;
    m_window.leaderboard()->clear();
    m_host.startTournament(file, parallel, std::move(keys), m_sink, this);
}

void TournamentBoard::refresh()
{
    m_host.listTournaments(m_sink, this);
    if (!m_current.isEmpty() && !m_shared.active())
        m_host.showTournament(m_current, m_sink, this);
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
    m_host.showTournament(id, m_sink, this);
}

void TournamentBoard::onListed(const std::vector<ui::TournamentChoice> &tournaments)
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
