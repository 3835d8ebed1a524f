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

/// On the witch tables a player's requiredAction also carries the witch's
/// potions and the night's victim (WITCH_ACT) and whether a vote or defence
/// is a PK's (VOTE, SPEAK_DEFENSE), which StateView does not type: added to
/// `state` (get_state's JSON for `playerId`) where the projection has not
/// written them. Classic tables are left as they are. get_state does the
/// same for agents.
void addRequiredActionFields(const Match &m, const std::string &playerId, json &state);

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

/// The document of `playerId` in `m` without "serverTime": {v, matchId,
/// playerId, name, turnEndsAt, state, brief, events, seat, answer}. `state`
/// is get_state's JSON for the player (playerStateJson), `brief` its phase
/// brief, `events` the last PlayerDocumentEvents contract events it may read
/// (oldest first, as events.get writes them). `turnEndsAt` is the current
/// speaker's deadline in the turn phases (phaseEndsAt otherwise; null when
/// there is none). `answer` is the answer to the person's last action, or
/// null. `name` is the seat's name.
///
/// With no match (the seat still waits in the queue) matchId and playerId
/// are "", state and turnEndsAt null, brief "" and events [].
json playerDocumentContents(const Match *m,
                            const std::string &playerId,
                            const std::string &name,
                            const HumanSeatStatus &seat,
                            const json &answer = nullptr);

/// The same for a player of `m`, named as in the match, with "serverTime"
/// set to `now` (a client counts down by it without trusting its own clock
/// to agree with the host's). An unknown player gets null.
json playerDocument(const Match &m,
                    const std::string &playerId,
                    const HumanSeatStatus &seat,
                    TimeMs now,
                    const json &answer = nullptr);

} // namespace townhall::engine
