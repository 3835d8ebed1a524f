// SPDX-License-Identifier: MIT
#include "match.h"

#include "narrator.h"
#include "payloads.h"
#include "rng.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace townhall::engine {

namespace {

constexpr std::uint64_t SaltRoles = 1;
constexpr std::uint64_t SaltKill = 2;

std::string playerIdForSeat(int seat)
{
    return "p:" + std::to_string(seat);
}

/// A view of an optional string (payload structs hold views).
std::optional<std::string_view> view(const std::optional<std::string> &s)
{
    return s ? std::optional<std::string_view>(*s) : std::nullopt;
}

} // namespace

// ---------------------------------------------------------------- config

std::int64_t MatchConfig::scaled(std::int64_t ms) const
{
    const double s = speed > 0 ? speed : 1.0;
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::llround(ms / s)));
}

json MatchConfig::toJson() const
{
    json j{{"timers",
            {{"lobby", timers.lobby},
             {"night", timers.night},
             {"dayAnnounce", timers.dayAnnounce},
             {"openingTurn", timers.openingTurn},
             {"dayDiscussion", timers.dayDiscussion},
             {"dayVote", timers.dayVote},
             {"dayResolution", timers.dayResolution}}},
           {"speed", speed},
           {"publicChatIntervalMs", publicChatIntervalMs},
           {"wolfChatIntervalMs", wolfChatIntervalMs},
           {"rateLimits", rateLimits},
           {"narrator", narrator}};
    if (!rules.isClassic())
        j["rules"] = rules.toJson();
    return j;
}

MatchConfig MatchConfig::fromJson(const json &j)
{
    auto c = decodeMatchConfig(j);
    return c ? std::move(c).value() : MatchConfig();
}

// ---------------------------------------------------------------- creation and replay

Match Match::create(std::string matchId,
                    std::string buildingInstanceId,
                    int matchNumber,
                    std::uint64_t seed,
                    const std::vector<SeatAssignment> &seats,
                    MatchConfig config,
                    TimeMs now)
{
    Match m;

    std::vector<std::string> ids;
    for (std::size_t i = 0; i < seats.size(); ++i)
        ids.push_back(playerIdForSeat(static_cast<int>(i) + 1));
    payload::MatchCreated created;
    created.matchId = matchId;
    created.buildingInstanceId = buildingInstanceId;
    created.matchNumber = matchNumber;
    created.config = config;
    for (std::size_t i = 0; i < seats.size(); ++i)
        created.players.push_back(
            {ids[i], seats[i].agentId, seats[i].displayName, static_cast<int>(i) + 1});
    m.m_state.matchId = matchId; // makeEvent needs it before MATCH_CREATED is applied
    m.append(now, Audience::Public, created);

    // Roles: the rule set's deck (classic: 2W / 1S / 1D / 4V), shuffled by
    // the match's own seed, so a replay deals the same roles.
    std::vector<Role> roles = m.m_state.config.rules.deck();
    roles.resize(seats.size(), Role::Villager);
    if (config.deal.size() == roles.size()
        && std::is_permutation(config.deal.begin(), config.deal.end(), roles.begin())) {
        roles = config.deal;
    } else {
        Rng rng = Rng::forDecision(seed, 0, SaltRoles);
        rng.shuffle(roles);
    }
    payload::RolesAssigned assigned;
    assigned.seed = seed;
    payload::Names wolves;
    for (std::size_t i = 0; i < roles.size(); ++i) {
        assigned.roles.emplace_back(ids[i], roles[i]);
        if (roles[i] == Role::Werewolf)
            wolves.push_back(ids[i]);
    }
    m.append(now, Audience::Host, assigned);
    for (std::size_t i = 0; i < roles.size(); ++i) {
        payload::RoleCard card;
        card.role = roles[i];
        if (roles[i] == Role::Werewolf)
            card.knownWolves = wolves;
        m.append(now, Audience::Player, card, ids[i]);
    }
    m.enterPhase(Phase::Lobby, now);
    m.narrateAppended();
    return m;
}

Expected<Match> Match::fromLog(const std::vector<Event> &log)
{
    if (log.empty())
        return makeError(ErrorCode::InvalidArgument, "the log holds no events");
    Match m;
    m.m_log.reserve(log.size());
    for (const Event &e : log) {
        auto applied = m.tryApply(e);
        if (!applied)
            return std::move(applied).error();
    }
    return m;
}

std::optional<Match> Match::replay(const std::vector<Event> &log, std::string *why)
{
    auto m = fromLog(log);
    if (!m) {
        if (why)
            *why = m.error().message;
        return std::nullopt;
    }
    return std::move(m).value();
}

// ---------------------------------------------------------------- event plumbing
//
// The rules decide and append; narration is not theirs. The Town Crier's
// lines follow from the events alone (narrate(): the state right after an
// event, and the event), so they are a step of their own, narrateAppended(),
// which the command path (create, submit, tick, the host controls) runs
// once the rules have appended. A line takes the seq right after its cause,
// and the rules' own seqs, and the night's kill drawn by seq, count those
// lines: so narration is also caught up before any new seq is handed out
// (nextSeq()), which puts every line where it always was. One pass after a
// whole command could not: the rules would have drawn the kill and numbered
// their events without the lines, and a line would see the state after the
// command, not after its cause.

Event Match::makeEvent(
    TimeMs at, EventType type, Audience audience, json payload, std::string audiencePlayer)
{
    Event e;
    e.seq = nextSeq();
    e.matchId = m_state.matchId;
    e.eventId = makeEventId(e.matchId, e.seq);
    // Time never runs backwards inside a log, whatever the caller's clock did.
    e.at = m_log.empty() ? at : std::max(at, m_log.back().at);
    e.type = type;
    e.audience = audience;
    e.audiencePlayerId = std::move(audiencePlayer);
    e.payload = std::move(payload);
    return e;
}

template<typename P>
void Match::append(TimeMs at, Audience audience, const P &payload, std::string audiencePlayer)
{
    // encode() reads the payload's views before makeEvent() may append narration.
    commit(makeEvent(at, eventTypeOf<P>(), audience, encode(payload), std::move(audiencePlayer)));
}

std::vector<Event> Match::tail(std::size_t from) const
{
    return std::vector<Event>(m_log.begin() + static_cast<std::ptrdiff_t>(from), m_log.end());
}

std::uint64_t Match::nextSeq()
{
    narrateAppended();
    return m_state.lastSeq + 1;
}

void Match::narrateAppended()
{
    while (m_narrated < m_log.size()) {
        const std::size_t cause = m_narrated++;
        if (m_state.config.narrator && m_log[cause].type != EventType::Narrator)
            appendNarrationOf(cause);
    }
}

void Match::appendNarrationOf(std::size_t cause)
{
    // The state is the one right after the cause: nothing was folded since.
    // The log may reallocate while we append: address the cause by index.
    const std::vector<NarratorLine> lines = engine::narrate(m_state, m_log[cause]);
    for (const NarratorLine &line : lines) {
        payload::Narrator p;
        p.templateId = line.templateId;
        p.args.value = &line.args;
        p.text = line.text;
        p.causeEventId = m_log[cause].eventId;
        append(m_log[cause].at, line.omniscient ? Audience::Host : Audience::Public, p);
    }
}

Player *Match::mutablePlayer(const std::string &playerId)
{
    for (Player &p : m_state.players)
        if (p.playerId == playerId)
            return &p;
    return nullptr;
}

const Player *Match::player(const std::string &playerId) const
{
    for (const Player &p : m_state.players)
        if (p.playerId == playerId)
            return &p;
    return nullptr;
}

const Player *Match::playerByAgent(const std::string &agentId) const
{
    for (const Player &p : m_state.players)
        if (p.agentId == agentId)
            return &p;
    return nullptr;
}

int Match::aliveCount() const
{
    return static_cast<int>(std::count_if(
        m_state.players.begin(), m_state.players.end(), [](const Player &p) { return p.alive; }));
}

int Match::aliveWolves() const
{
    return static_cast<int>(
        std::count_if(m_state.players.begin(), m_state.players.end(), [](const Player &p) {
            return p.alive && p.role == Role::Werewolf;
        }));
}

// ---------------------------------------------------------------- the reducer
//
// One fold() per event type, over its decoded payload (payloads.h). The few
// types the state can contradict also have a check(), which runs before any
// fold, so a refused event leaves the match exactly as it was.

namespace {

Player *playerIn(MatchState &s, std::string_view playerId)
{
    for (Player &p : s.players)
        if (p.playerId == playerId)
            return &p;
    return nullptr;
}

void countMissed(MatchState &s, const std::vector<std::string_view> &playerIds)
{
    for (std::string_view id : playerIds) {
        if (Player *x = playerIn(s, id)) {
            ++x->missedDeadlines;
            ++x->consecutiveTimeouts;
        }
    }
}

template<typename P>
Expected<void> check(const MatchState &, const Event &, const P &)
{
    return {};
}

Expected<void> check(const MatchState &s, const Event &e, const payload::RolesAssigned &p)
{
    for (const Player &x : s.players) {
        const bool listed = std::any_of(
            p.roles.begin(), p.roles.end(), [&x](const auto &r) { return r.first == x.playerId; });
        if (!listed)
            return makeError(ErrorCode::InvalidArgument,
                             "event " + e.eventId + " (ROLES_ASSIGNED): no role for " + x.playerId);
    }
    return {};
}

void fold(MatchState &s, const Event &e, const payload::MatchCreated &p)
{
    s.matchId = p.matchId;
    s.buildingInstanceId = p.buildingInstanceId;
    s.matchNumber = p.matchNumber;
    s.config = p.config;
    s.createdAt = e.at;
    s.players.clear();
    s.players.reserve(p.players.size());
    for (const payload::Seat &seat : p.players) {
        Player x;
        x.playerId = seat.playerId;
        x.agentId = seat.agentId;
        x.displayName = seat.displayName;
        x.seat = seat.seat;
        s.players.push_back(std::move(x));
    }
}

void fold(MatchState &s, const Event &, const payload::RolesAssigned &p)
{
    s.seed = p.seed;
    for (Player &x : s.players)
        for (const auto &[playerId, role] : p.roles)
            if (playerId == x.playerId) {
                x.role = role;
                x.hasAntidote = x.hasPoison = role == Role::Witch;
            }
}

void fold(MatchState &s, const Event &e, const payload::PhaseChanged &p)
{
    s.phase = p.to;
    s.dayNumber = p.dayNumber;
    s.nightNumber = p.nightNumber.value_or(s.nightNumber);
    s.phaseStartedAt = e.at;
    s.phaseEndsAt = p.phaseEndsAtMs.value_or(e.at);
    s.phaseHistory.push_back("D" + std::to_string(s.dayNumber) + ":" + std::string(toString(p.to))
                             + "@" + std::to_string(e.at));
    s.voteBreakHit = false;
    switch (p.to) {
    case Phase::Night:
        for (Player &x : s.players) {
            x.wolfSelection.reset();
            x.seerTarget.reset();
            x.doctorTarget.reset();
            x.witchActed = false;
        }
        s.nightVictim.reset();
        s.nightHow.clear();
        s.witchSaved.reset();
        s.witchPoisoned.reset();
        s.pkCandidates.clear();
        s.pkRound = 0;
        break;
    case Phase::DayVote:
    case Phase::DayPkVote:
        for (Player &x : s.players) {
            x.voteTarget.reset();
            x.voted = false;
        }
        break;
    case Phase::DayPkDefense:
        s.openingOrder.assign(p.order.begin(), p.order.end());
        s.openingIndex = -1;
        s.pkCandidates.assign(p.order.begin(), p.order.end());
        s.pkRound = 1;
        break;
    case Phase::HunterShot:
        s.hunterPending = std::string(p.hunterPlayerId.value_or(std::string_view()));
        s.hunterResume = p.resume.value_or(Phase::DayAnnounce);
        break;
    case Phase::NightWitch:
        break;
    case Phase::DayDiscussion:
        for (Player &x : s.players)
            x.spokeDiscussion = false;
        break;
    case Phase::DayOpening:
        s.openingOrder.assign(p.order.begin(), p.order.end());
        s.openingIndex = -1;
        for (Player &x : s.players)
            x.spokeOpening = false;
        break;
    case Phase::DayAnnounce:
        s.lastEliminated.reset();
        s.pkCandidates.clear();
        s.pkRound = 0;
        break;
    case Phase::Ended:
        s.endedAt = e.at;
        break;
    case Phase::Lobby:
    case Phase::DayResolution:
        break;
    }
}

void fold(MatchState &s, const Event &, const payload::PlayerReady &p)
{
    if (Player *x = playerIn(s, p.playerId))
        x->ready = true;
}

void fold(MatchState &s, const Event &, const payload::TurnStarted &p)
{
    s.openingIndex = p.index;
    s.turnEndsAt = p.turnEndsAtMs;
    s.phaseEndsAt = p.phaseEndsAtMs;
}

void fold(MatchState &s, const Event &, const payload::TurnMissed &p)
{
    if (Player *x = playerIn(s, p.playerId)) {
        ++x->missedDeadlines;
        ++x->consecutiveTimeouts;
    }
}

void fold(MatchState &s, const Event &e, const payload::PublicMessage &p)
{
    Player *x = playerIn(s, p.playerId);
    if (!x)
        return;
    x->lastPublicAt = e.at;
    x->consecutiveTimeouts = 0;
    if (p.kind == MessageKind::Opening)
        x->spokeOpening = true;
    else if (p.kind == MessageKind::LastWords)
        x->spokeLastWords = true;
    else if (s.phase == Phase::DayDiscussion)
        x->spokeDiscussion = true;
}

void fold(MatchState &s, const Event &e, const payload::WolfChatMessage &p)
{
    if (Player *x = playerIn(s, p.fromWolfId))
        x->lastWolfChatAt = e.at;
}

void fold(MatchState &s, const Event &, const payload::WolfKillSelected &p)
{
    if (Player *x = playerIn(s, p.byPlayerId)) {
        x->wolfSelection = std::string(p.targetPlayerId);
        x->consecutiveTimeouts = 0;
    }
}

void fold(MatchState &s, const Event &e, const payload::SeerInspected &p)
{
    if (Player *x = playerIn(s, e.audiencePlayerId)) {
        x->seerTarget = std::string(p.targetPlayerId);
        x->consecutiveTimeouts = 0;
        s.seerHistory.push_back({p.night, *x->seerTarget, p.werewolf});
    }
}

void fold(MatchState &s, const Event &e, const payload::DoctorProtected &p)
{
    if (Player *x = playerIn(s, e.audiencePlayerId)) {
        x->doctorTarget = std::string(p.targetPlayerId);
        x->consecutiveTimeouts = 0;
    }
}

void fold(MatchState &s, const Event &, const payload::NightResolved &p)
{
    for (Player &x : s.players)
        if (x.role == Role::Doctor)
            x.doctorPrevTarget = p.protectedPlayerId
                                     ? std::optional<std::string>(*p.protectedPlayerId)
                                     : std::nullopt;
    countMissed(s, p.missed);
}

void fold(MatchState &s, const Event &e, const payload::PlayerEliminated &p)
{
    if (Player *x = playerIn(s, p.playerId)) {
        x->alive = false;
        x->revealed = p.roleRevealed.has_value();
        x->eliminatedAt = e.at;
        x->deathCause = std::string(p.cause);
    }
}

void fold(MatchState &s, const Event &, const payload::WolvesDecided &p)
{
    s.nightVictim = std::string(p.victimPlayerId);
    s.nightHow = std::string(p.how);
}

void fold(MatchState &, const Event &, const payload::WitchInformed &) {}

void fold(MatchState &s, const Event &e, const payload::WitchActed &p)
{
    Player *x = playerIn(s, e.audiencePlayerId);
    if (!x)
        return;
    x->consecutiveTimeouts = 0;
    if (p.action == "SAVE") {
        x->hasAntidote = false;
        s.witchSaved = std::string(p.targetPlayerId.value_or(std::string_view()));
    } else if (p.action == "POISON") {
        x->hasPoison = false;
        s.witchPoisoned = std::string(p.targetPlayerId.value_or(std::string_view()));
    }
    // Done for tonight, unless the rules allow both potions and one is left to use.
    const bool canGoOn = s.config.rules.witchBothPotionsOneNight && p.action != "PASS"
                         && ((p.action == "SAVE" && x->hasPoison)
                             || (p.action == "POISON" && x->hasAntidote && !s.witchSaved));
    x->witchActed = !canGoOn;
}

void fold(MatchState &s, const Event &, const payload::HunterShot &p)
{
    if (Player *x = playerIn(s, p.hunterPlayerId))
        x->consecutiveTimeouts = 0;
    s.hunterPending.reset();
}

void fold(MatchState &s, const Event &, const payload::VoteCast &p)
{
    if (Player *x = playerIn(s, p.voterPlayerId)) {
        x->voted = true;
        x->voteTarget = std::string(p.targetPlayerId.value_or(std::string_view())); // "" = abstain
        x->consecutiveTimeouts = 0;
    }
}

void fold(MatchState &s, const Event &, const payload::VoteResult &p)
{
    s.lastEliminated
        = p.eliminatedPlayerId ? std::optional<std::string>(*p.eliminatedPlayerId) : std::nullopt;
    countMissed(s, p.noVote);
}

void fold(MatchState &s, const Event &, const payload::GameEnded &p)
{
    s.winner = p.winningTeam;
}

void fold(MatchState &s, const Event &, const payload::RolesRevealed &)
{
    for (Player &x : s.players)
        x.revealed = true;
}

void fold(MatchState &s, const Event &, const payload::MatchPaused &p)
{
    s.paused = true;
    s.pausedRemainingMs = p.remainingMs;
    if (p.breakpoint) {
        s.stepPending = false;
        if (*p.breakpoint == "BEFORE_VOTE_RESOLUTION")
            s.voteBreakHit = true;
    }
}

void fold(MatchState &s, const Event &, const payload::BreakpointsSet &p)
{
    s.breakOnPhase = p.phaseBoundary;
    s.breakBeforeVote = p.beforeVoteResolution;
    s.stepPending = p.step;
}

void fold(MatchState &s, const Event &, const payload::MatchResumed &p)
{
    if (p.speed)
        s.config.speed = *p.speed;
    s.paused = false;
    s.phaseEndsAt = p.phaseEndsAtMs;
    if (p.turnEndsAtMs)
        s.turnEndsAt = *p.turnEndsAtMs;
}

// Facts for agents and spectators only: the state does not change.
void fold(MatchState &, const Event &, const payload::RoleCard &) {}
void fold(MatchState &, const Event &, const payload::NightResult &) {}
void fold(MatchState &, const Event &, const payload::Narrator &) {}

} // namespace

Expected<void> Match::foldLast()
{
    const Event &e = m_log.back();
    auto decoded = decodePayload(e);
    if (!decoded)
        return std::move(decoded).error();
    auto checked = std::visit([&](const auto &p) { return check(m_state, e, p); }, *decoded);
    if (!checked)
        return checked;
    std::visit([&](const auto &p) { fold(m_state, e, p); }, *decoded);
    m_state.lastSeq = e.seq;
    return {};
}

Expected<void> Match::tryApply(Event e)
{
    return applyChecked(std::move(e), false);
}

Expected<void> Match::applyChecked(Event &&e, bool gapsAllowed)
{
    auto refuse = [&e](std::string why) {
        return makeError(ErrorCode::InvalidArgument, "event " + e.eventId + ": " + std::move(why));
    };
    if (m_log.empty() && e.type != EventType::MatchCreated)
        return refuse("the log does not start with MATCH_CREATED");
    if (!m_log.empty() && e.type == EventType::MatchCreated)
        return refuse("a second MATCH_CREATED");
    if (!m_log.empty() && e.matchId != m_state.matchId)
        return refuse("belongs to match " + e.matchId + ", not " + m_state.matchId);
    if (gapsAllowed ? e.seq <= m_state.lastSeq : e.seq != m_state.lastSeq + 1)
        return refuse("seq " + std::to_string(e.seq) + " where "
                      + (gapsAllowed ? "one above " + std::to_string(m_state.lastSeq)
                                     : std::to_string(m_state.lastSeq + 1))
                      + " was expected");
    m_log.push_back(std::move(e));
    auto folded = foldLast();
    if (!folded)
        m_log.pop_back();
    else
        m_narrated = m_log.size(); // an event from outside comes with its narration
    return folded;
}

Expected<Match> Match::fromPublicLog(const std::vector<Event> &log)
{
    if (log.empty())
        return makeError(ErrorCode::InvalidArgument, "the log holds no events");
    Match m;
    m.m_publicOnly = true;
    m.m_log.reserve(log.size());
    for (const Event &e : log) {
        auto applied = m.tryApplyPublic(e);
        if (!applied)
            return std::move(applied).error();
    }
    return m;
}

Expected<void> Match::tryApplyPublic(Event e)
{
    if (e.audience != Audience::Public)
        return makeError(ErrorCode::InvalidArgument,
                         "event " + e.eventId + ": not public (" + std::string(toString(e.audience))
                             + ")");
    // What a spectator learns of roles: read before the event moves into the log.
    std::vector<std::pair<std::string, Role>> learned;
    if (const auto p = payloadAs<payload::PlayerEliminated>(e); p && p->roleRevealed) {
        learned.emplace_back(p->playerId, *p->roleRevealed);
    } else if (const auto r = payloadAs<payload::RolesRevealed>(e)) {
        for (const auto &[playerId, role] : r->roles)
            learned.emplace_back(playerId, role);
    }
    auto applied = applyChecked(std::move(e), true);
    if (!applied)
        return applied;
    for (const auto &[playerId, role] : learned)
        if (Player *p = mutablePlayer(playerId))
            p->role = role;
    return {};
}

void Match::apply(Event &&e)
{
    // Documented in match.h: a caller that wants the reason calls tryApply().
    (void)tryApply(std::move(e));
}

void Match::commit(Event &&e)
{
    // Our own event, made by makeEvent from this state: its envelope is right
    // by construction and its payload decodes (the engine tests replay every
    // type). A failure is a bug here; it leaves the match as it was instead of
    // throwing out of a command.
    m_log.push_back(std::move(e));
    if (!foldLast()) {
        assert(!"the engine made an event it cannot read");
        m_log.pop_back();
    }
}

// ---------------------------------------------------------------- phases

std::int64_t Match::phaseDuration(Phase p) const
{
    const Timers &t = m_state.config.timers;
    switch (p) {
    case Phase::Lobby:
        return m_state.config.scaled(t.lobby);
    case Phase::Night:
        return m_state.config.scaled(t.night);
    case Phase::DayAnnounce:
        return m_state.config.scaled(t.dayAnnounce);
    case Phase::DayOpening:
        return m_state.config.scaled(t.openingTurn); // per turn
    case Phase::DayDiscussion:
        return m_state.config.scaled(t.dayDiscussion);
    case Phase::DayVote:
        return m_state.config.scaled(t.dayVote);
    case Phase::DayResolution:
        return m_state.config.scaled(t.dayResolution);
    case Phase::Ended:
        return 0;
    case Phase::NightWitch:
        return m_state.config.scaled(m_state.config.rules.witchMs);
    case Phase::HunterShot:
        return m_state.config.scaled(m_state.config.rules.hunterMs);
    case Phase::DayPkDefense:
        return m_state.config.scaled(m_state.config.rules.pkDefenseTurnMs); // per turn
    case Phase::DayPkVote:
        return m_state.config.scaled(m_state.config.rules.pkVoteMs);
    }
    return 0;
}

void Match::enterPhase(Phase to, TimeMs now)
{
    payload::PhaseChanged next;
    next.to = to;
    enterPhase(std::move(next), now);
}

void Match::enterPhase(payload::PhaseChanged next, TimeMs now)
{
    const Phase to = next.to;
    if (!m_state.phaseHistory.empty())
        next.from = m_state.phase;
    next.dayNumber = m_state.dayNumber + (to == Phase::DayAnnounce ? 1 : 0);
    next.nightNumber = m_state.nightNumber + (to == Phase::Night ? 1 : 0);
    TimeMs endsAt = now;
    if (to == Phase::DayOpening) {
        next.order.clear();
        for (const Player &p : m_state.players)
            if (p.alive)
                next.order.push_back(p.playerId);
        endsAt = now + phaseDuration(to) * static_cast<std::int64_t>(next.order.size());
    } else if (to == Phase::DayPkDefense) {
        endsAt = now + phaseDuration(to) * static_cast<std::int64_t>(next.order.size());
    } else if (to != Phase::Ended) {
        endsAt = now + phaseDuration(to);
    }
    next.phaseEndsAtMs = endsAt;
    append(now, Audience::Public, next);
    if (to == Phase::DayOpening || to == Phase::DayPkDefense)
        startOpeningTurn(0, now);
    if (to != Phase::Ended)
        breakAtPhaseBoundary(now);
}

void Match::breakAtPhaseBoundary(TimeMs now)
{
    MatchState &s = m_state;
    if (s.paused || !(s.breakOnPhase || s.stepPending))
        return;
    const TimeMs deadline = nextDeadline().value_or(now);
    payload::MatchPaused stop;
    stop.remainingMs = std::max<std::int64_t>(0, deadline - now);
    stop.phase = s.phase;
    stop.reason = "breakpoint";
    stop.breakpoint = s.breakOnPhase ? "PHASE_BOUNDARY" : "STEP";
    append(now, Audience::Public, stop);
}

void Match::endVoteOrBreak(TimeMs now)
{
    if (!m_state.breakBeforeVote || m_state.voteBreakHit || m_state.paused) {
        endVote(now);
        return;
    }
    // Resuming gives the vote no more time: the next tick resolves it.
    payload::MatchPaused stop;
    stop.remainingMs = 0;
    stop.phase = m_state.phase;
    stop.reason = "breakpoint";
    stop.breakpoint = "BEFORE_VOTE_RESOLUTION";
    append(now, Audience::Public, stop);
}

void Match::startOpeningTurn(int index, TimeMs now)
{
    const auto &order = m_state.openingOrder;
    if (index >= static_cast<int>(order.size())) {
        enterPhase(m_state.phase == Phase::DayPkDefense ? Phase::DayPkVote : Phase::DayDiscussion,
                   now);
        return;
    }
    const std::int64_t turn = phaseDuration(m_state.phase);
    const Player *speaker = player(order[index]);
    payload::TurnStarted started;
    started.playerId = order[index];
    started.seat = speaker ? speaker->seat : 0;
    started.index = index;
    started.of = static_cast<int>(order.size());
    started.turnEndsAtMs = now + turn;
    started.phaseEndsAtMs
        = started.turnEndsAtMs + turn * static_cast<std::int64_t>(order.size() - index - 1);
    append(now, Audience::Public, started);
}

bool Match::nightComplete() const
{
    for (const Player &p : m_state.players) {
        if (!p.alive)
            continue;
        if (p.role == Role::Werewolf && !p.wolfSelection)
            return false;
        if (p.role == Role::Seer && !p.seerTarget)
            return false;
        if (p.role == Role::Doctor && !p.doctorTarget)
            return false;
    }
    return true;
}

Match::NightPicks Match::nightPicks() const
{
    NightPicks n;
    for (const Player &p : m_state.players) {
        if (!p.alive)
            continue;
        if (p.role == Role::Werewolf) {
            if (p.wolfSelection) {
                const Player *t = player(*p.wolfSelection);
                if (t && t->alive && t->role != Role::Werewolf
                    && std::find(n.targets.begin(), n.targets.end(), *p.wolfSelection)
                           == n.targets.end())
                    n.targets.push_back(*p.wolfSelection);
            } else {
                n.missed.push_back(p.playerId);
            }
        } else if (p.role == Role::Seer && !p.seerTarget) {
            n.missed.push_back(p.playerId);
        } else if (p.role == Role::Doctor) {
            if (p.doctorTarget)
                n.protectedId = p.doctorTarget;
            else
                n.missed.push_back(p.playerId);
        }
    }
    return n;
}

void Match::endNight(TimeMs now)
{
    const NightPicks picks = nightPicks();
    const std::vector<std::string> &targets = picks.targets;

    Rng rng = Rng::forDecision(m_state.seed, nextSeq(), SaltKill);
    std::string victim;
    std::string how;
    if (targets.size() == 1) {
        victim = targets.front();
        how = "AGREED";
    } else if (targets.size() > 1) {
        victim = targets[rng.below(static_cast<std::uint32_t>(targets.size()))];
        how = "RANDOM_BETWEEN_SELECTIONS";
    } else {
        std::vector<std::string> eligible;
        for (const Player &p : m_state.players)
            if (p.alive && p.role != Role::Werewolf)
                eligible.push_back(p.playerId);
        victim = eligible[rng.below(static_cast<std::uint32_t>(eligible.size()))];
        how = "RANDOM_FALLBACK";
    }

    payload::WolvesDecided decided;
    decided.night = m_state.nightNumber;
    decided.victimPlayerId = victim;
    decided.how = how;
    decided.wolfTargets.assign(targets.begin(), targets.end());
    decided.protectedPlayerId = view(picks.protectedId);
    decided.missed.assign(picks.missed.begin(), picks.missed.end());
    if (m_state.config.rules.witches > 0) {
        // The witch's turn comes after the wolves', whether she
        // lives or not (a skipped turn would tell the table she is gone).
        append(now, Audience::Host, decided);
        enterPhase(Phase::NightWitch, now);
        for (const Player &w : m_state.players) {
            if (w.role != Role::Witch || !w.alive)
                continue;
            const bool knows = w.hasAntidote || m_state.config.rules.witchSeesVictimWithoutAntidote;
            payload::WitchInformed told;
            told.night = m_state.nightNumber;
            if (knows)
                told.killedPlayerId = victim;
            told.antidote = w.hasAntidote;
            told.poison = w.hasPoison;
            append(now, Audience::Player, told, w.playerId);
        }
        return;
    }

    if (m_state.config.rules.isClassic()) {
        resolveClassicNight(decided, now);
        return;
    }
    // A rule set without a witch: the same night, through the general resolution.
    append(now, Audience::Host, decided);
    resolveNight(now);
}

void Match::resolveClassicNight(const payload::WolvesDecided &decided, TimeMs now)
{
    // Classic's events, exactly as they always were.
    const bool saved = decided.protectedPlayerId == decided.victimPlayerId;
    payload::NightResolved resolved;
    resolved.night = decided.night;
    resolved.wolfTargets = decided.wolfTargets;
    resolved.victimPlayerId = decided.victimPlayerId;
    resolved.how = decided.how;
    resolved.protectedPlayerId = decided.protectedPlayerId;
    resolved.saved = saved;
    resolved.missed = decided.missed;
    append(now, Audience::Host, resolved);
    payload::NightResult result;
    result.night = decided.night;
    if (!saved)
        result.killedPlayerId = decided.victimPlayerId;
    result.savedByDoctor = saved;
    append(now, Audience::Public, result);
    if (!saved) {
        payload::PlayerEliminated death;
        death.playerId = decided.victimPlayerId;
        death.roleRevealed = player(std::string(decided.victimPlayerId))->role;
        death.cause = "NIGHT_KILL";
        death.night = decided.night;
        append(now, Audience::Public, death);
    }
    // Wolves win at the start of any day when they are at least as many as the others.
    const int wolves = aliveWolves();
    if (wolves >= aliveCount() - wolves)
        finish(Team::Werewolves, now);
    else
        enterPhase(Phase::DayAnnounce, now);
}

void Match::resolveNight(TimeMs now)
{
    const RuleSet &rules = m_state.config.rules;
    NightPicks picks = nightPicks();
    const std::string victim = m_state.nightVictim.value_or(std::string());
    // The witch who let NIGHT_WITCH's deadline pass without finishing.
    for (const Player &p : m_state.players)
        if (p.alive && p.role == Role::Witch && !p.witchActed && m_state.phase == Phase::NightWitch
            && !m_state.witchSaved && !m_state.witchPoisoned)
            picks.missed.push_back(p.playerId);

    const bool protectedVictim = picks.protectedId && *picks.protectedId == victim;
    const bool antidote = m_state.witchSaved && *m_state.witchSaved == victim;
    const bool saved = (protectedVictim != antidote)
                       || (protectedVictim && antidote && !rules.protectAndAntidoteKill);
    std::vector<std::string> deaths;
    for (const Player &p : m_state.players) {
        const bool killed = !victim.empty() && p.playerId == victim && !saved;
        const bool poisoned = m_state.witchPoisoned && *m_state.witchPoisoned == p.playerId;
        if (p.alive && (killed || poisoned))
            deaths.push_back(
                p.playerId); // seat order: the table is not told which death was whose doing
    }

    payload::NightResolved resolved;
    resolved.night = m_state.nightNumber;
    resolved.wolfTargets.assign(picks.targets.begin(), picks.targets.end());
    resolved.victimPlayerId = victim;
    resolved.how = m_state.nightHow;
    resolved.protectedPlayerId = view(picks.protectedId);
    resolved.saved = saved;
    resolved.missed.assign(picks.missed.begin(), picks.missed.end());
    resolved.witch = payload::NightResolved::Witch{view(m_state.witchSaved),
                                                   view(m_state.witchPoisoned),
                                                   payload::Names(deaths.begin(), deaths.end())};
    append(now, Audience::Host, resolved);
    payload::NightResult result;
    result.night = m_state.nightNumber;
    if (!deaths.empty())
        result.killedPlayerId = deaths.front();
    result.savedByDoctor = protectedVictim && !antidote
                           && std::find(deaths.begin(), deaths.end(), victim)
                                  == deaths.end(); // poisoned all the same
    result.deaths = resolved.witch->deaths;
    append(now, Audience::Public, result);
    for (const std::string &d : deaths) {
        payload::PlayerEliminated death;
        death.playerId = d;
        death.cause = "NIGHT_KILL";
        death.night = m_state.nightNumber;
        eliminate(death, now);
    }
    // A dead hunter's shot belongs to the night: it comes before the dawn's
    // parity check (which runs after it), unless no wolf is left anyway.
    if (auto hunter = shootingHunter(deaths); hunter && aliveWolves() > 0) {
        enterHunterShot(*hunter, Phase::DayAnnounce, now);
        return;
    }
    if (checkWin(true, now))
        return;
    enterPhase(Phase::DayAnnounce, now);
}

void Match::eliminate(payload::PlayerEliminated death, TimeMs now)
{
    if (m_state.config.rules.revealRoleOnDeath)
        death.roleRevealed = player(std::string(death.playerId))->role;
    append(now, Audience::Public, death);
}

std::optional<std::string> Match::shootingHunter(const std::vector<std::string> &deaths) const
{
    for (const std::string &d : deaths) {
        const Player *p = player(d);
        if (!p || p->role != Role::Hunter)
            continue;
        const bool poisoned = m_state.witchPoisoned && *m_state.witchPoisoned == d
                              && m_state.phase == Phase::NightWitch;
        if (poisoned && !m_state.config.rules.hunterShootsWhenPoisoned)
            return std::nullopt;
        return d;
    }
    return std::nullopt;
}

void Match::enterHunterShot(const std::string &hunter, Phase resume, TimeMs now)
{
    payload::PhaseChanged next;
    next.to = Phase::HunterShot;
    next.hunterPlayerId = hunter;
    next.resume = resume;
    enterPhase(std::move(next), now);
}

void Match::endHunterShot(std::optional<std::string> target, TimeMs now, bool timedOut)
{
    const std::string hunter = m_state.hunterPending.value_or(std::string());
    const Phase resume = m_state.hunterResume;
    payload::HunterShot shot;
    shot.hunterPlayerId = hunter;
    shot.targetPlayerId = view(target);
    shot.timedOut = timedOut;
    append(now, Audience::Public, shot);
    if (target) {
        payload::PlayerEliminated death;
        death.playerId = *target;
        death.cause = "HUNTER_SHOT";
        death.day = m_state.dayNumber;
        death.byPlayerId = hunter;
        eliminate(death, now);
    }
    if (checkWin(resume == Phase::DayAnnounce, now))
        return;
    continueAfter(resume, now);
}

void Match::continueAfter(Phase resume, TimeMs now)
{
    enterPhase(resume, now);
}

bool Match::checkWin(bool dayStart, TimeMs now)
{
    const int wolves = aliveWolves();
    if (wolves == 0) {
        finish(Team::Villagers, now);
        return true;
    }
    // At dawn, parity; at any time, no one left but wolves (after a vote a
    // hunter's shot can take the last villager with him).
    if ((dayStart && wolves >= aliveCount() - wolves) || aliveCount() == wolves) {
        finish(Team::Werewolves, now);
        return true;
    }
    return false;
}

bool Match::mayVote(const Player &p) const
{
    if (!p.alive)
        return false;
    if (m_state.phase != Phase::DayPkVote || m_state.config.rules.pkCandidatesVote)
        return true;
    return std::find(m_state.pkCandidates.begin(), m_state.pkCandidates.end(), p.playerId)
           == m_state.pkCandidates.end();
}

bool Match::allVoted() const
{
    return std::all_of(m_state.players.begin(), m_state.players.end(), [this](const Player &p) {
        return !mayVote(p) || p.voted;
    });
}

void Match::endVote(TimeMs now)
{
    const bool pkVote = m_state.phase == Phase::DayPkVote;
    std::map<std::string, int> tally;
    std::vector<std::string> abstained;
    std::vector<std::string> noVote;
    for (const Player &p : m_state.players) {
        if (!mayVote(p))
            continue;
        if (!p.voted) {
            noVote.push_back(p.playerId); // no vote by the deadline: an abstention
            abstained.push_back(p.playerId);
        } else if (p.voteTarget->empty()) {
            abstained.push_back(p.playerId);
        } else {
            ++tally[*p.voteTarget];
        }
    }
    int best = 0;
    int atBest = 0;
    std::string top;
    for (const auto &[target, n] : tally) {
        if (n > best) {
            best = n;
            atBest = 1;
            top = target;
        } else if (n == best) {
            ++atBest;
        }
    }
    const bool tie = atBest > 1;
    const bool eliminated = best > 0 && !tie;
    payload::VoteResult result;
    result.day = m_state.dayNumber;
    result.tally.assign(tally.begin(), tally.end());
    result.abstained.assign(abstained.begin(), abstained.end());
    result.noVote.assign(noVote.begin(), noVote.end());
    if (eliminated)
        result.eliminatedPlayerId = top;
    result.tie = tie;
    result.topCount = best;
    if (tie && best > 0 && !pkVote && m_state.config.rules.tie == TieRule::Pk)
        for (const Player &p : m_state.players) { // seat order
            auto it = tally.find(p.playerId);
            if (it != tally.end() && it->second == best)
                result.pk.push_back(p.playerId);
        }
    if (pkVote)
        result.pkRound = 1;
    append(now, Audience::Public, result);
    if (!result.pk.empty()) {
        payload::PhaseChanged next;
        next.to = Phase::DayPkDefense;
        next.order = result.pk;
        enterPhase(std::move(next), now);
        return;
    }
    if (eliminated) {
        payload::PlayerEliminated death;
        death.playerId = top;
        death.cause = "VOTE";
        death.day = m_state.dayNumber;
        death.votes = best;
        if (m_state.config.rules.isClassic()) {
            death.roleRevealed = player(top)->role;
            append(now, Audience::Public, death);
        } else {
            eliminate(death, now);
        }
        if (checkWin(false, now))
            return;
        if (auto hunter = shootingHunter({top})) {
            enterHunterShot(*hunter, Phase::DayResolution, now);
            return;
        }
    }
    enterPhase(Phase::DayResolution, now);
}

void Match::finish(std::optional<Team> winner, TimeMs now, std::string_view reason)
{
    enterPhase(Phase::Ended, now);
    payload::GameEnded ended;
    ended.winningTeam = winner;
    ended.dayNumber = m_state.dayNumber;
    ended.survivors = aliveCount();
    if (!reason.empty())
        ended.reason = reason;
    append(now, Audience::Public, ended);
    payload::RolesRevealed revealed;
    for (const Player &p : m_state.players)
        revealed.roles.emplace_back(p.playerId, p.role);
    append(now, Audience::Public, revealed);
}

std::optional<TimeMs> Match::nextDeadline() const
{
    if (m_state.phase == Phase::Ended || m_state.paused)
        return std::nullopt;
    if (turnPhase())
        return m_state.turnEndsAt;
    return m_state.phaseEndsAt;
}

std::vector<Event> Match::advance(TimeMs now)
{
    const std::size_t before = m_log.size();
    tick(now);
    return tail(before);
}

std::size_t Match::tick(TimeMs now)
{
    const std::size_t before = m_log.size();
    resolveDeadlines(now);
    narrateAppended();
    return m_log.size() - before;
}

void Match::resolveDeadlines(TimeMs now)
{
    // Each pass resolves one deadline; a loop, since a late call may owe several.
    for (int guard = 0; guard < 64; ++guard) {
        const auto deadline = nextDeadline();
        if (!deadline || *deadline > now)
            break;
        const TimeMs at = *deadline; // resolve at the deadline itself, not at `now`
        switch (m_state.phase) {
        case Phase::Lobby:
            enterPhase(Phase::Night, at);
            break;
        case Phase::Night:
            endNight(at);
            break;
        case Phase::DayAnnounce:
            enterPhase(Phase::DayOpening, at);
            break;
        case Phase::DayOpening:
        case Phase::DayPkDefense: {
            const int idx = m_state.openingIndex;
            payload::TurnMissed missed;
            missed.playerId = m_state.openingOrder[idx];
            missed.index = idx;
            append(at, Audience::Public, missed);
            startOpeningTurn(idx + 1, at);
            break;
        }
        case Phase::DayDiscussion:
            enterPhase(Phase::DayVote, at);
            break;
        case Phase::DayVote:
        case Phase::DayPkVote:
            endVoteOrBreak(at);
            break;
        case Phase::DayResolution:
            if (m_state.config.rules.maxDays > 0
                && m_state.dayNumber >= m_state.config.rules.maxDays)
                finish(std::nullopt, at, "MAX_DAYS");
            else
                enterPhase(Phase::Night, at);
            break;
        case Phase::NightWitch:
            resolveNight(at);
            break;
        case Phase::HunterShot:
            endHunterShot(std::nullopt, at, true);
            break;
        case Phase::Ended:
            break;
        }
    }
}

std::vector<Event> Match::pause(TimeMs now)
{
    const std::size_t before = m_log.size();
    if (m_state.paused || m_state.phase == Phase::Ended)
        return {};
    const TimeMs deadline = nextDeadline().value_or(now);
    payload::MatchPaused paused;
    paused.remainingMs = std::max<std::int64_t>(0, deadline - now);
    paused.phase = m_state.phase;
    append(now, Audience::Public, paused);
    narrateAppended();
    return tail(before);
}

std::vector<Event> Match::resume(TimeMs now, std::string_view reason)
{
    const std::size_t before = m_log.size();
    if (m_state.phase == Phase::Ended)
        return {};
    payload::MatchResumed resumed;
    resumed.reason = reason;
    // Paused: the time that was left. Not paused, this is recovery (the host
    // was down): a deadline that passed meanwhile gets a short grace period
    // so agents can see the match is back before it moves.
    const TimeMs deadline = m_state.paused ? now + m_state.pausedRemainingMs
                                           : std::max(nextDeadline().value_or(now),
                                                      now + m_state.config.scaled(5'000));
    if (turnPhase()) {
        resumed.turnEndsAtMs = deadline;
        resumed.phaseEndsAtMs = deadline + (m_state.phaseEndsAt - m_state.turnEndsAt);
    } else {
        resumed.phaseEndsAtMs = deadline;
    }
    append(now, Audience::Public, resumed);
    narrateAppended();
    return tail(before);
}

std::vector<Event> Match::skipPhase(TimeMs now)
{
    if (m_state.phase == Phase::Ended || m_state.paused)
        return {};
    // Pull the deadline to now, through the ordinary event path, then advance.
    const std::size_t before = m_log.size();
    payload::MatchResumed skip;
    skip.reason = "skip";
    skip.phaseEndsAtMs = now;
    if (turnPhase()) {
        // Skipping the opening skips all remaining turns.
        skip.turnEndsAtMs = now;
        skip.skipTurns = true;
    }
    append(now, Audience::Public, skip);
    if (m_state.phase == Phase::DayOpening)
        enterPhase(Phase::DayDiscussion, now);
    else if (m_state.phase == Phase::DayPkDefense)
        enterPhase(Phase::DayPkVote, now);
    else
        resolveDeadlines(now);
    narrateAppended();
    return tail(before);
}

std::vector<Event> Match::setSpeed(double speed, TimeMs now)
{
    if (m_state.phase == Phase::Ended || m_state.paused || !(speed > 0)
        || speed == m_state.config.speed)
        return {};
    const std::size_t before = m_log.size();
    const double ratio = m_state.config.speed / speed;
    const auto rescale = [now, ratio](TimeMs deadline) {
        return deadline <= now
                   ? deadline
                   : now + static_cast<TimeMs>(std::llround(double(deadline - now) * ratio));
    };
    payload::MatchResumed change;
    change.reason = "speed";
    change.speed = speed;
    change.phaseEndsAtMs = rescale(m_state.phaseEndsAt);
    if (turnPhase())
        change.turnEndsAtMs = rescale(m_state.turnEndsAt);
    append(now, Audience::Public, change);
    narrateAppended();
    return tail(before);
}

std::vector<Event> Match::setBreakpoints(Breakpoints b, TimeMs now)
{
    if (m_state.phase == Phase::Ended || b == breakpoints())
        return {};
    const std::size_t before = m_log.size();
    payload::BreakpointsSet set;
    set.phaseBoundary = b.phaseBoundary;
    set.beforeVoteResolution = b.beforeVoteResolution;
    set.step = m_state.stepPending;
    append(now, Audience::Host, set);
    narrateAppended();
    return tail(before);
}

std::vector<Event> Match::step(TimeMs now)
{
    if (m_state.phase == Phase::Ended)
        return {};
    const std::size_t before = m_log.size();
    if (!m_state.stepPending) {
        payload::BreakpointsSet set;
        set.phaseBoundary = m_state.breakOnPhase;
        set.beforeVoteResolution = m_state.breakBeforeVote;
        set.step = true;
        append(now, Audience::Host, set);
    }
    if (m_state.paused)
        resume(now, "step");
    narrateAppended();
    return tail(before);
}

// ---------------------------------------------------------------- commands

Match::RequiredAction Match::requiredAction(const std::string &playerId) const
{
    RequiredAction r;
    requiredActionInto(playerId, r);
    return r;
}

void Match::requiredActionInto(const std::string &playerId, RequiredAction &r) const
{
    r.type = ActionType::None;
    r.allowedTargets.clear();
    r.alreadySubmitted = false;
    r.killedPlayerId.reset();
    r.antidote = r.poison = r.pk = false;
    const Player *me = player(playerId);
    if (!me || m_state.paused)
        return;
    if (m_state.phase == Phase::HunterShot && m_state.hunterPending == playerId) {
        r.type = ActionType::HunterShoot; // the only action of a dead player
        for (const Player &p : m_state.players)
            if (p.alive && p.playerId != playerId)
                r.allowedTargets.push_back(p.playerId);
        return;
    }
    if (!me->alive)
        return;
    switch (m_state.phase) {
    case Phase::Night:
        if (me->role == Role::Werewolf) {
            r.type = ActionType::WolfKill;
            for (const Player &p : m_state.players)
                if (p.alive && p.role != Role::Werewolf)
                    r.allowedTargets.push_back(p.playerId);
            r.alreadySubmitted = me->wolfSelection.has_value();
        } else if (me->role == Role::Seer) {
            r.type = ActionType::SeerInspect;
            for (const Player &p : m_state.players)
                if (p.alive && p.playerId != me->playerId)
                    r.allowedTargets.push_back(p.playerId);
            r.alreadySubmitted = me->seerTarget.has_value();
        } else if (me->role == Role::Doctor) {
            r.type = ActionType::DoctorProtect;
            for (const Player &p : m_state.players)
                if (p.alive && (!me->doctorPrevTarget || *me->doctorPrevTarget != p.playerId))
                    r.allowedTargets.push_back(p.playerId);
            r.alreadySubmitted = me->doctorTarget.has_value();
        }
        break;
    case Phase::DayOpening:
        if (m_state.openingIndex >= 0
            && m_state.openingIndex < static_cast<int>(m_state.openingOrder.size())
            && m_state.openingOrder[m_state.openingIndex] == playerId)
            r.type = ActionType::SpeakOpening;
        break;
    case Phase::DayDiscussion:
        // Speaking more than once is allowed; the first message is the one
        // asked for, so a waiting agent is not woken for it again.
        r.type = ActionType::SpeakDiscussion;
        r.alreadySubmitted = me->spokeDiscussion;
        break;
    case Phase::DayVote:
        r.type = ActionType::Vote;
        for (const Player &p : m_state.players)
            if (p.alive && p.playerId != playerId)
                r.allowedTargets.push_back(p.playerId);
        r.alreadySubmitted = me->voted;
        break;
    case Phase::DayPkVote:
        if (!mayVote(*me))
            break;
        r.type = ActionType::Vote;
        r.pk = true;
        for (const std::string &c : m_state.pkCandidates)
            if (c != playerId)
                r.allowedTargets.push_back(c);
        r.alreadySubmitted = me->voted;
        break;
    case Phase::DayPkDefense:
        if (m_state.openingIndex >= 0
            && m_state.openingIndex < static_cast<int>(m_state.openingOrder.size())
            && m_state.openingOrder[m_state.openingIndex] == playerId) {
            r.type = ActionType::SpeakDefense;
            r.pk = true;
        }
        break;
    case Phase::NightWitch:
        if (me->role != Role::Witch || me->witchActed)
            break;
        r.type = ActionType::WitchAct;
        if (me->hasAntidote || m_state.config.rules.witchSeesVictimWithoutAntidote)
            r.killedPlayerId = m_state.nightVictim;
        r.antidote = mayUseAntidote(*me);
        r.poison = me->hasPoison && !m_state.witchPoisoned
                   && (!m_state.witchSaved || m_state.config.rules.witchBothPotionsOneNight);
        if (r.poison)
            for (const Player &p : m_state.players)
                if (p.alive && p.playerId != playerId)
                    r.allowedTargets.push_back(p.playerId);
        r.alreadySubmitted = m_state.witchSaved.has_value() || m_state.witchPoisoned.has_value();
        break;
    default:
        break;
    }
}

bool Match::mayUseAntidote(const Player &witch) const
{
    if (!witch.hasAntidote || !m_state.nightVictim || m_state.witchSaved)
        return false;
    if (m_state.witchPoisoned && !m_state.config.rules.witchBothPotionsOneNight)
        return false;
    if (*m_state.nightVictim == witch.playerId) {
        switch (m_state.config.rules.witchSelfSave) {
        case WitchSelfSave::Never:
            return false;
        case WitchSelfSave::FirstNight:
            return m_state.nightNumber == 1;
        case WitchSelfSave::Always:
            return true;
        }
    }
    return true;
}

Expected<std::vector<Event>> Match::execute(const Command &cmd, TimeMs now)
{
    const std::size_t before = m_log.size();
    auto n = submit(cmd, now);
    if (!n)
        return n.error();
    return tail(before);
}

Expected<std::size_t> Match::submit(const Command &cmd, TimeMs now)
{
    const std::size_t before = m_log.size();
    auto me = commandingPlayer(cmd);
    if (!me)
        return me.error();
    auto decided = decide(cmd, **me, now);
    narrateAppended();
    if (!decided)
        return decided.error();
    return m_log.size() - before;
}

Expected<Player *> Match::commandingPlayer(const Command &cmd)
{
    if (m_state.phase == Phase::Ended)
        return makeError(ErrorCode::MatchEnded, "match " + m_state.matchId + " has ended");
    Player *me = mutablePlayer(cmd.playerId);
    if (!me)
        return makeError(ErrorCode::NotInMatch, "you are not a player in match " + m_state.matchId);
    if (m_state.paused && cmd.kind != Command::Kind::Ready)
        return makeError(ErrorCode::MatchPaused, "the host has paused this match", true);
    return me;
}

Expected<void> Match::decide(const Command &cmd, Player &me, TimeMs now)
{
    using K = Command::Kind;
    switch (cmd.kind) {
    case K::Ready:
        return doReady(me, now);
    case K::Say:
        if (!me.alive
            && !(m_state.phase == Phase::DayResolution && m_state.lastEliminated == me.playerId))
            return makeError(ErrorCode::PlayerDead, "dead players cannot speak");
        return doSay(cmd, me, now);
    case K::WolfChat:
        return doWolfChat(cmd, me, now);
    case K::WolfKill:
    case K::SeerInspect:
    case K::DoctorProtect:
        return doNightAction(cmd, me, now);
    case K::Vote:
        return doVote(cmd, me, now);
    case K::WitchSave:
    case K::WitchPoison:
    case K::WitchPass:
        return doWitchAct(cmd, me, now);
    case K::HunterShoot:
        return doHunterShoot(cmd, me, now);
    }
    return makeError(ErrorCode::InvalidArgument, "unknown command");
}

Error Match::phaseError(const Player &me, std::string_view allowed, bool canEverAct) const
{
    return makeError(ErrorCode::WrongPhase,
                     "not allowed in " + std::string(toString(m_state.phase)) + "; allowed in "
                         + std::string(allowed),
                     canEverAct && me.alive);
}

Expected<const Player *> Match::commandTarget(const Command &cmd, bool mustLive) const
{
    if (!cmd.target || cmd.target->empty())
        return makeError(ErrorCode::InvalidTarget, "a targetPlayerId is required");
    const Player *t = player(*cmd.target);
    if (!t)
        return makeError(ErrorCode::InvalidTarget,
                         "no player " + *cmd.target + " in match " + m_state.matchId);
    if (mustLive && !t->alive)
        return makeError(ErrorCode::InvalidTarget,
                         t->displayName + " (" + t->playerId + ") is dead");
    return t;
}

Expected<std::optional<std::string>>
Match::otherTarget(const Command &cmd, const Player &me, const char *notYourself) const
{
    if (!cmd.target)
        return std::optional<std::string>();
    auto t = commandTarget(cmd, true);
    if (!t)
        return t.error();
    if ((*t)->playerId == me.playerId)
        return makeError(ErrorCode::InvalidTarget, notYourself);
    return std::optional<std::string>((*t)->playerId);
}

Expected<void> Match::doReady(Player &me, TimeMs now)
{
    if (m_state.phase != Phase::Lobby)
        return makeError(ErrorCode::WrongPhase, "ready is only accepted in LOBBY");
    if (me.ready)
        return {};
    payload::PlayerReady ready;
    ready.playerId = me.playerId;
    append(now, Audience::Public, ready);
    if (std::all_of(m_state.players.begin(), m_state.players.end(), [](const Player &p) {
            return p.ready;
        }))
        enterPhase(Phase::Night, now);
    return {};
}

Expected<void> Match::doWolfChat(const Command &cmd, Player &me, TimeMs now)
{
    if (m_state.phase != Phase::Night)
        return phaseError(me, "NIGHT", me.role == Role::Werewolf);
    if (me.role != Role::Werewolf)
        return makeError(ErrorCode::NotYourRole, "only werewolves can use wolf chat");
    if (!me.alive)
        return makeError(ErrorCode::PlayerDead, "dead players cannot act");
    if (cmd.text.empty() || cmd.text.size() > 400 * 4)
        return makeError(ErrorCode::InvalidArgument, "text must be 1..400 characters");
    if (m_state.config.rateLimits && me.lastWolfChatAt) {
        const std::int64_t wait = *me.lastWolfChatAt + m_state.config.wolfChatIntervalMs - now;
        if (wait > 0)
            return makeError(ErrorCode::RateLimited,
                             "wolf chat is limited to 1 message per "
                                 + std::to_string(m_state.config.wolfChatIntervalMs / 1000) + " s",
                             true,
                             wait);
    }
    payload::WolfChatMessage message;
    message.fromWolfId = me.playerId;
    message.text = cmd.text;
    append(now, Audience::Wolves, message);
    return {};
}

Expected<void> Match::doNightAction(const Command &cmd, Player &me, TimeMs now)
{
    using K = Command::Kind;
    const Role need = cmd.kind == K::WolfKill      ? Role::Werewolf
                      : cmd.kind == K::SeerInspect ? Role::Seer
                                                   : Role::Doctor;
    if (m_state.phase != Phase::Night)
        return phaseError(me, "NIGHT", me.role == need);
    if (me.role != need)
        return makeError(ErrorCode::NotYourRole,
                         "only the " + std::string(toString(need)) + " can do this");
    if (!me.alive)
        return makeError(ErrorCode::PlayerDead, "dead players cannot act");
    auto target = commandTarget(cmd, true);
    if (!target)
        return target.error();
    auto done = cmd.kind == K::WolfKill      ? doWolfKill(me, **target, now)
                : cmd.kind == K::SeerInspect ? doSeerInspect(me, **target, now)
                                             : doDoctorProtect(me, **target, now);
    if (!done)
        return done;
    if (nightComplete())
        endNight(now);
    return {};
}

Expected<void> Match::doWolfKill(const Player &me, const Player &target, TimeMs now)
{
    if (target.role == Role::Werewolf)
        return makeError(ErrorCode::InvalidTarget, "werewolves cannot target a werewolf");
    payload::WolfKillSelected selected;
    selected.byPlayerId = me.playerId;
    selected.targetPlayerId = target.playerId;
    selected.night = m_state.nightNumber;
    append(now, Audience::Wolves, selected);
    return {};
}

Expected<void> Match::doSeerInspect(const Player &me, const Player &target, TimeMs now)
{
    if (target.playerId == me.playerId)
        return makeError(ErrorCode::InvalidTarget, "the seer cannot inspect themself");
    if (me.seerTarget)
        return makeError(ErrorCode::AlreadyActed,
                         "you already inspected " + *me.seerTarget + " tonight");
    payload::SeerInspected inspected;
    inspected.targetPlayerId = target.playerId;
    inspected.werewolf = target.role == Role::Werewolf;
    inspected.night = m_state.nightNumber;
    append(now, Audience::Player, inspected, me.playerId);
    return {};
}

Expected<void> Match::doDoctorProtect(const Player &me, const Player &target, TimeMs now)
{
    if (me.doctorTarget)
        return makeError(ErrorCode::AlreadyActed,
                         "you already protected " + *me.doctorTarget + " tonight");
    if (me.doctorPrevTarget && *me.doctorPrevTarget == target.playerId)
        return makeError(ErrorCode::ConsecutiveProtect,
                         "you protected " + target.playerId + " last night; choose someone else");
    payload::DoctorProtected protection;
    protection.targetPlayerId = target.playerId;
    protection.night = m_state.nightNumber;
    append(now, Audience::Player, protection, me.playerId);
    return {};
}

Expected<void> Match::doVote(const Command &cmd, Player &me, TimeMs now)
{
    if (m_state.phase != Phase::DayVote && m_state.phase != Phase::DayPkVote)
        return phaseError(me,
                          m_state.config.rules.tie == TieRule::Pk ? "DAY_VOTE, DAY_PK_VOTE"
                                                                  : "DAY_VOTE",
                          true);
    if (!me.alive)
        return makeError(ErrorCode::PlayerDead, "dead players cannot vote");
    if (!mayVote(me))
        return makeError(ErrorCode::NotYourTurn, "players in the PK do not vote in its revote");
    auto chosen = otherTarget(cmd, me, "you cannot vote for yourself");
    if (!chosen)
        return chosen.error();
    const std::optional<std::string> target = *chosen;
    if (target && m_state.phase == Phase::DayPkVote
        && std::find(m_state.pkCandidates.begin(), m_state.pkCandidates.end(), *target)
               == m_state.pkCandidates.end())
        return makeError(ErrorCode::InvalidTarget,
                         *target + " is not in the PK; vote for one of its players or abstain");
    payload::VoteCast vote;
    vote.voterPlayerId = me.playerId;
    vote.targetPlayerId = view(target);
    vote.reason = view(cmd.reason);
    vote.changed = me.voted;
    if (me.voted && !me.voteTarget->empty())
        vote.previousTargetPlayerId = *me.voteTarget;
    append(now, Audience::Public, vote);
    if (allVoted())
        endVoteOrBreak(now);
    return {};
}

Expected<void> Match::doWitchAct(const Command &cmd, Player &me, TimeMs now)
{
    using K = Command::Kind;
    if (!cmd.text.empty())
        return makeError(ErrorCode::InvalidArgument,
                         "action must be SAVE, POISON or PASS, not " + cmd.text);
    if (m_state.phase != Phase::NightWitch)
        return phaseError(me, "NIGHT_WITCH", me.role == Role::Witch);
    if (me.role != Role::Witch)
        return makeError(ErrorCode::NotYourRole, "only the witch can do this");
    if (!me.alive)
        return makeError(ErrorCode::PlayerDead, "dead players cannot act");
    if (me.witchActed)
        return makeError(ErrorCode::AlreadyActed, "you already acted tonight");
    payload::WitchActed act;
    act.night = m_state.nightNumber;
    act.action = "PASS";
    std::string target;
    if (cmd.kind == K::WitchSave) {
        if (!me.hasAntidote)
            return makeError(ErrorCode::NoPotion, "your antidote is used up");
        if (!m_state.nightVictim)
            return makeError(ErrorCode::InvalidTarget, "no one was attacked tonight");
        if (cmd.target && !cmd.target->empty() && *cmd.target != *m_state.nightVictim)
            return makeError(ErrorCode::InvalidTarget,
                             "the antidote can only save tonight's victim");
        if (!mayUseAntidote(me))
            return makeError(ErrorCode::NoPotion,
                             *m_state.nightVictim == me.playerId
                                 ? "the rules do not let the witch save herself tonight"
                                 : "only one potion per night");
        target = *m_state.nightVictim;
        act.action = "SAVE";
    } else if (cmd.kind == K::WitchPoison) {
        if (!me.hasPoison)
            return makeError(ErrorCode::NoPotion, "your poison is used up");
        if (m_state.witchSaved && !m_state.config.rules.witchBothPotionsOneNight)
            return makeError(ErrorCode::NoPotion, "only one potion per night");
        auto t = commandTarget(cmd, true);
        if (!t)
            return t.error();
        if ((*t)->playerId == me.playerId)
            return makeError(ErrorCode::InvalidTarget, "the witch cannot poison herself");
        target = (*t)->playerId;
        act.action = "POISON";
    }
    if (act.action != "PASS")
        act.targetPlayerId = target;
    append(now, Audience::Player, act, me.playerId);
    if (me.witchActed)
        resolveNight(now);
    return {};
}

Expected<void> Match::doHunterShoot(const Command &cmd, Player &me, TimeMs now)
{
    if (m_state.phase != Phase::HunterShot || m_state.hunterPending != me.playerId) {
        if (me.role != Role::Hunter)
            return makeError(ErrorCode::NotYourRole, "only the hunter can shoot");
        return phaseError(
            me, "HUNTER_SHOT, after the hunter dies", m_state.config.rules.hunters > 0 && me.alive);
    }
    auto target = otherTarget(cmd, me, "the hunter cannot shoot himself");
    if (!target)
        return target.error();
    endHunterShot(*target, now);
    return {};
}

Expected<void> Match::doSay(const Command &cmd, Player &me, TimeMs now)
{
    if (cmd.text.empty())
        return makeError(ErrorCode::InvalidArgument, "text must not be empty");
    MessageKind kind = cmd.messageKind;
    switch (m_state.phase) {
    case Phase::DayOpening: {
        if (kind == MessageKind::LastWords)
            return makeError(ErrorCode::InvalidKind, "LAST_WORDS only in DAY_RESOLUTION");
        const auto &order = m_state.openingOrder;
        const auto pos = std::find(order.begin(), order.end(), me.playerId) - order.begin();
        if (me.spokeOpening)
            return makeError(ErrorCode::AlreadySpoke,
                             "you already gave your opening statement; "
                             "wait for DAY_DISCUSSION");
        if (pos != m_state.openingIndex) {
            if (pos < m_state.openingIndex)
                return makeError(ErrorCode::AlreadySpoke,
                                 "your opening turn has passed; wait for DAY_DISCUSSION");
            const std::int64_t turn = phaseDuration(Phase::DayOpening);
            const std::int64_t wait
                = (m_state.turnEndsAt - now) + turn * (pos - m_state.openingIndex - 1);
            return makeError(ErrorCode::NotYourTurn,
                             "it is " + order[m_state.openingIndex] + "'s opening turn",
                             true,
                             std::max<std::int64_t>(0, wait));
        }
        kind = MessageKind::Opening; // whatever kind was sent, this is the opening
        break;
    }
    case Phase::DayPkDefense: {
        const auto &order = m_state.openingOrder;
        const auto pos = std::find(order.begin(), order.end(), me.playerId) - order.begin();
        if (pos == static_cast<std::ptrdiff_t>(order.size()))
            return makeError(
                ErrorCode::NotYourTurn,
                "only the players in the PK speak now, each in turn; wait for DAY_PK_VOTE",
                true);
        if (pos < m_state.openingIndex)
            return makeError(ErrorCode::AlreadySpoke,
                             "your defence turn has passed; wait for DAY_PK_VOTE");
        if (pos > m_state.openingIndex) {
            const std::int64_t turn = phaseDuration(Phase::DayPkDefense);
            const std::int64_t wait
                = (m_state.turnEndsAt - now) + turn * (pos - m_state.openingIndex - 1);
            return makeError(ErrorCode::NotYourTurn,
                             "it is " + order[m_state.openingIndex] + "'s defence turn",
                             true,
                             std::max<std::int64_t>(0, wait));
        }
        kind = MessageKind::Defense;
        break;
    }
    case Phase::DayDiscussion:
        if (kind == MessageKind::Opening)
            return makeError(
                ErrorCode::InvalidKind,
                "the openings are over (DAY_DISCUSSION began); say it with kind DISCUSSION "
                "or DEFENSE");
        if (kind == MessageKind::LastWords)
            return makeError(ErrorCode::InvalidKind,
                             "in DAY_DISCUSSION use kind DISCUSSION or DEFENSE");
        break;
    case Phase::DayResolution:
        if (m_state.lastEliminated != me.playerId)
            return makeError(ErrorCode::WrongPhase,
                             "only the player eliminated by the vote may speak (LAST_WORDS) in "
                             "DAY_RESOLUTION",
                             true);
        if (me.spokeLastWords)
            return makeError(ErrorCode::AlreadySpoke, "you already said your last words");
        kind = MessageKind::LastWords;
        break;
    default:
        return makeError(ErrorCode::WrongPhase,
                         "say_public is allowed in DAY_OPENING (your turn) and DAY_DISCUSSION, "
                         "not in "
                             + std::string(toString(m_state.phase)),
                         m_state.phase != Phase::Ended);
    }
    const bool turn = m_state.phase == Phase::DayOpening || m_state.phase == Phase::DayPkDefense;
    if (m_state.config.rateLimits && !turn && kind != MessageKind::LastWords && me.lastPublicAt) {
        const std::int64_t wait = *me.lastPublicAt + m_state.config.publicChatIntervalMs - now;
        if (wait > 0)
            return makeError(ErrorCode::RateLimited,
                             "public chat is limited to 1 message per "
                                 + std::to_string(m_state.config.publicChatIntervalMs / 1000)
                                 + " s",
                             true,
                             wait);
    }
    payload::PublicMessage message;
    message.playerId = me.playerId;
    message.kind = kind;
    message.text = cmd.text;
    // Only a reply to an event of this match is kept; anything else is dropped, not an error.
    if (cmd.replyToEventId && !cmd.replyToEventId->empty()
        && seqFromEventId(m_state.matchId, *cmd.replyToEventId))
        message.replyToEventId = *cmd.replyToEventId;
    append(now, Audience::Public, message);
    if (turn)
        startOpeningTurn(m_state.openingIndex + 1, now);
    return {};
}

// ---------------------------------------------------------------- hash

std::uint64_t Match::stateHash() const
{
    // Canonical text of the state, hashed. Only reducer-owned fields.
    const MatchState &s = m_state;
    std::string c;
    c.reserve(1024);
    auto add = [&c](const auto &v) {
        if constexpr (std::is_convertible_v<decltype(v), std::string_view>)
            c.append(std::string_view(v));
        else
            c.append(std::to_string(v));
        c.push_back('|');
    };
    auto addOpt = [&](const std::optional<std::string> &o) {
        add(o ? *o : std::string("~"));
    };
    add(s.matchId);
    add(s.buildingInstanceId);
    add(s.seed);
    add(static_cast<int>(s.phase));
    add(s.dayNumber);
    add(s.nightNumber);
    add(s.phaseStartedAt);
    add(s.phaseEndsAt);
    add(static_cast<int>(s.paused));
    add(s.pausedRemainingMs);
    if (s.breakOnPhase || s.breakBeforeVote || s.stepPending || s.voteBreakHit) {
        // Only matches that ever had breakpoints hash them: older hashes stay valid.
        add("bp");
        add(static_cast<int>(s.breakOnPhase) * 8 + static_cast<int>(s.breakBeforeVote) * 4
            + static_cast<int>(s.stepPending) * 2 + static_cast<int>(s.voteBreakHit));
    }
    add(s.openingIndex);
    add(s.turnEndsAt);
    addOpt(s.lastEliminated);
    add(s.winner ? static_cast<int>(*s.winner) : -1);
    add(s.lastSeq);
    for (const Player &p : s.players) {
        add(p.playerId);
        add(p.agentId);
        add(p.displayName);
        add(static_cast<int>(p.role));
        add(static_cast<int>(p.alive) * 4 + static_cast<int>(p.ready) * 2
            + static_cast<int>(p.revealed));
        add(p.lastPublicAt.value_or(-1));
        add(p.lastWolfChatAt.value_or(-1));
        addOpt(p.voteTarget);
        add(static_cast<int>(p.voted));
        addOpt(p.wolfSelection);
        addOpt(p.seerTarget);
        addOpt(p.doctorTarget);
        addOpt(p.doctorPrevTarget);
        add(p.missedDeadlines);
    }
    for (const SeerRecord &r : s.seerHistory) {
        add(r.night);
        add(r.targetPlayerId);
        add(static_cast<int>(r.werewolf));
    }
    if (!s.config.rules.isClassic()) {
        // The rule set, potions, deaths' causes and the PK; classic matches hash
        // exactly as before rule sets.
        add("rules");
        add(s.config.rules.toJson().dump());
        for (const Player &p : s.players) {
            add(static_cast<int>(p.hasAntidote) * 4 + static_cast<int>(p.hasPoison) * 2
                + static_cast<int>(p.witchActed));
            add(p.deathCause);
        }
        addOpt(s.nightVictim);
        add(s.nightHow);
        addOpt(s.witchSaved);
        addOpt(s.witchPoisoned);
        for (const std::string &c : s.pkCandidates)
            add(c);
        add(s.pkRound);
        addOpt(s.hunterPending);
        add(static_cast<int>(s.hunterResume));
    }
    return fnv1a(c.data(), c.size());
}

} // namespace townhall::engine
