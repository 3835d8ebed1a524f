// SPDX-License-Identifier: MIT
#pragma once

// Private to the store: its translation context and logging category.

#include <QCoreApplication>
#include <QLoggingCategory>

namespace townhall::host {

/// Store messages reach the user (the CLI prints them), so they go through
/// tr() like any other visible string, in one context.
struct StoreTr
{
    Q_DECLARE_TR_FUNCTIONS(Store)
};

Q_DECLARE_LOGGING_CATEGORY(lcStore)

} // namespace townhall::host
