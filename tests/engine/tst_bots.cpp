// SPDX-License-Identifier: MIT
// The built-in bot (engine/bot.cpp): statistics over hundreds of seeded
// simulated matches (accepted calls, role gating, wolf convergence, seer
// claims, win balance, openings, last words), a no-cheating test that swaps
// hidden roles under an identical player view, determinism, the text reader,
// and a benchmark (reported, never asserted). The witch tables (6, 9 and
// 12 seats: witch, hunter, PK revotes) get their own statistics.
// TOWNHALL_BOT_MATCHES changes the number of matches per configuration.

#include "engine/bot.h"
#include "engine/botspeech.h"
#include "engine/projection.h"
#include "engine/rng.h"
#include "engine/simulator.h"

#include <QtTest>

#include <limits>
#include <map>
#include <set>

using namespace townhall::engine;

namespace {

int matchCount()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("TOWNHALL_BOT_MATCHES", &ok);
    return ok && n > 0 ? n : 400;
}

std::uint64_t seedFor(int i)
{
    return Rng::forDecision(0xB075, static_cast<std::uint64_t>(i), 11).next();
}

const char *NightTools[] = {"et.werewolf.match.night.wolf_chat",
                            "et.werewolf.match.night.wolf_kill",
                            "et.werewolf.match.night.seer_inspect",
                            "et.werewolf.match.night.doctor_protect",
                            "et.werewolf.match.night.witch_act",
                            "et.werewolf.match.hunter_shoot"};

std::optional<Role> roleForTool(const std::string &tool)
{
    if (tool == NightTools[0] || tool == NightTools[1])
        return Role::Werewolf;
    if (tool == NightTools[2])
        return Role::Seer;
    if (tool == NightTools[3])
        return Role::Doctor;
    if (tool == NightTools[4])
        return Role::Witch;
    if (tool == NightTools[5])
        return Role::Hunter;
    return std::nullopt;
}

/// What every table's statistics count: outcomes and the calls the bots made.
struct CallTally
{
    int matches = 0;
    int ended = 0;
    int villagerWins = 0;
    int wolfWins = 0;
    int draws = 0;
    std::size_t calls = 0;
    std::size_t rejected = 0;
    int foreignNightCalls = 0; ///< role tools called by a player without the role
    int badLength = 0;
    std::map<std::string, int> errors;
};

/// Plays match `i` of `cfg`, checking every call the bots make into `t`.
/// Returns the match when it ended (its winner counted), else null.
std::unique_ptr<Match> playChecked(CallTally &t, const MatchConfig &cfg, int i)
{
    auto observer = [&t](const Match &m,
                         const std::string &playerId,
                         const ToolCall &call,
                         const Expected<std::vector<Event>> &r) {
        if (!r.ok())
            ++t.errors[call.tool + " " + std::string(toString(r.error().code))];
        if (const auto need = roleForTool(call.tool)) {
            const Player *p = m.player(playerId);
            if (!p || p->role != *need)
                ++t.foreignNightCalls;
        }
        if (auto it = call.arguments.find("text"); it != call.arguments.end()) {
            const auto len = it->get_ref<const std::string &>().size();
            const std::size_t max = call.tool == NightTools[0] ? 400 : 500;
            if (len == 0 || len > max)
                ++t.badLength;
        }
    };
    SimulatedMatch sm = simulateMatch(seedFor(i), cfg, 1'700'000'000'000, observer);
    ++t.matches;
    t.calls += sm.toolCalls;
    t.rejected += sm.rejectedCalls;
    if (!sm.match->ended())
        return nullptr;
    ++t.ended;
    if (sm.draw)
        ++t.draws;
    else
        (sm.winner == Team::Villagers ? t.villagerWins : t.wolfWins) += 1;
    return std::move(sm.match);
}

/// Plays `n` matches of `cfg` (see playChecked) and hands each one that ended to `f`.
template<typename F>
void forEachPlayed(CallTally &t, const MatchConfig &cfg, int n, F &&f)
{
    for (int i = 0; i < n; ++i)
        if (const std::unique_ptr<Match> m = playChecked(t, cfg, i))
            f(*m);
}

/// True when the vote result at `log[k]` is followed by DAY_RESOLUTION (after
/// any hunter's shot), so that the eliminated player could say last words.
bool lastWordsFollow(const std::vector<Event> &log, std::size_t k)
{
    for (std::size_t j = k + 1; j < log.size(); ++j) {
        if (log[j].type != EventType::PhaseChanged)
            continue;
        if (log[j].payload["to"] == "HUNTER_SHOT")
            continue;
        return log[j].payload["to"] == "DAY_RESOLUTION";
    }
    return false;
}

std::set<std::string> playersWith(const Match &m, Role role)
{
    std::set<std::string> ids;
    for (const Player &p : m.state().players)
        if (p.role == role)
            ids.insert(p.playerId);
    return ids;
}

QString errorList(const std::map<std::string, int> &errors)
{
    QString out;
    for (const auto &[k, v] : errors)
        out += QStringLiteral("%1 x%2; ").arg(QString::fromStdString(k)).arg(v);
    return out;
}

/// What the bots did over many matches, gathered from the logs (the test is
/// omniscient; the bots are not).
struct Tally : CallTally
{
    int twoWolfNights = 0;
    int agreedNights = 0;
    int seerClaimMatches = 0;
    int counterclaims = 0;
    int openingTurns = 0;
    int openingMissed = 0;
    int voteEliminations = 0; ///< followed by DAY_RESOLUTION, so last words were possible
    int lastWords = 0;
    int voteFlips = 0;
    int votes = 0;
    int abstains = 0;
    int defences = 0;
    int maxWolfChatPerNight = 0;
    int lobbyTimeouts = 0;
};

Tally run(const MatchConfig &cfg, int n)
{
    Tally t;
    forEachPlayed(t, cfg, n, [&](const Match &m) {
        const std::set<std::string> seers = playersWith(m, Role::Seer);
        const std::string seer = seers.empty() ? std::string() : *seers.begin();
        const std::set<std::string> wolves = playersWith(m, Role::Werewolf);
        std::set<std::string> dead;
        std::map<std::string, int> wolfChat;
        bool seerClaimed = false;
        const auto &log = m.log();
        for (std::size_t k = 0; k < log.size(); ++k) {
            const Event &e = log[k];
            const json &p = e.payload;
            switch (e.type) {
            case EventType::PhaseChanged:
                if (p.value("from", json()).is_string() && p["from"] == "LOBBY"
                    && e.at >= m.state().createdAt + cfg.scaled(cfg.timers.lobby))
                    ++t.lobbyTimeouts;
                if (p["to"] == "NIGHT")
                    wolfChat.clear();
                break;
            case EventType::WolfChatMessage: {
                const int c = ++wolfChat[p["fromWolfId"].get<std::string>()];
                t.maxWolfChatPerNight = std::max(t.maxWolfChatPerNight, c);
                break;
            }
            case EventType::NightResolved: {
                int aliveWolves = 0;
                for (const std::string &w : wolves)
                    aliveWolves += dead.count(w) ? 0 : 1;
                if (aliveWolves == 2 && p["missed"].empty()) {
                    ++t.twoWolfNights;
                    if (p["wolfTargets"].size() == 1)
                        ++t.agreedNights;
                }
                break;
            }
            case EventType::PlayerEliminated:
                dead.insert(p["playerId"].get<std::string>());
                break;
            case EventType::PublicMessage: {
                const std::string &text = p["text"].get_ref<const std::string &>();
                const std::string &who = p["playerId"].get_ref<const std::string &>();
                const bool claim = text.find("I am the Seer") != std::string::npos;
                if (claim && who == seer)
                    seerClaimed = true;
                if (claim && wolves.count(who))
                    ++t.counterclaims;
                if (p["kind"] == "LAST_WORDS")
                    ++t.lastWords;
                if (p["kind"] == "DEFENSE")
                    ++t.defences;
                break;
            }
            case EventType::TurnStarted:
                ++t.openingTurns;
                break;
            case EventType::TurnMissed:
                ++t.openingMissed;
                break;
            case EventType::VoteCast:
                ++t.votes;
                if (p["targetPlayerId"].is_null())
                    ++t.abstains;
                if (p.contains("previousTargetPlayerId"))
                    ++t.voteFlips;
                break;
            case EventType::VoteResult:
                if (p["eliminatedPlayerId"].is_string() && lastWordsFollow(log, k))
                    ++t.voteEliminations;
                break;
            default:
                break;
            }
        }
        if (seerClaimed)
            ++t.seerClaimMatches;
    });
    return t;
}

double share(double part, double whole)
{
    return whole > 0 ? part / whole : 0.0;
}

/// What the bots did at a witch table, from the logs (omniscient).
struct Seed002Tally : CallTally
{
    int witchInformed = 0; ///< nights the living witch was asked
    int witchActed = 0;    ///< of those, nights she answered before the deadline
    int saveMatches = 0;   ///< matches where the antidote was used
    int poisonMatches = 0;
    int poisonedWolves = 0;
    int poisons = 0;
    int hunterTurns = 0; ///< HUNTER_SHOT phases
    int shots = 0;       ///< shots at someone
    int shotTimeouts = 0;
    int shotWolves = 0;
    double shotWolvesByChance = 0; ///< expected wolf hits had each shot been at random
    int pkStarts = 0;
    int pkEnds = 0;
    int pkTurns = 0;
    int pkDefences = 0;
    int packNights = 0; ///< nights with two or more wolves alive, none missing
    int packAgreed = 0;
    int lastWords = 0;
    int voteEliminations = 0;
};

Seed002Tally runSeed002(const MatchConfig &cfg, int n)
{
    Seed002Tally t;
    forEachPlayed(t, cfg, n, [&](const Match &m) {
        const std::set<std::string> wolves = playersWith(m, Role::Werewolf);
        std::set<std::string> dead;
        bool saved = false;
        bool poisoned = false;
        Phase phase = Phase::Lobby;
        const auto &log = m.log();
        for (std::size_t k = 0; k < log.size(); ++k) {
            const Event &e = log[k];
            const json &p = e.payload;
            switch (e.type) {
            case EventType::PhaseChanged:
                phase = *parsePhase(p["to"].get<std::string>());
                if (phase == Phase::HunterShot)
                    ++t.hunterTurns;
                break;
            case EventType::WitchInformed:
                ++t.witchInformed;
                break;
            case EventType::WitchActed:
                ++t.witchActed;
                if (p["action"] == "SAVE")
                    saved = true;
                if (p["action"] == "POISON") {
                    poisoned = true;
                    ++t.poisons;
                    t.poisonedWolves
                        += wolves.count(p["targetPlayerId"].get<std::string>()) ? 1 : 0;
                }
                break;
            case EventType::HunterShot:
                if (p["timedOut"].get<bool>())
                    ++t.shotTimeouts;
                if (p["targetPlayerId"].is_string()) {
                    ++t.shots;
                    t.shotWolves += wolves.count(p["targetPlayerId"].get<std::string>()) ? 1 : 0;
                    int aliveWolves = 0;
                    int aliveOthers = 0;
                    for (const Player &q : m.state().players) {
                        if (dead.count(q.playerId) || q.playerId == p["hunterPlayerId"])
                            continue;
                        ++aliveOthers;
                        aliveWolves += q.role == Role::Werewolf ? 1 : 0;
                    }
                    t.shotWolvesByChance += share(aliveWolves, aliveOthers);
                }
                break;
            case EventType::NightResolved: {
                int aliveWolves = 0;
                for (const std::string &w : wolves)
                    aliveWolves += dead.count(w) ? 0 : 1;
                if (aliveWolves >= 2 && p["missed"].empty()) {
                    ++t.packNights;
                    if (p["wolfTargets"].size() == 1)
                        ++t.packAgreed;
                }
                break;
            }
            case EventType::PlayerEliminated:
                dead.insert(p["playerId"].get<std::string>());
                break;
            case EventType::TurnStarted:
                if (phase == Phase::DayPkDefense)
                    ++t.pkTurns;
                break;
            case EventType::PublicMessage:
                if (p["kind"] == "LAST_WORDS")
                    ++t.lastWords;
                if (phase == Phase::DayPkDefense)
                    ++t.pkDefences;
                break;
            case EventType::VoteResult:
                if (p.contains("pk"))
                    ++t.pkStarts;
                if (p.contains("pkRound"))
                    ++t.pkEnds;
                if (p["eliminatedPlayerId"].is_string() && lastWordsFollow(log, k))
                    ++t.voteEliminations;
                break;
            default:
                break;
            }
        }
        t.saveMatches += saved ? 1 : 0;
        t.poisonMatches += poisoned ? 1 : 0;
    });
    return t;
}

QByteArray dump(const json &j)
{
    return QByteArray::fromStdString(j.dump());
}

QByteArray dump(const Bot::Step &s)
{
    json j{{"wakeAt", s.wakeAt ? json(*s.wakeAt) : json(nullptr)}};
    if (s.call)
        j["call"] = {{"tool", s.call->tool}, {"arguments", s.call->arguments}};
    return dump(j);
}

/// Swaps the hidden roles of `a` and `b` in a log prefix, everywhere a
/// hidden fact about them is written (role table, role cards, wolf events,
/// seer results). Public events are left alone: the point is that the
/// viewer's inputs do not change.
std::vector<Event>
swapHiddenRoles(std::vector<Event> log, const std::string &a, const std::string &b)
{
    auto other = [&](const std::string &id) {
        return id == a ? b : id == b ? a : id;
    };
    for (Event &e : log) {
        json &p = e.payload;
        switch (e.type) {
        case EventType::RolesAssigned: {
            json roles = p["roles"];
            std::swap(roles[a], roles[b]);
            p["roles"] = roles;
            break;
        }
        case EventType::RoleCard: {
            if (e.audiencePlayerId == a || e.audiencePlayerId == b)
                e.audiencePlayerId = other(e.audiencePlayerId);
            json wolves = json::array();
            for (const json &w : p["knownWolves"])
                wolves.push_back(other(w.get<std::string>()));
            p["knownWolves"] = wolves;
            break;
        }
        case EventType::WolfChatMessage:
            p["fromWolfId"] = other(p["fromWolfId"].get<std::string>());
            break;
        case EventType::WolfKillSelected:
            p["byPlayerId"] = other(p["byPlayerId"].get<std::string>());
            break;
        case EventType::SeerInspected:
        case EventType::DoctorProtected:
        case EventType::WitchInformed:
        case EventType::WitchActed:
            e.audiencePlayerId = other(e.audiencePlayerId);
            if (e.type == EventType::SeerInspected) {
                const std::string t = p["targetPlayerId"].get<std::string>();
                if (t == a || t == b)
                    p["alignment"] = p["alignment"] == "WEREWOLF" ? "NOT_WEREWOLF" : "WEREWOLF";
            }
            break;
        default:
            break;
        }
    }
    // RoleCard events are emitted in seat order; keep that by swapping them back into place.
    return log;
}

} // namespace

class TstBots : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statistics_data();
    void statistics();
    void seed002Tables_data();
    void seed002Tables();
    void noCheating_data();
    void noCheating();
    void deterministic();
    void reader_data();
    void reader();
    void benchmark_data();
    void benchmark();
};

void TstBots::statistics_data()
{
    QTest::addColumn<double>("speed");
    QTest::addColumn<bool>("narrator");
    QTest::addColumn<bool>("rateLimits");
    QTest::newRow("default timers") << 1.0 << true << true;
    QTest::newRow("speed x4") << 4.0 << true << true;
    QTest::newRow("no narrator, no rate limits") << 1.0 << false << false;
}

void TstBots::statistics()
{
    QFETCH(double, speed);
    QFETCH(bool, narrator);
    QFETCH(bool, rateLimits);
    MatchConfig cfg;
    cfg.speed = speed;
    cfg.narrator = narrator;
    cfg.rateLimits = rateLimits;
    const Tally t = run(cfg, matchCount());
    const QString errors = errorList(t.errors);
    qInfo(
        "%d matches: villagers %d, wolves %d; calls %zu, rejected %zu (%.2f%%); wolf nights agreed "
        "%d/%d; seer claimed in %d; wolf counterclaims %d; openings missed %d/%d; last words "
        "%d/%d; "
        "votes %d (abstentions %d, flips %d); defences %d",
        t.matches,
        t.villagerWins,
        t.wolfWins,
        t.calls,
        t.rejected,
        100.0 * share(t.rejected, t.calls),
        t.agreedNights,
        t.twoWolfNights,
        t.seerClaimMatches,
        t.counterclaims,
        t.openingMissed,
        t.openingTurns,
        t.lastWords,
        t.voteEliminations,
        t.votes,
        t.abstains,
        t.voteFlips,
        t.defences);
    if (!errors.isEmpty())
        qInfo("rejections: %s", qPrintable(errors));

    QCOMPARE(t.ended, t.matches);
    QVERIFY2(share(t.rejected, t.calls) < 0.02, qPrintable(errors));
    QCOMPARE(t.foreignNightCalls, 0);
    QCOMPARE(t.badLength, 0);
    QCOMPARE(t.lobbyTimeouts, 0); // every bot readied, so LOBBY ended early
    QVERIFY(t.maxWolfChatPerNight <= 2);
    QVERIFY(share(t.agreedNights, t.twoWolfNights) >= 0.85);
    QVERIFY(share(t.seerClaimMatches, t.matches) >= 0.35);
    QVERIFY(t.counterclaims > 0);
    QVERIFY(share(t.villagerWins, t.matches) >= 0.15);
    QVERIFY(share(t.wolfWins, t.matches) >= 0.15);
    QVERIFY(share(t.openingMissed, t.openingTurns) < 0.02);
    QVERIFY(share(t.lastWords, t.voteEliminations) >= 0.95);
    QVERIFY(t.voteFlips > 0);
    QVERIFY(t.abstains > 0 && share(t.abstains, t.votes) < 0.05); // rare, but it happens
    QVERIFY(t.defences > 0);
}

void TstBots::seed002Tables_data()
{
    QTest::addColumn<QString>("preset");
    QTest::newRow("seed002-6") << QStringLiteral("seed002-6");
    QTest::newRow("seed002-9") << QStringLiteral("seed002-9");
    QTest::newRow("seed002-12") << QStringLiteral("seed002-12");
}

void TstBots::seed002Tables()
{
    QFETCH(QString, preset);
    MatchConfig cfg;
    cfg.rules = *rulePreset(preset.toStdString());
    const Seed002Tally t = runSeed002(cfg, matchCount());
    const QString errors = errorList(t.errors);
    qInfo(
        "%s, %d matches: villagers %d, wolves %d, draws %d; calls %zu, rejected %zu (%.2f%%); "
        "witch "
        "acted %d/%d nights, saved in %d matches, poisoned in %d (%d/%d wolves); hunter shot %d/%d "
        "(wolves %d, %.1f by chance, timeouts %d); PK %d started, %d ended, defences %d/%d turns; "
        "pack nights agreed %d/%d; last words %d/%d",
        qPrintable(preset),
        t.matches,
        t.villagerWins,
        t.wolfWins,
        t.draws,
        t.calls,
        t.rejected,
        100.0 * share(t.rejected, t.calls),
        t.witchActed,
        t.witchInformed,
        t.saveMatches,
        t.poisonMatches,
        t.poisonedWolves,
        t.poisons,
        t.shots,
        t.hunterTurns,
        t.shotWolves,
        t.shotWolvesByChance,
        t.shotTimeouts,
        t.pkStarts,
        t.pkEnds,
        t.pkDefences,
        t.pkTurns,
        t.packAgreed,
        t.packNights,
        t.lastWords,
        t.voteEliminations);
    if (!errors.isEmpty())
        qInfo("rejections: %s", qPrintable(errors));

    QCOMPARE(t.ended, t.matches);
    QVERIFY2(share(t.rejected, t.calls) < 0.02, qPrintable(errors));
    QCOMPARE(t.foreignNightCalls, 0);
    QCOMPARE(t.badLength, 0);
    // The witch answers every night she is asked, saves in most matches
    // (night 1 above all) and poisons on evidence only, so less often.
    QCOMPARE(t.witchActed, t.witchInformed);
    QVERIFY(share(t.saveMatches, t.matches) >= 0.6);
    QVERIFY(share(t.poisonMatches, t.matches) >= 0.1 && t.poisonMatches < t.saveMatches);
    QVERIFY(t.poisonedWolves * 2 > t.poisons);
    // The dead hunter shoots in most of his turns, never times out, and finds
    // wolves more often than a random shot would (the 6-seat table has no hunter).
    QCOMPARE(t.hunterTurns > 0, cfg.rules.hunters > 0);
    QCOMPARE(t.shotTimeouts, 0);
    if (cfg.rules.hunters > 0) {
        QVERIFY(share(t.shots, t.hunterTurns) >= 0.5);
        QVERIFY(t.shotWolves > t.shotWolvesByChance);
    }
    // Ties go to the PK, and every PK ends in a revote; each PK player speaks.
    QVERIFY(t.pkStarts > 0);
    QCOMPARE(t.pkEnds, t.pkStarts);
    QVERIFY(share(t.pkDefences, t.pkTurns) >= 0.95);
    QVERIFY(share(t.packAgreed, t.packNights) >= 0.8);
    QVERIFY(share(t.lastWords, t.voteEliminations) >= 0.95);
    QVERIFY(share(t.villagerWins, t.matches) >= 0.25 && share(t.villagerWins, t.matches) <= 0.75);
    QVERIFY(share(t.wolfWins, t.matches) >= 0.25 && share(t.wolfWins, t.matches) <= 0.75);
}

void TstBots::noCheating_data()
{
    QTest::addColumn<int>("match");
    QTest::addColumn<int>("viewerRole");
    QTest::addColumn<int>("swapA"); // roles whose holders are swapped (other than the viewer)
    QTest::addColumn<int>("swapB");
    QTest::addColumn<QString>("preset");
    const int V = static_cast<int>(Role::Villager);
    const int W = static_cast<int>(Role::Werewolf);
    const int S = static_cast<int>(Role::Seer);
    const int D = static_cast<int>(Role::Doctor);
    const int X = static_cast<int>(Role::Witch);
    const int H = static_cast<int>(Role::Hunter);
    const QString classic = QStringLiteral("classic");
    const QString twelve = QStringLiteral("seed002-12");
    for (int i = 0; i < 4; ++i) {
        QTest::addRow("villager sees wolf<->villager, match %d", i) << i << V << W << V << classic;
        QTest::addRow("doctor sees wolf<->seer, match %d", i) << i << D << W << S << classic;
        QTest::addRow("seer sees wolf<->doctor, match %d", i) << i << S << W << D << classic;
        QTest::addRow("wolf sees seer<->villager, match %d", i) << i << W << S << V << classic;
        QTest::addRow("witch sees wolf<->villager, 12 seats, match %d", i)
            << i << X << W << V << twelve;
        QTest::addRow("hunter sees wolf<->seer, 12 seats, match %d", i)
            << i << H << W << S << twelve;
        QTest::addRow("wolf sees witch<->hunter, 12 seats, match %d", i)
            << i << W << X << H << twelve;
    }
}

void TstBots::noCheating()
{
    // A bot must decide from its own view and events only. Take a real match,
    // then rewrite its log so that two other players' hidden roles are swapped
    // (role table, role cards, wolf and seer events) while everything the
    // viewer can see stays the same. Two copies of the bot, fed from the two
    // logs, must receive identical inputs and answer identically, step by step.
    QFETCH(int, match);
    QFETCH(int, viewerRole);
    QFETCH(int, swapA);
    QFETCH(int, swapB);
    QFETCH(QString, preset);
    MatchConfig config;
    config.rules = *rulePreset(preset.toStdString());
    // Up to the moment either swapped player's role reaches the viewer (death,
    // the end, or the viewer's own seer result about them).
    auto cutoffFor = [](const std::vector<Event> &log,
                        const std::string &viewer,
                        const std::string &a,
                        const std::string &b) {
        for (std::size_t i = 0; i < log.size(); ++i) {
            const Event &e = log[i];
            auto is = [&](const char *key) {
                auto it = e.payload.find(key);
                return it != e.payload.end() && it->is_string() && (*it == a || *it == b);
            };
            const bool aboutThem = is("playerId") || is("targetPlayerId");
            if ((e.type == EventType::PlayerEliminated && aboutThem)
                || e.type == EventType::GameEnded || e.type == EventType::RolesRevealed
                || (e.type == EventType::SeerInspected && e.audiencePlayerId == viewer
                    && aboutThem))
                return i;
        }
        return log.size();
    };
    // Find, deterministically, a match and a pair whose secret lasts past the first day.
    std::unique_ptr<Match> source;
    std::string viewer, a, b;
    std::size_t cutoff = 0;
    for (int attempt = 0; attempt < 50 && cutoff <= 60; ++attempt) {
        SimulatedMatch sm = simulateMatch(seedFor(1000 + 50 * match + attempt), config);
        const auto &players = sm.match->state().players;
        std::string v, bestA, bestB;
        std::size_t best = 0;
        // The viewer: the holder of that role who lives longest, so it has things to do.
        std::optional<TimeMs> longest;
        for (const Player &p : players) {
            if (static_cast<int>(p.role) != viewerRole)
                continue;
            const TimeMs until = p.eliminatedAt.value_or(std::numeric_limits<TimeMs>::max());
            if (!longest || until > *longest) {
                longest = until;
                v = p.playerId;
            }
        }
        for (const Player &x : players) {
            for (const Player &y : players) {
                if (x.playerId == v || y.playerId == v || x.playerId == y.playerId
                    || static_cast<int>(x.role) != swapA || static_cast<int>(y.role) != swapB)
                    continue;
                const std::size_t c = cutoffFor(sm.match->log(), v, x.playerId, y.playerId);
                if (c > best) {
                    best = c;
                    bestA = x.playerId;
                    bestB = y.playerId;
                }
            }
        }
        if (best > cutoff) {
            cutoff = best;
            viewer = v;
            a = bestA;
            b = bestB;
            source = std::move(sm.match);
        }
    }
    QVERIFY(cutoff > 60);
    const std::vector<Event> &full = source->log();
    const std::vector<Event> logA(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(cutoff));
    const std::vector<Event> logB = swapHiddenRoles(logA, a, b);

    auto mA = Match::replay({logA.front()});
    auto mB = Match::replay({logB.front()});
    QVERIFY(mA && mB);
    const Viewer v = Viewer::forPlayer(viewer);
    const std::uint64_t botSeed = 0x5EED ^ static_cast<std::uint64_t>(match);
    Bot botA(viewer, botSeed);
    Bot botB(viewer, botSeed);
    std::uint64_t cursor = 0;
    int steps = 0;
    int calls = 0;
    StateOptions opts;
    opts.includeTranscriptSummary = false;
    std::optional<TimeMs> wakeAt;
    auto stepBoth = [&](TimeMs now) {
        const auto newsA = visibleEvents(*mA, v, cursor, static_cast<std::size_t>(-1));
        const auto newsB = visibleEvents(*mB, v, cursor, static_cast<std::size_t>(-1));
        cursor = mA->state().lastSeq;
        QCOMPARE(newsA.size(), newsB.size());
        for (std::size_t k = 0; k < newsA.size(); ++k)
            QCOMPARE(dump(toJson(*newsA[k])), dump(toJson(*newsB[k])));
        const StateView viewA = stateView(*mA, v, opts);
        const StateView viewB = stateView(*mB, v, opts);
        QCOMPARE(dump(toJson(viewA)), dump(toJson(viewB)));

        const Bot::Step sa = botA.step(viewA, newsA, now);
        const Bot::Step sb = botB.step(viewB, newsB, now);
        QCOMPARE(dump(sa), dump(sb));
        ++steps;
        wakeAt = sa.wakeAt;
        if (sa.call) {
            ++calls;
            botA.onResult(*sa.call, true, std::nullopt);
            botB.onResult(*sb.call, true, std::nullopt);
        }
    };
    for (std::size_t i = 1; i < cutoff; ++i) {
        // Honour the bot's alarm clock between events, as a host does. Its calls
        // are not executed: the log is fixed, only the decisions are compared.
        while (wakeAt && *wakeAt < logA[i].at) {
            stepBoth(*wakeAt);
            if (QTest::currentTestFailed())
                return;
        }
        mA->apply(logA[i]);
        mB->apply(logB[i]);
        // Step once per instant, as a host would after a batch of events.
        if (i + 1 < cutoff && logA[i + 1].at == logA[i].at)
            continue;
        stepBoth(logA[i].at);
        if (QTest::currentTestFailed())
            return;
    }
    // The swap really changed hidden facts, and the bot really had work to do.
    QVERIFY(mA->player(a)->role != mB->player(a)->role);
    QVERIFY(steps > 10);
    QVERIFY(calls > 0);
}

void TstBots::deterministic()
{
    auto fingerprint = [](std::uint64_t seed) {
        const SimulatedMatch sm = simulateMatch(seed, MatchConfig{});
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (const Event &e : sm.match->log()) {
            const std::string s = toJson(e).dump();
            h = fnv1a(s.data(), s.size(), h);
        }
        return h;
    };
    for (int i = 0; i < 5; ++i)
        QCOMPARE(fingerprint(seedFor(i)), fingerprint(seedFor(i)));
    QVERIFY(fingerprint(seedFor(1)) != fingerprint(seedFor(2)));
}

void TstBots::reader_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("accused");
    QTest::addColumn<QString>("vouched");
    QTest::addColumn<QString>("claimedWolf");
    QTest::addColumn<QString>("claimedClean");
    QTest::addColumn<bool>("seerClaim");
    QTest::newRow("suspect") << "I suspect Hugo."
                             << "Hugo"
                             << ""
                             << ""
                             << "" << false;
    QTest::newRow("sure") << "Hugo is a wolf, I'm sure of it."
                          << "Hugo"
                          << ""
                          << ""
                          << "" << false;
    QTest::newRow("vote") << "Let's vote Hugo."
                          << "Hugo"
                          << ""
                          << ""
                          << "" << false;
    QTest::newRow("trust") << "I trust Cora."
                           << ""
                           << "Cora"
                           << ""
                           << "" << false;
    QTest::newRow("defence") << QStringLiteral("I'm not a wolf \u2014 Cora is deflecting.")
                             << "Cora"
                             << ""
                             << ""
                             << "" << false;
    QTest::newRow("not a wolf") << "Hugo is not a wolf."
                                << ""
                                << "Hugo"
                                << ""
                                << "" << false;
    QTest::newRow("don't trust") << "I don't trust Hugo."
                                 << "Hugo"
                                 << ""
                                 << ""
                                 << "" << false;
    QTest::newRow("possessive") << "Cora's story doesn't add up. Cora is suspicious."
                                << "Cora"
                                << ""
                                << ""
                                << "" << false;
    QTest::newRow("negated wolf") << "Don't forget: Hugo is not a werewolf."
                                  << ""
                                  << "Hugo"
                                  << ""
                                  << "" << false;
    QTest::newRow("claim") << "I am the Seer. Last night I inspected Hugo: werewolf."
                           << ""
                           << ""
                           << "Hugo"
                           << "" << true;
    QTest::newRow("curly claim") << QStringLiteral(
        "I\u2019m the Seer. I inspected Cora: not a werewolf.")
                                 << ""
                                 << ""
                                 << ""
                                 << "Cora" << true;
    QTest::newRow("real seer")
        << "Hugo is lying. I am the real Seer, and Hugo is a fake Seer and a wolf."
        << "Hugo"
        << ""
        << ""
        << "" << true;
    QTest::newRow("denial") << "I'm not the Seer."
                            << ""
                            << ""
                            << ""
                            << "" << false;
    QTest::newRow("believe") << "I believe Cora. Let's vote Hugo."
                             << "Hugo"
                             << "Cora"
                             << ""
                             << "" << false;
    QTest::newRow("uppercase") << "HUGO IS A WEREWOLF!"
                               << "Hugo"
                               << ""
                               << ""
                               << "" << false;
    QTest::newRow("unknown name") << "I suspect Zed."
                                  << ""
                                  << ""
                                  << ""
                                  << "" << false;
}

void TstBots::reader()
{
    QFETCH(QString, text);
    QFETCH(QString, accused);
    QFETCH(QString, vouched);
    QFETCH(QString, claimedWolf);
    QFETCH(QString, claimedClean);
    QFETCH(bool, seerClaim);
    const std::string names[] = {"Ada", "Cora", "Hugo", "Iris"};
    botspeech::Names lexicon;
    lexicon.assign(names, 4);
    const std::string utf8 = text.toStdString();
    const botspeech::Reading r = botspeech::read(utf8, lexicon);
    auto mask = [&](const QString &name) -> botspeech::SeatMask {
        for (int i = 0; i < 4; ++i)
            if (name == QString::fromStdString(names[i]))
                return static_cast<botspeech::SeatMask>(1u << i);
        return 0;
    };
    QCOMPARE(r.accused, mask(accused));
    QCOMPARE(r.vouched, mask(vouched));
    QCOMPARE(r.claimedWolf, mask(claimedWolf));
    QCOMPARE(r.claimedClean, mask(claimedClean));
    QCOMPARE(r.seerClaim, seerClaim);
}

void TstBots::benchmark_data()
{
    QTest::addColumn<QString>("preset");
    for (const RuleSet &r : rulePresets())
        QTest::newRow(r.name.c_str()) << QString::fromStdString(r.name);
}

void TstBots::benchmark()
{
    // Whole matches: engine, narrator and a table of bots. Reported, never
    // asserted (the machine is shared); `townhall simulate` reports the same
    // figure for classic.
    QFETCH(QString, preset);
    MatchConfig cfg;
    cfg.rules = *rulePreset(preset.toStdString());
    std::uint64_t seed = 1;
    QBENCHMARK
    {
        const SimulatedMatch sm = simulateMatch(seed++, cfg);
        QVERIFY(sm.match->ended());
    }
}

QTEST_APPLESS_MAIN(TstBots)
#include "tst_bots.moc"
