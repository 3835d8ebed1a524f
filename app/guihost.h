// SPDX-License-Identifier: MIT
#pragma once

/// \file guihost.h
/// The desktop app's host: the Host and its McpService live in a thread of
/// their own and talk to the widgets only through ui::HostLink, with queued
/// signals both ways. The UI never blocks the host; the host never waits for
/// the UI.

#include "host/host.h"
#include "host/hoststack.h"
#include "host/seating.h"
#include "tournament/report.h"
#include "ui/agenteyeview.h"
#include "ui/hostlink.h"

#include <QHostAddress>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QThread>

#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <thread>

namespace townhall::host {
class McpService;
class LiveTournament;
} // namespace townhall::host

namespace townhall::app {

using host::AgentRecord;
using host::EventBatch;
using host::Host;
using host::HostOptions;
using host::KeyedSeats;
using host::MatchPlan;
using host::McpService;
using host::Seating;

struct GuiHostOptions
{
    HostOptions host;
    quint16 port = 8787;                  ///< MCP port on 127.0.0.1; 0: any free port
    bool portFallback = true;             ///< take any free port when `port` is busy
    int bots = 0;                         ///< built-in bots to queue at start
    bool demo = false;                    ///< start a demo match at once
    std::optional<engine::Timers> timers; ///< default phase timers of new matches
    int endedMatchesToShow = 8;           ///< ended matches of earlier runs shown for replay
    std::optional<std::pair<QHostAddress, quint16>> spectateListen; ///< --spectate-listen
    /// Where the model seats of the tournaments the UI starts get their API
    /// keys (null: none are looked up).
    std::shared_ptr<host::providers::KeySource> keys;
};

/// The inspector's agent's-eye view (ui::agentViewAt) for the widgets.
ui::AgentViewProvider agentViewProvider();

/// Lives in the host thread and owns everything there: the Host (and with it
/// the store, whose SQLite connection belongs to this thread) and the MCP
/// service. Its slots are the host controls; its signals are HostLink's
/// host → UI signals. Created by GuiHost; not for use on its own.
class HostWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostWorker)

public:
    explicit HostWorker(GuiHostOptions options);
    ~HostWorker() override;

    /// Host-thread only (tests and tools reach it through GuiHostTestAccess).
    Host *host() const { return m_host; }
    McpService *mcp() const { return m_mcp; }

    /// The registered agents with their live sessions, the matches the host
    /// holds for them and their client configurations (placeholder token).
    ui::AgentList agentList();

public Q_SLOTS:
    // The agents panel and the breakpoints (answers: the signals below).
    void listAgents();
    void registerAgent(const QString &name);
    void revokeAgent(const QString &agentId);
    void setBreakpoints(const QString &matchId, bool atPhaseBoundary, bool beforeVoteResolution);
    void stepMatch(const QString &matchId);

Q_SIGNALS:
    void agentsChanged(const townhall::ui::AgentList &agents);
    void agentRegistered(const townhall::ui::AgentInfo &agent);
    void agentProblem(const QString &message);

public Q_SLOTS:
    /// Creates the Host and the MCP service in this thread and starts them.
    void start();
    /// Destroys the MCP service and the Host (closing the store).
    void stop();
    /// Sends every match's log from seq 1 again (a window that opens late).
    void resendAll();

    void fillSeats(int bots);
    void demoMatch();
    void setPaused(const QString &matchId, bool paused);
    void skipPhase(const QString &matchId);
    void setSpeed(double factor);
    void applySettings(const townhall::ui::HostSettings &settings);
    /// The inspector opened or closed: while on, the recorder's batches go
    /// to toolCallsRecorded, after a backlog of what it holds past `afterId`.
    void setToolCallsWanted(bool on, quint64 afterId);
    /// Queues the seats of a "New match" plan: first every key, from `keys`
    /// (a key that is needed and missing queues nothing), then the plan's
    /// timers for new matches, then the seats in order (queueSeats). What
    /// came of it is a notice.
    void queuePlan(const townhall::app::MatchPlan &plan,
                   std::shared_ptr<townhall::host::providers::KeySource> keys);

    // The tournaments of the host's database (HostLink's tournament
    // requests; answers: the tournament… signals below).
    /// Creates a tournament from its file (docs/tournaments.md) in the
    /// host's database and plays it: bots alone at virtual time on threads
    /// of their own with a second connection to the database, anything else
    /// live through the host (model keys from the options' `keys`). One at
    /// a time.
    void startTournament(const nlohmann::json &file, int parallel);
    /// Sends a tournament match's log (live or stored) to the UI, then
    /// tournamentMatchOpened.
    void openTournamentMatch(const QString &tournamentId, const QString &matchId);
    /// Every tournament of the host's database (the app's and those
    /// `townhall tournament` ran on the same file) to tournamentsListed.
    void listTournaments();
    /// A tournament of the database as it stands: tournamentProgress, then
    /// tournamentReport (or tournamentProblem).
    void showTournament(const QString &tournamentId);
    /// Sends a whole match log read elsewhere (a shared tournament's, from
    /// PostgreSQL) to the UI like a stored one, then tournamentMatchOpened.
    void showMatchLog(const QString &matchId, const townhall::ui::EventBatch &log);

    /// The person at the window looked at the secrets of a match they play a
    /// seat in (Unlock anyway): recorded in the database's settings under
    /// spoiledSettingKey(matchId), with the time, so it outlives the run.
    void markSpoiled(const QString &matchId);

    // Match → Invite players… (HostLink's invite requests; answers: the
    // playersListener and invitedSeats signals below).
    /// From now on, send the listener and the invited seats at each change.
    void wantInvites();
    /// Starts the players' listener unless it listens (a busy port: any free one).
    void listenForPlayers(const QString &address, int port);
    /// Queues one seat for a person on another device per name (the default
    /// queue's next match, as `--human-seats`).
    void inviteSeats(const QStringList &names);
    void revokeInvite(const QString &code);

public:
    /// The person at this computer acts in their local human seat `code`
    /// (HostLink::playerAction); codes of other seats are ignored.
    void playerAction(const QString &code, const QByteArray &action);
    /// The window's panel for local seat `code` opened or closed
    /// (HostLink::playerPanelAttached); other codes are ignored.
    void attachPlayer(const QString &code, bool attached);

public:
    /// Where markSpoiled records a match ("match.spoiled.<matchId>").
    static std::string spoiledSettingKey(const QString &matchId);
    /// What showMatchLog says of a log without events.
    static QString emptyLogProblem(const QString &matchId);

Q_SIGNALS:
    void tournamentProgress(const townhall::ui::TournamentProgress &progress);
    void tournamentReport(const QString &tournamentId, const townhall::tournament::Report &report);
    void tournamentProblem(const QString &message);
    void tournamentMatchOpened(const QString &matchId);
    void tournamentsListed(const townhall::ui::TournamentChoices &tournaments);
    void matchEvents(const QString &matchId, const townhall::ui::EventBatch &batch);
    void queueChanged(const QStringList &waitingNames);
    void serverInfo(const QString &mcpUrl, const QString &status);
    void speedChanged(double factor);
    void problem(const QString &message);
    void problemSolved();
    void notice(const QString &message);
    void toolCallsRecorded(const townhall::ui::ToolCallRecords &records);
    void modelSeatsReported(const townhall::ui::ModelSeatReports &reports);
    /// The document of a local human seat ("Me"), each time it changes
    /// (HostLink::playerDocument). Seats for other devices never come here.
    void playerDocument(const QString &code, const QByteArray &document);
    /// start() finished: listening on `mcpUrl` (empty if the server could not listen).
    void started(const QString &mcpUrl);
    /// HostLink::playersListener and HostLink::invitedSeats.
    void playersListener(const townhall::ui::PlayersListener &listener);
    void invitedSeats(const townhall::ui::InvitedSeats &seats);

private:
    void onMatchEvents(const QString &matchId, const EventBatch &batch);
    /// Sends the log of `m` after what was sent, up to `upTo`.
    void sendLog(const QString &matchId, const std::vector<engine::Event> &log, std::uint64_t upTo);
    void sendEndedFromStore();
    /// The hub's seats changed: local ones are attached (the window's panel
    /// plays them) and their documents sent.
    void localSeatsChanged();
    /// A match shown from the database (an earlier run's, a resumed or an
    /// imported one): its model seats' notes and counts as stored, and
    /// while the inspector is open the calls recorded before this run.
    void sendStored(const QString &matchId);
    void sendStoredCalls(const QString &matchId);
    void emitQueue();
    QString statusText() const;

    GuiHostOptions m_options;
    std::unique_ptr<host::HostStack> m_stack;
    Host *m_host = nullptr;      // the stack's
    McpService *m_mcp = nullptr; // the stack's
    ui::AgentInfo agentInfo(const AgentRecord &agent, const QString &token);
    void watchSessions();
    QTimer *m_sessionWatch = nullptr;                ///< notes when each MCP session appeared
    std::map<std::string, QDateTime> m_sessionSince; ///< session id → first seen
    std::map<QString, std::uint64_t> m_sentUpTo;     ///< matchId → last seq sent to the UI
    std::set<QString> m_stored; ///< matches shown from the database (sendStored)
    qint64 m_startedUs = 0;     ///< when this run began: later calls are live
    QStringList m_order;        ///< match ids in the order they were sent
    QString m_url;
    QString m_listenNote;
    bool m_persistent = true;
    bool m_starting = false;
    QSet<QString> m_localSeats;          ///< codes of the human seats the window plays
    QMetaObject::Connection m_toolCalls; ///< recorder → toolCallsRecorded while wanted
    bool m_toolCallsWanted = false;
    /// Model seats whose logs changed since the last report, sent together
    /// a moment later (a model answer changes a log several times).
    void modelSeatChanged(const QString &matchId, const QString &playerId);
    void reportModelSeats();
    std::set<std::pair<QString, QString>> m_seatsChanged;            ///< (match, player)
    std::map<std::pair<QString, QString>, std::int64_t> m_notesSent; ///< next note number to send
    QTimer *m_seatReport = nullptr;
    // The tournament under way (startTournament).
    void reportTournament(const std::string &id);
    void stopTournament();
    std::unique_ptr<host::LiveTournament> m_live;
    std::thread m_botRun;
    std::atomic<bool> m_botStop{false};
    std::atomic<bool> m_botRunning{false};
    // Invite players…: the seats it offered (agent id, code) in order, and
    // what was sent last (sent again only when it changed).
    ui::PlayersListener listenerInfo(const QString &problem = {}) const;
    /// Sends the invited seats when they changed since last sent (or `always`).
    void invitesChanged(bool always = false);
    /// Whether `code` is a seat offered here (a local seat's never is).
    bool isInvited(const QString &code) const;
    bool m_invitesWanted = false;
    std::vector<std::pair<std::string, QString>> m_invited;
    ui::InvitedSeats m_invitesSent;
};

/// Owned by the UI thread: starts the host thread, bridges HostWorker and a
/// ui::HostLink with queued connections, and stops everything cleanly.
class GuiHost final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GuiHost)

public:
    GuiHost(GuiHostOptions options, ui::HostLink *link, QObject *parent = nullptr);
    /// Stops the host thread (see stop()).
    ~GuiHost() override;

    /// Starts the thread, then the host in it. Returns at once; `started`
    /// follows when the MCP server listens.
    void start();
    /// Stops the host in its thread (destroying the MCP service, the Host and
    /// the store there), then the thread. Blocks until done; idempotent.
    void stop();
    bool isRunning() const { return m_thread.isRunning(); }
    /// Sends every match's whole log (from seq 1) and the server state to the
    /// link again: for a window created after the host started.
    void resendAll();
    QString mcpUrl() const { return m_url; }
    /// Hands a plan of the "New match" dialog to the host thread
    /// (HostWorker::queuePlan) and returns at once.
    void queuePlan(MatchPlan plan, std::shared_ptr<host::providers::KeySource> keys);

Q_SIGNALS:
    void started(const QString &mcpUrl);

private:
    friend class GuiHostTestAccess; // the tests' and tools' way into the host thread
    /// Runs `f(worker)` in the host thread, later (nothing if stopped).
    template<typename F>
    void inWorker(F &&f);
    /// HostLink's agents-panel and breakpoint requests, queued to the worker.
    void connectAgentsAndBreakpoints(ui::HostLink *link);
    /// HostLink's tournament requests and answers.
    void connectTournaments(ui::HostLink *link);
    /// HostLink's Invite players… requests and answers.
    void connectInvites(ui::HostLink *link);

    QThread m_thread;
    HostWorker *m_worker; ///< lives in m_thread; deleted when it finishes
    QString m_url;
};

} // namespace townhall::app
