// SPDX-License-Identifier: MIT
#pragma once

/// \file agentinfo.h
/// What the agents panel shows of one registered agent, as the host sends it
/// through HostLink (plain values, safe to pass between threads).

#include "engine/types.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>

namespace townhall::ui {

/// One live MCP session of an agent.
struct AgentSession
{
    QString sessionId;
    QString transport; ///< "streamable-http", "legacy-sse"
    QString client;    ///< clientInfo name and version
    QDateTime since;   ///< when the host first saw it
    QDateTime lastActivity;
};

/// One match the agent played (or plays).
struct AgentMatch
{
    enum class Outcome { Playing, Won, Lost };
    QString matchId;
    int matchNumber = 0;
    engine::Role role = engine::Role::Villager;
    Outcome outcome = Outcome::Playing;
    bool survived = true;
    int days = 0;
};

struct AgentInfo
{
    QString agentId;
    QString name;
    QDateTime created;
    QDateTime revoked;            ///< null while the agent is active
    QList<AgentSession> sessions; ///< live sessions (none once revoked)
    QList<AgentMatch> matches;    ///< newest first (the matches the host holds)
    /// Client configurations by format name ("http", "claude", "mcp-json",
    /// "underscore"). Carry the token only right after registration; a
    /// placeholder otherwise (the token is stored hashed).
    QMap<QString, QString> configs;
    QString token; ///< only in agentRegistered: the new token, shown once

    bool isRevoked() const { return revoked.isValid(); }
};

using AgentList = QList<AgentInfo>;

} // namespace townhall::ui

Q_DECLARE_METATYPE(townhall::ui::AgentInfo)
Q_DECLARE_METATYPE(townhall::ui::AgentList)
