// SPDX-License-Identifier: MIT
#include "host/overlays.h"

#include "mcp/httpserver.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace townhall::host {

namespace {

/// Where resources/CMakeLists.txt puts the overlay files.
const QString kResourceDir = QStringLiteral(":/overlays/");

/// The content type for a file name's extension, or null for one we do not serve.
QByteArray contentTypeFor(QByteArrayView name)
{
    if (name.endsWith(".html"))
        return "text/html; charset=utf-8";
    if (name.endsWith(".css"))
        return "text/css; charset=utf-8";
    if (name.endsWith(".js"))
        return "text/javascript; charset=utf-8";
    if (name.endsWith(".svg"))
        return "image/svg+xml";
    if (name.endsWith(".png"))
        return "image/png";
    return {};
}

/// True for a plain file name of the overlays. The directory is flat and
/// every name in it is lower-case letters, digits and dashes with one
/// extension, so anything else (a slash, "..", a percent escape, a
/// backslash, NUL, a dot file) is refused before it reaches the file system:
/// a path that is never decoded cannot be decoded into a traversal.
bool isOverlayFileName(const QByteArray &name)
{
    static const QRegularExpression pattern(
        QStringLiteral("^[a-z0-9][a-z0-9-]{0,63}\\.[a-z]{2,4}$"));
    return pattern.match(QString::fromLatin1(name)).hasMatch();
}

mcp::HttpResponse pageResponse(QByteArray contentType, QByteArray body)
{
    mcp::HttpResponse response(200, std::move(contentType), std::move(body));
    // Streamers keep a browser source open for hours: after an upgrade of
    // Town Hall the next reload must fetch the new pages.
    response.setHeader("Cache-Control", "no-cache");
    response.setHeader("X-Content-Type-Options", "nosniff");
    return response;
}

/// The <title> of an overlay page, for the index.
QString titleOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression title(QStringLiteral("<title>([^<]*)</title>"));
    const auto match = title.match(QString::fromUtf8(file.readAll()));
    return match.hasMatch() ? match.captured(1).trimmed() : QString();
}

/// The index: every overlay page with an example URL to paste into OBS.
QByteArray indexPage(const mcp::HttpRequest &request)
{
    // The Host header already passed the server's allow-list; it is escaped
    // anyway because it is written into HTML.
    QString host = QString::fromLatin1(request.header("host")).toHtmlEscaped();
    if (host.isEmpty())
        host = QStringLiteral("127.0.0.1");
    QString rows;
    const QStringList pages
        = QDir(kResourceDir).entryList({QStringLiteral("*.html")}, QDir::Files, QDir::Name);
    for (const QString &page : pages) {
        const QString url
            = QStringLiteral("http://%1%2/%3").arg(host, QLatin1String(kOverlayPrefix), page);
        rows += QStringLiteral(
                    "<tr><td><a href=\"%1\">%2</a></td><td>%3</td><td><code>%1</code></td></tr>\n")
                    .arg(url, page, titleOf(kResourceDir + page).toHtmlEscaped());
    }
    const QString html
        = QStringLiteral(
              "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
              "<title>Town Hall overlays</title>"
              "<style>body{font:16px/1.5 system-ui,sans-serif;margin:2em;max-width:70em}"
              "td{padding:.2em 1em .2em 0;vertical-align:top}code{background:#eee;padding:0 "
              ".3em}</style>"
              "</head><body>\n<h1>Town Hall overlays</h1>\n"
              "<p>Add a page as a Browser Source in OBS: width 1920, height 1080. The background "
              "is transparent. Each page shows only what any spectator may see.</p>\n"
              "<table>\n%1</table>\n"
              "<h2>Parameters</h2>\n<ul>\n"
              "<li><code>?match=ID</code>: follow one match (default: the liveliest one).</li>\n"
              "<li><code>?delay=SECONDS</code>: hold everything back, e.g. "
              "<code>?delay=30</code>.</li>\n"
              "<li><code>?lang=zh_CN</code>: Simplified Chinese labels.</li>\n"
              "</ul>\n</body></html>\n")
              .arg(rows);
    return html.toUtf8();
}

} // namespace

std::optional<mcp::HttpResponse> overlayResponse(const mcp::HttpRequest &request)
{
    const QByteArray prefix(kOverlayPrefix);
    if (!request.path.startsWith(prefix))
        return std::nullopt;
    const QByteArray rest = request.path.mid(prefix.size());
    if (rest.isEmpty() || rest == "/")
        return pageResponse("text/html; charset=utf-8", indexPage(request));
    if (!rest.startsWith('/'))
        return std::nullopt;
    const QByteArray name = rest.mid(1);
    const QByteArray type = contentTypeFor(name);
    if (type.isEmpty() || !isOverlayFileName(name))
        return std::nullopt;
    QFile file(kResourceDir + QString::fromLatin1(name));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return pageResponse(type, file.readAll());
}

void installOverlays(mcp::HttpServer &server)
{
    server.setPageHandler(kOverlayPrefix, &overlayResponse);
}

} // namespace townhall::host
