// SPDX-License-Identifier: MIT
#pragma once

/// \file sharedtournamentdialog.h
/// Tournament → Open shared tournament…: a postgresql:// URL, a Connect
/// button that lists the database's tournaments and OK to open the chosen
/// one. The dialog only shows: the app checks the URL (checkUrl), reaches
/// the database off the UI thread when connectRequested is emitted, and
/// answers with showTournaments or showError.

#include <QDialog>

#include <functional>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;
class QTableWidget;

namespace townhall::ui {

/// One tournament of a shared database, as the dialog lists it.
struct SharedTournamentInfo
{
    QString id;
    QString name;
    QString status; ///< RUNNING | FINISHED
    int done = 0;
    int scheduled = 0;
};

class SharedTournamentDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SharedTournamentDialog)

public:
    /// What is wrong with a URL (a password in it, not a postgresql:// URL),
    /// or an empty string when it may be tried.
    using UrlCheck = std::function<QString(const QString &url)>;

    /// The URL field starts with the one remembered in `settings`, which
    /// keeps the URL last connected to.
    SharedTournamentDialog(QSettings &settings, UrlCheck checkUrl, QWidget *parent = nullptr);
    ~SharedTournamentDialog() override;

    static QString settingsKey();

    QString url() const;
    /// The chosen tournament's id; empty when none is selected.
    QString selectedTournament() const;

    /// The answer to connectRequested: the database at `location` holds these.
    void showTournaments(const QString &location,
                         const std::vector<SharedTournamentInfo> &tournaments);
    /// The answer to connectRequested when the database could not be read.
    void showError(const QString &message);

    QLineEdit *urlEdit() const { return m_url; }
    QPushButton *connectButton() const { return m_connect; }
    QPushButton *okButton() const;
    QTableWidget *table() const { return m_table; }
    QLabel *statusLabel() const { return m_status; }
    bool isConnecting() const { return m_connecting; }

Q_SIGNALS:
    /// Connect was pressed with a URL that passed the check.
    void connectRequested(const QString &url);

private:
    void tryConnect();
    void urlEdited();
    void setStatus(const QString &text, bool error);
    void updateOk();

    QSettings &m_settings;
    UrlCheck m_check;
    QLineEdit *m_url;
    QPushButton *m_connect;
    QLabel *m_status;
    QTableWidget *m_table;
    QDialogButtonBox *m_buttons;
    bool m_connecting = false;
    QString m_listedUrl; ///< the URL the table's tournaments came from
};

} // namespace townhall::ui
