// A mixed table: six model seats played by the host against a scripted model
// server (scripted_provider, which plays legally and insists on its key), one
// built-in bot from the seats file, and one official-SDK client, in a
// headless host with --timers models. The match must end, the model seats
// must have spoken in the host's narration, nothing a model thought may reach
// the SDK client, and the model key must appear nowhere the host writes or
// prints: not in its output, not in any file of its data directory, not in
// `townhall export` or `townhall calls`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Agent, allEvents, filesContaining, joinAndFindMatch, playSeat, rolesFromEnded, runTownhall, startHost,
  startScriptedProvider, tempDir,
} from './lib.mjs';

const KEY_ENV = 'TOWNHALL_E2E_MODEL_KEY';
const MODEL_SEATS = ['Ada', 'Bram', 'Cora', 'Dov', 'Eli', 'Fen'];

test('six model seats, a bot and an SDK client play a match; no thought and no key escapes',
  { timeout: 280000 }, async (t) => {
    const tmp = tempDir();
    t.after(() => tmp.cleanup());
    // Everything the host and the commands write goes under the temporary
    // directory, so "every file" is every file there.
    for (const v of ['XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) {
      process.env[v] = join(tmp.dir, v.toLowerCase());
      mkdirSync(process.env[v]);
    }
    const key = `sk-e2e-SECRET-${randomBytes(16).toString('hex')}`;
    process.env[KEY_ENV] = key;  // the host and the provider inherit it

    const provider = await startScriptedProvider(['--key-env', KEY_ENV]);
    t.after(() => provider.stop());
    const seatsFile = join(tmp.dir, 'seats.json');
    writeFileSync(seatsFile, JSON.stringify({
      providers: { scripted: { kind: 'openai', baseUrl: provider.baseUrl, model: 'test-model', apiKeyEnv: KEY_ENV } },
      seats: [...MODEL_SEATS.map((name) => ({ name, provider: 'scripted' })), { name: 'Gus', bot: true }],
    }));

    const db = join(tmp.dir, 'townhall.db');
    // --timers models gives turns of a minute and more; at ×20 a match takes
    // about a minute of phases (the discussions and resolutions run their time).
    const host = await startHost({ db, speed: 20, seed: 5, extra: ['--seats', seatsFile, '--timers', 'models'] });
    t.after(() => host.stop());
    let stdout = '';
    let stderr = '';
    host.proc.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    host.proc.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });

    const agent = new Agent('Sdk Client', { host });
    t.after(() => agent.close());
    await agent.connect();
    const { matchId, playerId } = await joinAndFindMatch(agent);
    const final = await playSeat(agent, matchId);
    assert.equal(final.phase, 'ENDED');
    const events = await allEvents(agent, matchId);
    host.assertAlive();
    await agent.close();
    await host.stop();
    assert.equal(host.proc.exitCode, 0, `townhall exited with ${host.proc.exitCode}:\n${host.stderr()}`);
    const report = `--- host stdout\n${stdout.slice(-8000)}\n--- host stderr\n${host.stderr()}`;

    // The model seats played: their speeches are in the narration, under their names.
    const speeches = stdout.split('\n').filter((l) => /\]: I am seat \d+\.$/.test(l));
    const speakers = new Set(speeches.map((l) => MODEL_SEATS.find((n) => l.includes(`] ${n} [`))).filter(Boolean));
    assert.ok(speakers.size >= 3, `model seats that spoke: ${[...speakers]}\n${report}`);
    assert.ok(!stdout.includes('musing-of-seat-'), `a model's thought reached the narration\n${report}`);
    // The SDK client heard the models (so the next check reads real traffic)…
    const received = JSON.stringify(agent.log) + JSON.stringify(events);
    assert.ok(received.includes('I am seat '), 'the SDK client never heard a model seat');
    // …and never anything the models thought, nor the pack's chat unless it is a wolf.
    assert.ok(!received.includes('musing-of-seat-'), 'a model thought reached the SDK client');
    if (rolesFromEnded(final)[playerId] !== 'WEREWOLF') {
      assert.ok(!received.includes('pack-secret-'), 'wolf chat reached a non-wolf SDK client');
    }

    // The key: nowhere in the host's output, its files, the export or the calls.
    assert.ok(!stdout.includes(key) && !stderr.includes(key) && !host.stderr().includes(key),
      'the model key is in the host output');
    const exported = await runTownhall(['export', matchId, '--db', db]);
    assert.ok(exported.stdout.includes('I am seat '), 'the export holds the match');
    assert.ok(!exported.stdout.includes(key) && !exported.stderr.includes(key), 'the model key is in the export');
    const calls = await runTownhall(['calls', matchId, '--db', db]);
    assert.ok(calls.stdout.includes('I am seat '), 'the calls hold the model seats\' calls');
    assert.ok(!calls.stdout.includes(key) && !calls.stderr.includes(key), 'the model key is in the recorded calls');
    assert.deepEqual(filesContaining(tmp.dir, key), [], 'files under the data directory hold the model key');
    // The check above reads the files for real: the database holds the speeches.
    assert.ok(filesContaining(tmp.dir, 'I am seat ').length > 0, 'no file holds the match');
    t.diagnostic(`${speeches.length} model speeches by ${speakers.size} seats; ${agent.log.length} SDK calls`);
  });
