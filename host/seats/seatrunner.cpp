// SPDX-License-Identifier: MIT
#include "host/seats/seatrunner.h"

#include "engine/rng.h"

#include <QPointer>

namespace townhall::host {

namespace {
/// The engine's code of a tool error, for the driver (an unknown one reads
/// as a refused argument).
engine::ErrorCode errorCodeOf(const std::string &code)
{
    for (int c = 0; c <= static_cast<int>(engine::ErrorCode::MatchPaused); ++c)
        if (engine::toString(static_cast<engine::ErrorCode>(c)) == code)
            return static_cast<engine::ErrorCode>(c);
    return engine::ErrorCode::InvalidArgument;
}
} // namespace

SeatRunner::SeatRunner(QObject *context,
                       Send send,
                       std::function<void()> answered,
                       std::function<engine::TimeMs()> clock)
    : m_context(context)
    , m_clock(std::move(clock))
    , m_send(std::move(send))
    , m_answered(std::move(answered))
{}

void SeatRunner::wire(const std::string &matchId,
                      const std::string &playerId,
                      engine::SeatDriver &driver)
{
    QPointer<QObject> alive(m_context);
    driver.setWakeUp([this, alive, matchId, playerId] {
        if (!alive)
            return;
        if (auto it = m_matches.find(matchId);
            it != m_matches.end() && it->second.wake(playerId, m_clock()))
            m_answered();
    });
}

void SeatRunner::seatDrivers(const engine::Match &m)
{
    engine::SeatLoop &loop = m_matches[m.matchId()];
    for (const engine::Player &p : m.state().players) {
        if (loop.has(p.playerId))
            continue;
        std::unique_ptr<engine::SeatDriver> driver;
        if (isBot(p.agentId)) {
            const std::uint64_t seed = engine::Rng::forDecision(m.state().seed ^ 0xB0B,
                                                                static_cast<std::uint64_t>(p.seat),
                                                                1)
                                           .next();
            driver = std::make_unique<engine::BotDriver>(p.playerId, seed);
        } else if (m_factory) {
            driver = m_factory(m, p);
        }
        if (!driver)
            continue;
        wire(m.matchId(), p.playerId, *driver);
        loop.seat(p.playerId, std::move(driver));
    }
    if (loop.empty())
        m_matches.erase(m.matchId());
}

bool SeatRunner::replace(const std::string &matchId,
                         const std::string &playerId,
                         std::unique_ptr<engine::SeatDriver> driver,
                         engine::TimeMs now)
{
    if (!driver)
        return false;
    wire(matchId, playerId, *driver);
    engine::SeatLoop &loop = m_matches[matchId];
    if (loop.has(playerId))
        return loop.replace(playerId, std::move(driver), now);
    loop.seat(playerId, std::move(driver), now); // a seat played from outside until now
    return true;
}

void SeatRunner::step(engine::Lobby &lobby,
                      const std::function<bool(const engine::Match &)> &ready,
                      engine::TimeMs now)
{
    for (auto it = m_matches.begin(); it != m_matches.end();) {
        const engine::Match *m = lobby.match(it->first);
        engine::SeatLoop &loop = it->second;
        // Once the end is committed every driver hears of it, and the match's
        // seats go when no call and no farewell is under way any more.
        if (m && m->ended() && ready(*m))
            loop.end(*m, now);
        if ((!m || (m->ended() && loop.ended())) && !loop.busy() && !loop.settling()) {
            it = m_matches.erase(it); // the match is over (or was never stored)
            continue;
        }
        if (m && !m->ended() && ready(*m)) {
            const std::string matchId = it->first;
            it->second.pass(
                *m,
                now,
                [&](const std::string &playerId,
                    const engine::ToolCall &call,
                    std::uint64_t ticket) {
                    const engine::Player *p = m->player(playerId);
                    auto task = m_send(p->agentId, p->displayName, call);
                    QPointer<QObject> alive(m_context);
                    task.then([this, alive, matchId, playerId, call, ticket](
                                  const mcp::ToolResult &r) {
                        if (!alive)
                            return;
                        if (auto found = m_matches.find(matchId); found != m_matches.end())
                            found->second.resolved(
                                playerId,
                                call,
                                r.ok(),
                                r.ok() ? std::nullopt : std::optional(errorCodeOf(r.error().code)),
                                ticket,
                                r.ok() ? r.value() : nlohmann::json{{"error", r.error().toJson()}});
                        m_answered();
                    });
                    engine::SeatLoop::Sent later;
                    later.answered = false;
                    return later;
                });
        }
        ++it;
    }
}

std::optional<engine::TimeMs> SeatRunner::nextWake() const
{
    std::optional<engine::TimeMs> next;
    for (const auto &[id, loop] : m_matches)
        if (auto w = loop.nextWake(); w && (!next || *w < *next))
            next = w;
    return next;
}

std::size_t SeatRunner::size() const
{
    std::size_t n = 0;
    for (const auto &[id, loop] : m_matches)
        n += loop.size();
    return n;
}

} // namespace townhall::host
