// SPDX-License-Identifier: MIT
#pragma once

#include "ui/hostlink.h"
#include "ui/voice.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSpinBox;

namespace townhall::ui {

/// Port, guest agents, default timers, theme, language, data directory, and
/// the Town Crier's voice (kept with the UI's settings, not the host's).
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    explicit SettingsDialog(QWidget *parent = nullptr);
    ~SettingsDialog() override;

    void setValues(const HostSettings &settings);
    HostSettings values() const;
    /// The Voice group: the choices, and a line naming the engine and voice
    /// in use or why there is none (CrierVoice::status()).
    void setVoice(const VoiceSettings &settings, const QString &status);
    VoiceSettings voice() const;

private:
    QSpinBox *m_port;
    QCheckBox *m_guests;
    QSpinBox *m_lobby;
    QSpinBox *m_night;
    QSpinBox *m_announce;
    QSpinBox *m_opening;
    QSpinBox *m_discussion;
    QSpinBox *m_vote;
    QSpinBox *m_resolution;
    QCheckBox *m_followSystem;
    QCheckBox *m_dark;
    QLineEdit *m_dataDir;
    QComboBox *m_language;
    QCheckBox *m_crier;
    QCheckBox *m_crierPlayers;
    QSlider *m_crierVolume;
    QLabel *m_crierStatus;
};

} // namespace townhall::ui
