// SPDX-License-Identifier: MIT
#pragma once

/// \file storeresult.h
/// The store's error and its expected-style result. Every store call that
/// can fail returns a StoreResult; nothing in the store throws or aborts on a
/// bad file, a full disk or a malformed import.

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace townhall::host {

/// Why a store call failed. `message` is complete and translated: the CLI
/// prints it as is ("cannot open /x/townhall.sqlite: ...").
struct StoreError
{
    enum class Code {
        Io,            ///< cannot create the directory / open the file
        NotFound,      ///< no such database file, match, agent or event
        ReadOnly,      ///< the file or its directory is not writable
        Corrupt,       ///< not an SQLite file, or it fails its integrity check
        Foreign,       ///< a valid SQLite database that belongs to another program
        TooNew,        ///< written by a newer Town Hall (schema version above ours)
        DiskFull,      ///< SQLite reported SQLITE_FULL (disk or max_page_count)
        Busy,          ///< another process holds the database lock
        Conflict,      ///< the write contradicts what is stored (duplicate id, seq gap)
        Invalid,       ///< malformed input (import lines, empty names, bad event id)
        Unauthorized,  ///< unknown or revoked agent token
        Sql,           ///< any other SQLite failure
    };

    Code code = Code::Sql;
    QString message;

    /// A short stable name of the code ("DISK_FULL"), for logs and tests.
    static const char *codeName(Code code);
};

/// Minimal expected<T, StoreError> (std::expected is C++23).
template<typename T>
class [[nodiscard]] StoreResult
{
public:
    StoreResult(T value) : m_v(std::in_place_index<0>, std::move(value)) {}
    StoreResult(StoreError error) : m_v(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(m_v); }
    const T &value() const & { return std::get<0>(m_v); }
    T &&value() && { return std::get<0>(std::move(m_v)); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const StoreError &error() const { return std::get<1>(m_v); }

private:
    std::variant<T, StoreError> m_v;
};

/// Success carries nothing.
template<>
class [[nodiscard]] StoreResult<void>
{
public:
    StoreResult() = default;
    StoreResult(StoreError error) : m_error(std::move(error)) {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const StoreError &error() const { return *m_error; }

private:
    std::optional<StoreError> m_error;
};

} // namespace townhall::host
