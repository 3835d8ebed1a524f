// SPDX-License-Identifier: MIT
#pragma once

#include "engine/match.h"
#include "engine/projection.h"
#include "ui/modelseats.h"

#include <QAbstractItemModel>
#include <QColor>
#include <QDateTime>

#include <cstdint>
#include <map>
#include <vector>

namespace townhall::ui {

/// The shown match's events that the viewer may read, one row each, in seq
/// order: speeches, narrator lines, votes, phase separators, turn markers,
/// and (omniscient only) wolf chat and night actions, marked as spoilers,
/// and the model seats' notes (thoughts, stand-ins), each placed by time
/// before the first event after it. Events are appended while the same
/// match is shown, so views can auto-scroll; a note is inserted where it
/// belongs once an event at or after its time has arrived, so a replay
/// shows the thoughts up to its position and no further.
class TranscriptModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TranscriptModel)

public:
    enum Column { TimeColumn, SpeakerColumn, TextColumn, ColumnCount };
    enum class EntryKind {
        PhaseSeparator,
        TurnMarker,
        Speech,
        WolfChat,
        Narrator,
        Vote,
        Outcome, ///< night result, elimination, vote result, game over
        Secret,  ///< omniscient night actions and role table
        System,  ///< created, paused, resumed, missed turns
        Thought, ///< omniscient only: what a model seat's model thought
        StandIn, ///< omniscient only: a stand-in bot acted for a model, or took its seat
    };
    Q_ENUM(EntryKind)
    enum Roles {
        KindRole = Qt::UserRole, ///< EntryKind as int
        SeqRole,
        EventIdRole,
        TimestampRole, ///< qint64 ms
        SpeakerIdRole,
        SpeakerNameRole,
        SpeakerSeatRole,
        ColorRole, ///< speaker colour, or the phase colour for separators
        TextRole,
        TagRole, ///< small caps tag: "OPENING", "TOWN CRIER", …
        SpoilerRole,
        ReplyToRowRole, ///< row of the message this one replies to, or -1
        ReplySnippetRole,
        PhaseRole,    ///< separators: int(engine::Phase)
        EmphasisRole, ///< outcome rows that deserve weight (deaths, the result)
    };

    explicit TranscriptModel(QObject *parent = nullptr);
    ~TranscriptModel() override;

    /// The one handler. Same match and viewer with a longer log → rows are
    /// appended; anything else → reset.
    void sync(const engine::Match *match, const engine::Viewer &viewer);

    /// Where the model seats' notes come from (null: none). They are shown
    /// to the omniscient viewer only. The book outlives the model.
    void setModelSeats(const ModelSeatBook *book) { m_book = book; }
    /// Takes the notes that arrived since (call when the book changed).
    void syncNotes();

    /// The row showing event `seq`, or the nearest row after it (or the last).
    int rowForSeq(std::uint64_t seq) const;
    /// The row showing event `seq`, or the nearest row before it (or the
    /// first); -1 when empty. What the inspector highlights for a call.
    int rowAtOrBefore(std::uint64_t seq) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        EntryKind kind = EntryKind::System;
        std::uint64_t seq = 0;
        QString eventId;
        qint64 at = 0;
        QString speakerId;
        QString speakerName;
        int seat = 0;
        QString text;
        QString tag;
        bool spoiler = false;
        bool emphasis = false;
        int replyToRow = -1;
        QString replySnippet;
        int phase = -1;
    };
    struct RowBuilder; ///< one function per event type (transcriptmodel.cpp)
    /// Fills `out` for event `e`; false when the transcript does not show it.
    /// `pending` holds the rows of the same batch that m_rows does not yet.
    bool rowFor(const engine::Match &match,
                const engine::Event &e,
                Row &out,
                const std::vector<Row> *pending) const;

    std::vector<Row> m_rows;
    QString m_matchId;
    engine::Viewer::Kind m_viewerKind = engine::Viewer::Kind::Spectator;
    std::size_t m_consumed = 0; ///< log entries already turned into rows
    const ModelSeatBook *m_book = nullptr;
    std::map<QString, int> m_notesTaken; ///< player id → notes already turned into rows
    /// Notes up to this time may be shown (the last event's time).
    qint64 m_notesUpTo = 0;
    /// The note rows not taken yet that may be shown now, in time order.
    std::vector<Row> pendingNotes();
    /// Inserts rows of notes by time (the rows are in time order).
    void insertNotes(std::vector<Row> notes, bool announce);
};

} // namespace townhall::ui
