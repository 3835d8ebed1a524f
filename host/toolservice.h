// SPDX-License-Identifier: MIT
#pragma once

/// \file toolservice.h
/// The match tools and wait_for_turn, as the host answers them:
/// the lobby's queue tools, reads of projections and events, and a seated
/// player's commands, with idempotency keys, the read limit, degraded mode
/// and commit before visible (a result is shown only once what it depends
/// on is stored).

#include "engine/lobby.h"
#include "engine/projection.h"
#include "host/commitpipeline.h"
#include "host/idempotency.h"
#include "host/readlimiter.h"
#include "host/statecache.h"
#include "host/storagehealth.h"
#include "host/tools.h"
#include "mcp/backend.h"

#include <QCoro/QCoroTask>

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace townhall::host {

using json = nlohmann::json;

class Store;

/// The identity behind a tool call.
struct Caller
{
    std::string agentId; ///< empty: an anonymous spectator
    std::string displayName;
    /// The MCP session the call came through: anonymous spectators have no
    /// agent, so their read limits are kept per session.
    std::string sessionKey;
    /// The caller writes results with mcp::writeJson (the HTTP transport):
    /// get_state may then return its `state` as raw JSON from the state cache.
    bool rawJson = false;
};

class ToolService
{
public:
    /// The host's parts the tools work with, and what they tell the host.
    struct Context
    {
        engine::Lobby &lobby;
        CommitPipeline &pipeline;
        IdempotencyCache &idempotency;
        ReadLimiter &reads;
        StorageHealth &storage;
        std::function<engine::TimeMs()> clock;
        bool rateLimits = true;
        /// The store, once no commit runs on it (nullptr: nothing is stored).
        std::function<Store *()> store;
        /// queue.join filled a table.
        std::function<void(engine::Match &)> matchStarted;
        std::function<void()> queueChanged;
        QObject *context = nullptr; ///< wait_for_turn's timers live in its thread
    };

    /// wait_for_turn calls that may wait at once, overall and per agent (per
    /// session for anonymous callers); more get RATE_LIMITED. Each holds an
    /// HTTP connection: with the transport's 128 event streams, 96 waits leave
    /// 32 of its 256 connections to short requests such as `initialize`.
    static constexpr int MaxWaits = 96;
    static constexpr int MaxWaitsPerCaller = 4;
    /// Immediate wait_for_turn answers remembered, to tell a repeat (bounded:
    /// the memory is cleared when it holds more).
    static constexpr std::size_t MaxRememberedReturns = 10000;

    explicit ToolService(Context ctx);
    ~ToolService();
    ToolService(const ToolService &) = delete;
    ToolService &operator=(const ToolService &) = delete;

    /// Runs `tool` (a dotted name) for `caller`. Arguments are schema-valid
    /// with defaults filled in (the MCP layer did it).
    QCoro::Task<mcp::ToolResult> call(Caller caller, std::string tool, json args);

    /// Committed events of `matchId` were published: wakes its wait_for_turn callers.
    void published(const std::string &matchId);
    /// What is cached from the matches' states is stale (a rollback).
    void dropCaches() { m_stateCache.clear(); }

private:
    mcp::ToolResult dispatch(const Caller &caller, Tool tool, const json &args);
    mcp::ToolResult queueJoin(const Caller &caller, const json &args);
    mcp::ToolResult queueLeave(const Caller &caller, const json &args);
    mcp::ToolResult queueStatus(const Caller &caller, const json &args);
    mcp::ToolResult matchesList(const json &args);
    mcp::ToolResult getState(const Caller &caller, const json &args);
    /// `{ok, serverTime[, changed], state, error}` for get_state and wait_for_turn.
    json stateResult(const Caller &caller,
                     const engine::Match &m,
                     const engine::Viewer &viewer,
                     const engine::StateOptions &opts,
                     std::optional<bool> changed);
    mcp::ToolResult eventsGet(const Caller &caller, const json &args);
    mcp::ToolResult matchCommand(const Caller &caller, const std::string &tool, const json &args);
    QCoro::Task<mcp::ToolResult> waitForTurn(Caller caller, json args);
    std::string requiredSignature(const engine::Match &m, const std::string &playerId) const;
    /// One wait_for_turn caller's view of a match (toolservice.cpp).
    class TurnView;
    /// An answer given at once without progress since the last one is a
    /// read, and waits its turn as reads do: the refusal, if any.
    std::optional<mcp::ToolError> limitedRead(const std::string &limitKey, const char *why);
    /// Remembers an answer given at once (`mark`: what the caller can tell
    /// apart); the same one again is limited as a read.
    std::optional<mcp::ToolError> repeatedAnswer(const std::string &limitKey,
                                                 const std::string &cursorKey,
                                                 const std::string &mark);
    /// RATE_LIMITED when the server, or this caller, holds all the waits it may.
    std::optional<mcp::ToolError> refuseWait(const std::string &limitKey) const;
    /// The state the wait ends with; moves the caller's cursor to what it saw.
    json waitAnswer(const Caller &caller,
                    const std::string &matchId,
                    const engine::Match &m,
                    const TurnView &view,
                    const json &args,
                    std::uint64_t messagesAfter,
                    bool changed,
                    const std::string &cursorKey);

    /// `co_await nextPublication(id, timeout)`: resumes (true) when committed
    /// events of the match are published, or (false) after `timeout`.
    class ChangeAwaiter;
    ChangeAwaiter nextPublication(std::string matchId, std::chrono::milliseconds timeout);

    Context m_ctx;
    std::vector<ChangeAwaiter *> m_changeWaiters; // wait_for_turn callers
    std::uint64_t m_publishCount = 0;             // publications so far
    /// wait_for_turn: (caller, match) → the seq its last answer showed.
    std::map<std::string, std::uint64_t> m_waitCursors;
    /// wait_for_turn: (caller, match) → the match as its last answer given at
    /// once found it. The same again, with no progress between, is a read like
    /// any other (ReadLimiter): 30,000 such calls in 45 s grew the call log by 107 MB.
    std::map<std::string, std::string> m_immediateReturns;
    int m_waiting = 0;                      ///< wait_for_turn calls waiting
    std::map<std::string, int> m_waitingBy; ///< per ReadLimiter key
    /// Counts a waiting wait_for_turn for as long as it lives.
    class WaitSlot;
    StateCache m_stateCache; ///< get_state's `state`, serialized, for rawJson callers
};

} // namespace townhall::host
