// SPDX-License-Identifier: MIT
// The townhall executable: the desktop app by default, a headless host, and
// the command-line tools (simulate, rules, tournament, agents, export/import/replay, mcp-stdio).

#include "app/cli.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

bool hasDisplay()
{
    auto set = [](const char *name) {
        const char *v = std::getenv(name);
        return v && *v;
    };
    return set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM");
}

bool asksForHelp(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        for (const char *flag : {"-h", "--help", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication::setApplicationName(QStringLiteral("townhall"));
    QCoreApplication::setOrganizationName(QStringLiteral("TownHall"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOWNHALL_VERSION));

    const char *command = argc > 1 ? argv[1] : "";
    using namespace townhall::app;
    if (std::strcmp(command, "simulate") == 0)
        return runSimulate(argc, argv);
    if (std::strcmp(command, "rules") == 0)
        return runRules(argc, argv);
    if (std::strcmp(command, "tournament") == 0)
        return runTournament(argc, argv);
    if (std::strcmp(command, "mcp-stdio") == 0)
        return runStdio(argc, argv);
    if (std::strcmp(command, "agent") == 0)
        return runAgent(argc, argv);
    if (std::strcmp(command, "export") == 0 || std::strcmp(command, "import") == 0
        || std::strcmp(command, "replay") == 0 || std::strcmp(command, "calls") == 0
        || std::strcmp(command, "chapters") == 0)
        return runLog(argc, argv);
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--headless") == 0) {
            // `townhall --headless --tournament ID --db …` joins a tournament:
            // it is `townhall tournament join ID --db …`.
            std::vector<char *> join{
                argv[0], const_cast<char *>("tournament"), const_cast<char *>("join")};
            bool joining = false;
            for (int j = 1; j < argc; ++j) {
                if (std::strcmp(argv[j], "--headless") == 0)
                    continue;
                if (std::strcmp(argv[j], "--tournament") == 0 && j + 1 < argc) {
                    join.insert(join.begin() + 3, argv[++j]);
                    joining = true;
                    continue;
                }
                join.push_back(argv[j]);
            }
            if (joining) {
                int n = int(join.size());
                join.push_back(nullptr);
                return runTournament(n, join.data());
            }
            return runHeadless(argc, argv);
        }
    if (!hasDisplay()) {
        // On a terminal without a display, answer --help / --version as the
        // headless host (its help lists the modes and commands) instead of
        // letting the window system abort.
        if (asksForHelp(argc, argv))
            return runHeadless(argc, argv);
        std::fputs(
            "townhall: no display for the window (DISPLAY and WAYLAND_DISPLAY are unset).\n"
            "Run `townhall --headless` for the host without a window, or `townhall --help`.\n",
            stderr);
        return 2;
    }
    return runGui(argc, argv);
}
