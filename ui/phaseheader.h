// SPDX-License-Identifier: MIT
#pragma once

#include "ui/spectatorcontroller.h"

#include "engine/match.h"

#include <QTimer>
#include <QWidget>

#include <optional>

namespace townhall::ui {

/// The big line at the top of the spectator panel: which match, which day and
/// phase, and how long the phase has left, on a night-blue or day-warm band.
class PhaseHeader final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PhaseHeader)

public:
    explicit PhaseHeader(QWidget *parent = nullptr);
    ~PhaseHeader() override;

    void setClock(Clock clock) { m_clock = std::move(clock); }
    /// Copies what it shows from `match` (nullptr: nothing selected).
    /// `frozenAt` is set in replay: the countdown stops at that moment.
    void syncWithMatch(const engine::Match *match, std::optional<qint64> frozenAt, bool omniscient);

    QString titleText() const;
    QString phaseText() const;
    QString countdownText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    qint64 now() const;
    void refreshAccessible();

    Clock m_clock;
    QTimer m_tick;
    bool m_has = false;
    int m_number = 0;
    engine::Phase m_phase = engine::Phase::Lobby;
    int m_day = 0;
    int m_night = 0;
    qint64 m_startedAt = 0;
    qint64 m_endsAt = 0;
    bool m_paused = false;
    qint64 m_pausedRemaining = 0;
    std::optional<engine::Team> m_winner;
    std::optional<qint64> m_frozenAt;
    bool m_omniscient = false;
    int m_alive = 0;
    int m_seats = 0;
    QString m_turnName;
};

} // namespace townhall::ui
