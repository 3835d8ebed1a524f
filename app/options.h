// SPDX-License-Identifier: MIT
#pragma once

/// \file options.h
/// The command line the desktop app (`townhall`) and the headless host
/// (`townhall --headless`) have in common: the options that say how to host
/// (port, database, speed, bots, demo, guests, durability, rate limits,
/// seed), read the same way in both, and the shutdown on SIGINT/SIGTERM.
/// What only one mode has (--language; --headless, --quiet, --log and the
/// benchmark switches) stays with that mode.

#include "host/host.h"
#include "host/providers/seatsfile.h"

#include <QCommandLineOption>
#include <QHostAddress>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

class QCommandLineParser;
class QObject;

namespace townhall::app {

/// Which mode the options are for. The modes word their help differently
/// (the desktop app's defaults come from its settings, the headless host's
/// --demo prints a match and exits) and a demo runs at its own speed.
enum class HostMode { Desktop, Headless };

/// The shared options as read from the command line.
struct HostCommandLine
{
    /// --db, --durable, --speed, --no-guests, --no-rate-limits, --seed,
    /// --rules (host.rules: the default queue's rule set).
    /// dbPath is empty without --db (the Host takes the default path).
    host::HostOptions host;
    bool dbGiven = false;        ///< --db was given (the desktop app's setting yields to it)
    std::optional<quint16> port; ///< --port; the headless host always has one (8787)
    int bots = 0;                ///< --bots
    bool demo = false;           ///< --demo
    /// --timers: the phase timers of new matches (nullopt: the standard ones,
    /// or the desktop app's setting).
    std::optional<engine::Timers> timers;
    /// --spectate-listen ADDR:PORT: the spectator feed, alone, on one more
    /// address (a second machine's viewer). MCP stays on 127.0.0.1.
    std::optional<std::pair<QHostAddress, quint16>> spectateListen;
};

/// `ADDR:PORT` with an IP address (IPv6 in brackets), as --spectate-listen
/// and --players-listen take it; nothing when it is not one.
std::optional<std::pair<QHostAddress, quint16>> listenAddress(const QString &value);

/// `--db PATH`, also taken by the commands that open a database (agent,
/// export, import, replay, calls): its help names the default path.
QCommandLineOption databaseOption();

/// Adds the shared options to `parser`, worded for `mode`. `afterBots` are
/// the mode's own options that --help lists between --bots and --demo (the
/// headless host's --quiet and --log), so the help reads as it always has.
void addHostOptions(QCommandLineParser &parser,
                    HostMode mode,
                    const QList<QCommandLineOption> &afterBots = {});

/// Reads the shared options from a parser that has processed the command
/// line. Invalid values give nothing, with the reason in `error` (such as
/// "--speed must be positive"; the caller prefixes "townhall: " and exits
/// with 2).
///
/// The modes were never equally strict, and still are not: the headless
/// host refuses a --bots that is not a count where the desktop app takes it
/// as 0, and the desktop app refuses a --port that is not a number where
/// the headless host takes it as 0 (any free port).
std::optional<HostCommandLine>
readHostOptions(const QCommandLineParser &parser, HostMode mode, QString *error);

/// The rule set `nameOrFile` names: a preset ("classic", "seed002-9", "9p",
/// ...) or a JSON file (RuleSet::fromJson's format). Nothing when neither,
/// with the reason in `error` (the presets for an unknown name; the file
/// and RuleSet::fromJson's message for a bad file).
std::optional<engine::RuleSet> readRuleSet(const QString &nameOrFile, QString *error);

/// `--seats FILE`, the headless host's own: model seats and named bots,
/// queued in order before anyone else.
QCommandLineOption seatsOption();

/// `--ollama MODELS`, the headless host's shortcut for a table of models
/// served by Ollama: eight model seats, the comma-separated models in turn,
/// at $OLLAMA_HOST (default http://127.0.0.1:11434), with no seats file.
QCommandLineOption ollamaOption();

/// The seats of `--ollama MODELS` as a seats file (the bots' names, one
/// provider "ollama"). `ollamaHost` is $OLLAMA_HOST's value: "host:port" or
/// a URL; empty means the default. Nothing when no model is named.
std::optional<host::providers::SeatsFile>
ollamaSeats(const QString &models, const QString &ollamaHost, int seats = engine::SeatCount);

/// The seats file `--seats` names, if given, or the seats `--ollama` asks for. A bad file gives
/// nothing and `ok` false, with one line per problem in `error`, each naming the file and the key
/// ("FILE: seats[1].provider: unknown provider ..."). Warnings are for the user, not a reason to
/// stop.
struct SeatsOption
{
    bool ok = true;
    std::optional<host::providers::SeatsFile> file;
    QStringList warnings;
    /// Whether a seat is played by a model: unless --timers says otherwise,
    /// new matches then get the model-play timers.
    bool hasModels() const;
    /// Whether a seat is a person's from a join link ("human": true): the
    /// players' listener must serve their pages, and new matches get the
    /// people's timers unless --timers says otherwise.
    bool hasPeople() const;
};
SeatsOption readSeatsOption(const QCommandLineParser &parser, QString *error);

/// Runs `stop` in `context`'s thread when SIGINT or SIGTERM arrives, once:
/// the signal handler only writes a byte into a socket pair, and the event
/// loop reads it, so the host, the recorder and the store shut down as they
/// do on a normal quit instead of dying mid-batch. Later signals are
/// swallowed (a second Ctrl+C does not cut the shutdown short). Call it once
/// per process.
void stopOnTerminationSignals(QObject *context, std::function<void()> stop);

} // namespace townhall::app
