// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

namespace townhall::ui {
Q_DECLARE_LOGGING_CATEGORY(lcUi)
} // namespace townhall::ui
