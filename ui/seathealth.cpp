// SPDX-License-Identifier: MIT
#include "ui/seathealth.h"

#include "ui/rowsync.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include "engine/payloads.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <unordered_map>

namespace townhall::ui {

using engine::EventType;
using engine::Phase;
using engine::Role;
namespace payload = engine::payload;

namespace {

constexpr std::size_t CallsKeptPerAgent = 256;
const QLatin1String WaitForTurn("et.werewolf.match.wait_for_turn");

/// Missed deadlines and consecutive timeouts counted from the events `viewer`
/// may read, by the reducer's rules (match.cpp): a missed turn, a night action
/// not taken, a vote not cast count; speaking, voting and night actions reset
/// the run. For the omniscient viewer this equals the engine's own counters;
/// the public view never learns of a night role's missed action.
struct Counters
{
    int missed = 0;
    int run = 0;
};

std::unordered_map<std::string, Counters> countMisses(const engine::Match &m,
                                                      const engine::Viewer &viewer)
{
    std::unordered_map<std::string, Counters> out;
    auto miss = [&out](std::string_view id) {
        Counters &c = out[std::string(id)];
        ++c.missed;
        ++c.run;
    };
    auto acted = [&out](std::string_view id) {
        out[std::string(id)].run = 0;
    };
    for (const engine::Event &e : m.log()) {
        if (!engine::visible(e, viewer, m.state()))
            continue;
        switch (e.type) {
        case EventType::TurnMissed:
            if (const auto p = engine::payloadAs<payload::TurnMissed>(e))
                miss(p->playerId);
            break;
        case EventType::NightResolved:
            if (const auto p = engine::payloadAs<payload::NightResolved>(e))
                std::for_each(p->missed.begin(), p->missed.end(), miss);
            break;
        case EventType::VoteResult:
            if (const auto p = engine::payloadAs<payload::VoteResult>(e))
                std::for_each(p->noVote.begin(), p->noVote.end(), miss);
            break;
        case EventType::PublicMessage:
            if (const auto p = engine::payloadAs<payload::PublicMessage>(e))
                acted(p->playerId);
            break;
        case EventType::VoteCast:
            if (const auto p = engine::payloadAs<payload::VoteCast>(e))
                acted(p->voterPlayerId);
            break;
        case EventType::WolfKillSelected:
            if (const auto p = engine::payloadAs<payload::WolfKillSelected>(e))
                acted(p->byPlayerId);
            break;
        case EventType::SeerInspected:
        case EventType::DoctorProtected:
            acted(e.audiencePlayerId);
            break;
        default:
            break;
        }
    }
    return out;
}

bool isFailure(CallStatus s)
{
    return s == CallStatus::ToolError || s == CallStatus::ProtocolError
           || s == CallStatus::RateLimited;
}

} // namespace

SeatHealthModel::SeatHealthModel(QObject *parent)
    : QAbstractListModel(parent)
    , m_clock(systemClock())
{}

SeatHealthModel::~SeatHealthModel() = default;

void SeatHealthModel::sync(const engine::Match *match, const engine::Viewer &viewer, bool live)
{
    std::vector<SeatHealth> rows;
    if (!match) {
        m_matchId.clear();
        publish(std::move(rows));
        return;
    }
    const engine::MatchState &s = match->state();
    const bool omniscient = viewer.kind == engine::Viewer::Kind::Omniscient;
    const auto counters = countMisses(*match, viewer);
    m_matchId = qs(s.matchId);
    m_omniscient = omniscient;
    m_phaseStartUs = s.phaseStartedAt * 1000;
    m_upToUs = live || match->log().empty() ? std::numeric_limits<qint64>::max()
                                            : match->log().back().at * 1000 + 999;
    for (const engine::Player &p : s.players) {
        SeatHealth h;
        h.playerId = qs(p.playerId);
        h.agentId = qs(p.agentId);
        h.name = qs(p.displayName);
        h.seat = p.seat;
        h.alive = p.alive;
        h.paused = s.paused;
        if (const auto it = counters.find(p.playerId); it != counters.end()) {
            h.missedDeadlines = it->second.missed;
            h.consecutiveTimeouts = it->second.run;
        }
        if (p.alive && !match->ended()) {
            h.deadlineMs = s.phaseEndsAt;
            switch (s.phase) {
            case Phase::Lobby:
                h.owes = !p.ready;
                h.action = tr("ready up");
                break;
            case Phase::Night:
                // Who still owes a night action tells who holds a night role.
                h.owesKnown = omniscient;
                if (p.role == Role::Werewolf) {
                    h.owes = !p.wolfSelection;
                    h.action = tr("pick a victim");
                } else if (p.role == Role::Seer) {
                    h.owes = !p.seerTarget;
                    h.action = tr("inspect");
                } else if (p.role == Role::Doctor) {
                    h.owes = !p.doctorTarget;
                    h.action = tr("protect");
                }
                if (!omniscient) {
                    h.owes = false;
                    h.action.clear();
                }
                break;
            case Phase::DayOpening:
                h.owes = s.openingIndex >= 0 && s.openingIndex < int(s.openingOrder.size())
                         && s.openingOrder[std::size_t(s.openingIndex)] == p.playerId;
                h.action = tr("speak (their turn)");
                h.deadlineMs = s.turnEndsAt;
                break;
            case Phase::DayVote:
                h.owes = !p.voted;
                h.action = tr("vote");
                break;
            case Phase::NightWitch:
                // Like the night: who owes this turn tells who the witch is.
                h.owesKnown = omniscient;
                if (omniscient && p.role == Role::Witch) {
                    h.owes = !p.witchActed;
                    h.action = tr("use a potion or pass");
                }
                break;
            case Phase::DayPkDefense:
                h.owes = s.openingIndex >= 0 && s.openingIndex < int(s.openingOrder.size())
                         && s.openingOrder[std::size_t(s.openingIndex)] == p.playerId;
                h.action = tr("defend (their turn)");
                h.deadlineMs = s.turnEndsAt;
                break;
            case Phase::DayPkVote: {
                // The tied players do not vote in the revote unless the rules say so.
                const bool candidate
                    = std::find(s.pkCandidates.begin(), s.pkCandidates.end(), p.playerId)
                      != s.pkCandidates.end();
                h.owes = !p.voted && (!candidate || s.config.rules.pkCandidatesVote);
                h.action = tr("revote");
                break;
            }
            default:
                break;
            }
            if (!h.owes)
                h.action.clear();
            if (s.paused)
                h.pausedLeftMs = s.pausedRemainingMs;
        }
        if (!h.owes)
            h.deadlineMs = 0;
        if (const ModelSeatReport *ms = m_book ? m_book->seat(m_matchId, h.playerId) : nullptr) {
            h.modelSeat = true;
            h.model
                = ms->provider.isEmpty() ? ms->model : tr("%1 · %2").arg(ms->provider, ms->model);
            h.telemetryShown = omniscient || match->ended();
            if (h.telemetryShown) {
                h.modelCalls = ms->calls;
                h.inputTokens = ms->inputTokens;
                h.outputTokens = ms->outputTokens;
                h.cost = ms->cost;
                h.latencyP50Ms = ms->latencyP50Ms;
                h.latencyP95Ms = ms->latencyP95Ms;
                h.modelFailures = ms->failureCount();
                QStringList kinds;
                for (auto it = ms->failures.cbegin(); it != ms->failures.cend(); ++it)
                    kinds << tr("%1 %2").arg(it.key()).arg(it.value());
                h.failureKinds = kinds.join(tr(", "));
                h.standInTurns = ms->standInTurns;
                h.handedOver = ms->handedOver;
            }
        }
        rows.push_back(std::move(h));
    }
    applyCalls(rows);
    publish(std::move(rows));
}

void SeatHealthModel::addCalls(const ToolCallRecords &records)
{
    bool relevant = false;
    for (const ToolCallRecord &r : records) {
        if (r.agentId.isEmpty() || r.kind != CallKind::Request)
            continue;
        std::deque<Call> &calls = m_calls[r.agentId];
        // In time order: a stored match's calls (an earlier run's) may come
        // after this run's.
        const auto at
            = std::upper_bound(calls.begin(), calls.end(), r.atUs, [](qint64 us, const Call &c) {
                  return us < c.atUs;
              });
        calls.insert(at,
                     {r.atUs,
                      r.latencyUs,
                      r.matchId,
                      r.tool,
                      r.status,
                      r.toolErrorCode.isEmpty() ? statusKey(r.status) : r.toolErrorCode});
        while (calls.size() > CallsKeptPerAgent)
            calls.pop_front();
        for (const SeatHealth &h : m_rows)
            relevant = relevant || h.agentId == r.agentId;
    }
    if (!relevant)
        return;
    std::vector<SeatHealth> rows = m_rows;
    applyCalls(rows);
    publish(std::move(rows));
}

void SeatHealthModel::applyCalls(std::vector<SeatHealth> &rows) const
{
    for (SeatHealth &h : rows) {
        h.lastLatencyUs = -1;
        h.lastTool.clear();
        h.phaseErrors = 0;
        h.lastError.clear();
        const auto it = m_calls.constFind(h.agentId);
        if (it == m_calls.cend())
            continue;
        qint64 lastAnswer = std::numeric_limits<qint64>::min();
        for (const Call &c : *it) {
            if (c.atUs > m_upToUs || (!c.matchId.isEmpty() && c.matchId != m_matchId))
                continue;
            // wait_for_turn waits on purpose: its latency says nothing of health.
            if (!c.tool.isEmpty() && c.tool != WaitForTurn && c.atUs + c.latencyUs >= lastAnswer) {
                lastAnswer = c.atUs + c.latencyUs;
                h.lastLatencyUs = c.latencyUs;
                h.lastTool = c.tool;
            }
            if (isFailure(c.status) && c.atUs >= m_phaseStartUs) {
                ++h.phaseErrors;
                h.lastError = c.error;
            }
        }
    }
}

void SeatHealthModel::publish(std::vector<SeatHealth> rows)
{
    replaceRows(
        m_rows,
        std::move(rows),
        [this](auto apply) {
            beginResetModel();
            apply();
            endResetModel();
        },
        [this](int row) { Q_EMIT dataChanged(index(row), index(row)); });
}

bool SeatHealthModel::hasModelSeats() const
{
    return std::any_of(
        m_rows.begin(), m_rows.end(), [](const SeatHealth &h) { return h.modelSeat; });
}

namespace {

/// "3.4k" for token counts in a narrow cell.
QString compact(qint64 n)
{
    if (n < 1000)
        return QString::number(n);
    if (n < 1'000'000)
        return QStringLiteral("%1k").arg(double(n) / 1000.0, 0, 'f', n < 10'000 ? 1 : 0);
    return QStringLiteral("%1M").arg(double(n) / 1e6, 0, 'f', 1);
}

QString seconds(qint64 ms)
{
    return QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', ms < 10'000 ? 1 : 0);
}

} // namespace

qint64 SeatHealthModel::timeLeftMs(int row) const
{
    const SeatHealth &h = m_rows[std::size_t(row)];
    if (!h.owes || !h.owesKnown)
        return -1;
    if (h.paused)
        return std::max<qint64>(0, h.pausedLeftMs);
    return std::max<qint64>(0, h.deadlineMs - now());
}

int SeatHealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant SeatHealthModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SeatHealth &h = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return h.name;
    case Qt::ToolTipRole:
    case Qt::AccessibleDescriptionRole:
        return describe(index.row());
    case PlayerIdRole:
        return h.playerId;
    case SeatRole:
        return h.seat;
    case TimeLeftMsRole: {
        const qint64 left = timeLeftMs(index.row());
        return left < 0 ? QVariant() : QVariant(left);
    }
    case MissedRole:
        return h.missedDeadlines;
    case TimeoutsRole:
        return h.consecutiveTimeouts;
    case LastLatencyUsRole:
        return h.lastLatencyUs < 0 ? QVariant() : QVariant(h.lastLatencyUs);
    case PhaseErrorsRole:
        return h.phaseErrors;
    default:
        return {};
    }
}

QString SeatHealthModel::describe(int row) const
{
    const SeatHealth &h = m_rows[std::size_t(row)];
    QStringList parts;
    if (!h.alive)
        parts << tr("out of the game");
    else if (!h.owesKnown)
        parts << tr("night actions are secret in the public view");
    else if (h.owes)
        parts << (h.paused ? tr("%1 left to %2 (paused)") : tr("%1 left to %2"))
                     .arg(UiText::countdown(timeLeftMs(row)), h.action);
    else
        parts << tr("owes no action now");
    parts << tr("missed deadlines: %1").arg(h.missedDeadlines);
    parts << tr("timeouts in a row: %1").arg(h.consecutiveTimeouts);
    // Which tool a seat called last (a night action…) is for the omniscient eye only.
    if (h.lastLatencyUs >= 0 && m_omniscient)
        parts << tr("last call %1 took %2 ms")
                     .arg(h.lastTool)
                     .arg(double(h.lastLatencyUs) / 1000.0, 0, 'f', 1);
    else if (h.lastLatencyUs >= 0)
        parts << tr("last call took %1 ms").arg(double(h.lastLatencyUs) / 1000.0, 0, 'f', 1);
    else
        parts << tr("no call recorded");
    parts << (h.phaseErrors > 0
                  ? (m_omniscient ? tr("failed calls this phase: %1 (last: %2)")
                                        .arg(h.phaseErrors)
                                        .arg(h.lastError)
                                  : tr("failed calls this phase: %1").arg(h.phaseErrors))
                  : tr("no failed call this phase"));
    if (h.modelSeat) {
        parts << tr("played by the model %1").arg(h.model);
        if (h.telemetryShown) {
            parts << tr("%n model call(s)", nullptr, h.modelCalls);
            parts << tr("tokens in %1, out %2").arg(h.inputTokens).arg(h.outputTokens);
            parts << (h.cost >= 0 ? tr("cost %1").arg(h.cost, 0, 'f', 4)
                                  : tr("cost unknown (no prices)"));
            parts << tr("latency p50 %1, p95 %2")
                         .arg(seconds(h.latencyP50Ms), seconds(h.latencyP95Ms));
            parts << (h.modelFailures > 0 ? tr("failed requests: %1").arg(h.failureKinds)
                                          : tr("no failed request"));
            parts << tr("%n stand-in turn(s)", nullptr, h.standInTurns);
            if (h.handedOver)
                parts << tr("handed over to the built-in bot");
        }
    }
    return tr("Seat %1, %2: %3").arg(h.seat).arg(h.name, parts.join(tr("; ")));
}

// ---------------------------------------------------------------- view

SeatHealthView::SeatHealthView(SeatHealthModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setAccessibleName(tr("Seat health"));
    // Cards wrap into as many rows as the width needs (heightForWidth).
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setMouseTracking(true);
    connect(m_model, &QAbstractItemModel::modelReset, this, &SeatHealthView::onModelChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &SeatHealthView::onModelChanged);
    m_tick.setInterval(250);
    connect(&m_tick, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    onModelChanged();
}

void SeatHealthView::onModelChanged()
{
    if (m_model->hasModelSeats() != m_tall || m_model->rowCount() != m_cells) {
        m_tall = m_model->hasModelSeats();
        m_cells = m_model->rowCount();
        updateGeometry();
        Q_EMIT cardsChanged();
    }
    QStringList lines;
    bool counting = false;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        lines << m_model->describe(r);
        counting = counting || (m_model->timeLeftMs(r) >= 0 && !m_model->seat(r).paused);
    }
    setAccessibleDescription(lines.join(QLatin1Char('\n')));
    if (counting)
        m_tick.start();
    else
        m_tick.stop();
    update();
}

int SeatHealthView::cellWidth() const
{
    // Wide enough for the longest line a card has, so nothing is cut off.
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetrics fmSmall(small);
    int w = 0;
    const QStringList lines{
        tr("missed %1 · %2 in a row").arg(88).arg(88),
        QString(tr("%1 ms").arg(8888.0, 0, 'f', 0) + tr(" · ") + tr("errors: %1").arg(88)),
        QString(tr("%1 calls").arg(88) + tr(" · ")
                + tr("%1/%2 tok").arg(QStringLiteral("88.8k"), QStringLiteral("8.8k"))),
        QString(tr("$%1").arg(0.888, 0, 'f', 3) + tr(" · ")
                + tr("p95 %1").arg(QStringLiteral("88.8 s")))};
    for (const QString &line : lines)
        w = std::max(w, fmSmall.horizontalAdvance(line));
    w = std::max(w,
                 QFontMetrics(font()).horizontalAdvance(
                     tr("%1 to %2").arg(QStringLiteral("88:88"), tr("vote"))));
    return w + 8 + 6 + 4; // the card's padding, and a little air
}

int SeatHealthView::cellHeight() const
{
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetrics fm(font()), fmSmall(small);
    // name, what it owes, deadlines, calls; a model seat adds its model and
    // its telemetry (two lines).
    return fm.height() * 2 + 1 + fmSmall.height() * (m_tall ? 5 : 2) + 8 + 2;
}

int SeatHealthView::columnsFor(int width) const
{
    const int n = std::max(1, m_model->rowCount());
    const int fit = (width + Gap) / (cellWidth() + Gap);
    return std::clamp(fit, 1, n);
}

int SeatHealthView::heightForWidth(int width) const
{
    const int n = std::max(1, m_model->rowCount());
    const int columns = columnsFor(width);
    const int rows = (n + columns - 1) / columns;
    return rows * cellHeight() + (rows - 1) * Gap;
}

QSize SeatHealthView::sizeHint() const
{
    // Every card in one row when there is room for it.
    const int n = std::max(8, m_model->rowCount());
    const int width = n * cellWidth() + (n - 1) * Gap;
    return {width, heightForWidth(width)};
}

QSize SeatHealthView::minimumSizeHint() const
{
    return {cellWidth(), cellHeight()};
}

QRect SeatHealthView::cellRect(int row) const
{
    const int columns = columnsFor(width());
    const int w = (width() - Gap * (columns - 1)) / columns;
    const int h = cellHeight();
    return {(row % columns) * (w + Gap), (row / columns) * (h + Gap), w, h};
}

void SeatHealthView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    QFont bold = font();
    bold.setBold(true);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetrics fm(font()), fmSmall(small);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor warn = Theme::warning(pal);
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const SeatHealth &h = m_model->seat(r);
        const QRectF cell = QRectF(cellRect(r)).adjusted(0.5, 0.5, -0.5, -0.5);
        QPainterPath path;
        path.addRoundedRect(cell, 6, 6);
        const qint64 left = m_model->timeLeftMs(r);
        const bool urgent = left >= 0 && left < 5000 && !h.paused;
        QColor fill = pal.color(QPalette::Base);
        if (urgent)
            fill = Theme::mix(fill, Theme::danger(), 0.18);
        p.fillPath(path, h.alive ? fill : pal.color(QPalette::Window));
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(left >= 0 ? Theme::phaseColor(Phase::DayVote) : pal.color(QPalette::Mid),
                      left >= 0 ? 1.5 : 1));
        p.drawPath(path);

        const QRectF inner = cell.adjusted(8, 4, -6, -4);
        qreal y = inner.top();
        // seat dot and name
        const QColor seatCol = seatColor(h.seat);
        p.setPen(Qt::NoPen);
        p.setBrush(h.alive ? seatCol : Theme::mix(seatCol, pal.color(QPalette::Window), 0.6));
        const qreal d = fm.height() * 0.9;
        p.drawEllipse(QRectF(inner.left(), y + (fm.height() - d) / 2, d, d));
        p.setPen(Qt::white);
        p.setFont(small);
        p.drawText(QRectF(inner.left(), y + (fm.height() - d) / 2, d, d),
                   Qt::AlignCenter,
                   QString::number(h.seat));
        p.setFont(bold);
        p.setPen(h.alive ? pal.color(QPalette::Text) : muted);
        const QRectF nameRect(inner.left() + d + 5, y, inner.width() - d - 5, fm.height());
        p.drawText(nameRect,
                   Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(bold).elidedText(h.name, Qt::ElideRight, int(nameRect.width())));
        y += fm.height() + 1;

        // what it owes, and by when
        QString line;
        QColor color = muted;
        if (!h.alive) {
            line = tr("out");
        } else if (!h.owesKnown) {
            line = tr("night · secret");
        } else if (left >= 0) {
            // Paused: the same words, muted (the header says why).
            line = tr("%1 to %2").arg(UiText::countdown(left), h.action);
            color = urgent ? Theme::danger() : h.paused ? muted : pal.color(QPalette::Text);
        } else {
            line = tr("nothing owed");
        }
        p.setFont(urgent ? bold : font());
        p.setPen(color);
        p.drawText(QRectF(inner.left(), y, inner.width(), fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(line, Qt::ElideRight, int(inner.width())));
        y += fm.height();

        // deadlines
        p.setFont(small);
        const QString misses
            = tr("missed %1 · %2 in a row").arg(h.missedDeadlines).arg(h.consecutiveTimeouts);
        p.setPen(h.consecutiveTimeouts >= 2 ? Theme::danger()
                 : h.missedDeadlines > 0    ? warn
                                            : muted);
        p.drawText(QRectF(inner.left(), y, inner.width(), fmSmall.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fmSmall.elidedText(misses, Qt::ElideRight, int(inner.width())));
        y += fmSmall.height();

        // calls
        QString calls
            = h.lastLatencyUs >= 0 ? tr("%1 ms").arg(
                  double(h.lastLatencyUs) / 1000.0, 0, 'f', h.lastLatencyUs < 10'000 ? 1 : 0)
                                   : tr("no calls");
        calls += tr(" · ") + tr("errors: %1").arg(h.phaseErrors);
        p.setPen(h.phaseErrors > 0 ? Theme::danger() : muted);
        p.drawText(QRectF(inner.left(), y, inner.width(), fmSmall.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fmSmall.elidedText(calls, Qt::ElideRight, int(inner.width())));
        y += fmSmall.height();

        if (!h.modelSeat)
            continue;
        // the model, and what it has cost so far
        QString model = h.model;
        if (h.handedOver)
            model = tr("%1 → bot").arg(model);
        QFont modelFont = small;
        modelFont.setBold(true);
        p.setFont(modelFont);
        p.setPen(h.handedOver ? warn : Theme::thought());
        p.drawText(QRectF(inner.left(), y, inner.width(), fmSmall.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(modelFont).elidedText(model, Qt::ElideMiddle, int(inner.width())));
        y += fmSmall.height();
        if (!h.telemetryShown)
            continue;
        // Two lines, so that a card of the narrowest width shows them whole:
        // what was asked, then what it cost and how it went.
        const QStringList asked{
            tr("%1 calls").arg(h.modelCalls),
            tr("%1/%2 tok").arg(compact(h.inputTokens), compact(h.outputTokens))};
        QStringList cost;
        if (h.cost >= 0)
            cost << tr("$%1").arg(h.cost, 0, 'f', h.cost < 1 ? 3 : 2);
        cost << tr("p95 %1").arg(seconds(h.latencyP95Ms));
        if (h.standInTurns > 0)
            cost << tr("%1 stand-in").arg(h.standInTurns);
        if (h.modelFailures > 0)
            cost << tr("%1 failed").arg(h.modelFailures);
        p.setFont(small);
        p.setPen(muted);
        p.drawText(QRectF(inner.left(), y, inner.width(), fmSmall.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fmSmall.elidedText(asked.join(tr(" · ")), Qt::ElideRight, int(inner.width())));
        y += fmSmall.height();
        p.setPen(h.standInTurns > 0 || h.modelFailures > 0 ? warn : muted);
        p.drawText(QRectF(inner.left(), y, inner.width(), fmSmall.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fmSmall.elidedText(cost.join(tr(" · ")), Qt::ElideRight, int(inner.width())));
    }
}

bool SeatHealthView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto *he = static_cast<QHelpEvent *>(e);
        for (int r = 0; r < m_model->rowCount(); ++r)
            if (cellRect(r).contains(he->pos())) {
                QToolTip::showText(he->globalPos(), m_model->describe(r), this, cellRect(r));
                return true;
            }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

} // namespace townhall::ui
