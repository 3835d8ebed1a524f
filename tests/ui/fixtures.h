// SPDX-License-Identifier: MIT
#pragma once

// Shared helpers for the ui tests: a dev feed wired to a replica set, and a
// hand-driven match for exact scenarios (ties, flips, replies).

#include "tests/ui/support/devfeed.h"
#include "ui/hostlink.h"
#include "ui/replicaset.h"

#include "engine/match.h"

#include <functional>
#include <string>
#include <vector>

namespace townhall::ui::test {

inline constexpr engine::TimeMs T0 = 1'700'000'000'000;

/// HostLink + ReplicaSet + DevFeed, connected directly (same thread).
struct Harness
{
    HostLink link;
    ReplicaSet replicas;
    DevFeed feed{&link};
    QString matchId;

    explicit Harness(std::uint64_t seed = 42)
    {
        QObject::connect(&link, &HostLink::matchEvents, &replicas, &ReplicaSet::ingest);
        matchId = feed.startMatch(seed);
    }
    const engine::Match *replica() const { return replicas.match(matchId); }
    bool until(const std::function<bool(const engine::Match &)> &done, int maxSteps = 20000)
    {
        return feed.stepUntil(matchId, done, maxSteps);
    }
    bool untilPhase(engine::Phase p, int day = -1)
    {
        return until([&](const engine::Match &m) {
            return m.state().phase == p && (day < 0 || m.state().dayNumber == day);
        });
    }
};

/// A match driven command by command.
struct Manual
{
    engine::Match match;
    engine::TimeMs now = T0;

    static std::vector<engine::SeatAssignment> seats()
    {
        std::vector<engine::SeatAssignment> s;
        const char *names[] = {"Ada", "Basil", "Cora", "Dmitri", "Elena", "Felix", "Greta", "Hugo"};
        for (int i = 0; i < 8; ++i)
            s.push_back({"agent:" + std::to_string(i + 1), names[i]});
        return s;
    }
    explicit Manual(std::uint64_t seed = 7)
        : match(
            engine::Match::create("match-1", "bld-1", 1, seed, seats(), engine::MatchConfig{}, T0))
    {}

    std::string withRole(engine::Role r, int nth = 0) const
    {
        for (const engine::Player &p : match.state().players)
            if (p.role == r && nth-- == 0)
                return p.playerId;
        return {};
    }
    std::vector<std::string> nonWolves() const
    {
        std::vector<std::string> out;
        for (const engine::Player &p : match.state().players)
            if (p.alive && p.role != engine::Role::Werewolf)
                out.push_back(p.playerId);
        return out;
    }
    bool run(engine::Command c)
    {
        now += 3100;
        return match.execute(c, now).ok();
    }
    void readyAll()
    {
        for (const engine::Player &p : match.state().players)
            run({engine::Command::Kind::Ready, p.playerId, {}, {}, {}, {}, {}});
    }
    /// Wolves kill `victim`; the seer and the doctor act (doctor protects someone else).
    void night(const std::string &victim)
    {
        const std::string w1 = withRole(engine::Role::Werewolf, 0),
                          w2 = withRole(engine::Role::Werewolf, 1);
        run({engine::Command::Kind::WolfChat, w1, {}, "tonight: " + victim, {}, {}, {}});
        const std::string seer = withRole(engine::Role::Seer), doc = withRole(engine::Role::Doctor);
        if (match.player(seer)->alive)
            run({engine::Command::Kind::SeerInspect, seer, w1 == seer ? w2 : w1, {}, {}, {}, {}});
        if (match.player(doc)->alive) {
            std::string protect = doc;
            for (const std::string &id : nonWolves())
                if (id != victim && id != seer) {
                    protect = id;
                    break;
                }
            run({engine::Command::Kind::DoctorProtect, doc, protect, {}, {}, {}, {}});
        }
        for (const std::string &w : {w1, w2})
            if (match.player(w)->alive)
                run({engine::Command::Kind::WolfKill, w, victim, {}, {}, {}, {}});
    }
    void skip()
    {
        now += 100;
        match.skipPhase(now);
    }
    void skipTo(engine::Phase p)
    {
        for (int i = 0; i < 20 && match.state().phase != p && !match.ended(); ++i)
            skip();
    }
    bool vote(const std::string &voter, std::optional<std::string> target)
    {
        return run({engine::Command::Kind::Vote, voter, std::move(target), {}, {}, {}, {}});
    }
    bool
    say(const std::string &who, const std::string &text, std::optional<std::string> replyTo = {})
    {
        return run({engine::Command::Kind::Say,
                    who,
                    {},
                    text,
                    engine::MessageKind::Discussion,
                    std::move(replyTo),
                    {}});
    }
};

} // namespace townhall::ui::test
