// SPDX-License-Identifier: MIT
#include "tests/host/store/storetestutil.h"

#include "host/store/toolcallform.h"

#include <QDebug>
#include <QDir>
#include <QFile>
#include <QSqlError>
#include <QTemporaryFile>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace townhall::storetest {

RawDb::RawDb(const QString &path)
{
    static int counter = 0;
    m_name = QStringLiteral("raw.%1").arg(++counter);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
    db.setDatabaseName(path);
    if (!db.open())
        qWarning() << "raw open failed:" << db.lastError().text();
}

RawDb::~RawDb()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

QSqlDatabase RawDb::db() const
{
    return QSqlDatabase::database(m_name, false);
}

bool RawDb::exec(const QString &sql)
{
    QSqlQuery q(db());
    if (q.exec(sql))
        return true;
    qWarning() << "raw exec failed:" << sql << q.lastError().text();
    return false;
}

bool RawDb::execScript(const char *script)
{
    for (const QString &s : QString::fromUtf8(script).split(QStringLiteral(";\n")))
        if (!s.trimmed().isEmpty() && !exec(s.trimmed()))
            return false;
    return true;
}

bool toVersion7(RawDb &raw)
{
    // Frozen, like the DDL of the versions before it in tst_store.
    return raw.execScript(R"sql(
DROP TABLE tournaments;
DROP TABLE tournament_matches;
DELETE FROM schema_version WHERE version >= 8;
)sql");
}

bool toVersion6(RawDb &raw)
{
    // Frozen, like the DDL of the versions before it in tst_store.
    return toVersion7(raw) && raw.execScript(R"sql(
DROP TABLE model_seats;
DROP TABLE model_notes;
DROP TABLE queued_model_seats;
DELETE FROM schema_version WHERE version >= 7;
)sql");
}

bool toVersion5(RawDb &raw)
{
    // Frozen, like the DDL of the versions before it in tst_store.
    return toVersion6(raw) && raw.execScript(R"sql(
DROP TABLE event_seqs;
DROP TABLE event_seqs_cover;
CREATE UNIQUE INDEX events_by_match_seq ON events (match_id, seq);
DELETE FROM schema_version WHERE version >= 6;
)sql");
}

bool insertLegacyToolCall(RawDb &raw,
                          const host::ToolCallRow &row,
                          std::optional<int> form,
                          const QByteArray &stored)
{
    QSqlQuery ins(raw.db());
    const QString formColumn = form ? QStringLiteral(", response_form") : QString();
    const QString formValue = form ? QStringLiteral(", ?") : QString();
    if (!ins.prepare(
            QStringLiteral("INSERT INTO tool_calls (match_id, at_us, session_id, agent_id, "
                           "agent_name, method, tool, status, tool_error_code, "
                           "rpc_error_code, http_status, latency_us, request, response%1) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?%2)")
                .arg(formColumn, formValue))) {
        qWarning() << "legacy tool call insert:" << ins.lastError().text();
        return false;
    }
    auto text = [](const std::string &s) {
        return QString::fromStdString(s);
    };
    ins.addBindValue(text(row.matchId));
    ins.addBindValue(row.atUs);
    for (const std::string *field :
         {&row.sessionId, &row.agentId, &row.agentName, &row.method, &row.tool, &row.status})
        ins.addBindValue(text(*field));
    ins.addBindValue(row.toolErrorCode ? QVariant(text(*row.toolErrorCode))
                                       : QVariant(QMetaType(QMetaType::QString)));
    ins.addBindValue(row.rpcErrorCode ? QVariant(*row.rpcErrorCode)
                                      : QVariant(QMetaType(QMetaType::Int)));
    ins.addBindValue(row.httpStatus);
    ins.addBindValue(row.latencyUs);
    ins.addBindValue(text(row.requestJson));
    // Qt binds a QByteArray as a blob and a QString as text, as those
    // versions stored a compressed response and any other.
    const bool blob = form && (*form & host::toolcallform::Compressed);
    if (stored.isEmpty())
        ins.addBindValue(text(row.responseJson));
    else if (blob)
        ins.addBindValue(stored);
    else
        ins.addBindValue(QString::fromUtf8(stored));
    if (form)
        ins.addBindValue(*form);
    if (!ins.exec()) {
        qWarning() << "legacy tool call insert:" << ins.lastError().text();
        return false;
    }
    return true;
}

QVariant RawDb::scalar(const QString &sql)
{
    QSqlQuery q(db());
    if (!q.exec(sql) || !q.next()) {
        qWarning() << "raw scalar failed:" << sql << q.lastError().text();
        return {};
    }
    return q.value(0);
}

QStringList RawDb::schema()
{
    QSqlQuery q(db());
    QStringList out;
    if (!q.exec(QStringLiteral("SELECT type, name, sql FROM sqlite_master")))
        return out;
    while (q.next())
        out << q.value(0).toString() + QLatin1Char(' ') + q.value(1).toString() + QLatin1Char(' ')
                   + q.value(2).toString().simplified();
    out.sort();
    return out;
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray allBytes(const QString &dbPath)
{
    return fileBytes(dbPath) + fileBytes(dbPath + QStringLiteral("-wal"))
           + fileBytes(dbPath + QStringLiteral("-shm"));
}

namespace {
bool setImmutable(const QString &path, bool on)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return false;
    int flags = 0;
    bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    if (ok) {
        flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
        ok = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
    ::close(fd);
    return ok;
}

bool writable(const QString &path)
{
    if (QFileInfo(path).isDir()) {
        QTemporaryFile probe(path + QStringLiteral("/probe-XXXXXX"));
        return probe.open();
    }
    QFile f(path);
    return f.open(QIODevice::ReadWrite);
}
} // namespace

bool makeReadOnly(const QString &path)
{
    if (::geteuid() != 0) {
        const bool dir = QFileInfo(path).isDir();
        QFile::setPermissions(path, dir ? (QFile::ReadOwner | QFile::ExeOwner) : QFile::ReadOwner);
    } else if (!setImmutable(path, true)) {
        return false;
    }
    return !writable(path);
}

void makeWritable(const QString &path)
{
    if (::geteuid() == 0)
        setImmutable(path, false);
    const bool dir = QFileInfo(path).isDir();
    QFile::setPermissions(path,
                          dir ? (QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)
                              : (QFile::ReadOwner | QFile::WriteOwner));
}

bool sameEvents(const std::vector<engine::Event> &a, const std::vector<engine::Event> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (engine::toJson(a[i]) != engine::toJson(b[i]))
            return false;
    return true;
}

host::StoreResult<void>
commitStep(host::Store &store, const engine::Match &match, std::vector<engine::Event> events)
{
    host::Batch b;
    b.add(match, std::move(events));
    return store.commit(b);
}

} // namespace townhall::storetest
