// SPDX-License-Identifier: MIT
#include "tests/ui/support/devfeed.h"

#include "ui/hostlink.h"
#include "ui/logging.h"

#include "engine/lobby.h"
#include "engine/projection.h"
#include "engine/simulator.h"
#include "engine/toolcalls.h"

#include <algorithm>

namespace townhall::ui {

using engine::Command;
using engine::Event;
using engine::Phase;
using engine::Player;
using engine::Role;

struct DevFeed::Running
{
    std::unique_ptr<engine::Match> match;
    std::mt19937_64 rng;
    // Scripted play
    int chatDay = -1;
    int said = 0;
    int nightChat = -1;
    std::string nightTarget;
    std::string suspect;
    std::string seerFound;
    bool seerClaimed = false;
    bool flipped = false;
    std::string lastMessageId;
    // Built-in bots
    engine::SeatLoop seats;
};

DevFeed::DevFeed(HostLink *link, QObject *parent)
    : QObject(parent)
    , m_link(link)
{
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (!step())
            m_timer.stop();
    });
    connect(m_link, &HostLink::demoMatchRequested, this, [this] {
        startMatch(std::uint64_t(m_counter) * 7919 + 11);
    });
    connect(m_link, &HostLink::pauseRequested, this, [this](const QString &id, bool paused) {
        if (Running *r = find(id))
            send(*r, paused ? r->match->pause(m_now) : r->match->resume(m_now));
    });
    connect(m_link, &HostLink::skipPhaseRequested, this, [this](const QString &id) {
        if (Running *r = find(id))
            send(*r, r->match->skipPhase(m_now));
    });
    connect(m_link, &HostLink::speedFactorRequested, this, [this](double f) {
        m_config.speed = f;
        Q_EMIT m_link->speedChanged(f);
    });
}

DevFeed::~DevFeed() = default;

DevFeed::Running *DevFeed::find(const QString &matchId)
{
    for (auto &r : m_running)
        if (QString::fromStdString(r->match->matchId()) == matchId)
            return r.get();
    return nullptr;
}

const engine::Match *DevFeed::match(const QString &matchId) const
{
    for (const auto &r : m_running)
        if (QString::fromStdString(r->match->matchId()) == matchId)
            return r->match.get();
    return nullptr;
}

QString DevFeed::startMatch(std::uint64_t seed)
{
    const int number = ++m_counter;
    std::vector<std::string> names = engine::botNames();
    std::mt19937_64 nameRng(seed ^ 0xD3F0ULL);
    std::shuffle(names.begin(), names.end(), nameRng);
    std::vector<engine::SeatAssignment> seats;
    // As many seats as the rule set deals roles (six to twelve).
    for (int i = 0; i < m_config.rules.seatCount(); ++i)
        seats.push_back(
            {"dev:" + std::to_string(number) + ":" + std::to_string(i + 1), names[std::size_t(i)]});
    auto r = std::make_unique<Running>();
    r->match
        = std::make_unique<engine::Match>(engine::Match::create(engine::Lobby::matchIdFor(number),
                                                                "bld-" + std::to_string(number),
                                                                number,
                                                                seed,
                                                                seats,
                                                                m_config,
                                                                m_now));
    r->rng.seed(seed);
    for (const Player &p : r->match->state().players)
        r->seats.seat(
            p.playerId,
            std::make_unique<engine::BotDriver>(p.playerId, seed * 31 + std::uint64_t(p.seat)),
            m_now);
    const QString id = QString::fromStdString(r->match->matchId());
    std::vector<Event> all = r->match->log();
    m_running.push_back(std::move(r));
    send(*m_running.back(), std::move(all));
    return id;
}

void DevFeed::send(const Running &r, std::vector<Event> events)
{
    if (events.empty())
        return;
    Q_EMIT m_link->matchEvents(QString::fromStdString(r.match->matchId()),
                               std::make_shared<const std::vector<Event>>(std::move(events)));
}

bool DevFeed::step()
{
    bool anyRunning = false;
    bool acted = false;
    for (auto &r : m_running) {
        if (r->match->ended() || r->match->state().paused)
            continue;
        anyRunning = true;
        std::vector<Event> ev = m_actors == Actors::Scripted ? scriptedAct(*r) : botAct(*r);
        if (!ev.empty()) {
            acted = true;
            send(*r, std::move(ev));
        }
    }
    if (acted) {
        m_now += 1500; // agents take a moment to think
        return true;
    }
    if (!anyRunning)
        return std::any_of(m_running.begin(), m_running.end(), [](const auto &r) {
            return r->match->state().paused;
        });
    // The next deadline, or the next moment a bot asked to be woken (a vote
    // planned for later in the phase), whichever comes first.
    std::optional<engine::TimeMs> next;
    for (auto &r : m_running) {
        if (r->match->ended() || r->match->state().paused)
            continue;
        if (auto d = r->match->nextDeadline(); d && (!next || *d < *next))
            next = d;
        if (auto w = r->seats.nextWake(m_now); w && (!next || *w < *next))
            next = w;
    }
    if (!next)
        return false;
    m_now = std::max<qint64>(m_now, *next);
    for (auto &r : m_running)
        send(*r, r->match->advance(m_now));
    return true;
}

bool DevFeed::stepUntil(const QString &matchId,
                        const std::function<bool(const engine::Match &)> &done,
                        int maxSteps)
{
    for (int i = 0; i < maxSteps; ++i) {
        const engine::Match *m = match(matchId);
        if (!m)
            return false;
        if (done(*m))
            return true;
        if (m->ended() || !step())
            return done(*m);
    }
    return false;
}

void DevFeed::play(int intervalMs)
{
    m_timer.start(intervalMs);
}

void DevFeed::stop()
{
    m_timer.stop();
}

void DevFeed::sendQueue(const QStringList &names)
{
    Q_EMIT m_link->queueChanged(names);
}

void DevFeed::sendServerInfo()
{
    Q_EMIT m_link->serverInfo(QStringLiteral("http://127.0.0.1:8765/mcp"), tr("demo feed"));
    Q_EMIT m_link->speedChanged(m_config.speed);
}

// ---------------------------------------------------------------- scripted play

namespace {

std::vector<const Player *> alive(const engine::Match &m, bool (*keep)(const Player &) = nullptr)
{
    std::vector<const Player *> out;
    for (const Player &p : m.state().players)
        if (p.alive && (!keep || keep(p)))
            out.push_back(&p);
    return out;
}

template<typename T>
const T &pick(std::mt19937_64 &rng, const std::vector<T> &v)
{
    return v[std::size_t(rng() % v.size())];
}

} // namespace

std::vector<Event> DevFeed::scriptedAct(Running &r)
{
    engine::Match &m = *r.match;
    const engine::MatchState &s = m.state();
    auto run = [&](Command c) -> std::vector<Event> {
        auto res = m.execute(c, m_now);
        if (!res)
            return {};
        for (const Event &e : *res)
            if (e.type == engine::EventType::PublicMessage)
                r.lastMessageId = e.eventId;
        return *res;
    };
    auto say = [&](const Player &p, std::string text, engine::MessageKind kind, bool reply) {
        Command c;
        c.kind = Command::Kind::Say;
        c.playerId = p.playerId;
        c.text = std::move(text);
        c.messageKind = kind;
        if (reply && !r.lastMessageId.empty())
            c.replyToEventId = r.lastMessageId;
        return run(c);
    };
    auto nameOf = [&](const std::string &id) {
        const Player *p = m.player(id);
        return p ? p->displayName : id;
    };

    switch (s.phase) {
    case Phase::Lobby:
        for (const Player &p : s.players)
            if (!p.ready)
                return run({Command::Kind::Ready, p.playerId, {}, {}, {}, {}, {}});
        return {};

    case Phase::Night: {
        if (r.nightChat != s.nightNumber) {
            r.nightChat = s.nightNumber;
            auto nonWolves = alive(m, [](const Player &p) { return p.role != Role::Werewolf; });
            auto wolves = alive(m, [](const Player &p) { return p.role == Role::Werewolf; });
            if (nonWolves.empty() || wolves.empty())
                return {};
            // Wolves prefer whoever sounds like the seer.
            r.nightTarget.clear();
            for (const Player *p : nonWolves)
                if (p->role == Role::Seer && r.seerClaimed)
                    r.nightTarget = p->playerId;
            if (r.nightTarget.empty())
                r.nightTarget = pick(r.rng, nonWolves)->playerId;
            Command c{Command::Kind::WolfChat,
                      wolves.front()->playerId,
                      {},
                      "Let's take " + nameOf(r.nightTarget) + " tonight. Too sharp by half.",
                      {},
                      {},
                      {}};
            return run(c);
        }
        for (const Player *p : alive(m)) {
            if (p->role == Role::Werewolf && !p->wolfSelection)
                return run({Command::Kind::WolfKill, p->playerId, r.nightTarget, {}, {}, {}, {}});
            if (p->role == Role::Seer && !p->seerTarget) {
                auto others = alive(m);
                std::erase(others, p);
                const Player *t = pick(r.rng, others);
                if (t->role == Role::Werewolf)
                    r.seerFound = t->playerId;
                return run({Command::Kind::SeerInspect, p->playerId, t->playerId, {}, {}, {}, {}});
            }
            if (p->role == Role::Doctor && !p->doctorTarget) {
                auto allowed = m.requiredAction(p->playerId).allowedTargets;
                if (allowed.empty())
                    continue;
                return run({Command::Kind::DoctorProtect,
                            p->playerId,
                            pick(r.rng, allowed),
                            {},
                            {},
                            {},
                            {}});
            }
        }
        return {};
    }

    case Phase::DayOpening: {
        if (s.openingIndex < 0 || s.openingIndex >= int(s.openingOrder.size()))
            return {};
        const Player *p = m.player(s.openingOrder[std::size_t(s.openingIndex)]);
        if (!p || p->spokeOpening)
            return {};
        static const char *lines[] = {
            "Good morning. I slept badly and I want answers before the sun sets.",
            "I have nothing to hide. Let's look at who was quiet yesterday.",
            "Someone here is lying, and I intend to find out who.",
            "I'll keep it short: watch the people who agree too quickly.",
            "We lost a good neighbour. Let's not lose another by guessing.",
            "I'm listening today. Convince me.",
        };
        return say(*p, lines[r.rng() % std::size(lines)], engine::MessageKind::Opening, false);
    }

    case Phase::DayDiscussion: {
        if (r.chatDay != s.dayNumber) {
            r.chatDay = s.dayNumber;
            r.said = 0;
            r.flipped = false;
            auto candidates = alive(m);
            r.suspect = pick(r.rng, candidates)->playerId;
        }
        if (r.said >= 7)
            return {};
        auto speakers = alive(m);
        std::erase_if(speakers, [&](const Player *p) {
            return p->lastPublicAt && *p->lastPublicAt + s.config.publicChatIntervalMs > m_now;
        });
        if (speakers.empty())
            return {};
        ++r.said;
        // The seer claims once a wolf is found.
        if (!r.seerClaimed && !r.seerFound.empty() && m.player(r.seerFound)
            && m.player(r.seerFound)->alive) {
            for (const Player *p : speakers) {
                if (p->role == Role::Seer) {
                    r.seerClaimed = true;
                    r.suspect = r.seerFound;
                    return say(*p,
                               "I am the seer. Last night I inspected " + nameOf(r.seerFound)
                                   + " — a werewolf. Vote with me.",
                               engine::MessageKind::Discussion,
                               false);
                }
            }
        }
        const Player *p = pick(r.rng, speakers);
        if (p->playerId == r.suspect)
            return say(*p,
                       "That's absurd. I've been helping all day; look at who is pushing this.",
                       engine::MessageKind::Defense,
                       true);
        static const char *accuse[] = {
            "%s has been dodging every question. I think %s is a wolf.",
            "I agree — %s's story does not add up.",
            "Why did %s go quiet the moment the night kill came up?",
            "Let's vote %s. It's the safest read we have.",
        };
        std::string line = accuse[r.rng() % std::size(accuse)];
        for (std::size_t pos; (pos = line.find("%s")) != std::string::npos;)
            line.replace(pos, 2, nameOf(r.suspect));
        return say(*p, line, engine::MessageKind::Discussion, r.said > 1 && r.rng() % 2);
    }

    case Phase::DayVote: {
        auto voters = alive(m, [](const Player &p) { return !p.voted; });
        if (voters.empty())
            return {};
        const Player *p = voters.front();
        std::optional<std::string> target = r.suspect;
        if (!m.player(r.suspect) || !m.player(r.suspect)->alive || r.suspect == p->playerId) {
            auto others = alive(m);
            std::erase(others, p);
            target = pick(r.rng, others)->playerId;
        } else if (r.rng() % 4 == 0) {
            auto others = alive(m);
            std::erase(others, p);
            target = pick(r.rng, others)->playerId;
        }
        if (r.rng() % 9 == 0)
            target.reset(); // abstain
        auto out = run(
            {Command::Kind::Vote, p->playerId, target, {}, {}, {}, std::string("gut feeling")});
        // Once a day, an early voter changes their mind.
        if (!r.flipped && voters.size() == 2) {
            r.flipped = true;
            for (const Player *q : alive(m)) {
                if (q->voted && q->voteTarget && !q->voteTarget->empty()
                    && *q->voteTarget != r.suspect && q->playerId != r.suspect) {
                    auto more = run({Command::Kind::Vote,
                                     q->playerId,
                                     r.suspect,
                                     {},
                                     {},
                                     {},
                                     std::string("changed my mind")});
                    out.insert(out.end(), more.begin(), more.end());
                    break;
                }
            }
        }
        return out;
    }

    case Phase::DayResolution:
        if (s.lastEliminated) {
            const Player *p = m.player(*s.lastEliminated);
            if (p && !p->spokeLastWords)
                return say(*p,
                           "You'll regret this. Remember who pushed hardest.",
                           engine::MessageKind::LastWords,
                           false);
        }
        return {};

    default:
        return {};
    }
}

std::vector<Event> DevFeed::botAct(Running &r)
{
    // One action per step, so the window shows the match move by move.
    engine::Match &m = *r.match;
    std::vector<Event> produced;
    r.seats.pass(
        m, m_now, [&](const std::string &playerId, const engine::ToolCall &call, std::uint64_t) {
            engine::SeatLoop::Sent sent;
            auto cmd = engine::toCommand(call, playerId);
            if (!cmd) {
                sent.error = engine::ErrorCode::InvalidArgument;
                return sent;
            }
            auto res = m.execute(*cmd, m_now);
            sent.ok = res.ok();
            if (!res.ok()) {
                sent.error = res.error().code;
                return sent;
            }
            produced = std::move(*res);
            sent.stop = true;
            return sent;
        });
    return produced;
}

} // namespace townhall::ui
