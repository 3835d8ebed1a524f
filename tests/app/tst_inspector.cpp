// SPDX-License-Identifier: MIT
// The tool-call inspector dock (ui/inspectordock.h) in the main window, fed
// by a real host::Recorder (through HostLink, as in the app) with the MCP
// traffic of a hand-driven match: filters, the detail pane (JSON, schema
// check, latency, HTTP status, errors, curl), syntax highlighting, call ↔
// event linking both ways, and the agent's-eye view.

#include "tests/ui/fixtures.h"

#include "app/guihost.h"
#include "host/recorder/recorder.h"
#include "ui/agentview.h"
#include "ui/inspectordock.h"
#include "ui/jsonhighlighter.h"
#include "ui/mainwindow.h"
#include "ui/spectatorpanel.h"
#include "ui/toolcallmodel.h"
#include "ui/transcriptmodel.h"
#include "ui/uitext.h"

#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Phase;
using host::json;

namespace {

json callRequest(int id, const std::string &tool, json args)
{
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"method", "tools/call"},
            {"params", {{"name", tool}, {"arguments", std::move(args)}}}};
}

json toolSuccess(int id, const json &structured)
{
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"result",
             {{"content", json::array({{{"type", "text"}, {"text", structured.dump()}}})},
              {"structuredContent", structured},
              {"isError", false}}}};
}

json toolFailure(int id, const std::string &code)
{
    const json env{{"ok", false},
                   {"error", {{"code", code}, {"message", "not now"}, {"retryable", true}}}};
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"result",
             {{"content", json::array({{{"type", "text"}, {"text", env.dump()}}})},
              {"isError", true}}}};
}

/// A main window, a hand-driven match published to it, and a real Recorder
/// whose UI batches reach the window through HostLink.
struct Bench
{
    HostLink link;
    MainWindow w{&link};
    test::Manual m;
    host::Recorder rec;
    std::map<std::string, std::shared_ptr<mcp::Session>> sessions;
    std::uint64_t sent = 0;
    int nextId = 1;

    static host::Recorder::Options quick()
    {
        host::Recorder::Options o;
        o.batchInterval = std::chrono::milliseconds(0);
        return o;
    }

    Bench()
        : rec(quick())
    {
        rec.setToolRegistry(mcp::ToolRegistry::fromResources());
        for (const engine::SeatAssignment &s : test::Manual::seats()) {
            auto session = std::make_shared<mcp::Session>();
            session->id = "session-" + s.agentId;
            session->transport = "streamable-http";
            session->agentId = s.agentId;
            session->displayName = s.displayName;
            sessions[session->id] = session;
        }
        rec.setSessionLookup([this](const std::string &id) {
            const auto it = sessions.find(id);
            return it == sessions.end() ? nullptr : it->second;
        });
        QObject::connect(
            &rec, &host::Recorder::uiRecordsAdded, &link, &HostLink::toolCallsRecorded);
        w.inspector()->setAgentViewProvider(app::agentViewProvider());
        Q_EMIT link.serverInfo(QStringLiteral("http://127.0.0.1:8799/mcp"),
                               QStringLiteral("listening"));
        w.resize(1500, 1000);
        w.show();
    }

    QString matchId() const { return qs(m.match.matchId()); }

    void publish()
    {
        auto batch = std::make_shared<std::vector<engine::Event>>();
        for (const engine::Event &e : m.match.log())
            if (e.seq > sent)
                batch->push_back(e);
        if (batch->empty())
            return;
        sent = batch->back().seq;
        Q_EMIT link.matchEvents(matchId(), batch);
    }

    /// One request of seat `seat`'s agent at `atMs`, answered `latencyUs` later.
    quint64 exchange(
        int seat, const json &request, const json &response, engine::TimeMs atMs, qint64 latencyUs)
    {
        const mcp::Session &session = *sessions.at("session-agent:" + std::to_string(seat));
        rec.recordInProcess(session,
                            request,
                            response,
                            std::chrono::system_clock::time_point(std::chrono::milliseconds(atMs)),
                            std::chrono::microseconds(latencyUs));
        rec.flush();
        return rec.recordedCount();
    }

    int id() { return nextId++; }
};

/// A scripted day: a read, a speech, a refused speech, a vote, a rate-limited
/// read and a call that breaks the input schema.
struct Day
{
    quint64 read = 0, speech = 0, refused = 0, vote = 0, limited = 0, broken = 0;
    std::uint64_t readSeq = 0, speechSeq = 0, voteSeq = 0;
    std::string speaker, voter, target;
};

int seatOf(const engine::Match &m, const std::string &playerId)
{
    return m.player(playerId)->seat;
}

Day playDay(Bench &b)
{
    Day d;
    test::Manual &m = b.m;
    const std::string mid = m.match.matchId();
    m.readyAll();
    m.night(m.nonWolves().back());
    m.skipTo(Phase::DayDiscussion);
    b.publish();

    // p:1 reads the state 500 ms after the last event.
    d.readSeq = m.match.log().back().seq;
    const engine::TimeMs readAt = m.match.log().back().at + 500;
    int id = b.id();
    d.read = b.exchange(1,
                        callRequest(id, "et.werewolf.match.get_state", {{"matchId", mid}}),
                        toolSuccess(id, {{"ok", true}, {"state", {{"matchId", mid}}}}),
                        readAt,
                        2500);

    // A living player speaks: the engine records the event, the recorder the call.
    for (const engine::Player &p : m.match.state().players)
        if (p.alive && p.seat > 1 && d.speaker.empty())
            d.speaker = p.playerId;
    m.now = readAt + 1000;
    m.say(d.speaker, "I trust nobody yet.");
    const engine::Event &said = m.match.log().back();
    d.speechSeq = said.seq;
    id = b.id();
    d.speech
        = b.exchange(seatOf(m.match, d.speaker),
                     callRequest(id,
                                 "et.werewolf.match.say_public",
                                 {{"matchId", mid}, {"text", "I trust nobody yet."}}),
                     toolSuccess(id, {{"ok", true}, {"matchId", mid}, {"eventId", said.eventId}}),
                     said.at - 2,
                     3000);
    m.skipTo(Phase::DayVote);
    b.publish();

    // Speaking during the vote is refused.
    id = b.id();
    d.refused = b.exchange(
        seatOf(m.match, d.speaker),
        callRequest(id, "et.werewolf.match.say_public", {{"matchId", mid}, {"text", "wait!"}}),
        toolFailure(id, "WRONG_PHASE"),
        m.match.log().back().at + 50,
        1500);

    // A vote.
    for (const std::string &id : m.nonWolves())
        if (id != d.speaker && d.voter.empty())
            d.voter = id;
    d.target = m.withRole(engine::Role::Werewolf);
    m.now += 2000;
    m.vote(d.voter, d.target);
    const engine::Event &cast = m.match.log().back();
    d.voteSeq = cast.seq;
    id = b.id();
    d.vote = b.exchange(
        seatOf(m.match, d.voter),
        callRequest(id, "et.werewolf.match.vote", {{"matchId", mid}, {"targetPlayerId", d.target}}),
        toolSuccess(id, {{"ok", true}, {"matchId", mid}, {"eventId", cast.eventId}}),
        cast.at - 1,
        1800);
    b.publish();

    // A read over the limit, and a vote whose target is a number.
    id = b.id();
    d.limited = b.exchange(5,
                           callRequest(id, "et.werewolf.match.get_state", {{"matchId", mid}}),
                           toolFailure(id, "RATE_LIMITED"),
                           cast.at + 300,
                           400);
    id = b.id();
    d.broken = b.exchange(
        6,
        callRequest(id, "et.werewolf.match.vote", {{"matchId", mid}, {"targetPlayerId", 42}}),
        {{"jsonrpc", "2.0"},
         {"id", id},
         {"error", {{"code", -32602}, {"message", "Invalid params"}}}},
        cast.at + 400,
        900);
    return d;
}

/// A bench with the inspector open and the day played.
struct Played
{
    Bench bench;
    Day day;
    Played()
    {
        bench.w.inspectorAction()->trigger();
        day = playDay(bench);
    }
};

/// Formats the highlighter applied to `view`'s text.
QList<QTextLayout::FormatRange> formats(QPlainTextEdit *view)
{
    QList<QTextLayout::FormatRange> out;
    for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next())
        out += b.layout()->formats();
    return out;
}

bool hasColour(const QList<QTextLayout::FormatRange> &ranges, const QTextCharFormat &f)
{
    for (const QTextLayout::FormatRange &r : ranges)
        if (r.format.foreground() == f.foreground())
            return true;
    return false;
}

} // namespace

class TstInspector : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hiddenUntilAsked();
    void filters();
    void detailPane();
    void callSelectsItsEvent();
    void eventShowsCallsAround();
    void agentsEyeView();
    void highlighter();
};

void TstInspector::hiddenUntilAsked()
{
    Bench b;
    QVERIFY(QTest::qWaitForWindowExposed(&b.w));
    QVERIFY(!b.w.inspector()->isVisible());
    QSignalSpy wanted(&b.link, &HostLink::toolCallsWanted);
    b.w.inspectorAction()->trigger();
    QVERIFY(b.w.inspector()->isVisible());
    QCOMPARE(wanted.size(), 1);
    QCOMPARE(wanted.at(0).at(0).toBool(), true);
    QCOMPARE(wanted.at(0).at(1).value<quint64>(), quint64(0));
    const Day d = playDay(b);
    QCOMPARE(b.w.inspector()->calls()->rowCount(), 6);
    b.w.inspectorAction()->trigger();
    QVERIFY(!b.w.inspector()->isVisible());
    QCOMPARE(wanted.size(), 2);
    QCOMPARE(wanted.at(1).at(0).toBool(), false);
    // Opening again asks for what came after the last record it has.
    b.w.inspectorAction()->trigger();
    QCOMPARE(wanted.at(2).at(1).value<quint64>(), d.broken);
}

void TstInspector::filters()
{
    Played played;
    Bench &b = played.bench;
    const Day &d = played.day;
    InspectorDock *dock = b.w.inspector();
    QCOMPARE(dock->filter()->rowCount(), 6);
    // The choices come from the records.
    QCOMPARE(dock->matchBox()->count(), 2);
    QCOMPARE(dock->toolBox()->count(), 4); // all, get_state, say_public, vote
    const QString speakerAgent = qs(b.m.match.player(d.speaker)->agentId);
    const int agent = dock->agentBox()->findData(speakerAgent);
    QVERIFY(agent > 0);
    QVERIFY(
        dock->agentBox()->itemText(agent).contains(qs(b.m.match.player(d.speaker)->displayName)));
    dock->agentBox()->setCurrentIndex(agent);
    QCOMPARE(dock->filter()->rowCount(), 2); // the speech and the refused one
    dock->statusBox()->setCurrentIndex(dock->statusBox()->findData(int(CallStatus::ToolError)));
    QCOMPARE(dock->filter()->rowCount(), 1);
    QCOMPARE(dock->filter()->index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(),
             d.refused);
    dock->agentBox()->setCurrentIndex(0);
    dock->statusBox()->setCurrentIndex(dock->statusBox()->findData(int(CallStatus::RateLimited)));
    QCOMPARE(dock->filter()->rowCount(), 1);
    QCOMPARE(dock->filter()->index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(),
             d.limited);
    dock->statusBox()->setCurrentIndex(dock->statusBox()->findData(int(CallStatus::ProtocolError)));
    QCOMPARE(dock->filter()->rowCount(), 1);
    QCOMPARE(dock->filter()->index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(),
             d.broken);
    dock->statusBox()->setCurrentIndex(0);
    dock->toolBox()->setCurrentIndex(
        dock->toolBox()->findData(QStringLiteral("et.werewolf.match.vote")));
    QCOMPARE(dock->filter()->rowCount(), 2);
    dock->toolBox()->setCurrentIndex(0);
    dock->searchEdit()->setText(QStringLiteral("trust nobody"));
    QCOMPARE(dock->filter()->rowCount(), 1);
    QCOMPARE(dock->filter()->index(0, 0).data(ToolCallModel::RecordIdRole).value<quint64>(),
             d.speech);
    dock->searchEdit()->clear();
    QCOMPARE(dock->filter()->rowCount(), 6);
}

void TstInspector::detailPane()
{
    Played played;
    Bench &b = played.bench;
    const Day &d = played.day;
    InspectorDock *dock = b.w.inspector();

    QVERIFY(dock->selectCall(d.refused));
    QCOMPARE(dock->currentRecord()->id, d.refused);
    QVERIFY(dock->overviewValue(QStringLiteral("status"))
                .contains(ToolCallModel::statusText(CallStatus::ToolError)));
    QVERIFY(dock->overviewValue(QStringLiteral("error")).contains(QStringLiteral("WRONG_PHASE")));
    QVERIFY(
        dock->overviewValue(QStringLiteral("session")).contains(QStringLiteral("session-agent:")));
    QCOMPARE(dock->overviewValue(QStringLiteral("latency")), QStringLiteral("1.50 ms"));
    QCOMPARE(dock->overviewValue(QStringLiteral("schema")), QStringLiteral("ok"));
    QVERIFY(dock->overviewValue(QStringLiteral("agent"))
                .contains(qs(b.m.match.player(d.speaker)->displayName)));
    // Pretty JSON in wire order, and the refusal's envelope decoded.
    const QString request = dock->requestView()->toPlainText();
    QVERIFY(request.contains(QStringLiteral("\n  \"method\": \"tools/call\"")));
    QVERIFY(request.indexOf(QStringLiteral("\"jsonrpc\""))
            < request.indexOf(QStringLiteral("\"params\"")));
    const QString response = dock->responseView()->toPlainText();
    QVERIFY(response.contains(QStringLiteral("// result.content[0].text, decoded:")));
    QVERIFY(response.contains(QStringLiteral("\"code\": \"WRONG_PHASE\"")));

    // A call that breaks the input schema says so, with the JSON-RPC error.
    QVERIFY(dock->selectCall(d.broken));
    QVERIFY2(dock->overviewValue(QStringLiteral("schema")).startsWith(QStringLiteral("input")),
             qPrintable(dock->overviewValue(QStringLiteral("schema"))));
    QVERIFY(dock->overviewValue(QStringLiteral("error")).contains(QStringLiteral("-32602")));
    QVERIFY(dock->overviewValue(QStringLiteral("status"))
                .contains(ToolCallModel::statusText(CallStatus::ProtocolError)));

    // The curl script: a session first, then this very request, with the token as a placeholder.
    QVERIFY(dock->selectCall(d.vote));
    const QString curl = dock->curlView()->toPlainText();
    QVERIFY(curl.contains(QStringLiteral("URL='http://127.0.0.1:8799/mcp'")));
    QVERIFY(curl.contains(QStringLiteral("Authorization: Bearer $TOWNHALL_TOKEN")));
    QVERIFY(curl.contains(QStringLiteral("\"method\":\"initialize\"")));
    QVERIFY(curl.contains(QStringLiteral("Mcp-Session-Id: $SID")));
    QVERIFY(curl.contains(QStringLiteral("notifications/initialized")));
    const QString wire = QString::fromUtf8(dock->currentRecord()->requestJson);
    QVERIFY(wire.contains(QStringLiteral("et.werewolf.match.vote")));
    QVERIFY(curl.contains(QLatin1Char('\'') + wire + QLatin1Char('\'')));
    QVERIFY(curl.indexOf(QStringLiteral("initialize")) < curl.indexOf(wire));
    QVERIFY(dock->copyCurlButton()->isEnabled());
    dock->copyCurlButton()->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), curl);
    // Quotes in the request survive the shell.
    ToolCallRecord quoted = *dock->currentRecord();
    quoted.requestJson = R"({"text":"it's me"})";
    QVERIFY(InspectorDock::curlCommand(quoted, QStringLiteral("http://x/mcp"))
                .contains(QStringLiteral("'{\"text\":\"it'\\''s me\"}'")));
}

void TstInspector::callSelectsItsEvent()
{
    Played played;
    Bench &b = played.bench;
    const Day &d = played.day;
    InspectorDock *dock = b.w.inspector();
    QListView *transcript = b.w.spectatorPanel()->transcriptView();
    auto currentSeq = [&] {
        return transcript->currentIndex().data(TranscriptModel::SeqRole).toULongLong();
    };
    QSignalSpy linked(dock, &InspectorDock::eventLinked);

    // An action → the event it produced.
    dock->table()->setCurrentIndex(
        dock->filter()->mapFromSource(dock->calls()->index(dock->calls()->rowForId(d.speech), 0)));
    QCOMPARE(linked.size(), 1);
    QCOMPARE(linked.at(0).at(1).value<quint64>(), quint64(d.speechSeq));
    QCOMPARE(currentSeq(), quint64(d.speechSeq));
    QVERIFY(dock->overviewValue(QStringLiteral("event"))
                .contains(qs(engine::makeEventId(b.m.match.matchId(), d.speechSeq))));
    dock->table()->setCurrentIndex(
        dock->filter()->mapFromSource(dock->calls()->index(dock->calls()->rowForId(d.vote), 0)));
    QCOMPARE(currentSeq(), quint64(d.voteSeq));

    // A read → the last event before its answer (or the last shown one before that).
    dock->table()->setCurrentIndex(
        dock->filter()->mapFromSource(dock->calls()->index(dock->calls()->rowForId(d.read), 0)));
    QCOMPARE(linked.last().at(1).value<quint64>(), quint64(d.readSeq));
    const int row = b.w.controller()->transcript()->rowAtOrBefore(d.readSeq);
    QCOMPARE(transcript->currentIndex().row(), row);
    QVERIFY(currentSeq() <= d.readSeq);
    QVERIFY(currentSeq() < d.speechSeq);
}

void TstInspector::eventShowsCallsAround()
{
    Played played;
    Bench &b = played.bench;
    const Day &d = played.day;
    InspectorDock *dock = b.w.inspector();
    QListView *transcript = b.w.spectatorPanel()->transcriptView();
    TranscriptModel *model = b.w.controller()->transcript();
    auto click = [&](std::uint64_t seq) {
        const QModelIndex i = model->index(model->rowForSeq(seq), TranscriptModel::TextColumn);
        QCOMPARE(i.data(TranscriptModel::SeqRole).toULongLong(), quint64(seq));
        transcript->scrollTo(i);
        QTest::mouseClick(
            transcript->viewport(), Qt::LeftButton, {}, transcript->visualRect(i).center());
    };
    // Another match's filter is replaced by this event's match.
    dock->matchBox()->addItem(QStringLiteral("match-elsewhere"), QStringLiteral("match-elsewhere"));
    dock->matchBox()->setCurrentIndex(dock->matchBox()->count() - 1);
    QCOMPARE(dock->filter()->rowCount(), 0);

    QSignalSpy linked(dock, &InspectorDock::eventLinked);
    click(d.voteSeq);
    QCOMPARE(dock->matchBox()->currentData().toString(), b.matchId());
    QCOMPARE(dock->currentRecord()->id, d.vote);
    click(d.speechSeq);
    QCOMPARE(dock->currentRecord()->id, d.speech);
    QCOMPARE(linked.size(), 0); // selecting from an event does not move the transcript

    // An event no call produced → the nearest call in time: the phase change
    // to the vote came 50 ms before the refused speech, ~100 ms after the speech.
    std::uint64_t voteStarts = 0;
    for (const engine::Event &e : b.m.match.log())
        if (e.type == engine::EventType::PhaseChanged && e.payload.value("to", "") == "DAY_VOTE")
            voteStarts = e.seq;
    QVERIFY(voteStarts > 0);
    click(voteStarts);
    QCOMPARE(dock->currentRecord()->id, d.refused);
}

void TstInspector::agentsEyeView()
{
    Played played;
    Bench &b = played.bench;
    const Day &d = played.day;
    InspectorDock *dock = b.w.inspector();

    // The voter, when it voted: right before its vote, still owing it.
    QVERIFY(dock->selectCall(d.vote));
    std::string why;
    const auto v = ui::agentViewAt(
        b.m.match.log(),
        d.voter,
        d.voteSeq - 1,
        [] {
            engine::StateOptions o;
            o.includeRecentPublicMessages = true;
            return o;
        }(),
        &why);
    QVERIFY2(v, why.c_str());
    QCOMPARE(dock->agentStateView()->toPlainText(),
             prettyJson(QByteArray::fromStdString(engine::toJson(v->state).dump())));
    QCOMPARE(dock->phaseBriefView()->toPlainText(), qs(v->phaseBrief));
    const QString state = dock->agentStateView()->toPlainText();
    QVERIFY(state.contains(QStringLiteral("\"playerId\": \"%1\"").arg(qs(d.voter))));
    QVERIFY(state.contains(QStringLiteral("\"alreadySubmitted\": false")));
    QVERIFY(!dock->phaseBriefView()->toPlainText().isEmpty());
    QVERIFY(dock->agentViewCaption().contains(qs(b.m.match.player(d.voter)->displayName)));
    // Nothing beyond the player's own projection: another living player's role is absent.
    for (const engine::Player &p : b.m.match.state().players)
        if (p.alive && p.playerId != d.voter && p.role == engine::Role::Werewolf
            && b.m.match.player(d.voter)->role != engine::Role::Werewolf)
            QVERIFY(!state.contains(QStringLiteral("\"revealedRole\": \"WEREWOLF\"")));

    // A get_state read: its own arguments (no recent messages asked).
    QVERIFY(dock->selectCall(d.read));
    QVERIFY(dock->agentStateView()->toPlainText().contains(
        QStringLiteral("\"recentPublicMessages\": []")));
    // No view for a call of an agent that does not play here.
    ToolCallRecord stranger = *dock->currentRecord();
    stranger.id = 999;
    stranger.agentId = QStringLiteral("agent:nobody");
    dock->addRecords({stranger});
    QVERIFY(dock->selectCall(999));
    QVERIFY(dock->agentStateView()->toPlainText().isEmpty());
    QVERIFY(!dock->agentViewCaption().isEmpty());
}

void TstInspector::highlighter()
{
    Played played;
    Bench &b = played.bench;
    const Day &d = played.day;
    InspectorDock *dock = b.w.inspector();
    QVERIFY(dock->selectCall(d.refused));
    const auto request = formats(dock->requestView());
    JsonHighlighter *hl = dock->requestHighlighter();
    QVERIFY(hasColour(request, hl->format(JsonHighlighter::Token::Key)));
    QVERIFY(hasColour(request, hl->format(JsonHighlighter::Token::String)));
    QVERIFY(hasColour(request, hl->format(JsonHighlighter::Token::Number)));
    QVERIFY(hasColour(formats(dock->responseView()), hl->format(JsonHighlighter::Token::Literal)));
    QVERIFY(hasColour(formats(dock->responseView()), hl->format(JsonHighlighter::Token::Comment)));
    // Keys and strings differ, and the member name is coloured as a key.
    QVERIFY(hl->format(JsonHighlighter::Token::Key).foreground()
            != hl->format(JsonHighlighter::Token::String).foreground());
    bool keyAtMethod = false;
    for (QTextBlock blk = dock->requestView()->document()->begin(); blk.isValid(); blk = blk.next())
        if (blk.text().trimmed().startsWith(QStringLiteral("\"method\"")))
            for (const QTextLayout::FormatRange &r : blk.layout()->formats())
                keyAtMethod = keyAtMethod
                              || (r.start == blk.text().indexOf(QLatin1Char('"'))
                                  && r.format.foreground()
                                         == hl->format(JsonHighlighter::Token::Key).foreground());
    QVERIFY(keyAtMethod);
    // Not JSON: shown as it is.
    QCOMPARE(prettyJson("{not json"), QStringLiteral("{not json"));
}

QTEST_MAIN(TstInspector)
#include "tst_inspector.moc"
