// SPDX-License-Identifier: MIT
#pragma once

#include "engine/types.h"

#include <QColor>
#include <QPalette>

namespace townhall::ui {

/// Colour with meaning: night is deep blue, day is warm, the vote is urgent,
/// spoilers are violet. Everything that paints asks here.
namespace Theme {

bool isDark(const QPalette &palette);
QPalette palette(bool dark);
/// Applies the light/dark palette to the application (or the system's, when following it).
void apply(bool followSystem, bool dark);

QColor phaseColor(engine::Phase phase);
bool isNightLike(engine::Phase phase);
QColor nightSky();
QColor daySky();
QColor spoiler();
QColor danger();
/// A model seat's private thought (omniscient view).
QColor thought();
/// Something that went wrong but was handled (a stand-in acted), readable on the palette.
QColor warning(const QPalette &palette);
QColor roleColor(engine::Role role);
QColor narrator(const QPalette &palette);
/// A mix of two colours, t in [0, 1].
QColor mix(const QColor &a, const QColor &b, qreal t);

} // namespace Theme
} // namespace townhall::ui
