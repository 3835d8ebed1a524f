// SPDX-License-Identifier: MIT
#include "playerdocument.h"

#include "projection.h"

namespace townhall::engine {

json playerDocument(const Match &m,
                    const std::string &playerId,
                    const HumanSeatStatus &seat,
                    TimeMs now,
                    const json &answer)
{
    const Player *p = m.player(playerId);
    if (!p)
        return nullptr;
    const Viewer viewer = Viewer::forPlayer(playerId);
    const StateView view = stateView(m, viewer);
    json events = json::array();
    for (const Event *e : visibleEvents(m, viewer, std::nullopt, PlayerDocumentEvents))
        events.push_back(contractEvent(*e));
    return json{{"v", 1},
                {"matchId", m.matchId()},
                {"playerId", playerId},
                {"name", p->displayName},
                {"serverTime", isoTime(now)},
                {"turnEndsAt", isoTime(view.turnEndsAt)},
                {"state", toJson(view)},
                {"brief", phaseBrief(m, playerId)},
                {"events", std::move(events)},
                {"seat",
                 {{"standIn", seat.standIn},
                  {"missedInARow", seat.missedInARow},
                  {"standInTurns", seat.standInTurns},
                  {"connected", seat.connected}}},
                {"answer", answer}};
}

} // namespace townhall::engine
