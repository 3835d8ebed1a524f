// SPDX-License-Identifier: MIT
#include "ui/mainwindow.h"

#include "ui/broadcastwindow.h"
#include "ui/feedclient.h"
#include "ui/watchwindow.h"

#include "ui/agentspanel.h"
#include "ui/inspectordock.h"
#include "ui/leaderboardpanel.h"
#include "ui/logging.h"
#include "ui/play/invitedialog.h"
#include "ui/play/playerpanel.h"
#include "ui/replicaset.h"
#include "ui/seathealth.h"
#include "ui/settingsdialog.h"
#include "ui/spectatorpanel.h"
#include "ui/theme.h"
#include "ui/toolcallmodel.h"
#include "ui/townmapscene.h"
#include "ui/townmapview.h"
#include "ui/voice.h"

#include "engine/chapters.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <cmath>

namespace townhall::ui {

namespace {

/// A status bar label that is cut with "…" where the room ends instead of
/// running into its neighbours (the whole text is its tooltip).
class ElidingLabel final : public QLabel
{
public:
    using QLabel::QLabel;
    QSize minimumSizeHint() const override { return {0, QLabel::minimumSizeHint().height()}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const QRect r = contentsRect();
        p.setPen(palette().color(foregroundRole()));
        p.drawText(
            r, int(alignment()), fontMetrics().elidedText(text(), Qt::ElideRight, r.width()));
    }
};

} // namespace

MainWindow::MainWindow(HostLink *link, QWidget *parent)
    : QMainWindow(parent)
    , m_link(link)
    , m_replicas(new ReplicaSet(this))
    , m_controller(new SpectatorController(m_replicas, this))
    , m_scene(new TownMapScene(this))
    , m_mapView(new TownMapView(m_scene))
    , m_panel(new SpectatorPanel(m_controller))
    , m_queue(new QListWidget)
    , m_queueCaption(new QLabel)
{
    setWindowTitle(tr("Town Hall"));
    setMinimumSize(1024, 640);
    // Watched from across a room: never smaller than a comfortable reading size.
    QFont f = font();
    if (f.pointSizeF() < 10.5) {
        f.setPointSizeF(10.5);
        setFont(f);
    }

    buildActions();
    buildToolBar();
    buildInspector();
    buildMenus();

    auto *left = new QWidget;
    auto *lv = new QVBoxLayout(left);
    lv->setContentsMargins(8, 8, 0, 6);
    lv->setSpacing(4);
    lv->addWidget(m_mapView, 1);
    QFont capFont = m_queueCaption->font();
    capFont.setBold(true);
    capFont.setPointSizeF(capFont.pointSizeF() * 0.9);
    m_queueCaption->setFont(capFont);
    m_queueCaption->setBuddy(m_queue);
    lv->addWidget(m_queueCaption);
    m_queue->setAccessibleName(tr("Agents waiting in the queue"));
    m_queue->setMaximumHeight(fontMetrics().height() * 3 + 12);
    m_queue->setFlow(QListView::LeftToRight);
    m_queue->setWrapping(true);
    m_queue->setSpacing(3);
    m_queue->setSelectionMode(QAbstractItemView::NoSelection);
    lv->addWidget(m_queue);
    onQueueChanged({});

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_panel);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({370, 910});
    split->setChildrenCollapsible(false);
    left->setMinimumWidth(240);
    // The spoiler lock's line, over everything while the person plays.
    m_lockBar = new QWidget;
    m_lockBar->setAutoFillBackground(true);
    auto *lockRow = new QHBoxLayout(m_lockBar);
    lockRow->setContentsMargins(10, 4, 10, 4);
    m_lockLabel = new QLabel;
    m_lockLabel->setWordWrap(true);
    m_lockLabel->setAccessibleName(tr("Spoilers locked"));
    lockRow->addWidget(m_lockLabel, 1);
    auto *unlockButton = new QToolButton;
    unlockButton->setDefaultAction(m_unlock);
    unlockButton->setAccessibleName(m_unlock->text().remove(QLatin1Char('&')));
    lockRow->addWidget(unlockButton);
    m_lockBar->hide();
    auto *central = new QWidget;
    auto *cv = new QVBoxLayout(central);
    cv->setContentsMargins(0, 0, 0, 0);
    cv->setSpacing(0);
    cv->addWidget(m_lockBar);
    cv->addWidget(split, 1);
    setCentralWidget(central);

    m_serverStatus = new ElidingLabel(this);
    m_serverStatus->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_matchesStatus = new QLabel(this);
    m_matchesStatus->setContentsMargins(12, 0, 4, 0); // apart from the server's line
    m_problem = new QLabel(this);
    m_problem->setAccessibleName(tr("Problem"));
    m_problem->setForegroundRole(QPalette::BrightText);
    m_problem->setAutoFillBackground(true);
    m_problem->setContentsMargins(6, 0, 6, 0);
    m_problem->hide();
    statusBar()->addWidget(m_serverStatus, 1);
    statusBar()->addPermanentWidget(m_problem);
    statusBar()->addPermanentWidget(m_matchesStatus);

    connect(m_link, &HostLink::matchEvents, m_replicas, &ReplicaSet::ingest);
    connect(
        m_link, &HostLink::modelSeatsReported, m_replicas->modelSeats(), &ModelSeatBook::ingest);
    connect(m_link, &HostLink::queueChanged, this, &MainWindow::onQueueChanged);
    connect(m_link, &HostLink::serverInfo, this, &MainWindow::onServerInfo);
    connect(m_link, &HostLink::speedChanged, this, &MainWindow::onSpeedChanged);
    connect(m_link, &HostLink::problem, this, &MainWindow::onProblem);
    connect(m_link, &HostLink::problemSolved, this, &MainWindow::onProblemSolved);
    connect(m_link, &HostLink::notice, this, &MainWindow::onNotice);
    connect(m_link, &HostLink::playerDocument, this, &MainWindow::onPlayerDocument);
    connect(m_replicas, &ReplicaSet::matchAdvanced, this, &MainWindow::onMatchAdvanced);
    connect(
        m_scene, &TownMapScene::matchActivated, m_controller, &SpectatorController::selectMatch);
    connect(m_scene, &TownMapScene::matchActivated, this, [this] { m_userPicked = true; });
    connect(m_controller, &SpectatorController::selectionChanged, this, [this](const QString &id) {
        m_scene->setSelectedMatch(id);
        refreshControls();
    });
    connect(m_controller, &SpectatorController::shownChanged, this, &MainWindow::refreshControls);
    connect(
        m_controller, &SpectatorController::omniscientChanged, m_omniscient, &QAction::setChecked);

    onServerInfo(QString(), tr("waiting for the host"));
    applySpoilerLock();
    applyTheme();
    refreshControls();
}

MainWindow::~MainWindow() = default;

void MainWindow::setClock(Clock clock)
{
    m_panel->setClock(std::move(clock));
}

void MainWindow::buildActions()
{
    m_omniscient = new QAction(tr("&Omniscient view"), this);
    m_omniscient->setCheckable(true);
    m_omniscient->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_omniscient->setToolTip(
        tr("Show every role, the night actions, wolf chat and seer results — spoilers! "
           "(Ctrl+Shift+O). Changes only this window."));
    connect(m_omniscient, &QAction::toggled, m_controller, &SpectatorController::setOmniscient);
    m_omniscientTip = m_omniscient->toolTip();

    m_unlock = new QAction(tr("&Unlock anyway"), this);
    m_unlock->setToolTip(
        tr("Show the omniscient view, the inspector's calls and the models' thoughts of the "
           "match you play in; it is marked spoiled (left out of ratings)"));
    connect(m_unlock, &QAction::triggered, this, &MainWindow::unlockSpoilers);

    m_demo = new QAction(tr("&Demo match"), this);
    m_demo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_N));
    m_demo->setToolTip(tr("Start a match of eight built-in bots (Ctrl+N)"));
    connect(m_demo, &QAction::triggered, m_link, &HostLink::demoMatchRequested);

    m_fill = new QAction(tr("&Fill seats with bots"), this);
    m_fill->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_fill->setToolTip(tr("Queue built-in bots to fill the next table (Ctrl+B)"));
    connect(m_fill, &QAction::triggered, this, [this] {
        Q_EMIT m_link->fillSeatsRequested(m_fillCount->value());
    });

    m_pause = new QAction(tr("&Pause"), this);
    m_pause->setCheckable(true);
    m_pause->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    m_pause->setToolTip(tr("Pause or resume the selected match's clock (Ctrl+P)"));
    connect(m_pause, &QAction::triggered, this, [this](bool on) {
        if (!m_controller->selectedMatch().isEmpty())
            Q_EMIT m_link->pauseRequested(m_controller->selectedMatch(), on);
    });

    m_skip = new QAction(tr("&Skip phase"), this);
    m_skip->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Right));
    m_skip->setToolTip(tr("End the selected match's current phase now (Ctrl+Right)"));
    connect(m_skip, &QAction::triggered, this, [this] {
        if (!m_controller->selectedMatch().isEmpty())
            Q_EMIT m_link->skipPhaseRequested(m_controller->selectedMatch());
    });

    m_settingsAction = new QAction(tr("&Settings…"), this);
    m_settingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    m_settingsAction->setMenuRole(QAction::PreferencesRole);
    connect(m_settingsAction, &QAction::triggered, this, &MainWindow::showSettings);

    m_about = new QAction(tr("&About Town Hall"), this);
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, &MainWindow::showAbout);

    m_fit = new QAction(tr("&Fit the town"), this);
    m_fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_fit, &QAction::triggered, m_mapView, &TownMapView::fitTown);

    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_copyChapters = new QAction(tr("Copy &chapters"), this);
    m_copyChapters->setToolTip(tr("Copy the selected match's chapter marks for a video description "
                                  "(public events only)"));
    connect(m_copyChapters, &QAction::triggered, this, &MainWindow::copyChapters);
    buildBreakpointsAndAgents();
}

void MainWindow::buildBreakpointsAndAgents()
{
    // For agent developers: stop the selected match where its agents decide.
    auto selected = [this] {
        return m_controller->selectedMatch();
    };
    m_breakPhase = new QAction(tr("Break at each &phase"), this);
    m_breakPhase->setCheckable(true);
    m_breakPhase->setToolTip(tr("Pause the selected match as each new phase begins"));
    m_breakVote = new QAction(tr("Break before &vote resolution"), this);
    m_breakVote->setCheckable(true);
    m_breakVote->setToolTip(tr("Pause the selected match right before its votes are counted, "
                               "also when everyone voted early"));
    auto sendBreakpoints = [this, selected] {
        if (!selected().isEmpty())
            Q_EMIT m_link->breakpointsRequested(
                selected(), m_breakPhase->isChecked(), m_breakVote->isChecked());
    };
    connect(m_breakPhase, &QAction::triggered, this, sendBreakpoints);
    connect(m_breakVote, &QAction::triggered, this, sendBreakpoints);
    m_step = new QAction(tr("S&tep one phase"), this);
    m_step->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_step->setToolTip(
        tr("Play the selected match to the start of its next phase, then pause (Ctrl+.)"));
    connect(m_step, &QAction::triggered, this, [this, selected] {
        if (!selected().isEmpty())
            Q_EMIT m_link->stepRequested(selected());
    });

    m_agentsPanel = new AgentsPanel(m_link);
    m_agentsDock = new QDockWidget(tr("Agents"), this);
    m_agentsDock->setObjectName(QStringLiteral("agents"));
    m_agentsDock->setWidget(m_agentsPanel);
    addDockWidget(Qt::RightDockWidgetArea, m_agentsDock);
    m_agentsDock->hide();
    QAction *toggle = m_agentsDock->toggleViewAction();
    toggle->setText(tr("&Agents"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    toggle->setToolTip(
        tr("Register agents, see their sessions and matches, copy client configurations "
           "(Ctrl+Shift+A)"));
}

LeaderboardPanel *MainWindow::leaderboard()
{
    // Made on first use: most sessions never run a tournament.
    if (!m_leaderboard) {
        m_leaderboard = new LeaderboardPanel;
        m_leaderboardDock = new QDockWidget(tr("Leaderboard"), this);
        m_leaderboardDock->setObjectName(QStringLiteral("leaderboard"));
        m_leaderboardDock->setWidget(m_leaderboard);
        addDockWidget(Qt::BottomDockWidgetArea, m_leaderboardDock);
        m_leaderboardDock->hide();
    }
    return m_leaderboard;
}

void MainWindow::showLeaderboard()
{
    leaderboard();
    // The first time, the standings and their charts get most of the window
    // (a bottom dock starts at its minimum, too short to read them); after
    // that it keeps whatever height the user gave it.
    const bool first = !m_leaderboardDock->property("shownBefore").toBool();
    m_leaderboardDock->show();
    m_leaderboardDock->raise();
    if (first && !m_leaderboardDock->isFloating()) {
        m_leaderboardDock->setProperty("shownBefore", true);
        // Once the layout holds the dock: resizing it before does nothing.
        QTimer::singleShot(0, this, [this] {
            resizeDocks({m_leaderboardDock}, {std::max(420, height() * 3 / 5)}, Qt::Vertical);
        });
    }
}

QAction *MainWindow::agentsAction() const
{
    return m_agentsDock->toggleViewAction();
}

void MainWindow::buildToolBar()
{
    QToolBar *tb = addToolBar(tr("Controls"));
    tb->setObjectName(QStringLiteral("controls"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tb->addAction(m_omniscient);
    if (auto *b = qobject_cast<QToolButton *>(tb->widgetForAction(m_omniscient)))
        b->setAccessibleName(tr("Omniscient view"));
    tb->addSeparator();
    tb->addAction(m_demo);
    m_fillCount = new QSpinBox(tb);
    m_fillCount->setRange(1, 8);
    m_fillCount->setValue(8);
    m_fillCount->setAccessibleName(tr("Number of bots"));
    m_fillCount->setToolTip(tr("How many built-in bots to seat"));
    tb->addWidget(m_fillCount);
    tb->addAction(m_fill);
    tb->addSeparator();
    tb->addAction(m_pause);
    tb->addAction(m_skip);
    auto *speedLabel = new QLabel(tr(" Speed "), tb);
    tb->addWidget(speedLabel);
    m_speed = new QComboBox(tb);
    m_speed->setAccessibleName(tr("Speed factor"));
    m_speed->setToolTip(tr("Timer speed for the host's matches"));
    for (double f : {0.5, 1.0, 2.0, 5.0, 10.0, 20.0})
        m_speed->addItem(tr("×%1").arg(f), f);
    m_speed->setCurrentIndex(1);
    speedLabel->setBuddy(m_speed);
    connect(m_speed, &QComboBox::activated, this, [this](int i) {
        Q_EMIT m_link->speedFactorRequested(m_speed->itemData(i).toDouble());
    });
    tb->addWidget(m_speed);

    auto *spacer = new QWidget(tb);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    tb->addWidget(spacer);
    auto *mcpLabel = new QLabel(tr("MCP "), tb);
    QFont bold = mcpLabel->font();
    bold.setBold(true);
    mcpLabel->setFont(bold);
    tb->addWidget(mcpLabel);
    m_url = new QLineEdit(tb);
    m_url->setReadOnly(true);
    m_url->setAccessibleName(tr("MCP server URL"));
    m_url->setToolTip(tr("Point your agents' MCP client here"));
    m_url->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("http://127.0.0.1:65535/mcp")) + 24);
    mcpLabel->setBuddy(m_url);
    tb->addWidget(m_url);
    m_copy = new QToolButton(tb);
    m_copy->setText(tr("Copy"));
    m_copy->setAccessibleName(tr("Copy the MCP URL"));
    m_copy->setToolTip(tr("Copy the MCP URL to the clipboard"));
    connect(m_copy, &QToolButton::clicked, this, &MainWindow::copyMcpUrl);
    tb->addWidget(m_copy);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&Town Hall"));
    file->addAction(m_settingsAction);
    file->addAction(agentsAction());
    file->addSeparator();
    file->addAction(m_quit);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(m_omniscient);
    view->addAction(m_unlock);
    view->addAction(m_fit);
    view->addSeparator();
    view->addAction(seatHealthAction());
    view->addAction(inspectorAction());
    m_broadcastAction
        = view->addAction(tr("&Broadcast window"), this, &MainWindow::showBroadcastWindow);
    QMenu *match = menuBar()->addMenu(tr("&Match"));
    match->addAction(m_demo);
    match->addAction(m_fill);
    m_inviteAction = match->addAction(tr("&Invite players…"), this, &MainWindow::showInviteDialog);
    m_inviteAction->setToolTip(
        tr("Offer seats to people on phones and laptops of the local network"));
    match->addSeparator();
    match->addAction(m_pause);
    match->addAction(m_skip);
    match->addSeparator();
    match->addAction(m_breakPhase);
    match->addAction(m_breakVote);
    match->addAction(m_step);
    match->addSeparator();
    match->addAction(m_copyChapters);
    m_watchAction = match->addAction(tr("&Watch a host…"), this, [this] {
        if (auto url = WatchWindow::askForUrl(this)) {
            auto *w = new WatchWindow(*url);
            w->setAttribute(Qt::WA_DeleteOnClose);
            w->show();
        }
    });
    QMenu *tournament = menuBar()->addMenu(tr("&Tournament"));
    m_newTournament
        = tournament->addAction(tr("&New tournament…"), this, &MainWindow::newTournamentRequested);
    m_openSharedTournament = tournament->addAction(
        tr("Open &shared tournament…"), this, &MainWindow::openSharedTournamentRequested);
    m_openSharedTournament->setToolTip(
        tr("Follow a tournament that headless hosts play in a shared PostgreSQL database"));
    m_leaderboardAction
        = tournament->addAction(tr("&Leaderboard"), this, &MainWindow::showLeaderboard);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_about);
    m_helpMenu = help->menuAction();
}

InviteDialog *MainWindow::inviteDialog() const
{
    return m_inviteDialog;
}

void MainWindow::showInviteDialog()
{
    if (!m_inviteDialog)
        m_inviteDialog = new InviteDialog(m_link, this);
    m_inviteDialog->show();
    m_inviteDialog->raise();
    m_inviteDialog->activateWindow();
}

void MainWindow::copyChapters()
{
    // Chapters read the public events only (engine/chapters.h), whatever the
    // omniscient toggle shows: they are meant for a public video.
    const engine::Match *m = m_replicas->match(m_controller->selectedMatch());
    if (!m) {
        onNotice(tr("Select a match first."));
        return;
    }
    QApplication::clipboard()->setText(QString::fromStdString(engine::formatChapters(*m)));
    onNotice(tr("Chapters of %1 copied.").arg(m_controller->selectedMatch()));
}

QString MainWindow::mcpUrl() const
{
    return m_url->text();
}

BroadcastWindow *MainWindow::broadcastWindow() const
{
    return m_broadcast;
}

void MainWindow::showBroadcastWindow()
{
    if (!m_broadcast) {
        // Its own top-level window (no parent: capture software lists it on
        // its own), closed with the main window.
        m_broadcast = new BroadcastWindow;
        m_broadcast->setAttribute(Qt::WA_DeleteOnClose);
        connect(this, &QObject::destroyed, m_broadcast.data(), &QWidget::close);
        connect(m_link,
                &HostLink::serverInfo,
                m_broadcast.data(),
                [w = m_broadcast.data()](const QString &url) {
                    w->setFeedUrl(FeedClient::feedUrlForMcp(url));
                });
        m_broadcast->setFeedUrl(FeedClient::feedUrlForMcp(mcpUrl()));
        Q_EMIT broadcastWindowOpened(m_broadcast);
    }
    m_broadcast->show();
    m_broadcast->raise();
    m_broadcast->activateWindow();
}

void MainWindow::buildInspector()
{
    // For agent developers: the recorded MCP calls in a dock, and the seats'
    // health in the spectator panel, both shown together and off by default.
    // The host converts records for the UI only while the dock is open.
    m_inspector = new InspectorDock(m_controller, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_inspector);
    m_inspector->hide();
    QAction *toggle = m_inspector->toggleViewAction();
    toggle->setText(tr("Tool-call &inspector"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    toggle->setToolTip(
        tr("Every MCP call of every agent, night actions included (spoilers), with what each "
           "agent could see (Ctrl+Shift+I)"));
    connect(toggle, &QAction::toggled, this, [this](bool on) {
        if (on) // a third of the window, the spectator panel keeps the rest
            resizeDocks({m_inspector}, {std::max(260, height() / 3)}, Qt::Vertical);
        m_inspectorOn = on; // the dock itself is shown after this signal
        wantToolCalls();
    });
    buildSeatHealth();
    connect(m_link, &HostLink::toolCallsRecorded, m_inspector, &InspectorDock::addRecords);
    connect(
        m_link, &HostLink::toolCallsRecorded, m_panel->seatHealth(), &SeatHealthModel::addCalls);
    connect(m_link, &HostLink::serverInfo, m_inspector, [this](const QString &url) {
        m_inspector->setMcpUrl(url);
    });
    // call → event, and event → calls.
    connect(m_inspector,
            &InspectorDock::eventLinked,
            this,
            [this](const QString &matchId, quint64 seq) {
                if (matchId != m_controller->selectedMatch()) {
                    m_userPicked = true;
                    m_controller->selectMatch(matchId);
                }
                m_panel->highlightSeq(seq);
            });
    connect(
        m_panel, &SpectatorPanel::eventClicked, this, [this](const QString &matchId, quint64 seq) {
            if (m_inspector->isVisible())
                m_inspector->showCallsAround(matchId, seq);
        });
}

QAction *MainWindow::inspectorAction() const
{
    return m_inspector->toggleViewAction();
}

void MainWindow::buildSeatHealth()
{
    // A dock of its own, in every view: who owes what by when, missed
    // deadlines, the agents' latencies and errors, and the models of model
    // seats. Its cards wrap and scroll; the spectator panel never shrinks
    // for them.
    m_healthDock = new QDockWidget(tr("Seat health"), this);
    m_healthDock->setObjectName(QStringLiteral("seatHealth"));
    m_healthDock->setWidget(m_panel->seatHealthArea());
    addDockWidget(Qt::BottomDockWidgetArea, m_healthDock);
    // Full width right under the spectator panel; the inspector below it.
    splitDockWidget(m_healthDock, m_inspector, Qt::Vertical);
    m_healthDock->hide();
    QAction *toggle = m_healthDock->toggleViewAction();
    toggle->setText(tr("Seat &health"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    toggle->setToolTip(
        tr("Each seat's deadline, missed turns, latency and errors, and the model a model seat "
           "plays with (Ctrl+Shift+H)"));
    // Every card whole, at the dock's width; once the layout holds the dock
    // (resizing it before does nothing). Again when the cards need another
    // height (model seats add two lines).
    auto fit = [this] {
        QTimer::singleShot(0, this, [this] {
            if (!m_healthDock->isHidden() && !m_healthDock->isFloating())
                resizeDocks({m_healthDock}, {seatHealthHeight()}, Qt::Vertical);
        });
    };
    connect(m_panel->seatHealthView(), &SeatHealthView::cardsChanged, this, fit);
    connect(m_healthDock, &QDockWidget::visibilityChanged, this, [this, fit] {
        const bool on = !m_healthDock->isHidden();
        if (on == m_panel->seatHealthVisible())
            return;
        m_panel->setSeatHealthVisible(on);
        if (on)
            fit();
        wantToolCalls();
    });
}

int MainWindow::seatHealthHeight() const
{
    SeatHealthView *view = m_panel->seatHealthView();
    const int across
        = std::max(m_healthDock->width(), centralWidget() ? centralWidget()->width() : width());
    return view->heightForWidth(across)
           + 2 * m_healthDock->style()->pixelMetric(QStyle::PM_DockWidgetFrameWidth)
           + m_healthDock->fontMetrics().height() + 12; // the dock's title bar
}

QAction *MainWindow::seatHealthAction() const
{
    return m_healthDock->toggleViewAction();
}

void MainWindow::wantToolCalls()
{
    // The host converts its records for the UI only while someone reads
    // them: the inspector, or seat health (latencies and errors).
    const bool on = m_inspectorOn || m_panel->seatHealthVisible();
    if (on == m_callsWanted)
        return;
    m_callsWanted = on;
    Q_EMIT m_link->toolCallsWanted(on, m_inspector->calls()->lastId());
}

void MainWindow::copyMcpUrl()
{
    if (m_url->text().isEmpty())
        return;
    QApplication::clipboard()->setText(m_url->text());
    statusBar()->showMessage(tr("Copied %1").arg(m_url->text()), 3000);
}

void MainWindow::onMatchAdvanced(const QString &matchId)
{
    const engine::Match *m = m_replicas->match(matchId);
    if (!m)
        return;
    m_scene->syncMatch(*m);
    // Until the user picks one, the window shows a match by itself: the first
    // it hears of, or a running one instead of an old match (an earlier run's,
    // kept for replay) that had already ended when it was shown.
    const engine::Match *shown = m_controller->liveMatch();
    if (!shown
        || (!m_userPicked && m_showingOldMatch && !m->ended()
            && matchId != m_controller->selectedMatch())) {
        m_showingOldMatch = m->ended();
        m_controller->selectMatch(matchId);
    }
    int running = 0;
    for (const QString &id : m_replicas->matchIds())
        if (const engine::Match *x = m_replicas->match(id); x && !x->ended())
            ++running;
    m_matchesStatus->setText(
        tr("Matches: %1 running, %2 in total").arg(running).arg(m_replicas->matchIds().size()));
}

void MainWindow::onQueueChanged(const QStringList &names)
{
    m_scene->syncQueue(names);
    m_queue->clear();
    m_queue->addItems(names);
    m_queueCaption->setText(names.isEmpty() ? tr("QUEUE — nobody waiting")
                                            : tr("QUEUE — waiting: %1").arg(names.size()));
    m_queue->setVisible(!names.isEmpty());
}

void MainWindow::onServerInfo(const QString &url, const QString &status)
{
    m_url->setText(url);
    m_copy->setEnabled(!url.isEmpty());
    m_serverStatus->setText(url.isEmpty() ? tr("MCP server: %1").arg(status)
                                          : tr("MCP server %1 — %2").arg(url, status));
    m_serverStatus->setToolTip(m_serverStatus->text());
}

void MainWindow::onProblem(const QString &message)
{
    qCWarning(lcUi) << "problem:" << message;
    QPalette pal = m_problem->palette();
    pal.setColor(QPalette::Window, Theme::spoiler());
    pal.setColor(QPalette::BrightText, Qt::white);
    m_problem->setPalette(pal);
    m_problem->setText(tr("⚠ %1").arg(message));
    m_problem->setToolTip(message);
    m_problem->show();
    // One box at a time, never modal: the matches go on behind it.
    if (!m_problemBox) {
        m_problemBox = new QMessageBox(
            QMessageBox::Warning, tr("Town Hall — a problem"), QString(), QMessageBox::Ok, this);
        m_problemBox->setAttribute(Qt::WA_DeleteOnClose);
        m_problemBox->setWindowModality(Qt::NonModal);
        connect(m_problemBox, &QObject::destroyed, this, [this] { m_problemBox = nullptr; });
    }
    m_problemBox->setText(message);
    m_problemBox->show();
}

void MainWindow::onNotice(const QString &message)
{
    statusBar()->showMessage(message, 8000);
}

void MainWindow::onPlayerDocument(const QString &code, const QByteArray &document)
{
    if (!m_player) {
        m_player = new PlayerPanel;
        m_playerDock = new QDockWidget(tr("Your seat"), this);
        m_playerDock->setObjectName(QStringLiteral("player"));
        m_playerDock->setWidget(m_player);
        addDockWidget(Qt::RightDockWidgetArea, m_playerDock);
        QAction *toggle = m_playerDock->toggleViewAction();
        toggle->setText(tr("&Your seat"));
        toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y));
        toggle->setToolTip(tr("The seat you play: your role, what you know and your moves "
                              "(Ctrl+Shift+Y)"));
        if (QMenu *view = menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu")))
            view->addAction(toggle);
        connect(m_player, &PlayerPanel::actionRequested, this, [this](const QByteArray &action) {
            Q_EMIT m_link->playerAction(m_playerCode, action);
        });
        connect(m_playerDock, &QDockWidget::visibilityChanged, this, &MainWindow::announcePanel);
        m_playerDock->show();
        m_playerDock->raise();
    }
    m_playerCode = code;
    const QString before = m_player->matchId();
    m_player->setDocument(document);
    // The person's own table is the one to watch, unless they chose another.
    const QString match = m_player->matchId();
    if (match != before && !m_userPicked && m_replicas->match(match))
        m_controller->selectMatch(match);
    applySpoilerLock();
    announcePanel();
}

void MainWindow::announcePanel()
{
    if (!m_player || m_playerCode.isEmpty())
        return;
    // Closed by the user (not merely behind another tab), or nothing left to play.
    const bool attached = !m_playerDock->isHidden() && !m_player->matchEnded();
    if (m_playerCode != m_announcedCode) {
        m_announcedCode = m_playerCode;
        m_announced = true; // the host attaches a new local seat itself
    }
    if (attached == m_announced)
        return;
    m_announced = attached;
    Q_EMIT m_link->playerPanelAttached(m_playerCode, attached);
}

void MainWindow::applySpoilerLock()
{
    // While the person plays a running match, nothing in this window shows
    // what their seat may not know: the omniscient view (every role, night
    // actions, wolf chat, the models' thoughts) and the inspector's calls of
    // that match. Unlock anyway marks the match spoiled.
    const QString match = m_player ? m_player->matchId() : QString();
    const bool locked = !match.isEmpty() && !m_player->matchEnded() && !m_spoiled.contains(match);
    m_lockedMatch = locked ? match : QString();
    if (locked) {
        m_controller->setOmniscient(false);
        m_omniscient->setChecked(false);
        m_omniscient->setToolTip(tr("Locked while you play in %1").arg(match));
        m_lockLabel->setText(
            tr("Spoilers are locked: you play a seat in %1. The omniscient view, that match's "
               "calls in the inspector and the models' thoughts stay hidden until it ends.")
                .arg(match));
        QPalette pal = m_lockBar->palette();
        pal.setColor(QPalette::Window,
                     Theme::mix(pal.color(QPalette::Window), Theme::spoiler(), 0.2));
        m_lockBar->setPalette(pal);
    } else {
        m_omniscient->setToolTip(m_omniscientTip);
    }
    m_omniscient->setEnabled(!locked);
    m_unlock->setEnabled(locked);
    m_lockBar->setVisible(locked);
    m_inspector->setLockedMatches(locked ? QSet<QString>{match} : QSet<QString>{});
}

void MainWindow::unlockSpoilers()
{
    if (m_lockedMatch.isEmpty())
        return;
    const QString match = m_lockedMatch;
    m_spoiled.insert(match);
    Q_EMIT m_link->markSpoiled(match);
    applySpoilerLock();
    onNotice(tr("Spoilers unlocked: %1 is marked spoiled.").arg(match));
}

void MainWindow::onProblemSolved()
{
    m_problem->hide();
    m_problem->setToolTip(QString());
    if (m_problemBox)
        m_problemBox->close();
}

QString MainWindow::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->toolTip();
}

void MainWindow::onSpeedChanged(double factor)
{
    int best = 0;
    for (int i = 0; i < m_speed->count(); ++i)
        if (std::abs(m_speed->itemData(i).toDouble() - factor)
            < std::abs(m_speed->itemData(best).toDouble() - factor))
            best = i;
    m_speed->setCurrentIndex(best);
}

void MainWindow::refreshControls()
{
    const engine::Match *m = m_controller->liveMatch();
    const bool running = m && !m->ended();
    m_pause->setEnabled(running);
    m_skip->setEnabled(running && !m->state().paused);
    m_pause->setChecked(m && m->state().paused);
    m_pause->setText(m && m->state().paused ? tr("&Resume") : tr("&Pause"));
    const engine::Breakpoints bp = m ? m->breakpoints() : engine::Breakpoints{};
    m_breakPhase->setEnabled(running);
    m_breakVote->setEnabled(running);
    m_step->setEnabled(running);
    m_breakPhase->setChecked(bp.phaseBoundary);
    m_breakVote->setChecked(bp.beforeVoteResolution);
    QString title = tr("Town Hall");
    if (m)
        title = tr("Werewolf Game #%1 — Town Hall").arg(m->state().matchNumber);
    if (m_controller->omniscient())
        title += QStringLiteral(" ") % tr("[omniscient]");
    setWindowTitle(title);
}

void MainWindow::setSettings(const HostSettings &settings)
{
    m_settings = settings;
    applyTheme();
}

void MainWindow::applyTheme()
{
    Theme::apply(m_settings.themeFollowsSystem, m_settings.darkTheme);
    m_scene->setDark(Theme::isDark(QApplication::palette()));
    if (auto *b
        = qobject_cast<QToolButton *>(findChild<QToolBar *>()->widgetForAction(m_omniscient))) {
        QPalette pal = b->palette();
        pal.setColor(QPalette::Button,
                     Theme::mix(pal.color(QPalette::Button), Theme::spoiler(), 0.25));
        b->setPalette(pal);
    }
}

void MainWindow::showSettings()
{
    SettingsDialog dlg(this);
    dlg.setValues(m_settings);
    dlg.setRunningPort(QUrl(mcpUrl()).port(0));
    if (m_voice) {
        dlg.setVoice(m_voice->settings(), m_voice->status());
        connect(&dlg, &SettingsDialog::voiceTestRequested, m_voice, &CrierVoice::sayTest);
    }
    if (dlg.exec() != QDialog::Accepted)
        return;
    if (m_voice)
        m_voice->setSettings(dlg.voice());
    const HostSettings before = m_settings;
    setSettings(dlg.values());
    Q_EMIT m_link->settingsApplied(m_settings);
    if (before.port != m_settings.port || before.guestsAllowed != m_settings.guestsAllowed
        || before.dataDirectory != m_settings.dataDirectory
        || before.language != m_settings.language)
        onNotice(tr("Settings saved. The port, guest agents, data directory and language apply at "
                    "the next start."));
    else
        onNotice(tr("Settings saved."));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this,
                       tr("About Town Hall"),
                       tr("<h3>Town Hall</h3>"
                          "<p>Werewolf matches for LLM agents, hosted over MCP on this computer "
                          "and shown live.</p>"
                          "<p>The public view shows only what is public. The omniscient view is "
                          "for this window only; it changes nothing in play.</p>"));
}

} // namespace townhall::ui
