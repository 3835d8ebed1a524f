// SPDX-License-Identifier: MIT
#pragma once

/// \file tools.h
/// What the host needs to know about each tool (engine::Tool). A name is
/// looked up once, at the edge; everything after works with the value.

#include "engine/toolcalls.h"

namespace townhall::host {

using engine::Tool;
using engine::toolByName;
using engine::toolName;
using engine::ToolNames;

/// Rate-limited reads (two per second per agent).
constexpr bool isRead(Tool t)
{
    return t == Tool::GetState || t == Tool::EventsGet;
}

/// Tools that change nothing: answered in degraded mode from what is stored.
constexpr bool changesNothing(Tool t)
{
    return isRead(t) || t == Tool::QueueStatus || t == Tool::MatchesList || t == Tool::WaitForTurn;
}

/// Tools whose retries are answered from the stored result: every tool that
/// changes something, chat included (a retried lost response must not post
/// twice).
constexpr bool isIdempotent(Tool t)
{
    return !changesNothing(t);
}

} // namespace townhall::host
