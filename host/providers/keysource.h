// SPDX-License-Identifier: MIT
#pragma once

/// \file keysource.h
/// Where API keys come from. A profile names its key (apiKeyEnv); a KeySource
/// turns the name into the key when a seat needs it. The lookup is a
/// coroutine because a keychain (QtKeychain) answers asynchronously; the
/// environment answers at once.

#include "host/providers/providerprofile.h"

#include <QCoro/QCoroTask>

namespace townhall::host::providers {

/// A key, or why there is none. `problem` never contains the key.
struct KeyLookup
{
    QString key;
    QString problem; ///< empty when a key was found or none is needed
};

class KeySource
{
public:
    virtual ~KeySource() = default;

    /// The key for the profile. A profile that names no key gets an empty
    /// key and no problem: local servers (Ollama, llama.cpp) need none.
    virtual QCoro::Task<KeyLookup> lookup(const ProviderProfile &profile) = 0;

    /// Looks the key up and stores it in `profile.apiKey`; returns the problem, if any.
    QCoro::Task<QString> fill(ProviderProfile &profile);
};

/// Keys from environment variables: `apiKeyEnv` names the variable.
class EnvironmentKeySource final : public KeySource
{
public:
    QCoro::Task<KeyLookup> lookup(const ProviderProfile &profile) override;

    /// The same answer without a coroutine, for code that has no event loop
    /// running yet (the seats file's warnings).
    static KeyLookup lookupNow(const ProviderProfile &profile);
};

} // namespace townhall::host::providers
