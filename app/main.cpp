// SPDX-License-Identifier: MIT
// The townhall executable: the desktop app by default, a headless host, and
// the command-line tools (simulate, agents, export/import/replay, mcp-stdio).

#include "app/cli.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv)
{
    QCoreApplication::setApplicationName(QStringLiteral("townhall"));
    QCoreApplication::setOrganizationName(QStringLiteral("TownHall"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOWNHALL_VERSION));

    const char *command = argc > 1 ? argv[1] : "";
    using namespace townhall::app;
    if (std::strcmp(command, "simulate") == 0)
        return runSimulate(argc, argv);
    if (std::strcmp(command, "mcp-stdio") == 0)
        return runStdio(argc, argv);
    if (std::strcmp(command, "agent") == 0)
        return runAgent(argc, argv);
    if (std::strcmp(command, "export") == 0 || std::strcmp(command, "import") == 0
        || std::strcmp(command, "replay") == 0 || std::strcmp(command, "calls") == 0)
        return runLog(argc, argv);
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--headless") == 0)
            return runHeadless(argc, argv);
    return runGui(argc, argv);
}
