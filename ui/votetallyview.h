// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

namespace townhall::ui {

class VoteTallyModel;

/// A bar per target with the voters' chips, the majority mark, abstentions,
/// who is still to vote, and a tie called out. Paints a VoteTallyModel.
class VoteTallyView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VoteTallyView)

public:
    explicit VoteTallyView(QWidget *parent = nullptr);
    ~VoteTallyView() override;

    void setModel(VoteTallyModel *model);
    VoteTallyModel *model() const { return m_model; }

    /// What the view says in words (also its accessible description).
    QString summaryText() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    qreal render(QPainter *p, qreal width) const;
    void modelChanged();

    VoteTallyModel *m_model = nullptr;
};

} // namespace townhall::ui
