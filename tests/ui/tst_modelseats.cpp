// SPDX-License-Identifier: MIT
// Model seats in the widgets: the book that keeps the host's reports, the
// thoughts and stand-ins in the omniscient transcript (placed by time, never
// in the public view, never ahead of the replay position), the model and its
// telemetry in seat health (telemetry hidden from the public view while the
// match runs), and the inspector's model tab.

#include "fixtures.h"

#include "ui/inspectordock.h"
#include "ui/seathealth.h"
#include "ui/spectatorcontroller.h"
#include "ui/transcriptmodel.h"

#include <QAbstractItemModelTester>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace townhall;
using namespace townhall::ui;
using engine::Viewer;
using Kind = TranscriptModel::EntryKind;

namespace {

ModelNote note(qint64 at, const QString &text, ModelNote::Kind kind = ModelNote::Kind::Thought)
{
    ModelNote n;
    n.kind = kind;
    n.atMs = at;
    n.day = 1;
    n.text = text;
    return n;
}

ModelSeatReport
report(const QString &match, const QString &player, int firstNote, QList<ModelNote> notes)
{
    ModelSeatReport r;
    r.matchId = match;
    r.playerId = player;
    r.agentId = QStringLiteral("agent:1");
    r.displayName = QStringLiteral("Ada");
    r.provider = QStringLiteral("local");
    r.model = QStringLiteral("qwen3:8b");
    r.calls = 12;
    r.inputTokens = 3400;
    r.outputTokens = 820;
    r.cost = 0.0123;
    r.latencyP50Ms = 2100;
    r.latencyP95Ms = 4000;
    r.failures[QStringLiteral("TIMEOUT")] = 2;
    r.standInTurns = 1;
    r.firstNote = firstNote;
    r.notes = std::move(notes);
    return r;
}

QStringList texts(const ModelSeatReport &r)
{
    QStringList out;
    for (const ModelNote &n : r.notes)
        out << n.text;
    return out;
}

/// The rows of a kind, as their texts, in order.
QStringList rowsOf(const TranscriptModel &m, Kind k)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, 0).data(TranscriptModel::KindRole).toInt() == int(k))
            out << m.index(r, 0).data(TranscriptModel::TextRole).toString();
    return out;
}

int rowOfText(const TranscriptModel &m, const QString &text)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, 0).data(TranscriptModel::TextRole).toString() == text)
            return r;
    return -1;
}

} // namespace

class TestModelSeats final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bookAppendsNotesAndTakesResends()
    {
        ModelSeatBook book;
        QSignalSpy changed(&book, &ModelSeatBook::changed);
        const QString m = QStringLiteral("match-1"), p = QStringLiteral("p:1");
        book.ingest(
            {report(m, p, 0, {note(1, QStringLiteral("a")), note(2, QStringLiteral("b"))})});
        book.ingest({report(m, p, 2, {note(3, QStringLiteral("c"))})});
        QCOMPARE(texts(*book.seat(m, p)),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        // An overlapping report continues from where it starts.
        book.ingest({report(m,
                            p,
                            1,
                            {note(2, QStringLiteral("b")),
                             note(3, QStringLiteral("c")),
                             note(4, QStringLiteral("d"))})});
        QCOMPARE(texts(*book.seat(m, p)),
                 (QStringList{QStringLiteral("a"),
                              QStringLiteral("b"),
                              QStringLiteral("c"),
                              QStringLiteral("d")}));
        // A resend from the start replaces; the snapshot is the latest one.
        ModelSeatReport again = report(m, p, 0, {note(1, QStringLiteral("x"))});
        again.calls = 13;
        book.ingest({again});
        QCOMPARE(texts(*book.seat(m, p)), QStringList{QStringLiteral("x")});
        QCOMPARE(book.seat(m, p)->calls, 13);
        QCOMPARE(book.seat(m, p)->failureCount(), 2);
        QCOMPARE(changed.count(), 4);
        QCOMPARE(changed.last().at(0).toString(), m);
        QVERIFY(book.seats(QStringLiteral("match-2")).empty());
        QVERIFY(!book.seat(m, QStringLiteral("p:2")));
    }

    void thoughtsInTheOmniscientTranscriptOnly()
    {
        test::Manual m;
        m.readyAll();
        const QString matchId = QString::fromStdString(m.match.matchId());
        const QString ada = QStringLiteral("p:1");
        const qint64 firstAt = m.match.log().front().at;
        const qint64 lastAt = m.match.log().back().at;
        ModelSeatBook book;
        // One thought early in the log, one after the last event so far.
        book.ingest({report(matchId,
                            ada,
                            0,
                            {note(firstAt + 1, QStringLiteral("early thought")),
                             note(lastAt + 1000, QStringLiteral("later thought"))})});

        TranscriptModel pub;
        pub.setModelSeats(&book);
        pub.sync(&m.match, Viewer::spectator());
        QVERIFY(rowsOf(pub, Kind::Thought).isEmpty());

        TranscriptModel omni;
        QAbstractItemModelTester tester(&omni,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        omni.setModelSeats(&book);
        omni.sync(&m.match, Viewer::omniscient());
        // The later thought waits for an event at or after its time.
        QCOMPARE(rowsOf(omni, Kind::Thought), QStringList{QStringLiteral("early thought")});
        const int early = rowOfText(omni, QStringLiteral("early thought"));
        QVERIFY(early > 0);
        const QModelIndex e = omni.index(early, 0);
        QCOMPARE(e.data(TranscriptModel::SpeakerNameRole).toString(), QStringLiteral("Ada"));
        QVERIFY(e.data(TranscriptModel::SpoilerRole).toBool());
        QVERIFY(omni.index(early - 1, 0).data(TranscriptModel::TimestampRole).toLongLong()
                <= firstAt + 1);
        QVERIFY(omni.index(early + 1, 0).data(TranscriptModel::TimestampRole).toLongLong()
                > firstAt + 1);
        // The thought's row is never what an event's seq finds.
        const quint64 seqBefore
            = omni.index(early - 1, 0).data(TranscriptModel::SeqRole).toULongLong();
        QCOMPARE(omni.rowAtOrBefore(seqBefore), early - 1);

        // Time passes: an event after the later thought brings it in, before that event.
        QSignalSpy inserted(&omni, &QAbstractItemModel::rowsInserted);
        m.night(m.nonWolves().front());
        omni.sync(&m.match, Viewer::omniscient());
        QCOMPARE(rowsOf(omni, Kind::Thought),
                 (QStringList{QStringLiteral("early thought"), QStringLiteral("later thought")}));
        QVERIFY(!inserted.isEmpty());
        const int later = rowOfText(omni, QStringLiteral("later thought"));
        QVERIFY(omni.index(later + 1, 0).data(TranscriptModel::TimestampRole).toLongLong()
                >= lastAt + 1000);

        // A stand-in note that arrives later lands by its time; a replay
        // reset before it leaves it out.
        book.ingest({report(matchId,
                            ada,
                            2,
                            {note(lastAt + 2000,
                                  QStringLiteral("The built-in bot votes."),
                                  ModelNote::Kind::StandIn)})});
        omni.syncNotes();
        QCOMPARE(rowsOf(omni, Kind::StandIn),
                 QStringList{QStringLiteral("The built-in bot votes.")});
        pub.sync(&m.match, Viewer::spectator());
        QVERIFY(rowsOf(pub, Kind::StandIn).isEmpty());
        QVERIFY(rowsOf(pub, Kind::Thought).isEmpty());
    }

    void repliesStillPointAtTheirMessageAfterANoteIsInsertedBefore()
    {
        test::Manual m;
        m.readyAll();
        m.night(m.nonWolves().front());
        m.skipTo(engine::Phase::DayDiscussion);
        const auto alive = m.nonWolves();
        const qint64 before = m.match.log().back().at + 1;
        QVERIFY(m.say(alive[1], "first words"));
        const std::string firstId = m.match.log().back().eventId;
        QVERIFY(m.say(alive[2], "an answer", firstId));
        const QString matchId = QString::fromStdString(m.match.matchId());
        ModelSeatBook book;
        TranscriptModel omni;
        omni.setModelSeats(&book);
        omni.sync(&m.match, Viewer::omniscient());
        book.ingest({report(matchId,
                            QString::fromStdString(alive[2]),
                            0,
                            {note(before, QStringLiteral("I should speak"))})});
        omni.syncNotes();
        // The thought goes in before both messages, so the answer's link must follow its target.
        const int answer = rowOfText(omni, QStringLiteral("an answer"));
        const int thought = rowOfText(omni, QStringLiteral("I should speak"));
        QCOMPARE(thought, rowOfText(omni, QStringLiteral("first words")) - 1);
        const int target = omni.index(answer, 0).data(TranscriptModel::ReplyToRowRole).toInt();
        QCOMPARE(omni.index(target, 0).data(TranscriptModel::TextRole).toString(),
                 QStringLiteral("first words"));
    }

    void seatHealthShowsTheModelAndItsCostToTheRightViewers()
    {
        test::Manual m;
        m.readyAll();
        const QString matchId = QString::fromStdString(m.match.matchId());
        ModelSeatBook book;
        book.ingest({report(matchId, QStringLiteral("p:1"), 0, {})});
        SeatHealthModel pub, omni;
        pub.setModelSeats(&book);
        omni.setModelSeats(&book);
        pub.sync(&m.match, Viewer::spectator());
        omni.sync(&m.match, Viewer::omniscient());
        QVERIFY(pub.hasModelSeats());
        const SeatHealth &p = pub.seat(0), &o = omni.seat(0);
        QVERIFY(p.modelSeat && o.modelSeat);
        QVERIFY(!pub.seat(1).modelSeat);
        QCOMPARE(p.model, QStringLiteral("local · qwen3:8b"));
        // Calls made at night would tell a night role: public sees no telemetry while the match
        // runs.
        QVERIFY(!p.telemetryShown);
        QCOMPARE(p.modelCalls, 0);
        QVERIFY(!pub.describe(0).contains(QStringLiteral("stand-in")));
        QVERIFY(pub.describe(0).contains(QStringLiteral("qwen3:8b")));
        QVERIFY(o.telemetryShown);
        QCOMPARE(o.modelCalls, 12);
        QCOMPARE(o.inputTokens, 3400);
        QCOMPARE(o.latencyP95Ms, 4000);
        QCOMPARE(o.modelFailures, 2);
        QCOMPARE(o.failureKinds, QStringLiteral("TIMEOUT 2"));
        QVERIFY(omni.describe(0).contains(QStringLiteral("TIMEOUT 2")));
        QVERIFY(omni.describe(0).contains(QStringLiteral("0.0123")));
        // Once the match is over, everyone may see what it cost.
        for (int i = 0; i < 40 && !m.match.ended(); ++i)
            m.skip();
        QVERIFY(m.match.ended());
        pub.sync(&m.match, Viewer::spectator());
        QVERIFY(pub.seat(0).telemetryShown);
        QCOMPARE(pub.seat(0).modelCalls, 12);
        // The strip grows room for the model lines.
        SeatHealthView view(&pub);
        SeatHealthModel plain;
        SeatHealthView plainView(&plain);
        plain.sync(&m.match, Viewer::spectator());
        QVERIFY(view.sizeHint().height() > plainView.sizeHint().height());
    }

    void inspectorShowsTheThoughtsBeforeACall()
    {
        test::Harness h;
        QVERIFY(h.untilPhase(engine::Phase::Night));
        const engine::Match &m = *h.replica();
        const engine::Player &ada = m.state().players.front();
        const qint64 t = m.log().back().at;
        h.replicas.modelSeats()->ingest(
            {report(h.matchId,
                    QString::fromStdString(ada.playerId),
                    0,
                    {note(t - 10, QStringLiteral("I am a model and I think")),
                     note(t + 60'000, QStringLiteral("much later"))})});
        SpectatorController controller(&h.replicas);
        InspectorDock dock(&controller);
        ToolCallRecord r;
        r.id = 1;
        r.atUs = t * 1000;
        r.latencyUs = 500;
        r.agentId = QString::fromStdString(ada.agentId);
        r.agentName = QString::fromStdString(ada.displayName);
        r.matchId = h.matchId;
        r.method = QStringLiteral("tools/call");
        r.tool = QStringLiteral("et.werewolf.match.get_state");
        r.requestJson = "{}";
        r.responseJson = "{}";
        ToolCallRecord other = r;
        other.id = 2;
        other.agentId = QString::fromStdString(m.state().players.back().agentId);
        dock.addRecords({r, other});
        QVERIFY(dock.selectCall(1));
        const QString text = dock.modelView()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("qwen3:8b")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("I am a model and I think")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("much later")), qPrintable(text));
        QVERIFY(dock.selectCall(2));
        QVERIFY(!dock.modelView()->toPlainText().contains(QStringLiteral("I am a model")));
    }
};

QTEST_MAIN(TestModelSeats)
#include "tst_modelseats.moc"
