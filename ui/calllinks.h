// SPDX-License-Identifier: MIT
#pragma once

// How the inspector's recorded calls and a match's events point at each
// other: a call → the event it produced, or the last event before
// its answer for reads; an event → the call that produced it, or the nearest
// call in time.

#include "host/recorder/toolcallrecord.h"

#include "engine/match.h"

#include <cstdint>
#include <optional>

class QAbstractItemModel;

namespace townhall::ui {

struct CallEvent
{
    std::uint64_t seq = 0;
    bool produced = false; ///< the call produced this event (else: the last one before its answer)
};

/// The event of `match` that `call` is about. `producedEventId` is
/// ToolCallModel::producedEventId(call). nullopt when the call is of another
/// match, or came before the match's first event.
std::optional<CallEvent> eventForCall(const engine::Match &match,
                                      const ToolCallRecord &call,
                                      const QString &producedEventId);

/// The event after which the agent's-eye view of `call` is taken: just before
/// the event the call produced (what the agent knew when it acted), else the
/// state its answer reflected. 0 when there is none.
std::uint64_t viewSeqForCall(const engine::Match &match,
                             const ToolCallRecord &call,
                             const QString &producedEventId);

/// The player of `match` that agent `agentId` plays, or nullptr.
const engine::Player *playerForAgent(const engine::Match &match, const QString &agentId);

/// The row of `calls` (a ToolCallModel or a proxy in front of it) nearest to
/// event `event`: the call that produced it, else the call nearest in time
/// (the later one on a tie). -1 when `calls` is empty.
int nearestCallRow(const QAbstractItemModel &calls, const engine::Event &event);

} // namespace townhall::ui
