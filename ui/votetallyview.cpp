// SPDX-License-Identifier: MIT
#include "ui/votetallyview.h"

#include "ui/theme.h"
#include "ui/uitext.h"
#include "ui/votetallymodel.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace townhall::ui {

VoteTallyView::VoteTallyView(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Vote tally"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

VoteTallyView::~VoteTallyView() = default;

void VoteTallyView::setModel(VoteTallyModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &VoteTallyView::modelChanged);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &VoteTallyView::modelChanged);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &VoteTallyView::modelChanged);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &VoteTallyView::modelChanged);
        connect(m_model, &VoteTallyModel::summaryChanged, this, &VoteTallyView::modelChanged);
    }
    modelChanged();
}

void VoteTallyView::modelChanged()
{
    setAccessibleDescription(summaryText());
    setMinimumHeight(heightForWidth(width()));
    updateGeometry();
    update();
}

void VoteTallyView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    setMinimumHeight(heightForWidth(width()));
}

QString VoteTallyView::summaryText() const
{
    if (!m_model || !m_model->summary().hasVote)
        return tr("No vote yet");
    const VoteTallyModel::Summary &s = m_model->summary();
    QStringList parts;
    parts << tr("Day %1 vote: %2 of %3 voted").arg(s.day).arg(s.cast).arg(s.eligible);
    for (int i = 0; i < m_model->rowCount(); ++i) {
        const QModelIndex idx = m_model->index(i, VoteTallyModel::TargetColumn);
        parts << tr("%1: %n", nullptr, idx.data(VoteTallyModel::CountRole).toInt())
                     .arg(idx.data().toString());
    }
    if (s.tie)
        parts << (s.final ? tr("Tie — no one is eliminated") : tr("Tied at %1").arg(s.topCount));
    if (s.final && !s.eliminatedName.isEmpty())
        parts << tr("%1 is eliminated").arg(s.eliminatedName);
    return parts.join(QStringLiteral(". "));
}

int VoteTallyView::heightForWidth(int width) const
{
    return int(std::ceil(render(nullptr, width)));
}

QSize VoteTallyView::sizeHint() const
{
    return QSize(280, heightForWidth(280));
}

QSize VoteTallyView::minimumSizeHint() const
{
    return QSize(200, 80);
}

void VoteTallyView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    render(&p, width());
}

qreal VoteTallyView::render(QPainter *p, qreal width) const
{
    const QPalette &pal = palette();
    const bool dark = Theme::isDark(pal);
    const qreal pad = 10;
    const qreal w = width - pad * 2;
    QFont title = font();
    title.setBold(true);
    title.setPointSizeF(font().pointSizeF() * 1.05);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.82);
    QFont chipFont = small;
    chipFont.setBold(true);
    QFont countFont = font();
    countFont.setBold(true);
    countFont.setPointSizeF(font().pointSizeF() * 1.35);
    const QFontMetricsF tfm(title), sfm(small), cfm(chipFont), nfm(countFont);
    qreal y = pad;
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor voteRed = Theme::phaseColor(engine::Phase::DayVote);

    if (!m_model || !m_model->summary().hasVote) {
        if (p) {
            p->setFont(font());
            p->setPen(muted);
            p->drawText(QRectF(pad, y, w, 60),
                        Qt::AlignCenter | Qt::TextWordWrap,
                        tr("No vote yet today.\nThe tally fills in live when the town votes."));
        }
        return y + 64;
    }
    const VoteTallyModel::Summary &s = m_model->summary();

    // header
    if (p) {
        p->setFont(title);
        p->setPen(pal.color(QPalette::WindowText));
        p->drawText(QRectF(pad, y, w, tfm.height()),
                    Qt::AlignLeft | Qt::AlignVCenter,
                    s.pkRevote ? (s.final ? tr("Day %1 PK revote — result").arg(s.day)
                                          : tr("Day %1 PK revote").arg(s.day))
                               : (s.final ? tr("Day %1 vote — result").arg(s.day)
                                          : tr("Day %1 vote").arg(s.day)));
        p->setFont(chipFont);
        p->setPen(s.live ? voteRed : muted);
        p->drawText(QRectF(pad, y, w, tfm.height()),
                    Qt::AlignRight | Qt::AlignVCenter,
                    s.live ? tr("● LIVE  %1/%2 voted").arg(s.cast).arg(s.eligible)
                           : tr("%1/%2 voted").arg(s.cast).arg(s.eligible));
    }
    y += tfm.height() + 2;
    {
        QString rule;
        if (s.pkRevote)
            rule = tr("PK revote: only %1 can be voted for · a second tie saves everyone")
                       .arg(UiText::joinList(s.pkNames));
        else if (s.tieGoesToPk)
            rule = tr("Most votes is out · majority mark at %1 · a tie goes to the PK (a defence "
                      "each, then a revote)")
                       .arg(s.majority);
        else
            rule = tr("Most votes is out · majority mark at %1 · a tie saves everyone")
                       .arg(s.majority);
        if (!s.firstRound.isEmpty())
            rule += QLatin1Char('\n') + s.firstRound;
        const qreal h = sfm.boundingRect(QRectF(0, 0, w, 1e6), Qt::TextWordWrap, rule).height();
        if (p) {
            p->setFont(small);
            p->setPen(muted);
            p->drawText(QRectF(pad, y, w, h), Qt::AlignLeft | Qt::TextWordWrap, rule);
        }
        y += h + 8;
    }

    // tie banner
    if (s.tie) {
        QString text;
        if (s.final && s.toPk)
            text = tr("TIE at %1 — to the PK: %2").arg(s.topCount).arg(UiText::joinList(s.pkNames));
        else if (s.final)
            text = tr("TIE at %1 — no one is eliminated").arg(s.topCount);
        else if (s.tieGoesToPk && !s.pkRevote)
            text = tr("TIED at %1 — a PK if it stays this way").arg(s.topCount);
        else
            text = tr("TIED at %1 — nobody goes if it stays this way").arg(s.topCount);
        const qreal h = tfm.height() + 8;
        if (p) {
            QPainterPath path;
            path.addRoundedRect(QRectF(pad, y, w, h), 6, 6);
            p->fillPath(path, QColor(0xE8, 0xA3, 0x1E));
            p->setFont(title);
            p->setPen(QColor(0x2A, 0x1C, 0x05));
            p->drawText(
                QRectF(pad, y, w, h), Qt::AlignCenter, tfm.elidedText(text, Qt::ElideRight, w - 8));
        }
        y += h + 8;
    } else if (s.final && !s.eliminatedName.isEmpty()) {
        const qreal h = tfm.height() + 8;
        if (p) {
            QPainterPath path;
            path.addRoundedRect(QRectF(pad, y, w, h), 6, 6);
            p->fillPath(path, Theme::danger());
            p->setFont(title);
            p->setPen(Qt::white);
            p->drawText(QRectF(pad, y, w, h),
                        Qt::AlignCenter,
                        tfm.elidedText(
                            tr("%1 is eliminated").arg(s.eliminatedName), Qt::ElideRight, w - 8));
        }
        y += h + 8;
    }

    const int scaleMax = qMax(1, s.eligible);
    for (int i = 0; i < m_model->rowCount(); ++i) {
        const QModelIndex idx = m_model->index(i, VoteTallyModel::TargetColumn);
        const bool abstain = idx.data(VoteTallyModel::AbstainRole).toBool();
        const bool leading = idx.data(VoteTallyModel::LeadingRole).toBool();
        const bool tied = idx.data(VoteTallyModel::TiedRole).toBool();
        const bool out = idx.data(VoteTallyModel::EliminatedRole).toBool();
        const int count = idx.data(VoteTallyModel::CountRole).toInt();
        const QColor c = idx.data(VoteTallyModel::ColorRole).value<QColor>();
        const QStringList voters = idx.data(VoteTallyModel::VoterNamesRole).toStringList();
        const QVariantList colors = idx.data(VoteTallyModel::VoterColorsRole).toList();

        // name + count
        if (p) {
            p->setPen(Qt::NoPen);
            p->setBrush(abstain ? muted : c);
            p->drawEllipse(QPointF(pad + 6, y + tfm.height() / 2), 6, 6);
            QFont nf = title;
            nf.setItalic(abstain);
            p->setFont(nf);
            p->setPen(abstain ? muted : pal.color(QPalette::WindowText));
            QString name = idx.data().toString();
            if (out)
                name += QStringLiteral("  ✕");
            p->drawText(QRectF(pad + 18, y, w - 60, tfm.height()),
                        Qt::AlignLeft | Qt::AlignVCenter,
                        tfm.elidedText(name, Qt::ElideRight, w - 70));
            p->setFont(countFont);
            p->setPen(leading ? (tied ? QColor(0xE8, 0xA3, 0x1E) : voteRed)
                              : pal.color(QPalette::WindowText));
            p->drawText(QRectF(pad, y - 2, w, tfm.height() + 4),
                        Qt::AlignRight | Qt::AlignVCenter,
                        QString::number(count));
        }
        y += qMax(tfm.height(), nfm.height() - 4) + 3;
        // bar
        const qreal barH = 10;
        if (p) {
            const QRectF track(pad, y, w, barH);
            QPainterPath tp;
            tp.addRoundedRect(track, barH / 2, barH / 2);
            p->fillPath(
                tp,
                Theme::mix(pal.color(QPalette::Base), pal.color(QPalette::Mid), dark ? 0.6 : 0.45));
            if (count > 0) {
                QPainterPath fp;
                fp.addRoundedRect(
                    QRectF(track.left(), track.top(), track.width() * count / scaleMax, barH),
                    barH / 2,
                    barH / 2);
                p->fillPath(fp,
                            abstain   ? muted
                            : out     ? Theme::danger()
                            : leading ? (tied ? QColor(0xE8, 0xA3, 0x1E) : voteRed)
                                      : c);
            }
            if (!abstain) {
                const qreal mx = track.left() + track.width() * s.majority / scaleMax;
                p->setPen(QPen(pal.color(QPalette::WindowText), 2));
                p->drawLine(QPointF(mx, track.top() - 3), QPointF(mx, track.bottom() + 3));
            }
        }
        y += barH + 5;
        // voter chips, wrapping
        qreal x = pad;
        const qreal chipH = cfm.height() + 2;
        for (int v = 0; v < voters.size(); ++v) {
            const qreal cw = cfm.horizontalAdvance(voters[v]) + 14;
            if (x + cw > pad + w && x > pad) {
                x = pad;
                y += chipH + 4;
            }
            if (p) {
                const QColor vc = v < colors.size() ? colors[v].value<QColor>() : muted;
                const QRectF cr(x, y, cw, chipH);
                p->setPen(Qt::NoPen);
                p->setBrush(vc);
                p->drawRoundedRect(cr, chipH / 2, chipH / 2);
                p->setPen(Qt::white);
                p->setFont(chipFont);
                p->drawText(cr, Qt::AlignCenter, voters[v]);
            }
            x += cw + 4;
        }
        y += chipH + 12;
    }
    if (s.live && !s.pending.isEmpty()) {
        const QString text = tr("Still to vote: %1").arg(UiText::joinList(s.pending));
        const qreal h = sfm.boundingRect(QRectF(0, 0, w, 1e6), Qt::TextWordWrap, text).height();
        if (p) {
            p->setFont(small);
            p->setPen(muted);
            p->drawText(QRectF(pad, y, w, h), Qt::TextWordWrap | Qt::AlignLeft, text);
        }
        y += h + 6;
    }
    return y + pad;
}

} // namespace townhall::ui
