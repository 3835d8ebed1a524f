// SPDX-License-Identifier: MIT
#include "ui/delegates.h"

#include "ui/keymomentsmodel.h"
#include "ui/playersmodel.h"
#include "ui/theme.h"
#include "ui/transcriptmodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace townhall::ui {

namespace {

using Kind = TranscriptModel::EntryKind;

QFont scaled(const QFont &base, qreal factor, bool bold = false)
{
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * factor);
    f.setBold(bold);
    return f;
}

/// A name colour that reads on the view's base colour.
QColor readable(const QColor &c, const QPalette &pal)
{
    return Theme::isDark(pal) ? c.lighter(125) : c.darker(135);
}

qreal textHeight(const QFont &font, qreal width, const QString &text)
{
    const QFontMetricsF fm(font);
    return fm.boundingRect(QRectF(0, 0, qMax<qreal>(20, width), 1e6), Qt::TextWordWrap, text)
        .height();
}

/// A small rounded chip; returns its width.
qreal drawChip(QPainter *p,
               const QPointF &topLeft,
               const QString &text,
               const QFont &font,
               const QColor &bg,
               const QColor &fg)
{
    const QFontMetricsF fm(font);
    const QRectF r(topLeft, QSizeF(fm.horizontalAdvance(text) + 12, fm.height() + 2));
    p->setPen(Qt::NoPen);
    p->setBrush(bg);
    p->drawRoundedRect(r, r.height() / 2, r.height() / 2);
    p->setPen(fg);
    p->setFont(font);
    p->drawText(r, Qt::AlignCenter, text);
    return r.width();
}

qreal viewWidth(const QAbstractItemView *view, const QStyleOptionViewItem &option)
{
    if (view && view->viewport())
        return view->viewport()->width();
    return option.rect.width();
}

} // namespace

// ---------------------------------------------------------------- players

QSize PlayerDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    const QFontMetricsF fm(option.font);
    return QSize(200, int(fm.height() * 2.9 + 10));
}

void PlayerDelegate::paint(QPainter *p,
                           const QStyleOptionViewItem &option,
                           const QModelIndex &index) const
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = option.palette;
    const QRectF r = QRectF(option.rect).adjusted(4, 3, -4, -3);
    const bool alive = index.data(PlayersModel::AliveRole).toBool();
    const bool spoiler = index.data(PlayersModel::SpoilerRole).toBool();
    const bool selected = option.state & QStyle::State_Selected;
    const QColor seat = index.data(PlayersModel::ColorRole).value<QColor>();

    QColor card = pal.color(QPalette::Base);
    if (!alive)
        card = Theme::mix(card, pal.color(QPalette::Window), 0.6);
    p->setPen(selected ? QPen(pal.color(QPalette::Highlight), 2)
              : (option.state & QStyle::State_HasFocus)
                  ? QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine)
                  : QPen(pal.color(QPalette::Mid), 1));
    p->setBrush(card);
    p->drawRoundedRect(r, 8, 8);

    // seat disc
    const qreal d = r.height() - 16;
    const QRectF disc(r.left() + 8, r.top() + 8, d, d);
    p->setPen(Qt::NoPen);
    p->setBrush(alive ? seat : Theme::mix(seat, pal.color(QPalette::Window), 0.65));
    p->drawEllipse(disc);
    p->setPen(Qt::white);
    p->setFont(scaled(option.font, 1.15, true));
    p->drawText(disc, Qt::AlignCenter, index.data(PlayersModel::SeatRole).toString());

    const qreal x = disc.right() + 10;
    const qreal w = r.right() - x - 8;
    QFont nameFont = scaled(option.font, 1.12, true);
    nameFont.setStrikeOut(!alive);
    const QFontMetricsF nfm(nameFont);
    const QString name = index.sibling(index.row(), PlayersModel::NameColumn).data().toString();
    p->setFont(nameFont);
    p->setPen(alive ? pal.color(QPalette::Text) : pal.color(QPalette::Disabled, QPalette::Text));
    const QRectF nameRect(x, r.top() + 6, w, nfm.height());
    p->drawText(
        nameRect, Qt::AlignLeft | Qt::AlignVCenter, nfm.elidedText(name, Qt::ElideRight, w * 0.6));

    // right side: status word
    QFont small = scaled(option.font, 0.85, true);
    const QFontMetricsF sfm(small);
    QString status;
    QColor statusColor = pal.color(QPalette::PlaceholderText);
    if (!alive) {
        status = PlayersModel::tr("DEAD");
        statusColor = Theme::danger();
    } else if (index.data(PlayersModel::ReadyRole).toBool()) {
        status = PlayersModel::tr("READY");
        statusColor = QColor(0x2E, 0x9A, 0x5A);
    } else if (index.data(PlayersModel::PersonRole).toBool()) {
        status = PlayersModel::tr("PERSON");
        statusColor = pal.color(QPalette::Link);
    }
    if (!status.isEmpty()) {
        p->setFont(small);
        p->setPen(statusColor);
        p->drawText(nameRect, Qt::AlignRight | Qt::AlignVCenter, status);
    }

    // second line: role chip, then the vote or the night action
    qreal cx = x;
    const qreal cy = nameRect.bottom() + 4;
    const QString roleName = index.data(PlayersModel::RoleNameRole).toString();
    if (!roleName.isEmpty()) {
        const auto role = engine::Role(index.data(PlayersModel::EngineRoleRole).toInt());
        const QColor rc = Theme::roleColor(role);
        const QString chip
            = spoiler ? QStringLiteral("◉ ") % roleName.toUpper() : roleName.toUpper();
        cx += drawChip(p, QPointF(cx, cy), chip, small, spoiler ? Theme::spoiler() : rc, Qt::white)
              + 6;
    } else {
        cx += drawChip(p,
                       QPointF(cx, cy),
                       PlayersModel::tr("ROLE HIDDEN"),
                       small,
                       Theme::mix(pal.color(QPalette::Mid), pal.color(QPalette::Base), 0.3),
                       pal.color(QPalette::Text))
              + 6;
    }
    const QString night = index.data(PlayersModel::NightActionRole).toString();
    const QString vote = index.data(PlayersModel::VoteTargetRole).toString();
    QString extra;
    QColor extraColor = pal.color(QPalette::Text);
    if (!night.isEmpty()) {
        extra = night;
        extraColor = Theme::isDark(pal) ? Theme::spoiler().lighter(150) : Theme::spoiler();
    } else if (!vote.isEmpty()) {
        extra = QStringLiteral("→ ") % vote;
    }
    // The hunter's shot (public) and the witch's potions (omniscient
    // only; the model leaves them empty elsewhere) follow on the same line.
    const QString shot = index.data(PlayersModel::ShotRole).toString();
    if (!shot.isEmpty())
        extra = (extra.isEmpty() ? QString() : extra + QStringLiteral(" · ")) + shot;
    const QString potions = index.data(PlayersModel::PotionsRole).toString();
    if (!potions.isEmpty()) {
        extra = (extra.isEmpty() ? QString() : extra + QStringLiteral(" · "))
                + PlayersModel::tr("potions: %1").arg(potions);
        if (night.isEmpty())
            extraColor = Theme::isDark(pal) ? Theme::spoiler().lighter(150) : Theme::spoiler();
    }
    if (!extra.isEmpty()) {
        QFont ef = scaled(option.font, 0.92);
        const QFontMetricsF efm(ef);
        p->setFont(ef);
        p->setPen(extraColor);
        p->drawText(QRectF(cx, cy, r.right() - cx - 6, sfm.height() + 2),
                    Qt::AlignLeft | Qt::AlignVCenter,
                    efm.elidedText(extra, Qt::ElideRight, r.right() - cx - 6));
    }
    p->restore();
}

// ---------------------------------------------------------------- transcript

struct TranscriptDelegate::Layout
{
    QFont textFont;
    QFont nameFont;
    QFont smallFont;
    QRectF header;
    QRectF reply;
    QRectF text;
    qreal height = 0;
};

TranscriptDelegate::TranscriptDelegate(QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{}

TranscriptDelegate::Layout TranscriptDelegate::layoutFor(const QStyleOptionViewItem &option,
                                                         const QModelIndex &index,
                                                         qreal width) const
{
    Layout l;
    const auto kind = Kind(index.data(TranscriptModel::KindRole).toInt());
    l.textFont = scaled(option.font, 1.0);
    l.nameFont = scaled(option.font, 1.0, true);
    l.smallFont = scaled(option.font, 0.78, true);
    const QString text = index.data(TranscriptModel::TextRole).toString();
    const qreal padX = 14;
    const qreal innerW = width - padX * 2 - 6;
    switch (kind) {
    case Kind::PhaseSeparator:
        l.textFont = scaled(option.font, 0.95, true);
        l.height = QFontMetricsF(l.textFont).height() + 22;
        return l;
    case Kind::TurnMarker:
    case Kind::System:
        l.textFont = scaled(option.font, 0.88);
        l.text = QRectF(padX + 20, 4, innerW - 20, textHeight(l.textFont, innerW - 20, text));
        l.height = l.text.height() + 8;
        return l;
    case Kind::Narrator: {
        l.textFont = scaled(option.font, 1.0);
        l.textFont.setItalic(true);
        const qreal hh = QFontMetricsF(l.smallFont).height() + 2;
        l.header = QRectF(padX + 6, 8, innerW, hh);
        l.text = QRectF(
            padX + 6, l.header.bottom() + 3, innerW - 6, textHeight(l.textFont, innerW - 6, text));
        l.height = l.text.bottom() + 10;
        return l;
    }
    default: {
        // Measured in the font it is painted in: a bold outcome wraps sooner
        // (a line was cut off in narrow columns).
        l.textFont.setBold((kind == Kind::Outcome || kind == Kind::StandIn)
                           && index.data(TranscriptModel::EmphasisRole).toBool());
        const qreal hh = QFontMetricsF(l.nameFont).height();
        l.header = QRectF(padX + 6, 7, innerW, hh);
        qreal y = l.header.bottom() + 2;
        const QString snippet = index.data(TranscriptModel::ReplySnippetRole).toString();
        if (!snippet.isEmpty()) {
            l.reply = QRectF(
                padX + 6, y, innerW, QFontMetricsF(scaled(option.font, 0.85)).height() + 2);
            y = l.reply.bottom() + 2;
        }
        l.text = QRectF(padX + 6, y, innerW - 6, textHeight(l.textFont, innerW - 6, text));
        l.height = l.text.bottom() + 9;
        return l;
    }
    }
}

QSize TranscriptDelegate::sizeHint(const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    const qreal w = viewWidth(m_view, option);
    return QSize(int(w), int(std::ceil(layoutFor(option, index, w).height)) + 4);
}

void TranscriptDelegate::paint(QPainter *p,
                               const QStyleOptionViewItem &option,
                               const QModelIndex &index) const
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = option.palette;
    const QRectF row = QRectF(option.rect).adjusted(4, 2, -4, -2);
    const Layout l = layoutFor(option, index, option.rect.width());
    const auto kind = Kind(index.data(TranscriptModel::KindRole).toInt());
    const QString text = index.data(TranscriptModel::TextRole).toString();
    const QString tag = index.data(TranscriptModel::TagRole).toString();
    const bool spoiler = index.data(TranscriptModel::SpoilerRole).toBool();
    const QColor color = index.data(TranscriptModel::ColorRole).value<QColor>();
    const bool selected = option.state & QStyle::State_Selected;
    const QPointF o = row.topLeft() - QPointF(0, 0);
    auto at = [&o](const QRectF &r) {
        return r.translated(o);
    };
    const bool dark = Theme::isDark(pal);
    const QColor muted = pal.color(QPalette::PlaceholderText);

    auto background = [&](const QColor &bg, const QColor &bar) {
        QPainterPath path;
        path.addRoundedRect(row, 7, 7);
        p->fillPath(path, bg);
        if (bar.isValid()) {
            p->save();
            p->setClipPath(path);
            p->fillRect(QRectF(row.left(), row.top(), 5, row.height()), bar);
            p->restore();
        }
        if (selected) {
            p->setPen(QPen(pal.color(QPalette::Highlight), 2));
            p->setBrush(Qt::NoBrush);
            p->drawPath(path);
        }
    };

    switch (kind) {
    case Kind::PhaseSeparator: {
        const QRectF band = row.adjusted(0, 5, 0, -3);
        QPainterPath path;
        path.addRoundedRect(band, band.height() / 2, band.height() / 2);
        p->fillPath(path, color);
        if (selected) {
            p->setPen(QPen(pal.color(QPalette::Highlight), 2));
            p->drawPath(path);
        }
        p->setFont(l.textFont);
        p->setPen(Qt::white);
        p->drawText(band, Qt::AlignCenter, text.toUpper());
        break;
    }
    case Kind::TurnMarker:
    case Kind::System: {
        if (selected)
            background(Theme::mix(pal.color(QPalette::Base), pal.color(QPalette::Highlight), 0.15),
                       {});
        if (kind == Kind::TurnMarker && color.isValid()) {
            p->setPen(Qt::NoPen);
            p->setBrush(color);
            p->drawEllipse(QPointF(o.x() + 24, o.y() + l.text.center().y()), 5, 5);
        }
        QFont f = l.textFont;
        f.setItalic(kind == Kind::System);
        f.setBold(kind == Kind::TurnMarker);
        p->setFont(f);
        p->setPen(muted);
        p->drawText(at(l.text), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter, text);
        break;
    }
    case Kind::Narrator: {
        const QColor nc = Theme::narrator(pal);
        background(spoiler ? Theme::mix(pal.color(QPalette::Base), Theme::spoiler(), 0.16)
                           : Theme::mix(pal.color(QPalette::Base), nc, dark ? 0.14 : 0.1),
                   spoiler ? Theme::spoiler() : nc);
        qreal x = at(l.header).left();
        x += drawChip(p,
                      QPointF(x, at(l.header).top()),
                      tag,
                      l.smallFont,
                      nc,
                      dark ? QColor(0x1B, 0x1E, 0x26) : Qt::white)
             + 6;
        if (spoiler)
            drawChip(p,
                     QPointF(x, at(l.header).top()),
                     TranscriptModel::tr("SPOILER"),
                     l.smallFont,
                     Theme::spoiler(),
                     Qt::white);
        p->setFont(l.textFont);
        p->setPen(dark ? nc.lighter(110) : nc.darker(115));
        p->drawText(at(l.text), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
        break;
    }
    default: {
        QColor bar = color;
        QColor bg = pal.color(QPalette::Base);
        if (spoiler) {
            bg = Theme::mix(bg, Theme::spoiler(), dark ? 0.2 : 0.12);
            bar = Theme::spoiler();
        } else if (kind == Kind::Outcome) {
            bg = Theme::mix(bg, Theme::danger(), 0.1);
            bar = Theme::danger();
        } else if (kind == Kind::Vote) {
            bg = Theme::mix(bg, Theme::phaseColor(engine::Phase::DayVote), 0.07);
        }
        // A model's thought or a stand-in is the host's secret, like a spoiler,
        // but with a colour of its own: it is not a thing that happened in the game.
        if (kind == Kind::Thought) {
            bg = Theme::mix(pal.color(QPalette::Base), Theme::thought(), dark ? 0.2 : 0.1);
            bar = Theme::thought();
        } else if (kind == Kind::StandIn) {
            bg = Theme::mix(pal.color(QPalette::Base), Theme::warning(pal), dark ? 0.2 : 0.1);
            bar = Theme::warning(pal);
        }
        background(bg, bar.isValid() ? bar : pal.color(QPalette::Mid));
        qreal x = at(l.header).left();
        const QString name = index.data(TranscriptModel::SpeakerNameRole).toString();
        if (!name.isEmpty()
            && (kind == Kind::Speech || kind == Kind::WolfChat || kind == Kind::Thought
                || kind == Kind::StandIn)) {
            p->setFont(l.nameFont);
            p->setPen(color.isValid() ? readable(color, pal) : pal.color(QPalette::Text));
            p->drawText(at(l.header), Qt::AlignLeft | Qt::AlignVCenter, name);
            x += QFontMetricsF(l.nameFont).horizontalAdvance(name) + 8;
        }
        const qreal chipY
            = at(l.header).center().y() - (QFontMetricsF(l.smallFont).height() + 2) / 2;
        if (!tag.isEmpty()) {
            const QColor tagBg
                = kind == Kind::Thought   ? Theme::thought()
                  : kind == Kind::StandIn ? Theme::warning(pal)
                  : spoiler               ? Theme::spoiler()
                  : kind == Kind::Vote
                      ? Theme::phaseColor(engine::Phase::DayVote)
                      : Theme::mix(pal.color(QPalette::Mid), pal.color(QPalette::Text), 0.2);
            x += drawChip(p, QPointF(x, chipY), tag, l.smallFont, tagBg, Qt::white) + 6;
        }
        if (kind == Kind::Thought || kind == Kind::StandIn)
            ; // its tag says what it is
        else if (spoiler && kind != Kind::Secret && kind != Kind::WolfChat)
            drawChip(p,
                     QPointF(x, chipY),
                     TranscriptModel::tr("SPOILER"),
                     l.smallFont,
                     Theme::spoiler(),
                     Qt::white);
        else if (spoiler)
            drawChip(p,
                     QPointF(x, chipY),
                     TranscriptModel::tr("SPOILER"),
                     l.smallFont,
                     Theme::mix(Theme::spoiler(), Qt::black, 0.25),
                     Qt::white);
        if (kind == Kind::Outcome) {
            QFont f = l.smallFont;
            p->setFont(f);
            p->setPen(Theme::danger());
            p->drawText(at(l.header),
                        Qt::AlignLeft | Qt::AlignVCenter,
                        index.data(TranscriptModel::EmphasisRole).toBool()
                            ? TranscriptModel::tr("BREAKING")
                            : TranscriptModel::tr("RESULT"));
        }
        // time, right-aligned
        QFont tf = scaled(option.font, 0.8);
        p->setFont(tf);
        p->setPen(muted);
        p->drawText(at(l.header),
                    Qt::AlignRight | Qt::AlignVCenter,
                    index.sibling(index.row(), TranscriptModel::TimeColumn).data().toString());
        if (!l.reply.isNull()) {
            QFont rf = scaled(option.font, 0.85);
            rf.setItalic(true);
            rf.setUnderline(true);
            p->setFont(rf);
            p->setPen(pal.color(QPalette::Link));
            p->drawText(
                at(l.reply),
                Qt::AlignLeft | Qt::AlignVCenter,
                QFontMetricsF(rf).elidedText(
                    QStringLiteral("↪ ") % index.data(TranscriptModel::ReplySnippetRole).toString(),
                    Qt::ElideRight,
                    l.reply.width()));
        }
        QFont f = l.textFont;
        f.setBold((kind == Kind::Outcome || kind == Kind::StandIn)
                  && index.data(TranscriptModel::EmphasisRole).toBool());
        f.setItalic(kind == Kind::Thought);
        p->setFont(f);
        p->setPen(pal.color(QPalette::Text));
        p->drawText(at(l.text), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
        break;
    }
    }
    p->restore();
}

bool TranscriptDelegate::editorEvent(QEvent *event,
                                     QAbstractItemModel *model,
                                     const QStyleOptionViewItem &option,
                                     const QModelIndex &index)
{
    if (event->type() == QEvent::MouseButtonRelease) {
        const int target = index.data(TranscriptModel::ReplyToRowRole).toInt();
        if (target >= 0) {
            const Layout l = layoutFor(option, index, option.rect.width());
            const QRectF reply
                = l.reply.translated(QRectF(option.rect).adjusted(4, 2, -4, -2).topLeft());
            if (reply.contains(static_cast<QMouseEvent *>(event)->position())) {
                Q_EMIT replyActivated(target);
                return true;
            }
        }
    }
    return QStyledItemDelegate::editorEvent(event, model, option, index);
}

// ---------------------------------------------------------------- key moments

MomentDelegate::MomentDelegate(QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{}

QString MomentDelegate::dayText(int day) const
{
    return m_jumpHint ? KeyMomentsModel::tr("Day %1 · jump ›").arg(day)
                      : KeyMomentsModel::tr("Day %1").arg(day);
}

QSize MomentDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const qreal w = viewWidth(m_view, option) - 32;
    const QFontMetricsF small(scaled(option.font, 0.78, true));
    const qreal h = 10 + small.height() + 6
                    + textHeight(scaled(option.font, 0.95),
                                 w,
                                 index.data(KeyMomentsModel::TextRole).toString())
                    + 12;
    return QSize(int(w), int(std::ceil(h)) + 6);
}

void MomentDelegate::paint(QPainter *p,
                           const QStyleOptionViewItem &option,
                           const QModelIndex &index) const
{
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = option.palette;
    const QRectF r = QRectF(option.rect).adjusted(4, 3, -4, -3);
    const QColor kc = index.data(KeyMomentsModel::ColorRole).value<QColor>();
    const bool omni = index.data(KeyMomentsModel::OmniscientRole).toBool();
    const bool selected = option.state & QStyle::State_Selected;
    const bool hover = option.state & QStyle::State_MouseOver;
    QPainterPath path;
    path.addRoundedRect(r, 8, 8);
    p->fillPath(path, Theme::mix(pal.color(QPalette::Base), kc, hover ? 0.16 : 0.08));
    p->save();
    p->setClipPath(path);
    p->fillRect(QRectF(r.left(), r.top(), 5, r.height()), kc);
    p->restore();
    if (selected || (option.state & QStyle::State_HasFocus)) {
        p->setPen(QPen(pal.color(QPalette::Highlight), selected ? 2 : 1));
        p->drawPath(path);
    }
    const QFont small = scaled(option.font, 0.78, true);
    qreal x = r.left() + 14;
    const qreal y = r.top() + 9;
    x += drawChip(p,
                  QPointF(x, y),
                  index.data(KeyMomentsModel::KindNameRole).toString().toUpper(),
                  small,
                  kc,
                  Qt::white)
         + 6;
    if (omni)
        x += drawChip(p,
                      QPointF(x, y),
                      KeyMomentsModel::tr("SPOILER"),
                      small,
                      Theme::spoiler(),
                      Qt::white)
             + 6;
    const QFont dayFont = scaled(option.font, 0.82);
    const QFontMetricsF dfm(dayFont);
    const QFontMetricsF sfm(small);
    const int day = index.data(KeyMomentsModel::DayRole).toInt();
    QString dayText = this->dayText(day);
    if (x + dfm.horizontalAdvance(dayText) > r.right() - 12)
        dayText = KeyMomentsModel::tr("D%1").arg(day);
    if (x + dfm.horizontalAdvance(dayText) <= r.right() - 12) {
        p->setFont(dayFont);
        p->setPen(pal.color(QPalette::PlaceholderText));
        p->drawText(QRectF(r.left(), y, r.width() - 12, sfm.height() + 2),
                    Qt::AlignRight | Qt::AlignVCenter,
                    dayText);
    }
    p->setFont(scaled(option.font, 0.95));
    p->setPen(pal.color(QPalette::Text));
    p->drawText(
        QRectF(
            r.left() + 14, y + sfm.height() + 7, r.width() - 26, r.bottom() - y - sfm.height() - 8),
        Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
        index.data(KeyMomentsModel::TextRole).toString());
    p->restore();
}

} // namespace townhall::ui
