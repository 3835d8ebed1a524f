// SPDX-License-Identifier: MIT
#pragma once

/// \file guisettings.h
/// The desktop app's settings (what the settings dialog edits), kept with
/// QSettings under the application's organization and name.

#include "ui/hostlink.h"
#include "ui/voice.h"

class QSettings;

namespace townhall::app {

ui::HostSettings loadGuiSettings(const QSettings &settings);
void saveGuiSettings(QSettings &settings, const ui::HostSettings &values);

/// The Town Crier's voice: the UI's own setting, never sent to the host.
ui::VoiceSettings loadVoiceSettings(const QSettings &settings);
void saveVoiceSettings(QSettings &settings, const ui::VoiceSettings &values);

/// The database file for a data directory setting (empty: the default path).
QString databasePathFor(const ui::HostSettings &values);

} // namespace townhall::app
