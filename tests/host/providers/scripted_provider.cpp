// SPDX-License-Identifier: MIT
// scripted_provider: a language-model server that plays Werewolf legally,
// for end-to-end tests and for trying the app without a model.
//
//   scripted_provider [--port N] [--anthropic] [--key-env NAME]
//
// Serves the OpenAI-compatible protocol (or Anthropic's with --anthropic) on
// 127.0.0.1 and answers every chat request with the scripted player of
// scriptedplayer.h. The first line on stdout is the base URL to put in a
// seats file or a provider profile. It runs until its stdin (a pipe or a
// terminal) closes, or until it is killed. With --key-env it refuses (401)
// every request that does not carry the key that variable holds, as a cloud
// provider would: a model seat that plays has sent its key.
//
// The seat a request comes from is read from the system prompt ("You are
// <name> (playerId p:N)"), so one server can play every model seat of a
// table: seat N's thoughts are "musing-of-seat-N" and its speeches start
// "I am seat N".

#include "scriptedplayer.h"
#include "scriptedserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QPointer>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QTcpServer>
#include <QTcpSocket>

#include <cstdio>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

using namespace townhall::test::providers;
using json = nlohmann::json;

namespace {

/// N of "(playerId p:N)" in a system prompt; 0 when there is none.
int seatOf(const std::string &system)
{
    static const QRegularExpression id(QStringLiteral("\\(playerId p:(\\d+)\\)"));
    const QRegularExpressionMatch m = id.match(QString::fromStdString(system));
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

/// Text of an Anthropic content value: a string, or the text of its blocks.
std::string textOf(const json &content)
{
    if (content.is_string())
        return content.get<std::string>();
    std::string out;
    for (const json &b : content.is_array() ? content : json::array())
        if (b.value("type", "") == "text")
            out += b.value("text", "");
    return out;
}

/// An Anthropic request as the OpenAI-compatible one the scripted player
/// reads: the system prompt first, the brief second, tool results as "tool"
/// messages, and the tools by name.
RecordedRequest asOpenAi(const RecordedRequest &request, std::string *system)
{
    const json body = request.json();
    json messages = json::array();
    *system = body.value("system", "");
    messages.push_back({{"role", "system"}, {"content", *system}});
    for (const json &m : body.value("messages", json::array())) {
        const std::string role = m.value("role", "");
        const json content = m.value("content", json());
        if (role == "assistant") {
            messages.push_back({{"role", "assistant"}, {"content", textOf(content)}});
            continue;
        }
        if (content.is_string()) {
            messages.push_back({{"role", "user"}, {"content", content}});
            continue;
        }
        for (const json &b : content.is_array() ? content : json::array()) {
            if (b.value("type", "") == "tool_result")
                messages.push_back(
                    {{"role", "tool"}, {"content", textOf(b.value("content", json()))}});
            else if (b.value("type", "") == "text")
                messages.push_back({{"role", "user"}, {"content", b.value("text", "")}});
        }
    }
    json tools = json::array();
    for (const json &t : body.value("tools", json::array()))
        tools.push_back({{"type", "function"}, {"function", {{"name", t.value("name", "")}}}});
    RecordedRequest out = request;
    out.body = QByteArray::fromStdString(json{{"messages", messages}, {"tools", tools}}.dump());
    return out;
}

/// The scripted player's OpenAI-compatible answer as Anthropic's.
ScriptedResponse asAnthropic(const ScriptedResponse &answer)
{
    const json body = json::parse(answer.body.constBegin(), answer.body.constEnd(), nullptr, false);
    const json message = body.is_object() ? body.at("choices").at(0).at("message") : json::object();
    json content = json::array();
    if (message.contains("content") && message.at("content").is_string())
        content.push_back({{"type", "text"}, {"text", message.at("content")}});
    for (const json &c : message.value("tool_calls", json::array())) {
        const std::string arguments = c.at("function").value("arguments", "{}");
        content.push_back({{"type", "tool_use"},
                           {"id", c.value("id", "call")},
                           {"name", c.at("function").value("name", "")},
                           {"input", json::parse(arguments, nullptr, false)}});
    }
    const bool calls = message.contains("tool_calls");
    return anthropic::reply(std::move(content), calls ? "tool_use" : "end_turn");
}

/// Forwards every connection to `port` on 127.0.0.1, byte for byte: the
/// scripted servers choose a free port themselves, and --port asks for one.
class Forwarder
{
public:
    explicit Forwarder(quint16 target)
        : m_target(target)
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] { accept(); });
    }
    bool listen(quint16 port) { return m_server.listen(QHostAddress::LocalHost, port); }
    QString errorString() const { return m_server.errorString(); }

private:
    void accept()
    {
        while (QTcpSocket *client = m_server.nextPendingConnection()) {
            auto *upstream = new QTcpSocket(client);
            QPointer<QTcpSocket> c(client);
            QPointer<QTcpSocket> u(upstream);
            QObject::connect(
                client, &QTcpSocket::readyRead, upstream, [c, u] { u->write(c->readAll()); });
            QObject::connect(
                upstream, &QTcpSocket::readyRead, client, [c, u] { c->write(u->readAll()); });
            QObject::connect(
                upstream, &QTcpSocket::disconnected, client, [c] { c->disconnectFromHost(); });
            QObject::connect(client, &QTcpSocket::disconnected, client, [c] { c->deleteLater(); });
            // Bytes the client sent before the upstream connection was up are
            // written when it is (QTcpSocket buffers them meanwhile).
            upstream->connectToHost(QHostAddress::LocalHost, m_target);
            if (client->bytesAvailable() > 0)
                upstream->write(client->readAll());
        }
    }

    QTcpServer m_server;
    quint16 m_target;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("A language-model server that plays Werewolf "
                                               "legally (no model needed). Prints its base URL, "
                                               "then serves until stdin closes or it is killed."));
    p.addHelpOption();
    p.addOption({QStringLiteral("port"),
                 QStringLiteral("Listen on this port of 127.0.0.1 (default: a free one)."),
                 QStringLiteral("N")});
    p.addOption({QStringLiteral("anthropic"),
                 QStringLiteral("Speak Anthropic's protocol instead of OpenAI's.")});
    p.addOption({QStringLiteral("key-env"),
                 QStringLiteral("Refuse requests without the key this environment variable holds."),
                 QStringLiteral("NAME")});
    p.process(app);

    bool ok = true;
    const uint port
        = p.isSet(QStringLiteral("port")) ? p.value(QStringLiteral("port")).toUInt(&ok) : 0;
    if (!ok || port > 65535) {
        std::fprintf(stderr, "scripted_provider: --port must be a port number (1-65535)\n");
        return 2;
    }
    const bool anthropicMode = p.isSet(QStringLiteral("anthropic"));
    QByteArray key;
    if (p.isSet(QStringLiteral("key-env"))) {
        key = qgetenv(p.value(QStringLiteral("key-env")).toLocal8Bit().constData());
        if (key.isEmpty()) {
            std::fprintf(stderr, "scripted_provider: --key-env names an unset variable\n");
            return 2;
        }
    }

    std::unique_ptr<ScriptedModelServer> server;
    if (anthropicMode)
        server = std::make_unique<ScriptedAnthropicServer>();
    else
        server = std::make_unique<ScriptedOpenAiServer>();
    server->setHandler([anthropicMode,
                        key](const RecordedRequest &r) -> std::optional<ScriptedResponse> {
        // The key the client sent is never echoed, as real providers do not.
        if (!key.isEmpty() && anthropicMode && r.header("x-api-key") != key)
            return anthropic::error(401, "authentication_error", "invalid x-api-key");
        if (!key.isEmpty() && !anthropicMode && r.header("authorization") != "Bearer " + key)
            return openai::error(
                401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
        if (!anthropicMode) {
            const json body = r.json();
            if (!body.contains("messages"))
                return std::nullopt; // the model list
            const json &first = body.at("messages").at(0);
            return scriptedPlayer(
                seatOf(first.value("role", "") == "system" ? first.value("content", "") : ""), r);
        }
        if (!r.path.startsWith("/v1/messages"))
            return std::nullopt;
        std::string system;
        const RecordedRequest translated = asOpenAi(r, &system);
        const std::optional<ScriptedResponse> answer = scriptedPlayer(seatOf(system), translated);
        return answer ? std::optional(asAnthropic(*answer)) : std::nullopt;
    });
    if (!server->listen()) {
        std::fprintf(stderr, "scripted_provider: cannot listen on 127.0.0.1\n");
        return 1;
    }
    QString baseUrl = server->baseUrl();
    std::unique_ptr<Forwarder> forwarder;
    if (port != 0) {
        forwarder = std::make_unique<Forwarder>(server->port());
        if (!forwarder->listen(static_cast<quint16>(port))) {
            std::fprintf(stderr,
                         "scripted_provider: cannot listen on 127.0.0.1:%u: %s\n",
                         port,
                         qPrintable(forwarder->errorString()));
            return 1;
        }
        baseUrl.replace(QStringLiteral(":%1").arg(server->port()), QStringLiteral(":%1").arg(port));
    }
    std::printf("%s\n", qPrintable(baseUrl));
    std::fflush(stdout);

    // A parent that holds our stdin (a pipe) or a terminal ends us by closing
    // it; started with stdin at /dev/null or a file, we run until killed.
    struct stat st
    {
    };
    std::unique_ptr<QSocketNotifier> stdinWatch;
    if (fstat(STDIN_FILENO, &st) == 0
        && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || isatty(STDIN_FILENO))) {
        stdinWatch = std::make_unique<QSocketNotifier>(STDIN_FILENO, QSocketNotifier::Read);
        QObject::connect(stdinWatch.get(), &QSocketNotifier::activated, &app, [&app, &stdinWatch] {
            char buffer[256];
            if (::read(STDIN_FILENO, buffer, sizeof buffer) <= 0) {
                stdinWatch->setEnabled(false);
                app.quit();
            }
        });
    }
    return app.exec();
}
