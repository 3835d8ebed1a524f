// SPDX-License-Identifier: MIT
#include "bot.h"

#include "botspeech.h"
#include "rng.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

namespace townhall::engine {

namespace {

using botspeech::MaxSeats;
using botspeech::SeatMask;
using botspeech::Topic;

constexpr SeatMask bit(int i)
{
    return static_cast<SeatMask>(1u << i);
}
int count(SeatMask m)
{
    return std::popcount(static_cast<unsigned>(m));
}

constexpr std::int8_t NoVote = -1;
constexpr std::int8_t Abstain = -2;
constexpr int NoSeat = -1;
constexpr int Lowest = std::numeric_limits<int>::min();
constexpr TimeMs Never = 0; // a schedule slot that is not armed

constexpr int MaxTalksPerDay = 4;
constexpr int MaxDefencesPerDay = 2;
/// Private gut feeling per player, redrawn each day: it is what keeps eight
/// bots reading the same transcript from all voting alike.
constexpr std::uint32_t NoiseRange = 25;

/// What the call in flight was, so that onResult can book its effects.
enum class Pending : std::uint8_t {
    None,
    Ready,
    NightAction,
    WolfChat,
    Opening,
    Talk,
    Urgent,
    Vote,
    Flip,
    LastWords,
    WitchAct,
    HunterShot,
    PkDefence,
};

/// Which talk slot the message came from changes nothing but bookkeeping;
/// what it says is decided when it fires, from what the bot knows then.
enum class Said : std::uint8_t {
    Plain,
    SeerClaim,
    SeerReport,
    Counterclaim,
    Defence,
    Reaction,
    FakeCallout,
    WitchClaim
};

const std::string *stringAt(const json &payload, const char *key)
{
    auto it = payload.find(key);
    if (it == payload.end() || !it->is_string())
        return nullptr;
    return &it->get_ref<const std::string &>();
}

} // namespace

// ------------------------------------------------------------------ memory

/// Everything the bot knows, built incrementally from the events it may read.
/// Fixed arrays indexed by seat (0-based), bit masks for sets of seats: the
/// bot never rescans the log and allocates nothing per event.
struct Bot::Memory
{
    explicit Memory(std::uint64_t seed)
        : rng(seed)
    {}

    Rng rng;
    bool initialised = false;
    bool over = false;
    int n = 0;
    int me = NoSeat;
    Role role = Role::Villager;
    std::string matchId;
    std::array<std::string, MaxSeats> ids;
    std::array<std::string, MaxSeats> names;
    botspeech::Names lexicon; ///< the names read() listens for
    SeatMask aliveMask = 0;
    std::array<std::int8_t, MaxSeats> revealed{}; ///< -1, or the Role revealed at death
    std::array<std::int8_t, MaxSeats> noise{};    ///< this bot's private gut feeling
    SeatMask wolves = 0;                          ///< known only to wolves

    // The seer's own results.
    struct Inspection
    {
        int night = 0;
        int seat = NoSeat;
        bool wolf = false;
    };
    std::array<Inspection, MaxSeats> inspections{};
    int inspectionCount = 0;
    int reportedCount = 0;
    SeatMask inspectedMask = 0;
    SeatMask inspectedWolves = 0;

    // The public record.
    std::array<SeatMask, MaxSeats> accusersToday{};
    std::array<SeatMask, MaxSeats> accusersEver{};
    std::array<SeatMask, MaxSeats> vouchersEver{};
    std::array<SeatMask, MaxSeats> votersEver{}; ///< final votes on each seat, all days
    std::array<std::int8_t, MaxSeats> vote{};    ///< today's current vote of each seat
    SeatMask claimants = 0;
    std::array<std::uint8_t, MaxSeats> claimRank{};
    int claims = 0;
    std::array<SeatMask, MaxSeats> claimWolf{};
    std::array<SeatMask, MaxSeats> claimClean{};
    SeatMask nightKilled = 0;
    SeatMask votedOut = 0;
    int lastVictim = NoSeat;
    int lastVictim2 = NoSeat; ///< a second death in the same night (the witch's poison)
    bool lastSaved = false;
    bool preferFirstClaim = true;

    // Match configuration, read from MATCH_CREATED (public).
    std::int64_t publicGap = 3'000;
    std::int64_t wolfGap = 2'000;
    bool rateLimits = true;
    bool potions = false; ///< the table has a witch: a quiet night need not be the doctor's doing

    // Where we are.
    Phase phase = Phase::Lobby;      ///< the phase the schedule was planned for
    Phase eventPhase = Phase::Lobby; ///< the phase as of the last event read
    int day = -1;
    bool synced = false;
    TimeMs phaseStart = 0;
    TimeMs phaseEnd = 0;
    TimeMs turnEnd = 0;
    std::optional<TimeMs> lastPublicAt;
    std::optional<TimeMs> lastWolfChatAt;
    TimeMs lastNow = 0;

    // Schedule: absolute virtual times, Never when unarmed.
    TimeMs readyAt = Never;
    TimeMs nightAt = Never;
    TimeMs chatAt = Never;
    TimeMs openingAt = Never;
    std::array<TimeMs, MaxTalksPerDay> talkAt{};
    int talks = 0;
    int talkIdx = 0;
    int talksSent = 0;
    TimeMs urgentAt = Never;
    TimeMs voteAt = Never;
    TimeMs flipAt = Never;
    TimeMs lastWordsAt = Never;
    bool readySent = false;
    bool openingSent = false;
    bool lastWordsSent = false;
    bool nightDone = false;

    // Day state.
    int accuser = NoSeat;
    std::string accusationEventId;
    bool defended = false;
    int defences = 0;             ///< today
    SeatMask defendedAgainst = 0; ///< today: one answer per accuser is enough
    int claimToReact = NoSeat;
    SeatMask claimsReacted = 0;
    bool claimPlanned = false;
    bool claimInOpening = false;
    bool claimedSeer = false;
    int counterclaimTarget = NoSeat;
    bool fakeCalledOut = false;
    int myVote = NoVote;
    bool flipped = false;
    bool reconsider = false;
    int flipTo = NoVote;
    bool votedOutMe = false;
    bool busDecided = false;
    bool bus = false;

    // Night state (wolves).
    int wolfStage = 0;
    int proposal = NoSeat;    ///< the proposer's named victim
    int partnerSays = NoSeat; ///< first victim named in the partner's chat
    bool partnerChatted = false;
    int partnerPick = NoSeat; ///< the partner's WOLF_KILL_SELECTED target
    int decided = NoSeat;
    bool agreed = true;
    TimeMs wolfDeadline = Never;
    int lastTeamTarget = NoSeat;
    SeatMask heardFrom = 0;  ///< the pack members who chatted or selected tonight
    int leaderPick = NoSeat; ///< the proposer's WOLF_KILL_SELECTED target

    // The witch, the hunter and the PK; all of it stays empty in a classic match.
    SeatMask cleared = 0;     ///< known not to be wolves (the witch sees the wolves' victims)
    SeatMask pkMask = 0;      ///< today's PK players
    int witchNight = 0;       ///< the night of the last WITCH_INFORMED
    int witchStage = 0;       ///< 0: to decide, 1: saved and may still poison, 2: done
    std::string witchPending; ///< the action in flight: SAVE, POISON or PASS
    int savedSeat = NoSeat;   ///< whom this witch saved
    int savedNight = 0;
    bool witchClaimed = false;
    bool talkHeard = false;  ///< any public message read (before that, suspicion is only noise)
    bool hunterTurn = false; ///< a dead hunter whose shot is awaited
    TimeMs shotAt = Never;
    bool shotSent = false;
    int myShot = NoSeat;
    int promisedShot = NoSeat; ///< whom this hunter said he would shoot
    TimeMs pkAt = Never;
    bool pkSpoke = false;

    // The call in flight.
    Pending pending = Pending::None;
    Said said = Said::Plain;
    int pendingSeat = NoSeat;

    // ---------------------------------------------------------------- helpers
    bool alive(int i) const { return (aliveMask & bit(i)) != 0; }
    bool meAlive() const { return me >= 0 && alive(me); }
    bool isWolf(int i) const { return (wolves & bit(i)) != 0; }
    int aliveCount() const { return count(aliveMask); }
    const std::string &name(int i) const { return names[static_cast<std::size_t>(i)]; }

    int seatOf(const std::string &id) const
    {
        // Fast path for the engine's "p:<seat>" ids, then a linear search.
        if (id.size() >= 3 && id[0] == 'p' && id[1] == ':') {
            int s = 0;
            for (std::size_t k = 2; k < id.size(); ++k) {
                if (id[k] < '0' || id[k] > '9') {
                    s = -1;
                    break;
                }
                s = s * 10 + (id[k] - '0');
            }
            if (s >= 1 && s <= n && ids[static_cast<std::size_t>(s - 1)] == id)
                return s - 1;
        }
        for (int i = 0; i < n; ++i)
            if (ids[static_cast<std::size_t>(i)] == id)
                return i;
        return NoSeat;
    }
    int seatAt(const json &payload, const char *key) const
    {
        const std::string *s = stringAt(payload, key);
        return s ? seatOf(*s) : NoSeat;
    }

    /// Uniform time within [lo‰, hi‰] of `span` after `from`.
    TimeMs within(TimeMs from, std::int64_t span, int loPermille, int hiPermille)
    {
        const auto p
            = static_cast<std::int64_t>(loPermille)
              + rng.below(static_cast<std::uint32_t>(std::max(1, hiPermille - loPermille)));
        return from + std::max<std::int64_t>(1, span * p / 1000);
    }
    std::int64_t phaseSpan(TimeMs now) const
    {
        return std::max<std::int64_t>(1'000, phaseEnd - now);
    }

    int votesOn(int i) const
    {
        int v = 0;
        for (int k = 0; k < n; ++k)
            if (k != me && vote[static_cast<std::size_t>(k)] == i)
                ++v;
        return v;
    }

    // ---------------------------------------------------------------- beliefs

    /// 0..100: how much this bot believes that claimant `c` is the real seer.
    int trustIn(int c) const
    {
        if (c == me)
            return 100;
        if (role == Role::Seer)
            return 0;
        if (role == Role::Werewolf)
            return isWolf(c) ? 0 : 100;
        const auto cs = static_cast<std::size_t>(c);
        if (revealed[cs] >= 0)
            return revealed[cs] == static_cast<int>(Role::Seer) ? 100 : 0;
        bool confirmed = false;
        for (int t = 0; t < n; ++t) {
            const auto r = revealed[static_cast<std::size_t>(t)];
            if (r < 0)
                continue;
            if ((claimWolf[cs] & bit(t)) && r != static_cast<int>(Role::Werewolf))
                return 0; // named an innocent as a wolf: a liar
            if ((claimClean[cs] & bit(t)) && r == static_cast<int>(Role::Werewolf))
                return 0;
            if ((claimWolf[cs] & bit(t)) && r == static_cast<int>(Role::Werewolf))
                confirmed = true;
        }
        if (confirmed)
            return 95;
        int rival = NoSeat;
        for (int o = 0; o < n; ++o) {
            if (o == c || !(claimants & bit(o)))
                continue;
            const auto r = revealed[static_cast<std::size_t>(o)];
            if (r == static_cast<int>(Role::Seer))
                return 0;
            if (r < 0
                && (rival == NoSeat
                    || claimRank[static_cast<std::size_t>(o)]
                           < claimRank[static_cast<std::size_t>(rival)]))
                rival = o;
        }
        if (rival == NoSeat)
            return 85;
        const bool first = claimRank[cs] < claimRank[static_cast<std::size_t>(rival)];
        return first == preferFirstClaim ? 70 : 20;
    }

    /// How wolfish a living player looks to a villager-side bot.
    int suspicion(int i) const
    {
        const auto is = static_cast<std::size_t>(i);
        int s = noise[is];
        if (cleared & bit(i))
            s -= 500; // the witch saw the wolves attack them
        if (role == Role::Seer) {
            if (inspectedWolves & bit(i))
                return 1000 + s;
            if (inspectedMask & bit(i))
                s -= 500;
        }
        for (int c = 0; c < n; ++c) {
            if (c == i || c == me || !(claimants & bit(c)))
                continue;
            const int t = trustIn(c);
            if (claimWolf[static_cast<std::size_t>(c)] & bit(i))
                s += t;
            if (claimClean[static_cast<std::size_t>(c)] & bit(i))
                s -= t / 2;
        }
        if ((claimants & bit(i)) && i != me)
            s += role == Role::Seer ? 300 : 85 - trustIn(i);
        if (me >= 0) {
            s += 6 * count(accusersToday[is] & static_cast<SeatMask>(~bit(me)));
            if (accusersEver[static_cast<std::size_t>(me)] & bit(i))
                s += 12; // they accused me, and I know I am innocent
            if (vouchersEver[static_cast<std::size_t>(me)] & bit(i))
                s -= 4;
        }
        s += 2 * count(accusersEver[is]);
        for (int d = 0; d < n; ++d) {
            const auto r = revealed[static_cast<std::size_t>(d)];
            if (r < 0 || d == i)
                continue;
            const auto ds = static_cast<std::size_t>(d);
            if (r == static_cast<int>(Role::Werewolf)) {
                if (vouchersEver[ds] & bit(i))
                    s += 20; // vouched for a wolf
                if (accusersEver[is] & bit(d))
                    s -= 12; // a wolf accused them: probably not a partner
                if (votersEver[ds] & bit(i))
                    s -= 10;
            } else if (votedOut & bit(d)) {
                if (votersEver[ds] & bit(i))
                    s += 8; // helped vote out an innocent
            } else if (nightKilled & bit(d)) {
                if (accusersEver[is] & bit(d))
                    s += 8; // the wolves silenced someone who suspected them
            }
        }
        return s;
    }

    /// For wolves: how much a non-wolf endangers the pack (kill priority).
    int threat(int i) const
    {
        const auto is = static_cast<std::size_t>(i);
        int s = noise[is] * 2;
        if (claimants & bit(i))
            s += 200;
        if (lastSaved && i == lastTeamTarget)
            s += 150; // the doctor cannot protect the same player twice in a row
        for (int w = 0; w < n; ++w) {
            if (!isWolf(w))
                continue;
            const auto ws = static_cast<std::size_t>(w);
            if (accusersEver[ws] & bit(i))
                s += 25;
            if (votersEver[ws] & bit(i))
                s += 10;
            if (vouchersEver[ws] & bit(i))
                s -= 15;
        }
        s -= 5 * count(accusersEver[is]); // a suspected villager is worth more alive
        return s;
    }

    /// For wolves: the villager the pack should push in the day.
    int scapegoatScore(int i) const
    {
        const auto is = static_cast<std::size_t>(i);
        int s = noise[is];
        s += 6 * count(accusersToday[is]) + 3 * count(accusersEver[is]);
        if ((claimants & bit(i)) && !isWolf(i))
            s += 40;
        for (int w = 0; w < n; ++w)
            if (isWolf(w) && (accusersEver[static_cast<std::size_t>(w)] & bit(i)))
                s += 10;
        return s;
    }

    int bestBy(SeatMask candidates, auto &&score) const
    {
        int best = NoSeat;
        int bestScore = Lowest;
        for (int i = 0; i < n; ++i) {
            if (!(candidates & bit(i)))
                continue;
            const int s = score(i);
            if (s > bestScore) {
                best = i;
                bestScore = s;
            }
        }
        return best;
    }

    SeatMask othersAlive() const { return static_cast<SeatMask>(aliveMask & ~bit(me)); }
    SeatMask aliveVillagers() const { return static_cast<SeatMask>(aliveMask & ~wolves); }

    int topSuspect() const
    {
        if (role == Role::Werewolf)
            return bestBy(aliveVillagers(), [this](int i) { return scapegoatScore(i); });
        return bestBy(othersAlive(), [this](int i) { return suspicion(i); });
    }

    SeatMask maskOf(const std::vector<std::string> &targets) const
    {
        SeatMask m = 0;
        for (const std::string &t : targets) {
            const int s = seatOf(t);
            if (s >= 0)
                m |= bit(s);
        }
        return m;
    }

    int aliveKnownWolf() const
    {
        for (int k = 0; k < inspectionCount; ++k) {
            const Inspection &x = inspections[static_cast<std::size_t>(k)];
            if (x.wolf && alive(x.seat))
                return x.seat;
        }
        return NoSeat;
    }
    int partner() const
    {
        for (int w = 0; w < n; ++w)
            if (w != me && isWolf(w) && alive(w))
                return w;
        return NoSeat;
    }
    int proposer() const
    {
        for (int w = 0; w < n; ++w)
            if (isWolf(w) && alive(w))
                return w;
        return NoSeat;
    }
    /// The first named victim a wolf-chat line is about (living non-wolves only).
    int victimIn(const std::string &text) const
    {
        const auto r = botspeech::read(text, lexicon);
        const SeatMask named = static_cast<SeatMask>(
            (r.accused | r.vouched | r.claimedWolf | r.claimedClean) & aliveVillagers());
        if (r.firstNamed >= 0 && (aliveVillagers() & bit(r.firstNamed)))
            return r.firstNamed;
        for (int i = 0; i < n; ++i)
            if (named & bit(i))
                return i;
        return NoSeat;
    }

    void init(const StateView &v);
    void ingest(const Event &e);
    void onPhase(const StateView &v, TimeMs now);
    void readMessage(const Event &e, int from);
    void decideSeerClaim();
    Step act(const StateView &v, TimeMs now);
    std::optional<ToolCall> nightAct(const Match::RequiredAction &req, TimeMs now);
    std::optional<ToolCall> wolfNight(const Match::RequiredAction &req, TimeMs now);
    std::optional<ToolCall> witchAct(const Match::RequiredAction &req, TimeMs now);
    std::optional<ToolCall> hunterShot(const Match::RequiredAction &req, TimeMs now);
    std::optional<ToolCall> pkDefence(const Match::RequiredAction &req, TimeMs now);
    /// The most suspected of `candidates` and by how much it stands above
    /// their average suspicion (a margin near 0 means nothing to go on).
    std::pair<int, int> standout(SeatMask candidates) const;
    std::optional<ToolCall> talk(TimeMs now, bool urgent);
    bool compose(std::string &text, MessageKind &kind, std::string &replyTo, int slot);
    bool composeWolf(std::string &text, MessageKind &kind, std::string &replyTo, int slot);
    void seerResults(std::string &text, bool onlyNew);
    std::optional<ToolCall> voteAct(const Match::RequiredAction &req, TimeMs now);
    int voteChoice(SeatMask allowed);
    int flipTarget(SeatMask allowed) const;
    void armUrgent(TimeMs now);

    ToolCall call(const char *tool) const
    {
        ToolCall c;
        c.tool = tool;
        c.arguments["matchId"] = matchId;
        return c;
    }
    ToolCall targeted(const char *tool, int seat) const
    {
        ToolCall c = call(tool);
        c.arguments["targetPlayerId"] = ids[static_cast<std::size_t>(seat)];
        return c;
    }
    ToolCall speech(std::string text, MessageKind kind, const std::string &replyTo) const
    {
        ToolCall c = call("et.werewolf.match.say_public");
        c.arguments["text"] = std::move(text);
        c.arguments["kind"] = toString(kind);
        if (!replyTo.empty())
            c.arguments["replyToEventId"] = replyTo;
        return c;
    }
};

// ------------------------------------------------------------------ init and ingestion

void Bot::Memory::init(const StateView &v)
{
    initialised = true;
    matchId = v.matchId;
    n = std::min<int>(static_cast<int>(v.players.size()), MaxSeats);
    revealed.fill(-1);
    vote.fill(NoVote);
    for (int i = 0; i < n; ++i) {
        const PlayerEntry &p = v.players[static_cast<std::size_t>(i)];
        const auto is = static_cast<std::size_t>(i);
        ids[is] = p.playerId;
        names[is] = p.displayName;
        if (p.alive)
            aliveMask |= bit(i);
        if (p.revealedRole && !p.alive)
            revealed[is] = static_cast<std::int8_t>(*p.revealedRole);
        noise[is] = static_cast<std::int8_t>(rng.below(NoiseRange));
    }
    lexicon.assign(names.data(), n);
    if (v.you) {
        me = seatOf(v.you->playerId);
        role = v.you->role;
        wolves = maskOf(v.you->knownWolves);
        for (const SeerEntry &r : v.you->seerHistory) {
            const int s = seatOf(r.targetPlayerId);
            if (s < 0 || inspectionCount >= MaxSeats)
                continue;
            inspections[static_cast<std::size_t>(inspectionCount++)] = {r.night, s, r.werewolf};
            inspectedMask |= bit(s);
            if (r.werewolf)
                inspectedWolves |= bit(s);
        }
    }
    preferFirstClaim = rng.chance(60);
}

void Bot::Memory::ingest(const Event &e)
{
    const json &p = e.payload;
    switch (e.type) {
    case EventType::MatchCreated:
        if (auto c = p.find("config"); c != p.end() && c->is_object()) {
            publicGap = c->value("publicChatIntervalMs", publicGap);
            wolfGap = c->value("wolfChatIntervalMs", wolfGap);
            rateLimits = c->value("rateLimits", rateLimits);
            if (auto r = c->find("rules"); r != c->end() && r->is_object())
                potions = r->value("witches", 0) > 0;
        }
        break;
    case EventType::PhaseChanged: {
        const std::string *to = stringAt(p, "to");
        const auto ph = to ? parsePhase(*to) : std::nullopt;
        if (!ph)
            break;
        eventPhase = *ph;
        if (*ph == Phase::DayAnnounce) {
            accusersToday.fill(0);
            vote.fill(NoVote);
            accuser = NoSeat;
            defended = false;
            claimToReact = NoSeat;
        } else if (*ph == Phase::DayVote || *ph == Phase::DayPkVote) {
            vote.fill(NoVote);
        } else if (*ph == Phase::DayPkDefense) {
            pkMask = 0;
            if (auto o = p.find("order"); o != p.end() && o->is_array())
                for (const json &id : *o)
                    if (id.is_string())
                        if (const int s = seatOf(id.get_ref<const std::string &>()); s >= 0)
                            pkMask |= bit(s);
        } else if (*ph == Phase::Night) {
            lastSaved = false;
            lastVictim = NoSeat;
            lastVictim2 = NoSeat;
            heardFrom = 0;
            leaderPick = NoSeat;
            partnerSays = NoSeat;
            partnerPick = NoSeat;
            partnerChatted = false;
            proposal = NoSeat;
        } else if (*ph == Phase::Ended) {
            over = true;
        }
        break;
    }
    case EventType::TurnStarted:
        if (auto it = p.find("turnEndsAtMs"); it != p.end() && it->is_number_integer())
            turnEnd = it->get<TimeMs>();
        break;
    case EventType::PublicMessage: {
        const int from = seatAt(p, "playerId");
        if (from == me) {
            lastPublicAt = e.at;
            break;
        }
        if (from < 0 || !meAlive())
            break; // the dead no longer need to follow the talk
        readMessage(e, from);
        break;
    }
    case EventType::WolfChatMessage: {
        const int from = seatAt(p, "fromWolfId");
        if (from == me) {
            lastWolfChatAt = e.at;
            break;
        }
        if (from < 0 || role != Role::Werewolf)
            break;
        partnerChatted = true;
        heardFrom |= bit(from);
        if (const std::string *text = stringAt(p, "text")) {
            const int v = victimIn(*text);
            if (v >= 0) {
                partnerSays = v;
                if (proposal < 0 && from == proposer())
                    proposal = v;
            }
        }
        break;
    }
    case EventType::WolfKillSelected: {
        const int by = seatAt(p, "byPlayerId");
        if (by >= 0 && by != me) {
            partnerPick = seatAt(p, "targetPlayerId");
            heardFrom |= bit(by);
            if (by == proposer())
                leaderPick = partnerPick;
        }
        break;
    }
    case EventType::WitchInformed: {
        witchNight = p.value("night", 0);
        witchStage = 0;
        const int v = seatAt(p, "killedPlayerId");
        if (v >= 0 && v != me)
            cleared |= bit(v); // the wolves do not attack their own
        break;
    }
    case EventType::HunterShot: {
        if (seatAt(p, "hunterPlayerId") == me && me >= 0)
            myShot = seatAt(p, "targetPlayerId");
        break;
    }
    case EventType::SeerInspected: {
        const int s = seatAt(p, "targetPlayerId");
        const std::string *a = stringAt(p, "alignment");
        if (s < 0 || !a || (inspectedMask & bit(s)) || inspectionCount >= MaxSeats)
            break;
        const bool wolf = *a == "WEREWOLF";
        inspections[static_cast<std::size_t>(inspectionCount++)] = {p.value("night", 0), s, wolf};
        inspectedMask |= bit(s);
        if (wolf)
            inspectedWolves |= bit(s);
        break;
    }
    case EventType::NightResult: {
        lastVictim = seatAt(p, "killedPlayerId");
        lastSaved = p.value("savedByDoctor", false);
        if (auto d = p.find("deaths");
            d != p.end() && d->is_array() && d->size() > 1 && (*d)[1].is_string())
            lastVictim2 = seatOf((*d)[1].get_ref<const std::string &>());
        break;
    }
    case EventType::PlayerEliminated: {
        const int s = seatAt(p, "playerId");
        if (s < 0)
            break;
        aliveMask = static_cast<SeatMask>(aliveMask & ~bit(s));
        if (const std::string *r = stringAt(p, "roleRevealed"))
            if (auto role = parseRole(*r))
                revealed[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(*role);
        const std::string *cause = stringAt(p, "cause");
        if (cause && *cause == "VOTE") {
            votedOut |= bit(s);
            if (s == me)
                votedOutMe = true;
        } else if (!cause || *cause != "HUNTER_SHOT") {
            // A hunter's target was not silenced by the wolves, so it tells nothing about them.
            nightKilled |= bit(s);
        }
        break;
    }
    case EventType::VoteCast: {
        const int voter = seatAt(p, "voterPlayerId");
        if (voter < 0)
            break;
        const int target = seatAt(p, "targetPlayerId");
        vote[static_cast<std::size_t>(voter)]
            = static_cast<std::int8_t>(target >= 0 ? target : Abstain);
        if (voter != me && myVote != NoVote && !flipped)
            reconsider = true;
        break;
    }
    case EventType::VoteResult:
        for (int v = 0; v < n; ++v) {
            const int t = vote[static_cast<std::size_t>(v)];
            if (t >= 0)
                votersEver[static_cast<std::size_t>(t)] |= bit(v);
        }
        if (seatAt(p, "eliminatedPlayerId") == me && me >= 0)
            votedOutMe = true;
        break;
    case EventType::GameEnded:
        over = true;
        break;
    default:
        break;
    }
}

void Bot::Memory::readMessage(const Event &e, int from)
{
    const std::string *text = stringAt(e.payload, "text");
    if (!text)
        return;
    const botspeech::Reading r = botspeech::read(*text, lexicon);
    talkHeard = true;
    const SeatMask others = static_cast<SeatMask>(~bit(from));
    const SeatMask accused = r.accused & others;
    for (int i = 0; i < n; ++i) {
        if (accused & bit(i)) {
            accusersToday[static_cast<std::size_t>(i)] |= bit(from);
            accusersEver[static_cast<std::size_t>(i)] |= bit(from);
        }
        if (r.vouched & others & bit(i))
            vouchersEver[static_cast<std::size_t>(i)] |= bit(from);
    }
    bool newClaim = false;
    if (r.seerClaim && !(claimants & bit(from))) {
        claimants |= bit(from);
        claimRank[static_cast<std::size_t>(from)] = static_cast<std::uint8_t>(++claims);
        newClaim = true;
    }
    const auto fs = static_cast<std::size_t>(from);
    if (claimants & bit(from)) {
        claimWolf[fs] |= r.claimedWolf & others;
        claimClean[fs] |= r.claimedClean & others;
    }
    const bool day = eventPhase == Phase::DayOpening || eventPhase == Phase::DayDiscussion
                     || eventPhase == Phase::DayAnnounce;
    const bool namedMeWolf = (claimants & bit(from)) && (r.claimedWolf & bit(me));
    if (!day)
        return;

    if (newClaim || ((claimants & bit(from)) && (r.claimedWolf | r.claimedClean))) {
        if (!(claimsReacted & bit(from)))
            claimToReact = from;
        if (role == Role::Seer && !claimedSeer)
            claimPlanned = true; // a false seer: the real one must speak up
        if (role == Role::Werewolf && !isWolf(from) && !(claimants & wolves) && meAlive()) {
            // A real seer has named one of us: maybe counterclaim, once per pack.
            const SeatMask hit = r.claimedWolf & wolves;
            if (hit && counterclaimTarget == NoSeat && rng.chance((hit & bit(me)) ? 50 : 20))
                counterclaimTarget = from;
        }
    }
    if ((accused & bit(me)) || namedMeWolf) {
        // Answer a pile-on almost always, a lone jab only sometimes: a table
        // where every accusation gets a rebuttal reads like a script.
        const bool pileOn = count(accusersToday[static_cast<std::size_t>(me)]) >= 2;
        const bool react = rng.chance(pileOn ? 70 : role == Role::Werewolf ? 40 : 25);
        if (react && (accuser == NoSeat || defended) && defences < (pileOn ? MaxDefencesPerDay : 1)
            && !(defendedAgainst & bit(from))) {
            accuser = from;
            accusationEventId = e.eventId;
            defended = false;
            if (role == Role::Seer && !claimedSeer && rng.chance(85))
                claimPlanned = true;
        }
    }
    if (eventPhase == Phase::DayDiscussion && phase == Phase::DayDiscussion)
        armUrgent(e.at);
}

void Bot::Memory::armUrgent(TimeMs now)
{
    if (urgentAt != Never || talksSent >= MaxTalksPerDay || !meAlive())
        return;
    const bool need = (accuser >= 0 && !defended) || claimToReact >= 0 || counterclaimTarget >= 0
                      || (claimPlanned && !claimedSeer);
    if (!need)
        return;
    urgentAt = now + 1'000 + rng.below(3'000);
    if (phaseEnd > 0 && urgentAt >= phaseEnd)
        urgentAt = Never;
}

void Bot::Memory::decideSeerClaim()
{
    if (role != Role::Seer || claimedSeer || !meAlive())
        return;
    if (claimants & static_cast<SeatMask>(~bit(me))) {
        claimPlanned = true;
        return;
    }
    if (claimPlanned)
        return;
    if (aliveKnownWolf() >= 0)
        claimPlanned = rng.chance(80);
    else if (aliveCount() <= 4 && inspectionCount > 0)
        claimPlanned = rng.chance(60);
    else if (inspectionCount >= 3)
        claimPlanned = rng.chance(25);
}

// ------------------------------------------------------------------ planning

void Bot::Memory::onPhase(const StateView &v, TimeMs now)
{
    phase = v.phase;
    day = v.dayNumber;
    phaseStart = now;
    phaseEnd = v.phaseEndsAt;
    const std::int64_t span = phaseSpan(now);
    // Every phase starts with a clean schedule; what was not done is dropped.
    nightAt = chatAt = openingAt = urgentAt = voteAt = flipAt = lastWordsAt = Never;
    shotAt = pkAt = Never;
    talkAt.fill(Never);
    talks = talkIdx = 0;
    // A dead hunter still has his shot: the one phase in which the dead act.
    hunterTurn = phase == Phase::HunterShot && v.you && v.you->requiredAction
                 && v.you->requiredAction->type == ActionType::HunterShoot;
    if (!meAlive() && !(phase == Phase::DayResolution && votedOutMe) && !hunterTurn)
        return;
    switch (phase) {
    case Phase::Lobby:
        readyAt = within(now, std::min<std::int64_t>(span, 30'000), 20, 200);
        break;
    case Phase::Night:
        nightDone = false;
        wolfStage = 0;
        decided = NoSeat;
        agreed = true;
        if (role == Role::Werewolf) {
            if (partner() < 0)
                nightAt = within(now, span, 40, 250);
            else if (proposer() == me)
                chatAt = within(now, span, 20, 80);
            else
                wolfDeadline = now + span / 2;
        } else if (role == Role::Seer || role == Role::Doctor) {
            nightAt = within(now, span, 50, 300);
        }
        break;
    case Phase::DayOpening:
        for (int i = 0; i < n; ++i)
            noise[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(
                (noise[static_cast<std::size_t>(i)] + rng.below(NoiseRange)) / 2
                + rng.below(NoiseRange / 2));
        defences = 0;
        defendedAgainst = 0;
        openingSent = false;
        talksSent = 0;
        claimInOpening = false;
        decideSeerClaim();
        if (claimPlanned)
            claimInOpening = rng.chance(35);
        break;
    case Phase::DayDiscussion: {
        decideSeerClaim();
        talks = 1 + static_cast<int>(rng.below(3));
        const std::int64_t usable = span;
        for (int k = 0; k < talks; ++k) {
            const int lo = 40 + 850 * k / talks;
            const int hi = 40 + 850 * (k + 1) / talks;
            talkAt[static_cast<std::size_t>(k)] = within(now, usable, lo, hi);
        }
        armUrgent(now);
        break;
    }
    case Phase::NightWitch:
        // Like the other night roles: a moment somewhere in the phase, so
        // the timing tells the table nothing.
        if (role == Role::Witch)
            nightAt = within(now, span, 50, 400);
        break;
    case Phase::HunterShot:
        shotSent = false;
        if (hunterTurn)
            shotAt = within(now, span, 80, 400);
        break;
    case Phase::DayPkDefense:
        pkSpoke = false;
        break;
    case Phase::DayVote:
    case Phase::DayPkVote:
        myVote = NoVote;
        flipped = false;
        reconsider = false;
        busDecided = false;
        bus = false;
        voteAt = (role == Role::Seer && aliveKnownWolf() >= 0) ? within(now, span, 20, 100)
                                                               : within(now, span, 30, 500);
        break;
    case Phase::DayResolution:
        if (votedOutMe && !lastWordsSent)
            lastWordsAt = within(now, span, 50, 250);
        break;
    default:
        break;
    }
}

// ------------------------------------------------------------------ acting

Bot::Step Bot::Memory::act(const StateView &v, TimeMs now)
{
    Step st;
    const YouView &you = *v.you;
    const Match::RequiredAction none;
    const Match::RequiredAction &req = you.requiredAction ? *you.requiredAction : none;
    std::optional<ToolCall> c;

    switch (phase) {
    case Phase::Lobby:
        if (!readySent && readyAt != Never && now >= readyAt) {
            c = call("et.werewolf.match.ready");
            pending = Pending::Ready;
        }
        break;
    case Phase::Night:
        c = nightAct(req, now);
        break;
    case Phase::NightWitch:
        c = witchAct(req, now);
        break;
    case Phase::HunterShot:
        c = hunterShot(req, now);
        break;
    case Phase::DayPkDefense:
        c = pkDefence(req, now);
        break;
    case Phase::DayOpening:
        if (req.type == ActionType::SpeakOpening && !openingSent) {
            if (openingAt == Never) {
                const std::int64_t turn = std::max<std::int64_t>(1'000, turnEnd - now);
                openingAt = within(now, turn, 30, 200);
            }
            if (now >= openingAt) {
                std::string text;
                const int victim = lastVictim;
                if (claimInOpening && claimPlanned && !claimedSeer) {
                    botspeech::say(text, Topic::SeerClaim, rng.below(8));
                    seerResults(text, false);
                    said = Said::SeerClaim;
                } else {
                    if (victim >= 0 && lastVictim2 >= 0)
                        botspeech::say(text,
                                       Topic::OpeningTwoKills,
                                       rng.below(64),
                                       name(victim),
                                       name(lastVictim2));
                    else if (victim >= 0)
                        botspeech::say(text, Topic::OpeningKill, rng.below(64), name(victim));
                    else
                        botspeech::say(text,
                                       potions ? Topic::OpeningQuiet : Topic::OpeningSaved,
                                       rng.below(64));
                    const int s = topSuspect();
                    const bool accuse
                        = s >= 0
                          && (role == Role::Werewolf
                                  ? rng.chance(50)
                                  : suspicion(s) >= 20 || (day > 1 && rng.chance(50)));
                    if (accuse)
                        botspeech::say(text, Topic::OpeningSuspect, rng.below(64), name(s));
                    else
                        botspeech::say(text, Topic::OpeningCalm, rng.below(64));
                    said = Said::Plain;
                }
                c = speech(std::move(text), MessageKind::Opening, {});
                pending = Pending::Opening;
            }
        }
        break;
    case Phase::DayDiscussion:
        if (!meAlive())
            break;
        if (urgentAt != Never && now >= urgentAt)
            c = talk(now, true);
        if (!c && talkIdx < talks && now >= talkAt[static_cast<std::size_t>(talkIdx)])
            c = talk(now, false);
        break;
    case Phase::DayVote:
    case Phase::DayPkVote:
        c = voteAct(req, now);
        break;
    case Phase::DayResolution:
        if (votedOutMe && !lastWordsSent && lastWordsAt != Never && now >= lastWordsAt) {
            std::string text;
            const int s = topSuspect();
            const std::string_view sn
                = s >= 0 ? std::string_view(name(s)) : std::string_view("everyone");
            switch (role) {
            case Role::Villager:
                botspeech::say(text, Topic::LastWordsVillager, rng.below(64), sn);
                break;
            case Role::Doctor:
                botspeech::say(text, Topic::LastWordsDoctor, rng.below(64), sn);
                break;
            case Role::Werewolf:
                botspeech::say(text, Topic::LastWordsWolf, rng.below(64));
                break;
            case Role::Witch:
                botspeech::say(text, Topic::LastWordsWitch, rng.below(64), sn);
                break;
            case Role::Hunter:
                if (myShot >= 0)
                    botspeech::say(text, Topic::LastWordsHunter, rng.below(64), name(myShot));
                else
                    botspeech::say(text, Topic::LastWordsHunterNone, rng.below(64), sn);
                break;
            case Role::Seer: {
                const int w = aliveKnownWolf();
                if (w >= 0)
                    botspeech::say(text, Topic::LastWordsSeer, rng.below(64), name(w));
                else
                    botspeech::say(text, Topic::LastWordsSeerNone, rng.below(64));
                break;
            }
            }
            c = speech(std::move(text), MessageKind::LastWords, {});
            pending = Pending::LastWords;
        }
        break;
    default:
        break;
    }

    if (c) {
        st.call = std::move(c);
        return st; // woken again by its own event
    }
    // Sleep until the earliest armed slot that lies ahead.
    TimeMs next = Never;
    auto consider = [&](TimeMs t) {
        if (t != Never && t > now && (next == Never || t < next))
            next = t;
    };
    switch (phase) {
    case Phase::Lobby:
        if (!readySent)
            consider(readyAt);
        break;
    case Phase::Night:
        consider(nightAt);
        consider(chatAt);
        if (wolfStage > 0 || (role == Role::Werewolf && proposer() != me))
            consider(wolfDeadline);
        break;
    case Phase::NightWitch:
        consider(nightAt);
        break;
    case Phase::HunterShot:
        consider(shotAt);
        break;
    case Phase::DayPkDefense:
        consider(pkAt);
        break;
    case Phase::DayOpening:
        consider(openingAt);
        break;
    case Phase::DayDiscussion:
        consider(urgentAt);
        if (talkIdx < talks)
            consider(talkAt[static_cast<std::size_t>(talkIdx)]);
        break;
    case Phase::DayVote:
    case Phase::DayPkVote:
        consider(voteAt);
        consider(flipAt);
        break;
    case Phase::DayResolution:
        consider(lastWordsAt);
        break;
    default:
        break;
    }
    if (next != Never)
        st.wakeAt = next;
    return st;
}

std::optional<ToolCall> Bot::Memory::nightAct(const Match::RequiredAction &req, TimeMs now)
{
    if (role == Role::Werewolf)
        return wolfNight(req, now);
    if (nightDone || nightAt == Never || now < nightAt || req.alreadySubmitted)
        return std::nullopt;
    const SeatMask allowed = maskOf(req.allowedTargets);
    if (!allowed)
        return std::nullopt;
    int target = NoSeat;
    if (req.type == ActionType::SeerInspect) {
        const SeatMask fresh = static_cast<SeatMask>(allowed & ~inspectedMask);
        target = bestBy(fresh ? fresh : allowed,
                        [this](int i) { return suspicion(i) + static_cast<int>(rng.below(8)); });
        pending = Pending::NightAction;
        return targeted("et.werewolf.match.night.seer_inspect", target);
    }
    if (req.type == ActionType::DoctorProtect) {
        // A believed seer claimant first; then sometimes themself; else a strong town voice.
        int seer = NoSeat;
        int seerTrust = 59;
        for (int c = 0; c < n; ++c) {
            if ((claimants & allowed & bit(c)) && trustIn(c) > seerTrust) {
                seer = c;
                seerTrust = trustIn(c);
            }
        }
        if (seer >= 0 && rng.chance(80))
            target = seer;
        else if ((allowed & bit(me)) && rng.chance(30))
            target = me;
        else
            target = bestBy(static_cast<SeatMask>(allowed & ~bit(me)), [this](int i) {
                int voice = 0;
                for (int j = 0; j < n; ++j)
                    if (accusersEver[static_cast<std::size_t>(j)] & bit(i))
                        ++voice;
                return 4 * voice - suspicion(i) + static_cast<int>(rng.below(10));
            });
        if (target < 0)
            target = bestBy(allowed, [](int) { return 0; });
        pending = Pending::NightAction;
        return targeted("et.werewolf.match.night.doctor_protect", target);
    }
    return std::nullopt;
}

std::optional<ToolCall> Bot::Memory::wolfNight(const Match::RequiredAction &req, TimeMs now)
{
    if (req.type != ActionType::WolfKill || nightDone)
        return std::nullopt;
    const SeatMask allowed = maskOf(req.allowedTargets);
    if (!allowed)
        return std::nullopt;
    auto best = [&](SeatMask from) {
        return bestBy(from ? from : allowed, [this](int i) { return threat(i); });
    };
    auto kill = [&](int target) -> std::optional<ToolCall> {
        if (target < 0 || !(allowed & bit(target)))
            target = best(allowed);
        decided = target;
        pending = Pending::NightAction;
        return targeted("et.werewolf.match.night.wolf_kill", target);
    };
    auto chat = [&](Topic topic, int a, int b) -> std::optional<ToolCall> {
        if (rateLimits && lastWolfChatAt && now < *lastWolfChatAt + wolfGap)
            return std::nullopt;
        std::string text;
        botspeech::say(text,
                       topic,
                       rng.below(64),
                       name(a),
                       b >= 0 ? std::string_view(name(b)) : std::string_view());
        ToolCall c = call("et.werewolf.match.night.wolf_chat");
        c.arguments["text"] = std::move(text);
        pending = Pending::WolfChat;
        return c;
    };

    const int mate = partner();
    if (mate < 0) { // a lone wolf has nobody to talk to
        if (nightAt != Never && now >= nightAt)
            return kill(best(allowed));
        return std::nullopt;
    }
    const std::int64_t span = phaseSpan(now);
    if (proposer() == me) {
        switch (wolfStage) {
        case 0:
            if (chatAt == Never || now < chatAt)
                return std::nullopt;
            proposal
                = partnerPick >= 0 && (allowed & bit(partnerPick)) ? partnerPick : best(allowed);
            wolfDeadline = now + std::max<std::int64_t>(wolfGap + 500, span * 35 / 100);
            chatAt = Never;
            wolfStage = 1;
            {
                const Topic t = (claimants & bit(proposal)) ? Topic::WolfProposeSeer
                                : (lastSaved && proposal == lastTeamTarget)
                                    ? Topic::WolfProposeAgain
                                : threat(proposal) >= 60 ? Topic::WolfProposeAccuser
                                                         : Topic::WolfPropose;
                auto c = chat(t, proposal, NoSeat);
                if (c)
                    return c;
            }
            return std::nullopt;
        case 1: {
            // Wait for every other wolf of the pack (one partner at a classic table).
            SeatMask pack = 0;
            for (int w = 0; w < n; ++w)
                if (w != me && isWolf(w) && alive(w))
                    pack |= bit(w);
            const bool heard = (pack & ~heardFrom) == 0;
            if (!heard && now < wolfDeadline)
                return std::nullopt;
            int other = partnerPick >= 0 ? partnerPick : partnerSays;
            decided = proposal;
            wolfStage = 3;
            nightAt = now + 300 + rng.below(700);
            if (other >= 0 && other != proposal && (allowed & bit(other))) {
                const bool yield = rng.chance(55);
                decided = yield ? other : proposal;
                wolfStage = 2;
                chatAt = std::max(now + 500, lastWolfChatAt ? *lastWolfChatAt + wolfGap : now);
            }
            return std::nullopt;
        }
        case 2: // answer a counter-proposal before settling
            if (now < chatAt)
                return std::nullopt;
            wolfStage = 3;
            chatAt = Never;
            nightAt = now + 300 + rng.below(700);
            return chat(
                decided == proposal ? Topic::WolfInsist : Topic::WolfSwitch, decided, NoSeat);
        case 3:
            if (now < nightAt)
                return std::nullopt;
            wolfStage = 4;
            return kill(decided);
        default:
            return std::nullopt;
        }
    }
    // The other wolves answer the proposal, then follow the proposer's selection.
    switch (wolfStage) {
    case 0:
        if (proposal >= 0 || leaderPick >= 0) {
            wolfStage = 1;
            chatAt = now + 800 + rng.below(1'700);
            return std::nullopt;
        }
        if (now >= wolfDeadline) {
            wolfStage = 4;
            return kill(best(allowed));
        }
        return std::nullopt;
    case 1: {
        if (now < chatAt)
            return std::nullopt;
        const int p = proposal >= 0 ? proposal : leaderPick;
        wolfStage = 2;
        chatAt = Never;
        wolfDeadline = now + std::max<std::int64_t>(3'000, span * 30 / 100);
        if (p >= 0 && (allowed & bit(p)) && ((claimants & bit(p)) || rng.chance(85))) {
            agreed = true;
            decided = p;
            return chat(Topic::WolfAgree, p, NoSeat);
        }
        agreed = false;
        decided = best(static_cast<SeatMask>(allowed & ~(p >= 0 ? bit(p) : 0)));
        return chat(Topic::WolfCounter, decided, p >= 0 ? p : decided);
    }
    case 2:
        if (leaderPick >= 0) {
            if (agreed || leaderPick == decided || rng.chance(75))
                decided = leaderPick;
            wolfStage = 3;
            nightAt = now + 400 + rng.below(800);
            return std::nullopt;
        }
        if (now >= wolfDeadline) {
            wolfStage = 4;
            return kill(decided);
        }
        return std::nullopt;
    case 3:
        if (now < nightAt)
            return std::nullopt;
        wolfStage = 4;
        return kill(decided);
    default:
        return std::nullopt;
    }
}

std::pair<int, int> Bot::Memory::standout(SeatMask candidates) const
{
    int best = NoSeat;
    int bestScore = Lowest;
    int sum = 0;
    int k = 0;
    for (int i = 0; i < n; ++i) {
        if (!(candidates & bit(i)))
            continue;
        const int s = suspicion(i);
        sum += s;
        ++k;
        if (s > bestScore) {
            best = i;
            bestScore = s;
        }
    }
    if (best < 0)
        return {NoSeat, 0};
    return {best, bestScore - sum / k};
}

std::optional<ToolCall> Bot::Memory::witchAct(const Match::RequiredAction &req, TimeMs now)
{
    if (req.type != ActionType::WitchAct || witchStage >= 2 || nightAt == Never || now < nightAt)
        return std::nullopt;
    nightAt = Never;
    auto act = [&](const char *action, int target) {
        ToolCall c = call("et.werewolf.match.night.witch_act");
        c.arguments["action"] = action;
        if (target >= 0)
            c.arguments["targetPlayerId"] = ids[static_cast<std::size_t>(target)];
        witchPending = action;
        pendingSeat = target;
        pending = Pending::WitchAct;
        return c;
    };
    const int victim = req.killedPlayerId ? seatOf(*req.killedPlayerId) : NoSeat;
    if (witchStage == 0 && req.antidote && victim >= 0) {
        // The antidote is worth most on night 1, before anyone has a read; later
        // it is kept for a player the village cannot lose (a believed seer claimant).
        int chance = witchNight <= 1 ? 90 : 30;
        if ((claimants & bit(victim)) && trustIn(victim) >= 60)
            chance = 90;
        if (rng.chance(chance))
            return act("SAVE", victim);
    }
    if (req.poison) {
        const SeatMask pool
            = static_cast<SeatMask>(maskOf(req.allowedTargets) & ~cleared & ~bit(me));
        const auto [target, margin] = standout(pool);
        // Poison only on evidence: a believed seer named the player a wolf, or
        // the talk has singled them out. On night 1 nobody has said anything yet.
        const bool named = target >= 0 && suspicion(target) >= 100;
        const bool singled = target >= 0 && witchNight > 1 && margin >= 25;
        if ((named && rng.chance(85)) || (singled && rng.chance(40)))
            return act("POISON", target);
    }
    return act("PASS", NoSeat);
}

std::optional<ToolCall> Bot::Memory::hunterShot(const Match::RequiredAction &req, TimeMs now)
{
    if (req.type != ActionType::HunterShoot || shotSent || shotAt == Never || now < shotAt)
        return std::nullopt;
    shotAt = Never;
    const SeatMask pool = static_cast<SeatMask>(maskOf(req.allowedTargets) & ~cleared);
    const auto [top, margin] = standout(pool);
    ToolCall c = call("et.werewolf.match.hunter_shoot");
    // A hunter keeps his word to the table; otherwise a shot at random kills
    // a villager more often than a wolf, so he holds fire unless someone
    // clearly stands out, and always before any day's talk.
    const bool promised = promisedShot >= 0 && (pool & bit(promisedShot));
    const int target = promised ? promisedShot : top;
    if (promised || (target >= 0 && talkHeard && margin >= 12))
        c.arguments["targetPlayerId"] = ids[static_cast<std::size_t>(target)];
    else
        c.arguments["targetPlayerId"] = nullptr;
    pending = Pending::HunterShot;
    return c;
}

std::optional<ToolCall> Bot::Memory::pkDefence(const Match::RequiredAction &req, TimeMs now)
{
    if (req.type != ActionType::SpeakDefense || pkSpoke)
        return std::nullopt;
    if (pkAt == Never) {
        const std::int64_t turn = std::max<std::int64_t>(1'000, turnEnd - now);
        pkAt = within(now, turn, 30, 200);
    }
    if (now < pkAt)
        return std::nullopt;
    // Point at the other side of the PK when it is fair game, else at the top suspect.
    const SeatMask rivals = static_cast<SeatMask>(pkMask & aliveMask & ~bit(me)
                                                  & (role == Role::Werewolf ? ~wolves : 0xFFFF));
    int other = role == Role::Werewolf ? bestBy(rivals, [this](int i) { return scapegoatScore(i); })
                                       : bestBy(rivals, [this](int i) { return suspicion(i); });
    if (other < 0)
        other = topSuspect();
    std::string text;
    if (role == Role::Hunter && other >= 0 && rng.chance(50)) {
        botspeech::say(text, Topic::HunterDefend, rng.below(64), name(other));
        promisedShot = other;
    } else if (other >= 0)
        botspeech::say(text, Topic::PkDefence, rng.below(64), name(other));
    else
        botspeech::say(text, Topic::PkDefenceAlone, rng.below(64));
    pending = Pending::PkDefence;
    return speech(std::move(text), MessageKind::Defense, {});
}

void Bot::Memory::seerResults(std::string &text, bool onlyNew)
{
    // Most recent night reads "Last night"; earlier ones name their night.
    const int lastNight = inspectionCount > 0
                              ? inspections[static_cast<std::size_t>(inspectionCount - 1)].night
                              : 0;
    for (int k = onlyNew ? reportedCount : 0; k < inspectionCount; ++k) {
        const Inspection &x = inspections[static_cast<std::size_t>(k)];
        if (x.night == lastNight && x.night == day) {
            botspeech::say(
                text, x.wolf ? Topic::SeerWolfLast : Topic::SeerCleanLast, 0, name(x.seat));
        } else {
            const std::string num = std::to_string(x.night);
            botspeech::say(text,
                           x.wolf ? Topic::SeerWolfEarlier : Topic::SeerCleanEarlier,
                           0,
                           name(x.seat),
                           std::string_view(num));
        }
    }
}

std::optional<ToolCall> Bot::Memory::talk(TimeMs now, bool urgent)
{
    if (talksSent >= MaxTalksPerDay) {
        urgentAt = Never;
        talkIdx = talks;
        return std::nullopt;
    }
    if (rateLimits && lastPublicAt && now < *lastPublicAt + publicGap) {
        const TimeMs ready = *lastPublicAt + publicGap + 10 + rng.below(400);
        if (urgent)
            urgentAt = ready;
        else
            talkAt[static_cast<std::size_t>(talkIdx)] = ready;
        return std::nullopt;
    }
    std::string text;
    MessageKind kind = MessageKind::Discussion;
    std::string replyTo;
    const int slot = urgent ? -1 : talkIdx;
    if (urgent)
        urgentAt = Never;
    else
        ++talkIdx;
    const bool ok = role == Role::Werewolf ? composeWolf(text, kind, replyTo, slot)
                                           : compose(text, kind, replyTo, slot);
    if (!ok)
        return std::nullopt;
    pending = urgent ? Pending::Urgent : Pending::Talk;
    return speech(std::move(text), kind, replyTo);
}

bool Bot::Memory::compose(std::string &text, MessageKind &kind, std::string &replyTo, int slot)
{
    said = Said::Plain;
    pendingSeat = NoSeat;
    if (role == Role::Seer && claimPlanned && !claimedSeer) {
        botspeech::say(text, Topic::SeerClaim, rng.below(8));
        seerResults(text, false);
        said = Said::SeerClaim;
        const int w = aliveKnownWolf();
        if (w >= 0) {
            text.push_back(' ');
            botspeech::say(text, Topic::VoteCall, rng.below(8), name(w));
        }
        return true;
    }
    if (role == Role::Seer && claimedSeer && !fakeCalledOut) {
        for (int c = 0; c < n; ++c) {
            if (c != me && (claimants & aliveMask & bit(c))) {
                botspeech::say(text, Topic::FakeSeerCallout, rng.below(8), name(c));
                said = Said::FakeCallout;
                return true;
            }
        }
    }
    if (role == Role::Seer && claimedSeer && reportedCount < inspectionCount) {
        botspeech::say(text, Topic::SeerReport, rng.below(8));
        seerResults(text, true);
        said = Said::SeerReport;
        return true;
    }
    if (accuser >= 0 && !defended && alive(accuser)) {
        const int other = accuser;
        // A hunter under pressure may say what he is: voting him out costs the
        // village a player of the hunter's choosing.
        const bool hunterClaim = role == Role::Hunter
                                 && count(accusersToday[static_cast<std::size_t>(me)]) >= 2
                                 && rng.chance(50);
        botspeech::say(
            text, hunterClaim ? Topic::HunterDefend : Topic::Defend, rng.below(64), name(other));
        if (hunterClaim)
            promisedShot = other;
        kind = MessageKind::Defense;
        replyTo = accusationEventId;
        said = Said::Defence;
        return true;
    }
    if (claimToReact >= 0 && !(claimsReacted & bit(claimToReact)) && alive(claimToReact)) {
        const int c = claimToReact;
        const int t = trustIn(c);
        int named = NoSeat;
        for (int i = 0; i < n; ++i)
            if ((claimWolf[static_cast<std::size_t>(c)] & aliveMask & bit(i)) && i != me)
                named = i;
        pendingSeat = c;
        said = Said::Reaction;
        if (t >= 60 && named >= 0)
            botspeech::say(text, Topic::BelieveClaim, rng.below(64), name(c), name(named));
        else if (t >= 60)
            botspeech::say(text, Topic::BelieveClaimClean, rng.below(64), name(c));
        else
            botspeech::say(text, Topic::DoubtClaim, rng.below(64), name(c));
        return true;
    }
    if (role == Role::Witch && !witchClaimed && savedSeat >= 0 && savedSeat != me
        && alive(savedSeat) && savedNight == day
        && accusersToday[static_cast<std::size_t>(savedSeat)] && rng.chance(60)) {
        // The one fact only the witch has: last night's target is no wolf.
        botspeech::say(text, Topic::WitchClaimSave, rng.below(64), name(savedSeat));
        said = Said::WitchClaim;
        return true;
    }
    const int s = topSuspect();
    if (s < 0)
        return false;
    const int score = suspicion(s);
    if (slot <= 0) {
        const Topic t = score >= 150  ? Topic::AccuseStrong
                        : score >= 25 ? Topic::AccuseMedium
                                      : Topic::AccuseWeak;
        botspeech::say(text, t, rng.below(64), name(s));
        return true;
    }
    if (slot == 1 && rng.chance(40)) {
        const int trusted = bestBy(static_cast<SeatMask>(othersAlive() & ~bit(s)),
                                   [this](int i) { return -suspicion(i); });
        if (trusted >= 0 && suspicion(trusted) < 15) {
            botspeech::say(text, Topic::Vouch, rng.below(64), name(trusted));
            return true;
        }
    }
    botspeech::say(
        text, score >= 150 ? Topic::AccuseStrong : Topic::VoteCall, rng.below(64), name(s));
    return true;
}

bool Bot::Memory::composeWolf(std::string &text, MessageKind &kind, std::string &replyTo, int slot)
{
    said = Said::Plain;
    pendingSeat = NoSeat;
    if (counterclaimTarget >= 0 && !(claimants & wolves) && alive(counterclaimTarget)) {
        botspeech::say(text, Topic::Counterclaim, rng.below(64), name(counterclaimTarget));
        said = Said::Counterclaim;
        pendingSeat = counterclaimTarget;
        return true;
    }
    if (accuser >= 0 && !defended && alive(accuser)) {
        botspeech::say(text, Topic::Defend, rng.below(64), name(accuser));
        kind = MessageKind::Defense;
        replyTo = accusationEventId;
        said = Said::Defence;
        return true;
    }
    if (claimToReact >= 0 && !(claimsReacted & bit(claimToReact)) && alive(claimToReact)) {
        const int c = claimToReact;
        pendingSeat = c;
        said = Said::Reaction;
        if (isWolf(c)) {
            // Back the pack's counterclaim.
            int named = NoSeat;
            for (int i = 0; i < n; ++i)
                if ((claimWolf[static_cast<std::size_t>(c)] & aliveMask & bit(i)) && !isWolf(i))
                    named = i;
            if (named >= 0) {
                botspeech::say(text, Topic::BelieveClaim, rng.below(64), name(c), name(named));
                return true;
            }
        } else if (claimWolf[static_cast<std::size_t>(c)] & wolves) {
            botspeech::say(text, Topic::DoubtClaim, rng.below(64), name(c));
            return true;
        } else if (rng.chance(50)) {
            botspeech::say(text, Topic::BelieveClaimClean, rng.below(64), name(c));
            return true;
        }
        said = Said::Plain;
        pendingSeat = NoSeat;
        claimsReacted |= bit(c);
    }
    const int s = topSuspect();
    if (s < 0)
        return false;
    if (slot <= 0) {
        botspeech::say(
            text, rng.chance(60) ? Topic::AccuseMedium : Topic::AccuseWeak, rng.below(64), name(s));
        return true;
    }
    if (slot == 1 && rng.chance(35)) {
        // Look friendly: vouch for a villager nobody suspects (rarely, the partner).
        const int mate = partner();
        const int v = (mate >= 0 && rng.chance(25))
                          ? mate
                          : bestBy(static_cast<SeatMask>(aliveVillagers() & ~bit(s)),
                                   [this](int i) { return -scapegoatScore(i); });
        if (v >= 0) {
            botspeech::say(text, Topic::Vouch, rng.below(64), name(v));
            return true;
        }
    }
    botspeech::say(text, Topic::VoteCall, rng.below(64), name(s));
    return true;
}

int Bot::Memory::voteChoice(SeatMask allowed)
{
    if (role == Role::Werewolf) {
        const int mate = partner();
        if (!busDecided) {
            busDecided = true;
            // Bus a doomed partner now and then: it buys the survivor trust.
            if (mate >= 0 && (allowed & bit(mate)) && 2 * votesOn(mate) >= aliveCount() - 1)
                bus = rng.chance(35);
        }
        if (bus && mate >= 0 && (allowed & bit(mate)))
            return mate;
        const int mateVote = mate >= 0 ? vote[static_cast<std::size_t>(mate)] : NoVote;
        return bestBy(static_cast<SeatMask>(allowed & ~wolves), [&](int i) {
            return scapegoatScore(i) + 6 * votesOn(i) + (i == mateVote ? 15 : 0);
        });
    }
    return bestBy(allowed, [this](int i) { return suspicion(i) + 4 * votesOn(i); });
}

int Bot::Memory::flipTarget(SeatMask allowed) const
{
    // The tally moved: follow a clear leader we half-suspect anyway, or (as
    // a wolf) pull votes off a partner who is about to go.
    int leader = NoSeat;
    for (int i = 0; i < n; ++i)
        if ((allowed & bit(i)) && (leader < 0 || votesOn(i) > votesOn(leader)))
            leader = i;
    if (leader < 0 || votesOn(leader) == 0)
        return NoSeat;
    const int mine = myVote >= 0 ? votesOn(myVote) : 0;
    if (role == Role::Werewolf) {
        if (bus)
            return NoSeat;
        if (isWolf(leader)) {
            const int rival = bestBy(static_cast<SeatMask>(allowed & ~wolves),
                                     [this](int i) { return 8 * votesOn(i) + scapegoatScore(i); });
            return rival != myVote ? rival : NoSeat;
        }
        return votesOn(leader) >= mine + 2 ? leader : NoSeat;
    }
    if (myVote < 0)
        return leader;
    if (leader != myVote && votesOn(leader) >= mine + 2
        && suspicion(leader) >= suspicion(myVote) - 20)
        return leader;
    return NoSeat;
}

std::optional<ToolCall> Bot::Memory::voteAct(const Match::RequiredAction &req, TimeMs now)
{
    if (req.type != ActionType::Vote)
        return std::nullopt;
    const SeatMask allowed = maskOf(req.allowedTargets);
    if (!req.alreadySubmitted && myVote == NoVote) {
        if (voteAt == Never || now < voteAt)
            return std::nullopt;
        voteAt = Never;
        const int t = voteChoice(allowed);
        ToolCall c = call("et.werewolf.match.vote");
        const bool abstain
            = t < 0 || (role != Role::Werewolf && rng.chance(suspicion(t) < 40 ? 6 : 1));
        pendingSeat = abstain ? Abstain : t;
        if (abstain) {
            c.arguments["targetPlayerId"] = nullptr;
            c.arguments["reason"] = "Not sure enough to vote today.";
        } else {
            c.arguments["targetPlayerId"] = ids[static_cast<std::size_t>(t)];
            std::string reason = "I suspect " + name(t) + ".";
            c.arguments["reason"] = std::move(reason);
        }
        pending = Pending::Vote;
        return c;
    }
    if (reconsider && !flipped && myVote != NoVote && flipAt == Never) {
        reconsider = false;
        const int to = flipTarget(allowed);
        if (to >= 0 && to != myVote && rng.chance(50)) {
            flipTo = to;
            flipAt = now + 1'000 + rng.below(3'000);
        }
    }
    if (flipAt != Never && now >= flipAt) {
        flipAt = Never;
        if (flipTo < 0 || !(allowed & bit(flipTo)) || flipTo == myVote)
            return std::nullopt;
        ToolCall c = targeted("et.werewolf.match.vote", flipTo);
        c.arguments["reason"] = "Changing my vote to " + name(flipTo) + ".";
        pendingSeat = flipTo;
        pending = Pending::Flip;
        return c;
    }
    return std::nullopt;
}

// ------------------------------------------------------------------ Bot

Bot::Bot(std::string playerId, std::uint64_t seed)
    : m_playerId(std::move(playerId))
    , m_seed(seed)
    , m_mem(std::make_shared<Memory>(seed))
{}

Bot::Step Bot::step(const StateView &view, const std::vector<const Event *> &newEvents, TimeMs now)
{
    Memory &m = *m_mem;
    if (!view.you)
        return {}; // not a player's view: nothing to decide from
    if (!m.initialised)
        m.init(view);
    m.lastNow = now;
    for (const Event *e : newEvents)
        m.ingest(*e);
    if (m.over || view.phase == Phase::Ended)
        return {};
    if (!m.synced || view.phase != m.phase || view.dayNumber != m.day) {
        m.synced = true;
        m.onPhase(view, now);
    } else {
        m.phaseEnd = view.phaseEndsAt;
    }
    // The dead only speak their last words, and a dead hunter takes his shot.
    if (!m.meAlive() && !(m.phase == Phase::DayResolution && m.votedOutMe && !m.lastWordsSent)
        && !m.hunterTurn)
        return {};
    return m.act(view, now);
}

void Bot::onResult(const ToolCall &, bool ok, std::optional<ErrorCode> error)
{
    Memory &m = *m_mem;
    const Pending p = m.pending;
    m.pending = Pending::None;
    const TimeMs now = m.lastNow;
    if (!ok) {
        // A rate limit is retried a little later; anything else is dropped,
        // since the same call would fail again.
        const bool retry = error == ErrorCode::RateLimited;
        switch (p) {
        case Pending::Ready:
            m.readySent = !retry;
            m.readyAt = now + 1'000;
            break;
        case Pending::Talk:
        case Pending::Urgent:
            if (retry)
                m.urgentAt = now + 1'000;
            break;
        case Pending::WolfChat:
            break;
        case Pending::NightAction:
            m.nightDone = true;
            break;
        case Pending::Opening:
            m.openingSent = true;
            break;
        case Pending::LastWords:
            m.lastWordsSent = true;
            break;
        case Pending::Vote:
            m.myVote = Abstain;
            break;
        case Pending::Flip:
            m.flipped = true;
            break;
        case Pending::WitchAct:
            m.witchStage = 2;
            break;
        case Pending::HunterShot:
            m.shotSent = true;
            break;
        case Pending::PkDefence:
            m.pkSpoke = true;
            break;
        case Pending::None:
            break;
        }
        return;
    }
    switch (p) {
    case Pending::Ready:
        m.readySent = true;
        break;
    case Pending::NightAction:
        m.nightDone = true;
        if (m.role == Role::Werewolf)
            m.lastTeamTarget = m.decided;
        break;
    case Pending::Opening:
        m.openingSent = true;
        if (m.said == Said::SeerClaim) {
            m.claimedSeer = true;
            m.reportedCount = m.inspectionCount;
        }
        break;
    case Pending::Talk:
    case Pending::Urgent:
        ++m.talksSent;
        // A reaction takes the place of a planned remark, so everyone still
        // says one to three things a day (a seer's claim comes on top).
        if (p == Pending::Urgent && m.said != Said::SeerClaim && m.talkIdx < m.talks)
            --m.talks;
        switch (m.said) {
        case Said::SeerClaim:
            m.claimedSeer = true;
            m.reportedCount = m.inspectionCount;
            m.claimsReacted |= static_cast<SeatMask>(m.claimants); // the claim answers them
            if (m.accuser >= 0)
                m.defended = true;
            break;
        case Said::SeerReport:
            m.reportedCount = m.inspectionCount;
            break;
        case Said::FakeCallout:
            m.fakeCalledOut = true;
            break;
        case Said::WitchClaim:
            m.witchClaimed = true;
            break;
        case Said::Counterclaim:
            m.counterclaimTarget = NoSeat;
            m.defended = true;
            if (m.me >= 0) {
                m.claimants |= bit(m.me);
                m.claimRank[static_cast<std::size_t>(m.me)] = static_cast<std::uint8_t>(++m.claims);
            }
            break;
        case Said::Defence:
            m.defended = true;
            ++m.defences;
            if (m.accuser >= 0)
                m.defendedAgainst |= bit(m.accuser);
            break;
        case Said::Reaction:
            if (m.pendingSeat >= 0)
                m.claimsReacted |= bit(m.pendingSeat);
            m.claimToReact = NoSeat;
            break;
        case Said::Plain:
            break;
        }
        m.armUrgent(now);
        break;
    case Pending::Vote:
        m.myVote = m.pendingSeat;
        break;
    case Pending::Flip:
        m.myVote = m.pendingSeat;
        m.flipped = true;
        break;
    case Pending::LastWords:
        m.lastWordsSent = true;
        break;
    case Pending::WitchAct:
        if (m.witchPending == "SAVE") {
            m.savedSeat = m.pendingSeat;
            m.savedNight = m.witchNight;
            // Where the rules allow both potions in one night, the poison
            // may follow; elsewhere the engine asks for nothing more.
            m.witchStage = 1;
            m.nightAt = now + 500 + m.rng.below(1'500);
        } else {
            m.witchStage = 2;
        }
        break;
    case Pending::HunterShot:
        m.shotSent = true;
        break;
    case Pending::PkDefence:
        m.pkSpoke = true;
        break;
    case Pending::WolfChat:
    case Pending::None:
        break;
    }
}

} // namespace townhall::engine
