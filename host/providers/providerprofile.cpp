// SPDX-License-Identifier: MIT
#include "host/providers/providerprofile.h"

#include "host/providers/providerstr.h"

#include <QRegularExpression>
#include <QUrl>

namespace townhall::host::providers {

using namespace Qt::StringLiterals;
using json = nlohmann::json;

// Info and up by default: a debug line per model request is for those who ask for it.
Q_LOGGING_CATEGORY(lcProviders, "townhall.providers", QtInfoMsg)

QString kindName(ProviderKind kind)
{
    return kind == ProviderKind::Anthropic ? u"anthropic"_s : u"openai"_s;
}

std::optional<ProviderKind> kindFromName(const QString &name)
{
    if (name == u"openai"_s)
        return ProviderKind::OpenAiCompatible;
    if (name == u"anthropic"_s)
        return ProviderKind::Anthropic;
    return std::nullopt;
}

json ProviderProfile::toJson() const
{
    // Built field by field from an empty object, so a field added later
    // is stored only when someone writes it here: the key never is.
    json out = json::object();
    out["kind"] = kindName(kind).toStdString();
    out["baseUrl"] = baseUrl.toStdString();
    if (!model.isEmpty())
        out["model"] = model.toStdString();
    if (!apiKeyEnv.isEmpty())
        out["apiKeyEnv"] = apiKeyEnv.toStdString();
    if (temperature)
        out["temperature"] = *temperature;
    out["maxTokens"] = maxTokens;
    out["timeoutSeconds"] = static_cast<double>(timeout.count()) / 1000.0;
    if (inputPricePerMillion)
        out["inputPricePerMillion"] = *inputPricePerMillion;
    if (outputPricePerMillion)
        out["outputPricePerMillion"] = *outputPricePerMillion;
    return out;
}

namespace {

QString typeName(const json &v)
{
    return QString::fromUtf8(v.type_name());
}

} // namespace

std::optional<ProviderProfile> ProviderProfile::fromJson(const json &j,
                                                         const QString &name,
                                                         const QString &path,
                                                         QStringList *errors,
                                                         QStringList *warnings)
{
    const qsizetype errorsBefore = errors->size();
    auto fail = [&](const QString &key, const QString &why) {
        errors->append(path + u'.' + key + u": "_s + why);
    };
    if (!j.is_object()) {
        errors->append(path + u": "_s
                       + ProvidersTr::tr("expected an object, found %1").arg(typeName(j)));
        return std::nullopt;
    }
    ProviderProfile p;
    p.name = name;
    static const QStringList known = {u"kind"_s,
                                      u"baseUrl"_s,
                                      u"model"_s,
                                      u"apiKeyEnv"_s,
                                      u"temperature"_s,
                                      u"maxTokens"_s,
                                      u"timeoutSeconds"_s,
                                      u"inputPricePerMillion"_s,
                                      u"outputPricePerMillion"_s};
    for (auto it = j.begin(); it != j.end(); ++it) {
        const QString key = QString::fromStdString(it.key());
        if (key == u"apiKey"_s)
            fail(key,
                 ProvidersTr::tr(
                     "keys are not read from files; put the key in an environment variable and "
                     "name it in apiKeyEnv"));
        else if (!known.contains(key))
            warnings->append(path + u'.' + key + u": "_s + ProvidersTr::tr("unknown key, ignored"));
    }
    auto str = [&](const char *key, QString *out, bool required) {
        auto it = j.find(key);
        if (it == j.end()) {
            if (required)
                fail(QString::fromLatin1(key), ProvidersTr::tr("missing"));
            return;
        }
        if (!it->is_string())
            fail(QString::fromLatin1(key),
                 ProvidersTr::tr("expected a string, found %1").arg(typeName(*it)));
        else
            *out = QString::fromStdString(it->get<std::string>());
    };
    auto number = [&](const char *key) -> std::optional<double> {
        auto it = j.find(key);
        if (it == j.end())
            return std::nullopt;
        if (!it->is_number()) {
            fail(QString::fromLatin1(key),
                 ProvidersTr::tr("expected a number, found %1").arg(typeName(*it)));
            return std::nullopt;
        }
        const double v = it->get<double>();
        if (v < 0) {
            fail(QString::fromLatin1(key), ProvidersTr::tr("must not be negative"));
            return std::nullopt;
        }
        return v;
    };

    QString kind;
    str("kind", &kind, true);
    if (!kind.isEmpty()) {
        if (auto k = kindFromName(kind))
            p.kind = *k;
        else
            fail(u"kind"_s,
                 ProvidersTr::tr("unknown kind \"%1\" (expected \"openai\" or \"anthropic\")")
                     .arg(kind));
    }
    str("baseUrl", &p.baseUrl, true);
    if (!p.baseUrl.isEmpty()) {
        const QUrl url(p.baseUrl, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s)
            || url.host().isEmpty())
            fail(u"baseUrl"_s,
                 ProvidersTr::tr("\"%1\" is not an http or https URL").arg(p.baseUrl));
        else if (!url.userInfo().isEmpty() || url.hasQuery())
            fail(u"baseUrl"_s,
                 ProvidersTr::tr(
                     "must not carry credentials or a query; name the key in apiKeyEnv"));
    }
    str("model", &p.model, false);
    str("apiKeyEnv", &p.apiKeyEnv, false);
    p.temperature = number("temperature");
    if (p.temperature && *p.temperature > 2)
        fail(u"temperature"_s, ProvidersTr::tr("must be between 0 and 2"));
    if (auto it = j.find("maxTokens"); it != j.end()) {
        if (!it->is_number_integer() || it->get<qint64>() < 1 || it->get<qint64>() > 1'000'000)
            fail(u"maxTokens"_s, ProvidersTr::tr("expected a whole number from 1 to 1000000"));
        else
            p.maxTokens = it->get<int>();
    }
    if (auto t = number("timeoutSeconds")) {
        if (*t < 1 || *t > 3600)
            fail(u"timeoutSeconds"_s, ProvidersTr::tr("expected 1 to 3600 seconds"));
        else
            p.timeout = std::chrono::milliseconds(static_cast<qint64>(*t * 1000));
    }
    p.inputPricePerMillion = number("inputPricePerMillion");
    p.outputPricePerMillion = number("outputPricePerMillion");
    if (errors->size() != errorsBefore)
        return std::nullopt;
    return p;
}

std::optional<double> ProviderProfile::cost(const Usage &usage) const
{
    if (!inputPricePerMillion || !outputPricePerMillion)
        return std::nullopt;
    return (static_cast<double>(usage.inputTokens) * *inputPricePerMillion
            + static_cast<double>(usage.outputTokens) * *outputPricePerMillion)
           / 1e6;
}

QString ProviderProfile::redacted(QString text) const
{
    return redactSecret(std::move(text), apiKey);
}

QString redactSecret(QString text, const QString &secret)
{
    if (secret.size() < 4)
        return text;
    text.replace(secret, u"***"_s);
    if (!text.contains(u'\\'))
        return text;
    // Each character as itself, as a \uXXXX escape (either case of hex), or
    // as the two-character escape JSON allows for it ("\/" for "/").
    QString pattern;
    for (const QChar c : secret) {
        pattern += u"(?:"_s + QRegularExpression::escape(QString(c));
        pattern += u"|\\\\u(?i:%1)"_s.arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
        if (c == u'/' || c == u'"' || c == u'\\')
            pattern += u"|\\\\"_s + QRegularExpression::escape(QString(c));
        pattern += u')';
    }
    text.replace(QRegularExpression(pattern), u"***"_s);
    return text;
}

} // namespace townhall::host::providers
