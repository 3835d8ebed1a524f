// SPDX-License-Identifier: MIT
#include "app/modelreports.h"

#include <algorithm>

namespace townhall::app {

namespace {

ui::ModelNote::Kind uiKind(host::PilotNote::Kind kind)
{
    switch (kind) {
    case host::PilotNote::Kind::Thought: return ui::ModelNote::Kind::Thought;
    case host::PilotNote::Kind::StandIn: return ui::ModelNote::Kind::StandIn;
    case host::PilotNote::Kind::HandOver: return ui::ModelNote::Kind::HandOver;
    }
    return ui::ModelNote::Kind::Thought;
}

} // namespace

std::int64_t notesEnd(const host::ModelSeatInfo &seat)
{
    return seat.log ? seat.log->notesBefore + std::int64_t(seat.log->notes.size()) : 0;
}

ui::ModelSeatReport modelSeatReport(const QString &matchId, const host::ModelSeatInfo &seat, std::int64_t fromNote)
{
    ui::ModelSeatReport r;
    r.matchId = matchId;
    r.playerId = QString::fromStdString(seat.playerId);
    r.agentId = QString::fromStdString(seat.agentId);
    r.displayName = seat.displayName;
    r.provider = seat.profile.name;
    r.model = seat.profile.model;
    if (!seat.log)
        return r;
    const host::PilotLog &log = *seat.log;
    const host::PilotStats &s = log.stats;
    r.calls = s.modelCalls;
    r.inputTokens = s.inputTokens;
    r.outputTokens = s.outputTokens;
    r.reasoningTokens = s.reasoningTokens;
    r.cachedInputTokens = s.cachedInputTokens;
    r.cost = s.cost.value_or(-1.0);
    r.latencyP50Ms = s.latencyPercentile(0.5);
    r.latencyP95Ms = s.latencyPercentile(0.95);
    for (const auto &[kind, n] : s.failures)
        r.failures.insert(kind, n);
    r.toolErrors = s.toolErrors;
    r.standInTurns = s.standInTurns;
    r.handedOver = s.handedOver;
    const std::int64_t first = std::max(fromNote, log.notesBefore);
    r.firstNote = int(first);
    for (std::int64_t i = first - log.notesBefore; i < std::int64_t(log.notes.size()); ++i) {
        const host::PilotNote &n = log.notes[std::size_t(i)];
        r.notes.append({uiKind(n.kind), n.at, n.day, int(n.phase), n.text});
    }
    return r;
}

} // namespace townhall::app
