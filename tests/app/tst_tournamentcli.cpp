// SPDX-License-Identifier: MIT
// `townhall tournament` as a user runs it (issue 20): a bot tournament killed
// mid-way and resumed reaches the same final table as an uninterrupted run
// with the same seed; the report in every format; bad input refused with a
// clear message and nothing stored; SIGTERM keeps what was played.

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <optional>

using json = nlohmann::json;

namespace {

struct Run
{
    int code = -1; ///< -1 when it crashed, was killed or timed out
    QByteArray out;
    QByteArray err;
};

Run townhall(const QStringList &args, int timeoutMs = 480'000)
{
    QProcess p;
    p.start(QStringLiteral(TOWNHALL_BIN), args);
    if (!p.waitForStarted(10'000))
        return {};
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QString str(const QByteArray &b)
{
    return QString::fromUtf8(b);
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

QByteArray botTournament(int matches, int seed = 7)
{
    const json j = {{"name", "bots at home"},
                    {"rules", "classic"},
                    {"matches", matches},
                    {"seed", seed},
                    {"mirror", true},
                    {"participants",
                     json::array({{{"id", "a"}, {"bot", true}},
                                  {{"id", "b"}, {"bot", true}},
                                  {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}})}};
    return QByteArray::fromStdString(j.dump(2));
}

/// One line of `townhall tournament list`.
struct ListRow
{
    QString id;
    QString status;
    int done = -1;
    int scheduled = -1;
    QString name;
};

std::optional<std::vector<ListRow>> listTournaments(const QString &db)
{
    const Run r = townhall(
        {QStringLiteral("tournament"), QStringLiteral("list"), QStringLiteral("--db"), db});
    if (r.code != 0) {
        qWarning("tournament list failed (%d): %s", r.code, r.err.constData());
        return std::nullopt;
    }
    std::vector<ListRow> rows;
    static const QRegularExpression line(
        QStringLiteral("^(\\S+)\\t(\\S+)\\t(\\d+)/(\\d+) matches\\t(.*)$"));
    for (const QString &l : str(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const auto m = line.match(l);
        if (!m.hasMatch()) {
            qWarning("unexpected list line: %s", qPrintable(l));
            return std::nullopt;
        }
        rows.push_back({m.captured(1),
                        m.captured(2),
                        m.captured(3).toInt(),
                        m.captured(4).toInt(),
                        m.captured(5)});
    }
    return rows;
}

/// "tournament t1: K matches played in ..." (the summary of a bot run).
int playedIn(const QByteArray &err)
{
    static const QRegularExpression re(QStringLiteral("^tournament \\S+: (\\d+) matches played in"),
                                       QRegularExpression::MultilineOption);
    const auto m = re.match(str(err));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

/// A bot tournament run that the test interrupts (SIGKILL or SIGTERM) as
/// soon as a progress line shows it mid-way.
struct Interrupted
{
    bool midway = false; ///< a progress line 0 < N < M was seen and the signal sent
    int seenDone = 0;    ///< N of the last progress line seen before the signal
    int scheduled = 0;
    QProcess::ExitStatus status = QProcess::NormalExit;
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Interrupted runAndInterrupt(const QStringList &args, bool sigkill, int minDone = 1)
{
    Interrupted r;
    QProcess p;
    p.start(QStringLiteral(TOWNHALL_BIN), args);
    if (!p.waitForStarted(10'000))
        return r;
    p.closeWriteChannel();
    static const QRegularExpression progress(QStringLiteral("^tournament: (\\d+)/(\\d+) matches"),
                                             QRegularExpression::MultilineOption);
    QElapsedTimer t;
    t.start();
    while (p.state() == QProcess::Running && t.elapsed() < 480'000) {
        p.waitForReadyRead(100);
        r.err += p.readAllStandardError();
        r.out += p.readAllStandardOutput();
        int done = -1;
        int scheduled = 0;
        for (auto it = progress.globalMatch(str(r.err)); it.hasNext();) {
            const auto m = it.next();
            done = m.captured(1).toInt();
            scheduled = m.captured(2).toInt();
        }
        if (done >= minDone && done < scheduled) {
            r.seenDone = done;
            r.scheduled = scheduled;
            if (sigkill)
                p.kill();
            else
                p.terminate();
            r.midway = true;
            break;
        }
    }
    if (!p.waitForFinished(480'000)) {
        p.kill();
        p.waitForFinished();
    }
    r.err += p.readAllStandardError();
    r.out += p.readAllStandardOutput();
    r.status = p.exitStatus();
    r.code = p.exitCode();
    return r;
}

} // namespace

class TournamentCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void resumeAfterSigkillGivesTheSameFinalTable();
    void reportFormats();
    void badInputGetsAClearErrorAndLosesNothing();
    void stopWithSigtermKeepsWhatWasPlayed();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    /// The database of an uninterrupted run (case 1's run A, or a smaller one).
    QString finishedDb();

    QTemporaryDir m_dir;
    QString m_dbA;
    int m_matches = 3000; ///< grows when a run finishes before the test can interrupt it
};

void TournamentCliTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::exists(QStringLiteral(TOWNHALL_BIN)));
}

void TournamentCliTest::resumeAfterSigkillGivesTheSameFinalTable()
{
    // Run B first: the test needs a tournament long enough to kill mid-way;
    // run A then plays the very same file uninterrupted.
    const QString file = path(QStringLiteral("bots.json"));
    const QString dbB = path(QStringLiteral("B.sqlite"));
    Interrupted killed;
    for (int attempt = 0; attempt < 4; ++attempt) {
        QFile::remove(dbB);
        QVERIFY(writeFile(file, botTournament(m_matches)));
        killed = runAndInterrupt({QStringLiteral("tournament"),
                                  QStringLiteral("run"),
                                  file,
                                  QStringLiteral("--db"),
                                  dbB,
                                  QStringLiteral("--parallel"),
                                  QStringLiteral("2")},
                                 true);
        if (killed.midway && killed.status == QProcess::CrashExit)
            break;
        qInfo("run B ended before it could be killed (exit %d); more matches", killed.code);
        QVERIFY2(killed.code == 0, killed.err.constData());
        m_matches = std::min(m_matches * 4, 100'000);
    }
    QVERIFY2(killed.midway && killed.status == QProcess::CrashExit, killed.err.constData());
    QCOMPARE(killed.scheduled, m_matches);
    QVERIFY(killed.err.contains(QByteArray("tournament t1: ")
                                    .append(QByteArray::number(m_matches))
                                    .append(" matches of classic scheduled")));

    // What the killed run had committed is in the database, and no more.
    auto rows = listTournaments(dbB);
    QVERIFY(rows);
    QCOMPARE(rows->size(), std::size_t(1));
    QCOMPARE(rows->at(0).id, QStringLiteral("t1"));
    QCOMPARE(rows->at(0).status, QStringLiteral("RUNNING"));
    QCOMPARE(rows->at(0).scheduled, m_matches);
    QCOMPARE(rows->at(0).name, QStringLiteral("bots at home"));
    QVERIFY2(rows->at(0).done >= killed.seenDone, qPrintable(QString::number(rows->at(0).done)));
    QVERIFY(rows->at(0).done < m_matches);
    int doneBefore = rows->at(0).done;
    qInfo("killed at %d/%d (progress line said %d)", doneBefore, m_matches, killed.seenDone);

    // Resume, kill it again further on, then resume to the end.
    const QStringList resume{QStringLiteral("tournament"),
                             QStringLiteral("resume"),
                             QStringLiteral("t1"),
                             QStringLiteral("--db"),
                             dbB,
                             QStringLiteral("--parallel"),
                             QStringLiteral("2")};
    Interrupted again = runAndInterrupt(resume, true, doneBefore + 1);
    if (again.midway && again.status == QProcess::CrashExit) {
        rows = listTournaments(dbB);
        QVERIFY(rows);
        QCOMPARE(rows->size(), std::size_t(1));
        QCOMPARE(rows->at(0).status, QStringLiteral("RUNNING"));
        QVERIFY(rows->at(0).done >= again.seenDone);
        QVERIFY(rows->at(0).done >= doneBefore);
        QVERIFY(rows->at(0).done < m_matches);
        doneBefore = rows->at(0).done;
        qInfo("killed again at %d/%d", doneBefore, m_matches);
    } else {
        // It finished first: that run must be complete and clean.
        QVERIFY2(again.status == QProcess::NormalExit && again.code == 0, again.err.constData());
        qInfo("the second run finished before it could be killed");
    }
    // The last resume on another number of threads: the table must not
    // depend on which thread finished which match first.
    QStringList lastResume = resume;
    lastResume.last() = QStringLiteral("3");
    const Run resumed = townhall(lastResume);
    QVERIFY2(resumed.code == 0, resumed.err.constData());
    rows = listTournaments(dbB);
    QVERIFY(rows);
    QCOMPARE(rows->at(0).status, QStringLiteral("FINISHED"));
    QCOMPARE(rows->at(0).done, m_matches);
    if (again.midway && again.status == QProcess::CrashExit) {
        // The resume plays exactly what is not stored (nothing twice).
        QCOMPARE(playedIn(resumed.err), m_matches - doneBefore);
        QVERIFY(resumed.out.contains("## Leaderboard")); // it prints the report when done
    }

    // Run A: the same file, uninterrupted.
    m_dbA = path(QStringLiteral("A.sqlite"));
    const Run a = townhall({QStringLiteral("tournament"),
                            QStringLiteral("run"),
                            file,
                            QStringLiteral("--db"),
                            m_dbA,
                            QStringLiteral("--parallel"),
                            QStringLiteral("2")});
    QVERIFY2(a.code == 0, a.err.constData());
    QCOMPARE(playedIn(a.err), m_matches);

    auto report = [](const QString &db, const QString &format) {
        return townhall({QStringLiteral("tournament"),
                         QStringLiteral("report"),
                         QStringLiteral("t1"),
                         QStringLiteral("--db"),
                         db,
                         QStringLiteral("--format"),
                         format});
    };
    const Run jsonA = report(m_dbA, QStringLiteral("json"));
    const Run jsonB = report(dbB, QStringLiteral("json"));
    QVERIFY2(jsonA.code == 0, jsonA.err.constData());
    QVERIFY2(jsonB.code == 0, jsonB.err.constData());
    const json ja = json::parse(jsonA.out.toStdString(), nullptr, false);
    const json jb = json::parse(jsonB.out.toStdString(), nullptr, false);
    QVERIFY(ja.is_object());
    QVERIFY(jb.is_object());
    if (ja != jb) {
        for (auto it = ja.begin(); it != ja.end(); ++it)
            if (!jb.contains(it.key()) || jb[it.key()] != it.value())
                qWarning("field %s differs", it.key().c_str());
    }
    QVERIFY(ja == jb);
    const Run csvA = report(m_dbA, QStringLiteral("csv"));
    const Run csvB = report(dbB, QStringLiteral("csv"));
    QCOMPARE(csvA.code, 0);
    QCOMPARE(csvB.code, 0);
    QVERIFY(!csvA.out.isEmpty());
    QCOMPARE(csvA.out, csvB.out);
    const Run mdA = report(m_dbA, QStringLiteral("md"));
    const Run mdB = report(dbB, QStringLiteral("md"));
    QCOMPARE(mdA.out, mdB.out);
    // `run` prints the report (md by default) when it is over.
    QCOMPARE(a.out, mdA.out);
}

QString TournamentCliTest::finishedDb()
{
    if (!m_dbA.isEmpty())
        return m_dbA;
    // Run on its own: a small tournament of the same shape.
    const QString file = path(QStringLiteral("small.json"));
    const QString db = path(QStringLiteral("small.sqlite"));
    if (!writeFile(file, botTournament(m_matches)))
        return {};
    const Run r = townhall(
        {QStringLiteral("tournament"), QStringLiteral("run"), file, QStringLiteral("--db"), db});
    if (r.code != 0) {
        qWarning("run failed (%d): %s", r.code, r.err.constData());
        return {};
    }
    m_dbA = db;
    return db;
}

void TournamentCliTest::reportFormats()
{
    const QString db = finishedDb();
    QVERIFY(!db.isEmpty());
    const QStringList participants{
        QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("bots")};
    auto report = [&](const QStringList &extra) {
        return townhall(QStringList{QStringLiteral("tournament"),
                                    QStringLiteral("report"),
                                    QStringLiteral("t1"),
                                    QStringLiteral("--db"),
                                    db}
                        + extra);
    };

    // Markdown is the default.
    const Run md = report({});
    QVERIFY2(md.code == 0, md.err.constData());
    QCOMPARE(report({QStringLiteral("--format"), QStringLiteral("md")}).out, md.out);
    const QString mdText = str(md.out);
    QVERIFY(mdText.startsWith(QStringLiteral("# bots at home\n")));
    QVERIFY(mdText.contains(QStringLiteral("## Leaderboard")));
    QVERIFY(mdText.contains(QStringLiteral("| # | Participant |")));
    QVERIFY(mdText.contains(QStringLiteral("Matches: %1 played of %1").arg(m_matches)));
    for (const QString &id : participants)
        QVERIFY2(mdText.contains(QStringLiteral("| ") + id + QStringLiteral(" |")), qPrintable(id));

    // CSV: the header, then for each participant its "all" row first and
    // one per role, every row as wide as the header.
    const Run csv = report({QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(csv.code == 0, csv.err.constData());
    const QStringList lines = str(csv.out).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 1 + participants.size());
    QVERIFY(lines.at(0).startsWith(QStringLiteral("participant_id,name,kind,role,games,wins,")));
    const QStringList header = lines.at(0).split(QLatin1Char(','));
    const int gamesCol = int(header.indexOf(QStringLiteral("games")));
    QVERIFY(gamesCol > 0);
    QSet<QString> seen;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines.at(i).split(QLatin1Char(','));
        QCOMPARE(cells.size(), header.size());
        QVERIFY2(participants.contains(cells.at(0)), qPrintable(lines.at(i)));
        if (cells.at(3) == QLatin1String("all")) {
            QVERIFY(!seen.contains(cells.at(0)));
            seen.insert(cells.at(0));
            // a and b sit at every table once; the bots fill the rest.
            if (cells.at(0) != QLatin1String("bots"))
                QCOMPARE(cells.at(gamesCol).toInt(), m_matches);
        } else {
            QVERIFY2(seen.contains(cells.at(0)), "a role row before its participant's \"all\" row");
        }
    }
    QCOMPARE(seen.size(), participants.size());

    // JSON parses and counts every match.
    const Run js = report({QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(js.code == 0, js.err.constData());
    const json j = json::parse(js.out.toStdString(), nullptr, false);
    QVERIFY(j.is_object());
    QVERIFY(j.value("tournamentId", std::string()) == "t1");
    QVERIFY(j.value("scheduled", -1) == m_matches);
    QVERIFY(j.value("played", -1) == m_matches);
    QVERIFY(j.value("villagerWins", 0) + j.value("werewolfWins", 0) + j.value("draws", 0)
            == j.value("counted", -1));
    QVERIFY(j.contains("matchIds") && j["matchIds"].size() == std::size_t(m_matches));
    QVERIFY(j.contains("participants") && j["participants"].size() == std::size_t(3));
    for (const json &p : j["participants"])
        QVERIFY(
            participants.contains(QString::fromStdString(p.value("participantId", std::string()))));

    // HTML: a page naming every participant.
    const Run html = report({QStringLiteral("--format"), QStringLiteral("html")});
    QVERIFY2(html.code == 0, html.err.constData());
    const QString htmlText = str(html.out);
    QVERIFY(htmlText.startsWith(QStringLiteral("<!DOCTYPE html>"))
            || htmlText.startsWith(QStringLiteral("<html")));
    QVERIFY(htmlText.trimmed().endsWith(QStringLiteral("</html>")));
    for (const QString &id : participants)
        QVERIFY2(htmlText.contains(QStringLiteral(">%1<").arg(id)), qPrintable(id));

    // --out writes the file and nothing to stdout; the file is what stdout had.
    const QString outFile = path(QStringLiteral("report.html"));
    const Run written = report(
        {QStringLiteral("--format"), QStringLiteral("html"), QStringLiteral("--out"), outFile});
    QVERIFY2(written.code == 0, written.err.constData());
    QVERIFY(written.out.isEmpty());
    QVERIFY(str(written.err).contains(outFile));
    QFile f(outFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), html.out);

    // --out into a directory that does not exist: a clear error.
    const QString nowhere = path(QStringLiteral("no/such/dir/report.md"));
    const Run cannot = report({QStringLiteral("--out"), nowhere});
    QCOMPARE(cannot.code, 1);
    QVERIFY(cannot.out.isEmpty());
    QVERIFY2(str(cannot.err).contains(nowhere), cannot.err.constData());
}

void TournamentCliTest::badInputGetsAClearErrorAndLosesNothing()
{
    const QString db = path(QStringLiteral("bad.sqlite"));
    const QString good = path(QStringLiteral("good.json"));
    QVERIFY(writeFile(good, botTournament(60, 11)));
    const Run ok = townhall(
        {QStringLiteral("tournament"), QStringLiteral("run"), good, QStringLiteral("--db"), db});
    QVERIFY2(ok.code == 0, ok.err.constData());
    const Run before = townhall({QStringLiteral("tournament"),
                                 QStringLiteral("report"),
                                 QStringLiteral("t1"),
                                 QStringLiteral("--db"),
                                 db,
                                 QStringLiteral("--format"),
                                 QStringLiteral("csv")});
    QCOMPARE(before.code, 0);

    const QString missing = path(QStringLiteral("no-such-tournament.json"));
    const QString notJson = path(QStringLiteral("not-json.json"));
    QVERIFY(writeFile(notJson, "this is { not json"));
    const QString badSeats = path(QStringLiteral("bad-seats.json"));
    QVERIFY(writeFile(badSeats,
                      QByteArray::fromStdString(json{{"rules", "classic"},
                                                     {"matches", 10},
                                                     {"participants",
                                                      json::array({{{"id", "a"}, {"bot", true}},
                                                                   {{"id", "b"}, {"bot", true}}})}}
                                                    .dump())));

    // A person and five bots; `human` as the file gives it.
    auto personFile = [this](const char *name, const json &human) {
        const QString file = path(QString::fromLatin1(name));
        const json participants = json::array(
            {{{"id", "me"}, {"human", human}}, {{"id", "b"}, {"bot", true}, {"seats", "rest"}}});
        const json spec{{"rules", "witch-6"}, {"matches", 2}, {"participants", participants}};
        return writeFile(file, QByteArray::fromStdString(spec.dump())) ? file : QString();
    };
    const QString people = personFile("people.json", true);
    const QString badHuman = personFile("bad-human.json", "yes");
    QVERIFY(!people.isEmpty() && !badHuman.isEmpty());

    struct Case
    {
        const char *what;
        QStringList args;
        int code;
        QStringList mentions; ///< what stderr must name
    };
    const QString t = QStringLiteral("tournament");
    const QString run = QStringLiteral("run");
    const QString dbOpt = QStringLiteral("--db");
    const std::vector<Case> cases{
        {"a file that does not exist", {t, run, missing, dbOpt, db}, 1, {missing}},
        {"a file that is not JSON", {t, run, notJson, dbOpt, db}, 2, {notJson}},
        {"seats that do not add up",
         {t, run, badSeats, dbOpt, db},
         2,
         {badSeats, QStringLiteral("participants")}},
        {"--format pdf on run",
         {t, run, good, dbOpt, db, QStringLiteral("--format"), QStringLiteral("pdf")},
         2,
         {QStringLiteral("--format")}},
        {"--format pdf on report",
         {t,
          QStringLiteral("report"),
          QStringLiteral("t1"),
          dbOpt,
          db,
          QStringLiteral("--format"),
          QStringLiteral("pdf")},
         2,
         {QStringLiteral("--format")}},
        {"--parallel 0",
         {t, run, good, dbOpt, db, QStringLiteral("--parallel"), QStringLiteral("0")},
         2,
         {QStringLiteral("--parallel")}},
        {"--parallel x",
         {t, run, good, dbOpt, db, QStringLiteral("--parallel"), QStringLiteral("x")},
         2,
         {QStringLiteral("--parallel")}},
        {"report of a tournament that does not exist",
         {t, QStringLiteral("report"), QStringLiteral("t9"), dbOpt, db},
         1,
         {QStringLiteral("t9")}},
        {"resume of a tournament that does not exist",
         {t, QStringLiteral("resume"), QStringLiteral("t9"), dbOpt, db},
         1,
         {QStringLiteral("t9")}},
        {"resume without an id",
         {t, QStringLiteral("resume"), dbOpt, db},
         2,
         {QStringLiteral("usage")}},
        {"run without a file", {t, run, dbOpt, db}, 2, {QStringLiteral("usage")}},
        {"an unknown action",
         {t, QStringLiteral("start"), good, dbOpt, db},
         2,
         {QStringLiteral("usage")}},
        {"a person without --players-listen",
         {t, run, people, dbOpt, db},
         2,
         {people, QStringLiteral("--players-listen")}},
        {"\"human\": \"yes\"",
         {t,
          run,
          badHuman,
          dbOpt,
          db,
          QStringLiteral("--players-listen"),
          QStringLiteral("127.0.0.1:0")},
         2,
         {badHuman, QStringLiteral("participants[0].human: must be true")}},
        {"--players-listen without a port",
         {t, run, people, dbOpt, db, QStringLiteral("--players-listen"), QStringLiteral("nowhere")},
         2,
         {QStringLiteral("--players-listen")}},
        {"--local-db with a database file",
         {t, run, good, dbOpt, db, QStringLiteral("--local-db"), db},
         2,
         {QStringLiteral("--local-db"), QStringLiteral("postgresql://")}},
    };
    for (const Case &c : cases) {
        const Run r = townhall(c.args);
        const QString err = str(r.err);
        QVERIFY2(r.code == c.code,
                 qPrintable(QStringLiteral("%1: exit %2, wanted %3; stderr: %4")
                                .arg(QLatin1String(c.what))
                                .arg(r.code)
                                .arg(c.code)
                                .arg(err)));
        for (const QString &m : c.mentions)
            QVERIFY2(err.contains(m),
                     qPrintable(QStringLiteral("%1: stderr does not name %2: %3")
                                    .arg(QLatin1String(c.what), m, err)));
        QVERIFY2(
            r.out.isEmpty(),
            qPrintable(QStringLiteral("%1: stdout: %2").arg(QLatin1String(c.what), str(r.out))));
    }

    // Only the good tournament, whole and unchanged.
    const auto rows = listTournaments(db);
    QVERIFY(rows);
    QCOMPARE(rows->size(), std::size_t(1));
    QCOMPARE(rows->at(0).id, QStringLiteral("t1"));
    QCOMPARE(rows->at(0).status, QStringLiteral("FINISHED"));
    QCOMPARE(rows->at(0).done, 60);
    QCOMPARE(rows->at(0).scheduled, 60);
    const Run after = townhall({QStringLiteral("tournament"),
                                QStringLiteral("report"),
                                QStringLiteral("t1"),
                                QStringLiteral("--db"),
                                db,
                                QStringLiteral("--format"),
                                QStringLiteral("csv")});
    QCOMPARE(after.code, 0);
    QCOMPARE(after.out, before.out);

    // The bad file never created a database where there was none.
    const QString fresh = path(QStringLiteral("fresh.sqlite"));
    QCOMPARE(townhall({t, run, notJson, dbOpt, fresh}).code, 2);
    QVERIFY(!QFile::exists(fresh));
}

void TournamentCliTest::stopWithSigtermKeepsWhatWasPlayed()
{
    const QString file = path(QStringLiteral("term.json"));
    const QString db = path(QStringLiteral("term.sqlite"));
    Interrupted stopped;
    for (int attempt = 0; attempt < 4; ++attempt) {
        QFile::remove(db);
        QVERIFY(writeFile(file, botTournament(m_matches, 23)));
        stopped = runAndInterrupt({QStringLiteral("tournament"),
                                   QStringLiteral("run"),
                                   file,
                                   QStringLiteral("--db"),
                                   db,
                                   QStringLiteral("--parallel"),
                                   QStringLiteral("2")},
                                  false);
        if (stopped.midway && stopped.code != 0)
            break;
        qInfo("the run ended before SIGTERM (exit %d); more matches", stopped.code);
        QVERIFY2(stopped.code == 0 && stopped.status == QProcess::NormalExit,
                 stopped.err.constData());
        m_matches = std::min(m_matches * 4, 100'000);
    }
    QVERIFY2(stopped.midway, stopped.err.constData());
    QVERIFY2(stopped.status == QProcess::NormalExit && stopped.code == 3,
             qPrintable(QStringLiteral("exit %1 (%2): %3")
                            .arg(stopped.code)
                            .arg(stopped.status == QProcess::NormalExit ? QStringLiteral("normal")
                                                                        : QStringLiteral("crash"))
                            .arg(str(stopped.err))));
    QVERIFY2(stopped.err.contains("townhall tournament resume t1"), stopped.err.constData());
    QVERIFY(stopped.out.isEmpty()); // no report for a tournament that is not over
    const int played = playedIn(stopped.err);
    QVERIFY2(played >= stopped.seenDone && played < m_matches, stopped.err.constData());

    // Every match it says it played is stored; the matches under way when
    // the signal came were finished and kept, none lost.
    auto rows = listTournaments(db);
    QVERIFY(rows);
    QCOMPARE(rows->size(), std::size_t(1));
    QCOMPARE(rows->at(0).status, QStringLiteral("RUNNING"));
    QCOMPARE(rows->at(0).done, played);
    QCOMPARE(rows->at(0).scheduled, m_matches);

    // A report of what was played so far.
    const Run partial = townhall({QStringLiteral("tournament"),
                                  QStringLiteral("report"),
                                  QStringLiteral("t1"),
                                  QStringLiteral("--db"),
                                  db});
    QVERIFY2(partial.code == 0, partial.err.constData());
    QVERIFY2(partial.out.contains(
                 QStringLiteral("Matches: %1 played of %2").arg(played).arg(m_matches).toUtf8()),
             partial.out.left(400).constData());

    const Run resumed = townhall({QStringLiteral("tournament"),
                                  QStringLiteral("resume"),
                                  QStringLiteral("t1"),
                                  QStringLiteral("--db"),
                                  db});
    QVERIFY2(resumed.code == 0, resumed.err.constData());
    QCOMPARE(playedIn(resumed.err), m_matches - played);
    QVERIFY(resumed.out.contains("## Leaderboard"));
    rows = listTournaments(db);
    QVERIFY(rows);
    QCOMPARE(rows->at(0).status, QStringLiteral("FINISHED"));
    QCOMPARE(rows->at(0).done, m_matches);

    // Resuming a finished tournament plays nothing and succeeds.
    const Run nothing = townhall({QStringLiteral("tournament"),
                                  QStringLiteral("resume"),
                                  QStringLiteral("t1"),
                                  QStringLiteral("--db"),
                                  db});
    QVERIFY2(nothing.code == 0, nothing.err.constData());
    QCOMPARE(playedIn(nothing.err), 0);
}

QTEST_GUILESS_MAIN(TournamentCliTest)
#include "tst_tournamentcli.moc"
