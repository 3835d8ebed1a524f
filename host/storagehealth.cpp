// SPDX-License-Identifier: MIT
#include "host/storagehealth.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcHost)

namespace townhall::host {

StorageHealth::StorageHealth(std::function<void()> probe)
{
    m_probe.setSingleShot(true);
    QObject::connect(&m_probe, &QTimer::timeout, &m_probe, std::move(probe));
}

bool StorageHealth::fault(const QString &message, engine::TimeMs now)
{
    ++m_failures;
    m_retryAt = now + backoff(m_failures);
    // With nothing to store the outage would never end: a probe tries then.
    m_probe.start(static_cast<int>(backoff(m_failures)));
    if (m_failures == 1) {
        qCCritical(lcHost).noquote()
            << "storage failed:" << message
            << "- refusing changes and retrying with back-off until it works again";
        m_loggedAt = now;
        return true;
    }
    // One line per 30 s at most, with a count, instead of one per attempt.
    ++m_unlogged;
    if (now - m_loggedAt >= 30'000) {
        qCCritical(lcHost).noquote() << "storage still failing:" << m_unlogged
                                     << "more failed attempts, the last:" << message;
        m_loggedAt = now;
        m_unlogged = 0;
    }
    return false;
}

int StorageHealth::works()
{
    if (m_failures == 0)
        return 0;
    m_probe.stop();
    const int failures = m_failures;
    m_failures = 0;
    m_unlogged = 0;
    qCInfo(lcHost).noquote() << "storage works again after" << failures << "failed attempt(s)";
    return failures;
}

std::optional<mcp::ToolError> StorageHealth::refuse(Tool tool, engine::TimeMs now) const
{
    if (m_failures == 0 || changesNothing(tool))
        return std::nullopt;
    const engine::TimeMs wait = m_retryAt - now;
    if (wait <= 0)
        return std::nullopt; // this call may try the store again
    return mcp::ToolError{"STORAGE_FAILED",
                          "the server cannot store anything right now ("
                              + std::to_string(m_failures)
                              + " failed attempts); it retries by itself; nothing was applied",
                          true,
                          wait};
}

} // namespace townhall::host
