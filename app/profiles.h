// SPDX-License-Identifier: MIT
#pragma once

/// \file profiles.h
/// The provider profiles of the desktop app: where each model seat's model
/// lives. The profiles are kept in the app's settings as JSON without their
/// keys (ProviderProfile::toJson); a key typed in the profiles dialog goes to
/// the system keychain, and a profile may name an environment variable
/// instead.

#include "host/providers/keysource.h"
#include "host/providers/providerprofile.h"

#include <QCoreApplication>
#include <QSettings>

#include <memory>
#include <vector>

namespace townhall::app {

using host::providers::ProviderProfile;

class ProfileStore
{
public:
    /// Reads and writes `settings` (the app's own, or a test's file).
    explicit ProfileStore(QSettings &settings)
        : m_settings(settings)
    {}

    /// The stored profiles, in the order they were saved. A broken entry is
    /// skipped and reported in `problems`.
    std::vector<ProviderProfile> load(QStringList *problems = nullptr) const;
    void save(const std::vector<ProviderProfile> &profiles);

private:
    QSettings &m_settings;
};

/// Whether `baseUrl` names a server on this machine or on the local network
/// (Ollama, llama.cpp, LM Studio…): such servers usually need no key.
bool isLocalServer(const QString &baseUrl);

/// Keys for the desktop app: from `inner` (the system keychain, or the
/// variable the profile names), with what went wrong said in the words of
/// the app's dialogs ("API key", "Key variable"), never the file's
/// (apiKeyEnv). A keychain that cannot be read is no problem for a profile
/// of a local server that names no key variable: it needs no key.
class AppKeySource final : public host::providers::KeySource
{
    Q_DECLARE_TR_FUNCTIONS(AppKeySource)

public:
    explicit AppKeySource(std::shared_ptr<host::providers::KeySource> inner)
        : m_inner(std::move(inner))
    {}

    QCoro::Task<host::providers::KeyLookup> lookup(const ProviderProfile &profile) override;

    /// What to tell the user when the keychain could not keep the key of
    /// profile `name`.
    static QString notKept(const QString &name);

private:
    std::shared_ptr<host::providers::KeySource> m_inner;
};

} // namespace townhall::app
