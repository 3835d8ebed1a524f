// SPDX-License-Identifier: MIT
#include "host/store/checkpointer.h"

#include "host/store/storetr.h"

#include <QString>

#include <sqlite3.h>

namespace townhall::host {

StoreResult<std::unique_ptr<Checkpointer>>
Checkpointer::start(sqlite3 *writer, const std::string &path, int frames, int busyTimeoutMs)
{
    sqlite3 *own = nullptr;
    const QString shown = QString::fromStdString(path);
    auto failed = [&](const QString &message) -> StoreError {
        sqlite3_close(own); // also after a failed open, which may leave a handle
        return StoreError{StoreError::Code::Io, message};
    };
    // Only this object's thread uses the connection: no mutex needed.
    const int rc
        = sqlite3_open_v2(path.c_str(), &own, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK)
        return failed(
            StoreTr::tr("cannot open a checkpoint connection to %1: %2")
                .arg(shown, QString::fromUtf8(own ? sqlite3_errmsg(own) : sqlite3_errstr(rc))));
    sqlite3_busy_timeout(own, busyTimeoutMs);
    // A connection learns that the file is in WAL mode when it first reads
    // it; until then a checkpoint through it does nothing.
    if (sqlite3_exec(own, "PRAGMA schema_version", nullptr, nullptr, nullptr) != SQLITE_OK)
        return failed(StoreTr::tr("cannot read %1 for checkpoints: %2")
                          .arg(shown, QString::fromUtf8(sqlite3_errmsg(own))));
    return std::unique_ptr<Checkpointer>(new Checkpointer(writer, own, frames));
}

Checkpointer::Checkpointer(sqlite3 *writer, sqlite3 *own, int frames)
    : m_writer(writer)
    , m_own(own)
    , m_frames(frames)
{
    m_thread = std::thread([this] { run(); });
    // Replaces the auto-checkpoint, which is itself a WAL hook.
    sqlite3_wal_hook(m_writer, &Checkpointer::afterCommit, this);
}

Checkpointer::~Checkpointer()
{
    sqlite3_wal_autocheckpoint(m_writer, m_frames); // also removes our hook
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_one();
    m_thread.join();
    sqlite3_close(m_own);
}

int Checkpointer::afterCommit(void *self, sqlite3 *, const char *, int frames)
{
    auto *c = static_cast<Checkpointer *>(self);
    if (frames < c->m_frames)
        return SQLITE_OK;
    {
        std::lock_guard lock(c->m_mutex);
        if (c->m_due)
            return SQLITE_OK;
        c->m_due = true;
    }
    c->m_wake.notify_one();
    return SQLITE_OK;
}

bool Checkpointer::pending() const
{
    std::lock_guard lock(m_mutex);
    return m_due;
}

void Checkpointer::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_due || m_stop; });
        if (m_stop)
            return;
        lock.unlock();
        int log = 0;
        int copied = 0;
        // PASSIVE: copies what no reader still needs, never waits for the
        // writer; the writer starts the WAL over once all of it is copied.
        const int rc
            = sqlite3_wal_checkpoint_v2(m_own, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
        if (rc != SQLITE_OK && rc != SQLITE_BUSY)
            qCWarning(lcStore).noquote() << "checkpoint failed:" << sqlite3_errmsg(m_own);
        else if (rc == SQLITE_OK && copied > 0)
            m_done.fetch_add(1, std::memory_order_relaxed);
        lock.lock();
        m_due = false; // commits since then report the WAL's size again
    }
}

} // namespace townhall::host
