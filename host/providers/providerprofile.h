// SPDX-License-Identifier: MIT
#pragma once

/// \file providerprofile.h
/// Where a model seat's language model lives: the server, the model and how
/// to authenticate, plus the knobs every request carries. The key itself is
/// held in memory only; what is stored is the name of the environment
/// variable (or, later, keychain entry) it comes from.

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>

namespace townhall::host::providers {

/// The two wire protocols. Ollama, llama.cpp, vLLM, OpenRouter, DeepSeek and
/// LM Studio all speak the OpenAI-compatible one.
enum class ProviderKind { OpenAiCompatible, Anthropic };

/// "openai" / "anthropic": the spelling of the seats file and of toJson().
QString kindName(ProviderKind kind);
std::optional<ProviderKind> kindFromName(const QString &name);

/// Token counts as the provider reported them. The optional ones are absent
/// when the server does not report them (Ollama reports neither).
struct Usage
{
    qint64 inputTokens = 0;                  ///< everything read, cached or not
    qint64 outputTokens = 0;                 ///< everything written, reasoning included
    std::optional<qint64> reasoningTokens;   ///< part of outputTokens
    std::optional<qint64> cachedInputTokens; ///< part of inputTokens, read from a prompt cache
};

struct ProviderProfile
{
    QString name; ///< the key in the seats file ("local")
    ProviderKind kind = ProviderKind::OpenAiCompatible;
    QString baseUrl; ///< "http://localhost:11434/v1", "https://api.anthropic.com"
    QString model;
    QString apiKeyEnv; ///< name of the environment variable holding the key
    /// The key, filled in from a KeySource just before use. Never written by
    /// toJson(), never logged, scrubbed from every error message.
    QString apiKey;
    std::optional<double> temperature; ///< unset: the server's default (o-series refuse others)
    int maxTokens = 1024;              ///< output budget, reasoning included
    std::chrono::milliseconds timeout{120'000}; ///< whole request, first byte to last
    std::optional<double> inputPricePerMillion; ///< in the user's currency, per 1e6 input tokens
    std::optional<double> outputPricePerMillion;

    /// The profile for storage: every field but the key.
    nlohmann::json toJson() const;

    /// Reads what toJson() writes (and the seats file's provider entries).
    /// `path` prefixes every error ("providers.local"); errors are appended.
    /// Unknown keys become warnings, so a typo is seen but does not stop a match.
    static std::optional<ProviderProfile> fromJson(const nlohmann::json &json,
                                                   const QString &name,
                                                   const QString &path,
                                                   QStringList *errors,
                                                   QStringList *warnings);

    /// The cost of a call when both prices are known.
    std::optional<double> cost(const Usage &usage) const;

    /// The text with every occurrence of the key replaced by "***": applied
    /// to anything this library puts in an error or a log line, and to
    /// everything a model seat keeps (its notes, the calls it makes).
    QString redacted(QString text) const;
};

/// `text` with every occurrence of `secret` (an API key, a push token)
/// replaced by "***", also where JSON escapes spell it (a letter as a
/// backslash-u escape, "/" as "\/"), as a server that echoes the request's
/// JSON may write it. A secret shorter than four characters could match
/// ordinary words and is left alone (no real key is that short).
QString redactSecret(QString text, const QString &secret);

} // namespace townhall::host::providers
