// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QLocale>
#include <QString>

#include <utility>

namespace townhall::ui {

/// Which translation the application shows. The .qm files are compiled into
/// the townhall executable under ":/i18n" (townhall_en.qm, townhall_zh_CN.qm).
struct Languages
{
    Q_DECLARE_TR_FUNCTIONS(townhall::ui::Languages)

public:
    /// The languages with a translation: (code, name in that language).
    static QList<std::pair<QString, QString>> available();
    /// The locale of a language setting; an empty setting means the system's.
    static QLocale localeFor(const QString &language);
    /// Installs the translation of `locale` found in `directory`, replacing the
    /// one installed before (if any), and makes `locale` the default locale.
    /// Returns false when there is no such translation; the English one is
    /// installed then (it holds the English plural forms).
    static bool install(const QLocale &locale, const QString &directory = QStringLiteral(":/i18n"));
    /// The code of the translation installed last ("zh_CN"), empty for none.
    static QString installed();
};

} // namespace townhall::ui
