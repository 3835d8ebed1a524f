// SPDX-License-Identifier: MIT
// Chapter markers (engine/chapters.h): phases and public key moments timed
// from the match's start, turned into YouTube's chapter list (first at 0:00,
// ascending, ten seconds apart, H:MM:SS past an hour), and never a hidden
// fact: the chapters of a match and of its public replica are the same.

#include "engine/chapters.h"
#include "engine/keymoments.h"
#include "engine/simulator.h"

#include "table.h"

#include <QRegularExpression>

using namespace townhall::engine;
using namespace townhall::engine::test;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

MatchConfig quiet()
{
    MatchConfig c;
    c.rateLimits = false;
    return c;
}

std::vector<Event> publicPart(const std::vector<Event> &log)
{
    std::vector<Event> out;
    for (const Event &e : log)
        if (e.audience == Audience::Public)
            out.push_back(e);
    return out;
}

const Chapter *titled(const std::vector<Chapter> &v, const std::string &title)
{
    for (const Chapter &c : v)
        if (c.title == title)
            return &c;
    return nullptr;
}

TimeMs timeOf(const Match &m, EventType t, int nth = 0)
{
    for (const Event &e : m.log())
        if (e.type == t && nth-- == 0)
            return e.at;
    return -1;
}

} // namespace

class TstChapters : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scriptedMatch();
    void omniscientMomentsStayOut();
    void youtubeRules();
    void offset();
    void timestamps_data();
    void timestamps();
    void emptyLog();
    void simulatedMatches();
};

void TstChapters::scriptedMatch()
{
    // Night 1: the wolves kill a villager; day 1: everyone votes out a wolf.
    Table t(7, quiet());
    t.readyAll();
    QVERIFY(t.until(Phase::Night));
    const std::string prey = t.villager(0);
    const std::string preyName = t.m.player(prey)->displayName;
    for (const std::string &w : t.ids(Role::Werewolf))
        QVERIFY_OK(t.kill(w, prey));
    QVERIFY_OK(t.wolfChat(t.wolf(), "SECRET-WOLF-PLAN eat the baker"));
    QVERIFY_OK(t.inspect(t.seer(), t.wolf()));
    QVERIFY_OK(t.protect(t.doctor(), t.seer()));
    QVERIFY(t.until(Phase::DayVote));
    const std::string target = t.wolf();
    const std::string targetName = t.m.player(target)->displayName;
    for (const Player &p : t.s().players)
        if (p.alive && p.playerId != target && t.s().phase == Phase::DayVote)
            QVERIFY_OK(t.vote(p.playerId, target));
    if (t.s().phase == Phase::DayVote)
        QVERIFY_OK(t.vote(target, t.villager(0)));
    QVERIFY(t.until(Phase::Night));

    const std::vector<Chapter> markers = chapterMarkers(t.m);
    QVERIFY(!markers.empty());
    QCOMPARE(markers.front().atMs, 0);
    QCOMPARE(q(markers.front().title), QStringLiteral("The players take their seats"));
    // Each phase marker sits at its event's offset from the match's start.
    const struct
    {
        std::string title;
        EventType type;
        int nth;
    } expected[] = {
        {"Night 1", EventType::PhaseChanged, 1}, // PHASE_CHANGED #0 is the lobby
        {"Day 1 \u2014 " + preyName + " found dead", EventType::PlayerEliminated, 0},
        {"Day 1 \u2014 " + targetName + " voted out", EventType::PlayerEliminated, 1},
    };
    for (const auto &x : expected) {
        const Chapter *c = titled(markers, x.title);
        QVERIFY2(c, x.title.c_str());
        QCOMPARE(c->atMs, timeOf(t.m, x.type, x.nth) - T0);
    }
    for (const char *title : {"Day 1 \u2014 dawn",
                              "Day 1 \u2014 opening statements",
                              "Day 1 \u2014 discussion",
                              "Day 1 \u2014 vote",
                              "Night 2"})
        QVERIFY2(titled(markers, title), title);
    for (std::size_t i = 1; i < markers.size(); ++i)
        QVERIFY(markers[i - 1].atMs <= markers[i].atMs);

    // Nothing hidden: no wolf chat, no night choice, no role of anyone (the
    // seer and doctor are alive and unclaimed; only the vote revealed a wolf).
    const std::string text = formatChapters(t.m);
    QVERIFY(!text.empty());
    for (const char *hidden :
         {"SECRET-WOLF-PLAN", "seer", "Seer", "doctor", "Doctor", "werewolf", "villager"})
        QVERIFY2(text.find(hidden) == std::string::npos,
                 (std::string(hidden) + " in:\n" + text).c_str());
    // Everyone acted at once, so the lobby, night 1 and the dawn all fall in
    // the first second: the result, the most important of them, opens the
    // video. The vote ended as it began: the vote-out takes its place.
    QVERIFY2(text.rfind("0:00 Day 1 \u2014 " + preyName + " found dead\n", 0) == 0, text.c_str());
    QVERIFY2(text.find("Day 1 \u2014 vote\n") == std::string::npos, text.c_str());
    QVERIFY2(text.find(" Day 1 \u2014 " + targetName + " voted out\n") != std::string::npos,
             text.c_str());
}

void TstChapters::omniscientMomentsStayOut()
{
    // A wolf votes for its fellow wolf: an omniscient-only key moment.
    Table t(11, quiet());
    t.readyAll();
    QVERIFY(t.until(Phase::Night));
    for (const std::string &w : t.ids(Role::Werewolf))
        QVERIFY_OK(t.kill(w, t.villager(0)));
    QVERIFY(t.until(Phase::DayVote));
    const std::string w1 = t.wolf(0), w2 = t.wolf(1);
    QVERIFY(!w2.empty());
    QVERIFY_OK(t.vote(w1, w2));
    QVERIFY(t.until(Phase::Night));

    std::vector<std::string> secret;
    for (const KeyMoment &k : keyMoments(t.m, Viewer::omniscient()))
        if (k.omniscient)
            secret.push_back(k.text);
    QVERIFY2(!secret.empty(), "the script must make an omniscient moment to test anything");
    const std::string text = formatChapters(t.m);
    for (std::string s : secret) {
        if (!s.empty() && s.back() == '.')
            s.pop_back();
        QVERIFY2(text.find(s) == std::string::npos, s.c_str());
    }
    QVERIFY(text.find("fellow wolf") == std::string::npos);
}

void TstChapters::youtubeRules()
{
    // 0 s, 4 s (a more important marker: takes the 0:00 title), 15 s, 20 s
    // (less important: dropped), 24 s (a result: replaces the 15 s title),
    // 40 s and 45 s (two results: joined), 60 s.
    const std::vector<Chapter> markers{
        {200, "seats", 4},
        {4'000, "night", 5},
        {15'000, "talk", 2},
        {20'900, "moment", 1},
        {24'000, "voted out", 5},
        {40'000, "out", 5},
        {45'000, "end", 6},
        {60'000, "next", 4},
    };
    const std::vector<Chapter> v = youtubeChapters(markers);
    QCOMPARE(int(v.size()), 4);
    QCOMPARE(v[0].atMs, 0);
    QCOMPARE(q(v[0].title), QStringLiteral("night"));
    QCOMPARE(v[1].atMs, 15'000);
    QCOMPARE(q(v[1].title), QStringLiteral("voted out"));
    QCOMPARE(v[2].atMs, 40'000);
    QCOMPARE(q(v[2].title), QStringLiteral("out; end"));
    QCOMPARE(v[3].atMs, 60'000);
    // Exactly ten seconds apart is allowed; 9.9 s (whole seconds: 9) is not.
    const auto gap = youtubeChapters({{0, "a", 1}, {10'000, "b", 1}, {19'900, "c", 1}});
    QCOMPARE(int(gap.size()), 2);
    QCOMPARE(gap[1].atMs, 10'000);
    // A first marker later than 0 still opens the video at 0:00.
    const auto late = youtubeChapters({{30'000, "first", 1}, {50'000, "second", 1}});
    QCOMPARE(late.front().atMs, 0);
    QCOMPARE(q(late.front().title), QStringLiteral("first"));
}

void TstChapters::offset()
{
    const std::vector<Chapter> markers{{0, "start", 4}, {30'000, "night", 4}};
    // The stream began 95 s before the match: a 0:00 opener, the match at 1:35.
    const auto v = youtubeChapters(markers, 95);
    QCOMPARE(int(v.size()), 3);
    QCOMPARE(q(v[0].title), QStringLiteral("Before the match"));
    QCOMPARE(v[1].atMs, 95'000);
    QCOMPARE(v[2].atMs, 125'000);
    // Only 4 s of stream before the match: too short for a chapter, the match opens at 0:00.
    const auto shortLead = youtubeChapters(markers, 4);
    QCOMPARE(int(shortLead.size()), 2);
    QCOMPARE(q(shortLead[0].title), QStringLiteral("start"));
    QCOMPARE(shortLead[1].atMs, 34'000);
    // A negative offset is read as none.
    QCOMPARE(youtubeChapters(markers, -50).front().title, std::string("start"));
    QCOMPARE(youtubeChapters(markers, -50)[1].atMs, 30'000);
}

void TstChapters::timestamps_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << QStringLiteral("0:00");
    QTest::newRow("seconds") << qint64(9) << QStringLiteral("0:09");
    QTest::newRow("minutes") << qint64(754) << QStringLiteral("12:34");
    QTest::newRow("last before hour") << qint64(3599) << QStringLiteral("59:59");
    QTest::newRow("hour") << qint64(3600) << QStringLiteral("1:00:00");
    QTest::newRow("hours") << qint64(2 * 3600 + 5 * 60 + 7) << QStringLiteral("2:05:07");
}

void TstChapters::timestamps()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(q(formatTimestamp(seconds)), text);
}

void TstChapters::emptyLog()
{
    QVERIFY(youtubeChapters({}).empty());
    QVERIFY(youtubeChapters({}, 30).empty());
}

void TstChapters::simulatedMatches()
{
    static const QRegularExpression line(QStringLiteral("^(\\d+:)?\\d{1,2}:\\d{2} \\S.*$"));
    MatchConfig config;
    config.rateLimits = false;
    bool sawHour = false;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const SimulatedMatch sim = simulateMatch(seed, config);
        const Match &m = *sim.match;
        const std::vector<Chapter> v
            = youtubeChapters(chapterMarkers(m), std::int64_t(seed % 7) * 600);
        QVERIFY(v.size() >= 3);
        QCOMPARE(v.front().atMs, 0);
        for (std::size_t i = 1; i < v.size(); ++i)
            QVERIFY2(v[i].atMs - v[i - 1].atMs >= 10'000, qPrintable(QString::number(seed)));
        sawHour = sawHour || v.back().atMs >= 3'600'000;

        const std::string text = formatChapters(m, std::int64_t(seed % 7) * 600);
        for (const QString &l : q(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            QVERIFY2(line.match(l).hasMatch(), qPrintable(l));
        // The same chapters from the public events alone: no title needs a hidden fact.
        const auto replica = Match::fromPublicLog(publicPart(m.log()));
        QVERIFY2(replica, replica ? "" : replica.error().message.c_str());
        QCOMPARE(q(formatChapters(*replica, std::int64_t(seed % 7) * 600)), q(text));
        // And no private word made it in.
        for (const Event &e : m.log())
            if (e.type == EventType::WolfChatMessage
                || (e.type == EventType::Narrator && e.audience != Audience::Public)) {
                const std::string said = e.payload.value("text", std::string());
                if (said.size() > 12)
                    QVERIFY2(text.find(said) == std::string::npos, said.c_str());
            }
    }
    // Offsets up to an hour plus a match's length: some lists pass the hour.
    QVERIFY(sawHour);
}

QTEST_GUILESS_MAIN(TstChapters)
#include "tst_chapters.moc"
