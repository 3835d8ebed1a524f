// SPDX-License-Identifier: MIT
#include "ui/agentview.h"

#include <algorithm>

namespace townhall::ui {

std::optional<AgentView> agentViewAt(const std::vector<engine::Event> &log,
                                     const std::string &playerId,
                                     std::uint64_t seq,
                                     const engine::StateOptions &options,
                                     std::string *why)
{
    auto fail = [why](std::string reason) -> std::optional<AgentView> {
        if (why)
            *why = std::move(reason);
        return std::nullopt;
    };
    const auto end = std::find_if(
        log.begin(), log.end(), [seq](const engine::Event &e) { return e.seq > seq; });
    if (seq == 0 || end == log.begin() || std::prev(end)->seq != seq)
        return fail("no event " + std::to_string(seq) + " in the log");
    std::string reason;
    std::optional<engine::Match> m
        = engine::Match::replay(std::vector<engine::Event>(log.begin(), end), &reason);
    if (!m)
        return fail("the log does not replay: " + reason);
    if (!m->player(playerId))
        return fail("no player '" + playerId + "' in " + m->matchId());
    AgentView v;
    v.seq = seq;
    v.playerId = playerId;
    v.state = engine::stateView(*m, engine::Viewer::forPlayer(playerId), options);
    v.phaseBrief = engine::phaseBrief(*m, playerId);
    return v;
}

} // namespace townhall::ui
