// SPDX-License-Identifier: MIT
#pragma once

// Replacing a list model's rows with as little noise as possible: a reset
// when the number of rows changes, else one change per row that differs.

#include <cstddef>
#include <utility>
#include <vector>

namespace townhall::ui {

/// `reset(apply)` must wrap `apply()` in beginResetModel/endResetModel;
/// `changed(row)` emits dataChanged for that row.
template<class Row, class Reset, class Changed>
void replaceRows(std::vector<Row> &rows, std::vector<Row> next, Reset reset, Changed changed)
{
    if (next.size() != rows.size()) {
        reset([&] { rows = std::move(next); });
        return;
    }
    for (std::size_t i = 0; i < next.size(); ++i) {
        if (next[i] == rows[i])
            continue;
        rows[i] = std::move(next[i]);
        changed(int(i));
    }
}

} // namespace townhall::ui
