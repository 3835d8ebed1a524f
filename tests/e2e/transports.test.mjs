// One seat played through the legacy HTTP+SSE transport and one through
// `townhall mcp-stdio`, each at a table with seven built-in bots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Agent, TOOLS, allEvents, assertEntitled, dotted, expectedWinner, joinAndFindMatch, playSeat,
  rolesFromEnded, startHost,
} from './lib.mjs';

async function playWithBots(t, transport) {
  const host = await startHost({ speed: 50, seed: transport === 'sse' ? 21 : 22, bots: 7 });
  t.after(() => host.stop());
  const agent = new Agent(`sdk-${transport}`, { host, transport });
  t.after(() => agent.close());
  await agent.connect();
  const { tools } = await agent.client.listTools();
  assert.deepEqual(tools.map((x) => x.name).sort(), TOOLS.map(dotted).sort());
  const assignment = await joinAndFindMatch(agent);
  const final = await playSeat(agent, assignment.matchId);
  host.assertAlive();
  const roles = rolesFromEnded(final);
  const events = await allEvents(agent, assignment.matchId);
  const ended = events.filter((e) => e.type === 'GAME_ENDED');
  assert.equal(ended.length, 1);
  assert.equal(ended[0].payload.winningTeam, expectedWinner(final, roles));
  assertEntitled(agent, `p:${assignment.seat}`, roles);
  // The bots played too: someone besides us spoke in public.
  assert.ok(events.some((e) => e.type === 'PUBLIC_MESSAGE' && e.payload.playerId !== `p:${assignment.seat}`));
  t.diagnostic(`${transport}: ${assignment.matchId} ended after ${final.dayNumber} day(s), ${ended[0].payload.winningTeam} won; ` +
    `${agent.log.length} tool results`);
}

test('legacy HTTP+SSE client plays a seat to the end with seven bots', { timeout: 180000 }, (t) => playWithBots(t, 'sse'));

test('stdio client through townhall mcp-stdio plays a seat to the end with seven bots', { timeout: 180000 },
  (t) => playWithBots(t, 'stdio'));
