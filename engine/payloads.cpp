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
    int optI32(const char *key, int fallback) { return optI32(key).value_or(fallback); }

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
        return strings(need(m_root, key), key);
    }
    /// Absent or null: empty.
    std::vector<std::string_view> optStrings(const char *key)
    {
        return strings(have(m_root, key), key);
    }
    std::vector<std::string_view> strings(const json *v, const char *key)
    {
        std::vector<std::string_view> out;
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

    /// An optional enum spelled as one of its names; absent or null: nullopt.
    template<typename E>
    std::optional<E> optName(const char *key, std::optional<E> (*parse)(std::string_view))
    {
        if (!have(m_root, key))
            return std::nullopt;
        return name<E>(key, parse, E());
    }

    /// `{playerId: role}`, in payload order.
    std::vector<std::pair<std::string_view, Role>> roleTable(const json &roles, const char *key)
    {
        std::vector<std::pair<std::string_view, Role>> out;
        out.reserve(roles.size());
        for (const auto &[playerId, role] : roles.items()) {
            const auto parsed
                = role.is_string() ? parseRole(role.get_ref<const std::string &>()) : std::nullopt;
            if (!parsed) {
                fail(std::string("payload field '") + key + "' has no valid role for " + playerId);
                return {};
            }
            out.emplace_back(playerId, *parsed);
        }
        return out;
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

/// Writes one payload: a JSON object built by emplacing (no initializer-list
/// temporaries, which cost measurably on the hot paths). Strings are copied
/// out of the views.
class Writer
{
public:
    Writer()
        : m_json(json::value_t::object)
        , m_object(*m_json.get_ptr<json::object_t *>())
    {}

    template<typename V>
    Writer &put(const char *key, V &&value)
    {
        m_object.emplace(key, json(std::forward<V>(value)));
        return *this;
    }
    Writer &str(const char *key, std::string_view v) { return put(key, std::string(v)); }
    /// Always written: the string, or null.
    Writer &orNull(const char *key, const std::optional<std::string_view> &v)
    {
        return v ? str(key, *v) : put(key, nullptr);
    }
    /// Written only when set.
    Writer &ifSet(const char *key, const std::optional<std::string_view> &v)
    {
        return v ? str(key, *v) : *this;
    }
    template<typename N>
    Writer &ifSet(const char *key, const std::optional<N> &v)
    {
        return v ? put(key, *v) : *this;
    }
    Writer &names(const char *key, const std::vector<std::string_view> &v)
    {
        json a(json::value_t::array);
        auto &items = *a.get_ptr<json::array_t *>();
        items.reserve(v.size());
        for (std::string_view x : v)
            items.emplace_back(std::string(x));
        return put(key, std::move(a));
    }
    Writer &roleTable(const char *key, const std::vector<std::pair<std::string_view, Role>> &roles)
    {
        json o(json::value_t::object);
        for (const auto &[playerId, role] : roles)
            o.get_ptr<json::object_t *>()->emplace(std::string(playerId), json(toString(role)));
        return put(key, std::move(o));
    }
    json take() { return std::move(m_json); }

private:
    json m_json;
    json::object_t &m_object;
};

// One read() and one write() per payload type, side by side: the keys of a
// payload are spelled here and nowhere else.

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

json write(const payload::MatchCreated &p)
{
    json players(json::value_t::array);
    for (const payload::Seat &x : p.players)
        players.push_back(Writer()
                              .str("playerId", x.playerId)
                              .str("agentId", x.agentId)
                              .str("displayName", x.displayName)
                              .put("seat", x.seat)
                              .take());
    return Writer()
        .str("matchId", p.matchId)
        .str("buildingInstanceId", p.buildingInstanceId)
        .put("matchNumber", p.matchNumber)
        .put("config", p.config.toJson())
        .put("players", std::move(players))
        .take();
}

void read(Reader &r, payload::PhaseChanged &p)
{
    p.from = r.optName<Phase>("from", parsePhase);
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

json write(const payload::PhaseChanged &p)
{
    Writer w;
    w.put("from", p.from ? json(toString(*p.from)) : json(nullptr))
        .put("to", toString(p.to))
        .put("dayNumber", p.dayNumber)
        .ifSet("nightNumber", p.nightNumber);
    if (p.to == Phase::DayOpening || p.to == Phase::DayPkDefense)
        w.names("order", p.order);
    w.ifSet("hunterPlayerId", p.hunterPlayerId);
    if (p.resume)
        w.put("resume", toString(*p.resume));
    if (p.phaseEndsAtMs)
        w.put("phaseEndsAtMs", *p.phaseEndsAtMs).put("phaseEndsAt", isoTime(*p.phaseEndsAtMs));
    return w.take();
}

void read(Reader &r, payload::PublicMessage &p)
{
    p.playerId = r.str("playerId");
    p.kind = r.name<MessageKind>("kind", parseMessageKind, MessageKind::Discussion);
    p.text = r.str("text");
    p.replyToEventId = r.optStr("replyToEventId");
}

json write(const payload::PublicMessage &p)
{
    return Writer()
        .str("playerId", p.playerId)
        .str("text", p.text)
        .put("kind", toString(p.kind))
        .ifSet("replyToEventId", p.replyToEventId)
        .take();
}

void read(Reader &r, payload::WolfChatMessage &p)
{
    p.fromWolfId = r.str("fromWolfId");
    p.text = r.str("text");
}

json write(const payload::WolfChatMessage &p)
{
    return Writer().str("fromWolfId", p.fromWolfId).str("text", p.text).take();
}

void read(Reader &r, payload::VoteCast &p)
{
    p.voterPlayerId = r.str("voterPlayerId");
    p.targetPlayerId = r.optStr("targetPlayerId");
    p.reason = r.optStr("reason");
    p.changed = r.root().contains("previousTargetPlayerId");
    p.previousTargetPlayerId = r.optStr("previousTargetPlayerId");
}

json write(const payload::VoteCast &p)
{
    Writer w;
    w.str("voterPlayerId", p.voterPlayerId)
        .orNull("targetPlayerId", p.targetPlayerId)
        .orNull("reason", p.reason);
    if (p.changed)
        w.orNull("previousTargetPlayerId", p.previousTargetPlayerId);
    return w.take();
}

void read(Reader &r, payload::NightResult &p)
{
    p.killedPlayerId = r.optStr("killedPlayerId");
    p.savedByDoctor = r.optBool("savedByDoctor");
    p.night = r.optI32("night");
    if (r.root().contains("deaths"))
        p.deaths = r.strings("deaths");
}

json write(const payload::NightResult &p)
{
    Writer w;
    w.ifSet("night", p.night)
        .orNull("killedPlayerId", p.killedPlayerId)
        .put("savedByDoctor", p.savedByDoctor);
    if (p.deaths)
        w.names("deaths", *p.deaths);
    return w.take();
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
    p.night = r.optI32("night");
    p.day = r.optI32("day");
    p.votes = r.optI32("votes");
    p.byPlayerId = r.optStr("byPlayerId");
}

json write(const payload::PlayerEliminated &p)
{
    Writer w;
    w.str("playerId", p.playerId);
    if (!p.cause.empty())
        w.str("cause", p.cause);
    if (p.roleRevealed)
        w.put("roleRevealed", toString(*p.roleRevealed));
    return w.ifSet("night", p.night)
        .ifSet("day", p.day)
        .ifSet("votes", p.votes)
        .ifSet("byPlayerId", p.byPlayerId)
        .take();
}

void read(Reader &r, payload::GameEnded &p)
{
    if (r.optStr("winningTeam") == std::optional<std::string_view>("NONE"))
        p.winningTeam = std::nullopt;
    else
        p.winningTeam = r.name<Team>("winningTeam", parseTeamName, Team::Villagers);
    p.dayNumber = r.optI32("dayNumber", 0);
    p.survivors = r.optI32("survivors", 0);
    p.reason = r.optStr("reason");
}

json write(const payload::GameEnded &p)
{
    return Writer()
        .put("winningTeam", p.winningTeam ? toString(*p.winningTeam) : std::string_view("NONE"))
        .put("dayNumber", p.dayNumber)
        .put("survivors", p.survivors)
        .ifSet("reason", p.reason)
        .take();
}

void read(Reader &r, payload::Narrator &p)
{
    p.templateId = r.optStr("templateId").value_or(std::string_view());
    p.args.value = r.optObject(r.root(), "args");
    p.text = r.optStr("text").value_or(std::string_view());
    p.causeEventId = r.optStr("causeEventId").value_or(std::string_view());
}

json write(const payload::Narrator &p)
{
    return Writer()
        .str("templateId", p.templateId)
        .put("args", p.args.value ? *p.args.value : json::object())
        .str("text", p.text)
        .str("causeEventId", p.causeEventId)
        .take();
}

void read(Reader &r, payload::RolesAssigned &p)
{
    const std::string_view seed = r.str("seed");
    if (!r.failed()) {
        const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), p.seed);
        if (ec != std::errc() || end != seed.data() + seed.size() || seed.empty())
            r.fail("payload field 'seed' must be a decimal number in a string");
    }
    if (const json *roles = r.object(r.root(), "roles"))
        p.roles = r.roleTable(*roles, "roles");
}

json write(const payload::RolesAssigned &p)
{
    return Writer().put("seed", std::to_string(p.seed)).roleTable("roles", p.roles).take();
}

void read(Reader &r, payload::RoleCard &p)
{
    p.role = r.optName<Role>("role", parseRole).value_or(Role::Villager);
    p.knownWolves = r.optStrings("knownWolves");
}

json write(const payload::RoleCard &p)
{
    return Writer().put("role", toString(p.role)).names("knownWolves", p.knownWolves).take();
}

void read(Reader &r, payload::PlayerReady &p)
{
    p.playerId = r.str("playerId");
}

json write(const payload::PlayerReady &p)
{
    return Writer().str("playerId", p.playerId).take();
}

void read(Reader &r, payload::TurnStarted &p)
{
    p.playerId = r.optStr("playerId").value_or(std::string_view());
    p.seat = r.optI32("seat", 0);
    p.index = r.i32("index");
    p.of = r.optI32("of", 0);
    p.turnEndsAtMs = r.i64("turnEndsAtMs");
    p.phaseEndsAtMs = r.i64("phaseEndsAtMs");
}

json write(const payload::TurnStarted &p)
{
    return Writer()
        .str("playerId", p.playerId)
        .put("seat", p.seat)
        .put("index", p.index)
        .put("of", p.of)
        .put("turnEndsAtMs", p.turnEndsAtMs)
        .put("turnEndsAt", isoTime(p.turnEndsAtMs))
        .put("phaseEndsAtMs", p.phaseEndsAtMs)
        .take();
}

void read(Reader &r, payload::TurnMissed &p)
{
    p.playerId = r.str("playerId");
    p.index = r.optI32("index", 0);
}

json write(const payload::TurnMissed &p)
{
    return Writer().str("playerId", p.playerId).put("index", p.index).take();
}

void read(Reader &r, payload::WolfKillSelected &p)
{
    p.byPlayerId = r.str("byPlayerId");
    p.targetPlayerId = r.str("targetPlayerId");
    p.night = r.optI32("night", 0);
}

json write(const payload::WolfKillSelected &p)
{
    return Writer()
        .str("byPlayerId", p.byPlayerId)
        .str("targetPlayerId", p.targetPlayerId)
        .put("night", p.night)
        .take();
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

json write(const payload::SeerInspected &p)
{
    return Writer()
        .str("targetPlayerId", p.targetPlayerId)
        .put("alignment", p.werewolf ? "WEREWOLF" : "NOT_WEREWOLF")
        .put("night", p.night)
        .take();
}

void read(Reader &r, payload::DoctorProtected &p)
{
    p.targetPlayerId = r.str("targetPlayerId");
    p.night = r.optI32("night", 0);
}

json write(const payload::DoctorProtected &p)
{
    return Writer().str("targetPlayerId", p.targetPlayerId).put("night", p.night).take();
}

void read(Reader &r, payload::NightResolved &p)
{
    p.night = r.optI32("night");
    p.wolfTargets = r.optStrings("wolfTargets");
    p.victimPlayerId = r.optStr("victimPlayerId").value_or(std::string_view());
    p.how = r.optStr("how").value_or(std::string_view());
    p.protectedPlayerId = r.optStr("protectedPlayerId");
    p.saved = r.optBool("saved");
    p.missed = r.strings("missed");
    if (r.root().contains("deaths"))
        p.witch = payload::NightResolved::Witch{
            r.optStr("witchSavedPlayerId"), r.optStr("witchPoisonedPlayerId"), r.strings("deaths")};
}

json write(const payload::NightResolved &p)
{
    Writer w;
    w.ifSet("night", p.night)
        .names("wolfTargets", p.wolfTargets)
        .str("victimPlayerId", p.victimPlayerId)
        .str("how", p.how)
        .orNull("protectedPlayerId", p.protectedPlayerId)
        .put("saved", p.saved)
        .names("missed", p.missed);
    if (p.witch)
        w.orNull("witchSavedPlayerId", p.witch->savedPlayerId)
            .orNull("witchPoisonedPlayerId", p.witch->poisonedPlayerId)
            .names("deaths", p.witch->deaths);
    return w.take();
}

void read(Reader &r, payload::VoteResult &p)
{
    p.day = r.optI32("day", 0);
    if (const json *tally = r.optObject(r.root(), "tally")) {
        p.tally.reserve(tally->size());
        for (const auto &[target, votes] : tally->items()) {
            if (!votes.is_number_integer()) {
                r.fail("payload field 'tally' must map players to integers");
                return;
            }
            p.tally.emplace_back(target, votes.get<int>());
        }
    }
    p.abstained = r.optStrings("abstained");
    p.eliminatedPlayerId = r.optStr("eliminatedPlayerId");
    p.noVote = r.strings("noVote");
    p.tie = r.optBool("tie");
    p.topCount = r.optI32("topCount", 0);
    if (r.root().contains("pk"))
        p.pk = r.strings("pk");
    p.pkRound = r.optI32("pkRound", 0);
}

json write(const payload::VoteResult &p)
{
    json tally(json::value_t::object);
    for (const auto &[target, votes] : p.tally)
        tally.get_ptr<json::object_t *>()->emplace(std::string(target), json(votes));
    Writer w;
    w.put("day", p.day)
        .put("tally", std::move(tally))
        .names("abstained", p.abstained)
        .names("noVote", p.noVote)
        .orNull("eliminatedPlayerId", p.eliminatedPlayerId)
        .put("tie", p.tie)
        .put("topCount", p.topCount);
    if (!p.pk.empty())
        w.names("pk", p.pk);
    if (p.pkRound > 0)
        w.put("pkRound", p.pkRound);
    return w.take();
}

void read(Reader &r, payload::RolesRevealed &p)
{
    if (const json *roles = r.optObject(r.root(), "roles"))
        p.roles = r.roleTable(*roles, "roles");
}

json write(const payload::RolesRevealed &p)
{
    return Writer().roleTable("roles", p.roles).take();
}

void read(Reader &r, payload::WitchInformed &p)
{
    p.night = r.i32("night");
    p.killedPlayerId = r.optStr("killedPlayerId");
    p.antidote = r.optBool("antidote");
    p.poison = r.optBool("poison");
}

json write(const payload::WitchInformed &p)
{
    return Writer()
        .put("night", p.night)
        .orNull("killedPlayerId", p.killedPlayerId)
        .put("antidote", p.antidote)
        .put("poison", p.poison)
        .take();
}

void read(Reader &r, payload::WitchActed &p)
{
    p.night = r.i32("night");
    p.action = r.str("action");
    if (!r.failed() && p.action != "SAVE" && p.action != "POISON" && p.action != "PASS")
        r.fail("payload field 'action' has an unknown value '" + std::string(p.action) + "'");
    p.targetPlayerId = r.optStr("targetPlayerId");
}

json write(const payload::WitchActed &p)
{
    return Writer()
        .put("night", p.night)
        .str("action", p.action)
        .orNull("targetPlayerId", p.targetPlayerId)
        .take();
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

json write(const payload::WolvesDecided &p)
{
    return Writer()
        .put("night", p.night)
        .str("victimPlayerId", p.victimPlayerId)
        .str("how", p.how)
        .names("wolfTargets", p.wolfTargets)
        .orNull("protectedPlayerId", p.protectedPlayerId)
        .names("missed", p.missed)
        .take();
}

void read(Reader &r, payload::HunterShot &p)
{
    p.hunterPlayerId = r.str("hunterPlayerId");
    p.targetPlayerId = r.optStr("targetPlayerId");
    p.timedOut = r.optBool("timedOut");
}

json write(const payload::HunterShot &p)
{
    return Writer()
        .str("hunterPlayerId", p.hunterPlayerId)
        .orNull("targetPlayerId", p.targetPlayerId)
        .put("timedOut", p.timedOut)
        .take();
}

void read(Reader &r, payload::MatchPaused &p)
{
    p.remainingMs = r.i64("remainingMs");
    p.phase = r.optName<Phase>("phase", parsePhase);
    p.reason = r.optStr("reason");
    p.breakpoint = r.optStr("breakpoint");
}

json write(const payload::MatchPaused &p)
{
    Writer w;
    w.put("remainingMs", p.remainingMs);
    if (p.phase)
        w.put("phase", toString(*p.phase));
    return w.ifSet("reason", p.reason).ifSet("breakpoint", p.breakpoint).take();
}

void read(Reader &r, payload::MatchResumed &p)
{
    p.reason = r.optStr("reason").value_or(std::string_view());
    p.phaseEndsAtMs = r.i64("phaseEndsAtMs");
    p.turnEndsAtMs = r.optI64("turnEndsAtMs");
    p.speed = r.optNumber(r.root(), "speed");
    if (p.speed && !(*p.speed > 0))
        p.speed.reset(); // a factor that is not above zero changes nothing
    p.skipTurns = r.optBool("skipTurns");
}

json write(const payload::MatchResumed &p)
{
    Writer w;
    w.str("reason", p.reason)
        .put("phaseEndsAtMs", p.phaseEndsAtMs)
        .put("phaseEndsAt", isoTime(p.phaseEndsAtMs))
        .ifSet("turnEndsAtMs", p.turnEndsAtMs)
        .ifSet("speed", p.speed);
    if (p.skipTurns)
        w.put("skipTurns", true);
    return w.take();
}

void read(Reader &r, payload::BreakpointsSet &p)
{
    p.phaseBoundary = r.optBool("phaseBoundary");
    p.beforeVoteResolution = r.optBool("beforeVoteResolution");
    p.step = r.optBool("step");
}

json write(const payload::BreakpointsSet &p)
{
    return Writer()
        .put("phaseBoundary", p.phaseBoundary)
        .put("beforeVoteResolution", p.beforeVoteResolution)
        .put("step", p.step)
        .take();
}

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

namespace {

/// Both decodePayload()s: `where` names the event (or the type) in an error.
template<typename Where>
Expected<Payload> decode(EventType type, const json &payload, const Where &where)
{
    const auto index = static_cast<std::size_t>(type);
    if (index >= Readers.size())
        return makeError(ErrorCode::InvalidArgument,
                         where() + ": unknown event type " + std::to_string(index));
    if (!payload.is_object())
        return makeError(ErrorCode::InvalidArgument, where() + ": payload is not an object");
    Reader r(payload);
    Payload p = Readers[index](r);
    if (r.failed())
        return makeError(ErrorCode::InvalidArgument, where() + ": " + r.problem());
    return p;
}

bool knownType(EventType type)
{
    return static_cast<std::size_t>(type) < Readers.size();
}

} // namespace

Expected<Payload> decodePayload(const Event &e)
{
    return decode(e.type, e.payload, [&e]() {
        std::string w = "event " + e.eventId;
        if (knownType(e.type))
            w += " (" + std::string(toString(e.type)) + ")";
        return w;
    });
}

Expected<Payload> decodePayload(EventType type, const json &payload)
{
    return decode(type, payload, [type]() {
        return knownType(type) ? std::string(toString(type)) : std::string("an event");
    });
}

json encode(const payload::MatchCreated &p)
{
    return write(p);
}
json encode(const payload::PhaseChanged &p)
{
    return write(p);
}
json encode(const payload::PublicMessage &p)
{
    return write(p);
}
json encode(const payload::WolfChatMessage &p)
{
    return write(p);
}
json encode(const payload::VoteCast &p)
{
    return write(p);
}
json encode(const payload::NightResult &p)
{
    return write(p);
}
json encode(const payload::PlayerEliminated &p)
{
    return write(p);
}
json encode(const payload::GameEnded &p)
{
    return write(p);
}
json encode(const payload::Narrator &p)
{
    return write(p);
}
json encode(const payload::RolesAssigned &p)
{
    return write(p);
}
json encode(const payload::RoleCard &p)
{
    return write(p);
}
json encode(const payload::PlayerReady &p)
{
    return write(p);
}
json encode(const payload::TurnStarted &p)
{
    return write(p);
}
json encode(const payload::TurnMissed &p)
{
    return write(p);
}
json encode(const payload::WolfKillSelected &p)
{
    return write(p);
}
json encode(const payload::SeerInspected &p)
{
    return write(p);
}
json encode(const payload::DoctorProtected &p)
{
    return write(p);
}
json encode(const payload::NightResolved &p)
{
    return write(p);
}
json encode(const payload::VoteResult &p)
{
    return write(p);
}
json encode(const payload::RolesRevealed &p)
{
    return write(p);
}
json encode(const payload::MatchPaused &p)
{
    return write(p);
}
json encode(const payload::MatchResumed &p)
{
    return write(p);
}
json encode(const payload::BreakpointsSet &p)
{
    return write(p);
}
json encode(const payload::WitchInformed &p)
{
    return write(p);
}
json encode(const payload::WitchActed &p)
{
    return write(p);
}
json encode(const payload::HunterShot &p)
{
    return write(p);
}
json encode(const payload::WolvesDecided &p)
{
    return write(p);
}

json encode(const Payload &p)
{
    return std::visit([](const auto &x) { return write(x); }, p);
}

} // namespace townhall::engine
