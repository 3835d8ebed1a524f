// SPDX-License-Identifier: MIT
#include "chapters.h"

#include "keymoments.h"
#include "payloads.h"

#include <algorithm>

namespace townhall::engine {

namespace {

// How much a marker matters when two come too close for YouTube. The end and
// the eliminations tell the story; a new night or day frames it; the day's
// sub-phases and the key moments are detail.
constexpr int KeyMomentImportance = 1;
constexpr int SubPhaseImportance = 2;
constexpr int VoteImportance = 3;
constexpr int PhaseImportance = 4;
constexpr int ResultImportance = 5;
constexpr int EndImportance = 6;

// An accusation by a single player once is everyday table talk; a chapter
// marks one that several accusations (or accusers) pile onto. The weight is
// accusations + distinct accusers (keymoments.h), so 4 means at least two.
constexpr int AccusationWeightForChapter = 4;

std::string nameOf(const Match &m, const std::string &playerId)
{
    for (const Player &p : m.state().players)
        if (p.playerId == playerId)
            return p.displayName.empty() ? playerId : p.displayName;
    return playerId;
}

std::string dayTitle(int n, const std::string &what)
{
    return "Day " + std::to_string(n) + " \u2014 " + what;
}

std::string stringField(const Event &e, const char *key)
{
    const auto it = e.payload.find(key);
    return it != e.payload.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int intField(const Event &e, const char *key, int fallback)
{
    const auto it = e.payload.find(key);
    return it != e.payload.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

// The title of a key moment: its English text without the closing full stop,
// under the day it happened on (night moments belong to the day they are told).
std::string momentTitle(const KeyMoment &k)
{
    std::string text = k.text;
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    return k.day > 0 ? dayTitle(k.day, text) : text;
}

} // namespace

std::vector<Chapter> chapterMarkers(const Match &m)
{
    std::vector<Chapter> out;
    const std::vector<Event> &log = m.log();
    if (log.empty())
        return out;
    const TimeMs start = log.front().at;
    const auto since = [start](TimeMs at) {
        return std::max<std::int64_t>(0, at - start);
    };

    for (const Event &e : log) {
        // Only what the audience saw: hidden events never make a marker.
        if (e.audience != Audience::Public)
            continue;
        switch (e.type) {
        case EventType::MatchCreated:
            out.push_back({since(e.at), "The players take their seats", PhaseImportance});
            break;
        case EventType::PhaseChanged: {
            const auto p = payloadAs<payload::PhaseChanged>(e);
            if (!p)
                break;
            const int d = p->dayNumber;
            const auto day = [&](const char *what, int importance) {
                out.push_back({since(e.at), dayTitle(d, what), importance});
            };
            switch (p->to) {
            case Phase::Night:
                out.push_back({since(e.at),
                               "Night " + std::to_string(p->nightNumber.value_or(d + 1)),
                               PhaseImportance});
                break;
            case Phase::DayAnnounce:
                day("dawn", PhaseImportance);
                break;
            case Phase::DayOpening:
                day("opening statements", SubPhaseImportance);
                break;
            case Phase::DayDiscussion:
                day("discussion", SubPhaseImportance);
                break;
            case Phase::DayVote:
                day("vote", VoteImportance);
                break;
            case Phase::DayPkDefense:
                day("PK defences", SubPhaseImportance);
                break;
            case Phase::DayPkVote:
                day("PK revote", VoteImportance);
                break;
            case Phase::HunterShot: {
                // The phase's public payload names the hunter; a night death's
                // shot is told on the morning it belongs to.
                const std::string hunter = nameOf(m, stringField(e, "hunterPlayerId"));
                const int shotDay = stringField(e, "resume") == "DAY_ANNOUNCE" ? d + 1 : d;
                out.push_back({since(e.at),
                               dayTitle(shotDay, "the hunter " + hunter + " takes aim"),
                               SubPhaseImportance});
                break;
            }
            case Phase::NightWitch: // told nowhere: a chapter would only repeat "Night N"
            case Phase::Lobby:
            case Phase::DayResolution: // told by the vote's result below
            case Phase::Ended:         // told by GAME_ENDED below
                break;
            }
            break;
        }
        case EventType::VoteResult:
            if (const auto v = payloadAs<payload::VoteResult>(e); v && !v->eliminatedPlayerId) {
                const int d = intField(e, "day", m.state().dayNumber);
                if (!v->pk.empty()) {
                    std::string names;
                    for (std::size_t i = 0; i < v->pk.size(); ++i)
                        names += (i == 0                  ? ""
                                  : i + 1 == v->pk.size() ? " and "
                                                          : ", ")
                                 + nameOf(m, std::string(v->pk[i]));
                    out.push_back(
                        {since(e.at), dayTitle(d, "tie, " + names + " face a PK"), VoteImportance});
                } else {
                    out.push_back({since(e.at),
                                   dayTitle(d,
                                            v->pkRound == 1 ? "the PK ties again, no one voted out"
                                                            : "no one voted out"),
                                   ResultImportance});
                }
            }
            break;
        case EventType::HunterShot:
            if (const auto h = payloadAs<payload::HunterShot>(e); h && !h->targetPlayerId)
                out.push_back(
                    {since(e.at),
                     "The hunter " + nameOf(m, std::string(h->hunterPlayerId)) + " holds fire",
                     ResultImportance});
            break;
        case EventType::PlayerEliminated: {
            const std::string who = nameOf(m, stringField(e, "playerId"));
            const std::string cause = stringField(e, "cause");
            if (cause == "VOTE") {
                out.push_back({since(e.at),
                               dayTitle(intField(e, "day", 0), who + " voted out"),
                               ResultImportance});
            } else if (cause == "NIGHT_KILL") {
                // Night N's victim is found on the morning of day N.
                out.push_back({since(e.at),
                               dayTitle(intField(e, "night", 0), who + " found dead"),
                               ResultImportance});
            } else if (cause == "HUNTER_SHOT") {
                out.push_back(
                    {since(e.at),
                     who + " shot by the hunter " + nameOf(m, stringField(e, "byPlayerId")),
                     ResultImportance});
            } else {
                out.push_back({since(e.at), who + " is out", ResultImportance});
            }
            break;
        }
        case EventType::GameEnded:
            if (const auto g = payloadAs<payload::GameEnded>(e))
                out.push_back({since(e.at),
                               !g->winningTeam ? "A draw: the day limit is reached"
                               : *g->winningTeam == Team::Werewolves ? "The werewolves win"
                                                                     : "The villagers win",
                               EndImportance});
            break;
        default:
            break;
        }
    }

    // Key moments of the public view only, timed by the event that completes each.
    for (const KeyMoment &k : keyMoments(m, Viewer::spectator())) {
        if (k.omniscient)
            continue;
        if (k.kind == KeyMoment::Kind::Accusation && k.weight < AccusationWeightForChapter)
            continue;
        const auto it = std::lower_bound(
            log.begin(), log.end(), k.atSeq, [](const Event &e, std::uint64_t seq) {
                return e.seq < seq;
            });
        if (it == log.end() || it->seq != k.atSeq)
            continue;
        out.push_back({since(it->at), momentTitle(k), KeyMomentImportance});
    }
    // Phases and moments in time order; at the same time, the log's order
    // (phases were pushed first, so a moment follows the phase it belongs to).
    std::stable_sort(
        out.begin(), out.end(), [](const Chapter &a, const Chapter &b) { return a.atMs < b.atMs; });
    return out;
}

std::vector<Chapter> youtubeChapters(const std::vector<Chapter> &markers,
                                     std::int64_t offsetSeconds,
                                     std::int64_t minGapSeconds)
{
    offsetSeconds = std::max<std::int64_t>(0, offsetSeconds);
    std::vector<Chapter> in;
    in.reserve(markers.size() + 1);
    // The stream's own opening, before the match: YouTube needs a chapter at 0:00.
    if (offsetSeconds > 0 && !markers.empty())
        in.push_back({0, "Before the match", 0});
    for (const Chapter &c : markers)
        in.push_back(
            {offsetSeconds + std::max<std::int64_t>(0, c.atMs) / 1000, c.title, c.importance});
    std::stable_sort(
        in.begin(), in.end(), [](const Chapter &a, const Chapter &b) { return a.atMs < b.atMs; });

    // Work in whole seconds (what a chapter line shows), milliseconds on the way out.
    std::vector<Chapter> out;
    for (Chapter c : in) {
        if (out.empty()) {
            c.atMs = 0; // whatever comes first opens the video
            out.push_back(std::move(c));
            continue;
        }
        Chapter &last = out.back();
        if (c.atMs - last.atMs >= minGapSeconds) {
            out.push_back(std::move(c));
            continue;
        }
        // Too close: one chapter at the earlier time. Two results (a vote-out
        // and the end it brings) share the title; otherwise the more important
        // title stays, the earlier one on a tie.
        if (last.importance >= ResultImportance && c.importance >= ResultImportance) {
            last.title += "; " + c.title;
            last.importance = std::max(last.importance, c.importance);
        } else if (c.importance > last.importance) {
            last.title = std::move(c.title);
            last.importance = c.importance;
        }
    }
    for (Chapter &c : out)
        c.atMs *= 1000;
    return out;
}

std::string formatTimestamp(std::int64_t seconds)
{
    seconds = std::max<std::int64_t>(0, seconds);
    const auto twoDigits = [](std::int64_t n) {
        return std::string(n < 10 ? "0" : "") + std::to_string(n);
    };
    const std::int64_t h = seconds / 3600;
    const std::int64_t m = (seconds % 3600) / 60;
    const std::string ss = twoDigits(seconds % 60);
    if (h > 0)
        return std::to_string(h) + ':' + twoDigits(m) + ':' + ss;
    return std::to_string(m) + ':' + ss;
}

std::string formatChapters(const Match &m, std::int64_t offsetSeconds)
{
    std::string text;
    for (const Chapter &c : youtubeChapters(chapterMarkers(m), offsetSeconds))
        text += formatTimestamp(c.atMs / 1000) + ' ' + c.title + '\n';
    return text;
}

} // namespace townhall::engine
