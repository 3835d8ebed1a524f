// SPDX-License-Identifier: MIT
#pragma once

/// \file leaderboardpanel.h
/// A tournament's leaderboard: the standings table, each role's results,
/// three charts (ratings with their intervals, win rate by role, cost
/// against rating) and the tournament's matches. Fed a finished or partial
/// tournament::Report; it computes nothing itself, so what it shows is
/// exactly what the report says.

#include "tournament/report.h"
#include "ui/tournamentinfo.h"

#include <QAbstractTableModel>
#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace townhall::ui {

/// One row per participant, over all roles, in the report's order (best
/// rating first). Qt::DisplayRole is the text shown; SortRole is the number
/// a column sorts by.
class LeaderboardModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaderboardModel)

public:
    enum Column {
        Rank,
        Participant,
        Rating,
        Games,
        WinRate,
        Irp,
        Vss,
        Ksr,
        Errors,
        Tokens,
        Cost,
        Latency,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit LeaderboardModel(QObject *parent = nullptr);

    void setResults(std::vector<tournament::ParticipantResult> results);
    const tournament::ParticipantResult &result(int row) const
    {
        return m_rows.at(std::size_t(row));
    }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<tournament::ParticipantResult> m_rows;
};

/// One row per participant and role: games, win rate with its interval and
/// the rating the participant earned in that role.
class RoleResultsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RoleResultsModel)

public:
    enum Column { Participant, Role, Games, WinRate, Rating, ColumnCount };
    static constexpr int SortRole = LeaderboardModel::SortRole;

    explicit RoleResultsModel(QObject *parent = nullptr);

    void setResults(const std::vector<tournament::ParticipantResult> &results);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString participant;
        tournament::RoleResult result;
    };
    std::vector<Row> m_rows;
};

class LeaderboardPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaderboardPanel)

public:
    explicit LeaderboardPanel(QWidget *parent = nullptr);
    ~LeaderboardPanel() override;

    /// Replaces everything shown by `report` (tables, charts, matches).
    void setReport(const tournament::Report &report);
    /// "N of M matches" on the progress bar; `running` are under way now.
    void setProgress(int played, int scheduled, int running);
    /// Back to the empty state.
    void clear();
    /// A line above the report saying where the tournament lives (a shared
    /// database's URL, never a password); empty hides it. clear() keeps it.
    void setSource(const QString &text);
    /// A match another host is playing now: listed after the played ones,
    /// greyed, with a tooltip naming the host. `key` is what
    /// openMatchRequested carries when it is opened.
    struct PlayingMatch
    {
        QString key;
        QString label;
        QString holder;
    };
    /// Replaces the matches in play (the played ones stay).
    void setPlayingMatches(const std::vector<PlayingMatch> &matches);
    bool hasReport() const { return m_hasReport; }
    /// The tournaments to choose from (the host's database: those of the
    /// app and of `townhall tournament` alike), newest last. The row is
    /// hidden while there are none.
    void setTournaments(const std::vector<TournamentChoice> &tournaments);
    /// Marks `id` as the one shown, without tournamentChosen; false when it
    /// is not in the list (ask for the list again).
    bool setCurrentTournament(const QString &id);
    QComboBox *tournamentBox() const { return m_tournaments; }
    QToolButton *refreshButton() const { return m_refresh; }

    QLabel *headerLabel() const { return m_header; }
    QLabel *sourceLabel() const { return m_source; }
    QLabel *emptyLabel() const { return m_empty; }
    QProgressBar *progressBar() const { return m_progress; }
    QTabWidget *tabs() const { return m_tabs; }
    LeaderboardModel *model() const { return m_model; }
    RoleResultsModel *roleModel() const { return m_roleModel; }
    /// The sortable views' proxies (the standings and the roles).
    QSortFilterProxyModel *sortedModel() const { return m_sorted; }
    QSortFilterProxyModel *sortedRoleModel() const { return m_sortedRoles; }
    QTableView *table() const { return m_table; }
    QTableView *roleTable() const { return m_roleTable; }
    QChart *ratingsChart() const { return m_ratings; }
    QChart *rolesChart() const { return m_roles; }
    QChart *costChart() const { return m_cost; }
    QListWidget *matchList() const { return m_matches; }
    QPushButton *openButton() const { return m_open; }

Q_SIGNALS:
    void openMatchRequested(const QString &matchId);
    /// The user picked another tournament of the list.
    void tournamentChosen(const QString &id);
    /// The user asked for the list (and the shown tournament) again.
    void refreshRequested();

private:
    void fillRatingsChart(const std::vector<tournament::ParticipantResult> &ps);
    void fillRolesChart(const std::vector<tournament::ParticipantResult> &ps);
    void fillCostChart(const std::vector<tournament::ParticipantResult> &ps);
    void openSelectedMatch();
    /// The key an item of the match list opens (a played match: its id).
    static QString matchKey(const QListWidgetItem *item);
    /// A played match as the list names it: its number, result and id.
    static QString matchLabel(const tournament::PlayedMatch &m);
    static constexpr int KeyRole = Qt::UserRole + 1;
    static constexpr int PlayingRole = Qt::UserRole + 2;

    bool m_hasReport = false;
    QWidget *m_pickerRow;
    QComboBox *m_tournaments;
    QToolButton *m_refresh;
    QLabel *m_source;
    QLabel *m_header;
    QProgressBar *m_progress;
    QStackedWidget *m_stack;
    QLabel *m_empty;
    QTabWidget *m_tabs;
    LeaderboardModel *m_model;
    RoleResultsModel *m_roleModel;
    QSortFilterProxyModel *m_sorted;
    QSortFilterProxyModel *m_sortedRoles;
    QTableView *m_table;
    QTableView *m_roleTable;
    QChart *m_ratings;
    QChart *m_roles;
    QChart *m_cost;
    QChartView *m_ratingsView;
    QChartView *m_rolesView;
    QChartView *m_costView;
    QListWidget *m_matches;
    QPushButton *m_open;
};

} // namespace townhall::ui
