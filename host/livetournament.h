// SPDX-License-Identifier: MIT
#pragma once

/// \file livetournament.h
/// Plays a tournament through the host, in real time: for tournaments with
/// model seats, registered MCP agents, push agents or people (a tournament
/// of bots alone plays at virtual time, tournaments.h).
///
/// A person ("human": true) plays a human seat in each match: from a join
/// link (HumanSeats; the host serves the pages with --players-listen) or,
/// with setPeopleLocal, from the desktop app's player panel. They keep one
/// code for the whole run, made at start() (joinCode); their first match
/// waits until the page or panel is open (waitingFor names them). A person
/// plays one match at a time, so a tournament with people plays its matches
/// one after another, on one host.
///
/// A match the host spoiled (it unlocked what its player may not see while
/// a person played: the settings row spoiledMatchKey) carries "spoiled" in
/// its row's result; the report leaves it out of the ratings and says so.
///
/// Each scheduled match is seated in the tournament's own queue
/// ("tournament-<id>"): the runner queues the bots, model seats and push
/// agents of the match in seat order and tells the lobby the roles by agent
/// (engine::Lobby::setNextDeal). A registered MCP agent joins that queue
/// itself (join_queue with the queue id); a match that needs it waits until
/// it does, and it takes the seat of its place in the queue. At most
/// `parallel` matches run at once. When a match ends its result and the
/// seats' telemetry (model seats' tokens, cost and latency; push agents'
/// timeouts) are stored with its row; its log is already in the store.
///
/// After a restart the host resumes its active matches; the runner keeps
/// watching a match that is still there and schedules again one that is not.
///
/// On a shared store (SharedTournaments: several hosts play one tournament)
/// the host still plays each match in its own store, but claims it first:
/// one match at a time while fewer than `parallel` run, under a lease it
/// renews every third of the lease (a claim waiting for its MCP agent
/// included). The claimed row's match id is "<holder>/<host match id>" (host
/// match ids repeat across hosts). A finished match is recorded with its
/// whole log (compressed JSON lines from the host's store, as a bot match's
/// row) in one fenced transaction. A match whose lease another host took
/// over is abandoned (a running one is paused) and is not recorded; the
/// other host plays it again from the start. When no match is left to
/// claim the runner waits for the other hosts; the first to see the end
/// stores the report with the tournament.

#include "host/host.h"
#include "host/providers/seatsfile.h"
#include "host/tournaments.h"

#include <QObject>
#include <QTimer>

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace townhall::host {

class LiveTournament final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveTournament)
public:
    /// `seats` has one seat per participant, in the spec's order, with its
    /// provider's key already filled in (providers::SeatsFile of the spec's
    /// "providers" and participants; see seatsOf). `agentIds` maps the
    /// names of registered agents to their ids.
    LiveTournament(Host &host,
                   std::string tournamentId,
                   tournament::TournamentSpec spec,
                   providers::SeatsFile seats,
                   std::map<std::string, std::string> agentIds,
                   int parallel,
                   QObject *parent = nullptr);
    /// The same over `store`, which outlives the runner: a LocalTournaments
    /// over host.store() plays as the constructor above; a shared one claims
    /// its matches (see above).
    LiveTournament(Host &host,
                   TournamentStore &store,
                   std::string tournamentId,
                   tournament::TournamentSpec spec,
                   providers::SeatsFile seats,
                   std::map<std::string, std::string> agentIds,
                   int parallel,
                   QObject *parent = nullptr);
    /// Gives back every claim still held (a shared store).
    ~LiveTournament() override;

    /// A shared store: how long a claim holds without renewal, and how often
    /// to look again while other hosts hold every match left. Before start().
    void setLease(int leaseMs, int pollMs = 1000);
    /// This process as a claim holder (newClaimHolder()).
    const std::string &holder() const { return m_holder; }

    /// Registers the queue and starts seating; false (with why) on failure.
    bool start(QString *error);
    /// Claims and seats no more matches; a shared store gets back the claims
    /// not started. Matches under way play on.
    void stop();
    std::string queueId() const { return "tournament-" + m_id; }
    TournamentProgress progress() const { return m_progress; }
    /// Participants whose MCP agent the next match waits for, and people
    /// whose first match waits for their page (empty when none).
    QStringList waitingFor() const { return m_waitingFor; }

    /// People (participants "human": true) play in the desktop app's own
    /// player panel (local seats) instead of from a join link. Before start().
    void setPeopleLocal(bool local) { m_peopleLocal = local; }
    /// The join code a person holds now (empty before their first match, or
    /// when it was revoked). It is the same for every match of the run: each
    /// match's new seat takes it over (HumanSeats::moveCode), so the page
    /// follows the person from match to match.
    QString codeOf(const std::string &participantId) const;

Q_SIGNALS:
    void progressChanged(int done, int scheduled, int running);
    /// Every scheduled match is DONE.
    void finished();
    void failed(const QString &message);
    /// Something the user should know that does not stop the tournament (a
    /// shared store: a match lost to another host).
    void notice(const QString &message);
    /// A person has a new join code (their first match of this run, or the
    /// host revoked the last one): it opens every match of theirs from now on.
    void joinCode(const QString &participantId, const QString &name, const QString &code);

private:
    LiveTournament(Host &host,
                   std::unique_ptr<TournamentStore> own,
                   std::string tournamentId,
                   tournament::TournamentSpec spec,
                   providers::SeatsFile seats,
                   std::map<std::string, std::string> agentIds,
                   int parallel,
                   QObject *parent);
    bool shared() const;
    void tick();
    void tickShared();
    bool seatNext(const tournament::ScheduledMatch &m);
    // seatNext()'s steps.
    /// The participant's index in the spec (and its seat in m_seats).
    std::size_t participantIndex(const std::string &id) const;
    /// The match's MCP agents, by agent id, and their roles.
    std::map<std::string, engine::Role> agentRolesOf(const tournament::ScheduledMatch &m) const;
    /// Adds to m_waitingFor the match's MCP agents that are not in the queue.
    void noteMissingAgents(const std::map<std::string, engine::Role> &agentRoles,
                           const std::deque<engine::QueueEntry> &waiting);
    /// The seats as they will be taken: the waiting agents first, in their
    /// order, then the others in schedule order. The row keeps this order, so
    /// seat i of the log is credited to whoever played it.
    struct TableOrder
    {
        tournament::ScheduledMatch taken;
        std::vector<engine::Role> deal;
    };
    /// Nothing (m_waitingFor names who) while the queue holds someone this
    /// match does not seat.
    std::optional<TableOrder> tableOrder(const tournament::ScheduledMatch &m,
                                         const std::map<std::string, engine::Role> &agentRoles,
                                         const std::deque<engine::QueueEntry> &waiting);
    /// Queues the seats that are not MCP agents; false (failed) if one is refused.
    bool queueSeats(const tournament::ScheduledMatch &m, const std::string &queue);
    /// Adds to m_waitingFor the people of the match whose first match of this
    /// run it is and whose page (or panel) is not open.
    void notePeopleAway(const tournament::ScheduledMatch &m);
    /// Queues a person's seat; the code of their last seat moves to it.
    bool
    queuePerson(const tournament::Participant &p, const QString &name, const std::string &queue);
    /// The match's result as its row keeps it: winner, days, telemetry and,
    /// when the host unlocked what its player may not see, "spoiled".
    engine::json resultOf(const engine::Match &m) const;
    void finish(const std::string &matchId);
    /// A shared store: records a finished match with its log (fenced).
    void record(const std::string &matchId, int index);
    /// Records the finished rows not yet recorded (the database was out of
    /// reach when they ended); false if one failed for another reason.
    bool recordPending();
    /// After a failed operation on the shared database: true if the
    /// connection was lost (reconnected or not), so the caller tries again
    /// later; false if the failure is real.
    bool unreachable(const StoreError &error);
    void renew();
    /// Stops counting a claim this host lost (pausing its match, if any).
    void abandon(int index, const QString &why);
    void endShared();
    StoreResult<void> refreshCounts();
    /// The row's schedule entry; nothing (and failed) if it does not parse.
    std::optional<tournament::ScheduledMatch> entryOf(const TournamentMatchRow &row);
    void fail(const QString &message);
    void emitProgress();
    std::string label(const std::string &matchId) const { return m_holder + "/" + matchId; }

    Host &m_host;
    std::unique_ptr<TournamentStore> m_ownStore; ///< the first constructor's LocalTournaments
    TournamentStore *m_store = nullptr;          ///< null: the host has no database
    std::string m_holder;
    int m_leaseMs = 30'000;
    int m_pollMs = 1'000;
    qint64 m_nextClaim = 0; ///< a shared store: no claim before (ms since the epoch)
    QTimer m_renewTimer;
    bool m_stopped = false;
    std::string m_id;
    tournament::TournamentSpec m_spec;
    providers::SeatsFile m_seats;
    std::map<std::string, std::string> m_agentIds;
    int m_parallel = 1;
    QTimer m_timer;
    /// Local: every row, by index. Shared: the rows this host holds (claimed,
    /// running or waiting to be seated), keyed by index in m_claims.
    std::vector<TournamentMatchRow> m_rows;
    std::map<int, TournamentMatchRow> m_claims;
    /// Finished while the shared database was out of reach: recorded when
    /// it is back (their leases are still renewed, so no one takes them).
    std::vector<TournamentMatchRow> m_unrecorded;
    std::map<std::string, int> m_running; ///< host match id -> schedule index
    TournamentProgress m_progress;
    QStringList m_waitingFor;
    bool m_done = false;
    bool m_peopleLocal = false;
    /// A person's participant id → the agent id of their last seat (which
    /// holds their code).
    std::map<std::string, std::string> m_people;
    std::set<std::string> m_seated; ///< people seated in a match of this run
};

/// The seats file that plays the spec's participants: one seat per
/// participant, in order (bots, model seats and push agents; an MCP agent's
/// seat is a placeholder bot the runner never queues, a person's a seat with
/// `human` set). Errors name the participant.
providers::SeatsFileParse seatsOf(const tournament::TournamentSpec &spec);

/// The turns the spec's live matches take ("timers": model play, the people
/// preset or, for "standard", nothing: the host's defaults).
std::optional<engine::Timers> timersOf(const tournament::TournamentSpec &spec);

} // namespace townhall::host
