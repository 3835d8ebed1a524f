// SPDX-License-Identifier: MIT
// The broadcast window on a real host: the Host and its MCP service in their
// thread with bots at high speed, the window fed by the host's own spectator
// feed (ws://127.0.0.1:PORT/spectate). It follows the match, and none of its
// widgets ever holds wolf chat or the role of a living player, even while
// the main window shows the omniscient view.

#include "guihostfixture.h"

#include "../ui/widgettexts.h"

#include "ui/broadcastwindow.h"
#include "ui/feedclient.h"
#include "ui/phaseheader.h"
#include "ui/playersmodel.h"
#include "ui/replicaset.h"
#include "ui/uitext.h"

#include "engine/keymoments.h"

#include <QAction>
#include <QStandardPaths>
#include <QTest>

using namespace townhall;
using townhall::ui::BroadcastWindow;
using townhall::ui::FeedClient;

namespace {

/// What the broadcast must never show, as the host knows it now: every wolf
/// chat line, the omniscient key moments (a fake claim, a wolf voting for a
/// wolf) and the night actions the host's omniscient roster shows. Roles of
/// living players are checked on the roster's data (livingWithKnownRole):
/// a name next to a role name in public speech ("Dmitri claims to be the
/// seer") is no secret.
struct Secrets
{
    QStringList texts;

    Secrets(const engine::Match &full, const ui::PlayersModel &hostRoster)
    {
        for (const engine::Event &e : full.log())
            if (e.type == engine::EventType::WolfChatMessage)
                texts << QString::fromStdString(e.payload.value("text", std::string()));
        for (const engine::KeyMoment &k : engine::keyMoments(full, engine::Viewer::omniscient()))
            if (k.omniscient)
                texts << QString::fromStdString(k.text);
        for (int r = 0; r < hostRoster.rowCount(); ++r)
            texts << hostRoster.index(r, ui::PlayersModel::NameColumn)
                         .data(ui::PlayersModel::NightActionRole)
                         .toString();
        texts.removeAll(QString());
    }
    /// The first text that gives a secret away, or empty.
    QString leak(const QStringList &shown) const
    {
        for (const QString &t : shown)
            for (const QString &secret : texts)
                if (t.contains(secret))
                    return t;
        return {};
    }
};

} // namespace

class TstBroadcastApp final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void followsTheRealFeedAndKeepsSecrets()
    {
        testing::GuiApp app(testing::fastGuiOptions());
        QVERIFY(app.start());
        QTRY_VERIFY_WITH_TIMEOUT(!app.window.mcpUrl().isEmpty(), 20'000);
        app.window.omniscientAction()->setChecked(true);
        QVERIFY(app.window.controller()->omniscient());
        app.window.demoAction()->trigger();
        app.window.broadcastAction()->trigger();
        BroadcastWindow *w = app.window.broadcastWindow();
        QVERIFY(w);
        w->setDelaySeconds(0);
        QCOMPARE(w->feedUrl().path(), QStringLiteral("/spectate"));
        QCOMPARE(w->feedUrl().port(), QUrl(app.window.mcpUrl()).port());
        QTRY_COMPARE_WITH_TIMEOUT(w->feed()->state(), FeedClient::State::Connected, 20'000);
        QTRY_VERIFY_WITH_TIMEOUT(!w->shownMatch().isEmpty(), 30'000);
        const QString id = w->shownMatch();
        QVERIFY(w->replicas()->match(id)->publicOnly());

        // Every time the broadcast's replica moves, nothing hidden may show.
        int checks = 0;
        int mostSecrets = 0;
        QString leaked;
        connect(w->replicas(), &ui::ReplicaSet::matchAdvanced, this, [&] {
            // The window's widgets were synced by the same signal, before this.
            const engine::Match *full = app.window.replicas()->match(id);
            if (!full || !leaked.isEmpty())
                return;
            const Secrets secrets(*full, *app.window.controller()->players());
            mostSecrets = std::max(mostSecrets, int(secrets.texts.size()));
            leaked = secrets.leak(ui::test::broadcastTexts(*w));
            if (const QStringList known = ui::test::livingWithKnownRole(*w);
                leaked.isEmpty() && !known.isEmpty())
                leaked = QStringLiteral("the role of %1 in the roster").arg(known.join(u", "));
            ++checks;
        });

        // Until the first vote is resolved in the broadcast.
        const auto voted = [&] {
            for (const engine::Event &e : w->replicas()->match(id)->log())
                if (e.type == engine::EventType::VoteResult)
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(voted(), 180'000);
        QVERIFY2(leaked.isEmpty(), qPrintable(QStringLiteral("leaked: %1").arg(leaked)));
        QVERIFY2(checks > 10, qPrintable(QString::number(checks)));
        QVERIFY(mostSecrets > 0); // there was something to keep
        // The header shows the phase the public replica is in (both are
        // synced by the same signal; nothing runs in between here).
        const engine::Match *pub = w->replicas()->match(id);
        if (!pub->ended())
            QVERIFY2(w->header()->phaseText().contains(ui::UiText::phaseName(pub->state().phase)),
                     qPrintable(w->header()->phaseText()));
        // The host's own replica is omniscient and holds more than the feed.
        const engine::Match *full = app.window.replicas()->match(id);
        QVERIFY(full->log().size() > pub->log().size());
        QVERIFY(Secrets(*full, *app.window.controller()->players())
                    .leak(ui::test::broadcastTexts(*w))
                    .isEmpty());
        w->close();
    }
};

QTEST_MAIN(TstBroadcastApp)
#include "tst_broadcastapp.moc"
