// SPDX-License-Identifier: MIT
#include "ui/narratorticker.h"

#include "ui/templatetext.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include <QPainter>
#include <QPainterPath>

namespace townhall::ui {

NarratorTicker::NarratorTicker(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Town Crier"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_slide.setStartValue(0.0);
    m_slide.setEndValue(1.0);
    m_slide.setDuration(450);
    m_slide.setEasingCurve(QEasingCurve::OutCubic);
    connect(&m_slide, &QVariantAnimation::valueChanged, this, [this] { update(); });
}

NarratorTicker::~NarratorTicker() = default;

QSize NarratorTicker::sizeHint() const
{
    return QSize(600, int(fontMetrics().height() * 1.3 * 2 + 12));
}

QSize NarratorTicker::minimumSizeHint() const
{
    return QSize(200, sizeHint().height());
}

void NarratorTicker::syncWithMatch(const engine::Match *match, const engine::Viewer &viewer)
{
    QString text;
    bool spoiler = false;
    std::uint64_t seq = 0;
    if (match) {
        const auto &log = match->log();
        for (auto it = log.rbegin(); it != log.rend(); ++it) {
            if (it->type == engine::EventType::Narrator
                && engine::visible(*it, viewer, match->state())) {
                text = TemplateText::narrator(it->payload);
                spoiler = it->audience != engine::Audience::Public;
                seq = it->seq;
                break;
            }
        }
    }
    if (seq == m_seq && text == m_text)
        return;
    m_previous = m_text;
    m_text = text;
    m_spoiler = spoiler;
    m_seq = seq;
    setAccessibleDescription(text);
    setToolTip(text);
    m_slide.stop();
    m_slide.start();
}

void NarratorTicker::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(0, 2, 0, -2);
    const bool dark = Theme::isDark(palette());
    const QColor nc = Theme::narrator(palette());
    QPainterPath path;
    path.addRoundedRect(r, 8, 8);
    p.fillPath(path, dark ? QColor(0x2A, 0x24, 0x18) : QColor(0xFF, 0xF4, 0xDC));
    p.setPen(QPen(m_spoiler ? Theme::spoiler() : nc, 1.5));
    p.drawPath(path);

    QFont label = font();
    label.setBold(true);
    label.setPointSizeF(font().pointSizeF() * 0.85);
    label.setLetterSpacing(QFont::PercentageSpacing, 112);
    const QFontMetricsF lfm(label);
    const QString caption = tr("TOWN CRIER");
    const QRectF lr(
        r.left() + 8, r.top() + 6, lfm.horizontalAdvance(caption) + 20, r.height() - 12);
    QPainterPath lp;
    lp.addRoundedRect(lr, 6, 6);
    p.fillPath(lp, m_spoiler ? Theme::spoiler() : nc);
    p.setFont(label);
    p.setPen(dark ? QColor(0x1B, 0x1E, 0x26) : Qt::white);
    p.drawText(lr, Qt::AlignCenter, caption);

    QFont tf = font();
    tf.setPointSizeF(font().pointSizeF() * 1.12);
    tf.setItalic(true);
    const QFontMetricsF tfm(tf);
    const QRectF textRect(lr.right() + 14, r.top(), r.right() - lr.right() - 24, r.height());
    const qreal t = m_slide.currentValue().toReal();
    p.setFont(tf);
    p.setClipRect(textRect);
    const QColor fg = dark ? nc.lighter(115) : nc.darker(125);
    const QString shown = m_text.isEmpty() ? tr("The Town Crier is waiting for news…") : m_text;
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
    if (t < 1.0 && !m_previous.isEmpty()) {
        QColor old = fg;
        old.setAlphaF(1.0 - t);
        p.setPen(old);
        p.drawText(textRect.translated(0, -textRect.height() * t), flags, m_previous);
    }
    QColor now = fg;
    now.setAlphaF(t);
    p.setPen(now);
    // Two lines at most; longer lines are elided so nothing is clipped mid-glyph.
    QString fitted = shown;
    if (tfm.boundingRect(textRect, flags, fitted).height() > textRect.height())
        fitted = tfm.elidedText(shown, Qt::ElideRight, textRect.width() * 1.9);
    p.drawText(textRect.translated(0, textRect.height() * (1.0 - t)), flags, fitted);
}

} // namespace townhall::ui
