// SPDX-License-Identifier: MIT
#include "app/profiles.h"

#include <QHostAddress>
#include <QUrl>

#include <utility>

namespace townhall::app {

namespace {
const QString ProfilesKey = QStringLiteral("providers/profiles");
}

std::vector<ProviderProfile> ProfileStore::load(QStringList *problems) const
{
    std::vector<ProviderProfile> out;
    const QByteArray text = m_settings.value(ProfilesKey).toByteArray();
    if (text.isEmpty())
        return out;
    const auto doc
        = nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    if (!doc.is_array()) {
        if (problems)
            *problems << QStringLiteral(
                "the stored provider profiles are not a JSON list; they were ignored");
        return out;
    }
    QStringList errors;
    QStringList warnings;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const nlohmann::json &entry = doc[i];
        const QString name
            = entry.is_object() && entry.contains("name") && entry["name"].is_string()
                  ? QString::fromStdString(entry["name"].get<std::string>())
                  : QString();
        nlohmann::json fields = entry;
        if (fields.is_object())
            fields.erase("name");
        if (auto p = ProviderProfile::fromJson(
                fields, name, QStringLiteral("profiles[%1]").arg(i), &errors, &warnings))
            out.push_back(std::move(*p));
    }
    if (problems)
        *problems << errors;
    return out;
}

void ProfileStore::save(const std::vector<ProviderProfile> &profiles)
{
    nlohmann::json list = nlohmann::json::array();
    for (const ProviderProfile &p : profiles) {
        nlohmann::json entry = p.toJson(); // never the key
        entry["name"] = p.name.toStdString();
        list.push_back(std::move(entry));
    }
    m_settings.setValue(ProfilesKey, QByteArray::fromStdString(list.dump()));
    m_settings.sync();
}

bool isLocalServer(const QString &baseUrl)
{
    const QString host = QUrl(baseUrl.trimmed()).host().toLower();
    if (host.isEmpty())
        return false;
    if (host == QLatin1String("localhost") || host.endsWith(QLatin1String(".localhost"))
        || host.endsWith(QLatin1String(".local")))
        return true;
    const QHostAddress address(host);
    if (address.isNull())
        return false;
    if (address.isLoopback() || address.isLinkLocal() || address.isUniqueLocalUnicast())
        return true;
    for (const auto &[net, bits] : {std::pair{QStringLiteral("10.0.0.0"), 8},
                                    std::pair{QStringLiteral("172.16.0.0"), 12},
                                    std::pair{QStringLiteral("192.168.0.0"), 16}})
        if (address.isInSubnet(QHostAddress(net), bits))
            return true;
    return false;
}

QString AppKeySource::notKept(const QString &name)
{
    return tr("The key of \"%1\" was not kept: no system keychain answered. Name an environment "
              "variable that "
              "holds it in \"Key variable\" instead.")
        .arg(name);
}

QCoro::Task<host::providers::KeyLookup> AppKeySource::lookup(const ProviderProfile &profile)
{
    const std::shared_ptr<host::providers::KeySource> inner = m_inner; // alive across the wait
    const ProviderProfile p = profile;
    host::providers::KeyLookup found = co_await inner->lookup(p);
    if (found.problem.isEmpty() || !p.apiKeyEnv.isEmpty())
        co_return found; // a key variable's problem names the variable already
    if (isLocalServer(p.baseUrl)) {
        found.problem.clear(); // a local server needs no key
        co_return found;
    }
    found.problem = tr("no key of \"%1\" could be read: no system keychain answered. Type the key "
                       "in \"API key\" "
                       "(Models → Model providers…) where a keychain runs, or name an environment "
                       "variable that "
                       "holds it in \"Key variable\"")
                        .arg(p.name);
    co_return found;
}

} // namespace townhall::app
