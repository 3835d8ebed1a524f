// SPDX-License-Identifier: MIT
#pragma once

/// \file keymoments.h
/// Key moments, the spectator's highlights: accusations, seer claims and
/// counterclaims, contradictions, vote flips, doctor saves. A pure,
/// deterministic function of a match's events. The public view reads public
/// events only; the omniscient view adds extras that need hidden facts (wolves
/// voting for a wolf, a fake seer claim, the doctor's exact save).
///
/// Speech is read with cheap keyword heuristics, not a parser: a player is
/// mentioned by display name, by id ("p:3") or by seat ("seat 3"), matched
/// case-insensitively as a whole word. Around each mention, a predicate after
/// it ("Hugo is a wolf", "Cora is innocent") or a verb before it ("I suspect
/// Hugo", "vote Hugo", "I trust Cora") decides whether the speaker accuses or
/// vouches; a nearby negation flips or cancels it ("Hugo is not a wolf" vouches,
/// "I don't suspect Hugo" says nothing, "I don't trust Hugo" accuses).
///
/// Template ids and argument conventions follow narrator.h; the catalogue is
/// `keyMomentTemplates()`.

#include "match.h"
#include "projection.h"

#include <string>
#include <string_view>
#include <vector>

namespace townhall::engine {

struct KeyMoment
{
    enum class Kind : std::uint8_t {
        Accusation,    ///< a player accuses another (top accusations ranked by weight)
        SeerClaim,     ///< someone publicly claims to be the seer
        Counterclaim,  ///< a second seer claim contradicting the first
        Contradiction, ///< says one thing, does another (defends then votes; claim vs revealed
                       ///< role)
        VoteFlip,      ///< a vote changed during DAY_VOTE
        DoctorSave,    ///< the night kill was prevented
        WolfOnWolf,    ///< omniscient: a wolf voted for (or accused) a fellow wolf
        FakeClaim,     ///< omniscient: a seer claim by someone who is not the seer
        // Witch, hunter, PK and day-limit tables
        HunterShot,  ///< the hunter took someone down (public: the shot is a public event)
        WitchPotion, ///< omniscient: the witch's save or poison (secret from the table for good)
        Pk,          ///< a PK that ties again, or that eliminates someone
        DeadlyNight, ///< several players died in one night
        Draw,        ///< the day limit ended the match with no winner
    };
    Kind kind = Kind::Accusation;
    std::string templateId;     ///< translatable, e.g. "moment.accusation"
    json args = json::object(); ///< template arguments (player ids, names, counts)
    std::string text;           ///< rendered in the match's language (see isChinese, narrator.h)
    int day = 0;
    std::uint64_t atSeq = 0;           ///< seq of the event that completes the moment
    std::vector<std::string> eventIds; ///< the events it comes from (click → transcript)
    std::vector<std::string> playerIds;
    int weight = 1;          ///< for ranking ("top accusations")
    bool omniscient = false; ///< true only in the omniscient view
};

std::string_view toString(KeyMoment::Kind k);

/// All key moments visible to `viewer`, in event order (by `atSeq`). Player
/// viewers get the public set. Deterministic: the same log gives the same moments.
///
/// Accusations are aggregated per day and target: one moment whose `eventIds`
/// are every accusing message of that day, `atSeq` the latest of them, and
/// `weight` = accusations + distinct accusers, so a target accused by three
/// players outranks one accused three times by the same player.
std::vector<KeyMoment> keyMoments(const Match &m, const Viewer &viewer);

/// One key-moment template (for translators and tests).
struct KeyMomentTemplate
{
    std::string_view id;
    std::string_view english; ///< pattern for renderTemplate() (narrator.h)
    std::string_view chinese; ///< pattern for renderTemplateZh(), for rules.language "zh-CN"
};

/// Every key-moment template.
const std::vector<KeyMomentTemplate> &keyMomentTemplates();

/// What one public message says about the players, by the heuristics above.
/// Ids are in order of first mention, without duplicates, never the speaker.
struct SpeechReading
{
    bool seerClaim = false;           ///< "I am the seer", "I'm the Seer", "as the seer I…"
    std::vector<std::string> accused; ///< "I suspect X", "X is a wolf", "vote X", "X is lying"
    std::vector<std::string> vouched; ///< "I trust X", "X is innocent", "X is not a wolf"
    std::vector<std::string>
        calledWolf; ///< subset of accused: "X is a werewolf", "inspected X: werewolf"
};

/// Reads one message spoken by `speakerId` in a match with `players`.
SpeechReading
readSpeech(std::string_view text, std::string_view speakerId, const std::vector<Player> &players);

/// True if `text` reads as its speaker claiming to be the seer. Allocation-free
/// for the common case of a text that does not contain "seer" at all.
bool claimsSeer(std::string_view text);

} // namespace townhall::engine
