// SPDX-License-Identifier: MIT
// A stand-in for `townhall mcp-stdio --url URL [--token T]`, so that
// tst_transport can drive the stdio bridge as a real process (stdin, stdout, EOF).

#include "mcp/stdiobridge.h"

#include <QString>
#include <QUrl>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    // No QCoreApplication on purpose: runStdioBridge must cope without one.
    const QUrl url(QString::fromLocal8Bit(argv[1]));
    const QString token = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    return townhall::mcp::runStdioBridge(url, token);
}
