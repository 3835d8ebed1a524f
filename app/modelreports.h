// SPDX-License-Identifier: MIT
#pragma once

/// \file modelreports.h
/// The host's model seats as the widgets get them (ui::ModelSeatReport):
/// plain values, safe to send to the UI thread.

#include "host/host.h"
#include "ui/modelseats.h"

#include <cstdint>

namespace townhall::app {

/// One model seat of `matchId` with its notes from note number `fromNote`
/// on (the pilot numbers its notes from the first it ever wrote; notes it
/// dropped are skipped). The profile's key is never read.
ui::ModelSeatReport modelSeatReport(const QString &matchId, const host::ModelSeatInfo &seat, std::int64_t fromNote);

/// The note number after the last note of `seat` (what to ask for next time).
std::int64_t notesEnd(const host::ModelSeatInfo &seat);

} // namespace townhall::app
