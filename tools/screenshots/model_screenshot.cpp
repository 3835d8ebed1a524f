// SPDX-License-Identifier: MIT
// A screenshot of a match of eight model seats in the real app: the Host in
// its thread drives eight pilots against a scripted OpenAI-compatible server
// on loopback (the test suite's scripted player, with readable thoughts and
// speeches), and the main window shows the match in the omniscient view with
// the models' thoughts in the transcript and their telemetry in seat health.
//   xvfb-run -a -s "-screen 0 1600x1000x24" model_screenshot <dir> [--size WxH]
// Exits non-zero when a check fails or the moment never comes.

#include "app/guihost.h"
#include "app/guihosttestaccess.h"
#include "engine/simulator.h"
#include "shotcheck.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/modelseats.h"
#include "ui/narratorticker.h"
#include "ui/replicaset.h"
#include "ui/seathealth.h"
#include "ui/spectatorcontroller.h"
#include "ui/spectatorpanel.h"
#include "ui/transcriptmodel.h"

#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <array>
#include <cstdio>
#include <functional>
#include <map>

using namespace townhall;
using namespace townhall::ui;
using namespace townhall::test::providers;
using json = nlohmann::json;

namespace {

using shots::check;
using shots::failures;
using shots::settle;

bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    poll.start(50);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!done())
        loop.exec();
    return done();
}

/// What a seat thinks (by its role, two lines each) and says (by its
/// seat), so the picture reads like a match.
const char *thoughtOf(const std::string &brief, int seat)
{
    static const std::map<std::string, std::array<const char *, 2>> byRole = {
        {"WEREWOLF",
         {"Nobody has accused me. Keep it that way: agree with the loudest villager.",
          "If I push too hard on Greta they will look at me. Ask a question instead."}},
        {"SEER",
         {"Dmitri came back clean. I will not say so yet; the wolves would come for me.",
          "I know one innocent. Steer the vote away from him without showing why."}},
        {"DOCTOR",
         {"The wolves will go for whoever talks most. Protect the loudest villager tonight.",
          "Nobody may know I am the doctor. Speak like any villager."}},
        {"VILLAGER",
         {"Basil was quick to defend Elena. Two quiet wolves would do exactly that.",
          "Felix voted late both days. That is a pattern worth pointing out."}},
    };
    for (const auto &[role, lines] : byRole)
        if (brief.find("Your role is " + role) != std::string::npos)
            return lines[std::size_t(seat) % 2];
    return "I have little to go on. Follow the vote that has reasons behind it.";
}
const char *const Speeches[] = {
    "Elena, you changed your vote at the last second yesterday. Why?",
    "I trust Dmitri more than anyone here today. Look elsewhere.",
    "I agree with Ada: the late vote switch is the strangest thing we have.",
    "Felix, twice now you waited for the room before voting.",
    "Greta, who do you suspect, and why them?",
    "Hugo, your opening said nothing. Say something we can check.",
    "Whoever died last night was talking a lot. The wolves fear talkers.",
    "I will follow the strongest case, and right now that is Elena.",
};

int seatOf(const RecordedRequest &r)
{
    static const QRegularExpression you(QStringLiteral("playerId p:(\\d+)"));
    const json body = r.json();
    const std::string system = body.value("messages", json::array()).empty()
                                   ? std::string()
                                   : body["messages"][0].value("content", std::string());
    const auto m = you.match(QString::fromStdString(system));
    return m.hasMatch() ? m.captured(1).toInt() : 1;
}

/// The scripted player, with its thought and its speech made readable.
std::optional<ScriptedResponse> play(const RecordedRequest &r)
{
    const int seat = seatOf(r);
    std::optional<ScriptedResponse> out = scriptedPlayer(seat, r);
    if (!out)
        return out;
    json body = json::parse(out->body.toStdString(), nullptr, false);
    if (!body.is_object())
        return out;
    json &message = body["choices"][0]["message"];
    const std::size_t i = std::size_t(seat - 1) % std::size(Speeches);
    const json request = r.json();
    const std::string brief = request["messages"].size() > 1
                                  ? request["messages"][1].value("content", std::string())
                                  : "";
    message["content"] = thoughtOf(brief, seat);
    if (message.contains("tool_calls"))
        for (json &call : message["tool_calls"]) {
            json args = json::parse(
                call["function"].value("arguments", std::string("{}")), nullptr, false);
            if (args.is_object() && args.contains("text")
                && call["function"].value("name", "").find("say_public") != std::string::npos) {
                args["text"] = Speeches[i];
                call["function"]["arguments"] = args.dump();
            }
        }
    body["usage"] = {{"prompt_tokens", 2400 + 37 * seat}, {"completion_tokens", 60 + seat}};
    ScriptedResponse rewritten = ScriptedResponse::json(200, body);
    rewritten.delay = std::chrono::milliseconds(150 + 40 * seat); // a model takes a moment
    return rewritten;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("model_screenshot");
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: model_screenshot <output-dir> [--size WxH]\n");
        return 2;
    }
    const QString dir = args.at(1);
    QDir().mkpath(dir);
    const QSize size = shots::sizeOption(args);

    ScriptedOpenAiServer server;
    check(server.listen(), "scripted server listens");
    server.setHandler(play);

    QTemporaryDir data;
    app::GuiHostOptions o;
    o.host.dbPath = data.filePath(QStringLiteral("townhall.sqlite"));
    o.host.speed = 6.0;
    o.host.seed = 20241125;
    o.port = 0;
    o.timers = engine::modelPlayTimers();

    HostLink link;
    MainWindow w(&link);
    HostSettings light;
    light.themeFollowsSystem = false;
    w.setSettings(light);
    w.resize(size);
    w.show();
    app::GuiHost host(o, &link);
    host.start();
    check(waitFor([&] { return !w.mcpUrl().isEmpty(); }, 20'000), "host started");

    host::providers::ProviderProfile profile;
    profile.name = QStringLiteral("local");
    profile.baseUrl = server.baseUrl();
    profile.model = QStringLiteral("qwen3:8b");
    profile.inputPricePerMillion = 0.15;
    profile.outputPricePerMillion = 0.60;
    app::GuiHostTestAccess::runInHost(host, [&](host::Host &h) {
        for (int seat = 0; seat < engine::SeatCount; ++seat)
            h.queueModelSeat(QString::fromStdString(engine::botNames()[std::size_t(seat)]),
                             profile);
    });
    // The model match: the one whose players are the model seats.
    auto modelMatch = [&] {
        for (const QString &mid : w.replicas()->matchIds())
            if (const engine::Match *m = w.replicas()->match(mid))
                if (!m->state().players.empty()
                    && m->state().players.front().agentId.rfind("model:", 0) == 0)
                    return mid;
        return QString();
    };
    check(waitFor([&] { return !modelMatch().isEmpty(); }, 20'000), "model match created");
    const QString id = modelMatch();
    w.controller()->selectMatch(id);
    w.omniscientAction()->setChecked(true);
    w.seatHealthAction()->trigger(); // its own dock, in every view

    auto thoughts = [&] {
        int n = 0;
        const TranscriptModel *t = w.controller()->transcript();
        for (int r = 0; r < t->rowCount(); ++r)
            n += t->index(r, 0).data(TranscriptModel::KindRole).toInt()
                 == int(TranscriptModel::EntryKind::Thought);
        return n;
    };
    const bool reached = waitFor(
        [&] {
            const engine::Match *m = w.replicas()->match(id);
            return m && m->state().dayNumber == 1
                   && m->state().phase == engine::Phase::DayDiscussion && thoughts() >= 12;
        },
        240'000);
    check(reached, "day 1 discussion with the models' thoughts");
    settle(1500);
    check(thoughts() > 0, "thoughts in the omniscient transcript");
    check(w.spectatorPanel()->seatHealth()->hasModelSeats(), "seat health knows the models");
    check(w.replicas()->modelSeats()->seats(id).size() == 8, "eight model seats reported");
    for (int i = 0; i < 50 && w.spectatorPanel()->ticker()->isAnimating(); ++i)
        settle(20);
    const QString path = dir + QStringLiteral("/12-model-match-omniscient.png");
    if (!w.grab().save(path)) {
        std::fprintf(stderr, "model_screenshot: cannot write %s\n", qPrintable(path));
        ++failures;
    } else {
        std::printf("%s\n", qPrintable(path));
    }
    host.stop();
    return failures ? 1 : 0;
}
