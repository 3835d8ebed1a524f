// SPDX-License-Identifier: MIT
#pragma once

/// \file terminal.h
/// What the command-line commands share: writing to stdout and stderr, and
/// opening the database `--db` names (the app's own by default).

#include "host/store/store.h"

#include <QCommandLineParser>
#include <QString>

namespace townhall::app {

/// UTF-8 to stdout, flushed (a reader may be a pipe).
void out(const QString &s);
/// UTF-8 to stderr.
void err(const QString &s);
/// The database of `--db`, else Store::defaultPath(); created only when `create`.
host::StoreResult<host::Store> openStore(const QCommandLineParser &p, bool create);
/// The path openStore opens.
QString dbPathOf(const QCommandLineParser &p);

} // namespace townhall::app
