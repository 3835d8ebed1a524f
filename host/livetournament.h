// SPDX-License-Identifier: MIT
#pragma once

/// \file livetournament.h
/// Plays a tournament through the host, in real time: for tournaments with
/// model seats, registered MCP agents or push agents (a tournament of bots
/// alone plays at virtual time, tournaments.h).
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

#include "host/host.h"
#include "host/providers/seatsfile.h"
#include "host/tournaments.h"

#include <QObject>
#include <QTimer>

#include <map>
#include <optional>

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
    LiveTournament(Host &host, std::string tournamentId, tournament::TournamentSpec spec,
                   providers::SeatsFile seats, std::map<std::string, std::string> agentIds, int parallel,
                   QObject *parent = nullptr);
    ~LiveTournament() override;

    /// Registers the queue and starts seating; false (with why) on failure.
    bool start(QString *error);
    std::string queueId() const { return "tournament-" + m_id; }
    TournamentProgress progress() const { return m_progress; }
    /// Participants whose MCP agent the next match waits for (empty when none).
    QStringList waitingFor() const { return m_waitingFor; }

Q_SIGNALS:
    void progressChanged(int done, int scheduled, int running);
    /// Every scheduled match is DONE.
    void finished();
    void failed(const QString &message);

private:
    void tick();
    bool seatNext(const tournament::ScheduledMatch &m);
    void finish(const std::string &matchId);

    Host &m_host;
    std::string m_id;
    tournament::TournamentSpec m_spec;
    providers::SeatsFile m_seats;
    std::map<std::string, std::string> m_agentIds;
    int m_parallel = 1;
    QTimer m_timer;
    std::vector<TournamentMatchRow> m_rows;
    std::map<std::string, int> m_running;  ///< match id -> schedule index
    TournamentProgress m_progress;
    QStringList m_waitingFor;
    bool m_done = false;
};

/// The seats file that plays the spec's participants: one seat per
/// participant, in order (bots, model seats and push agents; an MCP agent's
/// seat is a placeholder bot the runner never queues). Errors name the
/// participant.
providers::SeatsFileParse seatsOf(const tournament::TournamentSpec &spec);

} // namespace townhall::host
