// SPDX-License-Identifier: MIT
#pragma once

/// \file narrator.h
/// The Town Crier, the non-player narrator: deterministic templated narration.
/// A pure function of the state right after an event and the event itself.
/// Each line carries a template id and arguments (so the UI can translate it)
/// plus an English rendering. Public lines never reveal hidden information;
/// omniscient lines may, and are emitted with the Host audience.
///
/// Template ids are `<situation>.<variant>`, e.g. `night.falls.3`. Several
/// variants exist per situation; the variant is chosen by a hash of the match
/// id, the cause's sequence number and the situation, never by an RNG, so a
/// replayed log narrates identically. The full catalogue, with the English
/// and Chinese patterns, is `narratorTemplates()`.
///
/// Argument conventions (shared with key moments, see keymoments.h):
///  - a player is two arguments: `<key>` = display name, `<key>Id` = player id;
///  - a list of players is `<key>` = array of names, `<key>Ids` = array of ids;
///  - `role` (or any key ending in `Role`) holds a role code (`WEREWOLF`, …);
///    `winner` holds a team code (`VILLAGERS`, `WEREWOLVES`);
///  - numbers are JSON integers.

#include "event.h"
#include "match.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::engine {

struct NarratorLine
{
    std::string templateId;     ///< e.g. "night.falls.2"
    json args = json::object(); ///< named arguments of the template
    std::string text;           ///< rendered in the match's language (rules.language)
    bool omniscient = false;    ///< true: Host audience (spoilers allowed)
};

/// Lines to announce after `cause` was applied; `state` is the state after it.
/// Most events return no line; a match yields a few dozen public lines.
std::vector<NarratorLine> narrate(const MatchState &state, const Event &cause);

/// One entry of the narrator's template catalogue (for translators and tests).
struct NarratorTemplate
{
    std::string id;           ///< "<situation>.<variant>", variant 1-based
    std::string_view english; ///< pattern with `{arg}` / `{arg|modifier}` placeholders
    bool omniscient = false;  ///< emitted with the Host audience only
    std::string_view chinese; ///< the Simplified Chinese pattern (rules.language "zh-CN")
};

/// Every narrator template, grouped by situation, variants in order.
const std::vector<NarratorTemplate> &narratorTemplates();

/// Renders an English pattern with `args`. Placeholders are `{key}` with
/// optional modifiers separated by `|`:
///  - `a`: with an article: role "a werewolf", "the seer"; anything else unchanged;
///  - `word`: a small integer spelled out ("two");
///  - `cap`: capitalise the first letter.
/// Strings render verbatim, except role codes (key `role` or `…Role`: "werewolf")
/// and team codes (key `winner`: "werewolves"); arrays render as "A, B and C".
/// An unknown key is left as written, so a mistake is visible, never a crash.
std::string renderTemplate(std::string_view pattern, const json &args);

/// Renders a Chinese pattern: role codes become 狼人, 预言家, 医生, 女巫,
/// 猎人, 村民; team codes 村民阵营 / 狼人阵营; `word` gives 一, 两, 三…;
/// `votes` appends 票; arrays render as "A、B和C"; `a` and `cap` do nothing.
std::string renderTemplateZh(std::string_view pattern, const json &args);

/// A narrator line of `templateId` rendered again from its `args`, in
/// Simplified Chinese when `chinese`, else in English; nullopt for an id the
/// catalogue does not have (a line from another version).
std::optional<std::string>
renderNarratorLine(std::string_view templateId, const json &args, bool chinese);

/// True when the match is played in Simplified Chinese (rules.language
/// "zh-CN"): its narration and key moments are rendered from the Chinese
/// patterns. Any other language keeps the English text.
bool isChinese(const MatchState &s);

} // namespace townhall::engine
