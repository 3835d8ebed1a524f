// SPDX-License-Identifier: MIT
#pragma once

/// \file chat.h
/// One chat call as values: the conversation and tools that go in, and the
/// result and error that come out. Nothing here knows a wire format; the
/// protocols (wire.h) map these to and from OpenAI-compatible and Anthropic JSON.

#include "host/providers/providerprofile.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace townhall::host::providers {

/// A call the model asked for. `arguments` is the parsed JSON object; when
/// the model wrote something that is not JSON, `arguments` is null,
/// `argumentsError` says why and `argumentsText` keeps what it wrote, so the
/// caller can tell the model exactly what was wrong instead of guessing.
struct ToolCall
{
    QString id; ///< opaque; synthesized when the server sent none
    QString name;
    nlohmann::json arguments;
    std::string argumentsText; ///< as sent on the wire (OpenAI: a string; Anthropic: dumped input)
    QString argumentsError;    ///< empty when the arguments parsed as a JSON object
};

/// A tool the model may call; `parameters` is a JSON Schema (an object schema).
struct ToolDefinition
{
    QString name;
    QString description;
    nlohmann::json parameters = nlohmann::json::object();
};

/// One turn of the conversation. The system prompt is the first message with
/// role System; Anthropic gets it as the top-level `system`.
struct ChatMessage
{
    enum class Role { System, User, Assistant, Tool };
    Role role = Role::User;
    QString text;
    std::vector<ToolCall> toolCalls; ///< Assistant: the calls it made
    QString toolCallId;              ///< Tool: the call this answers
    bool toolError = false;          ///< Tool: the result is an error (Anthropic's is_error)
    /// Assistant: the message exactly as the provider sent it
    /// (ChatResult::rawAssistant). When set it is sent back verbatim, as
    /// both protocols ask: Anthropic's thinking blocks carry signatures and
    /// DeepSeek wants its reasoning_content back after tool calls.
    nlohmann::json raw;

    static ChatMessage system(QString text);
    static ChatMessage user(QString text);
    static ChatMessage assistant(QString text, std::vector<ToolCall> calls = {});
    static ChatMessage toolResult(QString callId, QString text, bool isError = false);
};

struct ChatRequest
{
    std::vector<ChatMessage> messages;
    std::vector<ToolDefinition> tools;
};

/// Why the model stopped, normalized across providers; the provider's own
/// word is kept in ChatResult::finishReasonText.
enum class FinishReason { Unknown, Stop, Length, ToolCalls, ContentFilter, Refusal };

struct ChatResult
{
    /// Tool calls kept from one answer; the rest are dropped when it is read.
    /// A seat runs one call per turn and answers each kept one, and the
    /// answer goes back in every later request of the turn: a model that
    /// writes ten thousand calls must not make every request megabytes.
    static constexpr int MaxToolCalls = 4;

    QString text;                    ///< the visible answer, possibly empty
    QString reasoning;               ///< reasoning_content / reasoning / thinking blocks, joined
    std::vector<ToolCall> toolCalls; ///< at most MaxToolCalls, in the model's order
    int droppedToolCalls = 0;        ///< calls past MaxToolCalls, left out here and in rawAssistant
    Usage usage;
    bool usageReported = false;
    FinishReason finishReason = FinishReason::Unknown;
    QString finishReasonText;
    QString model;               ///< as the server reported it
    QString requestId;           ///< x-request-id / request-id, for a support ticket
    qint64 latencyMs = 0;        ///< request sent to last byte (or to the failure)
    nlohmann::json rawAssistant; ///< see ChatMessage::raw; without the dropped calls
};

/// What went wrong, as a kind a program can act on and a sentence a user can read.
struct ProviderError
{
    enum class Kind {
        Dns,               ///< the host name does not resolve
        Refused,           ///< nothing listens at that address and port
        Timeout,           ///< the whole request took longer than the profile allows
        Network,           ///< any other transport failure (reset, TLS, proxy)
        Auth,              ///< 401/403: missing, wrong or unauthorized key
        ModelNotFound,     ///< 404 naming the model: not pulled, misspelt, no access
        EndpointNotFound,  ///< 404 without a provider error: the base URL is wrong
        RateLimited,       ///< 429 that clears by waiting (retryAfterMs when known)
        Quota,             ///< 402, or a 429 that waiting will not clear (no credit)
        BadRequest,        ///< other 4xx: context too long, a parameter refused
        Server,            ///< 5xx (529 overloaded included)
        BodyTooLarge,      ///< the response exceeded the cap and was aborted
        MalformedResponse, ///< not JSON, JSON nested too deep, or without the expected shape
        MalformedToolCall, ///< a tool call whose arguments are not a JSON object (or nest too deep)
        NoToolSupport,     ///< the model or server refuses tools, as each one says it
        EmptyAnswer,       ///< no text and no tool call (reasoning spent the budget)
    };

    Kind kind = Kind::Network;
    QString message;                    ///< one complete sentence or two; never contains the key
    int httpStatus = 0;                 ///< 0 when no HTTP response arrived
    QString providerType;               ///< the error body's type/code, when it had one
    QString providerMessage;            ///< the error body's message, key scrubbed
    std::optional<qint64> retryAfterMs; ///< RateLimited (and 503/529) when the server said

    /// A short stable name ("RATE_LIMITED") for logs and tests.
    static const char *kindName(Kind kind);
};

/// A call's outcome. `result` holds whatever arrived even on failure: usage
/// and latency are still costs, and a malformed tool call keeps its id and
/// text so the caller can answer it.
struct ChatOutcome
{
    ChatResult result;
    std::optional<ProviderError> error;

    bool ok() const { return !error.has_value(); }
};

/// The models a server offers.
struct ModelList
{
    QStringList ids;
    std::optional<ProviderError> error;
    qint64 latencyMs = 0;

    bool ok() const { return !error.has_value(); }
};

} // namespace townhall::host::providers
