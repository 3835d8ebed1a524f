// SPDX-License-Identifier: MIT
// The townhall executable: GUI by default, a headless host, and CLI commands.

#include "app/simulate.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace {

int runSimulate(QCoreApplication &app)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Runs complete bot matches at virtual time."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("simulate"), QStringLiteral("the command"));
    p.addOption({QStringLiteral("matches"), QStringLiteral("How many matches."), QStringLiteral("N"),
                 QStringLiteral("1000")});
    p.addOption({QStringLiteral("seed"), QStringLiteral("Master seed."), QStringLiteral("S"),
                 QStringLiteral("1")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the report as JSON.")});
    p.addOption({QStringLiteral("no-narrator"), QStringLiteral("Skip narration (for profiling).")});
    p.process(app);
    bool ok1 = false;
    bool ok2 = false;
    const int n = p.value(QStringLiteral("matches")).toInt(&ok1);
    const auto seed = p.value(QStringLiteral("seed")).toULongLong(&ok2);
    if (!ok1 || !ok2 || n < 1) {
        std::fprintf(stderr, "townhall simulate: --matches must be a positive integer and --seed an "
                             "unsigned integer\n");
        return 2;
    }
    townhall::engine::MatchConfig config;
    config.narrator = !p.isSet(QStringLiteral("no-narrator"));
    const auto report = townhall::app::simulate(n, seed, config);
    const std::string out = p.isSet(QStringLiteral("json")) ? townhall::app::toJsonText(report)
                                                            : townhall::app::toText(report);
    std::fputs(out.c_str(), stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication::setApplicationName(QStringLiteral("townhall"));
    QCoreApplication::setOrganizationName(QStringLiteral("TownHall"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOWNHALL_VERSION));
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (command == QLatin1String("simulate")) {
        QCoreApplication app(argc, argv);
        return runSimulate(app);
    }
    std::fprintf(stderr, "usage: townhall simulate --matches N --seed S [--json]\n");
    return 2;
}
