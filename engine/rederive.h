// SPDX-License-Identifier: MIT
#pragma once

/// \file rederive.h
/// Checks a match log that came from outside (an imported file) against the
/// rules instead of trusting it.
///
/// Match::fromLog folds whatever the events say: a file may mark wolf chat
/// PUBLIC, flip the winner, or invent a seer result, and the fold accepts it.
/// rederive() plays the match again through the engine's own entry points:
/// it creates the match from MATCH_CREATED (the seats, the rules, the seed
/// and deal of ROLES_ASSIGNED), then for each event the file has that the
/// replay has not produced yet it does what caused it: a player's command
/// (ready, a speech, wolf chat, a night action, a vote, a potion, a shot) is
/// submitted again at its time, a host control (pause, resume, skip,
/// speed, breakpoints, step) is repeated, and anything else is the passing of time
/// (tick). Every event the engine produces must then equal the file's, field
/// for field (id, time, type, audience, recipient, payload): audiences,
/// derived facts and outcomes come from the rules, never from the file.

#include "event.h"
#include "types.h"

#include <vector>

namespace townhall::engine {

/// The log the rules produce from `log`'s causes: equal to `log` when the
/// file is honest; otherwise an InvalidArgument error naming the first event
/// that differs and how.
Expected<std::vector<Event>> rederive(const std::vector<Event> &log);

/// rederive() of the same match played as number `number`: the file's events
/// are read with its match id, event ids, references and building renamed to
/// the new number's (Lobby::matchIdFor, Lobby::buildingFor), and the Town
/// Crier's lines are taken from the rules, not compared (their phrasing is
/// chosen by the match id). The result is the renumbered match's log.
Expected<std::vector<Event>> rederiveAs(const std::vector<Event> &log, int number);

} // namespace townhall::engine
