// SPDX-License-Identifier: MIT
#include "ui/voice.h"

#include "ui/logging.h"
#include "ui/replicaset.h"
#include "ui/templatetext.h"
#include "ui/uitext.h"

#include "engine/match.h"
#include "engine/payloads.h"

#include <QDir>
#include <QFileInfo>
#include <QTextToSpeech>
#include <QVoice>

#include <algorithm>
#include <array>
#include <utility>

namespace townhall::ui {

namespace {

// Seats differ by pitch even when the engine has a single voice; the order
// keeps neighbouring seats far apart, and none sits at the narrator's 0.
constexpr std::array<double, 8> SeatPitch{-0.35, 0.3, -0.15, 0.45, -0.45, 0.15, -0.25, 0.35};
constexpr std::array<double, 8> SeatRate{0.05, -0.05, 0.1, 0.0, -0.1, 0.05, 0.0, -0.05};

// The longest a line may take before the queue moves on without the engine's
// word: generous, since a slow engine on a busy machine is not a fault.
int watchdogMs(const QString &text)
{
    return 20'000 + 150 * int(text.size());
}

} // namespace

// ---- TextToSpeechSpeaker ----------------------------------------------------

TextToSpeechSpeaker::TextToSpeechSpeaker(const QString &engine, QObject *parent)
    : Speaker(parent)
{
    const QStringList engines = QTextToSpeech::availableEngines();
    if (engines.isEmpty()) {
        m_problem = tr("No speech engine is installed (on Debian: qt6-speech-flite-plugin).");
        return;
    }
    m_engine = engine.isEmpty() ? engines.front() : engine;
    m_tts = new QTextToSpeech(m_engine, this);
    if (m_tts->state() == QTextToSpeech::Error) {
        m_problem
            = tr("The speech engine %1 does not work: %2").arg(m_engine, m_tts->errorString());
        return;
    }
    for (const QLocale &locale : m_tts->availableLocales()) {
        m_tts->setLocale(locale);
        for (const QVoice &v : m_tts->availableVoices())
            m_voices.append({v.name(), v.locale()});
    }
    // The same voice may be listed under several locales; keep its first.
    QList<Voice> unique;
    for (const Voice &v : std::as_const(m_voices))
        if (std::none_of(
                unique.begin(), unique.end(), [&v](const Voice &u) { return u.name == v.name; }))
            unique.append(v);
    m_voices = unique;
    connect(m_tts, &QTextToSpeech::stateChanged, this, [this](QTextToSpeech::State s) {
        if (s == QTextToSpeech::Ready) {
            m_lastError.clear();
            Q_EMIT stateChanged(State::Ready);
        } else if (s == QTextToSpeech::Speaking) {
            Q_EMIT stateChanged(State::Speaking);
        } else if (s == QTextToSpeech::Error) {
            // Kept for the status line (e.g. no audio output); the next line tries again.
            m_lastError = tr("The speech engine %1 could not speak: %2")
                              .arg(m_engine, m_tts->errorString());
            Q_EMIT stateChanged(State::Error);
        }
    });
}

TextToSpeechSpeaker::~TextToSpeechSpeaker() = default;

bool TextToSpeechSpeaker::hasAudioOutput() const
{
#if defined(Q_OS_LINUX)
    // A sound server (PulseAudio, PipeWire) or an ALSA playback device.
    if (qEnvironmentVariableIsSet("PULSE_SERVER"))
        return true;
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty()
        && (QFileInfo::exists(runtime + QLatin1String("/pulse/native"))
            || QFileInfo::exists(runtime + QLatin1String("/pipewire-0"))))
        return true;
    const QStringList playback
        = QDir(QStringLiteral("/dev/snd")).entryList({QStringLiteral("pcmC*D*p")}, QDir::System);
    return !playback.isEmpty();
#else
    return true; // macOS and Windows always have a default output
#endif
}

QString TextToSpeechSpeaker::engineName() const
{
    return m_tts ? m_engine : QString();
}

QString TextToSpeechSpeaker::problem() const
{
    return m_problem.isEmpty() ? m_lastError : m_problem;
}

QList<Speaker::Voice> TextToSpeechSpeaker::voices() const
{
    return m_voices;
}

void TextToSpeechSpeaker::say(const QString &text, const SpeechStyle &style)
{
    if (!m_tts || !m_problem.isEmpty()) {
        Q_EMIT stateChanged(State::Error);
        return;
    }
    if (style.voice >= 0 && style.voice < m_voices.size()) {
        const Voice &want = m_voices[style.voice];
        if (m_tts->voice().name() != want.name) {
            m_tts->setLocale(want.locale);
            for (const QVoice &v : m_tts->availableVoices())
                if (v.name() == want.name)
                    m_tts->setVoice(v);
        }
    }
    m_tts->setPitch(style.pitch);
    m_tts->setRate(style.rate);
    m_tts->say(text);
}

void TextToSpeechSpeaker::stop()
{
    if (m_tts)
        m_tts->stop();
}

void TextToSpeechSpeaker::setVolume(double volume)
{
    if (m_tts)
        m_tts->setVolume(std::clamp(volume, 0.0, 1.0));
}

// ---- CrierVoice -------------------------------------------------------------

CrierVoice::CrierVoice(Speaker *speaker, QObject *parent)
    : QObject(parent)
    , m_speaker(speaker ? speaker : new TextToSpeechSpeaker)
{
    m_speaker->setParent(this);
    m_speaker->setVolume(m_settings.volume / 100.0);
    connect(m_speaker, &Speaker::stateChanged, this, &CrierVoice::onSpeakerState);
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        qCDebug(lcUi) << "voice: the speech engine did not finish a line in time; moving on";
        // Not speaking before stop(): an engine may report Ready from inside it.
        m_speaking = false;
        m_speaker->stop();
        if (std::exchange(m_testing, false))
            m_speaker->setVolume(m_settings.volume / 100.0);
        speakNext();
    });
    chooseVoices();
}

CrierVoice::~CrierVoice()
{
    // Silence before going: a line must not outlive the window that spoke it.
    m_pending.clear();
    if (m_speaking)
        m_speaker->stop();
}

void CrierVoice::chooseVoices()
{
    // Voices of the UI's language first (the line is in that language); when
    // there are none, any voice rather than silence, and the status says so.
    const QLocale ui;
    const QList<Speaker::Voice> voices = m_speaker->voices();
    m_voicePool.clear();
    for (int i = 0; i < voices.size(); ++i)
        if (voices[i].locale.language() == ui.language())
            m_voicePool.append(i);
    m_languageVoice = !m_voicePool.isEmpty();
    if (m_voicePool.isEmpty())
        for (int i = 0; i < voices.size(); ++i)
            m_voicePool.append(i);
}

QString CrierVoice::status() const
{
    if (!m_speaker->problem().isEmpty() && m_speaker->engineName().isEmpty())
        return m_speaker->problem();
    if (!m_speaker->hasAudioOutput())
        return tr("No audio output was found on this computer (no sound card or sound server): the "
                  "Town Crier "
                  "cannot be heard here.");
    if (!m_speaker->problem().isEmpty())
        return m_speaker->problem();
    if (m_voicePool.isEmpty())
        return tr("The speech engine %1 offers no voice.").arg(m_speaker->engineName());
    const QString voice = m_speaker->voices().at(m_voicePool.front()).name;
    if (!m_languageVoice)
        return tr("No voice for this language (%1); speaking with %2 of %3.")
            .arg(QLocale().nativeLanguageName(), voice, m_speaker->engineName());
    return tr("Speaking with the voice %1 of %2.").arg(voice, m_speaker->engineName());
}

SpeechStyle CrierVoice::narratorStyle() const
{
    return {m_voicePool.isEmpty() ? -1 : m_voicePool.front(), 0.0, 0.0};
}

SpeechStyle CrierVoice::seatStyle(int seat) const
{
    const int i = std::clamp(seat, 1, int(SeatPitch.size())) - 1;
    SpeechStyle s;
    // Seats take the language's voices in turn, starting after the narrator's,
    // so that with several voices the narrator's is the last one a seat gets.
    if (!m_voicePool.isEmpty())
        s.voice = m_voicePool[(i + 1) % m_voicePool.size()];
    s.pitch = SeatPitch[std::size_t(i)];
    s.rate = SeatRate[std::size_t(i)];
    return s;
}

void CrierVoice::setSettings(const VoiceSettings &settings)
{
    VoiceSettings s = settings;
    s.volume = std::clamp(s.volume, 0, 100);
    if (s == m_settings)
        return;
    const bool wasOn = m_settings.enabled;
    m_settings = s;
    m_speaker->setVolume(s.volume / 100.0);
    if (wasOn && !s.enabled)
        clear();
    if (!s.players) {
        // Players' lines already waiting go too: the user asked for the narrator only.
        std::erase_if(m_pending, [](const Line &l) { return l.kind == LineKind::Player; });
    }
    Q_EMIT settingsChanged(m_settings);
}

void CrierVoice::setSource(ReplicaSet *replicas, const QString &matchId)
{
    if (replicas == m_replicas && matchId == m_matchId)
        return;
    disconnect(m_follow);
    clear();
    m_replicas = replicas;
    m_matchId = replicas ? matchId : QString();
    if (m_replicas && !m_matchId.isEmpty())
        m_follow = connect(m_replicas, &ReplicaSet::matchAdvanced, this, &CrierVoice::onAdvanced);
}

void CrierVoice::onAdvanced(const QString &matchId, qsizetype firstNew)
{
    if (matchId != m_matchId || !m_replicas || !m_settings.enabled)
        return;
    const engine::Match *m = m_replicas->match(matchId);
    if (!m)
        return;
    const std::vector<engine::Event> &log = m->log();
    for (std::size_t i = std::size_t(std::max<qsizetype>(0, firstNew)); i < log.size(); ++i) {
        const engine::Event &e = log[i];
        // The boundary: only what everyone may hear. The replica holds every
        // event (the host UI is trusted), so the audience decides here.
        if (e.audience != engine::Audience::Public)
            continue;
        if (const auto line = engine::payloadAs<engine::payload::Narrator>(e)) {
            enqueue({LineKind::Narrator, TemplateText::narratorLine(*line), 0});
        } else if (const auto said = engine::payloadAs<engine::payload::PublicMessage>(e);
                   said && m_settings.players) {
            const engine::Player *p = m->player(std::string(said->playerId));
            const QString text = qs(said->text);
            if (p && !text.trimmed().isEmpty())
                enqueue({LineKind::Player,
                         tr("%1: %2").arg(QString::fromStdString(p->displayName), text),
                         p->seat});
        }
    }
}

void CrierVoice::enqueue(Line line)
{
    if (!m_settings.enabled || line.text.trimmed().isEmpty()
        || (line.kind == LineKind::Player && !m_settings.players))
        return;
    m_pending.push_back(std::move(line));
    // A fast match outruns any voice: drop what matters least, oldest first —
    // the players' lines, then old narration.
    while (int(m_pending.size()) > m_maxPending) {
        auto victim = std::find_if(m_pending.begin(), m_pending.end(), [](const Line &l) {
            return l.kind == LineKind::Player;
        });
        if (victim == m_pending.end())
            victim = m_pending.begin();
        qCDebug(lcUi) << "voice: queue full, dropping"
                      << (victim->kind == LineKind::Player ? "a player's" : "a narrator") << "line";
        m_pending.erase(victim);
    }
    speakNext();
}

void CrierVoice::speakNext()
{
    if (m_speaking || m_pending.empty() || !m_settings.enabled)
        return;
    Line line = std::move(m_pending.front());
    m_pending.pop_front();
    m_speaking = true;
    m_watchdog.start(watchdogMs(line.text));
    Q_EMIT lineStarted(line);
    m_speaker->say(line.text,
                   line.kind == LineKind::Narrator ? narratorStyle() : seatStyle(line.seat));
}

QString CrierVoice::testLine()
{
    return tr("Hear ye, hear ye! This is the Town Crier of Town Hall.");
}

void CrierVoice::sayTest(int volume)
{
    // Whatever is being said gives way; what waits comes after. Not
    // speaking before stop(): an engine may report Ready from inside it.
    m_watchdog.stop();
    if (std::exchange(m_speaking, false))
        m_speaker->stop();
    m_speaking = true;
    m_testing = true;
    m_speaker->setVolume(std::clamp(volume, 0, 100) / 100.0);
    const Line line{LineKind::Narrator, testLine(), 0};
    m_watchdog.start(watchdogMs(line.text));
    Q_EMIT lineStarted(line);
    m_speaker->say(line.text, narratorStyle());
}

void CrierVoice::onSpeakerState(Speaker::State state)
{
    if (state == Speaker::State::Speaking || !m_speaking)
        return;
    if (std::exchange(m_testing, false))
        m_speaker->setVolume(m_settings.volume / 100.0);
    if (state == Speaker::State::Error)
        qCDebug(lcUi) << "voice: the speech engine failed a line:" << m_speaker->problem();
    m_watchdog.stop();
    m_speaking = false;
    speakNext();
}

void CrierVoice::clear()
{
    m_pending.clear();
    m_watchdog.stop();
    if (m_speaking) {
        m_speaking = false;
        m_speaker->stop();
    }
    if (std::exchange(m_testing, false))
        m_speaker->setVolume(m_settings.volume / 100.0);
}

} // namespace townhall::ui
