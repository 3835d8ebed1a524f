// SPDX-License-Identifier: MIT
#include "ui/transcriptmodel.h"

#include "ui/templatetext.h"
#include "ui/theme.h"
#include "ui/uitext.h"

#include <algorithm>

namespace townhall::ui {

using engine::Event;
using engine::EventType;
using engine::Phase;

namespace {

QString strOr(const engine::json &p, const char *key)
{
    auto it = p.find(key);
    return it != p.end() && it->is_string() ? qs(it->get<std::string>()) : QString();
}

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

/// Fills one event's row: a function per event type, with what they share
/// (the payload, player names, the speaker's seat) at hand.
struct TranscriptModel::RowBuilder
{
    const TranscriptModel &model;
    const engine::Match &match;
    const Event &e;
    const std::vector<Row> *pending; ///< rows of the same batch, not yet in m_rows
    Row &r;
    const engine::json &p = e.payload;

    QString name(const std::string &pid) const
    {
        const engine::Player *pl = match.player(pid);
        return pl ? qs(pl->displayName) : qs(pid);
    }

    /// The name of the player whose id is at `key`; empty when there is none.
    QString nameKey(const char *key) const
    {
        const QString pid = strOr(p, key);
        return pid.isEmpty() ? QString() : name(pid.toStdString());
    }

    void setSpeaker(const std::string &pid) const
    {
        r.speakerId = qs(pid);
        r.speakerName = name(pid);
        if (const engine::Player *pl = match.player(pid))
            r.seat = pl->seat;
    }

    void setSpeakerKey(const char *key) const { setSpeaker(p.at(key).get<std::string>()); }

    void matchCreated() const
    {
        r.kind = EntryKind::System;
        // Tables seat six to twelve; the count is the table's, spelled out.
        QString count = UiText::numberWord(int(match.state().players.size()));
        if (!count.isEmpty())
            count[0] = count[0].toUpper();
        r.text
            = TranscriptModel::tr("Werewolf Game #%1 opens its doors. %2 players take their seats.")
                  .arg(p.value("matchNumber", match.state().matchNumber))
                  .arg(count);
    }

    void phaseChanged() const
    {
        const Phase to = engine::parsePhase(p.at("to").get<std::string>()).value_or(Phase::Ended);
        r.kind = EntryKind::PhaseSeparator;
        r.phase = int(to);
        if (to == Phase::Night)
            r.text = TranscriptModel::tr("Night %1").arg(p.value("nightNumber", 0));
        else if (to == Phase::NightWitch)
            r.text = TranscriptModel::tr("Night %1 · %2")
                         .arg(p.value("nightNumber", 0))
                         .arg(UiText::phaseName(to));
        else if (to == Phase::HunterShot)
            // The phase names the hunter publicly (PHASE_CHANGED's hunterPlayerId).
            r.text = TranscriptModel::tr("Day %1 · %2: %3")
                         .arg(p.value("dayNumber", 0))
                         .arg(UiText::phaseName(to), nameKey("hunterPlayerId"));
        else if (to == Phase::Lobby || to == Phase::Ended)
            r.text = UiText::phaseName(to);
        else
            r.text = TranscriptModel::tr("Day %1 · %2")
                         .arg(p.value("dayNumber", 0))
                         .arg(UiText::phaseName(to));
    }

    void turnStarted() const
    {
        r.kind = EntryKind::TurnMarker;
        setSpeakerKey("playerId");
        r.text = TranscriptModel::tr("Turn %1 of %2 · %3")
                     .arg(p.value("index", 0) + 1)
                     .arg(p.value("of", 0))
                     .arg(r.speakerName);
    }

    void turnMissed() const
    {
        r.kind = EntryKind::System;
        setSpeakerKey("playerId");
        r.text = TranscriptModel::tr("%1 let their turn pass in silence.").arg(r.speakerName);
    }

    void publicMessage() const
    {
        r.kind = EntryKind::Speech;
        setSpeakerKey("playerId");
        r.text = strOr(p, "text");
        const auto kind = engine::parseMessageKind(p.value("kind", std::string("DISCUSSION")));
        r.tag = kind && *kind != engine::MessageKind::Discussion
                    ? UiText::messageKindName(*kind).toUpper()
                    : QString();
        replyTo(strOr(p, "replyToEventId"));
    }

    /// Links a reply to the row of the message it answers, with a snippet of it.
    void replyTo(const QString &eventId) const
    {
        if (eventId.isEmpty())
            return;
        const auto seq = engine::seqFromEventId(match.matchId(), eventId.toStdString());
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

    void wolfChatMessage() const
    {
        r.kind = EntryKind::WolfChat;
        setSpeakerKey("fromWolfId");
        r.text = strOr(p, "text");
        r.tag = TranscriptModel::tr("WOLF CHAT");
    }

    void narrator() const
    {
        r.kind = EntryKind::Narrator;
        r.text = TemplateText::narrator(p);
        r.tag = TranscriptModel::tr("TOWN CRIER");
    }

    void voteCast() const
    {
        r.kind = EntryKind::Vote;
        setSpeakerKey("voterPlayerId");
        const QString target = nameKey("targetPlayerId");
        const bool changed = p.contains("previousTargetPlayerId");
        if (target.isEmpty())
            r.text = changed ? TranscriptModel::tr("%1 withdraws their vote and abstains")
                                   .arg(r.speakerName)
                             : TranscriptModel::tr("%1 abstains").arg(r.speakerName);
        else if (changed)
            r.text = TranscriptModel::tr("%1 switches their vote to %2").arg(r.speakerName, target);
        else
            r.text = TranscriptModel::tr("%1 votes to eliminate %2").arg(r.speakerName, target);
        const QString reason = strOr(p, "reason");
        if (!reason.isEmpty())
            r.text += QStringLiteral(" — “") % reason % QStringLiteral("”");
        r.tag = changed ? TranscriptModel::tr("VOTE CHANGED") : TranscriptModel::tr("VOTE");
    }

    void nightResult() const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        // Rule sets other than classic list every death (wolves and poison);
        // the table is not told whose doing each was, nor who saved whom.
        if (const auto deaths = p.find("deaths"); deaths != p.end() && deaths->is_array()) {
            QStringList names;
            for (const auto &d : *deaths)
                if (d.is_string())
                    names << name(d.get<std::string>());
            r.text = names.isEmpty() ? TranscriptModel::tr(
                         "Dawn breaks and everyone wakes up. No one died in the night.")
                                     : TranscriptModel::tr("Dawn breaks. %1 died in the night.")
                                           .arg(UiText::joinList(names));
            return;
        }
        const QString killed = nameKey("killedPlayerId");
        r.text = killed.isEmpty()
                     ? TranscriptModel::tr(
                         "Dawn breaks and everyone wakes up. The doctor saved a life tonight.")
                     : TranscriptModel::tr("Dawn breaks. %1 was killed in the night.").arg(killed);
    }

    void playerEliminated() const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        setSpeakerKey("playerId");
        const std::string cause = p.value("cause", std::string());
        const auto role = engine::parseRole(p.value("roleRevealed", std::string()));
        if (cause == "HUNTER_SHOT")
            r.text = TranscriptModel::tr("%1 is shot by the hunter %2.")
                         .arg(r.speakerName, nameKey("byPlayerId"));
        else if (cause == "VOTE")
            r.text = TranscriptModel::tr("%1 is eliminated by the town.").arg(r.speakerName);
        else
            r.text = TranscriptModel::tr("%1 is dead.").arg(r.speakerName);
        // Rule sets that keep roles hidden on death send no roleRevealed: say nothing of it.
        if (role)
            r.text += QLatin1Char(' ')
                      + TranscriptModel::tr("They were a %1.").arg(UiText::roleName(*role));
    }

    void voteResult() const
    {
        r.kind = EntryKind::Outcome;
        const QString out = nameKey("eliminatedPlayerId");
        const int top = p.value("topCount", 0);
        const bool revote = p.value("pkRound", 0) > 0;
        if (const auto pk = p.find("pk"); pk != p.end() && pk->is_array() && !pk->empty()) {
            QStringList names;
            for (const auto &id : *pk)
                if (id.is_string())
                    names << name(id.get<std::string>());
            r.text = TranscriptModel::tr("The vote is tied at %n vote(s) — %1 go to the PK: a "
                                         "defence each, then a revote.",
                                         nullptr,
                                         top)
                         .arg(UiText::joinList(names));
            r.tag = TranscriptModel::tr("PK");
            return;
        }
        if (revote) {
            r.tag = TranscriptModel::tr("PK REVOTE");
            if (!out.isEmpty())
                r.text
                    = TranscriptModel::tr("The PK revote is in: %1 with %n vote(s).", nullptr, top)
                          .arg(out);
            else if (p.value("tie", false))
                r.text = TranscriptModel::tr(
                    "The PK revote is tied again at %n vote(s) — no one is eliminated.",
                    nullptr,
                    top);
            else
                r.text = TranscriptModel::tr(
                    "No votes were cast in the PK revote — no one is eliminated.");
            return;
        }
        if (!out.isEmpty())
            r.text
                = TranscriptModel::tr("The vote is in: %1 with %n vote(s).", nullptr, top).arg(out);
        else if (p.value("tie", false))
            r.text = TranscriptModel::tr(
                "The vote is tied at %n vote(s) — no one is eliminated.", nullptr, top);
        else
            r.text = TranscriptModel::tr("No votes were cast — no one is eliminated.");
    }

    void gameEnded() const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        const std::string team = p.value("winningTeam", std::string());
        if (team == "NONE") {
            // The rule set's day limit: nobody wins (reason MAX_DAYS).
            r.text = p.value("reason", std::string()) == "MAX_DAYS"
                         ? TranscriptModel::tr(
                               "Game over: a draw — day %1 was the last, and no side has won.")
                               .arg(p.value("dayNumber", 0))
                         : TranscriptModel::tr("Game over: a draw.");
            return;
        }
        const bool wolves = team == "WEREWOLVES";
        r.text = TranscriptModel::tr("Game over: the %1 win.")
                     .arg(UiText::teamName(wolves ? engine::Team::Werewolves
                                                  : engine::Team::Villagers));
    }

    void rolesRevealed() const
    {
        r.kind = EntryKind::System;
        r.text = TranscriptModel::tr("All roles are revealed.");
    }

    void matchPaused() const
    {
        r.kind = EntryKind::System;
        r.text = TranscriptModel::tr("The host paused the match.");
    }

    void matchResumed() const
    {
        r.kind = EntryKind::System;
        const std::string reason = p.value("reason", std::string());
        if (reason == "speed" && p.contains("speed") && p["speed"].is_number())
            r.text = TranscriptModel::tr("The host set the timers to ×%1.")
                         .arg(p["speed"].get<double>());
        else
            r.text = reason == "skip" ? TranscriptModel::tr("The host skipped ahead.")
                                      : TranscriptModel::tr("The match resumes.");
    }

    void rolesAssigned() const
    {
        r.kind = EntryKind::Secret;
        QStringList wolves;
        for (const engine::Player &pl : match.state().players)
            if (pl.role == engine::Role::Werewolf)
                wolves << qs(pl.displayName);
        r.text = TranscriptModel::tr("Roles are dealt. The werewolves are %1.")
                     .arg(UiText::joinList(wolves));
        r.tag = TranscriptModel::tr("SECRET");
    }

    void wolfKillSelected() const
    {
        r.kind = EntryKind::Secret;
        setSpeakerKey("byPlayerId");
        r.text = TranscriptModel::tr("%1 marks %2 as tonight's prey.")
                     .arg(r.speakerName, nameKey("targetPlayerId"));
        r.tag = TranscriptModel::tr("WOLF");
    }

    void seerInspected() const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        const QString target = nameKey("targetPlayerId");
        r.text = p.value("alignment", std::string()) == "WEREWOLF"
                     ? TranscriptModel::tr("The seer %1 inspects %2: a WEREWOLF!")
                           .arg(r.speakerName, target)
                     : TranscriptModel::tr("The seer %1 inspects %2: not a werewolf.")
                           .arg(r.speakerName, target);
        r.tag = TranscriptModel::tr("SEER");
    }

    void doctorProtected() const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        r.text = TranscriptModel::tr("The doctor %1 watches over %2.")
                     .arg(r.speakerName, nameKey("targetPlayerId"));
        r.tag = TranscriptModel::tr("DOCTOR");
    }

    void nightResolved() const
    {
        r.kind = EntryKind::Secret;
        const QString victim = nameKey("victimPlayerId");
        const QString savedByWitch = nameKey("witchSavedPlayerId");
        if (!savedByWitch.isEmpty() && p.value("saved", false))
            r.text = TranscriptModel::tr(
                         "The wolves went for %1, but the witch's antidote saved them.")
                         .arg(victim);
        else if (!savedByWitch.isEmpty())
            r.text
                = TranscriptModel::tr(
                      "The wolves went for %1; the antidote and the doctor's watch cancelled out.")
                      .arg(victim);
        else if (p.value("saved", false))
            r.text = TranscriptModel::tr("The wolves went for %1, but the doctor was there.")
                         .arg(victim);
        else
            r.text = TranscriptModel::tr("The wolves' choice: %1.").arg(victim);
        const QString poisoned = nameKey("witchPoisonedPlayerId");
        if (!poisoned.isEmpty())
            r.text
                += QLatin1Char(' ') + TranscriptModel::tr("The witch poisoned %1.").arg(poisoned);
        r.tag = TranscriptModel::tr("NIGHT");
    }

    // The wolves' decision before the witch's turn (Host only).
    void wolvesDecided() const
    {
        r.kind = EntryKind::Secret;
        r.text = TranscriptModel::tr("The wolves settle on %1; the witch's turn comes next.")
                     .arg(nameKey("victimPlayerId"));
        r.tag = TranscriptModel::tr("WOLVES");
    }

    void witchInformed() const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        const QString victim = nameKey("killedPlayerId");
        const QString known
            = victim.isEmpty()
                  ? TranscriptModel::tr("The witch %1 wakes, not told the wolves' victim.")
                        .arg(r.speakerName)
                  : TranscriptModel::tr("The witch %1 wakes: the wolves chose %2.")
                        .arg(r.speakerName, victim);
        r.text = known + QLatin1Char(' ')
                 + TranscriptModel::tr("Antidote: %1 · poison: %2.")
                       .arg(p.value("antidote", false) ? TranscriptModel::tr("yes")
                                                       : TranscriptModel::tr("used"),
                            p.value("poison", false) ? TranscriptModel::tr("yes")
                                                     : TranscriptModel::tr("used"));
        r.tag = TranscriptModel::tr("WITCH");
    }

    void witchActed() const
    {
        r.kind = EntryKind::Secret;
        setSpeaker(e.audiencePlayerId);
        const std::string action = p.value("action", std::string());
        const QString target = nameKey("targetPlayerId");
        if (action == "SAVE")
            r.text = TranscriptModel::tr("The witch %1 pours the antidote for %2.")
                         .arg(r.speakerName, target);
        else if (action == "POISON")
            r.text = TranscriptModel::tr("The witch %1 poisons %2.").arg(r.speakerName, target);
        else
            r.text = TranscriptModel::tr("The witch %1 uses no potion tonight.").arg(r.speakerName);
        r.tag = TranscriptModel::tr("WITCH");
    }

    void hunterShot() const
    {
        r.kind = EntryKind::Outcome;
        r.emphasis = true;
        setSpeakerKey("hunterPlayerId");
        const QString target = nameKey("targetPlayerId");
        if (!target.isEmpty())
            r.text = TranscriptModel::tr("The hunter %1 fires a last shot at %2.")
                         .arg(r.speakerName, target);
        else if (p.value("timedOut", false))
            r.text = TranscriptModel::tr("The hunter %1 did not shoot in time.").arg(r.speakerName);
        else
            r.text = TranscriptModel::tr("The hunter %1 lowers the gun and shoots no one.")
                         .arg(r.speakerName);
        r.tag = TranscriptModel::tr("HUNTER");
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

    const RowBuilder b{*this, match, e, pending, r};
    switch (e.type) {
    case EventType::MatchCreated:
        b.matchCreated();
        return true;
    case EventType::PhaseChanged:
        b.phaseChanged();
        return true;
    case EventType::TurnStarted:
        b.turnStarted();
        return true;
    case EventType::TurnMissed:
        b.turnMissed();
        return true;
    case EventType::PublicMessage:
        b.publicMessage();
        return true;
    case EventType::WolfChatMessage:
        b.wolfChatMessage();
        return true;
    case EventType::Narrator:
        b.narrator();
        return true;
    case EventType::VoteCast:
        b.voteCast();
        return true;
    case EventType::NightResult:
        b.nightResult();
        return true;
    case EventType::PlayerEliminated:
        b.playerEliminated();
        return true;
    case EventType::VoteResult:
        b.voteResult();
        return true;
    case EventType::GameEnded:
        b.gameEnded();
        return true;
    case EventType::RolesRevealed:
        b.rolesRevealed();
        return true;
    case EventType::MatchPaused:
        b.matchPaused();
        return true;
    case EventType::MatchResumed:
        b.matchResumed();
        return true;
    case EventType::RolesAssigned:
        b.rolesAssigned();
        return true;
    case EventType::WolfKillSelected:
        b.wolfKillSelected();
        return true;
    case EventType::SeerInspected:
        b.seerInspected();
        return true;
    case EventType::DoctorProtected:
        b.doctorProtected();
        return true;
    case EventType::NightResolved:
        b.nightResolved();
        return true;
    case EventType::WolvesDecided:
        b.wolvesDecided();
        return true;
    case EventType::WitchInformed:
        b.witchInformed();
        return true;
    case EventType::WitchActed:
        b.witchActed();
        return true;
    case EventType::HunterShot:
        b.hunterShot();
        return true;
    case EventType::RoleCard:
    case EventType::PlayerReady:
        return false; // the players panel shows these
    case EventType::BreakpointsSet:
        return false; // a host control; the pause it causes is shown
    }
    return false;
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
