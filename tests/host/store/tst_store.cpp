// SPDX-License-Identifier: MIT
// The store against real SQLite files in a temporary directory: round trips,
// atomic batches, recovery by replay, idempotency, agents, export/import,
// replay to an event, and every way open() must refuse a file.

#include "host/store/store.h"

#include "tests/host/store/matchdriver.h"
#include "tests/host/store/storetestutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlError>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>
#include <map>
#include <memory>
#include <random>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::storetest;
using engine::Event;
using engine::Match;
using Code = StoreError::Code;

Q_DECLARE_METATYPE(townhall::host::StoreError::Code)

namespace {
constexpr engine::TimeMs T0 = 1'700'000'000'000;

Store::Options fixedClock()
{
    Store::Options o;
    o.clock = [] {
        return T0 + 5;
    };
    return o;
}
} // namespace

class TstStore : public QObject
{
    Q_OBJECT

private:
    QString dbPath(const QString &name = QStringLiteral("townhall.sqlite")) const
    {
        return m_dir->filePath(name);
    }
    /// Plays `match` to the end (or `maxSteps`), committing after every step.
    bool playAndCommit(Store &store, Match &match, std::uint64_t seed, int maxSteps = 100000);
    /// A store on dbPath() that fills event_seqs every `every` events and
    /// has committed `match` for `steps` steps (nothing if that failed).
    std::optional<Store> storeThatPlayed(Match &match, std::uint64_t seed, int steps, int every);
    /// A file at `path` with two matches in progress (15 and 10 steps).
    bool twoMatchesInProgress(const QString &path, Match &a, Match &b, std::uint64_t seed);
    /// The schema of `path` is exactly that of a fresh database.
    bool schemaOfAFreshFile(const QString &path);

    std::unique_ptr<QTemporaryDir> m_dir;

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void openCreatesSchemaAndDirectories();
    void defaultPathIsInAppData();
    void eventsRoundTrip();
    void eventsReadAcrossIndexedAndNewer_data();
    void eventsReadAcrossIndexedAndNewer();
    void duplicateWrittenBehindTheStoreIsNotRead();
    void secondWriterCannotRepeatASeq();
    void importByAnotherWriterKeepsTheCount();
    void eventReadsNeverScanTheTable();
    void lobbyJournalRoundTrip();
    void recoveryReplaysUnfinishedMatches();
    void recoveryChecksRowsThatLagBehindTheLog();
    void batchIsAtomic_data();
    void batchIsAtomic();
    void batchMergesCommandsOfManyMatches();
    void addLastPairsWithSubmitAndTick();
    void readerSeesCommitsWhileWriterRuns();
    void durabilityLevels();
    void crashKillLosesNothingAcknowledged();
    void appendEventsNeedsAMatch();
    void idempotencySurvivesReopen();
    void agents();
    void tokenNeverStoredInPlaintext();
    void exportImportSameHash();
    void importRejects_data();
    void importRejects();
    void importRefusesExistingMatch();
    void replayToEvent();
    void loadRefusesMalformedStoredEvents_data();
    void loadRefusesMalformedStoredEvents();
    void migrationFromV1();
    void migrationFromV4();
    void migrationFromV5();
    void failedMigrationLeavesFileUntouched();
    void refusesCorruptFile_data();
    void refusesCorruptFile();
    void refusesForeignDatabase_data();
    void refusesForeignDatabase();
    void refusesNewerSchema();
    void readOnlyDirectory();
    void readOnlyFile();
    void readOnlyOption();
    void diskFullRollsBack();
    void checkpointsOffTheCommittingThread();
    void invalidUtf8PayloadIsStoredReplaced();
    void settings();
};

void TstStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TownHallTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_store"));
}

void TstStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TstStore::cleanup()
{
    m_dir.reset();
}

bool TstStore::playAndCommit(Store &store, Match &match, std::uint64_t seed, int maxSteps)
{
    // Whatever of the log is not stored yet goes first (a new match's
    // creation events), then one commit per step, like the host.
    auto stored = store.loadEvents(match.matchId());
    if (!stored)
        return false;
    if (stored->size() < match.log().size()) {
        std::vector<Event> tail(match.log().begin() + std::ptrdiff_t(stored->size()),
                                match.log().end());
        if (auto r = commitStep(store, match, std::move(tail)); !r) {
            qWarning() << r.error().message;
            return false;
        }
    }
    MatchDriver driver(match, seed, match.log().back().at);
    for (int i = 0; i < maxSteps && !match.ended(); ++i) {
        std::vector<Event> ev = driver.step();
        if (ev.empty())
            break;
        if (auto r = commitStep(store, match, std::move(ev)); !r) {
            qWarning() << r.error().message;
            return false;
        }
    }
    return true;
}

static Store::Options fillingEvery(int every)
{
    Store::Options o;
    o.indexEventsEvery = every;
    return o;
}

std::optional<Store>
TstStore::storeThatPlayed(Match &match, std::uint64_t seed, int steps, int every)
{
    auto store = Store::open(dbPath(), fillingEvery(every));
    if (!store) {
        qWarning() << store.error().message;
        return std::nullopt;
    }
    if (!playAndCommit(*store, match, seed, steps))
        return std::nullopt;
    return std::move(*store);
}

bool TstStore::twoMatchesInProgress(const QString &path, Match &a, Match &b, std::uint64_t seed)
{
    auto store = Store::open(path);
    if (!store)
        return false;
    return playAndCommit(*store, a, seed, 15) && playAndCommit(*store, b, seed + 1, 10)
           && !a.ended() && !b.ended();
}

bool TstStore::schemaOfAFreshFile(const QString &path)
{
    const QString freshPath = dbPath(QStringLiteral("fresh.sqlite"));
    if (!Store::open(freshPath))
        return false;
    const QStringList a = RawDb(path).schema();
    const QStringList b = RawDb(freshPath).schema();
    if (a != b)
        qWarning() << "schema differs:" << a << "against a fresh file's" << b;
    return a == b;
}

// ------------------------------------------------------------------ open

void TstStore::openCreatesSchemaAndDirectories()
{
    const QString path = m_dir->filePath(QStringLiteral("a/b/c/th.sqlite"));
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
        QCOMPARE(store->path(), QFileInfo(path).absoluteFilePath());
        QVERIFY(QFileInfo::exists(path));
        auto ids = store->matchIds();
        STORE_VERIFY(ids);
        QVERIFY(ids->empty());
    }
    RawDb raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA application_id")).toInt(), Store::ApplicationId);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(),
             Store::SchemaVersion);
    const QStringList schema = raw.schema().join(QLatin1Char('\n')).split(QLatin1Char('\n'));
    for (const char *table : {"queue",
                              "matches",
                              "players",
                              "events",
                              "buildings",
                              "idempotency",
                              "agents",
                              "lobby_journal",
                              "schema_version",
                              "event_seqs",
                              "event_seqs_cover"})
        QVERIFY2(
            raw.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                                      "AND name = '%1'")
                           .arg(QLatin1String(table)))
                    .toInt()
                == 1,
            table);
    // Since version 6 an event insert touches one B-tree: events has no index.
    QCOMPARE(
        raw.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                                  "tbl_name = 'events'"))
            .toInt(),
        0);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT up_to_id FROM event_seqs_cover")).toInt(), 0);

    // Reopening an up-to-date file changes nothing about its version.
    auto again = Store::open(path);
    STORE_VERIFY(again);
    QCOMPARE(again->schemaVersion(), Store::SchemaVersion);
}

void TstStore::defaultPathIsInAppData()
{
    const QString p = Store::defaultPath();
    QVERIFY(p.endsWith(QStringLiteral("/townhall.sqlite")));
    QVERIFY(p.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
}

// ------------------------------------------------------------------ round trips

void TstStore::eventsReadAcrossIndexedAndNewer_data()
{
    QTest::addColumn<int>("every");
    QTest::newRow("every event indexed in its commit") << 1;
    QTest::newRow("every 2") << 2;
    QTest::newRow("every 7") << 7;
    QTest::newRow("every 64") << 64;
    QTest::newRow("never (past the matches' length)") << 100000;
}

void TstStore::eventsReadAcrossIndexedAndNewer()
{
    // Three matches played side by side, one commit per step (sometimes two
    // matches' steps in one), the store reopened half way: after every
    // commit each match reads back whole and from a cursor, whichever mix
    // of event_seqs and newer rows holds it, and the newer rows are exactly
    // those appended since the commit that last reached `every` of them.
    QFETCH(int, every);
    Store::Options o;
    o.indexEventsEvery = every;
    const QString path = dbPath();
    std::optional<Store> store;
    {
        auto opened = Store::open(path, o);
        STORE_VERIFY(opened);
        store.emplace(std::move(*opened));
    }
    RawDb raw(path);
    auto count = [&](const char *sql) {
        return raw.scalar(QLatin1String(sql)).toLongLong();
    };
    std::vector<Match> matches;
    std::vector<MatchDriver> drivers;
    matches.reserve(3);
    for (int i = 0; i < 3; ++i)
        matches.push_back(createMatch("match-" + std::to_string(i + 1), i + 1, 70 + i, T0));
    for (int i = 0; i < 3; ++i)
        drivers.emplace_back(matches[std::size_t(i)], 70 + i, T0);
    for (const Match &m : matches)
        STORE_VERIFY(commitStep(*store, m, m.log()));
    qint64 newer = count("SELECT count(*) FROM events");
    if (newer >= every)
        newer = 0;
    QCOMPARE(
        count("SELECT count(*) FROM events WHERE id > (SELECT up_to_id FROM event_seqs_cover)"),
        newer);

    int commits = 0;
    bool reopened = false;
    for (std::size_t turn = 0;; ++turn) {
        bool any = false;
        for (std::size_t i = 0; i < matches.size(); ++i) {
            Match &m = matches[i];
            if (m.ended())
                continue;
            std::vector<Event> ev = drivers[i].step();
            if (ev.empty())
                continue;
            any = true;
            Batch b;
            const qint64 appended = qint64(ev.size());
            b.add(m, std::move(ev));
            qint64 more = 0;
            if (turn % 3 == 0 && i + 1 < matches.size() && !matches[i + 1].ended()) {
                std::vector<Event> other = drivers[i + 1].step(); // two matches, one commit
                more = qint64(other.size());
                if (!other.empty())
                    b.add(matches[i + 1], std::move(other));
            }
            if (commits % 4 == 0) {
                // A batch that fails after its events went in (and maybe
                // were indexed) leaves no trace, in the file or the count.
                Batch bad = b;
                const std::size_t other = (i + 1) % matches.size();
                bad.matches.push_back(MatchWrite{m.matchId(), {}, snapshotOf(matches[other])});
                auto r = store->commit(bad);
                QVERIFY(!r.ok());
                QCOMPARE(r.error().code, Code::Invalid);
            }
            STORE_VERIFY(store->commit(b));
            ++commits;
            newer += appended + more;
            if (newer >= every)
                newer = 0;
            QCOMPARE(count("SELECT count(*) FROM events WHERE id > "
                           "(SELECT up_to_id FROM event_seqs_cover)"),
                     newer);
            for (const Match &x : matches) {
                auto all = store->loadEvents(x.matchId());
                STORE_VERIFY(all);
                QVERIFY2(sameEvents(*all, x.log()), x.matchId().c_str());
                const std::uint64_t cursor
                    = x.log().size() - std::min<std::size_t>(x.log().size(), 5);
                auto tail = store->loadEvents(x.matchId(), cursor);
                STORE_VERIFY(tail);
                QVERIFY(sameEvents(
                    *tail,
                    std::vector<Event>(x.log().begin() + std::ptrdiff_t(cursor), x.log().end())));
            }
            if (!reopened && commits == 60) {
                // A new store learns how many events wait from the file, and
                // the last seqs from both parts.
                store.reset();
                auto again = Store::open(path, o);
                STORE_VERIFY(again);
                store.emplace(std::move(*again));
                reopened = true;
            }
        }
        if (!any)
            break;
    }
    QVERIFY(reopened);
    for (const Match &m : matches)
        QVERIFY(m.ended());
    // Every event is in exactly one part: event_seqs up to the cover, by
    // rowid above it; and event_seqs points at the right rows.
    QCOMPARE(count("SELECT count(*) FROM event_seqs") + newer,
             count("SELECT count(*) FROM events"));
    QCOMPARE(count("SELECT count(*) FROM event_seqs s JOIN events e ON e.id = s.id "
                   "AND e.match_id = s.match_id AND e.seq = s.seq"),
             count("SELECT count(*) FROM event_seqs"));
    QCOMPARE(
        count("SELECT count(*) FROM events WHERE id <= (SELECT up_to_id FROM event_seqs_cover)"),
        count("SELECT count(*) FROM event_seqs"));
    std::size_t logged = 0;
    for (const Match &m : matches)
        logged += m.log().size();
    QCOMPARE(count("SELECT count(*) FROM events"), qint64(logged));
}

void TstStore::duplicateWrittenBehindTheStoreIsNotRead()
{
    // Only a write behind the store's back can repeat a (match, seq). It
    // must not stop the store, and the match reads back once with the row
    // written first, before the duplicate is indexed and after.
    const QString path = dbPath();
    Match m = createMatch("match-1", 1, 3, T0);
    QVERIFY(storeThatPlayed(m, 3, 10, 1000));
    {
        RawDb raw(path);
        QVERIFY(raw.exec(QStringLiteral(
            "INSERT INTO events (match_id, seq, event_id, at_ms, type, audience, "
            "audience_player_id, payload) SELECT match_id, seq, event_id, at_ms, type, audience, "
            "audience_player_id, '{\"forged\":true}' FROM events WHERE seq = 2")));
    }
    const QRegularExpression twice(QStringLiteral("is stored twice"));
    {
        auto store = Store::open(path, fillingEvery(1000));
        STORE_VERIFY(store);
        QTest::ignoreMessage(QtWarningMsg, twice);
        auto events = store->loadEvents("match-1");
        STORE_VERIFY(events);
        QVERIFY(sameEvents(*events, m.log()));
    }
    auto again = Store::open(path, fillingEvery(1));
    STORE_VERIFY(again);
    QTest::ignoreMessage(QtWarningMsg, twice); // playAndCommit's first read
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("repeat the \\(match, seq\\)")));
    QVERIFY(playAndCommit(*again, m, 4, 3));
    auto events = again->loadEvents("match-1");
    STORE_VERIFY(events);
    QVERIFY(sameEvents(*events, m.log()));
    RawDb raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM events")).toLongLong(),
             qint64(m.log().size()) + 1);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM event_seqs")).toLongLong(),
             qint64(m.log().size()));
}

void TstStore::secondWriterCannotRepeatASeq()
{
    // Two stores on one file (a second host, say): each remembers the logs
    // it wrote, and the file no longer refuses a repeated (match, seq) by
    // itself. A store that another connection wrote behind must check its
    // events against the file, not its memory.
    Match a = createMatch("match-1", 1, 9, T0);
    std::optional<Store> first = storeThatPlayed(a, 9, 6, 1000);
    QVERIFY(first);
    Match b = a; // the second writer's copy of the same match
    auto second = Store::open(dbPath(), fillingEvery(1000));
    STORE_VERIFY(second);
    MatchDriver db(b, 10, b.log().back().at);
    std::vector<Event> theirs = db.step();
    QVERIFY(!theirs.empty());
    STORE_VERIFY(commitStep(*second, b, theirs));

    MatchDriver da(a, 11, a.log().back().at);
    std::vector<Event> mine = da.step();
    QVERIFY(!mine.empty());
    auto r = commitStep(*first, a, mine);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, Code::Conflict);
    auto events = first->loadEvents("match-1");
    STORE_VERIFY(events);
    QVERIFY(sameEvents(*events, b.log()));
    // The refused store goes on from the file's log.
    MatchDriver more(b, 12, b.log().back().at);
    STORE_VERIFY(commitStep(*first, b, more.step()));
    auto after = second->loadEvents("match-1");
    STORE_VERIFY(after);
    QVERIFY(sameEvents(*after, b.log()));
}

void TstStore::importByAnotherWriterKeepsTheCount()
{
    // `townhall import` while a host runs: the importing connection fills
    // event_seqs with the host's waiting events too. The host's count of
    // waiting events follows the file, so its next fill finds what it
    // expects (no false report of repeated events) and the part read by
    // rowid stays under indexEventsEvery.
    const QString path = dbPath();
    Match a = createMatch("match-1", 1, 21, T0);
    std::optional<Store> store = storeThatPlayed(a, 21, 30, 40);
    QVERIFY(store);
    RawDb raw(path);
    auto newer = [&] {
        return raw
            .scalar(QStringLiteral("SELECT count(*) FROM events WHERE id > "
                                   "(SELECT up_to_id FROM event_seqs_cover)"))
            .toLongLong();
    };
    QVERIFY(newer() > 0);
    QVERIFY(newer() < 40);

    Match finished = createMatch("match-2", 2, 22, T0);
    MatchDriver fd(finished, 22, T0);
    while (!finished.ended() && !fd.step().empty()) {
    }
    QVERIFY(finished.ended());
    {
        auto other = Store::open(path, fillingEvery(1));
        STORE_VERIFY(other);
        STORE_VERIFY(other->importMatch(toJsonLines(finished.log())));
    }
    QCOMPARE(newer(), qint64(0));
    QTest::failOnWarning(QRegularExpression(QStringLiteral("repeat the")));
    QVERIFY(playAndCommit(*store, a, 23));
    QVERIFY(a.ended());
    QVERIFY(newer() < 40);
    for (const Match *m : {&a, &finished}) {
        auto events = store->loadEvents(m->matchId());
        STORE_VERIFY(events);
        QVERIFY(sameEvents(*events, m->log()));
    }
}

void TstStore::eventReadsNeverScanTheTable()
{
    // The reads and the fill use event_seqs' key and rowid ranges: a plan
    // that scans events (or event_seqs) whole would grow with the file.
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    Match m = createMatch("match-1", 1, 5, T0);
    QVERIFY(playAndCommit(*store, m, 5));
    RawDb raw(dbPath());
    QVERIFY(raw.exec(QStringLiteral("ANALYZE")));
    const QRegularExpression fullScan(QStringLiteral("\\bSCAN (events|event_seqs|e|s)\\b"));
    for (QString sql : Store::eventReadStatements()) {
        // Values in place of the parameters (a match, then a seq).
        sql.replace(QStringLiteral("?1"), QStringLiteral("'match-1'"));
        for (int i = 0; sql.contains(QLatin1Char('?')); ++i)
            sql.replace(sql.indexOf(QLatin1Char('?')),
                        1,
                        i % 2 == 0 ? QStringLiteral("'match-1'") : QStringLiteral("0"));
        QSqlQuery q(raw.db());
        QVERIFY2(q.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + sql),
                 qPrintable(q.lastError().text()));
        QStringList plan;
        while (q.next())
            plan << q.value(3).toString();
        QVERIFY2(!plan.isEmpty(), qPrintable(sql));
        for (const QString &line : plan)
            QVERIFY2(!fullScan.match(line).hasMatch(),
                     qPrintable(sql + QStringLiteral("\n") + plan.join(QLatin1Char('\n'))));
    }
}

void TstStore::eventsRoundTrip()
{
    Match m = createMatch("match-1", 1, 42, T0);
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, m, 42));
        QVERIFY(m.ended());
    }
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    auto events = store->loadEvents("match-1");
    STORE_VERIFY(events);
    QVERIFY(sameEvents(*events, m.log()));
    QVERIFY(events->size() > 50);

    // A cursor read returns the tail only.
    auto tail = store->loadEvents("match-1", 10);
    STORE_VERIFY(tail);
    QCOMPARE(tail->size(), m.log().size() - 10);
    QCOMPARE(tail->front().seq, std::uint64_t(11));

    auto loaded = store->loadMatch("match-1");
    STORE_VERIFY(loaded);
    QCOMPARE(loaded->stateHash(), m.stateHash());

    auto row = store->matchRow("match-1");
    STORE_VERIFY(row);
    const MatchSnapshot expected = snapshotOf(m);
    QCOMPARE(row->lastSeq, m.log().size());
    QVERIFY(row->ended);
    QVERIFY(row->winner.has_value());
    QCOMPARE(*row->stateHash, m.stateHash());
    QVERIFY(*row == expected.match);
    auto players = store->playerRows("match-1");
    STORE_VERIFY(players);
    QCOMPARE(players->size(), std::size_t(8));
    QVERIFY(*players == expected.players);

    auto active = store->matchIds(MatchStatus::Active);
    auto ended = store->matchIds(MatchStatus::Ended);
    STORE_VERIFY(active);
    STORE_VERIFY(ended);
    QVERIFY(active->empty());
    QCOMPARE(*ended, std::vector<std::string>{"match-1"});
    QVERIFY(!store->matchRow("match-404").ok());
    QCOMPARE(store->matchRow("match-404").error().code, Code::NotFound);
}

void TstStore::lobbyJournalRoundTrip()
{
    engine::Lobby lobby(7);
    std::vector<engine::LobbyRecord> all;
    Batch b;
    FilledTable t = fillTable(lobby, "agent-", T0);
    QVERIFY(t.match);
    b.addLobbyRecords(t.records);
    b.add(*t.match, t.events);
    all = t.records;
    // Two more agents queue, one leaves again.
    for (const char *a : {"late-1", "late-2"}) {
        auto r = lobby.join(a, std::string("Late ") + a, engine::DefaultQueueId, T0 + 100);
        QVERIFY(r.ok());
        b.addLobbyRecords(r->records);
        all.insert(all.end(), r->records.begin(), r->records.end());
    }
    auto left = lobby.leave("late-1", engine::DefaultQueueId, T0 + 200);
    QVERIFY(left.ok());
    b.addLobbyRecords(left->records);
    all.insert(all.end(), left->records.begin(), left->records.end());
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        STORE_VERIFY(store->commit(b));
    }
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    auto journal = store->loadLobbyJournal();
    STORE_VERIFY(journal);
    QCOMPARE(journal->size(), all.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        QCOMPARE(QString::fromStdString((*journal)[i].toJson().dump()),
                 QString::fromStdString(all[i].toJson().dump()));

    // Folding the journal rebuilds the queue and the town map.
    engine::Lobby rebuilt(7);
    for (const engine::LobbyRecord &r : *journal)
        rebuilt.applyRecord(r);
    QCOMPARE(rebuilt.matchCounter(), lobby.matchCounter());
    QCOMPARE(rebuilt.queue().size(), std::size_t(1));
    QCOMPARE(rebuilt.queue().front().agentId, std::string("late-2"));

    // The queue and buildings tables agree with the fold.
    auto queue = store->queue();
    STORE_VERIFY(queue);
    QCOMPARE(queue->size(), std::size_t(1));
    QCOMPARE(queue->front().agentId, std::string("late-2"));
    auto buildings = store->buildings();
    STORE_VERIFY(buildings);
    QCOMPARE(buildings->size(), std::size_t(1));
    const engine::Building *b0 = lobby.building(t.match->matchId());
    QVERIFY(b0);
    QCOMPARE(buildings->front().matchId, b0->matchId);
    QCOMPARE(buildings->front().label, b0->label);
    QCOMPARE(buildings->front().x, b0->x);
    QCOMPARE(buildings->front().y, b0->y);
}

void TstStore::recoveryReplaysUnfinishedMatches()
{
    Match finished = createMatch("match-1", 1, 11, T0);
    Match running = createMatch("match-2", 2, 22, T0);
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, finished, 11));
        QVERIFY(playAndCommit(*store, running, 22, 40)); // stops mid-match
        QVERIFY(!running.ended());
    }
    std::uint64_t seqBefore = 0;
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        auto recovered = store->unfinishedMatches();
        STORE_VERIFY(recovered);
        QCOMPARE(recovered->size(), std::size_t(1));
        RecoveredMatch &rm = recovered->front();
        QVERIFY2(rm.problem.isEmpty(), qPrintable(rm.problem));
        QVERIFY(rm.match.has_value());
        QVERIFY(rm.hashVerified);
        QCOMPARE(rm.match->stateHash(), running.stateHash());
        QCOMPARE(rm.row.matchId, std::string("match-2"));
        seqBefore = rm.match->state().lastSeq;

        // The host goes on with the replayed match in a fresh process: the
        // store must continue the log from the stored seq.
        Match resumed = std::move(*rm.match);
        auto resumeEvents = resumed.resume(resumed.log().back().at + 60'000, "recovery");
        QVERIFY(!resumeEvents.empty());
        STORE_VERIFY(commitStep(*store, resumed, resumeEvents));
        QVERIFY(playAndCommit(*store, resumed, 23));
        QVERIFY(resumed.ended());
        auto reloaded = store->loadMatch("match-2");
        STORE_VERIFY(reloaded);
        QCOMPARE(reloaded->stateHash(), resumed.stateHash());
    }
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    auto recovered = store->unfinishedMatches();
    STORE_VERIFY(recovered);
    QVERIFY(recovered->empty());
    auto row = store->matchRow("match-2");
    STORE_VERIFY(row);
    QVERIFY(row->ended);
    QVERIFY(row->lastSeq > seqBefore);
}

void TstStore::recoveryChecksRowsThatLagBehindTheLog()
{
    // The host writes the rows at phase changes only: later events may
    // follow with no row refresh. Recovery checks the stored hash at the
    // row's own seq, and still resumes from the end of the log.
    Match m = createMatch("match-1", 1, 5, T0);
    std::uint64_t rowSeq = 0;
    std::uint64_t rowHash = 0;
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, m, 5, 30));
        QVERIFY(!m.ended());
        rowSeq = m.state().lastSeq;
        rowHash = m.stateHash();
        MatchDriver driver(m, 6, m.log().back().at);
        for (int i = 0; i < 5 && !m.ended(); ++i) {
            Batch b;
            b.addEvents(m.matchId(), driver.step());
            STORE_VERIFY(store->commit(b));
        }
        QVERIFY(m.state().lastSeq > rowSeq);
        QVERIFY(!m.ended());
    }
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        auto row = store->matchRow("match-1");
        STORE_VERIFY(row);
        QCOMPARE(row->lastSeq, rowSeq);
        auto recovered = store->unfinishedMatches();
        STORE_VERIFY(recovered);
        QCOMPARE(recovered->size(), std::size_t(1));
        const RecoveredMatch &rm = recovered->front();
        QVERIFY2(rm.problem.isEmpty(), qPrintable(rm.problem));
        QVERIFY(rm.hashVerified);
        QVERIFY(rm.match.has_value());
        QCOMPARE(rm.match->state().lastSeq, m.state().lastSeq);
        QCOMPARE(rm.match->stateHash(), m.stateHash());
    }
    // A row whose hash is not the state at its seq is reported.
    {
        RawDb raw(dbPath());
        // Event text is bound as bytes but stored as TEXT.
        QCOMPARE(raw.scalar(QStringLiteral(
                                "SELECT count(*) FROM events WHERE typeof(payload) = 'text' "
                                "AND typeof(match_id) = 'text' AND typeof(event_id) = 'text'"))
                     .toULongLong(),
                 m.state().lastSeq);
        QVERIFY(raw.exec(QStringLiteral("UPDATE matches SET state_hash = '%1'")
                             .arg(rowHash ^ 1, 16, 16, QLatin1Char('0'))));
    }
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    auto recovered = store->unfinishedMatches();
    STORE_VERIFY(recovered);
    QCOMPARE(recovered->size(), std::size_t(1));
    QVERIFY(!recovered->front().hashVerified);
    QVERIFY(recovered->front().problem.contains(QStringLiteral("state hash")));
}

void TstStore::batchIsAtomic_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<Code>("code");
    QTest::newRow("seq gap") << QStringLiteral("gap") << Code::Conflict;
    QTest::newRow("duplicate seq") << QStringLiteral("duplicate") << Code::Conflict;
    QTest::newRow("CHECK constraint in SQLite") << QStringLiteral("check") << Code::Conflict;
    QTest::newRow("rows ahead of the log") << QStringLiteral("ahead") << Code::Conflict;
    QTest::newRow("events of an unknown match") << QStringLiteral("unknown") << Code::NotFound;
}

void TstStore::batchIsAtomic()
{
    QFETCH(QString, fault);
    QFETCH(Code, code);
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    Match a = createMatch("match-1", 1, 5, T0);
    Match b = createMatch("match-2", 2, 6, T0);
    STORE_VERIFY(commitStep(*store, a, a.log()));
    STORE_VERIFY(commitStep(*store, b, b.log()));
    const std::size_t aBefore = a.log().size();
    const std::size_t bBefore = b.log().size();

    MatchDriver da(a, 5, T0);
    MatchDriver db(b, 6, T0);
    Batch batch;
    engine::LobbyRecord rec;
    rec.kind = engine::LobbyRecord::Kind::Joined;
    rec.at = T0;
    rec.queueId = engine::DefaultQueueId;
    rec.agentId = "someone";
    rec.displayName = "Someone";
    batch.addLobbyRecords({rec});
    batch.add(a, da.step()); // a good write, first in the batch
    batch.addIdempotency({"match.ready", "k1", "agent-x", std::string("match-1"), "h", "{}", 0});
    std::vector<Event> bad = db.step(); // the faulty one, later in the batch
    QVERIFY(bad.size() >= 1);
    if (fault == QLatin1String("gap")) {
        std::vector<Event> more = db.step();
        batch.add(b, more); // skips the events of the first step
    } else if (fault == QLatin1String("duplicate")) {
        std::vector<Event> dup{b.log().front()};
        batch.addEvents("match-2", dup);
    } else if (fault == QLatin1String("check")) {
        batch.add(b, bad);
        batch.matches.back().snapshot->players[0].seat = 13; // CHECK (seat BETWEEN 1 AND 12)
    } else if (fault == QLatin1String("ahead")) {
        batch.matches.push_back(MatchWrite{"match-2", {}, snapshotOf(b)}); // rows, no events
    } else if (fault == QLatin1String("unknown")) {
        Match c = createMatch("match-3", 3, 7, T0);
        batch.addEvents("match-3", c.log());
    }

    auto r = store->commit(batch);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, code);
    QVERIFY(!r.error().message.isEmpty());

    // Nothing of the batch is stored, including the good parts before the fault.
    auto ea = store->loadEvents("match-1");
    auto eb = store->loadEvents("match-2");
    auto journal = store->loadLobbyJournal();
    auto idem = store->getIdempotency("match.ready", "k1", "agent-x");
    STORE_VERIFY(ea);
    STORE_VERIFY(eb);
    STORE_VERIFY(journal);
    STORE_VERIFY(idem);
    QCOMPARE(ea->size(), aBefore);
    QCOMPARE(eb->size(), bBefore);
    QVERIFY(journal->empty());
    QVERIFY(!idem->has_value());
    auto row = store->matchRow("match-1");
    STORE_VERIFY(row);
    QCOMPARE(row->lastSeq, aBefore);
    auto players = store->playerRows("match-2");
    STORE_VERIFY(players);
    QCOMPARE(players->front().seat, 1);

    // The store stays usable: the good part alone commits, and the log goes on.
    Batch good;
    good.add(a, std::vector<Event>(a.log().begin() + std::ptrdiff_t(aBefore), a.log().end()));
    STORE_VERIFY(store->commit(good));
    auto after = store->loadEvents("match-1");
    STORE_VERIFY(after);
    QVERIFY(sameEvents(*after, a.log()));
}

void TstStore::batchMergesCommandsOfManyMatches()
{
    // Like a busy host: several commands of several matches in one commit.
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    std::vector<Match> matches;
    for (int i = 0; i < 4; ++i)
        matches.push_back(createMatch("match-" + std::to_string(i + 1), i + 1, 100 + i, T0));
    std::vector<MatchDriver> drivers;
    for (int i = 0; i < 4; ++i)
        drivers.emplace_back(matches[std::size_t(i)], 100 + i, T0);
    Batch first;
    for (Match &m : matches)
        first.add(m, m.log());
    STORE_VERIFY(store->commit(first));
    int commits = 0;
    bool running = true;
    while (running) {
        running = false;
        Batch b;
        for (std::size_t i = 0; i < matches.size(); ++i)
            for (int k = 0; k < 3; ++k)
                if (!matches[i].ended()) {
                    b.add(matches[i], drivers[i].step());
                    running = true;
                }
        STORE_VERIFY(store->commit(b));
        ++commits;
    }
    QVERIFY(commits > 10);
    for (const Match &m : matches) {
        auto loaded = store->loadMatch(m.matchId());
        STORE_VERIFY(loaded);
        QCOMPARE(loaded->stateHash(), m.stateHash());
        auto row = store->matchRow(m.matchId());
        STORE_VERIFY(row);
        QVERIFY(*row == snapshotOf(m).match);
        auto players = store->playerRows(m.matchId());
        STORE_VERIFY(players);
        QVERIFY(*players == snapshotOf(m).players);
    }
    auto stats = store->stats();
    STORE_VERIFY(stats);
    QCOMPARE(stats->matches, qint64(4));
}

void TstStore::addLastPairsWithSubmitAndTick()
{
    // The host's hot path: submit/tick report a count, the events are the
    // tail of the log.
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    Match m = createMatch("match-1", 1, 17, T0);
    Batch first;
    first.addLast(m, m.log().size());
    STORE_VERIFY(store->commit(first));
    engine::TimeMs now = T0;
    for (const engine::Player &p : std::vector<engine::Player>(m.state().players)) {
        engine::Command c;
        c.kind = engine::Command::Kind::Ready;
        c.playerId = p.playerId;
        auto n = m.submit(c, now += 100);
        QVERIFY(n.ok());
        Batch b;
        b.addLast(m, *n);
        STORE_VERIFY(store->commit(b));
    }
    for (int i = 0; i < 5; ++i) {
        const auto deadline = m.nextDeadline();
        QVERIFY(deadline.has_value());
        const std::size_t n = m.tick(*deadline);
        Batch b;
        b.addLast(m, n);
        STORE_VERIFY(store->commit(b));
    }
    auto stored = store->loadEvents("match-1");
    STORE_VERIFY(stored);
    QVERIFY(sameEvents(*stored, m.log()));
    QVERIFY(*store->matchRow("match-1") == snapshotOf(m).match);
}

void TstStore::readerSeesCommitsWhileWriterRuns()
{
    // `townhall export` while the host runs: WAL lets a reader in, and it
    // reads every event across the writer's fills of event_seqs.
    Store::Options w;
    w.indexEventsEvery = 3;
    auto writer = Store::open(dbPath(), w);
    STORE_VERIFY(writer);
    Match m = createMatch("match-1", 1, 18, T0);
    STORE_VERIFY(commitStep(*writer, m, m.log()));
    Store::Options ro;
    ro.readOnly = true;
    auto reader = Store::open(dbPath(), ro);
    STORE_VERIFY(reader);
    MatchDriver d(m, 18, T0);
    for (int i = 0; i < 20; ++i) {
        STORE_VERIFY(commitStep(*writer, m, d.step()));
        auto seen = reader->loadEvents("match-1");
        STORE_VERIFY(seen);
        QVERIFY(sameEvents(*seen, m.log()));
    }
    QCOMPARE(*reader->exportMatch("match-1"), *writer->exportMatch("match-1"));
}

void TstStore::durabilityLevels()
{
    {
        auto normal = Store::open(dbPath());
        STORE_VERIFY(normal);
        auto st = normal->stats();
        STORE_VERIFY(st);
        QCOMPARE(st->journalMode, QStringLiteral("wal"));
        QCOMPARE(st->synchronous, 1);
        QCOMPARE(normal->durability(), Durability::Normal);
    }
    Store::Options o;
    o.durability = Durability::Full;
    auto full = Store::open(dbPath(), o);
    STORE_VERIFY(full);
    auto st = full->stats();
    STORE_VERIFY(st);
    QCOMPARE(st->journalMode, QStringLiteral("wal"));
    QCOMPARE(st->synchronous, 2);
}

namespace {
constexpr const char *CrashChildEnv = "TOWNHALL_STORE_CRASH_CHILD";

void ack(const Match &m)
{
    // Printed only after commit() returned: this is what "acknowledged" means.
    std::printf(
        "ack %s %llu\n", m.matchId().c_str(), static_cast<unsigned long long>(m.state().lastSeq));
    std::fflush(stdout);
}

/// The writer that the crash test kills: recovers what a previous writer
/// left, then plays three matches at a time forever, one commit per step.
int crashChild(const QString &path)
{
    Store::Options o;
    o.indexEventsEvery = 16; // event_seqs filled every few commits: kills land around fills
    auto store = Store::open(path, o);
    if (!store) {
        std::fprintf(stderr, "child open: %s\n", qPrintable(store.error().message));
        return 2;
    }
    std::vector<std::unique_ptr<Match>> live;
    std::vector<std::unique_ptr<MatchDriver>> drivers;
    auto recovered = store->unfinishedMatches();
    if (!recovered)
        return 3;
    for (RecoveredMatch &rm : *recovered) {
        if (!rm.match || !rm.hashVerified) {
            std::fprintf(stderr, "child recovery: %s\n", qPrintable(rm.problem));
            return 4;
        }
        auto m = std::make_unique<Match>(std::move(*rm.match));
        const engine::TimeMs now = m->log().back().at + 1000;
        if (!commitStep(*store, *m, m->resume(now, "recovery")).ok())
            return 5;
        ack(*m);
        drivers.push_back(std::make_unique<MatchDriver>(*m, m->state().lastSeq, now));
        live.push_back(std::move(m));
    }
    auto ids = store->matchIds();
    if (!ids)
        return 6;
    int next = int(ids->size()) + 1;
    QElapsedTimer lifetime;
    lifetime.start();
    while (lifetime.elapsed() < 60'000) { // never outlive a crashed parent for long
        while (live.size() < 3) {
            auto m = std::make_unique<Match>(
                createMatch("match-" + std::to_string(next), next, 500 + next, T0));
            ++next;
            if (!commitStep(*store, *m, m->log()).ok())
                return 7;
            ack(*m);
            drivers.push_back(std::make_unique<MatchDriver>(*m, m->state().seed, T0));
            live.push_back(std::move(m));
        }
        for (std::size_t i = 0; i < live.size(); ++i) {
            std::vector<Event> ev = drivers[i]->step();
            if (ev.empty())
                continue;
            if (auto r = commitStep(*store, *live[i], std::move(ev)); !r) {
                std::fprintf(stderr, "child commit: %s\n", qPrintable(r.error().message));
                return 8;
            }
            ack(*live[i]);
        }
        for (std::size_t i = live.size(); i-- > 0;)
            if (live[i]->ended()) {
                drivers.erase(drivers.begin() + std::ptrdiff_t(i));
                live.erase(live.begin() + std::ptrdiff_t(i));
            }
    }
    return 0;
}
} // namespace

void TstStore::crashKillLosesNothingAcknowledged()
{
    const QString path = dbPath();
    std::mt19937 rng(20261122); // fixed: the same kill moments every run
    std::map<std::string, std::uint64_t> acked;
    qint64 filled = 0;
    for (int round = 0; round < 8; ++round) {
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(CrashChildEnv), path);
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("townhall.store.*=false"));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), QStringList());
        QVERIFY(child.waitForStarted());
        const int target = std::uniform_int_distribution<int>(1, 120)(rng);
        QByteArray out;
        QElapsedTimer timer;
        timer.start();
        while (out.count('\n') < target && timer.elapsed() < 60'000
               && child.state() == QProcess::Running) {
            child.waitForReadyRead(50);
            out += child.readAllStandardOutput();
        }
        QVERIFY2(child.state() == QProcess::Running, child.readAllStandardError().constData());
        child.kill(); // SIGKILL: no destructors, no checkpoint, no cleanup
        QVERIFY(child.waitForFinished());
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        out += child.readAllStandardOutput();
        int lines = 0;
        for (const QByteArray &line : out.split('\n')) {
            const QList<QByteArray> f = line.split(' ');
            if (f.size() != 3 || f[0] != "ack")
                continue; // a line cut by the kill is not an acknowledgement
            std::uint64_t &seq = acked[f[1].toStdString()];
            seq = std::max<std::uint64_t>(seq, f[2].toULongLong());
            ++lines;
        }
        QVERIFY(lines >= target);

        auto store = Store::open(path);
        STORE_VERIFY(store);
        for (const auto &[id, seq] : acked) {
            auto events = store->loadEvents(id);
            STORE_VERIFY(events);
            QVERIFY2(events->size() >= seq, id.c_str());
            auto row = store->matchRow(id);
            STORE_VERIFY(row);
            QCOMPARE(row->lastSeq, events->size());
            auto replayed = store->loadMatch(id);
            STORE_VERIFY(replayed);
            QCOMPARE(replayed->stateHash(), *row->stateHash);
        }
        auto recovered = store->unfinishedMatches();
        STORE_VERIFY(recovered);
        for (const RecoveredMatch &rm : *recovered)
            QVERIFY2(rm.hashVerified, qPrintable(rm.problem));
        // Every event is in event_seqs or above its cover, never both.
        RawDb raw(path);
        const qint64 events
            = raw.scalar(QStringLiteral("SELECT count(*) FROM events")).toLongLong();
        QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM event_seqs")).toLongLong()
                     + raw.scalar(QStringLiteral("SELECT count(*) FROM events WHERE id > "
                                                 "(SELECT up_to_id FROM event_seqs_cover)"))
                           .toLongLong(),
                 events);
        filled = raw.scalar(QStringLiteral("SELECT count(*) FROM event_seqs")).toLongLong();
    }
    QVERIFY(acked.size() >= 3);
    QVERIFY(filled > 0);
}

void TstStore::appendEventsNeedsAMatch()
{
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    Match m = createMatch("match-1", 1, 3, T0);
    auto r = store->appendEvents("match-1", m.log());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, Code::NotFound);

    std::vector<Event> first(m.log().begin(), m.log().begin() + 2);
    std::vector<Event> rest(m.log().begin() + 2, m.log().end());
    Batch b;
    b.addEvents("match-1", first);
    b.matches.back().snapshot = snapshotOf(m);
    b.matches.back().snapshot->match.lastSeq = 2; // rows that describe what is stored
    STORE_VERIFY(store->commit(b));
    STORE_VERIFY(store->appendEvents("match-1", rest));
    auto loaded = store->loadEvents("match-1");
    STORE_VERIFY(loaded);
    QVERIFY(sameEvents(*loaded, m.log()));
    // Appending the same events again is a conflict, not a silent duplicate.
    auto again = store->appendEvents("match-1", rest);
    QVERIFY(!again.ok());
    QCOMPARE(again.error().code, Code::Conflict);
}

void TstStore::idempotencySurvivesReopen()
{
    {
        auto store = Store::open(dbPath(), fixedClock());
        STORE_VERIFY(store);
        STORE_VERIFY(store->putIdempotency("match.vote",
                                           "key-1",
                                           "agent-a",
                                           std::string("match-1"),
                                           "args#1",
                                           R"({"ok":true,"eventId":"match-1:00000042"})"));
        STORE_VERIFY(store->putIdempotency(
            "queue.join", "key-1", "agent-b", std::nullopt, "args#2", R"({"ok":true})"));
        // First write wins: a retried put does not replace the stored result.
        STORE_VERIFY(store->putIdempotency("match.vote",
                                           "key-1",
                                           "agent-a",
                                           std::string("match-1"),
                                           "args#other",
                                           R"({"ok":false})"));
    }
    auto store = Store::open(dbPath(), fixedClock());
    STORE_VERIFY(store);
    auto a = store->getIdempotency("match.vote", "key-1", "agent-a");
    STORE_VERIFY(a);
    QVERIFY(a->has_value());
    QCOMPARE((*a)->resultJson, std::string(R"({"ok":true,"eventId":"match-1:00000042"})"));
    QCOMPARE((*a)->argsHash, std::string("args#1"));
    QCOMPARE((*a)->matchId, std::optional<std::string>("match-1"));
    QCOMPARE((*a)->createdAt, T0 + 5);
    auto b = store->getIdempotency("queue.join", "key-1", "agent-b");
    STORE_VERIFY(b);
    QVERIFY(b->has_value());
    QVERIFY(!(*b)->matchId.has_value());
    // Keys are per agent and per scope.
    auto other = store->getIdempotency("match.vote", "key-1", "agent-b");
    STORE_VERIFY(other);
    QVERIFY(!other->has_value());

    auto pruned = store->pruneIdempotency(T0 + 6);
    STORE_VERIFY(pruned);
    QCOMPARE(*pruned, qint64(2));
    auto gone = store->getIdempotency("match.vote", "key-1", "agent-a");
    STORE_VERIFY(gone);
    QVERIFY(!gone->has_value());
}

// ------------------------------------------------------------------ agents

void TstStore::agents()
{
    std::string token;
    std::string agentId;
    {
        auto store = Store::open(dbPath(), fixedClock());
        STORE_VERIFY(store);
        auto added = store->addAgent("Claude");
        STORE_VERIFY(added);
        token = added->token;
        agentId = added->agent.agentId;
        QVERIFY(QRegularExpression(QStringLiteral("^th_[A-Za-z0-9_-]{43}$"))
                    .match(QString::fromStdString(token))
                    .hasMatch());
        QCOMPARE(added->agent.name, std::string("Claude"));
        QCOMPARE(added->agent.createdAt, T0 + 5);
        QVERIFY(!added->agent.revoked());

        auto dup = store->addAgent("Claude");
        QVERIFY(!dup.ok());
        QCOMPARE(dup.error().code, Code::Conflict);
        QVERIFY(!store->addAgent("").ok());
        auto other = store->addAgent("GPT");
        STORE_VERIFY(other);
        QVERIFY(other->token != token);
        QVERIFY(other->agent.agentId != agentId);
    }
    auto store = Store::open(dbPath(), fixedClock());
    STORE_VERIFY(store);
    auto who = store->verifyToken(token);
    STORE_VERIFY(who);
    QCOMPARE(who->agentId, agentId);

    std::string wrong = token;
    wrong.back() = wrong.back() == 'A' ? 'B' : 'A';
    for (const std::string &bad :
         {wrong, std::string(), std::string("th_"), std::string("Bearer x")}) {
        auto r = store->verifyToken(bad);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Code::Unauthorized);
    }

    auto list = store->listAgents();
    STORE_VERIFY(list);
    QCOMPARE(list->size(), std::size_t(2));
    QCOMPARE(list->front().name, std::string("Claude"));

    auto revoked = store->revokeAgent("Claude");
    STORE_VERIFY(revoked);
    QCOMPARE(revoked->agentId, agentId);
    QVERIFY(revoked->revoked());
    QCOMPARE(store->verifyToken(token).error().code, Code::Unauthorized);
    QCOMPARE(store->revokeAgent("Claude").error().code, Code::NotFound);
    QCOMPARE(store->revokeAgent(agentId).error().code, Code::NotFound);

    // The name is free again; the old token stays dead.
    auto again = store->addAgent("Claude");
    STORE_VERIFY(again);
    QCOMPARE(store->verifyToken(again->token)->agentId, again->agent.agentId);
    QVERIFY(!store->verifyToken(token).ok());
    // Revoking by id works too.
    STORE_VERIFY(store->revokeAgent(again->agent.agentId));
    auto all = store->listAgents();
    STORE_VERIFY(all);
    QCOMPARE(all->size(), std::size_t(3));
}

void TstStore::tokenNeverStoredInPlaintext()
{
    const QString path = dbPath();
    std::string token;
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        for (int i = 0; i < 3; ++i)
            STORE_VERIFY(store->addAgent("agent " + std::to_string(i)));
        auto added = store->addAgent("secret keeper");
        STORE_VERIFY(added);
        token = added->token;
        // While open: the WAL holds the newest pages.
        const QByteArray bytes = allBytes(path);
        QVERIFY(!bytes.isEmpty());
        QVERIFY(!bytes.contains(QByteArray::fromStdString(token)));
        QVERIFY(!bytes.contains(QByteArray::fromStdString(token.substr(3))));
    }
    const QByteArray bytes = allBytes(path);
    QVERIFY(!bytes.contains(QByteArray::fromStdString(token)));
    QVERIFY(!bytes.contains(QByteArray::fromStdString(token.substr(3))));
    // What is stored is the hash (proves we looked in the right place).
    const QByteArray hash
        = QCryptographicHash::hash(QByteArray::fromStdString(token), QCryptographicHash::Sha256)
              .toHex();
    QVERIFY(bytes.contains(hash));
}

// ------------------------------------------------------------------ export / import / replay

void TstStore::exportImportSameHash()
{
    Match finished = createMatch("match-1", 1, 77, T0);
    Match running = createMatch("match-2", 2, 78, T0);
    std::string lines1;
    std::string lines2;
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, finished, 77));
        QVERIFY(playAndCommit(*store, running, 78, 30));
        auto e1 = store->exportMatch("match-1");
        auto e2 = store->exportMatch("match-2");
        STORE_VERIFY(e1);
        STORE_VERIFY(e2);
        lines1 = *e1;
        lines2 = *e2;
        QCOMPARE(store->exportMatch("nope").error().code, Code::NotFound);
    }
    QCOMPARE(std::count(lines1.begin(), lines1.end(), '\n'), std::ptrdiff_t(finished.log().size()));
    QCOMPARE(lines1, toJsonLines(finished.log()));

    auto fresh = Store::open(dbPath(QStringLiteral("fresh.sqlite")));
    STORE_VERIFY(fresh);
    auto imported = fresh->importMatch(lines1);
    STORE_VERIFY(imported);
    QCOMPARE(imported->matchId, std::string("match-1"));
    QCOMPARE(imported->eventCount, finished.log().size());
    QCOMPARE(imported->stateHash, finished.stateHash());
    QVERIFY(imported->ended);
    auto loaded = fresh->loadMatch("match-1");
    STORE_VERIFY(loaded);
    QCOMPARE(loaded->stateHash(), finished.stateHash());
    auto reExport = fresh->exportMatch("match-1");
    STORE_VERIFY(reExport);
    QCOMPARE(*reExport, lines1);
    auto row = fresh->matchRow("match-1");
    STORE_VERIFY(row);
    QVERIFY(row->imported);
    QCOMPARE(*row->stateHash, finished.stateHash());

    // An unfinished match imports too, but is never resumed by recovery.
    auto imported2 = fresh->importMatch(lines2);
    STORE_VERIFY(imported2);
    QVERIFY(!imported2->ended);
    auto unfinished = fresh->unfinishedMatches();
    STORE_VERIFY(unfinished);
    QVERIFY(unfinished->empty());

    // The lobby learns about imported matches (counter, town map).
    auto journal = fresh->loadLobbyJournal();
    STORE_VERIFY(journal);
    QCOMPARE(journal->size(), std::size_t(2));
    engine::Lobby lobby(1);
    for (const auto &r : *journal)
        lobby.applyRecord(r);
    QCOMPARE(lobby.matchCounter(), 2);
    QCOMPARE(lobby.buildings().size(), std::size_t(2));
}

void TstStore::importRejects_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("malformed JSON") << QStringLiteral("malformed") << QStringLiteral("line 3");
    QTest::newRow("not an event") << QStringLiteral("notevent") << QStringLiteral("line 3");
    QTest::newRow("gap") << QStringLiteral("gap") << QStringLiteral("gap");
    QTest::newRow("duplicate line") << QStringLiteral("duplicate") << QStringLiteral("duplicate");
    QTest::newRow("two matches") << QStringLiteral("mixed") << QStringLiteral("match-9");
    QTest::newRow("empty") << QStringLiteral("empty") << QStringLiteral("no events");
    QTest::newRow("does not replay") << QStringLiteral("noreplay") << QStringLiteral("replay");
    QTest::newRow("payload the reducer cannot read")
        << QStringLiteral("badpayload") << QStringLiteral("replay");
    // A file is checked against the rules, not trusted (issue 28, item 8).
    QTest::newRow("wolf chat marked public")
        << QStringLiteral("wolfpublic") << QStringLiteral("audience should be WOLVES");
    QTest::newRow("winner flipped") << QStringLiteral("winner") << QStringLiteral("GAME_ENDED");
    QTest::newRow("id is not its number's")
        << QStringLiteral("idnumber") << QStringLiteral("must agree");
    QTest::newRow("nested 200,000 deep")
        << QStringLiteral("deep") << QStringLiteral("nested deeper");
}

void TstStore::importRejects()
{
    QFETCH(QString, edit);
    QFETCH(QString, messagePart);
    const std::vector<Event> log = playedLog("match-1", 1, 5);
    std::vector<std::string> lines;
    for (const Event &e : log)
        lines.push_back(engine::toJson(e).dump());
    if (edit == QLatin1String("malformed")) {
        lines[2] = lines[2].substr(0, lines[2].size() / 2);
    } else if (edit == QLatin1String("notevent")) {
        lines[2] = R"({"hello":"world"})";
    } else if (edit == QLatin1String("gap")) {
        lines.erase(lines.begin() + 5);
    } else if (edit == QLatin1String("duplicate")) {
        lines.insert(lines.begin() + 5, lines[4]);
    } else if (edit == QLatin1String("mixed")) {
        Event e = log[6];
        e.matchId = "match-9";
        e.eventId = engine::makeEventId(e.matchId, e.seq);
        lines[6] = engine::toJson(e).dump();
    } else if (edit == QLatin1String("empty")) {
        lines = {"", "   "};
    } else if (edit == QLatin1String("noreplay")) {
        engine::json j = engine::toJson(log[0]);
        j["type"] = "PHASE_CHANGED"; // a log must start with MATCH_CREATED
        lines[0] = j.dump();
    } else if (edit == QLatin1String("wolfpublic") || edit == QLatin1String("winner")) {
        const bool chat = edit == QLatin1String("wolfpublic");
        bool edited = false;
        for (std::size_t i = 0; i < log.size() && !edited; ++i) {
            if (log[i].type
                != (chat ? engine::EventType::WolfChatMessage : engine::EventType::GameEnded))
                continue;
            engine::json j = engine::toJson(log[i]);
            if (chat)
                j["audience"] = "PUBLIC";
            else
                j["payload"]["winningTeam"]
                    = j["payload"]["winningTeam"] == "VILLAGERS" ? "WEREWOLVES" : "VILLAGERS";
            lines[i] = j.dump();
            edited = true;
        }
        QVERIFY2(edited, "the played log has no event to forge");
    } else if (edit == QLatin1String("idnumber")) {
        // Every mention, narration's causes included: a consistent log of
        // "match-3" that still says it is match number 1.
        for (std::string &l : lines)
            for (std::size_t at = l.find("match-1"); at != std::string::npos;
                 at = l.find("match-1", at))
                l.replace(at, 7, "match-3");
    } else if (edit == QLatin1String("deep")) {
        lines[4] = std::string(200000, '[') + std::string(200000, ']');
    } else if (edit == QLatin1String("badpayload")) {
        engine::json j = engine::toJson(log[0]);
        j["payload"] = engine::json::object(); // MATCH_CREATED without players
        lines[0] = j.dump();
    }
    std::string text;
    for (const std::string &l : lines)
        text += l + "\n";

    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    auto r = store->importMatch(text);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, Code::Invalid);
    QVERIFY2(r.error().message.contains(messagePart), qPrintable(r.error().message));
    auto ids = store->matchIds();
    STORE_VERIFY(ids);
    QVERIFY(ids->empty());
    auto journal = store->loadLobbyJournal();
    STORE_VERIFY(journal);
    QVERIFY(journal->empty());
}

void TstStore::importRefusesExistingMatch()
{
    Match m = createMatch("match-1", 1, 9, T0);
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    QVERIFY(playAndCommit(*store, m, 9));
    const std::string before = *store->exportMatch("match-1");
    auto r = store->importMatch(toJsonLines(m.log()));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, Code::Conflict);
    QCOMPARE(*store->exportMatch("match-1"), before);
    // CRLF line ends and no final newline are fine.
    std::string crlf;
    const std::vector<Event> other = playedLog("match-2", 2, 10);
    for (const Event &e : other)
        crlf += engine::toJson(e).dump() + "\r\n";
    crlf.pop_back();
    crlf.pop_back();
    auto ok = store->importMatch(crlf);
    STORE_VERIFY(ok);
    QCOMPARE(ok->eventCount, other.size());
}

void TstStore::replayToEvent()
{
    Match m = createMatch("match-1", 1, 31, T0);
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    QVERIFY(playAndCommit(*store, m, 31));
    const std::vector<Event> &log = m.log();
    for (std::size_t k : {std::size_t(1), std::size_t(12), log.size() / 2, log.size()}) {
        const std::vector<Event> prefix(log.begin(), log.begin() + std::ptrdiff_t(k));
        const std::uint64_t expected = Match::replay(prefix)->stateHash();
        auto byId = store->replayTo("match-1", log[k - 1].eventId);
        STORE_VERIFY(byId);
        QCOMPARE(byId->stateHash(), expected);
        QCOMPARE(byId->state().lastSeq, std::uint64_t(k));
        auto bySeq = store->replayTo("match-1", std::to_string(k));
        STORE_VERIFY(bySeq);
        QCOMPARE(bySeq->stateHash(), expected);
        // The pure function agrees with the store.
        auto pure = replayTo(log, log[k - 1].eventId);
        STORE_VERIFY(pure);
        QCOMPARE(pure->stateHash(), expected);
    }
    QCOMPARE(store->replayTo("match-1", "match-1:99999999").error().code, Code::NotFound);
    QCOMPARE(store->replayTo("match-1", "match-2:00000001").error().code, Code::Invalid);
    QCOMPARE(store->replayTo("match-1", "0").error().code, Code::Invalid);
    QCOMPARE(store->replayTo("match-404", "1").error().code, Code::NotFound);
}

void TstStore::loadRefusesMalformedStoredEvents_data()
{
    // `target` selects the seq of the event to damage, `set` damages it;
    // `named` is how far after it the event is that the error names.
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("set");
    QTest::addColumn<int>("named");
    QTest::addColumn<Code>("code");
    QTest::addColumn<QStringList>("messageParts");
    const QString first
        = QStringLiteral("SELECT min(seq) FROM events WHERE match_id = 'match-1' AND type = '%1'");
    QTest::newRow("missing field")
        << first.arg(QLatin1String("PHASE_CHANGED"))
        << QStringLiteral("payload = json_remove(payload, '$.dayNumber')") << 0 << Code::Invalid
        << QStringList{QStringLiteral("(PHASE_CHANGED)"), QStringLiteral("'dayNumber' is missing")};
    QTest::newRow("wrong type") << first.arg(QLatin1String("PLAYER_READY"))
                                << QStringLiteral("payload = json_set(payload, '$.playerId', 7)")
                                << 0 << Code::Invalid
                                << QStringList{QStringLiteral("(PLAYER_READY)"),
                                               QStringLiteral("'playerId' must be a string")};
    QTest::newRow("unknown event type")
        << QStringLiteral("SELECT 5") << QStringLiteral("type = 'BRUNCH'") << 0 << Code::Corrupt
        << QStringList{QStringLiteral("damaged")};
    QTest::newRow("out-of-order seq")
        << QStringLiteral("SELECT 5") << QStringLiteral("seq = 100000") << 1 << Code::Invalid
        << QStringList{QStringLiteral("seq 6 where 5 was expected")};
}

void TstStore::loadRefusesMalformedStoredEvents()
{
    QFETCH(QString, target);
    QFETCH(QString, set);
    QFETCH(int, named);
    QFETCH(Code, code);
    QFETCH(QStringList, messageParts);
    Match m = createMatch("match-1", 1, 5, T0);
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, m, 5, 30));
        QVERIFY(!m.ended());
    }
    std::uint64_t seq = 0;
    {
        RawDb raw(dbPath());
        seq = raw.scalar(target).toULongLong();
        QVERIFY(seq > 0);
        QVERIFY(
            raw.exec(QStringLiteral("UPDATE events SET %1 WHERE match_id = 'match-1' AND seq = %2")
                         .arg(set)
                         .arg(seq)));
    }
    const QString eventId
        = QString::fromStdString(engine::makeEventId("match-1", seq + std::uint64_t(named)));

    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    // An error value from every read that replays the log; nothing throws.
    std::optional<StoreResult<Match>> loaded;
    try {
        loaded.emplace(store->loadMatch("match-1"));
    } catch (...) {
        QFAIL("loadMatch threw");
    }
    QVERIFY(!loaded->ok());
    QCOMPARE(loaded->error().code, code);
    const QString message = loaded->error().message;
    QVERIFY2(message.contains(eventId), qPrintable(message));
    for (const QString &part : messageParts)
        QVERIFY2(message.contains(part), qPrintable(message));

    // Recovery reports the match with the same reason instead of resuming it.
    auto recovered = store->unfinishedMatches();
    STORE_VERIFY(recovered);
    QCOMPARE(recovered->size(), std::size_t(1));
    QVERIFY(!recovered->front().match.has_value());
    QCOMPARE(recovered->front().problem, message);
}

// ------------------------------------------------------------------ migrations

namespace {
// Schema version 1 exactly as the first release created it. Frozen here on
// purpose, apart from the library: a test of migrations must not follow
// edits of the code it tests.
constexpr const char *V1Ddl = R"sql(
CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,
    applied_at_ms INTEGER NOT NULL
);
CREATE TABLE queue (
    queue_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    joined_at_ms INTEGER NOT NULL,
    idempotency_key TEXT,
    PRIMARY KEY (queue_id, agent_id)
);
CREATE INDEX queue_by_queue_joined ON queue (queue_id, joined_at_ms);
CREATE TABLE matches (
    match_id TEXT PRIMARY KEY NOT NULL,
    world_id TEXT NOT NULL DEFAULT 'default',
    queue_id TEXT NOT NULL,
    building_instance_id TEXT NOT NULL,
    match_number INTEGER NOT NULL,
    seed TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'ENDED')),
    phase TEXT NOT NULL,
    day_number INTEGER NOT NULL,
    night_number INTEGER NOT NULL,
    phase_started_at_ms INTEGER NOT NULL,
    phase_ends_at_ms INTEGER NOT NULL,
    players_alive INTEGER NOT NULL,
    started_at_ms INTEGER NOT NULL,
    ended_at_ms INTEGER,
    winner TEXT CHECK (winner IN ('VILLAGERS', 'WEREWOLVES')),
    public_summary TEXT NOT NULL DEFAULT '',
    paused INTEGER NOT NULL DEFAULT 0,
    last_seq INTEGER NOT NULL DEFAULT 0,
    last_advance_job_at_ms INTEGER,
    updated_at_ms INTEGER NOT NULL
);
CREATE INDEX matches_by_world_phase ON matches (world_id, phase);
CREATE INDEX matches_by_queue_started ON matches (queue_id, started_at_ms);
CREATE INDEX matches_by_status ON matches (status, match_number);
CREATE TABLE players (
    match_id TEXT NOT NULL
        REFERENCES matches (match_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    player_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 8),
    role TEXT NOT NULL,
    alive INTEGER NOT NULL,
    eliminated_at_ms INTEGER,
    revealed_role INTEGER NOT NULL DEFAULT 0,
    ready INTEGER NOT NULL DEFAULT 0,
    doctor_last_protected_player_id TEXT,
    seer_history TEXT NOT NULL DEFAULT '[]',
    night_action TEXT NOT NULL DEFAULT '{}',
    did_opening_for_day INTEGER,
    vote_target_player_id TEXT,
    voted INTEGER NOT NULL DEFAULT 0,
    last_public_message_at_ms INTEGER,
    last_wolf_chat_at_ms INTEGER,
    missed_deadlines INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, player_id),
    UNIQUE (match_id, seat)
);
CREATE INDEX players_by_agent ON players (agent_id);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL REFERENCES matches (match_id) DEFERRABLE INITIALLY DEFERRED,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    event_id TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    type TEXT NOT NULL,
    visibility TEXT NOT NULL,
    payload TEXT NOT NULL
);
CREATE UNIQUE INDEX events_by_match_seq ON events (match_id, seq);
CREATE TABLE buildings (
    match_id TEXT PRIMARY KEY NOT NULL,
    building_instance_id TEXT NOT NULL,
    world_id TEXT NOT NULL DEFAULT 'default',
    x REAL NOT NULL,
    y REAL NOT NULL,
    label TEXT NOT NULL,
    match_number INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL
);
CREATE INDEX buildings_by_world ON buildings (world_id);
CREATE TABLE idempotency (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    player_id TEXT NOT NULL,
    match_id TEXT,
    result TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
);
)sql";

/// Writes a v1 database holding `m` (events in v1's visibility encoding),
/// two queued agents and one idempotency record keyed by seat.
bool writeV1(const QString &path, const Match &m, const QString &badVisibility = {})
{
    RawDb raw(path);
    if (!raw.execScript(V1Ddl)
        || !raw.exec(QStringLiteral("PRAGMA application_id = %1").arg(Store::ApplicationId))
        || !raw.exec(QStringLiteral("INSERT INTO schema_version VALUES (1, 1)")))
        return false;
    QSqlDatabase db = raw.db();
    db.transaction();
    QSqlQuery q(db);
    const MatchSnapshot snap = snapshotOf(m);
    const MatchRow &r = snap.match;
    q.prepare(QStringLiteral(
        "INSERT INTO matches (match_id, queue_id, building_instance_id, match_number, seed, "
        "status, "
        "phase, day_number, night_number, phase_started_at_ms, phase_ends_at_ms, players_alive, "
        "started_at_ms, ended_at_ms, winner, public_summary, last_seq, updated_at_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant &v :
         QVariantList{QString::fromStdString(r.matchId),
                      QString::fromStdString(r.queueId),
                      QString::fromStdString(r.buildingInstanceId),
                      r.matchNumber,
                      QString::number(r.seed),
                      r.ended ? QStringLiteral("ENDED") : QStringLiteral("ACTIVE"),
                      QString::fromStdString(r.phase),
                      r.dayNumber,
                      r.nightNumber,
                      qint64(r.phaseStartedAt),
                      qint64(r.phaseEndsAt),
                      r.playersAlive,
                      qint64(r.startedAt),
                      r.endedAt ? QVariant(qint64(*r.endedAt)) : QVariant(),
                      r.winner ? QVariant(QString::fromStdString(*r.winner)) : QVariant(),
                      QString::fromStdString(r.publicSummary),
                      qint64(r.lastSeq),
                      qint64(1)})
        q.addBindValue(v);
    if (!q.exec())
        return false;
    q.prepare(QStringLiteral("INSERT INTO players (match_id, player_id, agent_id, display_name, "
                             "seat, role, alive) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    for (const PlayerRow &p : snap.players) {
        for (const QVariant &v : QVariantList{QString::fromStdString(p.matchId),
                                              QString::fromStdString(p.playerId),
                                              QString::fromStdString(p.agentId),
                                              QString::fromStdString(p.displayName),
                                              p.seat,
                                              QString::fromStdString(p.role),
                                              int(p.alive)})
            q.addBindValue(v);
        if (!q.exec())
            return false;
    }
    q.prepare(
        QStringLiteral("INSERT INTO events (match_id, seq, event_id, at_ms, type, visibility, "
                       "payload) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    for (const Event &e : m.log()) {
        QString visibility = QString::fromStdString(std::string(engine::toString(e.audience)));
        if (e.audience == engine::Audience::Player)
            visibility += QLatin1Char(':') + QString::fromStdString(e.audiencePlayerId);
        if (!badVisibility.isEmpty() && e.seq == 3)
            visibility = badVisibility;
        for (const QVariant &v :
             QVariantList{QString::fromStdString(e.matchId),
                          qint64(e.seq),
                          QString::fromStdString(e.eventId),
                          qint64(e.at),
                          QString::fromStdString(std::string(engine::toString(e.type))),
                          visibility,
                          QString::fromStdString(e.payload.dump())})
            q.addBindValue(v);
        if (!q.exec())
            return false;
    }
    const bool ok
        = raw.exec(QStringLiteral(
              "INSERT INTO queue VALUES ('werewolf-default', 'q-1', 'Queued One', 10, NULL)"))
          && raw.exec(QStringLiteral(
              "INSERT INTO queue VALUES ('werewolf-default', 'q-2', 'Queued Two', 20, NULL)"))
          && raw.exec(QStringLiteral("INSERT INTO idempotency VALUES ('match.vote', 'k-7', "
                                     "'p:3', '%1', '{\"ok\":true}', 30)")
                          .arg(QString::fromStdString(m.matchId())));
    q.finish();
    return ok && db.commit();
}
} // namespace

void TstStore::migrationFromV1()
{
    Match m = createMatch("match-1", 1, 2024, T0);
    MatchDriver driver(m, 2024, T0);
    for (int i = 0; i < 25 && !m.ended(); ++i)
        driver.step();
    QVERIFY(!m.ended());
    const QString path = dbPath(QStringLiteral("v1.sqlite"));
    QVERIFY(writeV1(path, m));

    auto store = Store::open(path);
    STORE_VERIFY(store);
    QCOMPARE(store->schemaVersion(), Store::SchemaVersion);

    // Events survived, with the audience split out of v1's visibility.
    auto events = store->loadEvents("match-1");
    STORE_VERIFY(events);
    QVERIFY(sameEvents(*events, m.log()));
    auto loaded = store->loadMatch("match-1");
    STORE_VERIFY(loaded);
    QCOMPARE(loaded->stateHash(), m.stateHash());
    // v1 recorded no state hash; recovery still replays the match.
    auto recovered = store->unfinishedMatches();
    STORE_VERIFY(recovered);
    QCOMPARE(recovered->size(), std::size_t(1));
    QVERIFY(recovered->front().match.has_value());
    QVERIFY(!recovered->front().row.stateHash.has_value());

    // The lobby journal was rebuilt from the matches and the queue.
    auto journal = store->loadLobbyJournal();
    STORE_VERIFY(journal);
    QCOMPARE(journal->size(), std::size_t(3));
    engine::Lobby lobby(1);
    for (const auto &r : *journal)
        lobby.applyRecord(r);
    QCOMPARE(lobby.matchCounter(), 1);
    QCOMPARE(lobby.queue().size(), std::size_t(2));
    QCOMPARE(lobby.queue()[0].agentId, std::string("q-1"));
    QCOMPARE(lobby.queue()[1].agentId, std::string("q-2"));

    // The idempotency record is now keyed by the agent who sat in p:3.
    auto idem = store->getIdempotency("match.vote", "k-7", m.player("p:3")->agentId);
    STORE_VERIFY(idem);
    QVERIFY(idem->has_value());
    QCOMPARE((*idem)->resultJson, std::string(R"({"ok":true})"));

    // v2 features work on the migrated file, and the match goes on.
    STORE_VERIFY(store->addAgent("after migration"));
    QVERIFY(playAndCommit(*store, m, 2025));
    QVERIFY(m.ended());
    auto row = store->matchRow("match-1");
    STORE_VERIFY(row);
    QCOMPARE(*row->stateHash, m.stateHash());

    // A migrated file has exactly the schema of a fresh one.
    QVERIFY(schemaOfAFreshFile(path));
}

namespace {
// The events table of schema versions 2 to 4, as step 1→2 created it, on a
// version 5 file. Frozen here like V1Ddl.
constexpr const char *V4Events = R"sql(
CREATE TABLE events_v4 (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL REFERENCES matches (match_id) DEFERRABLE INITIALLY DEFERRED,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    event_id TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    type TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('PUBLIC', 'WOLVES', 'PLAYER', 'HOST')),
    audience_player_id TEXT,
    payload TEXT NOT NULL,
    CHECK ((audience = 'PLAYER') = (audience_player_id IS NOT NULL))
);
INSERT INTO events_v4 (id, match_id, seq, event_id, at_ms, type, audience, audience_player_id, payload)
    SELECT id, match_id, seq, event_id, at_ms, type, audience, audience_player_id, payload
    FROM events ORDER BY id;
DROP TABLE events;
ALTER TABLE events_v4 RENAME TO events;
CREATE UNIQUE INDEX events_by_match_seq ON events (match_id, seq);
DELETE FROM schema_version WHERE version >= 5;
)sql";

/// Every stored event as text, column by column with its type, in rowid
/// order: compares the rows before and after a migration.
QStringList rawEvents(RawDb &raw)
{
    QStringList rows;
    QSqlQuery q(raw.db());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT id, match_id, seq, event_id, at_ms, type, audience, "
                               "audience_player_id, payload FROM events ORDER BY id")))
        return {QStringLiteral("error: ") + q.lastError().text()};
    while (q.next()) {
        QStringList cols;
        for (int i = 0; i < 9; ++i)
            cols << (q.value(i).isNull() ? QStringLiteral("NULL")
                                         : QString::fromLatin1(q.value(i).typeName())
                                               + QLatin1Char(':') + q.value(i).toString());
        rows << cols.join(QLatin1Char('|'));
    }
    return rows;
}
} // namespace

void TstStore::migrationFromV4()
{
    // A version 4 file: what this build writes, with the events table as
    // versions 2 to 4 had it (rowid, unique index, foreign key, checks), two
    // matches in progress.
    Match a = createMatch("match-1", 1, 41, T0);
    Match b = createMatch("match-2", 2, 42, T0);
    const QString path = dbPath(QStringLiteral("v4.sqlite"));
    QVERIFY(twoMatchesInProgress(path, a, b, 41));
    QStringList before;
    {
        RawDb raw(path);
        QVERIFY(toVersion5(raw));
        QVERIFY(raw.execScript(V4Events));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 4);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM events")).toULongLong(),
                 quint64(a.log().size() + b.log().size()));
        before = rawEvents(raw);
    }
    QCOMPARE(before.size(), qsizetype(a.log().size() + b.log().size()));

    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
        {
            // Every row, every column, every type as it was.
            RawDb raw(path);
            QCOMPARE(rawEvents(raw), before);
        }
        for (const Match *m : {&a, &b}) {
            auto events = store->loadEvents(m->matchId());
            STORE_VERIFY(events);
            QVERIFY(sameEvents(*events, m->log()));
        }
        auto recovered = store->unfinishedMatches();
        STORE_VERIFY(recovered);
        QCOMPARE(recovered->size(), std::size_t(2));
        for (const RecoveredMatch &rm : *recovered)
            QVERIFY2(rm.hashVerified, qPrintable(rm.problem));

        // The matches go on, and the store still refuses what the table's
        // constraints used to: a seq that does not follow, events of no match.
        QVERIFY(playAndCommit(*store, a, 43));
        QVERIFY(a.ended());
        auto events = store->loadEvents("match-1");
        STORE_VERIFY(events);
        QVERIFY(sameEvents(*events, a.log()));
        Batch again;
        again.addEvents("match-2", {b.log().back()});
        auto repeated = store->commit(again);
        QVERIFY(!repeated.ok());
        QCOMPARE(repeated.error().code, StoreError::Code::Conflict);
        const Match stray = createMatch("match-9", 9, 9, T0);
        auto orphan = store->appendEvents("match-9", stray.log());
        QVERIFY(!orphan.ok());
        QCOMPARE(orphan.error().code, StoreError::Code::NotFound);
    }

    // A migrated file has exactly the schema of a fresh one.
    QVERIFY(schemaOfAFreshFile(path));
}

void TstStore::migrationFromV5()
{
    // A version 5 file (events with their unique index), two matches in
    // progress: the step indexes every stored event, and the matches go on
    // across the indexed events and the newer ones.
    Match a = createMatch("match-1", 1, 51, T0);
    Match b = createMatch("match-2", 2, 52, T0);
    const QString path = dbPath(QStringLiteral("v5.sqlite"));
    QVERIFY(twoMatchesInProgress(path, a, b, 51));
    QStringList before;
    {
        RawDb raw(path);
        QVERIFY(toVersion5(raw));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 5);
        before = rawEvents(raw);
    }
    const qint64 stored = qint64(a.log().size() + b.log().size());
    QCOMPARE(before.size(), stored);

    Store::Options o;
    o.indexEventsEvery = 50;
    auto store = Store::open(path, o);
    STORE_VERIFY(store);
    QCOMPARE(store->schemaVersion(), Store::SchemaVersion);
    {
        RawDb raw(path);
        QCOMPARE(rawEvents(raw), before);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM event_seqs")).toLongLong(),
                 stored);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT up_to_id FROM event_seqs_cover")).toLongLong(),
                 raw.scalar(QStringLiteral("SELECT MAX(id) FROM events")).toLongLong());
    }
    auto recovered = store->unfinishedMatches();
    STORE_VERIFY(recovered);
    QCOMPARE(recovered->size(), std::size_t(2));
    for (const RecoveredMatch &rm : *recovered)
        QVERIFY2(rm.hashVerified, qPrintable(rm.problem));
    QVERIFY(playAndCommit(*store, a, 53));
    QVERIFY(playAndCommit(*store, b, 54));
    for (const Match *m : {&a, &b}) {
        auto events = store->loadEvents(m->matchId());
        STORE_VERIFY(events);
        QVERIFY(sameEvents(*events, m->log()));
    }
    Batch again;
    again.addEvents("match-2", {b.log().back()});
    auto repeated = store->commit(again);
    QVERIFY(!repeated.ok());
    QCOMPARE(repeated.error().code, StoreError::Code::Conflict);

    QVERIFY(schemaOfAFreshFile(path));
}

void TstStore::failedMigrationLeavesFileUntouched()
{
    Match m = createMatch("match-1", 1, 8, T0);
    const QString path = dbPath(QStringLiteral("v1bad.sqlite"));
    QVERIFY(writeV1(path, m, QStringLiteral("EVERYONE"))); // not a v1 visibility
    const QByteArray before = fileBytes(path);
    auto store = Store::open(path);
    QVERIFY(!store.ok());
    QVERIFY2(store.error().message.contains(QStringLiteral("version 1 to 2")),
             qPrintable(store.error().message));
    QCOMPARE(fileBytes(path), before);
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));
    RawDb raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT MAX(version) FROM schema_version")).toInt(), 1);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM events")).toULongLong(),
             quint64(m.log().size()));
    QVERIFY(before.size() > 0);
}

// ------------------------------------------------------------------ refusals

void TstStore::refusesCorruptFile_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("random bytes") << QStringLiteral("random");
    QTest::newRow("text file") << QStringLiteral("text");
    QTest::newRow("truncated to 100 bytes") << QStringLiteral("tiny");
    QTest::newRow("truncated to half") << QStringLiteral("half");
    QTest::newRow("garbage over the pages") << QStringLiteral("smashed");
}

void TstStore::refusesCorruptFile()
{
    QFETCH(QString, kind);
    const QString path = dbPath();
    QByteArray bytes;
    if (kind == QLatin1String("random")) {
        bytes.resize(8192);
        for (char &c : bytes)
            c = char(QRandomGenerator::global()->bounded(256));
    } else if (kind == QLatin1String("text")) {
        bytes = "name,score\nada,3\nbasil,5\n";
    } else {
        {
            auto store = Store::open(path);
            STORE_VERIFY(store);
            Match m = createMatch("match-1", 1, 4, T0);
            QVERIFY(playAndCommit(*store, m, 4));
        }
        bytes = fileBytes(path);
        QVERIFY(bytes.size() > 16 * 4096);
        if (kind == QLatin1String("tiny"))
            bytes.truncate(100);
        else if (kind == QLatin1String("half"))
            bytes.truncate(bytes.size() / 2);
        else
            for (qsizetype i = 4096; i < bytes.size(); i += 97)
                bytes[i] = char(0x5A);
    }
    QVERIFY(writeBytes(path, bytes));

    auto store = Store::open(path);
    QVERIFY(!store.ok());
    QCOMPARE(store.error().code, Code::Corrupt);
    QVERIFY(store.error().message.contains(QDir::toNativeSeparators(path)));
    QCOMPARE(fileBytes(path), bytes);
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));
}

void TstStore::refusesForeignDatabase_data()
{
    QTest::addColumn<QString>("setup");
    QTest::newRow("tables, no application id") << QStringLiteral("CREATE TABLE notes (x TEXT)");
    QTest::newRow("another application id, empty")
        << QStringLiteral("PRAGMA application_id = 305419896");
    QTest::newRow("another application id, tables")
        << QStringLiteral("PRAGMA application_id = 7;CREATE TABLE events (id INTEGER)");
}

void TstStore::refusesForeignDatabase()
{
    QFETCH(QString, setup);
    const QString path = dbPath();
    {
        RawDb raw(path);
        for (const QString &sql : setup.split(QLatin1Char(';')))
            QVERIFY(raw.exec(sql));
        QVERIFY(raw.exec(QStringLiteral("PRAGMA user_version = 3"))); // make sure the file exists
    }
    const QByteArray before = fileBytes(path);
    QVERIFY(!before.isEmpty());
    auto store = Store::open(path);
    QVERIFY(!store.ok());
    QCOMPARE(store.error().code, Code::Foreign);
    QVERIFY(store.error().message.contains(QStringLiteral("another program")));
    QCOMPARE(fileBytes(path), before);
}

void TstStore::refusesNewerSchema()
{
    const QString path = dbPath();
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
    }
    {
        RawDb raw(path);
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO schema_version VALUES (%1, 1)")
                             .arg(Store::SchemaVersion + 1)));
        QVERIFY(raw.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
    }
    const QByteArray before = fileBytes(path);
    auto store = Store::open(path);
    QVERIFY(!store.ok());
    QCOMPARE(store.error().code, Code::TooNew);
    QVERIFY(store.error().message.contains(QStringLiteral("newer Town Hall")));
    QCOMPARE(fileBytes(path), before);
    // Read-only opens refuse it as well.
    Store::Options ro;
    ro.readOnly = true;
    QCOMPARE(Store::open(path, ro).error().code, Code::TooNew);
}

void TstStore::readOnlyDirectory()
{
    const QString dir = m_dir->filePath(QStringLiteral("locked"));
    QVERIFY(QDir().mkpath(dir));
    const QString existing = dir + QStringLiteral("/existing.sqlite");
    Match m = createMatch("match-1", 1, 12, T0);
    {
        auto store = Store::open(existing);
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, m, 12, 20));
    }
    if (!makeReadOnly(dir)) {
        makeWritable(dir);
        QSKIP("cannot make a directory read-only on this system");
    }
    auto guard = qScopeGuard([&] { makeWritable(dir); });

    auto fresh = Store::open(dir + QStringLiteral("/new.sqlite"));
    QVERIFY(!fresh.ok());
    QCOMPARE(fresh.error().code, Code::ReadOnly);
    QVERIFY(fresh.error().message.contains(QDir::toNativeSeparators(dir)));

    auto nested = Store::open(dir + QStringLiteral("/sub/new.sqlite"));
    QVERIFY(!nested.ok());
    QCOMPARE(nested.error().code, Code::Io);

    const QByteArray before = fileBytes(existing);
    auto rw = Store::open(existing);
    QVERIFY(!rw.ok());
    QCOMPARE(rw.error().code, Code::ReadOnly);

    // Export still works from a read-only place.
    Store::Options ro;
    ro.readOnly = true;
    auto reader = Store::open(existing, ro);
    STORE_VERIFY(reader);
    auto events = reader->loadEvents("match-1");
    STORE_VERIFY(events);
    QVERIFY(sameEvents(*events, m.log()));
    QCOMPARE(fileBytes(existing), before);
}

void TstStore::readOnlyFile()
{
    const QString path = dbPath();
    Match m = createMatch("match-1", 1, 13, T0);
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        QVERIFY(playAndCommit(*store, m, 13, 10));
    }
    if (!makeReadOnly(path)) {
        makeWritable(path);
        QSKIP("cannot make a file read-only on this system");
    }
    auto guard = qScopeGuard([&] { makeWritable(path); });
    auto rw = Store::open(path);
    QVERIFY(!rw.ok());
    QCOMPARE(rw.error().code, Code::ReadOnly);
    QVERIFY(rw.error().message.contains(QStringLiteral("read-only")));

    Store::Options ro;
    ro.readOnly = true;
    auto reader = Store::open(path, ro);
    STORE_VERIFY(reader);
    auto loaded = reader->loadMatch("match-1");
    STORE_VERIFY(loaded);
    QCOMPARE(loaded->stateHash(), m.stateHash());
}

void TstStore::readOnlyOption()
{
    Store::Options ro;
    ro.readOnly = true;
    auto missing = Store::open(dbPath(QStringLiteral("missing.sqlite")), ro);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, Code::NotFound);
    QVERIFY(!QFileInfo::exists(dbPath(QStringLiteral("missing.sqlite"))));
    Store::Options noCreate;
    noCreate.createIfMissing = false;
    QCOMPARE(Store::open(dbPath(QStringLiteral("missing.sqlite")), noCreate).error().code,
             Code::NotFound);

    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
    }
    auto reader = Store::open(dbPath(), ro);
    STORE_VERIFY(reader);
    QVERIFY(reader->isReadOnly());
    Match m = createMatch("match-1", 1, 1, T0);
    auto w = commitStep(*reader, m, m.log());
    QVERIFY(!w.ok());
    QCOMPARE(w.error().code, Code::ReadOnly);
    QCOMPARE(reader->addAgent("x").error().code, Code::ReadOnly);
}

void TstStore::checkpointsOffTheCommittingThread()
{
    // Commits one event at a time, then reads the database file alone (a
    // copy without its WAL): only checkpoints put events there. SQLite's own
    // auto-checkpoint waits for 1,000 frames, more than this match writes,
    // so events in the file mean the checkpoint thread copied them.
    //
    // The file alone is a database only after a checkpoint that copied the
    // whole WAL: a PASSIVE checkpoint that runs while a commit is under way
    // stops short of it, and does not size the file to the database's page
    // count, which SQLite then refuses as malformed. So the last event is
    // committed only once no checkpoint is due or running, and the
    // checkpoint it makes due (checkpointFrames = 1: every commit does)
    // runs with nothing else touching the file and must copy everything.
    struct Seen
    {
        qint64 inFileAlone = -1;
        qint64 committed = 0;
        std::uint64_t checkpoints = 0;
    };
    auto run = [this](bool checkpointThread) -> Seen {
        Seen seen;
        const QString path
            = dbPath(checkpointThread ? QStringLiteral("bg.sqlite") : QStringLiteral("fg.sqlite"));
        Match m = createMatch("match-1", 1, 7, T0);
        Store::Options o;
        o.checkpointThread = checkpointThread;
        o.checkpointFrames = 1;
        auto store = Store::open(path, o);
        if (!store || !commitStep(*store, m, m.log()))
            return seen;
        MatchDriver driver(m, 7, T0);
        const std::vector<Event> events = driver.run();
        // Polling reads no database, so it cannot make a checkpoint find
        // the file busy.
        auto settled = [&] {
            return QTest::qWaitFor([&] { return !store->checkpointPending(); }, 10'000);
        };
        for (std::size_t i = 0; i < events.size(); ++i) {
            if (i + 1 == events.size() && !settled())
                return seen;
            Batch b;
            b.addEvents("match-1", {events[i]});
            if (!store->commit(b))
                return seen;
        }
        if (!settled())
            return seen;
        auto all = store->loadEvents("match-1");
        auto stats = store->stats();
        if (!all || !stats)
            return seen;
        seen.committed = qint64(all->size());
        seen.checkpoints = stats->backgroundCheckpoints;
        const QString copy = path + QStringLiteral(".copy");
        if (!QFile::copy(path, copy))
            return seen;
        if (QFileInfo(path + QStringLiteral("-wal")).size() >= 1000 * 4120) {
            seen.inFileAlone = -2; // SQLite would have checkpointed by itself: no verdict
            return seen;
        }
        Store::Options ro;
        ro.readOnly = true;
        auto alone = Store::open(copy, ro);
        if (!alone) {
            qWarning().noquote() << alone.error().message;
            return seen;
        }
        auto inFile = alone->loadEvents("match-1");
        if (inFile)
            seen.inFileAlone = qint64(inFile->size());
        return seen;
    };
    const Seen with = run(true);
    QVERIFY(with.committed > 0);
    QVERIFY(with.checkpoints > 0);
    QCOMPARE(with.inFileAlone, with.committed); // the whole log, not a part of it
    const Seen without = run(false);
    if (without.inFileAlone == -2)
        QSKIP("this match filled 1,000 WAL frames: no control");
    QCOMPARE(without.committed, with.committed);
    QCOMPARE(without.inFileAlone, qint64(0));
    QCOMPARE(without.checkpoints, std::uint64_t(0));
}

void TstStore::invalidUtf8PayloadIsStoredReplaced()
{
    // Serializing a payload must never throw in the middle of a commit:
    // bytes that are not UTF-8 are stored as U+FFFD, the rest as it was.
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    Match m = createMatch("match-1", 1, 3, T0);
    STORE_VERIFY(commitStep(*store, m, m.log()));
    Event e = m.log().back();
    e.seq = m.log().size() + 1;
    e.eventId = engine::makeEventId("match-1", e.seq);
    e.payload = nlohmann::json{{"text", std::string("ok \xff\xc3 \xe2\x82\xac")}, {"n", 7}};
    Batch b;
    b.addEvents("match-1", {e});
    STORE_VERIFY(store->commit(b));
    auto events = store->loadEvents("match-1");
    STORE_VERIFY(events);
    QCOMPARE(events->back().eventId, e.eventId);
    QCOMPARE(events->back().payload.at("text").get<std::string>(),
             std::string("ok \xef\xbf\xbd\xef\xbf\xbd \xe2\x82\xac"));
    QCOMPARE(events->back().payload.at("n").get<int>(), 7);
}

void TstStore::diskFullRollsBack()
{
    const QString path = dbPath();
    Match m = createMatch("match-1", 1, 99, T0);
    qint64 pages = 0;
    {
        auto store = Store::open(path);
        STORE_VERIFY(store);
        STORE_VERIFY(commitStep(*store, m, m.log()));
        STORE_VERIFY(store->putIdempotency("match.ready", "k", "a", std::nullopt, "h", "{}"));
        auto st = store->stats();
        STORE_VERIFY(st);
        pages = st->pageCount;
    }
    const std::size_t stored = m.log().size();
    MatchDriver driver(m, 99, T0);
    std::vector<Event> rest = driver.run(); // the whole match: far more than one page
    QVERIFY(m.ended());

    Store::Options small;
    small.maxPageCount = pages + 1;
    auto store = Store::open(path, small);
    STORE_VERIFY(store);
    Batch big;
    big.add(m, rest);
    big.addIdempotency({"match.vote", "k2", "a", std::nullopt, "h", std::string(20000, 'x'), 0});
    auto r = store->commit(big);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, Code::DiskFull);
    QVERIFY2(r.error().message.contains(QStringLiteral("full")), qPrintable(r.error().message));

    // Rolled back, and reads still work on the same store.
    auto events = store->loadEvents("match-1");
    STORE_VERIFY(events);
    QCOMPARE(events->size(), stored);
    auto row = store->matchRow("match-1");
    STORE_VERIFY(row);
    QCOMPARE(row->lastSeq, stored);
    QVERIFY(store->getIdempotency("match.ready", "k", "a")->has_value());
    QVERIFY(!store->getIdempotency("match.vote", "k2", "a")->has_value());
    auto loaded = store->loadMatch("match-1");
    STORE_VERIFY(loaded);
    auto recovered = store->unfinishedMatches();
    STORE_VERIFY(recovered);
    QCOMPARE(recovered->size(), std::size_t(1));
    QVERIFY(recovered->front().hashVerified);

    // With room again (a fresh handle without the limit) the same batch goes in.
    store = Store::open(path);
    STORE_VERIFY(store);
    STORE_VERIFY(store->commit(big));
    auto all = store->loadEvents("match-1");
    STORE_VERIFY(all);
    QVERIFY(sameEvents(*all, m.log()));
}

void TstStore::settings()
{
    {
        auto store = Store::open(dbPath());
        STORE_VERIFY(store);
        auto none = store->setting("lobby.seed");
        STORE_VERIFY(none);
        QVERIFY(!none->has_value());
        STORE_VERIFY(store->setSetting("lobby.seed", "12345"));
        STORE_VERIFY(store->setSetting("lobby.seed", "67890"));
    }
    auto store = Store::open(dbPath());
    STORE_VERIFY(store);
    QCOMPARE(store->setting("lobby.seed")->value_or(""), std::string("67890"));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // The crash test starts this executable again as the writer it kills.
    if (qEnvironmentVariableIsSet(CrashChildEnv))
        return crashChild(qEnvironmentVariable(CrashChildEnv));
    TstStore tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_store.moc"
