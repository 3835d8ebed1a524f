// SPDX-License-Identifier: MIT
#include "projection.h"

#include "payloads.h"

#include <algorithm>
#include <map>

namespace townhall::engine {

bool visible(const Event &e, const Viewer &viewer, const MatchState &s)
{
    if (viewer.kind == Viewer::Kind::Omniscient)
        return true;
    switch (e.audience) {
    case Audience::Public: return true;
    case Audience::Host: return false;
    case Audience::Player:
        return viewer.kind == Viewer::Kind::Player && viewer.playerId == e.audiencePlayerId;
    case Audience::Wolves:
        if (viewer.kind != Viewer::Kind::Player)
            return false;
        for (const Player &p : s.players)
            if (p.playerId == viewer.playerId)
                return p.role == Role::Werewolf;
        return false;
    }
    return false;
}

std::vector<const Event *> visibleEvents(const Match &m, const Viewer &viewer,
                                         std::optional<std::uint64_t> afterSeq, std::size_t limit)
{
    std::vector<const Event *> out;
    const auto &log = m.log();
    if (limit == 0)
        return out;
    if (afterSeq) {
        // seq is 1-based and dense: log[seq - 1] has that seq, except in a
        // public replica (Match::fromPublicLog), whose seqs skip hidden events.
        std::size_t first = std::min<std::size_t>(*afterSeq, log.size());
        if (m.publicOnly())
            first = std::size_t(std::upper_bound(log.begin(), log.end(), *afterSeq,
                                                 [](std::uint64_t seq, const Event &e) { return seq < e.seq; })
                                - log.begin());
        for (std::size_t i = first; i < log.size(); ++i) {
            if (visible(log[i], viewer, m.state())) {
                out.push_back(&log[i]);
                if (out.size() == limit)
                    break;
            }
        }
        return out;
    }
    for (std::size_t i = log.size(); i-- > 0;) {
        if (visible(log[i], viewer, m.state())) {
            out.push_back(&log[i]);
            if (out.size() == limit)
                break;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

namespace {

const Player *find(const MatchState &s, const std::string &id)
{
    for (const Player &p : s.players)
        if (p.playerId == id)
            return &p;
    return nullptr;
}

std::string nameOf(const MatchState &s, const std::string &id)
{
    const Player *p = find(s, id);
    return p ? p->displayName + " (" + id + ")" : id;
}

std::string roleWord(Role r)
{
    switch (r) {
    case Role::Villager: return "villager";
    case Role::Werewolf: return "werewolf";
    case Role::Seer: return "seer";
    case Role::Doctor: return "doctor";
    }
    return "?";
}

/// Public facts of one day, gathered from public events only.
struct DayRecord
{
    int day = 0;
    std::optional<std::string> nightKill;     ///< night before this day
    bool nightSaved = false;
    std::vector<const Event *> speeches;
    std::vector<const Event *> votes;
    const Event *voteResult = nullptr;
};

std::map<int, DayRecord> publicDays(const Match &m)
{
    std::map<int, DayRecord> days;
    int day = 0;
    for (const Event &e : m.log()) {
        if (e.audience != Audience::Public)
            continue;
        switch (e.type) {
        case EventType::PhaseChanged:
            if (const auto p = payloadAs<payload::PhaseChanged>(e))
                day = p->dayNumber;
            break;
        case EventType::NightResult: {
            const auto p = payloadAs<payload::NightResult>(e);
            if (!p)
                break;
            DayRecord &r = days[day + 1];
            r.day = day + 1;
            if (p->killedPlayerId)
                r.nightKill = std::string(*p->killedPlayerId);
            r.nightSaved = p->savedByDoctor;
            break;
        }
        case EventType::PublicMessage:
            days[day].day = day;
            days[day].speeches.push_back(&e);
            break;
        case EventType::VoteCast:
            days[day].day = day;
            days[day].votes.push_back(&e);
            break;
        case EventType::VoteResult:
            days[day].day = day;
            days[day].voteResult = &e;
            break;
        default: break;
        }
    }
    return days;
}

std::string voteLine(const MatchState &s, const Event &result)
{
    const auto p = payloadAs<payload::VoteResult>(result);
    std::string line;
    if (!p) {
        line = "The vote's result is unreadable.";
    } else if (p->eliminatedPlayerId) {
        const std::string id(*p->eliminatedPlayerId);
        const Player *x = find(s, id);
        // The role only once it is public: PLAYER_ELIMINATED follows the
        // result in the same commit, but a replica may hold the result alone.
        line = nameOf(s, id) + " was voted out with " + std::to_string(p->topCount) + " votes"
               + (x && x->revealed ? " and was a " + roleWord(x->role) : std::string()) + ".";
    } else if (p->tie) {
        line = "The vote tied; nobody was eliminated.";
    } else {
        line = "Nobody received a vote; nobody was eliminated.";
    }
    return line;
}

} // namespace

std::string publicSummary(const Match &m)
{
    const MatchState &s = m.state();
    std::string out;
    if (s.phase == Phase::Lobby)
        return "Players are gathering in the lobby. The first night has not begun.";
    std::vector<std::string> alive;
    std::vector<std::string> dead;
    for (const Player &p : s.players) {
        if (p.alive)
            alive.push_back(p.displayName);
        else
            dead.push_back(p.displayName + " (" + roleWord(p.role) + ")");
    }
    auto join = [](const std::vector<std::string> &v) {
        std::string r;
        for (const auto &x : v)
            r += (r.empty() ? "" : ", ") + x;
        return r.empty() ? std::string("none") : r;
    };
    out += "Day " + std::to_string(s.dayNumber) + ", " + std::string(toString(s.phase)) + ". ";
    out += "Alive (" + std::to_string(alive.size()) + "): " + join(alive) + ". ";
    out += "Dead: " + join(dead) + ".";
    for (const auto &[day, r] : publicDays(m)) {
        if (day == 0)
            continue;
        out += " Night " + std::to_string(day) + ": ";
        if (r.nightKill)
            out += find(s, *r.nightKill) ? find(s, *r.nightKill)->displayName + " was killed."
                                         : *r.nightKill + " was killed.";
        else
            out += r.nightSaved ? "the doctor saved the wolves' victim." : "nobody died.";
        if (r.voteResult) {
            out += " Day " + std::to_string(day) + ": " + voteLine(s, *r.voteResult);
        }
    }
    if (s.winner)
        out += std::string(" The ") + (*s.winner == Team::Villagers ? "villagers" : "werewolves")
               + " won.";
    return out;
}

StateView stateView(const Match &m, const Viewer &viewer, const StateOptions &opts)
{
    StateView v;
    stateViewInto(v, m, viewer, opts);
    return v;
}

void stateViewInto(StateView &v, const Match &m, const Viewer &viewer, const StateOptions &opts)
{
    // Assign member by member so a reused view keeps its buffers: bots ask
    // for their view after every event, and allocation dominated the cost.
    const MatchState &s = m.state();
    v.matchId = s.matchId;
    v.phase = s.phase;
    v.dayNumber = s.dayNumber;
    v.phaseEndsAt = s.phase == Phase::Ended ? s.endedAt : s.phaseEndsAt;
    const bool omni = viewer.kind == Viewer::Kind::Omniscient;
    v.players.resize(s.players.size());
    for (std::size_t i = 0; i < s.players.size(); ++i) {
        const Player &p = s.players[i];
        PlayerEntry &e = v.players[i];
        e.playerId = p.playerId;
        e.displayName = p.displayName;
        e.seat = p.seat;
        e.alive = p.alive;
        e.ready = p.ready;
        e.revealedRole = (p.revealed || omni) ? std::optional<Role>(p.role) : std::nullopt;
    }
    v.publicSummary.clear();
    if (opts.includeTranscriptSummary)
        v.publicSummary = publicSummary(m);
    v.recentPublicMessages.clear();
    if (opts.includeRecentPublicMessages) {
        const std::size_t limit = static_cast<std::size_t>(std::clamp(opts.recentPublicMessagesLimit, 1, 50));
        const auto &log = m.log();
        for (std::size_t i = log.size(); i-- > 0 && v.recentPublicMessages.size() < limit;) {
            const Event &e = log[i];
            if (e.seq <= opts.messagesAfterSeq)
                break;
            if (e.type != EventType::PublicMessage)
                continue;
            if (const auto p = payloadAs<payload::PublicMessage>(e))
                v.recentPublicMessages.push_back(
                    {e.eventId, e.at, std::string(p->playerId), std::string(p->text), p->kind});
        }
        std::reverse(v.recentPublicMessages.begin(), v.recentPublicMessages.end());
    }
    const Player *me = viewer.kind == Viewer::Kind::Player ? m.player(viewer.playerId) : nullptr;
    if (!me) {
        v.you.reset();
        return;
    }
    if (!v.you)
        v.you.emplace();
    YouView &y = *v.you;
    y.playerId = me->playerId;
    y.role = me->role;
    y.alive = me->alive;
    y.knownWolves.clear();
    if (me->role == Role::Werewolf)
        for (const Player &p : s.players)
            if (p.role == Role::Werewolf)
                y.knownWolves.push_back(p.playerId);
    y.seerHistory.clear();
    if (me->role == Role::Seer)
        for (const SeerRecord &r : s.seerHistory)
            y.seerHistory.push_back({r.night, r.targetPlayerId, r.werewolf});
    if (s.phase != Phase::Ended) {
        if (!y.requiredAction)
            y.requiredAction.emplace();
        m.requiredActionInto(me->playerId, *y.requiredAction);
    } else {
        y.requiredAction.reset();
    }
}

json toJson(const StateView &v)
{
    // Built by emplacing into the objects' maps: the braced-list form copied
    // every value through an intermediate pair array, and this tree is built
    // on every get_state (mcp_bench, perf: 14 % of the server). Same tree.
    auto object = [] {
        return json(json::value_t::object);
    };
    auto fields = [](json &o) -> json::object_t & {
        return o.get_ref<json::object_t &>();
    };
    json players = json::array();
    auto &playerList = players.get_ref<json::array_t &>();
    playerList.reserve(v.players.size());
    for (const PlayerEntry &p : v.players) {
        json &e = playerList.emplace_back(object());
        auto &f = fields(e);
        f.emplace("playerId", p.playerId);
        f.emplace("displayName", p.displayName);
        f.emplace("seat", p.seat);
        f.emplace("alive", p.alive);
        f.emplace("revealedRole", p.revealedRole ? json(toString(*p.revealedRole)) : json(nullptr));
    }
    json msgs = json::array();
    auto &msgList = msgs.get_ref<json::array_t &>();
    msgList.reserve(v.recentPublicMessages.size());
    for (const MessageEntry &mm : v.recentPublicMessages) {
        json &e = msgList.emplace_back(object());
        auto &f = fields(e);
        f.emplace("eventId", mm.eventId);
        f.emplace("at", isoTime(mm.at));
        f.emplace("playerId", mm.playerId);
        f.emplace("text", mm.text);
    }
    json j = object();
    auto &f = fields(j);
    f.emplace("matchId", v.matchId);
    f.emplace("phase", toString(v.phase));
    f.emplace("dayNumber", v.dayNumber);
    f.emplace("phaseEndsAt", isoTime(v.phaseEndsAt));
    f.emplace("players", std::move(players));
    f.emplace("publicSummary", v.publicSummary);
    f.emplace("recentPublicMessages", std::move(msgs));
    json &you = f.emplace("you", nullptr).first->second;
    if (v.you) {
        const YouView &y = *v.you;
        json seer = json::array();
        for (const SeerEntry &r : y.seerHistory) {
            json &e = seer.get_ref<json::array_t &>().emplace_back(object());
            auto &g = fields(e);
            g.emplace("night", r.night);
            g.emplace("targetPlayerId", r.targetPlayerId);
            g.emplace("result", r.werewolf ? "WEREWOLF" : "NOT_WEREWOLF");
        }
        json req = nullptr;
        if (y.requiredAction) {
            req = object();
            auto &g = fields(req);
            g.emplace("type", toString(y.requiredAction->type));
            g.emplace("allowedTargets", y.requiredAction->allowedTargets);
            g.emplace("alreadySubmitted", y.requiredAction->alreadySubmitted);
        }
        you = object();
        auto &g = fields(you);
        g.emplace("playerId", y.playerId);
        g.emplace("role", toString(y.role));
        g.emplace("alive", y.alive);
        g.emplace("knownWolves", y.knownWolves);
        g.emplace("seerHistory", std::move(seer));
        g.emplace("requiredAction", std::move(req));
    }
    return j;
}

json matchListEntry(const Match &m)
{
    const MatchState &s = m.state();
    return {{"matchId", s.matchId},
            {"buildingInstanceId", s.buildingInstanceId},
            {"phase", toString(s.phase)},
            {"dayNumber", s.dayNumber},
            {"playersAlive", m.aliveCount()},
            {"startedAt", isoTime(s.createdAt)}};
}

json contractEvent(const Event &e)
{
    return {{"eventId", e.eventId},
            {"at", isoTime(e.at)},
            {"visibility", e.audience == Audience::Public ? "PUBLIC" : "PRIVATE"},
            {"type", toString(e.type)},
            {"payload", e.payload}};
}

std::string phaseBrief(const Match &m, const std::string &playerId)
{
    const MatchState &s = m.state();
    const Player *me = m.player(playerId);
    if (!me)
        return "You are not a player in this match.";
    std::string b;
    b += "[ROLE AND IDENTITY]\n";
    b += "You are " + me->displayName + " (" + me->playerId + ", seat " + std::to_string(me->seat)
         + "). Your role is " + std::string(toString(me->role)) + ". Keep it secret unless you "
         "choose to reveal or bluff.\n";
    if (me->role == Role::Werewolf) {
        b += "Your pack: ";
        for (const Player &p : s.players)
            if (p.role == Role::Werewolf)
                b += nameOf(s, p.playerId) + (p.alive ? "" : " [dead]") + " ";
        b += "\n";
    }
    if (me->role == Role::Seer) {
        b += "Your inspections:";
        if (s.seerHistory.empty())
            b += " none yet";
        for (const SeerRecord &r : s.seerHistory)
            b += " night " + std::to_string(r.night) + ": " + nameOf(s, r.targetPlayerId) + " is "
                 + (r.werewolf ? "a WEREWOLF" : "NOT a werewolf") + ";";
        b += "\n";
    }
    if (me->role == Role::Doctor && me->doctorPrevTarget)
        b += "Last night you protected " + nameOf(s, *me->doctorPrevTarget)
             + "; you cannot protect them tonight.\n";

    b += "\n[GAME STATE]\n";
    b += "Phase: " + std::string(toString(s.phase)) + ", day " + std::to_string(s.dayNumber)
         + ", ends at " + isoTime(s.phase == Phase::DayOpening ? s.turnEndsAt : s.phaseEndsAt) + ".\n";
    b += "Living:";
    for (const Player &p : s.players)
        if (p.alive)
            b += " " + nameOf(s, p.playerId) + ";";
    b += "\nDead:";
    for (const Player &p : s.players)
        if (!p.alive)
            b += " " + nameOf(s, p.playerId) + " (" + roleWord(p.role) + ");";
    b += "\n";

    const auto days = publicDays(m);
    const int current = s.dayNumber;
    bool olderHeader = false;
    for (const auto &[day, r] : days) {
        if (day == 0)
            continue;
        if (day < current - 1) {
            if (!olderHeader) {
                b += "\n[EARLIER DAYS, SUMMARISED]\n";
                olderHeader = true;
            }
            b += "Day " + std::to_string(day) + ": ";
            b += r.nightKill ? nameOf(s, *r.nightKill) + " died in the night. " : "No night death. ";
            b += r.voteResult ? voteLine(s, *r.voteResult) : "No vote.";
            b += "\n";
            continue;
        }
        b += "\n[DAY " + std::to_string(day) + (day == current ? ", CURRENT]" : ", PREVIOUS]") + "\n";
        b += r.nightKill ? "Night: " + nameOf(s, *r.nightKill) + " was killed.\n"
                         : std::string(r.nightSaved ? "Night: the doctor saved the victim.\n"
                                                    : "Night: nobody died.\n");
        for (const Event *e : r.speeches)
            if (const auto p = payloadAs<payload::PublicMessage>(*e))
                b += "- " + nameOf(s, std::string(p->playerId)) + " [" + std::string(toString(p->kind))
                     + "]: " + std::string(p->text) + "\n";
        if (!r.votes.empty()) {
            b += "Votes:";
            for (const Event *e : r.votes) {
                const auto p = payloadAs<payload::VoteCast>(*e);
                if (!p)
                    continue;
                b += " " + nameOf(s, std::string(p->voterPlayerId)) + " -> "
                     + (p->targetPlayerId ? nameOf(s, std::string(*p->targetPlayerId))
                                          : std::string("abstain"))
                     + ";";
            }
            b += "\n";
        }
        if (r.voteResult)
            b += voteLine(s, *r.voteResult) + "\n";
    }
    if (me->role == Role::Werewolf) {
        std::string chat;
        for (const Event &e : m.log()) {
            if (e.type != EventType::WolfChatMessage)
                continue;
            if (const auto p = payloadAs<payload::WolfChatMessage>(e); p && !p->fromWolfId.empty())
                chat += "- " + nameOf(s, std::string(p->fromWolfId)) + ": " + std::string(p->text) + "\n";
        }
        if (!chat.empty())
            b += "\n[WOLF CHAT, PRIVATE]\n" + chat;
    }

    b += "\n[YOUR TASK]\n";
    const auto req = m.requiredAction(playerId);
    auto targets = [&] {
        std::string t;
        for (const auto &id : req.allowedTargets)
            t += " " + nameOf(s, id) + ";";
        return t;
    };
    switch (req.type) {
    case ActionType::None:
        if (s.phase == Phase::DayResolution && s.lastEliminated == playerId && !me->spokeLastWords)
            b += "You were voted out. You may say LAST_WORDS with et.werewolf.match.say_public.";
        else if (s.phase == Phase::Lobby)
            b += "Call et.werewolf.match.ready to mark yourself ready.";
        else if (s.phase == Phase::Ended)
            b += "The match is over.";
        else
            b += "Nothing is required of you right now; wait for the next phase.";
        break;
    case ActionType::WolfKill:
        b += std::string(req.alreadySubmitted ? "You chose a victim; you may change it." : "Choose tonight's victim")
             + " with et.werewolf.match.night.wolf_kill. Coordinate in wolf chat. Targets:" + targets();
        break;
    case ActionType::SeerInspect:
        b += req.alreadySubmitted ? std::string("You have inspected tonight.")
                                  : "Inspect one player with et.werewolf.match.night.seer_inspect. Targets:" + targets();
        break;
    case ActionType::DoctorProtect:
        b += req.alreadySubmitted ? std::string("You have protected someone tonight.")
                                  : "Protect one player with et.werewolf.match.night.doctor_protect. Targets:" + targets();
        break;
    case ActionType::SpeakOpening:
        b += "It is your opening turn: make one short statement with et.werewolf.match.say_public (kind OPENING).";
        break;
    case ActionType::SpeakDiscussion:
        b += "Discuss with et.werewolf.match.say_public (kind DISCUSSION or DEFENSE); at most one message every 3 s.";
        break;
    case ActionType::Vote:
        b += std::string(req.alreadySubmitted ? "You voted; you may change your vote" : "Vote")
             + " with et.werewolf.match.vote (targetPlayerId null to abstain). Targets:" + targets();
        break;
    }
    b += "\n";
    return b;
}

} // namespace townhall::engine
