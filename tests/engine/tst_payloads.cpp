// SPDX-License-Identifier: MIT
// Typed payloads: every event the engine writes decodes, and a malformed
// stored log is refused with an error value that names the event and the
// field, never with an exception.

#include "engine/narrator.h"
#include "engine/payloads.h"
#include "engine/simulator.h"

#include "table.h"

#include <set>

using namespace townhall::engine;
using namespace townhall::engine::test;

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

/// A finished match whose log holds every event type: breakpoints, a
/// breakpoint stop, a host pause and resume, a skipped phase and the end.
std::vector<Event> everyTypeLog()
{
    Table t(7);
    (void)t.m.setBreakpoints({true, false}, t.now);
    t.readyAll(); // NIGHT begins and stops at its boundary
    (void)t.m.resume(t.now);
    (void)t.m.setBreakpoints({}, t.now);
    (void)t.m.pause(t.now);
    (void)t.m.resume(t.now);
    (void)t.m.skipPhase(t.now);
    for (int i = 0; i < 400 && !t.m.ended(); ++i) {
        if (t.s().phase == Phase::Night) {
            // Refusals (a dead seer, a spent protection) are fine: the script only needs coverage.
            (void)t.wolfChat(t.wolf(0), "quiet tonight"); // before the night completes
            for (const std::string &w : t.ids(Role::Werewolf))
                (void)t.kill(w, t.villager(0));
            (void)t.inspect(t.seer(), t.villager(0));
            (void)t.protect(t.doctor(), t.villager(1));
        } else if (t.s().phase == Phase::DayDiscussion) {
            (void)t.say(t.villager(0), "I suspect someone.");
        } else if (t.s().phase == Phase::DayVote) {
            for (const Player &p : t.s().players)
                if (p.alive && p.role != Role::Werewolf)
                    (void)t.vote(p.playerId, t.wolf(0));
        }
        t.step();
    }
    return t.m.log();
}

/// Runs `f`, failing the test if anything escapes it.
template<typename F>
bool noThrow(F &&f)
{
    try {
        f();
        return true;
    } catch (...) {
        return false;
    }
}

const Event &firstOf(const std::vector<Event> &log, EventType t)
{
    for (const Event &e : log)
        if (e.type == t)
            return e;
    return log.front();
}

std::size_t indexOf(const std::vector<Event> &log, EventType t)
{
    return static_cast<std::size_t>(&firstOf(log, t) - log.data());
}

} // namespace

class TstPayloads : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyWrittenEventDecodes();
    void malformedLogIsAnErrorValue_data();
    void malformedLogIsAnErrorValue();
    void refusedEventLeavesTheMatchAsItWas();
    void readersOfPayloadsDoNotThrow();
};

void TstPayloads::everyWrittenEventDecodes()
{
    // The scripted classic match covers the host controls; bot matches at the
    // witch and hunter tables cover the witch, the hunter, the PK and the
    // wolves' decision, which only a table that plays those roles writes.
    std::vector<std::vector<Event>> logs{everyTypeLog()};
    for (const char *preset : {"seed002-9", "seed002-12"}) {
        MatchConfig cfg;
        cfg.rules = *rulePreset(preset);
        for (std::uint64_t seed = 1; seed <= 12; ++seed)
            logs.push_back(simulateMatch(seed, cfg).match->log());
    }
    std::set<EventType> seen;
    for (const std::vector<Event> &log : logs) {
        for (const Event &e : log) {
            const auto d = decodePayload(e);
            QVERIFY2(d.ok(), d.ok() ? "" : d.error().message.c_str());
            QCOMPARE(d->index(), static_cast<std::size_t>(e.type));
            seen.insert(e.type);
        }
        // And each whole log folds back into the same state.
        auto replayed = Match::fromLog(log);
        QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().message.c_str());
        QCOMPARE(replayed->log().size(), log.size());
    }
    for (int t = 0; t < EventTypeCount; ++t)
        QVERIFY2(seen.count(EventType(t)), toString(EventType(t)).data());
}

void TstPayloads::malformedLogIsAnErrorValue_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QStringList>("messageParts");
    QTest::newRow("missing field")
        << QStringLiteral("missing")
        << QStringList{QStringLiteral("(PHASE_CHANGED)"), QStringLiteral("'dayNumber' is missing")};
    QTest::newRow("wrong type") << QStringLiteral("wrongtype")
                                << QStringList{QStringLiteral("(PLAYER_READY)"),
                                               QStringLiteral("'playerId' must be a string")};
    QTest::newRow("wrong type where a default used to apply")
        << QStringLiteral("wrongbool")
        << QStringList{QStringLiteral("(BREAKPOINTS_SET)"),
                       QStringLiteral("'step' must be a boolean")};
    QTest::newRow("wrong type in the config")
        << QStringLiteral("config")
        << QStringList{QStringLiteral("(MATCH_CREATED)"),
                       QStringLiteral("'speed' must be a number")};
    QTest::newRow("unknown enum name")
        << QStringLiteral("phase")
        << QStringList{QStringLiteral("(PHASE_CHANGED)"), QStringLiteral("unknown value 'BRUNCH'")};
    QTest::newRow("seed that is not a number")
        << QStringLiteral("seed")
        << QStringList{QStringLiteral("(ROLES_ASSIGNED)"), QStringLiteral("'seed'")};
    QTest::newRow("role table without a seated player")
        << QStringLiteral("roles")
        << QStringList{QStringLiteral("(ROLES_ASSIGNED)"), QStringLiteral("no role for p:3")};
    QTest::newRow("integer out of range")
        << QStringLiteral("range")
        << QStringList{QStringLiteral("(TURN_STARTED)"),
                       QStringLiteral("'index' must be an integer in range")};
    QTest::newRow("payload not an object")
        << QStringLiteral("notobject") << QStringList{QStringLiteral("payload is not an object")};
    QTest::newRow("unknown event type")
        << QStringLiteral("type") << QStringList{QStringLiteral("unknown event type 200")};
    QTest::newRow("out-of-order seq")
        << QStringLiteral("order") << QStringList{QStringLiteral("seq 6 where 5 was expected")};
    QTest::newRow("not starting with MATCH_CREATED")
        << QStringLiteral("start")
        << QStringList{QStringLiteral("does not start with MATCH_CREATED")};
    QTest::newRow("event of another match")
        << QStringLiteral("foreign") << QStringList{QStringLiteral("belongs to match match-9")};
}

void TstPayloads::malformedLogIsAnErrorValue()
{
    QFETCH(QString, edit);
    QFETCH(QStringList, messageParts);
    std::vector<Event> log = everyTypeLog();
    std::size_t at = 0;
    if (edit == QLatin1String("missing")) {
        at = indexOf(log, EventType::PhaseChanged);
        log[at].payload.erase("dayNumber");
    } else if (edit == QLatin1String("wrongtype")) {
        at = indexOf(log, EventType::PlayerReady);
        log[at].payload["playerId"] = 7;
    } else if (edit == QLatin1String("wrongbool")) {
        at = indexOf(log, EventType::BreakpointsSet);
        log[at].payload["step"] = "yes";
    } else if (edit == QLatin1String("config")) {
        log[at].payload["config"]["speed"] = "fast";
    } else if (edit == QLatin1String("phase")) {
        at = indexOf(log, EventType::PhaseChanged);
        log[at].payload["to"] = "BRUNCH";
    } else if (edit == QLatin1String("seed")) {
        at = indexOf(log, EventType::RolesAssigned);
        log[at].payload["seed"] = "forty-two"; // std::stoull used to throw here
    } else if (edit == QLatin1String("roles")) {
        at = indexOf(log, EventType::RolesAssigned);
        log[at].payload["roles"].erase("p:3");
    } else if (edit == QLatin1String("range")) {
        at = indexOf(log, EventType::TurnStarted);
        log[at].payload["index"] = std::int64_t(1) << 40;
    } else if (edit == QLatin1String("notobject")) {
        at = indexOf(log, EventType::TurnMissed);
        log[at].payload = json::array();
    } else if (edit == QLatin1String("type")) {
        at = 4;
        log[at].type = static_cast<EventType>(200);
    } else if (edit == QLatin1String("order")) {
        std::swap(log[4], log[5]);
        at = 4;
    } else if (edit == QLatin1String("start")) {
        log.erase(log.begin());
    } else if (edit == QLatin1String("foreign")) {
        at = 6;
        log[at].matchId = "match-9";
        log[at].eventId = makeEventId("match-9", log[at].seq);
    }

    std::optional<Expected<Match>> result;
    QVERIFY(noThrow([&] { result.emplace(Match::fromLog(log)); }));
    QVERIFY(!result->ok());
    const Error &error = result->error();
    QCOMPARE(qs(std::string(toString(error.code))), QStringLiteral("INVALID_ARGUMENT"));
    const QString message = qs(error.message);
    // The message names the event (its id) and what is wrong with it.
    QVERIFY2(message.startsWith(QStringLiteral("event ") + qs(log[at].eventId)),
             qPrintable(message));
    for (const QString &part : messageParts)
        QVERIFY2(message.contains(part), qPrintable(message));

    // replay() reports the same through `why`.
    std::string why;
    QVERIFY(noThrow([&] { QVERIFY(!Match::replay(log, &why)); }));
    QCOMPARE(qs(why), message);
}

void TstPayloads::refusedEventLeavesTheMatchAsItWas()
{
    const std::vector<Event> log = everyTypeLog();
    const std::size_t half = log.size() / 2;
    auto m = Match::fromLog(std::vector<Event>(log.begin(), log.begin() + std::ptrdiff_t(half)));
    QVERIFY(m.ok());
    const std::uint64_t hash = m->stateHash();

    Event bad = log[half];
    bad.type = EventType::TurnStarted;
    bad.payload = json::object(); // no index, no deadlines
    const auto noPayload = m->tryApply(bad);
    QVERIFY(!noPayload.ok());
    Event ahead = log[half + 1];
    const auto skipped = m->tryApply(ahead);
    QVERIFY(!skipped.ok());
    QVERIFY(qs(skipped.error().message).contains(QStringLiteral("was expected")));
    Event created = log.front();
    created.seq = log[half].seq;
    created.eventId = log[half].eventId;
    const auto again = m->tryApply(created);
    QVERIFY(!again.ok());
    QVERIFY(qs(again.error().message).contains(QStringLiteral("a second MATCH_CREATED")));

    QCOMPARE(m->stateHash(), hash);
    QCOMPARE(m->log().size(), half);
    // apply() drops a refused event the same way, without throwing.
    QVERIFY(noThrow([&] { m->apply(bad); }));
    QCOMPARE(m->log().size(), half);

    // The right event still applies, and the rest of the log after it.
    for (std::size_t i = half; i < log.size(); ++i) {
        const auto r = m->tryApply(log[i]);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    }
    QCOMPARE(m->stateHash(), Match::fromLog(log)->stateHash());
}

void TstPayloads::readersOfPayloadsDoNotThrow()
{
    // Events with payload fields of the wrong type, as a foreign log could
    // hold them: the narrator reads its causes' payloads directly.
    Table t(3);
    t.readyAll();
    QVERIFY(t.until(Phase::DayVote));
    const MatchState &s = t.s();
    auto odd = [&](EventType type, json payload) {
        Event e = t.m.log().back();
        e.type = type;
        e.payload = std::move(payload);
        return e;
    };
    const std::vector<Event> causes{
        odd(EventType::VoteResult, {{"tie", "yes"}, {"tally", json::array()}, {"topCount", "2"}}),
        odd(EventType::NightResolved, {{"saved", 1}, {"victimPlayerId", "p:1"}}),
        odd(EventType::NightResult, {{"savedByDoctor", "no"}, {"killedPlayerId", 5}}),
        odd(EventType::PhaseChanged, {{"to", "DAY_OPENING"}, {"order", "p:1"}}),
        odd(EventType::GameEnded, {{"winningTeam", 3}, {"dayNumber", "two"}}),
        odd(EventType::TurnStarted, {{"index", "x"}, {"of", 8}}),
    };
    for (const Event &e : causes)
        QVERIFY2(noThrow([&] { (void)narrate(s, e); }), toString(e.type).data());
    for (const Event &e : causes)
        QVERIFY(noThrow([&] { QVERIFY(!decodePayload(e).ok()); }));
}

QTEST_APPLESS_MAIN(TstPayloads)
#include "tst_payloads.moc"
