// SPDX-License-Identifier: MIT
#pragma once

/// \file tournamentinfo.h
/// What the Leaderboard shows of the host database's tournaments, as the
/// host sends it through HostLink (plain values, safe to pass between
/// threads). The reports themselves are tournament::Report.

#include <QMetaType>
#include <QString>

#include <vector>

namespace townhall::ui {

/// A tournament of the database, as the Leaderboard lists it.
struct TournamentChoice
{
    QString id;
    QString name;
    int done = 0;
    int scheduled = 0;
    bool finished = false;
};

/// The tournaments of a database, oldest first.
using TournamentChoices = std::vector<TournamentChoice>;

/// How a tournament stands.
struct TournamentProgress
{
    QString tournamentId;
    int done = 0; ///< matches played
    int scheduled = 0;
    int running = 0;
    QString note; ///< a passing note, already translated (whom a live one waits for); often empty
};

} // namespace townhall::ui

Q_DECLARE_METATYPE(townhall::ui::TournamentChoices)
Q_DECLARE_METATYPE(townhall::ui::TournamentProgress)
