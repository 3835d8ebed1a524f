// SPDX-License-Identifier: MIT
#pragma once

/// \file rng.h
/// The game RNG. Seeded per match and per decision point, so that a decision
/// never depends on how many random numbers were drawn before it: the reducer
/// (evolve) draws none, and `decide` derives a fresh stream from
/// (match seed, next event sequence number, salt).

#include <cstdint>
#include <vector>

namespace townhall::engine {

/// SplitMix64: tiny, fast, well distributed; good enough for game choices.
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
        : m_state(seed)
    {}
    static Rng forDecision(std::uint64_t matchSeed, std::uint64_t seq, std::uint64_t salt)
    {
        Rng mix(matchSeed ^ (seq * 0x9E3779B97F4A7C15ULL) ^ (salt * 0xC2B2AE3D27D4EB4FULL));
        return Rng(mix.next());
    }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n); n > 0. Lemire's multiply-shift, bias negligible for small n.
    std::uint32_t below(std::uint32_t n)
    {
        return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
    }
    bool chance(std::uint32_t percent) { return below(100) < percent; }
    template<typename T>
    void shuffle(std::vector<T> &v)
    {
        for (std::size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[below(static_cast<std::uint32_t>(i))]);
    }

private:
    std::uint64_t m_state;
};

/// FNV-1a 64, for state hashes and deterministic template choice.
inline std::uint64_t fnv1a(const void *data, std::size_t n, std::uint64_t h = 0xcbf29ce484222325ULL)
{
    const auto *p = static_cast<const unsigned char *>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

} // namespace townhall::engine
