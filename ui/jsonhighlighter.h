// SPDX-License-Identifier: MIT
#pragma once

// Pretty JSON for the tool-call inspector: an indenting printer that keeps
// the members in their wire order, and a syntax highlighter for it.

#include <QByteArray>
#include <QColor>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace townhall::ui {

/// `json` indented by two spaces, members in their original order. Strings
/// that hold JSON (a tool result's text content) stay strings. Anything that
/// does not parse comes back as it is.
QString prettyJson(const QByteArray &json);

/// Colours JSON text: member names, strings, numbers, true/false/null,
/// punctuation, and `//` comment lines the inspector adds. Follows the
/// palette (light or dark) of the document's widget when it is rehighlighted.
class JsonHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonHighlighter)

public:
    enum class Token { Key, String, Number, Literal, Punctuation, Comment };

    explicit JsonHighlighter(QTextDocument *document, bool dark = false);

    void setDark(bool dark);
    /// The format used for `token` (tests, legends).
    QTextCharFormat format(Token token) const;

protected:
    void highlightBlock(const QString &text) override;

private:
    QTextCharFormat m_formats[6];
};

} // namespace townhall::ui
