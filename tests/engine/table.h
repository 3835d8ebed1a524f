// SPDX-License-Identifier: MIT
#pragma once

// A scripted table for engine tests: one match, a controllable virtual clock,
// and shorthands for the commands an agent can send.

#include "engine/match.h"
#include "engine/projection.h"

#include <QString>
#include <QtTest>

#include <string>
#include <vector>

/// QCOMPARE for engine enums: ADL would pick engine::toString (a string_view)
/// over QTest::toString, so compare their names instead.
#define QCOMPARE_E(actual, expected)                                                               \
    QCOMPARE(::townhall::engine::test::name(actual), ::townhall::engine::test::name(expected))

/// QVERIFY for a result that must be ok (a command the script needs
/// accepted); on failure the report carries the refusal's message.
#define QVERIFY_OK(expr)                                                                           \
    do {                                                                                           \
        const auto &result_ = (expr);                                                              \
        QVERIFY2(result_.ok(), result_.ok() ? "" : result_.error().message.c_str());               \
    } while (false)

namespace townhall::engine::test {

inline constexpr TimeMs T0 = 1'800'000'000'000;

template<typename E>
QString name(E e)
{
    const std::string_view v = toString(e);
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

/// `n` seats (6..12), named in seat order.
inline std::vector<SeatAssignment> seats(int n)
{
    static const char *names[] = {"Ada",
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
                                  "Leo"};
    std::vector<SeatAssignment> v;
    for (int i = 0; i < n; ++i)
        v.push_back({"agent:" + std::to_string(i + 1), names[i]});
    return v;
}
inline std::vector<SeatAssignment> eightSeats()
{
    return seats(8);
}

struct Table
{
    Match m;
    TimeMs now = T0;

    explicit Table(std::uint64_t seed = 42, MatchConfig cfg = {})
        : m(Match::create("match-1", "bld-1", 1, seed, seats(cfg.rules.seatCount()), cfg, T0))
    {}

    const MatchState &s() const { return m.state(); }

    std::vector<std::string> ids(Role r, bool aliveOnly = true) const
    {
        std::vector<std::string> v;
        for (const Player &p : s().players)
            if (p.role == r && (!aliveOnly || p.alive))
                v.push_back(p.playerId);
        return v;
    }
    std::string id(Role r, std::size_t nth = 0) const
    {
        auto v = ids(r);
        return nth < v.size() ? v[nth] : std::string();
    }
    std::string villager(std::size_t nth = 0) const { return id(Role::Villager, nth); }
    std::string wolf(std::size_t nth = 0) const { return id(Role::Werewolf, nth); }
    std::string seer() const { return id(Role::Seer); }
    std::string doctor() const { return id(Role::Doctor); }

    Expected<std::vector<Event>> run(Command c) { return m.execute(c, now); }

    static Command cmd(Command::Kind k, std::string player, std::optional<std::string> target = {})
    {
        Command c;
        c.kind = k;
        c.playerId = std::move(player);
        c.target = std::move(target);
        return c;
    }
    Expected<std::vector<Event>> ready(const std::string &p)
    {
        return run(cmd(Command::Kind::Ready, p));
    }
    Expected<std::vector<Event>> kill(const std::string &w, const std::string &t)
    {
        return run(cmd(Command::Kind::WolfKill, w, t));
    }
    Expected<std::vector<Event>> inspect(const std::string &s_, const std::string &t)
    {
        return run(cmd(Command::Kind::SeerInspect, s_, t));
    }
    Expected<std::vector<Event>> protect(const std::string &d, const std::string &t)
    {
        return run(cmd(Command::Kind::DoctorProtect, d, t));
    }
    Expected<std::vector<Event>> vote(const std::string &v, std::optional<std::string> t)
    {
        return run(cmd(Command::Kind::Vote, v, std::move(t)));
    }
    Expected<std::vector<Event>>
    say(const std::string &p, std::string text, MessageKind k = MessageKind::Discussion)
    {
        Command c = cmd(Command::Kind::Say, p);
        c.text = std::move(text);
        c.messageKind = k;
        return run(c);
    }
    Expected<std::vector<Event>> wolfChat(const std::string &w, std::string text)
    {
        Command c = cmd(Command::Kind::WolfChat, w);
        c.text = std::move(text);
        return run(c);
    }

    /// Moves the clock to the next deadline and resolves it.
    std::vector<Event> step()
    {
        if (auto d = m.nextDeadline())
            now = std::max(now, *d);
        return m.advance(now);
    }
    /// Lets time pass until the phase is `p` (or the match ended). Returns false if it never came.
    bool until(Phase p, int maxSteps = 200)
    {
        for (int i = 0; i < maxSteps && s().phase != p && !m.ended(); ++i)
            step();
        return s().phase == p;
    }
    void readyAll()
    {
        for (const Player &p : s().players)
            (void)ready(p.playerId); // cannot be refused in LOBBY; tests check `phase` after
    }
    std::size_t count(EventType t) const
    {
        std::size_t n = 0;
        for (const Event &e : m.log())
            n += e.type == t;
        return n;
    }
    const Event *last(EventType t) const
    {
        for (auto it = m.log().rbegin(); it != m.log().rend(); ++it)
            if (it->type == t)
                return &*it;
        return nullptr;
    }
};

} // namespace townhall::engine::test
