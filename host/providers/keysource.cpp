// SPDX-License-Identifier: MIT
#include "host/providers/keysource.h"

#include "host/providers/providerstr.h"

namespace townhall::host::providers {

QCoro::Task<QString> KeySource::fill(ProviderProfile &profile)
{
    KeyLookup found = co_await lookup(profile);
    profile.apiKey = std::move(found.key);
    co_return found.problem;
}

KeyLookup EnvironmentKeySource::lookupNow(const ProviderProfile &profile)
{
    if (profile.apiKeyEnv.isEmpty())
        return {};
    KeyLookup out;
    out.key = qEnvironmentVariable(profile.apiKeyEnv.toLocal8Bit().constData()).trimmed();
    if (out.key.isEmpty())
        out.problem
            = ProvidersTr::tr(
                  "the environment variable %1 is not set; requests to \"%2\" go without a key")
                  .arg(profile.apiKeyEnv, profile.name);
    return out;
}

QCoro::Task<KeyLookup> EnvironmentKeySource::lookup(const ProviderProfile &profile)
{
    co_return lookupNow(profile);
}

} // namespace townhall::host::providers
