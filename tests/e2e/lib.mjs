// End-to-end helpers: start a headless Town Hall host, connect official MCP
// TypeScript SDK clients to it, play seats, and record everything each client
// received so the tests can check that nobody learnt what they were not
// entitled to.

import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));

// The SDK is installed by the test command (scripts/test.sh runs `npm ci` here).
// Say so clearly instead of failing with a module resolution error.
if (!existsSync(join(here, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'))) {
  throw new Error(
    `tests/e2e/node_modules is missing: run \`npm ci\` in ${here} (scripts/test.sh does it), then re-run the tests`);
}
const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
const { McpError } = await import('@modelcontextprotocol/sdk/types.js');
export { Client, StreamableHTTPClientTransport, SSEClientTransport, StdioClientTransport, McpError };

export const BIN = process.env.TOWNHALL_BIN;
if (!BIN || !existsSync(BIN)) {
  throw new Error(`TOWNHALL_BIN must point at the built townhall executable (got ${JSON.stringify(BIN)}); ` +
    'ctest sets it, or run: TOWNHALL_BIN=build/app/townhall node --test tests/e2e/');
}

export const TOOLS = [
  'queue.join', 'queue.leave', 'queue.status', 'matches.list', 'match.get_state', 'match.ready',
  'match.say_public', 'match.vote', 'match.night.wolf_chat', 'match.night.wolf_kill',
  'match.night.seer_inspect', 'match.night.doctor_protect', 'match.events.get', 'match.wait_for_turn',
  'match.night.witch_act', 'match.hunter_shoot',
];
export const dotted = (short) => `et.werewolf.${short}`;
export const underscored = (short) => `et_werewolf_${short.replaceAll('.', '_')}`;

/** A temporary directory removed by the returned cleanup. */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'townhall-e2e-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `townhall agent add NAME --db PATH` → the printed token. */
export async function addAgent(dbPath, name) {
  const stdout = await new Promise((resolve, reject) => {
    execFile(BIN, ['agent', 'add', name, '--db', dbPath], { timeout: 20000 }, (err, out, errOut) => {
      if (err) reject(new Error(`townhall agent add failed: ${err.message}\n${errOut}`));
      else resolve(out);
    });
  });
  const m = /^token (\S+)$/m.exec(stdout);
  assert.ok(m, `no token line in: ${stdout}`);
  return m[1];
}

/**
 * Starts `townhall --headless --port 0` and resolves once it printed its URL.
 * Options: db (default ':memory:'), speed (50), seed (1), bots, extra (more args).
 */
export async function startHost({ db = ':memory:', speed = 50, seed = 1, bots = 0, extra = [] } = {}) {
  const args = ['--headless', '--port', '0', '--db', db, '--speed', String(speed), '--seed', String(seed)];
  if (bots) args.push('--bots', String(bots));
  args.push(...extra);
  const proc = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (d) => { stderr = (stderr + d).slice(-64 * 1024); });
  const lines = createInterface({ input: proc.stdout });
  const exited = once(proc, 'exit');
  const first = await Promise.race([
    once(lines, 'line').then(([l]) => l),
    exited.then(([code, sig]) => { throw new Error(`townhall exited (${code ?? sig}) before printing its URL:\n${stderr}`); }),
    delay(20000, null, { ref: false }).then(() => { throw new Error(`townhall printed no URL within 20 s:\n${stderr}`); }),
  ]);
  lines.on('line', () => {});
  const url = new URL(first.trim());
  assert.equal(url.hostname, '127.0.0.1', `the advertised URL should be 127.0.0.1: ${first}`);
  assert.equal(url.pathname, '/mcp');
  let stopped = false;
  return {
    url: url.href,
    origin: url.origin,
    proc,
    stderr: () => stderr,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
    },
    /** The host must still be running (it must never crash under a test). */
    assertAlive() {
      assert.equal(proc.exitCode, null, `townhall exited with ${proc.exitCode}:\n${stderr}`);
      assert.equal(proc.signalCode, null, `townhall died of ${proc.signalCode}:\n${stderr}`);
    },
  };
}

/**
 * One MCP client, with a log of every tool result it received.
 * transport: 'http' (Streamable HTTP), 'sse' (legacy), 'stdio' (townhall mcp-stdio).
 * names: 'dotted' or 'underscore' (which form it calls tools by).
 */
export class Agent {
  constructor(name, { host, url, token, transport = 'http', names = 'dotted', path = '/mcp', fetch,
    protocolVersion, makeTransport } = {}) {
    this.name = name;
    this.url = url ?? host.url;
    this.base = new URL(this.url).origin;
    this.token = token;
    this.kind = transport;
    this.names = names;
    this.path = path;
    this.fetch = fetch;
    this.protocolVersion = protocolVersion;
    this.makeTransport = makeTransport; // () => an SDK transport built elsewhere (generated client configs)
    this.log = [];          // {tool, args, result} for every tool result received
    this.rateLimited = 0;   // RATE_LIMITED answers seen (and waited out)
    this.client = null;
    this.transport = null;
  }

  toolName(short) { return this.names === 'underscore' ? underscored(short) : dotted(short); }

  async connect() {
    const headers = this.token ? { Authorization: `Bearer ${this.token}` } : {};
    let fetchImpl = this.fetch;
    if (this.protocolVersion) {
      // The SDK always proposes its latest version; rewrite initialize to ask for an older one.
      const inner = fetchImpl ?? fetch;
      const version = this.protocolVersion;
      fetchImpl = async (input, init) => {
        if (init?.method === 'POST' && typeof init.body === 'string' && init.body.includes('"initialize"')) {
          const msg = JSON.parse(init.body);
          if (msg.method === 'initialize') {
            msg.params.protocolVersion = version;
            init = { ...init, body: JSON.stringify(msg) };
          }
        }
        return inner(input, init);
      };
    }
    if (this.makeTransport) {
      this.transport = this.makeTransport();
    } else if (this.kind === 'http') {
      this.transport = new StreamableHTTPClientTransport(new URL(this.path, this.base),
        { requestInit: { headers }, fetch: fetchImpl });
    } else if (this.kind === 'sse') {
      this.transport = new SSEClientTransport(new URL('/sse', this.base), { requestInit: { headers } });
    } else if (this.kind === 'stdio') {
      const args = ['mcp-stdio', '--url', new URL(this.path, this.base).href];
      if (this.token) args.push('--token', this.token);
      this.transport = new StdioClientTransport({ command: BIN, args, stderr: 'pipe' });
    } else {
      throw new Error(`unknown transport ${this.kind}`);
    }
    this.client = new Client({ name: this.name, version: '1.0.0' });
    await this.client.connect(this.transport);
    // Listing the tools also makes the SDK validate every structuredContent
    // against its outputSchema from now on (it caches the validators).
    this.tools = (await this.client.listTools()).tools;
    return this;
  }

  async close() {
    try { await this.client?.close(); } catch { /* already gone */ }
  }

  /**
   * Calls a tool by its short name ('match.vote'). Returns the parsed envelope:
   * structuredContent on success, the error envelope (from the text block) on
   * isError. Waits out RATE_LIMITED answers (retryAfterMs) unless told not to.
   */
  async call(short, args = {}, { retryRateLimited = true, timeout = 60000 } = {}) {
    for (;;) {
      const raw = await this.client.callTool({ name: this.toolName(short), arguments: args }, undefined, { timeout });
      const result = parseResult(raw);
      this.log.push({ tool: short, args, result });
      if (retryRateLimited && !result.ok && result.error.code === 'RATE_LIMITED') {
        assert.equal(result.error.retryable, true);
        assert.ok(Number.isInteger(result.error.retryAfterMs) && result.error.retryAfterMs > 0,
          `RATE_LIMITED without retryAfterMs: ${JSON.stringify(result.error)}`);
        ++this.rateLimited;
        await delay(result.error.retryAfterMs);
        continue;
      }
      return result;
    }
  }
}

/** The envelope of a CallToolResult, checking the rules of docs/tools.md on the way. */
export function parseResult(raw) {
  assert.ok(Array.isArray(raw.content) && raw.content.length >= 1, `no content: ${JSON.stringify(raw)}`);
  assert.equal(raw.content[0].type, 'text');
  const text = JSON.parse(raw.content[0].text);
  if (raw.isError) {
    assert.equal(raw.structuredContent, undefined, 'errors carry no structuredContent');
    assert.equal(text.ok, false);
    assert.equal(typeof text.error.code, 'string');
    assert.equal(typeof text.error.message, 'string');
    assert.equal(typeof text.error.retryable, 'boolean');
    return text;
  }
  assert.ok(raw.structuredContent, `success without structuredContent: ${JSON.stringify(raw)}`);
  assert.deepEqual(text, raw.structuredContent, 'the text block must be the structuredContent');
  assert.equal(raw.structuredContent.ok, true);
  assert.equal(raw.structuredContent.error, null);
  return raw.structuredContent;
}

/** Waits for a condition, polling every `step` ms, up to `timeout` ms. */
export async function waitFor(what, fn, { timeout = 30000, step = 50 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(step);
  }
}

/** Joins the queue (if not yet) and waits for a match assignment. */
export async function joinAndFindMatch(agent, { idempotencyKey } = {}) {
  const args = { preferredDisplayName: agent.name.slice(0, 32) };
  if (idempotencyKey) args.idempotencyKey = idempotencyKey;
  const joined = await agent.call('queue.join', args);
  assert.equal(joined.ok, true, `join failed: ${JSON.stringify(joined)}`);
  if (joined.matchAssignment) return joined.matchAssignment;
  return waitFor(`${agent.name}'s match assignment`, async () => {
    const s = await agent.call('queue.status', {});
    assert.equal(s.ok, true);
    return s.matchAssignment;
  }, { timeout: 60000, step: 100 });
}

/**
 * Plays one seat to ENDED through the tools only: wait_for_turn for changes,
 * then whatever state.you.requiredAction asks for. Returns the final state.
 * hooks.onState(state) runs on every state the agent received (for tests
 * that want to act at a given moment); return 'stop' to stop playing.
 */
export async function playSeat(agent, matchId, hooks = {}) {
  const ready = await agent.call('match.ready', { matchId });
  assert.ok(ready.ok || ready.error.code === 'WRONG_PHASE', `ready: ${JSON.stringify(ready)}`);
  let state = (await agent.call('match.get_state', { matchId })).state;
  let spokeOn = -1;
  let chattedOn = -1;
  let cursor = null;
  const deadline = Date.now() + 240000;
  while (state.phase !== 'ENDED') {
    assert.ok(Date.now() < deadline, `${agent.name}: match ${matchId} did not end in time (phase ${state.phase})`);
    if (hooks.onState && (await hooks.onState(state)) === 'stop') return state;
    const you = state.you;
    const ra = you?.requiredAction;
    if (ra && ra.type !== 'NONE' && !ra.alreadySubmitted) {
      await act(agent, state, { spokeOn, chattedOn });
      if (ra.type === 'SPEAK_DISCUSSION') spokeOn = state.dayNumber;
      if (ra.type === 'WOLF_KILL') chattedOn = state.dayNumber;
    }
    // Catch up on the events (this is what the leak checks read).
    const ev = await agent.call('match.events.get', { matchId, afterEventId: cursor, limit: 200 });
    if (ev.ok && ev.events.length) cursor = ev.events.at(-1).eventId;
    const w = await agent.call('match.wait_for_turn', { matchId, timeoutSeconds: 2 });
    assert.equal(w.ok, true, `wait_for_turn: ${JSON.stringify(w)}`);
    state = w.state;
  }
  return state;
}

function pick(list, salt) {
  if (!list.length) return null;
  return list[Math.abs(salt) % list.length];
}

async function act(agent, state, { spokeOn, chattedOn }) {
  const { matchId, dayNumber } = state;
  const you = state.you;
  const ra = you.requiredAction;
  const targets = ra.allowedTargets;
  const seat = Number(you.playerId.slice(2));
  let r;
  switch (ra.type) {
  case 'WOLF_KILL':
    if (chattedOn !== dayNumber) {
      r = await agent.call('match.night.wolf_chat', { matchId, text: `Night ${dayNumber}: let us take ${targets[0]}.` });
      assert.ok(r.ok || ['WRONG_PHASE', 'RATE_LIMITED'].includes(r.error.code), JSON.stringify(r));
    }
    r = await agent.call('match.night.wolf_kill', { matchId, targetPlayerId: targets[0] });
    break;
  case 'SEER_INSPECT': {
    const known = new Set(you.seerHistory.map((h) => h.targetPlayerId));
    const fresh = targets.filter((t) => !known.has(t));
    r = await agent.call('match.night.seer_inspect', { matchId, targetPlayerId: pick(fresh.length ? fresh : targets, seat + dayNumber) });
    break;
  }
  case 'DOCTOR_PROTECT':
    r = await agent.call('match.night.doctor_protect', { matchId, targetPlayerId: pick(targets, seat * 3 + dayNumber) });
    break;
  case 'SPEAK_OPENING':
    r = await agent.call('match.say_public', { matchId, text: `Good morning, I am ${you.playerId}.`, kind: 'OPENING' });
    // A turn is short at test speeds: when it ran out meanwhile the discussion
    // has begun, and an OPENING no longer fits (INVALID_KIND says so).
    if (!r.ok && r.error.code === 'INVALID_KIND' && /openings are over/.test(r.error.message)) return;
    break;
  case 'SPEAK_DISCUSSION':
    if (spokeOn === dayNumber) return;
    for (let tries = 0; tries < 5; tries++) {
      // Right after an opening the chat limit may still run: wait it out, as a client should.
      r = await agent.call('match.say_public', { matchId, text: `Day ${dayNumber}: I suspect ${targets[0] ?? 'nobody'} less than the quiet ones.`, kind: 'DISCUSSION' });
      if (r.ok || r.error.code !== 'RATE_LIMITED') break;
      await delay(r.error.retryAfterMs ?? 500);
    }
    break;
  case 'VOTE': {
    // Converge so the match moves on: wolves spare wolves, the seer votes a wolf it found.
    const wolves = new Set(you.knownWolves);
    const found = you.seerHistory.filter((h) => h.result === 'WEREWOLF').map((h) => h.targetPlayerId);
    const options = targets.filter((t) => !wolves.has(t));
    const target = found.find((t) => targets.includes(t)) ?? options[0] ?? targets[0];
    r = await agent.call('match.vote', { matchId, targetPlayerId: target, reason: 'e2e strategy' });
    break;
  }
  default:
    return;
  }
  // The phase can move on between reading the state and acting (the vote can
  // end and eliminate this player meanwhile); anything else is a bug.
  assert.ok(r.ok || ['WRONG_PHASE', 'NOT_YOUR_TURN', 'ALREADY_SPOKE', 'MATCH_ENDED', 'RATE_LIMITED', 'INVALID_TARGET', 'PLAYER_DEAD'].includes(r.error.code),
    `${agent.name} ${ra.type}: ${JSON.stringify(r)}`);
}

/** Every state object a client received (get_state and wait_for_turn results). */
export function statesOf(agent) {
  return agent.log.filter((e) => e.result.ok && e.result.state).map((e) => e.result.state);
}

/** Every event a client received (events.get results). */
export function eventsOf(agent) {
  return agent.log.filter((e) => e.result.ok && Array.isArray(e.result.events)).flatMap((e) => e.result.events);
}

/**
 * Checks that `agent` (seated as `playerId`, or a spectator when null) never
 * received anything it was not entitled to. `roles` maps playerId → role.
 */
export function assertEntitled(agent, playerId, roles) {
  const myRole = playerId ? roles[playerId] : null;
  const wolves = Object.keys(roles).filter((p) => roles[p] === 'WEREWOLF').sort();
  for (const s of statesOf(agent)) {
    for (const p of s.players) {
      if (s.phase !== 'ENDED' && p.alive) {
        assert.equal(p.revealedRole, null, `${agent.name} saw the role of living ${p.playerId} in ${s.phase}`);
      }
      if (p.revealedRole !== null) assert.equal(p.revealedRole, roles[p.playerId], `${agent.name}: revealed role of ${p.playerId}`);
    }
    if (!playerId) {
      assert.equal(s.you, null, `spectator ${agent.name} got a 'you'`);
      continue;
    }
    assert.ok(s.you, `${agent.name} got no 'you' in its own match`);
    assert.equal(s.you.playerId, playerId);
    assert.equal(s.you.role, myRole);
    if (myRole === 'WEREWOLF') {
      assert.deepEqual([...s.you.knownWolves].sort(), wolves, `${agent.name}: knownWolves`);
    } else {
      assert.deepEqual(s.you.knownWolves, [], `${agent.name} (${myRole}) saw knownWolves`);
    }
    if (myRole !== 'SEER') assert.deepEqual(s.you.seerHistory, [], `${agent.name} (${myRole}) saw seerHistory`);
    for (const h of s.you.seerHistory) {
      assert.equal(h.result, roles[h.targetPlayerId] === 'WEREWOLF' ? 'WEREWOLF' : 'NOT_WEREWOLF');
    }
  }
  for (const e of eventsOf(agent)) {
    if (!playerId) assert.equal(e.visibility, 'PUBLIC', `spectator ${agent.name} got ${e.type} (${e.visibility})`);
    if (e.type === 'WOLF_CHAT_MESSAGE') {
      assert.equal(myRole, 'WEREWOLF', `${agent.name} (${myRole ?? 'spectator'}) got wolf chat ${JSON.stringify(e)}`);
    }
    if (e.visibility === 'PRIVATE') {
      assert.equal(e.type, 'WOLF_CHAT_MESSAGE', `unexpected private event type ${e.type} for ${agent.name}`);
    }
  }
  // Nothing secret anywhere in the raw results before the end.
  for (const { tool, result } of agent.log) {
    const text = JSON.stringify(result);
    assert.ok(!/"seed"/.test(text), `${agent.name}: a seed leaked through ${tool}`);
    if (!result.ok || !result.state || result.state.phase === 'ENDED') continue;
    assert.ok(!/"roles"\s*:/.test(text), `${agent.name}: a roles map leaked through ${tool} before the end`);
  }
}

/** The roles of everyone, from the ENDED state (all roles are revealed then). */
export function rolesFromEnded(state) {
  assert.equal(state.phase, 'ENDED');
  const roles = {};
  for (const p of state.players) {
    assert.ok(p.revealedRole, `role of ${p.playerId} not revealed at ENDED`);
    roles[p.playerId] = p.revealedRole;
  }
  return roles;
}

/** Who should have won, from the roles and the survivors at the end. */
export function expectedWinner(state, roles) {
  const alive = state.players.filter((p) => p.alive);
  const wolvesAlive = alive.filter((p) => roles[p.playerId] === 'WEREWOLF').length;
  if (wolvesAlive === 0) return 'VILLAGERS';
  assert.ok(wolvesAlive >= alive.length - wolvesAlive, `match ended with ${wolvesAlive} wolves among ${alive.length} alive`);
  return 'WEREWOLVES';
}

/**
 * All events of a match after its first one (MATCH_CREATED), as `agent` sees
 * them. (An afterEventId must name an event of the match, and null returns the
 * most recent ones, so paging forward starts after event 1.)
 */
export async function allEvents(agent, matchId) {
  const out = [];
  let after = `${matchId}:00000001`;
  for (;;) {
    const r = await agent.call('match.events.get', { matchId, afterEventId: after, limit: 200 });
    assert.equal(r.ok, true, JSON.stringify(r));
    out.push(...r.events);
    if (r.events.length < 200) return out;
    after = r.events.at(-1).eventId;
  }
}

/**
 * Starts tests/host/providers/scripted_provider (its path in
 * TOWNHALL_SCRIPTED_PROVIDER; ctest sets it), a model server that plays
 * Werewolf legally, and resolves with its base URL (its first stdout line).
 * It runs until stop() closes its stdin.
 */
export async function startScriptedProvider(args = []) {
  const bin = process.env.TOWNHALL_SCRIPTED_PROVIDER;
  if (!bin || !existsSync(bin)) {
    throw new Error(`TOWNHALL_SCRIPTED_PROVIDER must point at the built scripted_provider (got ${JSON.stringify(bin)}); ` +
      'ctest sets it, or run: TOWNHALL_SCRIPTED_PROVIDER=build/tests/host/providers/scripted_provider node --test ...');
  }
  const proc = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
  const exited = once(proc, 'exit');
  const lines = createInterface({ input: proc.stdout });
  const baseUrl = await Promise.race([
    once(lines, 'line').then(([l]) => l.trim()),
    exited.then(([code, sig]) => { throw new Error(`scripted_provider exited (${code ?? sig}):\n${stderr}`); }),
    delay(20000, null, { ref: false }).then(() => { throw new Error(`scripted_provider printed no URL:\n${stderr}`); }),
  ]);
  return {
    baseUrl,
    proc,
    stderr: () => stderr,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.stdin.end();
      const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Runs `townhall ARGS…` to its end; resolves with its stdout and stderr, rejects when it fails. */
export function runTownhall(args, { timeout = 30000 } = {}) {
  return new Promise((resolve, reject) => {
    execFile(BIN, args, { timeout, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`townhall ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** Every file under `dir` (recursively) whose bytes contain `needle`. */
export function filesContaining(dir, needle) {
  const found = [];
  const bytes = Buffer.from(needle);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (readFileSync(path).includes(bytes)) found.push(path);
  }
  return found;
}

// ---------------------------------------------------------------- tournaments

/** Everything the commands write goes under the temporary directory. */
export function isolate(dir) {
  for (const v of ['XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) {
    process.env[v] = join(dir, v.toLowerCase());
    mkdirSync(process.env[v], { recursive: true });
  }
}

/**
 * Starts `townhall tournament run FILE …` and resolves once it printed the
 * MCP URL (a line `mcp: URL` on stderr: stdout holds the report alone).
 * stdout and stderr are kept; `exited` resolves with {code, signal}.
 */
export async function startTournament(args) {
  const proc = spawn(BIN, ['tournament', 'run', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let rest = '';
  let url = null;
  let found = null;
  const first = new Promise((resolve) => { found = resolve; });
  proc.stderr.setEncoding('utf8').on('data', (d) => {
    stderr = (stderr + d).slice(-256 * 1024);
    const m = url === null && /^mcp: (\S+)$/m.exec(stderr);
    if (m) { url = m[1]; found(url); }
  });
  const lines = createInterface({ input: proc.stdout });
  const exited = once(proc, 'close').then(([code, signal]) => ({ code, signal }));
  lines.on('line', (l) => { rest += `${l}\n`; });
  await Promise.race([
    first,
    exited.then(({ code, signal }) => {
      throw new Error(`townhall tournament run exited (${code ?? signal}) before printing its URL:\n${stderr}`);
    }),
    delay(30000, null, { ref: false }).then(() => {
      throw new Error(`townhall tournament run printed no URL within 30 s:\n${stderr}`);
    }),
  ]);
  let done = null;
  exited.then((r) => { done = r; });
  return {
    url: new URL(url),
    proc,
    exited,
    done: () => done,
    report: () => rest,
    stderr: () => stderr,
    stop: () => stopProcess(proc, exited),
  };
}

/** SIGTERM, then SIGKILL after 5 s; resolves once `exited` (the process's exit promise) has. */
export async function stopProcess(proc, exited) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

// ---------------------------------------------------------------- phone pages

/**
 * Headless Chromium for the players' pages (puppeteer-core, loaded here only:
 * the MCP tests do not need it). TOWNHALL_CHROMIUM names another binary.
 */
export async function launchPhoneBrowser() {
  const chromium = process.env.TOWNHALL_CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`no Chromium at ${chromium}: install the Debian package \`chromium\` ` +
      '(scripts/bootstrap.sh does it) or point TOWNHALL_CHROMIUM at a Chrome or Chromium binary');
  }
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--lang=en-US', '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding'],
  });
}

/**
 * One phone: a page at a phone's size on a join link, with every document its
 * WebSocket received (`frames`, the last parsed as `last`), the phases it saw
 * and how long each document took from the host's clock to the browser.
 */
export async function openPhone(browser, join, name) {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const phone = { page, name, url: join.url, frames: [], doms: [], last: null, acted: new Set(), actions: 0,
    phases: [], latencies: [] };
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketFrameReceived', ({ response }) => {
    phone.frames.push(response.payloadData);
    try { phone.last = JSON.parse(response.payloadData); } catch { return; /* checked by the tests */ }
    // Built on the host right after a commit; seen here once the browser has it.
    if (phone.last.serverTime) phone.latencies.push(Date.now() - Date.parse(phone.last.serverTime));
    const at = `${phone.last.state?.phase}/${phone.last.state?.dayNumber}`;
    if (phone.phases.at(-1) !== at) phone.phases.push(at);
  });
  const res = await page.goto(join.url, { waitUntil: 'load' });
  assert.equal(res.status(), 200);
  await waitFor(`${name}'s first document`, () => phone.last !== null, { timeout: 10000 });
  return phone;
}

/**
 * One click (a speech typed first) on whatever the phase asks of this page,
 * once per thing asked in each match; true when it clicked.
 */
export async function clickAction(phone) {
  const d = phone.last;
  if (!d?.state) return false;
  const st = d.state;
  const ra = st.you?.requiredAction;
  const key = JSON.stringify([d.matchId, st.phase, st.dayNumber, ra?.type, st.you?.lastWordsDue]);
  if (phone.acted.has(key)) return false;
  const speech = await phone.page.$('[data-speech]');
  if (speech) {
    await speech.type(`${phone.name} speaks on day ${st.dayNumber}.`);
    const kind = await phone.page.$eval('[data-speech]', (e) => e.getAttribute('data-speech'));
    await phone.page.click(`button[data-act="${kind}"]`);
  } else {
    const buttons = await phone.page.$$('#action button[data-act]');
    if (!buttons.length) return false;
    await buttons[0].click();
  }
  phone.acted.add(key);
  phone.actions += 1;
  return true;
}
