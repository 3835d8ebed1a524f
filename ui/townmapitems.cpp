// SPDX-License-Identifier: MIT
#include "ui/townmapitems.h"

#include "ui/theme.h"
#include "ui/uitext.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <numbers>

namespace townhall::ui {

using engine::Phase;

// ---------------------------------------------------------------- MapLabelItem

MapLabelItem::MapLabelItem(Style style, QGraphicsItem *parent)
    : QGraphicsItem(parent)
    , m_style(style)
    , m_bg(0x3A, 0x2A, 0x1A)
    , m_fg(Qt::white)
{
    setFlag(ItemIgnoresTransformations);
    setAcceptedMouseButtons(Qt::NoButton);
}

QFont MapLabelItem::font() const
{
    QFont f;
    switch (m_style) {
    case Style::Plaque:
        f.setPointSizeF(9.5);
        f.setBold(true);
        break;
    case Style::Badge:
        f.setPointSizeF(8.5);
        f.setBold(true);
        break;
    case Style::Caption:
        f.setPointSizeF(10);
        f.setBold(true);
        f.setLetterSpacing(QFont::PercentageSpacing, 108);
        break;
    }
    return f;
}

void MapLabelItem::setText(const QString &text, const QString &subtitle)
{
    if (text == m_text && subtitle == m_sub)
        return;
    m_text = text;
    m_sub = subtitle;
    relayout();
}

void MapLabelItem::setSubtitleColor(const QColor &color)
{
    if (color == m_subColor)
        return; // many matches sync many times a second: repaint only what changes
    m_subColor = color;
    update();
}

void MapLabelItem::relayout()
{
    prepareGeometryChange();
    const QFontMetricsF fm(font());
    qreal w = fm.horizontalAdvance(m_text) + (m_style == Style::Caption ? 4 : 16);
    qreal h = fm.height() + (m_style == Style::Caption ? 2 : 8);
    if (!m_sub.isEmpty()) {
        QFont sf = font();
        sf.setPointSizeF(sf.pointSizeF() * 0.85);
        const QFontMetricsF sfm(sf);
        w = qMax(w, sfm.horizontalAdvance(m_sub) + 28);
        h += sfm.height() + 6;
    }
    m_rect = QRectF(-w / 2, -h / 2, w, h).translated(m_offset);
    update();
}

void MapLabelItem::setPixelOffset(const QPointF &offset)
{
    m_offset = offset;
    relayout();
}

void MapLabelItem::setColors(const QColor &background, const QColor &foreground)
{
    if (background == m_bg && foreground == m_fg)
        return;
    m_bg = background;
    m_fg = foreground;
    update();
}

QRectF MapLabelItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2, 3, 3);
}

void MapLabelItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    if (m_text.isEmpty())
        return;
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(font());
    if (m_style == Style::Caption) {
        // A soft halo so captions read on any ground.
        painter->setPen(QColor(m_bg.red(), m_bg.green(), m_bg.blue(), 200));
        for (const QPointF d : {QPointF(-1, 0), QPointF(1, 0), QPointF(0, -1), QPointF(0, 1)})
            painter->drawText(m_rect.translated(d), Qt::AlignCenter, m_text);
        painter->setPen(m_fg);
        painter->drawText(m_rect, Qt::AlignCenter, m_text);
        return;
    }
    const qreal radius = m_style == Style::Badge ? m_rect.height() / 2 : 5;
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0, 0, 0, 60));
    painter->drawRoundedRect(m_rect.translated(1, 2), radius, radius);
    painter->setBrush(m_bg);
    painter->setPen(m_style == Style::Plaque ? QPen(QColor(0xD9, 0xB3, 0x6A), 1.5)
                                             : QPen(Qt::NoPen));
    painter->drawRoundedRect(m_rect, radius, radius);
    painter->setPen(m_fg);
    if (m_sub.isEmpty()) {
        painter->drawText(m_rect, Qt::AlignCenter, m_text);
        return;
    }
    const QFontMetricsF fm(font());
    const QRectF top(m_rect.left(), m_rect.top() + 4, m_rect.width(), fm.height());
    painter->drawText(top, Qt::AlignCenter, m_text);
    QFont sf = font();
    sf.setPointSizeF(sf.pointSizeF() * 0.85);
    const QFontMetricsF sfm(sf);
    const qreal cw = sfm.horizontalAdvance(m_sub) + 16;
    const QRectF chip(-cw / 2, top.bottom() + 2, cw, sfm.height() + 2);
    painter->setPen(Qt::NoPen);
    painter->setBrush(m_subColor.isValid() ? m_subColor : QColor(0x55, 0x55, 0x55));
    painter->drawRoundedRect(chip, chip.height() / 2, chip.height() / 2);
    painter->setPen(Qt::white);
    painter->setFont(sf);
    painter->drawText(chip, Qt::AlignCenter, m_sub);
}

// ---------------------------------------------------------------- TownSquareItem

TownSquareItem::TownSquareItem()
{
    setZValue(-10);
    auto *label = new MapLabelItem(MapLabelItem::Style::Caption, this);
    label->setText(tr("Town Square"));
    label->setColors(QColor(0xF4, 0xEE, 0xE0), QColor(0x5A, 0x4A, 0x36));
    label->setPos(0, 205);
    setAcceptedMouseButtons(Qt::NoButton);
}

QRectF TownSquareItem::boundingRect() const
{
    return QRectF(-250, -250, 500, 500);
}

void TownSquareItem::syncWithTheme(bool dark)
{
    m_dark = dark;
    update();
}

void TownSquareItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor stone = m_dark ? QColor(0x3B, 0x3C, 0x44) : QColor(0xE9, 0xDF, 0xCB);
    const QColor seam = m_dark ? QColor(0x46, 0x48, 0x52) : QColor(0xD8, 0xCB, 0xB0);
    painter->setPen(QPen(seam, 4));
    painter->setBrush(stone);
    painter->drawEllipse(QPointF(0, 0), 240, 240);
    painter->setPen(QPen(seam, 2));
    painter->setBrush(Qt::NoBrush);
    for (int r = 60; r < 240; r += 45)
        painter->drawEllipse(QPointF(0, 0), r, r);
    for (int i = 0; i < 16; ++i) {
        const double a = i * std::numbers::pi / 8;
        painter->drawLine(QPointF(60 * std::cos(a), 60 * std::sin(a)),
                          QPointF(236 * std::cos(a), 236 * std::sin(a)));
    }
}

// ---------------------------------------------------------------- TownHallItem

TownHallItem::TownHallItem()
    : m_label(new MapLabelItem(MapLabelItem::Style::Caption, this))
    , m_queueLabel(new MapLabelItem(MapLabelItem::Style::Badge, this))
{
    m_label->setText(tr("TOWN HALL"));
    m_label->setColors(QColor(0x2A, 0x22, 0x18), QColor(0xFF, 0xF6, 0xE0));
    m_label->setPos(0, -62);
    m_queueLabel->setColors(QColor(0x2F, 0x6F, 0xC9), Qt::white);
    setAcceptedMouseButtons(Qt::NoButton);
    setZValue(1);
}

QRectF TownHallItem::boundingRect() const
{
    return QRectF(-160, -170, 320, 260);
}

QPointF TownHallItem::stepSpot(int n)
{
    const int perRow = 6;
    const int row = n / perRow;
    const int col = n % perRow;
    return QPointF((col - (perRow - 1) / 2.0) * 22 + (row % 2) * 11, row * 20);
}

void TownHallItem::syncWithQueue(int waiting)
{
    m_queueLabel->setText(waiting == 0 ? tr("Queue empty") : tr("Waiting: %1").arg(waiting));
    m_queueLabel->setPos(steps());
    m_queueLabel->setPixelOffset(
        QPointF(0, stepSpot(qMax(0, waiting - 1)).y() + (waiting ? 26 : 0)));
}

void TownHallItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor sand(0xEE, 0xE2, 0xC6);
    const QColor shade(0xC9, 0xB6, 0x8E);
    const QColor roof(0x7A, 0x4E, 0x3A);
    // shadow
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0, 0, 0, 45));
    painter->drawRoundedRect(QRectF(-146, -100, 300, 196), 8, 8);
    // steps
    for (int i = 0; i < 3; ++i) {
        painter->setBrush(i % 2 ? shade : sand.darker(104));
        painter->drawRect(QRectF(-150 + i * 10, 62 + i * 9, 300 - i * 20, 10));
    }
    // body
    painter->setBrush(sand);
    painter->setPen(QPen(shade.darker(120), 2));
    painter->drawRect(QRectF(-140, -70, 280, 132));
    // columns
    painter->setPen(QPen(shade.darker(115), 1.5));
    for (int i = 0; i < 6; ++i) {
        const qreal x = -118 + i * 47;
        painter->setBrush(QColor(0xFA, 0xF3, 0xE2));
        painter->drawRect(QRectF(x - 9, -62, 18, 122));
    }
    // pediment
    QPainterPath ped;
    ped.moveTo(-160, -70);
    ped.lineTo(0, -150);
    ped.lineTo(160, -70);
    ped.closeSubpath();
    painter->setBrush(roof);
    painter->setPen(QPen(roof.darker(130), 2));
    painter->drawPath(ped);
    // clock
    painter->setBrush(QColor(0xFF, 0xF8, 0xE8));
    painter->drawEllipse(QPointF(0, -98), 17, 17);
    painter->setPen(QPen(QColor(0x33, 0x2A, 0x22), 2.5, Qt::SolidLine, Qt::RoundCap));
    painter->drawLine(QPointF(0, -98), QPointF(0, -110));
    painter->drawLine(QPointF(0, -98), QPointF(8, -94));
    // door
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0x5A, 0x3A, 0x24));
    QPainterPath door;
    door.addRoundedRect(QRectF(-20, 14, 40, 48), 18, 18);
    door.addRect(QRectF(-20, 40, 40, 22));
    painter->drawPath(door.simplified());
}

// ---------------------------------------------------------------- AgentAvatarItem

AgentAvatarItem::AgentAvatarItem()
{
    setZValue(3);
    setAcceptHoverEvents(true);
    setFlag(ItemIgnoresTransformations); // always big enough to count heads
}

QRectF AgentAvatarItem::boundingRect() const
{
    return QRectF(m_offset.x() - 11, m_offset.y() - 11, 22, 22);
}

void AgentAvatarItem::syncWithAgent(const QString &name, int index)
{
    prepareGeometryChange();
    m_offset = TownHallItem::stepSpot(index);
    m_name = name;
    m_color = seatColor(index % engine::MaxSeatCount + 1);
    setToolTip(MatchBuildingItem::tr("%1 is waiting for a table").arg(name));
    update();
}

void AgentAvatarItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(Qt::white, 2));
    painter->setBrush(m_color);
    painter->drawEllipse(m_offset, 9.5, 9.5);
    QFont f;
    f.setPixelSize(11);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(Qt::white);
    painter->drawText(QRectF(m_offset.x() - 10, m_offset.y() - 10, 20, 20),
                      Qt::AlignCenter,
                      m_name.left(1).toUpper());
}

// ---------------------------------------------------------------- MatchBuildingItem

MatchBuildingItem::MatchBuildingItem(const QString &matchId)
    : m_matchId(matchId)
    , m_door(new MapLabelItem(MapLabelItem::Style::Plaque, this))
    , m_badge(new MapLabelItem(MapLabelItem::Style::Badge, this))
{
    setFlags(ItemIsSelectable | ItemIsFocusable);
    setAcceptHoverEvents(true);
    setCursor(Qt::PointingHandCursor);
    setZValue(2);
    m_door->setPos(0, 104);
    m_door->setZValue(1);
    m_badge->setPos(70, -70);
    m_badge->setZValue(1);
}

QRectF MatchBuildingItem::boundingRect() const
{
    return QRectF(-120, -130, 240, 220);
}

QPainterPath MatchBuildingItem::shape() const
{
    QPainterPath p;
    p.addRect(QRectF(-104, -112, 208, 200));
    return p;
}

void MatchBuildingItem::syncWithMatch(const engine::Match &match)
{
    const engine::MatchState &s = match.state();
    // Most batches change nothing the building shows (a speech, a vote):
    // with twenty matches running, skipping those keeps the map's repaints rare.
    const auto look = std::make_tuple(s.matchNumber,
                                      s.phase,
                                      s.dayNumber,
                                      s.nightNumber,
                                      match.aliveCount(),
                                      int(s.players.size()),
                                      s.paused,
                                      s.winner);
    if (m_synced && look == m_look)
        return;
    m_synced = true;
    m_look = look;
    m_label = tr("Werewolf Game #%1").arg(s.matchNumber);
    m_phase = s.phase;
    m_alive = match.aliveCount();
    m_seats = int(s.players.size());
    m_paused = s.paused;
    m_winner = s.winner;
    m_badge->setText(tr("%1 alive").arg(m_alive));
    m_badge->setColors(m_alive > m_seats / 2 ? QColor(0x2E, 0x8B, 0x57) : Theme::danger(),
                       Qt::white);
    QString tag;
    if (ended())
        // No winner at the rule set's day limit: a draw (GAME_ENDED comes just
        // after the phase change, so "no winner yet" alone proves nothing).
        tag = m_winner ? tr("%1 win").arg(UiText::teamName(*m_winner))
              : s.config.rules.maxDays > 0 && s.dayNumber >= s.config.rules.maxDays
                  ? tr("Draw")
                  : UiText::phaseName(Phase::Ended);
    else if (m_paused)
        tag = tr("Paused");
    else if (m_phase == Phase::Night)
        tag = tr("Night %1").arg(s.nightNumber);
    else if (m_phase == Phase::NightWitch)
        tag = tr("Night %1 · %2").arg(s.nightNumber).arg(UiText::phaseName(m_phase));
    else if (m_phase == Phase::Lobby)
        tag = UiText::phaseName(m_phase);
    else
        tag = tr("Day %1 · %2").arg(s.dayNumber).arg(UiText::phaseName(m_phase));
    m_door->setText(m_label, tag);
    m_door->setColors(QColor(0x3B, 0x2A, 0x1C), QColor(0xFF, 0xF1, 0xD0));
    m_door->setSubtitleColor(ended()    ? QColor(0x6E, 0x68, 0x62)
                             : m_paused ? QColor(0x6B, 0x73, 0x8A)
                                        : Theme::phaseColor(m_phase));
    setOpacity(ended() ? 0.6 : 1.0);
    setToolTip(
        tr("%1 — %2, %3 of %4 alive. Click to watch.").arg(m_label, tag).arg(m_alive).arg(m_seats));
    showLabels();
    update();
}

void MatchBuildingItem::showLabels()
{
    // Labels keep their size at any zoom: after a tournament dozens of ended
    // matches would stack theirs over the town. An ended match names itself
    // only when it is selected, pointed at or has the focus (its tooltip
    // says the rest).
    const bool quiet = ended() && !isSelected() && !m_hover && !hasFocus();
    m_door->setVisible(!quiet);
    m_badge->setVisible(!ended());
}

void MatchBuildingItem::hoverEnterEvent(QGraphicsSceneHoverEvent *event)
{
    m_hover = true;
    showLabels();
    update();
    QGraphicsItem::hoverEnterEvent(event);
}

void MatchBuildingItem::hoverLeaveEvent(QGraphicsSceneHoverEvent *event)
{
    m_hover = false;
    showLabels();
    update();
    QGraphicsItem::hoverLeaveEvent(event);
}

void MatchBuildingItem::keyPressEvent(QKeyEvent *event)
{
    // Keyboard users Tab between buildings and open one with Enter or Space.
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter
        || event->key() == Qt::Key_Space) {
        if (scene())
            scene()->clearSelection();
        setSelected(true);
        event->accept();
        return;
    }
    QGraphicsItem::keyPressEvent(event);
}

void MatchBuildingItem::focusInEvent(QFocusEvent *event)
{
    QGraphicsItem::focusInEvent(event);
    showLabels();
    update();
}

void MatchBuildingItem::focusOutEvent(QFocusEvent *event)
{
    QGraphicsItem::focusOutEvent(event);
    showLabels();
    update();
}

QVariant MatchBuildingItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemSelectedHasChanged) {
        showLabels();
        update();
    }
    return QGraphicsItem::itemChange(change, value);
}

void MatchBuildingItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool night = Theme::isNightLike(m_phase) && !ended();
    const bool vote = m_phase == Phase::DayVote;
    const QColor wall = ended() ? QColor(0xB5, 0xAE, 0xA3)
                        : night ? QColor(0x2E, 0x3D, 0x70)
                                : QColor(0xF5, 0xDC, 0xA8);
    const QColor roof = ended() ? QColor(0x6E, 0x66, 0x60)
                        : night ? QColor(0x17, 0x1F, 0x45)
                        : vote  ? QColor(0xB8, 0x3A, 0x2E)
                                : QColor(0xC2, 0x5B, 0x3A);
    const QColor window = night ? QColor(0xFF, 0xD8, 0x6B) : QColor(0xBF, 0xE3, 0xF5);
    const QColor outline = night ? QColor(0x0E, 0x14, 0x30) : QColor(0x6E, 0x4A, 0x2A);

    // selection halo
    if (isSelected() || m_hover || hasFocus()) {
        painter->setPen(Qt::NoPen);
        QColor halo = isSelected() ? QColor(0x3D, 0x8B, 0xFF) : QColor(0xFF, 0xFF, 0xFF);
        halo.setAlpha(isSelected() ? 110 : 70);
        painter->setBrush(halo);
        painter->drawRoundedRect(QRectF(-112, -120, 224, 216), 22, 22);
    }
    // sky disc behind the roof: moon or sun
    if (!ended()) {
        if (night) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(0xF4, 0xF1, 0xD0));
            QPainterPath moon;
            moon.addEllipse(QPointF(-74, -92), 15, 15);
            QPainterPath bite;
            bite.addEllipse(QPointF(-66, -97), 13, 13);
            painter->drawPath(moon.subtracted(bite));
        } else {
            painter->setPen(QPen(QColor(0xF7, 0xB5, 0x2C), 3, Qt::SolidLine, Qt::RoundCap));
            for (int i = 0; i < 8; ++i) {
                const double a = i * std::numbers::pi / 4;
                painter->drawLine(QPointF(-76 + 18 * std::cos(a), -92 + 18 * std::sin(a)),
                                  QPointF(-76 + 25 * std::cos(a), -92 + 25 * std::sin(a)));
            }
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(0xFF, 0xC9, 0x3C));
            painter->drawEllipse(QPointF(-76, -92), 13, 13);
        }
    }
    // shadow + body
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0, 0, 0, 50));
    painter->drawRect(QRectF(-86, -40, 180, 116));
    painter->setBrush(wall);
    painter->setPen(QPen(outline, 2.5));
    painter->drawRect(QRectF(-90, -46, 180, 116));
    // roof
    QPainterPath r;
    r.moveTo(-104, -44);
    r.lineTo(0, -112);
    r.lineTo(104, -44);
    r.closeSubpath();
    painter->setBrush(roof);
    painter->drawPath(r);
    // windows
    painter->setPen(QPen(outline, 2));
    for (qreal x : {-62.0, 38.0}) {
        painter->setBrush(window);
        painter->drawRect(QRectF(x, -26, 26, 26));
        painter->drawLine(QPointF(x + 13, -26), QPointF(x + 13, 0));
        painter->drawLine(QPointF(x, -13), QPointF(x + 26, -13));
    }
    // door
    painter->setBrush(night ? QColor(0x3E, 0x2A, 0x1A) : QColor(0x7A, 0x4A, 0x28));
    QPainterPath door;
    door.addRoundedRect(QRectF(-17, 14, 34, 56), 14, 14);
    door.addRect(QRectF(-17, 40, 34, 30));
    painter->drawPath(door.simplified());
    painter->setBrush(QColor(0xF0, 0xC0, 0x50));
    painter->setPen(Qt::NoPen);
    painter->drawEllipse(QPointF(9, 44), 3, 3);
}

} // namespace townhall::ui
