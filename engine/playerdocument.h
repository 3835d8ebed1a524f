// SPDX-License-Identifier: MIT
#pragma once

/// \file playerdocument.h
/// The player document: everything a person playing one seat may read, as
/// one JSON object (the human seats' contract). The
/// desktop app's player panel and the phone page render it; the host
/// rebuilds it whenever something its player may read changes.
///
/// It is made from the player's projection alone (stateView, phaseBrief and
/// visibleEvents for Viewer::forPlayer), never from the omniscient match, so
/// it holds nothing its player may not know.

#include "match.h"

#include <string>

namespace townhall::engine {

/// How the person's seat is played: the host's bookkeeping, not the match's.
struct HumanSeatStatus
{
    bool standIn = false;  ///< the built-in stand-in keeps the seat until the person acts
    int missedInARow = 0;  ///< turns the person let pass in a row
    int standInTurns = 0;  ///< turns the stand-in played in this match
    bool connected = true; ///< a page or the app's panel is attached
};

/// At most this many events in a document (the newest).
inline constexpr std::size_t PlayerDocumentEvents = 300;

/// The document of `playerId` in `m` at `now`: {v, matchId, playerId, name,
/// serverTime, turnEndsAt, state, brief, events, seat, answer}. `state` is
/// get_state's JSON for the player, `brief` its phase brief, `events` the
/// last PlayerDocumentEvents events it may read (oldest first, as events.get
/// writes them). `turnEndsAt` is the current speaker's deadline in the turn
/// phases (phaseEndsAt otherwise); `serverTime` is `now`, so a client counts
/// down by its own clock without trusting it to agree with the host's.
/// `answer` is the answer to the person's last action, or null. An unknown
/// player gets null.
json playerDocument(const Match &m,
                    const std::string &playerId,
                    const HumanSeatStatus &seat,
                    TimeMs now,
                    const json &answer = nullptr);

} // namespace townhall::engine
