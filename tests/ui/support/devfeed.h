// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/seats.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>
#include <random>
#include <vector>

namespace townhall::ui {

class HostLink;

/// A stand-in host for development, tests and screenshots: plays matches at
/// virtual time and feeds their events through a HostLink exactly as the host
/// does (whole log first, then batches). It answers the link's host-control
/// requests too. Not used by the real app.
class DevFeed final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DevFeed)

public:
    enum class Actors {
        Scripted,    ///< canned, seeded play that exercises every panel
        BuiltInBots, ///< engine::Bot, as `simulate` runs them
    };

    explicit DevFeed(HostLink *link, QObject *parent = nullptr);
    ~DevFeed() override;

    void setActors(Actors actors) { m_actors = actors; }
    void setMatchConfig(const engine::MatchConfig &config) { m_config = config; }

    /// Creates a match and sends its first events. Returns its id.
    QString startMatch(std::uint64_t seed);
    /// One action, or one deadline when nobody acts, in every running match.
    /// Returns false when no match is running any more.
    bool step();
    /// Steps until `done(match)` holds for `matchId` (or it ends, or maxSteps).
    bool stepUntil(const QString &matchId,
                   const std::function<bool(const engine::Match &)> &done,
                   int maxSteps = 20000);
    /// Steps in real time, one step per interval.
    void play(int intervalMs);
    void stop();

    void sendQueue(const QStringList &names);
    void sendServerInfo();

    /// Virtual time of the feed (inject into the UI as its clock).
    qint64 now() const { return m_now; }
    const engine::Match *match(const QString &matchId) const;

private:
    struct Running;
    std::vector<engine::Event> scriptedAct(Running &r);
    std::vector<engine::Event> botAct(Running &r);
    void send(const Running &r, std::vector<engine::Event> events);
    Running *find(const QString &matchId);

    HostLink *m_link;
    Actors m_actors = Actors::Scripted;
    engine::MatchConfig m_config;
    std::vector<std::unique_ptr<Running>> m_running;
    qint64 m_now = 1'700'000'000'000;
    int m_counter = 0;
    QTimer m_timer;
};

} // namespace townhall::ui
