// SPDX-License-Identifier: MIT
// OpenSkill (Weng-Lin, Plackett-Luce) against published and hand-worked
// numbers, its properties, and Wilson score intervals.

#include "tournament/ratings.h"

#include <QTest>

#include <cmath>

using namespace townhall::tournament;

namespace {

bool near(double a, double b, double eps = 1e-6)
{
    return std::abs(a - b) < eps;
}

} // namespace

class TestRatings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void publishedTwoTeamsOfTwo()
    {
        // The worked example in openskill.js's README (repeated in the
        // README of philihp/openskill.ex): a1 (25, 25/3) and a2 (32.444,
        // 5.123) beat b1 (43.381, 2.421) and b2 (25.188, 6.211) with the
        // Plackett-Luce model at its defaults.
        const auto out = ratePlackettLuce(
            {{{25.0, 25.0 / 3.0}, {32.444, 5.123}}, {{43.381, 2.421}, {25.188, 6.211}}}, {1, 2});
        QVERIFY(near(out[0][0].mu, 28.669648436582808));
        QVERIFY(near(out[0][0].sigma, 8.071520788025197));
        QVERIFY(near(out[0][1].mu, 33.83086971107981));
        QVERIFY(near(out[0][1].sigma, 5.062772998705765));
        QVERIFY(near(out[1][0].mu, 43.071274808241974));
        QVERIFY(near(out[1][0].sigma, 2.4166900452721256));
        QVERIFY(near(out[1][1].mu, 23.149503312339064));
        QVERIFY(near(out[1][1].sigma, 6.1378606973362135));
    }

    void handWorkedOneAgainstOne()
    {
        // Two new players, the first wins.
        //   c^2 = 2 (25/3)^2 + 2 (25/6)^2 = 138.8889 + 34.7222 = 173.6111, c = 13.17616
        //   equal means: each team's Plackett-Luce share of place 1 is 1/2
        //   winner: omega = 1 - 1/2 = 0.5;  loser: omega = -1/2 (place 2 alone adds 0)
        //   mu change = omega sigma^2 / c = 0.5 * 69.44444 / 13.17616 = 2.635231
        //   delta = 1/2 * 1/2 = 0.25 for both; gamma = sigma / c = 0.632456
        //   sigma^2 factor = 1 - gamma delta sigma^2 / c^2 = 1 - 0.632456 * 0.25 * 0.4 = 0.936754
        //   sigma = 8.333333 * sqrt(0.936754) = 8.065506
        const auto out = ratePlackettLuce({{Rating{}}, {Rating{}}}, {1, 2});
        QVERIFY(near(out[0][0].mu, 27.635231, 1e-5));
        QVERIFY(near(out[1][0].mu, 22.364769, 1e-5));
        QVERIFY(near(out[0][0].sigma, 8.065506, 1e-5));
        QVERIFY(near(out[1][0].sigma, 8.065506, 1e-5));
    }

    void meanTeamsWeighUnequalSidesAlike()
    {
        // Six equal village seats beat two equal wolves. With mean team
        // strength each side is one average player, so this is the 1v1 above
        // seat for seat: +2.635231 for every winner, -2.635231 for every loser.
        OpenSkillParams params;
        params.meanTeams = true;
        RatingTable table(params);
        table.rateMatch({{"v1", "v2", "v3", "v4", "v5", "v6"}, {"w1", "w2"}}, {1, 2});
        for (const char *v : {"v1", "v2", "v3", "v4", "v5", "v6"})
            QVERIFY(near(table.rating(v).mu, 27.635231, 1e-5));
        for (const char *w : {"w1", "w2"})
            QVERIFY(near(table.rating(w).mu, 22.364769, 1e-5));
        QVERIFY(near(table.rating("v1").sigma, 8.065506, 1e-5));
        // Summed, the same result barely moves the village: the model
        // expected six to beat two.
        RatingTable summed;
        summed.rateMatch({{"v1", "v2", "v3", "v4", "v5", "v6"}, {"w1", "w2"}}, {1, 2});
        QVERIFY(summed.rating("v1").mu - 25.0 < 0.5 * (27.635231 - 25.0));
        // A seat less certain than its side's mean moves more.
        RatingTable mixed(params);
        mixed.rateMatch({{"old"}, {"x"}}, {1, 2}); // "old" now has a smaller sigma
        mixed.rateMatch({{"old", "new"}, {"y", "z"}}, {1, 2});
        QVERIFY(mixed.rating("new").mu - 25.0 > mixed.rating("old").mu - 27.635231);
    }

    void winnerRisesLoserFallsSigmaShrinks()
    {
        const Rating strong{30, 4};
        const Rating weak{20, 7};
        // Even the favourite gains a little by winning, and the underdog's
        // upset moves it further.
        for (int upset = 0; upset < 2; ++upset) {
            const auto out = ratePlackettLuce(
                {{strong}, {weak}}, upset ? std::vector<int>{2, 1} : std::vector<int>{1, 2});
            const int winner = upset ? 1 : 0;
            const Rating before[2] = {strong, weak};
            QVERIFY(out[winner][0].mu > before[winner].mu);
            QVERIFY(out[1 - winner][0].mu < before[1 - winner].mu);
            QVERIFY(out[0][0].sigma < strong.sigma);
            QVERIFY(out[1][0].sigma < weak.sigma);
        }
        const auto expected = ratePlackettLuce({{strong}, {weak}}, {1, 2});
        const auto upset = ratePlackettLuce({{strong}, {weak}}, {2, 1});
        QVERIFY(upset[1][0].mu - weak.mu > expected[0][0].mu - strong.mu);
    }

    void drawLeavesEqualPlayersEqual()
    {
        const auto out = ratePlackettLuce({{Rating{}, Rating{}}, {Rating{}, Rating{}}}, {1, 1});
        for (const auto &team : out)
            for (const Rating &r : team) {
                QVERIFY(near(r.mu, 25.0, 1e-12));
                QVERIFY(near(r.sigma, out[0][0].sigma, 1e-12));
                QVERIFY(r.sigma < 25.0 / 3.0);
            }
    }

    void memberOrderWithinATeamIsIrrelevant()
    {
        const Rating x{27, 5}, y{22, 6}, z{25, 3};
        const auto a = ratePlackettLuce({{x, y}, {z}}, {1, 2});
        const auto b = ratePlackettLuce({{y, x}, {z}}, {1, 2});
        QVERIFY(near(a[0][0].mu, b[0][1].mu, 1e-12));
        QVERIFY(near(a[0][1].sigma, b[0][0].sigma, 1e-12));
        QVERIFY(near(a[1][0].mu, b[1][0].mu, 1e-12));
    }

    void unrelatedMatchesCommute()
    {
        // Two matches with no player in common: either order, same table.
        RatingTable one, two;
        one.rateMatch({{"a"}, {"b"}}, {1, 2});
        one.rateMatch({{"c"}, {"d"}}, {2, 1});
        two.rateMatch({{"c"}, {"d"}}, {2, 1});
        two.rateMatch({{"a"}, {"b"}}, {1, 2});
        for (const char *k : {"a", "b", "c", "d"}) {
            QVERIFY(near(one.rating(k).mu, two.rating(k).mu, 1e-12));
            QVERIFY(near(one.rating(k).sigma, two.rating(k).sigma, 1e-12));
        }
        QCOMPARE(one.matches("a"), 1);
        QCOMPARE(one.matches("nobody"), 0);
    }

    void aKeyWithSeveralSeatsTakesTheMeanOfItsSeats()
    {
        // "bots" holds a seat on each side: the two seats' changes cancel in
        // mu (equal and opposite) and the key's sigma shrinks by the mean factor.
        RatingTable t;
        t.rateMatch({{"a", "bots"}, {"b", "bots"}}, {1, 2});
        const auto seats = ratePlackettLuce({{Rating{}, Rating{}}, {Rating{}, Rating{}}}, {1, 2});
        QVERIFY(near(t.rating("bots").mu,
                     25.0 + ((seats[0][1].mu - 25.0) + (seats[1][1].mu - 25.0)) / 2,
                     1e-12));
        QVERIFY(near(t.rating("bots").mu, 25.0, 1e-9));
        const double f0 = std::pow(seats[0][1].sigma / (25.0 / 3.0), 2);
        const double f1 = std::pow(seats[1][1].sigma / (25.0 / 3.0), 2);
        QVERIFY(near(t.rating("bots").sigma, 25.0 / 3.0 * std::sqrt((f0 + f1) / 2), 1e-12));
        QVERIFY(near(t.rating("a").mu, seats[0][0].mu, 1e-12));
    }

    void onlyTheChosenKeysMove()
    {
        RatingTable t;
        t.rateMatch({{"a"}, {"b"}}, {1, 2}, {"b"});
        QVERIFY(near(t.rating("a").mu, 25.0, 1e-12));
        QVERIFY(t.rating("b").mu < 25.0);
        QCOMPARE(t.matches("a"), 0);
        QCOMPARE(t.matches("b"), 1);
    }

    void badShapesAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 ratePlackettLuce({{Rating{}}, {Rating{}}}, {1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ratePlackettLuce({{Rating{}}, {}}, {1, 2}));
    }

    void wilsonIntervals()
    {
        // 8 of 10: the textbook Wilson interval [0.4902, 0.9433].
        const Estimate e = wilson(8, 10);
        QCOMPARE(e.n, 10);
        QVERIFY(near(e.value, 0.8, 1e-12));
        QVERIFY(near(e.low, 0.4902, 1e-4));
        QVERIFY(near(e.high, 0.9433, 1e-4));
        // Nothing observed: value 0, interval everything.
        const Estimate none = wilson(0, 0);
        QVERIFY(none.value == 0.0 && none.low == 0.0 && none.high == 1.0 && none.n == 0);
        // 0 of 10 and 10 of 10 stay inside [0, 1] and mirror each other.
        const Estimate zero = wilson(0, 10);
        const Estimate all = wilson(10, 10);
        QVERIFY(near(zero.low, 0.0, 1e-12));
        QVERIFY(near(all.high, 1.0, 1e-12));
        QVERIFY(near(zero.high, 1.0 - all.low, 1e-12));
        QVERIFY(near(zero.high, 0.2775, 1e-4));
    }
};

QTEST_GUILESS_MAIN(TestRatings)
#include "tst_ratings.moc"
