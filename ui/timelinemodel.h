// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/projection.h"

#include <QAbstractItemModel>

#include <vector>

namespace townhall::ui {

/// Every phase of the shown match so far, grouped by day: a tree whose top
/// rows are "Lobby", "Day 1" (the night before it, then the day's phases), …
/// Phase changes are public, so both viewers see the same timeline.
class TimelineModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineModel)

public:
    enum Column { PhaseColumn, StartColumn, DurationColumn, ColumnCount };
    enum Roles {
        PhaseRole = Qt::UserRole, ///< int(engine::Phase); -1 on group rows
        GroupRole,                ///< true on group (day) rows
        DayRole,
        StartedAtRole, ///< qint64 ms
        EndsAtRole,    ///< planned end (the deadline), qint64 ms
        EndedAtRole,   ///< actual end; 0 while current
        CurrentRole,
        SeqRole, ///< seq of the PHASE_CHANGED event
    };

    explicit TimelineModel(QObject *parent = nullptr);
    ~TimelineModel() override;

    /// The one handler. Same match with a longer log → rows appended and the
    /// current phase updated; anything else → reset.
    void sync(const engine::Match *match, const engine::Viewer &viewer);

    /// Index of the current phase (invalid before the first phase).
    QModelIndex currentIndex() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct PhaseRow
    {
        engine::Phase phase = engine::Phase::Lobby;
        int day = 0;
        int night = 0;
        qint64 startedAt = 0;
        qint64 endsAt = 0;
        qint64 endedAt = 0;
        std::uint64_t seq = 0;
    };
    struct Group
    {
        int round = 0; ///< 0 = lobby, n = night n and day n
        std::vector<PhaseRow> phases;
    };
    static int roundOf(const PhaseRow &row, int lastRound);
    void appendPhase(const PhaseRow &row, bool notify);
    PhaseRow *current();

    std::vector<Group> m_groups;
    QString m_matchId;
    std::size_t m_consumed = 0;
};

} // namespace townhall::ui
