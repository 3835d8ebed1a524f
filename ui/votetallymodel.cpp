// SPDX-License-Identifier: MIT
#include "ui/votetallymodel.h"

#include "ui/uitext.h"

#include "engine/payloads.h"

#include <algorithm>
#include <map>

namespace townhall::ui {

using engine::Phase;

namespace {

using VoteResult = engine::payload::VoteResult;

/// The last VOTE_RESULT that sent a tie to the PK: the revote's first round.
std::optional<VoteResult> lastPkResult(const engine::Match &match)
{
    for (auto it = match.log().rbegin(); it != match.log().rend(); ++it)
        if (auto r = engine::payloadAs<VoteResult>(*it); r && !r->pk.empty())
            return r;
    return std::nullopt;
}

} // namespace

VoteTallyModel::VoteTallyModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

VoteTallyModel::~VoteTallyModel() = default;

void VoteTallyModel::sync(const engine::Match *match, const engine::Viewer &)
{
    std::vector<Row> rows;
    Summary sum;
    if (match) {
        const engine::MatchState &s = match->state();
        // The reducer keeps each player's vote until the next DAY_VOTE starts,
        // so the last result stays on screen through the night.
        std::optional<VoteResult> result;
        for (auto it = match->log().rbegin(); it != match->log().rend(); ++it) {
            if ((result = engine::payloadAs<VoteResult>(*it)))
                break;
            if (const auto p = engine::payloadAs<engine::payload::PhaseChanged>(*it);
                p && (p->to == Phase::DayVote || p->to == Phase::DayPkVote))
                break;
        }
        sum.tieGoesToPk = s.config.rules.tie == engine::TieRule::Pk;
        // The revote, running or with its result (pkRound 1).
        sum.pkRevote = s.phase == Phase::DayPkVote || (result && result->pkRound > 0);
        // A replay can stop right on VOTE_RESULT, before the phase moves on.
        sum.live = (s.phase == Phase::DayVote || s.phase == Phase::DayPkVote) && !result;
        std::map<std::string, Row> byTarget;
        Row abstain;
        // In the revote only the tied players are candidates; each gets a row,
        // even before a vote, so the screen says who is on the line.
        std::vector<std::string> candidates;
        std::optional<VoteResult> pkFrom;
        sum.toPk = result && !result->pk.empty();
        if (sum.toPk)
            pkFrom = result;
        else if (sum.pkRevote)
            pkFrom = lastPkResult(*match); // the state forgets the PK's players at night
        if (pkFrom)
            candidates.assign(pkFrom->pk.begin(), pkFrom->pk.end());
        for (const std::string &id : candidates)
            if (const engine::Player *t = match->player(id))
                sum.pkNames << qs(t->displayName);
        if (sum.pkRevote) {
            for (const std::string &id : candidates)
                byTarget[id];
            if (pkFrom)
                sum.firstRound
                    = tr("First round: tied at %n vote(s) — %1", nullptr, pkFrom->topCount)
                          .arg(UiText::joinList(sum.pkNames));
        }
        // The tied players do not vote in the revote unless the rules say so.
        auto votesNow = [&](const engine::Player &p) {
            if (!sum.pkRevote || s.config.rules.pkCandidatesVote)
                return true;
            return std::find(candidates.begin(), candidates.end(), p.playerId) == candidates.end();
        };
        for (const engine::Player &p : s.players) {
            if (!p.voted && !votesNow(p))
                continue;
            if (p.voted) {
                const std::string target = p.voteTarget.value_or(std::string());
                Row &r = target.empty() ? abstain : byTarget[target];
                r.voterIds << qs(p.playerId);
                r.voterNames << qs(p.displayName);
                r.voterSeats << p.seat;
                ++sum.cast;
                ++sum.eligible;
            } else if (p.alive && (sum.live || result)) {
                ++sum.eligible;
                if (sum.live) {
                    sum.pending << qs(p.displayName);
                } else {
                    // Timed out: the rules count that as abstaining.
                    abstain.voterIds << qs(p.playerId);
                    abstain.voterNames << qs(p.displayName);
                    abstain.voterSeats << p.seat;
                }
            }
        }
        sum.hasVote = sum.live || sum.cast > 0 || result;
        if (sum.hasVote) {
            sum.final = result && !sum.live;
            sum.day = sum.final ? result->day : s.dayNumber;
            for (auto &[id, r] : byTarget) {
                if (id.empty())
                    continue;
                const engine::Player *t = match->player(id);
                r.targetId = qs(id);
                r.targetName = t ? qs(t->displayName) : qs(id);
                r.seat = t ? t->seat : 0;
                rows.push_back(r);
            }
            std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
                if (a.voterIds.size() != b.voterIds.size())
                    return a.voterIds.size() > b.voterIds.size();
                return a.seat < b.seat;
            });
            sum.topCount = rows.empty() ? 0 : int(rows.front().voterIds.size());
            sum.tie = rows.size() > 1 && rows[1].voterIds.size() == rows[0].voterIds.size()
                      && sum.topCount > 0;
            sum.majority = sum.eligible / 2 + 1;
            if (sum.final) {
                if (const auto out = result->eliminatedPlayerId) {
                    for (Row &r : rows)
                        r.eliminated = r.targetId == qs(*out);
                    if (const engine::Player *t = match->player(std::string(*out)))
                        sum.eliminatedName = qs(t->displayName);
                }
                sum.tie = result->tie;
            }
            if (!abstain.voterNames.isEmpty())
                rows.push_back(abstain);
        }
    }

    bool sameKeys = rows.size() == m_rows.size();
    for (std::size_t i = 0; sameKeys && i < rows.size(); ++i)
        sameKeys = rows[i].targetId == m_rows[i].targetId;
    if (!sameKeys) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    } else {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (rows[i] == m_rows[i])
                continue;
            m_rows[i] = std::move(rows[i]);
            Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
        }
    }
    if (!(sum == m_summary)) {
        m_summary = std::move(sum);
        Q_EMIT summaryChanged();
    }
}

QModelIndex VoteTallyModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

QModelIndex VoteTallyModel::parent(const QModelIndex &) const
{
    return {};
}

int VoteTallyModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int VoteTallyModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VoteTallyModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    const bool abstain = r.targetId.isEmpty();
    const int count = int(r.voterIds.size());
    const bool leading = !abstain && count > 0 && count == m_summary.topCount;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TargetColumn:
            return abstain ? tr("Abstained") : r.targetName;
        case VotesColumn:
            return count;
        case VotersColumn:
            return UiText::joinList(r.voterNames);
        }
        return {};
    case Qt::AccessibleTextRole:
    case Qt::ToolTipRole:
        return tr("%1: %n vote(s) (%2)", nullptr, count)
            .arg(abstain ? tr("Abstained") : r.targetName, UiText::joinList(r.voterNames));
    case TargetIdRole:
        return r.targetId;
    case CountRole:
        return count;
    case VoterIdsRole:
        return r.voterIds;
    case VoterNamesRole:
        return r.voterNames;
    case VoterColorsRole: {
        QVariantList colors;
        for (int seat : r.voterSeats)
            colors << seatColor(seat);
        return colors;
    }
    case ColorRole:
        return abstain ? QColor(Qt::gray) : seatColor(r.seat);
    case AbstainRole:
        return abstain;
    case LeadingRole:
        return leading;
    case TiedRole:
        return leading && m_summary.tie;
    case EliminatedRole:
        return r.eliminated;
    }
    return {};
}

QVariant VoteTallyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TargetColumn:
        return tr("Target");
    case VotesColumn:
        return tr("Votes");
    case VotersColumn:
        return tr("Voters");
    }
    return {};
}

} // namespace townhall::ui
