// SPDX-License-Identifier: MIT
#include "host/toolservice.h"

#include "engine/playerdocument.h"
#include "engine/toolcalls.h"
#include "host/store/store.h"

#include <QTimer>

#include <algorithm>

namespace townhall::host {

using engine::ErrorCode;
using engine::Event;
using engine::Match;
using engine::TimeMs;
using mcp::ToolError;
using mcp::ToolResult;

namespace {

ToolError fromEngine(const engine::Error &e)
{
    return ToolError{std::string(engine::toString(e.code)), e.message, e.retryable, e.retryAfterMs};
}

ToolError storageFailure()
{
    return ToolError{"STORAGE_FAILED",
                     "the server could not store this action; it was not applied",
                     true,
                     std::int64_t(1000)};
}

ToolError toolError(ErrorCode code, std::string message, bool retryable = false)
{
    return ToolError{
        std::string(engine::toString(code)), std::move(message), retryable, std::nullopt};
}

json nullError()
{
    return nullptr;
}

std::string str(const json &args, const char *key, std::string fallback = {})
{
    auto it = args.find(key);
    return it != args.end() && it->is_string() ? it->get<std::string>() : fallback;
}

/// An event cursor of `matchId`: "<matchId>:00000000" is the one before the
/// first event, so a match can be read from its beginning.
std::optional<std::uint64_t> cursorSeq(const std::string &matchId, const std::string &cursor)
{
    if (cursor == engine::makeEventId(matchId, 0))
        return 0;
    return engine::seqFromEventId(matchId, cursor);
}

} // namespace

// ---------------------------------------------------------------- waiting for a change

class ToolService::ChangeAwaiter
{
public:
    ChangeAwaiter(ToolService *service, std::string matchId, std::chrono::milliseconds timeout)
        : m_service(service)
        , m_matchId(std::move(matchId))
        , m_timeout(timeout)
        , m_since(service->m_publishCount)
    {}
    // GCC moves the awaiter into the coroutine frame; only before it waits.
    ChangeAwaiter(ChangeAwaiter &&other) noexcept
        : m_service(other.m_service)
        , m_matchId(std::move(other.m_matchId))
        , m_timeout(other.m_timeout)
        , m_since(other.m_since)
    {
        Q_ASSERT(!other.m_waiting);
    }
    ChangeAwaiter &operator=(ChangeAwaiter &&) = delete;
    ~ChangeAwaiter()
    {
        if (m_waiting)
            std::erase(m_service->m_changeWaiters, this);
    }

    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> handle)
    {
        m_handle = handle;
        m_waiting = true;
        m_service->m_changeWaiters.push_back(this);
        m_timer.setSingleShot(true);
        QObject::connect(&m_timer, &QTimer::timeout, m_service->m_ctx.context, [this] {
            m_timedOut = true;
            wake();
        });
        m_timer.start(m_timeout);
    }
    /// False when the timeout ended the wait.
    bool await_resume() const noexcept { return !m_timedOut; }

    void wake()
    {
        if (!m_waiting)
            return;
        m_waiting = false;
        m_timer.stop();
        std::erase(m_service->m_changeWaiters, this);
        m_handle.resume();
    }

private:
    friend class ToolService;
    ToolService *m_service;
    std::string m_matchId;
    std::chrono::milliseconds m_timeout;
    std::uint64_t m_since; // a publication after this one wakes it
    QTimer m_timer;
    std::coroutine_handle<> m_handle;
    bool m_waiting = false;
    bool m_timedOut = false;
};

ToolService::ChangeAwaiter ToolService::nextPublication(std::string matchId,
                                                        std::chrono::milliseconds timeout)
{
    return ChangeAwaiter(this, std::move(matchId), timeout);
}

ToolService::ToolService(Context ctx)
    : m_ctx(std::move(ctx))
{}

ToolService::~ToolService()
{
    // Callers still waiting are never resumed; their awaiters must not reach
    // back into this service if their coroutines are destroyed later.
    for (ChangeAwaiter *w : m_changeWaiters)
        w->m_waiting = false;
}

void ToolService::published(const std::string &matchId)
{
    ++m_publishCount;
    // One at a time (a woken caller may wait again: it then waits for a later publication).
    const std::uint64_t publication = m_publishCount;
    for (;;) {
        auto it = std::find_if(
            m_changeWaiters.begin(), m_changeWaiters.end(), [&](const ChangeAwaiter *w) {
                return w->m_since < publication && w->m_matchId == matchId;
            });
        if (it == m_changeWaiters.end())
            break;
        (*it)->wake();
    }
}

class ToolService::WaitSlot
{
public:
    WaitSlot(ToolService &service, std::string key)
        : m_service(service)
        , m_key(std::move(key))
    {
        ++m_service.m_waiting;
        ++m_service.m_waitingBy[m_key];
    }
    ~WaitSlot()
    {
        --m_service.m_waiting;
        if (--m_service.m_waitingBy[m_key] <= 0)
            m_service.m_waitingBy.erase(m_key);
    }
    WaitSlot(const WaitSlot &) = delete;
    WaitSlot &operator=(const WaitSlot &) = delete;

private:
    ToolService &m_service;
    std::string m_key;
};

// ---------------------------------------------------------------- calls

QCoro::Task<ToolResult> ToolService::call(Caller caller, std::string name, json args)
{
    const std::optional<Tool> tool = toolByName(name);
    if (!tool)
        co_return ToolError{"UNKNOWN_TOOL", "there is no tool " + name, false, std::nullopt};
    if (*tool == Tool::WaitForTurn)
        co_return co_await waitForTurn(std::move(caller), std::move(args));
    if (auto refused = m_ctx.storage.refuse(*tool, m_ctx.clock()))
        co_return *refused;

    // Idempotency (§8.6): same key + same arguments → the stored result.
    std::string idemKey;
    std::string argsHash;
    if (isIdempotent(*tool) && args.contains("idempotencyKey") && !caller.agentId.empty()) {
        argsHash = IdempotencyCache::argsHash(args);
        idemKey = args.at("idempotencyKey").get<std::string>();
        const auto stored
            = [this](const std::string &scope,
                     const std::string &key,
                     const std::string &agentId) -> std::optional<IdempotencyCache::Hit> {
            Store *store = m_ctx.store(); // waits for a running commit
            if (!store)
                return std::nullopt;
            auto rec = store->getIdempotency(scope, key, agentId);
            if (rec && rec.value())
                return IdempotencyCache::Hit{rec.value()->argsHash, rec.value()->resultJson};
            return std::nullopt;
        };
        if (auto hit = m_ctx.idempotency.find(name, caller.agentId, idemKey, stored)) {
            if (hit->argsHash != argsHash)
                co_return ToolError{mcp::hostcodes::IdempotencyKeyReused,
                                    "idempotencyKey '" + idemKey
                                        + "' was already used with other arguments",
                                    false,
                                    std::nullopt};
            // The original result may still wait for its commit.
            if (!co_await m_ctx.pipeline.committed(m_ctx.pipeline.stagedGeneration()))
                co_return storageFailure();
            co_return json::parse(hit->resultJson);
        }
    }

    // Commit before visible, for readers too: a state or event read must not
    // show what another call staged in this turn of the event loop and the
    // store has not committed yet (a failed commit rolls it back, and the
    // read then shows that).
    if (isRead(*tool) && !m_ctx.pipeline.caughtUp())
        co_await m_ctx.pipeline.committed(m_ctx.pipeline.stagedGeneration());

    ToolResult result = dispatch(caller, *tool, args);

    // The key keeps the result, also of a call that changed nothing (e.g.
    // ready twice); it is stored with the call's events.
    if (result.ok() && !idemKey.empty()) {
        std::optional<std::string> matchId;
        if (auto mid = args.find("matchId"); mid != args.end() && mid->is_string())
            matchId = mid->get<std::string>();
        m_ctx.pipeline.stageIdempotency(m_ctx.idempotency.remember(
            name, caller.agentId, idemKey, argsHash, result.value().dump(), std::move(matchId)));
    }

    // Nothing is shown before it is durable: if this call or an earlier one
    // staged anything not committed yet, wait for that commit. (The result
    // may depend on it, even when this call itself staged nothing.)
    if (!m_ctx.pipeline.caughtUp()) {
        const std::uint64_t generation = m_ctx.pipeline.stagedGeneration();
        m_ctx.pipeline.scheduleFlush();
        if (!co_await m_ctx.pipeline.committed(generation))
            co_return storageFailure();
    }
    co_return result;
}

ToolResult ToolService::dispatch(const Caller &caller, Tool tool, const json &args)
{
    if (isRead(tool) && m_ctx.rateLimits)
        if (auto limited = m_ctx.reads.take(ReadLimiter::keyFor(caller.agentId, caller.sessionKey),
                                            m_ctx.clock()))
            return *limited;
    switch (tool) {
    case Tool::QueueJoin:
        return queueJoin(caller, args);
    case Tool::QueueLeave:
        return queueLeave(caller, args);
    case Tool::QueueStatus:
        return queueStatus(caller, args);
    case Tool::MatchesList:
        return matchesList(args);
    case Tool::GetState:
        return getState(caller, args);
    case Tool::EventsGet:
        return eventsGet(caller, args);
    case Tool::Ready:
    case Tool::SayPublic:
    case Tool::Vote:
    case Tool::WolfChat:
    case Tool::WolfKill:
    case Tool::SeerInspect:
    case Tool::DoctorProtect:
    case Tool::WitchAct:
    case Tool::HunterShoot:
        return matchCommand(caller, std::string(toolName(tool)), args);
    case Tool::WaitForTurn:
        break; // a coroutine of its own (call())
    }
    return ToolError{"UNKNOWN_TOOL",
                     "tool " + std::string(toolName(tool)) + " is not answered here",
                     false,
                     std::nullopt};
}

namespace {
json queueJson(const engine::QueueStatus &s, bool joinShape)
{
    json q{{"queueId", s.queueId},
           {"size", s.size},
           {"requiredPlayers", s.requiredPlayers},
           {"status", s.starting ? "STARTING" : "WAITING"},
           {"estimatedStartSeconds", s.estimatedStartSeconds}};
    if (s.position)
        q["position"] = *s.position;
    else
        q["position"] = joinShape ? json(s.requiredPlayers) : json(nullptr);
    return q;
}

json assignmentJson(const std::optional<engine::Assignment> &a)
{
    if (!a)
        return nullptr;
    return {
        {"matchId", a->matchId}, {"buildingInstanceId", a->buildingInstanceId}, {"seat", a->seat}};
}
} // namespace

ToolResult ToolService::queueJoin(const Caller &caller, const json &args)
{
    const std::string queueId = str(args, "queueId", engine::DefaultQueueId);
    const std::string name = str(args, "preferredDisplayName", caller.displayName);
    auto r = m_ctx.lobby.join(caller.agentId, name, queueId, m_ctx.clock());
    if (!r)
        return fromEngine(r.error());
    m_ctx.pipeline.stageLobby(r->records);
    if (r->startedMatch) {
        m_ctx.pipeline.stage(*r->startedMatch, 0);
        m_ctx.matchStarted(*r->startedMatch);
    }
    m_ctx.queueChanged();
    json q = queueJson(r->status, true);
    if (r->startedMatch)
        q["position"] = r->status.requiredPlayers; // the seat that filled the table
    return json{{"ok", true},
                {"serverTime", engine::isoTime(m_ctx.clock())},
                {"queue", q},
                {"matchAssignment", assignmentJson(r->status.assignment)},
                {"error", nullError()}};
}

ToolResult ToolService::queueLeave(const Caller &caller, const json &args)
{
    auto r = m_ctx.lobby.leave(
        caller.agentId, str(args, "queueId", engine::DefaultQueueId), m_ctx.clock());
    if (!r)
        return fromEngine(r.error());
    m_ctx.pipeline.stageLobby(r->records);
    if (r->removed)
        m_ctx.queueChanged();
    return json{{"ok", true},
                {"serverTime", engine::isoTime(m_ctx.clock())},
                {"removed", r->removed},
                {"queue",
                 {{"queueId", r->status.queueId},
                  {"size", r->status.size},
                  {"requiredPlayers", r->status.requiredPlayers}}},
                {"error", nullError()}};
}

ToolResult ToolService::queueStatus(const Caller &caller, const json &args)
{
    auto r = m_ctx.lobby.status(caller.agentId, str(args, "queueId", engine::DefaultQueueId));
    if (!r)
        return fromEngine(r.error());
    return json{{"ok", true},
                {"serverTime", engine::isoTime(m_ctx.clock())},
                {"queue", queueJson(*r, false)},
                {"matchAssignment", assignmentJson(r->assignment)},
                {"error", nullError()}};
}

ToolResult ToolService::matchesList(const json &args)
{
    const std::string status = str(args, "status", "ACTIVE");
    const int limit = args.value("limit", 20);
    json list = json::array();
    auto all = m_ctx.lobby.orderedMatches();
    for (auto it = all.rbegin(); it != all.rend() && static_cast<int>(list.size()) < limit; ++it) {
        const Match *m = *it;
        if ((status == "ACTIVE" && m->ended()) || (status == "ENDED" && !m->ended()))
            continue;
        list.push_back(engine::matchListEntry(*m));
    }
    return json{{"ok", true},
                {"serverTime", engine::isoTime(m_ctx.clock())},
                {"matches", list},
                {"error", nullError()}};
}

ToolResult ToolService::getState(const Caller &caller, const json &args)
{
    const std::string matchId = str(args, "matchId");
    const Match *m = m_ctx.lobby.match(matchId);
    if (!m)
        return toolError(ErrorCode::MatchNotFound,
                         "no match '" + matchId + "'; see et.werewolf.matches.list");
    engine::StateOptions opts;
    opts.includeTranscriptSummary = args.value("includeTranscriptSummary", true);
    opts.includeRecentPublicMessages = args.value("includeRecentPublicMessages", false);
    opts.recentPublicMessagesLimit = args.value("recentPublicMessagesLimit", 20);
    const engine::Player *p = caller.agentId.empty() ? nullptr : m->playerByAgent(caller.agentId);
    const auto viewer = p ? engine::Viewer::forPlayer(p->playerId) : engine::Viewer::spectator();
    return stateResult(caller, *m, viewer, opts, {});
}

json ToolService::stateResult(const Caller &caller,
                              const Match &m,
                              const engine::Viewer &viewer,
                              const engine::StateOptions &opts,
                              std::optional<bool> changed)
{
    // Emplaced: the state is either a large tree or a raw copy of cached bytes.
    json out(json::value_t::object);
    auto &fields = out.get_ref<json::object_t &>();
    fields.emplace("ok", true);
    fields.emplace("serverTime", engine::isoTime(m_ctx.clock()));
    if (changed)
        fields.emplace("changed", *changed);
    // On the witch tables a player's requiredAction carries the witch's and the PK's
    // fields, which StateView does not type (engine::addRequiredActionFields): such
    // a state is built as a tree and completed. Classic states come from the cache.
    const bool extraFields
        = viewer.kind == engine::Viewer::Kind::Player && !m.state().config.rules.isClassic();
    if (caller.rawJson && !extraFields) {
        fields.emplace("state", m_stateCache.get(m, viewer, opts));
    } else {
        json state = engine::toJson(engine::stateView(m, viewer, opts));
        if (extraFields)
            engine::addRequiredActionFields(m, viewer.playerId, state);
        fields.emplace("state", std::move(state));
    }
    fields.emplace("error", nullError());
    return out;
}

ToolResult ToolService::eventsGet(const Caller &caller, const json &args)
{
    const std::string matchId = str(args, "matchId");
    const Match *m = m_ctx.lobby.match(matchId);
    if (!m)
        return toolError(ErrorCode::MatchNotFound, "no match '" + matchId + "'");
    const engine::Player *p = caller.agentId.empty() ? nullptr : m->playerByAgent(caller.agentId);
    const auto viewer = p ? engine::Viewer::forPlayer(p->playerId) : engine::Viewer::spectator();
    const std::size_t limit = static_cast<std::size_t>(std::clamp(args.value("limit", 50), 1, 200));
    const auto &log = m->log();
    // Only what is committed is visible (the staged tail waits for its flush).
    auto usable = [&](const Event &e) {
        return engine::isContractEventType(e.type) && engine::visible(e, viewer, m->state());
    };
    std::vector<const Event *> picked;
    const auto after = args.find("afterEventId");
    if (after != args.end() && after->is_string()) {
        const auto seq = cursorSeq(matchId, after->get<std::string>());
        if (!seq)
            return toolError(ErrorCode::InvalidArgument,
                             "afterEventId '" + after->get<std::string>() + "' is not an event of "
                                 + matchId);
        for (std::size_t i = std::min<std::size_t>(*seq, log.size());
             i < log.size() && picked.size() < limit;
             ++i)
            if (usable(log[i]))
                picked.push_back(&log[i]);
    } else {
        for (std::size_t i = log.size(); i-- > 0 && picked.size() < limit;)
            if (usable(log[i]))
                picked.push_back(&log[i]);
        std::reverse(picked.begin(), picked.end());
    }
    json events = json::array();
    for (const Event *e : picked)
        events.push_back(engine::contractEvent(*e));
    return json{{"ok", true},
                {"serverTime", engine::isoTime(m_ctx.clock())},
                {"matchId", matchId},
                {"events", events},
                {"error", nullError()}};
}

ToolResult
ToolService::matchCommand(const Caller &caller, const std::string &tool, const json &args)
{
    const std::string matchId = str(args, "matchId");
    Match *m = m_ctx.lobby.match(matchId);
    if (!m)
        return toolError(ErrorCode::MatchNotFound,
                         "no match '" + matchId + "'; see et.werewolf.queue.status");
    const engine::Player *p = m->playerByAgent(caller.agentId);
    if (!p)
        return toolError(ErrorCode::NotInMatch, "you are not seated in " + matchId);
    auto cmd = engine::toCommand(engine::ToolCall{tool, args}, p->playerId);
    if (!cmd)
        return ToolError{
            "UNKNOWN_TOOL", "tool " + tool + " is not a match command", false, std::nullopt};
    // The role comes first for the witch, as it does for the hunter: a
    // classic player (or any non-witch) hears NOT_YOUR_ROLE in every phase,
    // not a WRONG_PHASE that suggests waiting for NIGHT_WITCH.
    if (tool == toolName(Tool::WitchAct) && p->role != engine::Role::Witch)
        return toolError(ErrorCode::NotYourRole, "only the witch can do this");
    const TimeMs t = m_ctx.clock();
    // Resolve anything already due, so a late vote meets the phase it belongs to.
    {
        const std::uint64_t before = m->state().lastSeq;
        if (m->tick(t) > 0)
            m_ctx.pipeline.stage(*m, before);
    }
    const std::uint64_t before = m->state().lastSeq;
    auto r = m->submit(*cmd, t);
    if (!r)
        return fromEngine(r.error());
    m_ctx.pipeline.stage(*m, before);
    const std::string playerId = p->playerId;
    const auto &log = m->log();
    const Event *first = log.size() > before ? &log[before] : nullptr;
    const std::string eventId = first ? first->eventId : std::string();
    json out{{"ok", true},
             {"serverTime", engine::isoTime(t)},
             {"matchId", matchId},
             {"error", nullError()}};
    using K = engine::Command::Kind;
    switch (cmd->kind) {
    case K::Ready:
        out["playerId"] = playerId;
        out["ready"] = true;
        break;
    case K::Say:
        out["eventId"] = eventId;
        out["message"] = {{"playerId", playerId},
                          {"kind", first ? first->payload.at("kind") : json("DISCUSSION")},
                          {"text", cmd->text}};
        break;
    case K::Vote:
        out["eventId"] = eventId;
        out["vote"] = {{"voterPlayerId", playerId},
                       {"targetPlayerId", cmd->target ? json(*cmd->target) : json(nullptr)}};
        break;
    case K::WolfChat:
        out["eventId"] = eventId;
        out["message"] = {{"playerId", playerId}, {"text", cmd->text}};
        break;
    case K::WolfKill:
        out["eventId"] = eventId;
        out["selection"] = {{"byPlayerId", playerId}, {"targetPlayerId", *cmd->target}};
        break;
    case K::SeerInspect:
        out["eventId"] = eventId;
        out["result"]
            = {{"targetPlayerId", *cmd->target},
               {"alignment", first ? first->payload.at("alignment") : json("NOT_WEREWOLF")}};
        break;
    case K::DoctorProtect:
        out["eventId"] = eventId;
        out["protection"] = {{"byPlayerId", playerId}, {"targetPlayerId", *cmd->target}};
        break;
    case K::WitchSave:
    case K::WitchPoison:
    case K::WitchPass: {
        // The engine's WITCH_ACTED names the target (SAVE: tonight's victim).
        const bool acted = first && first->type == engine::EventType::WitchActed;
        out["eventId"] = eventId;
        out["witch"]
            = {{"byPlayerId", playerId},
               {"action", acted ? first->payload.at("action") : json(args.value("action", "PASS"))},
               {"targetPlayerId", acted ? first->payload.at("targetPlayerId") : json(nullptr)}};
        break;
    }
    case K::HunterShoot:
        out["eventId"] = eventId;
        out["shot"] = {{"byPlayerId", playerId},
                       {"targetPlayerId", cmd->target ? json(*cmd->target) : json(nullptr)}};
        break;
    }
    return out;
}

std::string ToolService::requiredSignature(const Match &m, const std::string &playerId) const
{
    const auto ra = m.requiredAction(playerId);
    std::string s
        = std::string(engine::toString(m.state().phase)) + "/" + std::to_string(m.state().dayNumber)
          + "/" + std::string(engine::toString(ra.type)) + "/" + (ra.alreadySubmitted ? "1" : "0")
          + "/" + std::to_string(m.state().openingIndex) + "/" + (m.state().paused ? "p" : "r");
    return s;
}

/// One wait_for_turn caller's view of a match: what it may see and whether
/// its turn is here.
class ToolService::TurnView
{
public:
    TurnView(const Context &ctx,
             std::string playerId,
             engine::Viewer viewer,
             std::optional<std::uint64_t> after)
        : m_ctx(ctx)
        , m_playerId(std::move(playerId))
        , m_viewer(std::move(viewer))
        , m_after(after)
    {}

    const engine::Viewer &viewer() const { return m_viewer; }

    /// Something the caller has not seen yet and may see: an event after its cursor.
    bool newsAfterCursor(const Match &match) const
    {
        if (!m_after)
            return false;
        const auto &log = match.log();
        for (std::uint64_t seq = *m_after + 1; seq <= m_ctx.pipeline.durableSeq(match); ++seq) {
            const Event &e = log[static_cast<std::size_t>(seq - 1)];
            if (engine::isContractEventType(e.type) && engine::visible(e, m_viewer, match.state()))
                return true;
        }
        return false;
    }

    /// How long the caller's pending action is still refused by a rate limit
    /// (its first discussion message within 3 s of its opening): 0 when it may
    /// be sent now. Answering at once meanwhile would only set a loop spinning.
    std::int64_t heldFor(const Match &match) const
    {
        if (m_playerId.empty() || !match.state().config.rateLimits)
            return 0;
        const auto ra = match.requiredAction(m_playerId);
        const engine::Player *me = match.player(m_playerId);
        if (ra.type != engine::ActionType::SpeakDiscussion || ra.alreadySubmitted || !me
            || !me->lastPublicAt)
            return 0;
        return std::max<std::int64_t>(
            0, *me->lastPublicAt + match.state().config.publicChatIntervalMs - m_ctx.clock());
    }

    /// A required action the player has not submitted yet and may send now:
    /// the turn is already here, so the caller must not sleep through it.
    bool pending(const Match &match) const
    {
        if (m_playerId.empty())
            return false;
        const auto ra = match.requiredAction(m_playerId);
        return ra.type != engine::ActionType::None && !ra.alreadySubmitted && heldFor(match) == 0;
    }

    /// The newest event this caller may see: the log's own last seq would tell
    /// a spectator when something hidden happened (a wolf's choice at night).
    std::uint64_t lastVisible(const Match &match) const
    {
        for (std::uint64_t seq = match.state().lastSeq; seq > 0; --seq) {
            const Event &e = match.log()[static_cast<std::size_t>(seq - 1)];
            if (engine::isContractEventType(e.type) && engine::visible(e, m_viewer, match.state()))
                return seq;
        }
        return std::uint64_t(0);
    }

private:
    const Context &m_ctx;
    const std::string m_playerId;
    const engine::Viewer m_viewer;
    const std::optional<std::uint64_t> m_after;
};

std::optional<ToolError> ToolService::limitedRead(const std::string &limitKey, const char *why)
{
    if (!m_ctx.rateLimits)
        return std::nullopt;
    auto refused = m_ctx.reads.take(limitKey, m_ctx.clock());
    if (refused)
        refused->message = std::string("wait_for_turn ") + why
                           + "; it counts as a read (2 per second): call again after retryAfterMs";
    return refused;
}

std::optional<ToolError> ToolService::repeatedAnswer(const std::string &limitKey,
                                                     const std::string &cursorKey,
                                                     const std::string &mark)
{
    const auto memo = m_immediateReturns.find(cursorKey);
    if (memo != m_immediateReturns.end() && memo->second == mark) {
        if (auto refused = limitedRead(
                limitKey, "returned at once again with nothing new since its last answer"))
            return refused;
    }
    if (m_immediateReturns.size() >= MaxRememberedReturns)
        m_immediateReturns.clear();
    m_immediateReturns[cursorKey] = mark;
    return std::nullopt;
}

std::optional<ToolError> ToolService::refuseWait(const std::string &limitKey) const
{
    const auto mine = m_waitingBy.find(limitKey);
    if (m_waiting >= MaxWaits || (mine != m_waitingBy.end() && mine->second >= MaxWaitsPerCaller))
        return ToolError{"RATE_LIMITED",
                         m_waiting >= MaxWaits
                             ? "the server holds as many wait_for_turn calls as it can; retry "
                               "after retryAfterMs"
                             : "you already have " + std::to_string(MaxWaitsPerCaller)
                                   + " wait_for_turn calls waiting; retry after retryAfterMs",
                         true,
                         std::int64_t(1000)};
    return std::nullopt;
}

json ToolService::waitAnswer(const Caller &caller,
                             const std::string &matchId,
                             const Match &m,
                             const TurnView &view,
                             const json &args,
                             std::uint64_t messagesAfter,
                             bool changed,
                             const std::string &cursorKey)
{
    engine::StateOptions opts;
    opts.includeRecentPublicMessages = true;
    opts.recentPublicMessagesLimit = std::clamp(args.value("recentPublicMessagesLimit", 20), 1, 50);
    opts.messagesAfterSeq = messagesAfter;
    json out = stateResult(caller, m, view.viewer(), opts, changed);
    const std::uint64_t seen = view.lastVisible(m);
    out.get_ref<json::object_t &>().emplace("lastEventId", engine::makeEventId(matchId, seen));
    if (const std::int64_t held = view.heldFor(m); held > 0)
        out.get_ref<json::object_t &>().emplace("retryAfterMs",
                                                held); // the pending action may be sent then
    if (m.ended())
        m_waitCursors.erase(cursorKey);
    else
        m_waitCursors[cursorKey] = seen;
    return out;
}

QCoro::Task<ToolResult> ToolService::waitForTurn(Caller caller, json args)
{
    const std::string matchId = str(args, "matchId");
    const int timeoutSeconds = std::clamp(args.value("timeoutSeconds", 25), 1, 25);
    const std::string limitKey = ReadLimiter::keyFor(caller.agentId, caller.sessionKey);
    const Match *m = m_ctx.lobby.match(matchId);
    if (!m) {
        if (auto refused = limitedRead(limitKey, "named no match"))
            co_return *refused;
        co_return toolError(ErrorCode::MatchNotFound, "no match '" + matchId + "'");
    }
    const engine::Player *p = caller.agentId.empty() ? nullptr : m->playerByAgent(caller.agentId);
    const std::string playerId = p ? p->playerId : std::string();

    // Where the caller stands: the cursor it gives, else where its last wait
    // in this match left it.
    const std::string cursorKey
        = (caller.agentId.empty() ? "session:" + caller.sessionKey : caller.agentId) + "\n"
          + matchId;
    std::optional<std::uint64_t> after;
    if (auto a = args.find("afterEventId"); a != args.end() && a->is_string()) {
        after = cursorSeq(matchId, a->get<std::string>());
        if (!after) {
            if (auto refused = limitedRead(limitKey, "named no event"))
                co_return *refused;
            co_return toolError(ErrorCode::InvalidArgument,
                                "afterEventId '" + a->get<std::string>() + "' is not an event of "
                                    + matchId);
        }
    }
    std::uint64_t messagesAfter = 0;
    if (after)
        messagesAfter = *after;
    else if (auto it = m_waitCursors.find(cursorKey); it != m_waitCursors.end())
        messagesAfter = it->second;

    const TurnView view(m_ctx,
                        playerId,
                        p ? engine::Viewer::forPlayer(playerId) : engine::Viewer::spectator(),
                        after);
    auto signature = [&](const Match &match) {
        return p ? requiredSignature(match, playerId)
                 : std::string(engine::toString(match.state().phase));
    };

    const std::string start = signature(*m);
    // Ready at once (a turn waiting, news, an ended match): legitimate the
    // first time; the same answer again, with nothing done meanwhile, is a
    // loop, and is rate limited like get_state.
    std::optional<WaitSlot> slot;
    if (m->ended() || view.pending(*m) || view.newsAfterCursor(*m)) {
        // What the caller can tell apart: the newest event it may see (not
        // the log's last seq, which would time hidden events for it).
        // A new afterEventId is progress too: the caller read on.
        const std::string mark = std::to_string(view.lastVisible(*m)) + '/' + start + '/'
                                 + (after ? std::to_string(*after) : std::string("-"));
        if (auto refused = repeatedAnswer(limitKey, cursorKey, mark))
            co_return *refused;
    } else {
        m_immediateReturns.erase(cursorKey);
        // Each wait holds an HTTP connection: a few per caller, and not so
        // many that new clients find none (see MaxWaits).
        if (auto refused = refuseWait(limitKey))
            co_return *refused;
        slot.emplace(*this, limitKey);
    }
    const TimeMs deadline = m_ctx.clock() + timeoutSeconds * 1000LL;
    bool changed = false;
    for (;;) {
        m = m_ctx.lobby.match(matchId);
        if (!m)
            break;
        if (m->ended() || view.pending(*m) || signature(*m) != start || view.newsAfterCursor(*m)) {
            changed = true;
            break;
        }
        // A rate-limited turn wakes the caller when the limit lifts.
        const TimeMs now = m_ctx.clock();
        const TimeMs left = deadline - now;
        const std::int64_t held = view.heldFor(*m);
        if (left <= 0)
            break; // the time is up
        if (!co_await nextPublication(
                matchId, std::chrono::milliseconds(held > 0 ? std::min(held, left) : left))) {
            if (held > 0 && held < left && m_ctx.clock() > now)
                continue; // the limit has lifted: the turn is the caller's now
            break;        // the time is up
        }
    }
    if (!co_await m_ctx.pipeline.committed(
            m_ctx.pipeline.stagedGeneration())) // commit before visible (see callTool)
        co_return storageFailure();
    m = m_ctx.lobby.match(matchId);
    if (!m)
        co_return toolError(ErrorCode::MatchNotFound, "match '" + matchId + "' is gone");
    co_return waitAnswer(caller, matchId, *m, view, args, messagesAfter, changed, cursorKey);
}

} // namespace townhall::host
