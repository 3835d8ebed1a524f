// SPDX-License-Identifier: MIT
#pragma once

// The tool-call inspector: a dock with the live, filterable list of
// every MCP call the host recorded, and a detail pane with the request and the
// response as highlighted JSON, the schema check, latency, HTTP status and
// error codes, the event the call is about, what the agent could see then,
// a curl script that repeats the call against this host, and for a model
// seat the model's private thoughts up to the call.

#include "host/recorder/toolcallrecord.h"
#include "ui/agenteyeview.h"
#include "ui/spectatorcontroller.h"

#include <QDockWidget>
#include <QSet>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace townhall::ui {

class JsonHighlighter;
class ToolCallFilterModel;
class ToolCallModel;

class InspectorDock final : public QDockWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InspectorDock)

public:
    enum Tab { OverviewTab, RequestTab, ResponseTab, AgentViewTab, CurlTab, ModelTab };

    explicit InspectorDock(SpectatorController *controller, QWidget *parent = nullptr);
    ~InspectorDock() override;

    ToolCallModel *calls() const { return m_calls; }
    ToolCallFilterModel *filter() const { return m_filter; }
    QTableView *table() const { return m_table; }
    QComboBox *agentBox() const { return m_agentBox; }
    QComboBox *matchBox() const { return m_matchBox; }
    QComboBox *toolBox() const { return m_toolBox; }
    QComboBox *statusBox() const { return m_statusBox; }
    QLineEdit *searchEdit() const { return m_search; }
    QTabWidget *tabs() const { return m_tabs; }
    QPlainTextEdit *requestView() const { return m_request; }
    QPlainTextEdit *responseView() const { return m_response; }
    QPlainTextEdit *curlView() const { return m_curl; }
    QPlainTextEdit *agentStateView() const { return m_agentState; }
    QPlainTextEdit *phaseBriefView() const { return m_brief; }
    /// The model tab: a model seat's model, telemetry and notes up to the call.
    QPlainTextEdit *modelView() const { return m_model; }
    QPushButton *copyCurlButton() const { return m_copyCurl; }
    JsonHighlighter *requestHighlighter() const { return m_requestHl; }
    /// The overview's value of `field` ("status", "latency", "http", "error",
    /// "schema", "event", "agent", "match", "tool", "time", "session").
    QString overviewValue(const QString &field) const;
    QString agentViewCaption() const;

    /// Where agents connect; the curl script targets it.
    void setMcpUrl(const QString &url);
    /// How the agent's-eye view is computed (the app passes
    /// host::agentViewProvider(); the widgets never reach into app/).
    void setAgentViewProvider(AgentViewProvider provider) { m_agentView = std::move(provider); }

    /// Matches whose calls the inspector hides: the app's own person plays a
    /// seat in them (spoilers: night actions, what other seats saw, models'
    /// thoughts). A line says so; empty: nothing hidden.
    void setLockedMatches(const QSet<QString> &matchIds);
    QSet<QString> lockedMatches() const { return m_locked; }
    /// The line that says which calls are hidden and why (hidden when none).
    QLabel *lockLine() const { return m_lockLine; }

    /// The record shown in the detail pane, if any.
    std::optional<ToolCallRecord> currentRecord() const;

    /// A bash script that opens an MCP session on `url` (initialize, then
    /// notifications/initialized, keeping the Mcp-Session-Id) and repeats
    /// `record`'s request in it, authenticated with $TOWNHALL_TOKEN.
    static QString curlCommand(const ToolCallRecord &record, const QString &url);

public Q_SLOTS:
    /// The recorder's batches (through HostLink).
    void addRecords(const townhall::ui::ToolCallRecords &records);
    /// Selects call `id` (clearing filters that hide it). False if unknown.
    bool selectCall(quint64 id);
    /// An event was clicked: shows `matchId`'s calls and selects the one
    /// nearest to event `seq`.
    void showCallsAround(const QString &matchId, quint64 seq);
    void copyCurl();

Q_SIGNALS:
    /// The user picked a call about event `seq` of `matchId` (the transcript
    /// highlights it).
    void eventLinked(const QString &matchId, quint64 seq);

private:
    QWidget *buildFilterBar();
    QWidget *buildDetail();
    void onRowsInserted();
    void onCurrentChanged();
    void applyFilters();
    void showDetail(int sourceRow);
    void showAgentView(const ToolCallRecord &r, const QString &producedEventId);
    void showModel(const ToolCallRecord &r);
    void clearDetail();
    void updateCount();
    void addChoice(QComboBox *box, const QString &key, const QString &label);
    void applyTheme();
    void sizeColumns();
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

    SpectatorController *m_controller;
    ToolCallModel *m_calls;
    ToolCallFilterModel *m_filter;
    QTableView *m_table;
    QComboBox *m_agentBox;
    QComboBox *m_matchBox;
    QComboBox *m_toolBox;
    QComboBox *m_statusBox;
    QLineEdit *m_search;
    QLabel *m_count;
    QTabWidget *m_tabs;
    QLabel *m_title;
    QWidget *m_overview;
    QPlainTextEdit *m_request;
    QPlainTextEdit *m_response;
    QLabel *m_agentCaption;
    QPlainTextEdit *m_agentState;
    QPlainTextEdit *m_brief;
    QPlainTextEdit *m_model;
    QLabel *m_curlNote;
    QPlainTextEdit *m_curl;
    QPushButton *m_copyCurl;
    QPushButton *m_showEvent;
    JsonHighlighter *m_requestHl;
    JsonHighlighter *m_responseHl;
    JsonHighlighter *m_stateHl;
    QHash<QString, QLabel *> m_fields;
    AgentViewProvider m_agentView;
    QString m_url;
    quint64 m_shownId = 0;
    QString m_linkedMatch;
    quint64 m_linkedSeq = 0;
    bool m_programmatic = false;
    QSet<QString> m_locked;
    QLabel *m_lockLine = nullptr;
};

} // namespace townhall::ui
