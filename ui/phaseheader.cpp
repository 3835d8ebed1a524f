// SPDX-License-Identifier: MIT
#include "ui/phaseheader.h"

#include "ui/theme.h"
#include "ui/uitext.h"

#include <QAccessible>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace townhall::ui {

using engine::Phase;

PhaseHeader::PhaseHeader(QWidget *parent)
    : QWidget(parent)
    , m_clock(systemClock())
{
    setAccessibleName(tr("Phase and countdown"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_tick.setInterval(250);
    connect(&m_tick, &QTimer::timeout, this, [this] { update(); });
}

PhaseHeader::~PhaseHeader() = default;

QSize PhaseHeader::sizeHint() const
{
    return QSize(600, fontMetrics().height() * 5 + 8);
}

QSize PhaseHeader::minimumSizeHint() const
{
    return QSize(360, sizeHint().height());
}

qint64 PhaseHeader::now() const
{
    return m_frozenAt ? *m_frozenAt : m_clock();
}

void PhaseHeader::syncWithMatch(const engine::Match *match,
                                std::optional<qint64> frozenAt,
                                bool omniscient)
{
    m_has = match != nullptr;
    m_frozenAt = frozenAt;
    m_omniscient = omniscient;
    if (match) {
        const engine::MatchState &s = match->state();
        m_number = s.matchNumber;
        m_phase = s.phase;
        m_day = s.dayNumber;
        m_night = s.nightNumber;
        m_startedAt = s.phaseStartedAt;
        m_endsAt = s.phaseEndsAt;
        m_paused = s.paused;
        m_pausedRemaining = s.pausedRemainingMs;
        m_winner = s.winner;
        m_alive = match->aliveCount();
        m_seats = int(s.players.size());
        m_turnName.clear();
        // Opening statements and PK defences go in turns; the hunter's phase
        // names the hunter publicly.
        if ((s.phase == Phase::DayOpening || s.phase == Phase::DayPkDefense) && s.openingIndex >= 0
            && s.openingIndex < int(s.openingOrder.size()))
            if (const engine::Player *p
                = match->player(s.openingOrder[std::size_t(s.openingIndex)]))
                m_turnName = qs(p->displayName);
        if (s.phase == Phase::HunterShot && s.hunterPending)
            if (const engine::Player *p = match->player(*s.hunterPending))
                m_turnName = qs(p->displayName);
    }
    const bool ticking = m_has && !m_frozenAt && !m_paused && m_phase != Phase::Ended;
    if (ticking && !m_tick.isActive())
        m_tick.start();
    else if (!ticking)
        m_tick.stop();
    refreshAccessible();
    update();
}

QString PhaseHeader::titleText() const
{
    if (!m_has)
        return tr("No match selected");
    QString t = tr("Werewolf Game #%1").arg(m_number);
    if (m_frozenAt)
        t += QStringLiteral("  ·  ") % tr("REPLAY");
    else if (m_paused)
        t += QStringLiteral("  ·  ") % tr("PAUSED");
    else if (m_phase != Phase::Ended)
        t += QStringLiteral("  ·  ") % tr("LIVE");
    return t;
}

QString PhaseHeader::phaseText() const
{
    if (!m_has)
        return tr("Click a building on the map");
    switch (m_phase) {
    case Phase::Lobby:
        return tr("Lobby — players are getting ready");
    case Phase::Night:
        return tr("Night %1").arg(m_night);
    case Phase::Ended:
        return m_winner ? tr("Game over — the %1 win").arg(UiText::teamName(*m_winner))
                        : tr("Game over");
    case Phase::NightWitch:
        return tr("Night %1 — %2").arg(m_night).arg(UiText::phaseName(m_phase));
    case Phase::HunterShot:
        // After a night death the day has not been counted yet: it is that night's dawn.
        if (!m_turnName.isEmpty())
            return tr("Day %1 — %2: %3")
                .arg(std::max(m_day, m_night))
                .arg(UiText::phaseName(m_phase), m_turnName);
        return tr("Day %1 — %2").arg(std::max(m_day, m_night)).arg(UiText::phaseName(m_phase));
    case Phase::DayOpening:
    case Phase::DayPkDefense:
        if (!m_turnName.isEmpty())
            return tr("Day %1 — %2: %3").arg(m_day).arg(UiText::phaseName(m_phase), m_turnName);
        break;
    default:
        break;
    }
    return tr("Day %1 — %2").arg(m_day).arg(UiText::phaseName(m_phase));
}

QString PhaseHeader::countdownText() const
{
    if (!m_has || m_phase == Phase::Ended)
        return {};
    if (m_paused)
        return UiText::countdown(m_pausedRemaining);
    return UiText::countdown(m_endsAt - now());
}

void PhaseHeader::refreshAccessible()
{
    setAccessibleDescription(titleText() % QStringLiteral(". ") % phaseText());
}

void PhaseHeader::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = rect();
    const bool night = Theme::isNightLike(m_phase);
    QColor base = m_has ? Theme::phaseColor(m_phase) : palette().color(QPalette::Mid);
    QLinearGradient g(r.topLeft(), r.topRight());
    if (m_has && night) {
        g.setColorAt(0, QColor(0x0F, 0x17, 0x3A));
        g.setColorAt(1, QColor(0x25, 0x3A, 0x7A));
    } else if (m_has && m_phase == Phase::Ended) {
        g.setColorAt(0, QColor(0x3A, 0x37, 0x33));
        g.setColorAt(1, QColor(0x5E, 0x5A, 0x55));
    } else {
        g.setColorAt(0, base.darker(135));
        g.setColorAt(1, base);
    }
    QPainterPath clip;
    clip.addRoundedRect(r, 10, 10);
    p.fillPath(clip, g);
    p.setClipPath(clip);

    // stars at night, a low sun by day: the look follows the phase
    if (m_has && night) {
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(255, 255, 255, 150));
        for (int i = 0; i < 26; ++i) {
            const qreal x = r.width() * (0.35 + 0.6 * std::fmod(i * 0.618034, 1.0));
            const qreal y = r.height() * std::fmod(i * 0.414214 + 0.1, 1.0);
            p.drawEllipse(QPointF(x, y), i % 3 == 0 ? 1.6 : 1.0, i % 3 == 0 ? 1.6 : 1.0);
        }
    } else if (m_has && m_phase != Phase::Ended) {
        QRadialGradient sun(QPointF(r.width() * 0.7, r.height() * 1.1), r.height() * 1.6);
        sun.setColorAt(0, QColor(255, 240, 200, 120));
        sun.setColorAt(1, QColor(255, 240, 200, 0));
        p.fillRect(r, sun);
    }

    const int pad = 18;
    const QColor fg = Qt::white;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.95);
    small.setBold(true);
    small.setLetterSpacing(QFont::PercentageSpacing, 110);
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.9);
    big.setBold(true);
    QFont digits = font();
    digits.setPointSizeF(font().pointSizeF() * 2.6);
    digits.setBold(true);
    digits.setStyleHint(QFont::Monospace);
    digits.setFamily(QStringLiteral("DejaVu Sans Mono"));

    const QString count = countdownText();
    const qreal countW
        = count.isEmpty() ? 0
                          : QFontMetricsF(digits).horizontalAdvance(QStringLiteral("00:00")) + pad;
    const QRectF textArea = r.adjusted(pad, 10, -pad - countW, -14);

    p.setFont(small);
    p.setPen(QColor(255, 255, 255, 200));
    const QFontMetricsF sm(small);
    p.drawText(QRectF(textArea.left(), textArea.top(), textArea.width(), sm.height()),
               Qt::AlignLeft | Qt::AlignVCenter,
               sm.elidedText(titleText().toUpper(), Qt::ElideRight, textArea.width()));
    p.setFont(big);
    p.setPen(fg);
    const QFontMetricsF bm(big);
    p.drawText(
        QRectF(textArea.left(), textArea.top() + sm.height() + 2, textArea.width(), bm.height()),
        Qt::AlignLeft | Qt::AlignVCenter,
        bm.elidedText(phaseText(), Qt::ElideRight, textArea.width()));

    // pills: spoiler warning and players alive
    qreal pillX = textArea.left();
    const qreal pillY = textArea.top() + sm.height() + bm.height() + 6;
    auto pill = [&](const QString &text, const QColor &bg) {
        QFont f = small;
        f.setPointSizeF(small.pointSizeF() * 0.9);
        const QFontMetricsF fm(f);
        const QRectF pr(pillX, pillY, fm.horizontalAdvance(text) + 16, fm.height() + 4);
        p.setPen(Qt::NoPen);
        p.setBrush(bg);
        p.drawRoundedRect(pr, pr.height() / 2, pr.height() / 2);
        p.setPen(Qt::white);
        p.setFont(f);
        p.drawText(pr, Qt::AlignCenter, text);
        pillX = pr.right() + 8;
    };
    if (m_has) {
        pill(tr("%1 of %2 alive").arg(m_alive).arg(m_seats), QColor(0, 0, 0, 70));
        if (m_omniscient)
            pill(tr("OMNISCIENT · SPOILERS"), Theme::spoiler());
    }

    if (!count.isEmpty()) {
        p.setFont(digits);
        p.setPen(fg);
        const QRectF cr(r.right() - countW - pad / 2.0, 6, countW, r.height() - 28);
        p.drawText(cr, Qt::AlignRight | Qt::AlignVCenter, count);
        QFont cap = small;
        cap.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(cap);
        p.setPen(QColor(255, 255, 255, 190));
        p.drawText(QRectF(cr.left(), cr.bottom() - 4, cr.width(), 18),
                   Qt::AlignRight | Qt::AlignTop,
                   m_paused ? tr("PAUSED") : tr("LEFT IN PHASE"));
    }

    // progress along the bottom edge
    if (m_has && m_phase != Phase::Ended && m_endsAt > m_startedAt) {
        const qint64 t = m_paused ? m_endsAt - m_pausedRemaining : now();
        const qreal f = qBound(0.0, qreal(t - m_startedAt) / qreal(m_endsAt - m_startedAt), 1.0);
        const QRectF track(r.left(), r.bottom() - 6, r.width(), 6);
        p.fillRect(track, QColor(0, 0, 0, 60));
        p.fillRect(QRectF(track.left(), track.top(), track.width() * f, track.height()),
                   night ? QColor(0x9F, 0xC2, 0xFF) : QColor(0xFF, 0xF1, 0xC8));
    }
}

} // namespace townhall::ui
