// SPDX-License-Identifier: MIT
#include "host/tournamentstore.h"

#include "host/store/storetr.h"

namespace townhall::host {

TournamentStore::~TournamentStore() = default;

StoreResult<std::optional<TournamentMatchRow>>
TournamentStore::playedMatch(const std::string &id, const std::string &matchId) const
{
    auto rows = tournamentMatches(id, true);
    if (!rows)
        return rows.error();
    for (TournamentMatchRow &row : rows.value())
        if (row.matchId == matchId && row.status == "DONE")
            return std::optional<TournamentMatchRow>(std::move(row));
    return std::optional<TournamentMatchRow>();
}

StoreResult<std::string>
LocalTournaments::createTournament(TournamentRow row,
                                   const std::vector<TournamentMatchRow> &schedule)
{
    auto id = m_store.nextTournamentId();
    if (!id)
        return id.error();
    row.id = id.value();
    std::vector<TournamentMatchRow> rows = schedule;
    for (TournamentMatchRow &r : rows)
        r.tournamentId = row.id;
    if (auto r = m_store.createTournament(row, rows); !r)
        return r.error();
    return row.id;
}

StoreResult<std::vector<TournamentMatchRow>>
LocalTournaments::claimMatches(const std::string &id, const std::string &, int max, int)
{
    auto it = m_unclaimed.find(id);
    if (it == m_unclaimed.end()) {
        auto rows = m_store.tournamentMatches(id, false);
        if (!rows)
            return rows.error();
        std::deque<TournamentMatchRow> open;
        for (TournamentMatchRow &row : rows.value())
            if (row.status != "DONE")
                open.push_back(std::move(row));
        it = m_unclaimed.emplace(id, std::move(open)).first;
    }
    std::vector<TournamentMatchRow> out;
    while (!it->second.empty() && int(out.size()) < max) {
        out.push_back(std::move(it->second.front()));
        it->second.pop_front();
        out.back().status = "PLAYING";
    }
    return out;
}

StoreResult<void> LocalTournaments::setClaimedMatchId(const std::string &id,
                                                      int index,
                                                      const std::string &,
                                                      const std::string &matchId)
{
    TournamentMatchRow row;
    row.tournamentId = id;
    row.index = index;
    row.status = "PLAYING";
    row.matchId = matchId;
    return m_store.updateTournamentMatches({row});
}

StoreResult<int> LocalTournaments::completeMatches(const std::vector<TournamentMatchRow> &rows,
                                                   const std::string &)
{
    if (auto r = m_store.updateTournamentMatches(rows); !r)
        return r.error();
    return int(rows.size());
}

StoreResult<void> LocalTournaments::releaseMatches(const std::string &id,
                                                   const std::vector<int> &indexes,
                                                   const std::string &)
{
    std::vector<TournamentMatchRow> reset;
    for (int index : indexes) {
        TournamentMatchRow row;
        row.tournamentId = id;
        row.index = index;
        reset.push_back(std::move(row));
    }
    if (auto r = m_store.updateTournamentMatches(reset); !r)
        return r;
    m_unclaimed.erase(id); // read again on the next claim
    return {};
}

StoreResult<bool> LocalTournaments::finishTournament(const std::string &id, const std::string &)
{
    auto row = m_store.tournament(id);
    if (!row)
        return row.error();
    if (row.value().status == "FINISHED")
        return false;
    if (auto r = m_store.setTournamentStatus(id, "FINISHED"); !r)
        return r.error();
    return true;
}

} // namespace townhall::host
