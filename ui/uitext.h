// SPDX-License-Identifier: MIT
#pragma once

#include "engine/keymoments.h"
#include "engine/types.h"

#include <QCoreApplication>
#include <QColor>
#include <QString>

#include <string>

namespace townhall::ui {

inline QString qs(const std::string &s) { return QString::fromStdString(s); }
inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

/// Translated names of engine vocabulary (the engine speaks in codes).
struct UiText
{
    Q_DECLARE_TR_FUNCTIONS(townhall::ui::UiText)

public:
    static QString phaseName(engine::Phase p);
    static QString roleName(engine::Role r);
    static QString teamName(engine::Team t);
    static QString messageKindName(engine::MessageKind k);
    static QString momentKindName(engine::KeyMoment::Kind k);
    /// "mm:ss" for a non-negative duration.
    static QString countdown(qint64 ms);
};

/// A distinct, stable colour per seat (1..8), legible on light and dark.
QColor seatColor(int seat);

} // namespace townhall::ui
