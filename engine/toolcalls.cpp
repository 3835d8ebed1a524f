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
/// The tool named `name` in either form (dotted or with underscores), in one pass over the names.
std::optional<Tool> toolInEitherForm(std::string_view name)
{
    for (std::size_t t = 0; t < ToolNames.size(); ++t) {
        const std::string_view n = ToolNames[t];
        if (n.size() != name.size())
            continue;
        bool dotted = true;
        bool underscored = true;
        for (std::size_t i = 0; i < n.size() && (dotted || underscored); ++i) {
            dotted = dotted && n[i] == name[i];
            underscored = underscored && (n[i] == '.' ? name[i] == '_' : n[i] == name[i]);
        }
        if (dotted || underscored)
            return static_cast<Tool>(t);
    }
    return std::nullopt;
}
} // namespace

std::optional<std::string> canonicalToolName(const std::string &name)
{
    const auto tool = toolInEitherForm(name);
    return tool ? std::optional<std::string>(std::string(toolName(*tool))) : std::nullopt;
}

std::optional<std::string> matchIdOf(const ToolCall &call)
{
    return str(call.arguments, "matchId");
}

std::optional<Command> toCommand(const ToolCall &call, const std::string &playerId)
{
    const auto tool = toolInEitherForm(call.tool); // one lookup, no string built
    if (!tool)
        return std::nullopt;
    const json &a = call.arguments;
    Command c;
    c.playerId = playerId;
    switch (*tool) {
    case Tool::Ready:
        c.kind = Command::Kind::Ready;
        break;
    case Tool::SayPublic:
        c.kind = Command::Kind::Say;
        c.text = str(a, "text").value_or("");
        c.messageKind = parseMessageKind(str(a, "kind").value_or("DISCUSSION"))
                            .value_or(MessageKind::Discussion);
        c.replyToEventId = str(a, "replyToEventId");
        break;
    case Tool::Vote:
        c.kind = Command::Kind::Vote;
        c.target = str(a, "targetPlayerId"); // null → abstain
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
    case Tool::WitchAct: {
        const std::string action = str(a, "action").value_or("");
        c.kind = action == "SAVE"     ? Command::Kind::WitchSave
                 : action == "POISON" ? Command::Kind::WitchPoison
                                      : Command::Kind::WitchPass;
        if (action != "SAVE" && action != "POISON" && action != "PASS")
            c.text = action.empty() ? std::string("(missing)") : action; // refused by the engine
        c.target = str(a, "targetPlayerId");
        break;
    }
    case Tool::HunterShoot:
        c.kind = Command::Kind::HunterShoot;
        c.target = str(a, "targetPlayerId"); // null → no shot
        break;
    default:
        return std::nullopt; // read and queue tools are answered by projections and the lobby
    }
    return c;
}

} // namespace townhall::engine
