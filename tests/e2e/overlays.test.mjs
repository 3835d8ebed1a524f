// The OBS overlay pages (resources/overlays/, served at /overlay/) in headless
// Chromium against a live headless host: two matches of one MCP agent and
// seven bots each. The test reads the spectator feed itself and checks that
// what each page shows is what the feed says: the vote tally, the phase, the
// roster, the speaker, the Town Crier's line. Each page's screenshot must have
// a transparent corner and must not be blank. ?delay= shows older state,
// ?match= pins a match, ?lang=zh_CN switches the fixed texts.
//
// TOWNHALL_SCREENSHOT_DIR=docs/screenshots also writes each page, mid-vote,
// composited on a dark background as overlay-NAME.png (for the README).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, joinAndFindMatch, playSeat, startHost, waitFor } from './lib.mjs';

const { default: puppeteer } = await import('puppeteer-core');
const { default: WebSocket } = await import('ws');

const CHROMIUM = process.env.TOWNHALL_CHROMIUM || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`no Chromium at ${CHROMIUM}: install the Debian package \`chromium\` ` +
    '(scripts/bootstrap.sh does it) or point TOWNHALL_CHROMIUM at a Chrome or Chromium binary');
}

const PAGES = ['phase', 'tally', 'narrator', 'roster', 'speaking'];
const DELAY_S = 8;

// --- the test's own reading of the feed ------------------------------------------

/**
 * A spectator in node: the public state of every match from the feed's
 * snapshot and events, kept independently of the pages' feed.js.
 */
class Spectator {
  constructor(origin) {
    this.matches = new Map();
    this.ws = new WebSocket(`${origin.replace('http', 'ws')}/spectate`);
    this.ws.on('message', (data) => this.onMessage(JSON.parse(String(data))));
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('message', resolve);
      this.ws.once('error', reject);
    });
  }

  match(id) {
    if (!this.matches.has(id))
      this.matches.set(id, { id, phase: null, day: 0, votes: {}, players: new Map(), lastSeq: 0, speakers: [], crier: [] });
    return this.matches.get(id);
  }

  onMessage(msg) {
    if (msg.type === 'snapshot') {
      for (const s of msg.matches) {
        const m = this.match(s.matchId);
        Object.assign(m, { phase: s.phase, day: s.dayNumber, votes: { ...(s.tally?.votes ?? {}) } });
        for (const p of s.players) m.players.set(p.playerId, { ...p });
        for (const e of s.recent ?? []) this.line(m, e);
      }
    } else if (msg.type === 'event') {
      const m = this.match(msg.matchId);
      const { type, payload: p, seq } = msg.event;
      m.lastSeq = Math.max(m.lastSeq, seq);
      if (type === 'MATCH_CREATED')
        for (const pl of p.players) m.players.set(pl.playerId, { ...pl, alive: true });
      if (type === 'PHASE_CHANGED') {
        m.phase = p.to;
        m.day = p.dayNumber;
        if (p.to === 'DAY_VOTE') m.votes = {};
      }
      if (type === 'VOTE_CAST') m.votes[p.voterPlayerId] = p.targetPlayerId ?? null;
      if (type === 'VOTE_RESULT') m.voteResult = p;
      if (type === 'PLAYER_ELIMINATED') m.players.get(p.playerId).alive = false;
      this.line(m, msg.event);
    }
  }

  line(m, e) {
    if (e.type === 'PUBLIC_MESSAGE') m.speakers.push(e.payload.playerId);
    if (e.type === 'NARRATOR') {
      m.crier.push(e.payload.text);
      (m.crierZh ??= []).push(e.texts?.zh_CN);
    }
  }

  /** {counts: {target: n}, abstain: n} of a match's current vote. */
  tally(id) {
    const counts = {};
    let abstain = 0;
    for (const target of Object.values(this.match(id).votes)) {
      if (target === null) ++abstain;
      else counts[target] = (counts[target] ?? 0) + 1;
    }
    return { counts, abstain };
  }

  close() { this.ws.close(); }
}

// --- PNG pixels (Chromium's screenshots: 8-bit RGBA, not interlaced) ------------

function decodePng(buffer) {
  assert.equal(buffer.readUInt32BE(0), 0x89504e47, 'not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.equal(data[8], 8, 'only 8-bit PNGs are expected');
      colorType = data[9];
      assert.equal(data[12], 0, 'interlaced PNGs are not expected');
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    offset += 12 + length;
  }
  const channels = { 6: 4, 2: 3 }[colorType];
  assert.ok(channels, `unexpected PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = v & 0xff;
    }
  }
  const alpha = (x, y) => (channels === 4 ? pixels[(y * width + x) * 4 + 3] : 255);
  let opaque = 0;
  for (let y = 0; y < height; y += 4)
    for (let x = 0; x < width; x += 4)
      if (alpha(x, y) > 0) ++opaque;
  return { width, height, alpha, opaque };
}

// --- the test --------------------------------------------------------------------

test('the overlays show the live public state, transparent, delayed and pinned on request',
  { timeout: 420000 }, async (t) => {
    // Speed 2: the vote lasts about 22 s, long enough to read five pages mid-vote.
    const host = await startHost({ speed: 2, bots: 7 });
    t.after(() => host.stop());

    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      // --no-sandbox: CI containers and root cannot use Chromium's sandbox.
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'],
    });
    t.after(() => browser.close());

    const errors = [];
    const open = async (query) => {
      const page = await browser.newPage();
      await page.setViewport({ width: 1920, height: 1080 });
      page.on('pageerror', (e) => errors.push(`${query}: ${e.message}`));
      const response = await page.goto(`${host.origin}/overlay/${query}`, { waitUntil: 'load', timeout: 60000 });
      assert.equal(response.status(), 200, query);
      assert.equal(response.headers()['cache-control'], 'no-cache', query);
      return page;
    };
    const data = (page, key) => page.evaluate((k) => document.body.dataset[k] ?? '', key);

    // A page pinned to a match that has not started yet says so on screen and
    // keeps asking; it shows the match once it starts (the second one below).
    const early = await open('phase.html?match=match-2');
    await waitFor('the early page to say what it waits for', async () => (await data(early, 'waitingFor')) === 'match-2',
      { timeout: 20000, step: 100 });
    assert.equal(await early.evaluate(() => document.getElementById('feed-note')?.textContent),
      'Waiting for match-2 to start…');

    // Two matches: an agent and seven bots each. The agents hold their own
    // votes, so each vote stays open until its timer, with the bots' votes in.
    const agents = [new Agent('Overlay A', { host }), new Agent('Overlay B', { host })];
    t.after(() => Promise.all(agents.map((a) => a.close())));
    const matchIds = [];
    const playing = [];
    for (const agent of agents) {
      await agent.connect();
      const assignment = await joinAndFindMatch(agent);
      matchIds.push(assignment.matchId);
      playing.push(playSeat(agent, assignment.matchId, {
        onState: (state) => (state.phase === 'DAY_VOTE' ? 'stop' : undefined),
      }).catch((e) => e));
    }
    const [A, B] = matchIds;
    assert.notEqual(A, B);

    const feed = new Spectator(host.origin);
    t.after(() => feed.close());
    await feed.opened;

    assert.ok(matchIds.includes('match-2'), `the matches are ${matchIds}`);
    await waitFor('the early page to show match-2', async () => (await data(early, 'match')) === 'match-2',
      { timeout: 20000, step: 200 });
    assert.equal(await early.evaluate(() => document.getElementById('feed-note')), null);
    await early.close();

    // ?delay= while the match is busy (lobby, night, openings): once the
    // delayed page has the match at all, it must be behind the live one.
    const live = await open(`phase.html?match=${A}`);
    const delayed = await open(`phase.html?match=${A}&delay=${DELAY_S}`);
    await waitFor('the delayed page to show the match', async () => Number(await data(delayed, 'lastSeq')) > 0,
      { timeout: 60000, step: 200 });
    await delay(1000);
    const [seqDelayed, seqLive] = [Number(await data(delayed, 'lastSeq')), Number(await data(live, 'lastSeq'))];
    t.diagnostic(`delay=${DELAY_S}: the delayed page is at seq ${seqDelayed}, the live one at ${seqLive}`);
    assert.ok(seqDelayed < seqLive, `delay=${DELAY_S} should show older state: ${seqDelayed} vs ${seqLive}`);
    await delayed.close();

    // The pages under test, open before the vote so they follow it live.
    const pages = {};
    for (const name of PAGES) pages[name] = await open(`${name}.html?match=${A}`);
    const pinnedB = await open(`phase.html?match=${B}`);
    const director = await open('phase.html');
    const chinese = await open(`tally.html?match=${A}&lang=zh_CN`);
    const chineseCrier = await open(`narrator.html?match=${A}&lang=zh_CN`);

    await waitFor(`${A} in DAY_VOTE with three votes cast`, () => {
      const m = feed.match(A);
      return m.phase === 'DAY_VOTE' && Object.keys(m.votes).length >= 3;
    }, { timeout: 240000, step: 100 });
    const m = feed.match(A);

    // The tally: the same counts per target and the same abstentions as the
    // feed, as soon as the page has caught up (votes may still arrive).
    const shownTally = (page) => page.evaluate(() => {
      const counts = {};
      for (const row of document.querySelectorAll('#rows [data-target]')) counts[row.dataset.target] = Number(row.dataset.count);
      return { counts, abstain: Number(document.getElementById('abstain').dataset.count ?? 0),
        title: document.getElementById('title').textContent };
    });
    let last;
    await waitFor('the tally page to match the feed', async () => {
      last = await shownTally(pages.tally);
      const want = feed.tally(A);
      return JSON.stringify([last.counts, last.abstain]) === JSON.stringify([want.counts, want.abstain]);
    }, { timeout: 10000, step: 100 }).catch(() => assert.fail(`tally shown ${JSON.stringify(last)}, feed ${JSON.stringify(feed.tally(A))}`));
    assert.ok(Object.values(last.counts).reduce((a, b) => a + b, 0) + last.abstain >= 3);
    assert.equal(last.title, `Day ${m.day} · Vote`);
    const zh = await shownTally(chinese);
    assert.equal(zh.title, `第${m.day}天 · 投票`);

    // The phase and its countdown.
    const phase = await pages.phase.evaluate(() => ({
      phase: document.getElementById('phase').dataset.phase, text: document.getElementById('phase').textContent,
      day: document.getElementById('day').textContent, seconds: document.getElementById('countdown').dataset.seconds,
    }));
    assert.deepEqual([phase.phase, phase.text, phase.day], ['DAY_VOTE', 'Vote', `Day ${m.day}`]);
    assert.ok(Number(phase.seconds) >= 0 && Number(phase.seconds) <= 45 / 2 + 1, `countdown ${phase.seconds}`);

    // The roster: seat order, names, alive or dead as the feed says.
    const roster = await pages.roster.evaluate(() => [...document.querySelectorAll('[data-player]')]
      .map((row) => ({ id: row.dataset.player, alive: row.dataset.alive === 'true', name: row.querySelector('.name').textContent })));
    const players = [...m.players.values()].sort((a, b) => a.seat - b.seat);
    assert.deepEqual(roster, players.map((p) => ({ id: p.playerId, alive: p.alive, name: p.displayName })));

    // The speaker: the last player who spoke today; the crier: one of the Town Crier's lines.
    const speaker = await pages.speaking.evaluate(() => document.getElementById('card').dataset.player);
    assert.equal(speaker, m.speakers.at(-1));
    const crier = await pages.narrator.evaluate(() => document.getElementById('text').textContent);
    assert.ok(m.crier.includes(crier), `the lower third shows "${crier}", not a line of the feed`);
    // ?lang=zh_CN: the Town Crier in Chinese, as the feed rendered it.
    const crierZh = await chineseCrier.evaluate(() => document.getElementById('text').textContent);
    assert.ok(m.crierZh.includes(crierZh), `the Chinese lower third shows "${crierZh}"`);
    assert.match(crierZh, /[\u4e00-\u9fff]/, `"${crierZh}" is not Chinese`);

    // ?match= pins; without it the director follows one of the two matches.
    assert.equal(await data(pinnedB, 'match'), B);
    assert.ok([A, B].includes(await data(director, 'match')));

    // Screenshots: transparent around the panels, and something drawn.
    const shots = process.env.TOWNHALL_SCREENSHOT_DIR;
    if (shots) mkdirSync(shots, { recursive: true });
    for (const name of PAGES) {
      const png = decodePng(Buffer.from(await pages[name].screenshot({ omitBackground: true })));
      assert.deepEqual([png.width, png.height], [1920, 1080]);
      assert.equal(png.alpha(0, 0), 0, `${name}: the top-left corner is not transparent`);
      assert.equal(png.alpha(1919, 1079), 0, `${name}: the bottom-right corner is not transparent`);
      assert.ok(png.opaque > 500, `${name}: the page looks blank (${png.opaque} sampled pixels drawn)`);
      t.diagnostic(`${name}: ${png.opaque} of ${(1920 / 4) * (1080 / 4)} sampled pixels drawn`);
      if (shots) {
        // For the README: the same page over a dark "stream" background.
        await pages[name].evaluate(() => {
          document.documentElement.style.background = '#283042';
        });
        writeFileSync(join(shots, `overlay-${name}.png`), await pages[name].screenshot());
      }
    }

    // The vote's result on the tally page once the vote ends. The page shows
    // it only until night falls, so the page records what it showed.
    await pages.tally.evaluate(() => {
      const result = document.getElementById('result');
      window.shownResults = [];
      new MutationObserver(() => window.shownResults.push(result.textContent))
        .observe(result, { childList: true, characterData: true, subtree: true });
    });
    const outcome = await waitFor(`the end of ${A}'s vote`, () => m.voteResult, { timeout: 120000, step: 100 });
    const expected = outcome.eliminatedPlayerId ? `${m.players.get(outcome.eliminatedPlayerId).displayName} is eliminated`
      : outcome.tie ? 'Tie · No one is eliminated' : 'No one is eliminated';
    await waitFor(`the tally page to show "${expected}"`,
      async () => (await pages.tally.evaluate(() => window.shownResults)).includes(expected), { timeout: 10000, step: 100 });

    assert.deepEqual(errors, [], 'the pages threw');
    host.assertAlive();
    for (const a of agents) await a.close();
    for (const r of await Promise.all(playing)) if (r instanceof Error && !/closed|Connection/i.test(r.message)) throw r;
  });
