// SPDX-License-Identifier: MIT
// The desktop UI beyond classic: the witch, the hunter, the PK and tables of
// six to twelve seats, over simulated matches and hand-driven ones. The
// spectator's view must never learn what only the omniscient view may.
#include "fixtures.h"

#include "ui/mainwindow.h"
#include "ui/playersmodel.h"
#include "ui/timelinemodel.h"
#include "ui/townmapitems.h"
#include "ui/townmapscene.h"
#include "ui/transcriptmodel.h"
#include "ui/uitext.h"
#include "ui/votetallymodel.h"

#include "engine/rules.h"
#include "engine/simulator.h"

#include <QSet>
#include <QTest>

#include <algorithm>
#include <set>

using namespace townhall;
using namespace townhall::ui;
using engine::EventType;
using engine::Phase;
using engine::Role;
using engine::Viewer;
using Kind = TranscriptModel::EntryKind;

namespace {

engine::MatchConfig configFor(const QString &preset)
{
    engine::MatchConfig c;
    c.rules = *engine::rulePreset(preset.toStdString());
    return c;
}

std::vector<engine::Event> publicPart(const std::vector<engine::Event> &log)
{
    std::vector<engine::Event> out;
    for (const engine::Event &e : log)
        if (e.audience == engine::Audience::Public)
            out.push_back(e);
    return out;
}

/// The match as it stood right after the first event `stop` accepts.
engine::Match prefix(const engine::Match &m, const std::function<bool(const engine::Event &)> &stop)
{
    std::vector<engine::Event> log;
    for (const engine::Event &e : m.log()) {
        log.push_back(e);
        if (stop(e))
            break;
    }
    return *engine::Match::replay(log);
}

bool phaseIs(const engine::Event &e, const char *to)
{
    return e.type == EventType::PhaseChanged && e.payload.value("to", std::string()) == to;
}

/// A table of any rule set driven command by command (like test::Manual, any size).
struct Table
{
    engine::Match match;
    engine::TimeMs now = test::T0;

    static std::vector<engine::SeatAssignment> seats(int n)
    {
        std::vector<engine::SeatAssignment> s;
        for (int i = 0; i < n; ++i)
            s.push_back({"agent:" + std::to_string(i + 1), engine::botNames()[std::size_t(i)]});
        return s;
    }
    explicit Table(const engine::MatchConfig &config, std::uint64_t seed = 7)
        : match(engine::Match::create(
            "match-1", "bld-1", 1, seed, seats(config.rules.seatCount()), config, test::T0))
    {}
    std::string withRole(Role r) const
    {
        for (const engine::Player &p : match.state().players)
            if (p.role == r)
                return p.playerId;
        return {};
    }
    std::vector<std::string> alive() const
    {
        std::vector<std::string> out;
        for (const engine::Player &p : match.state().players)
            if (p.alive)
                out.push_back(p.playerId);
        return out;
    }
    bool run(engine::Command c)
    {
        now += 3100;
        return match.execute(c, now).ok();
    }
    void readyAll()
    {
        for (const engine::Player &p : match.state().players)
            run({engine::Command::Kind::Ready, p.playerId, {}, {}, {}, {}, {}});
    }
    void skipTo(Phase p)
    {
        for (int i = 0; i < 40 && match.state().phase != p && !match.ended(); ++i) {
            now += 100;
            match.skipPhase(now);
        }
    }
    bool vote(const std::string &voter, const std::string &target)
    {
        return run({engine::Command::Kind::Vote, voter, target, {}, {}, {}, {}});
    }
};

QStringList rowTexts(const TranscriptModel &m, std::optional<Kind> only = {})
{
    QStringList out;
    for (int i = 0; i < m.rowCount(); ++i) {
        const QModelIndex idx = m.index(i, 0);
        if (!only || Kind(idx.data(TranscriptModel::KindRole).toInt()) == *only)
            out << idx.data(TranscriptModel::TextRole).toString();
    }
    return out;
}

/// Fails when a public transcript holds a secret row or a living player's role.
void checkPublicTranscript(const TranscriptModel &t,
                           const engine::Match &truth,
                           const QSet<QString> &secretTexts)
{
    for (int i = 0; i < t.rowCount(); ++i) {
        const QModelIndex idx = t.index(i, 0);
        const auto kind = Kind(idx.data(TranscriptModel::KindRole).toInt());
        const QString text = idx.data(TranscriptModel::TextRole).toString();
        QVERIFY2(kind != Kind::Secret && kind != Kind::WolfChat, qPrintable(text));
        QVERIFY2(!idx.data(TranscriptModel::SpoilerRole).toBool(), qPrintable(text));
        QVERIFY2(!secretTexts.contains(text), qPrintable(text));
        // A player may claim anything, and the crier repeats claims; once the
        // match is over every role is public.
        if (kind == Kind::Speech || kind == Kind::Narrator || truth.ended())
            continue;
        // The game's title names a role; it says nothing of anyone.
        const QString plain = QString(text).remove(QStringLiteral("Werewolf Game"));
        // No system line names a living player together with their role.
        for (const engine::Player &p : truth.state().players)
            if (p.alive && plain.contains(qs(p.displayName)))
                QVERIFY2(!plain.contains(UiText::roleName(p.role), Qt::CaseInsensitive),
                         qPrintable(text));
    }
}

QtMessageHandler g_previous = nullptr;
QStringList g_warnings;

void recordWarnings(QtMsgType type, const QMessageLogContext &ctx, const QString &msg)
{
    if (type == QtWarningMsg || type == QtCriticalMsg)
        g_warnings << msg;
    if (g_previous)
        g_previous(type, ctx, msg);
}

} // namespace

class TestSeed002 final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void spectatorsNeverReadTheWitchOrTheWolves_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("seed");
        for (const char *preset : {"seed002-9", "seed002-12", "seed002-6"})
            for (int seed : {1, 2, 3})
                QTest::addRow("%s/%d", preset, seed) << QString::fromLatin1(preset) << seed;
    }

    void spectatorsNeverReadTheWitchOrTheWolves()
    {
        QFETCH(QString, preset);
        QFETCH(int, seed);
        const engine::SimulatedMatch sim
            = engine::simulateMatch(std::uint64_t(seed), configFor(preset));
        const engine::Match &m = *sim.match;
        QVERIFY(m.ended());

        std::set<std::uint64_t> secretSeqs;
        for (const engine::Event &e : m.log())
            if (e.type == EventType::WitchInformed || e.type == EventType::WitchActed
                || e.type == EventType::WolvesDecided || e.type == EventType::NightResolved)
                secretSeqs.insert(e.seq);
        QVERIFY(!secretSeqs.empty());

        // The omniscient view renders every one of them, tagged.
        TranscriptModel omni;
        omni.sync(&m, Viewer::omniscient());
        QSet<QString> secretTexts;
        std::size_t shown = 0;
        for (int i = 0; i < omni.rowCount(); ++i) {
            const QModelIndex idx = omni.index(i, 0);
            if (!secretSeqs.count(idx.data(TranscriptModel::SeqRole).toULongLong()))
                continue;
            ++shown;
            QCOMPARE(Kind(idx.data(TranscriptModel::KindRole).toInt()), Kind::Secret);
            QVERIFY(!idx.data(TranscriptModel::TagRole).toString().isEmpty());
            secretTexts.insert(idx.data(TranscriptModel::TextRole).toString());
        }
        QCOMPARE(shown, secretSeqs.size());
        if (engine::rulePreset(preset.toStdString())->witches > 0)
            QVERIFY(rowTexts(omni, Kind::Secret).filter(QStringLiteral("The witch")).size() > 0);

        // The spectator's view of the full match, and a public replica built
        // from the public events alone (what ReplicaSet's public mode holds).
        TranscriptModel pub;
        pub.sync(&m, Viewer::spectator());
        checkPublicTranscript(pub, m, secretTexts);
        const auto replica = engine::Match::fromPublicLog(publicPart(m.log()));
        QVERIFY(replica.ok());
        TranscriptModel rep;
        rep.sync(&*replica, Viewer::spectator());
        checkPublicTranscript(rep, m, secretTexts);
        QCOMPARE(rowTexts(rep), rowTexts(pub));

        // Mid-match (day 1's vote), when most roles are still secret.
        const engine::Match mid
            = prefix(m, [](const engine::Event &e) { return phaseIs(e, "DAY_VOTE"); });
        TranscriptModel early;
        early.sync(&mid, Viewer::spectator());
        checkPublicTranscript(early, mid, secretTexts);
        // The opening line counts this table's seats.
        QVERIFY2(rowTexts(early).first().contains(
                     UiText::numberWord(engine::rulePreset(preset.toStdString())->seatCount()),
                     Qt::CaseInsensitive),
                 qPrintable(rowTexts(early).first()));
    }

    void playersModelSeatsTheWholeTable_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("seats");
        QTest::newRow("9") << QStringLiteral("seed002-9") << 9;
        QTest::newRow("12") << QStringLiteral("seed002-12") << 12;
        QTest::newRow("6") << QStringLiteral("seed002-6") << 6;
    }

    void playersModelSeatsTheWholeTable()
    {
        QFETCH(QString, preset);
        QFETCH(int, seats);
        const engine::SimulatedMatch sim = engine::simulateMatch(5, configFor(preset));
        const engine::Match mid
            = prefix(*sim.match, [](const engine::Event &e) { return phaseIs(e, "DAY_VOTE"); });
        const engine::RuleSet rules = *engine::rulePreset(preset.toStdString());

        PlayersModel omni;
        omni.sync(&mid, Viewer::omniscient());
        QCOMPARE(omni.rowCount(), seats);
        std::multiset<int> roles;
        for (int i = 0; i < omni.rowCount(); ++i) {
            const QModelIndex idx = omni.index(i, 0);
            const engine::Player *p
                = mid.player(idx.data(PlayersModel::PlayerIdRole).toString().toStdString());
            QVERIFY(p);
            QCOMPARE(idx.data(PlayersModel::SeatRole).toInt(), i + 1);
            QCOMPARE(idx.data(PlayersModel::EngineRoleRole).toInt(), int(p->role));
            QCOMPARE(omni.index(i, PlayersModel::RoleColumn).data().toString(),
                     UiText::roleName(p->role));
            roles.insert(int(p->role));
            // Only the witch carries potions, and only here.
            QCOMPARE(idx.data(PlayersModel::PotionsRole).toString().isEmpty(),
                     p->role != Role::Witch);
        }
        QCOMPARE(int(roles.count(int(Role::Witch))), rules.witches);
        QCOMPARE(int(roles.count(int(Role::Hunter))), rules.hunters);
        QCOMPARE(int(roles.count(int(Role::Werewolf))), rules.werewolves);

        // The spectator and a public replica: no living role, no potions.
        const auto replica = engine::Match::fromPublicLog(publicPart(mid.log()));
        QVERIFY(replica.ok());
        for (const engine::Match *m :
             std::initializer_list<const engine::Match *>{&mid, &*replica}) {
            PlayersModel pub;
            pub.sync(m, Viewer::spectator());
            QCOMPARE(pub.rowCount(), seats);
            for (int i = 0; i < pub.rowCount(); ++i) {
                const QModelIndex idx = pub.index(i, 0);
                QVERIFY(idx.data(PlayersModel::PotionsRole).toString().isEmpty());
                if (idx.data(PlayersModel::AliveRole).toBool()) {
                    QVERIFY(!idx.data(PlayersModel::RoleKnownRole).toBool());
                    QVERIFY(pub.index(i, PlayersModel::RoleColumn).data().toString().isEmpty());
                    QVERIFY(!idx.data(Qt::ToolTipRole)
                                 .toString()
                                 .contains(PlayersModel::tr("Role: %1").arg(QString())));
                }
            }
        }
    }

    void witchPotionsFollowHerActions()
    {
        Table t(configFor(QStringLiteral("seed002-9")));
        t.readyAll();
        t.skipTo(Phase::NightWitch);
        const std::string witch = t.withRole(Role::Witch);
        PlayersModel model;
        model.sync(&t.match, Viewer::omniscient());
        const int row = model.rowForPlayer(qs(witch));
        QCOMPARE(model.index(row, 0).data(PlayersModel::PotionsRole).toString(),
                 UiText::joinList({PlayersModel::tr("antidote"), PlayersModel::tr("poison")}));
        std::string target;
        for (const std::string &id : t.alive())
            if (id != witch)
                target = id;
        QVERIFY(t.run({engine::Command::Kind::WitchPoison, witch, target, {}, {}, {}, {}}));
        model.sync(&t.match, Viewer::omniscient());
        QCOMPARE(model.index(row, 0).data(PlayersModel::PotionsRole).toString(),
                 PlayersModel::tr("antidote"));
        TranscriptModel omni;
        omni.sync(&t.match, Viewer::omniscient());
        // Her own row, and the Town Crier's omniscient line about it.
        QVERIFY(
            !rowTexts(omni)
                 .filter(QStringLiteral("poisons %1").arg(qs(t.match.player(target)->displayName)))
                 .isEmpty());
        TranscriptModel pub;
        pub.sync(&t.match, Viewer::spectator());
        QVERIFY(rowTexts(pub)
                    .filter(QStringLiteral("witch"), Qt::CaseInsensitive)
                    .filter(QStringLiteral("poison"))
                    .isEmpty());
    }

    void pkTallyListsExactlyTheTiedPlayers()
    {
        Table t(configFor(QStringLiteral("seed002-9")));
        t.readyAll();
        t.skipTo(Phase::DayVote);
        QVERIFY(t.match.state().phase == Phase::DayVote);
        std::vector<std::string> alive = t.alive();
        QVERIFY(alive.size() >= 6);
        // Two candidates, the others split evenly between them.
        const std::string a = alive[0], b = alive[1];
        std::vector<std::string> voters(alive.begin() + 2, alive.end());
        if (voters.size() % 2)
            voters.pop_back(); // the last one does not vote: a clean tie
        for (std::size_t i = 0; i < voters.size(); ++i)
            QVERIFY(t.vote(voters[i], i % 2 ? a : b));
        t.skipTo(Phase::DayPkDefense);
        QVERIFY(t.match.state().phase == Phase::DayPkDefense);

        const QSet<QString> pkNames{qs(t.match.player(a)->displayName),
                                    qs(t.match.player(b)->displayName)};
        VoteTallyModel tally;
        tally.sync(&t.match, Viewer::spectator());
        QVERIFY(tally.summary().final);
        QVERIFY(tally.summary().tie);
        QVERIFY(tally.summary().toPk);
        QVERIFY(tally.summary().tieGoesToPk);
        QVERIFY(!tally.summary().pkRevote);
        QCOMPARE(QSet<QString>(tally.summary().pkNames.begin(), tally.summary().pkNames.end()),
                 pkNames);

        // A defence: public, tagged as one.
        QVERIFY(t.run({engine::Command::Kind::Say,
                       a,
                       {},
                       "I am innocent",
                       engine::MessageKind::Defense,
                       {},
                       {}}));
        TranscriptModel pub;
        pub.sync(&t.match, Viewer::spectator());
        QVERIFY(rowTexts(pub, Kind::Outcome).filter(QStringLiteral("PK")).size() > 0);
        bool defence = false;
        for (int i = 0; i < pub.rowCount(); ++i)
            defence |= pub.index(i, 0).data(TranscriptModel::TextRole).toString()
                           == QStringLiteral("I am innocent")
                       && pub.index(i, 0).data(TranscriptModel::TagRole).toString()
                              == UiText::messageKindName(engine::MessageKind::Defense).toUpper();
        QVERIFY(defence);

        t.skipTo(Phase::DayPkVote);
        QVERIFY(t.match.state().phase == Phase::DayPkVote);
        tally.sync(&t.match, Viewer::spectator());
        QVERIFY(tally.summary().live);
        QVERIFY(tally.summary().pkRevote);
        QVERIFY(!tally.summary().firstRound.isEmpty());
        // Exactly the tied players are candidates, before anyone revotes.
        QSet<QString> candidates;
        for (int i = 0; i < tally.rowCount(); ++i)
            if (!tally.index(i, 0).data(VoteTallyModel::AbstainRole).toBool())
                candidates << tally.index(i, 0).data().toString();
        QCOMPARE(candidates, pkNames);
        // The tied players do not vote (the preset's rule): they are not pending.
        QCOMPARE(tally.summary().eligible, int(alive.size()) - 2);
        QVERIFY(!tally.summary().pending.contains(qs(t.match.player(a)->displayName)));

        QVERIFY(t.vote(voters[0], a));
        tally.sync(&t.match, Viewer::spectator());
        QCOMPARE(tally.summary().cast, 1);
        QCOMPARE(tally.index(0, 0).data(VoteTallyModel::TargetIdRole).toString(), qs(a));
        QCOMPARE(tally.rowCount(), 2);

        t.skipTo(Phase::DayResolution);
        tally.sync(&t.match, Viewer::spectator());
        QVERIFY(tally.summary().final);
        QVERIFY(tally.summary().pkRevote);
        pub.sync(&t.match, Viewer::spectator());
        bool revoteTagged = false;
        for (int i = 0; i < pub.rowCount(); ++i)
            revoteTagged |= pub.index(i, 0).data(TranscriptModel::TagRole).toString()
                            == TranscriptModel::tr("PK REVOTE");
        QVERIFY(revoteTagged);

        // The timeline names the PK's phases.
        TimelineModel timeline;
        timeline.sync(&t.match, Viewer::spectator());
        QStringList labels;
        for (int g = 0; g < timeline.rowCount(); ++g) {
            const QModelIndex group = timeline.index(g, 0);
            for (int i = 0; i < timeline.rowCount(group); ++i)
                labels << timeline.index(i, 0, group).data().toString();
        }
        QVERIFY2(labels.contains(UiText::phaseName(Phase::DayPkDefense)),
                 qPrintable(labels.join(u',')));
        QVERIFY2(labels.contains(UiText::phaseName(Phase::DayPkVote)),
                 qPrintable(labels.join(u',')));
        QVERIFY2(labels.contains(UiText::phaseName(Phase::NightWitch)),
                 qPrintable(labels.join(u',')));
    }

    void hunterShotIsPublicAndMarked()
    {
        Table t(configFor(QStringLiteral("seed002-9")));
        t.readyAll();
        t.skipTo(Phase::DayVote);
        const std::string hunter = t.withRole(Role::Hunter);
        QVERIFY(t.match.player(hunter)->alive);
        std::string target;
        for (const std::string &id : t.alive()) {
            if (id != hunter)
                QVERIFY(t.vote(id, hunter));
            if (id != hunter && target.empty())
                target = id;
        }
        t.skipTo(Phase::HunterShot);
        QVERIFY(t.match.state().phase == Phase::HunterShot);
        QVERIFY(t.run({engine::Command::Kind::HunterShoot, hunter, target, {}, {}, {}, {}}));

        const QString hunterName = qs(t.match.player(hunter)->displayName);
        const QString targetName = qs(t.match.player(target)->displayName);
        const auto replica = engine::Match::fromPublicLog(publicPart(t.match.log()));
        QVERIFY(replica.ok());
        for (const engine::Match *m :
             std::initializer_list<const engine::Match *>{&t.match, &*replica}) {
            PlayersModel players;
            players.sync(m, Viewer::spectator());
            QCOMPARE(players.index(players.rowForPlayer(qs(hunter)), 0)
                         .data(PlayersModel::ShotRole)
                         .toString(),
                     PlayersModel::tr("shot %1").arg(targetName));
            QCOMPARE(players.index(players.rowForPlayer(qs(target)), 0)
                         .data(PlayersModel::ShotRole)
                         .toString(),
                     PlayersModel::tr("shot by %1").arg(hunterName));
            TranscriptModel pub;
            pub.sync(m, Viewer::spectator());
            QCOMPARE(rowTexts(pub)
                         .filter(TranscriptModel::tr("The hunter %1 fires a last shot at %2.")
                                     .arg(hunterName, targetName))
                         .size(),
                     1);
            QCOMPARE(rowTexts(pub)
                         .filter(TranscriptModel::tr("%1 is shot by the hunter %2.")
                                     .arg(targetName, hunterName))
                         .size(),
                     1);
        }
    }

    void drawAtMaxDays()
    {
        engine::MatchConfig config = configFor(QStringLiteral("seed002-9"));
        config.rules.maxDays = 1;
        Table t(config);
        t.readyAll();
        t.skipTo(Phase::Ended);
        QVERIFY(t.match.ended());
        QVERIFY(!t.match.state().winner);
        TranscriptModel pub;
        pub.sync(&t.match, Viewer::spectator());
        const QStringList outcomes = rowTexts(pub, Kind::Outcome);
        QVERIFY(!outcomes.isEmpty());
        QCOMPARE(
            outcomes.last(),
            TranscriptModel::tr("Game over: a draw — day %1 was the last, and no side has won.")
                .arg(1));
    }

    void phaseNamesForTheNewPhases()
    {
        QSet<QString> names;
        for (int p = 0; p < engine::PhaseCount; ++p) {
            const QString n = UiText::phaseName(Phase(p));
            QVERIFY2(!n.isEmpty(), qPrintable(QString::number(p)));
            names << n;
        }
        QCOMPARE(names.size(), engine::PhaseCount); // no two phases read the same
        QVERIFY(!UiText::roleName(Role::Witch).isEmpty());
        QVERIFY(!UiText::roleName(Role::Hunter).isEmpty());
        QVERIFY(UiText::roleName(Role::Witch) != UiText::roleName(Role::Hunter));
        // Twelve distinct seat colours for the largest table.
        QSet<QRgb> colors;
        for (int seat = 1; seat <= engine::MaxSeatCount; ++seat)
            colors << seatColor(seat).rgb();
        QCOMPARE(colors.size(), engine::MaxSeatCount);
    }

    void mainWindowShowsASeed002MatchWithoutWarnings()
    {
        g_warnings.clear();
        g_previous = qInstallMessageHandler(recordWarnings);
        {
            HostLink link;
            MainWindow w(&link);
            DevFeed feed(&link);
            feed.setActors(DevFeed::Actors::BuiltInBots);
            feed.setMatchConfig(configFor(QStringLiteral("seed002-9")));
            w.setClock([&feed] { return feed.now(); });
            w.resize(1280, 720);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            const QString id = feed.startMatch(3);
            MatchBuildingItem *b = w.mapScene()->building(id);
            QVERIFY(b);
            QCOMPARE(b->aliveCount(), 9);
            feed.stepUntil(id, [](const engine::Match &m) { return m.ended(); });
            QVERIFY(feed.match(id)->ended());
            QVERIFY(!w.grab().isNull());
        }
        qInstallMessageHandler(g_previous);
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join(u'\n')));
    }
};

QTEST_MAIN(TestSeed002)
#include "tst_uiseed002.moc"
