// SPDX-License-Identifier: MIT
#include "ui/leaderboardpanel.h"

#include "ui/theme.h"
#include "ui/uitext.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <map>

namespace townhall::ui {

using tournament::ParticipantKind;
using tournament::ParticipantResult;
using tournament::RoleResult;

namespace {

QString kindName(ParticipantKind k)
{
    switch (k) {
    case ParticipantKind::Bot:
        return LeaderboardPanel::tr("bot");
    case ParticipantKind::Model:
        return LeaderboardPanel::tr("model");
    case ParticipantKind::Agent:
        return LeaderboardPanel::tr("MCP agent");
    case ParticipantKind::Push:
        return LeaderboardPanel::tr("push agent");
    case ParticipantKind::Human:
        return LeaderboardPanel::tr("person");
    }
    return {};
}

/// "25.3 (22.1–28.5)": a value with its 95% interval.
QString withInterval(double value, double low, double high, int decimals)
{
    return QStringLiteral("%1 (%2–%3)")
        .arg(value, 0, 'f', decimals)
        .arg(low, 0, 'f', decimals)
        .arg(high, 0, 'f', decimals);
}

/// A rate in percent with its interval; a dash when nothing was observed.
QString percentWithInterval(const tournament::Estimate &e)
{
    if (e.n == 0)
        return QStringLiteral("–");
    return withInterval(100 * e.value, 100 * e.low, 100 * e.high, 0) + QStringLiteral(" %");
}

int errorTotal(const tournament::ErrorCounts &e)
{
    return e.timeouts + e.illegalCalls + e.noVote + e.selfVote + e.standInTurns;
}

QString roleLabel(const RoleResult &r)
{
    return r.role ? UiText::roleName(*r.role) : LeaderboardPanel::tr("all roles");
}

/// Each participant keeps one colour in every chart (its place in the report).
QColor participantColor(std::size_t i)
{
    return seatColor(int(i % 12) + 1);
}

QChartView *makeChartView(QChart *chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(280, 200);
    return view;
}

/// Drops a chart's series and axes so a second report never adds to the
/// first, and matches the chart to the palette (light or dark) it sits on.
void resetChart(QChart *chart, const QPalette &palette)
{
    chart->removeAllSeries();
    // Before any series: a theme change recolours the series it finds.
    const QChart::ChartTheme theme
        = Theme::isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        chart->removeAxis(a);
        delete a;
    }
}

/// A round step (1, 2 or 5 times a power of ten) near span / 5, so an
/// axis's ticks fall on numbers a reader would pick.
double niceStep(double span)
{
    if (span <= 0)
        return 1;
    const double raw = span / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    return magnitude * (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10);
}

/// Ticks every niceStep from zero, whatever the range's ends; `steps`
/// about as many as the range should hold (fewer for a chart that may be
/// short, whose labels would otherwise collide and show as "…").
void roundTicks(QValueAxis *axis, double steps = 5)
{
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(niceStep((axis->max() - axis->min()) * 5 / steps));
}

QTableView *makeTable(QSortFilterProxyModel *proxy, int stretchColumn)
{
    auto *t = new QTableView;
    t->setModel(proxy);
    t->setSortingEnabled(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    // The stretch column (the participant's name; -1: none) takes the spare
    // width; numbers keep theirs.
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (stretchColumn >= 0)
        t->horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
    return t;
}

} // namespace

// ---------------------------------------------------------------------------

LeaderboardModel::LeaderboardModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void LeaderboardModel::setResults(std::vector<ParticipantResult> results)
{
    beginResetModel();
    m_rows = std::move(results);
    endResetModel();
}

int LeaderboardModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LeaderboardModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LeaderboardModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ParticipantResult &p = m_rows[std::size_t(index.row())];
    const tournament::ErrorCounts &e = p.errors;
    if (role == Qt::ToolTipRole && index.column() == Errors)
        return tr("Timeouts %1, illegal calls %2, no vote %3, self-votes %4, stand-in turns %5")
            .arg(e.timeouts)
            .arg(e.illegalCalls)
            .arg(e.noVote)
            .arg(e.selfVote)
            .arg(e.standInTurns);
    if (role == Qt::TextAlignmentRole && index.column() != Participant)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DecorationRole && index.column() == Participant)
        return participantColor(std::size_t(index.row()));
    if (role == SortRole) {
        switch (Column(index.column())) {
        case Rank:
            return index.row();
        case Participant:
            return qs(p.name).toLower();
        case Rating:
            return p.overall.rating.value;
        case Games:
            return p.overall.games;
        case WinRate:
            return p.overall.winRate.value;
        case Irp:
            return p.irp.value;
        case Vss:
            return p.vss.value;
        case Ksr:
            return p.ksr.value;
        case Errors:
            return errorTotal(e);
        case Tokens:
            return qlonglong(p.tokensIn + p.tokensOut);
        case Cost:
            return p.costUsd;
        case Latency:
            return p.meanLatencyMs;
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Rank:
        return index.row() + 1;
    case Participant: // a model participant by its model, the others by their kind
        return QStringLiteral("%1 · %2").arg(qs(p.name),
                                             p.model.empty() ? kindName(p.kind) : qs(p.model));
    case Rating: {
        const tournament::Estimate &r = p.overall.rating;
        return withInterval(r.value, r.low, r.high, 1);
    }
    case Games:
        return p.overall.games;
    case WinRate:
        return percentWithInterval(p.overall.winRate);
    case Irp:
        return percentWithInterval(p.irp);
    case Vss:
        return percentWithInterval(p.vss);
    case Ksr:
        return percentWithInterval(p.ksr);
    case Errors: {
        // Each count named; the ones that are zero left out.
        QStringList parts;
        const std::pair<int, QString> counts[] = {{e.timeouts, tr("timeouts %1")},
                                                  {e.illegalCalls, tr("illegal %1")},
                                                  {e.noVote, tr("no vote %1")},
                                                  {e.selfVote, tr("self-vote %1")},
                                                  {e.standInTurns, tr("stand-in %1")}};
        for (const auto &[n, label] : counts)
            if (n > 0)
                parts << label.arg(n);
        return parts.isEmpty() ? tr("none") : parts.join(QStringLiteral(" · "));
    }
    case Tokens:
        // Zero means not measured (an MCP agent's own model, the bots).
        return p.tokensIn + p.tokensOut > 0
                   ? QLocale().toString(qlonglong(p.tokensIn + p.tokensOut))
                   : QStringLiteral("–");
    case Cost:
        return p.costUsd > 0 ? QStringLiteral("$%1").arg(p.costUsd, 0, 'f', 2)
                             : QStringLiteral("–");
    case Latency:
        return p.meanLatencyMs > 0 ? tr("%1 ms").arg(qRound(p.meanLatencyMs)) : QStringLiteral("–");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Rating:
            return tr("OpenSkill rating μ with its 95% interval (μ ± 1.96σ)");
        case WinRate:
            return tr("Wins per game, with the Wilson 95% interval");
        case Irp:
            return tr("Identification precision: of its day votes on the village side, the share "
                      "that named a werewolf");
        case Vss:
            return tr("Voting success: of its day votes, the share that named the player the round "
                      "eliminated");
        case Ksr:
            return tr("Kill survival rate: of its nights alive on the village side, the share it "
                      "survived");
        case Errors:
            return tr("Timeouts · illegal calls · no vote · self-votes · stand-in turns");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Rank:
        return tr("#");
    case Participant:
        return tr("Participant");
    case Rating:
        return tr("Rating");
    case Games:
        return tr("Games");
    case WinRate:
        return tr("Win rate");
    case Irp:
        return tr("IRP");
    case Vss:
        return tr("VSS");
    case Ksr:
        return tr("KSR");
    case Errors:
        return tr("Errors");
    case Tokens:
        return tr("Tokens");
    case Cost:
        return tr("Cost");
    case Latency:
        return tr("Latency");
    case ColumnCount:
        break;
    }
    return {};
}

// ---------------------------------------------------------------------------

RoleResultsModel::RoleResultsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void RoleResultsModel::setResults(const std::vector<ParticipantResult> &results)
{
    beginResetModel();
    m_rows.clear();
    for (const ParticipantResult &p : results)
        for (const RoleResult &r : p.roles)
            m_rows.push_back({qs(p.name), r});
    endResetModel();
}

int RoleResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RoleResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RoleResultsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    const RoleResult &r = row.result;
    if (role == Qt::TextAlignmentRole && index.column() >= Games)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        switch (Column(index.column())) {
        case Participant:
            return row.participant.toLower();
        case Role:
            return r.role ? int(*r.role) : -1;
        case Games:
            return r.games;
        case WinRate:
            return r.winRate.value;
        case Rating:
            return r.rating.value;
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Participant:
        return row.participant;
    case Role:
        return roleLabel(r);
    case Games:
        return r.games;
    case WinRate:
        return percentWithInterval(r.winRate);
    case Rating:
        return withInterval(r.rating.value, r.rating.low, r.rating.high, 1);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RoleResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Participant:
        return LeaderboardModel::tr("Participant");
    case Role:
        return tr("Role");
    case Games:
        return LeaderboardModel::tr("Games");
    case WinRate:
        return LeaderboardModel::tr("Win rate");
    case Rating:
        return tr("Role rating");
    case ColumnCount:
        break;
    }
    return {};
}

// ---------------------------------------------------------------------------

LeaderboardPanel::LeaderboardPanel(QWidget *parent)
    : QWidget(parent)
    , m_pickerRow(new QWidget(this))
    , m_tournaments(new QComboBox)
    , m_refresh(new QToolButton)
    , m_source(new QLabel(this))
    , m_header(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_stack(new QStackedWidget(this))
    , m_empty(
          new QLabel(tr("No tournament results yet. Start one from Tournament → New tournament…; "
                        "its standings appear here as its matches finish.")))
    , m_tabs(new QTabWidget)
    , m_model(new LeaderboardModel(this))
    , m_roleModel(new RoleResultsModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_sortedRoles(new QSortFilterProxyModel(this))
    , m_ratings(new QChart)
    , m_roles(new QChart)
    , m_cost(new QChart)
    , m_matches(new QListWidget)
    , m_open(new QPushButton(tr("Open")))
{
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText);
    m_source->setWordWrap(true);
    m_source->setTextFormat(Qt::PlainText);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->hide();
    m_progress->setTextVisible(true);
    m_progress->hide();

    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_tabs);

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(LeaderboardModel::SortRole);
    m_sortedRoles->setSourceModel(m_roleModel);
    m_sortedRoles->setSortRole(RoleResultsModel::SortRole);
    m_table = makeTable(m_sorted, LeaderboardModel::Participant);
    m_table->sortByColumn(LeaderboardModel::Rank, Qt::AscendingOrder);
    m_roleTable = makeTable(m_sortedRoles, -1);
    m_roleTable->sortByColumn(-1, Qt::AscendingOrder);

    m_ratings->setTitle(tr("Ratings"));
    m_roles->setTitle(tr("Win rate by role"));
    m_cost->setTitle(tr("Cost against rating"));
    m_ratingsView = makeChartView(m_ratings);
    m_rolesView = makeChartView(m_roles);
    m_costView = makeChartView(m_cost);
    // The ratings chart has one box per participant, named on its axis: a
    // legend would only repeat the series' name.
    m_ratings->legend()->hide();

    // Standings: the table above, the two participant charts side by side.
    auto *charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(m_ratingsView);
    charts->addWidget(m_costView);
    auto *standings = new QSplitter(Qt::Vertical);
    standings->addWidget(m_table);
    standings->addWidget(charts);
    // Five or so rows need little height; the charts get the rest.
    standings->setSizes({260, 540});
    charts->setSizes({500, 500});
    m_tabs->addTab(standings, tr("Standings"));

    auto *roles = new QSplitter(Qt::Horizontal);
    roles->addWidget(m_roleTable);
    roles->addWidget(m_rolesView);
    roles->setSizes({450, 550});
    m_tabs->addTab(roles, tr("Roles"));

    auto *matchesPage = new QWidget;
    auto *ml = new QVBoxLayout(matchesPage);
    ml->addWidget(m_matches);
    auto *row = new QHBoxLayout;
    row->addStretch();
    row->addWidget(m_open);
    ml->addLayout(row);
    m_tabs->addTab(matchesPage, tr("Matches"));
    m_open->setEnabled(false);
    connect(m_matches, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        Q_EMIT openMatchRequested(matchKey(item));
    });
    connect(m_matches, &QListWidget::currentRowChanged, this, [this](int r) {
        m_open->setEnabled(r >= 0);
    });
    connect(m_open, &QPushButton::clicked, this, &LeaderboardPanel::openSelectedMatch);

    // Which tournament: every one of the database, the command line's too.
    auto *pick = new QHBoxLayout(m_pickerRow);
    pick->setContentsMargins(0, 0, 0, 0);
    auto *pickLabel = new QLabel(tr("&Tournament:"));
    pickLabel->setBuddy(m_tournaments);
    m_tournaments->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_tournaments->setAccessibleName(tr("Tournament"));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(
        tr("Read the tournaments of the database again (one running from the command line "
           "grows as its matches end)"));
    pick->addWidget(pickLabel);
    pick->addWidget(m_tournaments);
    pick->addWidget(m_refresh);
    pick->addStretch();
    m_pickerRow->hide();
    connect(m_tournaments, &QComboBox::activated, this, [this](int i) {
        Q_EMIT tournamentChosen(m_tournaments->itemData(i).toString());
    });
    connect(m_refresh, &QToolButton::clicked, this, &LeaderboardPanel::refreshRequested);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pickerRow);
    layout->addWidget(m_source);
    layout->addWidget(m_header);
    layout->addWidget(m_progress);
    layout->addWidget(m_stack, 1);
    clear();
}

LeaderboardPanel::~LeaderboardPanel() = default;

void LeaderboardPanel::clear()
{
    m_hasReport = false;
    m_header->clear();
    m_header->hide();
    m_model->setResults({});
    m_roleModel->setResults({});
    for (QChart *c : {m_ratings, m_roles, m_cost})
        resetChart(c, palette());
    m_matches->clear();
    m_stack->setCurrentWidget(m_empty);
}

void LeaderboardPanel::setTournaments(const std::vector<TournamentChoice> &tournaments)
{
    const QString shown = m_tournaments->currentData().toString();
    const QSignalBlocker quiet(m_tournaments);
    m_tournaments->clear();
    for (const TournamentChoice &t : tournaments) {
        const QString state
            = t.finished ? tr("finished") : tr("%1 of %2 played").arg(t.done).arg(t.scheduled);
        m_tournaments->addItem(t.name.isEmpty() ? tr("%1 · %2").arg(t.id, state)
                                                : tr("%1 · %2 · %3").arg(t.id, t.name, state),
                               t.id);
    }
    m_tournaments->setCurrentIndex(m_tournaments->findData(shown));
    m_pickerRow->setVisible(!tournaments.empty());
}

bool LeaderboardPanel::setCurrentTournament(const QString &id)
{
    const QSignalBlocker quiet(m_tournaments);
    const int i = m_tournaments->findData(id);
    m_tournaments->setCurrentIndex(i);
    return i >= 0;
}

void LeaderboardPanel::setSource(const QString &text)
{
    m_source->setText(text);
    m_source->setVisible(!text.isEmpty());
}

void LeaderboardPanel::setPlayingMatches(const std::vector<PlayingMatch> &matches)
{
    // Items stay while their match plays, so a selection survives a refresh.
    std::map<QString, QListWidgetItem *> shown;
    for (int i = m_matches->count() - 1; i >= 0; --i) {
        QListWidgetItem *item = m_matches->item(i);
        if (!item->data(PlayingRole).toBool())
            continue;
        const QString key = item->data(KeyRole).toString();
        const bool still = std::any_of(
            matches.begin(), matches.end(), [&key](const PlayingMatch &p) { return p.key == key; });
        if (still)
            shown[key] = item;
        else
            delete m_matches->takeItem(i);
    }
    for (const PlayingMatch &p : matches) {
        QListWidgetItem *&item = shown[p.key];
        if (!item) {
            item = new QListWidgetItem(m_matches);
            item->setData(KeyRole, p.key);
            item->setData(PlayingRole, true);
            item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
        }
        item->setText(tr("%1 — playing on %2").arg(p.label, p.holder));
        item->setToolTip(
            tr("Host %1 is playing this match now. Watch it live with Match → Watch a host… on "
               "that host's spectator address; it can be replayed here once it has ended.")
                .arg(p.holder));
    }
}

QString LeaderboardPanel::matchLabel(const tournament::PlayedMatch &m)
{
    // The id first: it is what the database, `townhall replay` and the
    // other hosts call the match.
    QStringList parts;
    parts << tr("match %1").arg(m.index + 1)
          << (m.winner ? tr("%1 won").arg(UiText::teamName(*m.winner)) : tr("a draw"));
    if (m.outcome == "voided")
        parts << tr("voided");
    else if (m.outcome == "forfeited")
        parts << tr("forfeited");
    else if (m.outcome == "spoiled")
        parts << tr("spoiled: the host unlocked the omniscient view while a person played; left "
                    "out of the ratings");
    if (!m.failed.empty()) {
        QStringList who;
        for (const std::string &id : m.failed)
            who << qs(id);
        parts << tr("failed: %1").arg(who.join(QStringLiteral(", ")));
    }
    return tr("%1 — %2").arg(qs(m.matchId), parts.join(QStringLiteral(" · ")));
}

QString LeaderboardPanel::matchKey(const QListWidgetItem *item)
{
    const QVariant key = item->data(KeyRole);
    return key.isValid() ? key.toString() : item->text();
}

void LeaderboardPanel::setProgress(int played, int scheduled, int running)
{
    m_progress->setRange(0, std::max(scheduled, 1));
    m_progress->setValue(std::clamp(played, 0, std::max(scheduled, 1)));
    m_progress->setFormat(
        running > 0 ? tr("%1 of %2 matches (%3 running)").arg(played).arg(scheduled).arg(running)
                    : tr("%1 of %2 matches").arg(played).arg(scheduled));
    m_progress->show();
}

void LeaderboardPanel::setReport(const tournament::Report &report)
{
    m_hasReport = true;
    m_header->setText(
        tr("%1 — rules %2 · %3 counted, %4 voided, %5 forfeited · village %6, werewolves %7, "
           "draws %8")
            .arg(qs(report.name), qs(report.rules))
            .arg(report.counted)
            .arg(report.voided)
            .arg(report.forfeited)
            .arg(report.villagerWins)
            .arg(report.werewolfWins)
            .arg(report.draws)
        + (report.spoiled > 0
               ? tr(" · %n spoiled match(es) left out of the ratings", nullptr, report.spoiled)
               : QString()));
    m_header->show();
    m_model->setResults(report.participants);
    m_roleModel->setResults(report.participants);
    fillRatingsChart(report.participants);
    fillRolesChart(report.participants);
    fillCostChart(report.participants);
    // A report that grew (a shared tournament refreshing) keeps the match
    // the user selected.
    const QString selected
        = m_matches->currentItem() ? matchKey(m_matches->currentItem()) : QString();
    m_matches->clear();
    QListWidgetItem *again = nullptr;
    const bool described = report.matches.size() == report.matchIds.size();
    for (std::size_t i = 0; i < report.matchIds.size(); ++i) {
        const QString id = qs(report.matchIds[i]);
        auto *item = new QListWidgetItem(described ? matchLabel(report.matches[i]) : id, m_matches);
        item->setData(KeyRole, id);
        item->setToolTip(id);
        if (id == selected)
            again = item;
    }
    if (again)
        m_matches->setCurrentItem(again);
    m_open->setEnabled(again != nullptr);
    m_stack->setCurrentWidget(m_tabs);
}

void LeaderboardPanel::fillRatingsChart(const std::vector<ParticipantResult> &ps)
{
    resetChart(m_ratings, palette());
    // A box plot whose box has no height: the whiskers are the interval and
    // the median line is μ. It keeps the table's order (best first).
    auto *series = new QBoxPlotSeries;
    series->setName(tr("Rating"));
    QStringList names;
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < ps.size(); ++i) {
        const tournament::Estimate &r = ps[i].overall.rating;
        auto *set = new QBoxSet(r.low, r.value, r.value, r.value, r.high, qs(ps[i].name));
        set->setBrush(participantColor(i));
        set->setPen(QPen(participantColor(i).darker(140), 2));
        series->append(set);
        names << qs(ps[i].name);
        lo = i == 0 ? r.low : std::min(lo, r.low);
        hi = i == 0 ? r.high : std::max(hi, r.high);
    }
    series->setBoxWidth(0.3);
    m_ratings->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(names);
    auto *y = new QValueAxis;
    y->setTitleText(tr("rating μ"));
    const double pad = std::max(1.0, (hi - lo) * 0.08);
    y->setRange(std::floor(lo - pad), std::ceil(hi + pad));
    // The Leaderboard dock under the spectator panel leaves it little height.
    roundTicks(y, 3);
    y->setLabelFormat(QStringLiteral("%.0f"));
    m_ratings->addAxis(x, Qt::AlignBottom);
    m_ratings->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

void LeaderboardPanel::fillRolesChart(const std::vector<ParticipantResult> &ps)
{
    resetChart(m_roles, palette());
    // The roles in the order the report lists them (the deck's).
    std::vector<engine::Role> roles;
    for (const ParticipantResult &p : ps)
        for (const RoleResult &r : p.roles)
            if (r.role && std::find(roles.begin(), roles.end(), *r.role) == roles.end())
                roles.push_back(*r.role);
    QStringList categories;
    for (engine::Role r : roles)
        categories << UiText::roleName(r);
    auto *series = new QBarSeries;
    for (std::size_t i = 0; i < ps.size(); ++i) {
        auto *set = new QBarSet(qs(ps[i].name));
        set->setColor(participantColor(i));
        set->setBorderColor(participantColor(i).darker(130));
        for (engine::Role role : roles) {
            const auto it = std::find_if(ps[i].roles.begin(),
                                         ps[i].roles.end(),
                                         [role](const RoleResult &r) { return r.role == role; });
            set->append(it != ps[i].roles.end() && it->games > 0 ? 100 * it->winRate.value : 0.0);
        }
        series->append(set);
    }
    m_roles->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    auto *y = new QValueAxis;
    y->setRange(0, 100);
    y->setTitleText(tr("win rate (%)"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    m_roles->addAxis(x, Qt::AlignBottom);
    m_roles->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

void LeaderboardPanel::fillCostChart(const std::vector<ParticipantResult> &ps)
{
    resetChart(m_cost, palette());
    // Cost per turn when any provider priced its calls; otherwise tokens per
    // game, the nearest measure of what a participant spends.
    const bool priced = std::any_of(
        ps.begin(), ps.end(), [](const ParticipantResult &p) { return p.costUsd > 0; });
    auto *x = new QValueAxis;
    auto *y = new QValueAxis;
    x->setTitleText(priced ? tr("cost per turn (USD)") : tr("tokens per game"));
    y->setTitleText(tr("rating μ"));
    double xMax = 0, yLo = 0, yHi = 0;
    m_cost->addAxis(x, Qt::AlignBottom);
    m_cost->addAxis(y, Qt::AlignLeft);
    for (std::size_t i = 0; i < ps.size(); ++i) {
        const ParticipantResult &p = ps[i];
        const double cx
            = priced ? p.costPerTurn
                     : (p.overall.games > 0 ? double(p.tokensIn + p.tokensOut) / p.overall.games
                                            : 0.0);
        const double cy = p.overall.rating.value;
        // One series per participant: its colour, its name in the legend and
        // beside its point.
        auto *s = new QScatterSeries;
        s->setName(qs(p.name));
        s->setColor(participantColor(i));
        s->setBorderColor(participantColor(i).darker(140));
        s->setMarkerSize(12);
        s->append(cx, cy);
        s->setPointLabelsFormat(qs(p.name));
        s->setPointLabelsVisible(true);
        s->setPointLabelsClipping(false);
        m_cost->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        xMax = std::max(xMax, cx);
        yLo = i == 0 ? cy : std::min(yLo, cy);
        yHi = i == 0 ? cy : std::max(yHi, cy);
    }
    // Margins on every side keep the points off the axes and their labels
    // inside the plot.
    const double xSpan = xMax > 0 ? xMax : 1;
    x->setRange(-0.06 * xSpan, xMax * 1.12 + (xMax > 0 ? 0 : 1));
    roundTicks(x);
    // No tokens at all (a tournament of bots): a span of 0 to 1 would read
    // "0 0 0 1 1 1" with whole numbers.
    x->setLabelFormat(priced     ? QStringLiteral("%.4f")
                      : xMax > 0 ? QStringLiteral("%.0f")
                                 : QStringLiteral("%.1f"));
    const double pad = std::max(1.0, (yHi - yLo) * 0.2);
    y->setRange(std::floor(yLo - pad), std::ceil(yHi + pad));
    roundTicks(y);
    y->setLabelFormat(QStringLiteral("%.0f"));
    m_cost->legend()->hide();
}

void LeaderboardPanel::openSelectedMatch()
{
    if (QListWidgetItem *item = m_matches->currentItem())
        Q_EMIT openMatchRequested(matchKey(item));
}

} // namespace townhall::ui
