// SPDX-License-Identifier: MIT
#pragma once

// A host for the live tournament tests: its own SQLite file, fast timers.

#include "host/host.h"

#include <QTemporaryDir>

#include <memory>

namespace townhall::test {

/// A started host playing in its own SQLite file `name` in `dir`, its timers
/// `speed` times faster, without rate limits.
inline std::unique_ptr<host::Host>
startHost(const QTemporaryDir &dir, const QString &name, double speed = 50)
{
    host::HostOptions o;
    o.dbPath = dir.filePath(name);
    o.speed = speed;
    o.rateLimits = false;
    auto h = std::make_unique<host::Host>(o);
    QString error;
    if (!h->start(&error))
        qFatal("host: %s", qPrintable(error));
    return h;
}

} // namespace townhall::test
