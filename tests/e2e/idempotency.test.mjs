// Idempotency across a lost response, a new session and a restart of the
// host; read rate limits; the match goes on afterwards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  Agent, addAgent, allEvents, parseResult, playSeat, startHost, tempDir,
} from './lib.mjs';

/** The JSON-RPC message in a response body (JSON, or SSE `data:` lines). */
function rpcFromBody(body) {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) return JSON.parse(trimmed);
  const data = trimmed.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).filter(Boolean);
  return JSON.parse(data.at(-1));
}

/**
 * A fetch that lets every request reach the server, but loses the response to
 * the first tools/call whose body contains `marker`: the server acts, the
 * client sees a dropped connection. The lost body is kept in `lost`.
 */
function droppingFetch(marker) {
  const state = { lost: null };
  state.fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (!state.lost && typeof init?.body === 'string' && init.body.includes(marker)) {
      state.lost = rpcFromBody(await res.text());
      throw new TypeError('fetch failed (connection reset by the test)');
    }
    return res;
  };
  return state;
}

test('idempotent retries after a dropped connection, a new session and a host restart; read limits', { timeout: 240000 }, async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const db = join(dir, 'townhall.db');
  const token = await addAgent(db, 'Retry');
  let host = await startHost({ db, bots: 7, speed: 20, seed: 5 });
  t.after(() => host.stop());
  const key = 'vote-key-0001';
  const drop = droppingFetch(key);
  const first = await new Agent('retry-1', { host, token, fetch: drop.fetch }).connect();
  t.after(() => first.close());

  // queue.join with a key: a retry answers the stored result, byte for byte.
  const join1 = await first.call('queue.join', { idempotencyKey: 'join-key-0001' });
  const join2 = await first.call('queue.join', { idempotencyKey: 'join-key-0001' });
  assert.deepEqual(join2, join1);
  const reused = await first.call('queue.join', { idempotencyKey: 'join-key-0001', preferredDisplayName: 'Other' });
  assert.equal(reused.error?.code, 'IDEMPOTENCY_KEY_REUSED', JSON.stringify(reused));
  assert.equal(reused.error.retryable, false);

  assert.ok(join1.matchAssignment, 'the eighth joiner is seated at once');
  const { matchId, seat } = join1.matchAssignment;
  const me = `p:${seat}`;
  // Play until the first vote, then vote with a key and lose the answer.
  let voteArgs = null;
  await playSeat(first, matchId, {
    onState: async (s) => {
      const ra = s.you?.requiredAction;
      if (!s.you?.alive && s.phase !== 'LOBBY') throw new Error(`${me} died before voting; pick another seed`);
      if (ra?.type !== 'VOTE' || ra.alreadySubmitted) return undefined;
      voteArgs = { matchId, targetPlayerId: ra.allowedTargets[0], reason: 'retry test', idempotencyKey: key };
      await assert.rejects(first.client.callTool({ name: 'et.werewolf.match.vote', arguments: voteArgs }),
        'the client saw the connection drop');
      return 'stop';
    },
  });
  assert.ok(drop.lost, 'the vote reached the server');
  const lost = parseResult(drop.lost.result);
  assert.equal(lost.ok, true, `the lost vote succeeded: ${JSON.stringify(lost)}`);
  // Drop the client abruptly: no DELETE, the session just goes away.
  await first.transport.close();

  // Reconnect with the same token: a new session of the same agent.
  const second = await new Agent('retry-2', { host, token }).connect();
  t.after(() => second.close());
  const retried = await second.call('match.vote', voteArgs);
  assert.deepEqual(retried, lost, 'the retry answers the stored result (same eventId)');
  const other = await second.call('match.vote', { ...voteArgs, targetPlayerId: null });
  assert.equal(other.error?.code, 'IDEMPOTENCY_KEY_REUSED', JSON.stringify(other));
  const votes = (await allEvents(second, matchId)).filter((e) => e.type === 'VOTE_CAST' && e.payload.voterPlayerId === me);
  assert.deepEqual(votes.map((e) => e.eventId), [lost.eventId], 'the vote was cast once');

  // Keys survive a restart of the host (the match is recovered from the store).
  await second.close();
  await host.stop();
  host = await startHost({ db, speed: 20, seed: 5 });
  const third = await new Agent('retry-3', { host, token }).connect();
  t.after(() => third.close());
  assert.deepEqual(await third.call('match.vote', voteArgs), lost, 'same answer after a restart');
  assert.equal((await third.call('match.vote', { ...voteArgs, reason: 'changed' })).error?.code, 'IDEMPOTENCY_KEY_REUSED');

  // A get_state flood is rate limited (2/s), with an honest retry hint...
  const flood = await Promise.all(Array.from({ length: 8 }, () =>
    third.call('match.get_state', { matchId }, { retryRateLimited: false })));
  const limited = flood.filter((r) => !r.ok);
  assert.ok(limited.length >= 5, `at most 2-3 of 8 reads pass (${8 - limited.length} did)`);
  for (const r of limited) {
    assert.equal(r.error.code, 'RATE_LIMITED');
    assert.equal(r.error.retryable, true);
    assert.ok(r.error.retryAfterMs > 0 && r.error.retryAfterMs <= 1000, `retryAfterMs ${r.error.retryAfterMs}`);
  }
  // ...and the match goes on to its end, this agent still playing its seat.
  const final = await playSeat(third, matchId);
  assert.equal(final.phase, 'ENDED');
  assert.equal((await third.call('match.vote', voteArgs)).eventId, lost.eventId, 'even after the end');
  host.assertAlive();
});
