// SPDX-License-Identifier: MIT
#include "narrator.h"

#include "keymoments.h"
#include "rng.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>

namespace townhall::engine {

namespace {

// ---------------------------------------------------------------- the catalogue

/// Every situation the crier speaks about. The order matches kSituations.
enum class S : std::uint8_t {
    LobbyOpen,
    NightFirst,
    NightFalls,
    SummaryOut,
    SummaryNone,
    DawnSaved,
    DawnQuiet,
    DawnDeath,
    DawnDeathSeer,
    DawnDeathDoctor,
    DayBegins,
    HypeWolves,
    HypeLastWolf,
    DayOpening,
    TurnLast,
    DayDiscussion,
    DayVote,
    VoteFlip,
    VoteFlipFromAbstain,
    VoteMajority,
    VoteOut,
    VoteOutWolf,
    VoteTie,
    VoteNone,
    LastWordsInvite,
    LastWordsSaid,
    ClaimSeer,
    GameOverVillagers,
    GameOverWolves,
    GameReveal,
    GameRevealWolves,
    Paused,
    Resumed,
    // omniscient (Host audience)
    OmniRoles,
    OmniWolvesAgree,
    OmniWolfAlone,
    OmniWolvesSplit,
    OmniSeerWolf,
    OmniSeerClean,
    OmniDoctor,
    OmniDoctorSelf,
    OmniNightSaved,
    OmniNightKill,
    OmniNightRandom,
    OmniDayStatus,
    OmniBus,
    OmniClaimFake,
    OmniClaimTrue,
    // Witch, hunter and PK sets. Appended after the classic ones: the variant
    // hash is salted with the situation's number, so inserting above would
    // change which variant a classic match hears.
    WitchStirs,
    DawnPeaceful,
    DawnDeaths,
    DawnFound,
    DawnFoundHidden,
    VoteOutHidden,
    DayVotePk,
    PkBegins,
    PkTurn,
    PkVote,
    PkDecided,
    PkTie,
    PkNone,
    HunterRises,
    HunterHit,
    HunterHitHidden,
    HunterHolds,
    GameOverDraw,
    OmniWitchHunter,
    OmniWitchSave,
    OmniWitchPoison,
    OmniWitchPass,
    OmniWolvesDecided,
    OmniNightWitchSaved,
    OmniNightPoisoned,
    Count
};

struct Situation
{
    std::string_view key;
    bool omniscient;
    std::array<std::string_view, 4> variants; ///< unused slots are empty
};

// Public patterns never put a living player's name next to a role word, with
// one exception: claim.seer repeats what that player said in public.
constexpr std::array<Situation, static_cast<std::size_t>(S::Count)> kSituations{{
    {"lobby.open",
     false,
     {"Werewolf Game #{matchNumber} is about to begin. {names} take their seats in the Town Hall.",
      "Hear ye, hear ye! {count|word|cap} townsfolk gather for Werewolf Game #{matchNumber}: "
      "{names}.",
      "The Town Hall doors creak open for Game #{matchNumber}. Not everyone among {names} is what "
      "they seem.",
      "Welcome to Werewolf Game #{matchNumber}! Tonight's guests: {names}. Ready up, and trust no "
      "one."}},
    {"night.first",
     false,
     {"Night falls on the village for the first time. Somewhere in the dark, the werewolves wake.",
      "The sun sets on Night {night}. Lock your doors: the wolves are hungry.",
      "Darkness settles over the Town Hall. Night {night} begins, and not everyone is sleeping."}},
    {"night.falls",
     false,
     {"Night {night} falls. The village sleeps uneasily.",
      "The moon rises over Night {night}. Who will see the morning?",
      "Darkness returns: Night {night} begins. Somewhere, claws are being sharpened.",
      "Candles out. Night {night} has come, and the wolves are on the prowl."}},
    {"summary.day.out",
     false,
     {"Day {day} is over: {name} was cast out and revealed as {role|a}. {alive} players remain.",
      "So ends Day {day}. The village exiled {name} ({role}); {alive|word} survivors head home.",
      "Recap of Day {day}: out goes {name}, {role|a}. {alive|word|cap} players are left."}},
    {"summary.day.none",
     false,
     {"Day {day} ends without an elimination. {alive} players remain.",
      "The village could not agree on Day {day}. All {alive|word} survivors live to see the night.",
      "Recap of Day {day}: nobody was cast out. {alive|word|cap} players are left."}},
    {"dawn.saved",
     false,
     {"Dawn breaks after Night {night}. The wolves struck, but someone was saved! Nobody died.",
      "A miracle at dawn: the wolves' attack failed. The doctor's care kept everyone alive "
      "through Night {night}.",
      "Morning comes and every bed is warm. Night {night}'s attack was thwarted by the doctor."}},
    {"dawn.quiet",
     false,
     {"Dawn breaks on a quiet night. Nobody died during Night {night}.",
      "Night {night} passes without a death. The village exhales."}},
    {"dawn.death",
     false,
     {"Dawn breaks. {name} was found dead after Night {night}. They were {role|a}.",
      "A scream at sunrise: the wolves took {name} in the night. {name} was {role|a}.",
      "The village wakes to grim news: {name} did not survive Night {night}. Revealed: {role|a}.",
      "Morning light finds {name}'s door broken. {name}, {role|a}, is gone."}},
    {"dawn.death.seer",
     false,
     {"Disaster at dawn: {name} is dead, and {name} was the seer. The village has lost its eyes.",
      "The wolves found the seer. {name} did not survive Night {night}."}},
    {"dawn.death.doctor",
     false,
     {"Dawn brings a heavy loss: {name}, the doctor, was killed in Night {night}. No one is "
      "watching over the village now.",
      "The wolves got to the healer first. {name} was the doctor."}},
    {"day.begins",
     false,
     {"Day {day} begins. {alive|word|cap} players remain: {names}.",
      "The sun is up on Day {day}. Still standing: {names}.",
      "Day {day}. {alive|word|cap} survivors gather in the Town Hall: {names}."}},
    {"hype.wolves",
     false,
     {"{wolves|word|cap} werewolves still hide among the {alive|word} living.",
      "Remember: {wolves|word} werewolves are still out there, and they are sitting at this "
      "table."}},
    {"hype.lastwolf",
     false,
     {"One werewolf remains among the {alive|word} living. Find it, and the village is saved.",
      "Only one wolf left. One good vote could end this."}},
    {"day.opening",
     false,
     {"Opening statements: each of the {count|word} players gets one turn. {name} speaks first.",
      "Time for openings, one statement each. The floor goes to {name}.",
      "Let the openings begin. {name}, you have the floor."}},
    {"turn.last",
     false,
     {"Last opening statement of the day: {name}.", "And finally, {name} has the floor."}},
    {"day.discussion",
     false,
     {"The floor is open: {seconds} seconds of free debate.",
      "Discussion time! Accuse, defend, persuade: {seconds} seconds on the clock.",
      "Openings are done. Now the real arguments begin."}},
    {"day.vote",
     false,
     {"Voting is open! {seconds} seconds to choose who leaves the village.",
      "Talk is over. Cast your votes, and remember: a tie means nobody goes.",
      "The ballot box opens. Who will the village cast out on Day {day}?"}},
    {"vote.flip",
     false,
     {"{voter} switches from {from} to {target}! {target} now has {count|votes}.",
      "A change of heart: {voter} moves their vote from {from} to {target}.",
      "{voter} flips to {target}. The tally shifts."}},
    {"vote.flip.fromabstain",
     false,
     {"{voter} stops abstaining and votes for {target}.",
      "{voter} makes up their mind: a vote for {target}, now at {count|votes}."}},
    {"vote.majority",
     false,
     {"{target} now has {count} of {alive} votes: a majority!",
      "The votes pile up against {target}: {count} and counting.",
      "{count|word|cap} votes on {target}. It is looking grim."}},
    {"vote.out",
     false,
     {"The village has spoken: {name} is cast out with {votes|votes}. {name} was {role|a}.",
      "With {votes|votes}, {name} is eliminated… and revealed as {role|a}. An innocent falls.",
      "{name} leaves the Town Hall for good ({votes|votes}). The reveal: {role|a}."}},
    {"vote.out.wolf",
     false,
     {"Got one! {name} is voted out with {votes|votes}, and was a werewolf!",
      "The village's aim is true: {name}, eliminated with {votes|votes}, was a werewolf.",
      "{votes|votes|cap} send {name} away. The mask slips: werewolf!"}},
    {"vote.tie",
     false,
     {"A tie! {names} have {count|votes} each. Nobody is eliminated today.",
      "Deadlock between {names}. Without a clear result, everyone survives the day."}},
    {"vote.none",
     false,
     {"Not a single vote was cast. Day {day} ends without an elimination.",
      "The village abstains. Everyone is spared today."}},
    {"lastwords.invite",
     false,
     {"{name} may speak their last words.", "Before leaving, {name} gets one final statement."}},
    {"lastwords.said",
     false,
     {"{name} has said their piece. The village will remember.",
      "With those last words, {name} leaves the Town Hall."}},
    {"claim.seer",
     false,
     {"{name} claims to be the seer! Truth, or a desperate bluff?",
      "Bold move: {name} says they are the seer.",
      "A seer claim from {name}! The village must decide whether to believe it."}},
    {"game.over.villagers",
     false,
     {"The last werewolf is gone! The village wins on Day {days}.",
      "Victory for the village! {survivors|word|cap} survivors can finally sleep at night.",
      "It's over: every werewolf has been found. The villagers triumph."}},
    {"game.over.werewolves",
     false,
     {"The werewolves now match the village in number. The werewolves win!",
      "Too late for the village: the wolves have taken the Town Hall. The werewolves win.",
      "Howls fill the night. The werewolves win, with {survivors|word} players left standing."}},
    {"game.reveal",
     false,
     {"The masks come off: the werewolves were {wolves}. {seer} was the seer and {doctor} the "
      "doctor.",
      "All is revealed. Werewolves: {wolves}. Seer: {seer}. Doctor: {doctor}."}},
    {"game.reveal.wolves", false, {"The masks come off: the werewolves were {wolves}."}},
    {"match.paused",
     false,
     {"The host has paused the match. Everyone freeze!", "A pause is called. The clock stops."}},
    {"match.resumed",
     false,
     {"The match resumes. The clock is running again.", "Play on! The match is back."}},
    // omniscient
    {"omni.roles",
     true,
     {"Spoiler: {wolves} are the werewolves. {seer} is the seer, {doctor} the doctor.",
      "Behind the smiles: the wolves are {wolves}; {seer} holds the seer's sight and {doctor} the "
      "doctor's kit."}},
    {"omni.wolves.agree",
     true,
     {"The wolves, {wolves}, close in on {target}…",
      "{wolves} agree: tonight's prey is {target}.",
      "Yellow eyes in the dark: {wolves} stalk {target}."}},
    {"omni.wolf.alone",
     true,
     {"{wolf}, the last wolf, hunts {target} alone.",
      "A lone wolf on the prowl: {wolf} has chosen {target}."}},
    {"omni.wolves.split",
     true,
     {"The pack is split: {wolf1} wants {target1}, {wolf2} wants {target2}.",
      "Disagreement in the den: {wolf1} picks {target1} while {wolf2} picks {target2}."}},
    {"omni.seer.wolf",
     true,
     {"The seer, {seer}, peers into {target}'s heart… and sees a werewolf!",
      "{seer} has found one: {target} is a werewolf."}},
    {"omni.seer.clean",
     true,
     {"{seer}, the seer, checks {target}: not a werewolf.",
      "The seer's vision clears {target}. {seer} knows a little more tonight."}},
    {"omni.doctor",
     true,
     {"{doctor}, the doctor, watches over {target} tonight.",
      "The doctor, {doctor}, slips into {target}'s house with bandages ready."}},
    {"omni.doctor.self",
     true,
     {"{doctor}, the doctor, bars their own door tonight.",
      "The doctor, {doctor}, keeps the medicine close tonight: a self-protect."}},
    {"omni.night.saved",
     true,
     {"The wolves pounce on {victim}… but {doctor}, the doctor, was watching. {victim} lives!",
      "Saved! {doctor} guessed right and pulls {victim} from the wolves' jaws."}},
    {"omni.night.kill",
     true,
     {"The pack ({wolves}) strikes: {victim} ({role}) will not see the dawn.",
      "It is done. {victim}, {role|a}, falls to {wolves}."}},
    {"omni.night.random",
     true,
     {"The wolves could not settle on a victim; fate picks {victim} ({role}).",
      "No agreement in the den, so the moon decides: {victim}, {role|a}, is taken."}},
    {"omni.day.status",
     true,
     {"Spoiler: still hiding among them, the wolves: {wolves}.",
      "Only you can see it: {wolves}, sitting right there, smiling."}},
    {"omni.bus",
     true,
     {"{voter} votes against fellow werewolf {target}! Bussing a packmate to look innocent?",
      "Cold-blooded: {voter}, a wolf, puts a vote on their own packmate {target}."}},
    {"omni.claim.fake",
     true,
     {"Spoiler: {name} is no seer but {role|a}. A bold bluff!",
      "Only you know it: {name}'s seer claim is a lie. They are {role|a}."}},
    {"omni.claim.true",
     true,
     {"Spoiler: {name} really is the seer.",
      "It's true: {name} is the genuine seer, and now the wolves know it too."}},
    // Witch, hunter and PK sets. The witch's line is spoken whether she lives
    // or not and never says what she did: her phase runs even after her death.
    {"witch.stirs",
     false,
     {"Somewhere in the dark, the witch's hour comes and goes.",
      "A cauldron bubbles in Night {night}. Whether anyone tends it, nobody can say."}},
    {"dawn.peaceful",
     false,
     {"Dawn breaks after Night {night}, and everyone wakes. A peaceful night.",
      "Night {night} passes and no bed is empty."}},
    {"dawn.deaths",
     false,
     {"A grim dawn after Night {night}: {count|word} players did not wake: {names}.",
      "Night {night} took {count|word} lives: {names}."}},
    {"dawn.found",
     false,
     {"{name} was found dead after Night {night}. They were {role|a}.",
      "Morning light finds {name} lifeless. {name} was {role|a}."}},
    {"dawn.found.hidden",
     false,
     {"{name} was found dead after Night {night}. Their role stays a secret.",
      "Morning light finds {name} lifeless; what they were, the village cannot tell."}},
    {"vote.out.hidden",
     false,
     {"The village has spoken: {name} is cast out with {votes|votes}. Their role stays hidden.",
      "{name} leaves the Town Hall for good ({votes|votes}), taking their secret along."}},
    {"day.vote.pk",
     false,
     {"Voting is open! {seconds} seconds to choose who leaves the village.",
      "Talk is over. Cast your votes; a tie sends the leaders to a PK.",
      "The ballot box opens. Who will the village cast out on Day {day}?"}},
    {"pk.begins",
     false,
     {"A tie at {count|votes}! {names} face a PK: each defends themselves, then the village votes "
      "again.",
      "Deadlock between {names}. To the PK: one defence each, then a revote."}},
    {"pk.turn",
     false,
     {"{name} takes the stand in the PK.", "The PK floor goes to {name}: defend yourself."}},
    {"pk.vote",
     false,
     {"The PK revote is open: {names}, one of you may leave.",
      "Defences heard. The village votes again between {names}."}},
    {"pk.decided",
     false,
     {"The revote settles the PK: {name} goes with {votes|votes}.",
      "The PK is over. {name} could not win the room ({votes|votes})."}},
    {"pk.tie",
     false,
     {"The PK ties again between {names}. Nobody is eliminated today.",
      "A second deadlock: {names} are level once more, and everyone survives the day."}},
    {"pk.none",
     false,
     {"Nobody voted in the PK. Day {day} ends without an elimination.",
      "The PK's ballot box stays empty. Everyone survives Day {day}."}},
    {"hunter.rises",
     false,
     {"{hunter} was the hunter, and the hunter does not go quietly. Will there be a shot?",
      "A gun is raised: {hunter}, the hunter, may take someone along."}},
    {"hunter.hit",
     false,
     {"A shot rings out! {hunter} takes {name} down. {name} was {role|a}.",
      "The hunter's bullet finds {name}, who was {role|a}."}},
    {"hunter.hit.hidden",
     false,
     {"A shot rings out! {hunter} takes {name} down. Their role stays hidden.",
      "The hunter's bullet finds {name}; what they were, nobody is told."}},
    {"hunter.holds",
     false,
     {"{hunter} lowers the gun. No shot is fired.", "The hunter, {hunter}, holds fire."}},
    {"game.over.draw",
     false,
     {"Day {days} is done and so is the match: neither side won. A draw!",
      "Time runs out on Day {days}. Nobody wins; the village and the wolves both survive."}},
    // Witch and hunter, omniscient
    {"omni.witch.hunter",
     true,
     {"Spoiler: {witch} holds the witch's two potions; {hunter} is the hunter.",
      "Only you know it: {witch} is the witch and {hunter} carries the hunter's gun."}},
    {"omni.witch.save",
     true,
     {"{witch}, the witch, pours the antidote for {target}.",
      "The witch, {witch}, spends her antidote: {target} is pulled back from the brink."}},
    {"omni.witch.poison",
     true,
     {"{witch}, the witch, poisons {target}.",
      "A drop of poison from {witch}, the witch: {target} will not wake."}},
    {"omni.witch.pass",
     true,
     {"{witch}, the witch, keeps her potions tonight.",
      "The witch, {witch}, does nothing tonight."}},
    {"omni.wolves.decided",
     true,
     {"The wolves' victim tonight: {victim} ({role}).",
      "The pack has settled on {victim}, {role|a}."}},
    {"omni.night.witchsaved",
     true,
     {"The wolves pounce on {victim}… but the witch's antidote brings {victim} back!",
      "Saved by a potion: the witch pulls {victim} from the wolves' jaws."}},
    {"omni.night.poisoned",
     true,
     {"{victim} ({role}) dies of the witch's poison, not the wolves' claws.",
      "The witch's poison does its work: {victim}, {role|a}, will not wake."}},
}};

constexpr int variantCount(const Situation &s)
{
    int n = 0;
    for (std::string_view v : s.variants)
        n += v.empty() ? 0 : 1;
    return n;
}

// Simplified Chinese patterns (rules.language "zh-CN"), one entry per
// situation in kSituations' order; variant v of a situation uses pattern
// v modulo the number given here. Every placeholder of the English
// patterns that carries news appears here too (tst_narrator checks it).
struct ChineseSituation
{
    std::string_view key;
    std::array<std::string_view, 2> variants; ///< an unused slot is empty
};

constexpr std::array<ChineseSituation, static_cast<std::size_t>(S::Count)> kChinese{{
    {"lobby.open",
     {"狼人杀第{matchNumber}局即将开始。{names}在议事厅落座。",
      "第{matchNumber}局，{count|word}位村民齐聚：{names}。"}},
    {"night.first", {"第{night}夜降临，村庄第一次陷入黑暗。狼人在暗处睁开了眼睛。"}},
    {"night.falls",
     {"第{night}夜降临，村庄不安地睡去。", "月亮升起，第{night}夜开始了。谁能看到明天的太阳？"}},
    {"summary.day.out", {"第{day}天结束：{name}被放逐，身份是{role}。还剩{alive}名玩家。"}},
    {"summary.day.none", {"第{day}天无人出局。还剩{alive}名玩家。"}},
    {"dawn.saved", {"第{night}夜过后天亮了。狼人出手了，但有人被救下，无人死亡。"}},
    {"dawn.quiet", {"天亮了，第{night}夜是平安夜，无人死亡。"}},
    {"dawn.death",
     {"天亮了。{name}死于第{night}夜，身份是{role}。",
      "清晨传来噩耗：{name}没能熬过第{night}夜。其身份是{role}。"}},
    {"dawn.death.seer", {"黎明的灾难：{name}死了，而{name}正是预言家。村庄失去了眼睛。"}},
    {"dawn.death.doctor", {"沉重的损失：医生{name}在第{night}夜遇害，再没有人守护村庄了。"}},
    {"day.begins", {"第{day}天开始。还剩{alive}名玩家：{names}。"}},
    {"hype.wolves", {"{alive}名存活玩家中还藏着{wolves}只狼人。"}},
    {"hype.lastwolf", {"{alive}名存活玩家中只剩最后一只狼人。找到它，村庄就得救了。"}},
    {"day.opening", {"开场发言：{count}名玩家每人一次发言机会，由{name}先发言。"}},
    {"turn.last", {"今天最后一位开场发言：{name}。"}},
    {"day.discussion", {"自由讨论开始，限时{seconds}秒。"}},
    {"day.vote", {"投票开始！{seconds}秒内决定谁离开村庄。"}},
    {"vote.flip", {"{voter}把票从{from}改投给{target}！{target}现在有{count|votes}。"}},
    {"vote.flip.fromabstain", {"{voter}不再弃票，投给了{target}，现在{count|votes}。"}},
    {"vote.majority", {"{target}已获得{alive}票中的{count}票：过半了！"}},
    {"vote.out", {"村民们做出了决定：{name}以{votes|votes}被放逐，身份是{role}。"}},
    {"vote.out.wolf", {"抓到一只！{name}以{votes|votes}被放逐，正是狼人！"}},
    {"vote.tie", {"平票！{names}各得{count|votes}，今天无人出局。"}},
    {"vote.none", {"无人投票，第{day}天无人出局。"}},
    {"lastwords.invite", {"{name}可以发表遗言。"}},
    {"lastwords.said", {"{name}说完了遗言，离开了议事厅。"}},
    {"claim.seer", {"{name}声称自己是预言家！是真相，还是孤注一掷的悍跳？"}},
    {"game.over.villagers",
     {"最后一只狼人出局了！村民阵营在第{days}天获胜，{survivors}名幸存者终于可以安睡。"}},
    {"game.over.werewolves", {"狼人的数量已与好人持平，狼人阵营获胜！场上还剩{survivors}名玩家。"}},
    {"game.reveal", {"真相大白：狼人是{wolves}。{seer}是预言家，{doctor}是医生。"}},
    {"game.reveal.wolves", {"真相大白：狼人是{wolves}。"}},
    {"match.paused", {"主持人暂停了比赛。"}},
    {"match.resumed", {"比赛继续，计时重新开始。"}},
    {"omni.roles", {"剧透：{wolves}是狼人，{seer}是预言家，{doctor}是医生。"}},
    {"omni.wolves.agree", {"狼人{wolves}盯上了{target}……"}},
    {"omni.wolf.alone", {"最后一只狼人{wolf}独自猎杀{target}。"}},
    {"omni.wolves.split", {"狼群意见不合：{wolf1}想刀{target1}，{wolf2}想刀{target2}。"}},
    {"omni.seer.wolf", {"预言家{seer}查验了{target}……是狼人！"}},
    {"omni.seer.clean", {"预言家{seer}查验了{target}：不是狼人。"}},
    {"omni.doctor", {"医生{doctor}今晚守护{target}。"}},
    {"omni.doctor.self", {"医生{doctor}今晚守护自己。"}},
    {"omni.night.saved", {"狼人扑向{victim}……但医生{doctor}早有准备，{victim}活了下来！"}},
    {"omni.night.kill", {"狼群（{wolves}）得手了：{victim}（{role}）看不到明天的太阳了。"}},
    {"omni.night.random", {"狼人没能统一目标，命运选中了{victim}（{role}）。"}},
    {"omni.day.status", {"剧透：狼人{wolves}仍藏在他们中间。"}},
    {"omni.bus", {"{voter}投票给狼队友{target}！这是在倒钩做好人吗？"}},
    {"omni.claim.fake", {"剧透：{name}根本不是预言家，而是{role}。大胆的悍跳！"}},
    {"omni.claim.true", {"剧透：{name}确实是预言家。"}},
    {"witch.stirs",
     {"黑暗中，女巫的时刻悄然来去。", "第{night}夜，坩埚里咕嘟作响，是否有人照看，无人知晓。"}},
    {"dawn.peaceful", {"第{night}夜过后天亮了，所有人都醒来了。平安夜。"}},
    {"dawn.deaths", {"第{night}夜过后，{count}名玩家没能醒来：{names}。"}},
    {"dawn.found", {"{name}死于第{night}夜，身份是{role}。"}},
    {"dawn.found.hidden", {"{name}死于第{night}夜，身份不公开。"}},
    {"vote.out.hidden", {"村民们做出了决定：{name}以{votes|votes}被放逐，身份不公开。"}},
    {"day.vote.pk", {"投票开始！{seconds}秒内决定谁离开村庄；平票者将进入PK。"}},
    {"pk.begins", {"平票！{names}各得{count|votes}，进入PK：每人发言辩护，然后重新投票。"}},
    {"pk.turn", {"{name}进行PK发言。"}},
    {"pk.vote", {"PK投票开始：在{names}之间投票。"}},
    {"pk.decided", {"PK结果揭晓：{name}以{votes|votes}出局。"}},
    {"pk.tie", {"PK再次平票：{names}，今天无人出局。"}},
    {"pk.none", {"PK中无人投票，第{day}天无人出局。"}},
    {"hunter.rises", {"{hunter}是猎人，猎人不会默默离去。会开枪吗？"}},
    {"hunter.hit", {"一声枪响！{hunter}带走了{name}，其身份是{role}。"}},
    {"hunter.hit.hidden", {"一声枪响！{hunter}带走了{name}，身份不公开。"}},
    {"hunter.holds", {"猎人{hunter}放下了枪，没有开枪。"}},
    {"game.over.draw", {"第{days}天结束，比赛也随之结束：双方都没有获胜，平局！"}},
    {"omni.witch.hunter", {"剧透：{witch}手握女巫的两瓶药，{hunter}是猎人。"}},
    {"omni.witch.save", {"女巫{witch}对{target}使用了解药。"}},
    {"omni.witch.poison", {"女巫{witch}毒杀了{target}。"}},
    {"omni.witch.pass", {"女巫{witch}今晚没有用药。"}},
    {"omni.wolves.decided", {"今晚狼人的目标：{victim}（{role}）。"}},
    {"omni.night.witchsaved", {"狼人扑向{victim}……但女巫的解药救回了{victim}！"}},
    {"omni.night.poisoned", {"{victim}（{role}）死于女巫的毒药，而不是狼爪。"}},
}};

constexpr bool chineseMatches()
{
    for (std::size_t i = 0; i < kSituations.size(); ++i)
        if (kSituations[i].key != kChinese[i].key || kChinese[i].variants[0].empty())
            return false;
    return true;
}
static_assert(chineseMatches(), "kChinese must list every situation, in kSituations' order");

constexpr int chineseCount(const ChineseSituation &s)
{
    return s.variants[1].empty() ? 1 : 2;
}

// ---------------------------------------------------------------- rendering helpers

std::string_view roleNoun(std::string_view code)
{
    if (code == "WEREWOLF")
        return "werewolf";
    if (code == "SEER")
        return "seer";
    if (code == "DOCTOR")
        return "doctor";
    if (code == "VILLAGER")
        return "villager";
    return code;
}

std::string_view roleWithArticle(std::string_view code)
{
    if (code == "WEREWOLF")
        return "a werewolf";
    if (code == "SEER")
        return "the seer";
    if (code == "DOCTOR")
        return "the doctor";
    if (code == "VILLAGER")
        return "a villager";
    return code;
}

std::string_view teamNoun(std::string_view code)
{
    if (code == "VILLAGERS")
        return "villagers";
    if (code == "WEREWOLVES")
        return "werewolves";
    return code;
}

constexpr std::array<std::string_view, 13> kNumberWords{"zero",
                                                        "one",
                                                        "two",
                                                        "three",
                                                        "four",
                                                        "five",
                                                        "six",
                                                        "seven",
                                                        "eight",
                                                        "nine",
                                                        "ten",
                                                        "eleven",
                                                        "twelve"};

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool hasModifier(std::string_view mods, std::string_view m)
{
    while (!mods.empty()) {
        const std::size_t bar = mods.find('|');
        if (mods.substr(0, bar) == m)
            return true;
        if (bar == std::string_view::npos)
            break;
        mods.remove_prefix(bar + 1);
    }
    return false;
}

std::string_view roleNounZh(std::string_view code)
{
    if (code == "WEREWOLF")
        return "狼人";
    if (code == "SEER")
        return "预言家";
    if (code == "DOCTOR")
        return "医生";
    if (code == "WITCH")
        return "女巫";
    if (code == "HUNTER")
        return "猎人";
    if (code == "VILLAGER")
        return "村民";
    return code;
}

std::string_view teamNounZh(std::string_view code)
{
    if (code == "VILLAGERS")
        return "村民阵营";
    if (code == "WEREWOLVES")
        return "狼人阵营";
    return code;
}

constexpr std::array<std::string_view, 13> kNumberWordsZh{
    "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"};

/// One placeholder's value. English (the classic rendering, unchanged) or
/// Simplified Chinese, where articles and capitals do not exist, a vote
/// count reads "3票" and a list reads "A、B和C".
void appendValue(
    std::string &out, std::string_view key, std::string_view mods, const json &v, bool zh)
{
    const std::size_t start = out.size();
    if (v.is_string()) {
        const std::string &s = v.get_ref<const std::string &>();
        if (key == "role" || endsWith(key, "Role"))
            out.append(zh                       ? roleNounZh(s)
                       : hasModifier(mods, "a") ? roleWithArticle(s)
                                                : roleNoun(s));
        else if (key == "winner")
            out.append(zh ? teamNounZh(s) : teamNoun(s));
        else
            out.append(s);
    } else if (v.is_number_integer()) {
        const auto n = v.get<std::int64_t>();
        const auto &words = zh ? kNumberWordsZh : kNumberWords;
        if (hasModifier(mods, "word") && n >= 0 && n < static_cast<std::int64_t>(words.size()))
            out.append(words[static_cast<std::size_t>(n)]);
        else
            out.append(std::to_string(n));
        if (hasModifier(mods, "votes"))
            out.append(zh ? "票" : n == 1 ? " vote" : " votes");
    } else if (v.is_array()) {
        const std::size_t n = v.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (i > 0)
                out.append(i + 1 == n ? (zh ? "和" : " and ") : (zh ? "、" : ", "));
            if (v[i].is_string())
                out.append(v[i].get_ref<const std::string &>());
            else
                out.append(v[i].dump());
        }
    } else if (!v.is_null()) {
        out.append(v.dump());
    }
    if (!zh && hasModifier(mods, "cap") && out.size() > start && out[start] >= 'a'
        && out[start] <= 'z')
        out[start] = static_cast<char>(out[start] - 'a' + 'A');
}

std::string render(std::string_view pattern, const json &args, bool zh)
{
    std::string out;
    out.reserve(pattern.size() + 48);
    std::size_t i = 0;
    while (i < pattern.size()) {
        const char ch = pattern[i];
        const std::size_t close = ch == '{' ? pattern.find('}', i + 1) : std::string_view::npos;
        if (close == std::string_view::npos) {
            out.push_back(ch);
            ++i;
            continue;
        }
        const std::string_view spec = pattern.substr(i + 1, close - i - 1);
        const std::size_t bar = spec.find('|');
        const std::string_view key = spec.substr(0, bar);
        const std::string_view mods
            = bar == std::string_view::npos ? std::string_view() : spec.substr(bar + 1);
        const auto it = args.is_object() ? args.find(std::string(key)) : args.end();
        if (args.is_object() && it != args.end())
            appendValue(out, key, mods, *it, zh);
        else
            out.append(pattern.substr(i, close - i + 1));
        i = close + 1;
    }
    return out;
}

// ---------------------------------------------------------------- state helpers

const Player *findPlayer(const MatchState &s, std::string_view id)
{
    for (const Player &p : s.players)
        if (p.playerId == id)
            return &p;
    return nullptr;
}

const Player *findPlayerJ(const MatchState &s, const json &id)
{
    return id.is_string() ? findPlayer(s, std::string_view(id.get_ref<const std::string &>()))
                          : nullptr;
}

/// The player named by `payload[key]`, if it is a string naming one.
const Player *playerAt(const MatchState &s, const json &payload, const char *key)
{
    const auto it = payload.find(key);
    return it != payload.end() ? findPlayerJ(s, *it) : nullptr;
}

const Player *firstWithRole(const MatchState &s, Role r)
{
    for (const Player &p : s.players)
        if (p.role == r)
            return &p;
    return nullptr;
}

void addPlayer(json &args, const std::string &key, const Player &p)
{
    args[key] = p.displayName;
    args[key + "Id"] = p.playerId;
}

/// Adds `key` (names) and `keyIds` (ids) for the players that pass `pred`.
template<typename Pred>
int addPlayers(json &args, const std::string &key, const MatchState &s, Pred pred)
{
    json names = json::array();
    json ids = json::array();
    for (const Player &p : s.players) {
        if (pred(p)) {
            names.push_back(p.displayName);
            ids.push_back(p.playerId);
        }
    }
    const int n = static_cast<int>(names.size());
    args[key] = std::move(names);
    args[key + "Ids"] = std::move(ids);
    return n;
}

int aliveCount(const MatchState &s)
{
    int n = 0;
    for (const Player &p : s.players)
        n += p.alive ? 1 : 0;
    return n;
}

/// Living werewolves as the public can count them: the rule set's wolf count
/// is public (MATCH_CREATED's config names the table), and so is every
/// dead wolf while roles are revealed on death. Without that reveal, or at a
/// table that does not match its rule set (a smaller test table), there is
/// no public count, so it returns -1.
int publicWolvesAlive(const MatchState &s)
{
    const RuleSet &rules = s.config.rules;
    if (s.players.size() != static_cast<std::size_t>(rules.seatCount()) || !rules.revealRoleOnDeath)
        return -1;
    int deadWolves = 0;
    for (const Player &p : s.players)
        if (!p.alive && p.revealed && p.role == Role::Werewolf)
            ++deadWolves;
    return rules.werewolves - deadWolves;
}

/// Names and ids of the players listed by id in `ids` (a JSON array), in that order.
int addListed(json &args, const std::string &key, const MatchState &s, const json &ids)
{
    json names = json::array();
    json listed = json::array();
    for (const json &id : ids) {
        if (const Player *p = findPlayerJ(s, id)) {
            names.push_back(p->displayName);
            listed.push_back(p->playerId);
        }
    }
    const int n = static_cast<int>(names.size());
    args[key] = std::move(names);
    args[key + "Ids"] = std::move(listed);
    return n;
}

/// `payload[key]` as a view if it is a string, else empty: no copy, no allocation.
std::string_view strAt(const json &payload, const char *key)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_string()
               ? std::string_view(it->get_ref<const std::string &>())
               : std::string_view();
}

std::int64_t intOr(const json &payload, const char *key, std::int64_t fallback)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
}

bool hasString(const json &payload, const char *key)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_string();
}

/// Unlike json::value(), never throws when the field has another type.
bool boolOr(const json &payload, const char *key, bool fallback)
{
    const auto it = payload.find(key);
    return it != payload.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

/// `payload[key]` if it is an array of that kind, else an empty one.
const json &arrayAt(const json &payload, const char *key)
{
    static const json empty = json::array();
    const auto it = payload.find(key);
    return it != payload.end() && it->is_array() ? *it : empty;
}

const json &objectAt(const json &payload, const char *key)
{
    static const json empty = json::object();
    const auto it = payload.find(key);
    return it != payload.end() && it->is_object() ? *it : empty;
}

// ---------------------------------------------------------------- line factory

/// Builds lines for one cause; the variant is a hash of (matchId, seq, situation).
class Crier
{
public:
    Crier(const MatchState &s, const Event &e)
        : m_s(s)
        , m_e(e)
        , m_zh(isChinese(s))
    {}

    void say(S situation, json args)
    {
        const Situation &sit = kSituations[static_cast<std::size_t>(situation)];
        const int n = variantCount(sit);
        const std::uint64_t v
            = pick(static_cast<std::uint64_t>(situation)) % static_cast<std::uint64_t>(n);
        NarratorLine line;
        line.templateId.reserve(sit.key.size() + 3);
        line.templateId.append(sit.key);
        line.templateId.push_back('.');
        line.templateId.append(std::to_string(v + 1));
        if (m_zh) {
            const ChineseSituation &zh = kChinese[static_cast<std::size_t>(situation)];
            line.text
                = render(zh.variants[v % static_cast<std::uint64_t>(chineseCount(zh))], args, true);
        } else {
            line.text = render(sit.variants[v], args, false);
        }
        line.args = std::move(args);
        line.omniscient = sit.omniscient;
        m_lines.push_back(std::move(line));
    }

    std::vector<NarratorLine> take() { return std::move(m_lines); }

private:
    std::uint64_t pick(std::uint64_t salt) const
    {
        std::uint64_t h = fnv1a(m_s.matchId.data(), m_s.matchId.size());
        unsigned char bytes[16];
        for (int i = 0; i < 8; ++i) {
            bytes[i] = static_cast<unsigned char>(m_e.seq >> (8 * i));
            bytes[8 + i] = static_cast<unsigned char>(salt >> (8 * i));
        }
        h = fnv1a(bytes, sizeof bytes, h);
        // FNV's low bits are weak; a SplitMix finaliser spreads them before the modulo.
        h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
        h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
        return h ^ (h >> 31);
    }

    const MatchState &m_s;
    const Event &m_e;
    bool m_zh;
    std::vector<NarratorLine> m_lines;
};

// ---------------------------------------------------------------- per cause

void onPhase(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const auto to = parsePhase(strAt(p, "to"));
    if (!to)
        return;
    switch (*to) {
    case Phase::Lobby: {
        json a{{"matchNumber", s.matchNumber}};
        a["count"] = addPlayers(a, "names", s, [](const Player &) { return true; });
        c.say(S::LobbyOpen, std::move(a));
        break;
    }
    case Phase::Night: {
        const int night = static_cast<int>(intOr(p, "nightNumber", s.nightNumber));
        if (night <= 1) {
            c.say(S::NightFirst, {{"night", night}});
            break;
        }
        // A short summary of the day that just ended, from public facts only.
        const Player *out
            = s.lastEliminated ? findPlayer(s, std::string_view(*s.lastEliminated)) : nullptr;
        if (out && !out->revealed) {
            // A hidden role (no reveal on death): the recap would name it, so it is
            // skipped.
        } else if (out) {
            json a{{"day", s.dayNumber}, {"role", toString(out->role)}, {"alive", aliveCount(s)}};
            addPlayer(a, "name", *out);
            c.say(S::SummaryOut, std::move(a));
        } else {
            c.say(S::SummaryNone, {{"day", s.dayNumber}, {"alive", aliveCount(s)}});
        }
        c.say(S::NightFalls, {{"night", night}});
        break;
    }
    case Phase::DayAnnounce: {
        json a{{"day", s.dayNumber}};
        a["alive"] = addPlayers(a, "names", s, [](const Player &x) { return x.alive; });
        const int alive = a["alive"].get<int>();
        c.say(S::DayBegins, std::move(a));
        const int wolves = publicWolvesAlive(s);
        if (wolves == 1)
            c.say(S::HypeLastWolf, {{"wolves", 1}, {"alive", alive}});
        else if (wolves > 1)
            c.say(S::HypeWolves, {{"wolves", wolves}, {"alive", alive}});
        json o = json::object();
        if (addPlayers(
                o, "wolves", s, [](const Player &x) { return x.alive && x.role == Role::Werewolf; })
            > 0)
            c.say(S::OmniDayStatus, std::move(o));
        break;
    }
    case Phase::DayOpening: {
        const json &order = arrayAt(p, "order");
        const Player *first = order.empty() ? nullptr : findPlayerJ(s, order.front());
        if (!first)
            break;
        json a{{"day", s.dayNumber}, {"count", static_cast<int>(order.size())}};
        addPlayer(a, "name", *first);
        c.say(S::DayOpening, std::move(a));
        break;
    }
    case Phase::DayDiscussion: {
        const std::int64_t ms = intOr(p, "phaseEndsAtMs", e.at) - e.at;
        c.say(S::DayDiscussion, {{"day", s.dayNumber}, {"seconds", (ms + 500) / 1000}});
        break;
    }
    case Phase::DayVote: {
        const std::int64_t ms = intOr(p, "phaseEndsAtMs", e.at) - e.at;
        // Under the PK rule a tie is no longer the end of the day.
        c.say(s.config.rules.tie == TieRule::Pk ? S::DayVotePk : S::DayVote,
              {{"day", s.dayNumber}, {"seconds", (ms + 500) / 1000}});
        break;
    }
    case Phase::NightWitch:
        c.say(S::WitchStirs, {{"night", s.nightNumber}});
        break;
    case Phase::HunterShot:
        // The phase's own public payload names the hunter.
        if (const Player *h = playerAt(s, p, "hunterPlayerId")) {
            json a = json::object();
            addPlayer(a, "hunter", *h);
            c.say(S::HunterRises, std::move(a));
        }
        break;
    case Phase::DayPkDefense:
        break; // the tied VOTE_RESULT announced the PK
    case Phase::DayPkVote: {
        json a{{"day", s.dayNumber}};
        json ids = json::array();
        for (const std::string &id : s.pkCandidates)
            ids.push_back(id);
        if (addListed(a, "names", s, ids) > 0)
            c.say(S::PkVote, std::move(a));
        break;
    }
    case Phase::DayResolution:
        if (s.lastEliminated) {
            if (const Player *x = findPlayer(s, std::string_view(*s.lastEliminated))) {
                json a = json::object();
                addPlayer(a, "name", *x);
                c.say(S::LastWordsInvite, std::move(a));
            }
        }
        break;
    case Phase::Ended:
        break; // GAME_ENDED follows and carries the news
    }
}

/// Deaths at the other tables. A night death is told the same way whoever
/// caused it: the witch's poison is secret, so no line may blame the wolves. A
/// role is named only when the event itself reveals it.
void onEliminatedSeed002(
    Crier &c, const MatchState &s, const Event &e, const Player &x, std::string_view revealed)
{
    const json &p = e.payload;
    json a = json::object();
    if (!revealed.empty())
        a["role"] = std::string(revealed);
    addPlayer(a, "name", x);
    const std::string_view cause = strAt(p, "cause");
    if (cause == "VOTE") {
        a["day"] = intOr(p, "day", s.dayNumber);
        a["votes"] = intOr(p, "votes", 0);
        c.say(revealed.empty()         ? S::VoteOutHidden
              : revealed == "WEREWOLF" ? S::VoteOutWolf
                                       : S::VoteOut,
              std::move(a));
    } else if (cause == "HUNTER_SHOT") {
        if (const Player *h = playerAt(s, p, "byPlayerId"))
            addPlayer(a, "hunter", *h);
        c.say(revealed.empty() ? S::HunterHitHidden : S::HunterHit, std::move(a));
    } else {
        a["night"] = intOr(p, "night", s.nightNumber);
        c.say(revealed.empty() ? S::DawnFoundHidden : S::DawnFound, std::move(a));
    }
}

void onEliminated(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *x = playerAt(s, p, "playerId");
    if (!x)
        return;
    // The role comes from the event: it is public from this event on.
    const std::string_view revealed = strAt(p, "roleRevealed");
    if (!s.config.rules.isClassic()) {
        onEliminatedSeed002(c, s, e, *x, revealed);
        return;
    }
    const std::string role(revealed.empty() ? toString(x->role) : revealed);
    json a{{"role", role}};
    addPlayer(a, "name", *x);
    if (strAt(p, "cause") == "VOTE") {
        a["day"] = intOr(p, "day", s.dayNumber);
        a["votes"] = intOr(p, "votes", 0);
        c.say(role == "WEREWOLF" ? S::VoteOutWolf : S::VoteOut, std::move(a));
    } else {
        a["night"] = intOr(p, "night", s.nightNumber);
        c.say(role == "SEER"     ? S::DawnDeathSeer
              : role == "DOCTOR" ? S::DawnDeathDoctor
                                 : S::DawnDeath,
              std::move(a));
    }
}

void onVoteCast(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *voter = playerAt(s, p, "voterPlayerId");
    const Player *target = playerAt(s, p, "targetPlayerId");
    if (!voter || !target)
        return;
    // The tally is public: every VOTE_CAST is a public event.
    int forTarget = 0;
    int bestOther = 0;
    for (const Player &x : s.players) {
        if (!x.alive || !x.voted || !x.voteTarget || x.voteTarget->empty())
            continue;
        if (*x.voteTarget == target->playerId) {
            ++forTarget;
        } else {
            int n = 0;
            for (const Player &y : s.players)
                n += (y.alive && y.voted && y.voteTarget == x.voteTarget) ? 1 : 0;
            bestOther = std::max(bestOther, n);
        }
    }
    const int alive = aliveCount(s);
    const auto prevIt = p.find("previousTargetPlayerId");
    const bool flipped
        = prevIt != p.end()
          && !(prevIt->is_string() && prevIt->get_ref<const std::string &>() == target->playerId);
    if (forTarget == alive / 2 + 1 && alive > 2) {
        json a{{"count", forTarget}, {"alive", alive}};
        addPlayer(a, "target", *target);
        c.say(S::VoteMajority, std::move(a));
    } else if (flipped && forTarget >= bestOther) {
        // Only a flip that puts its target in the lead is worth a line.
        json a{{"count", forTarget}};
        addPlayer(a, "voter", *voter);
        addPlayer(a, "target", *target);
        const Player *from = findPlayerJ(s, *prevIt);
        if (from) {
            addPlayer(a, "from", *from);
            c.say(S::VoteFlip, std::move(a));
        } else {
            c.say(S::VoteFlipFromAbstain, std::move(a));
        }
    }
    if (voter->role == Role::Werewolf && target->role == Role::Werewolf) {
        json a = json::object();
        addPlayer(a, "voter", *voter);
        addPlayer(a, "target", *target);
        c.say(S::OmniBus, std::move(a));
    }
}

void onVoteResult(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const bool revote = intOr(p, "pkRound", 0) == 1;
    if (const Player *out = playerAt(s, p, "eliminatedPlayerId")) {
        if (revote) {
            json a{{"votes", intOr(p, "topCount", 0)}};
            addPlayer(a, "name", *out);
            c.say(S::PkDecided, std::move(a));
        }
        return; // PLAYER_ELIMINATED follows and is narrated with the revealed role
    }
    const json &pk = arrayAt(p, "pk");
    if (!pk.empty()) {
        json a{{"count", intOr(p, "topCount", 0)}};
        addListed(a, "names", s, pk);
        c.say(S::PkBegins, std::move(a));
        return;
    }
    const std::int64_t top = intOr(p, "topCount", 0);
    if (boolOr(p, "tie", false) && top > 0) {
        json a{{"count", top}};
        addPlayers(a, "names", s, [&](const Player &x) {
            const json &tally = objectAt(p, "tally");
            const auto it = tally.find(x.playerId);
            return it != tally.end() && it->is_number_integer() && it->get<std::int64_t>() == top;
        });
        c.say(revote ? S::PkTie : S::VoteTie, std::move(a));
    } else {
        c.say(revote ? S::PkNone : S::VoteNone, {{"day", intOr(p, "day", s.dayNumber)}});
    }
}

void onPublicMessage(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *x = playerAt(s, p, "playerId");
    if (!x)
        return;
    if (strAt(p, "kind") == "LAST_WORDS") {
        json a = json::object();
        addPlayer(a, "name", *x);
        c.say(S::LastWordsSaid, std::move(a));
        return;
    }
    const auto textIt = p.find("text");
    if (textIt == p.end() || !textIt->is_string()
        || !claimsSeer(textIt->get_ref<const std::string &>()))
        return;
    json a = json::object();
    addPlayer(a, "name", *x);
    c.say(S::ClaimSeer, a);
    if (x->role == Role::Seer) {
        c.say(S::OmniClaimTrue, std::move(a));
    } else {
        a["role"] = toString(x->role);
        c.say(S::OmniClaimFake, std::move(a));
    }
}

void onRoles(Crier &c, const MatchState &s, S situation, S wolvesOnly)
{
    json a = json::object();
    addPlayers(a, "wolves", s, [](const Player &x) { return x.role == Role::Werewolf; });
    const Player *seer = firstWithRole(s, Role::Seer);
    const Player *doctor = firstWithRole(s, Role::Doctor);
    if (seer && doctor) {
        addPlayer(a, "seer", *seer);
        addPlayer(a, "doctor", *doctor);
        c.say(situation, std::move(a));
    } else if (wolvesOnly != S::Count) {
        c.say(wolvesOnly, std::move(a));
    }
    const Player *witch = firstWithRole(s, Role::Witch);
    const Player *hunter = firstWithRole(s, Role::Hunter);
    if (situation == S::OmniRoles && witch && hunter) {
        json w = json::object();
        addPlayer(w, "witch", *witch);
        addPlayer(w, "hunter", *hunter);
        c.say(S::OmniWitchHunter, std::move(w));
    }
}

void onWolfKill(Crier &c, const MatchState &s)
{
    // Speak once the whole (living) pack has chosen: one line per night, not per wolf.
    std::vector<const Player *> wolves;
    for (const Player &x : s.players) {
        if (x.alive && x.role == Role::Werewolf) {
            if (!x.wolfSelection)
                return;
            wolves.push_back(&x);
        }
    }
    if (wolves.empty())
        return;
    const Player *first = findPlayer(s, std::string_view(*wolves.front()->wolfSelection));
    if (!first)
        return;
    if (wolves.size() == 1) {
        json a = json::object();
        addPlayer(a, "wolf", *wolves.front());
        addPlayer(a, "target", *first);
        c.say(S::OmniWolfAlone, std::move(a));
        return;
    }
    for (const Player *w : wolves) {
        if (*w->wolfSelection != first->playerId) {
            const Player *second = findPlayer(s, std::string_view(*w->wolfSelection));
            if (!second)
                return;
            json a = json::object();
            addPlayer(a, "wolf1", *wolves.front());
            addPlayer(a, "target1", *first);
            addPlayer(a, "wolf2", *w);
            addPlayer(a, "target2", *second);
            c.say(S::OmniWolvesSplit, std::move(a));
            return;
        }
    }
    json a = json::object();
    addPlayers(a, "wolves", s, [](const Player &x) { return x.alive && x.role == Role::Werewolf; });
    addPlayer(a, "target", *first);
    c.say(S::OmniWolvesAgree, std::move(a));
}

/// A witch table's night, for the Host: who saved whom, and who was poisoned.
void onNightResolvedSeed002(Crier &c, const MatchState &s, const Event &e)
{
    const json &p = e.payload;
    const Player *victim = playerAt(s, p, "victimPlayerId");
    const Player *poisoned = playerAt(s, p, "witchPoisonedPlayerId");
    if (victim && boolOr(p, "saved", false)) {
        json a = json::object();
        addPlayer(a, "victim", *victim);
        const Player *doctor = firstWithRole(s, Role::Doctor);
        const bool byWitch = playerAt(s, p, "witchSavedPlayerId") == victim;
        if (byWitch) {
            c.say(S::OmniNightWitchSaved, std::move(a));
        } else if (doctor) {
            addPlayer(a, "doctor", *doctor);
            c.say(S::OmniNightSaved, std::move(a));
        }
    } else if (victim) {
        json a{{"role", toString(victim->role)}};
        addPlayer(a, "victim", *victim);
        addPlayers(
            a, "wolves", s, [](const Player &x) { return x.alive && x.role == Role::Werewolf; });
        c.say(S::OmniNightKill, std::move(a));
    }
    if (poisoned) {
        json a{{"role", toString(poisoned->role)}};
        addPlayer(a, "victim", *poisoned);
        c.say(S::OmniNightPoisoned, std::move(a));
    }
}

void onWitchActed(Crier &c, const MatchState &s, const Event &e)
{
    const Player *witch = findPlayer(s, std::string_view(e.audiencePlayerId));
    if (!witch)
        return;
    json a = json::object();
    addPlayer(a, "witch", *witch);
    const Player *target = playerAt(s, e.payload, "targetPlayerId");
    const std::string_view action = strAt(e.payload, "action");
    if (target)
        addPlayer(a, "target", *target);
    if (action == "SAVE" && target)
        c.say(S::OmniWitchSave, std::move(a));
    else if (action == "POISON" && target)
        c.say(S::OmniWitchPoison, std::move(a));
    else
        c.say(S::OmniWitchPass, std::move(a));
}

void onNightResolved(Crier &c, const MatchState &s, const Event &e)
{
    if (!s.config.rules.isClassic()) {
        onNightResolvedSeed002(c, s, e);
        return;
    }
    const json &p = e.payload;
    const Player *victim = playerAt(s, p, "victimPlayerId");
    if (!victim)
        return;
    json a = json::object();
    addPlayer(a, "victim", *victim);
    if (boolOr(p, "saved", false)) {
        const Player *doctor = firstWithRole(s, Role::Doctor);
        if (!doctor)
            return;
        addPlayer(a, "doctor", *doctor);
        c.say(S::OmniNightSaved, std::move(a));
        return;
    }
    a["role"] = toString(victim->role);
    if (strAt(p, "how") == "AGREED") {
        addPlayers(
            a, "wolves", s, [](const Player &x) { return x.alive && x.role == Role::Werewolf; });
        c.say(S::OmniNightKill, std::move(a));
    } else {
        a["how"] = strAt(p, "how");
        c.say(S::OmniNightRandom, std::move(a));
    }
}

} // namespace

// ---------------------------------------------------------------- public API

std::vector<NarratorLine> narrate(const MatchState &state, const Event &cause)
{
    // Most events are not narrated; decide that before touching anything.
    switch (cause.type) {
    case EventType::MatchCreated:
    case EventType::WolfChatMessage:
    case EventType::Narrator:
    case EventType::RoleCard:
    case EventType::PlayerReady:
    case EventType::TurnMissed:
        return {};
    case EventType::TurnStarted: {
        const auto index = intOr(cause.payload, "index", 0);
        const auto of = intOr(cause.payload, "of", 0);
        if (state.phase != Phase::DayPkDefense && (of < 3 || index != of - 1))
            return {};
        break;
    }
    default:
        break;
    }

    Crier c(state, cause);
    const json &p = cause.payload;
    switch (cause.type) {
    case EventType::PhaseChanged:
        onPhase(c, state, cause);
        break;
    case EventType::TurnStarted:
        if (const Player *x = playerAt(state, p, "playerId")) {
            json a = json::object();
            addPlayer(a, "name", *x);
            c.say(state.phase == Phase::DayPkDefense ? S::PkTurn : S::TurnLast, std::move(a));
        }
        break;
    case EventType::PublicMessage:
        onPublicMessage(c, state, cause);
        break;
    case EventType::VoteCast:
        onVoteCast(c, state, cause);
        break;
    case EventType::VoteResult:
        onVoteResult(c, state, cause);
        break;
    case EventType::NightResult:
        if (!state.config.rules.isClassic()) {
            // Several may die in one night, and an empty night says nothing of
            // who saved whom unless the doctor's save is itself public.
            const json &deaths = arrayAt(p, "deaths");
            json a{{"night", intOr(p, "night", state.nightNumber)}};
            if (deaths.empty()) {
                c.say(boolOr(p, "savedByDoctor", false) ? S::DawnSaved : S::DawnPeaceful,
                      std::move(a));
            } else if (deaths.size() > 1) {
                a["count"] = addListed(a, "names", state, deaths);
                c.say(S::DawnDeaths, std::move(a));
            }
        } else if (!hasString(p, "killedPlayerId")) {
            const json a{{"night", intOr(p, "night", state.nightNumber)}};
            c.say(boolOr(p, "savedByDoctor", false) ? S::DawnSaved : S::DawnQuiet, a);
        }
        break; // a death is narrated on PLAYER_ELIMINATED, which reveals the role
    case EventType::PlayerEliminated:
        onEliminated(c, state, cause);
        break;
    case EventType::GameEnded: {
        const std::string_view winner = strAt(p, "winningTeam");
        json a{{"winner", winner},
               {"days", intOr(p, "dayNumber", state.dayNumber)},
               {"survivors", intOr(p, "survivors", aliveCount(state))}};
        c.say(winner == "WEREWOLVES"  ? S::GameOverWolves
              : winner == "VILLAGERS" ? S::GameOverVillagers
                                      : S::GameOverDraw,
              std::move(a));
        break;
    }
    case EventType::RolesRevealed:
        onRoles(c, state, S::GameReveal, S::GameRevealWolves);
        break;
    case EventType::MatchPaused:
        c.say(S::Paused, json::object());
        break;
    case EventType::MatchResumed:
        // Skips and speed changes move a deadline; nothing resumed.
        if (strAt(p, "reason") != "skip" && strAt(p, "reason") != "speed")
            c.say(S::Resumed, json::object());
        break;
    // Host-only causes: omniscient lines only.
    case EventType::RolesAssigned:
        onRoles(c, state, S::OmniRoles, S::Count);
        break;
    case EventType::WolfKillSelected:
        onWolfKill(c, state);
        break;
    case EventType::SeerInspected: {
        const Player *seer = findPlayer(state, std::string_view(cause.audiencePlayerId));
        const Player *target = playerAt(state, p, "targetPlayerId");
        if (seer && target) {
            json a = json::object();
            addPlayer(a, "seer", *seer);
            addPlayer(a, "target", *target);
            c.say(strAt(p, "alignment") == "WEREWOLF" ? S::OmniSeerWolf : S::OmniSeerClean,
                  std::move(a));
        }
        break;
    }
    case EventType::DoctorProtected: {
        const Player *doctor = findPlayer(state, std::string_view(cause.audiencePlayerId));
        const Player *target = playerAt(state, p, "targetPlayerId");
        if (doctor && target) {
            json a = json::object();
            addPlayer(a, "doctor", *doctor);
            if (doctor == target) {
                c.say(S::OmniDoctorSelf, std::move(a));
            } else {
                addPlayer(a, "target", *target);
                c.say(S::OmniDoctor, std::move(a));
            }
        }
        break;
    }
    case EventType::NightResolved:
        onNightResolved(c, state, cause);
        break;
    case EventType::WitchActed:
        onWitchActed(c, state, cause);
        break;
    case EventType::WolvesDecided:
        if (const Player *v = playerAt(state, p, "victimPlayerId")) {
            json a{{"role", toString(v->role)}};
            addPlayer(a, "victim", *v);
            c.say(S::OmniWolvesDecided, std::move(a));
        }
        break;
    case EventType::HunterShot:
        // A hit is told by the PLAYER_ELIMINATED that follows; a held shot only here.
        if (!hasString(p, "targetPlayerId"))
            if (const Player *h = playerAt(state, p, "hunterPlayerId")) {
                json a = json::object();
                addPlayer(a, "hunter", *h);
                c.say(S::HunterHolds, std::move(a));
            }
        break;
    default:
        break;
    }
    return c.take();
}

const std::vector<NarratorTemplate> &narratorTemplates()
{
    static const std::vector<NarratorTemplate> all = [] {
        std::vector<NarratorTemplate> v;
        for (std::size_t k = 0; k < kSituations.size(); ++k) {
            const Situation &s = kSituations[k];
            const ChineseSituation &zh = kChinese[k];
            for (int i = 0; i < variantCount(s); ++i)
                v.push_back({std::string(s.key) + "." + std::to_string(i + 1),
                             s.variants[static_cast<std::size_t>(i)],
                             s.omniscient,
                             zh.variants[static_cast<std::size_t>(i % chineseCount(zh))]});
        }
        return v;
    }();
    return all;
}

std::optional<std::string>
renderNarratorLine(std::string_view templateId, const json &args, bool chinese)
{
    static const std::map<std::string, const NarratorTemplate *, std::less<>> byId = [] {
        std::map<std::string, const NarratorTemplate *, std::less<>> m;
        for (const NarratorTemplate &t : narratorTemplates())
            m.emplace(t.id, &t);
        return m;
    }();
    const auto it = byId.find(templateId);
    if (it == byId.end())
        return std::nullopt;
    return render(chinese ? it->second->chinese : it->second->english, args, chinese);
}

std::string renderTemplate(std::string_view pattern, const json &args)
{
    return render(pattern, args, false);
}

std::string renderTemplateZh(std::string_view pattern, const json &args)
{
    return render(pattern, args, true);
}

bool isChinese(const MatchState &s)
{
    return s.config.rules.language == "zh-CN";
}

} // namespace townhall::engine
