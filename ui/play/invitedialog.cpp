// SPDX-License-Identifier: MIT
#include "ui/play/invitedialog.h"

#include "ui/hostlink.h"
#include "ui/play/qrcode.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace townhall::ui {

InviteDialog::InviteDialog(HostLink *link, QWidget *parent)
    : QDialog(parent)
    , m_link(link)
{
    setWindowTitle(tr("Invite players"));
    setAccessibleName(tr("Invite players"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildListener());
    layout->addWidget(buildAdding());

    auto *seats = new QGroupBox(tr("Seats offered"), this);
    seats->setAccessibleName(tr("Seats offered"));
    auto *seatsLayout = new QVBoxLayout(seats);
    m_noSeats = new QLabel(tr("No seat offered yet."), seats);
    seatsLayout->addWidget(m_noSeats);
    auto *scroll = new QScrollArea(seats);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAccessibleName(tr("Seats offered"));
    auto *rows = new QWidget(scroll);
    m_rowList = new QVBoxLayout(rows);
    m_rowList->setContentsMargins(0, 0, 0, 0);
    m_rowList->addStretch(1);
    scroll->setWidget(rows);
    seatsLayout->addWidget(scroll, 1);
    layout->addWidget(seats, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_link, &HostLink::playersListener, this, &InviteDialog::setListener);
    connect(m_link, &HostLink::invitedSeats, this, &InviteDialog::setSeats);
    setListener({});
    resize(640, 720);
    Q_EMIT m_link->invitesWanted();
}

InviteDialog::~InviteDialog() = default;

QWidget *InviteDialog::buildListener()
{
    auto *box = new QGroupBox(tr("The players' pages"), this);
    box->setAccessibleName(tr("The players' pages"));
    auto *layout = new QVBoxLayout(box);
    auto *about = new QLabel(
        tr("People on this network play their seats in a web page, on a phone or a laptop. "
           "This address serves those pages and nothing else: no MCP, no spectator feed, no "
           "omniscient view. Each seat's link is its key."),
        box);
    about->setWordWrap(true);
    layout->addWidget(about);

    auto *row = new QHBoxLayout;
    auto *addressLabel = new QLabel(tr("&Address:"), box);
    m_address = new QLineEdit(box); // the host says its LAN address
    m_address->setAccessibleName(tr("Address of the players' pages"));
    m_address->setToolTip(
        tr("This machine's address on the local network; 0.0.0.0 listens on every network"));
    addressLabel->setBuddy(m_address);
    auto *portLabel = new QLabel(tr("&Port:"), box);
    m_port = new QSpinBox(box);
    m_port->setRange(0, 65535);
    m_port->setValue(DefaultPort);
    m_port->setAccessibleName(tr("Port of the players' pages"));
    m_port->setToolTip(tr("0, or a port in use: any free port"));
    portLabel->setBuddy(m_port);
    m_listen = new QPushButton(tr("Start &listening"), box);
    m_listen->setAccessibleName(tr("Start serving the players' pages"));
    connect(m_listen, &QPushButton::clicked, this, [this] {
        m_listen->setEnabled(false); // until the host answers
        Q_EMIT m_link->playersListenRequested(m_address->text().trimmed(), m_port->value());
    });
    row->addWidget(addressLabel);
    row->addWidget(m_address, 1);
    row->addWidget(portLabel);
    row->addWidget(m_port);
    row->addWidget(m_listen);
    layout->addLayout(row);

    m_listenerText = new QLabel(box);
    m_listenerText->setWordWrap(true);
    m_listenerText->setAccessibleName(tr("State of the players' pages"));
    m_listenerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_listenerText);
    return box;
}

QWidget *InviteDialog::buildAdding()
{
    auto *box = new QGroupBox(tr("Add seats to the next match"), this);
    box->setAccessibleName(tr("Add seats to the next match"));
    auto *layout = new QVBoxLayout(box);
    auto *row = new QHBoxLayout;
    auto *countLabel = new QLabel(tr("&Seats:"), box);
    m_count = new QSpinBox(box);
    m_count->setRange(1, 12);
    m_count->setValue(1);
    m_count->setAccessibleName(tr("Number of seats to add"));
    countLabel->setBuddy(m_count);
    m_add = new QPushButton(tr("A&dd seats"), box);
    m_add->setAccessibleName(tr("Add the seats to the next match"));
    m_add->setToolTip(tr("They join the queue of the next match, as bots do"));
    connect(m_add, &QPushButton::clicked, this, &InviteDialog::addSeats);
    row->addWidget(countLabel);
    row->addWidget(m_count);
    row->addStretch(1);
    row->addWidget(m_add);
    layout->addLayout(row);
    m_nameList = new QVBoxLayout;
    layout->addLayout(m_nameList);
    connect(m_count, &QSpinBox::valueChanged, this, &InviteDialog::setNameCount);
    setNameCount(m_count->value());
    return box;
}

void InviteDialog::setNameCount(int count)
{
    while (m_names.size() > count)
        delete m_names.takeLast();
    while (m_names.size() < count) {
        auto *name = new QLineEdit(this);
        const int n = int(m_names.size()) + 1;
        name->setAccessibleName(tr("Name of new seat %1").arg(n));
        name->setPlaceholderText(tr("Name"));
        name->setText(tr("Person %1").arg(rowCount() + n));
        name->setMaxLength(40);
        m_nameList->addWidget(name);
        m_names.append(name);
    }
}

void InviteDialog::addSeats()
{
    QStringList names;
    for (const QLineEdit *name : std::as_const(m_names))
        names << name->text().trimmed();
    Q_EMIT m_link->inviteSeatsRequested(names);
    // The next names follow the seats just asked for.
    for (int i = 0; i < m_names.size(); ++i)
        m_names[i]->setText(tr("Person %1").arg(rowCount() + names.size() + i + 1));
}

void InviteDialog::setListener(const PlayersListener &listener)
{
    m_listener = listener;
    const bool on = listener.listening();
    m_listen->setEnabled(!on);
    m_address->setEnabled(!on);
    m_port->setEnabled(!on);
    m_add->setEnabled(on);
    if (on) {
        m_address->setText(listener.address);
        m_port->setValue(listener.port);
    } else if (m_address->text().isEmpty()) {
        m_address->setText(listener.lanAddress);
    }
    QString text;
    if (on)
        text = tr("Listening on %1:%2. Only the players' pages are served there.")
                   .arg(listener.address)
                   .arg(listener.port);
    else if (!listener.problem.isEmpty())
        text = tr("Not listening: %1").arg(listener.problem);
    else
        text = tr("Not listening. Start listening, then add seats.");
    m_listenerText->setText(text);
}

QString InviteDialog::statusText(const InvitedSeat &seat)
{
    if (seat.revoked)
        return tr("Revoked: the link opens nothing any more; the stand-in plays the seat.");
    QStringList parts;
    parts << (seat.matchId.isEmpty() ? tr("waiting for the next match")
                                     : tr("in %1 as seat %2").arg(seat.matchId, seat.playerId));
    parts << (seat.connected ? tr("connected") : tr("not connected"));
    if (seat.standIn)
        parts << tr("the stand-in plays");
    return parts.join(tr(" · "));
}

void InviteDialog::setSeats(const InvitedSeats &seats)
{
    // Rows are kept by code, in the order the host lists the seats.
    QList<Row> kept;
    for (const InvitedSeat &seat : seats) {
        auto it = std::find_if(m_rows.begin(), m_rows.end(), [&seat](const Row &r) {
            return r.seat.code == seat.code;
        });
        Row row = it != m_rows.end() ? *it : makeRow(seat.code);
        if (it != m_rows.end())
            m_rows.erase(it);
        syncRow(row, seat);
        kept.append(row);
    }
    for (const Row &gone : std::as_const(m_rows))
        delete gone.box;
    m_rows = kept;
    for (int i = 0; i < m_rows.size(); ++i)
        m_rowList->insertWidget(i, m_rows[i].box);
    m_noSeats->setVisible(m_rows.isEmpty());
}

InviteDialog::Row InviteDialog::makeRow(const QString &code)
{
    Row row;
    row.box = new QFrame(this);
    static_cast<QFrame *>(row.box)->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QHBoxLayout(row.box);
    row.qr = new QLabel(row.box);
    row.qr->setFixedSize(QrSide, QrSide);
    row.qr->setAlignment(Qt::AlignCenter);
    layout->addWidget(row.qr);
    auto *text = new QVBoxLayout;
    row.name = new QLabel(row.box);
    QFont bold = row.name->font();
    bold.setBold(true);
    row.name->setFont(bold);
    row.status = new QLabel(row.box);
    row.status->setWordWrap(true);
    row.join = new QLabel(row.box);
    row.join->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    row.join->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    row.copy = new QPushButton(tr("Copy"), row.box);
    row.revoke = new QPushButton(tr("Revoke"), row.box);
    row.revoke->setToolTip(
        tr("The link stops working at once and the built-in stand-in plays the seat"));
    connect(row.copy, &QPushButton::clicked, this, [this, code] {
        for (const Row &r : std::as_const(m_rows))
            if (r.seat.code == code && !r.seat.joinUrl.isEmpty())
                QGuiApplication::clipboard()->setText(r.seat.joinUrl);
    });
    connect(row.revoke, &QPushButton::clicked, this, [this, code] {
        Q_EMIT m_link->revokeInviteRequested(code);
    });
    buttons->addWidget(row.copy);
    buttons->addWidget(row.revoke);
    buttons->addStretch(1);
    text->addWidget(row.name);
    text->addWidget(row.status);
    text->addWidget(row.join);
    text->addLayout(buttons);
    text->addStretch(1);
    layout->addLayout(text, 1);
    return row;
}

void InviteDialog::syncRow(Row &row, const InvitedSeat &seat)
{
    const bool urlChanged = row.seat.joinUrl != seat.joinUrl || row.qr->pixmap().isNull();
    row.seat = seat;
    row.name->setText(seat.name);
    row.status->setText(statusText(seat));
    row.status->setAccessibleName(tr("Status of %1's seat").arg(seat.name));
    const bool linked = !seat.joinUrl.isEmpty();
    row.join->setText(linked         ? tr("join: %1").arg(seat.joinUrl)
                      : seat.revoked ? QString()
                                     : tr("No link until the players' pages are served."));
    row.join->setAccessibleName(tr("Join link of %1's seat").arg(seat.name));
    row.copy->setEnabled(linked);
    row.copy->setAccessibleName(tr("Copy %1's join link").arg(seat.name));
    row.copy->setToolTip(tr("Copy the join link to the clipboard"));
    row.revoke->setEnabled(!seat.revoked);
    row.revoke->setAccessibleName(tr("Revoke %1's join link").arg(seat.name));
    row.qr->setAccessibleName(tr("QR code of %1's join link").arg(seat.name));
    row.qr->setVisible(linked);
    if (urlChanged && linked) {
        // Whole device pixels per module, also on a high-DPI screen.
        const qreal ratio = row.qr->devicePixelRatioF();
        const QByteArray url = seat.joinUrl.toUtf8();
        QImage qr = qrCodeImage(url, qrModuleSize(url, int(QrSide * ratio)));
        qr.setDevicePixelRatio(ratio);
        row.qr->setPixmap(QPixmap::fromImage(qr));
    } else if (!linked) {
        row.qr->clear();
    }
}

} // namespace townhall::ui
