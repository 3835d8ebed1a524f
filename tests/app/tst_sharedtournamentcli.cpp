// SPDX-License-Identifier: MIT
// Tournaments across machines, as users run them: `townhall` processes
// sharing one tournament in a real PostgreSQL server (tests/pg/with-postgres.sh).
// Three headless hosts join; one is SIGKILLed twice while it holds claims
// and started again; the tournament still ends with every scheduled match
// recorded exactly once and the table a single host gets with the same file.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <csignal>
#include <map>
#include <memory>

using json = nlohmann::json;

namespace {

QString serverUrl()
{
    return qEnvironmentVariable("TOWNHALL_TEST_PG");
}

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

QProcessEnvironment withPassword()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PGPASSWORD"), qEnvironmentVariable("TOWNHALL_TEST_PG_PASSWORD"));
    env.insert(QStringLiteral("QT_NO_GLIB"), QStringLiteral("1"));
    return env;
}

Run townhall(const QStringList &args, const QProcessEnvironment &env = withPassword())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TOWNHALL_BIN), args);
    if (!p.waitForStarted(10'000))
        return {};
    p.closeWriteChannel();
    if (!p.waitForFinished(300'000)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/// A headless host that joins tournament `id`.
std::unique_ptr<QProcess> joinHost(const QString &id)
{
    auto p = std::make_unique<QProcess>();
    p->setProcessEnvironment(withPassword());
    p->start(QStringLiteral(TOWNHALL_BIN),
             {QStringLiteral("--headless"),
              QStringLiteral("--tournament"),
              id,
              QStringLiteral("--db"),
              serverUrl(),
              QStringLiteral("--parallel"),
              QStringLiteral("1"),
              QStringLiteral("--lease"),
              QStringLiteral("2")});
    p->waitForStarted(10'000);
    return p;
}

/// The test's own look at the database.
class Db
{
public:
    Db()
    {
        const QUrl url(serverUrl());
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("observer"));
        m_db.setHostName(url.host());
        m_db.setPort(url.port(5432));
        m_db.setDatabaseName(url.path().mid(1));
        m_db.setUserName(url.userName());
        m_db.setPassword(qEnvironmentVariable("TOWNHALL_TEST_PG_PASSWORD"));
        if (!m_db.open())
            qFatal("observer: %s", qPrintable(m_db.lastError().text()));
    }
    ~Db()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("observer"));
    }
    /// The first column of the first row of `sql`, as a number.
    long long number(const QString &sql)
    {
        QSqlQuery q(m_db);
        if (!q.exec(sql) || !q.next())
            qFatal("observer: %s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
        return q.value(0).toLongLong();
    }
    /// Matches DONE, or held as PLAYING, by the process with this pid.
    long long byPid(qint64 pid, const char *status)
    {
        return number(
            QStringLiteral(
                "SELECT count(*) FROM townhall_tournament_matches WHERE status = '%1' AND "
                "holder LIKE '%:%2:%'")
                .arg(QLatin1String(status))
                .arg(pid));
    }

private:
    QSqlDatabase m_db;
};

/// Waits, polling every 10 ms, until `ready` holds; false after 60 s.
template<typename F>
bool waitUntil(F ready)
{
    QElapsedTimer t;
    t.start();
    while (!ready()) {
        if (t.elapsed() > 60'000)
            return false;
        QTest::qWait(10);
    }
    return true;
}

json reportOf(const QByteArray &text)
{
    json j = json::parse(text.toStdString(), nullptr, false);
    if (j.is_object())
        j.erase("generated"); // nothing else may differ
    return j;
}

} // namespace

class TestSharedTournamentCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (serverUrl().isEmpty())
            QFAIL("TOWNHALL_TEST_PG is not set: run this test through tests/pg/with-postgres.sh");
        QVERIFY(m_dir.isValid());
        const json file{{"name", "three hosts"},
                        {"rules", "classic"},
                        {"matches", 2400},
                        {"seed", 21},
                        {"mirror", true},
                        {"participants",
                         {{{"id", "ana"}, {"bot", true}, {"seats", 3}},
                          {{"id", "ben"}, {"bot", true}, {"seats", 3}},
                          {{"id", "cy"}, {"bot", true}, {"seats", "rest"}}}}};
        m_file = m_dir.filePath(QStringLiteral("bots.json"));
        QFile f(m_file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(file.dump()));
    }

    void aPasswordOnTheCommandLineIsRefused()
    {
        QString url = serverUrl();
        url.replace(QLatin1String("townhall@"), QLatin1String("townhall:hunter2@"));
        const Run r = townhall(
            {QStringLiteral("tournament"), QStringLiteral("list"), QStringLiteral("--db"), url});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("PGPASSWORD"), r.err.constData());
        QVERIFY(!r.err.contains("hunter2"));
        // Without the password anywhere, the server's refusal is the error.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("PGPASSWORD"));
        const Run none = townhall({QStringLiteral("tournament"),
                                   QStringLiteral("list"),
                                   QStringLiteral("--db"),
                                   serverUrl()},
                                  env);
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains("password"), none.err.constData());
    }

    void threeHostsSurviveLosingOneTwice()
    {
        // The table one host gets alone, in its own SQLite file.
        const Run single = townhall({QStringLiteral("tournament"),
                                     QStringLiteral("run"),
                                     m_file,
                                     QStringLiteral("--db"),
                                     m_dir.filePath(QStringLiteral("one.sqlite")),
                                     QStringLiteral("--format"),
                                     QStringLiteral("json")});
        QCOMPARE(single.code, 0);

        const Run created = townhall({QStringLiteral("tournament"),
                                      QStringLiteral("create"),
                                      m_file,
                                      QStringLiteral("--db"),
                                      serverUrl()});
        QVERIFY2(created.code == 0, created.err.constData());
        const QString id = QString::fromUtf8(created.out).trimmed();
        QCOMPARE(id, QStringLiteral("t1"));

        Db db;
        auto done = [&db] {
            return db.number(QStringLiteral(
                "SELECT count(*) FROM townhall_tournament_matches WHERE status = 'DONE'"));
        };
        auto a = joinHost(id);
        auto b = joinHost(id);
        auto c = joinHost(id);
        std::vector<qint64> killed;
        // Twice: once the host has recorded matches and holds claims, SIGKILL
        // it and start it again.
        for (int round = 0; round < 2; ++round) {
            const qint64 pid = c->processId();
            QVERIFY2(waitUntil([&] {
                         return db.byPid(pid, "DONE") >= 30 && db.byPid(pid, "PLAYING") > 0;
                     }),
                     "the host never held a claim");
            ::kill(pid_t(pid), SIGKILL);
            c->waitForFinished(10'000);
            QCOMPARE(c->exitStatus(), QProcess::CrashExit);
            killed.push_back(pid);
            QVERIFY2(done() < 2400, "the tournament ended before the host was killed");
            c = joinHost(id);
        }

        std::map<QProcess *, QString> errs;
        std::map<QProcess *, qint64> pids; // processId() is 0 once a process has ended
        for (QProcess *p : {a.get(), b.get(), c.get()})
            pids[p] = p->processId();
        for (QProcess *p : {a.get(), b.get(), c.get()}) {
            QVERIFY(p->waitForFinished(240'000));
            errs[p] = QString::fromUtf8(p->readAllStandardError());
            QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0,
                     qPrintable(errs[p]));
        }

        // Every scheduled match recorded exactly once: all DONE, and the
        // matches each process says it recorded add up to the schedule.
        QCOMPARE(done(), 2400LL);
        QCOMPARE(db.number(
                     QStringLiteral("SELECT count(DISTINCT idx) FROM townhall_tournament_matches")),
                 2400LL);
        QCOMPARE(db.number(QStringLiteral(
                     "SELECT count(*) FROM townhall_tournament_matches WHERE log IS NULL")),
                 0LL);
        long long recorded = 0;
        for (QProcess *p : {a.get(), b.get(), c.get()}) {
            const QString &err = errs[p];
            const qsizetype at = err.lastIndexOf(QLatin1String("tournament t1: "));
            QVERIFY2(at >= 0, qPrintable(err));
            const long long mine = err.mid(at + 15).section(QLatin1Char(' '), 0, 0).toLongLong();
            QCOMPARE(mine, db.byPid(pids[p], "DONE"));
            recorded += mine;
        }
        for (qint64 pid : killed)
            recorded += db.byPid(pid, "DONE");
        QCOMPARE(recorded, 2400LL);
        // The killed host's claims were taken over and played again.
        const long long replayed = db.number(
            QStringLiteral("SELECT count(*) FROM townhall_tournament_matches WHERE attempts > 1"));
        QVERIFY(replayed >= 1);
        qInfo("%lld matches were played again after their host was killed", replayed);
        QCOMPARE(db.number(QStringLiteral(
                     "SELECT count(*) FROM townhall_tournaments WHERE status = 'FINISHED' "
                     "AND report <> ''")),
                 1LL);

        // The same table as one host's.
        const Run report = townhall({QStringLiteral("tournament"),
                                     QStringLiteral("report"),
                                     id,
                                     QStringLiteral("--db"),
                                     serverUrl(),
                                     QStringLiteral("--format"),
                                     QStringLiteral("json")});
        QCOMPARE(report.code, 0);
        const json shared = reportOf(report.out);
        QVERIFY(shared.is_object() && !shared["participants"].empty());
        QVERIFY(shared == reportOf(single.out));
        const Run list = townhall({QStringLiteral("tournament"),
                                   QStringLiteral("list"),
                                   QStringLiteral("--db"),
                                   serverUrl()});
        QVERIFY2(list.out.contains("t1\tFINISHED\t2400/2400 matches\tthree hosts"),
                 list.out.constData());
    }

private:
    QTemporaryDir m_dir;
    QString m_file;
};

QTEST_GUILESS_MAIN(TestSharedTournamentCli)
#include "tst_sharedtournamentcli.moc"
