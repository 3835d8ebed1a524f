// SPDX-License-Identifier: MIT
// Model seats: pilots playing whole matches in a real Host against scripted
// OpenAI-compatible servers on loopback (one per seat). The scripted model
// reads what it is given, the functions offered and the brief, and answers
// with a legal call. What each model received is checked against the
// match's true roles; a seat whose server fails is played by its stand-in.
// Each seat's log counts what its model cost and took, and says in notes
// what the model thought and when and why the stand-in stepped in.

#include "host/host.h"

#include "modeltable.h"
#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QSignalSpy>
#include <QtTest>

using namespace townhall;
using namespace townhall::test::providers;
using namespace std::chrono_literals;
using json = nlohmann::json;

namespace {

constexpr double InputPrice = 3.0;   // per million input tokens
constexpr double OutputPrice = 15.0; // per million output tokens

/// The scripted player's answers with usage as OpenAI reports it for a
/// reasoning model reading from a prompt cache.
std::optional<ScriptedResponse> withUsageDetails(int seat, const RecordedRequest &r)
{
    std::optional<ScriptedResponse> a = scriptedPlayer(seat, r);
    if (!a || a->status != 200)
        return a;
    json body = json::parse(a->body);
    body["usage"] = {{"prompt_tokens", 90},
                     {"completion_tokens", 20},
                     {"total_tokens", 110},
                     {"prompt_tokens_details", {{"cached_tokens", 64}}},
                     {"completion_tokens_details", {{"reasoning_tokens", 5}}}};
    a->body = QByteArray::fromStdString(body.dump());
    return a;
}

int notesOf(const host::PilotLog &log, host::PilotNote::Kind kind)
{
    return static_cast<int>(
        std::count_if(log.notes.begin(), log.notes.end(), [kind](const host::PilotNote &n) {
            return n.kind == kind;
        }));
}

struct Table : test::ModelTable
{
    std::optional<engine::Timers> timers;

    /// Eight model seats, each with a server of its own; `script` may
    /// replace a seat's model (nullptr: the playing one).
    bool start(
        std::function<std::optional<ScriptedResponse>(int, const RecordedRequest &)> script
        = scriptedPlayer,
        std::function<std::chrono::milliseconds(int)> timeout = [](int) { return 5s; })
    {
        if (!startHost())
            return false;
        if (timers)
            host->lobby().defaults().timers = *timers;
        for (int seat = 0; seat < engine::SeatCount; ++seat)
            if (!seatModel(
                    seat,
                    [seat, script](const RecordedRequest &r) { return script(seat, r); },
                    [&](int, host::providers::ProviderProfile &p) {
                        p.timeout = timeout(seat);
                        p.inputPricePerMillion = InputPrice;
                        p.outputPricePerMillion = OutputPrice;
                    }))
                return false;
        return true;
    }
};

/// What a seat's model received in one request: the user messages (the
/// brief, nudges) and what the tools answered, the system prompt left out
/// (the rules and the seat's own role card).
struct Context
{
    std::string user;
    std::vector<json> toolAnswers;
    bool answersARefusal = false; ///< the last message is a refused call's error
    std::string all;              ///< everything but the system prompt
};

std::vector<Context> contextsOf(const ScriptedOpenAiServer &server)
{
    std::vector<Context> out;
    for (const RecordedRequest &r : server.requestsTo("/chat/completions")) {
        Context c;
        for (const json &m : r.json().value("messages", json::array())) {
            const std::string role = m.value("role", "");
            if (role == "system")
                continue;
            c.all += m.dump() + "\n";
            if (role == "user")
                c.user += m.value("content", "") + "\n";
            c.answersARefusal = false;
            if (role == "tool") {
                c.toolAnswers.push_back(json::parse(m.value("content", ""), nullptr, false));
                const json &a = c.toolAnswers.back();
                c.answersARefusal
                    = a.is_object() && a.contains("error") && !a.at("error").is_null();
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

class TestPilot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRateLimitedSpeechIsSentAgainWhenTheLimitAllows()
    {
        // The match allows one public message per 3 s of real time, so a
        // model that speaks in the discussion right after its opening is
        // refused. The pilot sends the same call again once the limit
        // allows, instead of spending the model's requests on it: every
        // living seat is heard in the discussion.
        Table t;
        t.rateLimits = true;
        engine::Timers timers;
        timers.openingTurn = 100'000;   // 2 s a turn at ×50
        timers.dayDiscussion = 500'000; // 10 s
        t.timers = timers;
        QVERIFY(t.start());
        QTRY_VERIFY_WITH_TIMEOUT(
            t.match() && (t.match()->state().phase == engine::Phase::DayVote || t.ended()), 90'000);
        const engine::Match &m = *t.match();
        std::set<std::string> spoke;
        for (const engine::Event &e : m.log())
            if (e.type == engine::EventType::PublicMessage
                && e.payload.value("kind", "") == "DISCUSSION"
                && e.payload.value("text", "").rfind("I am seat ", 0) == 0)
                spoke.insert(e.payload.value("playerId", ""));
        int refused = 0;
        for (int seat = 0; seat < engine::SeatCount; ++seat) {
            const engine::Player &p = t.playerOf(seat);
            refused += t.host->pilotLog(m.matchId(), p.playerId)->stats.toolErrors;
            if (p.alive)
                QVERIFY2(spoke.count(p.playerId), p.playerId.c_str());
        }
        QVERIFY(refused > 0); // the limit did refuse some, and they spoke all the same
    }

    void statsRoundTripAndPercentiles()
    {
        host::PilotStats s;
        s.modelCalls = 7;
        s.inputTokens = 700;
        s.outputTokens = 120;
        s.reasoningTokens = 30;
        s.cachedInputTokens = 256;
        s.cost = 0.0123456789012345;
        s.latencyMs = 150;
        s.latenciesMs = {50, 10, 40, 20, 30};
        s.failures = {{QStringLiteral("SERVER"), 2}, {QStringLiteral("TIMEOUT"), 1}};
        s.toolErrors = 3;
        s.standInTurns = 4;
        s.handedOver = true;
        QCOMPARE(host::PilotStats::fromJson(json::parse(s.toJson().dump())), s);
        s.cost.reset(); // no prices: no cost, not a cost of 0
        const json j = s.toJson();
        QVERIFY(!j.contains("cost"));
        QCOMPARE(host::PilotStats::fromJson(j), s);
        // Nearest rank over 10 20 30 40 50.
        QCOMPARE(s.latencyPercentile(0.5), 30);
        QCOMPARE(s.latencyPercentile(0.95), 50);
        QCOMPARE(s.latencyPercentile(0.2), 10);
        QCOMPARE(s.latencyPercentile(0.21), 20);
        QCOMPARE(s.latencyPercentile(0.0), 10);
        QCOMPARE(s.latencyPercentile(1.0), 50);
        QCOMPARE(host::PilotStats().latencyPercentile(0.5), 0);
        // What is not stats reads as none; a wrong type is left out.
        QCOMPARE(host::PilotStats::fromJson(json("nonsense")), host::PilotStats());
        QCOMPARE(
            host::PilotStats::fromJson(json{{"modelCalls", "many"}, {"toolErrors", 2}}).toolErrors,
            2);
        QCOMPARE(host::PilotStats::fromJson(json{{"modelCalls", "many"}}).modelCalls, 0);
    }

    void notesAreBounded()
    {
        host::PilotLog log;
        const auto total = static_cast<int>(host::PilotLog::MaxNotes) + 5;
        for (int i = 0; i < total; ++i)
            log.addNote({host::PilotNote::Kind::Thought,
                         i,
                         1,
                         engine::Phase::DayDiscussion,
                         QStringLiteral("note %1").arg(i)});
        QCOMPARE(log.notes.size(), host::PilotLog::MaxNotes);
        QCOMPARE(log.notesBefore, std::int64_t(5));
        QCOMPARE(log.notes.front().text, QStringLiteral("note 5"));
        QCOMPARE(log.notes.back().text, QStringLiteral("note %1").arg(total - 1));
        log.addNote({host::PilotNote::Kind::HandOver,
                     0,
                     1,
                     engine::Phase::DayVote,
                     QString(5000, QLatin1Char('x'))});
        QCOMPARE(log.notes.size(), host::PilotLog::MaxNotes);
        QCOMPARE(log.notes.back().kind, host::PilotNote::Kind::HandOver);
        QCOMPARE(log.notes.back().text.size(), host::PilotLog::MaxNoteChars);
        QVERIFY(log.notes.back().text.endsWith(QChar(0x2026)));
        // A cut never splits a character in two.
        QString emoji = QString(host::PilotLog::MaxNoteChars - 2, QLatin1Char('y'))
                        + QString::fromUtf8("\xF0\x9F\x90\xBA") + QStringLiteral("tail");
        log.addNote({host::PilotNote::Kind::Thought, 0, 1, engine::Phase::Night, emoji});
        QVERIFY(!log.notes.back().text.at(log.notes.back().text.size() - 2).isHighSurrogate());
        QVERIFY(log.notes.back().text.size() <= host::PilotLog::MaxNoteChars);
        for (auto kind : {host::PilotNote::Kind::Thought,
                          host::PilotNote::Kind::StandIn,
                          host::PilotNote::Kind::HandOver})
            QCOMPARE(host::PilotNote::kindFromName(host::PilotNote::kindName(kind)),
                     std::optional(kind));
        QVERIFY(!host::PilotNote::kindFromName("NAP"));
    }

    void eightModelsPlayAMatchAndLearnOnlyTheirOwnSecrets()
    {
        Table t;
        t.speed = 25; // an opening turn of 600 ms: time enough for a loaded machine's model
        QVERIFY(t.start(withUsageDetails));
        QSignalSpy changes(t.host.get(), &host::Host::modelSeatChanged);
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 60'000);

        const engine::Match &m = *t.match();
        std::set<std::string> wolfTexts;
        for (int seat = 0; seat < engine::SeatCount; ++seat)
            if (t.playerOf(seat).role == engine::Role::Werewolf)
                wolfTexts.insert("pack-secret-" + std::to_string(seat));
        QVERIFY(!wolfTexts.empty());
        int wolfChatsSeen = 0;
        int stateReads = 0;
        int refusalsSeen = 0;
        int toolErrors = 0;
        for (int seat = 0; seat < engine::SeatCount; ++seat) {
            const engine::Player &me = t.playerOf(seat);
            const auto contexts = contextsOf(*t.servers[std::size_t(seat)]);
            QVERIFY2(!contexts.empty(), me.playerId.c_str());
            const std::string ownRole = "Your role is " + std::string(engine::toString(me.role));
            for (const Context &ctx : contexts) {
                const std::string &c = ctx.all;
                QVERIFY2(ctx.user.find(ownRole) != std::string::npos, c.c_str());
                for (int other = 0; other < engine::SeatCount; ++other)
                    if (other != seat)
                        QVERIFY2(c.find("musing-of-seat-" + std::to_string(other))
                                     == std::string::npos,
                                 c.c_str());
                if (me.role != engine::Role::Werewolf) {
                    QVERIFY2(c.find("Your pack") == std::string::npos, c.c_str());
                    QVERIFY2(c.find("WOLF CHAT") == std::string::npos, c.c_str());
                    for (const std::string &w : wolfTexts)
                        QVERIFY2(c.find(w) == std::string::npos, c.c_str());
                } else {
                    for (const std::string &w : wolfTexts)
                        wolfChatsSeen += c.find(w) != std::string::npos ? 1 : 0;
                }
                if (me.role != engine::Role::Seer)
                    QVERIFY2(c.find("Your inspections") == std::string::npos, c.c_str());
                // Only a wolf (of itself) and the seer (of what it found) read
                // WEREWOLF in a brief.
                if (me.role == engine::Role::Villager || me.role == engine::Role::Doctor)
                    QVERIFY2(ctx.user.find("WEREWOLF") == std::string::npos, c.c_str());
                // get_state shows the roles of the dead only, and a pack only to wolves.
                for (const json &answer : ctx.toolAnswers) {
                    if (!answer.contains("state"))
                        continue;
                    ++stateReads;
                    const json &state = answer.at("state");
                    QCOMPARE(state.at("you").at("role").get<std::string>(),
                             std::string(engine::toString(me.role)));
                    if (me.role != engine::Role::Werewolf)
                        QVERIFY2(state.at("you").value("knownWolves", json::array()).empty(),
                                 c.c_str());
                    if (me.role != engine::Role::Seer)
                        QVERIFY2(state.at("you").value("seerHistory", json::array()).empty(),
                                 c.c_str());
                    for (const json &p : state.at("players"))
                        if (p.value("alive", true))
                            QVERIFY2(p.value("revealedRole", json()).is_null(), c.c_str());
                }
                refusalsSeen += ctx.answersARefusal ? 1 : 0;
            }
            const auto log = t.host->pilotLog(m.matchId(), me.playerId);
            QVERIFY(log);
            const host::PilotStats &st = log->stats;
            QVERIFY(st.modelCalls >= static_cast<int>(contexts.size()));
            // A request still under way when the match ended is counted when its answer comes.
            QTRY_COMPARE_WITH_TIMEOUT(st.latenciesMs.size(), std::size_t(st.modelCalls), 10'000);
            QVERIFY(st.failures.empty());
            // Every answer reported the same usage: the sums count each answer once.
            const auto answers = static_cast<qint64>(st.latenciesMs.size());
            QCOMPARE(st.inputTokens, 90 * answers);
            QCOMPARE(st.outputTokens, 20 * answers);
            QCOMPARE(st.cachedInputTokens, 64 * answers);
            QCOMPARE(st.reasoningTokens, 5 * answers);
            QVERIFY(st.cost.has_value());
            const double expected
                = (double(st.inputTokens) * InputPrice + double(st.outputTokens) * OutputPrice)
                  / 1e6;
            QVERIFY2(std::abs(*st.cost - expected) < 1e-9,
                     qPrintable(QString::number(*st.cost - expected)));
            QVERIFY(st.latencyPercentile(0.5) <= st.latencyPercentile(0.95));
            QVERIFY(st.latencyPercentile(0.95)
                    <= *std::max_element(st.latenciesMs.begin(), st.latenciesMs.end()));
            toolErrors += st.toolErrors;
            QCOMPARE(st.standInTurns, 0);
            QVERIFY(!st.handedOver);
            // What the model wrote beside its calls, and nothing of a stand-in.
            QVERIFY(notesOf(*log, host::PilotNote::Kind::Thought) > 0);
            QCOMPARE(log->notes.front().kind, host::PilotNote::Kind::Thought);
            QCOMPARE(log->notes.front().text, QStringLiteral("musing-of-seat-%1").arg(seat));
            QCOMPARE(notesOf(*log, host::PilotNote::Kind::StandIn), 0);
            QCOMPARE(notesOf(*log, host::PilotNote::Kind::HandOver), 0);
            // The UI heard of this seat's changes.
            const bool heard
                = std::any_of(changes.begin(), changes.end(), [&](const QList<QVariant> &args) {
                      return args.at(0).toString() == QString::fromStdString(m.matchId())
                             && args.at(1).toString() == QString::fromStdString(me.playerId);
                  });
            QVERIFY2(heard, me.playerId.c_str());
        }
        // The seats as the inspector lists them: in seat order, without keys.
        const std::vector<host::ModelSeatInfo> seats = t.host->modelSeats(m.matchId());
        QCOMPARE(seats.size(), std::size_t(engine::SeatCount));
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const engine::Player *p = m.player(seats[i].playerId);
            QVERIFY(p);
            QCOMPARE(p->seat, int(i) + 1);
            QCOMPARE(seats[i].agentId, p->agentId);
            QVERIFY(seats[i].profile.apiKey.isEmpty());
            QCOMPARE(seats[i].profile.model, QStringLiteral("test-model"));
            QCOMPARE(seats[i].log, t.host->pilotLog(m.matchId(), p->playerId));
        }
        QVERIFY(t.host->modelSeats("match-2").empty());
        QVERIFY(wolfChatsSeen > 0); // the pack did read its own chat
        QVERIFY(stateReads > 0);    // get_state's answer reached the models…
        QVERIFY(refusalsSeen > 0);  // …and so did the refused votes
        QVERIFY(refusalsSeen <= toolErrors);
        // The models' musings never reached the match.
        for (const engine::Event &e : m.log())
            QVERIFY2(e.payload.dump().find("musing-of-seat-") == std::string::npos,
                     e.payload.dump().c_str());
        // The models acted, not stand-ins: every message is a model's.
        int said = 0;
        for (const engine::Event &e : m.log())
            if (e.type == engine::EventType::PublicMessage) {
                QVERIFY2(e.payload.value("text", "").rfind("I am seat ", 0) == 0,
                         e.payload.dump().c_str());
                ++said;
            }
        QVERIFY(said >= engine::SeatCount);
    }

    void failingProvidersLeaveTheirSeatsToTheStandIn()
    {
        // Seat 2's server always fails; seat 5's answers too late for the
        // client's deadline; seat 6's within it, but too slow for the
        // phases. The rest play.
        Table t;
        QVERIFY(t.start(
            [](int seat, const RecordedRequest &r) -> std::optional<ScriptedResponse> {
                if (seat == 2)
                    return openai::error(500, "upstream exploded", "server_error");
                if (seat == 5 || seat == 6) {
                    ScriptedResponse slow = openai::text("too late");
                    slow.delay = seat == 5 ? 2000ms : 1500ms;
                    return slow;
                }
                return scriptedPlayer(seat, r);
            },
            [](int seat) { return seat == 5 ? 300ms : 5000ms; }));
        QTRY_VERIFY_WITH_TIMEOUT(t.ended(), 60'000);
        const engine::Match &m = *t.match();
        int handedOver = 0;
        for (int seat : {2, 5}) {
            const engine::Player &p = t.playerOf(seat);
            const auto log = t.host->pilotLog(m.matchId(), p.playerId);
            QVERIFY(log);
            const QString kind = seat == 2 ? QStringLiteral("SERVER") : QStringLiteral("TIMEOUT");
            // Every request failed, and each is counted once it has.
            QTRY_COMPARE_WITH_TIMEOUT(
                log->stats.latenciesMs.size(), std::size_t(log->stats.modelCalls), 10'000);
            int failures = 0;
            for (const auto &[k, n] : log->stats.failures) {
                QCOMPARE(k, kind);
                failures += n;
            }
            const QString what = QStringLiteral("seat %1: %2 failures, %3 stand-in turns")
                                     .arg(seat)
                                     .arg(failures)
                                     .arg(log->stats.standInTurns);
            QCOMPARE(failures, log->stats.modelCalls);
            // The lobby is too short for a retry, so the stand-in readies the
            // seat; the third turn lost in a row (unless the player died
            // first) hands the seat over for good.
            QVERIFY2(failures >= 1, qPrintable(what));
            QVERIFY2(log->stats.standInTurns >= 1 || log->stats.handedOver, qPrintable(what));
            QVERIFY2(!log->stats.handedOver || failures >= 3, qPrintable(what));
            handedOver += log->stats.handedOver ? 1 : 0;
            // Nothing the seat did came from its model.
            for (const engine::Event &e : m.log())
                if (e.type == engine::EventType::PublicMessage
                    && e.payload.value("playerId", "") == p.playerId)
                    QVERIFY2(e.payload.value("text", "").rfind("I am seat ", 0) != 0,
                             qPrintable(what));
        }
        QVERIFY(handedOver >= 1);
        // Each time the stand-in stepped in, the seat's log says why in a
        // sentence (with the provider's failure, never the key), and the
        // hand-over once; the healthy seats have no such notes.
        for (int seat = 0; seat < engine::SeatCount; ++seat) {
            const auto log = t.host->pilotLog(m.matchId(), t.playerOf(seat).playerId);
            QVERIFY(log);
            const bool failing = seat == 2 || seat == 5 || seat == 6;
            const QString what = QStringLiteral("seat %1").arg(seat);
            QCOMPARE(notesOf(*log, host::PilotNote::Kind::StandIn), log->stats.standInTurns);
            QCOMPARE(notesOf(*log, host::PilotNote::Kind::HandOver), log->stats.handedOver ? 1 : 0);
            if (failing)
                QVERIFY2(notesOf(*log, host::PilotNote::Kind::StandIn)
                                 + notesOf(*log, host::PilotNote::Kind::HandOver)
                             > 0,
                         qPrintable(what));
            else
                QVERIFY2(!log->stats.handedOver && log->stats.failures.empty(), qPrintable(what));
            for (const host::PilotNote &n : log->notes) {
                QVERIFY2(!n.text.contains(QStringLiteral("test-key")), qPrintable(n.text));
                if (n.kind == host::PilotNote::Kind::Thought)
                    continue;
                QVERIFY2(n.text.startsWith(QStringLiteral("The "))
                             && n.text.endsWith(QLatin1Char('.'))
                             && n.text.contains(QStringLiteral("the built-in bot")),
                         qPrintable(n.text));
                if (n.kind == host::PilotNote::Kind::HandOver) {
                    QVERIFY2(n.text.contains(QStringLiteral("on 3 turns in a row")),
                             qPrintable(n.text));
                    QVERIFY2(n.text.contains(seat == 2 ? QStringLiteral("SERVER")
                                                       : QStringLiteral("TIMEOUT")),
                             qPrintable(n.text));
                }
            }
        }
        // A provider failure named in a stand-in's note says what failed.
        const auto broken = t.host->pilotLog(m.matchId(), t.playerOf(2).playerId);
        QVERIFY(
            std::any_of(broken->notes.begin(), broken->notes.end(), [](const host::PilotNote &n) {
                return n.kind != host::PilotNote::Kind::Thought
                       && n.text.contains(QStringLiteral("SERVER: "));
            }));
        // The slow seat never failed: the stand-in acted before each
        // deadline the model would have missed, and the seat stayed the model's.
        const auto slow = t.host->pilotLog(m.matchId(), t.playerOf(6).playerId);
        QVERIFY(slow);
        QVERIFY(slow->stats.failures.empty());
        QVERIFY(slow->stats.standInTurns >= 1);
        QVERIFY(!slow->stats.handedOver);
        QVERIFY(slow->stats.modelCalls >= 1);
        const auto healthy = t.host->pilotLog(m.matchId(), t.playerOf(0).playerId);
        QVERIFY(healthy && !healthy->stats.handedOver && healthy->stats.failures.empty());
    }
};

QTEST_GUILESS_MAIN(TestPilot)
#include "tst_pilot.moc"
