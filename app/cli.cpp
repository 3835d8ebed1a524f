// SPDX-License-Identifier: MIT
#include "app/cli.h"

#include "app/clientconfig.h"
#include "app/options.h"
#include "app/simulate.h"
#include "app/terminal.h"
#include "engine/chapters.h"
#include "host/host.h"
#include "host/hoststack.h"
#include "host/mcpservice.h"
#include "host/providers/keysource.h"
#include "host/recorder/calllog.h"
#include "host/store/matchlog.h"
#include "mcp/stdiobridge.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTimer>

#include <csignal>
#include <cstdio>

namespace townhall::app {

using namespace townhall::host;

namespace {
/// A match export is a few hundred KB (a long 12-seat match with model
/// notes, a few MB); far beyond that is not an export.
constexpr qint64 MaxImportBytes = 64 * 1024 * 1024;
} // namespace

void out(const QString &s)
{
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stdout);
    std::fflush(stdout);
}

void err(const QString &s)
{
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stderr);
}

QString dbPathOf(const QCommandLineParser &p)
{
    return p.isSet(QStringLiteral("db")) ? p.value(QStringLiteral("db")) : Store::defaultPath();
}

std::optional<QByteArray> readBounded(const QString &path, qint64 cap, QString *error)
{
    QFile f(path);
    if (path == QLatin1String("-") ? !f.open(stdin, QIODevice::ReadOnly)
                                   : !f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    QByteArray data;
    char chunk[64 * 1024];
    for (;;) {
        const qint64 n = f.read(chunk, sizeof chunk);
        if (n < 0) {
            *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
            return std::nullopt;
        }
        if (n == 0)
            break; // end of file (QFile reads block, pipes included)
        if (data.size() + n > cap) {
            *error
                = QStringLiteral("%1 holds more than %2 MiB; that is not a file this command reads")
                      .arg(path)
                      .arg(cap / (1024 * 1024));
            return std::nullopt;
        }
        data.append(chunk, n);
    }
    return data;
}

StoreResult<Store> openStore(const QCommandLineParser &p, bool create)
{
    Store::Options o;
    o.createIfMissing = create;
    return Store::open(dbPathOf(p), o);
}

namespace {

QString winnerText(const QString &winningTeam)
{
    if (winningTeam == QLatin1String("NONE"))
        return QStringLiteral("nobody"); // a seed 002 table that reached its last day
    return winningTeam == QLatin1String("VILLAGERS") ? QStringLiteral("the villagers")
                                                     : QStringLiteral("the werewolves");
}

/// What a public event says, in one line without decoration; empty for
/// events the terminal does not show. Never called for other audiences.
QString describe(const engine::Match &m, const engine::Event &e)
{
    using engine::EventType;
    if (e.audience != engine::Audience::Public)
        return {};
    const auto &p = e.payload;
    auto text = [&p](const char *key) {
        return QString::fromStdString(p.value(key, ""));
    };
    auto nameOf = [&m](const std::string &id) {
        const engine::Player *x = m.player(id);
        return x ? QString::fromStdString(x->displayName) : QString::fromStdString(id);
    };
    switch (e.type) {
    case EventType::Narrator:
        return QStringLiteral("Town Crier: %1").arg(text("text"));
    case EventType::PhaseChanged:
        return QStringLiteral("Day %1 · %2").arg(p.value("dayNumber", 0)).arg(text("to"));
    case EventType::PublicMessage:
        return QStringLiteral("%1 [%2]: %3")
            .arg(nameOf(p.value("playerId", "")), text("kind"), text("text"));
    case EventType::VoteCast:
        return QStringLiteral("%1 votes %2")
            .arg(nameOf(p.value("voterPlayerId", "")),
                 p.at("targetPlayerId").is_string()
                     ? nameOf(p.at("targetPlayerId").get<std::string>())
                     : QStringLiteral("to abstain"));
    case EventType::PlayerEliminated:
        return QStringLiteral("%1 is out (%2), a %3")
            .arg(nameOf(p.value("playerId", "")), text("cause"), text("roleRevealed"));
    case EventType::GameEnded:
        return QStringLiteral("Result: %1 won after %2 day(s)")
            .arg(winnerText(text("winningTeam")))
            .arg(m.state().dayNumber);
    default:
        return {};
    }
}

/// One line of the demo match for the terminal (phases as headings).
/// Tells a user who started a table what happens next: how many players it
/// still waits for (a seats file of five does not start a match of eight),
/// and how long a day may last with the table's timers and how to go faster.
void sayWhatToExpect(Host &host, const QString &url, bool seatsQueued)
{
    const int seats = host.seatCount();
    const int queued = int(host.lobby().queue().size());
    if (seatsQueued && queued > 0 && queued < seats)
        err(QStringLiteral(
                "townhall: %1 of %2 seats are queued; the match starts when %3 more join "
                "(MCP agents at %4, or --bots %3)\n")
                .arg(queued)
                .arg(seats)
                .arg(seats - queued)
                .arg(url));
    const engine::MatchConfig &c = host.lobby().defaults();
    const engine::Timers &t = c.timers;
    const std::int64_t dayMs = c.scaled(t.night + t.dayAnnounce + t.openingTurn * seats
                                        + t.dayDiscussion + t.dayVote + t.dayResolution);
    if (dayMs >= 5 * 60'000)
        err(QStringLiteral("townhall: with these timers a day lasts up to %1 min at ×%2 (a phase "
                           "ends early once "
                           "everyone has acted); --speed 2 halves every timer\n")
                .arg(dayMs / 60'000)
                .arg(c.speed));
}

/// Prints, as the app shows them, what a model seat's stand-in did
/// (STAND-IN) and when it took the seat for good (HAND-OVER), with the seat's
/// name and model: headless, a bot's line under a model seat's name is
/// otherwise indistinguishable from the model's own.
void narrateStandIns(Host &host, QObject &context)
{
    auto printed = std::make_shared<std::map<std::pair<QString, QString>, std::int64_t>>();
    QObject::connect(
        &host,
        &Host::modelSeatChanged,
        &context,
        [&host, printed](const QString &matchId, const QString &playerId) {
            for (const ModelSeatInfo &seat : host.modelSeats(matchId.toStdString())) {
                if (QString::fromStdString(seat.playerId) != playerId || !seat.log)
                    continue;
                std::int64_t &next = (*printed)[{matchId, playerId}];
                const PilotLog &log = *seat.log;
                next = std::max(next, log.notesBefore);
                QString lines;
                for (; next < log.notesBefore + std::int64_t(log.notes.size()); ++next) {
                    const PilotNote &note = log.notes[std::size_t(next - log.notesBefore)];
                    if (note.kind == PilotNote::Kind::Thought)
                        continue; // private: never printed
                    lines += QStringLiteral("[%1] %2 %3 (%4, %5): %6\n")
                                 .arg(matchId,
                                      note.kind == PilotNote::Kind::StandIn
                                          ? QStringLiteral("STAND-IN for")
                                          : QStringLiteral("HAND-OVER of"),
                                      seat.displayName,
                                      playerId,
                                      seat.profile.model,
                                      note.text);
                }
                out(lines);
            }
        });
}

QString narrationLine(const engine::Match &m, const engine::Event &e)
{
    if (e.type == engine::EventType::PlayerEliminated || e.type == engine::EventType::GameEnded)
        return {}; // the Town Crier says it, and the demo prints its own result
    const QString line = describe(m, e);
    if (line.isEmpty())
        return {};
    if (e.type == engine::EventType::PhaseChanged)
        return QStringLiteral("\n== %1 ==\n").arg(line);
    return QStringLiteral("  %1\n").arg(line);
}

/// How a headless host reports what happens in its matches.
enum class HostLog { Narrated, Quiet, Json };

} // namespace

int runSimulate(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Runs complete bot matches at virtual time."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("simulate"), QStringLiteral("the command"));
    p.addOption({QStringLiteral("matches"),
                 QStringLiteral("How many matches."),
                 QStringLiteral("N"),
                 QStringLiteral("1000")});
    p.addOption({QStringLiteral("seed"),
                 QStringLiteral("Master seed."),
                 QStringLiteral("S"),
                 QStringLiteral("1")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the report as JSON.")});
    p.addOption({QStringLiteral("no-narrator"), QStringLiteral("Skip narration (for profiling).")});
    p.addOption(
        {QStringLiteral("rules"),
         QStringLiteral(
             "Rule set: a preset (see `townhall rules`) or a JSON file (default: classic)."),
         QStringLiteral("NAME|FILE")});
    p.process(app);
    bool ok1 = false;
    bool ok2 = false;
    const int n = p.value(QStringLiteral("matches")).toInt(&ok1);
    const auto seed = p.value(QStringLiteral("seed")).toULongLong(&ok2);
    if (!ok1 || !ok2 || n < 1) {
        err(QStringLiteral("townhall simulate: --matches must be a positive integer and --seed an "
                           "unsigned integer\n"));
        return 2;
    }
    engine::MatchConfig config;
    config.narrator = !p.isSet(QStringLiteral("no-narrator"));
    if (p.isSet(QStringLiteral("rules"))) {
        QString why;
        auto rules = readRuleSet(p.value(QStringLiteral("rules")), &why);
        if (!rules) {
            err(QStringLiteral("townhall simulate: --rules: %1\n").arg(why));
            return 2;
        }
        config.rules = std::move(*rules);
    }
    const auto report = simulate(n, seed, config);
    out(QString::fromStdString(p.isSet(QStringLiteral("json")) ? toJsonText(report)
                                                               : toText(report)));
    return 0;
}

int runRules(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Lists the rule sets: their roles and options. Use a name with --rules (townhall "
        "--headless, "
        "townhall simulate); a JSON file in the --json form (with \"base\": a preset) works too."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("rules"), QStringLiteral("the command"));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the rule sets as JSON.")});
    p.process(app);
    const auto &presets = engine::rulePresets();
    if (p.isSet(QStringLiteral("json"))) {
        engine::json list = engine::json::array();
        for (const engine::RuleSet &r : presets) {
            engine::json j = r.toJson();
            j["seats"] = r.seatCount();
            j["queueId"] = std::string(engine::PresetQueuePrefix) + r.name;
            list.push_back(std::move(j));
        }
        out(QString::fromStdString(list.dump(2) + "\n"));
        return 0;
    }
    QString text;
    for (const engine::RuleSet &r : presets) {
        QStringList roles;
        const std::pair<int, const char *> counts[] = {{r.werewolves, "werewolves"},
                                                       {r.seers, "seer"},
                                                       {r.doctors, "doctor"},
                                                       {r.witches, "witch"},
                                                       {r.hunters, "hunter"},
                                                       {r.villagers, "villagers"}};
        for (const auto &[n, role] : counts)
            if (n > 0)
                roles << QStringLiteral("%1 %2").arg(n).arg(QLatin1String(role));
        text
            += QStringLiteral("%1  (%2 seats; queue %3%1)\n  roles: %4\n")
                   .arg(QString::fromStdString(r.name))
                   .arg(r.seatCount())
                   .arg(QLatin1String(engine::PresetQueuePrefix), roles.join(QStringLiteral(", ")));
        // Every option, as the JSON form names it, so a file can change any of them.
        QStringList options;
        engine::json fields = r.toJson();
        fields.erase("name");
        fields.erase("roles"); // listed above
        if (auto timers = fields.find("timers"); timers != fields.end() && timers->is_object()) {
            fields.update(*timers); // flat, as name=value like the rest
            fields.erase("timers");
        }
        for (const auto &[key, value] : fields.items())
            options << QStringLiteral("%1=%2").arg(
                QString::fromStdString(key),
                QString::fromStdString(value.is_string() ? value.get<std::string>()
                                                         : value.dump()));
        text += QStringLiteral("  options: %1\n\n").arg(options.join(QStringLiteral(", ")));
    }
    text += QStringLiteral(
                "Short names: 6p, 9p, 12p. The default queue is %1 (classic unless --rules).\n")
                .arg(QLatin1String(engine::DefaultQueueId));
    out(text);
    return 0;
}

namespace {

/// `townhall --headless`'s options: the host's, what to print, and two
/// hidden ones for the benchmarks.
void addHeadlessOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(QStringLiteral(
        "Hosts Werewolf matches for MCP agents.\n\n"
        "  townhall [options]             the desktop app (see --help with a display)\n"
        "  townhall --headless [options]  the host without a window (the options below)\n\n"
        "Commands, each with its own --help: simulate, rules, tournament, agent, export, import, "
        "replay, "
        "calls, chapters, mcp-stdio."));
    p.addHelpOption();
    p.addVersionOption();
    p.addOption({QStringLiteral("headless"), QStringLiteral("Run without a window.")});
    addHostOptions(
        p,
        HostMode::Headless,
        {{QStringLiteral("quiet"), QStringLiteral("Print the MCP URL only, no narration.")},
         {QStringLiteral("log"),
          QStringLiteral(
              "What to print of every match: \"text\" (narrated, one line per event, the "
              "default) or \"json\" (one JSON object per public event)."),
          QStringLiteral("FORMAT"),
          QStringLiteral("text")},
         seatsOption(),
         ollamaOption()});
    // Handled in main(): `--headless --tournament ID` is `tournament join ID`.
    p.addOption(
        {QStringLiteral("tournament"),
         QStringLiteral(
             "Join tournament ID and play its matches alongside the other hosts that play it "
             "(with --db postgresql://USER@HOST:PORT/DB; see `townhall tournament --help`)."),
         QStringLiteral("ID")});
    p.addOption({QStringLiteral("human-seats"),
                 QStringLiteral("Put N seats played by people in the queue (named \"Person 1\"... "
                                "unless --human-names); their join links are printed as "
                                "\"join: URL\" lines (needs --players-listen)."),
                 QStringLiteral("N"),
                 QStringLiteral("0")});
    p.addOption({QStringLiteral("human-names"),
                 QStringLiteral("Comma-separated names of the --human-seats seats, in order."),
                 QStringLiteral("NAMES")});
    p.addOption({QStringLiteral("players-listen"),
                 QStringLiteral("Serve the human seats' pages (/play/CODE, and nothing else) on "
                                "ADDR:PORT, such as 0.0.0.0:8790 for phones on the local network "
                                "(port 0: any free port)."),
                 QStringLiteral("ADDR:PORT")});
    QCommandLineOption skipToVote(
        QStringLiteral("skip-to-vote"),
        QStringLiteral("Benchmarks: skip every new match to its first DAY_VOTE."));
    skipToVote.setFlags(QCommandLineOption::HiddenFromHelp);
    p.addOption(skipToVote);
    QCommandLineOption noRecorder(
        QStringLiteral("no-recorder"),
        QStringLiteral("Benchmarks: do not record MCP calls (to measure the recorder)."));
    noRecorder.setFlags(QCommandLineOption::HiddenFromHelp);
    p.addOption(noRecorder);
}

/// --quiet wins over --log; nullopt (said on stderr) for an unknown --log.
std::optional<HostLog> readHostLog(const QCommandLineParser &p)
{
    if (p.isSet(QStringLiteral("quiet")))
        return HostLog::Quiet;
    if (p.value(QStringLiteral("log")) == QLatin1String("json"))
        return HostLog::Json;
    if (p.value(QStringLiteral("log")) != QLatin1String("text")) {
        err(QStringLiteral("townhall: --log must be text or json\n"));
        return std::nullopt;
    }
    return HostLog::Narrated;
}

/// Before anything starts: a model server that is not running is one clear
/// line, not a match of stand-ins and a stream of errors. False when one is down.
bool modelServersAnswer(const SeatsOption &seats)
{
    if (!seats.file || !seats.hasModels())
        return true;
    const QStringList down = unreachableProviders(*seats.file);
    if (down.isEmpty())
        return true;
    for (const QString &d : down)
        err(QStringLiteral("townhall: nothing answers for %1\n").arg(d));
    err(QStringLiteral("townhall: start the model server (for Ollama: `ollama serve`) or "
                       "fix the base URL; "
                       "nothing was started\n"));
    return false;
}

/// `--human-seats`, `--human-names` and `--players-listen`.
struct PeopleOptions
{
    QStringList names; ///< one per human seat
    std::optional<std::pair<QHostAddress, quint16>> listen;
};

/// Nothing (said on stderr) when they are not valid.
std::optional<PeopleOptions> readPeopleOptions(const QCommandLineParser &p)
{
    PeopleOptions o;
    bool ok = false;
    const int n = p.value(QStringLiteral("human-seats")).toInt(&ok);
    if (!ok || n < 0 || n > engine::MaxSeatCount) {
        err(QStringLiteral("townhall: --human-seats must be a number of seats (0 to %1)\n")
                .arg(engine::MaxSeatCount));
        return std::nullopt;
    }
    const QStringList given
        = p.value(QStringLiteral("human-names")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (int i = 0; i < n; ++i) {
        const QString name = i < given.size() ? given[i].trimmed() : QString();
        o.names << (name.isEmpty() ? QStringLiteral("Person %1").arg(i + 1) : name);
    }
    if (p.isSet(QStringLiteral("players-listen"))) {
        o.listen = listenAddress(p.value(QStringLiteral("players-listen")));
        if (!o.listen) {
            err(QStringLiteral("townhall: --players-listen must be ADDR:PORT with an IP address, "
                               "such as 0.0.0.0:8790\n"));
            return std::nullopt;
        }
    }
    if (n > 0 && !o.listen) {
        err(QStringLiteral("townhall: --human-seats needs --players-listen ADDR:PORT, where "
                           "their pages are served\n"));
        return std::nullopt;
    }
    return o;
}

/// A person's join link, as a "join: URL (NAME)" line on stdout.
void printJoin(HostStack &stack, const QString &name, const std::string &agentId)
{
    out(QStringLiteral("join: %1 (%2)\n")
            .arg(stack.players()->joinUrl(stack.host().humanSeats().codeOf(agentId)), name));
}

/// Queues the human seats and prints their join links, one "join: URL" line each.
bool queuePeople(HostStack &stack, const PeopleOptions &people)
{
    if (people.listen && !stack.playersError().isEmpty()) {
        err(QStringLiteral("townhall: %1\n").arg(stack.playersError()));
        return false;
    }
    for (const QString &name : people.names) {
        const auto agentId = stack.host().queueHumanSeat(name);
        if (!agentId) {
            err(QStringLiteral("townhall: seat %1 could not join the queue\n").arg(name));
            return false;
        }
        printJoin(stack, name, *agentId);
    }
    if (people.listen && people.names.isEmpty() && !stack.host().humanSeats().seats().isEmpty())
        return true; // the seats file's people, printed already
    if (people.listen && people.names.isEmpty())
        err(QStringLiteral("townhall: players' pages on %1:%2 (no human seats)\n")
                .arg(stack.players()->address().toString())
                .arg(stack.players()->port()));
    return true;
}

HostStackOptions headlessStackOptions(const HostCommandLine &options,
                                      const SeatsOption &seats,
                                      const PeopleOptions &people,
                                      bool recording)
{
    HostStackOptions so;
    so.host = options.host;
    // New matches (recovered ones keep theirs): a table with models gets
    // turns long enough for them, one with people theirs, unless --timers
    // says otherwise.
    so.timers = options.timers;
    if (!so.timers && (!people.names.isEmpty() || seats.hasPeople()))
        so.timers = timersOf(TimerPreset::People);
    if (!so.timers && seats.hasModels())
        so.timers = engine::modelPlayTimers();
    so.playersListen = people.listen;
    so.port = options.port.value_or(0);
    so.portFallback = options.demo; // the demo plays whatever the port
    so.recording = recording;
    so.spectateListen = options.spectateListen;
    return so;
}

/// Prints the MCP URL (stdout) and the spectator feed (stderr); false, said
/// on stderr, when either could not listen.
bool announceEndpoints(HostStack &stack, bool spectate)
{
    McpService &mcp = stack.mcp();
    if (!stack.listenError().isEmpty()) {
        err(QStringLiteral("townhall: %1\n").arg(stack.listenError()));
        return false;
    }
    out(mcp.url() + QLatin1Char('\n'));
    if (spectate) {
        if (!stack.spectatorError().isEmpty()) {
            err(QStringLiteral("townhall: %1\n").arg(stack.spectatorError()));
            return false;
        }
        QUrl pages(mcp.spectatorUrl());
        pages.setScheme(QStringLiteral("http"));
        pages.setPath(QStringLiteral("/overlay/"));
        err(QStringLiteral("spectator feed: %1 (overlay pages: %2)\n")
                .arg(mcp.spectatorUrl(), pages.toString()));
    }
    return true;
}

/// mcp_bench needs matches whose vote window stays open: with a slow
/// --speed, each new match jumps straight to its first vote.
void skipNewMatchesToVote(Host &host, QObject &context)
{
    QObject::connect(&host, &Host::matchStarted, &context, [&host](const QString &id) {
        const std::string matchId = id.toStdString();
        for (int i = 0; i < 16; ++i) {
            const engine::Match *m = host.lobby().match(matchId);
            if (!m || m->ended() || m->state().phase == engine::Phase::DayVote)
                break;
            host.skipPhase(matchId);
        }
    });
}

/// Queues the --seats file's seats; false, said on stderr, when they cannot sit.
bool queueSeatsFile(HostStack &stack, const SeatsOption &seats)
{
    for (const QString &w : seats.warnings)
        err(QStringLiteral("townhall: warning: %1\n").arg(w));
    if (!seats.file)
        return true;
    if (seats.hasPeople() && !stack.playersError().isEmpty()) {
        err(QStringLiteral("townhall: %1\n").arg(stack.playersError()));
        return false;
    }
    const Seating seated = stack.queueSeats(*seats.file);
    for (const QString &w : seated.warnings)
        err(QStringLiteral("townhall: warning: %1\n").arg(w));
    if (!seated.ok()) {
        err(QStringLiteral("townhall: %1\n").arg(seated.error));
        return false;
    }
    for (const auto &[name, agentId] : seated.people)
        printJoin(stack, name, agentId);
    return true;
}

/// --demo: fills the table with bots, narrates the first match that starts
/// and quits when it ends.
void playDemo(Host &host, QCoreApplication &app)
{
    auto demoMatch = std::make_shared<std::string>();
    QObject::connect(&host, &Host::matchStarted, &app, [demoMatch](const QString &id) {
        if (demoMatch->empty())
            *demoMatch = id.toStdString();
    });
    QObject::connect(&host,
                     &Host::matchEvents,
                     &app,
                     [&host, demoMatch](const QString &id, const EventBatch &batch) {
                         if (id.toStdString() != *demoMatch)
                             return;
                         const engine::Match *m = host.lobby().match(*demoMatch);
                         for (const engine::Event &e : *batch)
                             if (m)
                                 out(narrationLine(*m, e));
                     });
    QObject::connect(&host,
                     &Host::matchEnded,
                     &app,
                     [&host, &app, demoMatch](const QString &id, const QString &winner) {
                         if (id.toStdString() != *demoMatch)
                             return;
                         const engine::Match *m = host.lobby().match(*demoMatch);
                         out(QStringLiteral("\nResult: %1 won %2 after %3 day(s).\n")
                                 .arg(winnerText(winner), id)
                                 .arg(m ? m->state().dayNumber : 0));
                         QTimer::singleShot(0, &app, [&app] { app.exit(0); });
                     });
    const int queued = static_cast<int>(host.lobby().queue().size());
    host.addBots(std::max(0, host.seatCount() - queued));
}

/// Prints every match's public events, narrated or as JSON, and (narrated)
/// who left the queue.
void printPublicEvents(Host &host, QObject &context, HostLog hostLog)
{
    QObject::connect(&host,
                     &Host::matchEvents,
                     &context,
                     [&host, hostLog](const QString &id, const EventBatch &batch) {
                         const engine::Match *m = host.lobby().match(id.toStdString());
                         if (!m)
                             return;
                         QString lines;
                         for (const engine::Event &e : *batch) {
                             if (e.audience != engine::Audience::Public)
                                 continue; // public events only, whatever the format
                             if (hostLog == HostLog::Json) {
                                 engine::json j = engine::contractEvent(e);
                                 j["matchId"] = e.matchId;
                                 lines
                                     += QString::fromStdString(j.dump(
                                            -1, ' ', false, engine::json::error_handler_t::replace))
                                        + QLatin1Char('\n');
                             } else if (const QString line = describe(*m, e); !line.isEmpty()) {
                                 lines += QStringLiteral("[%1] %2\n").arg(id, line);
                             }
                         }
                         out(lines);
                     });
    if (hostLog == HostLog::Narrated)
        QObject::connect(&host, &Host::queueAbandoned, &context, [](const QString &name) {
            out(QStringLiteral("[queue] %1 left the queue: no live session\n").arg(name));
        });
}

/// The one line that says the host is up: where, how fast, who may play.
void sayHosting(Host &host, const QString &url, const HostOptions &opts, int bots)
{
    QString botLine;
    if (bots > 0)
        botLine = QStringLiteral(", %1 bots waiting").arg(std::min(bots, host.seatCount() - 1));
    if (bots >= host.seatCount())
        botLine += QStringLiteral(", %1 bot match(es) at a time, back to back")
                       .arg(bots / host.seatCount());
    err(QStringLiteral("townhall: hosting on %1 (speed ×%2, %3%4); Ctrl+C to stop\n")
            .arg(url)
            .arg(opts.speed)
            .arg(opts.guests ? QStringLiteral("guests allowed") : QStringLiteral("tokens required"),
                 botLine));
}

/// A host for MCP agents (not the demo): prints what its matches do as
/// --log says, and keeps --bots bots waiting.
void hostForAgents(Host &host,
                   QObject &context,
                   HostLog hostLog,
                   const QString &url,
                   const HostCommandLine &options,
                   bool seatsQueued)
{
    if (hostLog != HostLog::Quiet)
        printPublicEvents(host, context, hostLog);
    if (hostLog == HostLog::Narrated)
        narrateStandIns(host, context);
    if (options.bots > 0)
        host.keepBots(options.bots);
    if (hostLog != HostLog::Quiet) {
        sayWhatToExpect(host, url, seatsQueued);
        sayHosting(host, url, options.host, options.bots);
    }
}

} // namespace

int runHeadless(int argc, char **argv)
{
    // Qt's own event dispatcher instead of GLib's: no window, no GLib sources
    // to serve, and timers and socket notifiers cost less (measured in
    // docs/benchmarks.md).
    if (qEnvironmentVariableIsEmpty("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    // A reader of the narration that goes away (`| head`) must not end the host.
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    addHeadlessOptions(p);
    p.process(app);

    const std::optional<HostLog> hostLog = readHostLog(p);
    if (!hostLog)
        return 2;
    QString invalid;
    const std::optional<HostCommandLine> options = readHostOptions(p, HostMode::Headless, &invalid);
    if (!options) {
        err(QStringLiteral("townhall: %1\n").arg(invalid));
        return 2;
    }
    const SeatsOption seats = readSeatsOption(p, &invalid);
    if (!seats.ok) {
        err(QStringLiteral("townhall: %1\n").arg(invalid));
        return 2;
    }
    if (!modelServersAnswer(seats))
        return 1;

    const std::optional<PeopleOptions> people = readPeopleOptions(p);
    if (!people)
        return 2;
    if (seats.hasPeople() && !people->listen) {
        err(QStringLiteral("townhall: the seats file has seats for people (\"human\": true); "
                           "--players-listen ADDR:PORT serves their pages\n"));
        return 2;
    }

    HostStack stack(
        headlessStackOptions(*options, seats, *people, !p.isSet(QStringLiteral("no-recorder"))));
    QString error;
    if (!stack.start(&error)) {
        err(QStringLiteral("townhall: %1\n").arg(error));
        return 1;
    }
    Host &host = stack.host();
    stopOnTerminationSignals(&app, [&app] { app.quit(); });
    if (!announceEndpoints(stack, options->spectateListen.has_value()))
        return 1;
    for (const QString &n : host.notices())
        err(n + QLatin1Char('\n'));
    if (p.isSet(QStringLiteral("skip-to-vote")))
        skipNewMatchesToVote(host, app);
    QObject::connect(&host, &Host::storageFailed, &app, [](const QString &m) {
        err(QStringLiteral("townhall: storage failed: %1\n").arg(m));
    });
    if (!queueSeatsFile(stack, seats))
        return 1;
    if (!queuePeople(stack, *people))
        return 1;

    if (options->demo)
        playDemo(host, app);
    else
        hostForAgents(host,
                      app,
                      *hostLog,
                      stack.mcp().url(),
                      *options,
                      seats.file.has_value() || !people->names.isEmpty());
    return app.exec();
}

int runStdio(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Bridges an MCP client that speaks stdio to a Town Hall host over HTTP."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("mcp-stdio"), QStringLiteral("the command"));
    p.addOption({QStringLiteral("url"),
                 QStringLiteral("The host's MCP URL."),
                 QStringLiteral("URL"),
                 QStringLiteral("http://127.0.0.1:8787/mcp")});
    p.addOption({QStringLiteral("token"),
                 QStringLiteral("Bearer token of a registered agent."),
                 QStringLiteral("T")});
    p.process(app);
    return mcp::runStdioBridge(QUrl(p.value(QStringLiteral("url"))),
                               p.value(QStringLiteral("token")));
}

namespace {

void addAgentOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(QStringLiteral(
        "Registers, lists and revokes agents, and prints their MCP client configurations."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("agent"), QStringLiteral("the command"));
    p.addPositionalArgument(QStringLiteral("action"),
                            QStringLiteral("add NAME | list | revoke ID_OR_NAME | config NAME"));
    p.addOption(databaseOption());
    p.addOption({QStringLiteral("format"),
                 QStringLiteral("add, config: print this client configuration (%1).")
                     .arg(formatNames().join(QStringLiteral(", "))),
                 QStringLiteral("F")});
    p.addOption({QStringLiteral("token"),
                 QStringLiteral(
                     "config: the agent's token (checked; without it the configuration holds %1).")
                     .arg(placeholderToken()),
                 QStringLiteral("T")});
    p.addOption({QStringLiteral("url"),
                 QStringLiteral("add, config: the host's MCP URL."),
                 QStringLiteral("URL")});
    p.addOption(
        {QStringLiteral("port"),
         QStringLiteral("add, config: the host's MCP port on 127.0.0.1 (default: the port the "
                        "last host on this database served, else 8787)."),
         QStringLiteral("P")});
}

/// One format, or all four under a heading each.
void printClientConfigs(const std::optional<ClientConfigFormat> &format,
                        const ClientConfigInput &config)
{
    if (format) {
        out(clientConfig(*format, config));
        return;
    }
    for (const QString &name : formatNames()) {
        out(QStringLiteral("\n# --format %1\n").arg(name));
        out(clientConfig(*parseClientConfigFormat(name), config));
    }
}

/// Sets the URL the configuration names; returns where it came from (said on stderr).
QString chooseMcpUrl(const QCommandLineParser &p, Store &store, ClientConfigInput &config)
{
    if (p.isSet(QStringLiteral("url"))) {
        config.mcpUrl = p.value(QStringLiteral("url"));
        return QStringLiteral("given with --url");
    }
    if (p.isSet(QStringLiteral("port"))) {
        config.mcpUrl
            = QStringLiteral("http://127.0.0.1:%1/mcp").arg(p.value(QStringLiteral("port")));
        return QStringLiteral("given with --port");
    }
    if (auto served = store.setting(std::string(Host::EndpointSetting)); served && served.value()) {
        config.mcpUrl = QString::fromStdString(*served.value());
        return QStringLiteral(
            "where the last host on this database served; --port or --url to change");
    }
    config.mcpUrl = QStringLiteral("http://127.0.0.1:8787/mcp");
    return QStringLiteral(
        "the default port; no host has served this database yet; --port or --url to change");
}

/// `agent add NAME`: the token is shown once, with the configurations that hold it.
int addAgent(Store &store,
             const QString &name,
             const std::optional<ClientConfigFormat> &format,
             ClientConfigInput config)
{
    if (name.isEmpty() || name.size() > 32) {
        err(QStringLiteral("townhall agent add: NAME must be 1..32 characters\n"));
        return 2;
    }
    auto a = store.addAgent(name.toStdString());
    if (!a) {
        err(QStringLiteral("townhall: %1\n").arg(a.error().message));
        return 1;
    }
    const QString notice
        = QStringLiteral(
              "agent %1 (%2)\ntoken %3\n(shown once: store it now; only its hash is kept)\n")
              .arg(QString::fromStdString(a.value().agent.name),
                   QString::fromStdString(a.value().agent.agentId),
                   QString::fromStdString(a.value().token));
    config.agentName = name;
    config.token = QString::fromStdString(a.value().token);
    if (format) {
        // Only the configuration on stdout, so it can go straight to a file.
        err(notice);
        printClientConfigs(format, config);
    } else {
        out(notice);
        out(QStringLiteral("\nClient configurations (they hold the token; keep them private):\n"));
        printClientConfigs(format, config);
    }
    return 0;
}

/// `agent config NAME`: an active agent's configuration; a --token given
/// must be that agent's.
int printAgentConfig(Store &store,
                     const QCommandLineParser &p,
                     const QString &name,
                     const std::optional<ClientConfigFormat> &format,
                     ClientConfigInput config)
{
    auto list = store.listAgents();
    if (!list) {
        err(QStringLiteral("townhall: %1\n").arg(list.error().message));
        return 1;
    }
    const AgentRecord *agent = nullptr;
    for (const AgentRecord &a : list.value())
        if (!a.revoked() && QString::fromStdString(a.name) == name)
            agent = &a;
    if (!agent) {
        err(QStringLiteral("townhall agent config: no active agent named '%1'\n").arg(name));
        return 1;
    }
    config.agentName = name;
    if (p.isSet(QStringLiteral("token"))) {
        config.token = p.value(QStringLiteral("token"));
        auto owner = store.verifyToken(config.token.toStdString());
        if (!owner || owner.value().agentId != agent->agentId) {
            err(QStringLiteral("townhall agent config: that token does not belong to '%1'\n")
                    .arg(name));
            return 1;
        }
    } else {
        err(QStringLiteral(
                "townhall agent config: tokens are kept hashed and cannot be shown again; "
                "replace %1 with %2's token (or pass --token)\n")
                .arg(placeholderToken(), name));
    }
    printClientConfigs(format, config);
    return 0;
}

int listAgents(Store &store)
{
    auto list = store.listAgents();
    if (!list) {
        err(QStringLiteral("townhall: %1\n").arg(list.error().message));
        return 1;
    }
    for (const AgentRecord &a : list.value())
        out(QStringLiteral("%1\t%2\t%3\n")
                .arg(QString::fromStdString(a.agentId),
                     QString::fromStdString(a.name),
                     a.revoked() ? QStringLiteral("revoked") : QStringLiteral("active")));
    return 0;
}

int revokeAgent(Store &store, const QString &idOrName)
{
    auto r = store.revokeAgent(idOrName.toStdString());
    if (!r) {
        err(QStringLiteral("townhall: %1\n").arg(r.error().message));
        return 1;
    }
    out(QStringLiteral("revoked %1 (%2)\n")
            .arg(QString::fromStdString(r.value().name),
                 QString::fromStdString(r.value().agentId)));
    return 0;
}

} // namespace

int runAgent(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    addAgentOptions(p);
    p.process(app);
    const QStringList args = p.positionalArguments();
    const QString action = args.value(1);
    if (action != QLatin1String("add") && action != QLatin1String("list")
        && action != QLatin1String("revoke") && action != QLatin1String("config")) {
        err(QStringLiteral(
            "usage: townhall agent add NAME [--format F] | list | revoke ID_OR_NAME | config NAME "
            "[--format F] [--token T] [--url URL | --port P] [--db PATH]\n"));
        return 2;
    }
    std::optional<ClientConfigFormat> format;
    if (p.isSet(QStringLiteral("format"))) {
        format = parseClientConfigFormat(p.value(QStringLiteral("format")));
        if (!format) {
            err(QStringLiteral("townhall agent: --format must be one of %1\n")
                    .arg(formatNames().join(QStringLiteral(", "))));
            return 2;
        }
    }
    ClientConfigInput config;
    config.executable = QCoreApplication::applicationFilePath();
    auto store = openStore(p, action == QLatin1String("add"));
    if (!store) {
        err(QStringLiteral("townhall: %1\n").arg(store.error().message));
        return 1;
    }
    if (action == QLatin1String("add") || action == QLatin1String("config")) {
        const QString from = chooseMcpUrl(p, store.value(), config);
        err(QStringLiteral("townhall agent: MCP URL %2 (%1)\n").arg(from, config.mcpUrl));
    }
    if (action == QLatin1String("add"))
        return addAgent(store.value(), args.value(2).trimmed(), format, config);
    if (action == QLatin1String("config"))
        return printAgentConfig(store.value(), p, args.value(2).trimmed(), format, config);
    if (action == QLatin1String("list"))
        return listAgents(store.value());
    return revokeAgent(store.value(), args.value(2));
}

namespace {

void addLogOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(QStringLiteral("Exports, imports and replays match logs."));
    p.addHelpOption();
    p.addPositionalArgument(
        QStringLiteral("command"),
        QStringLiteral("export MATCH_ID | import FILE | replay MATCH_ID | calls MATCH_ID"
                       " | chapters MATCH_ID"));
    p.addOption(databaseOption());
    p.addOption({QStringLiteral("offset"),
                 QStringLiteral("chapters: the stream started this many seconds before the match."),
                 QStringLiteral("SECONDS"),
                 QStringLiteral("0")});
    p.addOption({QStringLiteral("to"),
                 QStringLiteral("replay: the event id (or seq) to stop at (default: the last)."),
                 QStringLiteral("EVENT_ID")});
    p.addOption({QStringLiteral("renumber"),
                 QStringLiteral("import: store the match under the next free number (for a match "
                                "whose id is taken).")});
}

/// Reads and checks an export; nullopt (said on stderr) when it is not one.
std::optional<QByteArray> readImport(const QString &path)
{
    QString why;
    auto data = readBounded(path, MaxImportBytes, &why);
    if (!data) {
        err(QStringLiteral("townhall import: %1\n").arg(why));
        return std::nullopt;
    }
    if (auto checked = checkImport(std::string_view(data->constData(), std::size_t(data->size())));
        !checked) {
        err(QStringLiteral("townhall import: %1\n").arg(checked.error().message));
        return std::nullopt;
    }
    return data;
}

int exportMatch(Store &store, const QString &matchId)
{
    auto lines = store.exportMatch(matchId.toStdString());
    if (!lines) {
        err(QStringLiteral("townhall: %1\n").arg(lines.error().message));
        return 1;
    }
    out(QString::fromStdString(lines.value()));
    return 0;
}

/// A video's chapter list from the stored match's public events
/// (engine/chapters.h), ready to paste into its description.
int printChapters(Store &store, const QString &matchId, qlonglong offset)
{
    auto m = store.loadMatch(matchId.toStdString());
    if (!m) {
        err(QStringLiteral("townhall chapters: %1\n").arg(m.error().message));
        return 1;
    }
    const std::string text = engine::formatChapters(m.value(), offset);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

/// The MCP calls the recorder stored for the match, as JSON Lines: rows of
/// earlier versions in the database's tool_calls table, then the calls file
/// next to it (host/recorder/calllog.h).
int printCalls(Store &store, const QString &matchId)
{
    auto rows = store.toolCalls(matchId.toStdString());
    if (!rows) {
        err(QStringLiteral("townhall calls: %1\n").arg(rows.error().message));
        return 1;
    }
    auto logged = CallLog::read(CallLog::pathFor(store.path()), matchId.toStdString());
    if (!logged) {
        err(QStringLiteral("townhall calls: %1\n").arg(logged.error().message));
        return 1;
    }
    std::string text;
    for (const ToolCallRow &row : rows.value())
        text
            += Recorder::rowToJson(row).dump(-1, ' ', false, engine::json::error_handler_t::replace)
               + '\n';
    text += logged.value();
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

/// Stores a checked export, under the next free number with --renumber.
int importMatch(Store &store, const QByteArray &data, bool renumber)
{
    std::optional<int> number;
    if (renumber) {
        auto next = store.nextMatchNumber();
        if (!next) {
            err(QStringLiteral("townhall import: %1\n").arg(next.error().message));
            return 1;
        }
        number = next.value();
    }
    auto r
        = store.importMatch(std::string_view(data.constData(), std::size_t(data.size())), number);
    if (!r) {
        err(QStringLiteral("townhall import: %1\n").arg(r.error().message));
        return 1;
    }
    out(QStringLiteral("imported %1: %2 events%3%4\n")
            .arg(QString::fromStdString(r.value().matchId))
            .arg(r.value().eventCount)
            .arg(r.value().ended ? QStringLiteral(", ended") : QString())
            .arg(r.value().modelSeats > 0
                     ? QStringLiteral(", %1 model seats").arg(r.value().modelSeats)
                     : QString()));
    return 0;
}

/// The match's public and omniscient states at event `to` (empty: the last).
int replayMatch(Store &store, const QString &matchId, const QString &to)
{
    auto m = store.replayTo(matchId.toStdString(), to.toStdString());
    if (!m) {
        err(QStringLiteral("townhall replay: %1\n").arg(m.error().message));
        return 1;
    }
    engine::StateOptions o;
    o.includeRecentPublicMessages = true;
    engine::json j{
        {"atEventId", m.value().log().back().eventId},
        {"stateHash", m.value().stateHash()},
        {"public", engine::toJson(engine::stateView(m.value(), engine::Viewer::spectator(), o))},
        {"omniscient",
         engine::toJson(engine::stateView(m.value(), engine::Viewer::omniscient(), o))}};
    out(QString::fromStdString(j.dump(2)) + QLatin1Char('\n'));
    return 0;
}

} // namespace

int runLog(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    addLogOptions(p);
    p.process(app);
    const QStringList args = p.positionalArguments();
    const QString command = args.value(0);
    const QString target = args.value(1);
    if (target.isEmpty()) {
        err(QStringLiteral(
            "usage: townhall export MATCH_ID | import FILE [--renumber] | replay MATCH_ID [--to "
            "EVENT_ID]"
            " | calls MATCH_ID | chapters MATCH_ID [--offset SECONDS] [--db PATH]\n"));
        return 2;
    }
    // Checked before the database opens: a typo in the offset should not
    // wait for (or create) a store.
    bool offsetOk = false;
    const qlonglong offset = p.value(QStringLiteral("offset")).toLongLong(&offsetOk);
    if (command == QLatin1String("chapters") && (!offsetOk || offset < 0)) {
        err(QStringLiteral("townhall chapters: --offset must be a whole number of seconds, 0 or "
                           "more (got '%1')\n")
                .arg(p.value(QStringLiteral("offset"))));
        return 2;
    }
    // An import is read and checked before the database opens: a refused
    // file creates nothing.
    QByteArray importData;
    if (command == QLatin1String("import")) {
        auto data = readImport(target);
        if (!data)
            return 1;
        importData = std::move(*data);
    }
    auto store = openStore(p, command == QLatin1String("import"));
    if (!store) {
        err(QStringLiteral("townhall: %1\n").arg(store.error().message));
        return 1;
    }
    if (command == QLatin1String("export"))
        return exportMatch(store.value(), target);
    if (command == QLatin1String("chapters"))
        return printChapters(store.value(), target, offset);
    if (command == QLatin1String("calls"))
        return printCalls(store.value(), target);
    if (command == QLatin1String("import"))
        return importMatch(store.value(), importData, p.isSet(QStringLiteral("renumber")));
    if (command == QLatin1String("replay"))
        return replayMatch(store.value(), target, p.value(QStringLiteral("to")));
    err(QStringLiteral("townhall: unknown command '%1'\n").arg(command));
    return 2;
}

} // namespace townhall::app
