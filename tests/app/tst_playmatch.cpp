// SPDX-License-Identifier: MIT
// Full matches with one human seat ("Me") in the desktop app, played
// through the player panel's widgets under the offscreen platform: QTest
// clicks and keys only, never calls behind the panel. The real MainWindow,
// the real host thread (GuiHost), seats queued the way New match queues
// them. Across the matches the person makes every action kind of the
// default table and of the nine-seat witch-hunter table; each action is
// checked in the host's own event log. While a match runs the omniscient
// view and the inspector's calls of that match stay locked, and afterwards
// every text the panel held during the match is checked against the true
// roles: no living player's role the person may not know, no wolf chat for
// a non-wolf, no other role's night facts (the bots' seats have no model
// thoughts; that the thoughts stay locked is the omniscient lock). One match
// is played with keys only; every control of the panel has an accessible
// name; closing the seat's dock detaches the seat, the View menu attaches it
// again, and the end of the match detaches it.

#include "app/guihost.h"
#include "app/guihosttestaccess.h"
#include "app/newmatchdialog.h"
#include "engine/lobby.h"
#include "engine/rules.h"
#include "guihostfixture.h"
#include "host/host.h"
#include "host/providers/keysource.h"
#include "ui/hostlink.h"
#include "ui/inspectordock.h"
#include "ui/mainwindow.h"
#include "ui/play/playerpanel.h"
#include "ui/spectatorcontroller.h"
#include "ui/toolcallmodel.h"
#include "ui/uitext.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <map>
#include <set>
#include <tuple>

using namespace townhall;
using engine::json;
using engine::Role;
using ui::PlayerPanel;

namespace {

/// Every kind of move a person makes from the panel.
enum class Move {
    Ready,
    Opening,
    Discussion,
    Vote,
    WolfChat,
    WolfKill,
    SeerInspect,
    DoctorProtect,
    WitchSave,
    WitchPoison,
    HunterShoot,
    PkDefense,
    PkVote,
    LastWords,
};

const char *moveName(Move m)
{
    switch (m) {
    case Move::Ready:
        return "ready";
    case Move::Opening:
        return "opening speech";
    case Move::Discussion:
        return "discussion speech";
    case Move::Vote:
        return "vote";
    case Move::WolfChat:
        return "wolf chat";
    case Move::WolfKill:
        return "wolf kill";
    case Move::SeerInspect:
        return "seer check";
    case Move::DoctorProtect:
        return "doctor protect";
    case Move::WitchSave:
        return "witch save";
    case Move::WitchPoison:
        return "witch poison";
    case Move::HunterShoot:
        return "hunter shot";
    case Move::PkDefense:
        return "PK defence speech";
    case Move::PkVote:
        return "PK vote";
    case Move::LastWords:
        return "last words";
    }
    return "?";
}

std::string str(const json &o, const char *key)
{
    if (!o.is_object())
        return {};
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const json &at(const json &o, const char *key)
{
    static const json none;
    if (!o.is_object())
        return none;
    const auto it = o.find(key);
    return it != o.end() ? *it : none;
}

bool yes(const json &o, const char *key)
{
    const json &v = at(o, key);
    return v.is_boolean() && v.get<bool>();
}

/// The roles the first match of a host with lobby seed `lobbySeed` deals at
/// `rules`' table, seat by seat: the engine's own deal (Match::create with
/// the match seed the lobby derives), no host needed.
std::vector<Role> dealOf(quint64 lobbySeed, const engine::RuleSet &rules)
{
    engine::MatchConfig config;
    config.rules = rules;
    std::vector<engine::SeatAssignment> seats;
    for (int i = 0; i < rules.seatCount(); ++i)
        seats.push_back({"a" + std::to_string(i), "n" + std::to_string(i)});
    const engine::Match m = engine::Match::create(
        "m", "b", 1, engine::Lobby::matchSeed(lobbySeed, 1), seats, config, 0);
    std::vector<Role> roles;
    for (const engine::Player &p : m.state().players)
        roles.push_back(p.role);
    return roles;
}

/// The first lobby seed from `from` on that deals `role` to seat `seat` (0-based).
quint64 seedDealing(Role role, int seat, const engine::RuleSet &rules, quint64 from)
{
    for (quint64 s = from; s < from + 10'000; ++s)
        if (dealOf(s, rules).at(std::size_t(seat)) == role)
            return s;
    return 0;
}

/// Everything a person could read in the panel: texts, titles, list rows,
/// accessible names and tooltips of every widget in it.
QString panelText(const QWidget *panel)
{
    QStringList out;
    for (const QWidget *w : panel->findChildren<QWidget *>()) {
        out << w->accessibleName() << w->toolTip();
        if (auto *l = qobject_cast<const QLabel *>(w))
            out << l->text();
        else if (auto *b = qobject_cast<const QAbstractButton *>(w))
            out << b->text();
        else if (auto *g = qobject_cast<const QGroupBox *>(w))
            out << g->title();
        else if (auto *e = qobject_cast<const QLineEdit *>(w))
            out << e->text() << e->placeholderText();
        else if (auto *p = qobject_cast<const QPlainTextEdit *>(w))
            out << p->toPlainText() << p->placeholderText();
        else if (auto *list = qobject_cast<const QListWidget *>(w))
            for (int i = 0; i < list->count(); ++i)
                out << list->item(i)->text() << list->item(i)->toolTip();
    }
    out.removeAll(QString());
    return out.join(u'\n');
}

/// The panel's controls (what takes keyboard focus) without an accessible name.
QStringList unnamedControls(const QWidget *panel)
{
    QStringList out;
    for (const QWidget *w : panel->findChildren<QWidget *>()) {
        if (!w->isVisible() || !(w->focusPolicy() & Qt::TabFocus))
            continue;
        if (qobject_cast<const QAbstractItemView *>(w->parentWidget()))
            continue; // a list's own scroll bars
        if (w->accessibleName().trimmed().isEmpty())
            out << QString::fromLatin1(w->metaObject()->className()) + u' ' + w->objectName();
    }
    return out;
}

/// What the panel showed when a document came.
struct Snapshot
{
    QString text;
    std::set<std::string> alive; ///< from the document's own state
};

struct Played
{
    QString matchId;
    std::string me;
    Role role = Role::Villager;
    std::vector<Snapshot> snapshots;
    std::set<Move> made;
    std::vector<engine::Event> log; ///< the host's full log, after the end
    std::map<std::string, Role> roles;
    std::map<std::string, QString> names;
};

/// How the person plays beyond answering what the panel asks. The moves
/// that depend on the table (the hunter's death, a PK with the person in
/// it) are steered the way a person would: by what they say and how they vote.
struct Policy
{
    bool keysOnly = false;    ///< Tab, arrows, Enter and Space only
    bool poisonFirst = false; ///< the witch poisons on the first night instead of saving
    bool claimSeer = false;   ///< claim the seer on day 1: the wolves come for the person
    bool makeTies = false;    ///< vote last, for a tie (a PK) where one vote makes it
    bool closeDock = false;   ///< close the seat's dock once and open it again (View menu)
};

/// The person at the computer: reads the panel, acts with QTest only.
class Person
{
public:
    Person(testing::GuiApp &app, Policy policy)
        : m_app(app)
        , m_policy(policy)
        , m_keysOnly(policy.keysOnly)
        , m_docs(&app.link, &ui::HostLink::playerDocument)
    {
        // After the window's own slot: the panel shows the document already.
        QObject::connect(
            &app.link,
            &ui::HostLink::playerDocument,
            &app.window,
            [this](const QString &, const QByteArray &document) { onDocument(document); });
    }

    /// Plays until the match ends; false (and `failure()`) on the first problem.
    bool play(int limitMs)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < limitMs) {
            m_docs.wait(50);
            if (!m_failure.isEmpty())
                return false;
            if (!m_doc.is_object())
                continue;
            if (str(at(m_doc, "state"), "phase") == "ENDED")
                return finish();
            openBrief();
            actIfAsked();
            if (m_policy.closeDock && phase() == "DAY_DISCUSSION")
                closeAndReopenDock();
            if (!m_failure.isEmpty())
                return false;
            skipIfIdle();
        }
        m_failure = QStringLiteral("the match did not end in %1 ms").arg(limitMs);
        return false;
    }

    QString failure() const { return m_failure; }
    bool reattached() const { return m_reattached; }
    Played &played() { return m_played; }

private:
    PlayerPanel *panel() const { return m_app.window.playerPanel(); }
    const json &you() const { return at(at(m_doc, "state"), "you"); }
    std::string phase() const { return str(at(m_doc, "state"), "phase"); }
    int day() const
    {
        const json &d = at(at(m_doc, "state"), "dayNumber");
        return d.is_number_integer() ? d.get<int>() : 0;
    }

    void fail(const QString &why)
    {
        if (m_failure.isEmpty())
            m_failure = why;
    }

    void onDocument(const QByteArray &document)
    {
        json doc = json::parse(document.toStdString(), nullptr, false);
        if (!doc.is_object())
            return fail(QStringLiteral("a document that does not parse"));
        m_doc = std::move(doc);
        if (!panel())
            return fail(QStringLiteral("a document came but the window shows no panel"));
        if (m_played.matchId.isEmpty() && !str(m_doc, "matchId").empty()) {
            m_played.matchId = QString::fromStdString(str(m_doc, "matchId"));
            m_played.me = str(m_doc, "playerId");
        }
        Snapshot s;
        s.text = panelText(panel());
        for (const json &p : at(at(m_doc, "state"), "players"))
            if (yes(p, "alive"))
                s.alive.insert(str(p, "playerId"));
        if (m_played.snapshots.empty() || m_played.snapshots.back().text != s.text
            || m_played.snapshots.back().alive != s.alive)
            m_played.snapshots.push_back(std::move(s));
        if (const QStringList unnamed = unnamedControls(panel()); !unnamed.isEmpty())
            fail(QStringLiteral("controls without an accessible name: ") + unnamed.join(u", "));
        checkLocked();
    }

    /// While the match runs nothing in the window shows what the seat may not know.
    void checkLocked()
    {
        ui::MainWindow &w = m_app.window;
        const bool running = !str(m_doc, "matchId").empty() && phase() != "ENDED"
                             && at(m_doc, "state").is_object();
        if (!running)
            return;
        if (w.spoilerLockedMatch() != m_played.matchId)
            return fail(QStringLiteral("the spoilers are not locked for ") + m_played.matchId);
        if (w.omniscientAction()->isEnabled() || w.controller()->omniscient())
            return fail(QStringLiteral("the omniscient view is open while the person plays"));
        if (!w.spoilerLockLabel()->isVisible()
            || !w.spoilerLockLabel()->text().contains(m_played.matchId))
            return fail(QStringLiteral("no line says why the spoilers are locked"));
        if (!w.inspector()->lockLine()->isVisible()
            || !w.inspector()->lockLine()->text().contains(m_played.matchId))
            return fail(QStringLiteral("the inspector does not say its calls are hidden"));
        const QAbstractItemModel *calls = w.inspector()->filter();
        for (int row = 0; row < calls->rowCount(); ++row)
            if (calls->index(row, 0).data(ui::ToolCallModel::MatchIdRole).toString()
                == m_played.matchId)
                return fail(QStringLiteral("the inspector shows a call of the match being played: ")
                            + calls->index(row, 0).data(ui::ToolCallModel::ToolRole).toString());
        // Trying anyway, with the key and with the toolbar's button.
        if (++m_lockTries % 8 == 1) {
            QTest::keySequence(&w, w.omniscientAction()->shortcut());
            for (QToolButton *b : w.findChildren<QToolButton *>())
                if (b->defaultAction() == w.omniscientAction() && b->isVisible())
                    QTest::mouseClick(b, Qt::LeftButton);
            if (w.controller()->omniscient())
                fail(QStringLiteral("the omniscient view opened by key or click while locked"));
        }
    }

    // ---- input, with keys or with the mouse

    /// Tab (or Shift+Tab) from wherever the focus is until `target` has it.
    bool tabTo(QWidget *target)
    {
        QStringList passed;
        for (int i = 0; i < 200; ++i) {
            QWidget *focus = QApplication::focusWidget();
            if (focus == target)
                return true;
            if (passed.size() < 60)
                passed << (focus ? QString::fromLatin1(focus->metaObject()->className()) + u'/'
                                       + focus->accessibleName()
                                 : QStringLiteral("none"));
            QTest::keyClick(focus ? focus : &m_app.window, Qt::Key_Tab);
        }
        fail(QStringLiteral("Tab never reaches %1; it goes %2")
                 .arg(target->accessibleName(), passed.join(QStringLiteral(" → "))));
        return false;
    }

    bool press(QPushButton *button)
    {
        if (!button->isVisible() || !button->isEnabled()) {
            fail(QStringLiteral("the button is not there: ") + button->accessibleName());
            return false;
        }
        if (m_keysOnly) {
            if (!tabTo(button))
                return false;
            QTest::keyClick(button, Qt::Key_Space);
        } else {
            QTest::mouseClick(button, Qt::LeftButton);
        }
        return true;
    }

    bool say(QPlainTextEdit *edit, const QString &text)
    {
        if (!edit->isVisible()) {
            fail(QStringLiteral("no speech box"));
            return false;
        }
        if (m_keysOnly) {
            if (!tabTo(edit))
                return false;
        } else {
            QTest::mouseClick(edit->viewport(), Qt::LeftButton);
        }
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return); // Enter speaks
        return true;
    }

    /// Picks the row of `target` and confirms it.
    bool pick(const QString &target)
    {
        QListWidget *list = panel()->targetList();
        int row = -1;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(PlayerPanel::PlayerIdRole).toString() == target)
                row = i;
        if (!list->isVisible() || row < 0) {
            fail(QStringLiteral("no row to pick for ") + target);
            return false;
        }
        if (m_keysOnly) {
            if (!tabTo(list))
                return false;
            QTest::keyClick(list, Qt::Key_Home);
            for (int i = 0; i < row; ++i)
                QTest::keyClick(list, Qt::Key_Down);
            if (list->currentRow() != row) {
                fail(QStringLiteral("the arrows did not reach the row"));
                return false;
            }
            QTest::keyClick(list, Qt::Key_Return); // Enter confirms
            return true;
        }
        list->scrollToItem(list->item(row));
        QTest::mouseClick(
            list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(row)).center());
        if (list->currentRow() != row) {
            fail(QStringLiteral("the click did not pick the row"));
            return false;
        }
        return press(panel()->actButton());
    }

    // ---- what to do

    /// Sends one move through `input`, waits for its answer and checks the
    /// host's log holds `effect` (an event of the type, from this seat).
    void make(Move move,
              const std::function<bool()> &input,
              const std::function<bool(const json &)> &effect)
    {
        QSignalSpy sent(&m_app.link, &ui::HostLink::playerAction);
        const std::string phaseBefore = phase();
        const int dayBefore = day();
        if (!input())
            return;
        if (sent.count() != 1)
            return fail(QStringLiteral("the panel sent %1 actions for a %2")
                            .arg(sent.count())
                            .arg(QString::fromLatin1(moveName(move))));
        const json action = json::parse(sent.at(0).at(1).toByteArray().toStdString());
        const std::string id = str(action, "id");
        QElapsedTimer t;
        t.start();
        while (str(at(m_doc, "answer"), "id") != id && t.elapsed() < 10'000)
            m_docs.wait(50);
        const json &answer = at(m_doc, "answer");
        if (str(answer, "id") != id && (phase() != phaseBefore || day() != dayBefore)) {
            // The phase ended while the move was on its way to the match.
            qWarning("%s unanswered: the phase passed", moveName(move));
            return;
        }
        if (str(answer, "id") != id)
            return fail(
                QStringLiteral("no answer to the %1").arg(QString::fromLatin1(moveName(move))));
        if (!yes(answer, "ok")) {
            // The turn may have passed while the panel showed it (a loaded
            // machine); that move is not counted, anything else is a bug.
            const std::string code = str(at(answer, "error"), "code");
            // (ALREADY_SPOKE: the stand-in gave the statement when the turn ran out.)
            if (code == "WRONG_PHASE" || code == "NOT_YOUR_TURN" || code == "MATCH_ENDED"
                || code == "ALREADY_SPOKE") {
                qWarning("%s refused (%s): the turn passed", moveName(move), code.c_str());
                return;
            }
            return fail(QStringLiteral("the %1 was refused: %2")
                            .arg(QString::fromLatin1(moveName(move)),
                                 QString::fromStdString(answer.dump())));
        }
        // In the real match: the host's log, read in the host thread.
        bool found = false;
        const std::string match = m_played.matchId.toStdString();
        app::GuiHostTestAccess::runInHost(m_app.host, [&](app::Host &h) {
            if (const engine::Match *m = h.lobby().match(match))
                for (const engine::Event &e : m->log())
                    found = found || effect(engine::toJson(e));
        });
        if (!found)
            return fail(QStringLiteral("the %1 is not in the match's log")
                            .arg(QString::fromLatin1(moveName(move))));
        m_played.made.insert(move);
    }

    std::function<bool(const json &)> event(const char *type,
                                            std::function<bool(const json &)> payload)
    {
        return [type, payload](const json &e) {
            return str(e, "type") == type && payload(at(e, "payload"));
        };
    }

    QString firstTarget(const json &required) const
    {
        for (const json &t : at(required, "allowedTargets"))
            if (t.is_string())
                return QString::fromStdString(t.get<std::string>());
        return {};
    }

    void speak(Move move, const char *kind, const QString &text)
    {
        const std::string me = m_played.me;
        make(
            move,
            [&] { return say(panel()->speechEdit(), text); },
            event("PUBLIC_MESSAGE", [me, kind, text = text.toStdString()](const json &p) {
                return str(p, "playerId") == me && str(p, "kind") == kind && str(p, "text") == text;
            }));
    }

    void target(Move move, const char *type, const char *byKey, const QString &who)
    {
        const std::string me = m_played.me;
        make(
            move,
            [&] { return pick(who); },
            event(type, [me, byKey, who = who.toStdString()](const json &p) {
                return (!byKey || str(p, byKey) == me) && str(p, "targetPlayerId") == who;
            }));
    }

    QString nameOf(const QString &playerId) const
    {
        for (const json &p : at(at(m_doc, "state"), "players"))
            if (str(p, "playerId") == playerId.toStdString())
                return QString::fromStdString(str(p, "displayName"));
        return playerId;
    }

    /// Another living player (the first by seat).
    QString someoneElse() const
    {
        for (const json &p : at(at(m_doc, "state"), "players"))
            if (yes(p, "alive") && str(p, "playerId") != m_played.me)
                return QString::fromStdString(str(p, "playerId"));
        return {};
    }

    /// The vote that makes or keeps a tie at the top (a PK), once every
    /// other living player voted or the vote is about to close: nobody
    /// (abstain) when the top is tied already, else the runner-up one vote
    /// behind. False: wait. Leaves `who` as it is when no vote makes a tie.
    bool tieVote(const json &required, QString &who) const
    {
        std::map<std::string, std::string> votes; // voter → target, this vote only
        for (const json &e : at(m_doc, "events")) {
            const json &p = at(e, "payload");
            if (str(e, "type") == "PHASE_CHANGED")
                votes.clear();
            else if (str(e, "type") == "VOTE_CAST")
                votes[str(p, "voterPlayerId")] = str(p, "targetPlayerId");
        }
        int living = 0;
        for (const json &p : at(at(m_doc, "state"), "players"))
            living += yes(p, "alive") && str(p, "playerId") != m_played.me;
        if (int(votes.size()) < living && panel()->remainingMs() > 2'000)
            return false;
        std::map<std::string, int> tally;
        int top = 0;
        for (const auto &[voter, target] : votes)
            if (!target.empty())
                top = std::max(top, ++tally[target]);
        int leaders = 0;
        for (const auto &[target, n] : tally)
            leaders += n == top;
        if (top > 0 && leaders >= 2) {
            who.clear();
            return true;
        }
        for (const json &t : at(required, "allowedTargets"))
            if (t.is_string() && top > 0 && tally[t.get<std::string>()] == top - 1) {
                who = QString::fromStdString(t.get<std::string>());
                return true;
            }
        return true;
    }

    void actIfAsked()
    {
        const json &y = you();
        const json &required = at(y, "requiredAction");
        const std::string type = str(required, "type");
        const std::string me = m_played.me;
        const QString tag
            = QStringLiteral("day %1, seat %2").arg(day()).arg(QString::fromStdString(me));
        if (phase() == "LOBBY" && panel()->readyButton()->isVisible()) {
            make(
                Move::Ready,
                [&] { return press(panel()->readyButton()); },
                event("PLAYER_READY", [me](const json &p) { return str(p, "playerId") == me; }));
            return;
        }
        if (yes(y, "lastWordsDue")) {
            speak(Move::LastWords, "LAST_WORDS", tag + QStringLiteral(": my last words, friends."));
            return;
        }
        const bool speechBox = panel()->speechEdit()->isVisible();
        if (type == "SPEAK_OPENING" && speechBox) {
            speak(Move::Opening, "OPENING", tag + QStringLiteral(": good morning, I slept well."));
        } else if (type == "SPEAK_DEFENSE" && speechBox) {
            speak(Move::PkDefense, "DEFENSE", tag + QStringLiteral(": I am innocent, spare me."));
        } else if (type == "SPEAK_DISCUSSION" && m_spokeOnDay != day()) {
            m_spokeOnDay = day();
            QString text = tag + QStringLiteral(": let us think calmly.");
            if (m_policy.claimSeer && day() == 1)
                text = QStringLiteral("I am the Seer. Last night I inspected %1: werewolf.")
                           .arg(nameOf(someoneElse()));
            speak(Move::Discussion, "DISCUSSION", text);
        } else if (type == "VOTE" && !yes(required, "alreadySubmitted")) {
            const bool pk = yes(required, "pk");
            QString who = firstTarget(required);
            if (m_policy.makeTies && !pk && !tieVote(required, who))
                return; // the others have not all voted yet
            if (who.isEmpty()) {
                make(
                    Move::Vote,
                    [&] { return press(panel()->passButton()); },
                    event("VOTE_CAST", [me](const json &p) {
                        return str(p, "voterPlayerId") == me && at(p, "targetPlayerId").is_null();
                    }));
                return;
            }
            target(pk ? Move::PkVote : Move::Vote, "VOTE_CAST", "voterPlayerId", who);
        } else if (type == "WOLF_KILL" && !yes(required, "alreadySubmitted")) {
            if (m_chattedOnNight != day() && panel()->wolfChatEdit()->isEnabled()) {
                m_chattedOnNight = day();
                const QString text = tag + QStringLiteral(": pack, follow my pick tonight.");
                make(
                    Move::WolfChat,
                    [&] {
                        QLineEdit *edit = panel()->wolfChatEdit();
                        if (m_keysOnly) {
                            if (!tabTo(edit))
                                return false;
                        } else {
                            QTest::mouseClick(edit, Qt::LeftButton);
                        }
                        QTest::keyClicks(edit, text);
                        QTest::keyClick(edit, Qt::Key_Return);
                        return true;
                    },
                    event("WOLF_CHAT_MESSAGE", [me, t = text.toStdString()](const json &p) {
                        return str(p, "fromWolfId") == me && str(p, "text") == t;
                    }));
                return;
            }
            target(Move::WolfKill, "WOLF_KILL_SELECTED", "byPlayerId", firstTarget(required));
        } else if (type == "SEER_INSPECT" && !yes(required, "alreadySubmitted")) {
            target(Move::SeerInspect, "SEER_INSPECTED", nullptr, firstTarget(required));
        } else if (type == "DOCTOR_PROTECT" && !yes(required, "alreadySubmitted")) {
            target(Move::DoctorProtect, "DOCTOR_PROTECTED", nullptr, firstTarget(required));
        } else if (type == "WITCH_ACT") {
            const std::string victim = str(required, "killedPlayerId");
            const bool save = !(m_policy.poisonFirst && yes(required, "poison"));
            if (save && yes(required, "antidote") && !victim.empty()
                && panel()->saveButton()->isVisible()) {
                make(
                    Move::WitchSave,
                    [&] { return press(panel()->saveButton()); },
                    event("WITCH_ACTED", [victim](const json &p) {
                        return str(p, "action") == "SAVE" && str(p, "targetPlayerId") == victim;
                    }));
            } else if (yes(required, "poison")) {
                const QString who = firstTarget(required);
                make(
                    Move::WitchPoison,
                    [&] { return pick(who); },
                    event("WITCH_ACTED", [w = who.toStdString()](const json &p) {
                        return str(p, "action") == "POISON" && str(p, "targetPlayerId") == w;
                    }));
            }
        } else if (type == "HUNTER_SHOOT") {
            target(Move::HunterShoot, "HUNTER_SHOT", "hunterPlayerId", firstTarget(required));
        }
    }

    /// Phases that only wait for the clock once the person has done their
    /// part are skipped with the window's Skip phase, as a host would.
    void skipIfIdle()
    {
        const std::string p = phase();
        const bool alive = yes(you(), "alive");
        const bool idle = p == "DAY_ANNOUNCE"
                          || (p == "DAY_RESOLUTION" && !yes(you(), "lastWordsDue"))
                          || (p == "DAY_DISCUSSION" && (!alive || m_spokeOnDay == day()))
                          || (p == "DAY_OPENING" && !alive);
        const std::string key = p + std::to_string(day());
        if (!idle || key == m_skipped || !m_app.window.skipAction()->isEnabled())
            return;
        m_skipped = key;
        if (m_keysOnly)
            QTest::keySequence(&m_app.window, m_app.window.skipAction()->shortcut());
        else
            m_app.window.skipAction()->trigger();
    }

    /// The phase brief, opened once the match runs and left open: the
    /// secrecy check reads it with the rest.
    void openBrief()
    {
        const QString brief = QString::fromStdString(str(m_doc, "brief"));
        if (m_briefOpened || brief.isEmpty() || phase() == "LOBBY" || phase() == "ENDED")
            return;
        m_briefOpened = true;
        if (!press(panel()->briefButton()))
            return;
        if (!panel()->briefText()->isVisible())
            return fail(QStringLiteral("the phase brief did not open"));
        if (panel()->briefText()->toPlainText() != brief)
            return fail(QStringLiteral("the panel's brief is not the document's"));
    }

    bool connected() const { return yes(at(m_doc, "seat"), "connected"); }

    bool waitConnected(bool wanted)
    {
        QElapsedTimer t;
        t.start();
        while (connected() != wanted && t.elapsed() < 5'000)
            m_docs.wait(50);
        return connected() == wanted;
    }

    /// The person closes the "Your seat" dock with its View menu shortcut
    /// and opens it again: the seat is detached meanwhile, then attached.
    void closeAndReopenDock()
    {
        m_policy.closeDock = false;
        ui::MainWindow &w = m_app.window;
        QAction *toggle = w.playerDock()->toggleViewAction();
        if (!waitConnected(true))
            return fail(QStringLiteral("the panel's seat is not connected while it plays"));
        QTest::keySequence(&w, toggle->shortcut());
        if (!w.playerDock()->isHidden())
            return fail(QStringLiteral("the dock's shortcut did not close it"));
        if (!waitConnected(false))
            return fail(QStringLiteral("a closed dock leaves its seat connected"));
        QTest::keySequence(&w, toggle->shortcut());
        if (w.playerDock()->isHidden())
            return fail(QStringLiteral("the dock's shortcut did not open it again"));
        if (!waitConnected(true))
            return fail(QStringLiteral("the dock opened again, its seat stays detached"));
        m_reattached = true;
    }

    bool finish()
    {
        ui::MainWindow &w = m_app.window;
        // Nothing left to play: the panel detaches from the seat.
        if (!waitConnected(false)) {
            fail(QStringLiteral("the seat stays connected after the match ended"));
            return false;
        }
        // The match ended: the lock goes by itself.
        QElapsedTimer t;
        t.start();
        while (!w.spoilerLockedMatch().isEmpty() && t.elapsed() < 5'000)
            m_docs.wait(50);
        if (!w.spoilerLockedMatch().isEmpty() || !w.omniscientAction()->isEnabled()) {
            fail(QStringLiteral("the lock stays after the match ended"));
            return false;
        }
        const std::string match = m_played.matchId.toStdString();
        app::GuiHostTestAccess::runInHost(m_app.host, [&](app::Host &h) {
            if (const engine::Match *m = h.lobby().match(match)) {
                m_played.log = m->log();
                for (const engine::Player &p : m->state().players) {
                    m_played.roles[p.playerId] = p.role;
                    m_played.names[p.playerId] = QString::fromStdString(p.displayName);
                }
            }
        });
        m_played.role = m_played.roles[m_played.me];
        return true;
    }

    testing::GuiApp &m_app;
    Policy m_policy;
    bool m_keysOnly = false;
    QSignalSpy m_docs;
    json m_doc;
    Played m_played;
    QString m_failure;
    int m_spokeOnDay = -1;
    int m_chattedOnNight = -1;
    int m_lockTries = 0;
    bool m_reattached = false;
    bool m_briefOpened = false;
    std::string m_skipped;
};

/// What the panel must never have held for `p`, checked against the true roles.
QStringList secrecyProblems(const Played &p)
{
    QStringList problems;
    const bool wolf = p.role == Role::Werewolf;
    auto once = [&](const QString &what) {
        if (!problems.contains(what))
            problems << what;
    };
    for (const Snapshot &s : p.snapshots) {
        for (const auto &[id, role] : p.roles) {
            if (id == p.me || !s.alive.count(id) || (wolf && role == Role::Werewolf))
                continue;
            const QString name = p.names.at(id);
            const QString roleName = ui::UiText::roleName(role);
            for (const QString &shown : {PlayerPanel::tr("%1 (%2)").arg(name, roleName),
                                         PlayerPanel::tr("%1: %2").arg(name, roleName)})
                if (s.text.contains(shown))
                    once(QStringLiteral("the living %1's role: \"%2\"").arg(name, shown));
        }
        for (const engine::Event &e : p.log) {
            const json j = engine::toJson(e);
            const json &pl = at(j, "payload");
            const std::string type = str(j, "type");
            const bool mine = e.audiencePlayerId == p.me;
            QString secret;
            if (!wolf && type == "WOLF_CHAT_MESSAGE")
                secret = QString::fromStdString(str(pl, "text"));
            else if (!wolf && type == "WOLF_KILL_SELECTED")
                secret = PlayerPanel::tr("%1 picks %2.")
                             .arg(p.names.at(str(pl, "byPlayerId")),
                                  p.names.at(str(pl, "targetPlayerId")));
            else if (!mine && type == "SEER_INSPECTED")
                secret = str(pl, "alignment") == "WEREWOLF"
                             ? PlayerPanel::tr("Only you: %1 is a werewolf.")
                                   .arg(p.names.at(str(pl, "targetPlayerId")))
                             : PlayerPanel::tr("Only you: %1 is not a werewolf.")
                                   .arg(p.names.at(str(pl, "targetPlayerId")));
            else if (!mine && type == "DOCTOR_PROTECTED")
                secret = PlayerPanel::tr("Only you: you protect %1 tonight.")
                             .arg(p.names.at(str(pl, "targetPlayerId")));
            else if (p.role != Role::Witch && type == "WITCH_ACTED")
                secret = QStringLiteral("Only you: you ");
            if (!secret.isEmpty() && s.text.contains(secret))
                once(QStringLiteral("a secret of another seat: \"%1\"").arg(secret));
        }
    }
    return problems;
}

} // namespace

class PlayMatch final : public QObject
{
    Q_OBJECT

    std::set<Move> m_made; ///< across the matches

    /// Queues the table as New match does: the dialog's rows (seat `meSeat`
    /// "Me", the others bots) and rule set, its plan to GuiHost::queuePlan.
    static void queueFromDialog(testing::GuiApp &app, const engine::RuleSet &rules, int meSeat)
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        app::ProfileStore store(settings);
        app::NewMatchDialog dialog(store, settings, &app.window);
        dialog.show();
        QComboBox *rulesBox = dialog.rulesBox();
        for (int i = 0; i < rulesBox->count() && dialog.rules().name != rules.name; ++i)
            QTest::keyClick(rulesBox, i == 0 ? Qt::Key_Home : Qt::Key_Down);
        QCOMPARE(dialog.rules().name, rules.name);
        QComboBox *kind = dialog.kindBox(meSeat);
        QTest::keyClick(kind, Qt::Key_Home);
        for (int i = 0;
             i < kind->count() && dialog.kind(meSeat) != app::NewMatchDialog::SeatKind::Me;
             ++i)
            QTest::keyClick(kind, Qt::Key_Down);
        QCOMPARE(dialog.kind(meSeat), app::NewMatchDialog::SeatKind::Me);
        dialog.nameEdit(meSeat)->clear();
        QTest::keyClicks(dialog.nameEdit(meSeat), QStringLiteral("Me"));
        QVERIFY2(dialog.isValid(), qPrintable(dialog.problems().join(u'\n')));
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        app.host.queuePlan(dialog.plan(),
                           std::make_shared<host::providers::EnvironmentKeySource>());
        app.window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&app.window));
    }

    /// One match: `role` for the person at `rules`' table, from the first
    /// seed on from `fromSeed` that deals it to seat `meSeat`.
    void playOne(const char *preset, Role role, int meSeat, quint64 fromSeed, Policy policy = {})
    {
        const engine::RuleSet rules = *engine::rulePreset(preset);
        const quint64 seed = seedDealing(role, meSeat, rules, fromSeed);
        QVERIFY2(seed != 0, "no seed deals the role to that seat");
        QElapsedTimer clock;
        clock.start();
        app::GuiHostOptions options = testing::fastGuiOptions(QStringLiteral(":memory:"), seed);
        // The witch's and the hunter's turns are short (20 s before the
        // speed): at ×10 they are 2 s, time enough on a loaded machine.
        options.host.speed = rules.isClassic() ? 20.0 : 10.0;
        testing::GuiApp app(std::move(options), QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(&app.window));
        app.window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&app.window));
        QVERIFY(app.start());
        app.window.inspectorAction()->trigger(); // open: its lock line must show
        Person person(app, policy);
        queueFromDialog(app, rules, meSeat);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(person.play(120'000), qPrintable(person.failure()));
        QCOMPARE(person.reattached(), policy.closeDock);
        Played &p = person.played();
        QCOMPARE(p.me, "p:" + std::to_string(meSeat + 1));
        QCOMPARE(int(p.role), int(role)); // the deal the engine predicted
        const QStringList leaks = secrecyProblems(p);
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(u'\n')));
        // Unlocked once the match ended: the inspector shows the calls it hid.
        const QAbstractItemModel *calls = app.window.inspector()->filter();
        int ofTheMatch = 0;
        for (int row = 0; row < calls->rowCount(); ++row)
            ofTheMatch += calls->index(row, 0).data(ui::ToolCallModel::MatchIdRole).toString()
                          == p.matchId;
        QVERIFY(ofTheMatch > 0);
        QStringList made;
        for (Move m : p.made)
            made << QString::fromLatin1(moveName(m));
        qInfo("%s as %s (seed %llu, %s): %lld ms, %zu snapshots; made: %s",
              preset,
              qPrintable(ui::UiText::roleName(role)),
              seed,
              policy.keysOnly ? "keys only" : "mouse and keys",
              clock.elapsed(),
              p.snapshots.size(),
              qPrintable(made.join(QStringLiteral(", "))));
        m_made.insert(p.made.begin(), p.made.end());
        app.host.stop();
    }

    QStringList missing() const
    {
        QStringList out;
        for (int m = int(Move::Ready); m <= int(Move::LastWords); ++m)
            if (!m_made.count(Move(m)) && Move(m) != Move::PkVote)
                out << QString::fromLatin1(moveName(Move(m)));
        return out;
    }

private Q_SLOTS:
    // The roles come from the seed (the engine's deal, searched above), so
    // each match gives the person the role it is for. Each match's role
    // and seat are fixed; the seed is the first that deals them.
    void classicWolfWithKeysOnly() { playOne("classic", Role::Werewolf, 2, 1, {.keysOnly = true}); }
    void classicSeer() { playOne("classic", Role::Seer, 0, 1, {.closeDock = true}); }
    void classicDoctor() { playOne("classic", Role::Doctor, 5, 1); }
    void nineWitch() { playOne("witch-hunter-9", Role::Witch, 3, 1, {.makeTies = true}); }
    void nineHunter()
    {
        playOne("witch-hunter-9", Role::Hunter, 6, 1, {.claimSeer = true, .makeTies = true});
    }

    // What the table decides is not the person's to fix: the witch may be
    // voted out before a second night, the hunter may outlive the match, a
    // vote may never tie with the person in it, a slow machine may let a
    // turn pass. The moves still missing get more matches, each with its
    // role for them and the next seeds, up to a bound; then every move must
    // have been made.
    void everyMoveWasMade()
    {
        const Policy tie{.makeTies = true};
        const Policy claim{.claimSeer = true, .makeTies = true};
        // The match that gives each move its chance.
        const std::vector<std::tuple<Move, const char *, Role, Policy>> plans{
            {Move::WolfChat, "classic", Role::Werewolf, {}},
            {Move::WolfKill, "classic", Role::Werewolf, {}},
            {Move::SeerInspect, "classic", Role::Seer, {}},
            {Move::DoctorProtect, "classic", Role::Doctor, {}},
            {Move::WitchSave, "witch-hunter-9", Role::Witch, tie},
            {Move::WitchPoison, "witch-hunter-9", Role::Witch, {.poisonFirst = true}},
            {Move::HunterShoot, "witch-hunter-9", Role::Hunter, claim},
            {Move::PkDefense, "witch-hunter-9", Role::Villager, claim},
            {Move::LastWords, "witch-hunter-9", Role::Villager, claim},
        };
        for (quint64 round = 1; round <= 4 && !missing().isEmpty(); ++round)
            for (const auto &[move, preset, role, policy] : plans)
                if (!m_made.count(move)) {
                    playOne(preset, role, int(round % 8), 100 * round, policy);
                    if (QTest::currentTestFailed())
                        return;
                    break;
                }
        // A PK the person is not in (they vote in its revote) is the same
        // vote move; it is made when a table ties without them.
        qInfo("PK vote made: %s", m_made.count(Move::PkVote) ? "yes" : "no");
        QVERIFY2(missing().isEmpty(),
                 qPrintable(QStringLiteral("never made: ") + missing().join(u", ")));
    }
};

QTEST_MAIN(PlayMatch)
#include "tst_playmatch.moc"
