// SPDX-License-Identifier: MIT
#include "ui/uitext.h"

#include <array>

namespace townhall::ui {

using engine::Phase;
using engine::Role;

QString UiText::phaseName(Phase p)
{
    switch (p) {
    case Phase::Lobby:
        return tr("Lobby");
    case Phase::Night:
        return tr("Night");
    case Phase::DayAnnounce:
        return tr("Dawn");
    case Phase::DayOpening:
        return tr("Opening statements");
    case Phase::DayDiscussion:
        return tr("Discussion");
    case Phase::DayVote:
        return tr("Vote");
    case Phase::DayResolution:
        return tr("Resolution");
    case Phase::Ended:
        return tr("Game over");
    case Phase::NightWitch:
        return tr("Witch");
    case Phase::HunterShot:
        return tr("Hunter's shot");
    case Phase::DayPkDefense:
        return tr("PK defence");
    case Phase::DayPkVote:
        return tr("PK revote");
    }
    return {};
}

QString UiText::roleName(Role r)
{
    switch (r) {
    case Role::Villager:
        return tr("Villager");
    case Role::Werewolf:
        return tr("Werewolf");
    case Role::Seer:
        return tr("Seer");
    case Role::Doctor:
        return tr("Doctor");
    case Role::Witch:
        return tr("Witch");
    case Role::Hunter:
        return tr("Hunter");
    }
    return {};
}

QString UiText::teamName(engine::Team t)
{
    return t == engine::Team::Werewolves ? tr("Werewolves") : tr("Villagers");
}

QString UiText::messageKindName(engine::MessageKind k)
{
    switch (k) {
    case engine::MessageKind::Opening:
        return tr("opening");
    case engine::MessageKind::Discussion:
        return tr("discussion");
    case engine::MessageKind::Defense:
        return tr("defense");
    case engine::MessageKind::LastWords:
        return tr("last words");
    }
    return {};
}

QString UiText::momentKindName(engine::KeyMoment::Kind k)
{
    using K = engine::KeyMoment::Kind;
    switch (k) {
    case K::Accusation:
        return tr("Accusation");
    case K::SeerClaim:
        return tr("Seer claim");
    case K::Counterclaim:
        return tr("Counterclaim");
    case K::Contradiction:
        return tr("Contradiction");
    case K::VoteFlip:
        return tr("Vote flip");
    case K::DoctorSave:
        return tr("Doctor save");
    case K::WolfOnWolf:
        return tr("Wolf on wolf");
    case K::FakeClaim:
        return tr("Fake claim");
    case K::HunterShot:
        return tr("Hunter's shot");
    case K::WitchPotion:
        return tr("Witch's potion");
    case K::Pk:
        return tr("PK");
    case K::DeadlyNight:
        return tr("Deadly night");
    case K::Draw:
        return tr("Draw");
    }
    return {};
}

QString UiText::countdown(qint64 ms)
{
    const qint64 s = (qMax<qint64>(0, ms) + 999) / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString UiText::votes(int n)
{
    return tr("%n vote(s)", nullptr, n);
}

QString UiText::numberWord(int n)
{
    switch (n) {
    case 0:
        return tr("zero");
    case 1:
        return tr("one");
    case 2:
        return tr("two");
    case 3:
        return tr("three");
    case 4:
        return tr("four");
    case 5:
        return tr("five");
    case 6:
        return tr("six");
    case 7:
        return tr("seven");
    case 8:
        return tr("eight");
    case 9:
        return tr("nine");
    case 10:
        return tr("ten");
    case 11:
        return tr("eleven");
    case 12:
        return tr("twelve");
    default:
        return QString::number(n);
    }
}

QString UiText::joinList(const QStringList &items)
{
    if (items.size() < 2)
        return items.value(0);
    //: separates the items of a list but the last ("A, B and C")
    const QString comma = tr(", ");
    //: separates the last two items of a list ("A, B and C")
    const QString andWord = tr(" and ");
    return items.mid(0, items.size() - 1).join(comma) + andWord + items.last();
}

QColor seatColor(int seat)
{
    // Hand-picked for contrast with each other and with both palettes.
    // Twelve, for the largest table (engine::MaxSeatCount).
    static const std::array<QColor, 12> colors{QColor(0xE0, 0x5A, 0x47),
                                               QColor(0x3D, 0x9A, 0xE8),
                                               QColor(0x4C, 0xB0, 0x5C),
                                               QColor(0xE8, 0xA3, 0x1E),
                                               QColor(0xA8, 0x6B, 0xE0),
                                               QColor(0x1F, 0xB5, 0xAC),
                                               QColor(0xE0, 0x5F, 0xA8),
                                               QColor(0x8C, 0x9A, 0x3A),
                                               QColor(0x6F, 0x8F, 0xD0),
                                               QColor(0xC8, 0x7A, 0x52),
                                               QColor(0x5F, 0xA8, 0x8A),
                                               QColor(0xB8, 0x5A, 0x7A)};
    if (seat < 1)
        return QColor(0x88, 0x88, 0x88);
    return colors[std::size_t(seat - 1) % colors.size()];
}

} // namespace townhall::ui
