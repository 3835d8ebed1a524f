// SPDX-License-Identifier: MIT
#pragma once

#include "ui/hostlink.h"
#include "ui/voice.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
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
    /// The port this session listens on (0: unknown). When it is not the
    /// setting (`--port` was given, or the setting's port was busy), a line
    /// under the port says so.
    void setRunningPort(int port);

    QLabel *runningPortLabel() const { return m_runningPort; }
    QPushButton *voiceTestButton() const { return m_voiceTest; }
    QLineEdit *dataDirectoryEdit() const { return m_dataDir; }

Q_SIGNALS:
    /// Voice → Test: say a sample line at `volume` (0–100) now.
    void voiceTestRequested(int volume);

private:
    void showRunningPort();

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
    QPushButton *m_voiceTest;
    QLabel *m_runningPort;
    int m_running = 0;
};

} // namespace townhall::ui
