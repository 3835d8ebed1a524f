// SPDX-License-Identifier: MIT
#pragma once

// What the screenshot programs share: the checks that make a run fail, and
// a pause that keeps the event loop turning.

#include "ui/i18n.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QSize>
#include <QStandardPaths>
#include <QStringList>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <optional>

namespace townhall::shots {

/// Failed checks so far; a program exits non-zero when there are any.
inline int failures = 0;
/// The program's name, for its messages.
inline const char *program = "screenshot";

inline void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "%s: FAILED: %s\n", program, what);
        ++failures;
    }
}

/// What every screenshot program does first: names itself for its messages
/// and for QSettings, and keeps the user's settings and data out of reach.
inline void begin(const char *name)
{
    program = name;
    QCoreApplication::setOrganizationName(QStringLiteral("TownHallTest"));
    QCoreApplication::setApplicationName(QString::fromLatin1(name));
    QStandardPaths::setTestModeEnabled(true);
}

/// Runs the event loop for `ms` milliseconds.
inline void settle(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

/// Grabs `widget` into DIR/NAME.png after a moment to settle, and prints
/// the path; a failure to write counts as a failed check.
template<typename Widget>
void shoot(Widget &widget, const QString &dir, const QString &name, int settleMs = 700)
{
    settle(settleMs);
    const QString path = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    if (!widget.grab().save(path)) {
        std::fprintf(stderr, "%s: cannot write %s\n", program, qPrintable(path));
        ++failures;
        return;
    }
    std::printf("%s\n", qPrintable(path));
}

/// The output directory, the first of `args` after the program, made if
/// missing; empty (after printing the usage) when there is none.
inline QString outputDir(const QStringList &args)
{
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: %s <output-dir> [--size WxH]\n", program);
        return {};
    }
    QDir().mkpath(args.at(1));
    return args.at(1);
}

/// The window size `--size WxH` asks for among `args`, or `fallback`.
inline QSize sizeOption(const QStringList &args, QSize fallback = QSize(1440, 900))
{
    QSize size = fallback;
    if (const int i = int(args.indexOf(QStringLiteral("--size"))); i > 0 && i + 1 < args.size()) {
        const QStringList wh = args.at(i + 1).split(QLatin1Char('x'));
        if (wh.size() == 2)
            size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    return size;
}

/// `--language L` among `args` ("en" without it): installs L's translation
/// from `qmDir` and returns what goes before the file names ("zh_CN-", or
/// "" for English); nullopt, after saying so, when L has no translation.
inline std::optional<QString> languageOption(const QStringList &args, const QString &qmDir)
{
    QString lang = QStringLiteral("en");
    QString prefix;
    if (const int i = int(args.indexOf(QStringLiteral("--language")));
        i > 0 && i + 1 < args.size()) {
        lang = args.at(i + 1);
        prefix = lang + QLatin1Char('-');
    }
    if (!ui::Languages::install(QLocale(lang), qmDir)) {
        std::fprintf(stderr, "%s: no translation %s\n", program, qPrintable(lang));
        return std::nullopt;
    }
    return prefix;
}

/// Runs the event loop until `done()` holds, checked whenever `sender` emits
/// `signal` and every 20 ms, or until `timeoutMs` passed. Returns done().
template<typename Sender, typename Signal>
bool waitUntil(const Sender *sender,
               Signal signal,
               const std::function<bool()> &done,
               int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    auto test = [&] {
        if (done())
            loop.quit();
    };
    const auto c = QObject::connect(sender, signal, &loop, test);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, test);
    poll.start(20);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(c);
    return done();
}

} // namespace townhall::shots
