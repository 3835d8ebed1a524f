// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;
class QSlider;
class QToolButton;

namespace townhall::ui {

class SpectatorController;

/// The replay scrubber: a slider over the selected match's event seqs. Moving
/// it shows the state right after that event; the end (or "Live") goes live.
class ReplayBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplayBar)

public:
    explicit ReplayBar(SpectatorController *controller, QWidget *parent = nullptr);
    ~ReplayBar() override;

    QSlider *slider() const { return m_slider; }
    QToolButton *liveButton() const { return m_live; }

private:
    void refresh();

    SpectatorController *m_controller;
    QToolButton *m_back;
    QSlider *m_slider;
    QToolButton *m_forward;
    QLabel *m_position;
    QToolButton *m_live;
    bool m_refreshing = false;
};

} // namespace townhall::ui
