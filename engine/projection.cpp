// SPDX-License-Identifier: MIT
#include "projection.h"

#include "playertext.h"

#include "narrator.h"
#include "payloads.h"

#include <algorithm>
#include <map>

namespace townhall::engine {

bool visible(const Event &e, const Viewer &viewer, const MatchState &s)
{
    if (viewer.kind == Viewer::Kind::Omniscient)
        return true;
    switch (e.audience) {
    case Audience::Public:
        return true;
    case Audience::Host:
        return false;
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

std::vector<const Event *> visibleEvents(const Match &m,
                                         const Viewer &viewer,
                                         std::optional<std::uint64_t> afterSeq,
                                         std::size_t limit)
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
            first = std::size_t(
                std::upper_bound(log.begin(),
                                 log.end(),
                                 *afterSeq,
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
    case Role::Villager:
        return "villager";
    case Role::Werewolf:
        return "werewolf";
    case Role::Seer:
        return "seer";
    case Role::Doctor:
        return "doctor";
    case Role::Witch:
        return "witch";
    case Role::Hunter:
        return "hunter";
    }
    return "?";
}

/// A dead player's role as the public knows it: hidden when the rule set
/// does not reveal roles on death (and the match has not ended).
std::string deadRole(const Player &p)
{
    return p.revealed ? roleWord(p.role) : std::string("role hidden");
}

/// Public facts of one day, gathered from public events only.
struct DayRecord
{
    int day = 0;
    std::optional<std::string> nightKill; ///< night before this day
    std::vector<std::string> nightDeaths; ///< not classic: everyone who died that night, seat order
    bool nightSaved = false;
    std::vector<const Event *> speeches;
    std::vector<const Event *> votes;
    const Event *voteResult = nullptr; ///< the day's final result (the PK's revote, if any)
    const Event *pkResult = nullptr;   ///< the tied first vote that sent players to the PK
    std::vector<const Event *> shots;  ///< HUNTER_SHOT events told on this day
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
            if (p->deaths)
                r.nightDeaths.insert(r.nightDeaths.end(), p->deaths->begin(), p->deaths->end());
            if (r.nightDeaths.empty() && r.nightKill)
                r.nightDeaths.push_back(*r.nightKill);
            r.nightSaved = p->savedByDoctor;
            break;
        }
        case EventType::HunterShot: {
            // A shot after a night death belongs to the coming day; the
            // PHASE_CHANGED to DAY_ANNOUNCE comes after it.
            const bool night = !days.empty() && days.rbegin()->first == day + 1;
            DayRecord &r = days[night ? day + 1 : day];
            r.day = night ? day + 1 : day;
            r.shots.push_back(&e);
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
        case EventType::VoteResult: {
            days[day].day = day;
            const auto p = payloadAs<payload::VoteResult>(e);
            if (p && !p->pk.empty())
                days[day].pkResult = &e;
            else
                days[day].voteResult = &e;
            break;
        }
        default:
            break;
        }
    }
    return days;
}

std::string namesOf(const MatchState &s, const std::vector<std::string_view> &ids)
{
    std::string r;
    for (std::string_view id : ids)
        r += (r.empty() ? "" : " and ") + nameOf(s, std::string(id));
    return r;
}

/// "Hunter X shot Y." / "Hunter X did not shoot." from a public HUNTER_SHOT.
std::string shotLine(const MatchState &s, const Event &e)
{
    const auto p = payloadAs<payload::HunterShot>(e);
    if (!p)
        return std::string();
    const std::string hunter = nameOf(s, std::string(p->hunterPlayerId));
    if (!p->targetPlayerId)
        return "The hunter " + hunter + " did not shoot.";
    const std::string id(*p->targetPlayerId);
    const Player *x = find(s, id);
    return "The hunter " + hunter + " shot " + nameOf(s, id)
           + (x && x->revealed ? ", who was a " + roleWord(x->role) : std::string()) + ".";
}

/// "X and Y tied and went to a PK." from the first, tied VOTE_RESULT.
std::string pkLine(const MatchState &s, const Event &result)
{
    const auto p = payloadAs<payload::VoteResult>(result);
    return p ? "The vote tied; " + namesOf(s, p->pk) + " went to a PK." : std::string();
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
               + (p->pkRound == 1 ? " in the PK" : "")
               + (x && x->revealed ? " and was a " + roleWord(x->role) : std::string()) + ".";
    } else if (p->tie) {
        line = p->pkRound == 1 ? "The PK tied again; nobody was eliminated."
                               : "The vote tied; nobody was eliminated.";
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
            dead.push_back(p.displayName + " (" + deadRole(p) + ")");
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
        if (r.nightDeaths.size() > 1) {
            std::string names;
            for (const std::string &d : r.nightDeaths)
                names
                    += (names.empty() ? "" : " and ") + (find(s, d) ? find(s, d)->displayName : d);
            out += names + " died.";
        } else if (r.nightKill) {
            out += find(s, *r.nightKill) ? find(s, *r.nightKill)->displayName + " was killed."
                                         : *r.nightKill + " was killed.";
        } else {
            out += r.nightSaved ? "the doctor saved the wolves' victim." : "nobody died.";
        }
        if (r.pkResult || r.voteResult)
            out += " Day " + std::to_string(day) + ":";
        if (r.pkResult)
            out += " " + pkLine(s, *r.pkResult);
        if (r.voteResult)
            out += " " + voteLine(s, *r.voteResult);
        for (const Event *shot : r.shots)
            out += " " + shotLine(s, *shot);
    }
    if (s.winner)
        out += std::string(" The ") + (*s.winner == Team::Villagers ? "villagers" : "werewolves")
               + " won.";
    else if (s.phase == Phase::Ended && s.config.rules.maxDays > 0)
        out += " The match ended in a draw: no side won before the day limit.";
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
    v.nightNumber = s.nightNumber;
    v.phaseEndsAt = s.phase == Phase::Ended ? s.endedAt : s.phaseEndsAt;
    v.turnEndsAt = s.phase == Phase::DayOpening || s.phase == Phase::DayPkDefense ? s.turnEndsAt
                                                                                  : v.phaseEndsAt;
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
        const std::size_t limit
            = static_cast<std::size_t>(std::clamp(opts.recentPublicMessagesLimit, 1, 50));
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
    if (me->role == Role::Witch)
        y.potions = PotionsView{me->hasAntidote, me->hasPoison};
    else
        y.potions.reset();
    y.lastWordsDue = s.phase == Phase::DayResolution && s.lastEliminated == me->playerId
                     && !me->spokeLastWords;
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
            // The witch's and the PK's fields only where they mean something, so a classic
            // get_state is the same tree as before.
            const Match::RequiredAction &r = *y.requiredAction;
            if (r.type == ActionType::WitchAct) {
                g.emplace("killedPlayerId",
                          r.killedPlayerId ? json(*r.killedPlayerId) : json(nullptr));
                g.emplace("antidote", r.antidote);
                g.emplace("poison", r.poison);
            }
            if (r.pk)
                g.emplace("pk", true);
        }
        you = object();
        auto &g = fields(you);
        g.emplace("playerId", y.playerId);
        g.emplace("role", toString(y.role));
        g.emplace("alive", y.alive);
        g.emplace("knownWolves", y.knownWolves);
        g.emplace("seerHistory", std::move(seer));
        if (y.potions) {
            json potions = object();
            fields(potions).emplace("antidote", y.potions->antidote);
            fields(potions).emplace("poison", y.potions->poison);
            g.emplace("potions", std::move(potions));
        }
        g.emplace("requiredAction", std::move(req));
        g.emplace("lastWordsDue", y.lastWordsDue);
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

namespace {

/// phaseBrief()'s text, built step by step: each section of the agent context's
/// layout is a function. The fixed text follows the match's language; names
/// and speech stay as written.
struct Brief
{
    const Match &m;
    const MatchState &s;
    const Player &me;
    const bool zh;
    std::string b;

    Brief(const Match &match, const Player &player)
        : m(match)
        , s(match.state())
        , me(player)
        , zh(isChinese(match.state()))
    {}

    std::string tr(std::string_view en, std::string_view cn) const
    {
        return std::string(zh ? cn : en);
    }

    /// [ROLE AND IDENTITY]: who you are, what your role knows, the table's rules.
    void roleAndIdentity()
    {
        b += tr("[ROLE AND IDENTITY]\n", "【身份】\n");
        if (zh)
            b += "你是" + me.displayName + "（" + me.playerId + "，" + std::to_string(me.seat)
                 + "号位）。你的身份是" + std::string(toString(me.role))
                 + "。除非你选择公开或伪装，请保密。\n";
        else
            b += "You are " + me.displayName + " (" + me.playerId + ", seat "
                 + std::to_string(me.seat) + "). Your role is " + std::string(toString(me.role))
                 + ". Keep it secret unless you choose to reveal or bluff.\n";
        roleKnowledge();
        if (!s.config.rules.isClassic())
            rules();
    }

    /// What the role knows: the pack, the inspections, last night's
    /// protection, the potions; the hunter's shot.
    void roleKnowledge()
    {
        if (me.role == Role::Werewolf) {
            b += tr("Your pack: ", "你的狼队友：");
            for (const Player &p : s.players)
                if (p.role == Role::Werewolf)
                    b += nameOf(s, p.playerId) + (p.alive ? "" : tr(" [dead]", "【已死亡】")) + " ";
            b += "\n";
        }
        if (me.role == Role::Seer) {
            b += tr("Your inspections:", "你的查验：");
            if (s.seerHistory.empty())
                b += tr(" none yet", "暂无");
            for (const SeerRecord &r : s.seerHistory)
                b += zh ? "第" + std::to_string(r.night) + "夜：" + nameOf(s, r.targetPlayerId)
                              + (r.werewolf ? "是狼人；" : "不是狼人；")
                        : " night " + std::to_string(r.night) + ": " + nameOf(s, r.targetPlayerId)
                              + " is " + (r.werewolf ? "a WEREWOLF" : "NOT a werewolf") + ";";
            b += "\n";
        }
        if (me.role == Role::Doctor && me.doctorPrevTarget)
            b += tr("Last night you protected ", "昨晚你守护了") + nameOf(s, *me.doctorPrevTarget)
                 + tr("; you cannot protect them tonight.\n", "，今晚不能再守护同一人。\n");
        if (me.role == Role::Witch) {
            b += tr("You are the witch: after the wolves choose, you may save their victim with "
                    "your antidote or poison one player, each potion once per match, and at most "
                    "one potion a night.\n",
                    "你是女巫：狼人行动后，你可以用解药救下被刀的玩家，或用毒药毒死一名玩家；"
                    "每瓶药整局只能用一次，每晚最多用一瓶。\n");
            b += tr("Antidote: ", "解药：")
                 + tr(me.hasAntidote ? "unused" : "used", me.hasAntidote ? "未使用" : "已使用")
                 + tr(". Poison: ", "。毒药：")
                 + tr(me.hasPoison ? "unused" : "used", me.hasPoison ? "未使用" : "已使用")
                 + tr(".\n", "。\n");
        }
        if (me.role == Role::Hunter)
            b += tr("You are the hunter: when you die you may shoot one player, who dies with you "
                    "(not if the witch poisoned you).\n",
                    "你是猎人：死亡时可以开枪带走一名玩家（被女巫毒死时不能开枪）。\n");
    }

    /// The rules of a table other than classic: ties, hidden roles, the day limit.
    void rules()
    {
        const RuleSet &rules = s.config.rules;
        b += tr("Rules: ", "规则：");
        b += rules.tie == TieRule::Pk
                 ? tr("a tied vote goes to a PK: the tied players defend themselves, then a "
                      "revote among them; a second tie eliminates nobody. ",
                      "投票平票时进入PK：平票玩家依次辩护，然后在他们之间重新投票；再次平票则无"
                      "人出局。")
                 : tr("a tied vote eliminates nobody. ", "平票时无人出局。");
        if (!rules.revealRoleOnDeath)
            b += tr("Roles are not revealed on death. ", "玩家死亡时不公开身份。");
        if (rules.maxDays > 0)
            b += zh ? "第" + std::to_string(rules.maxDays) + "天结束仍未分出胜负则平局。"
                    : "If no side has won after day " + std::to_string(rules.maxDays)
                          + ", the match is a draw. ";
        b += "\n";
    }

    /// [GAME STATE]: the phase and its deadline, the living and the dead.
    void gameState()
    {
        b += tr("\n[GAME STATE]\n", "\n【局势】\n");
        const std::string endsAt = isoTime(
            s.phase == Phase::DayOpening || s.phase == Phase::DayPkDefense ? s.turnEndsAt
                                                                           : s.phaseEndsAt);
        if (zh)
            b += "阶段：" + std::string(toString(s.phase)) + "，第" + std::to_string(s.dayNumber)
                 + "天，结束于" + endsAt + "。\n";
        else
            b += "Phase: " + std::string(toString(s.phase)) + ", day " + std::to_string(s.dayNumber)
                 + ", ends at " + endsAt + ".\n";
        b += tr("Living:", "存活：");
        for (const Player &p : s.players)
            if (p.alive)
                b += " " + nameOf(s, p.playerId) + ";";
        b += tr("\nDead:", "\n死亡：");
        for (const Player &p : s.players)
            if (!p.alive)
                b += " " + nameOf(s, p.playerId) + " (" + deadRole(p) + ");";
        b += "\n";
    }

    /// The public days: older ones summarised, the previous and current verbatim.
    void days()
    {
        const int current = s.dayNumber;
        bool olderHeader = false;
        for (const auto &[day, r] : publicDays(m)) {
            if (day == 0)
                continue;
            if (day < current - 1) {
                if (!olderHeader) {
                    b += tr("\n[EARLIER DAYS, SUMMARISED]\n", "\n【前几天概要】\n");
                    olderHeader = true;
                }
                earlierDay(day, r);
            } else {
                recentDay(day, r, day == current);
            }
        }
    }

    std::string deathsLine(const DayRecord &r) const
    {
        std::string t;
        for (const std::string &d : r.nightDeaths)
            t += (t.empty() ? "" : tr(" and ", "和")) + nameOf(s, d);
        return t;
    }

    /// One line: the night's deaths, the PK, the vote, the shots.
    void earlierDay(int day, const DayRecord &r)
    {
        b += zh ? "第" + std::to_string(day) + "天：" : "Day " + std::to_string(day) + ": ";
        b += !r.nightDeaths.empty() ? deathsLine(r) + tr(" died in the night. ", "夜里死亡。")
                                    : tr("No night death. ", "夜里无人死亡。");
        if (r.pkResult)
            b += pkLine(s, *r.pkResult) + " ";
        b += r.voteResult ? voteLine(s, *r.voteResult) : tr("No vote.", "没有投票。");
        for (const Event *shot : r.shots)
            b += " " + shotLine(s, *shot);
        b += "\n";
    }

    /// The night, every speech and vote, the results and the shots.
    void recentDay(int day, const DayRecord &r, bool current)
    {
        if (zh)
            b += "\n【第" + std::to_string(day) + "天，" + (current ? "当前】\n" : "前一天】\n");
        else
            b += "\n[DAY " + std::to_string(day) + (current ? ", CURRENT]" : ", PREVIOUS]") + "\n";
        if (r.nightDeaths.size() > 1)
            b += tr("Night: ", "夜里：") + deathsLine(r) + tr(" died.\n", "死亡。\n");
        else
            b += r.nightKill ? tr("Night: ", "夜里：") + nameOf(s, *r.nightKill)
                                   + tr(" was killed.\n", "被杀。\n")
                             : (r.nightSaved ? tr("Night: the doctor saved the victim.\n",
                                                  "夜里：医生救下了被刀的玩家。\n")
                                             : tr("Night: nobody died.\n", "夜里：无人死亡。\n"));
        for (const Event *e : r.speeches)
            if (const auto p = payloadAs<payload::PublicMessage>(*e))
                b += "- " + nameOf(s, std::string(p->playerId)) + " ["
                     + std::string(toString(p->kind)) + "]: " + quotedSpeech(p->text) + "\n";
        if (!r.votes.empty()) {
            b += tr("Votes:", "投票：");
            for (const Event *e : r.votes) {
                const auto p = payloadAs<payload::VoteCast>(*e);
                if (!p)
                    continue;
                b += " " + nameOf(s, std::string(p->voterPlayerId)) + " -> "
                     + (p->targetPlayerId ? nameOf(s, std::string(*p->targetPlayerId))
                                          : tr("abstain", "弃票"))
                     + ";";
            }
            b += "\n";
        }
        if (r.pkResult)
            b += pkLine(s, *r.pkResult) + "\n";
        if (r.voteResult)
            b += voteLine(s, *r.voteResult) + "\n";
        for (const Event *shot : r.shots)
            b += shotLine(s, *shot) + "\n";
    }

    /// [WOLF CHAT, PRIVATE], for a werewolf.
    void wolfChat()
    {
        if (me.role != Role::Werewolf)
            return;
        std::string chat;
        for (const Event &e : m.log()) {
            if (e.type != EventType::WolfChatMessage)
                continue;
            if (const auto p = payloadAs<payload::WolfChatMessage>(e); p && !p->fromWolfId.empty())
                chat += "- " + nameOf(s, std::string(p->fromWolfId)) + ": " + quotedSpeech(p->text)
                        + "\n";
        }
        if (!chat.empty())
            b += tr("\n[WOLF CHAT, PRIVATE]\n", "\n【狼人频道，私密】\n") + chat;
    }

    /// [YOUR TASK]: what is asked of you now, with the tool and the targets.
    void task()
    {
        b += tr("\n[YOUR TASK]\n", "\n【你的任务】\n");
        const auto req = m.requiredAction(me.playerId);
        switch (req.type) {
        case ActionType::None:
            idle();
            break;
        case ActionType::WolfKill:
            b += (req.alreadySubmitted
                      ? tr("You chose a victim; you may change it.", "你已选择目标，可以更改。")
                      : tr("Choose tonight's victim", "选择今晚的目标，"))
                 + tr(" with et.werewolf.match.night.wolf_kill. Coordinate in wolf chat. Targets:",
                      "使用 et.werewolf.match.night.wolf_kill。在狼人频道商量。可选目标：")
                 + targets(req);
            break;
        case ActionType::SeerInspect:
            b += req.alreadySubmitted
                     ? tr("You have inspected tonight.", "你今晚已查验。")
                     : tr("Inspect one player with et.werewolf.match.night.seer_inspect. Targets:",
                          "使用 et.werewolf.match.night.seer_inspect 查验一名玩家。可选目标：")
                           + targets(req);
            break;
        case ActionType::DoctorProtect:
            b += req.alreadySubmitted
                     ? tr("You have protected someone tonight.", "你今晚已守护。")
                     : tr("Protect one player with et.werewolf.match.night.doctor_protect. "
                          "Targets:",
                          "使用 et.werewolf.match.night.doctor_protect 守护一名玩家。可选目标：")
                           + targets(req);
            break;
        case ActionType::WitchAct:
            witch(req);
            break;
        case ActionType::HunterShoot:
            b += tr("You died and you are the hunter: shoot one player with "
                    "et.werewolf.match.hunter_shoot, or pass (no target). Targets:",
                    "你已死亡，你是猎人：使用 et.werewolf.match.hunter_shoot "
                    "开枪带走一名玩家，或不开枪（不填目标）。可选目标：")
                 + targets(req);
            break;
        case ActionType::SpeakOpening:
        case ActionType::SpeakDefense:
        case ActionType::SpeakDiscussion:
            speak(req.type);
            break;
        case ActionType::Vote:
            b += (req.alreadySubmitted
                      ? tr("You voted; you may change your vote", "你已投票，可以改票，")
                      : tr("Vote", "投票，"))
                 + (req.pk ? tr(" in the PK's revote", "这是PK重新投票，") : std::string())
                 + tr(" with et.werewolf.match.vote (targetPlayerId null to abstain). Targets:",
                      "使用 et.werewolf.match.vote（targetPlayerId 为 null 表示弃票）。可选目标：")
                 + targets(req);
            break;
        }
        b += "\n";
    }

    std::string targets(const Match::RequiredAction &req) const
    {
        std::string t;
        for (const auto &id : req.allowedTargets)
            t += " " + nameOf(s, id) + ";";
        return t;
    }

    /// Nothing is required: last words, the lobby, the end, or waiting.
    void idle()
    {
        if (s.phase == Phase::DayResolution && s.lastEliminated == me.playerId
            && !me.spokeLastWords)
            b += tr("You were voted out. You may say LAST_WORDS with et.werewolf.match.say_public.",
                    "你被放逐了。可以用 et.werewolf.match.say_public 发表遗言（LAST_WORDS）。");
        else if (s.phase == Phase::Lobby)
            b += tr("Call et.werewolf.match.ready to mark yourself ready.",
                    "调用 et.werewolf.match.ready 表示准备就绪。");
        else if (s.phase == Phase::Ended)
            b += tr("The match is over.", "比赛已结束。");
        else
            b += tr("Nothing is required of you right now; wait for the next phase.",
                    "现在不需要你行动，请等待下一阶段。");
    }

    /// The witch's turn: tonight's victim if she may know it, her potions, the targets.
    void witch(const Match::RequiredAction &req)
    {
        if (req.killedPlayerId)
            b += tr("Tonight the wolves attacked ", "今晚狼人袭击了")
                 + nameOf(s, *req.killedPlayerId) + tr(". ", "。");
        else
            b += tr("You are not told tonight's victim. ", "你今晚不知道谁被袭击。");
        b += tr("Act with et.werewolf.match.night.witch_act: SAVE (antidote",
                "使用 et.werewolf.match.night.witch_act 行动：SAVE（解药")
             + tr(req.antidote ? " available)" : " not available tonight)",
                  req.antidote ? "可用）" : "今晚不可用）")
             + tr(", POISON a target (poison", "、POISON 毒一名玩家（毒药")
             + tr(req.poison ? " available)" : " not available tonight)",
                  req.poison ? "可用）" : "今晚不可用）")
             + tr(" or PASS. Poison targets:", "或 PASS。可毒目标：") + targets(req);
    }

    /// An opening, a PK defence or the discussion.
    void speak(ActionType type)
    {
        if (type == ActionType::SpeakOpening)
            b += tr("It is your opening turn: make one short statement with "
                    "et.werewolf.match.say_public (kind OPENING).",
                    "轮到你开场发言：用 et.werewolf.match.say_public 发一段简短发言（kind "
                    "OPENING）。");
        else if (type == ActionType::SpeakDefense)
            b += tr("You are in the PK: it is your turn to defend yourself with "
                    "et.werewolf.match.say_public (kind DEFENSE). Then the others vote again "
                    "between the players in the PK.",
                    "你在PK中：轮到你用 et.werewolf.match.say_public 辩护（kind DEFENSE）。"
                    "之后其他玩家将在PK玩家之间重新投票。");
        else
            b += tr("Discuss with et.werewolf.match.say_public (kind DISCUSSION or DEFENSE); at "
                    "most one message every 3 s.",
                    "用 et.werewolf.match.say_public 参与讨论（kind DISCUSSION 或 "
                    "DEFENSE），每3秒最多一条。");
    }
};

} // namespace

std::string phaseBrief(const Match &m, const std::string &playerId)
{
    const Player *me = m.player(playerId);
    if (!me)
        return isChinese(m.state()) ? "你不是本局的玩家。" : "You are not a player in this match.";
    Brief brief(m, *me);
    brief.roleAndIdentity();
    brief.gameState();
    brief.days();
    brief.wolfChat();
    brief.task();
    return std::move(brief.b);
}

} // namespace townhall::engine
