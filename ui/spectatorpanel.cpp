// SPDX-License-Identifier: MIT
#include "ui/spectatorpanel.h"

#include "ui/delegates.h"
#include "ui/keymomentsmodel.h"
#include "ui/narratorticker.h"
#include "ui/phaseheader.h"
#include "ui/playersmodel.h"
#include "ui/replaybar.h"
#include "ui/replicaset.h"
#include "ui/seathealth.h"
#include "ui/timelinemodel.h"
#include "ui/timelineview.h"
#include "ui/transcriptmodel.h"
#include "ui/uitext.h"
#include "ui/votetallymodel.h"
#include "ui/votetallyview.h"

#include <QLabel>
#include <QListView>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace townhall::ui {

namespace {

QLabel *caption(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    QFont f = l->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 0.9);
    f.setLetterSpacing(QFont::PercentageSpacing, 110);
    l->setFont(f);
    l->setContentsMargins(4, 4, 0, 2);
    l->setForegroundRole(QPalette::PlaceholderText); // follows theme changes
    return l;
}

QWidget *section(const QString &title, QWidget *body, QWidget *parent, QLabel **label = nullptr)
{
    auto *w = new QWidget(parent);
    auto *v = new QVBoxLayout(w);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    QLabel *l = caption(title, w);
    l->setBuddy(body);
    v->addWidget(l);
    v->addWidget(body, 1);
    if (label)
        *label = l;
    return w;
}

void styleList(QListView *v)
{
    v->setFrameShape(QFrame::NoFrame);
    v->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    v->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    v->setUniformItemSizes(false);
    v->setResizeMode(QListView::Adjust);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setMouseTracking(true);
    v->setSpacing(0);
}

} // namespace

SpectatorPanel::SpectatorPanel(SpectatorController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_clock(systemClock())
    , m_header(new PhaseHeader(this))
    , m_timeline(new TimelineView(this))
    , m_players(new QListView(this))
    , m_transcript(new QListView(this))
    , m_transcriptDelegate(new TranscriptDelegate(m_transcript))
    , m_latest(new QToolButton(m_transcript))
    , m_votes(new VoteTallyView)
    , m_votesScroll(new QScrollArea(this))
    , m_moments(new QListView(this))
    , m_ticker(new NarratorTicker(this))
    , m_replay(new ReplayBar(controller, this))
    , m_health(new SeatHealthModel(this))
    , m_healthArea(new QScrollArea)
    , m_healthView(new SeatHealthView(m_health))
{
    setAccessibleName(tr("Spectator panel"));
    m_health->setModelSeats(m_controller->replicas()->modelSeats());
    connect(m_controller,
            &SpectatorController::modelSeatsChanged,
            this,
            &SpectatorPanel::syncSeatHealth);
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(8, 8, 8, 6);
    v->setSpacing(6);
    v->addWidget(m_header);
    v->addWidget(m_timeline);

    // players
    styleList(m_players);
    m_players->setModel(m_controller->players());
    m_players->setModelColumn(PlayersModel::NameColumn);
    m_players->setItemDelegate(new PlayerDelegate(m_players));
    m_players->setAccessibleName(tr("Players"));
    m_players->setMinimumWidth(210);

    // transcript
    styleList(m_transcript);
    m_transcript->setModel(m_controller->transcript());
    m_transcript->setModelColumn(TranscriptModel::TextColumn);
    m_transcript->setItemDelegate(m_transcriptDelegate);
    m_transcript->setAccessibleName(tr("Transcript"));
    m_transcript->setWordWrap(true);
    m_transcript->setMinimumWidth(320);
    m_latest->setText(tr("↓ Latest"));
    m_latest->setAccessibleName(tr("Jump to the latest message"));
    m_latest->setToolTip(tr("Auto-scroll stopped because you scrolled up. Click to follow again."));
    m_latest->setAutoRaise(false);
    m_latest->hide();
    connect(m_latest, &QToolButton::clicked, this, [this] {
        m_follow = true;
        m_transcript->scrollToBottom();
        m_latest->hide();
    });
    connect(m_transcript->verticalScrollBar(),
            &QScrollBar::valueChanged,
            this,
            &SpectatorPanel::updateFollow);
    // The list lays out many rows in batches (a snapshot's whole history at
    // once): its range grows after the scroll to the bottom, which must not
    // read as the user scrolling up.
    connect(
        m_transcript->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int max) {
            if (m_follow)
                m_transcript->verticalScrollBar()->setValue(max);
        });
    connect(m_controller->transcript(),
            &QAbstractItemModel::rowsInserted,
            this,
            &SpectatorPanel::onTranscriptRowsInserted);
    connect(m_controller->transcript(), &QAbstractItemModel::modelReset, this, [this] {
        if (m_controller->isLive()) {
            m_follow = true;
            QTimer::singleShot(0, m_transcript, [this] { m_transcript->scrollToBottom(); });
        }
    });
    connect(m_transcript, &QListView::clicked, this, [this](const QModelIndex &idx) {
        const engine::Match *m = m_controller->shownMatch();
        if (m && idx.isValid())
            Q_EMIT eventClicked(qs(m->matchId()), idx.data(TranscriptModel::SeqRole).toULongLong());
    });
    connect(m_transcriptDelegate, &TranscriptDelegate::replyActivated, this, [this](int row) {
        const QModelIndex idx = m_controller->transcript()->index(row, TranscriptModel::TextColumn);
        m_transcript->setCurrentIndex(idx);
        m_transcript->scrollTo(idx, QAbstractItemView::PositionAtCenter);
    });

    // votes
    m_votes->setModel(m_controller->voteTally());
    m_votesScroll->setWidget(m_votes);
    m_votesScroll->setWidgetResizable(true);
    m_votesScroll->setFrameShape(QFrame::NoFrame);
    m_votesScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_votesScroll->setFocusPolicy(Qt::NoFocus);

    // key moments
    styleList(m_moments);
    m_moments->setModel(m_controller->keyMoments());
    m_moments->setModelColumn(KeyMomentsModel::TextColumn);
    m_moments->setItemDelegate(new MomentDelegate(m_moments));
    m_moments->setAccessibleName(tr("Key moments"));
    m_moments->setToolTip(tr("Click a moment to find it in the transcript"));
    auto jump = [this](const QModelIndex &idx) {
        if (idx.isValid())
            jumpToSeq(idx.data(KeyMomentsModel::JumpSeqRole).toULongLong());
    };
    connect(m_moments, &QListView::clicked, this, jump);
    connect(m_moments, &QListView::activated, this, jump);
    connect(m_timeline, &TimelineView::phaseActivated, this, &SpectatorPanel::jumpToSeq);

    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(section(tr("VOTE TALLY"), m_votesScroll, right));
    right->addWidget(section(tr("KEY MOMENTS"), m_moments, right));
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setSizes({330, 220});
    right->setChildrenCollapsible(false);

    auto *body = new QSplitter(Qt::Horizontal, this);
    body->addWidget(section(tr("PLAYERS"), m_players, body));
    body->addWidget(section(tr("TRANSCRIPT"), m_transcript, body));
    body->addWidget(right);
    body->setStretchFactor(0, 0);
    body->setStretchFactor(1, 1);
    body->setStretchFactor(2, 0);
    body->setSizes({250, 520, 300});
    body->setChildrenCollapsible(false);
    right->setMinimumWidth(260);
    // While the town votes, the tally is the story: give it most of the column.
    connect(m_controller->voteTally(), &VoteTallyModel::summaryChanged, right, [this, right] {
        const bool live = m_controller->voteTally()->summary().live;
        if (live == m_voteFocus)
            return;
        m_voteFocus = live;
        const int h = right->height();
        right->setSizes(live ? QList<int>{h * 3 / 4, h / 4} : QList<int>{h * 3 / 5, h * 2 / 5});
    });
    v->addWidget(body, 1);
    m_healthArea->setObjectName(QStringLiteral("seatHealthArea"));
    m_healthArea->setWidget(m_healthView);
    m_healthArea->setWidgetResizable(true);
    m_healthArea->setFrameShape(QFrame::NoFrame);
    m_healthArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_healthArea->setAccessibleName(tr("Seat health"));
    v->addWidget(m_ticker);
    v->addWidget(m_replay);

    setTabOrder(m_players, m_transcript);
    setTabOrder(m_transcript, m_moments);
    setTabOrder(m_moments, m_replay->slider());

    connect(m_controller, &SpectatorController::shownChanged, this, &SpectatorPanel::syncShown);
    setClock(systemClock());
    syncShown();
}

SpectatorPanel::~SpectatorPanel()
{
    if (m_healthArea && !m_healthArea->parent())
        delete m_healthArea.data(); // never given a place
}

void SpectatorPanel::setClock(Clock clock)
{
    m_clock = std::move(clock);
    m_header->setClock(m_clock);
    m_timeline->setClock([this] { return shownNow(); });
    m_health->setClock([this] { return shownNow(); });
    m_timeline->setModel(m_controller->timeline());
}

qint64 SpectatorPanel::shownNow() const
{
    const engine::Match *m = m_controller->shownMatch();
    if (m && (!m_controller->isLive() || m->state().paused) && !m->log().empty())
        return m->log().back().at;
    return m_clock();
}

void SpectatorPanel::syncShown()
{
    const engine::Match *m = m_controller->shownMatch();
    std::optional<qint64> frozen;
    if (m && !m_controller->isLive() && !m->log().empty())
        frozen = m->log().back().at;
    m_header->syncWithMatch(m, frozen, m_controller->omniscient());
    m_ticker->syncWithMatch(m, m_controller->viewer());
    m_timeline->update();
    syncSeatHealth();
}

void SpectatorPanel::setSeatHealthVisible(bool visible)
{
    m_healthShown = visible;
    syncSeatHealth();
}

void SpectatorPanel::syncSeatHealth()
{
    // Only while shown: it scans the shown log.
    if (!m_healthShown)
        return;
    m_health->sync(m_controller->shownMatch(), m_controller->viewer(), m_controller->isLive());
}

void SpectatorPanel::onTranscriptRowsInserted()
{
    if (m_follow)
        QTimer::singleShot(0, m_transcript, [this] {
            if (m_follow)
                m_transcript->scrollToBottom();
        });
    else
        m_latest->show();
    m_latest->adjustSize();
    m_latest->move(m_transcript->width() - m_latest->width() - 18,
                   m_transcript->height() - m_latest->height() - 10);
}

void SpectatorPanel::updateFollow()
{
    const QScrollBar *sb = m_transcript->verticalScrollBar();
    m_follow = sb->value() >= sb->maximum() - 4;
    if (m_follow)
        m_latest->hide();
}

void SpectatorPanel::jumpToSeq(quint64 seq)
{
    selectTranscriptRow(m_controller->transcript()->rowForSeq(seq));
}

void SpectatorPanel::highlightSeq(quint64 seq)
{
    if (!m_controller->isLive() && seq > m_controller->shownSeq())
        m_controller->goLive();
    selectTranscriptRow(m_controller->transcript()->rowAtOrBefore(seq));
}

void SpectatorPanel::selectTranscriptRow(int row)
{
    if (row < 0)
        return;
    const QModelIndex idx = m_controller->transcript()->index(row, TranscriptModel::TextColumn);
    m_follow = false;
    m_transcript->setCurrentIndex(idx);
    m_transcript->scrollTo(idx, QAbstractItemView::PositionAtCenter);
    updateFollow();
    if (!m_follow)
        m_latest->show();
}

} // namespace townhall::ui
