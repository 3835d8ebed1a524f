// SPDX-License-Identifier: MIT
// Key moments: the speech reader (accusations, vouches, seer claims, and their
// near-misses), each moment kind from a scripted match, event references, the
// public/omniscient boundary, determinism and cost.

#include "engine/keymoments.h"
#include "engine/rng.h"
#include "table.h"

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>
#include <set>

using namespace townhall::engine;
using namespace townhall::engine::test;

namespace {

QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

MatchConfig quiet()
{
    MatchConfig c;
    c.rateLimits = false;
    return c;
}

Table tableWith(std::uint64_t seed, const std::string &matchId)
{
    Table t(seed, quiet());
    t.m = Match::create(matchId, "bld-1", 3, seed, eightSeats(), quiet(), T0);
    return t;
}

std::string nameOf(const Match &m, const std::string &id)
{
    const Player *p = m.player(id);
    return p ? p->displayName : id;
}

/// Names of players by id list, sorted, comma-joined (for table comparisons).
QString names(const Match &m, std::vector<std::string> ids)
{
    QStringList out;
    for (const std::string &id : ids)
        out << q(nameOf(m, id));
    out.sort();
    return out.join(QLatin1Char(','));
}

std::vector<KeyMoment> only(const std::vector<KeyMoment> &all, KeyMoment::Kind k)
{
    std::vector<KeyMoment> v;
    std::copy_if(all.begin(), all.end(), std::back_inserter(v), [k](const KeyMoment &m) {
        return m.kind == k;
    });
    return v;
}

const Event &eventById(const Match &m, const std::string &id)
{
    static const Event none;
    const auto seq = seqFromEventId(m.matchId(), id);
    return seq && *seq >= 1 && *seq <= m.log().size() ? m.log()[*seq - 1] : none;
}

/// Night 1 in which the doctor saves the wolves' target: everyone survives.
void savedNight(Table &t)
{
    const std::string prey = t.villager(0);
    for (const std::string &w : t.ids(Role::Werewolf))
        QVERIFY(t.kill(w, prey).ok());
    QVERIFY(t.inspect(t.seer(), prey).ok());
    QVERIFY(t.protect(t.doctor(), prey).ok());
}

/// Everyone alive votes `target` (the target votes `theirs`); ends the vote.
void voteOut(Table &t, const std::string &target, const std::string &theirs)
{
    QVERIFY(t.until(Phase::DayVote));
    for (const Player &p : t.s().players)
        if (p.alive && p.playerId != target && t.s().phase == Phase::DayVote)
            QVERIFY(t.vote(p.playerId, target).ok());
    if (t.s().phase == Phase::DayVote)
        QVERIFY(t.vote(target, theirs).ok());
}

const std::vector<std::string> &phrases()
{
    static const std::vector<std::string> v{
        "I suspect {X}.",
        "{X} is a wolf, I'm sure.",
        "I trust {X}.",
        "{X} is not a wolf.",
        "I am the Seer. Last night I inspected {X}: werewolf.",
        "I'm the Seer: {X} is not a werewolf.",
        "Let's vote {X}.",
        "I don't suspect {X} at all.",
        "I'm just a villager. {X} is quiet though.",
        "Good morning, everyone.",
    };
    return v;
}

/// A whole match with scripted random play (see tst_narrator for the same idea).
void playRandom(Table &t, std::uint64_t seed, int talkPerDay = 4)
{
    Rng rng(seed * 104729 + 3);
    auto alive = [&] {
        std::vector<std::string> v;
        for (const Player &p : t.s().players)
            if (p.alive)
                v.push_back(p.playerId);
        return v;
    };
    auto pick = [&](const std::vector<std::string> &v) {
        return v[rng.below(static_cast<std::uint32_t>(v.size()))];
    };
    auto other = [&](const std::string &self) {
        std::vector<std::string> v;
        for (const std::string &id : alive())
            if (id != self)
                v.push_back(id);
        return v.empty() ? self : pick(v);
    };
    auto speech = [&](const std::string &self) {
        std::string s = phrases()[rng.below(static_cast<std::uint32_t>(phrases().size()))];
        const auto at = s.find("{X}");
        if (at != std::string::npos)
            s.replace(at, 3, nameOf(t.m, other(self)));
        return s;
    };
    t.readyAll();
    for (int guard = 0; guard < 400 && !t.m.ended(); ++guard) {
        t.now += 500;
        // A random script: some commands are refused (a dead target, a spent
        // vote), which is the point; their outcomes are not checked.
        switch (t.s().phase) {
        case Phase::Night: {
            std::vector<std::string> prey;
            for (const std::string &id : alive())
                if (t.m.player(id)->role != Role::Werewolf)
                    prey.push_back(id);
            const std::string target = pick(prey);
            for (const std::string &w : t.ids(Role::Werewolf))
                if (rng.chance(90))
                    (void)t.kill(w, target);
            if (!t.seer().empty())
                (void)t.inspect(t.seer(), other(t.seer()));
            if (!t.doctor().empty())
                (void)t.protect(t.doctor(), rng.chance(40) ? target : pick(alive()));
            if (t.s().phase == Phase::Night)
                t.step();
            break;
        }
        case Phase::DayOpening: {
            const std::string speaker
                = t.s().openingOrder[static_cast<std::size_t>(t.s().openingIndex)];
            (void)t.say(speaker, speech(speaker), MessageKind::Opening);
            break;
        }
        case Phase::DayDiscussion:
            for (int i = 0; i < talkPerDay; ++i) {
                const std::string p = pick(alive());
                (void)t.say(p, speech(p));
            }
            t.step();
            break;
        case Phase::DayVote:
            for (const std::string &v : alive())
                if (t.s().phase == Phase::DayVote && rng.chance(85))
                    (void)t.vote(v, other(v));
            for (const std::string &v : alive())
                if (t.s().phase == Phase::DayVote && rng.chance(20))
                    (void)t.vote(v, other(v));
            if (t.s().phase == Phase::DayVote)
                t.step();
            break;
        default:
            t.step();
            break;
        }
    }
}

bool sameMoments(const std::vector<KeyMoment> &a, const std::vector<KeyMoment> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const KeyMoment &x = a[i];
        const KeyMoment &y = b[i];
        if (x.kind != y.kind || x.templateId != y.templateId || x.args != y.args || x.text != y.text
            || x.day != y.day || x.atSeq != y.atSeq || x.eventIds != y.eventIds
            || x.playerIds != y.playerIds || x.weight != y.weight || x.omniscient != y.omniscient)
            return false;
    }
    return true;
}

} // namespace

class TstKeyMoments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reading_data();
    void reading();
    void claimsSeerAgrees();
    void moment_data();
    void moment();
    void topAccusations();
    void vouchThenVoteNeedsSameDay();
    void eventReferences();
    void publicViewHasNoSpoilers();
    void determinism();
    void catalogue();
    void cost();
};

// ---------------------------------------------------------------- the reader

void TstKeyMoments::reading_data()
{
    QTest::addColumn<QString>("speaker");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("accused");
    QTest::addColumn<QString>("vouched");
    QTest::addColumn<QString>("calledWolf");
    QTest::addColumn<bool>("seerClaim");
    auto row = [](const char *name,
                  const char *speaker,
                  const char *text,
                  const char *accused,
                  const char *vouched = "",
                  const char *wolf = "",
                  bool claim = false) {
        QTest::newRow(name) << QString::fromUtf8(speaker) << QString::fromUtf8(text)
                            << QString::fromUtf8(accused) << QString::fromUtf8(vouched)
                            << QString::fromUtf8(wolf) << claim;
    };
    // accusations
    row("suspect", "Ada", "I suspect Hugo.", "Hugo");
    row("is a wolf", "Ada", "Hugo is a wolf!", "Hugo", "", "Hugo");
    row("shouting werewolf", "Ada", "HUGO IS A WEREWOLF", "Hugo", "", "Hugo");
    row("vote", "Ada", "Let's vote Hugo.", "Hugo");
    row("vote for", "Ada", "I'm voting for Hugo, he is lying.", "Hugo");
    row("lying", "Ada", "Hugo is lying.", "Hugo");
    row("suspicious", "Ada", "Hugo is suspicious.", "Hugo");
    row("possessive", "Ada", "Hugo's story is fake.", "Hugo");
    row("list", "Ada", "I suspect Hugo and Basil.", "Basil,Hugo");
    row("don't trust", "Ada", "I don't trust Hugo.", "Hugo");
    row("by id", "Ada", "p:8 is a werewolf", "Hugo", "", "Hugo");
    row("by seat", "Ada", "Seat 8 is suspicious.", "Hugo");
    row("seer result", "Ada", "Last night I inspected Hugo: werewolf.", "Hugo", "", "Hugo");
    row("bot: most suspicious",
        "Ada",
        "Keep an eye on Hugo; Hugo is the most suspicious to me right now.",
        "Hugo");
    row("bot: vote goes", "Ada", "My vote goes to Hugo.", "Hugo");
    row("bot: being a wolf", "Ada", "Everything points to Hugo being a wolf.", "Hugo", "", "Hugo");
    row("bot: look at",
        "Ada",
        "Accusing me is a mistake. Look at Hugo instead; Hugo is suspicious.",
        "Hugo");
    // vouches
    row("trust", "Ada", "I trust Cora.", "", "Cora");
    row("innocent", "Ada", "Cora is innocent.", "", "Cora");
    row("clean", "Ada", "Cora is clean", "", "Cora");
    row("not a wolf", "Ada", "Cora is not a wolf.", "", "Cora");
    row("isn't suspicious", "Ada", "Cora isn't suspicious", "", "Cora");
    row("both in one", "Ada", "I suspect Hugo, but Cora is fine.", "Hugo", "Cora");
    row("bot: clear", "Ada", "For what it's worth, I'd clear Cora. I trust them.", "", "Cora");
    // near misses
    row("don't suspect", "Ada", "I don't suspect Hugo.", "");
    row("do not suspect", "Ada", "I do not suspect Hugo at all", "");
    row("no longer", "Ada", "I no longer suspect Hugo", "");
    row("name inside a word", "Ada", "Hugoland is lovely, and Adam agrees", "");
    row("id prefix", "Ada", "p:81 is a werewolf", "");
    row("someone else's vote", "Cora", "Ada voted for Hugo yesterday.", "");
    row("someone else's claim", "Ada", "Hugo thinks I'm lying.", "");
    row("vote with", "Ada", "I will vote with Hugo.", "");
    row("suspicious of", "Cora", "Ada is suspicious of Hugo", "");
    row("self", "Hugo", "I, Hugo, am innocent. Hugo is no wolf.", "");
    row("plain talk", "Ada", "Good morning, Hugo and Cora.", "");
    // seer claims
    row("claim", "Ada", "I am the Seer.", "", "", "", true);
    row("claim curly + result",
        "Ada",
        "I\u2019m the Seer: Hugo is a werewolf.",
        "Hugo",
        "",
        "Hugo",
        true);
    row("as the seer", "Ada", "As the seer, I checked Hugo: not a werewolf.", "", "Hugo", "", true);
    row("real seer", "Ada", "No. I am the real Seer.", "", "", "", true);
    row("claim seer", "Ada", "I claim seer. Basil is a wolf.", "Basil", "", "Basil", true);
    row("not the seer", "Ada", "I am not the seer.", "", "", "", false);
    row("question", "Ada", "Who is the seer?", "", "", "", false);
    row("conditional", "Ada", "If I'm the seer then we win.", "", "", "", false);
    row("as the seer said", "Ada", "As the seer said, Hugo is odd.", "", "", "", false);
    row("overseer", "Ada", "I am the overseer here.", "", "", "", false);
    row("third person", "Ada", "The seer should speak up.", "", "", "", false);
}

void TstKeyMoments::reading()
{
    QFETCH(QString, speaker);
    QFETCH(QString, text);
    QFETCH(QString, accused);
    QFETCH(QString, vouched);
    QFETCH(QString, calledWolf);
    QFETCH(bool, seerClaim);
    Table t = tableWith(1, "reader");
    std::string speakerId;
    for (const Player &p : t.s().players)
        if (q(p.displayName) == speaker)
            speakerId = p.playerId;
    const SpeechReading r = readSpeech(text.toStdString(), speakerId, t.s().players);
    QCOMPARE(names(t.m, r.accused), accused);
    QCOMPARE(names(t.m, r.vouched), vouched);
    QCOMPARE(names(t.m, r.calledWolf), calledWolf);
    QCOMPARE(r.seerClaim, seerClaim);
}

void TstKeyMoments::claimsSeerAgrees()
{
    QVERIFY(claimsSeer("I am the Seer."));
    QVERIFY(claimsSeer("i'm the seer: p:3 is a werewolf"));
    QVERIFY(!claimsSeer("I am not the Seer."));
    QVERIFY(!claimsSeer("Nothing to see here."));
    QVERIFY(!claimsSeer(""));
}

// ---------------------------------------------------------------- each kind, scripted

enum MomentScenario {
    Accusation,
    Claims,
    VouchVote,
    ClaimRevealed,
    VouchedWolf,
    SeerResult,
    Flip,
    Save,
    WolfOnWolf,
    FakeClaim,
};

void TstKeyMoments::moment_data()
{
    QTest::addColumn<int>("scenario");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("templateId");
    QTest::addColumn<int>("publicCount");
    QTest::addColumn<int>("omniCount");
    using K = KeyMoment::Kind;
    auto row = [](const char *name, MomentScenario s, K k, const char *tpl, int pub, int omni) {
        QTest::newRow(name) << int(s) << int(k) << QString::fromUtf8(tpl) << pub << omni;
    };
    row("accusation", Accusation, K::Accusation, "moment.accusation", 1, 1);
    row("seer claim", Claims, K::SeerClaim, "moment.seerclaim", 1, 1);
    row("counterclaim", Claims, K::Counterclaim, "moment.counterclaim", 1, 1);
    row("fake claim in a counterclaim", Claims, K::FakeClaim, "moment.fakeclaim", 0, 1);
    row("vouch then vote", VouchVote, K::Contradiction, "moment.contradiction.vouchvote", 1, 1);
    row("claim vs revealed role",
        ClaimRevealed,
        K::Contradiction,
        "moment.contradiction.claim",
        1,
        1);
    row("vouched for a wolf",
        VouchedWolf,
        K::Contradiction,
        "moment.contradiction.vouchedwolf",
        1,
        1);
    row("false seer result", SeerResult, K::Contradiction, "moment.contradiction.seerresult", 1, 1);
    row("vote flip", Flip, K::VoteFlip, "moment.voteflip", 1, 1);
    row("doctor save", Save, K::DoctorSave, "moment.doctorsave", 1, 0);
    row("doctor save revealed", Save, K::DoctorSave, "moment.doctorsave.revealed", 0, 1);
    row("wolf votes wolf", WolfOnWolf, K::WolfOnWolf, "moment.wolfonwolf.vote", 0, 1);
    row("wolf accuses wolf", WolfOnWolf, K::WolfOnWolf, "moment.wolfonwolf.accuse", 0, 1);
    row("fake claim", FakeClaim, K::FakeClaim, "moment.fakeclaim", 0, 1);
    row("no counterclaim alone", FakeClaim, K::Counterclaim, "moment.counterclaim", 0, 0);
}

void TstKeyMoments::moment()
{
    QFETCH(int, scenario);
    QFETCH(int, kind);
    QFETCH(QString, templateId);
    QFETCH(int, publicCount);
    QFETCH(int, omniCount);

    Table t = tableWith(23, "moments");
    t.readyAll();
    savedNight(t);
    QVERIFY(t.until(Phase::DayDiscussion));
    const std::string w0 = t.wolf(0);
    const std::string w1 = t.wolf(1);
    const std::string v0 = t.villager(0);
    const std::string v1 = t.villager(1);
    const std::string v2 = t.villager(2);
    const std::string seer = t.seer();
    auto say = [&](const std::string &who, const std::string &text) {
        QVERIFY(t.say(who, text).ok());
    };
    auto n = [&](const std::string &id) {
        return nameOf(t.m, id);
    };

    switch (MomentScenario(scenario)) {
    case Accusation:
        say(v0, "I suspect " + n(v1) + ".");
        break;
    case Claims:
        say(seer, "I am the Seer.");
        say(w0, "That's a lie! I am the Seer, and " + n(v0) + " is a werewolf.");
        break;
    case VouchVote:
        say(v0, "I trust " + n(v1) + ".");
        QVERIFY(t.until(Phase::DayVote));
        QVERIFY(t.vote(v0, v1).ok());
        break;
    case ClaimRevealed:
        say(v0, "I am the Seer.");
        voteOut(t, v0, v1);
        break;
    case VouchedWolf:
        say(v0, n(w0) + " is not a wolf.");
        voteOut(t, w0, v0);
        break;
    case SeerResult:
        say(v0, "I am the Seer: " + n(v1) + " is a werewolf.");
        voteOut(t, v1, v0);
        break;
    case Flip:
        QVERIFY(t.until(Phase::DayVote));
        QVERIFY(t.vote(v0, v1).ok());
        QVERIFY(t.vote(v0, v1).ok()); // same target again: no flip
        QVERIFY(t.vote(v0, v2).ok());
        break;
    case Save:
        break;
    case WolfOnWolf:
        say(w0, "I suspect " + n(w1) + ".");
        QVERIFY(t.until(Phase::DayVote));
        QVERIFY(t.vote(w0, w1).ok());
        break;
    case FakeClaim:
        say(v0, "I'm the seer.");
        break;
    }

    const auto pub = keyMoments(t.m, Viewer::spectator());
    const auto omni = keyMoments(t.m, Viewer::omniscient());
    auto count = [&](const std::vector<KeyMoment> &v) {
        return int(std::count_if(v.begin(), v.end(), [&](const KeyMoment &m) {
            return int(m.kind) == kind && q(m.templateId) == templateId;
        }));
    };
    QCOMPARE(count(pub), publicCount);
    QCOMPARE(count(omni), omniCount);
    for (const KeyMoment &m : pub)
        QVERIFY(!m.omniscient);
    for (const KeyMoment &m : omni) {
        if (int(m.kind) != kind || q(m.templateId) != templateId)
            continue;
        QVERIFY2(m.text.find('{') == std::string::npos, m.text.c_str());
        QVERIFY(!m.eventIds.empty());
        QCOMPARE(m.omniscient,
                 kind == int(KeyMoment::Kind::WolfOnWolf) || kind == int(KeyMoment::Kind::FakeClaim)
                     || templateId.endsWith(QLatin1String(".revealed")));
    }

    // Scenario-specific facts about who and which events.
    switch (MomentScenario(scenario)) {
    case Claims: {
        const auto cc = only(pub, KeyMoment::Kind::Counterclaim);
        QCOMPARE(cc.size(), std::size_t(1));
        QCOMPARE(cc[0].playerIds.front(), w0);
        QCOMPARE(cc[0].args.at("rivalId").get<std::string>(), seer);
        QCOMPARE(cc[0].eventIds.size(), std::size_t(2));
        QCOMPARE(eventById(t.m, cc[0].eventIds[0]).payload.at("playerId").get<std::string>(), seer);
        QCOMPARE(eventById(t.m, cc[0].eventIds[1]).payload.at("playerId").get<std::string>(), w0);
        break;
    }
    case VouchVote: {
        const auto c = only(pub, KeyMoment::Kind::Contradiction);
        QCOMPARE(c.size(), std::size_t(1));
        QCOMPARE_E(eventById(t.m, c[0].eventIds[0]).type, EventType::PublicMessage);
        QCOMPARE_E(eventById(t.m, c[0].eventIds[1]).type, EventType::VoteCast);
        QCOMPARE(c[0].playerIds, (std::vector<std::string>{v0, v1}));
        break;
    }
    case ClaimRevealed: {
        const auto c = only(pub, KeyMoment::Kind::Contradiction);
        QCOMPARE(c.size(), std::size_t(1));
        QVERIFY2(c[0].text.find("a villager") != std::string::npos, c[0].text.c_str());
        QCOMPARE_E(eventById(t.m, c[0].eventIds[1]).type, EventType::PlayerEliminated);
        break;
    }
    case Save: {
        const auto pubSave = only(pub, KeyMoment::Kind::DoctorSave);
        const auto omniSave = only(omni, KeyMoment::Kind::DoctorSave);
        QCOMPARE(pubSave.size(), std::size_t(1));
        QCOMPARE(omniSave.size(), std::size_t(1));
        // Public: nobody named. Omniscient: the doctor and the one saved.
        QVERIFY(pubSave[0].playerIds.empty());
        QVERIFY2(pubSave[0].text.find(n(v0)) == std::string::npos, pubSave[0].text.c_str());
        QVERIFY(pubSave[0].args.dump().find(v0) == std::string::npos);
        QCOMPARE(omniSave[0].playerIds, (std::vector<std::string>{t.doctor(), v0}));
        QVERIFY(omniSave[0].text.find(n(v0)) != std::string::npos);
        QCOMPARE_E(eventById(t.m, omniSave[0].eventIds[0]).type, EventType::NightResolved);
        QCOMPARE_E(eventById(t.m, pubSave[0].eventIds[0]).type, EventType::NightResult);
        QCOMPARE(pubSave[0].day, 1);
        break;
    }
    case Flip: {
        const auto f = only(pub, KeyMoment::Kind::VoteFlip);
        QCOMPARE(f.size(), std::size_t(1));
        QCOMPARE(f[0].args.at("fromId").get<std::string>(), v1);
        QCOMPARE(f[0].args.at("toId").get<std::string>(), v2);
        break;
    }
    default:
        break;
    }
}

void TstKeyMoments::topAccusations()
{
    // Three accusers once each outrank one accuser three times.
    Table t = tableWith(31, "top");
    t.readyAll();
    savedNight(t);
    QVERIFY(t.until(Phase::DayDiscussion));
    const auto &ps = t.s().players;
    const std::string a = ps[0].playerId, b = ps[1].playerId, c = ps[2].playerId,
                      d = ps[3].playerId;
    const std::string crowd = ps[6].playerId, lone = ps[7].playerId;
    QVERIFY(t.say(a, "I suspect " + nameOf(t.m, crowd) + ".").ok());
    QVERIFY(t.say(b, nameOf(t.m, crowd) + " is lying.").ok());
    QVERIFY(t.say(c, "Let's vote " + nameOf(t.m, crowd) + ".").ok());
    for (int i = 0; i < 3; ++i)
        QVERIFY(t.say(d, "I suspect " + nameOf(t.m, lone) + ".").ok());
    QVERIFY(
        t.say(a, "I don't suspect " + nameOf(t.m, lone) + ".").ok()); // a near-miss adds nothing

    auto acc = only(keyMoments(t.m, Viewer::spectator()), KeyMoment::Kind::Accusation);
    QCOMPARE(acc.size(), std::size_t(2));
    std::stable_sort(acc.begin(), acc.end(), [](const KeyMoment &x, const KeyMoment &y) {
        return x.weight > y.weight;
    });
    QCOMPARE(acc[0].playerIds.front(), crowd);
    QCOMPARE(acc[0].args.at("count").get<int>(), 3);
    QCOMPARE(acc[0].args.at("accuserCount").get<int>(), 3);
    QCOMPARE(acc[0].templateId, std::string("moment.accusation.many"));
    QCOMPARE(acc[0].eventIds.size(), std::size_t(3));
    QCOMPARE(acc[1].playerIds.front(), lone);
    QCOMPARE(acc[1].templateId, std::string("moment.accusation.repeated"));
    QVERIFY(acc[0].weight > acc[1].weight);
}

void TstKeyMoments::vouchThenVoteNeedsSameDay()
{
    // Day 1 vouch, day 2 vote: a change of mind over a night, not a contradiction.
    Table t = tableWith(23, "days");
    t.readyAll();
    savedNight(t);
    QVERIFY(t.until(Phase::DayDiscussion));
    const std::string v0 = t.villager(0), v1 = t.villager(1), v2 = t.villager(2);
    QVERIFY(t.say(v0, "I trust " + nameOf(t.m, v1) + ".").ok());
    QVERIFY(t.until(Phase::DayVote));
    t.step(); // nobody votes on day 1
    QVERIFY(t.until(Phase::Night));
    // Night 2: the doctor saves someone else than last night.
    for (const std::string &w : t.ids(Role::Werewolf))
        QVERIFY(t.kill(w, v2).ok());
    QVERIFY(t.inspect(t.seer(), v2).ok());
    QVERIFY(t.protect(t.doctor(), v2).ok());
    QVERIFY(t.until(Phase::DayVote));
    QCOMPARE(t.s().dayNumber, 2);
    QVERIFY(t.vote(v0, v1).ok());
    QVERIFY(only(keyMoments(t.m, Viewer::spectator()), KeyMoment::Kind::Contradiction).empty());
}

// ---------------------------------------------------------------- boundaries

void TstKeyMoments::eventReferences()
{
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Table t = tableWith(seed, "refs-" + std::to_string(seed));
        playRandom(t, seed);
        for (const Viewer &viewer : {Viewer::spectator(), Viewer::omniscient()}) {
            for (const KeyMoment &m : keyMoments(t.m, viewer)) {
                QVERIFY(!m.eventIds.empty());
                std::uint64_t last = 0;
                for (const std::string &id : m.eventIds) {
                    const auto seq = seqFromEventId(t.m.matchId(), id);
                    QVERIFY2(seq && *seq >= 1 && *seq <= t.m.log().size(), id.c_str());
                    const Event &e = t.m.log()[*seq - 1];
                    if (!m.omniscient)
                        QVERIFY2(e.audience == Audience::Public, m.templateId.c_str());
                    last = std::max(last, *seq);
                }
                QCOMPARE(m.atSeq, last);
                for (const std::string &p : m.playerIds)
                    QVERIFY(t.m.player(p));
            }
        }
    }
}

void TstKeyMoments::publicViewHasNoSpoilers()
{
    int omniExtras = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        Table t = tableWith(seed, "spoil-" + std::to_string(seed));
        playRandom(t, seed);
        const auto pub = keyMoments(t.m, Viewer::spectator());
        for (const KeyMoment &m : pub) {
            QVERIFY(!m.omniscient);
            QVERIFY(m.kind != KeyMoment::Kind::WolfOnWolf && m.kind != KeyMoment::Kind::FakeClaim);
        }
        // Every player sees exactly the spectator's moments, whatever their role.
        for (const Player &p : t.s().players)
            QVERIFY(sameMoments(keyMoments(t.m, Viewer::forPlayer(p.playerId)), pub));
        const auto omni = keyMoments(t.m, Viewer::omniscient());
        for (const KeyMoment &m : omni)
            omniExtras += m.omniscient ? 1 : 0;
        // The omniscient view keeps every public moment, except that each
        // anonymous save is replaced by its revealed version.
        std::vector<std::string> kept;
        for (const KeyMoment &m : omni)
            if (!m.omniscient)
                kept.push_back(m.text);
        std::vector<std::string> expected;
        for (const KeyMoment &m : pub)
            if (m.kind != KeyMoment::Kind::DoctorSave)
                expected.push_back(m.text);
        QVERIFY(kept == expected);
        QCOMPARE(only(omni, KeyMoment::Kind::DoctorSave).size(),
                 only(pub, KeyMoment::Kind::DoctorSave).size());
    }
    QVERIFY(omniExtras > 0);
}

void TstKeyMoments::determinism()
{
    for (std::uint64_t seed : {4u, 9u, 16u}) {
        Table t = tableWith(seed, "det-" + std::to_string(seed));
        playRandom(t, seed);
        const auto replayed = Match::replay(t.m.log());
        QVERIFY(replayed);
        for (const Viewer &viewer : {Viewer::spectator(), Viewer::omniscient()}) {
            const auto a = keyMoments(t.m, viewer);
            QVERIFY(!a.empty());
            QVERIFY(sameMoments(a, keyMoments(t.m, viewer)));
            QVERIFY(sameMoments(a, keyMoments(*replayed, viewer)));
            QVERIFY(std::is_sorted(a.begin(), a.end(), [](const KeyMoment &x, const KeyMoment &y) {
                return x.atSeq < y.atSeq;
            }));
        }
    }
}

void TstKeyMoments::catalogue()
{
    std::set<std::string> ids;
    for (const KeyMomentTemplate &tpl : keyMomentTemplates())
        QVERIFY2(ids.insert(std::string(tpl.id)).second, tpl.id.data());
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        Table t = tableWith(seed, "cat-" + std::to_string(seed));
        playRandom(t, seed);
        for (const KeyMoment &m : keyMoments(t.m, Viewer::omniscient())) {
            QVERIFY2(ids.count(m.templateId), m.templateId.c_str());
            QVERIFY2(m.text.find('{') == std::string::npos, m.text.c_str());
            QVERIFY(m.weight >= 1);
        }
    }
}

void TstKeyMoments::cost()
{
    // A long match (500+ events, mostly speech) must be cheap to recompute:
    // the UI does it as events arrive.
    Table t = tableWith(77, "cost");
    playRandom(t, 77, 80);
    QVERIFY(t.m.log().size() >= 500);
    const int rounds = qEnvironmentVariableIntValue("KM_ROUNDS") > 0
                           ? qEnvironmentVariableIntValue("KM_ROUNDS")
                           : 50;
    std::size_t moments = 0;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < rounds; ++i)
        moments += keyMoments(t.m, Viewer::omniscient()).size();
    const double ms = double(timer.nsecsElapsed()) / 1e6 / rounds;
    qInfo("keyMoments: %zu events, %zu moments, %.3f ms per pass",
          t.m.log().size(),
          moments / rounds,
          ms);
    QVERIFY(moments > 0);
    QVERIFY2(ms < 25.0, "generous bound for a loaded machine; typical is well under 1 ms");
}

QTEST_APPLESS_MAIN(TstKeyMoments)
#include "tst_keymoments.moc"
