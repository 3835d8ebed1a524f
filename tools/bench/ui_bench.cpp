// SPDX-License-Identifier: MIT
// UI benchmark: the real Host (store, MCP service, built-in bots) in
// its thread, the main window in the UI thread, N concurrent bot matches at a
// high speed factor. Reports
//  - UI-thread stalls: a 1 ms timer's lateness (the worst is the worst frame),
//  - event-to-screen latency: an event's `at` to the moment the UI reflected it
//    (replica and map for every match; the spectator panel's models and its
//    next paint for the selected match),
//  - the process's peak RSS (VmHWM),
//  - the time to open a finished match in replay (select + scrub + paint).
// Run it under Xvfb or offscreen:
//   QT_QPA_PLATFORM=offscreen build/tools/bench/ui_bench [--matches 20] [--speed 20] [--seconds
//   240]

#include "app/guihost.h"
#include "ui/hostlink.h"
#include "ui/inspectordock.h"
#include "ui/mainwindow.h"
#include "ui/replicaset.h"
#include "ui/spectatorcontroller.h"
#include "ui/spectatorpanel.h"
#include "ui/toolcallmodel.h"
#include "ui/townmapview.h"
#include "ui/transcriptmodel.h"

#include "engine/simulator.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QListView>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <optional>
#include <vector>

using namespace townhall;

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, std::size_t(p / 100.0 * double(v.size())));
    return v[i];
}

QString procStatus(const char *key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return QString::fromLatin1(line.mid(qsizetype(qstrlen(key)) + 1).trimmed());
    return {};
}

/// A finished match with a long discussion every day (built-in bots' matches
/// stay under ~350 events): at least `minEvents` events, played with the engine.
engine::Match longMatch(std::size_t minEvents)
{
    using engine::Command;
    using K = engine::Command::Kind;
    std::vector<engine::SeatAssignment> seats;
    const auto &names = engine::botNames();
    for (int i = 0; i < engine::SeatCount; ++i)
        seats.push_back({"agent:" + std::to_string(i + 1), names[std::size_t(i)]});
    engine::MatchConfig cfg;
    cfg.rateLimits = false;
    engine::TimeMs now = nowMs() - 3'600'000;
    engine::Match m = engine::Match::create("match-long", "bld-long", 999, 4711, seats, cfg, now);
    auto run = [&](Command c) {
        now += 900;
        return m.execute(c, now).ok();
    };
    for (const engine::Player &p : m.state().players)
        run({K::Ready, p.playerId, {}, {}, {}, {}, {}});
    const char *lines[] = {"I suspect {t}, the story does not add up.",
                           "{t} has been too quiet. Vote {t}.",
                           "I trust {t}, they defended the village.",
                           "Who did {t} vote for yesterday?"};
    int turn = 0;
    for (int guard = 0; guard < 400 && !m.ended(); ++guard) {
        const engine::Phase phase = m.state().phase;
        std::vector<std::string> alive;
        for (const engine::Player &p : m.state().players)
            if (p.alive)
                alive.push_back(p.playerId);
        if (phase == engine::Phase::DayDiscussion && m.log().size() < minEvents) {
            // Everyone talks several times, naming someone.
            for (int round = 0; round < 40 && m.log().size() < minEvents; ++round)
                for (std::size_t i = 0; i < alive.size(); ++i) {
                    const engine::Player *t
                        = m.player(alive[(i + std::size_t(round) + 1) % alive.size()]);
                    std::string text = lines[(turn++) % 4];
                    for (std::size_t at; (at = text.find("{t}")) != std::string::npos;)
                        text.replace(at, 3, t->displayName);
                    run({K::Say, alive[i], {}, text, engine::MessageKind::Discussion, {}, {}});
                }
        } else if (phase == engine::Phase::DayVote) {
            // Split votes (a tie): nobody leaves by day, the match runs long.
            for (std::size_t i = 0; i < alive.size(); ++i)
                run({K::Vote, alive[i], alive[(i + 1) % 2], {}, {}, {}, {}});
        }
        now += 100;
        m.skipPhase(now);
    }
    return m;
}

double mib(const QString &kb)
{
    return kb.section(QLatin1Char(' '), 0, 0).toDouble() / 1024.0;
}

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

/// Counts how late a 1 ms timer fires: each gap beyond the interval is time
/// the UI thread could not serve its event loop.
class StallMeter final : public QObject
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 t = m_clock.nsecsElapsed();
            const qint64 cpu = threadCpuNs();
            if (m_last > 0) {
                const double gapMs = double(t - m_last) / 1e6;
                const double cpuMs = double(cpu - m_lastCpu) / 1e6;
                m_gaps.push_back(gapMs);
                m_cpu.push_back(cpuMs);
                if (gapMs > m_worst) {
                    m_worst = gapMs;
                    m_worstCpu = cpuMs;
                    m_worstAt = m_clock.elapsed();
                }
                m_worstBusy = std::max(m_worstBusy, cpuMs);
            }
            m_last = t;
            m_lastCpu = cpu;
        });
    }
    void start()
    {
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    double worst() const { return m_worst; }
    /// UI-thread CPU time spent inside the worst gap (the rest: the thread was not running).
    double worstGapCpu() const { return m_worstCpu; }
    /// The longest stretch of UI-thread CPU time between two ticks: our own work.
    double worstBusy() const { return m_worstBusy; }
    int busyOver(double ms) const
    {
        return int(std::count_if(m_cpu.begin(), m_cpu.end(), [ms](double c) { return c > ms; }));
    }
    qint64 worstAtMs() const { return m_worstAt; }
    const std::vector<double> &gaps() const { return m_gaps; }
    int over(double ms) const
    {
        return int(std::count_if(m_gaps.begin(), m_gaps.end(), [ms](double g) { return g > ms; }));
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    double m_worst = 0;
    double m_worstCpu = 0;
    double m_worstBusy = 0;
    qint64 m_worstAt = 0;
    std::vector<double> m_gaps;
    std::vector<double> m_cpu;
};

/// The command line.
struct BenchOptions
{
    int matches = 20;
    double speed = 20;
    int seconds = 300;
    std::optional<QString> db; ///< --db (none: a temporary file)
    bool inspector = false;
};

BenchOptions readOptions(QApplication &app)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Town Hall UI benchmark"));
    p.addHelpOption();
    p.addOption({QStringLiteral("matches"),
                 QStringLiteral("Concurrent bot matches."),
                 QStringLiteral("N"),
                 QStringLiteral("20")});
    p.addOption({QStringLiteral("speed"),
                 QStringLiteral("Speed factor."),
                 QStringLiteral("X"),
                 QStringLiteral("20")});
    p.addOption({QStringLiteral("seconds"),
                 QStringLiteral("Give up after this long."),
                 QStringLiteral("S"),
                 QStringLiteral("300")});
    p.addOption({QStringLiteral("db"),
                 QStringLiteral("Database file (default: a temporary file)."),
                 QStringLiteral("PATH")});
    p.addOption({QStringLiteral("inspector"),
                 QStringLiteral("Keep the tool-call inspector open (every recorded call crosses "
                                "to the UI, seat health shown).")});
    p.process(app);
    BenchOptions o;
    o.matches = std::max(1, p.value(QStringLiteral("matches")).toInt());
    o.speed = std::max(0.1, p.value(QStringLiteral("speed")).toDouble());
    o.seconds = std::max(10, p.value(QStringLiteral("seconds")).toInt());
    if (p.isSet(QStringLiteral("db")))
        o.db = p.value(QStringLiteral("db"));
    o.inspector = p.isSet(QStringLiteral("inspector"));
    return o;
}

/// A finished long match, handed over as the host would (for the replay figure).
engine::Match handOverLongMatch(ui::HostLink &link)
{
    engine::Match longOne = longMatch(520);
    std::printf("a finished match of %zu events handed to the UI for the replay figure\n",
                longOne.log().size());
    Q_EMIT link.matchEvents(QString::fromStdString(longOne.matchId()),
                            std::make_shared<const std::vector<engine::Event>>(longOne.log()));
    return longOne;
}

/// Event-to-screen latencies, gathered while the matches run.
struct LatencyProbes
{
    std::vector<double> replicaLatency; // every match: replica + map updated
    std::vector<double> panelLatency;   // selected match: panel models synced
    std::vector<double> paintLatency;   // selected match: transcript repainted
    qint64 pendingPaintAt = 0;          // `at` of the newest selected event not yet painted
    std::uint64_t eventsSeen = 0;
};

/// Calls onPaint when the widget it filters paints.
struct PaintProbe final : QObject
{
    std::function<void()> onPaint;
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Paint && onPaint)
            onPaint();
        return false;
    }
};

void installProbes(ui::MainWindow &w, QObject &context, LatencyProbes &probes, PaintProbe &probe)
{
    // Runs after MainWindow's and the controller's handlers (connected later).
    QObject::connect(w.replicas(),
                     &ui::ReplicaSet::matchAdvanced,
                     &context,
                     [&](const QString &id, qsizetype firstNew) {
                         const engine::Match *m = w.replicas()->match(id);
                         if (!m)
                             return;
                         const qint64 t = nowMs();
                         const auto &log = m->log();
                         probes.eventsSeen += log.size() - std::size_t(firstNew);
                         // The oldest event of the batch waited longest.
                         probes.replicaLatency.push_back(double(t - log[std::size_t(firstNew)].at));
                         if (id == w.controller()->selectedMatch() && w.controller()->isLive())
                             probes.panelLatency.push_back(
                                 double(t - log[std::size_t(firstNew)].at));
                     });
    // A new transcript row of the selected match waits for the next paint.
    QObject::connect(w.controller()->transcript(),
                     &QAbstractItemModel::rowsInserted,
                     &context,
                     [&](const QModelIndex &, int first, int) {
                         const engine::Match *live = w.controller()->liveMatch();
                         if (!probes.pendingPaintAt && w.controller()->isLive() && live
                             && !live->ended())
                             probes.pendingPaintAt = w.controller()
                                                         ->transcript()
                                                         ->index(first, 0)
                                                         .data(ui::TranscriptModel::TimestampRole)
                                                         .toLongLong();
                     });
    QObject::connect(w.controller()->transcript(), &QAbstractItemModel::modelReset, &context, [&] {
        probes.pendingPaintAt = 0;
    });
    probe.onPaint = [&] {
        if (probes.pendingPaintAt) {
            probes.paintLatency.push_back(double(nowMs() - probes.pendingPaintAt));
            probes.pendingPaintAt = 0;
        }
    };
    w.spectatorPanel()->transcriptView()->viewport()->installEventFilter(&probe);
}

/// Starts the host and waits (20 s at most) until it serves; false, said on
/// stderr, if it does not.
bool startHost(app::GuiHost &host)
{
    host.start();
    {
        QEventLoop loop;
        QObject::connect(&host, &app::GuiHost::started, &loop, &QEventLoop::quit);
        QTimer::singleShot(20'000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (host.mcpUrl().isEmpty()) {
        std::fprintf(stderr, "ui_bench: the host did not start\n");
        return false;
    }
    return true;
}

/// Like a viewer: hops to another running match at each tick, omniscient
/// half the time; each hop's time goes to `hopMs`.
void hopBetweenMatches(
    QTimer &hopper, QObject &context, ui::MainWindow &w, int &hop, std::vector<double> &hopMs)
{
    QObject::connect(&hopper, &QTimer::timeout, &context, [&] {
        QElapsedTimer ht;
        ht.start();
        const auto measured = qScopeGuard([&] {
            w.repaint();
            hopMs.push_back(double(ht.nsecsElapsed()) / 1e6);
        });
        const QStringList ids = w.replicas()->matchIds();
        QStringList running;
        for (const QString &id : ids)
            if (const engine::Match *m = w.replicas()->match(id); m && !m->ended())
                running << id;
        if (!running.isEmpty())
            w.controller()->selectMatch(running.at(hop % running.size()));
        w.omniscientAction()->setChecked(hop % 4 >= 2);
        ++hop;
    });
}

/// Until every match ended (or the time is up): the matches that ended.
int waitForMatches(ui::MainWindow &w, int matches, const QElapsedTimer &wall, int seconds)
{
    int ended = 0;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        ended = 0;
        for (const QString &id : w.replicas()->matchIds()) {
            const engine::Match *m = w.replicas()->match(id);
            if (m && m->ended() && id != QLatin1String("match-long"))
                ++ended;
        }
        if (ended >= matches || wall.elapsed() > seconds * 1000)
            loop.quit();
    });
    poll.start(250);
    loop.exec();
    return ended;
}

struct ReplayTimes
{
    QString biggest; ///< the finished match with the most events
    std::size_t biggestEvents = 0;
    std::vector<double> openMs;
    std::vector<double> scrubMs;
};

/// Replay: opens the finished match with the most events at mid-match, and
/// scrubs to its end, five times.
ReplayTimes timeReplay(ui::MainWindow &w)
{
    ReplayTimes r;
    for (const QString &id : w.replicas()->matchIds())
        if (const engine::Match *m = w.replicas()->match(id);
            m && m->ended() && m->log().size() > r.biggestEvents) {
            r.biggest = id;
            r.biggestEvents = m->log().size();
        }
    if (r.biggest.isEmpty())
        return r;
    for (int round = 0; round < 5; ++round) {
        // From another match, so the panel really switches.
        w.controller()->selectMatch(w.replicas()->matchIds().first() == r.biggest
                                        ? w.replicas()->matchIds().last()
                                        : w.replicas()->matchIds().first());
        w.omniscientAction()->setChecked(round % 2 == 1);
        QCoreApplication::processEvents();
        QElapsedTimer t;
        t.start();
        w.controller()->selectMatch(r.biggest);
        w.controller()->scrubTo(quint64(r.biggestEvents / 2)); // replay at mid-match
        w.repaint();                                           // and show it
        r.openMs.push_back(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        w.controller()->scrubTo(quint64(r.biggestEvents - 1)); // the other end of the bar
        w.repaint();
        r.scrubMs.push_back(double(t.nsecsElapsed()) / 1e6);
        w.controller()->goLive();
    }
    return r;
}

struct FrameTimes
{
    std::vector<double> frameMs, mapMs, panelMs;
};

/// What one frame costs with every building on the map.
FrameTimes timeFrames(ui::MainWindow &w)
{
    FrameTimes f;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer t;
        t.start();
        w.repaint();
        f.frameMs.push_back(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        w.mapView()->viewport()->repaint();
        f.mapMs.push_back(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        w.spectatorPanel()->repaint();
        f.panelMs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    return f;
}

/// The run: events, UI-thread stalls, event-to-screen latencies, hops.
void printRun(double runSeconds,
              int ended,
              int matches,
              const LatencyProbes &probes,
              const StallMeter &stalls,
              const std::vector<double> &hopMs)
{
    const auto &g = stalls.gaps();
    std::printf("\nran %.1f s; %d of %d matches ended; %llu events reached the UI (%.0f/s)\n",
                runSeconds,
                ended,
                matches,
                static_cast<unsigned long long>(probes.eventsSeen),
                double(probes.eventsSeen) / runSeconds);
    std::printf("UI thread (1 ms timer, %zu ticks): worst gap %.1f ms (at %.1f s), p99 %.2f ms, "
                "p99.9 %.2f ms, "
                "gaps > 16 ms: %d, > 33 ms: %d\n",
                g.size(),
                stalls.worst(),
                double(stalls.worstAtMs()) / 1000.0,
                percentile(g, 99),
                percentile(g, 99.9),
                stalls.over(16),
                stalls.over(33));
    std::printf("  of which UI-thread CPU: %.1f ms in the worst gap; longest UI work between two "
                "ticks %.1f ms; "
                "ticks after > 16 ms of UI work: %d\n",
                stalls.worstGapCpu(),
                stalls.worstBusy(),
                stalls.busyOver(16));
    const std::vector<double> &replicaLatency = probes.replicaLatency;
    const std::vector<double> &panelLatency = probes.panelLatency;
    const std::vector<double> &paintLatency = probes.paintLatency;
    std::printf("event -> replica + map (all matches, %zu batches): p50 %.0f ms, p95 %.0f ms, p99 "
                "%.0f ms, max %.0f ms\n",
                replicaLatency.size(),
                percentile(replicaLatency, 50),
                percentile(replicaLatency, 95),
                percentile(replicaLatency, 99),
                percentile(replicaLatency, 100));
    std::printf("event -> panel models (selected match, %zu batches): p50 %.0f ms, p95 %.0f ms, "
                "max %.0f ms\n",
                panelLatency.size(),
                percentile(panelLatency, 50),
                percentile(panelLatency, 95),
                percentile(panelLatency, 100));
    std::printf("event -> transcript painted (selected match, %zu paints): p50 %.0f ms, p95 %.0f "
                "ms, max %.0f ms\n",
                paintLatency.size(),
                percentile(paintLatency, 50),
                percentile(paintLatency, 95),
                percentile(paintLatency, 100));
    std::printf("switching the shown match (select + omniscient toggle + repaint, %zu hops): "
                "median %.1f ms, "
                "worst %.1f ms\n",
                hopMs.size(),
                percentile(hopMs, 50),
                percentile(hopMs, 100));
}

/// What a frame, the memory and a replay cost.
void printCosts(ui::MainWindow &w,
                const FrameTimes &f,
                const QString &hwm,
                const QString &rss,
                bool inspector,
                const ReplayTimes &replay)
{
    std::printf("one frame with %lld matches on the map: whole window %.1f ms, town map %.1f ms, "
                "spectator panel "
                "%.1f ms (medians)\n",
                static_cast<long long>(w.replicas()->matchIds().size()),
                percentile(f.frameMs, 50),
                percentile(f.mapMs, 50),
                percentile(f.panelMs, 50));
    std::printf("RSS: peak (VmHWM) %.1f MiB, now (VmRSS) %.1f MiB (target < 250 MiB)\n",
                mib(hwm),
                mib(rss));
    if (inspector)
        std::printf("inspector: %d recorded calls reached the dock\n",
                    w.inspector()->calls()->rowCount());
    if (!replay.biggest.isEmpty())
        std::printf(
            "replay: open a finished %zu-event match at mid-match: median %.1f ms, worst %.1f ms "
            "(target < 200 ms); scrub to its end: median %.1f ms, worst %.1f ms\n",
            replay.biggestEvents,
            percentile(replay.openMs, 50),
            percentile(replay.openMs, 100),
            percentile(replay.scrubMs, 50),
            percentile(replay.scrubMs, 100));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("TownHallBench"));
    QCoreApplication::setApplicationName(QStringLiteral("ui_bench"));
    QStandardPaths::setTestModeEnabled(true);
    const BenchOptions opt = readOptions(app);
    const int matches = opt.matches;

    QTemporaryDir tmp;
    app::GuiHostOptions o;
    o.host.dbPath = opt.db ? *opt.db : tmp.filePath(QStringLiteral("bench.sqlite"));
    o.host.speed = opt.speed;
    o.port = 0;
    o.host.seed = 777;

    ui::HostLink link;
    ui::MainWindow w(&link);
    w.resize(1440, 900);
    w.show();
    app::GuiHost host(o, &link);
    if (opt.inspector) {
        w.inspector()->setAgentViewProvider(app::agentViewProvider());
        w.inspectorAction()->trigger();
    }

    // ---- latency probes
    LatencyProbes probes;
    const engine::Match longOne = handOverLongMatch(link); // in memory for every figure
    PaintProbe paintProbe;
    installProbes(w, app, probes, paintProbe);

    QElapsedTimer wall;
    wall.start();
    if (!startHost(host))
        return 1;
    std::printf("ui_bench: %d matches at x%g, host on %s, db %s\n",
                matches,
                opt.speed,
                qPrintable(host.mcpUrl()),
                qPrintable(o.host.dbPath));
    std::printf("machine: %d logical CPUs (QThread::idealThreadCount), Qt %s, platform %s\n",
                QThread::idealThreadCount(),
                qVersion(),
                qPrintable(QGuiApplication::platformName()));
    std::fflush(stdout);

    StallMeter stalls;
    stalls.start();
    Q_EMIT link.fillSeatsRequested(8 * matches);

    // Like a viewer: hop to another running match every 3 s, omniscient half the time.
    int hop = 0;
    std::vector<double> hopMs;
    QTimer hopper;
    hopBetweenMatches(hopper, app, w, hop, hopMs);
    hopper.start(3000);

    const int ended = waitForMatches(w, matches, wall, opt.seconds);
    stalls.stop();
    hopper.stop();
    const double runSeconds = double(wall.elapsed()) / 1000.0;

    const ReplayTimes replay = timeReplay(w);
    const FrameTimes frames = timeFrames(w);

    const QString hwm = procStatus("VmHWM:");
    const QString rss = procStatus("VmRSS:");
    printRun(runSeconds, ended, matches, probes, stalls, hopMs);
    printCosts(w, frames, hwm, rss, opt.inspector, replay);
    std::fflush(stdout);
    w.close();
    host.stop();
    return 0;
}
