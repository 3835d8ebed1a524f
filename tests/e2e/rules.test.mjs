// Nine official-SDK clients play the witch-hunter-9 table (three
// wolves, seer, witch, hunter, three villagers, PK on ties) to GAME_ENDED
// through the tools only: witch_act every night the witch is asked, the
// hunter's shot when it comes, PK defences through say_public and the PK
// revote through vote. Then nobody but the witch may have seen a victim.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, dotted, joinAndFindMatch, startHost, underscored } from './lib.mjs';

// Every answer is checked against the served output schemas by the SDK
// itself: the seed 000 schemas are widened for seed 002's tables (seats up
// to 12, the new phases, roles and action types; mcp/toolregistry.cpp), so
// a nine-seat table's answers must pass them.

async function actSeed002(agent, state, memo) {
  const { matchId, dayNumber } = state;
  const you = state.you;
  const ra = you.requiredAction;
  const targets = ra.allowedTargets;
  const seat = Number(you.playerId.slice(2));
  let r;
  switch (ra.type) {
  case 'WOLF_KILL':
    r = await agent.call('match.night.wolf_kill', { matchId, targetPlayerId: targets[dayNumber % targets.length] });
    break;
  case 'SEER_INSPECT':
    r = await agent.call('match.night.seer_inspect', { matchId, targetPlayerId: targets[(seat + dayNumber) % targets.length] });
    break;
  case 'WITCH_ACT': {
    assert.equal(typeof ra.antidote, 'boolean');
    assert.equal(typeof ra.poison, 'boolean');
    // Save on the first night she can, poison from the second, else pass.
    let args = { matchId, action: 'PASS' };
    if (ra.antidote && ra.killedPlayerId) args = { matchId, action: 'SAVE' };
    else if (ra.poison && dayNumber >= 1 && targets.length) args = { matchId, action: 'POISON', targetPlayerId: targets[0] };
    args.idempotencyKey = `witch-${matchId}-${dayNumber}`;
    r = await agent.call('match.night.witch_act', args);
    if (r.ok) {
      memo.witch.push(r.witch.action);
      // The same key again is answered from the key, not acted twice.
      const again = await agent.call('match.night.witch_act', args);
      assert.deepEqual({ ...again, serverTime: r.serverTime }, r);
    }
    break;
  }
  case 'HUNTER_SHOOT':
    r = await agent.call('match.hunter_shoot', { matchId, targetPlayerId: targets[0] ?? null, idempotencyKey: `hunter-${matchId}` });
    if (r.ok) memo.shots.push(r.shot.targetPlayerId);
    break;
  case 'SPEAK_OPENING':
    r = await agent.call('match.say_public', { matchId, text: `Morning, I am ${you.playerId}.`, kind: 'OPENING' });
    if (!r.ok && r.error.code === 'INVALID_KIND') return;
    break;
  case 'SPEAK_DEFENSE':
    assert.equal(ra.pk, true);
    r = await agent.call('match.say_public', { matchId, text: `I am not a wolf, spare ${you.playerId}.`, kind: 'DEFENSE' });
    if (r.ok) memo.defenses += 1;
    break;
  case 'SPEAK_DISCUSSION':
    if (memo.spokeOn === dayNumber) return;
    memo.spokeOn = dayNumber;
    r = await agent.call('match.say_public', { matchId, text: `Day ${dayNumber}: watch the quiet ones.`, kind: 'DISCUSSION' });
    break;
  case 'VOTE': {
    // Split the first vote in two so that a PK is likely; later, converge.
    const wolves = new Set(you.knownWolves);
    const options = targets.filter((t) => !wolves.has(t));
    const target = ra.pk || dayNumber > 1 ? (options[0] ?? targets[0]) : targets[seat % 2 % targets.length];
    r = await agent.call('match.vote', { matchId, targetPlayerId: target });
    if (r.ok && ra.pk) memo.pkVotes += 1;
    break;
  }
  default:
    return;
  }
  assert.ok(r.ok || ['WRONG_PHASE', 'NOT_YOUR_TURN', 'ALREADY_SPOKE', 'ALREADY_ACTED', 'MATCH_ENDED', 'INVALID_TARGET',
    'PLAYER_DEAD'].includes(r.error.code), `${agent.name} ${ra.type}: ${JSON.stringify(r)}`);
}

async function play(agent, matchId, memo) {
  const ready = await agent.call('match.ready', { matchId });
  assert.ok(ready.ok || ready.error.code === 'WRONG_PHASE', JSON.stringify(ready));
  let state = (await agent.call('match.wait_for_turn', { matchId, timeoutSeconds: 1 })).state;
  const deadline = Date.now() + 400000;
  while (state.phase !== 'ENDED') {
    assert.ok(Date.now() < deadline, `${agent.name}: no end in time (phase ${state.phase})`);
    memo.phases.add(state.phase);
    const ra = state.you?.requiredAction;
    if (ra && ra.type !== 'NONE' && !ra.alreadySubmitted) await actSeed002(agent, state, memo);
    const w = await agent.call('match.wait_for_turn', { matchId, timeoutSeconds: 2 });
    assert.equal(w.ok, true, `wait_for_turn: ${JSON.stringify(w)}`);
    state = w.state;
  }
  return state;
}

test('nine SDK clients play a witch-hunter-9 table to the end with witch, hunter and PK tools', { timeout: 480000 }, async (t) => {
  // The witch-hunter-9 table with longer turns for the witch, the hunter and
  // the PK: at speed 50 the usual 20 s witch turn is 0.4 s, which a loaded
  // machine can let pass before the client has read that it is its turn
  // (the assertions below need each of them to have acted). A phase still
  // ends as soon as everyone asked has acted.
  const dir = mkdtempSync(join(tmpdir(), 'townhall-rules-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const rulesFile = join(dir, 'nine.json');
  writeFileSync(rulesFile, JSON.stringify({
    base: 'witch-hunter-9',
    timers: { witchMs: 150000, hunterMs: 150000, pkDefenseTurnMs: 150000, pkVoteMs: 150000 },
  }));
  const host = await startHost({ speed: 50, seed: 5, extra: ['--rules', rulesFile] });
  t.after(() => host.stop());
  const agents = Array.from({ length: 9 }, (_, i) => new Agent(`sdk-002-${i + 1}`, {
    host, names: i % 2 ? 'underscore' : 'dotted', path: i % 2 ? '/mcp/underscore' : '/mcp',
  }));
  t.after(async () => { await Promise.all(agents.map((a) => a.close())); });
  await Promise.all(agents.map((a) => a.connect()));
  for (const a of agents) {
    const form = a.names === 'underscore' ? underscored : dotted;
    const names = a.tools.map((x) => x.name);
    assert.ok(names.includes(form('match.night.witch_act')) && names.includes(form('match.hunter_shoot')));
  }

  const assignments = await Promise.all(agents.map((a) => joinAndFindMatch(a)));
  const matchId = assignments[0].matchId;
  assert.ok(assignments.every((x) => x.matchId === matchId), 'one table of nine');
  assert.deepEqual(assignments.map((x) => x.seat).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8, 9]);

  const memos = agents.map(() => ({ witch: [], shots: [], defenses: 0, pkVotes: 0, spokeOn: -1, phases: new Set() }));
  const finals = await Promise.all(agents.map((a, i) => play(a, matchId, memos[i])));
  host.assertAlive();

  const ended = finals[0];
  assert.equal(ended.phase, 'ENDED');
  for (const f of finals) assert.equal(f.phase, 'ENDED');
  const roles = Object.fromEntries(ended.players.map((p) => [p.playerId, p.revealedRole]));
  const witchSeat = agents.findIndex((a, i) => roles[`p:${assignments[i].seat}`] === 'WITCH');
  assert.ok(witchSeat >= 0, `a witch at the table: ${JSON.stringify(roles)}`);
  assert.ok(memos[witchSeat].witch.length >= 1, 'the witch acted through witch_act');
  const phases = new Set(memos.flatMap((m) => [...m.phases]));
  assert.ok(phases.has('NIGHT_WITCH'));
  if (phases.has('HUNTER_SHOT'))
    assert.ok(memos.some((m) => m.shots.length === 1), 'a hunter asked to shoot shot through hunter_shoot');
  if (phases.has('DAY_PK_DEFENSE'))
    assert.ok(memos.reduce((n, m) => n + m.defenses, 0) >= 1, 'a PK defence was said through say_public');
  if (phases.has('DAY_PK_VOTE'))
    assert.ok(memos.reduce((n, m) => n + m.pkVotes, 0) >= 1, 'PK votes were cast through vote');
  t.diagnostic(`phases seen: ${[...phases].join(' ')}; witch: ${memos[witchSeat].witch.join(' ')}; ` +
    `shots: ${memos.flatMap((m) => m.shots).length}; defences: ${memos.reduce((n, m) => n + m.defenses, 0)}`);

  // Nobody but the witch ever received the wolves' victim.
  agents.forEach((a, i) => {
    if (i === witchSeat) return;
    for (const e of a.log) assert.ok(!JSON.stringify(e.result).includes('killedPlayerId'), `${a.name} saw a victim`);
  });
});
