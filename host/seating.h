// SPDX-License-Identifier: MIT
#pragma once

/// \file seating.h
/// Seats for the next table, as the headless host's seats file and the
/// desktop app's "New match" dialog describe them. Both put them in the
/// queue through queueSeats, so a seat means the same thing in either mode.

#include "engine/match.h"
#include "engine/rules.h"
#include "host/host.h"
#include "host/providers/keysource.h"
#include "host/providers/seatsfile.h"

#include <QCoro/QCoroTask>
#include <QStringList>

#include <memory>

namespace townhall::host {

/// The phase timers a new match gets: the standard ones (seed 000), the
/// longer turns of engine::modelPlayTimers(), or the turns of a table with
/// people at it (`--timers people`; a match with a human seat gets them
/// unless the host chose other timers).
enum class TimerPreset { Standard, ModelPlay, People };

engine::Timers timersOf(TimerPreset preset);

/// What the "New match" dialog asks the host to do. Open seats are not in
/// `seats`: they stay free for MCP agents, who fill them by joining the queue.
struct MatchPlan
{
    providers::SeatsFile seats; ///< the seats to queue, in order; providers without keys
    TimerPreset timers = TimerPreset::ModelPlay;
    int openSeats = 0;
    /// The rule set picked for the table (engine::rulePresets()); the host
    /// queues by it once it has queues per rule set.
    engine::RuleSet rules;
};

/// What queueSeats did.
struct Seating
{
    int queued = 0;
    QStringList warnings; ///< seats that play without a key, each "seat NAME: why"
    QString error;        ///< set when nothing was queued because of a bad seat
    /// The seats for people on other devices that were queued, in order:
    /// name and agent id (their join codes: HumanSeats::codeOf).
    std::vector<std::pair<QString, std::string>> people;

    bool ok() const { return error.isEmpty(); }
};

/// Puts the seats in the default queue, in their order. Every seat is checked
/// first, so a bad one (no provider, more seats than a table) queues nothing.
/// A model seat uses the key already in its provider's profile; where there is
/// none, the environment variable the profile names. A missing key does not
/// stop a seat (a local server needs none; a cloud one refuses, and the
/// seat's stand-in plays), but it is reported in `warnings`.
Seating queueSeats(Host &host,
                   const providers::SeatsFile &file,
                   const std::string &queueId = engine::DefaultQueueId);

/// One sentence for each provider the file's model seats use that nothing
/// answers at (connection refused, a host name that does not resolve, no
/// answer within `wait`): a headless host checks before it starts, so a
/// server that is not running is one clear line, not a match of stand-ins.
/// A provider that answers, even with an error (a missing key, an unknown
/// model), is not listed: its seats play, and their stand-ins say why.
QStringList unreachableProviders(const providers::SeatsFile &file,
                                 std::chrono::milliseconds wait = std::chrono::milliseconds(5000));

/// The queue that seats `rules`: the default queue or a preset's when their
/// rule set is this one; otherwise a queue registered for it.
std::string queueForRules(Host &host, const engine::RuleSet &rules);

/// The seats with their providers' keys filled in from `keys`.
struct KeyedSeats
{
    providers::SeatsFile file;
    /// Providers whose key is needed and missing (the profile names an
    /// environment variable that is not set): the plan must not be queued.
    QStringList refusals;
    /// Providers whose key could not be read from the keychain. The profile
    /// names no variable, so it may need no key at all (a local server).
    QStringList warnings;
};

/// Looks up the key of every provider the seats use, each once. Never puts
/// a key into a message.
QCoro::Task<KeyedSeats> resolveKeys(providers::SeatsFile file,
                                    std::shared_ptr<providers::KeySource> keys);

} // namespace townhall::host
