// SPDX-License-Identifier: MIT
#include "ui/agentspanel.h"

#include "ui/hostlink.h"
#include "ui/uitext.h"

#include <QApplication>
#include <QClipboard>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace townhall::ui {

namespace {

constexpr int AgentIdRole = Qt::UserRole + 1;

QString when(const QDateTime &t)
{
    return t.isValid() ? QLocale().toString(t, QLocale::ShortFormat) : QString();
}

QTreeWidget *makeTree(const QStringList &headers, const QString &accessibleName)
{
    auto *t = new QTreeWidget;
    t->setHeaderLabels(headers);
    t->setRootIsDecorated(false);
    t->setUniformRowHeights(true);
    t->setAccessibleName(accessibleName);
    t->header()->setStretchLastSection(true);
    return t;
}

} // namespace

AgentsPanel::AgentsPanel(HostLink *link, QWidget *parent)
    : QWidget(parent)
    , m_link(link)
    , m_name(new QLineEdit)
    , m_register(new QPushButton(tr("&Register")))
    , m_tokenCaption(new QLabel)
    , m_token(new QLineEdit)
    , m_copyToken(new QPushButton(tr("Copy &token")))
    , m_agents(
          makeTree({tr("Agent"), tr("Status"), tr("Sessions"), tr("Matches"), tr("Registered")},
                   tr("Registered agents")))
    , m_sessions(makeTree({tr("Transport"), tr("Client"), tr("Since"), tr("Last activity")},
                          tr("Live sessions of the selected agent")))
    , m_history(makeTree({tr("Match"), tr("Role"), tr("Result"), tr("Days")},
                         tr("Matches of the selected agent")))
    , m_configNote(new QLabel)
    , m_revoke(new QPushButton(tr("Re&voke…")))
    , m_problem(new QLabel)
    , m_refresh(new QTimer(this))
{
    auto *top = new QVBoxLayout(this);

    auto *reg = new QHBoxLayout;
    auto *nameLabel = new QLabel(tr("&Name:"));
    nameLabel->setBuddy(m_name);
    m_name->setMaxLength(32);
    m_name->setPlaceholderText(tr("e.g. my-agent"));
    m_name->setAccessibleName(tr("Name of the new agent"));
    m_register->setToolTip(tr("Register an agent and show its token once"));
    m_register->setEnabled(false);
    reg->addWidget(nameLabel);
    reg->addWidget(m_name, 1);
    reg->addWidget(m_register);
    top->addLayout(reg);

    auto *tokenRow = new QHBoxLayout;
    m_token->setReadOnly(true);
    m_token->setAccessibleName(tr("New agent's token"));
    m_copyToken->setToolTip(tr("Copy the token to the clipboard"));
    tokenRow->addWidget(m_token, 1);
    tokenRow->addWidget(m_copyToken);
    m_tokenCaption->setWordWrap(true);
    m_tokenCaption->setTextFormat(Qt::PlainText);
    top->addWidget(m_tokenCaption);
    top->addLayout(tokenRow);
    m_tokenCaption->hide();
    m_token->hide();
    m_copyToken->hide();

    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setForegroundRole(QPalette::Highlight);
    m_problem->hide();
    top->addWidget(m_problem);

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_agents);
    auto *details = new QWidget;
    auto *dv = new QVBoxLayout(details);
    dv->setContentsMargins(0, 0, 0, 0);
    auto *lists = new QHBoxLayout;
    lists->addWidget(m_sessions, 1);
    lists->addWidget(m_history, 1);
    dv->addLayout(lists, 1);

    auto *configs = new QGroupBox(tr("Client configurations"));
    auto *cv = new QVBoxLayout(configs);
    m_configNote->setWordWrap(true);
    m_configNote->setTextFormat(Qt::PlainText); // "<TOKEN>" is not a tag
    cv->addWidget(m_configNote);
    auto *buttons = new QHBoxLayout;
    const std::pair<const char *, QString> kinds[] = {
        {"http", tr("Copy URL and header")},
        {"claude", tr("Copy Claude Desktop entry")},
        {"mcp-json", tr("Copy mcp.json")},
        {"underscore", tr("Copy underscore-name mcp.json")},
        {"vscode", tr("Copy VS Code entry")},
        {"cursor", tr("Copy Cursor install link")},
    };
    const QString tips[] = {
        tr("The Streamable HTTP URL and its Authorization: Bearer header"),
        tr("An mcpServers entry that runs townhall mcp-stdio (tool names with underscores)"),
        tr("A generic mcp.json entry: URL and headers"),
        tr("The /mcp/underscore endpoint, for clients that reject dotted tool names"),
        tr("One line of JSON for code --add-mcp (adds the server to VS Code)"),
        tr("A cursor:// link: opening it asks Cursor to install the server"),
    };
    int i = 0;
    for (const auto &[format, text] : kinds) {
        auto *b = new QPushButton(text);
        b->setToolTip(tips[i++]);
        const QString f = QString::fromLatin1(format);
        connect(b, &QPushButton::clicked, this, [this, f] { copy(f); });
        m_copy[f] = b;
        buttons->addWidget(b);
    }
    cv->addLayout(buttons);
    dv->addWidget(configs);
    auto *revokeRow = new QHBoxLayout;
    revokeRow->addStretch(1);
    m_revoke->setToolTip(tr("Revoke the selected agent's token and end its sessions"));
    revokeRow->addWidget(m_revoke);
    dv->addLayout(revokeRow);
    split->addWidget(details);
    top->addWidget(split, 1);

    connect(m_name, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_register->setEnabled(!t.trimmed().isEmpty());
    });
    auto doRegister = [this] {
        if (m_name->text().trimmed().isEmpty())
            return;
        m_problem->hide();
        Q_EMIT m_link->registerAgentRequested(m_name->text().trimmed());
    };
    connect(m_register, &QPushButton::clicked, this, doRegister);
    connect(m_name, &QLineEdit::returnPressed, this, doRegister);
    connect(m_copyToken, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_token->text());
    });
    connect(m_agents, &QTreeWidget::itemSelectionChanged, this, &AgentsPanel::showDetails);
    connect(m_revoke, &QPushButton::clicked, this, &AgentsPanel::revokeSelected);
    connect(m_link, &HostLink::agentsChanged, this, &AgentsPanel::setAgents);
    connect(m_link, &HostLink::agentRegistered, this, &AgentsPanel::onRegistered);
    connect(m_link, &HostLink::agentProblem, this, &AgentsPanel::onProblem);
    // Sessions come and go: keep the list fresh while the panel is shown.
    m_refresh->setInterval(2000);
    connect(m_refresh, &QTimer::timeout, this, &AgentsPanel::refresh);
    showDetails();
}

AgentsPanel::~AgentsPanel() = default;

void AgentsPanel::refresh()
{
    Q_EMIT m_link->agentsRequested();
}

void AgentsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    m_refresh->start();
}

void AgentsPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_refresh->stop();
}

QPushButton *AgentsPanel::copyButton(const QString &format) const
{
    auto it = m_copy.find(format);
    return it == m_copy.end() ? nullptr : it->second;
}

QString AgentsPanel::selectedAgentId() const
{
    const auto items = m_agents->selectedItems();
    return items.isEmpty() ? QString() : items.front()->data(0, AgentIdRole).toString();
}

void AgentsPanel::selectAgent(const QString &agentId)
{
    for (int i = 0; i < m_agents->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_agents->topLevelItem(i);
        if (item->data(0, AgentIdRole).toString() == agentId) {
            m_agents->setCurrentItem(item);
            return;
        }
    }
}

const AgentInfo *AgentsPanel::selected() const
{
    const QString id = selectedAgentId();
    for (const AgentInfo &a : m_list)
        if (a.agentId == id)
            return &a;
    return nullptr;
}

QString AgentsPanel::configText(const QString &format) const
{
    const AgentInfo *a = selected();
    if (!a)
        return {};
    if (auto it = m_withToken.find(a->agentId); it != m_withToken.end())
        return it->second.value(format);
    return a->configs.value(format);
}

QString AgentsPanel::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void AgentsPanel::setAgents(const AgentList &agents)
{
    const QString keep = selectedAgentId();
    m_list = agents;
    m_agents->clear();
    for (const AgentInfo &a : m_list) {
        int won = 0;
        int lost = 0;
        for (const AgentMatch &m : a.matches) {
            won += m.outcome == AgentMatch::Outcome::Won;
            lost += m.outcome == AgentMatch::Outcome::Lost;
        }
        auto *item = new QTreeWidgetItem(
            QStringList{a.name,
                        a.isRevoked() ? tr("revoked %1").arg(when(a.revoked)) : tr("active"),
                        QString::number(a.sessions.size()),
                        tr("%1 played · %2 won · %3 lost").arg(a.matches.size()).arg(won).arg(lost),
                        when(a.created)});
        item->setData(0, AgentIdRole, a.agentId);
        item->setToolTip(0, a.agentId);
        if (a.isRevoked()) {
            QFont f = item->font(0);
            f.setStrikeOut(true);
            item->setFont(0, f);
        }
        m_agents->addTopLevelItem(item);
    }
    for (int c = 0; c < m_agents->columnCount() - 1; ++c)
        m_agents->resizeColumnToContents(c);
    if (!keep.isEmpty())
        selectAgent(keep);
    showDetails();
}

void AgentsPanel::onRegistered(const AgentInfo &agent)
{
    m_withToken[agent.agentId] = agent.configs;
    m_token->setText(agent.token);
    m_tokenCaption->setText(
        tr("Token of %1. It is shown only now and stored hashed: copy it, or copy a configuration "
           "below while this window is open.")
            .arg(agent.name));
    m_tokenCaption->show();
    m_token->show();
    m_copyToken->show();
    m_name->clear();
    m_problem->hide();
    AgentInfo listed = agent;
    listed.token.clear();
    m_list.append(listed);
    setAgents(m_list);
    selectAgent(agent.agentId);
}

void AgentsPanel::onProblem(const QString &message)
{
    m_problem->setText(message);
    m_problem->show();
}

void AgentsPanel::showDetails()
{
    const AgentInfo *a = selected();
    m_sessions->clear();
    m_history->clear();
    for (auto &[format, button] : m_copy)
        button->setEnabled(a && !a->isRevoked());
    m_revoke->setEnabled(a && !a->isRevoked());
    if (!a) {
        m_configNote->setText(tr("Select an agent to copy its client configurations."));
        return;
    }
    for (const AgentSession &s : a->sessions)
        m_sessions->addTopLevelItem(new QTreeWidgetItem(
            QStringList{s.transport, s.client, when(s.since), when(s.lastActivity)}));
    for (const AgentMatch &m : a->matches) {
        QString result;
        switch (m.outcome) {
        case AgentMatch::Outcome::Playing:
            result = tr("playing");
            break;
        case AgentMatch::Outcome::Won:
            result = tr("won");
            break;
        case AgentMatch::Outcome::Lost:
            result = tr("lost");
            break;
        }
        if (!m.survived)
            result = tr("%1, eliminated").arg(result);
        auto *item = new QTreeWidgetItem(QStringList{tr("Game #%1").arg(m.matchNumber),
                                                     UiText::roleName(m.role),
                                                     result,
                                                     QString::number(m.days)});
        item->setToolTip(0, m.matchId);
        m_history->addTopLevelItem(item);
    }
    if (a->isRevoked())
        m_configNote->setText(tr("%1 is revoked: its token no longer works.").arg(a->name));
    else if (m_withToken.count(a->agentId))
        m_configNote->setText(
            tr("These configurations hold %1's token: keep them private.").arg(a->name));
    else
        m_configNote->setText(
            tr("The token is stored hashed and cannot be shown again: replace <TOKEN> in "
               "the copied text with %1's token.")
                .arg(a->name));
}

void AgentsPanel::copy(const QString &format)
{
    const QString text = configText(format);
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void AgentsPanel::revokeSelected()
{
    const AgentInfo *a = selected();
    if (!a || a->isRevoked())
        return;
    if (m_confirmRevoke
        && QMessageBox::question(
               this,
               tr("Revoke %1?").arg(a->name),
               tr("%1's token stops working at once and its sessions end. This cannot be "
                  "undone; register the agent again for a new token.")
                   .arg(a->name))
               != QMessageBox::Yes)
        return;
    m_withToken.erase(a->agentId);
    Q_EMIT m_link->revokeAgentRequested(a->agentId);
}

} // namespace townhall::ui
