// SPDX-License-Identifier: MIT
#include "app/sharedleaderboard.h"

#include "app/guihost.h"
#include "host/sharedtournaments.h"
#include "host/tournaments.h"
#include "ui/leaderboardpanel.h"
#include "ui/mainwindow.h"
#include "ui/sharedtournamentdialog.h"
#include "ui/spectatorcontroller.h"

#include <QDateTime>
#include <QLocale>
#include <QStatusBar>

namespace townhall::app {

using host::SharedTournaments;
using host::StoreError;
using host::StoreResult;

// ------------------------------------------------------------- reader thread

/// The connection, in the reader's thread: opened on first use, opened
/// again for another URL or after a failure (a server that went away).
class SharedTournamentReader::Connection final : public QObject
{
public:
    StoreResult<SharedTournaments *> to(const QString &url)
    {
        if (m_db && m_url == url)
            return m_db.get();
        m_db.reset();
        QString error;
        const auto parsed = host::parsePostgresUrl(url, &error);
        if (!parsed)
            return StoreError{StoreError::Code::Io, error};
        auto opened = SharedTournaments::open(*parsed);
        if (!opened)
            return opened.error();
        m_db = std::move(opened.value());
        m_url = url;
        return m_db.get();
    }
    void drop() { m_db.reset(); }

private:
    QString m_url;
    std::unique_ptr<SharedTournaments> m_db;
};

SharedTournamentReader::SharedTournamentReader(QObject *parent)
    : QObject(parent)
    , m_connection(new Connection)
{
    m_thread.setObjectName(QStringLiteral("townhall-shared"));
    m_connection->moveToThread(&m_thread);
    m_thread.start();
}

SharedTournamentReader::~SharedTournamentReader()
{
    Connection *c = m_connection;
    QMetaObject::invokeMethod(
        m_connection, [c] { c->drop(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_connection; // holds no connection any more
}

template<typename T, typename Job, typename Done>
void SharedTournamentReader::post(
    const QString &url, QObject *context, Job job, Done done, Failed failed)
{
    QPointer<QObject> ctx(context);
    Connection *c = m_connection;
    // The answer is posted to the reader (UI thread), which checks there
    // that the context still lives.
    QMetaObject::invokeMethod(
        m_connection,
        [this,
         c,
         url,
         ctx,
         job = std::move(job),
         done = std::move(done),
         failed = std::move(failed)] {
            auto db = c->to(url);
            std::optional<StoreResult<T>> result;
            if (db)
                result = job(*db.value());
            else
                result = StoreResult<T>(db.error());
            if (!*result)
                c->drop(); // the next request connects again
            QMetaObject::invokeMethod(
                this,
                [ctx, done, failed, r = std::move(*result)] {
                    if (!ctx)
                        return;
                    if (r)
                        done(r.value());
                    else
                        failed(r.error().message);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void SharedTournamentReader::list(const QString &url,
                                  QObject *context,
                                  std::function<void(const Listing &)> done,
                                  Failed failed)
{
    post<Listing>(
        url,
        context,
        [](SharedTournaments &db) -> StoreResult<Listing> {
            auto rows = db.tournaments();
            if (!rows)
                return rows.error();
            return Listing{db.location(), std::move(rows.value())};
        },
        std::move(done),
        std::move(failed));
}

void SharedTournamentReader::read(const QString &url,
                                  const QString &tournamentId,
                                  int knownDone,
                                  QObject *context,
                                  std::function<void(const Snapshot &)> done,
                                  Failed failed)
{
    post<Snapshot>(
        url,
        context,
        [id = tournamentId.toStdString(),
         knownDone](SharedTournaments &db) -> StoreResult<Snapshot> {
            Snapshot out;
            out.location = db.location();
            auto row = db.tournament(id);
            if (!row)
                return row.error();
            out.tournament = std::move(row.value());
            auto matches = db.tournamentMatches(id, false);
            if (!matches)
                return matches.error();
            for (host::TournamentMatchRow &m : matches.value())
                if (m.status == "PLAYING")
                    out.playing.push_back(std::move(m));
            if (out.tournament.done != knownDone) {
                auto report = host::tournamentReport(db, id);
                if (!report)
                    return report.error();
                out.report = std::move(report.value());
            }
            return out;
        },
        std::move(done),
        std::move(failed));
}

void SharedTournamentReader::readMatch(const QString &url,
                                       const QString &tournamentId,
                                       const QString &matchId,
                                       QObject *context,
                                       std::function<void(const std::vector<engine::Event> &)> done,
                                       Failed failed)
{
    post<std::vector<engine::Event>>(
        url,
        context,
        [tid = tournamentId.toStdString(), mid = matchId.toStdString()](SharedTournaments &db) {
            return host::tournamentMatchLog(db, tid, mid);
        },
        std::move(done),
        std::move(failed));
}

QString sharedUrlProblem(const QString &url)
{
    QString error;
    return host::parsePostgresUrl(url, &error) ? QString() : error;
}

void connectDialog(ui::SharedTournamentDialog &dialog, SharedTournamentReader &reader)
{
    QObject::connect(&dialog,
                     &ui::SharedTournamentDialog::connectRequested,
                     &dialog,
                     [&dialog, &reader](const QString &url) {
                         reader.list(
                             url,
                             &dialog,
                             [&dialog](const SharedTournamentReader::Listing &listing) {
                                 std::vector<ui::SharedTournamentInfo> infos;
                                 for (const host::TournamentRow &t : listing.tournaments)
                                     infos.push_back({QString::fromStdString(t.id),
                                                      QString::fromStdString(t.name),
                                                      QString::fromStdString(t.status),
                                                      t.done,
                                                      t.scheduled});
                                 dialog.showTournaments(listing.location, infos);
                             },
                             [&dialog](const QString &message) { dialog.showError(message); });
                     });
}

// ------------------------------------------------------------- the Leaderboard

SharedLeaderboard::SharedLeaderboard(ui::MainWindow &window,
                                     ui::HostLink &link,
                                     SharedTournamentReader &reader,
                                     QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_link(link)
    , m_reader(reader)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &SharedLeaderboard::refresh);
    // The host sent a replayed log to the window (the host's own tournament
    // matches are TournamentBoard's).
    connect(&m_link, &ui::HostLink::tournamentMatchOpened, this, [this](const QString &matchId) {
        if (m_replaying.erase(matchId) == 0)
            return;
        m_window.controller()->selectMatch(matchId);
        Q_EMIT matchOpened(matchId);
    });
}

void SharedLeaderboard::open(const QString &url, const QString &id)
{
    stop();
    m_url = url;
    m_id = id;
    QString error;
    const auto parsed = host::parsePostgresUrl(url, &error);
    m_location = parsed ? parsed->display() : QString();
    ui::LeaderboardPanel *board = m_window.leaderboard();
    board->clear();
    showSource(tr("reading…"));
    refresh();
}

void SharedLeaderboard::stop()
{
    ++m_generation;
    m_timer.stop();
    m_id.clear();
    m_url.clear();
    m_location.clear();
    m_knownDone = -1;
    m_finished = false;
    m_playing.clear();
    m_window.leaderboard()->setSource({});
}

void SharedLeaderboard::refresh()
{
    if (!active())
        return;
    const int generation = m_generation;
    m_reader.read(
        m_url,
        m_id,
        m_knownDone,
        this,
        [this, generation](const SharedTournamentReader::Snapshot &s) {
            if (generation == m_generation)
                apply(s);
        },
        [this, generation](const QString &message) {
            if (generation == m_generation)
                failed(message);
        });
}

void SharedLeaderboard::apply(const SharedTournamentReader::Snapshot &s)
{
    ui::LeaderboardPanel *board = m_window.leaderboard();
    m_location = s.location;
    if (s.report) {
        board->setReport(*s.report);
        m_knownDone = s.tournament.done;
    }
    m_playing.clear();
    std::vector<ui::LeaderboardPanel::PlayingMatch> playing;
    for (const host::TournamentMatchRow &m : s.playing) {
        const QString label = m.matchId.empty() ? tr("match %1").arg(m.index + 1)
                                                : QString::fromStdString(m.matchId);
        const QString key = m.matchId.empty() ? QStringLiteral("#%1").arg(m.index + 1) : label;
        const QString holder = QString::fromStdString(m.holder);
        m_playing[key] = holder;
        playing.push_back({key, label, holder});
    }
    board->setPlayingMatches(playing);
    board->setProgress(s.tournament.done, s.tournament.scheduled, int(s.playing.size()));
    m_finished = s.tournament.status == "FINISHED";
    if (m_finished)
        showSource(tr("finished"));
    else
        showSource(tr("running; looks again every %n second(s) (last at %1)",
                      nullptr,
                      (m_intervalMs + 999) / 1000)
                       .arg(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
    scheduleRefresh();
    Q_EMIT refreshed();
}

void SharedLeaderboard::failed(const QString &message)
{
    showSource(tr("could not be read: %1").arg(message));
    say(tr("Shared tournament %1: %2").arg(m_id, message));
    // A server that went away may come back: keep trying while it ran.
    scheduleRefresh();
    Q_EMIT problem(message);
}

void SharedLeaderboard::scheduleRefresh()
{
    if (following())
        m_timer.start(m_intervalMs);
}

void SharedLeaderboard::showSource(const QString &state)
{
    m_window.leaderboard()->setSource(
        tr("Shared tournament %1 at %2 — %3")
            .arg(m_id, m_location.isEmpty() ? tr("an unknown database") : m_location, state));
}

void SharedLeaderboard::say(const QString &message)
{
    m_window.statusBar()->showMessage(message, 15000);
}

QString SharedLeaderboard::replayId(const QString &matchId) const
{
    // "t1-m5 @ db.example.org:5432/townhall": the host's own t1-m5 stays apart.
    QString where = m_location;
    where.remove(QStringLiteral("postgresql://"));
    where = where.section(QLatin1Char('?'), 0, 0).section(QLatin1Char('@'), -1);
    return QStringLiteral("%1 @ %2").arg(matchId, where);
}

void SharedLeaderboard::openMatch(const QString &key)
{
    if (!active() || key.isEmpty())
        return;
    if (const auto it = m_playing.find(key); it != m_playing.end()) {
        say(tr("Match %1 is being played by host %2 now; watch it live with Match → Watch a host… "
               "at that host's "
               "spectator address. It can be replayed here once it has ended.")
                .arg(key, it->second));
        Q_EMIT matchInPlay(key, it->second);
        return;
    }
    const int generation = m_generation;
    const QString shownAs = replayId(key);
    m_reader.readMatch(
        m_url,
        m_id,
        key,
        this,
        [this, generation, shownAs](const std::vector<engine::Event> &log) {
            if (generation != m_generation)
                return;
            if (log.empty()) {
                const QString message = HostWorker::emptyLogProblem(shownAs);
                say(tr("Shared tournament %1: %2").arg(m_id, message));
                Q_EMIT problem(message);
                return;
            }
            m_replaying.insert(shownAs);
            Q_EMIT m_link.showMatchLogRequested(
                shownAs, std::make_shared<const std::vector<engine::Event>>(log));
        },
        [this, generation, key](const QString &message) {
            if (generation != m_generation)
                return;
            say(tr("Shared tournament %1: match %2: %3").arg(m_id, key, message));
            Q_EMIT problem(message);
        });
}

void addSharedTournamentAction(ui::MainWindow &window,
                               QSettings &settings,
                               SharedTournamentReader &reader,
                               SharedLeaderboard &shared)
{
    QObject::connect(&window,
                     &ui::MainWindow::openSharedTournamentRequested,
                     &window,
                     [&window, &settings, &reader, &shared] {
                         ui::SharedTournamentDialog dialog(settings, sharedUrlProblem, &window);
                         connectDialog(dialog, reader);
                         if (dialog.exec() != QDialog::Accepted)
                             return;
                         window.showLeaderboard();
                         shared.open(dialog.url(), dialog.selectedTournament());
                     });
}

} // namespace townhall::app
