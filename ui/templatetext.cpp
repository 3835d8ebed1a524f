// SPDX-License-Identifier: MIT
#include "ui/templatetext.h"

#include "ui/uitext.h"

#include "engine/payloads.h"

#include <QHash>

namespace townhall::ui {

namespace {

struct Entry
{
    const char *english; ///< the engine's pattern (source text)
    const char *id;      ///< the template id (disambiguation)
};

constexpr const char NarratorContext[] = "townhall::ui::Narrator";
constexpr const char MomentContext[] = "townhall::ui::KeyMoment";

// Narrator templates: {English pattern, id}, in the order of engine::narratorTemplates()
// and equal to it (tst_templatetext checks). The id is the translator's disambiguation.
// clang-format off
constexpr Entry kNarrator[] = {
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Werewolf Game #{matchNumber} is about to begin. {names} take their seats in the Town Hall.", "lobby.open.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Hear ye, hear ye! {count|word|cap} townsfolk gather for Werewolf Game #{matchNumber}: {names}.", "lobby.open.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The Town Hall doors creak open for Game #{matchNumber}. Not everyone among {names} is what they seem.", "lobby.open.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Welcome to Werewolf Game #{matchNumber}! Tonight's guests: {names}. Ready up, and trust no one.", "lobby.open.4"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Night falls on the village for the first time. Somewhere in the dark, the werewolves wake.", "night.first.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The sun sets on Night {night}. Lock your doors: the wolves are hungry.", "night.first.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Darkness settles over the Town Hall. Night {night} begins, and not everyone is sleeping.", "night.first.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Night {night} falls. The village sleeps uneasily.", "night.falls.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The moon rises over Night {night}. Who will see the morning?", "night.falls.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Darkness returns: Night {night} begins. Somewhere, claws are being sharpened.", "night.falls.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Candles out. Night {night} has come, and the wolves are on the prowl.", "night.falls.4"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Day {day} is over: {name} was cast out and revealed as {role|a}. {alive} players remain.", "summary.day.out.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "So ends Day {day}. The village exiled {name} ({role}); {alive|word} survivors head home.", "summary.day.out.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Recap of Day {day}: out goes {name}, {role|a}. {alive|word|cap} players are left.", "summary.day.out.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Day {day} ends without an elimination. {alive} players remain.", "summary.day.none.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The village could not agree on Day {day}. All {alive|word} survivors live to see the night.", "summary.day.none.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Recap of Day {day}: nobody was cast out. {alive|word|cap} players are left.", "summary.day.none.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Dawn breaks after Night {night}. The wolves struck, but someone was saved! Nobody died.", "dawn.saved.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A miracle at dawn: the wolves' attack failed. The doctor's care kept everyone alive through Night {night}.", "dawn.saved.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Morning comes and every bed is warm. Night {night}'s attack was thwarted by the doctor.", "dawn.saved.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Dawn breaks on a quiet night. Nobody died during Night {night}.", "dawn.quiet.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Night {night} passes without a death. The village exhales.", "dawn.quiet.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Dawn breaks. {name} was found dead after Night {night}. They were {role|a}.", "dawn.death.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A scream at sunrise: the wolves took {name} in the night. {name} was {role|a}.", "dawn.death.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The village wakes to grim news: {name} did not survive Night {night}. Revealed: {role|a}.", "dawn.death.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Morning light finds {name}'s door broken. {name}, {role|a}, is gone.", "dawn.death.4"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Disaster at dawn: {name} is dead, and {name} was the seer. The village has lost its eyes.", "dawn.death.seer.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves found the seer. {name} did not survive Night {night}.", "dawn.death.seer.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Dawn brings a heavy loss: {name}, the doctor, was killed in Night {night}. No one is watching over the village now.", "dawn.death.doctor.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves got to the healer first. {name} was the doctor.", "dawn.death.doctor.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Day {day} begins. {alive|word|cap} players remain: {names}.", "day.begins.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The sun is up on Day {day}. Still standing: {names}.", "day.begins.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Day {day}. {alive|word|cap} survivors gather in the Town Hall: {names}.", "day.begins.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{wolves|word|cap} werewolves still hide among the {alive|word} living.", "hype.wolves.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Remember: {wolves|word} werewolves are still out there, and they are sitting at this table.", "hype.wolves.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "One werewolf remains among the {alive|word} living. Find it, and the village is saved.", "hype.lastwolf.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Only one wolf left. One good vote could end this.", "hype.lastwolf.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Opening statements: each of the {count|word} players gets one turn. {name} speaks first.", "day.opening.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Time for openings, one statement each. The floor goes to {name}.", "day.opening.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Let the openings begin. {name}, you have the floor.", "day.opening.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Last opening statement of the day: {name}.", "turn.last.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "And finally, {name} has the floor.", "turn.last.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The floor is open: {seconds} seconds of free debate.", "day.discussion.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Discussion time! Accuse, defend, persuade: {seconds} seconds on the clock.", "day.discussion.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Openings are done. Now the real arguments begin.", "day.discussion.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Voting is open! {seconds} seconds to choose who leaves the village.", "day.vote.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Talk is over. Cast your votes, and remember: a tie means nobody goes.", "day.vote.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The ballot box opens. Who will the village cast out on Day {day}?", "day.vote.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{voter} switches from {from} to {target}! {target} now has {count|votes}.", "vote.flip.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A change of heart: {voter} moves their vote from {from} to {target}.", "vote.flip.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{voter} flips to {target}. The tally shifts.", "vote.flip.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{voter} stops abstaining and votes for {target}.", "vote.flip.fromabstain.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{voter} makes up their mind: a vote for {target}, now at {count|votes}.", "vote.flip.fromabstain.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{target} now has {count} of {alive} votes: a majority!", "vote.majority.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The votes pile up against {target}: {count} and counting.", "vote.majority.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{count|word|cap} votes on {target}. It is looking grim.", "vote.majority.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The village has spoken: {name} is cast out with {votes|votes}. {name} was {role|a}.", "vote.out.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "With {votes|votes}, {name} is eliminated… and revealed as {role|a}. An innocent falls.", "vote.out.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} leaves the Town Hall for good ({votes|votes}). The reveal: {role|a}.", "vote.out.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Got one! {name} is voted out with {votes|votes}, and was a werewolf!", "vote.out.wolf.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The village's aim is true: {name}, eliminated with {votes|votes}, was a werewolf.", "vote.out.wolf.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{votes|votes|cap} send {name} away. The mask slips: werewolf!", "vote.out.wolf.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A tie! {names} have {count|votes} each. Nobody is eliminated today.", "vote.tie.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Deadlock between {names}. Without a clear result, everyone survives the day.", "vote.tie.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Not a single vote was cast. Day {day} ends without an elimination.", "vote.none.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The village abstains. Everyone is spared today.", "vote.none.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} may speak their last words.", "lastwords.invite.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Before leaving, {name} gets one final statement.", "lastwords.invite.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} has said their piece. The village will remember.", "lastwords.said.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "With those last words, {name} leaves the Town Hall.", "lastwords.said.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} claims to be the seer! Truth, or a desperate bluff?", "claim.seer.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Bold move: {name} says they are the seer.", "claim.seer.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A seer claim from {name}! The village must decide whether to believe it.", "claim.seer.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The last werewolf is gone! The village wins on Day {days}.", "game.over.villagers.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Victory for the village! {survivors|word|cap} survivors can finally sleep at night.", "game.over.villagers.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "It's over: every werewolf has been found. The villagers triumph.", "game.over.villagers.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The werewolves now match the village in number. The werewolves win!", "game.over.werewolves.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Too late for the village: the wolves have taken the Town Hall. The werewolves win.", "game.over.werewolves.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Howls fill the night. The werewolves win, with {survivors|word} players left standing.", "game.over.werewolves.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The masks come off: the werewolves were {wolves}. {seer} was the seer and {doctor} the doctor.", "game.reveal.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "All is revealed. Werewolves: {wolves}. Seer: {seer}. Doctor: {doctor}.", "game.reveal.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The masks come off: the werewolves were {wolves}.", "game.reveal.wolves.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The host has paused the match. Everyone freeze!", "match.paused.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A pause is called. The clock stops.", "match.paused.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The match resumes. The clock is running again.", "match.resumed.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Play on! The match is back.", "match.resumed.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Spoiler: {wolves} are the werewolves. {seer} is the seer, {doctor} the doctor.", "omni.roles.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Behind the smiles: the wolves are {wolves}; {seer} holds the seer's sight and {doctor} the doctor's kit.", "omni.roles.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves, {wolves}, close in on {target}…", "omni.wolves.agree.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{wolves} agree: tonight's prey is {target}.", "omni.wolves.agree.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Yellow eyes in the dark: {wolves} stalk {target}.", "omni.wolves.agree.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{wolf}, the last wolf, hunts {target} alone.", "omni.wolf.alone.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A lone wolf on the prowl: {wolf} has chosen {target}.", "omni.wolf.alone.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The pack is split: {wolf1} wants {target1}, {wolf2} wants {target2}.", "omni.wolves.split.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Disagreement in the den: {wolf1} picks {target1} while {wolf2} picks {target2}.", "omni.wolves.split.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The seer, {seer}, peers into {target}'s heart… and sees a werewolf!", "omni.seer.wolf.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{seer} has found one: {target} is a werewolf.", "omni.seer.wolf.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{seer}, the seer, checks {target}: not a werewolf.", "omni.seer.clean.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The seer's vision clears {target}. {seer} knows a little more tonight.", "omni.seer.clean.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{doctor}, the doctor, watches over {target} tonight.", "omni.doctor.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The doctor, {doctor}, slips into {target}'s house with bandages ready.", "omni.doctor.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{doctor}, the doctor, bars their own door tonight.", "omni.doctor.self.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The doctor, {doctor}, keeps the medicine close tonight: a self-protect.", "omni.doctor.self.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves pounce on {victim}… but {doctor}, the doctor, was watching. {victim} lives!", "omni.night.saved.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Saved! {doctor} guessed right and pulls {victim} from the wolves' jaws.", "omni.night.saved.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The pack ({wolves}) strikes: {victim} ({role}) will not see the dawn.", "omni.night.kill.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "It is done. {victim}, {role|a}, falls to {wolves}.", "omni.night.kill.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves could not settle on a victim; fate picks {victim} ({role}).", "omni.night.random.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "No agreement in the den, so the moon decides: {victim}, {role|a}, is taken.", "omni.night.random.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Spoiler: still hiding among them, the wolves: {wolves}.", "omni.day.status.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Only you can see it: {wolves}, sitting right there, smiling.", "omni.day.status.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{voter} votes against fellow werewolf {target}! Bussing a packmate to look innocent?", "omni.bus.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Cold-blooded: {voter}, a wolf, puts a vote on their own packmate {target}.", "omni.bus.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Spoiler: {name} is no seer but {role|a}. A bold bluff!", "omni.claim.fake.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Only you know it: {name}'s seer claim is a lie. They are {role|a}.", "omni.claim.fake.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Spoiler: {name} really is the seer.", "omni.claim.true.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "It's true: {name} is the genuine seer, and now the wolves know it too.", "omni.claim.true.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Somewhere in the dark, the witch's hour comes and goes.", "witch.stirs.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A cauldron bubbles in Night {night}. Whether anyone tends it, nobody can say.", "witch.stirs.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Dawn breaks after Night {night}, and everyone wakes. A peaceful night.", "dawn.peaceful.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Night {night} passes and no bed is empty.", "dawn.peaceful.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A grim dawn after Night {night}: {count|word} players did not wake: {names}.", "dawn.deaths.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Night {night} took {count|word} lives: {names}.", "dawn.deaths.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} was found dead after Night {night}. They were {role|a}.", "dawn.found.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Morning light finds {name} lifeless. {name} was {role|a}.", "dawn.found.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} was found dead after Night {night}. Their role stays a secret.", "dawn.found.hidden.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Morning light finds {name} lifeless; what they were, the village cannot tell.", "dawn.found.hidden.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The village has spoken: {name} is cast out with {votes|votes}. Their role stays hidden.", "vote.out.hidden.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} leaves the Town Hall for good ({votes|votes}), taking their secret along.", "vote.out.hidden.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Voting is open! {seconds} seconds to choose who leaves the village.", "day.vote.pk.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Talk is over. Cast your votes; a tie sends the leaders to a PK.", "day.vote.pk.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The ballot box opens. Who will the village cast out on Day {day}?", "day.vote.pk.3"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A tie at {count|votes}! {names} face a PK: each defends themselves, then the village votes again.", "pk.begins.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Deadlock between {names}. To the PK: one defence each, then a revote.", "pk.begins.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{name} takes the stand in the PK.", "pk.turn.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The PK floor goes to {name}: defend yourself.", "pk.turn.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The PK revote is open: {names}, one of you may leave.", "pk.vote.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Defences heard. The village votes again between {names}.", "pk.vote.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The revote settles the PK: {name} goes with {votes|votes}.", "pk.decided.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The PK is over. {name} could not win the room ({votes|votes}).", "pk.decided.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The PK ties again between {names}. Nobody is eliminated today.", "pk.tie.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A second deadlock: {names} are level once more, and everyone survives the day.", "pk.tie.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Nobody voted in the PK. Day {day} ends without an elimination.", "pk.none.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The PK's ballot box stays empty. Everyone survives Day {day}.", "pk.none.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{hunter} was the hunter, and the hunter does not go quietly. Will there be a shot?", "hunter.rises.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A gun is raised: {hunter}, the hunter, may take someone along.", "hunter.rises.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A shot rings out! {hunter} takes {name} down. {name} was {role|a}.", "hunter.hit.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The hunter's bullet finds {name}, who was {role|a}.", "hunter.hit.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A shot rings out! {hunter} takes {name} down. Their role stays hidden.", "hunter.hit.hidden.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The hunter's bullet finds {name}; what they were, nobody is told.", "hunter.hit.hidden.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{hunter} lowers the gun. No shot is fired.", "hunter.holds.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The hunter, {hunter}, holds fire.", "hunter.holds.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Day {days} is done and so is the match: neither side won. A draw!", "game.over.draw.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Time runs out on Day {days}. Nobody wins; the village and the wolves both survive.", "game.over.draw.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Spoiler: {witch} holds the witch's two potions; {hunter} is the hunter.", "omni.witch.hunter.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Only you know it: {witch} is the witch and {hunter} carries the hunter's gun.", "omni.witch.hunter.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{witch}, the witch, pours the antidote for {target}.", "omni.witch.save.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The witch, {witch}, spends her antidote: {target} is pulled back from the brink.", "omni.witch.save.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{witch}, the witch, poisons {target}.", "omni.witch.poison.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "A drop of poison from {witch}, the witch: {target} will not wake.", "omni.witch.poison.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{witch}, the witch, keeps her potions tonight.", "omni.witch.pass.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The witch, {witch}, does nothing tonight.", "omni.witch.pass.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves' victim tonight: {victim} ({role}).", "omni.wolves.decided.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The pack has settled on {victim}, {role|a}.", "omni.wolves.decided.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The wolves pounce on {victim}… but the witch's antidote brings {victim} back!", "omni.night.witchsaved.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "Saved by a potion: the witch pulls {victim} from the wolves' jaws.", "omni.night.witchsaved.2"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "{victim} ({role}) dies of the witch's poison, not the wolves' claws.", "omni.night.poisoned.1"),
    QT_TRANSLATE_NOOP3("townhall::ui::Narrator", "The witch's poison does its work: {victim}, {role|a}, will not wake.", "omni.night.poisoned.2"),
};

// Key-moment templates: equal to engine::keyMomentTemplates().
constexpr Entry kMoments[] = {
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{accuser} accuses {target}.", "moment.accusation"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{accuser} keeps pointing at {target} ({count} times).", "moment.accusation.repeated"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{target} is under fire: {count} accusations from {accuserCount} players ({accusers}).", "moment.accusation.many"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} claims to be the seer.", "moment.seerclaim"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} counterclaims seer: {rival} claimed it first.", "moment.counterclaim"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} vouched for {target}, then voted for them the same day.", "moment.contradiction.vouchvote"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} claimed to be the seer, but was revealed as {role|a}.", "moment.contradiction.claim"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} claimed to be the seer, but {seer} was revealed as the real seer.", "moment.contradiction.seerrevealed"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} vouched for {target}, who was revealed as a werewolf.", "moment.contradiction.vouchedwolf"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} named {target} a werewolf as the seer, but {target} was {role|a}.", "moment.contradiction.seerresult"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} changed their vote from {from} to {to}.", "moment.voteflip"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} withdrew their vote for {from}.", "moment.voteflip.toabstain"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} stopped abstaining and voted for {to}.", "moment.voteflip.fromabstain"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "The doctor saved the wolves' victim on night {night}: nobody died.", "moment.doctorsave"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{doctor}, the doctor, saved {saved} from the wolves on night {night}.", "moment.doctorsave.revealed"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name}, a werewolf, voted for fellow wolf {target}.", "moment.wolfonwolf.vote"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name}, a werewolf, accused fellow wolf {target}.", "moment.wolfonwolf.accuse"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} claims to be the seer but is {role|a}.", "moment.fakeclaim"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{hunter}, the hunter, shot {target}: a werewolf!", "moment.hunter.wolf"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{hunter}, the hunter, shot {target}, who was {role|a}.", "moment.hunter.other"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{hunter}, the hunter, shot {target}.", "moment.hunter.hidden"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{witch}, the witch, saved {saved} from the wolves on night {night}.", "moment.witch.save"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{witch}, the witch, poisoned {target} on night {night}.", "moment.witch.poison"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "The PK between {names} tied again: nobody left on day {day}.", "moment.pk.tie"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} lost the PK against {rivals} and was {role|a}.", "moment.pk.out"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{name} lost the PK against {rivals}.", "moment.pk.out.hidden"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "{count} players died on night {night}: {names}.", "moment.night.deaths"),
    QT_TRANSLATE_NOOP3("townhall::ui::KeyMoment", "The match reached its day limit on day {day}: a draw.", "moment.draw"),
};
// clang-format on

template<std::size_t N>
QHash<QByteArray, const Entry *> indexOf(const Entry (&table)[N])
{
    QHash<QByteArray, const Entry *> h;
    h.reserve(qsizetype(N));
    for (const Entry &e : table)
        h.insert(QByteArray(e.id), &e);
    return h;
}

const Entry *lookup(const QHash<QByteArray, const Entry *> &index, std::string_view id)
{
    return index.value(QByteArray::fromRawData(id.data(), qsizetype(id.size())), nullptr);
}

const Entry *findNarrator(std::string_view id)
{
    static const auto index = indexOf(kNarrator);
    return lookup(index, id);
}

const Entry *findMoment(std::string_view id)
{
    static const auto index = indexOf(kMoments);
    return lookup(index, id);
}

QString translated(const char *context, const Entry *e)
{
    if (!e)
        return {};
    const QString t = QCoreApplication::translate(context, e->english, e->id);
    // No translation: translate() hands back the source text.
    if (t == QString::fromUtf8(e->english))
        return {};
    return t;
}

bool hasModifier(const QStringList &mods, QLatin1StringView m)
{
    return mods.contains(m);
}

QString valueText(const QString &key, const QStringList &mods, const engine::json &v)
{
    QString out;
    if (v.is_string()) {
        const std::string &s = v.get_ref<const std::string &>();
        if (key == QLatin1String("role") || key.endsWith(QLatin1String("Role"))) {
            const auto role = engine::parseRole(s);
            out = role ? UiText::roleName(*role) : qs(s);
        } else if (key == QLatin1String("winner")) {
            out = s == "WEREWOLVES"  ? UiText::teamName(engine::Team::Werewolves)
                  : s == "VILLAGERS" ? UiText::teamName(engine::Team::Villagers)
                                     : qs(s);
        } else {
            out = qs(s);
        }
    } else if (v.is_number_integer()) {
        const auto n = v.get<std::int64_t>();
        if (hasModifier(mods, QLatin1StringView("votes")))
            out = UiText::votes(int(n));
        else if (hasModifier(mods, QLatin1StringView("word")))
            out = UiText::numberWord(int(n));
        else
            out = QString::number(n);
    } else if (v.is_array()) {
        QStringList items;
        for (const engine::json &x : v)
            items << (x.is_string() ? qs(x.get_ref<const std::string &>()) : qs(x.dump()));
        out = UiText::joinList(items);
    } else if (!v.is_null()) {
        out = qs(v.dump());
    }
    if (hasModifier(mods, QLatin1StringView("cap")) && !out.isEmpty() && out.at(0).isLower())
        out[0] = out.at(0).toUpper();
    return out;
}

template<std::size_t N>
QList<std::pair<QString, QString>> tableOf(const Entry (&table)[N])
{
    QList<std::pair<QString, QString>> out;
    out.reserve(qsizetype(N));
    for (const Entry &e : table)
        out.append({QString::fromUtf8(e.id), QString::fromUtf8(e.english)});
    return out;
}

} // namespace

QString TemplateText::translatedNarratorPattern(std::string_view templateId)
{
    return translated(NarratorContext, findNarrator(templateId));
}

QString TemplateText::translatedKeyMomentPattern(std::string_view templateId)
{
    return translated(MomentContext, findMoment(templateId));
}

QString TemplateText::narratorLine(const engine::payload::Narrator &line)
{
    if (line.args.value) {
        const QString pattern = translatedNarratorPattern(line.templateId);
        if (!pattern.isEmpty())
            return render(pattern, *line.args.value);
    }
    return qs(line.text);
}

QString TemplateText::narrator(const engine::json &payload)
{
    const auto line = engine::decodePayload(engine::EventType::Narrator, payload);
    return line ? narratorLine(std::get<engine::payload::Narrator>(*line)) : QString();
}

QString TemplateText::keyMoment(const engine::KeyMoment &moment)
{
    const QString pattern = translatedKeyMomentPattern(moment.templateId);
    return pattern.isEmpty() ? qs(moment.text) : render(pattern, moment.args);
}

QString TemplateText::render(const QString &pattern, const engine::json &args)
{
    QString out;
    out.reserve(pattern.size() + 48);
    qsizetype i = 0;
    while (i < pattern.size()) {
        const QChar ch = pattern.at(i);
        const qsizetype close
            = ch == QLatin1Char('{') ? pattern.indexOf(QLatin1Char('}'), i + 1) : -1;
        if (close < 0) {
            out.append(ch);
            ++i;
            continue;
        }
        const QStringList spec = pattern.mid(i + 1, close - i - 1).split(QLatin1Char('|'));
        const QString key = spec.first();
        const std::string k = key.toStdString();
        const auto it = args.is_object() ? args.find(k) : args.end();
        if (args.is_object() && it != args.end())
            out.append(valueText(key, spec.mid(1), *it));
        else
            out.append(pattern.mid(i, close - i + 1)); // visible, never a crash
        i = close + 1;
    }
    return out;
}

QList<std::pair<QString, QString>> TemplateText::narratorTable()
{
    return tableOf(kNarrator);
}
QList<std::pair<QString, QString>> TemplateText::keyMomentTable()
{
    return tableOf(kMoments);
}

} // namespace townhall::ui
