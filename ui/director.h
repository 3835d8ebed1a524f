// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace townhall::ui {

/// Which match a broadcast shows when several are running: pure logic, fed
/// with what happens and the time, so it can be tested without a window.
///
/// The rule:
///  - With no match shown, the first match that appears (or does anything) is taken.
///  - A cue (a new key moment, a vote closing, a death, a game ending) in the
///    shown match keeps it. A cue in another match makes that match the
///    candidate; the broadcast switches to it once the shown match has been
///    on for at least the hold time (20 s by default), so viewers are not
///    thrown from town to town. The latest cue wins the candidacy.
///  - Once the shown match has ended, the hold no longer applies: the next
///    cue elsewhere switches at once; without one, tick() moves on to a
///    match still running once the ending has been on for the hold time.
///  - A lock pins one match: nothing switches until unlock().
class Director
{
public:
    enum class Cue { KeyMoment, VoteClosed, Death, GameEnded };

    void setHoldMs(qint64 ms) { m_holdMs = ms; }
    qint64 holdMs() const { return m_holdMs; }

    /// The match shown now (empty before any match appeared).
    QString current() const { return m_current; }
    bool locked() const { return !m_lock.isEmpty(); }
    QString lockedMatch() const { return m_lock; }

    /// Each returns true when current() changed.
    /// `ended`: it had already ended when it appeared (a snapshot's past
    /// match): shown only for want of anything else.
    bool matchAppeared(const QString &matchId, qint64 nowMs, bool ended = false);
    bool matchRemoved(const QString &matchId, qint64 nowMs);
    bool cue(const QString &matchId, Cue cue, qint64 nowMs);
    /// Lets a held-back switch happen once the hold has passed.
    bool tick(qint64 nowMs);
    bool lock(const QString &matchId, qint64 nowMs);
    bool unlock(qint64 nowMs);

private:
    bool switchTo(const QString &matchId, qint64 nowMs);
    bool holdOver(qint64 nowMs) const;

    qint64 m_holdMs = 20'000;
    QString m_current;
    QString m_candidate;
    QString m_lock;
    qint64 m_switchedAt = 0;
    QStringList m_running; ///< appeared and not ended, in order of appearance
    QStringList m_ended;
    QHash<QString, qint64> m_endedAt;
};

} // namespace townhall::ui
