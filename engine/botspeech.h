// SPDX-License-Identifier: MIT
#pragma once

/// \file botspeech.h
/// The built-in bot's voice and ears (internal to the engine, used by bot.cpp).
///
/// Voice: pre-built phrase tables, one per topic, rendered with up to two
/// names. The phrasing is deliberately plain ("I suspect Hugo.", "I am the
/// Seer. Last night I inspected Hugo: werewolf.") so that spectators, the
/// narrator and the key-moments detector can read it without guessing.
///
/// Ears: `read()` extracts who a public message accuses, vouches for, and
/// whether it is a seer claim with results. It understands the bots' own
/// phrasing and the common ways an LLM agent says the same things; it is a
/// keyword reader, not a parser, and it never allocates.

#include <cstdint>
#include <string>
#include <string_view>

namespace townhall::engine::botspeech {

/// Seats a bot keeps track of; tables seat 6 to 12, the masks allow up to 16.
inline constexpr int MaxSeats = 16;
using SeatMask = std::uint16_t;

/// What a line is about. Each topic has several templates; {0} and {1} are names.
enum class Topic : std::uint8_t {
    OpeningKill,       ///< {0} died in the night
    OpeningSaved,      ///< nobody died
    OpeningSuspect,    ///< appended to an opening: {0} is suspected
    OpeningCalm,       ///< appended to an opening: no suspect yet
    AccuseStrong,      ///< {0} is a wolf for sure
    AccuseMedium,      ///< {0} is suspected
    AccuseWeak,        ///< {0} is slightly suspected
    VoteCall,          ///< let's vote {0}
    Vouch,             ///< {0} is trusted
    Defend,            ///< I am innocent; {0} accused me
    DefendAlone,       ///< I am innocent; nobody to blame
    BelieveClaim,      ///< {0} claimed seer and named {1} as a wolf; believed
    BelieveClaimClean, ///< {0} claimed seer; believed
    DoubtClaim,        ///< {0}'s claim is doubted
    SeerClaim,         ///< the claim sentence itself
    SeerWolfLast,      ///< last night {0}: werewolf
    SeerCleanLast,     ///< last night {0}: not a werewolf
    SeerWolfEarlier,   ///< on night {1}, {0}: werewolf
    SeerCleanEarlier,  ///< on night {1}, {0}: not a werewolf
    SeerReport,        ///< lead-in for a claimed seer's daily report
    FakeSeerCallout,   ///< the real seer calls out {0}'s counterclaim
    Counterclaim,      ///< a wolf's counterclaim: {0} is the "werewolf"
    LastWordsVillager, ///< {0} is the last suspect
    LastWordsDoctor,
    LastWordsSeer, ///< {0}: a known wolf, or empty
    LastWordsSeerNone,
    LastWordsWolf,
    WolfPropose,        ///< kill {0}
    WolfProposeSeer,    ///< kill the claimed seer {0}
    WolfProposeAccuser, ///< kill {0}, who is onto us
    WolfProposeAgain,   ///< {0} was saved last night; the doctor cannot protect twice
    WolfAgree,          ///< agree on {0}
    WolfCounter,        ///< rather {0} than {1}
    WolfSwitch,         ///< fine, {0}
    WolfInsist,         ///< no, {0}
    // Tables with a witch, a hunter or the PK. Appended so that the classic
    // topics keep their numbers.
    OpeningTwoKills,     ///< {0} and {1} both died in the night
    PkDefence,           ///< a PK defence; {0} is the one to vote instead
    PkDefenceAlone,      ///< a PK defence with nobody to point at
    HunterDefend,        ///< a hunter under pressure claims; {0} would be shot
    WitchClaimSave,      ///< the witch saved {0} last night, so {0} is innocent
    LastWordsWitch,      ///< {0} is the last suspect
    LastWordsHunter,     ///< the hunter shot {0}
    LastWordsHunterNone, ///< the hunter held his fire; {0} is the last suspect
    OpeningQuiet,        ///< nobody died, at a table where the witch may have saved them
    Count
};

/// Appends one template of `topic` (chosen by `pick`) to `out`, with {0} = a and {1} = b.
void say(std::string &out,
         Topic topic,
         std::uint32_t pick,
         std::string_view a = {},
         std::string_view b = {});

/// What a public message says about the players, as far as keywords tell.
struct Reading
{
    SeatMask accused = 0;      ///< named in a hostile clause ("I suspect Hugo", "vote Hugo")
    SeatMask vouched = 0;      ///< named in a friendly clause ("I trust Cora", "not a wolf")
    SeatMask claimedWolf = 0;  ///< "inspected Hugo: werewolf"
    SeatMask claimedClean = 0; ///< "inspected Cora: not a werewolf"
    bool seerClaim = false;    ///< "I am the Seer" / "I'm the Seer"
    int firstNamed = -1;       ///< the first seat named at all
};

/// The names a reader listens for, prepared once per match: lowercase, and
/// indexed by first letter so that most words are rejected with one lookup.
class Names
{
public:
    /// `displayNames[i]` is the display name of seat i, for i < n (n <= MaxSeats).
    void assign(const std::string *displayNames, int n);
    /// The seat whose lowercase name is `word`, or -1.
    int seatOf(std::string_view word) const;

private:
    std::string m_lower[MaxSeats];
    SeatMask m_byFirst[36] = {}; ///< a-z, 0-9
    int m_n = 0;
};

/// Reads `text` in one pass, without allocating.
Reading read(std::string_view text, const Names &names);

} // namespace townhall::engine::botspeech
