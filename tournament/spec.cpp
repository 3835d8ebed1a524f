// SPDX-License-Identifier: MIT
#include "tournament/spec.h"

#include "base/jsonlimits.h"
#include "engine/rng.h"
#include "engine/simulator.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <regex>
#include <set>

namespace townhall::tournament {

namespace {

/// Names are shown in one line of the Leaderboard, reports and the terminal.
constexpr std::size_t MaxNameBytes = 120;

/// Not empty, at most `max` bytes, and no control character or Unicode line
/// or paragraph separator (a name must not start a line of its own).
bool isOneLine(const std::string &s, std::size_t max)
{
    if (s.empty() || s.size() > max)
        return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x20 || b == 0x7F)
            return false;
        if (b == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0)
            return false; // C1 controls, NEL among them
        if (b == 0xE2 && s.compare(i, 3, "\u2028") == 0)
            return false;
        if (b == 0xE2 && s.compare(i, 3, "\u2029") == 0)
            return false;
    }
    return true;
}

constexpr std::uint64_t SaltMatchSeed = 0x70A1;
constexpr std::uint64_t SaltBlock = 0x70A2;
constexpr std::uint64_t SaltSeats = 0x70A3;
constexpr std::uint64_t SaltNames = 0x70A4;
constexpr int MaxMatches = 100'000;

bool validId(const std::string &id)
{
    static const std::regex re("[A-Za-z0-9_.-]{1,40}");
    return std::regex_match(id, re);
}

ParticipantKind kindOf(const json &p, int *count)
{
    *count = 0;
    ParticipantKind kind = ParticipantKind::Bot;
    if (p.value("bot", false)) {
        ++*count;
        kind = ParticipantKind::Bot;
    }
    if (p.contains("provider")) {
        ++*count;
        kind = ParticipantKind::Model;
    }
    if (p.contains("agent")) {
        ++*count;
        kind = ParticipantKind::Agent;
    }
    if (p.contains("push")) {
        ++*count;
        kind = ParticipantKind::Push;
    }
    if (p.contains("human")) {
        ++*count;
        kind = ParticipantKind::Human;
    }
    return kind;
}

} // namespace

std::string_view toString(ParticipantKind k)
{
    switch (k) {
    case ParticipantKind::Bot:
        return "bot";
    case ParticipantKind::Model:
        return "model";
    case ParticipantKind::Agent:
        return "agent";
    case ParticipantKind::Push:
        return "push";
    case ParticipantKind::Human:
        return "human";
    }
    return "bot";
}

std::string_view toString(FailureRule r)
{
    switch (r) {
    case FailureRule::Count:
        return "count";
    case FailureRule::Void:
        return "void";
    case FailureRule::Forfeit:
        return "forfeit";
    }
    return "void";
}

std::string_view toString(TimerChoice t)
{
    switch (t) {
    case TimerChoice::Model:
        return "model";
    case TimerChoice::Standard:
        return "standard";
    case TimerChoice::People:
        return "people";
    }
    return "model";
}

bool TournamentSpec::hasPeople() const
{
    return std::any_of(participants.begin(), participants.end(), [](const Participant &p) {
        return p.kind == ParticipantKind::Human;
    });
}

bool TournamentSpec::botsOnly() const
{
    return std::all_of(participants.begin(), participants.end(), [](const Participant &p) {
        return p.kind == ParticipantKind::Bot;
    });
}

json TournamentSpec::toJson() const
{
    json ps = json::array();
    for (const Participant &p : participants) {
        json e = p.entry;
        e["id"] = p.id;
        e["name"] = p.name;
        e["seats"] = p.seats;
        ps.push_back(std::move(e));
    }
    return {{"name", name},
            {"rules", rules.toJson()},
            {"matches", matches},
            {"seed", std::to_string(seed)},
            {"mirror", mirror},
            {"failure", std::string(toString(failure))},
            {"timers", std::string(toString(timers))},
            {"providers", providers},
            {"participants", std::move(ps)}};
}

SpecParse parseSpec(std::string_view text)
{
    SpecParse out;
    if (!base::jsonDepthWithin(text)) {
        out.errors.push_back("the file nests deeper than " + std::to_string(base::MaxJsonDepth)
                             + " levels");
        return out;
    }
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        // Parsed again only to say where: a person fixes the file by hand.
        std::string where;
        try {
            (void)json::parse(text);
        } catch (const json::parse_error &e) {
            where = " (" + base::lineColumn(text, e.byte > 0 ? e.byte - 1 : 0) + ")";
        }
        out.errors.push_back("the file is not JSON" + where);
        return out;
    }
    return parseSpec(j);
}

SpecParse parseSpec(const json &j)
{
    SpecParse out;
    auto &errors = out.errors;
    if (!j.is_object()) {
        errors.push_back("the tournament must be a JSON object");
        return out;
    }
    static const std::set<std::string> known{"name",
                                             "rules",
                                             "matches",
                                             "seed",
                                             "mirror",
                                             "failure",
                                             "timers",
                                             "providers",
                                             "participants",
                                             "parallel"};
    for (const auto &[key, value] : j.items())
        if (!known.count(key))
            errors.push_back(key + ": unknown key");

    TournamentSpec spec;
    spec.name = j.value("name", std::string("tournament"));
    if (j.contains("name") && !j["name"].is_string())
        errors.push_back("name: must be a string");
    else if (!isOneLine(spec.name, MaxNameBytes))
        errors.push_back("name: must be one line of at most " + std::to_string(MaxNameBytes)
                         + " bytes");

    // Rules: a preset's name or a rule-set object ({"base": "9p", ...}).
    if (!j.contains("rules")) {
        spec.rules = engine::RuleSet{};
    } else if (j["rules"].is_string()) {
        auto r = engine::rulePreset(j["rules"].get<std::string>());
        if (!r)
            errors.push_back("rules: no preset \"" + j["rules"].get<std::string>() + "\"");
        else
            spec.rules = *r;
    } else {
        auto r = engine::RuleSet::fromJson(j["rules"]);
        if (!r)
            errors.push_back("rules: " + r.error().message);
        else
            spec.rules = r.value();
    }

    if (!j.contains("matches") || !j["matches"].is_number_integer()
        || j["matches"].get<long long>() < 1 || j["matches"].get<long long>() > MaxMatches)
        errors.push_back("matches: must be a whole number from 1 to " + std::to_string(MaxMatches));
    else
        spec.matches = j["matches"].get<int>();

    if (j.contains("seed")) {
        const json &s = j["seed"];
        if (s.is_number_unsigned() || (s.is_number_integer() && s.get<long long>() >= 0))
            spec.seed = s.get<std::uint64_t>();
        else if (s.is_string() && !s.get<std::string>().empty()
                 && s.get<std::string>().find_first_not_of("0123456789") == std::string::npos
                 && s.get<std::string>().size() <= 20)
            spec.seed = std::stoull(s.get<std::string>());
        else
            errors.push_back("seed: must be a non-negative whole number");
    }
    if (j.contains("mirror")) {
        if (!j["mirror"].is_boolean())
            errors.push_back("mirror: must be true or false");
        else
            spec.mirror = j["mirror"].get<bool>();
    }
    if (j.contains("failure")) {
        const std::string f = j["failure"].is_string() ? j["failure"].get<std::string>() : "";
        if (f == "count")
            spec.failure = FailureRule::Count;
        else if (f == "void")
            spec.failure = FailureRule::Void;
        else if (f == "forfeit")
            spec.failure = FailureRule::Forfeit;
        else
            errors.push_back("failure: must be \"count\", \"void\" or \"forfeit\"");
    }
    bool timersGiven = false;
    if (j.contains("timers")) {
        const std::string t = j["timers"].is_string() ? j["timers"].get<std::string>() : "";
        timersGiven = true;
        if (t == "model")
            spec.timers = TimerChoice::Model;
        else if (t == "standard")
            spec.timers = TimerChoice::Standard;
        else if (t == "people")
            spec.timers = TimerChoice::People;
        else
            errors.push_back("timers: must be \"model\", \"standard\" or \"people\"");
    }
    if (j.contains("providers")) {
        if (!j["providers"].is_object())
            errors.push_back("providers: must be an object");
        else
            spec.providers = j["providers"];
        // The file is stored in the database: no secret may be in it.
        for (const auto &[name, provider] : spec.providers.items())
            if (provider.is_object() && provider.contains("apiKey"))
                errors.push_back(
                    "providers." + name
                    + ".apiKey: keys are not read from tournament files (they are stored); name an "
                      "environment variable in apiKeyEnv");
    }
    if (j.contains("parallel")
        && (!j["parallel"].is_number_integer() || j["parallel"].get<long long>() < 1
            || j["parallel"].get<long long>() > 64))
        errors.push_back("parallel: must be a whole number from 1 to 64");

    // Participants: each one kind; seats a number or "rest" (at most one).
    const int table = spec.rules.seatCount();
    if (!j.contains("participants") || !j["participants"].is_array() || j["participants"].empty()) {
        errors.push_back("participants: must be a non-empty list");
    } else {
        std::set<std::string> ids;
        int fixed = 0;
        int rest = -1;
        const json &list = j["participants"];
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string at = "participants[" + std::to_string(i) + "]";
            const json &e = list[i];
            if (!e.is_object()) {
                errors.push_back(at + ": must be an object");
                continue;
            }
            Participant p;
            int kinds = 0;
            p.kind = kindOf(e, &kinds);
            if (kinds != 1)
                errors.push_back(at
                                 + ": must be exactly one of \"bot\": true, \"provider\", "
                                   "\"agent\", \"push\" or \"human\": true");
            p.id = e.contains("id") && e["id"].is_string()       ? e["id"].get<std::string>()
                   : e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>()
                                                                 : std::string();
            if (!validId(p.id))
                errors.push_back(at + ".id: must be 1 to 40 letters, digits, '_', '.' or '-'");
            else if (!ids.insert(p.id).second)
                errors.push_back(at + ".id: \"" + p.id + "\" is taken by another participant");
            p.name
                = e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>() : p.id;
            if (!isOneLine(p.name, MaxNameBytes))
                errors.push_back(at + ".name: must be one line of at most "
                                 + std::to_string(MaxNameBytes) + " bytes");
            if (p.kind == ParticipantKind::Agent
                && !(e["agent"].is_string() && !e["agent"].get<std::string>().empty()))
                errors.push_back(at + ".agent: must be the name of a registered agent");
            if (p.kind == ParticipantKind::Model && !e["provider"].is_string())
                errors.push_back(at + ".provider: must be the name of a provider");
            if (p.kind == ParticipantKind::Model && e["provider"].is_string()
                && !spec.providers.contains(e["provider"].get<std::string>()))
                errors.push_back(at + ".provider: unknown provider \""
                                 + e["provider"].get<std::string>() + "\"");
            if (p.kind == ParticipantKind::Push && e["push"].is_object()
                && e["push"].contains("token"))
                errors.push_back(
                    at
                    + ".push.token: tokens are not read from tournament files (they are stored); "
                      "name an environment variable in push.tokenEnv");
            if (p.kind == ParticipantKind::Push
                && !(e["push"].is_object() && e["push"].contains("url")))
                errors.push_back(at + ".push: must be an object with a \"url\"");
            if (p.kind == ParticipantKind::Human && e["human"] != true)
                errors.push_back(at
                                 + ".human: must be true (a person plays the seat); to seat a "
                                   "bot instead write \"bot\": true");
            if (e.contains("seats")) {
                const json &s = e["seats"];
                if (s == "rest") {
                    if (rest >= 0)
                        errors.push_back(
                            at + ".seats: only one participant may take the rest of the table");
                    rest = static_cast<int>(i);
                    p.seats = 0;
                } else if (s.is_number_integer() && s.get<long long>() >= 1
                           && s.get<long long>() <= table) {
                    p.seats = s.get<int>();
                } else {
                    errors.push_back(at + ".seats: must be a whole number from 1 to "
                                     + std::to_string(table) + " or \"rest\"");
                }
            }
            if (p.kind == ParticipantKind::Agent && p.seats != 1)
                errors.push_back(at + ".seats: an MCP agent plays one seat (it is one session)");
            if (p.kind == ParticipantKind::Human && p.seats != 1)
                errors.push_back(at + ".seats: a person plays one seat");
            fixed += p.seats;
            p.entry = e;
            p.entry.erase("id");
            p.entry.erase("seats");
            spec.participants.push_back(std::move(p));
        }
        if (rest >= 0 && static_cast<std::size_t>(rest) < spec.participants.size()) {
            if (fixed >= table)
                errors.push_back("participants: the others already fill the table of "
                                 + std::to_string(table) + ", nothing is left for \"rest\"");
            else
                spec.participants[static_cast<std::size_t>(rest)].seats = table - fixed;
        } else if (errors.empty() && fixed != table) {
            errors.push_back("participants: their seats add up to " + std::to_string(fixed)
                             + ", the table has " + std::to_string(table)
                             + " (give one of them \"seats\": \"rest\")");
        }
    }
    // A person is slow: their matches take the people preset unless the
    // file chose.
    if (!timersGiven && spec.hasPeople())
        spec.timers = TimerChoice::People;
    if (errors.empty())
        out.spec = std::move(spec);
    return out;
}

std::vector<engine::Role> ScheduledMatch::deal() const
{
    std::vector<engine::Role> out;
    out.reserve(seats.size());
    for (const ScheduledSeat &s : seats)
        out.push_back(s.role);
    return out;
}

std::vector<ScheduledMatch> schedule(const TournamentSpec &spec)
{
    const std::vector<engine::Role> deck = spec.rules.deck();
    const int table = static_cast<int>(deck.size());
    // The participants' slots in a fixed order: slot j is the j-th seat of
    // the table counted over the participants in file order.
    std::vector<std::pair<std::string, int>> slots;
    for (const Participant &p : spec.participants)
        for (int k = 0; k < p.seats; ++k)
            slots.emplace_back(p.id, k);
    if (static_cast<int>(slots.size()) != table || table == 0)
        return {};

    // Rotation offsets, block by block: every offset once per block (twice
    // per double block for mirrored odd tables).
    const int half = table / 2;
    const bool pairedBlock = spec.mirror && table % 2 == 0;
    std::vector<int> offsets; // one per match
    offsets.reserve(static_cast<std::size_t>(spec.matches) + static_cast<std::size_t>(2 * table));
    for (std::uint64_t block = 0; static_cast<int>(offsets.size()) < spec.matches; ++block) {
        engine::Rng rng = engine::Rng::forDecision(spec.seed, block, SaltBlock);
        std::vector<int> order(static_cast<std::size_t>(pairedBlock ? half : table));
        std::iota(order.begin(), order.end(), 0);
        rng.shuffle(order);
        for (int o : order) {
            offsets.push_back(o);
            if (spec.mirror)
                offsets.push_back((o + half) % table);
        }
    }

    const std::vector<std::string> &names = engine::botNames();
    std::vector<ScheduledMatch> out;
    out.reserve(static_cast<std::size_t>(spec.matches));
    std::vector<int> positions; // seat s holds deck position positions[s]
    for (int i = 0; i < spec.matches; ++i) {
        ScheduledMatch m;
        m.index = i;
        const bool isMirror = spec.mirror && i % 2 == 1;
        const int base = isMirror ? i - 1 : i;
        m.mirrorOf = isMirror ? base : -1;
        m.seed
            = engine::Rng::forDecision(spec.seed, static_cast<std::uint64_t>(base), SaltMatchSeed)
                  .next();
        if (!isMirror) {
            positions.resize(static_cast<std::size_t>(table));
            std::iota(positions.begin(), positions.end(), 0);
            engine::Rng seatRng
                = engine::Rng::forDecision(spec.seed, static_cast<std::uint64_t>(i), SaltSeats);
            seatRng.shuffle(positions);
        }
        std::vector<std::string> drawn = names;
        engine::Rng nameRng
            = engine::Rng::forDecision(spec.seed, static_cast<std::uint64_t>(i), SaltNames);
        nameRng.shuffle(drawn);
        const int offset = offsets[static_cast<std::size_t>(i)];
        for (int s = 0; s < table; ++s) {
            const int position = positions[static_cast<std::size_t>(s)];
            const int slot = ((position - offset) % table + table) % table;
            ScheduledSeat seat;
            seat.participantId = slots[static_cast<std::size_t>(slot)].first;
            seat.slot = slots[static_cast<std::size_t>(slot)].second;
            seat.role = deck[static_cast<std::size_t>(position)];
            seat.displayName = drawn[static_cast<std::size_t>(s) % drawn.size()];
            m.seats.push_back(std::move(seat));
        }
        out.push_back(std::move(m));
    }
    return out;
}

json toJson(const ScheduledMatch &m)
{
    json seats = json::array();
    for (const ScheduledSeat &s : m.seats)
        seats.push_back({{"participant", s.participantId},
                         {"slot", s.slot},
                         {"role", std::string(engine::toString(s.role))},
                         {"name", s.displayName}});
    json j{{"index", m.index}, {"seed", std::to_string(m.seed)}, {"seats", std::move(seats)}};
    if (m.mirrorOf >= 0)
        j["mirrorOf"] = m.mirrorOf;
    return j;
}

std::optional<ScheduledMatch> scheduledMatchFromJson(const json &j)
{
    try {
        ScheduledMatch m;
        m.index = j.at("index").get<int>();
        m.seed = std::stoull(j.at("seed").get<std::string>());
        m.mirrorOf = j.value("mirrorOf", -1);
        for (const json &s : j.at("seats")) {
            ScheduledSeat seat;
            seat.participantId = s.at("participant").get<std::string>();
            seat.slot = s.at("slot").get<int>();
            auto role = engine::parseRole(s.at("role").get<std::string>());
            if (!role)
                return std::nullopt;
            seat.role = *role;
            seat.displayName = s.at("name").get<std::string>();
            m.seats.push_back(std::move(seat));
        }
        return m;
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

} // namespace townhall::tournament
