// SPDX-License-Identifier: MIT
#include "botspeech.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>

namespace townhall::engine::botspeech {

namespace {

using P = std::string_view;

// Every clause that names a player carries one clear keyword ("suspect", "wolf",
// "vote", "trust", "innocent", "not a werewolf"), so that read() — and any other
// reader of the transcript — gets the intent right.
constexpr P OpeningKill[] = {
    "Rest in peace, {0}. Let's find who did this.",
    "We lost {0} last night. I want to hear from everyone today.",
    "{0} didn't deserve that. Someone at this table is lying to us.",
    "Another night, another loss. Goodbye, {0}.",
    "So {0} was the target. That tells us something about who they fear.",
    "Poor {0}. Let's not waste this day, everyone.",
};
constexpr P OpeningSaved[] = {
    "Nobody died last night. Nicely done, whoever protected the target.",
    "A quiet night. The doctor must have guessed right.",
    "Everyone made it through the night. Let's use this day well.",
    "No body this morning. The wolves must be furious.",
};
constexpr P OpeningSuspect[] = {
    " So far I suspect {0}.",
    " I'm watching {0} closely; {0} looks suspicious to me.",
    " My eye is on {0}. Suspicious so far.",
    " Honestly, I suspect {0}.",
};
constexpr P OpeningCalm[] = {
    " I have no strong read yet.",
    " I'll listen before I point fingers.",
    " Let's compare notes before we vote.",
    " Watch the votes today; they tell the truth.",
};
constexpr P AccuseStrong[] = {
    "{0} is a wolf, I'm sure of it.",
    "Let's vote {0}. The evidence is clear.",
    "I'm certain about {0}. Werewolf.",
    "Everything points to {0} being a wolf.",
    "{0} is a werewolf. Don't let {0} talk their way out.",
};
constexpr P AccuseMedium[] = {
    "I suspect {0}.",
    "{0} has been deflecting all day. I suspect {0}.",
    "Something about {0} feels wrong. I suspect {0}.",
    "{0}'s story doesn't add up. {0} is suspicious.",
    "My vote is leaning toward {0}.",
    "I think {0} is a wolf.",
};
constexpr P AccuseWeak[] = {
    "I'm not certain yet, but {0} seems suspicious.",
    "Small thing, but {0} is acting a bit suspicious.",
    "I could be wrong, but I suspect {0}.",
    "Keep an eye on {0}; {0} is the most suspicious to me right now.",
};
constexpr P VoteCall[] = {
    "Let's vote {0}.",
    "I'm voting {0}. Join me.",
    "We should vote {0} today.",
    "My vote goes to {0}.",
};
constexpr P Vouch[] = {
    "I trust {0}.",
    "{0} seems honest to me. I trust {0}.",
    "{0} looks innocent to me.",
    "For what it's worth, I'd clear {0}. I trust them.",
};
constexpr P Defend[] = {
    "I'm not a wolf. {0} is deflecting.",
    "{0} has it wrong about me. I suspect {0} is deflecting.",
    "Accusing me is a mistake. Look at {0} instead; {0} is suspicious.",
    "That's baseless. {0} is the one acting suspicious.",
    "I'm on the village side. Ask yourselves why {0} is lying about me.",
};
constexpr P DefendAlone[] = {
    "I'm not a wolf, I promise. Look at the votes instead.",
    "I'm innocent. Voting me out helps the wolves.",
    "I'm on the village side, whatever you've heard.",
};
constexpr P BelieveClaim[] = {
    "I believe {0}. Let's vote {1}.",
    "{0}'s claim makes sense to me. I trust {0}. Let's vote {1}.",
    "I trust {0}'s reading. {1} is a wolf.",
    "I believe {0}. Vote {1}.",
};
constexpr P BelieveClaimClean[] = {
    "I believe {0}.",
    "I trust {0}'s claim.",
    "{0} sounds like the real Seer. I trust {0}.",
};
constexpr P DoubtClaim[] = {
    "I don't buy {0}'s claim. {0} could be a wolf fishing for a kill.",
    "{0} claiming Seer now is convenient. I suspect {0}.",
    "Careful: {0} might be a fake Seer. I suspect {0}.",
    "{0}'s claim sounds fake to me.",
};
constexpr P SeerClaim[] = {
    "I am the Seer.",
    "Listen carefully: I am the Seer.",
    "Time to come out: I am the Seer.",
};
constexpr P SeerWolfLast[] = {
    " Last night I inspected {0}: werewolf.",
};
constexpr P SeerCleanLast[] = {
    " Last night I inspected {0}: not a werewolf.",
};
constexpr P SeerWolfEarlier[] = {
    " On night {1} I inspected {0}: werewolf.",
};
constexpr P SeerCleanEarlier[] = {
    " On night {1} I inspected {0}: not a werewolf.",
};
constexpr P SeerReport[] = {
    "Seer report.",
    "Seer update.",
    "As promised, my Seer report.",
};
constexpr P FakeSeerCallout[] = {
    "{0} is lying. I am the real Seer, and {0} is a fake Seer and a wolf.",
    "Don't fall for it: {0} is a fake Seer. {0} is a wolf.",
    "There is only one Seer, and it's me. {0} is lying; vote {0}.",
};
constexpr P Counterclaim[] = {
    "That's a lie! I am the Seer. Last night I inspected {0}: werewolf.",
    "No. I am the Seer, the real one. Last night I inspected {0}: werewolf.",
    "{0} is lying to save themselves. I am the Seer. Last night I inspected {0}: werewolf.",
};
constexpr P LastWordsVillager[] = {
    "I was a villager. You've made a mistake. Look hard at {0}; I suspect {0}.",
    "Remember this: I suspect {0}. Good luck, village.",
    "I was innocent. The wolves are laughing. Vote {0} next.",
    "You'll see I was a villager. Watch {0}; {0} is suspicious.",
};
constexpr P LastWordsDoctor[] = {
    "I was your Doctor. Without me you'll have to be careful. I suspect {0}.",
    "That was the Doctor you just voted out. Vote {0} next.",
};
constexpr P LastWordsSeer[] = {
    "I was the Seer, and I told you the truth. {0} is a wolf. Vote {0}.",
    "I was the Seer. Remember: {0} is a werewolf.",
};
constexpr P LastWordsSeerNone[] = {
    "I was the Seer. I found no wolf yet. Good luck, everyone.",
    "I was the Seer. Trust the players I inspected; they are innocent.",
};
constexpr P LastWordsWolf[] = {
    "You got me. Well played, village.",
    "Howl. It was fun while it lasted.",
    "Fine, I was a wolf. But you're not safe yet.",
    "Well played. I didn't think you'd catch me.",
};
constexpr P WolfPropose[] = {
    "Let's take {0} tonight.",
    "I say we go for {0}.",
    "{0} is the biggest threat. Kill {0}?",
    "How about {0} tonight?",
};
constexpr P WolfProposeSeer[] = {
    "{0} claimed Seer. {0} has to go tonight.",
    "We kill {0}. A live Seer will finish us.",
};
constexpr P WolfProposeAccuser[] = {
    "{0} keeps pushing on us. Let's silence {0}.",
    "{0} is onto us. Take {0} tonight.",
};
constexpr P WolfProposeAgain[] = {
    "{0} was saved last night, and the doctor can't protect {0} twice in a row. {0} again.",
};
constexpr P WolfAgree[] = {
    "Agreed, {0}.",
    "Fine by me. {0} it is.",
    "Yes, {0}.",
    "Good call. {0}.",
};
constexpr P WolfCounter[] = {
    "I'd rather take {0}; {1} can wait.",
    "What about {0} instead? {0} worries me more than {1}.",
};
constexpr P WolfSwitch[] = {
    "Fine, {0} it is.",
    "Alright, {0} then.",
};
constexpr P WolfInsist[] = {
    "No, stick with {0}.",
    "{0} is the bigger threat. Going with {0}.",
};
constexpr P OpeningTwoKills[] = {
    "Two of us gone in one night: {0} and {1}. Someone here has a lot to answer for.",
    "We lost {0} and {1} last night. The wolves have help, or a potion was used.",
    "{0} and {1}, both dead. Let's find who did this.",
};
// Every defence line names the alternative with a hostile keyword, so the
// reader counts it as an accusation like any other.
constexpr P PkDefence[] = {
    "I'm not a wolf. Vote {0} instead; I suspect {0}.",
    "You have the wrong player. I'm on the village side, and {0} is the suspicious one.",
    "Think about who pushed this tie. I suspect {0}, not me.",
    "Voting me out helps the wolves. Vote {0}.",
    "I'm innocent, and I'll prove it by how I vote tomorrow. {0} is suspicious.",
};
constexpr P PkDefenceAlone[] = {
    "I'm not a wolf. Please don't waste this vote on me.",
    "I'm innocent. Look at the votes that put me here.",
    "I'm on the village side. Voting me out helps the wolves.",
};
constexpr P HunterDefend[] = {
    "I'm the Hunter. Vote me out and I shoot {0}, whom I suspect.",
    "Careful: I am the Hunter. If I go, {0} comes with me; I suspect {0}.",
};
constexpr P WitchClaimSave[] = {
    "I am the Witch. I saved {0} last night, so {0} is not a wolf.",
    "I'll come out: I'm the Witch, and {0} was the wolves' target last night. {0} is innocent.",
};
constexpr P LastWordsWitch[] = {
    "I was the Witch. Spend this day well. I suspect {0}.",
    "That was your Witch. Vote {0} next.",
};
constexpr P LastWordsHunter[] = {
    "I was the Hunter, and I took {0} with me. I suspect {0} was a wolf.",
    "Hunter here. My shot went to {0}; I suspect {0}.",
};
constexpr P LastWordsHunterNone[] = {
    "I was the Hunter. I held my fire; I wasn't sure enough. Watch {0}; I suspect {0}.",
    "I was the Hunter, and I didn't shoot. Vote {0} next.",
};
constexpr P OpeningQuiet[] = {
    "Nobody died last night. Someone saved the target, and the wolves know it.",
    "A quiet night. Whoever kept us alive, thank you.",
    "Everyone made it through the night. Let's use this day well.",
};

template<std::size_t N>
constexpr std::span<const P> t(const P (&a)[N])
{
    return std::span<const P>(a, N);
}

constexpr std::array<std::span<const P>, static_cast<std::size_t>(Topic::Count)> Table{
    t(OpeningKill),
    t(OpeningSaved),
    t(OpeningSuspect),
    t(OpeningCalm),
    t(AccuseStrong),
    t(AccuseMedium),
    t(AccuseWeak),
    t(VoteCall),
    t(Vouch),
    t(Defend),
    t(DefendAlone),
    t(BelieveClaim),
    t(BelieveClaimClean),
    t(DoubtClaim),
    t(SeerClaim),
    t(SeerWolfLast),
    t(SeerCleanLast),
    t(SeerWolfEarlier),
    t(SeerCleanEarlier),
    t(SeerReport),
    t(FakeSeerCallout),
    t(Counterclaim),
    t(LastWordsVillager),
    t(LastWordsDoctor),
    t(LastWordsSeer),
    t(LastWordsSeerNone),
    t(LastWordsWolf),
    t(WolfPropose),
    t(WolfProposeSeer),
    t(WolfProposeAccuser),
    t(WolfProposeAgain),
    t(WolfAgree),
    t(WolfCounter),
    t(WolfSwitch),
    t(WolfInsist),
    t(OpeningTwoKills),
    t(PkDefence),
    t(PkDefenceAlone),
    t(HunterDefend),
    t(WitchClaimSave),
    t(LastWordsWitch),
    t(LastWordsHunter),
    t(LastWordsHunterNone),
    t(OpeningQuiet),
};

// ---------------------------------------------------------------- reading

enum class Word : std::uint8_t { Other, Hostile, Friendly, WolfWord, Negation, Inspect };

bool is(std::string_view w, std::string_view s)
{
    return w == s;
}

/// Classifies one lowercase word. A switch on the first letter keeps it to a
/// handful of comparisons per word.
Word classify(std::string_view w)
{
    switch (w[0]) {
    case 'a':
        if (is(w, "aren't") || is(w, "aren"))
            return Word::Negation;
        break;
    case 'b':
        if (is(w, "believe") || is(w, "believed"))
            return Word::Friendly;
        break;
    case 'c':
        if (is(w, "clear") || is(w, "cleared") || is(w, "clean"))
            return Word::Friendly;
        if (is(w, "checked"))
            return Word::Inspect;
        break;
    case 'd':
        if (is(w, "deflecting") || is(w, "deflect") || is(w, "deflects") || is(w, "dodging"))
            return Word::Hostile;
        if (is(w, "don't") || is(w, "don") || is(w, "doesn't") || is(w, "doesn"))
            return Word::Negation;
        break;
    case 'e':
        if (is(w, "eliminate") || is(w, "evil"))
            return Word::Hostile;
        break;
    case 'f':
        if (is(w, "fake"))
            return Word::Hostile;
        break;
    case 'g':
        if (is(w, "guilty"))
            return Word::Hostile;
        break;
    case 'h':
        if (is(w, "honest"))
            return Word::Friendly;
        break;
    case 'i':
        if (is(w, "innocent"))
            return Word::Friendly;
        if (is(w, "inspected") || is(w, "inspect"))
            return Word::Inspect;
        if (is(w, "isn't") || is(w, "isn"))
            return Word::Negation;
        break;
    case 'l':
        if (is(w, "lying") || is(w, "liar") || is(w, "lie") || is(w, "lies") || is(w, "lynch"))
            return Word::Hostile;
        break;
    case 'n':
        if (is(w, "not") || is(w, "never") || is(w, "no"))
            return Word::Negation;
        break;
    case 's':
        if (is(w, "suspect") || is(w, "suspicious") || is(w, "sus") || is(w, "suspects")
            || is(w, "shady"))
            return Word::Hostile;
        break;
    case 't':
        if (is(w, "trust") || is(w, "trusted") || is(w, "town"))
            return Word::Friendly;
        break;
    case 'v':
        if (is(w, "vote") || is(w, "voting"))
            return Word::Hostile;
        if (is(w, "vouch"))
            return Word::Friendly;
        break;
    case 'w':
        if (is(w, "wolf") || is(w, "werewolf") || is(w, "wolves") || is(w, "werewolves"))
            return Word::WolfWord;
        if (is(w, "wasn't") || is(w, "wasn") || is(w, "won't"))
            return Word::Negation;
        break;
    default:
        break;
    }
    return Word::Other;
}

struct Clause
{
    SeatMask named = 0;
    int firstNamed = -1;
    bool hostile = false;
    bool friendly = false;
    bool wolf = false;
    bool negated = false;
    bool inspect = false;
};

void finish(const Clause &c, Reading &r)
{
    if (!c.named)
        return;
    if (r.firstNamed < 0)
        r.firstNamed = c.firstNamed;
    if (c.inspect) {
        // "inspected Hugo: werewolf" / "inspected Cora: not a werewolf" / "...: innocent"
        if (c.negated || c.friendly)
            r.claimedClean |= c.named;
        else if (c.wolf)
            r.claimedWolf |= c.named;
        return;
    }
    const bool hostile = c.hostile || c.wolf;
    if (hostile == c.friendly)
        return; // nothing, or both: ambiguous, so ignored
    if (hostile != c.negated)
        r.accused |= c.named;
    else
        r.vouched |= c.named;
}

} // namespace

void say(std::string &out, Topic topic, std::uint32_t pick, std::string_view a, std::string_view b)
{
    const auto &options = Table[static_cast<std::size_t>(topic)];
    const P tmpl = options[pick % options.size()];
    out.reserve(out.size() + tmpl.size() + 2 * (a.size() + b.size()));
    for (std::size_t i = 0; i < tmpl.size(); ++i) {
        if (tmpl[i] == '{' && i + 2 < tmpl.size() && tmpl[i + 2] == '}') {
            out.append(tmpl[i + 1] == '0' ? a : b);
            i += 2;
        } else {
            out.push_back(tmpl[i]);
        }
    }
}

namespace {

int slotOf(char c)
{
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= '0' && c <= '9')
        return 26 + (c - '0');
    return -1;
}

/// The few words that make up "I am the (real) Seer", tracked across a clause.
enum class ClaimWord : std::uint8_t { Other, I, Am, IAm, The, Real, Seer };

ClaimWord claimWord(std::string_view w)
{
    switch (w.size()) {
    case 1:
        return w[0] == 'i' ? ClaimWord::I : ClaimWord::Other;
    case 2:
        return w == "am" ? ClaimWord::Am : w == "im" ? ClaimWord::IAm : ClaimWord::Other;
    case 3:
        return w == "the" ? ClaimWord::The : w == "i'm" ? ClaimWord::IAm : ClaimWord::Other;
    case 4:
        return w == "real" ? ClaimWord::Real : w == "seer" ? ClaimWord::Seer : ClaimWord::Other;
    default:
        return ClaimWord::Other;
    }
}

/// Byte classes for the reader's single pass.
enum Byte : std::uint8_t { Gap, WordByte, Break, High };

struct ByteTable
{
    Byte kind[256];
    char lower[256];
};

constexpr ByteTable makeByteTable()
{
    ByteTable t{};
    for (int c = 0; c < 256; ++c) {
        t.kind[c] = c >= 0x80 ? High : Gap;
        t.lower[c] = static_cast<char>(c);
    }
    for (int c = 'a'; c <= 'z'; ++c)
        t.kind[c] = WordByte;
    for (int c = 'A'; c <= 'Z'; ++c) {
        t.kind[c] = WordByte;
        t.lower[c] = static_cast<char>(c + 32);
    }
    for (int c = '0'; c <= '9'; ++c)
        t.kind[c] = WordByte;
    t.kind[static_cast<unsigned char>('\'')] = WordByte;
    for (char c : {'.', '!', '?', ';', ',', '\n'})
        t.kind[static_cast<unsigned char>(c)] = Break;
    return t;
}

constexpr ByteTable Bytes = makeByteTable();

} // namespace

void Names::assign(const std::string *displayNames, int n)
{
    m_n = std::min(n, MaxSeats);
    for (SeatMask &m : m_byFirst)
        m = 0;
    for (int i = 0; i < m_n; ++i) {
        std::string &l = m_lower[i];
        l = displayNames[i];
        for (char &c : l)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c + 32);
        const int slot = l.empty() ? -1 : slotOf(l[0]);
        if (slot >= 0)
            m_byFirst[slot] |= static_cast<SeatMask>(1u << i);
    }
}

int Names::seatOf(std::string_view w) const
{
    const int slot = w.empty() ? -1 : slotOf(w[0]);
    if (slot < 0)
        return -1;
    for (SeatMask m = m_byFirst[slot]; m; m = static_cast<SeatMask>(m & (m - 1))) {
        const int i = std::countr_zero(static_cast<unsigned>(m));
        if (m_lower[i].size() == w.size()
            && std::memcmp(m_lower[i].data(), w.data(), w.size()) == 0)
            return i;
    }
    return -1;
}

Reading read(std::string_view text, const Names &names)
{
    // One pass: bytes are lowercased into a small word buffer as they come;
    // curly apostrophes join words, dashes and punctuation end clauses.
    Reading r;
    Clause c;
    char word[24];
    std::size_t wl = 0;
    bool overlong = false;
    ClaimWord prev[4] = {}; // the last words of this clause, most recent first

    auto endWord = [&] {
        if (wl == 0 && !overlong)
            return;
        std::string_view w(word, overlong ? 0 : wl);
        wl = 0;
        overlong = false;
        while (!w.empty() && w.front() == '\'')
            w.remove_prefix(1);
        while (!w.empty() && w.back() == '\'')
            w.remove_suffix(1);
        if (w.size() > 2 && w[w.size() - 2] == '\'' && w.back() == 's')
            w.remove_suffix(2);
        if (w.empty())
            return;
        const int seat = names.seatOf(w);
        if (seat >= 0) {
            c.named |= static_cast<SeatMask>(1u << seat);
            if (c.firstNamed < 0)
                c.firstNamed = seat;
            prev[3] = prev[2];
            prev[2] = prev[1];
            prev[1] = prev[0];
            prev[0] = ClaimWord::Other;
            return;
        }
        const ClaimWord cw = claimWord(w);
        if (cw == ClaimWord::Seer && !c.negated) {
            // "i am [the] [real] seer" / "i'm [the] [real] seer"
            int k = 0;
            if (prev[k] == ClaimWord::Real)
                ++k;
            if (prev[k] == ClaimWord::The)
                ++k;
            if (k < 4
                && (prev[k] == ClaimWord::IAm
                    || (k < 3 && prev[k] == ClaimWord::Am && prev[k + 1] == ClaimWord::I)))
                r.seerClaim = true;
        }
        prev[3] = prev[2];
        prev[2] = prev[1];
        prev[1] = prev[0];
        prev[0] = cw;
        switch (classify(w)) {
        case Word::Hostile:
            c.hostile = true;
            break;
        case Word::Friendly:
            c.friendly = true;
            break;
        case Word::WolfWord:
            c.wolf = true;
            break;
        case Word::Negation:
            c.negated = true;
            break;
        case Word::Inspect:
            c.inspect = true;
            break;
        case Word::Other:
            break;
        }
    };
    auto endClause = [&] {
        endWord();
        finish(c, r);
        c = Clause{};
        for (ClaimWord &p : prev)
            p = ClaimWord::Other;
    };

    const std::size_t size = text.size();
    for (std::size_t i = 0; i < size; ++i) {
        const auto ch = static_cast<unsigned char>(text[i]);
        switch (Bytes.kind[ch]) {
        case WordByte:
            if (wl < sizeof word)
                word[wl++] = Bytes.lower[ch];
            else
                overlong = true;
            break;
        case Break:
            endClause();
            break;
        case Gap:
            endWord();
            break;
        case High:
            // U+2018/2019 (curly apostrophes) join a word; U+2013/2014 (dashes) end a clause.
            if (ch == 0xE2 && i + 2 < size && static_cast<unsigned char>(text[i + 1]) == 0x80) {
                const auto d = static_cast<unsigned char>(text[i + 2]);
                i += 2;
                if (d == 0x98 || d == 0x99) {
                    if (wl < sizeof word)
                        word[wl++] = '\'';
                } else if (d == 0x93 || d == 0x94) {
                    endClause();
                } else {
                    endWord();
                }
            } else {
                endWord();
            }
            break;
        }
    }
    endClause();
    return r;
}

} // namespace townhall::engine::botspeech
