// SPDX-License-Identifier: MIT
#include "host/store/matchlog.h"

#include "host/store/storetr.h"

#include "base/jsonlimits.h"
#include "engine/lobby.h"
#include "engine/rederive.h"

#include <algorithm>

#include <charconv>

namespace townhall::host {

namespace {
using engine::json;

StoreError invalid(const QString &message)
{
    return StoreError{StoreError::Code::Invalid, message};
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string dumped(const json &j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

constexpr const char *ModelSeatKey = "modelSeat";

/// A model seat line's contents, checked field by field; the message says
/// which field is wrong.
std::optional<ModelSeatEntry> modelSeatOf(const json &line, QString *why)
{
    const json &m = line.at(ModelSeatKey);
    if (!m.is_object()) {
        *why = StoreTr::tr("modelSeat is not an object");
        return std::nullopt;
    }
    ModelSeatEntry e;
    auto text = [&](const char *key, std::string *out) {
        auto it = m.find(key);
        if (it == m.end() || !it->is_string()) {
            *why = StoreTr::tr("modelSeat.%1 is missing or not a string").arg(QLatin1String(key));
            return false;
        }
        *out = it->get<std::string>();
        return true;
    };
    if (!text("matchId", &e.seat.matchId) || !text("playerId", &e.seat.playerId)
        || !text("agentId", &e.seat.agentId) || !text("displayName", &e.seat.displayName)
        || !text("persona", &e.seat.persona))
        return std::nullopt;
    for (const char *key : {"profile", "stats"}) {
        auto it = m.find(key);
        if (it == m.end() || !it->is_object()) {
            *why = StoreTr::tr("modelSeat.%1 is missing or not an object").arg(QLatin1String(key));
            return std::nullopt;
        }
    }
    if (m.at("profile").contains("apiKey")) {
        *why = StoreTr::tr("modelSeat.profile holds an API key; keys are never imported");
        return std::nullopt;
    }
    e.seat.profileJson = dumped(m.at("profile"));
    e.seat.statsJson = dumped(m.at("stats"));
    auto notes = m.find("notes");
    if (notes == m.end() || !notes->is_array()) {
        *why = StoreTr::tr("modelSeat.notes is missing or not an array");
        return std::nullopt;
    }
    for (std::size_t i = 0; i < notes->size(); ++i) {
        const json &n = (*notes)[i];
        ModelNoteRow r;
        r.matchId = e.seat.matchId;
        r.playerId = e.seat.playerId;
        const bool shaped
            = n.is_object() && n.value("n", json()).is_number_integer()
              && n.value("at", json()).is_number_integer()
              && n.value("day", json()).is_number_integer() && n.value("phase", json()).is_string()
              && n.value("kind", json()).is_string() && n.value("text", json()).is_string();
        if (shaped) {
            r.n = n.at("n").get<std::int64_t>();
            r.at = n.at("at").get<engine::TimeMs>();
            r.day = n.at("day").get<int>();
            r.phase = n.at("phase").get<std::string>();
            r.kind = n.at("kind").get<std::string>();
            r.text = n.at("text").get<std::string>();
        }
        if (!shaped || r.n < 0 || !engine::parsePhase(r.phase) || !modelnotes::isKind(r.kind)) {
            *why = StoreTr::tr("modelSeat.notes[%1] is not a note (n, at, day, phase, kind, text)")
                       .arg(i);
            return std::nullopt;
        }
        if (!e.notes.empty() && r.n <= e.notes.back().n) {
            *why = StoreTr::tr("modelSeat.notes[%1]: note %2 is out of order").arg(i).arg(r.n);
            return std::nullopt;
        }
        e.notes.push_back(std::move(r));
    }
    return e;
}
} // namespace

std::string toJsonLines(const std::vector<engine::Event> &log)
{
    std::string out;
    out.reserve(log.size() * 256);
    for (const engine::Event &e : log) {
        // replace, not throw: an agent's text is never allowed to make an export fail.
        out += engine::toJson(e).dump(-1, ' ', false, json::error_handler_t::replace);
        out += '\n';
    }
    return out;
}

StoreResult<std::string> toModelSeatLine(const ModelSeatEntry &entry)
{
    const ModelSeatRow &s = entry.seat;
    json profile = json::parse(s.profileJson, nullptr, false);
    json stats = json::parse(s.statsJson, nullptr, false);
    if (!profile.is_object() || !stats.is_object())
        return invalid(
            StoreTr::tr("the stored profile or counts of model seat %1 of %2 are damaged")
                .arg(q(s.playerId), q(s.matchId)));
    profile.erase("apiKey"); // never written there; never exported either
    json notes = json::array();
    for (const ModelNoteRow &n : entry.notes)
        notes.push_back(json{{"n", n.n},
                             {"at", n.at},
                             {"day", n.day},
                             {"phase", n.phase},
                             {"kind", n.kind},
                             {"text", n.text}});
    const json line{{ModelSeatKey,
                     {{"matchId", s.matchId},
                      {"playerId", s.playerId},
                      {"agentId", s.agentId},
                      {"displayName", s.displayName},
                      {"profile", std::move(profile)},
                      {"persona", s.persona},
                      {"stats", std::move(stats)},
                      {"notes", std::move(notes)}}}};
    return dumped(line) + '\n';
}

StoreResult<std::vector<engine::Event>> parseJsonLines(std::string_view text,
                                                       std::vector<ModelSeatEntry> *modelSeats)
{
    std::vector<engine::Event> log;
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;

        // Nested deeper than any export is not parsed at all: copying such a
        // tree would overflow the stack (base/jsonlimits.h).
        if (!base::jsonDepthWithin(line))
            return invalid(StoreTr::tr("line %1: nested deeper than %2 levels")
                               .arg(lineNo)
                               .arg(base::MaxJsonDepth));
        const json j = json::parse(line, nullptr, false);
        if (j.is_discarded())
            return invalid(StoreTr::tr("line %1: not valid JSON").arg(lineNo));
        if (j.is_object() && j.contains(ModelSeatKey)) {
            if (!modelSeats)
                continue;
            QString problem;
            std::optional<ModelSeatEntry> seat = modelSeatOf(j, &problem);
            if (!seat)
                return invalid(StoreTr::tr("line %1: %2").arg(lineNo).arg(problem));
            seat->line = lineNo;
            modelSeats->push_back(std::move(*seat));
            continue;
        }
        std::string why;
        std::optional<engine::Event> e = engine::eventFromJson(j, &why);
        if (!e)
            return invalid(StoreTr::tr("line %1: not an event: %2").arg(lineNo).arg(q(why)));
        if (!log.empty() && e->matchId != log.front().matchId)
            return invalid(StoreTr::tr("line %1: event of match %2 in the log of match %3")
                               .arg(lineNo)
                               .arg(q(e->matchId), q(log.front().matchId)));
        const std::uint64_t expected = log.size() + 1;
        if (e->seq != expected) {
            const QString what
                = e->seq < expected ? StoreTr::tr("duplicate or out of order") : StoreTr::tr("gap");
            return invalid(StoreTr::tr("line %1: seq %2 where %3 was expected (%4)")
                               .arg(lineNo)
                               .arg(e->seq)
                               .arg(expected)
                               .arg(what));
        }
        log.push_back(std::move(*e));
    }
    if (log.empty())
        return invalid(StoreTr::tr("the log holds no events"));
    return log;
}

StoreResult<engine::Match> replayLog(const std::vector<engine::Event> &log)
{
    auto m = engine::Match::fromLog(log);
    if (!m)
        return invalid(StoreTr::tr("the events do not replay: %1").arg(q(m.error().message)));
    return std::move(m).value();
}

StoreResult<CheckedImport> checkImport(std::string_view jsonLines, std::optional<int> renumber)
{
    CheckedImport out;
    auto log = parseJsonLines(jsonLines, &out.modelSeats);
    if (!log)
        return log.error();
    auto match = replayLog(*log);
    if (!match)
        return match.error();
    if (!renumber) {
        const std::string expectedId = engine::Lobby::matchIdFor(match->state().matchNumber);
        if (match->matchId() != expectedId)
            return invalid(
                StoreTr::tr(
                    "match %1 says it is match number %2, whose id is %3; the two must agree")
                    .arg(q(match->matchId()))
                    .arg(match->state().matchNumber)
                    .arg(q(expectedId)));
    }
    auto rules = renumber ? engine::rederiveAs(*log, *renumber) : engine::rederive(*log);
    if (!rules)
        return invalid(
            StoreTr::tr("the log does not follow the rules: %1").arg(q(rules.error().message)));
    if (renumber) {
        const std::string from = log->front().matchId;
        match = replayLog(*rules);
        if (!match)
            return match.error();
        for (ModelSeatEntry &e : out.modelSeats) {
            if (e.seat.matchId != from)
                continue; // refused below, naming the match it belongs to
            e.seat.matchId = match->matchId();
            for (ModelNoteRow &n : e.notes)
                n.matchId = match->matchId();
        }
    }
    const engine::Match &m = *match;
    // A model seat must be a seat of this match, and its agent's.
    std::vector<std::string> seen;
    for (const ModelSeatEntry &e : out.modelSeats) {
        const engine::Player *p = m.player(e.seat.playerId);
        QString problem;
        if (e.seat.matchId != m.matchId())
            problem = StoreTr::tr("a model seat of match %1 in the log of match %2")
                          .arg(q(e.seat.matchId), q(m.matchId()));
        else if (!p || p->agentId != e.seat.agentId)
            problem = StoreTr::tr("model seat %1 (%2) is not a seat of %3")
                          .arg(q(e.seat.playerId), q(e.seat.agentId), q(m.matchId()));
        else if (std::find(seen.begin(), seen.end(), e.seat.playerId) != seen.end())
            problem = StoreTr::tr("model seat %1 comes twice").arg(q(e.seat.playerId));
        if (!problem.isEmpty())
            return invalid(StoreTr::tr("line %1: %2").arg(e.line).arg(problem));
        seen.push_back(e.seat.playerId);
    }
    out.log = std::move(rules).value();
    out.match.emplace(std::move(match).value());
    return out;
}

StoreResult<std::uint64_t> resolveEventRef(const std::vector<engine::Event> &log,
                                           std::string_view eventRef)
{
    if (log.empty())
        return StoreError{StoreError::Code::NotFound, StoreTr::tr("the match has no events")};
    const std::string &matchId = log.front().matchId;
    std::optional<std::uint64_t> seq = engine::seqFromEventId(matchId, std::string(eventRef));
    if (eventRef.empty())
        return std::uint64_t(log.size());
    if (!seq) {
        std::uint64_t n = 0;
        auto [ptr, ec] = std::from_chars(eventRef.data(), eventRef.data() + eventRef.size(), n);
        if (ec == std::errc() && ptr == eventRef.data() + eventRef.size() && n > 0)
            seq = n;
    }
    if (!seq)
        return invalid(
            StoreTr::tr("'%1' is neither an event id of %2 nor a sequence number")
                .arg(QString::fromUtf8(eventRef.data(), qsizetype(eventRef.size())), q(matchId)));
    if (*seq > log.size())
        return StoreError{StoreError::Code::NotFound,
                          StoreTr::tr("%1 has %2 events; there is no event %3")
                              .arg(q(matchId))
                              .arg(log.size())
                              .arg(*seq)};
    return *seq;
}

StoreResult<engine::Match> replayTo(const std::vector<engine::Event> &log,
                                    std::string_view eventRef)
{
    StoreResult<std::uint64_t> seq = resolveEventRef(log, eventRef);
    if (!seq)
        return seq.error();
    const std::vector<engine::Event> prefix(log.begin(),
                                            log.begin() + static_cast<std::ptrdiff_t>(*seq));
    return replayLog(prefix);
}

} // namespace townhall::host
