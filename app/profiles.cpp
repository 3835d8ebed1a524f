// SPDX-License-Identifier: MIT
#include "app/profiles.h"

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
    const auto doc = nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    if (!doc.is_array()) {
        if (problems)
            *problems << QStringLiteral("the stored provider profiles are not a JSON list; they were ignored");
        return out;
    }
    QStringList errors;
    QStringList warnings;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const nlohmann::json &entry = doc[i];
        const QString name = entry.is_object() && entry.contains("name") && entry["name"].is_string()
                                 ? QString::fromStdString(entry["name"].get<std::string>())
                                 : QString();
        nlohmann::json fields = entry;
        if (fields.is_object())
            fields.erase("name");
        if (auto p = ProviderProfile::fromJson(fields, name, QStringLiteral("profiles[%1]").arg(i), &errors, &warnings))
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
        nlohmann::json entry = p.toJson();  // never the key
        entry["name"] = p.name.toStdString();
        list.push_back(std::move(entry));
    }
    m_settings.setValue(ProfilesKey, QByteArray::fromStdString(list.dump()));
    m_settings.sync();
}

} // namespace townhall::app
