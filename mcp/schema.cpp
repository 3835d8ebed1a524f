// SPDX-License-Identifier: MIT
#include "schema.h"

// Throwing from the parser is how a malformed registry surfaces at load time.
#define VALIJSON_USE_EXCEPTIONS 1
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <stdexcept>
#include <string_view>

namespace townhall::mcp {

struct Schema::Compiled
{
    valijson::Schema schema;
};

namespace {

// valijson names a context step "[name]" or "[index]"; the first step is "<root>".
std::string toPointer(const std::vector<std::string> &context)
{
    std::string out;
    for (const std::string &step : context) {
        if (step.size() < 2 || step.front() != '[' || step.back() != ']')
            continue;
        out += '/';
        for (char c : std::string_view(step).substr(1, step.size() - 2)) {
            if (c == '~')
                out += "~0";
            else if (c == '/')
                out += "~1";
            else
                out += c;
        }
    }
    return out;
}

// valijson reports a failing child twice: the precise reason at the child and
// a summary ("Failed to validate against schema associated with property name
// 'x'") at the parent. Only the precise one helps a model fix its call.
bool isSummary(const std::string &message)
{
    static constexpr std::string_view Summaries[] = {
        "Failed to validate against schema associated with property name",
        "Failed to validate item #",
        "Failed to validate against child schema",
    };
    for (std::string_view s : Summaries) {
        if (std::string_view(message).substr(0, s.size()) == s)
            return true;
    }
    return false;
}

// The schema that governs the value at `context` (valijson steps), following
// `properties` and `items` only: enough for the seed's schemas.
const json *subschemaAt(const json &schema, const std::vector<std::string> &context)
{
    const json *at = &schema;
    for (const std::string &step : context) {
        if (step.size() < 2 || step.front() != '[' || step.back() != ']')
            continue;
        const std::string key = step.substr(1, step.size() - 2);
        if (!at->is_object())
            return nullptr;
        const auto props = at->find("properties");
        if (props != at->end() && props->is_object() && props->contains(key)) {
            at = &(*props)[key];
            continue;
        }
        const auto items = at->find("items");
        if (items != at->end() && items->is_object()) {
            at = &*items;
            continue;
        }
        return nullptr;
    }
    return at;
}

std::string typeName(const json &v)
{
    switch (v.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::boolean:
        return "boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return "integer";
    case json::value_t::number_float:
        return "number";
    case json::value_t::string:
        return "string";
    case json::value_t::array:
        return "array";
    case json::value_t::object:
        return "object";
    default:
        return "invalid";
    }
}

std::string joined(const json &values)
{
    std::string out;
    for (const json &v : values) {
        if (!out.empty())
            out += ", ";
        out += v.is_string() ? v.get<std::string>() : v.dump();
    }
    return out;
}

// valijson's wording names the keyword but not the expectation ("Value type
// not permitted by 'type' constraint."). A model fixes its call faster when
// told what was expected, so add it from the schema and the value.
std::string explain(const std::string &message, const json *sub, const json *value)
{
    if (!sub || !sub->is_object())
        return message;
    if (message.rfind("Value type not permitted", 0) == 0 && sub->contains("type")) {
        const json &t = (*sub)["type"];
        std::string out = "expected " + (t.is_array() ? joined(t) : t.get<std::string>());
        if (value)
            out += ", got " + typeName(*value);
        return out + ".";
    }
    if (message.rfind("Failed to match against any enum values", 0) == 0 && sub->contains("enum"))
        return "must be one of: " + joined((*sub)["enum"]) + ".";
    if (message.rfind("Failed to match expected value set by 'const'", 0) == 0
        && sub->contains("const"))
        return "must be " + (*sub)["const"].dump() + ".";
    if (message.rfind("Object contains a property that could not be validated", 0) == 0) {
        // valijson ends the message with ": '<name>'."
        const auto quote = message.rfind(": '");
        std::string out = "unknown property";
        if (quote != std::string::npos)
            out += " "
                   + message.substr(quote + 2,
                                    message.size() - quote - 2 - (message.back() == '.' ? 1 : 0));
        if (sub->contains("properties") && (*sub)["properties"].is_object()) {
            json names = json::array();
            for (const auto &[name, unused] : (*sub)["properties"].items()) {
                (void)unused;
                names.push_back(name);
            }
            out += " (allowed: " + joined(names) + ")";
        }
        return out + ".";
    }
    return message;
}

// The value at `context`, or nullptr if it is not there.
const json *valueAt(const json &root, const std::vector<std::string> &context)
{
    const json *at = &root;
    for (const std::string &step : context) {
        if (step.size() < 2 || step.front() != '[' || step.back() != ']')
            continue;
        const std::string key = step.substr(1, step.size() - 2);
        if (at->is_object()) {
            const auto it = at->find(key);
            if (it == at->end())
                return nullptr;
            at = &*it;
        } else if (at->is_array()) {
            std::size_t index = 0;
            for (char c : key) {
                if (c < '0' || c > '9')
                    return nullptr;
                index = index * 10 + static_cast<std::size_t>(c - '0');
            }
            if (index >= at->size())
                return nullptr;
            at = &(*at)[index];
        } else {
            return nullptr;
        }
    }
    return at;
}

} // namespace

Schema::Schema()
    : Schema(json::object())
{}

Schema::Schema(const json &schema)
    : m_source(std::make_shared<const json>(schema))
{
    if (!schema.is_object() && !schema.is_boolean())
        throw std::invalid_argument("a JSON Schema must be an object or a boolean");
    auto compiled = std::make_shared<Compiled>();
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(*m_source);
        parser.populateSchema(adapter, compiled->schema);
    } catch (const std::exception &e) {
        throw std::invalid_argument(std::string("invalid JSON Schema: ") + e.what());
    }
    m_compiled = std::move(compiled);
}

std::vector<SchemaIssue> Schema::validate(const json &value, std::size_t maxIssues) const
{
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::adapters::NlohmannJsonAdapter target(value);
    // Most values conform: check without collecting errors first (valijson
    // then stops at the first failure and formats no messages), and only
    // validate again, explaining, when it fails.
    if (validator.validate(m_compiled->schema, target, nullptr))
        return {};
    valijson::ValidationResults results;
    if (validator.validate(m_compiled->schema, target, &results))
        return {};

    std::vector<SchemaIssue> precise;
    std::vector<SchemaIssue> summaries;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        SchemaIssue issue{toPointer(error.context),
                          explain(error.description,
                                  subschemaAt(*m_source, error.context),
                                  valueAt(value, error.context))};
        (isSummary(issue.message) ? summaries : precise).push_back(std::move(issue));
    }
    std::vector<SchemaIssue> out = precise.empty() ? std::move(summaries) : std::move(precise);
    if (out.empty()) // valijson always explains, but never report "valid" for a failure
        out.push_back({std::string(), "Value does not conform to the schema."});
    if (maxIssues > 0 && out.size() > maxIssues)
        out.resize(maxIssues);
    return out;
}

int applyDefaults(const json &schema, json &value)
{
    if (!schema.is_object() || !value.is_object())
        return 0;
    const auto props = schema.find("properties");
    if (props == schema.end() || !props->is_object())
        return 0;
    int filled = 0;
    for (const auto &[name, sub] : props->items()) {
        if (!sub.is_object())
            continue;
        const auto existing = value.find(name);
        if (existing == value.end()) {
            const auto def = sub.find("default");
            if (def != sub.end()) {
                value[name] = *def;
                ++filled;
            }
        } else if (existing->is_object()) {
            filled += applyDefaults(sub, *existing);
        }
    }
    return filled;
}

std::string describeIssues(const std::vector<SchemaIssue> &issues)
{
    std::string out;
    for (const SchemaIssue &i : issues) {
        if (!out.empty())
            out += "; ";
        out += i.path.empty() ? std::string("(arguments)") : i.path;
        out += ": ";
        out += i.message;
    }
    return out;
}

} // namespace townhall::mcp
