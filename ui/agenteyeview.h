// SPDX-License-Identifier: MIT
#pragma once

// The inspector's agent's-eye view as the widgets receive it: the host side
// (ui/agentview.h) computes it; the widgets only show it.

#include "engine/event.h"
#include "engine/projection.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace townhall::ui {

/// What get_state and the phase brief showed a player after one event.
struct AgentEyeView
{
    QByteArray stateJson; ///< get_state's `state` (compact JSON); empty on failure
    QString phaseBrief;
    QString error; ///< why there is no view
};

/// Computes an AgentEyeView from a match log, for `playerId`, right after
/// event `seq`, with get_state's `options`.
using AgentViewProvider = std::function<AgentEyeView(const std::vector<engine::Event> &log,
                                                     const std::string &playerId,
                                                     std::uint64_t seq,
                                                     const engine::StateOptions &options)>;

} // namespace townhall::ui
