// SPDX-License-Identifier: MIT
#include "lobby.h"
#include "playertext.h"

#include "rng.h"

#include <algorithm>
#include <cmath>

namespace townhall::engine {

namespace {
const std::deque<QueueEntry> EmptyQueue;

} // namespace

std::string Lobby::canonicalQueueId(const std::string &queueId)
{
    const std::string_view prefix = PresetQueuePrefix;
    if (queueId.starts_with(prefix))
        if (auto name = renamedPreset(std::string_view(queueId).substr(prefix.size())))
            return std::string(prefix) + std::string(*name);
    return queueId;
}

const RuleSet *Lobby::queueRules(const std::string &requestedId) const
{
    const std::string queueId = canonicalQueueId(requestedId);
    if (queueId == DefaultQueueId)
        return &m_defaults.rules;
    for (const auto &[id, rules] : m_customQueues)
        if (id == queueId)
            return &rules;
    const std::string_view prefix = PresetQueuePrefix;
    if (queueId.starts_with(prefix))
        for (const RuleSet &r : rulePresets())
            if (queueId.compare(prefix.size(), std::string::npos, r.name) == 0)
                return &r;
    return nullptr;
}

int Lobby::seatCount(const std::string &queueId) const
{
    const RuleSet *r = queueRules(queueId);
    return r ? r->seatCount() : 0;
}

Expected<void> Lobby::registerQueue(const std::string &queueId, RuleSet rules)
{
    if (queueId.empty())
        return makeError(ErrorCode::InvalidArgument, "a queue needs an id");
    if (queueRules(queueId))
        return makeError(ErrorCode::InvalidArgument, "there is already a queue '" + queueId + "'");
    if (auto why = rules.validate())
        return makeError(ErrorCode::InvalidArgument, "queue '" + queueId + "': " + *why);
    m_customQueues.emplace_back(queueId, std::move(rules));
    return {};
}

std::vector<std::string> Lobby::queueIds() const
{
    std::vector<std::string> ids{DefaultQueueId};
    for (const RuleSet &r : rulePresets())
        ids.push_back(PresetQueuePrefix + r.name);
    for (const auto &[id, rules] : m_customQueues)
        ids.push_back(id);
    return ids;
}

Error Lobby::unknownQueue(const std::string &queueId) const
{
    std::string known;
    for (const std::string &id : queueIds())
        known += (known.empty() ? "'" : ", '") + id + "'";
    return makeError(ErrorCode::UnknownQueue,
                     "unknown queue '" + queueId + "'; this server has " + known);
}

json LobbyRecord::toJson() const
{
    static const char *kinds[] = {"JOINED", "LEFT", "MATCH_STARTED"};
    json j{{"kind", kinds[static_cast<int>(kind)]}, {"at", at}, {"queueId", queueId}};
    if (kind != Kind::MatchStarted) {
        j["agentId"] = agentId;
        j["displayName"] = displayName;
        if (!reason.empty())
            j["reason"] = reason;
    } else {
        j["matchId"] = matchId;
        j["matchNumber"] = matchNumber;
        j["seed"] = std::to_string(seed);
        j["seatedAgents"] = seatedAgents;
    }
    return j;
}

std::optional<LobbyRecord> LobbyRecord::fromJson(const json &j)
{
    if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string())
        return std::nullopt;
    LobbyRecord r;
    const std::string k = j["kind"].get<std::string>();
    if (k == "JOINED")
        r.kind = Kind::Joined;
    else if (k == "LEFT")
        r.kind = Kind::Left;
    else if (k == "MATCH_STARTED")
        r.kind = Kind::MatchStarted;
    else
        return std::nullopt;
    try {
        r.at = j.at("at").get<TimeMs>();
        r.queueId = j.at("queueId").get<std::string>();
        if (r.kind == Kind::MatchStarted) {
            r.matchId = j.at("matchId").get<std::string>();
            r.matchNumber = j.at("matchNumber").get<int>();
            r.seed = std::stoull(j.at("seed").get<std::string>());
            r.seatedAgents = j.at("seatedAgents").get<std::vector<std::string>>();
        } else {
            r.agentId = j.at("agentId").get<std::string>();
            r.displayName = j.at("displayName").get<std::string>();
            r.reason = j.value("reason", std::string());
        }
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return r;
}

Lobby::Lobby(std::uint64_t seed, MatchConfig defaults)
    : m_seed(seed)
    , m_defaults(std::move(defaults))
{}

std::string Lobby::matchIdFor(int number)
{
    return "match-" + std::to_string(number);
}

std::uint64_t Lobby::matchSeed(std::uint64_t lobbySeed, int number)
{
    return Rng::forDecision(lobbySeed, static_cast<std::uint64_t>(number), 0x5EED).next();
}

Building Lobby::buildingFor(int number, const std::string &matchId, TimeMs at)
{
    // Phyllotaxis around the Town Hall: evenly spread, never overlapping, and
    // the same number always lands on the same spot.
    constexpr double golden = 2.39996322972865332; // radians
    const double r = 320.0 + 70.0 * std::sqrt(static_cast<double>(number - 1)) * 1.8;
    const double a = golden * (number - 1) - 1.2;
    Building b;
    b.buildingInstanceId = "bld-" + std::to_string(number);
    b.matchId = matchId;
    b.label = "Werewolf Game #" + std::to_string(number);
    b.number = number;
    b.x = std::round(r * std::cos(a));
    b.y = std::round(r * std::sin(a));
    b.createdAt = at;
    return b;
}

const std::deque<QueueEntry> &Lobby::queue(const std::string &queueId) const
{
    auto it = m_queues.find(canonicalQueueId(queueId));
    return it == m_queues.end() ? EmptyQueue : it->second;
}

std::optional<Assignment> Lobby::activeAssignment(const std::string &agentId) const
{
    // Newest first: an agent sits in at most one active match.
    for (auto it = m_order.rbegin(); it != m_order.rend(); ++it) {
        const Match &m = *m_matches.at(*it);
        if (m.ended())
            continue;
        if (const Player *p = m.playerByAgent(agentId))
            return Assignment{m.matchId(), m.state().buildingInstanceId, p->playerId, p->seat};
    }
    return std::nullopt;
}

Expected<QueueStatus> Lobby::status(const std::string &agentId, const std::string &queueId) const
{
    const RuleSet *rules = queueRules(queueId);
    if (!rules)
        return unknownQueue(queueId);
    QueueStatus s;
    s.queueId = queueId;
    s.requiredPlayers = rules->seatCount();
    const auto &q = queue(queueId);
    s.size = static_cast<int>(q.size());
    for (std::size_t i = 0; i < q.size(); ++i)
        if (q[i].agentId == agentId)
            s.position = static_cast<int>(i) + 1;
    s.assignment = activeAssignment(agentId);
    s.starting = s.assignment.has_value();
    // Nobody can promise when strangers arrive: 0 when starting, otherwise a
    // rough 10 s per missing player.
    s.estimatedStartSeconds = s.starting ? 0 : 10LL * std::max(0, s.requiredPlayers - s.size);
    return s;
}

namespace {
/// `name`, or with a suffix ("Ada 2") when a seat already has it: names are
/// how players talk about each other, so two may not share one.
std::string uniqueName(const std::vector<SeatAssignment> &seats, const std::string &name)
{
    auto taken = [&seats](const std::string &n) {
        return std::any_of(seats.begin(), seats.end(), [&n](const SeatAssignment &s) {
            return s.displayName == n;
        });
    };
    // Cleaned here too: a journal written before names were cleaned at join
    // still seats one-line names.
    const std::string clean = cleanDisplayName(name);
    std::string candidate = clean;
    for (int n = 2; taken(candidate); ++n)
        candidate = clean + " " + std::to_string(n);
    return candidate;
}
} // namespace

Expected<Lobby::JoinResult> Lobby::join(const std::string &agentId,
                                        const std::string &displayName,
                                        const std::string &queueId,
                                        TimeMs now)
{
    const RuleSet *rules = queueRules(queueId);
    if (!rules)
        return unknownQueue(queueId);
    const int seats = rules->seatCount();
    if (auto a = activeAssignment(agentId))
        return makeError(ErrorCode::AlreadyInMatch,
                         "already seated in " + a->matchId + " (seat " + std::to_string(a->seat)
                             + "); finish it first or call et.werewolf.queue.status");
    JoinResult res;
    auto &q = m_queues[canonicalQueueId(queueId)];
    const bool already = std::any_of(
        q.begin(), q.end(), [&](const QueueEntry &e) { return e.agentId == agentId; });
    if (!already) {
        LobbyRecord r;
        r.kind = LobbyRecord::Kind::Joined;
        r.at = now;
        r.queueId = queueId;
        r.agentId = agentId;
        r.displayName = cleanDisplayName(displayName);
        applyRecord(r);
        res.records.push_back(std::move(r));
    }
    if (q.size() >= static_cast<std::size_t>(seats)) {
        LobbyRecord r;
        r.kind = LobbyRecord::Kind::MatchStarted;
        r.at = now;
        r.queueId = queueId;
        // The next number whose id no match has: an imported match may
        // carry an id that is not its number's (stores written before imports
        // were checked), and an id is never given twice.
        r.matchNumber = m_counter + 1;
        while (std::any_of(
            m_buildings.begin(),
            m_buildings.end(),
            [id = matchIdFor(r.matchNumber)](const Building &b) { return b.matchId == id; }))
            ++r.matchNumber;
        r.matchId = matchIdFor(r.matchNumber);
        r.seed = matchSeed(m_seed, r.matchNumber);
        std::vector<SeatAssignment> seated;
        for (int i = 0; i < seats; ++i) {
            r.seatedAgents.push_back(q[i].agentId);
            seated.push_back({q[i].agentId, uniqueName(seated, q[i].displayName)});
        }
        applyRecord(r);
        const Building &b = m_buildings.back();
        // The match keeps its rules in MATCH_CREATED, so recovery rebuilds
        // it from its own log whichever queue it came from.
        MatchConfig config = m_defaults;
        config.rules = *rules;
        if (auto deal = m_deals.find(canonicalQueueId(queueId)); deal != m_deals.end()) {
            // A tournament's roles for this table, in queue order (the
            // engine checks that they are the rule set's deck).
            if (deal->second.size() == seated.size())
                config.deal = deal->second;
            m_deals.erase(deal);
        }
        auto m = std::make_unique<Match>(Match::create(
            r.matchId, b.buildingInstanceId, r.matchNumber, r.seed, seated, config, now));
        res.matchEvents = m->log();
        res.startedMatch = m.get();
        m_matches[r.matchId] = std::move(m);
        m_order.push_back(r.matchId);
        res.records.push_back(std::move(r));
    }
    res.status = *status(agentId, queueId);
    return res;
}

Expected<Lobby::LeaveResult>
Lobby::leave(const std::string &agentId, const std::string &queueId, TimeMs now, std::string reason)
{
    if (!queueRules(queueId))
        return unknownQueue(queueId);
    LeaveResult res;
    auto &q = m_queues[canonicalQueueId(queueId)];
    if (std::any_of(
            q.begin(), q.end(), [&](const QueueEntry &e) { return e.agentId == agentId; })) {
        LobbyRecord r;
        r.kind = LobbyRecord::Kind::Left;
        r.at = now;
        r.queueId = queueId;
        r.agentId = agentId;
        r.reason = std::move(reason);
        applyRecord(r);
        res.records.push_back(std::move(r));
        res.removed = true;
    }
    res.status = *status(agentId, queueId);
    return res;
}

void Lobby::applyRecord(const LobbyRecord &r)
{
    // A journal written before the presets were renamed has their old ids.
    auto &q = m_queues[canonicalQueueId(r.queueId)];
    switch (r.kind) {
    case LobbyRecord::Kind::Joined:
        if (std::none_of(
                q.begin(), q.end(), [&](const QueueEntry &e) { return e.agentId == r.agentId; }))
            q.push_back({r.agentId, r.displayName, r.at});
        break;
    case LobbyRecord::Kind::Left:
        q.erase(std::remove_if(q.begin(),
                               q.end(),
                               [&](const QueueEntry &e) { return e.agentId == r.agentId; }),
                q.end());
        break;
    case LobbyRecord::Kind::MatchStarted:
        for (const std::string &a : r.seatedAgents)
            q.erase(std::remove_if(
                        q.begin(), q.end(), [&](const QueueEntry &e) { return e.agentId == a; }),
                    q.end());
        m_counter = std::max(m_counter, r.matchNumber);
        if (std::none_of(m_buildings.begin(), m_buildings.end(), [&](const Building &b) {
                return b.matchId == r.matchId;
            }))
            m_buildings.push_back(buildingFor(r.matchNumber, r.matchId, r.at));
        break;
    }
}

Match *Lobby::adopt(Match m, TimeMs createdAt)
{
    const std::string id = m.matchId();
    const int number = m.state().matchNumber;
    m_counter = std::max(m_counter, number);
    if (std::none_of(m_buildings.begin(), m_buildings.end(), [&](const Building &b) {
            return b.matchId == id;
        }))
        m_buildings.push_back(buildingFor(number, id, createdAt));
    auto [it, inserted] = m_matches.insert_or_assign(id, std::make_unique<Match>(std::move(m)));
    if (inserted)
        m_order.push_back(id);
    return it->second.get();
}

void Lobby::forget(const std::string &matchId)
{
    m_matches.erase(matchId);
    std::erase(m_order, matchId);
    std::erase_if(m_buildings, [&](const Building &b) { return b.matchId == matchId; });
    m_counter = 0;
    for (const auto &[id, m] : m_matches)
        m_counter = std::max(m_counter, m->state().matchNumber);
}

void Lobby::restoreQueues(const std::vector<LobbyRecord> &journal)
{
    m_queues.clear();
    for (const LobbyRecord &r : journal)
        applyRecord(r);
}

Match *Lobby::match(const std::string &matchId)
{
    auto it = m_matches.find(matchId);
    return it == m_matches.end() ? nullptr : it->second.get();
}

const Match *Lobby::match(const std::string &matchId) const
{
    auto it = m_matches.find(matchId);
    return it == m_matches.end() ? nullptr : it->second.get();
}

std::vector<Match *> Lobby::orderedMatches() const
{
    std::vector<Match *> v;
    for (const auto &id : m_order)
        v.push_back(m_matches.at(id).get());
    return v;
}

const Building *Lobby::building(const std::string &matchId) const
{
    for (const Building &b : m_buildings)
        if (b.matchId == matchId)
            return &b;
    return nullptr;
}

std::optional<TimeMs> Lobby::nextDeadline() const
{
    std::optional<TimeMs> best;
    for (const auto &[id, m] : m_matches)
        if (auto d = m->nextDeadline(); d && (!best || *d < *best))
            best = d;
    return best;
}

std::vector<std::pair<Match *, std::vector<Event>>> Lobby::advance(TimeMs now)
{
    std::vector<std::pair<Match *, std::vector<Event>>> out;
    for (const auto &id : m_order) {
        Match *m = m_matches.at(id).get();
        auto d = m->nextDeadline();
        if (!d || *d > now)
            continue;
        auto ev = m->advance(now);
        if (!ev.empty())
            out.emplace_back(m, std::move(ev));
    }
    return out;
}

} // namespace townhall::engine
