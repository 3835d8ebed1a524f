// SPDX-License-Identifier: MIT
// recoverFromStore: after a restart the queue comes back from its journal,
// ended matches are readable again, and an unfinished match is replayed from
// its stored log and resumed with a grace period announced to everyone.
// Model seats come back too: a running match's pilots with their logs and
// their keys looked up again, the model seats that waited in the queue in
// their places; a seat without its key is left to the stand-in. The export
// of a match carries its model seats without their keys.

#include "host/host.h"
#include "host/recovery.h"
#include "host/store/matchsnapshot.h"
#include "host/store/store.h"
#include "tests/host/store/matchdriver.h"

#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::test::providers;
using namespace std::chrono_literals;
using json = nlohmann::json;

namespace {
/// Commits a match's whole log with its rows, as the host would.
bool commitMatch(Store &store, const engine::Match &m)
{
    Batch b;
    b.addEvents(m.matchId(), m.log());
    b.matches.back().snapshot = snapshotOf(m);
    return store.commit(b).ok();
}

engine::Match playedMatch(const std::string &id, int number, std::uint64_t seed, engine::TimeMs t0)
{
    engine::Match m = storetest::createMatch(id, number, seed, t0);
    storetest::MatchDriver(m, seed, t0).run();
    return m;
}

/// The environment variable that holds the models' key after a restart, and
/// one that is never set.
constexpr const char *KeyVariable = "TOWNHALL_TST_RECOVERY_KEY";
constexpr const char *MissingVariable = "TOWNHALL_TST_RECOVERY_NO_SUCH_KEY";

/// Scripted model servers on loopback, one per seat; they outlive the hosts
/// that use them, as a provider outlives a restart.
struct Models
{
    std::vector<std::unique_ptr<ScriptedOpenAiServer>> servers;

    bool listen(int n)
    {
        for (int seat = 0; seat < n; ++seat) {
            auto s = std::make_unique<ScriptedOpenAiServer>();
            if (!s->listen())
                return false;
            s->setHandler([seat](const RecordedRequest &r) { return scriptedPlayer(seat, r); });
            servers.push_back(std::move(s));
        }
        return true;
    }

    /// Seat `seat`'s profile: its key given directly (as the app does once
    /// it looked it up) and named by `keyVariable` for a restart.
    providers::ProviderProfile profile(int seat, const char *keyVariable) const
    {
        providers::ProviderProfile p;
        p.name = QStringLiteral("local");
        p.baseUrl = servers[std::size_t(seat)]->baseUrl();
        p.model = QStringLiteral("test-model");
        p.apiKeyEnv = keyVariable ? QString::fromLatin1(keyVariable) : QString();
        p.apiKey = keyVariable ? QStringLiteral("sk-given-before-%1").arg(seat) : QString();
        p.inputPricePerMillion = 1.0;
        p.outputPricePerMillion = 2.0;
        return p;
    }

    /// The Authorization headers of seat `seat`'s requests from `from` on.
    QList<QByteArray> authorizations(int seat, std::size_t from = 0) const
    {
        QList<QByteArray> out;
        const auto requests = servers[std::size_t(seat)]->requestsTo("/chat/completions");
        for (std::size_t i = from; i < requests.size(); ++i)
            out << requests[i].header("Authorization");
        return out;
    }
    std::size_t requests(int seat) const
    {
        return servers[std::size_t(seat)]->requestsTo("/chat/completions").size();
    }
};

std::unique_ptr<Host> startHost(const QString &path)
{
    HostOptions o;
    o.dbPath = path;
    o.speed = 25;
    o.seed = 11;
    o.rateLimits = false;
    auto host = std::make_unique<Host>(o);
    QString error;
    if (!host->start(&error)) {
        qWarning() << "host did not start:" << error;
        return nullptr;
    }
    return host;
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t end = text.find('\n', pos);
        out.push_back(text.substr(pos, end - pos));
        pos = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

bool mentions(const QStringList &notices, const QString &a, const QString &b)
{
    return std::any_of(notices.begin(), notices.end(), [&](const QString &n) {
        return n.contains(a) && n.contains(b);
    });
}
} // namespace

class TestRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unfinishedMatchesResumeEndedOnesAreReadable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.sqlite"));
        const engine::TimeMs t0 = 1'700'000'000'000;
        std::uint64_t storedUpTo = 0;
        {
            auto opened = Store::open(path);
            QVERIFY(opened);
            Store store = std::move(opened.value());
            // An ended match, and a running one stopped in its first day.
            const engine::Match ended = playedMatch("match-1", 1, 3, t0);
            QVERIFY(ended.ended());
            QVERIFY(commitMatch(store, ended));
            engine::Match running = storetest::createMatch("match-2", 2, 5, t0);
            storetest::MatchDriver driver(running, 5, t0);
            for (int i = 0; i < 40; ++i)
                driver.step();
            QVERIFY(!running.ended());
            QVERIFY(commitMatch(store, running));
            storedUpTo = running.state().lastSeq;
            // Someone waits in the queue.
            engine::Lobby lobby(1, engine::MatchConfig{});
            auto joined = lobby.join("agent-9", "Nine", engine::DefaultQueueId, t0);
            QVERIFY(joined);
            Batch q;
            q.addLobbyRecords(joined->records);
            QVERIFY(store.commit(q));
        }
        auto opened = Store::open(path);
        QVERIFY(opened);
        Store store = std::move(opened.value());
        engine::Lobby lobby(2, engine::MatchConfig{});
        const engine::TimeMs later = t0 + 3'600'000;
        Recovery r = recoverFromStore(store, lobby, later);
        QCOMPARE(r.resumed.size(), std::size_t(1));
        const ResumedMatch &m = r.resumed[0];
        QCOMPARE(m.match->matchId(), std::string("match-2"));
        QCOMPARE(m.storedUpTo, storedUpTo);
        QVERIFY(m.match->state().lastSeq > storedUpTo); // the resumption is announced
        QVERIFY(!m.match->ended());
        QCOMPARE(r.notices.size(), qsizetype(1));
        QVERIFY2(r.notices[0].contains(QStringLiteral("match-2")), qPrintable(r.notices[0]));
        const engine::Match *endedMatch = lobby.match("match-1");
        QVERIFY(endedMatch);
        QVERIFY(endedMatch->ended());
        QCOMPARE(lobby.queue(engine::DefaultQueueId).size(), std::size_t(1));
        QCOMPARE(lobby.queue(engine::DefaultQueueId).front().agentId, std::string("agent-9"));
    }

    void aRunningMatchGetsItsModelSeatsBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("models.sqlite"));
        Models models;
        QVERIFY(models.listen(engine::SeatCount));
        qunsetenv(KeyVariable);
        qunsetenv(MissingVariable);

        // Eight model seats play into the first day; the last one's key
        // will be missing after the restart.
        std::map<std::string, PilotLog> before;
        std::map<std::string, std::size_t> requestsBefore;
        std::map<int, std::string> playerOf;
        {
            auto host = startHost(path);
            QVERIFY(host);
            for (int seat = 0; seat < engine::SeatCount; ++seat)
                QVERIFY(host->queueModelSeat(
                    QStringLiteral("Model %1").arg(seat),
                    models.profile(seat, seat == 7 ? MissingVariable : KeyVariable),
                    QStringLiteral("Persona %1").arg(seat)));
            QTRY_VERIFY_WITH_TIMEOUT(host->lobby().match("match-1")
                                         && host->lobby().match("match-1")->state().dayNumber >= 1,
                                     60'000);
            const engine::Match &m = *host->lobby().match("match-1");
            QVERIFY(!m.ended());
            for (const ModelSeatInfo &seat : host->modelSeats("match-1")) {
                before[seat.playerId]
                    = *seat.log; // as the host leaves it to the store when it goes
                playerOf[m.player(seat.playerId)->seat - 1] = seat.playerId;
            }
            QCOMPARE(before.size(), std::size_t(engine::SeatCount));
            for (int seat = 0; seat < engine::SeatCount; ++seat)
                requestsBefore[playerOf[seat]] = models.requests(seat);
        }

        // The restart: the key is in the environment now, except the last one's.
        qputenv(KeyVariable, "sk-from-the-environment");
        auto host = startHost(path);
        QVERIFY(host);
        const QStringList notices = host->notices();
        QVERIFY2(mentions(notices, QStringLiteral("Model 7"), QString::fromLatin1(MissingVariable)),
                 qPrintable(notices.join(QLatin1Char('\n'))));
        const std::vector<ModelSeatInfo> seats = host->modelSeats("match-1");
        QCOMPARE(seats.size(), std::size_t(engine::SeatCount));
        for (const ModelSeatInfo &seat : seats) {
            const PilotLog &was = before.at(seat.playerId);
            QVERIFY(seat.log);
            // Whatever the pilot logged before the host went, as it was.
            QCOMPARE(seat.log->stats.modelCalls, was.stats.modelCalls);
            QCOMPARE(seat.log->stats.latenciesMs, was.stats.latenciesMs);
            QCOMPARE(seat.log->stats.cost, was.stats.cost);
            QVERIFY(seat.log->notes.size() >= was.notes.size());
            QVERIFY(std::equal(was.notes.begin(), was.notes.end(), seat.log->notes.begin()));
            QVERIFY(seat.profile.apiKey.isEmpty());
            const int index = host->lobby().match("match-1")->player(seat.playerId)->seat - 1;
            QCOMPARE(seat.profile.baseUrl, models.servers[std::size_t(index)]->baseUrl());
            QCOMPARE(seat.profile.apiKeyEnv,
                     QString::fromLatin1(index == 7 ? MissingVariable : KeyVariable));
            QVERIFY(seat.persona.startsWith(QStringLiteral("Persona ")));
        }
        const auto lastSeat = host->pilotLog("match-1", playerOf[7]);
        QVERIFY(lastSeat && lastSeat->stats.handedOver);
        QCOMPARE(lastSeat->notes.back().kind, PilotNote::Kind::HandOver);
        QVERIFY2(lastSeat->notes.back().text.contains(QString::fromLatin1(MissingVariable)),
                 qPrintable(lastSeat->notes.back().text));

        // The match goes on to its end, played by the models again, with
        // the key from the environment; the seat without one is the stand-in's.
        QTRY_VERIFY_WITH_TIMEOUT(host->lobby().match("match-1")->ended(), 90'000);
        for (int seat = 0; seat < engine::SeatCount; ++seat) {
            const std::string &player = playerOf[seat];
            const QList<QByteArray> auth = models.authorizations(seat, requestsBefore[player]);
            if (seat == 7) {
                QVERIFY2(auth.isEmpty(), "the seat without a key asked its model");
                continue;
            }
            for (const QByteArray &a : auth)
                QCOMPARE(a, QByteArray("Bearer sk-from-the-environment"));
            const auto log = host->pilotLog("match-1", player);
            if (!auth.isEmpty())
                QVERIFY(log->stats.modelCalls > before.at(player).stats.modelCalls);
        }
        // Most seats' models had something to do after the restart.
        int asked = 0;
        for (int seat = 0; seat < 7; ++seat)
            asked += models.requests(seat) > requestsBefore[playerOf[seat]] ? 1 : 0;
        QVERIFY2(asked >= 1, "no model was asked after the restart");
    }

    void queuedModelSeatsWaitAgainAfterARestart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
        Models models;
        QVERIFY(models.listen(3));
        qunsetenv(KeyVariable);
        qunsetenv(MissingVariable);
        std::string ada;
        std::string cy;
        {
            auto host = startHost(path);
            QVERIFY(host);
            auto a = host->queueModelSeat(
                QStringLiteral("Ada"), models.profile(0, KeyVariable), QStringLiteral("Calm."));
            host->queueBot(QStringLiteral("Bot Bea"));
            auto b = host->queueModelSeat(QStringLiteral("Bo"), models.profile(1, MissingVariable));
            auto c = host->queueModelSeat(QStringLiteral("Cy"),
                                          models.profile(2, nullptr)); // a local server: no key
            QVERIFY(a && b && c);
            ada = *a;
            cy = *c;
            QTRY_COMPARE(host->store()->queuedModelSeats()->size(), std::size_t(3));
        }
        qputenv(KeyVariable, "sk-from-the-environment");
        auto host = startHost(path);
        QVERIFY(host);
        // Bo's key is gone: Bo left the queue, and the user is told.
        QStringList waiting;
        for (const engine::QueueEntry &e : host->lobby().queue(engine::DefaultQueueId))
            waiting << QString::fromStdString(e.displayName);
        QCOMPARE(
            waiting,
            (QStringList{QStringLiteral("Ada"), QStringLiteral("Bot Bea"), QStringLiteral("Cy")}));
        QVERIFY2(
            mentions(host->notices(), QStringLiteral("Bo"), QString::fromLatin1(MissingVariable)),
            qPrintable(host->notices().join(QLatin1Char('\n'))));
        // A seat queued now gets an id of its own.
        auto dee = host->queueModelSeat(QStringLiteral("Dee"), models.profile(2, nullptr));
        QVERIFY(dee && *dee != ada && *dee != cy);
        // A full table seats them, and their models play with the key found again.
        host->addBots(4);
        QTRY_VERIFY_WITH_TIMEOUT(host->lobby().match("match-1"), 10'000);
        const engine::Match &m = *host->lobby().match("match-1");
        for (const std::string &agent : {ada, cy}) {
            const engine::Player *p = m.playerByAgent(agent);
            QVERIFY(p);
            QVERIFY(host->pilotLog("match-1", p->playerId));
        }
        QCOMPARE(host->modelSeats("match-1").size(), std::size_t(3));
        QTRY_VERIFY_WITH_TIMEOUT(models.requests(0) > 0 && models.requests(2) > 0, 30'000);
        for (const QByteArray &a : models.authorizations(0))
            QCOMPARE(a, QByteArray("Bearer sk-from-the-environment"));
        QCOMPARE(models.requests(1), std::size_t(0));
        // Seated, they wait no more.
        QTRY_VERIFY(host->store()->queuedModelSeats()->empty());
    }

    void exportCarriesModelSeatsWithoutTheirKeys()
    {
        QTemporaryDir dir;
        Models models;
        QVERIFY(models.listen(engine::SeatCount));
        auto host = startHost(dir.filePath(QStringLiteral("export.sqlite")));
        QVERIFY(host);
        for (int seat = 0; seat < engine::SeatCount; ++seat)
            QVERIFY(host->queueModelSeat(QStringLiteral("Model %1").arg(seat),
                                         models.profile(seat, KeyVariable)));
        QTRY_VERIFY_WITH_TIMEOUT(
            host->lobby().match("match-1") && host->lobby().match("match-1")->ended(), 60'000);
        // Once every answer is in and stored, the export has what the pilots logged.
        auto stored = [&] {
            auto text = host->store()->exportMatch("match-1");
            if (!text)
                return false;
            for (const ModelSeatInfo &seat : host->modelSeats("match-1"))
                if (seat.log->stats.latenciesMs.size() != std::size_t(seat.log->stats.modelCalls)
                    || text->find(seat.log->stats.toJson().dump()) == std::string::npos)
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(stored(), 20'000);
        const std::string text = *host->store()->exportMatch("match-1");
        QVERIFY2(text.find("sk-given-before") == std::string::npos, "a key reached the export");
        int seatLines = 0;
        for (const std::string &line : lines(text)) {
            const json j = json::parse(line);
            if (!j.contains("modelSeat"))
                continue;
            ++seatLines;
            const json &s = j.at("modelSeat");
            const auto log = host->pilotLog("match-1", s.at("playerId").get<std::string>());
            QVERIFY(log);
            QCOMPARE(PilotStats::fromJson(s.at("stats")), log->stats);
            QCOMPARE(s.at("notes").size(), log->notes.size());
            QCOMPARE(QString::fromStdString(s.at("notes").at(0).at("text").get<std::string>()),
                     log->notes.front().text);
            QCOMPARE(s.at("profile").at("apiKeyEnv").get<std::string>(), std::string(KeyVariable));
            QVERIFY(!s.at("profile").contains("apiKey"));
        }
        QCOMPARE(seatLines, engine::SeatCount);
        // `townhall import` of the file into another database keeps them.
        auto other = Store::open(dir.filePath(QStringLiteral("other.sqlite")));
        QVERIFY(other);
        auto imported = other.value().importMatch(text);
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
        QCOMPARE(imported.value().modelSeats, std::size_t(engine::SeatCount));
        QCOMPARE(*other.value().exportMatch("match-1"), text);
    }

    void keepsOnlyTheMostRecentEndedMatches()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.filePath(QStringLiteral("r.sqlite")));
        QVERIFY(opened);
        Store store = std::move(opened.value());
        for (int i = 1; i <= 3; ++i)
            QVERIFY(commitMatch(store,
                                playedMatch("match-" + std::to_string(i),
                                            i,
                                            std::uint64_t(10 + i),
                                            1'700'000'000'000 + i * 1000)));
        engine::Lobby lobby(3, engine::MatchConfig{});
        Recovery r = recoverFromStore(store, lobby, 1'800'000'000'000, 2);
        QVERIFY(r.resumed.empty());
        QVERIFY(!lobby.match("match-1"));
        QVERIFY(lobby.match("match-2"));
        QVERIFY(lobby.match("match-3"));
    }
};

QTEST_GUILESS_MAIN(TestRecovery)
#include "tst_recovery.moc"
