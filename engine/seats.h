// SPDX-License-Identifier: MIT
#pragma once

/// \file seats.h
/// Seats and what plays them. A seat driver is told when its player has
/// something to do (the player's projection and the events it may see) and
/// acts only through tool calls, like any agent. The built-in bot is one
/// driver; an external MCP agent is a seat with no driver.
///
/// SeatLoop is the one loop that drives them. The simulator, the host and
/// the UI's demo feed all use it; they differ only in how a call is sent (at
/// once to the match, or through the host's tool layer, answered later).

#include "bot.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace townhall::engine {

class SeatDriver
{
public:
    virtual ~SeatDriver() = default;

    struct Step
    {
        std::optional<ToolCall> call; ///< what to send now, if anything
        std::optional<TimeMs> wakeAt; ///< when to be asked again (nullopt: on the next event)
    };

    /// The player has news, or the time it asked for has come. `view` is its
    /// get_state projection at `now`; `news` the events it may read that
    /// arrived since the last turn (the first turn brings all of them).
    virtual Step onTurn(const StateView &view, const std::vector<const Event *> &news, TimeMs now)
        = 0;
    /// How the last call ended: ok, or the error code the tool returned.
    virtual void onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error) = 0;
    /// The same with the tool's answer: its result (ok) or the error object
    /// the agent would read. A driver that reasons over what the tool said (a
    /// model reading get_state, or why a vote was refused) overrides this;
    /// the default forgets the body.
    virtual void
    onAnswer(const ToolCall &call, bool ok, std::optional<ErrorCode> error, const json &body)
    {
        (void)body;
        onResult(call, ok, error);
    }

    /// The match ended: the last turn of the driver's life, for every seat,
    /// alive or dead. `news` are the events it had not been shown yet.
    virtual void onEnded(const StateView &view, const std::vector<const Event *> &news, TimeMs now)
    {
        (void)view;
        (void)news;
        (void)now;
    }
    /// Work the driver still does after the match ended (a farewell request
    /// under way): its owner keeps it until this is false. It calls wakeUp()
    /// when the work is done.
    virtual bool settling() const { return false; }

    /// A driver that thinks elsewhere (a model behind a network call) answers
    /// a turn with no call, starts its work, and once it knows what to do
    /// asks for another turn through this (the loop's owner sets it); that
    /// turn returns the call. It may be called from the driver's own
    /// callbacks, never from inside onTurn.
    void setWakeUp(std::function<void()> wakeUp) { m_wakeUp = std::move(wakeUp); }

protected:
    void wakeUp() const
    {
        if (m_wakeUp)
            m_wakeUp();
    }

private:
    std::function<void()> m_wakeUp;
};

/// The built-in bot (bot.h) as a seat driver.
class BotDriver final : public SeatDriver
{
public:
    BotDriver(std::string playerId, std::uint64_t seed)
        : m_bot(std::move(playerId), seed)
    {}
    Step onTurn(const StateView &view, const std::vector<const Event *> &news, TimeMs now) override;
    void onResult(const ToolCall &call, bool ok, std::optional<ErrorCode> error) override;

private:
    Bot m_bot;
};

/// The driven seats of one match.
class SeatLoop
{
public:
    /// What became of a call the loop handed out.
    struct Sent
    {
        /// False: the answer comes later, through resolved(); until then the
        /// seat is busy and not asked again.
        bool answered = true;
        bool ok = false;
        std::optional<ErrorCode> error;
        /// The tool's answer (SeatDriver::onAnswer); null when the sender has none.
        json body;
        /// End this pass after this call (a caller that shows one action at a time).
        bool stop = false;
    };
    /// `ticket` identifies the call to resolved().
    using Send = std::function<Sent(
        const std::string &playerId, const ToolCall &call, std::uint64_t ticket)>;

    /// Seats `driver` for `playerId`, first asked at `firstTurn` (or at the next event).
    void seat(const std::string &playerId,
              std::unique_ptr<SeatDriver> driver,
              std::optional<TimeMs> firstTurn = std::nullopt);
    /// Hands a seat to another driver mid-match (a stalled seat to a bot).
    /// The new driver is asked at `now` and reads from the match's first
    /// event; an answer still owed to the old driver is dropped.
    bool replace(const std::string &playerId, std::unique_ptr<SeatDriver> driver, TimeMs now);
    /// Takes the driver off a seat (the seat is then played from outside).
    bool unseat(const std::string &playerId);
    /// Gives a seat a turn at `now` (its driver asked for one: SeatDriver::setWakeUp).
    bool wake(const std::string &playerId, TimeMs now);

    bool has(const std::string &playerId) const { return find(playerId) != nullptr; }
    bool empty() const { return m_seats.empty(); }
    std::size_t size() const { return m_seats.size(); }
    /// Whether any seat waits for an answer.
    bool busy() const;

    /// One pass in seat order: each idle seat with news or a due turn gets
    /// its turn, and a call it makes is sent before the next seat's turn (so
    /// that seat sees it). Seats of the dead are skipped, except the last
    /// words of the player just voted out and a dead hunter's shot. Returns whether any call was
    /// sent. Stops early when the match ends or a Sent says `stop`.
    bool pass(const Match &match, TimeMs now, const Send &send);
    /// The answer to a call whose Sent was not `answered`, with the tool's
    /// answer when the caller has it. An answer for a replaced driver or an
    /// older call is dropped.
    void resolved(const std::string &playerId,
                  const ToolCall &call,
                  bool ok,
                  std::optional<ErrorCode> error,
                  std::uint64_t ticket,
                  const json &body = nullptr);

    /// Once the match ended: gives every seat its last turn
    /// (SeatDriver::onEnded), once. Returns whether it did so now.
    bool end(const Match &match, TimeMs now);
    /// Whether a driver still works after the end (SeatDriver::settling).
    bool settling() const;
    /// end() ran.
    bool ended() const { return m_ended; }

    /// The earliest time an idle seat asked to be woken at (later than
    /// `after` when given).
    std::optional<TimeMs> nextWake(std::optional<TimeMs> after = std::nullopt) const;

private:
    struct Seat
    {
        std::string playerId;
        std::unique_ptr<SeatDriver> driver;
        std::uint64_t cursor = 0; ///< the last seq this driver was shown
        std::optional<TimeMs> wakeAt;
        bool busy = false;
        std::uint64_t ticket = 0; ///< changes with every call and every new driver
        StateView view;           ///< reused between turns (stateViewInto)
    };
    Seat *find(const std::string &playerId);
    const Seat *find(const std::string &playerId) const;

    std::vector<std::unique_ptr<Seat>> m_seats;
    std::uint64_t m_tickets = 0;
    bool m_ended = false;
};

} // namespace townhall::engine
