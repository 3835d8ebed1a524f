// SPDX-License-Identifier: MIT
// The Town Crier: templates, variety, determinism, volume, and above all that
// public narration never reveals a hidden fact.

#include "engine/narrator.h"
#include "engine/rng.h"
#include "engine/simulator.h"
#include "table.h"

#include <QtTest>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

using namespace townhall::engine;
using namespace townhall::engine::test;

namespace {

QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

MatchConfig quiet()
{
    MatchConfig c;
    c.rateLimits = false;
    return c;
}

/// A table whose match id is chosen (variant choice hashes it).
Table tableWith(std::uint64_t seed, const std::string &matchId)
{
    Table t(seed, quiet());
    t.m = Match::create(matchId, "bld-1", 7, seed, eightSeats(), quiet(), T0);
    return t;
}

struct Line
{
    std::string templateId;
    std::string text;
    Audience audience;
    std::uint64_t seq;
    std::uint64_t causeSeq;
    json args;
};

std::vector<Line> lines(const Match &m)
{
    std::vector<Line> out;
    for (const Event &e : m.log()) {
        if (e.type != EventType::Narrator)
            continue;
        out.push_back({e.payload.at("templateId").get<std::string>(),
                       e.payload.at("text").get<std::string>(),
                       e.audience,
                       e.seq,
                       seqFromEventId(m.matchId(), e.payload.at("causeEventId").get<std::string>())
                           .value_or(0),
                       e.payload.at("args")});
    }
    return out;
}

bool startsWith(const std::string &s, std::string_view p)
{
    return s.compare(0, p.size(), p) == 0;
}

std::string lower(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

/// Whole-word, case-insensitive containment (`hay` already lower case).
bool hasWord(const std::string &hay, const std::string &word)
{
    const std::string w = lower(word);
    for (std::size_t pos = hay.find(w); pos != std::string::npos; pos = hay.find(w, pos + 1)) {
        const bool before = pos == 0 || !std::isalnum(static_cast<unsigned char>(hay[pos - 1]));
        const std::size_t end = pos + w.size();
        const bool after = end >= hay.size() || !std::isalnum(static_cast<unsigned char>(hay[end]));
        if (before && after)
            return true;
    }
    return false;
}

std::string nameOf(const Match &m, const std::string &id)
{
    const Player *p = m.player(id);
    return p ? p->displayName : id;
}

/// Public speech used by the random tables: accusations, vouches, claims, and
/// the role words a leak check must not confuse with narration.
const std::vector<std::string> &phrases()
{
    static const std::vector<std::string> v{
        "I suspect {X}.",
        "{X} is a wolf, I'm sure.",
        "I trust {X}.",
        "{X} is not a wolf.",
        "I am the Seer. Last night I inspected {X}: werewolf.",
        "I'm the Seer: {X} is not a werewolf.",
        "Let's vote {X}.",
        "I am the doctor and I protected {X}.",
        "I'm just a villager. {X} is quiet though.",
        "Good morning, everyone.",
    };
    return v;
}

/// Plays one whole match with scripted random choices (no bots): night
/// actions (sometimes skipped, sometimes split), speeches from phrases(),
/// votes (sometimes changed, sometimes abstained), last words, wolf chat with
/// a marker word that must never reach public narration.
void playRandom(Table &t, std::uint64_t seed)
{
    Rng rng(seed * 7919 + 1);
    auto alive = [&] {
        std::vector<std::string> v;
        for (const Player &p : t.s().players)
            if (p.alive)
                v.push_back(p.playerId);
        return v;
    };
    auto pick = [&](const std::vector<std::string> &v) {
        return v[rng.below(static_cast<std::uint32_t>(v.size()))];
    };
    auto other = [&](const std::string &self) {
        std::vector<std::string> v;
        for (const std::string &id : alive())
            if (id != self)
                v.push_back(id);
        return v.empty() ? self : pick(v);
    };
    auto speech = [&](const std::string &self) {
        std::string s = phrases()[rng.below(static_cast<std::uint32_t>(phrases().size()))];
        const auto at = s.find("{X}");
        if (at != std::string::npos)
            s.replace(at, 3, nameOf(t.m, other(self)));
        return s;
    };

    t.now += 1000;
    t.readyAll();
    // A random script: some commands are refused (a dead target, a second
    // protection), which is the point; their outcomes are not checked.
    for (int guard = 0; guard < 400 && !t.m.ended(); ++guard) {
        t.now += 500;
        switch (t.s().phase) {
        case Phase::Night: {
            std::vector<std::string> prey;
            for (const std::string &id : alive())
                if (t.m.player(id)->role != Role::Werewolf)
                    prey.push_back(id);
            const std::string target = pick(prey);
            for (const std::string &w : t.ids(Role::Werewolf)) {
                (void)t.wolfChat(w, "zorblax: let us take " + nameOf(t.m, target));
                if (rng.chance(90))
                    (void)t.kill(w, rng.chance(85) ? target : pick(prey));
            }
            if (!t.seer().empty() && rng.chance(85))
                (void)t.inspect(t.seer(), other(t.seer()));
            if (!t.doctor().empty() && rng.chance(85))
                (void)t.protect(t.doctor(),
                                rng.chance(40) ? target : pick(alive())); // may be refused
            if (t.s().phase == Phase::Night)
                t.step();
            break;
        }
        case Phase::DayOpening: {
            const std::string speaker
                = t.s().openingOrder[static_cast<std::size_t>(t.s().openingIndex)];
            if (rng.chance(85))
                (void)t.say(speaker, speech(speaker), MessageKind::Opening);
            else
                t.step();
            break;
        }
        case Phase::DayDiscussion:
            for (int i = 0; i < 4; ++i) {
                const std::string p = pick(alive());
                (void)t.say(p, speech(p));
            }
            t.step();
            break;
        case Phase::DayVote: {
            for (const std::string &v : alive()) {
                if (t.s().phase != Phase::DayVote)
                    break;
                if (rng.chance(15))
                    continue; // times out: abstains
                if (rng.chance(10))
                    (void)t.vote(v, std::nullopt);
                else
                    (void)t.vote(v, other(v));
            }
            if (t.s().phase == Phase::DayVote) {
                // Some change their minds before the deadline.
                for (const std::string &v : alive())
                    if (t.s().phase == Phase::DayVote && rng.chance(20))
                        (void)t.vote(v, other(v));
            }
            if (t.s().phase == Phase::DayVote)
                t.step();
            break;
        }
        case Phase::DayResolution:
            if (t.s().lastEliminated && rng.chance(70))
                (void)t.say(*t.s().lastEliminated,
                            "My last words: " + speech(*t.s().lastEliminated),
                            MessageKind::LastWords);
            t.step();
            break;
        default:
            t.step();
            break;
        }
    }
}

/// The facts hidden at one point of a match, folded from the log.
struct Secrets
{
    std::set<std::string> revealed;        ///< roles made public (death, end reveal)
    std::set<std::string> nightSelections; ///< this night: wolf picks, seer and doctor targets
    std::string lastVictim;                ///< this night's victim (public once killed)
};

} // namespace

class TstNarrator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void render_data();
    void render();
    void catalogue();
    void scenario_data();
    void scenario();
    void determinism();
    void purity();
    void narrationComesWithItsBatch();
    void variety();
    void volume();
    void noHiddenFactInPublicLines();
    void botMatchesLeakNothing();
    void saveLineNamesNobody();
};

// ---------------------------------------------------------------- rendering

void TstNarrator::render_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("expected");
    auto row = [](const char *name, const char *pattern, const char *args, const char *expected) {
        QTest::newRow(name) << QString::fromUtf8(pattern) << QString::fromUtf8(args)
                            << QString::fromUtf8(expected);
    };
    row("plain", "Night {night} falls.", R"({"night":3})", "Night 3 falls.");
    row("string", "{name} speaks.", R"({"name":"Hugo"})", "Hugo speaks.");
    row("role noun", "({role})", R"({"role":"WEREWOLF"})", "(werewolf)");
    row("role article", "was {role|a}", R"({"role":"SEER"})", "was the seer");
    row("role article villager", "was {role|a}", R"({"role":"VILLAGER"})", "was a villager");
    row("suffix role key", "{victimRole|a}", R"({"victimRole":"DOCTOR"})", "the doctor");
    row("team", "the {winner} win", R"({"winner":"WEREWOLVES"})", "the werewolves win");
    row("word", "{n|word} left", R"({"n":2})", "two left");
    row("word cap", "{n|word|cap} left", R"({"n":7})", "Seven left");
    row("word too big", "{n|word}", R"({"n":42})", "42");
    row("votes one", "with {v|votes}", R"({"v":1})", "with 1 vote");
    row("votes many", "with {v|votes}", R"({"v":4})", "with 4 votes");
    row("votes cap word", "{v|votes|word|cap}", R"({"v":3})", "Three votes");
    row("list 1", "{names}", R"({"names":["Ada"]})", "Ada");
    row("list 2", "{names}", R"({"names":["Ada","Hugo"]})", "Ada and Hugo");
    row("list 3", "{names}", R"({"names":["Ada","Basil","Cora"]})", "Ada, Basil and Cora");
    row("unknown key stays", "Hi {nobody}.", R"({})", "Hi {nobody}.");
    row("unclosed brace", "Hi {name", R"({"name":"x"})", "Hi {name");
    row("utf8", "{name} — ok…", R"({"name":"Zoë"})", "Zoë — ok…");
}

void TstNarrator::render()
{
    QFETCH(QString, pattern);
    QFETCH(QString, args);
    QFETCH(QString, expected);
    const std::string p = pattern.toStdString();
    const json a = json::parse(args.toStdString());
    QCOMPARE(q(renderTemplate(p, a)), expected);
}

void TstNarrator::catalogue()
{
    const auto &all = narratorTemplates();
    QVERIFY(all.size() > 60);
    std::set<std::string> ids;
    std::map<std::string, int> perSituation;
    for (const NarratorTemplate &t : all) {
        QVERIFY2(ids.insert(t.id).second, t.id.c_str());
        QVERIFY(!t.english.empty());
        perSituation[t.id.substr(0, t.id.rfind('.'))]++;
        // Omniscient templates live under "omni."; nothing else is spoiler-allowed.
        QCOMPARE(startsWith(t.id, "omni."), t.omniscient);
    }
    int single = 0;
    for (const auto &[situation, n] : perSituation)
        single += n == 1 ? 1 : 0;
    QVERIFY2(single <= 1, "every situation but a fallback has several phrasings");
}

// ---------------------------------------------------------------- scenarios

enum Scenario {
    LobbyOpens,
    FirstNight,
    KillDawn,
    SavedDawn,
    OpeningsAndVote,
    VoteOutWolf,
    VoteTie,
    NoVotes,
    SeerClaimTrue,
    SeerClaimFake,
    LastWords,
    SecondNightSummary,
    VillagersWin,
    WolvesWin,
    OmniNight,
};

/// Night 1 with the wolves agreeing on `victim`, the doctor protecting `guard`.
static void night(Table &t, const std::string &victim, const std::string &guard)
{
    for (const std::string &w : t.ids(Role::Werewolf))
        QVERIFY(t.kill(w, victim).ok());
    QVERIFY(t.inspect(t.seer(), t.wolf()).ok());
    QVERIFY(t.protect(t.doctor(), guard).ok());
}

static void toVote(Table &t)
{
    QVERIFY(t.until(Phase::DayVote));
}

void TstNarrator::scenario_data()
{
    QTest::addColumn<int>("scenario");
    QTest::addColumn<QString>("templatePrefix");
    QTest::addColumn<bool>("omniscient");
    QTest::addColumn<QString>("mustContain"); // "" or a player role placeholder resolved below
    auto row
        = [](const char *name, Scenario s, const char *prefix, bool omni, const char *must = "") {
              QTest::newRow(name) << int(s) << QString::fromUtf8(prefix) << omni
                                  << QString::fromUtf8(must);
          };
    row("lobby opens", LobbyOpens, "lobby.open.", false, "Ada");
    row("night 1 falls", FirstNight, "night.first.", false);
    row("roles spoiled for the host", LobbyOpens, "omni.roles.", true, "wolf");
    row("dawn death", KillDawn, "dawn.death", false, "victim");
    row("day begins", KillDawn, "day.begins.", false);
    row("wolves hype", KillDawn, "hype.wolves.", false);
    row("omni status", KillDawn, "omni.day.status.", true, "wolf");
    row("dawn saved", SavedDawn, "dawn.saved.", false);
    row("omni saved", SavedDawn, "omni.night.saved.", true, "victim");
    row("openings", OpeningsAndVote, "day.opening.", false);
    row("last opening turn", OpeningsAndVote, "turn.last.", false);
    row("discussion", OpeningsAndVote, "day.discussion.", false);
    row("vote opens", OpeningsAndVote, "day.vote.", false);
    row("majority", OpeningsAndVote, "vote.majority.", false);
    row("voted out", OpeningsAndVote, "vote.out.", false, "victim");
    row("voted out wolf", VoteOutWolf, "vote.out.wolf.", false, "wolf");
    row("tie", VoteTie, "vote.tie.", false);
    row("no votes", NoVotes, "vote.none.", false);
    row("seer claim", SeerClaimTrue, "claim.seer.", false, "seer");
    row("true claim spoiled", SeerClaimTrue, "omni.claim.true.", true, "seer");
    row("fake claim spoiled", SeerClaimFake, "omni.claim.fake.", true, "victim");
    row("last words invited", LastWords, "lastwords.invite.", false, "victim");
    row("last words said", LastWords, "lastwords.said.", false, "victim");
    row("day summary", SecondNightSummary, "summary.day.", false);
    row("night 2 falls", SecondNightSummary, "night.falls.", false);
    row("villagers win", VillagersWin, "game.over.villagers.", false);
    row("masks off", VillagersWin, "game.reveal.", false, "wolf");
    row("wolves win", WolvesWin, "game.over.werewolves.", false);
    row("wolves pick", OmniNight, "omni.wolves.agree.", true, "victim");
    row("seer looks", OmniNight, "omni.seer.wolf.", true, "wolf");
    row("doctor guards", OmniNight, "omni.doctor", true);
    row("night kill spoiled", OmniNight, "omni.night.kill.", true, "victim");
}

void TstNarrator::scenario()
{
    QFETCH(int, scenario);
    QFETCH(QString, templatePrefix);
    QFETCH(bool, omniscient);
    QFETCH(QString, mustContain);

    Table t = tableWith(11, "narr-scenario");
    std::string victim = t.villager(0);
    const std::string wolf = t.wolf(0);
    t.readyAll();
    QCOMPARE(int(t.s().phase), int(Phase::Night));
    switch (Scenario(scenario)) {
    case LobbyOpens:
    case FirstNight:
        break;
    case KillDawn:
    case OmniNight:
        night(t, victim, t.villager(1));
        break;
    case SavedDawn:
        night(t, victim, victim);
        break;
    case OpeningsAndVote:
    case LastWords:
    case SecondNightSummary: {
        night(t, t.villager(3), t.villager(2)); // villager(3) dies; indices shift after
        victim = t.villager(0);
        toVote(t);
        for (const Player &p : t.s().players)
            if (p.alive && p.playerId != victim && t.s().phase == Phase::DayVote)
                QVERIFY(t.vote(p.playerId, victim).ok());
        if (t.s().phase == Phase::DayVote)
            QVERIFY(t.vote(victim, wolf).ok());
        if (Scenario(scenario) == LastWords)
            QVERIFY(t.say(victim, "Goodbye, all.", MessageKind::LastWords).ok());
        if (Scenario(scenario) == SecondNightSummary)
            QVERIFY(t.until(Phase::Night));
        break;
    }
    case VoteOutWolf: {
        night(t, victim, victim);
        toVote(t);
        for (const Player &p : t.s().players)
            if (p.alive && p.playerId != wolf)
                QVERIFY(t.vote(p.playerId, wolf).ok());
        QVERIFY(t.vote(wolf, victim).ok());
        break;
    }
    case VoteTie: {
        night(t, victim, victim);
        toVote(t);
        // Two camps of four: one votes the wolf, the other the villager.
        std::vector<std::string> others;
        for (const Player &p : t.s().players)
            if (p.playerId != wolf && p.playerId != victim)
                others.push_back(p.playerId);
        QCOMPARE(others.size(), std::size_t(6));
        QVERIFY(t.vote(victim, wolf).ok());
        QVERIFY(t.vote(wolf, victim).ok());
        for (std::size_t i = 0; i < others.size(); ++i)
            QVERIFY(t.vote(others[i], i < 3 ? wolf : victim).ok());
        QVERIFY(t.s().phase != Phase::DayVote);
        break;
    }
    case NoVotes:
        night(t, victim, victim);
        toVote(t);
        t.step();
        break;
    case SeerClaimTrue:
    case SeerClaimFake: {
        night(t, victim, victim);
        QVERIFY(t.until(Phase::DayDiscussion));
        const std::string who = Scenario(scenario) == SeerClaimTrue ? t.seer() : victim;
        QVERIFY(t.say(who, "Listen: I am the Seer, and Hugo worries me.").ok());
        break;
    }
    case VillagersWin: {
        // Two days: each day the village votes out one wolf.
        for (int day = 0; day < 2 && !t.m.ended(); ++day) {
            if (t.s().phase != Phase::Night)
                QVERIFY(t.until(Phase::Night));
            const std::string prey = t.villager(static_cast<std::size_t>(day));
            night(t, prey, prey); // saved, and never the same guard twice
            toVote(t);
            const std::string w = t.wolf(0);
            for (const Player &p : t.s().players)
                if (p.alive && p.playerId != w && t.s().phase == Phase::DayVote)
                    QVERIFY(t.vote(p.playerId, w).ok());
            if (t.s().phase == Phase::DayVote)
                QVERIFY(t.vote(w, t.villager(0)).ok());
        }
        QVERIFY(t.m.ended());
        break;
    }
    case WolvesWin:
        // Nobody acts and nobody votes: the wolves eat a villager every night.
        for (int i = 0; i < 100 && !t.m.ended(); ++i)
            t.step();
        QVERIFY(t.m.ended());
        break;
    }

    const std::string must = mustContain.toStdString();
    std::string needle;
    if (must == "victim")
        needle = nameOf(t.m, victim);
    else if (must == "wolf")
        needle = nameOf(t.m, wolf);
    else if (must == "seer")
        needle = nameOf(t.m, t.id(Role::Seer).empty() ? std::string() : t.id(Role::Seer));
    else
        needle = must;

    bool found = false;
    QStringList seen;
    for (const Line &l : lines(t.m)) {
        seen << q(l.templateId);
        if (!startsWith(l.templateId, templatePrefix.toStdString()))
            continue;
        QCOMPARE(l.audience == Audience::Host, omniscient);
        QVERIFY2(l.text.find('{') == std::string::npos, l.text.c_str());
        if (!needle.empty() && l.text.find(needle) == std::string::npos)
            continue;
        found = true;
    }
    QVERIFY2(found,
             qPrintable(QStringLiteral("no %1 line mentioning '%2' among: %3")
                            .arg(templatePrefix, q(needle), seen.join(QLatin1Char(' ')))));
}

// ---------------------------------------------------------------- determinism and purity

void TstNarrator::determinism()
{
    for (std::uint64_t seed : {1u, 2u, 3u, 17u}) {
        Table a = tableWith(seed, "det-" + std::to_string(seed));
        Table b = tableWith(seed, "det-" + std::to_string(seed));
        playRandom(a, seed);
        playRandom(b, seed);
        const auto la = lines(a.m);
        const auto lb = lines(b.m);
        QCOMPARE(la.size(), lb.size());
        for (std::size_t i = 0; i < la.size(); ++i) {
            QCOMPARE(q(la[i].templateId), q(lb[i].templateId));
            QCOMPARE(q(la[i].text), q(lb[i].text));
            QCOMPARE(q(la[i].args.dump()), q(lb[i].args.dump()));
        }
    }
}

void TstNarrator::purity()
{
    // narrate() is a function of (state after the cause, cause): replaying the
    // log up to each cause and narrating again gives exactly the logged lines.
    Table t = tableWith(5, "purity");
    playRandom(t, 5);
    const auto &log = t.m.log();
    std::optional<Match> replayed;
    std::size_t i = 0;
    std::vector<Event> prefix;
    while (i < log.size()) {
        const Event &cause = log[i];
        prefix.push_back(cause);
        if (!replayed)
            replayed = Match::replay(prefix);
        else
            replayed->apply(cause);
        QVERIFY(replayed);
        ++i;
        std::vector<const Event *> logged;
        while (i < log.size() && log[i].type == EventType::Narrator
               && log[i].payload.at("causeEventId") == cause.eventId) {
            logged.push_back(&log[i]);
            replayed->apply(log[i]);
            ++i;
        }
        if (cause.type == EventType::Narrator)
            continue;
        const auto again = narrate(replayed->state(), cause);
        QCOMPARE(again.size(), logged.size());
        for (std::size_t k = 0; k < again.size(); ++k) {
            QCOMPARE(q(again[k].templateId),
                     q(logged[k]->payload.at("templateId").get<std::string>()));
            QCOMPARE(q(again[k].text), q(logged[k]->payload.at("text").get<std::string>()));
            QCOMPARE(again[k].omniscient, logged[k]->audience == Audience::Host);
        }
    }
}

void TstNarrator::narrationComesWithItsBatch()
{
    // Narration is a step of the command path, after the rules: what a host
    // control, a command or the passing of time returns already holds the
    // lines of its events, each right after its cause, and leaves nothing
    // for the next call to narrate.
    Table t(3, quiet());
    auto settled = [&t](const std::vector<Event> &batch) {
        return batch.empty() || batch.back().type == EventType::Narrator
               || narrate(t.s(), batch.back()).empty();
    };
    t.readyAll();
    for (const std::vector<Event> &batch : {t.m.pause(t.now), t.m.resume(t.now)}) {
        QCOMPARE(batch.size(), std::size_t(2));
        QCOMPARE_E(batch[1].type, EventType::Narrator);
        QCOMPARE(q(batch[1].payload.at("causeEventId").get<std::string>()), q(batch[0].eventId));
    }
    for (int i = 0; i < 400 && !t.m.ended(); ++i) {
        if (t.s().phase == Phase::DayVote) {
            for (const Player &p : t.s().players)
                if (p.alive && p.role != Role::Werewolf) {
                    const auto vote = t.vote(p.playerId, t.wolf(0));
                    QVERIFY(!vote.ok() || settled(*vote));
                }
        }
        QVERIFY(settled(t.step()));
    }
    QVERIFY(t.m.ended());
}

void TstNarrator::variety()
{
    // Over many matches, each common situation uses more than one phrasing,
    // and every emitted template id exists in the catalogue.
    std::set<std::string> known;
    for (const NarratorTemplate &tpl : narratorTemplates())
        known.insert(tpl.id);
    std::map<std::string, std::set<std::string>> variants;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Table t = tableWith(seed, "variety-" + std::to_string(seed));
        playRandom(t, seed);
        for (const Line &l : lines(t.m)) {
            QVERIFY2(known.count(l.templateId), l.templateId.c_str());
            variants[l.templateId.substr(0, l.templateId.rfind('.'))].insert(l.templateId);
        }
    }
    for (const char *situation : {"lobby.open",
                                  "night.first",
                                  "night.falls",
                                  "dawn.death",
                                  "day.begins",
                                  "day.opening",
                                  "day.discussion",
                                  "day.vote",
                                  "claim.seer",
                                  "omni.roles",
                                  "omni.seer.clean",
                                  "omni.doctor"}) {
        QVERIFY2(variants[situation].size() > 1, situation);
    }
}

void TstNarrator::volume()
{
    // Dozens of lines per match, not hundreds; most events say nothing.
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        Table t = tableWith(seed, "volume-" + std::to_string(seed));
        playRandom(t, seed);
        QVERIFY(t.m.ended());
        int pub = 0;
        int omni = 0;
        for (const Line &l : lines(t.m))
            (l.audience == Audience::Public ? pub : omni)++;
        const int events = static_cast<int>(t.m.log().size()) - pub - omni;
        QVERIFY2(pub >= 10 && pub <= 120, qPrintable(QString::number(pub)));
        QVERIFY2(omni >= 3 && omni <= 60, qPrintable(QString::number(omni)));
        QVERIFY2(pub + omni < events, "fewer lines than events");
    }
}

// ---------------------------------------------------------------- secrecy

/// Checks every public narrator line of `m` against what was hidden at that
/// moment: a role word never sits next to the name of a player whose role is
/// secret (except a claim line repeating that player's own public words),
/// night selections are never named at dawn, wolf chat never surfaces, and
/// public lines only ever follow public causes. Counts the lines in `checked`.
static void checkPublicLines(const Match &m, int &checked)
{
    static const std::vector<std::string> roleWords{"wolf",
                                                    "wolves",
                                                    "werewolf",
                                                    "werewolves",
                                                    "seer",
                                                    "doctor",
                                                    "villager",
                                                    "villagers",
                                                    "healer"};
    const auto &log = m.log();
    Secrets sec;
    std::set<std::string> wolfChatWords;
    for (const Event &e : log) {
        switch (e.type) {
        case EventType::PhaseChanged:
            if (e.payload.at("to") == "NIGHT") {
                sec.nightSelections.clear();
                sec.lastVictim.clear();
            }
            break;
        case EventType::WolfKillSelected:
        case EventType::SeerInspected:
        case EventType::DoctorProtected:
            sec.nightSelections.insert(e.payload.at("targetPlayerId").get<std::string>());
            break;
        case EventType::NightResult:
            if (e.payload.at("killedPlayerId").is_string())
                sec.lastVictim = e.payload.at("killedPlayerId").get<std::string>();
            break;
        case EventType::PlayerEliminated:
            sec.revealed.insert(e.payload.at("playerId").get<std::string>());
            break;
        case EventType::RolesRevealed:
            for (const Player &p : m.state().players)
                sec.revealed.insert(p.playerId);
            break;
        default:
            break;
        }
        if (e.type != EventType::Narrator || e.audience != Audience::Public)
            continue;
        ++checked;
        const std::string tid = e.payload.at("templateId").get<std::string>();
        const std::string text = e.payload.at("text").get<std::string>();
        std::string all = lower(text + " " + e.payload.at("args").dump());
        // The building's name ("Werewolf Game #7") is no role word.
        for (std::size_t at = all.find("werewolf game"); at != std::string::npos;
             at = all.find("werewolf game", at))
            all.replace(at, 8, "");
        const auto causeSeq
            = seqFromEventId(m.matchId(), e.payload.at("causeEventId").get<std::string>());
        if (!causeSeq || *causeSeq < 1 || *causeSeq >= e.seq) {
            QFAIL("narrator line without a valid cause");
        }
        const Event &cause = log[*causeSeq - 1];
        QVERIFY2(cause.audience == Audience::Public, tid.c_str());
        QVERIFY2(!startsWith(tid, "omni."), tid.c_str());
        QVERIFY2(all.find("zorblax") == std::string::npos, text.c_str());
        QVERIFY2(text.find('{') == std::string::npos, text.c_str());

        for (const Player &p : m.state().players) {
            if (sec.revealed.count(p.playerId) || !hasWord(all, p.displayName))
                continue;
            const bool ownClaim = startsWith(tid, "claim.")
                                  && cause.type == EventType::PublicMessage
                                  && cause.payload.at("playerId") == p.playerId;
            if (ownClaim)
                continue;
            for (const std::string &w : roleWords)
                QVERIFY2(!hasWord(all, w),
                         qPrintable(q(tid) + QStringLiteral(": ") + q(text)
                                    + QStringLiteral(" names ") + q(p.displayName)
                                    + QStringLiteral(" (secret ") + q(toString(p.role))
                                    + QStringLiteral(") next to ") + q(w)));
        }
        const bool dawnLine = cause.type == EventType::NightResult
                              || (cause.type == EventType::PlayerEliminated
                                  && cause.payload.at("cause") == "NIGHT_KILL");
        if (dawnLine) {
            for (const std::string &id : sec.nightSelections) {
                if (id == sec.lastVictim)
                    continue;
                QVERIFY2(
                    !hasWord(all, nameOf(m, id)) && all.find(id + "\"") == std::string::npos,
                    qPrintable(q(tid) + QStringLiteral(" names a night selection: ") + q(text)));
            }
        }
    }
}

void TstNarrator::noHiddenFactInPublicLines()
{
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        Table t = tableWith(seed, "leak-" + std::to_string(seed));
        playRandom(t, seed);
        checkPublicLines(t.m, checked);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(checked > 150 * 10);
}

void TstNarrator::botMatchesLeakNothing()
{
    // The same checks over matches played by the built-in bots, whose speech
    // (claims, accusations, last words) is what hosts will see most.
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const SimulatedMatch sim = simulateMatch(seed, MatchConfig{});
        QVERIFY(sim.match && sim.match->ended());
        checkPublicLines(*sim.match, checked);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(checked > 200 * 10);
}

void TstNarrator::saveLineNamesNobody()
{
    // On a save, the public learns only that someone was saved: neither the
    // victim nor the doctor's choice appears in any public line of that dawn.
    int saves = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Table t = tableWith(seed, "save-" + std::to_string(seed));
        t.readyAll();
        const std::string victim = t.villager(0);
        for (const std::string &w : t.ids(Role::Werewolf))
            QVERIFY(t.kill(w, victim).ok());
        QVERIFY(t.inspect(t.seer(), victim).ok());
        QVERIFY(t.protect(t.doctor(), victim).ok());
        QCOMPARE(int(t.s().phase), int(Phase::DayAnnounce));
        const std::string name = nameOf(t.m, victim);
        for (const Line &l : lines(t.m)) {
            if (l.audience != Audience::Public)
                continue;
            const Event &cause = t.m.log()[l.causeSeq - 1];
            if (cause.type != EventType::NightResult)
                continue;
            ++saves;
            QVERIFY(startsWith(l.templateId, "dawn.saved."));
            QVERIFY2(!hasWord(lower(l.text + l.args.dump()), name), l.text.c_str());
            QVERIFY(l.args.dump().find(victim) == std::string::npos);
        }
    }
    QCOMPARE(saves, 40);
}

QTEST_APPLESS_MAIN(TstNarrator)
#include "tst_narrator.moc"
