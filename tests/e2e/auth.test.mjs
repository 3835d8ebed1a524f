// Registered agents (bearer tokens from `townhall agent add`) and --no-guests:
// tokenless sessions may read as spectators but not play.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, BIN, addAgent, dotted, startHost, tempDir } from './lib.mjs';

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

// ---------------------------------------------------------------- sessions and their credential

/** One JSON-RPC message POSTed to /mcp as a raw client would; returns { status, body, sessionId }. */
async function post(host, { sessionId, token, message }) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  if (sessionId) headers['Mcp-Session-Id'] = sessionId;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(host.url, { method: 'POST', headers, body: JSON.stringify(message) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, sessionId: res.headers.get('mcp-session-id') };
}

/** initialize + initialized with `token`; the new session's id. */
async function openSession(host, token) {
  const init = await post(host, {
    token,
    message: { jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
  });
  assert.equal(init.status, 200, JSON.stringify(init.body));
  assert.ok(init.sessionId);
  const done = await post(host, { sessionId: init.sessionId, token, message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  assert.equal(done.status, 202);
  return init.sessionId;
}

/** tools/call on a raw session; the tool's structuredContent. */
async function callTool(host, sessionId, token, name, args = {}) {
  const r = await post(host, { sessionId, token,
    message: { jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: dotted(name), arguments: args } } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.result.structuredContent;
}

/** A host on a fresh database where Ada and Bob are registered: { host, db, ada, bob } (their tokens). */
async function hostWithAdaAndBob(t) {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const db = join(dir, 'townhall.db');
  const ada = await addAgent(db, 'Ada');
  const bob = await addAgent(db, 'Bob');
  const host = await startHost({ db });
  t.after(() => host.stop());
  return { host, db, ada, bob };
}

test('a session is bound to its token: another agent\'s, none or a bogus one is refused and not run', { timeout: 120000 }, async (t) => {
  const { host, ada, bob } = await hostWithAdaAndBob(t);
  const adaSession = await openSession(host, ada);

  for (const [label, token] of [['Bob\'s token', bob], ['no token', undefined], ['a bogus token', `${ada.slice(0, -4)}XXXX`]]) {
    const r = await post(host, { sessionId: adaSession, token,
      message: { jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: dotted('queue.join'), arguments: {} } } });
    assert.equal(r.status, 403, `${label}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.jsonrpc, '2.0');
    assert.equal(r.body.id, 42, `${label}: the error answers the request's id`);
    assert.equal(typeof r.body.error.code, 'number');
  }
  // Nobody joined the queue: not Ada (whose session it is), not Bob.
  const adaStatus = await callTool(host, adaSession, ada, 'queue.status');
  assert.equal(adaStatus.queue.position, null);
  assert.equal(adaStatus.queue.size, 0);
  const bobStatus = await callTool(host, await openSession(host, bob), bob, 'queue.status');
  assert.equal(bobStatus.queue.position, null);

  // A tokenless (guest) session refuses a token later on, too.
  const guest = await openSession(host, undefined);
  const r = await post(host, { sessionId: guest, token: ada, message: { jsonrpc: '2.0', id: 5, method: 'ping' } });
  assert.equal(r.status, 403);
  assert.equal(r.body.id, 5);
  host.assertAlive();
});

test('`townhall agent revoke` in another process ends the agent\'s live sessions on the running host', { timeout: 120000 }, async (t) => {
  const { host, db, ada: token, bob: other } = await hostWithAdaAndBob(t);

  // A raw session with its GET stream, and official SDK clients (Streamable HTTP and legacy SSE).
  const sessionId = await openSession(host, token);
  const controller = new AbortController();
  t.after(() => controller.abort());
  const stream = await fetch(host.url, { headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': sessionId,
    Authorization: `Bearer ${token}` }, signal: controller.signal });
  assert.equal(stream.status, 200);
  const streamEnded = (async () => {
    const reader = stream.body.getReader();
    for (;;) if ((await reader.read()).done) return true;
  })();
  const viaSdk = await new Agent('ada-sdk', { host, token }).connect();
  const viaSse = await new Agent('ada-sse', { host, token, transport: 'sse' }).connect();
  const bob = await new Agent('bob-sdk', { host, token: other }).connect();
  t.after(async () => { await Promise.all([viaSdk, viaSse, bob].map((a) => a.close())); });
  assert.equal((await viaSdk.call('queue.status', {})).ok, true);
  assert.equal((await viaSse.call('queue.status', {})).ok, true);

  await new Promise((resolve, reject) => {
    execFile(BIN, ['agent', 'revoke', 'Ada', '--db', db], { timeout: 30000 }, (err, out, errOut) => {
      if (err) reject(new Error(`townhall agent revoke failed: ${err.message}\n${errOut}`));
      else resolve(out);
    });
  });

  // Within a bounded time (generous: the host polls about twice a second).
  const ended = await Promise.race([streamEnded, delay(20000).then(() => false)]);
  assert.equal(ended, true, 'the revoked agent\'s event stream was closed');
  const after = await post(host, { sessionId, token, message: { jsonrpc: '2.0', id: 7, method: 'ping' } });
  assert.equal(after.status, 404, JSON.stringify(after.body));
  assert.equal(after.body.id, 7);
  await assert.rejects(viaSdk.call('queue.status', {}), /404|not found/i, 'the SDK session is gone');
  await assert.rejects(viaSse.call('queue.status', {}, { timeout: 5000 }), 'the legacy session is gone');
  // Other agents play on.
  assert.equal((await bob.call('queue.status', {})).ok, true);
  host.assertAlive();
});
