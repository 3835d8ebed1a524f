// SPDX-License-Identifier: MIT
// feed_bench: what the spectator feed costs the host.
//
// Plays N bot matches (eight seats each) in a real Host with its MCP port on
// the main thread, twice: once with no spectator, once with S spectators
// connected to ws://127.0.0.1:PORT/spectate. The spectators are QWebSockets
// on a thread of their own, so their CPU is not the host's. It reports
//   - the host thread's CPU time (CLOCK_THREAD_CPUTIME_ID) in both runs: the
//     difference is what the spectators cost, per published message and
//     spectator; and the part of it in the feed's own code (SpectatorFeed::busy);
//   - the time from a batch's commit (Host::matchEvents, taken before the
//     feed sees it) to a spectator's socket handing over the message, on one
//     steady clock: p50, p99, max over every message and spectator;
//   - the process's resident memory before and after the spectators
//     connected, per spectator (both ends of each socket live in this
//     process, so it is an upper bound for the host's share).
//
// Run: build/tools/bench/feed_bench [--matches 8] [--speed 20] [--spectators 1000] [--json]

#include "host/host.h"
#include "host/hoststack.h"
#include "host/mcpservice.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QThread>
#include <QTimer>
#include <QWebSocket>

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace townhall;
using namespace townhall::host;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

double rssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

/// Commit times by (match, seq), written on the host thread, read on the
/// spectators' thread.
struct CommitTimes
{
    std::mutex lock;
    std::map<std::pair<std::string, std::uint64_t>, Clock::time_point> at;
};

/// The spectators, on their own thread: they connect, and for each event
/// message note how long after its commit it arrived.
class Crowd : public QObject
{
public:
    Crowd(QUrl url, CommitTimes *commits)
        : m_url(std::move(url))
        , m_commits(commits)
    {}
    /// Opens `count` more spectators (the MCP port admits 256 connections
    /// in their handshakes at once, so they come in waves).
    void open(int count)
    {
        for (int i = 0; i < count; ++i) {
            auto *s = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
            connect(s, &QWebSocket::connected, this, [this] { ++connected; });
            connect(s, &QWebSocket::textMessageReceived, this, [this](const QString &text) {
                const auto now = Clock::now();
                ++messages;
                // A thousand clients parse every message here: only the
                // event id ("match-N:SEQ") is read, so that this thread keeps
                // up and the figures are the feed's, not the parser's.
                static const QString marker = QStringLiteral("\"eventId\":\"");
                if (!text.contains(QLatin1String("\"type\":\"event\"")))
                    return;
                const qsizetype at = text.indexOf(marker);
                const qsizetype end
                    = at < 0 ? -1 : text.indexOf(QLatin1Char('"'), at + marker.size());
                if (end < 0)
                    return;
                const QString id = text.mid(at + marker.size(), end - at - marker.size());
                const qsizetype colon = id.lastIndexOf(QLatin1Char(':'));
                const auto key
                    = std::pair(id.left(colon).toStdString(), id.mid(colon + 1).toULongLong());
                std::lock_guard guard(m_commits->lock);
                if (const auto it = m_commits->at.find(key); it != m_commits->at.end())
                    latenciesMs.push_back(
                        std::chrono::duration<double, std::milli>(now - it->second).count());
            });
            s->open(m_url);
        }
    }
    std::atomic<int> connected{0};
    std::atomic<std::int64_t> messages{0};
    std::vector<double> latenciesMs; // this thread only until it has stopped

private:
    QUrl m_url;
    CommitTimes *m_commits;
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

struct Run
{
    double hostCpu = 0;
    double feedCpu = 0; ///< the feed's own share of hostCpu (SpectatorFeed::busy)
    double wall = 0;
    std::uint64_t published = 0;
    std::int64_t received = 0;
    std::vector<double> latenciesMs;
    double rssBefore = 0;
    double rssWith = 0;
};

Run play(int matches, double speed, int spectators)
{
    HostOptions options;
    options.dbPath = QStringLiteral(":memory:");
    options.speed = speed;
    options.seed = 42;
    options.rateLimits = false;
    CommitTimes commits;
    HostStackOptions so;
    so.host = options;
    so.recording = false;
    // Connected before the MCP service (and its feed) exists, so it runs first.
    so.wire = [&commits](Host &host) {
        QObject::connect(&host,
                         &Host::matchEvents,
                         &host,
                         [&commits](const QString &id, const EventBatch &batch) {
                             const auto now = Clock::now();
                             std::lock_guard guard(commits.lock);
                             for (const engine::Event &e : *batch)
                                 commits.at[{id.toStdString(), e.seq}] = now;
                         });
    };
    HostStack stack(std::move(so));
    QString error;
    if (!stack.start(&error) || !stack.listenError().isEmpty())
        qFatal("%s", qPrintable(error + stack.listenError()));
    Host &host = stack.host();
    McpService &mcp = stack.mcp();
    QUrl url(mcp.url());
    url.setScheme(QStringLiteral("ws"));
    url.setPath(QStringLiteral("/spectate"));

    // The loops below wait for events instead of spinning (a spinning loop
    // is host CPU too); this wakes them at least every 100 ms.
    QTimer wake;
    wake.start(100);
    Run run;
    run.rssBefore = rssMiB();
    QThread thread;
    Crowd crowd(url, &commits);
    crowd.moveToThread(&thread);
    thread.start();
    for (int opened = 0; opened < spectators;) {
        const int wave = std::min(100, spectators - opened);
        QMetaObject::invokeMethod(&crowd, [&crowd, wave] { crowd.open(wave); });
        opened += wave;
        const auto giveUp = Clock::now() + std::chrono::seconds(60);
        while (mcp.feed()->clientCount() < opened && Clock::now() < giveUp)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        if (mcp.feed()->clientCount() < opened)
            qFatal("only %d of %d spectators were admitted", mcp.feed()->clientCount(), opened);
    }
    run.rssWith = rssMiB();

    int ended = 0;
    QObject::connect(&host, &Host::matchEnded, &host, [&ended] { ++ended; });
    const std::uint64_t firstMessage = mcp.feed()->log().nextN();
    const double cpu0 = threadCpuSeconds();
    const auto feedBusy0 = mcp.feed()->busy();
    const auto wall0 = Clock::now();
    host.addBots(8 * matches);
    while (ended < matches)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    run.hostCpu = threadCpuSeconds() - cpu0;
    run.feedCpu = std::chrono::duration<double>(mcp.feed()->busy() - feedBusy0).count();
    run.wall = std::chrono::duration<double>(Clock::now() - wall0).count();
    run.published = mcp.feed()->log().nextN() - firstMessage;
    // Let the last messages arrive.
    const auto settle = Clock::now() + std::chrono::seconds(3);
    while (Clock::now() < settle)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    thread.quit();
    thread.wait();
    run.received = crowd.messages;
    run.latenciesMs = std::move(crowd.latenciesMs);
    return run;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    p.addOption({QStringLiteral("matches"),
                 QStringLiteral("Bot matches at once."),
                 QStringLiteral("N"),
                 QStringLiteral("8")});
    p.addOption({QStringLiteral("speed"),
                 QStringLiteral("Timer speed factor."),
                 QStringLiteral("X"),
                 QStringLiteral("20")});
    p.addOption({QStringLiteral("spectators"),
                 QStringLiteral("Spectators in the second run."),
                 QStringLiteral("S"),
                 QStringLiteral("1000")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the figures as JSON.")});
    p.process(app);
    const int matches = p.value(QStringLiteral("matches")).toInt();
    const double speed = p.value(QStringLiteral("speed")).toDouble();
    const int spectators = p.value(QStringLiteral("spectators")).toInt();

    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < rlim_t(4 * spectators + 256)) {
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, rlim_t(4 * spectators + 256));
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }

    const Run alone = play(matches, speed, 0);
    const Run watched = play(matches, speed, spectators);
    // What the spectators cost the host thread: the feed's own code plus
    // Qt writing its frames to the sockets (which runs outside the feed).
    const double feedCpu = watched.hostCpu - alone.hostCpu;
    const json out = {
        {"matches", matches},
        {"speed", speed},
        {"spectators", spectators},
        {"hostCpuSecondsAlone", alone.hostCpu},
        {"hostCpuSecondsWatched", watched.hostCpu},
        {"feedCpuSecondsAlone", alone.feedCpu},
        {"feedCpuSecondsWatched", watched.feedCpu},
        {"wallSecondsWatched", watched.wall},
        {"feedCpuShareOfWall", feedCpu / watched.wall},
        {"publishedMessages", watched.published},
        {"feedCpuMicrosPerMessagePerSpectator",
         watched.published && spectators ? feedCpu * 1e6 / double(watched.published) / spectators
                                         : 0.0},
        {"deliveredMessages", watched.received},
        {"latencyMsP50", percentile(watched.latenciesMs, 0.50)},
        {"latencyMsP99", percentile(watched.latenciesMs, 0.99)},
        {"latencyMsMax", percentile(watched.latenciesMs, 1.0)},
        {"latencySamples", watched.latenciesMs.size()},
        {"rssMiBBeforeSpectators", watched.rssBefore},
        {"rssMiBWithSpectators", watched.rssWith},
        {"rssKiBPerSpectatorUpperBound",
         spectators ? (watched.rssWith - watched.rssBefore) * 1024.0 / spectators : 0.0},
    };
    if (p.isSet(QStringLiteral("json"))) {
        std::printf("%s\n", out.dump(2).c_str());
        return 0;
    }
    std::printf("feed_bench: %d bot matches at x%g, %d spectators (2 shared cores)\n",
                matches,
                speed,
                spectators);
    std::printf("  host thread CPU: %.2f s alone, %.2f s watched: the spectators cost %.1f %% of "
                "one core over "
                "%.1f s (%.2f s of it in the feed's code, the rest Qt writing to the sockets)\n",
                alone.hostCpu,
                watched.hostCpu,
                100.0 * feedCpu / watched.wall,
                watched.wall,
                watched.feedCpu);
    std::printf("  messages published %llu, delivered %lld (%.2f us of host CPU per message per "
                "spectator)\n",
                static_cast<unsigned long long>(watched.published),
                static_cast<long long>(watched.received),
                out["feedCpuMicrosPerMessagePerSpectator"].get<double>());
    std::printf("  commit -> spectator: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu samples)\n",
                out["latencyMsP50"].get<double>(),
                out["latencyMsP99"].get<double>(),
                out["latencyMsMax"].get<double>(),
                watched.latenciesMs.size());
    std::printf("  RSS %.1f MiB -> %.1f MiB with spectators: <= %.1f KiB per spectator (both "
                "socket ends)\n",
                watched.rssBefore,
                watched.rssWith,
                out["rssKiBPerSpectatorUpperBound"].get<double>());
    return 0;
}
