// SPDX-License-Identifier: MIT
#include "ui/toolcallmodel.h"

#include "ui/theme.h"

#include <QBrush>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

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
    const Row &row = m_rows[std::size_t(index.row())];
    const ToolCallRecord &r = row.record;
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
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn && r.status != CallStatus::Ok)
            return QBrush(r.status == CallStatus::RateLimited || r.status == CallStatus::NoReply
                              ? QColor(0xD0, 0x7A, 0x1E)
                              : Theme::danger());
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
    case AtUsRole:
        return r.atUs;
    case EventIdRole:
        return row.eventId;
    case AgentNameRole:
        return r.agentName;
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
    m_storedRows = 0;
    endResetModel();
}

int ToolCallModel::rowForId(quint64 id) const
{
    if (id == 0)
        return -1; // stored calls have no recorder id
    const auto it = std::lower_bound(m_rows.begin() + m_storedRows,
                                     m_rows.end(),
                                     id,
                                     [](const Row &r, quint64 v) { return r.record.id < v; });
    return it != m_rows.end() && it->record.id == id ? int(it - m_rows.begin()) : -1;
}

QString ToolCallModel::producedEventId(const ToolCallRecord &r)
{
    // Only successful tool calls with a small answer: reads (get_state,
    // events.get) are large and name many events, none of them their own.
    if (r.kind != CallKind::Request || r.status != CallStatus::Ok
        || r.method != QLatin1String("tools/call") || r.responseJson.size() > 16 * 1024)
        return {};
    const QJsonObject result = QJsonDocument::fromJson(r.responseJson)
                                   .object()
                                   .value(QLatin1String("result"))
                                   .toObject();
    QJsonObject envelope = result.value(QLatin1String("structuredContent")).toObject();
    if (envelope.isEmpty()) {
        const QJsonArray content = result.value(QLatin1String("content")).toArray();
        if (!content.isEmpty())
            envelope
                = QJsonDocument::fromJson(
                      content.first().toObject().value(QLatin1String("text")).toString().toUtf8())
                      .object();
    }
    return envelope.value(QLatin1String("eventId")).toString();
}

void ToolCallModel::append(const ToolCallRecords &records)
{
    // Only new records, and only the newest `capacity` of a huge batch can stay.
    std::vector<const ToolCallRecord *> fresh;
    std::vector<const ToolCallRecord *> stored;
    fresh.reserve(std::size_t(records.size()));
    for (const ToolCallRecord &r : records)
        if (r.id == 0)
            stored.push_back(&r);
        else if (r.id > m_lastId) {
            fresh.push_back(&r);
            m_lastId = r.id;
        }
    if (!stored.empty())
        appendStored(stored);
    if (fresh.empty())
        return;
    const std::size_t skip
        = fresh.size() > std::size_t(m_capacity) ? fresh.size() - std::size_t(m_capacity) : 0;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(fresh.size() - skip) - 1);
    for (std::size_t i = skip; i < fresh.size(); ++i)
        m_rows.push_back({*fresh[i], producedEventId(*fresh[i])});
    endInsertRows();
    trim();
}

void ToolCallModel::appendStored(const std::vector<const ToolCallRecord *> &records)
{
    // Each match's stored calls come whole; a second copy (the inspector
    // opened again) adds nothing.
    QSet<QString> taking;
    std::vector<const ToolCallRecord *> fresh;
    for (const ToolCallRecord *r : records)
        if (!m_storedMatches.contains(r->matchId)) {
            taking.insert(r->matchId);
            fresh.push_back(r);
        }
    m_storedMatches.unite(taking);
    std::stable_sort(
        fresh.begin(), fresh.end(), [](const ToolCallRecord *a, const ToolCallRecord *b) {
            return a->atUs < b->atUs;
        });
    if (fresh.empty())
        return;
    // Usually the block goes in one piece before or after the stored rows
    // held; otherwise they are merged, and the views told so.
    const auto begin = m_rows.begin();
    const auto end = m_rows.begin() + m_storedRows;
    std::vector<Row> rows;
    rows.reserve(fresh.size());
    for (const ToolCallRecord *r : fresh)
        rows.push_back({*r, producedEventId(*r)});
    const int count = int(rows.size());
    if (m_storedRows == 0 || rows.front().record.atUs >= std::prev(end)->record.atUs) {
        beginInsertRows({}, m_storedRows, m_storedRows + count - 1);
        m_rows.insert(
            end, std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
        endInsertRows();
    } else if (rows.back().record.atUs <= begin->record.atUs) {
        beginInsertRows({}, 0, count - 1);
        m_rows.insert(
            begin, std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
        endInsertRows();
    } else {
        beginResetModel();
        m_rows.insert(
            end, std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
        std::stable_sort(m_rows.begin(),
                         m_rows.begin() + m_storedRows + count,
                         [](const Row &a, const Row &b) { return a.record.atUs < b.record.atUs; });
        endResetModel();
    }
    m_storedRows += count;
    trim();
}

void ToolCallModel::trim()
{
    const int excess = int(m_rows.size()) - m_capacity;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_rows.erase(m_rows.begin(), m_rows.begin() + excess);
    m_storedRows = std::max(0, m_storedRows - excess);
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

void ToolCallFilterModel::setText(const QString &text)
{
    m_text = text.trimmed();
    invalidateFilter();
}

void ToolCallFilterModel::setHiddenMatches(const QSet<QString> &matchIds)
{
    if (matchIds == m_hiddenMatches)
        return;
    m_hiddenMatches = matchIds;
    invalidateFilter();
}

bool ToolCallFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_agentId.isEmpty() && i.data(ToolCallModel::AgentIdRole).toString() != m_agentId)
        return false;
    if (!m_matchId.isEmpty() && i.data(ToolCallModel::MatchIdRole).toString() != m_matchId)
        return false;
    if (!m_hiddenMatches.isEmpty()
        && m_hiddenMatches.contains(i.data(ToolCallModel::MatchIdRole).toString()))
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
    if (!m_text.isEmpty()) {
        const auto *calls = qobject_cast<const ToolCallModel *>(sourceModel());
        if (!calls)
            return false;
        const ToolCallRecord &r = calls->record(sourceRow);
        const Qt::CaseSensitivity cs = Qt::CaseInsensitive;
        const QByteArray utf8 = m_text.toUtf8();
        if (r.agentName.contains(m_text, cs) || r.agentId.contains(m_text, cs)
            || r.tool.contains(m_text, cs) || r.method.contains(m_text, cs)
            || r.toolErrorCode.contains(m_text, cs) || r.matchId.contains(m_text, cs))
            return true;
        // What a user searches for is a tool call's arguments and result.
        // The session's other messages carry the server's instructions and
        // every tool's description (initialize, tools/list), which name
        // every error code and argument there is.
        if (r.method != QLatin1String("tools/call"))
            return false;
        return QLatin1StringView(r.requestJson).contains(QLatin1StringView(utf8), cs)
               || QLatin1StringView(r.responseJson).contains(QLatin1StringView(utf8), cs);
    }
    return true;
}

} // namespace townhall::ui
