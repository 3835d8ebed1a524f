// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/projection.h"

#include <QAbstractItemModel>
#include <QColor>

#include <optional>
#include <vector>

namespace townhall::ui {

/// The seats (six to twelve) of the shown match, as the current viewer may see them.
/// Roles come only from engine::stateView, so a living player's role never
/// reaches this model in the public view.
class PlayersModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlayersModel)

public:
    enum Column { SeatColumn, NameColumn, StatusColumn, RoleColumn, ReadyColumn, ColumnCount };
    enum Roles {
        PlayerIdRole = Qt::UserRole,
        SeatRole,
        ColorRole,
        AliveRole,
        ReadyRole,       ///< ready in the lobby (false once the game runs)
        RoleKnownRole,   ///< bool
        RoleNameRole,    ///< translated role name, empty when unknown to the viewer
        EngineRoleRole,  ///< int(engine::Role), invalid when unknown
        SpoilerRole,     ///< true when the role is known only through the omniscient view
        NightActionRole, ///< omniscient: "hunts Basil" etc. during the night
        VoteTargetRole,  ///< name this player votes for in the current/last vote
        VotedRole,
        PotionsRole, ///< omniscient, the witch: "antidote, poison" still held
        ShotRole,    ///< public: "shot Basil" on a hunter who fired, "shot by Ann" on the target
        PersonRole,  ///< a person plays the seat (a human seat: the app's "Me" or a phone)
    };

    explicit PlayersModel(QObject *parent = nullptr);
    ~PlayersModel() override;

    /// The one handler: rebuilds from `match` as `viewer` sees it (nullptr clears).
    void sync(const engine::Match *match, const engine::Viewer &viewer);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    int rowForPlayer(const QString &playerId) const;

private:
    struct Row
    {
        QString playerId;
        QString name;
        int seat = 0;
        bool alive = true;
        bool ready = false;
        std::optional<engine::Role> role;
        bool spoiler = false;
        QString nightAction;
        QString voteTarget;
        bool voted = false;
        QString potions;
        QString shot;
        bool person = false;
        bool operator==(const Row &) const = default;
    };
    std::vector<Row> m_rows;
};

} // namespace townhall::ui
