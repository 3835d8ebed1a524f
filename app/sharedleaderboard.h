// SPDX-License-Identifier: MIT
#pragma once

/// \file sharedleaderboard.h
/// The desktop app reading a shared (PostgreSQL) tournament like one of its
/// own: SharedTournamentReader owns the database connection on a thread of
/// its own (a QSqlDatabase belongs to the thread that opened it, and the
/// network must never block the UI); SharedLeaderboard feeds the
/// Leaderboard from it, refreshing while the tournament runs, and replays
/// its matches in the spectator view through the host
/// (ui::HostLink::showMatchLogRequested).

#include "host/store/store.h"
#include "tournament/report.h"
#include "ui/hostlink.h"

#include <QObject>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

class QSettings;

namespace townhall::ui {
class MainWindow;
class SharedTournamentDialog;
} // namespace townhall::ui

namespace townhall::app {

/// Reads shared tournaments on its own thread. Each call returns at once;
/// `done` or `failed` runs later on the UI thread, and only while `context`
/// lives. One connection is kept and reused while the URL stays the same.
class SharedTournamentReader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SharedTournamentReader)

public:
    explicit SharedTournamentReader(QObject *parent = nullptr);
    /// Closes the connection in its thread, then stops the thread (waits for
    /// a request under way, at most the URL's connect_timeout).
    ~SharedTournamentReader() override;

    struct Listing
    {
        QString location; ///< the URL without any secret
        std::vector<host::TournamentRow> tournaments;
    };
    struct Snapshot
    {
        QString location;
        host::TournamentRow tournament;                ///< counts and status
        std::vector<host::TournamentMatchRow> playing; ///< PLAYING rows, on any host
        /// The report, when the number of played matches differs from the
        /// caller's (a report reads every played log).
        std::optional<tournament::Report> report;
    };
    using Failed = std::function<void(const QString &message)>;

    void list(const QString &url,
              QObject *context,
              std::function<void(const Listing &)> done,
              Failed failed);
    void read(const QString &url,
              const QString &tournamentId,
              int knownDone,
              QObject *context,
              std::function<void(const Snapshot &)> done,
              Failed failed);
    void readMatch(const QString &url,
                   const QString &tournamentId,
                   const QString &matchId,
                   QObject *context,
                   std::function<void(const std::vector<engine::Event> &)> done,
                   Failed failed);

    QThread *readerThread() { return &m_thread; }

private:
    class Connection;
    template<typename T, typename Job, typename Done>
    void post(const QString &url, QObject *context, Job job, Done done, Failed failed);

    QThread m_thread;
    Connection *m_connection; ///< lives in m_thread
};

/// What is wrong with a shared database's URL (parsePostgresUrl's reason,
/// such as a password in it); empty when it may be tried.
QString sharedUrlProblem(const QString &url);

/// The dialog's Connect lists the database's tournaments through `reader`.
void connectDialog(ui::SharedTournamentDialog &dialog, SharedTournamentReader &reader);

/// The Leaderboard showing a shared tournament.
class SharedLeaderboard final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SharedLeaderboard)

public:
    SharedLeaderboard(ui::MainWindow &window,
                      ui::HostLink &link,
                      SharedTournamentReader &reader,
                      QObject *parent = nullptr);

    /// Shows tournament `id` of the database at `url` (replacing whatever
    /// the Leaderboard showed) and refreshes it while it runs.
    void open(const QString &url, const QString &id);
    /// Stops following it (another tournament takes the Leaderboard).
    void stop();
    bool active() const { return !m_id.isEmpty(); }
    /// Still refreshing: open and RUNNING at the last look.
    bool following() const { return active() && !m_finished; }
    QString tournamentId() const { return m_id; }
    QString location() const { return m_location; }
    void setRefreshInterval(int ms) { m_intervalMs = ms; }
    int refreshInterval() const { return m_intervalMs; }

    /// A key of the Leaderboard's match list: a played match replays in the
    /// spectator view; one another host is playing names that host.
    void openMatch(const QString &key);
    /// The id a played match is replayed under in the window (its id and
    /// the database, so it never mixes with the host's own matches).
    QString replayId(const QString &matchId) const;

Q_SIGNALS:
    /// A refresh reached the Leaderboard.
    void refreshed();
    void problem(const QString &message);
    /// The match is shown in the spectator view under `replayId`.
    void matchOpened(const QString &replayId);
    /// The match is being played by `holder`; nothing to replay yet.
    void matchInPlay(const QString &key, const QString &holder);

private:
    void refresh();
    void apply(const SharedTournamentReader::Snapshot &snapshot);
    void failed(const QString &message);
    void scheduleRefresh();
    void showSource(const QString &state);
    void say(const QString &message);

    ui::MainWindow &m_window;
    ui::HostLink &m_link;
    std::set<QString> m_replaying; ///< replay ids sent to the host, not opened yet
    SharedTournamentReader &m_reader;
    QString m_url;
    QString m_id;
    QString m_location;
    int m_knownDone = -1;
    bool m_finished = false;
    int m_generation = 0; ///< answers to an earlier open() are dropped
    int m_intervalMs = 5000;
    QTimer m_timer;
    std::map<QString, QString> m_playing; ///< match key → holder
};

/// Tournament → Open shared tournament…: the dialog lists a PostgreSQL
/// database's tournaments (read on the reader's thread, remembering the URL
/// in `settings`); the chosen one takes the Leaderboard.
void addSharedTournamentAction(ui::MainWindow &window,
                               QSettings &settings,
                               SharedTournamentReader &reader,
                               SharedLeaderboard &shared);

} // namespace townhall::app
