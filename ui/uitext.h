// SPDX-License-Identifier: MIT
#pragma once

#include "engine/keymoments.h"
#include "engine/types.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <string>

namespace townhall::ui {

inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}
inline QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

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
    /// "3 votes" / "1 vote".
    static QString votes(int n);
    /// A small number spelled out ("two"); digits outside 0..12.
    static QString numberWord(int n);
    /// "A", "A and B", "A, B and C" with the language's separators.
    static QString joinList(const QStringList &items);
};

/// A distinct, stable colour per seat (1..12), legible on light and dark.
QColor seatColor(int seat);

} // namespace townhall::ui
