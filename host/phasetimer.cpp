// SPDX-License-Identifier: MIT
#include "host/phasetimer.h"

#include <algorithm>

namespace townhall::host {

PhaseTimer::PhaseTimer(QObject *context, std::function<void()> fire)
{
    m_timer.setSingleShot(true);
    QObject::connect(&m_timer, &QTimer::timeout, context, std::move(fire));
}

std::optional<engine::TimeMs> PhaseTimer::nextAlarm(std::optional<engine::TimeMs> deadline,
                                                    std::optional<engine::TimeMs> seatTurn,
                                                    std::optional<engine::TimeMs> notBefore)
{
    std::optional<engine::TimeMs> next = deadline;
    if (seatTurn && (!next || *seatTurn < *next))
        next = seatTurn;
    if (next && notBefore)
        next = std::max(*next, *notBefore);
    return next;
}

void PhaseTimer::arm(std::optional<engine::TimeMs> at, engine::TimeMs now)
{
    if (!at) {
        m_timer.stop();
        return;
    }
    // A timer longer than a day is re-armed when it rings (QTimer takes an int).
    const engine::TimeMs wait = std::max<engine::TimeMs>(0, *at - now);
    m_timer.start(static_cast<int>(std::min<engine::TimeMs>(wait, 24LL * 3600 * 1000)));
}

} // namespace townhall::host
