// SPDX-License-Identifier: MIT
#pragma once

/// \file narrator.h
/// The Town Crier (seed 000 §6.2): deterministic templated narration.
/// A pure function of the state right after an event and the event itself.
/// Each line carries a template id and arguments (so the UI can translate it)
/// plus an English rendering. Public lines never reveal hidden information;
/// omniscient lines may, and are emitted with the Host audience.

#include "event.h"
#include "match.h"

#include <string>
#include <vector>

namespace townhall::engine {

struct NarratorLine
{
    std::string templateId;   ///< e.g. "night.falls.2"
    json args = json::object(); ///< named arguments of the template
    std::string text;         ///< English rendering
    bool omniscient = false;  ///< true: Host audience (spoilers allowed)
};

/// Lines to announce after `cause` was applied; `state` is the state after it.
std::vector<NarratorLine> narrate(const MatchState &state, const Event &cause);

} // namespace townhall::engine
