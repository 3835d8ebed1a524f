// SPDX-License-Identifier: MIT
#pragma once

/// \file storagehealth.h
/// Degraded mode. When a commit fails, what was not stored is undone and the
/// host refuses changes with STORAGE_FAILED until the store works again. It
/// retries with back-off (1 s after the first failure, doubling up to 30 s):
/// a change that comes after the retry time tries the store, and when
/// nothing comes a probe does. Logged once per outage, then at most once per
/// 30 s with a count.

#include "engine/types.h"
#include "host/tools.h"
#include "mcp/backend.h"

#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

namespace townhall::host {

class StorageHealth
{
public:
    /// `probe` runs when degraded and nothing else tried the store by the retry time.
    explicit StorageHealth(std::function<void()> probe);

    /// The back-off after `failures` failures in a row.
    static constexpr engine::TimeMs backoff(int failures)
    {
        return std::min<engine::TimeMs>(30'000, engine::TimeMs(1000) << std::min(failures - 1, 5));
    }

    /// A commit failed at `now`. True for the first failure of an outage.
    bool fault(const QString &message, engine::TimeMs now);
    /// A commit succeeded: the failures of the outage that ended (0: there was none).
    int works();

    bool degraded() const { return m_failures > 0; }
    int failures() const { return m_failures; }
    /// When the store may be tried again.
    engine::TimeMs retryAt() const { return m_retryAt; }
    /// In degraded mode and before the retry time, the refusal for a call that would change
    /// something.
    std::optional<mcp::ToolError> refuse(Tool tool, engine::TimeMs now) const;

private:
    int m_failures = 0;
    engine::TimeMs m_retryAt = 0;
    engine::TimeMs m_loggedAt = 0;
    int m_unlogged = 0;
    QTimer m_probe;
};

} // namespace townhall::host
