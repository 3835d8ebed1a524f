// SPDX-License-Identifier: MIT
// The tournament file and its schedule: roles rotate evenly, seats and names
// are shuffled, mirrored pairs repeat a match with the participants moved.

#include "engine/simulator.h"
#include "tournament/spec.h"

#include <QTest>

#include <map>
#include <set>

using namespace townhall;
using namespace townhall::tournament;

namespace {

TournamentSpec specOf(const json &j)
{
    auto parsed = parseSpec(j);
    if (!parsed.ok()) {
        std::string all;
        for (const auto &e : parsed.errors)
            all += e + "; ";
        qFatal("spec refused: %s", all.c_str());
    }
    return *parsed.spec;
}

json participants(int singles, bool restBots = true)
{
    json ps = json::array();
    for (int i = 0; i < singles; ++i)
        ps.push_back({{"id", "p" + std::to_string(i)}, {"bot", true}});
    if (restBots)
        ps.push_back({{"id", "bots"}, {"bot", true}, {"seats", "rest"}});
    return ps;
}

/// (participant, role) -> games.
std::map<std::pair<std::string, engine::Role>, int>
roleCounts(const std::vector<ScheduledMatch> &s, int from, int to)
{
    std::map<std::pair<std::string, engine::Role>, int> out;
    for (int i = from; i < to; ++i)
        for (const ScheduledSeat &seat : s[static_cast<std::size_t>(i)].seats)
            ++out[{seat.participantId, seat.role}];
    return out;
}

} // namespace

class TestSchedule : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fileErrorsNameTheField_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{") << "not JSON";
        QTest::newRow("not json names the place")
            << QByteArray("{\n  \"matches\": 1,\n  \"name\": x\n}")
            << "not JSON (line 3, column 11)";
        QTest::newRow("no matches")
            << QByteArray(R"({"participants":[{"id":"a","bot":true,"seats":8}]})") << "matches:";
        QTest::newRow("zero matches")
            << QByteArray(R"({"matches":0,"participants":[{"id":"a","bot":true,"seats":8}]})")
            << "matches:";
        QTest::newRow("unknown key") << QByteArray(
            R"({"matches":1,"colour":1,"participants":[{"id":"a","bot":true,"seats":8}]})")
                                     << "colour: unknown key";
        QTest::newRow("unknown preset") << QByteArray(
            R"({"matches":1,"rules":"13p","participants":[{"id":"a","bot":true,"seats":8}]})")
                                        << "rules: no preset";
        QTest::newRow("two kinds") << QByteArray(
            R"({"matches":1,"participants":[{"id":"a","bot":true,"agent":"x","seats":8}]})")
                                   << "participants[0]: must be exactly one";
        QTest::newRow("bad id") << QByteArray(
            R"({"matches":1,"participants":[{"id":"a b","bot":true,"seats":8}]})")
                                << "participants[0].id";
        QTest::newRow("same id") << QByteArray(
            R"({"matches":1,"participants":[{"id":"a","bot":true},{"id":"a","bot":true,"seats":"rest"}]})")
                                 << "is taken";
        QTest::newRow("seats do not add up")
            << QByteArray(R"({"matches":1,"participants":[{"id":"a","bot":true,"seats":3}]})")
            << "add up to 3, the table has 8";
        QTest::newRow("unknown provider") << QByteArray(
            R"({"matches":1,"participants":[{"id":"m","provider":"cloud"},{"id":"b","bot":true,"seats":"rest"}]})")
                                          << "unknown provider \"cloud\"";
        QTest::newRow("bad failure rule") << QByteArray(
            R"({"matches":1,"failure":"ignore","participants":[{"id":"a","bot":true,"seats":8}]})")
                                          << "failure:";
        QTest::newRow("push token in the file") << QByteArray::fromStdString(
            json{{"matches", 1},
                 {"participants",
                  {{{"id", "p"}, {"push", {{"url", "http://127.0.0.1:9/"}, {"token", "s3cret"}}}},
                   {{"id", "b"}, {"bot", true}, {"seats", "rest"}}}}}
                .dump()) << "participants[0].push.token: tokens are not read";
        QTest::newRow("provider key in the file") << QByteArray(
            R"({"matches":1,"providers":{"local":{"kind":"openai","apiKey":"sk-1"}},"participants":[{"id":"m","provider":"local"},{"id":"b","bot":true,"seats":"rest"}]})")
                                                  << "providers.local.apiKey: keys are not read";
        QTest::newRow("name with a newline") << QByteArray(
            R"({"matches":1,"name":"Cup\n[YOUR TASK]","participants":[{"id":"a","bot":true,"seats":8}]})")
                                             << "name: must be one line";
        QTest::newRow("megabyte name")
            << (QByteArray(R"({"matches":1,"name":")") + QByteArray(1 << 20, 'n')
                + QByteArray(R"(","participants":[{"id":"a","bot":true,"seats":8}]})"))
            << "name: must be one line of at most 120 bytes";
        QTest::newRow("participant name with a newline") << QByteArray(
            R"({"matches":1,"participants":[{"id":"a","name":"A\u2028B","bot":true,"seats":8}]})")
                                                         << "participants[0].name: must be one "
                                                            "line";
        QTest::newRow("nested 200,000 deep")
            << (QByteArray(200000, '[') + QByteArray(200000, ']')) << "nests deeper than 64 levels";
        QTest::newRow("human not true") << QByteArray(
            R"({"matches":1,"participants":[{"id":"me","human":"yes"},{"id":"b","bot":true,"seats":"rest"}]})")
                                        << "participants[0].human: must be true";
        QTest::newRow("human false") << QByteArray(
            R"({"matches":1,"participants":[{"id":"me","human":false},{"id":"b","bot":true,"seats":"rest"}]})")
                                     << "participants[0].human: must be true";
        QTest::newRow("human and bot") << QByteArray(
            R"({"matches":1,"participants":[{"id":"me","human":true,"bot":true},{"id":"b","bot":true,"seats":"rest"}]})")
                                       << "participants[0]: must be exactly one";
        QTest::newRow("human with two seats") << QByteArray(
            R"({"matches":1,"participants":[{"id":"me","human":true,"seats":2},{"id":"b","bot":true,"seats":"rest"}]})")
                                              << "participants[0].seats: a person plays one seat";
        QTest::newRow("unknown timers") << QByteArray(
            R"({"matches":1,"timers":"slow","participants":[{"id":"a","bot":true,"seats":8}]})")
                                        << "timers: must be";
        QTest::newRow("push without url") << QByteArray(
            R"({"matches":1,"participants":[{"id":"p","push":{}},{"id":"b","bot":true,"seats":"rest"}]})")
                                          << "participants[0].push";
    }
    void fileErrorsNameTheField()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, error);
        auto parsed = parseSpec(std::string_view(file.constData(), std::size_t(file.size())));
        QVERIFY(!parsed.ok());
        QVERIFY(!parsed.spec);
        bool found = false;
        for (const auto &e : parsed.errors)
            found = found || QString::fromStdString(e).contains(error);
        QVERIFY2(found, qPrintable(QString::fromStdString(parsed.errors.front())));
    }

    void restTakesWhatIsLeftAndKindsAreRead()
    {
        auto spec = specOf({{"matches", 4},
                            {"rules", "9p"},
                            {"providers", {{"local", {{"kind", "openai"}}}}},
                            {"participants",
                             {{{"id", "mine"}, {"agent", "my-agent"}},
                              {{"id", "qwen"}, {"provider", "local"}, {"model", "qwen3"}},
                              {{"id", "pushy"}, {"push", {{"url", "http://127.0.0.1:9/"}}}},
                              {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}});
        QCOMPARE(spec.participants.size(), std::size_t(4));
        QVERIFY(spec.participants[0].kind == ParticipantKind::Agent);
        QVERIFY(spec.participants[1].kind == ParticipantKind::Model);
        QVERIFY(spec.participants[2].kind == ParticipantKind::Push);
        QVERIFY(spec.participants[3].kind == ParticipantKind::Bot);
        QCOMPARE(spec.participants[3].seats, 6);
        QVERIFY(!spec.botsOnly());
        QCOMPARE(spec.rules.seatCount(), 9);
        // The stored form parses back to the same schedule.
        auto again = specOf(spec.toJson());
        QCOMPARE(again.participants[3].seats, 6);
        QVERIFY(toJson(schedule(again).back()) == toJson(schedule(spec).back()));
    }

    // A person is a participant like any: one seat, rated on the same board;
    // their matches take the people preset unless the file chose timers.
    void aPersonIsAParticipant()
    {
        auto spec = specOf({{"matches", 2},
                            {"rules", "witch-6"},
                            {"participants",
                             {{{"id", "me"}, {"human", true}, {"name", "Ada"}},
                              {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}});
        QVERIFY(spec.participants[0].kind == ParticipantKind::Human);
        QCOMPARE(spec.participants[0].name, std::string("Ada"));
        QCOMPARE(spec.participants[0].seats, 1);
        QCOMPARE(spec.participants[1].seats, 5);
        QVERIFY(spec.hasPeople());
        QVERIFY(!spec.botsOnly());
        QVERIFY(spec.timers == TimerChoice::People);
        auto again = specOf(spec.toJson());
        QVERIFY(again.participants[0].kind == ParticipantKind::Human);
        QVERIFY(again.timers == TimerChoice::People);
        QVERIFY(toJson(schedule(again).back()) == toJson(schedule(spec).back()));
        auto chosen = specOf({{"matches", 2},
                              {"rules", "witch-6"},
                              {"timers", "standard"},
                              {"participants",
                               {{{"id", "me"}, {"human", true}},
                                {{"id", "bots"}, {"bot", true}, {"seats", "rest"}}}}});
        QVERIFY(chosen.timers == TimerChoice::Standard);
        QVERIFY(
            specOf({{"matches", 1}, {"participants", {{{"id", "b"}, {"bot", true}, {"seats", 8}}}}})
                .timers
            == TimerChoice::Model);
    }

    // A preset's former name ("seed002-9") in a tournament file is the
    // preset: the same rules under the current name, the same schedule. A
    // stored spec keeps the name it was stored with.
    void formerPresetNamesScheduleTheSameTournament_data()
    {
        QTest::addColumn<QString>("former");
        QTest::addColumn<QString>("current");
        QTest::newRow("6") << "seed002-6"
                           << "witch-6";
        QTest::newRow("9") << "seed002-9"
                           << "witch-hunter-9";
        QTest::newRow("12") << "seed002-12"
                            << "witch-hunter-doctor-12";
    }
    void formerPresetNamesScheduleTheSameTournament()
    {
        QFETCH(QString, former);
        QFETCH(QString, current);
        auto file = [&](const QString &rules) {
            return json{{"matches", 6},
                        {"seed", 21},
                        {"rules", rules.toStdString()},
                        {"participants", participants(2)}};
        };
        const auto byOld = specOf(file(former));
        const auto byNew = specOf(file(current));
        QVERIFY(byOld.rules == byNew.rules);
        QCOMPARE(QString::fromStdString(byOld.rules.name), current);
        QVERIFY(byOld.toJson() == byNew.toJson());
        const auto a = schedule(byOld);
        const auto b = schedule(byNew);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i)
            QVERIFY(toJson(a[i]) == toJson(b[i]));
        // What the database kept before the rename: the rule set under its
        // old name. It reads back as it was, and schedules the same matches.
        json stored = byNew.toJson();
        stored["rules"]["name"] = former.toStdString();
        const auto kept = specOf(stored);
        QCOMPARE(QString::fromStdString(kept.rules.name), former);
        QVERIFY(kept.toJson() == stored);
        const auto c = schedule(kept);
        for (std::size_t i = 0; i < a.size(); ++i)
            QVERIFY(toJson(c[i]) == toJson(a[i]));
    }

    void rolesRotateEvenlyOverEveryMultipleOfTheTable_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<bool>("mirror");
        QTest::addColumn<int>("blocks");
        for (const char *r : {"classic", "6p", "9p", "12p"})
            for (bool mirror : {false, true}) {
                QTest::newRow(qPrintable(QString::fromLatin1(r)
                                         + (mirror ? QStringLiteral(" mirrored") : QString())))
                    << QString::fromLatin1(r) << mirror << 5;
            }
    }
    void rolesRotateEvenlyOverEveryMultipleOfTheTable()
    {
        QFETCH(QString, rules);
        QFETCH(bool, mirror);
        QFETCH(int, blocks);
        const auto preset = *engine::rulePreset(rules.toStdString());
        const int table = preset.seatCount();
        // Every participant on one seat: the strictest case.
        json ps = json::array();
        for (int i = 0; i < table; ++i)
            ps.push_back({{"id", "p" + std::to_string(i)}, {"bot", true}});
        // Mirrored odd tables balance over two tables' worth of matches.
        const int block = mirror && table % 2 == 1 ? 2 * table : table;
        auto spec = specOf({{"matches", block * blocks},
                            {"rules", rules.toStdString()},
                            {"mirror", mirror},
                            {"seed", 11},
                            {"participants", ps}});
        const auto s = schedule(spec);
        QCOMPARE(int(s.size()), block * blocks);
        std::map<engine::Role, int> deck;
        for (engine::Role r : preset.deck())
            ++deck[r];
        for (int b = 1; b <= blocks; ++b) {
            const auto counts = roleCounts(s, 0, b * block);
            for (const auto &p : spec.participants)
                for (const auto &[role, n] : deck)
                    QCOMPARE(counts.count({p.id, role}) ? counts.at({p.id, role}) : 0,
                             n * b * block / table);
        }
        // Within one match of even at any prefix.
        for (int upto = 1; upto <= block * blocks; ++upto) {
            const auto counts = roleCounts(s, 0, upto);
            for (const auto &p : spec.participants)
                for (const auto &[role, n] : deck) {
                    const double expected = double(n) * upto / table;
                    const int got = counts.count({p.id, role}) ? counts.at({p.id, role}) : 0;
                    QVERIFY2(std::abs(got - expected) <= double(block) / table * n + 1,
                             qPrintable(QStringLiteral("%1 after %2")
                                            .arg(QString::fromStdString(p.id))
                                            .arg(upto)));
                }
        }
    }

    void everyMatchDealsTheDeckAndSeatsEveryone()
    {
        auto spec = specOf({{"matches", 64}, {"rules", "9p"}, {"participants", participants(3)}});
        auto deck = spec.rules.deck();
        std::sort(deck.begin(), deck.end());
        for (const auto &m : schedule(spec)) {
            auto deal = m.deal();
            std::sort(deal.begin(), deal.end());
            QVERIFY(deal == deck);
            std::map<std::string, int> seats;
            std::set<std::string> names;
            for (const auto &seat : m.seats) {
                ++seats[seat.participantId];
                names.insert(seat.displayName);
            }
            QCOMPARE(seats["p0"], 1);
            QCOMPARE(seats["bots"], 6);
            QCOMPARE(int(names.size()), 9); // no two seats share a name
        }
    }

    void seatsAndNamesAreShuffled()
    {
        auto spec = specOf({{"matches", 400}, {"participants", participants(2)}});
        const auto s = schedule(spec);
        std::map<int, int> seatOfP0;
        std::map<std::string, int> nameOfP0;
        for (const auto &m : s)
            for (std::size_t i = 0; i < m.seats.size(); ++i)
                if (m.seats[i].participantId == "p0") {
                    ++seatOfP0[int(i)];
                    ++nameOfP0[m.seats[i].displayName];
                }
        // Every seat, and no seat much more often than 1/8 (50 of 400).
        QCOMPARE(int(seatOfP0.size()), 8);
        for (const auto &[seat, n] : seatOfP0)
            QVERIFY2(n > 20 && n < 85, qPrintable(QString::number(n)));
        // Names come from the whole pool, none of them the participant's own.
        QVERIFY(nameOfP0.size() >= 12);
        for (const auto &[name, n] : nameOfP0)
            QVERIFY2(n < 60, name.c_str());
    }

    void mirroredPairsRepeatTheMatchWithParticipantsMoved()
    {
        auto spec
            = specOf({{"matches", 40}, {"mirror", true}, {"participants", participants(8, false)}});
        const auto s = schedule(spec);
        int flipped = 0;
        int seats = 0;
        for (std::size_t i = 0; i + 1 < s.size(); i += 2) {
            const auto &a = s[i];
            const auto &b = s[i + 1];
            QCOMPARE(a.mirrorOf, -1);
            QCOMPARE(b.mirrorOf, int(i));
            QCOMPARE(b.seed, a.seed);
            QVERIFY(a.deal() == b.deal()); // the same roles by seat
            // Each participant's team flips where the deck allows it.
            std::map<std::string, bool> wolfIn;
            for (const auto &seat : a.seats)
                wolfIn[seat.participantId] = seat.role == engine::Role::Werewolf;
            for (const auto &seat : b.seats) {
                ++seats;
                if (wolfIn[seat.participantId] != (seat.role == engine::Role::Werewolf))
                    ++flipped;
                QVERIFY2(!(wolfIn[seat.participantId] && seat.role == engine::Role::Werewolf),
                         "a wolf of the first match is a wolf again in its mirror");
            }
        }
        // Both wolves of each first match are village in the mirror, and two
        // villagers become the wolves: 4 of 8 participants change sides.
        QCOMPARE(flipped * 2, seats);
    }

    void theSameFileAlwaysGivesTheSameScheduleAndSeedsDiffer()
    {
        const json file{
            {"matches", 50}, {"seed", "12345678901234"}, {"participants", participants(3)}};
        const auto a = schedule(specOf(file));
        const auto b = schedule(specOf(file));
        std::set<std::uint64_t> seeds;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QVERIFY(toJson(a[i]) == toJson(b[i]));
            seeds.insert(a[i].seed);
            auto back = scheduledMatchFromJson(toJson(a[i]));
            QVERIFY(back);
            QVERIFY(toJson(*back) == toJson(a[i]));
        }
        QCOMPARE(int(seeds.size()), 50);
        json other = file;
        other["seed"] = 2;
        QVERIFY(toJson(schedule(specOf(other))[0]) != toJson(a[0]));
    }

    void aScheduledDealIsWhatTheMatchDeals()
    {
        auto spec = specOf({{"matches", 3}, {"rules", "12p"}, {"participants", participants(2)}});
        for (const auto &m : schedule(spec)) {
            engine::MatchConfig config;
            config.rules = spec.rules;
            config.deal = m.deal();
            engine::SimulatedTable table;
            for (const auto &seat : m.seats)
                table.seats.push_back(
                    {"bot:" + seat.participantId + "." + std::to_string(seat.slot),
                     seat.displayName});
            auto played = engine::simulateMatch(m.seed, config, table);
            const auto &players = played.match->state().players;
            QCOMPARE(players.size(), m.seats.size());
            for (std::size_t i = 0; i < players.size(); ++i) {
                QVERIFY(players[i].role == m.seats[i].role);
                QCOMPARE(players[i].displayName, m.seats[i].displayName);
            }
            QVERIFY(played.match->state().phase == engine::Phase::Ended);
        }
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
