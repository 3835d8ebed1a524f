// SPDX-License-Identifier: MIT
#pragma once

/// \file profiles.h
/// The provider profiles of the desktop app: where each model seat's model
/// lives. The profiles are kept in the app's settings as JSON without their
/// keys (ProviderProfile::toJson); a key typed in the profiles dialog goes to
/// the system keychain, and a profile may name an environment variable
/// instead.

#include "host/providers/providerprofile.h"

#include <QSettings>

#include <vector>

namespace townhall::app {

using host::providers::ProviderProfile;

class ProfileStore
{
public:
    /// Reads and writes `settings` (the app's own, or a test's file).
    explicit ProfileStore(QSettings &settings) : m_settings(settings) {}

    /// The stored profiles, in the order they were saved. A broken entry is
    /// skipped and reported in `problems`.
    std::vector<ProviderProfile> load(QStringList *problems = nullptr) const;
    void save(const std::vector<ProviderProfile> &profiles);

private:
    QSettings &m_settings;
};

} // namespace townhall::app
