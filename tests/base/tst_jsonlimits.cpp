// SPDX-License-Identifier: MIT
// base::jsonDepth: the nesting scan run on JSON from outside before parsing.

#include "base/jsonlimits.h"

#include <QTest>

#include <string>

using townhall::base::jsonDepth;
using townhall::base::jsonDepthWithin;
using townhall::base::MaxJsonDepth;

class TestJsonLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void depths_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("depth");
        QTest::newRow("scalar") << "42" << 0;
        QTest::newRow("string with brackets") << QStringLiteral("\"[[[{{{\"") << 0;
        QTest::newRow("empty object") << "{}" << 1;
        QTest::newRow("siblings do not add") << "[[1],[2],{\"a\":[3]}]" << 3;
        QTest::newRow("escaped quote keeps the string open")
            << QStringLiteral("[\"a\\\"[[[\", [1]]") << 2;
        QTest::newRow("escaped backslash closes it") << QStringLiteral("[\"a\\\\\", [[1]]]") << 3;
        QTest::newRow("unbalanced closers do not go negative") << "]]]][[1]]" << 2;
        QTest::newRow("object in array in object") << QStringLiteral("{\"a\":[{\"b\":{}}]}") << 4;
    }
    void depths()
    {
        QFETCH(QString, text);
        QFETCH(int, depth);
        const std::string s = text.toStdString();
        QCOMPARE(jsonDepth(s, 1000), depth);
    }

    // The hostile input that crashed the host: 200,000 nested arrays.
    void deepInputIsRefusedEarly()
    {
        const std::string deep = std::string(200000, '[') + std::string(200000, ']');
        QVERIFY(!jsonDepthWithin(deep));
        QCOMPARE(jsonDepth(deep), MaxJsonDepth + 1); // the scan stops there
        const std::string ok = std::string(MaxJsonDepth, '[') + std::string(MaxJsonDepth, ']');
        QVERIFY(jsonDepthWithin(ok));
        const std::string one = "[" + ok + "]";
        QVERIFY(!jsonDepthWithin(one));
    }
};

QTEST_APPLESS_MAIN(TestJsonLimits)
#include "tst_jsonlimits.moc"
