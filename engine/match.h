// SPDX-License-Identifier: MIT
#pragma once

/// \file match.h
/// One Werewolf match: its rules and phases as decide-then-evolve.
///
///  - `execute(command, now)` validates a player command against the current
///    state (phase, role, target, turn, rate limits), and on success appends
///    the resulting events and folds them into the state; the Town Crier's
///    lines follow each event they narrate (see narrateAppended()).
///  - `advance(now)` resolves every deadline that has passed (phase timers,
///    opening turns), drawing any random outcome from the seeded RNG and
///    recording it in an event.
///  - `apply(event)` is the reducer; replaying a log through it rebuilds the
///    exact state (same `stateHash()`), and it never draws a random number.

#include "event.h"
#include "rules.h"
#include "types.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace townhall::engine {

namespace payload { // payloads.h
struct PhaseChanged;
struct PlayerEliminated;
struct WolvesDecided;
} // namespace payload

/// Seats at a classic table. Other rule sets have 6 to 12:
/// RuleSet::seatCount().
inline constexpr int SeatCount = 8;
inline constexpr int MaxSeatCount = 12;

/// Phase timers in milliseconds, before the speed factor.
struct Timers
{
    std::int64_t lobby = 30'000;
    std::int64_t night = 45'000;
    std::int64_t dayAnnounce = 10'000;
    std::int64_t openingTurn = 15'000;
    std::int64_t dayDiscussion = 90'000;
    std::int64_t dayVote = 45'000;
    std::int64_t dayResolution = 10'000;
    bool operator==(const Timers &) const = default;
};

/// Longer phases for seats played by language models, which take seconds
/// per call and sometimes much more: a turn leaves room for a retry.
inline Timers modelPlayTimers()
{
    Timers t;
    t.lobby = 60'000;
    t.night = 120'000;
    t.openingTurn = 60'000;
    t.dayDiscussion = 240'000;
    t.dayVote = 120'000;
    t.dayResolution = 45'000;
    return t;
}

struct MatchConfig
{
    Timers timers;
    double speed = 1.0;                        ///< 2.0 halves every timer
    std::int64_t publicChatIntervalMs = 3'000; ///< 1 public message / 3 s per player
    std::int64_t wolfChatIntervalMs = 2'000;   ///< 1 wolf chat message / 2 s per wolf
    bool rateLimits = true;                    ///< benchmarks may switch them off
    bool narrator = true;                      ///< emit NARRATOR events
    /// The table and its rules. Written into MATCH_CREATED only when it is
    /// not classic, so classic logs are unchanged.
    RuleSet rules;
    /// A fixed deal, seat by seat (tournaments rotate roles): a permutation
    /// of rules.deck(). Empty: the deck shuffled by the match seed. Never
    /// written into MATCH_CREATED (that would tell the table every role);
    /// the deal is in ROLES_ASSIGNED like any other.
    std::vector<Role> deal;

    std::int64_t scaled(std::int64_t ms) const;
    json toJson() const;
    /// Never throws: a config that does not decode gives the defaults.
    static MatchConfig fromJson(const json &j);
    bool operator==(const MatchConfig &) const = default;
};

struct SeatAssignment
{
    std::string agentId; ///< host-level identity of whoever sits here
    std::string displayName;
};

struct Player
{
    std::string playerId; ///< "p:<seat>"
    std::string agentId;
    std::string displayName;
    int seat = 0; ///< 1..seat count
    Role role = Role::Villager;
    bool alive = true;
    bool ready = false;
    bool revealed = false; ///< role public (eliminated, or the match ended)
    std::optional<TimeMs> eliminatedAt;
    std::optional<TimeMs> lastPublicAt;
    std::optional<TimeMs> lastWolfChatAt;
    std::optional<std::string> voteTarget; ///< during DAY_VOTE; "" means abstain
    bool voted = false;
    bool spokeOpening = false;
    bool spokeLastWords = false;
    bool spokeDiscussion = false;                ///< in this day's DAY_DISCUSSION
    std::optional<std::string> wolfSelection;    ///< this night
    std::optional<std::string> seerTarget;       ///< this night
    std::optional<std::string> doctorTarget;     ///< this night
    std::optional<std::string> doctorPrevTarget; ///< last night's protection
    bool hasAntidote = false;                    ///< the witch, until she saves someone
    bool hasPoison = false;                      ///< the witch, until she poisons someone
    bool witchActed = false;                     ///< this NIGHT_WITCH
    std::string deathCause;                      ///< NIGHT_KILL, VOTE, HUNTER_SHOT (once dead)
    int missedDeadlines = 0;
    int consecutiveTimeouts = 0;
};

struct SeerRecord
{
    int night = 0;
    std::string targetPlayerId;
    bool werewolf = false;
};

/// Everything the reducer tracks. Plain data; copyable for replay scrubbing.
struct MatchState
{
    std::string matchId;
    std::string buildingInstanceId;
    int matchNumber = 0;
    std::uint64_t seed = 0;
    MatchConfig config;
    Phase phase = Phase::Lobby;
    int dayNumber = 0;
    int nightNumber = 0;
    TimeMs createdAt = 0;
    TimeMs phaseStartedAt = 0;
    TimeMs phaseEndsAt = 0;
    bool paused = false;
    std::int64_t pausedRemainingMs = 0;
    // Debugging breakpoints (host controls, BREAKPOINTS_SET events).
    bool breakOnPhase = false;    ///< pause whenever a new phase begins
    bool breakBeforeVote = false; ///< pause right before each vote is resolved
    bool stepPending = false;     ///< pause once, at the next phase boundary
    bool voteBreakHit = false;    ///< this vote already stopped before its resolution
    std::vector<Player> players;  ///< index = seat - 1
    std::vector<SeerRecord> seerHistory;
    // DAY_OPENING turn order
    std::vector<std::string> openingOrder;
    int openingIndex = -1;
    TimeMs turnEndsAt = 0;
    // DAY_RESOLUTION
    std::optional<std::string> lastEliminated; ///< by today's vote
    std::optional<Team> winner;
    TimeMs endedAt = 0;
    std::uint64_t lastSeq = 0;
    std::vector<std::string> phaseHistory; ///< "D<day>:<PHASE>@<startedAt>" for timelines
    // Witch, hunter and PK rule sets
    std::optional<std::string> nightVictim;   ///< the wolves' victim, decided as NIGHT ends
    std::string nightHow;                     ///< how the victim was chosen (AGREED, …)
    std::optional<std::string> witchSaved;    ///< tonight
    std::optional<std::string> witchPoisoned; ///< tonight
    std::vector<std::string> pkCandidates;    ///< the players in today's PK
    int pkRound = 0;                          ///< 1 during DAY_PK_DEFENSE / DAY_PK_VOTE
    std::optional<std::string> hunterPending; ///< the dead hunter whose shot is awaited
    Phase hunterResume = Phase::DayAnnounce;  ///< where the match goes after the shot
};

/// Where a match stops by itself, for debugging agents. Off by default; a
/// match without breakpoints plays exactly as before.
struct Breakpoints
{
    bool phaseBoundary = false;        ///< pause as each new phase begins
    bool beforeVoteResolution = false; ///< pause right before each vote is resolved
    bool operator==(const Breakpoints &) const = default;
};

/// A player's (or the host's) request. Times come from the caller.
struct Command
{
    enum class Kind : std::uint8_t {
        Ready,
        Say,
        WolfChat,
        WolfKill,
        SeerInspect,
        DoctorProtect,
        Vote,
        WitchSave, ///< target optional: tonight's victim
        WitchPoison,
        WitchPass,
        HunterShoot, ///< null target: the hunter does not shoot
    };
    Kind kind = Kind::Ready;
    std::string playerId;
    std::optional<std::string> target; ///< null target on Vote = abstain
    std::string text;
    MessageKind messageKind = MessageKind::Discussion;
    std::optional<std::string> replyToEventId;
    std::optional<std::string> reason;
};

class Match
{
public:
    /// Starts a match: MATCH_CREATED, ROLES_ASSIGNED (host), one ROLE_CARD per
    /// player, and LOBBY. Roles are shuffled by `seed`.
    static Match create(std::string matchId,
                        std::string buildingInstanceId,
                        int matchNumber,
                        std::uint64_t seed,
                        const std::vector<SeatAssignment> &seats,
                        MatchConfig config,
                        TimeMs now);

    /// Rebuilds a match from its log (replay / recovery). Never throws: a log
    /// that is empty, does not start with MATCH_CREATED, skips or repeats a
    /// seq, or holds an event whose payload does not decode is refused with
    /// an InvalidArgument error that names the event.
    static Expected<Match> fromLog(const std::vector<Event> &log);
    /// fromLog() for callers that want an optional and the reason as text.
    static std::optional<Match> replay(const std::vector<Event> &log, std::string *why = nullptr);

    /// A match as an outside spectator knows it: rebuilt from its public
    /// events alone (the spectator feed), so seqs may skip the hidden ones.
    /// Roles are known only where they were revealed (PLAYER_ELIMINATED's
    /// roleRevealed, ROLES_REVEALED); every other player's role is the
    /// default and `Player::revealed` is false, so spectator projections of
    /// it are exactly those of the full match. Refuses any event that is not
    /// public. Use tryApplyPublic() for the events that follow.
    static Expected<Match> fromPublicLog(const std::vector<Event> &log);
    /// The next public event of a public replica: its seq must be above the
    /// last one (gaps allowed), its audience Public; otherwise as tryApply().
    Expected<void> tryApplyPublic(Event e);
    /// True for a match built by fromPublicLog().
    bool publicOnly() const { return m_publicOnly; }

    /// Validates and applies a player command. On success returns the events
    /// it appended (first is the direct result, narration may follow).
    Expected<std::vector<Event>> execute(const Command &cmd, TimeMs now);

    /// Resolves every deadline at or before `now`. Returns the appended events.
    std::vector<Event> advance(TimeMs now);

    /// As execute/advance, without copying the appended events out: returns
    /// how many were appended (read them at the end of log()). The host and
    /// the simulator use these on their hot paths.
    Expected<std::size_t> submit(const Command &cmd, TimeMs now);
    std::size_t tick(TimeMs now);

    /// Host controls (not reachable by agents).
    std::vector<Event> pause(TimeMs now);
    std::vector<Event> resume(TimeMs now, std::string_view reason = "host");
    /// Ends the current phase (or opening turn) now, as if its timer expired.
    std::vector<Event> skipPhase(TimeMs now);
    /// Changes the timer speed factor of a running match: the time left of
    /// the current phase (and turn) is rescaled, and later phases use the new
    /// factor. Recorded as MATCH_RESUMED with `reason: "speed"` and `speed`,
    /// so replays keep the change. Nothing for a paused or ended match, or
    /// when `speed` is not above zero or equals the current factor.
    std::vector<Event> setSpeed(double speed, TimeMs now);

    /// Breakpoints (host controls). Recorded as a BREAKPOINTS_SET event, so a
    /// replayed or recovered match stops where the live one would have. A stop
    /// is a MATCH_PAUSED with `reason: "breakpoint"` and `breakpoint`:
    /// PHASE_BOUNDARY (a new phase began, its full time left), STEP (the same,
    /// once, after step()) or BEFORE_VOTE_RESOLUTION (the vote's deadline
    /// passed or everyone voted; resuming resolves it at once). Nothing is
    /// emitted when `b` equals the breakpoints in force or the match ended.
    std::vector<Event> setBreakpoints(Breakpoints b, TimeMs now);
    Breakpoints breakpoints() const { return {m_state.breakOnPhase, m_state.breakBeforeVote}; }
    /// Plays one phase: resumes a paused match and stops again at the next
    /// phase boundary (or earlier, before a vote's resolution when that
    /// breakpoint is set). On a running match: stop at the next boundary.
    std::vector<Event> step(TimeMs now);

    /// The next moment at which `advance` has work, or nullopt (ended / paused).
    std::optional<TimeMs> nextDeadline() const;

    /// The reducer, for an event from outside (a stored log, a replica's
    /// feed): decodes its payload once and folds it into the state. Refuses,
    /// leaving the match exactly as it was, an event that is not the next
    /// one (seq, match id, MATCH_CREATED first and only first) or whose
    /// payload does not decode (a field missing or of the wrong type, an
    /// unknown event type); the error names the event and the field.
    Expected<void> tryApply(Event e);
    /// tryApply() for a caller that already trusts its feed and has nothing
    /// to do with a refusal (a live replica of this process's own events): a
    /// refused event is dropped. Nothing throws either way.
    void apply(const Event &e) { apply(Event(e)); }
    void apply(Event &&e);

    const MatchState &state() const { return m_state; }
    const std::vector<Event> &log() const { return m_log; }
    const std::string &matchId() const { return m_state.matchId; }
    bool ended() const { return m_state.phase == Phase::Ended; }

    const Player *player(const std::string &playerId) const;
    const Player *playerByAgent(const std::string &agentId) const;
    int aliveCount() const;
    int aliveWolves() const;

    /// Hash of the canonical state (not of the log), for replay equality.
    std::uint64_t stateHash() const;

    /// The action this player is expected to take now, with allowed targets.
    struct RequiredAction
    {
        ActionType type = ActionType::None;
        std::vector<std::string> allowedTargets;
        bool alreadySubmitted = false;
        // WitchAct only:
        std::optional<std::string> killedPlayerId; ///< tonight's victim, when the witch may know it
        bool antidote = false;
        bool poison = false;
        bool pk = false; ///< Vote / SpeakDefense in the PK
    };
    RequiredAction requiredAction(const std::string &playerId) const;
    /// Same, reusing `out`'s buffers.
    void requiredActionInto(const std::string &playerId, RequiredAction &out) const;

private:
    Match() = default;

    // ---- events. The rules decide and append(); what follows from an event
    // without a rule deciding it (narration) is the command path's.

    /// A new event of this match: the next seq, its id, a time that never
    /// runs backwards. Every event that is not narration waits, by then, for
    /// the narration of the ones before it (nextSeq()).
    Event makeEvent(TimeMs at,
                    EventType type,
                    Audience audience,
                    json payload,
                    std::string audiencePlayer = {});
    /// The rules' append: an event of `payload`'s type (payloads.h), made,
    /// committed and folded. Nothing else.
    template<typename P>
    void append(TimeMs at, Audience audience, const P &payload, std::string audiencePlayer = {});
    /// Appends an event this match just made and folds it: tryApply()
    /// without the envelope checks makeEvent already guarantees.
    void commit(Event &&e);
    /// Decodes and folds m_log.back(); on error the state is unchanged.
    Expected<void> foldLast();
    std::vector<Event> tail(std::size_t from) const;
    /// The seq the next event gets. Narration takes seqs too, so this first
    /// narrates what was appended before (narrateAppended()).
    std::uint64_t nextSeq();
    /// The narration step: for each event appended since the last call, the
    /// Town Crier's lines (narrator.h) as NARRATOR events right after it.
    /// Run by the command path once the rules are done, and by nextSeq().
    void narrateAppended();
    void appendNarrationOf(std::size_t cause);

    // ---- commands: submit()'s steps
    /// The player sending `cmd`, if the match takes commands from them now.
    Expected<Player *> commandingPlayer(const Command &cmd);
    /// The rules of one command: checks it and appends what it decides.
    Expected<void> decide(const Command &cmd, Player &me, TimeMs now);
    Expected<void> doReady(Player &me, TimeMs now);
    Expected<void> doSay(const Command &cmd, Player &me, TimeMs now);
    Expected<void> doWolfChat(const Command &cmd, Player &me, TimeMs now);
    /// WOLF_KILL, SEER_INSPECT, DOCTOR_PROTECT: the checks they share, then the role's own.
    Expected<void> doNightAction(const Command &cmd, Player &me, TimeMs now);
    Expected<void> doWolfKill(const Player &me, const Player &target, TimeMs now);
    Expected<void> doSeerInspect(const Player &me, const Player &target, TimeMs now);
    Expected<void> doDoctorProtect(const Player &me, const Player &target, TimeMs now);
    Expected<void> doVote(const Command &cmd, Player &me, TimeMs now);
    Expected<void> doWitchAct(const Command &cmd, Player &me, TimeMs now);
    Expected<void> doHunterShoot(const Command &cmd, Player &me, TimeMs now);
    /// WRONG_PHASE; retryable only while the same call can still succeed once
    /// its phase comes: never for a dead player or a role that cannot act at all.
    Error phaseError(const Player &me, std::string_view allowed, bool canEverAct) const;
    /// The command's target: required, a player of this match, alive if `mustLive`.
    Expected<const Player *> commandTarget(const Command &cmd, bool mustLive) const;
    /// A vote or a shot: no target means none; a target must be alive and not `me`.
    Expected<std::optional<std::string>>
    otherTarget(const Command &cmd, const Player &me, const char *notYourself) const;

    // ---- phases and outcomes
    void enterPhase(Phase to, TimeMs now);
    /// `next`'s phase, with what only some phases carry (DAY_PK_DEFENSE's
    /// order, HUNTER_SHOT's hunter and resume); the rest is filled in here.
    void enterPhase(payload::PhaseChanged next, TimeMs now);
    /// The passing of time: every deadline at or before `now`, resolved.
    void resolveDeadlines(TimeMs now);
    void endNight(TimeMs now);
    void endVote(TimeMs now);
    /// Applies the night's deaths (wolves, witch), then the day or a hunter's shot.
    void resolveNight(TimeMs now);
    /// Classic's night, as it always was: NIGHT_RESOLVED, NIGHT_RESULT, the
    /// death, then the dawn (or the wolves' win).
    void resolveClassicNight(const payload::WolvesDecided &decided, TimeMs now);
    /// PLAYER_ELIMINATED for `death` (its role too when the rules reveal it).
    void eliminate(payload::PlayerEliminated death, TimeMs now);
    /// The hunter among `deaths` who may shoot now (not poisoned, unless the rules allow it).
    std::optional<std::string> shootingHunter(const std::vector<std::string> &deaths) const;
    void enterHunterShot(const std::string &hunter, Phase resume, TimeMs now);
    /// The night's wolf targets (distinct, in seat order), the doctor's
    /// protection and who let NIGHT's deadline pass, read from the state.
    struct NightPicks
    {
        std::vector<std::string> targets;
        std::vector<std::string> missed;
        std::optional<std::string> protectedId;
    };
    NightPicks nightPicks() const;
    /// Who may vote now: every living player, or in the PK those outside it
    /// (unless the rules let the PK's players vote).
    bool mayVote(const Player &p) const;
    bool mayUseAntidote(const Player &witch) const;
    bool turnPhase() const
    {
        return m_state.phase == Phase::DayOpening || m_state.phase == Phase::DayPkDefense;
    }
    void endHunterShot(std::optional<std::string> target, TimeMs now, bool timedOut = false);
    /// The win checks: no wolves left (always), or wolves >=
    /// the others (at the start of a day only). True if the match ended.
    bool checkWin(bool dayStart, TimeMs now);
    void continueAfter(Phase resume, TimeMs now);
    void startOpeningTurn(int index, TimeMs now);
    void finish(std::optional<Team> winner, TimeMs now, std::string_view reason = {});
    /// Pauses at a phase boundary when a breakpoint (or a step) asks for it.
    void breakAtPhaseBoundary(TimeMs now);
    /// Resolves the vote, or stops right before it when that breakpoint is set.
    void endVoteOrBreak(TimeMs now);
    bool nightComplete() const;
    bool allVoted() const;
    std::int64_t phaseDuration(Phase p) const;
    Player *mutablePlayer(const std::string &playerId);

    /// tryApply() and tryApplyPublic(): the checks both make, then the fold.
    Expected<void> applyChecked(Event &&e, bool gapsAllowed);

    MatchState m_state;
    std::vector<Event> m_log;
    std::size_t m_narrated = 0; ///< m_log's events before this index have been narrated
    bool m_publicOnly = false;
};

} // namespace townhall::engine
