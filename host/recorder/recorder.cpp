// SPDX-License-Identifier: MIT
#include "host/recorder/recorder.h"

#include "host/recorder/calllog.h"

#include "mcp/dispatcher.h"
#include "mcp/jsonwrite.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QMetaMethod>
#include <QPointer>
#include <QTimer>

#include <algorithm>
#include <charconv>
#include <limits>

Q_LOGGING_CATEGORY(lcRecorder, "townhall.recorder")

namespace townhall::host {

namespace {

using namespace std::chrono;

bool isRequest(const json &m)
{
    return m.is_object() && m.contains("method") && m.contains("id");
}

bool isResponse(const json &m)
{
    return m.is_object() && !m.contains("method") && (m.contains("result") || m.contains("error"));
}

/// The id part of a pending request's key: integers as they are, other
/// ids as text tagged with their kind.
void setPendingId(std::int64_t &number, std::string &other, const json &id)
{
    number = 0;
    other.clear();
    if (id.is_number_integer()
        && (!id.is_number_unsigned()
            || id.get<std::uint64_t>()
                   <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))) {
        number = id.get<std::int64_t>();
    } else if (id.is_string()) {
        other = 's' + id.get_ref<const std::string &>();
    } else {
        other = 'j' + id.dump();
    }
}

/// The text of the first content block of a tool result, or null.
const std::string *firstText(const json &result)
{
    const auto content = result.find("content");
    if (content == result.end() || !content->is_array() || content->empty())
        return nullptr;
    const json &block = content->front();
    const auto text = block.is_object() ? block.find("text") : block.end();
    if (!block.is_object() || text == block.end() || !text->is_string())
        return nullptr;
    return &text->get_ref<const std::string &>();
}

/// The value of the first `"code"` string in a small JSON text, without
/// parsing it (the tool failure envelope: {"ok":false,"error":{"code":…}}).
std::string scanErrorCode(const std::string &text)
{
    const auto key = text.find("\"code\"");
    if (key == std::string::npos)
        return {};
    auto i = text.find_first_not_of(" \t\r\n", key + 6);
    if (i == std::string::npos || text[i] != ':')
        return {};
    i = text.find_first_not_of(" \t\r\n", i + 1);
    if (i == std::string::npos || text[i] != '"')
        return {};
    const auto end = text.find('"', i + 1);
    return end == std::string::npos ? std::string() : text.substr(i + 1, end - i - 1);
}

/// Compact JSON text of a message the transport did not hand over as text.
QByteArray textOf(const json &m)
{
    return QByteArray::fromStdString(mcp::writeJson(m, json::error_handler_t::replace));
}

/// A message's text as it went over the wire, else as JSON.
QByteArray wireText(const mcp::TrafficRecord &r, const json &m)
{
    return r.wire.isEmpty() ? textOf(m) : r.wire;
}

json parseText(const QByteArray &text)
{
    if (text.isEmpty())
        return nullptr;
    json j = json::parse(text.cbegin(), text.cend(), nullptr, false);
    return j.is_discarded() ? json(text.toStdString()) : j;
}

const char *kindKey(CallKind k)
{
    switch (k) {
    case CallKind::Request:
        return "request";
    case CallKind::Notification:
        return "notification";
    case CallKind::ServerMessage:
        return "server";
    }
    return "";
}

qint64 microsSinceEpoch(system_clock::time_point t)
{
    return duration_cast<microseconds>(t.time_since_epoch()).count();
}

std::string str(const std::string &s)
{
    return s;
}

} // namespace

// ---------------------------------------------------------------- CallRecord

const std::string &CallRecord::none()
{
    static const std::string empty;
    return empty;
}

json CallRecord::request() const
{
    return parseText(requestText);
}

json CallRecord::response() const
{
    return parseText(responseText);
}

json CallRecord::arguments() const
{
    const json r = request();
    if (!r.is_object())
        return nullptr;
    const auto params = r.find("params");
    if (params == r.end() || !params->is_object())
        return nullptr;
    const auto args = params->find("arguments");
    return args == params->end() ? json() : *args;
}

json CallRecord::structuredContent() const
{
    const json resp = response();
    const auto result = resp.is_object() ? resp.find("result") : resp.end();
    if (!resp.is_object() || result == resp.end() || !result->is_object())
        return nullptr;
    if (const auto sc = result->find("structuredContent"); sc != result->end())
        return *sc;
    if (result->value("isError", false))
        return nullptr;
    const std::string *text = firstText(*result);
    if (!text)
        return nullptr;
    json parsed = json::parse(*text, nullptr, false);
    return parsed.is_discarded() || !parsed.is_object() ? json() : parsed;
}

std::size_t CallRecord::memoryCost() const
{
    // The session's and the tool's names are shared with other records.
    return sizeof(CallRecord) + std::size_t(requestText.capacity() + responseText.capacity())
           + matchId.capacity() + method.capacity() + toolErrorCode.capacity();
}

json CallRecord::toJson() const
{
    const qint64 us = microsSinceEpoch(timestamp);
    json j{{"id", id},
           {"atUs", us},
           {"time",
            QDateTime::fromMSecsSinceEpoch(us / 1000, Qt::UTC)
                .toString(Qt::ISODateWithMs)
                .toStdString()},
           {"sessionId", sessionId()},
           {"transport", transport()},
           {"agentId", agentId()},
           {"agentName", agentName()},
           {"matchId", matchId},
           {"method", method},
           {"tool", tool()},
           {"kind", kindKey(kind)},
           {"status", ui::statusKey(status).toStdString()},
           {"isError", isError},
           {"toolErrorCode", toolErrorCode.empty() ? json() : json(toolErrorCode)},
           {"rpcErrorCode", rpcErrorCode ? json(*rpcErrorCode) : json()},
           {"httpStatus", httpStatus},
           {"latencyUs", latency.count()},
           {"request", request()},
           {"response", response()}};
    return j;
}

bool CallFilter::matches(const CallRecord &r) const
{
    if (r.id <= afterId)
        return false;
    if (!agentId.empty() && r.agentId() != agentId)
        return false;
    if (!matchId.empty() && r.matchId != matchId)
        return false;
    if (!sessionId.empty() && r.sessionId() != sessionId)
        return false;
    if (!tool.empty() && r.tool() != tool && mcp::ToolRegistry::underscoreForm(r.tool()) != tool)
        return false;
    if (status && r.status != *status)
        return false;
    if (kind && r.kind != *kind)
        return false;
    return true;
}

// ---------------------------------------------------------------- Recorder

std::size_t Recorder::PendingHash::operator()(const PendingKey &k) const
{
    const std::size_t h = std::hash<const void *>()(k.session)
                          ^ (std::hash<std::int64_t>()(k.number) * 0x9E3779B97F4A7C15ull);
    return k.other.empty() ? h : h ^ std::hash<std::string>()(k.other);
}

Recorder::Recorder(QObject *parent)
    : Recorder(Options(), parent)
{}

Recorder::Recorder(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_batchTimer(new QTimer(this))
    , m_persistTimer(new QTimer(this))
{
    qRegisterMetaType<CallRecordBatch>("townhall::host::CallRecordBatch");
    qRegisterMetaType<ui::ToolCallRecords>("townhall::ui::ToolCallRecords");
    m_options.capacity = std::max<std::size_t>(m_options.capacity, 1);
    m_batchTimer->setSingleShot(true);
    m_batchTimer->setInterval(m_options.batchInterval);
    connect(m_batchTimer, &QTimer::timeout, this, &Recorder::emitBatch);
    m_persistTimer->setInterval(m_options.persistInterval);
    connect(m_persistTimer, &QTimer::timeout, this, [this] {
        expirePending();
        persistIfDue();
        if (m_sessions.size() > m_sessionsPruneAt) {
            // Sessions that no record (nor any record's copy elsewhere) holds.
            std::erase_if(m_sessions, [](const auto &entry) {
                const Shared &s = entry.second;
                return (!s.bare || s.bare.use_count() == 1)
                       && (!s.agent || s.agent.use_count() == 1);
            });
            m_sessionsPruneAt = std::max<std::size_t>(256, 2 * m_sessions.size());
        }
    });
    m_persistTimer->start();
}

Recorder::~Recorder()
{
    // What is waiting still reaches the calls file; destroying the log
    // writes everything handed over.
    if (m_callLog) {
        for (auto &[key, p] : m_pending) {
            p.record->status = CallStatus::NoReply;
            m_callLog->add(p.record);
        }
        persist();
        m_callLog.reset();
    }
}

void Recorder::setSessionLookup(
    std::function<std::shared_ptr<mcp::Session>(const std::string &)> lookup)
{
    m_lookup = std::move(lookup);
}

void Recorder::setToolRegistry(std::shared_ptr<const mcp::ToolRegistry> registry)
{
    m_registry = std::move(registry);
}

std::shared_ptr<const CallSession> Recorder::shareSession(std::string_view id,
                                                          const std::string &transport,
                                                          const std::string &agentId,
                                                          const std::string &agentName)
{
    auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        it = m_sessions.try_emplace(std::string(id)).first;
    Shared &shared = it->second;
    std::shared_ptr<const CallSession> &slot
        = transport.empty() && agentId.empty() && agentName.empty() ? shared.bare : shared.agent;
    if (!slot || slot->transport != transport || slot->agentId != agentId
        || slot->agentName != agentName)
        slot = std::make_shared<const CallSession>(
            CallSession{std::string(id), transport, agentId, agentName});
    return slot;
}

void Recorder::setStore(Store *store)
{
    if (m_callLog) {
        persist();
        m_callLog.reset();
    }
    // Opened with the first call that names a match: a recorder that is
    // turned off first (--no-recorder), or never sees one, creates no file.
    m_callLogPath = store ? CallLog::pathFor(store->path()) : QString();
}

bool Recorder::setCallLogPath(const QString &path)
{
    m_callLogPath.clear();
    if (m_callLog) {
        persist();
        m_callLog.reset();
    }
    if (path.isEmpty())
        return true;
    CallLog::Options options;
    // From the writer thread: reported in this one (the log is closed, and its
    // thread joined, before this recorder goes).
    options.onFailure = [this](const QString &message) {
        QMetaObject::invokeMethod(
            this, [this, message] { Q_EMIT persistFailed(message); }, Qt::QueuedConnection);
    };
    auto log = CallLog::open(path, std::move(options));
    if (!log) {
        qCWarning(lcRecorder).noquote()
            << tr("recorded calls are kept in memory only: %1").arg(log.error().message);
        Q_EMIT persistFailed(log.error().message);
        return false;
    }
    m_callLog = std::move(log.value());
    return true;
}

std::function<void(const mcp::TrafficRecord &)> Recorder::observer()
{
    QPointer<Recorder> self(this);
    return [self](const mcp::TrafficRecord &r) {
        if (self)
            self->observe(r);
    };
}

void Recorder::observe(const mcp::TrafficRecord &r)
{
    using Dir = mcp::TrafficRecord::Direction;
    static const json none;
    const json &m = r.message ? *r.message : none;
    if (m_refused && pairRefused(r, m))
        return;
    if (r.direction == Dir::ClientToServer) {
        observeInbound(r, m);
        return;
    }
    if (isResponse(m)) {
        observeResponse(r, m);
        return;
    }
    // A notification or request the server pushed.
    std::shared_ptr<CallRecord> rec = newRecord(r);
    rec->kind = CallKind::ServerMessage;
    rec->responseText = wireText(r, m);
    if (m.is_object())
        if (const auto method = m.find("method"); method != m.end() && method->is_string())
            rec->method = method->get<std::string>();
    resolveAgent(*rec);
    pushRecord(std::move(rec));
}

std::shared_ptr<CallRecord> Recorder::newRecord(const mcp::TrafficRecord &r)
{
    auto rec = std::make_shared<CallRecord>();
    rec->timestamp = r.timestamp;
    if (!r.sessionId.empty())
        rec->session
            = shareSession(r.sessionId, CallRecord::none(), CallRecord::none(), CallRecord::none());
    rec->httpStatus = r.httpStatus;
    return rec;
}

bool Recorder::pairRefused(const mcp::TrafficRecord &r, const json &m)
{
    // The transport answers a refused message at once with an error whose id is null.
    std::shared_ptr<CallRecord> refused = std::move(m_refused);
    m_refused.reset();
    if (r.direction == mcp::TrafficRecord::Direction::ServerToClient && isResponse(m)
        && m.value("id", json()).is_null() && r.sessionId == refused->sessionId()) {
        complete(*refused, m, wireText(r, m), r.httpStatus);
        refused->latency = r.latency;
        pushRecord(std::move(refused));
        return true;
    }
    pushRecord(std::move(refused));
    return false;
}

void Recorder::observeInbound(const mcp::TrafficRecord &r, const json &m)
{
    std::shared_ptr<CallRecord> rec = newRecord(r);
    rec->requestText = wireText(r, m);
    describeRequest(*rec, m);
    if (r.httpStatus >= 400) {
        // Refused by the transport before any handler saw it.
        rec->kind = isRequest(m) || !m.is_object() ? CallKind::Request : CallKind::Notification;
        rec->status = CallStatus::ProtocolError;
        resolveAgent(*rec);
        m_refused = std::move(rec);
        return;
    }
    if (isRequest(m)) {
        rec->kind = CallKind::Request;
        awaitAnswer(std::move(rec), m);
        return;
    }
    // A notification, or a client's answer to a server request.
    rec->kind = CallKind::Notification;
    if (isResponse(m))
        rec->method = "(response)";
    resolveAgent(*rec);
    pushRecord(std::move(rec));
}

void Recorder::awaitAnswer(std::shared_ptr<CallRecord> rec, const json &m)
{
    if (m_pending.size() >= m_options.maxPending) {
        auto oldest = std::min_element(
            m_pending.begin(), m_pending.end(), [](const auto &a, const auto &b) {
                return a.second.since < b.second.since;
            });
        std::shared_ptr<CallRecord> gone = std::move(oldest->second.record);
        const std::shared_ptr<mcp::Session> session = std::move(oldest->second.session);
        m_pending.erase(oldest);
        gone->status = CallStatus::NoReply;
        resolveAgent(*gone, session.get());
        pushRecord(std::move(gone));
    }
    PendingKey key;
    key.session = rec->session.get();
    setPendingId(key.number, key.other, m.at("id"));
    Pending p{rec, steady_clock::now(), m_lookup ? m_lookup(rec->sessionId()) : nullptr};
    // try_emplace() leaves `p` alone when the key is there.
    auto [it, fresh] = m_pending.try_emplace(std::move(key), std::move(p));
    if (!fresh) {
        // A reused id while the first is unanswered: the first never will be paired.
        std::shared_ptr<CallRecord> old = std::move(it->second.record);
        std::shared_ptr<mcp::Session> oldSession = std::move(it->second.session);
        it->second = std::move(p);
        old->status = CallStatus::NoReply;
        resolveAgent(*old, oldSession.get());
        pushRecord(std::move(old));
    }
}

void Recorder::observeResponse(const mcp::TrafficRecord &r, const json &m)
{
    const auto id = m.find("id");
    // The session's descriptor without an agent: its requests' key.
    const auto shared = r.sessionId.empty() ? m_sessions.end() : m_sessions.find(r.sessionId);
    if (id != m.end() && !id->is_null()
        && (r.sessionId.empty() || (shared != m_sessions.end() && shared->second.bare))) {
        PendingKey key;
        key.session = r.sessionId.empty() ? nullptr : shared->second.bare.get();
        setPendingId(key.number, key.other, *id);
        const auto it = m_pending.find(key);
        if (it != m_pending.end()) {
            std::shared_ptr<CallRecord> pending = std::move(it->second.record);
            const std::shared_ptr<mcp::Session> session = std::move(it->second.session);
            m_pending.erase(it);
            complete(*pending, m, wireText(r, m), r.httpStatus);
            pending->latency = r.latency;
            resolveAgent(*pending, session.get());
            pushRecord(std::move(pending));
            return;
        }
    }
    // An answer without its request (a 404 for an unknown session, say).
    std::shared_ptr<CallRecord> rec = newRecord(r);
    rec->kind = CallKind::Request;
    complete(*rec, m, wireText(r, m), r.httpStatus);
    rec->latency = r.latency;
    resolveAgent(*rec);
    pushRecord(std::move(rec));
}

void Recorder::describeRequest(CallRecord &rec, const json &m) const
{
    if (!m.is_object())
        return;
    if (const auto method = m.find("method"); method != m.end() && method->is_string())
        rec.method = method->get<std::string>();
    const auto params = m.find("params");
    if (params == m.end() || !params->is_object())
        return;
    if (rec.method == "tools/call" || rec.method == "prompts/get") {
        if (rec.method == "tools/call") {
            if (const auto name = params->find("name");
                name != params->end() && name->is_string()) {
                const std::string &n = name->get_ref<const std::string &>();
                const mcp::Tool *tool = m_registry ? m_registry->find(n) : nullptr;
                // The registry's name, kept alive with the registry: no copy.
                rec.toolName = tool ? std::shared_ptr<const std::string>(m_registry, &tool->name)
                                    : std::make_shared<const std::string>(n);
            }
        }
        if (const auto args = params->find("arguments"); args != params->end() && args->is_object())
            if (const auto id = args->find("matchId"); id != args->end() && id->is_string())
                rec.matchId = id->get<std::string>();
    } else if (const auto uri = params->find("uri"); uri != params->end() && uri->is_string()) {
        if (auto id = mcp::Dispatcher::matchIdFromUri(uri->get<std::string>()))
            rec.matchId = std::move(*id);
    }
}

void Recorder::complete(CallRecord &rec, const json &response, QByteArray text, int httpStatus)
{
    rec.responseText = std::move(text);
    rec.httpStatus = httpStatus;
    rec.status = CallStatus::Ok;
    if (!response.is_object()) {
        rec.status = CallStatus::NoReply;
        return;
    }
    if (const auto error = response.find("error"); error != response.end()) {
        rec.status = CallStatus::ProtocolError;
        if (error->is_object()) {
            if (const auto code = error->find("code");
                code != error->end() && code->is_number_integer())
                rec.rpcErrorCode = code->get<int>();
            const auto data = error->find("data");
            if (data != error->end() && data->is_object()) {
                const auto code = data->find("code");
                if (code != data->end() && code->is_string()) {
                    rec.toolErrorCode = code->get<std::string>();
                    if (rec.toolErrorCode == "RATE_LIMITED")
                        rec.status = CallStatus::RateLimited;
                }
            }
        }
    } else if (const auto result = response.find("result");
               result != response.end() && result->is_object() && result->value("isError", false)) {
        rec.isError = true;
        if (const std::string *t = firstText(*result))
            rec.toolErrorCode = scanErrorCode(*t);
        rec.status
            = rec.toolErrorCode == "RATE_LIMITED" ? CallStatus::RateLimited : CallStatus::ToolError;
    }
    if (httpStatus == 429)
        rec.status = CallStatus::RateLimited;
    else if (httpStatus >= 400 && rec.status == CallStatus::Ok)
        rec.status = CallStatus::ProtocolError;
}

void Recorder::resolveAgent(CallRecord &rec, const mcp::Session *session)
{
    if (rec.sessionId().empty())
        return;
    const std::string &id = rec.sessionId();
    std::shared_ptr<mcp::Session> found;
    if (!session && m_lookup) {
        found = m_lookup(id);
        session = found.get();
    }
    if (session && !session->agentId.empty()) {
        rec.session = shareSession(id, session->transport, session->agentId, session->displayName);
        return;
    }
    // Sessions the transport does not know: the in-process ones.
    if (const auto it = m_agents.find(id); it != m_agents.end())
        rec.session = shareSession(id, it->second.transport, it->second.id, it->second.name);
}

void Recorder::pushRecord(std::shared_ptr<CallRecord> rec)
{
    rec->id = m_nextId++;
    CallRecordPtr ptr = std::move(rec);
    const std::size_t cost = ptr->memoryCost();
    m_bytes += cost;
    m_ring.push_back(Kept{ptr, cost});
    while (m_ring.size() > 1
           && (m_ring.size() > m_options.capacity || m_bytes > m_options.maxBytes)) {
        m_bytes -= m_ring.front().cost;
        m_ring.pop_front();
        ++m_evicted;
    }
    if (!m_callLogPath.isEmpty() && !ptr->matchId.empty())
        setCallLogPath(std::exchange(m_callLogPath, {})); // the first call that names a match
    if (m_callLog)
        m_callLog->add(ptr); // its line is built on the writer thread
    // Batches only for listeners: without any (headless), holding every
    // record a while longer and dropping the batch cost ~1 % of a get_state.
    if (!m_listened.load(std::memory_order_relaxed))
        return;
    m_batch.push_back(std::move(ptr));
    if (!m_batchTimer->isActive())
        m_batchTimer->start();
}

void Recorder::connectNotify(const QMetaMethod &signal)
{
    // From the connecting thread. Never turned off again: disconnectNotify()
    // may run with Qt's connection locks held (a receiver being destroyed),
    // where asking isSignalConnected() could deadlock; a window that closed
    // its inspector keeps getting batches, as before.
    if (signal == QMetaMethod::fromSignal(&Recorder::recordsAdded)
        || signal == QMetaMethod::fromSignal(&Recorder::uiRecordsAdded))
        m_listened = true;
}

QCoro::Task<std::optional<json>>
Recorder::handle(mcp::MessageHandler &handler, json message, std::shared_ptr<mcp::Session> session)
{
    QPointer<Recorder> self(this);
    const auto start = system_clock::now();
    const auto t0 = steady_clock::now();
    // The dispatcher consumes the message: keep its text, not a copy of the tree.
    std::vector<json> ids; // of the requests, to pair a batch's answers
    std::vector<std::shared_ptr<CallRecord>> records = startInProcess(message, start, ids);
    std::optional<json> reply = co_await handler.handle(std::move(message), session);
    if (self)
        self->finishInProcess(*session,
                              std::move(records),
                              ids,
                              reply,
                              duration_cast<microseconds>(steady_clock::now() - t0));
    co_return reply;
}

void Recorder::recordInProcess(const mcp::Session &session,
                               const json &request,
                               const std::optional<json> &reply,
                               system_clock::time_point start,
                               microseconds latency)
{
    std::vector<json> ids;
    std::vector<std::shared_ptr<CallRecord>> records = startInProcess(request, start, ids);
    finishInProcess(session, std::move(records), ids, reply, latency);
}

std::vector<std::shared_ptr<CallRecord>> Recorder::startInProcess(const json &message,
                                                                  system_clock::time_point start,
                                                                  std::vector<json> &ids) const
{
    std::vector<std::shared_ptr<CallRecord>> records;
    auto describe = [&](const json &m) {
        auto rec = std::make_shared<CallRecord>();
        rec->timestamp = start;
        rec->requestText = textOf(m);
        describeRequest(*rec, m);
        rec->kind = isRequest(m) ? CallKind::Request : CallKind::Notification;
        records.push_back(std::move(rec));
        ids.push_back(isRequest(m) ? m.at("id") : json());
    };
    if (message.is_array())
        for (const json &m : message)
            describe(m);
    else
        describe(message);
    return records;
}

void Recorder::finishInProcess(const mcp::Session &session,
                               std::vector<std::shared_ptr<CallRecord>> records,
                               const std::vector<json> &ids,
                               const std::optional<json> &reply,
                               microseconds latency)
{
    if (!session.id.empty() && !session.agentId.empty()) {
        Agent &a = m_agents[session.id];
        a = Agent{session.agentId, session.displayName, session.transport};
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::shared_ptr<CallRecord> &rec = records[i];
        rec->session
            = shareSession(session.id, session.transport, session.agentId, session.displayName);
        rec->latency = latency;
        if (rec->kind == CallKind::Request) {
            const json *answer = nullptr;
            if (reply && !reply->is_array())
                answer = &*reply;
            else if (reply)
                for (const json &a : *reply)
                    if (a.is_object() && a.value("id", json()) == ids[i])
                        answer = &a;
            if (answer)
                complete(*rec, *answer, textOf(*answer), 0);
            else
                rec->status = CallStatus::NoReply;
        }
        pushRecord(std::move(rec));
    }
}

CallRecordBatch Recorder::query(const CallFilter &filter) const
{
    CallRecordBatch out;
    // Newest first, so `limit` keeps the most recent; then back to oldest first.
    for (auto it = m_ring.rbegin(); it != m_ring.rend() && out.size() < filter.limit; ++it) {
        if (it->record->id <= filter.afterId)
            break;
        if (filter.matches(*it->record))
            out.push_back(it->record);
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::string Recorder::exportJsonLines(const CallFilter &filter) const
{
    std::string out;
    for (const CallRecordPtr &r : query(filter)) {
        out += r->toJson().dump(-1, ' ', false, json::error_handler_t::replace);
        out += '\n';
    }
    return out;
}

void Recorder::flush()
{
    emitBatch();
    persist();
    if (m_callLog)
        m_callLog->drain();
}

void Recorder::expirePending(bool all)
{
    const auto now = steady_clock::now();
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (all || now - it->second.since > m_options.pendingTimeout) {
            std::shared_ptr<CallRecord> rec = std::move(it->second.record);
            const std::shared_ptr<mcp::Session> session = std::move(it->second.session);
            it = m_pending.erase(it);
            rec->status = CallStatus::NoReply;
            resolveAgent(*rec, session.get());
            pushRecord(std::move(rec));
        } else {
            ++it;
        }
    }
}

void Recorder::emitBatch()
{
    m_batchTimer->stop();
    if (m_batch.empty())
        return;
    CallRecordBatch batch;
    batch.swap(m_batch);
    if (isSignalConnected(QMetaMethod::fromSignal(&Recorder::uiRecordsAdded))) {
        ui::ToolCallRecords records;
        records.reserve(qsizetype(batch.size()));
        for (const CallRecordPtr &r : batch)
            records.push_back(toUiRecord(*r));
        Q_EMIT uiRecordsAdded(records);
    }
    Q_EMIT recordsAdded(batch);
}

void Recorder::persist()
{
    if (m_callLog)
        m_callLog->handOver();
}

void Recorder::persistIfDue()
{
    if (!m_callLog || m_callLog->waitingCount() == 0)
        return;
    if (m_callLog->waitingCount() >= m_options.persistRecords
        || steady_clock::now() - m_callLog->waitingSince() >= m_options.persistMaxDelay)
        m_callLog->handOver();
}

ToolCallRow Recorder::toRow(const CallRecord &r)
{
    ToolCallRow row;
    row.matchId = r.matchId;
    row.atUs = microsSinceEpoch(r.timestamp);
    row.sessionId = r.sessionId();
    row.agentId = r.agentId();
    row.agentName = r.agentName();
    row.method = r.method;
    row.tool = r.tool();
    row.status = ui::statusKey(r.status).toStdString();
    if (!r.toolErrorCode.empty())
        row.toolErrorCode = r.toolErrorCode;
    row.rpcErrorCode = r.rpcErrorCode;
    row.httpStatus = r.httpStatus;
    row.latencyUs = r.latency.count();
    row.requestJson = r.requestText.isEmpty() ? std::string("null") : r.requestText.toStdString();
    row.responseJson
        = r.responseText.isEmpty() ? std::string("null") : r.responseText.toStdString();
    return row;
}

json Recorder::rowToJson(const ToolCallRow &row)
{
    auto parsed = [](const std::string &text) {
        json j = json::parse(text, nullptr, false);
        return j.is_discarded() ? json(text) : j;
    };
    return json{
        {"matchId", row.matchId},
        {"atUs", row.atUs},
        {"time",
         QDateTime::fromMSecsSinceEpoch(row.atUs / 1000, Qt::UTC)
             .toString(Qt::ISODateWithMs)
             .toStdString()},
        {"sessionId", row.sessionId},
        {"agentId", row.agentId},
        {"agentName", row.agentName},
        {"method", row.method},
        {"tool", row.tool},
        {"status", row.status},
        {"toolErrorCode", row.toolErrorCode ? json(*row.toolErrorCode) : json()},
        {"rpcErrorCode", row.rpcErrorCode ? json(*row.rpcErrorCode) : json()},
        {"httpStatus", row.httpStatus},
        {"latencyUs", row.latencyUs},
        {"request", parsed(row.requestJson)},
        {"response", parsed(row.responseJson)},
    };
}

std::string Recorder::schemaCheck(const CallRecord &r) const
{
    if (!m_registry || r.method != "tools/call" || r.kind != CallKind::Request)
        return {};
    const mcp::Tool *tool = m_registry->find(r.tool());
    if (!tool)
        return {};
    std::string out;
    json args = r.arguments();
    if (args.is_null())
        args = json::object();
    for (const mcp::SchemaIssue &i : m_registry->validateArguments(*tool, args))
        out += (out.empty() ? "" : "; ") + str("input ") + i.path + ": " + i.message;
    if (r.status == CallStatus::Ok) {
        const json sc = r.structuredContent();
        if (!sc.is_null())
            for (const mcp::SchemaIssue &i : m_registry->validateResult(*tool, sc))
                out += (out.empty() ? "" : "; ") + str("output ") + i.path + ": " + i.message;
    }
    return out.empty() ? std::string("ok") : out;
}

ui::ToolCallRecord Recorder::toUiRecord(const CallRecord &r) const
{
    ui::ToolCallRecord u;
    u.id = r.id;
    u.atUs = microsSinceEpoch(r.timestamp);
    u.sessionId = QString::fromStdString(r.sessionId());
    u.transport = QString::fromStdString(r.transport());
    u.agentId = QString::fromStdString(r.agentId());
    u.agentName = QString::fromStdString(r.agentName());
    u.matchId = QString::fromStdString(r.matchId);
    u.method = QString::fromStdString(r.method);
    u.tool = QString::fromStdString(r.tool());
    u.kind = r.kind;
    u.status = r.status;
    u.toolErrorCode = QString::fromStdString(r.toolErrorCode);
    u.rpcErrorCode = r.rpcErrorCode.value_or(0);
    u.httpStatus = r.httpStatus;
    u.latencyUs = r.latency.count();
    u.requestJson = r.requestText;
    u.responseJson = r.responseText;
    if (m_options.schemaCheckForUi)
        u.schemaCheck = QString::fromStdString(schemaCheck(r));
    return u;
}

} // namespace townhall::host
