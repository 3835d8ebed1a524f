// SPDX-License-Identifier: MIT
#pragma once

// A table of eight model seats for the pilot tests: a Host in memory and,
// for each seat, a scripted OpenAI-compatible server of its own on loopback.

#include "host/host.h"

#include "scriptedserver.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace townhall::test {

struct ModelTable
{
    using ProfileEdit = std::function<void(int seat, host::providers::ProviderProfile &)>;

    std::vector<std::unique_ptr<providers::ScriptedOpenAiServer>> servers;
    std::unique_ptr<host::Host> host;
    std::vector<std::string> agents;
    double speed = 50;
    bool rateLimits = false;

    /// The host, in memory, with lobby seed 11.
    bool startHost()
    {
        host::HostOptions o;
        o.dbPath = QStringLiteral(":memory:");
        o.speed = speed;
        o.seed = 11;
        o.rateLimits = rateLimits;
        host = std::make_unique<host::Host>(o);
        QString error;
        return host->start(&error);
    }

    /// Queues seat `seat` ("Model <seat>") as a model whose server answers
    /// with `handler`; `edit` may change its profile (a local one with a test key).
    bool seatModel(int seat,
                   providers::ScriptedHttpServer::Handler handler,
                   const ProfileEdit &edit = {})
    {
        auto s = std::make_unique<providers::ScriptedOpenAiServer>();
        if (!s->listen())
            return false;
        s->setHandler(std::move(handler));
        host::providers::ProviderProfile p;
        p.name = QStringLiteral("local");
        p.baseUrl = s->baseUrl();
        p.model = QStringLiteral("test-model");
        p.apiKey = QStringLiteral("test-key");
        p.timeout = std::chrono::seconds(5);
        if (edit)
            edit(seat, p);
        auto id = host->queueModelSeat(QStringLiteral("Model %1").arg(seat), p);
        if (!id)
            return false;
        agents.push_back(*id);
        servers.push_back(std::move(s));
        return true;
    }

    const engine::Match *match() const { return host->lobby().match("match-1"); }
    bool ended() const { return match() && match()->ended(); }
    const engine::Player &playerOf(int seat) const
    {
        return *match()->playerByAgent(agents[std::size_t(seat)]);
    }
};

} // namespace townhall::test
