// SPDX-License-Identifier: MIT
#pragma once

/// \file pushseat.h
/// A seat played by a push agent: a program Town Hall calls (seed 002's
/// protocol) instead of one that calls Town Hall. The push seat watches its
/// player's match and, at the moments of seed 002 §6, sends the agent a
/// JSON-RPC 2.0 request over HTTP POST (initialize, werewolf_action,
/// seer_action, witch_action, hunter_action, discuss, vote, defend,
/// game_over). What the agent answers becomes a tool call that goes through
/// the same tool path as any MCP agent's, so the recorder and the inspector
/// see it.
///
/// Every payload is built from what the player may know: its own role, its
/// wolf teammates if it is a wolf, its own night results, and the public
/// events. Player ids on the wire are seat numbers.
///
/// Seed 002 §5: every call has a deadline; a timeout, an HTTP error or an
/// answer that is not a JSON-RPC response to the call means the default (no
/// night action, no potion, an abstention, a skipped speech). An error object
/// with code 1001 (invalid target) or 1004 (bad data) abstains, 1002 (invalid
/// action) takes the default, 1003 (internal error) a random legal choice.

#include "engine/match.h"
#include "engine/rng.h"
#include "engine/toolcalls.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QUrl>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

class QNetworkAccessManager;
class QObject;

namespace townhall::host {

/// Where a push agent listens. The token is a secret: it is sent only as the
/// Authorization header and never logged, stored or shown.
struct PushEndpoint
{
    static constexpr int DefaultDeadlineMs = 8000;
    static constexpr int MinDeadlineMs = 1000;
    static constexpr int MaxDeadlineMs = 60000;
    /// An answer is a JSON-RPC object with a target, an action or a speech:
    /// a few hundred bytes, a few KiB with a long speech. One past this is
    /// cut off while it arrives and counted as malformed, so an agent that
    /// streams without end or sends 150 MB costs the host about this much.
    static constexpr qint64 MaxAnswerBytes = 1024 * 1024;

    QUrl url;
    QString token;
    int deadlineMs = DefaultDeadlineMs;

    /// An empty string when the endpoint can be used, else why not (for people).
    QString validate() const;
};

/// What became of a push seat's calls, for the UI (like the pilot's log).
struct PushStats
{
    int calls = 0;      ///< requests sent
    int answered = 0;   ///< valid JSON-RPC results
    int timeouts = 0;   ///< no answer within the deadline
    int httpErrors = 0; ///< connection refused, HTTP status not 2xx, a redirect (never followed)
    int malformed = 0;  ///< not JSON, nested too deep, over MaxAnswerBytes, not JSON-RPC, wrong id,
                        ///< wrong types
    std::map<int, int> agentErrors;      ///< error objects by code (1001…1004, others)
    std::map<std::string, int> byMethod; ///< requests by method
    int refused = 0;                     ///< tool calls the match refused
    int rateWaits = 0;    ///< calls held for the chat rate limit and sent again when it lifted
    int defaults = 0;     ///< times the seed's default was taken instead of an answer
    qint64 latencyMs = 0; ///< summed over answered requests

    int failures() const;
};

struct PushSeatOptions
{
    std::string matchId;
    std::string playerId;
    PushEndpoint endpoint;
    std::uint64_t seed = 1; ///< for error 1003's random choice
    std::function<engine::TimeMs()> clock;
    /// Called after the stats changed (on the seat's thread); may come after the seat is gone.
    std::function<void()> changed;
};

class PushSeat final
{
public:
    using MatchLookup = std::function<const engine::Match *()>;
    /// The tool's answer: ok, and its result or error object.
    using Done = std::function<void(bool ok, const nlohmann::json &body)>;
    /// Sends a tool call for this seat's player through the host's tool path.
    using Send = std::function<void(const engine::ToolCall &call, Done done)>;

    /// The calls use an HTTP client of their own (providers/peerhttp.h), read
    /// on this thread under a byte cap; `nam` is not used any more and stays
    /// for the callers that pass one.
    PushSeat(PushSeatOptions options,
             MatchLookup match,
             Send send,
             QNetworkAccessManager *nam = nullptr);
    ~PushSeat();
    PushSeat(const PushSeat &) = delete;
    PushSeat &operator=(const PushSeat &) = delete;

    /// The match changed: calls the agent if its player has something to do.
    void update();

    const PushStats &stats() const { return *m_stats; }
    /// A request or a tool call is under way.
    bool busy() const { return m_busy; }
    /// game_over was sent and answered (or failed).
    bool finished() const { return m_finished; }
    const std::string &playerId() const { return m_options.playerId; }

    /// "p:3" → 3; -1 for anything else.
    static int seatOf(const std::string &playerId);

private:
    enum class Job {
        None,
        Init,
        Ready,
        Wolf,
        Seer,
        Witch,
        Hunter,
        Speak,
        Discuss,
        Vote,
        Defend,
        GameOver
    };
    struct Key
    {
        Job job = Job::None;
        engine::Phase phase = engine::Phase::Lobby;
        int day = 0;
        int n = 0;
        bool operator==(const Key &) const = default;
        bool operator<(const Key &o) const
        {
            return std::tie(job, phase, day, n) < std::tie(o.job, o.phase, o.day, o.n);
        }
    };

    std::optional<Key> due(const engine::Match &m) const;
    bool stillDue(const Key &key) const;
    void
    start(const Key &key, const engine::Match &m, const std::optional<QString> &lastError = {});
    void post(const Key &key, const std::string &method, nlohmann::json params);
    void answered(const Key &key,
                  const std::string &method,
                  std::optional<nlohmann::json> result,
                  int errorCode);
    /// The tool call for an answer, or nullopt (abstain / nothing to send).
    std::optional<engine::ToolCall> callFor(const Key &key, const nlohmann::json &result) const;
    std::optional<engine::ToolCall> defaultFor(const Key &key) const;
    std::optional<engine::ToolCall> randomFor(const Key &key);
    void sendTool(const Key &key, const engine::ToolCall &call, bool mayRetry);
    /// Sends `call` again after the rate limit's retryAfterMs (real time),
    /// while it is still due; false when the refusal was not a rate limit
    /// or the seat has waited often enough for this thing to do.
    bool resendAfterRateLimit(const Key &key,
                              const engine::ToolCall &call,
                              bool mayRetry,
                              const nlohmann::json &error);
    void finish(const Key &key);
    void notify() const;

    nlohmann::json params(const Key &key, const engine::Match &m) const;

    PushSeatOptions m_options;
    MatchLookup m_match;
    Send m_send;
    std::unique_ptr<QObject> m_context; ///< guards callbacks
    std::shared_ptr<PushStats> m_stats = std::make_shared<PushStats>();
    engine::Rng m_rng;
    std::map<Key, bool> m_done;     ///< things to do already started
    std::set<Key> m_retried;        ///< things to do whose refused call was asked again (once)
    std::map<Key, int> m_rateWaits; ///< rate-limit waits before a call was sent again
    bool m_busy = false;
    bool m_initialized = false;
    bool m_finished = false;
    int m_nextId = 0;
};

} // namespace townhall::host
