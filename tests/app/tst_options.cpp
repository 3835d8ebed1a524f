// SPDX-License-Identifier: MIT
// The host options both modes share (app/options): their defaults in each
// mode, each option read, the refusals with the messages the modes have
// always printed (and where the modes differ), the help's order and words,
// and the termination signals turned into one call in the event loop.

#include "app/options.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace townhall::app;

Q_DECLARE_METATYPE(townhall::app::HostMode)

namespace {

/// Parses `args` (without the program name) as `mode` does and reads the
/// host options; the error (empty when there is none) goes to `error`.
std::optional<HostCommandLine>
read(HostMode mode, const QStringList &args, QString *error = nullptr)
{
    QCommandLineParser p;
    addHostOptions(p, mode);
    if (!p.parse(QStringList{QStringLiteral("townhall")} + args)) {
        if (error)
            *error = p.errorText();
        return std::nullopt;
    }
    QString why;
    auto options = readHostOptions(p, mode, &why);
    if (error)
        *error = why;
    return options;
}

/// The long option names in `help` (QCommandLineParser::helpText()), in order.
QStringList optionsIn(const QString &help)
{
    QStringList names;
    static const QRegularExpression option(QStringLiteral("^  (?:-\\w, )?--([\\w-]+)"),
                                           QRegularExpression::MultilineOption);
    for (auto it = option.globalMatch(help); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

} // namespace

class TstOptions final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaults_data()
    {
        QTest::addColumn<HostMode>("mode");
        QTest::addColumn<std::optional<quint16>>("port");
        QTest::newRow("desktop") << HostMode::Desktop << std::optional<quint16>();
        QTest::newRow("headless") << HostMode::Headless << std::optional<quint16>(8787);
    }

    void defaults()
    {
        QFETCH(HostMode, mode);
        QFETCH(std::optional<quint16>, port);
        QString error;
        const auto o = read(mode, {}, &error);
        QVERIFY2(o, qPrintable(error));
        QVERIFY(error.isEmpty());
        QCOMPARE(o->port, port);
        QVERIFY(!o->dbGiven);
        QVERIFY(o->host.dbPath.isEmpty());
        QCOMPARE(o->host.speed, 1.0);
        QCOMPARE(o->bots, 0);
        QVERIFY(!o->demo);
        QVERIFY(!o->host.durable);
        QVERIFY(o->host.guests);
        QVERIFY(o->host.rateLimits);
        QVERIFY(!o->host.seed);
        QVERIFY(o->host.rules.isClassic());
    }

    // --rules names a preset (or its short name) or a JSON file; anything
    // else is refused with a message that says what would do.
    void rulesOption()
    {
        for (HostMode mode : {HostMode::Desktop, HostMode::Headless}) {
            QString error;
            auto nine = read(mode, {QStringLiteral("--rules"), QStringLiteral("9p")}, &error);
            QVERIFY2(nine, qPrintable(error));
            QCOMPARE(nine->host.rules, *townhall::engine::rulePreset("witch-hunter-9"));
            auto twelve
                = read(mode,
                       {QStringLiteral("--rules"), QStringLiteral("witch-hunter-doctor-12")},
                       &error);
            QVERIFY2(twelve, qPrintable(error));
            QCOMPARE(twelve->host.rules.seatCount(), 12);

            auto unknown
                = read(mode, {QStringLiteral("--rules"), QStringLiteral("seed003")}, &error);
            QVERIFY(!unknown);
            QVERIFY2(error.startsWith(QStringLiteral("--rules: unknown rule set 'seed003'")),
                     qPrintable(error));
            QVERIFY2(error.contains(QStringLiteral("witch-hunter-9")),
                     qPrintable(error)); // lists the presets
        }

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&dir](const char *name, const QByteArray &text) {
            QFile f(dir.filePath(QLatin1String(name)));
            if (!f.open(QIODevice::WriteOnly))
                qFatal("cannot write %s", name);
            f.write(text);
            return f.fileName();
        };
        QString error;
        const QString good
            = write("house.json", R"({"base": "witch-hunter-9", "name": "house", "maxDays": 4})");
        auto house = read(HostMode::Headless, {QStringLiteral("--rules"), good}, &error);
        QVERIFY2(house, qPrintable(error));
        QCOMPARE(house->host.rules.name, std::string("house"));
        QCOMPARE(house->host.rules.maxDays, 4);
        QCOMPARE(house->host.rules.seatCount(), 9);

        // RuleSet::fromJson's own message, after the file's name.
        const QString badKey = write("typo.json", R"({"base": "witch-hunter-9", "wolves": 3})");
        QVERIFY(!read(HostMode::Headless, {QStringLiteral("--rules"), badKey}, &error));
        QVERIFY2(error.startsWith(QStringLiteral("--rules: ") + badKey + QStringLiteral(": ")),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("wolves")), qPrintable(error));
        const auto expected = townhall::engine::RuleSet::fromJson(
            townhall::engine::json{{"base", "witch-hunter-9"}, {"wolves", 3}});
        QVERIFY(!expected);
        QVERIFY2(error.endsWith(QString::fromStdString(expected.error().message)),
                 qPrintable(error));

        const QString notJson = write("broken.json", "{\"base\": ");
        QVERIFY(!read(HostMode::Headless, {QStringLiteral("--rules"), notJson}, &error));
        QCOMPARE(error, QStringLiteral("--rules: ") + notJson + QStringLiteral(": not valid JSON"));
    }

    void eachOption_data()
    {
        QTest::addColumn<HostMode>("mode");
        for (HostMode mode : {HostMode::Desktop, HostMode::Headless}) {
            const char *name = mode == HostMode::Desktop ? "desktop" : "headless";
            QTest::newRow(name) << mode;
        }
    }

    void eachOption()
    {
        QFETCH(HostMode, mode);
        auto one = [mode](const QStringList &args) {
            QString error;
            auto o = read(mode, args, &error);
            if (!o)
                qWarning("%s: %s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(error));
            return o.value_or(HostCommandLine{});
        };
        QCOMPARE(one({QStringLiteral("--port"), QStringLiteral("9100")}).port,
                 std::optional<quint16>(9100));
        QCOMPARE(one({QStringLiteral("--port"), QStringLiteral("0")}).port,
                 std::optional<quint16>(0));

        const HostCommandLine db = one({QStringLiteral("--db"), QStringLiteral(":memory:")});
        QVERIFY(db.dbGiven);
        QCOMPARE(db.host.dbPath, QStringLiteral(":memory:"));

        QCOMPARE(one({QStringLiteral("--speed"), QStringLiteral("2.5")}).host.speed, 2.5);
        QCOMPARE(one({QStringLiteral("--bots"), QStringLiteral("3")}).bots, 3);
        QVERIFY(one({QStringLiteral("--demo")}).demo);
        QVERIFY(one({QStringLiteral("--durable")}).host.durable);
        QVERIFY(!one({QStringLiteral("--no-guests")}).host.guests);
        QVERIFY(!one({QStringLiteral("--no-rate-limits")}).host.rateLimits);
        QCOMPARE(one({QStringLiteral("--seed"), QStringLiteral("18446744073709551615")}).host.seed,
                 std::optional<std::uint64_t>(18446744073709551615ULL));
    }

    // --demo runs faster unless --speed says otherwise: 10 in the window,
    // 20 on the terminal.
    void demoSpeed_data()
    {
        QTest::addColumn<HostMode>("mode");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<double>("speed");
        QTest::newRow("desktop demo")
            << HostMode::Desktop << QStringList{QStringLiteral("--demo")} << 10.0;
        QTest::newRow("headless demo")
            << HostMode::Headless << QStringList{QStringLiteral("--demo")} << 20.0;
        QTest::newRow("desktop demo, --speed")
            << HostMode::Desktop
            << QStringList{QStringLiteral("--demo"), QStringLiteral("--speed"), QStringLiteral("3")}
            << 3.0;
        QTest::newRow("headless demo, --speed") << HostMode::Headless
                                                << QStringList{QStringLiteral("--demo"),
                                                               QStringLiteral("--speed"),
                                                               QStringLiteral("0.5")}
                                                << 0.5;
    }

    void demoSpeed()
    {
        QFETCH(HostMode, mode);
        QFETCH(QStringList, args);
        QFETCH(double, speed);
        const auto o = read(mode, args);
        QVERIFY(o);
        QCOMPARE(o->host.speed, speed);
    }

    // The messages are the ones townhall printed before the modes shared
    // this code (after "townhall: "); where several values are wrong, the
    // one a mode checked first is named.
    void refusals_data()
    {
        QTest::addColumn<HostMode>("mode");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString speed = QStringLiteral("--speed must be positive");
        const QString bots = QStringLiteral("--bots must be a number of bots (0 or more)");
        const QString port = QStringLiteral("--port must be a port number");
        for (HostMode mode : {HostMode::Desktop, HostMode::Headless}) {
            const char *name = mode == HostMode::Desktop ? "desktop" : "headless";
            QTest::addRow("%s speed 0", name)
                << mode << QStringList{QStringLiteral("--speed"), QStringLiteral("0")} << speed;
            QTest::addRow("%s speed negative", name)
                << mode << QStringList{QStringLiteral("--speed"), QStringLiteral("-1")} << speed;
            QTest::addRow("%s speed not a number", name)
                << mode << QStringList{QStringLiteral("--speed"), QStringLiteral("fast")} << speed;
        }
        QTest::newRow("headless bots negative")
            << HostMode::Headless << QStringList{QStringLiteral("--bots"), QStringLiteral("-1")}
            << bots;
        QTest::newRow("headless bots not a number")
            << HostMode::Headless << QStringList{QStringLiteral("--bots"), QStringLiteral("x")}
            << bots;
        QTest::newRow("headless bots before speed") << HostMode::Headless
                                                    << QStringList{QStringLiteral("--speed"),
                                                                   QStringLiteral("0"),
                                                                   QStringLiteral("--bots"),
                                                                   QStringLiteral("x")}
                                                    << bots;
        for (HostMode mode : {HostMode::Desktop, HostMode::Headless})
            QTest::addRow("%s timers unknown", mode == HostMode::Desktop ? "desktop" : "headless")
                << mode << QStringList{QStringLiteral("--timers"), QStringLiteral("slow")}
                << QStringLiteral("--timers must be standard, models or people");
        const QString listen
            = QStringLiteral("--spectate-listen must be ADDR:PORT with an IP address, such as "
                             "192.168.1.20:8788");
        for (const char *value :
             {"8788", "somehost:8788", "127.0.0.1:", "127.0.0.1:99999", ":8788"})
            QTest::addRow("spectate-listen %s", value)
                << HostMode::Headless
                << QStringList{QStringLiteral("--spectate-listen"), QString::fromLatin1(value)}
                << listen;
        QTest::newRow("desktop port not a number")
            << HostMode::Desktop << QStringList{QStringLiteral("--port"), QStringLiteral("x")}
            << port;
        QTest::newRow("desktop port empty")
            << HostMode::Desktop << QStringList{QStringLiteral("--port"), QString()} << port;
        QTest::newRow("desktop speed before port") << HostMode::Desktop
                                                   << QStringList{QStringLiteral("--port"),
                                                                  QStringLiteral("x"),
                                                                  QStringLiteral("--speed"),
                                                                  QStringLiteral("0")}
                                                   << speed;
    }

    // --spectate-listen names one more address for the feed alone; off by default.
    void spectateListen()
    {
        for (HostMode mode : {HostMode::Desktop, HostMode::Headless}) {
            const auto none = read(mode, {});
            QVERIFY(none && !none->spectateListen);
            const auto v4 = read(
                mode, {QStringLiteral("--spectate-listen"), QStringLiteral("192.168.1.20:8788")});
            QVERIFY(v4 && v4->spectateListen);
            QCOMPARE(v4->spectateListen->first, QHostAddress(QStringLiteral("192.168.1.20")));
            QCOMPARE(v4->spectateListen->second, quint16(8788));
            const auto v6
                = read(mode, {QStringLiteral("--spectate-listen"), QStringLiteral("[::1]:9000")});
            QVERIFY(v6 && v6->spectateListen);
            QCOMPARE(v6->spectateListen->first, QHostAddress(QStringLiteral("::1")));
        }
    }

    // --timers picks a preset; without it the mode's own default applies.
    void timerPresets()
    {
        for (HostMode mode : {HostMode::Desktop, HostMode::Headless}) {
            const auto none = read(mode, {});
            QVERIFY(none);
            QVERIFY(!none->timers);
            const auto standard
                = read(mode, {QStringLiteral("--timers"), QStringLiteral("standard")});
            QVERIFY(standard && standard->timers);
            QCOMPARE(standard->timers->dayVote, townhall::engine::Timers{}.dayVote);
            const auto models = read(mode, {QStringLiteral("--timers"), QStringLiteral("models")});
            QVERIFY(models && models->timers);
            const townhall::engine::Timers base;
            // Every phase a player acts in is longer for models; none is shorter.
            QVERIFY(models->timers->night > base.night);
            QVERIFY(models->timers->openingTurn > base.openingTurn);
            QVERIFY(models->timers->dayDiscussion > base.dayDiscussion);
            QVERIFY(models->timers->dayVote > base.dayVote);
            QVERIFY(models->timers->dayResolution > base.dayResolution);
            QVERIFY(models->timers->lobby >= base.lobby);
            QVERIFY(models->timers->dayAnnounce >= base.dayAnnounce);
        }
    }

    void refusals()
    {
        QFETCH(HostMode, mode);
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!read(mode, args, &error));
        QCOMPARE(error, message);
    }

    // What one mode refuses the other has always taken: the desktop app
    // reads a --bots that is not a count as 0, the headless host a --port
    // that is not a number as 0 (any free port).
    void lenientWhereTheyWere()
    {
        for (const QString &bots : {QStringLiteral("-4"), QStringLiteral("x")}) {
            const auto o = read(HostMode::Desktop, {QStringLiteral("--bots"), bots});
            QVERIFY(o);
            QCOMPARE(o->bots, 0);
        }
        const auto o = read(HostMode::Headless, {QStringLiteral("--port"), QStringLiteral("x")});
        QVERIFY(o);
        QCOMPARE(o->port, std::optional<quint16>(0));
    }

    // --help lists the shared options in the order the modes always had,
    // with a mode's own options between --bots and --demo, worded per mode.
    void helpOrderAndWords()
    {
        QCommandLineParser headless;
        headless.addHelpOption();
        addHostOptions(headless,
                       HostMode::Headless,
                       {QCommandLineOption(QStringLiteral("quiet"), QStringLiteral("Quiet."))});
        // simplified(): the wrapping undone, to find a description whole.
        const QString help = headless.helpText().simplified();
        QCOMPARE(optionsIn(headless.helpText()),
                 (QStringList{QStringLiteral("help"),
                              QStringLiteral("help-all"),
                              QStringLiteral("port"),
                              QStringLiteral("db"),
                              QStringLiteral("speed"),
                              QStringLiteral("bots"),
                              QStringLiteral("quiet"),
                              QStringLiteral("demo"),
                              QStringLiteral("no-guests"),
                              QStringLiteral("durable"),
                              QStringLiteral("no-rate-limits"),
                              QStringLiteral("seed"),
                              QStringLiteral("timers"),
                              QStringLiteral("rules"),
                              QStringLiteral("spectate-listen")}));
        QVERIFY(
            help.contains(QStringLiteral("--port <P> MCP port on 127.0.0.1 (0: any free port).")));
        QVERIFY(help.contains(
            QStringLiteral("--demo Play one match of built-in bots, print it narrated, "
                           "and exit with the result.")));
        // The commands that open a database describe --db as the headless host does.
        QVERIFY(
            databaseOption().description().startsWith(QStringLiteral("Database file (default: ")));
        QVERIFY(databaseOption().description().endsWith(
            QStringLiteral("; \":memory:\" keeps nothing).")));

        QCommandLineParser desktop;
        addHostOptions(desktop, HostMode::Desktop);
        const QString desktopHelp = desktop.helpText().simplified();
        QVERIFY(desktopHelp.contains(
            QStringLiteral("--speed <X> Timer speed factor (2 halves every timer; --demo: 10).")));
        QVERIFY(desktopHelp.contains(
            QStringLiteral("--bots <N> Keep N built-in bots waiting in the queue")));
        QVERIFY(desktopHelp.contains(QStringLiteral(
            "--db <PATH> Database file (default: townhall.sqlite in the data directory, ")));
    }

    void ollamaShortcut_data()
    {
        QTest::addColumn<QString>("ollamaHost");
        QTest::addColumn<QString>("baseUrl");
        QTest::newRow("unset") << QString() << QStringLiteral("http://127.0.0.1:11434/v1");
        QTest::newRow("host:port")
            << QStringLiteral("gpu-box:11500") << QStringLiteral("http://gpu-box:11500/v1");
        QTest::newRow("every address")
            << QStringLiteral("0.0.0.0:11434") << QStringLiteral("http://127.0.0.1:11434/v1");
        QTest::newRow("url with slash")
            << QStringLiteral("https://ollama.lan/") << QStringLiteral("https://ollama.lan/v1");
        QTest::newRow("url with /v1")
            << QStringLiteral("http://h:1/v1") << QStringLiteral("http://h:1/v1");
    }

    void ollamaShortcut()
    {
        QFETCH(QString, ollamaHost);
        QFETCH(QString, baseUrl);
        const auto file = ollamaSeats(QStringLiteral(" qwen3:8b, llama3.1:8b ,"), ollamaHost);
        QVERIFY(file);
        QCOMPARE(file->providers.size(), std::size_t(1));
        const auto &profile = file->providers.at(QStringLiteral("ollama"));
        QCOMPARE(profile.baseUrl, baseUrl);
        QCOMPARE(profile.model, QStringLiteral("qwen3:8b"));
        QVERIFY(profile.apiKeyEnv.isEmpty());
        QCOMPARE(int(file->seats.size()), 8);
        QSet<QString> names;
        for (std::size_t i = 0; i < file->seats.size(); ++i) {
            const auto &seat = file->seats[i];
            QVERIFY(!seat.bot);
            names.insert(seat.name);
            // The models take turns: the profile's own model needs no override.
            QCOMPARE(file->profileFor(seat)->model,
                     i % 2 ? QStringLiteral("llama3.1:8b") : QStringLiteral("qwen3:8b"));
        }
        QCOMPARE(names.size(), 8);
        QVERIFY(!ollamaSeats(QStringLiteral(" , "), ollamaHost));
    }

    void ollamaOptionAndItsRefusals()
    {
        auto parse = [](const QStringList &args, QString *error) {
            QCommandLineParser p;
            p.addOption(seatsOption());
            p.addOption(ollamaOption());
            if (!p.parse(QStringList{QStringLiteral("townhall")} + args))
                return SeatsOption{false, {}, {}};
            return readSeatsOption(p, error);
        };
        QString error;
        const SeatsOption none = parse({}, &error);
        QVERIFY(none.ok && !none.file && !none.hasModels());
        const SeatsOption ollama
            = parse({QStringLiteral("--ollama"), QStringLiteral("qwen3:8b")}, &error);
        QVERIFY(ollama.ok && ollama.file && ollama.hasModels());
        QCOMPARE(int(ollama.file->seats.size()), 8);
        QVERIFY(!parse({QStringLiteral("--ollama"), QStringLiteral(",")}, &error).ok);
        QVERIFY2(error.contains(QStringLiteral("at least one model")), qPrintable(error));
        QVERIFY(!parse({QStringLiteral("--ollama"),
                        QStringLiteral("a"),
                        QStringLiteral("--seats"),
                        QStringLiteral("f.json")},
                       &error)
                     .ok);
        QVERIFY2(error.contains(QStringLiteral("--ollama and --seats")), qPrintable(error));
    }

    // Issue 29 item 12: push seats and bots keep the standard timers; only a
    // seat a language model plays brings the long model-play turns.
    void onlyModelSeatsBringModelTimers()
    {
        SeatsOption o;
        o.file.emplace();
        townhall::host::providers::SeatSpec bot;
        bot.name = QStringLiteral("Bot");
        bot.bot = true;
        townhall::host::providers::SeatSpec push;
        push.name = QStringLiteral("Pusher");
        push.push.emplace();
        o.file->seats = {bot, push};
        QVERIFY(!o.hasModels());
        townhall::host::providers::SeatSpec model;
        model.name = QStringLiteral("Model");
        model.provider = QStringLiteral("local");
        o.file->seats.push_back(model);
        QVERIFY(o.hasModels());
    }

    // SIGTERM, then SIGINT: one call, made from the event loop.
    void terminationSignalsStopOnce()
    {
        QObject context;
        int stops = 0;
        stopOnTerminationSignals(&context, [&stops] { ++stops; });
        QCOMPARE(::raise(SIGTERM), 0);
        QCOMPARE(stops, 0); // not from inside the handler
        QTRY_COMPARE(stops, 1);
        QCOMPARE(::raise(SIGINT), 0);
        QTest::qWait(100);
        QCOMPARE(stops, 1);
    }
};

QTEST_GUILESS_MAIN(TstOptions)
#include "tst_options.moc"
