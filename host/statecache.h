// SPDX-License-Identifier: MIT
#pragma once

/// \file statecache.h
/// The `state` object of get_state, serialized once per match seq and viewer.
/// Every caller at the same seq with the same viewer and options gets the same
/// bytes, so the host keeps them as raw JSON (mcp/jsonwrite.h) and a reply
/// costs a copy instead of a projection, a tree, two dumps and the frees.

#include "engine/projection.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace townhall::host {

class StateCache
{
public:
    /// Most entries kept; past this the cache starts over. One entry per
    /// (match, viewer, options) in use, so the bound is only reached by many
    /// live matches or callers cycling through option values. An entry holds
    /// its text twice (plain and escaped): 3-20 KB, so at most a few MiB.
    static constexpr std::size_t MaxEntries = 512;

    /// `engine::toJson(engine::stateView(m, viewer, opts))` as a raw-JSON node
    /// (text and escaped text). Rebuilt when the match's seq moved, or when
    /// `m` is not the Match object the entry was built from.
    nlohmann::json
    get(const engine::Match &m, const engine::Viewer &viewer, const engine::StateOptions &opts);

    /// Forget everything: call when a match may have gone back to an earlier
    /// seq with a different history (the host's rollback after a failed commit).
    void clear() { m_entries.clear(); }

    std::size_t size() const { return m_entries.size(); }
    /// Entries built since construction (for tests).
    std::uint64_t builds() const { return m_builds; }

private:
    struct Entry
    {
        const engine::Match *match = nullptr;
        std::uint64_t seq = 0;
        nlohmann::json raw;
    };

    std::unordered_map<std::string, Entry> m_entries;
    engine::StateView m_view; ///< reused between builds (its buffers)
    std::string m_key;
    std::uint64_t m_builds = 0;
};

} // namespace townhall::host
