// SPDX-License-Identifier: MIT
// Holding under faults: the real headless host against real storage
// faults. A disk that fills up mid-match (a small tmpfs), files made immutable
// under a running host, a database file (or only its -shm) immutable at
// start, and a second host on the same database.
//
// While nothing can be stored the host must stay up, stay quiet (no log
// flood, no busy loop), keep answering reads, refuse changes with a retryable
// STORAGE_FAILED, let no deadline pass unseen, and carry on by itself once the
// fault is gone (MATCH_RESUMED "storage recovered" first), without ever having
// shown an event that is not stored.
//
// Needs root (mount, chattr); skips otherwise. Every mount and immutable flag
// is undone by a guard, also when a check fails.

#include "rawmcpclient.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <map>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

using json = nlohmann::json;

namespace {

// ---------------------------------------------------------------- processes

struct Run
{
    int code = -1;
    bool crashed = false; ///< ended by a signal (or did not end in time)
    QByteArray out;
    QByteArray err;
};

Run runProgram(const QString &program, const QStringList &args, int timeoutMs = 60'000)
{
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForStarted(10'000)) {
        r.err = p.errorString().toUtf8();
        return r;
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.crashed = true;
    }
    r.crashed = r.crashed || p.exitStatus() != QProcess::NormalExit;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

Run runTownhall(const QStringList &args, int timeoutMs = 60'000)
{
    return runProgram(QStringLiteral(TOWNHALL_BIN), args, timeoutMs);
}

/// Processes events (network replies, process output) for `ms`.
void pump(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

/// A headless host that runs while the test watches its output.
struct LiveHost
{
    QProcess proc;
    QByteArray out;
    QByteArray err;
    QString url;
    qint64 pid = 0;

    /// Starts `townhall --headless --port 0 ARGS`; true once the URL line is out.
    bool start(const QStringList &args)
    {
        proc.setProgram(QStringLiteral(TOWNHALL_BIN));
        proc.setArguments(
            QStringList{QStringLiteral("--headless"), QStringLiteral("--port"), QStringLiteral("0")}
            + args);
        proc.setProcessChannelMode(QProcess::SeparateChannels);
        proc.start();
        if (!proc.waitForStarted(10'000))
            return false;
        pid = proc.processId();
        waitFor([this] { return out.contains('\n'); }, 30'000);
        if (!out.contains('\n'))
            return false;
        url = QString::fromUtf8(out.left(out.indexOf('\n'))).trimmed();
        return url.startsWith(QLatin1String("http://127.0.0.1:"));
    }
    bool running() const { return proc.state() == QProcess::Running; }
    void drain()
    {
        out += proc.readAllStandardOutput();
        err += proc.readAllStandardError();
    }
    /// Pumps until `done()` (checked after every read) or `timeoutMs`, or the process ended.
    bool waitFor(const std::function<bool()> &done, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            drain();
            if (done())
                return true;
            if (t.elapsed() >= timeoutMs || proc.state() == QProcess::NotRunning)
                break;
            pump(50);
        }
        proc.waitForFinished(0);
        drain();
        return done();
    }
    /// The JSON objects printed one a line (--log json), after the URL line.
    std::vector<json> jsonLines() const
    {
        std::vector<json> v;
        const QList<QByteArray> lines = out.split('\n');
        for (qsizetype i = 1; i + 1 < lines.size(); ++i) { // the last piece may be half a line
            if (lines[i].trimmed().isEmpty())
                continue;
            try {
                v.push_back(json::parse(lines[i].toStdString()));
            } catch (const std::exception &) {
                v.push_back(json{{"unparsed", lines[i].toStdString()}});
            }
        }
        return v;
    }
    bool printed(const std::function<bool(const json &)> &pred) const
    {
        for (const json &j : jsonLines())
            if (pred(j))
                return true;
        return false;
    }
    /// utime + stime in seconds, from /proc/PID/stat; negative if unreadable.
    double cpuSeconds() const
    {
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        const QByteArray s = f.readAll();
        const qsizetype close = s.lastIndexOf(')');
        if (close < 0)
            return -1;
        const QList<QByteArray> fields
            = s.mid(close + 2).split(' '); // fields[0] is field 3 (state)
        if (fields.size() < 13)
            return -1;
        const double ticks = fields[11].toDouble() + fields[12].toDouble(); // fields 14 and 15
        return ticks / double(sysconf(_SC_CLK_TCK));
    }
    /// SIGTERM, then a normal exit is expected; false if it crashed or hung.
    bool terminate(int timeoutMs = 20'000)
    {
        if (proc.state() == QProcess::NotRunning)
            return proc.exitStatus() == QProcess::NormalExit;
        proc.terminate();
        const bool ended = proc.waitForFinished(timeoutMs);
        drain();
        if (!ended) {
            proc.kill();
            proc.waitForFinished(10'000);
            return false;
        }
        return proc.exitStatus() == QProcess::NormalExit;
    }
    void kill9()
    {
        if (proc.state() == QProcess::NotRunning)
            return;
        ::kill(static_cast<pid_t>(pid), SIGKILL);
        proc.waitForFinished(10'000);
        drain();
    }
    ~LiveHost()
    {
        if (proc.state() != QProcess::NotRunning) {
            proc.terminate();
            if (!proc.waitForFinished(10'000)) {
                proc.kill();
                proc.waitForFinished(10'000);
            }
        }
    }
};

// ---------------------------------------------------------------- a raw MCP client

/// A guest's MCP client.
struct Client : townhall::test::RawMcpClient
{
    explicit Client(QString url)
        : RawMcpClient(std::move(url), {}, "storagefaults-test", 15'000)
    {}
};

// ---------------------------------------------------------------- faults, undone by guards

/// `program args`, stdout and stderr merged; exit code via `code`.
QString sh(const QString &program, const QStringList &args, int *code)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForStarted(10'000) || !p.waitForFinished(30'000)) {
        *code = -1;
        return p.errorString();
    }
    *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAll()).trimmed();
}

/// A small tmpfs, unmounted when the guard goes (lazily if still busy).
struct TmpfsMount
{
    QString dir;
    bool mounted = false;

    /// Empty on success, else why not.
    QString mount(const QString &where, int megabytes)
    {
        if (::geteuid() != 0)
            return QStringLiteral("needs root to mount a tmpfs");
        dir = where;
        QDir().mkpath(dir);
        int code = 0;
        const QString msg = sh(QStringLiteral("mount"),
                               {QStringLiteral("-t"),
                                QStringLiteral("tmpfs"),
                                QStringLiteral("-o"),
                                QStringLiteral("size=%1m").arg(megabytes),
                                QStringLiteral("tmpfs"),
                                dir},
                               &code);
        if (code != 0)
            return QStringLiteral("mount -t tmpfs failed (%1): %2").arg(code).arg(msg);
        mounted = true;
        return {};
    }
    ~TmpfsMount()
    {
        if (!mounted)
            return;
        int code = 0;
        sh(QStringLiteral("umount"), {dir}, &code);
        if (code != 0)
            sh(QStringLiteral("umount"), {QStringLiteral("-l"), dir}, &code);
    }
};

/// Files made immutable (chattr +i), made mutable again when the guard goes.
struct Immutable
{
    QStringList files;

    /// Empty on success, else why not.
    QString add(const QString &file)
    {
        if (::geteuid() != 0)
            return QStringLiteral("needs root for chattr +i");
        int code = 0;
        const QString msg = sh(QStringLiteral("chattr"), {QStringLiteral("+i"), file}, &code);
        if (code != 0)
            return QStringLiteral("chattr +i %1 failed (%2): %3").arg(file).arg(code).arg(msg);
        files << file;
        return {};
    }
    void clear()
    {
        for (const QString &f : std::as_const(files)) {
            int code = 0;
            sh(QStringLiteral("chattr"), {QStringLiteral("-i"), f}, &code);
        }
        files.clear();
    }
    ~Immutable() { clear(); }
};

/// Writes zeros to `path` until the file system is full; true if it ended with ENOSPC.
bool fillUp(const QString &path, qint64 *written)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return false;
    static const QByteArray chunk(64 * 1024, '\0');
    *written = 0;
    int lastErrno = 0;
    for (;;) {
        // Down to single pages at the end: leave not even a block free.
        qsizetype size = chunk.size();
        ssize_t n = -1;
        while (size >= 512) {
            n = ::write(fd, chunk.constData(), size_t(size));
            if (n > 0)
                break;
            lastErrno = errno;
            if (lastErrno != ENOSPC)
                break;
            size /= 2;
        }
        if (n <= 0)
            break;
        *written += n;
    }
    ::close(fd);
    return lastErrno == ENOSPC;
}

/// `townhall export MATCH --db DB`, one JSON object per line.
std::vector<json> exportMatch(const QString &matchId, const QString &db, QByteArray *err)
{
    Run r = runTownhall({QStringLiteral("export"), matchId, QStringLiteral("--db"), db});
    *err = r.err;
    std::vector<json> v;
    if (r.code != 0)
        return v;
    for (const QByteArray &line : r.out.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        try {
            v.push_back(json::parse(line.toStdString()));
        } catch (const std::exception &) {
            v.push_back(json{{"unparsed", line.toStdString()}});
        }
    }
    return v;
}

QByteArray tail(const QByteArray &text, int lines)
{
    QList<QByteArray> l = text.split('\n');
    if (l.size() > lines)
        l = l.mid(l.size() - lines);
    return l.join('\n');
}

qsizetype lineCount(const QByteArray &text)
{
    return text.count('\n');
}

} // namespace

class TstStorageFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fullDiskMidMatch_data();
    void fullDiskMidMatch();
    void immutableDatabase_data();
    void immutableDatabase();
    void secondHostRefused();

private:
    QString m_skip;
};

void TstStorageFaults::initTestCase()
{
    if (::geteuid() != 0)
        m_skip = QStringLiteral("needs root (mount -t tmpfs, chattr +i)");
}

// ---------------------------------------------------------------- 1. a full disk (or immutable
// files) mid-match

void TstStorageFaults::fullDiskMidMatch_data()
{
    // "full": a small tmpfs filled up (SQLITE_FULL); "immutable": the
    // database and its -wal made immutable under the running host (EPERM on
    // every write: SQLITE_IOERR).
    QTest::addColumn<QString>("fault");
    // How long the fault stays after the checks below (~6 s of them).
    QTest::addColumn<int>("holdMs");
    QTest::newRow("disk full, short outage") << QStringLiteral("full") << 0;
    // Longer than the rest of the match would take at --speed 20 (~20 s):
    // every deadline of the match passes while nothing can be stored.
    QTest::newRow("disk full, outage longer than the match") << QStringLiteral("full") << 40'000;
    QTest::newRow("files made immutable while running") << QStringLiteral("immutable") << 0;
}

void TstStorageFaults::fullDiskMidMatch()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    QFETCH(QString, fault);
    QFETCH(int, holdMs);
    const bool full = fault == QLatin1String("full");
    QTemporaryDir dir; // declared first: it goes last, after the mount and the flags
    QVERIFY(dir.isValid());
    TmpfsMount mnt;
    Immutable frozen;
    if (full) {
        if (const QString why = mnt.mount(dir.filePath(QStringLiteral("mnt")), 5); !why.isEmpty())
            QSKIP(qPrintable(why));
    }
    const QString db
        = full ? mnt.dir + QStringLiteral("/t.sqlite") : dir.filePath(QStringLiteral("t.sqlite"));
    const QString filler = mnt.dir + QStringLiteral("/filler");

    LiveHost host; // declared after the mount: it stops before the unmount
    QVERIFY2(host.start({QStringLiteral("--db"),
                         db,
                         QStringLiteral("--bots"),
                         QStringLiteral("8"),
                         QStringLiteral("--speed"),
                         QStringLiteral("20"),
                         QStringLiteral("--log"),
                         QStringLiteral("json"),
                         QStringLiteral("--seed"),
                         QStringLiteral("5")}),
             host.err.constData());
    Client client(host.url);

    // Mid-match: past the lobby.
    QVERIFY2(host.waitFor(
                 [&] {
                     return host.printed([](const json &j) {
                         return j.value("type", "") == "PHASE_CHANGED"
                                && j.at("payload").value("to", "") != "LOBBY";
                     });
                 },
                 60'000),
             tail(host.out, 5).constData());

    if (full) {
        qint64 written = 0;
        QVERIFY2(fillUp(filler, &written), "the filler did not end with ENOSPC");
        qInfo("filled the tmpfs with %lld bytes", written);
    } else {
        QVERIFY2(QFile::exists(db + QStringLiteral("-wal")), "the running host has no -wal file");
        for (const QString &f : QStringList{db + QStringLiteral("-wal"), db})
            if (const QString why = frozen.add(f); !why.isEmpty())
                QSKIP(qPrintable(why));
    }
    const qsizetype errBeforeFault = lineCount(host.err);

    // The next commit fails; the host says so on stderr.
    const bool failed = host.waitFor([&] { return host.err.contains("storage failed"); }, 60'000);
    QVERIFY2(host.running(),
             QByteArray(QByteArray("the host died under the fault; stderr:\n") + tail(host.err, 30))
                 .constData());
    QVERIFY2(
        failed,
        QByteArray(QByteArray("no storage failure reported within 60 s of the fault; stderr:\n")
                   + tail(host.err, 30))
            .constData());
    QElapsedTimer outage;
    outage.start();
    // What was shown before the failure: committed before it.
    std::uint64_t shownBeforeFault = 0;
    for (const json &j : host.jsonLines())
        if (j.value("matchId", "") == "match-1")
            shownBeforeFault = std::max<std::uint64_t>(
                shownBeforeFault,
                std::stoull(j.at("eventId").get<std::string>().substr(std::strlen("match-1:"))));
    const qsizetype outAtFault = host.out.size();

    // Degraded: quiet and idle. stderr gets a handful of lines, not a flood;
    // the CPU stays well under a core.
    const qsizetype errAtFault = lineCount(host.err);
    const double cpu0 = host.cpuSeconds();
    QElapsedTimer window;
    window.start();
    host.waitFor([] { return false; }, 5000);
    const double cpu1 = host.cpuSeconds();
    const double elapsed = window.elapsed() / 1000.0;
    QVERIFY2(host.running(), tail(host.err, 30).constData());
    const qsizetype newErrLines = lineCount(host.err) - errAtFault;
    qInfo(
        "degraded for %.1f s: %lld new stderr lines (%lld since the fault), CPU %.0f %% of a core",
        elapsed,
        qlonglong(newErrLines),
        qlonglong(lineCount(host.err) - errBeforeFault),
        cpu0 >= 0 && cpu1 >= 0 ? 100.0 * (cpu1 - cpu0) / elapsed : -1.0);
    QVERIFY2(newErrLines < 10,
             QByteArray(QByteArray::number(newErrLines)
                        + " stderr lines in ~5 s of degraded mode; the last ones:\n"
                        + tail(host.err, 12))
                 .constData());
    QVERIFY(cpu0 >= 0 && cpu1 >= 0);
    QVERIFY2((cpu1 - cpu0) / elapsed < 0.5,
             qPrintable(QStringLiteral("degraded host used %1 % of a core")
                            .arg(100.0 * (cpu1 - cpu0) / elapsed, 0, 'f', 0)));

    // Reads keep working while degraded; changes are refused, retryably.
    QVERIFY2(client.connect(), "MCP initialize failed while degraded");
    auto list = client.call("et.werewolf.matches.list", json::object());
    QVERIFY2(list && list->value("ok", false), list ? list->dump().c_str() : "no answer");
    bool listed = false;
    for (const json &m : list->at("matches"))
        listed = listed || m.value("matchId", "") == "match-1";
    QVERIFY2(listed, list->dump().c_str());
    std::vector<json> shownByReads; // events a reader was given while degraded
    if (auto ev = client.call("et.werewolf.match.events.get",
                              json{{"matchId", "match-1"}, {"limit", 200}})) {
        QVERIFY2(ev->value("ok", false), ev->dump().c_str());
        for (const json &e : ev->at("events"))
            shownByReads.push_back(e);
    } else {
        QFAIL("events.get got no answer while degraded");
    }
    pump(600); // the read limit: 2 a second
    auto st = client.call("et.werewolf.match.get_state", json{{"matchId", "match-1"}});
    QVERIFY2(st && st->value("ok", false), st ? st->dump().c_str() : "no answer");

    // A change (a vote by a spectator, who holds no seat): refused with a
    // retryable STORAGE_FAILED whenever the host is waiting out its back-off.
    // Between back-offs the call may reach the engine, which refuses the
    // spectator itself; it must never succeed.
    int storageRefusals = 0;
    for (int i = 0; i < 8 && storageRefusals == 0; ++i) {
        auto v = client.call("et.werewolf.match.vote",
                             json{{"matchId", "match-1"}, {"targetPlayerId", "p:1"}});
        QVERIFY2(v, "vote got no answer while degraded");
        QVERIFY2(!v->value("ok", false), v->dump().c_str());
        const json &e = v->at("error");
        if (e.value("code", "") == "STORAGE_FAILED") {
            ++storageRefusals;
            QVERIFY2(e.value("retryable", false), e.dump().c_str());
            QVERIFY2(e.contains("retryAfterMs") && e.at("retryAfterMs").get<std::int64_t>() > 0,
                     e.dump().c_str());
            qInfo("a change while degraded: %s", e.dump().c_str());
        }
        pump(400);
    }
    QVERIFY2(storageRefusals > 0,
             "no change call was refused with STORAGE_FAILED while storage failed");
    QVERIFY(host.running());

    if (holdMs > 0) {
        // A long outage: still alive, still idle, still not shouting.
        const double cpu2 = host.cpuSeconds();
        QElapsedTimer hold;
        hold.start();
        host.waitFor([] { return false; }, holdMs);
        const double cpu3 = host.cpuSeconds();
        QVERIFY2(host.running(), tail(host.err, 30).constData());
        QVERIFY2(
            host.out.size() == outAtFault,
            QByteArray("events printed while storage failed:\n" + host.out.mid(outAtFault, 2000))
                .constData());
        const double share = (cpu3 - cpu2) / (hold.elapsed() / 1000.0);
        qInfo("held the fault for %.0f s in all: %lld stderr lines since the fault, CPU %.0f %% of "
              "a core",
              outage.elapsed() / 1000.0,
              qlonglong(lineCount(host.err) - errBeforeFault),
              100.0 * share);
        QVERIFY2(
            share < 0.5,
            qPrintable(
                QStringLiteral("degraded host used %1 % of a core").arg(100.0 * share, 0, 'f', 0)));
        // The first failure is reported once, then at most a summary line per
        // 30 s (a few lines of slack for the first report's tail and the call
        // recorder's own report).
        const qsizetype since = lineCount(host.err) - errAtFault;
        const qsizetype allowed = 4 + outage.elapsed() / 30'000 + 1;
        QVERIFY2(since <= allowed,
                 QByteArray(QByteArray::number(since) + " stderr lines (allowed "
                            + QByteArray::number(allowed) + ") in "
                            + QByteArray::number(outage.elapsed() / 1000) + " s of outage:\n"
                            + host.err.split('\n').mid(int(errAtFault)).join('\n'))
                     .constData());
    }

    // Nothing printed while nothing could be stored.
    QVERIFY2(host.out.size() == outAtFault,
             QByteArray("events printed while storage failed:\n" + host.out.mid(outAtFault, 2000))
                 .constData());

    // Space (or writable files) again: the host resumes by itself, announces
    // it, and finishes the match.
    if (full)
        QVERIFY(QFile::remove(filler));
    else
        frozen.clear();
    qInfo("fault removed after %.1f s of failing storage", outage.elapsed() / 1000.0);
    auto isResumed = [](const json &j) {
        return j.value("type", "") == "MATCH_RESUMED" && j.value("matchId", "") == "match-1"
               && j.at("payload").value("reason", "") == "storage recovered";
    };
    auto isEnded = [](const json &j) {
        return j.value("type", "") == "GAME_ENDED" && j.value("matchId", "") == "match-1";
    };
    const bool movedOn
        = host.waitFor([&] { return host.printed(isResumed) || host.printed(isEnded); }, 120'000);
    QVERIFY2(movedOn,
             QByteArray(QByteArray("match-1 neither resumed nor ended within 120 s of removing the "
                                   "fault; stdout tail:\n")
                        + tail(host.out, 6) + "\nstderr tail:\n" + tail(host.err, 20))
                 .constData());
    QVERIFY2(host.out.size() > outAtFault, "no new events after recovery");
    const bool ended = host.waitFor([&] { return host.printed(isEnded); }, 240'000);
    QVERIFY2(ended,
             QByteArray(QByteArray("match-1 did not end after recovery; stdout tail:\n")
                        + tail(host.out, 6) + "\nstderr tail:\n" + tail(host.err, 20))
                 .constData());
    qInfo("stderr while and after the outage:\n%s",
          host.err.split('\n').mid(int(errBeforeFault)).join('\n').constData());
    QVERIFY2(host.terminate(), tail(host.err, 20).constData());

    // What was shown is what is stored: every printed event is in the export,
    // the same event (no id reused for something else), and each match's
    // seqs run 1..N without a gap.
    std::map<std::string, std::vector<json>> shown;
    for (const json &j : host.jsonLines()) {
        QVERIFY2(!j.contains("unparsed"), j.dump().c_str());
        shown[j.at("matchId").get<std::string>()].push_back(j);
    }
    for (const json &e : shownByReads)
        shown["match-1"].push_back(e);
    QVERIFY(shown.count("match-1"));
    std::size_t checked = 0;
    std::vector<json> match1;
    for (const auto &[matchId, events] : shown) {
        QByteArray err;
        const std::vector<json> stored = exportMatch(QString::fromStdString(matchId), db, &err);
        QVERIFY2(
            !stored.empty(),
            QByteArray(QByteArray("export ") + matchId.c_str() + " failed: " + err).constData());
        std::map<std::string, json> byId;
        int gameEnded = 0;
        for (std::size_t i = 0; i < stored.size(); ++i) {
            const json &e = stored[i];
            QVERIFY2(!e.contains("unparsed"), e.dump().c_str());
            QVERIFY2(e.at("seq").get<std::uint64_t>() == i + 1,
                     qPrintable(QStringLiteral("%1: seq %2 at position %3 of the export")
                                    .arg(QString::fromStdString(matchId))
                                    .arg(e.at("seq").get<std::uint64_t>())
                                    .arg(i + 1)));
            byId[e.at("eventId").get<std::string>()] = e;
            gameEnded += e.at("type") == "GAME_ENDED";
        }
        QCOMPARE(gameEnded, matchId == "match-1" ? 1 : gameEnded > 0 ? 1 : 0);
        for (const json &s : events) {
            const std::string id = s.at("eventId").get<std::string>();
            auto it = byId.find(id);
            QVERIFY2(it != byId.end(), ("shown but not stored: " + s.dump()).c_str());
            QVERIFY2(it->second.at("type") == s.at("type")
                         && it->second.at("payload") == s.at("payload")
                         && it->second.at("at") == s.at("at"),
                     ("shown one event, stored another under its id:\nshown  " + s.dump()
                      + "\nstored " + it->second.dump())
                         .c_str());
            ++checked;
        }
        qInfo("%s: %zu events stored, %zu shown, all of them stored",
              matchId.c_str(),
              stored.size(),
              events.size());
        if (matchId == "match-1")
            match1 = stored;
    }
    QVERIFY(checked > 20);

    // The grace: once storage works again the match is announced as resumed
    // before it moves on. What falls due while nothing can be stored does
    // not happen unseen: at most one phase change (the retry that found the
    // disk writable again) lies between what was shown before the failure
    // and MATCH_RESUMED "storage recovered".
    std::uint64_t resumedAt = 0;
    std::vector<std::string> movesBefore;
    for (const json &e : match1) {
        const std::uint64_t seq = e.at("seq").get<std::uint64_t>();
        if (seq <= shownBeforeFault)
            continue;
        if (e.at("type") == "MATCH_RESUMED"
            && e.at("payload").value("reason", "") == "storage recovered") {
            resumedAt = seq;
            break;
        }
        if (e.at("type") == "PHASE_CHANGED" || e.at("type") == "GAME_ENDED")
            movesBefore.push_back(e.at("type").get<std::string>() + " "
                                  + e.at("payload").value("to", "") + " (seq " + std::to_string(seq)
                                  + ", at " + e.at("at").get<std::string>() + ")");
    }
    std::string moves;
    for (const std::string &m : movesBefore)
        moves += "\n  " + m;
    qInfo("last event shown before the failure: seq %llu; MATCH_RESUMED \"storage recovered\": %s; "
          "moves before it:%s",
          static_cast<unsigned long long>(shownBeforeFault),
          resumedAt ? std::to_string(resumedAt).c_str() : "none",
          moves.empty() ? " none" : moves.c_str());
    QVERIFY2(resumedAt > 0, "no MATCH_RESUMED \"storage recovered\" in match-1's log");
    QVERIFY2(movesBefore.size() <= 1,
             ("the match moved on unseen while storage failed, before it was announced as resumed:"
              + moves)
                 .c_str());
}

// ---------------------------------------------------------------- 2. an immutable database

void TstStorageFaults::immutableDatabase_data()
{
    QTest::addColumn<bool>("onlyShm");
    QTest::newRow("database file") << false;
    QTest::newRow("only the -shm") << true;
}

void TstStorageFaults::immutableDatabase()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    QFETCH(bool, onlyShm);
    QTemporaryDir dir; // declared first: it goes last, after the flags are cleared
    QVERIFY(dir.isValid());
    Immutable frozen;
    const QString db = dir.filePath(QStringLiteral("t.sqlite"));
    const QStringList hostArgs{QStringLiteral("--db"),
                               db,
                               QStringLiteral("--bots"),
                               QStringLiteral("8"),
                               QStringLiteral("--speed"),
                               QStringLiteral("20"),
                               QStringLiteral("--log"),
                               QStringLiteral("json"),
                               QStringLiteral("--seed"),
                               QStringLiteral("7")};

    // A match starts, then the host goes: cleanly, or (for a -shm that stays) killed.
    {
        LiveHost first;
        QVERIFY2(first.start(hostArgs), first.err.constData());
        QVERIFY2(first.waitFor(
                     [&] {
                         return first.printed([](const json &j) {
                             return j.value("type", "") == "PHASE_CHANGED"
                                    && j.at("payload").value("to", "") != "LOBBY";
                         });
                     },
                     60'000),
                 tail(first.err, 10).constData());
        if (onlyShm)
            first.kill9();
        else
            QVERIFY2(first.terminate(), tail(first.err, 10).constData());
    }
    QStringList targets;
    if (onlyShm) {
        QVERIFY2(QFile::exists(db + QStringLiteral("-shm")),
                 "no -shm left behind by the killed host");
        targets << db + QStringLiteral("-shm");
    } else {
        targets << db;
        for (const char *suffix : {"-wal", "-shm"})
            if (QFile::exists(db + QLatin1String(suffix)))
                targets << db + QLatin1String(suffix);
    }
    for (const QString &f : std::as_const(targets))
        if (const QString why = frozen.add(f); !why.isEmpty())
            QSKIP(qPrintable(why));
    qInfo("immutable: %s", qPrintable(targets.join(QStringLiteral(", "))));

    // Start again: a clear refusal, or a degraded host that does not crash and still answers reads.
    LiveHost again;
    const bool served = again.start(hostArgs);
    again.waitFor([&] { return !again.running(); }, 5000);
    if (!again.running()) {
        again.proc.waitForFinished(5000);
        again.drain();
        const bool crashed = again.proc.exitStatus() != QProcess::NormalExit;
        qInfo("outcome: refused at start (exit status %s, code %d, served=%d); stderr:\n%s",
              crashed ? "CRASH" : "normal",
              again.proc.exitCode(),
              int(served),
              again.err.constData());
        QVERIFY2(!crashed,
                 QByteArray(QByteArray("the host crashed (signal ")
                            + QByteArray::number(again.proc.exitCode()) + "); stderr:\n"
                            + tail(again.err, 20))
                     .constData());
        QCOMPARE(again.proc.exitCode(), 1);
        const QByteArray named = QFileInfo(targets.first()).fileName().toUtf8();
        QVERIFY2(again.err.contains(QFileInfo(db).fileName().toUtf8()) || again.err.contains(named),
                 QByteArray(QByteArray("the refusal does not name the file; stderr:\n") + again.err)
                     .constData());
        return;
    }
    QVERIFY2(
        served,
        QByteArray(QByteArray("running, but no MCP URL printed; stderr:\n") + tail(again.err, 20))
            .constData());
    Client client(again.url);
    QVERIFY2(client.connect(), tail(again.err, 20).constData());
    auto list = client.call("et.werewolf.matches.list", json::object());
    QVERIFY2(list && list->value("ok", false), list ? list->dump().c_str() : "no answer");
    auto status = client.call("et.werewolf.queue.status", json::object());
    QVERIFY2(status && status->value("ok", false), status ? status->dump().c_str() : "no answer");
    again.waitFor([] { return false; }, 2000);
    QVERIFY2(again.running(), tail(again.err, 20).constData());
    qInfo("outcome: runs (degraded?) and answers reads; matches: %s; stderr:\n%s",
          list->at("matches").dump().c_str(),
          again.err.constData());

    // The fault goes away: the host stores again by itself, without a
    // restart, and the resumed match carries on where everyone can see it.
    const bool printedWhileFrozen = !again.jsonLines().empty();
    frozen.clear();
    QElapsedTimer thawed;
    thawed.start();
    const bool carriesOn
        = printedWhileFrozen || again.waitFor([&] { return !again.jsonLines().empty(); }, 60'000);
    QVERIFY2(again.running(), tail(again.err, 20).constData());
    qInfo("after chattr -i: %s (%.0f s); stderr since:\n%s",
          carriesOn ? "events flow again" : "still no event stored",
          thawed.elapsed() / 1000.0,
          tail(again.err, 4).constData());
    QVERIFY2(carriesOn,
             QByteArray("no event stored within 60 s of the file becoming writable again; stderr:\n"
                        + tail(again.err, 10))
                 .constData());
    QVERIFY2(
        again.terminate(),
        QByteArray(QByteArray("did not stop cleanly on SIGTERM; stderr:\n") + tail(again.err, 20))
            .constData());
}

// ---------------------------------------------------------------- 3. one host per database

void TstStorageFaults::secondHostRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("t.sqlite"));

    LiveHost a;
    QVERIFY2(a.start({QStringLiteral("--db"),
                      db,
                      QStringLiteral("--bots"),
                      QStringLiteral("8"),
                      QStringLiteral("--speed"),
                      QStringLiteral("20"),
                      QStringLiteral("--log"),
                      QStringLiteral("json"),
                      QStringLiteral("--seed"),
                      QStringLiteral("9")}),
             a.err.constData());
    QVERIFY2(a.waitFor(
                 [&] {
                     return a.printed(
                         [](const json &j) { return j.value("type", "") == "MATCH_CREATED"; });
                 },
                 60'000),
             tail(a.err, 10).constData());

    // A second host on the same database is refused, naming the first.
    Run b = runTownhall({QStringLiteral("--headless"),
                         QStringLiteral("--port"),
                         QStringLiteral("0"),
                         QStringLiteral("--db"),
                         db,
                         QStringLiteral("--quiet")},
                        30'000);
    QVERIFY2(!b.crashed, b.err.constData());
    QCOMPARE(b.code, 1);
    QVERIFY2(b.err.contains(
                 QByteArray("in use by another Town Hall host (pid " + QByteArray::number(a.pid))),
             b.err.constData());
    qInfo("second host: %s", b.err.trimmed().constData());
    QVERIFY(a.running());

    // Read-only commands work beside it.
    QByteArray err;
    const std::vector<json> exported = exportMatch(QStringLiteral("match-1"), db, &err);
    QVERIFY2(!exported.empty(), err.constData());
    QCOMPARE(exported.front().value("type", ""), std::string("MATCH_CREATED"));
    for (std::size_t i = 0; i < exported.size(); ++i)
        QCOMPARE(exported[i].at("seq").get<std::uint64_t>(), std::uint64_t(i + 1));
    const QString lastId = QString::fromStdString(exported.back().at("eventId").get<std::string>());
    Run replay = runTownhall({QStringLiteral("replay"),
                              QStringLiteral("match-1"),
                              QStringLiteral("--to"),
                              lastId,
                              QStringLiteral("--db"),
                              db});
    QVERIFY2(replay.code == 0, replay.err.constData());
    QCOMPARE(QString::fromStdString(json::parse(replay.out.toStdString()).value("atEventId", "")),
             lastId);
    Run calls = runTownhall(
        {QStringLiteral("calls"), QStringLiteral("match-1"), QStringLiteral("--db"), db});
    QVERIFY2(calls.code == 0, calls.err.constData());

    // The first host is untouched by all this.
    Client client(a.url);
    QVERIFY(client.connect());
    auto list = client.call("et.werewolf.matches.list", json::object());
    QVERIFY2(list && list->value("ok", false), list ? list->dump().c_str() : "no answer");

    // A killed host leaves a stale lock: the next host starts anyway.
    a.kill9();
    QVERIFY(!a.running());
    LiveHost c;
    QVERIFY2(c.start({QStringLiteral("--db"), db, QStringLiteral("--quiet")}), c.err.constData());
    c.waitFor([] { return false; }, 1500);
    QVERIFY2(c.running(), c.err.constData());
    QVERIFY2(!c.err.contains("in use by another"), c.err.constData());
    Client client2(c.url);
    QVERIFY(client2.connect());
    auto list2 = client2.call("et.werewolf.matches.list", json::object());
    QVERIFY2(list2 && list2->value("ok", false), list2 ? list2->dump().c_str() : "no answer");
    QVERIFY2(c.terminate(), tail(c.err, 10).constData());
}

QTEST_GUILESS_MAIN(TstStorageFaults)
#include "tst_storagefaults.moc"
