// SPDX-License-Identifier: MIT
// Match → Invite players… on the real host (GuiHost): the players' pages
// served on this machine's LAN address, two seats offered, the first one's
// page open (as a phone would hold it). Refreshes
// docs/screenshots/25-invite-players.png. Exits non-zero if a key widget is
// missing or empty.
//   invite_screenshot <output-dir> [--language zh_CN]

#include "shotcheck.h"

#include "app/guihost.h"
#include "ui/hostlink.h"
#include "ui/mainwindow.h"
#include "ui/play/invitedialog.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QWebSocket>

using namespace townhall;
using namespace townhall::ui;
using shots::check;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    shots::begin("invite_screenshot");
    const QStringList args = app.arguments();
    const QString dir = shots::outputDir(args);
    if (dir.isEmpty())
        return 2;
    const auto language = shots::languageOption(args, QStringLiteral(TOWNHALL_QM_DIR));
    if (!language)
        return 2;
    const QString prefix = *language; // "zh_CN-" before a translation's file names

    QTemporaryDir data;
    app::GuiHostOptions o;
    o.host.dbPath = data.filePath(QStringLiteral("townhall.sqlite"));
    o.port = 0;
    HostLink link;
    MainWindow main(&link);
    main.resize(1280, 800);
    main.show();
    app::GuiHost host(o, &link);
    host.start();
    check(shots::waitUntil(
              &link, &HostLink::serverInfo, [&] { return !main.mcpUrl().isEmpty(); }, 20'000),
          "host started");

    main.inviteAction()->trigger();
    InviteDialog *d = main.inviteDialog();
    check(d != nullptr, "dialog opened");
    if (shots::failures)
        return 1;
    // The defaults: this machine's LAN address, the usual port (any free one if busy).
    check(shots::waitUntil(
              &link,
              &HostLink::playersListener,
              [&] { return !d->addressEdit()->text().isEmpty(); },
              10'000),
          "LAN address shown");
    d->listenButton()->click();
    check(
        shots::waitUntil(
            &link, &HostLink::playersListener, [&] { return d->addButton()->isEnabled(); }, 10'000),
        "listening");
    d->countBox()->setValue(2);
    d->nameEdits().at(0)->setText(QStringLiteral("Ada"));
    d->nameEdits().at(1)->setText(QStringLiteral("Bo"));
    d->addButton()->click();
    check(shots::waitUntil(
              &link, &HostLink::invitedSeats, [&] { return d->rowCount() == 2; }, 10'000),
          "two rows");
    if (shots::failures)
        return 1;
    // Ada's phone holds her page.
    QWebSocket phone;
    QString ws = d->seatAt(0).joinUrl + QStringLiteral("/ws");
    ws.replace(0, 4, QStringLiteral("ws"));
    phone.open(QUrl(ws));
    check(shots::waitUntil(
              &link, &HostLink::invitedSeats, [&] { return d->seatAt(0).connected; }, 10'000),
          "Ada's page connected");
    for (int row = 0; row < 2; ++row) {
        check(!d->qrLabel(row)->pixmap().isNull(), "QR code drawn");
        check(d->joinLabel(row)->text().contains(d->seatAt(row).joinUrl), "join line shown");
    }
    d->resize(680, 820);
    d->copyButton(0)->setFocus(); // not the seat count's selected digits
    shots::shoot(*d, dir, prefix + QStringLiteral("25-invite-players"));
    phone.close();
    host.stop();
    return shots::failures ? 1 : 0;
}
