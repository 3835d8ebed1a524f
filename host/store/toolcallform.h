// SPDX-License-Identifier: MIT
#pragma once

// Private to the store: how versions before the calls file stored a recorded
// call's response in the database's `tool_calls` table (schema v4, column
// `response_form`). The store no longer writes that table; it reads it, for
// `townhall calls` on older databases.
//
// A successful tools/call result carries the same JSON twice: as
// `result.structuredContent` and, serialised, as the text of its first
// content block. Those versions kept that text only once: when the block's
// string literal was exactly the JSON string escape of the bytes of the
// structuredContent value in the same message, the literal was stored empty.
// Reading rebuilds it from those bytes, so the restored message is
// byte-for-byte the original; any other message was stored verbatim.

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

/// A response stored with TextFromStructured, with its first content
/// block's text put back; nullopt if `stored` does not have that shape (a
/// text literal that is empty, and a structuredContent value).
std::optional<std::string> restoreStructuredText(std::string_view stored);

} // namespace townhall::host::toolcallform
