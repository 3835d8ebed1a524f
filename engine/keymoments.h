// SPDX-License-Identifier: MIT
#pragma once

/// \file keymoments.h
/// Key moments (seed 000 §6.1): accusations, seer claims and counterclaims,
/// contradictions, vote flips, doctor saves. A pure, deterministic function
/// of a match's events. The public view reads public events only; the
/// omniscient view adds extras that need hidden facts (wolves voting for a
/// wolf, a fake seer claim, the doctor's exact save).

#include "match.h"
#include "projection.h"

#include <string>
#include <vector>

namespace townhall::engine {

struct KeyMoment
{
    enum class Kind : std::uint8_t {
        Accusation,     ///< a player accuses another (top accusations ranked by weight)
        SeerClaim,      ///< someone publicly claims to be the seer
        Counterclaim,   ///< a second seer claim contradicting the first
        Contradiction,  ///< says one thing, does another (defends then votes; claim vs revealed role)
        VoteFlip,       ///< a vote changed during DAY_VOTE
        DoctorSave,     ///< the night kill was prevented
        WolfOnWolf,     ///< omniscient: a wolf voted for (or accused) a fellow wolf
        FakeClaim,      ///< omniscient: a seer claim by someone who is not the seer
    };
    Kind kind = Kind::Accusation;
    std::string templateId;            ///< translatable, e.g. "moment.accusation"
    json args = json::object();        ///< template arguments (player ids, names, counts)
    std::string text;                  ///< English rendering
    int day = 0;
    std::uint64_t atSeq = 0;           ///< seq of the event that completes the moment
    std::vector<std::string> eventIds; ///< the events it comes from (click → transcript)
    std::vector<std::string> playerIds;
    int weight = 1;                    ///< for ranking ("top accusations")
    bool omniscient = false;           ///< true only in the omniscient view
};

std::string_view toString(KeyMoment::Kind k);

/// All key moments visible to `viewer`, in event order. Player viewers get the
/// public set. Deterministic: the same log gives the same moments.
std::vector<KeyMoment> keyMoments(const Match &m, const Viewer &viewer);

} // namespace townhall::engine
