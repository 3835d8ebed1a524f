// SPDX-License-Identifier: MIT
#pragma once

#include "engine/keymoments.h"

#include <QAbstractItemModel>
#include <QStringList>

#include <vector>

namespace townhall::ui {

/// Key moments of the shown match for the current viewer, in event order.
class KeyMomentsModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyMomentsModel)

public:
    enum Column { KindColumn, TextColumn, DayColumn, ColumnCount };
    enum Roles {
        KindRole = Qt::UserRole, ///< int(engine::KeyMoment::Kind)
        KindNameRole,
        TextRole,
        DayRole,
        EventIdsRole, ///< QStringList
        JumpSeqRole,  ///< seq of the first event, for the transcript
        AtSeqRole,
        PlayerIdsRole,
        OmniscientRole,
        WeightRole,
        ColorRole, ///< colour of the kind
    };

    explicit KeyMomentsModel(QObject *parent = nullptr);
    ~KeyMomentsModel() override;

    /// The one handler: asks the engine for the moments of `match` as `viewer`
    /// sees them, then forwards to setMoments.
    void sync(const engine::Match *match, const engine::Viewer &viewer);
    /// Moments that extend the current list are inserted; anything else resets.
    void setMoments(const std::string &matchId, std::vector<engine::KeyMoment> moments);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QColor kindColor(engine::KeyMoment::Kind kind);

private:
    std::string m_matchId;
    std::vector<engine::KeyMoment> m_moments;
    QStringList m_texts; ///< each moment in the UI's language (TemplateText)
};

} // namespace townhall::ui
