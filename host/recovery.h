// SPDX-License-Identifier: MIT
#pragma once

/// \file recovery.h
/// A restart picks up where the host stopped: the queues from their journal,
/// the most recent ended matches (still readable: get_state, events.get,
/// replays) and every unfinished match, replayed from its stored log and
/// resumed with a short grace period announced to everyone. The model seats
/// of those matches come back with what their pilots logged, and so do the
/// model seats that waited in the queue (the host plays them again).

#include "engine/lobby.h"
#include "host/store/batch.h"

#include <QStringList>

#include <cstdint>
#include <vector>

namespace townhall::host {

class Store;

struct ResumedMatch
{
    engine::Match *match = nullptr;
    std::uint64_t storedUpTo = 0; ///< the last stored seq (later events are the resumption's)
};

/// A model seat of a resumed match as stored.
struct RecoveredModelSeat
{
    ModelSeatRow row;
    std::vector<ModelNoteRow> notes; ///< the newest PilotLog::MaxNotes, in order
};

struct Recovery
{
    std::vector<ResumedMatch> resumed;
    std::vector<RecoveredModelSeat> modelSeats; ///< of the resumed matches
    /// How to play the model seats that waited in the queue (also seats that
    /// have left it since: the lobby's queue says which still wait).
    std::vector<QueuedModelSeatRow> queuedModelSeats;
    QStringList notices; ///< for the user: what was resumed, what could not be
};

/// Loads what `store` holds into `lobby` and resumes unfinished matches at `now`.
Recovery recoverFromStore(Store &store,
                          engine::Lobby &lobby,
                          engine::TimeMs now,
                          std::size_t keepEnded = 200);

} // namespace townhall::host
