// SPDX-License-Identifier: MIT
#include "tournament/ratings.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace townhall::tournament {

std::vector<std::vector<Rating>> ratePlackettLuce(const std::vector<std::vector<Rating>> &teams,
                                                  const std::vector<int> &ranks,
                                                  const OpenSkillParams &params)
{
    if (teams.size() != ranks.size())
        throw std::invalid_argument("ratePlackettLuce: " + std::to_string(teams.size())
                                    + " teams but " + std::to_string(ranks.size()) + " ranks");
    const std::size_t k = teams.size();
    // A team's strength is the sum of its members' means, its uncertainty
    // the sum of their variances (Weng & Lin, section 3.1).
    std::vector<double> teamMu(k, 0.0);
    std::vector<double> teamVar(k, 0.0);
    for (std::size_t t = 0; t < k; ++t) {
        if (teams[t].empty())
            throw std::invalid_argument("ratePlackettLuce: team " + std::to_string(t)
                                        + " is empty");
        for (const Rating &r : teams[t]) {
            teamMu[t] += r.mu;
            teamVar[t] += r.sigma * r.sigma;
        }
    }
    double c2 = 0;
    for (std::size_t t = 0; t < k; ++t)
        c2 += teamVar[t] + params.beta * params.beta;
    const double c = std::sqrt(c2);

    // sumQ[q]: the Plackett-Luce denominator for place q, over every team
    // that did not finish ahead of q. share[q]: how many teams tie with q.
    std::vector<double> sumQ(k, 0.0);
    std::vector<int> share(k, 0);
    for (std::size_t q = 0; q < k; ++q)
        for (std::size_t i = 0; i < k; ++i) {
            if (ranks[i] >= ranks[q])
                sumQ[q] += std::exp(teamMu[i] / c);
            if (ranks[i] == ranks[q])
                ++share[q];
        }

    std::vector<std::vector<Rating>> out(k);
    for (std::size_t i = 0; i < k; ++i) {
        const double strength = std::exp(teamMu[i] / c);
        double omega = 0;
        double delta = 0;
        for (std::size_t q = 0; q < k; ++q) {
            if (ranks[q] > ranks[i])
                continue;
            const double p = strength / sumQ[q];
            omega += ((i == q ? 1.0 : 0.0) - p) / share[q];
            delta += p * (1.0 - p) / share[q];
        }
        const double gamma = std::sqrt(teamVar[i]) / c;
        const double teamOmega = omega * teamVar[i] / c;
        const double teamDelta = gamma * delta * teamVar[i] / c2;
        for (const Rating &r : teams[i]) {
            // Each member takes its share of the team's change in proportion
            // to its variance; kappa keeps the variance positive.
            const double w = r.sigma * r.sigma / teamVar[i];
            out[i].push_back({r.mu + w * teamOmega,
                              r.sigma * std::sqrt(std::max(1.0 - w * teamDelta, params.kappa))});
        }
    }
    return out;
}

void RatingTable::rateMatch(const std::vector<std::vector<std::string>> &teams,
                            const std::vector<int> &ranks,
                            const std::vector<std::string> &only)
{
    std::vector<std::vector<Rating>> before(teams.size());
    for (std::size_t t = 0; t < teams.size(); ++t)
        for (const std::string &key : teams[t])
            before[t].push_back(rating(key));
    std::vector<std::vector<Rating>> after;
    if (!m_params.meanTeams) {
        after = ratePlackettLuce(before, ranks, m_params);
    } else {
        // Each team is one average member (mean mu, mean sigma²); a seat
        // then takes that member's change in proportion to its own sigma²
        // against the average, as Weng-Lin share a team's change.
        std::vector<std::vector<Rating>> reps(teams.size());
        for (std::size_t t = 0; t < teams.size(); ++t) {
            if (before[t].empty())
                throw std::invalid_argument("a team has no members");
            double mu = 0;
            double var = 0;
            for (const Rating &r : before[t]) {
                mu += r.mu;
                var += r.sigma * r.sigma;
            }
            const double n = static_cast<double>(before[t].size());
            reps[t].push_back({mu / n, std::sqrt(var / n)});
        }
        const auto moved = ratePlackettLuce(reps, ranks, m_params);
        after = before;
        for (std::size_t t = 0; t < teams.size(); ++t) {
            const Rating &rep = reps[t][0];
            const double repVar = rep.sigma * rep.sigma;
            const double dMu = moved[t][0].mu - rep.mu;
            const double shrink = 1.0 - (moved[t][0].sigma * moved[t][0].sigma) / repVar;
            for (Rating &r : after[t]) {
                const double share = (r.sigma * r.sigma) / repVar;
                r.mu += share * dMu;
                r.sigma *= std::sqrt(std::max(1.0 - share * shrink, m_params.kappa));
            }
        }
    }

    struct Sum
    {
        double dMu = 0;
        double varFactor = 0;
        int seats = 0;
    };
    std::map<std::string, Sum> sums;
    for (std::size_t t = 0; t < teams.size(); ++t)
        for (std::size_t s = 0; s < teams[t].size(); ++s) {
            Sum &sum = sums[teams[t][s]];
            sum.dMu += after[t][s].mu - before[t][s].mu;
            sum.varFactor += (after[t][s].sigma * after[t][s].sigma)
                             / (before[t][s].sigma * before[t][s].sigma);
            ++sum.seats;
        }
    const std::set<std::string> chosen(only.begin(), only.end());
    for (const auto &[key, sum] : sums) {
        if (!chosen.empty() && !chosen.contains(key))
            continue;
        Rating r = rating(key);
        r.mu += sum.dMu / sum.seats;
        r.sigma *= std::sqrt(sum.varFactor / sum.seats);
        m_ratings[key] = r;
        ++m_matches[key];
    }
}

Rating RatingTable::rating(const std::string &key) const
{
    const auto it = m_ratings.find(key);
    return it != m_ratings.end() ? it->second : Rating{m_params.mu, m_params.sigma};
}

int RatingTable::matches(const std::string &key) const
{
    const auto it = m_matches.find(key);
    return it != m_matches.end() ? it->second : 0;
}

Estimate wilson(int successes, int n, double z)
{
    if (n <= 0)
        return {0.0, 0.0, 1.0, 0};
    const double p = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double denom = 1.0 + z2 / n;
    const double centre = (p + z2 / (2.0 * n)) / denom;
    const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
    return {p, std::max(0.0, centre - half), std::min(1.0, centre + half), n};
}

Estimate toEstimate(const Rating &r, int n)
{
    return {r.mu, r.low(), r.high(), n};
}

} // namespace townhall::tournament
