// SPDX-License-Identifier: MIT
#pragma once

/// \file guitournaments.h
/// The Leaderboard and the tournaments of the host's own database: those
/// the app plays (Tournament → New tournament…) and those `townhall
/// tournament` ran on the same file. The Leaderboard lists them all; the
/// one picked (at first the newest) is shown with its report, and its
/// matches open in the spectator view. A shared (PostgreSQL) tournament
/// takes the Leaderboard through SharedLeaderboard instead. All of it goes
/// through ui::HostLink's tournament signals.

#include "ui/hostlink.h"

#include <QObject>
#include <QString>

#include <nlohmann/json.hpp>

#include <set>

namespace townhall::ui {
class MainWindow;
}

namespace townhall::app {

class SharedLeaderboard;

class TournamentBoard final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TournamentBoard)

public:
    /// Follows the tournaments of the host behind `link` in `window`'s
    /// Leaderboard; `shared` gives the Leaderboard up to a shared
    /// tournament and back.
    TournamentBoard(ui::MainWindow &window,
                    ui::HostLink &link,
                    SharedLeaderboard &shared,
                    QObject *parent = nullptr);

    /// Plays a tournament file in the host's database and shows it (the
    /// host looks up the model seats' keys).
    void start(const nlohmann::json &file, int parallel);
    /// Reads the database's tournaments again, and the one shown (once the
    /// host runs, it sends its list by itself).
    void refresh();
    /// Shows tournament `id` of the database in the Leaderboard.
    void show(const QString &id);
    /// The tournament the Leaderboard shows (empty: none of this database).
    QString current() const { return m_current; }

Q_SIGNALS:
    /// The list reached the Leaderboard.
    void listed();

private:
    void onListed(const ui::TournamentChoices &tournaments);
    /// The host's answers (HostLink's tournament… signals).
    void onProgress(const ui::TournamentProgress &progress);
    void onReport(const QString &id, const tournament::Report &report);
    void onProblem(const QString &message);
    void onMatchOpened(const QString &matchId);

    ui::MainWindow &m_window;
    ui::HostLink &m_link;
    SharedLeaderboard &m_shared;
    QString m_current;
    std::set<QString> m_opening; ///< matches asked for, not opened yet
    bool m_starting = false;     ///< start() called, its tournament not heard of yet
};

} // namespace townhall::app
