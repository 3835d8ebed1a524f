// SPDX-License-Identifier: MIT
// The recorder's calls file (host/recorder/calllog.h): where it lives, the JSON Lines
// it keeps (the wire bytes, the fields of `townhall calls`), chunks per
// match in recorded order, nothing lost when it closes, files it must refuse
// and leave alone, and `townhall calls` reading the tool_calls rows of
// earlier versions before the calls file.

#include "host/recorder/calllog.h"
#include "host/recorder/recorder.h"
#include "host/store/store.h"
#include "tests/host/store/storetestutil.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <map>
#include <random>
#include <sstream>

using namespace townhall;
using namespace townhall::host;
using Code = StoreError::Code;

namespace {

std::shared_ptr<CallRecord> sampleRecord(const std::string &matchId, int id, qint64 atMs)
{
    auto r = std::make_shared<CallRecord>();
    r->timestamp = std::chrono::system_clock::time_point(std::chrono::milliseconds(atMs))
                   + std::chrono::microseconds(417);
    r->session
        = std::make_shared<const CallSession>(CallSession{"session-" + std::to_string(id % 3),
                                                          "streamable-http",
                                                          "agent-" + std::to_string(id % 3),
                                                          "Agent " + std::to_string(id % 3)});
    r->matchId = matchId;
    r->method = "tools/call";
    r->toolName = std::make_shared<const std::string>("et.werewolf.match.vote");
    r->status = CallStatus::Ok;
    r->httpStatus = 200;
    r->latency = std::chrono::microseconds(100 + id);
    r->requestText = QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id)
                     + R"(,"method":"tools/call","params":{"name":"et.werewolf.match.vote",)"
                       R"("arguments":{"matchId":")"
                     + QByteArray::fromStdString(matchId) + R"(","targetPlayerId":"p3"}}})";
    r->responseText
        = QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id)
          + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"ok\\\":true}\"}],"
            "\"structuredContent\":{\"ok\":true},\"isError\":false}}";
    return r;
}

/// The record's session, another id.
void setSessionId(CallRecord &r, std::string id)
{
    CallSession session = *r.session;
    session.sessionId = std::move(id);
    r.session = std::make_shared<const CallSession>(std::move(session));
}

std::vector<json> parseLines(const std::string &text)
{
    std::vector<json> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        out.push_back(json::parse(line));
    return out;
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A SQLite database with `sql` run in it, on another connection.
void makeDatabase(const QString &path, const QStringList &sql)
{
    const QString name = QStringLiteral("setup-") + path;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString &s : sql)
            QVERIFY2(q.exec(s), qPrintable(s));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

} // namespace

class TstCallLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pathFor_data();
    void pathFor();
    void lineHasTheFieldsAndTheWireBytes_data();
    void lineHasTheFieldsAndTheWireBytes();
    void chunksPerMatchInOrder();
    void nothingLostWhenClosed();
    void drainAndCloseWriteRecordsOnTheirWay_data();
    void drainAndCloseWriteRecordsOnTheirWay();
    void droppedWhenTheWriterIsBehindAndCounted();
    void reopensItsOwnFile();
    void duplicatedTextStoredOnceReadBackByteForByte();
    void similarResponsesStoredAsDifferencesReadBackByteForByte();
    void randomDifferencesReadBackByteForByte();
    void storedBytesUnchanged();
    void layoutOneFileReadAndMarkedDamagedLineRefused();
    void refusesAndLeavesAlone_data();
    void refusesAndLeavesAlone();
    void unwritableLocation();
    void cliReadsLegacyRowsThenTheCallsFile();
};

void TstCallLog::pathFor_data()
{
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("calls");
    QTest::newRow("sqlite") << "/a/b/townhall.sqlite"
                            << "/a/b/townhall.calls.sqlite";
    QTest::newRow("db") << "/a/x.db"
                        << "/a/x.calls.db";
    QTest::newRow("no extension") << "/a/x"
                                  << "/a/x.calls";
    QTest::newRow("dotted dir") << "/a.b/x"
                                << "/a.b/x.calls";
    QTest::newRow("hidden") << "/a/.townhall"
                            << "/a/.townhall.calls";
    QTest::newRow("memory") << ":memory:"
                            << "";
    QTest::newRow("empty") << ""
                           << "";
}

void TstCallLog::pathFor()
{
    QFETCH(QString, database);
    QFETCH(QString, calls);
    QCOMPARE(CallLog::pathFor(database), calls);
}

void TstCallLog::lineHasTheFieldsAndTheWireBytes_data()
{
    QTest::addColumn<qint64>("atMs");
    QTest::addColumn<QString>("agentName");
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QByteArray>("response");
    QTest::addColumn<bool>("verbatim");
    const QByteArray req = sampleRecord("m", 7, 0)->requestText;
    const QByteArray resp = sampleRecord("m", 7, 0)->responseText;
    QTest::newRow("plain") << qint64(1'763'790'000'123) << "Agent 1" << req << resp << true;
    QTest::newRow("leap day, escaped name")
        << qint64(951'782'400'999) << "Ag\"ent\\ \t caf\u00e9 \u4e2d" << req << resp << true;
    QTest::newRow("epoch") << qint64(0) << "" << req << resp << true;
    QTest::newRow("spaced request")
        << qint64(4'102'444'799'000) << "x" << QByteArray(R"( {"id": 7 , "method":"tools/call"} )")
        << resp << false;
    QTest::newRow("line breaks") << qint64(1'000) << "x"
                                 << QByteArray("{\"id\":7,\r\n\"method\":\"tools/call\"}") << resp
                                 << false;
    QTest::newRow("no response") << qint64(1'000) << "x" << req << QByteArray() << true;
}

void TstCallLog::lineHasTheFieldsAndTheWireBytes()
{
    QFETCH(qint64, atMs);
    QFETCH(QString, agentName);
    QFETCH(QByteArray, request);
    QFETCH(QByteArray, response);
    QFETCH(bool, verbatim);
    auto r = sampleRecord("match-\"1\"", 7, atMs);
    CallSession session = *r->session;
    session.agentName = agentName.toStdString();
    r->session = std::make_shared<const CallSession>(std::move(session));
    r->requestText = request;
    r->responseText = response;
    r->rpcErrorCode = -32602;
    r->toolErrorCode = "NOT_YOUR_TURN";
    r->status = CallStatus::ToolError;
    QByteArray line;
    CallLog::appendLine(line, *r);
    QVERIFY(line.endsWith('\n'));
    QCOMPARE(line.count('\n'), 1);
    // The same object as the table of earlier versions gave `townhall calls`,
    // its keys in the same order.
    const json expected = Recorder::rowToJson(Recorder::toRow(*r));
    QCOMPARE(QString::fromStdString(json::parse(line.constData()).dump()),
             QString::fromStdString(expected.dump()));
    qsizetype at = 0;
    for (const auto &item : expected.items()) {
        at = line.indexOf(QByteArray("\"" + QByteArray::fromStdString(item.key()) + "\":"), at);
        QVERIFY2(at > 0, item.key().c_str());
    }
    QCOMPARE(
        json::parse(line.constData()).at("time").get<std::string>(),
        QDateTime::fromMSecsSinceEpoch(atMs, Qt::UTC).toString(Qt::ISODateWithMs).toStdString());
    // Compact JSON that can stand in a line is kept byte for byte.
    QCOMPARE(line.contains(QByteArray("\"request\":" + request + ",")), verbatim);
    if (!response.isEmpty())
        QVERIFY(line.contains(QByteArray("\"response\":" + response + ",")));
}

void TstCallLog::chunksPerMatchInOrder()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    CallLog::Options o;
    o.chunkBytes = 2000; // a few calls per chunk row
    auto log = CallLog::open(path, o);
    QVERIFY2(log.ok(), qPrintable(log.ok() ? QString() : log.error().message));
    int id = 0;
    for (int handOver = 0; handOver < 5; ++handOver) {
        CallRecordBatch batch;
        for (int i = 0; i < 40; ++i, ++id)
            batch.push_back(sampleRecord(id % 2 ? "odd" : "even", id, 1000 + id));
        batch.push_back(sampleRecord("", id, 1000)); // names no match: skipped
        (*log)->append(std::move(batch));
    }
    (*log)->drain();
    QCOMPARE((*log)->writtenCount(), std::uint64_t(200));
    QCOMPARE((*log)->droppedCount(), std::uint64_t(0));
    for (const char *match : {"even", "odd"}) {
        auto text = CallLog::read(path, match);
        QVERIFY(text.ok());
        const std::vector<json> lines = parseLines(*text);
        QCOMPARE(lines.size(), std::size_t(100));
        for (std::size_t i = 0; i < lines.size(); ++i) {
            QCOMPARE(lines[i].at("matchId"), json(match));
            QCOMPARE(lines[i].at("request").at("id"), json(2 * i + (match[0] == 'o')));
        }
    }
    QCOMPARE(CallLog::read(path, "other")->size(), std::size_t(0));
    // Several chunk rows per match, each with its own bounds.
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
    db.setDatabaseName(path);
    QVERIFY(db.open());
    {
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral(
            "SELECT count(*), sum(calls), min(first_at_us <= last_at_us) FROM call_chunks")));
        QVERIFY(q.next());
        QVERIFY(q.value(0).toInt() > 10);
        QCOMPARE(q.value(1).toInt(), 200);
        QCOMPARE(q.value(2).toInt(), 1);
        QVERIFY(q.exec(QStringLiteral("PRAGMA application_id")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), CallLog::ApplicationId);
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("peek"));
}

void TstCallLog::nothingLostWhenClosed()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    {
        auto log = CallLog::open(path);
        QVERIFY(log.ok());
        // Hand-overs right before the close: the close writes them.
        for (int i = 0; i < 50; ++i)
            (*log)->append({sampleRecord("m", i, 1000 + i)});
    }
    auto text = CallLog::read(path, "m");
    QVERIFY(text.ok());
    QCOMPARE(parseLines(*text).size(), std::size_t(50));
}

void TstCallLog::drainAndCloseWriteRecordsOnTheirWay_data()
{
    QTest::addColumn<int>("batch");
    QTest::newRow("one at a time") << 1;
    QTest::newRow("a few") << 7;
    QTest::newRow("all at the hand-over") << 100000;
}

void TstCallLog::drainAndCloseWriteRecordsOnTheirWay()
{
    // The writer builds the lines: drain() returns once every record handed
    // over is written, and the log holds the records (the caller's copies
    // are gone); a close right after a hand-over writes it all as well.
    QFETCH(int, batch);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    CallLog::Options o;
    o.batchRecords = std::size_t(batch);
    o.chunkBytes = 8192;
    std::map<std::string, std::string> expected;
    {
        auto log = CallLog::open(path, o);
        QVERIFY(log.ok());
        int id = 0;
        const auto addSome = [&](int n) {
            for (int i = 0; i < n; ++i, ++id) {
                auto r = sampleRecord(id % 3 ? "a" : "b", id, 1000 + id);
                QByteArray line;
                CallLog::appendLine(line, *r);
                expected[r->matchId] += line.toStdString();
                (*log)->add(std::move(r));
            }
        };
        addSome(300);
        (*log)->handOver();
        (*log)->drain();
        QCOMPARE((*log)->writtenCount(), std::uint64_t(300));
        for (const auto &[match, lines] : expected)
            QCOMPARE(*CallLog::read(path, match), lines);
        addSome(500);
        (*log)->handOver();
    }
    for (const auto &[match, lines] : expected)
        QCOMPARE(*CallLog::read(path, match), lines);
}

void TstCallLog::droppedWhenTheWriterIsBehindAndCounted()
{
    // Nothing may wait for the writer: whatever it has not taken yet when
    // more comes is dropped, counted and reported, never half-written.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    CallLog::Options o;
    o.batchRecords = 1;
    o.maxQueuedBytes = 1;
    QStringList failures;
    o.onFailure = [&failures](const QString &message) {
        failures << message;
    };
    constexpr int Calls = 2000;
    {
        auto log = CallLog::open(path, o);
        QVERIFY(log.ok());
        for (int i = 0; i < Calls; ++i) {
            (*log)->add(sampleRecord("m", i, 1000 + i));
            if (i % 100 == 99)
                (*log)->handOver();
        }
        (*log)->drain();
        QCOMPARE((*log)->writtenCount() + (*log)->droppedCount(), std::uint64_t(Calls));
        QCOMPARE(failures.isEmpty(), (*log)->droppedCount() == 0);
        QCOMPARE(qint64(parseLines(*CallLog::read(path, "m")).size()),
                 qint64((*log)->writtenCount()));
    }
}

void TstCallLog::reopensItsOwnFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    for (int run = 0; run < 2; ++run) {
        auto log = CallLog::open(path);
        QVERIFY(log.ok());
        (*log)->append({sampleRecord("m", run, 1000 + run)});
    }
    const std::vector<json> lines = parseLines(*CallLog::read(path, "m"));
    QCOMPARE(lines.size(), std::size_t(2));
    QCOMPARE(lines[1].at("request").at("id"), json(1));
}

namespace {

/// A tools/call response with `text` (a JSON string literal) as its first
/// content block and `structured` as its structuredContent.
QByteArray toolResponse(int id,
                        const std::string &text,
                        const std::string &structured,
                        bool structuredFirst = false)
{
    const std::string content = R"("content":[{"type":"text","text":)" + text + "}]";
    const std::string sc = R"("structuredContent":)" + structured;
    return QByteArray::fromStdString(R"({"jsonrpc":"2.0","id":)" + std::to_string(id)
                                     + R"(,"result":{)" + (structuredFirst ? sc : content) + ","
                                     + (structuredFirst ? content : sc) + R"(,"isError":false}})");
}

/// SHA-256 of the file's rows as stored (every column, in order): what
/// the writer wrote, not what read() rebuilds from it.
QByteArray storedRowsDigest(const QString &path)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    {
        QSqlDatabase db
            = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("digest"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT match_id, first_at_us, last_at_us, calls, lines FROM "
                                  "call_chunks ORDER BY id"));
            while (q.next()) {
                for (int i = 0; i < 4; ++i)
                    hash.addData(QByteArray(q.value(i).toString().toUtf8() + '|'));
                hash.addData(q.value(4).toByteArray());
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("digest"));
    return hash.result().toHex();
}

qint64 storedBytes(const QString &path)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("size"));
    db.setDatabaseName(path);
    qint64 bytes = -1;
    if (db.open()) {
        QSqlQuery q(db);
        if (q.exec(QStringLiteral("SELECT sum(length(lines)) FROM call_chunks")) && q.next())
            bytes = q.value(0).toLongLong();
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("size"));
    return bytes;
}

} // namespace

void TstCallLog::duplicatedTextStoredOnceReadBackByteForByte()
{
    // A state-like value with everything the escaping must get right.
    json state
        = {{"matchId", "m"},
           {"phase", "DAY_VOTE"},
           {"notes", "quote \" backslash \\ slash / tab \t nl \n cr \r bs \b ff \f \x01 \x1f"},
           {"names", {"caf\u00e9", "\u4e2d\u6587", "\xf0\x9f\x90\xba", "\x7f"}},
           {"players", json::array()}};
    for (int i = 0; i < 12; ++i)
        state["players"].push_back({{"id", "p" + std::to_string(i)}, {"alive", i % 3 != 0}});
    const std::string sc = state.dump();
    const std::string text = json(sc).dump(); // the escape, quotes included
    QVERIFY(text.find("\\u0001") != std::string::npos);
    // Responses that look alike but are not the exact duplicate, each kept.
    std::string oneByteOff = text;
    oneByteOff[oneByteOff.find("DAY_VOTE")] = 'd';
    std::string otherEscape = text;
    otherEscape.replace(otherEscape.find("/"), 1, "\\/"); // same string, other bytes
    std::string unicodeEscape = text;
    unicodeEscape.replace(unicodeEscape.find("\\\"matchId"), 2, "\\u0022"); // \" as \u0022
    const std::vector<QByteArray> responses = {
        toolResponse(1, text, sc),
        toolResponse(2, text, sc, true),
        toolResponse(3, json(sc + " ").dump(), sc),
        toolResponse(4, oneByteOff, sc),
        toolResponse(5, otherEscape, sc),
        toolResponse(6, unicodeEscape, sc),
        toolResponse(7, text, json(state).dump(1)), // other bytes
        // The text is the second block.
        QByteArray::fromStdString(R"({"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text",)"
                                  R"("text":"x"},{"type":"text","text":)"
                                  + text + R"(}],"structuredContent":)" + sc + "}}"),
        QByteArray::fromStdString(R"({"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text",)"
                                  R"("text":)"
                                  + text + "}]}}"), // no structuredContent
        QByteArray::fromStdString(R"({"jsonrpc": "2.0", "id": 10, "result": {"content": [{"type": )"
                                  R"("text", "text": )"
                                  + text + R"(}], "structuredContent": )" + sc + "}}"), // spaced
        QByteArray::fromStdString(R"({"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":)"
                                  + text + "}}"),
        toolResponse(12, R"("{}")", "{}"),
    };
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    std::string expected;
    qint64 lineBytes = 0;
    {
        auto log = CallLog::open(path);
        QVERIFY(log.ok());
        for (std::size_t i = 0; i < responses.size(); ++i) {
            for (const char *method : {"tools/call", "resources/read"}) {
                auto r = sampleRecord("m", int(i), 1000 + qint64(i));
                r->method = method;
                // Sessions of their own: no response is stored against another.
                setSessionId(*r, "s" + std::to_string(i) + method);
                r->responseText = responses[i];
                QByteArray line;
                CallLog::appendLine(line, *r);
                expected += line.toStdString();
                lineBytes += line.size();
                (*log)->add(r);
            }
        }
        (*log)->handOver();
    }
    auto read = CallLog::read(path, "m");
    QVERIFY(read.ok());
    QCOMPARE(QString::fromStdString(*read), QString::fromStdString(expected));
    QCOMPARE(*read, expected);
    // The exact duplicates (ids 1, 2 and 10 as tools/call) are stored
    // without their text: a state's worth of bytes less each.
    // The exact duplicates of the compact responses (ids 1 and 2 as
    // tools/call) are stored without their text: a state's worth less each;
    // the spaced one (id 10) is kept whole, like every other.
    const qint64 stored = storedBytes(path);
    QVERIFY2(stored < lineBytes - 2 * (qint64(text.size()) - 40),
             qPrintable(QStringLiteral("%1 of %2").arg(stored).arg(lineBytes)));
    QVERIFY(stored > lineBytes - 2 * qint64(text.size()));
}

namespace {

/// A get_state response as the server writes it: the state as text and as
/// structuredContent, with the server's time in both.
QByteArray stateResponse(int id, const std::string &time, const std::string &state)
{
    const std::string sc
        = R"({"ok":true,"serverTime":")" + time + R"(","state":)" + state + R"(,"error":null})";
    return toolResponse(id, json(sc).dump(), sc);
}

std::string sampleState(int seq, const std::string &viewer)
{
    json state = {{"matchId", "m"},
                  {"seq", seq},
                  {"viewer", viewer},
                  {"notes", "quote \" backslash \\ tab \t nl \n \x01 caf\u00e9"},
                  {"players", json::array()}};
    for (int i = 0; i < 12; ++i)
        state["players"].push_back(
            {{"id", "p" + std::to_string(i)}, {"alive", (i + seq) % 5 != 0}, {"votes", seq * i}});
    return state.dump();
}

/// Records each response in `responses` (as the record's session's), then
/// checks that read() gives back exactly the lines appendLine() gives; the
/// bytes stored (and in `lineBytes` those of the lines).
qint64 storeAndReadBack(const std::vector<std::pair<std::string, QByteArray>> &responses,
                        CallLog::Options options = {},
                        qint64 *lineBytes = nullptr,
                        QByteArray *digest = nullptr)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    std::string expected;
    {
        auto log = CallLog::open(path, options);
        if (!log.ok())
            return -1;
        int i = 0;
        for (const auto &[session, response] : responses) {
            auto r = sampleRecord("m", i, 1000 + i);
            ++i;
            setSessionId(*r, session);
            r->toolName = std::make_shared<const std::string>("et.werewolf.match.get_state");
            r->responseText = response;
            QByteArray line;
            CallLog::appendLine(line, *r);
            expected += line.toStdString();
            (*log)->add(r);
            if (i % 50 == 0)
                (*log)->handOver();
        }
        (*log)->handOver();
    }
    auto read = CallLog::read(path, "m");
    if (!read.ok() || *read != expected) {
        qWarning("read back %s", read.ok() ? "other bytes" : "an error");
        return -1;
    }
    if (lineBytes)
        *lineBytes = qint64(expected.size());
    if (digest)
        *digest = storedRowsDigest(path);
    return storedBytes(path);
}

/// Three sessions poll; the match moves on now and then; ids grow a digit;
/// one session's view differs; a short, a spaced and a multi-line response
/// now and then.
std::vector<std::pair<std::string, QByteArray>> polledResponses()
{
    std::vector<std::pair<std::string, QByteArray>> responses;
    for (int call = 0; call < 400; ++call) {
        const int seq = call / 90;
        const std::string session = "s" + std::to_string(call % 3);
        const std::string time = "2026-11-22T08:" + std::to_string(10 + call / 60) + ":0"
                                 + std::to_string(call % 10) + "." + std::to_string(100 + call)
                                 + "Z";
        QByteArray response = stateResponse(call * 7, time, sampleState(seq, session));
        if (call % 37 == 5)
            response = sampleRecord("m", call, 0)->responseText; // a short one between
        if (call % 41 == 7)
            response.insert(1, ' '); // spaced: stored as it is, still a base
        if (call % 53 == 9)
            response.replace("\"ok\":true", "\"ok\" :\n true"); // not one line: re-dumped
        responses.emplace_back(session, response);
    }
    return responses;
}

/// Each response an edit of the session's previous one: bytes replaced,
/// inserted or removed anywhere, near the ends, all or none.
std::vector<std::pair<std::string, QByteArray>> editedResponses()
{
    std::mt19937 random(20261122);
    const auto pick = [&](std::size_t n) {
        return std::size_t(std::uniform_int_distribution<std::size_t>(0, n)(random));
    };
    std::vector<std::pair<std::string, QByteArray>> responses;
    std::array<QByteArray, 2> last
        = {stateResponse(1, "t", sampleState(1, "a")), stateResponse(2, "t", sampleState(2, "b"))};
    const QByteArray alphabet = "ab\"\\{}:,0123456789 \xc3\xa9";
    for (int call = 0; call < 600; ++call) {
        QByteArray &r = last[std::size_t(call % 2)];
        const int edits = int(pick(6));
        for (int e = 0; e < edits; ++e) {
            const std::size_t size = std::size_t(r.size());
            const std::size_t where = pick(3);
            const std::size_t at = std::min(where == 0   ? pick(3)
                                            : where == 1 ? size - pick(3)
                                                         : pick(size),
                                            size - 2);
            const std::size_t len = pick(3) == 0 ? pick(300) : pick(4);
            QByteArray bytes;
            for (std::size_t k = pick(len); k > 0; --k)
                bytes += alphabet[qsizetype(pick(std::size_t(alphabet.size()) - 1))];
            // The ends stay a JSON object's, so that the bytes are spliced.
            r.replace(qsizetype(at + 1), qsizetype(std::min(len, size - at - 2)), bytes);
        }
        if (call % 97 == 0)
            r = stateResponse(call, "u", sampleState(call, "c"));
        responses.emplace_back("s" + std::to_string(call % 2), r);
    }
    return responses;
}

} // namespace

void TstCallLog::similarResponsesStoredAsDifferencesReadBackByteForByte()
{
    // Chunks end every 50 calls (and at 4 KB below).
    const std::vector<std::pair<std::string, QByteArray>> responses = polledResponses();
    qint64 lineBytes = 0;
    const qint64 stored = storeAndReadBack(responses, {}, &lineBytes);
    QVERIFY(stored > 0);
    // Most lines are a few ops on the previous one of their session (one
    // in 17 or so is the first of its session in its chunk): under a fifth
    // of the bytes printed.
    QVERIFY2(stored < lineBytes / 5,
             qPrintable(QStringLiteral("%1 of %2 bytes").arg(stored).arg(lineBytes)));
    // Chunks of a few calls each: the same bytes back.
    CallLog::Options small;
    small.chunkBytes = 4096;
    QVERIFY(storeAndReadBack(responses, small) > 0);
}

void TstCallLog::randomDifferencesReadBackByteForByte()
{
    const std::vector<std::pair<std::string, QByteArray>> responses = editedResponses();
    CallLog::Options small;
    small.chunkBytes = 8192;
    for (const CallLog::Options &options : {CallLog::Options(), small})
        QVERIFY(storeAndReadBack(responses, options) > 0);
}

void TstCallLog::storedBytesUnchanged()
{
    // The rows the writer stores, byte for byte, as layout 3 stored them
    // when the server thread built the lines (digests taken then): where
    // and how a line is built may change, the file may not.
    CallLog::Options small;
    small.chunkBytes = 4096;
    const QStringList expected = {
        QStringLiteral("0f2314ba03d667703872cdf3d52db5e6d005d672d5126f9b5d53a788fb285193"),
        QStringLiteral("c7806b78dbe08f88e047d7f88552a4f0efff7d7fac012a5c835f718fb5db6c8f"),
        QStringLiteral("ee189eaa0d7bfb3e28e462e46b7e2c7ce12f143567b5eee65608ac289ad5bb93"),
        QStringLiteral("d6e23510405150930b627d74e31a8877adc535753640aabf7a36e971300dd788"),
    };
    QStringList digests;
    for (const auto &responses : {polledResponses(), editedResponses()})
        for (const CallLog::Options &options : {CallLog::Options(), small}) {
            QByteArray digest;
            QVERIFY(storeAndReadBack(responses, options, nullptr, &digest) > 0);
            digests << QString::fromLatin1(digest);
        }
    QVERIFY2(digests == expected, qPrintable(digests.join(u' ')));
}

void TstCallLog::layoutOneFileReadAndMarkedDamagedLineRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    // A file of the first layout: its lines are stored as printed.
    QByteArray old;
    CallLog::appendLine(old, *sampleRecord("m", 1, 1000));
    makeDatabase(path,
                 {QStringLiteral("CREATE TABLE call_chunks (id INTEGER PRIMARY KEY, match_id TEXT "
                                 "NOT NULL, first_at_us INTEGER NOT NULL, last_at_us INTEGER NOT "
                                 "NULL, calls INTEGER NOT NULL, lines BLOB NOT NULL)"),
                  QStringLiteral("CREATE INDEX call_chunks_by_match ON call_chunks (match_id, id)"),
                  QStringLiteral("INSERT INTO call_chunks (match_id, first_at_us, last_at_us, "
                                 "calls, lines) VALUES ('m', 1, 1, 1, CAST('%1' AS BLOB))")
                      .arg(QString::fromUtf8(old).replace(QLatin1Char('\''), QStringLiteral("''"))),
                  QStringLiteral("PRAGMA application_id = %1").arg(CallLog::ApplicationId),
                  QStringLiteral("PRAGMA user_version = 1")});
    auto state = toolResponse(2, json(R"({"a":"\"b\""})").dump(), R"({"a":"\"b\""})");
    auto r = sampleRecord("m", 2, 2000);
    r->responseText = state;
    QByteArray added;
    CallLog::appendLine(added, *r);
    {
        auto log = CallLog::open(path);
        QVERIFY(log.ok());
        (*log)->append({r});
    }
    QCOMPARE(QByteArray::fromStdString(*CallLog::read(path, "m")), old + added);
    // A stored line whose prefix points outside it is an error, not output.
    makeDatabase(path,
                 {QStringLiteral("INSERT INTO call_chunks (match_id, first_at_us, last_at_us, "
                                 "calls, lines) VALUES ('m', 3, 3, 1, CAST('#%1{}' AS BLOB))")
                      .arg(QString(24, QLatin1Char('9')))});
    auto damaged = CallLog::read(path, "m");
    QVERIFY(!damaged.ok());
    QCOMPARE(damaged.error().code, Code::Corrupt);
    // So is a difference that copies from beyond what its chunk printed,
    // and a line that is none of the stored forms.
    // (A hand-made difference line reads back: the ops copy "{\"a\"" and
    // add ":2}" to the line before.)
    makeDatabase(
        path,
        {QStringLiteral("DELETE FROM call_chunks WHERE first_at_us = 3"),
         QStringLiteral(
             "INSERT INTO call_chunks (match_id, first_at_us, last_at_us, "
             "calls, lines) VALUES ('m', 3, 3, 2, CAST('{\"a\":1}\n&0,7:0,4,3::2}\n' AS BLOB))")});
    QVERIFY(
        QByteArray::fromStdString(*CallLog::read(path, "m")).endsWith("{\"a\":1}\n{\"a\":2}\n"));
    for (const char *line : {"&0,5:0,1,0:x\n", "{}\n&0,9:0,2,7:\"x\":1}\n", "x{}\n"}) {
        makeDatabase(path,
                     {QStringLiteral("DELETE FROM call_chunks WHERE first_at_us = 3"),
                      QStringLiteral("INSERT INTO call_chunks (match_id, first_at_us, last_at_us, "
                                     "calls, lines) VALUES ('m', 3, 3, 1, CAST('%1' AS BLOB))")
                          .arg(QLatin1String(line))});
        damaged = CallLog::read(path, "m");
        QVERIFY2(!damaged.ok(), line);
        QCOMPARE(damaged.error().code, Code::Corrupt);
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("ver"));
    db.setDatabaseName(path);
    QVERIFY(db.open());
    {
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), CallLog::SchemaVersion);
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("ver"));
}

void TstCallLog::refusesAndLeavesAlone_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("code");
    QTest::newRow("not SQLite") << 0 << int(Code::Corrupt);
    QTest::newRow("another program's database") << 1 << int(Code::Foreign);
    QTest::newRow("the host's own database") << 2 << int(Code::Foreign);
    QTest::newRow("a newer layout") << 3 << int(Code::TooNew);
}

void TstCallLog::refusesAndLeavesAlone()
{
    QFETCH(int, kind);
    QFETCH(int, code);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("c.calls.sqlite"));
    switch (kind) {
    case 0: {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
        break;
    }
    case 1:
        makeDatabase(path,
                     {QStringLiteral("CREATE TABLE notes (text TEXT)"),
                      QStringLiteral("INSERT INTO notes VALUES ('keep me')")});
        break;
    case 2:
        QVERIFY(Store::open(path).ok());
        break;
    default:
        makeDatabase(path,
                     {QStringLiteral("CREATE TABLE future (x)"),
                      QStringLiteral("PRAGMA application_id = %1").arg(CallLog::ApplicationId),
                      QStringLiteral("PRAGMA user_version = %1").arg(CallLog::SchemaVersion + 1)});
        break;
    }
    const QByteArray before = fileBytes(path);
    QVERIFY(!before.isEmpty());
    auto log = CallLog::open(path);
    QVERIFY(!log.ok());
    QCOMPARE(int(log.error().code), code);
    QVERIFY2(log.error().message.contains(QDir::toNativeSeparators(path)),
             qPrintable(log.error().message));
    auto read = CallLog::read(path, "m");
    QVERIFY(!read.ok());
    QCOMPARE(int(read.error().code), code);
    QCOMPARE(fileBytes(path), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
}

void TstCallLog::unwritableLocation()
{
    QTemporaryDir dir;
    // A regular file where the directory should be (refused even for root).
    QFile blocker(dir.filePath(QStringLiteral("file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    auto log = CallLog::open(dir.filePath(QStringLiteral("file/sub/c.calls.sqlite")));
    QVERIFY(!log.ok());
    QCOMPARE(log.error().code, Code::Io);
    // A directory where the file should be.
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("c.calls.sqlite")));
    log = CallLog::open(dir.filePath(QStringLiteral("c.calls.sqlite")));
    QVERIFY(!log.ok());
    QCOMPARE(log.error().code, Code::Io);
}

void TstCallLog::cliReadsLegacyRowsThenTheCallsFile()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("t.sqlite"));
    // A row an earlier version wrote to the host's database's tool_calls
    // table, which the store now only reads.
    const std::shared_ptr<CallRecord> legacy = sampleRecord("m", 1, 1000);
    QVERIFY(Store::open(db).ok());
    {
        storetest::RawDb raw(db);
        QVERIFY(storetest::insertLegacyToolCall(raw, Recorder::toRow(*legacy)));
    }
    const std::shared_ptr<CallRecord> fresh = sampleRecord("m", 2, 2000);
    {
        auto log = CallLog::open(CallLog::pathFor(db));
        QVERIFY(log.ok());
        (*log)->append({fresh, sampleRecord("other", 3, 3000)});
    }
    QProcess p;
    p.start(QStringLiteral(TOWNHALL_BIN),
            {QStringLiteral("calls"), QStringLiteral("m"), QStringLiteral("--db"), db});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const std::vector<json> lines = parseLines(p.readAllStandardOutput().toStdString());
    QCOMPARE(lines.size(), std::size_t(2));
    QCOMPARE(lines[0], Recorder::rowToJson(Recorder::toRow(*legacy)));
    QCOMPARE(lines[1], Recorder::rowToJson(Recorder::toRow(*fresh)));

    // A foreign calls file: `townhall calls` says so and fails.
    QVERIFY(QFile::remove(CallLog::pathFor(db)));
    makeDatabase(CallLog::pathFor(db), {QStringLiteral("CREATE TABLE notes (text TEXT)")});
    p.start(QStringLiteral(TOWNHALL_BIN),
            {QStringLiteral("calls"), QStringLiteral("m"), QStringLiteral("--db"), db});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY(p.readAllStandardError().contains("not a Town Hall calls file"));
}

QTEST_GUILESS_MAIN(TstCallLog)
#include "tst_calllog.moc"
