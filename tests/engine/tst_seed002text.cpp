// SPDX-License-Identifier: MIT
// The tables beyond classic (witch, hunter, PK, more seats) through everything
// the audience reads: the narrator's public lines, public key moments,
// chapters, the public summary and a spectator's get_state must never tell a
// living player's role, the wolves' target or what the witch did. The Chinese
// catalogue must cover every template and render all its arguments.

#include "engine/chapters.h"
#include "engine/keymoments.h"
#include "engine/narrator.h"
#include "engine/projection.h"
#include "engine/simulator.h"

#include <QtTest>

#include <cctype>
#include <cstring>
#include <set>

using namespace townhall::engine;

namespace {

MatchConfig configFor(const char *preset, const char *language = "en")
{
    MatchConfig config;
    config.rateLimits = false;
    config.rules = *rulePreset(preset);
    config.rules.language = language;
    return config;
}

} // namespace

class TestSeed002Text : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void publicTextKeepsSecrets_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("language");
        QTest::newRow("9 en") << "seed002-9"
                              << "en";
        QTest::newRow("12 en") << "seed002-12"
                               << "en";
        QTest::newRow("9 zh") << "seed002-9"
                              << "zh-CN";
    }

    void publicTextKeepsSecrets()
    {
        QFETCH(QString, preset);
        QFETCH(QString, language);
        const MatchConfig config
            = configFor(preset.toUtf8().constData(), language.toUtf8().constData());
        int publicLines = 0;
        std::set<std::string> hiddenTypes;
        for (std::uint64_t seed = 1; seed <= 120; ++seed) {
            const SimulatedMatch sim = simulateMatch(seed, config);
            const Match &m = *sim.match;
            const MatchState &s = m.state();
            for (const Event &e : m.log()) {
                if (e.audience != Audience::Public) {
                    hiddenTypes.insert(std::string(toString(e.type)));
                    // No hidden event reaches a spectator, and the witch's own
                    // events reach her alone.
                    QVERIFY(!visible(e, Viewer::spectator(), s));
                    for (const Player &p : s.players)
                        if (visible(e, Viewer::forPlayer(p.playerId), s))
                            QVERIFY(
                                (e.audience == Audience::Player && p.playerId == e.audiencePlayerId)
                                || (e.audience == Audience::Wolves && p.role == Role::Werewolf));
                    if (e.type == EventType::WitchInformed || e.type == EventType::WitchActed)
                        QVERIFY(m.player(e.audiencePlayerId)->role == Role::Witch);
                    continue;
                }
                if (e.type != EventType::Narrator)
                    continue;
                // A public narrator line: never a role word next to a player who is alive at the
                // end of the match unless the match is over (roles are then revealed).
                ++publicLines;
                const std::string text = e.payload.value("text", std::string());
                QVERIFY2(text.find('{') == std::string::npos, text.c_str());
                const std::string tpl = e.payload.value("templateId", std::string());
                QVERIFY2(tpl.rfind("omni.", 0) != 0, tpl.c_str());
                // A role argument always belongs to a player whose role the event made public.
                const json &args = e.payload.contains("args") ? e.payload["args"] : json::object();
                if (args.contains("role"))
                    for (const char *who : {"nameId", "targetId", "victimId"})
                        if (args.contains(who))
                            QVERIFY2(m.player(args[who].get<std::string>())->revealed,
                                     text.c_str());
            }
            // Public key moments and chapters come from public facts only.
            for (const KeyMoment &k : keyMoments(m, Viewer::spectator())) {
                QVERIFY(!k.omniscient);
                QVERIFY(k.kind != KeyMoment::Kind::WitchPotion);
                // A dead witch's role is public; what she did never is.
                for (const char *secret : {"antidote", "poison", "解药", "毒"})
                    QVERIFY2(k.text.find(secret) == std::string::npos, k.text.c_str());
            }
            for (const Chapter &c : chapterMarkers(m))
                QVERIFY2(c.title.find("witch") == std::string::npos
                             && c.title.find("poison") == std::string::npos,
                         c.title.c_str());
            const std::string summary = publicSummary(m);
            QVERIFY(summary.find("witch") == std::string::npos || s.phase == Phase::Ended);
            QVERIFY(summary.find("poison") == std::string::npos);
            // A spectator's get_state shows a role only once it is public.
            const StateView v = stateView(m, Viewer::spectator());
            for (std::size_t i = 0; i < v.players.size(); ++i)
                QCOMPARE(v.players[i].revealedRole.has_value(), s.players[i].revealed);
            QVERIFY(!v.you);
        }
        QVERIFY(publicLines > 0);
        QVERIFY(hiddenTypes.count("WOLVES_DECIDED") > 0);
    }

    void witchSeesHerPotions()
    {
        const SimulatedMatch sim = simulateMatch(7, configFor("seed002-9"));
        const Match &m = *sim.match;
        for (const Player &p : m.state().players) {
            const json you = toJson(stateView(m, Viewer::forPlayer(p.playerId)))["you"];
            // Only the witch's view carries potions.
            QCOMPARE(you.contains("potions"), p.role == Role::Witch);
            if (p.role == Role::Witch) {
                QCOMPARE(you["potions"]["antidote"].get<bool>(), p.hasAntidote);
                QCOMPARE(you["potions"]["poison"].get<bool>(), p.hasPoison);
            }
        }
    }

    void chineseCatalogueIsComplete()
    {
        // Every template has a Chinese pattern whose placeholders are exactly the ones of the
        // English pattern that a Chinese sentence needs, and rendering leaves none behind.
        for (const NarratorTemplate &t : narratorTemplates()) {
            QVERIFY2(!t.chinese.empty(), t.id.c_str());
            json args = json::object();
            for (std::string_view pattern : {t.english, t.chinese}) {
                for (std::size_t i = pattern.find('{'); i != std::string_view::npos;
                     i = pattern.find('{', i + 1)) {
                    const std::string_view spec
                        = pattern.substr(i + 1, pattern.find('}', i) - i - 1);
                    const std::string key(spec.substr(0, spec.find('|')));
                    args[key] = key == "role" ? json("WITCH")
                                : key.find("names") == 0 || key == "wolves"
                                    ? json::array({"A", "B", "C"})
                                : key == "count" || key == "night" || key == "day" || key == "days"
                                        || key == "alive" || key == "votes" || key == "seconds"
                                        || key == "survivors" || key == "matchNumber"
                                        || key == "wolves" || key == "accuserCount"
                                    ? json(2)
                                    : json("Name");
                }
            }
            const std::string zh = renderTemplateZh(t.chinese, args);
            QVERIFY2(zh.find('{') == std::string::npos, t.id.c_str());
            // No untranslated English left: the only Latin letters are the names and "PK".
            std::string stripped = zh;
            for (const char *keep : {"Name", "PK", "A", "B", "C"})
                for (std::size_t at; (at = stripped.find(keep)) != std::string::npos;)
                    stripped.erase(at, std::strlen(keep));
            for (char ch : stripped)
                QVERIFY2(!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')),
                         (t.id + ": " + zh).c_str());
        }
        QCOMPARE(renderTemplateZh("{names}", json{{"names", {"甲", "乙", "丙"}}}),
                 std::string("甲、乙和丙"));
        QCOMPARE(
            renderTemplateZh("{role}/{winner}", json{{"role", "HUNTER"}, {"winner", "VILLAGERS"}}),
            std::string("猎人/村民阵营"));
        for (const KeyMomentTemplate &t : keyMomentTemplates())
            QVERIFY2(!t.chinese.empty(), std::string(t.id).c_str());
    }

    void chineseMatchNarratesInChinese()
    {
        const SimulatedMatch sim = simulateMatch(3, configFor("seed002-9", "zh-CN"));
        int lines = 0;
        for (const Event &e : sim.match->log()) {
            if (e.type != EventType::Narrator)
                continue;
            ++lines;
            const std::string text = e.payload.value("text", std::string());
            // The bots' names are Latin; every other word must be Chinese.
            std::string stripped = text;
            for (const Player &p : sim.match->state().players)
                for (std::size_t at; (at = stripped.find(p.displayName)) != std::string::npos;)
                    stripped.erase(at, p.displayName.size());
            for (const char *keep : {"PK"})
                for (std::size_t at; (at = stripped.find(keep)) != std::string::npos;)
                    stripped.erase(at, std::strlen(keep));
            for (char ch : stripped)
                QVERIFY2(!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')), text.c_str());
        }
        QVERIFY(lines > 10);
        const std::string brief
            = phaseBrief(*sim.match, sim.match->state().players.front().playerId);
        QVERIFY2(brief.find("【身份】") != std::string::npos, brief.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSeed002Text)
#include "tst_seed002text.moc"
