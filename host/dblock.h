// SPDX-License-Identifier: MIT
#pragma once

/// \file dblock.h
/// One host per database file: two would both play its matches and fight
/// over every commit. The lock is a QLockFile `<db>.lock` held for the host's
/// life; a dead holder's lock is stale and taken over. Read-only commands
/// (export, replay, calls) take no lock.

#include <QLockFile>
#include <QString>

#include <memory>

namespace townhall::host {

class DatabaseLock
{
public:
    /// Takes the lock of the database at `path`. False with a message that
    /// names the other host (pid, machine, the endpoint it serves).
    bool acquire(const QString &path, QString *error);
    bool held() const { return m_lock != nullptr; }

private:
    std::unique_ptr<QLockFile> m_lock;
};

/// SQLite maps the -shm file into memory: one it cannot write can end the
/// process with SIGBUS at the first access instead of an error. So each file
/// of the database that exists must open for writing before SQLite sees it.
bool databaseFilesWritable(const QString &path, QString *error);

} // namespace townhall::host
