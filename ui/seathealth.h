// SPDX-License-Identifier: MIT
#pragma once

// Seat health: for each seat of the shown match, whether it owes an
// action and by when, its missed deadlines and consecutive timeouts (from the
// events this viewer may read), and its agent's last call latency and errors
// in this phase (from the inspector's recorded calls). For a model seat:
// which model plays it and its telemetry (ModelSeatBook).

#include "host/recorder/toolcallrecord.h"
#include "ui/modelseats.h"
#include "ui/spectatorcontroller.h"

#include "engine/match.h"
#include "engine/projection.h"

#include <QAbstractListModel>
#include <QHash>
#include <QTimer>
#include <QWidget>

#include <deque>
#include <limits>
#include <vector>

namespace townhall::ui {

struct SeatHealth
{
    QString playerId;
    QString agentId;
    QString name;
    int seat = 0;
    bool alive = true;
    /// Whether this viewer may know if the seat owes an action (night roles
    /// are secret in the public view).
    bool owesKnown = true;
    bool owes = false;       ///< must act before `deadlineMs`
    QString action;          ///< what it owes, translated ("vote", …)
    qint64 deadlineMs = 0;   ///< when the seat's time runs out (0: no deadline)
    bool paused = false;     ///< the match clock is stopped
    qint64 pausedLeftMs = 0; ///< time left when it was paused
    int missedDeadlines = 0;
    int consecutiveTimeouts = 0;
    qint64 lastLatencyUs = -1; ///< of the agent's last tool call; -1: none seen
    QString lastTool;
    int phaseErrors = 0; ///< failed calls (tool, protocol, rate limit) in the current phase
    QString lastError;   ///< the latest of them (error code, or the status)
    /// A model seat: which model plays it (never secret)…
    bool modelSeat = false;
    QString model; ///< "local · qwen3:8b"
    /// …and what it cost, shown in the omniscient view or once the match
    /// ended: a model that is called at night holds a night role.
    bool telemetryShown = false;
    int modelCalls = 0;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double cost = -1; ///< negative: unknown (no prices)
    qint64 latencyP50Ms = 0;
    qint64 latencyP95Ms = 0;
    int modelFailures = 0;
    QString failureKinds; ///< "TIMEOUT 2, RATE_LIMITED 1"
    int standInTurns = 0;
    bool handedOver = false;

    bool operator==(const SeatHealth &) const = default;
};

class SeatHealthModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatHealthModel)

public:
    enum Roles {
        PlayerIdRole = Qt::UserRole,
        SeatRole,
        TimeLeftMsRole, ///< qint64, invalid when the seat owes nothing (or it is hidden)
        MissedRole,
        TimeoutsRole,
        LastLatencyUsRole, ///< invalid when no call was seen
        PhaseErrorsRole,
    };

    explicit SeatHealthModel(QObject *parent = nullptr);
    ~SeatHealthModel() override;

    /// Milliseconds since the epoch, for TimeLeftMsRole (the shown time).
    void setClock(Clock clock) { m_clock = std::move(clock); }
    qint64 now() const { return m_clock ? m_clock() : 0; }

    /// Where model seats are described (null: none). Outlives the model.
    void setModelSeats(const ModelSeatBook *book) { m_book = book; }
    /// Whether a seat of the shown match is played by a model (the cells grow a line or two).
    bool hasModelSeats() const;

    /// Rebuilds from `match` as `viewer` sees it. `live` false (a replay):
    /// calls made after the match's last shown event are left out.
    void sync(const engine::Match *match, const engine::Viewer &viewer, bool live = true);
    /// The inspector's new records (any match, any order of agents).
    void addCalls(const townhall::ui::ToolCallRecords &records);

    const SeatHealth &seat(int row) const { return m_rows[std::size_t(row)]; }
    /// Time left for the seat of `row` to act, or -1 when it owes nothing (or it is hidden).
    qint64 timeLeftMs(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    /// One line for screen readers and tooltips: "Ada: 0:12 left to vote, …".
    QString describe(int row) const;

private:
    struct Call
    {
        qint64 atUs = 0;
        qint64 latencyUs = 0;
        QString matchId;
        QString tool;
        CallStatus status = CallStatus::Ok;
        QString error;
    };
    void applyCalls(std::vector<SeatHealth> &rows) const;
    void publish(std::vector<SeatHealth> rows);

    std::vector<SeatHealth> m_rows;
    QHash<QString, std::deque<Call>> m_calls; ///< by agent id, oldest first, bounded
    QString m_matchId;
    bool m_omniscient = false;
    qint64 m_phaseStartUs = 0;
    qint64 m_upToUs = std::numeric_limits<qint64>::max();
    Clock m_clock;
    const ModelSeatBook *m_book = nullptr;
};

/// The seats' health as cards (seat, name, time left, missed deadlines and
/// timeouts, last latency, errors), as many to a row as fit whole, further
/// rows below. Repaints its countdowns.
class SeatHealthView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatHealthView)

public:
    explicit SeatHealthView(SeatHealthModel *model, QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    /// The cards wrap: as many per row as fit at cellWidth(), the rows below.
    int heightForWidth(int width) const override;
    /// The cell of `row` (tests, tooltips).
    QRect cellRect(int row) const;
    /// A card's narrowest width: its longest line fits whole.
    int cellWidth() const;
    int cellHeight() const;
    /// Cards per row at `width`.
    int columnsFor(int width) const;

Q_SIGNALS:
    /// The cards need another height (model seats add lines; another table
    /// has another number of seats): a window may give them the room.
    void cardsChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    void onModelChanged();

    SeatHealthModel *m_model;
    static constexpr int Gap = 6;
    QTimer m_tick;
    bool m_tall = false; ///< model seats shown: room for their lines
    int m_cells = 0;     ///< cards laid out
};

} // namespace townhall::ui
