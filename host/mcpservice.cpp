// SPDX-License-Identifier: MIT
#include "host/mcpservice.h"

#include "engine/projection.h"
#include "host/overlays.h"

#include <QLoggingCategory>
#include <QTimer>

#include <set>
#include <unordered_map>

Q_DECLARE_LOGGING_CATEGORY(lcHost)

namespace townhall::host {

namespace {

/// How often the host looks for agents revoked by another process. A poll
/// that finds nothing new is one PRAGMA on the store's connection.
constexpr std::chrono::milliseconds kRevocationPoll{500};

/// The engine-backed Backend: identity from tokens or clientInfo, tools from the host.
class EngineBackend final : public mcp::Backend
{
public:
    explicit EngineBackend(Host *host)
        : m_host(host)
    {}

    std::optional<mcp::ToolError> authenticate(mcp::Session &session) override
    {
        if (session.transport == "in-process" && !session.agentId.empty())
            return std::nullopt; // the host's own bots
        if (!session.bearerToken.empty()) {
            if (auto c = m_host->authenticate(session.bearerToken)) {
                session.agentId = c->agentId;
                session.displayName = c->displayName;
                session.guest = false;
                return std::nullopt;
            }
            return mcp::ToolError{mcp::hostcodes::Unauthenticated,
                                  "unknown or revoked token; ask the host for a new one "
                                  "(townhall agent add NAME)",
                                  false,
                                  std::nullopt};
        }
        if (!m_host->guestsAllowed())
            return mcp::ToolError{mcp::hostcodes::Unauthenticated,
                                  "guests are disabled on this server; connect with "
                                  "Authorization: Bearer <token> (townhall agent add NAME)",
                                  false,
                                  std::nullopt};
        // A guest is named after its client; a suffix keeps names distinct.
        std::string base;
        for (char c : session.clientName.empty() ? std::string("guest") : session.clientName)
            if (static_cast<unsigned char>(c) >= 0x20 && base.size() < 24)
                base += c;
        // The next suffix to try is remembered per base name: a storm of
        // same-named clients must not rescan every suffix in use.
        std::string name = base;
        if (m_guestNames.count(name)) {
            int &n = m_nextSuffix[base];
            n = std::max(n, 2);
            do
                name = base + " " + std::to_string(n++);
            while (m_guestNames.count(name));
        }
        m_guestNames.insert(name);
        session.agentId = "guest:" + session.id.substr(0, 16);
        session.displayName = name;
        session.guest = true;
        return std::nullopt;
    }

    QCoro::Task<mcp::ToolResult> callTool(std::shared_ptr<mcp::Session> session,
                                          const std::string &canonicalName,
                                          const json &validatedArgs) override
    {
        Caller c{session->agentId, session->displayName, session->id};
        // The transport writes replies with writeJson, which splices raw JSON;
        // the bots' in-process calls read their results as trees.
        c.rawJson = session->transport != "in-process";
        co_return co_await m_host->callTool(std::move(c), canonicalName, validatedArgs);
    }

    QCoro::Task<mcp::Outcome<std::string>> phaseBrief(std::shared_ptr<mcp::Session> session,
                                                      const std::string &matchId) override
    {
        const engine::Match *m = m_host->lobby().match(matchId);
        if (!m)
            co_return mcp::ToolError{
                "MATCH_NOT_FOUND", "no match '" + matchId + "'", false, std::nullopt};
        const engine::Player *p = m->playerByAgent(session->agentId);
        if (!p)
            co_return mcp::ToolError{
                "NOT_IN_MATCH", "you are not seated in " + matchId, false, std::nullopt};
        co_return engine::phaseBrief(*m, p->playerId);
    }

    void sessionClosed(const std::shared_ptr<mcp::Session> &session) override
    {
        if (session->guest)
            m_guestNames.erase(session->displayName);
        m_host->forgetSession(session->id, session->guest ? session->agentId : std::string());
    }

private:
    Host *m_host;
    std::set<std::string> m_guestNames;
    std::unordered_map<std::string, int> m_nextSuffix; ///< by base name
};

} // namespace

McpService::McpService(Host *host, QObject *parent)
    : QObject(parent)
    , m_host(host)
{
    std::string err;
    auto tools = mcp::ToolRegistry::fromResources(&err);
    if (!tools)
        qCCritical(lcHost) << "tool registry:" << QString::fromStdString(err);
    m_backend = std::make_shared<EngineBackend>(host);
    mcp::DispatcherOptions opts;
    opts.serverVersion = TOWNHALL_VERSION_STRING;
    m_dispatcher = std::make_shared<mcp::Dispatcher>(m_backend, tools, opts);
    m_server = new mcp::HttpServer(this);
    m_server->setHandler(m_dispatcher);
    installOverlays(*m_server); // the OBS overlay pages under /overlay/
    m_recorder = new Recorder(this);
    m_recorder->setToolRegistry(tools);
    m_recorder->setStore(host->store());
    m_recorder->setSessionLookup(
        [server = m_server](const std::string &id) { return server->session(id); });
    m_server->setObserver(m_recorder->observer());
    m_feed = new SpectatorFeed(host, this);
    m_server->setWebSocketHandler(
        "/spectate", [feed = m_feed](QTcpSocket *socket) { feed->handleConnection(socket); });
    connect(host, &Host::matchStateChanged, this, [this](const QString &matchId) {
        m_dispatcher->notifyMatchStateChanged(matchId.toStdString());
    });
    host->setToolGateway([this](Caller c, std::string tool, json args) {
        return callInProcess(std::move(c), std::move(tool), std::move(args));
    });
    host->setPresenceProbe(
        [server = m_server](const std::string &agentId, std::chrono::milliseconds within) {
            const auto now = std::chrono::steady_clock::now();
            for (const auto &session : server->sessions())
                if (session->agentId == agentId
                    && (server->hasStream(session->id) || now - session->lastSeen < within))
                    return true;
            return false;
        });
    m_revocationWatch = new QTimer(this);
    connect(m_revocationWatch, &QTimer::timeout, this, &McpService::watchRevocations);
    m_revocationWatch->start(kRevocationPoll);
}

McpService::~McpService()
{
    // Sessions that close with the server are not recorded; what was
    // recorded reaches the store before the host closes it.
    m_server->setObserver({});
    delete m_recorder;
}

bool McpService::listen(quint16 port, QString *error)
{
    if (!m_server->listen(QHostAddress(QHostAddress::LocalHost), port)) {
        if (error)
            *error = tr("cannot listen on 127.0.0.1:%1: %2").arg(port).arg(m_server->errorString());
        return false;
    }
    if (Store *store = m_host->store())
        if (auto r = store->setSetting(Host::EndpointSetting, url().toStdString()); !r)
            qCWarning(lcHost) << "could not remember the MCP endpoint:" << r.error().message;
    return true;
}

bool McpService::listenForSpectators(const QHostAddress &address, quint16 port, QString *error)
{
    if (!m_spectatorServer) {
        m_spectatorServer = new mcp::HttpServer(this);
        m_spectatorServer->setMcpRoutes(false);
        QStringList hosts = m_spectatorServer->allowedHostnames();
        const QString name = address.toString().toLower();
        hosts << (address.protocol() == QAbstractSocket::IPv6Protocol
                      ? QLatin1Char('[') + name + QLatin1Char(']')
                      : name);
        m_spectatorServer->setAllowedHostnames(hosts);
        installOverlays(*m_spectatorServer);
        m_spectatorServer->setWebSocketHandler(
            "/spectate", [feed = m_feed](QTcpSocket *socket) { feed->handleConnection(socket); });
    }
    if (!m_spectatorServer->listen(address, port)) {
        if (error)
            *error = tr("cannot offer the spectator feed on %1:%2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(m_spectatorServer->errorString());
        return false;
    }
    return true;
}

QString McpService::spectatorUrl() const
{
    if (!m_spectatorServer || !m_spectatorServer->isListening())
        return {};
    return spectateUrl(m_spectatorServer->address(), m_spectatorServer->port());
}

void McpService::setRecording(bool on)
{
    m_recording = on;
    m_server->setObserver(on ? m_recorder->observer()
                             : std::function<void(const mcp::TrafficRecord &)>());
    // Nothing recorded, nothing to write: close the calls file (or never
    // create it: it is opened with the first call that names a match), so
    // its writer thread does not make the whole process pay for a second
    // thread.
    m_recorder->setStore(on ? m_host->store() : nullptr);
}

QString McpService::url() const
{
    return m_server->endpointUrl().toString();
}
quint16 McpService::port() const
{
    return m_server->port();
}

void McpService::endSessionsOf(const std::string &agentId)
{
    endSessionsWhere([&agentId](const mcp::Session &s) { return s.agentId == agentId; });
}

void McpService::endSessionsWhere(const std::function<bool(const mcp::Session &)> &ended)
{
    for (const auto &s : m_server->sessions()) {
        if (!s->guest && !s->agentId.empty() && ended(*s)) {
            qCInfo(lcHost) << "ending a session of revoked agent"
                           << QString::fromStdString(s->agentId);
            m_server->closeSession(s->id);
        }
    }
}

void McpService::watchRevocations()
{
    // Only sessions of registered agents can be revoked; without any, the
    // store is left alone (a poll waits for a commit under way).
    const auto sessions = m_server->sessions();
    const bool anyAgent = std::any_of(sessions.begin(), sessions.end(), [](const auto &s) {
        return !s->guest && !s->agentId.empty();
    });
    Store *store = anyAgent ? m_host->store() : nullptr;
    if (!store)
        return;
    const auto version = store->dataVersion();
    if (!version || *version == m_dataVersion)
        return;
    m_dataVersion = *version;
    const auto agents = store->listAgents();
    if (!agents) {
        qCWarning(lcHost) << "cannot check for revoked agents:" << agents.error().message;
        return;
    }
    std::set<std::string> revoked;
    for (const AgentRecord &a : agents.value()) {
        if (a.revoked())
            revoked.insert(a.agentId);
    }
    endSessionsWhere([&revoked](const mcp::Session &s) { return revoked.count(s.agentId) > 0; });
}

QCoro::Task<std::optional<json>> McpService::handle(json message,
                                                    std::shared_ptr<mcp::Session> session)
{
    if (m_recording)
        co_return co_await m_recorder->handle(
            *m_dispatcher, std::move(message), std::move(session));
    co_return co_await m_dispatcher->handle(std::move(message), std::move(session));
}

QCoro::Task<mcp::ToolResult> McpService::callInProcess(Caller caller, std::string tool, json args)
{
    auto &session = m_inProcess[caller.agentId];
    if (!session) {
        session = std::make_shared<mcp::Session>();
        session->id = "in-process:" + caller.agentId;
        session->transport = "in-process";
        session->agentId = caller.agentId;
        session->displayName = caller.displayName;
        json init{
            {"jsonrpc", "2.0"},
            {"id", m_nextId++},
            {"method", "initialize"},
            {"params",
             {{"protocolVersion", "2025-06-18"},
              {"capabilities", json::object()},
              // The recorder names the seat by this: a person's calls are a person's.
              {"clientInfo",
               {{"name", SeatRunner::isHuman(caller.agentId) ? "townhall-person" : "townhall-bot"},
                {"version", TOWNHALL_VERSION_STRING}}}}}};
        co_await handle(std::move(init), session);
        json initialized{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}};
        co_await handle(std::move(initialized), session);
    }
    json call{{"jsonrpc", "2.0"},
              {"id", m_nextId++},
              {"method", "tools/call"},
              {"params", {{"name", tool}, {"arguments", std::move(args)}}}};
    auto reply = co_await handle(std::move(call), session);
    if (!reply || reply->contains("error"))
        co_return mcp::ToolError{"PROTOCOL_ERROR",
                                 reply ? reply->at("error").dump() : std::string("no reply"),
                                 false,
                                 std::nullopt};
    const json &result = reply->at("result");
    if (result.value("isError", false)) {
        try {
            const json env = json::parse(result.at("content").at(0).at("text").get<std::string>());
            const json &e = env.at("error");
            mcp::ToolError te{e.at("code").get<std::string>(),
                              e.at("message").get<std::string>(),
                              e.value("retryable", false),
                              std::nullopt};
            if (e.contains("retryAfterMs"))
                te.retryAfterMs = e.at("retryAfterMs").get<std::int64_t>();
            co_return te;
        } catch (const std::exception &) {
            co_return mcp::ToolError{"PROTOCOL_ERROR", result.dump(), false, std::nullopt};
        }
    }
    json structured = result.value("structuredContent", json::object());
    co_return structured;
}

} // namespace townhall::host
