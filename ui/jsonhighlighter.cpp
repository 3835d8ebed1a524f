// SPDX-License-Identifier: MIT
#include "ui/jsonhighlighter.h"

#include <nlohmann/json.hpp>

namespace townhall::ui {

QString prettyJson(const QByteArray &json)
{
    const auto parsed
        = nlohmann::ordered_json::parse(json.constBegin(), json.constEnd(), nullptr, false);
    if (parsed.is_discarded())
        return QString::fromUtf8(json);
    return QString::fromStdString(
        parsed.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

JsonHighlighter::JsonHighlighter(QTextDocument *document, bool dark)
    : QSyntaxHighlighter(document)
{
    setDark(dark);
}

void JsonHighlighter::setDark(bool dark)
{
    // Muted on purpose: long payloads are read for minutes at a time.
    const QColor key = dark ? QColor(0x7F, 0xB2, 0xFF) : QColor(0x1F, 0x4F, 0x9A);
    const QColor string = dark ? QColor(0x9F, 0xD8, 0x8A) : QColor(0x2E, 0x7D, 0x32);
    const QColor number = dark ? QColor(0xF2, 0xB1, 0x6B) : QColor(0xB3, 0x5A, 0x00);
    const QColor literal = dark ? QColor(0xE0, 0x8C, 0xE8) : QColor(0x8E, 0x24, 0xAA);
    const QColor punct = dark ? QColor(0x8A, 0x8F, 0x9C) : QColor(0x80, 0x7C, 0x72);
    const QColor comment = dark ? QColor(0xA0, 0xA4, 0xB0) : QColor(0x6E, 0x6A, 0x60);
    auto set = [this](Token t, const QColor &c, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(c);
        if (bold)
            f.setFontWeight(QFont::DemiBold);
        f.setFontItalic(italic);
        m_formats[int(t)] = f;
    };
    set(Token::Key, key, true);
    set(Token::String, string);
    set(Token::Number, number);
    set(Token::Literal, literal, true);
    set(Token::Punctuation, punct);
    set(Token::Comment, comment, false, true);
    rehighlight();
}

QTextCharFormat JsonHighlighter::format(Token token) const
{
    return m_formats[int(token)];
}

void JsonHighlighter::highlightBlock(const QString &text)
{
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n && text[i].isSpace())
        ++i;
    if (text.mid(i, 2) == QLatin1String("//")) {
        setFormat(int(i), int(n - i), m_formats[int(Token::Comment)]);
        return;
    }
    // A small scanner: one line of pretty JSON at a time (strings never span
    // lines once printed; a broken document is coloured as far as it goes).
    while (i < n) {
        const QChar c = text[i];
        if (c == QLatin1Char('"')) {
            qsizetype j = i + 1;
            while (j < n && text[j] != QLatin1Char('"'))
                j += text[j] == QLatin1Char('\\') ? 2 : 1;
            j = std::min(j + 1, n);
            qsizetype k = j;
            while (k < n && text[k].isSpace())
                ++k;
            const bool isKey = k < n && text[k] == QLatin1Char(':');
            setFormat(int(i), int(j - i), m_formats[int(isKey ? Token::Key : Token::String)]);
            i = j;
        } else if (c.isDigit() || c == QLatin1Char('-')) {
            qsizetype j = i + 1;
            while (j < n
                   && (text[j].isDigit() || text[j] == QLatin1Char('.')
                       || text[j] == QLatin1Char('e') || text[j] == QLatin1Char('E')
                       || text[j] == QLatin1Char('+') || text[j] == QLatin1Char('-')))
                ++j;
            setFormat(int(i), int(j - i), m_formats[int(Token::Number)]);
            i = j;
        } else if (c.isLetter()) {
            qsizetype j = i;
            while (j < n && text[j].isLetter())
                ++j;
            const QStringView word = QStringView(text).mid(i, j - i);
            if (word == QLatin1String("true") || word == QLatin1String("false")
                || word == QLatin1String("null"))
                setFormat(int(i), int(j - i), m_formats[int(Token::Literal)]);
            i = j;
        } else {
            if (QStringView(u"{}[]:,").contains(c))
                setFormat(int(i), 1, m_formats[int(Token::Punctuation)]);
            ++i;
        }
    }
}

} // namespace townhall::ui
