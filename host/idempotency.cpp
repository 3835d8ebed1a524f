// SPDX-License-Identifier: MIT
#include "host/idempotency.h"

#include "engine/rng.h"

#include <cstdio>

namespace townhall::host {

std::string IdempotencyCache::argsHash(const nlohmann::json &args)
{
    nlohmann::json bare = args;
    bare.erase("idempotencyKey");
    const std::string dumped = bare.dump();
    char buf[17];
    std::snprintf(buf,
                  sizeof buf,
                  "%016llx",
                  static_cast<unsigned long long>(engine::fnv1a(dumped.data(), dumped.size())));
    return buf;
}

std::optional<IdempotencyCache::Hit> IdempotencyCache::find(const std::string &scope,
                                                            const std::string &agentId,
                                                            const std::string &key,
                                                            const StoreLookup &stored) const
{
    if (auto it = m_entries.find(cacheKey(scope, agentId, key)); it != m_entries.end())
        return it->second;
    if (stored)
        return stored(scope, key, agentId);
    return std::nullopt;
}

IdempotencyRecord IdempotencyCache::remember(const std::string &scope,
                                             const std::string &agentId,
                                             const std::string &key,
                                             std::string argsHash,
                                             std::string resultJson,
                                             std::optional<std::string> matchId)
{
    m_entries[cacheKey(scope, agentId, key)] = Hit{argsHash, resultJson};
    return IdempotencyRecord{
        scope, key, agentId, std::move(matchId), std::move(argsHash), std::move(resultJson), 0};
}

} // namespace townhall::host
