// SPDX-License-Identifier: MIT
#pragma once

#include "ui/spectatorcontroller.h"

#include <QPointer>
#include <QScrollArea>
#include <QWidget>

class QListView;
class QToolButton;

namespace townhall::ui {

class NarratorTicker;
class PhaseHeader;
class ReplayBar;
class SeatHealthModel;
class SeatHealthView;
class TimelineView;
class TranscriptDelegate;
class VoteTallyView;

/// Everything about the selected match: phase header, timeline, players,
/// transcript, live vote tally, key moments, the Town Crier and the replay bar.
class SpectatorPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpectatorPanel)

public:
    explicit SpectatorPanel(SpectatorController *controller, QWidget *parent = nullptr);
    ~SpectatorPanel() override;

    void setClock(Clock clock);

    SpectatorController *controller() const { return m_controller; }
    PhaseHeader *header() const { return m_header; }
    TimelineView *timelineView() const { return m_timeline; }
    QListView *playersView() const { return m_players; }
    QListView *transcriptView() const { return m_transcript; }
    QListView *momentsView() const { return m_moments; }
    VoteTallyView *voteTallyView() const { return m_votes; }
    NarratorTicker *ticker() const { return m_ticker; }
    ReplayBar *replayBar() const { return m_replay; }
    bool followsTranscript() const { return m_follow; }
    SeatHealthModel *seatHealth() const { return m_health; }
    SeatHealthView *seatHealthView() const { return m_healthView; }
    /// The seat health cards in a scroll area of their own, outside this
    /// panel's layout, so that a window gives them a place of their own
    /// (the main window: a dock) and the panel never shrinks for them.
    /// Owned by the panel until a window reparents it.
    QScrollArea *seatHealthArea() const { return m_healthArea; }
    bool seatHealthVisible() const { return m_healthShown; }

public Q_SLOTS:
    /// Selects and shows the transcript row of event `seq` (or the next shown one).
    void jumpToSeq(quint64 seq);
    /// Selects and shows the row of event `seq`, or the last shown one before
    /// it (the inspector's call → event link).
    void highlightSeq(quint64 seq);
    /// Whether seat health is shown (where seatHealthArea() was put): it is
    /// computed only then.
    void setSeatHealthVisible(bool visible);

Q_SIGNALS:
    /// The user clicked the transcript row of event `seq` of the shown match.
    void eventClicked(const QString &matchId, quint64 seq);

private:
    void syncShown();
    void onTranscriptRowsInserted();
    void updateFollow();
    void selectTranscriptRow(int row);
    void syncSeatHealth();
    qint64 shownNow() const;

    SpectatorController *m_controller;
    Clock m_clock;
    PhaseHeader *m_header;
    TimelineView *m_timeline;
    QListView *m_players;
    QListView *m_transcript;
    TranscriptDelegate *m_transcriptDelegate;
    QToolButton *m_latest;
    VoteTallyView *m_votes;
    QScrollArea *m_votesScroll;
    QListView *m_moments;
    NarratorTicker *m_ticker;
    ReplayBar *m_replay;
    SeatHealthModel *m_health;
    QPointer<QScrollArea> m_healthArea; ///< a dock may own (and delete) it first
    SeatHealthView *m_healthView;
    bool m_healthShown = false;
    bool m_follow = true;
    bool m_voteFocus = false;
};

} // namespace townhall::ui
