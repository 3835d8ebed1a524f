// SPDX-License-Identifier: MIT
#pragma once

/// \file tournamentdialog.h
/// Tournament → New tournament…: builds a tournament file (the JSON format
/// of tournament/spec.h) from a form, checks it with tournament::parseSpec
/// on every change, and saves or loads it. Start is enabled only when the
/// file parses, so the host is never handed a tournament it would refuse.

#include <nlohmann/json.hpp>

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QSettings;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace townhall::ui {

class TournamentDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TournamentDialog)

public:
    /// What a participants row holds; the table's columns.
    enum Column { IdColumn, KindColumn, SeatsColumn, TargetColumn, DetailColumn, ColumnCount };
    /// Person: the app's user plays the seat, in the Your seat panel ("human": true).
    enum class Kind { Bot, Model, Agent, Push, Person };

    /// `providerNames`: the provider profiles the app knows, offered to model
    /// rows; `providers`: those profiles as a seats file writes them (no
    /// keys), embedded in the file for the ones the participants use.
    TournamentDialog(const QStringList &providerNames,
                     const nlohmann::json &providers,
                     QWidget *parent = nullptr);
    ~TournamentDialog() override;

    /// The tournament file the form describes (whether or not it parses).
    nlohmann::json spec() const;
    int parallel() const;
    /// The problems parseSpec (and the form) found; empty when Start is enabled.
    QStringList errors() const { return m_errors; }

    /// Appends a participants row; returns its row number. `target` is the
    /// agent name, the provider or the push URL; `detail` the model or the
    /// push deadline in milliseconds.
    int addParticipant(Kind kind,
                       const QString &id,
                       const QString &seats,
                       const QString &target = {},
                       const QString &detail = {});
    void removeParticipant(int row);

    /// Replaces the form by a tournament file. On an error (not JSON, a
    /// participant the form cannot show) the form is left as it was and the
    /// error is returned.
    QString setSpec(const nlohmann::json &j);
    /// Empty on success, else what went wrong (nothing is changed).
    QString saveFile(const QString &path) const;
    /// The form as it was left (a loaded file, the last tournament) is kept
    /// in `settings` and shown again the next time; false when there was
    /// none or it no longer fits the form.
    void saveForm(QSettings &settings) const;
    bool restoreForm(QSettings &settings);
    static const QString FormKey;
    QString loadFile(const QString &path);

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *rulesBox() const { return m_rules; }
    QSpinBox *matchesBox() const { return m_matches; }
    QSpinBox *seedBox() const { return m_seed; }
    QCheckBox *mirrorBox() const { return m_mirror; }
    QComboBox *failureBox() const { return m_failure; }
    QSpinBox *parallelBox() const { return m_parallel; }
    QTableWidget *participantsTable() const { return m_table; }
    QComboBox *kindBox(int row) const;
    QLabel *errorLabel() const { return m_errorLabel; }
    QPushButton *startButton() const { return m_start; }

private:
    void validate();
    void loadFromDialog();
    void saveFromDialog();
    void setRowKind(int row, Kind kind);

    QStringList m_providerNames;
    nlohmann::json m_providers;
    QLineEdit *m_name;
    QComboBox *m_rules;
    QSpinBox *m_matches;
    QSpinBox *m_seed;
    QCheckBox *m_mirror;
    QComboBox *m_failure;
    QSpinBox *m_parallel;
    QTableWidget *m_table;
    QLabel *m_errorLabel;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_load;
    QPushButton *m_save;
    QPushButton *m_start;
    QStringList m_errors;
    /// File keys the form does not show ("timers"), written back unchanged.
    nlohmann::json m_extra = nlohmann::json::object();
    bool m_filling = false; ///< the form is being filled: validate once at the end
    bool m_ready = false;   ///< constructed: a change from now on is the user's
    bool m_touched = false; ///< the user changed something: problems are errors
};

} // namespace townhall::ui
