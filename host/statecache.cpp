// SPDX-License-Identifier: MIT
#include "host/statecache.h"

#include "mcp/jsonwrite.h"

namespace townhall::host {

nlohmann::json StateCache::get(const engine::Match &m,
                               const engine::Viewer &viewer,
                               const engine::StateOptions &opts)
{
    // The key names everything the view depends on besides the match's seq:
    // the match, who looks (a player's view holds their secrets) and the options.
    m_key.clear();
    m_key += m.matchId();
    m_key += '\n';
    m_key += std::to_string(static_cast<int>(viewer.kind));
    m_key += ':';
    m_key += viewer.playerId;
    m_key += '\n';
    m_key += opts.includeTranscriptSummary ? 'S' : '-';
    m_key += opts.includeRecentPublicMessages ? 'R' : '-';
    m_key += std::to_string(opts.recentPublicMessagesLimit);
    m_key += '>';
    m_key += std::to_string(opts.messagesAfterSeq);

    const std::uint64_t seq = m.state().lastSeq;
    auto it = m_entries.find(m_key);
    if (it != m_entries.end() && it->second.match == &m && it->second.seq == seq)
        return it->second.raw;

    engine::stateViewInto(m_view, m, viewer, opts);
    nlohmann::json raw = mcp::rawJson(
        mcp::writeJson(engine::toJson(m_view), nlohmann::json::error_handler_t::replace));
    ++m_builds;
    if (it == m_entries.end()) {
        if (m_entries.size() >= MaxEntries)
            m_entries.clear();
        it = m_entries.emplace(m_key, Entry{}).first;
    }
    it->second = Entry{&m, seq, std::move(raw)};
    return it->second.raw;
}

} // namespace townhall::host
