// SPDX-License-Identifier: MIT
// pilot_bench: what the model seats cost the host.
//
// Plays N matches of eight model seats each (Host::queueModelSeat) in a real
// Host on the main thread, against scripted OpenAI-compatible servers
// (scriptedserver.h, one per seat, playing legally with scriptedplayer.h)
// that answer at once, in a thread of their own so that their CPU is not
// the host's. Then the same number of matches with built-in bots only, for
// comparison. It reports
//   - model calls, matches ended, wall time;
//   - host CPU per model call: the host thread's CPU time
//     (CLOCK_THREAD_CPUTIME_ID) over the model calls, and, from the bot run,
//     the part of it the pilots add on top of the tool calls they cause;
//   - the latency the pilot adds around the model, on one steady clock:
//     (a) from the moment its seat had something to do to the request at
//     the scripted server, (b) from the server's answer to the resulting
//     tool call at the host's tool layer (Host::setToolGateway);
//   - deadline slips: how late each phase (and opening turn) that ran to its
//     deadline actually ended; stand-in turns and provider failures;
//   - where the added latency goes: the same two paths for one request at a
//     time from the host thread with ChatClient alone (Qt's network access
//     manager), and with a plain socket (the floor: loopback and the two
//     threads waking up on this machine).
//
// Run: build/tools/bench/pilot_bench [--matches 8] [--speed 20] [--stagger MS] [--json]

#include "host/host.h"
#include "host/providers/chatclient.h"
#include "host/providers/wire.h"

#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QHostAddress>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace townhall;
using namespace townhall::test::providers;
using json = nlohmann::json;

namespace {

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// The wall clock in µs: the host's clock (phase deadlines) is the wall clock in ms.
std::int64_t wallUs()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::int64_t cpuNs(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p / 100.0 * double(v.size())))];
}

json summary(const std::vector<double> &v)
{
    return {{"n", v.size()},
            {"p50", percentile(v, 50)},
            {"p95", percentile(v, 95)},
            {"p99", percentile(v, 99)},
            {"max", v.empty() ? 0.0 : *std::max_element(v.begin(), v.end())}};
}

std::string loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return "?";
    return f.readAll().split(' ').mid(0, 3).join(' ').toStdString();
}

/// What a seat is asked to do, read from the functions a request offers.
enum class Job { Ready, Night, Vote, Speak, Other };

Job jobOf(const json &tools)
{
    std::set<std::string> names;
    for (const json &t : tools)
        names.insert(t.at("function").value("name", ""));
    if (names.count("et_werewolf_match_ready"))
        return Job::Ready;
    if (names.count("et_werewolf_match_vote"))
        return Job::Vote;
    if (names.count("et_werewolf_match_say_public"))
        return Job::Speak;
    for (const char *n : {"et_werewolf_match_night_wolf_kill",
                          "et_werewolf_match_night_seer_inspect",
                          "et_werewolf_match_night_doctor_protect"})
        if (names.count(n))
            return Job::Night;
    return Job::Other;
}

/// One chat request as a scripted server saw it.
struct Request
{
    int seat = 0;                ///< the model seat, in the order they were queued
    std::int64_t arrivedNs = 0;  ///< the whole request had arrived (the server's handler ran)
    std::int64_t answeredNs = 0; ///< the answer went to the server's socket
    std::size_t messages = 0;
    std::string lastRole;
    Job job = Job::Other;
    bool toolCall = false; ///< the answer holds a tool call
    std::size_t bytes = 0;
};

/// The scripted servers, one per model seat, on a thread with its own event
/// loop. Everything of theirs is touched on that thread only.
class Servers
{
public:
    Servers()
    {
        m_thread.setObjectName(QStringLiteral("scripted servers"));
        m_anchor.moveToThread(&m_thread);
        m_thread.start();
    }
    ~Servers()
    {
        inThread([this] { m_servers.clear(); });
        m_thread.quit();
        m_thread.wait();
    }
    Servers(const Servers &) = delete;
    Servers &operator=(const Servers &) = delete;

    bool start(int n)
    {
        bool ok = true;
        inThread([this, n, &ok] {
            for (int seat = 0; seat < n; ++seat) {
                auto s = std::make_unique<ScriptedOpenAiServer>();
                ok = ok && s->listen();
                s->setHandler([this, seat](const RecordedRequest &r) { return answer(seat, r); });
                m_urls.push_back(s->baseUrl());
                m_ports.push_back(s->port());
                m_servers.push_back(std::move(s));
            }
        });
        return ok;
    }
    QString baseUrl(int seat) const { return m_urls.at(std::size_t(seat)); }
    quint16 port(int seat) const { return m_ports.at(std::size_t(seat)); }
    std::vector<Request> takeRequests()
    {
        std::vector<Request> out;
        inThread([this, &out] { out.swap(m_requests); });
        return out;
    }
    std::int64_t threadCpuNs()
    {
        std::int64_t ns = 0;
        inThread([&ns] { ns = cpuNs(CLOCK_THREAD_CPUTIME_ID); });
        return ns;
    }

private:
    template<class F>
    void inThread(F f)
    {
        QMetaObject::invokeMethod(&m_anchor, std::move(f), Qt::BlockingQueuedConnection);
    }

    std::optional<ScriptedResponse> answer(int seat, const RecordedRequest &r)
    {
        Request q;
        q.arrivedNs = steadyNs();
        q.seat = seat;
        std::optional<ScriptedResponse> a = scriptedPlayer(seat, r);
        if (!a)
            return a;
        const json body = r.json();
        const json &messages = body.at("messages");
        q.messages = messages.size();
        q.lastRole = messages.empty() ? std::string() : messages.back().value("role", "");
        q.job = jobOf(body.value("tools", json::array()));
        q.toolCall = a->body.contains("\"tool_calls\"");
        q.bytes = std::size_t(r.body.size());
        q.answeredNs = steadyNs();
        m_requests.push_back(q);
        return a;
    }

    QThread m_thread;
    QObject m_anchor;
    std::vector<std::unique_ptr<ScriptedOpenAiServer>> m_servers;
    std::vector<QString> m_urls;
    std::vector<quint16> m_ports;
    std::vector<Request> m_requests;
};

/// A tool call at the host's tool layer.
struct Call
{
    std::string agentId;
    std::int64_t calledNs = 0;
    std::int64_t answeredNs = 0;
};

/// Committed events as they were published (when seats may act on them).
struct Batch
{
    std::int64_t ns = 0;
    std::int64_t wallUs = 0;
    std::string matchId;
    host::EventBatch events;
};

QCoro::Task<mcp::ToolResult> timedCall(
    host::Host *host, std::vector<Call> *calls, host::Caller caller, std::string tool, json args)
{
    const std::size_t i = calls->size();
    calls->push_back({caller.agentId, steadyNs(), 0});
    mcp::ToolResult r
        = co_await host->callTool(std::move(caller), std::move(tool), std::move(args));
    (*calls)[i].answeredNs = steadyNs();
    co_return r;
}

struct Options
{
    int matches = 8;
    double speed = 20;
    std::uint64_t seed = 1;
    QString db = QStringLiteral(":memory:");
    int staggerMs = 0; ///< between the starts of two matches (0: all at once)
    int limitSeconds = 1200;
};

struct Run
{
    bool models = false;
    int seats = 0;
    int ended = 0;
    double wallS = 0;
    std::int64_t hostCpuNs = 0;
    std::int64_t serverCpuNs = 0;
    std::int64_t processCpuNs = 0;
    std::vector<Call> calls;
    std::vector<Batch> batches;
    std::vector<Request> requests;
    std::vector<std::string> modelAgents; ///< by seat
    std::map<std::string, std::pair<std::string, std::string>>
        playerOf; ///< agent → (match, player)
    // From the pilots' logs.
    int modelCalls = 0, standInTurns = 0, failures = 0, toolErrors = 0, handedOver = 0;
    // Deadlines: each phase (and opening turn) that ran to its deadline.
    int windows = 0;
    /// The publication of the change after the deadline (the engine stamps
    /// it with the deadline itself, so the lateness is the timer's and the commit's).
    std::vector<double> publishUs;
    struct Slip
    {
        double us = 0;
        std::string what; ///< the phase (or turn) and its length
    };
    std::vector<Slip> worst; ///< the latest three
    int events = 0;
};

/// The phases (and opening turns) of match `id` that ran to their deadline,
/// and how late the change after each was published.
void tallyDeadlines(
    Run &run,
    const std::string &id,
    const engine::Match &m,
    const std::map<std::pair<std::string, std::uint64_t>, std::int64_t> &publishedAt)
{
    // A phase ends at its deadline, or earlier when everyone has acted;
    // an opening turn likewise when its speaker has spoken.
    engine::TimeMs deadline = 0;
    engine::TimeMs since = 0;
    std::string what;
    for (const engine::Event &e : m.log()) {
        const bool phase = e.type == engine::EventType::PhaseChanged;
        const bool turn = e.type == engine::EventType::TurnStarted;
        if (!phase && !turn)
            continue;
        if (deadline > 0 && (phase || e.payload.value("index", 0) > 0) && e.at >= deadline) {
            ++run.windows;
            if (auto it = publishedAt.find({id, e.seq}); it != publishedAt.end()) {
                const double late = double(it->second - deadline * 1000);
                run.publishUs.push_back(late);
                run.worst.push_back(
                    {late, what + " of " + std::to_string(deadline - since) + " ms"});
                std::sort(run.worst.begin(),
                          run.worst.end(),
                          [](const Run::Slip &a, const Run::Slip &b) { return a.us > b.us; });
                run.worst.resize(std::min<std::size_t>(run.worst.size(), 3));
            }
        }
        deadline = e.payload.value(phase ? "phaseEndsAtMs" : "turnEndsAtMs", engine::TimeMs(0));
        since = e.at;
        what = phase ? e.payload.value("to", "") : "an opening turn";
    }
}

/// What the run's matches did: events, the pilots' logs, deadlines.
void tallyMatches(Run &run, host::Host &host)
{
    std::map<std::pair<std::string, std::uint64_t>, std::int64_t> publishedAt;
    for (const Batch &b : run.batches)
        for (const engine::Event &e : *b.events)
            publishedAt[{b.matchId, e.seq}] = b.wallUs;
    for (const auto &[id, m] : host.lobby().matches()) {
        run.events += int(m->log().size());
        for (const engine::Player &p : m->state().players) {
            run.playerOf[p.agentId] = {id, p.playerId};
            if (const auto log = host.pilotLog(id, p.playerId)) {
                run.modelCalls += log->stats.modelCalls;
                run.standInTurns += log->stats.standInTurns;
                run.toolErrors += log->stats.toolErrors;
                run.handedOver += log->stats.handedOver ? 1 : 0;
                for (const auto &[kind, n] : log->stats.failures)
                    run.failures += n;
            }
        }
        tallyDeadlines(run, id, *m, publishedAt);
    }
}

Run play(const Options &opt, Servers *servers)
{
    Run run;
    run.models = servers != nullptr;
    run.seats = opt.matches * engine::SeatCount;
    host::HostOptions o;
    o.dbPath = opt.db;
    o.speed = opt.speed;
    o.seed = opt.seed;
    o.rateLimits = false;
    auto host = std::make_unique<host::Host>(o);
    QString error;
    if (!host->start(&error)) {
        std::fprintf(stderr, "pilot_bench: %s\n", qPrintable(error));
        std::exit(1);
    }
    host::Host *h = host.get();
    std::vector<Call> *calls = &run.calls;
    host->setToolGateway([h, calls](host::Caller c, std::string tool, json args) {
        return timedCall(h, calls, std::move(c), std::move(tool), std::move(args));
    });
    QEventLoop loop;
    QObject::connect(
        h, &host::Host::matchEvents, &loop, [&run](const QString &id, const host::EventBatch &b) {
            run.batches.push_back({steadyNs(), wallUs(), id.toStdString(), b});
        });
    QObject::connect(h, &host::Host::matchEnded, &loop, [&run, &loop, &opt] {
        if (++run.ended == opt.matches)
            loop.quit();
    });
    QTimer::singleShot(std::chrono::seconds(opt.limitSeconds), &loop, [&loop] { loop.quit(); });

    const std::int64_t cpu0 = cpuNs(CLOCK_THREAD_CPUTIME_ID);
    const std::int64_t proc0 = cpuNs(CLOCK_PROCESS_CPUTIME_ID);
    const std::int64_t server0 = servers ? servers->threadCpuNs() : 0;
    const std::int64_t t0 = steadyNs();
    // Each match's eight seats join together; with --stagger the matches
    // start that far apart, so that their phases do not all change at once.
    auto fillTable = [&run, h, servers](int table) {
        if (!servers) {
            h->addBots(engine::SeatCount);
            return;
        }
        for (int seat = table * engine::SeatCount; seat < (table + 1) * engine::SeatCount; ++seat) {
            host::providers::ProviderProfile p;
            p.name = QStringLiteral("scripted");
            p.baseUrl = servers->baseUrl(seat);
            p.model = QStringLiteral("test-model");
            p.apiKey = QStringLiteral("bench-key");
            p.timeout = std::chrono::seconds(30);
            auto id = h->queueModelSeat(QStringLiteral("Model %1").arg(seat), p);
            if (!id) {
                std::fprintf(stderr, "pilot_bench: model seat %d was refused by the queue\n", seat);
                std::exit(1);
            }
            run.modelAgents.push_back(*id);
        }
    };
    for (int table = 0; table < opt.matches; ++table) {
        if (opt.staggerMs == 0)
            fillTable(table);
        else
            QTimer::singleShot(std::chrono::milliseconds(table * opt.staggerMs),
                               Qt::PreciseTimer,
                               &loop,
                               [fillTable, table] { fillTable(table); });
    }
    loop.exec();
    run.wallS = double(steadyNs() - t0) / 1e9;
    run.hostCpuNs = cpuNs(CLOCK_THREAD_CPUTIME_ID) - cpu0;
    run.serverCpuNs = servers ? servers->threadCpuNs() - server0 : 0;
    run.processCpuNs = cpuNs(CLOCK_PROCESS_CPUTIME_ID) - proc0;
    if (servers)
        run.requests = servers->takeRequests();

    tallyMatches(run, *host);
    host.reset();
    return run;
}

/// When each seat got something to do, by (agent, job): the publication of
/// the batch that made it so. A seat acts on committed events only, so a
/// batch's publication is the earliest moment it could.
std::map<std::pair<std::string, Job>, std::vector<std::int64_t>> jobStarts(const Run &run)
{
    std::map<std::pair<std::string, Job>, std::vector<std::int64_t>> starts;
    std::map<std::string, std::map<std::string, std::string>> agentOf; // match → player → agent
    for (const auto &[agent, where] : run.playerOf)
        agentOf[where.first][where.second] = agent;
    struct Table
    {
        engine::Phase phase = engine::Phase::Lobby;
        std::map<std::string, int> said;   // discussion messages today
        std::map<std::string, bool> heard; // someone else spoke since
        std::string lastEliminated;
    };
    std::map<std::string, Table> tables;
    using engine::EventType;
    using engine::Phase;
    for (const Batch &b : run.batches) {
        Table &t = tables[b.matchId];
        const auto &players = agentOf[b.matchId];
        auto add = [&](const std::string &player, Job job) {
            if (auto it = players.find(player); it != players.end())
                starts[{it->second, job}].push_back(b.ns);
        };
        auto addAll = [&](Job job) {
            for (const auto &[player, agent] : players)
                add(player, job);
        };
        for (const engine::Event &e : *b.events) {
            const json &p = e.payload;
            switch (e.type) {
            case EventType::MatchCreated:
                addAll(Job::Ready);
                break;
            case EventType::PhaseChanged:
                t.phase = engine::parsePhase(p.value("to", "")).value_or(Phase::Lobby);
                if (t.phase == Phase::Night)
                    addAll(Job::Night);
                else if (t.phase == Phase::DayVote)
                    addAll(Job::Vote);
                else if (t.phase == Phase::DayAnnounce)
                    t.lastEliminated.clear();
                else if (t.phase == Phase::DayDiscussion) {
                    t.said.clear();
                    t.heard.clear();
                    addAll(Job::Speak);
                } else if (t.phase == Phase::DayResolution && !t.lastEliminated.empty())
                    add(t.lastEliminated, Job::Speak); // last words
                break;
            case EventType::TurnStarted:
                add(p.value("playerId", ""), Job::Speak);
                break;
            case EventType::VoteResult:
                if (p.contains("eliminatedPlayerId") && p.at("eliminatedPlayerId").is_string()) {
                    t.lastEliminated = p.at("eliminatedPlayerId").get<std::string>();
                    add(t.lastEliminated, Job::Speak);
                }
                break;
            case EventType::PublicMessage: {
                if (t.phase != Phase::DayDiscussion)
                    break;
                const std::string from = p.value("playerId", "");
                ++t.said[from];
                t.heard[from] = false;
                // A seat that has spoken once speaks again after someone else has.
                for (const auto &[player, agent] : players)
                    if (player != from && t.said[player] == 1 && !t.heard[player]) {
                        t.heard[player] = true;
                        add(player, Job::Speak);
                    }
                break;
            }
            default:
                break;
            }
        }
    }
    return starts;
}

/// The latest time in a sorted list that is not after `at`; 0 when none is.
std::int64_t latestUpTo(const std::vector<std::int64_t> &sorted, std::int64_t at)
{
    auto it = std::upper_bound(sorted.begin(), sorted.end(), at);
    return it == sorted.begin() ? 0 : *std::prev(it);
}

struct Latency
{
    std::vector<double> firstUs;    ///< (a) for a new thing to do
    std::vector<double> followUpUs; ///< (a) after a tool's answer or the pilot's own reply
    std::vector<double> answerUs;   ///< (b)
    /// (a) for a new thing to do, by the request's place among those the
    /// same batch gave (the host thread starts them one after another).
    std::map<int, std::vector<double>> firstByOrder;
    std::map<Job, std::vector<double>> firstByJob;
    int unmatched = 0; ///< requests with no moment to measure from
};

Latency latency(const Run &run)
{
    Latency out;
    const auto starts = jobStarts(run);
    std::map<std::string, int> seatOf;
    for (std::size_t s = 0; s < run.modelAgents.size(); ++s)
        seatOf[run.modelAgents[s]] = int(s);
    // Per seat: the tool layer's answers, the server's answers (with a call).
    std::vector<std::vector<std::int64_t>> toolAnswered(run.modelAgents.size());
    std::vector<std::vector<std::int64_t>> toolCalled(run.modelAgents.size());
    std::vector<std::vector<std::int64_t>> serverAnswered(run.modelAgents.size());
    std::vector<std::vector<std::int64_t>> serverCalls(run.modelAgents.size());
    for (const Call &c : run.calls)
        if (auto it = seatOf.find(c.agentId); it != seatOf.end()) {
            toolCalled[std::size_t(it->second)].push_back(c.calledNs);
            if (c.answeredNs)
                toolAnswered[std::size_t(it->second)].push_back(c.answeredNs);
        }
    for (const Request &q : run.requests) {
        serverAnswered[std::size_t(q.seat)].push_back(q.answeredNs);
        if (q.toolCall)
            serverCalls[std::size_t(q.seat)].push_back(q.answeredNs);
    }
    for (auto *lists : {&toolAnswered, &toolCalled, &serverAnswered, &serverCalls})
        for (auto &l : *lists)
            std::sort(l.begin(), l.end());

    std::map<std::int64_t, int> startedBy; // a batch's publication → the requests it started so far
    for (const Request &q : run.requests) {
        const std::size_t s = std::size_t(q.seat);
        if (q.messages <= 2) {
            const auto it = starts.find({run.modelAgents[s], q.job});
            const std::int64_t from = it == starts.end() ? 0 : latestUpTo(it->second, q.arrivedNs);
            if (from) {
                const double us = double(q.arrivedNs - from) / 1000.0;
                out.firstByJob[q.job].push_back(us);
                if (q.job == Job::Ready)
                    continue; // every pilot's first request: reported on its own
                out.firstUs.push_back(us);
                out.firstByOrder[++startedBy[from]].push_back(us);
            } else {
                ++out.unmatched;
            }
            continue;
        }
        // A follow-up: after the tool's answer, or after the pilot answered
        // the model itself (a nudge, a call it could not take).
        const std::int64_t from = std::max(latestUpTo(toolAnswered[s], q.arrivedNs - 1),
                                           latestUpTo(serverAnswered[s], q.arrivedNs - 1));
        if (from)
            out.followUpUs.push_back(double(q.arrivedNs - from) / 1000.0);
        else
            ++out.unmatched;
    }
    // (b): a tool call at the tool layer, measured from the server's answer
    // that held it: the latest such answer with no other call of the seat in between.
    for (std::size_t s = 0; s < toolCalled.size(); ++s) {
        for (std::size_t i = 0; i < toolCalled[s].size(); ++i) {
            const std::int64_t called = toolCalled[s][i];
            const std::int64_t answered = latestUpTo(serverCalls[s], called);
            const std::int64_t previous = i > 0 ? toolCalled[s][i - 1] : 0;
            if (answered && answered > previous)
                out.answerUs.push_back(double(called - answered) / 1000.0);
        }
    }
    return out;
}

/// One request at a time from the host thread: the two paths of the
/// added latency without the pilots and the seat loop.
struct Path
{
    std::vector<double> sendUs;    ///< the call made → the whole request at the server
    std::vector<double> receiveUs; ///< the server's answer → the caller has it
    double hostCpuUs = 0;          ///< per call, the host thread
    double otherCpuUs = 0; ///< per call, the process's threads but the host's and the servers'
    int errors = 0;
};

QString resourceText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// A request of a pilot's size: the rules and a role card as the system
/// prompt, a brief, the functions of a night.
host::providers::ChatRequest sampleRequest()
{
    using host::providers::ChatMessage;
    host::providers::ChatRequest r;
    r.messages = {ChatMessage::system(resourceText(QStringLiteral(":/prompts/rules.md"))
                                      + QStringLiteral("\n\n")
                                      + resourceText(QStringLiteral(":/prompts/seer.md"))),
                  ChatMessage::user(QStringLiteral(
                      "Night 1. Your role is SEER.\nTargets: Ada (p:2), Bram (p:3)\n"))};
    const json target
        = {{"type", "object"},
           {"properties", {{"targetPlayerId", {{"type", "string"}, {"pattern", "^p:[1-8]$"}}}}},
           {"required", {"targetPlayerId"}},
           {"additionalProperties", false}};
    r.tools = {{QStringLiteral("et_werewolf_match_night_seer_inspect"),
                QStringLiteral("Inspect a player."),
                target},
               {QStringLiteral("et_werewolf_match_get_state"),
                QStringLiteral("Read the match."),
                {{"type", "object"}, {"properties", json::object()}}}};
    return r;
}

/// Runs `n` requests one after another, `gapMs` apart (threads go idle in
/// between, as in a match), through `send`, which calls `done` once the
/// answer is in. The first few are left out (connections, first use).
template<class Send>
Path timePath(Servers &servers, int seat, int n, int gapMs, Send send)
{
    constexpr int warmUp = 5;
    servers.takeRequests();
    std::vector<std::int64_t> sent;
    std::vector<std::int64_t> got;
    QEventLoop loop;
    Path path;
    // CPU is counted from the end of the warm-up, without first-use costs.
    std::int64_t cpu0 = 0, proc0 = 0, server0 = 0;
    std::function<void()> next = [&] {
        sent.push_back(steadyNs());
        send([&](bool ok) {
            got.push_back(steadyNs());
            path.errors += ok ? 0 : 1;
            if (int(got.size()) == warmUp) {
                cpu0 = cpuNs(CLOCK_THREAD_CPUTIME_ID);
                proc0 = cpuNs(CLOCK_PROCESS_CPUTIME_ID);
                server0 = servers.threadCpuNs();
            }
            if (int(got.size()) == n + warmUp)
                loop.quit();
            else
                QTimer::singleShot(gapMs, Qt::PreciseTimer, &loop, next);
        });
    };
    QTimer::singleShot(0, &loop, next);
    QTimer::singleShot(std::chrono::seconds(120), &loop, [&loop] { loop.quit(); });
    loop.exec();
    const std::int64_t host = cpuNs(CLOCK_THREAD_CPUTIME_ID) - cpu0;
    const std::int64_t server = servers.threadCpuNs() - server0;
    const std::int64_t all = cpuNs(CLOCK_PROCESS_CPUTIME_ID) - proc0;
    std::vector<Request> seen;
    for (const Request &q : servers.takeRequests())
        if (q.seat == seat)
            seen.push_back(q);
    const std::size_t calls = std::min({sent.size(), got.size(), seen.size()});
    for (std::size_t i = warmUp; i < calls; ++i) {
        path.sendUs.push_back(double(seen[i].arrivedNs - sent[i]) / 1000.0);
        path.receiveUs.push_back(double(got[i] - seen[i].answeredNs) / 1000.0);
    }
    const double timed = double(std::max<std::size_t>(1, calls > warmUp ? calls - warmUp : 0));
    path.hostCpuUs = double(host) / 1000.0 / timed;
    path.otherCpuUs = double(all - host - server) / 1000.0 / timed;
    return path;
}

/// The floor: the same bytes on a keep-alive socket of the host thread.
Path plainSocketPath(Servers &servers, int seat, int n, int gapMs)
{
    host::providers::ProviderProfile profile;
    profile.baseUrl = servers.baseUrl(seat);
    profile.model = QStringLiteral("test-model");
    profile.apiKey = QStringLiteral("bench-key");
    const auto http = host::providers::wire::chatRequest(profile, sampleRequest());
    QByteArray bytes = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:"
                       + QByteArray::number(servers.port(seat)) + "\r\n";
    for (const auto &[k, v] : http.headers)
        bytes += k + ": " + v + "\r\n";
    bytes += "Content-Length: " + QByteArray::number(http.body.size()) + "\r\n\r\n" + http.body;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, servers.port(seat));
    if (!socket.waitForConnected(5000))
        return {};
    socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    QByteArray buffer;
    std::function<void(bool)> done;
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] {
        buffer += socket.readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const qsizetype at = buffer.toLower().indexOf("content-length:");
        const qsizetype length
            = buffer.mid(at + 15, buffer.indexOf("\r\n", at) - at - 15).trimmed().toLongLong();
        if (buffer.size() < end + 4 + length)
            return;
        buffer.remove(0, end + 4 + length);
        done(true);
    });
    return timePath(servers, seat, n, gapMs, [&](std::function<void(bool)> then) {
        done = std::move(then);
        socket.write(bytes);
    });
}

/// The same request through ChatClient, as a pilot sends it.
Path chatClientPath(Servers &servers, int seat, int n, int gapMs)
{
    host::providers::ProviderProfile profile;
    profile.name = QStringLiteral("scripted");
    profile.baseUrl = servers.baseUrl(seat);
    profile.model = QStringLiteral("test-model");
    profile.apiKey = QStringLiteral("bench-key");
    auto client = std::make_shared<host::providers::ChatClient>(profile);
    const host::providers::ChatRequest request = sampleRequest();
    return timePath(servers, seat, n, gapMs, [&](std::function<void(bool)> then) {
        client->chat(request).then(
            [then = std::move(then)](host::providers::ChatOutcome o) { then(!o.error); });
    });
}

void printSummary(const char *what, const std::vector<double> &v, const char *unit)
{
    std::printf("  %-34s n %5zu  p50 %8.1f  p95 %8.1f  p99 %8.1f  max %9.1f %s\n",
                what,
                v.size(),
                percentile(v, 50),
                percentile(v, 95),
                percentile(v, 99),
                v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()),
                unit);
}

/// The pause between two requests of the breakdown.
constexpr int BreakdownGapMs = 10;

/// The command line beyond play()'s options.
struct CommandLine
{
    Options opt;
    int breakdownCalls = 0;
    bool asJson = false;
    bool baseline = true; ///< also play with built-in bots only
};

/// Exits for --help; nullopt (said on stderr) for a value out of range.
std::optional<CommandLine> readCommandLine(QCoreApplication &app)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("What model seats cost the host: CPU and added latency per model "
                       "call, deadline slips, against scripted model servers."));
    p.addHelpOption();
    p.addOption({QStringLiteral("matches"),
                 QStringLiteral("Matches of eight model seats each."),
                 QStringLiteral("N"),
                 QStringLiteral("8")});
    p.addOption({QStringLiteral("speed"),
                 QStringLiteral("Timer speed factor (standard timers)."),
                 QStringLiteral("X"),
                 QStringLiteral("20")});
    p.addOption({QStringLiteral("seed"),
                 QStringLiteral("Lobby seed."),
                 QStringLiteral("S"),
                 QStringLiteral("1")});
    p.addOption({QStringLiteral("db"),
                 QStringLiteral("Database (\":memory:\" or a file)."),
                 QStringLiteral("PATH"),
                 QStringLiteral(":memory:")});
    p.addOption({QStringLiteral("stagger"),
                 QStringLiteral("Milliseconds between the starts of two matches (0: at once)."),
                 QStringLiteral("MS"),
                 QStringLiteral("0")});
    p.addOption(
        {QStringLiteral("no-baseline"), QStringLiteral("Skip the run with built-in bots only.")});
    p.addOption({QStringLiteral("calls"),
                 QStringLiteral("Requests of each breakdown path (0: none)."),
                 QStringLiteral("N"),
                 QStringLiteral("300")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    p.process(app);
    CommandLine cl;
    Options &opt = cl.opt;
    bool ok1 = false, ok2 = false, ok3 = false, ok4 = false, ok5 = false;
    opt.matches = p.value(QStringLiteral("matches")).toInt(&ok1);
    opt.speed = p.value(QStringLiteral("speed")).toDouble(&ok2);
    opt.seed = p.value(QStringLiteral("seed")).toULongLong(&ok3);
    opt.db = p.value(QStringLiteral("db"));
    cl.breakdownCalls = p.value(QStringLiteral("calls")).toInt(&ok4);
    opt.staggerMs = p.value(QStringLiteral("stagger")).toInt(&ok5);
    if (!ok1 || !ok2 || !ok3 || !ok4 || !ok5 || opt.matches < 1 || opt.speed <= 0
        || cl.breakdownCalls < 0 || opt.staggerMs < 0) {
        std::fprintf(
            stderr,
            "pilot_bench: --matches must be a positive integer, --speed a positive number, "
            "--seed an unsigned integer, --calls and --stagger counts\n");
        return std::nullopt;
    }
    cl.asJson = p.isSet(QStringLiteral("json"));
    cl.baseline = !p.isSet(QStringLiteral("no-baseline"));
    return cl;
}

/// What main reports: the runs and the figures drawn from them.
struct Results
{
    Options opt;
    int breakdownCalls = 0;
    std::string loadBefore, loadAfter;
    Run models;
    std::optional<Run> bots;
    std::optional<Path> plain, chat;
    double hostPerModelCallUs = 0;
    double modelToolCalls = 0;
    double botPerToolCallUs = 0;
    double overheadPerModelCallUs = 0;
    double hostPerModelToolCallUs = 0;
    Latency lat;
    std::vector<double> allA; ///< (a): first requests and follow-ups
    std::size_t bytes = 0;    ///< of the chat requests
    double p99a = 0, p99b = 0;
};

void computeFigures(Results &res)
{
    const Run &models = res.models;
    const std::optional<Run> &bots = res.bots;
    res.hostPerModelCallUs
        = models.modelCalls ? double(models.hostCpuNs) / 1000.0 / models.modelCalls : 0;
    res.modelToolCalls = double(models.calls.size());
    res.botPerToolCallUs = bots && !bots->calls.empty()
                               ? double(bots->hostCpuNs) / 1000.0 / double(bots->calls.size())
                               : 0;
    // The model run's host CPU less its tool calls at the bots' rate, over
    // its model calls: what a pilot costs beyond what a bot's decisions do
    // (the bots' rate includes their own thinking, so this is no more than
    // an estimate, and can come out below zero).
    res.overheadPerModelCallUs
        = bots && models.modelCalls
              ? (double(models.hostCpuNs) / 1000.0 - res.modelToolCalls * res.botPerToolCallUs)
                    / models.modelCalls
              : 0;
    res.hostPerModelToolCallUs
        = res.modelToolCalls > 0 ? double(models.hostCpuNs) / 1000.0 / res.modelToolCalls : 0;
    res.lat = latency(models);
    res.allA = res.lat.firstUs;
    res.allA.insert(res.allA.end(), res.lat.followUpUs.begin(), res.lat.followUpUs.end());
    res.bytes = 0;
    for (const Request &q : models.requests)
        res.bytes += q.bytes;
    res.p99a = percentile(res.allA, 99);
    res.p99b = percentile(res.lat.answerUs, 99);
}

void printJson(Results &res)
{
    auto runJson = [](const Run &r) {
        return json{
            {"matchesEnded", r.ended},
            {"wallSeconds", r.wallS},
            {"events", r.events},
            {"toolCalls", r.calls.size()},
            {"hostCpuMs", double(r.hostCpuNs) / 1e6},
            {"serverThreadCpuMs", double(r.serverCpuNs) / 1e6},
            {"otherThreadsCpuMs", double(r.processCpuNs - r.hostCpuNs - r.serverCpuNs) / 1e6},
            {"deadlineWindows", r.windows},
            {"publishedLateUs", summary(r.publishUs)}};
    };
    json out = {{"matches", res.opt.matches},
                {"speed", res.opt.speed},
                {"seed", res.opt.seed},
                {"staggerMs", res.opt.staggerMs},
                {"db", res.opt.db.toStdString()},
                {"loadAverage", {res.loadBefore, res.loadAfter}},
                {"models", runJson(res.models)},
                {"modelCalls", res.models.modelCalls},
                {"chatRequests", res.models.requests.size()},
                {"requestBytesAvg",
                 res.models.requests.empty() ? 0 : res.bytes / res.models.requests.size()},
                {"hostCpuPerModelCallUs", res.hostPerModelCallUs},
                {"addedLatencyUs",
                 {{"turnToRequest", summary(res.allA)},
                  {"turnToRequestFirst", summary(res.lat.firstUs)},
                  {"turnToRequestFollowUp", summary(res.lat.followUpUs)},
                  {"turnToRequestReady", summary(res.lat.firstByJob[Job::Ready])},
                  {"answerToToolCall", summary(res.lat.answerUs)},
                  {"turnToRequestFirstByPlaceP50",
                   [&res] {
                       json byPlace = json::array();
                       for (const auto &[place, v] : res.lat.firstByOrder)
                           byPlace.push_back(percentile(v, 50));
                       return byPlace;
                   }()},
                  {"unmatched", res.lat.unmatched}}},
                {"standInTurns", res.models.standInTurns},
                {"failures", res.models.failures},
                {"handedOver", res.models.handedOver},
                {"toolErrors", res.models.toolErrors}};
    auto pathJson = [](const Path &path) {
        return json{{"sendUs", summary(path.sendUs)},
                    {"receiveUs", summary(path.receiveUs)},
                    {"hostCpuUsPerCall", path.hostCpuUs},
                    {"otherThreadsCpuUsPerCall", path.otherCpuUs},
                    {"errors", path.errors}};
    };
    if (res.plain && res.chat)
        out["breakdown"] = {{"gapMs", BreakdownGapMs},
                            {"plainSocket", pathJson(*res.plain)},
                            {"chatClient", pathJson(*res.chat)}};
    if (res.bots) {
        out["bots"] = runJson(*res.bots);
        out["hostCpuPerBotToolCallUs"] = res.botPerToolCallUs;
        out["pilotOverheadPerModelCallUs"] = res.overheadPerModelCallUs;
        out["hostCpuPerModelToolCallUs"] = res.hostPerModelToolCallUs;
    }
    std::printf("%s\n", out.dump(2).c_str());
}

/// The two runs: matches, calls and CPU.
void printRuns(const Results &res)
{
    std::printf("pilot_bench: %d matches x 8 model seats, speed x%g (standard timers), seed %llu, "
                "db %s, %s\n",
                res.opt.matches,
                res.opt.speed,
                static_cast<unsigned long long>(res.opt.seed),
                qPrintable(res.opt.db),
                res.opt.staggerMs ? qPrintable(
                    QStringLiteral("matches started %1 ms apart").arg(res.opt.staggerMs))
                                  : "all matches started at once");
    std::printf("load average before %s, after %s; %d scripted servers (one per seat) answer at "
                "once on a thread "
                "of their own\n\n",
                res.loadBefore.c_str(),
                res.loadAfter.c_str(),
                res.models.seats);
    std::printf("model seats\n");
    std::printf("  matches ended %d / %d in %.1f s wall; %d events; %zu tool calls\n",
                res.models.ended,
                res.opt.matches,
                res.models.wallS,
                res.models.events,
                res.models.calls.size());
    std::printf("  model calls %d (the pilots' count); the servers answered %zu chat requests of "
                "%zu KiB on average\n",
                res.models.modelCalls,
                res.models.requests.size(),
                res.models.requests.empty() ? std::size_t(0)
                                            : res.bytes / res.models.requests.size() / 1024);
    std::printf("  host thread CPU %.0f ms = %.0f us per model call (the pilots and the engine, "
                "store and tool-layer "
                "work their calls cause)\n",
                double(res.models.hostCpuNs) / 1e6,
                res.hostPerModelCallUs);
    std::printf("  other CPU: the servers' thread %.0f ms; the rest of the process %.0f ms (commit "
                "thread, Qt's "
                "network threads)\n",
                double(res.models.serverCpuNs) / 1e6,
                double(res.models.processCpuNs - res.models.hostCpuNs - res.models.serverCpuNs)
                    / 1e6);
    if (res.bots) {
        std::printf("built-in bots only (the same number of matches, seed and speed)\n");
        std::printf("  matches ended %d / %d in %.1f s wall; %d events; %zu tool calls\n",
                    res.bots->ended,
                    res.opt.matches,
                    res.bots->wallS,
                    res.bots->events,
                    res.bots->calls.size());
        std::printf("  host thread CPU %.0f ms = %.1f us per tool call; other threads %.0f ms\n",
                    double(res.bots->hostCpuNs) / 1e6,
                    res.botPerToolCallUs,
                    double(std::max<std::int64_t>(0, res.bots->processCpuNs - res.bots->hostCpuNs))
                        / 1e6);
        std::printf(
            "  per tool call the host thread spent %.0f us with model seats and %.0f us with bots; "
            "pilot\n"
            "  overhead per model call ~ %.0f us (the model run's host CPU less its %zu tool calls "
            "at the\n"
            "  bots' rate, over its model calls; the bots' rate includes their own decisions)\n",
            res.hostPerModelToolCallUs,
            res.botPerToolCallUs,
            res.overheadPerModelCallUs,
            res.models.calls.size());
    }
}

/// (a) and (b), the latency the pilots add.
void printLatency(Results &res)
{
    std::printf("\nadded latency per model call, us (one steady clock; the model itself answers at "
                "once)\n");
    std::printf("  (a) from the moment the seat had something to do to its request at the server: "
                "for a new thing\n"
                "      to do, the publication of the committed events that gave it "
                "(Host::matchEvents); for a\n"
                "      follow-up, the tool layer's answer to its previous call or the server's "
                "previous answer\n"
                "      (a nudge). It ends when the whole request has arrived and the server's "
                "handler runs.\n"
                "      \"all\" leaves out each pilot's first call (ready), which also opens its "
                "connection.\n");
    std::printf("  (b) from the server handing its answer to its socket to the tool call it held "
                "reaching the\n"
                "      host's tool layer (Host::setToolGateway).\n");
    printSummary("(a) turn -> request, all", res.allA, "us");
    printSummary("(a) new thing to do", res.lat.firstUs, "us");
    printSummary("    of which night actions", res.lat.firstByJob[Job::Night], "us");
    printSummary("    of which speeches", res.lat.firstByJob[Job::Speak], "us");
    printSummary("    of which votes", res.lat.firstByJob[Job::Vote], "us");
    std::printf("      by place among the requests one batch started (p50):");
    for (const auto &[place, v] : res.lat.firstByOrder)
        std::printf(" %d: %.0f%s",
                    place,
                    percentile(v, 50),
                    place < int(res.lat.firstByOrder.size()) ? "," : "\n");
    printSummary("(a) follow-up", res.lat.followUpUs, "us");
    printSummary("(a) ready (each pilot's first call)", res.lat.firstByJob[Job::Ready], "us");
    printSummary("(b) answer -> tool call", res.lat.answerUs, "us");
    if (res.lat.unmatched)
        std::printf("  %d requests had no moment to measure from (left out)\n", res.lat.unmatched);
    std::printf("  target p99 < 1000 us: (a) %s, (b) %s\n",
                res.p99a < 1000 ? "met" : "MISSED",
                res.p99b < 1000 ? "met" : "MISSED");
}

void printBreakdown(const Results &res)
{
    if (res.plain && res.chat) {
        std::printf("\nwhere it goes: one request at a time from the host thread, %d calls %d ms "
                    "apart, the same\n"
                    "two paths without the pilots and the seat loop (send: the call -> the whole "
                    "request at the\n"
                    "server; receive: the server's answer -> the caller has it)\n",
                    res.breakdownCalls,
                    BreakdownGapMs);
        printSummary("plain socket: send", res.plain->sendUs, "us");
        printSummary("plain socket: receive", res.plain->receiveUs, "us");
        printSummary("ChatClient: send", res.chat->sendUs, "us");
        printSummary("ChatClient: receive", res.chat->receiveUs, "us");
        std::printf("  CPU per call: plain socket %.0f us on the host thread; ChatClient %.0f us "
                    "on the host thread and\n"
                    "  %.0f us on other threads (Qt's network thread); errors %d / %d\n",
                    res.plain->hostCpuUs,
                    res.chat->hostCpuUs,
                    res.chat->otherCpuUs,
                    res.plain->errors,
                    res.chat->errors);
    }
}

void printDeadlines(const Results &res)
{
    std::printf("\ndeadlines (each phase or opening turn that ran to its deadline)\n");
    std::printf("  model seats: %d windows ended by their deadline\n", res.models.windows);
    printSummary("published after the deadline", res.models.publishUs, "us");
    for (const Run::Slip &slip : res.models.worst)
        std::printf("    %.1f ms late: %s\n", slip.us / 1000.0, slip.what.c_str());
    if (res.bots) {
        std::printf("  built-in bots: %d windows ended by their deadline\n", res.bots->windows);
        printSummary("published after the deadline", res.bots->publishUs, "us");
        for (const Run::Slip &slip : res.bots->worst)
            std::printf("    %.1f ms late: %s\n", slip.us / 1000.0, slip.what.c_str());
    }
    std::printf("  stand-in turns %d, provider failures %d, seats handed over %d, calls the match "
                "refused %d\n",
                res.models.standInTurns,
                res.models.failures,
                res.models.handedOver,
                res.models.toolErrors);
}

} // namespace

int main(int argc, char **argv)
{
    // As townhall --headless does: Qt's own event dispatcher, not GLib's.
    if (qEnvironmentVariableIsEmpty("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    const std::optional<CommandLine> cl = readCommandLine(app);
    if (!cl)
        return 2;
    Results res;
    res.opt = cl->opt;
    res.breakdownCalls = cl->breakdownCalls;
    res.loadBefore = loadAverage();

    Servers servers;
    // Two more servers for the breakdown, which runs last.
    const int modelSeats = res.opt.matches * engine::SeatCount;
    if (!servers.start(modelSeats + 2)) {
        std::fprintf(stderr, "pilot_bench: the scripted servers cannot listen on 127.0.0.1\n");
        return 1;
    }
    res.models = play(res.opt, &servers);
    if (cl->baseline)
        res.bots = play(res.opt, nullptr);
    if (res.breakdownCalls > 0) {
        res.plain = plainSocketPath(servers, modelSeats, res.breakdownCalls, BreakdownGapMs);
        res.chat = chatClientPath(servers, modelSeats + 1, res.breakdownCalls, BreakdownGapMs);
    }
    res.loadAfter = loadAverage();
    computeFigures(res);

    if (cl->asJson) {
        printJson(res);
    } else {
        printRuns(res);
        printLatency(res);
        printBreakdown(res);
        printDeadlines(res);
    }
    return res.models.ended == res.opt.matches ? 0 : 1;
}
