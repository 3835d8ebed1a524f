// SPDX-License-Identifier: MIT
#pragma once

/// \file idempotency.h
/// Idempotency keys: a retried call with the same key and
/// the same arguments gets the first call's result; with other arguments it
/// is refused. Keys are scoped to (tool, agent). Results are kept in memory
/// for the host's life and stored with the call's events, so they survive a
/// restart; a key not in memory is looked up in the store.

#include "host/store/batch.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace townhall::host {

class IdempotencyCache
{
public:
    /// What a key answered before.
    struct Hit
    {
        std::string argsHash;
        std::string resultJson;
    };
    /// Looks a key up in the store (the in-memory map missed).
    using StoreLookup = std::function<std::optional<Hit>(
        const std::string &scope, const std::string &key, const std::string &agentId)>;

    /// A hash of the arguments without the key itself, to tell a retry from a reuse.
    static std::string argsHash(const nlohmann::json &args);

    std::optional<Hit> find(const std::string &scope,
                            const std::string &agentId,
                            const std::string &key,
                            const StoreLookup &stored) const;
    /// Keeps a result; the record goes into the next batch, with the call's events.
    IdempotencyRecord remember(const std::string &scope,
                               const std::string &agentId,
                               const std::string &key,
                               std::string argsHash,
                               std::string resultJson,
                               std::optional<std::string> matchId);
    /// Forgets what a failed batch would have stored.
    void forget(const IdempotencyRecord &r)
    {
        m_entries.erase(cacheKey(r.scope, r.agentId, r.key));
    }
    std::size_t size() const { return m_entries.size(); }

private:
    static std::string
    cacheKey(const std::string &scope, const std::string &agentId, const std::string &key)
    {
        return scope + "|" + agentId + "|" + key;
    }
    std::map<std::string, Hit> m_entries;
};

} // namespace townhall::host
