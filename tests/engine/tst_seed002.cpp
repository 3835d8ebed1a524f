// SPDX-License-Identifier: MIT
// The rules beyond classic, one row at a time: rule sets and their JSON, the
// witch, the hunter, the PK revote, max_days and hidden roles, and how they
// interact. docs/rules.md lists every decision these rows pin down.

#include "table.h"

#include "engine/payloads.h"
#include "engine/simulator.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

using namespace townhall::engine;
using namespace townhall::engine::test;

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

MatchConfig configFor(const char *preset, const std::function<void(RuleSet &)> &tweak = {})
{
    MatchConfig c;
    c.rules = *rulePreset(preset);
    if (tweak)
        tweak(c.rules);
    return c;
}

/// A witch table with shorthands for its roles and the new commands.
struct Table2 : Table
{
    explicit Table2(MatchConfig cfg, std::uint64_t seed = 7)
        : Table(seed, std::move(cfg))
    {}

    /// The witch and the hunter, dead or alive (a dead hunter still shoots).
    std::string witch() const { return anyOf(Role::Witch); }
    std::string hunter() const { return anyOf(Role::Hunter); }
    std::string anyOf(Role r) const
    {
        const auto v = ids(r, false);
        return v.empty() ? std::string() : v.front();
    }
    std::string villagerOrHunter(std::size_t nth) const
    {
        return nth == 0 ? hunter() : villager(nth - 1);
    }

    Expected<std::vector<Event>> save(std::optional<std::string> target = {})
    {
        return run(cmd(Command::Kind::WitchSave, witch(), std::move(target)));
    }
    Expected<std::vector<Event>> poison(const std::string &target)
    {
        return run(cmd(Command::Kind::WitchPoison, witch(), target));
    }
    Expected<std::vector<Event>> pass() { return run(cmd(Command::Kind::WitchPass, witch())); }
    Expected<std::vector<Event>> shoot(const std::string &by, std::optional<std::string> target)
    {
        return run(cmd(Command::Kind::HunterShoot, by, std::move(target)));
    }

    /// Every living wolf picks `victim`; the seer inspects someone; a doctor
    /// protects `protect` (or a wolf, harmlessly). The night is then complete.
    void night(const std::string &victim, std::optional<std::string> protect = {})
    {
        for (const std::string &w : ids(Role::Werewolf))
            QVERIFY_OK(kill(w, victim));
        if (!seer().empty() && s().phase == Phase::Night) {
            const std::string target = wolf(0);
            QVERIFY_OK(inspect(seer(), target));
        }
        if (!doctor().empty() && s().phase == Phase::Night)
            QVERIFY_OK(protect_(protect.value_or(wolf(0))));
    }
    Expected<std::vector<Event>> protect_(const std::string &t) { return protect(doctor(), t); }

    /// Everyone alive (who may vote) votes by `choose(voter)`.
    void voteAll(const std::function<std::optional<std::string>(const std::string &)> &choose)
    {
        std::vector<std::string> voters;
        for (const Player &p : s().players)
            if (p.alive)
                voters.push_back(p.playerId);
        for (const std::string &v : voters) {
            if (s().phase != Phase::DayVote && s().phase != Phase::DayPkVote)
                return;
            const auto r = requiredActionOf(v);
            if (r.type != ActionType::Vote)
                continue;
            QVERIFY_OK(vote(v, choose(v)));
        }
    }
    Match::RequiredAction requiredActionOf(const std::string &p) const
    {
        return m.requiredAction(p);
    }

    /// A vote that ties `a` and `b`: they vote for each other, everyone else
    /// alternates between them.
    static std::function<std::optional<std::string>(const std::string &)>
    split(const std::string &a, const std::string &b)
    {
        auto n = std::make_shared<int>(0);
        return [a, b, n](const std::string &v) -> std::optional<std::string> {
            if (v == a)
                return b;
            if (v == b)
                return a;
            return ((*n)++ % 2) ? a : b;
        };
    }

    const Event *lastOf(EventType t) const { return last(t); }
    bool alive(const std::string &id_) const { return m.player(id_) && m.player(id_)->alive; }
};

int countRole(const MatchState &s, Role r)
{
    return static_cast<int>(std::count_if(
        s.players.begin(), s.players.end(), [r](const Player &p) { return p.role == r; }));
}

} // namespace

class TstSeed002 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presetsDealTheirRoles_data();
    void presetsDealTheirRoles();
    void ruleSetJson_data();
    void ruleSetJson();
    void presetsAnswerToTheirAliases_data();
    void presetsAnswerToTheirAliases();
    void classicConfigIsUnchanged();
    void matchUnderAFormerPresetNameReplays_data();
    void matchUnderAFormerPresetNameReplays();
    void witchSavesTheWolvesTarget();
    void witchPoisons();
    void witchRefusals_data();
    void witchRefusals();
    void witchSelfSave_data();
    void witchSelfSave();
    void bothPotionsInOneNight();
    void witchLearnsTheVictimOnlyWithHerAntidote_data();
    void witchLearnsTheVictimOnlyWithHerAntidote();
    void protectionAndAntidoteOnOnePlayer_data();
    void protectionAndAntidoteOnOnePlayer();
    void deadWitchsTurnStillRuns();
    void hunterShootsAfterAVote();
    void hunterShootsAfterAWolfKill();
    void poisonedHunter_data();
    void poisonedHunter();
    void hunterHoldsFireOrTimesOut();
    void hunterShotEndsTheMatch_data();
    void hunterShotEndsTheMatch();
    void hunterShootsBeforeTheDawnCheck();
    void hunterRefusals();
    void pkRevote();
    void pkTiesAgain();
    void pkCandidatesMayVoteWhenTheRulesSaySo();
    void noPkUnderTheClassicTieRule();
    void maxDaysEndsInADraw();
    void hiddenRolesOnDeath();
    void replayReproducesSeed002State();
};

void TstSeed002::presetsDealTheirRoles_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("seats");
    QTest::addColumn<int>("wolves");
    QTest::addColumn<int>("witches");
    QTest::addColumn<int>("hunters");
    QTest::addColumn<int>("doctors");
    QTest::newRow("classic") << "classic" << 8 << 2 << 0 << 0 << 1;
    QTest::newRow("6p") << "6p" << 6 << 2 << 1 << 0 << 0;
    QTest::newRow("9p") << "9p" << 9 << 3 << 1 << 1 << 0;
    QTest::newRow("12p") << "12p" << 12 << 4 << 1 << 1 << 1;
}

void TstSeed002::presetsDealTheirRoles()
{
    QFETCH(QString, preset);
    QFETCH(int, seats);
    QFETCH(int, wolves);
    QFETCH(int, witches);
    QFETCH(int, hunters);
    QFETCH(int, doctors);
    std::set<std::string> witchSeats;
    for (std::uint64_t seed : {1ULL, 2ULL, 99ULL, 1234ULL}) {
        Table2 t(configFor(preset.toUtf8().constData()), seed);
        QCOMPARE(int(t.s().players.size()), seats);
        QCOMPARE(countRole(t.s(), Role::Werewolf), wolves);
        QCOMPARE(countRole(t.s(), Role::Witch), witches);
        QCOMPARE(countRole(t.s(), Role::Hunter), hunters);
        QCOMPARE(countRole(t.s(), Role::Doctor), doctors);
        QCOMPARE(countRole(t.s(), Role::Seer), 1);
        witchSeats.insert(t.id(Role::Werewolf));
        // Each wolf's role card names all the wolves.
        for (const Event &e : t.m.log())
            if (e.type == EventType::RoleCard && e.payload.at("role") == "WEREWOLF")
                QCOMPARE(int(e.payload.at("knownWolves").size()), wolves);
    }
    QVERIFY(witchSeats.size() > 1); // the seed shuffles the table
}

void TstSeed002::ruleSetJson_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error"); // empty: valid
    QTest::newRow("classic by default") << "{}"
                                        << "";
    QTest::newRow("from a preset") << R"({"base": "9p", "maxDays": 4})"
                                   << "";
    QTest::newRow("custom table")
        << R"({"table": {"werewolves": 3, "seers": 1, "doctors": 1, "witches": 1, "hunters": 1, "villagers": 4}, "tie": "PK"})"
        << "";
    QTest::newRow("unknown key") << R"({"wolves": 3})"
                                 << "unknown key \"wolves\"";
    QTest::newRow("unknown preset") << R"({"base": "13p"})"
                                    << "no preset named \"13p\"";
    QTest::newRow("too small") << R"({"table": {"villagers": 1}})"
                               << "6 to 12 players";
    QTest::newRow("too large") << R"({"table": {"villagers": 9}})"
                               << "6 to 12 players";
    QTest::newRow("wolves half") << R"({"table": {"werewolves": 4, "villagers": 2}})"
                                 << "fewer than half";
    QTest::newRow("two witches") << R"({"table": {"witches": 2, "villagers": 2}})"
                                 << "at most one";
    QTest::newRow("bad tie") << R"({"tie": "COIN"})"
                             << "tie must be";
    QTest::newRow("bad type") << R"({"maxDays": "ten"})"
                              << "maxDays must be an integer";
    QTest::newRow("bad bool") << R"({"pkCandidatesVote": 1})"
                              << "pkCandidatesVote must be true or false";
    QTest::newRow("bad language") << R"({"language": "fr"})"
                                  << "language must be";
    QTest::newRow("short timer") << R"({"timers": {"witchMs": 5}})"
                                 << "witchMs must be";
    QTest::newRow("not an object") << "[1]"
                                   << "not a JSON object";
}

void TstSeed002::ruleSetJson()
{
    QFETCH(QString, json);
    QFETCH(QString, error);
    auto r = RuleSet::fromJson(nlohmann::json::parse(json.toStdString()));
    if (error.isEmpty()) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        // What it writes reads back as the same rule set.
        auto again = RuleSet::fromJson(r->toJson());
        QVERIFY(again.ok());
        QVERIFY(*again == *r);
    } else {
        QVERIFY(!r.ok());
        QVERIFY2(qs(r.error().message).contains(error), r.error().message.c_str());
    }
}

void TstSeed002::presetsAnswerToTheirAliases_data()
{
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("former"); // a name the preset had before
    QTest::newRow("classic") << "classic"
                             << "classic" << false;
    QTest::newRow("witch-6") << "witch-6"
                             << "witch-6" << false;
    QTest::newRow("witch-hunter-9") << "witch-hunter-9"
                                    << "witch-hunter-9" << false;
    QTest::newRow("witch-hunter-doctor-12") << "witch-hunter-doctor-12"
                                            << "witch-hunter-doctor-12" << false;
    QTest::newRow("seed002-6") << "seed002-6"
                               << "witch-6" << true;
    QTest::newRow("seed002-9") << "seed002-9"
                               << "witch-hunter-9" << true;
    QTest::newRow("seed002-12") << "seed002-12"
                                << "witch-hunter-doctor-12" << true;
    QTest::newRow("6p") << "6p"
                        << "witch-6" << false;
    QTest::newRow("9p") << "9p"
                        << "witch-hunter-9" << false;
    QTest::newRow("12p") << "12p"
                         << "witch-hunter-doctor-12" << false;
}

void TstSeed002::presetsAnswerToTheirAliases()
{
    QFETCH(QString, alias);
    QFETCH(QString, preset);
    QFETCH(bool, former);
    const std::string a = alias.toStdString();
    const std::string p = preset.toStdString();
    // The preset is listed under its name, never under an alias.
    QCOMPARE(std::count_if(rulePresets().begin(),
                           rulePresets().end(),
                           [&](const RuleSet &r) { return r.name == p; }),
             std::ptrdiff_t(1));
    if (a != p)
        QVERIFY(std::none_of(rulePresets().begin(), rulePresets().end(), [&](const RuleSet &r) {
            return r.name == a;
        }));
    const auto byAlias = rulePreset(a);
    QVERIFY(byAlias);
    QCOMPARE(*byAlias, *rulePreset(p)); // names included: it carries the current name
    QCOMPARE(qs(byAlias->name), preset);
    // A rule-set file may start from either.
    const auto fromAlias = RuleSet::fromJson(nlohmann::json{{"base", a}, {"maxDays", 3}});
    const auto fromName = RuleSet::fromJson(nlohmann::json{{"base", p}, {"maxDays", 3}});
    QVERIFY(fromAlias.ok() && fromName.ok());
    QCOMPARE(*fromAlias, *fromName);
    // Only the former names are renames (they name queues and stored matches).
    const auto renamed = renamedPreset(a);
    QCOMPARE(renamed.has_value(), former);
    if (former)
        QCOMPARE(qs(std::string(*renamed)), preset);
}

void TstSeed002::classicConfigIsUnchanged()
{
    // A classic match writes no rule set, so its MATCH_CREATED (and so its
    // log hash) is what it was before rule sets existed.
    Table classic;
    QVERIFY(!classic.m.log().front().payload.at("config").contains("rules"));
    Table2 nine(configFor("9p"));
    const auto &cfg = nine.m.log().front().payload.at("config");
    QVERIFY(cfg.contains("rules"));
    QCOMPARE(qs(cfg.at("rules").at("name").get<std::string>()), QStringLiteral("witch-hunter-9"));
    // And a replica built from the log knows the rules.
    QVERIFY(Match::replay(nine.m.log())->state().config.rules == *rulePreset("9p"));
}

void TstSeed002::matchUnderAFormerPresetNameReplays_data()
{
    QTest::addColumn<QString>("former");
    QTest::addColumn<QString>("preset");
    QTest::newRow("seed002-6") << "seed002-6"
                               << "witch-6";
    QTest::newRow("seed002-9") << "seed002-9"
                               << "witch-hunter-9";
    QTest::newRow("seed002-12") << "seed002-12"
                                << "witch-hunter-doctor-12";
}

void TstSeed002::matchUnderAFormerPresetNameReplays()
{
    QFETCH(QString, former);
    QFETCH(QString, preset);
    // A match created before the presets were renamed: the same rule set,
    // its MATCH_CREATED naming it by the name it had then.
    MatchConfig old;
    old.rules = *rulePreset(preset.toStdString());
    old.rules.name = former.toStdString();
    MatchConfig now;
    now.rules = *rulePreset(preset.toStdString());
    for (std::uint64_t seed : {3ULL, 17ULL}) {
        const SimulatedMatch stored = simulateMatch(seed, old);
        const SimulatedMatch fresh = simulateMatch(seed, now);
        const std::vector<Event> &log = stored.match->log();
        QVERIFY(stored.match->ended());
        QCOMPARE(qs(log.front().payload.at("config").at("rules").at("name").get<std::string>()),
                 former);
        // It loads as it was stored and replays to the same state...
        auto again = Match::fromLog(log);
        QVERIFY(again.ok());
        QCOMPARE(qs(again->state().config.rules.name), former);
        QCOMPARE(again->stateHash(), stored.match->stateHash());
        QCOMPARE(again->log().size(), log.size());
        for (std::size_t i = 0; i < log.size(); ++i)
            QCOMPARE(toJson(again->log()[i]).dump(), toJson(log[i]).dump());
        // ...and the name changes nothing else: a match under the new name
        // plays the same game.
        QCOMPARE(fresh.match->log().size(), log.size());
        for (std::size_t i = 1; i < log.size(); ++i)
            QCOMPARE(toJson(fresh.match->log()[i]).dump(), toJson(log[i]).dump());
        nlohmann::json created = toJson(fresh.match->log().front());
        created["payload"]["config"]["rules"]["name"] = former.toStdString();
        QCOMPARE(created.dump(), toJson(log.front()).dump());
    }
}

void TstSeed002::witchSavesTheWolvesTarget()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    const std::string victim = t.villager(0);
    t.night(victim);
    QCOMPARE_E(t.s().phase, Phase::NightWitch);
    const Event *told = t.lastOf(EventType::WitchInformed);
    QVERIFY(told);
    QCOMPARE(qs(told->audiencePlayerId), qs(t.witch()));
    QCOMPARE(qs(told->payload.at("killedPlayerId").get<std::string>()), qs(victim));
    const auto req = t.requiredActionOf(t.witch());
    QCOMPARE_E(req.type, ActionType::WitchAct);
    QVERIFY(req.antidote && req.poison);
    QCOMPARE(qs(req.killedPlayerId.value_or("")), qs(victim));
    QVERIFY_OK(t.save());
    // She acted: the night resolves at once and nobody died.
    QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    QVERIFY(t.alive(victim));
    const Event *result = t.lastOf(EventType::NightResult);
    QVERIFY(result->payload.at("killedPlayerId").is_null());
    QVERIFY(result->payload.at("deaths").empty());
    QVERIFY(!result->payload.at("savedByDoctor").get<bool>()); // the witch's save stays secret
    QCOMPARE(t.count(EventType::PlayerEliminated), std::size_t(0));
    QVERIFY(!t.m.player(t.witch())->hasAntidote);
    QVERIFY(t.m.player(t.witch())->hasPoison);
}

void TstSeed002::witchPoisons()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    const std::string victim = t.villager(0);
    t.night(victim);
    const std::string target = t.wolf(1);
    QVERIFY_OK(t.poison(target));
    QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    QVERIFY(!t.alive(victim));
    QVERIFY(!t.alive(target));
    const Event *result = t.lastOf(EventType::NightResult);
    std::vector<std::string> deaths = result->payload.at("deaths").get<std::vector<std::string>>();
    // Both deaths, in seat order, both told as night kills: who did which is secret.
    std::vector<std::string> expected{victim, target};
    std::sort(expected.begin(), expected.end(), [&t](const std::string &a, const std::string &b) {
        return t.m.player(a)->seat < t.m.player(b)->seat;
    });
    QCOMPARE(deaths.size(), std::size_t(2));
    QVERIFY(deaths == expected);
    for (const Event &e : t.m.log())
        if (e.type == EventType::PlayerEliminated)
            QCOMPARE(qs(e.payload.at("cause").get<std::string>()), QStringLiteral("NIGHT_KILL"));
    const Event *resolved = t.lastOf(EventType::NightResolved);
    QCOMPARE_E(resolved->audience, Audience::Host);
    QCOMPARE(qs(resolved->payload.at("witchPoisonedPlayerId").get<std::string>()), qs(target));
    // The poison is used up.
    QVERIFY(!t.m.player(t.witch())->hasPoison);
}

void TstSeed002::witchRefusals_data()
{
    QTest::addColumn<int>("kind");       // Command::Kind
    QTest::addColumn<QString>("who");    // witch | wolf | seer
    QTest::addColumn<QString>("target"); // victim | wolf | witch | stranger | none
    QTest::addColumn<QString>("code");
    using K = Command::Kind;
    QTest::newRow("save someone else") << int(K::WitchSave) << "witch"
                                       << "wolf"
                                       << "INVALID_TARGET";
    QTest::newRow("poison herself") << int(K::WitchPoison) << "witch"
                                    << "witch"
                                    << "INVALID_TARGET";
    QTest::newRow("poison nobody") << int(K::WitchPoison) << "witch"
                                   << "none"
                                   << "INVALID_TARGET";
    QTest::newRow("poison a stranger") << int(K::WitchPoison) << "witch"
                                       << "stranger"
                                       << "INVALID_TARGET";
    QTest::newRow("a wolf plays witch") << int(K::WitchPoison) << "wolf"
                                        << "victim"
                                        << "NOT_YOUR_ROLE";
    QTest::newRow("the seer plays witch") << int(K::WitchPass) << "seer"
                                          << "none"
                                          << "NOT_YOUR_ROLE";
}

void TstSeed002::witchRefusals()
{
    QFETCH(int, kind);
    QFETCH(QString, who);
    QFETCH(QString, target);
    QFETCH(QString, code);
    Table2 t(configFor("9p"));
    t.readyAll();
    const std::string victim = t.villager(0);
    t.night(victim);
    const std::string by = who == QLatin1String("witch")  ? t.witch()
                           : who == QLatin1String("wolf") ? t.wolf(0)
                                                          : t.seer();
    std::optional<std::string> tgt;
    if (target == QLatin1String("victim"))
        tgt = victim;
    else if (target == QLatin1String("wolf"))
        tgt = t.wolf(0);
    else if (target == QLatin1String("witch"))
        tgt = t.witch();
    else if (target == QLatin1String("stranger"))
        tgt = "p:99";
    const std::size_t before = t.m.log().size();
    auto r = t.run(Table::cmd(static_cast<Command::Kind>(kind), by, tgt));
    QVERIFY(!r.ok());
    QCOMPARE(name(r.error().code), code);
    QCOMPARE(t.m.log().size(), before); // a refusal changes nothing
    QCOMPARE_E(t.s().phase, Phase::NightWitch);
}

void TstSeed002::witchSelfSave_data()
{
    QTest::addColumn<int>("rule"); // WitchSelfSave
    QTest::addColumn<int>("night");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("never, night 1") << int(WitchSelfSave::Never) << 1 << false;
    QTest::newRow("first night, night 1") << int(WitchSelfSave::FirstNight) << 1 << true;
    QTest::newRow("first night, night 2") << int(WitchSelfSave::FirstNight) << 2 << false;
    QTest::newRow("always, night 2") << int(WitchSelfSave::Always) << 2 << true;
}

void TstSeed002::witchSelfSave()
{
    QFETCH(int, rule);
    QFETCH(int, night);
    QFETCH(bool, allowed);
    Table2 t(configFor("9p",
                       [rule](RuleSet &r) { r.witchSelfSave = static_cast<WitchSelfSave>(rule); }));
    t.readyAll();
    if (night == 2) {
        t.night(t.villager(0));
        QVERIFY_OK(t.pass());
        QVERIFY(t.until(Phase::Night));
    }
    t.night(t.witch());
    const auto req = t.requiredActionOf(t.witch());
    QCOMPARE(req.antidote, allowed);
    auto r = t.save();
    QCOMPARE(r.ok(), allowed);
    if (!allowed) {
        QCOMPARE(name(r.error().code), QStringLiteral("NO_POTION"));
        QVERIFY_OK(t.pass());
    }
    // Saved, she lives; refused, the wolves' attack stands.
    QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    QCOMPARE(t.ids(Role::Witch).size(), std::size_t(allowed ? 1 : 0));
}

void TstSeed002::bothPotionsInOneNight()
{
    for (bool both : {false, true}) {
        Table2 t(configFor("9p", [both](RuleSet &r) { r.witchBothPotionsOneNight = both; }));
        t.readyAll();
        const std::string victim = t.villager(0);
        t.night(victim);
        QVERIFY_OK(t.save());
        if (!both) {
            // One potion a night: saving ended her turn and the night.
            QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
            continue;
        }
        QCOMPARE_E(t.s().phase, Phase::NightWitch);
        QCOMPARE_E(t.requiredActionOf(t.witch()).type, ActionType::WitchAct);
        QVERIFY_OK(t.poison(t.wolf(0)));
        QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
        QVERIFY(t.alive(victim));
        QCOMPARE(t.ids(Role::Werewolf).size(), std::size_t(2));
    }
}

void TstSeed002::witchLearnsTheVictimOnlyWithHerAntidote_data()
{
    QTest::addColumn<bool>("seesWithout");
    QTest::newRow("common rule") << false;
    QTest::newRow("option: always told") << true;
}

void TstSeed002::witchLearnsTheVictimOnlyWithHerAntidote()
{
    QFETCH(bool, seesWithout);
    Table2 t(configFor(
        "9p", [seesWithout](RuleSet &r) { r.witchSeesVictimWithoutAntidote = seesWithout; }));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.save());
    QVERIFY(t.until(Phase::Night));
    const std::string victim = t.villager(1);
    t.night(victim);
    const Event *told = t.lastOf(EventType::WitchInformed);
    QCOMPARE(told->payload.at("killedPlayerId").is_null(), !seesWithout);
    QVERIFY(!told->payload.at("antidote").get<bool>());
    QCOMPARE(t.requiredActionOf(t.witch()).killedPlayerId.has_value(), seesWithout);
    // Used up is used up, whatever she was told.
    auto r = t.save(victim);
    QVERIFY(!r.ok());
    QCOMPARE(name(r.error().code), QStringLiteral("NO_POTION"));
}

void TstSeed002::protectionAndAntidoteOnOnePlayer_data()
{
    QTest::addColumn<bool>("kills");
    QTest::newRow("common rule: both on one player kill") << true;
    QTest::newRow("option: they do not") << false;
}

void TstSeed002::protectionAndAntidoteOnOnePlayer()
{
    QFETCH(bool, kills);
    Table2 t(configFor("12p", [kills](RuleSet &r) { r.protectAndAntidoteKill = kills; }));
    t.readyAll();
    const std::string victim = t.villager(0);
    t.night(victim, victim);
    QVERIFY_OK(t.save());
    QCOMPARE(t.alive(victim), !kills);
    // With only the doctor's protection the victim lives, and that is public as in classic.
    Table2 u(configFor("12p"));
    u.readyAll();
    u.night(u.villager(0), u.villager(0));
    QVERIFY_OK(u.pass());
    QVERIFY(u.alive(u.villager(0)));
    QVERIFY(u.lastOf(EventType::NightResult)->payload.at("savedByDoctor").get<bool>());
}

void TstSeed002::deadWitchsTurnStillRuns()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    t.night(t.witch());
    QVERIFY_OK(t.pass());
    QVERIFY(!t.alive(t.witch()));
    QVERIFY(t.until(Phase::Night));
    const TimeMs before = t.now;
    t.night(t.villager(0));
    // Her turn comes and lasts its whole time although nobody can act in it:
    // a turn that ended at once would tell the table she is dead.
    QCOMPARE_E(t.s().phase, Phase::NightWitch);
    QCOMPARE(t.count(EventType::WitchInformed), std::size_t(1)); // night 1 only
    QCOMPARE(t.s().phaseEndsAt, t.now + t.s().config.scaled(t.s().config.rules.witchMs));
    QVERIFY(t.now >= before);
    const std::string victim = t.s().nightVictim.value_or("");
    QVERIFY(!victim.empty());
    t.step();
    QVERIFY(!t.alive(victim));
    QVERIFY(t.s().phase != Phase::NightWitch);
}

void TstSeed002::hunterShootsAfterAVote()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.pass());
    QVERIFY(t.until(Phase::DayVote));
    const std::string hunter = t.hunter();
    t.voteAll([&](const std::string &v) {
        return v == hunter ? std::optional<std::string>(t.wolf(0)) : hunter;
    });
    QCOMPARE_E(t.s().phase, Phase::HunterShot);
    QVERIFY(!t.alive(hunter));
    const auto req = t.requiredActionOf(hunter); // dead, and yet asked
    QCOMPARE_E(req.type, ActionType::HunterShoot);
    QVERIFY(std::find(req.allowedTargets.begin(), req.allowedTargets.end(), hunter)
            == req.allowedTargets.end());
    const std::string wolf = t.wolf(0);
    QVERIFY_OK(t.shoot(hunter, wolf));
    QVERIFY(!t.alive(wolf));
    const Event *shot = t.lastOf(EventType::HunterShot);
    QCOMPARE_E(shot->audience, Audience::Public);
    QCOMPARE(qs(shot->payload.at("targetPlayerId").get<std::string>()), qs(wolf));
    const Event *elim = t.lastOf(EventType::PlayerEliminated);
    QCOMPARE(qs(elim->payload.at("cause").get<std::string>()), QStringLiteral("HUNTER_SHOT"));
    QCOMPARE(qs(elim->payload.at("byPlayerId").get<std::string>()), qs(hunter));
    // Then the day goes on to the hunter's last words.
    QCOMPARE_E(t.s().phase, Phase::DayResolution);
    QCOMPARE(qs(t.s().lastEliminated.value_or("")), qs(hunter));
}

void TstSeed002::hunterShootsAfterAWolfKill()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    const std::string hunter = t.hunter();
    t.night(hunter);
    QVERIFY_OK(t.pass());
    QCOMPARE_E(t.s().phase, Phase::HunterShot);
    const Event *phase = t.lastOf(EventType::PhaseChanged);
    QCOMPARE(qs(phase->payload.at("hunterPlayerId").get<std::string>()), qs(hunter));
    QCOMPARE(qs(phase->payload.at("resume").get<std::string>()), QStringLiteral("DAY_ANNOUNCE"));
    QVERIFY_OK(t.shoot(hunter, t.villager(0)));
    QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    QCOMPARE(t.ids(Role::Villager).size(), std::size_t(2));
}

void TstSeed002::poisonedHunter_data()
{
    QTest::addColumn<bool>("shootsWhenPoisoned");
    QTest::newRow("common rule: no shot") << false;
    QTest::newRow("option: shoots") << true;
}

void TstSeed002::poisonedHunter()
{
    QFETCH(bool, shootsWhenPoisoned);
    Table2 t(configFor("9p", [shootsWhenPoisoned](RuleSet &r) {
        r.hunterShootsWhenPoisoned = shootsWhenPoisoned;
    }));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.poison(t.hunter()));
    QCOMPARE(t.s().phase == Phase::HunterShot, shootsWhenPoisoned);
    QCOMPARE(t.s().phase == Phase::DayAnnounce, !shootsWhenPoisoned);
}

void TstSeed002::hunterHoldsFireOrTimesOut()
{
    {
        Table2 t(configFor("9p"));
        t.readyAll();
        t.night(t.hunter());
        QVERIFY_OK(t.pass());
        QVERIFY_OK(t.shoot(t.hunter(), std::nullopt));
        QVERIFY(t.lastOf(EventType::HunterShot)->payload.at("targetPlayerId").is_null());
        QVERIFY(!t.lastOf(EventType::HunterShot)->payload.at("timedOut").get<bool>());
        QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    }
    {
        Table2 t(configFor("9p"));
        t.readyAll();
        t.night(t.hunter());
        QVERIFY_OK(t.pass());
        const std::size_t alive = t.m.aliveCount();
        t.step(); // the shot's time runs out
        QVERIFY(t.lastOf(EventType::HunterShot)->payload.at("timedOut").get<bool>());
        QCOMPARE(t.m.aliveCount(), int(alive));
        QCOMPARE_E(t.s().phase, Phase::DayAnnounce);
    }
}

void TstSeed002::hunterShotEndsTheMatch_data()
{
    QTest::addColumn<bool>("shootWolf");
    QTest::addColumn<QString>("winner");
    QTest::newRow("the last wolf: villagers win") << true << "VILLAGERS";
    QTest::newRow("at dawn down to parity: wolves win") << false << "WEREWOLVES";
}

void TstSeed002::hunterShootsBeforeTheDawnCheck()
{
    // 2 wolves, the hunter, 3 villagers. After a night kill and a vote, the
    // wolves' second kill (the hunter) leaves them at parity: he still
    // shoots, before the dawn's check ends the match.
    Table2 t(configFor("6p", [](RuleSet &r) {
        r.witches = 0;
        r.seers = 0;
        r.hunters = 1;
        r.villagers = 3;
    }));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY(t.until(Phase::DayVote));
    const std::string votedOut = t.villager(0);
    t.voteAll([&](const std::string &v) {
        return v == votedOut ? std::optional<std::string>(t.wolf(0)) : votedOut;
    });
    QVERIFY(!t.alive(votedOut));
    QVERIFY(t.until(Phase::Night));
    t.night(t.hunter());
    QCOMPARE_E(t.s().phase, Phase::HunterShot);
    QVERIFY(!t.m.ended());
    const std::string wolf = t.wolf(0);
    QVERIFY_OK(t.shoot(t.hunter(), wolf));
    QVERIFY(!t.alive(wolf));
    // One wolf and one villager: parity all the same.
    QVERIFY(t.m.ended());
    QCOMPARE(qs(t.lastOf(EventType::GameEnded)->payload.at("winningTeam").get<std::string>()),
             QStringLiteral("WEREWOLVES"));
}

void TstSeed002::hunterShotEndsTheMatch()
{
    QFETCH(bool, shootWolf);
    QFETCH(QString, winner);
    // A six-seat custom table: 2 wolves, hunter, 3 villagers.
    Table2 t(configFor("6p", [](RuleSet &r) {
        r.witches = 0;
        r.seers = 0;
        r.hunters = 1;
        r.villagers = 3;
    }));
    t.readyAll();
    if (shootWolf) {
        // Vote out one wolf on day 1, then the hunter dies at night and shoots the other.
        t.night(t.villager(0));
        QVERIFY(t.until(Phase::DayVote));
        const std::string wolf = t.wolf(0);
        t.voteAll([&](const std::string &v) {
            return v == wolf ? std::optional<std::string>(t.villager(0)) : wolf;
        });
        QVERIFY(t.until(Phase::Night));
        t.night(t.hunter());
        QCOMPARE_E(t.s().phase, Phase::HunterShot);
        QVERIFY_OK(t.shoot(t.hunter(), t.wolf(0)));
    } else {
        // Night 1 takes the hunter (4 left: 2 wolves, 2 villagers after his shot).
        t.night(t.hunter());
        QCOMPARE_E(t.s().phase, Phase::HunterShot);
        QVERIFY_OK(t.shoot(t.hunter(), t.villager(0)));
    }
    QVERIFY(t.m.ended());
    QCOMPARE(qs(t.lastOf(EventType::GameEnded)->payload.at("winningTeam").get<std::string>()),
             winner);
}

void TstSeed002::hunterRefusals()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    // Alive, at night: not yet.
    auto early = t.shoot(t.hunter(), t.wolf(0));
    QVERIFY(!early.ok());
    QCOMPARE(name(early.error().code), QStringLiteral("WRONG_PHASE"));
    QVERIFY(early.error().retryable);
    auto wolfShoots = t.shoot(t.wolf(0), t.villager(0));
    QCOMPARE(name(wolfShoots.error().code), QStringLiteral("NOT_YOUR_ROLE"));
    t.night(t.hunter());
    QVERIFY_OK(t.pass());
    auto self = t.shoot(t.hunter(), t.hunter());
    QCOMPARE(name(self.error().code), QStringLiteral("INVALID_TARGET"));
    auto dead = t.shoot(t.hunter(), "p:99");
    QCOMPARE(name(dead.error().code), QStringLiteral("INVALID_TARGET"));
    QCOMPARE_E(t.s().phase, Phase::HunterShot);
    // In a classic match there is no hunter at all.
    Table classic;
    classic.readyAll();
    auto r
        = classic.run(Table::cmd(Command::Kind::HunterShoot, classic.villager(0), classic.wolf(0)));
    QCOMPARE(name(r.error().code), QStringLiteral("NOT_YOUR_ROLE"));
    auto w = classic.run(Table::cmd(Command::Kind::WitchPass, classic.villager(0)));
    QCOMPARE(name(w.error().code), QStringLiteral("WRONG_PHASE"));
    QVERIFY(!w.error().retryable);
}

void TstSeed002::pkRevote()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.pass());
    QVERIFY(t.until(Phase::DayVote));
    // The two villagers left get the same number of votes.
    const std::string a = t.villager(0);
    const std::string b = t.villager(1);
    t.voteAll(Table2::split(a, b));
    const Event *result = t.lastOf(EventType::VoteResult);
    QVERIFY(result->payload.at("tie").get<bool>());
    const auto pk = result->payload.at("pk").get<std::vector<std::string>>();
    QCOMPARE(pk.size(), std::size_t(2));
    QCOMPARE_E(t.s().phase, Phase::DayPkDefense);
    // Defences in seat order, each on its own turn.
    const std::string first = pk[0];
    const std::string second = pk[1];
    QCOMPARE_E(t.requiredActionOf(first).type, ActionType::SpeakDefense);
    auto early = t.say(second, "Not me.");
    QCOMPARE(name(early.error().code), QStringLiteral("NOT_YOUR_TURN"));
    auto outsider = t.say(t.wolf(0), "Me too.");
    QCOMPARE(name(outsider.error().code), QStringLiteral("NOT_YOUR_TURN"));
    QVERIFY_OK(t.say(first, "I am a plain villager."));
    QCOMPARE(qs(t.lastOf(EventType::PublicMessage)->payload.at("kind").get<std::string>()),
             QStringLiteral("DEFENSE"));
    const std::size_t missedBefore = t.count(EventType::TurnMissed);
    t.step(); // the second lets the turn pass
    QCOMPARE(t.count(EventType::TurnMissed), missedBefore + 1);
    QCOMPARE_E(t.s().phase, Phase::DayPkVote);
    // The PK's players do not vote; the others vote only among them.
    auto byCandidate = t.vote(first, second);
    QCOMPARE(name(byCandidate.error().code), QStringLiteral("NOT_YOUR_TURN"));
    QCOMPARE_E(t.requiredActionOf(first).type, ActionType::None);
    auto outside = t.vote(t.wolf(0), t.hunter());
    QCOMPARE(name(outside.error().code), QStringLiteral("INVALID_TARGET"));
    const auto req = t.requiredActionOf(t.wolf(0));
    QVERIFY(req.pk);
    QCOMPARE(req.allowedTargets.size(), std::size_t(2));
    t.voteAll([&](const std::string &) { return first; });
    const Event *revote = t.lastOf(EventType::VoteResult);
    QCOMPARE(revote->payload.at("pkRound").get<int>(), 1);
    QCOMPARE(qs(revote->payload.at("eliminatedPlayerId").get<std::string>()), qs(first));
    QVERIFY(!t.alive(first));
    QCOMPARE_E(t.s().phase, Phase::DayResolution);
}

void TstSeed002::pkTiesAgain()
{
    Table2 t(configFor("9p"));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.pass());
    QVERIFY(t.until(Phase::DayVote));
    const std::string a = t.villager(0);
    const std::string b = t.villager(1);
    t.voteAll(Table2::split(a, b));
    QVERIFY(t.until(Phase::DayPkVote));
    const int alive = t.m.aliveCount();
    t.voteAll(Table2::split(a, b));
    const Event *revote = t.lastOf(EventType::VoteResult);
    QVERIFY(revote->payload.at("tie").get<bool>());
    QVERIFY(!revote->payload.contains("pk")); // no third round
    QVERIFY(revote->payload.at("eliminatedPlayerId").is_null());
    QCOMPARE(t.m.aliveCount(), alive);
    QCOMPARE_E(t.s().phase, Phase::DayResolution);
}

void TstSeed002::pkCandidatesMayVoteWhenTheRulesSaySo()
{
    Table2 t(configFor("9p", [](RuleSet &r) { r.pkCandidatesVote = true; }));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.pass());
    QVERIFY(t.until(Phase::DayVote));
    const std::string a = t.villager(0);
    const std::string b = t.villager(1);
    t.voteAll(Table2::split(a, b));
    QVERIFY(t.until(Phase::DayPkVote));
    const auto req = t.requiredActionOf(a);
    QCOMPARE_E(req.type, ActionType::Vote);
    QCOMPARE(req.allowedTargets, std::vector<std::string>{b}); // not herself
    QVERIFY_OK(t.vote(a, b));
}

void TstSeed002::noPkUnderTheClassicTieRule()
{
    Table2 t(configFor("9p", [](RuleSet &r) { r.tie = TieRule::NoElimination; }));
    t.readyAll();
    t.night(t.villager(0));
    QVERIFY_OK(t.pass());
    QVERIFY(t.until(Phase::DayVote));
    const std::string a = t.villager(0);
    const std::string b = t.villager(1);
    t.voteAll(Table2::split(a, b));
    QVERIFY(!t.lastOf(EventType::VoteResult)->payload.contains("pk"));
    QCOMPARE_E(t.s().phase, Phase::DayResolution);
}

void TstSeed002::maxDaysEndsInADraw()
{
    Table2 t(configFor("9p", [](RuleSet &r) { r.maxDays = 2; }));
    t.readyAll();
    // Nobody acts and nobody votes: the wolves' random fallback kills one a
    // night, the witch sleeps, no one is voted out.
    for (int i = 0; i < 400 && !t.m.ended(); ++i)
        t.step();
    QVERIFY(t.m.ended());
    const Event *end = t.lastOf(EventType::GameEnded);
    QCOMPARE(qs(end->payload.at("winningTeam").get<std::string>()), QStringLiteral("NONE"));
    QCOMPARE(qs(end->payload.at("reason").get<std::string>()), QStringLiteral("MAX_DAYS"));
    QCOMPARE(end->payload.at("dayNumber").get<int>(), 2);
    QVERIFY(!t.s().winner.has_value());
    QVERIFY(t.lastOf(EventType::RolesRevealed));
    // The payload decoder reads a draw as no winner.
    auto decoded = decodePayload(*end);
    QVERIFY(decoded.ok());
    QVERIFY(!std::get<payload::GameEnded>(*decoded).winningTeam.has_value());
}

void TstSeed002::hiddenRolesOnDeath()
{
    Table2 t(configFor("9p", [](RuleSet &r) { r.revealRoleOnDeath = false; }));
    t.readyAll();
    const std::string victim = t.villager(0);
    t.night(victim);
    QVERIFY_OK(t.pass());
    const Event *elim = t.lastOf(EventType::PlayerEliminated);
    QVERIFY(!elim->payload.contains("roleRevealed"));
    QVERIFY(!t.m.player(victim)->revealed);
    const json spectator = toJson(stateView(t.m, Viewer::spectator()));
    for (const json &p : spectator.at("players"))
        QVERIFY2(p.at("revealedRole").is_null(), p.dump().c_str());
    // A public replica agrees.
    std::vector<Event> pub;
    for (const Event &e : t.m.log())
        if (e.audience == Audience::Public)
            pub.push_back(e);
    auto replica = Match::fromPublicLog(pub);
    QVERIFY(replica.ok());
    QVERIFY(!replica->player(victim)->revealed);
}

void TstSeed002::replayReproducesSeed002State()
{
    // Mid-match and at the end, through a poison, a shot and a PK.
    Table2 t(configFor("9p"));
    t.readyAll();
    t.night(t.hunter());
    QVERIFY_OK(t.poison(t.villager(0)));
    QCOMPARE_E(t.s().phase, Phase::HunterShot);
    QCOMPARE(Match::replay(t.m.log())->stateHash(), t.m.stateHash());
    QVERIFY_OK(t.shoot(t.hunter(), t.wolf(0)));
    for (int i = 0; i < 400 && !t.m.ended(); ++i)
        t.step();
    QVERIFY(t.m.ended());
    auto again = Match::replay(t.m.log());
    QVERIFY(again);
    QCOMPARE(again->stateHash(), t.m.stateHash());
    QCOMPARE(again->log().size(), t.m.log().size());
}

QTEST_APPLESS_MAIN(TstSeed002)
#include "tst_seed002.moc"
