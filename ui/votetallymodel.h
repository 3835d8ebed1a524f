// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/projection.h"

#include <QAbstractItemModel>
#include <QColor>
#include <QStringList>

#include <vector>

namespace townhall::ui {

/// The current (or most recent) day vote of the shown match: one row per
/// target with votes, most votes first, and an abstention row. Votes are
/// public, so both viewers see the same tally.
class VoteTallyModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VoteTallyModel)

public:
    enum Column { TargetColumn, VotesColumn, VotersColumn, ColumnCount };
    enum Roles {
        TargetIdRole = Qt::UserRole, ///< empty for the abstention row
        CountRole,
        VoterIdsRole,    ///< QStringList
        VoterNamesRole,  ///< QStringList
        VoterColorsRole, ///< QVariantList of QColor
        ColorRole,
        AbstainRole,
        LeadingRole,    ///< has the most votes (alone or tied)
        TiedRole,       ///< shares the most votes with another target
        EliminatedRole, ///< the final result eliminated this target
    };

    /// Everything the tally view shows around the bars.
    struct Summary
    {
        bool hasVote = false; ///< a vote is running or has a result to show
        bool live = false;    ///< DAY_VOTE is running
        bool final = false;   ///< the result is in
        int day = 0;
        int eligible = 0; ///< voters this vote
        int cast = 0;     ///< votes cast (abstentions included)
        int majority = 0; ///< more than half of the eligible voters
        int topCount = 0;
        bool tie = false;       ///< the top is shared
        QString eliminatedName; ///< when final and someone is out
        QStringList pending;    ///< names still to vote (live only)
        // The PK: a tie sends the tied players to a defence and a revote.
        bool tieGoesToPk = false; ///< the rule set's tie rule is the PK
        bool pkRevote = false;    ///< this tally is the PK revote (DAY_PK_VOTE or its result)
        bool toPk = false;        ///< the final result is a tie that goes to the PK
        QStringList pkNames;      ///< the tied players in the PK (toPk or pkRevote)
        QString firstRound;       ///< during the revote: how the first round ended
        bool operator==(const Summary &) const = default;
    };

    explicit VoteTallyModel(QObject *parent = nullptr);
    ~VoteTallyModel() override;

    /// The one handler: rebuilds from `match` (nullptr clears).
    void sync(const engine::Match *match, const engine::Viewer &viewer);

    const Summary &summary() const { return m_summary; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void summaryChanged();

private:
    struct Row
    {
        QString targetId;
        QString targetName;
        int seat = 0;
        QStringList voterIds;
        QStringList voterNames;
        QList<int> voterSeats;
        bool eliminated = false;
        bool operator==(const Row &) const = default;
    };
    std::vector<Row> m_rows;
    Summary m_summary;
};

} // namespace townhall::ui
