// The example agent (examples/agent/agent.mjs), run as a newcomer would run it,
// as a child process against a headless host with seven bots, plays its match
// to ENDED and exits 0.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startHost } from './lib.mjs';

const exampleDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'agent');
if (!existsSync(join(exampleDir, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'))) {
  throw new Error(
    `examples/agent/node_modules is missing: run \`npm ci\` in ${exampleDir} (scripts/test.sh does it), then re-run the tests`);
}

const TIMEOUT_MS = 240000; // generous: a loaded 2-core machine

test('the example agent plays a match against seven bots to the end', { timeout: TIMEOUT_MS + 30000 }, async (t) => {
  const host = await startHost({ speed: 20, bots: 7 });
  t.after(() => host.stop());

  const started = Date.now();
  const child = spawn(process.execPath, [join(exampleDir, 'agent.mjs'), '--url', host.url, '--name', 'Example'], {
    cwd: exampleDir,
    env: { ...process.env, TOWNHALL_TOKEN: '' }, // a guest, whatever the caller's environment says
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
  child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
  const killer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
  t.after(() => { clearTimeout(killer); if (child.exitCode === null) child.kill('SIGKILL'); });

  const [code, signal] = await once(child, 'exit');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const report = `exit ${code ?? signal} after ${seconds} s\n--- stdout\n${stdout}\n--- stderr\n${stderr}\n--- host stderr\n${host.stderr()}`;
  assert.equal(signal, null, `the agent was killed (no end within ${TIMEOUT_MS / 1000} s): ${report}`);
  assert.equal(code, 0, report);
  host.assertAlive();

  const lines = stdout.trim().split('\n');
  assert.match(lines[0], /^connected to /, report);
  assert.ok(lines.some((l) => /^seated in match-\d+ \(seat [1-8]\)$/.test(l)), `no seat: ${report}`);
  const end = lines.find((l) => l.startsWith('ENDED after day '));
  assert.ok(end, `no ENDED line: ${report}`);
  assert.match(end, /: (VILLAGERS|WEREWOLVES) won; I was p:[1-8] \((VILLAGER|WEREWOLF|SEER|DOCTOR), (alive|dead)\)/, report);
  const actions = lines.filter((l) => /^\[(day|night) /.test(l));
  // Refused actions are allowed (the phase can move on under the agent); report them.
  const failed = actions.filter((l) => / -> skipped: /.test(l));
  // Voted out, it says its last words when state.you.lastWordsDue says so, and they are taken.
  for (const l of actions.filter((a) => /say LAST_WORDS/.test(a))) assert.match(l, /DAY_RESOLUTION\] p:\d say LAST_WORDS -> ok$/, report);
  t.diagnostic(`${seconds} s, ${actions.length} action(s), ${failed.length} refused; ${end}`);
  for (const l of lines) t.diagnostic(l);
});
