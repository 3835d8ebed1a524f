// SPDX-License-Identifier: MIT
#include "host/seats/pilot.h"

#include "engine/projection.h"
#include "engine/toolcalls.h"
#include "host/providers/chatclient.h"
#include "host/store/batch.h"
#include "mcp/toolregistry.h"

#include <QFile>
#include <QLoggingCategory>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>

Q_LOGGING_CATEGORY(lcPilot, "townhall.pilot")

namespace townhall::host {

using engine::Phase;
using providers::ChatMessage;
using providers::ProviderError;

namespace {

QString resourceText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// What differs at a table that does not play seed 000's rules: the rules
/// prompt describes the classic table, so the model is told this one.
QString tableRules(const engine::RuleSet &rules)
{
    QStringList roles;
    auto add = [&roles](int n, const char *one, const char *many) {
        if (n == 1)
            roles << QStringLiteral("1 %1").arg(QLatin1String(one));
        else if (n > 1)
            roles << QStringLiteral("%1 %2").arg(n).arg(QLatin1String(many));
    };
    add(rules.werewolves, "werewolf", "werewolves");
    add(rules.seers, "seer", "seers");
    add(rules.doctors, "doctor", "doctors");
    add(rules.witches, "witch (one antidote, one poison)", "witches");
    add(rules.hunters, "hunter (shoots when he dies)", "hunters");
    add(rules.villagers, "villager", "villagers");
    QString text
        = QStringLiteral(
              "## This table\n\nThis match does not play the 8-player table above. It has %1 "
              "players: %2.")
              .arg(rules.seatCount())
              .arg(roles.join(QStringLiteral(", ")));
    if (rules.tie == engine::TieRule::Pk)
        text += QStringLiteral(
            " A tied vote goes to a PK: the tied players defend themselves in turn "
            "(DAY_PK_DEFENSE, say_public on your turn), then the others vote again among them "
            "(DAY_PK_VOTE); a second tie eliminates nobody.");
    if (rules.maxDays > 0)
        text += QStringLiteral(" If no side has won after day %1, the match ends in a draw.")
                    .arg(rules.maxDays);
    if (!rules.revealRoleOnDeath)
        text += QStringLiteral(" The roles of eliminated players are not revealed until the end.");
    if (rules.language == "zh-CN")
        text += QStringLiteral(
            "\n\nThe game language is Simplified Chinese: write everything you say in "
            "Simplified Chinese.");
    return text;
}

/// A tool as the model sees it: the underscore name (some servers refuse
/// dots), and no matchId or idempotencyKey, which the pilot fills in (a model
/// that has to copy an id is a model that gets it wrong).
providers::ToolDefinition definitionOf(std::string_view dotted)
{
    providers::ToolDefinition d;
    d.name = QString::fromStdString(mcp::ToolRegistry::underscoreForm(dotted));
    const mcp::ToolRegistry *reg = shippedTools();
    const mcp::Tool *tool = reg ? reg->find(dotted) : nullptr;
    if (!tool)
        return d;
    d.description = QString::fromStdString(tool->definition.value("description", std::string()));
    nlohmann::json schema = tool->definition.value("inputSchema", nlohmann::json::object());
    if (auto props = schema.find("properties"); props != schema.end() && props->is_object()) {
        props->erase("matchId");
        props->erase("idempotencyKey");
    }
    if (auto req = schema.find("required"); req != schema.end() && req->is_array()) {
        nlohmann::json kept = nlohmann::json::array();
        for (const auto &k : *req)
            if (k != "matchId" && k != "idempotencyKey")
                kept.push_back(k);
        *req = std::move(kept);
    }
    d.parameters = std::move(schema);
    return d;
}

std::string_view name(engine::Tool t)
{
    return engine::toolName(t);
}

/// How long to wait before the same call may succeed, when the match
/// refused it for a rate limit (its error says when, as retryAfterMs).
std::optional<std::chrono::milliseconds> rateLimitWait(std::optional<engine::ErrorCode> code,
                                                       const nlohmann::json &body)
{
    if (code != engine::ErrorCode::RateLimited || !body.is_object())
        return std::nullopt;
    const nlohmann::json *e = &body;
    if (auto it = body.find("error"); it != body.end() && it->is_object())
        e = &*it;
    const auto after = e->find("retryAfterMs");
    if (after == e->end() || !after->is_number())
        return std::chrono::milliseconds(1000);
    return std::chrono::milliseconds(
        std::clamp<std::int64_t>(after->get<std::int64_t>(), 50, 60'000));
}

/// Long tool answers are cut: a get_state is a few KiB, and the context is
/// the model's budget.
QString clipped(const nlohmann::json &body)
{
    std::string text = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    constexpr std::size_t cap = 12000;
    if (text.size() > cap)
        text = text.substr(0, cap) + "…";
    return QString::fromStdString(text);
}

/// Counts one answered request, whichever way it went.
void account(PilotStats &st,
             const providers::ProviderProfile &profile,
             const providers::ChatOutcome &o)
{
    const providers::Usage &u = o.result.usage;
    st.inputTokens += u.inputTokens;
    st.outputTokens += u.outputTokens;
    st.reasoningTokens += u.reasoningTokens.value_or(0);
    st.cachedInputTokens += u.cachedInputTokens.value_or(0);
    if (const auto c = profile.cost(u))
        st.cost = st.cost.value_or(0.0) + *c;
    st.latencyMs += o.result.latencyMs;
    st.latenciesMs.push_back(static_cast<qint32>(
        std::clamp<qint64>(o.result.latencyMs, 0, std::numeric_limits<qint32>::max())));
    // A call whose arguments are not JSON is the model's mistake, answered
    // to it like a refused call (Pilot::answered), not a failed request.
    if (o.error && o.error->kind != ProviderError::Kind::MalformedToolCall)
        ++st.failures[QString::fromLatin1(ProviderError::kindName(o.error->kind))];
}

/// Every string in `j` (arguments the provider parsed, so no deeper than
/// base::MaxJsonDepth) with the profile's key redacted.
void redactStrings(nlohmann::json &j, const providers::ProviderProfile &profile)
{
    if (j.is_string()) {
        const QString text = QString::fromStdString(j.get<std::string>());
        if (const QString clean = profile.redacted(text); clean != text)
            j = clean.toStdString();
    } else if (j.is_structured()) {
        for (auto &v : j)
            redactStrings(v, profile);
    }
}

/// "SERVER: The server failed…", for a note.
QString failureText(const providers::ProviderProfile &profile, const ProviderError &error)
{
    return profile.redacted(QStringLiteral("%1: %2").arg(
        QString::fromLatin1(ProviderError::kindName(error.kind)), error.message.trimmed()));
}

} // namespace

// ---------------------------------------------------------------- the log

const char *PilotNote::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Thought:
        return modelnotes::Thought;
    case Kind::StandIn:
        return modelnotes::StandIn;
    case Kind::HandOver:
        return modelnotes::HandOver;
    }
    return modelnotes::Thought;
}

std::optional<PilotNote::Kind> PilotNote::kindFromName(std::string_view name)
{
    for (Kind k : {Kind::Thought, Kind::StandIn, Kind::HandOver})
        if (name == kindName(k))
            return k;
    return std::nullopt;
}

void PilotLog::addNote(PilotNote note)
{
    if (note.text.size() > MaxNoteChars) {
        qsizetype keep = MaxNoteChars - 1;
        if (note.text.at(keep - 1).isHighSurrogate())
            --keep; // never half a character
        note.text = note.text.left(keep) + QChar(0x2026);
    }
    if (notes.size() >= MaxNotes) {
        const std::size_t drop = notes.size() - MaxNotes + 1;
        notes.erase(notes.begin(), notes.begin() + static_cast<std::ptrdiff_t>(drop));
        notesBefore += static_cast<std::int64_t>(drop);
    }
    notes.push_back(std::move(note));
}

qint64 PilotStats::latencyPercentile(double q) const
{
    if (latenciesMs.empty())
        return 0;
    std::vector<qint32> sorted = latenciesMs;
    std::sort(sorted.begin(), sorted.end());
    // Nearest rank: the smallest value with at least q of the values at or below it.
    const double n = static_cast<double>(sorted.size());
    const auto rank
        = static_cast<std::size_t>(std::clamp(std::ceil(std::clamp(q, 0.0, 1.0) * n), 1.0, n));
    return sorted[rank - 1];
}

nlohmann::json PilotStats::toJson() const
{
    nlohmann::json j = nlohmann::json::object();
    j["modelCalls"] = modelCalls;
    j["inputTokens"] = inputTokens;
    j["outputTokens"] = outputTokens;
    j["reasoningTokens"] = reasoningTokens;
    j["cachedInputTokens"] = cachedInputTokens;
    if (cost)
        j["cost"] = *cost;
    j["latencyMs"] = latencyMs;
    j["latenciesMs"] = latenciesMs;
    nlohmann::json f = nlohmann::json::object();
    for (const auto &[kind, n] : failures)
        f[kind.toStdString()] = n;
    j["failures"] = std::move(f);
    j["toolErrors"] = toolErrors;
    j["standInTurns"] = standInTurns;
    j["handedOver"] = handedOver;
    return j;
}

PilotStats PilotStats::fromJson(const nlohmann::json &j)
{
    PilotStats s;
    if (!j.is_object())
        return s;
    auto integer = [&](const char *key, auto &out) {
        if (auto it = j.find(key); it != j.end() && it->is_number_integer())
            out = it->get<std::remove_reference_t<decltype(out)>>();
    };
    integer("modelCalls", s.modelCalls);
    integer("inputTokens", s.inputTokens);
    integer("outputTokens", s.outputTokens);
    integer("reasoningTokens", s.reasoningTokens);
    integer("cachedInputTokens", s.cachedInputTokens);
    integer("latencyMs", s.latencyMs);
    integer("toolErrors", s.toolErrors);
    integer("standInTurns", s.standInTurns);
    if (auto it = j.find("cost"); it != j.end() && it->is_number())
        s.cost = it->get<double>();
    if (auto it = j.find("latenciesMs"); it != j.end() && it->is_array())
        for (const auto &v : *it)
            if (v.is_number_integer())
                s.latenciesMs.push_back(v.get<qint32>());
    if (auto it = j.find("failures"); it != j.end() && it->is_object())
        for (auto f = it->begin(); f != it->end(); ++f)
            if (f->is_number_integer())
                s.failures[QString::fromStdString(f.key())] = f->get<int>();
    if (auto it = j.find("handedOver"); it != j.end() && it->is_boolean())
        s.handedOver = it->get<bool>();
    return s;
}

// ---------------------------------------------------------------- the pilot

Pilot::Pilot(PilotOptions options,
             MatchLookup match,
             std::shared_ptr<PilotLog> log,
             QNetworkAccessManager *nam)
    : m_options(std::move(options))
    , m_match(std::move(match))
    , m_log(log ? std::move(log) : std::make_shared<PilotLog>())
    , m_client(std::make_shared<providers::ChatClient>(m_options.profile, nam))
    , m_context(std::make_unique<QObject>())
    , m_standIn(m_options.playerId, m_options.standInSeed)
{}

Pilot::~Pilot() = default;

// ---------------------------------------------------------------- turns

Pilot::Key Pilot::currentKey(const engine::StateView &view,
                             const std::vector<const engine::Event *> &news)
{
    Key k;
    k.phase = view.phase;
    k.day = view.dayNumber;
    if (!view.you)
        return k;
    const engine::YouView &you = *view.you;
    if (m_discussionDay != view.dayNumber) {
        m_discussionDay = view.dayNumber;
        m_said = 0;
        m_heard = false;
    }
    for (const engine::Event *e : news)
        if (e->type == engine::EventType::PublicMessage
            && e->payload.value("playerId", "") != m_options.playerId)
            m_heard = true;
    const auto &ra = you.requiredAction;
    const bool todo = ra && !ra->alreadySubmitted;
    switch (view.phase) {
    case Phase::Lobby: {
        const auto me = std::find_if(
            view.players.begin(), view.players.end(), [&](const engine::PlayerEntry &p) {
                return p.playerId == m_options.playerId;
            });
        if (me != view.players.end() && !me->ready)
            k.job = Job::Ready;
        break;
    }
    case Phase::Night:
    case Phase::NightWitch:
    case Phase::HunterShot: // the hunter's shot, although he is dead
        if (todo && ra->type != engine::ActionType::None)
            k.job = Job::Night;
        break;
    case Phase::DayOpening:
        if (todo && ra->type == engine::ActionType::SpeakOpening)
            k.job = Job::Opening;
        break;
    case Phase::DayPkDefense:
        if (todo && ra->type == engine::ActionType::SpeakDefense)
            k.job = Job::Opening; // one statement on its turn, like an opening
        break;
    case Phase::DayDiscussion:
        if (you.alive && m_said < m_options.maxDiscussionMessages && (m_said == 0 || m_heard)) {
            k.job = Job::Discussion;
            k.n = m_said;
        }
        break;
    case Phase::DayVote:
    case Phase::DayPkVote:
        if (todo && ra->type == engine::ActionType::Vote)
            k.job = Job::Vote;
        break;
    case Phase::DayResolution: {
        const engine::Match *m = m_match();
        if (m && m->state().lastEliminated == m_options.playerId
            && m_lastWordsDay != view.dayNumber)
            k.job = Job::LastWords;
        break;
    }
    default:
        break;
    }
    return k;
}

engine::SeatDriver::Step Pilot::onTurn(const engine::StateView &view,
                                       const std::vector<const engine::Event *> &news,
                                       engine::TimeMs now)
{
    m_key = currentKey(view, news);
    if (m_log->stats.handedOver || (m_standInKey && *m_standInKey == m_key))
        return standInTurn(view, now);
    if (m_ready) {
        Step s;
        if (m_conv && m_conv->key == m_key) {
            s.call = std::move(*m_ready);
            m_outstanding = Outstanding::Model;
        }
        m_ready.reset(); // a call decided for a phase that is over is dropped
        if (s.call)
            return s;
    }
    if (m_key.job == Job::None)
        return {};
    if (required(m_key.job))
        guard(m_key);
    if (m_busy)
        return {};
    if (m_conv && m_conv->key == m_key)
        return {}; // done with it, or waiting for the tool's answer
    start(m_key, view);
    return {};
}

engine::SeatDriver::Step Pilot::standInTurn(const engine::StateView &view, engine::TimeMs now)
{
    // The stand-in reads the match from where it last stopped, so it knows
    // everything its player knows whenever it is called in.
    Step s = m_standIn.turn(m_match(), view, now);
    if (s.call)
        m_outstanding = Outstanding::StandIn;
    return s;
}

void Pilot::onResult(const engine::ToolCall &call, bool ok, std::optional<engine::ErrorCode> error)
{
    onAnswer(call, ok, error, nullptr);
}

void Pilot::onAnswer(const engine::ToolCall &call,
                     bool ok,
                     std::optional<engine::ErrorCode> error,
                     const engine::json &body)
{
    const Outstanding from = std::exchange(m_outstanding, Outstanding::None);
    if (from == Outstanding::StandIn) {
        m_standIn.onAnswer(call, ok, error, body);
        return;
    }
    if (from != Outstanding::Model || !m_conv)
        return;
    if (!ok) {
        ++m_log->stats.toolErrors;
        // A rate limit is no fault of the call: it is sent again once the
        // limit allows, while the phase lasts, without asking the model.
        if (const auto wait = rateLimitWait(error, body); wait && m_conv->rateLimitWaits < 3) {
            const engine::Match *m = m_match();
            const engine::TimeMs ends = m ? m->state().phaseEndsAt : 0;
            if (ends > 0 && now() + wait->count() + m_options.deadlineMargin.count() < ends) {
                ++m_conv->rateLimitWaits;
                m_busy = true;
                QTimer::singleShot(*wait, m_context.get(), [this, key = m_conv->key, call] {
                    m_busy = false;
                    if (m_conv && m_conv->key == key && m_key == key && !m_conv->done)
                        m_ready = call;
                    wakeUp();
                });
                return;
            }
        }
        reply(clipped(body.is_null() ? nlohmann::json{{"error",
                                                       engine::toString(error.value_or(
                                                           engine::ErrorCode::InvalidArgument))}}
                                     : body),
              true);
        return;
    }
    const auto tool = engine::toolByName(call.tool);
    const bool sideStep = tool == engine::Tool::GetState || tool == engine::Tool::EventsGet
                          || tool == engine::Tool::WolfChat;
    if (!sideStep) {
        m_conv->done = true;
        m_conv->unanswered.clear();
        if (m_conv->key.job == Job::Discussion) {
            ++m_said;
            m_heard = false;
        } else if (m_conv->key.job == Job::LastWords) {
            m_lastWordsDay = m_conv->key.day;
        }
        return;
    }
    reply(clipped(body), false);
}

// ---------------------------------------------------------------- the model

void Pilot::start(const Key &key, const engine::StateView &view)
{
    const engine::Match *m = m_match();
    if (!m || !view.you)
        return;
    Conversation c;
    c.key = key;
    QString system = resourceText(QStringLiteral(":/prompts/rules.md"));
    QString role = QString::fromUtf8(engine::toString(view.you->role).data()).toLower();
    system += QStringLiteral("\n\n") + resourceText(QStringLiteral(":/prompts/%1.md").arg(role));
    const engine::Player *me = m->player(m_options.playerId);
    system += QStringLiteral(
                  "\n\n## How you play here\n\nYou are %1 (playerId %2). Act only by calling one "
                  "of the functions offered; the matchId is filled in for you. Keep what you say "
                  "short.")
                  .arg(QString::fromStdString(me ? me->displayName : m_options.playerId),
                       QString::fromStdString(m_options.playerId));
    if (const engine::RuleSet &rules = m->state().config.rules; !rules.isClassic())
        system += QStringLiteral("\n\n") + tableRules(rules);
    if (!m_options.persona.isEmpty())
        system += QStringLiteral("\n\nYour manner: ") + m_options.persona;
    c.request.messages.push_back(ChatMessage::system(system));
    c.request.messages.push_back(
        ChatMessage::user(QString::fromStdString(engine::phaseBrief(*m, m_options.playerId))));

    using engine::Tool;
    std::vector<Tool> tools;
    switch (key.job) {
    case Job::Ready:
        tools = {Tool::Ready};
        break;
    case Job::Night:
        switch (view.you->requiredAction->type) {
        case engine::ActionType::WolfKill:
            tools = {Tool::WolfKill, Tool::WolfChat};
            break;
        case engine::ActionType::SeerInspect:
            tools = {Tool::SeerInspect};
            break;
        case engine::ActionType::WitchAct:
            tools = {Tool::WitchAct};
            break;
        case engine::ActionType::HunterShoot:
            tools = {Tool::HunterShoot};
            break;
        default:
            tools = {Tool::DoctorProtect};
            break;
        }
        break;
    case Job::Vote:
        tools = {Tool::Vote};
        break;
    default:
        tools = {Tool::SayPublic};
        break;
    }
    tools.push_back(Tool::GetState);
    tools.push_back(Tool::EventsGet);
    for (Tool t : tools)
        c.request.tools.push_back(definitionOf(name(t)));
    m_conv = std::move(c);
    m_failStreak = 0; // the back-off starts again with each thing to do
    ask();
}

void Pilot::ask()
{
    if (!m_conv)
        return;
    m_busy = true;
    ++m_conv->requests;
    ++m_log->stats.modelCalls;
    const Key key = m_conv->key;
    QPointer<QObject> alive(m_context.get());
    // The client goes with the request: a seat replaced mid-request must
    // not take the client from under it. So does the log: an answer that
    // arrives after the seat is gone is still counted (it was paid for).
    m_client->chat(m_conv->request)
        .then([this,
               alive,
               key,
               client = m_client,
               log = m_log,
               profile = m_options.profile,
               clock = m_options.clock,
               changed = m_options.changed](providers::ChatOutcome o) {
            account(log->stats, profile, o);
            const engine::TimeMs at = clock ? clock() : 0;
            // A provider may echo the key (in an error, in what its model
            // writes): notes are stored and exported, so they never hold it.
            for (const QString *text : {&o.result.reasoning, &o.result.text})
                if (!text->trimmed().isEmpty())
                    log->addNote({PilotNote::Kind::Thought,
                                  at,
                                  key.day,
                                  key.phase,
                                  profile.redacted(*text)});
            if (alive)
                answered(key, std::move(o));
            if (changed)
                changed();
        });
    notify();
}

void Pilot::note(PilotNote::Kind kind, const Key &key, const QString &text)
{
    m_log->addNote({kind, now(), key.day, key.phase, m_options.profile.redacted(text)});
}

void Pilot::notify() const
{
    if (m_options.changed)
        m_options.changed();
}

void Pilot::answered(const Key &key, providers::ChatOutcome outcome)
{
    m_busy = false;
    if (!m_conv || !(m_conv->key == key) || !(m_key == key) || m_standInKey == key) {
        // The phase moved on while the model thought. A request that failed
        // (a timeout longer than the turn) lost the turn to the stand-in.
        const bool lost = outcome.error
                          && outcome.error->kind != ProviderError::Kind::MalformedToolCall
                          && m_standInKey == key && !m_log->stats.handedOver;
        m_conv.reset();
        if (!(lost && lostTurn(*outcome.error)))
            wakeUp();
        return;
    }
    // Arguments that are not JSON are the model's mistake, not the
    // provider's: the call is answered below like any other bad call.
    if (outcome.error && outcome.error->kind != ProviderError::Kind::MalformedToolCall) {
        failed(key, *outcome.error);
        return;
    }
    m_failStreak = 0;
    m_lostTurns = 0;
    const providers::ChatResult &r = outcome.result;
    ChatMessage said = ChatMessage::assistant(r.text, r.toolCalls);
    said.raw = r.rawAssistant;
    m_conv->request.messages.push_back(std::move(said));
    m_conv->unanswered = r.toolCalls;
    if (r.toolCalls.empty()) {
        if (!required(key.job)) {
            m_conv->done = true; // it chose to keep quiet
            return;
        }
        if (m_conv->requests >= m_options.maxRequestsPerAction)
            return giveUp();
        m_conv->request.messages.push_back(
            ChatMessage::user(QStringLiteral("Act now: call one of the functions offered.")));
        ask();
        return;
    }
    const providers::ToolCall &first = r.toolCalls.front();
    const auto dotted = engine::canonicalToolName(first.name.toStdString());
    const bool offered = dotted
                         && std::any_of(m_conv->request.tools.begin(),
                                        m_conv->request.tools.end(),
                                        [&](const providers::ToolDefinition &d) {
                                            return d.name.toStdString()
                                                   == mcp::ToolRegistry::underscoreForm(*dotted);
                                        });
    if (!offered)
        return reply(QStringLiteral("%1 is not available now; call one of the functions offered.")
                         .arg(first.name),
                     true);
    if (!first.argumentsError.isEmpty())
        return reply(
            QStringLiteral("Your arguments are not a JSON object: %1").arg(first.argumentsError),
            true);
    engine::ToolCall call{*dotted,
                          first.arguments.is_object() ? first.arguments : nlohmann::json::object()};
    // What the model says reaches the match, the store and the spectators:
    // never the key, even if the provider put it in the model's mouth.
    redactStrings(call.arguments, m_options.profile);
    call.arguments["matchId"] = m_options.matchId;
    if (key.job == Job::LastWords)
        call.arguments["kind"] = "LAST_WORDS";
    if (const mcp::ToolRegistry *reg = shippedTools())
        if (const mcp::Tool *tool = reg->find(*dotted)) {
            const auto issues = reg->validateArguments(*tool, call.arguments);
            if (!issues.empty()) {
                QString why;
                for (const auto &i : issues)
                    why += QString::fromStdString(i.path + ": " + i.message) + QLatin1Char(' ');
                return reply(QStringLiteral("Invalid arguments: %1").arg(why.trimmed()), true);
            }
        }
    m_ready = std::move(call);
    wakeUp();
}

void Pilot::reply(const QString &text, bool isError)
{
    if (!m_conv)
        return;
    // Every call of the last answer gets a result (the protocols ask for it);
    // only the first was run.
    bool first = true;
    for (const providers::ToolCall &c : m_conv->unanswered) {
        m_conv->request.messages.push_back(
            ChatMessage::toolResult(c.id,
                                    first ? text : QStringLiteral("Not run: one call at a time."),
                                    first ? isError : true));
        first = false;
    }
    m_conv->unanswered.clear();
    if (m_conv->requests >= m_options.maxRequestsPerAction)
        return giveUp();
    ask();
}

void Pilot::giveUp()
{
    if (!m_conv)
        return;
    m_conv->done = true;
    if (required(m_conv->key.job))
        standInTakes(
            m_conv->key,
            QStringLiteral("The model made no usable call in %1 requests").arg(m_conv->requests));
}

void Pilot::failed(const Key &key, const ProviderError &error)
{
    ++m_failStreak;
    --m_conv->requests; // a failure is not the model's answer
    qCInfo(lcPilot).noquote() << QString::fromStdString(m_options.playerId)
                              << "model request failed:"
                              << m_options.profile.redacted(error.message);
    // Failures are retried while the phase has time; only a turn they cost
    // counts towards handing the seat over (a short outage costs nothing).
    std::chrono::milliseconds wait = m_options.firstBackoff * (1 << std::min(m_failStreak - 1, 10));
    if (error.retryAfterMs)
        wait = std::max(wait, std::chrono::milliseconds(*error.retryAfterMs));
    const engine::Match *m = m_match();
    const engine::TimeMs now = m_options.clock ? m_options.clock() : 0;
    const bool inTime = m && m->state().phaseEndsAt > 0
                        && now + (wait + m_options.deadlineMargin).count() < m->state().phaseEndsAt;
    if (!inTime) {
        m_conv->done = true;
        if (lostTurn(error))
            return;
        standInTakes(key,
                     QStringLiteral("The provider failed (%1) and no time was left to ask again")
                         .arg(failureText(m_options.profile, error)));
        return;
    }
    m_busy = true;
    QTimer::singleShot(wait, m_context.get(), [this, key] {
        m_busy = false;
        if (m_conv && m_conv->key == key && m_key == key && !m_conv->done)
            ask();
        else
            wakeUp();
    });
}

bool Pilot::lostTurn(const ProviderError &error)
{
    if (++m_lostTurns < m_options.maxConsecutiveFailures)
        return false;
    handOverFor(QStringLiteral(
                    "The provider failed on %1 turns in a row (last: %2); the built-in bot plays "
                    "this seat from now on.")
                    .arg(m_lostTurns)
                    .arg(failureText(m_options.profile, error)));
    return true;
}

bool Pilot::due(const Key &key) const
{
    const engine::Match *m = m_match();
    if (!m || m->ended() || m->state().phase != key.phase || m->state().dayNumber != key.day)
        return false;
    const engine::Player *me = m->player(m_options.playerId);
    if (!me)
        return false;
    if (key.job == Job::Ready)
        return !me->ready;
    const auto ra = m->requiredAction(m_options.playerId);
    return ra.type != engine::ActionType::None && !ra.alreadySubmitted;
}

void Pilot::guard(const Key &key)
{
    if (m_guarded == key || !m_options.clock)
        return;
    const engine::Match *m = m_match();
    if (!m)
        return;
    const engine::MatchState &st = m->state();
    const bool turns = st.phase == Phase::DayOpening || st.phase == Phase::DayPkDefense;
    const engine::TimeMs ends = turns ? st.turnEndsAt : st.phaseEndsAt;
    if (ends <= 0)
        return;
    m_guarded = key;
    // Never more than a quarter of what is left: a short turn is still the model's to take.
    const engine::TimeMs left = std::max<engine::TimeMs>(0, ends - m_options.clock());
    const auto in = std::chrono::milliseconds(
        left - std::min<engine::TimeMs>(m_options.deadlineMargin.count(), left / 4));
    QTimer::singleShot(in, m_context.get(), [this, key] {
        // The model's call already made or on its way: nothing to cover.
        if (m_log->stats.handedOver || m_standInKey == key || m_ready
            || m_outstanding == Outstanding::Model || (m_conv && m_conv->key == key && m_conv->done)
            || !due(key))
            return;
        standInTakes(key,
                     m_conv && m_conv->key == key
                         ? QStringLiteral("The model did not answer before the deadline")
                         : QStringLiteral(
                             "The model was still busy with an earlier question at the deadline"));
    });
}

QString Pilot::standInWork(const Key &key) const
{
    switch (key.job) {
    case Job::Ready:
        return QStringLiteral("gets this seat ready");
    case Job::Opening:
        return QStringLiteral("gives this seat's opening statement");
    case Job::Vote:
        return QStringLiteral("votes for this seat");
    case Job::Night: {
        const engine::Match *m = m_match();
        switch (m ? m->requiredAction(m_options.playerId).type : engine::ActionType::None) {
        case engine::ActionType::WolfKill:
            return QStringLiteral("chooses the wolves' victim for this seat");
        case engine::ActionType::SeerInspect:
            return QStringLiteral("inspects a player for this seat");
        case engine::ActionType::DoctorProtect:
            return QStringLiteral("protects a player for this seat");
        case engine::ActionType::WitchAct:
            return QStringLiteral("decides the witch's potions for this seat");
        case engine::ActionType::HunterShoot:
            return QStringLiteral("takes the hunter's shot for this seat");
        default:
            return QStringLiteral("takes this seat's night action");
        }
    }
    default:
        return QStringLiteral("acts for this seat");
    }
}

void Pilot::standInTakes(const Key &key, const QString &why)
{
    m_standInKey = key;
    ++m_log->stats.standInTurns;
    note(PilotNote::Kind::StandIn,
         key,
         QStringLiteral("%1; the built-in bot %2.").arg(why, standInWork(key)));
    notify();
    wakeUp();
}

void Pilot::handOver(const QString &why)
{
    if (m_log->stats.handedOver)
        return;
    // Called before the seat's first turn: the note is dated where the match stands.
    if (const engine::Match *m = m_match()) {
        m_key.phase = m->state().phase;
        m_key.day = m->state().dayNumber;
    }
    handOverFor(why);
}

void Pilot::handOverFor(const QString &why)
{
    m_log->stats.handedOver = true;
    note(PilotNote::Kind::HandOver, m_key, why);
    qCWarning(lcPilot).noquote() << QString::fromStdString(m_options.playerId)
                                 << "the built-in bot plays this seat from now on";
    m_conv.reset();
    notify();
    wakeUp();
}

} // namespace townhall::host
