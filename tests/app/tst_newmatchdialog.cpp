// SPDX-License-Identifier: MIT
// The "New match" dialog (app/newmatchdialog.h) under the offscreen
// platform, and the path of its plan into the host (host/seating.h,
// GuiHost::queuePlan): the rows become the right plan, bad rows keep OK
// disabled with a message that says why, the timers follow the seats until
// the user picks them, the plan is remembered without keys, and a plan
// queued into the real host thread starts a match whose model seats are
// played by scripted models over loopback HTTP and whose bot seats by bots.

#include "app/guihost.h"
#include "app/guihosttestaccess.h"
#include "app/newmatchdialog.h"
#include "host/seating.h"
#include "ui/hostlink.h"

#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QTemporaryDir>
#include <QtTest>

using namespace townhall;
using namespace townhall::app;
using townhall::host::Seating;
namespace tp = townhall::test::providers;
namespace providers = townhall::host::providers;
using Kind = NewMatchDialog::SeatKind;

namespace {

ProviderProfile profile(const QString &name, const QString &model, const QString &keyEnv = {})
{
    ProviderProfile p;
    p.name = name;
    p.baseUrl = QStringLiteral("http://127.0.0.1:11434/v1");
    p.model = model;
    p.apiKeyEnv = keyEnv;
    return p;
}

/// A settings file of the test's own, with the given profiles stored.
struct Settings
{
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    ProfileStore store{settings};

    explicit Settings(const std::vector<ProviderProfile> &profiles = {})
    {
        if (!profiles.empty())
            store.save(profiles);
    }
};

/// The host thread of the desktop app without a window: short timers are
/// the plan's business, so only the speed is raised.
GuiHostOptions hostOptions(double speed)
{
    GuiHostOptions o;
    o.host.dbPath = QStringLiteral(":memory:");
    o.host.speed = speed;
    o.host.rateLimits = false;
    o.host.seed = 4242;
    o.port = 0;
    return o;
}

bool startHost(GuiHost &gui)
{
    QSignalSpy started(&gui, &GuiHost::started);
    gui.start();
    return started.wait(20'000);
}

int queueSize(GuiHost &gui)
{
    int size = -1;
    GuiHostTestAccess::runInHost(gui,
                                 [&size](host::Host &h) { size = int(h.lobby().queue().size()); });
    return size;
}

QString lastNotice(const QSignalSpy &spy)
{
    return spy.isEmpty() ? QString() : spy.last().at(0).toString();
}

} // namespace

class TestNewMatchDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /// Issue 29 #22: "All play…" is shown whole, its menu arrow beside it.
    void allPlayFits()
    {
        Settings s({profile(QStringLiteral("local"), QStringLiteral("qwen3:8b"))});
        NewMatchDialog dialog(s.store, s.settings);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QPushButton *all = dialog.allPlayButton();
        QVERIFY(all->menu());
        QVERIFY(all->isEnabled());
        const int text = all->fontMetrics().horizontalAdvance(all->text());
        const int arrow = all->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, nullptr, all);
        QVERIFY2(all->width() >= text + arrow,
                 qPrintable(QStringLiteral("%1 < %2 + %3").arg(all->width()).arg(text).arg(arrow)));
        QVERIFY(all->width() >= all->sizeHint().width());
    }

    void rowsBecomeThePlan()
    {
        Settings s({profile(QStringLiteral("local"), QStringLiteral("qwen3:8b")),
                    profile(QStringLiteral("cloud"),
                            QStringLiteral("big-model"),
                            QStringLiteral("CLOUD_KEY"))});
        NewMatchDialog dialog(s.store, s.settings);
        // Distinct names out of the box, every seat a bot.
        QSet<QString> names;
        for (int seat = 0; seat < NewMatchDialog::Seats; ++seat) {
            QCOMPARE(dialog.kind(seat), Kind::Bot);
            names.insert(dialog.nameEdit(seat)->text());
        }
        QCOMPARE(names.size(), NewMatchDialog::Seats);

        dialog.setKind(0, Kind::Model);
        dialog.profileBox(0)->setCurrentIndex(
            dialog.profileBox(0)->findData(QStringLiteral("local")));
        dialog.modelBox(0)->setEditText(QStringLiteral("llama3.2"));
        dialog.personaEdit(0)->setText(QStringLiteral("  Speaks in riddles. "));
        dialog.nameEdit(1)->setText(QStringLiteral(" Quill "));
        dialog.setKind(2, Kind::Open);
        dialog.setKind(3, Kind::Model);
        dialog.profileBox(3)->setCurrentIndex(
            dialog.profileBox(3)->findData(QStringLiteral("cloud")));
        dialog.setKind(4, Kind::Model);
        dialog.profileBox(4)->setCurrentIndex(
            dialog.profileBox(4)->findData(QStringLiteral("local")));
        dialog.modelBox(4)->setEditText(QStringLiteral("qwen3:8b")); // the profile's own model
        dialog.personaEdit(5)->setText(QStringLiteral("a bot has no persona"));
        QVERIFY2(dialog.isValid(), qPrintable(dialog.problems().join(QLatin1Char('\n'))));
        QVERIFY(dialog.okButton()->isEnabled());

        const MatchPlan plan = dialog.plan();
        QCOMPARE(plan.openSeats, 1);
        QCOMPARE(plan.timers, TimerPreset::ModelPlay);
        QCOMPARE(plan.seats.seats.size(), std::size_t(7));
        const auto &seats = plan.seats.seats;
        QCOMPARE(seats[0].name, dialog.nameEdit(0)->text());
        QVERIFY(!seats[0].bot);
        QCOMPARE(seats[0].provider, QStringLiteral("local"));
        QCOMPARE(seats[0].model, QStringLiteral("llama3.2"));
        QCOMPARE(seats[0].persona, QStringLiteral("Speaks in riddles."));
        QCOMPARE(seats[1].name, QStringLiteral("Quill"));
        QVERIFY(seats[1].bot);
        QVERIFY(seats[1].provider.isEmpty());
        // Seat 3 (index 2) is open: the next planned seat is seat 4.
        QCOMPARE(seats[2].name, dialog.nameEdit(3)->text());
        QCOMPARE(seats[2].provider, QStringLiteral("cloud"));
        QVERIFY(seats[2].model.isEmpty());
        QCOMPARE(seats[3].provider, QStringLiteral("local"));
        QVERIFY2(seats[3].model.isEmpty(), "the profile's own model is no override");
        QVERIFY(seats[4].bot);
        QVERIFY(seats[4].persona.isEmpty());
        for (std::size_t i = 4; i < seats.size(); ++i)
            QVERIFY(seats[i].bot);
        // Exactly the profiles the seats use, as stored: no key.
        QCOMPARE(plan.seats.providers.size(), std::size_t(2));
        QCOMPARE(plan.seats.providers.at(QStringLiteral("cloud")).apiKeyEnv,
                 QStringLiteral("CLOUD_KEY"));
        QCOMPARE(plan.seats.profileFor(seats[0])->model, QStringLiteral("llama3.2"));
        QCOMPARE(plan.seats.profileFor(seats[3])->model, QStringLiteral("qwen3:8b"));
        for (const auto &[name, p] : plan.seats.providers)
            QVERIFY(p.apiKey.isEmpty());
    }

    void badNamesDisableOkAndSayWhy()
    {
        Settings s;
        NewMatchDialog dialog(s.store, s.settings);
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(dialog.messageLabel()->text().isEmpty());

        dialog.nameEdit(4)->setText(dialog.nameEdit(1)->text().toLower() + QLatin1Char(' '));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.messageLabel()->text().contains(QStringLiteral("Seat 5")),
                 qPrintable(dialog.messageLabel()->text()));
        QVERIFY2(dialog.messageLabel()->text().contains(QStringLiteral("like seat 2")),
                 qPrintable(dialog.messageLabel()->text()));
        // An open seat's name is the agent's business: no clash.
        dialog.setKind(4, Kind::Open);
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.setKind(4, Kind::Bot);
        QVERIFY(!dialog.okButton()->isEnabled());
        dialog.nameEdit(4)->setText(QStringLiteral("Zed"));
        QVERIFY(dialog.okButton()->isEnabled());

        dialog.nameEdit(2)->setText(QStringLiteral("   "));
        QVERIFY(!dialog.okButton()->isEnabled());
        QCOMPARE(dialog.messageLabel()->text(), QStringLiteral("Seat 3 needs a name."));
        // OK stays shut however it is asked.
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(!s.settings.childGroups().contains(QStringLiteral("newMatch")));
    }

    void modelSeatNeedsAProvider()
    {
        Settings s;
        NewMatchDialog dialog(s.store, s.settings);
        QVERIFY(!dialog.profilesButton()->isHidden());
        dialog.setKind(6, Kind::Model);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.messageLabel()->text().contains(
                     QStringLiteral("Seat 7 is a model, but no model provider is set up")),
                 qPrintable(dialog.messageLabel()->text()));
        QSignalSpy wanted(&dialog, &NewMatchDialog::profilesWanted);
        QTest::mouseClick(dialog.profilesButton(), Qt::LeftButton);
        QCOMPARE(wanted.size(), 1);

        // What the profiles dialog would do: a profile without a model.
        s.store.save({profile(QStringLiteral("bare"), QString())});
        dialog.reloadProfiles();
        QVERIFY(dialog.profilesButton()->isHidden());
        QCOMPARE(dialog.profileBox(6)->currentData().toString(),
                 QStringLiteral("bare")); // the only one
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.messageLabel()->text().contains(QStringLiteral("names no model; type one")),
                 qPrintable(dialog.messageLabel()->text()));
        dialog.modelBox(6)->setEditText(QStringLiteral("mistral"));
        QVERIFY(dialog.okButton()->isEnabled());

        // With two to choose from, a new model seat waits for a choice.
        s.store.save({profile(QStringLiteral("bare"), QString()),
                      profile(QStringLiteral("other"), QStringLiteral("m"))});
        dialog.reloadProfiles();
        QCOMPARE(dialog.profileBox(6)->currentData().toString(), QStringLiteral("bare")); // kept
        dialog.setKind(0, Kind::Model);
        QCOMPARE(dialog.profileBox(0)->currentIndex(), -1);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.messageLabel()->text().contains(
                     QStringLiteral("Seat 1 is a model: choose its provider.")),
                 qPrintable(dialog.messageLabel()->text()));
        dialog.profileBox(0)->setCurrentIndex(1);
        QVERIFY(dialog.okButton()->isEnabled());
    }

    void timersFollowTheSeatsUntilChosen()
    {
        Settings s({profile(QStringLiteral("local"), QStringLiteral("m"))});
        NewMatchDialog dialog(s.store, s.settings);
        const auto preset = [&dialog] {
            return TimerPreset(dialog.timersBox()->currentData().toInt());
        };
        QCOMPARE(preset(), TimerPreset::Standard);
        dialog.setKind(3, Kind::Model);
        QCOMPARE(preset(), TimerPreset::ModelPlay);
        QCOMPARE(dialog.plan().timers, TimerPreset::ModelPlay);
        dialog.setKind(3, Kind::Open);
        QCOMPARE(preset(), TimerPreset::Standard);
        dialog.fillWithProfile(QStringLiteral("local"));
        QCOMPARE(preset(), TimerPreset::ModelPlay);
        for (int seat = 0; seat < NewMatchDialog::Seats; ++seat)
            QCOMPARE(dialog.profileBox(seat)->currentData().toString(), QStringLiteral("local"));

        // The user picks Standard for a table of models: it stays.
        dialog.timersBox()->setFocus();
        QTest::keyClick(dialog.timersBox(), Qt::Key_Up);
        QCOMPARE(preset(), TimerPreset::Standard);
        dialog.fillWithBots();
        dialog.setKind(1, Kind::Model);
        QCOMPARE(preset(), TimerPreset::Standard);
        QCOMPARE(dialog.plan().timers, TimerPreset::Standard);
    }

    void thePlanIsRemembered()
    {
        Settings s(
            {profile(QStringLiteral("local"), QStringLiteral("m")),
             profile(QStringLiteral("cloud"), QStringLiteral("c"), QStringLiteral("CLOUD_KEY"))});
        QString sixth;
        {
            NewMatchDialog dialog(s.store, s.settings);
            dialog.setKind(0, Kind::Model);
            dialog.profileBox(0)->setCurrentIndex(
                dialog.profileBox(0)->findData(QStringLiteral("cloud")));
            dialog.modelBox(0)->setEditText(QStringLiteral("c-large"));
            dialog.personaEdit(0)->setText(QStringLiteral("Terse."));
            dialog.nameEdit(0)->setText(QStringLiteral("Oracle"));
            sixth = dialog.nameEdit(5)->text();
            dialog.setKind(5, Kind::Open);
            QVERIFY(dialog.nameEdit(5)->text().isEmpty()); // an agent brings its own
            dialog.timersBox()->setFocus();
            QTest::keyClick(dialog.timersBox(), Qt::Key_Up); // Standard, by hand
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        s.settings.sync();
        NewMatchDialog again(s.store, s.settings);
        QCOMPARE(again.kind(0), Kind::Model);
        QCOMPARE(again.nameEdit(0)->text(), QStringLiteral("Oracle"));
        QCOMPARE(again.profileBox(0)->currentData().toString(), QStringLiteral("cloud"));
        QCOMPARE(again.modelBox(0)->currentText(), QStringLiteral("c-large"));
        QCOMPARE(again.personaEdit(0)->text(), QStringLiteral("Terse."));
        QCOMPARE(again.kind(5), Kind::Open);
        QCOMPARE(again.kind(1), Kind::Bot);
        QCOMPARE(TimerPreset(again.timersBox()->currentData().toInt()), TimerPreset::Standard);
        // Chosen by hand, so it does not follow a new model seat.
        again.setKind(2, Kind::Model);
        QCOMPARE(TimerPreset(again.timersBox()->currentData().toInt()), TimerPreset::Standard);
        const MatchPlan plan = again.plan();
        QCOMPARE(plan.seats.seats[0].model, QStringLiteral("c-large"));
        QCOMPARE(plan.openSeats, 1);
        // The open seat's name was kept for when it is no longer open.
        again.setKind(5, Kind::Bot);
        QCOMPARE(again.nameEdit(5)->text(), sixth);
    }

    // The rule set picker sets the number of rows; a push seat takes a URL,
    // a token and a deadline, and the token is never remembered.
    void rulesAndPushSeats()
    {
        Settings s;
        {
            NewMatchDialog dialog(s.store, s.settings);
            dialog.show();
            QCOMPARE(dialog.rules().name, std::string("classic"));
            QCOMPARE(dialog.seatCount(), NewMatchDialog::Seats);
            QVERIFY(!dialog.nameEdit(8)->isVisible());
            const int nine = dialog.rulesBox()->findData(QStringLiteral("witch-hunter-9"));
            QVERIFY(nine >= 0);
            dialog.rulesBox()->setCurrentIndex(nine);
            QCOMPARE(dialog.seatCount(), 9);
            QVERIFY(dialog.nameEdit(8)->isVisible());
            QVERIFY(!dialog.nameEdit(9)->isVisible());
            QCOMPARE(dialog.plan().seats.seats.size(), std::size_t(9));
            QCOMPARE(dialog.plan().rules.name, std::string("witch-hunter-9"));

            dialog.setKind(0, Kind::Push);
            QVERIFY(dialog.pushUrlEdit(0)->isVisible());
            QVERIFY(!dialog.profileBox(0)->isVisible());
            QVERIFY(!dialog.isValid());
            QVERIFY2(
                dialog.problems().join(u' ').contains(QStringLiteral("Seat 1 is a push agent")),
                qPrintable(dialog.problems().join(u' ')));
            dialog.pushUrlEdit(0)->setText(QStringLiteral("ftp://agent/"));
            QVERIFY(!dialog.isValid());
            dialog.pushUrlEdit(0)->setText(QStringLiteral("http://127.0.0.1:9000/ada"));
            dialog.pushTokenEdit(0)->setText(QStringLiteral("push-secret-token"));
            dialog.pushDeadlineBox(0)->setValue(5000);
            QVERIFY2(dialog.isValid(), qPrintable(dialog.problems().join(u'\n')));
            const MatchPlan plan = dialog.plan();
            QVERIFY(plan.seats.seats[0].push);
            QCOMPARE(plan.seats.seats[0].push->url, QStringLiteral("http://127.0.0.1:9000/ada"));
            QCOMPARE(plan.seats.seats[0].push->token, QStringLiteral("push-secret-token"));
            QCOMPARE(plan.seats.seats[0].push->deadlineMs, 5000);
            QVERIFY(!plan.seats.seats[0].bot);
            dialog.accept();
        }
        s.settings.sync();
        QFile file(s.dir.filePath(QStringLiteral("settings.ini")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray stored = file.readAll();
        QVERIFY(stored.contains("127.0.0.1"));
        QVERIFY2(!stored.contains("push-secret-token"), "the token is a secret");
        NewMatchDialog again(s.store, s.settings);
        QCOMPARE(again.rules().name, std::string("witch-hunter-9"));
        QCOMPARE(again.kind(0), Kind::Push);
        QCOMPARE(again.pushUrlEdit(0)->text(), QStringLiteral("http://127.0.0.1:9000/ada"));
        QVERIFY(again.pushTokenEdit(0)->text().isEmpty());
        QCOMPARE(again.pushDeadlineBox(0)->value(), 5000);
    }

    void meIsOneLocalHumanSeat()
    {
        Settings s;
        {
            NewMatchDialog dialog(s.store, s.settings);
            dialog.show();
            dialog.setKind(2, Kind::Me);
            QVERIFY2(dialog.isValid(), qPrintable(dialog.problems().join(u'\n')));
            MatchPlan plan = dialog.plan();
            QCOMPARE(plan.seats.seats.size(), std::size_t(8));
            QVERIFY(plan.seats.seats[2].human);
            QVERIFY(plan.seats.seats[2].human->local);
            QVERIFY(!plan.seats.seats[2].bot);
            QVERIFY(!plan.seats.seats[0].human);
            QCOMPARE(plan.timers, TimerPreset::People); // a person gets the longest turns
            // At most one row is "Me".
            dialog.setKind(5, Kind::Me);
            QVERIFY(!dialog.isValid());
            QVERIFY(!dialog.okButton()->isEnabled());
            QVERIFY2(dialog.problems().join(u' ').contains(QStringLiteral("Seats 3 and 6")),
                     qPrintable(dialog.problems().join(u' ')));
            dialog.setKind(5, Kind::Bot);
            QVERIFY(dialog.isValid());
            dialog.accept();
        }
        NewMatchDialog again(s.store, s.settings);
        QCOMPARE(again.kind(2), Kind::Me);
        QCOMPARE(again.kind(5), Kind::Bot);
        QVERIFY(again.plan().seats.seats[2].human);
        QCOMPARE(again.plan().timers, TimerPreset::People);
    }

    // The "Me" seat of a plan is played from the window's player panel: its
    // documents come through HostLink, and its actions go back.
    void meIsPlayedFromThePanel()
    {
        Settings s;
        NewMatchDialog dialog(s.store, s.settings);
        dialog.setKind(0, Kind::Me);
        dialog.nameEdit(0)->setText(QStringLiteral("Me"));
        QVERIFY(dialog.isValid());
        ui::HostLink link;
        GuiHost gui(hostOptions(20.0), &link);
        QVERIFY(startHost(gui));
        QSignalSpy documents(&link, &ui::HostLink::playerDocument);
        gui.queuePlan(dialog.plan(), std::make_shared<providers::EnvironmentKeySource>());
        // The match starts; the seat's document arrives in the UI thread.
        QTRY_VERIFY_WITH_TIMEOUT(!documents.isEmpty(), 20'000);
        const QString code = documents.last().at(0).toString();
        QVERIFY(!code.isEmpty());
        auto last = [&] {
            return engine::json::parse(documents.last().at(1).toByteArray().toStdString());
        };
        QTRY_VERIFY_WITH_TIMEOUT(last().value("state", engine::json()).is_object(), 20'000);
        QCOMPARE(last().at("name").get<std::string>(), std::string("Me"));
        QVERIFY(last().at("seat").at("connected").get<bool>());
        // Ready, as the panel sends it: the answer comes in a later document.
        Q_EMIT link.playerAction(
            code,
            QByteArrayLiteral(
                R"({"id":"app-ready-1","tool":"et.werewolf.match.ready","arguments":{}})"));
        QTRY_VERIFY_WITH_TIMEOUT(last().at("answer").is_object()
                                     && last().at("answer").value("id", "") == "app-ready-1",
                                 20'000);
        gui.stop();
    }

    // A nine-seat plan from the dialog goes to the queue that seats
    // witch-hunter-9, not the default (classic) one, and its match has those rules.
    void aNineSeatPlanJoinsItsRuleSetsQueue()
    {
        Settings s;
        NewMatchDialog dialog(s.store, s.settings);
        dialog.rulesBox()->setCurrentIndex(
            dialog.rulesBox()->findData(QStringLiteral("witch-hunter-9")));
        for (int seat = 0; seat < 9; ++seat)
            dialog.setKind(seat, Kind::Bot);
        dialog.setKind(8, Kind::Open);
        QVERIFY2(dialog.isValid(), qPrintable(dialog.problems().join(u'\n')));
        const MatchPlan plan = dialog.plan();

        ui::HostLink link;
        GuiHost gui(hostOptions(40.0), &link);
        QVERIFY(startHost(gui));
        QSignalSpy notices(&link, &ui::HostLink::notice);
        gui.queuePlan(plan, std::make_shared<providers::EnvironmentKeySource>());
        const std::string queue = std::string(engine::PresetQueuePrefix) + "witch-hunter-9";
        QTRY_VERIFY_WITH_TIMEOUT(lastNotice(notices).contains(QStringLiteral("Queued 8 seat")),
                                 20'000);
        // The open seat is told where to join.
        QVERIFY2(lastNotice(notices).contains(QString::fromStdString(queue)),
                 qPrintable(lastNotice(notices)));
        QCOMPARE(queueSize(gui), 0); // the default queue
        int waiting = -1;
        GuiHostTestAccess::runInHost(gui, [&waiting, &queue](host::Host &h) {
            waiting = int(h.lobby().queue(queue).size());
        });
        QCOMPARE(waiting, 8);
        // The ninth player starts a witch-hunter-9 match.
        GuiHostTestAccess::runInHost(
            gui, [&queue](host::Host &h) { h.queueBot(QStringLiteral("Newcomer"), queue); });
        std::string rules;
        int seats = 0;
        QTRY_VERIFY_WITH_TIMEOUT((GuiHostTestAccess::runInHost(
                                      gui,
                                      [&rules, &seats](host::Host &h) {
                                          if (const engine::Match *m = h.lobby().match("match-1")) {
                                              rules = m->state().config.rules.name;
                                              seats = int(m->state().players.size());
                                          }
                                      }),
                                  !rules.empty()),
                                 20'000);
        QCOMPARE(rules, std::string("witch-hunter-9"));
        QCOMPARE(seats, 9);
    }

    void pushSeatsJoinTheQueue()
    {
        host::HostOptions o;
        o.dbPath = QStringLiteral(":memory:");
        host::Host h(o);
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        providers::SeatsFile file;
        providers::SeatSpec push;
        push.name = QStringLiteral("Ada");
        push.push
            = providers::PushSpec{QStringLiteral("http://127.0.0.1:9/"), QStringLiteral("t"), 8000};
        file.seats.push_back(push);
        providers::SeatSpec bad = push;
        bad.name = QStringLiteral("Bo");
        bad.push->deadlineMs = 10;
        file.seats.push_back(bad);
        Seating seated = queueSeats(h, file);
        QVERIFY(!seated.ok()); // a bad seat queues nothing
        QCOMPARE(h.lobby().queue().size(), std::size_t(0));
        file.seats.pop_back();
        seated = queueSeats(h, file);
        QVERIFY2(seated.ok(), qPrintable(seated.error));
        QCOMPARE(seated.queued, 1);
        QCOMPARE(h.lobby().queue().size(), std::size_t(1));
        QCOMPARE(h.lobby().queue().front().displayName, std::string("Ada"));
    }

    void seatsWithABadOneQueueNothing()
    {
        host::HostOptions o;
        o.dbPath = QStringLiteral(":memory:");
        host::Host h(o);
        QString error;
        QVERIFY2(h.start(&error), qPrintable(error));
        providers::SeatsFile file;
        file.seats.push_back({QStringLiteral("Ada"), true, {}, {}, {}, {}});
        file.seats.push_back({QStringLiteral("Basil"), false, QStringLiteral("gone"), {}, {}, {}});
        const Seating seated = queueSeats(h, file);
        QVERIFY(!seated.ok());
        QVERIFY2(seated.error.contains(QStringLiteral("\"gone\"")), qPrintable(seated.error));
        QCOMPARE(seated.queued, 0);
        QCOMPARE(h.lobby().queue().size(), std::size_t(0));
    }

    void aMissingKeyQueuesNothing()
    {
        const QByteArray var = "TOWNHALL_TST_NEWMATCH_UNSET";
        qunsetenv(var.constData());
        ui::HostLink link;
        GuiHost gui(hostOptions(1.0), &link);
        QVERIFY(startHost(gui));
        engine::Timers before;
        GuiHostTestAccess::runInHost(
            gui, [&before](host::Host &h) { before = h.lobby().defaults().timers; });
        MatchPlan plan;
        plan.timers = TimerPreset::ModelPlay;
        plan.seats.providers.emplace(
            QStringLiteral("cloud"),
            profile(QStringLiteral("cloud"), QStringLiteral("m"), QString::fromLatin1(var)));
        plan.seats.seats.push_back({QStringLiteral("Ada"), true, {}, {}, {}, {}});
        plan.seats.seats.push_back(
            {QStringLiteral("Basil"), false, QStringLiteral("cloud"), {}, {}, {}});
        QSignalSpy notices(&link, &ui::HostLink::notice);
        gui.queuePlan(plan, std::make_shared<providers::EnvironmentKeySource>());
        QTRY_VERIFY_WITH_TIMEOUT(lastNotice(notices).contains(QStringLiteral("not queued")),
                                 20'000);
        const QString text = lastNotice(notices);
        QVERIFY2(text.contains(QStringLiteral("not queued"))
                     && text.contains(QString::fromLatin1(var)),
                 qPrintable(text));
        QCOMPARE(queueSize(gui), 0);
        engine::Timers after;
        GuiHostTestAccess::runInHost(
            gui, [&after](host::Host &h) { after = h.lobby().defaults().timers; });
        QCOMPARE(after.dayDiscussion, before.dayDiscussion);
        gui.stop();
    }

    void aPlanPlaysInTheHost()
    {
        const QByteArray var = "TOWNHALL_TST_NEWMATCH_KEY";
        qputenv(var.constData(), "sk-newmatch-7");
        // Three model seats, each with a scripted server of its own.
        std::vector<std::unique_ptr<tp::ScriptedOpenAiServer>> servers;
        Settings s;
        std::vector<ProviderProfile> profiles;
        for (int i = 0; i < 3; ++i) {
            auto server = std::make_unique<tp::ScriptedOpenAiServer>();
            QVERIFY(server->listen());
            server->setHandler(
                [i](const tp::RecordedRequest &r) { return tp::scriptedPlayer(i, r); });
            ProviderProfile p = profile(QStringLiteral("m%1").arg(i), QStringLiteral("test-model"));
            p.baseUrl = server->baseUrl();
            p.timeout = std::chrono::seconds(10);
            if (i == 0)
                p.apiKeyEnv = QString::fromLatin1(var);
            profiles.push_back(p);
            servers.push_back(std::move(server));
        }
        s.store.save(profiles);

        // The dialog makes the plan: models at seats 1, 4 and 6, seat 8
        // open, bots elsewhere.
        NewMatchDialog dialog(s.store, s.settings);
        const std::map<int, int> modelSeats = {{0, 0}, {3, 1}, {5, 2}};
        for (const auto &[seat, server] : modelSeats) {
            dialog.setKind(seat, Kind::Model);
            dialog.profileBox(seat)->setCurrentIndex(server);
        }
        dialog.modelBox(0)->setEditText(QStringLiteral("test-model-large"));
        dialog.personaEdit(0)->setText(QStringLiteral("Speaks in riddles."));
        dialog.setKind(7, Kind::Open);
        QVERIFY2(dialog.isValid(), qPrintable(dialog.problems().join(QLatin1Char('\n'))));
        const MatchPlan plan = dialog.plan();
        QCOMPARE(plan.timers, TimerPreset::ModelPlay);

        ui::HostLink link;
        GuiHost gui(hostOptions(40.0), &link);
        QVERIFY(startHost(gui));
        QSignalSpy notices(&link, &ui::HostLink::notice);
        gui.queuePlan(plan, std::make_shared<providers::EnvironmentKeySource>());
        // Without a translation loaded, %n keeps its "(s)".
        QTRY_VERIFY_WITH_TIMEOUT(lastNotice(notices).contains(QStringLiteral("Queued 7 seat")),
                                 20'000);
        QVERIFY2(lastNotice(notices).contains(QStringLiteral("1 seat(s) wait for MCP agents")),
                 qPrintable(lastNotice(notices)));
        QCOMPARE(queueSize(gui), 7);
        bool started = true;
        GuiHostTestAccess::runInHost(
            gui, [&started](host::Host &h) { started = h.lobby().match("match-1") != nullptr; });
        QVERIFY2(!started, "the open seat waits for an agent");

        // A newcomer takes the open seat (a bot stands in for the agent).
        GuiHostTestAccess::runInHost(gui,
                                     [](host::Host &h) { h.queueBot(QStringLiteral("Newcomer")); });
        struct Seat
        {
            QString name;
            std::string playerId;
            bool piloted = false;
            int modelCalls = 0;
            bool handedOver = false;
        };
        std::vector<Seat> seen;
        bool ended = false;
        engine::Timers timers;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                GuiHostTestAccess::runInHost(gui, [&](host::Host &h) {
                    const engine::Match *m = h.lobby().match("match-1");
                    ended = m && m->ended();
                    if (!m)
                        return;
                    timers = m->state().config.timers;
                    seen.clear();
                    for (const engine::Player &p : m->state().players) {
                        const auto log = h.pilotLog(m->matchId(), p.playerId);
                        seen.push_back({QString::fromStdString(p.displayName),
                                        p.playerId,
                                        log != nullptr,
                                        log ? log->stats.modelCalls : 0,
                                        log && log->stats.handedOver});
                    }
                });
                return ended;
            }(),
            240'000);
        QCOMPARE(timers.dayDiscussion, engine::modelPlayTimers().dayDiscussion);
        QCOMPARE(seen.size(), std::size_t(engine::SeatCount));
        std::map<QString, bool> pilotedByName;
        for (const Seat &seat : seen) {
            pilotedByName[seat.name] = seat.piloted;
            // A model seat was played by its model, not handed to its stand-in.
            if (seat.piloted) {
                QVERIFY2(seat.modelCalls > 0, qPrintable(seat.name));
                QVERIFY2(!seat.handedOver, qPrintable(seat.name));
            }
        }
        for (int row = 0; row < 7; ++row) {
            const QString name = dialog.nameEdit(row)->text();
            QVERIFY2(pilotedByName.count(name), qPrintable(name));
            QCOMPARE(pilotedByName[name], modelSeats.count(row) == 1);
        }
        QVERIFY(pilotedByName.count(QStringLiteral("Newcomer")));
        QVERIFY(!pilotedByName[QStringLiteral("Newcomer")]);

        // Each model was asked, with its key, model and persona.
        for (std::size_t i = 0; i < servers.size(); ++i)
            QVERIFY2(!servers[i]->requestsTo("/chat/completions").empty(),
                     qPrintable(QString::number(i)));
        const auto first = servers[0]->requestsTo("/chat/completions");
        QCOMPARE(first.front().header("authorization"), QByteArray("Bearer sk-newmatch-7"));
        QCOMPARE(first.front().json().value("model", ""), std::string("test-model-large"));
        const std::string system = first.front().json().at("messages").at(0).value("content", "");
        QVERIFY2(system.find("Speaks in riddles.") != std::string::npos, system.c_str());
        const auto second = servers[1]->requestsTo("/chat/completions");
        QCOMPARE(second.front().json().value("model", ""), std::string("test-model"));
        QVERIFY(second.front().header("authorization").isEmpty());
        gui.stop();
        qunsetenv(var.constData());
    }
};

QTEST_MAIN(TestNewMatchDialog)
#include "tst_newmatchdialog.moc"
