// SPDX-License-Identifier: MIT
#include "app/modelreports.h"

#include "host/store/store.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string_view>

namespace townhall::app {

namespace {

ui::ModelNote::Kind uiKind(host::PilotNote::Kind kind)
{
    switch (kind) {
    case host::PilotNote::Kind::Thought:
        return ui::ModelNote::Kind::Thought;
    case host::PilotNote::Kind::StandIn:
        return ui::ModelNote::Kind::StandIn;
    case host::PilotNote::Kind::HandOver:
        return ui::ModelNote::Kind::HandOver;
    }
    return ui::ModelNote::Kind::Thought;
}

} // namespace

std::int64_t notesEnd(const host::ModelSeatInfo &seat)
{
    return seat.log ? seat.log->notesBefore + std::int64_t(seat.log->notes.size()) : 0;
}

ui::ModelSeatReport
modelSeatReport(const QString &matchId, const host::ModelSeatInfo &seat, std::int64_t fromNote)
{
    ui::ModelSeatReport r;
    r.matchId = matchId;
    r.playerId = QString::fromStdString(seat.playerId);
    r.agentId = QString::fromStdString(seat.agentId);
    r.displayName = seat.displayName;
    r.provider = seat.profile.name;
    r.model = seat.profile.model;
    if (!seat.log)
        return r;
    const host::PilotLog &log = *seat.log;
    const host::PilotStats &s = log.stats;
    r.calls = s.modelCalls;
    r.inputTokens = s.inputTokens;
    r.outputTokens = s.outputTokens;
    r.reasoningTokens = s.reasoningTokens;
    r.cachedInputTokens = s.cachedInputTokens;
    r.cost = s.cost.value_or(-1.0);
    r.latencyP50Ms = s.latencyPercentile(0.5);
    r.latencyP95Ms = s.latencyPercentile(0.95);
    for (const auto &[kind, n] : s.failures)
        r.failures.insert(kind, n);
    r.toolErrors = s.toolErrors;
    r.standInTurns = s.standInTurns;
    r.handedOver = s.handedOver;
    const std::int64_t first = std::max(fromNote, log.notesBefore);
    r.firstNote = int(first);
    for (std::int64_t i = first - log.notesBefore; i < std::int64_t(log.notes.size()); ++i) {
        const host::PilotNote &n = log.notes[std::size_t(i)];
        r.notes.append({uiKind(n.kind), n.at, n.day, int(n.phase), n.text});
    }
    return r;
}

std::vector<host::ModelSeatInfo> storedModelSeats(const host::Store &store,
                                                  const std::string &matchId)
{
    std::vector<host::ModelSeatInfo> out;
    const auto rows = store.modelSeats(matchId);
    if (!rows)
        return out;
    for (const host::ModelSeatRow &row : rows.value()) {
        host::ModelSeatInfo seat;
        seat.playerId = row.playerId;
        seat.agentId = row.agentId;
        seat.displayName = QString::fromStdString(row.displayName);
        seat.persona = QString::fromStdString(row.persona);
        // Only what the widgets show of the profile: which provider, which model.
        const nlohmann::json profile = nlohmann::json::parse(row.profileJson, nullptr, false);
        if (profile.is_object()) {
            seat.profile.name = QString::fromStdString(profile.value("name", std::string()));
            seat.profile.model = QString::fromStdString(profile.value("model", std::string()));
        }
        auto log = std::make_shared<host::PilotLog>();
        log->stats
            = host::PilotStats::fromJson(nlohmann::json::parse(row.statsJson, nullptr, false));
        if (const auto notes = store.modelNotes(matchId, row.playerId);
            notes && !notes.value().empty()) {
            log->notesBefore = notes.value().front().n;
            for (const host::ModelNoteRow &n : notes.value())
                log->notes.push_back(host::PilotNote{
                    host::PilotNote::kindFromName(n.kind).value_or(host::PilotNote::Kind::Thought),
                    n.at,
                    n.day,
                    engine::parsePhase(n.phase).value_or(engine::Phase::Lobby),
                    QString::fromStdString(n.text)});
        }
        seat.log = std::move(log);
        out.push_back(std::move(seat));
    }
    return out;
}

namespace {

host::CallStatus statusFromKey(const std::string &key)
{
    for (host::CallStatus s : {host::CallStatus::Ok,
                               host::CallStatus::ToolError,
                               host::CallStatus::ProtocolError,
                               host::CallStatus::RateLimited,
                               host::CallStatus::NoReply})
        if (host::statusKey(s).toStdString() == key)
            return s;
    return host::CallStatus::Ok;
}

QString text(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

qint64 number(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<qint64>() : 0;
}

} // namespace

ui::ToolCallRecords storedCallRecords(const std::string &jsonLines, qint64 beforeUs)
{
    ui::ToolCallRecords out;
    std::string_view rest(jsonLines);
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_object() || !j.contains("method"))
            continue;
        ui::ToolCallRecord r;
        r.atUs = number(j, "atUs");
        if (r.atUs >= beforeUs)
            continue;
        r.sessionId = text(j, "sessionId");
        r.agentId = text(j, "agentId");
        r.agentName = text(j, "agentName");
        r.matchId = text(j, "matchId");
        r.method = text(j, "method");
        r.tool = text(j, "tool");
        r.status = statusFromKey(text(j, "status").toStdString());
        r.toolErrorCode = text(j, "toolErrorCode");
        r.rpcErrorCode = int(number(j, "rpcErrorCode"));
        r.httpStatus = int(number(j, "httpStatus"));
        r.latencyUs = number(j, "latencyUs");
        const auto raw = [&j](const char *key) {
            const auto it = j.find(key);
            return QByteArray::fromStdString(it == j.end() ? std::string("null") : it->dump());
        };
        r.requestJson = raw("request");
        r.responseJson = raw("response");
        out.append(std::move(r));
    }
    return out;
}

} // namespace townhall::app
