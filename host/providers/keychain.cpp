// SPDX-License-Identifier: MIT
#include "host/providers/keychain.h"

#include "host/providers/providerstr.h"

#include <QCoro/QCoroSignal>
#include <qt6keychain/keychain.h>

#include <memory>

namespace townhall::host::providers {

namespace {

/// Runs a keychain job to its end (or the timeout); its error, if any.
QCoro::Task<std::optional<QKeychain::Error>> run(QKeychain::Job &job, std::chrono::milliseconds timeout)
{
    job.setAutoDelete(false);
    job.start();
    const auto done = co_await qCoro(&job, &QKeychain::Job::finished, timeout);
    if (!done)
        co_return QKeychain::OtherError;  // a keychain that does not answer is as good as none
    if (job.error() == QKeychain::NoError)
        co_return std::nullopt;
    co_return job.error();
}

QString noService(const QString &detail)
{
    return ProvidersTr::tr("no system keychain is available (%1); put the key in an environment variable and name "
                           "it in the profile's apiKeyEnv")
        .arg(detail);
}

} // namespace

QCoro::Task<KeyLookup> KeychainKeySource::lookup(const ProviderProfile &profile)
{
    if (!profile.apiKeyEnv.isEmpty())
        co_return EnvironmentKeySource::lookupNow(profile);
    QKeychain::ReadPasswordJob job(service());
    job.setKey(account(profile.name));
    const auto error = co_await run(job, m_timeout);
    KeyLookup out;
    if (!error) {
        out.key = job.textData();
    } else if (*error == QKeychain::EntryNotFound) {
        // No key stored: a local server needs none.
    } else if (*error == QKeychain::NoBackendAvailable || *error == QKeychain::OtherError) {
        out.problem = noService(job.errorString().isEmpty() ? ProvidersTr::tr("it did not answer") : job.errorString());
    } else {
        out.problem = ProvidersTr::tr("the keychain refused to read the key of \"%1\": %2")
                          .arg(profile.name, job.errorString());
    }
    co_return out;
}

QCoro::Task<QString> KeychainKeySource::store(const QString &profileName, const QString &key)
{
    QKeychain::WritePasswordJob job(service());
    job.setKey(account(profileName));
    job.setTextData(key);
    const auto error = co_await run(job, m_timeout);
    if (!error)
        co_return QString();
    if (*error == QKeychain::NoBackendAvailable || *error == QKeychain::OtherError)
        co_return noService(job.errorString().isEmpty() ? ProvidersTr::tr("it did not answer") : job.errorString());
    co_return ProvidersTr::tr("the keychain refused to store the key of \"%1\": %2").arg(profileName, job.errorString());
}

QCoro::Task<QString> KeychainKeySource::remove(const QString &profileName)
{
    QKeychain::DeletePasswordJob job(service());
    job.setKey(account(profileName));
    const auto error = co_await run(job, m_timeout);
    if (!error || *error == QKeychain::EntryNotFound)
        co_return QString();
    if (*error == QKeychain::NoBackendAvailable || *error == QKeychain::OtherError)
        co_return noService(job.errorString().isEmpty() ? ProvidersTr::tr("it did not answer") : job.errorString());
    co_return ProvidersTr::tr("the keychain refused to forget the key of \"%1\": %2")
        .arg(profileName, job.errorString());
}

} // namespace townhall::host::providers
