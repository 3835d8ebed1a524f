// SPDX-License-Identifier: MIT
#pragma once

// The inspector's list of recorded MCP calls, fed by Recorder::uiRecordsAdded,
// and the filter (agent, match, tool, status) in front of it.

#include "ui/toolcallrecord.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <deque>
#include <optional>

namespace townhall::ui {

class ToolCallModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolCallModel)

public:
    enum Column {
        TimeColumn,
        AgentColumn,
        MatchColumn,
        ToolColumn,
        StatusColumn,
        LatencyColumn,
        ColumnCount
    };
    enum Role {
        RecordIdRole = Qt::UserRole,
        AgentIdRole,
        MatchIdRole,
        ToolRole,
        StatusRole, ///< CallStatus as int
        LatencyUsRole,
    };

    explicit ToolCallModel(QObject *parent = nullptr);

    /// Rows kept; the oldest go first. At least 1.
    void setCapacity(int capacity);
    int capacity() const { return m_capacity; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const ToolCallRecord &record(int row) const { return m_rows[std::size_t(row)]; }
    void clear();

    /// The handler of the recorder's batches.
    void append(const townhall::ui::ToolCallRecords &records);

    static QString statusText(CallStatus status);

private:
    void trim();

    std::deque<ToolCallRecord> m_rows;
    int m_capacity = 50000;
};

class ToolCallFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolCallFilterModel)

public:
    explicit ToolCallFilterModel(QObject *parent = nullptr);

    /// Empty strings match anything. The tool matches either name form.
    void setAgentId(const QString &agentId);
    void setMatchId(const QString &matchId);
    void setTool(const QString &tool);
    void setStatus(std::optional<CallStatus> status);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_agentId;
    QString m_matchId;
    QString m_tool;
    std::optional<CallStatus> m_status;
};

} // namespace townhall::ui
