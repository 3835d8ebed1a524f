// SPDX-License-Identifier: MIT
#pragma once

// Everything a broadcast window shows or holds, as text, for the secrecy
// checks (the ui test with a scripted feed, the app test with a real host).

#include "ui/broadcastwindow.h"
#include "ui/narratorticker.h"
#include "ui/phaseheader.h"
#include "ui/playersmodel.h"
#include "ui/spectatorcontroller.h"
#include "ui/votetallyview.h"

#include <QAbstractItemView>
#include <QLabel>
#include <QRegularExpression>
#include <QStringList>

namespace townhall::ui::test {

/// Labels, the painted header and tally, and every role of every cell of
/// each item view's model.
inline QStringList broadcastTexts(BroadcastWindow &w)
{
    QStringList out;
    for (QLabel *l : w.findChildren<QLabel *>())
        out << l->text();
    out << w.header()->titleText() << w.header()->phaseText() << w.voteTallyView()->summaryText()
        << w.ticker()->text();
    for (QAbstractItemView *v : w.findChildren<QAbstractItemView *>()) {
        QAbstractItemModel *m = v->model();
        if (!m)
            continue;
        for (int r = 0; r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                for (int role = 0; role < Qt::UserRole + 64; ++role) {
                    const QVariant d = m->data(m->index(r, c), role);
                    if (d.canConvert<QString>())
                        out << d.toString();
                }
    }
    return out;
}

/// Living players whose roster row says their role is known: a spectator
/// must see none (roles come out only with a death or the game's end).
inline QStringList livingWithKnownRole(BroadcastWindow &w)
{
    QStringList out;
    const PlayersModel *m = w.controller()->players();
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex i = m->index(r, PlayersModel::NameColumn);
        if (i.data(PlayersModel::AliveRole).toBool()
            && (i.data(PlayersModel::RoleKnownRole).toBool()
                || !i.data(PlayersModel::RoleNameRole).toString().isEmpty()))
            out << i.data(Qt::DisplayRole).toString();
    }
    return out;
}

/// `text` with the game's title taken out ("Werewolf Game #1" names the
/// game, not anyone's role), for the checks that look for role names.
inline QString withoutGameTitle(QString text)
{
    static const QRegularExpression title(QStringLiteral("Werewolf Game #\\d+"));
    return text.remove(title);
}

} // namespace townhall::ui::test
