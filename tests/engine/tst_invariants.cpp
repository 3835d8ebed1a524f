// SPDX-License-Identifier: MIT
// Invariants over thousands of seeded bot matches: role
// distribution, the dead never act, every match ends with the right winner,
// the doctor rule, no hidden fact in anything public, replay equality and
// determinism. Set TOWNHALL_INVARIANT_MATCHES to change the count.

#include "engine/projection.h"
#include "engine/rng.h"
#include "engine/simulator.h"

#include <QtTest>

#include <array>
#include <map>
#include <set>

using namespace townhall::engine;

namespace {

int matchCount()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("TOWNHALL_INVARIANT_MATCHES", &ok);
    return ok && n > 0 ? n : 10'000;
}

std::uint64_t seedFor(int i)
{
    return Rng::forDecision(0xC0FFEE, static_cast<std::uint64_t>(i), 7).next();
}

std::string lower(std::string s)
{
    for (char &c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

const std::set<EventType> &publicTypes()
{
    static const std::set<EventType> t{EventType::MatchCreated,
                                       EventType::PhaseChanged,
                                       EventType::PublicMessage,
                                       EventType::VoteCast,
                                       EventType::NightResult,
                                       EventType::PlayerEliminated,
                                       EventType::GameEnded,
                                       EventType::Narrator,
                                       EventType::PlayerReady,
                                       EventType::TurnStarted,
                                       EventType::TurnMissed,
                                       EventType::VoteResult,
                                       EventType::RolesRevealed,
                                       EventType::MatchPaused,
                                       EventType::MatchResumed,
                                       EventType::HunterShot};
    return t;
}

/// Keys that carry hidden facts; none may appear in a public payload.
const std::array<const char *, 9> SecretKeys{"role",
                                             "roles",
                                             "alignment",
                                             "victimPlayerId",
                                             "protectedPlayerId",
                                             "wolfTargets",
                                             "seed",
                                             "knownWolves",
                                             "byPlayerId"};

bool hasKeyDeep(const json &j, const char *key)
{
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it.key() == key || hasKeyDeep(it.value(), key))
                return true;
    } else if (j.is_array()) {
        for (const json &x : j)
            if (hasKeyDeep(x, key))
                return true;
    }
    return false;
}

std::string roleWord(Role r)
{
    switch (r) {
    case Role::Werewolf:
        return "werewolf";
    case Role::Seer:
        return "seer";
    case Role::Doctor:
        return "doctor";
    case Role::Villager:
        return "villager";
    case Role::Witch:
        return "witch";
    case Role::Hunter:
        return "hunter";
    }
    return {};
}

/// Checks one finished match; returns an empty string or the first violation.
std::string check(const SimulatedMatch &sim)
{
    const Match &m = *sim.match;
    const MatchState &s = m.state();
    const auto &log = m.log();

    // Every match ends, with the right winner (or a draw at max_days).
    if (!m.ended())
        return "match did not end";
    const RuleSet &rules = s.config.rules;
    const int wolves = m.aliveWolves();
    const int others = m.aliveCount() - wolves;
    if (!s.winner) {
        if (rules.maxDays == 0 || s.dayNumber != rules.maxDays || wolves == 0)
            return "a draw before max_days";
    } else if (*s.winner == Team::Villagers && wolves != 0) {
        return "villagers won with wolves alive";
    } else if (*s.winner == Team::Werewolves && wolves < others) {
        return "wolves won without parity";
    }

    // Role distribution: the rule set's table.
    std::map<Role, int> roles;
    for (const Player &p : s.players)
        ++roles[p.role];
    if (static_cast<int>(s.players.size()) != rules.seatCount()
        || roles[Role::Werewolf] != rules.werewolves || roles[Role::Seer] != rules.seers
        || roles[Role::Doctor] != rules.doctors || roles[Role::Witch] != rules.witches
        || roles[Role::Hunter] != rules.hunters || roles[Role::Villager] != rules.villagers)
        return "bad role distribution";
    int saves = 0;
    int poisons = 0;
    int shots = 0;
    std::optional<std::string> victimTonight; // the wolves' victim, from the host's record

    std::map<std::string, Role> roleOf;
    std::map<std::string, std::string> nameOf;
    for (const Player &p : s.players) {
        roleOf[p.playerId] = p.role;
        nameOf[p.playerId] = lower(p.displayName);
    }

    std::set<std::string> alive;
    for (const Player &p : s.players)
        alive.insert(p.playerId);
    std::set<std::string> revealed;
    std::vector<std::string> wolfChat;
    std::map<int, std::string> protections;  // night → target
    std::optional<std::string> votedOut;     // today's vote elimination (may give last words)
    std::optional<std::string> savedTonight; // hidden: whom the doctor saved
    std::string nightResultId;
    Phase phase = Phase::Lobby;
    bool ended = false;
    TimeMs lastAt = 0;

    for (std::size_t i = 0; i < log.size(); ++i) {
        const Event &e = log[i];
        if (e.seq != i + 1)
            return "sequence gap";
        if (e.at < lastAt)
            return "time ran backwards";
        lastAt = e.at;
        const json &p = e.payload;

        // Who acted must be alive (except last words of the player just voted out).
        auto actor = [&]() -> std::string {
            switch (e.type) {
            case EventType::PublicMessage:
                return p.at("playerId").get<std::string>();
            case EventType::WolfChatMessage:
                return p.at("fromWolfId").get<std::string>();
            case EventType::WolfKillSelected:
                return p.at("byPlayerId").get<std::string>();
            case EventType::SeerInspected:
            case EventType::WitchActed:
            case EventType::DoctorProtected:
                return e.audiencePlayerId;
            case EventType::VoteCast:
                return p.at("voterPlayerId").get<std::string>();
            default:
                return {};
            }
        }();
        if (!actor.empty() && !alive.count(actor)) {
            const bool lastWords = e.type == EventType::PublicMessage
                                   && p.at("kind") == "LAST_WORDS" && votedOut == actor
                                   && phase == Phase::DayResolution;
            if (!lastWords)
                return "dead player " + actor + " acted: " + std::string(toString(e.type));
        }

        // Audience rules.
        if (e.audience == Audience::Public) {
            if (!publicTypes().count(e.type))
                return "hidden event type published: " + std::string(toString(e.type));
            for (const char *k : SecretKeys) {
                const std::string key = k;
                bool allowed = e.type == EventType::RolesRevealed && key == "roles" && ended;
                // The hunter's shot is public, and so is who fired it.
                allowed = allowed
                          || (e.type == EventType::PlayerEliminated && key == "byPlayerId"
                              && p.at("cause") == "HUNTER_SHOT");
                if (e.type == EventType::Narrator && (key == "role" || key == "roles")) {
                    // Narration may name a role only once it is public: of a
                    // revealed (dead) player, or of anyone after the end.
                    allowed = ended;
                    if (!allowed && p.at("args").contains("nameId")) {
                        const json &who = p.at("args").at("nameId");
                        allowed = who.is_string() && revealed.count(who.get<std::string>()) > 0;
                    }
                }
                if (!allowed && hasKeyDeep(p, k))
                    return "public " + std::string(toString(e.type)) + " carries '" + k
                           + "': " + p.dump();
            }
            if (e.type == EventType::RolesRevealed && !ended)
                return "roles revealed before the end";
            if (e.type == EventType::PlayerEliminated && p.contains("roleRevealed")
                && p.at("roleRevealed").get<std::string>()
                       != toString(roleOf.at(p.at("playerId").get<std::string>())))
                return "wrong revealed role";
            if (e.type == EventType::PlayerEliminated
                && p.contains("roleRevealed") != rules.revealRoleOnDeath)
                return "a role revealed against the rules (or hidden against them)";
            if (e.type == EventType::NightResult && p.at("savedByDoctor").get<bool>()) {
                bool victimDied = !p.contains("deaths") && !p.at("killedPlayerId").is_null();
                if (p.contains("deaths") && victimTonight)
                    for (const json &d : p.at("deaths"))
                        victimDied = victimDied || d == *victimTonight;
                if (victimDied)
                    return "saved yet killed";
            }
            if (e.type == EventType::PlayerEliminated && p.at("cause") != "NIGHT_KILL"
                && p.at("cause") != "VOTE" && p.at("cause") != "HUNTER_SHOT")
                return "an elimination with a cause that tells too much: " + p.dump();
            if (e.type == EventType::Narrator || e.type == EventType::PublicMessage) {
                const std::string text = lower(p.at("text").get<std::string>());
                if (e.type == EventType::Narrator) {
                    for (const std::string &w : wolfChat)
                        if (text.find(w) != std::string::npos)
                            return "public narration quotes wolf chat: " + text;
                    // The dawn announcement of a save must not say whom the doctor saved.
                    if (savedTonight && p.value("causeEventId", "") == nightResultId
                        && text.find(nameOf.at(*savedTonight)) != std::string::npos)
                        return "public narration names the saved player: " + text;
                    for (const std::string &id : alive) {
                        if (revealed.count(id) || ended)
                            continue;
                        const std::string &n = nameOf.at(id);
                        const std::string r = roleWord(roleOf.at(id));
                        for (const std::string &pat : {n + " is a " + r,
                                                       n + " is the " + r,
                                                       n + ", the " + r,
                                                       n + " (" + r,
                                                       "the " + r + ", " + n,
                                                       "the " + r + " " + n})
                            if (text.find(pat) != std::string::npos)
                                return "public narration reveals a living player's role: " + text;
                    }
                }
            }
        } else if (e.type == EventType::Narrator && e.audience != Audience::Host) {
            return "narration with a non-public, non-host audience";
        }

        // Fold the facts the checks need.
        switch (e.type) {
        case EventType::PhaseChanged:
            phase = parsePhase(p.at("to").get<std::string>()).value_or(Phase::Ended);
            if (phase == Phase::Night)
                votedOut.reset();
            if (phase == Phase::DayOpening)
                savedTonight.reset();
            break;
        case EventType::WolfChatMessage: {
            const std::string t = lower(p.at("text").get<std::string>());
            if (t.size() >= 16)
                wolfChat.push_back(t);
            break;
        }
        case EventType::DoctorProtected: {
            const int night = p.at("night").get<int>();
            const std::string target = p.at("targetPlayerId").get<std::string>();
            if (auto prev = protections.find(night - 1);
                prev != protections.end() && prev->second == target)
                return "doctor protected the same player on consecutive nights";
            protections[night] = target;
            break;
        }
        case EventType::NightResult:
            nightResultId = e.eventId;
            break;
        case EventType::NightResolved:
            if (p.at("saved").get<bool>())
                savedTonight = p.at("victimPlayerId").get<std::string>();
            if (roleOf.at(p.at("victimPlayerId").get<std::string>()) == Role::Werewolf)
                return "wolves killed a wolf";
            break;
        case EventType::WolvesDecided:
            victimTonight = p.at("victimPlayerId").get<std::string>();
            if (e.audience != Audience::Host)
                return "the wolves' decision is not the host's alone";
            break;
        case EventType::WitchInformed:
            if (roleOf.at(e.audiencePlayerId) != Role::Witch)
                return "someone other than the witch was told the victim";
            if (!p.at("killedPlayerId").is_null()
                && p.at("killedPlayerId") != victimTonight.value_or(""))
                return "the witch was told the wrong victim";
            break;
        case EventType::WitchActed:
            if (roleOf.at(e.audiencePlayerId) != Role::Witch)
                return "a non-witch used a potion";
            if (p.at("action") == "SAVE") {
                ++saves;
                if (p.at("targetPlayerId") != victimTonight.value_or(""))
                    return "the antidote went to someone the wolves did not attack";
            } else if (p.at("action") == "POISON") {
                ++poisons;
                if (!alive.count(p.at("targetPlayerId").get<std::string>()))
                    return "poisoned a dead player";
            }
            if (saves > 1 || poisons > 1)
                return "a potion used twice";
            break;
        case EventType::HunterShot: {
            const std::string hunter = p.at("hunterPlayerId").get<std::string>();
            if (roleOf.at(hunter) != Role::Hunter || alive.count(hunter) || ++shots > 1)
                return "a shot by someone who may not shoot: " + p.dump();
            if (!p.at("targetPlayerId").is_null()
                && !alive.count(p.at("targetPlayerId").get<std::string>()))
                return "shot a dead player";
            break;
        }
        case EventType::PlayerEliminated: {
            const std::string id = p.at("playerId").get<std::string>();
            if (!alive.erase(id))
                return "eliminated twice";
            revealed.insert(id);
            if (p.at("cause") == "VOTE")
                votedOut = id;
            break;
        }
        case EventType::GameEnded:
            ended = true;
            break;
        default:
            break;
        }
    }
    // A night with no doctor action clears nothing: protections map may skip nights.

    // The spectator projection never shows a living player's role.
    const json spectator = toJson(stateView(m, Viewer::spectator()));
    if (!spectator.at("you").is_null())
        return "spectator state has 'you'";
    for (const Event *e : visibleEvents(m, Viewer::spectator(), 0, log.size()))
        if (e->audience != Audience::Public)
            return "spectator can read a private event";

    // Replaying the log reproduces the state.
    std::string why;
    auto replayed = Match::replay(log, &why);
    if (!replayed)
        return "replay failed: " + why;
    if (replayed->stateHash() != m.stateHash())
        return "replay hash differs";
    return {};
}

/// Mid-match spectator projections: no living, unrevealed role anywhere in them.
std::string checkProjectionsAlongTheWay(const Match &m)
{
    std::vector<Event> prefix;
    for (const Event &e : m.log()) {
        prefix.push_back(e);
        if (e.type != EventType::PhaseChanged)
            continue;
        auto part = Match::replay(prefix);
        if (!part)
            return "prefix replay failed";
        if (part->ended())
            break;
        StateOptions opts;
        opts.includeRecentPublicMessages = true;
        const json v = toJson(stateView(*part, Viewer::spectator(), opts));
        for (const json &pl : v.at("players"))
            if (pl.at("alive").get<bool>() && !pl.at("revealedRole").is_null())
                return "spectator state shows a living player's role";
        const std::string summary = lower(v.at("publicSummary").get<std::string>());
        for (const Player &p : part->state().players)
            if (p.alive
                && summary.find(lower(p.displayName) + " (" + roleWord(p.role))
                       != std::string::npos)
                return "public summary reveals a living player's role";
    }
    return {};
}

} // namespace

class TstInvariants : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thousandsOfMatches_data();
    void thousandsOfMatches();
    void sameSeedSameLog();
    void checksCanFail();
};

void TstInvariants::thousandsOfMatches_data()
{
    QTest::addColumn<QString>("preset");
    for (const RuleSet &r : rulePresets())
        QTest::newRow(r.name.c_str()) << QString::fromStdString(r.name);
}

void TstInvariants::thousandsOfMatches()
{
    QFETCH(QString, preset);
    const int n = matchCount();
    MatchConfig cfg;
    cfg.rules = *rulePreset(preset.toStdString());
    int villagers = 0;
    int draws = 0;
    for (int i = 0; i < n; ++i) {
        const std::uint64_t seed = seedFor(i);
        SimulatedMatch sim = simulateMatch(seed, cfg);
        const std::string err = check(sim);
        QVERIFY2(
            err.empty(),
            qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(QString::fromStdString(err))));
        if (i % 97 == 0) {
            const std::string e2 = checkProjectionsAlongTheWay(*sim.match);
            QVERIFY2(e2.empty(),
                     qPrintable(
                         QStringLiteral("seed %1: %2").arg(seed).arg(QString::fromStdString(e2))));
        }
        draws += sim.draw;
        villagers += !sim.draw && sim.winner == Team::Villagers;
    }
    qInfo("%s, %d matches: villagers won %d, werewolves %d, draws %d",
          qPrintable(preset),
          n,
          villagers,
          n - villagers - draws,
          draws);
}

void TstInvariants::sameSeedSameLog()
{
    for (const RuleSet &rules : rulePresets()) {
        MatchConfig cfg;
        cfg.rules = rules;
        for (int i = 0; i < 20; ++i) {
            const std::uint64_t seed = seedFor(i * 31);
            auto a = simulateMatch(seed, cfg);
            auto b = simulateMatch(seed, cfg);
            QCOMPARE(a.match->log().size(), b.match->log().size());
            for (std::size_t k = 0; k < a.match->log().size(); ++k)
                QCOMPARE(QString::fromStdString(toJson(a.match->log()[k]).dump()),
                         QString::fromStdString(toJson(b.match->log()[k]).dump()));
        }
    }
    // And different seeds give different matches.
    QVERIFY(toJson(simulateMatch(1, {}).match->log()[1]).dump()
            != toJson(simulateMatch(2, {}).match->log()[1]).dump());
}

void TstInvariants::checksCanFail()
{
    // Tamper with real logs and make sure the checker notices.
    SimulatedMatch sim = simulateMatch(seedFor(3), {});
    QVERIFY(check(sim).empty());
    std::vector<Event> log = sim.match->log();
    for (Event &e : log) {
        if (e.type == EventType::RolesAssigned) {
            e.audience = Audience::Public; // leak the role table
            break;
        }
    }
    SimulatedMatch leaked;
    leaked.match = std::make_unique<Match>(*Match::replay(log));
    QVERIFY(!check(leaked).empty());

    // A witch table: publish the wolves' decision, or let the witch save twice.
    MatchConfig nine;
    nine.rules = *rulePreset("seed002-9");
    SimulatedMatch nineSim = simulateMatch(seedFor(5), nine);
    QVERIFY(check(nineSim).empty());
    std::vector<Event> decided = nineSim.match->log();
    bool found = false;
    for (Event &e : decided) {
        if (e.type == EventType::WolvesDecided) {
            e.audience = Audience::Public;
            found = true;
            break;
        }
    }
    QVERIFY(found);
    SimulatedMatch published;
    published.match = std::make_unique<Match>(*Match::replay(decided));
    QVERIFY(!check(published).empty());
}

QTEST_APPLESS_MAIN(TstInvariants)
#include "tst_invariants.moc"
