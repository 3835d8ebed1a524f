// SPDX-License-Identifier: MIT
#include "host/providers/seatsfile.h"

#include "host/providers/keysource.h"
#include "host/providers/providerstr.h"

#include "base/jsonlimits.h"

#include <QFile>
#include <QSet>
#include <QUrl>

namespace townhall::host::providers {

using namespace Qt::StringLiterals;
using json = nlohmann::json;

std::optional<ProviderProfile> SeatsFile::profileFor(const SeatSpec &seat) const
{
    if (seat.bot || seat.push || seat.human)
        return std::nullopt;
    auto it = providers.find(seat.provider);
    if (it == providers.end())
        return std::nullopt;
    ProviderProfile p = it->second;
    if (!seat.model.isEmpty())
        p.model = seat.model;
    return p;
}

namespace {

QString typeName(const json &v)
{
    return QString::fromUtf8(v.type_name());
}

/// A seat's optional string field; reports a wrong type.
QString optionalString(const json &seat, const char *key, const QString &path, QStringList *errors)
{
    auto it = seat.find(key);
    if (it == seat.end())
        return {};
    if (!it->is_string()) {
        errors->append(u"%1.%2: "_s.arg(path, QLatin1StringView(key))
                       + ProvidersTr::tr("expected a string, found %1").arg(typeName(*it)));
        return {};
    }
    return QString::fromStdString(it->get<std::string>());
}

void parseProviders(const json &root, SeatsFile &file, SeatsFileParse &out)
{
    auto it = root.find("providers");
    if (it == root.end())
        return; // a file of bots only needs none
    if (!it->is_object()) {
        out.errors.append(u"providers: "_s
                          + ProvidersTr::tr("expected an object of named providers, found %1")
                                .arg(typeName(*it)));
        return;
    }
    for (auto p = it->begin(); p != it->end(); ++p) {
        const QString name = QString::fromStdString(p.key());
        const QString path = u"providers."_s + name;
        if (name.isEmpty()) {
            out.errors.append(u"providers: "_s
                              + ProvidersTr::tr("a provider needs a non-empty name"));
            continue;
        }
        auto profile = ProviderProfile::fromJson(*p, name, path, &out.errors, &out.warnings);
        if (!profile)
            continue;
        const KeyLookup key = EnvironmentKeySource::lookupNow(*profile);
        if (!key.problem.isEmpty())
            out.warnings.append(path + u".apiKeyEnv: "_s + key.problem);
        file.providers.emplace(name, std::move(*profile));
    }
}

/// A push seat's endpoint: url (http/https), token (optional), deadlineMs
/// (1000..60000, default 8000). Errors never quote the token.
std::optional<PushSpec> parsePush(const json &v, const QString &path, QStringList *errors)
{
    if (!v.is_object()) {
        errors->append(path + u": "_s
                       + ProvidersTr::tr("expected an object, found %1").arg(typeName(v)));
        return std::nullopt;
    }
    const qsizetype before = errors->size();
    PushSpec push;
    if (!v.contains("url"))
        errors->append(path + u".url: "_s + ProvidersTr::tr("missing"));
    push.url = optionalString(v, "url", path, errors).trimmed();
    if (v.contains("url") && v["url"].is_string()) {
        const QUrl url(push.url, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()
            || (url.scheme() != u"http"_s && url.scheme() != u"https"_s))
            errors->append(path + u".url: "_s
                           + ProvidersTr::tr("expected an http:// or https:// URL, found \"%1\"")
                                 .arg(push.url));
    }
    // The token's value is never repeated in a message: it is a secret.
    if (auto t = v.find("token"); t != v.end()) {
        if (!t->is_string())
            errors->append(path + u".token: "_s
                           + ProvidersTr::tr("expected a string, found %1").arg(typeName(*t)));
        else
            push.token = QString::fromStdString(t->get<std::string>());
        if (push.token.contains(u'\n') || push.token.contains(u'\r'))
            errors->append(path + u".token: "_s + ProvidersTr::tr("must be one line"));
    }
    if (auto d = v.find("deadlineMs"); d != v.end()) {
        if (!d->is_number_integer())
            errors->append(
                path + u".deadlineMs: "_s
                + ProvidersTr::tr("expected a whole number, found %1").arg(typeName(*d)));
        else if (d->get<std::int64_t>() < 1000 || d->get<std::int64_t>() > 60000)
            errors->append(path + u".deadlineMs: "_s
                           + ProvidersTr::tr("must be between 1000 and 60000, found %1")
                                 .arg(d->get<std::int64_t>()));
        else
            push.deadlineMs = d->get<int>();
    }
    for (auto k = v.begin(); k != v.end(); ++k)
        if (k.key() != "url" && k.key() != "token" && k.key() != "deadlineMs")
            errors->append(path + u'.' + QString::fromStdString(k.key()) + u": "_s
                           + ProvidersTr::tr("unknown key"));
    if (errors->size() != before)
        return std::nullopt;
    return push;
}

void parseSeats(const json &root, const json &providers, SeatsFile &file, SeatsFileParse &out)
{
    auto it = root.find("seats");
    if (it == root.end()) {
        out.errors.append(u"seats: "_s + ProvidersTr::tr("missing"));
        return;
    }
    if (!it->is_array()) {
        out.errors.append(u"seats: "_s
                          + ProvidersTr::tr("expected an array, found %1").arg(typeName(*it)));
        return;
    }
    if (it->size() > SeatsFile::MaxSeats)
        out.errors.append(u"seats: "_s
                          + ProvidersTr::tr("%1 seats, but a match has at most %2")
                                .arg(it->size())
                                .arg(SeatsFile::MaxSeats));
    QStringList known;
    if (providers.is_object())
        for (auto p = providers.begin(); p != providers.end(); ++p)
            known.append(QString::fromStdString(p.key()));

    QSet<QString> names;
    static const QStringList keys
        = {u"name"_s, u"bot"_s, u"provider"_s, u"model"_s, u"persona"_s, u"push"_s, u"human"_s};
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &s = (*it)[i];
        const QString path = u"seats[%1]"_s.arg(i);
        if (!s.is_object()) {
            out.errors.append(path + u": "_s
                              + ProvidersTr::tr("expected an object, found %1").arg(typeName(s)));
            continue;
        }
        for (auto k = s.begin(); k != s.end(); ++k)
            if (!keys.contains(QString::fromStdString(k.key())))
                out.warnings.append(path + u'.' + QString::fromStdString(k.key()) + u": "_s
                                    + ProvidersTr::tr("unknown key, ignored"));
        SeatSpec seat;
        const qsizetype errorsBefore = out.errors.size();
        if (!s.contains("name"))
            out.errors.append(path + u".name: "_s + ProvidersTr::tr("missing"));
        seat.name = optionalString(s, "name", path, &out.errors).trimmed();
        if (s.contains("name") && s["name"].is_string()) {
            if (seat.name.isEmpty())
                out.errors.append(path + u".name: "_s + ProvidersTr::tr("must not be empty"));
            else if (names.contains(seat.name.toCaseFolded()))
                out.errors.append(
                    path + u".name: "_s
                    + ProvidersTr::tr("\"%1\" names another seat already").arg(seat.name));
            else
                names.insert(seat.name.toCaseFolded());
        }
        if (auto b = s.find("bot"); b != s.end()) {
            if (!b->is_boolean())
                out.errors.append(
                    path + u".bot: "_s
                    + ProvidersTr::tr("expected true or false, found %1").arg(typeName(*b)));
            else
                seat.bot = b->get<bool>();
        }
        if (auto h = s.find("human"); h != s.end()) {
            if (!h->is_boolean())
                out.errors.append(
                    path + u".human: "_s
                    + ProvidersTr::tr("expected true or false, found %1").arg(typeName(*h)));
            else if (h->get<bool>())
                seat.human = HumanSpec{false}; // from a join link; the app's "Me" is local
        }
        seat.provider = optionalString(s, "provider", path, &out.errors);
        seat.model = optionalString(s, "model", path, &out.errors);
        seat.persona = optionalString(s, "persona", path, &out.errors);
        if (seat.human) {
            if (seat.bot || s.contains("provider") || s.contains("push"))
                out.errors.append(
                    path + u".human: "_s
                    + ProvidersTr::tr("a person's seat takes neither \"bot\", \"push\" nor a "
                                      "provider"));
        } else if (s.contains("push")) {
            seat.push = parsePush(s["push"], path + u".push"_s, &out.errors);
            if (seat.bot || s.contains("provider"))
                out.errors.append(
                    path + u".push: "_s
                    + ProvidersTr::tr("a push seat takes neither \"bot\" nor a provider"));
        } else if (seat.bot) {
            if (s.contains("provider"))
                out.errors.append(path + u".provider: "_s
                                  + ProvidersTr::tr("a bot seat takes no provider"));
        } else if (!s.contains("provider")) {
            out.errors.append(path + u": "_s
                              + ProvidersTr::tr("needs a provider, \"bot\": true, \"human\": true "
                                                "or \"push\""));
        } else if (!seat.provider.isEmpty() && !known.contains(seat.provider)) {
            out.errors.append(
                path + u".provider: "_s
                + (known.isEmpty()
                       ? ProvidersTr::tr("unknown provider \"%1\" (the file defines none)")
                             .arg(seat.provider)
                       : ProvidersTr::tr("unknown provider \"%1\" (known: %2)")
                             .arg(seat.provider, known.join(u", "_s))));
        } else if (auto p = file.providers.find(seat.provider);
                   p != file.providers.end() && p->second.model.isEmpty() && seat.model.isEmpty()) {
            out.errors.append(path + u".model: "_s
                              + ProvidersTr::tr("missing, and provider \"%1\" names no model")
                                    .arg(seat.provider));
        }
        if (out.errors.size() == errorsBefore)
            file.seats.push_back(std::move(seat));
    }
}

} // namespace

SeatsFileParse parseSeatsFile(const QByteArray &text)
{
    SeatsFileParse out;
    if (!townhall::base::jsonDepthWithin(
            std::string_view(text.constData(), std::size_t(text.size())))) {
        out.errors.append(ProvidersTr::tr("the file nests deeper than %1 levels")
                              .arg(townhall::base::MaxJsonDepth));
        return out;
    }
    const json root = json::parse(text.constBegin(), text.constEnd(), nullptr, false);
    if (root.is_discarded()) {
        out.errors.append(ProvidersTr::tr("the file is not valid JSON"));
        return out;
    }
    if (!root.is_object()) {
        out.errors.append(
            ProvidersTr::tr("the file must hold a JSON object, not %1").arg(typeName(root)));
        return out;
    }
    for (auto k = root.begin(); k != root.end(); ++k)
        if (k.key() != "providers" && k.key() != "seats")
            out.warnings.append(QString::fromStdString(k.key()) + u": "_s
                                + ProvidersTr::tr("unknown key, ignored"));
    SeatsFile file;
    parseProviders(root, file, out);
    parseSeats(root, root.value("providers", json()), file, out);
    if (out.errors.isEmpty())
        out.file = std::move(file);
    return out;
}

SeatsFileParse readSeatsFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        SeatsFileParse out;
        out.errors.append(ProvidersTr::tr("cannot read %1: %2").arg(path, f.errorString()));
        return out;
    }
    // Read no more than the cap allows, whatever the file is: /dev/zero or a
    // pipe has no size to check first, and a huge file is refused unread.
    const auto tooLarge = [&] {
        SeatsFileParse out;
        out.errors.append(ProvidersTr::tr("%1 is larger than %2 KiB; a seats file is a few KiB")
                              .arg(path)
                              .arg(SeatsFile::MaxFileBytes / 1024));
        return out;
    };
    if (!f.isSequential() && f.size() > SeatsFile::MaxFileBytes)
        return tooLarge();
    const QByteArray text = f.read(SeatsFile::MaxFileBytes + 1);
    if (text.size() > SeatsFile::MaxFileBytes)
        return tooLarge();
    SeatsFileParse out = parseSeatsFile(text);
    for (QString &e : out.errors)
        e.prepend(path + u": "_s);
    return out;
}

} // namespace townhall::host::providers
