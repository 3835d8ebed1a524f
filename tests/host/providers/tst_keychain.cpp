// SPDX-License-Identifier: MIT
// Keys from the system keychain (host/providers/keychain.h). CTest runs this
// with a session bus address that leads nowhere, as on a headless server:
// the lookup must then say in words that there is no keychain and what to
// do instead, within its timeout, and a profile that names an environment
// variable must get its key from there without asking the keychain. Where
// a keychain does answer (a developer's desktop), a key is stored, read
// back and forgotten.

#include "host/providers/keychain.h"

#include <QCoro/QCoroTask>
#include <QElapsedTimer>
#include <QtTest>

using namespace townhall::host::providers;

class TestKeychain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void anEnvironmentVariableWins()
    {
        qputenv("TOWNHALL_TEST_KEY", "sk-from-env");
        ProviderProfile p;
        p.name = QStringLiteral("hosted");
        p.apiKeyEnv = QStringLiteral("TOWNHALL_TEST_KEY");
        KeychainKeySource source(std::chrono::milliseconds(2000));
        const KeyLookup found = QCoro::waitFor(source.lookup(p));
        QCOMPARE(found.key, QStringLiteral("sk-from-env"));
        QVERIFY(found.problem.isEmpty());
        qunsetenv("TOWNHALL_TEST_KEY");
        const KeyLookup unset = QCoro::waitFor(source.lookup(p));
        QVERIFY(unset.key.isEmpty());
        QVERIFY2(unset.problem.contains(QStringLiteral("TOWNHALL_TEST_KEY")),
                 qPrintable(unset.problem));
    }

    void withoutAKeychainItSaysWhatToDo()
    {
        KeychainKeySource source(std::chrono::milliseconds(3000));
        const QString profile
            = QStringLiteral("tst-keychain-%1").arg(QCoreApplication::applicationPid());
        QElapsedTimer clock;
        clock.start();
        const QString stored
            = QCoro::waitFor(source.store(profile, QStringLiteral("sk-secret-123")));
        QVERIFY(clock.elapsed() < 10'000); // never hangs
        QVERIFY2(!stored.contains(QStringLiteral("sk-secret-123")), qPrintable(stored));
        ProviderProfile p;
        p.name = profile;
        if (stored.isEmpty()) {
            // A keychain answered: the key comes back, and goes.
            const KeyLookup found = QCoro::waitFor(source.lookup(p));
            QCOMPARE(found.key, QStringLiteral("sk-secret-123"));
            QVERIFY(QCoro::waitFor(source.remove(profile)).isEmpty());
            const KeyLookup gone = QCoro::waitFor(source.lookup(p));
            QVERIFY(gone.key.isEmpty());
            QVERIFY(
                gone.problem.isEmpty()); // no key stored is not a problem: local servers need none
            return;
        }
        QVERIFY2(stored.contains(QStringLiteral("apiKeyEnv")), qPrintable(stored));
        const KeyLookup found = QCoro::waitFor(source.lookup(p));
        QVERIFY(found.key.isEmpty());
        QVERIFY2(found.problem.contains(QStringLiteral("no system keychain")),
                 qPrintable(found.problem));
        QVERIFY2(found.problem.contains(QStringLiteral("environment variable")),
                 qPrintable(found.problem));
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
