// SPDX-License-Identifier: MIT
#include "scriptedplayer.h"

#include <QRegularExpression>

#include <set>
#include <string>
#include <vector>

namespace townhall::test::providers {

using json = nlohmann::json;

std::optional<ScriptedResponse> scriptedPlayer(int seat, const RecordedRequest &request)
{
    const json body = request.json();
    if (!body.contains("messages"))
        return std::nullopt;
    std::set<std::string> tools;
    for (const json &t : body.value("tools", json::array()))
        tools.insert(t.at("function").at("name").get<std::string>());
    const json &messages = body.at("messages");
    const std::string brief = messages.at(1).value("content", "");
    int refusals = 0;
    bool toolAnswered = false;
    for (const json &m : messages)
        if (m.value("role", "") == "tool") {
            toolAnswered = true;
            if (m.value("content", "").find("\"error\"") != std::string::npos)
                ++refusals;
        }
    std::vector<std::string> targets;
    if (const auto at = brief.find("Targets:"); at != std::string::npos) {
        static const QRegularExpression id(QStringLiteral("\\((p:\\d+)\\)"));
        const QString line = QString::fromStdString(brief.substr(at, brief.find('\n', at) - at));
        for (auto it = id.globalMatch(line); it.hasNext();)
            targets.push_back(it.next().captured(1).toStdString());
    }
    const std::string musing = "musing-of-seat-" + std::to_string(seat);
    auto callOf = [&](const std::string &name, const json &args) {
        return openai::toolCalls(
            json::array({openai::toolCall(
                "call-" + std::to_string(request.body.size()), name, args.dump())}),
            {{"content", musing}});
    };
    auto target = [&] {
        return targets.empty() ? std::string() : targets[std::size_t(refusals) % targets.size()];
    };
    if (tools.count("et_werewolf_match_ready"))
        return callOf("et_werewolf_match_ready", json::object());
    if (tools.count("et_werewolf_match_night_wolf_kill")) {
        if (!toolAnswered)
            return callOf("et_werewolf_match_night_wolf_chat",
                          {{"text", "pack-secret-" + std::to_string(seat)}});
        return callOf("et_werewolf_match_night_wolf_kill", {{"targetPlayerId", target()}});
    }
    if (tools.count("et_werewolf_match_night_witch_act")) {
        // Tries the antidote first; refused (used up, or herself), she passes.
        return callOf("et_werewolf_match_night_witch_act",
                      refusals == 0 ? json{{"action", "SAVE"}} : json{{"action", "PASS"}});
    }
    if (tools.count("et_werewolf_match_hunter_shoot"))
        return callOf(
            "et_werewolf_match_hunter_shoot",
            {{"targetPlayerId", targets.empty() || refusals > 1 ? json(nullptr) : json(target())}});
    if (tools.count("et_werewolf_match_vote") && !toolAnswered)
        return callOf("et_werewolf_match_vote", {{"targetPlayerId", "p:99"}});
    if (tools.count("et_werewolf_match_say_public") && !toolAnswered)
        return callOf("et_werewolf_match_get_state", json::object());
    for (const char *t : {"et_werewolf_match_night_seer_inspect",
                          "et_werewolf_match_night_doctor_protect",
                          "et_werewolf_match_vote"})
        if (tools.count(t))
            return callOf(t, {{"targetPlayerId", target()}});
    if (tools.count("et_werewolf_match_say_public"))
        return callOf("et_werewolf_match_say_public",
                      {{"text", "I am seat " + std::to_string(seat) + "."}});
    return openai::text(musing);
}

} // namespace townhall::test::providers
