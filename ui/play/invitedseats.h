// SPDX-License-Identifier: MIT
#pragma once

/// \file invitedseats.h
/// What Match → Invite players… shows, as the host sends it through HostLink
/// (plain values, safe to pass between threads): where the players' listener
/// serves the seats' pages, and the seats offered to people on other devices.

#include <QList>
#include <QMetaType>
#include <QString>

namespace townhall::ui {

/// The players' listener (docs/players.md): it serves the seats' pages and
/// nothing else.
struct PlayersListener
{
    QString address; ///< what it listens on ("192.168.1.20"); empty while it does not
    int port = 0;
    QString problem; ///< why it does not listen (already translated), else empty
    /// This machine's address on the local network (the host's
    /// PlayersServer::lanAddress): where phones reach it.
    QString lanAddress;

    bool listening() const { return port > 0; }
    friend bool operator==(const PlayersListener &, const PlayersListener &) = default;
};

/// One seat the app offered to a person on another device.
struct InvitedSeat
{
    QString code;           ///< the seat's join code, its only credential
    QString name;           ///< the seat's display name
    QString joinUrl;        ///< http://HOST:PORT/play/CODE; empty while nothing listens
    QString matchId;        ///< empty while the seat waits in the queue
    QString playerId;       ///< "p:N" once a match took it
    bool connected = false; ///< the person's page is open
    bool standIn = false;   ///< the built-in stand-in keeps the seat
    bool revoked = false;   ///< the code opens nothing any more

    friend bool operator==(const InvitedSeat &, const InvitedSeat &) = default;
};
using InvitedSeats = QList<InvitedSeat>;

} // namespace townhall::ui

Q_DECLARE_METATYPE(townhall::ui::PlayersListener)
Q_DECLARE_METATYPE(townhall::ui::InvitedSeats)
