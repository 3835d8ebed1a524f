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
    qRegisterMetaType<tournament::Report>("townhall::tournament::Report");
    qRegisterMetaType<TournamentChoices>("townhall::ui::TournamentChoices");
    qRegisterMetaType<TournamentProgress>("townhall::ui::TournamentProgress");
    qRegisterMetaType<nlohmann::json>("nlohmann::json");
    qRegisterMetaType<PlayersListener>("townhall::ui::PlayersListener");
    qRegisterMetaType<InvitedSeats>("townhall::ui::InvitedSeats");
}

HostLink::~HostLink() = default;

} // namespace townhall::ui
