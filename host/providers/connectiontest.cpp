// SPDX-License-Identifier: MIT
#include "host/providers/connectiontest.h"

#include "host/providers/providerstr.h"

#include <algorithm>

namespace townhall::host::providers {

using namespace Qt::StringLiterals;
using Status = ConnectionCheck::Status;
using Step = ConnectionCheck::Step;

bool ConnectionReport::ok() const
{
    return std::none_of(checks.begin(), checks.end(), [](const ConnectionCheck &c) {
        return c.status == Status::Failed;
    });
}

QString ConnectionReport::firstFailure() const
{
    for (const ConnectionCheck &c : checks)
        if (c.status == Status::Failed)
            return c.detail;
    return {};
}

namespace {

ConnectionCheck failed(Step step, const ProviderError &e)
{
    return {step, Status::Failed, e.message, e};
}

/// A failure no later step can get past: the server is unreachable or refuses us.
bool isFatal(ProviderError::Kind kind)
{
    using K = ProviderError::Kind;
    return kind == K::Dns || kind == K::Refused || kind == K::Timeout || kind == K::Network
           || kind == K::Auth || kind == K::Quota;
}

QString listSome(const QStringList &ids)
{
    QStringList shown = ids.mid(0, 5);
    QString s = shown.join(u", "_s);
    if (ids.size() > shown.size())
        s += ProvidersTr::tr(" and %n more", nullptr, int(ids.size() - shown.size()));
    return s;
}

} // namespace

QCoro::Task<ConnectionReport> testConnection(ChatClient &client)
{
    const ProviderProfile profile = client.profile();
    ConnectionReport report;

    const ModelList models = co_await client.listModels();
    bool listed = false;
    if (models.ok()) {
        report.models = models.ids;
        report.checks.push_back(
            {Step::Models,
             Status::Passed,
             ProvidersTr::tr("The server lists %n model(s).", nullptr, int(models.ids.size())),
             std::nullopt});
        listed = models.ids.contains(profile.model);
        if (listed)
            report.checks.push_back(
                {Step::ModelListed,
                 Status::Passed,
                 ProvidersTr::tr("The model \"%1\" is among them.").arg(profile.model),
                 std::nullopt});
        else
            // Not fatal: llama.cpp lists a file path and answers to any name,
            // and routers accept aliases they do not list.
            report.checks.push_back(
                {Step::ModelListed,
                 Status::Warning,
                 models.ids.isEmpty()
                     ? ProvidersTr::tr("The server lists no models; trying \"%1\" anyway.")
                           .arg(profile.model)
                     : ProvidersTr::tr(
                           "The server does not list \"%1\" (it lists %2); trying it anyway.")
                           .arg(profile.model, listSome(models.ids)),
                 std::nullopt});
    } else if (isFatal(models.error->kind)) {
        report.checks.push_back(failed(Step::Models, *models.error));
        report.checks.push_back({Step::ModelListed, Status::Skipped, {}, std::nullopt});
        report.checks.push_back({Step::ToolCall, Status::Skipped, {}, std::nullopt});
        co_return report;
    } else {
        // Some servers have no model list; the tool call still decides.
        report.checks.push_back(
            {Step::Models, Status::Warning, models.error->message, models.error});
        report.checks.push_back({Step::ModelListed, Status::Skipped, {}, std::nullopt});
    }

    ChatRequest request;
    request.messages.push_back(ChatMessage::system(
        u"You are checking a connection. Answer only by calling the tool %1."_s.arg(
            QLatin1StringView(kConnectionTestTool))));
    request.messages.push_back(ChatMessage::user(
        u"Call %1 with ready set to true."_s.arg(QLatin1StringView(kConnectionTestTool))));
    ToolDefinition tool;
    tool.name = QString::fromLatin1(kConnectionTestTool);
    tool.description = u"Report that you are ready."_s;
    tool.parameters = {{"type", "object"},
                       {"properties", {{"ready", {{"type", "boolean"}}}}},
                       {"required", nlohmann::json::array({"ready"})}};
    request.tools.push_back(std::move(tool));

    const ChatOutcome outcome = co_await client.chat(std::move(request));
    if (!outcome.ok()) {
        report.checks.push_back(failed(Step::ToolCall, *outcome.error));
    } else if (outcome.result.toolCalls.empty()) {
        report.checks.push_back(
            {Step::ToolCall,
             Status::Failed,
             ProvidersTr::tr(
                 "The model answered in text instead of calling a tool; it may not support tools "
                 "through this server (it said: %1).")
                 .arg(outcome.result.text.left(120)),
             std::nullopt});
    } else {
        report.checks.push_back({Step::ToolCall,
                                 Status::Passed,
                                 ProvidersTr::tr("The model called %1 in %2 ms.")
                                     .arg(outcome.result.toolCalls.front().name)
                                     .arg(outcome.result.latencyMs),
                                 std::nullopt});
    }
    co_return report;
}

} // namespace townhall::host::providers
