// SPDX-License-Identifier: MIT
#pragma once

/// \file host.h
/// The host: a façade over its parts, in one thread. Every change goes the
/// same way: the engine decides and appends events, the commit pipeline has
/// the store commit them, and only then does anyone see them: the calling
/// agent's result, the UI's event batches, the MCP resource notifications
/// and the seat drivers.
///
/// The parts, each with one job: CommitPipeline (commit before visible),
/// ToolService (the tools), IdempotencyCache, ReadLimiter, StorageHealth
/// (degraded mode), SeatRunner (the driven seats), PhaseTimer, recovery
/// (recoverFromStore) and DatabaseLock. The host owns the lobby and the
/// store, wires the parts together and tells the rest of the app (signals).

#include "engine/lobby.h"
#include "host/commitpipeline.h"
#include "host/dblock.h"
#include "host/idempotency.h"
#include "host/phasetimer.h"
#include "host/readlimiter.h"
#include "host/seats/humanseats.h"
#include "host/seats/seatroster.h"
#include "host/seats/seatrunner.h"
#include "host/storagehealth.h"
#include "host/store/store.h"
#include "host/toolservice.h"
#include "mcp/backend.h"

#include <QCoro/QCoroTask>
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

struct Recovery;

struct HostOptions
{
    QString dbPath;                        ///< empty: the default path; ":memory:" keeps nothing
    bool durable = false;                  ///< synchronous=FULL
    double speed = 1.0;                    ///< timer speed factor for new matches
    bool guests = true;                    ///< sessions without a token play as guests
    bool rateLimits = true;                ///< §8.6 limits (benchmarks switch them off)
    std::optional<std::uint64_t> seed;     ///< lobby seed; random when unset
    std::function<engine::TimeMs()> clock; ///< defaults to the system clock
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
    /// The rule set of the default queue (`--rules`); the presets keep their
    /// own queues ("werewolf-seed002-9") whatever this is.
    engine::RuleSet rules;
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

    /// Puts `n` built-in bots in a queue (the default one unless told).
    void addBots(int n, const std::string &queueId = engine::DefaultQueueId);
    /// Puts one built-in bot called `displayName` in a queue (the default one unless told).
    void queueBot(const QString &displayName, const std::string &queueId = engine::DefaultQueueId);
    /// Adds a queue for a rule set (e.g. one read from a file): see engine::Lobby::registerQueue.
    engine::Expected<void> registerQueue(const std::string &queueId, engine::RuleSet rules)
    {
        return m_lobby->registerQueue(queueId, std::move(rules));
    }
    /// The table size of a queue (0: no such queue).
    int seatCount(const std::string &queueId = engine::DefaultQueueId) const
    {
        return m_lobby->seatCount(queueId);
    }
    /// Puts a seat played by a language model in the default queue, under
    /// `displayName`; `persona` is a line of its system prompt. When a match
    /// takes it, a Pilot plays it (its log: pilotLog). Returns its agent id,
    /// or nothing when the queue refused it.
    std::optional<std::string> queueModelSeat(const QString &displayName,
                                              providers::ProviderProfile profile,
                                              const QString &persona = {},
                                              const std::string &queueId = engine::DefaultQueueId);
    /// What the pilot of a model seat did in a match (notes, counts), also
    /// after the match ended; null for any other seat.
    std::shared_ptr<const PilotLog> pilotLog(const std::string &matchId,
                                             const std::string &playerId) const;
    /// The model seats of a match in seat order, with their logs (also after
    /// a restart, for the matches it resumed).
    std::vector<ModelSeatInfo> modelSeats(const std::string &matchId) const;
    /// From now on, whenever a match takes bots from the default queue, new
    /// ones join until min(n, seat count - 1) bots wait again (0: stop), so an
    /// agent that queues again always finds a table. Bots alone never start
    /// a match this way.
    void keepBotsWaiting(int n);
    /// What `--bots N` promises: min(N, seat count - 1) bots always wait for
    /// agents (keepBotsWaiting), and with N at least the table's seat count
    /// matches of bots alone also play back to back, N ÷ seat count at a
    /// time: when one ends, the next table of bots sits down after `gap`.
    void keepBots(int n, std::chrono::milliseconds gap = std::chrono::milliseconds(3000));
    /// Running matches whose every seat is a built-in bot.
    int botOnlyMatches() const;

    // ---- push agents (host/seats/pushseat.h): seats Town Hall calls ----
    /// Puts a seat played by a push agent in the default queue under
    /// `displayName`. When a match takes it, a PushSeat calls the agent at
    /// `endpoint` and sends what it answers through callTool. Returns its
    /// agent id, or nothing when the endpoint is invalid or the queue refused
    /// it. The endpoint (its token) stays in memory only.
    std::optional<std::string> queuePushSeat(const QString &displayName,
                                             PushEndpoint endpoint,
                                             const std::string &queueId = engine::DefaultQueueId);
    /// What a push seat's calls came to (timeouts, errors…); null for any other seat.
    std::shared_ptr<const PushStats> pushStats(const std::string &matchId,
                                               const std::string &playerId) const;
    // ---- end push agents ----

    // ---- people (host/seats/humanseats.h): seats played from a page or the app's panel ----
    /// Puts a seat played by a person in a queue under `displayName`; its
    /// join code is in humanSeats(). A local seat is the desktop app's own
    /// ("Me"): never served to other devices. Returns its agent id, or
    /// nothing when the queue refused it.
    std::optional<std::string> queueHumanSeat(const QString &displayName,
                                              bool local = false,
                                              const std::string &queueId = engine::DefaultQueueId);
    HumanSeats &humanSeats() { return m_humans; }
    const HumanSeats &humanSeats() const { return m_humans; }
    // ---- end people ----

    /// Whether an agent has a live session right now (a request in flight, an
    /// open stream, or a message within `within`). Set by the MCP service;
    /// without it only the agent's tool calls count.
    using PresenceProbe
        = std::function<bool(const std::string &agentId, std::chrono::milliseconds within)>;
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

    /// Hands a seat of a running match to another driver (a stalled seat to
    /// a bot). Its player's calls then come from the driver.
    void replaceDriver(const std::string &matchId,
                       const std::string &playerId,
                       std::unique_ptr<engine::SeatDriver> driver);

    /// Routes the built-in bots' tool calls. The app points it at the MCP
    /// dispatcher, so bots go through the same tool layer as agents; by
    /// default they call callTool directly.
    using ToolGateway = std::function<QCoro::Task<mcp::ToolResult>(Caller, std::string, json)>;
    void setToolGateway(ToolGateway gateway) { m_gateway = std::move(gateway); }
    /// What a seat the host drives (bot, model or push agent) sends: through
    /// the gateway when one is set, else straight to callTool.
    QCoro::Task<mcp::ToolResult> sendSeatCall(Caller caller, std::string tool, json args);

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
    std::uint64_t commitsHere() const { return m_pipeline.commitsHere(); }
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
    /// The log of a model seat's pilot changed (modelSeats, pilotLog). Changes
    /// within one turn of the event loop come as one signal per seat
    /// (SeatRoster::modelSeatChanged).
    void modelSeatChanged(const QString &matchId, const QString &playerId);

private:
    /// The tail of a match's log from `fromSeq` goes to the store.
    void stage(engine::Match &m, std::uint64_t fromSeq) { m_pipeline.stage(m, fromSeq); }
    /// A match began: seat its bots and keep bots waiting.
    void tableFilled(engine::Match &m);
    void replenishBots();
    /// Stages a join and what it started.
    bool joinQueue(const std::string &agentId,
                   const std::string &name,
                   const std::string &queueId = engine::DefaultQueueId);
    /// Tells everyone about committed events (read from the engine's logs).
    void publish(const std::vector<EventSpan> &spans, bool lobby);
    /// A batch failed: back to what is stored, and into degraded mode.
    void commitFailed(const std::vector<std::string> &matchIds,
                      bool lobby,
                      const QString &message,
                      const std::vector<IdempotencyRecord> &dropped);
    /// Goes back to what is stored: the given matches (forgotten if they were
    /// never stored) and, with `lobby`, the queues.
    void rollbackTo(const std::vector<std::string> &matchIds, bool lobby);
    void storageWorks();
    void probeStorage();
    void armTimer();
    void onTimer();
    void scheduleSeats();
    void stepSeats();
    void emitQueue();
    void recover();

    HostOptions m_options;
    std::unique_ptr<engine::Lobby> m_lobby;
    std::unique_ptr<Store> m_store; // before the pipeline, which commits to it until it goes
    DatabaseLock m_lock;
    CommitPipeline m_pipeline;
    IdempotencyCache m_idempotency;
    ReadLimiter m_reads;
    StorageHealth m_storage;
    ToolService m_tools;
    HumanSeats m_humans; // before the roster, which makes their drivers
    SeatRoster m_roster; // before the runner, whose driver factory it is
    SeatRunner m_seats;
    PhaseTimer m_timer;
    QTimer m_seatTimer;
    int m_botsWaiting = 0; // keepBotsWaiting
    int m_botTables = 0;   // keepBots: bot-only matches kept running
    std::chrono::milliseconds m_botGap{3000};
    void seatBotTables();
    PresenceProbe m_presence;
    std::map<std::string, engine::TimeMs> m_lastCall; // agentId → its last tool call
    engine::TimeMs m_startedAt = 0;                   // queue entries recovered count from here
    QTimer m_queueSweepTimer;
    QStringList m_notices;
    ToolGateway m_gateway;
};

} // namespace townhall::host
