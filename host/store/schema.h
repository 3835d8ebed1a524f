// SPDX-License-Identifier: MIT
#pragma once

// Private to the store: the versioned schema. Version N is whatever the
// steps 0→1→…→N produce, so a fresh database and a migrated one take the
// same path and cannot drift apart.

#include "host/store/storeresult.h"

#include <QSqlDatabase>

#include <cstdint>

namespace townhall::host::schema {

inline constexpr int CurrentVersion = 8;
/// "TwnH": marks the file as Town Hall's (PRAGMA application_id).
inline constexpr std::int32_t ApplicationId = 0x54776E48;

/// One step from version `from` to `from + 1`, run inside the caller's
/// transaction; it also records the new version in `schema_version`.
using Step = StoreResult<void> (*)(QSqlDatabase &db, qint64 nowMs);

/// The step that starts at `from`, or nullptr past the current version.
Step stepFrom(int from);

} // namespace townhall::host::schema
