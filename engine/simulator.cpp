// SPDX-License-Identifier: MIT
#include "simulator.h"

#include "rng.h"

#include <algorithm>

namespace townhall::engine {

const std::vector<std::string> &botNames()
{
    static const std::vector<std::string> names{
        "Ada",   "Basil", "Cora",  "Dmitri", "Elena", "Felix", "Greta", "Hugo",
        "Iris",  "Jonas", "Kira",  "Leo",    "Mina",  "Nico",  "Olga",  "Pavel"};
    return names;
}

SimulatedMatch simulateMatch(std::uint64_t seed, const MatchConfig &config, TimeMs startMs,
                             const CallObserver &observer)
{
    SimulatedMatch result;
    Rng nameRng(seed ^ 0xB07B07ULL);
    std::vector<std::string> names = botNames();
    nameRng.shuffle(names);

    std::vector<SeatAssignment> seats;
    for (int i = 0; i < SeatCount; ++i)
        seats.push_back({"bot:" + std::to_string(i + 1), names[static_cast<std::size_t>(i)]});
    auto match = std::make_unique<Match>(
        Match::create("match-1", "bld-1", 1, seed, seats, config, startMs));

    struct Seat
    {
        Bot bot;
        std::uint64_t cursor = 0;
        std::optional<TimeMs> wakeAt;
        StateView view;  // reused: see stateViewInto
    };
    std::vector<Seat> bots;
    for (const Player &p : match->state().players)
        bots.push_back({Bot(p.playerId, Rng::forDecision(seed, static_cast<std::uint64_t>(p.seat), 0xB07).next()),
                        0, startMs, {}});

    TimeMs now = startMs;
    StateOptions opts;
    opts.includeTranscriptSummary = false;
    for (int round = 0; round < 100000 && !match->ended(); ++round) {
        // Let every bot that has news or is due act, until nobody acts.
        for (int pass = 0; pass < 8; ++pass) {
            bool acted = false;
            for (Seat &s : bots) {
                // The dead have nothing to do, except last words after the vote.
                const Player *me = match->player(s.bot.playerId());
                if (!me->alive && !(match->state().phase == Phase::DayResolution
                                    && match->state().lastEliminated == me->playerId))
                    continue;
                const Viewer viewer = Viewer::forPlayer(s.bot.playerId());
                const bool hasNews = match->state().lastSeq > s.cursor;
                const bool due = s.wakeAt && *s.wakeAt <= now;
                if (!hasNews && !due)
                    continue;
                auto news = visibleEvents(*match, viewer, s.cursor, static_cast<std::size_t>(-1));
                s.cursor = match->state().lastSeq;
                stateViewInto(s.view, *match, viewer, opts);
                Bot::Step st = s.bot.step(s.view, news, now);
                s.wakeAt = st.wakeAt;
                if (!st.call)
                    continue;
                ++result.toolCalls;
                auto cmd = toCommand(*st.call, s.bot.playerId());
                if (!cmd) {
                    ++result.rejectedCalls;
                    s.bot.onResult(*st.call, false, ErrorCode::InvalidArgument);
                    continue;
                }
                bool ok = false;
                std::optional<ErrorCode> code;
                if (observer) {
                    auto r = match->execute(*cmd, now);
                    observer(*match, s.bot.playerId(), *st.call, r);
                    ok = r.ok();
                    if (!ok)
                        code = r.error().code;
                } else {
                    auto r = match->submit(*cmd, now);  // no copies on the hot path
                    ok = r.ok();
                    if (!ok)
                        code = r.error().code;
                }
                if (!ok)
                    ++result.rejectedCalls;
                s.bot.onResult(*st.call, ok, code);
                acted = true;
                if (match->ended())
                    break;
            }
            if (!acted || match->ended())
                break;
        }
        if (match->ended())
            break;
        // Jump virtual time to the next thing that will happen.
        std::optional<TimeMs> next = match->nextDeadline();
        for (const Seat &s : bots)
            if (s.wakeAt && *s.wakeAt > now && (!next || *s.wakeAt < *next))
                next = s.wakeAt;
        if (!next)
            break;
        now = std::max(now, *next);
        match->tick(now);
    }
    const MatchState &st = match->state();
    result.winner = st.winner.value_or(Team::Villagers);
    result.days = st.dayNumber;
    result.match = std::move(match);
    return result;
}

} // namespace townhall::engine
