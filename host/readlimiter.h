// SPDX-License-Identifier: MIT
#pragma once

/// \file readlimiter.h
/// The read tools' rate limit: at most 2 state or event reads
/// per second per agent, as a token bucket of 2. Anonymous spectators have no
/// identity to share, so their buckets are kept per MCP session: a flooding
/// spectator cannot lock the others out.

#include "engine/types.h"
#include "mcp/backend.h"

#include <map>
#include <optional>
#include <string>

namespace townhall::host {

class ReadLimiter
{
public:
    static constexpr double PerSecond = 2.0;
    static constexpr double Burst = 2.0;

    /// The bucket of an agent, or of an anonymous session.
    static std::string keyFor(const std::string &agentId, const std::string &sessionKey)
    {
        return agentId.empty() ? "session:" + sessionKey : agentId;
    }

    /// Takes one read from `key`'s bucket at `now`; RATE_LIMITED (with the
    /// wait until the next token) when it is empty.
    std::optional<mcp::ToolError> take(const std::string &key, engine::TimeMs now);
    /// Drops a bucket (its session ended).
    void forget(const std::string &key) { m_buckets.erase(key); }
    std::size_t size() const { return m_buckets.size(); }

private:
    struct Bucket
    {
        double tokens = Burst;
        engine::TimeMs at = 0;
    };
    std::map<std::string, Bucket> m_buckets;
};

} // namespace townhall::host
