// SPDX-License-Identifier: MIT
#pragma once

/// \file schema.h
/// JSON Schema validation for tool arguments and results. The seed's tool
/// registry declares no `$schema`, so schemas are read with draft 7 semantics
/// (the keywords it uses mean the same in 2020-12). valijson does the work;
/// this wrapper keeps valijson's headers out of every other translation unit.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace townhall::mcp {

using json = nlohmann::json;

/// One reason why a value does not conform to a schema.
struct SchemaIssue
{
    /// JSON Pointer (RFC 6901) of the offending value: "" for the root,
    /// "/text", "/players/2/seat". Clients can point the model at the field.
    std::string path;
    /// What is wrong, in English, e.g. "String should be no more than 500
    /// characters in length."
    std::string message;
};

/// A compiled JSON Schema. Immutable once built and cheap to copy (the compiled
/// form is shared), so tools can hold theirs by value.
class Schema
{
public:
    /// An empty schema that accepts everything.
    Schema();

    /// Compiles `schema`. Throws std::invalid_argument if it is not a schema
    /// valijson can read (a broken registry file must fail loudly at startup,
    /// not on the first call).
    explicit Schema(const json &schema);

    /// Validates `value`. Returns the issues, most specific first, at most
    /// `maxIssues` of them; an empty vector means the value conforms.
    std::vector<SchemaIssue> validate(const json &value, std::size_t maxIssues = 8) const;

    bool accepts(const json &value) const { return validate(value, 1).empty(); }

    /// The schema as given.
    const json &source() const { return *m_source; }

private:
    struct Compiled;
    std::shared_ptr<const json> m_source;
    std::shared_ptr<const Compiled> m_compiled;
};

/// Fills in the JSON Schema `default` of every property that `schema` declares
/// and `value` lacks, descending into nested object properties that are present.
/// Only call it on a value that already validated: defaults are a convenience
/// for the host (e.g. queueId = "werewolf-default"), not a repair of bad input.
/// Returns how many defaults were inserted.
int applyDefaults(const json &schema, json &value);

/// "<path>: <message>" for each issue, joined with "; ". A root-level issue
/// is shown with the path "(arguments)".
std::string describeIssues(const std::vector<SchemaIssue> &issues);

} // namespace townhall::mcp
