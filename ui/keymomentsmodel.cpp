// SPDX-License-Identifier: MIT
#include "ui/keymomentsmodel.h"

#include "ui/templatetext.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include <QColor>

namespace townhall::ui {

using Kind = engine::KeyMoment::Kind;

namespace {

bool sameMoment(const engine::KeyMoment &a, const engine::KeyMoment &b)
{
    return a.kind == b.kind && a.atSeq == b.atSeq && a.templateId == b.templateId
           && a.text == b.text && a.eventIds == b.eventIds && a.weight == b.weight;
}

} // namespace

KeyMomentsModel::KeyMomentsModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

KeyMomentsModel::~KeyMomentsModel() = default;

void KeyMomentsModel::sync(const engine::Match *match, const engine::Viewer &viewer)
{
    if (!match) {
        setMoments({}, {});
        return;
    }
    setMoments(match->matchId(), engine::keyMoments(*match, viewer));
}

void KeyMomentsModel::setMoments(const std::string &matchId, std::vector<engine::KeyMoment> moments)
{
    bool extends = matchId == m_matchId && moments.size() >= m_moments.size();
    for (std::size_t i = 0; extends && i < m_moments.size(); ++i)
        extends = sameMoment(m_moments[i], moments[i]);
    if (!extends) {
        beginResetModel();
        m_matchId = matchId;
        m_moments = std::move(moments);
        m_texts.clear();
        for (const engine::KeyMoment &m : m_moments)
            m_texts << TemplateText::keyMoment(m);
        endResetModel();
        return;
    }
    if (moments.size() == m_moments.size())
        return;
    const int first = int(m_moments.size());
    beginInsertRows({}, first, int(moments.size()) - 1);
    m_moments = std::move(moments);
    for (std::size_t i = std::size_t(first); i < m_moments.size(); ++i)
        m_texts << TemplateText::keyMoment(m_moments[i]);
    endInsertRows();
}

QModelIndex KeyMomentsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

QModelIndex KeyMomentsModel::parent(const QModelIndex &) const
{
    return {};
}

int KeyMomentsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_moments.size());
}

int KeyMomentsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QColor KeyMomentsModel::kindColor(Kind kind)
{
    switch (kind) {
    case Kind::Accusation:
        return QColor(0xD9, 0x6B, 0x2B);
    case Kind::SeerClaim:
        return QColor(0x6A, 0x5A, 0xE0);
    case Kind::Counterclaim:
        return QColor(0xB0, 0x45, 0xC8);
    case Kind::Contradiction:
        return QColor(0xC8, 0x9B, 0x1E);
    case Kind::VoteFlip:
        return QColor(0x2F, 0x8F, 0xD0);
    case Kind::DoctorSave:
        return QColor(0x2E, 0xA0, 0x6A);
    case Kind::HunterShot:
        return QColor(0xA8, 0x3A, 0x2E);
    case Kind::Pk:
        return QColor(0x8A, 0x6D, 0x3B);
    case Kind::DeadlyNight:
        return QColor(0x5C, 0x4B, 0x8A);
    case Kind::Draw:
        return QColor(0x6F, 0x7F, 0x8A);
    case Kind::WolfOnWolf:
    case Kind::FakeClaim:
    case Kind::WitchPotion:
        return Theme::spoiler();
    }
    return Qt::gray;
}

QVariant KeyMomentsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::KeyMoment &m = m_moments[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KindColumn:
            return UiText::momentKindName(m.kind);
        case TextColumn:
            return m_texts.at(index.row());
        case DayColumn:
            return m.day;
        }
        return {};
    case Qt::AccessibleTextRole:
    case Qt::ToolTipRole:
        return tr("%1, day %2: %3")
            .arg(UiText::momentKindName(m.kind))
            .arg(m.day)
            .arg(m_texts.at(index.row()));
    case KindRole:
        return int(m.kind);
    case KindNameRole:
        return UiText::momentKindName(m.kind);
    case TextRole:
        return m_texts.at(index.row());
    case DayRole:
        return m.day;
    case EventIdsRole: {
        QStringList ids;
        for (const std::string &id : m.eventIds)
            ids << qs(id);
        return ids;
    }
    case JumpSeqRole: {
        if (!m.eventIds.empty())
            if (auto seq = engine::seqFromEventId(m_matchId, m.eventIds.front()))
                return qulonglong(*seq);
        return qulonglong(m.atSeq);
    }
    case AtSeqRole:
        return qulonglong(m.atSeq);
    case PlayerIdsRole: {
        QStringList ids;
        for (const std::string &id : m.playerIds)
            ids << qs(id);
        return ids;
    }
    case OmniscientRole:
        return m.omniscient;
    case WeightRole:
        return m.weight;
    case ColorRole:
        return kindColor(m.kind);
    }
    return {};
}

QVariant KeyMomentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case TextColumn:
        return tr("Moment");
    case DayColumn:
        return tr("Day");
    }
    return {};
}

} // namespace townhall::ui
