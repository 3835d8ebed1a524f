// SPDX-License-Identifier: MIT
// The command line as a user meets it: a headless demo match, then export,
// import into a fresh database, replay to an event, agents, and the refusals
// (corrupt file, foreign database, duplicate import, bad arguments).

#include <nlohmann/json.hpp>

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>
#include <set>

using json = nlohmann::json;

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run townhall(const QStringList &args,
             const QByteArray &stdinData = {},
             int timeoutMs = 180'000,
             const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TOWNHALL_BIN), args);
    if (!p.waitForStarted(10'000))
        return {};
    if (!stdinData.isEmpty())
        p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/// A headless host that keeps running while the test reads what it prints.
struct LiveHost
{
    QProcess proc;
    QByteArray out;

    bool start(const QStringList &args)
    {
        proc.start(
            QStringLiteral(TOWNHALL_BIN),
            QStringList{QStringLiteral("--headless"), QStringLiteral("--port"), QStringLiteral("0")}
                + args);
        return proc.waitForStarted(10'000);
    }
    /// Reads stdout until `done(out)` or `timeoutMs`; true if done.
    bool readUntil(const std::function<bool(const QByteArray &)> &done, int timeoutMs = 180'000)
    {
        QElapsedTimer t;
        t.start();
        while (!done(out) && t.elapsed() < timeoutMs && proc.state() == QProcess::Running) {
            proc.waitForReadyRead(200);
            out += proc.readAllStandardOutput();
        }
        return done(out);
    }
    ~LiveHost()
    {
        proc.terminate();
        if (!proc.waitForFinished(10'000))
            proc.kill();
        proc.waitForFinished();
    }
};

QByteArray sha(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

} // namespace

class TstCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void demoExportImportReplay();
    void chapters();
    void agents();
    void headlessNarratesEveryMatch();
    void headlessQuietPrintsTheUrlAlone();
    void headlessBotsKeepPlaying();
    void headlessRefusesAnUnreachableModelServer();
    void headlessNamesStandIns();
    void headlessSeatsFileSeatsPeople();
    void headlessLogsJsonPublicEventsOnly();
    void agentConfigNamesTheServedUrl();
    void refusesBadDatabases_data();
    void refusesBadDatabases();
    void simulateIsDeterministic();
    void rulesListsThePresets();
    void simulateWithRules();
    void headlessWithRules();
    void allocator();
    void usageErrors_data();
    void usageErrors();
    void withoutDisplay();

private:
    QTemporaryDir m_dir;
    QString m_db;
};

void TstCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("demo.sqlite"));
}

void TstCli::demoExportImportReplay()
{
    // The README's headless main job: a narrated bot match that ends with its result.
    Run demo = townhall({QStringLiteral("--headless"),
                         QStringLiteral("--demo"),
                         QStringLiteral("--port"),
                         QStringLiteral("0"),
                         QStringLiteral("--db"),
                         m_db,
                         QStringLiteral("--speed"),
                         QStringLiteral("60"),
                         QStringLiteral("--seed"),
                         QStringLiteral("5")});
    QCOMPARE(demo.code, 0);
    const QString text = QString::fromUtf8(demo.out);
    QVERIFY2(text.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(text.left(200)));
    QVERIFY(text.contains(QLatin1String("Town Crier:")));
    QVERIFY(text.contains(QStringLiteral("== Day 1 · DAY_VOTE ==")));
    QVERIFY(text.contains(QLatin1String("Result: the ")));

    Run exp = townhall(
        {QStringLiteral("export"), QStringLiteral("match-1"), QStringLiteral("--db"), m_db});
    QCOMPARE(exp.code, 0);
    const QList<QByteArray> lines = exp.out.trimmed().split('\n');
    QVERIFY(lines.size() > 50);
    std::string lastId;
    for (const QByteArray &l : lines) {
        const json e = json::parse(l.toStdString());
        QVERIFY(e.contains("eventId") && e.contains("audience") && e.contains("payload"));
        lastId = e.at("eventId").get<std::string>();
    }

    // Import into a fresh database, then replay there.
    const QString other = m_dir.filePath(QStringLiteral("imported.sqlite"));
    const QString file = m_dir.filePath(QStringLiteral("match-1.jsonl"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(exp.out);
    }
    Run imp = townhall({QStringLiteral("import"), file, QStringLiteral("--db"), other});
    QCOMPARE(imp.code, 0);
    QVERIFY(imp.out.contains("imported match-1"));
    // Importing the same match twice is refused, and says why.
    Run again = townhall({QStringLiteral("import"), file, QStringLiteral("--db"), other});
    QCOMPARE(again.code, 1);
    QVERIFY(!again.err.isEmpty());
    // ...unless it is stored under the next free number (issue 29, item 22).
    Run renumbered = townhall({QStringLiteral("import"),
                               file,
                               QStringLiteral("--renumber"),
                               QStringLiteral("--db"),
                               other});
    QCOMPARE(renumbered.code, 0);
    QVERIFY2(renumbered.out.contains("imported match-2"), renumbered.out.constData());
    Run exp2 = townhall(
        {QStringLiteral("export"), QStringLiteral("match-2"), QStringLiteral("--db"), other});
    QCOMPARE(exp2.code, 0);
    QVERIFY(!exp2.out.contains("match-1"));
    QCOMPARE(exp2.out.count('\n'), exp.out.count('\n'));

    const std::string mid = lines[lines.size() / 2].toStdString();
    const std::string midId = json::parse(mid).at("eventId").get<std::string>();
    Run rep = townhall({QStringLiteral("replay"),
                        QStringLiteral("match-1"),
                        QStringLiteral("--to"),
                        QString::fromStdString(midId),
                        QStringLiteral("--db"),
                        other});
    QCOMPARE(rep.code, 0);
    const json state = json::parse(rep.out.toStdString());
    QCOMPARE(QString::fromStdString(state.at("atEventId").get<std::string>()),
             QString::fromStdString(midId));
    for (const json &p : state.at("public").at("players"))
        if (p.at("alive").get<bool>() && state.at("public").at("phase") != "ENDED")
            QVERIFY(p.at("revealedRole").is_null());
    // The same replay from the original database gives the same state.
    Run rep2 = townhall({QStringLiteral("replay"),
                         QStringLiteral("match-1"),
                         QStringLiteral("--to"),
                         QString::fromStdString(midId),
                         QStringLiteral("--db"),
                         m_db});
    QCOMPARE(json::parse(rep2.out.toStdString()).at("stateHash"), state.at("stateHash"));

    // A damaged import is refused.
    QByteArray broken = exp.out;
    broken.replace("\"seq\":3,", "\"seq\":33,");
    Run bad = townhall({QStringLiteral("import"),
                        QStringLiteral("-"),
                        QStringLiteral("--db"),
                        m_dir.filePath(QStringLiteral("third.sqlite"))},
                       broken);
    QCOMPARE(bad.code, 1);
    // A refused import creates no database (issue 28, item 8).
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("third.sqlite"))));
    // A file that never ends is refused at the cap, not read whole.
    Run endless = townhall({QStringLiteral("import"),
                            QStringLiteral("/dev/zero"),
                            QStringLiteral("--db"),
                            m_dir.filePath(QStringLiteral("fourth.sqlite"))});
    QCOMPARE(endless.code, 1);
    QVERIFY2(endless.err.contains("more than 64 MiB"), endless.err.constData());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("fourth.sqlite"))));
    // Without --to, replay shows the last event (issue 29, item 9).
    Run last = townhall(
        {QStringLiteral("replay"), QStringLiteral("match-1"), QStringLiteral("--db"), other});
    QCOMPARE(last.code, 0);
    QCOMPARE(QString::fromStdString(
                 json::parse(last.out.toStdString()).at("atEventId").get<std::string>()),
             QString::fromStdString(lastId));
}

void TstCli::chapters()
{
    // The stored demo match of demoExportImportReplay(); played again if this
    // function runs alone.
    if (!QFile::exists(m_db)) {
        Run demo = townhall({QStringLiteral("--headless"),
                             QStringLiteral("--demo"),
                             QStringLiteral("--port"),
                             QStringLiteral("0"),
                             QStringLiteral("--db"),
                             m_db,
                             QStringLiteral("--speed"),
                             QStringLiteral("60"),
                             QStringLiteral("--seed"),
                             QStringLiteral("5")});
        QCOMPARE(demo.code, 0);
    }
    static const QRegularExpression line(QStringLiteral("^((\\d+):)?(\\d{1,2}):(\\d{2}) \\S.*$"));
    const auto seconds = [](const QRegularExpressionMatch &m) {
        return m.captured(2).toInt() * 3600 + m.captured(3).toInt() * 60 + m.captured(4).toInt();
    };
    Run plain = townhall(
        {QStringLiteral("chapters"), QStringLiteral("match-1"), QStringLiteral("--db"), m_db});
    QCOMPARE(plain.code, 0);
    const QStringList lines
        = QString::fromUtf8(plain.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(!lines.isEmpty(), plain.err.constData());
    QVERIFY2(lines.front().startsWith(QLatin1String("0:00 ")), qPrintable(lines.front()));
    int previous = -10;
    for (const QString &l : lines) {
        const auto m = line.match(l);
        QVERIFY2(m.hasMatch(), qPrintable(l));
        QVERIFY2(seconds(m) - previous >= 10, qPrintable(l));
        previous = seconds(m);
    }
    // The stream started 2 min 5 s before the match: an opener, then the match.
    Run shifted = townhall({QStringLiteral("chapters"),
                            QStringLiteral("match-1"),
                            QStringLiteral("--offset"),
                            QStringLiteral("125"),
                            QStringLiteral("--db"),
                            m_db});
    QCOMPARE(shifted.code, 0);
    const QStringList shiftedLines
        = QString::fromUtf8(shifted.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(shiftedLines.value(0), QStringLiteral("0:00 Before the match"));
    QCOMPARE(shiftedLines.value(1), QStringLiteral("2:05 ") + lines.front().mid(5));

    // An unknown match: a clear error naming it, nothing on stdout, a failure exit.
    Run unknown = townhall(
        {QStringLiteral("chapters"), QStringLiteral("match-999"), QStringLiteral("--db"), m_db});
    QCOMPARE(unknown.code, 1);
    QVERIFY(unknown.out.isEmpty());
    QVERIFY2(unknown.err.startsWith("townhall chapters: ") && unknown.err.contains("match-999"),
             unknown.err.constData());
}

void TstCli::agents()
{
    const QString db = m_dir.filePath(QStringLiteral("agents.sqlite"));
    Run add = townhall({QStringLiteral("agent"),
                        QStringLiteral("add"),
                        QStringLiteral("Alice"),
                        QStringLiteral("--db"),
                        db});
    QCOMPARE(add.code, 0);
    const QString token = QString::fromUtf8(add.out)
                              .section(QStringLiteral("token "), 1)
                              .section(QLatin1Char('\n'), 0, 0);
    QVERIFY(token.startsWith(QLatin1String("th_")));
    Run list
        = townhall({QStringLiteral("agent"), QStringLiteral("list"), QStringLiteral("--db"), db});
    QCOMPARE(list.code, 0);
    QVERIFY(list.out.contains("Alice\tactive"));
    QVERIFY(!list.out.contains(token.toUtf8())); // the token is shown once, never listed
    Run rev = townhall({QStringLiteral("agent"),
                        QStringLiteral("revoke"),
                        QStringLiteral("Alice"),
                        QStringLiteral("--db"),
                        db});
    QCOMPARE(rev.code, 0);
    QVERIFY(townhall({QStringLiteral("agent"), QStringLiteral("list"), QStringLiteral("--db"), db})
                .out.contains("revoked"));
    // A typo in the path does not create a database.
    Run missing = townhall({QStringLiteral("agent"),
                            QStringLiteral("list"),
                            QStringLiteral("--db"),
                            m_dir.filePath(QStringLiteral("nope.sqlite"))});
    QCOMPARE(missing.code, 1);
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("nope.sqlite"))));
}

// `--headless` tells what happens, one line per event, for every match;
// `--bots N` leaves bots waiting for the next agent once a match took some.
void TstCli::headlessNarratesEveryMatch()
{
    LiveHost h;
    QVERIFY(h.start({QStringLiteral("--db"),
                     QStringLiteral(":memory:"),
                     QStringLiteral("--bots"),
                     QStringLiteral("8"),
                     QStringLiteral("--speed"),
                     QStringLiteral("100"),
                     QStringLiteral("--seed"),
                     QStringLiteral("3")}));
    QVERIFY2(h.readUntil([](const QByteArray &o) { return o.contains("[match-1] Result: "); }),
             h.out.right(2000).constData());
    const QList<QByteArray> lines = h.out.split('\n');
    QVERIFY(lines.front().startsWith("http://127.0.0.1:"));
    QVERIFY(h.out.contains("[match-1] Day 1 · NIGHT\n"));
    QVERIFY(h.out.contains("[match-1] Town Crier: "));
    QVERIFY(h.out.contains(" votes "));
    QVERIFY(h.out.contains(" is out ("));
    for (const QByteArray &line : lines.mid(1))
        QVERIFY2(line.isEmpty() || line.startsWith("[match-1] "), line.constData());
    QVERIFY(h.proc.readAllStandardError().contains("7 bots waiting"));
}

// Issue 29 item 3: the README's streaming example played one match and idled.
void TstCli::headlessBotsKeepPlaying()
{
    LiveHost h;
    QVERIFY(h.start({QStringLiteral("--db"),
                     QStringLiteral(":memory:"),
                     QStringLiteral("--bots"),
                     QStringLiteral("8"),
                     QStringLiteral("--speed"),
                     QStringLiteral("200"),
                     QStringLiteral("--seed"),
                     QStringLiteral("4")}));
    QVERIFY2(h.readUntil([](const QByteArray &o) { return o.contains("[match-3] Result: "); }),
             h.out.right(2000).constData());
    QVERIFY(h.out.contains("[match-2] Result: "));
    QVERIFY(h.proc.readAllStandardError().contains("back to back"));
}

// Issue 29 item 15: `--ollama` with nothing listening played a match of
// stand-ins and flooded stderr; now it refuses to start, in one clear line.
void TstCli::headlessRefusesAnUnreachableModelServer()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("http://127.0.0.1:1"));
    QElapsedTimer t;
    t.start();
    Run r = townhall({QStringLiteral("--headless"),
                      QStringLiteral("--port"),
                      QStringLiteral("0"),
                      QStringLiteral("--db"),
                      QStringLiteral(":memory:"),
                      QStringLiteral("--ollama"),
                      QStringLiteral("qwen3:8b")},
                     {},
                     60'000,
                     env);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("nothing answers for provider")
                 && r.err.contains("nothing was started"),
             r.err.constData());
    QVERIFY2(r.err.count('\n') <= 3, r.err.constData());
    QVERIFY2(!r.out.contains("[match-"), r.out.constData());
    qInfo("refused after %lld ms", qint64(t.elapsed()));
}

// Issue 29 item 13: headless, a stand-in's line looked like the model's own.
// A provider that lists its models but fails every chat request: the seat's
// stand-in plays, and the terminal says so with the seat's name and model.
void TstCli::headlessNamesStandIns()
{
    QTcpServer provider;
    QVERIFY(provider.listen(QHostAddress::LocalHost));
    QObject::connect(&provider, &QTcpServer::newConnection, &provider, [&provider] {
        while (QTcpSocket *s = provider.nextPendingConnection()) {
            QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            QObject::connect(s, &QTcpSocket::readyRead, s, [s] {
                const QByteArray head = s->peek(s->bytesAvailable());
                const qsizetype end = head.indexOf("\r\n\r\n");
                if (end < 0)
                    return;
                const bool models = head.startsWith("GET ");
                const QByteArray body
                    = models ? QByteArray(R"({"object":"list","data":[{"id":"flaky-1"}]})")
                             : QByteArray(R"({"error":{"message":"overloaded"}})");
                s->write(
                    (models ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 500 Internal Server Error\r\n")
                    + QByteArray(
                        "Content-Type: application/json\r\nConnection: close\r\nContent-Length: ")
                    + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                s->disconnectFromHost();
            });
        }
    });
    const QString seats = m_dir.filePath(QStringLiteral("flaky-seats.json"));
    {
        QFile f(seats);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(json{
            {"providers",
             {{"flaky",
               {{"kind", "openai"},
                {"baseUrl", "http://127.0.0.1:" + std::to_string(provider.serverPort()) + "/v1"},
                {"model", "flaky-1"}}}}},
            {"seats", {{{"name", "Zed"}, {"provider", "flaky"}}}}}
                                              .dump()));
    }
    QProcess proc;
    proc.start(QStringLiteral(TOWNHALL_BIN),
               {QStringLiteral("--headless"),
                QStringLiteral("--port"),
                QStringLiteral("0"),
                QStringLiteral("--db"),
                QStringLiteral(":memory:"),
                QStringLiteral("--seats"),
                seats,
                QStringLiteral("--bots"),
                QStringLiteral("7"),
                QStringLiteral("--timers"),
                QStringLiteral("standard"),
                QStringLiteral("--speed"),
                QStringLiteral("20")});
    QVERIFY(proc.waitForStarted(10'000));
    QByteArray out;
    QElapsedTimer t;
    t.start();
    // The test's own event loop must turn: the provider lives in this process.
    while (!out.contains("HAND-OVER of Zed") && t.elapsed() < 180'000
           && proc.state() == QProcess::Running) {
        QTest::qWait(100);
        out += proc.readAllStandardOutput();
    }
    proc.terminate();
    proc.waitForFinished(10'000);
    QVERIFY2(out.contains("HAND-OVER of Zed (p:"), out.right(3000).constData());
    QVERIFY(out.contains(", flaky-1): "));
    // Turns were lost before the hand-over, each one said as it happened.
    QVERIFY2(out.count("STAND-IN for Zed (p:") >= 2, out.right(3000).constData());
    QVERIFY(out.indexOf("STAND-IN for Zed") < out.indexOf("HAND-OVER of Zed"));
    QVERIFY(out.contains("on 3 turns in a row"));
    // Never a model's private thought.
    QVERIFY(!out.contains("THOUGHT"));
}

// A seats file may name seats for people ("human": true): the host prints
// their join lines as for --human-seats, and the link opens the page. Without
// --players-listen nothing starts.
void TstCli::headlessSeatsFileSeatsPeople()
{
    const QString seats = m_dir.filePath(QStringLiteral("people-seats.json"));
    {
        QFile f(seats);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"seats": [{"name": "Ada", "human": true}, {"name": "Cy", "bot": true}]})");
    }
    const Run refused = townhall({QStringLiteral("--headless"),
                                  QStringLiteral("--port"),
                                  QStringLiteral("0"),
                                  QStringLiteral("--db"),
                                  QStringLiteral(":memory:"),
                                  QStringLiteral("--seats"),
                                  seats},
                                 {},
                                 20'000);
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains("--players-listen"), refused.err.constData());

    LiveHost h;
    QVERIFY(h.start({QStringLiteral("--db"),
                     QStringLiteral(":memory:"),
                     QStringLiteral("--seats"),
                     seats,
                     QStringLiteral("--players-listen"),
                     QStringLiteral("127.0.0.1:0")}));
    static const QRegularExpression join(
        QStringLiteral(R"(join: (http://127\.0\.0\.1:(\d+)(/play/[A-Za-z0-9_-]{22})) \(Ada\)\n)"));
    QVERIFY2(
        h.readUntil([](const QByteArray &o) { return join.match(QString::fromUtf8(o)).hasMatch(); },
                    20'000),
        h.out.constData());
    const QRegularExpressionMatch m = join.match(QString::fromUtf8(h.out));
    QCOMPARE(h.out.count("join: "), 1); // Cy is a bot
    QTcpSocket page;
    page.connectToHost(QHostAddress::LocalHost, m.captured(2).toUShort());
    QVERIFY(page.waitForConnected(5000));
    page.write("GET " + m.captured(3).toLatin1() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray response;
    while (!response.contains("</html>") && page.waitForReadyRead(5000))
        response += page.readAll();
    QVERIFY2(response.startsWith("HTTP/1.1 200"), response.left(200).constData());
}

void TstCli::headlessQuietPrintsTheUrlAlone()
{
    LiveHost h;
    QVERIFY(h.start({QStringLiteral("--db"),
                     QStringLiteral(":memory:"),
                     QStringLiteral("--bots"),
                     QStringLiteral("8"),
                     QStringLiteral("--speed"),
                     QStringLiteral("100"),
                     QStringLiteral("--quiet")}));
    QVERIFY(h.readUntil([](const QByteArray &o) { return o.contains('\n'); }, 20'000));
    QTest::qWait(3000); // a match plays meanwhile
    h.readUntil([](const QByteArray &) { return false; }, 500);
    QVERIFY2(h.out.startsWith("http://127.0.0.1:") && h.out.count('\n') == 1, h.out.constData());
}

void TstCli::headlessLogsJsonPublicEventsOnly()
{
    LiveHost h;
    QVERIFY(h.start({QStringLiteral("--db"),
                     QStringLiteral(":memory:"),
                     QStringLiteral("--bots"),
                     QStringLiteral("8"),
                     QStringLiteral("--speed"),
                     QStringLiteral("100"),
                     QStringLiteral("--log"),
                     QStringLiteral("json")}));
    QVERIFY2(h.readUntil([](const QByteArray &o) { return o.contains("\"GAME_ENDED\""); }),
             h.out.right(2000).constData());
    const QList<QByteArray> lines = h.out.split('\n');
    std::set<std::string> types;
    for (const QByteArray &line : lines.mid(1)) {
        if (line.isEmpty())
            continue;
        const json j
            = json::parse(line.toStdString()); // throws (and fails) on a line that is not JSON
        QCOMPARE(j.at("matchId").get<std::string>(), std::string("match-1"));
        QCOMPARE(j.at("visibility").get<std::string>(), std::string("PUBLIC"));
        types.insert(j.at("type").get<std::string>());
    }
    for (const char *t : {"PHASE_CHANGED", "PUBLIC_MESSAGE", "VOTE_CAST", "NARRATOR", "GAME_ENDED"})
        QVERIFY2(types.count(t), t);
    for (const char *t :
         {"WOLF_CHAT_MESSAGE", "ROLES_ASSIGNED", "SEER_INSPECTED", "WOLF_KILL_SELECTED"})
        QVERIFY2(!types.count(t), t);
}

// A configuration names the URL the host serves this database on, and says
// where the URL came from.
void TstCli::agentConfigNamesTheServedUrl()
{
    const QString db = m_dir.filePath(QStringLiteral("served.sqlite"));
    Run fresh = townhall({QStringLiteral("agent"),
                          QStringLiteral("add"),
                          QStringLiteral("Early"),
                          QStringLiteral("--db"),
                          db,
                          QStringLiteral("--format"),
                          QStringLiteral("http")});
    QCOMPARE(fresh.code, 0);
    QVERIFY(fresh.out.contains("http://127.0.0.1:8787/mcp"));
    QVERIFY(fresh.err.contains("the default port"));
    QByteArray url;
    {
        LiveHost h;
        QVERIFY(h.start({QStringLiteral("--db"), db, QStringLiteral("--quiet")}));
        QVERIFY(h.readUntil([](const QByteArray &o) { return o.contains('\n'); }, 20'000));
        url = h.out.trimmed();
    }
    QVERIFY(url.startsWith("http://127.0.0.1:"));
    QVERIFY(!url.contains(":8787/")); // --port 0: some free port
    Run add = townhall({QStringLiteral("agent"),
                        QStringLiteral("add"),
                        QStringLiteral("Later"),
                        QStringLiteral("--db"),
                        db,
                        QStringLiteral("--format"),
                        QStringLiteral("http")});
    QCOMPARE(add.code, 0);
    QVERIFY2(add.out.contains(url), add.out.constData());
    QVERIFY(add.err.contains("where the last host on this database served"));
    Run given = townhall({QStringLiteral("agent"),
                          QStringLiteral("config"),
                          QStringLiteral("Later"),
                          QStringLiteral("--db"),
                          db,
                          QStringLiteral("--format"),
                          QStringLiteral("http"),
                          QStringLiteral("--port"),
                          QStringLiteral("9911")});
    QCOMPARE(given.code, 0);
    QVERIFY(given.out.contains("http://127.0.0.1:9911/mcp"));
    QVERIFY(given.err.contains("given with --port"));
}

void TstCli::refusesBadDatabases_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("random bytes") << QByteArray(4096, '\x5a');
    QByteArray header("SQLite format 3");
    header.append('\0');
    header.append(QByteArray(100, '\x01'));
    QTest::newRow("truncated sqlite header") << header;
    QTest::newRow("text file") << QByteArray("not a database\n");
}

void TstCli::refusesBadDatabases()
{
    QFETCH(QByteArray, content);
    const QString path = m_dir.filePath(QStringLiteral("bad-%1.sqlite")
                                            .arg(QString::fromLatin1(QTest::currentDataTag())
                                                     .replace(QLatin1Char(' '), QLatin1Char('-'))));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QByteArray before = sha(path);
    Run r = townhall({QStringLiteral("--headless"),
                      QStringLiteral("--port"),
                      QStringLiteral("0"),
                      QStringLiteral("--db"),
                      path},
                     {},
                     20'000);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(path.toUtf8()) || r.err.size() > 20, r.err.constData());
    QCOMPARE(sha(path), before); // never overwritten
}

void TstCli::simulateIsDeterministic()
{
    Run a = townhall({QStringLiteral("simulate"),
                      QStringLiteral("--matches"),
                      QStringLiteral("200"),
                      QStringLiteral("--seed"),
                      QStringLiteral("9"),
                      QStringLiteral("--json")});
    Run b = townhall({QStringLiteral("simulate"),
                      QStringLiteral("--matches"),
                      QStringLiteral("200"),
                      QStringLiteral("--seed"),
                      QStringLiteral("9"),
                      QStringLiteral("--json")});
    Run c = townhall({QStringLiteral("simulate"),
                      QStringLiteral("--matches"),
                      QStringLiteral("200"),
                      QStringLiteral("--seed"),
                      QStringLiteral("10"),
                      QStringLiteral("--json")});
    QCOMPARE(a.code, 0);
    const json ja = json::parse(a.out.toStdString());
    const json jb = json::parse(b.out.toStdString());
    const json jc = json::parse(c.out.toStdString());
    QCOMPARE(ja.at("matches").get<int>(), 200);
    QCOMPARE(ja.at("villagerWins").get<int>() + ja.at("werewolfWins").get<int>(), 200);
    QCOMPARE(ja.at("logHash"), jb.at("logHash"));
    QCOMPARE(ja.at("totalEvents"), jb.at("totalEvents"));
    QVERIFY(ja.at("logHash") != jc.at("logHash"));
}

void TstCli::rulesListsThePresets()
{
    Run text = townhall({QStringLiteral("rules")}, {}, 20'000);
    QCOMPARE(text.code, 0);
    Run js = townhall({QStringLiteral("rules"), QStringLiteral("--json")}, {}, 20'000);
    QCOMPARE(js.code, 0);
    const json list = json::parse(js.out.toStdString());
    QVERIFY(list.is_array());
    const std::map<std::string, int> presets{
        {"classic", 8}, {"witch-6", 6}, {"witch-hunter-9", 9}, {"witch-hunter-doctor-12", 12}};
    QCOMPARE(list.size(), presets.size());
    for (const auto &[name, seats] : presets) {
        const auto it = std::find_if(
            list.begin(), list.end(), [&](const json &j) { return j.at("name") == name; });
        QVERIFY2(it != list.end(), name.c_str());
        QCOMPARE(it->at("seats").get<int>(), seats);
        QCOMPARE(it->at("queueId").get<std::string>(), "werewolf-" + name);
        // The text names it with its table.
        const QByteArray head
            = QByteArray::fromStdString(name + "  (" + std::to_string(seats) + " seats");
        QVERIFY2(text.out.contains(head), head.constData());
    }
    QVERIFY(text.out.contains("3 werewolves, 1 seer, 1 witch, 1 hunter, 3 villagers"));

    // An entry of --json is a rule-set file that plays as the preset it describes.
    auto nine = *std::find_if(
        list.begin(), list.end(), [](const json &j) { return j.at("name") == "witch-hunter-9"; });
    nine.erase("seats");
    nine.erase("queueId");
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("nine.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(nine.dump()));
    file.close();
    const QStringList sim{QStringLiteral("simulate"),
                          QStringLiteral("--matches"),
                          QStringLiteral("10"),
                          QStringLiteral("--json"),
                          QStringLiteral("--rules")};
    Run fromFile = townhall(sim + QStringList{file.fileName()});
    Run byName = townhall(sim + QStringList{QStringLiteral("witch-hunter-9")});
    QCOMPARE(fromFile.code, 0);
    QCOMPARE(json::parse(fromFile.out.toStdString()).at("logHash"),
             json::parse(byName.out.toStdString()).at("logHash"));
}

void TstCli::simulateWithRules()
{
    const QStringList base{QStringLiteral("simulate"),
                           QStringLiteral("--matches"),
                           QStringLiteral("40"),
                           QStringLiteral("--seed"),
                           QStringLiteral("5"),
                           QStringLiteral("--json")};
    Run classic = townhall(base);
    Run named = townhall(base + QStringList{QStringLiteral("--rules"), QStringLiteral("classic")});
    QCOMPARE(classic.code, 0);
    QCOMPARE(named.code, 0);
    // Naming classic changes nothing: same logs, and no seed 002 fields.
    const json jc = json::parse(classic.out.toStdString());
    const json jn = json::parse(named.out.toStdString());
    QCOMPARE(jc.at("logHash"), jn.at("logHash"));
    QVERIFY(!jc.contains("draws") && !jc.contains("rules"));

    Run nine = townhall(base + QStringList{QStringLiteral("--rules"), QStringLiteral("9p")});
    QCOMPARE(nine.code, 0);
    const json j9 = json::parse(nine.out.toStdString());
    QCOMPARE(j9.at("rules").get<std::string>(), std::string("witch-hunter-9"));
    QCOMPARE(j9.at("villagerWins").get<int>() + j9.at("werewolfWins").get<int>()
                 + j9.at("draws").get<int>(),
             40);
    QVERIFY(j9.at("logHash") != jc.at("logHash"));
    // The table's former name still plays it.
    Run former
        = townhall(base + QStringList{QStringLiteral("--rules"), QStringLiteral("seed002-9")});
    QCOMPARE(former.code, 0);
    const json jf = json::parse(former.out.toStdString());
    QCOMPARE(jf.at("rules").get<std::string>(), std::string("witch-hunter-9"));
    QCOMPARE(jf.at("logHash"), j9.at("logHash"));
    Run nineText = townhall({QStringLiteral("simulate"),
                             QStringLiteral("--matches"),
                             QStringLiteral("5"),
                             QStringLiteral("--rules"),
                             QStringLiteral("witch-hunter-9")});
    QCOMPARE(nineText.code, 0);
    QVERIFY(nineText.out.startsWith("rules:             witch-hunter-9\n"));
    QVERIFY(nineText.out.contains("\ndraws:             "));

    Run bad = townhall(
        {QStringLiteral("simulate"), QStringLiteral("--rules"), QStringLiteral("seed999")},
        {},
        20'000);
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("unknown rule set 'seed999'"), bad.err.constData());
    QVERIFY(bad.out.isEmpty());
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("bad.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"base": "witch-hunter-9", "roles": {"werewolves": 0}})");
    file.close();
    Run badFile = townhall(
        {QStringLiteral("simulate"), QStringLiteral("--rules"), file.fileName()}, {}, 20'000);
    QCOMPARE(badFile.code, 2);
    QVERIFY2(badFile.err.contains(file.fileName().toUtf8()), badFile.err.constData());
}

void TstCli::headlessWithRules()
{
    Run bad = townhall({QStringLiteral("--headless"),
                        QStringLiteral("--rules"),
                        QStringLiteral("13p"),
                        QStringLiteral("--db"),
                        QStringLiteral(":memory:")},
                       {},
                       20'000);
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("--rules: unknown rule set '13p'"), bad.err.constData());

    // Bots fill the default queue's table: nine seats with --rules 9p.
    LiveHost h;
    QVERIFY(h.start({QStringLiteral("--db"),
                     QStringLiteral(":memory:"),
                     QStringLiteral("--bots"),
                     QStringLiteral("9"),
                     QStringLiteral("--rules"),
                     QStringLiteral("9p"),
                     QStringLiteral("--log"),
                     QStringLiteral("json"),
                     QStringLiteral("--speed"),
                     QStringLiteral("200"),
                     QStringLiteral("--seed"),
                     QStringLiteral("4")}));
    // Seat 9 exists only at a nine-seat table.
    QVERIFY2(h.readUntil([](const QByteArray &o) { return o.contains("\"p:9\""); }),
             h.out.right(2000).constData());
    QVERIFY(h.proc.readAllStandardError().contains("8 bots waiting"));
}

void TstCli::allocator()
{
#ifdef TOWNHALL_EXPECT_MIMALLOC
    // The build linked mimalloc: it must be the allocator the process runs
    // on (nothing calls it by name, so a linker that drops unused libraries
    // would silently lose it). mimalloc reports itself when asked to.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MIMALLOC_VERBOSE"), QStringLiteral("1"));
    Run r = townhall({QStringLiteral("--version")}, {}, 30'000, env);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains("mimalloc: process init"), r.err.left(300).constData());
#else
    QSKIP("built without mimalloc (TOWNHALL_MIMALLOC=OFF or libmimalloc-dev missing)");
#endif
}

void TstCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("simulate bad count") << QStringList{
        QStringLiteral("simulate"), QStringLiteral("--matches"), QStringLiteral("x")};
    QTest::newRow("agent no action") << QStringList{QStringLiteral("agent")};
    QTest::newRow("export no match") << QStringList{QStringLiteral("export")};
    QTest::newRow("chapters no match") << QStringList{QStringLiteral("chapters")};
    QTest::newRow("chapters bad offset") << QStringList{QStringLiteral("chapters"),
                                                        QStringLiteral("match-1"),
                                                        QStringLiteral("--offset"),
                                                        QStringLiteral("1m"),
                                                        QStringLiteral("--db"),
                                                        QStringLiteral(":memory:")};
    QTest::newRow("negative speed") << QStringList{QStringLiteral("--headless"),
                                                   QStringLiteral("--speed"),
                                                   QStringLiteral("-1"),
                                                   QStringLiteral("--db"),
                                                   QStringLiteral(":memory:")};
}

void TstCli::usageErrors()
{
    QFETCH(QStringList, args);
    Run r = townhall(args, {}, 20'000);
    QCOMPARE(r.code, 2);
    QVERIFY(!r.err.isEmpty());
}

// On a terminal with no window system, --help and --version answer (as the
// headless host, listing the modes and commands) and the desktop mode says
// what to do instead of letting the platform plugin abort.
void TstCli::withoutDisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));

    Run help = townhall({QStringLiteral("--help")}, {}, 20'000, env);
    QCOMPARE(help.code, 0);
    QVERIFY2(help.out.contains("--headless")
                 && help.out.contains("simulate, rules, tournament, agent, export"),
             help.out.constData());

    Run version = townhall({QStringLiteral("--version")}, {}, 20'000, env);
    QCOMPARE(version.code, 0);
    QVERIFY(version.out.startsWith("townhall "));

    Run window = townhall({}, {}, 20'000, env);
    QCOMPARE(window.code, 2);
    QVERIFY2(window.err.contains("no display") && window.err.contains("--headless"),
             window.err.constData());
}

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
