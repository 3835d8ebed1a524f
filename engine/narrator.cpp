// SPDX-License-Identifier: MIT
#include "narrator.h"

#include "keymoments.h"
#include "rng.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace townhall::engine {

namespace {

// ---------------------------------------------------------------- the catalogue

/// Every situation the crier speaks about. The order matches kSituations.
enum class S : std::uint8_t {
    LobbyOpen,
    NightFirst,
    NightFalls,
    SummaryOut,
    SummaryNone,
    DawnSaved,
    DawnQuiet,
    DawnDeath,
    DawnDeathSeer,
    DawnDeathDoctor,
    DayBegins,
    HypeWolves,
    HypeLastWolf,
    DayOpening,
    TurnLast,
    DayDiscussion,
    DayVote,
    VoteFlip,
    VoteFlipFromAbstain,
    VoteMajority,
    VoteOut,
    VoteOutWolf,
    VoteTie,
    VoteNone,
    LastWordsInvite,
    LastWordsSaid,
    ClaimSeer,
    GameOverVillagers,
    GameOverWolves,
    GameReveal,
    GameRevealWolves,
    Paused,
    Resumed,
    // omniscient (Host audience)
    OmniRoles,
    OmniWolvesAgree,
    OmniWolfAlone,
    OmniWolvesSplit,
    OmniSeerWolf,
    OmniSeerClean,
    OmniDoctor,
    OmniDoctorSelf,
    OmniNightSaved,
    OmniNightKill,
    OmniNightRandom,
    OmniDayStatus,
    OmniBus,
    OmniClaimFake,
    OmniClaimTrue,
    Count
};

struct Situation
{
    std::string_view key;
    bool omniscient;
    std::array<std::string_view, 4> variants;  ///< unused slots are empty
};

// Public patterns never put a living player's name next to a role word, with
// one exception: claim.seer repeats what that player said in public.
constexpr std::array<Situation, static_cast<std::size_t>(S::Count)> kSituations{{
    {"lobby.open", false,
     {"Werewolf Game #{matchNumber} is about to begin. {names} take their seats in the Town Hall.",
      "Hear ye, hear ye! {count|word|cap} townsfolk gather for Werewolf Game #{matchNumber}: {names}.",
      "The Town Hall doors creak open for Game #{matchNumber}. Not everyone among {names} is what "
      "they seem.",
      "Welcome to Werewolf Game #{matchNumber}! Tonight's guests: {names}. Ready up, and trust no "
      "one."}},
    {"night.first", false,
     {"Night falls on the village for the first time. Somewhere in the dark, the werewolves wake.",
      "The sun sets on Night {night}. Lock your doors: the wolves are hungry.",
      "Darkness settles over the Town Hall. Night {night} begins, and not everyone is sleeping."}},
    {"night.falls", false,
     {"Night {night} falls. The village sleeps uneasily.",
      "The moon rises over Night {night}. Who will see the morning?",
      "Darkness returns: Night {night} begins. Somewhere, claws are being sharpened.",
      "Candles out. Night {night} has come, and the wolves are on the prowl."}},
    {"summary.day.out", false,
     {"Day {day} is over: {name} was cast out and revealed as {role|a}. {alive} players remain.",
      "So ends Day {day}. The village exiled {name} ({role}); {alive|word} survivors head home.",
      "Recap of Day {day}: out goes {name}, {role|a}. {alive|word|cap} players are left."}},
    {"summary.day.none", false,
     {"Day {day} ends without an elimination. {alive} players remain.",
      "The village could not agree on Day {day}. All {alive|word} survivors live to see the night.",
      "Recap of Day {day}: nobody was cast out. {alive|word|cap} players are left."}},
    {"dawn.saved", false,
     {"Dawn breaks after Night {night}. The wolves struck, but someone was saved! Nobody died.",
      "A miracle at dawn: the wolves' attack failed. The doctor's care kept everyone alive "
      "through Night {night}.",
      "Morning comes and every bed is warm. Night {night}'s attack was thwarted by the doctor."}},
    {"dawn.quiet", false,
     {"Dawn breaks on a quiet night. Nobody died during Night {night}.",
      "Night {night} passes without a death. The village exhales."}},
    {"dawn.death", false,
     {"Dawn breaks. {name} was found dead after Night {night}. They were {role|a}.",
      "A scream at sunrise: the wolves took {name} in the night. {name} was {role|a}.",
      "The village wakes to grim news: {name} did not survive Night {night}. Revealed: {role|a}.",
      "Morning light finds {name}'s door broken. {name}, {role|a}, is gone."}},
    {"dawn.death.seer", false,
     {"Disaster at dawn: {name} is dead, and {name} was the seer. The village has lost its eyes.",
      "The wolves found the seer. {name} did not survive Night {night}."}},
    {"dawn.death.doctor", false,
     {"Dawn brings a heavy loss: {name}, the doctor, was killed in Night {night}. No one is "
      "watching over the village now.",
      "The wolves got to the healer first. {name} was the doctor."}},
    {"day.begins", false,
     {"Day {day} begins. {alive|word|cap} players remain: {names}.",
      "The sun is up on Day {day}. Still standing: {names}.",
      "Day {day}. {alive|word|cap} survivors gather in the Town Hall: {names}."}},
    {"hype.wolves", false,
     {"{wolves|word|cap} werewolves still hide among the {alive|word} living.",
      "Remember: {wolves|word} werewolves are still out there, and they are sitting at this table."}},
    {"hype.lastwolf", false,
     {"One werewolf remains among the {alive|word} living. Find it, and the village is saved.",
      "Only one wolf left. One good vote could end this."}},
    {"day.opening", false,
     {"Opening statements: each of the {count|word} players gets one turn. {name} speaks first.",
      "Time for openings, one statement each. The floor goes to {name}.",
      "Let the openings begin. {name}, you have the floor."}},
    {"turn.last", false,
     {"Last opening statement of the day: {name}.", "And finally, {name} has the floor."}},
    {"day.discussion", false,
     {"The floor is open: {seconds} seconds of free debate.",
      "Discussion time! Accuse, defend, persuade: {seconds} seconds on the clock.",
      "Openings are done. Now the real arguments begin."}},
    {"day.vote", false,
     {"Voting is open! {seconds} seconds to choose who leaves the village.",
      "Talk is over. Cast your votes, and remember: a tie means nobody goes.",
      "The ballot box opens. Who will the village cast out on Day {day}?"}},
    {"vote.flip", false,
     {"{voter} switches from {from} to {target}! {target} now has {count|votes}.",
      "A change of heart: {voter} moves their vote from {from} to {target}.",
      "{voter} flips to {target}. The tally shifts."}},
    {"vote.flip.fromabstain", false,
     {"{voter} stops abstaining and votes for {target}.",
      "{voter} makes up their mind: a vote for {target}, now at {count|votes}."}},
    {"vote.majority", false,
     {"{target} now has {count} of {alive} votes: a majority!",
      "The votes pile up against {target}: {count} and counting.",
      "{count|word|cap} votes on {target}. It is looking grim."}},
    {"vote.out", false,
     {"The village has spoken: {name} is cast out with {votes|votes}. {name} was {role|a}.",
      "With {votes|votes}, {name} is eliminated… and revealed as {role|a}. An innocent falls.",
      "{name} leaves the Town Hall for good ({votes|votes}). The reveal: {role|a}."}},
    {"vote.out.wolf", false,
     {"Got one! {name} is voted out with {votes|votes}, and was a werewolf!",
      "The village's aim is true: {name}, eliminated with {votes|votes}, was a werewolf.",
      "{votes|votes|cap} send {name} away. The mask slips: werewolf!"}},
    {"vote.tie", false,
     {"A tie! {names} have {count|votes} each. Nobody is eliminated today.",
      "Deadlock between {names}. Without a clear result, everyone survives the day."}},
    {"vote.none", false,
     {"Not a single vote was cast. Day {day} ends without an elimination.",
      "The village abstains. Everyone is spared today."}},
    {"lastwords.invite", false,
     {"{name} may speak their last words.", "Before leaving, {name} gets one final statement."}},
    {"lastwords.said", false,
     {"{name} has said their piece. The village will remember.",
      "With those last words, {name} leaves the Town Hall."}},
    {"claim.seer", false,
     {"{name} claims to be the seer! Truth, or a desperate bluff?",
      "Bold move: {name} says they are the seer.",
      "A seer claim from {name}! The village must decide whether to believe it."}},
    {"game.over.villagers", false,
     {"The last werewolf is gone! The village wins on Day {days}.",
      "Victory for the village! {survivors|word|cap} survivors can finally sleep at night.",
      "It's over: every werewolf has been found. The villagers triumph."}},
    {"game.over.werewolves", false,
     {"The werewolves now match the village in number. The werewolves win!",
      "Too late for the village: the wolves have taken the Town Hall. The werewolves win.",
      "Howls fill the night. The werewolves win, with {survivors|word} players left standing."}},
    {"game.reveal", false,
     {"The masks come off: the werewolves were {wolves}. {seer} was the seer and {doctor} the "
      "doctor.",
      "All is revealed. Werewolves: {wolves}. Seer: {seer}. Doctor: {doctor}."}},
    {"game.reveal.wolves", false, {"The masks come off: the werewolves were {wolves}."}},
    {"match.paused", false,
     {"The host has paused the match. Everyone freeze!", "A pause is called. The clock stops."}},
    {"match.resumed", false,
     {"The match resumes. The clock is running again.", "Play on! The match is back."}},
    // omniscient
    {"omni.roles", true,
     {"Spoiler: {wolves} are the werewolves. {seer} is the seer, {doctor} the doctor.",
      "Behind the smiles: the wolves are {wolves}; {seer} holds the seer's sight and {doctor} the "
      "doctor's kit."}},
    {"omni.wolves.agree", true,
     {"The wolves, {wolves}, close in on {target}…", "{wolves} agree: tonight's prey is {target}.",
      "Yellow eyes in the dark: {wolves} stalk {target}."}},
    {"omni.wolf.alone", true,
     {"{wolf}, the last wolf, hunts {target} alone.",
      "A lone wolf on the prowl: {wolf} has chosen {target}."}},
    {"omni.wolves.split", true,
     {"The pack is split: {wolf1} wants {target1}, {wolf2} wants {target2}.",
      "Disagreement in the den: {wolf1} picks {target1} while {wolf2} picks {target2}."}},
    {"omni.seer.wolf", true,
     {"The seer, {seer}, peers into {target}'s heart… and sees a werewolf!",
      "{seer} has found one: {target} is a werewolf."}},
    {"omni.seer.clean", true,
     {"{seer}, the seer, checks {target}: not a werewolf.",
      "The seer's vision clears {target}. {seer} knows a little more tonight."}},
    {"omni.doctor", true,
     {"{doctor}, the doctor, watches over {target} tonight.",
      "The doctor, {doctor}, slips into {target}'s house with bandages ready."}},
    {"omni.doctor.self", true,
     {"{doctor}, the doctor, bars their own door tonight.",
      "The doctor, {doctor}, keeps the medicine close tonight: a self-protect."}},
    {"omni.night.saved", true,
     {"The wolves pounce on {victim}… but {doctor}, the doctor, was watching. {victim} lives!",
      "Saved! {doctor} guessed right and pulls {victim} from the wolves' jaws."}},
    {"omni.night.kill", true,
     {"The pack ({wolves}) strikes: {victim} ({role}) will not see the dawn.",
      "It is done. {victim}, {role|a}, falls to {wolves}."}},
    {"omni.night.random", true,
     {"The wolves could not settle on a victim; fate picks {victim} ({role}).",
      "No agreement in the den, so the moon decides: {victim}, {role|a}, is taken."}},
    {"omni.day.status", true,
     {"Spoiler: still hiding among them, the wolves: {wolves}.",
      "Only you can see it: {wolves}, sitting right there, smiling."}},
    {"omni.bus", true,
     {"{voter} votes against fellow werewolf {target}! Bussing a packmate to look innocent?",
      "Cold-blooded: {voter}, a wolf, puts a vote on their own packmate {target}."}},
    {"omni.claim.fake", true,
     {"Spoiler: {name} is no seer but {role|a}. A bold bluff!",
      "Only you know it: {name}'s seer claim is a lie. They are {role|a}."}},
    {"omni.claim.true", true,
     {"Spoiler: {name} really is the seer.",
      "It's true: {name} is the genuine seer, and now the wolves know it too."}},
}};

constexpr int variantCount(const Situation &s)
{
    int n = 0;
    for (std::string_view v : s.variants)
        n += v.empty() ? 0 : 1;
    return n;
}

// ---------------------------------------------------------------- rendering helpers

std::string_view roleNoun(std::string_view code)
{
    if (code == "WEREWOLF")
        return "werewolf";
    if (code == "SEER")
        return "seer";
    if (code == "DOCTOR")
        return "doctor";
    if (code == "VILLAGER")
        return "villager";
    return code;
}

std::string_view roleWithArticle(std::string_view code)
{
    if (code == "WEREWOLF")
        return "a werewolf";
    if (code == "SEER")
        return "the seer";
    if (code == "DOCTOR")
        return "the doctor";
    if (code == "VILLAGER")
        return "a villager";
    return code;
}

std::string_view teamNoun(std::string_view code)
{
    if (code == "VILLAGERS")
        return "villagers";
    if (code == "WEREWOLVES")
        return "werewolves";
    return code;
}

constexpr std::array<std::string_view, 13> kNumberWords{
    "zero", "one", "two",   "three",  "four", "five",  "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve"};

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool hasModifier(std::string_view mods, std::string_view m)
{
    while (!mods.empty()) {
        const std::size_t bar = mods.find('|');
        if (mods.substr(0, bar) == m)
            return true;
        if (bar == std::string_view::npos)
            break;
        mods.remove_prefix(bar + 1);
    }
    return false;
}

void appendValue(std::string &out, std::string_view key, std::string_view mods, const json &v)
{
    const std::size_t start = out.size();
    if (v.is_string()) {
        const std::string &s = v.get_ref<const std::string &>();
        if (key == "role" || endsWith(key, "Role"))
            out.append(hasModifier(mods, "a") ? roleWithArticle(s) : roleNoun(s));
        else if (key == "winner")
            out.append(teamNoun(s));
        else
            out.append(s);
    } else if (v.is_number_integer()) {
        const auto n = v.get<std::int64_t>();
        if (hasModifier(mods, "word") && n >= 0 && n < static_cast<std::int64_t>(kNumberWords.size()))
            out.append(kNumberWords[static_cast<std::size_t>(n)]);
        else
            out.append(std::to_string(n));
        if (hasModifier(mods, "votes"))
            out.append(n == 1 ? " vote" : " votes");
    } else if (v.is_array()) {
        const std::size_t n = v.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (i > 0)
                out.append(i + 1 == n ? " and " : ", ");
            if (v[i].is_string())
                out.append(v[i].get_ref<const std::string &>());
            else
                out.append(v[i].dump());
        }
    } else if (!v.is_null()) {
        out.append(v.dump());
    }
    if (hasModifier(mods, "cap") && out.size() > start && out[start] >= 'a' && out[start] <= 'z')
        out[start] = static_cast<char>(out[start] - 'a' + 'A');
}

// ---------------------------------------------------------------- state helpers

const Player *findPlayer(const MatchState &s, std::string_view id)
{
    for (const Player &p : s.players)
        if (p.playerId == id)
            return &p;
    return nullptr;
}

const Player *findPlayerJ(const MatchState &s, const json &id)
{
    return id.is_string() ? findPlayer(s, std::string_view(id.get_ref<const std::string &>())) : nullptr;
}

/// The player named by `payload[key]`, if it is a string naming one.
const Player *playerAt(const MatchState &s, const json &payload, const char *key)
{
    const auto it = payload.find(key);
    return it != payload.end() ? findPlayerJ(s, *it) : nullptr;
}

const Player *firstWithRole(const MatchState &s, Role r)
{
    for (const Player &p : s.players)
        if (p.role == r)
            return &p;
    return nullptr;
}

void addPlayer(json &args, const std::string &key, const Player &p)
{
    args[key] = p.displayName;
    args[key + "Id"] = p.playerId;
}

/// Adds `key` (names) and `keyIds` (ids) for the players that pass `pred`.
template<typename Pred>
int addPlayers(json &args, const std::string &key, const MatchState &s, Pred pred)
{
    json names = json::array();
    json ids = json::array();
    for (const Player &p : s.players) {
        if (pred(p)) {
            names.push_back(p.displayName);
            ids.push_back(p.playerId);
        }
    }
    const int n = static_cast<int>(names.size());
    args[key] = std::move(names);
    args[key + "Ids"] = std::move(ids);
    return n;
}

int aliveCount(const MatchState &s)
{
    int n = 0;
    for (const Player &p : s.players)
        n += p.alive ? 1 : 0;
    return n;
}

/// Living werewolves as the public can count them: the rules fix two wolves
/// in an 8-seat match, and every dead player's role is revealed. Nothing else
/// (a smaller test table) has a public wolf count, so it returns -1 there.
int publicWolvesAlive(const MatchState &s)
{
    if (s.players.size() != static_cast<std::size_t>(SeatCount))
        return -1;
    int deadWolves = 0;
    for (const Player &p : s.players)
        if (!p.alive && p.revealed && p.role == Role::Werewolf)
            ++deadWolves;
    return 2 - deadWolves;
}

/// `payload[key]` as a view if it is a string, else empty: no copy, no allocation.
std::string_view strAt(const json &payload, const char *key)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_string() ? std::string_view(it->get_ref<const std::string &>())
                                                  : std::string_view();
}

std::int64_t intOr(const json &payload, const char *key, std::int64_t fallback)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
}

bool hasString(const json &payload, const char *key)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_string();
}

/// Unlike json::value(), never throws when the field has another type.
bool boolOr(const json &payload, const char *key, bool fallback)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

/// `payload[key]` if it is an array of that kind, else an empty one.
const json &arrayAt(const json &payload, const char *key)
{
    static const json empty = json::array();
    const auto it = payload.find(key);
    return it != payload.end() && it->is_array() ? *it : empty;
}

const json &objectAt(const json &payload, const char *key)
{
    static const json empty = json::object();
    const auto it = payload.find(key);
    return it != payload.end() && it->is_object() ? *it : empty;
}

// ---------------------------------------------------------------- line factory

/// Builds lines for one cause; the variant is a hash of (matchId, seq, situation).
class Crier
{
public:
    Crier(const MatchState &s, const Event &e) : m_s(s), m_e(e) {}

    void say(S situation, json args)
    {
        const Situation &sit = kSituations[static_cast<std::size_t>(situation)];
        const int n = variantCount(sit);
        const std::uint64_t v = pick(static_cast<std::uint64_t>(situation)) % static_cast<std::uint64_t>(n);
        NarratorLine line;
        line.templateId.reserve(sit.key.size() + 3);
        line.templateId.append(sit.key);
        line.templateId.push_back('.');
        line.templateId.append(std::to_string(v + 1));
        line.text = renderTemplate(sit.variants[v], args);
        line.args = std::move(args);
        line.omniscient = sit.omniscient;
        m_lines.push_back(std::move(line));
    }

    std::vector<NarratorLine> take() { return std::move(m_lines); }

private:
    std::uint64_t pick(std::uint64_t salt) const
    {
        std::uint64_t h = fnv1a(m_s.matchId.data(), m_s.matchId.size());
        unsigned char bytes[16];
        for (int i = 0; i < 8; ++i) {
            bytes[i] = static_cast<unsigned char>(m_e.seq >> (8 * i));
            bytes[8 + i] = static_cast<unsigned char>(salt >> (8 * i));
        }
        h = fnv1a(bytes, sizeof bytes, h);
        // FNV's low bits are weak; a SplitMix finaliser spreads them before the modulo.
        h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
        h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
        return h ^ (h >> 31);
    }

    const MatchState &m_s;
    const Event &m_e;
    std::vector<NarratorLine> m_lines;
};

// ---------------------------------------------------------------- per cause

void onPhase(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const auto to = parsePhase(strAt(p, "to"));
    if (!to)
        return;
    switch (*to) {
    case Phase::Lobby: {
        json a{{"matchNumber", s.matchNumber}};
        a["count"] = addPlayers(a, "names", s, [](const Player &) { return true; });
        c.say(S::LobbyOpen, std::move(a));
        break;
    }
    case Phase::Night: {
        const int night = static_cast<int>(intOr(p, "nightNumber", s.nightNumber));
        if (night <= 1) {
            c.say(S::NightFirst, {{"night", night}});
            break;
        }
        // A short summary of the day that just ended, from public facts only.
        const Player *out = s.lastEliminated ? findPlayer(s, std::string_view(*s.lastEliminated)) : nullptr;
        if (out) {
            json a{{"day", s.dayNumber}, {"role", toString(out->role)}, {"alive", aliveCount(s)}};
            addPlayer(a, "name", *out);
            c.say(S::SummaryOut, std::move(a));
        } else {
            c.say(S::SummaryNone, {{"day", s.dayNumber}, {"alive", aliveCount(s)}});
        }
        c.say(S::NightFalls, {{"night", night}});
        break;
    }
    case Phase::DayAnnounce: {
        json a{{"day", s.dayNumber}};
        a["alive"] = addPlayers(a, "names", s, [](const Player &x) { return x.alive; });
        const int alive = a["alive"].get<int>();
        c.say(S::DayBegins, std::move(a));
        const int wolves = publicWolvesAlive(s);
        if (wolves == 1)
            c.say(S::HypeLastWolf, {{"wolves", 1}, {"alive", alive}});
        else if (wolves > 1)
            c.say(S::HypeWolves, {{"wolves", wolves}, {"alive", alive}});
        json o = json::object();
        if (addPlayers(o, "wolves", s,
                       [](const Player &x) { return x.alive && x.role == Role::Werewolf; })
            > 0)
            c.say(S::OmniDayStatus, std::move(o));
        break;
    }
    case Phase::DayOpening: {
        const json &order = arrayAt(p, "order");
        const Player *first = order.empty() ? nullptr : findPlayerJ(s, order.front());
        if (!first)
            break;
        json a{{"day", s.dayNumber}, {"count", static_cast<int>(order.size())}};
        addPlayer(a, "name", *first);
        c.say(S::DayOpening, std::move(a));
        break;
    }
    case Phase::DayDiscussion: {
        const std::int64_t ms = intOr(p, "phaseEndsAtMs", e.at) - e.at;
        c.say(S::DayDiscussion, {{"day", s.dayNumber}, {"seconds", (ms + 500) / 1000}});
        break;
    }
    case Phase::DayVote: {
        const std::int64_t ms = intOr(p, "phaseEndsAtMs", e.at) - e.at;
        c.say(S::DayVote, {{"day", s.dayNumber}, {"seconds", (ms + 500) / 1000}});
        break;
    }
    case Phase::DayResolution:
        if (s.lastEliminated) {
            if (const Player *x = findPlayer(s, std::string_view(*s.lastEliminated))) {
                json a = json::object();
                addPlayer(a, "name", *x);
                c.say(S::LastWordsInvite, std::move(a));
            }
        }
        break;
    case Phase::Ended: break;  // GAME_ENDED follows and carries the news
    }
}

void onEliminated(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *x = playerAt(s, p, "playerId");
    if (!x)
        return;
    // The role comes from the event: it is public from this event on.
    const std::string_view revealed = strAt(p, "roleRevealed");
    const std::string role(revealed.empty() ? toString(x->role) : revealed);
    json a{{"role", role}};
    addPlayer(a, "name", *x);
    if (strAt(p, "cause") == "VOTE") {
        a["day"] = intOr(p, "day", s.dayNumber);
        a["votes"] = intOr(p, "votes", 0);
        c.say(role == "WEREWOLF" ? S::VoteOutWolf : S::VoteOut, std::move(a));
    } else {
        a["night"] = intOr(p, "night", s.nightNumber);
        c.say(role == "SEER"     ? S::DawnDeathSeer
              : role == "DOCTOR" ? S::DawnDeathDoctor
                                 : S::DawnDeath,
              std::move(a));
    }
}

void onVoteCast(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *voter = playerAt(s, p, "voterPlayerId");
    const Player *target = playerAt(s, p, "targetPlayerId");
    if (!voter || !target)
        return;
    // The tally is public: every VOTE_CAST is a public event.
    int forTarget = 0;
    int bestOther = 0;
    for (const Player &x : s.players) {
        if (!x.alive || !x.voted || !x.voteTarget || x.voteTarget->empty())
            continue;
        if (*x.voteTarget == target->playerId) {
            ++forTarget;
        } else {
            int n = 0;
            for (const Player &y : s.players)
                n += (y.alive && y.voted && y.voteTarget == x.voteTarget) ? 1 : 0;
            bestOther = std::max(bestOther, n);
        }
    }
    const int alive = aliveCount(s);
    const auto prevIt = p.find("previousTargetPlayerId");
    const bool flipped = prevIt != p.end()
                         && !(prevIt->is_string() && prevIt->get_ref<const std::string &>() == target->playerId);
    if (forTarget == alive / 2 + 1 && alive > 2) {
        json a{{"count", forTarget}, {"alive", alive}};
        addPlayer(a, "target", *target);
        c.say(S::VoteMajority, std::move(a));
    } else if (flipped && forTarget >= bestOther) {
        // Only a flip that puts its target in the lead is worth a line.
        json a{{"count", forTarget}};
        addPlayer(a, "voter", *voter);
        addPlayer(a, "target", *target);
        const Player *from = findPlayerJ(s, *prevIt);
        if (from) {
            addPlayer(a, "from", *from);
            c.say(S::VoteFlip, std::move(a));
        } else {
            c.say(S::VoteFlipFromAbstain, std::move(a));
        }
    }
    if (voter->role == Role::Werewolf && target->role == Role::Werewolf) {
        json a = json::object();
        addPlayer(a, "voter", *voter);
        addPlayer(a, "target", *target);
        c.say(S::OmniBus, std::move(a));
    }
}

void onVoteResult(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    if (hasString(p, "eliminatedPlayerId"))
        return;  // PLAYER_ELIMINATED follows and is narrated with the revealed role
    const std::int64_t top = intOr(p, "topCount", 0);
    if (boolOr(p, "tie", false) && top > 0) {
        json a{{"count", top}};
        addPlayers(a, "names", s, [&](const Player &x) {
            const json &tally = objectAt(p, "tally");
            const auto it = tally.find(x.playerId);
            return it != tally.end() && it->is_number_integer() && it->get<std::int64_t>() == top;
        });
        c.say(S::VoteTie, std::move(a));
    } else {
        c.say(S::VoteNone, {{"day", intOr(p, "day", s.dayNumber)}});
    }
}

void onPublicMessage(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *x = playerAt(s, p, "playerId");
    if (!x)
        return;
    if (strAt(p, "kind") == "LAST_WORDS") {
        json a = json::object();
        addPlayer(a, "name", *x);
        c.say(S::LastWordsSaid, std::move(a));
        return;
    }
    const auto textIt = p.find("text");
    if (textIt == p.end() || !textIt->is_string() || !claimsSeer(textIt->get_ref<const std::string &>()))
        return;
    json a = json::object();
    addPlayer(a, "name", *x);
    c.say(S::ClaimSeer, a);
    if (x->role == Role::Seer) {
        c.say(S::OmniClaimTrue, std::move(a));
    } else {
        a["role"] = toString(x->role);
        c.say(S::OmniClaimFake, std::move(a));
    }
}

void onRoles(Crier &c, const MatchState &s, S situation, S wolvesOnly)
{
    json a = json::object();
    addPlayers(a, "wolves", s, [](const Player &x) { return x.role == Role::Werewolf; });
    const Player *seer = firstWithRole(s, Role::Seer);
    const Player *doctor = firstWithRole(s, Role::Doctor);
    if (seer && doctor) {
        addPlayer(a, "seer", *seer);
        addPlayer(a, "doctor", *doctor);
        c.say(situation, std::move(a));
    } else if (wolvesOnly != S::Count) {
        c.say(wolvesOnly, std::move(a));
    }
}

void onWolfKill(Crier &c, const MatchState &s)
{
    // Speak once the whole (living) pack has chosen: one line per night, not per wolf.
    std::vector<const Player *> wolves;
    for (const Player &x : s.players) {
        if (x.alive && x.role == Role::Werewolf) {
            if (!x.wolfSelection)
                return;
            wolves.push_back(&x);
        }
    }
    if (wolves.empty())
        return;
    const Player *first = findPlayer(s, std::string_view(*wolves.front()->wolfSelection));
    if (!first)
        return;
    if (wolves.size() == 1) {
        json a = json::object();
        addPlayer(a, "wolf", *wolves.front());
        addPlayer(a, "target", *first);
        c.say(S::OmniWolfAlone, std::move(a));
        return;
    }
    for (const Player *w : wolves) {
        if (*w->wolfSelection != first->playerId) {
            const Player *second = findPlayer(s, std::string_view(*w->wolfSelection));
            if (!second)
                return;
            json a = json::object();
            addPlayer(a, "wolf1", *wolves.front());
            addPlayer(a, "target1", *first);
            addPlayer(a, "wolf2", *w);
            addPlayer(a, "target2", *second);
            c.say(S::OmniWolvesSplit, std::move(a));
            return;
        }
    }
    json a = json::object();
    addPlayers(a, "wolves", s, [](const Player &x) { return x.alive && x.role == Role::Werewolf; });
    addPlayer(a, "target", *first);
    c.say(S::OmniWolvesAgree, std::move(a));
}

void onNightResolved(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *victim = playerAt(s, p, "victimPlayerId");
    if (!victim)
        return;
    json a = json::object();
    addPlayer(a, "victim", *victim);
    if (boolOr(p, "saved", false)) {
        const Player *doctor = firstWithRole(s, Role::Doctor);
        if (!doctor)
            return;
        addPlayer(a, "doctor", *doctor);
        c.say(S::OmniNightSaved, std::move(a));
        return;
    }
    a["role"] = toString(victim->role);
    if (strAt(p, "how") == "AGREED") {
        addPlayers(a, "wolves", s, [](const Player &x) { return x.alive && x.role == Role::Werewolf; });
        c.say(S::OmniNightKill, std::move(a));
    } else {
        a["how"] = strAt(p, "how");
        c.say(S::OmniNightRandom, std::move(a));
    }
}

} // namespace

// ---------------------------------------------------------------- public API

std::vector<NarratorLine> narrate(const MatchState &state, const Event &cause)
{
    // Most events are not narrated; decide that before touching anything.
    switch (cause.type) {
    case EventType::MatchCreated:
    case EventType::WolfChatMessage:
    case EventType::Narrator:
    case EventType::RoleCard:
    case EventType::PlayerReady:
    case EventType::TurnMissed:
        return {};
    case EventType::TurnStarted: {
        const auto index = intOr(cause.payload, "index", 0);
        const auto of = intOr(cause.payload, "of", 0);
        if (of < 3 || index != of - 1)
            return {};
        break;
    }
    default: break;
    }

    Crier c(state, cause);
    const json &p = cause.payload;
    switch (cause.type) {
    case EventType::PhaseChanged: onPhase(c, state, cause); break;
    case EventType::TurnStarted:
        if (const Player *x = playerAt(state, p, "playerId")) {
            json a = json::object();
            addPlayer(a, "name", *x);
            c.say(S::TurnLast, std::move(a));
        }
        break;
    case EventType::PublicMessage: onPublicMessage(c, state, cause); break;
    case EventType::VoteCast: onVoteCast(c, state, cause); break;
    case EventType::VoteResult: onVoteResult(c, state, cause); break;
    case EventType::NightResult:
        if (!hasString(p, "killedPlayerId")) {
            const json a{{"night", intOr(p, "night", state.nightNumber)}};
            c.say(boolOr(p, "savedByDoctor", false) ? S::DawnSaved : S::DawnQuiet, a);
        }
        break;  // a death is narrated on PLAYER_ELIMINATED, which reveals the role
    case EventType::PlayerEliminated: onEliminated(c, state, cause); break;
    case EventType::GameEnded: {
        const std::string_view winner = strAt(p, "winningTeam");
        json a{{"winner", winner},
               {"days", intOr(p, "dayNumber", state.dayNumber)},
               {"survivors", intOr(p, "survivors", aliveCount(state))}};
        c.say(winner == "WEREWOLVES" ? S::GameOverWolves : S::GameOverVillagers, std::move(a));
        break;
    }
    case EventType::RolesRevealed: onRoles(c, state, S::GameReveal, S::GameRevealWolves); break;
    case EventType::MatchPaused: c.say(S::Paused, json::object()); break;
    case EventType::MatchResumed:
        if (strAt(p, "reason") != "skip")
            c.say(S::Resumed, json::object());
        break;
    // Host-only causes: omniscient lines only.
    case EventType::RolesAssigned: onRoles(c, state, S::OmniRoles, S::Count); break;
    case EventType::WolfKillSelected: onWolfKill(c, state); break;
    case EventType::SeerInspected: {
        const Player *seer = findPlayer(state, std::string_view(cause.audiencePlayerId));
        const Player *target = playerAt(state, p, "targetPlayerId");
        if (seer && target) {
            json a = json::object();
            addPlayer(a, "seer", *seer);
            addPlayer(a, "target", *target);
            c.say(strAt(p, "alignment") == "WEREWOLF" ? S::OmniSeerWolf
                                                                    : S::OmniSeerClean,
                  std::move(a));
        }
        break;
    }
    case EventType::DoctorProtected: {
        const Player *doctor = findPlayer(state, std::string_view(cause.audiencePlayerId));
        const Player *target = playerAt(state, p, "targetPlayerId");
        if (doctor && target) {
            json a = json::object();
            addPlayer(a, "doctor", *doctor);
            if (doctor == target) {
                c.say(S::OmniDoctorSelf, std::move(a));
            } else {
                addPlayer(a, "target", *target);
                c.say(S::OmniDoctor, std::move(a));
            }
        }
        break;
    }
    case EventType::NightResolved: onNightResolved(c, state, cause); break;
    default: break;
    }
    return c.take();
}

const std::vector<NarratorTemplate> &narratorTemplates()
{
    static const std::vector<NarratorTemplate> all = [] {
        std::vector<NarratorTemplate> v;
        for (const Situation &s : kSituations)
            for (int i = 0; i < variantCount(s); ++i)
                v.push_back({std::string(s.key) + "." + std::to_string(i + 1),
                             s.variants[static_cast<std::size_t>(i)], s.omniscient});
        return v;
    }();
    return all;
}

std::string renderTemplate(std::string_view pattern, const json &args)
{
    std::string out;
    out.reserve(pattern.size() + 48);
    std::size_t i = 0;
    while (i < pattern.size()) {
        const char ch = pattern[i];
        const std::size_t close = ch == '{' ? pattern.find('}', i + 1) : std::string_view::npos;
        if (close == std::string_view::npos) {
            out.push_back(ch);
            ++i;
            continue;
        }
        const std::string_view spec = pattern.substr(i + 1, close - i - 1);
        const std::size_t bar = spec.find('|');
        const std::string_view key = spec.substr(0, bar);
        const std::string_view mods = bar == std::string_view::npos ? std::string_view()
                                                                     : spec.substr(bar + 1);
        const auto it = args.is_object() ? args.find(std::string(key)) : args.end();
        if (args.is_object() && it != args.end())
            appendValue(out, key, mods, *it);
        else
            out.append(pattern.substr(i, close - i + 1));
        i = close + 1;
    }
    return out;
}

} // namespace townhall::engine
