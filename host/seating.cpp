// SPDX-License-Identifier: MIT
#include "host/seating.h"

#include "host/providers/chatclient.h"

#include <QCoreApplication>
#include <QSet>

namespace townhall::host {

namespace {

/// The messages reach the desktop app's status bar as well as the terminal.
struct SeatingTr
{
    Q_DECLARE_TR_FUNCTIONS(Seating)
};

/// Why the seat cannot be queued, or nothing.
QString seatProblem(const providers::SeatsFile &file, const providers::SeatSpec &seat)
{
    if (seat.bot || seat.human)
        return {};
    if (seat.push) {
        PushEndpoint ep{QUrl(seat.push->url), seat.push->token, seat.push->deadlineMs};
        if (const QString why = ep.validate(); !why.isEmpty())
            return SeatingTr::tr("seat %1: %2").arg(seat.name, why);
        return {};
    }
    if (!file.providers.count(seat.provider))
        return SeatingTr::tr("seat %1 plays with the provider \"%2\", which is not defined")
            .arg(seat.name, seat.provider);
    if (file.profileFor(seat)->model.isEmpty())
        return SeatingTr::tr("seat %1 names no model, and neither does its provider \"%2\"")
            .arg(seat.name, seat.provider);
    return {};
}

} // namespace

engine::Timers peopleTimers()
{
    // A person reads, thinks and types on a phone: every turn is longer
    // than the standard one, without the model preset's long discussion.
    engine::Timers t;
    t.lobby = 60'000;
    t.night = 60'000;
    t.dayAnnounce = 10'000;
    t.openingTurn = 60'000;
    t.dayDiscussion = 150'000;
    t.dayVote = 60'000;
    t.dayResolution = 30'000;
    return t;
}

engine::Timers timersOf(TimerPreset preset)
{
    switch (preset) {
    case TimerPreset::ModelPlay:
        return engine::modelPlayTimers();
    case TimerPreset::People:
        return peopleTimers();
    case TimerPreset::Standard:
        break;
    }
    return engine::Timers{};
}

Seating queueSeats(Host &host, const providers::SeatsFile &file, const std::string &queueId)
{
    Seating out;
    const int table = host.seatCount(queueId);
    if (table <= 0) {
        out.error = SeatingTr::tr("there is no queue %1").arg(QString::fromStdString(queueId));
        return out;
    }
    if (file.seats.size() > std::size_t(table)) {
        out.error = SeatingTr::tr("%1 seats, but a table has %2")
                        .arg(qsizetype(file.seats.size()))
                        .arg(table);
        return out;
    }
    for (const providers::SeatSpec &seat : file.seats) {
        if (QString problem = seatProblem(file, seat); !problem.isEmpty()) {
            out.error = std::move(problem);
            return out;
        }
    }
    for (const providers::SeatSpec &seat : file.seats) {
        if (seat.bot) {
            host.queueBot(seat.name, queueId);
            ++out.queued;
            continue;
        }
        if (seat.human) {
            // A person: a join code (or the app's own panel) plays it.
            const auto agentId = host.queueHumanSeat(seat.name, seat.human->local, queueId);
            if (!agentId) {
                out.error = SeatingTr::tr("seat %1 could not join the queue").arg(seat.name);
                return out;
            }
            if (!seat.human->local)
                out.people.emplace_back(seat.name, *agentId);
            ++out.queued;
            continue;
        }
        if (seat.push) {
            // A push agent: Town Hall calls it (docs/push-agents.md).
            if (!host.queuePushSeat(
                    seat.name,
                    PushEndpoint{QUrl(seat.push->url), seat.push->token, seat.push->deadlineMs},
                    queueId)) {
                out.error = SeatingTr::tr("seat %1 could not join the queue").arg(seat.name);
                return out;
            }
            ++out.queued;
            continue;
        }
        providers::ProviderProfile profile = *file.profileFor(seat);
        if (profile.apiKey.isEmpty()) {
            const providers::KeyLookup key = providers::EnvironmentKeySource::lookupNow(profile);
            if (!key.problem.isEmpty())
                out.warnings.append(SeatingTr::tr("seat %1: %2").arg(seat.name, key.problem));
            profile.apiKey = key.key;
        }
        if (!host.queueModelSeat(seat.name, std::move(profile), seat.persona, queueId)) {
            // The lobby refuses only an agent that is seated already, which a
            // new model seat never is; the seats before it stay queued.
            out.error = SeatingTr::tr("seat %1 could not join the queue").arg(seat.name);
            return out;
        }
        ++out.queued;
    }
    return out;
}

std::string queueForRules(Host &host, const engine::RuleSet &rules)
{
    const engine::Lobby &lobby = host.lobby();
    for (const std::string &id :
         {std::string(engine::DefaultQueueId), engine::PresetQueuePrefix + rules.name})
        if (const engine::RuleSet *r = lobby.queueRules(id); r && *r == rules)
            return id;
    // A table of its own (say, a preset the default queue was changed away from).
    for (int n = 1;; ++n) {
        const std::string id
            = std::string(engine::PresetQueuePrefix) + "table-" + std::to_string(n);
        if (const engine::RuleSet *r = lobby.queueRules(id)) {
            if (*r == rules)
                return id;
            continue;
        }
        if (host.registerQueue(id, rules).ok())
            return id;
        return engine::DefaultQueueId;
    }
}

QCoro::Task<KeyedSeats> resolveKeys(providers::SeatsFile file,
                                    std::shared_ptr<providers::KeySource> keys)
{
    KeyedSeats out;
    QSet<QString> used;
    for (const providers::SeatSpec &seat : file.seats)
        if (!seat.bot && !seat.push && !seat.human)
            used.insert(seat.provider);
    for (auto &[name, profile] : file.providers) {
        if (!used.contains(name) || !keys)
            continue;
        const QString problem = co_await keys->fill(profile);
        if (problem.isEmpty())
            continue;
        // A profile that names a variable says it needs a key; one that does
        // not may be a local server, which plays without one.
        if (!profile.apiKeyEnv.isEmpty())
            out.refusals.append(SeatingTr::tr("provider \"%1\": %2").arg(name, problem));
        else
            out.warnings.append(SeatingTr::tr("provider \"%1\": %2").arg(name, problem));
    }
    out.file = std::move(file);
    co_return out;
}

QStringList unreachableProviders(const providers::SeatsFile &file, std::chrono::milliseconds wait)
{
    QStringList out;
    QSet<QString> asked;
    for (const providers::SeatSpec &seat : file.seats) {
        if (seat.bot || seat.push || seat.human || asked.contains(seat.provider))
            continue;
        asked.insert(seat.provider);
        std::optional<providers::ProviderProfile> profile = file.profileFor(seat);
        if (!profile)
            continue;
        profile->timeout = wait;
        providers::ChatClient client(*profile);
        const providers::ModelList models = QCoro::waitFor(client.listModels());
        using Kind = providers::ProviderError::Kind;
        if (models.error
            && (models.error->kind == Kind::Refused || models.error->kind == Kind::Dns
                || models.error->kind == Kind::Timeout || models.error->kind == Kind::Network))
            out << QStringLiteral("provider %1 (%2): %3")
                       .arg(seat.provider, profile->baseUrl, models.error->message);
    }
    return out;
}

} // namespace townhall::host
