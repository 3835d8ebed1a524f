// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"

#include <QCoreApplication>
#include <QGraphicsItem>

#include <optional>
#include <tuple>

class QGraphicsSimpleTextItem;

namespace townhall::ui {

/// One item class per domain thing on the town map. Items paint what their
/// last syncWith…() told them; they decide nothing.
enum class MapItemType { Square = QGraphicsItem::UserType + 1, Hall, Avatar, Building };

/// A label that keeps its on-screen size whatever the zoom, so door signs and
/// badges stay readable from across the room.
class MapLabelItem final : public QGraphicsItem
{
public:
    enum class Style { Plaque, Badge, Caption };
    MapLabelItem(Style style, QGraphicsItem *parent);
    void setText(const QString &text, const QString &subtitle = {});
    void setSubtitleColor(const QColor &color);
    /// Shift in screen pixels from the anchor (the item's position).
    void setPixelOffset(const QPointF &offset);
    void setColors(const QColor &background, const QColor &foreground);
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QFont font() const;
    Style m_style;
    void relayout();
    QString m_text;
    QString m_sub;
    QPointF m_offset;
    QColor m_subColor;
    QColor m_bg;
    QColor m_fg;
    QRectF m_rect;
};

class TownSquareItem final : public QGraphicsItem
{
    Q_DECLARE_TR_FUNCTIONS(townhall::ui::TownSquareItem)

public:
    enum { Type = int(MapItemType::Square) };
    TownSquareItem();
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    void syncWithTheme(bool dark);

private:
    bool m_dark = false;
};

class TownHallItem final : public QGraphicsItem
{
    Q_DECLARE_TR_FUNCTIONS(townhall::ui::TownHallItem)

public:
    enum { Type = int(MapItemType::Hall) };
    TownHallItem();
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// Where the queue gathers, in the hall's coordinates.
    static QPointF steps() { return QPointF(0, 100); }
    /// The n-th queued agent's place, in screen pixels from the steps.
    static QPointF stepSpot(int n);
    void syncWithQueue(int waiting);

private:
    MapLabelItem *m_label;
    MapLabelItem *m_queueLabel;
};

class AgentAvatarItem final : public QGraphicsItem
{
public:
    enum { Type = int(MapItemType::Avatar) };
    AgentAvatarItem();
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    void syncWithAgent(const QString &name, int index);

private:
    QString m_name;
    QColor m_color;
    QPointF m_offset;
};

/// A match's building: door sign "Werewolf Game #N", a night or day look
/// following its phase, a badge of players alive; ended matches fade.
class MatchBuildingItem final : public QGraphicsItem
{
    Q_DECLARE_TR_FUNCTIONS(townhall::ui::MatchBuildingItem)

public:
    enum { Type = int(MapItemType::Building) };
    explicit MatchBuildingItem(const QString &matchId);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void syncWithMatch(const engine::Match &match);

    const QString &matchId() const { return m_matchId; }
    QString label() const { return m_label; }
    int aliveCount() const { return m_alive; }
    engine::Phase phase() const { return m_phase; }
    bool ended() const { return m_phase == engine::Phase::Ended; }
    /// The plaque under the door (name and phase) and the "n alive" badge.
    MapLabelItem *doorLabel() const { return m_door; }
    MapLabelItem *badgeLabel() const { return m_badge; }

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent *event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    /// An ended match's labels only while it is selected, hovered or focused.
    void showLabels();

    QString m_matchId;
    QString m_label;
    engine::Phase m_phase = engine::Phase::Lobby;
    int m_alive = 0;
    int m_seats = 0;
    bool m_paused = false;
    bool m_hover = false;
    std::optional<engine::Team> m_winner;
    bool m_synced = false;
    /// What the building shows, as of the last sync.
    std::tuple<int, engine::Phase, int, int, int, int, bool, std::optional<engine::Team>> m_look;
    MapLabelItem *m_door;
    MapLabelItem *m_badge;
};

} // namespace townhall::ui
