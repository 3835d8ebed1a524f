// SPDX-License-Identifier: MIT
#include "payloads.h"

#include <array>
#include <charconv>
#include <limits>

namespace townhall::engine {

namespace {

/// Reads fields of one payload. The first problem is kept and every later
/// read returns a neutral value, so a decoder is a straight list of reads
/// checked once at the end.
class Reader
{
public:
    explicit Reader(const json &root)
        : m_root(root)
    {}

    const json &root() const { return m_root; }
    bool failed() const { return !m_problem.empty(); }
    const std::string &problem() const { return m_problem; }

    std::string_view str(const char *key) { return str(m_root, key); }
    std::string_view str(const json &obj, const char *key)
    {
        const json *v = need(obj, key);
        if (!v)
            return {};
        if (!v->is_string())
            return wrong(key, "a string"), std::string_view();
        return v->get_ref<const std::string &>();
    }

    /// Absent or null: nullopt.
    std::optional<std::string_view> optStr(const char *key)
    {
        const json *v = have(m_root, key);
        if (!v)
            return std::nullopt;
        if (!v->is_string())
            return wrong(key, "a string or null"), std::nullopt;
        return std::string_view(v->get_ref<const std::string &>());
    }

    std::int64_t i64(const char *key) { return i64(m_root, key); }
    std::int64_t i64(const json &obj, const char *key)
    {
        const json *v = need(obj, key);
        return v ? integer(*v, key) : 0;
    }
    int i32(const char *key) { return i32(m_root, key); }
    int i32(const json &obj, const char *key) { return narrow(i64(obj, key), key); }

    std::optional<std::int64_t> optI64(const char *key) { return optI64(m_root, key); }
    std::optional<std::int64_t> optI64(const json &obj, const char *key)
    {
        const json *v = have(obj, key);
        if (!v)
            return std::nullopt;
        return integer(*v, key);
    }
    std::optional<int> optI32(const char *key)
    {
        const auto v = optI64(key);
        if (!v)
            return std::nullopt;
        return narrow(*v, key);
    }

    /// A number of any kind (config values may be written as 1.5 or 2).
    std::optional<double> optNumber(const json &obj, const char *key)
    {
        const json *v = have(obj, key);
        if (!v)
            return std::nullopt;
        if (!v->is_number())
            return wrong(key, "a number"), std::nullopt;
        return v->get<double>();
    }

    bool optBool(const char *key, bool fallback = false) { return optBool(m_root, key, fallback); }
    bool optBool(const json &obj, const char *key, bool fallback)
    {
        const json *v = have(obj, key);
        if (!v)
            return fallback;
        if (!v->is_boolean())
            return wrong(key, "a boolean"), fallback;
        return v->get<bool>();
    }

    std::vector<std::string_view> strings(const char *key)
    {
        std::vector<std::string_view> out;
        const json *v = need(m_root, key);
        if (!v)
            return out;
        if (!v->is_array())
            return wrong(key, "an array of strings"), out;
        out.reserve(v->size());
        for (const json &x : *v) {
            if (!x.is_string())
                return wrong(key, "an array of strings"), std::vector<std::string_view>();
            out.push_back(x.get_ref<const std::string &>());
        }
        return out;
    }

    /// `obj[key]` if it is an object (required).
    const json *object(const json &obj, const char *key)
    {
        const json *v = need(obj, key);
        if (v && !v->is_object())
            return wrong(key, "an object"), nullptr;
        return v;
    }
    /// `obj[key]` if it is an object; absent or null: nullptr.
    const json *optObject(const json &obj, const char *key)
    {
        const json *v = have(obj, key);
        if (v && !v->is_object())
            return wrong(key, "an object"), nullptr;
        return v;
    }
    const json *array(const char *key)
    {
        const json *v = need(m_root, key);
        if (v && !v->is_array())
            return wrong(key, "an array"), nullptr;
        return v;
    }

    /// An enum spelled as one of its names.
    template<typename E>
    E name(const char *key, std::optional<E> (*parse)(std::string_view), E fallback)
    {
        const std::string_view s = str(key);
        if (failed())
            return fallback;
        if (const auto v = parse(s))
            return *v;
        fail(std::string("payload field '") + key + "' has an unknown value '" + std::string(s)
             + "'");
        return fallback;
    }

    void fail(std::string problem)
    {
        if (m_problem.empty())
            m_problem = std::move(problem);
    }

private:
    const json *have(const json &obj, const char *key)
    {
        if (failed() || !obj.is_object())
            return nullptr;
        const auto it = obj.find(key);
        return it == obj.end() || it->is_null() ? nullptr : &*it;
    }
    const json *need(const json &obj, const char *key)
    {
        if (failed())
            return nullptr;
        const json *v = have(obj, key);
        if (!v)
            fail(std::string("payload field '") + key + "' is missing");
        return v;
    }
    void wrong(const char *key, const char *what)
    {
        fail(std::string("payload field '") + key + "' must be " + what);
    }
    std::int64_t integer(const json &v, const char *key)
    {
        if (v.is_number_unsigned()) {
            if (v.get<std::uint64_t>()
                > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                return wrong(key, "an integer in range"), 0;
            return static_cast<std::int64_t>(v.get<std::uint64_t>());
        }
        if (!v.is_number_integer())
            return wrong(key, "an integer"), 0;
        return v.get<std::int64_t>();
    }
    int narrow(std::int64_t v, const char *key)
    {
        if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
            return wrong(key, "an integer in range"), 0;
        return static_cast<int>(v);
    }

    const json &m_root;
    std::string m_problem;
};

std::optional<Team> parseTeamName(std::string_view s)
{
    if (s == toString(Team::Villagers))
        return Team::Villagers;
    if (s == toString(Team::Werewolves))
        return Team::Werewolves;
    return std::nullopt;
}

MatchConfig readConfig(Reader &r, const json &j)
{
    MatchConfig c;
    // Integers stay exact; a fractional value is truncated, as it always was.
    auto ms = [&](const json &obj, const char *key, std::int64_t &out) {
        const auto it = obj.find(key);
        if (it != obj.end() && it->is_number_integer()) {
            if (const auto v = r.optI64(obj, key))
                out = *v;
        } else if (const auto v = r.optNumber(obj, key)) {
            out = static_cast<std::int64_t>(*v);
        }
    };
    if (const json *t = r.optObject(j, "timers")) {
        ms(*t, "lobby", c.timers.lobby);
        ms(*t, "night", c.timers.night);
        ms(*t, "dayAnnounce", c.timers.dayAnnounce);
        ms(*t, "openingTurn", c.timers.openingTurn);
        ms(*t, "dayDiscussion", c.timers.dayDiscussion);
        ms(*t, "dayVote", c.timers.dayVote);
        ms(*t, "dayResolution", c.timers.dayResolution);
    }
    c.speed = r.optNumber(j, "speed").value_or(c.speed);
    ms(j, "publicChatIntervalMs", c.publicChatIntervalMs);
    ms(j, "wolfChatIntervalMs", c.wolfChatIntervalMs);
    c.rateLimits = r.optBool(j, "rateLimits", c.rateLimits);
    c.narrator = r.optBool(j, "narrator", c.narrator);
    if (const json *rules = r.optObject(j, "rules")) {
        auto decoded = RuleSet::fromJson(*rules);
        if (decoded)
            c.rules = std::move(decoded).value();
        else
            r.fail("payload field 'rules': " + decoded.error().message);
    }
    return c;
}

// One read() per payload type: what the engine needs from it, nothing more.

void read(Reader &r, payload::MatchCreated &p)
{
    p.matchId = r.str("matchId");
    p.buildingInstanceId = r.str("buildingInstanceId");
    p.matchNumber = r.i32("matchNumber");
    if (const json *config = r.object(r.root(), "config"))
        p.config = readConfig(r, *config);
    if (const json *players = r.array("players")) {
        p.players.reserve(players->size());
        for (const json &x : *players) {
            if (!x.is_object()) {
                r.fail("payload field 'players' must be an array of objects");
                return;
            }
            p.players.push_back({r.str(x, "playerId"),
                                 r.str(x, "agentId"),
                                 r.str(x, "displayName"),
                                 r.i32(x, "seat")});
        }
    }
}

void read(Reader &r, payload::PhaseChanged &p)
{
    p.to = r.name<Phase>("to", parsePhase, Phase::Lobby);
    p.dayNumber = r.i32("dayNumber");
    p.nightNumber = r.optI32("nightNumber");
    p.phaseEndsAtMs = r.optI64("phaseEndsAtMs");
    if (p.to == Phase::DayOpening || p.to == Phase::DayPkDefense)
        p.order = r.strings("order");
    if (p.to == Phase::HunterShot) {
        p.hunterPlayerId = r.str("hunterPlayerId");
        p.resume = r.name<Phase>("resume", parsePhase, Phase::DayAnnounce);
    }
}

void read(Reader &r, payload::PublicMessage &p)
{
    p.playerId = r.str("playerId");
    p.kind = r.name<MessageKind>("kind", parseMessageKind, MessageKind::Discussion);
    p.text = r.str("text");
}

void read(Reader &r, payload::WolfChatMessage &p)
{
    p.fromWolfId = r.str("fromWolfId");
    p.text = r.str("text");
}

void read(Reader &r, payload::VoteCast &p)
{
    p.voterPlayerId = r.str("voterPlayerId");
    p.targetPlayerId = r.optStr("targetPlayerId");
}

void read(Reader &r, payload::NightResult &p)
{
    p.killedPlayerId = r.optStr("killedPlayerId");
    p.savedByDoctor = r.optBool("savedByDoctor");
    p.night = r.optI32("night");
    if (r.root().contains("deaths"))
        p.deaths = r.strings("deaths");
}

void read(Reader &r, payload::PlayerEliminated &p)
{
    p.playerId = r.str("playerId");
    p.cause = r.optStr("cause").value_or(std::string_view());
    if (const auto role = r.optStr("roleRevealed")) {
        p.roleRevealed = parseRole(*role);
        if (!p.roleRevealed)
            r.fail("payload field 'roleRevealed' has an unknown value '" + std::string(*role)
                   + "'");
    }
}

void read(Reader &r, payload::GameEnded &p)
{
    if (r.optStr("winningTeam") == std::optional<std::string_view>("NONE"))
        p.winningTeam = std::nullopt;
    else
        p.winningTeam = r.name<Team>("winningTeam", parseTeamName, Team::Villagers);
}

void read(Reader &r, payload::RolesAssigned &p)
{
    const std::string_view seed = r.str("seed");
    if (!r.failed()) {
        const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), p.seed);
        if (ec != std::errc() || end != seed.data() + seed.size() || seed.empty())
            r.fail("payload field 'seed' must be a decimal number in a string");
    }
    if (const json *roles = r.object(r.root(), "roles")) {
        p.roles.reserve(roles->size());
        for (const auto &[playerId, role] : roles->items()) {
            const auto parsed
                = role.is_string() ? parseRole(role.get_ref<const std::string &>()) : std::nullopt;
            if (!parsed) {
                r.fail("payload field 'roles' has no valid role for " + playerId);
                return;
            }
            p.roles.emplace_back(playerId, *parsed);
        }
    }
}

void read(Reader &r, payload::PlayerReady &p)
{
    p.playerId = r.str("playerId");
}

void read(Reader &r, payload::TurnStarted &p)
{
    p.index = r.i32("index");
    p.turnEndsAtMs = r.i64("turnEndsAtMs");
    p.phaseEndsAtMs = r.i64("phaseEndsAtMs");
}

void read(Reader &r, payload::TurnMissed &p)
{
    p.playerId = r.str("playerId");
}

void read(Reader &r, payload::WolfKillSelected &p)
{
    p.byPlayerId = r.str("byPlayerId");
    p.targetPlayerId = r.str("targetPlayerId");
}

void read(Reader &r, payload::SeerInspected &p)
{
    p.targetPlayerId = r.str("targetPlayerId");
    const std::string_view alignment = r.str("alignment");
    if (!r.failed() && alignment != "WEREWOLF" && alignment != "NOT_WEREWOLF")
        r.fail("payload field 'alignment' has an unknown value '" + std::string(alignment) + "'");
    p.werewolf = alignment == "WEREWOLF";
    p.night = r.i32("night");
}

void read(Reader &r, payload::DoctorProtected &p)
{
    p.targetPlayerId = r.str("targetPlayerId");
}

void read(Reader &r, payload::NightResolved &p)
{
    p.night = r.optI32("night");
    p.protectedPlayerId = r.optStr("protectedPlayerId");
    p.missed = r.strings("missed");
}

void read(Reader &r, payload::VoteResult &p)
{
    p.eliminatedPlayerId = r.optStr("eliminatedPlayerId");
    p.noVote = r.strings("noVote");
    p.tie = r.optBool("tie");
    p.topCount = r.optI32("topCount").value_or(0);
    if (r.root().contains("pk"))
        p.pk = r.strings("pk");
    p.pkRound = r.optI32("pkRound").value_or(0);
}

void read(Reader &r, payload::WitchInformed &p)
{
    p.night = r.i32("night");
    p.killedPlayerId = r.optStr("killedPlayerId");
}

void read(Reader &r, payload::WitchActed &p)
{
    p.night = r.i32("night");
    p.action = r.str("action");
    if (!r.failed() && p.action != "SAVE" && p.action != "POISON" && p.action != "PASS")
        r.fail("payload field 'action' has an unknown value '" + std::string(p.action) + "'");
    p.targetPlayerId = r.optStr("targetPlayerId");
}

void read(Reader &r, payload::WolvesDecided &p)
{
    p.night = r.i32("night");
    p.victimPlayerId = r.str("victimPlayerId");
    p.how = r.str("how");
    p.wolfTargets = r.strings("wolfTargets");
    p.protectedPlayerId = r.optStr("protectedPlayerId");
    p.missed = r.strings("missed");
}

void read(Reader &r, payload::HunterShot &p)
{
    p.hunterPlayerId = r.str("hunterPlayerId");
    p.targetPlayerId = r.optStr("targetPlayerId");
}

void read(Reader &r, payload::MatchPaused &p)
{
    p.remainingMs = r.i64("remainingMs");
    p.breakpoint = r.optStr("breakpoint");
}

void read(Reader &r, payload::MatchResumed &p)
{
    p.phaseEndsAtMs = r.i64("phaseEndsAtMs");
    p.turnEndsAtMs = r.optI64("turnEndsAtMs");
    p.speed = r.optNumber(r.root(), "speed");
    if (p.speed && !(*p.speed > 0))
        p.speed.reset(); // a factor that is not above zero changes nothing
}

void read(Reader &r, payload::BreakpointsSet &p)
{
    p.phaseBoundary = r.optBool("phaseBoundary");
    p.beforeVoteResolution = r.optBool("beforeVoteResolution");
    p.step = r.optBool("step");
}

// Types whose payload the engine does not read.
void read(Reader &, payload::Narrator &) {}
void read(Reader &, payload::RoleCard &) {}
void read(Reader &, payload::RolesRevealed &) {}

template<std::size_t I>
Payload readAs(Reader &r)
{
    Payload p(std::in_place_index<I>);
    read(r, *std::get_if<I>(&p));
    return p;
}

template<std::size_t... I>
constexpr auto readers(std::index_sequence<I...>)
{
    return std::array<Payload (*)(Reader &), sizeof...(I)>{&readAs<I>...};
}

/// Indexed by EventType: adding a type without a read() does not compile.
constexpr auto Readers = readers(std::make_index_sequence<std::variant_size_v<Payload>>());

} // namespace

Expected<MatchConfig> decodeMatchConfig(const json &j)
{
    if (!j.is_object())
        return makeError(ErrorCode::InvalidArgument, "match config is not an object");
    Reader r(j);
    MatchConfig c = readConfig(r, j);
    if (r.failed())
        return makeError(ErrorCode::InvalidArgument, "match config: " + r.problem());
    return c;
}

Expected<Payload> decodePayload(const Event &e)
{
    const auto index = static_cast<std::size_t>(e.type);
    auto where = [&e, index]() {
        std::string w = "event " + e.eventId;
        if (index < Readers.size())
            w += " (" + std::string(toString(e.type)) + ")";
        return w;
    };
    if (index >= Readers.size())
        return makeError(ErrorCode::InvalidArgument,
                         where() + ": unknown event type " + std::to_string(index));
    if (!e.payload.is_object())
        return makeError(ErrorCode::InvalidArgument, where() + ": payload is not an object");
    Reader r(e.payload);
    Payload p = Readers[index](r);
    if (r.failed())
        return makeError(ErrorCode::InvalidArgument, where() + ": " + r.problem());
    return p;
}

} // namespace townhall::engine
