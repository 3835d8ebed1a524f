// SPDX-License-Identifier: MIT
#include "host/seats/humanseat.h"

#include <algorithm>
#include <utility>

namespace townhall::host {

using engine::ActionType;
using engine::Phase;
using nlohmann::json;

HumanSeat::HumanSeat(std::shared_ptr<HumanSeatState> state, HumanSeatOptions options)
    : m_state(std::move(state))
    , m_options(std::move(options))
    , m_standIn(m_state->playerId, m_options.standInSeed)
{
    m_state->wake = [this] {
        wakeUp();
    };
}

HumanSeat::~HumanSeat()
{
    m_state->wake = nullptr;
}

HumanSeat::Key HumanSeat::keyOf(const engine::StateView &view)
{
    Key k;
    k.phase = view.phase;
    k.day = view.dayNumber;
    k.night = view.nightNumber;
    if (!view.you)
        return k;
    if (view.phase == Phase::Lobby) {
        const auto me = std::find_if(
            view.players.begin(), view.players.end(), [&](const engine::PlayerEntry &p) {
                return p.playerId == view.you->playerId;
            });
        k.ready = me != view.players.end() && !me->ready;
        return k;
    }
    const auto &ra = view.you->requiredAction;
    // Speaking in the discussion is the person's choice: keeping quiet is
    // no missed turn, and the stand-in does not speak for them.
    if (ra && !ra->alreadySubmitted && ra->type != engine::ActionType::SpeakDiscussion)
        k.type = ra->type;
    return k;
}

engine::SeatDriver::Step HumanSeat::onTurn(const engine::StateView &view,
                                           const std::vector<const engine::Event *> &news,
                                           engine::TimeMs now)
{
    (void)news; // the person reads the match through the seat's document
    const Key key = keyOf(view);
    if (m_state->pending) {
        // The person acted: their call goes out, and the seat is theirs again.
        m_sent = std::move(*m_state->pending);
        m_state->pending.reset();
        m_outstanding = Outstanding::Person;
        m_actedKey = key;
        m_state->missedInARow = 0;
        m_state->standIn = false;
        Step s;
        s.call = m_sent->call;
        m_state->notify();
        return s;
    }
    if (m_state->standIn || (m_standInKey && *m_standInKey == key))
        return standInTurn(view, now);
    if (key.none())
        return {};
    const engine::TimeMs deadline = view.turnEndsAt > 0 ? view.turnEndsAt : view.phaseEndsAt;
    if (deadline <= 0)
        return {}; // no deadline: the match waits for the person
    if (!(m_guardKey && *m_guardKey == key)) {
        // Never more than a quarter of what is left: a short turn is still the person's.
        const engine::TimeMs left = std::max<engine::TimeMs>(0, deadline - now);
        m_guardKey = key;
        m_guardAt = deadline - std::min<engine::TimeMs>(m_options.standInMargin.count(), left / 4);
    }
    if (now < m_guardAt) {
        Step s;
        s.wakeAt = m_guardAt;
        return s;
    }
    standInTakes(key, view);
    return standInTurn(view, now);
}

void HumanSeat::standInTakes(const Key &key, const engine::StateView &view)
{
    m_standInKey = key;
    ++m_state->standInTurns;
    ++m_state->log->stats.standInTurns;
    const bool tried = m_actedKey && *m_actedKey == key;
    if (!tried)
        ++m_state->missedInARow;
    m_state->log->addNote(
        {PilotNote::Kind::StandIn,
         view.turnEndsAt > 0 ? view.turnEndsAt : view.phaseEndsAt,
         view.dayNumber,
         view.phase,
         QStringLiteral("%1; the built-in bot %2.")
             .arg(tried ? QStringLiteral("The person's action did not go through before the "
                                         "deadline")
                        : QStringLiteral("The person did not act before the deadline"),
                  standInWork(key))});
    if (!m_state->standIn && m_state->missedInARow >= m_options.maxMissedInARow) {
        m_state->standIn = true;
        m_state->log->stats.handedOver = true;
        m_state->log->addNote(
            {PilotNote::Kind::HandOver,
             view.turnEndsAt > 0 ? view.turnEndsAt : view.phaseEndsAt,
             view.dayNumber,
             view.phase,
             QStringLiteral("The person let %1 turns in a row pass; the built-in bot plays this "
                            "seat until the person acts again.")
                 .arg(m_state->missedInARow)});
    }
    if (m_state->noted)
        m_state->noted();
    m_state->notify();
}

QString HumanSeat::standInWork(const Key &key) const
{
    if (key.ready)
        return QStringLiteral("gets this seat ready");
    switch (key.type) {
    case ActionType::SpeakOpening:
        return QStringLiteral("gives this seat's opening statement");
    case ActionType::SpeakDefense:
        return QStringLiteral("gives this seat's defence");
    case ActionType::Vote:
        return QStringLiteral("votes for this seat");
    case ActionType::WolfKill:
        return QStringLiteral("chooses the wolves' victim for this seat");
    case ActionType::SeerInspect:
        return QStringLiteral("inspects a player for this seat");
    case ActionType::DoctorProtect:
        return QStringLiteral("protects a player for this seat");
    case ActionType::WitchAct:
        return QStringLiteral("decides the witch's potions for this seat");
    case ActionType::HunterShoot:
        return QStringLiteral("takes the hunter's shot for this seat");
    default:
        break;
    }
    return QStringLiteral("acts for this seat");
}

engine::SeatDriver::Step HumanSeat::standInTurn(const engine::StateView &view, engine::TimeMs now)
{
    Step s = m_standIn.turn(m_options.match ? m_options.match() : nullptr, view, now);
    if (s.call)
        m_outstanding = Outstanding::StandIn;
    return s;
}

void HumanSeat::onResult(const engine::ToolCall &call,
                         bool ok,
                         std::optional<engine::ErrorCode> error)
{
    onAnswer(call, ok, error, nullptr);
}

void HumanSeat::onAnswer(const engine::ToolCall &call,
                         bool ok,
                         std::optional<engine::ErrorCode> error,
                         const json &body)
{
    const Outstanding from = std::exchange(m_outstanding, Outstanding::None);
    if (from == Outstanding::StandIn) {
        m_standIn.onAnswer(call, ok, error, body);
        return;
    }
    if (from != Outstanding::Person || !m_sent)
        return;
    json answer{{"id", m_sent->id}, {"tool", m_sent->tool}, {"ok", ok}};
    if (!ok) {
        const json *e = &body;
        if (body.is_object())
            if (auto it = body.find("error"); it != body.end() && it->is_object())
                e = &*it;
        const std::string code = e->is_object() && e->contains("code") && (*e)["code"].is_string()
                                     ? (*e)["code"].get<std::string>()
                                     : std::string(engine::toString(
                                         error.value_or(engine::ErrorCode::InvalidArgument)));
        const std::string message
            = e->is_object() && e->contains("message") && (*e)["message"].is_string()
                  ? (*e)["message"].get<std::string>()
                  : std::string();
        answer["error"] = {{"code", code}, {"message", message}};
    }
    m_state->answer = std::move(answer);
    m_sent.reset();
    m_state->notify();
    // Another action may have come while this one was under way.
    if (m_state->pending)
        wakeUp();
}

} // namespace townhall::host
