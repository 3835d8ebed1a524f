// SPDX-License-Identifier: MIT
#pragma once

// Match → Invite players…: seats for people on other devices of the local
// network, as `--human-seats` and `--players-listen` do for a headless host
// (docs/players.md). The host starts the players' listener, adds seats to the
// next match, and hands each person their join link: copied, or scanned from
// its QR code. Everything goes through HostLink; the dialog never reads the
// host's objects.

#include "ui/play/invitedseats.h"

#include <QDialog>
#include <QList>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

namespace townhall::ui {

class HostLink;

class InviteDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InviteDialog)

public:
    /// The players' listener's usual port (another when it is in use).
    static constexpr int DefaultPort = 8790;
    /// The largest QR code drawn, in pixels.
    static constexpr int QrSide = 200;

    explicit InviteDialog(HostLink *link, QWidget *parent = nullptr);
    ~InviteDialog() override;

    // The controls, for tests and screenshots.
    QLineEdit *addressEdit() const { return m_address; }
    QSpinBox *portBox() const { return m_port; }
    QPushButton *listenButton() const { return m_listen; }
    QLabel *listenerLabel() const { return m_listenerText; }
    QSpinBox *countBox() const { return m_count; }
    /// The name fields of the seats to add, one per seat.
    QList<QLineEdit *> nameEdits() const { return m_names; }
    QPushButton *addButton() const { return m_add; }

    /// The rows of the seats offered, in the order they were added.
    int rowCount() const { return int(m_rows.size()); }
    const InvitedSeat &seatAt(int row) const { return m_rows.at(row).seat; }
    QLabel *qrLabel(int row) const { return m_rows.at(row).qr; }
    QLabel *statusLabel(int row) const { return m_rows.at(row).status; }
    QLabel *joinLabel(int row) const { return m_rows.at(row).join; }
    QPushButton *copyButton(int row) const { return m_rows.at(row).copy; }
    QPushButton *revokeButton(int row) const { return m_rows.at(row).revoke; }

    /// What a row's status line says of `seat`.
    static QString statusText(const InvitedSeat &seat);

private:
    struct Row
    {
        InvitedSeat seat;
        QWidget *box = nullptr;
        QLabel *qr = nullptr;
        QLabel *name = nullptr;
        QLabel *status = nullptr;
        QLabel *join = nullptr;
        QPushButton *copy = nullptr;
        QPushButton *revoke = nullptr;
    };
    QWidget *buildListener();
    QWidget *buildAdding();
    void setListener(const PlayersListener &listener);
    void setSeats(const InvitedSeats &seats);
    void setNameCount(int count);
    void addSeats();
    Row makeRow(const QString &code);
    void syncRow(Row &row, const InvitedSeat &seat);

    HostLink *m_link;
    PlayersListener m_listener;
    QLineEdit *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QPushButton *m_listen = nullptr;
    QLabel *m_listenerText = nullptr;
    QSpinBox *m_count = nullptr;
    QVBoxLayout *m_nameList = nullptr;
    QList<QLineEdit *> m_names;
    QPushButton *m_add = nullptr;
    QLabel *m_noSeats = nullptr;
    QVBoxLayout *m_rowList = nullptr;
    QList<Row> m_rows;
};

} // namespace townhall::ui
