// SPDX-License-Identifier: MIT
#include "ui/transcriptmodel.h"

#include "ui/templatetext.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include "engine/payloads.h"

#include <algorithm>

namespace townhall::ui {

using engine::Event;
using engine::EventType;
using engine::Phase;
namespace payload = engine::payload;

namespace {

bool isNote(const auto &row)
{
    return row.kind == TranscriptModel::EntryKind::Thought
           || row.kind == TranscriptModel::EntryKind::StandIn;
}

} // namespace

TranscriptModel::TranscriptModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

TranscriptModel::~TranscriptModel() = default;

void TranscriptModel::sync(const engine::Match *match, const engine::Viewer &viewer)
{
    const QString id = match ? qs(match->matchId()) : QString();
    const bool append = match && id == m_matchId && viewer.kind == m_viewerKind
                        && match->log().size() >= m_consumed;
    if (!append) {
        beginResetModel();
        m_rows.clear();
        m_consumed = 0;
        m_matchId = id;
        m_viewerKind = viewer.kind;
        m_notesTaken.clear();
        m_notesUpTo = 0;
        if (match) {
            for (const Event &e : match->log()) {
                Row r;
                if (engine::visible(e, viewer, match->state()) && rowFor(*match, e, r, nullptr))
                    m_rows.push_back(std::move(r));
            }
            m_consumed = match->log().size();
            if (!match->log().empty())
                m_notesUpTo = match->log().back().at;
            insertNotes(pendingNotes(), false);
        }
        endResetModel();
        return;
    }
    std::vector<Row> added;
    const auto &log = match->log();
    for (std::size_t i = m_consumed; i < log.size(); ++i) {
        Row r;
        if (engine::visible(log[i], viewer, match->state()) && rowFor(*match, log[i], r, &added))
            added.push_back(std::move(r));
    }
    m_consumed = log.size();
    if (!added.empty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        for (Row &r : added)
            m_rows.push_back(std::move(r));
        endInsertRows();
    }
    if (!log.empty())
        m_notesUpTo = std::max<qint64>(m_notesUpTo, log.back().at);
    syncNotes();
}

void TranscriptModel::syncNotes()
{
    insertNotes(pendingNotes(), true);
}

std::vector<TranscriptModel::Row> TranscriptModel::pendingNotes()
{
    std::vector<Row> out;
    if (!m_book || m_viewerKind != engine::Viewer::Kind::Omniscient || m_matchId.isEmpty())
        return out;
    for (const auto &[playerId, seat] : m_book->seats(m_matchId)) {
        int &taken = m_notesTaken[playerId];
        taken = std::max(taken, seat.firstNote);
        for (int i = taken - seat.firstNote; i < int(seat.notes.size()); ++i) {
            const ModelNote &n = seat.notes[i];
            if (n.atMs > m_notesUpTo)
                break; // its event is not here yet (or past the replay's position)
            Row r;
            r.at = n.atMs;
            r.speakerId = playerId;
            r.speakerName = seat.displayName;
            r.seat = 0;
            r.text = n.text;
            r.spoiler = true;
            if (n.kind == ModelNote::Kind::Thought) {
                r.kind = EntryKind::Thought;
                r.tag = tr("THOUGHT");
            } else {
                r.kind = EntryKind::StandIn;
                r.tag = n.kind == ModelNote::Kind::HandOver ? tr("HAND-OVER") : tr("STAND-IN");
                r.emphasis = n.kind == ModelNote::Kind::HandOver;
            }
            out.push_back(std::move(r));
            ++taken;
        }
    }
    std::stable_sort(
        out.begin(), out.end(), [](const Row &a, const Row &b) { return a.at < b.at; });
    return out;
}

void TranscriptModel::insertNotes(std::vector<Row> notes, bool announce)
{
    for (Row &n : notes) {
        // Before the first row after its time: notes are near the end, so look from there.
        std::size_t pos = m_rows.size();
        while (pos > 0 && m_rows[pos - 1].at > n.at)
            --pos;
        n.seq = pos > 0 ? m_rows[pos - 1].seq : 0;
        // A note takes its colour from the seat of its speaker, found in the rows.
        for (const Row &r : m_rows)
            if (r.speakerId == n.speakerId && r.seat > 0) {
                n.seat = r.seat;
                break;
            }
        if (announce)
            beginInsertRows({}, int(pos), int(pos));
        for (Row &r : m_rows)
            if (r.replyToRow >= int(pos))
                ++r.replyToRow;
        m_rows.insert(m_rows.begin() + std::ptrdiff_t(pos), std::move(n));
        if (announce)
            endInsertRows();
    }
}

/// Fills one event's row: a function per payload type (payloads.h), with
/// what they share (player names, the speaker's seat) at hand. Each returns
/// whether the event has a row.
struct TranscriptModel::RowBuilder
{
    const TranscriptModel &model;
    const engine::Match &match;
    const Event &e;
    const std::vector<Row> *pending; ///< rows of the same batch, not yet in m_rows
    Row &r;

    QString name(std::string_view pid) const
    {
        const engine::Player *pl = match.player(std::string(pid));
        return pl ? qs(pl->displayName) : qs(pid);
    }

    /// The player's name; empty when there is none.
    QString name(const std::optional<std::string_view> &pid) const
    {
        return pid ? name(*pid) : QString();
    }

    QStringList names(const std::vector<std::string_view> &pids) const
    {
        QStringList out;
        for (std::string_view pid : pids)
            out << name(pid);
        return out;
    }

    void setSpeaker(std::string_view pid) const
    {
        r.speakerId = qs(pid);
        r.speakerName = name(pid);
        if (const engine::Player *pl = match.player(std::string(pid)))
            r.seat = pl->seat;
    }

    bool operator()(const payload::MatchCreated &p) const
    {
        r.kind = EntryKind::System;
        // Tables seat six to twelve; the count is the table's, spelled out.
        QString count = UiText::numberWord(int(match.state().players.size()));
        if (!count.isEmpty())
            count[0] = count[0].toUpper();
        r.text
            = TranscriptModel::tr("Werewolf Game #%1 opens its doors. %2 players take their seats.")
                  .arg(p.matchNumber)
                  .arg(count);
        return true;
    }

    bool operator()(const payload::PhaseChanged &p) const
    {
        const Phase to = p.to;
        r.kind = EntryKind::PhaseSeparator;
        r.phase = int(to);
        if (to == Phase::Night)
            r.text = TranscriptModel::tr("Night %1").arg(p.nightNumber.value_or(0));
        else if (to == Phase::NightWitch)
            r.text = TranscriptModel::tr("Night %1 · %2")
                         .arg(p.nightNumber.value_or(0))
                         .arg(UiText::phaseName(to));
        else if (to == Phase::HunterShot)
            // The phase names the hunter publicly (PHASE_CHANGED's hunterPlayerId).
            r.text = TranscriptModel::tr("Day %1 · %2: %3")
                         .arg(p.dayNumber)
                         .arg(UiText::phaseName(to), name(p.hunterPlayerId));
        else if (to == Phase::Lobby || to == Phase::Ended)
            r.text = UiText::phaseName(to);
        else
            r.text = TranscriptModel::tr("Day %1 · %2").arg(p.dayNumber).arg(UiText::phaseName(to));
        return true;
    }

    bool operator()(const payload::TurnStarted &p) const
    {
        r.kind = EntryKind::TurnMarker;
        setSpeaker(p.playerId);
        r.text = TranscriptModel::tr("Turn %1 of %2 · %3")
                     .arg(p.index + 1)
                     .arg(p.of)
                     .arg(r.speakerName);
        return true;
    }

    bool operator()(const payload::TurnMissed &p) const
    {
        r.kind = EntryKind::System;
        setSpeaker(p.playerId);
        r.text = TranscriptModel::tr("%1 let their turn pass in silence.").arg(r.speakerName);
        return true;
    }

    bool operator()(const payload::PublicMessage &p) const
    {
        r.kind = EntryKind::Speech;
        setSpeaker(p.playerId);
        r.text = qs(p.text);
        r.tag = p.kind != engine::MessageKind::Discussion
                    ? UiText::messageKindName(p.kind).toUpper()
                    : QString();
        if (p.replyToEventId)
            replyTo(*p.replyToEventId);
        return true;
    }

    /// Links a reply to the row of the message it answers, with a snippet of it.
    void replyTo(std::string_view eventId) const
    {
        const auto seq = engine::seqFromEventId(match.matchId(), std::string(eventId));
        if (!seq)
            return;
        // Replies may point at a row of the same batch, not yet in m_rows.
        const Row *target = nullptr;
        int row = model.rowForSeq(*seq);
        if (row >= 0 && model.m_rows[std::size_t(row)].seq == *seq) {
            target = &model.m_rows[std::size_t(row)];
        } else if (pending) {
            for (std::size_t i = 0; i < pending->size(); ++i) {
                if ((*pending)[i].seq == *seq) {
                    target = &(*pending)[i];
                    row = int(model.m_rows.size() + i);
                }
            }
        }
        if (!target)
            return;
        r.replyToRow = row;
        QString snippet = target->text;
        if (snippet.size() > 70)
            snippet = snippet.left(68) + QChar(0x2026);
        r.replySnippet
            = TranscriptModel::tr("replying to %1: “%2”").arg(target->speakerName, snippet);
    }

    bool operator()(const payload::WolfChatMessage &p) const
    {
        r.kind = EntryKind::WolfChat;
        setSpeaker(p.fromWolfId);
        r.text = qs(p.text);
        r.tag = TranscriptModel::tr("WOLF CHAT");
        return true;
    }

    bool operator()(const payload::Narrator &p) const
    {
        r.kind = EntryKind::Narrator;
        r.text = TemplateText::narratorLine(p);
        r.tag = TranscriptModel::tr("TOWN CRIER");
        return true;
    }

    bool operator()(const payload::VoteCast &p) const
    {
        r.kind = EntryKind::Vote;
        setSpeaker(p.voterPlayerId);
        const QString target = name(p.targetPlayerId);
        if (target.isEmpty())
            r.text = p.changed ? TranscriptModel::tr("%1 withdraws their vote and abstains")
                                     .arg(r.speakerName)
                               : TranscriptModel::tr("%1 abstains").arg(r.speakerName);
        else if (p.changed)
            r.text = TranscriptModel::tr("%1 switches their vote to %2").arg(r.speakerName, target);
        else
            r.text = TranscriptModel::tr("%1 votes to eliminate %2").arg(r.speakerName, target);
        if (p.reason && !p.reason->empty())
            r.text += QStringLiteral(" — “") % qs(*p.reason) % QStringLiteral("”");
        r.tag = p.changed ? TranscriptModel::tr("VOTE CHANGED") : TranscriptModel::tr("VOTE");
        return true;
    }

    bool operator()(const payload::NightResult &p) const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        // Rule sets other than classic list every death (wolves and poison);
        // the table is not told whose doing each was, nor who saved whom.
        if (p.deaths) {
            const QStringList dead = names(*p.deaths);
            r.text = dead.isEmpty() ? TranscriptModel::tr(
                         "Dawn breaks and everyone wakes up. No one died in the night.")
                                    : TranscriptModel::tr("Dawn breaks. %1 died in the night.")
                                          .arg(UiText::joinList(dead));
            return true;
        }
        const QString killed = name(p.killedPlayerId);
        r.text = killed.isEmpty()
                     ? TranscriptModel::tr(
                         "Dawn breaks and everyone wakes up. The doctor saved a life tonight.")
                     : TranscriptModel::tr("Dawn breaks. %1 was killed in the night.").arg(killed);
        return true;
    }

    bool operator()(const payload::PlayerEliminated &p) const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        setSpeaker(p.playerId);
        if (p.cause == "HUNTER_SHOT")
            r.text = TranscriptModel::tr("%1 is shot by the hunter %2.")
                         .arg(r.speakerName, name(p.byPlayerId));
        else if (p.cause == "VOTE")
            r.text = TranscriptModel::tr("%1 is eliminated by the town.").arg(r.speakerName);
        else
            r.text = TranscriptModel::tr("%1 is dead.").arg(r.speakerName);
        // Rule sets that keep roles hidden on death send no roleRevealed: say nothing of it.
        if (p.roleRevealed)
            r.text
                += QLatin1Char(' ')
                   + TranscriptModel::tr("They were a %1.").arg(UiText::roleName(*p.roleRevealed));
        return true;
    }

    bool operator()(const payload::VoteResult &p) const
    {
        r.kind = EntryKind::Outcome;
        const QString out = name(p.eliminatedPlayerId);
        const int top = p.topCount;
        if (!p.pk.empty()) {
            r.text = TranscriptModel::tr("The vote is tied at %n vote(s) — %1 go to the PK: a "
                                         "defence each, then a revote.",
                                         nullptr,
                                         top)
                         .arg(UiText::joinList(names(p.pk)));
            r.tag = TranscriptModel::tr("PK");
            return true;
        }
        if (p.pkRound > 0) {
            r.tag = TranscriptModel::tr("PK REVOTE");
            if (!out.isEmpty())
                r.text
                    = TranscriptModel::tr("The PK revote is in: %1 with %n vote(s).", nullptr, top)
                          .arg(out);
            else if (p.tie)
                r.text = TranscriptModel::tr(
                    "The PK revote is tied again at %n vote(s) — no one is eliminated.",
                    nullptr,
                    top);
            else
                r.text = TranscriptModel::tr(
                    "No votes were cast in the PK revote — no one is eliminated.");
            return true;
        }
        if (!out.isEmpty())
            r.text
                = TranscriptModel::tr("The vote is in: %1 with %n vote(s).", nullptr, top).arg(out);
        else if (p.tie)
            r.text = TranscriptModel::tr(
                "The vote is tied at %n vote(s) — no one is eliminated.", nullptr, top);
        else
            r.text = TranscriptModel::tr("No votes were cast — no one is eliminated.");
        return true;
    }

    bool operator()(const payload::GameEnded &p) const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        if (!p.winningTeam) {
            // The rule set's day limit: nobody wins (reason MAX_DAYS).
            r.text = p.reason == std::optional<std::string_view>("MAX_DAYS")
                         ? TranscriptModel::tr(
                               "Game over: a draw — day %1 was the last, and no side has won.")
                               .arg(p.dayNumber)
                         : TranscriptModel::tr("Game over: a draw.");
            return true;
        }
        r.text
            = TranscriptModel::tr("Game over: the %1 win.").arg(UiText::teamName(*p.winningTeam));
        return true;
    }

    bool operator()(const payload::RolesRevealed &) const
    {
        r.kind = EntryKind::System;
        r.text = TranscriptModel::tr("All roles are revealed.");
        return true;
    }

    bool operator()(const payload::MatchPaused &) const
    {
        r.kind = EntryKind::System;
        r.text = TranscriptModel::tr("The host paused the match.");
        return true;
    }

    bool operator()(const payload::MatchResumed &p) const
    {
        r.kind = EntryKind::System;
        if (p.reason == "speed" && p.speed)
            r.text = TranscriptModel::tr("The host set the timers to ×%1.").arg(*p.speed);
        else
            r.text = p.reason == "skip" ? TranscriptModel::tr("The host skipped ahead.")
                                        : TranscriptModel::tr("The match resumes.");
        return true;
    }

    bool operator()(const payload::RolesAssigned &) const
    {
        r.kind = EntryKind::Secret;
        QStringList wolves;
        for (const engine::Player &pl : match.state().players)
            if (pl.role == engine::Role::Werewolf)
                wolves << qs(pl.displayName);
        r.text = TranscriptModel::tr("Roles are dealt. The werewolves are %1.")
                     .arg(UiText::joinList(wolves));
        r.tag = TranscriptModel::tr("SECRET");
        return true;
    }

    bool operator()(const payload::WolfKillSelected &p) const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(p.byPlayerId);
        r.text = TranscriptModel::tr("%1 marks %2 as tonight's prey.")
                     .arg(r.speakerName, name(p.targetPlayerId));
        r.tag = TranscriptModel::tr("WOLF");
        return true;
    }

    bool operator()(const payload::SeerInspected &p) const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        const QString target = name(p.targetPlayerId);
        r.text = p.werewolf ? TranscriptModel::tr("The seer %1 inspects %2: a WEREWOLF!")
                                  .arg(r.speakerName, target)
                            : TranscriptModel::tr("The seer %1 inspects %2: not a werewolf.")
                                  .arg(r.speakerName, target);
        r.tag = TranscriptModel::tr("SEER");
        return true;
    }

    bool operator()(const payload::DoctorProtected &p) const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        r.text = TranscriptModel::tr("The doctor %1 watches over %2.")
                     .arg(r.speakerName, name(p.targetPlayerId));
        r.tag = TranscriptModel::tr("DOCTOR");
        return true;
    }

    bool operator()(const payload::NightResolved &p) const
    {
        r.kind = EntryKind::Secret;
        const QString victim = name(p.victimPlayerId);
        const QString savedByWitch = p.witch ? name(p.witch->savedPlayerId) : QString();
        if (!savedByWitch.isEmpty() && p.saved)
            r.text = TranscriptModel::tr(
                         "The wolves went for %1, but the witch's antidote saved them.")
                         .arg(victim);
        else if (!savedByWitch.isEmpty())
            r.text
                = TranscriptModel::tr(
                      "The wolves went for %1; the antidote and the doctor's watch cancelled out.")
                      .arg(victim);
        else if (p.saved)
            r.text = TranscriptModel::tr("The wolves went for %1, but the doctor was there.")
                         .arg(victim);
        else
            r.text = TranscriptModel::tr("The wolves' choice: %1.").arg(victim);
        const QString poisoned = p.witch ? name(p.witch->poisonedPlayerId) : QString();
        if (!poisoned.isEmpty())
            r.text
                += QLatin1Char(' ') + TranscriptModel::tr("The witch poisoned %1.").arg(poisoned);
        r.tag = TranscriptModel::tr("NIGHT");
        return true;
    }

    // The wolves' decision before the witch's turn (Host only).
    bool operator()(const payload::WolvesDecided &p) const
    {
        r.kind = EntryKind::Secret;
        r.text = TranscriptModel::tr("The wolves settle on %1; the witch's turn comes next.")
                     .arg(name(p.victimPlayerId));
        r.tag = TranscriptModel::tr("WOLVES");
        return true;
    }

    bool operator()(const payload::WitchInformed &p) const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        const QString victim = name(p.killedPlayerId);
        const QString known
            = victim.isEmpty()
                  ? TranscriptModel::tr("The witch %1 wakes, not told the wolves' victim.")
                        .arg(r.speakerName)
                  : TranscriptModel::tr("The witch %1 wakes: the wolves chose %2.")
                        .arg(r.speakerName, victim);
        r.text = known + QLatin1Char(' ')
                 + TranscriptModel::tr("Antidote: %1 · poison: %2.")
                       .arg(p.antidote ? TranscriptModel::tr("yes") : TranscriptModel::tr("used"),
                            p.poison ? TranscriptModel::tr("yes") : TranscriptModel::tr("used"));
        r.tag = TranscriptModel::tr("WITCH");
        return true;
    }

    bool operator()(const payload::WitchActed &p) const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        const QString target = name(p.targetPlayerId);
        if (p.action == "SAVE")
            r.text = TranscriptModel::tr("The witch %1 pours the antidote for %2.")
                         .arg(r.speakerName, target);
        else if (p.action == "POISON")
            r.text = TranscriptModel::tr("The witch %1 poisons %2.").arg(r.speakerName, target);
        else
            r.text = TranscriptModel::tr("The witch %1 uses no potion tonight.").arg(r.speakerName);
        r.tag = TranscriptModel::tr("WITCH");
        return true;
    }

    bool operator()(const payload::HunterShot &p) const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        setSpeaker(p.hunterPlayerId);
        const QString target = name(p.targetPlayerId);
        if (!target.isEmpty())
            r.text = TranscriptModel::tr("The hunter %1 fires a last shot at %2.")
                         .arg(r.speakerName, target);
        else if (p.timedOut)
            r.text = TranscriptModel::tr("The hunter %1 did not shoot in time.").arg(r.speakerName);
        else
            r.text = TranscriptModel::tr("The hunter %1 lowers the gun and shoots no one.")
                         .arg(r.speakerName);
        r.tag = TranscriptModel::tr("HUNTER");
        return true;
    }

    bool operator()(const payload::RoleCard &) const
    {
        return false; // the players panel shows these
    }
    bool operator()(const payload::PlayerReady &) const { return false; }
    bool operator()(const payload::BreakpointsSet &) const
    {
        return false; // a host control; the pause it causes is shown
    }
};

bool TranscriptModel::rowFor(const engine::Match &match,
                             const Event &e,
                             Row &r,
                             const std::vector<Row> *pending) const
{
    r.seq = e.seq;
    r.eventId = qs(e.eventId);
    r.at = e.at;
    r.spoiler = e.audience != engine::Audience::Public;

    // Events in a match's log decoded when they were applied; one that did
    // not would not be there.
    const auto decoded = engine::decodePayload(e);
    return decoded && std::visit(RowBuilder{*this, match, e, pending, r}, *decoded);
}

int TranscriptModel::rowForSeq(std::uint64_t seq) const
{
    if (m_rows.empty())
        return -1;
    auto it = std::lower_bound(
        m_rows.begin(), m_rows.end(), seq, [](const Row &r, std::uint64_t s) { return r.seq < s; });
    if (it == m_rows.end())
        return int(m_rows.size()) - 1;
    return int(it - m_rows.begin());
}

int TranscriptModel::rowAtOrBefore(std::uint64_t seq) const
{
    if (m_rows.empty())
        return -1;
    auto it = std::upper_bound(
        m_rows.begin(), m_rows.end(), seq, [](std::uint64_t s, const Row &r) { return s < r.seq; });
    int row = it == m_rows.begin() ? 0 : int(it - m_rows.begin()) - 1;
    // Notes carry the seq of the event before them: the event's row is the answer.
    while (row > 0 && isNote(m_rows[std::size_t(row)])
           && m_rows[std::size_t(row) - 1].seq == m_rows[std::size_t(row)].seq)
        --row;
    return row;
}

QModelIndex TranscriptModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

QModelIndex TranscriptModel::parent(const QModelIndex &) const
{
    return {};
}

int TranscriptModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TranscriptModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TranscriptModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(r.at).toString(QStringLiteral("HH:mm:ss"));
        case SpeakerColumn:
            return r.speakerName;
        case TextColumn:
            return r.text;
        }
        return {};
    case Qt::AccessibleTextRole:
    case Qt::ToolTipRole:
        if (r.speakerName.isEmpty() || r.kind != EntryKind::Speech)
            return r.text;
        return QString(r.speakerName % QStringLiteral(": ") % r.text);
    case KindRole:
        return int(r.kind);
    case SeqRole:
        return qulonglong(r.seq);
    case EventIdRole:
        return r.eventId;
    case TimestampRole:
        return r.at;
    case SpeakerIdRole:
        return r.speakerId;
    case SpeakerNameRole:
        return r.speakerName;
    case SpeakerSeatRole:
        return r.seat;
    case ColorRole:
        if (r.kind == EntryKind::PhaseSeparator)
            return Theme::phaseColor(Phase(r.phase));
        return r.seat > 0 ? seatColor(r.seat) : QVariant();
    case TextRole:
        return r.text;
    case TagRole:
        return r.tag;
    case SpoilerRole:
        return r.spoiler;
    case ReplyToRowRole:
        return r.replyToRow;
    case ReplySnippetRole:
        return r.replySnippet;
    case PhaseRole:
        return r.phase;
    case EmphasisRole:
        return r.emphasis;
    }
    return {};
}

QVariant TranscriptModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case SpeakerColumn:
        return tr("Speaker");
    case TextColumn:
        return tr("Text");
    }
    return {};
}

} // namespace townhall::ui
