// SPDX-License-Identifier: MIT
#include "ui/hostlink.h"

namespace townhall::ui {

HostLink::HostLink(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<EventBatch>("townhall::ui::EventBatch");
    qRegisterMetaType<HostSettings>("townhall::ui::HostSettings");
    qRegisterMetaType<AgentInfo>("townhall::ui::AgentInfo");
    qRegisterMetaType<AgentList>("townhall::ui::AgentList");
    qRegisterMetaType<ToolCallRecords>("townhall::ui::ToolCallRecords");
    qRegisterMetaType<ModelSeatReports>("townhall::ui::ModelSeatReports");
}

HostLink::~HostLink() = default;

} // namespace townhall::ui
