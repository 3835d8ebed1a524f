// SPDX-License-Identifier: MIT
#include "tests/host/store/matchdriver.h"

#include <algorithm>

namespace townhall::storetest {

using namespace townhall::engine;

MatchDriver::MatchDriver(Match &match, std::uint64_t seed, TimeMs now)
    : m_match(&match)
    , m_rng(seed)
    , m_now(now)
{}

std::string MatchDriver::pick(const std::vector<std::string> &from)
{
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(m_rng)];
}

std::optional<Command> MatchDriver::nextCommand()
{
    const MatchState &s = m_match->state();
    for (const Player &p : s.players) {
        const Match::RequiredAction ra = m_match->requiredAction(p.playerId);
        Command c;
        c.playerId = p.playerId;
        switch (s.phase) {
        case Phase::Lobby:
            if (!p.ready) {
                c.kind = Command::Kind::Ready;
                return c;
            }
            break;
        case Phase::Night:
            if (ra.alreadySubmitted || ra.allowedTargets.empty())
                break;
            if (ra.type == ActionType::WolfKill) {
                if (m_wolfChatNights.insert(s.nightNumber).second) {
                    c.kind = Command::Kind::WolfChat;
                    c.text = "Night " + std::to_string(s.nightNumber) + ": let's be quick.";
                    return c;
                }
                c.kind = Command::Kind::WolfKill;
            } else if (ra.type == ActionType::SeerInspect) {
                c.kind = Command::Kind::SeerInspect;
            } else if (ra.type == ActionType::DoctorProtect) {
                c.kind = Command::Kind::DoctorProtect;
            } else {
                break;
            }
            c.target = pick(ra.allowedTargets);
            return c;
        case Phase::DayOpening:
            if (ra.type == ActionType::SpeakOpening) {
                c.kind = Command::Kind::Say;
                c.messageKind = MessageKind::Opening;
                c.text
                    = p.displayName + " here. I am a simple villager, \"honest\" \u2014 trust me.";
                return c;
            }
            break;
        case Phase::DayDiscussion:
            break; // below: one speaker at a time
        case Phase::DayVote:
            if (ra.type == ActionType::Vote && !ra.alreadySubmitted && !ra.allowedTargets.empty()) {
                c.kind = Command::Kind::Vote;
                if (std::uniform_int_distribution<int>(0, 9)(m_rng) != 0)
                    c.target = pick(ra.allowedTargets);
                c.reason = "gut feeling";
                return c;
            }
            break;
        case Phase::DayResolution:
            if (s.lastEliminated == p.playerId && !p.spokeLastWords) {
                c.kind = Command::Kind::Say;
                c.messageKind = MessageKind::LastWords;
                c.text = "You will regret this.";
                return c;
            }
            break;
        case Phase::DayAnnounce:
        case Phase::Ended:
            break;
        // Seed 002 phases: the store's tests drive classic matches only.
        case Phase::NightWitch:
        case Phase::HunterShot:
        case Phase::DayPkDefense:
        case Phase::DayPkVote:
            break;
        }
    }
    if (s.phase == Phase::DayDiscussion && m_discussion[s.dayNumber] < 3) {
        // Three messages a day, each by the next living player in seat order.
        std::vector<const Player *> alive;
        for (const Player &p : s.players)
            if (p.alive)
                alive.push_back(&p);
        if (!alive.empty()) {
            const int n = m_discussion[s.dayNumber]++;
            Command c;
            c.kind = Command::Kind::Say;
            c.playerId = alive[static_cast<std::size_t>(n + s.dayNumber) % alive.size()]->playerId;
            c.messageKind = MessageKind::Discussion;
            c.text = "Day " + std::to_string(s.dayNumber) + ": I suspect someone.";
            return c;
        }
    }
    return std::nullopt;
}

std::vector<Event> MatchDriver::step()
{
    if (m_match->ended())
        return {};
    m_now += 700;
    const MatchState &s = m_match->state();
    if (s.paused)
        return m_match->resume(m_now, "host");
    if (!m_pausedOnce && s.phase == Phase::DayDiscussion && s.dayNumber == 1) {
        m_pausedOnce = true;
        return m_match->pause(m_now);
    }
    if (std::optional<Command> c = nextCommand()) {
        auto r = m_match->execute(*c, m_now);
        if (r.ok() && !r->empty())
            return std::move(*r);
    }
    const std::optional<TimeMs> deadline = m_match->nextDeadline();
    if (!deadline)
        return {};
    m_now = std::max(m_now, *deadline);
    return m_match->advance(m_now);
}

std::vector<Event> MatchDriver::run(int maxSteps)
{
    std::vector<Event> all;
    for (int i = 0; i < maxSteps && !m_match->ended(); ++i) {
        std::vector<Event> ev = step();
        all.insert(all.end(), ev.begin(), ev.end());
    }
    return all;
}

Match createMatch(
    const std::string &matchId, int number, std::uint64_t seed, TimeMs now, bool narrator)
{
    std::vector<SeatAssignment> seats;
    for (int i = 0; i < SeatCount; ++i)
        seats.push_back(
            {matchId + "-agent-" + std::to_string(i + 1), "Player " + std::to_string(i + 1)});
    MatchConfig config;
    config.narrator = narrator;
    return Match::create(
        matchId, "bld-" + std::to_string(number), number, seed, seats, config, now);
}

FilledTable fillTable(Lobby &lobby, const std::string &agentPrefix, TimeMs now)
{
    FilledTable t;
    for (int i = 0; i < SeatCount; ++i) {
        auto r = lobby.join(agentPrefix + std::to_string(i + 1),
                            "Agent " + std::to_string(i + 1),
                            DefaultQueueId,
                            now + i);
        if (!r.ok())
            return t;
        t.records.insert(t.records.end(), r->records.begin(), r->records.end());
        if (r->startedMatch) {
            t.match = r->startedMatch;
            t.events = r->matchEvents;
        }
    }
    return t;
}

std::vector<Event> playedLog(const std::string &matchId, int number, std::uint64_t seed)
{
    Match m = createMatch(matchId, number, seed, 1'700'000'000'000);
    MatchDriver d(m, seed, 1'700'000'000'000);
    d.run();
    return m.log();
}

} // namespace townhall::storetest
