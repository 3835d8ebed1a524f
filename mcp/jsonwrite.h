// SPDX-License-Identifier: MIT
#pragma once

/// \file jsonwrite.h
/// A faster compact JSON writer for the reply path. nlohmann's dump() decodes
/// every string byte by byte through a UTF-8 state machine; on a get_state
/// reply that was the largest single cost of the server (mcp_bench, perf).
/// writeJson() produces exactly the same text as `dump()` (compact, no ASCII
/// escaping): strings are copied in runs and only checked for UTF-8 validity
/// when they hold non-ASCII bytes. Anything unusual (invalid UTF-8, binary
/// values) falls back to nlohmann for the whole document, so the error
/// behaviour (throw, or replace with U+FFFD) is nlohmann's own.
///
/// Raw JSON: a tree may hold text that is already serialized (rawJson()):
/// writeJson() copies it verbatim instead of walking a subtree. The host keeps
/// the `state` of get_state serialized per match seq this way, so a reply
/// costs a copy of bytes, not a tree built, dumped twice and freed (mcp_bench).
/// A raw node is an nlohmann binary value with a subtype of its own; binary
/// values never come out of parsing JSON text, so nothing else looks like one.
/// Only the reply path (the dispatcher, the HTTP transport, writeJson()) is
/// handed such trees; materialized() turns one back into a plain tree for
/// anything that must inspect it (result validation).

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace townhall::mcp {

namespace jsonwrite_detail {

/// True if `s` is well-formed UTF-8 (no overlongs, surrogates or values past
/// U+10FFFF), the same rule nlohmann's serializer applies.
inline bool validUtf8(std::string_view s)
{
    std::size_t i = 0;
    const std::size_t n = s.size();
    while (i < n) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        auto cont = [&](std::size_t k, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
            if (i + k >= n)
                return false;
            const auto b = static_cast<unsigned char>(s[i + k]);
            return b >= lo && b <= hi;
        };
        if (c >= 0xC2 && c <= 0xDF) {
            if (!cont(1))
                return false;
            i += 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            const unsigned char lo = c == 0xE0 ? 0xA0 : 0x80;
            const unsigned char hi = c == 0xED ? 0x9F : 0xBF;
            if (!cont(1, lo, hi) || !cont(2))
                return false;
            i += 3;
        } else if (c >= 0xF0 && c <= 0xF4) {
            const unsigned char lo = c == 0xF0 ? 0x90 : 0x80;
            const unsigned char hi = c == 0xF4 ? 0x8F : 0xBF;
            if (!cont(1, lo, hi) || !cont(2) || !cont(3))
                return false;
            i += 4;
        } else {
            return false;
        }
    }
    return true;
}

/// The subtype that marks a binary value as raw JSON text ("rawjson\0").
inline constexpr std::uint64_t RawSubtype = 0x72'61'77'6a'73'6f'6e'00;

inline bool isRaw(const nlohmann::json &j)
{
    return j.is_binary() && j.get_binary().has_subtype() && j.get_binary().subtype() == RawSubtype;
}

/// A raw node holds `text`, then optionally a NUL and the same text escaped as
/// the inside of a JSON string (compact JSON text never holds a NUL byte).
/// `escaped` selects the second part; nullopt when it was not stored.
inline std::optional<std::string_view> rawPart(const nlohmann::json &j, bool escaped)
{
    const auto &bytes = j.get_binary();
    const char *p = reinterpret_cast<const char *>(bytes.data());
    const std::size_t n = bytes.size();
    const void *nul = n ? std::memchr(p, 0, n) : nullptr;
    const std::size_t cut = nul ? std::size_t(static_cast<const char *>(nul) - p) : n;
    if (!escaped)
        return std::string_view(p, cut);
    if (!nul)
        return std::nullopt;
    return std::string_view(p + cut + 1, n - cut - 1);
}

/// How a JSON string holds byte `c`: as it is, as a short escape (\" \\ \b
/// \f \n \r \t) or as \u00xx. Writes to `buf` (6 bytes), returns the length.
/// The one escaping rule of every writer here, and of nlohmann's dump().
inline int escapedByte(unsigned char c, char *buf)
{
    if (c >= 0x20 && c != '"' && c != '\\') {
        buf[0] = char(c);
        return 1;
    }
    buf[0] = '\\';
    switch (c) {
    case '"':
        buf[1] = '"';
        return 2;
    case '\\':
        buf[1] = '\\';
        return 2;
    case '\b':
        buf[1] = 'b';
        return 2;
    case '\f':
        buf[1] = 'f';
        return 2;
    case '\n':
        buf[1] = 'n';
        return 2;
    case '\r':
        buf[1] = 'r';
        return 2;
    case '\t':
        buf[1] = 't';
        return 2;
    default: {
        static constexpr char hex[] = "0123456789abcdef";
        buf[1] = 'u';
        buf[2] = '0';
        buf[3] = '0';
        buf[4] = hex[c >> 4];
        buf[5] = hex[c & 0xF];
        return 6;
    }
    }
}

/// Appends the inside of `s` as a JSON string (no quotes); false if it is
/// not valid UTF-8.
inline bool writeStringBody(std::string &out, std::string_view s)
{
    bool ascii = true;
    std::size_t run = 0; // start of the pending run of bytes copied as they are
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            ascii = ascii && c < 0x80;
            continue;
        }
        out.append(s.data() + run, i - run);
        run = i + 1;
        char esc[6];
        out.append(esc, std::size_t(escapedByte(c, esc)));
    }
    out.append(s.data() + run, s.size() - run);
    return ascii || validUtf8(s);
}

/// Appends `s` as a JSON string; false if it is not valid UTF-8.
inline bool writeString(std::string &out, std::string_view s)
{
    out += '"';
    const bool ok = writeStringBody(out, s);
    out += '"';
    return ok;
}

/// Appends the compact text of `j`; with `InString`, that text escaped as
/// the inside of a JSON string (what writeStringBody(out, text) appends), in
/// one pass: raw nodes then contribute their stored escaped copy. False if a
/// string is not valid UTF-8, or for a binary value that is not raw JSON.
template<bool InString>
inline bool writeNode(std::string &out, const nlohmann::json &j)
{
    using V = nlohmann::json::value_t;
    switch (j.type()) {
    case V::array: {
        out += '[';
        bool first = true;
        for (const auto &e : j) {
            if (!first)
                out += ',';
            first = false;
            if (!writeNode<InString>(out, e))
                return false;
        }
        out += ']';
        return true;
    }
    case V::object: {
        out += '{';
        bool first = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!first)
                out += ',';
            first = false;
            if constexpr (InString) {
                std::string key;
                if (!writeString(key, it.key()))
                    return false;
                writeStringBody(out, key);
            } else if (!writeString(out, it.key())) {
                return false;
            }
            out += ':';
            if (!writeNode<InString>(out, it.value()))
                return false;
        }
        out += '}';
        return true;
    }
    default:
        break;
    }
    if constexpr (InString) {
        if (isRaw(j)) {
            if (const auto escaped = rawPart(j, true)) {
                out += *escaped;
                return true;
            }
        }
        std::string text;
        if (!writeNode<false>(text, j))
            return false;
        writeStringBody(out, text);
        return true;
    } else {
        switch (j.type()) {
        case V::null:
            out += "null";
            return true;
        case V::boolean:
            out += j.get_ref<const bool &>() ? "true" : "false";
            return true;
        case V::number_integer:
        case V::number_unsigned: {
            char buf[24];
            const auto r
                = j.type() == V::number_integer
                      ? std::to_chars(buf, buf + sizeof buf, j.get_ref<const std::int64_t &>())
                      : std::to_chars(buf, buf + sizeof buf, j.get_ref<const std::uint64_t &>());
            out.append(buf, r.ptr);
            return true;
        }
        case V::number_float:
            out += j.dump();
            return true; // nlohmann's shortest round-trip form
        case V::string:
            return writeString(out, j.get_ref<const std::string &>());
        case V::binary:
            if (!isRaw(j))
                return false;
            out += *rawPart(j, false);
            return true;
        default:
            return false;
        }
    }
}

inline bool write(std::string &out, const nlohmann::json &j)
{
    return writeNode<false>(out, j);
}

inline bool writeEscaped(std::string &out, const nlohmann::json &j)
{
    return writeNode<true>(out, j);
}

/// Bytes held by the raw nodes in `j` (0: none), to reserve an output buffer
/// once instead of growing it through a few kilobytes of spliced text.
inline std::size_t rawBytes(const nlohmann::json &j)
{
    if (j.is_binary())
        return isRaw(j) ? j.get_binary().size() : 0;
    std::size_t n = 0;
    if (j.is_structured())
        for (const auto &e : j)
            n += rawBytes(e);
    return n;
}

} // namespace jsonwrite_detail

/// A raw-JSON node holding `text`, which must be compact JSON exactly as
/// writeJson() writes it (the caller's promise; it is not parsed). With
/// `withEscaped`, the node also stores the text escaped as a JSON string's
/// inside, so a copy of it in a string (the text content of a tool result)
/// costs a copy too.
inline nlohmann::json rawJson(std::string_view text, bool withEscaped = true)
{
    std::string bytes(text);
    if (withEscaped) {
        bytes += '\0';
        jsonwrite_detail::writeStringBody(bytes, text);
    }
    // Through byte pointers: one memmove, not a loop converting char by char.
    const auto *p = reinterpret_cast<const std::uint8_t *>(bytes.data());
    return nlohmann::json::binary(std::vector<std::uint8_t>(p, p + bytes.size()),
                                  jsonwrite_detail::RawSubtype);
}

/// True if `j` or anything inside it is a raw-JSON node.
inline bool containsRawJson(const nlohmann::json &j)
{
    return jsonwrite_detail::rawBytes(j) > 0;
}

/// `j` as a plain tree: every raw-JSON node parsed back.
inline nlohmann::json materialized(const nlohmann::json &j)
{
    if (jsonwrite_detail::isRaw(j))
        return nlohmann::json::parse(*jsonwrite_detail::rawPart(j, false));
    if (!j.is_structured() || !containsRawJson(j))
        return j;
    nlohmann::json out = j.is_array() ? nlohmann::json::array() : nlohmann::json::object();
    if (j.is_array())
        for (const auto &e : j)
            out.push_back(materialized(e));
    else
        for (auto it = j.begin(); it != j.end(); ++it)
            out[it.key()] = materialized(it.value());
    return out;
}

/// The JSON string whose content is the compact text of `j`: a string value,
/// or a raw-JSON node holding the string literal when `j` holds raw nodes
/// (their stored escaped text is copied, not escaped again).
inline nlohmann::json jsonTextOf(const nlohmann::json &j,
                                 nlohmann::json::error_handler_t handler
                                 = nlohmann::json::error_handler_t::strict);

/// `j.dump(-1, ' ', false, handler)`, faster. Same text, same exceptions.
inline std::string writeJson(const nlohmann::json &j,
                             nlohmann::json::error_handler_t handler
                             = nlohmann::json::error_handler_t::strict)
{
    std::string out;
    out.reserve(256 + jsonwrite_detail::rawBytes(j));
    if (jsonwrite_detail::write(out, j))
        return out;
    return materialized(j).dump(-1, ' ', false, handler);
}

inline nlohmann::json jsonTextOf(const nlohmann::json &j, nlohmann::json::error_handler_t handler)
{
    const std::size_t raw = jsonwrite_detail::rawBytes(j);
    if (raw == 0)
        return writeJson(j, handler);
    std::string literal;
    literal.reserve(256 + raw);
    literal += '"';
    if (!jsonwrite_detail::writeEscaped(literal, j)) {
        literal = "\"";
        jsonwrite_detail::writeStringBody(literal, writeJson(j, handler));
    }
    literal += '"';
    return rawJson(literal, false);
}

} // namespace townhall::mcp
