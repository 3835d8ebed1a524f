// SPDX-License-Identifier: MIT
// store_bench: events per second that Store::commit makes durable, at the
// batch sizes a busy host sees (1, 8, 64, 256 commands per commit), with
// synchronous=NORMAL and FULL. Also the mean latency of one commit, which
// is what the store adds to a tool call.
//
//   store_bench [--dir DIR] [--matches N] [--concurrent C] [--seconds S] [--rows every|host]
//   [--floor]
//
// --rows every (the default) rewrites each match's rows with every command,
// as the host did before e52a4ae; --rows host writes them when the host does
// now (Host::rowsDue): with a match's first events, at a phase, day or pause
// change, and at least every 64 events, so most commits are events only.
//
// --floor adds what SQLite alone costs for the same events: the rows the
// store writes (payloads serialized beforehand, outside the timing) inserted
// into the store's own events table through one prepared statement, in
// transactions of the same sizes, with nothing else (no match rows, no
// checks, no idempotency). No store can write these rows for less, so it
// is the lower bound of the store's share of a tool call.
//
// The event logs come from complete scripted matches (tests/host/store/matchdriver),
// interleaved round-robin across matches like concurrent sessions would;
// --concurrent C plays them C at a time (64 sessions are 8 matches), the
// next C starting when those end.

#include "host/store/store.h"

#include "tests/host/store/matchdriver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

using namespace townhall;
using namespace townhall::host;

namespace {

/// One host step of one match: its events and the rows after it.
struct Step
{
    std::size_t match = 0;
    std::vector<engine::Event> events;
    MatchSnapshot snapshot;
};

std::vector<Step> generate(int matches, int concurrent)
{
    std::vector<std::vector<Step>> perMatch(static_cast<std::size_t>(matches));
    for (int i = 0; i < matches; ++i) {
        const auto seed = static_cast<std::uint64_t>(1000 + i);
        engine::Match m = storetest::createMatch(
            "match-" + std::to_string(i + 1), i + 1, seed, 1'700'000'000'000);
        auto &steps = perMatch[static_cast<std::size_t>(i)];
        steps.push_back(Step{static_cast<std::size_t>(i), m.log(), snapshotOf(m)});
        storetest::MatchDriver d(m, seed, 1'700'000'000'000);
        while (!m.ended()) {
            std::vector<engine::Event> ev = d.step();
            if (ev.empty())
                break;
            steps.push_back(Step{static_cast<std::size_t>(i), std::move(ev), snapshotOf(m)});
        }
    }
    // Round-robin within each group of `concurrent` matches: step k of
    // every match of the group before step k+1 of any.
    std::vector<Step> out;
    const auto group = std::size_t(std::max(1, concurrent));
    for (std::size_t first = 0; first < perMatch.size(); first += group) {
        const std::size_t end = std::min(perMatch.size(), first + group);
        for (std::size_t k = 0;; ++k) {
            bool any = false;
            for (std::size_t i = first; i < end; ++i)
                if (k < perMatch[i].size()) {
                    out.push_back(std::move(perMatch[i][k]));
                    any = true;
                }
            if (!any)
                break;
        }
    }
    return out;
}

struct Result
{
    std::size_t commits = 0;
    std::size_t commands = 0;
    std::size_t events = 0;
    double seconds = 0;    ///< wall time inside commit()
    double cpuSeconds = 0; ///< this thread's CPU time inside commit()
};

/// CPU time of this thread: on a loaded machine wall time also counts the
/// time other processes had the CPU; this does not (but misses fsync waits).
double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

/// Where a match's rows were last written (Host::RowMark).
struct RowMark
{
    std::string phase;
    int day = 0;
    bool paused = false;
    std::uint64_t seq = 0;
};

/// Host::rowsDue: the rows are due with a match's first events, at a phase,
/// day or pause change, and every 64 events.
bool rowsDue(std::map<std::string, RowMark> &marks, const MatchRow &row)
{
    const RowMark mark{row.phase, row.dayNumber, row.paused, row.lastSeq};
    const auto it = marks.find(row.matchId);
    if (it != marks.end() && it->second.phase == mark.phase && it->second.day == mark.day
        && it->second.paused == mark.paused && mark.seq < it->second.seq + 64)
        return false;
    marks[row.matchId] = mark;
    return true;
}

Result run(const QString &path,
           Durability durability,
           int batchSize,
           const std::vector<Step> &steps,
           double budgetSeconds,
           bool hostRows)
{
    Store::Options o;
    o.durability = durability;
    auto store = Store::open(path, o);
    if (!store) {
        std::fprintf(stderr, "open: %s\n", qPrintable(store.error().message));
        std::exit(1);
    }
    Result r;
    std::map<std::string, RowMark> marks;
    QElapsedTimer timer;
    timer.start();
    std::size_t i = 0;
    while (i < steps.size()) {
        // Measured from here: serializing the payloads (EventRow::of) is the
        // store's work, done when the host adds events to a batch; the
        // rest of building the batch costs next to nothing.
        const qint64 built = timer.nsecsElapsed();
        const double cpu = threadCpuSeconds();
        Batch b;
        for (int k = 0; k < batchSize && i < steps.size(); ++k, ++i) {
            const Step &s = steps[i];
            MatchWrite *w = nullptr;
            for (MatchWrite &x : b.matches)
                if (x.matchId == s.snapshot.match.matchId)
                    w = &x;
            if (!w) {
                b.matches.push_back(MatchWrite{s.snapshot.match.matchId, {}, std::nullopt});
                w = &b.matches.back();
            }
            for (const engine::Event &e : s.events)
                w->events.push_back(EventRow::of(e));
            w->snapshot = s.snapshot;
            ++r.commands;
        }
        if (hostRows)
            for (MatchWrite &w : b.matches)
                if (!rowsDue(marks, w.snapshot->match))
                    w.snapshot.reset();
        const std::size_t events = b.eventCount();
        if (auto c = store->commit(b); !c) {
            std::fprintf(stderr, "commit: %s\n", qPrintable(c.error().message));
            std::exit(1);
        }
        r.cpuSeconds += threadCpuSeconds() - cpu;
        r.seconds += double(timer.nsecsElapsed() - built) / 1e9;
        r.events += events;
        ++r.commits;
        if (r.seconds > budgetSeconds)
            break;
    }
    return r;
}

/// The same events through SQLite's C API alone (--floor): the file gets
/// the store's schema from Store::open, then a raw connection inserts.
Result floorRun(const QString &path,
                Durability durability,
                int batchSize,
                const std::vector<Step> &steps,
                double budgetSeconds)
{
    {
        Store::Options o;
        o.durability = durability;
        auto store = Store::open(path, o); // creates the schema, leaves the file in WAL mode
        if (!store) {
            std::fprintf(stderr, "open: %s\n", qPrintable(store.error().message));
            std::exit(1);
        }
    }
    std::vector<std::vector<EventRow>> rows;
    rows.reserve(steps.size());
    for (const Step &s : steps) {
        std::vector<EventRow> r;
        for (const engine::Event &e : s.events)
            r.push_back(EventRow::of(e));
        rows.push_back(std::move(r));
    }
    sqlite3 *db = nullptr;
    sqlite3_stmt *ins = nullptr;
    auto check = [&](int rc, const char *what) {
        if (rc != SQLITE_OK && rc != SQLITE_DONE) {
            std::fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
            std::exit(1);
        }
    };
    check(sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr),
          "open");
    check(sqlite3_exec(db,
                       durability == Durability::Full ? "PRAGMA synchronous = FULL"
                                                      : "PRAGMA synchronous = NORMAL",
                       nullptr,
                       nullptr,
                       nullptr),
          "synchronous");
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO events (match_id, seq, event_id, at_ms, type, audience, "
                             "audience_player_id, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             -1,
                             &ins,
                             nullptr),
          "prepare");
    auto text = [&](int i, std::string_view v) {
        sqlite3_bind_text(ins, i, v.data(), int(v.size()), SQLITE_STATIC);
    };
    Result r;
    QElapsedTimer timer;
    timer.start();
    std::size_t i = 0;
    while (i < rows.size()) {
        const qint64 started = timer.nsecsElapsed();
        const double cpu = threadCpuSeconds();
        check(sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr), "begin");
        std::size_t events = 0;
        for (int k = 0; k < batchSize && i < rows.size(); ++k, ++i) {
            for (const EventRow &e : rows[i]) {
                text(1, e.matchId);
                sqlite3_bind_int64(ins, 2, sqlite3_int64(e.seq));
                text(3, e.eventId);
                sqlite3_bind_int64(ins, 4, e.at);
                text(5, engine::toString(e.type));
                text(6, engine::toString(e.audience));
                if (e.audience == engine::Audience::Player)
                    text(7, e.audiencePlayerId);
                else
                    sqlite3_bind_null(ins, 7);
                text(8, e.payload);
                check(sqlite3_step(ins), "insert");
                sqlite3_reset(ins);
                ++events;
            }
            ++r.commands;
        }
        check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), "commit");
        r.cpuSeconds += threadCpuSeconds() - cpu;
        r.seconds += double(timer.nsecsElapsed() - started) / 1e9;
        r.events += events;
        ++r.commits;
        if (r.seconds > budgetSeconds)
            break;
    }
    sqlite3_finalize(ins);
    sqlite3_close(db);
    return r;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Town Hall store benchmark"));
    parser.addHelpOption();
    const QCommandLineOption dirOpt(QStringLiteral("dir"),
                                    QStringLiteral("Directory for the database files (default: a "
                                                   "temporary directory)."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption matchesOpt(QStringLiteral("matches"),
                                        QStringLiteral("Concurrent matches (default 64)."),
                                        QStringLiteral("N"),
                                        QStringLiteral("64"));
    const QCommandLineOption concurrentOpt(QStringLiteral("concurrent"),
                                           QStringLiteral("Matches played at a time (default: "
                                                          "all of them)."),
                                           QStringLiteral("C"),
                                           QStringLiteral("0"));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"),
                                        QStringLiteral("Time budget per run (default 3)."),
                                        QStringLiteral("S"),
                                        QStringLiteral("3"));
    const QCommandLineOption rowsOpt(QStringLiteral("rows"),
                                     QStringLiteral("When the matches' rows are written: every "
                                                    "(each command, default) or host (as the "
                                                    "host does)."),
                                     QStringLiteral("WHEN"),
                                     QStringLiteral("every"));
    const QCommandLineOption floorOpt(QStringLiteral("floor"),
                                      QStringLiteral("Also time the same events inserted by "
                                                     "SQLite alone (the lower bound)."));
    parser.addOptions({dirOpt, matchesOpt, concurrentOpt, secondsOpt, rowsOpt, floorOpt});
    parser.process(app);

    QTemporaryDir tmp;
    const QString dir = parser.isSet(dirOpt) ? parser.value(dirOpt) : tmp.path();
    const int matches = parser.value(matchesOpt).toInt();
    const int concurrent
        = parser.value(concurrentOpt).toInt() > 0 ? parser.value(concurrentOpt).toInt() : matches;
    const double seconds = parser.value(secondsOpt).toDouble();
    const bool hostRows = parser.value(rowsOpt) == QLatin1String("host");

    QElapsedTimer gen;
    gen.start();
    const std::vector<Step> steps = generate(matches, concurrent);
    std::size_t totalEvents = 0;
    for (const Step &s : steps)
        totalEvents += s.events.size();
    std::printf("store_bench: %d matches (%d at a time), %zu commands, %zu events (generated in "
                "%.1f s), rows %s\n",
                matches,
                concurrent,
                steps.size(),
                totalEvents,
                double(gen.elapsed()) / 1000.0,
                hostRows ? "as the host writes them" : "with every command");

    int run_no = 0;
    auto table = [&](const char *title, auto runOne) {
        std::printf("%s\n%-8s %6s %9s %9s %12s %12s %14s %14s\n",
                    title,
                    "sync",
                    "batch",
                    "commits",
                    "events",
                    "events/s",
                    "events/cpu-s",
                    "us/commit",
                    "cpu-us/commit");
        for (Durability d : {Durability::Normal, Durability::Full}) {
            for (int batch : {1, 8, 64, 256}) {
                const QString path = dir + QStringLiteral("/bench-%1.sqlite").arg(++run_no);
                const Result r = runOne(path, d, batch);
                std::printf("%-8s %6d %9zu %9zu %12.0f %12.0f %14.1f %14.1f\n",
                            d == Durability::Full ? "FULL" : "NORMAL",
                            batch,
                            r.commits,
                            r.events,
                            double(r.events) / r.seconds,
                            double(r.events) / r.cpuSeconds,
                            r.seconds * 1e6 / double(r.commits),
                            r.cpuSeconds * 1e6 / double(r.commits));
                std::fflush(stdout);
                for (const char *suffix : {"", "-wal", "-shm"})
                    QFile::remove(path + QLatin1String(suffix));
            }
        }
    };
    table("Store::commit", [&](const QString &path, Durability d, int batch) {
        return run(path, d, batch, steps, seconds, hostRows);
    });
    if (parser.isSet(floorOpt)) {
        // What the store's table above spends on serializing payloads
        // (EventRow::of), which the floor below does beforehand.
        const double cpu = threadCpuSeconds();
        std::size_t bytes = 0;
        for (const Step &s : steps)
            for (const engine::Event &e : s.events)
                bytes += EventRow::of(e).payload.size();
        std::printf("serializing the payloads: %.2f cpu-us per event (%.0f bytes on average)\n",
                    (threadCpuSeconds() - cpu) * 1e6 / double(totalEvents),
                    double(bytes) / double(totalEvents));
        table("SQLite alone (events only, serialized beforehand)",
              [&](const QString &path, Durability d, int batch) {
                  return floorRun(path, d, batch, steps, seconds);
              });
    }
    return 0;
}
