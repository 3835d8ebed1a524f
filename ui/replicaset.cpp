// SPDX-License-Identifier: MIT
#include "ui/replicaset.h"

#include "ui/logging.h"

namespace townhall::ui {

ReplicaSet::ReplicaSet(QObject *parent)
    : QObject(parent)
    , m_modelSeats(new ModelSeatBook(this))
{}

ReplicaSet::~ReplicaSet() = default;

void ReplicaSet::ingest(const QString &matchId, const EventBatch &batch)
{
    if (!batch || batch->empty())
        return;
    auto it = m_matches.find(matchId);
    if (it == m_matches.end()) {
        std::string why;
        // Only the dense prefix from seq 1 can seed a replica.
        std::vector<engine::Event> prefix;
        for (const engine::Event &e : *batch) {
            if (e.seq != prefix.size() + 1)
                break;
            prefix.push_back(e);
        }
        auto m = engine::Match::replay(prefix, &why);
        if (!m) {
            qCWarning(lcUi) << "dropping batch for unknown match" << matchId << ":" << why.c_str();
            return;
        }
        it = m_matches.emplace(matchId, std::make_unique<engine::Match>(std::move(*m))).first;
        m_order.append(matchId);
        Q_EMIT matchAdded(matchId);
        // Anything after a gap in the first batch is dropped like any other gap.
        if (prefix.size() < batch->size())
            qCWarning(lcUi) << "sequence gap in first batch of" << matchId;
        Q_EMIT matchAdvanced(matchId, 0);
        return;
    }
    engine::Match &m = *it->second;
    const qsizetype firstNew = qsizetype(m.log().size());
    for (const engine::Event &e : *batch) {
        const std::uint64_t last = m.state().lastSeq;
        if (e.seq <= last)
            continue;  // already have it (the host may resend on reconnect)
        if (e.seq != last + 1) {
            qCWarning(lcUi) << "sequence gap in" << matchId << "after" << last << "got" << e.seq;
            break;
        }
        m.apply(e);
    }
    if (qsizetype(m.log().size()) > firstNew)
        Q_EMIT matchAdvanced(matchId, firstNew);
}

const engine::Match *ReplicaSet::match(const QString &matchId) const
{
    auto it = m_matches.find(matchId);
    return it == m_matches.end() ? nullptr : it->second.get();
}

} // namespace townhall::ui
