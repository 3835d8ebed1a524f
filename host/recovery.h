// SPDX-License-Identifier: MIT
#pragma once

/// \file recovery.h
/// A restart picks up where the host stopped: the queues from their journal,
/// the most recent ended matches (still readable: get_state, events.get,
/// replays) and every unfinished match, replayed from its stored log and
/// resumed with a short grace period announced to everyone.

#include "engine/lobby.h"

#include <QStringList>

#include <cstdint>
#include <vector>

namespace townhall::host {

class Store;

struct ResumedMatch
{
    engine::Match *match = nullptr;
    std::uint64_t storedUpTo = 0;  ///< the last stored seq (later events are the resumption's)
};

struct Recovery
{
    std::vector<ResumedMatch> resumed;
    QStringList notices;  ///< for the user: what was resumed, what could not be
};

/// Loads what `store` holds into `lobby` and resumes unfinished matches at `now`.
Recovery recoverFromStore(Store &store, engine::Lobby &lobby, engine::TimeMs now, std::size_t keepEnded = 200);

} // namespace townhall::host
