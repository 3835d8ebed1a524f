// SPDX-License-Identifier: MIT
#pragma once

/// \file toolregistry.h
/// The MCP tool registry: the agent contract's tool list loaded verbatim
/// (resources/tools.json) plus Town Hall's documented additions
/// (resources/tools-extra.json).
///
/// Tools keep their dotted contract names (`et.werewolf.match.vote`). Several
/// popular clients reject any tool name outside `^[a-zA-Z0-9_-]{1,64}$` and then
/// drop the server's whole tool list, so every tool also answers to its
/// underscore form (`et_werewolf_match_vote`), and a session can ask to have
/// the underscore names advertised instead (Session::underscoreNames).

#include "schema.h"

#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::mcp {

/// How tool names are advertised in tools/list.
enum class NameStyle : std::uint8_t {
    Dotted,     ///< `et.werewolf.match.vote`, as in the seed (default)
    Underscore, ///< `et_werewolf_match_vote`, for clients that reject dots
};

/// One registered tool.
struct Tool
{
    std::string name;             ///< canonical dotted name
    std::string underscoreName;   ///< `name` with every '.' replaced by '_'
    json definition;              ///< the MCP Tool object as loaded
    Schema input;                 ///< compiled `inputSchema`
    std::optional<Schema> output; ///< compiled `outputSchema`, if declared
    /// `annotations.readOnlyHint`. Read-only tools are the spectator reads: they
    /// work without an identity; every other tool needs an authenticated agent.
    bool readOnly = false;

    const std::string &nameIn(NameStyle style) const
    {
        return style == NameStyle::Underscore ? underscoreName : name;
    }
};

/// Tools by name, with schema validation. Immutable once loaded; share it
/// between dispatchers as `std::shared_ptr<const ToolRegistry>`.
class ToolRegistry
{
public:
    ToolRegistry() = default;

    /// Adds the tools of a JSON array of MCP Tool objects. Every tool must have
    /// a unique name (in both forms), a non-empty description, and object-typed
    /// input (and output) schemas that compile. On failure nothing is added,
    /// `error` (if given) says why, and false is returned.
    bool add(const json &tools, std::string *error = nullptr);

    /// add() with the JSON array read from `path` (a file or a `:/` resource).
    bool addFile(const QString &path, std::string *error = nullptr);

    /// The registry the app ships: `:/tools.json` (the contract's tools) followed by
    /// `:/tools-extra.json`. Needs the `townhall_resources` library linked.
    /// Returns nullptr (and the reason in `error`) if either is missing or bad.
    static std::shared_ptr<const ToolRegistry> fromResources(std::string *error = nullptr);

    /// All tools, in registration order (the seed's order, then the extras).
    const std::vector<Tool> &tools() const { return m_tools; }

    /// The tool called `name` in either form, or nullptr.
    const Tool *find(std::string_view name) const;

    /// The MCP Tool object for tools/list, named in `style`.
    json describe(const Tool &tool, NameStyle style) const;

    /// Validates `arguments` against the tool's inputSchema. If it conforms,
    /// the schema's `default`s are filled in and an empty vector is returned;
    /// otherwise `arguments` is left untouched and the issues are returned.
    std::vector<SchemaIssue> validateArguments(const Tool &tool, json &arguments) const;

    /// Validates a successful result's structuredContent against the tool's
    /// outputSchema (an empty vector if it conforms or the tool declares none).
    std::vector<SchemaIssue> validateResult(const Tool &tool, const json &structuredContent) const;

    /// "et.werewolf.match.vote" → "et_werewolf_match_vote".
    static std::string underscoreForm(std::string_view dottedName);

private:
    std::vector<Tool> m_tools;
    std::map<std::string, std::size_t, std::less<>> m_index; ///< both name forms → m_tools index
};

} // namespace townhall::mcp
