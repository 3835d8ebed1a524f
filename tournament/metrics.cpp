// SPDX-License-Identifier: MIT
#include "tournament/metrics.h"

#include <algorithm>
#include <map>
#include <set>

namespace townhall::tournament {

namespace {

using engine::Event;
using engine::EventType;

std::string stringAt(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int intAt(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : 0;
}

std::vector<std::string> stringsAt(const json &j, const char *key)
{
    std::vector<std::string> out;
    const auto it = j.find(key);
    if (it != j.end() && it->is_array())
        for (const json &v : *it)
            if (v.is_string())
                out.push_back(v.get<std::string>());
    return out;
}

/// The seat roles that owe an action every night they are alive.
bool actsAtNight(engine::Role r)
{
    return r == engine::Role::Werewolf || r == engine::Role::Seer || r == engine::Role::Doctor
           || r == engine::Role::Witch;
}

} // namespace

MatchFacts analyzeMatch(const std::vector<Event> &log)
{
    MatchFacts facts;
    std::map<std::string, std::size_t> seatOf;
    std::set<std::string> dead;
    // A voter's last VOTE_CAST of the round is the vote that counted: a
    // player may change their vote until the round closes.
    std::map<std::string, std::string> roundVotes;
    // The night being resolved: the seats alive at its start and the ones
    // its own kills (wolves, poison) took, until its deaths are all read.
    int night = 0;
    std::set<std::string> aliveAtNight;
    std::set<std::string> killedTonight;

    auto seat = [&](const std::string &id) -> SeatFacts * {
        const auto it = seatOf.find(id);
        return it != seatOf.end() ? &facts.seats[it->second] : nullptr;
    };
    auto closeNight = [&] {
        for (const std::string &id : aliveAtNight)
            if (SeatFacts *s = seat(id); s && !killedTonight.contains(id))
                ++s->nightsSurvived;
        aliveAtNight.clear();
        killedTonight.clear();
    };

    for (const Event &e : log) {
        const json &p = e.payload;
        switch (e.type) {
        case EventType::MatchCreated:
            if (const auto it = p.find("players"); it != p.end() && it->is_array())
                for (const json &pl : *it) {
                    seatOf[stringAt(pl, "playerId")] = facts.seats.size();
                    facts.seats.push_back({});
                    facts.seats.back().playerId = stringAt(pl, "playerId");
                }
            break;
        case EventType::RolesAssigned:
            if (const auto it = p.find("roles"); it != p.end() && it->is_object())
                for (const auto &[id, role] : it->items())
                    if (SeatFacts *s = seat(id); s && role.is_string())
                        s->role = engine::parseRole(role.get<std::string>())
                                      .value_or(engine::Role::Villager);
            break;
        case EventType::TurnStarted:
            if (SeatFacts *s = seat(stringAt(p, "playerId")))
                ++s->owedActions;
            break;
        case EventType::TurnMissed:
            if (SeatFacts *s = seat(stringAt(p, "playerId"))) {
                ++s->missedActions;
                ++s->errors.timeouts;
            }
            break;
        case EventType::VoteCast: {
            const std::string voter = stringAt(p, "voterPlayerId");
            const std::string target = stringAt(p, "targetPlayerId");
            roundVotes[voter] = target;
            if (SeatFacts *s = seat(voter); s && !target.empty() && target == voter)
                ++s->errors.selfVote;
            break;
        }
        case EventType::VoteResult: {
            const std::string eliminated = stringAt(p, "eliminatedPlayerId");
            for (const auto &[voter, target] : roundVotes) {
                SeatFacts *s = seat(voter);
                if (!s)
                    continue;
                ++s->owedActions;
                if (target.empty())
                    continue; // an abstention: counted with noVote below
                ++s->votes;
                if (const SeatFacts *t = seat(target); t && t->role == engine::Role::Werewolf)
                    ++s->votesForWolves;
                if (target == eliminated)
                    ++s->votesWithOutcome;
            }
            for (const std::string &id : stringsAt(p, "abstained"))
                if (SeatFacts *s = seat(id)) {
                    ++s->errors.noVote;
                    if (!roundVotes.contains(id))
                        ++s->owedActions; // owed but never cast: the engine recorded it as missed
                }
            for (const std::string &id : stringsAt(p, "noVote"))
                if (SeatFacts *s = seat(id)) {
                    ++s->missedActions;
                    ++s->errors.timeouts;
                }
            roundVotes.clear();
            break;
        }
        case EventType::NightResolved: {
            closeNight();
            night = intAt(p, "night");
            for (SeatFacts &s : facts.seats) {
                if (dead.contains(s.playerId))
                    continue;
                aliveAtNight.insert(s.playerId);
                ++s.nightsAlive;
                if (actsAtNight(s.role))
                    ++s.owedActions;
            }
            for (const std::string &id : stringsAt(p, "missed"))
                if (SeatFacts *s = seat(id)) {
                    ++s->missedActions;
                    ++s->errors.timeouts;
                }
            break;
        }
        case EventType::PhaseChanged:
            if (stringAt(p, "to") == "HUNTER_SHOT")
                if (SeatFacts *s = seat(stringAt(p, "hunterPlayerId")))
                    ++s->owedActions;
            // The night's deaths all come before the next phase begins.
            closeNight();
            break;
        case EventType::HunterShot:
            if (p.value("timedOut", false))
                if (SeatFacts *s = seat(stringAt(p, "hunterPlayerId"))) {
                    ++s->missedActions;
                    ++s->errors.timeouts;
                }
            break;
        case EventType::PlayerEliminated: {
            const std::string id = stringAt(p, "playerId");
            dead.insert(id);
            if (stringAt(p, "cause") == "NIGHT_KILL" && intAt(p, "night") == night)
                killedTonight.insert(id);
            break;
        }
        case EventType::GameEnded: {
            closeNight();
            facts.ended = true;
            facts.winner = engine::parseTeam(stringAt(p, "winningTeam"));
            break;
        }
        default:
            break;
        }
    }
    closeNight();
    return facts;
}

} // namespace townhall::tournament
