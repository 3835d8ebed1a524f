// SPDX-License-Identifier: MIT
// The classic rules and phases, and the server's gates (phase, role, target,
// rate limits), one row at a time.

#include "table.h"

#include "engine/lobby.h"

#include <QtTest>

#include <map>
#include <set>

using namespace townhall::engine;
using namespace townhall::engine::test;

Q_DECLARE_METATYPE(townhall::engine::Phase)

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

/// Which player of a table a row means.
enum class Who {
    Villager,
    Villager2,
    Wolf,
    Wolf2,
    Seer,
    Doctor,
    Stranger,
    DeadVillager,
    Self,
    Nobody
};

std::string pick(const Table &t, Who w, const std::string &self)
{
    switch (w) {
    case Who::Villager:
        return t.villager(0);
    case Who::Villager2:
        return t.villager(1);
    case Who::Wolf:
        return t.wolf(0);
    case Who::Wolf2:
        return t.wolf(1);
    case Who::Seer:
        return t.seer();
    case Who::Doctor:
        return t.doctor();
    case Who::Stranger:
        return "p:99";
    case Who::DeadVillager:
        for (const Player &p : t.s().players)
            if (!p.alive && p.role == Role::Villager)
                return p.playerId;
        return "p:none";
    case Who::Self:
        return self;
    case Who::Nobody:
        return {};
    }
    return {};
}

/// Plays into `phase` of day 1 (or night 1) with one villager killed on night 1.
void reach(Table &t, Phase phase)
{
    t.readyAll();
    if (phase == Phase::Night)
        return;
    const std::string victim = t.villager(0);
    QVERIFY_OK(t.kill(t.wolf(0), victim));
    QVERIFY_OK(t.kill(t.wolf(1), victim));
    QVERIFY_OK(t.inspect(t.seer(), t.villager(1)));
    QVERIFY_OK(t.protect(t.doctor(), t.seer()));
    QVERIFY(t.until(phase));
}

} // namespace

class TstRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roleDistribution_data();
    void roleDistribution();
    void defaultTimers_data();
    void defaultTimers();
    void speedFactorScalesTimers();
    void lobbyEndsWhenAllReady();
    void lobbyTimesOut();
    void readyIsIdempotent();
    void gates_data();
    void gates();
    void retryAfterOnRateLimits();
    void sayKinds_data();
    void sayKinds();
    void nightEndsEarlyWhenAllActed();
    void wolfKillResolution_data();
    void wolfKillResolution();
    void doctorSaves();
    void doctorConsecutiveRule();
    void seerResultIsPrivate();
    void openingTurnsInSeatOrder();
    void openingTurnTimesOut();
    void voteResolution_data();
    void voteResolution();
    void voteChangeRecordsPrevious();
    void lastWordsOnlyForEliminated();
    void villagersWinWhenWolvesGone();
    void wolvesWinAtParity();
    void eventIdsSortableAndCursor();
    void visibilityByAudience();
    void spectatorStateHidesRoles();
    void playerStateRequiredAction();
    void discussionSubmittedOnceSpokenEachDay();
    void replayReproducesStateHash();
    void pauseAndResume();
    void skipPhase();
    void breakpoints_data();
    void breakpoints();
    void stepAdvancesOnePhase_data();
    void stepAdvancesOnePhase();
    void breakpointRecords();
    void queueCreatesMatchAtEight();
    void queueLeaveAndStatus();
    void seatedNamesAreDistinct();
    void queueRejectsUnknownQueueAndSeatedAgents();
};

void TstRules::roleDistribution_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 s : {1ULL, 2ULL, 3ULL, 42ULL, 1000ULL, 0xFFFFFFFFFFFFULL})
        QTest::addRow("seed %llu", static_cast<unsigned long long>(s)) << s;
}

void TstRules::roleDistribution()
{
    QFETCH(quint64, seed);
    Table t(seed);
    std::map<Role, int> n;
    for (const Player &p : t.s().players)
        ++n[p.role];
    QCOMPARE(n[Role::Werewolf], 2);
    QCOMPARE(n[Role::Seer], 1);
    QCOMPARE(n[Role::Doctor], 1);
    QCOMPARE(n[Role::Villager], 4);
    // The shuffle depends on the seed: over many seeds every seat is a wolf sometimes.
    std::set<int> wolfSeats;
    for (std::uint64_t s = seed; s < seed + 200; ++s) {
        Table u(s);
        for (const Player &p : u.s().players)
            if (p.role == Role::Werewolf)
                wolfSeats.insert(p.seat);
    }
    QCOMPARE(int(wolfSeats.size()), 8);
}

void TstRules::defaultTimers_data()
{
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("LOBBY 30s") << Phase::Lobby << qint64(30'000);
    QTest::newRow("NIGHT 45s") << Phase::Night << qint64(45'000);
    QTest::newRow("DAY_ANNOUNCE 10s") << Phase::DayAnnounce << qint64(10'000);
    QTest::newRow("DAY_OPENING 15s per living player") << Phase::DayOpening << qint64(7 * 15'000);
    QTest::newRow("DAY_DISCUSSION 90s") << Phase::DayDiscussion << qint64(90'000);
    QTest::newRow("DAY_VOTE 45s") << Phase::DayVote << qint64(45'000);
    QTest::newRow("DAY_RESOLUTION 10s") << Phase::DayResolution << qint64(10'000);
}

void TstRules::defaultTimers()
{
    QFETCH(Phase, phase);
    QFETCH(qint64, ms);
    Table t;
    if (phase == Phase::Lobby) {
        QCOMPARE(t.s().phaseEndsAt - t.s().phaseStartedAt, ms);
        return;
    }
    if (phase == Phase::Night) {
        QVERIFY(t.until(Phase::Night)); // lobby timed out
    } else if (phase == Phase::DayResolution) {
        reach(t, Phase::DayVote);
        QVERIFY_OK(t.vote(t.villager(1),
                          t.wolf(0))); // one vote: eliminated, resolution follows at deadline
        QVERIFY(t.until(Phase::DayResolution));
    } else {
        reach(t, phase);
    }
    QCOMPARE_E(t.s().phase, phase);
    QCOMPARE(t.s().phaseEndsAt - t.s().phaseStartedAt, ms);
}

void TstRules::speedFactorScalesTimers()
{
    MatchConfig cfg;
    cfg.speed = 4.0;
    Table t(42, cfg);
    QCOMPARE(t.s().phaseEndsAt - t.s().phaseStartedAt, 7'500);
    cfg = {};
    cfg.timers.lobby = 1'000;
    Table u(42, cfg);
    QCOMPARE(u.s().phaseEndsAt - u.s().phaseStartedAt, 1'000);
}

void TstRules::lobbyEndsWhenAllReady()
{
    Table t;
    for (int i = 0; i < 7; ++i) {
        QVERIFY(t.ready(t.s().players[i].playerId).ok());
        QCOMPARE_E(t.s().phase, Phase::Lobby);
    }
    QVERIFY(t.ready(t.s().players[7].playerId).ok());
    QCOMPARE_E(t.s().phase, Phase::Night);
    QCOMPARE(t.s().nightNumber, 1);
    QCOMPARE(t.s().dayNumber, 0);
}

void TstRules::lobbyTimesOut()
{
    Table t;
    t.now = T0 + 29'999;
    QVERIFY(t.m.advance(t.now).empty());
    t.now = T0 + 30'000;
    QVERIFY(!t.m.advance(t.now).empty());
    QCOMPARE_E(t.s().phase, Phase::Night);
}

void TstRules::readyIsIdempotent()
{
    Table t;
    const std::string p = t.s().players[0].playerId;
    QCOMPARE(t.ready(p)->size(), size_t(1));
    auto again = t.ready(p);
    QVERIFY(again.ok());
    QVERIFY(again->empty());
    QCOMPARE(t.count(EventType::PlayerReady), size_t(1));
}

void TstRules::gates_data()
{
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("actor");
    QTest::addColumn<int>("target");
    QTest::addColumn<QString>("code"); // empty: accepted
    QTest::addColumn<bool>("retryable");

    using K = Command::Kind;
    auto row = [](const char *name, Phase ph, K k, Who a, Who t, const char *code, bool retry) {
        QTest::newRow(name) << ph << int(k) << int(a) << int(t) << QString::fromLatin1(code)
                            << retry;
    };
    // Phase gating: each tool only in its phases
    row("vote in NIGHT", Phase::Night, K::Vote, Who::Villager, Who::Wolf, "WRONG_PHASE", true);
    row("vote in DAY_DISCUSSION",
        Phase::DayDiscussion,
        K::Vote,
        Who::Villager,
        Who::Wolf,
        "WRONG_PHASE",
        true);
    row("wolf_kill in DAY_VOTE",
        Phase::DayVote,
        K::WolfKill,
        Who::Wolf,
        Who::Seer,
        "WRONG_PHASE",
        true);
    row("seer_inspect in DAY_DISCUSSION",
        Phase::DayDiscussion,
        K::SeerInspect,
        Who::Seer,
        Who::Wolf,
        "WRONG_PHASE",
        true);
    row("doctor_protect in LOBBY",
        Phase::Lobby,
        K::DoctorProtect,
        Who::Doctor,
        Who::Seer,
        "WRONG_PHASE",
        true);
    row("wolf_chat in DAY_DISCUSSION",
        Phase::DayDiscussion,
        K::WolfChat,
        Who::Wolf,
        Who::Nobody,
        "WRONG_PHASE",
        true);
    row("ready in NIGHT", Phase::Night, K::Ready, Who::Villager, Who::Nobody, "WRONG_PHASE", false);
    row("say in NIGHT", Phase::Night, K::Say, Who::Villager, Who::Nobody, "WRONG_PHASE", true);
    row("say in DAY_ANNOUNCE",
        Phase::DayAnnounce,
        K::Say,
        Who::Villager,
        Who::Nobody,
        "WRONG_PHASE",
        true);
    row("say in DAY_VOTE", Phase::DayVote, K::Say, Who::Villager, Who::Nobody, "WRONG_PHASE", true);
    // ...retryable only while the same call can still succeed in its phase
    row("dead player votes outside DAY_VOTE",
        Phase::DayDiscussion,
        K::Vote,
        Who::DeadVillager,
        Who::Wolf,
        "WRONG_PHASE",
        false);
    row("villager wolf_kill by day",
        Phase::DayVote,
        K::WolfKill,
        Who::Villager2,
        Who::Seer,
        "WRONG_PHASE",
        false);
    row("seer wolf_chat by day",
        Phase::DayDiscussion,
        K::WolfChat,
        Who::Seer,
        Who::Nobody,
        "WRONG_PHASE",
        false);
    row("doctor seer_inspect by day",
        Phase::DayVote,
        K::SeerInspect,
        Who::Doctor,
        Who::Wolf,
        "WRONG_PHASE",
        false);
    row("dead player speaks in DAY_VOTE",
        Phase::DayVote,
        K::Say,
        Who::DeadVillager,
        Who::Nobody,
        "PLAYER_DEAD",
        false);
    // Role gating
    row("wolf_kill by villager",
        Phase::Night,
        K::WolfKill,
        Who::Villager,
        Who::Seer,
        "NOT_YOUR_ROLE",
        false);
    row("wolf_kill by seer",
        Phase::Night,
        K::WolfKill,
        Who::Seer,
        Who::Villager,
        "NOT_YOUR_ROLE",
        false);
    row("wolf_chat by doctor",
        Phase::Night,
        K::WolfChat,
        Who::Doctor,
        Who::Nobody,
        "NOT_YOUR_ROLE",
        false);
    row("seer_inspect by wolf",
        Phase::Night,
        K::SeerInspect,
        Who::Wolf,
        Who::Villager,
        "NOT_YOUR_ROLE",
        false);
    row("doctor_protect by seer",
        Phase::Night,
        K::DoctorProtect,
        Who::Seer,
        Who::Villager,
        "NOT_YOUR_ROLE",
        false);
    // Target gating
    row("wolf_kill on a wolf",
        Phase::Night,
        K::WolfKill,
        Who::Wolf,
        Who::Wolf2,
        "INVALID_TARGET",
        false);
    row("wolf_kill on a stranger",
        Phase::Night,
        K::WolfKill,
        Who::Wolf,
        Who::Stranger,
        "INVALID_TARGET",
        false);
    row("wolf_kill without target",
        Phase::Night,
        K::WolfKill,
        Who::Wolf,
        Who::Nobody,
        "INVALID_TARGET",
        false);
    row("seer inspects self",
        Phase::Night,
        K::SeerInspect,
        Who::Seer,
        Who::Self,
        "INVALID_TARGET",
        false);
    row("vote for self",
        Phase::DayVote,
        K::Vote,
        Who::Villager,
        Who::Self,
        "INVALID_TARGET",
        false);
    row("vote for the dead",
        Phase::DayVote,
        K::Vote,
        Who::Villager2,
        Who::DeadVillager,
        "INVALID_TARGET",
        false);
    row("vote for a stranger",
        Phase::DayVote,
        K::Vote,
        Who::Villager2,
        Who::Stranger,
        "INVALID_TARGET",
        false);
    row("protect the dead",
        Phase::Night,
        K::DoctorProtect,
        Who::Doctor,
        Who::Stranger,
        "INVALID_TARGET",
        false);
    // Players and the dead
    row("stranger votes", Phase::DayVote, K::Vote, Who::Stranger, Who::Wolf, "NOT_IN_MATCH", false);
    row("dead player votes",
        Phase::DayVote,
        K::Vote,
        Who::DeadVillager,
        Who::Wolf,
        "PLAYER_DEAD",
        false);
    row("dead player speaks",
        Phase::DayDiscussion,
        K::Say,
        Who::DeadVillager,
        Who::Nobody,
        "PLAYER_DEAD",
        false);
    // Accepted
    row("wolf_kill ok", Phase::Night, K::WolfKill, Who::Wolf, Who::Villager, "", false);
    row("wolf_chat ok", Phase::Night, K::WolfChat, Who::Wolf, Who::Nobody, "", false);
    row("seer_inspect ok", Phase::Night, K::SeerInspect, Who::Seer, Who::Wolf, "", false);
    row("doctor protects self ok",
        Phase::Night,
        K::DoctorProtect,
        Who::Doctor,
        Who::Self,
        "",
        false);
    row("vote ok", Phase::DayVote, K::Vote, Who::Villager2, Who::Wolf, "", false);
    row("abstain ok", Phase::DayVote, K::Vote, Who::Villager2, Who::Nobody, "", false);
    row("discussion ok", Phase::DayDiscussion, K::Say, Who::Villager2, Who::Nobody, "", false);
}

void TstRules::gates()
{
    QFETCH(Phase, phase);
    QFETCH(int, kind);
    QFETCH(int, actor);
    QFETCH(int, target);
    QFETCH(QString, code);
    QFETCH(bool, retryable);

    Table t;
    if (phase != Phase::Lobby)
        reach(t, phase);
    QCOMPARE_E(t.s().phase, phase);
    const std::string self = pick(t, Who(actor), {});
    Command c = Table::cmd(Command::Kind(kind), self);
    if (Who(target) != Who::Nobody)
        c.target = pick(t, Who(target), self);
    c.text = "Hello, town.";
    const std::uint64_t before = t.s().lastSeq;
    const std::uint64_t hashBefore = t.m.stateHash();
    auto r = t.run(c);
    if (code.isEmpty()) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QVERIFY(t.s().lastSeq > before);
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(qs(toString(r.error().code)), code);
    QCOMPARE(r.error().retryable, retryable);
    QVERIFY(!r.error().message.empty());
    // A refused command changes nothing (the match goes on).
    QCOMPARE(t.s().lastSeq, before);
    QCOMPARE(t.m.stateHash(), hashBefore);
}

void TstRules::sayKinds_data()
{
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");     // empty: accepted
    QTest::addColumn<QString>("recorded"); // the kind the event carries
    const int O = int(MessageKind::Opening), D = int(MessageKind::Discussion),
              F = int(MessageKind::Defense), L = int(MessageKind::LastWords);
    QTest::newRow("discussion in DAY_DISCUSSION") << Phase::DayDiscussion << D << "I suspect Hugo."
                                                  << ""
                                                  << "DISCUSSION";
    QTest::newRow("defense in DAY_DISCUSSION") << Phase::DayDiscussion << F << "Not me!"
                                               << ""
                                               << "DEFENSE";
    QTest::newRow("opening in DAY_DISCUSSION") << Phase::DayDiscussion << O << "Hello"
                                               << "INVALID_KIND"
                                               << "";
    QTest::newRow("last words in DAY_DISCUSSION") << Phase::DayDiscussion << L << "Bye"
                                                  << "INVALID_KIND"
                                                  << "";
    QTest::newRow("last words in DAY_OPENING") << Phase::DayOpening << L << "Bye"
                                               << "INVALID_KIND"
                                               << "";
    QTest::newRow("discussion kind on my opening turn") << Phase::DayOpening << D << "Morning."
                                                        << ""
                                                        << "OPENING";
    QTest::newRow("empty text") << Phase::DayDiscussion << D << ""
                                << "INVALID_ARGUMENT"
                                << "";
}

void TstRules::sayKinds()
{
    QFETCH(Phase, phase);
    QFETCH(int, kind);
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, recorded);
    Table t;
    reach(t, phase);
    // On DAY_OPENING the first speaker in seat order has the turn.
    const std::string speaker
        = phase == Phase::DayOpening ? t.s().openingOrder.front() : t.villager(1);
    auto r = t.say(speaker, text.toStdString(), MessageKind(kind));
    if (code.isEmpty()) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(QString::fromStdString(r->front().payload.at("kind").get<std::string>()),
                 recorded);
    } else {
        QVERIFY(!r.ok());
        QCOMPARE(name(r.error().code), code);
        QVERIFY(!r.error().retryable);
    }
}

void TstRules::retryAfterOnRateLimits()
{
    Table t;
    reach(t, Phase::DayDiscussion);
    const std::string p = t.villager(1);
    QVERIFY(t.say(p, "First.").ok());
    t.now += 1'000;
    auto r = t.say(p, "Too soon.");
    QVERIFY(!r.ok());
    QCOMPARE_E(r.error().code, ErrorCode::RateLimited);
    QVERIFY(r.error().retryable);
    QCOMPARE(r.error().retryAfterMs.value_or(-1), 2'000);
    t.now += 2'000;
    QVERIFY(t.say(p, "Now it is fine.").ok());

    Table w;
    reach(w, Phase::Night);
    QVERIFY(w.wolfChat(w.wolf(0), "Who tonight?").ok());
    w.now += 500;
    auto r2 = w.wolfChat(w.wolf(0), "Hurry.");
    QCOMPARE_E(r2.error().code, ErrorCode::RateLimited);
    QCOMPARE(r2.error().retryAfterMs.value_or(-1), 1'500);
    // Limits are per player: the other wolf may speak at once.
    QVERIFY(w.wolfChat(w.wolf(1), "The seer, I think.").ok());
}

void TstRules::nightEndsEarlyWhenAllActed()
{
    Table t;
    reach(t, Phase::Night);
    const std::string v = t.villager(0);
    QVERIFY_OK(t.kill(t.wolf(0), v));
    QVERIFY_OK(t.kill(t.wolf(1), v));
    QVERIFY_OK(t.inspect(t.seer(), t.wolf(0)));
    QCOMPARE_E(t.s().phase, Phase::Night);
    QVERIFY(t.protect(t.doctor(), t.doctor()).ok());
    QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    QCOMPARE(t.s().dayNumber, 1);
    QVERIFY(!t.m.player(v)->alive);
    QCOMPARE(t.last(EventType::NightResolved)->payload.at("how").get<std::string>(),
             std::string("AGREED"));
}

void TstRules::wolfKillResolution_data()
{
    QTest::addColumn<int>("selections"); // 0: none, 1: one wolf, 2: same, 3: different
    QTest::addColumn<QString>("how");
    QTest::newRow("no selection → random non-wolf") << 0 << "RANDOM_FALLBACK";
    QTest::newRow("one wolf selects") << 1 << "AGREED";
    QTest::newRow("both select the same") << 2 << "AGREED";
    QTest::newRow("different → random between them") << 3 << "RANDOM_BETWEEN_SELECTIONS";
}

void TstRules::wolfKillResolution()
{
    QFETCH(int, selections);
    QFETCH(QString, how);
    std::map<std::string, int> victims;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        Table t(seed);
        reach(t, Phase::Night);
        const std::string a = t.villager(0);
        const std::string b = t.villager(1);
        if (selections >= 1)
            QVERIFY_OK(t.kill(t.wolf(0), a));
        if (selections == 2)
            QVERIFY_OK(t.kill(t.wolf(1), a));
        if (selections == 3)
            QVERIFY_OK(t.kill(t.wolf(1), b));
        QVERIFY(t.until(Phase::DayAnnounce));
        const Event *res = t.last(EventType::NightResolved);
        QVERIFY(res);
        QCOMPARE(qs(res->payload.at("how").get<std::string>()), how);
        const std::string victim = res->payload.at("victimPlayerId").get<std::string>();
        QVERIFY(t.m.player(victim)->role != Role::Werewolf);
        QVERIFY(!t.m.player(victim)->alive);
        if (selections == 1 || selections == 2)
            QCOMPARE(victim, a);
        if (selections == 3)
            QVERIFY(victim == a || victim == b);
        ++victims[t.m.player(victim)->displayName];
        // The random outcome is recorded, so replay never draws: same hash.
        auto replayed = Match::replay(t.m.log());
        QVERIFY(replayed);
        QCOMPARE(replayed->stateHash(), t.m.stateHash());
    }
    if (selections == 3 || selections == 0)
        QVERIFY2(victims.size() >= 2, "the random choice never varied across seeds");
}

void TstRules::doctorSaves()
{
    Table t;
    reach(t, Phase::Night);
    const std::string v = t.villager(0);
    QVERIFY_OK(t.kill(t.wolf(0), v));
    QVERIFY_OK(t.kill(t.wolf(1), v));
    QVERIFY_OK(t.inspect(t.seer(), t.wolf(0)));
    QVERIFY_OK(t.protect(t.doctor(), v));
    QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    QVERIFY(t.m.player(v)->alive);
    const Event *nr = t.last(EventType::NightResult);
    QVERIFY(nr->payload.at("killedPlayerId").is_null());
    QCOMPARE(nr->payload.at("savedByDoctor").get<bool>(), true);
    QCOMPARE_E(nr->audience, Audience::Public);
    // Who was saved stays secret: neither the public night result nor its
    // announcement names the protected player. (Later lines may list everyone alive.)
    const std::string nightResult = nr->eventId;
    for (const Event &e : t.m.log())
        if (e.audience == Audience::Public
            && (e.eventId == nightResult || e.payload.value("causeEventId", "") == nightResult)) {
            const std::string d = e.payload.dump();
            QVERIFY2(d.find(v) == std::string::npos
                         && d.find(t.m.player(v)->displayName) == std::string::npos,
                     d.c_str());
        }
    QCOMPARE(t.count(EventType::PlayerEliminated), size_t(0));
}

void TstRules::doctorConsecutiveRule()
{
    Table t;
    reach(t, Phase::Night);
    const std::string d = t.doctor();
    QVERIFY(t.protect(d, t.seer()).ok());
    auto twice = t.protect(d, t.villager(0));
    QCOMPARE_E(twice.error().code, ErrorCode::AlreadyActed);
    QVERIFY_OK(
        t.kill(t.wolf(0), t.villager(0))); // keep the doctor alive: no random fallback victim
    t.step();
    QVERIFY(t.until(Phase::Night)); // the next night
    QCOMPARE(t.s().nightNumber, 2);
    const auto allowed = t.m.requiredAction(d).allowedTargets;
    QVERIFY(std::find(allowed.begin(), allowed.end(), t.seer()) == allowed.end());
    if (t.m.player(t.seer())->alive) {
        auto again = t.protect(d, t.seer());
        QCOMPARE_E(again.error().code, ErrorCode::ConsecutiveProtect);
        QVERIFY(!again.error().retryable);
    }
    QVERIFY(t.protect(d, d).ok());
    QVERIFY_OK(t.kill(t.wolf(0), t.villager(0)));
    // Night 3: protecting self again right after night 2 is refused too.
    t.step();
    t.until(Phase::Night);
    if (!t.m.ended() && t.m.player(d)->alive) {
        QCOMPARE_E(t.protect(d, d).error().code, ErrorCode::ConsecutiveProtect);
    }
}

void TstRules::seerResultIsPrivate()
{
    Table t;
    reach(t, Phase::Night);
    auto r = t.inspect(t.seer(), t.wolf(0));
    QVERIFY(r.ok());
    const Event &e = r->front();
    QCOMPARE_E(e.type, EventType::SeerInspected);
    QCOMPARE_E(e.audience, Audience::Player);
    QCOMPARE(e.audiencePlayerId, t.seer());
    QCOMPARE(e.payload.at("alignment").get<std::string>(), std::string("WEREWOLF"));
    QVERIFY(visible(e, Viewer::forPlayer(t.seer()), t.s()));
    QVERIFY(!visible(e, Viewer::forPlayer(t.wolf(0)), t.s()));
    QVERIFY(!visible(e, Viewer::spectator(), t.s()));
    QVERIFY(visible(e, Viewer::omniscient(), t.s()));
    auto v = stateView(t.m, Viewer::forPlayer(t.seer()));
    QCOMPARE(v.you->seerHistory.size(), size_t(1));
    QVERIFY(v.you->seerHistory[0].werewolf);
    auto inspectVillager = Table(42);
    reach(inspectVillager, Phase::Night);
    auto r2 = inspectVillager.inspect(inspectVillager.seer(), inspectVillager.villager(0));
    QCOMPARE(r2->front().payload.at("alignment").get<std::string>(), std::string("NOT_WEREWOLF"));
    // Other players' projections carry no seer history.
    QVERIFY(stateView(t.m, Viewer::forPlayer(t.villager(0))).you->seerHistory.empty());
}

void TstRules::openingTurnsInSeatOrder()
{
    Table t;
    reach(t, Phase::DayOpening);
    const auto order = t.s().openingOrder;
    QCOMPARE(order.size(), size_t(7));
    for (std::size_t i = 1; i < order.size(); ++i)
        QVERIFY(t.m.player(order[i - 1])->seat < t.m.player(order[i])->seat);
    // The second speaker must wait; the retry-after points at their turn.
    auto early = t.say(order[1], "Me first!", MessageKind::Opening);
    QCOMPARE_E(early.error().code, ErrorCode::NotYourTurn);
    QVERIFY(early.error().retryable);
    QCOMPARE(early.error().retryAfterMs.value_or(-1), 15'000);
    for (std::size_t i = 0; i < order.size(); ++i) {
        QCOMPARE_E(t.m.requiredAction(order[i]).type, ActionType::SpeakOpening);
        t.now += 2'000;
        QVERIFY(t.say(order[i], "Good morning.", MessageKind::Opening).ok());
        auto again = t.say(order[i], "Again.", MessageKind::Opening);
        QVERIFY(!again.ok());
    }
    QCOMPARE_E(t.s().phase, Phase::DayDiscussion);
    QCOMPARE(t.count(EventType::TurnStarted), size_t(7));
}

void TstRules::openingTurnTimesOut()
{
    Table t;
    reach(t, Phase::DayOpening);
    const auto first = t.s().openingOrder[0];
    t.step(); // first turn expires
    QCOMPARE(t.count(EventType::TurnMissed), size_t(1));
    QCOMPARE(t.m.player(first)->missedDeadlines, 1);
    QCOMPARE_E(t.say(first, "Late!", MessageKind::Opening).error().code, ErrorCode::AlreadySpoke);
    QCOMPARE(t.s().openingIndex, 1);
}

void TstRules::voteResolution_data()
{
    QTest::addColumn<QString>(
        "ballots"); // voter index: target index ('-' abstain, '.' no vote), over alive players
    QTest::addColumn<int>("eliminated"); // index into alive players, -1 none
    QTest::addColumn<bool>("tie");
    QTest::newRow("plurality") << "1120000" << 0
                               << false; // players 0,1 → 1,1; others → 0: p0 has 5 votes
    QTest::newRow("tie 2-2") << "1010..." << -1 << true;
    QTest::newRow("all abstain") << "-------" << -1 << false;
    QTest::newRow("nobody votes (timeout)") << "......." << -1 << false;
    QTest::newRow("single vote wins") << "......3" << 3 << false;
    QTest::newRow("three-way tie") << "123...." << -1 << true;
}

void TstRules::voteResolution()
{
    QFETCH(QString, ballots);
    QFETCH(int, eliminated);
    QFETCH(bool, tie);
    Table t;
    reach(t, Phase::DayVote);
    std::vector<std::string> alive;
    for (const Player &p : t.s().players)
        if (p.alive)
            alive.push_back(p.playerId);
    QCOMPARE(int(alive.size()), 7);
    for (int i = 0; i < 7; ++i) {
        const QChar c = ballots.at(i);
        if (c == QLatin1Char('.'))
            continue;
        std::optional<std::string> target;
        if (c != QLatin1Char('-'))
            target = alive[static_cast<std::size_t>(c.digitValue())];
        if (target == alive[static_cast<std::size_t>(i)])
            continue; // self votes are refused (tested in gates)
        QVERIFY(t.vote(alive[static_cast<std::size_t>(i)], target).ok());
    }
    if (t.s().phase == Phase::DayVote)
        t.step();
    const Event *res = t.last(EventType::VoteResult);
    QVERIFY(res);
    QCOMPARE(res->payload.at("tie").get<bool>(), tie);
    if (eliminated < 0) {
        QVERIFY(res->payload.at("eliminatedPlayerId").is_null());
        QCOMPARE(t.m.aliveCount(), 7);
    } else {
        QCOMPARE(res->payload.at("eliminatedPlayerId").get<std::string>(),
                 alive[static_cast<std::size_t>(eliminated)]);
        QVERIFY(!t.m.player(alive[static_cast<std::size_t>(eliminated)])->alive);
        const Event *el = t.last(EventType::PlayerEliminated);
        QCOMPARE(
            el->payload.at("roleRevealed").get<std::string>(),
            std::string(toString(t.m.player(alive[static_cast<std::size_t>(eliminated)])->role)));
    }
}

void TstRules::voteChangeRecordsPrevious()
{
    Table t;
    reach(t, Phase::DayVote);
    const std::string v = t.villager(1);
    QVERIFY(t.vote(v, t.wolf(0)).ok());
    auto r = t.vote(v, t.seer());
    QVERIFY(r.ok());
    QCOMPARE(r->front().payload.at("previousTargetPlayerId").get<std::string>(), t.wolf(0));
    QCOMPARE(*t.m.player(v)->voteTarget, t.seer());
}

void TstRules::lastWordsOnlyForEliminated()
{
    Table t;
    reach(t, Phase::DayVote);
    const std::string target = t.villager(1);
    QVERIFY(t.vote(t.wolf(0), target).ok());
    QVERIFY(t.until(Phase::DayResolution));
    QCOMPARE(*t.s().lastEliminated, target);
    // The state says whose last words are due (they are optional, so the
    // required action stays NONE), in the view and in its JSON.
    const auto due = [&t](const std::string &id) {
        const StateView v = stateView(t.m, Viewer::forPlayer(id));
        const json j = toJson(v);
        const bool inJson = j.at("you").at("lastWordsDue").get<bool>();
        return v.you->lastWordsDue && inJson && v.you->requiredAction->type == ActionType::None;
    };
    QVERIFY(due(target));
    QVERIFY(!due(t.seer()));
    QCOMPARE_E(t.say(t.seer(), "Farewell?").error().code, ErrorCode::WrongPhase);
    auto r = t.say(target, "I was innocent!", MessageKind::Discussion);
    QVERIFY(r.ok());
    QCOMPARE(r->front().payload.at("kind").get<std::string>(), std::string("LAST_WORDS"));
    QVERIFY(!due(target));
    QCOMPARE_E(t.say(target, "And another thing").error().code, ErrorCode::AlreadySpoke);
}

void TstRules::villagersWinWhenWolvesGone()
{
    Table t;
    reach(t, Phase::DayVote);
    QVERIFY(t.vote(t.villager(1), t.wolf(0)).ok());
    QVERIFY(t.until(Phase::Night));
    const std::string w2 = t.wolf(0); // the surviving wolf
    QVERIFY_OK(t.kill(w2, t.villager(1)));
    QVERIFY_OK(t.inspect(t.seer(), w2));
    QVERIFY_OK(t.protect(t.doctor(), t.villager(1)));
    QVERIFY(t.until(Phase::DayVote));
    QVERIFY(t.vote(t.seer(), w2).ok());
    t.step();
    QVERIFY(t.m.ended());
    QCOMPARE_E(*t.s().winner, Team::Villagers);
    QCOMPARE(t.last(EventType::GameEnded)->payload.at("winningTeam").get<std::string>(),
             std::string("VILLAGERS"));
    QVERIFY(t.last(EventType::RolesRevealed)->seq > t.last(EventType::GameEnded)->seq);
    QVERIFY(!t.m.nextDeadline());
    QCOMPARE_E(t.vote(t.seer(), w2).error().code, ErrorCode::MatchEnded);
}

void TstRules::wolvesWinAtParity()
{
    // Kill a non-wolf every night and vote out non-wolves every day: 8 → parity in 2 days.
    Table t;
    t.readyAll();
    int guard = 0;
    while (!t.m.ended() && guard++ < 300) {
        if (t.s().phase == Phase::Night) {
            std::string v;
            for (const Player &p : t.s().players)
                if (p.alive && p.role != Role::Werewolf)
                    v = p.playerId;
            for (const auto &w : t.ids(Role::Werewolf))
                QVERIFY_OK(t.kill(w, v));
        }
        if (t.s().phase == Phase::DayVote) {
            std::string v;
            for (const Player &p : t.s().players)
                if (p.alive && p.role != Role::Werewolf)
                    v = p.playerId;
            for (const auto &w : t.ids(Role::Werewolf))
                QVERIFY_OK(t.vote(w, v));
        }
        t.step();
    }
    QVERIFY(t.m.ended());
    QCOMPARE_E(*t.s().winner, Team::Werewolves);
    QVERIFY(t.m.aliveWolves() >= t.m.aliveCount() - t.m.aliveWolves());
    // Checked at the start of a Day: the last phase before ENDED was NIGHT.
    const auto &h = t.s().phaseHistory;
    QVERIFY(h.size() >= 2);
    QVERIFY(h[h.size() - 2].find(":NIGHT@") != std::string::npos);
}

void TstRules::eventIdsSortableAndCursor()
{
    Table t;
    reach(t, Phase::DayDiscussion);
    const auto &log = t.m.log();
    for (std::size_t i = 1; i < log.size(); ++i) {
        QVERIFY(log[i - 1].eventId < log[i].eventId);
        QCOMPARE(log[i].seq, log[i - 1].seq + 1);
        QVERIFY(log[i - 1].at <= log[i].at);
    }
    QCOMPARE(seqFromEventId("match-1", log[4].eventId).value_or(0), log[4].seq);
    QVERIFY(!seqFromEventId("match-2", log[4].eventId));
    QVERIFY(!seqFromEventId("match-1", "match-1:garbage"));
    // Cursor paging reaches every visible event exactly once.
    std::set<std::uint64_t> seen;
    std::optional<std::uint64_t> cursor = 0;
    for (int page = 0; page < 100; ++page) {
        auto evs = visibleEvents(t.m, Viewer::spectator(), cursor, 7);
        if (evs.empty())
            break;
        for (const Event *e : evs)
            QVERIFY(seen.insert(e->seq).second);
        cursor = evs.back()->seq;
    }
    std::size_t publicCount = 0;
    for (const Event &e : log)
        publicCount += e.audience == Audience::Public;
    QCOMPARE(seen.size(), publicCount);
    // Without a cursor: the most recent events, oldest first.
    auto recent = visibleEvents(t.m, Viewer::spectator(), std::nullopt, 3);
    QCOMPARE(recent.size(), size_t(3));
    QVERIFY(recent[0]->seq < recent[2]->seq);
}

void TstRules::visibilityByAudience()
{
    Table t;
    reach(t, Phase::Night);
    QVERIFY_OK(t.wolfChat(t.wolf(0), "Let us take the doctor."));
    QVERIFY_OK(t.kill(t.wolf(0), t.doctor()));
    QVERIFY_OK(t.protect(t.doctor(), t.seer()));
    for (const Event &e : t.m.log()) {
        const bool wolfSees = visible(e, Viewer::forPlayer(t.wolf(1)), t.s());
        const bool villagerSees = visible(e, Viewer::forPlayer(t.villager(0)), t.s());
        const bool spectatorSees = visible(e, Viewer::spectator(), t.s());
        switch (e.audience) {
        case Audience::Public:
            QVERIFY(wolfSees && villagerSees && spectatorSees);
            break;
        case Audience::Wolves:
            QVERIFY(wolfSees && !villagerSees && !spectatorSees);
            break;
        case Audience::Host:
            QVERIFY(!wolfSees && !villagerSees && !spectatorSees);
            break;
        case Audience::Player:
            QCOMPARE(villagerSees, e.audiencePlayerId == t.villager(0));
            QVERIFY(!spectatorSees);
            break;
        }
        QVERIFY(visible(e, Viewer::omniscient(), t.s()));
    }
    QCOMPARE_E(t.last(EventType::WolfChatMessage)->audience, Audience::Wolves);
    QCOMPARE_E(t.last(EventType::WolfKillSelected)->audience, Audience::Wolves);
    QCOMPARE_E(t.last(EventType::DoctorProtected)->audience, Audience::Player);
    QCOMPARE_E(t.last(EventType::RolesAssigned)->audience, Audience::Host);
}

void TstRules::spectatorStateHidesRoles()
{
    Table t;
    reach(t, Phase::DayDiscussion);
    const json spectator = toJson(stateView(t.m, Viewer::spectator()));
    QVERIFY(spectator.at("you").is_null());
    for (const json &p : spectator.at("players")) {
        if (p.at("alive").get<bool>())
            QVERIFY(p.at("revealedRole").is_null());
        else
            QVERIFY(p.at("revealedRole").is_string());
    }
    const json omni = toJson(stateView(t.m, Viewer::omniscient()));
    for (const json &p : omni.at("players"))
        QVERIFY(p.at("revealedRole").is_string());
    const json wolf = toJson(stateView(t.m, Viewer::forPlayer(t.wolf(0))));
    QCOMPARE(wolf.at("you").at("knownWolves").size(), size_t(2));
    for (const json &p : wolf.at("players"))
        if (p.at("alive").get<bool>())
            QVERIFY(p.at("revealedRole").is_null()); // even wolves see no roles in the table
    const json villager = toJson(stateView(t.m, Viewer::forPlayer(t.villager(1))));
    QVERIFY(villager.at("you").at("knownWolves").empty());
}

// A discussion message answers SPEAK_DISCUSSION for that day (more are
// allowed); the next day's discussion asks again. Openings do not count.
void TstRules::discussionSubmittedOnceSpokenEachDay()
{
    Table t;
    reach(t, Phase::DayDiscussion);
    const std::string v = t.villager(1);
    auto ra = t.m.requiredAction(v);
    QCOMPARE_E(ra.type, ActionType::SpeakDiscussion);
    QVERIFY(!ra.alreadySubmitted); // their opening earlier today is not it
    QVERIFY(t.say(v, "I watched the wolves' side of the table.").ok());
    QVERIFY(t.m.requiredAction(v).alreadySubmitted);
    QVERIFY(!t.m.requiredAction(t.seer()).alreadySubmitted);
    t.now += 5000;                                 // past the chat limit
    QVERIFY(t.say(v, "And I say it again.").ok()); // still allowed
    t.step();                                      // leave today's discussion
    QVERIFY(t.until(Phase::DayDiscussion, 400) || t.m.ended());
    if (!t.m.ended() && t.m.player(v)->alive)
        QVERIFY(!t.m.requiredAction(v).alreadySubmitted);
}

void TstRules::playerStateRequiredAction()
{
    Table t;
    reach(t, Phase::Night);
    auto ra = t.m.requiredAction(t.wolf(0));
    QCOMPARE_E(ra.type, ActionType::WolfKill);
    QCOMPARE(ra.allowedTargets.size(), size_t(6)); // living non-wolves
    QCOMPARE_E(t.m.requiredAction(t.villager(0)).type, ActionType::None);
    QCOMPARE(t.m.requiredAction(t.seer()).allowedTargets.size(), size_t(7)); // not self
    QCOMPARE(t.m.requiredAction(t.doctor()).allowedTargets.size(), size_t(8));
    QVERIFY_OK(t.kill(t.wolf(0), t.villager(0)));
    QVERIFY(t.m.requiredAction(t.wolf(0)).alreadySubmitted);
    QVERIFY(!t.m.requiredAction(t.wolf(1)).alreadySubmitted);
    const std::string brief = phaseBrief(t.m, t.wolf(1));
    QVERIFY(brief.find("WEREWOLF") != std::string::npos);
    QVERIFY(brief.find("wolf_kill") != std::string::npos);
    const std::string vbrief = phaseBrief(t.m, t.villager(1));
    QVERIFY(vbrief.find("Your pack") == std::string::npos);
}

void TstRules::replayReproducesStateHash()
{
    Table t;
    reach(t, Phase::DayVote);
    QVERIFY_OK(t.vote(t.villager(1), t.wolf(0)));
    t.until(Phase::Night);
    std::string why;
    auto r = Match::replay(t.m.log(), &why);
    QVERIFY2(r, why.c_str());
    QCOMPARE(r->stateHash(), t.m.stateHash());
    QCOMPARE(r->log().size(), t.m.log().size());
    // A gap or a foreign first event is refused.
    auto broken = t.m.log();
    broken.erase(broken.begin() + 3);
    QVERIFY(!Match::replay(broken, &why));
    QVERIFY(!why.empty());
    // Round-trip through JSON (export/import form).
    std::vector<Event> back;
    for (const Event &e : t.m.log()) {
        auto x = eventFromJson(json::parse(toJson(e).dump()));
        QVERIFY(x);
        back.push_back(*x);
    }
    QCOMPARE(Match::replay(back)->stateHash(), t.m.stateHash());
}

void TstRules::pauseAndResume()
{
    Table t;
    reach(t, Phase::DayDiscussion);
    const TimeMs remaining = t.s().phaseEndsAt - t.now;
    QVERIFY(!t.m.pause(t.now).empty());
    QVERIFY(!t.m.nextDeadline());
    QCOMPARE_E(t.say(t.villager(1), "hello").error().code, ErrorCode::MatchPaused);
    t.now += 600'000;
    QVERIFY(t.m.advance(t.now).empty());
    t.m.resume(t.now);
    QCOMPARE(*t.m.nextDeadline(), t.now + remaining);
    QCOMPARE_E(t.s().phase, Phase::DayDiscussion);
}

void TstRules::skipPhase()
{
    Table t;
    reach(t, Phase::DayOpening);
    t.m.skipPhase(t.now);
    QCOMPARE_E(t.s().phase, Phase::DayDiscussion);
    t.m.skipPhase(t.now);
    QCOMPARE_E(t.s().phase, Phase::DayVote);
    QCOMPARE(t.s().phaseStartedAt, t.now);
}

namespace {

/// Lets time pass until the match pauses or ends (at most `maxSteps` deadlines).
void runUntilPaused(Table &t, int maxSteps = 200)
{
    for (int i = 0; i < maxSteps && !t.s().paused && !t.m.ended(); ++i)
        t.step();
}

/// Every living player votes: all for the first wolf, who votes for the seer.
void everyoneVotes(Table &t)
{
    const std::string wolf = t.wolf(0);
    std::vector<std::string> alive;
    for (const Player &p : t.s().players)
        if (p.alive)
            alive.push_back(p.playerId);
    for (const std::string &v : alive)
        if (t.s().phase == Phase::DayVote && !t.s().paused)
            QVERIFY(t.vote(v, v == wolf ? t.seer() : wolf).ok());
}

/// Every living night role acts (ends the night early).
void nightActs(Table &t)
{
    const std::string victim = t.villager(0);
    QVERIFY_OK(t.kill(t.wolf(0), victim));
    QVERIFY_OK(t.kill(t.wolf(1), victim));
    QVERIFY_OK(t.inspect(t.seer(), t.villager(1)));
    QVERIFY_OK(t.protect(t.doctor(), t.seer()));
}

/// How a row makes the match move on from where the breakpoints were set.
enum class Drive { Time, NightActs, EveryoneVotes, Step, SkipPhase };

void drive(Table &t, Drive d)
{
    switch (d) {
    case Drive::Time:
        break;
    case Drive::NightActs:
        nightActs(t);
        break;
    case Drive::EveryoneVotes:
        everyoneVotes(t);
        break;
    case Drive::Step:
        t.m.step(t.now);
        break;
    case Drive::SkipPhase:
        t.m.skipPhase(t.now);
        break;
    }
    runUntilPaused(t);
}

const Event *lastPause(const Table &t)
{
    return t.last(EventType::MatchPaused);
}

} // namespace

Q_DECLARE_METATYPE(Drive)

void TstRules::breakpoints_data()
{
    QTest::addColumn<Phase>("from");      // where the breakpoints are set
    QTest::addColumn<bool>("atPhase");    // Breakpoints::phaseBoundary
    QTest::addColumn<bool>("beforeVote"); // Breakpoints::beforeVoteResolution
    QTest::addColumn<Drive>("drive");
    QTest::addColumn<Phase>("stopsIn");     // Phase::Ended: never stops
    QTest::addColumn<QString>("kind");      // the MATCH_PAUSED's breakpoint field
    QTest::addColumn<bool>("fullTimeLeft"); // remainingMs: the whole new phase (or turn), else 0
    QTest::addColumn<bool>("voteResolved"); // a VOTE_RESULT of day 1 exists when it stops

    QTest::newRow("phase: announce times out, stops as the opening begins")
        << Phase::DayAnnounce << true << false << Drive::Time << Phase::DayOpening
        << "PHASE_BOUNDARY" << true << false;
    QTest::newRow("phase: night ends early (everyone acted)")
        << Phase::Night << true << false << Drive::NightActs << Phase::DayAnnounce
        << "PHASE_BOUNDARY" << true << false;
    QTest::newRow("phase: skip phase still stops at the boundary")
        << Phase::DayDiscussion << true << false << Drive::SkipPhase << Phase::DayVote
        << "PHASE_BOUNDARY" << true << false;
    QTest::newRow("phase: the vote resolves, stops as the resolution begins")
        << Phase::DayVote << true << false << Drive::EveryoneVotes << Phase::DayResolution
        << "PHASE_BOUNDARY" << true << true;
    QTest::newRow("vote: deadline passes, stops before resolution")
        << Phase::DayVote << false << true << Drive::Time << Phase::DayVote
        << "BEFORE_VOTE_RESOLUTION" << false << false;
    QTest::newRow("vote: ends early because everyone voted, still stops before resolution")
        << Phase::DayVote << false << true << Drive::EveryoneVotes << Phase::DayVote
        << "BEFORE_VOTE_RESOLUTION" << false << false;
    QTest::newRow("vote: set during discussion, stops at the vote's end not its start")
        << Phase::DayDiscussion << false << true << Drive::Time << Phase::DayVote
        << "BEFORE_VOTE_RESOLUTION" << false << false;
    QTest::newRow("vote: skipping the vote stops before resolution")
        << Phase::DayVote << false << true << Drive::SkipPhase << Phase::DayVote
        << "BEFORE_VOTE_RESOLUTION" << false << false;
    QTest::newRow("both: the stop as the vote begins comes first")
        << Phase::DayDiscussion << true << true << Drive::Time << Phase::DayVote << "PHASE_BOUNDARY"
        << true << false;
    QTest::newRow("step on a running match stops at the next boundary")
        << Phase::DayDiscussion << false << false << Drive::Step << Phase::DayVote << "STEP" << true
        << false;
    QTest::newRow("none: never stops") << Phase::DayDiscussion << false << false << Drive::Time
                                       << Phase::Ended << "" << false << true;
}

void TstRules::breakpoints()
{
    QFETCH(Phase, from);
    QFETCH(bool, atPhase);
    QFETCH(bool, beforeVote);
    QFETCH(Drive, drive);
    QFETCH(Phase, stopsIn);
    QFETCH(QString, kind);
    QFETCH(bool, fullTimeLeft);
    QFETCH(bool, voteResolved);

    Table t;
    reach(t, from);
    QCOMPARE_E(t.s().phase, from);
    const std::size_t set = t.m.setBreakpoints({atPhase, beforeVote}, t.now).size();
    QCOMPARE(set, std::size_t(atPhase || beforeVote ? 1 : 0));
    QVERIFY(t.m.breakpoints() == (Breakpoints{atPhase, beforeVote}));
    // A match rebuilt from the log at this point (a recovered host) stops at
    // the very same event.
    Table twin;
    twin.m = *Match::replay(t.m.log());
    twin.now = t.now;

    ::drive(t, drive);
    ::drive(twin, drive);
    QCOMPARE(twin.m.log().size(), t.m.log().size());
    QCOMPARE(twin.m.stateHash(), t.m.stateHash());
    QCOMPARE(Match::replay(t.m.log())->stateHash(), t.m.stateHash());

    auto voteResults = [&t] {
        std::size_t n = 0;
        for (const Event &e : t.m.log())
            n += e.type == EventType::VoteResult && e.payload.value("day", 0) == 1;
        return n;
    };
    if (stopsIn == Phase::Ended) {
        QVERIFY(t.m.ended());
        QVERIFY(!lastPause(t));
        QCOMPARE(voteResults(), std::size_t(1));
        return;
    }
    QVERIFY(t.s().paused);
    QCOMPARE_E(t.s().phase, stopsIn);
    const Event *pause = lastPause(t);
    QVERIFY(pause);
    QCOMPARE(pause->seq, t.s().lastSeq - (t.m.log().back().type == EventType::Narrator ? 1 : 0));
    QCOMPARE(qs(pause->payload.value("reason", "")), QStringLiteral("breakpoint"));
    QCOMPARE(qs(pause->payload.value("breakpoint", "")), kind);
    QCOMPARE(voteResults(), std::size_t(voteResolved ? 1 : 0));
    const std::int64_t remaining = pause->payload.at("remainingMs").get<std::int64_t>();
    if (fullTimeLeft) {
        const std::int64_t full = stopsIn == Phase::DayOpening
                                      ? t.s().turnEndsAt - t.s().phaseStartedAt
                                      : t.s().phaseEndsAt - t.s().phaseStartedAt;
        QVERIFY(full > 0);
        QCOMPARE(remaining, full);
        QCOMPARE(pause->at, t.s().phaseStartedAt);
    } else {
        QCOMPARE(remaining, std::int64_t(0));
    }
    // Paused: time passes, nothing happens, players are refused.
    const std::size_t frozen = t.m.log().size();
    t.now += 3'600'000;
    QVERIFY(t.m.advance(t.now).empty());
    QCOMPARE(t.m.log().size(), frozen);
    QVERIFY(!t.m.nextDeadline());

    // Resume continues where it stopped: a vote stop resolves the vote at once,
    // a boundary stop gives the phase its whole time.
    t.m.resume(t.now, "host");
    QVERIFY(!t.s().paused);
    if (kind == QLatin1String("BEFORE_VOTE_RESOLUTION")) {
        QCOMPARE(*t.m.nextDeadline(), t.now);
        t.m.advance(t.now);
        QCOMPARE(voteResults(), std::size_t(1));
        QVERIFY(t.s().phase != Phase::DayVote);
    } else {
        QCOMPARE(*t.m.nextDeadline(), t.now + remaining);
        QCOMPARE_E(t.s().phase, stopsIn);
    }
    // Clearing the breakpoints lets the match play to its end.
    t.m.setBreakpoints({}, t.now);
    runUntilPaused(t, 400);
    QVERIFY(t.m.ended());
    QCOMPARE(Match::replay(t.m.log())->stateHash(), t.m.stateHash());
}

void TstRules::stepAdvancesOnePhase_data()
{
    QTest::addColumn<Phase>("from");
    QTest::addColumn<bool>("beforeVote");
    QTest::addColumn<QString>(
        "stops"); // the phases it stops in, step after step ("V!": before resolution)
    QTest::newRow("from the night") << Phase::Night << false << "A O D V R N A";
    QTest::newRow("from the discussion") << Phase::DayDiscussion << false << "V R N A O";
    QTest::newRow("with a vote breakpoint") << Phase::DayDiscussion << true << "V V! R N";
}

void TstRules::stepAdvancesOnePhase()
{
    QFETCH(Phase, from);
    QFETCH(bool, beforeVote);
    QFETCH(QString, stops);
    Table t;
    reach(t, from);
    t.m.setBreakpoints({false, beforeVote}, t.now);
    t.m.pause(t.now);
    const std::map<char, Phase> code{{'N', Phase::Night},
                                     {'A', Phase::DayAnnounce},
                                     {'O', Phase::DayOpening},
                                     {'D', Phase::DayDiscussion},
                                     {'V', Phase::DayVote},
                                     {'R', Phase::DayResolution}};
    for (const QString &want : stops.split(QLatin1Char(' '))) {
        const bool voteStop = want.endsWith(QLatin1Char('!'));
        const std::size_t phasesBefore = t.s().phaseHistory.size();
        QVERIFY(t.s().paused);
        QVERIFY(!t.m.step(t.now).empty());
        QVERIFY(!t.s().paused);
        runUntilPaused(t);
        QVERIFY2(t.s().paused, qPrintable(want));
        QCOMPARE_E(t.s().phase, code.at(want.at(0).toLatin1()));
        // Exactly one phase further (none when it stopped before the vote's resolution).
        QCOMPARE(t.s().phaseHistory.size(), phasesBefore + (voteStop ? 0 : 1));
        QCOMPARE(qs(lastPause(t)->payload.value("breakpoint", "")),
                 voteStop ? QStringLiteral("BEFORE_VOTE_RESOLUTION") : QStringLiteral("STEP"));
        QVERIFY(!t.s().stepPending);
    }
    QCOMPARE(Match::replay(t.m.log())->stateHash(), t.m.stateHash());
}

void TstRules::breakpointRecords()
{
    // A record only when something changes; for the host's eyes only; none
    // once the match has ended. (That a match without breakpoints plays
    // exactly as before is `townhall simulate`'s log hash.)
    Table t;
    reach(t, Phase::DayDiscussion);
    QCOMPARE(t.m.setBreakpoints({}, t.now).size(), std::size_t(0));
    const auto set = t.m.setBreakpoints({true, true}, t.now);
    QCOMPARE(set.size(), std::size_t(1));
    QCOMPARE_E(set.front().type, EventType::BreakpointsSet);
    QCOMPARE_E(set.front().audience, Audience::Host);
    QVERIFY(!visible(set.front(), Viewer::spectator(), t.s()));
    for (const Player &p : t.s().players)
        QVERIFY(!visible(set.front(), Viewer::forPlayer(p.playerId), t.s()));
    QVERIFY(visible(set.front(), Viewer::omniscient(), t.s()));
    QCOMPARE(t.m.setBreakpoints({true, true}, t.now).size(), std::size_t(0));
    QCOMPARE(t.m.setBreakpoints({}, t.now).size(), std::size_t(1));
    QVERIFY(t.m.breakpoints() == Breakpoints{});
    runUntilPaused(t, 400);
    QVERIFY(t.m.ended());
    QVERIFY(t.m.setBreakpoints({true, false}, t.now).empty());
    QVERIFY(t.m.step(t.now).empty());
}

void TstRules::queueCreatesMatchAtEight()
{
    Lobby lobby(7);
    for (int i = 0; i < 7; ++i) {
        auto r = lobby.join(
            "a" + std::to_string(i), "Agent " + std::to_string(i), DefaultQueueId, T0 + i);
        QVERIFY(r.ok());
        QCOMPARE(*r->status.position, i + 1);
        QCOMPARE(r->status.size, i + 1);
        QVERIFY(!r->startedMatch);
        QVERIFY(lobby.matches().empty());
    }
    auto r = lobby.join("a7", "Agent 7", DefaultQueueId, T0 + 10);
    QVERIFY(r.ok());
    QVERIFY(r->startedMatch);
    QCOMPARE(lobby.matches().size(), size_t(1));
    QCOMPARE(lobby.queue().size(), size_t(0));
    QVERIFY(r->status.assignment);
    QCOMPARE(r->status.assignment->seat, 8);
    const Building *b = lobby.building(r->startedMatch->matchId());
    QVERIFY(b);
    QCOMPARE(b->label, std::string("Werewolf Game #1"));
    QCOMPARE(r->startedMatch->state().buildingInstanceId, b->buildingInstanceId);
    // Seats follow join order.
    for (int i = 0; i < 8; ++i)
        QCOMPARE(r->startedMatch->state().players[static_cast<std::size_t>(i)].agentId,
                 "a" + std::to_string(i));
    // Buildings never overlap.
    for (int n = 1; n < 40; ++n)
        for (int m = n + 1; m <= 40; ++m) {
            const Building a = Lobby::buildingFor(n, "x", 0);
            const Building c = Lobby::buildingFor(m, "y", 0);
            QVERIFY(std::hypot(a.x - c.x, a.y - c.y) > 90);
        }
}

// An agent that asks for a bot's name (or two agents for one name) is seated
// under a suffixed name: players refer to each other by name.
void TstRules::seatedNamesAreDistinct()
{
    Lobby lobby;
    for (const char *name : {"Ada", "Ada", "Bo", "Ada", "Cy", "Bo", "Di", "Ed"})
        QVERIFY(
            lobby.join("agent:" + std::to_string(lobby.queue().size()), name, DefaultQueueId, T0)
                .ok());
    const Match *m = lobby.match("match-1");
    QVERIFY(m);
    std::set<std::string> names;
    for (const Player &p : m->state().players)
        names.insert(p.displayName);
    QCOMPARE(names.size(), size_t(8));
    QVERIFY(names.count("Ada") && names.count("Ada 2") && names.count("Ada 3")
            && names.count("Bo 2"));
    // The left record round-trips its reason.
    LobbyRecord left{
        LobbyRecord::Kind::Left, T0, DefaultQueueId, "x", "", {}, 0, 0, {}, "abandoned"};
    QCOMPARE(LobbyRecord::fromJson(left.toJson())->reason, std::string("abandoned"));
}

void TstRules::queueLeaveAndStatus()
{
    Lobby lobby;
    QVERIFY(lobby.join("a", "A", DefaultQueueId, T0).ok());
    QVERIFY(lobby.join("b", "B", DefaultQueueId, T0).ok());
    QVERIFY(lobby.join("a", "A", DefaultQueueId, T0).ok()); // twice: still one entry
    QCOMPARE(lobby.queue().size(), size_t(2));
    auto st = lobby.status("b", DefaultQueueId);
    QCOMPARE(*st->position, 2);
    auto l = lobby.leave("a", DefaultQueueId, T0);
    QVERIFY(l->removed);
    QCOMPARE(*lobby.status("b", DefaultQueueId)->position, 1);
    QVERIFY(!lobby.leave("a", DefaultQueueId, T0)->removed); // safe when not queued
    QVERIFY(!lobby.status("a", DefaultQueueId)->position);
    // The journal rebuilds the same queue.
    Lobby again;
    for (const auto &rec : lobby.join("c", "C", DefaultQueueId, T0)->records)
        (void)rec;
    Lobby rebuilt;
    LobbyRecord j1{LobbyRecord::Kind::Joined, T0, DefaultQueueId, "b", "B", {}, 0, 0, {}, {}};
    auto parsed = LobbyRecord::fromJson(j1.toJson());
    QVERIFY(parsed);
    rebuilt.applyRecord(*parsed);
    QCOMPARE(rebuilt.queue().front().agentId, std::string("b"));
}

void TstRules::queueRejectsUnknownQueueAndSeatedAgents()
{
    Lobby lobby;
    auto bad = lobby.join("a", "A", "ranked", T0);
    QVERIFY(!bad.ok());
    QCOMPARE_E(bad.error().code, ErrorCode::UnknownQueue);
    for (int i = 0; i < 8; ++i)
        QVERIFY_OK(lobby.join("a" + std::to_string(i), "A", DefaultQueueId, T0));
    auto seated = lobby.join("a3", "A", DefaultQueueId, T0);
    QCOMPARE_E(seated.error().code, ErrorCode::AlreadyInMatch);
    QVERIFY(lobby.status("a3", DefaultQueueId)->assignment);
}

QTEST_APPLESS_MAIN(TstRules)
#include "tst_rules.moc"
