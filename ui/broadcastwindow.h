// SPDX-License-Identifier: MIT
#pragma once

#include "ui/director.h"
#include "ui/feedclient.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>
#include <QUrl>
#include <QWidget>

#include <vector>

class QLabel;
class QListView;
class QMenu;

namespace townhall::ui {

class NarratorTicker;
class PhaseHeader;
class ReplicaSet;
class SpectatorController;
class VoteTallyView;

/// A window made to be captured by streaming software: no menus, big type on
/// a dark background, the phase and its countdown, the roster, who is
/// speaking, the vote as it is cast, the narrator's last line and the key
/// moments. It is fed by the spectator feed (its own FeedClient, with a
/// delay if wanted), never by the host's own data, so it can show nothing a
/// spectator of the feed could not see. A Director picks the match to show.
///
/// Everything else is in its context menu: the delay, frameless, which match.
class BroadcastWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BroadcastWindow)

public:
    explicit BroadcastWindow(QWidget *parent = nullptr);
    ~BroadcastWindow() override;

    /// Where the feed is (ws://host:port/spectate); reconnects when it changes.
    void setFeedUrl(const QUrl &url);
    QUrl feedUrl() const { return m_feedUrl; }
    /// Seconds the feed holds everything back (0–600); remembered.
    void setDelaySeconds(int seconds);
    int delaySeconds() const { return m_delay; }
    void setFrameless(bool on);
    bool frameless() const;
    /// Follow the action (empty) or stay on one match.
    void lockOnMatch(const QString &matchId);

    /// The match on screen now (for the Town Crier's voice and the like).
    QString shownMatch() const;
    FeedClient *feed() const { return m_feed; }
    ReplicaSet *replicas() const { return m_replicas; }
    SpectatorController *controller() const { return m_controller; }
    Director &director() { return m_director; }
    PhaseHeader *header() const { return m_header; }
    QLabel *speakerLabel() const { return m_speaker; }
    QLabel *lineLabel() const { return m_line; }
    VoteTallyView *voteTallyView() const { return m_votes; }
    NarratorTicker *ticker() const { return m_ticker; }
    QListView *momentsView() const { return m_moments; }
    /// Between matches: a card for the viewers instead of the match.
    QWidget *idleCard() const { return m_idle; }
    QWidget *matchPage() const { return m_match; }
    /// How much larger than at 1280×720 the type is at `size`.
    static qreal typeScaleFor(QSize size);
    qreal typeScale() const { return m_typeScale; }
    /// The context menu as it would open now (tests walk it).
    QMenu *buildContextMenu();

Q_SIGNALS:
    /// The match on screen changed (empty: none).
    void shownMatchChanged(const QString &matchId);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void reconnect();
    void onMatchAdvanced(const QString &matchId, qsizetype firstNew);
    void onKeyMoment(const QString &matchId);
    void follow(bool changed);
    void syncShown();
    qint64 now() const { return m_elapsed.elapsed(); }
    /// A widget's type: `points` at 1280×720, scaled with the window.
    struct Type
    {
        QPointer<QWidget> widget;
        qreal points = 0;
        bool bold = false;
    };
    void setType(QWidget *w, qreal points, bool bold = false);
    void applyType(const Type &t) const;
    QLabel *caption(const QString &text, QWidget *parent);

    ReplicaSet *m_replicas;
    FeedClient *m_feed;
    SpectatorController *m_controller;
    Director m_director;
    QElapsedTimer m_elapsed;
    QTimer m_tick;
    QUrl m_feedUrl;
    int m_delay = 0;
    QLabel *m_title;
    PhaseHeader *m_header;
    QListView *m_roster;
    std::vector<Type> m_type; ///< before the widgets: they are set as they are made
    qreal m_typeScale = 1.0;
    QLabel *m_speakerCaption;
    QWidget *m_idle;
    QLabel *m_idleTitle;
    QLabel *m_idleLine;
    QLabel *m_idleNote;
    QWidget *m_match = nullptr;
    QLabel *m_speaker;
    QLabel *m_line;
    QWidget *m_voteBox;
    VoteTallyView *m_votes;
    QListView *m_moments;
    NarratorTicker *m_ticker;
    QLabel *m_status;
};

} // namespace townhall::ui
