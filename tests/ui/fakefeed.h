// SPDX-License-Identifier: MIT
#pragma once

// A scripted spectator feed for the ui tests (docs/spectator-feed.md): a
// WebSocket server that answers each connection as the test says, and a
// played match with its public events as the feed carries them.

#include "fixtures.h"

#include "engine/match.h"

#include <QDateTime>
#include <QWebSocket>
#include <QWebSocketServer>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace townhall::ui::test {

using engine::json;

inline constexpr int Patience = 20'000; // generous: the machine is shared

/// A full match through day 1's vote (with talk, wolf chat and a night), and
/// its public events as the feed carries them.
struct Played
{
    std::vector<engine::Event> full;
    std::vector<engine::Event> pub;

    explicit Played(const std::string &matchId = "match-1", bool stopInVote = false)
    {
        Manual m;
        m.readyAll();
        m.night(m.nonWolves()[0]);
        m.skipTo(engine::Phase::DayDiscussion);
        const std::string talker = m.nonWolves()[0];
        m.run({engine::Command::Kind::Say,
               talker,
               {},
               "I saw nothing, but Hugo was quiet",
               engine::MessageKind::Discussion,
               {},
               {}});
        m.skipTo(engine::Phase::DayVote);
        const std::string wolf = m.withRole(engine::Role::Werewolf);
        int voters = 0;
        for (const engine::Player &p : m.match.state().players)
            if (p.alive && (!stopInVote || ++voters <= 3))
                m.run({engine::Command::Kind::Vote,
                       p.playerId,
                       p.playerId == wolf ? m.nonWolves()[1] : wolf,
                       {},
                       {},
                       {},
                       {}});
        if (!stopInVote)
            m.skipTo(engine::Phase::Night);
        for (engine::Event e : m.match.log()) {
            e.matchId = matchId;
            e.eventId = engine::makeEventId(matchId, e.seq);
            if (e.type == engine::EventType::MatchCreated)
                e.payload["matchId"] = matchId;
            full.push_back(e);
            if (e.audience == engine::Audience::Public)
                pub.push_back(e);
        }
    }
};

inline json wire(const engine::Event &e, bool isoTime = false)
{
    json at = e.at;
    if (isoTime)
        at = QDateTime::fromMSecsSinceEpoch(e.at, Qt::UTC)
                 .toString(Qt::ISODateWithMs)
                 .toStdString();
    return {{"eventId", e.eventId},
            {"seq", e.seq},
            {"at", at},
            {"type", std::string(engine::toString(e.type))},
            {"payload", e.payload}};
}

inline QString text(const json &j)
{
    return QString::fromStdString(j.dump());
}

inline json hello(bool resumed)
{
    return {{"type", "hello"},
            {"protocol", 1},
            {"match", nullptr},
            {"delayMs", 0},
            {"serverTime", QDateTime::currentMSecsSinceEpoch()},
            {"resumed", resumed}};
}

inline json snapshot(const std::string &cursor,
                     const std::vector<std::pair<std::string, std::vector<engine::Event>>> &matches)
{
    json ms = json::array();
    for (const auto &[id, events] : matches) {
        json evs = json::array();
        for (const engine::Event &e : events)
            evs.push_back(wire(e));
        ms.push_back({{"matchId", id}, {"matchNumber", 1}, {"events", evs}});
    }
    return {{"type", "snapshot"}, {"cursor", cursor}, {"asOf", 0}, {"matches", ms}};
}

inline json eventMsg(const std::string &cursor, const engine::Event &e, bool isoTime = false)
{
    return {
        {"type", "event"}, {"cursor", cursor}, {"matchId", e.matchId}, {"event", wire(e, isoTime)}};
}

/// The feed's server side, scripted per connection.
struct FakeFeed
{
    QWebSocketServer server{QStringLiteral("fake feed"), QWebSocketServer::NonSecureMode};
    QList<QUrl> requests;
    QList<QWebSocket *> sockets;
    std::function<void(QWebSocket *, int index)> onConnect;

    FakeFeed()
    {
        server.listen(QHostAddress::LocalHost, 0);
        QObject::connect(&server, &QWebSocketServer::newConnection, &server, [this] {
            while (QWebSocket *s = server.nextPendingConnection()) {
                requests << s->requestUrl();
                sockets << s;
                if (onConnect)
                    onConnect(s, int(requests.size()) - 1);
            }
        });
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("ws://127.0.0.1:%1/spectate").arg(server.serverPort()));
    }
    QWebSocket *last() const { return sockets.isEmpty() ? nullptr : sockets.constLast(); }
};

inline void send(QWebSocket *s, const json &j)
{
    s->sendTextMessage(text(j));
}

} // namespace townhall::ui::test
