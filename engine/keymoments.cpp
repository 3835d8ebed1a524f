// SPDX-License-Identifier: MIT
#include "keymoments.h"

#include "narrator.h"
#include "payloads.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace townhall::engine {

std::string_view toString(KeyMoment::Kind k)
{
    static constexpr std::string_view names[] = {"ACCUSATION",
                                                 "SEER_CLAIM",
                                                 "COUNTERCLAIM",
                                                 "CONTRADICTION",
                                                 "VOTE_FLIP",
                                                 "DOCTOR_SAVE",
                                                 "WOLF_ON_WOLF",
                                                 "FAKE_CLAIM",
                                                 "HUNTER_SHOT",
                                                 "WITCH_POTION",
                                                 "PK",
                                                 "DEADLY_NIGHT",
                                                 "DRAW"};
    return names[static_cast<int>(k)];
}

namespace {

// ---------------------------------------------------------------- word lists
// Small fixed lists, merged into one hash table (Lexicon below) so that each
// token is classified once; the reader never allocates per message.

constexpr std::array<std::string_view, 31> kNegators{
    "not",       "no",       "never",  "don't",    "dont",    "doesn't", "doesnt", "didn't",
    "didnt",     "won't",    "wont",   "wouldn't", "wouldnt", "can't",   "cant",   "cannot",
    "shouldn't", "shouldnt", "isn't",  "isnt",     "aren't",  "arent",   "wasn't", "wasnt",
    "nor",       "stop",     "hardly", "without",  "neither", "nobody",  "none"};

/// Verbs before a name that make the speaker accuse it ("I suspect Hugo", "vote Hugo").
constexpr std::array<std::string_view, 22> kAccuseVerbs{
    "suspect",   "suspects",    "suspected", "suspecting", "suspicious", "accuse",
    "accusing",  "vote",        "voting",    "voted",      "lynch",      "lynching",
    "eliminate", "eliminating", "distrust",  "against",    "exile",      "banish",
    "hang",      "execute",     "kick",      "blame"};

/// Verbs before a name that make the speaker vouch for it ("I trust Cora").
constexpr std::array<std::string_view, 12> kVouchVerbs{"trust",
                                                       "trusting",
                                                       "believe",
                                                       "believing",
                                                       "defend",
                                                       "defending",
                                                       "vouch",
                                                       "vouching",
                                                       "clear",
                                                       "cleared",
                                                       "clearing",
                                                       "support"};

/// Predicates after a name that accuse it ("Hugo is lying").
constexpr std::array<std::string_view, 24> kAccusePreds{
    "wolf",       "werewolf", "wolves",   "werewolves", "wolfy",   "lying",
    "liar",       "lies",     "lied",     "suspicious", "sus",     "sussy",
    "shady",      "evil",     "guilty",   "fake",       "faking",  "scum",
    "deflecting", "deflect",  "deflects", "dodging",    "suspect", "bluffing"};

/// The subset that calls the target a werewolf outright (a claimed seer result).
constexpr std::array<std::string_view, 2> kWolfWords{"wolf", "werewolf"};

/// Predicates after a name that vouch for it ("Cora is innocent").
constexpr std::array<std::string_view, 13> kVouchPreds{"innocent",
                                                       "clean",
                                                       "trustworthy",
                                                       "honest",
                                                       "good",
                                                       "town",
                                                       "villager",
                                                       "safe",
                                                       "trusted",
                                                       "fine",
                                                       "cleared",
                                                       "harmless",
                                                       "legit"};

/// Words after a name that start someone else's statement ("Hugo thinks I'm lying").
constexpr std::array<std::string_view, 20> kForwardStops{
    "i",   "i'm",  "im",   "i'd",    "i'll",  "you",     "we",     "he",      "she",  "they",
    "who", "said", "says", "thinks", "think", "thought", "claims", "claimed", "told", "accused"};

/// A subject just before an accusing verb means someone else is doing it.
constexpr std::array<std::string_view, 12> kSubjects{"he",
                                                     "she",
                                                     "they",
                                                     "who",
                                                     "someone",
                                                     "somebody",
                                                     "you",
                                                     "anyone",
                                                     "everyone",
                                                     "everybody",
                                                     "people",
                                                     "nobody"};

constexpr std::array<std::string_view, 5> kConjunctions{"and", "or", "&", "also", "both"};

/// Words that start a new clause as surely as a full stop.
constexpr std::array<std::string_view, 10> kBreakWords{"but",
                                                       "because",
                                                       "although",
                                                       "though",
                                                       "however",
                                                       "while",
                                                       "whereas",
                                                       "yet",
                                                       "unless",
                                                       "except"};

/// Words allowed between "I am" and "seer".
constexpr std::array<std::string_view, 13> kSeerFillers{"the",
                                                        "a",
                                                        "real",
                                                        "true",
                                                        "actual",
                                                        "actually",
                                                        "really",
                                                        "truly",
                                                        "definitely",
                                                        "indeed",
                                                        "your",
                                                        "genuine",
                                                        "village's"};

/// After "as the seer": someone else's report, not a claim ("as the seer said").
constexpr std::array<std::string_view, 10> kReportVerbs{
    "said", "says", "told", "claimed", "claims", "suggested", "would", "should", "did", "does"};

constexpr std::array<std::string_view, 3> kConditionals{"if", "whether", "unless"};

/// Word classes, as bits: each token is classified once, with one hash probe.
enum WordClass : std::uint16_t {
    Negator = 1 << 0,
    AccuseVerb = 1 << 1,
    VouchVerb = 1 << 2,
    AccusePred = 1 << 3,
    WolfWord = 1 << 4,
    VouchPred = 1 << 5,
    ForwardStop = 1 << 6,
    Subject = 1 << 7,
    Conjunction = 1 << 8,
    BreakWord = 1 << 9,
    SeerFiller = 1 << 10,
    ReportVerb = 1 << 11,
    Conditional = 1 << 12,
};

/// The word lists above in one open-addressing table (built once, read-only).
class Lexicon
{
public:
    static const Lexicon &get()
    {
        static const Lexicon lexicon;
        return lexicon;
    }

    std::uint16_t classify(std::string_view w) const
    {
        if (w.empty() || w.size() > 16)
            return 0;
        for (std::size_t i = hash(w) & (Size - 1);; i = (i + 1) & (Size - 1)) {
            const Slot &s = m_slots[i];
            if (s.word.empty())
                return 0;
            if (s.word == w)
                return s.classes;
        }
    }

private:
    Lexicon()
    {
        add(kNegators, Negator);
        add(kAccuseVerbs, AccuseVerb);
        add(kVouchVerbs, VouchVerb);
        add(kAccusePreds, AccusePred);
        add(kWolfWords, WolfWord);
        add(kVouchPreds, VouchPred);
        add(kForwardStops, ForwardStop);
        add(kSubjects, Subject);
        add(kConjunctions, Conjunction);
        add(kBreakWords, BreakWord);
        add(kSeerFillers, SeerFiller);
        add(kReportVerbs, ReportVerb);
        add(kConditionals, Conditional);
    }

    template<std::size_t N>
    void add(const std::array<std::string_view, N> &words, std::uint16_t cls)
    {
        for (std::string_view w : words) {
            std::size_t i = hash(w) & (Size - 1);
            while (!m_slots[i].word.empty() && m_slots[i].word != w)
                i = (i + 1) & (Size - 1);
            m_slots[i].word = w;
            m_slots[i].classes |= cls;
        }
    }

    static std::size_t hash(std::string_view w)
    {
        std::uint32_t h = 2166136261u;
        for (char c : w) {
            h ^= static_cast<unsigned char>(c);
            h *= 16777619u;
        }
        return h ^ (h >> 15);
    }

    struct Slot
    {
        std::string_view word;
        std::uint16_t classes = 0;
    };
    static constexpr std::size_t Size = 512; // a power of two, under half full
    std::array<Slot, Size> m_slots{};
};

// ---------------------------------------------------------------- text helpers

bool isWordByte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
           || c >= 0x80;
}

/// ASCII lower case; typographic quotes become ASCII, dashes soft separators.
void normalizeInto(std::string_view text, std::string &out)
{
    out.clear();
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80) {
            const auto d = static_cast<unsigned char>(text[i + 2]);
            if (d == 0x98 || d == 0x99)
                out.push_back('\'');
            else if (d == 0xA6)
                out.push_back('.');
            else if (d == 0x93 || d == 0x94)
                out.push_back(',');
            else
                out.push_back(' ');
            i += 2;
            continue;
        }
        out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a')
                                           : static_cast<char>(c));
    }
}

bool containsSeer(std::string_view text)
{
    for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
        if ((text[i] | 0x20) == 's' && (text[i + 1] | 0x20) == 'e' && (text[i + 2] | 0x20) == 'e'
            && (text[i + 3] | 0x20) == 'r')
            return true;
    }
    return false;
}

// ---------------------------------------------------------------- the reader

enum class TokKind : std::uint8_t { Word, Player, Soft, Colon, Break };

struct Tok
{
    TokKind kind = TokKind::Word;
    std::string_view w;    ///< lowercased word (Word only)
    int player = -1;       ///< index into players (Player only)
    std::uint16_t cls = 0; ///< WordClass bits (Word only)
};

struct Reading
{
    bool seerClaim = false;
    std::vector<int> accused;
    std::vector<int> vouched;
    std::vector<int> calledWolf;

    void clear()
    {
        seerClaim = false;
        accused.clear();
        vouched.clear();
        calledWolf.clear();
    }
};

void addUnique(std::vector<int> &v, int x)
{
    if (std::find(v.begin(), v.end(), x) == v.end())
        v.push_back(x);
}

/// Reads public messages. Built once per key-moments pass; its buffers are reused.
class Reader
{
public:
    explicit Reader(const std::vector<Player> &players)
    {
        m_aliases.reserve(players.size() * 2);
        m_seats.reserve(players.size());
        for (std::size_t i = 0; i < players.size(); ++i) {
            const Player &p = players[i];
            std::string name;
            normalizeInto(p.displayName, name);
            if (!name.empty())
                m_aliases.push_back({std::move(name), static_cast<int>(i)});
            std::string id;
            normalizeInto(p.playerId, id);
            if (!id.empty())
                m_aliases.push_back({std::move(id), static_cast<int>(i)});
            m_seats.push_back(p.seat);
        }
    }

    void read(std::string_view text, int speaker, Reading &r)
    {
        r.clear();
        normalizeInto(text, m_buf);
        findMentions();
        tokenize();
        for (std::size_t i = 0; i < m_toks.size(); ++i) {
            const Tok &t = m_toks[i];
            if (t.kind == TokKind::Word && t.w == "seer" && !r.seerClaim)
                r.seerClaim = isClaimAt(i);
            if (t.kind != TokKind::Player || t.player == speaker)
                continue;
            bool wolfCall = false;
            int verdict = forward(i, wolfCall);
            if (verdict == 0)
                verdict = backward(i, speaker);
            if (verdict > 0) {
                addUnique(r.accused, t.player);
                if (wolfCall)
                    addUnique(r.calledWolf, t.player);
            } else if (verdict < 0) {
                addUnique(r.vouched, t.player);
            }
        }
    }

private:
    struct Alias
    {
        std::string text;
        int player;
    };
    struct Span
    {
        std::size_t pos;
        std::size_t len;
        int player;
    };

    void findMentions()
    {
        m_spans.clear();
        for (const Alias &a : m_aliases) {
            for (std::size_t pos = m_buf.find(a.text); pos != std::string::npos;
                 pos = m_buf.find(a.text, pos + 1)) {
                const std::size_t end = pos + a.text.size();
                const bool before
                    = pos == 0 || !isWordByte(static_cast<unsigned char>(m_buf[pos - 1]));
                const bool after
                    = end == m_buf.size() || !isWordByte(static_cast<unsigned char>(m_buf[end]));
                if (before && after)
                    m_spans.push_back({pos, a.text.size(), a.player});
            }
        }
        if (m_spans.size() < 2)
            return;
        // Longest match wins where names overlap ("Leo" inside "Leo Smith").
        std::sort(m_spans.begin(), m_spans.end(), [](const Span &x, const Span &y) {
            return x.pos != y.pos ? x.pos < y.pos : x.len > y.len;
        });
        std::size_t kept = 0;
        std::size_t reach = 0;
        for (const Span &s : m_spans) {
            if (kept > 0 && s.pos < reach)
                continue;
            m_spans[kept++] = s;
            reach = s.pos + s.len;
        }
        m_spans.resize(kept);
    }

    void push(TokKind kind, std::string_view w = {}, int player = -1)
    {
        if (kind == TokKind::Word || kind == TokKind::Player) {
            m_toks.push_back(
                {kind, w, player, kind == TokKind::Word ? m_lex.classify(w) : std::uint16_t(0)});
            return;
        }
        // Separators: never first, never doubled; the strongest of a run wins.
        if (m_toks.empty())
            return;
        Tok &last = m_toks.back();
        if (last.kind == TokKind::Word || last.kind == TokKind::Player)
            m_toks.push_back({kind, {}, -1, 0});
        else if (static_cast<int>(kind) > static_cast<int>(last.kind))
            last.kind = kind;
    }

    int playerAtSeat(std::string_view digits) const
    {
        int seat = 0;
        for (char ch : digits) {
            if (ch < '0' || ch > '9' || seat > 1000)
                return -1;
            seat = seat * 10 + (ch - '0');
        }
        for (std::size_t i = 0; i < m_seats.size(); ++i)
            if (m_seats[i] == seat)
                return static_cast<int>(i);
        return -1;
    }

    void tokenize()
    {
        m_toks.clear();
        const std::size_t n = m_buf.size();
        std::size_t si = 0;
        std::size_t i = 0;
        while (i < n) {
            if (si < m_spans.size() && m_spans[si].pos == i) {
                push(TokKind::Player, {}, m_spans[si].player);
                i += m_spans[si].len;
                ++si;
                continue;
            }
            const auto c = static_cast<unsigned char>(m_buf[i]);
            if (isWordByte(c) || c == '\'') {
                const std::size_t limit = si < m_spans.size() ? m_spans[si].pos : n;
                std::size_t j = i;
                while (j < limit
                       && (isWordByte(static_cast<unsigned char>(m_buf[j])) || m_buf[j] == '\''))
                    ++j;
                std::string_view w(m_buf.data() + i, j - i);
                while (!w.empty() && w.front() == '\'')
                    w.remove_prefix(1);
                while (!w.empty() && w.back() == '\'')
                    w.remove_suffix(1);
                i = j;
                if (w.empty())
                    continue;
                if (m_lex.classify(w) & BreakWord) {
                    push(TokKind::Break);
                } else if (!m_toks.empty() && m_toks.back().kind == TokKind::Word
                           && m_toks.back().w == "seat" && playerAtSeat(w) >= 0) {
                    m_toks.back() = {TokKind::Player, {}, playerAtSeat(w), 0}; // "seat 3"
                } else {
                    push(TokKind::Word, w);
                }
                continue;
            }
            switch (c) {
            case '.':
            case '!':
            case '?':
            case ';':
            case '\n':
            case '(':
            case ')':
            case '[':
            case ']':
                push(TokKind::Break);
                break;
            case ':':
                push(TokKind::Colon);
                break;
            case ',':
            case '-':
            case '"':
            case '/':
                push(TokKind::Soft);
                break;
            default:
                break;
            }
            // A span may start right after a separator: catch up with it.
            while (si < m_spans.size() && m_spans[si].pos <= i)
                ++si;
            ++i;
        }
    }

    bool wordAt(std::ptrdiff_t k) const
    {
        return k >= 0 && static_cast<std::size_t>(k) < m_toks.size()
               && m_toks[static_cast<std::size_t>(k)].kind == TokKind::Word;
    }
    std::string_view w(std::ptrdiff_t k) const { return m_toks[static_cast<std::size_t>(k)].w; }
    bool is(std::ptrdiff_t k, std::uint16_t cls) const
    {
        return wordAt(k) && (m_toks[static_cast<std::size_t>(k)].cls & cls) != 0;
    }

    /// "I am the seer", "I'm the real Seer", "as the seer, I…", "I claim seer".
    bool isClaimAt(std::size_t seerIndex) const
    {
        const auto k = static_cast<std::ptrdiff_t>(seerIndex);
        std::ptrdiff_t m = k - 1;
        while (is(m, SeerFiller))
            --m;
        if (!wordAt(m))
            return false;
        const std::string_view v = w(m);
        auto conditional = [&](std::ptrdiff_t at) {
            return is(at, Conditional);
        };
        if (v == "i'm" || v == "im")
            return !conditional(m - 1);
        if (v == "am")
            return wordAt(m - 1) && w(m - 1) == "i" && !conditional(m - 2);
        if (v == "as")
            return !is(k + 1, ReportVerb);
        if (v == "claim" || v == "claiming")
            return wordAt(m - 1) && (w(m - 1) == "i" || w(m - 1) == "i'm" || w(m - 1) == "im");
        return false; // includes "I am not the seer": "not" is no filler
    }

    /// +1 accuse, -1 vouch, 0 nothing, from the words after the mention.
    int forward(std::size_t i, bool &wolfCall) const
    {
        int words = 0;
        bool neg = false;
        int accuse = 0; // 0 none, 1 plain, 2 negated
        int vouch = 0;
        bool wolfWord = false;
        for (std::size_t j = i + 1; j < m_toks.size(); ++j) {
            const Tok &t = m_toks[j];
            if (t.kind == TokKind::Colon)
                continue; // "inspected Hugo: werewolf"
            if (t.kind != TokKind::Word || (t.cls & ForwardStop) || ++words > 5)
                break;
            if (t.cls & Negator) {
                neg = true;
            } else if (accuse == 0 && (t.cls & AccusePred)) {
                // "Ada is suspicious of Hugo": the suspicion is Ada's, not about her.
                if (t.w == "suspicious" && j + 1 < m_toks.size()
                    && m_toks[j + 1].kind == TokKind::Word && m_toks[j + 1].w == "of")
                    break;
                accuse = neg ? 2 : 1;
                wolfWord = (t.cls & WolfWord) != 0;
            } else if (vouch == 0 && (t.cls & VouchPred)) {
                vouch = neg ? 2 : 1;
            }
        }
        if (accuse != 0) {
            wolfCall = accuse == 1 && wolfWord;
            return accuse == 1 ? 1 : -1;
        }
        if (vouch != 0)
            return vouch == 1 ? -1 : 1;
        return 0;
    }

    /// +1 accuse, -1 vouch, 0 nothing, from a verb before the mention.
    int backward(std::size_t i, int speaker) const
    {
        int counted = 0;
        for (auto k = static_cast<std::ptrdiff_t>(i) - 1; k >= 0; --k) {
            const Tok &t = m_toks[static_cast<std::size_t>(k)];
            if (t.kind == TokKind::Break || t.kind == TokKind::Colon)
                return 0;
            if (t.kind == TokKind::Player || t.kind == TokKind::Soft || (t.cls & Conjunction))
                continue; // lists: "I suspect Hugo, Cora and Ada"
            if (t.w == "with")
                return 0; // "vote with Hugo"
            if (++counted > 5)
                return 0;
            const bool accuse = (t.cls & AccuseVerb) != 0;
            if (!accuse && !(t.cls & VouchVerb))
                continue;
            // "Ada voted for Hugo", "they suspect Hugo": someone else's act.
            for (std::ptrdiff_t b = k - 1; b >= 0 && b >= k - 2; --b) {
                const Tok &s = m_toks[static_cast<std::size_t>(b)];
                if (s.kind == TokKind::Player && s.player != speaker)
                    return 0;
                if (s.kind != TokKind::Word)
                    break;
                if (s.cls & Subject)
                    return 0;
            }
            bool negated = false;
            for (std::ptrdiff_t b = k - 1; b >= 0 && b >= k - 3; --b) {
                const Tok &s = m_toks[static_cast<std::size_t>(b)];
                if (s.kind != TokKind::Word)
                    break;
                if (s.cls & Negator) {
                    negated = true;
                    break;
                }
            }
            if (accuse)
                return negated ? 0 : 1; // "I don't suspect Hugo" says nothing
            return negated ? 1 : -1;    // "I don't trust Hugo" accuses
        }
        return 0;
    }

    const Lexicon &m_lex = Lexicon::get();
    std::vector<Alias> m_aliases;
    std::vector<int> m_seats;
    std::string m_buf;
    std::vector<Span> m_spans;
    std::vector<Tok> m_toks;
};

// ---------------------------------------------------------------- templates

enum class T : std::uint8_t {
    Accusation,
    AccusationRepeated,
    AccusationMany,
    SeerClaim,
    Counterclaim,
    VouchVote,
    ClaimRevealed,
    SeerRevealed,
    VouchedWolf,
    SeerResult,
    VoteFlip,
    VoteFlipToAbstain,
    VoteFlipFromAbstain,
    DoctorSave,
    DoctorSaveRevealed,
    WolfOnWolfVote,
    WolfOnWolfAccuse,
    FakeClaim,
    HunterWolf,
    HunterOther,
    HunterHidden,
    WitchSave,
    WitchPoison,
    PkTie,
    PkOut,
    PkOutHidden,
    NightDeaths,
    Draw,
    Count
};

constexpr std::array<KeyMomentTemplate, static_cast<std::size_t>(T::Count)> kTemplates{{
    {"moment.accusation", "{accuser} accuses {target}.", "{accuser}指控{target}。"},
    {"moment.accusation.repeated",
     "{accuser} keeps pointing at {target} ({count} times).",
     "{accuser}一再指向{target}（{count}次）。"},
    {"moment.accusation.many",
     "{target} is under fire: {count} accusations from {accuserCount} players ({accusers}).",
     "{target}成了众矢之的：{accuserCount}名玩家（{accusers}）共指控{count}次。"},
    {"moment.seerclaim", "{name} claims to be the seer.", "{name}自称预言家。"},
    {"moment.counterclaim",
     "{name} counterclaims seer: {rival} claimed it first.",
     "{name}对跳预言家：{rival}先跳了。"},
    {"moment.contradiction.vouchvote",
     "{name} vouched for {target}, then voted for them the same day.",
     "{name}为{target}担保，同一天却投了{target}。"},
    {"moment.contradiction.claim",
     "{name} claimed to be the seer, but was revealed as {role|a}.",
     "{name}自称预言家，身份却是{role}。"},
    {"moment.contradiction.seerrevealed",
     "{name} claimed to be the seer, but {seer} was revealed as the real seer.",
     "{name}自称预言家，但{seer}才是真正的预言家。"},
    {"moment.contradiction.vouchedwolf",
     "{name} vouched for {target}, who was revealed as a werewolf.",
     "{name}为{target}担保，而{target}是狼人。"},
    {"moment.contradiction.seerresult",
     "{name} named {target} a werewolf as the seer, but {target} was {role|a}.",
     "{name}以预言家身份说{target}是狼人，但{target}是{role}。"},
    {"moment.voteflip",
     "{name} changed their vote from {from} to {to}.",
     "{name}把票从{from}改投给{to}。"},
    {"moment.voteflip.toabstain",
     "{name} withdrew their vote for {from}.",
     "{name}收回了投给{from}的票。"},
    {"moment.voteflip.fromabstain",
     "{name} stopped abstaining and voted for {to}.",
     "{name}不再弃票，投给了{to}。"},
    {"moment.doctorsave",
     "The doctor saved the wolves' victim on night {night}: nobody died.",
     "第{night}夜医生救下了狼人的目标：无人死亡。"},
    {"moment.doctorsave.revealed",
     "{doctor}, the doctor, saved {saved} from the wolves on night {night}.",
     "第{night}夜，医生{doctor}从狼口救下了{saved}。"},
    {"moment.wolfonwolf.vote",
     "{name}, a werewolf, voted for fellow wolf {target}.",
     "狼人{name}投票给狼队友{target}。"},
    {"moment.wolfonwolf.accuse",
     "{name}, a werewolf, accused fellow wolf {target}.",
     "狼人{name}指控狼队友{target}。"},
    {"moment.fakeclaim",
     "{name} claims to be the seer but is {role|a}.",
     "{name}自称预言家，实际是{role}。"},
    {"moment.hunter.wolf",
     "{hunter}, the hunter, shot {target}: a werewolf!",
     "猎人{hunter}开枪带走了{target}：是狼人！"},
    {"moment.hunter.other",
     "{hunter}, the hunter, shot {target}, who was {role|a}.",
     "猎人{hunter}开枪带走了{target}，其身份是{role}。"},
    {"moment.hunter.hidden",
     "{hunter}, the hunter, shot {target}.",
     "猎人{hunter}开枪带走了{target}。"},
    {"moment.witch.save",
     "{witch}, the witch, saved {saved} from the wolves on night {night}.",
     "第{night}夜，女巫{witch}用解药救下了{saved}。"},
    {"moment.witch.poison",
     "{witch}, the witch, poisoned {target} on night {night}.",
     "第{night}夜，女巫{witch}毒死了{target}。"},
    {"moment.pk.tie",
     "The PK between {names} tied again: nobody left on day {day}.",
     "{names}的PK再次平票：第{day}天无人出局。"},
    {"moment.pk.out",
     "{name} lost the PK against {rivals} and was {role|a}.",
     "{name}在与{rivals}的PK中出局，身份是{role}。"},
    {"moment.pk.out.hidden",
     "{name} lost the PK against {rivals}.",
     "{name}在与{rivals}的PK中出局。"},
    {"moment.night.deaths",
     "{count} players died on night {night}: {names}.",
     "第{night}夜有{count}名玩家死亡：{names}。"},
    {"moment.draw",
     "The match reached its day limit on day {day}: a draw.",
     "比赛在第{day}天达到天数上限：平局。"},
}};

// ---------------------------------------------------------------- the pass

struct Claim
{
    int player;
    const Event *event;
    bool contradicted = false;
};

struct Vouch
{
    int day;
    int speaker;
    int target;
    const Event *event;
    bool votedAgainst = false; ///< vouch-then-vote already reported
    bool wolfReported = false; ///< vouched-for-a-wolf already reported
};

struct Called
{
    int claimant;
    int target;
    const Event *event;
    bool reported = false;
};

struct AccusationTally
{
    int count = 0;
    std::vector<int> accusers; ///< distinct, in order of first accusation
    std::vector<std::string> eventIds;
    std::uint64_t lastSeq = 0;
};

class Pass
{
public:
    Pass(const Match &m, bool omniscient)
        : m_m(m)
        , m_s(m.state())
        , m_omni(omniscient)
        , m_reader(m.state().players)
        , m_revealed(m.state().players.size())
    {}

    std::vector<KeyMoment> run()
    {
        for (const Event &e : m_m.log()) {
            if (e.audience != Audience::Public) {
                // Hidden events feed the omniscient view only, and only this one.
                if (m_omni && e.type == EventType::NightResolved)
                    m_lastResolved = &e;
                if (m_omni && e.type == EventType::WitchActed)
                    onWitchActed(e);
                continue;
            }
            switch (e.type) {
            case EventType::PhaseChanged:
                if (const auto p = payloadAs<payload::PhaseChanged>(e))
                    m_day = p->dayNumber;
                break;
            case EventType::PublicMessage:
                onMessage(e);
                break;
            case EventType::VoteCast:
                onVote(e);
                break;
            case EventType::NightResult:
                onNightResult(e);
                break;
            case EventType::PlayerEliminated: {
                const auto p = payloadAs<payload::PlayerEliminated>(e);
                const int x = p ? index(p->playerId) : -1;
                if (x >= 0 && p->roleRevealed)
                    reveal(x, *p->roleRevealed, e);
                if (x >= 0)
                    onEliminated(e, x, p->roleRevealed);
                break;
            }
            case EventType::VoteResult:
                onVoteResult(e);
                break;
            case EventType::GameEnded:
                if (const auto g = payloadAs<payload::GameEnded>(e); g && !g->winningTeam)
                    emit(KeyMoment::Kind::Draw,
                         T::Draw,
                         json{{"day", m_day}},
                         e.seq,
                         {e.eventId},
                         {},
                         5);
                break;
            case EventType::RolesRevealed: {
                const auto it = e.payload.find("roles");
                if (it == e.payload.end() || !it->is_object())
                    break;
                for (std::size_t x = 0; x < m_s.players.size(); ++x) {
                    const auto r = it->find(m_s.players[x].playerId);
                    if (r != it->end() && r->is_string())
                        if (const auto role = parseRole(r->get_ref<const std::string &>()))
                            reveal(static_cast<int>(x), *role, e);
                }
                break;
            }
            default:
                break;
            }
        }
        flushAccusations();
        std::stable_sort(m_out.begin(), m_out.end(), [](const KeyMoment &a, const KeyMoment &b) {
            return a.atSeq < b.atSeq;
        });
        return std::move(m_out);
    }

private:
    int index(std::string_view id) const
    {
        // Fast path: "p:<seat>" sits at seat - 1.
        if (id.size() > 2 && id[0] == 'p' && id[1] == ':') {
            std::size_t seat = 0;
            for (char c : id.substr(2))
                seat
                    = (c >= '0' && c <= '9' && seat < 10000) ? seat * 10 + std::size_t(c - '0') : 0;
            if (seat >= 1 && seat <= m_s.players.size() && m_s.players[seat - 1].playerId == id)
                return static_cast<int>(seat - 1);
        }
        for (std::size_t i = 0; i < m_s.players.size(); ++i)
            if (m_s.players[i].playerId == id)
                return static_cast<int>(i);
        return -1;
    }
    int indexJ(const json &id) const
    {
        return id.is_string() ? index(std::string_view(id.get_ref<const std::string &>())) : -1;
    }
    /// The player named by `payload[key]`, or -1.
    int indexAt(const json &payload, const char *key) const
    {
        const auto it = payload.find(key);
        return it != payload.end() ? indexJ(*it) : -1;
    }

    const Player &pl(int i) const { return m_s.players[static_cast<std::size_t>(i)]; }
    Role role(int i) const { return pl(i).role; } // omniscient extras only

    void addPlayer(json &a, const std::string &key, int i) const
    {
        a[key] = pl(i).displayName;
        a[key + "Id"] = pl(i).playerId;
    }

    void emit(KeyMoment::Kind kind,
              T t,
              json args,
              std::uint64_t seq,
              std::vector<std::string> eventIds,
              std::vector<std::string> playerIds,
              int weight,
              bool omniscient = false,
              std::optional<int> day = std::nullopt)
    {
        const KeyMomentTemplate &tpl = kTemplates[static_cast<std::size_t>(t)];
        KeyMoment k;
        k.kind = kind;
        k.templateId = tpl.id;
        k.text = m_zh ? renderTemplateZh(tpl.chinese, args) : renderTemplate(tpl.english, args);
        k.args = std::move(args);
        k.day = day.value_or(m_day);
        k.atSeq = seq;
        k.eventIds = std::move(eventIds);
        k.playerIds = std::move(playerIds);
        k.weight = weight;
        k.omniscient = omniscient;
        m_out.push_back(std::move(k));
    }

    void onMessage(const Event &e)
    {
        const int speaker = indexAt(e.payload, "playerId");
        const auto text = e.payload.find("text");
        if (speaker < 0 || text == e.payload.end() || !text->is_string())
            return;
        m_reader.read(text->get_ref<const std::string &>(), speaker, m_reading);

        if (m_reading.seerClaim)
            onClaim(speaker, e);
        const bool claimant = isClaimant(speaker);
        for (int target : m_reading.accused) {
            AccusationTally &t = m_acc[{m_day, target}];
            ++t.count;
            addUnique(t.accusers, speaker);
            t.eventIds.push_back(e.eventId);
            t.lastSeq = e.seq;
            if (m_omni && role(speaker) == Role::Werewolf && role(target) == Role::Werewolf
                && !m_bussed.count({m_day, speaker, target, 1})) {
                m_bussed.insert({m_day, speaker, target, 1});
                json a = json::object();
                addPlayer(a, "name", speaker);
                addPlayer(a, "target", target);
                emit(KeyMoment::Kind::WolfOnWolf,
                     T::WolfOnWolfAccuse,
                     std::move(a),
                     e.seq,
                     {e.eventId},
                     {pl(speaker).playerId, pl(target).playerId},
                     2,
                     true);
            }
        }
        if (claimant) {
            for (int target : m_reading.calledWolf) {
                m_called.push_back({speaker, target, &e});
                if (m_revealed[static_cast<std::size_t>(target)])
                    checkCalled(m_called.back(), *m_revealed[static_cast<std::size_t>(target)], e);
            }
        }
        for (int target : m_reading.vouched)
            m_vouches.push_back({m_day, speaker, target, &e});
    }

    bool isClaimant(int p) const
    {
        return std::any_of(
            m_claims.begin(), m_claims.end(), [p](const Claim &c) { return c.player == p; });
    }

    void onClaim(int speaker, const Event &e)
    {
        if (isClaimant(speaker))
            return; // one claim moment per player; repeats add nothing new
        // The rival: the first earlier claimant not already shown to be lying.
        const Claim *rival = nullptr;
        for (const Claim &c : m_claims)
            if (!c.contradicted) {
                rival = &c;
                break;
            }
        json a = json::object();
        addPlayer(a, "name", speaker);
        if (rival) {
            addPlayer(a, "rival", rival->player);
            emit(KeyMoment::Kind::Counterclaim,
                 T::Counterclaim,
                 std::move(a),
                 e.seq,
                 {rival->event->eventId, e.eventId},
                 {pl(speaker).playerId, pl(rival->player).playerId},
                 4);
        } else {
            emit(KeyMoment::Kind::SeerClaim,
                 T::SeerClaim,
                 std::move(a),
                 e.seq,
                 {e.eventId},
                 {pl(speaker).playerId},
                 3);
        }
        m_claims.push_back({speaker, &e});
        if (m_omni && role(speaker) != Role::Seer) {
            json f{{"role", toString(role(speaker))}};
            addPlayer(f, "name", speaker);
            emit(KeyMoment::Kind::FakeClaim,
                 T::FakeClaim,
                 std::move(f),
                 e.seq,
                 {e.eventId},
                 {pl(speaker).playerId},
                 3,
                 true);
        }
        // Claiming a seat the public already knows belonged to someone else.
        for (std::size_t x = 0; x < m_revealed.size(); ++x)
            if (m_revealed[x] == Role::Seer && static_cast<int>(x) != speaker)
                contradictClaim(m_claims.back(), static_cast<int>(x), Role::Seer, e);
    }

    void onVote(const Event &e)
    {
        const json &p = e.payload;
        const int voter = indexAt(p, "voterPlayerId");
        if (voter < 0)
            return;
        const int target = indexAt(p, "targetPlayerId");
        const auto prevIt = p.find("previousTargetPlayerId");
        if (prevIt != p.end()) {
            const int prev = indexJ(*prevIt);
            if (prev != target) {
                json a = json::object();
                addPlayer(a, "name", voter);
                std::vector<std::string> ids{pl(voter).playerId};
                if (prev >= 0) {
                    addPlayer(a, "from", prev);
                    ids.push_back(pl(prev).playerId);
                }
                if (target >= 0) {
                    addPlayer(a, "to", target);
                    ids.push_back(pl(target).playerId);
                }
                const T t = target < 0 ? T::VoteFlipToAbstain
                            : prev < 0 ? T::VoteFlipFromAbstain
                                       : T::VoteFlip;
                emit(KeyMoment::Kind::VoteFlip,
                     t,
                     std::move(a),
                     e.seq,
                     {e.eventId},
                     std::move(ids),
                     1);
            }
        }
        if (target < 0)
            return;
        for (Vouch &v : m_vouches) {
            if (v.day != m_day || v.speaker != voter || v.target != target || v.votedAgainst)
                continue;
            // Report once, pointing at the first vouch of the day.
            for (Vouch &w : m_vouches)
                if (w.day == m_day && w.speaker == voter && w.target == target)
                    w.votedAgainst = true;
            json a = json::object();
            addPlayer(a, "name", voter);
            addPlayer(a, "target", target);
            emit(KeyMoment::Kind::Contradiction,
                 T::VouchVote,
                 std::move(a),
                 e.seq,
                 {v.event->eventId, e.eventId},
                 {pl(voter).playerId, pl(target).playerId},
                 3);
            break;
        }
        if (m_omni && role(voter) == Role::Werewolf && role(target) == Role::Werewolf
            && !m_bussed.count({m_day, voter, target, 0})) {
            m_bussed.insert({m_day, voter, target, 0});
            json a = json::object();
            addPlayer(a, "name", voter);
            addPlayer(a, "target", target);
            emit(KeyMoment::Kind::WolfOnWolf,
                 T::WolfOnWolfVote,
                 std::move(a),
                 e.seq,
                 {e.eventId},
                 {pl(voter).playerId, pl(target).playerId},
                 3,
                 true);
        }
    }

    /// Omniscient only: WITCH_ACTED is the witch's own event, and which
    /// death was hers stays secret from the table for the whole match.
    void onWitchActed(const Event &e)
    {
        const auto p = payloadAs<payload::WitchActed>(e);
        const int witch = index(e.audiencePlayerId);
        const int target = p && p->targetPlayerId ? index(*p->targetPlayerId) : -1;
        if (witch < 0 || target < 0 || (p->action != "SAVE" && p->action != "POISON"))
            return;
        const bool save = p->action == "SAVE";
        json a{{"night", p->night}};
        addPlayer(a, "witch", witch);
        addPlayer(a, save ? "saved" : "target", target);
        emit(KeyMoment::Kind::WitchPotion,
             save ? T::WitchSave : T::WitchPoison,
             std::move(a),
             e.seq,
             {e.eventId},
             {pl(witch).playerId, pl(target).playerId},
             4,
             true);
    }

    /// The hunter's victim and the PK's loser, told once the elimination
    /// (and with it, when the rules reveal it, the role) is public.
    void onEliminated(const Event &e, int x, std::optional<Role> revealed)
    {
        const auto causeIt = e.payload.find("cause");
        const std::string_view cause
            = causeIt != e.payload.end() && causeIt->is_string()
                  ? std::string_view(causeIt->get_ref<const std::string &>())
                  : std::string_view();
        json a = json::object();
        if (revealed)
            a["role"] = toString(*revealed);
        if (cause == "HUNTER_SHOT") {
            const int hunter = indexAt(e.payload, "byPlayerId");
            if (hunter < 0)
                return;
            addPlayer(a, "hunter", hunter);
            addPlayer(a, "target", x);
            const T t = !revealed                     ? T::HunterHidden
                        : *revealed == Role::Werewolf ? T::HunterWolf
                                                      : T::HunterOther;
            emit(KeyMoment::Kind::HunterShot,
                 t,
                 std::move(a),
                 e.seq,
                 {e.eventId},
                 {pl(hunter).playerId, pl(x).playerId},
                 4);
        } else if (cause == "VOTE" && m_pkLoser == x) {
            addPlayer(a, "name", x);
            json rivals = json::array();
            json rivalIds = json::array();
            std::vector<std::string> ids{pl(x).playerId};
            for (int r : m_pk) {
                if (r == x)
                    continue;
                rivals.push_back(pl(r).displayName);
                rivalIds.push_back(pl(r).playerId);
                ids.push_back(pl(r).playerId);
            }
            a["rivals"] = std::move(rivals);
            a["rivalIds"] = std::move(rivalIds);
            emit(KeyMoment::Kind::Pk,
                 revealed ? T::PkOut : T::PkOutHidden,
                 std::move(a),
                 e.seq,
                 {e.eventId},
                 std::move(ids),
                 4);
            m_pkLoser = -1;
        }
    }

    void onVoteResult(const Event &e)
    {
        const auto p = payloadAs<payload::VoteResult>(e);
        if (!p)
            return;
        if (!p->pk.empty()) {
            m_pk.clear();
            for (std::string_view id : p->pk)
                if (const int x = index(id); x >= 0)
                    m_pk.push_back(x);
            return;
        }
        if (p->pkRound != 1)
            return;
        if (p->eliminatedPlayerId) {
            m_pkLoser = index(*p->eliminatedPlayerId);
        } else if (p->tie) {
            json names = json::array();
            json ids = json::array();
            std::vector<std::string> players;
            for (int x : m_pk) {
                names.push_back(pl(x).displayName);
                ids.push_back(pl(x).playerId);
                players.push_back(pl(x).playerId);
            }
            json a{{"day", m_day}, {"names", std::move(names)}, {"namesIds", std::move(ids)}};
            emit(KeyMoment::Kind::Pk,
                 T::PkTie,
                 std::move(a),
                 e.seq,
                 {e.eventId},
                 std::move(players),
                 4);
        }
    }

    void onNightResult(const Event &e)
    {
        const auto p = payloadAs<payload::NightResult>(e);
        if (p && p->deaths && p->deaths->size() > 1) {
            json names = json::array();
            json ids = json::array();
            std::vector<std::string> players;
            for (std::string_view id : *p->deaths) {
                if (const int x = index(id); x >= 0) {
                    names.push_back(pl(x).displayName);
                    ids.push_back(pl(x).playerId);
                    players.push_back(pl(x).playerId);
                }
            }
            json a{{"night", p->night.value_or(m_day + 1)},
                   {"count", static_cast<int>(players.size())},
                   {"names", std::move(names)},
                   {"namesIds", std::move(ids)}};
            emit(KeyMoment::Kind::DeadlyNight,
                 T::NightDeaths,
                 std::move(a),
                 e.seq,
                 {e.eventId},
                 std::move(players),
                 3,
                 false,
                 p->night.value_or(m_day + 1));
        }
        if (!p || !p->savedByDoctor)
            return;
        const int night = p->night.value_or(m_day + 1);
        const Event *resolved = m_lastResolved;
        const auto r = resolved ? payloadAs<payload::NightResolved>(*resolved) : std::nullopt;
        if (m_omni && r && r->night == night) {
            const int saved = indexAt(resolved->payload, "victimPlayerId");
            int doctor = -1;
            for (std::size_t i = 0; i < m_s.players.size(); ++i)
                if (m_s.players[i].role == Role::Doctor)
                    doctor = static_cast<int>(i);
            if (saved >= 0 && doctor >= 0) {
                json a{{"night", night}};
                addPlayer(a, "doctor", doctor);
                addPlayer(a, "saved", saved);
                emit(KeyMoment::Kind::DoctorSave,
                     T::DoctorSaveRevealed,
                     std::move(a),
                     e.seq,
                     {resolved->eventId, e.eventId},
                     {pl(doctor).playerId, pl(saved).playerId},
                     3,
                     true,
                     night);
                return;
            }
        }
        emit(KeyMoment::Kind::DoctorSave,
             T::DoctorSave,
             json{{"night", night}},
             e.seq,
             {e.eventId},
             {},
             3,
             false,
             night);
    }

    void contradictClaim(Claim &c, int seer, Role revealedRole, const Event &e)
    {
        if (c.contradicted)
            return;
        c.contradicted = true;
        json a = json::object();
        addPlayer(a, "name", c.player);
        if (seer == c.player) {
            a["role"] = toString(revealedRole);
            emit(KeyMoment::Kind::Contradiction,
                 T::ClaimRevealed,
                 std::move(a),
                 e.seq,
                 {c.event->eventId, e.eventId},
                 {pl(c.player).playerId},
                 4);
        } else {
            addPlayer(a, "seer", seer);
            emit(KeyMoment::Kind::Contradiction,
                 T::SeerRevealed,
                 std::move(a),
                 e.seq,
                 {c.event->eventId, e.eventId},
                 {pl(c.player).playerId, pl(seer).playerId},
                 4);
        }
    }

    void checkCalled(Called &c, Role targetRole, const Event &e)
    {
        if (c.reported || targetRole == Role::Werewolf)
            return;
        c.reported = true;
        json a{{"role", toString(targetRole)}};
        addPlayer(a, "name", c.claimant);
        addPlayer(a, "target", c.target);
        emit(KeyMoment::Kind::Contradiction,
             T::SeerResult,
             std::move(a),
             e.seq,
             {c.event->eventId, e.eventId},
             {pl(c.claimant).playerId, pl(c.target).playerId},
             4);
    }

    /// A role became public (death, or the end-of-match reveal).
    void reveal(int x, Role r, const Event &e)
    {
        auto &slot = m_revealed[static_cast<std::size_t>(x)];
        if (slot)
            return;
        slot = r;
        for (Claim &c : m_claims) {
            if (c.player == x && r != Role::Seer)
                contradictClaim(c, x, r, e);
            else if (c.player != x && r == Role::Seer)
                contradictClaim(c, x, r, e);
        }
        if (r == Role::Werewolf) {
            for (Vouch &v : m_vouches) {
                if (v.target != x || v.wolfReported)
                    continue;
                for (Vouch &w : m_vouches)
                    if (w.speaker == v.speaker && w.target == x)
                        w.wolfReported = true;
                json a = json::object();
                addPlayer(a, "name", v.speaker);
                addPlayer(a, "target", x);
                emit(KeyMoment::Kind::Contradiction,
                     T::VouchedWolf,
                     std::move(a),
                     e.seq,
                     {v.event->eventId, e.eventId},
                     {pl(v.speaker).playerId, pl(x).playerId},
                     3);
            }
        }
        for (Called &c : m_called)
            if (c.target == x)
                checkCalled(c, r, e);
    }

    void flushAccusations()
    {
        for (auto &[key, t] : m_acc) {
            const auto [day, target] = key;
            json a{{"count", t.count}, {"accuserCount", static_cast<int>(t.accusers.size())}};
            addPlayer(a, "target", target);
            json names = json::array();
            json ids = json::array();
            std::vector<std::string> players{pl(target).playerId};
            for (int x : t.accusers) {
                names.push_back(pl(x).displayName);
                ids.push_back(pl(x).playerId);
                players.push_back(pl(x).playerId);
            }
            a["accusers"] = std::move(names);
            a["accuserIds"] = std::move(ids);
            T tpl = T::AccusationMany;
            if (t.accusers.size() == 1) {
                addPlayer(a, "accuser", t.accusers.front());
                tpl = t.count == 1 ? T::Accusation : T::AccusationRepeated;
            }
            const int weight = t.count + static_cast<int>(t.accusers.size());
            emit(KeyMoment::Kind::Accusation,
                 tpl,
                 std::move(a),
                 t.lastSeq,
                 std::move(t.eventIds),
                 std::move(players),
                 weight,
                 false,
                 day);
        }
    }

    const Match &m_m;
    const MatchState &m_s;
    bool m_omni;
    Reader m_reader;
    Reading m_reading;
    int m_day = 0;
    std::vector<std::optional<Role>> m_revealed; ///< public knowledge only
    std::vector<Claim> m_claims;
    std::vector<Vouch> m_vouches;
    std::vector<Called> m_called;
    std::map<std::pair<int, int>, AccusationTally> m_acc; ///< (day, target), ordered
    std::set<std::tuple<int, int, int, int>> m_bussed;    ///< (day, wolf, wolf, accuse?)
    const Event *m_lastResolved = nullptr;
    std::vector<int> m_pk; ///< today's PK players, seat order
    int m_pkLoser = -1;    ///< the PK revote's loser, until PLAYER_ELIMINATED tells it
    bool m_zh = isChinese(m_s);
    std::vector<KeyMoment> m_out;
};

} // namespace

std::vector<KeyMoment> keyMoments(const Match &m, const Viewer &viewer)
{
    return Pass(m, viewer.kind == Viewer::Kind::Omniscient).run();
}

const std::vector<KeyMomentTemplate> &keyMomentTemplates()
{
    static const std::vector<KeyMomentTemplate> all(kTemplates.begin(), kTemplates.end());
    return all;
}

SpeechReading
readSpeech(std::string_view text, std::string_view speakerId, const std::vector<Player> &players)
{
    Reader reader(players);
    Reading r;
    int speaker = -1;
    for (std::size_t i = 0; i < players.size(); ++i)
        if (players[i].playerId == speakerId)
            speaker = static_cast<int>(i);
    reader.read(text, speaker, r);
    SpeechReading out;
    out.seerClaim = r.seerClaim;
    for (int x : r.accused)
        out.accused.push_back(players[static_cast<std::size_t>(x)].playerId);
    for (int x : r.vouched)
        out.vouched.push_back(players[static_cast<std::size_t>(x)].playerId);
    for (int x : r.calledWolf)
        out.calledWolf.push_back(players[static_cast<std::size_t>(x)].playerId);
    return out;
}

bool claimsSeer(std::string_view text)
{
    if (!containsSeer(text))
        return false;
    // The narrator asks this for every public message that mentions a seer: a
    // per-thread reader keeps its buffers, so steady state allocates nothing.
    static const std::vector<Player> none;
    thread_local Reader reader(none);
    thread_local Reading r;
    reader.read(text, -1, r);
    return r.seerClaim;
}

} // namespace townhall::engine
