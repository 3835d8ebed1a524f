// SPDX-License-Identifier: MIT
#pragma once

/// \file pushseat.h
/// A seat played by a push agent: a program Town Hall calls instead of one
/// that calls Town Hall, over JSON-RPC 2.0 on HTTP POST (initialize,
/// werewolf_action, seer_action, witch_action, hunter_action, discuss, vote,
/// defend, game_over). The push seat is a seat driver like the bot and the
/// model's pilot: the seat loop gives it turns with its player's projection
/// and the events that player may read, and what the agent answers becomes
/// the tool call of a later turn, sent on the one recorded path every driven
/// seat uses, so the recorder and the inspector see it.
///
/// Every request is built from that projection alone: the player's own
/// role, its wolf teammates if it is a wolf, its own night results, and the
/// public events. Player ids on the wire are seat numbers.
///
/// Every request has a deadline; a timeout, an HTTP error or an answer that
/// is not a JSON-RPC response to the request means the default (no night
/// action, no potion, an abstention, a skipped speech). An error object with
/// code 1001 (invalid target) or 1004 (bad data) abstains, 1002 (invalid
/// action) takes the default, 1003 (internal error) a random legal choice.

#include "engine/rng.h"
#include "engine/seats.h"
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
    engine::RuleSet rules;  ///< the table's rules (public), for initialize
    std::uint64_t seed = 1; ///< for error 1003's random choice
    /// Called after the stats changed (on the seat's thread); may come after the seat is gone.
    std::function<void()> changed;
};

class PushSeat final : public engine::SeatDriver
{
public:
    /// The requests use an HTTP client of their own (providers/peerhttp.h),
    /// read on this thread under a byte cap.
    explicit PushSeat(PushSeatOptions options);
    ~PushSeat() override;
    PushSeat(const PushSeat &) = delete;
    PushSeat &operator=(const PushSeat &) = delete;

    Step onTurn(const engine::StateView &view,
                const std::vector<const engine::Event *> &news,
                engine::TimeMs now) override;
    void onResult(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error) override;
    void onAnswer(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error,
                  const nlohmann::json &body) override;
    void onEnded(const engine::StateView &view,
                 const std::vector<const engine::Event *> &news,
                 engine::TimeMs now) override;
    bool settling() const override { return m_ended && !m_finished; }

    const PushStats &stats() const { return *m_stats; }
    /// The same, shared: it goes on counting while the seat plays and stays
    /// readable after the seat is gone.
    std::shared_ptr<const PushStats> sharedStats() const { return m_stats; }
    /// A request, a tool call or a wait is under way, or an answer waits for its turn.
    bool busy() const;
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
    /// What the agent said to a request, waiting for the turn that acts on it.
    struct Answer
    {
        Key key;
        std::optional<nlohmann::json> result;
        int errorCode = 0;
    };
    /// A tool call decided, to send on a turn (again, after a rate limit).
    struct Decided
    {
        Key key;
        engine::ToolCall call;
        bool mayRetry = false;
    };

    std::optional<Key> due(const engine::StateView &view) const;
    /// The call this turn sends, if any, from what is waiting for it.
    std::optional<engine::ToolCall> pending(const std::optional<Key> &key,
                                            const engine::StateView &view);
    void post(const Key &key,
              const engine::StateView &view,
              engine::TimeMs now,
              const std::optional<std::string> &lastError = {});
    void send(const Key &key, const nlohmann::json &params);
    void answered(const Key &key, std::optional<nlohmann::json> result, int errorCode);
    /// The tool call for an answer, or nullopt (abstain / nothing to send).
    std::optional<engine::ToolCall> callFor(const Key &key, const nlohmann::json &result) const;
    std::optional<engine::ToolCall> defaultFor(const Key &key) const;
    std::optional<engine::ToolCall> randomFor(const Key &key, const engine::StateView &view);
    /// The match's events this player may read, kept as they arrive.
    void absorb(const std::vector<const engine::Event *> &news);
    /// Asks the seat loop for a turn (never from inside a turn).
    void wakeSoon();
    void notify() const;

    nlohmann::json params(const Key &key, const engine::StateView &view, engine::TimeMs now) const;

    PushSeatOptions m_options;
    std::unique_ptr<QObject> m_context; ///< guards callbacks
    std::shared_ptr<PushStats> m_stats = std::make_shared<PushStats>();
    engine::Rng m_rng;
    std::vector<engine::Event> m_seen; ///< what the player may read, in order
    std::set<Key> m_done;              ///< things to do already started
    std::set<Key> m_retried;           ///< things to do whose refused call was asked again (once)
    std::map<Key, int> m_rateWaits;    ///< rate-limit waits before a call was sent again
    std::optional<Key> m_request;      ///< a request to the agent under way
    std::optional<Answer> m_answer;
    std::optional<Decided> m_decided;                   ///< to send on the next turn
    std::optional<Decided> m_sending;                   ///< sent, its answer not in yet
    std::optional<std::pair<Key, std::string>> m_retry; ///< ask again, with why it was refused
    bool m_waiting = false;                             ///< a rate limit's wait
    bool m_initialized = false;
    bool m_ended = false;
    std::optional<engine::StateView> m_endView; ///< game_over waits for a request under way
    bool m_finished = false;
    int m_nextId = 0;
};

} // namespace townhall::host
