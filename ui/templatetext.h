// SPDX-License-Identifier: MIT
#pragma once

#include "engine/event.h"
#include "engine/keymoments.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <string_view>

namespace townhall::engine::payload {
struct Narrator; // engine/payloads.h
} // namespace townhall::engine::payload

namespace townhall::ui {

/// The Town Crier's lines and the key moments in the UI's language.
///
/// The engine emits each line as a template id, arguments and an English
/// rendering. This table holds every template's English pattern under its id
/// (translation contexts "townhall::ui::Narrator" and "townhall::ui::KeyMoment",
/// the id as disambiguation). When the installed translation has the pattern,
/// the translated pattern is rendered from the arguments with the UI's own
/// vocabulary (role and team names, number words, list separators); otherwise
/// the engine's English text is shown as is.
struct TemplateText
{
    Q_DECLARE_TR_FUNCTIONS(townhall::ui::TemplateText)

public:
    /// The text of a NARRATOR event's payload ({templateId, args, text}).
    static QString narratorLine(const engine::payload::Narrator &line);
    /// The same, from the payload as written (decoded by the engine first).
    static QString narrator(const engine::json &payload);
    /// The text of a key moment.
    static QString keyMoment(const engine::KeyMoment &moment);

    /// The translated pattern of a template, or an empty string when the
    /// template is unknown or has no translation.
    static QString translatedNarratorPattern(std::string_view templateId);
    static QString translatedKeyMomentPattern(std::string_view templateId);

    /// Renders a pattern: `{key}` and `{key|modifier|…}` placeholders as in
    /// engine::renderTemplate (modifiers `a`, `word`, `cap`, `votes`), with
    /// translated role and team names, number words and list separators.
    static QString render(const QString &pattern, const engine::json &args);

    /// The table, for tests: (id, English pattern) pairs in catalogue order.
    static QList<std::pair<QString, QString>> narratorTable();
    static QList<std::pair<QString, QString>> keyMomentTable();
};

} // namespace townhall::ui
