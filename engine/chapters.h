// SPDX-License-Identifier: MIT
#pragma once

/// \file chapters.h
/// Chapter markers for a recorded match (a stream, a video): one marker per
/// phase ("Night 1", "Day 1 — discussion", "Day 1 — Pavel voted out") and
/// per public key moment, timed from the match's start. A pure function of
/// the match's public events: the markers of a full match and of its public
/// replica (Match::fromPublicLog) are the same, so no title can carry a role,
/// a wolf's word or a night choice that the audience has not seen.
///
/// `youtubeChapters()` turns the markers into the list YouTube accepts in a
/// video description: the first at 0:00, ascending, at least ten seconds
/// apart (markers that come closer merge into the more important one).

#include "match.h"

#include <cstdint>
#include <string>
#include <vector>

namespace townhall::engine {

struct Chapter
{
    std::int64_t atMs
        = 0;           ///< from the match's start (chapterMarkers) or the video's (youtubeChapters)
    std::string title; ///< English, e.g. "Day 2 — Ada found dead"
    int importance = 0; ///< decides which of two close markers stays (higher wins)
};

/// Every marker of the match, in event order, from its public events only.
/// An empty log gives no markers.
std::vector<Chapter> chapterMarkers(const Match &m);

/// The markers as a video's chapters: shifted by `offsetSeconds` (the stream
/// started that long before the match; a negative value is taken as 0),
/// whole seconds, the first at 0, ascending, each at least `minGapSeconds`
/// after the one before. Of two markers closer than that, the earlier time
/// stays with the more important title; two results (an elimination, the
/// end) are joined into one title instead of losing either.
std::vector<Chapter> youtubeChapters(const std::vector<Chapter> &markers,
                                     std::int64_t offsetSeconds = 0,
                                     std::int64_t minGapSeconds = 10);

/// "M:SS" below an hour, "H:MM:SS" from an hour on.
std::string formatTimestamp(std::int64_t seconds);

/// The chapters of `m` as text, one "0:00 Title" line each, ready to paste
/// into a video description. Empty for an empty log.
std::string formatChapters(const Match &m, std::int64_t offsetSeconds = 0);

} // namespace townhall::engine
