// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"

#include <QGraphicsScene>
#include <QHash>
#include <QStringList>

namespace townhall::ui {

class AgentAvatarItem;
class MatchBuildingItem;
class TownHallItem;
class TownSquareItem;

/// The town: the square, the hall with its queue on the steps, and one
/// building per match at the engine's lobby position.
class TownMapScene final : public QGraphicsScene
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TownMapScene)

public:
    explicit TownMapScene(QObject *parent = nullptr);
    ~TownMapScene() override;

    void syncMatch(const engine::Match &match);
    void syncQueue(const QStringList &waitingNames);
    void setSelectedMatch(const QString &matchId);
    void setDark(bool dark);

    MatchBuildingItem *building(const QString &matchId) const;
    QList<AgentAvatarItem *> avatars() const { return m_avatars; }
    /// The part of the town worth showing: hall, square and every building.
    QRectF contentRect() const;

Q_SIGNALS:
    void matchActivated(const QString &matchId);
    /// A building was added: the part worth showing grew.
    void contentChanged();

protected:
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    void onSelectionChanged();

    TownSquareItem *m_square;
    TownHallItem *m_hall;
    QHash<QString, MatchBuildingItem *> m_buildings;
    QList<AgentAvatarItem *> m_avatars;
    bool m_dark = false;
    bool m_syncingSelection = false;
};

} // namespace townhall::ui
