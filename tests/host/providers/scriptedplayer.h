// SPDX-License-Identifier: MIT
#pragma once

/// \file scriptedplayer.h
/// A scripted model that plays Werewolf through the OpenAI-compatible
/// protocol: it reads the functions it is offered and the phase brief it is
/// given, and answers with a legal call. Tests and benchmarks hand it to a
/// ScriptedOpenAiServer as the handler.

#include "scriptedserver.h"

#include <optional>

namespace townhall::test::providers {

/// What the scripted model does when it is asked: the first target the
/// brief lists (the next one for each refusal), ready in the lobby, a line
/// of talk by day after a look at get_state, one line of wolf chat before
/// the kill ("pack-secret-<seat>"), and a vote for nobody that exists before
/// the real one (to be refused). Its visible text beside each call is
/// "musing-of-seat-<seat>", a thought nobody else may ever read; what it
/// says in public starts with "I am seat ". Nullopt for a request that is
/// not a chat completion.
std::optional<ScriptedResponse> scriptedPlayer(int seat, const RecordedRequest &request);

} // namespace townhall::test::providers
