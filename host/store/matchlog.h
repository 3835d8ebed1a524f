// SPDX-License-Identifier: MIT
#pragma once

/// \file matchlog.h
/// Pure functions over a match's event log: the JSON Lines export format,
/// its validation, and the state at a chosen event. No database involved, so
/// the CLI, the store and the UI's replay scrubber share them.
///
/// An export holds the events, one per line, then one line per seat played
/// by a language model: {"modelSeat": {matchId, playerId, agentId,
/// displayName, profile, persona, stats, notes: [{n, at, day, phase, kind,
/// text}]}}. The profile never holds a key (an import refuses one).

#include "host/store/batch.h"
#include "host/store/storeresult.h"

#include "engine/event.h"
#include "engine/match.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::host {

/// One `engine::toJson(event)` per line, each line ending in '\n'.
std::string toJsonLines(const std::vector<engine::Event> &log);

/// A model seat as an export carries it.
struct ModelSeatEntry
{
    ModelSeatRow seat;
    std::vector<ModelNoteRow> notes; ///< in their order
    std::size_t line = 0;            ///< where it was read (0: not read from a file)
};

/// The export's line for a model seat, ending in '\n'. A key in the profile
/// (there should be none) is left out. Invalid when the stored profile or
/// stats are not JSON objects.
StoreResult<std::string> toModelSeatLine(const ModelSeatEntry &entry);

/// Parses and validates a JSON Lines log: every line a valid envelope
/// (eventFromJson), one match id, seq 1, 2, 3… without gaps or repeats.
/// Blank lines and a trailing "\r" are tolerated. Errors name the line.
/// Model seat lines go to `modelSeats`, checked for their shape (and for a
/// key in the profile, which is refused); without `modelSeats` they are
/// skipped.
StoreResult<std::vector<engine::Event>>
parseJsonLines(std::string_view text, std::vector<ModelSeatEntry> *modelSeats = nullptr);

/// Match::fromLog as a store result: a log that does not replay (a
/// hand-edited payload lacking a field the engine reads, a gap) is Invalid,
/// and the message names the event and the field.
StoreResult<engine::Match> replayLog(const std::vector<engine::Event> &log);

/// An export checked for import, ready to store.
struct CheckedImport
{
    std::vector<engine::Event> log;
    std::optional<engine::Match> match; ///< the log replayed (always set)
    std::vector<ModelSeatEntry> modelSeats;
};

/// Everything an import can check without a database: the lines parse
/// (parseJsonLines); the match id is the one its number gives
/// ("match-<number>"), so the id a host would give that number is the id it
/// was stored under; the log is what the rules make of its own causes
/// (engine::rederive: audiences, derived facts and the outcome are checked,
/// not trusted); each model seat line names a seat of the match with its
/// agent, once.
/// With `renumber`, the match is imported as that number instead (for a
/// match whose id is taken): its id, event ids, references and building
/// follow the number, and the Town Crier's lines are the ones the rules
/// give the new id (their phrasing is chosen by the match id).
StoreResult<CheckedImport> checkImport(std::string_view jsonLines,
                                       std::optional<int> renumber = std::nullopt);

/// Which event of `log` `eventRef` names: a canonical event id
/// ("match-3:00000042"), a bare seq ("42"), or nothing (the last event).
/// NotFound/Invalid otherwise.
StoreResult<std::uint64_t> resolveEventRef(const std::vector<engine::Event> &log,
                                           std::string_view eventRef);

/// The match as it was right after event `eventRef` (see resolveEventRef):
/// a replay of the log's prefix. For `townhall replay MATCH --to EVENT` and
/// the scrubber.
StoreResult<engine::Match> replayTo(const std::vector<engine::Event> &log,
                                    std::string_view eventRef);

} // namespace townhall::host
