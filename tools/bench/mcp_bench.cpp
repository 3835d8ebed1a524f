// SPDX-License-Identifier: MIT
// mcp_bench: a load generator for the Town Hall MCP server.
//
// Starts `townhall --headless --no-rate-limits --skip-to-vote --speed 0.001`
// pinned to one core (taskset), pins itself to another, and drives it with
// raw keep-alive HTTP/1.1 on plain non-blocking sockets (one epoll loop, one
// connection per MCP session, closed loop: a session sends its next request
// when the previous answer is in). It measures
//   - session handshakes/s: initialize + notifications/initialized, what a
//     client does before its first call. "handshake" keeps the sessions open
//     (they are ended with DELETE after the timed run, untimed);
//     "hs+delete" is the whole session lifecycle, DELETE timed too,
//   - tools/call throughput and p50/p99 latency of get_state and vote at 1, 8
//     and 64 concurrent sessions (each session is a seated player; votes are
//     re-cast between two targets, each one a committed VOTE_CAST event),
//   - the server's peak RSS (VmHWM) after each part.
//
// --skip-to-vote makes the host skip every new match to its first DAY_VOTE;
// with --speed 0.001 that vote window then stays open for ~12 hours, and one
// seated session per match never votes so it does not close early.

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <map>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <sched.h>
#include <string>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

[[noreturn]] void die(const std::string &what)
{
    std::fprintf(stderr, "mcp_bench: %s\n", what.c_str());
    std::exit(1);
}

struct Response
{
    int status = 0;
    std::string sessionId;
    std::string body;
};

/// One keep-alive HTTP/1.1 connection carrying one MCP session.
struct Conn
{
    int fd = -1;
    std::string out;
    std::size_t outOff = 0;
    std::string in;
    std::string sessionId;
    Clock::time_point sentAt;
    Clock::time_point t0; // start of a multi-request scenario (handshakes)
    std::function<void(Conn &, Response &&)> onResponse;
    // Scenario state.
    int step = 0;
    std::string matchId;
    std::string playerId;
    std::vector<std::string> targets;
    bool voter = false;
    std::uint64_t flip = 0;
    Clock::time_point dueAt; // --pace: when this session sends its next call
};

class Loop
{
public:
    explicit Loop(std::uint16_t port)
        : m_port(port)
    {
        m_ep = epoll_create1(EPOLL_CLOEXEC);
        if (m_ep < 0)
            die("epoll_create1");
    }

    Conn *open()
    {
        auto c = std::make_unique<Conn>();
        c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(m_port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(c->fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0)
            die(std::string("connect: ") + std::strerror(errno));
        int one = 1;
        setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.ptr = c.get();
        epoll_ctl(m_ep, EPOLL_CTL_ADD, c->fd, &ev);
        m_conns.push_back(std::move(c));
        return m_conns.back().get();
    }

    void
    post(Conn &c, const std::string &method, const std::string &body, const char *path = "/mcp")
    {
        std::string r;
        r.reserve(300 + body.size());
        r += method;
        r += ' ';
        r += path;
        r += " HTTP/1.1\r\nHost: 127.0.0.1:";
        r += std::to_string(m_port);
        r += "\r\nAccept: application/json, text/event-stream\r\n";
        if (!c.sessionId.empty()) {
            r += "Mcp-Session-Id: ";
            r += c.sessionId;
            r += "\r\nMCP-Protocol-Version: 2025-06-18\r\n";
        }
        if (!body.empty()) {
            r += "Content-Type: application/json\r\nContent-Length: ";
            r += std::to_string(body.size());
            r += "\r\n";
        }
        r += "\r\n";
        r += body;
        c.out = std::move(r);
        c.outOff = 0;
        c.sentAt = Clock::now();
        flushOut(c);
    }

    /// Runs until `until()` is true (checked after each event batch, and at
    /// least every `waitMs`).
    void run(const std::function<bool()> &until, int waitMs = 100)
    {
        epoll_event evs[128];
        while (!until()) {
            const int n = epoll_wait(m_ep, evs, 128, waitMs);
            for (int i = 0; i < n; ++i) {
                Conn &c = *static_cast<Conn *>(evs[i].data.ptr);
                if (evs[i].events & EPOLLOUT)
                    flushOut(c);
                if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))
                    readIn(c);
            }
        }
    }

    /// Closes a connection (the Conn stays allocated; it is not used again).
    void close(Conn &c)
    {
        epoll_ctl(m_ep, EPOLL_CTL_DEL, c.fd, nullptr);
        ::close(c.fd);
        c.fd = -1;
        c.onResponse = nullptr;
    }

private:
    void flushOut(Conn &c)
    {
        while (c.outOff < c.out.size()) {
            const ssize_t w
                = ::send(c.fd, c.out.data() + c.outOff, c.out.size() - c.outOff, MSG_NOSIGNAL);
            if (w < 0) {
                if (errno == EAGAIN) {
                    epoll_event ev{};
                    ev.events = EPOLLIN | EPOLLOUT;
                    ev.data.ptr = &c;
                    epoll_ctl(m_ep, EPOLL_CTL_MOD, c.fd, &ev);
                    return;
                }
                die(std::string("send: ") + std::strerror(errno));
            }
            c.outOff += static_cast<std::size_t>(w);
        }
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.ptr = &c;
        epoll_ctl(m_ep, EPOLL_CTL_MOD, c.fd, &ev);
    }

    void readIn(Conn &c)
    {
        char buf[65536];
        for (;;) {
            const ssize_t r = ::recv(c.fd, buf, sizeof buf, 0);
            if (r > 0) {
                c.in.append(buf, static_cast<std::size_t>(r));
                continue;
            }
            if (r == 0)
                die("the server closed a connection");
            if (errno == EAGAIN)
                break;
            die(std::string("recv: ") + std::strerror(errno));
        }
        while (auto resp = parse(c))
            if (c.onResponse)
                c.onResponse(c, std::move(*resp));
    }

    /// One complete response off the front of c.in (Content-Length or chunked).
    static std::optional<Response> parse(Conn &c)
    {
        const std::size_t end = c.in.find("\r\n\r\n");
        if (end == std::string::npos)
            return std::nullopt;
        Response r;
        r.status = std::atoi(c.in.c_str() + 9);
        std::size_t len = 0;
        bool chunked = false;
        std::size_t pos = c.in.find("\r\n") + 2;
        while (pos < end) {
            const std::size_t eol = c.in.find("\r\n", pos);
            const std::string_view line(c.in.data() + pos, eol - pos);
            const std::size_t colon = line.find(':');
            if (colon != std::string_view::npos) {
                std::string name(line.substr(0, colon));
                std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) {
                    return std::tolower(ch);
                });
                std::string_view value = line.substr(colon + 1);
                while (!value.empty() && value.front() == ' ')
                    value.remove_prefix(1);
                if (name == "content-length")
                    len = std::strtoull(std::string(value).c_str(), nullptr, 10);
                else if (name == "transfer-encoding"
                         && value.find("chunked") != std::string_view::npos)
                    chunked = true;
                else if (name == "mcp-session-id")
                    r.sessionId = std::string(value);
            }
            pos = eol + 2;
        }
        std::size_t bodyStart = end + 4;
        if (!chunked) {
            if (c.in.size() < bodyStart + len)
                return std::nullopt;
            r.body = c.in.substr(bodyStart, len);
            c.in.erase(0, bodyStart + len);
            return r;
        }
        std::size_t p = bodyStart;
        std::string body;
        for (;;) {
            const std::size_t eol = c.in.find("\r\n", p);
            if (eol == std::string::npos)
                return std::nullopt;
            const std::size_t n = std::strtoull(c.in.c_str() + p, nullptr, 16);
            if (n == 0) {
                if (c.in.size() < eol + 4)
                    return std::nullopt;
                c.in.erase(0, eol + 4);
                r.body = std::move(body);
                return r;
            }
            if (c.in.size() < eol + 2 + n + 2)
                return std::nullopt;
            body.append(c.in, eol + 2, n);
            p = eol + 2 + n + 2;
        }
    }

    int m_ep = -1;
    std::uint16_t m_port;
    std::vector<std::unique_ptr<Conn>> m_conns;
};

/// The JSON-RPC message of a body (JSON, or the last `data:` line of SSE).
json rpc(const std::string &body)
{
    if (!body.empty() && body.front() == '{')
        return json::parse(body);
    std::size_t p = body.rfind("data: ");
    if (p == std::string::npos)
        die("unexpected body: " + body.substr(0, 200));
    return json::parse(body.substr(p + 6, body.find('\n', p) - p - 6));
}

json structured(const std::string &body)
{
    json m = rpc(body);
    if (m.contains("error"))
        die("JSON-RPC error: " + m.dump());
    const json &res = m.at("result");
    if (res.value("isError", false))
        die("tool error: " + res.dump());
    return res.at("structuredContent");
}

std::string initializeBody(int id, const std::string &name)
{
    return json{{"jsonrpc", "2.0"},
                {"id", id},
                {"method", "initialize"},
                {"params",
                 {{"protocolVersion", "2025-06-18"},
                  {"capabilities", json::object()},
                  {"clientInfo", {{"name", name}, {"version", "1"}}}}}}
        .dump();
}

const std::string kInitialized = R"({"jsonrpc":"2.0","method":"notifications/initialized"})";

std::string callBody(std::uint64_t id, const char *tool, const json &args)
{
    return json{{"jsonrpc", "2.0"},
                {"id", id},
                {"method", "tools/call"},
                {"params", {{"name", tool}, {"arguments", args}}}}
        .dump();
}

/// CPU time (ns, from schedstat) of the server's main thread, which runs
/// the HTTP server, the dispatcher and the recorder's ring, and of all its
/// threads (the host's commit thread, the calls file's writer, ...).
/// Threads that ended are not counted; the server's own live for the run.
struct ThreadCpu
{
    double mainNs = 0;
    double allNs = 0;
};

ThreadCpu serverThreadsCpu(pid_t pid)
{
    ThreadCpu t;
    const std::string mainTid = std::to_string(pid);
    const std::string dir = "/proc/" + mainTid + "/task/";
    auto runNs = [&](const std::string &tid) {
        std::ifstream f(dir + tid + "/schedstat");
        double ns = 0;
        f >> ns;
        return ns;
    };
    if (DIR *d = opendir(dir.c_str())) {
        while (dirent *e = readdir(d)) {
            if (e->d_name[0] == '.')
                continue;
            const double ns = runNs(e->d_name);
            t.allNs += ns;
            if (e->d_name == mainTid)
                t.mainNs = ns;
        }
        closedir(d);
    }
    return t;
}

struct Stats
{
    std::vector<double> latUs;
    std::uint64_t done = 0;
    double seconds = 0;
    double cpuStart = 0;    ///< server CPU seconds at the start of the run
    double cpu = 0;         ///< server CPU seconds used during the run
    ThreadCpu threadsStart; ///< the same per thread, in ns, at the start

    double pct(double p)
    {
        if (latUs.empty())
            return 0;
        std::sort(latUs.begin(), latUs.end());
        const std::size_t i = std::min(
            latUs.size() - 1, static_cast<std::size_t>(p * static_cast<double>(latUs.size())));
        return latUs[i] / 1000.0;
    }
};

double since(Clock::time_point t)
{
    return std::chrono::duration<double, std::micro>(Clock::now() - t).count();
}

struct ServerMem
{
    long hwmKiB = 0;
    long rssKiB = 0;
};

ServerMem serverMem(pid_t pid)
{
    std::ifstream f("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    ServerMem m;
    while (std::getline(f, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            m.hwmKiB = std::atol(line.c_str() + 6);
        if (line.rfind("VmRSS:", 0) == 0)
            m.rssKiB = std::atol(line.c_str() + 6);
    }
    return m;
}

/// CPU time the server used so far (user + system), in seconds.
double serverCpuSeconds(pid_t pid)
{
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const std::size_t close = stat.rfind(')');
    if (close == std::string::npos)
        return 0;
    // Fields after the command name: state(3) ... utime(14) stime(15).
    std::vector<std::string> fields;
    std::size_t p = close + 2;
    while (p < stat.size()) {
        const std::size_t sp = stat.find(' ', p);
        fields.push_back(stat.substr(p, sp == std::string::npos ? std::string::npos : sp - p));
        if (sp == std::string::npos)
            break;
        p = sp + 1;
    }
    if (fields.size() < 13)
        return 0;
    const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
    return (std::atof(fields[11].c_str()) + std::atof(fields[12].c_str())) / ticks;
}

void pinSelf(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        std::fprintf(stderr, "mcp_bench: cannot pin to cpu %d: %s\n", cpu, std::strerror(errno));
}

struct Options
{
    std::string townhall;
    std::string db = ":memory:";
    double duration = 5.0;
    std::string serverCpu
        = "0"; // a taskset list: "0", or "0,1" to give the store's commit thread a core
    int clientCpu = 1;
    double pace = 0; // calls per second per session; 0 = each session sends again at once
    std::vector<int> levels{1, 8, 64};
    bool json = false;
    bool recorder = true;
    std::vector<std::string> parts{"get_state", "vote", "handshake", "hs+delete"};
    bool runs(const std::string &part) const
    {
        return std::find(parts.begin(), parts.end(), part) != parts.end();
    }
};

Options parseArgs(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc)
                die("missing value after " + a);
            return argv[++i];
        };
        if (a == "--townhall")
            o.townhall = next();
        else if (a == "--db")
            o.db = next();
        else if (a == "--duration")
            o.duration = std::atof(next().c_str());
        else if (a == "--server-cpu")
            o.serverCpu = next();
        else if (a == "--client-cpu")
            o.clientCpu = std::atoi(next().c_str());
        else if (a == "--json")
            o.json = true;
        else if (a == "--no-recorder")
            o.recorder = false;
        else if (a == "--pace")
            o.pace = std::atof(next().c_str());
        else if (a == "--parts") {
            o.parts.clear();
            for (const QString &s : QString::fromStdString(next()).split(QLatin1Char(',')))
                o.parts.push_back(s.toStdString());
        } else if (a == "--sessions") {
            o.levels.clear();
            for (const QString &s : QString::fromStdString(next()).split(QLatin1Char(',')))
                o.levels.push_back(s.toInt());
        } else if (a == "--help" || a == "-h") {
            std::printf(
                "usage: mcp_bench --townhall PATH [--db PATH|:memory:] [--duration S] [--sessions "
                "1,8,64]\n"
                "                 [--server-cpu LIST] [--client-cpu N] [--json] [--no-recorder]\n"
                "                 [--parts get_state,vote,handshake,hs+delete] [--pace "
                "CALLS_PER_S]\n"
                "--pace R: each session sends R get_state or vote calls per second (agents' real\n"
                "rates are at most 2 reads per second) instead of sending\n"
                "the next call as soon as the last is answered; what to read is then the server's\n"
                "CPU share and the latencies, not the rate.\n");
            std::exit(0);
        } else
            die("unknown argument " + a);
    }
    if (o.townhall.empty())
        die("--townhall PATH is required (the built townhall executable)");
    return o;
}

struct Server
{
    pid_t pid = -1;
    std::uint16_t port = 0;
};

Server startServer(const Options &o)
{
    int pipefd[2];
    if (pipe(pipefd) != 0)
        die("pipe");
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        // The server ends with the bench, also when the bench is killed
        // (a timeout), instead of being left running and holding its port.
        // The setting survives the exec of taskset and of townhall.
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(1);
        dup2(pipefd[1], 1);
        close(pipefd[0]);
        close(pipefd[1]);
        const std::string &cpu = o.serverCpu;
        std::vector<const char *> args{"taskset",
                                       "-c",
                                       cpu.c_str(),
                                       o.townhall.c_str(),
                                       "--headless",
                                       "--port",
                                       "0",
                                       "--db",
                                       o.db.c_str(),
                                       "--no-rate-limits",
                                       "--skip-to-vote",
                                       "--speed",
                                       "0.001",
                                       "--seed",
                                       "1",
                                       "--quiet"};
        if (!o.recorder)
            args.push_back("--no-recorder"); // only to measure the recorder's own cost
        args.push_back(nullptr);
        execvp("taskset", const_cast<char *const *>(args.data()));
        std::perror("exec taskset");
        _exit(127);
    }
    close(pipefd[1]);
    std::string line;
    char ch;
    while (read(pipefd[0], &ch, 1) == 1 && ch != '\n')
        line += ch;
    close(pipefd[0]);
    const std::size_t colon = line.rfind(':');
    if (line.rfind("http://127.0.0.1:", 0) != 0 || colon == std::string::npos)
        die("the server printed no URL (got '" + line + "')");
    Server s;
    s.pid = pid;
    s.port = static_cast<std::uint16_t>(std::atoi(line.c_str() + colon + 1));
    return s;
}

/// One bench against one server: its parts share the connections' loop,
/// the report and the request ids.
class Bench
{
public:
    Bench(const Options &o, const Server &server)
        : m_o(o)
        , m_server(server)
        , m_loop(server.port)
        , m_report{{"server",
                    {{"cpu", o.serverCpu},
                     {"db", o.db},
                     {"rateLimits", false},
                     {"recorder", o.recorder},
                     {"pace", o.pace}}},
                   {"runs", json::array()}}
    {}

    std::uint64_t nextId() { return m_nextId++; }
    const json &report() const { return m_report; }

    /// Handshakes: initialize + initialized per session, on keep-alive
    /// connections. withDelete: the session is then ended with DELETE inside
    /// the timed loop; otherwise it stays open and is ended after the timed run.
    void handshakes(int n, bool withDelete)
    {
        Stats s;
        std::vector<Conn *> cs;
        for (int i = 0; i < n; ++i)
            cs.push_back(m_loop.open());
        std::vector<std::string> opened;
        bool stop = false;
        s.cpuStart = serverCpuSeconds(m_server.pid);
        s.threadsStart = serverThreadsCpu(m_server.pid);
        const auto start = Clock::now();
        for (Conn *c : cs) {
            c->step = 0;
            c->onResponse = [&](Conn &c, Response &&r) {
                switch (c.step) {
                case 0: { // initialize answered
                    if (r.status != 200 || r.sessionId.empty())
                        die("initialize: HTTP " + std::to_string(r.status) + " " + r.body);
                    c.sessionId = r.sessionId;
                    c.step = 1;
                    m_loop.post(c, "POST", kInitialized);
                    break;
                }
                case 1:
                    if (r.status != 202)
                        die("initialized: HTTP " + std::to_string(r.status));
                    s.latUs.push_back(since(c.t0)); // initialize sent → initialized accepted
                    ++s.done;
                    if (withDelete) {
                        c.step = 2;
                        m_loop.post(c, "DELETE", {});
                        break;
                    }
                    opened.push_back(c.sessionId);
                    [[fallthrough]];
                default:
                    if (c.step == 2 && r.status != 200)
                        die("DELETE: HTTP " + std::to_string(r.status));
                    c.sessionId.clear();
                    c.step = 0;
                    if (!stop) {
                        c.t0 = Clock::now();
                        m_loop.post(c, "POST", initializeBody(1, "bench"));
                    }
                }
            };
            c->t0 = Clock::now();
            m_loop.post(*c, "POST", initializeBody(1, "bench"));
        }
        const double budget = m_o.duration;
        m_loop.run([&] {
            if (!stop && std::chrono::duration<double>(Clock::now() - start).count() >= budget) {
                stop = true;
                s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            }
            return stop && std::all_of(cs.begin(), cs.end(), [](Conn *c) { return c->step == 0; });
        });
        print(withDelete ? "hs+delete" : "handshake", n, s);
        endSessions(cs, opened);
    }

    /// Seats players: 7 sessions per match may vote, the 8th holds out.
    /// Returns the sessions that vote, `voters` of them.
    std::vector<Conn *> seatPlayers(int voters)
    {
        const int perMatch = 6; // of 8 seats: 1 may die in the skipped night, 1 never votes
        const int matches = (voters + perMatch - 1) / perMatch;
        std::vector<Conn *> seats;
        for (int i = 0; i < matches * 8; ++i)
            seats.push_back(m_loop.open());
        for (Conn *c : seats) {
            c->step = 0;
            ++m_seatPending;
            c->onResponse = [this](Conn &c, Response &&r) {
                seatAnswered(c, r);
            };
            m_loop.post(*c, "POST", initializeBody(1, "seat"));
        }
        m_loop.run([&] { return m_seatPending == 0; });
        // Join one at a time so that each group of eight fills one match.
        for (Conn *c : seats) {
            c->step = 3;
            ++m_seatPending;
            m_loop.post(*c, "POST", callBody(m_nextId++, "et.werewolf.queue.join", json::object()));
            m_loop.run([&] { return m_seatPending == 0; });
        }
        // Wait until every match has been skipped to DAY_VOTE.
        for (int attempt = 0;; ++attempt) {
            for (Conn *c : seats) {
                c->step = 5;
                ++m_seatPending;
                m_loop.post(
                    *c, "POST", callBody(m_nextId++, "et.werewolf.queue.status", json::object()));
            }
            m_loop.run([&] { return m_seatPending == 0; });
            for (Conn *c : seats) {
                c->step = 7;
                ++m_seatPending;
                c->targets.clear();
                m_loop.post(
                    *c,
                    "POST",
                    callBody(m_nextId++, "et.werewolf.match.get_state", {{"matchId", c->matchId}}));
            }
            m_loop.run([&] { return m_seatPending == 0; });
            if (chooseVoters(seats, matches, voters))
                break;
            if (attempt > 100)
                die("the matches did not reach DAY_VOTE (is --skip-to-vote supported?)");
            usleep(100000);
        }
        std::vector<Conn *> voterConns;
        for (Conn *c : seats)
            if (c->voter)
                voterConns.push_back(c);
        std::fprintf(stderr,
                     "mcp_bench: %d matches in DAY_VOTE, %zu voting sessions\n",
                     matches,
                     voterConns.size());
        return voterConns;
    }

    /// `what` (get_state or vote) from the first `n` voting sessions, each
    /// sending its next call when the last is answered (or, with --pace, when due).
    void runCalls(const char *what,
                  int n,
                  const std::vector<Conn *> &voterConns,
                  const std::function<std::string(Conn &)> &request)
    {
        Stats s;
        s.latUs.reserve(1 << 20);
        bool stop = false;
        int inflight = 0;
        // --pace: session i starts i/n of an interval late, so the calls are
        // spread evenly; each next call is due one interval after the last
        // was due (or at once if the answer came later than that).
        const auto interval = m_o.pace > 0 ? std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(1.0 / m_o.pace))
                                           : Clock::duration::zero();
        std::vector<Conn *> waiting; // answered, next call not yet due
        s.cpuStart = serverCpuSeconds(m_server.pid);
        s.threadsStart = serverThreadsCpu(m_server.pid);
        const auto start = Clock::now();
        auto send = [&](Conn &c) {
            ++inflight;
            m_loop.post(c, "POST", request(c));
        };
        for (int i = 0; i < n; ++i) {
            Conn *c = voterConns[static_cast<std::size_t>(i)];
            c->onResponse = [&](Conn &c, Response &&r) {
                --inflight;
                if (r.status != 200)
                    die(std::string(what) + ": HTTP " + std::to_string(r.status) + " " + r.body);
                if (r.body.find("\"isError\":true") != std::string::npos)
                    die(std::string(what) + ": " + r.body.substr(0, 400));
                s.latUs.push_back(since(c.sentAt));
                ++s.done;
                if (stop)
                    return;
                if (m_o.pace > 0) {
                    c.dueAt = std::max(c.dueAt + interval, Clock::now());
                    waiting.push_back(&c);
                } else {
                    send(c);
                }
            };
            if (m_o.pace > 0) {
                c->dueAt = start + interval * i / n;
                waiting.push_back(c);
            } else {
                send(*c);
            }
        }
        m_loop.run(
            [&] {
                const auto now = Clock::now();
                if (!stop && std::chrono::duration<double>(now - start).count() >= m_o.duration) {
                    stop = true;
                    s.seconds = std::chrono::duration<double>(now - start).count();
                    waiting.clear();
                }
                std::erase_if(waiting, [&](Conn *c) {
                    if (c->dueAt > now)
                        return false;
                    send(*c);
                    return true;
                });
                return stop && inflight == 0;
            },
            m_o.pace > 0 ? 1 : 100);
        print(what, n, s);
    }

private:
    /// One line on stdout and one run in the report.
    void print(const std::string &what, int sessions, Stats &s)
    {
        const double rate = static_cast<double>(s.done) / s.seconds;
        const ServerMem mem = serverMem(m_server.pid);
        const double p50 = s.pct(0.50);
        const double p99 = s.pct(0.99);
        s.cpu = serverCpuSeconds(m_server.pid) - s.cpuStart;
        const ThreadCpu threads = serverThreadsCpu(m_server.pid);
        const double calls = static_cast<double>(std::max<std::uint64_t>(s.done, 1));
        const double mainUs = (threads.mainNs - s.threadsStart.mainNs) / 1000.0 / calls;
        const double allUs = (threads.allNs - s.threadsStart.allNs) / 1000.0 / calls;
        const double busy = s.cpu / s.seconds; // share of its core the server got
        const double perCpuSecond = static_cast<double>(s.done) / std::max(s.cpu, 1e-9);
        std::printf(
            "%-10s %3d sessions %8.0f /s  p50 %6.3f ms  p99 %6.3f ms  server CPU %3.0f%% (%6.0f "
            "per CPU-s)"
            "  RSS %5.1f MiB (peak %5.1f)  cpu-us/call: server thread %.1f, all threads %.1f\n",
            what.c_str(),
            sessions,
            rate,
            p50,
            p99,
            busy * 100.0,
            perCpuSecond,
            static_cast<double>(mem.rssKiB) / 1024.0,
            static_cast<double>(mem.hwmKiB) / 1024.0,
            mainUs,
            allUs);
        std::fflush(stdout);
        m_report["runs"].push_back({{"what", what},
                                    {"sessions", sessions},
                                    {"perSecond", rate},
                                    {"p50ms", p50},
                                    {"p99ms", p99},
                                    {"serverCpuShare", busy},
                                    {"perServerCpuSecond", perCpuSecond},
                                    {"serverThreadUsPerCall", mainUs},
                                    {"allThreadsUsPerCall", allUs},
                                    {"rssMiB", static_cast<double>(mem.rssKiB) / 1024.0},
                                    {"peakRssMiB", static_cast<double>(mem.hwmKiB) / 1024.0}});
    }

    /// Ends the sessions a handshake run left open, untimed, so that later
    /// parts start clean, and closes the connections: the next parts run
    /// with exactly the sessions they measure (plus idle seats).
    void endSessions(const std::vector<Conn *> &cs, const std::vector<std::string> &opened)
    {
        std::size_t next = 0;
        int busy = 0;
        for (Conn *c : cs) {
            c->onResponse = [&](Conn &c, Response &&) {
                --busy;
                if (next < opened.size()) {
                    ++busy;
                    c.sessionId = opened[next++];
                    m_loop.post(c, "DELETE", {});
                }
            };
            if (next < opened.size()) {
                ++busy;
                c->sessionId = opened[next++];
                m_loop.post(*c, "DELETE", {});
            }
        }
        m_loop.run([&] { return busy == 0; });
        for (Conn *c : cs)
            m_loop.close(*c);
    }

    /// A seat's answer, by the step it was at (initialize, initialized,
    /// queue.join, queue.status, get_state); m_seatPending counts the answers awaited.
    void seatAnswered(Conn &c, const Response &r)
    {
        if (c.step == 0) {
            c.sessionId = r.sessionId;
            c.step = 1;
            m_loop.post(c, "POST", kInitialized);
        } else if (c.step == 1) {
            c.step = 2;
            --m_seatPending;
        } else if (c.step == 3) { // queue.join answered
            json sc = structured(r.body);
            c.step = 4;
            --m_seatPending;
            (void)sc;
        } else if (c.step == 5) { // queue.status answered
            json sc = structured(r.body);
            if (sc.at("matchAssignment").is_object())
                c.matchId = sc["matchAssignment"]["matchId"].get<std::string>();
            c.step = 6;
            --m_seatPending;
        } else if (c.step == 7) { // get_state answered
            json st = structured(r.body).at("state");
            c.step = 8;
            --m_seatPending;
            if (st.at("phase") != "DAY_VOTE")
                return;
            const json &you = st.at("you");
            c.playerId = you.at("playerId").get<std::string>();
            if (!you.at("alive").get<bool>())
                return;
            c.targets
                = you.at("requiredAction").at("allowedTargets").get<std::vector<std::string>>();
        }
    }

    /// Once every match has living seats in DAY_VOTE: marks `voters` of them
    /// as voters, leaving one living seat per match without a vote so the
    /// window stays open. False while a match is not there yet.
    static bool chooseVoters(const std::vector<Conn *> &seats, int matches, int voters)
    {
        std::map<std::string, int> alive;
        for (Conn *c : seats)
            if (!c->targets.empty())
                ++alive[c->matchId];
        if (static_cast<int>(alive.size()) != matches)
            return false;
        int chosen = 0;
        std::map<std::string, int> used;
        for (Conn *c : seats) {
            c->voter = !c->targets.empty() && used[c->matchId] + 1 < alive[c->matchId]
                       && chosen < voters;
            if (c->voter) {
                ++used[c->matchId];
                ++chosen;
            }
        }
        if (chosen < voters)
            die("not enough living voters");
        return true;
    }

    const Options &m_o;
    const Server &m_server;
    Loop m_loop;
    json m_report;
    std::uint64_t m_nextId = 100;
    int m_seatPending = 0; ///< seatPlayers(): answers awaited
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // only for QString helpers; no event loop is used
    const Options o = parseArgs(argc, argv);
    const Server server = startServer(o);
    pinSelf(o.clientCpu);
    std::fprintf(
        stderr,
        "mcp_bench: server pid %d on 127.0.0.1:%u (cpu %s), generator on cpu %d, %.1f s per run\n",
        server.pid,
        server.port,
        o.serverCpu.c_str(),
        o.clientCpu,
        o.duration);
    Bench bench(o, server);
    const int maxLevel = *std::max_element(o.levels.begin(), o.levels.end());

    const std::vector<Conn *> voterConns = bench.seatPlayers(maxLevel);
    for (int n : o.levels)
        if (o.runs("get_state"))
            bench.runCalls("get_state", n, voterConns, [&](Conn &c) {
                return callBody(
                    bench.nextId(), "et.werewolf.match.get_state", {{"matchId", c.matchId}});
            });
    for (int n : o.levels)
        if (o.runs("vote"))
            bench.runCalls("vote", n, voterConns, [&](Conn &c) {
                const std::string &t = c.targets[(c.flip++) % 2];
                return callBody(bench.nextId(),
                                "et.werewolf.match.vote",
                                {{"matchId", c.matchId}, {"targetPlayerId", t}});
            });

    // Last, so that the sessions they leave behind (and the heap they grew)
    // do not weigh on the RSS of the parts above.
    for (int n : o.levels)
        if (o.runs("handshake"))
            bench.handshakes(n, false);
    if (o.runs("hs+delete"))
        bench.handshakes(maxLevel, true);

    if (o.json)
        std::printf("%s\n", bench.report().dump(2).c_str());
    kill(server.pid, SIGTERM);
    int status = 0;
    waitpid(server.pid, &status, 0);
    return 0;
}
