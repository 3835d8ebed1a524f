// SPDX-License-Identifier: MIT
#include "rederive.h"

#include "lobby.h"
#include "match.h"

namespace townhall::engine {

namespace {

std::string str(const json &p, const char *key)
{
    const auto it = p.find(key);
    return it != p.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<std::string> optStr(const json &p, const char *key)
{
    const auto it = p.find(key);
    if (it == p.end() || !it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}

/// The player command that produced `e`, if `e` is the direct result of one.
std::optional<Command> commandOf(const Event &e)
{
    using K = Command::Kind;
    const json &p = e.payload;
    Command c;
    switch (e.type) {
    case EventType::PlayerReady:
        c.kind = K::Ready;
        c.playerId = str(p, "playerId");
        return c;
    case EventType::PublicMessage:
        c.kind = K::Say;
        c.playerId = str(p, "playerId");
        c.text = str(p, "text");
        c.messageKind = parseMessageKind(str(p, "kind")).value_or(MessageKind::Discussion);
        c.replyToEventId = optStr(p, "replyToEventId");
        return c;
    case EventType::WolfChatMessage:
        c.kind = K::WolfChat;
        c.playerId = str(p, "fromWolfId");
        c.text = str(p, "text");
        return c;
    case EventType::WolfKillSelected:
        c.kind = K::WolfKill;
        c.playerId = str(p, "byPlayerId");
        c.target = optStr(p, "targetPlayerId");
        return c;
    case EventType::SeerInspected:
    case EventType::DoctorProtected:
        c.kind = e.type == EventType::SeerInspected ? K::SeerInspect : K::DoctorProtect;
        c.playerId = e.audiencePlayerId;
        c.target = optStr(p, "targetPlayerId");
        return c;
    case EventType::VoteCast:
        c.kind = K::Vote;
        c.playerId = str(p, "voterPlayerId");
        c.target = optStr(p, "targetPlayerId");
        c.reason = optStr(p, "reason");
        return c;
    case EventType::WitchActed: {
        const std::string action = str(p, "action");
        c.kind = action == "SAVE"     ? K::WitchSave
                 : action == "POISON" ? K::WitchPoison
                                      : K::WitchPass;
        c.playerId = e.audiencePlayerId;
        c.target = optStr(p, "targetPlayerId");
        return c;
    }
    case EventType::HunterShot:
        if (p.value("timedOut", false))
            return std::nullopt; // the hunter's time ran out: a tick
        c.kind = K::HunterShoot;
        c.playerId = str(p, "hunterPlayerId");
        c.target = optStr(p, "targetPlayerId");
        return c;
    default:
        return std::nullopt;
    }
}

std::string describe(const Event &e)
{
    return "event " + e.eventId + " (" + std::string(toString(e.type)) + ")";
}

/// Empty when equal, else which field differs.
std::string difference(const Event &file, const Event &rules)
{
    if (file.eventId != rules.eventId || file.seq != rules.seq)
        return "its id should be " + rules.eventId;
    if (file.type != rules.type)
        return "the rules produce " + std::string(toString(rules.type)) + " here";
    if (file.audience != rules.audience || file.audiencePlayerId != rules.audiencePlayerId)
        return "its audience should be " + std::string(toString(rules.audience))
               + (rules.audiencePlayerId.empty() ? "" : " " + rules.audiencePlayerId);
    if (file.at != rules.at)
        return "its time should be " + std::to_string(rules.at);
    if (file.payload != rules.payload)
        return "its payload should be " + rules.payload.dump();
    return {};
}

Error refuse(std::string message)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message));
}

/// Replaces, in every string of `j`, an id equal to `from` or beginning
/// "<from>:" with `to`. A stored payload nests a few levels at most.
void renameIds(json &j, const std::string &from, const std::string &to)
{
    if (j.is_string()) {
        const std::string &v = j.get_ref<const std::string &>();
        if (v == from)
            j = to;
        else if (v.size() > from.size() && v.compare(0, from.size(), from) == 0
                 && v[from.size()] == ':')
            j = to + v.substr(from.size());
    } else if (j.is_structured()) {
        for (json &child : j)
            renameIds(child, from, to);
    }
}

Expected<std::vector<Event>> replay(const std::vector<Event> &log, bool narrationFromRules);

} // namespace

Expected<std::vector<Event>> rederive(const std::vector<Event> &log)
{
    return replay(log, false);
}

Expected<std::vector<Event>> rederiveAs(const std::vector<Event> &log, int number)
{
    if (log.empty() || number < 1)
        return refuse("nothing to renumber");
    const std::string from = log.front().matchId;
    const std::string to = Lobby::matchIdFor(number);
    const std::string fromBuilding = log.front().payload.value("buildingInstanceId", std::string());
    const std::string toBuilding = Lobby::buildingFor(number, to, 0).buildingInstanceId;
    std::vector<Event> renamed = log;
    for (Event &e : renamed) {
        e.matchId = to;
        e.eventId = makeEventId(to, e.seq);
        renameIds(e.payload, from, to);
        if (!fromBuilding.empty())
            renameIds(e.payload, fromBuilding, toBuilding);
    }
    renamed.front().payload["matchNumber"] = number;
    return replay(renamed, true);
}

namespace {

Expected<std::vector<Event>> replay(const std::vector<Event> &log, bool narrationFromRules)
{
    // The fold validates the envelope and every payload's shape first; the
    // match as created (MATCH_CREATED, ROLES_ASSIGNED) gives the seats,
    // rules, seed and deal to start from (later events may change the config,
    // such as the speed).
    auto folded = Match::fromLog(log);
    if (!folded)
        return folded.error();
    if (log.size() < 2 || log[1].type != EventType::RolesAssigned)
        return refuse("the log must begin with MATCH_CREATED and ROLES_ASSIGNED");
    auto created = Match::fromLog({log[0], log[1]});
    if (!created)
        return created.error();
    const MatchState &s = created->state();
    std::vector<SeatAssignment> seats;
    MatchConfig config = s.config;
    config.deal.clear();
    for (const Player &p : s.players) {
        seats.push_back({p.agentId, p.displayName});
        config.deal.push_back(p.role);
    }
    Match m = Match::create(
        s.matchId, s.buildingInstanceId, s.matchNumber, s.seed, seats, config, log.front().at);

    std::size_t checked = 0;
    while (true) {
        const std::vector<Event> &made = m.log();
        for (; checked < made.size(); ++checked) {
            if (checked >= log.size())
                return refuse("the log ends before " + describe(made[checked])
                              + ", which the rules produce from the events before it");
            if (narrationFromRules && made[checked].type == EventType::Narrator
                && log[checked].type == EventType::Narrator)
                continue; // the rules' phrasing for the new id
            if (const std::string d = difference(log[checked], made[checked]); !d.empty())
                return refuse(describe(log[checked])
                              + " is not what the rules make of the events before it: " + d);
        }
        if (checked >= log.size())
            break;
        const Event &next = log[checked];
        const std::size_t before = made.size();
        if (const auto cmd = commandOf(next)) {
            auto r = m.submit(*cmd, next.at);
            if (!r)
                return refuse(describe(next) + " was refused by the rules: " + r.error().message);
        } else if (next.type == EventType::MatchPaused && !next.payload.contains("breakpoint")) {
            (void)m.pause(next.at);
        } else if (next.type == EventType::MatchResumed) {
            const std::string reason = str(next.payload, "reason");
            if (reason == "skip")
                (void)m.skipPhase(next.at);
            else if (reason == "speed")
                (void)m.setSpeed(next.payload.value("speed", 0.0), next.at);
            else
                (void)m.resume(next.at, reason);
        } else if (next.type == EventType::BreakpointsSet) {
            if (next.payload.value("step", false) && !m.state().stepPending)
                (void)m.step(next.at);
            else
                (void)m.setBreakpoints({next.payload.value("phaseBoundary", false),
                                        next.payload.value("beforeVoteResolution", false)},
                                       next.at);
        } else {
            (void)m.tick(next.at);
        }
        if (m.log().size() == before)
            return refuse(describe(next) + " has no cause: the rules produce nothing at its time");
    }
    return m.log();
}

} // namespace

} // namespace townhall::engine
