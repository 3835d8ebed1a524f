// SPDX-License-Identifier: MIT
#pragma once

/// Raises this process's open file limit: tests that hold thousands of
/// sockets (both ends of each connection live in the test) need more than
/// the usual 1,024.

#include <sys/resource.h>

#include <algorithm>

namespace townhall::test {

inline void raiseFileLimit(rlim_t wanted = 4096)
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < wanted) {
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, wanted);
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace townhall::test
