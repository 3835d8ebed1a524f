// SPDX-License-Identifier: MIT
#include "app/cli.h"

#include <cstdio>

namespace townhall::app {

int runGui(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    std::fputs("townhall: the desktop app is not part of this build yet; use --headless\n", stderr);
    return 2;
}

} // namespace townhall::app
