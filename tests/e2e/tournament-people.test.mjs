// Issue 31, "A tournament with one human participant (driven by the browser
// test) rates them": `townhall tournament run` with a person ({"id": "me",
// "human": true}) and five bots at a six-seat table, two matches. The person
// plays from a phone-sized page in headless Chromium by clicking, on the one
// join link the command prints for the whole tournament (each match's new
// seat takes the code over, so the page follows without a new link). The
// report then lists the person on the board with the bots, rated over both
// matches with an interval.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  clickAction, isolate, launchPhoneBrowser, openPhone, runTownhall, startTournament, tempDir, waitFor,
} from './lib.mjs';

const MATCHES = 2;
const SPEED = 30; // the people preset's turns, 30 times faster: a 60 s vote takes 2 s

test('a person plays a tournament from a phone page and is rated', { timeout: 160000 }, async () => {
  const tmp = tempDir();
  isolate(tmp.dir);
  const file = join(tmp.dir, 'people.json');
  const db = join(tmp.dir, 'people.sqlite');
  writeFileSync(file, JSON.stringify({
    name: 'a person against the bots', rules: 'witch-6', matches: MATCHES, seed: 11,
    participants: [{ id: 'me', human: true, name: 'Ada' }, { id: 'bots', bot: true, seats: 'rest' }],
  }));
  const started = Date.now();
  const run = await startTournament([file, '--db', db, '--players-listen', '127.0.0.1:0', '--speed',
    String(SPEED), '--format', 'json']);
  const browser = await launchPhoneBrowser();
  try {
    const joinLine = await waitFor('the join line', () => /^join: (\S+) \(Ada, (.+)\)$/m.exec(run.stderr()),
      { timeout: 20000 });
    const phone = await openPhone(browser, { url: joinLine[1] }, 'Ada');
    await phone.page.bringToFront(); // a page behind gets no animation frames
    const matchIds = new Set();
    const clicksIn = {};
    while (run.done() === null && Date.now() - started < 150000) {
      if (phone.last?.matchId) matchIds.add(phone.last.matchId);
      if (await clickAction(phone).catch((e) => { console.log(`click: ${e.message}`); return false; }))
        clicksIn[phone.last.matchId] = (clicksIn[phone.last.matchId] ?? 0) + 1;
      await delay(100);
    }
    if (run.done() === null) console.log(`still playing; the page saw ${phone.phases.join(' ')}\n${run.stderr()}`);
    console.log(`the page saw ${phone.phases.join(' ')}`);
    const { code } = await run.exited;
    assert.equal(code, 0, run.stderr());
    console.log(`${MATCHES} matches with a person in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${phone.actions} clicks (${JSON.stringify(clicksIn)}), ${phone.frames.length} documents`);

    // One link for the whole tournament: the page went from match to match.
    assert.equal(run.stderr().match(/^join: /gm).length, 1, run.stderr());
    assert.equal(matchIds.size, MATCHES, `the page saw ${[...matchIds]}`);
    for (const id of matchIds) assert.ok(clicksIn[id] >= 2, `clicked in ${id}: ${JSON.stringify(clicksIn)}`);

    // The person is on the board with the bots, rated over both matches.
    const report = JSON.parse(run.report());
    assert.equal(report.played, MATCHES);
    assert.equal(report.counted, MATCHES, `left out: ${JSON.stringify(report.matches)}`);
    const me = report.participants.find((p) => p.participantId === 'me');
    assert.ok(me, JSON.stringify(report.participants));
    assert.equal(me.kind, 'human');
    assert.equal(me.name, 'Ada');
    assert.equal(me.overall.games, MATCHES);
    assert.equal(me.overall.rating.n, MATCHES);
    assert.ok(me.overall.rating.low < me.overall.rating.value && me.overall.rating.value < me.overall.rating.high);
    assert.ok(report.participants.some((p) => p.participantId === 'bots' && p.overall.rating.n === MATCHES));

    // The stored report says the same in Markdown.
    const md = await runTownhall(['tournament', 'report', 't1', '--db', db, '--format', 'md']);
    assert.match(md.stdout, /\| Ada \| human \| – \| \d+\.\d\d \| \[-?\d+\.\d\d, \d+\.\d\d\] \| 2 \|/);
  } finally {
    await browser.close();
    await run.stop();
    tmp.cleanup();
  }
});
