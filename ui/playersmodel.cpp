// SPDX-License-Identifier: MIT
#include "ui/playersmodel.h"

#include "ui/rowsync.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include "engine/payloads.h"

namespace townhall::ui {

using engine::Phase;

PlayersModel::PlayersModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

PlayersModel::~PlayersModel() = default;

void PlayersModel::sync(const engine::Match *match, const engine::Viewer &viewer)
{
    std::vector<Row> rows;
    if (match) {
        engine::StateOptions opts;
        opts.includeTranscriptSummary = false;
        const engine::StateView view = engine::stateView(*match, viewer, opts);
        const engine::MatchState &s = match->state();
        const bool omniscient = viewer.kind == engine::Viewer::Kind::Omniscient;
        auto nameOf = [match](const std::optional<std::string> &id) {
            if (!id || id->empty())
                return QString();
            const engine::Player *p = match->player(*id);
            return p ? qs(p->displayName) : qs(*id);
        };
        for (const engine::PlayerEntry &e : view.players) {
            Row r;
            r.playerId = qs(e.playerId);
            r.name = qs(e.displayName);
            r.seat = e.seat;
            r.alive = e.alive;
            r.ready = e.ready;
            r.role = e.revealedRole;
            const engine::Player *p = match->player(e.playerId);
            r.spoiler = r.role && p && !p->revealed;
            // Public: MATCH_CREATED names every seat's agent; a person's is "human:…".
            r.person = p && p->agentId.rfind("human:", 0) == 0;
            if (omniscient && p && s.phase == Phase::NightWitch && p->alive
                && p->role == engine::Role::Witch) {
                if (s.witchSaved)
                    r.nightAction = tr("saves %1").arg(nameOf(s.witchSaved));
                else if (s.witchPoisoned)
                    r.nightAction = tr("poisons %1").arg(nameOf(s.witchPoisoned));
            }
            // The witch's potions are hers alone to know: the omniscient view only,
            // and only once the role shows (the state folds WITCH_ACTED into them).
            if (omniscient && p && r.role == engine::Role::Witch) {
                QStringList held;
                if (p->hasAntidote)
                    held << tr("antidote");
                if (p->hasPoison)
                    held << tr("poison");
                r.potions = held.isEmpty() ? tr("no potions left") : UiText::joinList(held);
            }
            if (omniscient && p && s.phase == Phase::Night && p->alive) {
                if (p->wolfSelection)
                    r.nightAction = tr("hunts %1").arg(nameOf(p->wolfSelection));
                else if (p->seerTarget)
                    r.nightAction = tr("inspects %1").arg(nameOf(p->seerTarget));
                else if (p->doctorTarget)
                    r.nightAction = tr("protects %1").arg(nameOf(p->doctorTarget));
            }
            r.ready = e.ready && s.phase == Phase::Lobby; // only news while the lobby fills
            // Votes are public; shown while the vote runs and until the day ends.
            const bool votePhase = s.phase == Phase::DayVote || s.phase == Phase::DayResolution
                                   || s.phase == Phase::Ended;
            if (p && p->voted && votePhase) {
                r.voted = true;
                r.voteTarget = p->voteTarget && !p->voteTarget->empty() ? nameOf(p->voteTarget)
                                                                        : tr("abstains");
            }
            rows.push_back(std::move(r));
        }
        // HUNTER_SHOT is public: the shot is marked on both ends for every viewer.
        for (const engine::Event &e : match->log()) {
            const auto shot = engine::payloadAs<engine::payload::HunterShot>(e);
            if (!shot || !engine::visible(e, viewer, s))
                continue;
            const std::string hunter(shot->hunterPlayerId);
            const std::optional<std::string> target(shot->targetPlayerId);
            for (Row &r : rows) {
                if (r.playerId == qs(hunter))
                    r.shot = target ? tr("shot %1").arg(nameOf(*target)) : tr("held fire");
                else if (target && r.playerId == qs(*target))
                    r.shot = tr("shot by %1").arg(nameOf(hunter));
            }
        }
    }
    replaceRows(
        m_rows,
        std::move(rows),
        [this](auto apply) {
            beginResetModel();
            apply();
            endResetModel();
        },
        [this](int row) { Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1)); });
}

QModelIndex PlayersModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

QModelIndex PlayersModel::parent(const QModelIndex &) const
{
    return {};
}

int PlayersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PlayersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlayersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        switch (index.column()) {
        case SeatColumn:
            return r.seat;
        case NameColumn:
            return r.name;
        case StatusColumn:
            if (!r.shot.isEmpty())
                return QString((r.alive ? tr("Alive") : tr("Dead")) % QStringLiteral(" · ")
                               % r.shot);
            return r.alive ? tr("Alive") : tr("Dead");
        case RoleColumn:
            return r.role ? UiText::roleName(*r.role) : QString();
        case ReadyColumn:
            return r.ready ? tr("Ready") : QString();
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = tr("Seat %1: %2").arg(r.seat).arg(r.name);
        if (r.person)
            tip += QLatin1Char('\n') % tr("Played by a person");
        if (r.role)
            tip += QLatin1Char('\n')
                   % (r.spoiler ? tr("Role (spoiler): %1") : tr("Role: %1"))
                         .arg(UiText::roleName(*r.role));
        if (!r.potions.isEmpty())
            tip += QLatin1Char('\n') % tr("Potions (spoiler): %1").arg(r.potions);
        if (!r.shot.isEmpty())
            tip += QLatin1Char('\n') % r.shot;
        return tip;
    }
    case Qt::DecorationRole:
        return index.column() == NameColumn ? QVariant(seatColor(r.seat)) : QVariant();
    case Qt::ForegroundRole:
        if (index.column() == RoleColumn && r.role)
            return Theme::roleColor(*r.role);
        return {};
    case PlayerIdRole:
        return r.playerId;
    case SeatRole:
        return r.seat;
    case ColorRole:
        return seatColor(r.seat);
    case AliveRole:
        return r.alive;
    case ReadyRole:
        return r.ready;
    case RoleKnownRole:
        return r.role.has_value();
    case RoleNameRole:
        return r.role ? UiText::roleName(*r.role) : QString();
    case EngineRoleRole:
        return r.role ? QVariant(int(*r.role)) : QVariant();
    case SpoilerRole:
        return r.spoiler;
    case NightActionRole:
        return r.nightAction;
    case VoteTargetRole:
        return r.voteTarget;
    case VotedRole:
        return r.voted;
    case PotionsRole:
        return r.potions;
    case PersonRole:
        return r.person;
    case ShotRole:
        return r.shot;
    }
    return {};
}

QVariant PlayersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeatColumn:
        return tr("Seat");
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case RoleColumn:
        return tr("Role");
    case ReadyColumn:
        return tr("Ready");
    }
    return {};
}

QHash<int, QByteArray> PlayersModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    names.insert(PlayerIdRole, "playerId");
    names.insert(SeatRole, "seat");
    names.insert(AliveRole, "alive");
    names.insert(RoleNameRole, "roleName");
    names.insert(SpoilerRole, "spoiler");
    return names;
}

int PlayersModel::rowForPlayer(const QString &playerId) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].playerId == playerId)
            return int(i);
    return -1;
}

} // namespace townhall::ui
