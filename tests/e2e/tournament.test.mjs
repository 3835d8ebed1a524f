// Issue 20, "Tournaments": a tournament mixing built-in bots, scripted model
// seats and an external SDK agent runs to its report.
//
// `townhall tournament run FILE` plays a live tournament through a host of
// its own: it prints the MCP URL first, seats every scheduled match in the
// queue "tournament-tN" and waits there for the registered MCP agent, which
// must join that queue itself. The official-SDK client here joins, plays its
// seat to the end and joins again until the command has printed its report
// and exited. Then the stored report, the tournament list and the agent's
// assignments must agree on three played matches. A second case checks that
// a bad tournament file is refused before anything is created.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  Agent, BIN, addAgent, isolate, playSeat, runTownhall, startScriptedProvider, startTournament, tempDir,
} from './lib.mjs';

const KEY_ENV = 'TOWNHALL_E2E_TOURNAMENT_KEY';
const MATCHES = 3;

/** `townhall ARGS…` to its end, whatever its exit code: {code, signal, stdout, stderr}. */
async function runRaw(args, { timeout = 30000 } = {}) {
  const proc = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
  proc.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
  const killer = setTimeout(() => proc.kill('SIGKILL'), timeout);
  const [code, signal] = await once(proc, 'close');
  clearTimeout(killer);
  return { code, signal, stdout, stderr };
}

/**
 * Joins `queueId` and waits for an assignment to a match not in `seen`, or
 * for the tournament command to exit (then null). queue.status answers with
 * the agent's active assignment whatever the queue, so an old match is
 * skipped by its id.
 */
async function joinAndAwaitNewMatch(agent, queueId, seen, cli) {
  let joined;
  try {
    joined = await agent.call('queue.join', { queueId, preferredDisplayName: agent.name.slice(0, 32) });
  } catch (e) {
    if (cli.done()) return null;  // the command ended meanwhile: no more matches
    throw e;
  }
  if (!joined.ok && cli.done()) return null;
  assert.equal(joined.ok, true, `queue.join ${queueId}: ${JSON.stringify(joined)}`);
  assert.equal(joined.queue.queueId, queueId);
  if (joined.matchAssignment && !seen.has(joined.matchAssignment.matchId)) return joined.matchAssignment;
  const deadline = Date.now() + 180000;
  for (;;) {
    if (cli.done()) return null;
    assert.ok(Date.now() < deadline, `no assignment in ${queueId} within 180 s\n--- stderr\n${cli.stderr()}`);
    let s;
    try {
      s = await agent.call('queue.status', { queueId });
    } catch (e) {
      if (cli.done()) return null;
      // The command may be on its way out: give it a moment to finish.
      await Promise.race([cli.exited, delay(3000, null, { ref: false })]);
      if (cli.done()) return null;
      throw e;
    }
    assert.equal(s.ok, true, `queue.status: ${JSON.stringify(s)}`);
    if (s.matchAssignment && !seen.has(s.matchAssignment.matchId)) return s.matchAssignment;
    await delay(150);
  }
}

test('a tournament of bots, two model participants and an SDK agent runs to its report',
  { timeout: 560000 }, async (t) => {
    const tmp = tempDir();
    t.after(() => tmp.cleanup());
    isolate(tmp.dir);
    process.env[KEY_ENV] = 'sk-e2e-tournament-key';  // the command and the provider inherit it

    const db = join(tmp.dir, 'townhall.db');
    const token = await addAgent(db, 'sdk');
    const provider = await startScriptedProvider(['--key-env', KEY_ENV]);
    t.after(() => provider.stop());

    const file = join(tmp.dir, 'tournament.json');
    writeFileSync(file, JSON.stringify({
      name: 'e2e mixed',
      rules: 'classic',
      matches: MATCHES,
      seed: 11,
      timers: 'standard',
      providers: { scripted: { kind: 'openai', baseUrl: provider.baseUrl, model: 'test-model', apiKeyEnv: KEY_ENV } },
      participants: [
        { id: 'mine', agent: 'sdk' },
        { id: 'model', provider: 'scripted' },
        { id: 'model2', provider: 'scripted', model: 'other-model' },
        { id: 'bots', bot: true, seats: 'rest' },
      ],
    }));

    const started = Date.now();
    const cli = await startTournament([file, '--db', db, '--port', '0', '--speed', '20', '--parallel', '1']);
    t.after(() => cli.stop());
    assert.equal(cli.url.hostname, '127.0.0.1', `the MCP URL: ${cli.url.href}`);
    assert.equal(cli.url.pathname, '/mcp');

    const agent = new Agent('Sdk Tourist', { url: cli.url.href, token });
    t.after(() => agent.close());
    await agent.connect();

    // The command says which queue the agent must join; wait for that line.
    const announced = await (async () => {
      const end = Date.now() + 20000;
      for (;;) {
        const m = /tournament (t\d+): agent sdk joins queue "([^"]+)" at (\S+)/.exec(cli.stderr());
        if (m) return m;
        assert.ok(Date.now() < end && !cli.done(), `no queue announcement on stderr:\n${cli.stderr()}`);
        await delay(100);
      }
    })();
    const [, tid, queueId, announcedUrl] = announced;
    assert.equal(tid, 't1');
    assert.equal(queueId, 'tournament-t1');
    assert.equal(announcedUrl, cli.url.href);

    // Join, play, join again … until the command has exited.
    const assignments = [];
    const seen = new Set();
    const endings = [];
    for (;;) {
      const a = await joinAndAwaitNewMatch(agent, queueId, seen, cli);
      if (!a) break;
      assert.ok(assignments.length < MATCHES, `a match beyond the ${MATCHES} scheduled: ${JSON.stringify(a)}`);
      assignments.push(a);
      seen.add(a.matchId);
      const final = await playSeat(agent, a.matchId);
      assert.equal(final.phase, 'ENDED');
      endings.push({ matchId: a.matchId, seat: a.seat, role: final.you?.role ?? null, days: final.dayNumber });
      if (assignments.length === MATCHES) {
        // The last match is over: the command prints its report and exits.
        await Promise.race([cli.exited, delay(60000, null, { ref: false })]);
        break;
      }
    }
    await agent.close();
    const result = await Promise.race([
      cli.exited,
      delay(60000, null, { ref: false }).then(() => ({ code: 'still running after 60 s', signal: null })),
    ]);
    const context = `--- tournament stderr\n${cli.stderr().slice(-8000)}\n--- provider stderr\n${provider.stderr().slice(-2000)}`;
    assert.deepEqual(result, { code: 0, signal: null }, `townhall tournament run ended badly\n${context}`);
    const seconds = (Date.now() - started) / 1000;

    // Exactly three assignments, to three different matches.
    assert.equal(assignments.length, MATCHES, `assignments: ${JSON.stringify(assignments)}\n${context}`);
    assert.equal(new Set(assignments.map((a) => a.matchId)).size, MATCHES, JSON.stringify(assignments));

    // The markdown report on stdout names every participant.
    const md = cli.report();
    for (const id of ['mine', 'model', 'model2', 'bots']) {
      assert.ok(new RegExp(`\\b${id}\\b`).test(md), `the report does not name ${id}:\n${md}`);
    }

    // The stored report.
    const { stdout: reportText } = await runTownhall(['tournament', 'report', 't1', '--db', db, '--format', 'json']);
    const report = JSON.parse(reportText);
    assert.equal(report.tournamentId, 't1');
    assert.equal(report.scheduled, MATCHES);
    assert.equal(report.played, MATCHES, reportText);
    assert.equal(report.counted + report.voided + report.forfeited, MATCHES, reportText);
    assert.deepEqual([...report.matchIds].sort(), assignments.map((a) => a.matchId).sort(),
      'the report\'s matches are the ones the agent played');
    const byId = Object.fromEntries(report.participants.map((p) => [p.participantId, p]));
    assert.deepEqual(Object.keys(byId).sort(), ['bots', 'mine', 'model', 'model2']);
    assert.equal(byId.mine.kind, 'agent');
    const games = Object.fromEntries(Object.entries(byId).map(([id, p]) => [id, p.overall.games]));
    assert.deepEqual(games, { mine: MATCHES, model: MATCHES, model2: MATCHES, bots: 5 * MATCHES },
      `overall games per participant (counted ${report.counted}, voided ${report.voided}, ` +
      `forfeited ${report.forfeited})`);

    // The model seats were played by the model server, not by stand-ins alone.
    const providerCalls = report.participants.reduce((n, p) => n + p.providerCalls, 0);
    assert.ok(providerCalls > 0, `no provider calls in the report:\n${reportText}`);

    // Who played what. The agent knows its role in every match; the report
    // must credit "mine" with exactly those roles, and the model seats'
    // provider calls to the model participants only. (The host seats a
    // waiting MCP agent first, so the stored match row records the seats as
    // they were taken; this caught the report reading them in schedule order.)
    const playedRoles = {};
    for (const e of endings) playedRoles[e.role] = (playedRoles[e.role] ?? 0) + 1;
    const creditedRoles = Object.fromEntries(byId.mine.roles.filter((r) => r.games > 0).map((r) => [r.role, r.games]));
    await t.test('the report credits each seat to the participant who played it', () => {
      assert.deepEqual(creditedRoles, playedRoles, 'roles the report credits to "mine" vs the roles the agent played');
      assert.equal(byId.mine.providerCalls, 0, 'provider calls credited to the SDK agent');
      assert.equal(byId.bots.providerCalls, 0, 'provider calls credited to the bots');
      for (const id of ['model', 'model2']) assert.ok(byId[id].providerCalls > 0, `${id} credited with no provider calls`);
    });

    // The list.
    const { stdout: list } = await runTownhall(['tournament', 'list', '--db', db]);
    const row = list.split('\n').find((l) => l.startsWith('t1\t'));
    assert.ok(row, `t1 is not listed:\n${list}`);
    assert.match(row, /^t1\tFINISHED\t3\/3 matches\t/);

    t.diagnostic(`${MATCHES} matches in ${seconds.toFixed(1)} s; ` +
      `endings ${JSON.stringify(endings)}; counted ${report.counted}, voided ${report.voided}, ` +
      `forfeited ${report.forfeited}; agent played ${JSON.stringify(playedRoles)}, report credits mine with ` +
      `${JSON.stringify(creditedRoles)}; provider calls ${Object.entries(byId).map(([id, p]) => `${id} ${p.providerCalls}`).join(', ')}; ` +
      `${agent.log.length} SDK calls`);
  });

test('a bad tournament file is refused with exit 2 and creates no tournament', { timeout: 120000 }, async (t) => {
  const tmp = tempDir();
  t.after(() => tmp.cleanup());
  isolate(tmp.dir);
  const db = join(tmp.dir, 'townhall.db');
  await addAgent(db, 'sdk');  // the database exists, so `list` can read it

  const base = {
    rules: 'classic',
    matches: 3,
    timers: 'standard',
    providers: { scripted: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'test-model' } },
  };
  const cases = [
    {
      what: 'an unknown provider',
      participants: [
        { id: 'mine', agent: 'sdk' },
        { id: 'model', provider: 'nowhere' },
        { id: 'bots', bot: true, seats: 'rest' },
      ],
      expect: /participants\[1\]\.provider: unknown provider "nowhere"/,
    },
    {
      what: 'a participant of two kinds',
      participants: [
        { id: 'mine', agent: 'sdk', bot: true },
        { id: 'bots', bot: true, seats: 'rest' },
      ],
      expect: /participants\[0\]: must be exactly one of/,
    },
  ];
  for (const c of cases) {
    const file = join(tmp.dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...base, participants: c.participants }));
    const r = await runRaw(['tournament', 'run', file, '--db', db, '--port', '0', '--speed', '20']);
    assert.equal(r.code, 2, `${c.what}: exit ${r.code ?? r.signal}\n${r.stderr}`);
    assert.match(r.stderr, c.expect, `${c.what}: the message should name the field`);
    assert.ok(r.stderr.includes(file), `${c.what}: the message should name the file:\n${r.stderr}`);
    assert.equal(r.stdout, '', `${c.what}: nothing on stdout (no URL, no report)`);
  }
  const { stdout: list } = await runTownhall(['tournament', 'list', '--db', db]);
  assert.equal(list, '', `no tournament should have been created:\n${list}`);
});
