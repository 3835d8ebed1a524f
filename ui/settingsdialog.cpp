// SPDX-License-Identifier: MIT
#include "ui/settingsdialog.h"

#include "ui/i18n.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

namespace townhall::ui {

namespace {

QSpinBox *secondsBox(QWidget *parent, const QString &name)
{
    auto *s = new QSpinBox(parent);
    s->setRange(1, 3600);
    s->setSuffix(SettingsDialog::tr(" s"));
    s->setAccessibleName(name);
    return s;
}

} // namespace

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_port(new QSpinBox(this))
    , m_guests(new QCheckBox(tr("Allow guest agents (no token)"), this))
    , m_lobby(secondsBox(this, tr("Lobby")))
    , m_night(secondsBox(this, tr("Night")))
    , m_announce(secondsBox(this, tr("Dawn announcement")))
    , m_opening(secondsBox(this, tr("Opening statement, per player")))
    , m_discussion(secondsBox(this, tr("Discussion")))
    , m_vote(secondsBox(this, tr("Vote")))
    , m_resolution(secondsBox(this, tr("Resolution")))
    , m_followSystem(new QCheckBox(tr("Follow the system's light or dark theme"), this))
    , m_dark(new QCheckBox(tr("Dark theme"), this))
    , m_dataDir(new QLineEdit(this))
    , m_language(new QComboBox(this))
    , m_crier(new QCheckBox(tr("The Town Crier speaks the narration"), this))
    , m_crierPlayers(new QCheckBox(tr("Also speak the players' public lines"), this))
    , m_crierVolume(new QSlider(Qt::Horizontal, this))
    , m_crierStatus(new QLabel(this))
    , m_voiceTest(new QPushButton(tr("&Test"), this))
    , m_runningPort(new QLabel(this))
{
    setWindowTitle(tr("Settings"));
    m_port->setRange(1024, 65535);
    m_port->setAccessibleName(tr("Port"));
    m_guests->setAccessibleName(tr("Allow guest agents"));
    m_followSystem->setAccessibleName(tr("Theme follows the system"));
    m_dark->setAccessibleName(tr("Dark theme"));
    m_dataDir->setAccessibleName(tr("Data directory"));
    m_dataDir->setPlaceholderText(tr("the standard location"));
    m_dataDir->setToolTip(tr("Where the match database is kept (used at the next start)"));
    m_port->setToolTip(tr("Used at the next start; another free port is taken if it is busy"));
    m_language->setAccessibleName(tr("Language"));
    m_language->addItem(tr("The system's language"), QString());
    for (const auto &[code, name] : Languages::available())
        m_language->addItem(name, code);

    auto *server = new QGroupBox(tr("Server"), this);
    auto *sf = new QFormLayout(server);
    sf->addRow(tr("&Port:"), m_port);
    m_runningPort->setWordWrap(true);
    m_runningPort->setForegroundRole(QPalette::PlaceholderText);
    m_runningPort->hide();
    sf->addRow(QString(), m_runningPort);
    connect(m_port, &QSpinBox::valueChanged, this, &SettingsDialog::showRunningPort);
    sf->addRow(QString(), m_guests);
    auto *dirRow = new QHBoxLayout;
    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setAccessibleName(tr("Choose the data directory"));
    dirRow->addWidget(m_dataDir, 1);
    dirRow->addWidget(browse);
    // A label of its own: a row given a layout has no buddy for its mnemonic.
    auto *dirLabel = new QLabel(tr("&Data directory:"), this);
    dirLabel->setBuddy(m_dataDir);
    sf->addRow(dirLabel, dirRow);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir
            = QFileDialog::getExistingDirectory(this, tr("Data directory"), m_dataDir->text());
        if (!dir.isEmpty())
            m_dataDir->setText(dir);
    });

    auto *timers = new QGroupBox(tr("Default phase timers (new matches)"), this);
    auto *tf = new QFormLayout(timers);
    tf->addRow(tr("&Lobby:"), m_lobby);
    tf->addRow(tr("&Night:"), m_night);
    tf->addRow(tr("D&awn announcement:"), m_announce);
    tf->addRow(tr("&Opening statement (each):"), m_opening);
    tf->addRow(tr("Di&scussion:"), m_discussion);
    tf->addRow(tr("&Vote:"), m_vote);
    tf->addRow(tr("&Resolution:"), m_resolution);

    auto *look = new QGroupBox(tr("Appearance"), this);
    auto *lf = new QVBoxLayout(look);
    lf->addWidget(m_followSystem);
    lf->addWidget(m_dark);
    auto *langRow = new QFormLayout;
    langRow->addRow(tr("&Language (at the next start):"), m_language);
    lf->addLayout(langRow);
    connect(
        m_followSystem, &QCheckBox::toggled, m_dark, [this](bool on) { m_dark->setEnabled(!on); });

    auto *voice = new QGroupBox(tr("Voice"), this);
    auto *vf = new QFormLayout(voice);
    m_crier->setAccessibleName(tr("Town Crier voice"));
    m_crierPlayers->setAccessibleName(tr("Speak the players' lines"));
    m_crierVolume->setRange(0, 100);
    m_crierVolume->setAccessibleName(tr("Voice volume"));
    m_crierStatus->setWordWrap(true);
    m_crierStatus->setAccessibleName(tr("Voice status"));
    vf->addRow(QString(), m_crier);
    vf->addRow(QString(), m_crierPlayers);
    auto *volumeRow = new QHBoxLayout;
    volumeRow->addWidget(m_crierVolume, 1);
    volumeRow->addWidget(m_voiceTest);
    m_voiceTest->setAccessibleName(tr("Test the voice"));
    m_voiceTest->setToolTip(tr("Say a sample line now, at this volume"));
    connect(m_voiceTest, &QPushButton::clicked, this, [this] {
        Q_EMIT voiceTestRequested(m_crierVolume->value());
    });
    auto *volumeLabel = new QLabel(tr("Vol&ume:"), this);
    volumeLabel->setBuddy(m_crierVolume);
    vf->addRow(volumeLabel, volumeRow);
    vf->addRow(m_crierStatus);
    connect(m_crier, &QCheckBox::toggled, this, [this](bool on) {
        m_crierPlayers->setEnabled(on);
        m_crierVolume->setEnabled(on);
    });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *v = new QVBoxLayout(this);
    v->addWidget(server);
    v->addWidget(timers);
    v->addWidget(look);
    v->addWidget(voice);
    v->addWidget(buttons);
    setValues(HostSettings{});
    setVoice(VoiceSettings{}, QString());
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::setValues(const HostSettings &s)
{
    m_port->setValue(s.port);
    m_guests->setChecked(s.guestsAllowed);
    auto sec = [](std::int64_t ms) {
        return int(ms / 1000);
    };
    m_lobby->setValue(sec(s.timers.lobby));
    m_night->setValue(sec(s.timers.night));
    m_announce->setValue(sec(s.timers.dayAnnounce));
    m_opening->setValue(sec(s.timers.openingTurn));
    m_discussion->setValue(sec(s.timers.dayDiscussion));
    m_vote->setValue(sec(s.timers.dayVote));
    m_resolution->setValue(sec(s.timers.dayResolution));
    m_followSystem->setChecked(s.themeFollowsSystem);
    m_dark->setChecked(s.darkTheme);
    m_dark->setEnabled(!s.themeFollowsSystem);
    m_dataDir->setText(s.dataDirectory);
    const int lang = m_language->findData(s.language);
    m_language->setCurrentIndex(lang < 0 ? 0 : lang);
}

HostSettings SettingsDialog::values() const
{
    HostSettings s;
    s.port = m_port->value();
    s.guestsAllowed = m_guests->isChecked();
    auto ms = [](const QSpinBox *b) {
        return std::int64_t(b->value()) * 1000;
    };
    s.timers.lobby = ms(m_lobby);
    s.timers.night = ms(m_night);
    s.timers.dayAnnounce = ms(m_announce);
    s.timers.openingTurn = ms(m_opening);
    s.timers.dayDiscussion = ms(m_discussion);
    s.timers.dayVote = ms(m_vote);
    s.timers.dayResolution = ms(m_resolution);
    s.themeFollowsSystem = m_followSystem->isChecked();
    s.darkTheme = m_dark->isChecked();
    s.dataDirectory = m_dataDir->text().trimmed();
    s.language = m_language->currentData().toString();
    return s;
}

void SettingsDialog::setVoice(const VoiceSettings &settings, const QString &status)
{
    m_crier->setChecked(settings.enabled);
    m_crierPlayers->setChecked(settings.players);
    m_crierVolume->setValue(settings.volume);
    m_crierPlayers->setEnabled(settings.enabled);
    m_crierVolume->setEnabled(settings.enabled);
    m_crierStatus->setText(status);
    m_crierStatus->setVisible(!status.isEmpty());
}

void SettingsDialog::setRunningPort(int port)
{
    m_running = port;
    showRunningPort();
}

void SettingsDialog::showRunningPort()
{
    const bool differs = m_running > 0 && m_running != m_port->value();
    m_runningPort->setText(
        differs ? tr("This session listens on port %1 (given with --port, or the setting's "
                     "port was busy); this setting applies when the app starts without --port.")
                      .arg(m_running)
                : QString());
    m_runningPort->setVisible(differs);
}

VoiceSettings SettingsDialog::voice() const
{
    VoiceSettings v;
    v.enabled = m_crier->isChecked();
    v.players = m_crierPlayers->isChecked();
    v.volume = m_crierVolume->value();
    return v;
}

} // namespace townhall::ui
