// SPDX-License-Identifier: MIT
#include "host/store/matchlog.h"

#include "host/store/storetr.h"

#include <charconv>

namespace townhall::host {

namespace {
using engine::json;

StoreError invalid(const QString &message)
{
    return StoreError{StoreError::Code::Invalid, message};
}

QString q(const std::string &s) { return QString::fromStdString(s); }
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

StoreResult<std::vector<engine::Event>> parseJsonLines(std::string_view text)
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

        const json j = json::parse(line, nullptr, false);
        if (j.is_discarded())
            return invalid(StoreTr::tr("line %1: not valid JSON").arg(lineNo));
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
            const QString what = e->seq < expected ? StoreTr::tr("duplicate or out of order")
                                                   : StoreTr::tr("gap");
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

StoreResult<std::uint64_t> resolveEventRef(const std::vector<engine::Event> &log,
                                           std::string_view eventRef)
{
    if (log.empty())
        return StoreError{StoreError::Code::NotFound, StoreTr::tr("the match has no events")};
    const std::string &matchId = log.front().matchId;
    std::optional<std::uint64_t> seq = engine::seqFromEventId(matchId, std::string(eventRef));
    if (!seq) {
        std::uint64_t n = 0;
        auto [ptr, ec] = std::from_chars(eventRef.data(), eventRef.data() + eventRef.size(), n);
        if (ec == std::errc() && ptr == eventRef.data() + eventRef.size() && n > 0)
            seq = n;
    }
    if (!seq)
        return invalid(StoreTr::tr("'%1' is neither an event id of %2 nor a sequence number")
                           .arg(QString::fromUtf8(eventRef.data(), qsizetype(eventRef.size())),
                                q(matchId)));
    if (*seq > log.size())
        return StoreError{StoreError::Code::NotFound,
                          StoreTr::tr("%1 has %2 events; there is no event %3")
                              .arg(q(matchId))
                              .arg(log.size())
                              .arg(*seq)};
    return *seq;
}

StoreResult<engine::Match> replayTo(const std::vector<engine::Event> &log, std::string_view eventRef)
{
    StoreResult<std::uint64_t> seq = resolveEventRef(log, eventRef);
    if (!seq)
        return seq.error();
    const std::vector<engine::Event> prefix(log.begin(),
                                            log.begin() + static_cast<std::ptrdiff_t>(*seq));
    return replayLog(prefix);
}

} // namespace townhall::host
