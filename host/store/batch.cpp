// SPDX-License-Identifier: MIT
#include "host/store/batch.h"

#include "mcp/jsonwrite.h"

#include <algorithm>
#include <iterator>

namespace townhall::host {

bool modelnotes::isKind(std::string_view kind)
{
    return kind == Thought || kind == StandIn || kind == HandOver;
}

std::string storedJson(const nlohmann::json &j)
{
    // The reply path's writer: the same text as nlohmann's dump(), with its
    // replacement of invalid UTF-8 (it falls back to dump() for that).
    return mcp::writeJson(j, nlohmann::json::error_handler_t::replace);
}

EventRow EventRow::of(const engine::Event &e)
{
    return EventRow{e.matchId,
                    e.seq,
                    e.eventId,
                    e.at,
                    e.type,
                    e.audience,
                    e.audiencePlayerId,
                    storedJson(e.payload)};
}

MatchWrite &Batch::writeFor(const std::string &matchId)
{
    // Linear: a batch touches a handful of matches, and order must be kept.
    for (MatchWrite &w : matches)
        if (w.matchId == matchId)
            return w;
    matches.push_back(MatchWrite{matchId, {}, std::nullopt});
    return matches.back();
}

void Batch::add(const engine::Match &match,
                std::vector<engine::Event> events,
                const std::string &queueId)
{
    addEvents(match.matchId(), events);
    writeFor(match.matchId()).snapshot = snapshotOf(match, queueId);
}

void Batch::addLast(const engine::Match &match, std::size_t count, const std::string &queueId)
{
    const std::vector<engine::Event> &log = match.log();
    count = std::min(count, log.size());
    addEvents(match.matchId(), std::span<const engine::Event>(log).last(count));
    writeFor(match.matchId()).snapshot = snapshotOf(match, queueId);
}

void Batch::addEvents(const std::string &matchId, std::span<const engine::Event> events)
{
    MatchWrite &w = writeFor(matchId);
    w.events.reserve(w.events.size() + events.size());
    for (const engine::Event &e : events)
        w.events.push_back(EventRow::of(e));
}

void Batch::addLobbyRecords(const std::vector<engine::LobbyRecord> &records)
{
    lobbyRecords.insert(lobbyRecords.end(), records.begin(), records.end());
}

void Batch::addIdempotency(IdempotencyRecord record)
{
    idempotency.push_back(std::move(record));
}

void Batch::addModelSeat(ModelSeatRow row)
{
    for (ModelSeatRow &r : modelSeats)
        if (r.matchId == row.matchId && r.playerId == row.playerId) {
            r = std::move(row);
            return;
        }
    modelSeats.push_back(std::move(row));
}

void Batch::addModelNotes(std::vector<ModelNoteRow> notes)
{
    modelNotes.insert(modelNotes.end(),
                      std::make_move_iterator(notes.begin()),
                      std::make_move_iterator(notes.end()));
}

void Batch::addQueuedModelSeat(QueuedModelSeatRow row)
{
    queuedModelSeats.push_back(std::move(row));
}

void Batch::removeQueuedModelSeat(std::string agentId)
{
    unqueuedModelSeats.push_back(std::move(agentId));
}

bool Batch::empty() const
{
    return lobbyRecords.empty() && matches.empty() && idempotency.empty() && modelSeats.empty()
           && modelNotes.empty() && queuedModelSeats.empty() && unqueuedModelSeats.empty();
}

std::size_t Batch::eventCount() const
{
    std::size_t n = 0;
    for (const MatchWrite &w : matches)
        n += w.events.size();
    return n;
}

std::vector<EventSpan> Batch::eventSpans() const
{
    std::vector<EventSpan> spans;
    for (const MatchWrite &w : matches)
        if (!w.events.empty())
            spans.push_back(EventSpan{w.matchId, w.events.front().seq, w.events.back().seq});
    return spans;
}

void Batch::dropEvents()
{
    for (MatchWrite &w : matches) {
        w.events = {};
        w.snapshot.reset();
    }
    modelSeats = {};
    modelNotes = {};
}

void Batch::clear()
{
    lobbyRecords.clear();
    matches.clear();
    idempotency.clear();
    modelSeats.clear();
    modelNotes.clear();
    queuedModelSeats.clear();
    unqueuedModelSeats.clear();
}

} // namespace townhall::host
