// SPDX-License-Identifier: MIT
#include "ui/i18n.h"

#include "ui/logging.h"

#include <QPointer>
#include <QTranslator>

namespace townhall::ui {

namespace {

// Qt's own dialog buttons ask the "QPlatformTheme" context; Debian ships no
// Qt 6 translations of its own, so ours carry the few our dialogs show.
[[maybe_unused]] constexpr const char *kQtButtons[] = {
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Reset"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Help"),
};

QPointer<QTranslator> &current()
{
    static QPointer<QTranslator> t;
    return t;
}

QString &currentCode()
{
    static QString code;
    return code;
}

} // namespace

QList<std::pair<QString, QString>> Languages::available()
{
    // Each language is named in itself, so anyone can find their own.
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QLocale Languages::localeFor(const QString &language)
{
    return language.isEmpty() ? QLocale::system() : QLocale(language);
}

bool Languages::install(const QLocale &locale, const QString &directory)
{
    if (current()) {
        QCoreApplication::removeTranslator(current());
        delete current();
    }
    currentCode().clear();
    auto *t = new QTranslator(QCoreApplication::instance());
    if (!t->load(locale, QStringLiteral("townhall"), QStringLiteral("_"), directory)) {
        qCInfo(lcUi) << "no translation for" << locale.name() << "in" << directory;
        // English it is, with its plural forms ("1 vote", "2 votes").
        const QLocale english(QLocale::English, QLocale::UnitedStates);
        QLocale::setDefault(english);
        if (t->load(english, QStringLiteral("townhall"), QStringLiteral("_"), directory)) {
            QCoreApplication::installTranslator(t);
            current() = t;
            currentCode() = t->language();
        } else {
            delete t;
        }
        return false;
    }
    QCoreApplication::installTranslator(t);
    current() = t;
    currentCode() = t->language();
    QLocale::setDefault(locale);
    qCInfo(lcUi) << "translation" << t->language() << "from" << t->filePath();
    return true;
}

QString Languages::installed()
{
    return currentCode();
}

} // namespace townhall::ui
