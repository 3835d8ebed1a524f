// SPDX-License-Identifier: MIT
#include "ui/townmapscene.h"

#include "ui/townmapitems.h"

#include "engine/lobby.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace townhall::ui {

TownMapScene::TownMapScene(QObject *parent)
    : QGraphicsScene(parent)
    , m_square(new TownSquareItem)
    , m_hall(new TownHallItem)
{
    setSceneRect(-1400, -1200, 2800, 2400);
    setItemIndexMethod(QGraphicsScene::NoIndex); // few items, many updates
    addItem(m_square);
    addItem(m_hall);
    m_hall->setPos(0, -30);
    m_hall->syncWithQueue(0);
    connect(this, &QGraphicsScene::selectionChanged, this, &TownMapScene::onSelectionChanged);
}

TownMapScene::~TownMapScene() = default;

void TownMapScene::syncMatch(const engine::Match &match)
{
    const QString id = QString::fromStdString(match.matchId());
    MatchBuildingItem *item = m_buildings.value(id);
    if (!item) {
        item = new MatchBuildingItem(id);
        const engine::Building b = engine::Lobby::buildingFor(
            match.state().matchNumber, match.matchId(), match.state().createdAt);
        item->setPos(b.x, b.y);
        addItem(item);
        m_buildings.insert(id, item);
        invalidate(sceneRect(),
                   QGraphicsScene::BackgroundLayer); // a new road (views cache the background)
        Q_EMIT contentChanged();
    }
    item->syncWithMatch(match);
}

void TownMapScene::syncQueue(const QStringList &waitingNames)
{
    while (m_avatars.size() > waitingNames.size())
        delete m_avatars.takeLast();
    while (m_avatars.size() < waitingNames.size()) {
        auto *a = new AgentAvatarItem;
        addItem(a);
        m_avatars.append(a);
    }
    for (int i = 0; i < waitingNames.size(); ++i) {
        m_avatars[i]->syncWithAgent(waitingNames[i], i);
        m_avatars[i]->setPos(m_hall->pos() + TownHallItem::steps());
    }
    m_hall->syncWithQueue(int(waitingNames.size()));
}

void TownMapScene::setSelectedMatch(const QString &matchId)
{
    m_syncingSelection = true;
    clearSelection();
    if (MatchBuildingItem *b = m_buildings.value(matchId))
        b->setSelected(true);
    m_syncingSelection = false;
}

void TownMapScene::setDark(bool dark)
{
    m_dark = dark;
    m_square->syncWithTheme(dark);
    invalidate(sceneRect(), QGraphicsScene::BackgroundLayer);
}

MatchBuildingItem *TownMapScene::building(const QString &matchId) const
{
    return m_buildings.value(matchId);
}

QRectF TownMapScene::contentRect() const
{
    QRectF r(-200, -200, 400, 360);
    for (const MatchBuildingItem *b : m_buildings)
        r |= b->sceneBoundingRect();
    return r.adjusted(-40, -40, 40, 40);
}

void TownMapScene::onSelectionChanged()
{
    if (m_syncingSelection)
        return;
    const auto items = selectedItems();
    for (QGraphicsItem *it : items)
        if (it->type() == MatchBuildingItem::Type)
            Q_EMIT matchActivated(static_cast<MatchBuildingItem *>(it)->matchId());
}

void TownMapScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor grass = m_dark ? QColor(0x1C, 0x26, 0x22) : QColor(0xCF, 0xDD, 0xB4);
    const QColor grass2 = m_dark ? QColor(0x20, 0x2B, 0x26) : QColor(0xC6, 0xD6, 0xA8);
    painter->fillRect(rect, grass);
    // Gentle checker of meadows, fixed to the scene so it pans with the town.
    const int tile = 160;
    painter->setPen(Qt::NoPen);
    painter->setBrush(grass2);
    const int x0 = int(std::floor(rect.left() / tile)) * tile;
    const int y0 = int(std::floor(rect.top() / tile)) * tile;
    for (int y = y0; y < rect.bottom(); y += tile)
        for (int x = x0; x < rect.right(); x += tile)
            if (((x / tile) + (y / tile)) % 2 == 0)
                painter->drawRect(QRectF(x, y, tile, tile));
    // Roads from the square to every building.
    const QColor road = m_dark ? QColor(0x35, 0x36, 0x3D) : QColor(0xE2, 0xD4, 0xB8);
    const QColor edge = m_dark ? QColor(0x2A, 0x2B, 0x31) : QColor(0xCB, 0xBB, 0x9A);
    for (const MatchBuildingItem *b : m_buildings) {
        const QPointF to = b->pos() + QPointF(0, 70);
        painter->setPen(QPen(edge, 44, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(QPointF(0, 0), to);
        painter->setPen(QPen(road, 36, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(QPointF(0, 0), to);
    }
}

} // namespace townhall::ui
