// SPDX-License-Identifier: MIT
#include "ui/modelseats.h"

namespace townhall::ui {

int ModelSeatReport::failureCount() const
{
    int n = 0;
    for (const int v : failures)
        n += v;
    return n;
}

ModelSeatBook::ModelSeatBook(QObject *parent)
    : QObject(parent)
{}

ModelSeatBook::~ModelSeatBook() = default;

void ModelSeatBook::ingest(const ModelSeatReports &reports)
{
    QStringList touched;
    for (const ModelSeatReport &r : reports) {
        auto &seats = m_matches[r.matchId];
        auto it = seats.find(r.playerId);
        if (it == seats.end()) {
            ModelSeatReport fresh = r;
            // Notes that do not start at the beginning arrived without their
            // past (the window opened late): keep what came and where it starts.
            it = seats.emplace(r.playerId, std::move(fresh)).first;
        } else {
            ModelSeatReport &held = it->second;
            QList<ModelNote> notes = std::move(held.notes);
            const int firstHeld = held.firstNote;
            held = r;
            const int end = firstHeld + int(notes.size());
            if (r.firstNote <= firstHeld) {
                // A resend from (at or before) what is held: take it whole.
            } else if (r.firstNote <= end) {
                notes.resize(r.firstNote - firstHeld);
                notes.append(r.notes);
                held.notes = std::move(notes);
                held.firstNote = firstHeld;
            } else {
                // A gap: what is held no longer joins up with what came.
            }
        }
        if (!touched.contains(r.matchId))
            touched << r.matchId;
    }
    for (const QString &m : touched)
        Q_EMIT changed(m);
}

const std::map<QString, ModelSeatReport> &ModelSeatBook::seats(const QString &matchId) const
{
    static const std::map<QString, ModelSeatReport> none;
    const auto it = m_matches.find(matchId);
    return it == m_matches.end() ? none : it->second;
}

const ModelSeatReport *ModelSeatBook::seat(const QString &matchId, const QString &playerId) const
{
    const auto &s = seats(matchId);
    const auto it = s.find(playerId);
    return it == s.end() ? nullptr : &it->second;
}

} // namespace townhall::ui
