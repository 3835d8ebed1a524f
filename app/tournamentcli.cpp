// SPDX-License-Identifier: MIT
// `townhall tournament run|resume|report|list` (docs/tournaments.md).

#include "app/cli.h"

#include "app/options.h"
#include "app/terminal.h"
#include "host/dblock.h"
#include "host/host.h"
#include "host/hoststack.h"
#include "host/livetournament.h"
#include "host/mcpservice.h"
#include "host/providers/keysource.h"
#include "host/sharedtournaments.h"
#include "host/tournaments.h"
#include "tournament/report.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace townhall::app {

using namespace townhall::host;

namespace {

/// A tournament file is a few KB; 4 MiB leaves room for very long lists.
constexpr qint64 MaxTournamentFileBytes = 4 * 1024 * 1024;

/// A progress bar on a terminal, a line per tenth otherwise (a log file).
class ProgressLine
{
public:
    ProgressLine()
        : m_tty(isatty(fileno(stderr)) != 0)
    {}
    void show(const TournamentProgress &p, const QString &extra = {})
    {
        if (p.scheduled <= 0)
            return;
        if (m_tty) {
            constexpr int Width = 30;
            const int filled = int(double(p.done) / p.scheduled * Width);
            err(QStringLiteral("\r[%1%2] %3/%4 matches%5%6")
                    .arg(QString(filled, QLatin1Char('#')),
                         QString(Width - filled, QLatin1Char(' ')))
                    .arg(p.done)
                    .arg(p.scheduled)
                    .arg(p.running ? QStringLiteral(", %1 playing").arg(p.running) : QString(),
                         extra.isEmpty() ? QString() : QStringLiteral(" — ") + extra));
            if (p.done == p.scheduled)
                err(QStringLiteral("\n"));
            return;
        }
        const int tenth = p.done * 10 / p.scheduled;
        if (tenth != m_lastTenth || !extra.isEmpty()) {
            m_lastTenth = tenth;
            err(QStringLiteral("tournament: %1/%2 matches%3\n")
                    .arg(p.done)
                    .arg(p.scheduled)
                    .arg(extra.isEmpty() ? QString() : QStringLiteral(" — ") + extra));
        }
    }

private:
    bool m_tty;
    int m_lastTenth = -1;
};

std::string formatted(const tournament::Report &r, const QString &format)
{
    if (format == QLatin1String("csv"))
        return tournament::toCsv(r);
    if (format == QLatin1String("json"))
        return tournament::toJsonText(r);
    if (format == QLatin1String("html"))
        return tournament::toHtml(r);
    return tournament::toMarkdown(r);
}

bool knownFormat(const QString &f)
{
    return f == QLatin1String("md") || f == QLatin1String("csv") || f == QLatin1String("json")
           || f == QLatin1String("html");
}

int printReport(const TournamentStore &store,
                const std::string &id,
                const QString &format,
                const QString &outPath,
                std::optional<tournament::Report> computed = std::nullopt)
{
    if (!computed) {
        auto report = tournamentReport(store, id);
        if (!report) {
            err(QStringLiteral("townhall tournament: %1\n").arg(report.error().message));
            return 1;
        }
        computed = std::move(report).value();
    }
    const std::string text = formatted(*computed, format);
    if (outPath.isEmpty()) {
        out(QString::fromStdString(text));
        return 0;
    }
    QFile f(outPath);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || f.write(text.data(), qint64(text.size())) != qint64(text.size())) {
        err(QStringLiteral("townhall tournament: cannot write %1: %2\n")
                .arg(outPath, f.errorString()));
        return 1;
    }
    err(QStringLiteral("townhall tournament: report written to %1\n").arg(outPath));
    return 0;
}

/// Plays a tournament of bots at virtual time; stops cleanly on SIGINT/SIGTERM.
std::atomic<bool> g_stop{false};

int playBots(TournamentStore &store,
             const std::string &id,
             int parallel,
             int leaseMs,
             std::optional<tournament::Report> *report)
{
    g_stop = false;
    std::signal(SIGINT, [](int) { g_stop = true; });
    std::signal(SIGTERM, [](int) { g_stop = true; });
    ProgressLine line;
    BotRunOptions o;
    o.parallel = parallel;
    o.stop = &g_stop;
    o.leaseMs = leaseMs;
    o.progress = [&line](const TournamentProgress &p) {
        line.show(p);
    };
    auto run = runBotTournament(store, id, o);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (!run) {
        err(QStringLiteral("townhall tournament: %1\n").arg(run.error().message));
        return 1;
    }
    BotRunSummary &s = run.value();
    *report = std::move(s.report);
    if (s.refused > 0)
        err(QStringLiteral("tournament %1: %2 matches this host played had been taken over by "
                           "another host (its "
                           "lease ran out); they were not recorded twice\n")
                .arg(QString::fromStdString(id))
                .arg(s.refused));
    err(QStringLiteral(
            "tournament %1: %2 matches played in %3 s (%4 per second, %5 CPU-s on %6 threads)%7\n")
            .arg(QString::fromStdString(id))
            .arg(s.played)
            .arg(s.wallSeconds, 0, 'f', 2)
            .arg(s.wallSeconds > 0 ? s.played / s.wallSeconds : 0, 0, 'f', 0)
            .arg(s.cpuSeconds, 0, 'f', 2)
            .arg(parallel)
            .arg(s.stopped ? QStringLiteral("; stopped — `townhall tournament resume %1` goes on")
                                 .arg(QString::fromStdString(id))
                           : QString()));
    return s.stopped ? 3 : 0;
}

QString peopleNeedListen()
{
    return QStringLiteral("the tournament has people (\"human\": true): give "
                          "--players-listen ADDR:PORT, where their pages are served");
}

/// Plays a tournament with models, MCP agents, push agents or people through a host.
/// With a `shared` store the host plays in its own file (--local-db, or the
/// app's) and claims the matches in the shared one.
int playLive(QCoreApplication &app,
             const QCommandLineParser &p,
             TournamentStore *shared,
             const std::string &id,
             int parallel,
             int leaseMs)
{
    HostOptions opts;
    opts.dbPath = !shared                               ? dbPathOf(p)
                  : p.isSet(QStringLiteral("local-db")) ? p.value(QStringLiteral("local-db"))
                                                        : Store::defaultPath();
    if (p.isSet(QStringLiteral("speed")))
        opts.speed = p.value(QStringLiteral("speed")).toDouble();
    HostStackOptions so;
    so.host = opts;
    so.port
        = quint16(p.isSet(QStringLiteral("port")) ? p.value(QStringLiteral("port")).toInt() : 0);
    if (p.isSet(QStringLiteral("players-listen")))
        so.playersListen = listenAddress(p.value(QStringLiteral("players-listen")));
    HostStack stack(std::move(so));
    QString error;
    if (!stack.start(&error)) {
        err(QStringLiteral("townhall tournament: %1\n").arg(error));
        return 1;
    }
    Host &host = stack.host();
    Store *store = host.store();
    LocalTournaments local(*store);
    TournamentStore &tournaments = shared ? *shared : local;
    auto spec = tournamentSpec(tournaments, id);
    if (!spec) {
        err(QStringLiteral("townhall tournament: %1\n").arg(spec.error().message));
        return 1;
    }
    if (auto timers = timersOf(spec.value()))
        host.lobby().defaults().timers = *timers;
    if (spec.value().hasPeople() && !stack.players()) {
        err(QStringLiteral("townhall tournament: %1\n")
                .arg(stack.playersError().isEmpty() ? peopleNeedListen() : stack.playersError()));
        return 1;
    }
    auto seats = seatsOf(spec.value());
    if (!seats.ok()) {
        err(QStringLiteral("townhall tournament: %1\n")
                .arg(seats.errors.join(QStringLiteral("; "))));
        return 1;
    }
    // Keys come from the environment variables the providers name; they
    // live in memory only.
    for (auto &[name, profile] : seats.file->providers)
        if (profile.apiKey.isEmpty())
            profile.apiKey = providers::EnvironmentKeySource::lookupNow(profile).key;
    std::map<std::string, std::string> agentIds;
    if (auto agents = store->listAgents())
        for (const AgentRecord &a : agents.value())
            if (!a.revoked())
                agentIds[a.name] = a.agentId;
    McpService &mcp = stack.mcp();
    if (!stack.listenError().isEmpty()) {
        err(QStringLiteral("townhall tournament: %1\n").arg(stack.listenError()));
        return 1;
    }
    // stderr, like every other message: stdout holds the report alone (a
    // user redirects it to a file).
    err(QStringLiteral("mcp: %1\n").arg(mcp.url()));
    LiveTournament live(host, tournaments, id, spec.value(), *seats.file, agentIds, parallel);
    live.setLease(leaseMs);
    ProgressLine line;
    // A person keeps one link for the whole run (each match's seat takes the
    // code over); a new one is printed only if the host revoked it.
    QObject::connect(&live,
                     &LiveTournament::joinCode,
                     &app,
                     [&stack](const QString &, const QString &name, const QString &code) {
                         err(QStringLiteral("join: %1 (%2, every match of the tournament)\n")
                                 .arg(stack.players()->joinUrl(code), name));
                     });
    QObject::connect(&live, &LiveTournament::notice, &app, [](const QString &message) {
        err(QStringLiteral("%1\n").arg(message));
    });
    int code = 0;
    QObject::connect(
        &live, &LiveTournament::progressChanged, &app, [&](int done, int scheduled, int running) {
            line.show({done, scheduled, running},
                      live.waitingFor().isEmpty()
                          ? QString()
                          : QStringLiteral("waiting for %1 in queue %2")
                                .arg(live.waitingFor().join(QStringLiteral(", ")),
                                     QString::fromStdString(live.queueId())));
        });
    QObject::connect(&live, &LiveTournament::finished, &app, [&] {
        QTimer::singleShot(0, &app, [&] { app.exit(0); });
    });
    QObject::connect(&live, &LiveTournament::failed, &app, [&](const QString &message) {
        err(QStringLiteral("townhall tournament: %1\n").arg(message));
        code = 1;
        app.exit(1);
    });
    if (!live.start(&error)) {
        err(QStringLiteral("townhall tournament: %1\n").arg(error));
        return 1;
    }
    // Tell the user what an MCP agent must do to play.
    for (const tournament::Participant &part : spec.value().participants)
        if (part.kind == tournament::ParticipantKind::Agent)
            err(QStringLiteral("tournament %1: agent %2 joins queue \"%3\" at %4\n")
                    .arg(QString::fromStdString(id),
                         QString::fromStdString(part.entry.value("agent", std::string())),
                         QString::fromStdString(live.queueId()),
                         mcp.url()));
    line.show(live.progress());
    stopOnTerminationSignals(&app, [&app, &live] {
        live.stop(); // a shared database gets back the claims not started
        app.exit(3);
    });
    const int rc = app.exec();
    return code ? code : rc;
}

/// Where `--db` keeps tournaments: the host's SQLite file (the app's by
/// default) or a shared PostgreSQL database.
struct Tournaments
{
    std::unique_ptr<Store> local; ///< the SQLite store LocalTournaments wraps
    std::unique_ptr<TournamentStore> store;
};

StoreResult<Tournaments> openTournaments(const QCommandLineParser &p, bool create)
{
    Tournaments t;
    const QString db = p.value(QStringLiteral("db"));
    if (isPostgresUrl(db)) {
        QString why;
        auto url = parsePostgresUrl(db, &why);
        if (!url)
            return StoreError{StoreError::Code::Invalid, QStringLiteral("--db: ") + why};
        auto shared = SharedTournaments::open(*url);
        if (!shared)
            return shared.error();
        t.store = std::move(shared).value();
        return t;
    }
    auto store = openStore(p, create);
    if (!store)
        return store.error();
    t.local = std::make_unique<Store>(std::move(store).value());
    t.store = std::make_unique<LocalTournaments>(*t.local);
    return t;
}

int resumeOrRun(QCoreApplication &app,
                const QCommandLineParser &p,
                Tournaments tournaments,
                const std::string &id,
                int parallel,
                int leaseMs)
{
    auto spec = tournamentSpec(*tournaments.store, id);
    if (!spec) {
        err(QStringLiteral("townhall tournament: %1\n").arg(spec.error().message));
        return 1;
    }
    int rc = 0;
    std::optional<tournament::Report> report;
    if (spec.value().botsOnly()) {
        // One writer per database file, as for a host: a second run of the
        // same tournament would play every match again. A shared database
        // takes any number of hosts: they claim matches.
        DatabaseLock lock;
        QString error;
        if (tournaments.local && tournaments.local->path() != QLatin1String(":memory:")
            && !lock.acquire(tournaments.local->path(), &error)) {
            err(QStringLiteral("townhall tournament: %1\n").arg(error));
            return 1;
        }
        rc = playBots(*tournaments.store, id, parallel, leaseMs, &report);
    } else {
        if (tournaments.store->shared()) {
            // The host plays in its own file; the report comes from the
            // shared database, with every host's matches.
            rc = playLive(app, p, tournaments.store.get(), id, parallel, leaseMs);
            if (rc != 0)
                return rc;
            return printReport(*tournaments.store,
                               id,
                               p.value(QStringLiteral("format")),
                               p.value(QStringLiteral("out")));
        }
        tournaments = {}; // the host opens the database itself
        rc = playLive(app, p, nullptr, id, parallel, leaseMs);
        auto again = openTournaments(p, false);
        if (!again) {
            err(QStringLiteral("townhall tournament: %1\n").arg(again.error().message));
            return 1;
        }
        tournaments = std::move(again).value();
    }
    if (rc != 0)
        return rc;
    return printReport(*tournaments.store,
                       id,
                       p.value(QStringLiteral("format")),
                       p.value(QStringLiteral("out")),
                       std::move(report));
}

void addTournamentOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(QStringLiteral(
        "Tournaments: many matches, roles rotated, ratings with intervals "
        "(docs/tournaments.md).\n\n"
        "  townhall tournament run FILE     create a tournament from FILE and play it\n"
        "  townhall tournament create FILE  create it only; print its id (hosts then join it)\n"
        "  townhall tournament resume ID    play what is left of tournament ID (after a crash or "
        "Ctrl+C)\n"
        "  townhall tournament join ID      the same: play its matches with whatever other hosts "
        "play it\n"
        "  townhall tournament report ID    print its report\n"
        "  townhall tournament list         the tournaments in the database\n\n"
        "Several hosts share one tournament through PostgreSQL: --db "
        "postgresql://USER@HOST:PORT/DB\n"
        "(the password from PGPASSWORD or ~/.pgpass, never the command line; TLS options such as\n"
        "?sslmode=verify-full&sslrootcert=FILE pass to the driver). `townhall --headless "
        "--tournament ID\n"
        "--db postgresql://…` is `join`. A live tournament's matches play in each host's own file\n"
        "(--local-db) and are recorded, with their logs, in the shared database."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("tournament"), QStringLiteral("the command"));
    p.addPositionalArgument(QStringLiteral("action"),
                            QStringLiteral("run, create, resume, join, report or list"));
    p.addPositionalArgument(QStringLiteral("what"),
                            QStringLiteral("FILE (run, create) or ID (resume, join, report)"));
    p.addOption({QStringLiteral("db"),
                 QStringLiteral(
                     "The database: a file (default: the app's) or postgresql://USER@HOST:PORT/DB "
                     "shared by several hosts."),
                 QStringLiteral("PATH|URL")});
    p.addOption(
        {QStringLiteral("local-db"),
         QStringLiteral(
             "Live tournaments on a postgresql:// --db: the host's own database file, where "
             "it plays its matches (default: the app's)."),
         QStringLiteral("PATH")});
    p.addOption({QStringLiteral("lease"),
                 QStringLiteral(
                     "Shared database: seconds a host holds a claimed match without renewing it; "
                     "a host that dies loses its matches after this (default 30)."),
                 QStringLiteral("S"),
                 QStringLiteral("30")});
    p.addOption(
        {QStringLiteral("parallel"),
         QStringLiteral("Matches at once (bots: threads; default 2, or the file's \"parallel\")."),
         QStringLiteral("N")});
    p.addOption({QStringLiteral("format"),
                 QStringLiteral("The report's format: md, csv, json or html."),
                 QStringLiteral("F"),
                 QStringLiteral("md")});
    p.addOption({QStringLiteral("out"),
                 QStringLiteral("Write the report to FILE instead of stdout."),
                 QStringLiteral("FILE")});
    p.addOption({QStringLiteral("port"),
                 QStringLiteral("Live tournaments: the MCP port (default: any free one)."),
                 QStringLiteral("P")});
    p.addOption({QStringLiteral("speed"),
                 QStringLiteral("Live tournaments: timer speed factor."),
                 QStringLiteral("X")});
    p.addOption({QStringLiteral("players-listen"),
                 QStringLiteral("Tournaments with people (\"human\": true): serve their pages "
                                "on ADDR:PORT; each person's \"join: URL\" line (one link for "
                                "every match) is printed on stderr."),
                 QStringLiteral("ADDR:PORT")});
}

int tournamentUsage()
{
    err(QStringLiteral("usage: townhall tournament run FILE | create FILE | resume ID | join "
                       "ID | report ID | list  "
                       "(see --help)\n"));
    return 2;
}

/// The options every action shares, checked before anything opens.
struct TournamentSettings
{
    int parallel = 2; ///< --parallel; a run's file may still say otherwise
    int leaseMs = 0;
};

/// nullopt (said on stderr) when --format, --parallel, --lease or --local-db is wrong.
std::optional<TournamentSettings> readTournamentSettings(const QCommandLineParser &p)
{
    if (!knownFormat(p.value(QStringLiteral("format")))) {
        err(QStringLiteral("townhall tournament: --format must be md, csv, json or html\n"));
        return std::nullopt;
    }
    TournamentSettings s;
    if (p.isSet(QStringLiteral("parallel"))) {
        bool ok = false;
        s.parallel = p.value(QStringLiteral("parallel")).toInt(&ok);
        if (!ok || s.parallel < 1 || s.parallel > 64) {
            err(QStringLiteral(
                "townhall tournament: --parallel must be a whole number from 1 to 64\n"));
            return std::nullopt;
        }
    }

    bool leaseOk = false;
    const double leaseSeconds = p.value(QStringLiteral("lease")).toDouble(&leaseOk);
    if (!leaseOk || leaseSeconds < 0.5 || leaseSeconds > 86400) {
        err(QStringLiteral(
            "townhall tournament: --lease must be a number of seconds from 0.5 to 86400\n"));
        return std::nullopt;
    }
    s.leaseMs = int(leaseSeconds * 1000);
    if (p.isSet(QStringLiteral("players-listen"))
        && !listenAddress(p.value(QStringLiteral("players-listen")))) {
        err(QStringLiteral("townhall tournament: --players-listen must be ADDR:PORT with an IP "
                           "address, such as 0.0.0.0:8790\n"));
        return std::nullopt;
    }
    if (p.isSet(QStringLiteral("local-db")) && !isPostgresUrl(p.value(QStringLiteral("db")))) {
        err(QStringLiteral(
            "townhall tournament: --local-db goes with a postgresql:// --db (a database file "
            "is the host's own)\n"));
        return std::nullopt;
    }
    return s;
}

int listTournaments(const QCommandLineParser &p)
{
    auto store = openTournaments(p, false);
    if (!store) {
        err(QStringLiteral("townhall tournament: %1\n").arg(store.error().message));
        return 1;
    }
    auto list = store.value().store->tournaments();
    if (!list) {
        err(QStringLiteral("townhall tournament: %1\n").arg(list.error().message));
        return 1;
    }
    for (const TournamentRow &t : list.value())
        out(QStringLiteral("%1\t%2\t%3/%4 matches\t%5\n")
                .arg(QString::fromStdString(t.id), QString::fromStdString(t.status))
                .arg(t.done)
                .arg(t.scheduled)
                .arg(QString::fromStdString(t.name)));
    return 0;
}

/// `run FILE` and `create FILE`: the file is read and checked (its seats
/// too, for a live one) before the database opens; `create` prints the id,
/// `run` plays it. Without --parallel, the file's "parallel" counts.
int createTournamentFrom(QCoreApplication &app,
                         const QCommandLineParser &p,
                         const QString &action,
                         const QString &what,
                         TournamentSettings settings)
{
    QString why;
    const auto read = readBounded(what, MaxTournamentFileBytes, &why);
    if (!read) {
        err(QStringLiteral("townhall tournament: %1\n").arg(why));
        return 1;
    }
    const QByteArray &text = *read;
    auto parsed
        = tournament::parseSpec(std::string_view(text.constData(), std::size_t(text.size())));
    if (!parsed.ok()) {
        for (const std::string &e : parsed.errors)
            err(QStringLiteral("%1: %2\n").arg(what, QString::fromStdString(e)));
        return 2;
    }
    if (!p.isSet(QStringLiteral("parallel"))) {
        const auto j = engine::json::parse(text.toStdString(), nullptr, false);
        if (j.is_object() && j.contains("parallel") && j["parallel"].is_number_integer())
            settings.parallel = j["parallel"].get<int>();
    }
    if (parsed.spec->hasPeople() && action == QLatin1String("run")
        && !p.isSet(QStringLiteral("players-listen"))) {
        err(QStringLiteral("%1: %2\n").arg(what, peopleNeedListen()));
        return 2;
    }
    if (!parsed.spec->botsOnly()) {
        auto seats = seatsOf(*parsed.spec);
        if (!seats.ok()) {
            for (const QString &e : seats.errors)
                err(QStringLiteral("%1: %2\n").arg(what, e));
            return 2;
        }
    }
    auto store = openTournaments(p, true);
    if (!store) {
        err(QStringLiteral("townhall tournament: %1\n").arg(store.error().message));
        return 1;
    }
    auto id = createTournament(*store.value().store, *parsed.spec);
    if (!id) {
        err(QStringLiteral("townhall tournament: %1\n").arg(id.error().message));
        return 1;
    }
    err(QStringLiteral("tournament %1: %2 matches of %3 scheduled in %4\n")
            .arg(QString::fromStdString(id.value()))
            .arg(parsed.spec->matches)
            .arg(QString::fromStdString(parsed.spec->rules.name),
                 store.value().local ? QDir::toNativeSeparators(store.value().local->path())
                                     : store.value().store->location()));
    if (action == QLatin1String("create")) {
        out(QString::fromStdString(id.value()) + QLatin1Char('\n'));
        return 0;
    }
    return resumeOrRun(
        app, p, std::move(store).value(), id.value(), settings.parallel, settings.leaseMs);
}

} // namespace

int runTournament(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    addTournamentOptions(p);
    p.process(app);
    const QStringList args = p.positionalArguments();
    const QString action = args.value(1);
    const std::optional<TournamentSettings> settings = readTournamentSettings(p);
    if (!settings)
        return 2;

    if (action == QLatin1String("list"))
        return listTournaments(p);
    if (args.size() != 3)
        return tournamentUsage();
    const QString what = args.value(2);
    if (action == QLatin1String("run") || action == QLatin1String("create"))
        return createTournamentFrom(app, p, action, what, *settings);
    if (action == QLatin1String("resume") || action == QLatin1String("join")
        || action == QLatin1String("report")) {
        auto store = openTournaments(p, false);
        if (!store) {
            err(QStringLiteral("townhall tournament: %1\n").arg(store.error().message));
            return 1;
        }
        if (action == QLatin1String("report"))
            return printReport(*store.value().store,
                               what.toStdString(),
                               p.value(QStringLiteral("format")),
                               p.value(QStringLiteral("out")));
        return resumeOrRun(app,
                           p,
                           std::move(store).value(),
                           what.toStdString(),
                           settings->parallel,
                           settings->leaseMs);
    }
    return tournamentUsage();
}

} // namespace townhall::app
