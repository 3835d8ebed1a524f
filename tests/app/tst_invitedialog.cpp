// SPDX-License-Identifier: MIT
// Match → Invite players… through the real host thread (GuiHost): the dialog
// starts the players' listener (another port when the one asked is busy),
// adds two seats for people, shows a row per seat whose QR code decodes
// (zbarimg, Debian zbar-tools) to exactly its join URL, and that URL serves
// the seat's page over a real socket; the status follows the page's socket
// and the match; Copy puts the URL on the clipboard; a revoked seat's URL
// answers the very 404 of a wrong code.

#include "app/guihost.h"
#include "app/guihosttestaccess.h"
#include "guihostfixture.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/play/invitedialog.h"
#include "ui/play/qrcode.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

using namespace townhall;
using townhall::app::GuiHostTestAccess;
using townhall::ui::InviteDialog;

namespace {

/// What zbarimg reads in `image` (its --raw output, one line per code).
QString decodeQr(const QImage &image, const QString &dir, QString *why)
{
    const QString zbar = QStandardPaths::findExecutable(QStringLiteral("zbarimg"));
    if (zbar.isEmpty()) {
        *why = QStringLiteral("zbarimg is missing (Debian: zbar-tools; scripts/bootstrap.sh "
                              "installs it)");
        return {};
    }
    static int n = 0;
    const QString file = dir + QStringLiteral("/qr-%1.png").arg(++n);
    if (!image.save(file)) {
        *why = QStringLiteral("cannot write ") + file;
        return {};
    }
    QProcess p;
    p.start(zbar, {QStringLiteral("--raw"), QStringLiteral("-q"), file});
    if (!p.waitForFinished(30'000) || p.exitCode() != 0) {
        *why
            = QStringLiteral("zbarimg failed: ") + QString::fromLocal8Bit(p.readAllStandardError());
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

struct Reply
{
    int status = 0;
    QByteArray body;
};

Reply get(QNetworkAccessManager &net, const QString &url)
{
    QNetworkReply *r = net.get(QNetworkRequest(QUrl(url)));
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(10'000);
    Reply out{r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), r->readAll()};
    r->deleteLater();
    return out;
}

} // namespace

class tst_InviteDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void qrCodeIsCrispAndDecodes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray text = "http://192.168.1.20:8790/play/3q2-Xr8vTQ6m0Yb1cZk9Aw";
        const int module = ui::qrModuleSize(text, InviteDialog::QrSide);
        const QImage qr = ui::qrCodeImage(text, module);
        QVERIFY(!qr.isNull());
        QVERIFY(qr.width() <= InviteDialog::QrSide);
        QCOMPARE(qr.width(), qr.height());
        QCOMPARE(qr.width() % module, 0);
        // Pure dark and light pixels (no smoothing), a light quiet zone all round.
        int dark = 0;
        for (int y = 0; y < qr.height(); ++y)
            for (int x = 0; x < qr.width(); ++x) {
                const int g = qGray(qr.pixel(x, y));
                QVERIFY2(g == 0 || g == 255, qPrintable(QStringLiteral("gray %1").arg(g)));
                const bool quiet = x < ui::QrQuietZone * module || y < ui::QrQuietZone * module
                                   || x >= qr.width() - ui::QrQuietZone * module
                                   || y >= qr.height() - ui::QrQuietZone * module;
                if (quiet)
                    QCOMPARE(g, 255);
                dark += g == 0;
            }
        QVERIFY(dark > qr.width()); // something is drawn
        QString why;
        QCOMPARE(decodeQr(qr, dir.path(), &why), QString::fromLatin1(text));
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void invitePlayersThroughTheHost()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        testing::GuiApp a(testing::fastGuiOptions());
        QVERIFY(a.start());
        QVERIFY(a.window.inviteAction());
        a.window.inviteAction()->trigger();
        InviteDialog *d = a.window.inviteDialog();
        QVERIFY(d);
        QVERIFY(QTest::qWaitForWindowExposed(d));
        QVERIFY(!d->addButton()->isEnabled()); // nothing listens yet
        // The host's LAN address by default (127.0.0.1 on a machine without one).
        QTRY_VERIFY(!QHostAddress(d->addressEdit()->text()).isNull());
        QCOMPARE(d->portBox()->value(), InviteDialog::DefaultPort);

        // Not an address: said, and the host can try again.
        d->addressEdit()->setText(QStringLiteral("phone.local"));
        QTest::mouseClick(d->listenButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(d->listenerLabel()->text().contains(QStringLiteral("phone.local")),
                                 10'000);
        QVERIFY(d->listenerLabel()->text().startsWith(QStringLiteral("Not listening")));
        QVERIFY(d->listenButton()->isEnabled());
        QVERIFY(!d->addButton()->isEnabled());

        // A busy port: the listener takes another.
        QTcpServer busy;
        QVERIFY(busy.listen(QHostAddress::LocalHost, 0));
        d->addressEdit()->setText(QStringLiteral("127.0.0.1"));
        d->portBox()->setValue(busy.serverPort());
        QTest::mouseClick(d->listenButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(d->addButton()->isEnabled(), 10'000);
        const int port = d->portBox()->value();
        QVERIFY(port > 0 && port != busy.serverPort());
        QVERIFY2(d->listenerLabel()->text().contains(QStringLiteral("127.0.0.1:%1").arg(port)),
                 qPrintable(d->listenerLabel()->text()));
        QVERIFY(!d->listenButton()->isEnabled());

        // Two seats, named in the dialog.
        d->countBox()->setValue(2);
        QCOMPARE(d->nameEdits().size(), 2);
        QCOMPARE(d->nameEdits().at(1)->text(), QStringLiteral("Person 2"));
        d->nameEdits().at(0)->setText(QStringLiteral("Ada"));
        QTest::mouseClick(d->addButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(d->rowCount(), 2, 10'000);
        QCOMPARE(d->seatAt(0).name, QStringLiteral("Ada"));
        QCOMPARE(d->seatAt(1).name, QStringLiteral("Person 2"));
        QCOMPARE(d->nameEdits().at(0)->text(), QStringLiteral("Person 3")); // the next ones

        QNetworkAccessManager net;
        const QString prefix = QStringLiteral("http://127.0.0.1:%1/play/").arg(port);
        const Reply wrong = get(net, prefix + QStringLiteral("AAAAAAAAAAAAAAAAAAAAAA"));
        QCOMPARE(wrong.status, 404);
        QStringList urls;
        for (int row = 0; row < 2; ++row) {
            const QString url = d->seatAt(row).joinUrl;
            QVERIFY2(url.startsWith(prefix), qPrintable(url));
            QCOMPARE(d->joinLabel(row)->text(), QStringLiteral("join: ") + url);
            QVERIFY(d->statusLabel(row)->text().contains(QStringLiteral("waiting")));
            // What a phone's camera reads is exactly the join URL.
            const QPixmap qr = d->qrLabel(row)->pixmap();
            QVERIFY(!qr.isNull());
            QVERIFY(d->qrLabel(row)->isVisible());
            QString why;
            QCOMPARE(decodeQr(qr.toImage(), dir.path(), &why), url);
            QVERIFY2(why.isEmpty(), qPrintable(why));
            const Reply page = get(net, url);
            QCOMPARE(page.status, 200);
            QVERIFY(page.body.contains("<html"));
            urls << url;
            // Every control says what it is.
            for (QWidget *w : {static_cast<QWidget *>(d->qrLabel(row)),
                               static_cast<QWidget *>(d->copyButton(row)),
                               static_cast<QWidget *>(d->revokeButton(row)),
                               static_cast<QWidget *>(d->joinLabel(row))})
                QVERIFY(w->accessibleName().contains(d->seatAt(row).name));
        }
        QVERIFY(urls.at(0) != urls.at(1));

        // Copy puts exactly the URL on the clipboard.
        QApplication::clipboard()->clear();
        QTest::mouseClick(d->copyButton(1), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), urls.at(1));

        // The second person opens the page's socket: the row says so; the
        // seats fill a table with bots: the row names the match and the seat.
        QWebSocket phone;
        QSignalSpy opened(&phone, &QWebSocket::connected);
        QString ws = urls.at(1) + QStringLiteral("/ws");
        ws.replace(0, 4, QStringLiteral("ws"));
        phone.open(QUrl(ws));
        QVERIFY(opened.wait(10'000));
        QTRY_VERIFY_WITH_TIMEOUT(d->seatAt(1).connected, 10'000);
        QVERIFY(d->statusLabel(1)->text().contains(QStringLiteral("connected")));
        QVERIFY(!d->seatAt(0).connected);
        int seats = 0;
        GuiHostTestAccess::runInHost(a.host, [&seats](host::Host &h) { seats = h.seatCount(); });
        QVERIFY(seats > 2);
        Q_EMIT a.link.fillSeatsRequested(seats - 2);
        QTRY_VERIFY_WITH_TIMEOUT(!d->seatAt(1).matchId.isEmpty(), 20'000);
        QVERIFY(d->seatAt(1).playerId.startsWith(QStringLiteral("p:")));
        QCOMPARE(d->statusLabel(1)->text().left(3 + d->seatAt(1).matchId.size()),
                 QStringLiteral("in ") + d->seatAt(1).matchId);
        QVERIFY(d->statusLabel(1)->text().contains(d->seatAt(1).playerId));

        // Revoked: the row says so, and its URL is the same 404 as a wrong code.
        QTest::mouseClick(d->revokeButton(0), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(d->seatAt(0).revoked, 10'000);
        QVERIFY(d->statusLabel(0)->text().contains(QStringLiteral("Revoked")));
        QVERIFY(!d->copyButton(0)->isEnabled());
        QVERIFY(!d->revokeButton(0)->isEnabled());
        QVERIFY(!d->qrLabel(0)->isVisible());
        const Reply revoked = get(net, urls.at(0));
        QCOMPARE(revoked.status, wrong.status);
        QCOMPARE(revoked.body, wrong.body);
        QCOMPARE(get(net, urls.at(1)).status, 200); // the other seat still opens
    }
};

QTEST_MAIN(tst_InviteDialog)
#include "tst_invitedialog.moc"
