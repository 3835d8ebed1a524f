// SPDX-License-Identifier: MIT
#pragma once

#include "ui/hostlink.h"
#include "ui/modelseats.h"

#include "engine/match.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>

namespace townhall::ui {

/// The UI's own copy of every match, folded from the host's event batches with
/// the engine's reducer. Only the UI thread touches it.
///
/// In public mode (the spectator feed's windows) it holds public replicas
/// only: built with engine::Match::fromPublicLog and grown with
/// tryApplyPublic, so seqs may skip the hidden events and nothing that is
/// not public can get in. Code that indexes log()[seq - 1] (the inspector)
/// must never be given such a replica; publicOnly() says which kind it is.
class ReplicaSet final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicaSet)

public:
    explicit ReplicaSet(QObject *parent = nullptr);
    /// `publicOnly`: see the class comment. ingest() then takes public events only.
    explicit ReplicaSet(bool publicOnly, QObject *parent = nullptr);
    ~ReplicaSet() override;

    bool publicOnly() const { return m_publicOnly; }

    /// Applies a batch; the first batch of a match must start with seq 1
    /// (in public mode: with MATCH_CREATED; later seqs may skip).
    void ingest(const QString &matchId, const EventBatch &batch);
    /// Public mode: replaces the match with one rebuilt from its whole public
    /// log (a fresh snapshot of the feed). Refused, keeping what was there,
    /// when the log does not rebuild. Returns whether it was taken.
    bool resetPublic(const QString &matchId, const std::vector<engine::Event> &log);
    /// Forgets a match (matchRemoved is emitted first, while it still exists).
    void remove(const QString &matchId);

    const engine::Match *match(const QString &matchId) const;
    /// Match ids in the order the UI first saw them.
    const QStringList &matchIds() const { return m_order; }
    /// What the model seats of every match did (fed from HostLink::modelSeatsReported).
    ModelSeatBook *modelSeats() const { return m_modelSeats; }

Q_SIGNALS:
    void matchAdded(const QString &matchId);
    /// The match is about to be forgotten (a fresh snapshot no longer lists it).
    void matchRemoved(const QString &matchId);
    /// New events were applied; they are match(matchId)->log() from `firstNew` on.
    void matchAdvanced(const QString &matchId, qsizetype firstNew);

private:
    void ingestPublic(const QString &matchId, const EventBatch &batch);
    void adopt(const QString &matchId, engine::Match &&m);

    std::map<QString, std::unique_ptr<engine::Match>> m_matches;
    QStringList m_order;
    ModelSeatBook *m_modelSeats;
    bool m_publicOnly = false;
};

} // namespace townhall::ui
