// SPDX-License-Identifier: MIT
#pragma once

/// \file terminal.h
/// What the command-line commands share: writing to stdout and stderr, and
/// opening the database `--db` names (the app's own by default).

#include "host/store/store.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QString>

#include <optional>

namespace townhall::app {

/// UTF-8 to stdout, flushed (a reader may be a pipe).
void out(const QString &s);
/// UTF-8 to stderr.
void err(const QString &s);
/// The database of `--db`, else Store::defaultPath(); created only when `create`.
host::StoreResult<host::Store> openStore(const QCommandLineParser &p, bool create);
/// The path openStore opens.
QString dbPathOf(const QCommandLineParser &p);

/// A file a command was given (a match log, a tournament, a rule set), or
/// standard input for "-", read whole only if it holds at most `cap` bytes:
/// the size is checked while reading, so /dev/zero or a pipe that never ends
/// costs `cap` bytes, not all of memory. nullopt with `error` set otherwise.
std::optional<QByteArray> readBounded(const QString &path, qint64 cap, QString *error);

} // namespace townhall::app
