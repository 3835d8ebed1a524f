// SPDX-License-Identifier: MIT
#pragma once

#include "ui/spectatorcontroller.h"

#include <QPersistentModelIndex>
#include <QTimer>
#include <QWidget>

namespace townhall::ui {

class TimelineModel;

/// A strip of every phase so far, day by day, coloured by phase, with the
/// current one filling up as its time runs. Paints a TimelineModel.
class TimelineView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineView)

public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    void setModel(TimelineModel *model);
    TimelineModel *model() const { return m_model; }
    /// The moment the view measures progress against (live clock or replay position).
    void setClock(Clock clock) { m_clock = std::move(clock); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// A phase was clicked: the seq of its PHASE_CHANGED event.
    void phaseActivated(quint64 seq);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    struct Segment
    {
        QRectF rect;
        QModelIndex index;
    };
    QList<Segment> layoutSegments(QList<QPair<QRectF, QString>> *groupLabels = nullptr) const;
    void modelChanged();

    TimelineModel *m_model = nullptr;
    Clock m_clock;
    QTimer m_tick;
};

} // namespace townhall::ui
