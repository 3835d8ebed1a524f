// SPDX-License-Identifier: MIT
// The Town Crier's voice (ui/voice.h) with a recording speaker: lines wait for
// each other and keep their order, a long queue drops players' lines first,
// only public lines of a followed match are ever spoken (checked over
// hundreds of simulated matches), every seat has its own stable style, and
// the on/off and volume settings apply. One test speaks through the real
// QTextToSpeech when an engine loads here.

#include "app/guisettings.h"
#include "ui/replicaset.h"
#include "ui/settingsdialog.h"
#include "ui/templatetext.h"
#include "ui/voice.h"

#include "engine/simulator.h"

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>

#include <set>

using namespace townhall;
using namespace townhall::ui;
using Line = CrierVoice::Line;
using Kind = CrierVoice::LineKind;

namespace {

/// Records what it is asked to say; a line ends when the test says so, or at
/// once in `autoFinish` mode. Counts a say() that comes while still speaking.
class RecordingSpeaker final : public Speaker
{
public:
    struct Said
    {
        QString text;
        SpeechStyle style;
    };

    explicit RecordingSpeaker(QList<Voice> voices
                              = {{QStringLiteral("kal"), QLocale(QLocale::English)}})
        : m_voices(std::move(voices))
    {}

    QString engineName() const override { return QStringLiteral("recorder"); }
    QString problem() const override { return {}; }
    QList<Voice> voices() const override { return m_voices; }
    void say(const QString &text, const SpeechStyle &style) override
    {
        overlaps += speaking;
        speaking = true;
        said.push_back({text, style});
        if (autoFinish)
            finish();
    }
    void stop() override
    {
        ++stops;
        speaking = false;
    }
    void setVolume(double v) override { volume = v; }
    bool hasAudioOutput() const override { return audio; }

    void finish(State how = State::Ready)
    {
        speaking = false;
        Q_EMIT stateChanged(how);
    }

    std::vector<Said> said;
    bool speaking = false;
    bool autoFinish = false;
    int overlaps = 0;
    int stops = 0;
    double volume = -1;
    bool audio = true;

private:
    QList<Voice> m_voices;
};

VoiceSettings on(bool players = false, int volume = 80)
{
    return {true, players, volume};
}

Line narrator(const QString &t)
{
    return {Kind::Narrator, t, 0};
}
Line player(const QString &t, int seat)
{
    return {Kind::Player, t, seat};
}

QStringList texts(const std::vector<RecordingSpeaker::Said> &said)
{
    QStringList out;
    for (const auto &s : said)
        out << s.text;
    return out;
}

/// Feeds `log` to `replicas` in batches, as the host does.
void feed(ReplicaSet &replicas,
          const QString &matchId,
          const std::vector<engine::Event> &log,
          std::size_t batch)
{
    for (std::size_t i = 0; i < log.size(); i += batch) {
        auto part = std::make_shared<std::vector<engine::Event>>(
            log.begin() + std::ptrdiff_t(i),
            log.begin() + std::ptrdiff_t(std::min(log.size(), i + batch)));
        replicas.ingest(matchId, part);
    }
}

} // namespace

class TstVoice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void linesWaitAndKeepOrder();
    void overflowDropsPlayersFirst();
    void publicLinesOnly();
    void followsOneMatchFromItsEnd();
    void seatStylesDistinctAndStable();
    void voiceForTheLanguage();
    void offAndVolume();
    void settingsDialogAndStorage();
    void realEngine();
    void noAudioOutputAndTest();
};

void TstVoice::linesWaitAndKeepOrder()
{
    auto *rec = new RecordingSpeaker;
    CrierVoice voice(rec);
    voice.setSettings(on(true));
    voice.enqueue(narrator(QStringLiteral("one")));
    voice.enqueue(player(QStringLiteral("two"), 3));
    voice.enqueue(narrator(QStringLiteral("three")));
    // Only the first is spoken while it lasts; the rest wait.
    QCOMPARE(texts(rec->said), QStringList{QStringLiteral("one")});
    QCOMPARE(int(voice.pending().size()), 2);
    rec->finish();
    QCOMPARE(texts(rec->said), (QStringList{QStringLiteral("one"), QStringLiteral("two")}));
    QCOMPARE(rec->said.back().style, voice.seatStyle(3));
    rec->finish();
    rec->finish();
    QCOMPARE(texts(rec->said),
             (QStringList{QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")}));
    QCOMPARE(rec->said.back().style, voice.narratorStyle());
    QVERIFY(!voice.isSpeaking());
    QCOMPARE(rec->overlaps, 0);
    // An engine error ends a line too: the queue goes on.
    voice.enqueue(narrator(QStringLiteral("four")));
    voice.enqueue(narrator(QStringLiteral("five")));
    rec->finish(Speaker::State::Error);
    QCOMPARE(rec->said.back().text, QStringLiteral("five"));
    QCOMPARE(rec->overlaps, 0);
}

void TstVoice::overflowDropsPlayersFirst()
{
    auto *rec = new RecordingSpeaker;
    CrierVoice voice(rec);
    voice.setSettings(on(true));
    QCOMPARE(CrierVoice::DefaultMaxPending, 6);
    voice.enqueue(narrator(QStringLiteral("N0"))); // being spoken, never dropped
    for (int i = 1; i <= 3; ++i) {
        voice.enqueue(narrator(QStringLiteral("N%1").arg(i)));
        voice.enqueue(player(QStringLiteral("P%1").arg(i), i));
    }
    QCOMPARE(int(voice.pending().size()), 6);
    voice.enqueue(narrator(QStringLiteral("N4")));  // drops P1
    voice.enqueue(player(QStringLiteral("P4"), 4)); // drops P2
    voice.enqueue(narrator(QStringLiteral("N5")));  // drops P3
    voice.enqueue(narrator(QStringLiteral("N6")));  // drops P4
    voice.enqueue(narrator(QStringLiteral("N7")));  // no player's line left: drops N1
    QCOMPARE(int(voice.pending().size()), 6);
    while (voice.isSpeaking())
        rec->finish();
    QCOMPARE(texts(rec->said).join(QLatin1Char(' ')), QStringLiteral("N0 N2 N3 N4 N5 N6 N7"));
    QCOMPARE(rec->overlaps, 0);
}

void TstVoice::publicLinesOnly()
{
    // Every line of a few hundred bot matches, fed in batches as the host
    // does: exactly the public narration and public speech is spoken, in log
    // order, never wolf chat, a Host narrator line or anything else.
    engine::MatchConfig config;
    config.rateLimits = false;
    std::size_t spokenTotal = 0;
    std::size_t hostLines = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const engine::SimulatedMatch sim = engine::simulateMatch(seed, config);
        const std::vector<engine::Event> &log = sim.match->log();
        ReplicaSet replicas;
        auto *rec = new RecordingSpeaker;
        rec->autoFinish = true;
        CrierVoice voice(rec);
        voice.setMaxPending(1'000'000); // keep everything: this test is about what, not how much
        voice.setSettings(on(true));
        const QString id = QString::fromStdString(log.front().matchId);
        voice.setSource(&replicas, id);
        feed(replicas, id, log, 1 + seed % 40);

        QStringList expected;
        std::set<QString> secret;
        for (const engine::Event &e : log) {
            const bool isPublic = e.audience == engine::Audience::Public;
            if (e.type == engine::EventType::Narrator) {
                if (isPublic) {
                    expected << TemplateText::narrator(e.payload);
                } else {
                    secret.insert(TemplateText::narrator(e.payload));
                    ++hostLines;
                }
            } else if (e.type == engine::EventType::PublicMessage && isPublic) {
                const engine::Player *p
                    = sim.match->player(e.payload.at("playerId").get<std::string>());
                expected << QStringLiteral("%1: %2").arg(
                    QString::fromStdString(p->displayName),
                    QString::fromStdString(e.payload.at("text").get<std::string>()));
            } else if (e.type == engine::EventType::WolfChatMessage) {
                secret.insert(QString::fromStdString(e.payload.at("text").get<std::string>()));
            }
        }
        const QStringList spoken = texts(rec->said);
        QCOMPARE(spoken, expected);
        for (const QString &s : spoken)
            for (const QString &hidden : secret)
                if (!expected.contains(hidden) && hidden.size() > 8)
                    QVERIFY2(!s.contains(hidden), qPrintable(s));
        QCOMPARE(rec->overlaps, 0);
        spokenTotal += std::size_t(spoken.size());
    }
    // The matches had hidden narration to leave out, and public lines to speak.
    QVERIFY(hostLines > 200);
    QVERIFY(spokenTotal > 200 * 20);
}

void TstVoice::followsOneMatchFromItsEnd()
{
    engine::MatchConfig config;
    config.rateLimits = false;
    const auto a = engine::simulateMatch(3, config);
    const auto b = engine::simulateMatch(4, config);
    auto logB = b.match->log();
    // The same kind of match under another id, as a second table of the host.
    for (engine::Event &e : logB) {
        e.matchId = "match-b";
        e.eventId = engine::makeEventId(e.matchId, e.seq);
        if (e.payload.contains("matchId"))
            e.payload["matchId"] = e.matchId;
    }
    ReplicaSet replicas;
    auto *rec = new RecordingSpeaker;
    rec->autoFinish = true;
    CrierVoice voice(rec);
    voice.setMaxPending(1'000'000);
    voice.setSettings(on());
    const QString idA = QString::fromStdString(a.match->matchId());
    const auto &logA = a.match->log();
    // Half of A has happened before the voice follows it: that half is not spoken.
    const std::vector<engine::Event> firstHalf(logA.begin(),
                                               logA.begin() + std::ptrdiff_t(logA.size() / 2));
    const std::vector<engine::Event> secondHalf(logA.begin() + std::ptrdiff_t(logA.size() / 2),
                                                logA.end());
    feed(replicas, idA, firstHalf, 50);
    voice.setSource(&replicas, idA);
    feed(replicas, QStringLiteral("match-b"), logB, 50); // another match: silent
    QVERIFY(replicas.match(QStringLiteral("match-b")));
    QVERIFY(rec->said.empty());
    feed(replicas, idA, secondHalf, 50);
    std::size_t narrated = 0;
    for (const engine::Event &e : secondHalf)
        narrated += e.type == engine::EventType::Narrator && e.audience == engine::Audience::Public;
    QCOMPARE(rec->said.size(), narrated);
    // No source: nothing more, and what was speaking stops.
    rec->autoFinish = false;
    voice.enqueue(narrator(QStringLiteral("still speaking")));
    voice.setSource(nullptr, QString());
    QVERIFY(!voice.isSpeaking());
    QVERIFY(rec->stops > 0);
}

void TstVoice::seatStylesDistinctAndStable()
{
    const QList<QList<Speaker::Voice>> engines{
        {{QStringLiteral("kal"), QLocale(QLocale::English)}},
        {{QStringLiteral("kal"), QLocale(QLocale::English)},
         {QStringLiteral("slt"), QLocale(QLocale::English)},
         {QStringLiteral("awb"), QLocale(QLocale::English)}},
        {},
    };
    for (const auto &voices : engines) {
        CrierVoice one(new RecordingSpeaker(voices));
        CrierVoice two(new RecordingSpeaker(voices));
        QList<SpeechStyle> seen{one.narratorStyle()};
        for (int seat = 1; seat <= 8; ++seat) {
            const SpeechStyle s = one.seatStyle(seat);
            QVERIFY2(!seen.contains(s), qPrintable(QStringLiteral("seat %1").arg(seat)));
            seen << s;
            QCOMPARE(s, two.seatStyle(seat)); // the same seat sounds the same in every match
            QCOMPARE(s, one.seatStyle(seat));
            QVERIFY(s.pitch >= -1.0 && s.pitch <= 1.0 && s.rate >= -1.0 && s.rate <= 1.0);
            QVERIFY(s.voice < int(voices.size()));
        }
        if (voices.size() > 1) {
            // With several voices, the seats use more than one of them.
            std::set<int> used;
            for (int seat = 1; seat <= 8; ++seat)
                used.insert(one.seatStyle(seat).voice);
            QCOMPARE(int(used.size()), int(voices.size()));
        }
    }
}

void TstVoice::voiceForTheLanguage()
{
    const QList<Speaker::Voice> voices{
        {QStringLiteral("kal"), QLocale(QLocale::English)},
        {QStringLiteral("xiaoyan"), QLocale(QLocale::Chinese, QLocale::China)}};
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    {
        CrierVoice zh(new RecordingSpeaker(voices));
        QVERIFY(zh.hasVoiceForLanguage());
        QCOMPARE(zh.narratorStyle().voice, 1);
        QVERIFY2(zh.status().contains(QStringLiteral("xiaoyan")), qPrintable(zh.status()));
        CrierVoice englishOnly(new RecordingSpeaker({voices.front()}));
        QVERIFY(!englishOnly.hasVoiceForLanguage());
        QCOMPARE(englishOnly.narratorStyle().voice, 0); // any voice rather than silence
        QVERIFY2(englishOnly.status().contains(QStringLiteral("No voice for this language")),
                 qPrintable(englishOnly.status()));
    }
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    CrierVoice en(new RecordingSpeaker(voices));
    QVERIFY(en.hasVoiceForLanguage());
    QCOMPARE(en.narratorStyle().voice, 0);
    for (int seat = 1; seat <= 8; ++seat)
        QCOMPARE(en.seatStyle(seat).voice, 0); // English lines in the English voice only
}

void TstVoice::offAndVolume()
{
    auto *rec = new RecordingSpeaker;
    CrierVoice voice(rec);
    QVERIFY(!voice.settings().enabled); // silent until asked
    voice.enqueue(narrator(QStringLiteral("unheard")));
    QVERIFY(rec->said.empty());
    QSignalSpy changed(&voice, &CrierVoice::settingsChanged);
    voice.setSettings(on(false, 30));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(rec->volume, 0.3);
    voice.setSettings(on(false, 250)); // clamped
    QCOMPARE(voice.settings().volume, 100);
    QCOMPARE(rec->volume, 1.0);
    // Players' lines are not queued unless asked, and leave when the option goes.
    voice.enqueue(narrator(QStringLiteral("a")));
    voice.enqueue(player(QStringLiteral("b"), 2));
    QVERIFY(voice.isSpeaking());
    QCOMPARE(int(voice.pending().size()), 0);
    voice.setSettings(on(true, 100));
    voice.enqueue(player(QStringLiteral("c"), 2));
    voice.enqueue(narrator(QStringLiteral("d")));
    QCOMPARE(int(voice.pending().size()), 2);
    voice.setSettings(on(false, 100));
    QCOMPARE(int(voice.pending().size()), 1);
    QCOMPARE(voice.pending().front().text, QStringLiteral("d"));
    // Off: the line being spoken stops and the queue empties.
    const int stops = rec->stops;
    voice.setSettings({false, false, 100});
    QVERIFY(!voice.isSpeaking());
    QVERIFY(voice.pending().empty());
    QCOMPARE(rec->stops, stops + 1);
    rec->finish(); // the engine's late Ready starts nothing
    QCOMPARE(texts(rec->said), QStringList{QStringLiteral("a")});
}

void TstVoice::settingsDialogAndStorage()
{
    // The dialog shows and returns the choices, and names the engine's state.
    SettingsDialog dialog;
    const VoiceSettings chosen{true, true, 35};
    dialog.setVoice(chosen, QStringLiteral("No voice for this language"));
    QCOMPARE(dialog.voice(), chosen);
    bool shown = false;
    for (QLabel *l : dialog.findChildren<QLabel *>())
        shown = shown || l->text() == QStringLiteral("No voice for this language");
    QVERIFY(shown);
    // Players' lines and volume follow the main switch.
    dialog.setVoice({false, true, 35}, QString());
    for (QSlider *s : dialog.findChildren<QSlider *>())
        QVERIFY(!s->isEnabled());
    QCOMPARE(dialog.voice(), (VoiceSettings{false, true, 35}));

    // Kept with the UI's settings; a hand-edited volume out of range keeps the default.
    QTemporaryDir dir;
    QSettings file(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    QCOMPARE(app::loadVoiceSettings(file), VoiceSettings{});
    app::saveVoiceSettings(file, chosen);
    QCOMPARE(app::loadVoiceSettings(file), chosen);
    file.setValue(QStringLiteral("voice/volume"), 180);
    QCOMPARE(app::loadVoiceSettings(file).volume, VoiceSettings{}.volume);
}

/// Issue 29 #22: without anywhere to play sound the status says so (not
/// "Speaking with the voice …"), and Settings → Voice → Test says a line at
/// the dialog's volume, before what waits.
void TstVoice::noAudioOutputAndTest()
{
    auto *rec = new RecordingSpeaker;
    rec->audio = false;
    CrierVoice voice(rec);
    QVERIFY2(voice.status().contains(QStringLiteral("No audio output")),
             qPrintable(voice.status()));
    QVERIFY(!voice.status().contains(QStringLiteral("Speaking with")));
    rec->audio = true;
    QVERIFY2(voice.status().contains(QStringLiteral("Speaking with")), qPrintable(voice.status()));

    voice.setSettings(on(false, 80));
    voice.enqueue(narrator(QStringLiteral("Night falls.")));
    voice.enqueue(narrator(QStringLiteral("Dawn.")));
    SettingsDialog dialog;
    dialog.setVoice(on(false, 25), voice.status());
    QObject::connect(&dialog, &SettingsDialog::voiceTestRequested, &voice, &CrierVoice::sayTest);
    QVERIFY(dialog.voiceTestButton()->isEnabled());
    dialog.voiceTestButton()->click();
    QCOMPARE(rec->said.back().text, CrierVoice::testLine());
    QCOMPARE(rec->volume, 0.25);
    QCOMPARE(rec->overlaps, 0);
    rec->finish();
    // Then the settings' volume again, and the line that waited.
    QCOMPARE(rec->volume, 0.8);
    QCOMPARE(rec->said.back().text, QStringLiteral("Dawn."));
    // Off, the test still speaks: it is how one finds out before turning it on.
    voice.setSettings({});
    voice.sayTest(50);
    QCOMPARE(rec->said.back().text, CrierVoice::testLine());
}

void TstVoice::realEngine()
{
    auto *speaker = new TextToSpeechSpeaker;
    CrierVoice voice(speaker);
    if (!speaker->problem().isEmpty())
        QSKIP(qPrintable(QStringLiteral("no speech engine loads here: ") + speaker->problem()));
    if (speaker->voices().isEmpty())
        QSKIP(
            qPrintable(QStringLiteral("the engine %1 offers no voice").arg(speaker->engineName())));
    QVERIFY(!voice.status().isEmpty());
    QSignalSpy states(speaker, &Speaker::stateChanged);
    voice.setSettings(on(false, 10));
    voice.enqueue(narrator(QStringLiteral("Night falls.")));
    QVERIFY(voice.isSpeaking());
    // Generous: a busy machine synthesises slowly; the line is short.
    QTRY_VERIFY_WITH_TIMEOUT(!voice.isSpeaking(), 60'000);
    QVERIFY(!states.isEmpty());
    const auto last = states.last().at(0).value<Speaker::State>();
    if (last == Speaker::State::Error)
        QSKIP(
            qPrintable(QStringLiteral("the engine loaded but could not play: ") + voice.status()));
    QCOMPARE(last, Speaker::State::Ready);
}

QTEST_MAIN(TstVoice)
#include "tst_voice.moc"
