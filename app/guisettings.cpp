// SPDX-License-Identifier: MIT
#include "app/guisettings.h"

#include "host/store/store.h"

#include <QDir>
#include <QSettings>

namespace townhall::app {

using host::Store;

namespace {

struct TimerKey
{
    const char *key;
    std::int64_t engine::Timers::*field;
};

constexpr TimerKey kTimers[] = {
    {"timers/lobbyMs", &engine::Timers::lobby},
    {"timers/nightMs", &engine::Timers::night},
    {"timers/dayAnnounceMs", &engine::Timers::dayAnnounce},
    {"timers/openingTurnMs", &engine::Timers::openingTurn},
    {"timers/dayDiscussionMs", &engine::Timers::dayDiscussion},
    {"timers/dayVoteMs", &engine::Timers::dayVote},
    {"timers/dayResolutionMs", &engine::Timers::dayResolution},
};

} // namespace

ui::HostSettings loadGuiSettings(const QSettings &s)
{
    ui::HostSettings v;
    bool ok = false;
    const int port = s.value(QStringLiteral("host/port"), v.port).toInt(&ok);
    if (ok && port >= 1024 && port <= 65535)
        v.port = port;
    v.guestsAllowed = s.value(QStringLiteral("host/guestsAllowed"), v.guestsAllowed).toBool();
    v.dataDirectory = s.value(QStringLiteral("host/dataDirectory"), v.dataDirectory).toString();
    for (const TimerKey &t : kTimers) {
        const qlonglong ms
            = s.value(QLatin1String(t.key), qlonglong(v.timers.*t.field)).toLongLong(&ok);
        if (ok && ms >= 1000 && ms <= 3'600'000)
            v.timers.*t.field = ms;
    }
    v.themeFollowsSystem
        = s.value(QStringLiteral("ui/themeFollowsSystem"), v.themeFollowsSystem).toBool();
    v.darkTheme = s.value(QStringLiteral("ui/darkTheme"), v.darkTheme).toBool();
    v.language = s.value(QStringLiteral("ui/language"), v.language).toString();
    return v;
}

void saveGuiSettings(QSettings &s, const ui::HostSettings &v)
{
    s.setValue(QStringLiteral("host/port"), v.port);
    s.setValue(QStringLiteral("host/guestsAllowed"), v.guestsAllowed);
    s.setValue(QStringLiteral("host/dataDirectory"), v.dataDirectory);
    for (const TimerKey &t : kTimers)
        s.setValue(QLatin1String(t.key), qlonglong(v.timers.*t.field));
    s.setValue(QStringLiteral("ui/themeFollowsSystem"), v.themeFollowsSystem);
    s.setValue(QStringLiteral("ui/darkTheme"), v.darkTheme);
    s.setValue(QStringLiteral("ui/language"), v.language);
    s.sync();
}

ui::VoiceSettings loadVoiceSettings(const QSettings &s)
{
    ui::VoiceSettings v;
    v.enabled = s.value(QStringLiteral("voice/enabled"), v.enabled).toBool();
    v.players = s.value(QStringLiteral("voice/players"), v.players).toBool();
    bool ok = false;
    const int volume = s.value(QStringLiteral("voice/volume"), v.volume).toInt(&ok);
    // A hand-edited value out of range keeps the default rather than a silent or clipped voice.
    if (ok && volume >= 0 && volume <= 100)
        v.volume = volume;
    return v;
}

void saveVoiceSettings(QSettings &s, const ui::VoiceSettings &v)
{
    s.setValue(QStringLiteral("voice/enabled"), v.enabled);
    s.setValue(QStringLiteral("voice/players"), v.players);
    s.setValue(QStringLiteral("voice/volume"), v.volume);
    s.sync();
}

QString databasePathFor(const ui::HostSettings &v)
{
    if (v.dataDirectory.trimmed().isEmpty())
        return Store::defaultPath();
    return QDir(v.dataDirectory.trimmed()).filePath(QStringLiteral("townhall.sqlite"));
}

} // namespace townhall::app
