// SPDX-License-Identifier: MIT
#pragma once

/// \file backend.h
/// What the MCP dispatcher needs from the host: who is calling, what a tool
/// call does, and the per-agent phase brief. The host implements it on top of
/// the engine; tests implement it with scripted doubles. The dispatcher does
/// all JSON-RPC/MCP work (validation, naming, result envelopes) before and
/// after, so an implementation only ever sees canonical names and arguments
/// that already conform to the tool's inputSchema.

#include "handler.h"

#include "base/expected.h"

#include <QCoro/QCoroTask>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace townhall::mcp {

/// Error codes the host adds to the engine's (engine/types.h ErrorCode, whose
/// string forms are used as is). They travel in `error.code` of tool results.
namespace hostcodes {
/// No agent identity: unknown bearer token, or a guest while guests are disabled.
inline constexpr const char *Unauthenticated = "UNAUTHENTICATED";
/// The idempotencyKey was already used for a different call.
inline constexpr const char *IdempotencyKeyReused = "IDEMPOTENCY_KEY_REUSED";
/// Arguments that violate the inputSchema, reported as a tool result for
/// sessions at protocol 2025-11-25 (SEP-1303). Same string as the engine's.
inline constexpr const char *InvalidArgument = "INVALID_ARGUMENT";
} // namespace hostcodes

/// A business-rule refusal. Sent to the agent as a tool result
/// with `isError: true`, never as a JSON-RPC error.
struct ToolError
{
    std::string code;    ///< e.g. "WRONG_PHASE", "UNAUTHENTICATED"
    std::string message; ///< one sentence the model can act on
    /// True only if the same call can succeed later unchanged (rate limit, a
    /// phase that has not come yet).
    bool retryable = false;
    std::optional<std::int64_t> retryAfterMs; ///< for rate limits and turns

    /// `{code, message, retryable[, retryAfterMs]}`.
    json toJson() const
    {
        json j{{"code", code}, {"message", message}, {"retryable", retryable}};
        if (retryAfterMs)
            j["retryAfterMs"] = *retryAfterMs;
        return j;
    }
};

/// A value or a ToolError.
template<typename T>
using Outcome = base::Expected<T, ToolError>;

/// The outcome of a tool call. On success, the tool's complete structured
/// output, conforming to its outputSchema (for the seed's tools that means
/// `ok: true`, `serverTime`, the tool's fields and `error: null`). Parts of it
/// may be raw JSON (mcp/jsonwrite.h rawJson(), already serialized text) for
/// sessions whose replies the transport writes: the dispatcher and the
/// transport splice it; in-process callers get plain trees.
using ToolResult = Outcome<json>;

/// The host side of the MCP server.
///
/// All methods are called on the dispatcher's thread. The coroutines may
/// suspend (wait_for_turn does); the dispatcher keeps the session alive while
/// they run. They must not throw: an escaping exception becomes a JSON-RPC
/// internal error (-32603) and is logged.
class Backend
{
public:
    virtual ~Backend() = default;

    /// Resolves who is calling, once per session, during `initialize` (the
    /// transport has already set `bearerToken`; the dispatcher has set
    /// `clientName`/`clientVersion` from clientInfo).
    ///
    /// On success, fill `session.agentId` and `session.displayName` (and
    /// `session.guest` for a guest identity derived from clientInfo) and return
    /// nullopt. Otherwise return the reason, normally code UNAUTHENTICATED
    /// ("unknown token", "guests are disabled on this server"): the session
    /// still works as a spectator. Read-only tools (readOnlyHint) are called
    /// with an empty agentId and must answer with the public view; every other
    /// tool is refused by the dispatcher with this error, without calling you.
    virtual std::optional<ToolError> authenticate(Session &session) = 0;

    /// Runs one tool. `canonicalName` is the dotted name; `validatedArgs`
    /// conforms to the inputSchema and has the schema defaults filled in.
    /// Non-read-only tools are only called for sessions with an agentId.
    ///
    /// Besides the seed's tools, this also serves the dispatcher's own reads:
    /// `resources/read` of `townhall://match/{id}/state` calls
    /// `et.werewolf.match.get_state` (and uses `state`), and `resources/list`
    /// calls `et.werewolf.matches.list` to list the active matches.
    virtual QCoro::Task<ToolResult> callTool(std::shared_ptr<Session> session,
                                             const std::string &canonicalName,
                                             const json &validatedArgs)
        = 0;

    /// The text of the `phase-brief` prompt: the calling agent's brief for
    /// `matchId` (engine::phaseBrief). Only called for authenticated sessions.
    /// Errors (MATCH_NOT_FOUND, NOT_IN_MATCH) become JSON-RPC -32602 errors
    /// carrying the ToolError in `data`.
    virtual QCoro::Task<Outcome<std::string>> phaseBrief(std::shared_ptr<Session> session,
                                                         const std::string &matchId)
        = 0;

    /// A session ended (DELETE, idle expiry, legacy stream lost). Optional:
    /// drop per-session state such as guest identities or pending waits.
    virtual void sessionClosed(const std::shared_ptr<Session> &session) { (void)session; }
};

} // namespace townhall::mcp
