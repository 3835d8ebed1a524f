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
#include "tools/bench/feedcrowd.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QThread>
#include <QTimer>
#include <QWebSocket>

#include <nlohmann/json.hpp>

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
using namespace townhall::bench;

namespace {

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
        noteCommits(host, commits);
    };
    HostStack stack(std::move(so));
    QString error;
    if (!stack.start(&error) || !stack.listenError().isEmpty())
        qFatal("%s", qPrintable(error + stack.listenError()));
    Host &host = stack.host();
    McpService &mcp = stack.mcp();
    // The loops below wait for events instead of spinning (a spinning loop
    // is host CPU too); this wakes them at least every 100 ms.
    QTimer wake;
    wake.start(100);
    Run run;
    run.rssBefore = rssMiB();
    QThread thread;
    Crowd crowd(spectateUrl(mcp), &commits);
    crowd.moveToThread(&thread);
    thread.start();
    admitSpectators(crowd, mcp, spectators);
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
    addLoadOptions(p, QStringLiteral("Spectators in the second run."));
    p.process(app);
    const Load load = readLoadOptions(p);
    const int matches = load.matches;
    const double speed = load.speed;
    const int spectators = load.spectators;

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
    if (load.json) {
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
