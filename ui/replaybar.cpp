// SPDX-License-Identifier: MIT
#include "ui/replaybar.h"

#include "ui/spectatorcontroller.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QToolButton>

namespace townhall::ui {

ReplayBar::ReplayBar(SpectatorController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_back(new QToolButton(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_forward(new QToolButton(this))
    , m_position(new QLabel(this))
    , m_live(new QToolButton(this))
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(6);
    auto *caption = new QLabel(tr("Replay"), this);
    QFont bold = caption->font();
    bold.setBold(true);
    caption->setFont(bold);
    row->addWidget(caption);
    m_back->setText(QStringLiteral("◀"));
    m_back->setToolTip(tr("One event back (Alt+Left)"));
    m_back->setAccessibleName(tr("Previous event"));
    m_back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_forward->setText(QStringLiteral("▶"));
    m_forward->setToolTip(tr("One event forward (Alt+Right)"));
    m_forward->setAccessibleName(tr("Next event"));
    m_forward->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_slider->setAccessibleName(tr("Replay position"));
    m_slider->setToolTip(tr("Drag to see the match as it was at any event"));
    m_slider->setMinimum(1);
    m_slider->setPageStep(10);
    m_position->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("Event 0000 / 0000  ")));
    m_live->setText(tr("● Live"));
    m_live->setCheckable(true);
    m_live->setAccessibleName(tr("Go live"));
    m_live->setToolTip(tr("Follow the match live (End)"));
    m_live->setShortcut(QKeySequence(Qt::Key_End));
    row->addWidget(m_back);
    row->addWidget(m_slider, 1);
    row->addWidget(m_forward);
    row->addWidget(m_position);
    row->addWidget(m_live);

    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (!m_refreshing)
            m_controller->scrubTo(quint64(v));
    });
    connect(m_back, &QToolButton::clicked, this, [this] {
        m_controller->scrubTo(qMax<quint64>(1, m_controller->shownSeq() - 1));
    });
    connect(m_forward, &QToolButton::clicked, this, [this] {
        m_controller->scrubTo(m_controller->shownSeq() + 1);
    });
    connect(m_live, &QToolButton::clicked, this, [this] {
        m_controller->goLive();
        refresh();
    });
    connect(m_controller, &SpectatorController::shownChanged, this, &ReplayBar::refresh);
    connect(m_controller, &SpectatorController::liveAdvanced, this, &ReplayBar::refresh);
    refresh();
}

ReplayBar::~ReplayBar() = default;

void ReplayBar::refresh()
{
    m_refreshing = true;
    const engine::Match *live = m_controller->liveMatch();
    const int last = live ? int(live->state().lastSeq) : 1;
    const int shown = int(m_controller->shownSeq());
    m_slider->setMaximum(qMax(1, last));
    m_slider->setValue(qMax(1, shown));
    setEnabled(live != nullptr);
    const bool isLive = m_controller->isLive();
    m_live->setChecked(isLive);
    m_forward->setEnabled(!isLive);
    m_position->setText(tr("Event %1 / %2").arg(shown).arg(last));
    QPalette pal = m_live->palette();
    pal.setColor(QPalette::ButtonText,
                 isLive ? Theme::danger() : palette().color(QPalette::ButtonText));
    m_live->setPalette(pal);
    m_refreshing = false;
}

} // namespace townhall::ui
