// SPDX-License-Identifier: MIT
#pragma once

/// \file seatsfile.h
/// The seats file of `townhall --headless --seats FILE.json`: named
/// providers and up to eight seats, each a model (a provider, optionally
/// another model and a persona) or a built-in bot.
///
/// \code{.json}
/// {"providers": {"local": {"kind": "openai", "baseUrl": "http://localhost:11434/v1",
///                          "model": "qwen3:8b", "apiKeyEnv": "OLLAMA_KEY"}},
///  "seats": [{"name": "Ada", "provider": "local", "model": "llama3.2", "persona": "Speaks in
///  riddles."},
///            {"name": "Cora", "bot": true},
///            {"name": "Eve", "push": {"url": "http://127.0.0.1:9000/", "token": "…", "deadlineMs":
///            8000}}]}
/// \endcode
///
/// A push seat is an agent Town Hall calls (seed 002's protocol, see
/// docs/push-agents.md); its token is a secret and goes nowhere but the
/// Authorization header of those calls.

#include "host/providers/providerprofile.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace townhall::host::providers {

/// Where a push agent listens (host/seats/pushseat.h's PushEndpoint, kept apart
/// so this layer needs no host).
struct PushSpec
{
    QString url;   ///< http:// or https://
    QString token; ///< optional; sent as "Authorization: Bearer …"
    int deadlineMs = 8000;
};

/// A seat played by a person (host/seats/humanseats.h): from a join link,
/// or, when local, from the desktop app's own player panel ("Me").
struct HumanSpec
{
    bool local = false;
};

struct SeatSpec
{
    QString name;
    bool bot = false;
    QString provider;             ///< a key of SeatsFile::providers; empty for a bot
    QString model;                ///< overrides the provider's model when set
    QString persona;              ///< one line added to the seat's system prompt
    std::optional<PushSpec> push; ///< set: a push agent plays the seat
    /// set: a person plays the seat (a default, so aggregate initializers that
    /// predate it stay complete)
    std::optional<HumanSpec> human = std::nullopt;
};

struct SeatsFile
{
    /// The largest table (seed 002's twelve); the queue that seats a file
    /// checks it against its own table size.
    static constexpr int MaxSeats = 12;
    /// A file of twelve seats and their providers is a few KiB; one past
    /// this is refused before it is read whole (`--seats /dev/zero`).
    static constexpr qint64 MaxFileBytes = 1024 * 1024;

    std::map<QString, ProviderProfile> providers;
    std::vector<SeatSpec> seats;

    /// The provider's profile with the seat's model override; nullopt for a bot.
    std::optional<ProviderProfile> profileFor(const SeatSpec &seat) const;
};

/// Every problem is reported, not just the first, each as "key.path: reason"
/// ("seats[2].provider: unknown provider \"cloud\" (known: local)").
/// Warnings (an unset apiKeyEnv, an unknown key) do not stop a match.
struct SeatsFileParse
{
    std::optional<SeatsFile> file; ///< set exactly when errors is empty
    QStringList errors;
    QStringList warnings;

    bool ok() const { return errors.isEmpty(); }
};

SeatsFileParse parseSeatsFile(const QByteArray &text);
/// Reads and parses; a file that cannot be read, or is larger than
/// SeatsFile::MaxFileBytes, is one error naming it.
SeatsFileParse readSeatsFile(const QString &path);

} // namespace townhall::host::providers
