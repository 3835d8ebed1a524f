// SPDX-License-Identifier: MIT
// What the store keeps of the seats played by language models (schema
// version 7): a seat's row and notes written with a batch, read back in seat
// order, replaced as they change; the seats waiting in the queue; the
// migration from version 6; and the export that carries the seats after the
// events, imported again byte for byte and refused when it is damaged or
// holds a key.

#include "host/store/store.h"

#include "tests/host/store/matchdriver.h"
#include "tests/host/store/storetestutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::storetest;
using json = nlohmann::json;
using Code = StoreError::Code;

namespace {
constexpr engine::TimeMs T0 = 1'700'000'000'000;

/// Commits the whole log of `m` with its rows, as the host does.
bool commitMatch(Store &store, const engine::Match &m)
{
    Batch b;
    b.addEvents(m.matchId(), m.log());
    b.matches.back().snapshot = snapshotOf(m);
    return store.commit(b).ok();
}

engine::Match playedMatch(const std::string &id, std::uint64_t seed, int steps = 100000)
{
    engine::Match m = createMatch(id, 1, seed, T0);
    MatchDriver(m, seed, T0).run(steps);
    return m;
}

/// The model seat of `m`'s player in seat `seat` (1-based), as the host writes it.
ModelSeatRow
seatRow(const engine::Match &m, int seat, const std::string &stats = R"({"modelCalls":3})")
{
    const engine::Player &p = m.state().players.at(std::size_t(seat - 1));
    return ModelSeatRow{
        m.matchId(),
        p.playerId,
        p.agentId,
        p.displayName,
        R"({"baseUrl":"http://127.0.0.1:1/v1","kind":"openai","model":"m","name":"local",)"
        R"("apiKeyEnv":"SEAT_KEY","inputPricePerMillion":3.0,"outputPricePerMillion":15.0})",
        "Speaks in riddles.",
        stats};
}

std::vector<ModelNoteRow> notesFor(const ModelSeatRow &seat, std::int64_t from, int count)
{
    std::vector<ModelNoteRow> out;
    for (int i = 0; i < count; ++i) {
        const std::int64_t n = from + i;
        out.push_back(ModelNoteRow{seat.matchId,
                                   seat.playerId,
                                   n,
                                   T0 + n,
                                   1,
                                   "DAY_DISCUSSION",
                                   n % 3 == 2 ? modelnotes::StandIn : modelnotes::Thought,
                                   "thought " + std::to_string(n) + " of " + seat.playerId});
    }
    return out;
}

std::vector<std::string> linesOf(const std::string &text)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        out.push_back(text.substr(pos, end - pos));
        pos = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}
} // namespace

class TstModelSeats : public QObject
{
    Q_OBJECT

private:
    QString dbPath(const QString &name = QStringLiteral("townhall.sqlite")) const
    {
        return m_dir->filePath(name);
    }
    /// An export of a finished match with model seats in seats 2 and 5.
    std::string exportWithModelSeats();

    std::unique_ptr<QTemporaryDir> m_dir;

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    void cleanup() { m_dir.reset(); }

    void seatsAndNotesRoundTrip()
    {
        const engine::Match m = playedMatch("match-1", 21, 40);
        {
            auto store = Store::open(dbPath());
            STORE_VERIFY(store);
            QVERIFY(commitMatch(*store, m));
            // Written in the opposite of seat order; read back in seat order.
            const ModelSeatRow five = seatRow(m, 5);
            const ModelSeatRow two = seatRow(m, 2);
            Batch b;
            b.addModelSeat(five);
            b.addModelSeat(two);
            b.addModelNotes(notesFor(five, 0, 4));
            b.addModelNotes(notesFor(two, 0, 2));
            STORE_VERIFY(store->commit(b));
            auto seats = store->modelSeats("match-1");
            STORE_VERIFY(seats);
            QCOMPARE(*seats, (std::vector<ModelSeatRow>{two, five}));
            auto notes = store->modelNotes("match-1", five.playerId);
            STORE_VERIFY(notes);
            QCOMPARE(*notes, notesFor(five, 0, 4));

            // A later batch: the row is replaced, new notes are added, and a
            // note sent again (after a failed commit) replaces its own number.
            ModelSeatRow later = five;
            later.statsJson = R"({"modelCalls":9})";
            Batch c;
            c.addModelSeat(five);
            c.addModelSeat(later); // the last row of a batch wins
            c.addModelNotes(notesFor(five, 3, 3));
            STORE_VERIFY(store->commit(c));
            QCOMPARE(store->modelSeats("match-1")->back(), later);
            QCOMPARE(*store->modelNotes("match-1", five.playerId), notesFor(five, 0, 6));
            QVERIFY(store->modelSeats("match-9")->empty());
            QVERIFY(store->modelNotes("match-1", "p-nobody")->empty());
        }
        // Durable: a reopened file has them.
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QCOMPARE(store->modelSeats("match-1")->size(), std::size_t(2));
        QCOMPARE(store->modelNotes("match-1", seatRow(m, 5).playerId)->size(), std::size_t(6));
    }

    void queuedSeatsAreRememberedUntilTheyGo()
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        const QueuedModelSeatRow a{"model:1:Ada", "Ada", R"({"kind":"openai"})", "", T0};
        const QueuedModelSeatRow b{"model:2:Bo", "Bo", R"({"kind":"anthropic"})", "Terse.", T0 + 1};
        Batch q;
        q.addQueuedModelSeat(b);
        q.addQueuedModelSeat(a);
        STORE_VERIFY(store->commit(q));
        QCOMPARE(*store->queuedModelSeats(), (std::vector<QueuedModelSeatRow>{a, b}));
        // Queued and seated in one batch: it waits no more.
        const QueuedModelSeatRow c{"model:3:Cy", "Cy", "{}", "", T0 + 2};
        Batch seated;
        seated.addQueuedModelSeat(c);
        seated.removeQueuedModelSeat(c.agentId);
        seated.removeQueuedModelSeat(a.agentId);
        STORE_VERIFY(store->commit(seated));
        QCOMPARE(*store->queuedModelSeats(), (std::vector<QueuedModelSeatRow>{b}));
    }

    void aRefusedBatchWritesNoSeat()
    {
        const engine::Match m = playedMatch("match-1", 22, 30);
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QVERIFY(commitMatch(*store, m));
        // The events repeat a stored seq: the whole batch is refused.
        Batch b;
        b.addEvents(m.matchId(), std::vector<engine::Event>{m.log().back()});
        b.addModelSeat(seatRow(m, 1));
        b.addModelNotes(notesFor(seatRow(m, 1), 0, 2));
        b.addQueuedModelSeat({"model:1:Ada", "Ada", "{}", "", T0});
        QVERIFY(!store->commit(b));
        QVERIFY(store->modelSeats("match-1")->empty());
        QVERIFY(store->modelNotes("match-1", seatRow(m, 1).playerId)->empty());
        QVERIFY(store->queuedModelSeats()->empty());
    }

    void migrationFromV6()
    {
        const engine::Match m = playedMatch("match-1", 23, 30);
        const QString path = dbPath(QStringLiteral("v6.sqlite"));
        {
            auto store = Store::open(path);
            STORE_VERIFY(store);
            QVERIFY(commitMatch(*store, m));
        }
        {
            RawDb raw(path);
            QVERIFY(toVersion6(raw));
            QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(),
                     6);
        }
        {
            auto store = Store::open(path);
            STORE_VERIFY(store);
            QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
            QCOMPARE(store->loadMatch("match-1")->stateHash(), m.stateHash());
            Batch b;
            b.addModelSeat(seatRow(m, 3));
            STORE_VERIFY(store->commit(b));
            QCOMPARE(store->modelSeats("match-1")->size(), std::size_t(1));
        }
        // The migrated file has exactly the schema of a fresh one.
        {
            auto fresh = Store::open(dbPath(QStringLiteral("fresh.sqlite")));
            STORE_VERIFY(fresh);
        }
        QStringList migrated;
        {
            RawDb raw(path);
            migrated = raw.schema();
        }
        RawDb fresh(dbPath(QStringLiteral("fresh.sqlite")));
        QCOMPARE(migrated, fresh.schema());
    }

    void exportCarriesSeatsAndImportRoundTrips()
    {
        const std::string text = exportWithModelSeats();
        QVERIFY(!text.empty());
        const std::vector<std::string> lines = linesOf(text);
        // The events, then one line per model seat in seat order.
        const engine::Match m = playedMatch("match-1", 24);
        QCOMPARE(lines.size(), m.log().size() + 2);
        for (std::size_t i = 0; i < m.log().size(); ++i)
            QVERIFY(!json::parse(lines[i]).contains("modelSeat"));
        for (int k = 0; k < 2; ++k) {
            const json seat = json::parse(lines[m.log().size() + std::size_t(k)]).at("modelSeat");
            QCOMPARE(seat.at("playerId").get<std::string>(), seatRow(m, k == 0 ? 2 : 5).playerId);
            QCOMPARE(seat.at("stats").at("modelCalls").get<int>(), k == 0 ? 3 : 4);
            QCOMPARE(seat.at("profile").at("model").get<std::string>(), std::string("m"));
            QCOMPARE(seat.at("persona").get<std::string>(), std::string("Speaks in riddles."));
            QCOMPARE(seat.at("notes").size(), std::size_t(k == 0 ? 2 : 3));
            QCOMPARE(seat.at("notes").at(1).at("text").get<std::string>(),
                     "thought 1 of " + seatRow(m, k == 0 ? 2 : 5).playerId);
            QVERIFY(!seat.at("profile").contains("apiKey"));
        }
        // Imported into another file: the same seats, and the same export.
        auto other = Store::open(dbPath(QStringLiteral("other.sqlite")));
        STORE_VERIFY(other);
        auto imported = other->importMatch(text);
        STORE_VERIFY(imported);
        QCOMPARE(imported->modelSeats, std::size_t(2));
        QCOMPARE(imported->eventCount, m.log().size());
        auto again = other->exportMatch("match-1");
        STORE_VERIFY(again);
        QCOMPARE(*again, text);
        QCOMPARE(other->modelNotes("match-1", seatRow(m, 5).playerId)->size(), std::size_t(3));
        // Readers that want the events only skip the seats.
        auto events = parseJsonLines(text);
        STORE_VERIFY(events);
        QCOMPARE(events->size(), m.log().size());
    }

    void importRefusesDamagedSeats_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("why");
        QTest::newRow("key in the profile")
            << QStringLiteral("apiKey") << QStringLiteral("API key");
        QTest::newRow("not a seat of the match")
            << QStringLiteral("player") << QStringLiteral("not a seat");
        QTest::newRow("another agent") << QStringLiteral("agent") << QStringLiteral("not a seat");
        QTest::newRow("another match") << QStringLiteral("match") << QStringLiteral("of match");
        QTest::newRow("a seat twice") << QStringLiteral("twice") << QStringLiteral("twice");
        QTest::newRow("note kind") << QStringLiteral("kind") << QStringLiteral("notes[0]");
        QTest::newRow("note phase") << QStringLiteral("phase") << QStringLiteral("notes[0]");
        QTest::newRow("notes out of order")
            << QStringLiteral("order") << QStringLiteral("out of order");
        QTest::newRow("stats not an object") << QStringLiteral("stats") << QStringLiteral("stats");
        QTest::newRow("no persona") << QStringLiteral("persona") << QStringLiteral("persona");
    }

    void importRefusesDamagedSeats()
    {
        QFETCH(QString, edit);
        QFETCH(QString, why);
        const std::string text = exportWithModelSeats();
        std::vector<std::string> lines = linesOf(text);
        json seat = json::parse(lines.back());
        json &s = seat.at("modelSeat");
        if (edit == QLatin1String("apiKey"))
            s["profile"]["apiKey"] = "sk-do-not-store";
        else if (edit == QLatin1String("player"))
            s["playerId"] = "p-nobody";
        else if (edit == QLatin1String("agent"))
            s["agentId"] = "agent-else";
        else if (edit == QLatin1String("match"))
            s["matchId"] = "match-2";
        else if (edit == QLatin1String("twice"))
            lines.push_back(lines.back());
        else if (edit == QLatin1String("kind"))
            s["notes"][0]["kind"] = "DREAM";
        else if (edit == QLatin1String("phase"))
            s["notes"][0]["phase"] = "TEATIME";
        else if (edit == QLatin1String("order"))
            s["notes"][1]["n"] = 0;
        else if (edit == QLatin1String("stats"))
            s["stats"] = json::array();
        else if (edit == QLatin1String("persona"))
            s.erase("persona");
        if (edit != QLatin1String("twice"))
            lines.back() = seat.dump();
        std::string damaged;
        for (const std::string &l : lines)
            damaged += l + "\n";

        auto other = Store::open(dbPath(QStringLiteral("other.sqlite")));
        STORE_VERIFY(other);
        auto r = other->importMatch(damaged);
        QVERIFY(!r);
        QCOMPARE(r.error().code, Code::Invalid);
        QVERIFY2(r.error().message.contains(why), qPrintable(r.error().message));
        QVERIFY2(r.error().message.contains(QStringLiteral("line %1").arg(lines.size())),
                 qPrintable(r.error().message));
        QVERIFY2(!r.error().message.contains(QStringLiteral("sk-do-not-store")),
                 qPrintable(r.error().message));
        // Nothing of it was stored.
        QVERIFY(other->matchIds()->empty());
        QVERIFY(other->modelSeats("match-1")->empty());
    }
};

std::string TstModelSeats::exportWithModelSeats()
{
    const engine::Match m = playedMatch("match-1", 24);
    if (!m.ended())
        return {};
    auto store = Store::open(dbPath(QStringLiteral("exported.sqlite")));
    if (!store || !commitMatch(*store, m))
        return {};
    const ModelSeatRow two = seatRow(m, 2);
    const ModelSeatRow five = seatRow(m, 5, R"({"modelCalls":4,"cost":0.00123})");
    Batch b;
    b.addModelSeat(five);
    b.addModelSeat(two);
    b.addModelNotes(notesFor(two, 0, 2));
    b.addModelNotes(notesFor(five, 0, 3));
    if (!store->commit(b))
        return {};
    auto text = store->exportMatch("match-1");
    return text ? *text : std::string();
}

QTEST_GUILESS_MAIN(TstModelSeats)
#include "tst_storemodelseats.moc"
