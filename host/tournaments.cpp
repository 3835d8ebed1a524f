// SPDX-License-Identifier: MIT
#include "host/tournaments.h"

#include "engine/rng.h"
#include "engine/simulator.h"
#include "host/sharedtournaments.h"
#include "host/store/matchlog.h"
#include "host/store/storetr.h"

#include <QByteArray>
#include <QDateTime>

#include <chrono>
#include <condition_variable>
#include <ctime>
#include <deque>
#include <mutex>
#include <thread>

namespace townhall::host {

namespace {

using tournament::ScheduledMatch;
using tournament::TournamentSpec;

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/// The virtual clock a tournament's bot matches start at: a fixed instant,
/// so a match's log depends on its schedule entry alone.
constexpr engine::TimeMs VirtualStart = 1'700'000'000'000;

std::string winnerOf(const engine::MatchState &st)
{
    if (!st.winner)
        return "NONE";
    return *st.winner == engine::Team::Villagers ? "VILLAGERS" : "WEREWOLVES";
}

/// Chat and narration texts are the bulk of a log and no figure reads them.
void dropTexts(std::vector<engine::Event> &log)
{
    for (engine::Event &e : log)
        if (e.type == engine::EventType::PublicMessage
            || e.type == engine::EventType::WolfChatMessage
            || e.type == engine::EventType::Narrator)
            if (e.payload.is_object())
                e.payload.erase("text");
}

StoreResult<std::vector<engine::Event>> decodeLog(const QByteArray &blob)
{
    const QByteArray text = qUncompress(blob);
    if (text.isEmpty())
        return StoreError{StoreError::Code::Corrupt,
                          StoreTr::tr("a tournament match's log does not decompress")};
    return parseJsonLines(std::string_view(text.constData(), std::size_t(text.size())));
}

/// The schedule entry a tournament's row holds.
StoreResult<ScheduledMatch> scheduleEntryOf(const std::string &tournamentId,
                                            const TournamentMatchRow &row)
{
    auto m
        = tournament::scheduledMatchFromJson(engine::json::parse(row.scheduleJson, nullptr, false));
    if (!m)
        return StoreError{
            StoreError::Code::Corrupt,
            StoreTr::tr("tournament %1's match %2 has a schedule entry that does not parse")
                .arg(q(tournamentId))
                .arg(row.index)};
    return std::move(*m);
}

/// Runs `op` on `store`; if it fails because the connection to a shared
/// database was lost, reconnects (waiting 0.25 s, then twice as long each
/// time, about 30 s in all) and runs it once more.
template<typename F>
auto withReconnect(TournamentStore &store, F op) -> decltype(op())
{
    auto result = op();
    if (result || !store.shared())
        return result;
    int delayMs = 250;
    for (int attempt = 0; attempt < 8; ++attempt) {
        auto again = store.reconnect();
        if (again)
            return again.value() ? op() : result;
        std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
        delayMs = std::min(delayMs * 2, 8'000);
    }
    return result;
}

} // namespace

QByteArray compressedLog(std::string_view jsonLines)
{
    return qCompress(QByteArray::fromRawData(jsonLines.data(), qsizetype(jsonLines.size())), 1);
}

QByteArray compressedLog(const std::vector<engine::Event> &log)
{
    return compressedLog(toJsonLines(log));
}

std::string botMatchId(const std::string &tournamentId, int index)
{
    return tournamentId + "-m" + std::to_string(index + 1);
}

StoreResult<std::string> createTournament(TournamentStore &store, const TournamentSpec &spec)
{
    TournamentRow row;
    row.name = spec.name;
    row.specJson = spec.toJson().dump();
    row.createdAt = QDateTime::currentMSecsSinceEpoch();
    std::vector<TournamentMatchRow> rows;
    for (const ScheduledMatch &m : tournament::schedule(spec)) {
        TournamentMatchRow r;
        r.index = m.index;
        r.scheduleJson = tournament::toJson(m).dump();
        rows.push_back(std::move(r));
    }
    if (rows.empty())
        return StoreError{StoreError::Code::Invalid,
                          StoreTr::tr("the tournament schedules no match")};
    return store.createTournament(std::move(row), rows);
}

StoreResult<TournamentSpec> tournamentSpec(const TournamentStore &store, const std::string &id)
{
    auto row = store.tournament(id);
    if (!row)
        return row.error();
    auto parsed = tournament::parseSpec(std::string_view(row.value().specJson));
    if (!parsed.ok())
        return StoreError{StoreError::Code::Corrupt,
                          StoreTr::tr("tournament %1's stored file does not parse: %2")
                              .arg(q(id), q(parsed.errors.front()))};
    return *parsed.spec;
}

TournamentMatchRow playBotMatch(const std::string &tournamentId,
                                const TournamentSpec &spec,
                                const ScheduledMatch &match)
{
    engine::MatchConfig config;
    config.rules = spec.rules;
    config.deal = match.deal();
    engine::SimulatedTable table;
    table.matchId = botMatchId(tournamentId, match.index);
    table.buildingInstanceId = "bld-" + table.matchId;
    table.matchNumber = match.index + 1;
    // Agent ids say nothing about the participant (they are public in
    // MATCH_CREATED): the seat is all a player can see.
    for (std::size_t i = 0; i < match.seats.size(); ++i)
        table.seats.push_back({"bot:" + std::to_string(i + 1), match.seats[i].displayName});
    engine::SimulatedMatch played = engine::simulateMatch(match.seed, config, table, VirtualStart);

    const auto &log = played.match->log();
    engine::json telemetry = engine::json::array();
    for (std::size_t i = 0; i < match.seats.size(); ++i) {
        tournament::SeatTelemetry t;
        if (i + 1 < played.rejectedBySeat.size())
            t.illegalCalls = played.rejectedBySeat[i + 1];
        telemetry.push_back(t.toJson());
    }
    const std::string lines = toJsonLines(log);
    TournamentMatchRow row;
    row.tournamentId = tournamentId;
    row.index = match.index;
    row.status = "DONE";
    row.matchId = table.matchId;
    row.resultJson
        = engine::json{{"winner", winnerOf(played.match->state())},
                       {"days", played.days},
                       {"events", log.size()},
                       {"logHash", std::to_string(engine::fnv1a(lines.data(), lines.size()))},
                       {"telemetry", std::move(telemetry)}}
              .dump();
    row.log = compressedLog(lines);
    row.finishedAt = log.empty() ? VirtualStart : log.back().at;
    return row;
}

namespace {

/// One runBotTournament call. This thread alone touches the store: it
/// claims matches into the queue, the workers play them and hand back
/// finished rows, and it records those in batches and keeps the leases alive.
class BotRun
{
public:
    using Clock = std::chrono::steady_clock;

    BotRun(TournamentStore &store,
           const std::string &id,
           const TournamentSpec &spec,
           const BotRunOptions &options)
        : m_store(store)
        , m_id(id)
        , m_spec(spec)
        , m_options(options)
        , m_holder(options.holder.empty() ? newClaimHolder() : options.holder)
        , m_threads(std::max(1, options.parallel))
        , m_claimBatch(options.claimBatch > 0 ? options.claimBatch : 8 * m_threads)
        , m_leaseMs(std::max(100, options.leaseMs))
    {}
    BotRun(const BotRun &) = delete;
    BotRun &operator=(const BotRun &) = delete;

    BotRunSummary summary;

    /// The tournament's scheduled and done matches, into summary.progress.
    StoreResult<void> count()
    {
        auto row = withReconnect(m_store, [&] { return m_store.tournament(m_id); });
        if (!row)
            return row.error();
        summary.progress.scheduled = row.value().scheduled;
        summary.progress.done = row.value().done;
        return {};
    }

    void startWorkers()
    {
        for (int w = 0; w < m_threads; ++w)
            m_workers.emplace_back([this] { work(); });
    }

    /// Records, renews and claims until every match is done, a stop, or a failure.
    StoreResult<void> playUntilDone()
    {
        m_lastRenew = Clock::now();
        m_nextClaim = Clock::now();
        m_nextCount = Clock::now() + std::chrono::seconds(1);
        for (;;) {
            const std::vector<TournamentMatchRow> batch = takeFinished();
            if (auto r = recordFinished(batch); !r)
                return r;
            const auto now = Clock::now();
            if (auto r = renewLeases(now); !r)
                return r;
            if (m_options.stop && m_options.stop->load())
                return {};
            bool claimedNow = false;
            if (wantMore() && now >= m_nextClaim) {
                claimedNow = true;
                if (auto r = claimMore(now); !r)
                    return r;
            }
            auto over = checkOver(claimedNow, now);
            if (!over)
                return over.error();
            if (over.value())
                return {};
            if (m_options.progress && (!batch.empty() || m_exhausted))
                m_options.progress(summary.progress);
        }
    }

    /// Stops the workers; matches under way are finished. After a run that
    /// did not fail they are recorded and the claims not started given back.
    StoreResult<void> finishOrRelease(StoreResult<void> failure)
    {
        std::vector<int> unplayed;
        {
            std::lock_guard lock(m_mutex);
            for (const ScheduledMatch &m : m_queue)
                unplayed.push_back(m.index);
            m_inFlight -= int(m_queue.size());
            m_queue.clear();
            m_closing = true;
            m_workReady.notify_all();
        }
        for (auto &t : m_workers)
            t.join();
        if (!failure)
            return failure;
        std::vector<TournamentMatchRow> rest(std::make_move_iterator(m_finished.begin()),
                                             std::make_move_iterator(m_finished.end()));
        if (auto recorded = m_store.completeMatches(rest, m_holder); recorded) {
            summary.played += recorded.value();
            summary.refused += int(rest.size()) - recorded.value();
        } else {
            return recorded.error();
        }
        return m_store.releaseMatches(m_id, unplayed, m_holder);
    }

private:
    /// A worker thread: plays queued matches until the run closes.
    void work()
    {
        for (;;) {
            ScheduledMatch m;
            {
                std::unique_lock lock(m_mutex);
                m_workReady.wait(lock, [&] { return m_closing || !m_queue.empty(); });
                if (m_queue.empty())
                    return;
                m = std::move(m_queue.front());
                m_queue.pop_front();
            }
            TournamentMatchRow row = playBotMatch(m_id, m_spec, m);
            std::lock_guard lock(m_mutex);
            m_finished.push_back(std::move(row));
            m_resultReady.notify_one();
        }
    }

    /// Up to commitEvery finished rows, waiting at most 50 ms for a full
    /// batch, for the last rows in flight, or for the queue to run low.
    std::vector<TournamentMatchRow> takeFinished()
    {
        std::vector<TournamentMatchRow> batch;
        std::unique_lock lock(m_mutex);
        m_resultReady.wait_for(lock, std::chrono::milliseconds(50), [&] {
            return int(m_finished.size()) >= m_options.commitEvery
                   || (m_inFlight > 0 && int(m_finished.size()) == m_inFlight)
                   || (m_queue.size() < std::size_t(m_threads) && !m_exhausted);
        });
        while (!m_finished.empty() && int(batch.size()) < m_options.commitEvery) {
            batch.push_back(std::move(m_finished.front()));
            m_finished.pop_front();
        }
        m_inFlight -= int(batch.size());
        return batch;
    }

    /// Rows another host took over (its lease ran out) are refused, not recorded twice.
    StoreResult<void> recordFinished(const std::vector<TournamentMatchRow> &batch)
    {
        if (batch.empty())
            return {};
        auto recorded
            = withReconnect(m_store, [&] { return m_store.completeMatches(batch, m_holder); });
        if (!recorded)
            return recorded.error();
        summary.played += recorded.value();
        summary.refused += int(batch.size()) - recorded.value();
        summary.progress.done += recorded.value();
        return {};
    }

    /// A shared database's leases are renewed every third of their length.
    StoreResult<void> renewLeases(Clock::time_point now)
    {
        if (!m_store.shared() || now - m_lastRenew <= std::chrono::milliseconds(m_leaseMs / 3))
            return {};
        if (auto r
            = withReconnect(m_store, [&] { return m_store.renewLeases(m_holder, m_leaseMs); });
            !r)
            return r.error();
        m_lastRenew = now;
        return {};
    }

    /// Claims run ahead of the workers by twice their number.
    bool wantMore()
    {
        std::lock_guard lock(m_mutex);
        return m_queue.size() < std::size_t(m_threads) * 2;
    }

    /// Claims a batch into the queue; with none left, looks again after pollMs.
    StoreResult<void> claimMore(Clock::time_point now)
    {
        auto claimed = withReconnect(
            m_store, [&] { return m_store.claimMatches(m_id, m_holder, m_claimBatch, m_leaseMs); });
        if (!claimed)
            return claimed.error();
        std::vector<ScheduledMatch> got;
        for (const TournamentMatchRow &row : claimed.value()) {
            auto m = scheduleEntryOf(m_id, row);
            if (!m)
                return m.error();
            got.push_back(std::move(m).value());
        }
        m_exhausted = got.empty();
        if (m_exhausted)
            m_nextClaim = now + std::chrono::milliseconds(std::max(10, m_options.pollMs));
        std::lock_guard lock(m_mutex);
        m_inFlight += int(got.size());
        for (ScheduledMatch &m : got)
            m_queue.push_back(std::move(m));
        m_workReady.notify_all();
        return {};
    }

    /// True when the run is over: nothing left to claim and every match
    /// done. Other hosts may still hold matches (then it keeps looking; a
    /// dead host's lease runs out); a local database has no other hosts.
    StoreResult<bool> checkOver(bool claimedNow, Clock::time_point now)
    {
        int left;
        {
            std::lock_guard lock(m_mutex);
            left = m_inFlight;
            summary.progress.running = std::min(m_inFlight, m_threads);
        }
        if (m_exhausted && left == 0 && claimedNow) {
            if (auto r = count(); !r)
                return r.error();
            if (summary.progress.done >= summary.progress.scheduled)
                return true;
            if (!m_store.shared())
                return StoreError{
                    StoreError::Code::Conflict,
                    StoreTr::tr("tournament %1 has matches this host cannot claim").arg(q(m_id))};
        } else if (m_store.shared() && now >= m_nextCount) {
            if (auto r = count(); !r)
                return r.error();
            m_nextCount = now + std::chrono::seconds(1);
        }
        return false;
    }

    TournamentStore &m_store;
    const std::string &m_id;
    const TournamentSpec &m_spec;
    const BotRunOptions &m_options;
    const std::string m_holder;
    const int m_threads;
    const int m_claimBatch;
    const int m_leaseMs;

    std::mutex m_mutex;
    std::condition_variable m_workReady, m_resultReady;
    std::deque<ScheduledMatch> m_queue;
    std::deque<TournamentMatchRow> m_finished;
    int m_inFlight = 0; // claimed and not yet recorded, queued or playing
    bool m_closing = false;
    std::vector<std::thread> m_workers;

    Clock::time_point m_lastRenew;
    Clock::time_point m_nextClaim;
    Clock::time_point m_nextCount;
    bool m_exhausted = false; // no match left to claim; others may still hold some
};

} // namespace

StoreResult<BotRunSummary>
runBotTournament(TournamentStore &store, const std::string &id, const BotRunOptions &options)
{
    using Clock = std::chrono::steady_clock;
    const auto wallStart = Clock::now();
    const std::clock_t cpuStart = std::clock();
    auto spec = tournamentSpec(store, id);
    if (!spec)
        return spec.error();
    if (!spec.value().botsOnly())
        return StoreError{
            StoreError::Code::Invalid,
            StoreTr::tr("tournament %1 has participants that are not built-in bots; it plays live")
                .arg(q(id))};
    BotRun run(store, id, spec.value(), options);
    if (auto r = run.count(); !r)
        return r.error();
    run.startWorkers();
    // On a stop, matches under way are finished and kept, and claims not
    // started are given back.
    if (auto r = run.finishOrRelease(run.playUntilDone()); !r)
        return r.error();
    if (auto r = run.count(); !r)
        return r.error();
    BotRunSummary &summary = run.summary;
    summary.progress.running = 0;
    summary.stopped = summary.progress.done < summary.progress.scheduled;
    summary.wallSeconds = std::chrono::duration<double>(Clock::now() - wallStart).count();
    summary.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    if (options.progress)
        options.progress(summary.progress);
    if (!summary.stopped) {
        auto end = recordTournamentEnd(store, id);
        if (!end)
            return end.error();
        summary.finishedHere = end.value().finishedHere;
        summary.report = std::move(end.value().report);
    }
    return std::move(summary);
}

StoreResult<TournamentEnd> recordTournamentEnd(TournamentStore &store, const std::string &id)
{
    // A shared database keeps the ratings with the tournament: the first
    // host to see the end stores them.
    TournamentEnd end;
    std::string reportJson;
    if (store.shared()) {
        auto row = store.tournament(id);
        if (!row)
            return row.error();
        if (row.value().status != "FINISHED") {
            auto report = tournamentReport(store, id);
            if (!report)
                return report.error();
            reportJson = tournament::toJsonText(report.value());
            end.report = std::move(report).value();
        }
    }
    auto fin = store.finishTournament(id, reportJson);
    if (!fin)
        return fin.error();
    end.finishedHere = fin.value();
    return end;
}

StoreResult<std::vector<tournament::MatchRecord>> tournamentRecords(const TournamentStore &store,
                                                                    const std::string &id)
{
    auto rows = store.tournamentMatches(id, true);
    if (!rows)
        return rows.error();
    std::vector<tournament::MatchRecord> out;
    for (const TournamentMatchRow &row : rows.value()) {
        if (row.status != "DONE")
            continue;
        auto m = scheduleEntryOf(id, row);
        if (!m)
            return m.error();
        tournament::MatchRecord rec;
        rec.index = row.index;
        rec.matchId = row.matchId;
        rec.seats = std::move(m->seats);
        const engine::json result = engine::json::parse(row.resultJson, nullptr, false);
        if (result.is_object() && result.contains("telemetry") && result["telemetry"].is_array())
            for (const engine::json &t : result["telemetry"])
                rec.telemetry.push_back(tournament::SeatTelemetry::fromJson(t));
        if (result.is_object() && result.contains("spoiled") && result["spoiled"].is_object())
            rec.spoiledAt = result["spoiled"].value("at", std::string("?"));
        if (!row.log.isEmpty()) {
            auto log = decodeLog(row.log);
            if (!log)
                return log.error();
            rec.log = std::move(log).value();
        } else {
            auto log = store.matchEvents(row.matchId);
            if (!log)
                return log.error();
            rec.log = std::move(log).value();
        }
        dropTexts(rec.log);
        out.push_back(std::move(rec));
    }
    return out;
}

StoreResult<std::vector<engine::Event>> tournamentMatchLog(const TournamentStore &store,
                                                           const std::string &tournamentId,
                                                           const std::string &matchId)
{
    auto row = store.playedMatch(tournamentId, matchId);
    if (!row)
        return row.error();
    if (row.value()) {
        if (!row.value()->log.isEmpty())
            return decodeLog(row.value()->log);
        return store.matchEvents(matchId);
    }
    return StoreError{
        StoreError::Code::NotFound,
        StoreTr::tr("tournament %1 has no played match %2").arg(q(tournamentId), q(matchId))};
}

StoreResult<tournament::Report> tournamentReport(const TournamentStore &store,
                                                 const std::string &id)
{
    auto spec = tournamentSpec(store, id);
    if (!spec)
        return spec.error();
    auto records = tournamentRecords(store, id);
    if (!records)
        return records.error();
    auto row = store.tournament(id);
    if (!row)
        return row.error();
    tournament::Report report = tournament::computeReport(id, spec.value(), records.value());
    report.scheduled = row.value().scheduled;
    return report;
}

std::string spoiledMatchKey(const std::string &matchId)
{
    return "match.spoiled." + matchId;
}

namespace {
/// The readers only read; LocalTournaments wants a Store it could write.
LocalTournaments reader(const Store &store)
{
    return LocalTournaments(const_cast<Store &>(store));
}
} // namespace

StoreResult<std::string> createTournament(Store &store, const TournamentSpec &spec)
{
    LocalTournaments local(store);
    return createTournament(local, spec);
}

StoreResult<TournamentSpec> tournamentSpec(const Store &store, const std::string &id)
{
    return tournamentSpec(reader(store), id);
}

StoreResult<BotRunSummary>
runBotTournament(Store &store, const std::string &id, const BotRunOptions &options)
{
    LocalTournaments local(store);
    return runBotTournament(local, id, options);
}

StoreResult<std::vector<tournament::MatchRecord>> tournamentRecords(const Store &store,
                                                                    const std::string &id)
{
    return tournamentRecords(reader(store), id);
}

StoreResult<std::vector<engine::Event>>
tournamentMatchLog(const Store &store, const std::string &tournamentId, const std::string &matchId)
{
    return tournamentMatchLog(reader(store), tournamentId, matchId);
}

StoreResult<tournament::Report> tournamentReport(const Store &store, const std::string &id)
{
    return tournamentReport(reader(store), id);
}

} // namespace townhall::host
