// SPDX-License-Identifier: MIT
// Hostile model providers (issue 28) against the chat client over real
// sockets: answers nested 200,000 deep, ten thousand tool calls in one
// answer, redirects that would carry the key to another origin, and keys
// echoed back in every spelling JSON allows.

#include "host/providers/chatclient.h"
#include "host/providers/wire.h"

#include "hostilepeers.h"
#include "scriptedserver.h"

#include <QCoro/QCoroTask>
#include <QTest>

using namespace townhall::host::providers;
using namespace townhall::test;
using namespace townhall::test::providers;
using namespace std::chrono_literals;
using namespace Qt::StringLiterals;
using json = nlohmann::json;
using Kind = ProviderError::Kind;

Q_DECLARE_METATYPE(ProviderKind)

namespace {

const QString kSecret = u"sk-hostile/echo-0123456789"_s;

/// A profile for `server` in its protocol, with the secret key.
ProviderProfile hostileProfile(const ScriptedHttpServer &server, ProviderKind kind)
{
    ProviderProfile p;
    p.name = u"hostile"_s;
    p.kind = kind;
    p.baseUrl = server.baseUrl();
    p.model = u"test-model"_s;
    p.apiKey = kSecret;
    p.timeout = 10s;
    return p;
}

ChatRequest askToVote()
{
    ChatRequest r;
    r.messages.push_back(ChatMessage::system(u"You play Werewolf."_s));
    r.messages.push_back(ChatMessage::user(u"Vote now."_s));
    ToolDefinition vote;
    vote.name = u"vote"_s;
    vote.parameters
        = {{"type", "object"}, {"properties", {{"targetPlayerId", {{"type", "string"}}}}}};
    r.tools.push_back(vote);
    return r;
}

/// The server's base URL for the protocol (Anthropic's has no /v1).
std::unique_ptr<ScriptedHttpServer> serverFor(ProviderKind kind)
{
    if (kind == ProviderKind::Anthropic)
        return std::make_unique<ScriptedAnthropicServer>();
    return std::make_unique<ScriptedOpenAiServer>();
}

/// `text` with every character of `secret` written as a JSON \uXXXX escape.
QString escapedEverywhere(const QString &secret, bool upperHex)
{
    QString out;
    for (const QChar c : secret) {
        QString hex = u"%1"_s.arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
        out += u"\\u"_s + (upperHex ? hex.toUpper() : hex);
    }
    return out;
}

} // namespace

class TestHostileProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // An answer nested 200,000 deep (400 KB, under the 4 MiB cap) crashed
    // the host in a recursive copy; now it is a malformed answer.
    void deepAnswersAreMalformed_data()
    {
        QTest::addColumn<ProviderKind>("kind");
        QTest::addColumn<int>("where"); // 0: the body, 1: the tool call's arguments text
        QTest::addColumn<int>("depth");
        QTest::addColumn<QString>("expected");
        const auto openAi = ProviderKind::OpenAiCompatible;
        QTest::newRow("openai body 200000") << openAi << 0 << 200'000 << u"MALFORMED_RESPONSE"_s;
        QTest::newRow("openai body 65") << openAi << 0 << 65 << u"MALFORMED_RESPONSE"_s;
        QTest::newRow("openai arguments 200000")
            << openAi << 1 << 200'000 << u"MALFORMED_TOOL_CALL"_s;
        QTest::newRow("openai arguments 65") << openAi << 1 << 65 << u"MALFORMED_TOOL_CALL"_s;
        QTest::newRow("anthropic input 200000")
            << ProviderKind::Anthropic << 0 << 200'000 << u"MALFORMED_RESPONSE"_s;
    }
    void deepAnswersAreMalformed()
    {
        QFETCH(ProviderKind, kind);
        QFETCH(int, where);
        QFETCH(int, depth);
        QFETCH(QString, expected);
        auto server = serverFor(kind);
        QVERIFY(server->listen());
        server->enqueue(kind == ProviderKind::Anthropic ? hostile::deepAnthropicAnswer(depth)
                        : where == 0                    ? hostile::deepModelAnswer(depth)
                                     : hostile::deepToolArguments("vote", depth));
        ChatClient client(hostileProfile(*server, kind));
        const ChatOutcome o = QCoro::waitFor(client.chat(askToVote()));
        QVERIFY(o.error);
        QCOMPARE(QString::fromLatin1(ProviderError::kindName(o.error->kind)), expected);
        QVERIFY2(o.error->message.contains(u"deeper than 64"_s), qPrintable(o.error->message));
    }

    // A model list nested too deep is no list.
    void deepModelListIsRefused()
    {
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        ScriptedResponse deep;
        deep.body = QByteArray::fromStdString(R"({"object":"list","data":)"
                                              + hostile::nestedArrays(200'000) + "}");
        server.setModelsResponse(deep);
        ChatClient client(hostileProfile(server, ProviderKind::OpenAiCompatible));
        const ModelList list = QCoro::waitFor(client.listModels());
        QVERIFY(list.error);
        QCOMPARE(list.error->kind, Kind::MalformedResponse);
    }

    // Ten thousand calls in one answer: four are kept, the rest never reach
    // the conversation, so the next request stays small.
    void aFloodOfToolCallsIsCutToAFew_data()
    {
        QTest::addColumn<ProviderKind>("kind");
        QTest::newRow("openai") << ProviderKind::OpenAiCompatible;
        QTest::newRow("anthropic") << ProviderKind::Anthropic;
    }
    void aFloodOfToolCallsIsCutToAFew()
    {
        QFETCH(ProviderKind, kind);
        constexpr int Calls = 10'000;
        auto server = serverFor(kind);
        QVERIFY(server->listen());
        server->enqueue(kind == ProviderKind::Anthropic
                            ? hostile::anthropicToolCallFlood(Calls, "vote")
                            : hostile::toolCallFlood(Calls, "vote", R"({"targetPlayerId":"p:2"})"));
        const ProviderProfile profile = hostileProfile(*server, kind);
        ChatClient client(profile);
        const ChatOutcome o = QCoro::waitFor(client.chat(askToVote()));
        QVERIFY2(o.ok(), o.error ? qPrintable(o.error->message) : "");
        QCOMPARE(int(o.result.toolCalls.size()), ChatResult::MaxToolCalls);
        QCOMPARE(o.result.droppedToolCalls, Calls - ChatResult::MaxToolCalls);
        const json &raw = o.result.rawAssistant;
        QCOMPARE(int((kind == ProviderKind::Anthropic ? raw : raw.at("tool_calls")).size()),
                 ChatResult::MaxToolCalls);
        QCOMPARE(o.result.toolCalls.front().id,
                 kind == ProviderKind::Anthropic ? u"toolu_0"_s : u"call_0"_s);

        // The next turn as a seat builds it: the answer, then a result for each kept call.
        ChatRequest next = askToVote();
        ChatMessage said = ChatMessage::assistant(o.result.text, o.result.toolCalls);
        said.raw = o.result.rawAssistant;
        next.messages.push_back(said);
        for (const ToolCall &c : o.result.toolCalls)
            next.messages.push_back(
                ChatMessage::toolResult(c.id, u"Not run: one call at a time."_s, true));
        const wire::HttpRequest http = wire::chatRequest(profile, next);
        QVERIFY2(http.body.size() < 64 * 1024, qPrintable(QString::number(http.body.size())));
        qInfo("the next request after %d calls: %lld bytes", Calls, qlonglong(http.body.size()));
    }

    // A 30x never takes the key anywhere: the second server, another origin,
    // sees no request at all, and the error says why.
    void redirectsAreNotFollowed_data()
    {
        QTest::addColumn<ProviderKind>("kind");
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("sameOrigin");
        for (int status : {301, 302, 303, 307, 308}) {
            QTest::newRow(qPrintable(u"openai %1"_s.arg(status)))
                << ProviderKind::OpenAiCompatible << status << false;
            QTest::newRow(qPrintable(u"anthropic %1"_s.arg(status)))
                << ProviderKind::Anthropic << status << false;
        }
        QTest::newRow("openai 307 same origin") << ProviderKind::OpenAiCompatible << 307 << true;
    }
    void redirectsAreNotFollowed()
    {
        QFETCH(ProviderKind, kind);
        QFETCH(int, status);
        QFETCH(bool, sameOrigin);
        auto first = serverFor(kind);
        auto other = serverFor(kind);
        QVERIFY(first->listen());
        QVERIFY(other->listen());
        const ScriptedHttpServer &target = sameOrigin ? *first : *other;
        const QString location
            = target.baseUrl()
              + (kind == ProviderKind::Anthropic ? u"/v1/messages"_s : u"/chat/completions"_s);
        first->setHandler(
            [&](const RecordedRequest &) { return hostile::redirect(status, location); });
        other->enqueue(openai::text("the key went along"));
        ChatClient client(hostileProfile(*first, kind));
        const ChatOutcome o = QCoro::waitFor(client.chat(askToVote()));
        QVERIFY(o.error);
        QCOMPARE(o.error->kind, Kind::Network);
        QCOMPARE(o.error->httpStatus, status);
        QVERIFY2(o.error->message.contains(location), qPrintable(o.error->message));
        QVERIFY2(o.error->message.contains(sameOrigin
                                               ? u"follows no redirects"_s
                                               : u"does not send your key to another origin"_s),
                 qPrintable(o.error->message));
        QVERIFY(!o.error->message.contains(kSecret));
        QCOMPARE(first->requests().size(), std::size_t(1));
        QCOMPARE(other->requests().size(), std::size_t(0));

        // The model list too.
        const ModelList list = QCoro::waitFor(client.listModels());
        QVERIFY(list.error);
        QCOMPARE(other->requests().size(), std::size_t(0));
    }

    // The key in the spellings a server may echo it in: as is, in either
    // header form, and inside JSON text with escapes.
    void redactionCatchesEveryFormOfTheKey_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << u"your key %1 is wrong"_s.arg(kSecret);
        QTest::newRow("bearer header") << u"Authorization: Bearer %1"_s.arg(kSecret);
        QTest::newRow("x-api-key header") << u"x-api-key: %1"_s.arg(kSecret);
        QTest::newRow("escaped slash")
            << u"{\"key\":\"%1\"}"_s.arg(QString(kSecret).replace(u"/"_s, u"\\/"_s));
        QTest::newRow("unicode escapes")
            << u"{\"key\":\"%1\"}"_s.arg(escapedEverywhere(kSecret, false));
        QTest::newRow("upper-case escapes")
            << u"{\"key\":\"%1\"}"_s.arg(escapedEverywhere(kSecret, true));
        QTest::newRow("some letters escaped")
            << u"{\"key\":\"\\u0073k-hostile\\/echo-01234567\\u0038\\u00399\"}"_s;
        QTest::newRow("twice") << kSecret + u" and "_s + kSecret;
    }
    void redactionCatchesEveryFormOfTheKey()
    {
        QFETCH(QString, text);
        ProviderProfile p;
        p.apiKey = kSecret;
        const QString clean = p.redacted(text);
        QVERIFY2(clean.contains(u"***"_s), qPrintable(clean));
        QVERIFY2(!clean.contains(u"0123456789"_s) && !clean.contains(u"hostile"_s),
                 qPrintable(clean));
        QCOMPARE(redactSecret(text, kSecret), clean);
        // Text without the key is left as it is, backslashes and all.
        QCOMPARE(p.redacted(u"a \\u0073 and \\/ but no key"_s), u"a \\u0073 and \\/ but no key"_s);
    }

    // A server that echoes the request back in an error (escaped, in a body
    // that is not JSON, so the sentence quotes it raw): the key is not in it.
    void anEchoedKeyStaysOutOfTheError_data()
    {
        QTest::addColumn<QByteArray>("body");
        const QByteArray escaped = escapedEverywhere(kSecret, false).toUtf8();
        QTest::newRow("html echo")
            << QByteArray("<html>bad header Authorization: Bearer " + escaped + "</html>");
        QTest::newRow("json echo")
            << QByteArray(R"({"error":{"message":"bad key )" + escaped + R"(","type":"auth"}})");
    }
    void anEchoedKeyStaysOutOfTheError()
    {
        QFETCH(QByteArray, body);
        ScriptedOpenAiServer server;
        QVERIFY(server.listen());
        ScriptedResponse r;
        r.status = 401;
        r.body = body;
        server.enqueue(r);
        ChatClient client(hostileProfile(server, ProviderKind::OpenAiCompatible));
        const ChatOutcome o = QCoro::waitFor(client.chat(askToVote()));
        QVERIFY(o.error);
        QCOMPARE(o.error->kind, Kind::Auth);
        for (const QString &s : {o.error->message, o.error->providerMessage}) {
            QVERIFY2(!s.contains(u"0123456789"_s) && !s.contains(u"0030\\u0031"_s), qPrintable(s));
            QVERIFY2(s.contains(u"***"_s), qPrintable(s));
        }
    }
};

QTEST_MAIN(TestHostileProvider)
#include "tst_hostileprovider.moc"
