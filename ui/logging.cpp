// SPDX-License-Identifier: MIT
#include "ui/logging.h"

namespace townhall::ui {
Q_LOGGING_CATEGORY(lcUi, "townhall.ui", QtWarningMsg)
} // namespace townhall::ui
