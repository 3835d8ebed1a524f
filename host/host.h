// SPDX-License-Identifier: MIT
#pragma once

/// \file host.h
/// The host: the engine's lobby, the store, the built-in bots and the phase
/// timer, in one thread. Every change goes the same way: the engine decides
/// and appends events, the store commits them, and only then does anyone see
/// them: the calling agent's result, the UI's event batches, the MCP
/// resource notifications and the bots.
///
/// Commits run on the store's CommitThread, one batch at a time. While one
/// runs, the host goes on taking commands; their events form the next batch,
/// handed over as soon as the running commit ends. Each batch has a number
/// (its generation): a caller waits until the batch holding its events (and
/// every earlier one) is committed. A failed commit fails its batch and the
/// one gathered behind it, and rolls their matches back to the store.

#include "host/statecache.h"
#include "host/store/committhread.h"
#include "host/store/store.h"
#include "engine/bot.h"
#include "engine/lobby.h"
#include "mcp/backend.h"

#include <QCoro/QCoroTask>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace townhall::host {

using json = nlohmann::json;

/// Events of one match after they were committed, shared read-only with the
/// UI thread.
using EventBatch = std::shared_ptr<const std::vector<engine::Event>>;

struct HostOptions
{
    QString dbPath;            ///< empty: the default path; ":memory:" keeps nothing
    bool durable = false;      ///< synchronous=FULL
    double speed = 1.0;        ///< timer speed factor for new matches
    bool guests = true;        ///< sessions without a token play as guests
    bool rateLimits = true;    ///< §8.6 limits (benchmarks switch them off)
    std::optional<std::uint64_t> seed;  ///< lobby seed; random when unset
    std::function<engine::TimeMs()> clock;  ///< defaults to the system clock
    /// How long a commit waits for another process's write lock (a
    /// `townhall import` on the same file) before it fails.
    int busyTimeoutMs = 5000;
    /// Tests: runs on the commit thread before each commit (to hold one back).
    std::function<void()> beforeCommit;
    /// A batch of at most this many events is committed on the host's own
    /// thread when the commit thread is idle (synchronous=NORMAL only, and
    /// never with beforeCommit). At agents' real rates nearly every command
    /// is a batch of its own, and handing it over costs more than the commit:
    /// the commit thread is woken for it and this thread once more to answer
    /// (mcp_bench --pace). Under load batches are larger and go to the
    /// commit thread as before. 0: every batch goes to the commit thread.
    std::size_t commitHereUpTo = 8;
    /// A queued agent with no live session this long leaves the queue (a
    /// registered agent that reconnects within it keeps its place). 0: never.
    std::chrono::milliseconds queueGrace{60000};
};

/// The identity behind a tool call.
struct Caller
{
    std::string agentId;       ///< empty: an anonymous spectator
    std::string displayName;
    /// The MCP session the call came through: anonymous spectators have no
    /// agent, so their read limits are kept per session.
    std::string sessionKey;
    /// The caller writes results with mcp::writeJson (the HTTP transport):
    /// get_state may then return its `state` as raw JSON from the state cache.
    bool rawJson = false;
};

class Host final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Host)

public:
    explicit Host(HostOptions options, QObject *parent = nullptr);
    ~Host() override;

    /// Opens the store and recovers unfinished matches. False with a message
    /// that can be shown as is when the database cannot be used.
    bool start(QString *error);

    /// Runs one tool of seed 000 §8.5 (or wait_for_turn) for `caller`.
    /// Arguments are schema-valid with defaults filled in (the MCP layer did it).
    QCoro::Task<mcp::ToolResult> callTool(Caller caller, std::string tool, json args);

    /// Puts `n` built-in bots in the default queue.
    void addBots(int n);
    /// From now on, whenever a match takes bots from the default queue, new
    /// ones join until min(n, SeatCount - 1) bots wait again (0: stop), so an
    /// agent that queues again always finds a table. Bots alone never start
    /// a match this way.
    void keepBotsWaiting(int n);

    /// Whether an agent has a live session right now (a request in flight, an
    /// open stream, or a message within `within`). Set by the MCP service;
    /// without it only the agent's tool calls count.
    using PresenceProbe = std::function<bool(const std::string &agentId, std::chrono::milliseconds within)>;
    void setPresenceProbe(PresenceProbe probe) { m_presence = std::move(probe); }
    /// Takes out of the queue every agent that has had no live session for
    /// HostOptions::queueGrace (a LEFT record with reason "abandoned"). Runs
    /// on a timer; returns the display names it removed.
    QStringList sweepAbandonedQueue();
    /// Host controls of the UI (no agent can reach them).
    void pauseMatch(const std::string &matchId);
    void resumeMatch(const std::string &matchId);
    void skipPhase(const std::string &matchId);
    /// Breakpoints (engine::Match::setBreakpoints / step): stop as each phase
    /// begins or right before a vote is resolved; step plays one phase.
    void setBreakpoints(const std::string &matchId, engine::Breakpoints breakpoints);
    void stepMatch(const std::string &matchId);
    void setSpeed(double speed);
    double speed() const { return m_options.speed; }

    /// Routes the built-in bots' tool calls. The app points it at the MCP
    /// dispatcher, so bots go through the same tool layer as agents; by
    /// default they call callTool directly.
    using ToolGateway = std::function<QCoro::Task<mcp::ToolResult>(Caller, std::string, json)>;
    void setToolGateway(ToolGateway gateway) { m_gateway = std::move(gateway); }

    /// Identity and agents.
    std::optional<Caller> authenticate(const std::string &bearerToken);
    /// A session ended: drop its per-session state (read limits of anonymous
    /// spectators; of its guest agent, which no other session can be).
    void forgetSession(const std::string &sessionKey, const std::string &guestAgentId = {});
    bool guestsAllowed() const { return m_options.guests; }

    engine::Lobby &lobby() { return *m_lobby; }
    const engine::Lobby &lobby() const { return *m_lobby; }
    /// The store, once no commit runs on it (waits for one under way).
    Store *store();
    /// Batches committed on the host's own thread (HostOptions::commitHereUpTo).
    std::uint64_t commitsHere() const { return m_commitsHere; }
    engine::TimeMs now() const;
    bool rateLimits() const { return m_options.rateLimits; }

    /// The store setting that names the MCP endpoint the host serves.
    static constexpr const char *EndpointSetting = "mcp.endpoint";

    /// Messages the host wants shown (recovery, storage trouble).
    QStringList notices() const { return m_notices; }

Q_SIGNALS:
    /// Committed events of one match (all audiences: the receiver projects).
    void matchEvents(const QString &matchId, const townhall::host::EventBatch &batch);
    /// A match began (its first batch follows through matchEvents).
    void matchStarted(const QString &matchId);
    void matchEnded(const QString &matchId, const QString &winningTeam);
    /// The default queue changed: display names in order.
    void queueChanged(const QStringList &waiting);
    /// Something an agent could wait for changed in this match.
    void matchStateChanged(const QString &matchId);
    /// Storage began to fail: what was not stored was undone, and the host
    /// refuses changes until a retry succeeds (degraded mode). Once per outage.
    void storageFailed(const QString &message);
    /// A commit succeeded again after `failures` failed ones: the host takes
    /// changes again.
    void storageRecovered(int failures);
    void notice(const QString &message);
    /// An agent was taken out of the queue because it had gone (sweepAbandonedQueue).
    void queueAbandoned(const QString &displayName);

private:
    struct BotSeat
    {
        std::string agentId;
        std::string matchId;
        std::unique_ptr<engine::Bot> bot;
        std::uint64_t cursor = 0;
        std::optional<engine::TimeMs> wakeAt;
        bool busy = false;
    };
    struct ReadBucket
    {
        double tokens = 2;
        engine::TimeMs at = 0;
    };

    mcp::ToolResult dispatch(const Caller &caller, const std::string &tool, const json &args);
    mcp::ToolResult queueJoin(const Caller &caller, const json &args);
    mcp::ToolResult queueLeave(const Caller &caller, const json &args);
    mcp::ToolResult queueStatus(const Caller &caller, const json &args);
    mcp::ToolResult matchesList(const json &args);
    mcp::ToolResult getState(const Caller &caller, const json &args);
    /// `{ok, serverTime[, changed], state, error}` for get_state and wait_for_turn.
    json stateResult(const Caller &caller, const engine::Match &m, const engine::Viewer &viewer,
                     const engine::StateOptions &opts, std::optional<bool> changed);
    mcp::ToolResult eventsGet(const Caller &caller, const json &args);
    mcp::ToolResult matchCommand(const Caller &caller, const std::string &tool, const json &args);
    QCoro::Task<mcp::ToolResult> waitForTurn(Caller caller, json args);

    std::optional<mcp::ToolError> rateLimitRead(const Caller &caller);
    std::string requiredSignature(const engine::Match &m, const std::string &playerId) const;
    /// The events of `m` committed so far (the staged tail is not visible yet).
    std::uint64_t durableSeq(const engine::Match &m) const;
    void replenishBots();

    /// Adds the tail of a match's log (from `fromSeq`, exclusive) to the pending batch.
    void stage(engine::Match &m, std::uint64_t fromSeq);
    void stageLobby(const std::vector<engine::LobbyRecord> &records);
    /// Hands the pending batch to the store (unless a commit runs: its end
    /// hands it over). Without a store it is published at once. With
    /// `mayCommitHere` (the flush timer only: nothing of the host is on the
    /// stack) a small batch may be committed on this thread at once
    /// (HostOptions::commitHereUpTo).
    void flush(bool mayCommitHere = false);
    /// flush(), then waits for every commit (recovery, shutdown).
    void flushNow();
    void scheduleFlush();
    /// The generation a caller must wait for to see everything staged so far.
    std::uint64_t stagedGeneration() const { return m_pending.empty() ? m_issuedGen : m_issuedGen + 1; }
    /// `co_await committed(g)`: resumes once batch `g` is committed (true)
    /// or refused (false).
    class CommitAwaiter;
    CommitAwaiter committed(std::uint64_t generation);
    /// Resumes the callers whose batch ended; `ok` is how it ended.
    void resumeCommitWaiters(bool ok);
    /// `co_await nextPublication(id, timeout)`: resumes (true) when committed events of
    /// the match are published, or after `timeout`.
    class ChangeAwaiter;
    ChangeAwaiter nextPublication(std::string matchId, std::chrono::milliseconds timeout);
    /// A commit ended on the commit thread.
    void onCommitted();
    /// `batch` without its events (they are in the engine's logs, `spans` says where).
    void finishBatch(std::uint64_t generation, Batch batch, const std::vector<EventSpan> &spans,
                     const StoreResult<void> &result);
    /// Every event of the match is committed (bots act only then).
    bool settled(const engine::Match &m) const;
    /// Tells everyone about committed events (read from the engine's logs).
    void publish(const std::vector<EventSpan> &spans);
    /// Where a match's stored rows were last refreshed.
    struct RowMark
    {
        engine::Phase phase{};
        int day = 0;
        bool paused = false;
        std::uint64_t seq = 0;
    };
    /// The mark to write rows at, if this batch should refresh them.
    std::optional<RowMark> rowsDue(const engine::Match &m, const MatchWrite &w) const;
    /// Goes back to what is stored: the given matches (forgotten if they were
    /// never stored) and, with `lobby`, the queues.
    void rollbackTo(const std::vector<std::string> &matchIds, bool lobby);
    /// A commit failed: back off (degraded mode), report once per outage.
    void storageFault(const QString &message);
    bool lockDatabase(const QString &path, QString *error);
    /// A commit succeeded: leave degraded mode if in it.
    void storageWorks();
    /// In degraded mode, the refusal for a call that would change something.
    std::optional<mcp::ToolError> refuseWhileDegraded(const std::string &tool) const;

    void armTimer();
    void onTimer();
    void startBotsFor(engine::Match &m);
    void stepBots();
    void scheduleBots();
    void emitQueue();
    void recover();

    HostOptions m_options;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<CommitThread> m_committer;  // with a store
    std::unique_ptr<engine::Lobby> m_lobby;
    Batch m_pending;
    std::uint64_t m_issuedGen = 0;  // batches handed to the store (or published without one)
    std::uint64_t m_doneGen = 0;    // batches whose commit ended
    std::vector<std::pair<std::string, RowMark>> m_inFlightMarks;  // rows the running commit writes
    std::vector<CommitAwaiter *> m_commitWaiters;  // suspended callers, in the order they came
    std::vector<ChangeAwaiter *> m_changeWaiters;  // wait_for_turn callers
    std::uint64_t m_publishCount = 0;              // batches published so far
    std::uint64_t m_commitsHere = 0;               // batches committed on this thread
    std::map<std::string, std::uint64_t> m_stagedUpTo;   // matchId → last staged seq
    std::map<std::string, std::uint64_t> m_durableUpTo;  // matchId → last committed seq
    std::map<std::string, RowMark> m_rowMarks;           // matchId → rows last written
    QTimer m_timer;
    QTimer m_flushTimer;
    QTimer m_botTimer;
    std::vector<BotSeat> m_bots;
    int m_botCounter = 0;
    int m_botsWaiting = 0;  // keepBotsWaiting
    PresenceProbe m_presence;
    std::map<std::string, engine::TimeMs> m_lastCall;  // agentId → its last tool call
    engine::TimeMs m_startedAt = 0;                     // queue entries recovered count from here
    QTimer m_queueSweepTimer;
    /// wait_for_turn: (caller, match) → the seq its last answer showed.
    std::map<std::string, std::uint64_t> m_waitCursors;
    std::map<std::string, ReadBucket> m_readBuckets;
    StateCache m_stateCache;  ///< get_state's `state`, serialized, for rawJson callers
    std::map<std::string, std::string> m_idempotencyCache;  // scope|agent|key → argsHash \n result
    QStringList m_notices;
    // Degraded mode (storage failing): failures in a row, when the next
    // change may try the store again, and the last time a failure was logged.
    int m_storageFailures = 0;
    engine::TimeMs m_storageRetryAt = 0;
    engine::TimeMs m_storageLoggedAt = 0;
    int m_storageUnlogged = 0;
    QTimer m_storageProbe;  ///< degraded and idle: tries a tiny write at the retry time
    void probeStorage();
    std::unique_ptr<QLockFile> m_lock;  ///< one host per database file
    ToolGateway m_gateway;
};

} // namespace townhall::host
