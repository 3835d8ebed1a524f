// SPDX-License-Identifier: MIT
#include "keymoments.h"

namespace townhall::engine {

std::string_view toString(KeyMoment::Kind k)
{
    static constexpr std::string_view names[] = {"ACCUSATION", "SEER_CLAIM", "COUNTERCLAIM",
                                                 "CONTRADICTION", "VOTE_FLIP", "DOCTOR_SAVE",
                                                 "WOLF_ON_WOLF", "FAKE_CLAIM"};
    return names[static_cast<int>(k)];
}

std::vector<KeyMoment> keyMoments(const Match &, const Viewer &) { return {}; }

} // namespace townhall::engine
