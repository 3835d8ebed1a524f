// SPDX-License-Identifier: MIT
// Storage faults at the host's tool layer: a commit that fails leaves no
// trace (no phantom match, queue entry or state), the host then refuses
// changes without touching the store until its back-off allows a retry,
// keeps serving reads, reports the outage once and recovers by itself; and
// one host per database file. Commits are made to fail by another
// connection holding the database's write lock, as another process would.
// (tst_storagefaults does the same with real faults on the real binary.)

#include "host/host.h"
#include "hostcall.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using json = nlohmann::json;

namespace {

constexpr engine::TimeMs T0 = 1'800'000'000'000;

/// Holds the database's write lock while it lives, from a connection of its own.
class WriteLock
{
public:
    explicit WriteLock(const QString &path)
    {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
        m_db.setDatabaseName(path);
        if (m_db.open())
            m_held = QSqlQuery(m_db).exec(QStringLiteral("BEGIN IMMEDIATE"));
    }
    ~WriteLock()
    {
        release();
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("locker"));
    }
    bool held() const { return m_held; }
    void release()
    {
        if (m_held)
            QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
        m_held = false;
    }

private:
    QSqlDatabase m_db;
    bool m_held = false;
};

host::Caller agent(int i)
{
    host::Caller c;
    c.agentId = "agent:" + std::to_string(i);
    c.displayName = "Agent " + std::to_string(i);
    return c;
}

std::string codeOf(const mcp::ToolResult &r)
{
    return r.ok() ? std::string("OK") : r.error().code;
}

struct FileHost
{
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("faults.sqlite"));
    std::shared_ptr<engine::TimeMs> clock = std::make_shared<engine::TimeMs>(T0);

    host::HostOptions options() const
    {
        host::HostOptions o;
        o.dbPath = path;
        o.seed = 21;
        o.speed = 0.05; // no phase timer runs out meanwhile
        o.rateLimits = false;
        o.busyTimeoutMs = 50;
        o.queueGrace = std::chrono::milliseconds(0);
        o.clock = [c = clock] {
            return *c;
        };
        return o;
    }
};

json joinArgs(int i)
{
    return json{{"idempotencyKey", "join-key-000" + std::to_string(i)}};
}

} // namespace

class TstFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void failedCommitsLeaveNoTrace();
    void degradedRefusesChangesServesReadsAndRecovers();
    void oneHostPerDatabase();
};

// Eight joins, each refused by the store: the eighth would have created
// match-1. Nobody may see the match, a seat or a queue entry; once the store
// works, the same calls with the same keys make the match for real.
void TstFaults::failedCommitsLeaveNoTrace()
{
    FileHost f;
    host::Host host(f.options());
    QString error;
    QVERIFY2(host.start(&error), qPrintable(error));
    QSignalSpy failed(&host, &host::Host::storageFailed);
    QSignalSpy recovered(&host, &host::Host::storageRecovered);
    {
        WriteLock lock(f.path);
        QVERIFY(lock.held());
        for (int i = 0; i < 8; ++i) {
            *f.clock += 31'000; // past any back-off: each join tries the store
            const auto r = test::callTool(host, agent(i), "et.werewolf.queue.join", joinArgs(i));
            QCOMPARE(codeOf(r), std::string("STORAGE_FAILED"));
            QVERIFY(r.error().retryable);
            QVERIFY(host.lobby().queue().empty());
            QVERIFY(!host.lobby().match("match-1"));
            QCOMPARE(host.lobby().matchCounter(), 0);
            QVERIFY(host.lobby().buildings().empty());
        }
        QCOMPARE(failed.count(), 1); // one report for the whole outage
        // What callers read is what is stored: nothing.
        const auto status
            = test::callTool(host, agent(7), "et.werewolf.queue.status", json::object());
        QVERIFY(status.ok());
        QVERIFY(status.value().at("queue").at("position").is_null());
        QVERIFY(status.value().at("matchAssignment").is_null());
        const auto list
            = test::callTool(host, agent(7), "et.werewolf.matches.list", json{{"status", "ALL"}});
        QVERIFY(list.ok());
        QVERIFY(list.value().at("matches").empty());
        QCOMPARE(codeOf(test::callTool(
                     host, agent(7), "et.werewolf.match.get_state", json{{"matchId", "match-1"}})),
                 std::string("MATCH_NOT_FOUND"));
    }
    *f.clock += 31'000;
    json last;
    for (int i = 0; i < 8; ++i) {
        const auto r = test::callTool(host, agent(i), "et.werewolf.queue.join", joinArgs(i));
        QVERIFY2(r.ok(), codeOf(r).c_str());
        last = r.value();
    }
    QCOMPARE(recovered.count(), 1);
    QCOMPARE(last.at("matchAssignment").at("matchId").get<std::string>(), std::string("match-1"));
    QVERIFY(host.lobby().match("match-1"));
    QCOMPARE(host.lobby().match("match-1")->state().players.size(), std::size_t(8));
    // The store agrees: a second connection finds the match created once.
    QTRY_VERIFY(host.store()->matchIds().value().size() == 1);
}

void TstFaults::degradedRefusesChangesServesReadsAndRecovers()
{
    FileHost f;
    host::Host host(f.options());
    QString error;
    QVERIFY2(host.start(&error), qPrintable(error));
    for (int i = 0; i < 8; ++i)
        QVERIFY(test::callTool(host, agent(i), "et.werewolf.queue.join", json::object()).ok());
    QVERIFY(host.lobby().match("match-1"));
    const json ready{{"matchId", "match-1"}};
    QSignalSpy failed(&host, &host::Host::storageFailed);
    QSignalSpy recovered(&host, &host::Host::storageRecovered);
    WriteLock lock(f.path);
    QVERIFY(lock.held());

    QCOMPARE(codeOf(test::callTool(host, agent(0), "et.werewolf.match.ready", ready)),
             std::string("STORAGE_FAILED"));
    const std::uint64_t attempts = host.commitsHere();
    // Degraded: refused at once, with the time to the retry, the store untouched.
    const auto refused = test::callTool(host, agent(1), "et.werewolf.match.ready", ready);
    QCOMPARE(codeOf(refused), std::string("STORAGE_FAILED"));
    QVERIFY(refused.error().retryable);
    QVERIFY(refused.error().retryAfterMs && *refused.error().retryAfterMs > 0
            && *refused.error().retryAfterMs <= 1000);
    QCOMPARE(host.commitsHere(), attempts);
    // Reads still answer from what is stored: nobody is ready.
    const auto state = test::callTool(host, agent(0), "et.werewolf.match.get_state", ready);
    QVERIFY(state.ok());
    QCOMPARE(state.value().at("state").at("phase").get<std::string>(), std::string("LOBBY"));
    for (const engine::Player &p : host.lobby().match("match-1")->state().players)
        QVERIFY(!p.ready);
    // The back-off doubles while the store keeps failing.
    *f.clock += 1'000;
    QCOMPARE(codeOf(test::callTool(host, agent(1), "et.werewolf.match.ready", ready)),
             std::string("STORAGE_FAILED"));
    QVERIFY(host.commitsHere() > attempts); // that one was a retry
    const auto later = test::callTool(host, agent(2), "et.werewolf.match.ready", ready);
    QVERIFY(later.error().retryAfterMs && *later.error().retryAfterMs > 1000);
    QCOMPARE(failed.count(), 1);

    lock.release();
    *f.clock += 30'000;
    const auto ok = test::callTool(host, agent(1), "et.werewolf.match.ready", ready);
    QVERIFY2(ok.ok(), codeOf(ok).c_str());
    QCOMPARE(recovered.count(), 1);
    QVERIFY(test::callTool(host, agent(0), "et.werewolf.match.ready", ready).ok());
    // The match was told it is back.
    const auto &log = host.lobby().match("match-1")->log();
    QVERIFY(std::any_of(log.begin(), log.end(), [](const engine::Event &e) {
        return e.type == engine::EventType::MatchResumed
               && e.payload.value("reason", "") == "storage recovered";
    }));
}

void TstFaults::oneHostPerDatabase()
{
    FileHost f;
    auto first = std::make_unique<host::Host>(f.options());
    QString error;
    QVERIFY2(first->start(&error), qPrintable(error));
    QVERIFY(first->store()->setSetting(host::Host::EndpointSetting, "http://127.0.0.1:9123/mcp"));
    host::Host second(f.options());
    QVERIFY(!second.start(&error));
    QVERIFY2(error.contains(QStringLiteral("in use by another Town Hall host (pid %1")
                                .arg(QCoreApplication::applicationPid())),
             qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("http://127.0.0.1:9123/mcp")), qPrintable(error));
    // Readers need no lock.
    host::Store::Options ro;
    ro.createIfMissing = false;
    QVERIFY(host::Store::open(f.path, ro));
    first.reset();
    host::Host third(f.options());
    QVERIFY2(third.start(&error), qPrintable(error));
}

QTEST_GUILESS_MAIN(TstFaults)
#include "tst_faults.moc"
