// SPDX-License-Identifier: MIT
#include "ui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace townhall::ui::Theme {

using engine::Phase;

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QPalette palette(bool dark)
{
    QPalette p;
    if (dark) {
        const QColor window(0x1B, 0x1E, 0x26);
        const QColor base(0x14, 0x17, 0x1E);
        const QColor text(0xE8, 0xE6, 0xE1);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, QColor(0x22, 0x26, 0x30));
        p.setColor(QPalette::ToolTipBase, QColor(0x2A, 0x2E, 0x3A));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x8A, 0x8F, 0x9C));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x2A, 0x2E, 0x3A));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Highlight, QColor(0x3D, 0x7E, 0xD8));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x7F, 0xB2, 0xFF));
        p.setColor(QPalette::Mid, QColor(0x3A, 0x3F, 0x4C));
        p.setColor(QPalette::Dark, QColor(0x0E, 0x10, 0x15));
        p.setColor(QPalette::Light, QColor(0x40, 0x45, 0x52));
        p.setColor(QPalette::Midlight, QColor(0x33, 0x37, 0x44));
        p.setColor(QPalette::Shadow, Qt::black);
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x74, 0x80));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x70, 0x74, 0x80));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x74, 0x80));
    } else {
        const QColor window(0xF4, 0xF1, 0xEA);
        const QColor text(0x22, 0x24, 0x2A);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, QColor(0xFF, 0xFE, 0xFB));
        p.setColor(QPalette::AlternateBase, QColor(0xF7, 0xF3, 0xEA));
        p.setColor(QPalette::ToolTipBase, QColor(0xFF, 0xFD, 0xF2));
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x8A, 0x86, 0x7C));
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0xEA, 0xE5, 0xDA));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Highlight, QColor(0x2F, 0x6F, 0xC9));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x1F, 0x5F, 0xB8));
        p.setColor(QPalette::Mid, QColor(0xC9, 0xC2, 0xB3));
        p.setColor(QPalette::Dark, QColor(0x9A, 0x93, 0x85));
        p.setColor(QPalette::Light, Qt::white);
        p.setColor(QPalette::Midlight, QColor(0xE2, 0xDC, 0xD0));
        p.setColor(QPalette::Shadow, QColor(0x55, 0x50, 0x48));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9A, 0x96, 0x8E));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9A, 0x96, 0x8E));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x9A, 0x96, 0x8E));
    }
    return p;
}

void apply(bool followSystem, bool dark)
{
    // Qt 6.4 has no colour-scheme hint: remember the platform's palette from
    // before our first override and follow its lightness.
    static const QPalette systemPalette = QApplication::palette();
    if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    if (followSystem)
        dark = isDark(systemPalette);
    QApplication::setPalette(palette(dark));
}

QColor nightSky()
{
    return QColor(0x1A, 0x2A, 0x5E);
}
QColor daySky()
{
    return QColor(0xF2, 0xB1, 0x4C);
}
QColor spoiler()
{
    return QColor(0x9B, 0x4D, 0xE0);
}
QColor danger()
{
    return QColor(0xD6, 0x3E, 0x3E);
}
QColor thought()
{
    return QColor(0x3E, 0x8E, 0xB8);
}
QColor warning(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xF2, 0xB1, 0x6B) : QColor(0xB3, 0x5A, 0x00);
}

// The witch acts in the dark, between the wolves and the dawn.
bool isNightLike(Phase phase)
{
    return phase == Phase::Night || phase == Phase::NightWitch || phase == Phase::Lobby;
}

QColor phaseColor(Phase phase)
{
    switch (phase) {
    case Phase::Lobby:
        return QColor(0x6B, 0x73, 0x8A);
    case Phase::Night:
        return nightSky();
    case Phase::DayAnnounce:
        return QColor(0xF0, 0x8A, 0x4B);
    case Phase::DayOpening:
        return QColor(0xE8, 0xA9, 0x3A);
    case Phase::DayDiscussion:
        return QColor(0xE0, 0xB8, 0x4A);
    case Phase::DayVote:
        return QColor(0xD3, 0x54, 0x3C);
    case Phase::DayResolution:
        return QColor(0xB9, 0x6A, 0x3E);
    case Phase::Ended:
        return QColor(0x5E, 0x5A, 0x55);
    // The witch's turn is a lighter night, the hunter's shot a
    // gunpowder red, the PK a deeper shade of the vote it continues.
    case Phase::NightWitch:
        return QColor(0x3B, 0x2F, 0x7A);
    case Phase::HunterShot:
        return QColor(0xA8, 0x3A, 0x2A);
    case Phase::DayPkDefense:
        return QColor(0xC9, 0x7A, 0x3A);
    case Phase::DayPkVote:
        return QColor(0xA9, 0x3A, 0x52);
    }
    return Qt::gray;
}

QColor roleColor(engine::Role role)
{
    switch (role) {
    case engine::Role::Werewolf:
        return QColor(0xC8, 0x32, 0x32);
    case engine::Role::Seer:
        return QColor(0x6A, 0x5A, 0xE0);
    case engine::Role::Doctor:
        return QColor(0x2E, 0xA0, 0x6A);
    case engine::Role::Villager:
        return QColor(0x9A, 0x7B, 0x4F);
    case engine::Role::Witch:
        return QColor(0xB0, 0x4C, 0xC8);
    case engine::Role::Hunter:
        return QColor(0x3F, 0x7F, 0x8C);
    }
    return Qt::gray;
}

QColor narrator(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xE8, 0xC3, 0x7A) : QColor(0x8A, 0x5A, 0x12);
}

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t,
                            a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t,
                            a.alphaF() + (b.alphaF() - a.alphaF()) * t);
}

} // namespace townhall::ui::Theme
