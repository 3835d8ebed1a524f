// SPDX-License-Identifier: MIT
#pragma once

/// \file storeresult.h
/// The store's error and its expected-style result. Every store call that
/// can fail returns a StoreResult; nothing in the store throws or aborts on a
/// bad file, a full disk or a malformed import.

#include "base/expected.h"

#include <QString>

namespace townhall::host {

/// Why a store call failed. `message` is complete and translated: the CLI
/// prints it as is ("cannot open /x/townhall.sqlite: ...").
struct StoreError
{
    enum class Code {
        Io,           ///< cannot create the directory / open the file
        NotFound,     ///< no such database file, match, agent or event
        ReadOnly,     ///< the file or its directory is not writable
        Corrupt,      ///< not an SQLite file, or it fails its integrity check
        Foreign,      ///< a valid SQLite database that belongs to another program
        TooNew,       ///< written by a newer Town Hall (schema version above ours)
        DiskFull,     ///< SQLite reported SQLITE_FULL (disk or max_page_count)
        Busy,         ///< another process holds the database lock
        Conflict,     ///< the write contradicts what is stored (duplicate id, seq gap)
        Invalid,      ///< malformed input (import lines, empty names, bad event id)
        Unauthorized, ///< unknown or revoked agent token
        Sql,          ///< any other SQLite failure
    };

    Code code = Code::Sql;
    QString message;

    /// A short stable name of the code ("DISK_FULL"), for logs and tests.
    static const char *codeName(Code code);
};

/// A value or a StoreError; `StoreResult<void>` carries nothing on success.
template<typename T>
using StoreResult = base::Expected<T, StoreError>;

} // namespace townhall::host
