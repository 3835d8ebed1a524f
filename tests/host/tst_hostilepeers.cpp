// SPDX-License-Identifier: MIT
// Hostile peers at the host's doors (issue 28), over real sockets on
// loopback: spectators that declare a 1.5 GB frame, send endless fragments,
// a 200,000-deep JSON text or a flood of pings without reading the pongs
// (on /spectate of the MCP port and on the --spectate-listen address);
// legacy /sse streams and wait_for_turn long-polls that would take every
// connection; wait_for_turn called in a loop that returns at once. Meanwhile
// the host's timers and an MCP get_state must stay responsive.

#include "filelimit.h"
#include "host/host.h"
#include "host/mcpservice.h"
#include "host/spectatorfeed.h"
#include "hostcall.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTimer>
#include <QWebSocket>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <fstream>
#include <thread>

using namespace townhall;
using namespace townhall::host;
using nlohmann::json;

namespace {

constexpr int Patience = 60000;

/// The process's resident memory, in KiB (VmRSS of /proc/self/status).
qint64 residentKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stoll(line.substr(6));
    return -1;
}

/// How late the event loop runs a 10 ms timer, at worst, while it lives:
/// what another match's phase timers would suffer.
class LoopLatency
{
public:
    LoopLatency()
    {
        m_clock.start();
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] {
            const qint64 now = m_clock.elapsed();
            m_worst = std::max(m_worst, now - m_last - 10);
            m_last = now;
        });
        m_timer.start(10);
    }
    qint64 worstMs() const { return m_worst; }

private:
    QElapsedTimer m_clock;
    QTimer m_timer;
    qint64 m_last = 0;
    qint64 m_worst = 0;
};

// ------------------------------------------------------------ a hostile WebSocket client

enum class Attack { HugeFrame, Fragments, PingFlood, DeepJson };

/// One masked frame header (mask key 0, so the payload goes as is).
std::string frameHeader(unsigned char first, std::uint64_t length)
{
    std::string h(1, char(first));
    if (length < 126) {
        h += char(0x80 | length);
    } else if (length < 65536) {
        h += char(0x80 | 126);
        h += char(length >> 8);
        h += char(length & 0xff);
    } else {
        h += char(0x80 | 127);
        for (int shift = 56; shift >= 0; shift -= 8)
            h += char((length >> shift) & 0xff);
    }
    h += std::string(4, '\0');
    return h;
}

struct AttackResult
{
    qint64 accepted = 0; ///< bytes the kernel took from us
    bool closed = false; ///< the host closed (or reset) the connection
    bool upgraded = false;
};

/// Runs in a thread of its own with blocking POSIX calls: speaks the
/// handshake by hand, then sends `attack` until the host closes the
/// connection, `budget` bytes are out, or 40 s pass. It never reads after the
/// handshake (unless everything was sent: then it waits for the close).
AttackResult runAttack(quint16 port, Attack attack, qint64 budget)
{
    AttackResult result;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        ::close(fd);
        return result;
    }
    timeval tv{0, 200000};
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    const std::string handshake
        = "GET /spectate HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port)
          + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    ::send(fd, handshake.data(), handshake.size(), MSG_NOSIGNAL);
    std::string head;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(40);
    while (head.find("\r\n\r\n") == std::string::npos
           && std::chrono::steady_clock::now() < deadline) {
        char c;
        if (::recv(fd, &c, 1, 0) == 1)
            head += c;
    }
    result.upgraded = head.rfind("HTTP/1.1 101", 0) == 0;
    if (!result.upgraded) {
        ::close(fd);
        return result;
    }

    // What goes first, then what repeats.
    std::string first;
    std::string chunk;
    switch (attack) {
    case Attack::HugeFrame:
        first = frameHeader(0x81, 1'500'000'000ULL);
        chunk.assign(1 << 20, 'a');
        break;
    case Attack::Fragments: {
        first = frameHeader(0x01, 16384) + std::string(16384, 'a'); // text, more to come
        const std::string fragment = frameHeader(0x00, 16384) + std::string(16384, 'a');
        while (chunk.size() < (1u << 20))
            chunk += fragment;
        break;
    }
    case Attack::PingFlood: {
        const std::string ping = frameHeader(0x89, 125) + std::string(125, 'p');
        while (chunk.size() < (1u << 20))
            chunk += ping;
        break;
    }
    case Attack::DeepJson: {
        const std::string deep = std::string(200000, '[') + std::string(200000, ']');
        first = frameHeader(0x81, deep.size()) + deep;
        break;
    }
    }
    auto sendAll = [&](const std::string &bytes) {
        std::size_t off = 0;
        while (off < bytes.size() && std::chrono::steady_clock::now() < deadline) {
            const ssize_t n = ::send(fd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
            if (n > 0) {
                off += std::size_t(n);
                result.accepted += n;
            } else if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) {
                result.closed = true;
                return false;
            }
        }
        return off == bytes.size();
    };
    bool open = sendAll(first);
    while (open && !chunk.empty() && result.accepted < budget
           && std::chrono::steady_clock::now() < deadline)
        open = sendAll(chunk);
    // All out and still open: the close must come anyway.
    while (!result.closed && std::chrono::steady_clock::now() < deadline) {
        char buffer[65536];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n == 0 || (n < 0 && errno == ECONNRESET))
            result.closed = true;
    }
    ::close(fd);
    return result;
}

// ------------------------------------------------------------ a small HTTP client

/// One keep-alive HTTP/1.1 connection on a QTcpSocket that sends a request
/// and reads the answer's head and (Content-Length) body; enough for JSON
/// answers and to see an event stream's status line.
class Http
{
public:
    explicit Http(quint16 port)
        : m_port(port)
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket, [this] { read(); });
        QObject::connect(
            &m_socket, &QTcpSocket::disconnected, &m_socket, [this] { m_closed = true; });
    }
    void connect()
    {
        m_socket.abort();
        m_closed = false;
        m_buffer.clear();
        m_socket.connectToHost(QHostAddress::LocalHost, m_port);
    }
    void send(const QByteArray &method,
              const QByteArray &path,
              const QByteArray &body = {},
              const QByteArray &session = {},
              const QByteArray &accept = "application/json")
    {
        status = 0;
        answer.clear();
        m_done = false;
        QByteArray r = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1:"
                       + QByteArray::number(m_port) + "\r\nAccept: " + accept + "\r\n";
        if (!session.isEmpty())
            r += "Mcp-Session-Id: " + session + "\r\n";
        if (method == "POST")
            r += "Content-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n";
        r += "\r\n" + body;
        m_socket.write(r);
    }
    bool done() const { return m_done; }
    bool closed() const { return m_closed; }
    QAbstractSocket::SocketState state() const { return m_socket.state(); }
    int status = 0;
    QByteArray sessionId;
    QByteArray answer;

private:
    void read()
    {
        m_buffer += m_socket.readAll();
        if (m_done)
            return;
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = m_buffer.left(end);
        status = head.mid(9, 3).toInt();
        qint64 length = -1;
        for (const QByteArray &line : head.split('\n')) {
            const QByteArray l = line.trimmed().toLower();
            if (l.startsWith("content-length:"))
                length = l.mid(15).trimmed().toLongLong();
            if (l.startsWith("mcp-session-id:"))
                sessionId = line.trimmed().mid(15).trimmed();
        }
        if (length < 0) {
            m_done = true; // a stream: its head is all we wait for
            return;
        }
        if (m_buffer.size() < end + 4 + length)
            return;
        answer = m_buffer.mid(end + 4, length);
        m_buffer.remove(0, end + 4 + length);
        m_done = true;
    }

    quint16 m_port;
    QTcpSocket m_socket;
    QByteArray m_buffer;
    bool m_done = false;
    bool m_closed = false;
};

QByteArray rpc(int id, const std::string &method, const json &params)
{
    return QByteArray::fromStdString(
        json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
}

QByteArray initializeBody(const std::string &name)
{
    return rpc(0,
               "initialize",
               {{"protocolVersion", "2025-06-18"},
                {"capabilities", json::object()},
                {"clientInfo", {{"name", name}, {"version", "1"}}}});
}

QByteArray toolCall(int id, const std::string &tool, const json &args)
{
    return rpc(id, "tools/call", {{"name", tool}, {"arguments", args}});
}

/// A host in memory with its MCP server on a free loopback port.
struct Served
{
    explicit Served(std::uint64_t seed, std::function<void(HostOptions &)> tweak = {})
        : host([&] {
            HostOptions o;
            o.dbPath = QStringLiteral(":memory:");
            o.seed = seed;
            if (tweak)
                tweak(o);
            return o;
        }())
        , mcp(&host)
    {
        QString error;
        if (!host.start(&error) || !mcp.listen(0, &error))
            qFatal("host did not start: %s", qPrintable(error));
    }
    Host host;
    McpService mcp;
};

/// Waits until every connection of `all` answered (or, with `orClosed`, was closed).
bool allDone(const std::vector<std::unique_ptr<Http>> &all, bool orClosed = false)
{
    return QTest::qWaitFor(
        [&] {
            return std::all_of(all.begin(), all.end(), [&](const auto &h) {
                return h->done() || (orClosed && h->closed());
            });
        },
        Patience);
}

Caller agent(const std::string &id)
{
    Caller c;
    c.agentId = id;
    c.displayName = id;
    return c;
}

/// Eight agents "a0".."a7" join and get ready: match-1 in its first NIGHT.
void seatEight(Host &host)
{
    for (int i = 0; i < 8; ++i) {
        const auto joined = test::callTool(
            host, agent("a" + std::to_string(i)), "et.werewolf.queue.join", json::object());
        QVERIFY2(joined.ok(), joined.ok() ? "" : joined.error().message.c_str());
    }
    for (int i = 0; i < 8; ++i) {
        const auto ready = test::callTool(host,
                                          agent("a" + std::to_string(i)),
                                          "et.werewolf.match.ready",
                                          json{{"matchId", "match-1"}});
        QVERIFY2(ready.ok(), ready.ok() ? "" : ready.error().message.c_str());
    }
}

} // namespace

class TestHostilePeers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Some hundred connections, both ends in this process.
        test::raiseFileLimit();
    }

    void spectatorsCannotGrowTheHost_data()
    {
        QTest::addColumn<bool>("mcpPort");
        QTest::addColumn<int>("attack");
        const std::pair<const char *, Attack> attacks[]
            = {{"1.5 GB frame", Attack::HugeFrame},
               {"fragments", Attack::Fragments},
               {"pings, pongs unread", Attack::PingFlood},
               {"200,000-deep JSON", Attack::DeepJson}};
        QTest::addColumn<bool>("sendBudget");
        for (const auto &[name, attack] : attacks) {
            QTest::addRow("/spectate on the MCP port, %s", name) << true << int(attack) << true;
            QTest::addRow("--spectate-listen, %s", name) << false << int(attack) << true;
        }
        // Without the budget on what a spectator sends, the pongs pile up
        // unread: the client is dropped for that.
        QTest::newRow("--spectate-listen, pings within an unbounded budget, pongs unread")
            << false << int(Attack::PingFlood) << false;
    }
    void spectatorsCannotGrowTheHost()
    {
        QFETCH(bool, mcpPort);
        QFETCH(int, attack);
        QFETCH(bool, sendBudget);
        Served served(5);
        Host &host = served.host;
        McpService &mcp = served.mcp;
        if (!sendBudget) {
            SpectatorFeed::Limits limits;
            limits.incomingBurstBytes = limits.incomingBytesPerSecond = qint64(1) << 40;
            mcp.feed()->setLimits(limits);
        }
        QSignalSpy dropped(mcp.feed(), &SpectatorFeed::clientDropped);
        QString error;
        QVERIFY2(mcp.listenForSpectators(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const quint16 port = mcpPort ? mcp.port() : quint16(QUrl(mcp.spectatorUrl()).port());
        // Another match runs meanwhile: its timers must keep their time.
        seatEight(host);

        constexpr qint64 Budget = 64 << 20; // of the 600 MB / 1.5 GB the attacks once sent
        const qint64 before = residentKiB();
        LoopLatency latency;
        std::atomic<bool> finished{false};
        AttackResult result;
        std::thread attacker([&] {
            result = runAttack(port, Attack(attack), Budget);
            finished = true;
        });
        const bool ended = QTest::qWaitFor([&] { return finished.load(); }, Patience);
        attacker.join();
        QVERIFY(ended);
        const qint64 grown = residentKiB() - before;
        qInfo("accepted %lld KiB of %lld KiB; resident memory grew by %lld KiB; timers at most "
              "%lld ms late",
              result.accepted / 1024,
              Budget / 1024,
              grown,
              latency.worstMs());
        QVERIFY(result.upgraded);
        QVERIFY(result.closed);
        if (Attack(attack) != Attack::DeepJson)
            QVERIFY2(result.accepted < Budget / 2, "the host kept reading");
        QVERIFY2(grown < 32 * 1024, "the host grew by more than 32 MiB");
        QVERIFY2(latency.worstMs() < 2000, "the event loop stalled");
        if (!sendBudget)
            QCOMPARE(dropped.size(), 1);

        // The feed still serves.
        QTRY_COMPARE_WITH_TIMEOUT(mcp.feed()->clientCount(), 0, Patience);
        QWebSocket viewer;
        bool hello = false;
        QObject::connect(
            &viewer, &QWebSocket::textMessageReceived, &viewer, [&](const QString &text) {
                hello = hello || text.contains(QLatin1String("\"hello\""));
            });
        viewer.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/spectate").arg(port)));
        QTRY_VERIFY_WITH_TIMEOUT(hello, Patience);
    }

    void streamsAndLongPollsLeaveRoomToInitialize()
    {
        // The lockout of issue 28: 192 legacy /sse streams plus 100 sessions
        // looping wait_for_turn left 2 of 30 new clients able to initialize.
        // With the default limits, all 30 initialize, and get_state answers.
        Served served(6);
        Host &host = served.host;
        McpService &mcp = served.mcp;
        seatEight(host);
        const quint16 port = mcp.port();

        // 100 spectator sessions (guests not seated), each on its own connection.
        constexpr int Pollers = 100;
        std::vector<std::unique_ptr<Http>> pollers;
        for (int i = 0; i < Pollers; ++i) {
            pollers.push_back(std::make_unique<Http>(port));
            pollers.back()->connect();
            pollers.back()->send("POST", "/mcp", initializeBody("poller"));
        }
        QVERIFY(allDone(pollers));
        for (const auto &p : pollers)
            QCOMPARE(p->status, 200);

        // 192 legacy streams.
        std::vector<std::unique_ptr<Http>> streams;
        for (int i = 0; i < 192; ++i) {
            streams.push_back(std::make_unique<Http>(port));
            streams.back()->connect();
            streams.back()->send("GET", "/sse", {}, {}, "text/event-stream");
        }
        QVERIFY(allDone(streams));
        const auto opened = std::count_if(
            streams.begin(), streams.end(), [](const auto &s) { return s->status == 200; });
        qInfo("%d of 192 legacy streams opened", int(opened));
        QCOMPARE(mcp.server()->eventStreamCount(), mcp.server()->limits().maxEventStreams);

        // The pollers loop on wait_for_turn: again as soon as answered, and
        // reconnect when the server closes an idle connection to make room.
        int id = 1;
        int answers = 0;
        int limited = 0;
        auto poll = [&](Http &p) {
            if (p.closed() || p.state() == QAbstractSocket::UnconnectedState)
                p.connect();
            p.send("POST",
                   "/mcp",
                   toolCall(++id,
                            "et.werewolf.match.wait_for_turn",
                            {{"matchId", "match-1"}, {"timeoutSeconds", 25}}),
                   p.sessionId);
        };
        for (auto &p : pollers)
            poll(*p);
        QTimer loop;
        QObject::connect(&loop, &QTimer::timeout, &loop, [&] {
            for (auto &p : pollers) {
                if (p->done()) {
                    ++answers;
                    limited += p->answer.contains("RATE_LIMITED") ? 1 : 0;
                    poll(*p);
                } else if (p->closed()) {
                    poll(*p);
                }
            }
        });
        loop.start(5);
        QTest::qWait(1000);

        // 30 new clients, and get_state for one of them, timed.
        LoopLatency latency;
        std::vector<std::unique_ptr<Http>> newcomers;
        for (int i = 0; i < 30; ++i) {
            newcomers.push_back(std::make_unique<Http>(port));
            newcomers.back()->connect();
            newcomers.back()->send("POST", "/mcp", initializeBody("newcomer"));
        }
        QVERIFY(allDone(newcomers, true));
        const auto initialized = std::count_if(
            newcomers.begin(), newcomers.end(), [](const auto &c) { return c->status == 200; });
        Http &reader = *newcomers.front();
        qint64 worstGetState = 0;
        for (int i = 0; i < 5 && reader.status == 200; ++i) {
            QElapsedTimer t;
            t.start();
            reader.send("POST",
                        "/mcp",
                        toolCall(1000 + i, "et.werewolf.match.get_state", {{"matchId", "match-1"}}),
                        reader.sessionId);
            QVERIFY(QTest::qWaitFor([&] { return reader.done(); }, Patience));
            QVERIFY2(reader.answer.contains("phase"), reader.answer.constData());
            worstGetState = std::max(worstGetState, t.elapsed());
            QTest::qWait(600); // within the read limit of 2 per second
        }
        loop.stop();
        qInfo("%d of 30 new clients initialized; get_state took at most %lld ms; timers at most "
              "%lld ms late; "
              "%d wait_for_turn answers (%d RATE_LIMITED) meanwhile",
              int(initialized),
              worstGetState,
              latency.worstMs(),
              answers,
              limited);
        QCOMPARE(int(initialized), 30);
        QVERIFY2(worstGetState < 2000, "get_state stalled");
        QVERIFY2(latency.worstMs() < 2000, "the event loop stalled");
    }

    void waitForTurnLoopsAreRateLimited()
    {
        // A caller with a turn waiting gets its answer at once; asking again
        // and again without acting (30,000 calls in 45 s grew the call log by
        // 107 MB) is a read like get_state: 2 per second after the first.
        auto clock = std::make_shared<engine::TimeMs>(1'800'000'000'000);
        Served served(7, [clock](HostOptions &o) {
            o.clock = [clock] {
                return *clock;
            };
        });
        Host &host = served.host;
        seatEight(host);
        const engine::Match &m = *host.lobby().match("match-1");
        std::string wolf;
        for (const engine::Player &p : m.state().players)
            if (p.role == engine::Role::Werewolf && wolf.empty())
                wolf = p.agentId;
        QVERIFY(!wolf.empty());
        const json args{{"matchId", "match-1"}, {"timeoutSeconds", 1}};

        // The clock stands still: 1 free answer and a burst of 2 reads, then no more.
        int ok = 0;
        std::optional<mcp::ToolError> refusal;
        for (int i = 0; i < 1000; ++i) {
            const auto r
                = test::callTool(host, agent(wolf), "et.werewolf.match.wait_for_turn", args);
            if (r.ok()) {
                QCOMPARE(r.value().at("changed"), true);
                ++ok;
            } else {
                refusal = r.error();
            }
        }
        QCOMPARE(ok, 3);
        QVERIFY(refusal);
        QCOMPARE(refusal->code, std::string("RATE_LIMITED"));
        QVERIFY(refusal->retryAfterMs && *refusal->retryAfterMs > 0);

        // Time brings one more, as it does for reads.
        *clock += 500;
        QVERIFY(test::callTool(host, agent(wolf), "et.werewolf.match.wait_for_turn", args).ok());
        QVERIFY(!test::callTool(host, agent(wolf), "et.werewolf.match.wait_for_turn", args).ok());

        // Progress the wolf can see (the other wolf speaks in wolf chat):
        // the next answer at once is free again.
        std::string other;
        for (const engine::Player &p : m.state().players)
            if (p.role == engine::Role::Werewolf && p.agentId != wolf)
                other = p.agentId;
        QVERIFY(!other.empty());
        const auto said = test::callTool(host,
                                         agent(other),
                                         "et.werewolf.match.night.wolf_chat",
                                         json{{"matchId", "match-1"}, {"text", "the baker"}});
        QVERIFY2(said.ok(), said.ok() ? "" : said.error().message.c_str());
        QVERIFY(test::callTool(host, agent(wolf), "et.werewolf.match.wait_for_turn", args).ok());
        QVERIFY(!test::callTool(host, agent(wolf), "et.werewolf.match.wait_for_turn", args).ok());
        // Another caller has a bucket of its own.
        QVERIFY(test::callTool(host, agent(other), "et.werewolf.match.wait_for_turn", args).ok());
    }
};

QTEST_GUILESS_MAIN(TestHostilePeers)
#include "tst_hostilepeers.moc"
