// SPDX-License-Identifier: MIT
#pragma once

/// \file guitournaments.h
/// The Leaderboard and the tournaments of the host's own database: those
/// the app plays (Tournament → New tournament…) and those `townhall
/// tournament` ran on the same file. The Leaderboard lists them all; the
/// one picked (at first the newest) is shown with its report, and its
/// matches open in the spectator view. A shared (PostgreSQL) tournament
/// takes the Leaderboard through SharedLeaderboard instead.

#include "app/guihost.h"

#include <QObject>
#include <QString>

#include <memory>

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
    /// Follows `host`'s tournaments in `window`'s Leaderboard; `shared`
    /// gives the Leaderboard up to a shared tournament and back.
    TournamentBoard(ui::MainWindow &window,
                    GuiHost &host,
                    SharedLeaderboard &shared,
                    QObject *parent = nullptr);

    /// Plays a tournament file in the host's database and shows it.
    void start(const nlohmann::json &file,
               int parallel,
               std::shared_ptr<host::providers::KeySource> keys);
    /// Reads the database's tournaments again, and the one shown (once the
    /// host runs: its `started` signal does it too).
    void refresh();
    /// Shows tournament `id` of the database in the Leaderboard.
    void show(const QString &id);
    /// The tournament the Leaderboard shows (empty: none of this database).
    QString current() const { return m_current; }

Q_SIGNALS:
    /// The list reached the Leaderboard.
    void listed();

private:
    void onListed(const std::vector<ui::TournamentChoice> &tournaments);

    ui::MainWindow &m_window;
    GuiHost &m_host;
    SharedLeaderboard &m_shared;
    TournamentSink m_sink;
    QString m_current;
    bool m_starting = false; ///< start() called, its tournament not heard of yet
};

} // namespace townhall::app
