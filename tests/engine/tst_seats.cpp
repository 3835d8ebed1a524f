// SPDX-License-Identifier: MIT
// SeatLoop (engine/seats.h): the one loop that drives seats. A match played
// by bot drivers through it ends; a seat handed to a new driver mid-match
// keeps playing and an answer owed to the old driver is dropped; seats of
// the dead are not asked; a call is sent before the next seat's turn.

#include "engine/rng.h"
#include "engine/seats.h"
#include "engine/simulator.h"
#include "engine/toolcalls.h"

#include <QtTest>

using namespace townhall::engine;

namespace {

std::unique_ptr<Match> newMatch(std::uint64_t seed)
{
    std::vector<SeatAssignment> seats;
    for (int i = 0; i < SeatCount; ++i)
        seats.push_back({"bot:" + std::to_string(i + 1), botNames()[static_cast<std::size_t>(i)]});
    return std::make_unique<Match>(
        Match::create("match-1", "bld-1", 1, seed, seats, MatchConfig{}, 1'000'000));
}

/// A driver that records its turns and makes one scripted call.
class Recording final : public SeatDriver
{
public:
    explicit Recording(std::optional<ToolCall> call = std::nullopt)
        : m_call(std::move(call))
    {}
    Step onTurn(const StateView &view, const std::vector<const Event *> &news, TimeMs) override
    {
        ++turns;
        seen += news.size();
        lastPhase = view.phase;
        Step s;
        if (m_call && !sent) {
            s.call = m_call;
            sent = true;
        }
        return s;
    }
    void onResult(const ToolCall &, bool ok, std::optional<ErrorCode>) override
    {
        ++results;
        lastOk = ok;
    }
    /// Asks for a turn, as a driver whose answer came from elsewhere.
    void poke() const { wakeUp(); }
    int turns = 0;
    std::size_t seen = 0;
    int results = 0;
    bool lastOk = false;
    bool sent = false;
    Phase lastPhase{};

private:
    std::optional<ToolCall> m_call;
};

/// A bot that counts the turns it gets while its player is dead.
class Watched final : public SeatDriver
{
public:
    Watched(const Match &m,
            std::string playerId,
            std::uint64_t seed,
            int &deadTurns,
            int &lastWordTurns)
        : m_match(m)
        , m_playerId(playerId)
        , m_bot(std::move(playerId), seed)
        , m_dead(deadTurns)
        , m_lastWords(lastWordTurns)
    {}
    Step onTurn(const StateView &view, const std::vector<const Event *> &news, TimeMs now) override
    {
        if (!m_match.player(m_playerId)->alive) {
            if (m_match.state().phase == Phase::DayResolution
                && m_match.state().lastEliminated == m_playerId)
                ++m_lastWords;
            else
                ++m_dead;
        }
        return m_bot.onTurn(view, news, now);
    }
    void onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error) override
    {
        m_bot.onResult(call, ok, error);
    }

private:
    const Match &m_match;
    std::string m_playerId;
    BotDriver m_bot;
    int &m_dead;
    int &m_lastWords;
};

/// Plays `m` to its end with `loop`, calls answered at once.
int playOut(Match &m, SeatLoop &loop, TimeMs &now)
{
    int calls = 0;
    const SeatLoop::Send send
        = [&](const std::string &playerId, const ToolCall &call, std::uint64_t) {
              ++calls;
              SeatLoop::Sent sent;
              if (auto cmd = toCommand(call, playerId)) {
                  auto r = m.submit(*cmd, now);
                  sent.ok = r.ok();
                  if (!r.ok())
                      sent.error = r.error().code;
              }
              return sent;
          };
    for (int round = 0; round < 100000 && !m.ended(); ++round) {
        for (int pass = 0; pass < 8 && loop.pass(m, now, send) && !m.ended(); ++pass) {
        }
        std::optional<TimeMs> next = m.nextDeadline();
        if (auto w = loop.nextWake(now); w && (!next || *w < *next))
            next = w;
        if (!next)
            break;
        now = std::max(now, *next);
        m.tick(now);
    }
    return calls;
}

/// A bot that also records how the match's end reached it.
class Farewell final : public SeatDriver
{
public:
    Farewell(std::string playerId, std::uint64_t seed, bool settles)
        : m_bot(std::move(playerId), seed)
        , m_settles(settles)
    {}
    Step onTurn(const StateView &view, const std::vector<const Event *> &news, TimeMs now) override
    {
        return m_bot.onTurn(view, news, now);
    }
    void onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error) override
    {
        m_bot.onResult(call, ok, error);
    }
    void onEnded(const StateView &view, const std::vector<const Event *> &news, TimeMs) override
    {
        ++ended;
        endedPhase = view.phase;
        for (const Event *e : news)
            sawGameEnded = sawGameEnded || e->type == EventType::GameEnded;
    }
    bool settling() const override { return m_settles && !done; }
    int ended = 0;
    Phase endedPhase{};
    bool sawGameEnded = false;
    bool done = false;

private:
    BotDriver m_bot;
    bool m_settles;
};

} // namespace

class TestSeats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void botDriversPlayAMatchToItsEnd()
    {
        for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
            auto m = newMatch(seed);
            SeatLoop loop;
            for (const Player &p : m->state().players)
                loop.seat(p.playerId,
                          std::make_unique<BotDriver>(p.playerId, seed * 7 + std::uint64_t(p.seat)),
                          1'000'000);
            TimeMs now = 1'000'000;
            const int calls = playOut(*m, loop, now);
            QVERIFY2(m->ended(), qPrintable(QStringLiteral("seed %1").arg(seed)));
            QVERIFY(calls > 20);
            QCOMPARE(loop.size(), std::size_t(SeatCount));
        }
    }

    void aCallIsSentBeforeTheNextSeatsTurn()
    {
        auto m = newMatch(5);
        SeatLoop loop;
        const std::string first = m->state().players[0].playerId;
        const std::string second = m->state().players[1].playerId;
        auto *a = new Recording(ToolCall{"et.werewolf.match.ready", {{"matchId", "match-1"}}});
        auto *b = new Recording();
        loop.seat(first, std::unique_ptr<SeatDriver>(a), 1'000'000);
        loop.seat(second, std::unique_ptr<SeatDriver>(b), 1'000'000);
        std::vector<std::string> order;
        std::size_t seqWhenSecondAsked = 0; // events the second seat may see once the ready is in
        loop.pass(
            *m, 1'000'000, [&](const std::string &playerId, const ToolCall &call, std::uint64_t) {
                order.push_back(playerId);
                auto r = m->submit(*toCommand(call, playerId), 1'000'000);
                SeatLoop::Sent s;
                s.ok = r.ok();
                seqWhenSecondAsked
                    = visibleEvents(*m, Viewer::forPlayer(second), 0, std::size_t(-1)).size();
                return s;
            });
        QCOMPARE(order, std::vector<std::string>{first});
        QCOMPARE(a->results, 1);
        QVERIFY(a->lastOk);
        // The second seat's turn came after the ready: its news include it.
        QCOMPARE(b->turns, 1);
        QCOMPARE(b->seen, seqWhenSecondAsked);
    }

    void aReplacedDriverTakesOverAndAStaleAnswerIsDropped()
    {
        auto m = newMatch(9);
        SeatLoop loop;
        const std::string pid = m->state().players[2].playerId;
        auto *old = new Recording(ToolCall{"et.werewolf.match.ready", {{"matchId", "match-1"}}});
        loop.seat(pid, std::unique_ptr<SeatDriver>(old), 1'000'000);
        std::uint64_t oldTicket = 0;
        loop.pass(*m, 1'000'000, [&](const std::string &, const ToolCall &, std::uint64_t ticket) {
            oldTicket = ticket;
            SeatLoop::Sent later;
            later.answered = false; // the answer comes later
            return later;
        });
        QVERIFY(loop.busy());
        QCOMPARE(old->turns, 1);
        // A busy seat is not asked again.
        loop.pass(*m, 1'000'001, [](const std::string &, const ToolCall &, std::uint64_t) {
            return SeatLoop::Sent{};
        });
        QCOMPARE(old->turns, 1);

        auto *fresh = new Recording();
        QVERIFY(loop.replace(pid, std::unique_ptr<SeatDriver>(fresh), 1'000'002));
        QVERIFY(!loop.busy());
        // The old call's answer arrives: nobody is told.
        loop.resolved(pid, ToolCall{"et.werewolf.match.ready", {}}, true, std::nullopt, oldTicket);
        QCOMPARE(fresh->results, 0);
        // The new driver is asked at once and reads the match from its start.
        loop.pass(*m, 1'000'002, [](const std::string &, const ToolCall &, std::uint64_t) {
            return SeatLoop::Sent{};
        });
        QCOMPARE(fresh->turns, 1);
        QCOMPARE(fresh->seen, visibleEvents(*m, Viewer::forPlayer(pid), 0, std::size_t(-1)).size());
        QVERIFY(!loop.replace("p:none", std::make_unique<Recording>(), 1'000'003));
        QVERIFY(loop.unseat(pid));
        QVERIFY(loop.empty());
    }

    void aWakeUpGivesATurnAtOnce()
    {
        auto m = newMatch(15);
        SeatLoop loop;
        const std::string pid = m->state().players[3].playerId;
        auto *d = new Recording();
        loop.seat(pid, std::unique_ptr<SeatDriver>(d), 1'000'000);
        const auto none = [](const std::string &, const ToolCall &, std::uint64_t) {
            return SeatLoop::Sent{};
        };
        loop.pass(*m, 1'000'000, none);
        QCOMPARE(d->turns, 1);
        loop.pass(*m, 1'000'500, none);
        QCOMPARE(d->turns, 1); // nothing new, no turn asked for
        d->setWakeUp([&] { loop.wake(pid, 1'000'600); });
        QVERIFY(loop.nextWake() == std::nullopt);
        d->poke();
        QCOMPARE(loop.nextWake(), std::optional<TimeMs>(1'000'600));
        loop.pass(*m, 1'000'600, none);
        QCOMPARE(d->turns, 2);
        QVERIFY(!loop.wake("p:none", 1'000'700));
    }

    void aBotHandedOverMidMatchFinishesIt()
    {
        auto m = newMatch(11);
        SeatLoop loop;
        for (const Player &p : m->state().players)
            loop.seat(p.playerId,
                      std::make_unique<BotDriver>(p.playerId, 100 + std::uint64_t(p.seat)),
                      1'000'000);
        TimeMs now = 1'000'000;
        // Play until the first day, then hand every seat to a fresh bot.
        const SeatLoop::Send send
            = [&](const std::string &playerId, const ToolCall &call, std::uint64_t) {
                  SeatLoop::Sent sent;
                  auto r = m->submit(*toCommand(call, playerId), now);
                  sent.ok = r.ok();
                  return sent;
              };
        for (int i = 0; i < 10000 && m->state().dayNumber < 1 && !m->ended(); ++i) {
            loop.pass(*m, now, send);
            std::optional<TimeMs> next = m->nextDeadline();
            if (auto w = loop.nextWake(now); w && (!next || *w < *next))
                next = w;
            QVERIFY(next);
            now = std::max(now, *next);
            m->tick(now);
        }
        QVERIFY(!m->ended());
        for (const Player &p : m->state().players)
            QVERIFY(
                loop.replace(p.playerId,
                             std::make_unique<BotDriver>(p.playerId, 900 + std::uint64_t(p.seat)),
                             now));
        playOut(*m, loop, now);
        QVERIFY(m->ended());
    }

    void everySeatHearsTheEndOnceAndMaySettle()
    {
        auto m = newMatch(11);
        SeatLoop loop;
        std::vector<Farewell *> drivers;
        for (const Player &p : m->state().players) {
            auto d = std::make_unique<Farewell>(
                p.playerId, 11 * 7 + std::uint64_t(p.seat), p.seat == 1);
            drivers.push_back(d.get());
            loop.seat(p.playerId, std::move(d), 1'000'000);
        }
        TimeMs now = 1'000'000;
        QVERIFY(!loop.end(*m, now)); // not before the end
        playOut(*m, loop, now);
        QVERIFY(m->ended());
        QVERIFY(!loop.ended());
        QVERIFY(loop.end(*m, now));
        QVERIFY(!loop.end(*m, now)); // once
        QVERIFY(loop.ended());
        int dead = 0;
        for (std::size_t i = 0; i < drivers.size(); ++i) {
            const Player &p = m->state().players[i];
            dead += p.alive ? 0 : 1;
            QCOMPARE(drivers[i]->ended, 1); // the dead too
            QVERIFY(drivers[i]->endedPhase == Phase::Ended);
            // The dead were not shown the last events while dead: the end brings them.
            QVERIFY2(drivers[i]->sawGameEnded, p.playerId.c_str());
        }
        QVERIFY(dead > 0);
        QVERIFY(loop.settling()); // seat 1 still says goodbye
        drivers[0]->done = true;
        QVERIFY(!loop.settling());
    }

    void theDeadAreNotAskedExceptForLastWords()
    {
        int deadTurns = 0;
        int lastWordTurns = 0;
        int dead = 0;
        for (std::uint64_t seed = 20; seed < 30; ++seed) {
            auto m = newMatch(seed);
            SeatLoop loop;
            for (const Player &p : m->state().players)
                loop.seat(
                    p.playerId,
                    std::make_unique<Watched>(
                        *m, p.playerId, seed * 3 + std::uint64_t(p.seat), deadTurns, lastWordTurns),
                    1'000'000);
            TimeMs now = 1'000'000;
            playOut(*m, loop, now);
            QVERIFY(m->ended());
            for (const Player &p : m->state().players)
                dead += p.alive ? 0 : 1;
        }
        QVERIFY(dead > 0);          // players died, so the rule was exercised
        QVERIFY(lastWordTurns > 0); // the one just voted out was asked
        QCOMPARE(deadTurns, 0);     // nobody else among the dead
    }
};

QTEST_GUILESS_MAIN(TestSeats)
#include "tst_seats.moc"
