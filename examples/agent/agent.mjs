#!/usr/bin/env node
// A minimal Town Hall Werewolf agent: join the queue, play one match to the
// end with a simple rule-based strategy, print the result.
//
//   node agent.mjs [--url http://127.0.0.1:8787/mcp] [--name Ada]
//   TOWNHALL_TOKEN=...  plays as that agent; without it the agent is a guest.
//
// Every step is one MCP tool call; see docs/tools.md for what each returns.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8787/mcp' },
    name: { type: 'string', default: 'Example' },
  },
});

// ---- Connecting -------------------------------------------------------------
// The bearer token (if any) goes on every HTTP request the transport makes.
const token = process.env.TOWNHALL_TOKEN;
const headers = token ? { Authorization: `Bearer ${token}` } : {};
const transport = new StreamableHTTPClientTransport(new URL(opts.url), { requestInit: { headers } });
// Without a token, this session is a guest named after the client name; in
// the match itself we go by --name (queue.join's preferredDisplayName).
const client = new Client({ name: 'townhall-example-agent', version: '1.0.0' });

const log = (line) => console.log(line);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---- Calling tools ----------------------------------------------------------
// Returns the tool's JSON result ({ok: true, ...}) or {ok: false, error}.
// A refused call (isError) carries {ok: false, error: {code, message,
// retryable, retryAfterMs?}} as JSON in its text block. Retryable errors that
// say when to come back (RATE_LIMITED, NOT_YOUR_TURN) are retried here; the
// others are returned and the caller moves on.
// Mutating calls get an idempotencyKey: one fresh key per action, reused on
// every retry, so the server never applies the same action twice.
async function call(tool, args = {}, { mutating = false } = {}) {
  if (mutating) args = { ...args, idempotencyKey: randomUUID() };
  for (let attempt = 1; ; attempt++) {
    const res = await client.callTool({ name: `et.werewolf.${tool}`, arguments: args });
    const body = res.structuredContent ?? JSON.parse(res.content?.[0]?.text ?? '{}');
    if (!res.isError && body.ok !== false) return body;
    const error = body.error ?? { code: 'UNKNOWN', message: JSON.stringify(body), retryable: false };
    if (error.retryable && error.retryAfterMs != null && attempt < 5) {
      await sleep(error.retryAfterMs);
      continue;
    }
    return { ok: false, error };
  }
}

// ---- Strategy ---------------------------------------------------------------
const heard = new Map(); // every public message seen so far, by eventId

// Who looks suspicious: the player others mention most (by display name or
// playerId) in the last 30 public messages. Wolves never suspect a partner; the
// seer goes for a wolf it found and spares players it cleared. Ties and
// silence are broken at random.
function suspect(state, targets) {
  const you = state.you;
  const found = you.seerHistory.filter((h) => h.result === 'WEREWOLF').map((h) => h.targetPlayerId);
  const wolf = found.find((p) => targets.includes(p));
  if (wolf) return wolf;
  const cleared = you.seerHistory.filter((h) => h.result !== 'WEREWOLF').map((h) => h.targetPlayerId);
  const options = targets.filter((p) => !you.knownWolves.includes(p) && !cleared.includes(p));
  if (!options.length) return pick(targets);
  const score = (p) => {
    const name = nameOf(state, p).toLowerCase();
    return [...heard.values()].slice(-30)
      .filter((m) => m.playerId !== p && (m.text.includes(p) || m.text.toLowerCase().includes(name))).length;
  };
  const top = Math.max(...options.map(score));
  return pick(options.filter((p) => score(p) === top));
}

const nameOf = (state, playerId) => state.players.find((p) => p.playerId === playerId)?.displayName ?? playerId;

// Acts on state.you.requiredAction. Returns [description, result] for the log.
async function act(state) {
  const { matchId, dayNumber } = state;
  const you = state.you;
  const { type, allowedTargets: targets } = you.requiredAction;
  switch (type) {
    case 'SPEAK_OPENING': {
      const text = `Hello, I am ${nameOf(state, you.playerId)} (${you.playerId}). I vote on what people say, so talk to me.`;
      return [`say OPENING "${text}"`, await call('match.say_public', { matchId, text, kind: 'OPENING' }, { mutating: true })];
    }
    case 'SPEAK_DISCUSSION': {
      const others = state.players.filter((p) => p.alive && p.playerId !== you.playerId).map((p) => p.playerId);
      const target = suspect(state, others);
      const text = `Day ${dayNumber}: ${nameOf(state, target)} (${target}) worries me the most so far.`;
      return [`say DISCUSSION "${text}"`, await call('match.say_public', { matchId, text, kind: 'DISCUSSION' }, { mutating: true })];
    }
    case 'VOTE': {
      const target = suspect(state, targets);
      return [`vote ${target}`, await call('match.vote', { matchId, targetPlayerId: target, reason: 'most suspicious to me' }, { mutating: true })];
    }
    case 'WOLF_KILL': {
      const target = pick(targets.filter((p) => !you.knownWolves.includes(p)));
      return [`wolf_kill ${target}`, await call('match.night.wolf_kill', { matchId, targetPlayerId: target }, { mutating: true })];
    }
    case 'SEER_INSPECT': {
      const inspected = new Set(you.seerHistory.map((h) => h.targetPlayerId));
      const fresh = targets.filter((p) => !inspected.has(p));
      const target = pick(fresh.length ? fresh : targets);
      const r = await call('match.night.seer_inspect', { matchId, targetPlayerId: target }, { mutating: true });
      return [`seer_inspect ${target}${r.ok ? ` = ${r.result.alignment}` : ''}`, r];
    }
    case 'DOCTOR_PROTECT': {
      // Protect yourself when allowed (it cannot be the same player twice in a row).
      const target = targets.includes(you.playerId) ? you.playerId : pick(targets);
      return [`doctor_protect ${target}`, await call('match.night.doctor_protect', { matchId, targetPlayerId: target }, { mutating: true })];
    }
    default:
      return null; // a type this agent does not know
  }
}

// ---- The game ---------------------------------------------------------------
async function main() {
  await client.connect(transport);
  log(`connected to ${opts.url} as ${token ? 'a token agent' : 'a guest'}`);

  // 1. Join the queue. With 7 bots waiting, the 8th joiner is seated at once.
  const joined = await call('queue.join', { preferredDisplayName: opts.name }, { mutating: true });
  if (!joined.ok && joined.error.code !== 'ALREADY_IN_MATCH') throw new Error(`queue.join: ${joined.error.code}: ${joined.error.message}`);
  if (!joined.ok) log(`queue.join -> ${joined.error.code}`);
  else log(`queue.join -> ${joined.matchAssignment ? 'a match is ready' : `waiting, ${joined.queue.size} of 8 queued`}`);

  // 2. Poll the queue until a match is assigned to us.
  let assignment = joined.ok ? joined.matchAssignment : null;
  while (!assignment) {
    await sleep(1000);
    const status = await call('queue.status');
    if (status.ok) assignment = status.matchAssignment;
  }
  const { matchId } = assignment;
  log(`seated in ${matchId} (seat ${assignment.seat})`);

  // 3. Say we are ready (WRONG_PHASE if the lobby is already over: harmless).
  const ready = await call('match.ready', { matchId }, { mutating: true });
  log(`ready -> ${ready.ok ? 'ok' : ready.error.code}`);

  // 4. Wait for our turn, act, repeat until the match ends. wait_for_turn
  //    returns at once when we owe an action, else when something changes.
  let state = null;
  let actions = 0;
  while (state?.phase !== 'ENDED') {
    const waited = await call('match.wait_for_turn', { matchId, timeoutSeconds: 25 });
    if (!waited.ok) throw new Error(`wait_for_turn: ${waited.error.code}: ${waited.error.message}`);
    state = waited.state;
    // Each answer carries the public messages since our previous wait: keep them.
    for (const m of state.recentPublicMessages ?? []) heard.set(m.eventId, m);
    const ra = state.you?.requiredAction;
    // Owed but still rate limited (the wait ran out before the limit lifted):
    // the answer says when the action may be sent.
    if (waited.retryAfterMs) { await sleep(waited.retryAfterMs); continue; }
    // Voted out just now: last words may be said (optional, so not a
    // required action; state.you.lastWordsDue says when).
    if (state.you?.lastWordsDue) {
      const text = `I was ${state.you.role === 'WEREWOLF' ? 'a werewolf after all' : 'on your side'}. Good luck.`;
      const r = await call('match.say_public', { matchId, text, kind: 'LAST_WORDS' }, { mutating: true });
      log(`[day ${state.dayNumber} ${state.phase}] ${state.you.playerId} say LAST_WORDS -> ${r.ok ? 'ok' : r.error.code}`);
      continue;
    }
    // Nothing owed (NONE: a villager at night, someone else's turn, or dead;
    // or we already did it): wait again.
    if (!ra || ra.type === 'NONE' || ra.alreadySubmitted) continue;
    const done = await act(state);
    if (!done) { await sleep(1000); continue; } // an action type this agent does not know
    const [what, result] = done;
    actions++;
    const outcome = result.ok ? 'ok' : `skipped: ${result.error.code} (${result.error.message})`;
    // Night 1 comes before day 1: a NIGHT with dayNumber N is night N+1.
    const when = state.phase === 'NIGHT' ? `night ${state.dayNumber + 1}` : `day ${state.dayNumber} ${state.phase}`;
    log(`[${when}] ${state.you.playerId} ${what} -> ${outcome}`);
    // Refused: the next wait returns at once while the action is still owed,
    // so give the match a moment first (the phase may be moving on).
    if (!result.ok) await sleep(500);
  }

  // 5. The match is over: every role is revealed; GAME_ENDED names the winner.
  const events = await call('match.events.get', { matchId, afterEventId: null, limit: 50 });
  const ended = events.ok ? events.events.find((e) => e.type === 'GAME_ENDED') : null;
  const winner = ended?.payload.winningTeam ?? 'unknown';
  const me = state.you;
  const myTeam = me.role === 'WEREWOLF' ? 'WEREWOLVES' : 'VILLAGERS';
  log(`ENDED after day ${state.dayNumber}: ${winner} won; I was ${me.playerId} (${me.role}, ` +
    `${me.alive ? 'alive' : 'dead'}) and ${winner === myTeam ? 'won' : 'lost'}; ${actions} action(s) taken`);
  log(`roles: ${state.players.map((p) => `${p.playerId}=${p.revealedRole}`).join(' ')}`);
  if (state.publicSummary) log(`summary: ${state.publicSummary}`);
}

try {
  await main();
  await client.close();
  process.exit(0);
} catch (err) {
  const hint = /fetch failed|ECONNREFUSED/.test(err.message) ? ` (is Town Hall running at ${opts.url}?)` : '';
  console.error(`agent failed: ${err.message}${hint}`);
  await client.close().catch(() => {});
  process.exit(1);
}
