// SPDX-License-Identifier: MIT
#include "ui/toolcallmodel.h"

#include <QDateTime>

namespace townhall::ui {

ToolCallModel::ToolCallModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ToolCallModel::setCapacity(int capacity)
{
    m_capacity = std::max(capacity, 1);
    trim();
}

int ToolCallModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ToolCallModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ToolCallModel::statusText(CallStatus status)
{
    switch (status) {
    case CallStatus::Ok:
        return tr("ok");
    case CallStatus::ToolError:
        return tr("tool error");
    case CallStatus::ProtocolError:
        return tr("protocol error");
    case CallStatus::RateLimited:
        return tr("rate-limited");
    case CallStatus::NoReply:
        return tr("no reply");
    }
    return {};
}

QVariant ToolCallModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ToolCallRecord &r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(r.atUs / 1000)
                .toString(QStringLiteral("HH:mm:ss.zzz"));
        case AgentColumn:
            return r.agentName.isEmpty() ? r.agentId : r.agentName;
        case MatchColumn:
            return r.matchId;
        case ToolColumn:
            return r.tool.isEmpty() ? r.method : r.tool;
        case StatusColumn:
            return r.toolErrorCode.isEmpty() ? statusText(r.status)
                                             : statusText(r.status) + QStringLiteral(" (")
                                                   + r.toolErrorCode + QLatin1Char(')');
        case LatencyColumn:
            return tr("%1 ms").arg(double(r.latencyUs) / 1000.0, 0, 'f', 2);
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == LatencyColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                               : QVariant();
    case RecordIdRole:
        return QVariant::fromValue(r.id);
    case AgentIdRole:
        return r.agentId;
    case MatchIdRole:
        return r.matchId;
    case ToolRole:
        return r.tool;
    case StatusRole:
        return int(r.status);
    case LatencyUsRole:
        return r.latencyUs;
    default:
        return {};
    }
}

QVariant ToolCallModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case AgentColumn:
        return tr("Agent");
    case MatchColumn:
        return tr("Match");
    case ToolColumn:
        return tr("Tool");
    case StatusColumn:
        return tr("Status");
    case LatencyColumn:
        return tr("Latency");
    }
    return {};
}

void ToolCallModel::clear()
{
    if (m_rows.empty())
        return;
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void ToolCallModel::append(const ToolCallRecords &records)
{
    if (records.isEmpty())
        return;
    // Only the newest `capacity` of a huge batch can stay.
    const qsizetype skip = std::max<qsizetype>(0, records.size() - m_capacity);
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(records.size() - skip) - 1);
    for (qsizetype i = skip; i < records.size(); ++i)
        m_rows.push_back(records[i]);
    endInsertRows();
    trim();
}

void ToolCallModel::trim()
{
    const int excess = int(m_rows.size()) - m_capacity;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_rows.erase(m_rows.begin(), m_rows.begin() + excess);
    endRemoveRows();
}

ToolCallFilterModel::ToolCallFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{}

void ToolCallFilterModel::setAgentId(const QString &agentId)
{
    m_agentId = agentId;
    invalidateFilter();
}

void ToolCallFilterModel::setMatchId(const QString &matchId)
{
    m_matchId = matchId;
    invalidateFilter();
}

void ToolCallFilterModel::setTool(const QString &tool)
{
    m_tool = tool;
    invalidateFilter();
}

void ToolCallFilterModel::setStatus(std::optional<CallStatus> status)
{
    m_status = status;
    invalidateFilter();
}

bool ToolCallFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_agentId.isEmpty() && i.data(ToolCallModel::AgentIdRole).toString() != m_agentId)
        return false;
    if (!m_matchId.isEmpty() && i.data(ToolCallModel::MatchIdRole).toString() != m_matchId)
        return false;
    if (!m_tool.isEmpty()) {
        const QString tool = i.data(ToolCallModel::ToolRole).toString();
        QString underscore = tool;
        underscore.replace(QLatin1Char('.'), QLatin1Char('_'));
        if (tool != m_tool && underscore != m_tool)
            return false;
    }
    if (m_status && i.data(ToolCallModel::StatusRole).toInt() != int(*m_status))
        return false;
    return true;
}

} // namespace townhall::ui
