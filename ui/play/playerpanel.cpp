// SPDX-License-Identifier: MIT
#include "ui/play/playerpanel.h"

#include "ui/theme.h"
#include "ui/uitext.h"

#include "engine/types.h"

#include <QDateTime>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTimer>
#include <QUuid>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace townhall::ui {

using nlohmann::json;

namespace {

/// The string at `key` of an object, or "" (also for null and other types).
std::string text(const json &o, const char *key)
{
    if (!o.is_object())
        return {};
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const json &member(const json &o, const char *key)
{
    static const json none;
    if (!o.is_object())
        return none;
    const auto it = o.find(key);
    return it != o.end() ? *it : none;
}

bool flag(const json &o, const char *key)
{
    const json &v = member(o, key);
    return v.is_boolean() && v.get<bool>();
}

int number(const json &o, const char *key)
{
    const json &v = member(o, key);
    return v.is_number_integer() ? v.get<int>() : 0;
}

qint64 isoMs(const std::string &iso)
{
    const QDateTime t = QDateTime::fromString(qs(iso), Qt::ISODateWithMs);
    return t.isValid() ? t.toMSecsSinceEpoch() : -1;
}

QLabel *wrapped(const QString &accessibleName)
{
    auto *l = new QLabel;
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setAccessibleName(accessibleName);
    return l;
}

} // namespace

PlayerPanel::PlayerPanel(QWidget *parent)
    : QWidget(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    build();
    render();
}

PlayerPanel::~PlayerPanel() = default;

void PlayerPanel::build()
{
    setObjectName(QStringLiteral("playerPanel"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(8, 8, 8, 8);

    m_title = wrapped(tr("Your seat"));
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_title->setFont(big);
    m_countdown = wrapped(tr("Time left"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_countdown, 0, Qt::AlignRight | Qt::AlignTop);
    v->addLayout(top);

    m_role = wrapped(tr("Your role"));
    v->addWidget(m_role);
    m_knowledge = wrapped(tr("What you know"));
    v->addWidget(m_knowledge);
    m_seatLine = wrapped(tr("Stand-in"));
    v->addWidget(m_seatLine);
    m_answer = wrapped(tr("Answer to your last move"));
    v->addWidget(m_answer);

    m_actionBox = new QGroupBox(tr("Your move"));
    m_actionBox->setAccessibleName(tr("Your move"));
    auto *av = new QVBoxLayout(m_actionBox);
    m_prompt = wrapped(tr("What to do now"));
    av->addWidget(m_prompt);
    m_targets = new QListWidget;
    m_targets->setAccessibleName(tr("Players you may choose"));
    m_targets->setToolTip(tr("Pick a player; Enter confirms"));
    m_targets->setMaximumHeight(fontMetrics().height() * 7);
    connect(m_targets, &QListWidget::itemActivated, this, [this] { actOnTarget(); });
    connect(m_targets, &QListWidget::currentRowChanged, this, [this] { updateCounters(); });
    av->addWidget(m_targets);
    auto *buttons = new QHBoxLayout;
    m_act = new QPushButton;
    connect(m_act, &QPushButton::clicked, this, &PlayerPanel::actOnTarget);
    m_save = new QPushButton;
    m_save->setAccessibleName(tr("Save tonight's victim"));
    connect(m_save, &QPushButton::clicked, this, &PlayerPanel::save);
    m_pass = new QPushButton;
    connect(m_pass, &QPushButton::clicked, this, &PlayerPanel::pass);
    m_ready = new QPushButton(tr("&Ready"));
    m_ready->setAccessibleName(tr("Ready"));
    m_ready->setToolTip(tr("Tell the table you are ready to start"));
    connect(m_ready, &QPushButton::clicked, this, [this] { send("match.ready", json::object()); });
    for (QPushButton *b : {m_act, m_save, m_pass, m_ready}) {
        b->setAutoDefault(true); // Enter presses the focused button
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    av->addLayout(buttons);
    m_speech = new QPlainTextEdit;
    m_speech->setAccessibleName(tr("Your speech"));
    m_speech->setToolTip(tr("Enter speaks; Shift+Enter starts a new line"));
    m_speech->setTabChangesFocus(true);
    m_speech->setMaximumHeight(fontMetrics().height() * 5);
    m_speech->installEventFilter(this);
    connect(m_speech, &QPlainTextEdit::textChanged, this, &PlayerPanel::updateCounters);
    av->addWidget(m_speech);
    auto *speakRow = new QHBoxLayout;
    m_speechCount = wrapped(tr("Characters used"));
    speakRow->addWidget(m_speechCount, 1);
    m_speak = new QPushButton(tr("&Speak"));
    m_speak->setAccessibleName(tr("Speak"));
    m_speak->setAutoDefault(true);
    connect(m_speak, &QPushButton::clicked, this, &PlayerPanel::speak);
    speakRow->addWidget(m_speak);
    av->addLayout(speakRow);
    v->addWidget(m_actionBox);

    // The phase brief: everything the seat knows and may do, as an agent
    // reads it; folded away until asked for, it is long.
    m_briefButton = new QPushButton;
    m_briefButton->setCheckable(true);
    m_briefButton->setAccessibleName(tr("Phase brief"));
    m_briefButton->setToolTip(tr("The whole phase brief: what your seat knows and may do now, "
                                 "as an agent in your seat reads it"));
    m_brief = new QPlainTextEdit;
    m_brief->setReadOnly(true);
    m_brief->setAccessibleName(tr("Phase brief text"));
    m_brief->setTabChangesFocus(true);
    m_brief->setMaximumHeight(fontMetrics().height() * 12);
    m_brief->hide();
    connect(m_briefButton, &QPushButton::toggled, this, [this](bool on) {
        m_brief->setVisible(on);
        renderBrief();
    });
    auto *briefRow = new QHBoxLayout;
    briefRow->addWidget(m_briefButton);
    briefRow->addStretch(1);
    v->addLayout(briefRow);
    v->addWidget(m_brief);

    auto *said = new QLabel(tr("Said at the table"));
    v->addWidget(said);
    m_transcript = new QListWidget;
    m_transcript->setAccessibleName(tr("Said at the table"));
    m_transcript->setWordWrap(true);
    m_transcript->setResizeMode(QListView::Adjust); // rows wrap again at the new width
    m_transcript->setTextElideMode(Qt::ElideNone);  // a speech is never cut short
    m_transcript->setSelectionMode(QAbstractItemView::NoSelection);
    m_transcript->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    said->setBuddy(m_transcript);
    // The newest lines stay in view unless the reader scrolled back (the
    // rows' heights are known only after layout, hence the range).
    QScrollBar *bar = m_transcript->verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this, [this, bar](int value) {
        m_followTranscript = value >= bar->maximum() - 4;
    });
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int maximum) {
        if (m_followTranscript)
            bar->setValue(maximum);
    });
    v->addWidget(m_transcript, 1);

    m_wolfBox = new QGroupBox(tr("Wolf chat (your pack only)"));
    m_wolfBox->setAccessibleName(tr("Wolf chat"));
    auto *wv = new QVBoxLayout(m_wolfBox);
    m_wolfList = new QListWidget;
    m_wolfList->setAccessibleName(tr("Wolf chat messages"));
    m_wolfList->setWordWrap(true);
    m_wolfList->setResizeMode(QListView::Adjust);
    m_wolfList->setSelectionMode(QAbstractItemView::NoSelection);
    m_wolfList->setMaximumHeight(fontMetrics().height() * 6);
    connect(
        m_wolfList->verticalScrollBar(),
        &QScrollBar::rangeChanged,
        m_wolfList,
        [list = m_wolfList](int, int maximum) { list->verticalScrollBar()->setValue(maximum); });
    wv->addWidget(m_wolfList);
    auto *wolfRow = new QHBoxLayout;
    m_wolfEdit = new QLineEdit;
    m_wolfEdit->setAccessibleName(tr("Message to your pack"));
    m_wolfEdit->setMaxLength(WolfChatLimit);
    m_wolfEdit->setPlaceholderText(tr("Night only; Enter sends"));
    connect(m_wolfEdit, &QLineEdit::returnPressed, this, &PlayerPanel::sendWolfChat);
    connect(m_wolfEdit, &QLineEdit::textChanged, this, &PlayerPanel::updateCounters);
    wolfRow->addWidget(m_wolfEdit, 1);
    m_wolfCount = wrapped(tr("Characters used in wolf chat"));
    wolfRow->addWidget(m_wolfCount);
    m_wolfSend = new QPushButton(tr("Se&nd"));
    m_wolfSend->setAccessibleName(tr("Send to your pack"));
    m_wolfSend->setAutoDefault(true);
    connect(m_wolfSend, &QPushButton::clicked, this, &PlayerPanel::sendWolfChat);
    wolfRow->addWidget(m_wolfSend);
    wv->addLayout(wolfRow);
    v->addWidget(m_wolfBox);

    // Keyboard order: the move first, then what was said, then the pack.
    setTabOrder(m_targets, m_act);
    setTabOrder(m_act, m_save);
    setTabOrder(m_save, m_pass);
    setTabOrder(m_pass, m_ready);
    setTabOrder(m_ready, m_speech);
    setTabOrder(m_speech, m_speak);
    setTabOrder(m_speak, m_briefButton);
    setTabOrder(m_briefButton, m_brief);
    setTabOrder(m_brief, m_transcript);
    setTabOrder(m_transcript, m_wolfList);
    setTabOrder(m_wolfList, m_wolfEdit);
    setTabOrder(m_wolfEdit, m_wolfSend);

    m_tick = new QTimer(this);
    m_tick->setInterval(250);
    connect(m_tick, &QTimer::timeout, this, &PlayerPanel::updateCountdown);
}

void PlayerPanel::setClock(std::function<qint64()> clock)
{
    const qint64 left = remainingMs();
    m_clock = std::move(clock);
    m_receivedAt = m_clock();
    m_leftAtReceipt = left;
    updateCountdown();
}

void PlayerPanel::setDocument(const QByteArray &document)
{
    json doc
        = json::parse(document.constData(), document.constData() + document.size(), nullptr, false);
    if (!doc.is_object())
        return;
    const bool otherMatch = text(doc, "matchId") != text(m_doc, "matchId")
                            || text(doc, "playerId") != text(m_doc, "playerId");
    m_doc = std::move(doc);
    m_matchId = qs(text(m_doc, "matchId"));
    m_playerId = qs(text(m_doc, "playerId"));
    if (otherMatch) {
        m_transcript->clear();
        m_transcript->setProperty("lastEventId", QString());
        m_wolfList->clear();
        m_speech->clear();
        m_wolfEdit->clear();
    }
    // The countdown: what was left at the host's clock, then ours.
    const qint64 server = isoMs(text(m_doc, "serverTime"));
    std::string ends = text(m_doc, "turnEndsAt");
    if (ends.empty())
        ends = text(member(m_doc, "state"), "phaseEndsAt");
    const qint64 end = isoMs(ends);
    m_leftAtReceipt = server >= 0 && end >= 0 ? std::max<qint64>(0, end - server) : -1;
    m_receivedAt = m_clock();
    render();
}

void PlayerPanel::render()
{
    m_names.clear();
    for (const json &p : member(member(m_doc, "state"), "players"))
        m_names.insert(qs(text(p, "playerId")), qs(text(p, "displayName")));
    renderHeader();
    renderKnowledge();
    renderAction();
    renderTranscript();
    renderBrief();
    updateCountdown();
    updateCounters();
}

void PlayerPanel::renderBrief()
{
    const QString brief = qs(text(m_doc, "brief"));
    m_briefButton->setText(m_briefButton->isChecked() ? tr("Hide the phase brie&f")
                                                      : tr("Show the phase brie&f"));
    m_briefButton->setEnabled(!brief.isEmpty());
    // Held only while shown; only a new text, so the reader's scroll
    // position stays otherwise.
    const QString shown = m_briefButton->isChecked() ? brief : QString();
    if (m_brief->toPlainText() != shown)
        m_brief->setPlainText(shown);
}

QStringList PlayerPanel::nightDeaths(const json &nightResult) const
{
    // Tables with a witch list every death; the classic one names its victim.
    QStringList dead;
    if (member(nightResult, "deaths").is_array()) {
        for (const json &d : member(nightResult, "deaths"))
            if (d.is_string())
                dead << nameOf(d.get<std::string>());
    } else if (!text(nightResult, "killedPlayerId").empty()) {
        dead << nameOf(text(nightResult, "killedPlayerId"));
    }
    return dead;
}

QString PlayerPanel::nameOf(const std::string &playerId) const
{
    return m_names.value(qs(playerId), qs(playerId));
}

void PlayerPanel::renderHeader()
{
    const json &state = member(m_doc, "state");
    const json &you = member(state, "you");
    if (!you.is_object()) {
        m_title->setText(m_doc.is_object() ? qs(text(m_doc, "name")) : tr("No seat yet"));
        m_role->setText(m_doc.is_object() ? tr("You have no seat in this match.")
                                          : tr("Waiting for your table to fill."));
        return;
    }
    int seat = 0;
    for (const json &p : member(state, "players"))
        if (text(p, "playerId") == text(you, "playerId"))
            seat = number(p, "seat");
    m_title->setText(tr("%1 · seat %2").arg(qs(text(m_doc, "name"))).arg(seat));
    const auto role = engine::parseRole(text(you, "role"));
    QStringList lines;
    if (role) {
        lines << tr("Your role: %1.").arg(UiText::roleName(*role));
        if (*role == engine::Role::Werewolf) {
            QStringList pack;
            std::set<std::string> out;
            for (const json &p : member(state, "players"))
                if (!flag(p, "alive"))
                    out.insert(text(p, "playerId"));
            for (const json &w : member(you, "knownWolves"))
                if (w.is_string() && w.get<std::string>() != text(you, "playerId"))
                    pack << (out.count(w.get<std::string>())
                                 ? tr("%1 (out)").arg(nameOf(w.get<std::string>()))
                                 : nameOf(w.get<std::string>()));
            lines << (pack.isEmpty() ? tr("You hunt alone.")
                                     : tr("Your pack: %1.").arg(UiText::joinList(pack)));
            lines << tr("Goal: remove the villagers without being found out.");
        } else {
            lines << tr("Goal: find the werewolves and vote them out.");
        }
    }
    const bool stillActs = flag(you, "lastWordsDue")
                           || text(member(you, "requiredAction"), "type") == "HUNTER_SHOOT";
    if (!flag(you, "alive") && !stillActs)
        lines << tr("You are out of the game: you may watch, not act.");
    m_role->setText(lines.join(QLatin1Char('\n')));
}

void PlayerPanel::renderKnowledge()
{
    const json &state = member(m_doc, "state");
    const json &you = member(state, "you");
    QStringList lines;
    for (const json &r : member(you, "seerHistory")) {
        const QString who = nameOf(text(r, "targetPlayerId"));
        lines << (text(r, "result") == "WEREWOLF"
                      ? tr("Night %1: %2 is a werewolf.").arg(number(r, "night")).arg(who)
                      : tr("Night %1: %2 is not a werewolf.").arg(number(r, "night")).arg(who));
    }
    const json &potions = member(you, "potions");
    if (potions.is_object()) {
        QStringList held;
        if (flag(potions, "antidote"))
            held << tr("the antidote");
        if (flag(potions, "poison"))
            held << tr("the poison");
        lines << (held.isEmpty() ? tr("Your potions are used up.")
                                 : tr("You still hold %1.").arg(UiText::joinList(held)));
    }
    // The last night's deaths, as the table heard them.
    const json &events = member(m_doc, "events");
    for (auto it = events.rbegin(); events.is_array() && it != events.rend(); ++it) {
        if (text(*it, "type") != "NIGHT_RESULT")
            continue;
        const json &p = member(*it, "payload");
        const QStringList dead = nightDeaths(p);
        lines
            << (dead.isEmpty()
                    ? tr("Night %1: nobody died.").arg(number(p, "night"))
                    : tr("Night %1: %2 died.").arg(number(p, "night")).arg(UiText::joinList(dead)));
        break;
    }
    QStringList alive;
    QStringList out;
    for (const json &p : member(state, "players")) {
        const QString name = qs(text(p, "displayName"));
        if (flag(p, "alive")) {
            alive << name;
        } else if (const auto r = engine::parseRole(text(p, "revealedRole"))) {
            out << tr("%1 (%2)").arg(name, UiText::roleName(*r));
        } else {
            out << name;
        }
    }
    if (!alive.isEmpty())
        lines << tr("Alive: %1.").arg(UiText::joinList(alive));
    if (!out.isEmpty())
        lines << tr("Out: %1.").arg(UiText::joinList(out));
    m_knowledge->setText(lines.join(QLatin1Char('\n')));

    const json &seat = member(m_doc, "seat");
    const int missed = number(seat, "missedInARow");
    QString seatLine;
    if (flag(seat, "standIn"))
        seatLine = tr("The stand-in plays for you; act to take your seat back.");
    else if (missed > 0)
        seatLine = tr("You let %n turn(s) pass in a row; after three the stand-in keeps your "
                      "seat.",
                      nullptr,
                      missed);
    m_seatLine->setText(seatLine);
    m_seatLine->setVisible(!seatLine.isEmpty());

    const json &answer = member(m_doc, "answer");
    QString answerLine;
    QPalette pal = palette();
    if (answer.is_object()) {
        if (flag(answer, "ok")) {
            answerLine = tr("Done.");
        } else {
            const json &error = member(answer, "error");
            answerLine
                = tr("Refused: %1 (%2)").arg(qs(text(error, "message")), qs(text(error, "code")));
            pal.setColor(QPalette::WindowText, Theme::spoiler());
        }
    }
    m_answer->setPalette(pal);
    m_answer->setText(answerLine);
    m_answer->setVisible(!answerLine.isEmpty());
}

void PlayerPanel::renderAction()
{
    const json &state = member(m_doc, "state");
    const json &you = member(state, "you");
    const json &required = member(you, "requiredAction");
    const std::string phase = text(state, "phase");
    m_actionType = text(required, "type");
    m_speechKind.clear();
    m_move = Move::None;
    QString prompt;
    QString act;
    QString actName;
    QString passText;
    QString passName;
    const bool submitted = flag(required, "alreadySubmitted");
    if (m_actionType == "WOLF_KILL") {
        m_move = Move::Target;
        prompt = tr("Choose tonight's victim with your pack; you may change it until the night "
                    "ends.");
        act = tr("&Kill");
        actName = tr("Kill the chosen player");
    } else if (m_actionType == "SEER_INSPECT") {
        m_move = Move::Target;
        prompt = tr("Choose a player to inspect tonight.");
        act = tr("&Inspect");
        actName = tr("Inspect the chosen player");
    } else if (m_actionType == "DOCTOR_PROTECT") {
        m_move = Move::Target;
        prompt = tr("Choose a player to protect tonight.");
        act = tr("&Protect");
        actName = tr("Protect the chosen player");
    } else if (m_actionType == "WITCH_ACT") {
        m_move = Move::Witch;
        const std::string victim = text(required, "killedPlayerId");
        prompt = victim.empty() ? tr("You do not learn tonight's victim.")
                                : tr("Tonight the wolves chose %1.").arg(nameOf(victim));
        prompt += QLatin1Char(' ') + tr("Save, poison a player, or pass.");
        act = tr("P&oison");
        actName = tr("Poison the chosen player");
        passText = tr("P&ass");
        passName = tr("Pass: use no potion tonight");
    } else if (m_actionType == "HUNTER_SHOOT") {
        m_move = Move::Hunter;
        prompt = tr("You are dying: shoot a player, or let it pass.");
        act = tr("S&hoot");
        actName = tr("Shoot the chosen player");
        passText = tr("&Don't shoot");
        passName = tr("Do not shoot");
    } else if (m_actionType == "VOTE") {
        m_move = Move::Vote;
        prompt = flag(required, "pk") ? tr("Vote for one of the tied players.")
                                      : tr("Vote for the player to eliminate.");
        act = tr("&Vote");
        actName = tr("Vote for the chosen player");
        passText = tr("A&bstain");
        passName = tr("Abstain");
    } else if (m_actionType == "SPEAK_OPENING") {
        m_speechKind = "OPENING";
        prompt = tr("Your turn: give your opening statement.");
    } else if (m_actionType == "SPEAK_DISCUSSION") {
        m_speechKind = "DISCUSSION";
        prompt = tr("Discussion: say what you think, as often as you like.");
    } else if (m_actionType == "SPEAK_DEFENSE") {
        m_speechKind = "DEFENSE";
        prompt = tr("Your turn: defend yourself before the revote.");
    }
    // A turn's statement is said once: the turn may still be the player's
    // for a moment after it (the host moves on to the next speaker then).
    if ((m_speechKind == "OPENING" || m_speechKind == "DEFENSE") && spokeThisPhase(m_speechKind)) {
        m_speechKind.clear();
        prompt = tr("You have spoken; the others speak in turn.");
    }
    if (flag(you, "lastWordsDue")) {
        m_speechKind = "LAST_WORDS";
        prompt = tr("You were voted out: say your last words.");
    }
    if (submitted && m_move != Move::None)
        prompt += QLatin1Char(' ') + tr("(Sent; you may change it.)");
    const bool lobby = phase == "LOBBY" && you.is_object();
    // Said so already: the button goes. get_state does not say who is ready
    // and PLAYER_READY is no contract event, so the answer to the person's
    // own Ready (kept in the document until their next action) tells.
    const json &answer = member(m_doc, "answer");
    const std::string answered = text(answer, "tool");
    const bool ready = lobby && answer.is_object() && answer.value("ok", false)
                       && answered.size() >= 11
                       && answered.compare(answered.size() - 11, 11, "match.ready") == 0;
    if (prompt.isEmpty())
        prompt = lobby && ready     ? tr("You are ready; the match starts soon.")
                 : lobby            ? tr("Press Ready when you are.")
                 : phase == "ENDED" ? tr("The game is over.")
                 : you.is_object() && !flag(you, "alive") ? tr("Nothing to do: you are out.")
                                                          : tr("Nothing to do now: wait.");
    m_prompt->setText(prompt);

    // The targets, keeping the one picked where it is still allowed.
    const QString picked = m_targets->currentItem()
                               ? m_targets->currentItem()->data(PlayerIdRole).toString()
                               : QString();
    QStringList ids;
    for (const json &t : member(required, "allowedTargets"))
        if (t.is_string())
            ids << qs(t.get<std::string>());
    // The witch without her poison has nobody to choose.
    const bool withTargets = m_move != Move::None && !ids.isEmpty();
    QStringList shown;
    for (int i = 0; i < m_targets->count(); ++i)
        shown << m_targets->item(i)->data(PlayerIdRole).toString();
    if (shown != ids || !withTargets) {
        m_targets->clear();
        if (withTargets)
            for (const QString &id : ids) {
                auto *item = new QListWidgetItem(nameOf(id.toStdString()), m_targets);
                item->setData(PlayerIdRole, id);
                if (id == picked)
                    m_targets->setCurrentItem(item);
            }
    }
    m_targets->setVisible(withTargets);
    m_act->setText(act);
    m_act->setAccessibleName(actName);
    m_act->setVisible(withTargets);
    m_pass->setText(passText);
    m_pass->setAccessibleName(passName);
    m_pass->setVisible(!passText.isEmpty());
    const std::string victim = text(required, "killedPlayerId");
    m_save->setVisible(m_move == Move::Witch && flag(required, "antidote") && !victim.empty());
    m_save->setText(tr("&Save %1").arg(nameOf(victim)));
    m_ready->setVisible(lobby && !ready);
    const bool speaking = !m_speechKind.empty();
    m_speech->setVisible(speaking);
    m_speechCount->setVisible(speaking);
    m_speak->setVisible(speaking);
    if (speaking) {
        const auto kind = engine::parseMessageKind(m_speechKind);
        m_speak->setText(m_speechKind == "LAST_WORDS" ? tr("&Speak your last words")
                                                      : tr("&Speak"));
        m_speech->setPlaceholderText(kind ? tr("%1 — at most %2 characters")
                                                .arg(UiText::messageKindName(*kind))
                                                .arg(SpeechLimit)
                                          : QString());
    }
    const bool wolf = text(you, "role") == "WEREWOLF";
    m_wolfBox->setVisible(wolf);
    const bool nightChat = wolf && flag(you, "alive") && phase == "NIGHT";
    m_wolfEdit->setEnabled(nightChat);
    m_actionBox->setTitle(m_move != Move::None || speaking ? tr("Your move — now")
                                                           : tr("Your move"));
}

QString PlayerPanel::eventText(const json &event, RowKind &kind) const
{
    const std::string type = text(event, "type");
    const json &p = member(event, "payload");
    const std::string me = m_playerId.toStdString();
    kind = RowKind::Notice;
    if (type == "PHASE_CHANGED") {
        kind = RowKind::Phase;
        const auto to = engine::parsePhase(text(p, "to"));
        if (!to)
            return {};
        if (*to == engine::Phase::Night)
            return tr("— Night %1 —").arg(number(p, "nightNumber"));
        if (*to == engine::Phase::Ended || *to == engine::Phase::Lobby)
            return tr("— %1 —").arg(UiText::phaseName(*to));
        return tr("— Day %1: %2 —").arg(number(p, "dayNumber")).arg(UiText::phaseName(*to));
    }
    if (type == "PUBLIC_MESSAGE") {
        kind = RowKind::Speech;
        const auto k = engine::parseMessageKind(text(p, "kind"));
        const QString who = nameOf(text(p, "playerId"));
        if (k && *k != engine::MessageKind::Discussion)
            return tr("%1 (%2): %3").arg(who, UiText::messageKindName(*k), qs(text(p, "text")));
        return tr("%1: %2").arg(who, qs(text(p, "text")));
    }
    if (type == "VOTE_CAST") {
        kind = RowKind::Vote;
        const std::string target = text(p, "targetPlayerId");
        return target.empty()
                   ? tr("%1 abstains.").arg(nameOf(text(p, "voterPlayerId")))
                   : tr("%1 votes for %2.").arg(nameOf(text(p, "voterPlayerId")), nameOf(target));
    }
    if (type == "VOTE_RESULT") {
        kind = RowKind::Result;
        if (!text(p, "eliminatedPlayerId").empty())
            return {}; // PLAYER_ELIMINATED says it
        return flag(p, "tie") ? tr("The vote is tied.") : tr("Nobody is voted out.");
    }
    if (type == "NIGHT_RESULT") {
        kind = RowKind::Death;
        const QStringList dead = nightDeaths(p);
        return dead.isEmpty() ? tr("Nobody died in the night.")
                              : tr("In the night %1 died.").arg(UiText::joinList(dead));
    }
    if (type == "PLAYER_ELIMINATED") {
        kind = RowKind::Death;
        const QString who = nameOf(text(p, "playerId"));
        if (const auto r = engine::parseRole(text(p, "roleRevealed")))
            return tr("%1 is out (%2).").arg(who, UiText::roleName(*r));
        return tr("%1 is out.").arg(who);
    }
    if (type == "HUNTER_SHOT") {
        kind = RowKind::Death;
        const std::string target = text(p, "targetPlayerId");
        return target.empty()
                   ? tr("%1 does not shoot.").arg(nameOf(text(p, "hunterPlayerId")))
                   : tr("%1 shoots %2.").arg(nameOf(text(p, "hunterPlayerId")), nameOf(target));
    }
    if (type == "GAME_ENDED") {
        kind = RowKind::Result;
        const auto team = engine::parseTeam(text(p, "winningTeam"));
        return team ? tr("The game is over: %1 win.").arg(UiText::teamName(*team))
                    : tr("The game is over: nobody wins.");
    }
    if (type == "ROLES_REVEALED") {
        kind = RowKind::Result;
        QStringList roles;
        const json &map = member(p, "roles");
        for (auto it = map.begin(); map.is_object() && it != map.end(); ++it)
            if (const auto r = engine::parseRole(it->is_string() ? it->get<std::string>() : ""))
                roles << tr("%1: %2").arg(nameOf(it.key()), UiText::roleName(*r));
        return tr("Everyone's role: %1.").arg(roles.join(QStringLiteral(", ")));
    }
    if (type == "SEER_INSPECTED") {
        kind = RowKind::Private;
        return text(p, "alignment") == "WEREWOLF"
                   ? tr("Only you: %1 is a werewolf.").arg(nameOf(text(p, "targetPlayerId")))
                   : tr("Only you: %1 is not a werewolf.").arg(nameOf(text(p, "targetPlayerId")));
    }
    if (type == "DOCTOR_PROTECTED") {
        kind = RowKind::Private;
        return tr("Only you: you protect %1 tonight.").arg(nameOf(text(p, "targetPlayerId")));
    }
    if (type == "WITCH_ACTED") {
        kind = RowKind::Private;
        const std::string action = text(p, "action");
        const QString who = nameOf(text(p, "targetPlayerId"));
        if (action == "SAVE")
            return tr("Only you: you save %1.").arg(who);
        if (action == "POISON")
            return tr("Only you: you poison %1.").arg(who);
        return tr("Only you: you use no potion tonight.");
    }
    if (type == "TURN_MISSED")
        return text(p, "playerId") == me
                   ? tr("You missed your turn.")
                   : tr("%1 missed their turn.").arg(nameOf(text(p, "playerId")));
    if (type == "MATCH_PAUSED")
        return tr("The host paused the match.");
    if (type == "MATCH_RESUMED" && text(p, "reason") != "speed")
        return tr("The match goes on.");
    return {};
}

void PlayerPanel::renderTranscript()
{
    const json &events = member(m_doc, "events");
    if (!events.is_array())
        return;
    // Only what is new since the last document, unless it does not continue it.
    const QString last = m_transcript->property("lastEventId").toString();
    std::size_t from = 0;
    if (!last.isEmpty()) {
        for (std::size_t i = events.size(); i-- > 0;)
            if (qs(text(events[i], "eventId")) == last) {
                from = i + 1;
                break;
            }
        if (from == 0) {
            m_transcript->clear();
            m_wolfList->clear();
        }
    }
    const bool wolf = text(member(member(m_doc, "state"), "you"), "role") == "WEREWOLF";
    for (std::size_t i = from; i < events.size(); ++i) {
        const json &e = events[i];
        const std::string type = text(e, "type");
        const json &p = member(e, "payload");
        if (type == "WOLF_CHAT_MESSAGE" || type == "WOLF_KILL_SELECTED") {
            if (!wolf)
                continue; // never shown to anyone else, whatever a document holds
            const QString line
                = type == "WOLF_CHAT_MESSAGE"
                      ? tr("%1: %2").arg(nameOf(text(p, "fromWolfId")), qs(text(p, "text")))
                      : tr("%1 picks %2.")
                            .arg(nameOf(text(p, "byPlayerId")), nameOf(text(p, "targetPlayerId")));
            m_wolfList->addItem(line);
            continue;
        }
        RowKind kind = RowKind::Notice;
        const QString line = eventText(e, kind);
        if (line.isEmpty())
            continue;
        auto *item = new QListWidgetItem(line, m_transcript);
        item->setData(KindRole, int(kind));
        if (kind == RowKind::Phase || kind == RowKind::Result) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        } else if (kind == RowKind::Private) {
            QFont f = item->font();
            f.setItalic(true);
            item->setFont(f);
        }
    }
    if (!events.empty())
        m_transcript->setProperty("lastEventId", qs(text(events.back(), "eventId")));
}

bool PlayerPanel::spokeThisPhase(const std::string &kind) const
{
    const json &events = member(m_doc, "events");
    for (auto it = events.rbegin(); events.is_array() && it != events.rend(); ++it) {
        const std::string type = text(*it, "type");
        if (type == "PHASE_CHANGED")
            return false;
        const json &p = member(*it, "payload");
        if (type == "PUBLIC_MESSAGE" && text(p, "playerId") == m_playerId.toStdString()
            && text(p, "kind") == kind)
            return true;
    }
    return false;
}

bool PlayerPanel::matchEnded() const
{
    return text(member(m_doc, "state"), "phase") == "ENDED";
}

qint64 PlayerPanel::remainingMs() const
{
    if (m_leftAtReceipt < 0)
        return -1;
    return std::max<qint64>(0, m_leftAtReceipt - (m_clock() - m_receivedAt));
}

void PlayerPanel::updateCountdown()
{
    const json &state = member(m_doc, "state");
    const auto phase = engine::parsePhase(text(state, "phase"));
    if (!phase) {
        m_countdown->clear();
        m_tick->stop();
        return;
    }
    QString what = UiText::phaseName(*phase);
    if (*phase == engine::Phase::Ended || remainingMs() < 0) {
        m_countdown->setText(what);
        m_tick->stop();
        return;
    }
    const bool mine = !m_actionType.empty() && m_actionType != "NONE";
    m_countdown->setText(
        mine ? tr("%1 · your move · %2 left").arg(what, UiText::countdown(remainingMs()))
             : tr("%1 · %2 left").arg(what, UiText::countdown(remainingMs())));
    if (remainingMs() > 0 && !m_tick->isActive())
        m_tick->start();
    else if (remainingMs() == 0)
        m_tick->stop();
}

void PlayerPanel::updateCounters()
{
    const int used = int(m_speech->toPlainText().size());
    m_speechCount->setText(tr("%1 / %2 characters").arg(used).arg(SpeechLimit));
    m_speak->setEnabled(used > 0 && used <= SpeechLimit && !m_speechKind.empty());
    QPalette pal = palette();
    if (used > SpeechLimit)
        pal.setColor(QPalette::WindowText, Theme::spoiler());
    m_speechCount->setPalette(pal);
    m_wolfCount->setText(tr("%1 / %2").arg(m_wolfEdit->text().size()).arg(WolfChatLimit));
    m_wolfSend->setEnabled(m_wolfEdit->isEnabled() && !m_wolfEdit->text().trimmed().isEmpty());
    const bool picked = m_targets->currentItem() != nullptr;
    const bool poisonHeld
        = flag(member(member(member(m_doc, "state"), "you"), "requiredAction"), "poison");
    m_act->setEnabled(picked && m_move != Move::None && (m_move != Move::Witch || poisonHeld));
}

void PlayerPanel::send(const char *tool, json arguments)
{
    json action
        = {{"id", "app-" + QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString()},
           {"tool", std::string("et.werewolf.") + tool},
           {"arguments", std::move(arguments)}};
    const std::string bytes = action.dump();
    Q_EMIT actionRequested(QByteArray(bytes.data(), qsizetype(bytes.size())));
}

void PlayerPanel::actOnTarget()
{
    QListWidgetItem *item = m_targets->currentItem();
    if (!item || !m_act->isEnabled())
        return;
    const std::string target = item->data(PlayerIdRole).toString().toStdString();
    if (m_actionType == "WOLF_KILL")
        send("match.night.wolf_kill", {{"targetPlayerId", target}});
    else if (m_actionType == "SEER_INSPECT")
        send("match.night.seer_inspect", {{"targetPlayerId", target}});
    else if (m_actionType == "DOCTOR_PROTECT")
        send("match.night.doctor_protect", {{"targetPlayerId", target}});
    else if (m_actionType == "WITCH_ACT")
        send("match.night.witch_act", {{"action", "POISON"}, {"targetPlayerId", target}});
    else if (m_actionType == "HUNTER_SHOOT")
        send("match.hunter_shoot", {{"targetPlayerId", target}});
    else if (m_actionType == "VOTE")
        send("match.vote", {{"targetPlayerId", target}});
}

void PlayerPanel::pass()
{
    if (m_actionType == "WITCH_ACT")
        send("match.night.witch_act", {{"action", "PASS"}});
    else if (m_actionType == "HUNTER_SHOOT")
        send("match.hunter_shoot", {{"targetPlayerId", nullptr}});
    else if (m_actionType == "VOTE")
        send("match.vote", {{"targetPlayerId", nullptr}});
}

void PlayerPanel::save()
{
    const std::string victim
        = text(member(member(member(m_doc, "state"), "you"), "requiredAction"), "killedPlayerId");
    if (m_actionType == "WITCH_ACT" && !victim.empty())
        send("match.night.witch_act", {{"action", "SAVE"}, {"targetPlayerId", victim}});
}

void PlayerPanel::speak()
{
    const QString said = m_speech->toPlainText().trimmed();
    if (said.isEmpty() || said.size() > SpeechLimit || m_speechKind.empty())
        return;
    send("match.say_public", {{"text", said.toStdString()}, {"kind", m_speechKind}});
    m_speech->clear();
}

void PlayerPanel::sendWolfChat()
{
    const QString said = m_wolfEdit->text().trimmed();
    if (said.isEmpty() || !m_wolfEdit->isEnabled())
        return;
    send("match.night.wolf_chat", {{"text", said.toStdString()}});
    m_wolfEdit->clear();
}

bool PlayerPanel::eventFilter(QObject *watched, QEvent *event)
{
    // In the speech box Enter speaks and Shift+Enter starts a new line.
    if (watched == m_speech && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            && !(key->modifiers() & Qt::ShiftModifier)) {
            speak();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PlayerPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

} // namespace townhall::ui
