// SPDX-License-Identifier: MIT
#include "host/store/schema.h"

#include "host/store/sqlutil.h"
#include "host/store/storetr.h"

#include "engine/lobby.h"

#include <QSqlQuery>
#include <QVariant>

#include <map>

namespace townhall::host::schema {

namespace {

// Version 1: the data model's tables as the first release wrote them. Frozen:
// never edit; change the schema with a new step instead.
constexpr const char *V1 = R"sql(
CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,
    applied_at_ms INTEGER NOT NULL
);
CREATE TABLE queue (
    queue_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    joined_at_ms INTEGER NOT NULL,
    idempotency_key TEXT,
    PRIMARY KEY (queue_id, agent_id)
);
CREATE INDEX queue_by_queue_joined ON queue (queue_id, joined_at_ms);
CREATE TABLE matches (
    match_id TEXT PRIMARY KEY NOT NULL,
    world_id TEXT NOT NULL DEFAULT 'default',
    queue_id TEXT NOT NULL,
    building_instance_id TEXT NOT NULL,
    match_number INTEGER NOT NULL,
    seed TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'ENDED')),
    phase TEXT NOT NULL,
    day_number INTEGER NOT NULL,
    night_number INTEGER NOT NULL,
    phase_started_at_ms INTEGER NOT NULL,
    phase_ends_at_ms INTEGER NOT NULL,
    players_alive INTEGER NOT NULL,
    started_at_ms INTEGER NOT NULL,
    ended_at_ms INTEGER,
    winner TEXT CHECK (winner IN ('VILLAGERS', 'WEREWOLVES')),
    public_summary TEXT NOT NULL DEFAULT '',
    paused INTEGER NOT NULL DEFAULT 0,
    last_seq INTEGER NOT NULL DEFAULT 0,
    last_advance_job_at_ms INTEGER,
    updated_at_ms INTEGER NOT NULL
);
CREATE INDEX matches_by_world_phase ON matches (world_id, phase);
CREATE INDEX matches_by_queue_started ON matches (queue_id, started_at_ms);
CREATE INDEX matches_by_status ON matches (status, match_number);
CREATE TABLE players (
    match_id TEXT NOT NULL
        REFERENCES matches (match_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    player_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 8),
    role TEXT NOT NULL,
    alive INTEGER NOT NULL,
    eliminated_at_ms INTEGER,
    revealed_role INTEGER NOT NULL DEFAULT 0,
    ready INTEGER NOT NULL DEFAULT 0,
    doctor_last_protected_player_id TEXT,
    seer_history TEXT NOT NULL DEFAULT '[]',
    night_action TEXT NOT NULL DEFAULT '{}',
    did_opening_for_day INTEGER,
    vote_target_player_id TEXT,
    voted INTEGER NOT NULL DEFAULT 0,
    last_public_message_at_ms INTEGER,
    last_wolf_chat_at_ms INTEGER,
    missed_deadlines INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, player_id),
    UNIQUE (match_id, seat)
);
CREATE INDEX players_by_agent ON players (agent_id);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL REFERENCES matches (match_id) DEFERRABLE INITIALLY DEFERRED,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    event_id TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    type TEXT NOT NULL,
    visibility TEXT NOT NULL,
    payload TEXT NOT NULL
);
CREATE UNIQUE INDEX events_by_match_seq ON events (match_id, seq);
CREATE TABLE buildings (
    match_id TEXT PRIMARY KEY NOT NULL,
    building_instance_id TEXT NOT NULL,
    world_id TEXT NOT NULL DEFAULT 'default',
    x REAL NOT NULL,
    y REAL NOT NULL,
    label TEXT NOT NULL,
    match_number INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL
);
CREATE INDEX buildings_by_world ON buildings (world_id);
CREATE TABLE idempotency (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    player_id TEXT NOT NULL,
    match_id TEXT,
    result TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
);
)sql";

// Version 2: agents with hashed tokens; the lobby journal (the queue becomes
// a fold of it, like a match is a fold of its events); the event audience as
// the engine has it (audience + player instead of one "PLAYER:p:3" string);
// idempotency keyed per agent with an argument hash; the state hash on
// matches so recovery can check a replay; imported matches marked.
constexpr const char *V1toV2 = R"sql(
CREATE TABLE events_v2 (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL REFERENCES matches (match_id) DEFERRABLE INITIALLY DEFERRED,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    event_id TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    type TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('PUBLIC', 'WOLVES', 'PLAYER', 'HOST')),
    audience_player_id TEXT,
    payload TEXT NOT NULL,
    CHECK ((audience = 'PLAYER') = (audience_player_id IS NOT NULL))
);
INSERT INTO events_v2 (id, match_id, seq, event_id, at_ms, type, audience, audience_player_id, payload)
    SELECT id, match_id, seq, event_id, at_ms, type,
           CASE WHEN visibility LIKE 'PLAYER:%' THEN 'PLAYER' ELSE visibility END,
           CASE WHEN visibility LIKE 'PLAYER:%' THEN substr(visibility, 8) END,
           payload
    FROM events ORDER BY id;
DROP TABLE events;
ALTER TABLE events_v2 RENAME TO events;
CREATE UNIQUE INDEX events_by_match_seq ON events (match_id, seq);
CREATE TABLE idempotency_v2 (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    match_id TEXT,
    args_hash TEXT NOT NULL DEFAULT '',
    result_json TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (scope, key, agent_id)
);
INSERT INTO idempotency_v2 (scope, key, agent_id, match_id, args_hash, result_json, created_at_ms)
    SELECT i.scope, i.key,
           COALESCE((SELECT p.agent_id FROM players p
                     WHERE p.match_id = i.match_id AND p.player_id = i.player_id),
                    i.player_id),
           i.match_id, '', i.result, i.created_at_ms
    FROM idempotency i;
DROP TABLE idempotency;
ALTER TABLE idempotency_v2 RENAME TO idempotency;
CREATE INDEX idempotency_by_created ON idempotency (created_at_ms);
ALTER TABLE matches ADD COLUMN state_hash TEXT;
ALTER TABLE matches ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
CREATE TABLE agents (
    agent_id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL CHECK (length(name) > 0),
    token_sha256 TEXT NOT NULL UNIQUE,
    created_at_ms INTEGER NOT NULL,
    revoked_at_ms INTEGER
);
CREATE UNIQUE INDEX agents_active_name ON agents (name) WHERE revoked_at_ms IS NULL;
CREATE TABLE lobby_journal (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('JOINED', 'LEFT', 'MATCH_STARTED')),
    at_ms INTEGER NOT NULL,
    queue_id TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
)sql";

// Version 3: the tool-call inspector's recorder keeps every MCP call that
// named a match, so an agent developer can read a finished match's calls
// after a restart. Request and response are stored as compact JSON. The
// recorder has since moved to a calls file of its own
// (host/recorder/calllog.h): the store only reads this table, for files that
// older versions filled, and a new file has it empty (it takes every step).
constexpr const char *V2toV3 = R"sql(
CREATE TABLE tool_calls (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL,
    at_us INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    agent_name TEXT NOT NULL,
    method TEXT NOT NULL,
    tool TEXT NOT NULL,
    status TEXT NOT NULL,
    tool_error_code TEXT,
    rpc_error_code INTEGER,
    http_status INTEGER NOT NULL,
    latency_us INTEGER NOT NULL,
    request TEXT NOT NULL,
    response TEXT NOT NULL
);
CREATE INDEX tool_calls_by_match ON tool_calls (match_id, at_us);
)sql";

// Version 4: smaller recorded calls. `response_form` says how `response` is
// stored (host/store/toolcallform.h): 0 as sent (every v3 row), 1 without the
// text block that repeats structuredContent, 2 compressed (a blob).
constexpr const char *V3toV4 = R"sql(
ALTER TABLE tool_calls ADD COLUMN response_form INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 5: a cheaper event insert, the host's most frequent write. The
// events table loses its per-row checks: the foreign key to matches (a
// lookup in matches per event), the audience's IN list (an ephemeral table
// built per statement) and seq >= 1. The store guarantees them before it
// writes: Store::commit takes events only for a match whose row exists or
// comes in the same batch, with seqs that follow the stored log densely from
// 1, and binds the audience from the engine's enum, with a player id exactly
// for PLAYER. The rowid and the unique (match_id, seq) index stay: a table
// keyed by (match_id, seq) WITHOUT ROWID was tried and was slower (events of
// many matches inserted in the middle of its B-tree, payloads and all).
constexpr const char *V4toV5 = R"sql(
CREATE TABLE events_v5 (
    id INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    event_id TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    type TEXT NOT NULL,
    audience TEXT NOT NULL,
    audience_player_id TEXT,
    payload TEXT NOT NULL
);
INSERT INTO events_v5 (id, match_id, seq, event_id, at_ms, type, audience, audience_player_id, payload)
    SELECT id, match_id, seq, event_id, at_ms, type, audience, audience_player_id, payload
    FROM events ORDER BY id;
DROP TABLE events;
ALTER TABLE events_v5 RENAME TO events;
CREATE UNIQUE INDEX events_by_match_seq ON events (match_id, seq);
)sql";

// Version 6: events are appended to one place only. The unique index on
// (match_id, seq) made every commit write a leaf page per match it touched
// (the end of each match's key range), and each of those pages went to the
// WAL and later through a checkpoint, so the cost of a commit grew with
// the number of matches it touched. The lookup by (match_id, seq) now lives
// in event_seqs, which the store fills in bulk, sorted, once
// Store::Options::indexEventsEvery events have been appended since it last
// did (inside that commit's transaction). event_seqs_cover says how far it
// reaches: every event with id <= up_to_id is in event_seqs, none above it
// is. Readers take the indexed part through event_seqs and the rest (at
// most that many events, all in the table's last pages) by rowid, in one
// statement. (match_id, seq) stays unique: the store checks that a match's
// seqs follow the file's log densely before it writes (against the file,
// not its memory, once another connection has written: PRAGMA
// data_version), and event_seqs' key never takes a second row for one
// (match, seq): a duplicate written by raw SQL is left out when filling,
// and reported.
constexpr const char *V5toV6 = R"sql(
CREATE TABLE event_seqs (
    match_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    id INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
INSERT INTO event_seqs (match_id, seq, id) SELECT match_id, seq, id FROM events ORDER BY match_id, seq;
CREATE TABLE event_seqs_cover (
    only INTEGER PRIMARY KEY CHECK (only = 1),
    up_to_id INTEGER NOT NULL
);
INSERT INTO event_seqs_cover (only, up_to_id) VALUES (1, COALESCE((SELECT MAX(id) FROM events), 0));
DROP INDEX events_by_match_seq;
)sql";

// Version 7: seats played by language models (host/seats/pilot.h). model_seats
// holds, per seat of a match, how it is played (the provider profile as
// JSON, never with a key, and the persona) and the pilot's counts as JSON,
// rewritten as they change; model_notes the pilot's private log, one row per
// note, keyed by its number. queued_model_seats says how to play the model
// seats waiting in the queue, so a restarted host can seat them: their place
// in the queue stays the lobby journal's.
constexpr const char *V6toV7 = R"sql(
CREATE TABLE model_seats (
    match_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    profile TEXT NOT NULL,
    persona TEXT NOT NULL DEFAULT '',
    stats TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (match_id, player_id)
);
CREATE TABLE model_notes (
    match_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    day INTEGER NOT NULL,
    phase TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (match_id, player_id, n)
) WITHOUT ROWID;
CREATE TABLE queued_model_seats (
    agent_id TEXT PRIMARY KEY NOT NULL,
    display_name TEXT NOT NULL,
    profile TEXT NOT NULL,
    persona TEXT NOT NULL DEFAULT '',
    queued_at_ms INTEGER NOT NULL
);
)sql";

// Version 8: tables of up to twelve seats and tournaments. players is rebuilt
// with room for twelve seats (version 1 allowed eight, and a nine-seat match
// could not be stored: the constraint refused its ninth player). A tournament keeps its file
// (normalized) and one row per scheduled match: the schedule entry, its
// state, the result with the seats' telemetry, and, for a match of built-in
// bots played at virtual time, the whole event log as one compressed blob
// (JSON lines, the export format). Live matches keep their log in events
// like every other match; match_id says which.
constexpr const char *V7toV8 = R"sql(
CREATE TABLE players_v8 (
    match_id TEXT NOT NULL
        REFERENCES matches (match_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    player_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 12),
    role TEXT NOT NULL,
    alive INTEGER NOT NULL,
    eliminated_at_ms INTEGER,
    revealed_role INTEGER NOT NULL DEFAULT 0,
    ready INTEGER NOT NULL DEFAULT 0,
    doctor_last_protected_player_id TEXT,
    seer_history TEXT NOT NULL DEFAULT '[]',
    night_action TEXT NOT NULL DEFAULT '{}',
    did_opening_for_day INTEGER,
    vote_target_player_id TEXT,
    voted INTEGER NOT NULL DEFAULT 0,
    last_public_message_at_ms INTEGER,
    last_wolf_chat_at_ms INTEGER,
    missed_deadlines INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, player_id),
    UNIQUE (match_id, seat)
);
INSERT INTO players_v8 SELECT * FROM players;
DROP TABLE players;
ALTER TABLE players_v8 RENAME TO players;
CREATE INDEX players_by_agent ON players (agent_id);
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    spec TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'RUNNING'
);
CREATE TABLE tournament_matches (
    tournament_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    schedule TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'SCHEDULED',
    match_id TEXT,
    result TEXT,
    log BLOB,
    finished_at_ms INTEGER,
    PRIMARY KEY (tournament_id, idx)
);
)sql";

StoreResult<void> recordVersion(QSqlDatabase &db, int version, qint64 nowMs)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO schema_version (version, applied_at_ms) VALUES (?, ?)"));
    q.addBindValue(version);
    q.addBindValue(nowMs);
    return run(q, "record the schema version");
}

StoreResult<void> step0to1(QSqlDatabase &db, qint64 nowMs)
{
    if (auto r = execScript(db, V1); !r)
        return r;
    if (auto r = execSql(db, QStringLiteral("PRAGMA application_id = %1").arg(ApplicationId)); !r)
        return r;
    return recordVersion(db, 1, nowMs);
}

/// Version 1 had no lobby journal, only its result (the queue table and the
/// matches). Rebuild a journal that folds to the same lobby: one
/// MATCH_STARTED per match (with the seats from `players`), then one JOINED
/// per queued agent, each in time order.
StoreResult<void> synthesizeJournal(QSqlDatabase &db)
{
    std::vector<engine::LobbyRecord> records;
    std::map<std::string, std::vector<std::string>> seats;
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.exec(
                QStringLiteral("SELECT match_id, agent_id FROM players ORDER BY match_id, seat")))
            return toStoreError(q.lastError(), QStringLiteral("read v1 players"));
        while (q.next())
            seats[q.value(0).toString().toStdString()].push_back(
                q.value(1).toString().toStdString());
    }
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.exec(QStringLiteral("SELECT match_id, queue_id, match_number, seed, started_at_ms "
                                   "FROM matches ORDER BY started_at_ms, match_number")))
            return toStoreError(q.lastError(), QStringLiteral("read v1 matches"));
        while (q.next()) {
            engine::LobbyRecord r;
            r.kind = engine::LobbyRecord::Kind::MatchStarted;
            r.matchId = q.value(0).toString().toStdString();
            r.queueId = q.value(1).toString().toStdString();
            r.matchNumber = q.value(2).toInt();
            r.seed = q.value(3).toString().toULongLong();
            r.at = q.value(4).toLongLong();
            r.seatedAgents = seats[r.matchId];
            records.push_back(std::move(r));
        }
    }
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.exec(QStringLiteral("SELECT queue_id, agent_id, display_name, joined_at_ms "
                                   "FROM queue ORDER BY joined_at_ms, rowid")))
            return toStoreError(q.lastError(), QStringLiteral("read v1 queue"));
        while (q.next()) {
            engine::LobbyRecord r;
            r.kind = engine::LobbyRecord::Kind::Joined;
            r.queueId = q.value(0).toString().toStdString();
            r.agentId = q.value(1).toString().toStdString();
            r.displayName = q.value(2).toString().toStdString();
            r.at = q.value(3).toLongLong();
            records.push_back(std::move(r));
        }
    }
    QSqlQuery ins(db);
    ins.prepare(QStringLiteral(
        "INSERT INTO lobby_journal (kind, at_ms, queue_id, record) VALUES (?, ?, ?, ?)"));
    for (const engine::LobbyRecord &r : records) {
        const engine::json j = r.toJson();
        ins.addBindValue(QString::fromStdString(j.at("kind").get<std::string>()));
        ins.addBindValue(qint64(r.at));
        ins.addBindValue(QString::fromStdString(r.queueId));
        ins.addBindValue(QString::fromStdString(j.dump()));
        if (auto res = run(ins, "synthesize the lobby journal"); !res)
            return res;
    }
    return {};
}

StoreResult<void> step1to2(QSqlDatabase &db, qint64 nowMs)
{
    if (auto r = execScript(db, V1toV2); !r)
        return r;
    if (auto r = synthesizeJournal(db); !r)
        return r;
    return recordVersion(db, 2, nowMs);
}

/// A step that is one script.
template<const char *const &Script, int To>
StoreResult<void> scripted(QSqlDatabase &db, qint64 nowMs)
{
    if (auto r = execScript(db, Script); !r)
        return r;
    return recordVersion(db, To, nowMs);
}

} // namespace

Step stepFrom(int from)
{
    switch (from) {
    case 0:
        return &step0to1;
    case 1:
        return &step1to2;
    case 2:
        return &scripted<V2toV3, 3>;
    case 3:
        return &scripted<V3toV4, 4>;
    case 4:
        return &scripted<V4toV5, 5>;
    case 5:
        return &scripted<V5toV6, 6>;
    case 6:
        return &scripted<V6toV7, 7>;
    case 7:
        return &scripted<V7toV8, 8>;
    default:
        return nullptr;
    }
}

} // namespace townhall::host::schema
