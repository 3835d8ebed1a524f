// SPDX-License-Identifier: MIT
#pragma once

/// \file newmatchdialog.h
/// "New match": the rule set of the next table and who takes each of its
/// seats. A seat is a built-in bot, a language model (a provider profile,
/// optionally another model and a persona), a push agent (a URL Town Hall
/// calls, seed 002) or left open for an MCP agent. The dialog
/// produces a MatchPlan; the host thread looks the keys up and queues it
/// (GuiHost::queuePlan). The last plan is kept in the settings, without keys,
/// so the dialog opens as it was left.

#include "app/profiles.h"
#include "host/seating.h"

#include <QDialog>

#include <array>
#include <vector>

class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSettings;
class QSpinBox;

namespace townhall::app {

using host::MatchPlan;
using host::TimerPreset;

class NewMatchDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewMatchDialog)

public:
    /// Me: the person at this computer plays the seat in the window's player
    /// panel (a local human seat); at most one row.
    enum class SeatKind { Bot, Model, Open, Push, Me };
    /// The seats of the classic table, the default rule set.
    static constexpr int Seats = engine::SeatCount;
    /// Rows for the largest rule set (seed002-12); the rule set shows as many.
    static constexpr int MaxRows = 12;

    /// Profiles come from `profiles`; the last plan is read from and written
    /// to `settings` (the app's own, or a test's file).
    NewMatchDialog(ProfileStore &profiles, QSettings &settings, QWidget *parent = nullptr);
    ~NewMatchDialog() override;

    /// The plan of the rows as they stand; meaningful when isValid().
    MatchPlan plan() const;
    bool isValid() const { return m_problems.isEmpty(); }
    /// What keeps OK disabled, one sentence per problem.
    QStringList problems() const { return m_problems; }

    /// Tests reach the rows through these (seat 0 to 7).
    QLineEdit *nameEdit(int seat) const { return m_rows[std::size_t(seat)].name; }
    QComboBox *kindBox(int seat) const { return m_rows[std::size_t(seat)].kind; }
    QComboBox *profileBox(int seat) const { return m_rows[std::size_t(seat)].profile; }
    QComboBox *modelBox(int seat) const { return m_rows[std::size_t(seat)].model; }
    QLineEdit *personaEdit(int seat) const { return m_rows[std::size_t(seat)].persona; }
    QLineEdit *pushUrlEdit(int seat) const { return m_rows[std::size_t(seat)].pushUrl; }
    QLineEdit *pushTokenEdit(int seat) const { return m_rows[std::size_t(seat)].pushToken; }
    QSpinBox *pushDeadlineBox(int seat) const { return m_rows[std::size_t(seat)].pushDeadline; }
    QComboBox *timersBox() const { return m_timers; }
    /// The rule set picker (engine::rulePresets(), classic first).
    QComboBox *rulesBox() const { return m_rules; }
    /// The rule set chosen; the table has rules().seatCount() seats.
    engine::RuleSet rules() const;
    /// Rows shown: the chosen rule set's seat count.
    int seatCount() const;
    QPushButton *okButton() const { return m_ok; }
    /// "All play…": every seat a model of one provider (a menu of them).
    QPushButton *allPlayButton() const { return m_allProfile; }
    QLabel *messageLabel() const { return m_message; }
    /// Shown while no provider profile exists; emits profilesWanted.
    QPushButton *profilesButton() const { return m_setUpProfiles; }

    void setKind(int seat, SeatKind kind);
    SeatKind kind(int seat) const;

public Q_SLOTS:
    /// Reads the profiles again (after the profiles dialog); choices stay
    /// where their profile still exists.
    void reloadProfiles();
    void fillWithBots();
    /// Every seat a model of the profile called `profile`.
    void fillWithProfile(const QString &profile);
    /// Keeps the plan in the settings and closes; does nothing while invalid.
    void accept() override;

Q_SIGNALS:
    /// The user wants to set up a provider (no profile exists yet).
    void profilesWanted();

private:
    struct Row
    {
        QLineEdit *name = nullptr;
        QComboBox *kind = nullptr;
        QComboBox *profile = nullptr;
        QComboBox *model = nullptr;
        QLineEdit *persona = nullptr;
        // A push agent's endpoint; the token is never kept in the settings.
        QLineEdit *pushUrl = nullptr;
        QLineEdit *pushToken = nullptr;
        QSpinBox *pushDeadline = nullptr;
        QWidget *label = nullptr;
    };

    void buildRow(int seat, QGridLayout *grid);
    void fillProfileBox(Row &row, const QString &chosen);
    void takeOnlyProfile(Row &row);
    void updatePlaceholders(Row &row);
    void showProfileModel(Row &row);
    const ProviderProfile *profileNamed(const QString &name) const;
    void kindChanged(int seat);
    void validate();
    void followTimers();
    void restore();
    void save() const;

    ProfileStore &m_store;
    QSettings &m_settings;
    std::vector<ProviderProfile> m_profiles;
    std::array<Row, MaxRows> m_rows;
    QComboBox *m_rules = nullptr;
    void rulesChanged();
    QComboBox *m_timers = nullptr;
    bool m_timersChosen = false; ///< the user picked the timers: they no longer follow the seats
    QPushButton *m_allProfile = nullptr;
    QPushButton *m_setUpProfiles = nullptr;
    QPushButton *m_ok = nullptr;
    QLabel *m_message = nullptr;
    QLabel *m_summary = nullptr;
    QStringList m_problems;
};

} // namespace townhall::app
