// SPDX-License-Identifier: MIT
#include "host/store/matchsnapshot.h"

namespace townhall::host {

namespace {
using engine::json;

std::optional<std::string> nonEmpty(const std::optional<std::string> &s)
{
    return s && !s->empty() ? s : std::nullopt;
}
} // namespace

std::string publicSummaryOf(const engine::MatchState &s, int playersAlive)
{
    if (s.phase == engine::Phase::Ended) {
        std::string line = "Ended on day " + std::to_string(s.dayNumber);
        if (s.winner)
            line += " \u00b7 " + std::string(engine::toString(*s.winner)) + " won";
        return line;
    }
    std::string line = s.dayNumber > 0 ? "Day " + std::to_string(s.dayNumber)
                                       : std::string("Night ") + std::to_string(s.nightNumber);
    line += " \u00b7 " + std::string(engine::toString(s.phase));
    line += " \u00b7 " + std::to_string(playersAlive) + " of " + std::to_string(s.players.size())
            + " alive";
    if (s.paused)
        line += " \u00b7 paused";
    return line;
}

MatchSnapshot snapshotOf(const engine::Match &match, const std::string &queueId)
{
    const engine::MatchState &s = match.state();
    MatchSnapshot snap;
    MatchRow &m = snap.match;
    m.matchId = s.matchId;
    m.queueId = queueId;
    m.buildingInstanceId = s.buildingInstanceId;
    m.matchNumber = s.matchNumber;
    m.seed = s.seed;
    m.ended = s.phase == engine::Phase::Ended;
    m.phase = std::string(engine::toString(s.phase));
    m.dayNumber = s.dayNumber;
    m.nightNumber = s.nightNumber;
    m.phaseStartedAt = s.phaseStartedAt;
    m.phaseEndsAt = s.phaseEndsAt;
    m.playersAlive = match.aliveCount();
    m.startedAt = s.createdAt;
    if (m.ended)
        m.endedAt = s.endedAt;
    if (s.winner)
        m.winner = std::string(engine::toString(*s.winner));
    m.publicSummary = publicSummaryOf(s, m.playersAlive);
    m.paused = s.paused;
    m.lastSeq = s.lastSeq;
    m.stateHash = match.stateHash();

    snap.players.reserve(s.players.size());
    for (const engine::Player &p : s.players) {
        PlayerRow r;
        r.matchId = s.matchId;
        r.playerId = p.playerId;
        r.agentId = p.agentId;
        r.displayName = p.displayName;
        r.seat = p.seat;
        r.role = std::string(engine::toString(p.role));
        r.alive = p.alive;
        r.eliminatedAt = p.eliminatedAt;
        r.revealedRole = p.revealed;
        r.ready = p.ready;
        r.doctorLastProtectedPlayerId = nonEmpty(p.doctorPrevTarget);
        if (p.role == engine::Role::Seer) {
            json h = json::array();
            for (const engine::SeerRecord &sr : s.seerHistory)
                h.push_back({{"night", sr.night},
                             {"targetPlayerId", sr.targetPlayerId},
                             {"result", sr.werewolf ? "WEREWOLF" : "NOT_WEREWOLF"}});
            r.seerHistoryJson = h.dump();
        }
        json night = json::object();
        if (p.wolfSelection)
            night["wolfKillTargetPlayerId"] = *p.wolfSelection;
        if (p.seerTarget)
            night["seerInspectTargetPlayerId"] = *p.seerTarget;
        if (p.doctorTarget)
            night["doctorProtectTargetPlayerId"] = *p.doctorTarget;
        r.nightActionJson = night.dump();
        if (p.spokeOpening)
            r.didOpeningForDay = s.dayNumber;
        if (p.voted)
            r.voteTargetPlayerId = p.voteTarget.value_or(std::string());
        r.voted = p.voted;
        r.lastPublicMessageAt = p.lastPublicAt;
        r.lastWolfChatAt = p.lastWolfChatAt;
        r.missedDeadlines = p.missedDeadlines;
        snap.players.push_back(std::move(r));
    }
    return snap;
}

} // namespace townhall::host
