// SPDX-License-Identifier: MIT
#include "toolcalls.h"

#include <array>

namespace townhall::engine {

namespace {
constexpr std::array<std::string_view, 14> ToolNames{
    "et.werewolf.queue.join",
    "et.werewolf.queue.leave",
    "et.werewolf.queue.status",
    "et.werewolf.matches.list",
    "et.werewolf.match.get_state",
    "et.werewolf.match.ready",
    "et.werewolf.match.say_public",
    "et.werewolf.match.vote",
    "et.werewolf.match.night.wolf_chat",
    "et.werewolf.match.night.wolf_kill",
    "et.werewolf.match.night.seer_inspect",
    "et.werewolf.match.night.doctor_protect",
    "et.werewolf.match.events.get",
    "et.werewolf.match.wait_for_turn",  // Town Hall addition to v1
};

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
    if (*name == "et.werewolf.match.ready") {
        c.kind = Command::Kind::Ready;
    } else if (*name == "et.werewolf.match.say_public") {
        c.kind = Command::Kind::Say;
        c.text = str(a, "text").value_or("");
        c.messageKind = parseMessageKind(str(a, "kind").value_or("DISCUSSION")).value_or(MessageKind::Discussion);
        c.replyToEventId = str(a, "replyToEventId");
    } else if (*name == "et.werewolf.match.vote") {
        c.kind = Command::Kind::Vote;
        c.target = str(a, "targetPlayerId");  // null → abstain
        c.reason = str(a, "reason");
    } else if (*name == "et.werewolf.match.night.wolf_chat") {
        c.kind = Command::Kind::WolfChat;
        c.text = str(a, "text").value_or("");
    } else if (*name == "et.werewolf.match.night.wolf_kill") {
        c.kind = Command::Kind::WolfKill;
        c.target = str(a, "targetPlayerId");
    } else if (*name == "et.werewolf.match.night.seer_inspect") {
        c.kind = Command::Kind::SeerInspect;
        c.target = str(a, "targetPlayerId");
    } else if (*name == "et.werewolf.match.night.doctor_protect") {
        c.kind = Command::Kind::DoctorProtect;
        c.target = str(a, "targetPlayerId");
    } else {
        return std::nullopt;
    }
    return c;
}

} // namespace townhall::engine
