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

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

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

/// Appends `s` as a JSON string; false if it is not valid UTF-8.
inline bool writeString(std::string &out, std::string_view s)
{
    out += '"';
    bool ascii = true;
    std::size_t run = 0;  // start of the pending run of bytes copied as they are
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            ascii = ascii && c < 0x80;
            continue;
        }
        out.append(s.data() + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: {
            static constexpr char hex[] = "0123456789abcdef";
            const char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
            out.append(esc, 6);
        }
        }
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
    return ascii || validUtf8(s);
}

inline bool write(std::string &out, const nlohmann::json &j)
{
    using V = nlohmann::json::value_t;
    switch (j.type()) {
    case V::null: out += "null"; return true;
    case V::boolean: out += j.get_ref<const bool &>() ? "true" : "false"; return true;
    case V::number_integer:
    case V::number_unsigned: {
        char buf[24];
        const auto r = j.type() == V::number_integer
                           ? std::to_chars(buf, buf + sizeof buf, j.get_ref<const std::int64_t &>())
                           : std::to_chars(buf, buf + sizeof buf, j.get_ref<const std::uint64_t &>());
        out.append(buf, r.ptr);
        return true;
    }
    case V::number_float: out += j.dump(); return true;  // nlohmann's shortest round-trip form
    case V::string: return writeString(out, j.get_ref<const std::string &>());
    case V::array: {
        out += '[';
        bool first = true;
        for (const auto &e : j) {
            if (!first)
                out += ',';
            first = false;
            if (!write(out, e))
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
            if (!writeString(out, it.key()))
                return false;
            out += ':';
            if (!write(out, it.value()))
                return false;
        }
        out += '}';
        return true;
    }
    case V::binary:
    case V::discarded: return false;
    }
    return false;
}

} // namespace jsonwrite_detail

/// `j.dump(-1, ' ', false, handler)`, faster. Same text, same exceptions.
inline std::string writeJson(const nlohmann::json &j,
                             nlohmann::json::error_handler_t handler = nlohmann::json::error_handler_t::strict)
{
    std::string out;
    out.reserve(256);
    if (jsonwrite_detail::write(out, j))
        return out;
    return j.dump(-1, ' ', false, handler);
}

} // namespace townhall::mcp
