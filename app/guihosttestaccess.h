// SPDX-License-Identifier: MIT
#pragma once

/// \file guihosttestaccess.h
/// A test seam, not the product's interface: tests and tools (benchmarks,
/// screenshot renderers) reach into a GuiHost's host thread here. The app
/// itself never does; its UI side talks to the host only through
/// ui::HostLink.

#include "app/guihost.h"

#include <QThread>

#include <functional>

namespace townhall::app {

class GuiHostTestAccess
{
public:
    /// Runs `fn` in the host thread with the Host, and waits for it. `fn`
    /// must not wait for the UI thread. Nothing happens if the host thread
    /// does not run.
    static void runInHost(GuiHost &gui, const std::function<void(Host &)> &fn)
    {
        if (!gui.m_thread.isRunning() || !gui.m_worker)
            return;
        HostWorker *w = gui.m_worker;
        QMetaObject::invokeMethod(
            w,
            [w, &fn] {
                if (w->host())
                    fn(*w->host());
            },
            Qt::BlockingQueuedConnection);
    }
    /// The thread the host lives in.
    static QThread *hostThread(GuiHost &gui) { return &gui.m_thread; }
};

} // namespace townhall::app
