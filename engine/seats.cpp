// SPDX-License-Identifier: MIT
#include "seats.h"

#include <algorithm>

namespace townhall::engine {

SeatDriver::Step
BotDriver::onTurn(const StateView &view, const std::vector<const Event *> &news, TimeMs now)
{
    Bot::Step s = m_bot.step(view, news, now);
    return Step{std::move(s.call), s.wakeAt};
}

void BotDriver::onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error)
{
    m_bot.onResult(call, ok, error);
}

SeatLoop::Seat *SeatLoop::find(const std::string &playerId)
{
    for (auto &s : m_seats)
        if (s->playerId == playerId)
            return s.get();
    return nullptr;
}

const SeatLoop::Seat *SeatLoop::find(const std::string &playerId) const
{
    return const_cast<SeatLoop *>(this)->find(playerId);
}

void SeatLoop::seat(const std::string &playerId,
                    std::unique_ptr<SeatDriver> driver,
                    std::optional<TimeMs> firstTurn)
{
    if (Seat *s = find(playerId)) {
        s->driver = std::move(driver);
        s->wakeAt = firstTurn;
        return;
    }
    auto s = std::make_unique<Seat>();
    s->playerId = playerId;
    s->driver = std::move(driver);
    s->wakeAt = firstTurn;
    s->ticket = ++m_tickets;
    m_seats.push_back(std::move(s));
}

bool SeatLoop::replace(const std::string &playerId, std::unique_ptr<SeatDriver> driver, TimeMs now)
{
    Seat *s = find(playerId);
    if (!s)
        return false;
    s->driver = std::move(driver);
    s->cursor = 0; // the new driver has seen nothing yet
    s->wakeAt = now;
    s->busy = false;
    s->ticket = ++m_tickets; // the old driver's answer no longer fits
    return true;
}

bool SeatLoop::unseat(const std::string &playerId)
{
    const auto it
        = std::find_if(m_seats.begin(), m_seats.end(), [&](const std::unique_ptr<Seat> &s) {
              return s->playerId == playerId;
          });
    if (it == m_seats.end())
        return false;
    m_seats.erase(it);
    return true;
}

bool SeatLoop::wake(const std::string &playerId, TimeMs now)
{
    Seat *s = find(playerId);
    if (!s)
        return false;
    if (!s->wakeAt || *s->wakeAt > now)
        s->wakeAt = now;
    return true;
}

bool SeatLoop::busy() const
{
    return std::any_of(
        m_seats.begin(), m_seats.end(), [](const std::unique_ptr<Seat> &s) { return s->busy; });
}

bool SeatLoop::pass(const Match &match, TimeMs now, const Send &send)
{
    StateOptions opts;
    opts.includeTranscriptSummary = false;
    bool acted = false;
    // By index: a send may seat or unseat drivers (the seat is then looked up again).
    for (std::size_t i = 0; i < m_seats.size() && !match.ended(); ++i) {
        Seat &s = *m_seats[i];
        if (s.busy)
            continue;
        // The dead have nothing to do, except last words after the vote and
        // a dead hunter's shot.
        const Player *me = match.player(s.playerId);
        const MatchState &st = match.state();
        if (!me
            || (!me->alive
                && !(st.phase == Phase::DayResolution && st.lastEliminated == me->playerId)
                && !(st.phase == Phase::HunterShot && st.hunterPending == me->playerId)))
            continue;
        const bool hasNews = match.state().lastSeq > s.cursor;
        const bool due = s.wakeAt && *s.wakeAt <= now;
        if (!hasNews && !due)
            continue;
        const Viewer viewer = Viewer::forPlayer(s.playerId);
        const auto news = visibleEvents(match, viewer, s.cursor, static_cast<std::size_t>(-1));
        s.cursor = match.state().lastSeq;
        stateViewInto(s.view, match, viewer, opts);
        SeatDriver::Step step = s.driver->onTurn(s.view, news, now);
        s.wakeAt = step.wakeAt;
        if (!step.call)
            continue;
        const std::string playerId = s.playerId;
        const std::uint64_t ticket = s.ticket = ++m_tickets;
        s.busy = true;
        const Sent sent = send(playerId, *step.call, ticket);
        acted = true;
        if (sent.answered)
            resolved(playerId, *step.call, sent.ok, sent.error, ticket, sent.body);
        if (sent.stop)
            break;
    }
    return acted;
}

void SeatLoop::resolved(const std::string &playerId,
                        const ToolCall &call,
                        bool ok,
                        std::optional<ErrorCode> error,
                        std::uint64_t ticket,
                        const json &body)
{
    Seat *s = find(playerId);
    if (!s || s->ticket != ticket || !s->busy)
        return;
    s->busy = false;
    s->driver->onAnswer(call, ok, error, body);
}

bool SeatLoop::end(const Match &match, TimeMs now)
{
    if (m_ended || !match.ended())
        return false;
    m_ended = true;
    StateOptions opts;
    opts.includeTranscriptSummary = false;
    for (std::size_t i = 0; i < m_seats.size(); ++i) {
        Seat &s = *m_seats[i];
        const Viewer viewer = Viewer::forPlayer(s.playerId);
        const auto news = visibleEvents(match, viewer, s.cursor, static_cast<std::size_t>(-1));
        s.cursor = match.state().lastSeq;
        stateViewInto(s.view, match, viewer, opts);
        s.driver->onEnded(s.view, news, now);
    }
    return true;
}

bool SeatLoop::settling() const
{
    return std::any_of(m_seats.begin(), m_seats.end(), [](const std::unique_ptr<Seat> &s) {
        return s->driver->settling();
    });
}

std::optional<TimeMs> SeatLoop::nextWake(std::optional<TimeMs> after) const
{
    std::optional<TimeMs> next;
    for (const auto &s : m_seats)
        if (!s->busy && s->wakeAt && (!after || *s->wakeAt > *after)
            && (!next || *s->wakeAt < *next))
            next = s->wakeAt;
    return next;
}

} // namespace townhall::engine
