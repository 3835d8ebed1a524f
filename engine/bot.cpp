// SPDX-License-Identifier: MIT
#include "bot.h"

namespace townhall::engine {

struct Bot::Memory
{
};

Bot::Bot(std::string playerId, std::uint64_t seed)
    : m_playerId(std::move(playerId))
    , m_seed(seed)
    , m_mem(std::make_shared<Memory>())
{}

Bot::Step Bot::step(const StateView &, const std::vector<const Event *> &, TimeMs) { return {}; }

void Bot::onResult(const ToolCall &, bool, std::optional<ErrorCode>) {}

} // namespace townhall::engine
