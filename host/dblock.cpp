// SPDX-License-Identifier: MIT
#include "host/dblock.h"

#include "host/host.h"
#include "host/store/store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace townhall::host {

bool DatabaseLock::acquire(const QString &path, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath()); // as Store::open would
    m_lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
    m_lock->setStaleLockTime(0); // held for the host's life; a dead holder's lock is stale
    if (m_lock->tryLock(0))
        return true;
    if (error) {
        qint64 pid = 0;
        QString hostName;
        QString app;
        m_lock->getLockInfo(&pid, &hostName, &app);
        QString url;
        Store::Options ro;
        ro.createIfMissing = false;
        if (auto other = Store::open(path, ro))
            if (auto endpoint = other.value().setting(Host::EndpointSetting);
                endpoint && endpoint.value())
                url = QString::fromStdString(*endpoint.value());
        *error = m_lock->error() == QLockFile::LockFailedError
                     ? Host::tr("%1 is in use by another Town Hall host (pid %2 on %3%4). Stop it "
                                "first, or "
                                "use another --db; read-only commands (export, replay, calls) work "
                                "beside it.")
                           .arg(path)
                           .arg(pid)
                           .arg(hostName,
                                url.isEmpty() ? QString() : Host::tr(", serving %1").arg(url))
                     : Host::tr("cannot create the lock file %1 next to the database")
                           .arg(m_lock->fileName());
    }
    m_lock.reset();
    return false;
}

bool databaseFilesWritable(const QString &path, QString *error)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QFile f(path + suffix);
        if (!f.exists() || f.open(QIODevice::ReadWrite))
            continue;
        if (error)
            *error = Host::tr("cannot write %1 (%2); Town Hall needs to write the database and its "
                              "-wal and "
                              "-shm files")
                         .arg(f.fileName(), f.errorString());
        return false;
    }
    return true;
}

} // namespace townhall::host
