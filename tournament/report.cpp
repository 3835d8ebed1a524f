// SPDX-License-Identifier: MIT
#include "tournament/report.h"

#include "tournament/metrics.h"
#include "tournament/ratings.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace townhall::tournament {

// ---------------------------------------------------------------- JSON

json SeatTelemetry::toJson() const
{
    return {{"illegalCalls", illegalCalls},
            {"standInTurns", standInTurns},
            {"handedOver", handedOver},
            {"providerCalls", providerCalls},
            {"tokensIn", tokensIn},
            {"tokensOut", tokensOut},
            {"costUsd", costUsd},
            {"latencyMsSum", latencyMsSum},
            {"timeouts", timeouts}};
}

SeatTelemetry SeatTelemetry::fromJson(const json &j)
{
    // Missing or mistyped fields read as zero: telemetry is a best-effort
    // record beside the log, never a reason to lose a match's result.
    SeatTelemetry t;
    if (!j.is_object())
        return t;
    auto num = [&j](const char *key, auto fallback) {
        const auto it = j.find(key);
        return it != j.end() && it->is_number() ? it->get<decltype(fallback)>() : fallback;
    };
    t.illegalCalls = num("illegalCalls", 0);
    t.standInTurns = num("standInTurns", 0);
    const auto h = j.find("handedOver");
    t.handedOver = h != j.end() && h->is_boolean() && h->get<bool>();
    t.providerCalls = num("providerCalls", 0);
    t.tokensIn = num("tokensIn", std::int64_t(0));
    t.tokensOut = num("tokensOut", std::int64_t(0));
    t.costUsd = num("costUsd", 0.0);
    t.latencyMsSum = num("latencyMsSum", 0.0);
    t.timeouts = num("timeouts", 0);
    return t;
}

namespace {

/// Rating keys of the two sides themselves (never a participant id: ids
/// cannot start with '@').
constexpr std::string_view SideVillage = "@village";
constexpr std::string_view SideWolves = "@wolves";

json estimateJson(const Estimate &e)
{
    return {{"value", e.value}, {"low", e.low}, {"high", e.high}, {"n", e.n}};
}

std::string roleName(const std::optional<engine::Role> &r)
{
    return r ? std::string(engine::toString(*r)) : std::string("all");
}

json playedMatchesJson(const std::vector<PlayedMatch> &matches)
{
    json out = json::array();
    for (const PlayedMatch &m : matches)
        out.push_back(
            {{"matchId", m.matchId},
             {"index", m.index},
             {"winner", m.winner ? json(std::string(engine::toString(*m.winner))) : json()},
             {"outcome", m.outcome},
             {"failed", m.failed},
             {"spoiledAt", m.spoiledAt ? json(*m.spoiledAt) : json()}});
    return out;
}

json roleJson(const RoleResult &r)
{
    return {{"role", roleName(r.role)},
            {"games", r.games},
            {"wins", r.wins},
            {"draws", r.draws},
            {"winRate", estimateJson(r.winRate)},
            {"rating", estimateJson(r.rating)}};
}

} // namespace

json Report::toJson() const
{
    json ps = json::array();
    for (const ParticipantResult &p : participants) {
        json roles = json::array();
        for (const RoleResult &r : p.roles)
            roles.push_back(roleJson(r));
        ps.push_back({{"participantId", p.participantId},
                      {"name", p.name},
                      {"kind", toString(p.kind)},
                      {"model", p.model.empty() ? json() : json(p.model)},
                      {"seats", p.seats},
                      {"overall", roleJson(p.overall)},
                      {"roles", roles},
                      {"irp", estimateJson(p.irp)},
                      {"vss", estimateJson(p.vss)},
                      {"ksr", estimateJson(p.ksr)},
                      {"errors",
                       {{"timeouts", p.errors.timeouts},
                        {"illegalCalls", p.errors.illegalCalls},
                        {"noVote", p.errors.noVote},
                        {"selfVote", p.errors.selfVote},
                        {"standInTurns", p.errors.standInTurns}}},
                      {"tokensIn", p.tokensIn},
                      {"tokensOut", p.tokensOut},
                      {"costUsd", p.costUsd},
                      {"costPerTurn", p.costPerTurn},
                      {"meanLatencyMs", p.meanLatencyMs},
                      {"providerCalls", p.providerCalls},
                      {"failures", p.failures}});
    }
    return {{"tournamentId", tournamentId},
            {"name", name},
            {"rules", rules},
            {"failureRule", toString(failureRule)},
            {"scheduled", scheduled},
            {"played", played},
            {"counted", counted},
            {"voided", voided},
            {"forfeited", forfeited},
            {"spoiled", spoiled},
            {"villagerWins", villagerWins},
            {"werewolfWins", werewolfWins},
            {"draws", draws},
            {"participants", ps},
            {"matchIds", matchIds},
            {"matches", playedMatchesJson(matches)}};
}

// ---------------------------------------------------------------- failures

namespace {

SeatTelemetry telemetryOf(const MatchRecord &m, std::size_t seat)
{
    return seat < m.telemetry.size() ? m.telemetry[seat] : SeatTelemetry{};
}

bool seatFailedGiven(const MatchRecord &m, const MatchFacts &facts, std::size_t seat)
{
    if (telemetryOf(m, seat).handedOver)
        return true;
    if (seat >= facts.seats.size())
        return false;
    const SeatFacts &s = facts.seats[seat];
    return s.owedActions >= 3 && s.actionsMade() == 0;
}

std::string modelOf(const TournamentSpec &spec, const Participant &p)
{
    if (p.kind != ParticipantKind::Model || !p.entry.is_object())
        return {};
    const std::string provider = p.entry.value("provider", std::string());
    std::string model = p.entry.contains("model") && p.entry["model"].is_string()
                            ? p.entry["model"].get<std::string>()
                            : std::string();
    if (model.empty() && spec.providers.contains(provider) && spec.providers[provider].is_object())
        model = spec.providers[provider].value("model", std::string());
    if (model.empty())
        return provider;
    return provider.empty() ? model : model + " (" + provider + ")";
}

} // namespace

bool seatFailed(const MatchRecord &m, std::size_t seat)
{
    return seatFailedGiven(m, analyzeMatch(m.log), seat);
}

// ---------------------------------------------------------------- the report

namespace {

std::string roleKey(const std::string &participant, engine::Role r)
{
    return participant + '\x1f' + std::string(engine::toString(r));
}

struct Tally
{
    int games = 0;
    int wins = 0;
    int draws = 0;
};

void addGame(Tally &t, bool won, bool draw)
{
    ++t.games;
    t.wins += won ? 1 : 0;
    t.draws += draw ? 1 : 0;
}

struct Accumulator
{
    Tally overall;
    std::map<engine::Role, Tally> roles;
    int votes = 0, votesForWolves = 0, villageVotes = 0, votesWithOutcome = 0;
    int nights = 0, nightsSurvived = 0;
    int turns = 0;
    double latencyMsSum = 0;
};

RoleResult roleResult(std::optional<engine::Role> role, const Tally &t, const Rating &r, int rated)
{
    RoleResult out;
    out.role = role;
    out.games = t.games;
    out.wins = t.wins;
    out.draws = t.draws;
    out.winRate = wilson(t.wins, t.games);
    out.rating = toEstimate(r, rated);
    return out;
}

} // namespace

Report computeReport(const std::string &tournamentId,
                     const TournamentSpec &spec,
                     const std::vector<MatchRecord> &records)
{
    Report report;
    report.tournamentId = tournamentId;
    report.name = spec.name;
    report.rules = spec.rules.name;
    report.failureRule = spec.failure;
    report.scheduled = spec.matches;

    std::vector<const MatchRecord *> ordered;
    for (const MatchRecord &m : records)
        ordered.push_back(&m);
    std::stable_sort(
        ordered.begin(), ordered.end(), [](const MatchRecord *a, const MatchRecord *b) {
            return a->index < b->index;
        });

    std::map<std::string, Accumulator> acc;
    std::map<std::string, ParticipantResult> results;
    for (const Participant &p : spec.participants) {
        ParticipantResult &r = results[p.id];
        r.participantId = p.id;
        r.name = p.name.empty() ? p.id : p.name;
        r.kind = p.kind;
        r.seats = p.seats;
        r.model = modelOf(spec, p);
    }
    // Sides of unequal size are compared by their mean strength (ratings.h).
    OpenSkillParams params;
    params.meanTeams = true;
    RatingTable overallRatings(params);
    RatingTable roleRatings(params);

    for (const MatchRecord *m : ordered) {
        const MatchFacts facts = analyzeMatch(m->log);
        if (!facts.ended)
            continue; // no result stored yet: not played
        ++report.played;
        report.matchIds.push_back(m->matchId);
        PlayedMatch &played = report.matches.emplace_back();
        played.matchId = m->matchId;
        played.index = m->index;
        played.winner = facts.winner;
        const bool draw = !facts.winner.has_value();
        if (draw)
            ++report.draws;
        else if (*facts.winner == engine::Team::Villagers)
            ++report.villagerWins;
        else
            ++report.werewolfWins;

        const std::size_t n = std::min(m->seats.size(), facts.seats.size());
        std::set<std::string> atFault;
        for (std::size_t i = 0; i < n; ++i)
            if (seatFailedGiven(*m, facts, i))
                atFault.insert(m->seats[i].participantId);
        for (const std::string &id : atFault)
            ++results[id].failures;
        played.failed.assign(atFault.begin(), atFault.end());

        // Metrics, errors and cost: what happened at the table, whatever the
        // failure rule makes of the result.
        for (std::size_t i = 0; i < n; ++i) {
            const ScheduledSeat &seat = m->seats[i];
            const SeatFacts &s = facts.seats[i];
            const SeatTelemetry t = telemetryOf(*m, i);
            ParticipantResult &r = results[seat.participantId];
            Accumulator &a = acc[seat.participantId];
            if (engine::teamOf(s.role) == engine::Team::Villagers) {
                a.villageVotes += s.votes;
                a.votesForWolves += s.votesForWolves;
                a.nights += s.nightsAlive;
                a.nightsSurvived += s.nightsSurvived;
            }
            a.votes += s.votes;
            a.votesWithOutcome += s.votesWithOutcome;
            a.turns += s.actionsMade();
            a.latencyMsSum += t.latencyMsSum;
            r.errors.timeouts += s.errors.timeouts + t.timeouts;
            r.errors.noVote += s.errors.noVote;
            r.errors.selfVote += s.errors.selfVote;
            r.errors.illegalCalls += t.illegalCalls;
            r.errors.standInTurns += t.standInTurns;
            r.tokensIn += t.tokensIn;
            r.tokensOut += t.tokensOut;
            r.costUsd += t.costUsd;
            r.providerCalls += t.providerCalls;
        }

        // The host saw what a person at the table may not: the result says
        // nothing about how anyone played.
        if (m->spoiledAt) {
            ++report.spoiled;
            played.outcome = "spoiled";
            played.spoiledAt = m->spoiledAt;
            continue;
        }
        const bool failed = !atFault.empty();
        if (failed && spec.failure == FailureRule::Void) {
            ++report.voided;
            played.outcome = "voided";
            continue;
        }
        if (failed && spec.failure == FailureRule::Forfeit) {
            ++report.forfeited;
            played.outcome = "forfeited";
            // Each participant at fault loses: its seats form the losing
            // team against every other seat, and only it is rated.
            for (const std::string &id : atFault) {
                std::vector<std::vector<std::string>> teams(2), roleTeams(2);
                for (std::size_t i = 0; i < n; ++i) {
                    const ScheduledSeat &seat = m->seats[i];
                    const int side = seat.participantId == id ? 1 : 0;
                    teams[side].push_back(seat.participantId);
                    roleTeams[side].push_back(roleKey(seat.participantId, facts.seats[i].role));
                    if (side == 1) {
                        addGame(acc[id].overall, false, false);
                        addGame(acc[id].roles[facts.seats[i].role], false, false);
                    }
                }
                if (teams[0].empty())
                    continue; // it held every seat: there is no one to lose to
                std::vector<std::string> onlyRoles(roleTeams[1].begin(), roleTeams[1].end());
                overallRatings.rateMatch(teams, {1, 2}, {id});
                roleRatings.rateMatch(roleTeams, {1, 2}, onlyRoles);
            }
            continue;
        }

        ++report.counted;
        std::vector<std::vector<std::string>> teams(2), roleTeams(2);
        for (std::size_t i = 0; i < n; ++i) {
            const ScheduledSeat &seat = m->seats[i];
            const engine::Role role = facts.seats[i].role;
            const engine::Team team = engine::teamOf(role);
            const int side = team == engine::Team::Villagers ? 0 : 1;
            teams[side].push_back(seat.participantId);
            roleTeams[side].push_back(roleKey(seat.participantId, role));
            const bool won = !draw && *facts.winner == team;
            addGame(acc[seat.participantId].overall, won, draw);
            addGame(acc[seat.participantId].roles[role], won, draw);
        }
        if (teams[0].empty() || teams[1].empty())
            continue;
        const std::vector<int> ranks = draw ? std::vector<int>{1, 1}
                                       : *facts.winner == engine::Team::Villagers
                                           ? std::vector<int>{1, 2}
                                           : std::vector<int>{2, 1};
        // Each side also fields a member that stands for the side itself,
        // so the table's own imbalance (the village wins more often at a
        // classic table) is learnt there and not by whoever sat village.
        teams[0].push_back(std::string(SideVillage));
        teams[1].push_back(std::string(SideWolves));
        overallRatings.rateMatch(teams, ranks);
        roleRatings.rateMatch(roleTeams, ranks);
    }

    // The deck's roles, each once, in deck order.
    std::vector<engine::Role> deckRoles;
    for (engine::Role r : spec.rules.deck())
        if (std::find(deckRoles.begin(), deckRoles.end(), r) == deckRoles.end())
            deckRoles.push_back(r);

    for (auto &[id, r] : results) {
        Accumulator &a = acc[id];
        if (r.participantId.empty()) { // in a record but not in the file
            r.participantId = id;
            r.name = id;
        }
        r.overall = roleResult(
            std::nullopt, a.overall, overallRatings.rating(id), overallRatings.matches(id));
        for (engine::Role role : deckRoles) {
            const std::string key = roleKey(id, role);
            r.roles.push_back(
                roleResult(role, a.roles[role], roleRatings.rating(key), roleRatings.matches(key)));
        }
        r.irp = wilson(a.votesForWolves, a.villageVotes);
        r.vss = wilson(a.votesWithOutcome, a.votes);
        r.ksr = wilson(a.nightsSurvived, a.nights);
        r.costPerTurn = a.turns > 0 ? r.costUsd / a.turns : 0.0;
        r.meanLatencyMs = r.providerCalls > 0 ? a.latencyMsSum / r.providerCalls : 0.0;
        report.participants.push_back(r);
    }
    // Best first by the rating's lower bound (mu - 1.96 sigma), so a short
    // lucky run does not top the table; ties by id keep the order stable.
    std::sort(report.participants.begin(),
              report.participants.end(),
              [](const ParticipantResult &a, const ParticipantResult &b) {
                  if (a.overall.rating.low != b.overall.rating.low)
                      return a.overall.rating.low > b.overall.rating.low;
                  return a.participantId < b.participantId;
              });
    return report;
}

} // namespace townhall::tournament

// ---------------------------------------------------------------- formats

namespace townhall::tournament {

namespace {

std::string fixed(double v, int digits)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(digits) << v;
    return out.str();
}

std::string interval(const Estimate &e, int digits)
{
    return fixed(e.value, digits) + " [" + fixed(e.low, digits) + ", " + fixed(e.high, digits)
           + "]";
}

std::string percent(const Estimate &e)
{
    if (e.n == 0)
        return "–";
    return fixed(100 * e.value, 1) + "% [" + fixed(100 * e.low, 1) + ", " + fixed(100 * e.high, 1)
           + "] (n " + std::to_string(e.n) + ")";
}

/// Markdown table cells hold names from the tournament file: a '|' or a
/// line break would end the cell.
std::string mdCell(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string csvField(const std::string &s)
{
    if (s.find_first_of(",\"\r\n") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

std::string html(const std::string &s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

/// What the role metrics measure (docs/tournaments.md has them in full).
constexpr const char *MetricsLegend = "IRP, identification precision: of a village-side seat's day "
                                      "votes with a target, the share that named a "
                                      "werewolf. VSS, voting success: of a seat's day votes with a "
                                      "target, the share that named the player the "
                                      "round eliminated. KSR, kill survival rate: of the nights a "
                                      "village-side seat was alive, the share it "
                                      "survived.";

/// A name as a chart's label, whose room ends where the plot begins: at
/// most `chars` characters (UTF-8 aware), with "…" where it was cut.
std::string chartName(const std::string &name, std::size_t chars = 20)
{
    std::size_t count = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if ((static_cast<unsigned char>(name[i]) & 0xC0) == 0x80)
            continue; // a continuation byte
        if (count++ == chars)
            return name.substr(0, i) + "…";
    }
    return name;
}

std::vector<const RoleResult *> rolesWithAll(const ParticipantResult &p)
{
    std::vector<const RoleResult *> out{&p.overall};
    for (const RoleResult &r : p.roles)
        out.push_back(&r);
    return out;
}

/// One line per played match the ratings left out (or counted against one
/// participant only), with why: "match 3 (m5): spoiled — …".
std::vector<std::string> leftOut(const Report &r)
{
    std::vector<std::string> out;
    for (const PlayedMatch &m : r.matches) {
        if (m.outcome == "counted")
            continue;
        std::string who;
        for (const std::string &id : m.failed)
            who += (who.empty() ? "" : ", ") + id;
        std::string line
            = "match " + std::to_string(m.index + 1) + " (" + m.matchId + "): " + m.outcome + " — ";
        if (m.outcome == "spoiled")
            line += "the host unlocked what a person at the table may not see (the omniscient "
                    "view) while they played"
                    + (m.spoiledAt ? ", at " + *m.spoiledAt : std::string())
                    + "; left out of the ratings and win rates";
        else if (m.outcome == "voided")
            line += "the seat of " + who + " failed; counted for no one";
        else
            line += "the seat of " + who + " failed; counted only as a loss for " + who;
        out.push_back(std::move(line));
    }
    return out;
}

std::string spoiledPart(const Report &r)
{
    return r.spoiled > 0 ? ", " + std::to_string(r.spoiled) + " spoiled" : std::string();
}

} // namespace

std::string toMarkdown(const Report &r)
{
    std::ostringstream md;
    md << "# " << mdCell(r.name.empty() ? r.tournamentId : r.name) << "\n\n";
    md << "Rules: " << mdCell(r.rules) << ". Matches: " << r.played << " played of " << r.scheduled
       << ", " << r.counted << " counted, " << r.voided << " voided, " << r.forfeited
       << " forfeited" << spoiledPart(r) << " (failure rule: " << toString(r.failureRule)
       << "). Villagers won " << r.villagerWins << ", werewolves " << r.werewolfWins << ", draws "
       << r.draws << ".\n\n";

    md << "## Leaderboard\n\n"
       << "Sorted by the rating's lower bound (mu − 1.96 sigma).\n\n"
       << "| # | Participant | Kind | Model | Rating (mu) | 95% interval | Games | Wins | Draws | "
          "Win rate |\n"
       << "|---|---|---|---|---|---|---|---|---|---|\n";
    int place = 1;
    for (const ParticipantResult &p : r.participants)
        md << "| " << place++ << " | " << mdCell(p.name) << " | " << toString(p.kind) << " | "
           << (p.model.empty() ? std::string("–") : mdCell(p.model)) << " | "
           << fixed(p.overall.rating.value, 2) << " | [" << fixed(p.overall.rating.low, 2) << ", "
           << fixed(p.overall.rating.high, 2) << "] | " << p.overall.games << " | "
           << p.overall.wins << " | " << p.overall.draws << " | " << percent(p.overall.winRate)
           << " |\n";

    md << "\n## Win rates by role\n\n| Participant | Role | Games | Wins | Win rate | Role rating "
          "|\n"
       << "|---|---|---|---|---|---|\n";
    for (const ParticipantResult &p : r.participants)
        for (const RoleResult *role : rolesWithAll(p))
            md << "| " << mdCell(p.name) << " | " << roleName(role->role) << " | " << role->games
               << " | " << role->wins << " | " << percent(role->winRate) << " | "
               << interval(role->rating, 2) << " |\n";

    md << "\n## Role metrics\n\n"
       << MetricsLegend << "\n\n| Participant | IRP | VSS | KSR |\n|---|---|---|---|\n";
    for (const ParticipantResult &p : r.participants)
        md << "| " << mdCell(p.name) << " | " << percent(p.irp) << " | " << percent(p.vss) << " | "
           << percent(p.ksr) << " |\n";

    md << "\n## Errors\n\n| Participant | Failures | Timeouts | Illegal calls | No vote | Self "
          "vote | Stand-in turns |\n"
       << "|---|---|---|---|---|---|---|\n";
    for (const ParticipantResult &p : r.participants)
        md << "| " << mdCell(p.name) << " | " << p.failures << " | " << p.errors.timeouts << " | "
           << p.errors.illegalCalls << " | " << p.errors.noVote << " | " << p.errors.selfVote
           << " | " << p.errors.standInTurns << " |\n";

    md << "\n## Cost\n\n| Participant | Tokens in | Tokens out | Cost (USD) | Cost per turn | "
          "Provider calls | Mean latency (ms) |\n"
       << "|---|---|---|---|---|---|---|\n";
    for (const ParticipantResult &p : r.participants)
        md << "| " << mdCell(p.name) << " | " << p.tokensIn << " | " << p.tokensOut << " | "
           << fixed(p.costUsd, 4) << " | " << fixed(p.costPerTurn, 6) << " | " << p.providerCalls
           << " | " << fixed(p.meanLatencyMs, 0) << " |\n";

    if (const std::vector<std::string> lines = leftOut(r); !lines.empty()) {
        md << "\n## Matches left out\n\n";
        for (const std::string &line : lines)
            md << "- " << mdCell(line) << "\n";
    }
    return md.str();
}

std::string toCsv(const Report &r)
{
    std::ostringstream csv;
    csv << "participant_id,name,kind,role,games,wins,draws,win_rate,win_rate_low,win_rate_high,"
           "rating_mu,"
           "rating_low,rating_high,irp,irp_n,vss,vss_n,ksr,ksr_n,failures,timeouts,illegal_calls,"
           "no_vote,"
           "self_vote,stand_in_turns,tokens_in,tokens_out,cost_usd,cost_per_turn,mean_latency_ms,"
           "model\r\n";
    for (const ParticipantResult &p : r.participants)
        for (const RoleResult *role : rolesWithAll(p)) {
            // The participant-wide figures repeat on each role row, so that
            // a spreadsheet can filter rows without losing them.
            csv << csvField(p.participantId) << ',' << csvField(p.name) << ',' << toString(p.kind)
                << ',' << roleName(role->role) << ',' << role->games << ',' << role->wins << ','
                << role->draws << ',' << fixed(role->winRate.value, 6) << ','
                << fixed(role->winRate.low, 6) << ',' << fixed(role->winRate.high, 6) << ','
                << fixed(role->rating.value, 6) << ',' << fixed(role->rating.low, 6) << ','
                << fixed(role->rating.high, 6) << ',' << fixed(p.irp.value, 6) << ',' << p.irp.n
                << ',' << fixed(p.vss.value, 6) << ',' << p.vss.n << ',' << fixed(p.ksr.value, 6)
                << ',' << p.ksr.n << ',' << p.failures << ',' << p.errors.timeouts << ','
                << p.errors.illegalCalls << ',' << p.errors.noVote << ',' << p.errors.selfVote
                << ',' << p.errors.standInTurns << ',' << p.tokensIn << ',' << p.tokensOut << ','
                << fixed(p.costUsd, 6) << ',' << fixed(p.costPerTurn, 8) << ','
                << fixed(p.meanLatencyMs, 3) << ',' << csvField(p.model) << "\r\n";
        }
    return csv.str();
}

std::string toJsonText(const Report &r)
{
    return r.toJson().dump(2);
}

std::string toHtml(const Report &r)
{
    std::ostringstream h;
    const std::string title = html(r.name.empty() ? r.tournamentId : r.name);
    h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << title
      << "</title>\n"
      << "<meta name=\"viewport\" content=\"width=device-width\">\n"
      << "<style>body{font-family:sans-serif;margin:2em;color:#222;max-width:100%}"
         "table{border-collapse:collapse;margin:1em 0}"
         "td,th{border:1px solid #ccc;padding:.25em "
         ".6em;text-align:right}td:first-child,th:first-child{text-align:left}"
         ".wide{max-width:100%;overflow-x:auto}.legend{color:#555;max-width:60em}svg{max-width:100%"
         ";height:auto}"
         "svg text{font-size:12px;font-family:sans-serif}</style></head><body>\n";
    h << "<h1>" << title << "</h1>\n<p>Rules: " << html(r.rules) << ". " << r.played << " of "
      << r.scheduled << " matches played, " << r.counted << " counted, " << r.voided << " voided, "
      << r.forfeited << " forfeited" << spoiledPart(r) << " (failure rule "
      << toString(r.failureRule) << "). Villagers won " << r.villagerWins << ", werewolves "
      << r.werewolfWins << ", draws " << r.draws << ".</p>\n";

    // Ratings: one row per participant, a bar over the 95% interval and a
    // dot at mu, on a common axis spanning every interval.
    double lo = 0, hi = 50;
    for (const ParticipantResult &p : r.participants) {
        lo = std::min(lo, std::floor(p.overall.rating.low));
        hi = std::max(hi, std::ceil(p.overall.rating.high));
    }
    const int rowH = 24, left = 160, plotW = 480;
    auto x = [&](double v) {
        return left + (v - lo) / (hi - lo) * plotW;
    };
    const int ratingsH = rowH * static_cast<int>(r.participants.size()) + 30;
    h << "<h2>Ratings</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << left + plotW + 20
      << "\" height=\"" << ratingsH
      << "\" role=\"img\" aria-label=\"ratings with 95% intervals\">\n";
    for (std::size_t i = 0; i < r.participants.size(); ++i) {
        const ParticipantResult &p = r.participants[i];
        const double y = rowH * static_cast<double>(i) + rowH / 2.0;
        h << "<text x=\"4\" y=\"" << y + 4 << "\"><title>" << html(p.name) << "</title>"
          << html(chartName(p.name)) << "</text>"
          << "<line x1=\"" << fixed(x(p.overall.rating.low), 1) << "\" x2=\""
          << fixed(x(p.overall.rating.high), 1) << "\" y1=\"" << y << "\" y2=\"" << y
          << "\" stroke=\"#4a7\" stroke-width=\"6\"/>"
          << "<circle cx=\"" << fixed(x(p.overall.rating.value), 1) << "\" cy=\"" << y
          << "\" r=\"4\" fill=\"#134\"/>\n";
    }
    const double axisY = ratingsH - 18;
    h << "<line x1=\"" << left << "\" x2=\"" << left + plotW << "\" y1=\"" << axisY << "\" y2=\""
      << axisY << "\" stroke=\"#888\"/><text x=\"" << left << "\" y=\"" << axisY + 14 << "\">"
      << fixed(lo, 0) << "</text><text x=\"" << left + plotW - 20 << "\" y=\"" << axisY + 14
      << "\">" << fixed(hi, 0) << "</text>\n</svg>\n";

    // Win rate by role: a bar per participant and role, with its interval.
    std::size_t rows = 0;
    for (const ParticipantResult &p : r.participants)
        rows += 1 + p.roles.size();
    h << "<h2>Win rate by role</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << left + plotW + 20 << "\" height=\"" << rowH * rows + 10
      << "\" role=\"img\" aria-label=\"win rate by role\">\n";
    std::size_t row = 0;
    for (const ParticipantResult &p : r.participants)
        for (const RoleResult *role : rolesWithAll(p)) {
            const double y = rowH * static_cast<double>(row++);
            const Estimate &w = role->winRate;
            h << "<text x=\"4\" y=\"" << y + 16 << "\"><title>" << html(p.name) << "</title>"
              << html(chartName(p.name, 12)) << " · " << roleName(role->role) << "</text><rect x=\""
              << left << "\" y=\"" << y + 5 << "\" width=\"" << fixed(w.value * plotW, 1)
              << "\" height=\"14\" fill=\"" << (role->role ? "#9bd" : "#57a") << "\"/>"
              << "<line x1=\"" << fixed(left + w.low * plotW, 1) << "\" x2=\""
              << fixed(left + w.high * plotW, 1) << "\" y1=\"" << y + 12 << "\" y2=\"" << y + 12
              << "\" stroke=\"#222\"/>\n";
        }
    h << "</svg>\n";

    // Two tables, so that each fits a laptop's window (1,400 px) without
    // scrolling sideways: the standings, then errors and cost.
    h << "<h2>Leaderboard</h2>\n<div "
         "class=\"wide\"><table><tr><th>Participant</th><th>Kind</th><th>Model</th>"
         "<th>Rating</th><th>95% interval</th><th>Games</th><th>Win "
         "rate</th><th>IRP</th><th>VSS</th><th>KSR</th>"
         "</tr>\n";
    for (const ParticipantResult &p : r.participants)
        h << "<tr><td>" << html(p.name) << "</td><td>" << toString(p.kind) << "</td><td>"
          << (p.model.empty() ? std::string("–") : html(p.model)) << "</td><td>"
          << fixed(p.overall.rating.value, 2) << "</td><td>[" << fixed(p.overall.rating.low, 2)
          << ", " << fixed(p.overall.rating.high, 2) << "]</td><td>" << p.overall.games
          << "</td><td>" << percent(p.overall.winRate) << "</td><td>" << percent(p.irp)
          << "</td><td>" << percent(p.vss) << "</td><td>" << percent(p.ksr) << "</td></tr>\n";
    h << "</table></div>\n<p class=\"legend\">" << html(MetricsLegend) << "</p>\n";
    h << "<h2>Errors and cost</h2>\n<div "
         "class=\"wide\"><table><tr><th>Participant</th><th>Failures</th>"
         "<th>Timeouts</th><th>Illegal calls</th><th>No vote</th><th>Self vote</th><th>Stand-in "
         "turns</th>"
         "<th>Tokens in</th><th>Tokens out</th><th>Cost (USD)</th><th>Cost per turn</th><th>Mean "
         "latency (ms)</th>"
         "</tr>\n";
    for (const ParticipantResult &p : r.participants)
        h << "<tr><td>" << html(p.name) << "</td><td>" << p.failures << "</td><td>"
          << p.errors.timeouts << "</td><td>" << p.errors.illegalCalls << "</td><td>"
          << p.errors.noVote << "</td><td>" << p.errors.selfVote << "</td><td>"
          << p.errors.standInTurns << "</td><td>" << p.tokensIn << "</td><td>" << p.tokensOut
          << "</td><td>" << fixed(p.costUsd, 4) << "</td><td>" << fixed(p.costPerTurn, 6)
          << "</td><td>" << fixed(p.meanLatencyMs, 0) << "</td></tr>\n";
    h << "</table></div>\n<p class=\"legend\">A failure is a match in which the participant's seat "
         "was handed to "
         "the built-in bot for good, or owed three actions and made none. A stand-in turn is one "
         "the built-in bot "
         "played for a model seat or a person.</p>\n";
    if (const std::vector<std::string> lines = leftOut(r); !lines.empty()) {
        h << "<h2>Matches left out</h2>\n<ul>\n";
        for (const std::string &line : lines)
            h << "<li>" << html(line) << "</li>\n";
        h << "</ul>\n";
    }
    h << "</body></html>\n";
    return h.str();
}

} // namespace townhall::tournament
