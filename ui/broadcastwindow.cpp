// SPDX-License-Identifier: MIT
#include "ui/broadcastwindow.h"

#include "ui/delegates.h"
#include "ui/keymomentsmodel.h"
#include "ui/narratorticker.h"
#include "ui/phaseheader.h"
#include "ui/playersmodel.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"
#include "ui/theme.h"
#include "ui/uitext.h"
#include "ui/votetallymodel.h"
#include "ui/votetallyview.h"

#include "engine/payloads.h"

#include <QActionGroup>
#include <QContextMenuEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QUrlQuery>
#include <QVBoxLayout>
#include <QWidgetAction>

#include <algorithm>
#include <cmath>

namespace townhall::ui {

namespace {

using engine::EventType;
using engine::Phase;

const QString DelayKey = QStringLiteral("broadcast/delaySeconds");
constexpr int MaxDelaySeconds = 600;

/// The frame the type sizes below are chosen for; a larger window scales
/// them up (a 1080p capture reads like the 720p one, only sharper).
constexpr qreal BaseWidth = 1280;
constexpr qreal BaseHeight = 720;

/// Who has the floor and what they said last: the opening turn's holder
/// (with their line once they spoke), else the author of the latest public
/// message. Only public messages are read, whatever the replica holds.
struct Floor
{
    QString name;
    QString line;
    bool turn = false;
};

Floor floorOf(const engine::Match &m)
{
    const engine::MatchState &s = m.state();
    Floor f;
    std::string holder;
    if (s.phase == Phase::DayOpening && s.openingIndex >= 0
        && s.openingIndex < int(s.openingOrder.size()))
        holder = s.openingOrder[std::size_t(s.openingIndex)];
    const auto &log = m.log();
    for (auto it = log.rbegin(); it != log.rend(); ++it) {
        if (it->audience != engine::Audience::Public)
            continue;
        if (!holder.empty() && it->type == EventType::TurnStarted)
            break; // the holder has not spoken yet in this turn
        const auto said = engine::payloadAs<engine::payload::PublicMessage>(*it);
        if (!said)
            continue;
        const std::string who(said->playerId);
        if (!holder.empty() && who != holder)
            break;
        if (const engine::Player *p = m.player(who)) {
            f.name = qs(p->displayName);
            f.line = qs(said->text);
        }
        break;
    }
    if (!holder.empty()) {
        f.turn = true;
        if (const engine::Player *p = m.player(holder))
            f.name = qs(p->displayName);
    }
    return f;
}

} // namespace

BroadcastWindow::BroadcastWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_replicas(new ReplicaSet(true, this))
    , m_feed(new FeedClient(m_replicas, this))
    , m_controller(new SpectatorController(m_replicas, this))
    , m_title(new QLabel(this))
    , m_header(new PhaseHeader(this))
    , m_roster(new QListView(this))
    , m_speakerCaption(caption(tr("Now speaking"), this))
    , m_idle(new QWidget(this))
    , m_idleTitle(new QLabel(tr("Town Hall"), m_idle))
    , m_idleLine(new QLabel(m_idle))
    , m_idleNote(new QLabel(tr("Werewolf, played by AI agents"), m_idle))
    , m_speaker(new QLabel(this))
    , m_line(new QLabel(this))
    , m_voteBox(new QWidget(this))
    , m_votes(new VoteTallyView(m_voteBox))
    , m_moments(new QListView(this))
    , m_ticker(new NarratorTicker(this))
    , m_status(new QLabel(this))
{
    // The spectator view is the only one this window has: the controller's
    // omniscient switch is never touched, and the replicas are public anyway.
    setWindowTitle(tr("Town Hall — Broadcast"));
    setAccessibleName(tr("Broadcast window"));
    setPalette(Theme::palette(true));
    setAutoFillBackground(true);
    setType(this, 15);
    resize(1280, 720);
    m_elapsed.start();

    // The header names the match; this corner only says when the feed is delayed.
    setType(m_title, 13, true);
    m_title->setForegroundRole(QPalette::PlaceholderText);
    m_title->hide();
    setType(m_header, 14);
    m_header->setClock(m_feed->shownClock());

    m_roster->setModel(m_controller->players());
    m_roster->setModelColumn(PlayersModel::NameColumn);
    m_roster->setItemDelegate(new PlayerDelegate(m_roster));
    m_roster->setFrameShape(QFrame::NoFrame);
    m_roster->setSelectionMode(QAbstractItemView::NoSelection);
    m_roster->setFocusPolicy(Qt::NoFocus);
    m_roster->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_roster->setAccessibleName(tr("Players"));
    // Eight cards fit a 1280×720 frame; the larger tables (up to
    // twelve) may not, and a clipped card is worse than a scroll bar.
    m_roster->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setType(m_roster, 11);

    setType(m_speaker, 26, true);
    setType(m_line, 19);
    m_line->setWordWrap(true);
    m_line->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_speaker->setAccessibleName(tr("Now speaking"));
    m_line->setAccessibleName(tr("Last line"));

    m_votes->setModel(m_controller->voteTally());
    setType(m_votes, 15);
    auto *vb = new QVBoxLayout(m_voteBox);
    vb->setContentsMargins(0, 0, 0, 0);
    vb->addWidget(caption(tr("The vote"), m_voteBox));
    // In a scroll area: the tally's height for its width must not set the
    // window's minimum, which has to fit a 1280×720 frame.
    auto *scroll = new QScrollArea(m_voteBox);
    scroll->setWidget(m_votes);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    vb->addWidget(scroll, 1);

    m_moments->setModel(m_controller->keyMoments());
    auto *moments = new MomentDelegate(m_moments);
    moments->setJumpHint(false); // nothing to click on a stream
    m_moments->setItemDelegate(moments);
    m_moments->setFrameShape(QFrame::NoFrame);
    m_moments->setSelectionMode(QAbstractItemView::NoSelection);
    m_moments->setFocusPolicy(Qt::NoFocus);
    m_moments->setWordWrap(true);
    m_moments->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_moments->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // kept at its end
    m_moments->setAccessibleName(tr("Key moments"));
    setType(m_moments, 14);
    // The newest moment is the one a viewer wants: keep the list at its end.
    connect(m_moments->model(),
            &QAbstractItemModel::rowsInserted,
            m_moments,
            &QListView::scrollToBottom);
    connect(
        m_moments->model(), &QAbstractItemModel::modelReset, m_moments, &QListView::scrollToBottom);

    setType(m_ticker, 18);
    setType(m_status, 12);
    m_status->setForegroundRole(QPalette::PlaceholderText);

    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_title, 0, Qt::AlignTop | Qt::AlignRight);

    auto *left = new QVBoxLayout;
    // No caption: the named cards speak for themselves, and the room
    // lets eight fit a 1280×720 frame.
    left->addWidget(m_roster, 1);

    auto *center = new QVBoxLayout;
    center->addWidget(m_speakerCaption);
    center->addWidget(m_speaker);
    center->addWidget(m_line);
    center->addWidget(m_voteBox, 1);
    center->addStretch(0);

    auto *right = new QVBoxLayout;
    right->addWidget(caption(tr("Key moments"), this));
    right->addWidget(m_moments, 1);

    auto *middle = new QHBoxLayout;
    middle->setSpacing(24);
    middle->addLayout(left, 3);
    middle->addLayout(center, 5);
    middle->addLayout(right, 3);

    // The match, or between matches a card for the viewers (never a word
    // meant for the host).
    m_match = new QWidget(this);
    auto *page = new QVBoxLayout(m_match);
    page->setContentsMargins(0, 0, 0, 0);
    page->setSpacing(8);
    page->addLayout(top);
    page->addLayout(middle, 1);
    page->addWidget(m_ticker);

    setType(m_idleTitle, 44, true);
    setType(m_idleLine, 26);
    setType(m_idleNote, 16);
    m_idleNote->setForegroundRole(QPalette::PlaceholderText);
    for (QLabel *l : {m_idleTitle, m_idleLine, m_idleNote}) {
        l->setAlignment(Qt::AlignCenter);
        l->setWordWrap(true);
    }
    m_idle->setAccessibleName(tr("Between matches"));
    auto *idle = new QVBoxLayout(m_idle);
    idle->addStretch(2);
    idle->addWidget(m_idleTitle);
    idle->addSpacing(12);
    idle->addWidget(m_idleLine);
    idle->addWidget(m_idleNote);
    idle->addStretch(3);

    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(20, 12, 20, 10);
    v->setSpacing(8);
    v->addWidget(m_match, 1);
    v->addWidget(m_idle, 1);
    v->addWidget(m_status, 0, Qt::AlignRight);

    connect(m_replicas, &ReplicaSet::matchAdded, this, [this](const QString &id) {
        const engine::Match *m = m_replicas->match(id);
        follow(m_director.matchAppeared(id, now(), m && m->ended()));
    });
    connect(m_replicas, &ReplicaSet::matchRemoved, this, [this](const QString &id) {
        follow(m_director.matchRemoved(id, now()));
    });
    connect(m_replicas, &ReplicaSet::matchAdvanced, this, &BroadcastWindow::onMatchAdvanced);
    connect(m_feed, &FeedClient::keyMoment, this, &BroadcastWindow::onKeyMoment);
    connect(m_feed, &FeedClient::statusChanged, this, [this](const QString &text) {
        m_status->setText(text);
        // On a capture, a healthy connection says nothing.
        m_status->setVisible(m_feed->state() != FeedClient::State::Connected);
        if (!m_controller->shownMatch())
            syncShown(); // the card between matches says whether the feed is there
    });
    connect(m_controller, &SpectatorController::shownChanged, this, &BroadcastWindow::syncShown);
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, [this] { follow(m_director.tick(now())); });
    m_tick.start();

    m_delay = std::clamp(QSettings().value(DelayKey, 0).toInt(), 0, MaxDelaySeconds);
    m_status->setText(m_feed->statusText());
    syncShown();
}

BroadcastWindow::~BroadcastWindow() = default;

QLabel *BroadcastWindow::caption(const QString &text, QWidget *parent)
{
    auto *l = new QLabel(text.toUpper(), parent);
    setType(l, 13, true);
    l->setForegroundRole(QPalette::PlaceholderText);
    return l;
}

void BroadcastWindow::setType(QWidget *w, qreal points, bool bold)
{
    m_type.push_back({w, points, bold});
    applyType(m_type.back());
}

void BroadcastWindow::applyType(const Type &t) const
{
    QFont f = t.widget->font();
    f.setPointSizeF(t.points * m_typeScale);
    f.setBold(t.bold);
    t.widget->setFont(f);
}

qreal BroadcastWindow::typeScaleFor(QSize size)
{
    return std::clamp(std::min(size.width() / BaseWidth, size.height() / BaseHeight), 0.6, 3.0);
}

void BroadcastWindow::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const qreal scale = typeScaleFor(size());
    if (std::abs(scale - m_typeScale) < 0.01)
        return;
    m_typeScale = scale;
    // The window's own font first: the others are set on top of it.
    for (const Type &t : m_type)
        if (t.widget)
            applyType(t);
}

void BroadcastWindow::setFeedUrl(const QUrl &url)
{
    if (url == m_feedUrl)
        return;
    m_feedUrl = url;
    reconnect();
}

void BroadcastWindow::setDelaySeconds(int seconds)
{
    seconds = std::clamp(seconds, 0, MaxDelaySeconds);
    if (seconds == m_delay)
        return;
    m_delay = seconds;
    QSettings().setValue(DelayKey, seconds);
    reconnect();
    syncShown();
}

void BroadcastWindow::reconnect()
{
    if (!m_feedUrl.isValid() || m_feedUrl.isEmpty()) {
        m_feed->close();
        return;
    }
    QUrl u = m_feedUrl;
    QUrlQuery q(u);
    q.removeAllQueryItems(QStringLiteral("delay"));
    if (m_delay > 0)
        q.addQueryItem(QStringLiteral("delay"), QString::number(m_delay));
    u.setQuery(q);
    m_feed->open(u);
}

bool BroadcastWindow::frameless() const
{
    return windowFlags().testFlag(Qt::FramelessWindowHint);
}

void BroadcastWindow::setFrameless(bool on)
{
    if (on == frameless())
        return;
    const bool wasVisible = isVisible();
    setWindowFlag(Qt::FramelessWindowHint, on);
    if (wasVisible)
        show(); // changing the flags hides a window
}

void BroadcastWindow::lockOnMatch(const QString &matchId)
{
    follow(matchId.isEmpty() ? m_director.unlock(now()) : m_director.lock(matchId, now()));
}

QString BroadcastWindow::shownMatch() const
{
    return m_controller->selectedMatch();
}

void BroadcastWindow::onMatchAdvanced(const QString &matchId, qsizetype firstNew)
{
    const engine::Match *m = m_replicas->match(matchId);
    if (!m)
        return;
    // A rebuilt match (firstNew 0) replays its past: that is no news.
    if (firstNew == 0)
        return;
    bool changed = false;
    const auto &log = m->log();
    for (std::size_t i = std::size_t(firstNew); i < log.size(); ++i) {
        switch (log[i].type) {
        case EventType::VoteResult:
            changed |= m_director.cue(matchId, Director::Cue::VoteClosed, now());
            break;
        case EventType::PlayerEliminated:
            changed |= m_director.cue(matchId, Director::Cue::Death, now());
            break;
        case EventType::GameEnded:
            changed |= m_director.cue(matchId, Director::Cue::GameEnded, now());
            break;
        default:
            break;
        }
    }
    follow(changed);
    if (matchId == shownMatch())
        syncShown(); // the speaking card reads the log
}

void BroadcastWindow::onKeyMoment(const QString &matchId)
{
    follow(m_director.cue(matchId, Director::Cue::KeyMoment, now()));
}

void BroadcastWindow::follow(bool changed)
{
    const QString want = m_director.current();
    if (!changed && want == shownMatch())
        return;
    m_controller->selectMatch(want);
    Q_EMIT shownMatchChanged(want);
}

void BroadcastWindow::syncShown()
{
    const engine::Match *m = m_controller->shownMatch();
    m_header->syncWithMatch(m, std::nullopt, false);
    m_ticker->syncWithMatch(m, engine::Viewer::spectator());
    m_title->setText(tr("%n s delay", nullptr, m_delay));
    m_title->setVisible(m_delay > 0);
    const Floor f = m ? floorOf(*m) : Floor();
    m_speakerCaption->setText((f.turn ? tr("Now speaking") : tr("Last word")).toUpper());
    m_speaker->setText(f.name.isEmpty() ? QStringLiteral("—") : f.name);
    m_line->setText(f.line.isEmpty() ? QString() : QStringLiteral("“%1”").arg(f.line));
    const bool voting
        = m && (m->state().phase == Phase::DayVote || m->state().phase == Phase::DayResolution);
    m_voteBox->setVisible(voting);
    m_match->setVisible(m != nullptr);
    m_idle->setVisible(m == nullptr);
    m_idleLine->setText(m_feed->state() == FeedClient::State::Connected
                            ? tr("The next match starts soon")
                            : tr("Back in a moment"));
}

QMenu *BroadcastWindow::buildContextMenu()
{
    auto *menu = new QMenu(this);
    QAction *frame = menu->addAction(tr("Frameless window"));
    frame->setCheckable(true);
    frame->setChecked(frameless());
    connect(frame, &QAction::toggled, this, &BroadcastWindow::setFrameless);

    auto *delayRow = new QWidget(menu);
    auto *h = new QHBoxLayout(delayRow);
    h->setContentsMargins(24, 2, 8, 2);
    auto *label = new QLabel(tr("Delay:"), delayRow);
    auto *spin = new QSpinBox(delayRow);
    spin->setRange(0, MaxDelaySeconds);
    spin->setSuffix(tr(" s"));
    spin->setValue(m_delay);
    spin->setKeyboardTracking(false);
    spin->setAccessibleName(tr("Delay in seconds"));
    label->setBuddy(spin);
    h->addWidget(label);
    h->addWidget(spin);
    connect(spin, &QSpinBox::valueChanged, this, &BroadcastWindow::setDelaySeconds);
    auto *delay = new QWidgetAction(menu);
    delay->setDefaultWidget(delayRow);
    menu->addAction(delay);
    menu->addSeparator();

    auto *group = new QActionGroup(menu);
    QAction *followAction = menu->addAction(tr("Follow the action"));
    followAction->setCheckable(true);
    followAction->setChecked(!m_director.locked());
    group->addAction(followAction);
    connect(followAction, &QAction::triggered, this, [this] { lockOnMatch(QString()); });
    for (const QString &id : m_replicas->matchIds()) {
        const engine::Match *m = m_replicas->match(id);
        if (!m)
            continue;
        QAction *a = menu->addAction(tr("Lock on match %1").arg(m->state().matchNumber));
        a->setCheckable(true);
        a->setChecked(m_director.lockedMatch() == id);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, id] { lockOnMatch(id); });
    }
    menu->addSeparator();
    connect(menu->addAction(tr("Close")), &QAction::triggered, this, &QWidget::close);
    return menu;
}

void BroadcastWindow::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu *menu = buildContextMenu();
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

} // namespace townhall::ui
