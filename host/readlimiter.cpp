// SPDX-License-Identifier: MIT
#include "host/readlimiter.h"

#include <algorithm>

namespace townhall::host {

std::optional<mcp::ToolError> ReadLimiter::take(const std::string &key, engine::TimeMs now)
{
    Bucket &b = m_buckets[key];
    if (b.at == 0)
        b.at = now;
    b.tokens = std::min(Burst, b.tokens + static_cast<double>(now - b.at) * PerSecond / 1000.0);
    b.at = now;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return std::nullopt;
    }
    const auto wait = static_cast<std::int64_t>((1.0 - b.tokens) * 1000.0 / PerSecond) + 1;
    return mcp::ToolError{
        "RATE_LIMITED", "read tools are limited to 2 calls per second", true, wait};
}

} // namespace townhall::host
