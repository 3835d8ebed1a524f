// SPDX-License-Identifier: MIT
#include "host/seats/humanseats.h"

#include "base/jsonlimits.h"
#include "engine/rng.h"
#include "engine/toolcalls.h"
#include "mcp/toolregistry.h"

#include <QRandomGenerator>

#include <array>
#include <utility>

namespace townhall::host {

using nlohmann::json;

namespace {

/// The play tools a person may use, by the name the page sends
/// ("match.vote"; the full dotted name is taken too).
std::optional<engine::Tool> playTool(std::string name)
{
    static constexpr std::string_view prefix = "et.werewolf.";
    if (name.rfind(prefix, 0) == 0)
        name.erase(0, prefix.size());
    using engine::Tool;
    static constexpr std::array<Tool, 9> play{Tool::Ready,
                                              Tool::SayPublic,
                                              Tool::Vote,
                                              Tool::WolfChat,
                                              Tool::WolfKill,
                                              Tool::SeerInspect,
                                              Tool::DoctorProtect,
                                              Tool::WitchAct,
                                              Tool::HunterShoot};
    for (Tool t : play)
        if (engine::toolName(t).substr(prefix.size()) == name)
            return t;
    return std::nullopt;
}

std::string text(const json &j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

HumanSeats::HumanSeats(Wiring wiring, QObject *parent)
    : QObject(parent)
    , m_wiring(std::move(wiring))
{}

HumanSeats::~HumanSeats()
{
    for (auto &[agentId, seat] : m_seats)
        seat.state->changed = nullptr;
}

QString HumanSeats::newCode()
{
    std::array<quint32, 4> words{};
    QRandomGenerator::system()->fillRange(words.data(), words.size());
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char *>(words.data()), sizeof(words))
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::string HumanSeats::add(const QString &name, bool local)
{
    const std::string agentId = "human:" + std::to_string(++m_counter) + ":" + name.toStdString();
    Seat &seat = m_seats[agentId];
    seat.code = newCode();
    seat.state = std::make_shared<HumanSeatState>();
    seat.state->agentId = agentId;
    seat.state->name = name;
    seat.state->local = local;
    seat.state->changed = [this, agentId] {
        if (auto it = m_seats.find(agentId); it != m_seats.end())
            rebuild(it->second, false);
    };
    rebuild(seat, true);
    Q_EMIT seatsChanged();
    return agentId;
}

void HumanSeats::drop(const std::string &agentId)
{
    if (m_seats.erase(agentId) > 0)
        Q_EMIT seatsChanged();
}

QString HumanSeats::codeOf(const std::string &agentId) const
{
    const auto it = m_seats.find(agentId);
    return it == m_seats.end() ? QString() : it->second.code;
}

std::shared_ptr<const HumanSeatState> HumanSeats::state(const std::string &agentId) const
{
    const auto it = m_seats.find(agentId);
    return it == m_seats.end() ? nullptr : it->second.state;
}

QList<HumanSeats::Info> HumanSeats::seats() const
{
    QList<Info> out;
    for (const auto &[agentId, seat] : m_seats)
        if (!seat.code.isEmpty())
            out.append(Info{seat.code,
                            QString::fromStdString(seat.state->matchId),
                            QString::fromStdString(seat.state->playerId),
                            seat.state->name,
                            seat.state->local});
    return out;
}

HumanSeats::Seat *HumanSeats::findCode(const QString &code)
{
    if (code.isEmpty())
        return nullptr;
    for (auto &[agentId, seat] : m_seats)
        if (seat.code == code)
            return &seat;
    return nullptr;
}

const HumanSeats::Seat *HumanSeats::findCode(const QString &code) const
{
    return const_cast<HumanSeats *>(this)->findCode(code);
}

QByteArray HumanSeats::document(const QString &code) const
{
    const Seat *seat = findCode(code);
    return seat ? seat->document : QByteArray();
}

void HumanSeats::attach(const QString &code, bool attached)
{
    Seat *seat = findCode(code);
    if (!seat || seat->state->connected == attached)
        return;
    seat->state->connected = attached;
    rebuild(*seat, false);
}

void HumanSeats::revoke(const QString &code)
{
    Seat *seat = findCode(code);
    if (!seat)
        return;
    seat->code.clear();
    seat->document.clear();
    seat->state->connected = false;
    // Nobody can act for the seat any more: the stand-in keeps it.
    seat->state->standIn = true;
    seat->state->pending.reset();
    if (seat->state->wake)
        seat->state->wake();
    Q_EMIT seatsChanged();
}

std::unique_ptr<HumanSeat>
HumanSeats::driverFor(const engine::Match &m, const engine::Player &p, std::function<void()> noted)
{
    const auto it = m_seats.find(p.agentId);
    if (it == m_seats.end())
        return nullptr;
    Seat &seat = it->second;
    seat.state->matchId = m.matchId();
    seat.state->playerId = p.playerId;
    seat.state->name = QString::fromStdString(p.displayName);
    seat.state->noted = std::move(noted);
    HumanSeatOptions o;
    o.standInSeed
        = engine::Rng::forDecision(m.state().seed ^ 0x4E4A, static_cast<std::uint64_t>(p.seat), 1)
              .next();
    o.match = [this, id = m.matchId()]() -> const engine::Match * {
        return m_wiring.match ? m_wiring.match(id) : nullptr;
    };
    if (seat.code.isEmpty())
        seat.state->standIn = true; // revoked while it waited
    auto driver = std::make_unique<HumanSeat>(seat.state, std::move(o));
    Q_EMIT seatsChanged();
    return driver;
}

void HumanSeats::matchChanged(const std::string &matchId)
{
    for (auto &[agentId, seat] : m_seats)
        if (seat.state->matchId == matchId)
            rebuild(seat, false);
}

void HumanSeats::refresh()
{
    for (auto &[agentId, seat] : m_seats) {
        if (seat.state->matchId.empty() || !m_wiring.match)
            continue;
        const engine::Match *m = m_wiring.match(seat.state->matchId);
        if (m && (seat.held || m->state().lastSeq != seat.builtSeq))
            rebuild(seat, false);
    }
}

void HumanSeats::answerNow(Seat &seat,
                           const std::string &id,
                           const std::string &tool,
                           const char *code,
                           const std::string &message)
{
    seat.state->answer = json{{"id", id},
                              {"tool", tool},
                              {"ok", false},
                              {"error", {{"code", code}, {"message", message}}}};
    rebuild(seat, false);
}

void HumanSeats::act(const QString &code, const QByteArray &action)
{
    Seat *seat = findCode(code);
    if (!seat)
        return;
    if (action.size() > MaxActionBytes
        || !base::jsonDepthWithin(std::string_view(action.constData(), std::size_t(action.size()))))
        return answerNow(*seat, "", "", "INVALID_ARGUMENT", "the action is too large");
    const json a = json::parse(action.constBegin(), action.constEnd(), nullptr, false);
    if (!a.is_object() || !a.contains("id") || !a["id"].is_string() || !a.contains("tool")
        || !a["tool"].is_string())
        return answerNow(*seat,
                         "",
                         "",
                         "INVALID_ARGUMENT",
                         "an action is {\"id\": \"...\", \"tool\": \"...\", \"arguments\": {...}}");
    const std::string id = a["id"].get<std::string>().substr(0, 100);
    const std::string toolName = a["tool"].get<std::string>().substr(0, 100);
    const std::optional<engine::Tool> tool = playTool(toolName);
    if (!tool)
        return answerNow(*seat,
                         id,
                         toolName,
                         "UNKNOWN_TOOL",
                         "not a play tool: ready, say_public, vote, the night tools, witch_act, "
                         "hunter_shoot");
    json args = a.value("arguments", json::object());
    if (!args.is_object())
        return answerNow(*seat, id, toolName, "INVALID_ARGUMENT", "arguments must be an object");
    HumanSeatState &st = *seat->state;
    if (st.matchId.empty())
        return answerNow(*seat, id, toolName, "NOT_IN_MATCH", "the match has not begun yet");
    if (!st.wake)
        return answerNow(*seat, id, toolName, "MATCH_ENDED", "the match is over");
    // Filled in by the host: the match, and the id as the idempotency key
    // (a page that sends the same action twice does it once).
    args["matchId"] = st.matchId;
    args["idempotencyKey"] = "person:" + id;
    const std::string dotted(engine::toolName(*tool));
    if (const mcp::ToolRegistry *reg = shippedTools())
        if (const mcp::Tool *t = reg->find(dotted)) {
            if (!t->definition.value("inputSchema", json::object())
                     .value("properties", json::object())
                     .contains("idempotencyKey"))
                args.erase("idempotencyKey");
            const auto issues = reg->validateArguments(*t, args);
            if (!issues.empty()) {
                std::string why;
                for (const auto &i : issues)
                    why += i.path + ": " + i.message + " ";
                return answerNow(*seat, id, toolName, "INVALID_ARGUMENT", why);
            }
        }
    st.pending = HumanSeatState::Action{id, toolName, engine::ToolCall{dotted, std::move(args)}};
    // Any action takes the seat back from the stand-in.
    st.missedInARow = 0;
    st.standIn = false;
    st.answer = nullptr;
    rebuild(*seat, false);
    st.wake();
}

void HumanSeats::rebuild(Seat &seat, bool force)
{
    if (seat.code.isEmpty())
        return;
    const HumanSeatState &st = *seat.state;
    const engine::Match *m
        = st.matchId.empty() || !m_wiring.match ? nullptr : m_wiring.match(st.matchId);
    if (m) {
        if (m_wiring.settled && !m_wiring.settled(*m) && !force && !seat.document.isEmpty()) {
            seat.held = true; // shown once its events are committed (refresh)
            return;
        }
        seat.held = false;
        seat.builtSeq = m->state().lastSeq;
    }
    engine::HumanSeatStatus status;
    status.standIn = st.standIn;
    status.missedInARow = st.missedInARow;
    status.standInTurns = st.standInTurns;
    status.connected = st.connected;
    json doc
        = engine::playerDocumentContents(m, st.playerId, st.name.toStdString(), status, st.answer);
    std::string contents = text(doc);
    if (!force && contents == seat.contents)
        return;
    seat.contents = std::move(contents);
    doc["serverTime"] = engine::isoTime(m_wiring.clock ? m_wiring.clock() : 0);
    seat.document = QByteArray::fromStdString(text(doc));
    Q_EMIT documentChanged(seat.code, seat.document);
}

bool HumanSeats::moveCode(const std::string &from, const std::string &to)
{
    const auto a = m_seats.find(from);
    const auto b = m_seats.find(to);
    if (a == m_seats.end() || b == m_seats.end() || a == b || a->second.code.isEmpty())
        return false;
    Seat &old = a->second;
    Seat &next = b->second;
    next.code = std::exchange(old.code, QString());
    old.document.clear();
    next.state->connected = std::exchange(old.state->connected, false);
    next.state->standIn = next.state->standIn || old.state->standIn;
    next.state->missedInARow = old.state->missedInARow;
    rebuild(next, true);
    Q_EMIT seatsChanged();
    return true;
}

} // namespace townhall::host
