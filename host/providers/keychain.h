// SPDX-License-Identifier: MIT
#pragma once

/// \file keychain.h
/// API keys in the system keychain (QtKeychain: the Secret Service, KWallet,
/// macOS Keychain or the Windows credential store), under the service
/// "Town Hall" and the account "provider/<profile name>". A profile that
/// names an environment variable (apiKeyEnv) takes its key from there
/// instead. Where no keychain service runs (a headless server, CI) the
/// lookup says so in words, so the host can tell the user to use an
/// environment variable; it never fails silently and never hangs.

#include "host/providers/keysource.h"

#include <chrono>

namespace townhall::host::providers {

class KeychainKeySource final : public KeySource
{
public:
    explicit KeychainKeySource(std::chrono::milliseconds timeout = std::chrono::seconds(5))
        : m_timeout(timeout)
    {}

    QCoro::Task<KeyLookup> lookup(const ProviderProfile &profile) override;

    /// Stores `key` for the profile named `profileName`; the problem, if any.
    QCoro::Task<QString> store(const QString &profileName, const QString &key);
    /// Forgets the profile's key; the problem, if any (a missing entry is none).
    QCoro::Task<QString> remove(const QString &profileName);

    static QString service() { return QStringLiteral("Town Hall"); }
    static QString account(const QString &profileName)
    {
        return QStringLiteral("provider/") + profileName;
    }

private:
    std::chrono::milliseconds m_timeout;
};

} // namespace townhall::host::providers
