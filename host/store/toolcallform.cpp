// SPDX-License-Identifier: MIT
#include "host/store/toolcallform.h"

#include "mcp/jsonwrite.h"

#include <cstring>

namespace townhall::host::toolcallform {

namespace {

/// Where, in one message's text, the first content block's text literal
/// (quotes included) and the structuredContent value are.
struct Layout
{
    std::size_t textBegin = 0, textEnd = 0;
    std::size_t scBegin = 0, scEnd = 0;
    bool hasText = false, hasSc = false;
};

/// A forward-only scanner over compact or spaced JSON text. It checks
/// structure only as far as it needs to find value boundaries: the stored
/// message came from a JSON writer, and the writer elided a text only after
/// checking that this scan rebuilds the original byte for byte.
class Scanner
{
public:
    explicit Scanner(std::string_view s)
        : m_s(s)
    {}

    std::size_t pos() const { return m_i; }
    bool atEnd()
    {
        ws();
        return m_i == m_s.size();
    }

    void ws()
    {
        while (m_i < m_s.size()
               && (m_s[m_i] == ' ' || m_s[m_i] == '\n' || m_s[m_i] == '\r' || m_s[m_i] == '\t'))
            ++m_i;
    }

    bool peek(char c)
    {
        ws();
        return m_i < m_s.size() && m_s[m_i] == c;
    }

    bool take(char c)
    {
        if (!peek(c))
            return false;
        ++m_i;
        return true;
    }

    /// A string literal; `raw` gets its bytes between the quotes.
    bool string(std::string_view *raw = nullptr)
    {
        if (!take('"'))
            return false;
        const std::size_t begin = m_i;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (c == '"') {
                if (raw)
                    *raw = m_s.substr(begin, m_i - begin);
                ++m_i;
                return true;
            }
            m_i += c == '\\' ? 2 : 1;
        }
        return false;
    }

    /// Any value.
    bool value()
    {
        ws();
        if (m_i >= m_s.size())
            return false;
        const char c = m_s[m_i];
        if (c == '"')
            return string();
        if (c == '{' || c == '[') {
            int depth = 0;
            while (m_i < m_s.size()) {
                const char d = m_s[m_i];
                if (d == '"') {
                    if (!string())
                        return false;
                    continue;
                }
                if (d == '{' || d == '[')
                    ++depth;
                else if (d == '}' || d == ']')
                    --depth;
                ++m_i;
                if (depth == 0)
                    return true;
            }
            return false;
        }
        const std::size_t begin = m_i;
        while (m_i < m_s.size() && std::strchr(",}] \n\r\t", m_s[m_i]) == nullptr)
            ++m_i;
        return m_i > begin;
    }

    /// The members of an object: `member(key)` must consume the value.
    template<typename F>
    bool object(F &&member)
    {
        if (!take('{'))
            return false;
        if (take('}'))
            return true;
        do {
            std::string_view key;
            if (!string(&key) || !take(':'))
                return false;
            ws();
            if (!member(key))
                return false;
        } while (take(','));
        return take('}');
    }

private:
    std::string_view m_s;
    std::size_t m_i = 0;
};

/// The first content block: its "text" member.
bool scanFirstBlock(Scanner &sc, Layout &l)
{
    return sc.object([&](std::string_view key) {
        if (key != "text")
            return sc.value();
        if (l.hasText || !sc.peek('"'))
            return false;
        l.textBegin = sc.pos();
        if (!sc.string())
            return false;
        l.textEnd = sc.pos();
        l.hasText = true;
        return true;
    });
}

bool scanResult(Scanner &sc, Layout &l)
{
    bool sawContent = false;
    return sc.object([&](std::string_view key) {
        if (key == "content") {
            if (sawContent || !sc.take('['))
                return false;
            sawContent = true;
            if (sc.take(']'))
                return true;
            if (!sc.peek('{') || !scanFirstBlock(sc, l))
                return false;
            while (sc.take(','))
                if (!sc.value())
                    return false;
            return sc.take(']');
        }
        if (key == "structuredContent") {
            if (l.hasSc)
                return false;
            l.scBegin = sc.pos();
            if (!sc.value())
                return false;
            l.scEnd = sc.pos();
            l.hasSc = true;
            return true;
        }
        return sc.value();
    });
}

std::optional<Layout> scan(std::string_view text)
{
    Layout l;
    Scanner sc(text);
    bool sawResult = false;
    const bool ok = sc.object([&](std::string_view key) {
        if (key != "result")
            return sc.value();
        if (sawResult || !sc.peek('{'))
            return false;
        sawResult = true;
        return scanResult(sc, l);
    });
    if (!ok || !sc.atEnd() || !l.hasText || !l.hasSc)
        return std::nullopt;
    return l;
}

} // namespace

std::optional<std::string> restoreStructuredText(std::string_view stored)
{
    const std::optional<Layout> l = scan(stored);
    if (!l || l->textEnd - l->textBegin != 2)
        return std::nullopt;
    const std::string_view sc = stored.substr(l->scBegin, l->scEnd - l->scBegin);
    std::string out;
    out.reserve(stored.size() + sc.size() + sc.size() / 8);
    out.append(stored.substr(0, l->textBegin + 1));
    // Escaped as the writers of those versions (and nlohmann's dump()) did.
    mcp::jsonwrite_detail::writeStringBody(out, sc);
    out.append(stored.substr(l->textEnd - 1));
    return out;
}

} // namespace townhall::host::toolcallform
