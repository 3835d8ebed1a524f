// SPDX-License-Identifier: MIT
// The Town Crier and key moments in the UI's language: the UI's template table
// follows the engine's catalogue, English falls back to the engine's text, and
// the Chinese translation renders every template of real matches.

#include "fixtures.h"

#include "ui/i18n.h"
#include "ui/templatetext.h"
#include "ui/uitext.h"

#include "engine/keymoments.h"
#include "engine/narrator.h"
#include "engine/simulator.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace townhall;
using namespace townhall::ui;

namespace {

std::set<QString> placeholderKeys(const QString &pattern)
{
    std::set<QString> keys;
    static const QRegularExpression re(QStringLiteral("\\{([^{}]*)\\}"));
    for (auto it = re.globalMatch(pattern); it.hasNext();)
        keys.insert(it.next().captured(1).section(QLatin1Char('|'), 0, 0));
    return keys;
}

bool hasCjk(const QString &s)
{
    for (QChar c : s)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

/// A few complete matches of built-in bots (virtual time).
std::vector<engine::Match> playedMatches()
{
    std::vector<engine::Match> out;
    for (std::uint64_t seed : {11u, 12u, 13u, 14u, 15u, 16u, 17u, 18u})
        out.push_back(std::move(*engine::simulateMatch(seed, engine::MatchConfig{}).match));
    return out;
}

} // namespace

class TestTemplateText final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        Languages::install(QLocale(QLocale::English), QStringLiteral(TOWNHALL_QM_DIR));
    }

    void tableFollowsTheEngine()
    {
        const auto narrator = TemplateText::narratorTable();
        const auto &engineNarrator = engine::narratorTemplates();
        QCOMPARE(std::size_t(narrator.size()), engineNarrator.size());
        for (std::size_t i = 0; i < engineNarrator.size(); ++i) {
            QCOMPARE(narrator[qsizetype(i)].first, QString::fromStdString(engineNarrator[i].id));
            QCOMPARE(narrator[qsizetype(i)].second, qs(engineNarrator[i].english));
        }
        const auto moments = TemplateText::keyMomentTable();
        const auto &engineMoments = engine::keyMomentTemplates();
        QCOMPARE(std::size_t(moments.size()), engineMoments.size());
        for (std::size_t i = 0; i < engineMoments.size(); ++i) {
            QCOMPARE(moments[qsizetype(i)].first, qs(engineMoments[i].id));
            QCOMPARE(moments[qsizetype(i)].second, qs(engineMoments[i].english));
        }
    }

    void englishIsTheEnginesText()
    {
        QVERIFY(Languages::install(QLocale(QLocale::English), QStringLiteral(TOWNHALL_QM_DIR)));
        for (const engine::Match &m : playedMatches()) {
            for (const engine::Event &e : m.log())
                if (e.type == engine::EventType::Narrator)
                    QCOMPARE(TemplateText::narrator(e.payload),
                             qs(e.payload.at("text").get<std::string>()));
            for (const engine::KeyMoment &k : engine::keyMoments(m, engine::Viewer::omniscient()))
                QCOMPARE(TemplateText::keyMoment(k), qs(k.text));
        }
    }

    void renderUsesTheUiVocabulary()
    {
        const engine::json args{{"count", 3},
                                {"names", {"Ada", "Basil", "Cora"}},
                                {"votes", 1},
                                {"role", "SEER"},
                                {"winner", "WEREWOLVES"},
                                {"name", "Hugo"}};
        QCOMPARE(TemplateText::render(
                     QStringLiteral("{count|word|cap}: {names}. {name} has {votes|votes}."), args),
                 QStringLiteral("Three: Ada, Basil and Cora. Hugo has 1 vote."));
        QCOMPARE(
            TemplateText::render(QStringLiteral("{role|a} / {winner} / {missing} / {count}"), args),
            UiText::roleName(engine::Role::Seer) + QStringLiteral(" / ")
                + UiText::teamName(engine::Team::Werewolves) + QStringLiteral(" / {missing} / 3"));
        QCOMPARE(TemplateText::render(QStringLiteral("{names}"), engine::json{{"names", {"Ada"}}}),
                 QStringLiteral("Ada"));
        QCOMPARE(TemplateText::render(QStringLiteral("no placeholders {"), args),
                 QStringLiteral("no placeholders {"));
    }

    void chineseCoversEveryTemplate()
    {
        QVERIFY(Languages::install(QLocale(QLocale::Chinese, QLocale::China),
                                   QStringLiteral(TOWNHALL_QM_DIR)));
        QCOMPARE(Languages::installed(), QStringLiteral("zh_CN"));
        for (const auto &[id, english] : TemplateText::narratorTable()) {
            const QString zh = TemplateText::translatedNarratorPattern(id.toStdString());
            QVERIFY2(!zh.isEmpty(), qPrintable(id));
            QVERIFY2(hasCjk(zh), qPrintable(id));
            const auto keys = placeholderKeys(zh);
            const auto known = placeholderKeys(english);
            QVERIFY2(std::includes(known.begin(), known.end(), keys.begin(), keys.end()),
                     qPrintable(id));
        }
        for (const auto &[id, english] : TemplateText::keyMomentTable()) {
            const QString zh = TemplateText::translatedKeyMomentPattern(id.toStdString());
            QVERIFY2(!zh.isEmpty() && hasCjk(zh), qPrintable(id));
            const auto keys = placeholderKeys(zh);
            const auto known = placeholderKeys(english);
            QVERIFY2(std::includes(known.begin(), known.end(), keys.begin(), keys.end()),
                     qPrintable(id));
        }
        // Every line of real matches renders completely, in Chinese.
        int lines = 0;
        int moments = 0;
        for (const engine::Match &m : playedMatches()) {
            for (const engine::Event &e : m.log()) {
                if (e.type != engine::EventType::Narrator)
                    continue;
                const QString text = TemplateText::narrator(e.payload);
                QVERIFY2(hasCjk(text), qPrintable(text));
                QVERIFY2(!text.contains(QLatin1Char('{')), qPrintable(text));
                ++lines;
            }
            for (const engine::KeyMoment &k : engine::keyMoments(m, engine::Viewer::omniscient())) {
                const QString text = TemplateText::keyMoment(k);
                QVERIFY2(hasCjk(text) && !text.contains(QLatin1Char('{')), qPrintable(text));
                ++moments;
            }
        }
        QVERIFY(lines > 100);
        QVERIFY2(moments > 10, qPrintable(QString::number(moments)));
        QCOMPARE(UiText::numberWord(3), QStringLiteral("三"));
        QCOMPARE(UiText::joinList({QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")}),
                 QStringLiteral("A、B 和 C"));
    }
};

QTEST_MAIN(TestTemplateText)
#include "tst_templatetext.moc"
