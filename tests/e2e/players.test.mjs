// Human seats on phones (issue 31): a headless host with a witch-hunter-9
// table of five bots, a model seat (the host drives it against
// scripted_provider, a real HTTP server on loopback) and three people, whose
// pages (/play/CODE on the players' address) headless Chromium opens at a
// phone's size. Two pages play by
// clicking; one of them reloads mid-match and keeps its seat; the third stops
// acting, gets the stand-in (seat.standIn after three missed turns), and takes
// its seat back with a click. At the end every page's WebSocket frames and the
// DOM it showed are checked against the true roles: no role of a living player
// it may not know, no wolf chat for a non-wolf, no other seat's night facts,
// nothing the model thought.
//
// TOWNHALL_SCREENSHOT_DIR=docs/screenshots also writes the first page mid-match
// as players-phone.png (for the README).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import {
  BIN, waitFor, launchPhoneBrowser, openPhone, clickAction as act, startScriptedProvider, stopProcess, tempDir,
} from './lib.mjs';

const SPEED = 12;
const ROLE_WORDS = ['Villager', 'Werewolf', 'Seer', 'Doctor', 'Witch', 'Hunter'];

/**
 * The headless host with three human seats beside the seats of `seatsFile`;
 * resolves with their join links.
 */
async function startPlayersHost(seed, seatsFile) {
  const args = ['--headless', '--port', '0', '--db', ':memory:', '--seed', String(seed),
    '--speed', String(SPEED), '--rules', 'witch-hunter-9', '--seats', seatsFile, '--human-seats', '3',
    '--human-names', 'Ada,Bo,Cy', '--players-listen', '127.0.0.1:0'];
  const proc = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (d) => { stderr = (stderr + d).slice(-64 * 1024); });
  const joins = [];
  const lines = createInterface({ input: proc.stdout });
  lines.on('line', (l) => {
    stdout = (stdout + l + '\n').slice(-256 * 1024);
    const m = /^join: (\S+) \((.+)\)$/.exec(l);
    if (m) joins.push({ url: m[1], name: m[2] });
  });
  const exited = once(proc, 'exit');
  await waitFor('three join links', () => joins.length === 3 || proc.exitCode !== null, { timeout: 20000 });
  assert.equal(joins.length, 3, `no join links:\n${stderr}`);
  return {
    joins, proc, stderr: () => stderr, stdout: () => stdout,
    stop: () => stopProcess(proc, exited),
  };
}

/** What the page shows now: the players' list and the wolf chat. */
async function snapshotDom(phone) {
  const dom = await phone.page.evaluate(() => ({
    players: [...document.querySelectorAll('#players li')].map((li) => ({
      text: li.innerText, dead: li.classList.contains('dead'),
    })),
    wolfLines: document.querySelectorAll('#wolfchat li').length,
    wolfShown: !document.getElementById('wolf-card').hidden,
    standIn: !!document.querySelector('[data-standin]'),
  })).catch(() => null);
  if (dom) phone.doms.push({ dom, doc: phone.last });
  return dom;
}

/** Checks every document and DOM snapshot of a page against the true roles. */
function checkSecrecy(phone, roles) {
  const me = phone.last.playerId;
  const myRole = roles[me];
  const wolf = myRole === 'WEREWOLF';
  let docs = 0;
  for (const frame of phone.frames) {
    const d = JSON.parse(frame);
    docs += 1;
    if (!wolf) assert.ok(!frame.includes('WOLF_CHAT_MESSAGE'), `${phone.name} (a ${myRole}) got wolf chat`);
    if (!wolf) assert.ok(!frame.includes('pack-secret-'), `${phone.name} (a ${myRole}) got the model's wolf chat`);
    assert.ok(!frame.includes('musing-of-seat-'), `${phone.name} got a thought of the model seat`);
    for (const t of ['WOLF_KILL_SELECTED', 'SEER_INSPECTED', 'DOCTOR_PROTECTED', 'WITCH_ACTED', 'WITCH_INFORMED',
      'ROLES_ASSIGNED', 'NIGHT_RESOLVED', 'WOLVES_DECIDED', 'ROLE_CARD'])
      assert.ok(!frame.includes(`"${t}"`), `${phone.name} got a ${t} event`);
    if (!d.state) continue;
    assert.equal(d.state.you.role, myRole);
    if (myRole !== 'SEER') assert.deepEqual(d.state.you.seerHistory, []);
    if (myRole !== 'WITCH') assert.ok(!('potions' in d.state.you), `${phone.name} saw potions`);
    if (!wolf) assert.deepEqual(d.state.you.knownWolves, []);
    const over = d.state.phase === 'ENDED';
    for (const p of d.state.players) {
      if (p.playerId === me || over || !p.alive) continue;
      assert.equal(p.revealedRole, null, `${phone.name} saw the role of living ${p.displayName}`);
    }
  }
  for (const { dom, doc } of phone.doms) {
    if (!doc?.state || doc.state.phase === 'ENDED') continue;
    if (!wolf) {
      assert.equal(dom.wolfLines, 0, `${phone.name}'s page showed wolf chat`);
      assert.equal(dom.wolfShown, false);
    }
    for (const [i, p] of doc.state.players.entries()) {
      const li = dom.players[i];
      if (!li || p.playerId === me || !p.alive) continue;
      if (wolf && roles[p.playerId] === 'WEREWOLF') continue; // the pack
      for (const w of ROLE_WORDS)
        assert.ok(!li.text.includes(w), `${phone.name}'s page named the role of living ${p.displayName}: ${li.text}`);
    }
  }
  return docs;
}

test('three phones play a witch-hunter-9 table by clicking', { timeout: 280000 }, async (t) => {
  const tmp = tempDir();
  t.after(() => tmp.cleanup());
  const provider = await startScriptedProvider();
  t.after(() => provider.stop());
  const seatsFile = join(tmp.dir, 'seats.json');
  writeFileSync(seatsFile, JSON.stringify({
    providers: { scripted: { kind: 'openai', baseUrl: provider.baseUrl, model: 'test-model' } },
    seats: [{ name: 'Eve', provider: 'scripted' },
      ...['Gus', 'Hal', 'Ivy', 'Jo', 'Kit'].map((name) => ({ name, bot: true }))],
  }));
  const host = await startPlayersHost(Number(process.env.TOWNHALL_PLAYERS_SEED || 4), seatsFile);
  const browser = await launchPhoneBrowser();
  try {
    const [a, b, c] = [
      await openPhone(browser, host.joins[0], 'Ada'),
      await openPhone(browser, host.joins[1], 'Bo'),
      await openPhone(browser, host.joins[2], 'Cy'),
    ];
    // The match starts with bots joining; every page then holds its seat's state.
    await waitFor('the match', () => [a, b, c].every((p) => p.last?.state), { timeout: 30000 });
    const seatOf = Object.fromEntries([a, b, c].map((p) => [p.name, p.last.playerId]));
    assert.equal(new Set(Object.values(seatOf)).size, 3);

    let reloaded = false;
    let tookBack = false;
    let standInSeen = false;
    let shot = false;
    const started = Date.now();
    while (Date.now() - started < 240000) {
      const ended = [a, b, c].every((p) => p.last?.state?.phase === 'ENDED');
      if (ended) break;
      for (const p of [a, b]) {
        // A click needs the page in front (a page behind gets no animation frames).
        await p.page.bringToFront();
        await act(p).catch(() => {});
        await snapshotDom(p);
      }
      await snapshotDom(c);
      const day = a.last?.state?.dayNumber ?? 0;
      // Bo reloads on day 1 and must find its own seat again.
      if (!reloaded && day >= 1 && b.last.state.phase !== 'ENDED') {
        reloaded = true;
        const before = b.last.playerId;
        b.last = null;
        await b.page.reload({ waitUntil: 'load' });
        await waitFor('Bo back on its seat', () => b.last !== null, { timeout: 10000 });
        assert.equal(b.last.playerId, before);
        assert.equal(b.last.name, 'Bo');
      }
      if (!shot && process.env.TOWNHALL_SCREENSHOT_DIR && a.last?.state?.phase === 'DAY_DISCUSSION') {
        shot = true;
        mkdirSync(process.env.TOWNHALL_SCREENSHOT_DIR, { recursive: true });
        await a.page.screenshot({ path: join(process.env.TOWNHALL_SCREENSHOT_DIR, 'players-phone.png') });
      }
      // Cy never acts until the stand-in keeps its seat, then takes it back.
      const seat = c.last?.seat;
      if (seat?.standIn) {
        standInSeen = true;
        assert.ok(seat.missedInARow >= 3);
        const dom = await snapshotDom(c);
        assert.ok(dom?.standIn, 'the page says the stand-in plays');
        await c.page.bringToFront();
        // A new document may redraw the action area under the click (the
        // element is then detached): the next round of the loop tries again.
        const clicked = await (async () => {
          const box = await c.page.$('#action textarea, #action button[data-act]');
          if (!box) return false;
          if (await c.page.$('#action textarea')) {
            await c.page.type('#action textarea', 'Cy is back.');
            await c.page.click('#action button[data-act]');
          } else {
            await box.click();
          }
          return true;
        })().catch((e) => { if (!/detached|not clickable|No node/.test(String(e))) throw e; return false; });
        // A click that sent nothing (the phase moved on and the page drew a new
        // action under it) leaves the stand-in in place: the loop tries again.
        if (clicked) {
          const back = await waitFor('Cy takes the seat back', () => c.last?.seat && !c.last.seat.standIn,
            { timeout: 5000 }).then(() => true, () => false);
          tookBack = tookBack || back;
        }
      }
      await delay(250);
    }
    for (const p of [a, b, c]) await snapshotDom(p);
    assert.ok(reloaded, `Bo reloaded mid-match (Ada saw ${a.phases.join(' ')})`);
    assert.ok(standInSeen, 'Cy got the stand-in for good after three missed turns');
    assert.ok(tookBack, 'Cy took its seat back with a click');
    assert.ok(a.actions + b.actions >= 6, 'the two pages acted by clicking');
    await waitFor('the end', () => [a, b, c].every((p) => p.last?.state?.phase === 'ENDED'), { timeout: 20000 });
    assert.ok(c.last.seat.standInTurns >= 3);
    // The host recorded the stand-in's turns as such.
    assert.match(host.stdout(), /STAND-IN for Cy/);
    assert.match(host.stdout(), /HAND-OVER of Cy/);
    // The model seat played beside them: the pages heard it speak.
    assert.ok(a.frames.some((f) => /I am seat \d+\./.test(f)), `the model seat never spoke:\n${host.stdout().slice(-4000)}`);

    // The true roles, from the end (every role is revealed then).
    const lat = [a, b, c].flatMap((p) => p.latencies).sort((x, y) => x - y);
    console.log(`document built → frame in the browser: ${lat.length} frames, ` +
      `p50 ${lat[Math.floor(lat.length / 2)]} ms, p95 ${lat[Math.floor(lat.length * 0.95)]} ms`);
    const roles = Object.fromEntries(a.last.state.players.map((p) => [p.playerId, p.revealedRole]));
    assert.equal(Object.values(roles).filter((r) => r).length, 9);
    for (const p of [a, b, c]) {
      const docs = checkSecrecy(p, roles);
      assert.ok(docs > 20, `${p.name} got ${docs} documents`);
    }
  } finally {
    await browser.close();
    await host.stop();
  }
});
