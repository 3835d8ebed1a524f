// The client configurations `townhall agent add|config --format …` prints
// (app/clientconfig) work as they are: the Claude Desktop entry's command and
// args drive the SDK's stdio transport through a whole match with seven bots,
// the mcp.json entry and the underscore endpoint connect with their headers.
// The host runs with --no-guests, so only a working token can play.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import {
  Agent, BIN, StdioClientTransport, StreamableHTTPClientTransport, TOOLS, allEvents, dotted,
  expectedWinner, joinAndFindMatch, playSeat, rolesFromEnded, startHost, tempDir, underscored,
} from './lib.mjs';

/** Runs the townhall CLI; resolves {code, stdout, stderr}. */
function cli(args) {
  return new Promise((resolve) => {
    execFile(BIN, args, { timeout: 20000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (err.code ?? -1) : 0, stdout, stderr });
    });
  });
}

/** The one mcpServers entry of a generated configuration, by its expected key. */
function entryOf(text, key) {
  const json = JSON.parse(text);
  assert.deepEqual(Object.keys(json), ['mcpServers']);
  assert.deepEqual(Object.keys(json.mcpServers), [key]);
  return json.mcpServers[key];
}

function httpTransport(entry) {
  assert.equal(entry.type, 'http');
  return new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers } });
}

test('generated client configurations: Claude Desktop (stdio) plays a match, mcp.json and the underscore endpoint connect',
  { timeout: 240000 }, async (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const db = join(dir, 'townhall.db');
    const host = await startHost({ db, speed: 50, seed: 33, bots: 7, extra: ['--no-guests'] });
    t.after(() => host.stop());

    // 1. Claude Desktop: `agent add NAME --format claude` prints only the JSON.
    const added = await cli(['agent', 'add', 'Claude Agent', '--db', db, '--url', host.url, '--format', 'claude']);
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stderr, /^token th_/m, 'the token notice goes to stderr');
    const claude = entryOf(added.stdout, 'townhall-claude-agent');
    assert.ok(isAbsolute(claude.command), `command must be an absolute path: ${claude.command}`);
    assert.equal(claude.args[0], 'mcp-stdio');
    assert.equal(claude.args[claude.args.indexOf('--url') + 1], new URL('/mcp/underscore', host.url).href);
    const token = claude.args[claude.args.indexOf('--token') + 1];
    assert.match(token, /^th_/);

    const player = new Agent('claude-config', {
      host, names: 'underscore',
      makeTransport: () => new StdioClientTransport({ command: claude.command, args: claude.args, stderr: 'pipe' }),
    });
    t.after(() => player.close());
    await player.connect();
    assert.deepEqual(player.tools.map((x) => x.name).sort(), TOOLS.map(underscored).sort());
    const assignment = await joinAndFindMatch(player);
    const final = await playSeat(player, assignment.matchId);
    host.assertAlive();
    const roles = rolesFromEnded(final);
    const events = await allEvents(player, assignment.matchId);
    const ended = events.filter((e) => e.type === 'GAME_ENDED');
    assert.equal(ended.length, 1);
    assert.equal(ended[0].payload.winningTeam, expectedWinner(final, roles));
    // It acted itself, through the bridge: its own public messages are in the log.
    assert.ok(events.some((e) => e.type === 'PUBLIC_MESSAGE' && e.payload.playerId === `p:${assignment.seat}`));
    t.diagnostic(`claude stdio config: ${assignment.matchId} ended after ${final.dayNumber} day(s), ` +
      `${ended[0].payload.winningTeam} won; ${player.log.length} tool results`);

    // 2. A generic mcp.json: Streamable HTTP with its Authorization header.
    const added2 = await cli(['agent', 'add', 'Http Agent', '--db', db, '--url', host.url, '--format', 'mcp-json']);
    assert.equal(added2.code, 0, added2.stderr);
    const mcpJson = entryOf(added2.stdout, 'townhall-http-agent');
    assert.equal(mcpJson.url, host.url);
    const token2 = /^Bearer (th_\S+)$/.exec(mcpJson.headers.Authorization)?.[1];
    assert.ok(token2, JSON.stringify(mcpJson.headers));
    const http = new Agent('mcp-json-config', { host, makeTransport: () => httpTransport(mcpJson) });
    t.after(() => http.close());
    await http.connect();
    assert.deepEqual(http.tools.map((x) => x.name).sort(), TOOLS.map(dotted).sort());
    const joined = await http.call('queue.join', {});
    assert.equal(joined.ok, true, `a guest would be refused here: ${JSON.stringify(joined)}`);
    // --bots 7 kept seven bots waiting after the first match: a table at once.
    assert.ok(joined.matchAssignment?.matchId, JSON.stringify(joined));

    // 3. The underscore endpoint, from `agent config` with the token given back.
    const underscore = await cli(['agent', 'config', 'Http Agent', '--db', db, '--url', host.url,
      '--token', token2, '--format', 'underscore']);
    assert.equal(underscore.code, 0, underscore.stderr);
    const entry3 = entryOf(underscore.stdout, 'townhall-http-agent');
    assert.equal(entry3.url, new URL('/mcp/underscore', host.url).href);
    assert.deepEqual(entry3.headers, mcpJson.headers);
    const under = new Agent('underscore-config', { host, names: 'underscore', makeTransport: () => httpTransport(entry3) });
    t.after(() => under.close());
    await under.connect();
    assert.deepEqual(under.tools.map((x) => x.name).sort(), TOOLS.map(underscored).sort());
    const status = await under.call('queue.status', {});
    assert.equal(status.ok, true, JSON.stringify(status));
    // The same agent through another endpoint: the seat it already has.
    assert.equal(status.matchAssignment?.matchId, joined.matchAssignment.matchId, JSON.stringify(status));

    // Someone else's token, or none: refused, or a placeholder that does not work.
    const wrong = await cli(['agent', 'config', 'Http Agent', '--db', db, '--token', token, '--format', 'http']);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /does not belong/);
    const blank = await cli(['agent', 'config', 'Http Agent', '--db', db, '--url', host.url, '--format', 'mcp-json']);
    assert.equal(blank.code, 0, blank.stderr);
    const placeholder = entryOf(blank.stdout, 'townhall-http-agent');
    assert.equal(placeholder.headers.Authorization, 'Bearer <TOKEN>');
    const noToken = new Agent('placeholder-config', { host, makeTransport: () => httpTransport(placeholder) });
    t.after(() => noToken.close());
    await noToken.connect();
    const refused = await noToken.call('queue.join', {});
    assert.equal(refused.ok, false);
    assert.equal(refused.error.code, 'UNAUTHENTICATED');
    host.assertAlive();
  });
