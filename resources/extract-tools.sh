#!/usr/bin/env bash
# Regenerates the tool registry files from the seed specification.
#
#   resources/extract-tools.sh /path/to/000_6c53b9864c1a2b70.txt
#
# tools.json       = the JSON code block of seed 000 §8.5, byte for byte. It is
#                    the contract; never edit it by hand.
# tools-extra.json = Town Hall's documented additions to v1. The output schema
#                    of wait_for_turn embeds get_state's `state` schema, copied
#                    here by jq so the two can never drift apart
#                    (tests/mcp/tst_toolregistry checks both files).
set -euo pipefail
seed=${1:?usage: extract-tools.sh SEED_000_FILE}
here=$(cd "$(dirname "$0")" && pwd)

# The first ```json fence after the "## 8.5" heading, up to the closing fence.
awk '
  /^## 8\.5 /            { in_section = 1; next }
  in_section && /^```json$/ { in_block = 1; next }
  in_block && /^```$/    { exit }
  in_block               { print }
' "$seed" > "$here/tools.json.tmp"
jq -e 'type == "array" and length == 13' "$here/tools.json.tmp" > /dev/null
mv "$here/tools.json.tmp" "$here/tools.json"

jq --indent 2 '
  (map(select(.name == "et.werewolf.match.get_state"))[0].outputSchema.properties.state) as $state
  | [{
      name: "et.werewolf.match.wait_for_turn",
      title: "Wait for Your Turn",
      description: "Town Hall addition to v1 (not in the original tool list). Blocks until something you should react to happens, then returns your current match state.\n\nThe call returns as soon as one of these happens:\n- you have a new required action (for example the NIGHT started and you are the seer, or DAY_VOTE opened),\n- the phase changes,\n- timeoutSeconds elapse (changed is then false).\n\nThe returned state is exactly what et.werewolf.match.get_state returns for you (spectators get the public state). Use this instead of polling get_state in a loop. Keep timeoutSeconds at or below 25 so that MCP clients with a 60-second request timeout never give up first.",
      inputSchema: {
        type: "object",
        properties: {
          matchId: { type: "string", description: "Match ID string" },
          timeoutSeconds: {
            type: "integer", minimum: 1, maximum: 25, default: 25,
            description: "How long to wait at most, in seconds. The call returns earlier when your turn comes or the phase changes."
          }
        },
        required: ["matchId"],
        additionalProperties: false
      },
      outputSchema: {
        type: "object",
        properties: {
          ok: { type: "boolean" },
          serverTime: { type: "string" },
          changed: { type: "boolean", description: "true if a new required action or a phase change ended the wait; false on timeout." },
          retryAfterMs: { type: "integer", minimum: 0, description: "Present when the action you owe is held by a rate limit (a discussion message within 3 s of your last): wait this many milliseconds, then act or wait again." },
          state: $state,
          error: {
            type: ["object", "null"],
            properties: { code: { type: "string" }, message: { type: "string" }, retryable: { type: "boolean" } },
            required: ["code", "message", "retryable"]
          }
        },
        required: ["ok", "serverTime", "changed", "state", "error"],
        additionalProperties: false
      },
      annotations: {
        readOnlyHint: true,
        openWorldHint: false
      }
    }]
' "$here/tools.json" > "$here/tools-extra.json"
