// SPDX-License-Identifier: MIT
// The overlays' shared feed client: reads the spectator feed
// (docs/spectator-feed.md) at ws://<this host>/spectate and keeps a small
// model of each match's public state. Every overlay page imports it and only
// draws; none of them talks to the feed itself.
//
// The page's own ?match=, ?delay= and ?lang= are honoured. Without ?match=
// the page follows "the director" (see pickDirected below).

const params = new URLSearchParams(location.search);

/** The page's parameters, as the overlays use them. */
export const options = {
  match: params.get('match') || null,
  delay: params.get('delay') || null,
  lang: (params.get('lang') || 'en').replace('-', '_'),
};

// Fixed texts. Player names and lines come from the match and are never translated.
const TEXTS = {
  en: {
    LOBBY: 'Lobby', NIGHT: 'Night', DAY_ANNOUNCE: 'Dawn', DAY_OPENING: 'Opening statements',
    DAY_DISCUSSION: 'Discussion', DAY_VOTE: 'Vote', DAY_RESOLUTION: 'Verdict', ENDED: 'Game over',
    VILLAGER: 'Villager', WEREWOLF: 'Werewolf', SEER: 'Seer', DOCTOR: 'Doctor',
    WITCH: 'Witch', HUNTER: 'Hunter', NIGHT_WITCH: 'Night · the witch', HUNTER_SHOT: "The hunter's shot",
    DAY_PK_DEFENSE: 'PK · defences', DAY_PK_VOTE: 'PK · revote', NONE: 'A draw: the days ran out',
    pkTie: 'Tie · to the PK',
    day: 'Day {n}', night: 'Night {n}', votes: 'votes', vote: 'vote', abstain: 'abstain',
    abstained: 'abstained', dead: 'dead', alive: 'alive', paused: 'paused', person: 'person',
    speaking: 'Now speaking', crier: 'Town Crier', noElimination: 'No one is eliminated',
    tie: 'Tie', eliminated: '{name} is eliminated', waiting: 'Waiting for a match…',
    VILLAGERS: 'The village wins', WEREWOLVES: 'The werewolves win', match: 'Match {n}',
    notVoted: 'not voted yet', waitingFor: 'Waiting for {id} to start…', stopped: 'Feed refused: {why}',
  },
  zh_CN: {
    LOBBY: '大厅', NIGHT: '夜晚', DAY_ANNOUNCE: '黎明', DAY_OPENING: '开场发言',
    DAY_DISCUSSION: '讨论', DAY_VOTE: '投票', DAY_RESOLUTION: '裁决', ENDED: '游戏结束',
    VILLAGER: '村民', WEREWOLF: '狼人', SEER: '预言家', DOCTOR: '医生',
    WITCH: '女巫', HUNTER: '猎人', NIGHT_WITCH: '夜晚 · 女巫', HUNTER_SHOT: '猎人开枪',
    DAY_PK_DEFENSE: 'PK · 辩护', DAY_PK_VOTE: 'PK · 再投票', NONE: '平局：天数已满',
    pkTie: '平票 · 进入PK',
    day: '第{n}天', night: '第{n}夜', votes: '票', vote: '票', abstain: '弃权',
    abstained: '弃权', dead: '出局', alive: '存活', paused: '已暂停', person: '真人',
    speaking: '正在发言', crier: '城镇公告员', noElimination: '无人出局',
    tie: '平票', eliminated: '{name} 出局', waiting: '等待对局…',
    VILLAGERS: '村民获胜', WEREWOLVES: '狼人获胜', match: '第{n}局',
    notVoted: '尚未投票', waitingFor: '等待 {id} 开始…', stopped: '直播源拒绝：{why}',
  },
};

/** The fixed text for \a key in the page's language, with {name} placeholders filled. */
export function t(key, args = {}) {
  const table = TEXTS[options.lang] || TEXTS.en;
  const text = table[key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));
}
if (TEXTS[options.lang]) document.documentElement.lang = options.lang.replace('_', '-');

/** Creates an element; text always goes in as text, never as HTML (names come from agents). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// --- the state model --------------------------------------------------------

/** Public state of one match, built from its snapshot and then its events. */
function matchFromSnapshot(s) {
  const m = {
    id: s.matchId, number: s.matchNumber ?? null, phase: s.phase ?? 'LOBBY', day: s.dayNumber ?? 0,
    phaseEndsAt: s.phaseEndsAt ?? null, paused: !!s.paused, pausedRemaining: s.paused ? (s.remainingMs ?? null) : null,
    players: new Map(), speaking: s.speaking ? { ...s.speaking } : null,
    tally: s.tally ? { day: s.tally.day, votes: { ...s.tally.votes }, pk: s.tally.pk ?? null } : null,
    voteResult: null, lines: [], lastLine: null, winner: s.winner ?? null,
    lastSeq: 0, activity: 0,
  };
  for (const p of s.players || [])
    m.players.set(p.playerId, { id: p.playerId, name: p.displayName, seat: p.seat, alive: p.alive !== false, role: p.revealedRole ?? null,
      person: p.seatKind === 'person' });
  for (const e of s.recent || []) {
    applyLine(m, e);
    m.activity = Math.max(m.activity, e.at || 0);
    m.lastSeq = Math.max(m.lastSeq, e.seq || 0);
  }
  return m;
}

const MAX_LINES = 50;

/** A time in ms from a payload's number, else from its ISO string, else null. */
function msOf(number, iso) {
  if (Number.isFinite(number)) return number;
  const parsed = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

function applyLine(m, e) {
  const p = e.payload || {};
  if (e.type === 'PUBLIC_MESSAGE') {
    const line = { at: e.at, seq: e.seq, day: m.day, playerId: p.playerId, text: p.text, kind: p.kind };
    m.lines.push(line);
    m.lastLine = line;
  } else if (e.type === 'NARRATOR') {
    // The feed renders the Town Crier in each language it knows (texts).
    const text = (e.texts && e.texts[options.lang]) || p.text;
    m.lines.push({ at: e.at, seq: e.seq, day: m.day, narrator: true, text });
  } else {
    return;
  }
  if (m.lines.length > MAX_LINES) m.lines.splice(0, m.lines.length - MAX_LINES);
}

/** Counts per target and abstentions of a tally's votes (null = abstain). */
export function countVotes(votes) {
  const counts = {};
  let abstain = 0;
  for (const target of Object.values(votes || {})) {
    if (target === null) ++abstain;
    else counts[target] = (counts[target] || 0) + 1;
  }
  return { counts, abstain };
}

// Events that make a match lively for the director.
const LIVELY = new Set(['VOTE_CAST', 'VOTE_RESULT', 'PLAYER_ELIMINATED', 'NIGHT_RESULT', 'GAME_ENDED']);

function applyEvent(m, e) {
  const p = e.payload || {};
  m.lastSeq = Math.max(m.lastSeq, e.seq || 0);
  if (LIVELY.has(e.type)) m.activity = Math.max(m.activity, e.at || 0);
  switch (e.type) {
  case 'MATCH_CREATED':
    m.number = p.matchNumber ?? m.number;
    for (const pl of p.players || [])
      if (!m.players.has(pl.playerId))
        m.players.set(pl.playerId, { id: pl.playerId, name: pl.displayName, seat: pl.seat, alive: true, role: null,
          person: String(pl.agentId || '').startsWith('human:') });
    break;
  case 'PHASE_CHANGED':
    m.phase = p.to;
    m.day = p.dayNumber ?? m.day;
    m.phaseEndsAt = msOf(p.phaseEndsAtMs, p.phaseEndsAt);
    m.speaking = null;
    if (p.to === 'DAY_VOTE') {
      m.tally = { day: m.day, votes: {}, pk: null };
      m.voteResult = null;
    } else if (p.to === 'DAY_PK_VOTE') {
      // The revote: only the PK's players can be voted for.
      m.tally = { day: m.day, votes: {}, pk: (m.voteResult && m.voteResult.pk) || [] };
      m.voteResult = null;
    } else if (p.to !== 'DAY_RESOLUTION' && p.to !== 'DAY_PK_DEFENSE' && p.to !== 'HUNTER_SHOT') {
      m.tally = null;
    }
    if (p.to === 'ENDED') m.phaseEndsAt = null;
    break;
  case 'TURN_STARTED':
    m.speaking = { playerId: p.playerId, turnEndsAt: msOf(p.turnEndsAtMs, p.turnEndsAt) };
    break;
  case 'TURN_MISSED':
    if (m.speaking && m.speaking.playerId === p.playerId) m.speaking = null;
    break;
  case 'PUBLIC_MESSAGE':
  case 'NARRATOR':
    applyLine(m, e);
    break;
  case 'VOTE_CAST':
    if (!m.tally) m.tally = { day: m.day, votes: {}, pk: null };
    m.tally.votes[p.voterPlayerId] = p.targetPlayerId ?? null;
    break;
  case 'VOTE_RESULT':
    m.voteResult = p;
    break;
  case 'PLAYER_ELIMINATED': {
    const pl = m.players.get(p.playerId);
    if (pl) {
      pl.alive = false;
      pl.role = p.roleRevealed ?? p.revealedRole ?? pl.role;
    }
    break;
  }
  case 'GAME_ENDED':
    m.winner = p.winningTeam ?? null;
    break;
  case 'ROLES_REVEALED':
    for (const [id, role] of Object.entries(p.roles || {})) {
      const pl = m.players.get(id);
      if (pl) pl.role = role;
    }
    break;
  case 'MATCH_PAUSED':
    m.paused = true;
    m.pausedRemaining = p.remainingMs ?? null;
    break;
  case 'MATCH_RESUMED':
    m.paused = false;
    m.pausedRemaining = null;
    if (p.phaseEndsAtMs) m.phaseEndsAt = p.phaseEndsAtMs;
    if (m.speaking && p.turnEndsAtMs) m.speaking.turnEndsAt = p.turnEndsAtMs;
    break;
  default:
    break;
  }
}

// --- the director -------------------------------------------------------------

// The director's rule: follow the match with the most recent vote, death,
// night result or key moment, preferring matches still running over ended
// ones (ties: the newest match). It stays on a match for at least
// DIRECTOR_HOLD_MS so two busy matches do not make the page flicker, and
// leaves at once when its match disappears.
const DIRECTOR_HOLD_MS = 20000;

function pickDirected(matches, current, now) {
  const all = [...matches.values()];
  if (!all.length) return null;
  const keep = current && matches.get(current.id);
  if (keep && now - current.since < DIRECTOR_HOLD_MS) return current.id;
  const running = all.filter((m) => m.phase !== 'ENDED');
  const pool = running.length ? running : all;
  pool.sort((a, b) => (b.activity - a.activity) || ((b.number ?? 0) - (a.number ?? 0)));
  return pool[0].id;
}

// --- the connection -----------------------------------------------------------

/**
 * Starts reading the feed; calls onChange(view) after every change and
 * every 250 ms (for countdowns). view: {match, hostNow(), connected, matches}.
 */
export function startFeed(onChange) {
  const state = {
    matches: new Map(), cursor: null, offsetMs: 0, delayMs: 0, connected: false,
    directed: null, // {id, since}
  };
  let backoffMs = 500;
  let socket = null;

  // The host's clock as the page shows it: the host's "now" less the delay,
  // so countdowns of delayed state run as they did for the host (doc: hello).
  const hostNow = () => Date.now() + state.offsetMs - state.delayMs;

  function followed() {
    if (options.match) return state.matches.get(options.match) || null;
    const id = pickDirected(state.matches, state.directed, Date.now());
    if (!id) {
      state.directed = null;
      return null;
    }
    if (!state.directed || state.directed.id !== id) state.directed = { id, since: Date.now() };
    return state.matches.get(id);
  }

  let note = null;
  function showNote(text) {
    if (!text) {
      if (note) note.remove();
      note = null;
      return;
    }
    if (!note) {
      note = el('div', 'panel feed-note');
      note.id = 'feed-note';
      document.body.appendChild(note);
    }
    if (note.textContent !== text) note.textContent = text;
  }

  function notify() {
    const match = followed();
    if (state.fatal) showNote(t('stopped', { why: document.body.dataset.error || '' }));
    else showNote(!match && state.waitingFor ? t('waitingFor', { id: state.waitingFor }) : null);
    document.body.dataset.waitingFor = !match && state.waitingFor ? state.waitingFor : '';
    document.body.dataset.match = match ? match.id : '';
    document.body.dataset.connected = state.connected ? 'true' : 'false';
    document.body.dataset.lastSeq = match ? String(match.lastSeq) : '0';
    onChange({ match, hostNow, connected: state.connected, matches: state.matches });
  }

  function onMessage(msg) {
    switch (msg.type) {
    case 'hello':
      state.offsetMs = (msg.serverTime ?? Date.now()) - Date.now();
      state.delayMs = msg.delayMs ?? 0;
      state.connected = true;
      backoffMs = 500;
      break;
    case 'snapshot':
      state.waitingFor = null;
      state.matches = new Map();
      for (const s of msg.matches || []) state.matches.set(s.matchId, matchFromSnapshot(s));
      state.cursor = msg.cursor ?? state.cursor;
      break;
    case 'event': {
      state.cursor = msg.cursor ?? state.cursor;
      let m = state.matches.get(msg.matchId);
      if (!m) {
        m = matchFromSnapshot({ matchId: msg.matchId });
        state.matches.set(msg.matchId, m);
      }
      applyEvent(m, msg.event);
      break;
    }
    case 'keyMoment': {
      state.cursor = msg.cursor ?? state.cursor;
      const m = state.matches.get(msg.matchId);
      if (m) m.activity = Math.max(m.activity, hostNow());
      break;
    }
    case 'error':
      if (msg.code === 'unknown_match') {
        // Pinned to a match the host has not started yet: ask again soon,
        // and say on the page what it waits for.
        state.waitingFor = options.match;
        break;
      }
      // A bad parameter: reconnecting would only repeat it. Say so on the page.
      document.body.dataset.error = msg.message || msg.code || 'error';
      state.fatal = true;
      break;
    default:
      break;
    }
    notify();
  }

  function connect() {
    const q = new URLSearchParams();
    if (options.match) q.set('match', options.match);
    if (options.delay) q.set('delay', options.delay);
    if (state.cursor) q.set('cursor', state.cursor);
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/spectate?${q}`);
    socket.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      onMessage(msg);
    };
    socket.onclose = () => {
      state.connected = false;
      notify();
      if (state.fatal) return;
      if (state.waitingFor) {
        // The host is there; the match is not, yet.
        setTimeout(connect, 3000);
        return;
      }
      // Back off so a host that is down is not hammered; the cursor makes
      // the reconnect carry on where this socket stopped.
      setTimeout(connect, backoffMs);
      backoffMs = Math.min(backoffMs * 2, 15000);
    };
  }

  connect();
  setInterval(notify, 250);
  return { hostNow, state };
}

// --- helpers the pages share ---------------------------------------------------

/** "Day 2 · Vote" style label of a match's phase. */
export function phaseLabel(m) {
  return t(m.phase);
}

/** Whole seconds left until \a endsAt on the page's clock, or null. */
export function secondsLeft(endsAt, hostNow, m) {
  if (m && m.paused && m.pausedRemaining !== null) return Math.ceil(m.pausedRemaining / 1000);
  if (!endsAt) return null;
  return Math.max(0, Math.ceil((endsAt - hostNow()) / 1000));
}

/** The players of a match in seat order. */
export function seated(m) {
  return [...m.players.values()].sort((a, b) => a.seat - b.seat);
}

/**
 * Who has the floor: the player whose opening turn it is, else the last
 * player to speak today (discussion has no turns; during the vote the last
 * word of the day stays up).
 */
export function currentSpeaker(m) {
  if (m.speaking) return m.speaking.playerId;
  const day = ['DAY_OPENING', 'DAY_DISCUSSION', 'DAY_VOTE'].includes(m.phase);
  return day && m.lastLine && m.lastLine.day === m.day ? m.lastLine.playerId : null;
}

/** A player's display name, or its id when unknown. */
export function nameOf(m, id) {
  return m.players.get(id)?.name ?? id;
}

/** Replaces the children of \a node with \a children. */
export function fill(node, children) {
  node.replaceChildren(...children);
}
