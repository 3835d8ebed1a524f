// SPDX-License-Identifier: MIT
#include "host/recorder/calllog.h"

#include "host/store/sqlutil.h"
#include "mcp/jsonwrite.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <array>
#include <charconv>
#include <cstring>

Q_LOGGING_CATEGORY(lcCallLog, "townhall.calllog")

namespace townhall::host {

namespace {

using Code = StoreError::Code;

/// The first 16 bytes of every SQLite database file.
constexpr char SqliteMagic[16]
    = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};

constexpr const char *Layout = R"(CREATE TABLE call_chunks (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL,
    first_at_us INTEGER NOT NULL,
    last_at_us INTEGER NOT NULL,
    calls INTEGER NOT NULL,
    lines BLOB NOT NULL
);
CREATE INDEX call_chunks_by_match ON call_chunks (match_id, id);
)";

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

/// Refuses, before SQLite opens it, a non-empty file that is not SQLite, so
/// nothing (not even a journal) is ever written next to it.
StoreResult<void> checkHeader(const QString &path)
{
    QFile f(path);
    if (!f.exists() || f.size() == 0)
        return {};
    if (!f.open(QIODevice::ReadOnly))
        return StoreError{Code::Io,
                          CallLog::tr("cannot open %1: %2").arg(shown(path), f.errorString())};
    const QByteArray head = f.read(sizeof SqliteMagic);
    if (head.size() != qsizetype(sizeof SqliteMagic)
        || std::memcmp(head.constData(), SqliteMagic, sizeof SqliteMagic) != 0)
        return StoreError{Code::Corrupt,
                          CallLog::tr("%1 is not a Town Hall calls file (not an SQLite database); "
                                      "it is left as it is")
                              .arg(shown(path))};
    return {};
}

StoreResult<qint64> pragma(QSqlDatabase &db, const QString &path, const char *name)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA %1").arg(QLatin1String(name))) || !q.next())
        return StoreError{Code::Corrupt,
                          CallLog::tr("%1 is not a readable Town Hall calls file: %2")
                              .arg(shown(path), q.lastError().text())};
    return q.value(0).toLongLong();
}

/// Whether the open file is a calls file we can use; `fresh` when it has no
/// layout yet (a new or empty file).
StoreResult<void>
probe(QSqlDatabase &db, const QString &path, bool &fresh, qint64 *layout = nullptr)
{
    auto appId = pragma(db, path, "application_id");
    if (!appId)
        return appId.error();
    auto version = pragma(db, path, "user_version");
    if (!version)
        return version.error();
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next())
        return StoreError{Code::Corrupt,
                          CallLog::tr("%1 is not a readable Town Hall calls file: %2")
                              .arg(shown(path), q.lastError().text())};
    fresh = *appId == 0 && q.value(0).toLongLong() == 0;
    if (layout)
        *layout = *version;
    if (fresh)
        return {};
    if (*appId != CallLog::ApplicationId || *version < 1)
        return StoreError{Code::Foreign,
                          CallLog::tr("%1 is not a Town Hall calls file (another program's "
                                      "database); it is left as it is")
                              .arg(shown(path))};
    if (*version > CallLog::SchemaVersion)
        return StoreError{Code::TooNew,
                          CallLog::tr("%1 was written by a newer Town Hall (calls layout %2, "
                                      "this version knows %3)")
                              .arg(shown(path))
                              .arg(*version)
                              .arg(CallLog::SchemaVersion)};
    return {};
}

/// Opens a connection named `name` on `path` (which passed checkHeader).
StoreResult<QSqlDatabase> connect(const QString &name, const QString &path, bool readOnly)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    db.setDatabaseName(path);
    db.setConnectOptions(readOnly
                             ? QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000;QSQLITE_OPEN_READONLY")
                             : QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open())
        return StoreError{
            Code::Io, CallLog::tr("cannot open %1: %2").arg(shown(path), db.lastError().text())};
    return db;
}

QString connectionName()
{
    static std::atomic<quint64> counter{0};
    return QStringLiteral("townhall-calls-%1").arg(++counter);
}

// ------------------------------------------------------------ the line

void appendRaw(QByteArray &out, std::string_view s)
{
    out.append(s.data(), qsizetype(s.size()));
}

void appendNumber(QByteArray &out, qint64 v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr - buf);
}

/// A JSON string, as nlohmann's dump writes it.
void appendString(QByteArray &out, const std::string &s)
{
    const bool plain = std::all_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7F && c != '"' && c != '\\';
    });
    if (!plain) {
        appendRaw(out, json(s).dump(-1, ' ', false, json::error_handler_t::replace));
        return;
    }
    out.append('"');
    appendRaw(out, s);
    out.append('"');
}

/// Whether a recorded message's bytes can stand in a JSON Lines line as they
/// are. The recorder only holds texts that parsed (the transport's) or that
/// writeJson() wrote, so any text whose ends are a JSON object's or array's
/// is one; a line break (whitespace outside strings) would end the line.
bool spliceable(const QByteArray &text)
{
    if (text.isEmpty())
        return false;
    const char first = text.front();
    const char last = text.back();
    return ((first == '{' && last == '}') || (first == '[' && last == ']'))
           && !std::memchr(text.constData(), '\n', std::size_t(text.size()))
           && !std::memchr(text.constData(), '\r', std::size_t(text.size()));
}

/// A recorded message: its bytes when spliceable(), else as
/// Recorder::rowToJson() would write it (compact).
template<typename Parse>
void appendMessage(QByteArray &out, const QByteArray &text, Parse parsed)
{
    if (text.isEmpty()) {
        out.append("null");
        return;
    }
    if (spliceable(text)) {
        out.append(text);
        return;
    }
    appendRaw(out, parsed().dump(-1, ' ', false, json::error_handler_t::replace));
}

/// The JSON string of a status key (ui::statusKey), made once.
const QByteArray &statusJson(CallStatus status)
{
    static const std::array<QByteArray, std::size_t(CallStatus::NoReply) + 1> keys = [] {
        std::array<QByteArray, std::size_t(CallStatus::NoReply) + 1> k;
        for (std::size_t i = 0; i < k.size(); ++i)
            k[i] = QByteArray::fromStdString(
                json(ui::statusKey(CallStatus(i)).toStdString()).dump());
        return k;
    }();
    return keys[std::size_t(status)];
}

void appendDigits(char *&p, int v, int width)
{
    for (int i = width - 1; i >= 0; --i, v /= 10)
        p[i] = char('0' + v % 10);
    p += width;
}

/// QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs),
/// without QDateTime (the days-to-civil conversion of H. Hinnant's
/// public-domain date algorithms).
void appendTime(QByteArray &out, qint64 ms)
{
    constexpr qint64 DayMs = 86'400'000;
    qint64 days = ms / DayMs;
    qint64 rem = ms % DayMs;
    if (rem < 0) {
        rem += DayMs;
        --days;
    }
    const qint64 z = days + 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const int day = int(doy - (153 * mp + 2) / 5 + 1);
    const int month = int(mp < 10 ? mp + 3 : mp - 9);
    const qint64 year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
        out.append('"');
        out.append(
            QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs).toUtf8());
        out.append('"');
        return;
    }
    char buf[32];
    char *p = buf;
    *p++ = '"';
    appendDigits(p, int(year), 4);
    *p++ = '-';
    appendDigits(p, month, 2);
    *p++ = '-';
    appendDigits(p, day, 2);
    *p++ = 'T';
    appendDigits(p, int(rem / 3'600'000), 2);
    *p++ = ':';
    appendDigits(p, int(rem / 60'000 % 60), 2);
    *p++ = ':';
    appendDigits(p, int(rem / 1000 % 60), 2);
    *p++ = '.';
    appendDigits(p, int(rem % 1000), 3);
    *p++ = 'Z';
    *p++ = '"';
    out.append(buf, p - buf);
}

/// Expands the stored lines of one chunk (see CallLog::storeLine()) into
/// `out`: the lines `townhall calls` prints. False if a stored line is
/// damaged. A stored line is one of:
/// - the line as printed (it begins with '{');
/// - '#', then (ElidedDigits decimal digits each) where in the rest of the
///   line a text literal was cut out, where the bytes it escaped are and
///   how many: the line with the escape of those bytes put back (layout 2);
/// - '&', then "lineAt,size:" and ops: the line as printed (`size` bytes
///   and its '\n') rebuilt from an earlier line of the chunk, which begins
///   at `lineAt` in what the chunk printed; each op "from,copy,n:" copies
///   `copy` bytes from `from` in that line, then appends the `n` bytes that
///   follow it (layout 3).
bool expandLines(std::string &out, const QByteArray &lines);

} // namespace

// ---------------------------------------------------------------- CallLog

QString CallLog::pathFor(const QString &databasePath)
{
    if (databasePath.isEmpty() || databasePath == QLatin1String(":memory:"))
        return {};
    const QFileInfo file(databasePath);
    const QString name = file.fileName();
    const qsizetype dot = name.lastIndexOf(QLatin1Char('.'));
    const QString calls = dot > 0
                              ? QString(name.left(dot) + QStringLiteral(".calls") + name.mid(dot))
                              : QString(name + QStringLiteral(".calls"));
    return file.dir().filePath(calls);
}

CallLog::CallLog(QString path, Options options)
    : m_path(std::move(path))
    , m_options(std::move(options))
{}

StoreResult<std::unique_ptr<CallLog>> CallLog::open(const QString &path, Options options)
{
    const QFileInfo file(path);
    if (file.exists() && !file.isFile())
        return StoreError{Code::Io, tr("%1 exists but is not a file").arg(shown(path))};
    if (!QDir().mkpath(file.absolutePath()))
        return StoreError{Code::Io,
                          tr("cannot create the directory %1").arg(shown(file.absolutePath()))};
    if (auto ok = checkHeader(path); !ok)
        return ok.error();
    std::unique_ptr<CallLog> log(new CallLog(file.absoluteFilePath(), std::move(options)));
    std::promise<std::optional<StoreError>> opened;
    std::future<std::optional<StoreError>> result = opened.get_future();
    CallLog *self = log.get();
    log->m_thread
        = std::thread([self, p = std::move(opened)]() mutable { self->run(std::move(p)); });
    if (std::optional<StoreError> error = result.get()) {
        log->m_thread.join();
        return *error;
    }
    return log;
}

CallLog::~CallLog()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void CallLog::add(CallRecordPtr record)
{
    if (record->matchId.empty())
        return;
    // What the record holds beyond what the ring counts anyway: its bytes
    // are shared, but a queue behind a stalled disk keeps them alive.
    m_adding.bytes += sizeof(CallRecord) + std::size_t(record->requestText.size())
                      + std::size_t(record->responseText.size());
    m_adding.records.push_back(std::move(record));
    if (m_sinceHandOver++ == 0)
        m_waitingSince = std::chrono::steady_clock::now();
    if (m_adding.records.size() >= m_options.batchRecords)
        submit(false);
}

void CallLog::handOver()
{
    if (m_sinceHandOver > 0)
        submit(true);
    m_sinceHandOver = 0;
    if (m_droppedSince == 0)
        return;
    const std::uint64_t calls = std::exchange(m_droppedSince, 0);
    report(tr("%n recorded call(s) not written to %1: the writer is behind", nullptr, int(calls))
               .arg(shown(m_path)));
}

void CallLog::report(const QString &message) const
{
    qCWarning(lcCallLog).noquote() << message;
    if (m_options.onFailure)
        m_options.onFailure(message);
}

void CallLog::submit(bool handOver)
{
    Work work = std::exchange(m_adding, Work());
    work.handOver = handOver;
    m_adding.records.reserve(std::min<std::size_t>(m_options.batchRecords, 256));
    {
        std::lock_guard lock(m_mutex);
        if (m_queuedBytes + work.bytes > m_options.maxQueuedBytes && !m_queue.empty()) {
            // Dropped; a hand-over still ends the chunks before them.
            m_dropped += work.records.size();
            m_droppedSince += work.records.size();
            work.records.clear();
            work.bytes = 0;
        }
        m_queuedBytes += work.bytes;
        if (!work.records.empty() || handOver) {
            if (handOver)
                ++m_handedOver;
            m_queue.push_back(std::move(work));
            m_wake.notify_one();
        }
    }
}

void CallLog::append(const CallRecordBatch &records)
{
    for (const CallRecordPtr &r : records)
        add(r);
    handOver();
}

void CallLog::format(const CallRecord &r)
{
    auto it = m_open.find(r.matchId);
    if (it == m_open.end())
        it = m_open.try_emplace(r.matchId).first;
    Chunk &c = it->second;
    const qint64 at
        = std::chrono::duration_cast<std::chrono::microseconds>(r.timestamp.time_since_epoch())
              .count();
    if (c.calls == 0) {
        c.firstAtUs = at;
        // A buffer already written (no fresh pages to fault in), or a new
        // one of full size (growing by copies would copy it again).
        const qsizetype size = qsizetype(m_options.chunkBytes) + 64 * 1024;
        if (c.lines.capacity() < size && !m_spare.empty()) {
            c.lines = std::move(m_spare.back());
            m_spare.pop_back();
        }
        c.lines.reserve(size);
    }
    c.lastAtUs = at;
    ++c.calls;
    storeLine(c, r);
    if (std::size_t(c.lines.size()) >= m_options.chunkBytes) {
        Chunk full = std::exchange(c, Chunk());
        full.matchId = r.matchId;
        full.bases.clear(); // a chunk is read on its own
        m_full.push_back(std::move(full));
    }
}

std::vector<CallLog::Chunk> CallLog::closeChunks()
{
    std::vector<Chunk> chunks = std::exchange(m_full, {});
    for (auto &[matchId, c] : m_open) {
        if (c.calls == 0)
            continue;
        c.matchId = matchId;
        c.bases.clear(); // a chunk is read on its own
        chunks.push_back(std::exchange(c, Chunk()));
    }
    // Matches that were quiet for a whole interval lose their open chunk.
    std::erase_if(m_open, [](const auto &entry) { return entry.second.calls == 0; });
    return chunks;
}

void CallLog::drain()
{
    std::unique_lock lock(m_mutex);
    const std::uint64_t target = m_handedOver;
    m_progress.wait(lock, [&] { return m_done >= target; });
}

void CallLog::run(std::promise<std::optional<StoreError>> opened)
{
    const QString name = connectionName();
    {
        auto db = connect(name, m_path, false);
        if (!db) {
            opened.set_value(db.error());
        } else {
            QSqlDatabase &conn = *db;
            bool fresh = false;
            qint64 layout = 0;
            auto ready = probe(conn, m_path, fresh, &layout);
            // Big pages: a chunk is about a megabyte of overflow pages.
            if (ready && fresh)
                ready = execSql(conn, QStringLiteral("PRAGMA page_size = 65536"));
            // Appends only: a rollback journal holds the few pages a chunk
            // changes (a WAL would write every chunk twice). No fsync per
            // write; a crash of the host loses nothing that was committed.
            if (ready)
                ready = execSql(conn, QStringLiteral("PRAGMA journal_mode = TRUNCATE"));
            if (ready)
                ready = execSql(conn, QStringLiteral("PRAGMA synchronous = NORMAL"));
            if (ready)
                ready = execSql(conn, QStringLiteral("BEGIN IMMEDIATE"));
            if (ready && fresh) {
                ready = execScript(conn, Layout);
                if (ready)
                    ready = execSql(
                        conn, QStringLiteral("PRAGMA application_id = %1").arg(ApplicationId));
                if (ready)
                    ready = execSql(conn,
                                    QStringLiteral("PRAGMA user_version = %1").arg(SchemaVersion));
            }
            // Layout 1 had no stored lines with an elided response; a file
            // that gets some is marked so that older versions refuse it.
            if (ready && !fresh && layout < SchemaVersion)
                ready
                    = execSql(conn, QStringLiteral("PRAGMA user_version = %1").arg(SchemaVersion));
            if (ready)
                ready = execSql(conn, QStringLiteral("COMMIT"));
            if (!ready) {
                StoreError e = ready.error();
                if (e.code == Code::ReadOnly || e.code == Code::Io || e.code == Code::Sql)
                    e.message = tr("cannot write %1: %2").arg(shown(m_path), e.message);
                opened.set_value(std::move(e));
            } else {
                opened.set_value(std::nullopt);
                QSqlQuery insert(conn);
                insert.prepare(QStringLiteral("INSERT INTO call_chunks (match_id, first_at_us, "
                                              "last_at_us, calls, lines) VALUES (?, ?, ?, ?, ?)"));
                bool writeFailing = false; // reported once until a write works again
                for (;;) {
                    std::vector<Work> queued;
                    {
                        std::unique_lock lock(m_mutex);
                        m_wake.wait(lock, [&] { return m_stop || !m_queue.empty(); });
                        if (m_queue.empty())
                            break;
                        queued.swap(m_queue);
                        m_queuedBytes = 0;
                    }
                    // The lines, and the chunks each hand-over ends.
                    std::vector<std::vector<Chunk>> work;
                    std::uint64_t handOvers = 0;
                    for (Work &w : queued) {
                        for (const CallRecordPtr &r : w.records)
                            format(*r);
                        w.records.clear(); // the last reference is often this one
                        if (w.handOver) {
                            ++handOvers;
                            if (std::vector<Chunk> chunks = closeChunks(); !chunks.empty())
                                work.push_back(std::move(chunks));
                        }
                    }
                    if (!work.empty()) {
                        std::uint64_t calls = 0;
                        for (const std::vector<Chunk> &chunks : work)
                            for (const Chunk &c : chunks)
                                calls += std::uint64_t(c.calls);
                        if (auto n = write(conn, insert, work)) {
                            m_written += *n;
                            if (std::exchange(writeFailing, false))
                                qCInfo(lcCallLog).noquote()
                                    << "recorded calls are written again to" << shown(m_path);
                        } else {
                            m_dropped += calls;
                            // Once per outage (a full disk fails every write until it is freed).
                            if (!std::exchange(writeFailing, true))
                                report(tr("recorded calls not written to %1: %2")
                                           .arg(shown(m_path), n.error().message));
                        }
                        for (std::vector<Chunk> &chunks : work)
                            for (Chunk &c : chunks) {
                                c.lines.truncate(0); // keeps its capacity
                                if (c.lines.capacity() >= qsizetype(m_options.chunkBytes)
                                    && m_spare.size() < MaxSpare)
                                    m_spare.push_back(std::move(c.lines));
                            }
                    }
                    if (handOvers > 0) {
                        {
                            std::lock_guard lock(m_mutex);
                            m_done += handOvers;
                        }
                        m_progress.notify_all();
                    }
                }
            }
            conn.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
}

StoreResult<std::uint64_t>
CallLog::write(QSqlDatabase &db, QSqlQuery &insert, const std::vector<std::vector<Chunk>> &work)
{
    QSqlQuery tx(db);
    if (!tx.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return toStoreError(tx.lastError(), QStringLiteral("begin"));
    std::uint64_t written = 0;
    for (const std::vector<Chunk> &chunks : work) {
        for (const Chunk &c : chunks) {
            insert.addBindValue(QString::fromStdString(c.matchId));
            insert.addBindValue(c.firstAtUs);
            insert.addBindValue(c.lastAtUs);
            insert.addBindValue(c.calls);
            // Bound without sharing the buffer, so that it can be reused.
            insert.addBindValue(QByteArray::fromRawData(c.lines.constData(), c.lines.size()));
            if (auto r = townhall::host::run(insert, "store recorded calls"); !r) {
                tx.exec(QStringLiteral("ROLLBACK"));
                return r.error();
            }
            written += std::uint64_t(c.calls);
        }
    }
    if (!tx.exec(QStringLiteral("COMMIT"))) {
        StoreError e = toStoreError(tx.lastError(), QStringLiteral("commit"));
        tx.exec(QStringLiteral("ROLLBACK"));
        return e;
    }
    return written;
}

StoreResult<std::string> CallLog::read(const QString &path, const std::string &matchId)
{
    if (!QFileInfo::exists(path))
        return std::string();
    if (auto ok = checkHeader(path); !ok)
        return ok.error();
    const QString name = connectionName();
    StoreResult<std::string> out = std::string();
    {
        auto db = connect(name, path, true);
        if (!db) {
            out = db.error();
        } else {
            bool fresh = false;
            if (auto ok = probe(*db, path, fresh); !ok) {
                out = ok.error();
            } else if (!fresh) {
                QSqlQuery q(*db);
                q.setForwardOnly(true);
                q.prepare(
                    QStringLiteral("SELECT lines FROM call_chunks WHERE match_id = ? ORDER BY id"));
                q.addBindValue(QString::fromStdString(matchId));
                if (auto r = townhall::host::run(q, "read recorded calls"); !r) {
                    out = r.error();
                } else {
                    while (q.next()) {
                        if (!expandLines(*out, q.value(0).toByteArray())) {
                            out = StoreError{
                                Code::Corrupt,
                                tr("%1 holds a damaged recorded call of match %2")
                                    .arg(shown(path), QString::fromStdString(matchId))};
                            break;
                        }
                    }
                }
            }
            db->close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

namespace {

/// CallLog::appendLine(), with `response` (when given) spliced in place of
/// the record's response bytes; `responseAt` gets where they begin in `out`.
void formatLine(QByteArray &out,
                const CallRecord &r,
                std::string_view *response = nullptr,
                qsizetype *responseAt = nullptr)
{
    const qint64 atUs
        = std::chrono::duration_cast<std::chrono::microseconds>(r.timestamp.time_since_epoch())
              .count();
    out.append("{\"agentId\":");
    appendString(out, r.agentId());
    out.append(",\"agentName\":");
    appendString(out, r.agentName());
    out.append(",\"atUs\":");
    appendNumber(out, atUs);
    out.append(",\"httpStatus\":");
    appendNumber(out, r.httpStatus);
    out.append(",\"latencyUs\":");
    appendNumber(out, r.latency.count());
    out.append(",\"matchId\":");
    appendString(out, r.matchId);
    out.append(",\"method\":");
    appendString(out, r.method);
    out.append(",\"request\":");
    appendMessage(out, r.requestText, [&r] { return r.request(); });
    out.append(",\"response\":");
    if (responseAt)
        *responseAt = out.size();
    if (response) {
        appendRaw(out, *response);
    } else {
        appendMessage(out, r.responseText, [&r] { return r.response(); });
    }
    out.append(",\"rpcErrorCode\":");
    if (r.rpcErrorCode)
        appendNumber(out, *r.rpcErrorCode);
    else
        out.append("null");
    out.append(",\"sessionId\":");
    appendString(out, r.sessionId());
    out.append(",\"status\":");
    out.append(statusJson(r.status));
    out.append(",\"time\":");
    appendTime(out, atUs / 1000);
    out.append(",\"tool\":");
    appendString(out, r.tool());
    out.append(",\"toolErrorCode\":");
    if (r.toolErrorCode.empty())
        out.append("null");
    else
        appendString(out, r.toolErrorCode);
    out.append("}\n");
}

constexpr int ElidedDigits = 8;
constexpr qsizetype ElidedLimit = 100'000'000; // 10^ElidedDigits
constexpr qsizetype ElidedPrefix = 1 + 3 * ElidedDigits;

void writeDigits(char *p, qsizetype v)
{
    for (int i = ElidedDigits - 1; i >= 0; --i, v /= 10)
        p[i] = char('0' + v % 10);
}

bool readDigits(const char *p, qsizetype &v)
{
    v = 0;
    for (int i = 0; i < ElidedDigits; ++i) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        v = v * 10 + (p[i] - '0');
    }
    return true;
}

/// Reads decimal digits up to `end` (which it skips) into `v`.
bool readNumber(const char *&p, const char *stop, char end, std::size_t &v)
{
    const char *const first = p;
    v = 0;
    for (; p < stop && *p >= '0' && *p <= '9'; ++p) {
        if (p - first >= 12)
            return false;
        v = v * 10 + std::size_t(*p - '0');
    }
    if (p == first || p == stop || *p != end)
        return false;
    ++p;
    return true;
}

/// Where, in a response, a string literal's contents repeat other bytes of
/// the same response, escaped: [literal, literal + literalSize) is the
/// escape of [source, source + sourceSize).
struct Duplicate
{
    std::size_t literal = 0, literalSize = 0;
    std::size_t source = 0, sourceSize = 0;
};

/// The text of a tools/call result's content block, when it is the escape
/// of the bytes that follow "structuredContent":. Found by byte search and
/// then checked byte for byte: the stored form only relies on the check
/// (whatever the bytes are, the rebuild gives them back), the search only
/// decides how often it pays.
std::optional<Duplicate> findDuplicate(std::string_view s)
{
    constexpr std::string_view TextKey = "\"text\":\"";
    constexpr std::string_view ScKey = "\"structuredContent\":";
    const char *const data = s.data();
    const char *const end = data + s.size();
    const auto find = [&](std::string_view key) -> const char * {
#if defined(_MSC_VER)
        const std::size_t at = s.find(key);
        return at == std::string_view::npos ? nullptr : data + at;
#else
        // memmem skips ahead; string_view::find compares at every '"'.
        return static_cast<const char *>(memmem(data, s.size(), key.data(), key.size()));
#endif
    };
    const char *text = find(TextKey);
    const char *sc = find(ScKey);
    if (!text || !sc)
        return std::nullopt;
    const char *const literal = text + TextKey.size();
    const char *const source = sc + ScKey.size();
    // The source may not run into the literal.
    const char *const sourceEnd = source < literal ? literal : end;
    const char *l = literal;
    const char *c = source;
    // Up to the literal's closing quote: each source byte's escape in turn.
    for (;;) {
        if (l == end || c == sourceEnd)
            return std::nullopt;
        const char x = *l;
        if (x == '"')
            break;
        const auto u = static_cast<unsigned char>(*c);
        if (x == *c && u >= 0x20 && x != '\\') {
            ++l;
            ++c;
            continue;
        }
        if (x == '\\' && (u == '"' || u == '\\') && end - l > 1 && l[1] == *c) {
            l += 2;
            ++c;
            continue;
        }
        char buf[8];
        const int n = mcp::jsonwrite_detail::escapedByte(u, buf);
        if (n == 1 || end - l < n || std::memcmp(l, buf, std::size_t(n)) != 0)
            return std::nullopt;
        l += n;
        ++c;
    }
    Duplicate d;
    d.literal = std::size_t(literal - data);
    d.literalSize = std::size_t(l - literal);
    d.source = std::size_t(source - data);
    d.sourceSize = std::size_t(c - source);
    // The source may not overlap the literal either.
    if (d.literalSize == 0 || (source < l && literal < c))
        return std::nullopt;
    return d;
}

/// Lines whose response is shorter than this are stored whole.
constexpr std::size_t DeltaMin = 64;
/// Equal bytes shorter than this stay in a literal run (an op costs a few
/// bytes).
constexpr std::size_t DeltaRun = 16;

std::uint64_t load8(const char *p)
{
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

/// How many bytes `a` and `b` have in common from their start, up to `n`:
/// words first (most equal runs between a line's differences are short),
/// then, past 128 bytes, the library's vectorized memcmp on blocks.
std::size_t sameBytes(const char *a, const char *b, std::size_t n)
{
    std::size_t i = 0;
    const std::size_t words = std::min<std::size_t>(n, 128);
    while (i + 8 <= words && load8(a + i) == load8(b + i))
        i += 8;
    if (i + 8 > words) {
        while (i + 1024 <= n && std::memcmp(a + i, b + i, 1024) == 0)
            i += 1024;
        while (i + 64 <= n && std::memcmp(a + i, b + i, 64) == 0)
            i += 64;
        while (i + 8 <= n && load8(a + i) == load8(b + i))
            i += 8;
    }
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

char *writeDecimal(char *p, std::size_t v, char end)
{
    p = std::to_chars(p, p + 20, v).ptr;
    *p = end;
    return p + 1;
}

void appendDecimal(QByteArray &out, std::size_t v, char end)
{
    char buf[24];
    out.append(buf, writeDecimal(buf, v, end) - buf);
}

/// One op of a difference line: copy `copy` bytes from `from` in the base
/// line, then the `literalSize` bytes at `literal`, as "from,copy,size:"
/// and those bytes.
void appendOp(QByteArray &out,
              std::size_t from,
              std::size_t copy,
              const char *literal,
              std::size_t literalSize)
{
    char buf[72];
    char *p = writeDecimal(buf, from, ',');
    p = writeDecimal(p, copy, ',');
    p = writeDecimal(p, literalSize, ':');
    out.append(buf, p - buf);
    out.append(literal, qsizetype(literalSize));
}

/// Appends to `out` the ops that rebuild `cur` from `base`, which begins at
/// `baseAt` in the base line; false once `out` has grown past `limit`. The
/// two are compared as they begin, then aligned at their ends: a line that
/// repeats an earlier one of the same session differs in a few numbers (its
/// time, latency, ids, the server's time), of which at most one changes
/// length in a stretch.
bool appendDelta(QByteArray &out,
                 std::string_view cur,
                 std::string_view base,
                 std::size_t baseAt,
                 qsizetype limit)
{
    const char *const c = cur.data();
    const char *const b = base.data();
    const std::size_t n = cur.size();
    const std::size_t m = base.size();
    // Equal bytes at the start.
    const std::size_t p = sameBytes(c, b, std::min(n, m));
    // The rest with their ends aligned: c[i] against b[i + d].
    const std::ptrdiff_t d = std::ptrdiff_t(m) - std::ptrdiff_t(n);
    const std::size_t first = d < 0 ? std::size_t(-d) : 0; // c[i] has a partner from here on
    const auto same = [&](std::size_t i) {
        return i >= first && c[i] == b[std::ptrdiff_t(i) + d];
    };
    std::size_t opFrom = 0;
    std::size_t opCopy = p;
    std::size_t i = p;
    while (i < n) {
        // A literal run: up to DeltaRun equal bytes in a row (or the end).
        std::size_t j = i;
        for (;;) {
            while (j < n && !same(j))
                ++j;
            std::size_t k = j;
            while (k < n && k - j < DeltaRun && same(k))
                ++k;
            if (k == n || k - j >= DeltaRun)
                break;
            j = k;
        }
        appendOp(out, baseAt + opFrom, opCopy, c + i, j - i);
        if (out.size() > limit)
            return false;
        if (j == n)
            return true;
        // A run of equal bytes (same(j) holds, so j + d >= 0).
        const std::size_t k = j + sameBytes(c + j, b + std::ptrdiff_t(j) + d, n - j);
        opFrom = std::size_t(std::ptrdiff_t(j) + d);
        opCopy = k - j;
        i = k;
    }
    if (opCopy > 0)
        appendOp(out, baseAt + opFrom, opCopy, c, 0);
    return out.size() <= limit;
}

} // namespace

void CallLog::storeLine(Chunk &chunk, const CallRecord &r)
{
    QByteArray &out = chunk.lines;
    const qsizetype start = out.size();
    const std::string_view response(r.responseText.constData(), std::size_t(r.responseText.size()));
    if (!spliceable(r.responseText)) {
        formatLine(out, r); // the response as rowToJson() writes it
        chunk.printed += out.size() - start;
        return;
    }
    // The line around its response: head = [0, at), tail = [at, size).
    m_line.truncate(0); // keeps its capacity (clear() would not)
    m_line.reserve(1024);
    std::string_view none;
    qsizetype at = 0;
    formatLine(m_line, r, &none, &at);
    const std::string_view head(m_line.constData(), std::size_t(at));
    const std::string_view tail(m_line.constData() + at, std::size_t(m_line.size() - at - 1));
    const qint64 lineSize = qint64(m_line.size()) + qint64(response.size());
    // The last line of this session, method and tool in the chunk: a line is
    // stored as the difference to it when that is short.
    Base *base = nullptr;
    if (response.size() >= DeltaMin && chunk.printed + 2 * lineSize < ElidedLimit) {
        m_key.assign(r.sessionId());
        m_key += '\n';
        m_key += r.method;
        m_key += '\n';
        m_key += r.tool();
        const auto [it, fresh] = chunk.bases.try_emplace(m_key);
        base = &it->second;
        if (!fresh) {
            const std::string_view baseHead(base->around.constData(), std::size_t(base->at));
            const std::string_view baseTail(base->around.constData() + base->at,
                                            std::size_t(base->around.size() - base->at - 1));
            const std::string_view baseResponse(base->response.constData(),
                                                std::size_t(base->response.size()));
            const qsizetype limit = start + qsizetype(lineSize / 3);
            out.append('&');
            appendDecimal(out, std::size_t(base->lineAt), ',');
            appendDecimal(out, std::size_t(lineSize - 1), ':');
            if (appendDelta(out, head, baseHead, 0, limit)
                && appendDelta(out, response, baseResponse, baseHead.size(), limit)
                && appendDelta(out, tail, baseTail, baseHead.size() + baseResponse.size(), limit)) {
                out.append('\n');
                base->lineAt = chunk.printed;
                base->at = at;
                base->response = r.responseText;
                base->around.swap(m_line); // m_line's old buffer is reused next time
                chunk.printed += lineSize;
                return;
            }
            out.truncate(start);
        }
    }
    // The line whole, or without a text that repeats its structuredContent.
    const std::optional<Duplicate> d
        = r.method == "tools/call" ? findDuplicate(response) : std::nullopt;
    if (d && qsizetype(d->literalSize) > ElidedPrefix + 16 && lineSize < ElidedLimit / 2) {
        // The response without the literal's contents.
        const std::size_t cut = d->literal;
        const std::size_t resume = d->literal + d->literalSize;
        out.append(ElidedPrefix, '#');
        const qsizetype body = out.size();
        appendRaw(out, head);
        appendRaw(out, response.substr(0, cut));
        const qsizetype literalAt = out.size() - body;
        appendRaw(out, response.substr(resume));
        out.append(m_line.constData() + at, m_line.size() - at);
        const qsizetype sourceAt
            = at + qsizetype(d->source < cut ? d->source : d->source - d->literalSize);
        char *prefix = out.data() + start;
        writeDigits(prefix + 1, literalAt);
        writeDigits(prefix + 1 + ElidedDigits, sourceAt);
        writeDigits(prefix + 1 + 2 * ElidedDigits, qsizetype(d->sourceSize));
    } else {
        appendRaw(out, head);
        appendRaw(out, response);
        out.append(m_line.constData() + at, m_line.size() - at);
    }
    if (base) {
        base->lineAt = chunk.printed;
        base->at = at;
        base->response = r.responseText;
        base->around.swap(m_line);
    }
    chunk.printed += lineSize;
}

namespace {

bool expandLines(std::string &out, const QByteArray &lines)
{
    const char *data = lines.constData();
    const qsizetype size = lines.size();
    // Where the chunk begins in `out`: delta lines copy from what it printed.
    const std::size_t chunkAt = out.size();
    qsizetype pos = 0;
    char buf[8];
    while (pos < size) {
        const char *nl = static_cast<const char *>(std::memchr(data + pos, '\n', size - pos));
        const qsizetype end = nl ? nl - data + 1 : size;
        if (data[pos] == '&') {
            // The line as ops on an earlier line of the chunk (appendDelta()).
            const char *p = data + pos + 1;
            const char *const stop = data + end - 1; // the '\n'
            std::size_t lineAt = 0, size = 0;
            if (!nl || !readNumber(p, stop, ',', lineAt) || !readNumber(p, stop, ':', size))
                return false;
            const std::size_t printed = out.size() - chunkAt;
            if (lineAt >= printed || size > std::size_t(ElidedLimit))
                return false;
            // Room for the whole line first: the ops copy from `out` itself.
            out.reserve(out.size() + size + 1);
            const std::size_t lineStart = out.size();
            while (p < stop) {
                std::size_t from = 0, copy = 0, literal = 0;
                if (!readNumber(p, stop, ',', from) || !readNumber(p, stop, ',', copy)
                    || !readNumber(p, stop, ':', literal) || from > printed - lineAt
                    || copy > printed - lineAt - from || literal > std::size_t(stop - p)
                    || copy + literal > size - (out.size() - lineStart))
                    return false;
                out.append(out.data() + chunkAt + lineAt + from, copy);
                out.append(p, literal);
                p += literal;
            }
            if (out.size() - lineStart != size)
                return false;
            out += '\n';
            pos = end;
            continue;
        }
        if (data[pos] == '{') {
            out.append(data + pos, std::size_t(end - pos));
            pos = end;
            continue;
        }
        if (data[pos] != '#')
            return false;
        const qsizetype body = pos + ElidedPrefix;
        qsizetype literalAt = 0;
        qsizetype sourceAt = 0;
        qsizetype sourceSize = 0;
        if (end - body < 0 || !readDigits(data + pos + 1, literalAt)
            || !readDigits(data + pos + 1 + ElidedDigits, sourceAt)
            || !readDigits(data + pos + 1 + 2 * ElidedDigits, sourceSize) || literalAt > end - body
            || sourceAt + sourceSize > end - body)
            return false;
        out.append(data + body, std::size_t(literalAt));
        for (const char *c = data + body + sourceAt, *e = c + sourceSize; c != e; ++c)
            out.append(buf,
                       std::size_t(mcp::jsonwrite_detail::escapedByte(
                           static_cast<unsigned char>(*c), buf)));
        out.append(data + body + literalAt, std::size_t(end - body - literalAt));
        pos = end;
    }
    return true;
}

} // namespace

void CallLog::appendLine(QByteArray &out, const CallRecord &r)
{
    formatLine(out, r);
}

} // namespace townhall::host
