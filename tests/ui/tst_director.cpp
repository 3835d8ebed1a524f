// SPDX-License-Identifier: MIT
// The broadcast's director: which match is on screen, step by step. Each row
// is a small script; after every step the current match is checked against
// what the step returned, so a switch is never silent nor invented.

#include "ui/director.h"

#include <QTest>

using townhall::ui::Director;

class TestDirector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void script_data();
    void script();
};

// Steps, separated by ';':
//   a ID MS        the match appeared (running)     e ID MS   appeared already ended
//   c ID KIND MS   a cue (moment, vote, death, end) t MS      tick
//   l ID MS        lock on ID                        u MS      unlock
//   r ID MS        the match was removed             = ID      expect current() == ID ("-" for
//   none)
void TestDirector::script_data()
{
    QTest::addColumn<QString>("steps");
    QTest::newRow("first match is taken, the second waits") << "a A 0; = A; a B 10; = A";
    QTest::newRow("cue in another match is held until the hold is over")
        << "a A 0; a B 0; c B death 5000; = A; t 19999; = A; t 20000; = B";
    QTest::newRow("cue after the hold switches at once") << "a A 0; a B 0; c B vote 25000; = B";
    QTest::newRow("the latest cue wins the candidacy")
        << "a A 0; a B 0; a C 0; c B moment 5000; c C vote 6000; t 20000; = C";
    QTest::newRow("a cue in the shown match keeps it")
        << "a A 0; a B 0; c A death 30000; = A; t 60000; = A";
    QTest::newRow("hold restarts with each switch")
        << "a A 0; a B 0; c B vote 30000; = B; c A death 40000; = B; t 49999; = B; t 50000; = A";
    QTest::newRow("the shown match ended: next cue switches at once")
        << "a A 0; a B 0; c A end 1000; = A; c B moment 2000; = B";
    QTest::newRow("the shown match ended: tick moves on after the hold")
        << "a A 0; a B 0; c A end 30000; = A; t 49999; = A; t 50000; = B";
    QTest::newRow("an ended match is left for nothing when nothing runs")
        << "a A 0; c A end 1000; t 90000; = A";
    QTest::newRow("a lock holds against cues and ticks")
        << "a A 0; a B 0; l B 1; = B; c A end 100000; = B; t 200000; = B";
    QTest::newRow("unlock lets cues switch again")
        << "a A 0; a B 0; l B 1; c A death 5000; u 30000; = B; c A vote 30001; = A";
    QTest::newRow("a match already over when it appeared is left at the first tick")
        << "e A 0; = A; a B 0; t 1; = B";
    QTest::newRow("removing the shown match falls back to the candidate")
        << "a A 0; a B 0; a C 0; c C death 1000; r A 2000; = C";
    QTest::newRow("removing the shown match falls back to a running one")
        << "a A 0; a B 0; r A 2000; = B";
    QTest::newRow("removing the last match leaves nothing") << "a A 0; r A 2000; = -";
    QTest::newRow("removing the locked match unlocks")
        << "a A 0; a B 0; l A 0; r A 10; = B; a C 20; c C death 50000; = C";
}

void TestDirector::script()
{
    QFETCH(QString, steps);
    Director d;
    d.setHoldMs(20'000);
    const auto cueOf = [](const QString &k) {
        if (k == u"moment")
            return Director::Cue::KeyMoment;
        if (k == u"vote")
            return Director::Cue::VoteClosed;
        if (k == u"death")
            return Director::Cue::Death;
        return Director::Cue::GameEnded;
    };
    for (const QString &raw : steps.split(QLatin1Char(';'))) {
        const QStringList w = raw.trimmed().split(QLatin1Char(' '));
        const QString op = w.value(0);
        const QString before = d.current();
        bool changed = false;
        if (op == u"=") {
            const QString want = w.value(1) == u"-" ? QString() : w.value(1);
            QVERIFY2(d.current() == want,
                     qPrintable(QStringLiteral("at '%1': current is '%2'").arg(raw, d.current())));
            continue;
        }
        if (op == u"a")
            changed = d.matchAppeared(w[1], w[2].toLongLong());
        else if (op == u"e")
            changed = d.matchAppeared(w[1], w[2].toLongLong(), true);
        else if (op == u"c")
            changed = d.cue(w[1], cueOf(w[2]), w[3].toLongLong());
        else if (op == u"t")
            changed = d.tick(w[1].toLongLong());
        else if (op == u"l")
            changed = d.lock(w[1], w[2].toLongLong());
        else if (op == u"u")
            changed = d.unlock(w[1].toLongLong());
        else if (op == u"r")
            changed = d.matchRemoved(w[1], w[2].toLongLong());
        else
            QFAIL(qPrintable(QStringLiteral("bad step '%1'").arg(raw)));
        QVERIFY2(changed == (before != d.current()),
                 qPrintable(QStringLiteral("at '%1': returned %2 but current went '%3' → '%4'")
                                .arg(raw)
                                .arg(changed)
                                .arg(before, d.current())));
    }
}

QTEST_GUILESS_MAIN(TestDirector)
#include "tst_director.moc"
