// SPDX-License-Identifier: MIT
#pragma once

/// \file humanseat.h
/// A seat played by a person (the desktop app's player panel or a phone's
/// page, docs/players.md). The person acts through the same tools as any
/// agent: what they send waits in the seat's state until the seat loop gives
/// the seat its next turn, and then goes out as that turn's tool call, on the
/// one recorded path every driven seat uses. The tool's answer comes back to
/// the seat's state, for the person's page.
///
/// People are slow: when a turn's deadline is near and the person has sent
/// nothing, the built-in bot (the stand-in, as for model seats) plays that
/// turn. After HumanSeatOptions::maxMissedInARow such turns in a row the
/// stand-in keeps the seat until the person acts again; any action they send
/// takes the seat back. The stand-in's turns are notes of the seat's log
/// (PilotLog, the model seats' STAND-IN and HAND-OVER notes).

#include "engine/seats.h"
#include "host/seats/pilot.h"
#include "host/seats/standin.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace townhall::host {

/// What the person's side (HumanSeats) and the seat's driver share. It
/// outlives the driver: the page may still read it after the match.
struct HumanSeatState
{
    /// A person's action, ready to be sent.
    struct Action
    {
        std::string id;   ///< the client's id (also the idempotency key)
        std::string tool; ///< as the person named it ("match.vote")
        engine::ToolCall call;
    };

    std::string agentId;
    std::string matchId;  ///< empty while the seat waits in the queue
    std::string playerId; ///< empty while the seat waits in the queue
    QString name;
    bool local = false;
    bool connected = false;
    bool standIn = false; ///< the stand-in keeps the seat
    int missedInARow = 0;
    int standInTurns = 0;
    nlohmann::json answer;         ///< null, or the answer to the person's last action
    std::optional<Action> pending; ///< sent on the seat's next turn
    std::shared_ptr<PilotLog> log = std::make_shared<PilotLog>();
    /// Set by the driver while it plays the seat: asks the seat loop for a turn.
    std::function<void()> wake;
    /// Something the document shows changed (set by HumanSeats).
    std::function<void()> changed;
    /// A note was added to the log (set by the roster, which stores it).
    std::function<void()> noted;

    void notify() const
    {
        if (changed)
            changed();
    }
};

struct HumanSeatOptions
{
    /// Turns in a row the person let pass, after which the stand-in keeps the seat.
    int maxMissedInARow = 3;
    /// The stand-in plays a turn this long before its deadline (never more
    /// than a quarter of what is left when the turn is first seen).
    std::chrono::milliseconds standInMargin{1500};
    std::uint64_t standInSeed = 1;
    /// The match as committed (null once gone), for the stand-in's events.
    std::function<const engine::Match *()> match;
};

class HumanSeat final : public engine::SeatDriver
{
public:
    HumanSeat(std::shared_ptr<HumanSeatState> state, HumanSeatOptions options);
    ~HumanSeat() override;
    HumanSeat(const HumanSeat &) = delete;
    HumanSeat &operator=(const HumanSeat &) = delete;

    Step onTurn(const engine::StateView &view,
                const std::vector<const engine::Event *> &news,
                engine::TimeMs now) override;
    void onResult(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error) override;
    void onAnswer(const engine::ToolCall &call,
                  bool ok,
                  std::optional<engine::ErrorCode> error,
                  const nlohmann::json &body) override;

    const HumanSeatState &state() const { return *m_state; }

private:
    /// One thing the match asks of the player: in which phase of which day
    /// and night, and what.
    struct Key
    {
        engine::Phase phase = engine::Phase::Lobby;
        int day = 0;
        int night = 0;
        engine::ActionType type = engine::ActionType::None;
        bool ready = false; ///< the lobby's ready
        bool operator==(const Key &) const = default;
        bool none() const { return !ready && type == engine::ActionType::None; }
    };
    enum class Outstanding { None, Person, StandIn };

    static Key keyOf(const engine::StateView &view);
    Step standInTurn(const engine::StateView &view, engine::TimeMs now);
    void standInTakes(const Key &key, const engine::StateView &view);
    QString standInWork(const Key &key) const;

    std::shared_ptr<HumanSeatState> m_state;
    HumanSeatOptions m_options;
    StandInBot m_standIn;
    std::optional<Key> m_standInKey; ///< the stand-in plays this turn
    std::optional<Key> m_guardKey;   ///< the turn whose stand-in time is m_guardAt
    engine::TimeMs m_guardAt = 0;
    std::optional<Key> m_actedKey; ///< the person sent something during this turn
    Outstanding m_outstanding = Outstanding::None;
    std::optional<HumanSeatState::Action> m_sent; ///< the person's action awaiting its answer
};

} // namespace townhall::host
