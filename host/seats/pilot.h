// SPDX-License-Identifier: MIT
#pragma once

/// \file pilot.h
/// A seat played by a language model. On a turn where its player has
/// something to do, the pilot asks the model (one request at a time), with
/// the context of seed 001: the rules and the player's role card as the
/// system prompt, the player's phase brief as the user message, and as
/// functions only the tools the player may use now. The model's tool call is
/// handed to the seat loop on the pilot's next turn, so it reaches the match
/// through the host's tool layer like any agent's. What the tool answered
/// (get_state, an error) goes back to the model.
///
/// Everything the model writes besides its tool calls is its private thought
/// and stays in the pilot's log. When the provider fails, the pilot retries
/// while the phase allows and otherwise lets its stand-in, a built-in bot,
/// play the turn; after three turns in a row lost that way the stand-in plays
/// the seat for good. The log also says, in plain sentences, each time the
/// stand-in stepped in and why, and it counts what the model cost: tokens,
/// latency of every request, money when the profile has prices.

#include "engine/seats.h"
#include "host/providers/chat.h"
#include "host/seats/standin.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QNetworkAccessManager;
class QObject;

namespace townhall::host {

namespace providers {
class ChatClient;
}

struct PilotOptions
{
    std::string matchId;
    std::string playerId;
    providers::ProviderProfile profile;
    QString persona;               ///< one line added to the system prompt
    std::uint64_t standInSeed = 1; ///< the stand-in bot's seed
    /// Turns in a row that provider failures cost the model (it was retried
    /// while the phase had time, then the stand-in played the turn), after
    /// which the stand-in keeps the seat.
    int maxConsecutiveFailures = 3;
    /// Model requests for one thing to do: a refused call, a get_state or an
    /// answer without a call costs one more, and when they run out the
    /// stand-in does what is required.
    int maxRequestsPerAction = 4;
    /// Public messages per discussion phase (one more only after someone else spoke).
    int maxDiscussionMessages = 2;
    /// The first wait before asking again after a failure; it doubles each time.
    std::chrono::milliseconds firstBackoff{250};
    /// A failed request is retried only if at least this much of the phase
    /// would be left afterwards.
    std::chrono::milliseconds deadlineMargin{300};
    std::function<engine::TimeMs()> clock; ///< the host's clock
    /// Called after each change of the log (a model answer or failure, a
    /// note, a stand-in turn, the hand-over), on the pilot's thread. It
    /// must not call back into the pilot, and it may be called after the
    /// pilot is gone (the answer to a request it made came later).
    std::function<void()> changed;
};

/// One entry of a seat's private log; nobody else in the match reads it.
struct PilotNote
{
    enum class Kind {
        Thought,  ///< what the model wrote besides its tool calls, or its reasoning
        StandIn,  ///< the stand-in did one thing to do, and why
        HandOver, ///< the stand-in keeps the seat for good, and why
    };
    Kind kind = Kind::Thought;
    engine::TimeMs at = 0;
    int day = 0;
    engine::Phase phase = engine::Phase::Lobby;
    QString text;

    /// "THOUGHT", "STAND_IN", "HAND_OVER": the spelling of the store and the export.
    static const char *kindName(Kind kind);
    static std::optional<Kind> kindFromName(std::string_view name);
    bool operator==(const PilotNote &) const = default;
};

struct PilotStats
{
    int modelCalls = 0; ///< requests sent
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    qint64 reasoningTokens = 0;   ///< summed where the provider reported them
    qint64 cachedInputTokens = 0; ///< summed where the provider reported them
    /// The sum of ProviderProfile::cost over every request; unset when the
    /// profile has no prices.
    std::optional<double> cost;
    qint64 latencyMs = 0;            ///< summed over all requests
    std::vector<qint32> latenciesMs; ///< of every request answered, success or failure
    std::map<QString, int> failures; ///< by ProviderError::kindName
    int toolErrors = 0;              ///< calls the match refused
    int standInTurns = 0;            ///< things to do the stand-in did
    bool handedOver = false;         ///< the stand-in keeps the seat

    /// The nearest-rank percentile of latenciesMs (q = 0.5 for the median,
    /// 0.95 …); 0 when there is none.
    qint64 latencyPercentile(double q) const;

    /// For the store and the export; fromJson reads what toJson writes and
    /// leaves out what it does not recognise (a newer file's field).
    nlohmann::json toJson() const;
    static PilotStats fromJson(const nlohmann::json &json);
    bool operator==(const PilotStats &) const = default;
};

/// What a pilot leaves behind; shared so that it outlives the seat.
struct PilotLog
{
    /// A chatty model cannot grow the log without limit: the oldest notes
    /// go beyond this many, and a longer note is cut (ending in "…").
    static constexpr std::size_t MaxNotes = 2000;
    static constexpr qsizetype MaxNoteChars = 4000;

    PilotStats stats;
    std::vector<PilotNote> notes;
    /// Notes dropped from the front: notes[i] is the seat's note number
    /// notesBefore + i (the store keys notes by that number).
    std::int64_t notesBefore = 0;

    /// Appends a note, cut to MaxNoteChars, dropping the oldest beyond MaxNotes.
    void addNote(PilotNote note);
};

class Pilot final : public engine::SeatDriver
{
public:
    /// The match as committed, for the brief and the stand-in (null once gone).
    using MatchLookup = std::function<const engine::Match *()>;

    Pilot(PilotOptions options,
          MatchLookup match,
          std::shared_ptr<PilotLog> log = {},
          QNetworkAccessManager *nam = nullptr);
    ~Pilot() override;
    Pilot(const Pilot &) = delete;
    Pilot &operator=(const Pilot &) = delete;

    Step onTurn(const engine::StateView &view,
                const std::vector<const engine::Event *> &news,
                engine::TimeMs now) override;
    void onResult(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error) override;
    void onAnswer(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error,
                  const engine::json &body) override;

    const PilotLog &log() const { return *m_log; }

    /// Lets the stand-in play the seat for good from now on, at once, with
    /// a HandOver note saying `why` (a restart found no key for the seat).
    void handOver(const QString &why);

private:
    enum class Job { None, Ready, Night, Opening, Discussion, Vote, LastWords };
    /// One thing to do: what, in which phase of which day (and for the
    /// discussion, which message).
    struct Key
    {
        Job job = Job::None;
        engine::Phase phase = engine::Phase::Lobby;
        int day = 0;
        int n = 0;
        bool operator==(const Key &) const = default;
    };
    struct Conversation
    {
        Key key;
        providers::ChatRequest request;
        int requests = 0;
        int rateLimitWaits = 0; ///< the same call sent again after a rate limit
        std::vector<providers::ToolCall> unanswered; ///< the model's calls still owed a result
        bool done = false;
    };
    enum class Outstanding { None, Model, StandIn };

    Key currentKey(const engine::StateView &view, const std::vector<const engine::Event *> &news);
    static bool required(Job job) { return job != Job::Discussion && job != Job::LastWords; }
    void start(const Key &key, const engine::StateView &view);
    void ask();
    void answered(const Key &key, providers::ChatOutcome outcome);
    void failed(const Key &key, const providers::ProviderError &error);
    /// Counts a turn lost to provider failures; true when that handed the seat over.
    bool lostTurn(const providers::ProviderError &error);
    /// Tells the model what became of its calls and asks again, or gives up.
    void reply(const QString &text, bool isError);
    void giveUp();
    /// The stand-in does `key`'s thing to do, for the reason `why` (a
    /// sentence without the full stop).
    void standInTakes(const Key &key, const QString &why);
    /// The stand-in keeps the seat (failure streak or restart without a key).
    void handOverFor(const QString &why);
    /// What the stand-in does for `key`, as the end of a sentence.
    QString standInWork(const Key &key) const;
    /// Arms the alarm that lets the stand-in act when the phase is about to
    /// end and the model has not (a slow model, or one still busy with an
    /// earlier question).
    void guard(const Key &key);
    /// Whether the match still expects this of the player.
    bool due(const Key &key) const;
    Step standInTurn(const engine::StateView &view, engine::TimeMs now);
    void note(PilotNote::Kind kind, const Key &key, const QString &text);
    void notify() const;
    engine::TimeMs now() const { return m_options.clock ? m_options.clock() : 0; }

    PilotOptions m_options;
    MatchLookup m_match;
    std::shared_ptr<PilotLog> m_log;
    std::shared_ptr<providers::ChatClient> m_client; ///< shared with requests in flight
    std::unique_ptr<QObject> m_context;              ///< guards callbacks and timers
    StandInBot m_standIn;
    std::optional<Key> m_standInKey; ///< the stand-in does this
    std::optional<Key> m_guarded;    ///< the key the alarm is armed for
    Key m_key;                       ///< the latest thing to do
    std::optional<Conversation> m_conv;
    bool m_busy = false;                     ///< a request in flight or a retry waiting
    std::optional<engine::ToolCall> m_ready; ///< the model's call, for the next turn
    Outstanding m_outstanding = Outstanding::None;
    int m_failStreak = 0; ///< failed requests for this thing to do (the back-off)
    int m_lostTurns = 0;  ///< turns in a row the provider's failures cost
    int m_discussionDay = -1;
    int m_said = 0;       ///< discussion messages today
    bool m_heard = false; ///< someone else spoke since
    int m_lastWordsDay = -1;
};

} // namespace townhall::host
