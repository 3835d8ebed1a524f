// SPDX-License-Identifier: MIT
#include "hostilepeers.h"

#include <QFile>

namespace townhall::test::hostile {

using json = nlohmann::json;

std::string nestedArrays(int depth)
{
    return std::string(std::size_t(depth), '[') + std::string(std::size_t(depth), ']');
}

namespace {

/// A 200 with a JSON body given as text (so it may be deeper than json can hold).
ScriptedResponse jsonText(const std::string &body)
{
    ScriptedResponse r;
    r.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
    r.body = QByteArray::fromStdString(body);
    return r;
}

} // namespace

ScriptedResponse deepModelAnswer(int depth)
{
    return jsonText(
        R"({"id":"chatcmpl-deep","object":"chat.completion","model":"test-model","choices":[{"index":0,)"
        R"("finish_reason":"stop","message":{"role":"assistant","content":)"
        + nestedArrays(depth) + "}}]}");
}

ScriptedResponse deepAnthropicAnswer(int depth)
{
    return jsonText(
        R"({"id":"msg_deep","type":"message","role":"assistant","model":"claude-test","content":[)"
        R"({"type":"tool_use","id":"toolu_1","name":"vote","input":{"targetPlayerId":)"
        + nestedArrays(depth)
        + R"(}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}})");
}

ScriptedResponse deepToolArguments(const std::string &tool, int depth)
{
    return providers::openai::toolCalls(json::array({providers::openai::toolCall(
        "call_deep", tool, R"({"targetPlayerId":)" + nestedArrays(depth) + "}")}));
}

ScriptedResponse toolCallFlood(int n, const std::string &tool, const std::string &arguments)
{
    json calls = json::array();
    for (int i = 0; i < n; ++i)
        calls.push_back(providers::openai::toolCall("call_" + std::to_string(i), tool, arguments));
    return providers::openai::toolCalls(std::move(calls));
}

ScriptedResponse anthropicToolCallFlood(int n, const std::string &tool)
{
    json content = json::array();
    for (int i = 0; i < n; ++i)
        content.push_back({{"type", "tool_use"},
                           {"id", "toolu_" + std::to_string(i)},
                           {"name", tool},
                           {"input", json::object()}});
    return providers::anthropic::reply(std::move(content), "tool_use");
}

ScriptedResponse deepPushAnswer(const json &id, int depth)
{
    return jsonText(R"({"jsonrpc":"2.0","id":)" + id.dump() + R"(,"result":{"vote_target":)"
                    + nestedArrays(depth) + "}}");
}

ScriptedResponse redirect(int status, const QString &location)
{
    ScriptedResponse r;
    r.status = status;
    r.headers.emplaceBack(QByteArray("Location"), location.toUtf8());
    return r;
}

ScriptedResponse endlessStream()
{
    ScriptedResponse r;
    r.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
    r.floodForever = true;
    return r;
}

ScriptedResponse hugeBody(qint64 bytes)
{
    ScriptedResponse r;
    r.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
    r.floodBytes = bytes;
    return r;
}

qint64 residentKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

LoopWatch::LoopWatch(std::chrono::milliseconds interval)
{
    m_clock.start();
    m_peakKiB = residentKiB();
    QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] {
        const qint64 now = m_clock.elapsed();
        m_largestGapMs = std::max(m_largestGapMs, now - m_last);
        m_last = now;
        m_peakKiB = std::max(m_peakKiB, residentKiB());
        ++m_ticks;
    });
    m_timer.start(interval);
}

} // namespace townhall::test::hostile
