// SPDX-License-Identifier: MIT
#include "toolregistry.h"

#include <QFile>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace townhall::mcp {

namespace {

bool fail(std::string *error, std::string why)
{
    if (error)
        *error = std::move(why);
    return false;
}

// MCP requires an object at the root of both schemas (tools.mdx, "inputSchema"
// and "outputSchema"); clients refuse the tool list otherwise.
bool rootIsObject(const json &schema)
{
    return schema.is_object() && schema.value("type", json()) == "object";
}

} // namespace

std::string ToolRegistry::underscoreForm(std::string_view dottedName)
{
    std::string out(dottedName);
    for (char &c : out) {
        if (c == '.')
            c = '_';
    }
    return out;
}

bool ToolRegistry::add(const json &tools, std::string *error)
{
    if (!tools.is_array())
        return fail(error, "the tool registry must be a JSON array");

    std::vector<Tool> added;
    std::set<std::string, std::less<>> names;
    for (const auto &[key, unused] : m_index) {
        (void)unused;
        names.insert(key);
    }
    for (const json &def : tools) {
        if (!def.is_object() || !def.contains("name") || !def["name"].is_string())
            return fail(error, "every tool needs a string name");
        Tool t;
        t.name = def["name"].get<std::string>();
        t.underscoreName = underscoreForm(t.name);
        const std::string where = "tool " + t.name + ": ";
        if (t.name.empty() || t.name.size() > 128)
            return fail(error, where + "name must be 1..128 characters");
        if (t.underscoreName.size() > 64)
            return fail(error, where + "the underscore name must fit in 64 characters");
        // The conformance suite requires a non-empty description on every tool.
        if (!def.contains("description") || !def["description"].is_string()
            || def["description"].get<std::string>().empty())
            return fail(error, where + "description must be a non-empty string");
        if (!def.contains("inputSchema") || !rootIsObject(def["inputSchema"]))
            return fail(error, where + "inputSchema must be an object schema");
        if (def.contains("outputSchema") && !rootIsObject(def["outputSchema"]))
            return fail(error, where + "outputSchema must be an object schema");
        if (!names.insert(t.name).second
            || (t.underscoreName != t.name && !names.insert(t.underscoreName).second))
            return fail(error, where + "duplicate name");
        try {
            t.input = Schema(def["inputSchema"]);
            if (def.contains("outputSchema"))
                t.output = Schema(def["outputSchema"]);
        } catch (const std::invalid_argument &e) {
            return fail(error, where + e.what());
        }
        const json annotations = def.value("annotations", json::object());
        t.readOnly = annotations.is_object() && annotations.value("readOnlyHint", false) == true;
        t.definition = def;
        added.push_back(std::move(t));
    }
    for (Tool &t : added) {
        const std::size_t index = m_tools.size();
        m_index.emplace(t.name, index);
        m_index.emplace(t.underscoreName, index);
        m_tools.push_back(std::move(t));
    }
    return true;
}

bool ToolRegistry::addFile(const QString &path, std::string *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(error,
                    "cannot read " + path.toStdString() + ": " + f.errorString().toStdString());
    const QByteArray bytes = f.readAll();
    const json tools = json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (tools.is_discarded())
        return fail(error, path.toStdString() + " is not valid JSON");
    std::string why;
    if (!add(tools, &why))
        return fail(error, path.toStdString() + ": " + why);
    return true;
}

namespace {

bool enumHas(const json &e, const char *value)
{
    return std::find(e.begin(), e.end(), json(value)) != e.end();
}

void appendTo(json &e, std::initializer_list<const char *> values)
{
    // Before a trailing null (revealedRole's "no role yet"), so the list reads naturally.
    const bool nullLast = !e.empty() && e.back().is_null();
    if (nullLast)
        e.erase(e.end() - 1);
    for (const char *v : values)
        e.push_back(v);
    if (nullLast)
        e.push_back(nullptr);
}

/// The agent contract's output schemas describe the classic table: 8 seats,
/// its phases, roles and action types. The other tables (6 to 12 seats, the
/// witch, the hunter, the PK) answer the same tools with values outside them,
/// and SDK clients that validate results would throw. So the served schemas
/// are widened where, and only where, those tables add values; every classic
/// answer still satisfies the contract's own schema (tools.json stays
/// verbatim).
void widenForRuleSets(json &node, const std::string &property = {})
{
    if (node.is_array()) {
        for (json &x : node)
            widenForRuleSets(x, property);
        return;
    }
    if (!node.is_object())
        return;
    if (auto e = node.find("enum"); e != node.end() && e->is_array()) {
        if (enumHas(*e, "DAY_RESOLUTION") && !enumHas(*e, "DAY_PK_VOTE"))
            appendTo(*e, {"NIGHT_WITCH", "HUNTER_SHOT", "DAY_PK_DEFENSE", "DAY_PK_VOTE"});
        if (enumHas(*e, "DOCTOR") && enumHas(*e, "SEER") && !enumHas(*e, "WITCH"))
            appendTo(*e, {"WITCH", "HUNTER"});
        if (enumHas(*e, "DOCTOR_PROTECT") && !enumHas(*e, "WITCH_ACT"))
            appendTo(*e, {"WITCH_ACT", "HUNTER_SHOOT", "SPEAK_DEFENSE"});
    }
    if ((property == "seat" || property == "playersAlive")
        && node.value("maximum", json()) == json(8))
        node["maximum"] = 12;
    if (property == "requiredPlayers" && node.value("const", json()) == json(8)) {
        node.erase("const");
        node["minimum"] = 6;
        node["maximum"] = 12;
    }
    for (auto it = node.begin(); it != node.end(); ++it)
        widenForRuleSets(it.value(), it.key());
}

} // namespace

std::shared_ptr<const ToolRegistry> ToolRegistry::fromResources(std::string *error)
{
    auto registry = std::make_shared<ToolRegistry>();
    QFile seed(QStringLiteral(":/tools.json"));
    if (!seed.open(QIODevice::ReadOnly))
        return fail(error, "cannot read :/tools.json"), nullptr;
    const QByteArray bytes = seed.readAll();
    json tools = json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (tools.is_discarded())
        return fail(error, ":/tools.json is not valid JSON"), nullptr;
    for (json &tool : tools)
        if (tool.is_object() && tool.contains("outputSchema"))
            widenForRuleSets(tool["outputSchema"]);
    std::string why;
    if (!registry->add(tools, &why))
        return fail(error, ":/tools.json: " + why), nullptr;
    if (!registry->addFile(QStringLiteral(":/tools-extra.json"), error))
        return nullptr;
    return registry;
}

const Tool *ToolRegistry::find(std::string_view name) const
{
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_tools[it->second];
}

json ToolRegistry::describe(const Tool &tool, NameStyle style) const
{
    json out = tool.definition;
    out["name"] = tool.nameIn(style);
    return out;
}

std::vector<SchemaIssue> ToolRegistry::validateArguments(const Tool &tool, json &arguments) const
{
    std::vector<SchemaIssue> issues = tool.input.validate(arguments);
    if (issues.empty())
        applyDefaults(tool.input.source(), arguments);
    return issues;
}

std::vector<SchemaIssue> ToolRegistry::validateResult(const Tool &tool,
                                                      const json &structuredContent) const
{
    if (!tool.output)
        return {};
    return tool.output->validate(structuredContent);
}

} // namespace townhall::mcp
