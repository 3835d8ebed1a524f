// SPDX-License-Identifier: MIT
#pragma once

/// \file cli.h
/// The commands of the townhall executable. Each parses its own arguments
/// and returns the process exit code.

namespace townhall::app {

int runSimulate(int argc,
                char **argv); ///< townhall simulate --matches N --seed S [--rules R] [--json]
int runRules(int argc, char **argv); ///< townhall rules [--json]
int runHeadless(
    int argc,
    char **argv); ///< townhall --headless [--port P] [--db PATH] [--speed X] [--bots N] [--demo]
int runGui(int argc, char **argv);        ///< townhall [--demo] (the desktop app)
int runStdio(int argc, char **argv);      ///< townhall mcp-stdio --url URL [--token T]
int runAgent(int argc, char **argv);      ///< townhall agent add|list|revoke|config [--format F]
int runLog(int argc, char **argv);        ///< townhall export|import|replay|calls|chapters
int runTournament(int argc, char **argv); ///< townhall tournament run FILE|resume ID|report ID|list

} // namespace townhall::app
