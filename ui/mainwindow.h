// SPDX-License-Identifier: MIT
#pragma once

#include "ui/hostlink.h"
#include "ui/spectatorcontroller.h"

#include <QMainWindow>
#include <QPointer>
#include <QSet>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMessageBox;
class QSpinBox;
class QToolButton;
class QDockWidget;

namespace townhall::ui {

class AgentsPanel;
class CrierVoice;
class BroadcastWindow;
class InspectorDock;
class InviteDialog;
class LeaderboardPanel;
class PlayerPanel;
class ReplicaSet;
class SpectatorPanel;
class TownMapScene;
class TownMapView;

/// The host's window: the town map and queue on the left, the spectator panel
/// for the selected match on the right, host controls and the MCP URL above.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(HostLink *link, QWidget *parent = nullptr);
    ~MainWindow() override;

    void setClock(Clock clock);
    void setSettings(const HostSettings &settings);
    HostSettings settings() const { return m_settings; }

    ReplicaSet *replicas() const { return m_replicas; }
    SpectatorController *controller() const { return m_controller; }
    SpectatorPanel *spectatorPanel() const { return m_panel; }
    TownMapScene *mapScene() const { return m_scene; }
    TownMapView *mapView() const { return m_mapView; }
    QAction *omniscientAction() const { return m_omniscient; }
    QAction *pauseAction() const { return m_pause; }
    QAction *skipAction() const { return m_skip; }
    /// Breakpoints of the selected match (Match menu) and the agents panel
    /// (a dock, hidden until Town Hall → Agents).
    QAction *breakAtPhaseAction() const { return m_breakPhase; }
    QAction *breakBeforeVoteAction() const { return m_breakVote; }
    QAction *stepAction() const { return m_step; }
    QAction *agentsAction() const;
    AgentsPanel *agentsPanel() const { return m_agentsPanel; }
    QAction *demoAction() const { return m_demo; }
    QAction *fillAction() const { return m_fill; }
    QComboBox *speedBox() const { return m_speed; }
    QString mcpUrl() const;
    QListWidget *queueList() const { return m_queue; }
    /// The last problem the host reported (empty when none), as shown.
    QString problemText() const;
    QLabel *serverStatusLabel() const { return m_serverStatus; }
    QLabel *matchesStatusLabel() const { return m_matchesStatus; }
    /// The tool-call inspector (hidden until View → Tool-call inspector).
    InspectorDock *inspector() const { return m_inspector; }
    QAction *inspectorAction() const;
    /// View → Seat health: the seats' health in a dock of its own (any view).
    QAction *seatHealthAction() const;
    QDockWidget *seatHealthDock() const { return m_healthDock; }
    /// Match → Copy chapters: the selected match's video chapters to the clipboard.
    QAction *copyChaptersAction() const { return m_copyChapters; }
    /// The Town Crier's voice whose choices the settings dialog edits (not owned; may be null).
    void setCrierVoice(CrierVoice *voice) { m_voice = voice; }
    /// View → Broadcast window: opens (or raises) the window fed by this
    /// host's own spectator feed. Match → Watch a host…: another host's feed.
    QAction *broadcastAction() const { return m_broadcastAction; }
    QAction *watchAction() const { return m_watchAction; }
    BroadcastWindow *broadcastWindow() const;
    /// Tournament → New tournament… (emits newTournamentRequested) and
    /// Tournament → Leaderboard (shows the leaderboard's dock).
    QAction *newTournamentAction() const { return m_newTournament; }
    /// Tournament → Open shared tournament… (emits openSharedTournamentRequested).
    QAction *openSharedTournamentAction() const { return m_openSharedTournament; }
    QAction *leaderboardAction() const { return m_leaderboardAction; }
    /// The tournament leaderboard, created (in its hidden dock) on first use.
    LeaderboardPanel *leaderboard();
    /// The Help menu's entry in the menu bar: menus the app adds go before it.
    QAction *helpMenuAction() const { return m_helpMenu; }
    /// Match → Invite players…: opens (or raises) the dialog that offers
    /// seats to people on other devices; null before it was first opened.
    QAction *inviteAction() const { return m_inviteAction; }
    InviteDialog *inviteDialog() const;

    /// The person at this computer plays a seat ("Me"): its panel, in a dock
    /// shown when the first player document comes (null before).
    PlayerPanel *playerPanel() const { return m_player; }
    QDockWidget *playerDock() const { return m_playerDock; }
    /// The match whose spoilers are locked (the person plays in it and it
    /// runs; empty when none): no omniscient view, none of its calls in the
    /// inspector, no models' thoughts. The line saying so, and the action
    /// that unlocks them anyway and marks the match spoiled.
    QString spoilerLockedMatch() const { return m_lockedMatch; }
    QLabel *spoilerLockLabel() const { return m_lockLabel; }
    QAction *unlockSpoilersAction() const { return m_unlock; }

public Q_SLOTS:
    void showBroadcastWindow();
    void showInviteDialog();
    void showLeaderboard();

Q_SIGNALS:
    /// The broadcast window was created (View → Broadcast window): connect
    /// to its shownMatchChanged to follow the match it puts on screen.
    void broadcastWindowOpened(townhall::ui::BroadcastWindow *window);
    /// Tournament → New tournament…: the app opens the dialog (it knows the providers).
    void newTournamentRequested();
    /// Tournament → Open shared tournament…: the app opens the dialog (it
    /// reaches the database off the UI thread).
    void openSharedTournamentRequested();

public Q_SLOTS:
    void showSettings();
    void showAbout();
    void copyMcpUrl();
    void copyChapters();

private:
    void buildActions();
    void buildToolBar();
    void buildMenus();
    void buildBreakpointsAndAgents();
    void onMatchAdvanced(const QString &matchId);
    void onQueueChanged(const QStringList &names);
    void onServerInfo(const QString &url, const QString &status);
    void onSpeedChanged(double factor);
    void onProblem(const QString &message);
    void onProblemSolved();
    void onNotice(const QString &message);
    void onPlayerDocument(const QString &code, const QByteArray &document);
    void applySpoilerLock();
    /// Tells the host whether the panel is there for the person: the dock
    /// open and the match running (HostLink::playerPanelAttached).
    void announcePanel();
    void unlockSpoilers();
    void refreshControls();
    void applyTheme();
    void buildInspector();
    void buildSeatHealth();
    /// The seat health dock's height that shows every card whole.
    int seatHealthHeight() const;
    /// Asks the host for tool calls while the inspector or seat health is shown.
    void wantToolCalls();

    HostLink *m_link;
    ReplicaSet *m_replicas;
    SpectatorController *m_controller;
    TownMapScene *m_scene;
    TownMapView *m_mapView;
    SpectatorPanel *m_panel;
    QListWidget *m_queue;
    QLabel *m_queueCaption;
    InspectorDock *m_inspector = nullptr;
    QDockWidget *m_healthDock = nullptr;
    bool m_callsWanted = false;
    bool m_inspectorOn = false; ///< the inspector's toggle is on
    HostSettings m_settings;

    QAction *m_omniscient = nullptr;
    QAction *m_demo = nullptr;
    QAction *m_fill = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_skip = nullptr;
    QAction *m_settingsAction = nullptr;
    QAction *m_about = nullptr;
    QAction *m_fit = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_breakPhase = nullptr;
    QAction *m_breakVote = nullptr;
    QAction *m_step = nullptr;
    QAction *m_copyChapters = nullptr;
    CrierVoice *m_voice = nullptr;
    QAction *m_broadcastAction = nullptr;
    QAction *m_watchAction = nullptr;
    QAction *m_inviteAction = nullptr;
    QPointer<InviteDialog> m_inviteDialog;
    QPointer<BroadcastWindow> m_broadcast;
    AgentsPanel *m_agentsPanel = nullptr;
    QDockWidget *m_agentsDock = nullptr;
    QAction *m_newTournament = nullptr;
    QAction *m_openSharedTournament = nullptr;
    QAction *m_leaderboardAction = nullptr;
    QAction *m_helpMenu = nullptr;
    LeaderboardPanel *m_leaderboard = nullptr;
    QDockWidget *m_leaderboardDock = nullptr;
    QSpinBox *m_fillCount = nullptr;
    QComboBox *m_speed = nullptr;
    QLineEdit *m_url = nullptr;
    QToolButton *m_copy = nullptr;
    QLabel *m_serverStatus = nullptr;
    QLabel *m_matchesStatus = nullptr;
    QLabel *m_problem = nullptr;
    QMessageBox *m_problemBox = nullptr;
    PlayerPanel *m_player = nullptr;
    QDockWidget *m_playerDock = nullptr;
    QString m_playerCode;
    QString m_announcedCode; ///< the seat whose attachment the host knows
    bool m_announced = true; ///< what it knows (a new local seat starts attached)
    QString m_lockedMatch;
    QSet<QString> m_spoiled; ///< matches unlocked anyway
    QWidget *m_lockBar = nullptr;
    QLabel *m_lockLabel = nullptr;
    QAction *m_unlock = nullptr;
    QString m_omniscientTip;
    bool m_userPicked = false;      ///< the user chose a match on the map
    bool m_showingOldMatch = false; ///< auto-selected a match that had already ended
};

} // namespace townhall::ui
