// SPDX-License-Identifier: MIT
#pragma once

/// \file ratings.h
/// OpenSkill ratings (Weng & Lin 2011, "A Bayesian Approximation Method for
/// Online Ranking", JMLR 12; the Plackett-Luce model) and Wilson score
/// intervals. docs/tournaments.md defines how a tournament uses them.

#include "tournament/report.h"

#include <map>
#include <string>
#include <vector>

namespace townhall::tournament {

/// The model's constants. The defaults are openskill.js's and openskill.py's
/// published ones (mu 25, sigma 25/3, beta 25/6, kappa 0.0001), without the
/// additive dynamics factor tau that later versions of openskill.py add.
struct OpenSkillParams
{
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
    double beta = 25.0 / 6.0;
    double kappa = 0.0001;
    /// A team's strength is its members' mean (mu and sigma²) instead of
    /// their sum. Werewolf sides are unequal (6 against 2 at a classic
    /// table); summed, the model expects the bigger side to win and every
    /// rating drifts (docs/tournaments.md). RatingTable only.
    bool meanTeams = false;
};

struct Rating
{
    double mu = 25.0;
    double sigma = 25.0 / 3.0;

    double low() const { return mu - 1.96 * sigma; }
    double high() const { return mu + 1.96 * sigma; }
};

/// One Plackett-Luce update. `teams[t]` holds the ratings of team t's
/// members; `ranks[t]` is its place (1 is best; equal ranks are a draw).
/// Returns the members' new ratings in the same shape. Throws
/// std::invalid_argument when the shapes disagree or a team is empty.
std::vector<std::vector<Rating>> ratePlackettLuce(const std::vector<std::vector<Rating>> &teams,
                                                  const std::vector<int> &ranks,
                                                  const OpenSkillParams &params = {});

/// Ratings by key (a participant, or a participant and a role), updated one
/// match at a time. A key may hold several seats of one match: every seat
/// is rated as a member with the key's rating from before the match, and the
/// key takes the mean of its seats' mu changes and the mean of their
/// sigma-squared factors.
class RatingTable
{
public:
    explicit RatingTable(OpenSkillParams params = {})
        : m_params(params)
    {}

    /// `teams[t]` names the key of every seat of team t. When `only` is not
    /// empty, just those keys take their update (a forfeit, see docs).
    void rateMatch(const std::vector<std::vector<std::string>> &teams,
                   const std::vector<int> &ranks,
                   const std::vector<std::string> &only = {});

    Rating rating(const std::string &key) const;
    int matches(const std::string &key) const;

private:
    OpenSkillParams m_params;
    std::map<std::string, Rating> m_ratings;
    std::map<std::string, int> m_matches;
};

/// The Wilson score interval of `successes` in `n` (z = 1.96 by default).
/// With n == 0 the value is 0 and the interval [0, 1]: nothing is known.
Estimate wilson(int successes, int n, double z = 1.96);

/// A rating as an Estimate: mu with mu ± 1.96 sigma, over `n` games.
Estimate toEstimate(const Rating &r, int n);

} // namespace townhall::tournament
