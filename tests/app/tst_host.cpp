// SPDX-License-Identifier: MIT
// The host's tool layer without a socket: events.get cursors (including the
// "before the first event" cursor), spectator reads, and idempotency keys.

#include "app/host.h"

#include <QCoro/QCoroTask>
#include <QtTest>

using namespace townhall;
using json = nlohmann::json;

namespace {
QCoro::Task<> run(app::Host *h, app::Caller c, std::string tool, json args, std::optional<mcp::ToolResult> *out)
{
    mcp::ToolResult r = co_await h->callTool(std::move(c), std::move(tool), std::move(args));
    out->emplace(std::move(r));
}

mcp::ToolResult call(app::Host &h, const app::Caller &c, const std::string &tool, json args)
{
    std::optional<mcp::ToolResult> out;
    QCoro::waitFor(run(&h, c, tool, std::move(args), &out));
    return std::move(*out);
}

app::Caller caller(std::string id, std::string name)
{
    app::Caller c;
    c.agentId = std::move(id);
    c.displayName = std::move(name);
    return c;
}
} // namespace

class TstHost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pagesAMatchFromItsBeginning();
    void idempotencyKeys();
};

void TstHost::pagesAMatchFromItsBeginning()
{
    app::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.speed = 50;
    o.seed = 3;
    o.rateLimits = false;
    app::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    host.addBots(8);
    QTRY_VERIFY_WITH_TIMEOUT(host.lobby().match("match-1") && host.lobby().match("match-1")->ended(), 60'000);

    const app::Caller spectator;  // no identity: public events only
    std::vector<std::string> ids;
    std::string cursor = "match-1:00000000";
    for (int page = 0; page < 100; ++page) {
        auto r = call(host, spectator, "et.werewolf.match.events.get",
                      json{{"matchId", "match-1"}, {"afterEventId", cursor}, {"limit", 17}});
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const json &events = r.value().at("events");
        if (events.empty())
            break;
        for (const json &e : events) {
            QCOMPARE(QString::fromStdString(e.at("visibility").get<std::string>()), QStringLiteral("PUBLIC"));
            ids.push_back(e.at("eventId").get<std::string>());
        }
        cursor = ids.back();
    }
    QVERIFY(ids.size() > 40);
    QCOMPARE(QString::fromStdString(ids.front()), QStringLiteral("match-1:00000001"));  // MATCH_CREATED
    for (std::size_t i = 1; i < ids.size(); ++i)
        QVERIFY(ids[i - 1] < ids[i]);
    // A cursor that is not an event of this match is refused, not guessed at.
    auto bad = call(host, spectator, "et.werewolf.match.events.get",
                    json{{"matchId", "match-1"}, {"afterEventId", "match-2:00000003"}});
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().code), QStringLiteral("INVALID_ARGUMENT"));
}

void TstHost::idempotencyKeys()
{
    app::HostOptions o;
    o.dbPath = QStringLiteral(":memory:");
    o.seed = 4;
    app::Host host(o);
    QString error;
    QVERIFY(host.start(&error));
    const app::Caller alice = caller("agent:alice", "Alice");
    auto first = call(host, alice, "et.werewolf.queue.join", json{{"idempotencyKey", "join-key-0001"}});
    QVERIFY(first.ok());
    auto again = call(host, alice, "et.werewolf.queue.join", json{{"idempotencyKey", "join-key-0001"}});
    QVERIFY(again.ok());
    QCOMPARE(again.value().dump(), first.value().dump());  // the stored result, verbatim
    auto other = call(host, alice, "et.werewolf.queue.join",
                      json{{"idempotencyKey", "join-key-0001"}, {"preferredDisplayName", "Al"}});
    QVERIFY(!other.ok());
    QCOMPARE(QString::fromStdString(other.error().code), QStringLiteral("IDEMPOTENCY_KEY_REUSED"));
    QCOMPARE(host.lobby().queue().size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TstHost)
#include "tst_host.moc"
