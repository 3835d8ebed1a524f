// SPDX-License-Identifier: MIT
#pragma once

/// \file hostilepeers.h
/// A hostile model provider and a hostile push agent for tests (issue 28):
/// the answers that once crashed, bloated, stalled or robbed the host, as
/// ScriptedResponses for a ScriptedHttpServer on loopback (a model server,
/// or a push agent when its handler answers JSON-RPC). And the two gauges
/// such a test reads: the process's resident memory and the largest gap
/// in the event loop's turning.

#include "scriptedserver.h"

#include <QElapsedTimer>
#include <QTimer>

#include <chrono>
#include <string>

namespace townhall::test::hostile {

using providers::ScriptedResponse;

/// `depth` nested arrays, "[[[…]]]", written as text: a value this deep
/// must never be built with nlohmann::json (copying it recurses per level).
std::string nestedArrays(int depth);

/// An OpenAI-compatible answer whose message content is nested `depth` deep.
ScriptedResponse deepModelAnswer(int depth);
/// An Anthropic answer whose tool_use input is nested `depth` deep.
ScriptedResponse deepAnthropicAnswer(int depth);
/// An OpenAI-compatible answer calling `tool` with arguments (the JSON text
/// inside the string) nested `depth` deep.
ScriptedResponse deepToolArguments(const std::string &tool, int depth);
/// One OpenAI-compatible answer with `n` calls of `tool`, each with `arguments`.
ScriptedResponse toolCallFlood(int n, const std::string &tool, const std::string &arguments = "{}");
/// The same for Anthropic: `n` tool_use blocks.
ScriptedResponse anthropicToolCallFlood(int n, const std::string &tool);

/// A JSON-RPC answer to `id` whose result is nested `depth` deep.
ScriptedResponse deepPushAnswer(const nlohmann::json &id, int depth);

/// `status` (301, 302, 307, 308) pointing at `location`.
ScriptedResponse redirect(int status, const QString &location);
/// A 200 whose chunked body never ends while the client reads.
ScriptedResponse endlessStream();
/// A 200 declaring and sending `bytes` bytes.
ScriptedResponse hugeBody(qint64 bytes);

/// The resident memory of this process (VmRSS of /proc/self/status) in KiB;
/// -1 where there is no /proc.
qint64 residentKiB();

/// Watches the event loop while it lives: a timer every `interval` notes
/// the largest gap between two of its ticks, and the highest resident
/// memory seen at those ticks.
class LoopWatch
{
public:
    explicit LoopWatch(std::chrono::milliseconds interval = std::chrono::milliseconds(10));
    qint64 largestGapMs() const { return m_largestGapMs; }
    qint64 peakResidentKiB() const { return m_peakKiB; }
    qint64 ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_largestGapMs = 0;
    qint64 m_peakKiB = 0;
    qint64 m_ticks = 0;
};

} // namespace townhall::test::hostile
