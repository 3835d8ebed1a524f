// SPDX-License-Identifier: MIT
#pragma once

#include "engine/event.h"
#include "engine/match.h"
#include "host/recorder/toolcallrecord.h"
#include "tournament/report.h"
#include "ui/agentinfo.h"
#include "ui/modelseats.h"
#include "ui/play/invitedseats.h"
#include "ui/tournamentinfo.h"

#include <nlohmann/json.hpp>

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace townhall::ui {

/// An immutable slice of one match's log, in seq order. Shared, never copied
/// per receiver; safe to pass between threads.
using EventBatch = std::shared_ptr<const std::vector<engine::Event>>;

/// What the settings dialog edits. The host persists and applies it; the UI
/// applies the theme itself.
struct HostSettings
{
    int port = 8787;
    bool guestsAllowed = true;
    engine::Timers timers;
    bool themeFollowsSystem = true;
    bool darkTheme = false; ///< used when themeFollowsSystem is false
    QString dataDirectory;  ///< empty: the standard application data location
    QString language;       ///< "en", "zh_CN", …; empty: the system's language
};

/// The whole boundary between the host and the widgets.
///
/// A plain QObject that lives in the UI thread and is owned by whoever builds
/// the main window (the host's wiring in app/). Everything the UI side asks
/// of the host and everything the host tells it passes here — the main
/// window's panels and the Leaderboard's tournaments (app/guitournaments.h,
/// app/sharedleaderboard.h) alike; nothing on the UI side calls into the host
/// thread. (The app's wiring starts and stops the host, GuiHost, and hands it
/// the New match dialog's plans; tests and tools reach into the host thread
/// through app/guihosttestaccess.h, a seam the product does not use.)
/// Both directions are signals:
///
///  - Host → UI: the host emits matchEvents / queueChanged / serverInfo /
///    speedChanged / tournament… from any thread. Receivers live in the UI
///    thread, so these are queued; the host never waits for the UI.
///    For each match, the first batch the UI receives must start at seq 1
///    (MATCH_CREATED) — send the whole log when a match is first announced or
///    when the window is created late — and later batches continue it. The
///    batch holds every event, whatever its audience: the host UI is trusted
///    and projects with engine::Viewer itself. Duplicate seqs are ignored.
///
///  - UI → host: the *Requested signals. The host connects them with a context
///    object that lives in the host thread (so they arrive queued there) and
///    answers, if at all, with more matchEvents.
///
/// The UI never calls the host directly and holds no game logic.
class HostLink : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostLink)

public:
    explicit HostLink(QObject *parent = nullptr);
    ~HostLink() override;

Q_SIGNALS:
    // ---- host → UI
    /// New events of one match (see the class comment for ordering rules).
    void matchEvents(const QString &matchId, townhall::ui::EventBatch batch);
    /// The registered agents, revoked ones included (after agentsRequested,
    /// a registration or a revocation).
    void agentsChanged(const townhall::ui::AgentList &agents);
    /// A registration succeeded: `agent.configs` hold the new token, shown once.
    void agentRegistered(const townhall::ui::AgentInfo &agent);
    /// A registration or revocation was refused (already translated).
    void agentProblem(const QString &message);
    /// Display names of the agents waiting in the default queue, oldest first.
    void queueChanged(const QStringList &waitingNames);
    /// Where agents connect (e.g. "http://127.0.0.1:8765/mcp") and a short status
    /// line ("listening", "port in use", …), already translated by the host.
    void serverInfo(const QString &mcpUrl, const QString &status);
    /// The speed factor currently in force (after a request, or at start).
    void speedChanged(double factor);
    /// Something the user must know about and act on (storage failed, the
    /// database cannot be used…), already translated. Shown until dismissed.
    void problem(const QString &message);
    /// The problem shown last is over (storage works again): the banner goes.
    void problemSolved();
    /// A passing message (a recovered match, settings saved…), already translated.
    void notice(const QString &message);
    /// Recorded MCP calls for the inspector, in batches, oldest first; sent
    /// only while the UI wants them (toolCallsWanted).
    void toolCallsRecorded(const townhall::ui::ToolCallRecords &records);
    /// What the model seats did: a snapshot of each changed seat with its
    /// new notes (ModelSeatReport::firstNote says where they continue).
    /// Private thoughts included: the host UI is trusted, and the widgets
    /// show them only in the omniscient view.
    void modelSeatsReported(const townhall::ui::ModelSeatReports &reports);

    // The tournaments of the host's database (the Leaderboard). These go to
    // whoever listens: a receiver keeps apart what it asked for.
    /// How a tournament stands (matches done, scheduled and running, and a
    /// passing note such as whom a live tournament waits for). Sent as a
    /// started tournament plays, and after showTournamentRequested.
    void tournamentProgress(const townhall::ui::TournamentProgress &progress);
    /// A tournament's report as it stands (as a started one plays and when
    /// it ends, and after showTournamentRequested).
    void tournamentReport(const QString &tournamentId, const townhall::tournament::Report &report);
    /// A tournament request failed (a bad file, a match the tournament does
    /// not have, the database…), already translated.
    void tournamentProblem(const QString &message);
    /// The log of a match asked for (openTournamentMatchRequested,
    /// showMatchLogRequested) went out in matchEvents: it can be shown now.
    void tournamentMatchOpened(const QString &matchId);
    /// The tournaments of the host's database, oldest first: when the host
    /// has started, and after tournamentsRequested.
    void tournamentsListed(const townhall::ui::TournamentChoices &tournaments);
    /// The player document of the app's own human seat ("Me" in New match),
    /// compact JSON (engine/playerdocument.h), each time it changes. `code`
    /// names the seat; the window never shows it.
    void playerDocument(const QString &code, const QByteArray &document);
    /// Match → Invite players…: where the players' listener serves the seats'
    /// pages (after playersListenRequested and invitesWanted).
    void playersListener(const townhall::ui::PlayersListener &listener);
    /// The seats offered to people on other devices, each time one changes
    /// (added, taken by a match, its page (dis)connected, stand-in, revoked).
    void invitedSeats(const townhall::ui::InvitedSeats &seats);

    // ---- UI → host
    /// Seat N built-in bots in the queue (fills the next table).
    void fillSeatsRequested(int bots);
    /// Start one demo match of eight built-in bots.
    void demoMatchRequested();
    /// Pause (true) or resume (false) one match's clock.
    void pauseRequested(const QString &matchId, bool paused);
    /// Breakpoints of one match: stop as each phase begins, right before each
    /// vote is resolved. stepRequested plays one phase and stops again.
    void
    breakpointsRequested(const QString &matchId, bool atPhaseBoundary, bool beforeVoteResolution);
    void stepRequested(const QString &matchId);
    /// The agents panel: list (answered by agentsChanged), register a name
    /// (agentRegistered or agentProblem), revoke by agent id.
    void agentsRequested();
    void registerAgentRequested(const QString &name);
    void revokeAgentRequested(const QString &agentId);
    /// End the current phase (or opening turn) of one match now.
    void skipPhaseRequested(const QString &matchId);
    /// Timer speed factor for new and running matches (1.0 = real time).
    void speedFactorRequested(double factor);
    /// The user accepted the settings dialog.
    void settingsApplied(const townhall::ui::HostSettings &settings);
    /// The inspector opened (true) or closed. While on, the host sends the
    /// recorded calls after record `afterId` it still holds, then every new
    /// batch; while off, it converts nothing for the UI.
    void toolCallsWanted(bool on, quint64 afterId);
    /// Create a tournament from its file (docs/tournaments.md) in the host's
    /// database and play it, at most `parallel` matches at once; one at a
    /// time. The host looks up the model seats' keys itself. Answered by
    /// tournamentProgress (the new id), tournamentReport, tournamentProblem.
    void startTournamentRequested(const nlohmann::json &file, int parallel);
    /// List the database's tournaments (answered by tournamentsListed).
    void tournamentsRequested();
    /// A tournament of the database as it stands: tournamentProgress, then
    /// tournamentReport (or tournamentProblem).
    void showTournamentRequested(const QString &tournamentId);
    /// Send a tournament match's log (live or stored) in matchEvents, then
    /// tournamentMatchOpened (or tournamentProblem).
    void openTournamentMatchRequested(const QString &tournamentId, const QString &matchId);
    /// Send a whole match log read elsewhere (a shared tournament's) in
    /// matchEvents under `matchId`, like a stored one, then
    /// tournamentMatchOpened (an empty log: tournamentProblem).
    void showMatchLogRequested(const QString &matchId, townhall::ui::EventBatch log);
    /// The person at this computer acts in their seat `code`: a player action
    /// ({"id", "tool", "arguments"}, compact JSON). Answered in the seat's
    /// next playerDocument ("answer").
    void playerAction(const QString &code, const QByteArray &action);
    /// The window's panel for seat `code` is there for the person (true) or
    /// not any more (false: the dock was closed or the match ended); the
    /// seat's document says "connected" accordingly.
    void playerPanelAttached(const QString &code, bool attached);
    /// The host looked at a match's secrets while playing a seat in it
    /// (Unlock anyway): the match is marked spoiled in its record.
    void markSpoiled(const QString &matchId);
    /// Invite players…: send playersListener and invitedSeats now and after
    /// every change.
    void invitesWanted();
    /// Start the players' listener on `address`:`port` (a busy port: any
    /// free one) unless it listens already; answered by playersListener.
    void playersListenRequested(const QString &address, int port);
    /// Offer seats to people on other devices in the next match of the
    /// default queue, one per name; answered by invitedSeats.
    void inviteSeatsRequested(const QStringList &names);
    /// The join code no longer opens its seat (the stand-in keeps it).
    void revokeInviteRequested(const QString &code);
};

} // namespace townhall::ui

Q_DECLARE_METATYPE(townhall::ui::EventBatch)
Q_DECLARE_METATYPE(townhall::ui::HostSettings)
Q_DECLARE_METATYPE(townhall::tournament::Report)
Q_DECLARE_METATYPE(nlohmann::json)
