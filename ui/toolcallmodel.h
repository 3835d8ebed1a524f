// SPDX-License-Identifier: MIT
#pragma once

// The inspector's list of recorded MCP calls, fed by Recorder::uiRecordsAdded,
// and the filter (agent, match, tool, status, free text) in front of it.

#include "host/recorder/toolcallrecord.h"

#include <QAbstractTableModel>
#include <QSet>
#include <QSortFilterProxyModel>

#include <deque>
#include <optional>
#include <vector>

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
        AtUsRole,    ///< qint64 µs since the epoch (request time)
        EventIdRole, ///< the event a successful action produced ("<match>:<seq>"), or empty
        AgentNameRole,
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

    const ToolCallRecord &record(int row) const { return m_rows[std::size_t(row)].record; }
    /// The event a successful action call produced (the `eventId` of its result), or empty.
    const QString &producedEventId(int row) const { return m_rows[std::size_t(row)].eventId; }
    /// The row of record `id`, or -1 (a binary search: ids increase).
    int rowForId(quint64 id) const;
    /// Removes every row. Records already seen stay ignored if they come again.
    void clear();
    /// The largest record id appended so far (0: none).
    quint64 lastId() const { return m_lastId; }

    /// The handler of the recorder's batches. Records whose id is not larger
    /// than lastId() are ignored (a backlog that overlaps a live batch).
    /// Records with id 0 are stored calls of an earlier run (a match opened
    /// from the database): they go before the live ones, in time order, and
    /// a match's stored calls are taken once.
    void append(const townhall::ui::ToolCallRecords &records);

    static QString statusText(CallStatus status);
    /// The `eventId` a tools/call response names at the top of its result
    /// (structuredContent, else the JSON text content); empty for reads and errors.
    static QString producedEventId(const ToolCallRecord &record);

private:
    struct Row
    {
        ToolCallRecord record;
        QString eventId;
    };
    void trim();
    void appendStored(const std::vector<const ToolCallRecord *> &records);

    std::deque<Row> m_rows;
    int m_storedRows = 0;          ///< the first rows: stored calls (id 0), by time
    QSet<QString> m_storedMatches; ///< matches whose stored calls were taken
    int m_capacity = 50000;
    quint64 m_lastId = 0;
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
    /// Case-insensitive text found in the agent, tool, error code, request or
    /// response; empty matches anything.
    void setText(const QString &text);
    /// Calls of these matches never pass (a match the app's own person plays).
    void setHiddenMatches(const QSet<QString> &matchIds);

    QString agentId() const { return m_agentId; }
    QString matchId() const { return m_matchId; }
    QString tool() const { return m_tool; }
    std::optional<CallStatus> status() const { return m_status; }
    QString text() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_agentId;
    QString m_matchId;
    QString m_tool;
    std::optional<CallStatus> m_status;
    QString m_text;
    QSet<QString> m_hiddenMatches;
};

} // namespace townhall::ui
