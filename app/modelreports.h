// SPDX-License-Identifier: MIT
#pragma once

/// \file modelreports.h
/// The host's model seats as the widgets get them (ui::ModelSeatReport):
/// plain values, safe to send to the UI thread.

#include "host/host.h"
#include "host/recorder/toolcallrecord.h"
#include "ui/modelseats.h"

#include <cstdint>
#include <vector>

namespace townhall::app {

/// One model seat of `matchId` with its notes from note number `fromNote`
/// on (the pilot numbers its notes from the first it ever wrote; notes it
/// dropped are skipped). The profile's key is never read.
ui::ModelSeatReport
modelSeatReport(const QString &matchId, const host::ModelSeatInfo &seat, std::int64_t fromNote);

/// The note number after the last note of `seat` (what to ask for next time).
std::int64_t notesEnd(const host::ModelSeatInfo &seat);

/// The model seats of a match as the store keeps them (after a restart, or
/// for an imported match): their profile (name and model, never a key),
/// persona, counts and notes, in seat order. Empty when the match had none
/// or they cannot be read.
std::vector<host::ModelSeatInfo> storedModelSeats(const host::Store &store,
                                                  const std::string &matchId);

/// The recorded calls of a match as the inspector shows them, from the
/// JSON Lines of `townhall calls` (the calls file, and the rows of older
/// versions' tool_calls table). Lines that are not calls are skipped. Only
/// calls before `beforeUs` (µs since the epoch) are kept: later ones are
/// this run's, which the live recorder sends. Their id is 0: they come from
/// storage, not from the recorder's numbering.
ui::ToolCallRecords storedCallRecords(const std::string &jsonLines, qint64 beforeUs);

} // namespace townhall::app
