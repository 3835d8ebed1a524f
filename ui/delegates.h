// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

class QAbstractItemView;

namespace townhall::ui {

/// A seat card: colour disc with the seat number, name, role chip (spoilers
/// marked), and what the player is doing (vote, night action, ready).
class PlayerDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlayerDelegate)

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

/// Transcript rows: speech bubbles with the speaker's colour, narrator lines
/// set apart, phase bands, turn markers, spoiler rows in violet.
class TranscriptDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TranscriptDelegate)

public:
    explicit TranscriptDelegate(QAbstractItemView *view);
    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool editorEvent(QEvent *event,
                     QAbstractItemModel *model,
                     const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;

Q_SIGNALS:
    /// The "replying to …" line of a message was clicked.
    void replyActivated(int row);

private:
    struct Layout;
    Layout
    layoutFor(const QStyleOptionViewItem &option, const QModelIndex &index, qreal width) const;
    QAbstractItemView *m_view;
};

/// Key moment cards.
class MomentDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MomentDelegate)

public:
    explicit MomentDelegate(QAbstractItemView *view);
    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    /// Whether a card says it can be clicked ("Day 2 · jump ›"); a window
    /// nobody clicks (a stream's) says only the day.
    void setJumpHint(bool on) { m_jumpHint = on; }
    bool jumpHint() const { return m_jumpHint; }
    /// The day line of a card of day `day`.
    QString dayText(int day) const;

private:
    QAbstractItemView *m_view;
    bool m_jumpHint = true;
};

} // namespace townhall::ui
