// SPDX-License-Identifier: MIT
#pragma once
// What the feed and players benchmarks share: thread CPU and RSS readings,
// commit times on one steady clock, and a crowd of spectators on a thread of
// their own that notes how long after its commit each event arrived.

#include "host/host.h"
#include "host/mcpservice.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QObject>
#include <QString>
#include <QUrl>
#include <QWebSocket>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace townhall::bench {

using Clock = std::chrono::steady_clock;

inline double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

inline double rssMiB()
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

inline double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

/// Notes every committed event's time (connect it before anything else
/// listens to Host::matchEvents, so it runs first).
inline void noteCommits(host::Host &host, CommitTimes &commits)
{
    QObject::connect(&host,
                     &host::Host::matchEvents,
                     &host,
                     [&commits](const QString &id, const host::EventBatch &batch) {
                         const auto now = Clock::now();
                         std::lock_guard guard(commits.lock);
                         for (const engine::Event &e : *batch)
                             commits.at[{id.toStdString(), e.seq}] = now;
                     });
}

/// ws://…/spectate on the MCP service's port.
inline QUrl spectateUrl(const host::McpService &mcp)
{
    QUrl url(mcp.url());
    url.setScheme(QStringLiteral("ws"));
    url.setPath(QStringLiteral("/spectate"));
    return url;
}

/// Opens `count` spectators of `crowd` (living on another thread) and waits
/// until the feed has admitted them, in waves of 100: the MCP port takes 256
/// connections in their handshakes at once. The caller's thread runs the host.
inline void admitSpectators(Crowd &crowd, host::McpService &mcp, int count)
{
    for (int opened = 0; opened < count;) {
        const int wave = std::min(100, count - opened);
        QMetaObject::invokeMethod(&crowd, [&crowd, wave] { crowd.open(wave); });
        opened += wave;
        const auto giveUp = Clock::now() + std::chrono::seconds(60);
        while (mcp.feed()->clientCount() < opened && Clock::now() < giveUp)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        if (mcp.feed()->clientCount() < opened)
            qFatal("only %d of %d spectators were admitted", mcp.feed()->clientCount(), opened);
    }
}

/// At least `files` open files, as far as the hard limit allows.
inline void raiseFileLimit(int files)
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < rlim_t(files)) {
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, rlim_t(files));
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

/// The options both benchmarks take: the matches at once, their timer
/// speed, the spectators, and --json.
struct Load
{
    int matches = 8;
    double speed = 20;
    int spectators = 1000;
    bool json = false;
};

inline void addLoadOptions(QCommandLineParser &p, const QString &spectatorsHelp)
{
    p.addHelpOption();
    p.addOption({QStringLiteral("matches"),
                 QStringLiteral("Eight-seat matches at once."),
                 QStringLiteral("N"),
                 QStringLiteral("8")});
    p.addOption({QStringLiteral("speed"),
                 QStringLiteral("Timer speed factor."),
                 QStringLiteral("X"),
                 QStringLiteral("20")});
    p.addOption({QStringLiteral("spectators"),
                 spectatorsHelp,
                 QStringLiteral("S"),
                 QStringLiteral("1000")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the figures as JSON.")});
}

/// Reads them (after QCommandLineParser::process) and makes room for the
/// spectators' sockets, both ends of which live in the benchmark.
inline Load readLoadOptions(const QCommandLineParser &p)
{
    Load l;
    l.matches = std::max(1, p.value(QStringLiteral("matches")).toInt());
    l.speed = p.value(QStringLiteral("speed")).toDouble();
    l.spectators = std::max(0, p.value(QStringLiteral("spectators")).toInt());
    l.json = p.isSet(QStringLiteral("json"));
    raiseFileLimit(4 * l.spectators + 256);
    return l;
}

} // namespace townhall::bench
