// SPDX-License-Identifier: MIT
#pragma once

// Private to the store: the stored form of a recorded call's response in
// the `tool_calls` table (schema v4, column `response_form`).
//
// A successful tools/call result carries the same JSON twice: as
// `result.structuredContent` and, serialised, as the text of its first
// content block. The store keeps that text only once: when the block's
// string literal is exactly the JSON string escape of the bytes of the
// structuredContent value in the same message, the literal is stored empty
// and rebuilt from those bytes on read. The check and the rebuild work on
// the bytes, so the restored message is byte-for-byte the original; any
// other message (the text differs, another writer's escaping, odd layout)
// is stored verbatim.

#include <QByteArray>

#include <optional>
#include <string>
#include <string_view>

namespace townhall::host::toolcallform {

/// Bits of the `response_form` column. 0: the response as sent.
enum Form : int {
    Verbatim = 0,
    /// result.content[0].text is stored as "" and is the escaped
    /// result.structuredContent.
    TextFromStructured = 1,
    /// The column holds qCompress() of the (possibly elided) text, as a blob.
    Compressed = 2,
};

/// `response` with the duplicated text literal emptied, or nullopt if it
/// does not have exactly that duplicate.
std::optional<std::string> elideStructuredText(std::string_view response);

/// The inverse of elideStructuredText on its output; nullopt if `stored`
/// does not have the shape elideStructuredText leaves.
std::optional<std::string> restoreStructuredText(std::string_view stored);

} // namespace townhall::host::toolcallform
