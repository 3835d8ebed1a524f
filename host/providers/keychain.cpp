// SPDX-License-Identifier: MIT
#include "host/providers/keychain.h"

#include "host/providers/providerstr.h"

#include <QCoreApplication>
#include <QCoro/QCoroFuture>
#include <QPromise>
#include <QTimer>
#include <qt6keychain/keychain.h>

#include <memory>
#include <utility>

namespace townhall::host::providers {

namespace {

/// What a keychain job came to, copied out of it.
struct Outcome
{
    std::optional<QKeychain::Error> error = QKeychain::OtherError; ///< nothing: it worked
    QString errorString;
    QString text; ///< a read job's key
};

/// The job to run, as plain values: what run() makes in the main thread.
struct JobSpec
{
    enum class Kind { Read, Write, Delete };
    Kind kind = Kind::Read;
    QString key;  ///< the account
    QString text; ///< Write: the key to store
};

QKeychain::Job *makeJob(const JobSpec &spec)
{
    QKeychain::Job *job = nullptr;
    switch (spec.kind) {
    case JobSpec::Kind::Read:
        job = new QKeychain::ReadPasswordJob(KeychainKeySource::service());
        break;
    case JobSpec::Kind::Write: {
        auto *write = new QKeychain::WritePasswordJob(KeychainKeySource::service());
        write->setTextData(spec.text);
        job = write;
        break;
    }
    case JobSpec::Kind::Delete:
        job = new QKeychain::DeletePasswordJob(KeychainKeySource::service());
        break;
    }
    job->setKey(spec.key);
    return job;
}

/// Runs the job `spec` describes to its end (or the timeout) and returns
/// what it came to. QtKeychain runs every job through one executor object
/// that is not thread-safe and lives in the thread of the first job ever
/// started, and that executor still touches a job after reporting it
/// finished. So every job is made and run in the application's main
/// thread, never on a coroutine's frame: it is heap-allocated and deletes
/// itself (autoDelete) once it has reported, also when the caller stopped
/// waiting (the timeout) or is gone. The caller, in any thread, waits for a
/// future the main thread fulfils. (The spec is plain data: GCC 12 destroys
/// a lambda's std::function made in a co_await's operand twice.)
QCoro::Task<Outcome> run(JobSpec spec, std::chrono::milliseconds timeout)
{
    auto promise = std::make_shared<QPromise<void>>();
    auto outcome = std::make_shared<Outcome>();
    promise->start();
    const QFuture<void> done = promise->future();
    QObject *mainThread = QCoreApplication::instance();
    if (!mainThread)
        co_return *outcome; // no application, no event loop to run a job in
    QMetaObject::invokeMethod(
        mainThread,
        [spec, promise, outcome, timeout, mainThread] {
            auto settled = std::make_shared<bool>(false);
            QKeychain::Job *job = makeJob(spec);
            job->setAutoDelete(true);
            QObject::connect(job,
                             &QKeychain::Job::finished,
                             mainThread,
                             [promise, outcome, settled](QKeychain::Job *finished) {
                                 if (std::exchange(*settled, true))
                                     return;
                                 outcome->error = finished->error() == QKeychain::NoError
                                                      ? std::nullopt
                                                      : std::optional(finished->error());
                                 outcome->errorString = finished->errorString();
                                 if (auto *read
                                     = qobject_cast<QKeychain::ReadPasswordJob *>(finished))
                                     outcome->text = read->textData();
                                 promise->finish();
                             });
            // A keychain that does not answer is as good as none; the job
            // still ends (and deletes itself) whenever it does.
            QTimer::singleShot(timeout, mainThread, [promise, settled] {
                if (!std::exchange(*settled, true))
                    promise->finish();
            });
            job->start();
        },
        Qt::QueuedConnection);
    co_await qCoro(done).waitForFinished();
    co_return *outcome;
}

QString noService(const QString &detail)
{
    return ProvidersTr::
        tr("no system keychain is available (%1); put the key in an environment variable and name "
           "it in the profile's apiKeyEnv")
            .arg(detail);
}

} // namespace

QCoro::Task<KeyLookup> KeychainKeySource::lookup(const ProviderProfile &profile)
{
    if (!profile.apiKeyEnv.isEmpty())
        co_return EnvironmentKeySource::lookupNow(profile);
    const JobSpec spec{JobSpec::Kind::Read, account(profile.name), {}};
    const Outcome done = co_await run(spec, m_timeout);
    const auto &error = done.error;
    KeyLookup out;
    if (!error) {
        out.key = done.text;
    } else if (*error == QKeychain::EntryNotFound) {
        // No key stored: a local server needs none.
    } else if (*error == QKeychain::NoBackendAvailable || *error == QKeychain::OtherError) {
        out.problem = noService(done.errorString.isEmpty() ? ProvidersTr::tr("it did not answer")
                                                           : done.errorString);
    } else {
        out.problem = ProvidersTr::tr("the keychain refused to read the key of \"%1\": %2")
                          .arg(profile.name, done.errorString);
    }
    co_return out;
}

QCoro::Task<QString> KeychainKeySource::store(const QString &profileName, const QString &key)
{
    const JobSpec spec{JobSpec::Kind::Write, account(profileName), key};
    const Outcome done = co_await run(spec, m_timeout);
    const auto &error = done.error;
    if (!error)
        co_return QString();
    if (*error == QKeychain::NoBackendAvailable || *error == QKeychain::OtherError)
        co_return noService(done.errorString.isEmpty() ? ProvidersTr::tr("it did not answer")
                                                       : done.errorString);
    co_return ProvidersTr::tr("the keychain refused to store the key of \"%1\": %2")
        .arg(profileName, done.errorString);
}

QCoro::Task<QString> KeychainKeySource::remove(const QString &profileName)
{
    const JobSpec spec{JobSpec::Kind::Delete, account(profileName), {}};
    const Outcome done = co_await run(spec, m_timeout);
    const auto &error = done.error;
    if (!error || *error == QKeychain::EntryNotFound)
        co_return QString();
    if (*error == QKeychain::NoBackendAvailable || *error == QKeychain::OtherError)
        co_return noService(done.errorString.isEmpty() ? ProvidersTr::tr("it did not answer")
                                                       : done.errorString);
    co_return ProvidersTr::tr("the keychain refused to forget the key of \"%1\": %2")
        .arg(profileName, done.errorString);
}

} // namespace townhall::host::providers
