// SPDX-License-Identifier: MIT
#pragma once

// The player panel: one human seat's view of its match and its moves. It
// renders a player document (engine/playerdocument.h: the player's own
// projection, never the omniscient match) and answers with player actions
// ({"id", "tool", "arguments"}), the same tool calls an agent would make.

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QHash>
#include <QWidget>

#include <functional>

class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace townhall::ui {

class PlayerPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlayerPanel)

public:
    /// What a transcript row is (the row's data under KindRole).
    enum class RowKind { Speech, Phase, Vote, Death, Result, Private, Notice };
    static constexpr int KindRole = Qt::UserRole + 1;
    /// A target row's player id (Qt::UserRole of the target list's items).
    static constexpr int PlayerIdRole = Qt::UserRole;

    /// Longest speech and wolf chat message (the tools' schemas).
    static constexpr int SpeechLimit = 500;
    static constexpr int WolfChatLimit = 400;

    explicit PlayerPanel(QWidget *parent = nullptr);
    ~PlayerPanel() override;

    /// A new document (compact JSON, as the host sends it). A document that
    /// does not parse is ignored.
    void setDocument(const QByteArray &document);
    /// The milliseconds clock the countdown runs on (tests pass their own).
    void setClock(std::function<qint64()> clock);

    QString matchId() const { return m_matchId; }
    QString playerId() const { return m_playerId; }
    /// The document's match has ended (every role is public then).
    bool matchEnded() const;
    /// Seconds left on the countdown as shown (-1: none).
    qint64 remainingMs() const;

    QLabel *titleLabel() const { return m_title; }
    QLabel *roleLabel() const { return m_role; }
    QLabel *countdownLabel() const { return m_countdown; }
    QLabel *knowledgeLabel() const { return m_knowledge; }
    QLabel *seatLabel() const { return m_seatLine; }
    QLabel *answerLabel() const { return m_answer; }
    QLabel *promptLabel() const { return m_prompt; }
    QListWidget *targetList() const { return m_targets; }
    QPushButton *actButton() const { return m_act; }
    QPushButton *passButton() const { return m_pass; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *readyButton() const { return m_ready; }
    QPlainTextEdit *speechEdit() const { return m_speech; }
    QLabel *speechCounter() const { return m_speechCount; }
    QPushButton *speakButton() const { return m_speak; }
    QGroupBox *wolfChatBox() const { return m_wolfBox; }
    QListWidget *wolfChatList() const { return m_wolfList; }
    QLineEdit *wolfChatEdit() const { return m_wolfEdit; }
    QPushButton *wolfChatButton() const { return m_wolfSend; }
    QListWidget *transcript() const { return m_transcript; }
    /// The phase brief (the document's "brief": the text an agent gets),
    /// shown while its button is checked.
    QPushButton *briefButton() const { return m_briefButton; }
    QPlainTextEdit *briefText() const { return m_brief; }

Q_SIGNALS:
    /// A player action (compact JSON): {"id", "tool", "arguments"}; the
    /// host fills in the match.
    void actionRequested(const QByteArray &action);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    enum class Move { None, Target, Witch, Hunter, Vote, Speech };

    void build();
    void render();
    void renderHeader();
    void renderKnowledge();
    void renderAction();
    void renderTranscript();
    void renderBrief();
    void updateCountdown();
    void updateCounters();
    void send(const char *tool, nlohmann::json arguments);
    void actOnTarget();
    void pass();
    void save();
    void speak();
    void sendWolfChat();
    QString nameOf(const std::string &playerId) const;
    /// The player said a statement of `kind` since the phase began.
    bool spokeThisPhase(const std::string &kind) const;
    QStringList nightDeaths(const nlohmann::json &nightResult) const;
    QString eventText(const nlohmann::json &event, RowKind &kind) const;

    std::function<qint64()> m_clock;
    nlohmann::json m_doc;
    QString m_matchId;
    QString m_playerId;
    QHash<QString, QString> m_names; ///< playerId → display name
    qint64 m_leftAtReceipt = -1;     ///< ms left when the document came
    qint64 m_receivedAt = 0;         ///< m_clock() then
    std::string m_actionType;        ///< state.you.requiredAction.type, or ""
    std::string m_speechKind;        ///< the kind a speech is sent as now, or ""
    Move m_move = Move::None;
    bool m_followTranscript = true; ///< keep the newest line in view

    QLabel *m_title = nullptr;
    QLabel *m_role = nullptr;
    QLabel *m_countdown = nullptr;
    QLabel *m_seatLine = nullptr;
    QLabel *m_answer = nullptr;
    QLabel *m_knowledge = nullptr;
    QGroupBox *m_actionBox = nullptr;
    QLabel *m_prompt = nullptr;
    QListWidget *m_targets = nullptr;
    QPushButton *m_act = nullptr;
    QPushButton *m_pass = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_ready = nullptr;
    QPlainTextEdit *m_speech = nullptr;
    QLabel *m_speechCount = nullptr;
    QPushButton *m_speak = nullptr;
    QListWidget *m_transcript = nullptr;
    QPushButton *m_briefButton = nullptr;
    QPlainTextEdit *m_brief = nullptr;
    QGroupBox *m_wolfBox = nullptr;
    QListWidget *m_wolfList = nullptr;
    QLineEdit *m_wolfEdit = nullptr;
    QLabel *m_wolfCount = nullptr;
    QPushButton *m_wolfSend = nullptr;
    QTimer *m_tick = nullptr;
};

} // namespace townhall::ui
