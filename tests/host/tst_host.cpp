// SPDX-License-Identifier: MIT
// The host's tool layer without a socket: events.get cursors (including the
// "before the first event" cursor), spectator reads, idempotency keys, and
// commits on the commit thread (answers wait for their own batch; a refused
// commit fails its callers and rolls the match back).

#include "host/host.h"
#include "hostcall.h"

#include <QCoro/QCoroTask>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <condition_variable>
#include <mutex>

using namespace townhall;
using json = nlohmann::json;

namespace {
using townhall::test::runTool;

mcp::ToolResult call(host::Host &h, const host::Caller &c, const std::string &tool, json args)
{
    return townhall::test::callTool(h, c, tool, std::move(args));
}

host::Caller caller(std::string id, std::string name)
{
    host::Caller c;
    c.agentId = std::move(id);
    c.displayName = std::move(name);
    return c;
}

/// Holds commits on the commit thread: while closed, each commit waits for
/// a permit. Counts the commits that reached it.
class CommitGate
{
public:
    void hook()
    {
        std::unique_lock lock(m_mutex);
        ++m_arrived;
        m_cv.wait(lock, [this] { return !m_closed || m_permits > 0; });
        if (m_closed)
            --m_permits;
    }
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    void open()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = false;
        }
        m_cv.notify_all();
    }
    void permit(int n = 1)
    {
        {
            std::lock_guard lock(m_mutex);
            m_permits += n;
        }
        m_cv.notify_all();
    }
    int arrived()
    {
        std::lock_guard lock(m_mutex);
        return m_arrived;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_closed = false;
    int m_permits = 0;
    int m_arrived = 0;
};

/// A second connection to the host's database, as another process would have.
class Peer
{
public:
    explicit Peer(const QString &path)
    {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peer"));
        m_db.setDatabaseName(path);
        m_db.open();
    }
    ~Peer()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("peer"));
    }
    int readyEvents()
    {
        QSqlQuery q(m_db);
        q.exec(QStringLiteral("SELECT COUNT(*) FROM events WHERE type = 'PLAYER_READY'"));
        return q.next() ? q.value(0).toInt() : -1;
    }
    bool exec(const QString &sql)
    {
        QSqlQuery q(m_db);
        return q.exec(sql);
    }

private:
    QSqlDatabase m_db;
};

bool isReady(host::Host &host, const std::string &agentId)
{
    const engine::Match *m = host.lobby().match("match-1");
    const engine::Player *p = m ? m->playerByAgent(agentId) : nullptr;
    return p && p->ready;
}

/// Options for a host on `path` whose lobby timer does not start the night
/// while a test looks at the first day, with tight lock waits.
host::HostOptions fileHost(const QString &path, std::uint64_t seed)
{
    host::HostOptions o;
    o.dbPath = path;
    o.seed = seed;
    o.speed = 0.05; // the lobby timer must not start the night meanwhile
    o.rateLimits = false;
    o.busyTimeoutMs = 50;
    return o;
}

/// Eight agents join `host`, which seats them in match-1.
/// Starts `host` and seats eight agents in match-1; no agents on failure
/// (the start's error is logged).
std::vector<host::Caller> startWithAMatch(host::Host &host)
{
    QString error;
    if (!host.start(&error)) {
        qWarning() << "host did not start:" << error;
        return {};
    }
    std::vector<host::Caller> agents;
    for (int i = 0; i < 8; ++i) {
        agents.push_back(caller("agent:" + std::to_string(i), "Agent " + std::to_string(i)));
        if (!call(host, agents.back(), "et.werewolf.queue.join", json::object()).ok())
            return {};
    }
    return host.lobby().match("match-1") ? agents : std::vector<host::Caller>{};
}
} // namespace

class TstHost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pagesAMatchFromItsBeginning();
    void idempotencyKeys();
    void answersWaitForTheirOwnCommit();
    void smallBatchesCommitHere_data();
    void smallBatchesCommitHere();
};

void TstHost::pagesAMatchFromItsBeginning()
{
    host::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.speed = 50;
    o.seed = 3;
    o.rateLimits = false;
    host::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    host.addBots(8);
    QTRY_VERIFY_WITH_TIMEOUT(
        host.lobby().match("match-1") && host.lobby().match("match-1")->ended(), 60'000);

    const host::Caller spectator; // no identity: public events only
    std::vector<std::string> ids;
    std::string cursor = "match-1:00000000";
    for (int page = 0; page < 100; ++page) {
        auto r = call(host,
                      spectator,
                      "et.werewolf.match.events.get",
                      json{{"matchId", "match-1"}, {"afterEventId", cursor}, {"limit", 17}});
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const json &events = r.value().at("events");
        if (events.empty())
            break;
        for (const json &e : events) {
            QCOMPARE(QString::fromStdString(e.at("visibility").get<std::string>()),
                     QStringLiteral("PUBLIC"));
            ids.push_back(e.at("eventId").get<std::string>());
        }
        cursor = ids.back();
    }
    QVERIFY(ids.size() > 40);
    QCOMPARE(QString::fromStdString(ids.front()),
             QStringLiteral("match-1:00000001")); // MATCH_CREATED
    for (std::size_t i = 1; i < ids.size(); ++i)
        QVERIFY(ids[i - 1] < ids[i]);
    // A cursor that is not an event of this match is refused, not guessed at.
    auto bad = call(host,
                    spectator,
                    "et.werewolf.match.events.get",
                    json{{"matchId", "match-1"}, {"afterEventId", "match-2:00000003"}});
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QStringLiteral("INVALID_ARGUMENT"));
}

void TstHost::idempotencyKeys()
{
    host::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.seed = 4;
    host::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    const host::Caller alice = caller("agent:alice", "Alice");
    auto first
        = call(host, alice, "et.werewolf.queue.join", json{{"idempotencyKey", "join-key-0001"}});
    QVERIFY(first.ok());
    auto again
        = call(host, alice, "et.werewolf.queue.join", json{{"idempotencyKey", "join-key-0001"}});
    QVERIFY(again.ok());
    QCOMPARE(again.value().dump(), first.value().dump()); // the stored result, verbatim
    auto other = call(host,
                      alice,
                      "et.werewolf.queue.join",
                      json{{"idempotencyKey", "join-key-0001"}, {"preferredDisplayName", "Al"}});
    QVERIFY(!other.ok());
    QCOMPARE(QString::fromStdString(other.error().code), QStringLiteral("IDEMPOTENCY_KEY_REUSED"));
    QCOMPARE(host.lobby().queue().size(), std::size_t(1));
}

void TstHost::answersWaitForTheirOwnCommit()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("host.sqlite"));
    CommitGate gate;
    host::HostOptions o = fileHost(path, 5);
    o.beforeCommit = [&gate] {
        gate.hook();
    };
    auto host = std::make_unique<host::Host>(o);
    const std::vector<host::Caller> agents = startWithAMatch(*host);
    QVERIFY(!agents.empty());
    Peer peer(path);
    QCOMPARE(peer.readyEvents(), 0);
    const json ready{{"matchId", "match-1"}};

    // Two calls, two batches: the first is held on the commit thread, the
    // second gathers behind it. Neither is answered before its commit.
    gate.close();
    int arrived = gate.arrived();
    std::optional<mcp::ToolResult> r0, r1;
    auto t0 = runTool(host.get(), agents[0], "et.werewolf.match.ready", ready, &r0);
    QTRY_COMPARE(gate.arrived(), arrived + 1); // batch 1 is on the commit thread
    auto t1 = runTool(host.get(), agents[1], "et.werewolf.match.ready", ready, &r1);
    QTest::qWait(100);
    QVERIFY(!r0 && !r1);
    QCOMPARE(peer.readyEvents(), 0);
    QVERIFY(isReady(*host, "agent:1")); // the engine ran ahead; nobody was told
    gate.permit();                      // batch 1 commits; batch 2 goes over and is held
    QTRY_VERIFY(r0.has_value());
    QVERIFY2(r0->ok(), r0->ok() ? "" : r0->error().message.c_str());
    QTRY_COMPARE(gate.arrived(), arrived + 2);
    QTest::qWait(50);
    QVERIFY(!r1);
    QCOMPARE(peer.readyEvents(), 1);
    gate.permit();
    QTRY_VERIFY(r1.has_value());
    QVERIFY(r1->ok());
    QCOMPARE(peer.readyEvents(), 2);

    // A refused commit (another connection holds the write lock) fails its
    // callers and the batch gathered behind it, and rolls the match back;
    // a retry with the same idempotency key is applied, not answered from
    // the failed call.
    QVERIFY(peer.exec(QStringLiteral("BEGIN IMMEDIATE")));
    arrived = gate.arrived();
    std::optional<mcp::ToolResult> r2, r3;
    const json keyed{{"matchId", "match-1"}, {"idempotencyKey", "ready-agent-2"}};
    auto t2 = runTool(host.get(), agents[2], "et.werewolf.match.ready", keyed, &r2);
    QTRY_COMPARE(gate.arrived(), arrived + 1);
    auto t3 = runTool(host.get(), agents[3], "et.werewolf.match.ready", ready, &r3);
    QTest::qWait(50);
    QVERIFY(isReady(*host, "agent:2") && isReady(*host, "agent:3"));
    gate.open();
    QTRY_VERIFY(r2.has_value() && r3.has_value());
    QVERIFY(!r2->ok() && !r3->ok());
    QCOMPARE(QString::fromStdString(r2->error().code), QStringLiteral("STORAGE_FAILED"));
    QCOMPARE(QString::fromStdString(r3->error().code), QStringLiteral("STORAGE_FAILED"));
    QVERIFY(!isReady(*host, "agent:2") && !isReady(*host, "agent:3"));
    QVERIFY(isReady(*host, "agent:0") && isReady(*host, "agent:1")); // committed before: kept
    QVERIFY(peer.exec(QStringLiteral("ROLLBACK")));
    // The host refuses changes until its back-off lets it try the store again.
    auto retry
        = townhall::test::callUntilStored(*host, agents[2], "et.werewolf.match.ready", keyed);
    QVERIFY2(retry.ok(), retry.ok() ? "" : retry.error().message.c_str());
    QVERIFY(isReady(*host, "agent:2"));
    QCOMPARE(peer.readyEvents(), 3);

    // What a host restarted on the file sees is what its agents were told.
    host.reset();
    o.beforeCommit = nullptr;
    host::Host again(o);
    QString error;
    QVERIFY2(again.start(&error), qPrintable(error));
    for (int i = 0; i < 4; ++i)
        QCOMPARE(isReady(again, "agent:" + std::to_string(i)), i != 3);
}

void TstHost::smallBatchesCommitHere_data()
{
    QTest::addColumn<int>("upTo");
    QTest::newRow("small batches on the host's thread (default)") << 8;
    QTest::newRow("every batch on the commit thread") << 0;
}

void TstHost::smallBatchesCommitHere()
{
    // One call at a time makes batches of one command. Wherever they are
    // committed, an answer comes only after its events are in the file, and
    // a refused commit fails its caller and rolls the match back.
    QFETCH(int, upTo);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("host.sqlite"));
    host::HostOptions o = fileHost(path, 6);
    o.commitHereUpTo = std::size_t(upTo);
    auto host = std::make_unique<host::Host>(o);
    const std::vector<host::Caller> agents = startWithAMatch(*host);
    QVERIFY(!agents.empty());
    Peer peer(path);
    const json ready{{"matchId", "match-1"}};
    for (int i = 0; i < 3; ++i) {
        auto r = call(*host, agents[std::size_t(i)], "et.werewolf.match.ready", ready);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(peer.readyEvents(), i + 1); // in the file when answered
    }
    if (upTo > 0)
        QVERIFY(host->commitsHere() >= 3);
    else
        QCOMPARE(host->commitsHere(), std::uint64_t(0));

    QVERIFY(peer.exec(QStringLiteral("BEGIN IMMEDIATE")));
    auto refused = call(*host, agents[3], "et.werewolf.match.ready", ready);
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().code), QStringLiteral("STORAGE_FAILED"));
    QVERIFY(!isReady(*host, "agent:3"));
    QVERIFY(isReady(*host, "agent:2"));
    QVERIFY(peer.exec(QStringLiteral("ROLLBACK")));
    auto retry
        = townhall::test::callUntilStored(*host, agents[3], "et.werewolf.match.ready", ready);
    QVERIFY2(retry.ok(), retry.ok() ? "" : retry.error().message.c_str());
    QCOMPARE(peer.readyEvents(), 4);

    host.reset();
    host::Host again(o);
    QString error;
    QVERIFY2(again.start(&error), qPrintable(error));
    for (int i = 0; i < 5; ++i)
        QCOMPARE(isReady(again, "agent:" + std::to_string(i)), i < 4);
}

QTEST_GUILESS_MAIN(TstHost)
#include "tst_host.moc"
