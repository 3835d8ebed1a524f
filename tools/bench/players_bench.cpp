// SPDX-License-Identifier: MIT
// players_bench: what people's pages cost the host, beside a crowd of
// spectators.
//
// Plays N eight-seat matches in a real Host with its MCP port and its
// players' listener, twice, each time with S spectators on /spectate: once
// with bots only, once with P of the seats played by people (one per match,
// at most N), whose pages are WebSocket clients of /play/CODE/ws on a thread
// of their own. A page acts the way a person clicking the first choice would
// (ready, the first allowed target, a line of speech), as soon as its
// document asks. It reports
//   - commit → player page updated: from the commit of the newest event a
//     document holds (Host::matchEvents, before anything else sees the
//     batch) to the page's socket handing the document over, on one steady
//     clock; only documents that bring a newer event are counted;
//   - the host thread's CPU in both runs, and the difference per page;
//   - the turns the stand-in played for the pages (0 when they kept up).
//
// Run: build/tools/bench/players_bench [--matches 8] [--people 8] [--speed 20]
//      [--spectators 1000] [--json]

#include "host/host.h"
#include "host/hoststack.h"
#include "host/mcpservice.h"
#include "host/players/playersserver.h"
#include "host/seats/humanseats.h"
#include "tools/bench/feedcrowd.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QThread>
#include <QTimer>
#include <QWebSocket>

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include <cstdio>
#include <memory>
#include <set>

using namespace townhall;
using namespace townhall::host;
using namespace townhall::bench;
using json = nlohmann::json;

namespace {

/// The people's pages, on their own thread.
class Pages : public QObject
{
public:
    explicit Pages(CommitTimes *commits)
        : m_commits(commits)
    {}
    void open(const QList<QUrl> &urls)
    {
        for (const QUrl &url : urls) {
            auto *s = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
            auto page = std::make_shared<Page>();
            connect(s, &QWebSocket::textMessageReceived, this, [this, s, page](const QString &t) {
                received(*s, *page, t);
            });
            s->open(url);
        }
    }
    std::atomic<int> documents{0};
    std::atomic<int> actions{0};
    std::atomic<int> refused{0};
    std::vector<double> latenciesMs;   // this thread only until it has stopped
    std::vector<std::string> refusals; // the first few, likewise

private:
    struct Page
    {
        std::uint64_t newestSeq = 0;
        std::set<std::string> done; ///< what the page acted on already
        int sent = 0;
        std::string lastAnswer;
    };

    void received(QWebSocket &socket, Page &page, const QString &text)
    {
        const auto now = Clock::now();
        ++documents;
        const json doc = json::parse(text.toStdString(), nullptr, false);
        if (!doc.is_object())
            return;
        const json &events = doc.value("events", json::array());
        if (!events.empty() && events.back().is_object()) {
            const std::string id = events.back().value("eventId", "");
            const auto colon = id.rfind(':');
            const std::uint64_t seq
                = colon == std::string::npos ? 0 : std::stoull(id.substr(colon + 1));
            if (seq > page.newestSeq) {
                page.newestSeq = seq;
                std::lock_guard guard(m_commits->lock);
                const auto it = m_commits->at.find({id.substr(0, colon), seq});
                if (it != m_commits->at.end())
                    latenciesMs.push_back(
                        std::chrono::duration<double, std::milli>(now - it->second).count());
            }
        }
        const json &answer = doc.value("answer", json());
        if (answer.is_object() && answer.value("id", "") != page.lastAnswer) {
            page.lastAnswer = answer.value("id", "");
            if (!answer.value("ok", false)) {
                ++refused;
                if (refusals.size() < 5)
                    refusals.push_back(answer.dump());
            }
        }
        act(socket, page, doc);
    }

    /// What a person clicking the first choice would send, once per thing asked.
    void act(QWebSocket &socket, Page &page, const json &doc)
    {
        const json &st = doc.value("state", json());
        if (!st.is_object() || !st.contains("you") || !st["you"].is_object())
            return;
        const json &you = st["you"];
        const json ra = you.value("requiredAction", json::object());
        const std::string phase = st.value("phase", "");
        const std::string type = ra.is_object() && !ra.value("alreadySubmitted", false)
                                     ? ra.value("type", "NONE")
                                     : "NONE";
        const bool lastWords = you.value("lastWordsDue", false);
        const std::string key = phase + '/' + std::to_string(st.value("dayNumber", 0)) + '/' + type
                                + (lastWords ? "/last" : "");
        if (page.done.count(key))
            return;
        const json targets
            = ra.is_object() ? ra.value("allowedTargets", json::array()) : json::array();
        const json first = targets.empty() ? json(nullptr) : targets.front();
        std::string tool;
        json args = json::object();
        if (phase == "LOBBY") {
            tool = "match.ready";
        } else if (lastWords) {
            tool = "match.say_public";
            args = {{"text", "My last words."}, {"kind", "LAST_WORDS"}};
        } else if (type == "WOLF_KILL") {
            tool = "match.night.wolf_kill";
            args = {{"targetPlayerId", first}};
        } else if (type == "SEER_INSPECT") {
            tool = "match.night.seer_inspect";
            args = {{"targetPlayerId", first}};
        } else if (type == "DOCTOR_PROTECT") {
            tool = "match.night.doctor_protect";
            args = {{"targetPlayerId", first}};
        } else if (type == "VOTE") {
            tool = "match.vote";
            args = {{"targetPlayerId", first}};
        } else if (type == "HUNTER_SHOOT") {
            tool = "match.hunter_shoot";
            args = {{"targetPlayerId", first}};
        } else if (type == "WITCH_ACT") {
            tool = "match.night.witch_act";
            args = {{"action", "PASS"}};
        } else if (type == "SPEAK_OPENING" || type == "SPEAK_DEFENSE") {
            tool = "match.say_public";
            args = {{"text", "I am a villager, I promise."},
                    {"kind", type == "SPEAK_OPENING" ? "OPENING" : "DEFENSE"}};
        } else {
            return;
        }
        page.done.insert(key);
        ++actions;
        const json action{
            {"id", "bench-" + std::to_string(++page.sent)}, {"tool", tool}, {"arguments", args}};
        socket.sendTextMessage(QString::fromStdString(action.dump()));
    }

    CommitTimes *m_commits;
};

struct Run
{
    double hostCpu = 0;
    double wall = 0;
    std::vector<double> latenciesMs;
    int documents = 0;
    int actions = 0;
    int standInTurns = 0;
    int refused = 0;
};

Run play(int matches, int people, double speed, int spectators)
{
    CommitTimes commits;
    HostStackOptions so;
    so.host.dbPath = QStringLiteral(":memory:");
    so.host.speed = speed;
    so.host.seed = 42;
    so.host.rateLimits = false;
    so.recording = false;
    so.playersListen = std::pair(QHostAddress(QHostAddress::LocalHost), quint16(0));
    so.wire = [&commits](Host &host) {
        noteCommits(host, commits);
    };
    HostStack stack(std::move(so));
    QString error;
    if (!stack.start(&error) || !stack.listenError().isEmpty() || !stack.players())
        qFatal("%s", qPrintable(error + stack.listenError() + stack.playersError()));
    Host &host = stack.host();
    QTimer wake; // the waits below block on events; this wakes them at least every 100 ms
    wake.start(100);

    QThread thread;
    Crowd crowd(spectateUrl(stack.mcp()), &commits);
    Pages pages(&commits);
    crowd.moveToThread(&thread);
    pages.moveToThread(&thread);
    thread.start();
    admitSpectators(crowd, stack.mcp(), spectators);

    // One person in each of the first `people` matches: the queue seats in order.
    std::vector<std::string> humans;
    QList<QUrl> urls;
    for (int m = 0; m < matches; ++m) {
        if (m < people) {
            const auto agentId = host.queueHumanSeat(QStringLiteral("Person %1").arg(m + 1));
            if (!agentId)
                qFatal("the queue refused a human seat");
            humans.push_back(*agentId);
            QUrl url(stack.players()->joinUrl(host.humanSeats().codeOf(*agentId)) + u"/ws");
            url.setScheme(QStringLiteral("ws"));
            urls.append(url);
        }
        host.addBots(m < people ? 7 : 8);
    }
    QMetaObject::invokeMethod(&pages, [&pages, urls] { pages.open(urls); });
    const auto giveUp = Clock::now() + std::chrono::seconds(30);
    while (stack.players()->connectionCount() < people && Clock::now() < giveUp)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);

    int ended = 0;
    QObject::connect(&host, &Host::matchEnded, &host, [&ended] { ++ended; });
    const double cpu0 = threadCpuSeconds();
    const auto wall0 = Clock::now();
    while (ended < matches)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    Run run;
    run.hostCpu = threadCpuSeconds() - cpu0;
    run.wall = std::chrono::duration<double>(Clock::now() - wall0).count();
    for (const std::string &agentId : humans)
        if (const auto seat = host.humanSeats().state(agentId)) {
            run.standInTurns += seat->standInTurns;
            for (const PilotNote &n : seat->log->notes)
                std::fprintf(stderr,
                             "players_bench: %s, %s day %d: %s\n",
                             PilotNote::kindName(n.kind),
                             std::string(engine::toString(n.phase)).c_str(),
                             n.day,
                             qPrintable(n.text));
        }
    const auto settle = Clock::now() + std::chrono::seconds(2);
    while (Clock::now() < settle)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    thread.quit();
    thread.wait();
    run.latenciesMs = std::move(pages.latenciesMs);
    run.documents = pages.documents;
    run.actions = pages.actions;
    run.refused = pages.refused;
    for (const std::string &r : pages.refusals)
        std::fprintf(stderr, "players_bench: refused: %s\n", r.c_str());
    return run;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    addLoadOptions(p, QStringLiteral("Spectators in both runs."));
    p.addOption({QStringLiteral("people"),
                 QStringLiteral("Seats played by pages (one per match)."),
                 QStringLiteral("P"),
                 QStringLiteral("8")});
    p.process(app);
    const Load load = readLoadOptions(p);
    const int matches = load.matches;
    const double speed = load.speed;
    const int spectators = load.spectators;
    const int people = std::clamp(p.value(QStringLiteral("people")).toInt(), 1, matches);

    const Run bots = play(matches, 0, speed, spectators);
    const Run mixed = play(matches, people, speed, spectators);
    const double perPage = (mixed.hostCpu - bots.hostCpu) / people;
    const json out = {
        {"matches", matches},
        {"people", people},
        {"speed", speed},
        {"spectators", spectators},
        {"hostCpuSecondsBots", bots.hostCpu},
        {"hostCpuSecondsWithPeople", mixed.hostCpu},
        {"wallSecondsWithPeople", mixed.wall},
        {"hostCpuSecondsPerPage", perPage},
        {"hostCpuShareOfOneCorePerPage", perPage / mixed.wall},
        {"documents", mixed.documents},
        {"actions", mixed.actions},
        {"standInTurns", mixed.standInTurns},
        {"refusedActions", mixed.refused},
        {"latencyMsP50", percentile(mixed.latenciesMs, 0.50)},
        {"latencyMsP95", percentile(mixed.latenciesMs, 0.95)},
        {"latencyMsMax", percentile(mixed.latenciesMs, 1.0)},
        {"latencySamples", mixed.latenciesMs.size()},
    };
    if (load.json) {
        std::printf("%s\n", out.dump(2).c_str());
        return 0;
    }
    std::printf("players_bench: %d matches at x%g, %d played by pages, %d spectators (2 shared "
                "cores)\n",
                matches,
                speed,
                people,
                spectators);
    std::printf("  commit -> player page: p50 %.2f ms, p95 %.2f ms, max %.2f ms (%zu documents "
                "with a newer event of %d; %d actions, %d refused, %d stand-in turns)\n",
                out["latencyMsP50"].get<double>(),
                out["latencyMsP95"].get<double>(),
                out["latencyMsMax"].get<double>(),
                mixed.latenciesMs.size(),
                mixed.documents,
                mixed.actions,
                mixed.refused,
                mixed.standInTurns);
    std::printf("  host thread CPU: %.2f s with bots only, %.2f s with the pages: %.3f s per page "
                "(%.2f %% of one core over %.1f s)\n",
                bots.hostCpu,
                mixed.hostCpu,
                perPage,
                100.0 * perPage / mixed.wall,
                mixed.wall);
    return 0;
}
