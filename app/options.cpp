// SPDX-License-Identifier: MIT
#include "app/options.h"

#include "app/terminal.h"
#include "base/jsonlimits.h"

#include "engine/simulator.h"
#include "host/seating.h"
#include "host/store/store.h"

#include <QCommandLineParser>
#include <QFile>
#include <QSocketNotifier>

#include <algorithm>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace townhall::app {

namespace {

/// The help of the options whose wording depends on the mode.
struct ModeHelp
{
    QString port;
    QString portDefault; ///< empty: none (the desktop app takes its setting)
    QString db;
    QString speed;
    QString bots;
    QString demo;
};

ModeHelp helpFor(HostMode mode)
{
    if (mode == HostMode::Desktop)
        return {
            QStringLiteral("MCP port on 127.0.0.1 (default: the setting, 8787); another free port "
                           "is taken if it is busy."),
            QString(),
            QStringLiteral("Database file (default: townhall.sqlite in the data directory, %1; "
                           "\":memory:\" keeps nothing).")
                .arg(host::Store::defaultPath()),
            QStringLiteral("Timer speed factor (2 halves every timer; --demo: 10)."),
            QStringLiteral(
                "Keep N built-in bots waiting in the queue, refilled as matches take them; "
                "with N at least the seat count, bot matches also play back to back."),
            QStringLiteral("Start a match of built-in bots at once.")};
    return {QStringLiteral("MCP port on 127.0.0.1 (0: any free port)."),
            QStringLiteral("8787"),
            QStringLiteral("Database file (default: %1; \":memory:\" keeps nothing).")
                .arg(host::Store::defaultPath()),
            QStringLiteral("Timer speed factor (2 halves every timer)."),
            QStringLiteral(
                "Keep N built-in bots waiting in the queue (at most one fewer than the table's "
                "seats): each time a match takes some, fresh ones join. With N at least the seat "
                "count, bots also play matches of their own back to back (N ÷ seats at a time)."),
            QStringLiteral(
                "Play one match of built-in bots, print it narrated, and exit with the result.")};
}

/// The speed factor of --demo without --speed: the desktop app's demo is
/// watched, the headless one is read as it scrolls by.
double demoSpeed(HostMode mode)
{
    return mode == HostMode::Desktop ? 10.0 : 20.0;
}

int g_signalPipe[2] = {-1, -1};

extern "C" void onTerminationSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(g_signalPipe[0], &c, 1);
}

} // namespace

QCommandLineOption databaseOption()
{
    return {QStringLiteral("db"), helpFor(HostMode::Headless).db, QStringLiteral("PATH")};
}

void addHostOptions(QCommandLineParser &p,
                    HostMode mode,
                    const QList<QCommandLineOption> &afterBots)
{
    const ModeHelp help = helpFor(mode);
    p.addOption({QStringLiteral("port"), help.port, QStringLiteral("P"), help.portDefault});
    p.addOption({QStringLiteral("db"), help.db, QStringLiteral("PATH")});
    p.addOption({QStringLiteral("speed"), help.speed, QStringLiteral("X")});
    p.addOption({QStringLiteral("bots"), help.bots, QStringLiteral("N"), QStringLiteral("0")});
    p.addOptions(afterBots);
    p.addOption({QStringLiteral("demo"), help.demo});
    p.addOption(
        {QStringLiteral("no-guests"), QStringLiteral("Refuse agents without a bearer token.")});
    p.addOption(
        {QStringLiteral("durable"), QStringLiteral("Survive power loss too (synchronous=FULL).")});
    p.addOption({QStringLiteral("no-rate-limits"),
                 QStringLiteral("Switch off the per-agent rate limits (benchmarks).")});
    p.addOption({QStringLiteral("seed"),
                 QStringLiteral("Lobby seed (default: random)."),
                 QStringLiteral("S")});
    p.addOption({QStringLiteral("timers"),
                 QStringLiteral("Phase timers of new matches: \"standard\" (the contract's), "
                                "\"models\" (longer turns for seats played by language models) "
                                "or \"people\" (longer turns, votes and nights for people)."),
                 QStringLiteral("PRESET")});
    p.addOption(
        {QStringLiteral("rules"),
         QStringLiteral(
             "Rule set of the default queue: a preset (see `townhall rules`) or a JSON file "
             "(default: classic)."),
         QStringLiteral("NAME|FILE")});
    p.addOption(
        {QStringLiteral("spectate-listen"),
         QStringLiteral("Also offer the spectator feed (read-only, public view only; never MCP) on "
                        "ADDR:PORT, for a viewer on another machine. Off by default."),
         QStringLiteral("ADDR:PORT")});
}

QCommandLineOption seatsOption()
{
    return {QStringLiteral("seats"),
            QStringLiteral(
                "Seats file (JSON): model seats and named bots, queued in order before anyone "
                "else; MCP agents fill the rest."),
            QStringLiteral("FILE")};
}

QCommandLineOption ollamaOption()
{
    return {
        QStringLiteral("ollama"),
        QStringLiteral(
            "Seat eight language models served by Ollama (comma-separated model names, used in "
            "turn, e.g. qwen3:8b), at $OLLAMA_HOST or http://127.0.0.1:11434. Instead of --seats."),
        QStringLiteral("MODELS")};
}

std::optional<host::providers::SeatsFile>
ollamaSeats(const QString &models, const QString &ollamaHost, int seats)
{
    QStringList names;
    for (const QString &m : models.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!m.trimmed().isEmpty())
            names << m.trimmed();
    if (names.isEmpty())
        return std::nullopt;
    // OLLAMA_HOST is "0.0.0.0:11434" as often as a URL: Ollama reads both.
    QString base = ollamaHost.trimmed();
    if (base.isEmpty())
        base = QStringLiteral("http://127.0.0.1:11434");
    if (!base.contains(QLatin1String("://")))
        base.prepend(QStringLiteral("http://"));
    // A server listening on every address is reached on this machine's loopback.
    base.replace(QLatin1String("://0.0.0.0"), QLatin1String("://127.0.0.1"));
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    if (!base.endsWith(QLatin1String("/v1")))
        base += QStringLiteral("/v1");

    host::providers::SeatsFile file;
    host::providers::ProviderProfile profile;
    profile.name = QStringLiteral("ollama");
    profile.kind = host::providers::ProviderKind::OpenAiCompatible;
    profile.baseUrl = base;
    profile.model = names.front();
    file.providers.emplace(profile.name, profile);
    const auto &botNames = engine::botNames();
    for (int i = 0; i < seats; ++i) {
        host::providers::SeatSpec seat;
        seat.name = QString::fromStdString(botNames[std::size_t(i) % botNames.size()]);
        seat.provider = profile.name;
        const QString &model = names[i % names.size()];
        if (model != profile.model)
            seat.model = model;
        file.seats.push_back(std::move(seat));
    }
    return file;
}

bool SeatsOption::hasModels() const
{
    // Push agents answer within their deadline (8 s by default): only seats
    // a language model plays bring the long model-play turns.
    return file
           && std::any_of(
               file->seats.begin(), file->seats.end(), [](const host::providers::SeatSpec &s) {
                   return !s.bot && !s.push && !s.human;
               });
}

bool SeatsOption::hasPeople() const
{
    return file
           && std::any_of(file->seats.begin(),
                          file->seats.end(),
                          [](const host::providers::SeatSpec &s) { return s.human.has_value(); });
}

SeatsOption readSeatsOption(const QCommandLineParser &p, QString *error)
{
    SeatsOption out;
    // optionNames() holds the options given, so a parser without --ollama is not asked about it.
    const bool ollama = p.optionNames().contains(QStringLiteral("ollama"));
    if (ollama) {
        if (p.isSet(QStringLiteral("seats"))) {
            out.ok = false;
            if (error)
                *error
                    = QStringLiteral("--ollama and --seats both name the seats; use one of them");
            return out;
        }
        // As many seats as the table of --rules (a bad --rules is reported where it is read).
        int seats = engine::SeatCount;
        if (p.optionNames().contains(QStringLiteral("rules")) && p.isSet(QStringLiteral("rules")))
            if (const auto rules = readRuleSet(p.value(QStringLiteral("rules")), nullptr))
                seats = rules->seatCount();
        out.file = ollamaSeats(
            p.value(QStringLiteral("ollama")), qEnvironmentVariable("OLLAMA_HOST"), seats);
        if (!out.file) {
            out.ok = false;
            if (error)
                *error = QStringLiteral(
                    "--ollama needs at least one model name (e.g. --ollama qwen3:8b)");
        }
        return out;
    }
    if (!p.isSet(QStringLiteral("seats")))
        return out;
    const QString path = p.value(QStringLiteral("seats"));
    host::providers::SeatsFileParse parsed = host::providers::readSeatsFile(path);
    if (!parsed.ok()) {
        out.ok = false;
        if (error)
            *error = parsed.errors.join(QStringLiteral("\ntownhall: ")); // each names the file
        return out;
    }
    out.file = std::move(parsed.file);
    for (const QString &w : parsed.warnings)
        out.warnings << path + QStringLiteral(": ") + w;
    return out;
}

std::optional<engine::RuleSet> readRuleSet(const QString &nameOrFile, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<engine::RuleSet> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (auto preset = engine::rulePreset(nameOrFile.toStdString()))
        return preset;
    QFile file(nameOrFile);
    if (!file.exists()) {
        QStringList names;
        for (const engine::RuleSet &r : engine::rulePresets())
            names << QString::fromStdString(r.name);
        return fail(QStringLiteral(
                        "unknown rule set '%1': name a preset (%2, or 6p, 9p, 12p) or a JSON file")
                        .arg(nameOrFile, names.join(QStringLiteral(", "))));
    }
    QString why;
    const auto read = readBounded(nameOrFile, 1024 * 1024, &why);
    if (!read)
        return fail(why);
    const QByteArray &bytes = *read;
    if (!base::jsonDepthWithin(std::string_view(bytes.constData(), std::size_t(bytes.size()))))
        return fail(QStringLiteral("%1: nested deeper than %2 levels")
                        .arg(nameOrFile)
                        .arg(base::MaxJsonDepth));
    const engine::json j = engine::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (j.is_discarded())
        return fail(QStringLiteral("%1: not valid JSON").arg(nameOrFile));
    auto rules = engine::RuleSet::fromJson(j);
    if (!rules)
        return fail(QStringLiteral("%1: %2").arg(nameOrFile,
                                                 QString::fromStdString(rules.error().message)));
    return *rules;
}

std::optional<HostCommandLine>
readHostOptions(const QCommandLineParser &p, HostMode mode, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    HostCommandLine c;
    c.demo = p.isSet(QStringLiteral("demo"));

    bool botsOk = false;
    c.bots = p.value(QStringLiteral("bots")).toInt(&botsOk);
    if (mode == HostMode::Desktop)
        c.bots = std::max(0, c.bots); // what is not a count has always meant none here
    else if (!botsOk || c.bots < 0)
        return fail(QStringLiteral("--bots must be a number of bots (0 or more)"));

    c.dbGiven = p.isSet(QStringLiteral("db"));
    c.host.dbPath = p.value(QStringLiteral("db"));
    c.host.durable = p.isSet(QStringLiteral("durable"));
    c.host.speed = p.isSet(QStringLiteral("speed")) ? p.value(QStringLiteral("speed")).toDouble()
                                                    : (c.demo ? demoSpeed(mode) : 1.0);
    c.host.guests = !p.isSet(QStringLiteral("no-guests"));
    c.host.rateLimits = !p.isSet(QStringLiteral("no-rate-limits"));
    if (p.isSet(QStringLiteral("seed")))
        c.host.seed = p.value(QStringLiteral("seed")).toULongLong();
    if (c.host.speed <= 0)
        return fail(QStringLiteral("--speed must be positive"));
    if (p.isSet(QStringLiteral("timers"))) {
        const QString preset = p.value(QStringLiteral("timers"));
        if (preset == QLatin1String("standard"))
            c.timers = engine::Timers{};
        else if (preset == QLatin1String("models"))
            c.timers = engine::modelPlayTimers();
        else if (preset == QLatin1String("people"))
            c.timers = host::timersOf(host::TimerPreset::People);
        else
            return fail(QStringLiteral("--timers must be standard, models or people"));
    }

    if (p.isSet(QStringLiteral("rules"))) {
        QString why;
        auto rules = readRuleSet(p.value(QStringLiteral("rules")), &why);
        if (!rules)
            return fail(QStringLiteral("--rules: ") + why);
        c.host.rules = std::move(*rules);
    }

    if (p.isSet(QStringLiteral("spectate-listen"))) {
        c.spectateListen = listenAddress(p.value(QStringLiteral("spectate-listen")));
        if (!c.spectateListen)
            return fail(
                QStringLiteral("--spectate-listen must be ADDR:PORT with an IP address, such as "
                               "192.168.1.20:8788"));
    }

    // The headless host's --port has a default value, so it always has a port.
    if (mode == HostMode::Headless || p.isSet(QStringLiteral("port"))) {
        bool portOk = true;
        c.port = quint16(p.value(QStringLiteral("port")).toUInt(&portOk));
        if (!portOk && mode == HostMode::Desktop)
            return fail(QStringLiteral("--port must be a port number"));
    }
    return c;
}

std::optional<std::pair<QHostAddress, quint16>> listenAddress(const QString &value)
{
    const qsizetype colon = value.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint port = colon > 0 ? value.mid(colon + 1).toUInt(&portOk) : 0;
    QString address = colon > 0 ? value.left(colon) : QString();
    if (address.startsWith(QLatin1Char('[')) && address.endsWith(QLatin1Char(']')))
        address = address.mid(1, address.size() - 2);
    const QHostAddress host(address);
    if (!portOk || port > 65535 || host.isNull())
        return std::nullopt;
    return std::pair(host, quint16(port));
}

void stopOnTerminationSignals(QObject *context, std::function<void()> stop)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(g_signalPipe[1], QSocketNotifier::Read, context);
    QObject::connect(
        notifier, &QSocketNotifier::activated, context, [notifier, stop = std::move(stop)] {
            char c = 0;
            [[maybe_unused]] const auto n = ::read(g_signalPipe[1], &c, 1);
            notifier->setEnabled(false);
            stop();
        });
    struct sigaction sa = {};
    sa.sa_handler = onTerminationSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}

} // namespace townhall::app
