// SPDX-License-Identifier: MIT
#include "playertext.h"

namespace townhall::engine {

namespace {

/// The length of the UTF-8 sequence that starts at `s[i]`, 0 if it is not a
/// valid one (bad lead byte, missing or bad continuation, overlong forms are
/// not worth rejecting here: they decode to the same harmless characters).
std::size_t sequenceLength(std::string_view s, std::size_t i)
{
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    if (b < 0x80)
        return 1;
    if ((b & 0xE0) == 0xC0)
        n = 2;
    else if ((b & 0xF0) == 0xE0)
        n = 3;
    else if ((b & 0xF8) == 0xF0)
        n = 4;
    else
        return 0;
    if (i + n > s.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80)
            return 0;
    return n;
}

/// Characters that end or break a line: C0 and C1 controls, DEL, U+2028, U+2029.
bool breaksLine(std::string_view ch)
{
    if (ch.size() == 1) {
        const auto b = static_cast<unsigned char>(ch[0]);
        return b < 0x20 || b == 0x7F;
    }
    if (ch.size() == 2)
        return static_cast<unsigned char>(ch[0]) == 0xC2
               && static_cast<unsigned char>(ch[1]) < 0xA0;
    return ch == "\u2028" || ch == "\u2029";
}

} // namespace

std::string cleanDisplayName(std::string_view name)
{
    std::string out;
    std::size_t chars = 0;
    bool pendingSpace = false;
    for (std::size_t i = 0; i < name.size() && chars < MaxDisplayNameChars;) {
        const std::size_t n = sequenceLength(name, i);
        std::string_view ch = n ? name.substr(i, n) : std::string_view("?");
        i += n ? n : 1;
        if (breaksLine(ch) || ch == " " || ch == "\u00A0" || ch == "\u3000") {
            pendingSpace = !out.empty();
            continue;
        }
        if (ch == "[" || ch == "\u3010")
            ch = "(";
        else if (ch == "]" || ch == "\u3011")
            ch = ")";
        if (pendingSpace) {
            if (++chars >= MaxDisplayNameChars)
                break;
            out += ' ';
            pendingSpace = false;
        }
        out += ch;
        ++chars;
    }
    return out.empty() ? std::string("Player") : out;
}

std::string quotedSpeech(std::string_view text)
{
    std::string out = "\"";
    out.reserve(text.size() + 2);
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequenceLength(text, i);
        const std::string_view ch = n ? text.substr(i, n) : std::string_view("?");
        i += n ? n : 1;
        if (ch == "\r" && i < text.size() && text[i] == '\n')
            continue; // CRLF is one break
        if (ch == "\n" || ch == "\r" || ch == "\u2028" || ch == "\u2029")
            out += " / ";
        else if (breaksLine(ch))
            out += ' ';
        else if (ch == "\"" || ch == "\\")
            (out += '\\') += ch;
        else
            out += ch;
    }
    out += '"';
    return out;
}

} // namespace townhall::engine
