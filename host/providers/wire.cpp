// SPDX-License-Identifier: MIT
#include "host/providers/wire.h"

#include "host/providers/providerstr.h"

#include "base/jsonlimits.h"

#include <QLocale>
#include <QTimeZone>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace townhall::host::providers::wire {

using namespace Qt::StringLiterals;
using json = nlohmann::json;

namespace {

std::optional<qint64> retryAfter(const Headers &headers, const QDateTime &now, bool resetHeaders);

constexpr auto kAnthropicVersion = "2023-06-01";

QString joinUrl(const QString &base, QStringView path)
{
    QString b = base;
    while (b.endsWith(u'/'))
        b.chop(1);
    return b + path;
}

QString qs(const json &v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_number_integer())
        return QString::number(v.get<qint64>());
    return {};
}

std::string utf8(const QString &s)
{
    return s.toStdString();
}

qint64 count(const json &obj, const char *key)
{
    if (!obj.is_object())
        return 0;
    auto it = obj.find(key);
    return it != obj.end() && it->is_number_integer() ? it->get<qint64>() : 0;
}

std::optional<qint64> optionalCount(const json &obj, const char *key)
{
    if (!obj.is_object())
        return std::nullopt;
    auto it = obj.find(key);
    if (it == obj.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<qint64>();
}

/// A prefix of a body that is not the JSON we expected, fit for a sentence.
/// The key is redacted before the cut, so that no cut leaves half of it.
QString snippet(const ProviderProfile &profile, const QByteArray &body)
{
    constexpr qsizetype Read = 4096;
    QString s = profile.redacted(QString::fromUtf8(body.left(Read))).simplified();
    if (s.size() > 160 || body.size() > Read)
        s = s.left(160) + u"…"_s;
    return s;
}

/// A body from the provider, parsed only when it nests no deeper than
/// base::MaxJsonDepth (copying a deeper value would recurse off the stack);
/// discarded otherwise, with `*tooDeep` set.
json parseBody(const QByteArray &body, bool *tooDeep = nullptr)
{
    const bool within = townhall::base::jsonDepthWithin(
        std::string_view(body.constData(), std::size_t(body.size())));
    if (tooDeep)
        *tooDeep = !within;
    if (!within)
        return json(json::value_t::discarded);
    return json::parse(body.constBegin(), body.constEnd(), nullptr, false);
}

QString tooDeepText()
{
    return ProvidersTr::tr("nested deeper than %1 levels").arg(townhall::base::MaxJsonDepth);
}

/// OpenAI's arguments are a string holding JSON; some servers send the
/// object itself. An empty string is a call without arguments.
void readArguments(ToolCall &call, const json &args)
{
    if (args.is_object()) {
        call.arguments = args;
        call.argumentsText = args.dump();
        return;
    }
    if (!args.is_string()) {
        call.arguments = nullptr;
        call.argumentsText = args.dump();
        call.argumentsError = ProvidersTr::tr("the arguments are a JSON %1, not an object")
                                  .arg(QString::fromUtf8(args.type_name()));
        return;
    }
    call.argumentsText = args.get<std::string>();
    if (QByteArrayView(call.argumentsText).trimmed().isEmpty()) {
        call.arguments = json::object();
        return;
    }
    // The string is JSON of its own, which the body's depth check did not see.
    if (!townhall::base::jsonDepthWithin(call.argumentsText)) {
        call.arguments = nullptr;
        call.argumentsError = ProvidersTr::tr("the arguments are %1").arg(tooDeepText());
        return;
    }
    json parsed = json::parse(call.argumentsText, nullptr, false);
    if (parsed.is_discarded()) {
        call.arguments = nullptr;
        call.argumentsError = ProvidersTr::tr("the arguments are not JSON");
    } else if (!parsed.is_object()) {
        call.arguments = nullptr;
        call.argumentsError = ProvidersTr::tr("the arguments are a JSON %1, not an object")
                                  .arg(QString::fromUtf8(parsed.type_name()));
    } else {
        call.arguments = std::move(parsed);
    }
}

json openAiMessage(const ChatMessage &m)
{
    switch (m.role) {
    case ChatMessage::Role::System:
        return {{"role", "system"}, {"content", utf8(m.text)}};
    case ChatMessage::Role::User:
        return {{"role", "user"}, {"content", utf8(m.text)}};
    case ChatMessage::Role::Tool:
        return {{"role", "tool"}, {"tool_call_id", utf8(m.toolCallId)}, {"content", utf8(m.text)}};
    case ChatMessage::Role::Assistant:
        break;
    }
    if (m.raw.is_object())
        return m.raw;
    json out = {{"role", "assistant"}};
    out["content"] = m.text.isEmpty() && !m.toolCalls.empty() ? json(nullptr) : json(utf8(m.text));
    if (!m.toolCalls.empty()) {
        json calls = json::array();
        for (const ToolCall &c : m.toolCalls) {
            const std::string args
                = !c.argumentsText.empty() ? c.argumentsText : c.arguments.dump();
            calls.push_back({{"id", utf8(c.id)},
                             {"type", "function"},
                             {"function", {{"name", utf8(c.name)}, {"arguments", args}}}});
        }
        out["tool_calls"] = std::move(calls);
    }
    return out;
}

/// api.openai.com refuses `max_tokens` for its reasoning models, while
/// Ollama silently drops `max_completion_tokens`: each gets the one it reads.
const char *maxTokensField(const ProviderProfile &profile)
{
    return QUrl(profile.baseUrl).host().compare(u"api.openai.com"_s, Qt::CaseInsensitive) == 0
               ? "max_completion_tokens"
               : "max_tokens";
}

HttpRequest openAiChat(const ProviderProfile &profile, const ChatRequest &request)
{
    json body = {{"model", utf8(profile.model)}, {"stream", false}};
    json messages = json::array();
    for (const ChatMessage &m : request.messages)
        messages.push_back(openAiMessage(m));
    body["messages"] = std::move(messages);
    if (!request.tools.empty()) {
        json tools = json::array();
        for (const ToolDefinition &t : request.tools) {
            json fn = {{"name", utf8(t.name)}, {"parameters", t.parameters}};
            if (!t.description.isEmpty())
                fn["description"] = utf8(t.description);
            tools.push_back({{"type", "function"}, {"function", std::move(fn)}});
        }
        body["tools"] = std::move(tools);
        body["tool_choice"] = "auto";
    }
    body[maxTokensField(profile)] = profile.maxTokens;
    if (profile.temperature)
        body["temperature"] = *profile.temperature;

    HttpRequest r;
    r.method = "POST";
    r.url = joinUrl(profile.baseUrl, u"/chat/completions");
    r.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
    if (!profile.apiKey.isEmpty())
        r.headers.emplaceBack(QByteArray("Authorization"),
                              QByteArray("Bearer " + profile.apiKey.toUtf8()));
    r.body = QByteArray::fromStdString(body.dump());
    return r;
}

/// Anthropic wants alternating user/assistant turns; tool results are user
/// turns of tool_result blocks. Consecutive user content is merged into one
/// turn of blocks, so several results answer one assistant turn together.
void appendUserBlock(json &messages, json block)
{
    if (!messages.empty() && messages.back()["role"] == "user") {
        json &content = messages.back()["content"];
        if (content.is_string())
            content = json::array({{{"type", "text"}, {"text", content}}});
        content.push_back(std::move(block));
        return;
    }
    messages.push_back({{"role", "user"}, {"content", json::array({std::move(block)})}});
}

HttpRequest anthropicChat(const ProviderProfile &profile, const ChatRequest &request)
{
    json body = {{"model", utf8(profile.model)}, {"max_tokens", profile.maxTokens}};
    QString system;
    json messages = json::array();
    for (const ChatMessage &m : request.messages) {
        switch (m.role) {
        case ChatMessage::Role::System:
            if (!system.isEmpty())
                system += u"\n\n"_s;
            system += m.text;
            break;
        case ChatMessage::Role::User:
            appendUserBlock(messages, {{"type", "text"}, {"text", utf8(m.text)}});
            break;
        case ChatMessage::Role::Tool: {
            json block = {{"type", "tool_result"},
                          {"tool_use_id", utf8(m.toolCallId)},
                          {"content", utf8(m.text)}};
            if (m.toolError)
                block["is_error"] = true;
            appendUserBlock(messages, std::move(block));
            break;
        }
        case ChatMessage::Role::Assistant: {
            json content = json::array();
            if (m.raw.is_array()) {
                content = m.raw;
            } else {
                if (!m.text.isEmpty())
                    content.push_back({{"type", "text"}, {"text", utf8(m.text)}});
                for (const ToolCall &c : m.toolCalls)
                    content.push_back(
                        {{"type", "tool_use"},
                         {"id", utf8(c.id)},
                         {"name", utf8(c.name)},
                         {"input", c.arguments.is_object() ? c.arguments : json::object()}});
            }
            messages.push_back({{"role", "assistant"}, {"content", std::move(content)}});
            break;
        }
        }
    }
    if (!system.isEmpty())
        body["system"] = utf8(system);
    body["messages"] = std::move(messages);
    if (!request.tools.empty()) {
        json tools = json::array();
        for (const ToolDefinition &t : request.tools) {
            json tool = {{"name", utf8(t.name)}, {"input_schema", t.parameters}};
            if (!t.description.isEmpty())
                tool["description"] = utf8(t.description);
            tools.push_back(std::move(tool));
        }
        body["tools"] = std::move(tools);
        body["tool_choice"] = {{"type", "auto"}};
    }
    if (profile.temperature)
        body["temperature"] = *profile.temperature;

    HttpRequest r;
    r.method = "POST";
    r.url = joinUrl(profile.baseUrl, u"/v1/messages");
    r.headers.emplaceBack(QByteArray("Content-Type"), QByteArray("application/json"));
    r.headers.emplaceBack(QByteArray("anthropic-version"), QByteArray(kAnthropicVersion));
    if (!profile.apiKey.isEmpty())
        r.headers.emplaceBack(QByteArray("x-api-key"), QByteArray(profile.apiKey.toUtf8()));
    r.body = QByteArray::fromStdString(body.dump());
    return r;
}

FinishReason openAiFinish(const std::string &s)
{
    if (s == "stop")
        return FinishReason::Stop;
    if (s == "length")
        return FinishReason::Length;
    if (s == "tool_calls" || s == "function_call")
        return FinishReason::ToolCalls;
    if (s == "content_filter")
        return FinishReason::ContentFilter;
    return FinishReason::Unknown;
}

FinishReason anthropicFinish(const std::string &s)
{
    if (s == "end_turn" || s == "stop_sequence")
        return FinishReason::Stop;
    if (s == "max_tokens" || s == "model_context_window_exceeded")
        return FinishReason::Length;
    if (s == "tool_use")
        return FinishReason::ToolCalls;
    if (s == "refusal")
        return FinishReason::Refusal;
    return FinishReason::Unknown;
}

ProviderError malformed(const ProviderProfile &profile, const QString &url, const QString &what)
{
    ProviderError e;
    e.kind = ProviderError::Kind::MalformedResponse;
    e.httpStatus = 200;
    e.message = profile.redacted(
        ProvidersTr::tr("The answer from %1 is not what the protocol promises: %2.")
            .arg(url, what));
    return e;
}

/// Text content is a string, null, or (some servers) an array of text parts.
QString openAiText(const json &content)
{
    if (content.is_string())
        return QString::fromStdString(content.get<std::string>());
    QString out;
    if (content.is_array()) {
        for (const json &part : content)
            if (part.is_object() && part.value("type", "") == "text" && part.contains("text")
                && part["text"].is_string())
                out += QString::fromStdString(part["text"].get<std::string>());
    }
    return out;
}

bool parseOpenAiBody(const json &body, ChatResult &r, QString *problem)
{
    if (!body.contains("choices") || !body["choices"].is_array() || body["choices"].empty()) {
        *problem = ProvidersTr::tr("no choices");
        return false;
    }
    const json &choice = body["choices"][0];
    if (!choice.is_object() || !choice.contains("message") || !choice["message"].is_object()) {
        *problem = ProvidersTr::tr("the first choice has no message");
        return false;
    }
    const json &msg = choice["message"];
    // The message as sent, but with no more calls than are kept (ChatResult::MaxToolCalls).
    r.rawAssistant = json::object();
    for (auto it = msg.begin(); it != msg.end(); ++it)
        if (it.key() != "tool_calls")
            r.rawAssistant[it.key()] = *it;
    if (msg.contains("content"))
        r.text = openAiText(msg["content"]);
    // DeepSeek and llama.cpp say reasoning_content; Ollama, vLLM and OpenRouter say reasoning.
    for (const char *key : {"reasoning_content", "reasoning"}) {
        auto it = msg.find(key);
        if (it != msg.end() && it->is_string() && !it->get<std::string>().empty()) {
            r.reasoning = QString::fromStdString(it->get<std::string>());
            break;
        }
    }
    if (auto it = msg.find("tool_calls"); it != msg.end() && it->is_array()) {
        int index = 0;
        json kept = json::array();
        for (const json &tc : *it) {
            if (index == ChatResult::MaxToolCalls) {
                r.droppedToolCalls = int(it->size()) - index;
                break;
            }
            kept.push_back(tc);
            ToolCall call;
            const json fn = tc.is_object() ? tc.value("function", json::object()) : json::object();
            call.id = tc.is_object() ? qs(tc.value("id", json())) : QString();
            if (call.id.isEmpty())
                call.id = u"call_%1"_s.arg(index);
            call.name = fn.is_object() ? qs(fn.value("name", json())) : QString();
            readArguments(call, fn.is_object() ? fn.value("arguments", json("")) : json(""));
            if (call.name.isEmpty() && call.argumentsError.isEmpty())
                call.argumentsError = ProvidersTr::tr("the call has no function name");
            r.toolCalls.push_back(std::move(call));
            ++index;
        }
        r.rawAssistant["tool_calls"] = std::move(kept);
    } else if (it != msg.end()) {
        r.rawAssistant["tool_calls"] = *it;
    }
    r.finishReasonText = qs(choice.value("finish_reason", json()));
    r.finishReason = openAiFinish(r.finishReasonText.toStdString());
    r.model = qs(body.value("model", json()));
    if (auto it = body.find("usage"); it != body.end() && it->is_object()) {
        const json &u = *it;
        r.usageReported = true;
        r.usage.inputTokens = count(u, "prompt_tokens");
        r.usage.outputTokens = count(u, "completion_tokens");
        if (u.contains("completion_tokens_details"))
            r.usage.reasoningTokens
                = optionalCount(u["completion_tokens_details"], "reasoning_tokens");
        if (u.contains("prompt_tokens_details"))
            r.usage.cachedInputTokens = optionalCount(u["prompt_tokens_details"], "cached_tokens");
    }
    return true;
}

bool parseAnthropicBody(const json &body, ChatResult &r, QString *problem)
{
    if (!body.contains("content") || !body["content"].is_array()) {
        *problem = ProvidersTr::tr("no content array");
        return false;
    }
    // The content as sent, but with no more calls than are kept (ChatResult::MaxToolCalls).
    r.rawAssistant = json::array();
    int index = 0;
    for (const json &block : body["content"]) {
        const std::string type = block.is_object() ? block.value("type", "") : std::string();
        if (type == "tool_use" && index == ChatResult::MaxToolCalls) {
            ++r.droppedToolCalls;
            continue;
        }
        r.rawAssistant.push_back(block);
        if (!block.is_object())
            continue;
        if (type == "text") {
            r.text += qs(block.value("text", json()));
        } else if (type == "thinking") {
            if (!r.reasoning.isEmpty())
                r.reasoning += u"\n\n"_s;
            r.reasoning += qs(block.value("thinking", json()));
        } else if (type == "tool_use") {
            ToolCall call;
            call.id = qs(block.value("id", json()));
            if (call.id.isEmpty())
                call.id = u"toolu_%1"_s.arg(index);
            call.name = qs(block.value("name", json()));
            readArguments(call, block.value("input", json::object()));
            r.toolCalls.push_back(std::move(call));
            ++index;
        }
        // redacted_thinking carries no readable text; it stays in rawAssistant.
    }
    r.finishReasonText = qs(body.value("stop_reason", json()));
    r.finishReason = anthropicFinish(r.finishReasonText.toStdString());
    r.model = qs(body.value("model", json()));
    if (auto it = body.find("usage"); it != body.end() && it->is_object()) {
        const json &u = *it;
        r.usageReported = true;
        const auto cacheRead = optionalCount(u, "cache_read_input_tokens");
        r.usage.inputTokens = count(u, "input_tokens") + count(u, "cache_creation_input_tokens")
                              + cacheRead.value_or(0);
        r.usage.outputTokens = count(u, "output_tokens");
        r.usage.cachedInputTokens = cacheRead;
    }
    return true;
}

/// The error object of any of the shapes in use: OpenAI's {"error":{…}},
/// Anthropic's {"type":"error","error":{…}}, old vLLM's flat
/// {"object":"error",…} and Ollama's native {"error":"…"}.
struct ErrorBody
{
    bool present = false;
    QString message;
    QString type;
    QString code;
    std::optional<int> numericCode;
};

ErrorBody readErrorBody(const json &body)
{
    ErrorBody e;
    if (!body.is_object())
        return e;
    const json *obj = nullptr;
    if (auto it = body.find("error"); it != body.end()) {
        if (it->is_string()) {
            e.present = true;
            e.message = qs(*it);
            return e;
        }
        if (it->is_object())
            obj = &*it;
    } else if (body.value("object", "") == "error") {
        obj = &body;
    }
    if (!obj)
        return e;
    e.present = true;
    e.message = qs(obj->value("message", json()));
    e.type = qs(obj->value("type", json()));
    const json code = obj->value("code", json());
    e.code = qs(code);
    if (code.is_number_integer())
        e.numericCode = code.get<int>();
    // OpenRouter wraps an upstream provider's complaint in metadata.raw.
    if (auto meta = obj->find("metadata"); meta != obj->end() && meta->is_object()) {
        const QString raw = qs(meta->value("raw", json()));
        if (!raw.isEmpty())
            e.message += u" ("_s + raw.left(300) + u")"_s;
    }
    return e;
}

/// Each server words "this model cannot use tools" its own way.
bool saysNoToolSupport(const QString &message)
{
    static const QStringList phrases = {
        u"does not support tools"_s,       // Ollama
        u"support tool use"_s,             // OpenRouter: "No endpoints found that support tool use"
        u"tools param requires --jinja"_s, // llama.cpp without its Jinja templates
        u"requires --enable-auto-tool-choice"_s, // vLLM without a tool-call parser
        u"does not support function calling"_s,
    };
    return std::any_of(phrases.begin(), phrases.end(), [&](const QString &p) {
        return message.contains(p, Qt::CaseInsensitive);
    });
}

bool isQuota(const ErrorBody &e)
{
    static const QStringList codes = {u"insufficient_quota"_s,
                                      u"credit_balance_exhausted"_s,
                                      u"project_spend_limit_exceeded"_s,
                                      u"billing_error"_s};
    return codes.contains(e.code) || codes.contains(e.type);
}

QString hostOf(const QString &url)
{
    const QUrl u(url);
    return u.port() > 0 ? u"%1:%2"_s.arg(u.host()).arg(u.port()) : u.host();
}

ProviderError classify(const ProviderProfile &profile,
                       int status,
                       const ErrorBody &body,
                       const QByteArray &raw,
                       const Headers &headers,
                       const QString &url,
                       const QDateTime &now,
                       bool modelsEndpoint)
{
    ProviderError e;
    e.httpStatus = status;
    e.providerType = !body.type.isEmpty() ? body.type : body.code;
    e.providerMessage = profile.redacted(body.present ? body.message : snippet(profile, raw));
    const QString said
        = e.providerMessage.isEmpty() ? QString() : u" (%1)"_s.arg(e.providerMessage);
    const QString host = hostOf(url);

    if (body.present && saysNoToolSupport(body.message)) {
        e.kind = ProviderError::Kind::NoToolSupport;
        e.message = ProvidersTr::tr(
                        "The model \"%1\" cannot call tools through %2%3; pick a model or server "
                        "configuration with tool support.")
                        .arg(profile.model, host, said);
    } else if (status == 401 || status == 403) {
        e.kind = ProviderError::Kind::Auth;
        if (profile.apiKey.isEmpty())
            e.message = profile.apiKeyEnv.isEmpty()
                            ? ProvidersTr::tr(
                                  "%1 asks for an API key (HTTP %2) and the profile names none%3.")
                                  .arg(host)
                                  .arg(status)
                                  .arg(said)
                            : ProvidersTr::tr("%1 asks for an API key (HTTP %2) and the "
                                              "environment variable %3 is empty or unset%4.")
                                  .arg(host)
                                  .arg(status)
                                  .arg(profile.apiKeyEnv, said);
        else
            e.message = ProvidersTr::tr("%1 refused the API key (HTTP %2)%3.")
                            .arg(host)
                            .arg(status)
                            .arg(said);
    } else if (status == 402) {
        e.kind = ProviderError::Kind::Quota;
        e.message = ProvidersTr::tr("%1 says the account has no credit left (HTTP 402)%2.")
                        .arg(host, said);
    } else if (status == 404) {
        if (body.present && !modelsEndpoint) {
            e.kind = ProviderError::Kind::ModelNotFound;
            e.message = ProvidersTr::tr("%1 does not offer the model \"%2\"%3.")
                            .arg(host, profile.model, said);
        } else {
            e.kind = ProviderError::Kind::EndpointNotFound;
            e.message
                = ProvidersTr::tr(
                      "Nothing answers at %1 (HTTP 404); check the base URL (OpenAI-compatible "
                      "servers usually end in /v1).")
                      .arg(url);
        }
    } else if (status == 408) {
        e.kind = ProviderError::Kind::Timeout;
        e.message
            = ProvidersTr::tr("%1 gave up waiting for the request (HTTP 408)%2.").arg(host, said);
    } else if (status == 429 && isQuota(body)) {
        e.kind = ProviderError::Kind::Quota;
        e.message
            = ProvidersTr::tr("%1 says the account's quota is used up; waiting will not help%2.")
                  .arg(host, said);
    } else if (status == 429) {
        e.kind = ProviderError::Kind::RateLimited;
        e.retryAfterMs = retryAfterMs(headers, now);
        e.message
            = e.retryAfterMs
                  ? ProvidersTr::tr("%1 is rate limiting us; it asks to retry in %2 s%3.")
                        .arg(host, QString::number(double(*e.retryAfterMs) / 1000.0, 'f', 1), said)
                  : ProvidersTr::tr("%1 is rate limiting us%2.").arg(host, said);
    } else if (status >= 500) {
        e.kind = ProviderError::Kind::Server;
        // The rate-limit reset headers ride on every OpenAI response; only
        // an explicit Retry-After speaks about an outage.
        e.retryAfterMs = retryAfter(headers, now, false);
        e.message = ProvidersTr::tr("%1 failed with HTTP %2%3.").arg(host).arg(status).arg(said);
    } else {
        e.kind = ProviderError::Kind::BadRequest;
        e.message = ProvidersTr::tr("%1 refused the request with HTTP %2%3.")
                        .arg(host)
                        .arg(status)
                        .arg(said);
    }
    e.message = profile.redacted(e.message);
    return e;
}

/// A successful parse still fails when the model gave nothing usable.
std::optional<ProviderError> checkAnswer(const ProviderProfile &profile, const ChatResult &r)
{
    for (const ToolCall &c : r.toolCalls) {
        if (c.argumentsError.isEmpty())
            continue;
        ProviderError e;
        e.kind = ProviderError::Kind::MalformedToolCall;
        e.httpStatus = 200;
        e.message = ProvidersTr::tr("The model called \"%1\" (call %2) but %3: %4")
                        .arg(c.name,
                             c.id,
                             c.argumentsError,
                             snippet(profile, QByteArray::fromStdString(c.argumentsText)));
        return e;
    }
    if (!r.toolCalls.empty() || !r.text.trimmed().isEmpty())
        return std::nullopt;
    ProviderError e;
    e.kind = ProviderError::Kind::EmptyAnswer;
    e.httpStatus = 200;
    if (r.finishReason == FinishReason::Length)
        e.message
            = r.usage.reasoningTokens || !r.reasoning.isEmpty()
                  ? ProvidersTr::tr("The model spent its whole budget of %1 output tokens on "
                                    "reasoning and wrote "
                                    "no answer; raise maxTokens or lower its reasoning effort.")
                        .arg(r.usage.outputTokens)
                  : ProvidersTr::tr("The model reached its limit of %1 output tokens without "
                                    "writing an answer; "
                                    "raise maxTokens.")
                        .arg(r.usage.outputTokens);
    else if (r.finishReason == FinishReason::Refusal
             || r.finishReason == FinishReason::ContentFilter)
        e.message = ProvidersTr::tr("The model declined to answer (%1).").arg(r.finishReasonText);
    else
        e.message
            = ProvidersTr::tr(
                  "The model answered with neither text nor a tool call (finish reason \"%1\").")
                  .arg(r.finishReasonText);
    return e;
}

} // namespace

QByteArray header(const Headers &headers, QByteArrayView name)
{
    for (const auto &[k, v] : headers)
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

HttpRequest chatRequest(const ProviderProfile &profile, const ChatRequest &request)
{
    return profile.kind == ProviderKind::Anthropic ? anthropicChat(profile, request)
                                                   : openAiChat(profile, request);
}

HttpRequest modelsRequest(const ProviderProfile &profile)
{
    HttpRequest r;
    r.method = "GET";
    if (profile.kind == ProviderKind::Anthropic) {
        r.url = joinUrl(profile.baseUrl, u"/v1/models");
        r.headers.emplaceBack(QByteArray("anthropic-version"), QByteArray(kAnthropicVersion));
        if (!profile.apiKey.isEmpty())
            r.headers.emplaceBack(QByteArray("x-api-key"), QByteArray(profile.apiKey.toUtf8()));
    } else {
        r.url = joinUrl(profile.baseUrl, u"/models");
        if (!profile.apiKey.isEmpty())
            r.headers.emplaceBack(QByteArray("Authorization"),
                                  QByteArray("Bearer " + profile.apiKey.toUtf8()));
    }
    return r;
}

ProviderError httpError(const ProviderProfile &profile,
                        const HttpResponse &response,
                        const QString &url,
                        const QDateTime &now)
{
    const json body = parseBody(response.body);
    return classify(profile,
                    response.status,
                    readErrorBody(body),
                    response.body,
                    response.headers,
                    url,
                    now,
                    false);
}

ChatOutcome
parseChat(const ProviderProfile &profile, const HttpResponse &response, const QDateTime &now)
{
    ChatOutcome out;
    out.result.requestId = QString::fromLatin1(header(response.headers, "x-request-id"));
    if (out.result.requestId.isEmpty())
        out.result.requestId = QString::fromLatin1(header(response.headers, "request-id"));
    const QString url = chatRequest(profile, {}).url;
    bool tooDeep = false;
    const json body = parseBody(response.body, &tooDeep);
    const ErrorBody err = readErrorBody(body);

    if (response.status < 200 || response.status > 299) {
        out.error = classify(
            profile, response.status, err, response.body, response.headers, url, now, false);
        return out;
    }
    if (tooDeep) {
        out.error = malformed(profile, url, ProvidersTr::tr("the body is %1").arg(tooDeepText()));
        return out;
    }
    if (body.is_discarded()) {
        out.error = malformed(
            profile,
            url,
            ProvidersTr::tr("the body is not JSON (%1)").arg(snippet(profile, response.body)));
        return out;
    }
    // OpenRouter reports failures after generation started as HTTP 200 with an error body.
    if (err.present && !body.contains("choices") && !body.contains("content")) {
        const int status = err.numericCode && *err.numericCode >= 400 ? *err.numericCode : 502;
        out.error
            = classify(profile, status, err, response.body, response.headers, url, now, false);
        return out;
    }
    QString problem;
    const bool parsed = profile.kind == ProviderKind::Anthropic
                            ? parseAnthropicBody(body, out.result, &problem)
                            : parseOpenAiBody(body, out.result, &problem);
    if (!parsed) {
        out.error = malformed(profile, url, problem);
        return out;
    }
    out.error = checkAnswer(profile, out.result);
    if (out.error)
        out.error->message = profile.redacted(out.error->message);
    return out;
}

ModelList
parseModels(const ProviderProfile &profile, const HttpResponse &response, const QDateTime &now)
{
    ModelList out;
    const QString url = modelsRequest(profile).url;
    const json body = parseBody(response.body);
    if (response.status < 200 || response.status > 299) {
        out.error = classify(profile,
                             response.status,
                             readErrorBody(body),
                             response.body,
                             response.headers,
                             url,
                             now,
                             true);
        return out;
    }
    if (body.is_discarded() || !body.is_object() || !body.contains("data")) {
        out.error
            = malformed(profile,
                        url,
                        ProvidersTr::tr("no model list (%1)").arg(snippet(profile, response.body)));
        return out;
    }
    // Ollama with nothing pulled sends "data": null.
    if (body["data"].is_array()) {
        for (const json &m : body["data"]) {
            const QString id = m.is_object() ? qs(m.value("id", json())) : QString();
            if (!id.isEmpty())
                out.ids.append(id);
        }
    }
    return out;
}

std::optional<qint64> parseDurationMs(QByteArrayView text)
{
    text = text.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    double total = 0;
    qsizetype i = 0;
    while (i < text.size()) {
        qsizetype j = i;
        while (j < text.size() && (QChar::fromLatin1(text[j]).isDigit() || text[j] == '.'))
            ++j;
        if (j == i)
            return std::nullopt;
        bool ok = false;
        const double value = text.sliced(i, j - i).toDouble(&ok);
        if (!ok)
            return std::nullopt;
        qsizetype k = j;
        while (k < text.size() && QChar::fromLatin1(text[k]).isLetter())
            ++k;
        const QByteArrayView unit = text.sliced(j, k - j);
        if (unit == "ms")
            total += value;
        else if (unit == "s" || unit.isEmpty())
            total += value * 1000;
        else if (unit == "m")
            total += value * 60'000;
        else if (unit == "h")
            total += value * 3'600'000;
        else
            return std::nullopt;
        i = k;
    }
    return static_cast<qint64>(std::ceil(total));
}

namespace {

std::optional<qint64> retryAfter(const Headers &headers, const QDateTime &now, bool resetHeaders)
{
    bool ok = false;
    if (const QByteArray ms = header(headers, "retry-after-ms"); !ms.isEmpty()) {
        const double v = ms.trimmed().toDouble(&ok);
        if (ok && v >= 0)
            return static_cast<qint64>(std::ceil(v));
    }
    if (const QByteArray ra = header(headers, "retry-after").trimmed(); !ra.isEmpty()) {
        const double seconds = ra.toDouble(&ok);
        if (ok && seconds >= 0)
            return static_cast<qint64>(std::ceil(seconds * 1000));
        // An HTTP date: "Wed, 21 Oct 2015 07:28:00 GMT".
        QDateTime when = QDateTime::fromString(QString::fromLatin1(ra), Qt::RFC2822Date);
        if (!when.isValid())
            when = QLocale::c().toDateTime(QString::fromLatin1(ra),
                                           u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s);
        if (when.isValid()) {
            if (when.timeSpec() == Qt::LocalTime && ra.endsWith("GMT"))
                when.setTimeZone(QTimeZone::utc());
            return std::max<qint64>(0, now.msecsTo(when));
        }
    }
    if (!resetHeaders)
        return std::nullopt;
    std::optional<qint64> latest;
    for (const auto &[name, value] : headers) {
        const QByteArray n = name.toLower();
        std::optional<qint64> ms;
        if (n == "x-ratelimit-reset-requests" || n == "x-ratelimit-reset-tokens") {
            ms = parseDurationMs(value);
        } else if (n.startsWith("anthropic-ratelimit-") && n.endsWith("-reset")) {
            const QDateTime when
                = QDateTime::fromString(QString::fromLatin1(value.trimmed()), Qt::ISODateWithMs);
            if (when.isValid())
                ms = std::max<qint64>(0, now.msecsTo(when));
        }
        if (ms && (!latest || *ms > *latest))
            latest = ms;
    }
    return latest;
}

} // namespace

std::optional<qint64> retryAfterMs(const Headers &headers, const QDateTime &now)
{
    return retryAfter(headers, now, true);
}

} // namespace townhall::host::providers::wire
