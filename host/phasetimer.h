// SPDX-License-Identifier: MIT
#pragma once

/// \file phasetimer.h
/// The host's one alarm: the next phase deadline of any match or the next
/// turn a seat asked for, whichever comes first. While storage fails, not
/// before the retry time (a due phase change would only fail again).

#include "engine/types.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>

namespace townhall::host {

class PhaseTimer
{
public:
    PhaseTimer(QObject *context, std::function<void()> fire);

    /// When the alarm should ring, if at all.
    static std::optional<engine::TimeMs> nextAlarm(std::optional<engine::TimeMs> deadline,
                                                   std::optional<engine::TimeMs> seatTurn,
                                                   std::optional<engine::TimeMs> notBefore);
    /// Sets the alarm to `at` (nullopt: off), counted from `now`.
    void arm(std::optional<engine::TimeMs> at, engine::TimeMs now);
    bool armed() const { return m_timer.isActive(); }
    /// Milliseconds until it rings (-1: off).
    int remaining() const { return m_timer.isActive() ? m_timer.remainingTime() : -1; }

private:
    QTimer m_timer;
};

} // namespace townhall::host
