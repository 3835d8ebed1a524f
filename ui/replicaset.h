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
class ReplicaSet final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicaSet)

public:
    explicit ReplicaSet(QObject *parent = nullptr);
    ~ReplicaSet() override;

    /// Applies a batch; the first batch of a match must start with seq 1.
    void ingest(const QString &matchId, const EventBatch &batch);

    const engine::Match *match(const QString &matchId) const;
    /// Match ids in the order the UI first saw them.
    const QStringList &matchIds() const { return m_order; }
    /// What the model seats of every match did (fed from HostLink::modelSeatsReported).
    ModelSeatBook *modelSeats() const { return m_modelSeats; }

Q_SIGNALS:
    void matchAdded(const QString &matchId);
    /// New events were applied; they are match(matchId)->log() from `firstNew` on.
    void matchAdvanced(const QString &matchId, qsizetype firstNew);

private:
    std::map<QString, std::unique_ptr<engine::Match>> m_matches;
    QStringList m_order;
    ModelSeatBook *m_modelSeats;
};

} // namespace townhall::ui
