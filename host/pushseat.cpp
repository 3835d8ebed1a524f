// SPDX-License-Identifier: MIT
#include "host/pushseat.h"

#include "base/jsonlimits.h"
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

std::string roleName(Role r)
{
    switch (r) {
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
    case Role::Villager:
        break;
    }
    return "villager";
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
    std::string s(engine::toString(p));
    std::transform(
        s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
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

PushSeat::PushSeat(PushSeatOptions options, MatchLookup match, Send send, QNetworkAccessManager *)
    : m_options(std::move(options))
    , m_match(std::move(match))
    , m_send(std::move(send))
    , m_context(std::make_unique<QObject>())
    , m_rng(m_options.seed)
{}

PushSeat::~PushSeat() = default;

void PushSeat::notify() const
{
    if (m_options.changed)
        m_options.changed();
}

std::optional<PushSeat::Key> PushSeat::due(const Match &m) const
{
    const auto &s = m.state();
    const Player *me = m.player(m_options.playerId);
    if (!me)
        return std::nullopt;
    if (!m_initialized)
        return Key{Job::Init, Phase::Lobby, 0, 0};
    if (m.ended())
        return Key{Job::GameOver, Phase::Ended, 0, 0};
    if (s.phase == Phase::Lobby)
        return me->ready ? std::nullopt : std::optional(Key{Job::Ready, Phase::Lobby, 0, 0});
    // The dead hunter's shot is the only thing the dead do.
    if (s.phase == Phase::HunterShot)
        return s.hunterPending == me->playerId
                   ? std::optional(Key{Job::Hunter, s.phase, s.dayNumber, s.nightNumber})
                   : std::nullopt;
    if (!me->alive)
        return std::nullopt;
    const Match::RequiredAction ra = m.requiredAction(me->playerId);
    if (ra.alreadySubmitted)
        return std::nullopt;
    switch (ra.type) {
    case ActionType::WolfKill:
        return Key{Job::Wolf, s.phase, s.nightNumber, 0};
    case ActionType::SeerInspect:
        return Key{Job::Seer, s.phase, s.nightNumber, 0};
    case ActionType::WitchAct:
        return Key{Job::Witch, s.phase, s.nightNumber, 0};
    case ActionType::SpeakOpening:
        return Key{Job::Speak, s.phase, s.dayNumber, 0};
    case ActionType::SpeakDiscussion:
        return Key{Job::Discuss, s.phase, s.dayNumber, 0};
    case ActionType::Vote:
        return Key{Job::Vote, s.phase, s.dayNumber, ra.pk ? 1 : 0};
    case ActionType::SpeakDefense:
        return Key{Job::Defend, s.phase, s.dayNumber, 0};
    // Seed 002 has no function for the doctor: a push doctor protects no one.
    case ActionType::DoctorProtect:
    case ActionType::HunterShoot:
    case ActionType::None:
        break;
    }
    if (s.phase == Phase::DayDiscussion && !me->spokeDiscussion)
        return Key{Job::Discuss, s.phase, s.dayNumber, 0};
    return std::nullopt;
}

bool PushSeat::stillDue(const Key &key) const
{
    const Match *m = m_match();
    if (!m)
        return false;
    const auto now = due(*m);
    return now && *now == key;
}

void PushSeat::update()
{
    if (m_busy || m_finished)
        return;
    const Match *m = m_match();
    if (!m)
        return;
    const auto key = due(*m);
    if (!key || m_done.count(*key))
        return;
    m_done[*key] = true;
    if (key->job == Job::Ready) {
        sendTool(
            *key,
            {std::string(engine::toolName(engine::Tool::Ready)), {{"matchId", m_options.matchId}}},
            false);
        return;
    }
    start(*key, *m);
}

json PushSeat::params(const Key &key, const Match &m) const
{
    const auto &s = m.state();
    const Player &me = *m.player(m_options.playerId);
    const bool wolf = me.role == Role::Werewolf;
    const auto playerJson = [&](const Player &p) {
        json j{{"player_id", p.seat}, {"name", p.displayName}, {"is_alive", p.alive}};
        if (p.playerId == me.playerId || p.revealed || m.ended()
            || (wolf && p.role == Role::Werewolf))
            j["role"] = roleName(p.role);
        return j;
    };
    json alive = json::array(), dead = json::array();
    for (const Player &p : s.players)
        (p.alive ? alive : dead).push_back(playerJson(p));

    // The public events, with the day and phase each happened in.
    json history = json::array();
    json publicSpeeches = json::array();
    json lastNight = json::array();
    int day = 0;
    std::string phase = "lobby";
    for (const engine::Event &e : m.log()) {
        if (e.audience != engine::Audience::Public)
            continue;
        if (e.type == engine::EventType::PhaseChanged) {
            phase = phaseName(
                engine::parsePhase(e.payload.value("to", std::string())).value_or(Phase::Lobby));
            day = e.payload.value("dayNumber", day);
        }
        if (!historyEvent(e.type))
            continue;
        json ev{{"event_type", std::string(engine::toString(e.type))},
                {"day", day},
                {"phase", phase},
                {"data", seatsOnWire(e.payload)}};
        if (e.type == engine::EventType::PublicMessage && day == s.dayNumber)
            publicSpeeches.push_back(
                json{{"player_id", seatOf(e.payload.value("playerId", std::string()))},
                     {"content", e.payload.value("text", std::string())},
                     {"round", e.payload.value("kind", std::string()) == "OPENING" ? 1 : 2}});
        if (day == s.dayNumber
            && (e.type == engine::EventType::NightResult
                || (e.type == engine::EventType::PlayerEliminated && phase == "day_announce")
                || (e.type == engine::EventType::HunterShot && phase != "day_vote")))
            lastNight.push_back(ev);
        history.push_back(std::move(ev));
    }
    // player_id: whose request this is, for an agent that plays several seats on one URL.
    const json gameState{{"player_id", me.seat},
                         {"day_number", s.dayNumber},
                         {"phase", phaseName(s.phase)},
                         {"alive_players", alive},
                         {"dead_players", dead},
                         {"history", history}};

    const Match::RequiredAction ra = m.requiredAction(me.playerId);
    switch (key.job) {
    case Job::Init: {
        json all = json::array();
        for (const Player &p : s.players)
            all.push_back(json{{"player_id", p.seat}, {"name", p.displayName}});
        const engine::RuleSet &rules = s.config.rules;
        json roles = json::array();
        for (Role r :
             {Role::Werewolf, Role::Seer, Role::Doctor, Role::Witch, Role::Hunter, Role::Villager})
            if (rules.hasRole(r))
                roles.push_back(roleName(r));
        json p{{"player_id", me.seat},
               {"role", roleName(me.role)},
               {"role_description", roleDescription(me.role, rules.language)},
               {"all_players", all},
               {"game_config",
                {{"roles", roles},
                 {"wolf_count", rules.werewolves},
                 {"max_days", rules.maxDays},
                 {"language", rules.language},
                 {"rule_set", rules.name}}}};
        if (wolf) {
            json mates = json::array();
            for (const Player &o : s.players)
                if (o.role == Role::Werewolf && o.playerId != me.playerId)
                    mates.push_back(o.seat);
            p["teammates"] = mates;
        }
        return p;
    }
    case Job::Wolf: {
        json mates = json::array();
        for (const Player &o : s.players)
            if (o.alive && o.role == Role::Werewolf && o.playerId != me.playerId)
                mates.push_back(playerJson(o));
        // Earlier nights' kills, from the wolves' own selections.
        std::map<std::pair<int, int>, json> votes; // (night, target) → voters
        for (const engine::Event &e : m.log())
            if (e.type == engine::EventType::WolfKillSelected) {
                const int night = e.payload.value("night", 0);
                auto &v = votes[{night, seatOf(e.payload.value("targetPlayerId", std::string()))}];
                if (!v.is_array())
                    v = json::array();
                v.push_back(seatOf(e.payload.value("byPlayerId", std::string())));
            }
        json previous = json::array();
        for (const auto &[k, voters] : votes)
            previous.push_back(
                json{{"night", k.first}, {"target_id", k.second}, {"voted_by", voters}});
        return json{{"game_state", gameState},
                    {"night_number", s.nightNumber},
                    {"alive_players", alive},
                    {"teammates", mates},
                    {"previous_votes", previous}};
    }
    case Job::Seer: {
        json checks = json::array();
        for (const engine::SeerRecord &r : s.seerHistory)
            checks.push_back(json{{"night", r.night},
                                  {"target_id", seatOf(r.targetPlayerId)},
                                  {"role", r.werewolf ? "werewolf" : "good"}});
        return json{{"game_state", gameState},
                    {"night_number", s.nightNumber},
                    {"alive_players", alive},
                    {"previous_checks", checks}};
    }
    case Job::Witch: {
        json previous = json::array();
        for (const engine::Event &e : m.log())
            if (e.type == engine::EventType::WitchActed && e.audiencePlayerId == me.playerId) {
                std::string a = e.payload.value("action", std::string("PASS"));
                previous.push_back(
                    json{{"night", e.payload.value("night", 0)},
                         {"action",
                          a == "SAVE"     ? "save"
                          : a == "POISON" ? "poison"
                                          : "abstain"},
                         {"target_id", seatsOnWire(e.payload.value("targetPlayerId", json()))}});
            }
        return json{
            {"game_state", gameState},
            {"night_number", s.nightNumber},
            {"alive_players", alive},
            {"poison_available", ra.poison},
            {"antidote_available", ra.antidote},
            {"killed_player_id", ra.killedPlayerId ? json(seatOf(*ra.killedPlayerId)) : json()},
            {"previous_actions", previous}};
    }
    case Job::Hunter: {
        const bool voted = me.deathCause == "VOTE";
        json p{{"game_state", gameState},
               {"cause", voted ? "vote" : "kill"},
               {"alive_players", alive}};
        // No single player is traceable: a night death is the wolves' (or the
        // witch's) secret, and a vote is many players'. The voters are
        // public, so they come along.
        // The voters of the vote that put him out: each voter's last ballot
        // in the round whose result eliminated him (the PK revote if there
        // was one), not every vote ever cast against him.
        json voters = json::array();
        if (voted) {
            std::map<int, std::string> ballots; // seat → target, this round
            for (const engine::Event &e : m.log()) {
                if (e.type == engine::EventType::VoteCast) {
                    const json t = e.payload.value("targetPlayerId", json());
                    ballots[seatOf(e.payload.value("voterPlayerId", std::string()))]
                        = t.is_string() ? t.get<std::string>() : std::string();
                } else if (e.type == engine::EventType::VoteResult) {
                    if (e.payload.value("eliminatedPlayerId", json()) == json(me.playerId)) {
                        voters = json::array();
                        for (const auto &[seat, target] : ballots)
                            if (target == me.playerId)
                                voters.push_back(seat);
                    }
                    ballots.clear();
                }
            }
        }
        json killedBy;
        if (voters.size() == 1)
            killedBy = voters[0];
        p["voted_by"] = voters;
        p["killed_by"] = killedBy;
        return p;
    }
    case Job::Speak:
    case Job::Discuss: {
        int order = 0;
        for (std::size_t i = 0; i < s.openingOrder.size(); ++i)
            if (s.openingOrder[i] == me.playerId)
                order = int(i) + 1;
        const engine::TimeMs now = m_options.clock ? m_options.clock() : s.phaseStartedAt;
        const engine::TimeMs ends = key.job == Job::Speak ? s.turnEndsAt : s.phaseEndsAt;
        return json{{"game_state", gameState},
                    {"day_number", s.dayNumber},
                    {"speech_order", order},
                    {"previous_speeches", publicSpeeches},
                    {"last_night_events", lastNight},
                    {"remaining_time", std::max<engine::TimeMs>(0, (ends - now) / 1000)},
                    {"kind", key.job == Job::Speak ? "opening" : "discussion"}};
    }
    case Job::Vote: {
        json candidates = json::array();
        for (const std::string &t : ra.allowedTargets)
            candidates.push_back(seatOf(t));
        json previous = json::array();
        for (const engine::Event &e : m.log())
            if (e.type == engine::EventType::VoteResult)
                previous.push_back(
                    json{{"day", e.payload.value("day", 0)},
                         {"votes", seatsOnWire(e.payload.value("tally", json::object()))}});
        std::string summary;
        for (const json &sp : publicSpeeches)
            summary += std::to_string(sp["player_id"].get<int>()) + ": "
                       + sp["content"].get<std::string>() + "\n";
        return json{{"game_state", gameState},
                    {"day_number", s.dayNumber},
                    {"alive_players", alive},
                    {"discussion_summary", summary},
                    {"previous_votes", previous},
                    {"vote_type", key.n ? "pk" : "elimination"},
                    {"candidates", candidates}};
    }
    case Job::Defend: {
        // Today's public speeches that name this player (by seat or display name).
        json accusations = json::array();
        const std::string seatText = std::to_string(me.seat);
        for (const json &sp : publicSpeeches) {
            const std::string content = sp["content"].get<std::string>();
            if (sp["player_id"] == me.seat)
                continue;
            const bool named = content.find(me.displayName) != std::string::npos
                               || content.find("#" + seatText) != std::string::npos
                               || content.find("seat " + seatText) != std::string::npos
                               || content.find(seatText + "号") != std::string::npos;
            if (named)
                accusations.push_back(json{{"accuser_id", sp["player_id"]},
                                           {"content", content},
                                           {"evidence", json::array()}});
        }
        const engine::TimeMs now = m_options.clock ? m_options.clock() : s.phaseStartedAt;
        return json{{"game_state", gameState},
                    {"accusations", accusations},
                    {"time_limit", std::max<engine::TimeMs>(0, (s.turnEndsAt - now) / 1000)}};
    }
    case Job::GameOver: {
        json winners = json::array(), reveal = json::array();
        for (const Player &p : s.players) {
            if (s.winner && engine::teamOf(p.role) == *s.winner)
                winners.push_back(p.seat);
            reveal.push_back(json{{"player_id", p.seat}, {"role", roleName(p.role)}});
        }
        return json{{"winner",
                     !s.winner                               ? "none"
                     : *s.winner == engine::Team::Werewolves ? "werewolves"
                                                             : "villagers"},
                    {"winning_players", winners},
                    {"final_state", gameState},
                    {"role_reveal", reveal},
                    {"performance_stats", json::object()}};
    }
    case Job::Ready:
    case Job::None:
        break;
    }
    return json::object();
}

void PushSeat::start(const Key &key, const Match &m, const std::optional<QString> &lastError)
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
    json p = params(key, m);
    if (lastError)
        p["last_error"] = lastError->toStdString();
    post(key, methods.at(key.job), std::move(p));
}

void PushSeat::post(const Key &key, const std::string &method, json params)
{
    m_busy = true;
    const int id = ++m_nextId;
    ++m_stats->calls;
    ++m_stats->byMethod[method];
    const json body{
        {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
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
                answered(key, method, std::nullopt, 0);
                return;
            }
            if (reply.failure == Failure::Timeout) {
                ++m_stats->timeouts;
                answered(key, method, std::nullopt, 0);
                return;
            }
            if (reply.failure != Failure::None) {
                ++m_stats->httpErrors;
                answered(key, method, std::nullopt, 0);
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
                answered(key, method, std::nullopt, 0);
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
                    answered(key, method, std::nullopt, 0);
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
                    answered(key, method, std::nullopt, 0);
                    return;
                }
            }
            if (j.contains("error")) {
                const json &e = j["error"];
                const int code = e.is_object() && e.value("code", json()).is_number_integer()
                                     ? e["code"].get<int>()
                                     : -1;
                ++m_stats->agentErrors[code];
                answered(key, method, std::nullopt, code);
                return;
            }
            if (!j["result"].is_object()) {
                ++m_stats->malformed;
                answered(key, method, std::nullopt, 0);
                return;
            }
            ++m_stats->answered;
            m_stats->latencyMs += clock->elapsed();
            answered(key, method, j["result"], 0);
        });
    notify();
}

void PushSeat::answered(const Key &key,
                        const std::string &method,
                        std::optional<json> result,
                        int errorCode)
{
    (void)method;
    if (key.job == Job::Init)
        m_initialized = true;
    if (key.job == Job::GameOver || key.job == Job::Init) {
        finish(key);
        return;
    }
    if (!stillDue(key)) {
        finish(key);
        return;
    }
    std::optional<engine::ToolCall> call;
    bool valid = false;
    if (result) {
        call = callFor(key, *result);
        valid = call.has_value();
        if (!valid) {
            // Wrong types or an unknown action: like a malformed answer.
            ++m_stats->malformed;
        }
    }
    if (!valid) {
        ++m_stats->defaults;
        // §5.3: 1003 asks for a random choice; everything else is the default.
        call = errorCode == 1003 ? randomFor(key) : defaultFor(key);
    }
    // An empty call is an abstention the agent chose: nothing to send.
    if (!call || call->tool.empty()) {
        finish(key);
        return;
    }
    sendTool(key, *call, valid);
}

void PushSeat::sendTool(const Key &key, const engine::ToolCall &call, bool mayRetry)
{
    m_busy = true;
    QPointer<QObject> alive(m_context.get());
    m_send(call, [this, alive, key, call, mayRetry](bool ok, const json &body) {
        if (!alive)
            return;
        if (!ok) {
            const json err = body.value("error", json::object());
            // A speech that came too soon after the last one: the same words
            // go out when the limit lifts, if the phase still wants them.
            if (resendAfterRateLimit(key, call, mayRetry, err))
                return;
            ++m_stats->refused;
            const Match *m = m_match();
            // One more try with the reason; after that the default stands.
            if (mayRetry && m && stillDue(key) && m_retried.insert(key).second) {
                start(key, *m, QString::fromStdString(err.value("message", err.dump())));
                return;
            }
        }
        finish(key);
    });
}

bool PushSeat::resendAfterRateLimit(const Key &key,
                                    const engine::ToolCall &call,
                                    bool mayRetry,
                                    const json &error)
{
    constexpr int MaxWaits = 4;
    if (!error.is_object() || error.value("code", json()) != "RATE_LIMITED" || !stillDue(key)
        || ++m_rateWaits[key] > MaxWaits)
        return false;
    const json after = error.value("retryAfterMs", json());
    const std::int64_t ms = after.is_number()
                                ? std::clamp<std::int64_t>(after.get<std::int64_t>(), 50, 10'000)
                                : 1000;
    ++m_stats->rateWaits;
    QTimer::singleShot(
        std::chrono::milliseconds(ms + 20), m_context.get(), [this, key, call, mayRetry] {
            if (stillDue(key))
                sendTool(key, call, mayRetry);
            else
                finish(key);
        });
    return true;
}

void PushSeat::finish(const Key &key)
{
    m_busy = false;
    if (key.job == Job::GameOver)
        m_finished = true;
    notify();
    update();
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

std::optional<engine::ToolCall> PushSeat::randomFor(const Key &key)
{
    const Match *m = m_match();
    if (!m)
        return std::nullopt;
    const Match::RequiredAction ra = m->requiredAction(m_options.playerId);
    if (ra.allowedTargets.empty())
        return defaultFor(key);
    const std::string t
        = ra.allowedTargets[m_rng.below(static_cast<std::uint32_t>(ra.allowedTargets.size()))];
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
