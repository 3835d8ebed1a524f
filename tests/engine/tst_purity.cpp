// SPDX-License-Identifier: MIT
// engine/ is C++20 + nlohmann/json only: no Qt, no I/O, no clock, no
// nondeterministic randomness. This test reads its sources and fails on any.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TstPurity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forbidden_data();
    void forbidden();
    void cmakeLinksNoQt();
};

void TstPurity::forbidden_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("pattern");
    QTest::newRow("Qt header") << "a Qt header"
                               << R"(#\s*include\s*[<"](Q[A-Za-z]|qt)[^>"]*[>"])";
    QTest::newRow("Qt macro") << "a Qt macro or type"
                              << R"(\b(Q_OBJECT|QString|QByteArray|qDebug)\b)";
    QTest::newRow("clock")
        << "a clock read"
        << R"(\b(system_clock|steady_clock|high_resolution_clock|gettimeofday|clock_gettime)\b|#\s*include\s*<(ctime|chrono)>|\btime\s*\()";
    QTest::newRow("nondeterministic RNG")
        << "a nondeterministic RNG"
        << R"(\b(random_device|rand|srand)\s*\(|\brandom_device\b)";
    QTest::newRow("file or console I/O")
        << "I/O"
        << R"(#\s*include\s*<(iostream|fstream|cstdio|filesystem)>|\b(fopen|std::cout|std::cerr|printf)\b)";
}

void TstPurity::forbidden()
{
    QFETCH(QString, what);
    QFETCH(QString, pattern);
    const QRegularExpression re(pattern);
    QVERIFY(re.isValid());
    QDir dir(QStringLiteral(TOWNHALL_ENGINE_DIR));
    const auto files
        = dir.entryInfoList({QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files);
    QVERIFY2(files.size() >= 10, "engine sources not found");
    for (const QFileInfo &fi : files) {
        QFile f(fi.absoluteFilePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        int lineNo = 0;
        while (!f.atEnd()) {
            const QString line = QString::fromUtf8(f.readLine());
            ++lineNo;
            const QString code
                = line.section(QStringLiteral("//"), 0, 0); // comments may mention anything
            const auto m = re.match(code);
            QVERIFY2(!m.hasMatch(),
                     qPrintable(QStringLiteral("%1 in %2:%3: %4")
                                    .arg(what, fi.fileName())
                                    .arg(lineNo)
                                    .arg(line.trimmed())));
        }
    }
}

void TstPurity::cmakeLinksNoQt()
{
    QFile f(QStringLiteral(TOWNHALL_ENGINE_DIR "/CMakeLists.txt"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains(QStringLiteral("townhall_engine")));
    const QString code = text.split(QLatin1Char('\n'))
                             .filter(QRegularExpression(QStringLiteral(R"(^\s*[^#\s])")))
                             .join(QLatin1Char('\n'));
    QVERIFY2(!code.contains(QStringLiteral("Qt")), "engine/CMakeLists.txt mentions Qt");
}

QTEST_APPLESS_MAIN(TstPurity)
#include "tst_purity.moc"
