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
    const std::string holder = options.holder.empty() ? newClaimHolder() : options.holder;
    const int threads = std::max(1, options.parallel);
    const int claimBatch = options.claimBatch > 0 ? options.claimBatch : 8 * threads;
    const int leaseMs = std::max(100, options.leaseMs);

    BotRunSummary summary;
    auto counts = [&]() -> StoreResult<void> {
        auto row = withReconnect(store, [&] { return store.tournament(id); });
        if (!row)
            return row.error();
        summary.progress.scheduled = row.value().scheduled;
        summary.progress.done = row.value().done;
        return {};
    };
    if (auto r = counts(); !r)
        return r.error();

    // This thread alone touches the store: it claims matches into `queue`,
    // the workers play them and hand back finished rows, and it records
    // those in batches and keeps the leases alive.
    std::mutex mutex;
    std::condition_variable workReady, resultReady;
    std::deque<ScheduledMatch> queue;
    std::deque<TournamentMatchRow> finished;
    int inFlight = 0; // claimed and not yet recorded, queued or playing
    bool closing = false;
    const TournamentSpec &theSpec = spec.value();
    std::vector<std::thread> workers;
    for (int w = 0; w < threads; ++w) {
        workers.emplace_back([&] {
            for (;;) {
                ScheduledMatch m;
                {
                    std::unique_lock lock(mutex);
                    workReady.wait(lock, [&] { return closing || !queue.empty(); });
                    if (queue.empty())
                        return;
                    m = std::move(queue.front());
                    queue.pop_front();
                }
                TournamentMatchRow row = playBotMatch(id, theSpec, m);
                std::lock_guard lock(mutex);
                finished.push_back(std::move(row));
                resultReady.notify_one();
            }
        });
    }

    StoreResult<void> failure;
    auto lastRenew = Clock::now();
    auto nextClaim = Clock::now();
    auto nextCount = Clock::now() + std::chrono::seconds(1);
    bool exhausted = false; // no match left to claim; others may still hold some
    const auto stopping = [&] {
        return options.stop && options.stop->load();
    };
    for (;;) {
        std::vector<TournamentMatchRow> batch;
        {
            std::unique_lock lock(mutex);
            resultReady.wait_for(lock, std::chrono::milliseconds(50), [&] {
                return int(finished.size()) >= options.commitEvery
                       || (inFlight > 0 && int(finished.size()) == inFlight)
                       || (queue.size() < std::size_t(threads) && !exhausted);
            });
            while (!finished.empty() && int(batch.size()) < options.commitEvery) {
                batch.push_back(std::move(finished.front()));
                finished.pop_front();
            }
            inFlight -= int(batch.size());
        }
        if (!batch.empty()) {
            auto recorded
                = withReconnect(store, [&] { return store.completeMatches(batch, holder); });
            if (!recorded) {
                failure = recorded.error();
                break;
            }
            summary.played += recorded.value();
            summary.refused += int(batch.size()) - recorded.value();
            summary.progress.done += recorded.value();
        }
        const auto now = Clock::now();
        if (store.shared() && now - lastRenew > std::chrono::milliseconds(leaseMs / 3)) {
            if (auto r = withReconnect(store, [&] { return store.renewLeases(holder, leaseMs); });
                !r) {
                failure = r.error();
                break;
            }
            lastRenew = now;
        }
        if (stopping())
            break;
        bool wantMore;
        {
            std::lock_guard lock(mutex);
            wantMore = queue.size() < std::size_t(threads) * 2;
        }
        bool claimedNow = false;
        if (wantMore && now >= nextClaim) {
            claimedNow = true;
            auto claimed = withReconnect(
                store, [&] { return store.claimMatches(id, holder, claimBatch, leaseMs); });
            if (!claimed) {
                failure = claimed.error();
                break;
            }
            std::vector<ScheduledMatch> got;
            for (const TournamentMatchRow &row : claimed.value()) {
                auto m = tournament::scheduledMatchFromJson(
                    engine::json::parse(row.scheduleJson, nullptr, false));
                if (!m) {
                    failure = StoreError{
                        StoreError::Code::Corrupt,
                        StoreTr::tr(
                            "tournament %1's match %2 has a schedule entry that does not parse")
                            .arg(q(id))
                            .arg(row.index)};
                    break;
                }
                got.push_back(std::move(*m));
            }
            if (!failure)
                break;
            exhausted = got.empty();
            if (exhausted)
                nextClaim = now + std::chrono::milliseconds(std::max(10, options.pollMs));
            std::lock_guard lock(mutex);
            inFlight += int(got.size());
            for (ScheduledMatch &m : got)
                queue.push_back(std::move(m));
            workReady.notify_all();
        }
        int left;
        {
            std::lock_guard lock(mutex);
            left = inFlight;
            summary.progress.running = std::min(inFlight, threads);
        }
        if (exhausted && left == 0 && claimedNow) {
            // Nothing to claim: done, unless other hosts still hold matches
            // (then keep looking; a dead host's lease runs out).
            if (auto r = counts(); !r) {
                failure = r;
                break;
            }
            if (summary.progress.done >= summary.progress.scheduled)
                break;
            if (!store.shared()) {
                failure = StoreError{
                    StoreError::Code::Conflict,
                    StoreTr::tr("tournament %1 has matches this host cannot claim").arg(q(id))};
                break;
            }
        } else if (store.shared() && now >= nextCount) {
            if (auto r = counts(); !r) {
                failure = r;
                break;
            }
            nextCount = now + std::chrono::seconds(1);
        }
        if (options.progress && (!batch.empty() || exhausted))
            options.progress(summary.progress);
    }

    // Stop the workers; on a stop, matches under way are finished and kept,
    // and claims not started are given back.
    std::vector<int> unplayed;
    {
        std::lock_guard lock(mutex);
        for (const ScheduledMatch &m : queue)
            unplayed.push_back(m.index);
        inFlight -= int(queue.size());
        queue.clear();
        closing = true;
        workReady.notify_all();
    }
    for (auto &t : workers)
        t.join();
    if (failure) {
        std::vector<TournamentMatchRow> rest(std::make_move_iterator(finished.begin()),
                                             std::make_move_iterator(finished.end()));
        if (auto recorded = store.completeMatches(rest, holder); recorded) {
            summary.played += recorded.value();
            summary.refused += int(rest.size()) - recorded.value();
        } else {
            failure = recorded.error();
        }
        if (failure)
            if (auto r = store.releaseMatches(id, unplayed, holder); !r)
                failure = r;
    }
    if (!failure)
        return failure.error();
    if (auto r = counts(); !r)
        return r.error();
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
    return summary;
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
        auto m = tournament::scheduledMatchFromJson(
            engine::json::parse(row.scheduleJson, nullptr, false));
        if (!m)
            return StoreError{
                StoreError::Code::Corrupt,
                StoreTr::tr("tournament %1's match %2 has a schedule entry that does not parse")
                    .arg(q(id))
                    .arg(row.index)};
        tournament::MatchRecord rec;
        rec.index = row.index;
        rec.matchId = row.matchId;
        rec.seats = std::move(m->seats);
        const engine::json result = engine::json::parse(row.resultJson, nullptr, false);
        if (result.is_object() && result.contains("telemetry") && result["telemetry"].is_array())
            for (const engine::json &t : result["telemetry"])
                rec.telemetry.push_back(tournament::SeatTelemetry::fromJson(t));
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
