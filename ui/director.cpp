// SPDX-License-Identifier: MIT
#include "ui/director.h"

namespace townhall::ui {

bool Director::switchTo(const QString &matchId, qint64 nowMs)
{
    if (matchId == m_current)
        return false;
    m_current = matchId;
    m_switchedAt = nowMs;
    if (m_candidate == matchId)
        m_candidate.clear();
    return true;
}

bool Director::holdOver(qint64 nowMs) const
{
    return m_current.isEmpty() || m_ended.contains(m_current) || nowMs - m_switchedAt >= m_holdMs;
}

bool Director::matchAppeared(const QString &matchId, qint64 nowMs, bool ended)
{
    if (ended) {
        m_running.removeAll(matchId);
        if (!m_ended.contains(matchId))
            m_ended.append(matchId);
        // Its ending is old news: it may be left at once.
        m_endedAt.insert(matchId, nowMs - m_holdMs);
    } else if (!m_running.contains(matchId) && !m_ended.contains(matchId)) {
        m_running.append(matchId);
    }
    if (m_current.isEmpty() && !locked())
        return switchTo(matchId, nowMs);
    return false;
}

bool Director::matchRemoved(const QString &matchId, qint64 nowMs)
{
    m_running.removeAll(matchId);
    m_ended.removeAll(matchId);
    m_endedAt.remove(matchId);
    if (m_candidate == matchId)
        m_candidate.clear();
    if (m_lock == matchId)
        m_lock.clear();
    if (m_current != matchId)
        return false;
    m_current.clear();
    // Anything is better than an empty screen: the candidate, else the
    // newest running match, else the newest ended one.
    QString next = m_candidate;
    if (next.isEmpty() && !m_running.isEmpty())
        next = m_running.constLast();
    if (next.isEmpty() && !m_ended.isEmpty())
        next = m_ended.constLast();
    if (!next.isEmpty())
        switchTo(next, nowMs);
    return true;
}

bool Director::cue(const QString &matchId, Cue c, qint64 nowMs)
{
    if (!m_running.contains(matchId) && !m_ended.contains(matchId))
        m_running.append(matchId);
    if (c == Cue::GameEnded) {
        m_running.removeAll(matchId);
        if (!m_ended.contains(matchId))
            m_ended.append(matchId);
        m_endedAt.insert(matchId, nowMs);
    }
    if (locked())
        return false;
    if (matchId == m_current)
        return false;
    if (holdOver(nowMs))
        return switchTo(matchId, nowMs);
    m_candidate = matchId;
    return false;
}

bool Director::tick(qint64 nowMs)
{
    if (locked() || !holdOver(nowMs))
        return false;
    if (!m_candidate.isEmpty())
        return switchTo(m_candidate, nowMs);
    // The shown match ended and nothing else called for attention: move on
    // to one still running, if any (the newest, likely the busiest).
    if (m_ended.contains(m_current) && !m_running.isEmpty()
        && nowMs - m_endedAt.value(m_current) >= m_holdMs)
        return switchTo(m_running.constLast(), nowMs);
    return false;
}

bool Director::lock(const QString &matchId, qint64 nowMs)
{
    m_lock = matchId;
    m_candidate.clear();
    return switchTo(matchId, nowMs);
}

bool Director::unlock(qint64 nowMs)
{
    m_lock.clear();
    return tick(nowMs);
}

} // namespace townhall::ui
