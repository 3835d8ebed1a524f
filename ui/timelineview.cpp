// SPDX-License-Identifier: MIT
#include "ui/timelineview.h"

#include "ui/theme.h"
#include "ui/timelinemodel.h"
#include "ui/uitext.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace townhall::ui {

using engine::Phase;

namespace {

QString shortName(Phase phase, int)
{
    switch (phase) {
    case Phase::Lobby:
        return TimelineView::tr("Lobby");
    case Phase::Night:
        return TimelineView::tr("Night");
    case Phase::DayAnnounce:
        return TimelineView::tr("Dawn");
    case Phase::DayOpening:
        return TimelineView::tr("Turns");
    case Phase::DayDiscussion:
        return TimelineView::tr("Talk");
    case Phase::DayVote:
        return TimelineView::tr("Vote");
    case Phase::DayResolution:
        return TimelineView::tr("Verdict");
    case Phase::Ended:
        return TimelineView::tr("End");
    case Phase::NightWitch:
        return TimelineView::tr("Witch");
    case Phase::HunterShot:
        return TimelineView::tr("Shot");
    case Phase::DayPkDefense:
        return TimelineView::tr("PK");
    case Phase::DayPkVote:
        return TimelineView::tr("Revote");
    }
    return {};
}

} // namespace

TimelineView::TimelineView(QWidget *parent)
    : QWidget(parent)
    , m_clock(systemClock())
{
    setAccessibleName(tr("Phase timeline"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(true);
    m_tick.setInterval(500);
    connect(&m_tick, &QTimer::timeout, this, [this] { update(); });
    m_tick.start();
}

TimelineView::~TimelineView() = default;

void TimelineView::setModel(TimelineModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (!m_model)
        return;
    connect(m_model, &QAbstractItemModel::modelReset, this, &TimelineView::modelChanged);
    connect(m_model, &QAbstractItemModel::layoutChanged, this, &TimelineView::modelChanged);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &TimelineView::modelChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &TimelineView::modelChanged);
    modelChanged();
}

void TimelineView::modelChanged()
{
    QStringList parts;
    if (m_model) {
        const QModelIndex cur = m_model->currentIndex();
        if (cur.isValid())
            parts << tr("Current phase: %1").arg(cur.data().toString());
        parts << tr("%n day(s) so far", nullptr, m_model->rowCount());
    }
    setAccessibleDescription(parts.join(QStringLiteral(". ")));
    update();
}

QSize TimelineView::sizeHint() const
{
    return QSize(600, fontMetrics().height() * 2 + 22);
}

QSize TimelineView::minimumSizeHint() const
{
    return QSize(200, sizeHint().height());
}

QList<TimelineView::Segment>
TimelineView::layoutSegments(QList<QPair<QRectF, QString>> *groupLabels) const
{
    QList<Segment> out;
    if (!m_model)
        return out;
    const int groups = m_model->rowCount();
    int phases = 0;
    for (int g = 0; g < groups; ++g)
        phases += m_model->rowCount(m_model->index(g, 0));
    if (phases == 0)
        return out;
    const qreal gap = 10;
    const qreal inner = 3;
    const QRectF area = QRectF(rect()).adjusted(2, fontMetrics().height() + 6, -2, -4);
    // The lobby is short and uninteresting: give it a single narrow unit.
    const qreal usable = area.width() - gap * (groups - 1) - inner * phases;
    const qreal unit = usable / qMax(1, phases);
    qreal x = area.left();
    for (int g = 0; g < groups; ++g) {
        const QModelIndex gi = m_model->index(g, 0);
        const int n = m_model->rowCount(gi);
        const qreal groupLeft = x;
        for (int i = 0; i < n; ++i) {
            const QModelIndex pi = m_model->index(i, 0, gi);
            out.append({QRectF(x, area.top(), unit, area.height()), pi});
            x += unit + inner;
        }
        if (groupLabels)
            groupLabels->append({QRectF(groupLeft, 0, x - groupLeft - inner, area.top() - 3),
                                 gi.data().toString()});
        x += gap - inner;
    }
    return out;
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QList<QPair<QRectF, QString>> labels;
    const QList<Segment> segs = layoutSegments(&labels);
    if (segs.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("The timeline fills in as the match goes on"));
        return;
    }
    QFont lf = font();
    lf.setBold(true);
    lf.setPointSizeF(font().pointSizeF() * 0.9);
    p.setFont(lf);
    const QFontMetricsF lfm(lf);
    for (const auto &[r, text] : labels) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(
            r, Qt::AlignLeft | Qt::AlignBottom, lfm.elidedText(text, Qt::ElideRight, r.width()));
    }
    const qint64 now = m_clock();
    for (const Segment &s : segs) {
        const Phase ph = Phase(s.index.data(TimelineModel::PhaseRole).toInt());
        const bool current = s.index.data(TimelineModel::CurrentRole).toBool();
        QColor c = Theme::phaseColor(ph);
        QPainterPath path;
        path.addRoundedRect(s.rect, 4, 4);
        if (current) {
            const qint64 start = s.index.data(TimelineModel::StartedAtRole).toLongLong();
            const qint64 end = s.index.data(TimelineModel::EndsAtRole).toLongLong();
            const qreal f
                = end > start ? qBound(0.0, qreal(now - start) / qreal(end - start), 1.0) : 1.0;
            p.fillPath(path, Theme::mix(c, palette().color(QPalette::Base), 0.7));
            p.save();
            p.setClipPath(path);
            p.fillRect(QRectF(s.rect.left(), s.rect.top(), s.rect.width() * f, s.rect.height()), c);
            p.restore();
            p.setPen(QPen(palette().color(QPalette::WindowText), 2));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
        } else {
            p.fillPath(path, Theme::mix(c, palette().color(QPalette::Window), 0.25));
        }
        const QString label = shortName(ph, s.index.data(TimelineModel::DayRole).toInt());
        QFont sf = font();
        sf.setPointSizeF(font().pointSizeF() * 0.8);
        sf.setBold(true);
        const QFontMetricsF sfm(sf);
        if (sfm.horizontalAdvance(label) + 8 <= s.rect.width()) {
            p.setFont(sf);
            const bool darkFill = ph == Phase::Night || ph == Phase::Lobby || ph == Phase::Ended
                                  || ph == Phase::DayVote;
            p.setPen(current && !darkFill ? QColor(0x22, 0x1A, 0x10)
                     : darkFill           ? Qt::white
                                          : QColor(0x2A, 0x1E, 0x10));
            p.drawText(s.rect, Qt::AlignCenter, label);
        }
    }
}

bool TimelineView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(e);
        for (const Segment &s : layoutSegments()) {
            if (s.rect.contains(he->pos())) {
                const qint64 start = s.index.data(TimelineModel::StartedAtRole).toLongLong();
                const qint64 ended = s.index.data(TimelineModel::EndedAtRole).toLongLong();
                const qint64 ends = s.index.data(TimelineModel::EndsAtRole).toLongLong();
                QString tip = s.index.data().toString() % QLatin1Char('\n');
                tip += s.index.data(TimelineModel::CurrentRole).toBool()
                           ? tr("now — %1 left").arg(UiText::countdown(ends - m_clock()))
                           : tr("lasted %1").arg(UiText::countdown(ended - start));
                QToolTip::showText(he->globalPos(), tip, this);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    for (const Segment &s : layoutSegments()) {
        if (s.rect.contains(event->position())) {
            Q_EMIT phaseActivated(s.index.data(TimelineModel::SeqRole).toULongLong());
            return;
        }
    }
    QWidget::mouseReleaseEvent(event);
}

} // namespace townhall::ui
