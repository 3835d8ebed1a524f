// SPDX-License-Identifier: MIT
#pragma once

/// \file connectiontest.h
/// "Test connection": what a user runs after typing a provider's details.
/// It lists the models, looks for the profile's model among them and makes
/// one tiny tool-call request, and says in one sentence what the first
/// failure means (DNS, refused, key, model, tools, timeout).

#include "host/providers/chatclient.h"

#include <vector>

namespace townhall::host::providers {

struct ConnectionCheck
{
    enum class Status { Passed, Warning, Failed, Skipped };
    enum class Step { Models, ModelListed, ToolCall };

    Step step = Step::Models;
    Status status = Status::Skipped;
    QString detail;                     ///< a sentence, for passes as well as failures
    std::optional<ProviderError> error; ///< set when the step failed on an error
};

struct ConnectionReport
{
    std::vector<ConnectionCheck> checks; ///< one per Step, in order
    QStringList models;                  ///< what the server listed

    bool ok() const;
    /// The detail of the first failed check; empty when none failed.
    QString firstFailure() const;
};

/// The name of the one tool the tiny request offers.
inline constexpr const char *kConnectionTestTool = "report_ready";

QCoro::Task<ConnectionReport> testConnection(ChatClient &client);

} // namespace townhall::host::providers
