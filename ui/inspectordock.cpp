// SPDX-License-Identifier: MIT
#include "ui/inspectordock.h"

#include "ui/calllinks.h"
#include "ui/jsonhighlighter.h"
#include "ui/replicaset.h"
#include "ui/theme.h"
#include "ui/toolcallmodel.h"
#include "ui/uitext.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace townhall::ui {

namespace {

const QLatin1String GetState("et.werewolf.match.get_state");

QPlainTextEdit *codeView(QWidget *parent, const QString &accessibleName)
{
    auto *e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setLineWrapMode(QPlainTextEdit::NoWrap);
    e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    e->setAccessibleName(accessibleName);
    e->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return e;
}

QString shellQuote(const QString &s)
{
    QString q = s;
    q.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

/// The tool result's text content decoded, when it holds JSON and the
/// response carries no structuredContent (refusals: the error envelope).
QByteArray decodedTextContent(const QByteArray &response)
{
    const QJsonObject result
        = QJsonDocument::fromJson(response).object().value(QLatin1String("result")).toObject();
    if (result.isEmpty() || result.contains(QLatin1String("structuredContent")))
        return {};
    const QJsonArray content = result.value(QLatin1String("content")).toArray();
    if (content.isEmpty())
        return {};
    const QByteArray text
        = content.first().toObject().value(QLatin1String("text")).toString().toUtf8();
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    return doc.isNull() ? QByteArray() : text;
}

} // namespace

InspectorDock::InspectorDock(SpectatorController *controller, QWidget *parent)
    : QDockWidget(parent)
    , m_controller(controller)
    , m_calls(new ToolCallModel(this))
    , m_filter(new ToolCallFilterModel(this))
    , m_table(new QTableView)
{
    setObjectName(QStringLiteral("inspector"));
    setWindowTitle(tr("Tool-call inspector"));
    setAccessibleName(tr("Tool-call inspector"));
    // Each record holds its request and response: bounded well below the recorder's ring.
    m_calls->setCapacity(20000);
    // New notes of a model seat: the shown call's model tab follows.
    connect(m_controller->replicas()->modelSeats(),
            &ModelSeatBook::changed,
            this,
            [this](const QString &matchId) {
                if (const auto r = currentRecord(); r && r->matchId == matchId)
                    showModel(*r);
            });
    m_filter->setSourceModel(m_calls);

    m_table->setModel(m_filter);
    m_table->setAccessibleName(tr("Recorded calls"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Tab leaves the table (arrows move in it): otherwise a keyboard user
    // never gets past the calls to the rest of the window.
    m_table->setTabKeyNavigation(false);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(ToolCallModel::ToolColumn,
                                                      QHeaderView::Stretch);
    auto *left = new QWidget;
    auto *lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 0, 0, 0);
    lv->setSpacing(4);
    lv->addWidget(buildFilterBar());
    m_lockLine = new QLabel;
    m_lockLine->setWordWrap(true);
    m_lockLine->setAccessibleName(tr("Hidden calls"));
    m_lockLine->hide();
    lv->addWidget(m_lockLine);
    lv->addWidget(m_table, 1);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(buildDetail());
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto *body = new QWidget;
    auto *bv = new QVBoxLayout(body);
    bv->setContentsMargins(8, 4, 8, 6);
    bv->addWidget(split);
    setWidget(body);

    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &InspectorDock::onRowsInserted);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &InspectorDock::updateCount);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &InspectorDock::updateCount);
    connect(m_table->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            &InspectorDock::onCurrentChanged);
    applyTheme();
    updateCount();
}

InspectorDock::~InspectorDock() = default;

QWidget *InspectorDock::buildFilterBar()
{
    auto *bar = new QWidget;
    auto *h = new QHBoxLayout(bar);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(6);
    auto combo = [bar](const QString &all, const QString &name) {
        auto *c = new QComboBox(bar);
        c->addItem(all, QString());
        c->setAccessibleName(name);
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
        return c;
    };
    m_agentBox = combo(tr("All agents"), tr("Filter by agent"));
    m_matchBox = combo(tr("All matches"), tr("Filter by match"));
    m_toolBox = combo(tr("All tools"), tr("Filter by tool"));
    m_statusBox = new QComboBox(bar);
    m_statusBox->setAccessibleName(tr("Filter by status"));
    m_statusBox->addItem(tr("Any status"), -1);
    for (CallStatus s : {CallStatus::Ok,
                         CallStatus::ToolError,
                         CallStatus::ProtocolError,
                         CallStatus::RateLimited,
                         CallStatus::NoReply})
        m_statusBox->addItem(ToolCallModel::statusText(s), int(s));
    m_search = new QLineEdit(bar);
    m_search->setPlaceholderText(tr("Search calls…"));
    m_search->setAccessibleName(tr("Search the calls' agents, tools, errors and JSON"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(m_search->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 12);
    m_count = new QLabel(bar);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    for (QComboBox *c : {m_agentBox, m_matchBox, m_toolBox, m_statusBox}) {
        connect(c, &QComboBox::currentIndexChanged, this, &InspectorDock::applyFilters);
        h->addWidget(c);
    }
    h->addWidget(m_search, 1);
    h->addWidget(m_count);
    connect(m_search, &QLineEdit::textChanged, this, &InspectorDock::applyFilters);
    return bar;
}

QWidget *InspectorDock::buildDetail()
{
    auto *w = new QWidget;
    auto *v = new QVBoxLayout(w);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);
    m_title = new QLabel(tr("Select a call to see its request, response and context."), w);
    QFont tf = m_title->font();
    tf.setBold(true);
    m_title->setFont(tf);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_title);

    m_tabs = new QTabWidget(w);
    m_tabs->setDocumentMode(true);

    // Overview
    m_overview = new QWidget;
    auto *form = new QFormLayout(m_overview);
    form->setLabelAlignment(Qt::AlignRight);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setVerticalSpacing(3);
    auto field = [this, form](const QString &key, const QString &caption) {
        auto *value = new QLabel(m_overview);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(true);
        auto *label = new QLabel(caption, m_overview);
        label->setForegroundRole(QPalette::PlaceholderText);
        label->setBuddy(value);
        form->addRow(label, value);
        m_fields.insert(key, value);
    };
    field(QStringLiteral("time"), tr("Time"));
    field(QStringLiteral("agent"), tr("Agent"));
    field(QStringLiteral("session"), tr("Session"));
    field(QStringLiteral("match"), tr("Match"));
    field(QStringLiteral("tool"), tr("Method"));
    field(QStringLiteral("status"), tr("Status"));
    field(QStringLiteral("error"), tr("Error"));
    field(QStringLiteral("http"), tr("HTTP status"));
    field(QStringLiteral("latency"), tr("Latency"));
    field(QStringLiteral("schema"), tr("Schema check"));
    field(QStringLiteral("event"), tr("Event"));
    m_showEvent = new QPushButton(tr("Show in transcript"), m_overview);
    m_showEvent->setToolTip(tr("Select the match and the event this call is about"));
    m_showEvent->setEnabled(false);
    connect(m_showEvent, &QPushButton::clicked, this, [this] {
        if (!m_linkedMatch.isEmpty() && m_linkedSeq > 0)
            Q_EMIT eventLinked(m_linkedMatch, m_linkedSeq);
    });
    form->addRow(QString(), m_showEvent);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_overview);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(scroll, tr("Overview"));

    // Request / response
    m_request = codeView(w, tr("Request JSON"));
    m_response = codeView(w, tr("Response JSON"));
    m_requestHl = new JsonHighlighter(m_request->document());
    m_responseHl = new JsonHighlighter(m_response->document());
    m_tabs->addTab(m_request, tr("Request"));
    m_tabs->addTab(m_response, tr("Response"));

    // Agent's-eye view
    auto *agent = new QWidget;
    auto *av = new QVBoxLayout(agent);
    av->setContentsMargins(0, 4, 0, 0);
    m_agentCaption = new QLabel(agent);
    m_agentCaption->setWordWrap(true);
    m_agentCaption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    av->addWidget(m_agentCaption);
    auto *agentSplit = new QSplitter(Qt::Horizontal, agent);
    m_agentState = codeView(agentSplit, tr("State the agent could read (get_state)"));
    m_stateHl = new JsonHighlighter(m_agentState->document());
    m_brief = codeView(agentSplit, tr("Phase brief the agent was given"));
    m_brief->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_brief->setFont(font());
    agentSplit->addWidget(m_agentState);
    agentSplit->addWidget(m_brief);
    av->addWidget(agentSplit, 1);
    m_tabs->addTab(agent, tr("Agent's view"));

    // curl
    auto *curl = new QWidget;
    auto *cv = new QVBoxLayout(curl);
    cv->setContentsMargins(0, 4, 0, 0);
    m_curlNote = new QLabel(
        tr("Repeats this call against this host with curl (bash). A call needs an MCP session, so "
           "the script first sends initialize, keeps the Mcp-Session-Id the host returns, confirms "
           "with notifications/initialized, then sends the recorded request in that session. It "
           "acts as the agent whose token is in $TOWNHALL_TOKEN (a guest without one). An action "
           "repeated later may be refused (another phase, already acted); with its "
           "idempotencyKey it returns the stored result."),
        curl);
    m_curlNote->setWordWrap(true);
    cv->addWidget(m_curlNote);
    m_curl = codeView(curl, tr("curl command"));
    cv->addWidget(m_curl, 1);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    m_copyCurl = new QPushButton(tr("Copy"), curl);
    m_copyCurl->setAccessibleName(tr("Copy the curl command"));
    m_copyCurl->setEnabled(false);
    connect(m_copyCurl, &QPushButton::clicked, this, &InspectorDock::copyCurl);
    row->addWidget(m_copyCurl);
    cv->addLayout(row);
    m_tabs->addTab(curl, tr("curl"));

    // A model seat's model: what it cost and what it thought before this call.
    m_model = codeView(w, tr("The model seat's model and its private notes"));
    m_model->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_model->setFont(font());
    m_tabs->addTab(m_model, tr("Model"));

    v->addWidget(m_tabs, 1);
    return w;
}

void InspectorDock::setMcpUrl(const QString &url)
{
    m_url = url;
    if (const auto r = currentRecord())
        m_curl->setPlainText(curlCommand(*r, m_url));
}

void InspectorDock::addChoice(QComboBox *box, const QString &key, const QString &label)
{
    if (key.isEmpty() || box->findData(key) >= 0)
        return;
    box->addItem(label, key);
}

void InspectorDock::addRecords(const ToolCallRecords &records)
{
    for (const ToolCallRecord &r : records) {
        addChoice(m_agentBox,
                  r.agentId,
                  r.agentName.isEmpty() || r.agentName == r.agentId
                      ? r.agentId
                      : tr("%1 (%2)").arg(r.agentName, r.agentId));
        addChoice(m_matchBox, r.matchId, r.matchId);
        addChoice(m_toolBox, r.tool, r.tool);
    }
    m_calls->append(records);
}

void InspectorDock::onRowsInserted()
{
    // Follows new calls while the list is scrolled to its end.
    const QScrollBar *sb = m_table->verticalScrollBar();
    if (sb->value() >= sb->maximum() - 2 * m_table->verticalHeader()->defaultSectionSize())
        QTimer::singleShot(0, m_table, [this] { m_table->scrollToBottom(); });
    updateCount();
}

void InspectorDock::updateCount()
{
    m_count->setText(tr("%1 of %2 calls").arg(m_filter->rowCount()).arg(m_calls->rowCount()));
}

void InspectorDock::applyFilters()
{
    m_filter->setAgentId(m_agentBox->currentData().toString());
    m_filter->setMatchId(m_matchBox->currentData().toString());
    m_filter->setTool(m_toolBox->currentData().toString());
    const int s = m_statusBox->currentData().toInt();
    m_filter->setStatus(s < 0 ? std::nullopt : std::optional<CallStatus>(CallStatus(s)));
    m_filter->setText(m_search->text());
    updateCount();
    // Keeps the shown call selected if it still passes.
    if (m_shownId) {
        const int src = m_calls->rowForId(m_shownId);
        const QModelIndex i
            = src < 0 ? QModelIndex() : m_filter->mapFromSource(m_calls->index(src, 0));
        if (i.isValid()) {
            m_programmatic = true;
            m_table->setCurrentIndex(i);
            m_programmatic = false;
            m_table->scrollTo(i);
        }
    }
}

void InspectorDock::setLockedMatches(const QSet<QString> &matchIds)
{
    m_locked = matchIds;
    m_filter->setHiddenMatches(matchIds);
    updateCount();
    QStringList ids(matchIds.begin(), matchIds.end());
    ids.sort();
    m_lockLine->setText(ids.isEmpty()
                            ? QString()
                            : tr("The calls of %1 are hidden: you play a seat there, and they hold "
                                 "night actions, what other seats saw and the models' thoughts.")
                                  .arg(ids.join(QStringLiteral(", "))));
    m_lockLine->setVisible(!ids.isEmpty());
    if (const auto r = currentRecord(); r && matchIds.contains(r->matchId))
        clearDetail();
}

void InspectorDock::clearDetail()
{
    m_shownId = 0;
    m_linkedMatch.clear();
    m_linkedSeq = 0;
    m_title->clear();
    for (QLabel *field : std::as_const(m_fields))
        field->setText(tr("—"));
    for (QPlainTextEdit *view : {m_request, m_response, m_agentState, m_brief, m_model, m_curl})
        view->clear();
    m_agentCaption->clear();
}

std::optional<ToolCallRecord> InspectorDock::currentRecord() const
{
    const int src = m_shownId ? m_calls->rowForId(m_shownId) : -1;
    if (src < 0)
        return std::nullopt;
    return m_calls->record(src);
}

void InspectorDock::onCurrentChanged()
{
    const QModelIndex i = m_filter->mapToSource(m_table->currentIndex());
    if (!i.isValid())
        return;
    showDetail(i.row());
    if (!m_programmatic && !m_linkedMatch.isEmpty() && m_linkedSeq > 0)
        Q_EMIT eventLinked(m_linkedMatch, m_linkedSeq);
}

bool InspectorDock::selectCall(quint64 id)
{
    const int src = m_calls->rowForId(id);
    if (src < 0)
        return false;
    QModelIndex i = m_filter->mapFromSource(m_calls->index(src, 0));
    if (!i.isValid()) {
        for (QComboBox *c : {m_agentBox, m_matchBox, m_toolBox, m_statusBox})
            c->setCurrentIndex(0);
        m_search->clear();
        i = m_filter->mapFromSource(m_calls->index(src, 0));
    }
    m_table->setCurrentIndex(i);
    m_table->scrollTo(i, QAbstractItemView::PositionAtCenter);
    return i.isValid();
}

void InspectorDock::showCallsAround(const QString &matchId, quint64 seq)
{
    const engine::Match *m = m_controller->replicas()->match(matchId);
    if (!m || seq == 0 || seq > m->log().size())
        return;
    addChoice(m_matchBox, matchId, matchId);
    m_matchBox->setCurrentIndex(m_matchBox->findData(matchId));
    const int row = nearestCallRow(*m_filter, m->log()[std::size_t(seq - 1)]);
    if (row < 0)
        return;
    const QModelIndex i = m_filter->index(row, 0);
    m_programmatic = true;
    m_table->setCurrentIndex(i);
    m_programmatic = false;
    m_table->scrollTo(i, QAbstractItemView::PositionAtCenter);
}

void InspectorDock::copyCurl()
{
    if (m_curl->toPlainText().isEmpty())
        return;
    QApplication::clipboard()->setText(m_curl->toPlainText());
}

QString InspectorDock::overviewValue(const QString &field) const
{
    const QLabel *l = m_fields.value(field);
    return l ? l->text() : QString();
}

QString InspectorDock::agentViewCaption() const
{
    return m_agentCaption->text();
}

void InspectorDock::showDetail(int sourceRow)
{
    const ToolCallRecord &r = m_calls->record(sourceRow);
    if (m_locked.contains(r.matchId)) {
        clearDetail();
        return;
    }
    const QString produced = m_calls->producedEventId(sourceRow);
    m_shownId = r.id;
    const QString what = r.tool.isEmpty() ? r.method : r.tool;
    QString status = ToolCallModel::statusText(r.status);
    if (!r.toolErrorCode.isEmpty())
        status += QStringLiteral(" · ") + r.toolErrorCode;
    m_title->setText(tr("#%1  %2 — %3").arg(r.id).arg(what, status));

    auto set = [this](const char *key, const QString &text) {
        m_fields.value(QLatin1String(key))->setText(text.isEmpty() ? tr("—") : text);
    };
    set("time",
        QDateTime::fromMSecsSinceEpoch(r.atUs / 1000)
            .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")));
    set("agent",
        r.agentName.isEmpty() || r.agentName == r.agentId
            ? r.agentId
            : tr("%1 (%2)").arg(r.agentName, r.agentId));
    set("session",
        r.sessionId.isEmpty() ? r.transport : tr("%1 · %2").arg(r.sessionId, r.transport));
    set("match", r.matchId);
    set("tool", r.tool.isEmpty() ? r.method : tr("%1 · %2").arg(r.method, r.tool));
    set("status", status);
    QStringList errors;
    if (!r.toolErrorCode.isEmpty())
        errors << tr("tool error %1").arg(r.toolErrorCode);
    if (r.rpcErrorCode != 0)
        errors << tr("JSON-RPC error %1").arg(r.rpcErrorCode);
    set("error", errors.join(QStringLiteral(" · ")));
    set("http",
        r.httpStatus > 0
            ? QString::number(r.httpStatus)
            : (r.transport == QLatin1String("in-process") ? tr("none (in-process)") : QString()));
    set("latency", tr("%1 ms").arg(double(r.latencyUs) / 1000.0, 0, 'f', 2));
    set("schema", r.schemaCheck.isEmpty() ? tr("not checked (not a tool call)") : r.schemaCheck);

    QPalette pal = m_fields.value(QStringLiteral("status"))->palette();
    pal.setColor(QPalette::WindowText,
                 r.status == CallStatus::Ok ? palette().color(QPalette::WindowText)
                                            : Theme::danger());
    m_fields.value(QStringLiteral("status"))->setPalette(pal);
    QPalette spal = pal;
    spal.setColor(QPalette::WindowText,
                  r.schemaCheck.isEmpty() || r.schemaCheck == QLatin1String("ok")
                      ? palette().color(QPalette::WindowText)
                      : Theme::danger());
    m_fields.value(QStringLiteral("schema"))->setPalette(spal);

    // The event the call is about.
    m_linkedMatch.clear();
    m_linkedSeq = 0;
    const QString matchId = r.matchId.isEmpty() ? QString() : r.matchId;
    const engine::Match *m = matchId.isEmpty() ? nullptr : m_controller->replicas()->match(matchId);
    if (m) {
        if (const auto link = eventForCall(*m, r, produced)) {
            m_linkedMatch = matchId;
            m_linkedSeq = link->seq;
            const engine::Event &e = m->log()[std::size_t(link->seq - 1)];
            set("event",
                (link->produced ? tr("%1 (%2), produced by this call")
                                : tr("%1 (%2), the last event before the answer"))
                    .arg(qs(e.eventId), qs(engine::toString(e.type))));
        } else {
            set("event", tr("none yet"));
        }
    } else {
        set("event", produced);
    }
    m_showEvent->setEnabled(m_linkedSeq > 0);

    // Request and response.
    m_request->setPlainText(prettyJson(r.requestJson));
    QString response = prettyJson(r.responseJson);
    if (const QByteArray decoded = decodedTextContent(r.responseJson); !decoded.isEmpty())
        response += QLatin1Char('\n') + tr("// result.content[0].text, decoded:")
                    + QLatin1Char('\n') + prettyJson(decoded);
    m_response->setPlainText(response);
    m_curl->setPlainText(curlCommand(r, m_url));
    m_copyCurl->setEnabled(true);
    showAgentView(r, produced);
    showModel(r);
}

void InspectorDock::showModel(const ToolCallRecord &r)
{
    const engine::Match *m
        = r.matchId.isEmpty() ? nullptr : m_controller->replicas()->match(r.matchId);
    const engine::Player *p = m ? playerForAgent(*m, r.agentId) : nullptr;
    const ModelSeatReport *seat
        = p ? m_controller->replicas()->modelSeats()->seat(r.matchId, qs(p->playerId)) : nullptr;
    if (!seat) {
        m_model->setPlainText(tr("%1 is not a model seat of this match: no model played this call.")
                                  .arg(r.agentName.isEmpty() ? r.agentId : r.agentName));
        return;
    }
    QStringList lines;
    lines << tr("%1 is played by %2 (provider %3).")
                 .arg(seat->displayName, seat->model, seat->provider);
    lines << tr("So far: %n model call(s), tokens in %1, out %2%3; latency p50 %4 ms, p95 %5 ms; "
                "%6 stand-in turn(s)%7.",
                nullptr,
                seat->calls)
                 .arg(seat->inputTokens)
                 .arg(seat->outputTokens)
                 .arg(seat->cost >= 0 ? tr(", cost %1").arg(seat->cost, 0, 'f', 4) : QString())
                 .arg(seat->latencyP50Ms)
                 .arg(seat->latencyP95Ms)
                 .arg(seat->standInTurns)
                 .arg(seat->handedOver ? tr("; the built-in bot has taken the seat") : QString());
    lines << QString();
    // The notes up to this call's answer: the last thought is what led to it.
    const qint64 answeredMs = (r.atUs + r.latencyUs) / 1000;
    int shown = 0;
    for (const ModelNote &n : seat->notes) {
        if (n.atMs > answeredMs)
            break;
        const QString kind = n.kind == ModelNote::Kind::Thought   ? tr("thought")
                             : n.kind == ModelNote::Kind::StandIn ? tr("stand-in")
                                                                  : tr("hand-over");
        lines << tr("[%1 · day %2 · %3] %4: %5")
                     .arg(QDateTime::fromMSecsSinceEpoch(n.atMs).toString(
                         QStringLiteral("HH:mm:ss")))
                     .arg(n.day)
                     .arg(UiText::phaseName(engine::Phase(n.phase)), kind, n.text);
        ++shown;
    }
    if (shown == 0)
        lines << tr("No notes before this call.");
    m_model->setPlainText(lines.join(QLatin1Char('\n')));
    m_model->moveCursor(QTextCursor::End);
}

void InspectorDock::showAgentView(const ToolCallRecord &r, const QString &producedEventId)
{
    m_agentState->clear();
    m_brief->clear();
    const engine::Match *m
        = r.matchId.isEmpty() ? nullptr : m_controller->replicas()->match(r.matchId);
    const engine::Player *p = m ? playerForAgent(*m, r.agentId) : nullptr;
    if (!m || !p) {
        m_agentCaption->setText(
            m ? tr("%1 does not play in %2, so there is no agent's-eye view.")
                    .arg(r.agentName.isEmpty() ? r.agentId : r.agentName, r.matchId)
              : tr("This call names no match the window knows, so there is no agent's-eye view."));
        return;
    }
    const std::uint64_t seq = viewSeqForCall(*m, r, producedEventId);
    if (seq == 0 || !m_agentView) {
        m_agentCaption->setText(tr("No agent's-eye view for this call."));
        return;
    }
    engine::StateOptions options;
    options.includeRecentPublicMessages = true;
    const bool isGetState = r.tool == GetState;
    if (isGetState) {
        // Exactly the arguments the agent passed.
        const QJsonObject args = QJsonDocument::fromJson(r.requestJson)
                                     .object()
                                     .value(QLatin1String("params"))
                                     .toObject()
                                     .value(QLatin1String("arguments"))
                                     .toObject();
        options.includeTranscriptSummary
            = args.value(QLatin1String("includeTranscriptSummary")).toBool(true);
        options.includeRecentPublicMessages
            = args.value(QLatin1String("includeRecentPublicMessages")).toBool(false);
        options.recentPublicMessagesLimit
            = args.value(QLatin1String("recentPublicMessagesLimit")).toInt(20);
    }
    const AgentEyeView v = m_agentView(m->log(), p->playerId, seq, options);
    if (!v.error.isEmpty()) {
        m_agentCaption->setText(tr("No agent's-eye view: %1").arg(v.error));
        return;
    }
    const engine::Event &e = m->log()[std::size_t(seq - 1)];
    m_agentCaption->setText(
        (producedEventId.isEmpty()
             ? tr("What %1 (%2) could see after event %3 (%4): the state get_state returned%5 and "
                  "the phase brief of that moment.")
             : tr("What %1 (%2) could see when it made this call, after event %3 (%4): the state "
                  "get_state returned%5 and the phase brief of that moment."))
            .arg(qs(p->displayName),
                 qs(p->playerId),
                 QString::number(seq),
                 qs(engine::toString(e.type)),
                 isGetState ? QString() : tr(" with recent public messages")));
    m_agentState->setPlainText(prettyJson(v.stateJson));
    m_brief->setPlainText(v.phaseBrief);
}

QString InspectorDock::curlCommand(const ToolCallRecord &r, const QString &url)
{
    const QString target = url.isEmpty() ? QStringLiteral("http://127.0.0.1:8787/mcp") : url;
    const QString version = QStringLiteral("2025-06-18");
    const QString init
        = QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\","
                         "\"params\":{\"protocolVersion\":\"%1\",\"capabilities\":{},"
                         "\"clientInfo\":{\"name\":\"townhall-curl\",\"version\":\"1.0\"}}}")
              .arg(version);
    QStringList lines;
    lines << QStringLiteral("# Repeats call #%1 (%2) against this host. Set TOWNHALL_TOKEN first.")
                 .arg(r.id)
                 .arg(r.tool.isEmpty() ? r.method : r.tool);
    lines << QStringLiteral("URL=%1").arg(shellQuote(target));
    lines << QStringLiteral("H=(-H 'Content-Type: application/json' -H 'Accept: application/json, "
                            "text/event-stream' -H \"Authorization: Bearer $TOWNHALL_TOKEN\")");
    const QString request = QString::fromUtf8(r.requestJson);
    if (r.method == QLatin1String("initialize")) {
        lines << QStringLiteral("curl -sS -i \"${H[@]}\" \"$URL\" -d %1").arg(shellQuote(request));
        lines << QStringLiteral("echo");
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    lines << QStringLiteral("# 1. Open a session and keep its Mcp-Session-Id.");
    lines << QStringLiteral("SID=$(curl -sS -D - -o /dev/null \"${H[@]}\" \"$URL\" -d %1 \\")
                 .arg(shellQuote(init));
    lines << QStringLiteral(
        "  | tr -d '\\r' | awk -F': ' 'tolower($1)==\"mcp-session-id\" {print $2}')");
    lines << QStringLiteral("H+=(-H \"Mcp-Session-Id: $SID\" -H 'MCP-Protocol-Version: %1')")
                 .arg(version);
    lines << QStringLiteral("curl -sS \"${H[@]}\" \"$URL\" -d "
                            "'{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}'");
    lines << QStringLiteral("# 2. The recorded request.");
    lines << QStringLiteral("curl -sS \"${H[@]}\" \"$URL\" -d %1").arg(shellQuote(request));
    lines << QStringLiteral("echo");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void InspectorDock::sizeColumns()
{
    // Fixed widths from sample texts in the table's font (known once it is
    // shown): sizing to contents would measure every row.
    const QFontMetrics fm = m_table->fontMetrics();
    auto width = [&fm](const char *sample) {
        return fm.horizontalAdvance(QString::fromLatin1(sample)) + 18;
    };
    m_table->setColumnWidth(ToolCallModel::TimeColumn, width("00:00:00.000"));
    m_table->setColumnWidth(ToolCallModel::AgentColumn, width("Agent name 00"));
    m_table->setColumnWidth(ToolCallModel::MatchColumn, width("match-000"));
    m_table->setColumnWidth(ToolCallModel::StatusColumn, width("tool error (NOT_YOUR_TURN)"));
    m_table->setColumnWidth(ToolCallModel::LatencyColumn, width("0000.00 ms"));
    m_table->verticalHeader()->setDefaultSectionSize(fm.height() + 6);
}

void InspectorDock::showEvent(QShowEvent *event)
{
    QDockWidget::showEvent(event);
    sizeColumns();
}

void InspectorDock::applyTheme()
{
    const bool dark = Theme::isDark(palette());
    for (JsonHighlighter *h : {m_requestHl, m_responseHl, m_stateHl})
        h->setDark(dark);
}

void InspectorDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

} // namespace townhall::ui
