// The recorder's completeness: four official-SDK clients and four
// built-in bots play a match against a headless host with a database; every
// client logs each tool call it made (JSON-RPC id, arguments, the response it
// received). After SIGTERM, `townhall calls MATCH_ID` must list every one of
// those calls that names the match, once, with the same request and the same
// response, and the bots' in-process calls too. The calls are in the calls
// file next to the database (townhall.db -> townhall.calls.db), not in the
// database itself; the requests are the bytes the clients sent, and the
// responses the bytes they received (the calls file stores a get_state polled
// again as its difference to the previous one: it must print it whole).
// With --no-recorder there is no calls file at all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, BIN, joinAndFindMatch, playSeat, startHost, tempDir } from './lib.mjs';

/** Logs every tools/call the client sends and the response it receives, as on the wire. */
function tapCalls(agent) {
  const sent = new Map();
  const calls = [];
  const t = agent.transport;
  const send = t.send.bind(t);
  t.send = async (message, options) => {
    if (message.method === 'tools/call') sent.set(message.id, message);
    return send(message, options);
  };
  const receive = t.onmessage;
  t.onmessage = (message, extra) => {
    if (message.id !== undefined && sent.has(message.id) && !('method' in message)) {
      calls.push({ sessionId: t.sessionId, request: sent.get(message.id), response: message });
      sent.delete(message.id);
    }
    receive?.(message, extra);
  };
  return { calls, unanswered: () => sent.size };
}

/** A fetch that keeps the body of every JSON reply, by JSON-RPC id, as received. */
function rawReplies() {
  const byId = new Map();
  const wrapped = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method === 'POST' && (res.headers.get('content-type') ?? '').startsWith('application/json')) {
      const text = await res.clone().text();
      try {
        const message = JSON.parse(text);
        if (message && !Array.isArray(message) && message.id !== undefined) byId.set(message.id, text);
      } catch { /* not one message */ }
    }
    return res;
  };
  return { fetch: wrapped, byId };
}

function calls(dbPath, matchId) {
  return new Promise((resolve, reject) => {
    execFile(BIN, ['calls', matchId, '--db', dbPath], { timeout: 30000, maxBuffer: 256 * 1024 * 1024 },
      (err, out, errOut) => {
        if (err) reject(new Error(`townhall calls failed: ${err.message}\n${errOut}`));
        else resolve(out.split('\n').filter((l) => l).map((l) => ({ ...JSON.parse(l), raw: l })));
      });
  });
}

test('every call of an SDK match is recorded, with its arguments and outcome', { timeout: 240000 }, async (t) => {
  const tmp = tempDir();
  t.after(() => tmp.cleanup());
  const db = join(tmp.dir, 'townhall.db');
  const host = await startHost({ db, speed: 50, seed: 23, bots: 4 });
  t.after(() => host.stop());
  const replies = Array.from({ length: 4 }, rawReplies);
  const agents = replies.map((r, i) => new Agent(`rec-agent-${i + 1}`, { host, fetch: r.fetch }));
  t.after(async () => { await Promise.all(agents.map((a) => a.close())); });
  await Promise.all(agents.map((a) => a.connect()));
  const taps = agents.map(tapCalls);

  const assignments = await Promise.all(agents.map((a) => joinAndFindMatch(a)));
  const matchId = assignments[0].matchId;
  assert.ok(assignments.every((x) => x.matchId === matchId), 'the four clients sit in one match with the bots');
  await Promise.all(agents.map((a) => playSeat(a, matchId)));
  host.assertAlive();
  await Promise.all(agents.map((a) => a.close()));
  await host.stop();
  assert.equal(host.proc.exitCode, 0, `townhall exited with ${host.proc.exitCode}:\n${host.stderr()}`);

  assert.ok(existsSync(join(tmp.dir, 'townhall.calls.db')), 'the calls file is next to the database');
  const records = await calls(db, matchId);
  const bySession = new Map();
  for (const r of records) {
    assert.equal(r.matchId, matchId);
    const key = `${r.sessionId}\n${JSON.stringify(r.request?.id)}`;
    assert.ok(!bySession.has(key), `recorded twice: ${key}`);
    bySession.set(key, r);
  }
  let checked = 0;
  let bytewise = 0;
  for (const [i, tap] of taps.entries()) {
    assert.equal(tap.unanswered(), 0, `${agents[i].name} has unanswered calls`);
    const mine = tap.calls.filter((c) => c.request.params.arguments?.matchId === matchId);
    assert.ok(mine.length > 10, `${agents[i].name} made ${mine.length} calls in the match`);
    for (const c of mine) {
      const r = bySession.get(`${c.sessionId}\n${JSON.stringify(c.request.id)}`);
      assert.ok(r, `${agents[i].name}: ${c.request.params.name} #${c.request.id} was not recorded`);
      assert.deepEqual(r.request, c.request, 'the recorded request is the one sent');
      // The SDK sends JSON.stringify(message): the line holds those very bytes.
      assert.ok(r.raw.includes(`"request":${JSON.stringify(c.request)},`), 'the request byte for byte');
      assert.deepEqual(r.response, c.response, 'the recorded response is the one received');
      const body = replies[i].byId.get(c.request.id);
      if (body !== undefined) {
        assert.ok(r.raw.includes(`"response":${body},`), `the response byte for byte: ${c.request.params.name} #${c.request.id}`);
        ++bytewise;
      }
      assert.equal(r.method, 'tools/call');
      assert.equal(r.tool, c.request.params.name);
      assert.equal(r.status, c.response.result?.isError ? (r.toolErrorCode === 'RATE_LIMITED' ? 'rate_limited' : 'tool_error') : 'ok');
      assert.equal(r.httpStatus, 200);
      ++checked;
    }
    // Nothing recorded for this session that the client did not send.
    const recorded = records.filter((r) => r.sessionId === tap.calls[0].sessionId);
    assert.equal(recorded.length, mine.length, `${agents[i].name}: recorded ${recorded.length}, sent ${mine.length}`);
  }
  // The bots act in process, through the same tool layer: recorded as well.
  const bots = records.filter((r) => r.sessionId.startsWith('in-process:'));
  assert.ok(new Set(bots.map((r) => r.agentId)).size === 4, 'the four bots\' calls are recorded');
  for (const r of bots) {
    assert.equal(r.method, 'tools/call');
    assert.equal(r.request.params.arguments.matchId, matchId);
    assert.ok(r.response?.result, `a bot's call without its result: ${JSON.stringify(r)}`);
  }
  assert.equal(records.length, checked + bots.length, 'every record is a client\'s or a bot\'s call');
  assert.ok(bytewise > checked / 2, `${bytewise} of ${checked} responses compared byte for byte`);
  t.diagnostic(`match ${matchId}: ${checked} client calls (${bytewise} responses byte for byte) and ${bots.length} bot calls recorded`);
});

test('--no-recorder leaves no calls file next to the database', { timeout: 60000 }, async (t) => {
  const tmp = tempDir();
  t.after(() => tmp.cleanup());
  const db = join(tmp.dir, 'townhall.db');
  const host = await startHost({ db, extra: ['--no-recorder'] });
  t.after(() => host.stop());
  const agent = new Agent('unrecorded', { host });
  t.after(() => agent.close());
  await agent.connect();
  // A call that names a match: with the recorder on it would open the file.
  const result = await agent.call('match.get_state', { matchId: 'no-such-match' });
  assert.equal(result.ok, false);
  await agent.close();
  await host.stop();
  assert.equal(host.proc.exitCode, 0, `townhall exited with ${host.proc.exitCode}:\n${host.stderr()}`);
  assert.ok(existsSync(db), 'the database is there');
  assert.ok(!existsSync(join(tmp.dir, 'townhall.calls.db')), 'no calls file');
});
