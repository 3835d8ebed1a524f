// Registered agents (bearer tokens from `townhall agent add`) and --no-guests:
// tokenless sessions may read as spectators but not play.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Agent, addAgent, startHost, tempDir } from './lib.mjs';

test('registered agents play with a bearer token; --no-guests refuses tokenless play but not reads', { timeout: 120000 }, async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const db = join(dir, 'townhall.db');
  const token = await addAgent(db, 'Ada');
  const host = await startHost({ db, extra: ['--no-guests'] });
  t.after(() => host.stop());

  const ada = await new Agent('ada-client', { host, token }).connect();
  const anon = await new Agent('anonymous-client', { host }).connect();
  const forged = await new Agent('forged-client', { host, token: `${token.slice(0, -4)}XXXX` }).connect();
  const viaStdio = await new Agent('ada-stdio', { host, token, transport: 'stdio' }).connect();
  t.after(async () => { await Promise.all([ada, anon, forged, viaStdio].map((a) => a.close())); });

  // The registered agent plays under its registered identity.
  const joined = await ada.call('queue.join', {});
  assert.equal(joined.ok, true, JSON.stringify(joined));
  assert.equal(joined.queue.position, 1);

  // The same token in another session (here through the stdio bridge) is the same agent.
  const status = await viaStdio.call('queue.status', {});
  assert.equal(status.queue.position, 1, 'same token, same agent, same queue position');
  const again = await viaStdio.call('queue.join', {});
  assert.equal(again.queue.size, 1, 'joining twice keeps one entry');

  // Without a token (guests disabled) or with an unknown one: spectator only.
  for (const a of [anon, forged]) {
    for (const [tool, args] of [['queue.join', {}], ['queue.leave', {}], ['match.ready', { matchId: 'match-1' }],
      ['match.vote', { matchId: 'match-1', targetPlayerId: 'p:1' }]]) {
      const r = await a.call(tool, args);
      assert.equal(r.ok, false, `${a.name} ${tool} must be refused`);
      assert.equal(r.error.code, 'UNAUTHENTICATED', `${a.name} ${tool}: ${JSON.stringify(r)}`);
      assert.equal(r.error.retryable, false);
    }
    const s = await a.call('queue.status', {});
    assert.equal(s.ok, true);
    assert.equal(s.queue.position, null);
    assert.equal(s.matchAssignment, null);
    assert.equal(s.queue.size, 1);
    const l = await a.call('matches.list', { status: 'ALL' });
    assert.equal(l.ok, true);
  }
  assert.match(anon.client.getInstructions() ?? '', /guest|token/i, 'initialize instructions say why');

  const left = await ada.call('queue.leave', {});
  assert.equal(left.removed, true);
  host.assertAlive();
});

test('spectators without identity are rate limited per session, not all together', { timeout: 60000 }, async (t) => {
  const host = await startHost({ bots: 8, extra: ['--no-guests'] });
  t.after(() => host.stop());
  const a = await new Agent('spectator-a', { host }).connect();
  const b = await new Agent('spectator-b', { host }).connect();
  t.after(async () => { await a.close(); await b.close(); });
  const list = await a.call('matches.list', {});
  const matchId = list.matches[0]?.matchId;
  assert.ok(matchId, 'eight bots made a match');
  // a floods get_state until it is limited...
  let limited = null;
  for (let i = 0; i < 10 && !limited; ++i) {
    const r = await a.call('match.get_state', { matchId }, { retryRateLimited: false });
    if (!r.ok) limited = r;
  }
  assert.ok(limited, 'a flood of get_state is rate limited');
  assert.equal(limited.error.code, 'RATE_LIMITED');
  // ...which must not lock out another anonymous spectator.
  const r = await b.call('match.get_state', { matchId }, { retryRateLimited: false });
  assert.equal(r.ok, true, `another spectator's first read: ${JSON.stringify(r)}`);
});
