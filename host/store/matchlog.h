// SPDX-License-Identifier: MIT
#pragma once

/// \file matchlog.h
/// Pure functions over a match's event log: the JSON Lines export format,
/// its validation, and the state at a chosen event. No database involved, so
/// the CLI, the store and the UI's replay scrubber share them.

#include "host/store/storeresult.h"

#include "engine/event.h"
#include "engine/match.h"

#include <string>
#include <string_view>
#include <vector>

namespace townhall::host {

/// One `engine::toJson(event)` per line, each line ending in '\n'.
std::string toJsonLines(const std::vector<engine::Event> &log);

/// Parses and validates a JSON Lines log: every line a valid envelope
/// (eventFromJson), one match id, seq 1, 2, 3… without gaps or repeats.
/// Blank lines and a trailing "\r" are tolerated. Errors name the line.
StoreResult<std::vector<engine::Event>> parseJsonLines(std::string_view text);

/// Match::fromLog as a store result: a log that does not replay (a
/// hand-edited payload lacking a field the engine reads, a gap) is Invalid,
/// and the message names the event and the field.
StoreResult<engine::Match> replayLog(const std::vector<engine::Event> &log);

/// Which event of `log` `eventRef` names: a canonical event id
/// ("match-3:00000042") or a bare seq ("42"). NotFound/Invalid otherwise.
StoreResult<std::uint64_t> resolveEventRef(const std::vector<engine::Event> &log,
                                           std::string_view eventRef);

/// The match as it was right after event `eventRef` (see resolveEventRef):
/// a replay of the log's prefix. For `townhall replay MATCH --to EVENT` and
/// the scrubber.
StoreResult<engine::Match> replayTo(const std::vector<engine::Event> &log,
                                    std::string_view eventRef);

} // namespace townhall::host
