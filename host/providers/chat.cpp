// SPDX-License-Identifier: MIT
#include "host/providers/chat.h"

namespace townhall::host::providers {

ChatMessage ChatMessage::system(QString text)
{
    ChatMessage m;
    m.role = Role::System;
    m.text = std::move(text);
    return m;
}

ChatMessage ChatMessage::user(QString text)
{
    ChatMessage m;
    m.role = Role::User;
    m.text = std::move(text);
    return m;
}

ChatMessage ChatMessage::assistant(QString text, std::vector<ToolCall> calls)
{
    ChatMessage m;
    m.role = Role::Assistant;
    m.text = std::move(text);
    m.toolCalls = std::move(calls);
    return m;
}

ChatMessage ChatMessage::toolResult(QString callId, QString text, bool isError)
{
    ChatMessage m;
    m.role = Role::Tool;
    m.toolCallId = std::move(callId);
    m.text = std::move(text);
    m.toolError = isError;
    return m;
}

} // namespace townhall::host::providers
