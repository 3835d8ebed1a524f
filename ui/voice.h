// SPDX-License-Identifier: MIT
#pragma once

/// \file voice.h
/// The Town Crier's voice: speaks the public narration of one match (and, if
/// asked, the players' public speech, a voice per seat) through a speech
/// engine, one line after another.
///
/// Only events with the Public audience are ever spoken, whatever the window's
/// omniscient toggle shows: never a Host narrator line, wolf chat, a night
/// choice or a role card. The text is the narrator ticker's (TemplateText), in
/// the UI's language.

#include <QList>
#include <QLocale>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <deque>

class QTextToSpeech;

namespace townhall::ui {

class ReplicaSet;

/// What the user chose (Settings → Voice); kept with the UI's settings.
struct VoiceSettings
{
    bool enabled = false; ///< off by default: the app makes no sound unless asked
    bool players = false; ///< also speak the players' public lines
    int volume = 80;      ///< 0–100
    bool operator==(const VoiceSettings &) const = default;
};

/// How one line is spoken: which of the engine's voices, and how.
struct SpeechStyle
{
    int voice = -1;     ///< index into Speaker::voices(); -1: the engine's default
    double pitch = 0.0; ///< -1.0 … 1.0
    double rate = 0.0;  ///< -1.0 … 1.0
    bool operator==(const SpeechStyle &) const = default;
};

/// The speaking back end: QTextToSpeech in the product, a recorder in tests.
class Speaker : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Speaker)

public:
    enum class State { Ready, Speaking, Error };
    Q_ENUM(State)

    struct Voice
    {
        QString name;
        QLocale locale;
    };

    using QObject::QObject;
    ~Speaker() override = default;

    /// The engine's name ("flite"), empty when none could be loaded.
    virtual QString engineName() const = 0;
    /// Why nothing can be spoken (no engine), or why the last line failed;
    /// empty when fine.
    virtual QString problem() const = 0;
    virtual QList<Voice> voices() const = 0;
    virtual void say(const QString &text, const SpeechStyle &style) = 0;
    virtual void stop() = 0;
    /// 0.0 … 1.0.
    virtual void setVolume(double volume) = 0;
    /// Whether the computer has anywhere to play sound (a sound card or a
    /// sound server); without one the engine speaks into nothing.
    virtual bool hasAudioOutput() const { return true; }

Q_SIGNALS:
    /// Speaking a line ended (Ready) or failed (Error).
    void stateChanged(townhall::ui::Speaker::State state);
};

/// Speaker over QTextToSpeech: the first engine that loads (flite on Debian).
class TextToSpeechSpeaker final : public Speaker
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextToSpeechSpeaker)

public:
    /// `engine` empty: the platform's default engine.
    explicit TextToSpeechSpeaker(const QString &engine = {}, QObject *parent = nullptr);
    ~TextToSpeechSpeaker() override;

    QString engineName() const override;
    QString problem() const override;
    QList<Voice> voices() const override;
    void say(const QString &text, const SpeechStyle &style) override;
    void stop() override;
    void setVolume(double volume) override;
    bool hasAudioOutput() const override;

private:
    QTextToSpeech *m_tts = nullptr;
    QString m_engine;
    QString m_problem;   ///< the engine cannot be used at all
    QString m_lastError; ///< the last line failed (cleared when one succeeds)
    QList<Voice> m_voices;
};

class CrierVoice final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrierVoice)

public:
    /// Lines waiting beyond this are dropped: players' lines first, oldest first.
    static constexpr int DefaultMaxPending = 6;

    enum class LineKind { Narrator, Player };
    struct Line
    {
        LineKind kind = LineKind::Narrator;
        QString text;
        int seat = 0; ///< the speaker's seat for a player's line
    };

    /// Takes `speaker` (its parent becomes this object); null: a TextToSpeechSpeaker.
    explicit CrierVoice(Speaker *speaker = nullptr, QObject *parent = nullptr);
    ~CrierVoice() override;

    /// Follows `matchId` of `replicas` from its current end on; null or an
    /// empty id stops following (and silences what was queued).
    void setSource(ReplicaSet *replicas, const QString &matchId);
    QString matchId() const { return m_matchId; }

    void setSettings(const VoiceSettings &settings);
    VoiceSettings settings() const { return m_settings; }
    void setMaxPending(int lines) { m_maxPending = qMax(1, lines); }

    /// The engine and voice in use, or why there is none ("no voice for this
    /// language"), in the UI's language, for the settings dialog.
    QString status() const;
    /// True when the engine has a voice for the UI's language.
    bool hasVoiceForLanguage() const { return m_languageVoice; }

    /// The style of the narrator and of each seat (1–8): deterministic, and
    /// distinct from each other and from the narrator's.
    SpeechStyle narratorStyle() const;
    SpeechStyle seatStyle(int seat) const;

    /// Queues a line as the source does: spoken when the lines before it are
    /// done; past the limit the least important waiting line is dropped.
    /// Nothing is queued while the voice is off.
    void enqueue(Line line);

    /// Settings → Voice → Test: says a sample line now at `volume` (0–100),
    /// on or off, before anything waiting; later lines keep the settings'
    /// volume.
    void sayTest(int volume);
    /// The sample line sayTest() speaks.
    static QString testLine();

    /// Lines waiting (not the one being spoken).
    const std::deque<Line> &pending() const { return m_pending; }
    bool isSpeaking() const { return m_speaking; }
    Speaker *speaker() const { return m_speaker; }

Q_SIGNALS:
    /// A line was handed to the speaker (tests and the status line listen).
    void lineStarted(const townhall::ui::CrierVoice::Line &line);
    void settingsChanged(const townhall::ui::VoiceSettings &settings);

private:
    void chooseVoices();
    void onAdvanced(const QString &matchId, qsizetype firstNew);
    void speakNext();
    void onSpeakerState(Speaker::State state);
    void clear();

    Speaker *m_speaker;
    QPointer<ReplicaSet> m_replicas;
    QString m_matchId;
    QMetaObject::Connection m_follow;
    VoiceSettings m_settings;
    std::deque<Line> m_pending;
    bool m_speaking = false;
    bool m_testing = false; ///< the line being spoken is sayTest()'s
    int m_maxPending = DefaultMaxPending;
    QList<int> m_voicePool; ///< voices to choose from, those of the UI's language first
    bool m_languageVoice = false;
    QTimer m_watchdog; ///< moves on if an engine never reports the end of a line
};

} // namespace townhall::ui
