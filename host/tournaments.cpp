// SPDX-License-Identifier: MIT
#include "host/tournaments.h"

#include "engine/rng.h"
#include "engine/simulator.h"
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

QString q(const std::string &s) { return QString::fromStdString(s); }

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
        if (e.type == engine::EventType::PublicMessage || e.type == engine::EventType::WolfChatMessage
            || e.type == engine::EventType::Narrator)
            if (e.payload.is_object())
                e.payload.erase("text");
}

StoreResult<std::vector<engine::Event>> decodeLog(const QByteArray &blob)
{
    const QByteArray text = qUncompress(blob);
    if (text.isEmpty())
        return StoreError{StoreError::Code::Corrupt, StoreTr::tr("a tournament match's log does not decompress")};
    return parseJsonLines(std::string_view(text.constData(), std::size_t(text.size())));
}

} // namespace

std::string botMatchId(const std::string &tournamentId, int index)
{
    return tournamentId + "-m" + std::to_string(index + 1);
}

StoreResult<std::string> createTournament(Store &store, const TournamentSpec &spec)
{
    auto id = store.nextTournamentId();
    if (!id)
        return id.error();
    TournamentRow row;
    row.id = id.value();
    row.name = spec.name;
    row.specJson = spec.toJson().dump();
    row.createdAt = QDateTime::currentMSecsSinceEpoch();
    std::vector<TournamentMatchRow> rows;
    for (const ScheduledMatch &m : tournament::schedule(spec)) {
        TournamentMatchRow r;
        r.tournamentId = row.id;
        r.index = m.index;
        r.scheduleJson = tournament::toJson(m).dump();
        rows.push_back(std::move(r));
    }
    if (rows.empty())
        return StoreError{StoreError::Code::Invalid, StoreTr::tr("the tournament schedules no match")};
    if (auto r = store.createTournament(row, rows); !r)
        return r.error();
    return row.id;
}

StoreResult<TournamentSpec> tournamentSpec(const Store &store, const std::string &id)
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

TournamentMatchRow playBotMatch(const std::string &tournamentId, const TournamentSpec &spec,
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
    row.resultJson = engine::json{{"winner", winnerOf(played.match->state())},
                                  {"days", played.days},
                                  {"events", log.size()},
                                  {"logHash", std::to_string(engine::fnv1a(lines.data(), lines.size()))},
                                  {"telemetry", std::move(telemetry)}}
                         .dump();
    row.log = qCompress(QByteArray::fromRawData(lines.data(), qsizetype(lines.size())), 1);
    row.finishedAt = log.empty() ? VirtualStart : log.back().at;
    return row;
}

StoreResult<BotRunSummary> runBotTournament(Store &store, const std::string &id, const BotRunOptions &options)
{
    using Clock = std::chrono::steady_clock;
    const auto wallStart = Clock::now();
    const std::clock_t cpuStart = std::clock();
    auto spec = tournamentSpec(store, id);
    if (!spec)
        return spec.error();
    if (!spec.value().botsOnly())
        return StoreError{StoreError::Code::Invalid,
                          StoreTr::tr("tournament %1 has participants that are not built-in bots; it plays live")
                              .arg(q(id))};
    auto rows = store.tournamentMatches(id, false);
    if (!rows)
        return rows.error();

    BotRunSummary summary;
    summary.progress.scheduled = int(rows.value().size());
    std::vector<ScheduledMatch> pending;
    for (const TournamentMatchRow &row : rows.value()) {
        if (row.status == "DONE") {
            ++summary.progress.done;
            continue;
        }
        auto m = tournament::scheduledMatchFromJson(engine::json::parse(row.scheduleJson, nullptr, false));
        if (!m)
            return StoreError{StoreError::Code::Corrupt,
                              StoreTr::tr("tournament %1's match %2 has a schedule entry that does not parse")
                                  .arg(q(id))
                                  .arg(row.index)};
        pending.push_back(std::move(*m));
    }

    // Workers take matches in schedule order and hand finished rows to this
    // thread, the only one that touches the store.
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<TournamentMatchRow> finished;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> halt{false};
    int working = std::max(1, options.parallel);
    std::vector<std::thread> workers;
    const TournamentSpec &theSpec = spec.value();
    for (int w = 0; w < std::max(1, options.parallel); ++w) {
        workers.emplace_back([&] {
            for (;;) {
                if (halt.load() || (options.stop && options.stop->load()))
                    break;
                const std::size_t i = next.fetch_add(1);
                if (i >= pending.size())
                    break;
                TournamentMatchRow row = playBotMatch(id, theSpec, pending[i]);
                std::lock_guard lock(mutex);
                finished.push_back(std::move(row));
                ready.notify_one();
            }
            std::lock_guard lock(mutex);
            --working;
            ready.notify_one();
        });
    }

    StoreResult<void> failure;
    for (;;) {
        std::vector<TournamentMatchRow> batch;
        bool last = false;
        {
            std::unique_lock lock(mutex);
            ready.wait_for(lock, std::chrono::milliseconds(200), [&] {
                return int(finished.size()) >= options.commitEvery || working == 0;
            });
            while (!finished.empty() && int(batch.size()) < options.commitEvery) {
                batch.push_back(std::move(finished.front()));
                finished.pop_front();
            }
            last = working == 0 && finished.empty();
            summary.progress.running = working;
        }
        if (!batch.empty()) {
            if (auto r = store.updateTournamentMatches(batch); !r) {
                failure = r;
                halt = true;
            } else {
                summary.played += int(batch.size());
                summary.progress.done += int(batch.size());
            }
            if (options.progress)
                options.progress(summary.progress);
        }
        if (last || !failure)
            break;
    }
    for (auto &t : workers)
        t.join();
    if (!failure)
        return failure.error();
    summary.progress.running = 0;
    summary.stopped = summary.progress.done < summary.progress.scheduled;
    if (!summary.stopped)
        if (auto r = store.setTournamentStatus(id, "FINISHED"); !r)
            return r.error();
    summary.wallSeconds = std::chrono::duration<double>(Clock::now() - wallStart).count();
    summary.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    return summary;
}

StoreResult<std::vector<tournament::MatchRecord>> tournamentRecords(const Store &store, const std::string &id)
{
    auto rows = store.tournamentMatches(id, true);
    if (!rows)
        return rows.error();
    std::vector<tournament::MatchRecord> out;
    for (const TournamentMatchRow &row : rows.value()) {
        if (row.status != "DONE")
            continue;
        auto m = tournament::scheduledMatchFromJson(engine::json::parse(row.scheduleJson, nullptr, false));
        if (!m)
            return StoreError{StoreError::Code::Corrupt,
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
            auto log = store.loadEvents(row.matchId);
            if (!log)
                return log.error();
            rec.log = std::move(log).value();
        }
        dropTexts(rec.log);
        out.push_back(std::move(rec));
    }
    return out;
}

StoreResult<std::vector<engine::Event>> tournamentMatchLog(const Store &store, const std::string &tournamentId,
                                                           const std::string &matchId)
{
    auto rows = store.tournamentMatches(tournamentId, true);
    if (!rows)
        return rows.error();
    for (const TournamentMatchRow &row : rows.value()) {
        if (row.matchId != matchId || row.status != "DONE")
            continue;
        if (!row.log.isEmpty())
            return decodeLog(row.log);
        return store.loadEvents(matchId);
    }
    return StoreError{StoreError::Code::NotFound,
                      StoreTr::tr("tournament %1 has no played match %2").arg(q(tournamentId), q(matchId))};
}

StoreResult<tournament::Report> tournamentReport(const Store &store, const std::string &id)
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

} // namespace townhall::host
