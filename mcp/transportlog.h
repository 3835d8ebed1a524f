// SPDX-License-Identifier: MIT
#pragma once

/// \file transportlog.h
/// The logging category of the MCP transport (HTTP server, SSE, stdio bridge).

#include <QLoggingCategory>

namespace townhall::mcp {
Q_DECLARE_LOGGING_CATEGORY(lcTransport)
} // namespace townhall::mcp
