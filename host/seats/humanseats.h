// SPDX-License-Identifier: MIT
#pragma once

/// \file humanseats.h
/// The human seats of a host (docs/players.md): each seat's join code, its
/// player document and the way in for the person's actions. The players
/// listener (host/players/) and the desktop app's player panel both use it;
/// neither reads the match itself.
///
/// A join code is the seat's only credential: 128 bits from the system's
/// CSPRNG, base64url, one per seat, revocable. The document is built from
/// the engine's player projection alone (get_state for that player, its
/// phase brief and the events it may read), so it never holds what the seat
/// may not know (engine::playerDocumentContents, which the app's tests use
/// too).

#include "engine/lobby.h"
#include "engine/playerdocument.h"
#include "engine/projection.h"
#include "host/seats/humanseat.h"

#include <nlohmann/json.hpp>

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace townhall::host {

class HumanSeats final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HumanSeats)

public:
    struct Info
    {
        QString code;
        QString matchId;
        QString playerId;
        QString name;
        bool local = false;
    };

    /// An action larger than this is refused unread (a speech is at most a
    /// few hundred characters).
    static constexpr qsizetype MaxActionBytes = 16 * 1024;

    /// What the hub needs of its host: its matches, whether a match's events
    /// are all committed (documents show only what is), and the clock.
    struct Wiring
    {
        std::function<const engine::Match *(const std::string &matchId)> match;
        std::function<bool(const engine::Match &)> settled;
        std::function<engine::TimeMs()> clock;
    };
    explicit HumanSeats(Wiring wiring, QObject *parent = nullptr);
    ~HumanSeats() override;

    QList<Info> seats() const;
    /// Compact JSON (docs/players.md); empty if no such seat.
    QByteArray document(const QString &code) const;
    /// A person's action: {"id", "tool", "arguments"}. A refusal is the
    /// document's "answer".
    void act(const QString &code, const QByteArray &action);
    /// A page or panel (dis)connected.
    void attach(const QString &code, bool attached);
    /// The code no longer opens the seat (the stand-in plays it from then on).
    void revoke(const QString &code);

    // ---- the host's side ----
    /// A new human seat waiting for a match: its agent id ("human:N:NAME").
    std::string add(const QString &name, bool local);
    /// The queue refused it.
    void drop(const std::string &agentId);
    /// The seat's code, empty when there is none (revoked, or not a human seat).
    QString codeOf(const std::string &agentId) const;
    /// The driver for a human seat a match took, or null (an unknown agent).
    /// `noted` runs after each note of the seat's log (a stand-in turn).
    std::unique_ptr<HumanSeat>
    driverFor(const engine::Match &m, const engine::Player &p, std::function<void()> noted = {});
    /// The seat's shared state, for the roster (its stand-in log) and tests.
    std::shared_ptr<const HumanSeatState> state(const std::string &agentId) const;
    /// Something changed in a match: the documents of its seats are rebuilt
    /// (once all its events are committed) and sent where they differ.
    void matchChanged(const std::string &matchId);
    /// A commit ended: documents held back while their match had events not
    /// yet committed are rebuilt now that it has none.
    void refresh();

    /// The number N of a seat the host knew before a restart
    /// ("human:N:NAME"): new seats are numbered after it, so none takes the
    /// id of a seat that plays on in a resumed match.
    void numberTaken(int n) { m_counter = std::max(m_counter, n); }

    /// 128 random bits from the system's CSPRNG, base64url without padding.
    static QString newCode();

Q_SIGNALS:
    void seatsChanged();
    void documentChanged(const QString &code, const QByteArray &document);

private:
    struct Seat
    {
        QString code;
        std::shared_ptr<HumanSeatState> state;
        QByteArray document;        ///< the last one built, with its serverTime
        std::string contents;       ///< the same without serverTime (to see changes)
        std::uint64_t builtSeq = 0; ///< the match's last event when it was built
        bool held = false;          ///< a rebuild waits for the match's events to be committed
    };
    Seat *findCode(const QString &code);
    const Seat *findCode(const QString &code) const;
    void rebuild(Seat &seat, bool force);
    void answerNow(Seat &seat,
                   const std::string &id,
                   const std::string &tool,
                   const char *code,
                   const std::string &message);

    Wiring m_wiring;
    int m_counter = 0;
    std::map<std::string, Seat> m_seats; // agentId → seat

public:
    /// The person of seat `from` plays seat `to` next (a tournament's next
    /// match): `to` takes `from`'s code, so the page or panel that holds it
    /// follows without a new link, with whether it is attached and whether
    /// the stand-in keeps the seat; `from` keeps no code. False (nothing
    /// changed) when either is unknown or `from` has no code (revoked).
    bool moveCode(const std::string &from, const std::string &to);
};

} // namespace townhall::host
