// Errors as an SDK client sees them: business-rule refusals are tool results
// (isError, the seed's envelope as text), protocol problems JSON-RPC errors.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, McpError, joinAndFindMatch, parseResult, playSeat, startHost } from './lib.mjs';

const NIGHT_TOOL = {
  WEREWOLF: 'match.night.wolf_kill',
  SEER: 'match.night.seer_inspect',
  DOCTOR: 'match.night.doctor_protect',
};

function refused(r, code, retryable) {
  assert.equal(r.ok, false, `expected ${code}, got ${JSON.stringify(r)}`);
  assert.equal(r.error.code, code, JSON.stringify(r.error));
  if (retryable !== undefined) assert.equal(r.error.retryable, retryable, JSON.stringify(r.error));
}

test('wrong phase, wrong role, dead target, not seated, unknown match', { timeout: 240000 }, async (t) => {
  const host = await startHost({ speed: 10, seed: 3, bots: 7 });
  t.after(() => host.stop());
  const agent = await new Agent('errors-agent', { host }).connect();
  const outsider = await new Agent('outsider', { host }).connect();
  t.after(async () => { await agent.close(); await outsider.close(); });
  const { matchId } = await joinAndFindMatch(agent);

  // LOBBY (3 s at ×10; we have not readied).
  refused(await agent.call('match.vote', { matchId, targetPlayerId: 'p:1' }), 'WRONG_PHASE', true);
  refused(await agent.call('match.say_public', { matchId, text: 'hello' }), 'WRONG_PHASE', true);
  refused(await outsider.call('match.ready', { matchId }), 'NOT_IN_MATCH', false);
  refused(await agent.call('match.ready', { matchId: 'match-999' }), 'MATCH_NOT_FOUND', false);
  refused(await agent.call('match.get_state', { matchId: 'match-999' }), 'MATCH_NOT_FOUND', false);
  refused(await agent.call('queue.join', { queueId: 'elsewhere' }), 'UNKNOWN_QUEUE', false);

  const seen = { wrongRole: false, deadTarget: false, nightReady: false };
  await playSeat(agent, matchId, {
    onState: async (s) => {
      const you = s.you;
      const ra = you.requiredAction;
      if (s.phase === 'NIGHT' && !seen.wrongRole) {
        // A tool of another role.
        const wrong = you.role === 'SEER' ? 'match.night.doctor_protect' : 'match.night.seer_inspect';
        refused(await agent.call(wrong, { matchId, targetPlayerId: 'p:1' }), 'NOT_YOUR_ROLE', false);
        if (you.role !== 'WEREWOLF') {
          refused(await agent.call('match.night.wolf_chat', { matchId, text: 'let me in' }), 'NOT_YOUR_ROLE', false);
        }
        refused(await agent.call('match.ready', { matchId }), 'WRONG_PHASE', false);
        seen.wrongRole = true;
      }
      const dead = s.players.filter((p) => !p.alive).map((p) => p.playerId);
      if (dead.length && !seen.deadTarget && ra && !ra.alreadySubmitted && ra.allowedTargets.length
          && (ra.type === 'VOTE' || NIGHT_TOOL[you.role])) {
        assert.ok(!ra.allowedTargets.includes(dead[0]), 'the dead are never allowed targets');
        const tool = ra.type === 'VOTE' ? 'match.vote' : NIGHT_TOOL[you.role];
        const r = await agent.call(tool, { matchId, targetPlayerId: dead[0] });
        // The phase may have just ended: only then is another answer acceptable.
        if (r.ok || r.error.code !== 'WRONG_PHASE') {
          refused(r, 'INVALID_TARGET', false);
          seen.deadTarget = true;
        }
      }
      if (!you.alive && s.phase === 'DAY_VOTE') {
        refused(await agent.call('match.vote', { matchId, targetPlayerId: null }), 'PLAYER_DEAD', false);
      }
      return seen.wrongRole && seen.deadTarget ? 'stop' : undefined;
    },
  });
  assert.ok(seen.wrongRole, 'reached a night');
  assert.ok(seen.deadTarget, 'targeted a dead player while alive');
  // After the match, nothing more can be done in it.
  host.assertAlive();
});

test('protocol errors: unknown tool, schema violations (both protocol versions)', { timeout: 60000 }, async (t) => {
  const host = await startHost();
  t.after(() => host.stop());
  const latest = await new Agent('latest', { host }).connect();
  const older = await new Agent('older', { host, protocolVersion: '2025-06-18' }).connect();
  t.after(async () => { await latest.close(); await older.close(); });

  for (const a of [latest, older]) {
    await assert.rejects(a.client.callTool({ name: 'et.werewolf.match.fly', arguments: {} }),
      (e) => e instanceof McpError && e.code === -32602 && /Unknown tool/.test(e.message), `${a.name}: unknown tool`);
    await assert.rejects(a.client.callTool({ name: 'et_werewolf_match_fly', arguments: {} }),
      (e) => e instanceof McpError && e.code === -32602, `${a.name}: unknown tool (underscore)`);
  }
  const bad = [
    ['et.werewolf.match.vote', { matchId: 'match-1' }, /targetPlayerId/],                       // required missing
    ['et.werewolf.match.vote', { matchId: 'match-1', targetPlayerId: 5 }, /targetPlayerId/],     // wrong type
    ['et.werewolf.match.say_public', { matchId: 'match-1', text: 'x'.repeat(501) }, /text/],     // too long
    ['et.werewolf.match.say_public', { matchId: 'match-1', text: 'hi', kind: 'SHOUT' }, /kind/], // not in enum
    ['et.werewolf.queue.join', { idempotencyKey: 'short' }, /idempotencyKey/],                    // too short
  ];
  // 2025-06-18: invalid arguments are a protocol error, -32602 with the details.
  for (const [name, args, where] of bad) {
    await assert.rejects(older.client.callTool({ name, arguments: args }),
      (e) => e instanceof McpError && e.code === -32602 && where.test(e.message), `${name} ${JSON.stringify(args)}`);
  }
  // 2025-11-25 (the SDK's default): a tool error the model can read (SEP-1303).
  for (const [name, args, where] of bad) {
    const r = parseResult(await latest.client.callTool({ name, arguments: args }));
    refused(r, 'INVALID_ARGUMENT', false);
    assert.match(r.error.message, where);
  }
  host.assertAlive();
});
