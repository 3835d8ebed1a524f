// SPDX-License-Identifier: MIT
#include "host/seats/standin.h"

#include "engine/projection.h"
#include "mcp/toolregistry.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcStandIn, "townhall.seats")

namespace townhall::host {

StandInBot::StandInBot(std::string playerId, std::uint64_t seed)
    : m_playerId(playerId)
    , m_bot(std::move(playerId), seed)
{}

engine::SeatDriver::Step
StandInBot::turn(const engine::Match *m, const engine::StateView &view, engine::TimeMs now)
{
    std::vector<const engine::Event *> news;
    if (m) {
        news = engine::visibleEvents(
            *m, engine::Viewer::forPlayer(m_playerId), m_cursor, static_cast<std::size_t>(-1));
        m_cursor = m->state().lastSeq;
    }
    return m_bot.onTurn(view, news, now);
}

const mcp::ToolRegistry *shippedTools()
{
    static const std::shared_ptr<const mcp::ToolRegistry> r = [] {
        std::string error;
        auto loaded = mcp::ToolRegistry::fromResources(&error);
        if (!loaded)
            qCWarning(lcStandIn) << "no tool registry:" << QString::fromStdString(error);
        return loaded;
    }();
    return r.get();
}

} // namespace townhall::host
