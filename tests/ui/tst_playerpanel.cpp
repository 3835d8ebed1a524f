// SPDX-License-Identifier: MIT
// The player panel, played through its widgets (clicks and keys) on real
// engine matches: every move of the classic and the witch-hunter-9 table is
// made from the panel, and each action it sends is the tool call the engine
// accepts. Secrecy: walking whole simulated matches seat by seat, the
// panel's widget tree never holds what its player may not know.

#include "tests/engine/table.h"

#include "ui/play/playerpanel.h"
#include "ui/uitext.h"

#include "engine/playerdocument.h"
#include "engine/simulator.h"
#include "engine/toolcalls.h"

#include <QAbstractButton>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <map>
#include <memory>
#include <set>

using namespace townhall;
using namespace townhall::ui;
using engine::json;
using engine::Phase;
using engine::Role;
using engine::test::Table;

/// The engine accepted the action (else the answer is the message).
#define QVERIFY_ACCEPTED(answerExpr)                                                               \
    do {                                                                                           \
        const json answer_ = (answerExpr);                                                         \
        QVERIFY2(answer_.at("ok").get<bool>(), answer_.dump().c_str());                            \
    } while (false)

namespace {

QByteArray documentOf(const engine::Match &m,
                      const std::string &playerId,
                      engine::TimeMs now,
                      const json &answer = nullptr,
                      engine::HumanSeatStatus seat = {})
{
    return QByteArray::fromStdString(engine::playerDocument(m, playerId, seat, now, answer).dump());
}

/// The actions a panel sent, parsed.
struct Actions
{
    QSignalSpy spy;
    explicit Actions(PlayerPanel &p)
        : spy(&p, &PlayerPanel::actionRequested)
    {}
    /// The one action sent since the last call (fails the test otherwise).
    json take()
    {
        if (spy.count() != 1)
            qWarning() << "actions sent:" << spy.count();
        if (spy.isEmpty())
            return nullptr;
        const QByteArray bytes = spy.takeLast().at(0).toByteArray();
        spy.clear();
        return json::parse(bytes.toStdString());
    }
};

/// Executes a panel's action as the host would: the tool call with the
/// match filled in, mapped to a command for the seat's player. The answer
/// is the contract's {"id", "tool", "ok", "error"?}.
json perform(Table &t, const std::string &playerId, const json &action)
{
    engine::ToolCall call{action.at("tool").get<std::string>(), action.at("arguments")};
    call.arguments["matchId"] = t.m.matchId();
    const auto cmd = engine::toCommand(call, playerId);
    if (!cmd)
        return {{"id", action.value("id", "")},
                {"tool", call.tool},
                {"ok", false},
                {"error", {{"code", "UNKNOWN_TOOL"}, {"message", "no such play tool"}}}};
    const auto r = t.m.execute(*cmd, t.now);
    json answer = {{"id", action.value("id", "")}, {"tool", call.tool}, {"ok", r.ok()}};
    if (!r.ok())
        answer["error"]
            = {{"code", engine::toString(r.error().code)}, {"message", r.error().message}};
    return answer;
}

QListWidgetItem *targetItem(PlayerPanel &p, const std::string &playerId)
{
    for (int i = 0; i < p.targetList()->count(); ++i)
        if (p.targetList()->item(i)->data(PlayerPanel::PlayerIdRole).toString()
            == QString::fromStdString(playerId))
            return p.targetList()->item(i);
    return nullptr;
}

/// Picks `playerId` in the target list by keyboard: focus, Home, Down until it.
bool pickByKeys(PlayerPanel &p, const std::string &playerId)
{
    QListWidget *list = p.targetList();
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Home);
    for (int i = 0; i < list->count(); ++i) {
        if (list->currentItem()
            && list->currentItem()->data(PlayerPanel::PlayerIdRole).toString()
                   == QString::fromStdString(playerId))
            return true;
        QTest::keyClick(list, Qt::Key_Down);
    }
    return false;
}

/// Picks `playerId` by clicking its row.
bool pickByClick(PlayerPanel &p, const std::string &playerId)
{
    QListWidgetItem *item = targetItem(p, playerId);
    if (!item)
        return false;
    QListWidget *list = p.targetList();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(item).center());
    return list->currentItem() == item;
}

std::string argument(const json &action, const char *key)
{
    const auto &a = action.at("arguments");
    const auto it = a.find(key);
    return it != a.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// Every text the panel shows or holds for assistive technology, one line
/// per entry, except the speeches (what players say may claim anything).
QStringList panelTexts(PlayerPanel &p)
{
    QStringList out;
    auto add = [&out](const QString &s) {
        for (const QString &line : s.split(QLatin1Char('\n')))
            if (!line.trimmed().isEmpty())
                out << line;
    };
    QList<QWidget *> widgets = p.findChildren<QWidget *>();
    widgets << &p;
    for (QWidget *w : widgets) {
        add(w->toolTip());
        add(w->accessibleName());
        add(w->accessibleDescription());
        if (auto *l = qobject_cast<QLabel *>(w))
            add(l->text());
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            add(b->text());
        if (auto *g = qobject_cast<QGroupBox *>(w))
            add(g->title());
        if (auto *e = qobject_cast<QLineEdit *>(w)) {
            add(e->text());
            add(e->placeholderText());
        }
        if (auto *e = qobject_cast<QPlainTextEdit *>(w)) {
            add(e->toPlainText());
            add(e->placeholderText());
        }
        if (auto *list = qobject_cast<QListWidget *>(w))
            for (int i = 0; i < list->count(); ++i) {
                QListWidgetItem *item = list->item(i);
                if (list == p.transcript()
                    && PlayerPanel::RowKind(item->data(PlayerPanel::KindRole).toInt())
                           == PlayerPanel::RowKind::Speech)
                    continue;
                add(item->text());
                add(item->toolTip());
            }
    }
    return out;
}

/// What `me`'s panel shows that it may not know, judged against the true
/// match `truth`: a living player's role next to their name (unless a wolf
/// looks at its pack or the seer found a wolf), wolf chat and the pack's
/// picks for a non-wolf, a seer's finding for anyone else, the witch's
/// potions for anyone else.
QStringList leaks(PlayerPanel &p, const engine::Match &truth, const std::string &me)
{
    QStringList out;
    if (truth.ended())
        return out;
    const engine::Player *self = truth.player(me);
    const QStringList texts = panelTexts(p);
    std::set<std::string> inspected;
    std::vector<std::string> wolfChat;
    for (const engine::Event &e : truth.log()) {
        if (e.type == engine::EventType::SeerInspected && e.audiencePlayerId == me)
            inspected.insert(e.payload.value("targetPlayerId", ""));
        if (e.type == engine::EventType::WolfChatMessage)
            wolfChat.push_back(e.payload.value("text", ""));
    }
    for (const engine::Player &other : truth.state().players) {
        if (other.playerId == me || !other.alive || other.revealed)
            continue;
        const bool wolves = other.role == Role::Werewolf;
        if (wolves && (self->role == Role::Werewolf || inspected.count(other.playerId)))
            continue;
        const QString name = QString::fromStdString(other.displayName);
        const QString role = UiText::roleName(other.role);
        for (const QString &line : texts)
            if (line.contains(name) && line.contains(role, Qt::CaseInsensitive))
                out << QStringLiteral("%1's role: %2").arg(name, line);
    }
    if (self->role != Role::Werewolf) {
        for (const std::string &said : wolfChat)
            for (const QString &line : texts)
                if (line.contains(QString::fromStdString(said)))
                    out << QStringLiteral("wolf chat: ") + line;
        if (p.wolfChatList()->count() > 0 || p.wolfChatBox()->isVisibleTo(&p))
            out << QStringLiteral("the wolf chat box");
    }
    for (const QString &line : texts) {
        if (self->role != Role::Seer && line.contains(QStringLiteral("werewolf."))
            && line.contains(QStringLiteral(" is ")))
            out << QStringLiteral("a seer's finding: ") + line;
        if (self->role != Role::Witch
            && (line.contains(QStringLiteral("antidote"))
                || line.contains(QStringLiteral("poison"))))
            out << QStringLiteral("the witch's potions: ") + line;
    }
    return out;
}

/// Controls the keyboard reaches that have no accessible name.
QStringList unnamedControls(PlayerPanel &p)
{
    QStringList unnamed;
    for (QWidget *w : p.findChildren<QWidget *>()) {
        if (w->focusPolicy() == Qt::NoFocus || !w->isVisibleTo(&p))
            continue;
        if (qobject_cast<QAbstractButton *>(w) || qobject_cast<QAbstractItemView *>(w)
            || qobject_cast<QLineEdit *>(w) || qobject_cast<QPlainTextEdit *>(w))
            if (w->accessibleName().isEmpty())
                unnamed << QString::fromLatin1(w->metaObject()->className()) + QLatin1Char('/')
                               + w->objectName();
    }
    return unnamed;
}

} // namespace

class TestPlayerPanel final : public QObject
{
    Q_OBJECT

    /// A panel per seat the test plays by hand (a person at each).
    std::map<std::string, std::unique_ptr<PlayerPanel>> m_panels;

    PlayerPanel &panel(Table &t, const std::string &playerId, const json &answer = nullptr)
    {
        auto &slot = m_panels[playerId];
        if (!slot) {
            slot = std::make_unique<PlayerPanel>();
            slot->resize(520, 900);
            slot->show();
        }
        slot->setDocument(documentOf(t.m, playerId, t.now, answer));
        return *slot;
    }

    /// Every living player but `except` votes for `target` by command.
    static void othersVote(Table &t, const std::string &target, const std::set<std::string> &except)
    {
        for (const engine::Player &p : t.s().players)
            if (p.alive && !except.count(p.playerId) && p.playerId != target)
                QVERIFY_OK(t.vote(p.playerId, target));
    }

private Q_SLOTS:
    void cleanup() { m_panels.clear(); }

    void documentIsThePlayersProjection()
    {
        Table t(42);
        const std::string seer = t.seer();
        const json doc = engine::playerDocument(t.m, seer, {}, t.now);
        QCOMPARE(doc.at("v").get<int>(), 1);
        QCOMPARE(doc.at("playerId").get<std::string>(), seer);
        QCOMPARE(doc.at("state").at("you").at("role").get<std::string>(), std::string("SEER"));
        QVERIFY(doc.at("seat").at("connected").get<bool>());
        QVERIFY(doc.at("answer").is_null());
        for (const json &e : doc.at("events"))
            QVERIFY2(e.at("type") != "ROLES_ASSIGNED", e.dump().c_str());
        QVERIFY(engine::playerDocument(t.m, "p:99", {}, t.now).is_null());
    }

    void classicMovesFromThePanel()
    {
        Table t(42);
        const std::string wolf = t.wolf(0);
        const std::string seer = t.seer();
        const std::string doctor = t.doctor();
        const std::string villager = t.villager(0);

        // LOBBY: Ready, by keyboard (Tab to the button, Space).
        {
            PlayerPanel &p = panel(t, wolf);
            Actions sent(p);
            QVERIFY(p.readyButton()->isVisibleTo(&p));
            p.readyButton()->setFocus();
            QTest::keyClick(p.readyButton(), Qt::Key_Space);
            const json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(), std::string("et.werewolf.match.ready"));
            QVERIFY(a.at("id").get<std::string>().size() >= 8);
            const json answer = perform(t, wolf, a);
            QVERIFY_ACCEPTED(answer);
            panel(t, wolf);
            QVERIFY(p.readyButton()->isVisibleTo(&p)); // no answer yet: not known
            panel(t, wolf, answer);
            QVERIFY(!p.readyButton()->isVisibleTo(&p)); // ready once
        }
        for (const engine::Player &pl : t.s().players)
            if (pl.playerId != wolf)
                QVERIFY_OK(t.ready(pl.playerId));
        QVERIFY(t.until(Phase::Night));

        // NIGHT: the wolf talks to the pack and picks a victim by keys.
        const std::string victim = villager;
        {
            PlayerPanel &p = panel(t, wolf);
            Actions sent(p);
            QVERIFY(p.wolfChatBox()->isVisibleTo(&p));
            QVERIFY(p.roleLabel()->text().contains(
                QString::fromStdString(t.m.player(t.wolf(1))->displayName)));
            QVERIFY2(unnamedControls(p).isEmpty(),
                     qPrintable(unnamedControls(p).join(QLatin1Char(' '))));
            QTest::keyClicks(p.wolfChatEdit(), QStringLiteral("take the quiet one"));
            QTest::keyClick(p.wolfChatEdit(), Qt::Key_Return);
            json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(),
                     std::string("et.werewolf.match.night.wolf_chat"));
            QCOMPARE(argument(a, "text"), std::string("take the quiet one"));
            json answer = perform(t, wolf, a);
            QVERIFY(answer.at("ok").get<bool>());
            PlayerPanel &q = panel(t, wolf, answer);
            QCOMPARE(q.wolfChatList()->count(), 1);
            QVERIFY(
                q.wolfChatList()->item(0)->text().contains(QStringLiteral("take the quiet one")));
            QVERIFY(pickByKeys(q, victim));
            QTest::keyClick(q.targetList(), Qt::Key_Return);
            a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(),
                     std::string("et.werewolf.match.night.wolf_kill"));
            QCOMPARE(argument(a, "targetPlayerId"), victim);
            QVERIFY_ACCEPTED(perform(t, wolf, a));
        }
        QVERIFY_OK(t.kill(t.wolf(1), victim));
        // The seer inspects the first wolf, by clicks.
        {
            PlayerPanel &p = panel(t, seer);
            Actions sent(p);
            QVERIFY(!p.wolfChatBox()->isVisibleTo(&p));
            QVERIFY(pickByClick(p, wolf));
            QVERIFY(p.actButton()->isEnabled());
            QTest::mouseClick(p.actButton(), Qt::LeftButton);
            const json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(),
                     std::string("et.werewolf.match.night.seer_inspect"));
            QCOMPARE(argument(a, "targetPlayerId"), wolf);
            QVERIFY_ACCEPTED(perform(t, seer, a));
            PlayerPanel &q = panel(t, seer);
            QVERIFY2(q.knowledgeLabel()->text().contains(QStringLiteral("is a werewolf")),
                     qPrintable(q.knowledgeLabel()->text()));
        }
        // The doctor protects the victim: nobody dies.
        {
            PlayerPanel &p = panel(t, doctor);
            Actions sent(p);
            QVERIFY(pickByKeys(p, victim));
            p.actButton()->setFocus();
            QTest::keyClick(p.actButton(), Qt::Key_Return);
            const json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(),
                     std::string("et.werewolf.match.night.doctor_protect"));
            QCOMPARE(argument(a, "targetPlayerId"), victim);
            QVERIFY_ACCEPTED(perform(t, doctor, a));
        }
        QVERIFY(t.until(Phase::DayOpening));
        QVERIFY(
            panel(t, villager).knowledgeLabel()->text().contains(QStringLiteral("nobody died")));

        // DAY_OPENING: the seer speaks in turn (Enter), the others by command.
        bool seerSpoke = false;
        for (int guard = 0; guard < 20 && t.s().phase == Phase::DayOpening; ++guard) {
            std::string speaker;
            for (const engine::Player &pl : t.s().players)
                if (t.m.requiredAction(pl.playerId).type == engine::ActionType::SpeakOpening)
                    speaker = pl.playerId;
            if (speaker.empty()) {
                t.step();
                continue;
            }
            auto stillTheirTurn = [&] {
                if (t.m.requiredAction(speaker).type == engine::ActionType::SpeakOpening)
                    t.step();
            };
            if (speaker != seer) {
                QVERIFY_OK(t.say(speaker, "Good morning.", engine::MessageKind::Opening));
                stillTheirTurn();
                continue;
            }
            PlayerPanel &p = panel(t, seer);
            Actions sent(p);
            QVERIFY(p.speechEdit()->isVisibleTo(&p));
            QTest::keyClicks(p.speechEdit(), QStringLiteral("I have news."));
            QCOMPARE(p.speechCounter()->text(), QStringLiteral("12 / 500 characters"));
            QTest::keyClick(p.speechEdit(), Qt::Key_Return);
            const json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(), std::string("et.werewolf.match.say_public"));
            QCOMPARE(argument(a, "kind"), std::string("OPENING"));
            QCOMPARE(argument(a, "text"), std::string("I have news."));
            QVERIFY_ACCEPTED(perform(t, seer, a));
            QVERIFY2(unnamedControls(p).isEmpty(),
                     qPrintable(unnamedControls(p).join(QLatin1Char(' '))));
            seerSpoke = true;
            stillTheirTurn();
        }
        QVERIFY(seerSpoke);
        QVERIFY(t.until(Phase::DayDiscussion));

        // DAY_DISCUSSION: a villager types and clicks Speak (past the chat limit).
        t.now += 3'000;
        {
            PlayerPanel &p = panel(t, villager);
            Actions sent(p);
            QTest::keyClicks(p.speechEdit(), QStringLiteral("Listen to the seer."));
            QTest::mouseClick(p.speakButton(), Qt::LeftButton);
            const json a = sent.take();
            QCOMPARE(argument(a, "kind"), std::string("DISCUSSION"));
            QVERIFY_ACCEPTED(perform(t, villager, a));
            QVERIFY(p.speechEdit()->toPlainText().isEmpty());
            PlayerPanel &q = panel(t, villager);
            bool shown = false;
            for (int i = 0; i < q.transcript()->count(); ++i)
                shown |= q.transcript()->item(i)->text().contains(
                    QStringLiteral("Listen to the seer."));
            QVERIFY(shown);
        }
        QVERIFY(t.until(Phase::DayVote));

        // DAY_VOTE: the seer votes for the wolf (keys), the doctor abstains (click).
        {
            PlayerPanel &p = panel(t, seer);
            Actions sent(p);
            QVERIFY(pickByKeys(p, wolf));
            QTest::keyClick(p.targetList(), Qt::Key_Enter);
            const json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(), std::string("et.werewolf.match.vote"));
            QCOMPARE(argument(a, "targetPlayerId"), wolf);
            QVERIFY_ACCEPTED(perform(t, seer, a));
        }
        {
            PlayerPanel &p = panel(t, doctor);
            Actions sent(p);
            QVERIFY(p.passButton()->isVisibleTo(&p));
            QTest::mouseClick(p.passButton(), Qt::LeftButton);
            const json a = sent.take();
            QVERIFY(a.at("arguments").at("targetPlayerId").is_null());
            QVERIFY_ACCEPTED(perform(t, doctor, a));
        }
        othersVote(t, wolf, {seer, doctor});
        // The wolf votes too (for the seer), so the vote ends at once.
        if (t.s().phase == Phase::DayVote)
            QVERIFY_OK(t.vote(wolf, seer));
        QVERIFY(t.until(Phase::DayResolution));

        // DAY_RESOLUTION: the wolf voted out says its last words.
        {
            PlayerPanel &p = panel(t, wolf);
            Actions sent(p);
            QVERIFY(p.speechEdit()->isVisibleTo(&p));
            QTest::keyClicks(p.speechEdit(), QStringLiteral("You got me."));
            QTest::keyClick(p.speechEdit(), Qt::Key_Return);
            const json a = sent.take();
            QCOMPARE(argument(a, "kind"), std::string("LAST_WORDS"));
            QVERIFY_ACCEPTED(perform(t, wolf, a));
        }
    }

    void witchHunterNineMovesFromThePanel()
    {
        engine::MatchConfig cfg;
        cfg.rules = *engine::rulePreset("witch-hunter-9");
        Table t(7, cfg);
        t.readyAll();
        QVERIFY(t.until(Phase::Night));
        const std::string witch = t.id(Role::Witch);
        const std::string hunter = t.id(Role::Hunter);
        const std::string seer = t.seer();
        for (const std::string &w : t.ids(Role::Werewolf))
            QVERIFY_OK(t.kill(w, hunter));
        QVERIFY_OK(t.inspect(seer, hunter));
        QVERIFY(t.until(Phase::NightWitch));

        // NIGHT_WITCH: save and poison (each tried on a copy), then pass.
        {
            PlayerPanel &p = panel(t, witch);
            Actions sent(p);
            QVERIFY(p.promptLabel()->text().contains(
                QString::fromStdString(t.m.player(hunter)->displayName)));
            QVERIFY(p.knowledgeLabel()->text().contains(QStringLiteral("antidote")));
            QVERIFY(p.saveButton()->isVisibleTo(&p));
            QTest::mouseClick(p.saveButton(), Qt::LeftButton);
            json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(),
                     std::string("et.werewolf.match.night.witch_act"));
            QCOMPARE(argument(a, "action"), std::string("SAVE"));
            QCOMPARE(argument(a, "targetPlayerId"), hunter);
            {
                Table copy = t;
                QVERIFY_ACCEPTED(perform(copy, witch, a));
            }
            const std::string wolf = t.wolf(0);
            QVERIFY(pickByKeys(p, wolf));
            QTest::keyClick(p.targetList(), Qt::Key_Return);
            a = sent.take();
            QCOMPARE(argument(a, "action"), std::string("POISON"));
            QCOMPARE(argument(a, "targetPlayerId"), wolf);
            {
                Table copy = t;
                QVERIFY_ACCEPTED(perform(copy, witch, a));
            }
            QTest::mouseClick(p.passButton(), Qt::LeftButton);
            a = sent.take();
            QCOMPARE(argument(a, "action"), std::string("PASS"));
            QVERIFY(a.at("arguments").find("targetPlayerId") == a.at("arguments").end());
            QVERIFY_ACCEPTED(perform(t, witch, a));
        }
        QVERIFY(t.until(Phase::HunterShot));

        // HUNTER_SHOT: not shooting (on a copy), then shooting a wolf.
        const std::string shot = t.wolf(0);
        {
            PlayerPanel &p = panel(t, hunter);
            Actions sent(p);
            QVERIFY(!p.roleLabel()->text().contains(QStringLiteral("not act")));
            QTest::mouseClick(p.passButton(), Qt::LeftButton);
            json a = sent.take();
            QCOMPARE(a.at("tool").get<std::string>(),
                     std::string("et.werewolf.match.hunter_shoot"));
            QVERIFY(a.at("arguments").at("targetPlayerId").is_null());
            {
                Table copy = t;
                QVERIFY_ACCEPTED(perform(copy, hunter, a));
            }
            QVERIFY(pickByClick(p, shot));
            QTest::mouseClick(p.actButton(), Qt::LeftButton);
            a = sent.take();
            QCOMPARE(argument(a, "targetPlayerId"), shot);
            QVERIFY_ACCEPTED(perform(t, hunter, a));
        }
        QVERIFY(!t.m.player(shot)->alive);
        QVERIFY(t.until(Phase::DayVote));

        // A tie between two villagers: a PK.
        std::vector<std::string> alive;
        for (const engine::Player &pl : t.s().players)
            if (pl.alive)
                alive.push_back(pl.playerId);
        const std::string a1 = t.villager(0);
        const std::string b1 = t.villager(1);
        std::vector<std::string> others;
        for (const std::string &v : alive)
            if (v != a1 && v != b1)
                others.push_back(v);
        if (others.size() % 2 == 1) { // one abstains, the rest split evenly
            QVERIFY_OK(t.vote(others.back(), std::nullopt));
            others.pop_back();
        }
        for (std::size_t i = 0; i < others.size(); ++i)
            QVERIFY_OK(t.vote(others[i], i % 2 ? a1 : b1));
        QVERIFY_OK(t.vote(a1, b1));
        QVERIFY_OK(t.vote(b1, a1));
        QVERIFY(t.until(Phase::DayPkDefense));

        // DAY_PK_DEFENSE: a1 defends through the panel.
        bool defended = false;
        for (int guard = 0; guard < 10 && t.s().phase == Phase::DayPkDefense; ++guard) {
            std::string speaker;
            for (const engine::Player &pl : t.s().players)
                if (t.m.requiredAction(pl.playerId).type == engine::ActionType::SpeakDefense)
                    speaker = pl.playerId;
            if (speaker != a1) {
                t.step();
                continue;
            }
            PlayerPanel &p = panel(t, a1);
            Actions sent(p);
            QTest::keyClicks(p.speechEdit(), QStringLiteral("Not me."));
            QTest::keyClick(p.speechEdit(), Qt::Key_Return);
            const json a = sent.take();
            QCOMPARE(argument(a, "kind"), std::string("DEFENSE"));
            QVERIFY_ACCEPTED(perform(t, a1, a));
            defended = true;
        }
        QVERIFY(defended);
        QVERIFY(t.until(Phase::DayPkVote));

        // DAY_PK_VOTE: the seer votes b1 from the panel; the pick holds the tied only.
        {
            PlayerPanel &p = panel(t, seer);
            Actions sent(p);
            QCOMPARE(p.targetList()->count(), 2);
            QVERIFY(p.promptLabel()->text().contains(QStringLiteral("tied")));
            QVERIFY(pickByKeys(p, b1));
            QTest::keyClick(p.targetList(), Qt::Key_Return);
            const json a = sent.take();
            QCOMPARE(argument(a, "targetPlayerId"), b1);
            QVERIFY_ACCEPTED(perform(t, seer, a));
        }
    }

    void answerStandInAndCountdown()
    {
        Table t(42);
        t.readyAll();
        QVERIFY(t.until(Phase::DayVote));
        const std::string v = t.villager(0);
        // A refusal the engine really gives: speaking during the vote.
        engine::Command say = Table::cmd(engine::Command::Kind::Say, v);
        say.text = "late";
        const auto refused = t.run(say);
        QVERIFY(!refused.ok());
        const json answer = {{"id", "app-1"},
                             {"tool", "et.werewolf.match.say_public"},
                             {"ok", false},
                             {"error",
                              {{"code", engine::toString(refused.error().code)},
                               {"message", refused.error().message}}}};
        engine::HumanSeatStatus seat;
        seat.standIn = true;
        seat.missedInARow = 3;
        qint64 clock = 1'000'000;
        PlayerPanel p;
        p.setClock([&clock] { return clock; });
        p.setDocument(documentOf(t.m, v, t.now, answer, seat));
        p.show();
        QVERIFY(p.answerLabel()->isVisibleTo(&p));
        QVERIFY2(p.answerLabel()->text().contains(QString::fromStdString(refused.error().message)),
                 qPrintable(p.answerLabel()->text()));
        QCOMPARE(p.seatLabel()->text(),
                 QStringLiteral("The stand-in plays for you; act to take your seat back."));
        // The countdown: the vote's time left, then ticking by the panel's clock.
        const qint64 left = *t.m.nextDeadline() - t.now;
        QCOMPARE(p.remainingMs(), left);
        QVERIFY2(p.countdownLabel()->text().contains(UiText::countdown(left)),
                 qPrintable(p.countdownLabel()->text()));
        clock += 10'000;
        QCOMPARE(p.remainingMs(), left - 10'000);
        // Acting again: the stand-in line goes with the next document.
        p.setDocument(documentOf(t.m, v, t.now, nullptr, {}));
        QVERIFY(!p.seatLabel()->isVisibleTo(&p));
        QVERIFY(!p.answerLabel()->isVisibleTo(&p));
    }

    void everyControlHasAnAccessibleName()
    {
        Table t(42);
        PlayerPanel &p = panel(t, t.wolf(0));
        QVERIFY2(unnamedControls(p).isEmpty(),
                 qPrintable(unnamedControls(p).join(QLatin1Char(' '))));
        t.readyAll();
        QVERIFY(t.until(Phase::Night));
        panel(t, t.wolf(0));
        QVERIFY2(unnamedControls(p).isEmpty(),
                 qPrintable(unnamedControls(p).join(QLatin1Char(' '))));
    }

    void secrecyOverWholeMatches_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("seed");
        QTest::newRow("classic") << QStringLiteral("classic") << 5;
        QTest::newRow("witch-hunter-9") << QStringLiteral("witch-hunter-9") << 11;
    }

    void secrecyOverWholeMatches()
    {
        QFETCH(QString, rules);
        QFETCH(int, seed);
        engine::MatchConfig cfg;
        cfg.rules = *engine::rulePreset(rules.toStdString());
        const engine::SimulatedMatch sim = engine::simulateMatch(std::uint64_t(seed), cfg);
        const std::vector<engine::Event> &log = sim.match->log();
        QVERIFY(log.size() > 100);
        int checks = 0;
        for (const engine::Player &seat : sim.match->state().players) {
            PlayerPanel p;
            p.resize(520, 900);
            p.show();
            auto replay = engine::Match::fromLog({log.front()});
            QVERIFY(replay.ok());
            engine::Match m = std::move(replay.value());
            for (std::size_t i = 1; i < log.size(); ++i) {
                QVERIFY(m.tryApply(log[i]).ok());
                if (!engine::visible(log[i], engine::Viewer::forPlayer(seat.playerId), m.state()))
                    continue;
                p.setDocument(documentOf(m, seat.playerId, log[i].at));
                const QStringList found = leaks(p, m, seat.playerId);
                QVERIFY2(found.isEmpty(),
                         qPrintable(QStringLiteral("%1 at seq %2: %3")
                                        .arg(QString::fromStdString(seat.displayName))
                                        .arg(log[i].seq)
                                        .arg(found.join(QStringLiteral(" | ")))));
                ++checks;
            }
        }
        QVERIFY(checks > 500);
    }

    void secrecyCheckFindsALeak()
    {
        // A document that says more than the projection would: a living
        // player shown as out with its role. The check must catch it.
        Table t(42);
        t.readyAll();
        QVERIFY(t.until(Phase::DayDiscussion));
        const std::string me = t.villager(0);
        const std::string seer = t.seer();
        json doc = engine::playerDocument(t.m, me, {}, t.now);
        for (json &pl : doc["state"]["players"])
            if (pl["playerId"] == seer) {
                pl["alive"] = false;
                pl["revealedRole"] = "SEER";
            }
        PlayerPanel p;
        p.setDocument(QByteArray::fromStdString(doc.dump()));
        QVERIFY(!leaks(p, t.m, me).isEmpty());
    }
};

QTEST_MAIN(TestPlayerPanel)
#include "tst_playerpanel.moc"
