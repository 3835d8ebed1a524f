// SPDX-License-Identifier: MIT
#include "ui/calllinks.h"

#include "ui/toolcallmodel.h"
#include "ui/uitext.h"

#include <QAbstractItemModel>

#include <algorithm>
#include <limits>

namespace townhall::ui {

namespace {

/// The last event of `log` at or before `atMs`, or 0.
std::uint64_t lastSeqAtOrBefore(const std::vector<engine::Event> &log, qint64 atMs)
{
    // Event times never decrease along the log.
    const auto it = std::upper_bound(
        log.begin(), log.end(), atMs, [](qint64 t, const engine::Event &e) { return t < e.at; });
    return it == log.begin() ? 0 : std::prev(it)->seq;
}

std::optional<std::uint64_t> producedSeq(const engine::Match &match, const QString &eventId)
{
    if (eventId.isEmpty())
        return std::nullopt;
    const auto seq = engine::seqFromEventId(match.matchId(), eventId.toStdString());
    if (!seq || *seq == 0 || *seq > match.state().lastSeq)
        return std::nullopt;
    return seq;
}

bool sameMatch(const engine::Match &match, const ToolCallRecord &call)
{
    return call.matchId.isEmpty() || call.matchId == qs(match.matchId());
}

} // namespace

std::optional<CallEvent>
eventForCall(const engine::Match &match, const ToolCallRecord &call, const QString &producedEventId)
{
    if (!sameMatch(match, call))
        return std::nullopt;
    if (const auto seq = producedSeq(match, producedEventId))
        return CallEvent{*seq, true};
    const std::uint64_t seq = lastSeqAtOrBefore(match.log(), (call.atUs + call.latencyUs) / 1000);
    if (seq == 0)
        return std::nullopt;
    return CallEvent{seq, false};
}

std::uint64_t viewSeqForCall(const engine::Match &match,
                             const ToolCallRecord &call,
                             const QString &producedEventId)
{
    if (!sameMatch(match, call))
        return 0;
    if (const auto seq = producedSeq(match, producedEventId))
        return *seq - 1;
    return lastSeqAtOrBefore(match.log(), (call.atUs + call.latencyUs) / 1000);
}

const engine::Player *playerForAgent(const engine::Match &match, const QString &agentId)
{
    if (agentId.isEmpty())
        return nullptr;
    const std::string id = agentId.toStdString();
    for (const engine::Player &p : match.state().players)
        if (p.agentId == id)
            return &p;
    return nullptr;
}

int nearestCallRow(const QAbstractItemModel &calls, const engine::Event &event)
{
    const QString eventId = qs(event.eventId);
    const qint64 atUs = event.at * 1000;
    int best = -1;
    qint64 bestDistance = std::numeric_limits<qint64>::max();
    for (int row = 0; row < calls.rowCount(); ++row) {
        const QModelIndex i = calls.index(row, 0);
        if (i.data(ToolCallModel::EventIdRole).toString() == eventId)
            return row;
        const qint64 d = std::abs(i.data(ToolCallModel::AtUsRole).toLongLong() - atUs);
        if (d <= bestDistance) {
            bestDistance = d;
            best = row;
        }
    }
    return best;
}

} // namespace townhall::ui
