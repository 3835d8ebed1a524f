// SPDX-License-Identifier: MIT
// HttpServer::setPageHandler: plain pages next to MCP on the same port (the
// overlays use it). Real requests over a socket: the Host and Origin checks
// still come first, only GET and HEAD reach the handler, the prefix matches
// whole path segments, and the MCP paths stay MCP's.

#include "mcp/httpconnection.h"
#include "mcp/httpserver.h"

#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>

using namespace townhall::mcp;

namespace {

/// Sends one raw request (the server is told to close afterwards) and returns everything it
/// answered.
QByteArray exchange(quint16 port, const QByteArray &request)
{
    QTcpSocket socket;
    QByteArray answer;
    QObject::connect(&socket, &QTcpSocket::readyRead, [&] { answer += socket.readAll(); });
    QSignalSpy closed(&socket, &QTcpSocket::disconnected);
    socket.connectToHost(QHostAddress::LocalHost, port);
    socket.write(request);
    // Generous: the machine running the tests may be busy.
    if (!closed.wait(20000))
        return "(no answer)";
    return answer + socket.readAll();
}

QByteArray get(quint16 port,
               const QByteArray &method,
               const QByteArray &target,
               const QByteArray &extraHeaders = {})
{
    return exchange(port,
                    method + ' ' + target
                        + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) + "\r\n"
                        + extraHeaders + "Connection: close\r\n\r\n");
}

int statusOf(const QByteArray &answer)
{
    return answer.startsWith("HTTP/1.1 ") ? answer.mid(9, 3).toInt() : 0;
}

QByteArray bodyOf(const QByteArray &answer)
{
    const qsizetype end = answer.indexOf("\r\n\r\n");
    return end < 0 ? QByteArray() : answer.mid(end + 4);
}

} // namespace

class tst_PageHandler final : public QObject
{
    Q_OBJECT

private:
    HttpServer *m_server = nullptr;
    QList<QByteArray> m_seen; ///< paths (with query) the handler was asked for

private Q_SLOTS:
    void init()
    {
        m_seen.clear();
        m_server = new HttpServer(this);
        m_server->setPageHandler(
            "/pages", [this](const HttpRequest &request) -> std::optional<HttpResponse> {
                m_seen.append(request.path + '?' + request.query);
                if (request.path == "/pages/missing")
                    return std::nullopt;
                HttpResponse response(200, "text/plain; charset=utf-8", "page " + request.path);
                response.setHeader("Cache-Control", "no-cache");
                return response;
            });
        QVERIFY(m_server->listen());
    }

    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void getReachesTheHandler()
    {
        const QByteArray answer = get(m_server->port(), "GET", "/pages/a.html?match=m-1");
        QCOMPARE(statusOf(answer), 200);
        QCOMPARE(bodyOf(answer), QByteArray("page /pages/a.html"));
        QVERIFY(answer.contains("Cache-Control: no-cache\r\n"));
        QCOMPARE(m_seen, QList<QByteArray>{"/pages/a.html?match=m-1"});
        // The prefix itself, with and without the slash.
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/pages")), 200);
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/pages/")), 200);
    }

    void headHasTheHeadersButNoBody()
    {
        const QByteArray answer = get(m_server->port(), "HEAD", "/pages/a.html");
        QCOMPARE(statusOf(answer), 200);
        QVERIFY2(answer.contains("Content-Length: 18\r\n"), answer.constData());
        QCOMPARE(bodyOf(answer), QByteArray());
    }

    void nothingFromTheHandlerIs404()
    {
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/pages/missing")), 404);
    }

    void otherMethodsAre405()
    {
        for (const QByteArray method : {"POST", "PUT", "DELETE", "OPTIONS"}) {
            const QByteArray answer
                = get(m_server->port(), method, "/pages/a.html", "Content-Length: 0\r\n");
            QCOMPARE(statusOf(answer), 405);
            QVERIFY2(answer.contains("Allow: GET, HEAD\r\n"), answer.constData());
        }
        QVERIFY(m_seen.isEmpty());
    }

    void theHostAndOriginChecksComeFirst()
    {
        const quint16 port = m_server->port();
        QCOMPARE(
            statusOf(exchange(port,
                              "GET /pages/a.html HTTP/1.1\r\nHost: evil.example:"
                                  + QByteArray::number(port) + "\r\nConnection: close\r\n\r\n")),
            403);
        QCOMPARE(statusOf(get(port, "GET", "/pages/a.html", "Origin: http://evil.example\r\n")),
                 403);
        QVERIFY(m_seen.isEmpty());
        // A page of our own origin passes.
        QCOMPARE(statusOf(get(port,
                              "GET",
                              "/pages/a.html",
                              "Origin: http://127.0.0.1:" + QByteArray::number(port) + "\r\n")),
                 200);
    }

    void thePrefixMatchesWholeSegments()
    {
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/pagesx/a.html")), 404);
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/page")), 404);
        QVERIFY(m_seen.isEmpty());
    }

    void mcpPathsStayMcp()
    {
        m_server->setPageHandler("/mcp", [](const HttpRequest &) -> std::optional<HttpResponse> {
            return HttpResponse(200, "text/plain", "taken over");
        });
        const QByteArray answer = get(m_server->port(), "GET", "/mcp");
        QVERIFY2(!bodyOf(answer).contains("taken over"), answer.constData());
    }

    // A server for pages and the feed only (--spectate-listen): the MCP
    // paths are unknown there, and the pages still work.
    void withoutMcpRoutesTheMcpPathsAre404()
    {
        QVERIFY(statusOf(get(m_server->port(), "GET", "/mcp")) != 404);
        m_server->setMcpRoutes(false);
        for (const QByteArray path : {"/mcp", "/mcp/", "/mcp/underscore", "/sse", "/messages"})
            QCOMPARE(statusOf(get(m_server->port(), "GET", path)), 404);
        QCOMPARE(statusOf(get(m_server->port(), "POST", "/mcp", "Content-Length: 0\r\n")), 404);
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/pages/a.html")), 200);
    }

    void anEmptyHandlerRemovesThePrefix()
    {
        m_server->setPageHandler("/pages", {});
        QCOMPARE(statusOf(get(m_server->port(), "GET", "/pages/a.html")), 404);
        QVERIFY(m_seen.isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_PageHandler)
#include "tst_pagehandler.moc"
