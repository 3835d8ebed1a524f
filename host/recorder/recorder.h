// SPDX-License-Identifier: MIT
#pragma once

/// \file recorder.h
/// The tool-call inspector's recorder: pairs every MCP request with
/// its response or error, records notifications and server pushes, keeps the
/// records in a bounded ring, pushes them in batches by signal, stores the
/// ones that name a match in the database (on a timer, never per call), and
/// exports JSON Lines.
///
/// Wiring (in the thread of the HttpServer and the Dispatcher):
/// \code
///   auto rec = new Recorder(this);
///   rec->setSessionLookup([srv](const std::string &id) { return srv->session(id); });
///   rec->setToolRegistry(registry);          // canonical names, schema checks
///   rec->setStore(host->store());            // optional: its calls file
///   srv->setObserver(rec->observer());       // every HTTP/SSE message
///   // in-process calls: instead of  co_await dispatcher->handle(msg, session)
///   co_await rec->handle(*dispatcher, std::move(msg), session);
/// \endcode
///
/// Cost on the server thread: no copy of either message. A record keeps the
/// request's and the response's compact JSON text, which over HTTP are the
/// very buffers the transport read and wrote (implicitly shared); a few
/// fields (method, tool, match, error codes) are read off the parsed message
/// while it is lent. Then a hash-map insert and erase and a ring push. The
/// ring is bounded by count and by bytes. No database write, and no line
/// built here: a record that names a match is queued (a shared pointer) for
/// the calls file's writer thread, which builds its JSON Lines line; every
/// Options::persistInterval the recorder looks whether enough records (or
/// old enough ones) wait, and if so the writer closes its chunks and writes
/// them (host/recorder/calllog.h).

#include "host/recorder/toolcallrecord.h"
#include "host/store/store.h"
#include "mcp/handler.h"
#include "mcp/httpserver.h"
#include "mcp/toolregistry.h"

#include <QCoro/QCoroTask>
#include <QObject>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

class QTimer;

namespace townhall::host {

class CallLog;

using json = nlohmann::json;
using CallStatus = ui::CallStatus;
using CallKind = ui::CallKind;

/// The session a record belongs to and the agent behind it, as the record
/// saw them. Immutable, and shared by the records of the session.
struct CallSession
{
    std::string sessionId;
    std::string transport;
    std::string agentId;
    std::string agentName;
};

/// One recorded MCP exchange.
struct CallRecord
{
    std::uint64_t id = 0;
    std::chrono::system_clock::time_point timestamp; ///< when the request arrived
    /// Null when none is known.
    std::shared_ptr<const CallSession> session;
    std::string matchId;
    std::string method;
    /// Canonical dotted name (tools/call), else null: usually the name in
    /// the tool registry, which the pointer keeps alive.
    std::shared_ptr<const std::string> toolName;
    CallKind kind = CallKind::Request;
    CallStatus status = CallStatus::Ok;
    bool isError = false;      ///< result.isError
    std::string toolErrorCode; ///< the seed's error.code of a failed tool call
    std::optional<int> rpcErrorCode;
    int httpStatus = 0;
    std::chrono::microseconds latency{0};
    /// The request (or notification, or refused body) as compact JSON text;
    /// empty if unknown.
    QByteArray requestText;
    /// The response (or server-pushed message) as it went over the wire;
    /// empty if none.
    QByteArray responseText;

    const std::string &sessionId() const { return session ? session->sessionId : none(); }
    const std::string &transport() const { return session ? session->transport : none(); }
    const std::string &agentId() const { return session ? session->agentId : none(); }
    const std::string &agentName() const { return session ? session->agentName : none(); }
    const std::string &tool() const { return toolName ? *toolName : none(); }
    /// An empty string.
    static const std::string &none();

    /// The request message, parsed (null if unknown).
    json request() const;
    /// The response message, parsed (null if none).
    json response() const;
    /// `params.arguments` of a tools/call (null otherwise).
    json arguments() const;
    /// The result's structuredContent (from the text content if it has none).
    json structuredContent() const;
    /// Bytes this record holds in memory (what the ring's byte bound counts).
    std::size_t memoryCost() const;
    /// One JSON Lines object: every field, the full response.
    json toJson() const;
};

using CallRecordPtr = std::shared_ptr<const CallRecord>;
using CallRecordBatch = std::vector<CallRecordPtr>;

/// Selects records; empty strings and nullopt match anything.
struct CallFilter
{
    std::string agentId;
    std::string matchId;
    std::string tool; ///< either name form
    std::string sessionId;
    std::optional<CallStatus> status;
    std::optional<CallKind> kind;
    std::uint64_t afterId = 0;           ///< records with a larger id only
    std::size_t limit = std::size_t(-1); ///< the most recent `limit` matches

    bool matches(const CallRecord &r) const;
};

class Recorder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Recorder)

public:
    struct Options
    {
        std::size_t capacity = 50000;                 ///< records kept in memory
        std::size_t maxBytes = 8 * 1024 * 1024;       ///< and their bytes (memoryCost)
        std::chrono::milliseconds batchInterval{100}; ///< recordsAdded at most this often
        /// How often what waits for the calls file is looked at. It is
        /// written then once persistRecords records wait (a busy server:
        /// one write every persistInterval), or once the first of them has
        /// waited persistMaxDelay. A write is a transaction with two fsyncs,
        /// whose cost hardly depends on what it holds, so a trickle of calls
        /// is written in few, larger transactions (docs/benchmarks.md has
        /// the figures). persistMaxDelay is what a hard crash (kill -9,
        /// power loss) can lose of the calls file; shutdown writes it all.
        std::chrono::milliseconds persistInterval{200};
        std::size_t persistRecords = 1024;
        std::chrono::milliseconds persistMaxDelay{2000};
        std::size_t maxPending = 10000;           ///< unanswered requests tracked
        std::chrono::seconds pendingTimeout{300}; ///< then recorded as NoReply
        bool schemaCheckForUi = true;             ///< fill ToolCallRecord::schemaCheck
    };

    explicit Recorder(QObject *parent = nullptr);
    Recorder(const Options &options, QObject *parent = nullptr);
    ~Recorder() override;

    /// How session ids become agents (HttpServer::session). Without it,
    /// records carry only what in-process sessions tell.
    void setSessionLookup(std::function<std::shared_ptr<mcp::Session>(const std::string &)> lookup);
    void setToolRegistry(std::shared_ptr<const mcp::ToolRegistry> registry);
    /// Records that name a match go to the calls file of `store`'s database
    /// (CallLog::pathFor; none for ":memory:"), written as Options::
    /// persistInterval, persistRecords and persistMaxDelay say.
    /// Only the path is used, and the file is opened (created if missing)
    /// with the first record that names a match, so a recorder turned off
    /// before (or never given such a call) creates none. A calls file that
    /// cannot be used is reported then (a warning and persistFailed) and
    /// recording stays in memory. setStore(nullptr) writes what is waiting
    /// and closes the file.
    void setStore(Store *store);
    /// The same with the calls file's path, opened now; false (and
    /// reported) when the file cannot be used.
    bool setCallLogPath(const QString &path);
    /// The open calls file, or null.
    CallLog *callLog() const { return m_callLog.get(); }

    /// Feed for HttpServer::setObserver.
    void observe(const mcp::TrafficRecord &record);
    std::function<void(const mcp::TrafficRecord &)> observer();

    /// Runs `message` through `handler` (the Dispatcher) and records it: the
    /// in-process path of the built-in bots.
    QCoro::Task<std::optional<json>>
    handle(mcp::MessageHandler &handler, json message, std::shared_ptr<mcp::Session> session);
    /// Records an exchange that did not cross the transport.
    void recordInProcess(const mcp::Session &session,
                         const json &request,
                         const std::optional<json> &reply,
                         std::chrono::system_clock::time_point start,
                         std::chrono::microseconds latency);

    /// Records in memory matching `filter`, oldest first.
    CallRecordBatch query(const CallFilter &filter = {}) const;
    /// query() as JSON Lines (one CallRecord::toJson() per line).
    std::string exportJsonLines(const CallFilter &filter = {}) const;
    std::size_t size() const { return m_ring.size(); }
    std::size_t bytes() const { return m_bytes; }
    std::size_t pendingCount() const { return m_pending.size(); }
    std::uint64_t recordedCount() const { return m_nextId - 1; }
    /// Records pushed out of the ring by newer ones.
    std::uint64_t evictedCount() const { return m_evicted; }

    /// Emits the waiting batch and writes the waiting records to the calls
    /// file now (blocking until they are written).
    void flush();
    /// Expires requests unanswered for longer than Options::pendingTimeout
    /// (all of them with `all`), recording them as NoReply.
    void expirePending(bool all = false);

    /// For the UI (which must not see app types).
    ui::ToolCallRecord toUiRecord(const CallRecord &record) const;
    /// "ok", or the input/output schema issues of a tools/call record; empty
    /// when there is nothing to check.
    std::string schemaCheck(const CallRecord &record) const;
    static ToolCallRow toRow(const CallRecord &record);
    /// A stored row as one JSON Lines object (`townhall calls`): the fields
    /// of CallRecord::toJson() that the table keeps.
    static json rowToJson(const ToolCallRow &row);

Q_SIGNALS:
    /// New records, at most every Options::batchInterval: those recorded
    /// since something was first connected to this signal or uiRecordsAdded.
    void recordsAdded(const townhall::host::CallRecordBatch &batch);
    /// The same batch converted for the inspector; only computed while
    /// something is connected.
    void uiRecordsAdded(const townhall::ui::ToolCallRecords &records);
    /// Persisting failed, or the calls file cannot be used (the records that
    /// were not written stay in the ring only).
    void persistFailed(const QString &message);

protected:
    void connectNotify(const QMetaMethod &signal) override;

private:
    struct Pending
    {
        std::shared_ptr<CallRecord> record;
        std::chrono::steady_clock::time_point since;
        /// The session, looked up once: it names the agent when the answer
        /// comes (authenticated by then), even if the session has closed.
        std::shared_ptr<mcp::Session> session;
    };

    /// The descriptor of session `id` with these agent fields, shared with
    /// the records before when they are the same.
    std::shared_ptr<const CallSession> shareSession(std::string_view id,
                                                    const std::string &transport,
                                                    const std::string &agentId,
                                                    const std::string &agentName);
    void pushRecord(std::shared_ptr<CallRecord> record);
    // observe()'s steps.
    /// A record for a message of `r` (every message but an answer to a pending request).
    std::shared_ptr<CallRecord> newRecord(const mcp::TrafficRecord &r);
    /// Pushes m_refused, completed by `r` when `r` is its error reply (then true).
    bool pairRefused(const mcp::TrafficRecord &r, const json &message);
    /// A message from the client: a request waits for its answer.
    void observeInbound(const mcp::TrafficRecord &r, const json &message);
    /// Keeps a request until its answer comes; the oldest unanswered, or one
    /// whose id is reused, is pushed with NoReply.
    void awaitAnswer(std::shared_ptr<CallRecord> record, const json &message);
    /// An answer from the server, paired with its request when there is one.
    void observeResponse(const mcp::TrafficRecord &r, const json &message);
    void complete(CallRecord &record, const json &response, QByteArray text, int httpStatus);
    void resolveAgent(CallRecord &record, const mcp::Session *session = nullptr);
    void describeRequest(CallRecord &record, const json &message) const;
    /// Records (still unanswered) for an in-process message or batch, and
    /// the ids of its requests in `ids`.
    std::vector<std::shared_ptr<CallRecord>>
    startInProcess(const json &message,
                   std::chrono::system_clock::time_point start,
                   std::vector<json> &ids) const;
    void finishInProcess(const mcp::Session &session,
                         std::vector<std::shared_ptr<CallRecord>> records,
                         const std::vector<json> &ids,
                         const std::optional<json> &reply,
                         std::chrono::microseconds latency);
    void emitBatch();
    /// Hands what waits to the calls file's writer now.
    void persist();
    /// persist() once Options::persistRecords or persistMaxDelay say so.
    void persistIfDue();

    Options m_options;
    std::function<std::shared_ptr<mcp::Session>(const std::string &)> m_lookup;
    std::shared_ptr<const mcp::ToolRegistry> m_registry;
    std::unique_ptr<CallLog> m_callLog;
    QString m_callLogPath; ///< setStore()'s file, until a record opens it

    struct Kept
    {
        CallRecordPtr record;
        /// Its memoryCost(), so that evicting never touches an old record.
        std::size_t cost;
    };
    std::deque<Kept> m_ring;
    /// A request awaiting its answer: its session's descriptor without an
    /// agent (one per session id while a record holds it, and the pending
    /// record does) and its id, an integer without a heap string.
    struct PendingKey
    {
        const CallSession *session = nullptr;
        std::int64_t number = 0; ///< an integer id
        std::string other;       ///< any other id, tagged (setPendingId())
        bool operator==(const PendingKey &) const = default;
    };
    struct PendingHash
    {
        std::size_t operator()(const PendingKey &k) const;
    };
    std::unordered_map<PendingKey, Pending, PendingHash> m_pending;
    /// Something has been connected to recordsAdded or uiRecordsAdded (set
    /// from the thread that connects).
    std::atomic<bool> m_listened{false};
    struct Agent
    {
        std::string id, name, transport;
    };
    std::unordered_map<std::string, Agent> m_agents; ///< by session id
    /// Session descriptors shared by records, by session id: the one
    /// without an agent and the latest with one.
    struct Shared
    {
        std::shared_ptr<const CallSession> bare, agent;
    };
    struct StringHash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const
        {
            return std::hash<std::string_view>()(s);
        }
    };
    std::unordered_map<std::string, Shared, StringHash, std::equal_to<>> m_sessions;
    /// m_sessions loses the descriptors no record holds when it grows past
    /// this.
    std::size_t m_sessionsPruneAt = 256;
    std::shared_ptr<CallRecord> m_refused; ///< a refused inbound message awaiting its error reply
    CallRecordBatch m_batch;
    QTimer *m_batchTimer;
    QTimer *m_persistTimer;
    std::uint64_t m_nextId = 1;
    std::uint64_t m_evicted = 0;
    std::size_t m_bytes = 0;
    std::int64_t m_inProcessIds = 0;
};

} // namespace townhall::host

Q_DECLARE_METATYPE(townhall::host::CallRecordBatch)
