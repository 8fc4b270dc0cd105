// One caller's playback state for object and keyed animations (the idea of
// ozz-animation's SamplingJob::Context): the animations and their prepared
// copies stay immutable and shareable, while what a caller remembers between
// samples (the last segment found in each key array) lives here. Every entry
// point that samples takes an optional context; with or without one, and
// whatever it holds (fresh, stale, used with another animation), results are
// bit for bit those of spec 5.3's binary search. A context only shortens the
// search when consecutive samples are close in time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace retroanim::ck {

class PlaybackContext {
 public:
  // What a context remembers of one track sampled from its keys as saved
  // (not prepared): the key array it last saw, whether that array's times
  // are ordered (re-checked when the array changes: only for ordered times is
  // the segment unique, so that a remembered segment gives the binary
  // search's segment bit for bit) and its last segment (0 = none).
  struct SavedKeys {
    const void* keys = nullptr;
    size_t count = 0;
    uint32_t segment = 0;
    bool ordered = false;
  };

  // Nothing remembered yet.
  PlaybackContext() = default;
  // A copy, saved-key tracks included.
  PlaybackContext(const PlaybackContext& o)
      : segment(o.segment), saved(o.saved ? std::make_unique<std::array<SavedKeys, 4>>(*o.saved) : nullptr) {}
  // Copies o, saved-key tracks included.
  PlaybackContext& operator=(const PlaybackContext& o) {
    if (this != &o) *this = PlaybackContext(o);
    return *this;
  }
  // Moves o's state here.
  PlaybackContext(PlaybackContext&&) noexcept = default;
  // Moves o's state here.
  PlaybackContext& operator=(PlaybackContext&&) noexcept = default;

  // Forgets everything remembered.
  void reset() { *this = PlaybackContext(); }

  // The state below is read and written by the samplers (src/ck); any value
  // gives the same results, a stale one only costs a search.

  // Prepared animations: the last segment of each key group (0 = none). Kept
  // small (the batch sampler holds one context per track: a thousand tracks'
  // contexts fit in a few cache pages).
  std::array<uint32_t, 4> segment{};
  // Keys as saved (sample_animation, and prepared animations with TCB or
  // Bezier tracks): position, rotation, scale and scale-axis tracks, made on
  // first use.
  std::unique_ptr<std::array<SavedKeys, 4>> saved;
};

}  // namespace retroanim::ck
