// Eight official-SDK clients play a whole match over Streamable HTTP, watched by
// a ninth that never joins; then every result each of them received is checked
// against what it was entitled to know.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Agent, TOOLS, allEvents, assertEntitled, dotted, expectedWinner, joinAndFindMatch, playSeat,
  rolesFromEnded, startHost, statesOf, underscored,
} from './lib.mjs';

async function watch(spectator, matchId) {
  let state = (await spectator.call('match.get_state', { matchId })).state;
  let cursor = null;
  while (state.phase !== 'ENDED') {
    const ev = await spectator.call('match.events.get', { matchId, afterEventId: cursor, limit: 200 });
    assert.equal(ev.ok, true);
    if (ev.events.length) cursor = ev.events.at(-1).eventId;
    const w = await spectator.call('match.wait_for_turn', { matchId, timeoutSeconds: 3 });
    assert.equal(w.ok, true);
    state = w.state;
  }
  return state;
}

test('eight SDK clients play a match to the end; nobody learns what they may not', { timeout: 240000 }, async (t) => {
  const host = await startHost({ speed: 50, seed: 11 });
  t.after(() => host.stop());
  // Half of them use the underscore endpoint and names, as Claude Desktop and Codex would.
  const agents = Array.from({ length: 8 }, (_, i) => new Agent(`sdk-agent-${i + 1}`, {
    host, names: i % 2 ? 'underscore' : 'dotted', path: i % 2 ? '/mcp/underscore' : '/mcp',
  }));
  const spectator = new Agent('sdk-spectator', { host });
  t.after(async () => { await Promise.all([...agents, spectator].map((a) => a.close())); });
  await Promise.all([...agents, spectator].map((a) => a.connect()));

  for (const a of agents) {
    const { tools } = await a.client.listTools();
    const form = a.names === 'underscore' ? underscored : dotted;
    assert.deepEqual(tools.map((x) => x.name).sort(), TOOLS.map(form).sort(), `tools/list at ${a.path}`);
    for (const tool of tools) {
      assert.ok(tool.description, `${tool.name} has a description`);
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema.type, 'object');
    }
  }
  // Both forms are accepted on both endpoints.
  const other = await agents[0].client.callTool({ name: underscored('queue.status'), arguments: {} });
  assert.equal(other.structuredContent.ok, true);

  const assignments = await Promise.all(agents.map((a) => joinAndFindMatch(a)));
  const matchId = assignments[0].matchId;
  assert.ok(assignments.every((x) => x.matchId === matchId), 'all eight sit in one match');
  assert.deepEqual(assignments.map((x) => x.seat).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8]);

  const [finals, specFinal] = await Promise.all([
    Promise.all(agents.map((a) => playSeat(a, matchId))),
    watch(spectator, matchId),
  ]);
  host.assertAlive();

  // The result, as every client sees it.
  const roles = rolesFromEnded(finals[0]);
  const counts = Object.values(roles).reduce((m, r) => ({ ...m, [r]: (m[r] ?? 0) + 1 }), {});
  assert.deepEqual(counts, { WEREWOLF: 2, SEER: 1, DOCTOR: 1, VILLAGER: 4 });
  const winner = expectedWinner(finals[0], roles);
  for (const s of [...finals, specFinal]) assert.deepEqual(rolesFromEnded(s), roles);
  for (const a of [...agents, spectator]) {
    const events = await allEvents(a, matchId);
    const ended = events.filter((e) => e.type === 'GAME_ENDED');
    assert.equal(ended.length, 1, `${a.name} sees one GAME_ENDED`);
    assert.equal(ended[0].payload.winningTeam, winner, `${a.name}: winner consistent with the roles`);
    for (const e of events.filter((x) => x.type === 'PLAYER_ELIMINATED')) {
      assert.equal(e.payload.roleRevealed, roles[e.payload.playerId], 'eliminations reveal the true role');
    }
  }
  const listed = await spectator.call('matches.list', { status: 'ENDED' });
  assert.ok(listed.matches.some((m) => m.matchId === matchId && m.phase === 'ENDED'));

  // Entitlement, over every tool result every client ever received.
  for (let i = 0; i < 8; ++i) assertEntitled(agents[i], `p:${assignments[i].seat}`, roles);
  assertEntitled(spectator, null, roles);
  // The checks saw real secrets: wolves received wolf chat, the seer a result.
  const wolfAgents = agents.filter((_, i) => roles[`p:${assignments[i].seat}`] === 'WEREWOLF');
  assert.ok(wolfAgents.some((a) => a.log.some((e) => e.result.events?.some((x) => x.type === 'WOLF_CHAT_MESSAGE'))),
    'the wolves saw their chat');
  assert.ok(statesOf(spectator).length > 3, 'the spectator followed the match');
  const rateLimited = agents.reduce((n, a) => n + a.rateLimited, 0);
  t.diagnostic(`match ${matchId}: ${winner} won; ${finals[0].dayNumber} day(s); ` +
    `${agents.reduce((n, a) => n + a.log.length, 0)} tool results; ${rateLimited} RATE_LIMITED waited out`);
});
