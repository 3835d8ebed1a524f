// SPDX-License-Identifier: MIT
#pragma once

/// \file rules.h
/// Rule sets: which roles sit at the table and how the contested rules go.
/// `classic` is the original game exactly (2 wolves, seer, doctor, 4
/// villagers, a tie eliminates no one) and is never written into a match's
/// config, so a classic match's log is byte-for-byte what it was before rule
/// sets. The other presets add the witch, the hunter and the PK revote;
/// every rule that tables play differently is a field here, listed in
/// docs/rules.md.

#include "types.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::engine {

/// What a tied vote does.
enum class TieRule : std::uint8_t {
    NoElimination, ///< classic: nobody leaves
    Pk,            ///< the tied players defend themselves, then a revote among them
};

/// When the witch may use her antidote on herself.
enum class WitchSelfSave : std::uint8_t { Never, FirstNight, Always };

struct RuleSet
{
    std::string name = "classic";
    int werewolves = 2;
    int seers = 1;
    int doctors = 1; ///< the doctor (the "guard" of common twelve-seat tables)
    int witches = 0;
    int hunters = 0;
    int villagers = 4;

    TieRule tie = TieRule::NoElimination;
    /// A second tie in the PK eliminates no one (the common rule).
    bool revealRoleOnDeath = true;
    /// 0: no limit. Otherwise the match ends after day `maxDays`'s vote
    /// (and any hunter's shot) with no winner: GAME_ENDED winningTeam NONE,
    /// reason MAX_DAYS.
    int maxDays = 0;

    WitchSelfSave witchSelfSave = WitchSelfSave::Never;
    bool witchBothPotionsOneNight = false;
    /// The witch learns the wolves' victim only while she holds the antidote
    /// (the common rule); true: every night.
    bool witchSeesVictimWithoutAntidote = false;
    /// A poisoned hunter cannot shoot (the common rule).
    bool hunterShootsWhenPoisoned = false;
    /// The doctor's protection and the witch's antidote on the same player
    /// cancel out and the player dies (the common rule).
    bool protectAndAntidoteKill = true;
    /// Players in the PK vote too (the push-agent protocol has all players
    /// vote; most tables keep them out).
    bool pkCandidatesVote = false;

    /// Extra phase timers, in milliseconds before the speed factor.
    std::int64_t witchMs = 20'000;
    std::int64_t hunterMs = 20'000;
    std::int64_t pkDefenseTurnMs = 30'000;
    std::int64_t pkVoteMs = 45'000;

    /// The game language (a push agent's game_config.language): "en" or "zh-CN".
    std::string language = "en";

    int seatCount() const { return werewolves + seers + doctors + witches + hunters + villagers; }
    /// The roles in deck order (wolves, seers, doctors, witches, hunters,
    /// villagers), before the seeded shuffle.
    std::vector<Role> deck() const;
    bool hasRole(Role r) const;
    /// True when this is the classic table with the classic rules (any name).
    bool isClassic() const;

    /// Nothing when valid; else what is wrong, for a person to read.
    std::optional<std::string> validate() const;

    nlohmann::json toJson() const;
    /// Strict: unknown keys, wrong types and invalid tables are refused with
    /// a message naming the field. Missing keys keep classic's value; a
    /// "base" key names a preset to start from.
    static Expected<RuleSet> fromJson(const nlohmann::json &j);

    bool operator==(const RuleSet &) const = default;
};

/// classic, witch-6, witch-hunter-9, witch-hunter-doctor-12, in display order.
const std::vector<RuleSet> &rulePresets();
/// The preset `name` names: its name, a former name ("seed002-9") or a short
/// one ("9p"). The rule set carries the preset's current name.
std::optional<RuleSet> rulePreset(std::string_view name);
/// The current name of a preset that was renamed ("seed002-9" ->
/// "witch-hunter-9"); nothing for any other name.
std::optional<std::string_view> renamedPreset(std::string_view formerName);

std::string_view toString(TieRule t);
std::string_view toString(WitchSelfSave w);

} // namespace townhall::engine
