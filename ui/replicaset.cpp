// SPDX-License-Identifier: MIT
#include "ui/replicaset.h"

#include "ui/logging.h"

namespace townhall::ui {

ReplicaSet::ReplicaSet(QObject *parent)
    : QObject(parent)
    , m_modelSeats(new ModelSeatBook(this))
{}

ReplicaSet::ReplicaSet(bool publicOnly, QObject *parent)
    : ReplicaSet(parent)
{
    m_publicOnly = publicOnly;
}

ReplicaSet::~ReplicaSet() = default;

void ReplicaSet::adopt(const QString &matchId, engine::Match &&m)
{
    auto it = m_matches.find(matchId);
    if (it != m_matches.end()) {
        *it->second = std::move(m);
    } else {
        m_matches.emplace(matchId, std::make_unique<engine::Match>(std::move(m)));
        m_order.append(matchId);
        Q_EMIT matchAdded(matchId);
    }
    Q_EMIT matchAdvanced(matchId, 0);
}

bool ReplicaSet::resetPublic(const QString &matchId, const std::vector<engine::Event> &log)
{
    if (!m_publicOnly) {
        qCWarning(lcUi) << "resetPublic on a replica set that is not public";
        return false;
    }
    auto m = engine::Match::fromPublicLog(log);
    if (!m) {
        qCWarning(lcUi) << "cannot rebuild" << matchId
                        << "from its public log:" << m.error().message.c_str();
        return false;
    }
    adopt(matchId, std::move(*m));
    return true;
}

void ReplicaSet::remove(const QString &matchId)
{
    auto it = m_matches.find(matchId);
    if (it == m_matches.end())
        return;
    Q_EMIT matchRemoved(matchId);
    // Look it up again: a receiver may have changed the set.
    it = m_matches.find(matchId);
    if (it == m_matches.end())
        return;
    m_matches.erase(it);
    m_order.removeAll(matchId);
}

void ReplicaSet::ingestPublic(const QString &matchId, const EventBatch &batch)
{
    auto it = m_matches.find(matchId);
    std::size_t from = 0;
    if (it == m_matches.end()) {
        // A match is first seen from its MATCH_CREATED: the feed sends a new
        // match's events from the start, and a snapshot goes to resetPublic.
        auto m = engine::Match::fromPublicLog({batch->front()});
        if (!m) {
            qCWarning(lcUi) << "dropping public batch for unknown match" << matchId << ":"
                            << m.error().message.c_str();
            return;
        }
        adopt(matchId, std::move(*m));
        it = m_matches.find(matchId);
        from = 1;
    }
    engine::Match &m = *it->second;
    const qsizetype firstNew = qsizetype(m.log().size());
    for (std::size_t i = from; i < batch->size(); ++i) {
        const engine::Event &e = (*batch)[i];
        if (e.seq <= m.state().lastSeq)
            continue; // already have it (a resumed feed may overlap)
        if (auto ok = m.tryApplyPublic(e); !ok) {
            qCWarning(lcUi) << "public event refused in" << matchId << ":"
                            << ok.error().message.c_str();
            break;
        }
    }
    if (qsizetype(m.log().size()) > firstNew)
        Q_EMIT matchAdvanced(matchId, firstNew);
}

void ReplicaSet::ingest(const QString &matchId, const EventBatch &batch)
{
    if (!batch || batch->empty())
        return;
    if (m_publicOnly) {
        ingestPublic(matchId, batch);
        return;
    }
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
            continue; // already have it (the host may resend on reconnect)
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
