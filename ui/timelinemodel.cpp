// SPDX-License-Identifier: MIT
#include "ui/timelinemodel.h"

#include "ui/theme.h"
#include "ui/uitext.h"

#include "engine/payloads.h"

#include <QDateTime>

#include <algorithm>

namespace townhall::ui {

using engine::Phase;

namespace {
constexpr quintptr GroupId = 0; // children carry their group's row + 1
}

TimelineModel::TimelineModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

TimelineModel::~TimelineModel() = default;

int TimelineModel::roundOf(const PhaseRow &row, int lastRound)
{
    switch (row.phase) {
    case Phase::Lobby:
        return 0;
    case Phase::Night:
        return row.night;
    // The witch's turn belongs to the night it follows. A hunter's shot
    // belongs to the round it interrupts: after a night death the day number
    // has not moved on yet (DAY_ANNOUNCE counts it), so take the later of the two.
    case Phase::NightWitch:
        return row.night;
    case Phase::HunterShot:
        return std::max(row.day, row.night);
    case Phase::Ended:
        return lastRound;
    default:
        return row.day;
    }
}

TimelineModel::PhaseRow *TimelineModel::current()
{
    if (m_groups.empty() || m_groups.back().phases.empty())
        return nullptr;
    PhaseRow &last = m_groups.back().phases.back();
    return last.endedAt == 0 ? &last : nullptr;
}

void TimelineModel::appendPhase(const PhaseRow &row, bool notify)
{
    const int lastRound = m_groups.empty() ? 0 : m_groups.back().round;
    const int round = roundOf(row, lastRound);
    if (m_groups.empty() || m_groups.back().round != round) {
        const int at = int(m_groups.size());
        if (notify)
            beginInsertRows({}, at, at);
        m_groups.push_back({round, {row}});
        if (notify)
            endInsertRows();
        return;
    }
    Group &g = m_groups.back();
    const int at = int(g.phases.size());
    if (notify)
        beginInsertRows(index(int(m_groups.size()) - 1, 0), at, at);
    g.phases.push_back(row);
    if (notify)
        endInsertRows();
}

void TimelineModel::sync(const engine::Match *match, const engine::Viewer &)
{
    const QString id = match ? qs(match->matchId()) : QString();
    const bool append = match && id == m_matchId && match->log().size() >= m_consumed;
    static const std::vector<engine::Event> noEvents;
    const std::vector<engine::Event> &log = match ? match->log() : noEvents;
    if (!append)
        beginResetModel();
    if (!append) {
        m_groups.clear();
        m_consumed = 0;
        m_matchId = id;
    }
    for (std::size_t i = m_consumed; i < log.size(); ++i) {
        const engine::Event &e = log[i];
        const auto changed = engine::payloadAs<engine::payload::PhaseChanged>(e);
        if (!changed)
            continue;
        if (PhaseRow *cur = current()) {
            cur->endedAt = e.at;
            if (append) {
                const int g = int(m_groups.size()) - 1;
                const QModelIndex idx
                    = index(int(m_groups.back().phases.size()) - 1, 0, index(g, 0));
                Q_EMIT dataChanged(idx, idx.siblingAtColumn(ColumnCount - 1));
            }
        }
        PhaseRow row;
        row.phase = changed->to;
        row.day = changed->dayNumber;
        row.night = changed->nightNumber.value_or(0);
        row.startedAt = e.at;
        row.endsAt = changed->phaseEndsAtMs.value_or(e.at);
        row.seq = e.seq;
        if (row.phase == Phase::Ended)
            row.endedAt = e.at; // nothing runs after the end
        appendPhase(row, append);
    }
    m_consumed = log.size();
    // Deadlines move with opening turns, pauses and skips.
    if (match) {
        if (PhaseRow *cur = current()) {
            const qint64 ends = match->state().phaseEndsAt;
            if (cur->endsAt != ends) {
                cur->endsAt = ends;
                if (append) {
                    const QModelIndex idx = currentIndex();
                    Q_EMIT dataChanged(idx, idx.siblingAtColumn(ColumnCount - 1));
                }
            }
        }
    }
    if (!append)
        endResetModel();
}

QModelIndex TimelineModel::currentIndex() const
{
    if (m_groups.empty() || m_groups.back().phases.empty())
        return {};
    const int g = int(m_groups.size()) - 1;
    return index(int(m_groups.back().phases.size()) - 1, 0, index(g, 0));
}

QModelIndex TimelineModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < int(m_groups.size()) ? createIndex(row, column, GroupId) : QModelIndex();
    if (parent.internalId() != GroupId || parent.row() >= int(m_groups.size()))
        return {};
    if (row >= int(m_groups[std::size_t(parent.row())].phases.size()))
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex TimelineModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == GroupId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, GroupId);
}

int TimelineModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != GroupId)
        return 0;
    return int(m_groups[std::size_t(parent.row())].phases.size());
}

int TimelineModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant TimelineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == GroupId) {
        const Group &g = m_groups[std::size_t(index.row())];
        const bool isCurrent = index.row() == int(m_groups.size()) - 1;
        switch (role) {
        case Qt::DisplayRole:
        case Qt::AccessibleTextRole:
            if (index.column() != PhaseColumn)
                return {};
            return g.round == 0 ? UiText::phaseName(Phase::Lobby) : tr("Day %1").arg(g.round);
        case PhaseRole:
            return -1;
        case GroupRole:
            return true;
        case DayRole:
            return g.round;
        case StartedAtRole:
            return g.phases.empty() ? 0 : g.phases.front().startedAt;
        case CurrentRole:
            return isCurrent;
        }
        return {};
    }
    const Group &g = m_groups[std::size_t(index.internalId() - 1)];
    const PhaseRow &r = g.phases[std::size_t(index.row())];
    const bool isCurrent = r.endedAt == 0;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        switch (index.column()) {
        case PhaseColumn:
            return r.phase == Phase::Night ? tr("Night %1").arg(r.night)
                                           : UiText::phaseName(r.phase);
        case StartColumn:
            return QDateTime::fromMSecsSinceEpoch(r.startedAt).toString(QStringLiteral("HH:mm:ss"));
        case DurationColumn:
            return isCurrent ? tr("now") : UiText::countdown(r.endedAt - r.startedAt);
        }
        return {};
    case Qt::DecorationRole:
        return index.column() == PhaseColumn ? QVariant(Theme::phaseColor(r.phase)) : QVariant();
    case PhaseRole:
        return int(r.phase);
    case GroupRole:
        return false;
    case DayRole:
        return r.day;
    case StartedAtRole:
        return r.startedAt;
    case EndsAtRole:
        return r.endsAt;
    case EndedAtRole:
        return r.endedAt;
    case CurrentRole:
        return isCurrent;
    case SeqRole:
        return qulonglong(r.seq);
    }
    return {};
}

QVariant TimelineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PhaseColumn:
        return tr("Phase");
    case StartColumn:
        return tr("Started");
    case DurationColumn:
        return tr("Duration");
    }
    return {};
}

} // namespace townhall::ui
