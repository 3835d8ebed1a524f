// SPDX-License-Identifier: MIT
#include "ui/townmapview.h"

#include "ui/townmapitems.h"
#include "ui/townmapscene.h"

#include <QKeyEvent>
#include <QWheelEvent>

#include <cmath>

namespace townhall::ui {

TownMapView::TownMapView(TownMapScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing
                   | QPainter::SmoothPixmapTransform);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    // The meadow and the roads change only when a building is added or the
    // theme changes (the scene invalidates the layer then).
    setCacheMode(QGraphicsView::CacheBackground);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Town map"));
    connect(m_scene, &TownMapScene::contentChanged, this, [this] {
        if (!m_userZoomed)
            fitTown();
    });
    setAccessibleDescription(
        tr("The Town Hall, its queue and one building per match. "
           "Click a building to watch its match. Wheel or +/- to zoom, drag to pan, 0 to fit."));
}

TownMapView::~TownMapView() = default;

qreal TownMapView::zoom() const
{
    return transform().m11();
}

void TownMapView::zoomBy(qreal factor)
{
    const qreal next = qBound(0.08, zoom() * factor, 3.0);
    const qreal f = next / zoom();
    scale(f, f);
    m_userZoomed = true;
}

void TownMapView::fitTown()
{
    // Labels keep their pixel size, so leave room for them at the fitted scale.
    const QRectF content = m_scene->contentRect();
    fitInView(content, Qt::KeepAspectRatio);
    const qreal s = qMax(0.01, zoom());
    fitInView(content.adjusted(-50 / s, -10 / s, 50 / s, 30 / s), Qt::KeepAspectRatio);
    m_userZoomed = false;
}

void TownMapView::centerOnMatch(const QString &matchId)
{
    if (MatchBuildingItem *b = m_scene->building(matchId))
        ensureVisible(b, 20, 20);
}

void TownMapView::wheelEvent(QWheelEvent *event)
{
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps != 0)
        zoomBy(std::pow(1.15, steps));
    event->accept();
}

void TownMapView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.2);
        return;
    case Qt::Key_Minus:
        zoomBy(1 / 1.2);
        return;
    case Qt::Key_0:
        fitTown();
        return;
    default:
        break;
    }
    QGraphicsView::keyPressEvent(event);
}

void TownMapView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (!m_userZoomed)
        fitTown();
}

} // namespace townhall::ui
