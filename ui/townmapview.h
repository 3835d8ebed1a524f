// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsView>

namespace townhall::ui {

class TownMapScene;

/// Zoom with the wheel (or +/-), pan by dragging; 0 fits the town.
class TownMapView final : public QGraphicsView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TownMapView)

public:
    explicit TownMapView(TownMapScene *scene, QWidget *parent = nullptr);
    ~TownMapView() override;

    void zoomBy(qreal factor);
    qreal zoom() const;

public Q_SLOTS:
    void fitTown();
    void centerOnMatch(const QString &matchId);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    TownMapScene *m_scene;
    bool m_userZoomed = false;
};

} // namespace townhall::ui
