// SPDX-License-Identifier: MIT
#include "playerdocument.h"

#include "projection.h"

namespace townhall::engine {

void addRequiredActionFields(const Match &m, const std::string &playerId, json &state)
{
    if (m.state().config.rules.isClassic())
        return;
    auto you = state.find("you");
    if (you == state.end() || !you->is_object())
        return;
    auto req = you->find("requiredAction");
    if (req == you->end() || !req->is_object())
        return;
    const Match::RequiredAction ra = m.requiredAction(playerId);
    // emplace: whatever the projection already writes wins.
    if (ra.type == ActionType::WitchAct) {
        req->emplace("killedPlayerId",
                     ra.killedPlayerId ? json(*ra.killedPlayerId) : json(nullptr));
        req->emplace("antidote", ra.antidote);
        req->emplace("poison", ra.poison);
    }
    if (ra.type == ActionType::Vote || ra.type == ActionType::SpeakDefense)
        req->emplace("pk", ra.pk);
}

json playerDocumentContents(const Match *m,
                            const std::string &playerId,
                            const std::string &name,
                            const HumanSeatStatus &seat,
                            const json &answer)
{
    json state = nullptr;
    json events = json::array();
    std::string brief;
    TimeMs turnEndsAt = 0;
    if (m) {
        const StateView view = stateView(*m, Viewer::forPlayer(playerId));
        turnEndsAt = view.turnEndsAt;
        state = toJson(view);
        addRequiredActionFields(*m, playerId, state);
        brief = phaseBrief(*m, playerId);
        const auto picked
            = visibleEvents(*m, Viewer::forPlayer(playerId), std::nullopt, PlayerDocumentEvents);
        for (const Event *e : picked)
            if (isContractEventType(e->type))
                events.push_back(contractEvent(*e));
    }
    return json{{"v", 1},
                {"matchId", m ? m->matchId() : std::string()},
                {"playerId", m ? playerId : std::string()},
                {"name", name},
                {"turnEndsAt", turnEndsAt > 0 ? json(isoTime(turnEndsAt)) : json(nullptr)},
                {"state", std::move(state)},
                {"brief", std::move(brief)},
                {"events", std::move(events)},
                {"seat",
                 {{"standIn", seat.standIn},
                  {"missedInARow", seat.missedInARow},
                  {"standInTurns", seat.standInTurns},
                  {"connected", seat.connected}}},
                {"answer", answer}};
}

json playerDocument(const Match &m,
                    const std::string &playerId,
                    const HumanSeatStatus &seat,
                    TimeMs now,
                    const json &answer)
{
    const Player *p = m.player(playerId);
    if (!p)
        return nullptr;
    json doc = playerDocumentContents(&m, playerId, p->displayName, seat, answer);
    doc["serverTime"] = isoTime(now);
    return doc;
}

} // namespace townhall::engine
