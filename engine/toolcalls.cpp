// SPDX-License-Identifier: MIT
#include "toolcalls.h"

#include <array>

namespace townhall::engine {

namespace {

std::optional<std::string> str(const json &args, const char *key)
{
    auto it = args.find(key);
    if (it == args.end() || !it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}
} // namespace

std::optional<std::string> canonicalToolName(const std::string &name)
{
    for (std::string_view n : ToolNames) {
        if (n == name)
            return std::string(n);
        if (n.size() == name.size()) {
            bool same = true;
            for (std::size_t i = 0; i < n.size() && same; ++i)
                same = (n[i] == '.' ? name[i] == '_' : n[i] == name[i]);
            if (same)
                return std::string(n);
        }
    }
    return std::nullopt;
}

std::optional<std::string> matchIdOf(const ToolCall &call) { return str(call.arguments, "matchId"); }

std::optional<Command> toCommand(const ToolCall &call, const std::string &playerId)
{
    const auto name = canonicalToolName(call.tool);
    if (!name)
        return std::nullopt;
    const json &a = call.arguments;
    Command c;
    c.playerId = playerId;
    switch (*toolByName(*name)) {
    case Tool::Ready:
        c.kind = Command::Kind::Ready;
        break;
    case Tool::SayPublic:
        c.kind = Command::Kind::Say;
        c.text = str(a, "text").value_or("");
        c.messageKind = parseMessageKind(str(a, "kind").value_or("DISCUSSION")).value_or(MessageKind::Discussion);
        c.replyToEventId = str(a, "replyToEventId");
        break;
    case Tool::Vote:
        c.kind = Command::Kind::Vote;
        c.target = str(a, "targetPlayerId");  // null → abstain
        c.reason = str(a, "reason");
        break;
    case Tool::WolfChat:
        c.kind = Command::Kind::WolfChat;
        c.text = str(a, "text").value_or("");
        break;
    case Tool::WolfKill:
        c.kind = Command::Kind::WolfKill;
        c.target = str(a, "targetPlayerId");
        break;
    case Tool::SeerInspect:
        c.kind = Command::Kind::SeerInspect;
        c.target = str(a, "targetPlayerId");
        break;
    case Tool::DoctorProtect:
        c.kind = Command::Kind::DoctorProtect;
        c.target = str(a, "targetPlayerId");
        break;
    default:
        return std::nullopt;  // read and queue tools are answered by projections and the lobby
    }
    return c;
}

} // namespace townhall::engine
