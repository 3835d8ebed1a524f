// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/projection.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace townhall::ui {

/// Milliseconds since the epoch; injectable so tests and the dev feed can
/// run the countdowns on virtual time.
using Clock = std::function<qint64()>;
Clock systemClock();

class ReplicaSet;
class PlayersModel;
class TranscriptModel;
class VoteTallyModel;
class KeyMomentsModel;
class TimelineModel;

/// Which match is shown, as whom (public or omniscient), live or at a replay
/// position; owns the per-view models and feeds them.
class SpectatorController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpectatorController)

public:
    explicit SpectatorController(ReplicaSet *replicas, QObject *parent = nullptr);
    ~SpectatorController() override;

    ReplicaSet *replicas() const { return m_replicas; }
    PlayersModel *players() const { return m_players; }
    TranscriptModel *transcript() const { return m_transcript; }
    VoteTallyModel *voteTally() const { return m_votes; }
    KeyMomentsModel *keyMoments() const { return m_moments; }
    TimelineModel *timeline() const { return m_timeline; }

    QString selectedMatch() const { return m_selected; }
    bool omniscient() const { return m_omniscient; }
    engine::Viewer viewer() const;
    /// The match as shown: the live replica, or its replay at the scrub position.
    const engine::Match *shownMatch() const;
    /// The live replica of the selected match.
    const engine::Match *liveMatch() const;
    bool isLive() const { return !m_scrubbed.has_value(); }
    /// Last seq shown (the scrub position, or the live replica's last seq).
    std::uint64_t shownSeq() const;

public Q_SLOTS:
    void selectMatch(const QString &matchId);
    void setOmniscient(bool on);
    /// Shows the state right after event `seq`; at or past the end goes live.
    void scrubTo(quint64 seq);
    void goLive();

Q_SIGNALS:
    void selectionChanged(const QString &matchId);
    void omniscientChanged(bool on);
    void liveChanged(bool live);
    /// Whatever is shown changed (new events, another match, viewer, scrub).
    void shownChanged();
    /// The selected match's live log grew (the replay bar's range).
    void liveAdvanced();
    /// What the selected match's model seats did changed (telemetry, notes).
    void modelSeatsChanged();

private:
    void onMatchAdvanced(const QString &matchId, qsizetype firstNew);
    void syncModels();

    ReplicaSet *m_replicas;
    PlayersModel *m_players;
    TranscriptModel *m_transcript;
    VoteTallyModel *m_votes;
    KeyMomentsModel *m_moments;
    TimelineModel *m_timeline;
    QString m_selected;
    bool m_omniscient = false;
    std::optional<engine::Match> m_scrubbed;
};

} // namespace townhall::ui
