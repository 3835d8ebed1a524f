// SPDX-License-Identifier: MIT
// The Simplified Chinese translation: complete in the .ts file, and in the
// main window no visible string is left in English (walking the widget tree).

#include "fixtures.h"
#include "tests/engine/table.h"

#include "ui/i18n.h"
#include "ui/keymomentsmodel.h"
#include "ui/mainwindow.h"
#include "ui/narratorticker.h"
#include "ui/phaseheader.h"
#include "ui/play/invitedialog.h"
#include "ui/play/playerpanel.h"
#include "ui/playersmodel.h"
#include "ui/settingsdialog.h"
#include "ui/spectatorpanel.h"
#include "ui/timelineview.h"
#include "ui/transcriptmodel.h"
#include "ui/uitext.h"
#include "ui/votetallyview.h"

#include "engine/playerdocument.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTest>
#include <QToolBar>
#include <QXmlStreamReader>

using namespace townhall;
using namespace townhall::ui;

namespace {

bool hasCjk(const QString &s)
{
    for (QChar c : s)
        if ((c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            || (c.unicode() >= 0x3000 && c.unicode() <= 0x303F))
            return true;
    return false;
}

/// Every string the user can see in `root`'s visible widgets, with where it was found.
QList<std::pair<QString, QString>> visibleStrings(QWidget *root)
{
    QList<std::pair<QString, QString>> out;
    auto add = [&out](QObject *o, const char *what, const QString &s) {
        if (!s.trimmed().isEmpty())
            out.append({QString::fromLatin1(o->metaObject()->className()) + QLatin1Char('.')
                            + QLatin1String(what) + QLatin1Char(' ') + o->objectName(),
                        s});
    };
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : widgets) {
        if (!w->isVisibleTo(root) && w != root)
            continue;
        add(w, "toolTip", w->toolTip());
        add(w, "accessibleName", w->accessibleName());
        if (w->isWindow())
            add(w, "windowTitle", w->windowTitle());
        if (auto *l = qobject_cast<QLabel *>(w))
            add(l, "text", l->text());
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            add(b, "text", b->text());
        if (auto *e = qobject_cast<QLineEdit *>(w))
            add(e, "placeholder", e->placeholderText());
        if (auto *g = qobject_cast<QGroupBox *>(w))
            add(g, "title", g->title());
        if (auto *s = qobject_cast<QSpinBox *>(w))
            add(s, "suffix", s->suffix());
        if (auto *c = qobject_cast<QComboBox *>(w))
            for (int i = 0; i < c->count(); ++i)
                add(c, "item", c->itemText(i));
        if (auto *m = qobject_cast<QMenu *>(w))
            add(m, "title", m->title());
        for (QAction *a : w->actions()) {
            add(a, "text", a->text());
            add(a, "toolTip", a->toolTip());
            if (a->menu())
                add(a->menu(), "title", a->menu()->title());
        }
    }
    if (auto *mw = qobject_cast<QMainWindow *>(root))
        for (QAction *a : mw->menuBar()->actions()) {
            add(a, "menu", a->text());
            for (QAction *item : a->menu()->actions())
                add(item, "menuItem", item->text());
        }
    return out;
}

/// Strings the user sees that are not ours to translate: agents' names, the
/// URL, the protocol's name, digits and symbols.
QString withoutProperNames(QString s, const QStringList &names)
{
    for (const QString &n : names)
        s.remove(n);
    static const QRegularExpression url(QStringLiteral("https?://\\S+"));
    s.remove(url);
    s.remove(QStringLiteral("MCP"));
    return s;
}

bool englishWords(const QString &s)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{2,}"));
    return word.match(s).hasMatch();
}

} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        Languages::install(QLocale(QLocale::English), QStringLiteral(TOWNHALL_QM_DIR));
    }

    void tsFileIsComplete_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("zh_CN") << QStringLiteral(TOWNHALL_TS_DIR "/townhall_zh_CN.ts");
        QTest::newRow("en") << QStringLiteral(TOWNHALL_TS_DIR "/townhall_en.ts");
    }

    void tsFileIsComplete()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        QXmlStreamReader xml(&f);
        int messages = 0;
        int finished = 0;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("message")) {
                ++messages;
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                QVERIFY2(type.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(type, source)));
                bool any = false;
                // Plain text, or <numerusform> children.
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                any = !text.trimmed().isEmpty();
                QVERIFY2(any, qPrintable(QStringLiteral("empty translation: %1").arg(source)));
                ++finished;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > 300);
        QCOMPARE(finished, messages);
    }

    void mainWindowInChinese()
    {
        QVERIFY(Languages::install(QLocale(QLocale::Chinese, QLocale::China),
                                   QStringLiteral(TOWNHALL_QM_DIR)));
        HostLink link;
        MainWindow w(&link);
        DevFeed feed(&link);
        w.setClock([&feed] { return feed.now(); });
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        Q_EMIT link.serverInfo(
            QStringLiteral("http://127.0.0.1:8787/mcp"),
            QCoreApplication::translate("townhall::host::HostWorker", "listening"));
        feed.sendQueue({QStringLiteral("Quinn"), QStringLiteral("Rosa")});
        const QString id = feed.startMatch(42);
        feed.stepUntil(id, [](const engine::Match &m) {
            if (m.state().phase != engine::Phase::DayVote || m.state().dayNumber < 2)
                return false;
            int voted = 0;
            for (const engine::Player &p : m.state().players)
                voted += p.voted;
            return voted >= 3;
        });
        w.omniscientAction()->setChecked(true);
        QTest::qWait(50);

        // A few widgets in Chinese.
        QVERIFY2(hasCjk(w.windowTitle()), qPrintable(w.windowTitle()));
        QVERIFY(hasCjk(w.omniscientAction()->text()));
        QVERIFY(hasCjk(w.demoAction()->text()));
        SpectatorPanel *panel = w.spectatorPanel();
        QVERIFY2(hasCjk(panel->header()->phaseText()), qPrintable(panel->header()->phaseText()));
        QVERIFY(hasCjk(panel->header()->titleText()));
        QVERIFY(hasCjk(panel->voteTallyView()->accessibleDescription()));
        QVERIFY(hasCjk(panel->ticker()->accessibleDescription()));

        // No visible string of the window is left in English.
        QStringList names;
        for (const engine::Player &p : w.controller()->liveMatch()->state().players)
            names << qs(p.displayName);
        names << QStringLiteral("Quinn") << QStringLiteral("Rosa");
        QStringList english;
        const auto strings = visibleStrings(&w);
        QVERIFY(strings.size() > 40);
        for (const auto &[where, text] : strings) {
            const QString rest = withoutProperNames(text, names);
            if (englishWords(rest) && !hasCjk(rest))
                english << where + QStringLiteral(": ") + text;
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));

        // Painted views: the models' texts, except what agents said.
        auto modelTexts = [&](QAbstractItemModel *model, int role, auto skip) {
            for (int r = 0; r < model->rowCount(); ++r) {
                const QModelIndex i = model->index(r, 0);
                if (skip(i))
                    continue;
                const QString rest = withoutProperNames(i.data(role).toString(), names);
                if (englishWords(rest) && !hasCjk(rest))
                    english << QStringLiteral("%1 row %2: %3")
                                   .arg(QString::fromLatin1(model->metaObject()->className()))
                                   .arg(r)
                                   .arg(i.data(role).toString());
            }
        };
        modelTexts(
            w.controller()->transcript(), TranscriptModel::TextRole, [](const QModelIndex &i) {
                const auto k
                    = TranscriptModel::EntryKind(i.data(TranscriptModel::KindRole).toInt());
                return k == TranscriptModel::EntryKind::Speech
                       || k == TranscriptModel::EntryKind::WolfChat
                       || k == TranscriptModel::EntryKind::Vote; // votes quote the voter's reason
            });
        modelTexts(w.controller()->transcript(), TranscriptModel::TagRole, [](const QModelIndex &) {
            return false;
        });
        modelTexts(w.controller()->keyMoments(),
                   KeyMomentsModel::TextRole,
                   [](const QModelIndex &) { return false; });
        modelTexts(w.controller()->players(), PlayersModel::RoleNameRole, [](const QModelIndex &) {
            return false;
        });
        QVERIFY(w.controller()->keyMoments()->rowCount() > 0);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));

        // The settings dialog too.
        SettingsDialog dlg(&w);
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        for (const auto &[where, text] : visibleStrings(&dlg)) {
            const QString rest = withoutProperNames(text, {QStringLiteral("English")});
            if (englishWords(rest) && !hasCjk(rest))
                english << where + QStringLiteral(": ") + text;
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    }

    void englishStaysEnglish()
    {
        QVERIFY(Languages::install(QLocale(QLocale::English, QLocale::UnitedStates),
                                   QStringLiteral(TOWNHALL_QM_DIR)));
        HostLink link;
        MainWindow w(&link);
        QCOMPARE(w.windowTitle(), QStringLiteral("Town Hall"));
        QCOMPARE(w.omniscientAction()->text(), QStringLiteral("&Omniscient view"));
        QVERIFY(!hasCjk(w.spectatorPanel()->header()->phaseText()));
        QCOMPARE(UiText::votes(1), QStringLiteral("1 vote"));
        QCOMPARE(UiText::votes(3), QStringLiteral("3 votes"));
    }

    void playerPanelInChinese()
    {
        QVERIFY(Languages::install(QLocale(QLocale::Chinese, QLocale::China),
                                   QStringLiteral(TOWNHALL_QM_DIR)));
        // The seer in a vote, after a night with a check and a death.
        engine::test::Table t(42);
        t.readyAll();
        QVERIFY(t.until(engine::Phase::Night));
        const std::string seer = t.seer();
        const std::string wolf = t.wolf(0);
        QVERIFY_OK(t.kill(wolf, t.villager(0)));
        QVERIFY_OK(t.kill(t.wolf(1), t.villager(0)));
        QVERIFY_OK(t.inspect(seer, wolf));
        QVERIFY(t.until(engine::Phase::DayVote));
        QVERIFY_OK(t.vote(wolf, seer));
        PlayerPanel p;
        engine::HumanSeatStatus seat;
        seat.missedInARow = 1;
        p.setDocument(
            QByteArray::fromStdString(engine::playerDocument(t.m, seer, seat, t.now).dump()));
        p.resize(520, 900);
        p.show();
        QVERIFY(QTest::qWaitForWindowExposed(&p));
        QVERIFY(hasCjk(p.roleLabel()->text()));
        QStringList names;
        for (const engine::Player &pl : t.s().players)
            names << qs(pl.displayName);
        QStringList english;
        auto look = [&](const QString &where, const QString &text) {
            const QString rest = withoutProperNames(text, names);
            if (englishWords(rest) && !hasCjk(rest))
                english << where + QStringLiteral(": ") + text;
        };
        for (const auto &[where, text] : visibleStrings(&p))
            look(where, text);
        for (int i = 0; i < p.transcript()->count(); ++i)
            look(QStringLiteral("transcript"), p.transcript()->item(i)->text());
        QVERIFY(p.transcript()->count() > 3);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    }

    void inviteDialogInChinese()
    {
        QVERIFY(Languages::install(QLocale(QLocale::Chinese, QLocale::China),
                                   QStringLiteral(TOWNHALL_QM_DIR)));
        HostLink link;
        InviteDialog d(&link);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        const QString lan = QStringLiteral("192.168.1.20");
        Q_EMIT link.playersListener({lan, 8790, {}, lan});
        const QString url = QStringLiteral("http://192.168.1.20:8790/play/");
        // In a match with its page open and the stand-in playing; waiting; revoked.
        Q_EMIT link.invitedSeats(
            {{QStringLiteral("c1"),
              QStringLiteral("Ada"),
              url + QStringLiteral("c1"),
              QStringLiteral("match-1"),
              QStringLiteral("p:3"),
              true,
              true,
              false},
             {QStringLiteral("c2"),
              QStringLiteral("Bo"),
              url + QStringLiteral("c2"),
              {},
              {},
              false,
              false,
              false},
             {QStringLiteral("c3"), QStringLiteral("Cy"), {}, {}, {}, false, false, true}});
        QCOMPARE(d.rowCount(), 3);
        QTRY_VERIFY(d.copyButton(2)->isVisible()); // a layout shows new rows from the event loop
        QVERIFY(hasCjk(d.statusLabel(0)->text()));
        const QStringList names{QStringLiteral("Ada"),
                                QStringLiteral("Bo"),
                                QStringLiteral("Cy"),
                                QStringLiteral("match-1")};
        QStringList english;
        for (const auto &[where, text] : visibleStrings(&d)) {
            const QString rest = withoutProperNames(text, names);
            if (englishWords(rest) && !hasCjk(rest))
                english << where + QStringLiteral(": ") + text;
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    }

    void untranslatedLanguageFallsBackToEnglish()
    {
        QVERIFY(!Languages::install(QLocale(QLocale::German, QLocale::Germany),
                                    QStringLiteral(TOWNHALL_QM_DIR)));
        QCOMPARE(Languages::installed(), QStringLiteral("en_US"));
        QCOMPARE(UiText::votes(2), QStringLiteral("2 votes")); // English plurals, not "2 vote(s)"
        QCOMPARE(QLocale().language(), QLocale::English);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
