// SPDX-License-Identifier: MIT
#pragma once

/// \file jsonlimits.h
/// Limits on JSON that comes from outside (providers, push agents, imported
/// files, WebSocket messages, MCP bodies).
///
/// nlohmann::json parses iteratively, but copying a parsed value recurses once
/// per level: 200,000 nested arrays (400 KB of text) overflow the stack of
/// whoever copies them. So text from a peer is measured before it is parsed,
/// and a document nested deeper than MaxJsonDepth is refused like any other
/// malformed one. The scan is a single pass over the bytes that skips string
/// contents (escapes included); it does not validate the rest.

#include <cstddef>
#include <string>
#include <string_view>

namespace townhall::base {

/// Deeper than anything the project writes or reads (tool arguments, push
/// agents' answers and tournament files nest fewer than ten levels).
inline constexpr int MaxJsonDepth = 64;

/// The deepest nesting of arrays and objects in `text`, counting up to
/// `stopAt` (the scan ends there). Brackets inside strings do not count.
inline int jsonDepth(std::string_view text, int stopAt = MaxJsonDepth + 1)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            if (++depth > deepest) {
                deepest = depth;
                if (deepest >= stopAt)
                    return deepest;
            }
            break;
        case ']':
        case '}':
            if (depth > 0)
                --depth;
            break;
        default:
            break;
        }
    }
    return deepest;
}

/// True when `text` nests no deeper than `maxDepth`.
inline bool jsonDepthWithin(std::string_view text, int maxDepth = MaxJsonDepth)
{
    return jsonDepth(text, maxDepth + 1) <= maxDepth;
}

/// Where byte `offset` of `text` is, for an error a person reads:
/// "line L, column C" (both from 1; columns count bytes).
inline std::string lineColumn(std::string_view text, std::size_t offset)
{
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace townhall::base
