// SPDX-License-Identifier: MIT
#pragma once

/// \file seatroster.h
/// Who plays the host's own seats, and how: the bots' names and ids, the
/// model seats (their provider profiles, their pilots' logs, kept and stored
/// while they play and put back after a restart) and the push agents'
/// endpoints with their seats' statistics. The roster is the seat runner's
/// driver factory: for a seat a match gives one of its agents it makes the
/// Pilot or the PushSeat (bots are the runner's own).

#include "engine/lobby.h"
#include "engine/seats.h"
#include "host/seats/humanseats.h"
#include "host/seats/pilot.h"
#include "host/seats/pushseat.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace townhall::host {

class CommitPipeline;
class StorageHealth;
struct Recovery;

/// A seat played by a language model, for the inspector and the UI. The log
/// is the pilot's own and goes on changing while the seat plays: read it on
/// the host's thread (SeatRoster::modelSeatChanged says when it changed).
struct ModelSeatInfo
{
    std::string playerId;
    std::string agentId;
    QString displayName;
    providers::ProviderProfile profile; ///< apiKey always empty here
    QString persona;
    std::shared_ptr<const PilotLog> log;
};

class SeatRoster final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatRoster)

public:
    /// The roster stages what it keeps through `pipeline` and holds back
    /// while `storage` is degraded.
    SeatRoster(engine::Lobby &lobby,
               CommitPipeline &pipeline,
               const StorageHealth &storage,
               std::function<engine::TimeMs()> clock,
               QObject *parent = nullptr);
    ~SeatRoster() override;

    // ---- bots ----
    /// A new bot's agent id and a name no bot waiting in `queueId` has.
    std::pair<std::string, std::string> nextBot(const std::string &queueId);
    /// A new bot's agent id (its name chosen by the caller).
    std::string nextBotId();

    // ---- model seats ----
    /// Registers a model seat before it joins a queue and stores how to play
    /// it. Returns its agent id.
    std::string addModelSeat(const QString &displayName,
                             providers::ProviderProfile profile,
                             const QString &persona);
    /// The queue refused it: forgotten again.
    void dropModelSeat(const std::string &agentId);
    std::shared_ptr<const PilotLog> pilotLog(const std::string &matchId,
                                             const std::string &playerId) const;
    std::vector<ModelSeatInfo> modelSeats(const std::string &matchId) const;

    // ---- push seats ----
    /// Registers a push agent's endpoint (kept in memory only) for a seat
    /// about to join a queue; nothing when the endpoint cannot be used.
    std::optional<std::string> addPushSeat(const QString &displayName, PushEndpoint endpoint);
    void dropPushSeat(const std::string &agentId);
    /// A push agent still waiting for a seat (never absent from the queue).
    bool waitingPushSeat(const std::string &agentId) const
    {
        return m_pushEndpoints.count(agentId) > 0;
    }
    std::shared_ptr<const PushStats> pushStats(const std::string &matchId,
                                               const std::string &playerId) const;

    // ---- people ----
    /// Where the human seats' drivers come from (the host's hub).
    void setHumanSeats(HumanSeats *humans) { m_humans = humans; }

    /// The runner's driver factory: a Pilot for a model seat, a PushSeat for
    /// a push agent, a HumanSeat for a person, nothing for anyone else. A
    /// person's seat is listed with the model seats (modelSeats, pilotLog):
    /// its log holds the stand-in's STAND-IN and HAND-OVER notes, stored and
    /// shown as theirs; its profile's model reads "person".
    std::unique_ptr<engine::SeatDriver> driverFor(const engine::Match &m, const engine::Player &p);

    // ---- storage ----
    /// After a restart: ids go on from the highest one known, and the model
    /// seats of the resumed matches and the queue are played again (with
    /// what `r` read back). Messages for the host's notices go to `notices`.
    void recovered(const Recovery &r, QStringList &notices);
    /// Stages what the pilots logged since they were last staged (unless
    /// storage is degraded) and emits modelSeatChanged for each seat.
    void flushChanges();
    /// A commit failed: the pilots' rows staged since the last good commit
    /// go out again with the next flush.
    void commitFailed();
    /// Storage works again: the changes held back go out.
    void storageRecovered();

Q_SIGNALS:
    /// The log of a model seat's pilot changed. Changes within one turn of
    /// the event loop come as one signal per seat.
    void modelSeatChanged(const QString &matchId, const QString &playerId);

private:
    using SeatKey = std::pair<std::string, std::string>; // (match, player)
    struct ModelSeat
    {
        providers::ProviderProfile profile; // with its key
        QString persona;
        QString handOver; // set: the stand-in plays the seat from the start, for this reason
    };
    /// A model seat of a match, with what its pilot logged.
    struct PilotSeat
    {
        std::string agentId;
        QString displayName;
        int seat = 0;
        providers::ProviderProfile profile; // without its key
        QString persona;
        std::shared_ptr<PilotLog> log;
        std::int64_t notesStaged = 0; // the number of the first note not staged yet
        std::uint64_t stagedGen = 0;  // the pipeline's batch that holds its last stage
    };

    std::unique_ptr<engine::SeatDriver> makePilot(const engine::Match &m, const engine::Player &p);
    std::unique_ptr<engine::SeatDriver> makePushSeat(const engine::Match &m,
                                                     const engine::Player &p);
    std::unique_ptr<engine::SeatDriver> makeHumanSeat(const engine::Match &m,
                                                      const engine::Player &p);
    void pilotChanged(const SeatKey &key);
    void stagePilotSeat(const SeatKey &key, PilotSeat &seat);
    void restoreResumedSeats(const Recovery &r, QStringList &notices);
    void restoreQueuedSeats(const Recovery &r, QStringList &notices);
    /// People waiting in the restored queue leave it (their links are gone).
    void dropQueuedPeople(QStringList &notices);

    engine::Lobby &m_lobby;
    CommitPipeline &m_pipeline;
    const StorageHealth &m_storage;
    std::function<engine::TimeMs()> m_clock;
    int m_botCounter = 0;
    int m_modelCounter = 0;
    int m_pushCounter = 0;
    std::map<std::string, ModelSeat> m_modelSeats; // agentId → how to play it
    std::map<SeatKey, PilotSeat> m_pilots;
    std::set<SeatKey> m_changedSeats; // logs changed since the last flushChanges
    QTimer m_flushTimer;
    std::map<std::string, PushEndpoint> m_pushEndpoints;             // agentId → where it listens
    std::map<SeatKey, std::shared_ptr<const PushStats>> m_pushStats; // the seats' own
    HumanSeats *m_humans = nullptr;
};

} // namespace townhall::host
