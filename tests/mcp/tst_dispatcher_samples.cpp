// SPDX-License-Identifier: MIT
// Structured outputs that conform to each tool's outputSchema, shared by the
// MCP tests: the scripted backend answers with them, and tst_toolregistry
// checks them (and mutations of them) against the registry's schemas.

#include <nlohmann/json.hpp>

#include <string>

namespace townhall::mcp::testing {

using json = nlohmann::json;

json sampleState()
{
    json players = json::array();
    for (int seat = 1; seat <= 8; ++seat) {
        const bool dead = seat == 3;
        players.push_back({{"playerId", "p:" + std::to_string(seat)},
                           {"displayName", "Agent " + std::to_string(seat)},
                           {"seat", seat},
                           {"alive", !dead},
                           {"revealedRole", dead ? json("VILLAGER") : json(nullptr)}});
    }
    return {
        {"matchId", "match-1"},
        {"phase", "DAY_VOTE"},
        {"dayNumber", 1},
        {"phaseEndsAt", "2026-11-22T00:35:00.000Z"},
        {"players", players},
        {"publicSummary", "Night 1: p:3 was killed (VILLAGER)."},
        {"recentPublicMessages",
         json::array({{{"eventId", "match-1:00000031"},
                       {"at", "2026-11-22T00:33:10.000Z"},
                       {"playerId", "p:5"},
                       {"text", "p:2 was very quiet last night."}}})},
        {"you",
         {{"playerId", "p:1"},
          {"role", "SEER"},
          {"alive", true},
          {"knownWolves", json::array()},
          {"seerHistory",
           json::array({{{"night", 1}, {"targetPlayerId", "p:2"}, {"result", "WEREWOLF"}}})},
          {"requiredAction",
           {{"type", "VOTE"},
            {"allowedTargets", json::array({"p:2", "p:4", "p:5", "p:6", "p:7", "p:8"})},
            {"alreadySubmitted", false}}}}},
    };
}

json sampleResult(const std::string &tool)
{
    const json base{{"ok", true}, {"serverTime", "2026-11-22T00:34:00.000Z"}, {"error", nullptr}};
    json r = base;
    if (tool == "et.werewolf.queue.join") {
        r["queue"] = {{"queueId", "werewolf-default"},
                      {"position", 3},
                      {"size", 3},
                      {"requiredPlayers", 8},
                      {"status", "WAITING"},
                      {"estimatedStartSeconds", 30}};
        r["matchAssignment"] = nullptr;
    } else if (tool == "et.werewolf.queue.leave") {
        r["removed"] = true;
        r["queue"] = {{"queueId", "werewolf-default"}, {"size", 2}, {"requiredPlayers", 8}};
    } else if (tool == "et.werewolf.queue.status") {
        r["queue"] = {{"queueId", "werewolf-default"},
                      {"position", nullptr},
                      {"size", 0},
                      {"requiredPlayers", 8},
                      {"status", "WAITING"},
                      {"estimatedStartSeconds", 0}};
        r["matchAssignment"]
            = {{"matchId", "match-1"}, {"buildingInstanceId", "bld-1"}, {"seat", 1}};
    } else if (tool == "et.werewolf.matches.list") {
        r["matches"] = json::array({{{"matchId", "match-1"},
                                     {"buildingInstanceId", "bld-1"},
                                     {"phase", "DAY_VOTE"},
                                     {"dayNumber", 1},
                                     {"playersAlive", 7},
                                     {"startedAt", "2026-11-22T00:30:00.000Z"}},
                                    {{"matchId", "match-2"},
                                     {"buildingInstanceId", "bld-2"},
                                     {"phase", "LOBBY"},
                                     {"dayNumber", 0},
                                     {"playersAlive", 8},
                                     {"startedAt", "2026-11-22T00:33:00.000Z"}}});
    } else if (tool == "et.werewolf.match.get_state") {
        r["state"] = sampleState();
    } else if (tool == "et.werewolf.match.wait_for_turn") {
        r["changed"] = true;
        r["lastEventId"] = "match-1:00000042";
        r["state"] = sampleState();
    } else if (tool == "et.werewolf.match.ready") {
        r["matchId"] = "match-1";
        r["playerId"] = "p:1";
        r["ready"] = true;
    } else if (tool == "et.werewolf.match.say_public") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000040";
        r["message"] = {{"playerId", "p:1"}, {"kind", "DISCUSSION"}, {"text", "I trust p:4."}};
    } else if (tool == "et.werewolf.match.vote") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000041";
        r["vote"] = {{"voterPlayerId", "p:1"}, {"targetPlayerId", "p:2"}};
    } else if (tool == "et.werewolf.match.night.wolf_chat") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000012";
        r["message"] = {{"playerId", "p:2"}, {"text", "Let us take p:4."}};
    } else if (tool == "et.werewolf.match.night.wolf_kill") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000013";
        r["selection"] = {{"byPlayerId", "p:2"}, {"targetPlayerId", "p:4"}};
    } else if (tool == "et.werewolf.match.night.seer_inspect") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000014";
        r["result"] = {{"targetPlayerId", "p:2"}, {"alignment", "WEREWOLF"}};
    } else if (tool == "et.werewolf.match.night.doctor_protect") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000015";
        r["protection"] = {{"byPlayerId", "p:6"}, {"targetPlayerId", "p:1"}};
    } else if (tool == "et.werewolf.match.night.witch_act") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000016";
        r["witch"] = {{"byPlayerId", "p:5"}, {"action", "SAVE"}, {"targetPlayerId", "p:2"}};
    } else if (tool == "et.werewolf.match.hunter_shoot") {
        r["matchId"] = "match-1";
        r["eventId"] = "match-1:00000030";
        r["shot"] = {{"byPlayerId", "p:6"}, {"targetPlayerId", nullptr}};
    } else if (tool == "et.werewolf.match.events.get") {
        r["matchId"] = "match-1";
        r["events"] = json::array(
            {{{"eventId", "match-1:00000020"},
              {"at", "2026-11-22T00:32:00.000Z"},
              {"visibility", "PUBLIC"},
              {"type", "PHASE_CHANGED"},
              {"payload", {{"from", "NIGHT"}, {"to", "DAY_ANNOUNCE"}, {"dayNumber", 1}}}},
             {{"eventId", "match-1:00000021"},
              {"at", "2026-11-22T00:32:00.000Z"},
              {"visibility", "PUBLIC"},
              {"type", "NIGHT_RESULT"},
              {"payload", {{"killedPlayerId", "p:3"}, {"savedByDoctor", false}}}}});
    } else {
        return json();
    }
    return r;
}

} // namespace townhall::mcp::testing
