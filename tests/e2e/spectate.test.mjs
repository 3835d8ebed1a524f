// The spectator feed with an external client from npm (`ws`) against a real
// headless host: snapshot and live events that agree with what MCP's
// events.get gives a spectator, resuming from a cursor after a disconnect,
// a delay, a foreign Origin refused, and --spectate-listen serving the feed
// alone on another port.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import WebSocket from 'ws';
import { Agent, allEvents, joinAndFindMatch, playSeat, startHost, waitFor } from './lib.mjs';

function feedUrl(host, query = '') {
  const u = new URL(host.url);
  return `ws://${u.host}/spectate${query ? `?${query}` : ''}`;
}

/** A spectator that keeps every message, with its arrival time. */
function spectate(url, options = {}) {
  const ws = new WebSocket(url, options);
  const s = { ws, messages: [], closed: null, failed: null };
  ws.on('message', (data) => s.messages.push({ at: Date.now(), m: JSON.parse(data.toString()) }));
  ws.on('close', (code) => { s.closed = code; });
  ws.on('error', (e) => { s.failed = e; });
  ws.on('unexpected-response', (req, res) => { s.failed = new Error(`HTTP ${res.statusCode}`); s.status = res.statusCode; });
  s.of = (type) => s.messages.filter((x) => x.m.type === type).map((x) => x.m);
  s.events = () => s.of('event');
  return s;
}

async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

test('a live match over the feed: snapshot, events, resume, delay, and what MCP shows agrees', { timeout: 300000 }, async (t) => {
  // Seven bots wait; the match starts when an SDK agent joins them, after
  // the spectators are connected.
  const host = await startHost({ speed: 25, seed: 5, bots: 7 });
  t.after(() => host.stop());

  const live = spectate(feedUrl(host));
  const delayed = spectate(feedUrl(host, 'delay=2'));
  t.after(() => { live.ws.terminate(); delayed.ws.terminate(); });
  await waitFor('snapshots', () => live.of('snapshot').length && delayed.of('snapshot').length);
  assert.equal(live.of('hello')[0].protocol, 1);
  assert.equal(delayed.of('hello')[0].delayMs, 2000);
  assert.deepEqual(live.of('snapshot')[0].matches, []);

  // A resuming spectator: connected for a while, gone, back with its cursor.
  const first = spectate(feedUrl(host));
  await waitFor('first snapshot', () => first.of('snapshot').length);

  const watcher = new Agent('feed-watcher', { host });
  const player = new Agent('feed-player', { host });
  t.after(() => Promise.all([watcher.close(), player.close()]));
  await Promise.all([watcher.connect(), player.connect()]);
  const assignment = await joinAndFindMatch(player);
  const played = playSeat(player, assignment.matchId);

  await waitFor('a match to start', () => live.events().length > 0, { timeout: 60000 });
  const matchId = live.events()[0].matchId;
  await waitFor('some events', () => first.events().length > 20, { timeout: 60000 });
  const cursor = first.messages.filter((x) => 'cursor' in x.m).at(-1).m.cursor;
  const seen = first.events().map((e) => e.event.seq);
  first.ws.terminate();
  await new Promise((r) => setTimeout(r, 1500));
  const again = spectate(feedUrl(host, `cursor=${encodeURIComponent(cursor)}`));
  t.after(() => again.ws.terminate());

  await waitFor('the match to end', () => live.events().some((e) => e.event.type === 'GAME_ENDED'), { timeout: 240000 });
  await waitFor('the delayed spectator to catch up', () => delayed.events().some((e) => e.event.type === 'GAME_ENDED'), { timeout: 30000 });
  await waitFor('the resumed spectator to catch up', () => again.events().some((e) => e.event.type === 'GAME_ENDED'), { timeout: 30000 });

  // Every public event, once, in order — as the whole history gives it.
  const history = spectate(feedUrl(host, `match=${matchId}&history=full`));
  t.after(() => history.ws.terminate());
  await waitFor('history', () => history.of('snapshot').length);
  const all = history.of('snapshot')[0].matches[0].events.map((e) => e.seq);
  const liveSeqs = live.events().filter((e) => e.matchId === matchId).map((e) => e.event.seq);
  assert.deepEqual(liveSeqs, all);
  assert.deepEqual(delayed.events().filter((e) => e.matchId === matchId).map((e) => e.event.seq), all);

  // Resumed: no snapshot, no gap, no repeat.
  assert.equal(again.of('hello')[0].resumed, true);
  assert.equal(again.of('snapshot').length, 0);
  const joined = [...seen, ...again.events().filter((e) => e.matchId === matchId).map((e) => e.event.seq)];
  assert.deepEqual(joined, all);

  // The delay: each message reached the delayed spectator about 2 s after the live one.
  const liveAt = new Map(live.messages.filter((x) => x.m.cursor).map((x) => [x.m.cursor, x.at]));
  const lags = delayed.messages.filter((x) => x.m.type === 'event').map((x) => x.at - liveAt.get(x.m.cursor));
  assert.ok(lags.length > 50);
  assert.ok(Math.min(...lags) >= 1500, `a delayed message came ${Math.min(...lags)} ms after the live one`);

  // What MCP shows a spectator of the seed's event types is what the feed sent.
  const contract = new Set(['MATCH_CREATED', 'PHASE_CHANGED', 'PUBLIC_MESSAGE', 'VOTE_CAST', 'NIGHT_RESULT',
    'PLAYER_ELIMINATED', 'GAME_ENDED', 'NARRATOR']);
  await played;
  const viaMcp = (await allEvents(watcher, matchId)).map((e) => e.eventId);
  // (allEvents reads after MATCH_CREATED, seq 1.)
  const viaFeed = history.of('snapshot')[0].matches[0].events.filter((e) => contract.has(e.type) && e.seq > 1)
    .map((e) => e.eventId);
  assert.deepEqual(viaFeed, viaMcp);
  for (const e of history.of('snapshot')[0].matches[0].events) {
    assert.notEqual(e.type, 'WOLF_CHAT_MESSAGE');
    assert.notEqual(e.type, 'ROLE_CARD');
    assert.notEqual(e.type, 'SEER_INSPECTED');
  }
  host.assertAlive();
});

test('a page of another site cannot open the feed; bad parameters get a clear error', { timeout: 60000 }, async (t) => {
  const host = await startHost({});
  t.after(() => host.stop());
  const evil = spectate(feedUrl(host), { origin: 'http://evil.example' });
  await waitFor('refusal', () => evil.failed);
  assert.equal(evil.status, 403);
  const own = spectate(feedUrl(host), { origin: host.origin });
  await waitFor('snapshot', () => own.of('snapshot').length);
  own.ws.terminate();
  const bad = spectate(feedUrl(host, 'delay=later'));
  await waitFor('close', () => bad.closed !== null);
  assert.equal(bad.closed, 1008);
  assert.equal(bad.of('error')[0].code, 'bad_request');
  assert.match(bad.of('error')[0].message, /delay/);
  host.assertAlive();
});

test('--spectate-listen offers the feed and the overlay pages, never MCP, on another port', { timeout: 60000 }, async (t) => {
  const port = await freePort();
  const host = await startHost({ extra: ['--spectate-listen', `127.0.0.1:${port}`], bots: 8 });
  t.after(() => host.stop());
  await waitFor('the feed line', () => host.stderr().includes(`ws://127.0.0.1:${port}/spectate`));
  const s = spectate(`ws://127.0.0.1:${port}/spectate`);
  t.after(() => s.ws.terminate());
  await waitFor('snapshot', () => s.of('snapshot').length);
  // Not MCP: /mcp and the legacy paths on that port are unknown.
  for (const path of ['/mcp', '/mcp/underscore', '/messages']) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    assert.equal(res.status, 404, path);
  }
  // The overlay pages are there, for an OBS on that machine.
  const page = await fetch(`http://127.0.0.1:${port}/overlay/tally.html`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /feed\.js/);
  assert.match(host.stderr(), new RegExp(`http://127\\.0\\.0\\.1:${port}/overlay/`));
  // A page of another site is still refused there.
  const evil = spectate(`ws://127.0.0.1:${port}/spectate`, { origin: 'http://evil.example' });
  await waitFor('refusal', () => evil.failed);
  assert.equal(evil.status, 403);
  host.assertAlive();
});
