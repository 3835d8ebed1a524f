// SPDX-License-Identifier: MIT
#pragma once

/// \file modelseats.h
/// What the widgets know of the seats a language model plays: which model,
/// its telemetry (calls, tokens, cost, latency, failures, stand-in turns)
/// and its notes (private thoughts, stand-ins, hand-over). The host sends
/// them through HostLink as plain values; ModelSeatBook keeps them in the UI
/// thread.
///
/// All of this is the host's knowledge: a thought may name the player's role
/// and a stand-in note at night tells that the seat had a night action. The
/// widgets show notes only in the omniscient view, and telemetry only in the
/// omniscient view or once the match has ended (a model called at night is
/// a player with a night role). Which model plays a seat is never secret.

#include <QList>
#include <QMap>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <map>
#include <vector>

namespace townhall::ui {

struct ModelNote
{
    enum class Kind { Thought, StandIn, HandOver };
    Kind kind = Kind::Thought;
    qint64 atMs = 0; ///< host clock, ms since the epoch (as event timestamps)
    int day = 0;
    int phase = 0; ///< int(engine::Phase)
    QString text;
};

/// One model seat of one match: everything but the notes is a snapshot;
/// `notes` are the ones from index `firstNote` on (the host sends each once).
struct ModelSeatReport
{
    QString matchId;
    QString playerId;
    QString agentId;
    QString displayName;
    QString provider; ///< the profile's name ("local")
    QString model;    ///< the model it asks ("qwen3:8b")
    int calls = 0;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    qint64 reasoningTokens = 0;
    qint64 cachedInputTokens = 0;
    double cost = -1; ///< from the profile's prices; negative when unknown
    qint64 latencyP50Ms = 0;
    qint64 latencyP95Ms = 0;
    QMap<QString, int> failures; ///< by kind ("TIMEOUT", "RATE_LIMITED", …)
    int toolErrors = 0;          ///< calls the match refused
    int standInTurns = 0;
    bool handedOver = false;
    int firstNote = 0;
    QList<ModelNote> notes;

    int failureCount() const;
};

using ModelSeatReports = QList<ModelSeatReport>;

/// The model seats of every match, in the UI thread.
class ModelSeatBook final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelSeatBook)

public:
    explicit ModelSeatBook(QObject *parent = nullptr);
    ~ModelSeatBook() override;

    /// Takes the host's reports: snapshots replace, notes are appended (a
    /// report whose notes start past what is held is taken as a resend from
    /// the start: the held notes are replaced).
    void ingest(const townhall::ui::ModelSeatReports &reports);

    /// The model seats of a match (their notes included), by player id.
    const std::map<QString, ModelSeatReport> &seats(const QString &matchId) const;
    const ModelSeatReport *seat(const QString &matchId, const QString &playerId) const;

Q_SIGNALS:
    /// Something of `matchId`'s model seats changed.
    void changed(const QString &matchId);

private:
    std::map<QString, std::map<QString, ModelSeatReport>> m_matches;
};

} // namespace townhall::ui

Q_DECLARE_METATYPE(townhall::ui::ModelSeatReport)
Q_DECLARE_METATYPE(townhall::ui::ModelSeatReports)
