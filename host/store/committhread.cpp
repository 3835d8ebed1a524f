// SPDX-License-Identifier: MIT
#include "host/store/committhread.h"

#include "host/store/store.h"

#include <cassert>

namespace townhall::host {

CommitThread::CommitThread(Store &store, Notify notify)
    : m_store(store)
    , m_notify(std::move(notify))
{
    m_thread = std::thread([this] { run(); });
    m_store.setCommitThread(m_thread.get_id());
}

CommitThread::~CommitThread()
{
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return !m_job && !m_running; });
        m_stop = true;
    }
    m_wake.notify_one();
    m_thread.join();
    m_store.setCommitThread({});
}

void CommitThread::submit(Batch batch)
{
    assert(!m_submitted);
    m_submitted = true;
    {
        std::lock_guard lock(m_mutex);
        m_job = std::move(batch);
    }
    m_wake.notify_one();
}

void CommitThread::waitDone()
{
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return !m_job && !m_running; });
}

std::optional<CommitThread::Done> CommitThread::take()
{
    std::lock_guard lock(m_mutex);
    if (!m_done)
        return std::nullopt;
    m_submitted = false;
    return std::exchange(m_done, std::nullopt);
}

void CommitThread::setBeforeCommit(std::function<void()> hook)
{
    waitDone();
    std::lock_guard lock(m_mutex);
    m_beforeCommit = std::move(hook);
}

void CommitThread::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_job || m_stop; });
        if (!m_job)
            return; // stopping, nothing left
        Batch batch = std::move(*m_job);
        m_job.reset();
        m_running = true;
        const std::function<void()> before = m_beforeCommit;
        lock.unlock();
        if (before)
            before();
        StoreResult<void> result = m_store.commit(batch);
        std::vector<EventSpan> spans = batch.eventSpans();
        batch.dropEvents();
        lock.lock();
        m_running = false;
        m_done = Done{std::move(batch), std::move(spans), std::move(result)};
        m_idle.notify_all();
        // The owner may take() before this call reaches it; it then finds
        // nothing, which it must accept.
        lock.unlock();
        if (m_notify)
            m_notify();
        lock.lock();
    }
}

} // namespace townhall::host
