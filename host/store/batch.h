// SPDX-License-Identifier: MIT
#pragma once

/// \file batch.h
/// Everything one Store::commit writes in one transaction: lobby journal
/// records, the events of any number of matches with their refreshed rows,
/// the idempotency records of the tool calls that produced them, and what
/// the pilots of model seats logged (their rows and notes, and the seats
/// waiting in the queue).
///
/// The host gathers the results of every command that arrived in one turn
/// of its event loop into one Batch, commits it, and only then answers the
/// agents and publishes the events. If the commit fails nothing of the batch
/// is stored.

#include "host/store/matchsnapshot.h"

#include "engine/event.h"
#include "engine/lobby.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::host {

/// A stored tool result, so that a retried call with the same idempotency
/// key gets the same answer, even after a restart.
struct IdempotencyRecord
{
    std::string scope;   ///< tool, e.g. "match.vote"
    std::string key;     ///< the caller's idempotencyKey
    std::string agentId; ///< keys are per agent: two agents may reuse a key
    std::optional<std::string> matchId;
    std::string argsHash;         ///< hash of the arguments, to detect key reuse with other args
    std::string resultJson;       ///< the tool result, verbatim
    engine::TimeMs createdAt = 0; ///< 0 = the store's clock at commit

    bool operator==(const IdempotencyRecord &) const = default;
};

/// JSON as the store writes it: compact, invalid UTF-8 replaced (agent text
/// may hold anything; serializing must never throw).
std::string storedJson(const nlohmann::json &j);

/// An event as the store writes it: the engine's event with its payload
/// already serialized. A batch converts events when they are added, so it
/// holds a few strings per event instead of a copy of a JSON tree, and the
/// thread that commits it reads no engine structures.
struct EventRow
{
    std::string matchId;
    std::uint64_t seq = 0;
    std::string eventId;
    engine::TimeMs at = 0;
    engine::EventType type = engine::EventType::MatchCreated;
    engine::Audience audience = engine::Audience::Public;
    std::string audiencePlayerId;
    std::string payload; ///< storedJson(event.payload)

    static EventRow of(const engine::Event &e);
};

/// The writes for one match inside a batch.
struct MatchWrite
{
    std::string matchId;
    /// Appended in order. The first must follow the stored log directly
    /// (seq = last stored seq + 1) and the rest must be dense.
    std::vector<EventRow> events;
    /// The rows after `events`; written when present.
    std::optional<MatchSnapshot> snapshot;
};

/// The kinds of a model seat's notes (host/seats/pilot.h, PilotNote), as stored
/// and exported.
namespace modelnotes {
inline constexpr const char *Thought = "THOUGHT";
inline constexpr const char *StandIn = "STAND_IN";
inline constexpr const char *HandOver = "HAND_OVER";
bool isKind(std::string_view kind);
} // namespace modelnotes

/// A seat of a match played by a language model (host/seats/pilot.h), as stored
/// in `model_seats`. The profile is the one the seat plays with, without
/// its key: the host writes ProviderProfile::toJson, which never holds one.
struct ModelSeatRow
{
    std::string matchId;
    std::string playerId;
    std::string agentId;
    std::string displayName;
    std::string profileJson; ///< a JSON object: the profile (with its "name"), never a key
    std::string persona;
    std::string statsJson; ///< a JSON object: PilotStats::toJson

    bool operator==(const ModelSeatRow &) const = default;
};

/// One entry of a model seat's private log (`model_notes`), numbered per
/// seat from 0.
struct ModelNoteRow
{
    std::string matchId;
    std::string playerId;
    std::int64_t n = 0;
    engine::TimeMs at = 0;
    int day = 0;
    std::string phase; ///< engine::toString(Phase)
    std::string kind;  ///< one of modelnotes
    std::string text;

    bool operator==(const ModelNoteRow &) const = default;
};

/// A model seat waiting in the queue (`queued_model_seats`), so that a
/// restarted host can play it when a match takes it. Its place in the queue
/// is the lobby journal's; this says how to play it.
struct QueuedModelSeatRow
{
    std::string agentId;
    std::string displayName;
    std::string profileJson; ///< as ModelSeatRow::profileJson
    std::string persona;
    engine::TimeMs queuedAt = 0;

    bool operator==(const QueuedModelSeatRow &) const = default;
};

/// Which events of a match a batch held.
struct EventSpan
{
    std::string matchId;
    std::uint64_t first = 0; ///< seq of the first event
    std::uint64_t last = 0;  ///< seq of the last event
};

struct Batch
{
    std::vector<engine::LobbyRecord> lobbyRecords;
    std::vector<MatchWrite> matches;
    std::vector<IdempotencyRecord> idempotency;
    /// Model seats are written after everything else of the batch: a row
    /// replaces the seat's stored one, a note the stored note of its number.
    std::vector<ModelSeatRow> modelSeats;
    std::vector<ModelNoteRow> modelNotes;
    std::vector<QueuedModelSeatRow> queuedModelSeats;
    /// Agent ids whose queued model seat is gone (seated or left), written
    /// after queuedModelSeats.
    std::vector<std::string> unqueuedModelSeats;

    /// Adds the events a command produced in `match` and refreshes the
    /// match's rows from its current state. Call it after the engine applied
    /// the events; several calls for one match merge (the last state wins).
    void add(const engine::Match &match,
             std::vector<engine::Event> events,
             const std::string &queueId = engine::DefaultQueueId);
    /// The same for the engine's hot path (Match::submit / Match::tick
    /// return how many events they appended): takes the last `count` events
    /// of `match.log()`.
    void addLast(const engine::Match &match,
                 std::size_t count,
                 const std::string &queueId = engine::DefaultQueueId);
    /// Adds events without touching the match's rows (rarely right: the rows
    /// then lag behind the log until the next snapshot).
    void addEvents(const std::string &matchId, std::span<const engine::Event> events);
    void addEvents(const std::string &matchId, const std::vector<engine::Event> &events)
    {
        addEvents(matchId, std::span<const engine::Event>(events));
    }
    void addLobbyRecords(const std::vector<engine::LobbyRecord> &records);
    void addIdempotency(IdempotencyRecord record);
    /// A seat's row; a later row for the same seat in this batch replaces it.
    void addModelSeat(ModelSeatRow row);
    void addModelNotes(std::vector<ModelNoteRow> notes);
    void addQueuedModelSeat(QueuedModelSeatRow row);
    void removeQueuedModelSeat(std::string agentId);

    bool empty() const;
    std::size_t eventCount() const;
    /// The events held, per match that has any.
    std::vector<EventSpan> eventSpans() const;
    /// Frees the events and rows, the model seats' included (after the
    /// commit: the host keeps the events in its engine log and the notes in
    /// the pilots' logs), keeping the rest.
    void dropEvents();
    void clear();

private:
    MatchWrite &writeFor(const std::string &matchId);
};

} // namespace townhall::host
