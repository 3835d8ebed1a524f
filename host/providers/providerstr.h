// SPDX-License-Identifier: MIT
#pragma once

// Private to the providers library: its translation context and logging category.

#include <QCoreApplication>
#include <QLoggingCategory>

namespace townhall::host::providers {

/// Provider errors reach the user (test connection, the seat's status), so
/// they go through tr() in one context.
struct ProvidersTr
{
    Q_DECLARE_TR_FUNCTIONS(Providers)
};

/// Method, URL, status and timing only: never headers or bodies, which carry
/// the key and the conversation.
Q_DECLARE_LOGGING_CATEGORY(lcProviders)

} // namespace townhall::host::providers
