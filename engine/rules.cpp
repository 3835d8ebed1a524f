// SPDX-License-Identifier: MIT
#include "rules.h"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

namespace townhall::engine {

namespace {

using json = nlohmann::json;

constexpr std::array<std::string_view, 2> TieNames{"NO_ELIMINATION", "PK"};
constexpr std::array<std::string_view, 3> SelfSaveNames{"NEVER", "FIRST_NIGHT", "ALWAYS"};

template<typename E, std::size_t N>
std::optional<E> parseName(const std::array<std::string_view, N> &names, std::string_view s)
{
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s)
            return static_cast<E>(i);
    return std::nullopt;
}

RuleSet witchHunterNine()
{
    RuleSet r;
    r.name = "witch-hunter-9";
    r.werewolves = 3;
    r.seers = 1;
    r.doctors = 0;
    r.witches = 1;
    r.hunters = 1;
    r.villagers = 3;
    r.tie = TieRule::Pk;
    r.maxDays = 10;
    return r;
}

RuleSet witchHunterDoctorTwelve()
{
    RuleSet r = witchHunterNine();
    r.name = "witch-hunter-doctor-12";
    r.werewolves = 4;
    r.doctors = 1;
    r.villagers = 4;
    r.maxDays = 12;
    return r;
}

RuleSet witchSix()
{
    RuleSet r = witchHunterNine();
    r.name = "witch-6";
    r.werewolves = 2;
    r.hunters = 0;
    r.villagers = 2;
    r.maxDays = 6;
    return r;
}

/// Other names of the presets: what they were called before they were named
/// after their tables (stored matches, exports, seats files and queue ids
/// carry these), then the short names people type.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> PresetAliases{{
    {"seed002-6", "witch-6"},
    {"seed002-9", "witch-hunter-9"},
    {"seed002-12", "witch-hunter-doctor-12"},
    {"6p", "witch-6"},
    {"9p", "witch-hunter-9"},
    {"12p", "witch-hunter-doctor-12"},
}};
constexpr std::size_t FormerNames = 3; ///< the first entries of PresetAliases

} // namespace

std::string_view toString(TieRule t)
{
    return TieNames[static_cast<std::size_t>(t)];
}
std::string_view toString(WitchSelfSave w)
{
    return SelfSaveNames[static_cast<std::size_t>(w)];
}

std::vector<Role> RuleSet::deck() const
{
    std::vector<Role> d;
    d.reserve(static_cast<std::size_t>(std::max(0, seatCount())));
    auto add = [&d](Role r, int n) {
        d.insert(d.end(), static_cast<std::size_t>(std::max(0, n)), r);
    };
    add(Role::Werewolf, werewolves);
    add(Role::Seer, seers);
    add(Role::Doctor, doctors);
    add(Role::Witch, witches);
    add(Role::Hunter, hunters);
    add(Role::Villager, villagers);
    return d;
}

bool RuleSet::hasRole(Role r) const
{
    switch (r) {
    case Role::Werewolf:
        return werewolves > 0;
    case Role::Seer:
        return seers > 0;
    case Role::Doctor:
        return doctors > 0;
    case Role::Witch:
        return witches > 0;
    case Role::Hunter:
        return hunters > 0;
    case Role::Villager:
        return villagers > 0;
    }
    return false;
}

bool RuleSet::isClassic() const
{
    RuleSet c;
    c.name = name;
    return *this == c;
}

std::optional<std::string> RuleSet::validate() const
{
    if (name.empty() || name.size() > 64)
        return "name must be 1..64 characters";
    for (auto [n, what] : {std::pair{werewolves, "werewolves"},
                           std::pair{seers, "seers"},
                           std::pair{doctors, "doctors"},
                           std::pair{witches, "witches"},
                           std::pair{hunters, "hunters"},
                           std::pair{villagers, "villagers"}})
        if (n < 0)
            return std::string(what) + " must not be negative";
    if (seatCount() < 6 || seatCount() > 12)
        return "a table has 6 to 12 players; this one has " + std::to_string(seatCount());
    if (werewolves < 1)
        return "at least one werewolf is needed";
    if (werewolves * 2 >= seatCount())
        return "the werewolves must start as fewer than half the table ("
               + std::to_string(werewolves) + " of " + std::to_string(seatCount()) + ")";
    if (seers > 1 || doctors > 1 || witches > 1 || hunters > 1)
        return "at most one seer, one doctor, one witch and one hunter";
    if (maxDays < 0 || maxDays > 100)
        return "maxDays must be 0 (no limit) to 100";
    for (auto [ms, what] : {std::pair{witchMs, "witchMs"},
                            std::pair{hunterMs, "hunterMs"},
                            std::pair{pkDefenseTurnMs, "pkDefenseTurnMs"},
                            std::pair{pkVoteMs, "pkVoteMs"}})
        if (ms < 1'000 || ms > 3'600'000)
            return std::string(what) + " must be 1000..3600000";
    if (language != "en" && language != "zh-CN")
        return "language must be \"en\" or \"zh-CN\"";
    return std::nullopt;
}

json RuleSet::toJson() const
{
    return json{{"name", name},
                {"table",
                 {{"werewolves", werewolves},
                  {"seers", seers},
                  {"doctors", doctors},
                  {"witches", witches},
                  {"hunters", hunters},
                  {"villagers", villagers}}},
                {"tie", toString(tie)},
                {"revealRoleOnDeath", revealRoleOnDeath},
                {"maxDays", maxDays},
                {"witchSelfSave", toString(witchSelfSave)},
                {"witchBothPotionsOneNight", witchBothPotionsOneNight},
                {"witchSeesVictimWithoutAntidote", witchSeesVictimWithoutAntidote},
                {"hunterShootsWhenPoisoned", hunterShootsWhenPoisoned},
                {"protectAndAntidoteKill", protectAndAntidoteKill},
                {"pkCandidatesVote", pkCandidatesVote},
                {"timers",
                 {{"witchMs", witchMs},
                  {"hunterMs", hunterMs},
                  {"pkDefenseTurnMs", pkDefenseTurnMs},
                  {"pkVoteMs", pkVoteMs}}},
                {"language", language}};
}

Expected<RuleSet> RuleSet::fromJson(const json &j)
{
    auto fail = [](std::string why) {
        return makeError(ErrorCode::InvalidArgument, "rule set: " + why);
    };
    if (!j.is_object())
        return fail("not a JSON object");
    RuleSet r;
    if (auto b = j.find("base"); b != j.end()) {
        if (!b->is_string())
            return fail("\"base\" must be a preset name");
        auto p = rulePreset(b->get<std::string>());
        if (!p)
            return fail("no preset named \"" + b->get<std::string>() + "\"");
        r = *p;
        r.name = "custom";
    }
    auto readInt = [&](const json &o,
                       const char *key,
                       auto &out,
                       const std::string &path) -> std::optional<std::string> {
        auto it = o.find(key);
        if (it == o.end())
            return std::nullopt;
        if (!it->is_number_integer())
            return path + key + " must be an integer";
        out = it->get<std::remove_reference_t<decltype(out)>>();
        return std::nullopt;
    };
    auto readBool = [&](const char *key, bool &out) -> std::optional<std::string> {
        auto it = j.find(key);
        if (it == j.end())
            return std::nullopt;
        if (!it->is_boolean())
            return std::string(key) + " must be true or false";
        out = it->get<bool>();
        return std::nullopt;
    };
    static const std::set<std::string> Known{"base",
                                             "name",
                                             "table",
                                             "tie",
                                             "revealRoleOnDeath",
                                             "maxDays",
                                             "witchSelfSave",
                                             "witchBothPotionsOneNight",
                                             "witchSeesVictimWithoutAntidote",
                                             "hunterShootsWhenPoisoned",
                                             "protectAndAntidoteKill",
                                             "pkCandidatesVote",
                                             "timers",
                                             "language",
                                             "description"};
    for (const auto &[key, value] : j.items())
        if (!Known.count(key))
            return fail("unknown key \"" + key + "\"");
    if (auto it = j.find("name"); it != j.end()) {
        if (!it->is_string())
            return fail("name must be a string");
        r.name = it->get<std::string>();
    }
    // "table", not "roles": a public config must not carry a key that
    // elsewhere means who plays what.
    if (auto it = j.find("table"); it != j.end()) {
        if (!it->is_object())
            return fail("table must be an object of role counts");
        static const std::set<std::string> Roles{
            "werewolves", "seers", "doctors", "witches", "hunters", "villagers"};
        for (const auto &[key, value] : it->items())
            if (!Roles.count(key))
                return fail("unknown role count \"" + key
                            + "\" (werewolves, seers, doctors, witches, hunters, villagers)");
        for (auto [key, field] : {std::pair{"werewolves", &r.werewolves},
                                  std::pair{"seers", &r.seers},
                                  std::pair{"doctors", &r.doctors},
                                  std::pair{"witches", &r.witches},
                                  std::pair{"hunters", &r.hunters},
                                  std::pair{"villagers", &r.villagers}})
            if (auto e = readInt(*it, key, *field, "table."))
                return fail(*e);
    }
    if (auto it = j.find("tie"); it != j.end()) {
        auto t
            = it->is_string() ? parseName<TieRule>(TieNames, it->get<std::string>()) : std::nullopt;
        if (!t)
            return fail("tie must be \"NO_ELIMINATION\" or \"PK\"");
        r.tie = *t;
    }
    if (auto it = j.find("witchSelfSave"); it != j.end()) {
        auto w = it->is_string() ? parseName<WitchSelfSave>(SelfSaveNames, it->get<std::string>())
                                 : std::nullopt;
        if (!w)
            return fail("witchSelfSave must be \"NEVER\", \"FIRST_NIGHT\" or \"ALWAYS\"");
        r.witchSelfSave = *w;
    }
    if (auto e = readInt(j, "maxDays", r.maxDays, ""))
        return fail(*e);
    for (auto [key, field] :
         {std::pair{"revealRoleOnDeath", &r.revealRoleOnDeath},
          std::pair{"witchBothPotionsOneNight", &r.witchBothPotionsOneNight},
          std::pair{"witchSeesVictimWithoutAntidote", &r.witchSeesVictimWithoutAntidote},
          std::pair{"hunterShootsWhenPoisoned", &r.hunterShootsWhenPoisoned},
          std::pair{"protectAndAntidoteKill", &r.protectAndAntidoteKill},
          std::pair{"pkCandidatesVote", &r.pkCandidatesVote}})
        if (auto e = readBool(key, *field))
            return fail(*e);
    if (auto it = j.find("timers"); it != j.end()) {
        if (!it->is_object())
            return fail("timers must be an object");
        static const std::set<std::string> Timers{
            "witchMs", "hunterMs", "pkDefenseTurnMs", "pkVoteMs"};
        for (const auto &[key, value] : it->items())
            if (!Timers.count(key))
                return fail("unknown timer \"" + key + "\"");
        for (auto [key, field] : {std::pair{"witchMs", &r.witchMs},
                                  std::pair{"hunterMs", &r.hunterMs},
                                  std::pair{"pkDefenseTurnMs", &r.pkDefenseTurnMs},
                                  std::pair{"pkVoteMs", &r.pkVoteMs}})
            if (auto e = readInt(*it, key, *field, "timers."))
                return fail(*e);
    }
    if (auto it = j.find("language"); it != j.end()) {
        if (!it->is_string())
            return fail("language must be a string");
        r.language = it->get<std::string>();
    }
    if (auto why = r.validate())
        return fail(*why);
    return r;
}

const std::vector<RuleSet> &rulePresets()
{
    static const std::vector<RuleSet> presets{
        RuleSet(), witchSix(), witchHunterNine(), witchHunterDoctorTwelve()};
    return presets;
}

std::optional<RuleSet> rulePreset(std::string_view name)
{
    for (const RuleSet &r : rulePresets())
        if (r.name == name)
            return r;
    for (const auto &[alias, preset] : PresetAliases)
        if (alias == name)
            return rulePreset(preset);
    return std::nullopt;
}

std::optional<std::string_view> renamedPreset(std::string_view formerName)
{
    for (std::size_t i = 0; i < FormerNames; ++i)
        if (PresetAliases[i].first == formerName)
            return PresetAliases[i].second;
    return std::nullopt;
}

} // namespace townhall::engine
