// SPDX-License-Identifier: MIT
#include "types.h"

#include <array>

namespace townhall::engine {

namespace {

template<typename E, std::size_t N>
std::optional<E> parseIn(const std::array<std::string_view, N> &names, std::string_view s)
{
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s)
            return static_cast<E>(i);
    return std::nullopt;
}

constexpr std::array<std::string_view, PhaseCount> PhaseNames{"LOBBY",
                                                              "NIGHT",
                                                              "DAY_ANNOUNCE",
                                                              "DAY_OPENING",
                                                              "DAY_DISCUSSION",
                                                              "DAY_VOTE",
                                                              "DAY_RESOLUTION",
                                                              "ENDED",
                                                              "NIGHT_WITCH",
                                                              "HUNTER_SHOT",
                                                              "DAY_PK_DEFENSE",
                                                              "DAY_PK_VOTE"};
constexpr std::array<std::string_view, 6> RoleNames{
    "VILLAGER", "WEREWOLF", "SEER", "DOCTOR", "WITCH", "HUNTER"};
constexpr std::array<std::string_view, 2> TeamNames{"VILLAGERS", "WEREWOLVES"};
constexpr std::array<std::string_view, 4> KindNames{
    "OPENING", "DISCUSSION", "DEFENSE", "LAST_WORDS"};
constexpr std::array<std::string_view, 10> ActionNames{"NONE",
                                                       "WOLF_KILL",
                                                       "SEER_INSPECT",
                                                       "DOCTOR_PROTECT",
                                                       "SPEAK_OPENING",
                                                       "SPEAK_DISCUSSION",
                                                       "VOTE",
                                                       "WITCH_ACT",
                                                       "HUNTER_SHOOT",
                                                       "SPEAK_DEFENSE"};
constexpr std::array<std::string_view, 18> ErrorNames{"MATCH_NOT_FOUND",
                                                      "MATCH_ENDED",
                                                      "NOT_IN_MATCH",
                                                      "WRONG_PHASE",
                                                      "NOT_YOUR_ROLE",
                                                      "NOT_YOUR_TURN",
                                                      "PLAYER_DEAD",
                                                      "INVALID_TARGET",
                                                      "CONSECUTIVE_PROTECT",
                                                      "ALREADY_ACTED",
                                                      "ALREADY_SPOKE",
                                                      "INVALID_KIND",
                                                      "RATE_LIMITED",
                                                      "UNKNOWN_QUEUE",
                                                      "ALREADY_IN_MATCH",
                                                      "INVALID_ARGUMENT",
                                                      "MATCH_PAUSED",
                                                      "NO_POTION"};

} // namespace

std::string_view toString(Phase p)
{
    return PhaseNames[static_cast<std::size_t>(p)];
}
std::string_view toString(Role r)
{
    return RoleNames[static_cast<std::size_t>(r)];
}
std::string_view toString(Team t)
{
    return TeamNames[static_cast<std::size_t>(t)];
}
std::string_view toString(MessageKind k)
{
    return KindNames[static_cast<std::size_t>(k)];
}
std::string_view toString(ActionType a)
{
    return ActionNames[static_cast<std::size_t>(a)];
}
std::string_view toString(ErrorCode c)
{
    return ErrorNames[static_cast<std::size_t>(c)];
}
std::optional<Phase> parsePhase(std::string_view s)
{
    return parseIn<Phase>(PhaseNames, s);
}
std::optional<Role> parseRole(std::string_view s)
{
    return parseIn<Role>(RoleNames, s);
}
std::optional<Team> parseTeam(std::string_view s)
{
    return parseIn<Team>(TeamNames, s);
}
std::optional<ActionType> parseActionType(std::string_view s)
{
    return parseIn<ActionType>(ActionNames, s);
}
std::optional<MessageKind> parseMessageKind(std::string_view s)
{
    return parseIn<MessageKind>(KindNames, s);
}

std::string isoTime(TimeMs t)
{
    // Civil-from-days (Howard Hinnant's public-domain algorithm), no time zone database needed.
    std::int64_t ms = t % 1000;
    std::int64_t secs = t / 1000;
    if (ms < 0) {
        ms += 1000;
        --secs;
    }
    std::int64_t days = secs / 86400;
    std::int64_t rem = secs % 86400;
    if (rem < 0) {
        rem += 86400;
        --days;
    }
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const std::int64_t doe = days - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    std::int64_t y = yoe + era * 400;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const std::int64_t d = doy - (153 * mp + 2) / 5 + 1;
    const std::int64_t m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2)
        ++y;
    // Hand-formatted: this runs for every timestamped event, and snprintf is
    // several times slower than writing 24 digits ourselves.
    std::string out(24, '0');
    auto put = [&out](std::size_t pos, std::int64_t v, int width) {
        for (int i = width - 1; i >= 0; --i) {
            out[pos + static_cast<std::size_t>(i)] = static_cast<char>('0' + v % 10);
            v /= 10;
        }
    };
    put(0, y, 4);
    out[4] = '-';
    put(5, m, 2);
    out[7] = '-';
    put(8, d, 2);
    out[10] = 'T';
    put(11, rem / 3600, 2);
    out[13] = ':';
    put(14, rem % 3600 / 60, 2);
    out[16] = ':';
    put(17, rem % 60, 2);
    out[19] = '.';
    put(20, ms, 3);
    out[23] = 'Z';
    return out;
}

} // namespace townhall::engine
