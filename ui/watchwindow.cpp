// SPDX-License-Identifier: MIT
#include "ui/watchwindow.h"

#include "ui/feedclient.h"
#include "ui/replaybar.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"
#include "ui/spectatorpanel.h"
#include "ui/theme.h"
#include "ui/townmapscene.h"
#include "ui/townmapview.h"

#include <QApplication>
#include <QInputDialog>
#include <QLabel>
#include <QSplitter>
#include <QStatusBar>

namespace townhall::ui {

WatchWindow::WatchWindow(const QUrl &feedUrl, QWidget *parent)
    : QMainWindow(parent)
    , m_replicas(new ReplicaSet(true, this))
    , m_feed(new FeedClient(m_replicas, this))
    , m_controller(new SpectatorController(m_replicas, this))
    , m_scene(new TownMapScene(this))
    , m_mapView(new TownMapView(m_scene))
    , m_panel(new SpectatorPanel(m_controller, this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Town Hall — watching %1").arg(feedUrl.authority()));
    setAccessibleName(tr("Watching a host"));
    // Scrubbing replays a log by seq, which a public replica's gaps do not
    // allow; the live view is all a remote spectator gets.
    m_panel->replayBar()->hide();
    m_panel->setClock(m_feed->shownClock());
    m_scene->setDark(Theme::isDark(QApplication::palette()));

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_mapView);
    split->addWidget(m_panel);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({370, 910});
    split->setChildrenCollapsible(false);
    m_mapView->setMinimumWidth(240);
    setCentralWidget(split);
    m_status->setAccessibleName(tr("Connection"));
    statusBar()->addWidget(m_status, 1);
    resize(1280, 800);

    connect(m_feed, &FeedClient::statusChanged, m_status, &QLabel::setText);
    connect(m_replicas, &ReplicaSet::matchAdvanced, this, [this](const QString &id, qsizetype) {
        onMatchAdvanced(id);
    });
    connect(m_replicas, &ReplicaSet::matchRemoved, this, &WatchWindow::onMatchRemoved);
    connect(
        m_scene, &TownMapScene::matchActivated, m_controller, &SpectatorController::selectMatch);
    connect(m_scene, &TownMapScene::matchActivated, this, [this] { m_userPicked = true; });
    connect(m_controller,
            &SpectatorController::selectionChanged,
            m_scene,
            &TownMapScene::setSelectedMatch);

    m_feed->open(feedUrl);
    m_status->setText(m_feed->statusText());
}

WatchWindow::~WatchWindow() = default;

void WatchWindow::onMatchAdvanced(const QString &matchId)
{
    const engine::Match *m = m_replicas->match(matchId);
    if (!m)
        return;
    m_scene->syncMatch(*m);
    // Until the user picks one, show a running match rather than an old one.
    const engine::Match *shown = m_controller->liveMatch();
    if (!shown || (!m_userPicked && shown->ended() && !m->ended()))
        m_controller->selectMatch(matchId);
}

void WatchWindow::onMatchRemoved(const QString &matchId)
{
    if (matchId != m_controller->selectedMatch())
        return;
    // Move off before the replica goes, so nothing shows a forgotten match.
    QString other;
    for (const QString &id : m_replicas->matchIds())
        if (id != matchId)
            other = id;
    m_controller->selectMatch(other);
}

std::optional<QUrl> WatchWindow::askForUrl(QWidget *parent)
{
    QString text = QStringLiteral("ws://127.0.0.1:8787/spectate");
    QString error;
    for (;;) {
        bool ok = false;
        const QString ask
            = tr("Address of the host's spectator feed (ws://, wss:// or host:port):");
        const QString prompt = error.isEmpty() ? ask : error + QLatin1Char('\n') + ask;
        text = QInputDialog::getText(
            parent, tr("Watch a host"), prompt, QLineEdit::Normal, text, &ok);
        if (!ok)
            return std::nullopt;
        if (auto u = FeedClient::parseUserUrl(text, &error))
            return u;
    }
}

} // namespace townhall::ui
