// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/projection.h"

#include <QVariantAnimation>
#include <QWidget>

namespace townhall::ui {

/// The Town Crier's latest line, sliding in when a new one arrives.
class NarratorTicker final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NarratorTicker)

public:
    explicit NarratorTicker(QWidget *parent = nullptr);
    ~NarratorTicker() override;

    /// Shows the last narrator line of `match` that `viewer` may read.
    void syncWithMatch(const engine::Match *match, const engine::Viewer &viewer);
    QString text() const { return m_text; }
    /// A new line is still sliding in.
    bool isAnimating() const { return m_slide.state() == QAbstractAnimation::Running; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_text;
    QString m_previous;
    bool m_spoiler = false;
    std::uint64_t m_seq = 0;
    QVariantAnimation m_slide;
};

} // namespace townhall::ui
