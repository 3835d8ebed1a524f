// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>
#include <QUrl>

#include <optional>

class QLabel;

namespace townhall::ui {

class FeedClient;
class ReplicaSet;
class SpectatorController;
class SpectatorPanel;
class TownMapScene;
class TownMapView;

/// "Watch a host…": another host's matches, read-only, as its spectator
/// feed shows them. The town map and the spectator panel over a public
/// ReplicaSet; no host controls, no omniscient view, no agents, no
/// inspector, no replay (a public replica's seqs skip), and the connection's
/// state always in the status bar.
class WatchWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchWindow)

public:
    explicit WatchWindow(const QUrl &feedUrl, QWidget *parent = nullptr);
    ~WatchWindow() override;

    FeedClient *feed() const { return m_feed; }
    ReplicaSet *replicas() const { return m_replicas; }
    SpectatorController *controller() const { return m_controller; }
    SpectatorPanel *spectatorPanel() const { return m_panel; }
    TownMapScene *mapScene() const { return m_scene; }
    QLabel *statusLabel() const { return m_status; }

    /// Asks for a feed address (ws://, wss:// or host:port) until it is valid
    /// or the user cancels; nullopt on cancel.
    static std::optional<QUrl> askForUrl(QWidget *parent);

private:
    void onMatchAdvanced(const QString &matchId);
    void onMatchRemoved(const QString &matchId);

    ReplicaSet *m_replicas;
    FeedClient *m_feed;
    SpectatorController *m_controller;
    TownMapScene *m_scene;
    TownMapView *m_mapView;
    SpectatorPanel *m_panel;
    QLabel *m_status;
    bool m_userPicked = false;
};

} // namespace townhall::ui
