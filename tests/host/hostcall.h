// SPDX-License-Identifier: MIT
#pragma once

/// Calls a host's tool layer from a test, as the MCP layer would, and waits
/// for the answer (running the event loop meanwhile).

#include "host/host.h"

#include <QCoro/QCoroTask>
#include <QTest>

#include <optional>

namespace townhall::test {

/// Starts the call; `*out` holds the result once it is answered.
inline QCoro::Task<> runTool(host::Host *h,
                             host::Caller c,
                             std::string tool,
                             nlohmann::json args,
                             std::optional<mcp::ToolResult> *out)
{
    mcp::ToolResult r = co_await h->callTool(std::move(c), std::move(tool), std::move(args));
    out->emplace(std::move(r));
}

inline mcp::ToolResult
callTool(host::Host &h, const host::Caller &c, const std::string &tool, nlohmann::json args)
{
    std::optional<mcp::ToolResult> out;
    QCoro::waitFor(runTool(&h, c, tool, std::move(args), &out));
    return std::move(*out);
}

/// Calls until the answer is not STORAGE_FAILED, waiting what it asks
/// (retryAfterMs) in between, as a client told to retry would; at most 20 tries.
inline mcp::ToolResult callUntilStored(host::Host &h,
                                       const host::Caller &c,
                                       const std::string &tool,
                                       const nlohmann::json &args)
{
    mcp::ToolResult r = callTool(h, c, tool, args);
    for (int i = 0; i < 20 && !r.ok() && r.error().code == "STORAGE_FAILED"; ++i) {
        QTest::qWait(static_cast<int>(r.error().retryAfterMs.value_or(100)));
        r = callTool(h, c, tool, args);
    }
    return r;
}

} // namespace townhall::test
