// SPDX-License-Identifier: MIT
// The overlay pages as host/overlays.cpp serves them: every file compiled in
// from resources/overlays/ with its content type and no-cache, the index with
// example URLs, and nothing else: no path outside the overlays, however it is
// spelled, and no directory listing.

#include "host/overlays.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

using namespace townhall;

namespace {

mcp::HttpRequest request(const QByteArray &path, const QByteArray &host = "127.0.0.1:8765")
{
    mcp::HttpRequest r;
    r.method = "GET";
    r.target = path;
    r.path = path;
    if (!host.isNull())
        r.headers.emplace_back("host", host);
    return r;
}

} // namespace

class tst_Overlays final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFileIsServedWithItsType()
    {
        const QStringList files = QDir(QStringLiteral(":/overlays")).entryList(QDir::Files);
        for (const char *needed : {"feed.js",
                                   "overlay.css",
                                   "phase.html",
                                   "tally.html",
                                   "narrator.html",
                                   "roster.html",
                                   "speaking.html"})
            QVERIFY2(files.contains(QLatin1String(needed)), needed);
        for (const QString &file : files) {
            const auto response = host::overlayResponse(request("/overlay/" + file.toLatin1()));
            QVERIFY2(response, qPrintable(file));
            QCOMPARE(response->status, 200);
            QCOMPARE(response->header("cache-control"), QByteArray("no-cache"));
            QVERIFY(!response->body.isEmpty());
            const QByteArray type = response->header("content-type");
            if (file.endsWith(QLatin1String(".html")))
                QCOMPARE(type, QByteArray("text/html; charset=utf-8"));
            else if (file.endsWith(QLatin1String(".js")))
                QCOMPARE(type, QByteArray("text/javascript; charset=utf-8"));
            else if (file.endsWith(QLatin1String(".css")))
                QCOMPARE(type, QByteArray("text/css; charset=utf-8"));
        }
    }

    void pagesUseNothingFromTheNetwork()
    {
        // A stream must not depend on a CDN or leak its viewers to one: every
        // src, href and import is a file of the overlays themselves.
        static const QRegularExpression external(QStringLiteral(
            "(src|href)\\s*=\\s*[\"'](https?:)?//|import[^;]*from\\s*[\"'](https?:)?//"
            "|url\\(\\s*[\"']?(https?:)?//|@import\\s*[\"'](https?:)?//"));
        for (const QString &file : QDir(QStringLiteral(":/overlays")).entryList(QDir::Files)) {
            const auto response = host::overlayResponse(request("/overlay/" + file.toLatin1()));
            QVERIFY(response);
            const QString text = QString::fromUtf8(response->body);
            QVERIFY2(!external.match(text).hasMatch(),
                     qPrintable(file + QStringLiteral(": ") + external.match(text).captured(0)));
        }
    }

    void theIndexListsThePagesWithExampleUrls()
    {
        for (const QByteArray path : {"/overlay", "/overlay/"}) {
            const auto response = host::overlayResponse(request(path));
            QVERIFY(response);
            QCOMPARE(response->status, 200);
            QCOMPARE(response->header("content-type"), QByteArray("text/html; charset=utf-8"));
            for (const char *page :
                 {"phase.html", "tally.html", "narrator.html", "roster.html", "speaking.html"})
                QVERIFY2(response->body.contains(
                             QByteArray(QByteArray("http://127.0.0.1:8765/overlay/") + page)),
                         page);
            QVERIFY(response->body.contains("?delay="));
        }
        // The Host header is written into HTML: it is escaped there.
        const auto odd = host::overlayResponse(request("/overlay/", "127.0.0.1:1\"><script>"));
        QVERIFY(odd);
        QVERIFY(!odd->body.contains("<script>"));
    }

    void pathsOutsideTheOverlaysAreRefused_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::newRow("dot dot") << QByteArray("/overlay/../tools.json");
        QTest::newRow("dot dot to prompts") << QByteArray("/overlay/../prompts/rules.md");
        QTest::newRow("encoded dot dot") << QByteArray("/overlay/%2e%2e/tools.json");
        QTest::newRow("encoded dot dot, upper case") << QByteArray("/overlay/%2E%2E%2Ftools.json");
        QTest::newRow("encoded slash") << QByteArray("/overlay/..%2ftools.json");
        QTest::newRow("backslash") << QByteArray("/overlay/..\\tools.json");
        QTest::newRow("encoded backslash") << QByteArray("/overlay/..%5ctools.json");
        QTest::newRow("down and up") << QByteArray("/overlay/x/../feed.js");
        QTest::newRow("double slash") << QByteArray("/overlay//feed.js");
        QTest::newRow("NUL") << QByteArray("/overlay/feed.js\0.html", 23);
        QTest::newRow("encoded NUL") << QByteArray("/overlay/feed.js%00.html");
        QTest::newRow("encoded name") << QByteArray("/overlay/%66eed.js");
        QTest::newRow("dot file") << QByteArray("/overlay/.feed.js");
        QTest::newRow("absolute") << QByteArray("/overlay//etc/passwd");
        QTest::newRow("not a resource") << QByteArray("/overlay/nothing.html");
        QTest::newRow("unserved type") << QByteArray("/overlay/tools.json");
        QTest::newRow("a directory") << QByteArray("/overlay/prompts/");
        QTest::newRow("the resource root") << QByteArray("/overlay/:");
        QTest::newRow("outside the prefix") << QByteArray("/overlays/feed.js");
        QTest::newRow("prefix glued to a name") << QByteArray("/overlayfeed.js");
    }

    void pathsOutsideTheOverlaysAreRefused()
    {
        QFETCH(QByteArray, path);
        QVERIFY(!host::overlayResponse(request(path)));
    }
};

QTEST_GUILESS_MAIN(tst_Overlays)
#include "tst_overlays.moc"
