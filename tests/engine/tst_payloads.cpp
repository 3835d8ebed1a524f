// SPDX-License-Identifier: MIT
// Typed payloads: every event the engine writes decodes, and a malformed
// stored log is refused with an error value that names the event and the
// field, never with an exception. Every payload round-trips through its
// struct, and the engine writes, from the structs, exactly the events it
// wrote before they existed (payloads-written.json, taken from seeded
// matches by the engine that wrote payloads key by key).

#include "engine/narrator.h"
#include "engine/payloads.h"
#include "engine/rng.h"
#include "engine/simulator.h"

#include "table.h"

#include <QFile>

#include <cstdio>
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

/// The optional fields a bot match seldom writes: speed changes, a skipped
/// opening, a step, a reply, votes with reasons, changed and withdrawn, a
/// stop before the vote's resolution.
std::vector<Event> optionalFieldsLog()
{
    Table t(11);
    t.readyAll();
    (void)t.m.setSpeed(2.0, t.now);
    (void)t.m.step(t.now); // stops at the next boundary
    for (const std::string &w : t.ids(Role::Werewolf))
        (void)t.kill(w, t.villager(1));
    (void)t.inspect(t.seer(), t.wolf(0));
    (void)t.protect(t.doctor(), t.doctor());
    (void)t.m.resume(t.now, "step");
    if (!t.until(Phase::DayOpening))
        return t.m.log();
    (void)t.m.setSpeed(0.5, t.now); // rescales the turn too
    (void)t.m.skipPhase(t.now);     // the openings' remaining turns
    const std::string speaker = t.villager(0);
    (void)t.say(speaker, "Who was out last night?");
    const std::string asked = t.m.log().back().eventId;
    t.now += 5'000;
    Command reply = Table::cmd(Command::Kind::Say, t.seer());
    reply.text = "I was home.";
    reply.replyToEventId = asked;
    (void)t.run(reply);
    t.now += 5'000;
    Command foreign = Table::cmd(Command::Kind::Say, t.doctor());
    foreign.text = "Me too.";
    foreign.replyToEventId = "match-9:00000001"; // dropped: not this match's
    (void)t.run(foreign);
    (void)t.m.setBreakpoints({false, true}, t.now);
    if (!t.until(Phase::DayVote))
        return t.m.log();
    Command reasoned = Table::cmd(Command::Kind::Vote, t.villager(0), t.wolf(0));
    reasoned.reason = "the seer said so";
    (void)t.run(reasoned);
    (void)t.vote(t.seer(), std::nullopt);    // abstains
    (void)t.vote(t.seer(), t.wolf(0));       // then votes: previous null
    (void)t.vote(t.doctor(), t.villager(0)); // votes
    (void)t.vote(t.doctor(), std::nullopt);  // then withdraws
    t.step();                                // the deadline: stops before the resolution
    (void)t.m.resume(t.now);
    for (int i = 0; i < 400 && !t.m.ended(); ++i)
        t.step();
    return t.m.log();
}

/// The log of a source named in payloads-written.json: a script above, or
/// "simulate:<preset>[-zh]:<seed>", a bot match (-zh: played in Chinese).
std::vector<Event> sourceLog(const std::string &source)
{
    if (source == "script:everyType")
        return everyTypeLog();
    if (source == "script:optionalFields")
        return optionalFieldsLog();
    const auto colon = source.rfind(':');
    std::string preset
        = source.substr(std::string("simulate:").size(), colon - std::string("simulate:").size());
    MatchConfig cfg;
    const bool zh = preset.size() > 3 && preset.compare(preset.size() - 3, 3, "-zh") == 0;
    if (zh)
        preset.resize(preset.size() - 3);
    if (preset != "classic")
        cfg.rules = *rulePreset(preset);
    if (zh)
        cfg.rules.language = "zh-CN";
    return simulateMatch(std::stoull(source.substr(colon + 1)), cfg).match->log();
}

/// The log's canonical form hashed, as `townhall simulate` hashes its matches.
QString logHash(const std::vector<Event> &log)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const Event &e : log) {
        const std::string s = toJson(e).dump();
        h = fnv1a(s.data(), s.size(), h);
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return QString::fromLatin1(hex);
}

/// payloads-written.json: {sources: [{source, events, hash}], events: [{source, event}]},
/// one event for each shape of payload (type, audience, keys and their kinds) the sources hold.
const json &written()
{
    static const json fixture = [] {
        QFile f(QFINDTESTDATA("payloads-written.json"));
        if (!f.open(QIODevice::ReadOnly))
            return json();
        const QByteArray bytes = f.readAll();
        return json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    }();
    return fixture;
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
    void writtenEventsAreUnchanged_data();
    void writtenEventsAreUnchanged();
    void everyPayloadRoundTrips();
    void eventTypeOfNamesTheType();
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

void TstPayloads::writtenEventsAreUnchanged_data()
{
    QTest::addColumn<QString>("source");
    QVERIFY2(written().contains("sources"), "payloads-written.json not found or not JSON");
    for (const json &s : written()["sources"])
        QTest::newRow(s["source"].get<std::string>().c_str()) << qs(s["source"].get<std::string>());
}

void TstPayloads::writtenEventsAreUnchanged()
{
    // The same match, written by this engine: every event byte for byte.
    QFETCH(QString, source);
    const std::vector<Event> log = sourceLog(source.toStdString());
    for (const json &s : written()["sources"]) {
        if (s["source"] != source.toStdString())
            continue;
        QCOMPARE(log.size(), s["events"].get<std::size_t>());
        QCOMPARE(logHash(log), qs(s["hash"].get<std::string>()));
    }
    for (const json &w : written()["events"]) {
        if (w["source"] != source.toStdString())
            continue;
        const std::size_t seq = w["event"]["seq"].get<std::size_t>();
        QVERIFY(seq >= 1 && seq <= log.size());
        QCOMPARE(qs(toJson(log[seq - 1]).dump()), qs(w["event"].dump()));
    }
}

void TstPayloads::everyPayloadRoundTrips()
{
    // Every shape of payload the engine writes, and every event of the
    // scripted logs: decode → encode gives the payload as written, and
    // decoding that again gives the same struct.
    std::vector<Event> events;
    for (const json &w : written()["events"]) {
        std::string why;
        const auto e = eventFromJson(w["event"], &why);
        QVERIFY2(e, why.c_str());
        events.push_back(*e);
    }
    QVERIFY(events.size() >= std::size_t(EventTypeCount));
    for (const std::vector<Event> &log : {everyTypeLog(), optionalFieldsLog()})
        events.insert(events.end(), log.begin(), log.end());
    std::set<EventType> seen;
    for (const Event &e : events) {
        const auto decoded = decodePayload(e);
        QVERIFY2(decoded.ok(), decoded.ok() ? "" : decoded.error().message.c_str());
        Event again = e;
        again.payload = encode(*decoded);
        QVERIFY2(again.payload == e.payload,
                 qPrintable(qs(e.eventId + ": " + again.payload.dump())));
        QCOMPARE(qs(again.payload.dump()), qs(e.payload.dump()));
        const auto twice = decodePayload(again);
        QVERIFY(twice.ok());
        QVERIFY2(*twice == *decoded, qPrintable(qs(e.eventId)));
        seen.insert(e.type);
    }
    for (int t = 0; t < EventTypeCount; ++t)
        QVERIFY2(seen.count(EventType(t)), toString(EventType(t)).data());

    // A payload outside an event decodes the same; its error names the type.
    const Event &line = firstOf(events, EventType::Narrator);
    const auto outside = decodePayload(EventType::Narrator, line.payload);
    QVERIFY(outside.ok());
    QVERIFY(*outside == *decodePayload(line));
    const auto bad = decodePayload(EventType::Narrator, json::array());
    QVERIFY(!bad.ok());
    QCOMPARE(qs(bad.error().message), QStringLiteral("NARRATOR: payload is not an object"));
}

void TstPayloads::eventTypeOfNamesTheType()
{
    static_assert(eventTypeOf<payload::MatchCreated>() == EventType::MatchCreated);
    static_assert(eventTypeOf<payload::Narrator>() == EventType::Narrator);
    static_assert(eventTypeOf<payload::WolvesDecided>() == EventType::WolvesDecided);
    // payloadAs() of another type's event is nullopt, without decoding it.
    Event e;
    e.type = EventType::PlayerReady;
    e.payload = {{"playerId", "p:1"}};
    QVERIFY(payloadAs<payload::PlayerReady>(e));
    QVERIFY(!payloadAs<payload::TurnMissed>(e));
}

QTEST_APPLESS_MAIN(TstPayloads)
#include "tst_payloads.moc"
