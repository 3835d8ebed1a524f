// SPDX-License-Identifier: MIT
#pragma once

#include "ui/hostlink.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace townhall::ui {

/// Port, guest agents, default timers, theme, language and data directory.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    explicit SettingsDialog(QWidget *parent = nullptr);
    ~SettingsDialog() override;

    void setValues(const HostSettings &settings);
    HostSettings values() const;

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
};

} // namespace townhall::ui
