// SPDX-License-Identifier: MIT
#include "host/seats/pushseat.h"

#include "base/jsonlimits.h"
#include "engine/payloads.h"
#include "engine/projection.h"
#include "host/providers/boundedreply.h"
#include "host/providers/peerhttp.h"
#include "host/providers/providerprofile.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <algorithm>

Q_LOGGING_CATEGORY(lcPush, "townhall.push")

namespace townhall::host {

using engine::ActionType;
using engine::Match;
using engine::Phase;
using engine::Player;
using engine::Role;
using nlohmann::json;

namespace {

std::string lower(std::string_view in)
{
    std::string s(in);
    std::transform(
        s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/// "werewolf", "seer", … as the push protocol spells them.
std::string roleName(Role r)
{
    return lower(engine::toString(r));
}

std::string roleDescription(Role r, const std::string &language)
{
    const bool zh = language == "zh-CN";
    switch (r) {
    case Role::Werewolf:
        return zh ? "你是狼人。每晚和狼队友选择一名玩家杀死；白天隐藏身份。"
                  : "You are a werewolf. Each night you and your fellow wolves choose a player to "
                    "kill; by day, hide.";
    case Role::Seer:
        return zh ? "你是预言家。每晚查验一名玩家是否为狼人。"
                  : "You are the seer. Each night you learn whether one player is a werewolf.";
    case Role::Doctor:
        return zh ? "你是守卫。每晚守护一名玩家免于狼人袭击。"
                  : "You are the doctor. Each night you protect one player from the wolves.";
    case Role::Witch:
        return zh ? "你是女巫。你有一瓶解药和一瓶毒药，各只能用一次。"
                  : "You are the witch. You hold one antidote and one poison, each usable once.";
    case Role::Hunter:
        return zh ? "你是猎人。你死去时可以开枪带走一名玩家。"
                  : "You are the hunter. When you die you may shoot one player.";
    case Role::Villager:
        break;
    }
    return zh ? "你是村民。白天通过发言和投票找出狼人。"
              : "You are a villager. By day, find the werewolves through talk and votes.";
}

std::string phaseName(Phase p)
{
    return lower(engine::toString(p));
}

/// Player ids ("p:3") become seat numbers everywhere in a public payload,
/// as values and as keys (a vote tally), so the agent sees one kind of id.
json seatsOnWire(const json &j)
{
    if (j.is_string()) {
        const int seat = PushSeat::seatOf(j.get<std::string>());
        return seat > 0 ? json(seat) : j;
    }
    if (j.is_array()) {
        json out = json::array();
        for (const json &v : j)
            out.push_back(seatsOnWire(v));
        return out;
    }
    if (j.is_object()) {
        json out = json::object();
        for (const auto &[k, v] : j.items()) {
            const int seat = PushSeat::seatOf(k);
            out[seat > 0 ? std::to_string(seat) : k] = seatsOnWire(v);
        }
        return out;
    }
    return j;
}

/// The public events an agent reads in its history (no narration: it
/// retells them).
bool historyEvent(engine::EventType t)
{
    using engine::EventType;
    switch (t) {
    case EventType::PhaseChanged:
    case EventType::PublicMessage:
    case EventType::VoteCast:
    case EventType::NightResult:
    case EventType::PlayerEliminated:
    case EventType::VoteResult:
    case EventType::HunterShot:
    case EventType::GameEnded:
    case EventType::RolesRevealed:
    case EventType::TurnMissed:
        return true;
    default:
        return false;
    }
}

/// What every request shares: the player, the table as it may see it, the
/// public history and today's speeches.
struct Table
{
    explicit Table(const engine::StateView &v)
        : view(v)
        , you(*v.you)
    {}

    const engine::StateView &view;
    const engine::YouView &you;
    engine::PlayerEntry me;
    bool wolf = false;
    json alive = json::array();
    json dead = json::array();
    json gameState;
    json publicSpeeches = json::array(); ///< today's, as seat and words
    json lastNight = json::array();      ///< what last night (and the announcement) brought
    std::vector<std::string> order;      ///< the last speaking order announced

    bool knownWolf(const std::string &id) const
    {
        return wolf
               && std::find(you.knownWolves.begin(), you.knownWolves.end(), id)
                      != you.knownWolves.end();
    }
    /// A role is told when the projection reveals it (the dead, the end),
    /// for the player itself, and for a wolf's pack.
    std::optional<Role> roleOf(const engine::PlayerEntry &p) const
    {
        if (p.playerId == you.playerId)
            return you.role;
        if (p.revealedRole)
            return p.revealedRole;
        if (knownWolf(p.playerId))
            return Role::Werewolf;
        return std::nullopt;
    }
    json playerJson(const engine::PlayerEntry &p) const
    {
        json j{{"player_id", p.seat}, {"name", p.displayName}, {"is_alive", p.alive}};
        if (const auto r = roleOf(p))
            j["role"] = roleName(*r);
        return j;
    }
};

Table tableFor(const engine::StateView &view, const std::vector<engine::Event> &seen)
{
    using engine::EventType;
    Table t(view);
    const auto meIt = std::find_if(view.players.begin(), view.players.end(), [&](const auto &p) {
        return p.playerId == t.you.playerId;
    });
    if (meIt != view.players.end())
        t.me = *meIt;
    t.wolf = t.you.role == Role::Werewolf;
    for (const engine::PlayerEntry &p : view.players)
        (p.alive ? t.alive : t.dead).push_back(t.playerJson(p));

    // The public events, with the day and phase each happened in.
    json history = json::array();
    int day = 0;
    std::string phase = "lobby";
    for (const engine::Event &e : seen) {
        if (e.audience != engine::Audience::Public)
            continue;
        if (e.type == EventType::PhaseChanged) {
            if (const auto pc = engine::payloadAs<engine::payload::PhaseChanged>(e)) {
                phase = phaseName(pc->to);
                day = pc->dayNumber;
                if (!pc->order.empty())
                    t.order.assign(pc->order.begin(), pc->order.end());
            }
        }
        if (!historyEvent(e.type))
            continue;
        json ev{{"event_type", std::string(engine::toString(e.type))},
                {"day", day},
                {"phase", phase},
                {"data", seatsOnWire(e.payload)}};
        if (e.type == EventType::PublicMessage && day == view.dayNumber)
            if (const auto pm = engine::payloadAs<engine::payload::PublicMessage>(e))
                t.publicSpeeches.push_back(
                    json{{"player_id", PushSeat::seatOf(std::string(pm->playerId))},
                         {"content", std::string(pm->text)},
                         {"round", pm->kind == engine::MessageKind::Opening ? 1 : 2}});
        if (day == view.dayNumber
            && (e.type == EventType::NightResult
                || (e.type == EventType::PlayerEliminated && phase == "day_announce")
                || (e.type == EventType::HunterShot && phase != "day_vote")))
            t.lastNight.push_back(ev);
        history.push_back(std::move(ev));
    }
    // player_id: whose request this is, for an agent that plays several seats on one URL.
    t.gameState = json{{"player_id", t.me.seat},
                       {"day_number", view.dayNumber},
                       {"phase", phaseName(view.phase)},
                       {"alive_players", t.alive},
                       {"dead_players", t.dead},
                       {"history", std::move(history)}};
    return t;
}

json initParams(const Table &t, const engine::RuleSet &rules)
{
    json all = json::array();
    for (const engine::PlayerEntry &p : t.view.players)
        all.push_back(json{{"player_id", p.seat}, {"name", p.displayName}});
    json roles = json::array();
    for (Role r :
         {Role::Werewolf, Role::Seer, Role::Doctor, Role::Witch, Role::Hunter, Role::Villager})
        if (rules.hasRole(r))
            roles.push_back(roleName(r));
    json p{{"player_id", t.me.seat},
           {"role", roleName(t.you.role)},
           {"role_description", roleDescription(t.you.role, rules.language)},
           {"all_players", all},
           {"game_config",
            {{"roles", roles},
             {"wolf_count", rules.werewolves},
             {"max_days", rules.maxDays},
             {"language", rules.language},
             {"rule_set", rules.name}}}};
    if (t.wolf) {
        json mates = json::array();
        for (const engine::PlayerEntry &o : t.view.players)
            if (o.playerId != t.you.playerId && t.knownWolf(o.playerId))
                mates.push_back(o.seat);
        p["teammates"] = mates;
    }
    return p;
}

json wolfParams(const Table &t, const std::vector<engine::Event> &seen)
{
    json mates = json::array();
    for (const engine::PlayerEntry &o : t.view.players)
        if (o.alive && o.playerId != t.you.playerId && t.knownWolf(o.playerId))
            mates.push_back(t.playerJson(o));
    // Earlier nights' kills, from the pack's own selections.
    std::map<std::pair<int, int>, json> votes; // (night, target) → voters
    for (const engine::Event &e : seen)
        if (e.type == engine::EventType::WolfKillSelected) {
            const int night = e.payload.value("night", 0);
            auto &v = votes[{night,
                             PushSeat::seatOf(e.payload.value("targetPlayerId", std::string()))}];
            if (!v.is_array())
                v = json::array();
            v.push_back(PushSeat::seatOf(e.payload.value("byPlayerId", std::string())));
        }
    json previous = json::array();
    for (const auto &[k, voters] : votes)
        previous.push_back(json{{"night", k.first}, {"target_id", k.second}, {"voted_by", voters}});
    return json{{"game_state", t.gameState},
                {"night_number", t.view.nightNumber},
                {"alive_players", t.alive},
                {"teammates", mates},
                {"previous_votes", previous}};
}

json seerParams(const Table &t)
{
    json checks = json::array();
    for (const engine::SeerEntry &r : t.you.seerHistory)
        checks.push_back(json{{"night", r.night},
                              {"target_id", PushSeat::seatOf(r.targetPlayerId)},
                              {"role", r.werewolf ? "werewolf" : "good"}});
    return json{{"game_state", t.gameState},
                {"night_number", t.view.nightNumber},
                {"alive_players", t.alive},
                {"previous_checks", checks}};
}

json witchParams(const Table &t,
                 const std::vector<engine::Event> &seen,
                 const Match::RequiredAction &ra)
{
    json previous = json::array();
    for (const engine::Event &e : seen)
        if (e.type == engine::EventType::WitchActed && e.audiencePlayerId == t.you.playerId)
            if (const auto w = engine::payloadAs<engine::payload::WitchActed>(e))
                previous.push_back(json{
                    {"night", w->night},
                    {"action",
                     w->action == "SAVE"     ? "save"
                     : w->action == "POISON" ? "poison"
                                             : "abstain"},
                    {"target_id",
                     w->targetPlayerId ? json(PushSeat::seatOf(std::string(*w->targetPlayerId)))
                                       : json()}});
    return json{{"game_state", t.gameState},
                {"night_number", t.view.nightNumber},
                {"alive_players", t.alive},
                {"poison_available", ra.poison},
                {"antidote_available", ra.antidote},
                {"killed_player_id",
                 ra.killedPlayerId ? json(PushSeat::seatOf(*ra.killedPlayerId)) : json()},
                {"previous_actions", previous}};
}

/// The voters of the vote that put `playerId` out: each voter's last ballot
/// in the round whose result eliminated him (the PK revote if there was
/// one), not every vote ever cast against him. They are public.
json votersAgainst(const std::string &playerId, const std::vector<engine::Event> &seen)
{
    json voters = json::array();
    std::map<int, std::string> ballots; // seat → target, this round
    for (const engine::Event &e : seen) {
        if (e.type == engine::EventType::VoteCast) {
            if (const auto v = engine::payloadAs<engine::payload::VoteCast>(e))
                ballots[PushSeat::seatOf(std::string(v->voterPlayerId))]
                    = v->targetPlayerId ? std::string(*v->targetPlayerId) : std::string();
        } else if (e.type == engine::EventType::VoteResult) {
            const auto r = engine::payloadAs<engine::payload::VoteResult>(e);
            if (r && r->eliminatedPlayerId && *r->eliminatedPlayerId == playerId) {
                voters = json::array();
                for (const auto &[seat, target] : ballots)
                    if (target == playerId)
                        voters.push_back(seat);
            }
            ballots.clear();
        }
    }
    return voters;
}

json hunterParams(const Table &t, const std::vector<engine::Event> &seen)
{
    // How he died: the public elimination says so.
    bool voted = false;
    for (const engine::Event &e : seen)
        if (e.type == engine::EventType::PlayerEliminated)
            if (const auto pe = engine::payloadAs<engine::payload::PlayerEliminated>(e);
                pe && pe->playerId == t.you.playerId)
                voted = pe->cause == "VOTE";
    // No single player is traceable: a night death is the wolves' (or the
    // witch's) secret, and a vote is many players'.
    const json voters = voted ? votersAgainst(t.you.playerId, seen) : json::array();
    return json{{"game_state", t.gameState},
                {"cause", voted ? "vote" : "kill"},
                {"alive_players", t.alive},
                {"voted_by", voters},
                {"killed_by", voters.size() == 1 ? voters[0] : json()}};
}

json speechParams(const Table &t, bool opening, engine::TimeMs now)
{
    int place = 0;
    for (std::size_t i = 0; i < t.order.size(); ++i)
        if (t.order[i] == t.you.playerId)
            place = int(i) + 1;
    const engine::TimeMs ends = opening ? t.view.turnEndsAt : t.view.phaseEndsAt;
    return json{{"game_state", t.gameState},
                {"day_number", t.view.dayNumber},
                {"speech_order", place},
                {"previous_speeches", t.publicSpeeches},
                {"last_night_events", t.lastNight},
                {"remaining_time", std::max<engine::TimeMs>(0, (ends - now) / 1000)},
                {"kind", opening ? "opening" : "discussion"}};
}

json voteParams(const Table &t,
                const std::vector<engine::Event> &seen,
                const Match::RequiredAction &ra,
                bool pk)
{
    json candidates = json::array();
    for (const std::string &c : ra.allowedTargets)
        candidates.push_back(PushSeat::seatOf(c));
    json previous = json::array();
    for (const engine::Event &e : seen)
        if (e.type == engine::EventType::VoteResult)
            previous.push_back(
                json{{"day", e.payload.value("day", 0)},
                     {"votes", seatsOnWire(e.payload.value("tally", json::object()))}});
    std::string summary;
    for (const json &sp : t.publicSpeeches)
        summary += std::to_string(sp["player_id"].get<int>()) + ": "
                   + sp["content"].get<std::string>() + "\n";
    return json{{"game_state", t.gameState},
                {"day_number", t.view.dayNumber},
                {"alive_players", t.alive},
                {"discussion_summary", summary},
                {"previous_votes", previous},
                {"vote_type", pk ? "pk" : "elimination"},
                {"candidates", candidates}};
}

json defenceParams(const Table &t, engine::TimeMs now)
{
    // Today's public speeches that name this player (by seat or display name).
    json accusations = json::array();
    const std::string seatText = std::to_string(t.me.seat);
    for (const json &sp : t.publicSpeeches) {
        const std::string content = sp["content"].get<std::string>();
        if (sp["player_id"] == t.me.seat)
            continue;
        const bool named = content.find(t.me.displayName) != std::string::npos
                           || content.find("#" + seatText) != std::string::npos
                           || content.find("seat " + seatText) != std::string::npos
                           || content.find(seatText + "号") != std::string::npos;
        if (named)
            accusations.push_back(json{{"accuser_id", sp["player_id"]},
                                       {"content", content},
                                       {"evidence", json::array()}});
    }
    return json{{"game_state", t.gameState},
                {"accusations", accusations},
                {"time_limit", std::max<engine::TimeMs>(0, (t.view.turnEndsAt - now) / 1000)}};
}

json gameOverParams(const Table &t, const std::vector<engine::Event> &seen)
{
    std::optional<engine::Team> winner;
    for (const engine::Event &e : seen)
        if (e.type == engine::EventType::GameEnded)
            if (const auto g = engine::payloadAs<engine::payload::GameEnded>(e))
                winner = g->winningTeam;
    json winners = json::array(), reveal = json::array();
    for (const engine::PlayerEntry &p : t.view.players) {
        const std::optional<Role> r = t.roleOf(p);
        if (winner && r && engine::teamOf(*r) == *winner)
            winners.push_back(p.seat);
        if (r)
            reveal.push_back(json{{"player_id", p.seat}, {"role", roleName(*r)}});
    }
    return json{{"winner",
                 !winner                               ? "none"
                 : *winner == engine::Team::Werewolves ? "werewolves"
                                                       : "villagers"},
                {"winning_players", winners},
                {"final_state", t.gameState},
                {"role_reveal", reveal},
                {"performance_stats", json::object()}};
}

} // namespace

QString PushEndpoint::validate() const
{
    if (!url.isValid() || url.host().isEmpty())
        return QStringLiteral("the push agent's url is not a valid URL");
    if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
        return QStringLiteral("the push agent's url must start with http:// or https://");
    if (deadlineMs < MinDeadlineMs || deadlineMs > MaxDeadlineMs)
        return QStringLiteral("deadlineMs must be between %1 and %2")
            .arg(MinDeadlineMs)
            .arg(MaxDeadlineMs);
    if (token.contains(QLatin1Char('\n')) || token.contains(QLatin1Char('\r')))
        return QStringLiteral("the push agent's token must be one line");
    return {};
}

int PushStats::failures() const
{
    int n = timeouts + httpErrors + malformed;
    for (const auto &[code, count] : agentErrors)
        n += count;
    return n;
}

int PushSeat::seatOf(const std::string &playerId)
{
    if (playerId.size() < 3 || playerId.compare(0, 2, "p:") != 0 || playerId.size() > 6)
        return -1;
    int seat = 0;
    for (std::size_t i = 2; i < playerId.size(); ++i) {
        if (playerId[i] < '0' || playerId[i] > '9')
            return -1;
        seat = seat * 10 + (playerId[i] - '0');
    }
    return seat;
}

PushSeat::PushSeat(PushSeatOptions options)
    : m_options(std::move(options))
    , m_context(std::make_unique<QObject>())
    , m_rng(m_options.seed)
{}

PushSeat::~PushSeat() = default;

void PushSeat::notify() const
{
    if (m_options.changed)
        m_options.changed();
}

bool PushSeat::busy() const
{
    return m_request || m_answer || m_decided || m_sending || m_retry || m_waiting;
}

void PushSeat::wakeSoon()
{
    QTimer::singleShot(0, m_context.get(), [this] { wakeUp(); });
}

void PushSeat::absorb(const std::vector<const engine::Event *> &news)
{
    for (const engine::Event *e : news)
        m_seen.push_back(*e);
}

std::optional<PushSeat::Key> PushSeat::due(const engine::StateView &view) const
{
    if (!view.you)
        return std::nullopt;
    const engine::YouView &you = *view.you;
    if (!m_initialized)
        return Key{Job::Init, Phase::Lobby, 0, 0};
    if (view.phase == Phase::Lobby) {
        const auto me = std::find_if(view.players.begin(), view.players.end(), [&](const auto &p) {
            return p.playerId == you.playerId;
        });
        return me == view.players.end() || me->ready
                   ? std::nullopt
                   : std::optional(Key{Job::Ready, Phase::Lobby, 0, 0});
    }
    if (!you.requiredAction || you.requiredAction->alreadySubmitted)
        return std::nullopt;
    const Match::RequiredAction &ra = *you.requiredAction;
    const int night = view.nightNumber;
    switch (ra.type) {
    case ActionType::HunterShoot: // the only thing the dead do
        return Key{Job::Hunter, view.phase, view.dayNumber, night};
    case ActionType::WolfKill:
        return Key{Job::Wolf, view.phase, night, 0};
    case ActionType::SeerInspect:
        return Key{Job::Seer, view.phase, night, 0};
    case ActionType::WitchAct:
        return Key{Job::Witch, view.phase, night, 0};
    case ActionType::SpeakOpening:
        return Key{Job::Speak, view.phase, view.dayNumber, 0};
    case ActionType::SpeakDiscussion:
        return Key{Job::Discuss, view.phase, view.dayNumber, 0};
    case ActionType::Vote:
        return Key{Job::Vote, view.phase, view.dayNumber, ra.pk ? 1 : 0};
    case ActionType::SpeakDefense:
        return Key{Job::Defend, view.phase, view.dayNumber, 0};
    // The push protocol has no request for the doctor: a push doctor protects no one.
    case ActionType::DoctorProtect:
    case ActionType::None:
        break;
    }
    return std::nullopt;
}

engine::SeatDriver::Step PushSeat::onTurn(const engine::StateView &view,
                                          const std::vector<const engine::Event *> &news,
                                          engine::TimeMs now)
{
    absorb(news);
    Step step;
    if (m_request || m_waiting || m_sending || m_ended)
        return step; // the agent or the tool has not answered yet
    const std::optional<Key> key = due(view);
    step.call = pending(key, view);
    if (step.call || m_request)
        return step;
    if (!key || m_done.count(*key))
        return step;
    m_done.insert(*key);
    if (key->job == Job::Ready) {
        m_sending = Decided{
            *key,
            {std::string(engine::toolName(engine::Tool::Ready)), {{"matchId", m_options.matchId}}},
            false};
        step.call = m_sending->call;
        return step;
    }
    post(*key, view, now);
    return step;
}

std::optional<engine::ToolCall> PushSeat::pending(const std::optional<Key> &key,
                                                  const engine::StateView &view)
{
    // A call decided earlier goes out only while its thing to do is still
    // due; otherwise the phase moved on without it.
    if (auto d = std::exchange(m_decided, std::nullopt); d && key == d->key) {
        m_sending = std::move(d);
        return m_sending->call;
    }
    if (auto a = std::exchange(m_answer, std::nullopt); a && key == a->key) {
        std::optional<engine::ToolCall> call;
        bool valid = false;
        if (a->result) {
            call = callFor(a->key, *a->result);
            valid = call.has_value();
            if (!valid)
                ++m_stats->malformed; // wrong types or an unknown action
        }
        if (!valid) {
            ++m_stats->defaults;
            // 1003 asks for a random choice; everything else is the default.
            call = a->errorCode == 1003 ? randomFor(a->key, view) : defaultFor(a->key);
        }
        notify();
        // An empty call is an abstention the agent chose: nothing to send.
        if (call && !call->tool.empty()) {
            m_sending = Decided{a->key, *call, valid};
            return call;
        }
        return std::nullopt;
    }
    if (auto r = std::exchange(m_retry, std::nullopt); r && key == r->first)
        post(r->first, view, 0, r->second);
    return std::nullopt;
}

void PushSeat::onResult(const engine::ToolCall &call,
                        bool ok,
                        std::optional<engine::ErrorCode> error)
{
    onAnswer(call, ok, error, nullptr);
}

void PushSeat::onAnswer(const engine::ToolCall &,
                        bool ok,
                        std::optional<engine::ErrorCode>,
                        const json &body)
{
    auto sent = std::exchange(m_sending, std::nullopt);
    if (!sent || ok || m_ended) {
        notify();
        return;
    }
    const json err = body.is_object() ? body.value("error", json::object()) : json::object();
    // A speech that came too soon after the last one: the same words go out
    // when the limit lifts (real time), if the phase still wants them.
    constexpr int MaxWaits = 4;
    if (err.is_object() && err.value("code", json()) == "RATE_LIMITED"
        && ++m_rateWaits[sent->key] <= MaxWaits) {
        const json after = err.value("retryAfterMs", json());
        const std::int64_t ms
            = after.is_number() ? std::clamp<std::int64_t>(after.get<std::int64_t>(), 50, 10'000)
                                : 1000;
        ++m_stats->rateWaits;
        m_waiting = true;
        QTimer::singleShot(std::chrono::milliseconds(ms + 20),
                           m_context.get(),
                           [this, d = std::move(*sent)]() mutable {
                               m_waiting = false;
                               m_decided = std::move(d);
                               wakeUp();
                           });
        notify();
        return;
    }
    ++m_stats->refused;
    // One more request with the reason; after that the default stands.
    if (sent->mayRetry && m_retried.insert(sent->key).second) {
        m_retry = {sent->key, err.value("message", err.dump())};
        wakeSoon();
    }
    notify();
}

void PushSeat::onEnded(const engine::StateView &view,
                       const std::vector<const engine::Event *> &news,
                       engine::TimeMs now)
{
    absorb(news);
    m_ended = true;
    m_answer.reset();
    m_decided.reset();
    m_retry.reset();
    m_sending.reset();
    if (m_request) {
        m_endView = view; // game_over follows the answer under way
        return;
    }
    post(Key{Job::GameOver, Phase::Ended, 0, 0}, view, now);
}

void PushSeat::post(const Key &key,
                    const engine::StateView &view,
                    engine::TimeMs now,
                    const std::optional<std::string> &lastError)
{
    json p = params(key, view, now);
    if (lastError)
        p["last_error"] = *lastError;
    send(key, p);
}

json PushSeat::params(const Key &key, const engine::StateView &view, engine::TimeMs now) const
{
    const Table t = tableFor(view, m_seen);
    const Match::RequiredAction ra = t.you.requiredAction.value_or(Match::RequiredAction{});
    switch (key.job) {
    case Job::Init:
        return initParams(t, m_options.rules);
    case Job::Wolf:
        return wolfParams(t, m_seen);
    case Job::Seer:
        return seerParams(t);
    case Job::Witch:
        return witchParams(t, m_seen, ra);
    case Job::Hunter:
        return hunterParams(t, m_seen);
    case Job::Speak:
    case Job::Discuss:
        return speechParams(t, key.job == Job::Speak, now);
    case Job::Vote:
        return voteParams(t, m_seen, ra, key.n != 0);
    case Job::Defend:
        return defenceParams(t, now);
    case Job::GameOver:
        return gameOverParams(t, m_seen);
    case Job::Ready:
    case Job::None:
        break;
    }
    return json::object();
}

void PushSeat::send(const Key &key, const json &params)
{
    static const std::map<Job, std::string> methods{{Job::Init, "initialize"},
                                                    {Job::Wolf, "werewolf_action"},
                                                    {Job::Seer, "seer_action"},
                                                    {Job::Witch, "witch_action"},
                                                    {Job::Hunter, "hunter_action"},
                                                    {Job::Speak, "discuss"},
                                                    {Job::Discuss, "discuss"},
                                                    {Job::Vote, "vote"},
                                                    {Job::Defend, "defend"},
                                                    {Job::GameOver, "game_over"}};
    const std::string &method = methods.at(key.job);
    m_request = key;
    const int id = ++m_nextId;
    ++m_stats->calls;
    ++m_stats->byMethod[method];
    const json body{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}};
    QList<QPair<QByteArray, QByteArray>> headers{{"Content-Type", "application/json"}};
    if (!m_options.endpoint.token.isEmpty())
        headers.append({"Authorization", "Bearer " + m_options.endpoint.token.toUtf8()});
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    // Read under a byte cap and seed 002 §2's deadline, which counts from
    // the call whatever the transfer does; no redirect is followed (the
    // token would go along).
    providers::postToPeer(
        m_options.endpoint.url,
        headers,
        QByteArray::fromStdString(body.dump()),
        PushEndpoint::MaxAnswerBytes,
        std::chrono::milliseconds(m_options.endpoint.deadlineMs),
        m_context.get(),
        [this, key, method, id, clock](providers::PeerResponse reply) {
            using Failure = providers::PeerResponse::Failure;
            if (reply.failure == Failure::TooLarge) {
                qCInfo(lcPush).noquote()
                    << QString::fromStdString(m_options.playerId) << method.c_str()
                    << "answer cut off:" << reply.failureText;
                ++m_stats->malformed;
                answered(key, std::nullopt, 0);
                return;
            }
            if (reply.failure == Failure::Timeout) {
                ++m_stats->timeouts;
                answered(key, std::nullopt, 0);
                return;
            }
            if (reply.failure != Failure::None) {
                ++m_stats->httpErrors;
                answered(key, std::nullopt, 0);
                return;
            }
            if (reply.status >= 300 && reply.status < 400) {
                const QString target
                    = m_options.endpoint.url.resolved(QUrl::fromEncoded(reply.header("Location")))
                          .toDisplayString(QUrl::RemoveUserInfo);
                qCWarning(lcPush).noquote()
                    << QString::fromStdString(m_options.playerId) << "the push agent redirected to"
                    << target
                    << (providers::crossOrigin(m_options.endpoint.url.toString(), target)
                            ? "; Town Hall does not send the token to another origin"
                            : "; Town Hall follows no redirects: put that address in the seat's "
                              "url");
                ++m_stats->httpErrors;
                answered(key, std::nullopt, 0);
                return;
            }
            const bool httpError = reply.status < 200 || reply.status > 299;
            const QByteArray &data = reply.body;
            // Measured before it is parsed: a value nested deeper would crash
            // whoever copies it (base/jsonlimits.h). It is malformed like any other.
            const bool tooDeep = !base::jsonDepthWithin(
                std::string_view(data.constData(), std::size_t(data.size())));
            const json j = tooDeep
                               ? json(json::value_t::discarded)
                               : json::parse(data.constBegin(), data.constEnd(), nullptr, false);
            if (httpError) {
                // A JSON-RPC error object may come with a non-2xx status; read it below.
                if (!(j.is_object() && j.contains("error"))) {
                    ++m_stats->httpErrors;
                    answered(key, std::nullopt, 0);
                    return;
                }
            }
            if (!j.is_object() || j.value("jsonrpc", json()) != "2.0"
                || j.value("id", json()) != json(id)
                || (!j.contains("result") && !j.contains("error"))) {
                // An error object without an id is still the agent's answer (seed 002 §5.2 shows
                // none).
                if (j.is_object() && j.contains("error") && j["error"].is_object()
                    && !j.contains("result")
                    && (!j.contains("id") || j["id"].is_null() || j["id"] == json(id))) {
                    // fall through to the error handling below
                } else {
                    ++m_stats->malformed;
                    answered(key, std::nullopt, 0);
                    return;
                }
            }
            if (j.contains("error")) {
                const json &e = j["error"];
                const int code = e.is_object() && e.value("code", json()).is_number_integer()
                                     ? e["code"].get<int>()
                                     : -1;
                ++m_stats->agentErrors[code];
                answered(key, std::nullopt, code);
                return;
            }
            if (!j["result"].is_object()) {
                ++m_stats->malformed;
                answered(key, std::nullopt, 0);
                return;
            }
            ++m_stats->answered;
            m_stats->latencyMs += clock->elapsed();
            answered(key, j["result"], 0);
        });
    notify();
}

void PushSeat::answered(const Key &key, std::optional<json> result, int errorCode)
{
    m_request.reset();
    switch (key.job) {
    case Job::Init:
        m_initialized = true;
        break;
    case Job::GameOver:
        m_finished = true;
        break;
    default:
        m_answer = Answer{key, std::move(result), errorCode};
        break;
    }
    if (m_ended && !m_finished && key.job != Job::GameOver) {
        // The match ended while this request was under way: say goodbye now.
        m_answer.reset();
        const engine::StateView view = m_endView.value_or(engine::StateView{});
        post(Key{Job::GameOver, Phase::Ended, 0, 0}, view, view.phaseEndsAt);
    }
    notify();
    wakeUp();
}

std::optional<engine::ToolCall> PushSeat::callFor(const Key &key, const json &r) const
{
    const auto target = [&r](const char *field) -> std::optional<json> {
        const json t = r.value(field, json());
        if (t.is_null())
            return json();
        if (t.is_number_integer())
            return json("p:" + std::to_string(t.get<int>()));
        if (t.is_string() && !t.get<std::string>().empty()
            && std::all_of(t.get<std::string>().begin(), t.get<std::string>().end(), ::isdigit))
            return json("p:" + t.get<std::string>());
        return std::nullopt; // wrong type
    };
    // What the agent wrote goes into the match and the store: never its token.
    const auto text = [&r, this](const char *field) -> std::optional<std::string> {
        const json t = r.value(field, json());
        if (!t.is_string())
            return std::nullopt;
        return providers::redactSecret(QString::fromStdString(t.get<std::string>()),
                                       m_options.endpoint.token)
            .toStdString();
    };
    const std::string action
        = r.value("action", json()).is_string() ? r["action"].get<std::string>() : "";
    const json matchId = m_options.matchId;
    using engine::Tool;
    const auto tool = [](Tool t) {
        return std::string(engine::toolName(t));
    };
    switch (key.job) {
    case Job::Wolf:
    case Job::Seer: {
        const auto t = target("target_id");
        if (!t)
            return std::nullopt;
        if (action == "abstain" || t->is_null())
            return engine::ToolCall{}; // an abstention: nothing to send
        if (action != (key.job == Job::Wolf ? "kill" : "check"))
            return std::nullopt;
        return engine::ToolCall{tool(key.job == Job::Wolf ? Tool::WolfKill : Tool::SeerInspect),
                                {{"matchId", matchId}, {"targetPlayerId", *t}}};
    }
    case Job::Witch: {
        const auto t = target("target_id");
        if (!t)
            return std::nullopt;
        if (action == "abstain" || action == "pass")
            return engine::ToolCall{tool(Tool::WitchAct),
                                    {{"matchId", matchId}, {"action", "PASS"}}};
        if (action == "save") {
            json a{{"matchId", matchId}, {"action", "SAVE"}};
            if (!t->is_null())
                a["targetPlayerId"] = *t;
            return engine::ToolCall{tool(Tool::WitchAct), a};
        }
        if (action == "poison" && !t->is_null())
            return engine::ToolCall{
                tool(Tool::WitchAct),
                {{"matchId", matchId}, {"action", "POISON"}, {"targetPlayerId", *t}}};
        return std::nullopt;
    }
    case Job::Hunter: {
        const auto t = target("target_id");
        if (!t)
            return std::nullopt;
        if (action == "abstain" || (action == "shoot" && t->is_null()))
            return engine::ToolCall{tool(Tool::HunterShoot),
                                    {{"matchId", matchId}, {"targetPlayerId", nullptr}}};
        if (action != "shoot")
            return std::nullopt;
        return engine::ToolCall{tool(Tool::HunterShoot),
                                {{"matchId", matchId}, {"targetPlayerId", *t}}};
    }
    case Job::Speak:
    case Job::Discuss:
    case Job::Defend: {
        const auto said = text(key.job == Job::Defend ? "defense" : "speech");
        if (!said)
            return std::nullopt;
        if (said->empty())
            return engine::ToolCall{}; // a skipped speech
        return engine::ToolCall{tool(Tool::SayPublic),
                                {{"matchId", matchId},
                                 {"text", *said},
                                 {"kind",
                                  key.job == Job::Speak    ? "OPENING"
                                  : key.job == Job::Defend ? "DEFENSE"
                                                           : "DISCUSSION"}}};
    }
    case Job::Vote: {
        const auto t = target("vote_target");
        if (!t)
            return std::nullopt;
        json a{{"matchId", matchId}, {"targetPlayerId", *t}};
        if (auto why = text("reasoning"))
            a["reason"] = why->substr(0, 200);
        return engine::ToolCall{tool(Tool::Vote), a};
    }
    default:
        break;
    }
    return std::nullopt;
}

std::optional<engine::ToolCall> PushSeat::defaultFor(const Key &key) const
{
    using engine::Tool;
    const json matchId = m_options.matchId;
    // Seed 002 §5.1: wolves and the seer do nothing, the witch keeps her
    // potions, a vote abstains, a speech is skipped. Where the engine has a
    // tool for "nothing", it is sent so the phase need not run out.
    switch (key.job) {
    case Job::Witch:
        return engine::ToolCall{std::string(engine::toolName(Tool::WitchAct)),
                                {{"matchId", matchId}, {"action", "PASS"}}};
    case Job::Hunter:
        return engine::ToolCall{std::string(engine::toolName(Tool::HunterShoot)),
                                {{"matchId", matchId}, {"targetPlayerId", nullptr}}};
    case Job::Vote:
        return engine::ToolCall{std::string(engine::toolName(Tool::Vote)),
                                {{"matchId", matchId}, {"targetPlayerId", nullptr}}};
    default:
        break;
    }
    return std::nullopt;
}

std::optional<engine::ToolCall> PushSeat::randomFor(const Key &key, const engine::StateView &view)
{
    if (!view.you || !view.you->requiredAction || view.you->requiredAction->allowedTargets.empty())
        return defaultFor(key);
    const std::vector<std::string> &targets = view.you->requiredAction->allowedTargets;
    const std::string t = targets[m_rng.below(static_cast<std::uint32_t>(targets.size()))];
    using engine::Tool;
    const json matchId = m_options.matchId;
    const auto tool = [](Tool x) {
        return std::string(engine::toolName(x));
    };
    switch (key.job) {
    case Job::Wolf:
        return engine::ToolCall{tool(Tool::WolfKill),
                                {{"matchId", matchId}, {"targetPlayerId", t}}};
    case Job::Seer:
        return engine::ToolCall{tool(Tool::SeerInspect),
                                {{"matchId", matchId}, {"targetPlayerId", t}}};
    case Job::Vote:
        return engine::ToolCall{tool(Tool::Vote), {{"matchId", matchId}, {"targetPlayerId", t}}};
    case Job::Hunter:
        return engine::ToolCall{tool(Tool::HunterShoot),
                                {{"matchId", matchId}, {"targetPlayerId", t}}};
    // A random potion is no help to anyone: the witch passes.
    default:
        break;
    }
    return defaultFor(key);
}

} // namespace townhall::host
