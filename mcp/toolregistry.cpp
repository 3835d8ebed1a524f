// SPDX-License-Identifier: MIT
#include "toolregistry.h"

#include <QFile>

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
        if (!names.insert(t.name).second || (t.underscoreName != t.name && !names.insert(t.underscoreName).second))
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
        return fail(error, "cannot read " + path.toStdString() + ": " + f.errorString().toStdString());
    const QByteArray bytes = f.readAll();
    const json tools = json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (tools.is_discarded())
        return fail(error, path.toStdString() + " is not valid JSON");
    std::string why;
    if (!add(tools, &why))
        return fail(error, path.toStdString() + ": " + why);
    return true;
}

std::shared_ptr<const ToolRegistry> ToolRegistry::fromResources(std::string *error)
{
    auto registry = std::make_shared<ToolRegistry>();
    if (!registry->addFile(QStringLiteral(":/tools.json"), error)
        || !registry->addFile(QStringLiteral(":/tools-extra.json"), error))
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
