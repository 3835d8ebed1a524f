// SPDX-License-Identifier: MIT
#include "simulator.h"

#include "rng.h"

#include <algorithm>

namespace townhall::engine {

const std::vector<std::string> &botNames()
{
    static const std::vector<std::string> names{"Ada",
                                                "Basil",
                                                "Cora",
                                                "Dmitri",
                                                "Elena",
                                                "Felix",
                                                "Greta",
                                                "Hugo",
                                                "Iris",
                                                "Jonas",
                                                "Kira",
                                                "Leo",
                                                "Mina",
                                                "Nico",
                                                "Olga",
                                                "Pavel"};
    return names;
}

namespace {
/// The seat of "p:<seat>"; 0 for anything else.
int seatOfPlayer(const std::string &playerId)
{
    if (playerId.size() < 3 || playerId.compare(0, 2, "p:") != 0)
        return 0;
    int seat = 0;
    for (std::size_t i = 2; i < playerId.size(); ++i) {
        if (playerId[i] < '0' || playerId[i] > '9' || seat > 100)
            return 0;
        seat = seat * 10 + (playerId[i] - '0');
    }
    return seat;
}
} // namespace

SimulatedMatch simulateMatch(std::uint64_t seed,
                             const MatchConfig &config,
                             TimeMs startMs,
                             const CallObserver &observer)
{
    return simulateMatch(seed, config, SimulatedTable{}, startMs, observer);
}

SimulatedMatch simulateMatch(std::uint64_t seed,
                             const MatchConfig &config,
                             const SimulatedTable &table,
                             TimeMs startMs,
                             const CallObserver &observer)
{
    SimulatedMatch result;
    result.rejectedBySeat.assign(static_cast<std::size_t>(config.rules.seatCount()) + 1, 0);
    std::vector<SeatAssignment> seats = table.seats;
    if (seats.empty()) {
        Rng nameRng(seed ^ 0xB07B07ULL);
        std::vector<std::string> names = botNames();
        nameRng.shuffle(names);
        for (int i = 0; i < config.rules.seatCount(); ++i)
            seats.push_back({"bot:" + std::to_string(i + 1), names[static_cast<std::size_t>(i)]});
    }
    auto match = std::make_unique<Match>(Match::create(
        table.matchId, table.buildingInstanceId, table.matchNumber, seed, seats, config, startMs));

    SeatLoop loop;
    for (const Player &p : match->state().players)
        loop.seat(p.playerId,
                  std::make_unique<BotDriver>(
                      p.playerId,
                      Rng::forDecision(seed, static_cast<std::uint64_t>(p.seat), 0xB07).next()),
                  startMs);

    TimeMs now = startMs;
    bool acted = false;
    // Calls go straight to the match, answered at once.
    const SeatLoop::Send send
        = [&](const std::string &playerId, const ToolCall &call, std::uint64_t) {
              ++result.toolCalls;
              SeatLoop::Sent sent;
              auto cmd = toCommand(call, playerId);
              if (!cmd) {
                  ++result.rejectedCalls;
                  if (const int seat = seatOfPlayer(playerId);
                      seat > 0 && static_cast<std::size_t>(seat) < result.rejectedBySeat.size())
                      ++result.rejectedBySeat[static_cast<std::size_t>(seat)];
                  sent.error = ErrorCode::InvalidArgument;
                  return sent;
              }
              if (observer) {
                  auto r = match->execute(*cmd, now);
                  observer(*match, playerId, call, r);
                  sent.ok = r.ok();
                  if (!sent.ok)
                      sent.error = r.error().code;
              } else {
                  auto r = match->submit(*cmd, now); // no copies on the hot path
                  sent.ok = r.ok();
                  if (!sent.ok)
                      sent.error = r.error().code;
              }
              if (!sent.ok) {
                  ++result.rejectedCalls;
                  if (const int seat = seatOfPlayer(playerId);
                      seat > 0 && static_cast<std::size_t>(seat) < result.rejectedBySeat.size())
                      ++result.rejectedBySeat[static_cast<std::size_t>(seat)];
              }
              acted = true;
              return sent;
          };
    for (int round = 0; round < 100000 && !match->ended(); ++round) {
        // Let every bot that has news or is due act, until nobody acts.
        for (int pass = 0; pass < 8; ++pass) {
            acted = false;
            loop.pass(*match, now, send);
            if (!acted || match->ended())
                break;
        }
        if (match->ended())
            break;
        // Jump virtual time to the next thing that will happen.
        std::optional<TimeMs> next = match->nextDeadline();
        if (auto wake = loop.nextWake(now); wake && (!next || *wake < *next))
            next = wake;
        if (!next)
            break;
        now = std::max(now, *next);
        match->tick(now);
    }
    const MatchState &st = match->state();
    result.winner = st.winner.value_or(Team::Villagers);
    result.draw = st.phase == Phase::Ended && !st.winner;
    result.days = st.dayNumber;
    result.match = std::move(match);
    return result;
}

} // namespace townhall::engine
