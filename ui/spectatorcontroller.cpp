// SPDX-License-Identifier: MIT
#include "ui/spectatorcontroller.h"

#include "ui/keymomentsmodel.h"
#include "ui/logging.h"
#include "ui/playersmodel.h"
#include "ui/replicaset.h"
#include "ui/timelinemodel.h"
#include "ui/transcriptmodel.h"
#include "ui/votetallymodel.h"

#include <algorithm>

#include <QDateTime>

namespace townhall::ui {

Clock systemClock()
{
    return [] {
        return QDateTime::currentMSecsSinceEpoch();
    };
}

SpectatorController::SpectatorController(ReplicaSet *replicas, QObject *parent)
    : QObject(parent)
    , m_replicas(replicas)
    , m_players(new PlayersModel(this))
    , m_transcript(new TranscriptModel(this))
    , m_votes(new VoteTallyModel(this))
    , m_moments(new KeyMomentsModel(this))
    , m_timeline(new TimelineModel(this))
{
    connect(m_replicas, &ReplicaSet::matchAdvanced, this, &SpectatorController::onMatchAdvanced);
    m_transcript->setModelSeats(m_replicas->modelSeats());
    connect(
        m_replicas->modelSeats(), &ModelSeatBook::changed, this, [this](const QString &matchId) {
            if (matchId != m_selected)
                return;
            m_transcript->syncNotes();
            Q_EMIT modelSeatsChanged();
        });
}

SpectatorController::~SpectatorController() = default;

engine::Viewer SpectatorController::viewer() const
{
    return m_omniscient ? engine::Viewer::omniscient() : engine::Viewer::spectator();
}

const engine::Match *SpectatorController::liveMatch() const
{
    return m_selected.isEmpty() ? nullptr : m_replicas->match(m_selected);
}

const engine::Match *SpectatorController::shownMatch() const
{
    return m_scrubbed ? &*m_scrubbed : liveMatch();
}

std::uint64_t SpectatorController::shownSeq() const
{
    const engine::Match *m = shownMatch();
    return m ? m->state().lastSeq : 0;
}

void SpectatorController::selectMatch(const QString &matchId)
{
    if (matchId == m_selected)
        return;
    m_selected = matchId;
    const bool wasLive = isLive();
    m_scrubbed.reset();
    syncModels();
    Q_EMIT selectionChanged(matchId);
    if (!wasLive)
        Q_EMIT liveChanged(true);
    Q_EMIT shownChanged();
}

void SpectatorController::setOmniscient(bool on)
{
    if (on == m_omniscient)
        return;
    m_omniscient = on;
    qCInfo(lcUi) << "omniscient view" << (on ? "on" : "off");
    syncModels();
    Q_EMIT omniscientChanged(on);
    Q_EMIT shownChanged();
}

void SpectatorController::scrubTo(quint64 seq)
{
    const engine::Match *live = liveMatch();
    if (!live)
        return;
    if (seq >= live->state().lastSeq) {
        goLive();
        return;
    }
    seq = std::max<quint64>(seq, 1);
    if (m_scrubbed && m_scrubbed->state().lastSeq == seq)
        return;
    const auto &log = live->log();
    std::optional<engine::Match> m;
    if (m_scrubbed && m_scrubbed->state().lastSeq < seq) {
        // Forward: keep folding the copy we have.
        m = std::move(m_scrubbed);
        for (std::size_t i = m->log().size(); i < seq; ++i)
            m->apply(log[i]);
    } else {
        const std::vector<engine::Event> prefix(log.begin(), log.begin() + std::ptrdiff_t(seq));
        std::string why;
        m = engine::Match::replay(prefix, &why);
        if (!m) {
            qCWarning(lcUi) << "replay failed:" << why.c_str();
            return;
        }
    }
    const bool wasLive = isLive();
    m_scrubbed = std::move(m);
    syncModels();
    if (wasLive)
        Q_EMIT liveChanged(false);
    Q_EMIT shownChanged();
}

void SpectatorController::goLive()
{
    if (isLive())
        return;
    m_scrubbed.reset();
    syncModels();
    Q_EMIT liveChanged(true);
    Q_EMIT shownChanged();
}

void SpectatorController::onMatchAdvanced(const QString &matchId, qsizetype)
{
    if (matchId != m_selected)
        return;
    Q_EMIT liveAdvanced();
    if (!isLive())
        return; // the replay position holds still while the match goes on
    syncModels();
    Q_EMIT shownChanged();
}

void SpectatorController::syncModels()
{
    const engine::Match *m = shownMatch();
    const engine::Viewer v = viewer();
    m_players->sync(m, v);
    m_transcript->sync(m, v);
    m_votes->sync(m, v);
    m_moments->sync(m, v);
    m_timeline->sync(m, v);
}

} // namespace townhall::ui
