// SPDX-License-Identifier: MIT
#pragma once

/// \file agentspanel.h
/// The agents panel (for agent developers): register an agent (its token is
/// shown once, with a copy button; the host keeps only its hash), revoke one,
/// see each agent's live MCP sessions and the matches it played, and copy
/// ready-made client configurations. Everything goes through HostLink: the
/// store lives in the host thread.

#include "ui/agentinfo.h"

#include <QWidget>

#include <map>

class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;
class QTreeWidget;

namespace townhall::ui {

class HostLink;

class AgentsPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentsPanel)

public:
    explicit AgentsPanel(HostLink *link, QWidget *parent = nullptr);
    ~AgentsPanel() override;

    /// Ask the host for a revocation only after a confirmation box (default).
    void setConfirmRevoke(bool on) { m_confirmRevoke = on; }

    QLineEdit *nameEdit() const { return m_name; }
    QPushButton *registerButton() const { return m_register; }
    /// The token of the agent registered last (empty until then, cleared on the next list).
    QLineEdit *tokenEdit() const { return m_token; }
    QPushButton *copyTokenButton() const { return m_copyToken; }
    QTreeWidget *agentsView() const { return m_agents; }
    QTreeWidget *sessionsView() const { return m_sessions; }
    QTreeWidget *historyView() const { return m_history; }
    QPushButton *revokeButton() const { return m_revoke; }
    /// The copy button of a configuration ("http", "claude", "mcp-json", "underscore").
    QPushButton *copyButton(const QString &format) const;
    /// The agent selected in the list (empty when none).
    QString selectedAgentId() const;
    void selectAgent(const QString &agentId);
    /// The configuration the copy button of `format` copies for the selected agent.
    QString configText(const QString &format) const;
    QString problemText() const;
    const AgentList &agents() const { return m_list; }

public Q_SLOTS:
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void setAgents(const AgentList &agents);
    void onRegistered(const AgentInfo &agent);
    void onProblem(const QString &message);
    void showDetails();
    void copy(const QString &format);
    void revokeSelected();
    const AgentInfo *selected() const;

    HostLink *m_link;
    AgentList m_list;
    /// Configurations holding the token, for agents registered in this window.
    std::map<QString, QMap<QString, QString>> m_withToken;
    QLineEdit *m_name;
    QPushButton *m_register;
    QLabel *m_tokenCaption;
    QLineEdit *m_token;
    QPushButton *m_copyToken;
    QTreeWidget *m_agents;
    QTreeWidget *m_sessions;
    QTreeWidget *m_history;
    QLabel *m_configNote;
    std::map<QString, QPushButton *> m_copy;
    QPushButton *m_revoke;
    QLabel *m_problem;
    QTimer *m_refresh;
    bool m_confirmRevoke = true;
};

} // namespace townhall::ui
