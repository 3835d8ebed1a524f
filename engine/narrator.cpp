// SPDX-License-Identifier: MIT
#include "narrator.h"

namespace townhall::engine {

std::vector<NarratorLine> narrate(const MatchState &state, const Event &cause)
{
    std::vector<NarratorLine> lines;
    if (cause.type == EventType::PhaseChanged) {
        NarratorLine l;
        l.templateId = "phase.enter";
        l.args = {{"phase", cause.payload.at("to")}, {"day", state.dayNumber}};
        l.text = "The Town Crier announces " + cause.payload.at("to").get<std::string>() + ".";
        lines.push_back(std::move(l));
    }
    return lines;
}

} // namespace townhall::engine
