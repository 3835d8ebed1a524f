// SPDX-License-Identifier: MIT
#pragma once

/// Calls a host's tool layer from a test, as the MCP layer would, and waits
/// for the answer (running the event loop meanwhile).

#include "app/host.h"

#include <QCoro/QCoroTask>

#include <optional>

namespace townhall::test {

/// Starts the call; `*out` holds the result once it is answered.
inline QCoro::Task<> runTool(app::Host *h, app::Caller c, std::string tool, nlohmann::json args,
                             std::optional<mcp::ToolResult> *out)
{
    mcp::ToolResult r = co_await h->callTool(std::move(c), std::move(tool), std::move(args));
    out->emplace(std::move(r));
}

inline mcp::ToolResult callTool(app::Host &h, const app::Caller &c, const std::string &tool, nlohmann::json args)
{
    std::optional<mcp::ToolResult> out;
    QCoro::waitFor(runTool(&h, c, tool, std::move(args), &out));
    return std::move(*out);
}

} // namespace townhall::test
