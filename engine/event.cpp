// SPDX-License-Identifier: MIT
#include "event.h"

#include <array>
#include <charconv>

namespace townhall::engine {

namespace {
constexpr std::array<std::string_view, EventTypeCount> TypeNames{
    "MATCH_CREATED",    "PHASE_CHANGED",  "PUBLIC_MESSAGE",     "WOLF_CHAT_MESSAGE",
    "VOTE_CAST",        "NIGHT_RESULT",   "PLAYER_ELIMINATED",  "GAME_ENDED",
    "NARRATOR",         "ROLES_ASSIGNED", "ROLE_CARD",          "PLAYER_READY",
    "TURN_STARTED",     "TURN_MISSED",    "WOLF_KILL_SELECTED", "SEER_INSPECTED",
    "DOCTOR_PROTECTED", "NIGHT_RESOLVED", "VOTE_RESULT",        "ROLES_REVEALED",
    "MATCH_PAUSED",     "MATCH_RESUMED",  "BREAKPOINTS_SET",    "WITCH_INFORMED",
    "WITCH_ACTED",      "HUNTER_SHOT",    "WOLVES_DECIDED"};
constexpr std::array<std::string_view, 4> AudienceNames{"PUBLIC", "WOLVES", "PLAYER", "HOST"};
} // namespace

std::string_view toString(EventType t)
{
    return TypeNames[static_cast<std::size_t>(t)];
}
std::string_view toString(Audience a)
{
    return AudienceNames[static_cast<std::size_t>(a)];
}

std::optional<EventType> parseEventType(std::string_view s)
{
    for (std::size_t i = 0; i < TypeNames.size(); ++i)
        if (TypeNames[i] == s)
            return static_cast<EventType>(i);
    return std::nullopt;
}

std::optional<Audience> parseAudience(std::string_view s)
{
    for (std::size_t i = 0; i < AudienceNames.size(); ++i)
        if (AudienceNames[i] == s)
            return static_cast<Audience>(i);
    return std::nullopt;
}

bool isContractEventType(EventType t)
{
    return static_cast<int>(t) <= static_cast<int>(EventType::Narrator);
}

std::string makeEventId(const std::string &matchId, std::uint64_t seq)
{
    // "<matchId>:<seq as 8 digits>", so string order is seq order within a match.
    std::string id;
    id.reserve(matchId.size() + 9);
    id += matchId;
    id += ':';
    char digits[8];
    for (int i = 7; i >= 0; --i) {
        digits[i] = static_cast<char>('0' + seq % 10);
        seq /= 10;
    }
    id.append(digits, 8);
    return id;
}

std::optional<std::uint64_t> seqFromEventId(const std::string &matchId, const std::string &eventId)
{
    if (eventId.size() != matchId.size() + 9 || eventId.compare(0, matchId.size(), matchId) != 0
        || eventId[matchId.size()] != ':')
        return std::nullopt;
    std::uint64_t seq = 0;
    const char *b = eventId.data() + matchId.size() + 1;
    const char *e = eventId.data() + eventId.size();
    auto [ptr, ec] = std::from_chars(b, e, seq);
    if (ec != std::errc() || ptr != e || seq == 0)
        return std::nullopt;
    return seq;
}

json toJson(const Event &e)
{
    json j{{"eventId", e.eventId},
           {"matchId", e.matchId},
           {"seq", e.seq},
           {"at", isoTime(e.at)},
           {"atMs", e.at},
           {"type", toString(e.type)},
           {"audience", toString(e.audience)},
           {"payload", e.payload}};
    if (e.audience == Audience::Player)
        j["audiencePlayerId"] = e.audiencePlayerId;
    return j;
}

std::optional<Event> eventFromJson(const json &j, std::string *why)
{
    auto fail = [why](const char *m) -> std::optional<Event> {
        if (why)
            *why = m;
        return std::nullopt;
    };
    if (!j.is_object())
        return fail("event is not an object");
    Event e;
    auto str = [&j](const char *k) -> const json * {
        auto it = j.find(k);
        return it != j.end() && it->is_string() ? &*it : nullptr;
    };
    const json *mid = str("matchId");
    const json *eid = str("eventId");
    const json *type = str("type");
    const json *aud = str("audience");
    if (!mid || !eid || !type || !aud)
        return fail("eventId, matchId, type and audience must be strings");
    auto seq = j.find("seq");
    auto atMs = j.find("atMs");
    if (seq == j.end() || !seq->is_number_unsigned() || atMs == j.end()
        || !atMs->is_number_integer())
        return fail("seq and atMs must be integers");
    e.matchId = mid->get<std::string>();
    e.eventId = eid->get<std::string>();
    e.seq = seq->get<std::uint64_t>();
    e.at = atMs->get<TimeMs>();
    const auto t = parseEventType(type->get<std::string>());
    const auto a = parseAudience(aud->get<std::string>());
    if (!t || !a)
        return fail("unknown type or audience");
    e.type = *t;
    e.audience = *a;
    if (e.eventId != makeEventId(e.matchId, e.seq))
        return fail("eventId does not match matchId and seq");
    if (e.audience == Audience::Player) {
        const json *ap = str("audiencePlayerId");
        if (!ap)
            return fail("PLAYER audience needs audiencePlayerId");
        e.audiencePlayerId = ap->get<std::string>();
    }
    auto payload = j.find("payload");
    if (payload == j.end() || !payload->is_object())
        return fail("payload must be an object");
    e.payload = *payload;
    return e;
}

} // namespace townhall::engine
