// SPDX-License-Identifier: MIT
#include "host/recovery.h"

#include "host/host.h"
#include "host/store/store.h"

namespace townhall::host {

Recovery
recoverFromStore(Store &store, engine::Lobby &lobby, engine::TimeMs now, std::size_t keepEnded)
{
    Recovery out;
    if (auto journal = store.loadLobbyJournal())
        for (const auto &r : journal.value())
            lobby.applyRecord(r);
    // Ended matches are small and never change again.
    if (auto ended = store.matchIds(MatchStatus::Ended)) {
        const auto &ids = ended.value();
        for (std::size_t i = ids.size() > keepEnded ? ids.size() - keepEnded : 0; i < ids.size();
             ++i)
            if (auto m = store.loadMatch(ids[i])) {
                const engine::TimeMs created = m.value().state().createdAt;
                lobby.adopt(std::move(m.value()), created);
            }
    }
    if (auto queued = store.queuedModelSeats())
        out.queuedModelSeats = std::move(queued.value());
    else
        out.notices << Host::tr("The model seats waiting in the queue could not be read: %1")
                           .arg(queued.error().message);
    auto unfinished = store.unfinishedMatches();
    if (!unfinished)
        return out;
    for (RecoveredMatch &rm : unfinished.value()) {
        if (!rm.match) {
            out.notices << Host::tr("Match %1 could not be recovered: %2")
                               .arg(QString::fromStdString(rm.row.matchId), rm.problem);
            continue;
        }
        engine::Match *m = lobby.adopt(std::move(*rm.match), rm.row.startedAt);
        const std::uint64_t stored = m->state().lastSeq;
        m->resume(now, "recovered"); // a short grace period, announced to everyone
        out.resumed.push_back({m, stored});
        if (auto seats = store.modelSeats(m->matchId())) {
            for (ModelSeatRow &seat : seats.value()) {
                auto notes = store.modelNotes(seat.matchId, seat.playerId);
                if (!notes)
                    out.notices << Host::tr(
                                       "The notes of model seat %1 in %2 could not be read: %3")
                                       .arg(QString::fromStdString(seat.playerId),
                                            QString::fromStdString(seat.matchId),
                                            notes.error().message);
                std::vector<ModelNoteRow> kept
                    = notes ? std::move(notes.value()) : std::vector<ModelNoteRow>();
                if (kept.size() > PilotLog::MaxNotes)
                    kept.erase(kept.begin(),
                               kept.end() - static_cast<std::ptrdiff_t>(PilotLog::MaxNotes));
                out.modelSeats.push_back({std::move(seat), std::move(kept)});
            }
        } else {
            out.notices << Host::tr("The model seats of %1 could not be read: %2")
                               .arg(QString::fromStdString(m->matchId()), seats.error().message);
        }
        out.notices << Host::tr("Resumed %1 at %2, day %3")
                           .arg(QString::fromStdString(m->matchId()),
                                QString::fromUtf8(engine::toString(m->state().phase).data()))
                           .arg(m->state().dayNumber);
    }
    return out;
}

} // namespace townhall::host
